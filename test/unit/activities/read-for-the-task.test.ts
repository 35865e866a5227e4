/**
 * What an output says of the task beyond its failures: the rules a file's authors marked in its
 * comments (`// NOTE: never …`, `# WARNING: …`), and what a ticket or a mail the agent fetched
 * asks when its title does not say it (src/activities/summarizers/pasted.ts `markedRules`,
 * `ticketBody`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { extractiveSummary } from '../../../src/activities/summarizers/extractive';
import {
  configRules,
  isChecksConfigPath,
  listedRules,
  markedRules,
  messageRules,
  ticketBody,
} from '../../../src/activities/summarizers/pasted';
import { tokenCounter, type TokenCounter } from '../../../src/activities/tokenizer';
import type { ChatMessage } from '../../../src/context/types';
import { say, toolSteps, user } from '../../support/chat-steps';

let counter: TokenCounter;
const step = toolSteps('r');
beforeAll(async () => {
  counter = await tokenCounter('o200k_base');
});

const source = [
  '    12\t    private val engine = MutableStateFlow<Engine?>(null)',
  '    13\t    // never called on the main thread',
  "    16\t// NOTE: don't add new dependencies to :feature:checkout",
  '    17\t    // TODO(cache): port this loop to SIMD',
  '    18\t        // only admins may see these rows here',
  '    19\t// NOTE: this loop is slow on large inputs',
  '    20\t/* IMPORTANT: keep in sync with schema.sql */',
].join('\n');

