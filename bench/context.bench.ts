/**
 * Context-engine benchmark: buildView + planCompaction on logs of 1k, 10k and 100k items
 * (tool-call groups, archived results, chained summaries). Prints median times and the
 * growth ratios; linear growth means a 10k → 100k ratio near 10 (≤ 12 required).
 *
 *   npx tsx bench/context.bench.ts [rounds]
 *
 * Built for a noisy shared machine: every size is measured in the same process, in
 * interleaved rounds (1k, 10k, 100k, then the next round starting one size later), after
 * warm-up rounds that are thrown away. One sample is a batch of calls over about 100k
 * items in all (100 calls at 1k, 10 at 10k, 1 at 100k) timed as a whole, so every size
 * pays for the garbage collection its allocations cause, in proportion; the reported
 * figure is the median per-call time over the rounds (wall clock, and the process's CPU
 * time, which other load on the machine disturbs less). Nothing is tuned to hide GC (no
 * heap flags, no forced collections between samples).
 */
import { performance } from 'node:perf_hooks';
import {
  appendItems,
  buildView,
  emptyContextState,
  planCompaction,
  resolvePolicy,
  viewTokens,
  type ContextBudget,
  type ContextState,
  type NewLogItem,
} from '../src/context';

const ROUNDS = Number(process.argv[2] ?? 15);
const WARMUP_ROUNDS = 3;
const SIZES = [1_000, 10_000, 100_000];
/** Items processed per sample, whatever the size (so small sizes are timed over many calls). */
const ITEMS_PER_SAMPLE = 100_000;

let refs = 0;
const content = (tokens: number) => ({
  ref: `sha256:${(refs++).toString(16).padStart(64, '0')}` as const,
  tokens,
  bytes: tokens * 4,
});

/** A log of about `n` items: turns of user, assistant with two parallel calls, two results, answer; a few summaries. */
function makeState(n: number): ContextState {
  const items: NewLogItem[] = [{ turn: 0, role: 'system', kind: 'message', content: content(500), preview: 'sys' }];
  let turn = 0;
  while (items.length < n) {
    turn += 1;
    const a = `c${turn}a`;
    const b = `c${turn}b`;
    const meta = {
      toolName: 'bash',
      status: 'ok' as const,
      outputBytes: 800,
      outputLines: 20,
      truncated: false,
      fullOutputRef: content(0).ref,
      binary: false,
      firstLine: 'x',
      lastLine: 'y',
    };
    items.push(
      { turn, role: 'user', kind: 'message', content: content(40), preview: `request ${turn}` },
      {
        turn,
        role: 'assistant',
        kind: 'message',
        content: content(30),
        preview: 'calls',
        toolCalls: [
          { id: a, name: 'bash', keyArgs: { command: 'ls' } },
          { id: b, name: 'read', keyArgs: { path: `f${turn}.ts` } },
        ],
      },
      {
        turn,
        role: 'tool',
        kind: 'tool_result',
        content: content(200),
        preview: 'out',
        toolCallId: a,
        toolResult: meta,
        digest: content(12),
      },
      {
        turn,
        role: 'tool',
        kind: 'tool_result',
        content: content(200),
        preview: 'out',
        toolCallId: b,
        toolResult: meta,
        digest: content(12),
      },
      { turn, role: 'assistant', kind: 'message', content: content(60), preview: 'answer' },
    );
  }
  let state = appendItems(emptyContextState(), items);
  // Chained summaries over the first half, in ten slices aligned on turns (5 items per turn).
  const half = Math.floor(state.nextSeq / 2);
  const slice = Math.max(5, Math.floor(half / 10 / 5) * 5);
  const summaries: NewLogItem[] = [];
  for (let from = 1; from + slice - 1 < half; from += slice) {
    summaries.push({
      turn,
      role: 'user',
      kind: 'summary',
      content: content(300),
      preview: 's',
      covers: { from, to: from + slice - 1 },
    });
  }
  state = appendItems(state, summaries);
  // Every other remaining tool result archived.
  const archived = state.items.filter((i) => i.role === 'tool' && i.seq > half && i.seq % 2 === 0).map((i) => i.seq);
  return { ...state, archived };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

const policy = resolvePolicy({ toolResultsKeepRecent: 10, keepRecentTokens: 20_000, summaryTokenCap: 4_000 });

interface Case {
  n: number;
  state: ContextState;
  budget: ContextBudget;
  /** Calls per sample. */
  batch: number;
  entries: number;
  view: number[];
  plan: number[];
  total: number[];
  /** CPU time of the whole process (all threads, GC helpers included) per call: less sensitive to other load. */
  cpu: number[];
}

function makeCase(size: number): Case {
  const state = makeState(size);
  const view = buildView(state);
  // A budget the view exceeds at the soft threshold, so planning does the full work.
  const history = Math.floor(viewTokens(view) / 0.9);
  const budget: ContextBudget = {
    contextWindow: history + 10_000,
    reservedOutputTokens: 8_000,
    fixedTokens: 2_000,
    historyBudget: history,
    softLimit: Math.floor(history * 0.8),
    targetTokens: Math.floor(history * 0.5),
    hardLimit: history,
  };
  const batch = Math.max(1, Math.round(ITEMS_PER_SAMPLE / size));
  return { n: state.items.length, state, budget, batch, entries: view.length, view: [], plan: [], total: [], cpu: [] };
}

/** Keeps results observable, so no call can be optimized away. */
let sink = 0;

/** One sample of a case: a batch of buildView calls, then a batch of planCompaction calls. */
function sample(c: Case, record: boolean): void {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < c.batch; i += 1) sink += buildView(c.state).length;
  const t1 = performance.now();
  for (let i = 0; i < c.batch; i += 1) {
    const p = planCompaction(c.state, c.budget, policy);
    if (!p?.summarize) throw new Error(`expected a summarizing plan at n=${c.n}`);
    sink += p.archive.length;
  }
  const t2 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  if (!record) return;
  c.view.push((t1 - t0) / c.batch);
  c.plan.push((t2 - t1) / c.batch);
  c.total.push((t2 - t0) / c.batch);
  c.cpu.push((cpu.user + cpu.system) / 1000 / c.batch);
}

