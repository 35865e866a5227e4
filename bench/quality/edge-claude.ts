/**
 * The claude harness of the edge family (edge.ts): a Claude-Code-like agent with native tools —
 * `Bash` (command + description), `Read` answered with `   12→` numbered lines, `Edit` answered with a
 * `cat -n` snippet, `Write`, `Grep`, `Glob` and a `TodoWrite` checklist — often several calls at once.
 * An Elm 0.19 single-page app (elm make, elm-test, elm-review, elm-format), for a Norwegian-speaking
 * user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  chars,
  fail,
  hit,
  lines,
  many,
  numbered,
  ok,
  one,
  phrase,
  type EdgeCall,
  type EdgeHarness,
  type EdgeStep,
  type Planter,
} from './edge-kit';

const ROOT = '/Users/ingrid/kode/tidevann';
const MODS = ['src/Main.elm', 'src/Page/Tides.elm', 'src/Api/Station.elm', 'src/Chart.elm', 'src/Route.elm'];

function bash(command: string, description: string, output: string, exitCode = 0): EdgeCall {
  return exitCode === 0
    ? ok('Bash', { command, description }, output, 0)
    : fail('Bash', { command, description }, output, exitCode);
}

function read(path: string, text: string): EdgeCall {
  return ok('Read', { file_path: `${ROOT}/${path}` }, text);
}

function todos(items: [string, 'completed' | 'in_progress' | 'pending'][]): EdgeCall {
  return ok(
    'TodoWrite',
    { todos: items.map(([content, status]) => ({ content, status, activeForm: content })) },
    'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable',
  );
}

function elm(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `viewStation${i} : Zone -> Station -> Html Msg`,
      `viewStation${i} zone station =`,
      `    div [ class "station" ] [ text station.name ]`,
      `type Msg\n    = GotTides (Result Http.Error (List Tide))\n    | ChangedZone Zone`,
      `        |> List.map (interpolate zone)`,
      `-- ${rng.pick(['Heights are in centimetres above chart datum.', 'Kartverket API v2.', 'Times are Europe/Oslo.'])}`,
      '',
      `import Html exposing (Html, div, text)`,
      `update : Msg -> Model -> ( Model, Cmd Msg )`,
    ]),
  );
}

function made(rng: Rng): string {
  return `Success! Compiled ${rng.int(4, 30)} modules.\n\n    Main ───> /dev/null`;
}

function elmTest(rng: Rng, failure = ''): string {
  const n = rng.int(30, 110);
  const head = `elm-test 0.19.1-revision12\n--------------------------\n\nRunning ${n} tests. To reproduce these results, run: elm-test --fuzz 100 --seed ${rng.int(100000000, 999999999)}\n\n`;
  return failure
    ? `${head}${failure}\n\n\nTEST RUN FAILED\n\nDuration: ${rng.int(150, 900)} ms\nPassed:   ${n - 1}\nFailed:   1`
    : `${head}\nTEST RUN PASSED\n\nDuration: ${rng.int(150, 900)} ms\nPassed:   ${n}\nFailed:   0`;
}

function claudeNoise(rng: Rng): EdgeStep {
  const r = rng.int(0, 7);
  if (r === 0)
    return one(undefined, bash('npx elm make src/Main.elm --output=/dev/null', 'Compile the app', made(rng)));
  if (r === 1) {
    const [a, b] = rng.sample(MODS, 2) as [string, string];
    return many(undefined, [read(a, elm(rng, rng.int(10, 40))), read(b, elm(rng, rng.int(8, 25)))]);
  }
  if (r === 2) return one(undefined, bash('npx elm-test', 'Run the test suite', elmTest(rng)));
  if (r === 3)
    return one(
      undefined,
      ok(
        'Grep',
        {
          pattern: rng.pick(['interpolate', 'GotTides', 'Zone', 'Http.get']),
          path: 'src',
          output_mode: 'content',
          '-n': true,
        },
        lines(rng.int(3, 12), () => `${ROOT}/${rng.pick(MODS)}:${rng.int(3, 300)}:${hit(elm(rng, 3))}`),
      ),
    );
  if (r === 4) {
    const clean = rng.chance(0.6);
    return one(
      undefined,
      bash(
        'npx elm-review',
        'Lint with elm-review',
        clean
          ? 'I found no errors!'
          : `-- ELM-REVIEW ERROR ------------------------------------------ ${rng.pick(MODS)}:${rng.int(3, 200)}:${rng.int(3, 30)}\n\n(fix) NoUnused.Variables: Imported variable \`px\` is not used\n\nYou should either use this value somewhere, or remove it at the location I pointed at.\n\nI found 1 error in 1 file.`,
        clean ? 0 : 1,
      ),
    );
  }
  if (r === 5)
    return many(rng.pick(['Checking formatting and git state.', undefined]), [
      bash('npx elm-format --validate src tests', 'Check formatting', '[]'),
      bash(
        'git status --short',
        'Show working tree status',
        lines(rng.int(1, 3), () => ` M ${rng.pick(MODS)}`),
      ),
    ]);
  if (r === 6)
    return one(
      undefined,
      ok(
        'Glob',
        { pattern: 'src/**/*.elm' },
        MODS.map((m) => `${ROOT}/${m}`)
          .concat(`${ROOT}/src/Page/Settings.elm`)
          .join('\n'),
      ),
    );
  return one(
    undefined,
    bash(
      'npx elm make src/Main.elm --output=/dev/null',
      'Compile the app',
      `Dependency problem!\n-- PROBLEM LOADING PACKAGE LIST ------------------------------------------------\n\nI need the list of published packages to verify your dependencies, so I tried to\nfetch:\n\n    https://package.elm-lang.org/all-packages\n\nBut it timed out.`,
      1,
    ),
  );
}

