/**
 * The bolt harness of the rim family (rim.ts): a bolt.new-like web builder in a WebContainer. The
 * assistant answers with prose and one `<boltArtifact id=… title=…>` holding `<boltAction
 * type="file" filePath="…">` (the whole file), `<boltAction type="shell">` and `<boltAction
 * type="start">` actions, run in order; the builder sends the terminal back as a user message
 * opened by `<bolt_action_results …>`, one `<action_result …>` per action. A SvelteKit 2 / Svelte 5
 * app on Vite and pnpm (svelte-check, Vitest, ESLint, `vite build`, the dev server), for a
 * Bengali-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  dur,
  fail,
  hex,
  lines,
  many,
  ok,
  one,
  pieces,
  say,
  type Planter,
  type RimCall,
  type RimHarness,
  type RimStep,
} from './rim-kit';

const ROOT = '/home/project';
const SRC = [
  'src/routes/+page.svelte',
  'src/routes/+layout.svelte',
  'src/routes/books/[id]/+page.server.ts',
  'src/lib/components/BookCard.svelte',
  'src/lib/server/catalogue.ts',
  'src/lib/search.ts',
  'src/lib/price.ts',
];
const TESTS = ['src/lib/search.test.ts', 'src/lib/price.test.ts', 'src/lib/slug.test.ts', 'src/routes/page.test.ts'];

function sh(command: string, output: string, exitCode = 0): RimCall {
  return exitCode === 0 ? ok('shell', { command }, output, 0) : fail('shell', { command }, output, exitCode);
}

function file(filePath: string, content: string): RimCall {
  return ok('file', { filePath, content }, `wrote ${(content.length / 1024).toFixed(2)} kB`);
}

/** Whole pieces of the app's Svelte components, as `cat` shows them. */
const SVELTE = [
  `<script lang="ts">\n  import BookCard from '$lib/components/BookCard.svelte';\n  import { search } from '$lib/search';\n\n  let { data } = $props();\n  let query = $state('');\n  const hits = $derived(search(data.books, query));\n</script>`,
  `<input bind:value={query} placeholder="বই খুঁজুন…" class="input input-bordered w-full" />\n\n{#each hits as book (book.id)}\n  <BookCard {book} />\n{:else}\n  <p class="text-stone-500">কোনো বই পাওয়া যায়নি</p>\n{/each}`,
  `<article class="rounded-xl border p-4">\n  <img src={book.cover} class="h-40 w-full object-cover" />\n  <h2 class="mt-2 font-semibold">{book.title}</h2>\n  <p class="text-sm text-stone-500">{book.author} · {formatPrice(book.pricePaisa)}</p>\n</article>`,
  `<svelte:head>\n  <title>বইপোকা — পুরনো বই</title>\n</svelte:head>`,
];

/** Whole pieces of the app's TypeScript modules. */
const TS = [
  `import { error } from '@sveltejs/kit';\nimport { getBook } from '$lib/server/catalogue';\nimport type { PageServerLoad } from './$types';\n\nexport const load: PageServerLoad = async ({ params }) => {\n  const book = await getBook(Number(params.id));\n  if (!book) error(404, 'বইটি পাওয়া যায়নি');\n  return { book };\n};`,
  `/** Titles are compared in NFC with ZWJ/ZWNJ removed, so that যুক্তাক্ষর typed either way match. */\nexport function normaliseTitle(s: string): string {\n  return s.normalize('NFC').replace(/[\\u200c\\u200d]/g, '').trim();\n}`,
  `export function search(books: Book[], query: string): Book[] {\n  const q = normaliseTitle(query);\n  if (!q) return books;\n  return books.filter((b) => normaliseTitle(b.title).includes(q));\n}`,
  `const taka = new Intl.NumberFormat('bn-BD', { style: 'currency', currency: 'BDT' });\n\n// TODO: দাম সবসময় পয়সায়\nexport const formatPrice = (paisa: number) => taka.format(paisa / 100);`,
  `export interface Book {\n  id: number;\n  title: string;\n  author: string;\n  pricePaisa: number;\n  condition: 'good' | 'fair' | 'like-new';\n  cover: string;\n}`,
];

