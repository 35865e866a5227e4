/**
 * Benchmarks of the token-counting path (run: `npx tsx bench/tokens.bench.ts`).
 * 1. Throughput of counting 1 MB of mixed prose, code, JSON and CJK text.
 * 2. Per-turn cost of counting a turn's new content (what the activities do) vs recounting
 *    the whole history (what a naive agent does), at growing history lengths.
 * Medians over repetitions in one run; content is generated deterministically.
 */
import { performance } from 'node:perf_hooks';
import { tokenCounter } from '../src/activities/tokenizer';
import type { ChatMessage } from '../src/context/types';

const REPS = 7;
/** Repetitions inside one timing of the (sub-millisecond-scale) new-turn count. */
const INNER = 20;

/** Deterministic pseudo-random numbers (LCG), so every run counts the same text. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const PROSE =
  'The agent reads the failing test, finds the off-by-one error in the pagination helper, and proposes a fix. ';
const CODE = `export async function paginate<T>(items: T[], page: number, size = 20): Promise<T[]> {\n  const start = (page - 1) * size;\n  return items.slice(start, start + size);\n}\n`;
const JSON_LINE = '{"id": 1234, "path": "src/lib/pager.ts", "status": "modified", "lines": [12, 13, 14]}\n';
const CJK = '长时间运行的智能体会话需要精确的令牌计数。日本語のテキストも正しく数える。\n';
const PARTS = [PROSE, CODE, JSON_LINE, CJK];

/** About `bytes` of mixed content. */
function mixed(bytes: number, seed = 1): string {
  const next = rng(seed);
  const out: string[] = [];
  let size = 0;
  while (size < bytes) {
    const part = PARTS[Math.floor(next() * PARTS.length)]!.replace('1234', String(Math.floor(next() * 1e6)));
    out.push(part);
    size += Buffer.byteLength(part);
  }
  return out.join('');
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/** One turn of an agent session: request, assistant with a tool call, a ~2 KB tool result, answer. */
function turn(i: number): ChatMessage[] {
  return [
    { role: 'user', content: `Turn ${i}: ${PROSE}` },
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: `call_${i}`, type: 'function', function: { name: 'read_file', arguments: `{"path":"src/f${i}.ts"}` } },
      ],
    },
    { role: 'tool', tool_call_id: `call_${i}`, content: mixed(2_048, i + 7) },
    { role: 'assistant', content: `Done with turn ${i}. ${PROSE}` },
  ];
}

const NEXT_TURN = turn(9_999);

async function main(): Promise<void> {
  const counter = await tokenCounter('o200k_base');
  console.log(
    `# tokens.bench — ${new Date().toISOString()} — node ${process.version} — o200k_base — ${REPS} reps, medians\n`,
  );

  const text = mixed(1_048_576);
  const bytes = Buffer.byteLength(text);
  counter.countText(text); // warm-up (JIT, caches)
  let tokens = 0;
  const ms = median(Array.from({ length: REPS }, () => time(() => (tokens = counter.countText(text)))));
  console.log(`## 1 MB mixed text and code`);
  console.log(
    `bytes=${bytes} tokens=${tokens} median=${ms.toFixed(1)} ms → ${Math.round(tokens / (ms / 1000)).toLocaleString('en-US')} tokens/s, ${(bytes / 1_048_576 / (ms / 1000)).toFixed(2)} MB/s\n`,
  );

  console.log(`## per-turn counting cost vs history length`);
  console.log(`| history (turns) | history tokens | new turn only (ms) | recount all (ms) | recount / new |`);
  console.log(`|---:|---:|---:|---:|---:|`);
  for (const n of [10, 50, 200, 500]) {
    const history = Array.from({ length: n }, (_, i) => turn(i)).flat();
    const next = NEXT_TURN; // the same new turn at every length: only the history varies
    const historyTokens = counter.countRequest(history);
    const incremental =
      median(
        Array.from({ length: REPS }, () =>
          time(() => {
            for (let k = 0; k < INNER; k++) next.reduce((s, m) => s + counter.countMessage(m), 0);
          }),
        ),
      ) / INNER;
    const recount = median(Array.from({ length: REPS }, () => time(() => counter.countRequest([...history, ...next]))));
    console.log(
      `| ${n} | ${historyTokens} | ${incremental.toFixed(3)} | ${recount.toFixed(2)} | ${(recount / incremental).toFixed(0)}× |`,
    );
  }
}

void main();