function claudeBig(rng: Rng): EdgeStep {
  if (rng.chance(0.5))
    return one(
      'Running the full suite with the verbose reporter.',
      bash(
        'npx elm-test --report=json',
        'Run tests with JSON output',
        `${lines(rng.int(200, 300), (i) => `{"event":"testCompleted","status":"pass","labels":["${rng.pick(['TideTests', 'ChartTests', 'RouteTests'])}","${rng.pick(['interpolation', 'parsing', 'axis'])}","case ${i}"],"failures":[],"duration":"${rng.int(0, 9)}"}`)}\n{"event":"runComplete","passed":"${rng.int(200, 300)}","failed":"0","duration":"${rng.int(300, 900)}","autoFail":null}`,
      ),
    );
  return one(undefined, read('src/Page/Tides.elm', elm(rng, rng.int(340, 440))));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `vis tidevannsgrafen for ${t} med 10-minutters oppløsning`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Hei! Repoet er ~/kode/tidevann, en Elm 0.19-app som henter data fra Kartverket. Oppgaven: ${needle} i stedet for timesverdier. Ikke rør CSS-en.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `legg til en innstillingsside for ${t} som lagres i localStorage`;
        return { how: 'user-followup', needle, beats: [{ user: `Neste ting: ${needle} via en port.` }] };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `vis et varsel når ${t} faller under sjøkartnull`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `En ting til: ${needle}, rødt banner øverst på siden.` }],
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
            (x) => `ingen nye pakker i elm.json for ${x}`,
            (x) => `${x} skal klare seg uten nye pakker i elm.json`,
            (x) => `ikke legg til pakker i elm.json for ${x}`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: `En regel fra teamet: ${needle}; bundle-størrelsen er allerede for stor.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `- Page.${cap(t)}: no ports, all effects go through Effect.elm`;
        return {
          how: 'tool-claudemd',
          needle,
          beats: [
            {
              step: one(
                "I'll read the project notes first.",
                read(
                  'CLAUDE.md',
                  `# tidevann\n\nBuild: \`npx elm make src/Main.elm --output=/dev/null\`. Test: \`npx elm-test\`. Lint: \`npx elm-review\`.\n\n## Module rules\n\n- Api.*: decoders live next to their types\n${needle}\n- Chart: pure SVG, no JS interop\n${rng.chance(0.5) ? '\nRun elm-format on save.\n' : ''}`,
                ),
              ),
            },
            {
              step: one(
                `Page.${cap(t)} must not use ports, so the localStorage write goes through Effect.elm.`,
                ok('Grep', { pattern: 'port ', path: `src/Page/${cap(t)}.elm`, output_mode: 'count' }, '0'),
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
            (x) => `I'll model ${x} as a custom type with an opaque constructor`,
            (x) => `Best option: ${x} becomes a custom type with an opaque constructor`,
            (x) => `Settling on an opaque custom type for ${x}`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle} — a type alias would let callers build impossible intervals.`,
                ok(
                  'Edit',
                  {
                    file_path: `${ROOT}/src/Api/Station.elm`,
                    old_string: 'type alias Interval = Int',
                    new_string: `type ${cap(t)}\n    = ${cap(t)} Int`,
                  },
                  `type ${cap(t)}\n    = ${cap(t)} Int`,
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
        const needle = `${t} skal tegnes med elm-charts sin stil, ikke egen SVG`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Vi har bestemt oss: ${needle}.`, `Greit, da kjører vi på at ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/Page/${cap(t)}.elm`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'Creating the new page module.',
                ok(
                  'Write',
                  {
                    file_path: `${ROOT}/${needle}`,
                    content: `module Page.${cap(t)} exposing (Model, Msg, init, update, view)\n\n${elm(rng, 6)}\n`,
                  },
                  `File created successfully at: ${ROOT}/${needle}`,
                ),
              ),
            },
            {
              step: one(undefined, bash('npx elm make src/Main.elm --output=/dev/null', 'Compile the app', made(rng))),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tests/${cap(t)}Tests.elm`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'Edit',
                  {
                    file_path: `${ROOT}/${needle}`,
                    old_string: 'Test.skip <|',
                    new_string: 'test "rounds to nearest 10 minutes" <|',
                  },
                  '        , test "rounds to nearest 10 minutes" <|\n            \\_ -> Expect.equal "07:40" (round10 (clock 7 37))',
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
        const line = rng.int(20, 220);
        const needle = `The 2nd argument to \`${t}\` is not what I expect:`;
        const out = `Detected problems in 1 module.\n-- TYPE MISMATCH --------------------------------------------- src/Page/Tides.elm\n\n${needle}\n\n${line}|     ${t} model.zone station.heights\n                             ^^^^^^^^^^^^^^^\nThis \`heights\` value is a:\n\n    List Float\n\nBut \`${t}\` needs the 2nd argument to be:\n\n    Array Float\n\nHint: Use Array.fromList to convert a list into an array.`;
        return {
          how: 'tool-elm',
          needle,
          beats: [
            { step: one(undefined, bash('npx elm make src/Main.elm --output=/dev/null', 'Compile the app', out, 1)) },
            {
              step: one(
                `${t} wants an Array now; converting at the call site.`,
                read('src/Page/Tides.elm', elm(rng, 10)),
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
        const needle = `✗ ${t} crosses midnight`;
        const failure = `↓ TideTests\n↓ interpolation\n${needle}\n\n    "00:10"\n    ╷\n    │ Expect.equal\n    ╵\n    "24:10"`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 60 : 2,
          (i) => `Compiling > ${rng.pick(['Tide', 'Chart', 'Route', 'Api.Station'])} (${i})`,
          '',
          elmTest(rng, failure),
        );
        return {
          how: 'tool-elmtest',
          needle,
          beats: [
            { step: one(undefined, bash('npx elm-test', 'Run the test suite', out, 2)) },
            {
              step: one(
                undefined,
                todos([
                  ['Switch tide chart to 10-minute resolution', 'completed'],
                  [`Fix ${t} midnight wrap in clock formatting`, 'in_progress'],
                  ['Run elm-review', 'pending'],
                ]),
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
        const t = mint('num');
        const needle = `"stationId": "${t}"`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                bash(
                  'curl -s "https://api.sehavniva.no/tideapi.php?tide_request=stationlist&type=perm" | head -c 400',
                  'Look up the station id',
                  `{"stations": [{"name": "Bergen", ${needle}, "lat": 60.398, "lon": 5.320, "type": "PERM"}, {"name": "Bodø", "stationId": "BOO", "lat": 67.288, "lon": 14.390, "type": "PERM"}]}`,
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
        const needle = `TV-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Saken i Linear er ${needle}; ta den med i commit-meldingen.` }],
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
          [(x) => `Add a fuzz test for ${x} round-tripping`, (x) => `Write the ${x} round-trip fuzz test`],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                'Compiles and the suite is green; updating the list.',
                todos([
                  ['Switch tide chart to 10-minute resolution', 'completed'],
                  ['Run elm-review', 'completed'],
                  [needle, 'pending'],
                ]),
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
        const needle = `deploy til Netlify-miljøet ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Supert. Til slutt: ${needle}, ikke produksjon.` },
            { step: one(undefined, bash(`grep -n ${t} netlify.toml`, 'Find the deploy context', '', 1)) },
          ],
        };
      },
    },
  ],
};