/** The content of `path` as `cat` shows it: about `n` lines of whole pieces of its kind. */
function source(rng: Rng, path: string, n: number): string {
  return pieces(rng, path.endsWith('.svelte') ? SVELTE : TS, n);
}

/** What `grep -rn` finds for each pattern the agent looks for. */
const GREP_LINES: Record<string, string[]> = {
  pricePaisa: [
    '  pricePaisa: number;',
    '  <p class="text-sm text-stone-500">{book.author} · {formatPrice(book.pricePaisa)}</p>',
  ],
  'normalize(': ["  return s.normalize('NFC').replace(/[\\u200c\\u200d]/g, '').trim();"],
  $derived: ['  const hits = $derived(search(data.books, query));'],
  getBook: ["import { getBook } from '$lib/server/catalogue';", '  const book = await getBook(Number(params.id));'],
  formatPrice: [
    'export const formatPrice = (paisa: number) => taka.format(paisa / 100);',
    "  import { formatPrice } from '$lib/price';",
  ],
};

function pnpmHead(script: string, cmd: string): string {
  return `\n> boipoka@0.0.1 ${script} ${ROOT}\n> ${cmd}\n`;
}

function check(rng: Rng, problem = ''): string {
  const warn = rng.chance(0.4)
    ? `${ROOT}/src/lib/components/BookCard.svelte:${rng.int(8, 40)}:${rng.int(3, 9)}\nWarn: \`<img>\` element should have an alt attribute\nhttps://svelte.dev/e/a11y_missing_attribute (svelte)\n\n`
    : '';
  const errors = problem ? 1 : 0;
  const warnings = warn ? 1 : 0;
  return `${pnpmHead('check', 'svelte-kit sync && svelte-check --tsconfig ./tsconfig.json')}\n====================================\nLoading svelte-check in workspace: ${ROOT}\nGetting Svelte diagnostics...\n\n${warn}${problem}====================================\nsvelte-check found ${errors} error${errors === 1 ? '' : 's'} and ${warnings} warning${warnings === 1 ? '' : 's'}${errors + warnings ? ` in ${errors + warnings} file${errors + warnings === 1 ? '' : 's'}` : ''}${errors ? '\n ELIFECYCLE  Command failed with exit code 1.' : ''}`;
}

function vitest(rng: Rng, failure = ''): string {
  const files = TESTS.map((t) => ` ✓ ${t} (${rng.int(2, 14)} tests) ${rng.int(2, 60)}ms`);
  const total = rng.int(24, 60);
  const tail = failure
    ? `${failure}\n\n Test Files  1 failed | ${files.length - 1} passed (${files.length})\n      Tests  1 failed | ${total - 1} passed (${total})`
    : `\n Test Files  ${files.length} passed (${files.length})\n      Tests  ${total} passed (${total})`;
  return `\n RUN  v2.1.4 ${ROOT}\n\n${(failure ? files.slice(1) : files).join('\n')}\n${tail}\n   Start at  ${String(rng.int(9, 22)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}\n   Duration  ${dur(rng, 0.6, 3.2)}s (transform ${rng.int(60, 300)}ms, setup 0ms, collect ${rng.int(100, 600)}ms, tests ${rng.int(10, 90)}ms, environment 0ms, prepare ${rng.int(300, 900)}ms)\n`;
}