describe('rules marked in comments of code read', () => {
  it('takes a warning whatever it says, a note only when it forbids or requires, no unmarked comment; quoted as written', () => {
    expect(markedRules(source)).toEqual([
      "// NOTE: don't add new dependencies to :feature:checkout",
      '/* IMPORTANT: keep in sync with schema.sql',
    ]);
  });

  it('reads a note that forbids in another language, and a rule label', () => {
    expect(markedRules('// NOTE: die Ledger-API-Antworten dürfen sich nicht ändern')).toEqual([
      '// NOTE: die Ledger-API-Antworten dürfen sich nicht ändern',
    ]);
    expect(markedRules('-- Invariant: balances never go negative\n# Rationale: faster')).toEqual([
      '-- Invariant: balances never go negative',
    ]);
  });

  it('reads a note its authors named in lower case when it is a sentence; a field, a directive or a tag is none', () => {
    const code = [
      'module Ensemble {',
      '  // units: rainfall is in mm per 3 h, as the met office reports it',
      '  // owner: mill office, Xaythany',
      '  # type: ignore[attr-defined] because the stub is older than the module',
      '  // param members: how many members the ensemble runs with in total',
      '  -- bags: a bag is 50 kg of milled rice or 40 kg of paddy',
      '  config const members = 32;',
      '}',
    ].join('\n');
    expect(markedRules(code)).toEqual([
      '// units: rainfall is in mm per 3 h, as the met office reports it',
      '-- bags: a bag is 50 kg of milled rice or 40 kg of paddy',
    ]);
  });

  it('reads the (* … *) comments of Pascal, OCaml and Structured Text, the closing mark dropped', () => {
    const view = [
      '   1: (* GVL_IO: I/O map of line 2 *)',
      '   2: (* RULE SAFETY: software may read %IX0.7 but never drive the safety relay *)',
      '   3: VAR_GLOBAL',
      '   4:     xEStop AT %IX0.7 : BOOL; (* read-back only *)',
      '   5: END_VAR',
      '(* NOTE: never raise the exception from the audio path *)',
    ].join('\n');
    expect(markedRules(view)).toEqual([
      '(* RULE SAFETY: software may read %IX0.7 but never drive the safety relay',
      '(* NOTE: never raise the exception from the audio path',
    ]);
  });

  it('reads a marker of a few capital words, or one quoting a section by number, when what it marks forbids, requires or bounds', () => {
    const script = [
      '#!/usr/bin/env bash',
      '# DELIVERY SPEC: YouTube master is H.264 High 4:2:0, 25 fps; never upscale',
      '# HARD LIMIT 2: every job must finish in 30 minutes',
      '# PRINTER SPEC: overhangs no steeper than 45 deg',
      '# BUILD NOTES: proxies are 1280 wide',
      '# TODO FIX: must handle empty input',
      '# Step 1: always run the tests first',
    ].join('\n');
    expect(markedRules(script)).toEqual([
      '# DELIVERY SPEC: YouTube master is H.264 High 4:2:0, 25 fps; never upscale',
      '# HARD LIMIT 2: every job must finish in 30 minutes',
      '# PRINTER SPEC: overhangs no steeper than 45 deg',
    ]);
  });

  it('reads a marked comment that forbids by naming (`no X`, `nothing …`) or bounds a number, in TLA+ and `%` comments too', () => {
    const files = [
      '# POLICY: no --use_fast_math in release builds; results are compared against the CPU reference',
      '# POWER BUDGET: the advertising interval stays at 1 s or longer; shorter intervals drain the cell',
      '# POWER: PM stays on and nothing polls faster than once a minute',
      '\\* REVIEW: MessageBound stays at 4 messages; a larger bound needs the big machine',
      '% RULE: never commit the generated .aux files',
      '// NOTE: no idea why this is needed',
      '# NOTE: nothing to do here on Windows',
      '# NOTE: No changes needed for v2',
      '// NOTE: all the time goes into parsing',
      '# NOTE: all tests pass on CI',
      '// SAFETY: the pointer stays valid for at least the call',
      '% Total    % Received % Xferd  Average Speed',
    ].join('\n');
    expect(markedRules(files)).toEqual([
      '# POLICY: no --use_fast_math in release builds; results are compared against the CPU reference',
      '# POWER BUDGET: the advertising interval stays at 1 s or longer; shorter intervals drain the cell',
      '# POWER: PM stays on and nothing polls faster than once a minute',
    ]);
    expect(markedRules('// POLICY: every public method states Total() == old(Total()) unless it is Deposit')).toEqual([
      '// POLICY: every public method states Total() == old(Total()) unless it is Deposit',
    ]);
    expect(markedRules(files.split('\n').slice(3).join('\n'))).toEqual([
      '\\* REVIEW: MessageBound stays at 4 messages; a larger bound needs the big machine',
      '% RULE: never commit the generated .aux files',
    ]);
  });

  it('takes a comment that shouts a prohibition or an obligation, not one that only mentions it', () => {
    const pillar = [
      'postgres:',
      '  version: 16',
      '  # DO NOT raise max_connections above 200 on db01: the VM has 4 GB and pgbouncer sits in front.',
      '  max_connections: 150',
      '  # the old value was 300; do not ask why',
      '// NEVER call flush() from the audio thread */',
      '# Do not edit: generated',
    ].join('\n');
    expect(markedRules(pillar)).toEqual([
      '# DO NOT raise max_connections above 200 on db01: the VM has 4 GB and pgbouncer sits in front.',
      '// NEVER call flush() from the audio thread',
    ]);
  });

  it('reads the comment lines under a comment that heads rules, quoted as written', () => {
    const tidy =
      "WarningsAsErrors: '*'\n# Team rules (review checks them too):\n#   public functions are prefixed vlak_\n#   src/wal.c: no VLA and no alloca\nCheckOptions:\n  - key: x";
    expect(markedRules(tidy)).toEqual([
      '#   public functions are prefixed vlak_',
      '#   src/wal.c: no VLA and no alloca',
    ]);
    const jsonc = '{\n  // Pravidlá domu:\n  //  * ceny sú celé centy\n  "lock": true\n}';
    expect(markedRules(jsonc)).toEqual(['//  * ceny sú celé centy']);
    // (a comment with a colon that heads no rules, or names them mid-line, heads nothing)
    expect(markedRules('# Build settings:\n# CC=gcc\n// See the rules engine: src/rules.ts\nconst a = 1;')).toEqual([]);
  });

  it('takes a comment that says what to keep or not to do and why, in any comment syntax', () => {
    const code = [
      '// Keep priority 99 on woocommerce_package_rates: PluginX hooks at 100 and rewrites the rates.',
      "add_filter( 'woocommerce_package_rates', array( 'CK_Rates', 'filter' ), 99, 2 );",
      '%% keep the init clause first: ordering matters for hot upgrades',
      '" do not change the order of HEADER elements: NAV validates the sequence',
    ].join('\n');
    expect(markedRules(code)).toEqual([
      '// Keep priority 99 on woocommerce_package_rates: PluginX hooks at 100 and rewrites the rates.',
      '%% keep the init clause first: ordering matters for hot upgrades',
      '" do not change the order of HEADER elements: NAV validates the sequence',
    ]);
    // (after a marker with its owner, the reason after a semicolon)
    const owned = '// NOTE(ana): keep max_packet_size at 268435455; the remaining-length field caps it';
    expect(markedRules(`pub const max_packet_size: u32 = 268435455;\n${owned}`)).toEqual([owned]);
    // (a marker in capitals with its owner, when what follows forbids or requires; never a task's)
    const safety = '# SAFETY(ana): max_linear must never exceed 1.2 m/s, certified value';
    expect(markedRules(`max_linear: 1.0\n${safety}\n# TODO(bo): must handle the reverse gear`)).toEqual([safety]);
    // without a reason, with a fact's verb, or a JSON key: the code's, not a rule
    for (const line of [
      '// keep track of the count',
      '# Never called on the main thread: see run()',
      '// never returns null: callers rely on it',
      '  "keep_alive": true,',
      '# Do not edit: generated',
    ])
      expect(markedRules(line)).toEqual([]);
  });

  it('takes at most three from one output, and nothing from prose or logs', () => {
    const many = Array.from({ length: 6 }, (_, i) => `# WARNING: job ${i} publishes to prod`).join('\n');
    expect(markedRules(many)).toHaveLength(3);
    expect(markedRules('WARNING: disk almost full\n2024-05-14 WARN retrying in 5s')).toEqual([]);
  });
});

