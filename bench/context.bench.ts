/**
 * Context-engine benchmark: buildView + planCompaction on logs of 1k, 10k and 100k items
 * (tool-call groups, archived results, chained summaries). Prints median times and the
 * growth ratios; linear growth means a 10k → 100k ratio near 10 (≤ 12 required).
 *
 *   npx tsx bench/context.bench.ts
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

const REPS = 9;
const SIZES = [1_000, 10_000, 100_000];

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
const rows: { n: number; viewMs: number; planMs: number; totalMs: number; entries: number }[] = [];
for (const n of SIZES) {
  const state = makeState(n);
  const tokens = viewTokens(buildView(state));
  // A budget the view exceeds at the soft threshold, so planning does the full work.
  const history = Math.floor(tokens / 0.9);
  const budget: ContextBudget = {
    contextWindow: history + 10_000,
    reservedOutputTokens: 8_000,
    fixedTokens: 2_000,
    historyBudget: history,
    softLimit: Math.floor(history * 0.8),
    targetTokens: Math.floor(history * 0.5),
    hardLimit: history,
  };
  const view: number[] = [];
  const plan: number[] = [];
  let entries = 0;
  for (let r = 0; r < REPS + 1; r += 1) {
    const t0 = performance.now();
    entries = buildView(state).length;
    const t1 = performance.now();
    const p = planCompaction(state, budget, policy);
    const t2 = performance.now();
    if (!p?.summarize) throw new Error(`expected a summarizing plan at n=${n}`);
    if (r === 0) continue; // warm-up
    view.push(t1 - t0);
    plan.push(t2 - t1);
  }
  rows.push({
    n: state.items.length,
    viewMs: median(view),
    planMs: median(plan),
    totalMs: median(view) + median(plan),
    entries,
  });
}

const fmt = (x: number): string => x.toFixed(2).padStart(9);
console.log(`context engine bench: median of ${REPS} runs (after 1 warm-up), ${new Date().toISOString().slice(0, 10)}`);
console.log('    items   view entries  buildView ms  planCompaction ms   total ms');
for (const r of rows) {
  console.log(
    `${String(r.n).padStart(9)}  ${String(r.entries).padStart(13)}  ${fmt(r.viewMs)}     ${fmt(r.planMs)}          ${fmt(r.totalMs)}`,
  );
}
for (let i = 1; i < rows.length; i += 1) {
  const a = rows[i - 1]!;
  const b = rows[i]!;
  console.log(
    `ratio ${a.n} → ${b.n}: buildView ${(b.viewMs / a.viewMs).toFixed(1)}×, planCompaction ${(b.planMs / a.planMs).toFixed(1)}×, total ${(b.totalMs / a.totalMs).toFixed(1)}×`,
  );
}