function build(rng: Rng, extra = ''): string {
  const chunk = () =>
    `.svelte-kit/output/client/_app/immutable/${rng.pick(['chunks', 'nodes', 'entry'])}/${rng.pick(['index', 'entry', 'scheduler', '0', '1', '2', '3', 'app', 'start'])}.${hex(rng, 8)}.js`;
  const rows = lines(rng.int(5, 12), () => {
    const kb = Number(dur(rng, 0.2, 40));
    return `${chunk().padEnd(66)}${kb.toFixed(2).padStart(6)} kB │ gzip: ${(kb / 2.8).toFixed(2).padStart(5)} kB`;
  });
  return `${pnpmHead('build', 'vite build')}\nvite v5.4.10 building SSR bundle for production...\ntransforming...\n✓ ${rng.int(140, 260)} modules transformed.\nrendering chunks...\nvite v5.4.10 building for production...\ntransforming...\n✓ ${rng.int(120, 220)} modules transformed.\nrendering chunks...\ncomputing gzip size...\n.svelte-kit/output/client/_app/version.json${' '.repeat(23)}  0.03 kB │ gzip:  0.05 kB\n${rows}\n${extra}✓ built in ${dur(rng, 1.2, 6)}s\n\nRun npm run preview to preview your production build locally.\n\n> Using @sveltejs/adapter-auto\n  Could not detect a supported production environment. See https://svelte.dev/docs/kit/adapters to learn how to configure your app to run on the platform of your choosing\n  ✔ done`;
}

function boltNoise(rng: Rng): RimStep {
  const r = rng.int(0, 8);
  if (r === 0) return one(undefined, sh('pnpm run check', check(rng)));
  if (r === 1) {
    const [a, b] = rng.sample(SRC, 2) as [string, string];
    return many(
      rng.pick(['Let me look at both files before touching anything.', 'দুটো ফাইল আগে দেখে নিই।', undefined]),
      [sh(`cat ${a}`, source(rng, a, rng.int(10, 40))), sh(`cat ${b}`, source(rng, b, rng.int(8, 25)))],
    );
  }
  if (r === 2) return one(undefined, sh('pnpm vitest run', vitest(rng)));
  if (r === 3) {
    const pat = rng.pick(['pricePaisa', 'normalize(', '$derived', 'getBook', 'formatPrice']);
    return one(
      undefined,
      sh(
        `grep -rn "${pat}" src`,
        lines(rng.int(1, 4), () => `${rng.pick(SRC)}:${rng.int(3, 120)}:${rng.pick(GREP_LINES[pat] ?? [pat])}`),
      ),
    );
  }
  if (r === 4) {
    const clean = rng.chance(0.5);
    const f = rng.pick(SRC);
    return one(
      undefined,
      sh(
        'pnpm run lint',
        `${pnpmHead('lint', 'prettier --check . && eslint .')}\nChecking formatting...\n${
          clean
            ? 'All matched files use Prettier code style!\n'
            : `[warn] ${f}\n[warn] Code style issues found in the above file. Run Prettier with --write to fix.\n ELIFECYCLE  Command failed with exit code 1.`
        }`,
        clean ? 0 : 1,
      ),
    );
  }
  if (r === 5) {
    const f = rng.pick(SRC);
    return many(rng.pick(['Small tidy-up, then svelte-check again.', 'ছোট একটা পরিবর্তন, তারপর আবার চেক।']), [
      file(f, source(rng, f, rng.int(12, 30))),
      sh('pnpm run check', check(rng)),
    ]);
  }
  if (r === 6) return one(undefined, sh('pnpm run build', build(rng)));
  if (r === 7)
    return one(
      undefined,
      ok(
        'start',
        { command: 'pnpm run dev' },
        `${pnpmHead('dev', 'vite dev')}\n\n  VITE v5.4.10  ready in ${rng.int(400, 1600)} ms\n\n  ➜  Local:   http://localhost:5173/\n  ➜  Network: use --host to expose\n${rng.chance(0.4) ? `${rng.int(1, 12)}:${String(rng.int(10, 59))}:${String(rng.int(10, 59))} PM [vite] hmr update /src/routes/+page.svelte, /src/app.css\n` : ''}`,
      ),
    );
  return one(
    undefined,
    sh(
      'pnpm install',
      `Lockfile is up to date, resolution step is skipped\nPackages: +${rng.int(180, 260)}\n${'+'.repeat(60)}\nProgress: resolved ${rng.int(200, 300)}, reused 0, downloaded ${rng.int(180, 260)}, added ${rng.int(180, 260)}, done\n\ndevDependencies:\n+ @sveltejs/adapter-auto 3.3.1\n+ @sveltejs/kit 2.8.1\n+ @sveltejs/vite-plugin-svelte 4.0.0\n+ svelte 5.1.9\n+ svelte-check 4.0.5\n+ typescript 5.6.3\n+ vite 5.4.10\n+ vitest 2.1.4\n\n. prepare$ svelte-kit sync || echo ''\n. prepare: Done\nDone in ${dur(rng, 3, 14, 1)}s`,
    ),
  );
}