const cases = SIZES.map(makeCase);
for (let r = 0; r < WARMUP_ROUNDS + ROUNDS; r += 1) {
  // Rotate the order each round, so no size always runs right after another (GC debt, caches).
  for (let k = 0; k < cases.length; k += 1) sample(cases[(r + k) % cases.length] as Case, r >= WARMUP_ROUNDS);
}

const fmt = (x: number, w = 9): string => x.toFixed(2).padStart(w);
console.log(
  `context engine bench, ${new Date().toISOString().slice(0, 10)}: median over ${ROUNDS} interleaved rounds ` +
    `(after ${WARMUP_ROUNDS} warm-up rounds); a sample is ${ITEMS_PER_SAMPLE / 1000}k items' worth of calls; checksum ${sink}`,
);
console.log('    items   view entries  buildView ms  planCompaction ms   total ms   total ns/item   total CPU ms');
const rows = cases.map((c) => ({
  n: c.n,
  view: median(c.view),
  plan: median(c.plan),
  total: median(c.total),
  cpu: median(c.cpu),
}));
cases.forEach((c, i) => {
  const r = rows[i]!;
  console.log(
    `${String(r.n).padStart(9)}  ${String(c.entries).padStart(13)}  ${fmt(r.view)}     ${fmt(r.plan)}          ${fmt(r.total)}   ${fmt((r.total / r.n) * 1e6, 13)}   ${fmt(r.cpu, 12)}`,
  );
});
for (let i = 1; i < rows.length; i += 1) {
  const a = rows[i - 1]!;
  const b = rows[i]!;
  console.log(
    `ratio ${a.n} → ${b.n}: buildView ${(b.view / a.view).toFixed(1)}×, planCompaction ${(b.plan / a.plan).toFixed(1)}×, ` +
      `total ${(b.total / a.total).toFixed(1)}× (CPU time ${(b.cpu / a.cpu).toFixed(1)}×)`,
  );
}