describe('rules listed in configuration read', () => {
  it('takes the sentences listed under a key that names rules, not hosts, ids or settings', () => {
    const scope = [
      'engagement: ACME-2024-Q2',
      'out_of_scope:',
      '  - 198.51.100.128/25',
      'rules:',
      '  - no denial of service or load testing',
      '  - vpn.acme.test is out of scope: do not scan or touch it',
      'contacts:',
      '  - secops@acme.test',
    ].join('\n');
    expect(listedRules(scope)).toEqual([
      'no denial of service or load testing',
      'vpn.acme.test is out of scope: do not scan or touch it',
    ]);
    expect(listedRules('freeze:\n  - no job updates in dc2 between Friday 16:00 and Monday 08:00\nversion: 3')).toEqual(
      ['no job updates in dc2 between Friday 16:00 and Monday 08:00'],
    );
    expect(listedRules('dependencies:\n  - requests>=2\n  - the http client we use')).toEqual([]);
  });
});

describe("the settings of a checks' configuration read", () => {
  it('takes what makes a check stricter, as written; not what turns one off, only warns or names no check', () => {
    expect(isChecksConfigPath('pyproject.toml')).toBe(true);
    expect(isChecksConfigPath('app/build.gradle.kts')).toBe(true);
    expect(isChecksConfigPath('src/main/java/Invoice.java')).toBe(false);
    expect(
      configRules('[tool.mypy]\nstrict = true\ndisallow_any_generics = true  # tidal\nwarn_unreachable = true'),
    ).toEqual(['strict = true', 'disallow_any_generics = true  # tidal']);
    const eslint = [
      '  ...tseslint.configs.strict,',
      '  rules: {',
      "    'no-restricted-imports': ['error', { patterns: ['@acme/internal/*'] }],",
      "    'no-console': 'warn',",
      "    eqeqeq: ['off'],",
      '  },',
    ].join('\n');
    expect(configRules(eslint)).toEqual(["'no-restricted-imports': ['error', { patterns: ['@acme/internal/*'] }],"]);
    expect(
      configRules(
        '{\n  "compilerOptions": {\n    "strict": true,\n    "noImplicitAny": false,\n    "target": "ES2022"\n  }\n}',
      ),
    ).toEqual(['"strict": true,']);
    expect(
      configRules(
        'options.errorprone.disableWarningsInGeneratedCode.set(true)\noptions.errorprone.error("TariffCheck")',
      ),
    ).toEqual(['options.errorprone.error("TariffCheck")']);
    // (a package named `errors` is no finding made an error)
    expect(configRules('imports:\n  - pkg: "github.com/pkg/errors"')).toEqual([]);
    expect(configRules('# strict = true is what we want one day\nversion = "1.2.0"')).toEqual([]);
  });

  it("takes the items of a list that denies (golangci's depguard, cargo-deny's bans)", () => {
    const depguard =
      '    depguard:\n      deny:\n        - pkg: "io/ioutil"\n          desc: use os and io\n      allow:\n        - $gostd';
    expect(configRules(depguard)).toEqual(['- pkg: "io/ioutil"', 'desc: use os and io']);
    const bans = '[bans]\ndeny = [\n    { name = "openssl", reason = "use rustls" },\n]\nskip = []';
    expect(configRules(bans)).toEqual(['{ name = "openssl", reason = "use rustls" },']);
  });

  it('reads them in a summary, by any reader of the file (a command after a `cd` too)', () => {
    const read = (args: Record<string, unknown>, output: string): string =>
      extractiveSummary(
        [user('Add the tariff bands.'), ...step('run', args, output), say('Noted.')],
        undefined,
        counter,
        600,
      ).text;
    const gradle = 'tasks.withType<JavaCompile>().configureEach {\n    options.errorprone.error("TariffCheck")\n}';
    expect(read({ command: "cd ~/vodovod\nsed -n '20,40p' build.gradle.kts" }, gradle)).toContain(
      'build.gradle.kts: options.errorprone.error("TariffCheck")',
    );
    expect(read({ command: 'cat src/Tariff.java' }, gradle)).not.toContain('options.errorprone.error("TariffCheck")');
  });
});

