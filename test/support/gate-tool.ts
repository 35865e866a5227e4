/** A tool that blocks until the test opens its gate: lets a test act while a tool activity runs. */
import { defineTool } from '../../src/activities/tools/registry';

/** A one-shot gate: `started` resolves when the tool begins; the tool returns once `open()` is called. */
export class Gate {
  private markStarted!: () => void;
  private release!: () => void;
  readonly started = new Promise<void>((r) => (this.markStarted = r));
  private readonly opened = new Promise<void>((r) => (this.release = r));

  open(): void {
    this.release();
  }

  /** `wait_gate({label})`: signals start, waits for the gate, returns `gate <label> passed`. */
  tool() {
    return defineTool<{ label: string }>({
      name: 'wait_gate',
      description: 'Wait until released.',
      parameters: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] },
      execute: async (args, ctx) => {
        this.markStarted();
        const beat = setInterval(() => ctx.heartbeat(), 500);
        try {
          await this.opened;
        } finally {
          clearInterval(beat);
        }
        return `gate ${args.label} passed`;
      },
    });
  }
}
