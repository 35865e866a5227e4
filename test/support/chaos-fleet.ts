/**
 * Worker processes of a chaos run (test/support/chaos-run.ts): a fixed number of slots on
 * one task queue, each running a real worker process (test/support/worker-process.ts) that
 * is SIGKILLed after a random life and replaced by a fresh one, until the fleet calms down.
 * A worker that exits on its own is replaced too, and counted. Every ended worker's output
 * goes to a log file, where lines reporting a nondeterminism error are counted.
 */
import { appendFileSync } from 'node:fs';
import { between, sleep, type Random } from './chaos-random';
import type { WorkerProcess } from './worker-process';

/** Options of {@link startFleet}. */
export interface FleetOptions {
  /** Worker processes running at once (when none is being replaced). */
  size: number;
  start(): Promise<WorkerProcess>;
  /** Life of a worker before it is killed, in ms: [min, max]; workers are never killed when absent. */
  lifeMs?: [number, number];
  /** Kill a worker only while another one is live (rolling crashes), so sessions keep moving. */
  rolling?: boolean;
  random: Random;
  /** File the output of every ended worker is appended to. */
  logFile: string;
  /** Progress lines. */
  log?: (line: string) => void;
}

/** What the fleet went through. */
export interface FleetFigures {
  starts: number;
  kills: number;
  /** Workers that exited without being killed. */
  unexpectedExits: number;
  startFailures: number;
  /** Worker log lines reporting a nondeterminism error (TMPRL1100). */
  nondeterminismLines: number;
}

/** A running fleet. */
export interface Fleet {
  readonly figures: FleetFigures;
  /** Stops killing and resolves once every slot has a live worker. */
  calm(timeoutMs?: number): Promise<void>;
  /** Kills every worker and ends the slots. */
  shutdown(): Promise<void>;
}

type Mode = 'chaos' | 'calm' | 'closed';

/** Starts `options.size` worker slots. */
export function startFleet(options: FleetOptions): Fleet {
  const figures: FleetFigures = { starts: 0, kills: 0, unexpectedExits: 0, startFailures: 0, nondeterminismLines: 0 };
  let mode: Mode = 'chaos';
  let wake: () => void = () => undefined;
  let changed = new Promise<void>((resolve) => (wake = resolve));
  // read through a function: TypeScript would narrow `mode` across the awaits that change it
  const now = (): Mode => mode;
  const setMode = (next: Mode) => {
    mode = next;
    wake();
    changed = new Promise<void>((resolve) => (wake = resolve));
  };
  const live: (WorkerProcess | undefined)[] = Array.from({ length: options.size }, () => undefined);

  const collect = (slot: number, w: WorkerProcess, how: string) => {
    const output = w.output();
    figures.nondeterminismLines += output.split('\n').filter((l) => /TMPRL1100|nondeterminism/i.test(l)).length;
    appendFileSync(options.logFile, `--- worker ${w.pid} (slot ${slot}) ${how} ---\n${output}\n`);
  };

  async function startOne(slot: number): Promise<WorkerProcess | undefined> {
    while (now() !== 'closed') {
      try {
        const t0 = Date.now();
        const w = await options.start();
        figures.starts++;
        options.log?.(`worker slot ${slot}: pid ${w.pid} ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
        return w;
      } catch (err) {
        figures.startFailures++;
        options.log?.(`worker slot ${slot}: start failed: ${String(err).slice(0, 500)}`);
        await sleep(2_000);
      }
    }
    return undefined;
  }

  async function runSlot(slot: number): Promise<void> {
    await sleep(slot * 1_500); // stagger the first starts (each bundles the workflow code)
    while (now() !== 'closed') {
      const w = await startOne(slot);
      if (!w) return;
      live[slot] = w;
      for (;;) {
        if (now() === 'closed') {
          live[slot] = undefined;
          await w.kill();
          collect(slot, w, 'stopped');
          return;
        }
        const lifeMs = now() === 'chaos' && options.lifeMs ? between(options.random, ...options.lifeMs) : undefined;
        let timer: NodeJS.Timeout | undefined;
        const event = await Promise.race([
          w.exited.then(() => 'exit' as const),
          changed.then(() => 'mode' as const),
          ...(lifeMs === undefined
            ? []
            : [new Promise<'kill'>((resolve) => (timer = setTimeout(() => resolve('kill'), lifeMs)))]),
        ]);
        clearTimeout(timer);
        if (event === 'mode') continue;
        if (event === 'kill' && options.rolling && !live.some((other, i) => i !== slot && other !== undefined)) {
          continue; // the only live worker: its life is extended
        }
        live[slot] = undefined;
        if (event === 'exit') {
          if (now() !== 'closed') figures.unexpectedExits++;
          collect(slot, w, 'exited');
        } else {
          await w.kill();
          figures.kills++;
          options.log?.(`worker slot ${slot}: pid ${w.pid} killed`);
          collect(slot, w, 'killed');
        }
        break;
      }
    }
  }

  const slots = Array.from({ length: options.size }, (_, slot) => runSlot(slot));
  return {
    figures,
    async calm(timeoutMs = 180_000) {
      setMode('calm');
      const deadline = Date.now() + timeoutMs;
      while (live.some((w) => w === undefined)) {
        if (Date.now() > deadline) throw new Error('the fleet did not get a live worker in every slot');
        await sleep(200);
      }
    },
    async shutdown() {
      setMode('closed');
      await Promise.all(slots);
    },
  };
}
