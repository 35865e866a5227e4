/**
 * A LangChain structured-chat agent (`create_structured_chat_agent`): each step is a `Thought:`
 * and an `Action:` holding one ```json {"action", "action_input"}``` blob, answered by an
 * `Observation:`; the final answer is the blob whose action is `Final Answer`. The tools are the
 * shell tool and the file-management toolkit; the project is an Erlang/OTP umbrella built with
 * rebar3 (eunit, Common Test, dialyzer, xref, relx); the user writes in Greek.
 */
import {
  beat,
  fact,
  buried,
  cap,
  fail,
  lines,
  ok,
  one,
  pad,
  planter,
  type DeepCall,
  type DeepHarness,
  type DeepStep,
  type Planter,
} from './deep-kit';
import type { Rng } from './rng';
import type { FactKind } from './types';

const APPS = ['tamio_core', 'tamio_pay', 'tamio_ledger', 'tamio_http'] as const;
const MODS = [
  'tamio_pay_srv',
  'tamio_ledger_db',
  'tamio_http_handler',
  'tamio_fx',
  'tamio_sup',
  'tamio_core_cfg',
  'tamio_ledger_journal',
  'tamio_pay_webhook',
  'tamio_http_auth',
] as const;
const FUNS = [
  'init',
  'handle_call',
  'handle_cast',
  'handle_info',
  'post_entry',
  'convert',
  'fetch',
  'validate',
  'encode',
];

function appOf(mod: string): string {
  return APPS.find((a) => mod.startsWith(a)) ?? 'tamio_core';
}

function src(mod: string): string {
  return `apps/${appOf(mod)}/src/${mod}.erl`;
}

function sh(cmd: string, output: string, exit = 0): DeepCall {
  return exit === 0 ? ok('terminal', { commands: [cmd] }, output) : fail('terminal', { commands: [cmd] }, output, exit);
}

const VERIFY = '===> Verifying dependencies...\n===> Analyzing applications...';

function compiled(rng: Rng): string {
  const apps = rng.sample(APPS, rng.int(1, 4));
  return `${VERIFY}\n${apps.map((a) => `===> Compiling ${a}`).join('\n')}`;
}

function erlSource(rng: Rng, mod: string, extra = ''): string {
  const funs = rng.sample(FUNS, rng.int(3, 7));
  const body = funs
    .map(
      (f) =>
        `${f}(${rng.pick(['Req', 'Msg, State', 'Id, Amount', 'Cfg', '_From, S'])}) ->\n    ${rng.pick([
          'case maps:get(currency, Req, eur) of\n        eur -> {ok, Req};\n        Other -> {error, {unsupported, Other}}\n    end.',
          '{reply, ok, State}.',
          'logger:info(#{what => tick, mod => ?MODULE}),\n    {noreply, S}.',
          'Rate = tamio_fx:rate(Id),\n    {ok, round(Amount * Rate)}.',
          'ets:lookup(tamio_cache, Cfg).',
        ])}`,
    )
    .join('\n\n');
  return `%%% @doc ${mod}\n-module(${mod}).\n-behaviour(${rng.pick(['gen_server', 'gen_statem', 'supervisor'])}).\n\n-export([${funs
    .map((f) => `${f}/${rng.int(1, 3)}`)
    .join(', ')}]).\n\n-include_lib("kernel/include/logger.hrl").\n${extra}\n${body}\n`;
}

function eunitPass(rng: Rng): string {
  const n = rng.int(40, 160);
  return `${VERIFY}\n===> Compiling tamio_core\n===> Performing EUnit tests...\n${'.'.repeat(n)}\nFinished in ${rng.int(0, 4)}.${pad(rng.int(0, 999), 3)} seconds\n${n} tests, 0 failures`;
}

