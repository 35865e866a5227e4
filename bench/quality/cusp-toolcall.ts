/**
 * The toolcall harness of the cusp family (cusp.ts): a smolagents-ToolCallingAgent-like agent as its
 * memory is replayed to the model. Each step is an assistant message — the model's short thought, then
 * `Calling tools:` and the call as Python prints a list of call dicts (`[{'id': 'call_…', 'type':
 * 'function', 'function': {'name': …, 'arguments': {…}}}]`) — answered by a user message `Call id: …`
 * with `Observation:` (or `Error:` and the retry advice when the tool raised); tasks arrive as
 * `New task:`. A Django and React marketplace localized into Yoruba with gettext and ICU MessageFormat:
 * makemessages/compilemessages, msgfmt's format-string and plural checks and `--statistics`, msgmerge,
 * formatjs extract/compile and its parser errors, Django test failures; for a Yoruba-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  dur,
  fail,
  lines,
  numberLines,
  ok,
  one,
  pieces,
  pyRepr,
  say,
  some,
  hex,
  type CuspCall,
  type CuspHarness,
  type CuspStep,
  type Planter,
} from './cusp-kit';

const ROOT = '/srv/oja';
const APPS = ['shop', 'payments', 'accounts', 'delivery'];
const RETRY =
  "Now let's retry: take care not to repeat previous errors! If you have retried several times, try a completely different approach.";

const PO = [
  `#: shop/templates/shop/cart.html:14\nmsgid "Your cart"\nmsgstr "Agbọ̀n rẹ"`,
  `#: shop/views.py:88\n#, python-format\nmsgid "%(count)d item"\nmsgid_plural "%(count)d items"\nmsgstr[0] "Ọjà %(count)d"`,
  `#: payments/templates/payments/checkout.html:31\nmsgid "Pay now"\nmsgstr "Sanwó báyìí"`,
  `#: delivery/models.py:22\nmsgid "Delivery address"\nmsgstr "Àdírẹ́sì ìfijíṣẹ́"`,
  `#: accounts/forms.py:41\n#, fuzzy\nmsgid "Enter a valid phone number."\nmsgstr "Tẹ nọ́mbà fóònù tó tọ́."`,
  `#: shop/templates/shop/product.html:57\n#, python-format\nmsgid "Sold by %(seller)s"\nmsgstr "Láti ọwọ́ %(seller)s"`,
];

/** A shell command as the tool reports it: exit code, stdout, stderr. */
function run(command: string, stdout: string, code = 0, stderr = ''): CuspCall {
  const out = `Exit code: ${code}\nStdout:\n${stdout}\nStderr:\n${stderr}`;
  return code === 0 ? ok('run_command', { command }, out, 0) : fail('run_command', { command }, out, code);
}

function readFile(rng: Rng, path: string, n: number, from = 1): CuspCall {
  return ok(
    'read_file',
    { path: `${ROOT}/${path}` },
    numberLines(pieces(rng, PO, n), from, (k, l) => `${k}: ${l}`),
  );
}

function stats(rng: Rng): string {
  return `${rng.int(1100, 1400)} translated messages, ${rng.int(0, 30)} fuzzy translations, ${rng.int(0, 60)} untranslated messages.`;
}

function compileOk(rng: Rng): string {
  return APPS.map((a) => `processing file django.po in ${ROOT}/${a}/locale/yo/LC_MESSAGES`)
    .concat(rng.chance(0.5) ? [`processing file djangojs.po in ${ROOT}/shop/locale/yo/LC_MESSAGES`] : [])
    .join('\n');
}

function tests(rng: Rng, failure?: string): string {
  const n = rng.int(18, 40);
  const dots = '.'.repeat(n - (failure ? 1 : 0)) + (failure ? 'F' : '');
  return failure
    ? `Found ${n} test(s).\nCreating test database for alias 'default'...\nSystem check identified no issues (0 silenced).\n${dots}\n======================================================================\n${failure}\n----------------------------------------------------------------------\nRan ${n} tests in ${dur(rng, 0.4, 4, 3)}s\n\nFAILED (failures=1)\nDestroying test database for alias 'default'...`
    : `Found ${n} test(s).\nCreating test database for alias 'default'...\nSystem check identified no issues (0 silenced).\n${dots}\n----------------------------------------------------------------------\nRan ${n} tests in ${dur(rng, 0.4, 4, 3)}s\n\nOK\nDestroying test database for alias 'default'...`;
}

