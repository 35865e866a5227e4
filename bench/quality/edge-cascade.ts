/**
 * The cascade harness of the edge family (edge.ts): a Windsurf-Cascade-like IDE agent with native
 * tools taking PascalCase arguments — `run_command` (CommandLine, Cwd, Blocking, SafeToAutoRun),
 * `view_file` answered with `N: line` numbering, `replace_file_content` answered with a diff block,
 * `write_to_file`, `grep_search`, `find_by_name` and `create_memory` for what should outlive the
 * session — sometimes several calls at once. A Gleam web service on the BEAM (gleam build/test,
 * gleeunit, wisp, squirrel), for an English-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  fail,
  hit,
  hex,
  lines,
  many,
  numbered,
  ok,
  one,
  phrase,
  secs,
  type EdgeCall,
  type EdgeHarness,
  type EdgeStep,
  type Planter,
} from './edge-kit';

const ROOT = '/home/dev/work/harbour';
const MODS = [
  'src/harbour.gleam',
  'src/harbour/router.gleam',
  'src/harbour/berth.gleam',
  'src/harbour/sql.gleam',
  'src/harbour/web.gleam',
];
const DEPS = [
  'gleam_stdlib',
  'gleam_http',
  'gleam_json',
  'gleam_erlang',
  'gleam_otp',
  'mist',
  'wisp',
  'pog',
  'squirrel',
];

function run(cmd: string, output: string, exitCode = 0): EdgeCall {
  const args = { CommandLine: cmd, Cwd: ROOT, Blocking: true, SafeToAutoRun: true };
  return exitCode === 0 ? ok('run_command', args, output, 0) : fail('run_command', args, output, exitCode);
}

function view(path: string, text: string, from = 1): EdgeCall {
  const n = text.split('\n').length;
  return ok('view_file', { AbsolutePath: `${ROOT}/${path}`, StartLine: from, EndLine: from + n - 1 }, text);
}

function compiled(rng: Rng, deps = false): string {
  const d = deps
    ? `${rng
        .sample(DEPS, rng.int(2, 6))
        .map((x) => `  Compiling ${x}`)
        .join('\n')}\n`
    : '';
  return `${d}  Compiling harbour\n   Compiled in ${secs(rng, 0.2, 4)}s`;
}

function tested(rng: Rng, failure = ''): string {
  const n = rng.int(25, 90);
  const dots = Array.from({ length: n }, () => '.');
  if (failure) dots[rng.int(0, n - 1)] = 'F';
  return `${compiled(rng)}\n    Running harbour_test.main\n${dots.join('')}\n${failure ? `Failures:\n\n${failure}\n\n` : ''}Finished in ${secs(rng, 0.01, 0.4, 3)} seconds\n${n} tests, ${failure ? 1 : 0} failures`;
}

function gleam(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `pub fn fee_${i}(berth: Berth, nights: Int) -> Int {`,
      `  berth.rate * nights`,
      `}`,
      `  use json <- wisp.require_json(req)`,
      `  case decode.run(json, booking_decoder()) {`,
      `    Ok(booking) -> create(ctx, booking)`,
      `    Error(_) -> wisp.unprocessable_entity()`,
      `/// ${rng.pick(['Rates are in øre per metre.', 'See docs/pricing.md.', 'Multihulls pay 1.5x.'])}`,
      '',
      `import gleam/result`,
    ]),
  );
}

/** Cascade explains most calls before making them. */
const WHY = [
  'Let me check the current state of the build.',
  'I need to see how this is wired up before changing it.',
  "I'll verify nothing else broke.",
  'Looking for other call sites first.',
  'Checking the tests before moving on.',
];

function cascadeNoise(rng: Rng): EdgeStep {
  const s = cascadeStep(rng);
  return s.say || rng.chance(0.4) ? s : { ...s, say: rng.pick(WHY) };
}