/** The claude harness. */
export const EDGE_CLAUDE: EdgeHarness = {
  style: 'claude',
  protocol: 'native',
  system:
    "You are an interactive CLI tool that helps users with software engineering tasks. Use the instructions below and the tools available to you to assist the user.\n\n# Tone and style\nYou should be concise, direct, and to the point. Answer in the user's language.\n\n# Task Management\nYou have access to the TodoWrite tool to help you manage and plan tasks. Use it VERY frequently.\n\n# Tool usage policy\n- You have the capability to call multiple tools in a single response. When multiple independent pieces of information are requested, batch your tool calls together for optimal performance.\n- Prefer Read/Edit/Grep over cat/sed/grep in Bash.\n\n<env>\nWorking directory: /Users/ingrid/kode/tidevann\nIs directory a git repo: Yes\nPlatform: darwin\nToday's date: 2025-03-18\n</env>\n\nThe project is an Elm 0.19.1 application; elm, elm-test, elm-review and elm-format are run through npx.",
  tools: ['Bash', 'Read', 'Edit', 'Write', 'Grep', 'Glob', 'TodoWrite'],
  callId: (rng) => `toolu_01${chars(rng, 22)}`,
  wrap: (c) => {
    if (c.tool === 'Read') return numbered(c.output);
    if (c.tool === 'Edit')
      return `The file ${String(c.args['file_path'])} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${numbered(c.output, 40)}`;
    if (c.tool === 'Bash' && c.status === 'error') return `Exit code ${c.exitCode ?? 1}\n${c.output}`;
    return c.output;
  },
  noise: claudeNoise,
  big: claudeBig,
  followUp: (rng) =>
    rng.pick([
      'Går testene grønt nå?',
      'Hva sier elm-review?',
      'Kan du kjøre elm-test igjen?',
      'Forklar kort hva du endret.',
      'Ok, hva er neste steg?',
    ]),
  keepGoing: (rng) => rng.pick(['Fortsett.', 'Bare fortsett', 'Fortsett til testene går grønt.']),
  answer: (rng) =>
    rng.pick([
      'Ferdig med dette steget: elm make kompilerer og alle testene passerer.',
      'Fikset; det er bare én elm-review-advarsel igjen.',
      'Oppsummert: de endrede modulene kompilerer, testene er grønne.',
      'Ferdig. Ingen nye feil.',
    ]),
  probe: (rng) => rng.pick(['Fortsett.', 'Fortsett der du slapp.', 'Hva nå?']),
  planters: PLANTERS,
};
