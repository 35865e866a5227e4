/**
 * The codex harness of the apart family (apart.ts): a Codex-CLI-like agent with native tools — `shell`
 * taking an argv array (`["bash", "-lc", …]`) and answering with a JSON envelope of output and exit
 * code, `apply_patch` taking a `*** Begin Patch` document, and `update_plan` taking a checklist with
 * statuses — often several calls at once. An F#/.NET 8 solution (MSBuild, xUnit, NuGet, Fantomas,
 * EF Core), for an English-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  chars,
  fail,
  lines,
  ok,
  one,
  semver,
  type ApartHarness,
  type Planter,
  type WideCall,
  type WideStep,
} from './apart-kit';

const ROOT = '/home/ola/src/tariff';
const FS = [
  'src/Tariff.Core/Billing.fs',
  'src/Tariff.Core/Rates.fs',
  'src/Tariff.Core/Meter.fs',
  'src/Tariff.Api/Handlers.fs',
  'tests/Tariff.Tests/BillingTests.fs',
];

function sh(cmd: string, output: string, exitCode = 0): WideCall {
  return exitCode === 0 ? ok('shell', { cmd }, output, 0) : fail('shell', { cmd }, output, exitCode);
}

function patch(path: string, minus: string, plus: string): WideCall {
  return ok(
    'apply_patch',
    { input: `*** Begin Patch\n*** Update File: ${path}\n@@\n-${minus}\n+${plus}\n*** End Patch` },
    `Success. Updated the following files:\nM ${path}`,
  );
}

function plan(explanation: string, steps: [string, 'completed' | 'in_progress' | 'pending'][]): WideCall {
  return ok(
    'update_plan',
    { explanation, plan: JSON.stringify(steps.map(([step, status]) => ({ step, status }))) },
    'Plan updated',
  );
}

function restored(rng: Rng): string {
  return `  Determining projects to restore...\n  All projects are up-to-date for restore.\n  Tariff.Core -> ${ROOT}/src/Tariff.Core/bin/Debug/net8.0/Tariff.Core.dll\n  Tariff.Api -> ${ROOT}/src/Tariff.Api/bin/Debug/net8.0/Tariff.Api.dll${rng.chance(0.5) ? `\n  Tariff.Tests -> ${ROOT}/tests/Tariff.Tests/bin/Debug/net8.0/Tariff.Tests.dll` : ''}`;
}

function buildOk(rng: Rng): string {
  const w = rng.int(0, 4);
  return `MSBuild version 17.10.4+10fbfbf2e for .NET\n${restored(rng)}\n\nBuild succeeded.\n    ${w} Warning(s)\n    0 Error(s)\n\nTime Elapsed 00:00:${String(rng.int(3, 40)).padStart(2, '0')}.${rng.int(10, 99)}`;
}

function testRun(rng: Rng, failed = ''): string {
  const total = rng.int(60, 180);
  return `${restored(rng)}\nTest run for ${ROOT}/tests/Tariff.Tests/bin/Debug/net8.0/Tariff.Tests.dll (.NETCoreApp,Version=v8.0)\nMicrosoft (R) Test Execution Command Line Tool Version 17.10.0 (x64)\nCopyright (c) Microsoft Corporation.  All rights reserved.\n\nStarting test execution, please wait...\nA total of 1 test files matched the specified pattern.\n${failed}\n${failed ? 'Failed!  - Failed:     1' : 'Passed!  - Failed:     0'}, Passed:   ${failed ? total - 1 : total}, Skipped:     0, Total:   ${total}, Duration: ${rng.int(90, 900)} ms - Tariff.Tests.dll (net8.0)`;
}

function fsharp(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `let rate${i} (window: TimeWindow) (kwh: decimal) : decimal =`,
      `    match window with`,
      `    | Peak -> kwh * ${rng.int(20, 45)}.${rng.int(10, 99)}m`,
      `    | OffPeak -> kwh * ${rng.int(8, 19)}.${rng.int(10, 99)}m`,
      `/// ${rng.pick(['Rates are in öre per kWh.', 'Windows follow Nord Pool hours.', 'See ADR-007.'])}`,
      `[<Fact>]\nlet \`\`meter reading ${i} rounds half up\`\` () =`,
      '',
      `open Tariff.Core`,
    ]),
  );
}

function codexNoise(rng: Rng): WideStep {
  const r = rng.int(0, 6);
  if (r === 0) return one(undefined, sh('dotnet build', buildOk(rng)));
  if (r === 1) {
    const [a, b] = rng.sample(FS, 2) as [string, string];
    return {
      calls: [
        sh(`sed -n '1,${rng.int(40, 120)}p' ${a}`, fsharp(rng, rng.int(10, 30))),
        sh(`sed -n '1,80p' ${b}`, fsharp(rng, rng.int(10, 30))),
      ],
    };
  }
  if (r === 2) return one(undefined, sh('dotnet test --nologo', testRun(rng)));
  if (r === 3)
    return one(
      undefined,
      sh(
        `rg -n "${rng.pick(['decimal', 'TimeWindow', 'Peak', 'Fact'])}" src tests`,
        lines(rng.int(4, 16), () => `${rng.pick(FS)}:${rng.int(3, 300)}:${fsharp(rng, 1)}`),
      ),
    );
  if (r === 4)
    return {
      say: rng.pick(['Checking formatting and the git state together.', undefined]),
      calls: [
        sh(
          'dotnet fantomas --check src tests',
          rng.chance(0.7) ? '' : `${rng.pick(FS)} needs formatting`,
          rng.chance(0.7) ? 0 : 99,
        ),
        sh(
          'git status --short',
          lines(rng.int(1, 3), () => ` M ${rng.pick(FS)}`),
        ),
      ],
    };
  if (r === 5)
    return one(
      undefined,
      sh(
        'dotnet list package --outdated',
        `Project \`Tariff.Core\` has the following updates to its packages\n   [net8.0]: \n   Top-level Package      Requested   Resolved   Latest\n   > FSharp.Core          8.0.${rng.int(100, 400)}     8.0.${rng.int(100, 400)}     8.0.401\n   > FsToolkit.ErrorHandling  4.${rng.int(10, 15)}.0   4.${rng.int(10, 15)}.0   4.16.0`,
      ),
    );
  return one(undefined, sh('ls src/Tariff.Core', 'Billing.fs\nMeter.fs\nRates.fs\nTariff.Core.fsproj\nTypes.fs'));
}

function codexBig(rng: Rng): WideStep {
  if (rng.chance(0.5))
    return one(
      undefined,
      sh(
        'dotnet test --nologo --logger "console;verbosity=detailed"',
        `${lines(rng.int(220, 360), (i) => `  Passed Tariff.Tests.${rng.pick(['BillingTests', 'RatesTests', 'MeterTests'])}.case ${i} [${rng.int(1, 40)} ms]`)}\n${testRun(rng)}`,
      ),
    );
  return one('Reading the whole billing module.', sh(`cat ${FS[0]}`, fsharp(rng, rng.int(300, 420))));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `support quarter-hour ${t} pricing windows in Tariff.Core`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `We need to ${needle} — the grid operator moves to 15-minute settlement in October. Repo is ~/src/tariff, F# on .NET 8. Keep the API contract as it is.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `expose the ${t} breakdown on GET /invoices/{id}/lines`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Next, please ${needle}. Finance wants to see per-window totals.` }],
        };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `never round ${t} amounts before the invoice total`;
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: `One rule from accounting: ${needle}; intermediate values stay full decimal precision.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `- Do not add new NuGet packages to ${t} without an ADR.`;
        return {
          how: 'tool-guidelines',
          needle,
          beats: [
            {
              step: one(
                'Reading the repo conventions first.',
                sh(
                  'cat AGENTS.md',
                  `# Tariff — notes for agents\n\n## Build\n\n- \`dotnet build\` and \`dotnet test\` from the repo root.\n- Format with \`dotnet fantomas src tests\` before committing.\n\n## Rules\n\n${needle}\n- Money is \`decimal\`, never \`float\`.\n- Keep \`Tariff.Api\` handlers thin; logic lives in Tariff.Core.\n${rng.chance(0.5) ? '- Tests use xUnit + FsUnit, one file per module.\n' : ''}`,
                ),
              ),
            },
            {
              step: one(
                `No new packages in ${t}, so the 15-minute windows get a hand-written parser instead of NodaTime.`,
                sh(`grep -c PackageReference src/Tariff.Core/Tariff.Core.fsproj`, `${rng.int(2, 5)}`),
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
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `Going with a single-case union for ${t} rather than a raw int`;
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}: the compiler then stops us mixing quarter-hour indices with hour indices.`,
                patch(
                  'src/Tariff.Core/Types.fs',
                  'type Slot = int',
                  `type ${t.charAt(0).toUpperCase()}${t.slice(1)} = Slot of int`,
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
        const needle = `keep ${t} behind a feature flag until October`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: `Decision from the standup: ${needle}. Default off in appsettings.json.` }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/Tariff.Core/${t.charAt(0).toUpperCase()}${t.slice(1)}Windows.fs`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: {
                say: 'Adding the module and registering it in the project file.',
                calls: [
                  ok(
                    'apply_patch',
                    {
                      input: `*** Begin Patch\n*** Add File: ${needle}\n+module Tariff.Core.${t}Windows\n+\n+let slotsPerDay = 96\n*** End Patch`,
                    },
                    `Success. Updated the following files:\nA ${needle}`,
                  ),
                  patch(
                    'src/Tariff.Core/Tariff.Core.fsproj',
                    '    <Compile Include="Rates.fs" />',
                    `    <Compile Include="Rates.fs" />\n+    <Compile Include="${needle.slice(16)}" />`,
                  ),
                ],
              },
            },
            { step: one(undefined, sh('dotnet build src/Tariff.Core', buildOk(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tests/Tariff.Tests/${t}Tests.fs`;
        return {
          how: 'agent-edit',
          needle,
          beats: [{ step: one(undefined, patch(needle, '[<Fact(Skip = "15-minute windows")>]', '[<Fact>]')) }],
        };
      },
    },
  ],
  error: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const file = `${ROOT}/src/Tariff.Core/${t}.fs`;
        const needle = `${file}(${rng.int(20, 200)},${rng.int(5, 40)}): error FS0001: This expression was expected to have type`;
        const proj = `[${ROOT}/src/Tariff.Core/Tariff.Core.fsproj]`;
        const warn = (i: number) =>
          `${ROOT}/src/Tariff.Core/${rng.pick(['Rates', 'Meter'])}.fs(${10 + i},${rng.int(5, 30)}): warning FS3370: The use of ':=' from the F# library is deprecated. ${proj}`;
        const err = `${needle}\n    'decimal'    \nbut here has type\n    'float'     ${proj}`;
        const out = buried(
          rng,
          rng.chance(0.4) ? 90 : 3,
          warn,
          err,
          `\nBuild FAILED.\n\n${err}\n    ${rng.int(3, 40)} Warning(s)\n    1 Error(s)\n\nTime Elapsed 00:00:0${rng.int(3, 9)}.${rng.int(10, 99)}`,
        );
        return {
          how: 'tool-msbuild',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'dotnet build',
                  `MSBuild version 17.10.4+10fbfbf2e for .NET\n  Determining projects to restore...\n${out}`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t}.fs multiplies by a float literal; it needs the m suffix.`,
                sh(`grep -n "0.25" src/Tariff.Core/${t}.fs`, `${rng.int(20, 200)}:    kwh * 0.25 * rate`),
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
        const needle = `Failed Tariff.Tests.BillingTests.${t} window straddles midnight [${rng.int(2, 40)} ms]`;
        const failed = `[xUnit.net 00:00:00.${rng.int(10, 99)}]     Tariff.Tests.BillingTests.${t} window straddles midnight [FAIL]\n  ${needle}\n  Error Message:\n   Assert.Equal() Failure: Values differ\nExpected: 96\nActual:   92\n  Stack Trace:\n     at Tariff.Tests.BillingTests.${t} window straddles midnight() in ${ROOT}/tests/Tariff.Tests/BillingTests.fs:line ${rng.int(20, 200)}\n   at System.RuntimeMethodHandle.InvokeMethod(Object target, Void** arguments, Signature sig, Boolean isConstructor)\n`;
        return {
          how: 'tool-xunit',
          needle,
          beats: [
            { step: one(undefined, fail('shell', { cmd: 'dotnet test --nologo' }, testRun(rng, failed), 1)) },
            {
              step: one(
                undefined,
                plan(`The ${t} midnight case loses the four DST slots.`, [
                  ['Model quarter-hour windows', 'completed'],
                  ['Fix DST handling at midnight', 'in_progress'],
                  ['Expose breakdown in API', 'pending'],
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
        const needle = `Applying migration '${t}_QuarterHourWindows'.`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'dotnet ef database update --project src/Tariff.Api',
                  `Build started...\nBuild succeeded.\ninfo: Microsoft.EntityFrameworkCore.Migrations[20402]\n      ${needle}\nDone.`,
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
        const needle = `TAR-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `The ticket is ${needle}; put it in the branch name and the PR title.` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `Backfill ${t} invoices for September`;
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                'Tests pass; updating the plan.',
                plan('Core and API are done.', [
                  ['Model quarter-hour windows', 'completed'],
                  ['Expose breakdown in API', 'completed'],
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
        const needle = `open the PR against release/${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Looks good. Last thing: ${needle}, not main.` },
            { step: one(undefined, sh(`git branch -a | grep ${t}`, `  remotes/origin/release/${t}`)) },
          ],
        };
      },
    },
  ],
};

/** The codex harness. */
export const APART_CODEX: ApartHarness = {
  style: 'codex',
  protocol: 'native',
  system:
    'You are a coding agent running in the Codex CLI, a terminal-based coding assistant. You are expected to be precise, safe, and helpful.\n\n- The arguments to `shell` will be passed to execvp(). Most terminal commands should be prefixed with ["bash", "-lc"].\n- Always set the `workdir` param when using the shell function.\n- Use the `apply_patch` tool to edit files.\n- Use `update_plan` to keep a short plan with one step `in_progress` at a time.\n- Before finishing, run the project\'s build and tests.\n\nEnvironment: sandbox workspace-write, approval on-request, network disabled; cwd /home/ola/src/tariff.',
  tools: ['shell', 'apply_patch', 'update_plan'],
  callId: (rng) => `call_${chars(rng, 24)}`,
  encode: (c) => {
    if (c.tool === 'shell')
      return JSON.stringify({ command: ['bash', '-lc', c.args['cmd']], workdir: ROOT, timeout_ms: 120000 });
    if (c.tool === 'update_plan')
      return JSON.stringify({
        explanation: c.args['explanation'],
        plan: JSON.parse(String(c.args['plan'])) as unknown,
      });
    return JSON.stringify(c.args);
  },
  wrap: (c) =>
    c.tool === 'shell'
      ? JSON.stringify({
          output: c.output,
          metadata: { exit_code: c.exitCode ?? 0, duration_seconds: Math.round(c.output.length / 97) / 10 + 0.3 },
        })
      : c.output,
  noise: codexNoise,
  big: codexBig,
  followUp: (rng) =>
    rng.pick([
      'Status?',
      'Do the tests pass now?',
      'Show me what changed in Billing.fs.',
      'Any new warnings?',
      'ok, what is left on the plan?',
      `Is FSharp.Core still on ${semver(rng, 8)}?`,
    ]),
  keepGoing: (rng) => rng.pick(['continue', 'Keep going.', 'Carry on until the tests pass.']),
  answer: (rng) =>
    rng.pick([
      'Done with this step: `dotnet build` is clean and all tests pass.',
      'The change is in; formatting checked with Fantomas.',
      'Summary: Core updated, tests green, no new warnings.',
      'Finished. Nothing else is failing.',
    ]),
  probe: (rng) => rng.pick(['Continue.', 'Pick up where you left off.', 'What next?']),
  planters: PLANTERS,
};