function cascadeStep(rng: Rng): EdgeStep {
  const r = rng.int(0, 7);
  if (r === 0) return one(undefined, run('gleam build', compiled(rng, rng.chance(0.3))));
  if (r === 1) {
    const [a, b] = rng.sample(MODS, 2) as [string, string];
    return many(rng.pick(['Let me look at both modules.', undefined]), [
      view(a, gleam(rng, rng.int(10, 40))),
      view(b, gleam(rng, rng.int(8, 25))),
    ]);
  }
  if (r === 2) return one(undefined, run('gleam test', tested(rng)));
  if (r === 3)
    return one(
      undefined,
      ok(
        'grep_search',
        {
          SearchPath: `${ROOT}/src`,
          Query: rng.pick(['wisp.', 'decode.', 'Berth', 'pog.']),
          MatchPerLine: true,
          Includes: ['*.gleam'],
          CaseInsensitive: false,
        },
        lines(rng.int(3, 12), () => `${ROOT}/${rng.pick(MODS)}:${rng.int(3, 300)}: ${hit(gleam(rng, 3))}`),
      ),
    );
  if (r === 4)
    return many(undefined, [
      run(
        'gleam format --check src test',
        rng.chance(0.7) ? '' : `${rng.pick(MODS)}\nerror: These files have not been formatted`,
        rng.chance(0.7) ? 0 : 1,
      ),
      run(
        'git status --short',
        lines(rng.int(1, 3), () => ` M ${rng.pick(MODS)}`),
      ),
    ]);
  if (r === 5)
    return one(
      undefined,
      run('gleam deps list', DEPS.map((d) => `${d} ${rng.int(0, 4)}.${rng.int(0, 40)}.${rng.int(0, 9)}`).join('\n')),
    );
  if (r === 6)
    return one(
      undefined,
      ok(
        'find_by_name',
        { SearchDirectory: ROOT, Pattern: '*.sql' },
        lines(
          rng.int(2, 6),
          (i) =>
            `src/harbour/sql/${rng.pick(['list_berths', 'create_booking', 'cancel_booking', 'find_boat'])}_${i}.sql`,
        ),
      ),
    );
  return one(
    undefined,
    run(
      'gleam run -m squirrel',
      `error: Cannot connect\n\nI couldn't connect to the database because it refused the connection at localhost:5432.\nHint: is the database running? Squirrel reads DATABASE_URL from the environment.`,
      1,
    ),
  );
}