describe('rules stated in a thread exported as JSON', () => {
  it('takes the firm rules of its messages, not a schema’s descriptions', () => {
    const thread = JSON.stringify([
      { user: 'mp', text: 'heads up, the HPC team is auditing allocations this month' },
      { user: 'hpc', text: 'Reminder: every job must be charged to account lab-7. Others are cancelled.' },
    ]);
    expect(messageRules(thread)).toEqual(['Reminder: every job must be charged to account lab-7.']);
    expect(messageRules(JSON.stringify({ port: { description: 'The port must be a positive integer.' } }))).toEqual([]);
    expect(messageRules('not json: you must not parse this')).toEqual([]);
  });
});

describe('what a ticket or a mail asks', () => {
  it.each([
    [
      'a tracker with a body label',
      'DATA-2781 nightly load\n\nDescription:\nmove the orders load from cron into Airflow\n',
    ],
    [
      'an issue: fields, then a rule',
      'title:\tCrash report\nlabels:\tandroid, crash\n--\nget the app building against SDK 34\n',
    ],
    ['a mail in Spanish', 'De: controller@acme.example\nAsunto: Cierre Q2\n\ncuadrar el cierre de Q2 con el mayor\n'],
  ])('%s', (_, content) => {
    expect(ticketBody(content)).toMatch(/^(?:move|get|cuadrar) /);
  });

  it('is no ticket: a commit, an HTTP response, a pod described', () => {
    expect(ticketBody('commit abc123\nAuthor: Dev <d@x>\nDate:   Mon May 13\n\n    fix: the thing is broken\n')).toBe(
      undefined,
    );
    expect(ticketBody('HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"a": 1}')).toBe(undefined);
    expect(ticketBody('Name:         api-7d9\nNamespace:    default\n\nEvents:\n  Type  Reason  Age')).toBe(undefined);
  });

  it('gives the summary the task a ticket fetched by the agent asks for, and a file’s marked rule', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Pick up the task below.' },
      {
        role: 'assistant',
        content: 'Reading the task first.',
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'bash', arguments: '{"command":"gh issue view 412"}' } },
          {
            id: 'c2',
            type: 'function',
            function: { name: 'read_file', arguments: '{"path":"app/src/main/CartFragment.kt"}' },
          },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'c1',
        content: 'title:\tCrash report\nlabels:\tandroid, crash\n--\nget the app building against SDK 34\n',
      },
      { role: 'tool', tool_call_id: 'c2', content: source },
    ];
    const summary = extractiveSummary(messages, undefined, counter, 1_000).text;
    expect(summary).toContain('get the app building against SDK 34');
    expect(summary).toContain("NOTE: don't add new dependencies to :feature:checkout");
    expect(summary).not.toContain('never called on the main thread');
  });
});