function ctFail(rng: Rng): string {
  const suite = rng.pick(['tamio_http_SUITE', 'tamio_pay_SUITE', 'tamio_ledger_SUITE']);
  const n = rng.int(8, 30);
  return `${VERIFY}\n===> Compiling tamio_pay\n===> Running Common Test suites...\n%%% ${suite}: ${'.'.repeat(n - 1)}F\n%%% ${suite} ==> health_probe: FAILED\n%%% ${suite} ==> {{badmatch,{error,econnrefused}},\n    [{${suite},health_probe,1,[{file,"apps/tamio_http/test/${suite}.erl"},{line,${rng.int(40, 300)}}]},\n     {test_server,ts_tc,3,[{file,"test_server.erl"},{line,1793}]}]}\n\nEXPERIMENTAL: Writing retry specification to /home/dev/tamio/_build/test/logs/retry.spec\nFailed 1 tests. Passed ${n - 1} tests.\nResults written to "/home/dev/tamio/_build/test/logs/index.html".\n===> Failures occurred running tests: 1`;
}

function dialyzer(rng: Rng, warnings: number): string {
  const w = lines(warnings, (i) => {
    const m = MODS[(i * 7) % MODS.length] as string;
    return `${src(m)}\nLine ${rng.int(10, 400)} Column ${rng.int(1, 20)}: ${rng.pick([
      "The pattern {'ok', _} can never match the type 'error'",
      'Function handle_info/2 has no local return',
      'The call lists:keyfind(currency,1,Opts::map()) breaks the contract (Key,N,TupleList) -> Tuple | false',
      'Guard test is_binary(Amount::integer()) can never succeed',
      "Expression produces a value of type {'error',_}, but this value is unmatched",
    ])}\n`;
  });
  return `===> Dialyzer starting, this may take a while...\n===> Updating plt...\n===> Resolving project files...\n===> Checking 312 files in _build/default/rebar3_26.2.5_plt...\n===> Doing success typing analysis...\n===> Resolving project warning files...\n===> Analyzing ${rng.int(30, 60)} files with _build/default/rebar3_26.2.5_plt...\n\n${w}\n===> Warnings occurred running dialyzer: ${warnings}`;
}

function gitLog(rng: Rng, n: number, extra?: string): string {
  const subjects = [
    'tamio_fx: cache rates in ets',
    'ledger: journal compaction',
    'http: cowboy 2.12',
    'pay: retry webhook on 503',
    'ci: run dialyzer on OTP 26',
    'core: config via sys.config.src',
    'sup: one_for_all for ledger workers',
  ];
  const rows = lines(
    n,
    (i) =>
      `${rng.pick(['3', '7', 'a', 'c', 'e'])}${'0123456789abcdef'[i % 16]}${'5f2b9d'.slice(i % 3, (i % 3) + 3)}1d ${rng.pick(subjects)}`,
  );
  return extra ? `${extra}\n${rows}` : rows;
}

function noise(rng: Rng): DeepStep {
  const mod = rng.pick(MODS);
  switch (rng.int(0, 10)) {
    case 0:
      return one(
        rng.pick(['I should make sure everything still compiles.', 'Let me compile first.']),
        sh('rebar3 compile', compiled(rng)),
      );
    case 1:
      return one(
        `I need to look at ${mod} before changing anything.`,
        ok('read_file', { file_path: src(mod) }, erlSource(rng, mod)),
      );
    case 2:
      return one(
        'Let me see how the app is laid out.',
        ok(
          'list_directory',
          { dir_path: `apps/${appOf(mod)}/src` },
          MODS.filter((m) => appOf(m) === appOf(mod))
            .map((m) => `${m}.erl`)
            .concat([`${appOf(mod)}.app.src`, `${appOf(mod)}_app.erl`])
            .join('\n'),
        ),
      );
    case 3: {
      const hits = rng.sample(MODS, rng.int(2, 6)).map((m) => src(m));
      return one(
        'I will search for the callers.',
        ok('file_search', { dir_path: 'apps', pattern: '*.erl' }, hits.join('\n')),
      );
    }
    case 4:
      return one('Running the unit tests.', sh(`rebar3 eunit --app ${rng.pick(APPS)}`, eunitPass(rng)));
    case 5:
      return one('Common Test next.', sh('rebar3 ct --suite apps/tamio_http/test/tamio_http_SUITE', ctFail(rng), 1));
    case 6:
      return one('Dialyzer should catch type mistakes.', sh('rebar3 dialyzer', dialyzer(rng, rng.int(1, 5)), 1));
    case 7:
      return one('Recent history of the repo:', sh('git log --oneline -n 15', gitLog(rng, 15)));
    case 8:
      return one(
        'Cross-reference check.',
        sh(
          'rebar3 xref',
          `${VERIFY}\n===> Compiling tamio_ledger\n===> Running cross reference analysis...\n${lines(rng.int(1, 4), (i) => `===> Warning: ${MODS[(i + 3) % MODS.length]}:legacy_${FUNS[i % FUNS.length]}/${i + 1} is unused export (Xref)`)}`,
        ),
      );
    case 9:
      return one(
        'Checking the working tree.',
        sh(
          'git status --short',
          lines(rng.int(1, 6), (i) => ` M ${src(MODS[(i * 5 + 1) % MODS.length] as string)}`),
        ),
      );
    default:
      return one(
        'A quick check in a shell.',
        sh(
          `erl -noshell -pa _build/default/lib/*/ebin -eval 'io:format("~p~n", [tamio_fx:rate(${rng.pick(['usd', 'gbp', 'chf'])})]), halt().'`,
          `{ok,${rng.int(0, 1)}.${rng.int(100000, 999999)}}`,
        ),
      );
  }
}