function cascadeBig(rng: Rng): EdgeStep {
  if (rng.chance(0.5))
    return one(
      'Rebuilding from a clean tree to see every module compile.',
      run(
        'rm -rf build && gleam build',
        `  Downloading packages\n Downloaded ${DEPS.length} packages in ${secs(rng, 0.2, 2)}s\n${lines(rng.int(300, 420), (i) => `  Compiling ${rng.pick(DEPS)}${rng.chance(0.3) ? `\nwarning: Deprecated value used\n  ┌─ ${ROOT}/build/packages/${rng.pick(DEPS)}/src/${rng.pick(DEPS)}.gleam:${10 + i}:5` : ''}`)}\n${compiled(rng)}`,
      ),
    );
  return one(undefined, view('src/harbour/berth.gleam', gleam(rng, rng.int(300, 420))));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `add seasonal pricing for ${t} berths to the booking API`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Hi Cascade. This is harbour, a Gleam service (wisp + pog on Postgres) for the marina. I need you to ${needle}; summer nights cost more from May to August. Keep the JSON shape of POST /bookings unchanged.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `expose a /berths/${t}/occupancy endpoint`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Next up: ${needle} so the harbour master can see a week at a glance.` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `let owners cancel ${t} bookings up to 48 hours ahead`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `New request from the office: ${needle}, with a full refund.` }],
        };
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
            (x) => `don't let ${x} call pog directly, go through the squirrel-generated functions`,
            (x) => `${x} is only allowed to use the squirrel-generated query functions`,
            (x) => `no hand-written SQL strings in ${x}`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: `Heads up: ${needle}. We got burned by a typo'd column last month.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `- Never use let assert in harbour/${t}.gleam; return a Result instead.`;
        return {
          how: 'tool-rules',
          needle,
          beats: [
            {
              step: one(
                'Checking the workspace rules before touching anything.',
                view(
                  '.windsurfrules',
                  `# harbour workspace rules\n\n- Run \`gleam format\` and \`gleam test\` before finishing.\n- Money is Int in øre, never Float.\n${needle}\n- Handlers in router.gleam stay under 20 lines.\n${rng.chance(0.5) ? '- Regenerate sql.gleam with `gleam run -m squirrel` after editing .sql files.\n' : ''}`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'create_memory',
                  {
                    Title: `No let assert in ${t}`,
                    Content: `harbour/${t}.gleam must return Result values; let assert is banned there.`,
                    Tags: ['harbour', 'gleam', 'rules'],
                    Action: 'create',
                    UserTriggered: false,
                  },
                  'Memory created.',
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
        const needle = phrase(
          rng,
          [
            (x) => `I'll store ${x} rates as a date-range table rather than hard-coding months`,
            (x) => `Going with a date-range table for ${x} rates instead of hard-coded months`,
            (x) => `The plan for ${x}: a date-range table of rates, not hard-coded months`,
          ],
          t,
        );
        const file = `${ROOT}/priv/migrations/0${rng.int(10, 40)}_${t}_rates.sql`;
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle} — the marina changes the season dates every year.`,
                ok(
                  'write_to_file',
                  {
                    TargetFile: file,
                    CodeContent: `create table ${t}_rates (\n  starts_on date not null,\n  ends_on date not null,\n  rate_ore integer not null\n);`,
                    EmptyFile: false,
                  },
                  `Created file file://${file} with requested content.`,
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
        const needle = `round ${t} prices up to whole kroner`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Talked to accounting — ${needle} on the invoice.`, `OK let's ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/harbour/${t}.gleam`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'Putting the pricing logic in its own module.',
                ok(
                  'write_to_file',
                  {
                    TargetFile: `${ROOT}/${needle}`,
                    CodeContent: `import gleam/int\nimport harbour/sql\n\n${gleam(rng, 6)}\n`,
                    EmptyFile: false,
                  },
                  `Created file file://${ROOT}/${needle} with requested content.`,
                ),
              ),
            },
            { step: one(undefined, run('gleam build', compiled(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `test/harbour/${t}_test.gleam`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'replace_file_content',
                  {
                    TargetFile: `${ROOT}/${needle}`,
                    Instruction: 'Un-skip the multihull test',
                    ReplacementChunks: [
                      {
                        TargetContent: 'pub fn multihull_skip() {',
                        ReplacementContent: 'pub fn multihull_test() {',
                        AllowMultiple: false,
                      },
                    ],
                  },
                  `The following changes were made by the replace_file_content tool to: ${ROOT}/${needle}\n[diff_block_start]\n@@ -12,1 +12,1 @@\n-pub fn multihull_skip() {\n+pub fn multihull_test() {\n[diff_block_end]`,
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
        const needle = `The name \`${t}\` is not in scope here.`;
        const out = `  Compiling harbour\nerror: Unknown variable\n    ┌─ ${ROOT}/src/harbour/berth.gleam:${line}:${rng.int(5, 20)}\n    │\n${String(line).padStart(3)} │   let fee = ${t}(berth, nights)\n    │             ${'^'.repeat(t.length)}\n\n${needle}`;
        return {
          how: 'tool-gleam',
          needle,
          beats: [
            { step: one(undefined, run('gleam build', out, 1)) },
            {
              step: one(
                `\`${t}\` lives in the new module and isn't imported in berth.gleam.`,
                view('src/harbour/berth.gleam', gleam(rng, 8)),
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
        const needle = `1) harbour/${t}_test.summer_night_test: module 'harbour@${t}_test'`;
        const exp = rng.int(300, 900);
        const failure = `  ${needle}\n     Values were not equal\n     expected: ${exp}\n          got: ${exp - rng.int(20, 120)}\n     output:`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 60 : 2,
          (i) => `warning: Unused imported module\n  ┌─ ${ROOT}/test/harbour_test.gleam:${i + 1}:1`,
          '',
          tested(rng, failure),
        );
        return {
          how: 'tool-gleeunit',
          needle,
          beats: [
            { step: one(undefined, run('gleam test', out, 1)) },
            {
              step: one(
                `summer_night_test in ${t}_test fails: the season end date is exclusive in the table but inclusive in the test.`,
                ok(
                  'grep_search',
                  {
                    SearchPath: `${ROOT}/src`,
                    Query: 'ends_on',
                    MatchPerLine: true,
                    Includes: ['*.gleam', '*.sql'],
                    CaseInsensitive: false,
                  },
                  `${ROOT}/src/harbour/sql/seasonal_rate.sql:4: where $1 >= starts_on and $1 < ends_on`,
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
        const t = mint('hex');
        const needle = `outer_checksum = "${t.toUpperCase()}${hex(rng, 56).toUpperCase()}"`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Checking which wisp version the manifest pins.',
                view(
                  'manifest.toml',
                  `# This file was generated by Gleam\n# You typically do not need to edit this file\n\npackages = [\n  { name = "wisp", version = "1.2.0", build_tools = ["gleam"], requirements = ["gleam_http", "mist"], otp_app = "wisp", source = "hex", ${needle} },\n]\n\n[requirements]\nwisp = { version = ">= 1.2.0 and < 2.0.0" }`,
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
        const needle = `HAR-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Ticket is ${needle}, please reference it in the commit.` }],
        };
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
            (x) => `Still to do: seed ${x} rates for next season in priv/seeds.sql`,
            (x) => `Left for later: seed ${x} rates for next season in priv/seeds.sql`,
            (x) => `Next: seed ${x} rates for next season in priv/seeds.sql`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Build and tests are green.\n\n${needle}\n\nAfter that I'll regenerate sql.gleam.`,
                run(`grep -n ${t} priv/seeds.sql`, '', 1),
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
        const needle = `tag the release as ${t} and push it to Fly`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Looks great. Before you wrap up, ${needle}.` },
            { step: one(`Noted — ${t} isn't tagged yet.`, run('git tag --list | tail -3', 'v0.8.0\nv0.8.1\nv0.9.0')) },
          ],
        };
      },
    },
  ],
};

/** The cascade harness. */
export const EDGE_CASCADE: EdgeHarness = {
  style: 'cascade',
  protocol: 'native',
  system:
    "You are Cascade, a powerful agentic AI coding assistant designed by the Windsurf engineering team. You are pair programming with a USER to solve their coding task.\n\n<user_information>\nThe USER's OS version is linux.\nThe USER has 1 active workspaces, each defined by a URI and a CorpusName: /home/dev/work/harbour -> dev/harbour\n</user_information>\n\n<tool_calling>\n1. ALWAYS follow the tool call schema exactly as specified.\n2. Before calling each tool, first explain to the USER why you are calling it.\n3. You may call several tools in parallel when they are independent.\n</tool_calling>\n\n<making_code_changes>\nNEVER output code to the USER unless requested; use the code edit tools instead.\n</making_code_changes>\n\n<memory_system>\nUse create_memory to save important context (rules, decisions) proactively.\n</memory_system>\n\nThe workspace is a Gleam 1.9 project targeting Erlang (wisp, mist, pog, squirrel).",
  tools: [
    'run_command',
    'view_file',
    'replace_file_content',
    'write_to_file',
    'grep_search',
    'find_by_name',
    'create_memory',
  ],
  callId: (rng) =>
    `${hex(rng, 8)}-${hex(rng, 4)}-4${hex(rng, 3)}-${rng.pick([...'89ab'])}${hex(rng, 3)}-${hex(rng, 12)}`,
  wrap: (c) => {
    if (c.tool === 'run_command')
      return `Command ${c.status === 'error' ? 'failed' : 'completed'} with exit code ${c.exitCode ?? 0}.\nOutput:\n${c.output}`;
    if (c.tool === 'view_file') {
      const from = Number(c.args['StartLine'] ?? 1);
      const n = c.output.split('\n').length;
      return `File Path: \`file://${String(c.args['AbsolutePath'])}\`\nTotal Lines: ${from + n - 1}\nShowing lines ${from} to ${from + n - 1}\nThe following code has been modified to include a line number before every line, in the format: <line_number>: <original_line>. Please note that any changes targeting the original code should remove the line number, colon, and leading space.\n${numbered(c.output, from, (k, l) => `${k}: ${l}`)}`;
    }
    return c.output;
  },
  noise: cascadeNoise,
  big: cascadeBig,
  followUp: (rng) =>
    rng.pick([
      'Are the tests passing?',
      'Any warnings left from gleam build?',
      'Run gleam test again please.',
      'Quick summary of what changed?',
      'ok, what next?',
      `Is wisp still on 1.${rng.int(0, 3)}?`,
    ]),
  keepGoing: (rng) => rng.pick(['continue', 'Keep going.', 'Carry on until gleam test is green.']),
  answer: (rng) =>
    rng.pick([
      'Done with this step: `gleam build` is clean and `gleam test` passes.',
      'Fixed; only a formatting nit remains.',
      'Summary: pricing module compiles, tests green, no new warnings.',
      'All done here. Nothing else is failing.',
    ]),
  probe: (rng) => rng.pick(['Continue.', 'Pick up where you left off.', 'What next?']),
  planters: PLANTERS,
};
