/**
 * The functionary harness of the edge family (edge.ts): a MeetKai-Functionary-v2-like model writing
 * every part of its turn as a `<|from|>assistant` / `<|recipient|>…` / `<|content|>…` block — prose to
 * `all`, each call to the tool it names (several in one message) — and the harness answering in a user
 * message with one `<|from|>tool` / `<|recipient|>all` block per call. A Crystal web service (shards,
 * crystal spec, Ameba, Kemal, PostgreSQL), for a Persian-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  fail,
  hit,
  lines,
  many,
  ok,
  one,
  phrase,
  secs,
  type EdgeCall,
  type EdgeHarness,
  type EdgeStep,
  type Planter,
} from './edge-kit';

const FILES = [
  'src/anbar/inventory.cr',
  'src/anbar/api.cr',
  'src/anbar/models/item.cr',
  'src/anbar/db.cr',
  'src/anbar.cr',
];
const SPECS = ['spec/inventory_spec.cr', 'spec/api_spec.cr', 'spec/item_spec.cr'];

function sh(command: string, output: string, exitCode = 0): EdgeCall {
  return exitCode === 0 ? ok('sh', { command }, output, 0) : fail('sh', { command }, output, exitCode);
}

function specRun(rng: Rng, failure = '', where = ''): string {
  const n = rng.int(30, 120);
  const dots: string[] = Array.from({ length: n }, () => (rng.chance(0.03) ? '*' : '.'));
  if (failure) dots[rng.int(0, n - 1)] = 'F';
  const pending = dots.filter((d) => d === '*').length;
  return `${dots.join('')}\n\n${failure ? `Failures:\n\n${failure}\n\n` : ''}Finished in ${secs(rng, 5, 400)} milliseconds\n${n} examples, ${failure ? 1 : 0} failures, 0 errors, ${pending} pending${where ? `\n\nFailed examples:\n\n${where}` : ''}`;
}

function crystal(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `  def reserve${i}(sku : String, qty : Int32) : Bool`,
      `    stock = @stocks[sku]?`,
      `    return false unless stock`,
      `  end`,
      `  post "/reservations" do |env|`,
      `    env.response.content_type = "application/json"`,
      `  property quantity : Int32 = 0`,
      `  # ${rng.pick(['Quantities are never negative.', 'See docs/api.md.', 'Locks are per SKU.'])}`,
      '',
      `require "kemal"`,
    ]),
  );
}

function funcNoise(rng: Rng): EdgeStep {
  const r = rng.int(0, 7);
  if (r === 0) return one(undefined, sh('crystal spec', specRun(rng)));
  if (r === 1) {
    const [a, b] = rng.sample(FILES, 2) as [string, string];
    return many(rng.pick(['دو فایل را با هم می‌خوانم.', undefined]), [
      ok('read', { path: a }, crystal(rng, rng.int(10, 35))),
      ok('read', { path: b }, crystal(rng, rng.int(8, 25))),
    ]);
  }
  if (r === 2)
    return one(
      undefined,
      sh(
        'shards install',
        `Resolving dependencies\nFetching https://github.com/kemalcr/kemal.git\nUsing kemal (1.6.0)\nUsing radix (0.4.1)\nUsing backtracer (1.2.2)\nUsing exception_page (0.4.1)\nUsing db (0.13.1)\nUsing pg (0.28.0)\nUsing ameba (1.6.${rng.int(0, 4)})\nShards already up to date`,
      ),
    );
  if (r === 3)
    return one(
      undefined,
      ok(
        'grep',
        { pattern: rng.pick(['reserve', '@stocks', 'content_type', 'property']) },
        lines(rng.int(3, 12), () => `${rng.pick(FILES)}:${rng.int(3, 300)}:${hit(crystal(rng, 3))}`),
      ),
    );
  if (r === 4) {
    const clean = rng.chance(0.6);
    const n = rng.int(18, 40);
    return one(
      undefined,
      sh(
        'bin/ameba',
        clean
          ? `Inspecting ${n} files\n\n${'.'.repeat(n)}\n\nFinished in ${secs(rng, 90, 400)} milliseconds\n${n} inspected, 0 failures`
          : `Inspecting ${n} files\n\n${'.'.repeat(n - 1)}C\n\n${rng.pick(FILES)}:${rng.int(5, 200)}:${rng.int(3, 20)}\n[W] Lint/UselessAssign: Useless assignment to variable \`tmp\`\n> tmp = env.params.json\n  ^\n\nFinished in ${secs(rng, 90, 400)} milliseconds\n${n} inspected, 1 failure`,
        clean ? 0 : 1,
      ),
    );
  }
  if (r === 5)
    return many(undefined, [
      sh('crystal tool format --check', ''),
      sh(
        'git status --short',
        lines(rng.int(1, 3), () => ` M ${rng.pick([...FILES, ...SPECS])}`),
      ),
    ]);
  if (r === 6) return one(undefined, sh('crystal build src/anbar.cr -o bin/anbar', ''));
  return one(
    undefined,
    sh(
      'crystal spec spec/api_spec.cr',
      `Error: Could not connect to database: Connection refused - connect(2) for "localhost" port 5432 (DB::ConnectionRefused)\n  from lib/pg/src/pg/connection.cr:${rng.int(10, 40)}:9 in 'initialize'\n  from lib/db/src/db/pool.cr:${rng.int(50, 90)}:7 in 'build_resource'`,
      1,
    ),
  );
}

function funcBig(rng: Rng): EdgeStep {
  if (rng.chance(0.5))
    return one(
      'کل مشخصات را با خروجی مستند اجرا می‌کنم.',
      sh(
        'crystal spec --verbose',
        `${lines(rng.int(300, 440), (i) => `${rng.pick(['Anbar::Inventory', 'Anbar::Api', 'Anbar::Item'])}\n  ${rng.pick(['reserves stock', 'rejects negative quantity', 'returns 404 for unknown sku', 'lists items'])} ${i}`)}\n\n${specRun(rng)}`,
      ),
    );
  return one(undefined, ok('read', { path: 'src/anbar/inventory.cr' }, crystal(rng, rng.int(330, 440))));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `رزرو موجودی برای ${t} را اتمیک کنید`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `سلام! پروژه anbar یک سرویس Crystal با Kemal و PostgreSQL است (~/code/anbar). کار امروز: ${needle}؛ الان دو درخواست هم‌زمان می‌توانند یک کالا را دو بار رزرو کنند. API عمومی نباید تغییر کند.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `یک مسیر GET /reports/${t} برای گزارش انبار اضافه کن`;
        return { how: 'user-followup', needle, beats: [{ user: `کار بعدی: ${needle}، خروجی JSON باشد.` }] };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `رزروهای منقضی ${t} را هر پنج دقیقه آزاد کن`;
        return { how: 'user-followup', needle, beats: [{ user: `یک کار دیگر: ${needle}، با یک fiber پس‌زمینه.` }] };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = phrase(
          rng,
          [
            (x) => `در ${x} از Mutex سراسری استفاده نکن`,
            (x) => `استفاده از Mutex سراسری در ${x} ممنوع است`,
            (x) => `${x} نباید هیچ Mutex سراسری داشته باشد`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: `نکته مهم: ${needle}، چون سرویس روی چند نمونه اجرا می‌شود.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `- \`${t}\`: every query goes through \`Anbar::DB.transaction\``;
        return {
          how: 'tool-guide',
          needle,
          beats: [
            {
              step: one(
                'اول راهنمای مشارکت را می‌خوانم.',
                ok(
                  'read',
                  { path: 'CONTRIBUTING.md' },
                  `# Contributing to anbar\n\nRun \`crystal spec\` and \`bin/ameba\` before pushing. Format with \`crystal tool format\`.\n\n## Module rules\n\n- \`Anbar::Api\`: handlers only parse and respond\n${needle}\n- \`Anbar::Item\`: no database access\n${rng.chance(0.5) ? '\nSpecs need a local PostgreSQL (docker compose up db).\n' : ''}`,
                ),
              ),
            },
            {
              step: one(
                `پس در ${t} همه کوئری‌ها را داخل transaction می‌برم.`,
                ok('grep', { pattern: `DB.exec src/anbar/${t}.cr` }, ''),
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
        const needle = phrase(
          rng,
          [
            (x) => `تصمیمم این است که برای ${x} از SELECT ... FOR UPDATE استفاده کنم`,
            (x) => `برای ${x} راه SELECT ... FOR UPDATE را انتخاب کردم`,
            (x) => `${x} را با SELECT ... FOR UPDATE پیاده می‌کنم`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `قفل خوش‌بینانه و قفل سطری را مقایسه کردم؛ ${needle}، چون تعداد تداخل‌ها بالاست.`,
                ok(
                  'patch',
                  {
                    path: 'src/anbar/inventory.cr',
                    before: 'SELECT quantity FROM stocks WHERE sku = $1',
                    after: `SELECT quantity FROM stocks WHERE sku = $1 FOR UPDATE -- ${t}`,
                  },
                  'patched src/anbar/inventory.cr (1 hunk)',
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
        const needle = `مهلت رزرو ${t} را پانزده دقیقه بگذاریم`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`با تیم فروش صحبت کردم: ${needle}.`, `موافقم، ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/anbar/${t}.cr`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'منطق رزرو را در یک فایل جدا می‌گذارم.',
                ok(
                  'write',
                  { path: needle, content: `module Anbar\n  class ${cap(t)}\n${crystal(rng, 5)}\n  end\nend\n` },
                  `wrote ${needle} (${rng.int(200, 800)} bytes)`,
                ),
              ),
            },
            { step: one(undefined, sh('crystal build src/anbar.cr --no-codegen', '')) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `spec/${t}_spec.cr`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'patch',
                  {
                    path: needle,
                    before: 'pending "concurrent reservations" do',
                    after: 'it "serialises concurrent reservations" do',
                  },
                  `patched ${needle} (1 hunk)`,
                ),
              ),
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
        const line = rng.int(20, 200);
        const needle = `Error: undefined method '${t}' for Nil (compile-time type is (Anbar::Stock | Nil))`;
        return {
          how: 'tool-crystal',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'crystal build src/anbar.cr -o bin/anbar',
                  `Showing last frame. Use --error-trace for full trace.\n\nIn src/anbar/inventory.cr:${line}:${rng.int(9, 20)}\n\n ${line} | stock.${t}(qty)\n             ^${'-'.repeat(t.length)}\n${needle}`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `\`@stocks[sku]?\` ممکن است nil باشد و ${t} روی آن صدا زده شده؛ باید اول nil را کنار بگذارم.`,
                ok('read', { path: 'src/anbar/inventory.cr' }, crystal(rng, 12)),
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
        const line = rng.int(20, 150);
        const needle = `crystal spec spec/inventory_spec.cr:${line} # Anbar::Inventory ${t} under contention`;
        const failure = `  1) Anbar::Inventory ${t} under contention\n     Failure/Error: inv.available("SKU-7").should eq 3\n\n       Expected: 3\n            got: ${rng.int(4, 9)}\n\n     # spec/inventory_spec.cr:${line + 4}`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 70 : 2,
          (i) =>
            `[${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)}] DEBUG - db: SELECT quantity FROM stocks WHERE sku = $1 (${i} rows)`,
          '',
          specRun(rng, failure, needle),
        );
        return {
          how: 'tool-spec',
          needle,
          beats: [
            { step: one(undefined, sh('crystal spec', out, 1)) },
            {
              step: one(
                `مشخصه «${t} under contention» شکست خورد؛ fiberها قبل از commit مقدار قدیمی را می‌خوانند.`,
                ok(
                  'grep',
                  { pattern: 'spawn' },
                  `spec/inventory_spec.cr:${line + 1}:      10.times { spawn { inv.reserve("SKU-7", 1) } }`,
                ),
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
      plant: ({ mint }) => {
        const t = mint('hex');
        const needle = `commit: ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'نسخه دقیق kemal را در shard.lock نگاه می‌کنم.',
                ok(
                  'read',
                  { path: 'shard.lock' },
                  `version: 2.0\nshards:\n  backtracer:\n    git: https://github.com/sija/backtracer.cr.git\n    version: 1.2.2\n\n  kemal:\n    git: https://github.com/kemalcr/kemal.git\n    version: 1.6.0+git.${needle}\n\n  pg:\n    git: https://github.com/will/crystal-pg.git\n    version: 0.28.0`,
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
        const t = mint('num');
        const needle = `تیکت ${t}`;
        return { how: 'user-paste', needle, beats: [{ user: `شماره ${needle} است؛ لطفاً در پیام commit بنویسش.` }] };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = phrase(
          rng,
          [
            (x) => `باقی‌مانده: مستند کردن ${x} در docs/api.md`,
            (x) => `قدم بعدی: مستند کردن ${x} در docs/api.md`,
            (x) => `هنوز مانده: مستند کردن ${x} در docs/api.md`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `مشخصه‌ها و ameba سبز هستند.\n${needle}\nبعد از آن دوباره crystal spec.`,
                ok('grep', { pattern: `${t} docs/` }, ''),
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
        const needle = `ایمیج داکر را با برچسب ${t} بساز`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `عالی شد. قبل از تمام کردن یادت نرود ${needle}.` },
            {
              step: one(
                `باشد، ${t} هنوز ساخته نشده. Dockerfile را نگاه می‌کنم.`,
                ok(
                  'read',
                  { path: 'Dockerfile' },
                  'FROM crystallang/crystal:1.14-alpine AS build\nWORKDIR /app\nCOPY . .\nRUN shards build --release --static',
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

function block(recipient: string, content: string): string {
  return `<|from|>assistant\n<|recipient|>${recipient}\n<|content|>${content}`;
}

/** The functionary harness. */
export const EDGE_FUNCTIONARY: EdgeHarness = {
  style: 'functionary',
  protocol: 'text',
  system:
    "// Supported function definitions that should be called when necessary.\nnamespace functions {\n\n// Run a shell command in /home/sara/code/anbar.\ntype sh = (_: {\ncommand: string,\n}) => any;\n\n// Read a file.\ntype read = (_: {\npath: string,\n}) => any;\n\n// Write a whole file.\ntype write = (_: {\npath: string,\ncontent: string,\n}) => any;\n\n// Replace text in a file.\ntype patch = (_: {\npath: string,\nbefore: string,\nafter: string,\n}) => any;\n\n// Search the repository.\ntype grep = (_: {\npattern: string,\n}) => any;\n\n} // namespace functions\nA chat between a curious user and an artificial intelligence assistant. The assistant gives helpful, detailed, and polite answers to the user's questions. The assistant calls functions with appropriate input when necessary. The project is a Crystal 1.14 service (Kemal, crystal-pg). Reply in Persian.",
  tools: ['sh', 'read', 'write', 'patch', 'grep'],
  renderStep: (s) =>
    [...(s.say ? [block('all', s.say)] : []), ...s.calls.map((c) => block(c.tool, JSON.stringify(c.args)))].join('\n') +
    '<|stop|>',
  renderResults: (s) => s.calls.map((c) => `<|from|>${c.tool}\n<|recipient|>all\n<|content|>${c.output}`).join('\n'),
  renderAnswer: (text) => `${block('all', text)}<|stop|>`,
  resultStart: /^<\|from\|>(?!assistant\n)\w+\n<\|recipient\|>all\n<\|content\|>/,
  callMark: /^<\|recipient\|>(?!all$)\w+$/gm,
  resultMark: /^<\|from\|>(?!assistant$)\w+$/gm,
  noise: funcNoise,
  big: funcBig,
  followUp: (rng) =>
    rng.pick([
      'تست‌ها پاس شدند؟',
      'ameba هنوز خطا می‌دهد؟',
      'یک بار دیگر crystal spec را اجرا کن.',
      'خلاصه بگو چه چیزی عوض شد.',
      'خوب، قدم بعدی چیست؟',
    ]),
  keepGoing: (rng) => rng.pick(['ادامه بده.', 'ادامه.', 'تا سبز شدن تست‌ها ادامه بده.']),
  answer: (rng) =>
    rng.pick([
      'این مرحله تمام شد: crystal spec و ameba هر دو سبز هستند.',
      'درست شد؛ فقط یک هشدار قالب‌بندی مانده.',
      'خلاصه: فایل‌های تغییرکرده کامپایل می‌شوند و مشخصه‌ها پاس می‌شوند.',
      'تمام شد، خطای جدیدی نیست.',
    ]),
  probe: (rng) => rng.pick(['ادامه بده.', 'از همان جا ادامه بده.', 'بعدش چه؟']),
  planters: PLANTERS,
};