describe('a document titled as rules', () => {
  const read = (doc: string): string =>
    extractiveSummary(
      [
        { role: 'user', content: 'Fix the VAT mapping.' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'g', type: 'function', function: { name: 'get_object', arguments: '{"name": "ZNAV_GUIDE"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'g', content: doc },
        { role: 'assistant', content: 'Noted, mapping next.' },
      ],
      undefined,
      counter,
      2_000,
    ).text;
  const items = [
    '1. All texts in message class ZNAV, no literals.',
    '2. no direct UPDATE on ZNAV_HEAD; use the update function module so the change document is written.',
    '3. Every class needs ABAP Unit tests (coverage >= 60%).',
  ].join('\n');

  it('takes every item as a rule, however it is phrased, and not its title', () => {
    for (const title of ['Development guidelines – package ZNAV', '# Coding conventions']) {
      const summary = read(`${title}\n\n${items}\n`);
      const constraints = summary.split('## Constraints and requirements')[1]?.split('\n## ')[0] ?? '';
      expect(constraints).toContain('no direct UPDATE on ZNAV_HEAD; use the update function module');
      expect(constraints).toContain('Every class needs ABAP Unit tests');
      expect(constraints).not.toContain(title.replace('# ', ''));
    }
    // (the same items under another title are statements like any other: none of them a rule here)
    expect(read(`Release notes – package ZNAV\n\n${items}\n`)).not.toContain('## Constraints');
  });
});

describe('rules a document lists under labels of their own', () => {
  it('takes a list item that labels itself a rule (`2. RULE R7: …`) as a rule, whatever its verbs', () => {
    const notes = [
      'Notes for the bakery books',
      '==========================',
      '1. Bank statements are closed with a balance assertion.',
      "2. RULE R7: receipts above 250,00 EUR carry a receipt: tag with the scan's file name.",
      '3. Receipts are filed under receipts/YYYY-MM.',
    ].join('\n');
    const summary = extractiveSummary(
      [user('Close March in the books.'), ...step('read_file', { path: 'notes/fiduciary.txt' }, notes)],
      undefined,
      counter,
      1_000,
    ).text;
    const rules = summary.split('## Constraints and requirements\n')[1]?.split('\n\n')[0] ?? '';
    expect(rules).toContain("RULE R7: receipts above 250,00 EUR carry a receipt: tag with the scan's file name.");
  });
});
