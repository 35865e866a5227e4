/**
 * Tools for crash tests, loadable by the real worker (DURABLE_CONTEXT_TOOLS_MODULE) and
 * in-process. Their outputs depend only on their arguments (never on the attempt, time or
 * process), so a run that crashed and retried must log exactly what an uninterrupted one
 * does. `slow_step` tells the test when it started and waits for its go-ahead, which is what
 * lets a test kill a worker at a known point.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineTool, type AnyToolDefinition } from '../../src/activities/tools/registry';

/** Environment variable with the directory of markers, when loaded by a worker process. */
export const CRASH_TOOLS_DIR_ENV = 'CRASH_TOOLS_DIR';
/** Created in the markers directory, it lets every `slow_step` finish at once. */
export const RELEASE_ALL = 'release-all';

/** Deterministic text of `lines` lines, so tests can grow the context by a known amount. */
export function filler(label: string, lines: number): string {
  const out: string[] = [];
  for (let i = 1; i <= lines; i++) out.push(`${label} line ${i}: the quick brown fox jumps over the lazy dog ${i * 7}`);
  return out.join('\n');
}

/** The file a `slow_step` call appends one line to each time an attempt starts. */
export function startsFile(dir: string, label: string): string {
  return path.join(dir, `${label}.starts`);
}

/** Attempts of `slow_step` for `label` that started so far (in any process). */
export function startsOf(dir: string, label: string): number {
  const file = startsFile(dir, label);
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The tools, keeping markers in `dir` (default: $CRASH_TOOLS_DIR, read when a tool runs). */
export function crashTools(dir?: string): AnyToolDefinition[] {
  const markers = () => {
    const d = dir ?? process.env[CRASH_TOOLS_DIR_ENV];
    if (!d) throw new Error(`crash tools need a markers directory (${CRASH_TOOLS_DIR_ENV})`);
    return d;
  };
  const slowStep = defineTool<{ label: string; lines?: number }>({
    name: 'slow_step',
    description: 'A step that takes a while. Returns a report of `lines` lines.',
    parameters: {
      type: 'object',
      properties: { label: { type: 'string' }, lines: { type: 'integer', minimum: 1 } },
      required: ['label'],
      additionalProperties: false,
    },
    async execute(args, ctx) {
      const d = markers();
      appendFileSync(startsFile(d, args.label), `${process.pid}\n`);
      while (!existsSync(path.join(d, RELEASE_ALL)) && !existsSync(path.join(d, `${args.label}.release`))) {
        if (ctx.signal.aborted) throw new Error('aborted');
        await sleep(50, ctx.signal);
      }
      return `slow_step ${args.label}: done\n${filler(args.label, args.lines ?? 3)}`;
    },
  });
  const emit = defineTool<{ label: string; lines: number }>({
    name: 'emit',
    description: 'Prints `lines` lines of text.',
    parameters: {
      type: 'object',
      properties: { label: { type: 'string' }, lines: { type: 'integer', minimum: 1, maximum: 200 } },
      required: ['label', 'lines'],
      additionalProperties: false,
    },
    execute: async (args) => filler(args.label, args.lines),
    idempotent: true,
  });
  return [slowStep, emit] as unknown as AnyToolDefinition[];
}

export default crashTools();
