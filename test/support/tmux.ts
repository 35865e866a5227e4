/**
 * A program under a real terminal: tmux runs it on its own server socket, the test types
 * with send-keys and reads the screen with capture-pane.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';

/** A tmux session running one command. */
export class TmuxSession {
  private readonly socket = `dc-test-${randomUUID().slice(0, 8)}`;
  private readonly name = 'main';

  /** Starts `command` (argv) in a 160×50 terminal, in `cwd`, with exactly `env`. */
  constructor(command: string[], env: Record<string, string | undefined>, cwd: string) {
    const envArgs = Object.entries(env)
      .filter((e): e is [string, string] => e[1] !== undefined)
      .map(([k, v]) => `${k}=${v}`);
    this.tmux([
      'new-session',
      '-d',
      '-s',
      this.name,
      '-x',
      '160',
      '-y',
      '50',
      '-c',
      cwd,
      'env',
      '-i',
      ...envArgs,
      ...command,
    ]);
    // Keep the pane after the program exits, so its last screen can still be read.
    this.tmux(['set-option', '-t', this.name, 'remain-on-exit', 'on']);
  }

  private tmux(args: string[]): string {
    const r = spawnSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`tmux ${args[0]} failed: ${r.stderr}`);
    return r.stdout;
  }

  /** Types `text`, then Enter. */
  type(text: string): void {
    this.tmux(['send-keys', '-t', this.name, '-l', text]);
    this.tmux(['send-keys', '-t', this.name, 'Enter']);
  }

  /** The screen and its scrollback, as text. */
  screen(): string {
    return this.tmux(['capture-pane', '-p', '-J', '-S', '-2000', '-t', this.name]);
  }

  /** Polls the screen until `test` holds; returns the screen. */
  async waitFor(test: (screen: string) => boolean, what: string, timeoutMs = 60_000, everyMs = 100): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.screen();
      if (test(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`no ${what} on the screen within ${timeoutMs} ms:\n${screen}`);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }

  /** Ends the tmux server and everything in it. */
  kill(): void {
    spawnSync('tmux', ['-L', this.socket, 'kill-server']);
  }
}
