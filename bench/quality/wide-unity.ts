/**
 * The unity harness of the wide family (wide.ts): an Amp-like terminal agent (Bash, Read, edit_file, Task sub-agents) building a Unity
 * 2022.3 C# game in batchmode.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  chars,
  fail,
  hex,
  lines,
  ok,
  one,
  pad,
  type Planter,
  type WideHarness,
  type WideStep,
} from './wide-kit';

const CS_FILES = [
  'Player/PlayerController',
  'Enemies/SpawnDirector',
  'UI/HudPresenter',
  'Save/SaveSystem',
  'Audio/MusicDirector',
  'Core/GameLoop',
];

function csSource(rng: Rng, n: number): string {
  return lines(n, (i) => {
    const r = i % 6;
    if (r === 0) return `    private void ${rng.pick(['Update', 'Tick', 'Spawn', 'Apply', 'Reset'])}${i}()`;
    if (r === 1) return `    {`;
    if (r === 2) return `        if (_state == null) return;`;
    if (r === 3) return `        _timer += Time.deltaTime * ${rng.int(1, 9)}f;`;
    if (r === 4) return `        _pool.Release(_active[${rng.int(0, 9)}]);`;
    return `    }`;
  });
}

function unityLog(rng: Rng): (i: number) => string {
  return (i) =>
    rng.pick([
      `[Licensing::Client] Successfully resolved entitlement details`,
      `Refreshing native plugins compatible for Editor in ${rng.int(1, 90)}.${pad(rng.int(0, 99))} ms, found ${rng.int(1, 9)} plugins.`,
      `- Completed reload, in  ${rng.int(1, 9)}.${rng.int(100, 999)} seconds`,
      `Asset Pipeline Refresh (id=${hex(rng, 32)}): Total: ${rng.int(0, 9)}.${rng.int(100, 999)} seconds - Initiated by RefreshV2(NoUpdateAssetOptions)`,
      `Start importing Assets/Art/Sprites/tile_${i}.png using Guid(${hex(rng, 32)}) Importer(TextureImporter) -> (artifact id: '${hex(rng, 32)}') in ${rng.int(0, 3)}.${rng.int(10, 99)} seconds`,
      `UnloadTime: ${rng.int(0, 9)}.${rng.int(100, 999)} ms`,
    ]);
}

function unityNoise(rng: Rng): WideStep {
  const r = rng.int(0, 6);
  const f = rng.pick(CS_FILES);
  if (r === 0)
    return one(
      undefined,
      ok(
        'Read',
        { path: `Assets/Scripts/${f}.cs` },
        `using UnityEngine;\n\npublic sealed class ${f.split('/')[1]} : MonoBehaviour\n{\n${csSource(rng, rng.int(18, 60))}\n}`,
      ),
    );
  if (r === 1)
    return {
      calls: [
        ok(
          'Grep',
          {
            pattern: rng.pick(['ObjectPool<', 'SerializeField', 'Addressables.Load', 'OnDestroy']),
            path: 'Assets/Scripts',
          },
          lines(
            rng.int(2, 10),
            () =>
              `Assets/Scripts/${rng.pick(CS_FILES)}.cs:${rng.int(5, 300)}:        ${rng.pick(['[SerializeField] private', 'var handle = Addressables.LoadAssetAsync', '_pool = new ObjectPool<'])}`,
          ),
        ),
        ok(
          'glob',
          { filePattern: 'Assets/Tests/**/*.cs' },
          lines(rng.int(2, 6), (i) => `Assets/Tests/EditMode/Case${i}Tests.cs`),
        ),
      ],
    };
  if (r === 2)
    return one(
      undefined,
      ok(
        'Bash',
        {
          cmd: '/opt/unity/2022.3.31f1/Editor/Unity -batchmode -quit -nographics -projectPath . -logFile - 2>&1 | tail -n 15',
        },
        `${lines(12, unityLog(rng))}\nBatchmode quit successfully invoked - shutting down!\nExiting without the bug reporter. Application will terminate with return code 0`,
        0,
      ),
    );
  if (r === 3)
    return one(
      undefined,
      ok(
        'Task',
        {
          description: 'Find pooling call sites',
          prompt: 'List every place that instantiates enemies without the pool, with file and line.',
        },
        `Found ${rng.int(1, 6)} call sites:\n${lines(rng.int(1, 6), () => `- Assets/Scripts/${rng.pick(CS_FILES)}.cs:${rng.int(10, 300)} Instantiate(prefab)`)}`,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      ok(
        'Bash',
        { cmd: 'git status --short' },
        lines(rng.int(0, 5), () => ` M Assets/Scripts/${rng.pick(CS_FILES)}.cs`),
        0,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      ok(
        'todo_write',
        {
          todos: JSON.stringify([
            { content: 'Pool enemies', status: rng.pick(['in_progress', 'completed']) },
            { content: 'Run EditMode tests', status: 'todo' },
          ]),
        },
        'Todo list updated.',
      ),
    );
  return one(
    undefined,
    ok(
      'Read',
      { path: 'Packages/manifest.json' },
      `{\n  "dependencies": {\n${lines(rng.int(4, 10), () => `    "com.unity.${rng.pick(['addressables', 'inputsystem', 'test-framework', 'textmeshpro', 'cinemachine', 'burst'])}": "${rng.int(1, 3)}.${rng.int(0, 20)}.${rng.int(0, 9)}",`)}\n  }\n}`,
    ),
  );
}

function unityBig(rng: Rng): WideStep {
  if (rng.chance(0.5))
    return one(
      'Reading the full editor log of the last build.',
      ok('Read', { path: 'Logs/Editor.log' }, lines(rng.int(300, 420), unityLog(rng))),
    );
  return one(
    undefined,
    ok(
      'Bash',
      { cmd: 'find Assets -name "*.meta" | head -n 600' },
      lines(
        rng.int(420, 600),
        (i) =>
          `Assets/${rng.pick(['Art/Sprites', 'Audio/Sfx', 'Prefabs/Enemies', 'Scenes', 'Scripts/Core'])}/${rng.pick(['tile', 'hit', 'slime', 'level', 'boss'])}_${i}.${rng.pick(['png', 'wav', 'prefab', 'unity', 'cs'])}.meta`,
      ),
      0,
    ),
  );
}

const UNITY_PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `pool the ${t} enemy spawns instead of Instantiate/Destroy`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `We get GC spikes every wave on Switch. Please ${needle} — use UnityEngine.Pool, and keep the wave timings identical. Project is Unity 2022.3 LTS.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `migrate the ${t} save slots from PlayerPrefs to JSON files`;
        return {
          how: 'user-followup',
          needle,
          beats: [
            {
              user: `next: ${needle} under Application.persistentDataPath, with a version field so we can migrate later.`,
            },
          ],
        };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `don't touch anything under Assets/Plugins/${cap(t)}`;
        return {
          how: 'user-aside',
          needle,
          beats: [
            { user: `oh and ${needle}, that's the vendor SDK and we have a support contract that forbids patches.` },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `zero allocations per frame in ${cap(t)}Loop`;
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'Read',
                  { path: 'AGENT.md' },
                  `# Notes for coding agents\n\n- Build with the batchmode script in tools/build.sh.\n- Performance budget: ${needle} (checked by the PerfTests suite).\n- Use [SerializeField] private fields, never public fields.\n${lines(rng.int(2, 6), () => `- ${rng.pick(['Prefer', 'Avoid', 'Document'])} ${rng.pick(['LINQ in gameplay code', 'coroutines for timers', 'ScriptableObject configs'])}.`)}`,
                ),
              ),
            },
            {
              step: one(
                `The budget rule means no LINQ or closures in ${cap(t)}Loop.`,
                ok(
                  'Grep',
                  { pattern: '\\.Where\\(|\\.Select\\(', path: `Assets/Scripts/Core/${cap(t)}Loop.cs` },
                  `Assets/Scripts/Core/${cap(t)}Loop.cs:${rng.int(20, 99)}:        var alive = _enemies.Where(e => e.Alive).ToList();`,
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
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `pre-warm the ${t} pools with 64 instances at scene load`;
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `Profiler shows the first wave still allocates. I'm going to ${needle} rather than grow them lazily.`,
                ok(
                  'Grep',
                  { pattern: 'maxSize', path: 'Assets/Scripts' },
                  'Assets/Scripts/Enemies/SpawnDirector.cs:41:        _pool = new ObjectPool<Enemy>(Create, OnGet, OnRelease, null, true, 32, 256);',
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
        const needle = `ship ${t} on IL2CPP with code stripping set to Medium`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            { user: `Decision from the team: ${needle}. High broke reflection in the analytics plugin last time.` },
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
        const needle = `Assets/Scripts/Enemies/${cap(t)}Pool.cs`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'create_file',
                  {
                    path: needle,
                    content: `using UnityEngine.Pool;\n\npublic sealed class ${cap(t)}Pool\n{\n${csSource(rng, 12)}\n}`,
                  },
                  `Created ${needle}`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'Bash',
                  { cmd: 'tools/build.sh --compile-only 2>&1 | tail -n 3' },
                  'Compilation succeeded (0 errors, 2 warnings)\nBatchmode quit successfully invoked - shutting down!',
                  0,
                ),
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
        const needle = `Assets/Tests/EditMode/${cap(t)}SaveTests.cs`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'Adding a test for version-1 slots.',
                ok(
                  'edit_file',
                  {
                    path: needle,
                    old_str: '    [Test]\n    public void LoadsEmpty()',
                    new_str:
                      '    [Test]\n    public void LoadsVersion1()\n    { }\n\n    [Test]\n    public void LoadsEmpty()',
                  },
                  `Edited ${needle}: 1 replacement`,
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
        const needle = `error CS0246: The type or namespace name '${cap(t)}Spawner' could not be found`;
        const n = rng.chance(0.4) ? 300 : 30;
        const out = buried(
          rng,
          n,
          unityLog(rng),
          `Assets/Scripts/Enemies/SpawnDirector.cs(${rng.int(20, 200)},${rng.int(5, 40)}): ${needle} (are you missing a using directive or an assembly reference?)`,
          `Scripts have compiler errors.\nExiting without the bug reporter. Application will terminate with return code 1`,
        );
        return {
          how: 'tool-build',
          needle,
          beats: [
            { step: one(undefined, fail('Bash', { cmd: 'tools/build.sh --compile-only 2>&1' }, out, 1)) },
            {
              step: one(
                `${cap(t)}Spawner was renamed in the last commit; searching for its new name.`,
                ok('Grep', { pattern: `class ${cap(t)}`, path: 'Assets/Scripts' }, 'No matches found.'),
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
        const needle = `${cap(t)}SaveTests.LoadsVersion2Slot`;
        const out = `${lines(rng.int(6, 14), unityLog(rng))}\nTest run completed. Exiting with code 2 (Failed). Run: ${rng.int(30, 90)}, Passed: ${rng.int(29, 88)}, Failed: 1, Skipped: 0\n<?xml version="1.0" encoding="utf-8"?>\n<test-run id="2" testcasecount="${rng.int(30, 90)}" result="Failed(Child)" total="${rng.int(30, 90)}" failed="1">\n  <test-case id="${rng.int(1000, 1999)}" name="LoadsVersion2Slot" fullname="Game.Tests.${needle}" result="Failed">\n    <failure><message><![CDATA[  Expected: 3\n  But was:  0\n]]></message><stack-trace><![CDATA[at Game.Tests.${needle} () [0x00042] in Assets/Tests/EditMode/SaveTests.cs:${rng.int(20, 99)}]]></stack-trace></failure>\n  </test-case>\n</test-run>`;
        return {
          how: 'tool-test',
          needle,
          beats: [
            { step: one(undefined, fail('Bash', { cmd: 'tools/build.sh --run-tests EditMode 2>&1' }, out, 2)) },
            {
              step: one(
                'The v2 slot loads zero coins; the migration step is skipped.',
                ok(
                  'Read',
                  { path: 'Assets/Scripts/Save/SaveSystem.cs' },
                  `public int Version => _data?.version ?? 0;\n${csSource(rng, 14)}`,
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
        const needle = `(BuildID ${t})`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Uploading the playtest build to the beta branch.',
                ok(
                  'Bash',
                  { cmd: 'steamcmd +login ci_builder +run_app_build ../steam/app_build.vdf +quit' },
                  `Building depot ${rng.int(2000000, 2999999)}...\nDepot manifest ${rng.int(1, 9)}${chars(rng, 18, '0123456789')} (1.21 GB) committed.\nSuccessfully finished AppID ${rng.int(2000000, 2999999)} build ${needle}.`,
                  0,
                ),
              ),
            },
            {
              step: one(
                `Build ${t} is on Steam; setting it live on the playtest branch.`,
                ok('Bash', { cmd: `steamcmd +login ci_builder +app_set_branch_build ${t} playtest +quit` }, 'OK', 0),
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
        const needle = `Addressables profile "${cap(t)}-CDN"`;
        return {
          how: 'user-paste',
          needle,
          beats: [
            { user: `For the remote bundles use the ${needle}, the default one still points at the old bucket.` },
          ],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `profile the ${t} boss wave on the Switch devkit`;
        return {
          how: 'agent-next',
          needle,
          beats: [
            {
              step: one(
                `Editor tests pass. Left to do: ${needle} to confirm the GC spikes are gone on hardware.`,
                ok(
                  'todo_write',
                  { todos: JSON.stringify([{ content: `Profile ${t} boss wave on devkit`, status: 'todo' }]) },
                  'Todo list updated.',
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
        const needle = `update the ${t} changelog entry for the patch notes`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Great. Before we wrap up, you still need to ${needle}.` },
            {
              step: one(
                `Right, the ${t} changelog entry is still open.`,
                ok(
                  'Read',
                  { path: 'CHANGELOG.md' },
                  '## [0.9.4] - unreleased\n\n### Fixed\n- Enemy spawns no longer stutter.',
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

const UNITY: WideHarness = {
  style: 'unity',
  protocol: 'native',
  system:
    'You are an AI coding agent working in the terminal on a Unity 2022.3 LTS game (the repository is the current directory). Tools: Bash, Read, Grep, glob, edit_file, create_file, todo_write, and Task (starts a sub-agent that searches and reports back). Keep a todo list for multi-step work. Build and test only through tools/build.sh, which wraps Unity in batchmode. Be concise; do not explain code you did not change.',
  tools: ['Bash', 'Read', 'Grep', 'glob', 'edit_file', 'create_file', 'todo_write', 'Task'],
  callId: (rng) => `toolu_01${chars(rng, 22)}`,
  noise: unityNoise,
  big: unityBig,
  followUp: (rng) =>
    rng.pick([
      'how does the profiler look now?',
      'Can you run the EditMode tests again?',
      'is the build still clean on IL2CPP?',
      'ok. what changed in SpawnDirector exactly?',
      'any warnings left in the console?',
      'cool, keep going with the next item',
    ]),
  keepGoing: (rng) => rng.pick(['continue', 'Keep going.', 'go ahead, finish the list']),
  answer: (rng) =>
    rng.pick([
      'Done with this item: compile is clean and EditMode tests pass.',
      'Summary: pooling in place, two call sites migrated, no new warnings.',
      'Finished. The todo list is updated.',
      'Build succeeded; the diff only touches gameplay scripts.',
    ]),
  probe: (rng) => rng.pick(['continue', 'Keep going with what is left.', 'ok, next step please']),
  planters: UNITY_PLANTERS,
};

/** The unity harness. */
export const WIDE_UNITY: WideHarness = UNITY;
