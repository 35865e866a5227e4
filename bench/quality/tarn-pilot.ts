/**
 * The pilot harness of the tarn family (tarn.ts): a GPT-Pilot-like developer agent. Its calls are text:
 * a short explanation, then one JSON object `{"steps": [{"type": "command", "command": {"command",
 * "timeout", "success_message"}}, {"type": "save_file", "save_file": {"path", "content"}}, …]}` in a
 * ```json block, several steps a message; the runner executes them in order and answers with one user
 * message, "The steps were run. Results:", and a `### Step n — command: …` / `### Step n — save_file:
 * …` section per step (the exit code and the output, or what was saved). Answers to the user are prose.
 * A Ballerina 2201 (Swan Lake) service paying a vanilla growers' cooperative through mobile money:
 * `bal build`'s `Compiling source` / `Generating executable`, compiler errors `ERROR [file.bal:(l:c,l:c)]
 * …` and `error: compilation contains errors`, `bal test`'s `[pass]`/`[fail]` lines with the
 * `Assertion Failed!` block, its call stack and the passing/failing/skipped counts, `bal run` logs in
 * logfmt, missing configurables; for a Malagasy-speaking user.
 * Reconstructed rather than copied: the step schema (from memory of GPT-Pilot's developer prompts), the
 * results message (GPT-Pilot shows command output to the model in its own wording, not this), and
 * Ballerina's output from memory of Update 8–10.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  dur,
  fail,
  hex,
  lines,
  many,
  ok,
  one,
  pieces,
  say,
  some,
  stamp,
  type Planter,
  type TarnCall,
  type TarnHarness,
  type TarnStep,
} from './tarn-kit';

const ROOT = '/home/rija/asa/vanila-koop';
const PKG = 'rija/vanila_koop:0.1.0';
const BAL = ['main.bal', 'payments.bal', 'farmers.bal', 'types.bal', 'mvola.bal'];
const SRC = [
  'import ballerina/http;\nimport ballerina/log;\n\nconfigurable int port = 9090;\nconfigurable string mvolaBaseUrl = "https://devapi.mvola.mg";',
  'service /koop on new http:Listener(port) {\n    resource function get farmers() returns Farmer[]|error {\n        return getFarmers();\n    }\n}',
  'public type Farmer record {|\n    readonly string id;\n    string name;\n    string village;\n    decimal kgDelivered;\n    string msisdn;\n|};',
  'function computeFee(decimal amount) returns decimal {\n    return decimal:round(amount * 0.015d);\n}',
  'function payout(Farmer f, decimal pricePerKg) returns Payment|error {\n    decimal gross = f.kgDelivered * pricePerKg;\n    return {farmerId: f.id, amount: gross - computeFee(gross), currency: "MGA"};\n}',
  '@test:Config {}\nfunction testComputeFee() {\n    test:assertEquals(computeFee(1000d), 15d);\n}',
];
const TESTS = ['testComputeFee', 'testPayout', 'testListFarmers', 'testMsisdnFormat', 'testVillageFilter'];

function cmd(command: string, output: string, code = 0): TarnCall {
  const args = { command, timeout: 120, success_message: '' };
  return code === 0 ? ok('command', args, output, 0) : fail('command', args, output, code);
}

function file(path: string, content: string): TarnCall {
  return ok('save_file', { path, content }, `saved (${content.split('\n').length} lines)`);
}

function build(): string {
  return `Compiling source\n\t${PKG}\n\nGenerating executable\n\ttarget/bin/vanila_koop.jar`;
}

function balTest(rng: Rng, failing?: string, body = ''): string {
  const names = some(rng, TESTS, rng.int(3, 5));
  const rows = names.map((n) => `\t\t[pass] ${n}`);
  if (failing) rows.push(`\t\t[fail] ${failing}:\n\n${body}`);
  return `Compiling source\n\t${PKG}\n\nRunning Tests\n\n\tvanila_koop\n${rows.join('\n')}\n\n\n\t\t${names.length} passing\n\t\t${failing ? 1 : 0} failing\n\t\t0 skipped\n\n\t\tTest execution time :${dur(rng, 0.4, 4, 3)}s${failing ? '\nerror: there are test failures' : ''}`;
}

function pilotNoise(rng: Rng): TarnStep {
  const r = rng.int(0, 8);
  const f = rng.pick(BAL);
  if (r === 0) return one(undefined, cmd('bal build', build()));
  if (r === 1) return one('Running the tests.', cmd('bal test', balTest(rng)));
  if (r === 2) return one(undefined, cmd(`cat ${f}`, pieces(rng, SRC, rng.int(14, 40))));
  if (r === 3)
    return many('Formatting the changed file, then building.', [cmd(`bal format ${f}`, ''), cmd('bal build', build())]);
  if (r === 4)
    return one(
      undefined,
      cmd(
        'grep -n "computeFee" *.bal tests/*.bal',
        lines(
          rng.int(3, 6),
          () =>
            `${rng.pick([...BAL, 'tests/payments_test.bal'])}:${rng.int(5, 120)}:    decimal fee = computeFee(gross);`,
        ),
      ),
    );
  if (r === 5)
    return one(
      undefined,
      cmd(
        'git status --short && git log --oneline -3',
        `${some(rng, BAL, rng.int(1, 3))
          .map((x) => ` M ${x}`)
          .join(
            '\n',
          )}\n${hex(rng, 7)} payments: round fees to whole ariary\n${hex(rng, 7)} farmers: village filter\n${hex(rng, 7)} mvola: sandbox client`,
      ),
    );
  if (r === 6)
    return many('Starting the service and asking it for the farmers.', [
      cmd(
        'timeout 8 bal run &',
        `Compiling source\n\t${PKG}\n\nRunning executable\n\ntime=${stamp(rng, 'T')}.${rng.int(100, 999)}+03:00 level=INFO module=rija/vanila_koop message="koop service started" port=9090`,
      ),
      cmd(
        'sleep 5 && curl -s localhost:9090/koop/farmers | head -c 300',
        `[{"id":"F-0${rng.int(10, 99)}", "name":"Rakoto Jean", "village":"Andapa", "kgDelivered":${rng.int(20, 400)}, "msisdn":"034${rng.int(1000000, 9999999)}"}, {"id":"F-0${rng.int(10, 99)}", "name":"Rasoa Marie", "village":"Sambava", "kgDelivered":${rng.int(20, 400)}, "msisdn":"038${rng.int(1000000, 9999999)}"}]`,
      ),
    ]);
  if (r === 7)
    return one(
      undefined,
      cmd(
        'cat Ballerina.toml',
        `[package]\norg = "rija"\nname = "vanila_koop"\nversion = "0.1.0"\ndistribution = "2201.10.2"\n\n[build-options]\nobservabilityIncluded = true`,
      ),
    );
  return one(
    undefined,
    cmd(
      'bal test --code-coverage | tail -n 6',
      `\t\t${rng.int(3, 5)} passing\n\t\t0 failing\n\t\t0 skipped\n\nGenerating Test Report\n\t${ROOT}/target/report/test_results.json\n\nCoverage: ${dur(rng, 60, 95, 2)}%`,
    ),
  );
}

function pilotBig(rng: Rng): TarnStep {
  const n = rng.int(260, 330);
  return one(
    'The whole delivery log, to check the weights the payouts are computed from.',
    cmd(
      'cat data/deliveries_2025.csv',
      `delivery_id,farmer_id,village,date,kg_green,grade,price_per_kg_mga,collector\n${lines(n, (i) => `D-${String(i + 1).padStart(5, '0')},F-0${rng.int(10, 99)},${rng.pick(['Andapa', 'Sambava', 'Vohemar', 'Antalaha', 'Bemanevika'])},2025-0${rng.int(1, 3)}-${String(rng.int(1, 28)).padStart(2, '0')},${dur(rng, 3, 180, 1)},${rng.pick(['A', 'B', 'C'])},${rng.int(40, 75) * 1000},${rng.pick(['Rabe', 'Randria', 'Razafy', 'Ranaivo'])}-${hex(rng, 6)}-${hex(rng, 12)}`)}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `hanampy endpoint ${t} handoavana ny mpamboly amin'ny MVola ianao`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Manao ahoana! Ny tetikasa dia ao amin'ny ${ROOT} — serivisy Ballerina ho an'ny kaoperativa mpamboly lavanila. Tiako ${needle}. Azafady, hazavao ny dingana tsirairay.`,
            },
            {
              step: many('First a look at the project and a build.', [
                cmd(
                  'ls && cat Ballerina.toml',
                  `Ballerina.toml\nConfig.toml\n${BAL.join('\n')}\ntests\ndata\n[package]\norg = "rija"\nname = "vanila_koop"\nversion = "0.1.0"\ndistribution = "2201.10.2"`,
                ),
                cmd('bal build', build()),
              ]),
            },
            { step: one(undefined, cmd('cat payments.bal', pieces(rng, SRC, 24))) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: ampio tatitra isam-bolana ho an'ny tanàna tsirairay`;
        return { how: 'user-followup', needle, beats: [{ user: `Asa manaraka: ${needle}.` }] };
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
            (x) => `${x}: aza ovaina ny rakitra ao amin'ny lahatahiry generated/`,
            (x) => `ny vola rehetra ao amin'ny ${x} dia tsy maintsy decimal fa tsy float`,
            (x) => `${x}: ny port dia tsy maintsy 9090 foana`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            { user: rng.pick([`Fitsipika iray: ${needle}.`, `Tadidio — ${needle}.`, `Zava-dehibe: ${needle}.`]) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: amounts are whole ariary in decimal; never float, never fractions`,
          `${T}: every HTTP resource has a test in tests/ under @test:Config`,
          `${T}: MVola credentials come only from Config.toml, never from code`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'Reading the contribution notes before touching payments.',
                cmd(
                  'cat CONTRIBUTING.md',
                  `# Contributing\n\n- bal format before every commit\n- ${needle}\n- Commit messages: area: what changed`,
                ),
              ),
            },
            { step: one(`Rule ${T} applies here; a test run first.`, cmd('bal test', balTest(rng))) },
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
            (x) => `I will call MVola from ${x} through an isolated client object, not from the resource function`,
            (x) => `${x} will pay farmers in batches of 20 with a retry, instead of one request per farmer`,
            (x) => `Plan: ${x} keeps payouts in an in-memory table keyed by farmer id until the sandbox confirms them`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [{ step: one(`${needle}.`, file('docs/decisions.md', `# Decisions\n\n- ${needle}\n`)) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `ny ${t} dia hampiasa ny MVola sandbox ihany aloha`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            {
              user: rng.pick([
                `Nanapa-kevitra izahay: ${needle}.`,
                `Andao hatao toy izao: ${needle}; tsy mbola vonona ny production.`,
              ]),
            },
          ],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `modules/${t}/${t}.bal`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('A module of its own, then a build.', [
                file(
                  needle,
                  `import ballerina/http;\n\npublic isolated client class Client {\n    private final http:Client http;\n    public isolated function init(string url) returns error? {\n        self.http = check new (url);\n    }\n}\n`,
                ),
                cmd('bal build', build()),
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tests/${t}_test.bal`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'A test file for it.',
                file(
                  needle,
                  `import ballerina/test;\n\n@test:Config {}\nfunction ${t}Test() {\n    test:assertEquals(computeFee(2000d), 30d);\n}\n`,
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
        const l = rng.int(20, 90);
        const c = rng.int(9, 30);
        const needle = `ERROR [payments.bal:(${l}:${c},${l}:${c + t.length + 3})] undefined function '${t}Fee'`;
        return {
          how: 'tool-compiler',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  'bal build',
                  `Compiling source\n\t${PKG}\n${needle}\nERROR [payments.bal:(${l + 2}:5,${l + 2}:40)] incompatible types: expected 'decimal', found 'error|decimal'\nerror: compilation contains errors`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t}Fee is called but not defined anywhere; reading payments.bal.`,
                cmd('cat payments.bal', pieces(rng, SRC, 20)),
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
        const needle = `error: value not provided for required configurable variable '${t}Key'`;
        return {
          how: 'tool-runtime',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  'timeout 8 bal run',
                  `Compiling source\n\t${PKG}\n\nRunning executable\n\n${needle}\n\tat rija.vanila_koop.0:$configurationInit(mvola.bal:${rng.int(3, 12)})`,
                  1,
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
        const needle = `[fail] ${t}Payout`;
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  'bal test',
                  balTest(
                    rng,
                    `${t}Payout`,
                    `\t\t    error {ballerina/test:0}TestError ("Assertion Failed!\n\t\t \n\t\texpected: '${rng.int(100, 900) * 100}'\n\t\tactual\t: '${rng.int(100, 900) * 100}'\n\t\t")\n\t\t\t\tcallableName: createBallerinaError moduleName: ballerina.test.0 fileName: assert.bal lineNumber: 41 \n\t\t\t\tcallableName: assertEquals moduleName: ballerina.test.0 fileName: assert.bal lineNumber: 109 \n\t\t\t\tcallableName: ${t}Payout moduleName: rija.vanila_koop$test.0.tests.payments_test fileName: tests/payments_test.bal lineNumber: ${rng.int(10, 60)} \n`,
                  ),
                  1,
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
      plant: ({ mint, rng }) => {
        const t = mint('num');
        const needle = `total payout: ${t} Ar`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  'bal run -- --report 2025-02',
                  `Compiling source\n\t${PKG}\n\nRunning executable\n\nfarmers paid: ${rng.int(30, 90)}\nkg delivered: ${dur(rng, 1000, 9000, 1)}\n${needle}\nfees: ${rng.int(10000, 99999)} Ar`,
                ),
              ),
            },
            {
              step: one(
                `February's ${needle}; keeping it as the reference for the new endpoint's test.`,
                file('tests/resources/feb_total.txt', `${needle}\n`),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('hex');
        const needle = `${t}${hex(rng, 24)}`;
        return {
          how: 'tool-hash',
          needle,
          beats: [
            {
              step: many(undefined, [
                cmd('bal build', build()),
                cmd('sha256sum target/bin/vanila_koop.jar', `${needle}${hex(rng, 32)}  target/bin/vanila_koop.jar`),
              ]),
            },
            {
              step: one(
                `The jar is ${needle}…; writing it down for the deployment.`,
                file('deploy/checksums.txt', `vanila_koop.jar ${needle}\n`),
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
        const needle = `MVL-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [
            { user: `Ny nomeraon'ny fifanarahana amin'ny MVola dia ${needle}; apetraho ao amin'ny Config.toml.` },
          ],
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
            (x) => `Next: try ${x} against the MVola sandbox with a real test number`,
            (x) => `Still open: the ${x} endpoint has no rate limit yet`,
            (x) => `Manaraka: fitsapana ${x} miaraka amin'ny tanàna rehetra`,
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
                cmd(
                  `git add -A && git commit -qm "payments: ${t}" && git log --oneline -1`,
                  `${hex(rng, 7)} payments: ${t}`,
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
        const needle = `amin'ny farany, soraty famintinana fohy momba ny ${t} amin'ny teny malagasy`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Misaotra. Zavatra iray hafa: ${needle}.` },
            { step: one(undefined, cmd('bal test', balTest(rng))) },
          ],
        };
      },
    },
  ],
};

const STEP = (c: TarnCall) =>
  c.tool === 'command' ? { type: 'command', command: c.args } : { type: 'save_file', save_file: c.args };

/** The pilot harness. */
export const TARN_PILOT: TarnHarness = {
  style: 'pilot',
  protocol: 'text',
  system: `You are a full stack software developer who works in a software development agency. You write modular, clean, maintainable, production-ready code. The app is a Ballerina 2201.10 service in ${ROOT}; the client writes Malagasy, so answer the client in Malagasy.\n\nWhen you work on a task, respond with a short explanation and then a JSON object in a \`\`\`json block with the list of steps to run now, in order:\n{"steps": [{"type": "command", "command": {"command": "<shell command>", "timeout": <seconds>, "success_message": ""}}, {"type": "save_file", "save_file": {"path": "<path>", "content": "<the full file>"}}]}\nThe steps are run and their results sent back to you. When the task is done, reply to the client without steps.`,
  tools: ['command', 'save_file'],
  renderStep: (s) =>
    `${s.say ? `${s.say}\n\n` : ''}\`\`\`json\n${JSON.stringify({ steps: s.calls.map(STEP) }, null, 2)}\n\`\`\``,
  renderResults: (s) =>
    `The steps were run. Results:\n\n${s.calls
      .map((c, i) =>
        c.tool === 'command'
          ? `### Step ${i + 1} — command: ${String(c.args['command'])}\nexit code: ${c.exitCode ?? 0}\n\`\`\`\n${c.output}\n\`\`\``
          : `### Step ${i + 1} — save_file: ${String(c.args['path'])}\n${c.output}`,
      )
      .join('\n\n')}`,
  resultStart: /^The steps were run\. Results:\n/,
  callMark: /^ {6}"type": "(?:command|save_file)"/gm,
  resultMark: /^### Step \d+ — /gm,
  noise: pilotNoise,
  big: pilotBig,
  followUp: (rng) =>
    rng.pick([
      'Vita ve ny build?',
      'Mandalo ve ny fitsapana izao?',
      'Azafady, ataovy indray ny fitsapana.',
      'Inona no novainao?',
      'Tsara, inona no sisa?',
      'Mbola misy hadisoana ve?',
    ]),
  keepGoing: (rng) => rng.pick(['Tohizo.', 'Tohizo, aza mijanona.', 'Tohizo mandra-pandalo ny fitsapana rehetra.']),
  answer: (rng) =>
    rng.pick([
      `Vita: mandalo ny fitsapana rehetra (${rng.int(3, 6)} passing) ary tsy misy hadisoana amin'ny build.`,
      'Done: bal build is clean and bal test passes.',
      "Namboariko. Misy fampitandremana taloha iray ao amin'ny mvola.bal tsy misy ifandraisany amin'ity fanovana ity.",
      'Raha fintinina: mandeha ny endpoint ary mbola mandalo ny fitsapana.',
    ]),
  probe: (rng) => rng.pick(['Tohizo.', "Tohizo avy eo amin'ilay nijananao.", 'Inona izao?']),
  planters: PLANTERS,
};