function toolcallNoise(rng: Rng): CuspStep {
  const r = rng.int(0, 9);
  const app = rng.pick(APPS);
  if (r === 9) {
    const path = `${ROOT}/${app}/locale/yo/LC_MESSAGES`;
    return one(
      undefined,
      fail(
        'read_file',
        { path },
        `Error executing tool 'read_file' with arguments {'path': '${path}'}: IsADirectoryError: [Errno 21] Is a directory: '${path}'\nYou should call this tool with correct input arguments.\nExpected inputs: {"path": {"type": "string", "description": "Absolute path"}}\nReturns output type: string`,
      ),
    );
  }
  if (r === 0)
    return one(
      'Regenerate the catalogs from the templates.',
      run('python manage.py makemessages -l yo -l en --no-obsolete', 'processing locale yo\nprocessing locale en'),
    );
  if (r === 1) return one(undefined, run('python manage.py compilemessages -l yo', compileOk(rng)));
  if (r === 2)
    return one(
      'How much is still untranslated?',
      run(`msgfmt --statistics -o /dev/null ${app}/locale/yo/LC_MESSAGES/django.po`, '', 0, stats(rng)),
    );
  if (r === 3)
    return one(undefined, readFile(rng, `${app}/locale/yo/LC_MESSAGES/django.po`, rng.int(2, 4), rng.int(20, 900)));
  if (r === 4) {
    const q = rng.pick(['Pay now', 'cart', 'Delivery', 'phone number', 'items']);
    return one(
      undefined,
      ok(
        'search_messages',
        { query: q, locale: 'yo' },
        lines(
          rng.int(1, 4),
          () =>
            `${rng.pick(APPS)}/locale/yo/LC_MESSAGES/django.po:${rng.int(20, 900)}  msgid "${q}"  ->  msgstr "${rng.pick(['Sanwó báyìí', 'Agbọ̀n rẹ', 'Ìfijíṣẹ́', ''])}"`,
        ),
      ),
    );
  }
  if (r === 5)
    return one(
      undefined,
      run('python manage.py test shop.tests.test_i18n payments.tests.test_i18n', '', 0, tests(rng)),
    );
  if (r === 6)
    return one(
      undefined,
      run(
        'cd frontend && npx formatjs compile lang/yo.json --ast --out-file compiled-lang/yo.json',
        '',
        0,
        rng.chance(0.3) ? `[@formatjs/cli] [WARN] Duplicate message id: "cart.title"` : '',
      ),
    );
  if (r === 7)
    return one(
      undefined,
      run(
        `msgmerge --update --backup=off ${app}/locale/yo/LC_MESSAGES/django.po ${app}/locale/django.pot`,
        '',
        0,
        `${'.'.repeat(rng.int(20, 60))} done.`,
      ),
    );
  return one(
    undefined,
    run(
      'git status --short',
      some(rng, APPS, rng.int(1, 3))
        .map((a) => ` M ${a}/locale/yo/LC_MESSAGES/django.po`)
        .join('\n'),
    ),
  );
}