function big(rng: Rng): DeepStep {
  if (rng.chance(0.5)) {
    const n = rng.int(260, 420);
    return one(
      'Let me get the whole Common Test log for the ledger suite.',
      ok(
        'read_file',
        { file_path: '_build/test/logs/last/tamio_ledger_SUITE.logs/run.log' },
        lines(
          n,
          (i) =>
            `=== ${clockish(i)} tamio_ledger_SUITE:${rng.pick(['post_many', 'journal_replay', 'compaction', 'failover'])}/1 ${rng.pick(
              [
                'entry {entry,<<"acct_00' + pad(i % 97) + '">>,' + String(rng.int(1, 99999)) + ',eur} posted',
                'journal segment ' + String(i) + ' flushed (4096 entries, 1.2 MB)',
                'mnesia transaction committed in ' + String(rng.int(1, 80)) + ' ms',
                'gen_server tamio_ledger_db call latency p99=' + String(rng.int(2, 40)) + 'ms',
              ],
            )}`,
        ),
      ),
    );
  }
  return one(
    'Full dialyzer run across the umbrella.',
    sh('rebar3 dialyzer --incremental false', dialyzer(rng, rng.int(110, 160)), 1),
  );
}

function clockish(i: number): string {
  return `2024-06-1${i % 9} 10:${pad(Math.floor(i / 60) % 60)}:${pad(i % 60)}.${pad((i * 37) % 1000, 3)}`;
}

const HELLO = ['Γεια σου!', 'Καλημέρα.', 'Γεια,', 'Καλησπέρα!'];

function goalUser(): Planter[] {
  return [
    planter(true, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `μερικές επιστροφές χρημάτων στον πάροχο ${w}Pay`;
      return fact(needle, 'user-request', [
        {
          user: `${rng.pick(HELLO)} Δουλεύουμε στο tamio (Erlang/OTP 26, umbrella με rebar3). Θέλω να προσθέσεις ${needle}: το tamio_pay_srv πρέπει να δέχεται ποσό μικρότερο από την αρχική χρέωση και το ledger να γράφει αντίστροφη εγγραφή. Τα tests να περνάνε (eunit και ct).`,
        },
        beat(
          'Thought: First I want to see the payment server.',
          ok('read_file', { file_path: src('tamio_pay_srv') }, erlSource(rng, 'tamio_pay_srv')),
        ),
      ]);
    }),
    planter(true, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `Ledger drift after ${w} failover`;
      return fact(needle, 'user-issue', [
        {
          user: `${rng.pick(HELLO)} Κοίτα αυτό το issue, το επικόλλησα από το GitHub:\n\n> **${needle}** #${rng.int(200, 900)}\n> When the ledger node ${w}@db2 takes over, balances read from tamio_ledger_db are off by the entries still in the journal.\n> Steps: kill the primary, post 100 entries, compare \`tamio_ledger:balance/1\` on both nodes.\n\nΜπορείς να το διορθώσεις; Ξεκίνα με ένα test που το αναπαράγει.`,
        },
      ]);
    }),
    planter(true, ({ rng, mint }) => {
      const n = mint('num');
      const needle = `όριο ${n} αιτημάτων ανά λεπτό`;
      return fact(needle, 'user-terse', [
        {
          user: `rate limiting στο tamio_http: ${needle} ανά API key, με 429 και Retry-After. ${rng.pick(['Ευχαριστώ!', 'Πες μου αν κάτι δεν είναι σαφές.', ''])}`.trim(),
        },
      ]);
    }),
  ];
}

