/**
 * Benchmarks of the token-counting path (run: `npx tsx bench/tokens.bench.ts`, or only
 * section 3: `npx tsx bench/tokens.bench.ts shapes`).
 * 1. Throughput of counting 1 MB of mixed prose, code, JSON and CJK text.
 * 2. Per-turn cost of counting a turn's new content (what the activities do) vs recounting
 *    the whole history (what a naive agent does), at growing history lengths.
 * 3. Cost per byte of the shapes that made js-tiktoken's merge quadratic (runs of one or two
 *    characters, minified JSON, base64, …) next to ordinary English, at 10 KB, 100 KB, 1 MB.
 * Medians over repetitions in one run; content is generated deterministically.
 */
import { performance } from 'node:perf_hooks';
import { tokenCounter } from '../src/activities/tokenizer';
import type { ChatMessage } from '../src/context/types';
import { lcg as rng } from '../test/support/random';

const REPS = 7;
/** Repetitions inside one timing of the (sub-millisecond-scale) new-turn count. */
const INNER = 20;

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
  if (process.argv[2] === 'shapes') return shapes(counter);

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
  console.log('');
  await shapes(counter);
}

const ENGLISH =
  'The agent reads the failing test, finds the off-by-one error in the pagination helper, and proposes a fix. ' +
  'Before changing anything it runs the suite again, because a flaky network call once hid a real regression. ' +
  "Reviewers asked why the retry policy doubles its delay; the answer is in the provider's rate-limit headers. " +
  'Long sessions survive restarts: every message is stored once, counted once, and replayed from history.\n';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/** Exactly `bytes` bytes of each shape (CJK: 3 bytes a character). */
function shapeTexts(bytes: number): Array<[string, string]> {
  const next = rng(bytes);
  const records: string[] = [];
  for (let size = 0, i = 0; size < bytes; i++) {
    const r = JSON.stringify({
      id: i,
      name: `item${Math.floor(next() * 1e6)}`,
      tags: ['alpha', 'beta'],
      ok: next() > 0.5,
    });
    records.push(r);
    size += r.length + 1;
  }
  const random = Buffer.from(Array.from({ length: bytes }, () => Math.floor(next() * 256)));
  return [
    ['ordinary English', ENGLISH.repeat(Math.ceil(bytes / ENGLISH.length)).slice(0, bytes)],
    ['one letter (`aaaa…`)', 'a'.repeat(bytes)],
    ['two alternating letters (`abab…`)', 'ab'.repeat(bytes / 2)],
    ['minified JSON', `[${records.join(',')}]`.slice(0, bytes)],
    ['base64', random.toString('base64').slice(0, bytes)],
    ['spaces', ' '.repeat(bytes)],
    [
      'random lowercase letters, no spaces',
      Array.from({ length: bytes }, () => LOWER[Math.floor(next() * 26)]).join(''),
    ],
    ['CJK without punctuation', '中文字'.repeat(Math.floor(bytes / 9)).padEnd(bytes / 3, '中')],
  ];
}

/** Section 3: per-byte cost of hostile shapes next to ordinary English, measured round-robin. */
async function shapes(counter: Awaited<ReturnType<typeof tokenCounter>>): Promise<void> {
  console.log(`## hostile shapes vs ordinary English (per byte, same run, round-robin over shapes)`);
  console.log(`repetitions: 41 at 10 KiB, 15 at 100 KiB, ${REPS} at 1 MiB`);
  console.log(`| size | shape | tokens | median ms | ns/byte | × English per byte | × English per token |`);
  console.log(`|---:|---|---:|---:|---:|---:|---:|`);
  // more repetitions where one timing is a millisecond or two, so a load spike moves no median
  for (const [size, reps] of [
    [10_240, 41],
    [102_400, 15],
    [1_048_576, REPS],
  ] as const) {
    const texts = shapeTexts(size);
    for (let warm = 0; warm < 3; warm++) for (const [, t] of texts) counter.countText(t);
    const samples = texts.map(() => [] as number[]);
    for (let rep = 0; rep < reps; rep++)
      texts.forEach(([, t], i) => samples[i]!.push(time(() => counter.countText(t))));
    const rows = texts.map(([name, t], i) => ({
      name,
      bytes: Buffer.byteLength(t),
      tokens: counter.countText(t),
      ms: median(samples[i]!),
    }));
    const english = rows[0]!;
    for (const r of rows) {
      const perByte = r.ms / r.bytes / (english.ms / english.bytes);
      const perToken = r.ms / r.tokens / (english.ms / english.tokens);
      console.log(
        `| ${size / 1024} KiB | ${r.name} | ${r.tokens} | ${r.ms.toFixed(2)} | ${((r.ms * 1e6) / r.bytes).toFixed(0)} | ${perByte.toFixed(2)}× | ${perToken.toFixed(2)}× |`,
      );
    }
  }

  // before: js-tiktoken's own encode on inputs it can still do (runs are quadratic in it)
  const { Tiktoken } = await import('js-tiktoken/lite');
  const tiktoken = new Tiktoken((await import('js-tiktoken/ranks/o200k_base')).default);
  console.log(`\n## js-tiktoken's encode (before) vs the counter (after), medians of 3`);
  console.log(`| input | bytes | js-tiktoken ms | counter ms | same count |`);
  console.log(`|---|---:|---:|---:|---|`);
  const before: Array<[string, string]> = [
    ['ordinary English', shapeTexts(102_400)[0]![1]],
    ['minified JSON', shapeTexts(102_400)[3]![1]],
    ['base64', shapeTexts(102_400)[4]![1]],
    ['one letter', 'a'.repeat(1_000)],
    ['one letter', 'a'.repeat(2_000)],
    ['one letter', 'a'.repeat(4_000)],
    ['two alternating letters', 'ab'.repeat(2_000)],
  ];
  for (const [name, t] of before) {
    let old = 0;
    let now = 0;
    const oldMs = median(Array.from({ length: 3 }, () => time(() => (old = tiktoken.encode(t, [], []).length))));
    const newMs = median(Array.from({ length: 3 }, () => time(() => (now = counter.countText(t)))));
    console.log(
      `| ${name} | ${t.length} | ${oldMs.toFixed(1)} | ${newMs.toFixed(2)} | ${old === now ? 'yes' : `NO: ${old} vs ${now}`} |`,
    );
  }
}

void main();