function toolcallBig(rng: Rng): CuspStep {
  if (rng.chance(0.5)) {
    const body = lines(rng.int(260, 300), () => pieces(rng, PO, 1).trimEnd() + '\n');
    return one(
      'Reading the whole shop catalog to check the tone marks in one pass.',
      ok(
        'read_file',
        { path: `${ROOT}/shop/locale/yo/LC_MESSAGES/django.po` },
        `# Yoruba translation of Ọjà.\nmsgid ""\nmsgstr ""\n"Language: yo\\n"\n"Plural-Forms: nplurals=1; plural=0;\\n"\n\n${body}`,
      ),
    );
  }
  const entries = lines(
    rng.int(420, 480),
    (i) =>
      `  "${rng.pick(['cart', 'checkout', 'product', 'seller', 'delivery', 'account'])}.${rng.pick(['title', 'cta', 'empty', 'summary', 'items_count', 'error'])}_${i}": {\n    "defaultMessage": "${rng.pick(['You have {count, plural, one {# item} other {# items}}', 'Pay {amount, number, ::currency/NGN}', 'Sold by {seller}', 'Delivery in {days} days'])}"\n  },`,
  );
  return one(
    undefined,
    run(
      "cd frontend && npx formatjs extract 'src/**/*.{ts,tsx}' --id-interpolation-pattern '[sha512:contenthash:base64:6]' && cat lang/en.json",
      `{\n${entries}\n}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `ìtumọ̀ Yorùbá pípé fún ojú-ìwé ìsanwó ${t}`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `New task:\nẸ n lẹ! Iṣẹ́ akanṣe náà wà ní ${ROOT} — ọjà orí ayélujára (Django 5 + React pẹ̀lú react-intl). Mo fẹ́ ${needle}. Àwọn ìtumọ̀ Django wà nínú locale/yo/LC_MESSAGES/django.po ti app kọ̀ọ̀kan, ti React sì wà nínú frontend/lang/yo.json (ICU MessageFormat).`,
            },
            {
              step: one(
                'Start with the state of the Yoruba catalogs.',
                run('python manage.py compilemessages -l yo', compileOk(rng)),
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
        const needle = `àwọn ìránṣẹ́ plural tó tọ́ fún ${t} nínú yo.json`;
        return { how: 'user-followup', needle, beats: [{ user: `New task:\nIṣẹ́ tó kàn: ${needle}.` }] };
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
            (x) => `má ṣe yí msgid kankan padà nínú ${x}`,
            (x) => `gbogbo owó nínú ${x} gbọ́dọ̀ jẹ́ ₦ pẹ̀lú ìdá méjì lẹ́yìn àmì`,
            (x) => `${x} kò gbọdọ̀ ní ìtumọ̀ fuzzy kankan`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Òfin kan: ${needle}.`,
                `Rántí — ${needle}; a ti gbà bẹ́ẹ̀ pẹ̀lú ẹgbẹ́ ìtumọ̀.`,
                `Pàtàkì: ${needle}.`,
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
        const T = t.toUpperCase();
        const needle = `# GLOSSARY ${T}: "seller" is always "olùtà", never "oníṣòwò"`;
        return {
          how: 'tool-header',
          needle,
          beats: [
            {
              step: one(
                'The translators keep a glossary at the top of the shop catalog; reading it before translating.',
                ok(
                  'read_file',
                  { path: `${ROOT}/shop/locale/yo/LC_MESSAGES/django.po` },
                  numberLines(
                    `# Yoruba translation of Ọjà.\n# Translators: see GLOSSARY lines; ask in #i18n before changing a term.\n${needle}\n# GLOSSARY: "cart" is "agbọ̀n"\nmsgid ""\nmsgstr ""\n"Language: yo\\n"\n"Plural-Forms: nplurals=1; plural=0;\\n"`,
                    1,
                    (k, l) => `${k}: ${l}`,
                  ),
                ),
              ),
            },
            {
              step: one(
                `Glossary ${T} fixes the word for seller; checking nothing uses the other one.`,
                ok(
                  'search_messages',
                  { query: 'oníṣòwò', locale: 'yo' },
                  `shop/locale/yo/LC_MESSAGES/django.po:${rng.int(100, 900)}  msgid "Seller profile"  ->  msgstr "Àkọsílẹ̀ oníṣòwò"`,
                ),
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
            (x) =>
              `I'll keep the ${x} strings in the Django catalog and serve them to React through JavaScriptCatalog, not copy them into yo.json`,
            (x) => `${x} uses an ICU select on the delivery method instead of three separate message ids`,
            (x) =>
              `For ${x} the Yoruba entry has a single plural form, since CLDR gives Yoruba only the other category`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}. That keeps one source of truth for the translators.`,
                ok(
                  'edit_file',
                  {
                    path: `${ROOT}/frontend/src/i18n/${t}.ts`,
                    old: '',
                    new: `export const ${t}Messages = defineMessages({});\n`,
                  },
                  `Created ${ROOT}/frontend/src/i18n/${t}.ts`,
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
        const needle = `${t} yóò máa lo ẹ̀yin (ọ̀wọ̀) nígbà gbogbo`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            { user: rng.pick([`A ti pinnu: ${needle}.`, `Ẹ jẹ́ ká ṣe é báyìí: ${needle}, àwọn oníbàárà fẹ́ràn rẹ̀.`]) },
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
        const needle = `${t}/locale/yo/LC_MESSAGES/django.po`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                `The new ${t} app needs its own Yoruba catalog.`,
                run(`cd ${t} && django-admin makemessages -l yo`, 'processing locale yo'),
              ),
            },
            {
              step: one(
                undefined,
                run(
                  `msgfmt --check --statistics -o /dev/null ${needle}`,
                  '',
                  0,
                  `0 translated messages, ${rng.int(10, 60)} untranslated messages.`,
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
        const l = rng.int(40, 900);
        const needle = `${ROOT}/${t}/locale/yo/LC_MESSAGES/django.po:${l}: 'msgstr' is not a valid Python format string, unlike 'msgid'. Reason: In the directive number 1, the character 'o' is not a valid conversion specifier.`;
        return {
          how: 'tool-msgfmt',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  'python manage.py compilemessages -l yo',
                  compileOk(rng).split('\n').slice(0, 2).join('\n'),
                  1,
                  `CommandError: compilemessages generated one or more errors.\n${needle}\nmsgfmt: found 1 fatal error`,
                ),
              ),
            },
            {
              step: one(
                `Line ${l} of the ${t} catalog has %(count)o instead of %(count)d; reading it.`,
                readFile(rng, `${t}/locale/yo/LC_MESSAGES/django.po`, 2, Math.max(1, l - 3)),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `SyntaxError: MALFORMED_ARGUMENT in message ${t}.items_count`;
        return {
          how: 'tool-formatjs',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  'cd frontend && npx formatjs compile lang/yo.json --ast --out-file compiled-lang/yo.json',
                  '',
                  1,
                  `[@formatjs/cli] [ERROR] Error parsing lang/yo.json\n${needle}\n    at parse (node_modules/@formatjs/icu-messageformat-parser/lib/index.js:34:15)\n    at compile (node_modules/@formatjs/cli-lib/src/compile.js:61:33)`,
                ),
              ),
            },
            {
              step: one(
                `The ${t} plural has a space inside the argument name; looking at the entry.`,
                ok(
                  'search_messages',
                  { query: `${t}.items_count`, locale: 'yo' },
                  `frontend/lang/yo.json:${t}.items_count  ->  "{count , plural, other {ọjà #}}"`,
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
        const needle = `FAIL: test_${t}_renders_yoruba (payments.tests.test_i18n.CheckoutI18nTests.test_${t}_renders_yoruba)`;
        const failure = `${needle}\n----------------------------------------------------------------------\nTraceback (most recent call last):\n  File "${ROOT}/payments/tests/test_i18n.py", line ${rng.int(20, 90)}, in test_${t}_renders_yoruba\n    self.assertContains(resp, "Sanwó báyìí")\nAssertionError: False is not true : Couldn't find 'Sanwó báyìí' in the following response\nb'<!doctype html>\\n<html lang="yo">...Pay now...'`;
        return {
          how: 'tool-djangotest',
          needle,
          beats: [
            { step: one(undefined, run('python manage.py test payments.tests.test_i18n', '', 1, tests(rng, failure))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `FileNotFoundError: [Errno 2] No such file or directory: '${ROOT}/${t}/locale/yo/LC_MESSAGES/djangojs.po'`;
        return {
          how: 'tool-exception',
          needle,
          beats: [
            {
              step: {
                calls: [
                  fail(
                    'search_messages',
                    { query: 'Add to cart', locale: 'yo', domain: 'djangojs', app: t },
                    `Error executing tool 'search_messages' with arguments {'query': 'Add to cart', 'locale': 'yo', 'domain': 'djangojs', 'app': '${t}'}: ${needle}\nYou should call this tool with correct input arguments.\nExpected inputs: {"query": {"type": "string", "description": "Text to look for in msgid or msgstr"}, "locale": {"type": "string", "description": "Locale code"}, "domain": {"type": "string", "description": "django or djangojs", "nullable": true}, "app": {"type": "string", "description": "Django app", "nullable": true}}\nReturns output type: string`,
                  ),
                ],
              },
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
        const t = mint('num');
        const needle = `Build ID: ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Pulling the reviewed translations from Crowdin.',
                run(
                  'crowdin download --language=yo --verbose',
                  `✔️ Fetching project info\n✔️ Building ZIP archive with the latest translations\n✔️ Building translation (100%)\n✔️ ${needle}\n✔️ Extracted: 'shop/locale/yo/LC_MESSAGES/django.po'\n✔️ Extracted: 'frontend/lang/yo.json'\n${rng.int(2, 6)} files downloaded`,
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
        const needle = `OJA-${t}`;
        return { how: 'user-paste', needle, beats: [{ user: `Tíkẹ́ẹ̀tì Jira ni ${needle}; fi sínú ìfiránṣẹ́ commit.` }] };
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
            (x) => `Next: run msgmerge on the ${x} catalog against the new template before compiling`,
            (x) => `Still to do: a native reviewer should check the ${x} strings for tone marks`,
            (x) => `Ìgbésẹ̀ tó kàn: ṣe àyẹ̀wò ${x} lórí ojú-ìwé ìsanwó`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `${needle}.`,
                run(
                  `git add -A && git commit -qm "i18n(yo): ${t}" && git log --oneline -1`,
                  `${hex(rng, 7)} i18n(yo): ${t}`,
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
        const t = mint('word');
        const needle = `níkẹyìn, ṣe àyẹ̀wò ${t} lórí fóònù Android`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Ẹ ṣé. Ohun ìkẹyìn: ${needle}.` },
            {
              step: one(
                `Starting the dev server so ${t} can be checked on a phone.`,
                run(
                  'python manage.py runserver 0.0.0.0:8000 --noreload & sleep 3; curl -sI http://127.0.0.1:8000/yo/ | head -1',
                  'HTTP/1.1 200 OK',
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The assistant message of a step: the thought, then the call as smolagents prints it. */
function renderStep(s: CuspStep, ids: string[]): string {
  const calls = s.calls.map((c, i) => ({
    id: ids[i] ?? '',
    type: 'function',
    function: { name: c.tool, arguments: c.args },
  }));
  return `${s.say ? `${s.say}\n` : ''}Calling tools:\n${pyRepr(calls)}`;
}

function renderResults(s: CuspStep, ids: string[]): string {
  return s.calls
    .map((c, i) =>
      c.tool !== 'run_command' && c.status === 'error'
        ? `Call id: ${ids[i] ?? ''}\nError:\n${c.output}\n${RETRY}\n`
        : `Call id: ${ids[i] ?? ''}\nObservation:\n${c.output}`,
    )
    .join('\n');
}

/** The toolcall harness. */
export const CUSP_TOOLCALL: CuspHarness = {
  style: 'toolcall',
  protocol: 'text',
  system: `You are an expert assistant who can solve any task using tool calls. You will be given a task to solve as best you can.\nTo do so, you have been given access to some tools.\n\nThe tool call you write is an action: after the tool is executed, you will get the result of the tool call as an "observation".\nThis Action/Observation can repeat N times, you should take several steps when needed.\n\nYou can use the result of the previous action as input for the next action.\nThe observation will always be a string: it can represent a file, like "image_1.jpg".\n\nAbove example were using notional tools that might not exist for you. You only have access to these tools:\n- run_command: Runs a shell command in ${ROOT} and returns its exit code, stdout and stderr.\n    Takes inputs: {'command': {'type': 'string', 'description': 'The command line'}}\n    Returns an output of type: string\n- read_file: Reads a file with line numbers.\n    Takes inputs: {'path': {'type': 'string', 'description': 'Absolute path'}}\n    Returns an output of type: string\n- edit_file: Replaces old with new in a file (old empty: create it).\n    Takes inputs: {'path': {'type': 'string', 'description': 'Absolute path'}, 'old': {'type': 'string', 'description': 'Text to replace'}, 'new': {'type': 'string', 'description': 'Replacement'}}\n    Returns an output of type: string\n- search_messages: Finds catalog entries whose msgid or msgstr holds the query.\n    Takes inputs: {'query': {'type': 'string', 'description': 'Text to look for in msgid or msgstr'}, 'locale': {'type': 'string', 'description': 'Locale code'}}\n    Returns an output of type: string\n- final_answer: Provides a final answer to the given problem.\n    Takes inputs: {'answer': {'type': 'any', 'description': 'The final answer to the problem'}}\n    Returns an output of type: any\n\nHere are the rules you should always follow to solve your task:\n1. ALWAYS provide a tool call, else you will fail.\n2. Always use the right arguments for the tools. Never use variable names as the action arguments, use the value instead.\n3. Call a tool only when needed: do not call the search agent if you do not need information, try to solve the task yourself.\n4. Never re-do a tool call that you previously did with the exact same parameters.\n\nThe project: ${ROOT}, a Django 5 marketplace (apps shop, payments, accounts, delivery) with a React front end (react-intl, formatjs), being localized into Yoruba (yo). The user writes in Yoruba; answer in Yoruba.\n\nNow Begin!`,
  tools: ['run_command', 'read_file', 'edit_file', 'search_messages', 'final_answer'],
  callId: (rng) => `call_${chars(rng, 24)}`,
  renderStep: (s, ids) => renderStep(s, ids),
  renderResults: (s, ids) => renderResults(s, ids),
  resultStart: /^Call id: call_/,
  callMark: /^Calling tools:$/gm,
  resultMark: /^Call id: call_/gm,
  noise: toolcallNoise,
  big: toolcallBig,
  followUp: (rng) =>
    rng.pick([
      'Ṣé compilemessages ti kọjá?',
      'Mélòó ni ó kù láìtúmọ̀?',
      'Jọ̀ọ́, tún àwọn ìdánwò ṣe.',
      'Ṣàlàyé ní ṣókí ohun tí o yí padà.',
      'Ó dáa, kí ló kàn?',
      'Ṣé àwọn plural ti tọ́ báyìí?',
    ]),
  keepGoing: (rng) => rng.pick(['Tẹ̀síwájú.', 'Tẹ̀síwájú, má ṣe dúró.', 'Tẹ̀síwájú títí gbogbo ìdánwò yóò fi kọjá.']),
  answer: (rng) =>
    rng.pick([
      `Ó ti parí: compilemessages kọjá, kò sí ìtumọ̀ fuzzy, ìdánwò i18n ${rng.int(18, 40)} kọjá.`,
      'Done: the Yoruba catalogs compile, formatjs compiles yo.json and the i18n tests pass.',
      'A ti ṣàtúnṣe rẹ̀. Ìkìlọ̀ kan ṣì wà nínú lang/yo.json tí kò jẹ mọ́ àyípadà yìí.',
      'Ní ṣókí: àwọn àkójọ tí a yí padà ń ṣiṣẹ́, gbogbo ìdánwò sì kọjá.',
    ]),
  probe: (rng) => rng.pick(['Tẹ̀síwájú.', 'Tẹ̀síwájú láti ibi tí o dúró sí.', 'Kí ló kàn báyìí?']),
  planters: PLANTERS,
};