function goalOther(): Planter[] {
  return [
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `Nightly settlement export for ${cap(w)} bank`;
      return fact(needle, 'tool-issue', [
        beat(
          'Thought: The next ticket in the milestone should tell me what comes after this.',
          sh(
            `gh issue view ${rng.int(300, 700)}`,
            `${needle}\nOpen • mkaralis opened about 2 days ago • 3 comments\nLabels: ledger, milestone-1.4\n\n  The bank wants a CSV of the day's settled entries at 02:00 Europe/Athens, signed with our key.\n  Format spec is in docs/settlement.md.\n\nView this issue on GitHub: https://github.com/tamio/tamio/issues/${rng.int(300, 700)}`,
          ),
        ),
      ]);
    }),
    planter(false, ({ mint }) => {
      const w = mint('word');
      const needle = `a supervised ${w} worker pool`;
      return fact(needle, 'agent-restate', [
        beat(
          `Thought: So what the user is really after now is ${needle} in tamio_pay, so webhooks stop blocking the server. Let me look at the supervisor.`,
          ok(
            'read_file',
            { file_path: src('tamio_sup') },
            '-module(tamio_sup).\n-behaviour(supervisor).\n-export([start_link/0, init/1]).\n\ninit([]) ->\n    {ok, {#{strategy => one_for_one, intensity => 5, period => 10}, []}}.\n',
          ),
        ),
      ]);
    }),
  ];
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [...goalUser(), ...goalOther()],
  constraint: [
    planter(true, ({ rng, mint }) => {
      const v = mint('num');
      const needle = `το πεδίο amount_${v} μένει integer`;
      return fact(needle, 'user-rule', [
        {
          user: `Μισό λεπτό — ${needle}, σε λεπτά του ευρώ. Όχι floats πουθενά στο ledger, ${rng.pick(['το έχουμε πληρώσει ακριβά.', 'οι λογιστές θα μας σκοτώσουν.', 'το λέει και ο Νίκος.'])}`,
        },
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `Never call ${w}:sync/1 from a gen_server callback`;
      return fact(needle, 'tool-rules', [
        beat(
          'Thought: The repo has a CONTRIBUTING file; I should read the rules before editing.',
          ok(
            'read_file',
            { file_path: 'CONTRIBUTING.md' },
            `# Contributing to tamio\n\n## Style\n- erlfmt, line length 100\n- Specs on every exported function\n\n## Runtime\n- ${needle}; it blocks for up to 30 s on failover.\n- Log with logger macros, never io:format.\n\n## Releases\n- Bump the app vsn in ${rng.pick(APPS)}.app.src.\n`,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `%% keep the ${w} clause first: ordering matters for hot upgrades`;
      const mod = rng.pick(MODS);
      return fact(needle, 'tool-comment', [
        beat(
          `Thought: Reading ${mod} to find where the message is handled.`,
          ok(
            'read_file',
            { file_path: src(mod) },
            erlSource(rng, mod, `\n${needle}\nhandle_info({${w}, Ref}, S) -> {noreply, S#{ref => Ref}};\n`),
          ),
        ),
        beat(
          `Thought: Noted, I will not reorder the handle_info clauses in ${mod}.`,
          sh('rebar3 compile', compiled(rng)),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = mint('word');
      const needle = `OTP ${w}`;
      return fact(needle, 'user-aside', [
        {
          user: `Α, και κάτι ακόμα: η παραγωγή τρέχει ακόμα σε ${needle} (custom build), οπότε όχι νέες συναρτήσεις από το stdlib που δεν υπάρχουν εκεί, π.χ. maps:foreach κλπ.`,
        },
      ]);
    }),
  ],
  decision: [
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `ets table ${w}_idx`;
      return fact(needle, 'agent-thought', [
        beat(
          `Thought: Mnesia would work, but a named ${needle} owned by tamio_sup is simpler and survives worker restarts. I'll go with that and keep mnesia out of it.`,
          ok('read_file', { file_path: src('tamio_ledger_db') }, erlSource(rng, 'tamio_ledger_db')),
        ),
      ]);
    }),
    planter(true, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `gen_statem με καταστάσεις ${w}`;
      return fact(needle, 'user-choice', [
        {
          user: `Το σκέφτηκα: πάμε με ${needle}/settled/failed αντί για gen_server με flags. ${rng.pick(['Είναι πιο καθαρό.', 'Θα το διαβάζουμε πιο εύκολα σε έναν χρόνο.'])}`,
        },
        beat(
          'Thought: The user chose the state machine. Let me see the current server.',
          ok('read_file', { file_path: src('tamio_pay_srv') }, erlSource(rng, 'tamio_pay_srv')),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const h = mint('hex');
      const needle = `use telemetry spans, not folsom (${h})`;
      return fact(needle, 'tool-adr', [
        beat(
          'Thought: I will record the metrics decision as an ADR so nobody reopens it.',
          ok(
            'write_file',
            {
              file_path: `docs/adr/00${rng.int(10, 39)}-metrics.md`,
              text: `# Metrics\n\nStatus: accepted\n\nDecision: ${needle}. folsom is unmaintained and telemetry is what cowboy emits already.\n`,
            },
            `File written successfully to docs/adr/00${rng.int(10, 39)}-metrics.md.`,
          ),
        ),
      ]);
    }),
  ],
  file: [
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const path = `apps/tamio_pay/src/tamio_pay_${w}.erl`;
      return fact(path, 'tool-write', [
        beat(
          'Thought: The refund logic gets its own module.',
          ok(
            'write_file',
            { file_path: path, text: erlSource(rng, `tamio_pay_${w}`) },
            `File written successfully to ${path}.`,
          ),
        ),
        beat('Thought: Compile it.', sh('rebar3 compile', `${VERIFY}\n===> Compiling tamio_pay`)),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = mint('word');
      const path = `config/${w}.sys.config.src`;
      return fact(path, 'user-path', [
        { user: `Η ρύθμιση για το staging είναι στο ${path}, άλλαξε εκεί το pool_size σε 40, όχι στο sys.config.` },
        beat(
          'Thought: Reading the staging config.',
          ok(
            'read_file',
            { file_path: path },
            `[\n  {tamio_pay, [{pool_size, 20}, {webhook_timeout, 5000}]},\n  {kernel, [{logger_level, "\${LOG_LEVEL}"}]}\n].\n`,
          ),
        ),
        beat(
          'Thought: Setting pool_size to 40.',
          ok(
            'write_file',
            { file_path: path, text: '[\n  {tamio_pay, [{pool_size, 40}, {webhook_timeout, 5000}]}\n].\n' },
            `File written successfully to ${path}.`,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const path = `apps/tamio_ledger/test/${w}_SUITE.erl`;
      return fact(path, 'tool-diff', [
        beat(
          'Thought: Let me see what I changed so far.',
          sh(
            'git diff --stat',
            ` ${src('tamio_ledger_db')}     | ${rng.int(5, 40)} ++++++---\n ${path} | ${rng.int(40, 120)} ++++++++++++\n 2 files changed, ${rng.int(50, 160)} insertions(+), ${rng.int(3, 20)} deletions(-)`,
          ),
        ),
      ]);
    }),
  ],
  error: [
    planter(false, ({ rng, mint }) => {
      const v = cap(mint('word'));
      const needle = `variable '${v}' is unbound`;
      const mod = rng.pick(MODS);
      const line = rng.int(30, 300);
      return fact(needle, 'tool-compile', [
        beat(
          'Thought: Compile after the edit.',
          sh(
            'rebar3 compile',
            `${VERIFY}\n===> Compiling ${appOf(mod)}\n===> Compiling ${src(mod)} failed\n${src(mod)}:${line}:${rng.int(5, 20)}: ${needle}\n${src(mod)}:${line + 4}:5: Warning: variable 'Acc' is unused\n`,
            1,
          ),
        ),
        beat(
          `Thought: The build broke in ${mod} line ${line}: ${needle}. I renamed the binding in one clause only; reading that clause again.`,
          ok('read_file', { file_path: src(mod) }, erlSource(rng, mod)),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `tamio_fx_tests:${w}_test/0`;
      const n = rng.int(30, 90);
      return fact(needle, 'tool-eunit', [
        beat(
          'Thought: Unit tests for the fx module.',
          sh(
            'rebar3 eunit --module=tamio_fx_tests',
            `${VERIFY}\n===> Compiling tamio_core\n===> Performing EUnit tests...\n${'.'.repeat(rng.int(5, 20))}F${'.'.repeat(rng.int(5, 20))}\nFailures:\n\n  1) ${needle}\n     Failure/Error: ?assertEqual(10500,tamio_fx:convert(10000,usd,eur))\n       expected: 10500\n            got: 10499\n     %% apps/tamio_core/test/tamio_fx_tests.erl:${rng.int(10, 90)}:in \`tamio_fx_tests:-${w}_test/0-fun-0-/0\`\n     Output: \n\nFinished in 0.${rng.int(100, 900)} seconds\n${n} tests, 1 failures\n===> Error running tests`,
            1,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `{badmatch,{error,${w}_locked}}`;
      return fact(needle, 'tool-ct', [
        beat(
          'Thought: Run the ledger suite.',
          sh(
            'rebar3 ct --suite apps/tamio_ledger/test/tamio_ledger_SUITE',
            buried(
              rng,
              rng.int(20, 60),
              (i) => `%%% tamio_ledger_SUITE: ${i % 2 ? 'post_many' : 'journal_replay'} .`,
              `%%% tamio_ledger_SUITE ==> failover_replay: FAILED\n%%% tamio_ledger_SUITE ==> {${needle},\n    [{tamio_ledger_db,replay,2,[{file,"apps/tamio_ledger/src/tamio_ledger_db.erl"},{line,${rng.int(60, 240)}}]},\n     {tamio_ledger_SUITE,failover_replay,1,[{file,"apps/tamio_ledger/test/tamio_ledger_SUITE.erl"},{line,${rng.int(60, 240)}}]}]}`,
              `Failed 1 tests. Passed ${rng.int(20, 60)} tests.\nResults written to "/home/dev/tamio/_build/test/logs/index.html".\n===> Failures occurred running tests: 1`,
            ),
            1,
          ),
        ),
      ]);
    }),
    planter(true, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `{undef,[{tamio_${w},start_link,[],[]}`;
      return fact(needle, 'user-paste', [
        {
          user: `Στο staging πέφτει με αυτό μετά το deploy:\n\n=SUPERVISOR REPORT==== ${rng.int(1, 28)}-Jun-2024::0${rng.int(1, 9)}:12:44.${rng.int(100000, 999999)} ===\n    supervisor: {local,tamio_sup}\n    errorContext: start_error\n    reason: ${needle},\n                 {supervisor,do_start_child_i,3,[{file,"supervisor.erl"},{line,420}]}]}\n    offender: [{pid,undefined},{id,tamio_pay_pool}]\n\nΤι λείπει;`,
        },
        beat(
          'Thought: An undef on start_link means the module is not in the release. Checking the app file.',
          ok(
            'read_file',
            { file_path: 'apps/tamio_pay/src/tamio_pay.app.src' },
            `{application, tamio_pay,\n [{description, "payments"},\n  {vsn, "1.3.${rng.int(0, 9)}"},\n  {registered, []},\n  {applications, [kernel, stdlib, tamio_core]},\n  {mod, {tamio_pay_app, []}}]}.\n`,
          ),
        ),
      ]);
    }),
  ],
  pending: [
    planter(false, ({ mint }) => {
      const w = mint('word');
      const needle = `run the ${w} migration on staging`;
      return fact(needle, 'agent-next', [
        beat(
          `Thought: Code and tests are done. What is left is to ${needle} once Nikos unlocks the database; I'll leave a note in the release checklist.`,
          ok(
            'write_file',
            { file_path: 'RELEASE-CHECKLIST.md', text: `- [x] eunit/ct green\n- [ ] ${needle}\n`, append: true },
            'File written successfully to RELEASE-CHECKLIST.md.',
          ),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = mint('word');
      const needle = `hot upgrade με appup για το ${w}`;
      return fact(needle, 'user-later', [
        { user: `Ωραία. Το επόμενο βήμα, όταν τελειώσεις: ${needle}, να μη χρειαστεί restart του κόμβου.` },
        beat(
          'Thought: For an appup I need the current release version.',
          sh('ls _build/prod/rel/tamio/releases', '1.3.0\n1.3.1\nRELEASES\nstart_erl.data'),
        ),
      ]);
    }),
    planter(false, ({ mint }) => {
      const c = mint('code');
      const needle = `TODO(${c}): re-enable the failover_replay case`;
      return fact(needle, 'tool-todo', [
        beat(
          'Thought: Marking the skipped case so it is not forgotten.',
          ok(
            'write_file',
            {
              file_path: 'apps/tamio_ledger/test/tamio_ledger_SUITE.erl',
              text: `all() -> [post_many, journal_replay].\n%% ${needle} once the lock fix is merged\n`,
            },
            'File written successfully to apps/tamio_ledger/test/tamio_ledger_SUITE.erl.',
          ),
        ),
        beat(
          'Thought: Re-running the suite.',
          sh(
            'rebar3 ct --suite apps/tamio_ledger/test/tamio_ledger_SUITE',
            `${VERIFY}\n===> Running Common Test suites...\n%%% tamio_ledger_SUITE: ..\nAll 2 tests passed.`,
          ),
        ),
      ]);
    }),
  ],
  value: [
    planter(false, ({ rng, mint }) => {
      const h = mint('hex');
      const needle = `tamio-1.3.${rng.int(2, 9)}+${h}`;
      return fact(needle, 'tool-release', [
        beat(
          'Thought: Build the production release.',
          sh(
            'rebar3 as prod release',
            `${VERIFY}\n===> Compiling tamio_core\n===> Compiling tamio_pay\n===> Compiling tamio_ledger\n===> Compiling tamio_http\n===> Assembling release tamio-1.3.${rng.int(2, 9)}...\n===> Release successfully assembled: _build/prod/rel/tamio\n===> Release tarball tag: ${needle}`,
          ),
        ),
        beat(
          `Thought: The tag is ${needle}; I'll put it in the deploy note.`,
          ok(
            'write_file',
            { file_path: 'deploy/NEXT', text: `${needle}\n` },
            'File written successfully to deploy/NEXT.',
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const p = String(rng.int(40000, 59999));
      const w = mint('word');
      const needle = `${w}@127.0.0.1`;
      return fact(needle, 'tool-epmd', [
        beat(
          'Thought: Which nodes are up locally?',
          sh(
            'epmd -names',
            `epmd: up and running on port 4369 with data:\nname ${w} at port ${p}\nname tamio_ct at port ${rng.int(40000, 59999)}`,
          ),
        ),
        beat(
          `Thought: I'll connect a remote shell to ${needle}.`,
          sh(
            `erl -sname probe -remsh ${needle} -setcookie tamio_dev -eval 'halt().'`,
            `Eshell V14.2.5 (press Ctrl+G to abort, type help(). for help)\n(${w}@127.0.0.1)1>`,
          ),
        ),
      ]);
    }),
    planter(true, ({ rng, mint }) => {
      const n = mint('num');
      const needle = `acct_${n}`;
      return fact(needle, 'user-id', [
        {
          user: `Για δοκιμή χρησιμοποίησε τον λογαριασμό ${needle} στο sandbox, ${rng.pick(['έχει ήδη κινήσεις.', 'είναι ο δικός μου.'])}`,
        },
        beat(
          'Thought: Posting a test entry to that account.',
          sh(
            `curl -s -X POST localhost:8080/v1/entries -d '{"account":"${needle}","amount":1500}'`,
            `{"id":"ent_${rng.int(1000, 9999)}","account":"${needle}","amount":1500,"status":"posted"}`,
          ),
        ),
      ]);
    }),
  ],
};

const blob = (action: string, input: unknown): string =>
  `Action:\n\`\`\`json\n${JSON.stringify({ action, action_input: input }, null, 2)}\n\`\`\``;

export const DEEP_STRUCTURED: DeepHarness = {
  style: 'structured',
  protocol: 'text',
  system: `Respond to the human as helpfully and accurately as possible. You have access to the following tools:

terminal: Run shell commands on this Linux machine., args: {'commands': {'title': 'Commands', 'description': 'List of shell commands to run.', 'type': 'array', 'items': {'type': 'string'}}}
read_file: Read file from disk, args: {'file_path': {'title': 'File Path', 'description': 'name of file', 'type': 'string'}}
write_file: Write file to disk, args: {'file_path': {'title': 'File Path', 'type': 'string'}, 'text': {'title': 'Text', 'type': 'string'}, 'append': {'title': 'Append', 'default': False, 'type': 'boolean'}}
list_directory: List files and directories in a specified folder, args: {'dir_path': {'title': 'Dir Path', 'default': '.', 'type': 'string'}}
file_search: Recursively search for files in a subdirectory that match the regex pattern, args: {'dir_path': {'title': 'Dir Path', 'default': '.', 'type': 'string'}, 'pattern': {'title': 'Pattern', 'type': 'string'}}

Use a json blob to specify a tool by providing an action key (tool name) and an action_input key (tool input).

Valid "action" values: "Final Answer" or terminal, read_file, write_file, list_directory, file_search

Provide only ONE action per $JSON_BLOB, as shown:

\`\`\`
{
  "action": $TOOL_NAME,
  "action_input": $INPUT
}
\`\`\`

Follow this format:

Question: input question to answer
Thought: consider previous and subsequent steps
Action:
\`\`\`
$JSON_BLOB
\`\`\`
Observation: action result
... (repeat Thought/Action/Observation N times)
Thought: I know what to respond
Action:
\`\`\`
{
  "action": "Final Answer",
  "action_input": "Final response to human"
}
\`\`\`

Begin! Reminder to ALWAYS respond with a valid json blob of a single action. Use tools if necessary. Respond directly if appropriate. Format is Action:\`\`\`$JSON_BLOB\`\`\`then Observation

The working directory is /home/dev/tamio, an Erlang/OTP 26 umbrella project (rebar3 3.23).`,
  tools: ['terminal', 'read_file', 'write_file', 'list_directory', 'file_search'],
  renderStep: (s) => {
    const c = s.calls[0] as DeepCall;
    const thought = s.say ?? 'Thought: Continuing.';
    return `${thought.startsWith('Thought:') ? thought : `Thought: ${thought}`}\n${blob(c.tool, c.args)}`;
  },
  renderResults: (s) => `Observation: ${(s.calls[0] as DeepCall).output}\nThought:`,
  resultPrefix: 'Observation: ',
  renderAnswer: (text) => `Thought: I know what to respond\n${blob('Final Answer', text)}`,
  noise,
  big,
  followUp: (rng) =>
    rng.pick([
      'Εντάξει. Τρέξε και το dialyzer να δούμε.',
      'Ωραία, συνέχισε.',
      'Τι δείχνει το git status τώρα;',
      'Μπορείς να μου εξηγήσεις τι άλλαξες στο ledger;',
      'Οκ, προχώρα με τα tests.',
      'Κάτι δεν μου κάθεται καλά με το supervisor tree, ρίξε μια ματιά.',
      'Δεν βιάζομαι, κάν’ το σωστά.',
    ]),
  keepGoing: (rng) => rng.pick(['Συνέχισε.', 'Συνέχισε, μην σταματάς για ερωτήσεις.', 'continue']),
  answer: (rng) =>
    rng.pick([
      'Έτρεξα compile, eunit και ct. Όλα πράσινα εκτός από το health_probe, που θέλει τον τοπικό cowboy listener.',
      'I looked through the ledger modules; nothing else needs changing for this step.',
      'Done with this part. Dialyzer still reports the two old warnings in tamio_http_handler, unrelated to our change.',
      'Η αλλαγή είναι έτοιμη και κάνει compile. Θέλεις να τρέξω και το πλήρες ct;',
    ]),
  probe: (rng) =>
    rng.pick([
      'Πού βρισκόμαστε; Γράψε μου μια σύνοψη: τι ζήτησα, τι αποφασίσαμε, ποια αρχεία άλλαξαν, τι σφάλματα είδαμε και τι μένει.',
      'Πριν κλείσουμε: τι έμεινε ανοιχτό και με ποια στοιχεία (εκδόσεις, λογαριασμοί, κόμβοι);',
    ]),
  planters: PLANTERS,
};
