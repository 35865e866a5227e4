/**
 * The chaos harness's tool (test/support/chaos-run.ts), loaded by worker processes through
 * DURABLE_CONTEXT_TOOLS_MODULE. `effect` has a side effect that honours its idempotency key
 * as a careful tool would: the effect is a file named by the key, created at most once, so a
 * retried call (same key) does nothing twice. Every execution is also appended to a journal,
 * so the harness can count executions against distinct keys, find logical calls whose effect
 * happened twice (two keys for one call) and keys shared by two different calls.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { defineTool, type AnyToolDefinition } from '../../src/activities/tools/registry';

/** Environment variable naming the directory of effects and the journal. */
export const CHAOS_EFFECTS_DIR_ENV = 'CHAOS_EFFECTS_DIR';
/** Name of the tool. */
export const EFFECT_TOOL = 'effect';
/** What a call asks the tool to do; the model may also send kinds outside this list (invalid arguments). */
export const EFFECT_KINDS = ['ok', 'huge', 'throw', 'retry'] as const;
export type EffectKind = (typeof EFFECT_KINDS)[number];
/** Failure type of the retryable failure the `retry` kind throws on its first attempt. */
export const CHAOS_RETRY_FAILURE = 'ChaosRetry';
/** Bytes of a `huge` output (far above what the model is shown). */
export const HUGE_OUTPUT_BYTES = 200_000;

/** One execution of the tool, as journalled. */
export interface EffectExecution {
  key: string;
  label: string;
  kind: string;
  attempt: number;
  pid: number;
  /** `applied`: this execution made the effect; `repeat`: same key and label, skipped; `collision`: the key was taken by another call. */
  outcome: 'applied' | 'repeat' | 'collision' | 'threw';
}

/** One effect on disk: the key that made it and the call it was made for. */
export interface EffectRecord {
  key: string;
  label: string;
}

function effectsDir(): string {
  const dir = process.env[CHAOS_EFFECTS_DIR_ENV];
  if (!dir) throw new Error(`the chaos tools need ${CHAOS_EFFECTS_DIR_ENV}`);
  return dir;
}

function journal(dir: string, entry: EffectExecution): void {
  // one short line per append: O_APPEND keeps lines of concurrent processes whole
  appendFileSync(path.join(dir, 'executions.jsonl'), `${JSON.stringify(entry)}\n`);
}

/** Makes the effect of `label` under `key` unless the key was used before. */
function applyOnce(dir: string, key: string, label: string): EffectExecution['outcome'] {
  const effects = path.join(dir, 'effects');
  mkdirSync(effects, { recursive: true });
  const file = path.join(effects, `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.json`);
  // written aside, then linked into place: a worker killed mid-write leaves no empty effect record
  // (creating the record and writing it were two steps), and the link fails if the key was used
  const pending = path.join(dir, 'pending');
  mkdirSync(pending, { recursive: true });
  const tmp = path.join(pending, `${process.pid}-${randomUUID()}.json`);
  writeFileSync(tmp, JSON.stringify({ key, label } satisfies EffectRecord));
  try {
    linkSync(tmp, file);
    return 'applied';
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
  const previous = JSON.parse(readFileSync(file, 'utf8')) as EffectRecord;
  return previous.label === label ? 'repeat' : 'collision';
}

function hugeOutput(label: string): string {
  const lines: string[] = [];
  let bytes = 0;
  for (let i = 1; bytes < HUGE_OUTPUT_BYTES; i++) {
    const line = `${label} row ${i}: the quick brown fox jumps over the lazy dog, again and again ${i * 13}`;
    lines.push(line);
    bytes += line.length + 1;
  }
  return lines.join('\n');
}

/** The `effect` tool. */
export const effectTool = defineTool<{ label: string; kind: EffectKind }>({
  name: EFFECT_TOOL,
  description:
    'Performs the labelled side effect once (ok), with a huge report (huge), failing (throw) or flaky (retry).',
  parameters: {
    type: 'object',
    properties: { label: { type: 'string' }, kind: { type: 'string', enum: [...EFFECT_KINDS] } },
    required: ['label', 'kind'],
    additionalProperties: false,
  },
  async execute(args, ctx) {
    const dir = effectsDir();
    const attempt = Context.current().info.attempt;
    const entry = { key: ctx.idempotencyKey, label: args.label, kind: args.kind, attempt, pid: process.pid };
    if (args.kind === 'throw') {
      journal(dir, { ...entry, outcome: 'threw' });
      throw new Error(`chaos: ${args.label} failed on purpose`);
    }
    if (args.kind === 'retry' && attempt === 1) {
      journal(dir, { ...entry, outcome: 'threw' });
      throw ApplicationFailure.retryable(`chaos: ${args.label} asks to be retried`, CHAOS_RETRY_FAILURE);
    }
    const outcome = applyOnce(dir, ctx.idempotencyKey, args.label);
    journal(dir, { ...entry, outcome });
    const head = `effect ${args.label}: ${args.kind} ${outcome === 'collision' ? 'skipped (key already used)' : 'done'}`;
    return args.kind === 'huge' ? `${head}\n${hugeOutput(args.label)}` : head;
  },
});

/** Every execution journalled in `dir`. */
export function readExecutions(dir: string): EffectExecution[] {
  const file = path.join(dir, 'executions.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as EffectExecution);
}

/** Every effect made in `dir`. */
export function readEffects(dir: string): EffectRecord[] {
  const effects = path.join(dir, 'effects');
  if (!existsSync(effects)) return [];
  return readdirSync(effects).map((f) => JSON.parse(readFileSync(path.join(effects, f), 'utf8')) as EffectRecord);
}

export default [effectTool] as unknown as AnyToolDefinition[];