function boltBig(rng: Rng): RimStep {
  if (rng.chance(0.5))
    return one(
      'Verbose run so I can see every case, including the Bengali collation ones.',
      sh(
        'pnpm vitest run --reporter=verbose',
        `\n RUN  v2.1.4 ${ROOT}\n\n${lines(rng.int(420, 520), (i) => ` ✓ ${rng.pick(TESTS)} > ${rng.pick(['search', 'formatPrice', 'slugify', 'catalogue'])} > ${rng.pick(['matches', 'ignores', 'formats', 'sorts', 'rejects'])} ${rng.pick(['যুক্তাক্ষর', 'chandrabindu', 'hasanta', 'ASCII titles', 'empty query', 'prices over ৳১,০০০'])} #${i + 1} ${rng.int(0, 9)}ms`)}\n\n Test Files  ${TESTS.length} passed (${TESTS.length})\n      Tests  ${rng.int(420, 520)} passed\n   Duration  ${dur(rng, 2, 9)}s`,
      ),
    );
  return one(
    undefined,
    sh(
      'cat src/lib/server/catalogue.json',
      `[\n${lines(
        rng.int(300, 380),
        (i) =>
          `  { "id": ${i + 1}, "title": "${rng.pick(['পথের পাঁচালী', 'গোরা', 'দেবদাস', 'শেষের কবিতা', 'লালসালু', 'আরণ্যক'])}", "author": "${rng.pick(['বিভূতিভূষণ', 'রবীন্দ্রনাথ', 'শরৎচন্দ্র', 'সৈয়দ ওয়ালীউল্লাহ'])}", "pricePaisa": ${rng.int(5000, 90000)}, "condition": "${rng.pick(['good', 'fair', 'like-new'])}" },`,
      )}\n]`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `বাংলা শিরোনাম দিয়ে বই খোঁজার জন্য ${t} নামে একটা সার্চ মডিউল`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `নমস্কার! এটা আমার বইপোকা প্রজেক্ট — SvelteKit আর Vite দিয়ে বানানো পুরনো বই কেনাবেচার সাইট, pnpm ব্যবহার করি। আমার দরকার ${needle}; এখন "পথের পাঁচালী" লিখলে কিছুই আসে না, কারণ যুক্তাক্ষরগুলো মেলে না। adapter-auto এখনই বদলিয়ো না।`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `প্রতিটি বইয়ের পাতায় ${t} নামে "বিক্রেতাকে মেসেজ" ফর্ম`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `পরের কাজ: ${needle} বানাও, form action দিয়ে, JavaScript বন্ধ থাকলেও যেন চলে।` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `/admin পাতায় ${t} নামে CSV ইমপোর্ট`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `আরেকটা জিনিস চাই: ${needle}, যাতে দোকানদাররা একসাথে অনেক বই তুলতে পারে।` }],
        };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `${x} কম্পোনেন্টে কোনো নতুন npm প্যাকেজ নয়`,
            (x) => `${x}-এর জন্য বাইরের কোনো লাইব্রেরি আনা চলবে না`,
            (x) => `${x} শুধু Svelte 5 runes দিয়ে লিখবে, writable store নয়`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `একটা শর্ত আছে: ${needle}। bundle ছোট রাখতে হবে, গ্রামের দিকে নেট খুব ধীর।`,
                `মনে রেখো — ${needle}। এটা নিয়ে আগেও ঝামেলা হয়েছে।`,
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `- src/lib/server/${t}.ts must never touch window or localStorage`;
        return {
          how: 'tool-boltprompt',
          needle,
          beats: [
            {
              step: one(
                'First the project prompt the owner left in .bolt/, so I follow their rules.',
                sh(
                  'cat .bolt/prompt',
                  `For all designs I ask you to make, have them be beautiful, not cookie cutter.\nUse Tailwind for styling and lucide-svelte for icons; do not install other UI packages.\n\nProject rules (boipoka):\n- Prices are integers in paisa; format only in src/lib/price.ts\n${needle}\n- Every user-facing string is Bengali first, English second\n${rng.pick(['- Keep +page.server.ts loads under 200 ms on the seed data', '- Dates shown as বাংলা সন where possible'])}`,
                ),
              ),
            },
            {
              step: one(
                `So ${t}.ts stays server-only. Quick grep to make sure nothing browser-side has crept in.`,
                sh(`grep -n "window\\|localStorage" src/lib/server/${t}.ts`, '', 1),
              ),
            },
          ],
        };
      },
    },
  ],
  decision: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `I'll keep the wishlist in a $state rune inside ${x}.svelte.ts rather than a writable store`,
            (x) => `সিদ্ধান্ত নিলাম: ${x}.svelte.ts-এ $state rune থাকবে, আলাদা store নয়`,
            (x) => `Decided against svelte/store for ${x}.svelte.ts — a module-level $state is enough`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: many(
                `${needle}. Runes work outside components in .svelte.ts files, and the value is only read in two places.`,
                [
                  file(
                    `src/lib/${t}.svelte.ts`,
                    `import type { Book } from './types';\n\nlet items = $state<Book[]>([]);\n\nexport const ${t} = {\n  get items() {\n    return items;\n  },\n  toggle(book: Book) {\n    items = items.some((b) => b.id === book.id) ? items.filter((b) => b.id !== book.id) : [...items, book];\n  },\n};\n`,
                  ),
                  sh('pnpm run check', check(rng)),
                ],
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `Going with a server load in src/routes/${x}/+page.server.ts instead of fetching on mount`,
            (x) => `Plan: src/routes/${x}/+page.server.ts loads the data on the server; no onMount fetch`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle} — it renders without JavaScript and the catalogue never ships to the browser.`,
                file(
                  `src/routes/${t}/+page.server.ts`,
                  `import { listBooks } from '$lib/server/catalogue';\nimport type { PageServerLoad } from './$types';\n\nexport const load: PageServerLoad = async ({ url }) => {\n  const page = Number(url.searchParams.get('page') ?? '1');\n  return { books: await listBooks({ page, size: ${rng.pick([12, 20, 24])} }) };\n};\n`,
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t}-এর দাম টাকায় নয়, পয়সায় integer হিসেবে থাকবে`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            {
              user: rng.pick([`আমরা ঠিক করেছি: ${needle}।`, `ঠিক আছে, তাহলে ${needle} — float-এ গোলমাল হয়।`]),
            },
          ],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/lib/components/${cap(t)}.svelte`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many(rng.pick(['New component, then svelte-check.', 'নতুন কম্পোনেন্ট বানাচ্ছি, তারপর চেক।']), [
                file(
                  needle,
                  `<script lang="ts">\n  import type { Book } from '$lib/types';\n  let { books }: { books: Book[] } = $props();\n</script>\n\n${SVELTE[1]}\n`,
                ),
                sh('pnpm run check', check(rng)),
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/routes/api/${t}/+server.ts`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: many(undefined, [
                file(
                  needle,
                  `import { json } from '@sveltejs/kit';\nimport { searchTitles } from '$lib/search';\n\nexport const GET = async ({ url }) => json(searchTitles(url.searchParams.get('q') ?? '').slice(0, ${rng.pick([10, 20])}));\n`,
                ),
                sh(
                  `curl -s "http://localhost:5173/api/${t}?q=%E0%A6%97%E0%A7%8B%E0%A6%B0%E0%A6%BE"`,
                  `[{"id":${rng.int(1, 300)},"title":"গোরা","author":"রবীন্দ্রনাথ","pricePaisa":${rng.int(5000, 40000)}}]`,
                ),
              ]),
            },
          ],
        };
      },
    },
  ],
  error: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `Error: Property '${t}' does not exist on type 'PageData'. (ts)`;
        const at = rng.int(5, 60);
        const problem = `${ROOT}/src/routes/+page.svelte:${at}:${rng.int(9, 30)}\n${needle}\n\n`;
        return {
          how: 'tool-sveltecheck',
          needle,
          beats: [
            { step: one(undefined, sh('pnpm run check', check(rng, problem), 1)) },
            {
              step: one(
                `The load never returns ${t}; I'll add it to +page.server.ts rather than cast in the page.`,
                sh('cat src/routes/+page.server.ts', source(rng, 'x.ts', 10)),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `Failed to resolve import "$lib/${t}" from "src/routes/+page.svelte". Does the file exist?`;
        return {
          how: 'tool-vite',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'start',
                  { command: 'pnpm run dev' },
                  `${pnpmHead('dev', 'vite dev')}\n\n  VITE v5.4.10  ready in ${rng.int(400, 1600)} ms\n\n  ➜  Local:   http://localhost:5173/\n  ➜  Network: use --host to expose\n${rng.int(1, 12)}:${rng.int(10, 59)}:${rng.int(10, 59)} PM [vite] Pre-transform error: ${needle}\n${rng.int(1, 12)}:${rng.int(10, 59)}:${rng.int(10, 59)} PM [vite] Internal server error: ${needle}\n  Plugin: vite:import-analysis\n  File: ${ROOT}/src/routes/+page.svelte:${rng.int(2, 9)}:${rng.int(20, 40)}\n      at TransformPluginContext._formatError (file://${ROOT}/node_modules/.pnpm/vite@5.4.10/node_modules/vite/dist/node/chunks/dep-BWSbWtLw.js:49257:41)\n      at TransformPluginContext.error (file://${ROOT}/node_modules/.pnpm/vite@5.4.10/node_modules/vite/dist/node/chunks/dep-BWSbWtLw.js:49252:16)\n      at normalizeUrl (file://${ROOT}/node_modules/.pnpm/vite@5.4.10/node_modules/vite/dist/node/chunks/dep-BWSbWtLw.js:64199:23)`,
                ),
              ),
            },
            {
              step: one(
                `The module is actually named differently — renaming the import instead of adding ${t}.ts.`,
                sh(
                  'ls src/lib',
                  'components\nindex.ts\nprice.ts\nprice.test.ts\nsearch.ts\nsearch.test.ts\nserver\ntypes.ts',
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `ReferenceError: ${t} is not defined`;
        const line = rng.int(10, 60);
        const failure = `\n⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯\n\n FAIL  src/lib/search.test.ts > search > matches যুক্তাক্ষর after NFC normalisation\n${needle}\n ❯ src/lib/search.ts:${line}:${rng.int(5, 20)}\n ❯ src/lib/search.test.ts:${rng.int(10, 40)}:${rng.int(10, 30)}\n     ${line - 1}|   const q = query.normalize('NFC');\n     ${line}|   return ${t}(books, q);\n       |          ^\n     ${line + 1}| }\n\n⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯\n ❯ src/lib/search.test.ts (${rng.int(4, 12)} tests | 1 failed) ${rng.int(4, 40)}ms`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 30 : 2,
          (i) =>
            `stdout | src/lib/search.test.ts > search > case ${i + 1}\nnormalised: ${rng.pick(['গোরা', 'দেবদাস', 'আরণ্যক'])}`,
          '',
          vitest(rng, failure),
        );
        return {
          how: 'tool-vitest',
          needle,
          beats: [
            { step: one(undefined, sh('pnpm vitest run', out, 1)) },
            {
              step: one(
                `${t} was renamed during the refactor but search.ts still calls it; fixing the call site.`,
                sh('cat src/lib/search.ts', source(rng, 'x.ts', 12)),
              ),
            },
          ],
        };
      },
    },
  ],
  value: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('hex');
        const needle = `catalogue checksum ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'node scripts/seed.js',
                  `reading src/lib/server/catalogue.json\nnormalising titles (NFC)… ${rng.int(200, 400)} titles\nsellers: ${rng.int(10, 60)}\nseeded ${rng.int(200, 400)} books\n${needle}\ndone in ${rng.int(40, 400)}ms`,
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('code');
        const needle = `BOI-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Linear-এ টিকিটটা হলো ${needle}, কমিট মেসেজে দিয়ে দিও।` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `Next up: add /${x} to the sitemap in src/routes/sitemap.xml/+server.ts`,
            (x) => `বাকি আছে: src/routes/sitemap.xml/+server.ts-এ /${x} যোগ করা`,
            (x) => `One thing left — /${x} still needs its entry in src/routes/sitemap.xml/+server.ts`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Check and tests are green.\n${needle}\nAfter that a production build.`,
                sh(`grep -n "${t}" src/routes/sitemap.xml/+server.ts`, '', 1),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `ডিপ্লয়ের আগে /${t} পাতাটা মোবাইলে একবার দেখে নিও`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `দারুণ। শেষে একটা কথা: ${needle}।` },
            {
              step: one(
                `ঠিক আছে, /${t} মোবাইলে দেখব। আগে dev server চালু আছে কিনা দেখি।`,
                sh('curl -sI http://localhost:5173/ | head -1', 'HTTP/1.1 200 OK'),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** What Bolt says before an artifact when the step has nothing particular to say. */
const PROSE = [
  "Let's check where things stand.",
  'Running this now.',
  'আগে দেখে নিই অবস্থা কী।',
  "I'll verify this before going further.",
  'এবার এটা চালিয়ে দেখি।',
  'Quick check.',
];

function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
}

function titleOf(s: RimStep): string {
  const files = s.calls.filter((c) => c.tool === 'file').map((c) => String(c.args['filePath']).split('/').pop());
  const cmds = s.calls
    .filter((c) => c.tool !== 'file')
    .map((c) => String(c.args['command']).split(' ').slice(0, 3).join(' '));
  const title = files.length
    ? `Update ${files.join(', ')}${cmds.length ? ' and verify' : ''}`
    : `Run ${cmds.join(' && ')}`;
  return title.replace(/"/g, '');
}

function action(c: RimCall): string {
  if (c.tool === 'file')
    return `  <boltAction type="file" filePath="${String(c.args['filePath'])}">${String(c.args['content'])}</boltAction>`;
  return `  <boltAction type="${c.tool}">${String(c.args['command'])}</boltAction>`;
}

function result(c: RimCall, i: number): string {
  if (c.tool === 'file')
    return `<action_result n="${i + 1}" type="file" filePath="${String(c.args['filePath'])}" status="ok">${c.output}</action_result>`;
  const exit = c.exitCode ?? (c.status === 'ok' ? 0 : 1);
  const kind = c.tool === 'start' ? ' running="true"' : ` exit="${exit}"`;
  return `<action_result n="${i + 1}" type="${c.tool}"${kind}>\n❯ ${String(c.args['command'])}\n${c.output}\n</action_result>`;
}

/** The bolt harness. */
export const RIM_BOLT: RimHarness = {
  style: 'bolt',
  protocol: 'text',
  system: `You are Bolt, an expert AI assistant and exceptional senior software developer with vast knowledge across multiple programming languages, frameworks, and best practices.\n\n<system_constraints>\n  You are operating in an environment called WebContainer, an in-browser Node.js runtime that emulates a Linux system to some degree. It runs in the browser and doesn't run a full-fledged Linux system. All code is executed in the browser. It comes with a shell that emulates zsh. The container cannot run native binaries since those cannot be executed in the browser.\n  The shell comes with \`python\` and \`python3\` binaries, but they are LIMITED TO THE PYTHON STANDARD LIBRARY ONLY.\n  IMPORTANT: Prefer using Vite instead of implementing a custom web server.\n  IMPORTANT: Git is NOT available.\n  IMPORTANT: Prefer writing Node.js scripts instead of shell scripts.\n  Available shell commands: cat, chmod, cp, echo, hostname, kill, ln, ls, mkdir, mv, ps, pwd, rm, rmdir, xxd, alias, cd, clear, curl, env, false, getconf, head, sort, tail, touch, true, uptime, which, code, jq, loadenv, node, python3, wasm, xdg-open, command, exit, export, source, grep\n</system_constraints>\n\n<artifact_info>\n  Bolt creates a SINGLE, comprehensive artifact for each project step. Wrap the content in opening and closing \`<boltArtifact>\` tags, with a \`title\` and a unique \`id\`. Use \`<boltAction>\` tags to define specific actions: type "shell" runs a command, type "file" writes the FULL content of \`filePath\`, type "start" starts a dev server. The order of the actions is VERY IMPORTANT. After each artifact the terminal output comes back to you in a <bolt_action_results> message.\n</artifact_info>\n\nThe current working directory is \`${ROOT}\`. The project is boipoka, a SvelteKit 2 app (Svelte 5 runes, Vite 5, Tailwind, Vitest) managed with pnpm. The user writes in Bengali.`,
  tools: ['shell', 'file', 'start'],
  renderStep: (s, _ids, n) => {
    const title = titleOf(s);
    return [
      s.say ?? PROSE[(n + s.calls.length + title.length) % PROSE.length],
      '',
      `<boltArtifact id="${slug(title) || 'step'}-${n + 1}" title="${title}">`,
      ...s.calls.map(action),
      '</boltArtifact>',
    ].join('\n');
  },
  renderResults: (s, _ids, n) =>
    `<bolt_action_results artifact="${slug(titleOf(s)) || 'step'}-${n + 1}">\n${s.calls.map(result).join('\n')}\n</bolt_action_results>`,
  resultStart: /^<bolt_action_results /,
  callMark: /^ {2}<boltAction type="(?:shell|file|start)"/gm,
  resultMark: /^<action_result n="\d+"/gm,
  noise: boltNoise,
  big: boltBig,
  followUp: (rng) =>
    rng.pick([
      'টেস্টগুলো কি পাস করছে?',
      'svelte-check কী বলছে?',
      'আবার pnpm run check চালাও, প্লিজ।',
      'সংক্ষেপে বলো কী কী বদলালে।',
      'ঠিক আছে, এরপর কী?',
      'preview-তে পাতাটা ঠিকমতো আসছে?',
    ]),
  keepGoing: (rng) => rng.pick(['চালিয়ে যাও।', 'চালিয়ে যাও, থেমো না।', 'টেস্ট সবুজ না হওয়া পর্যন্ত চালিয়ে যাও।']),
  answer: (rng) =>
    rng.pick([
      'হয়ে গেছে: `pnpm run check` পরিষ্কার, Vitest-এর সব টেস্ট পাস করছে।',
      'Done — the build succeeds and the dev server hot-reloads the page without errors.',
      'ঠিক করে দিয়েছি; শুধু BookCard-এ একটা a11y সতর্কতা রয়ে গেছে।',
      `সারাংশ: বদলানো ফাইলগুলো টাইপ-চেক পাস করে, ${rng.int(24, 60)}টা টেস্ট সবুজ।`,
    ]),
  probe: (rng) => rng.pick(['চালিয়ে যাও।', 'যেখানে থেমেছিলে সেখান থেকে চালিয়ে যাও।', 'এখন?']),
  planters: PLANTERS,
};
