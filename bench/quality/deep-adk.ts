/**
 * A Google ADK (Agent Development Kit) team run through LiteLLM in the OpenAI format: a root
 * `game_lead` agent hands work to `build_engineer` and `qa_cook` with `transfer_to_agent`, each
 * assistant message carries its agent's name, calls are sometimes parallel, ids are `adk-<uuid>`,
 * and every tool answers a JSON dict (so logs arrive as one escaped line). The project is an
 * Unreal Engine 5.4 C++ game built with UnrealBuildTool and RunUAT on Linux, under Perforce.
 */
import {
  beat,
  fact,
  buried,
  cap,
  fail,
  hex,
  lines,
  many,
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

const LEAD = 'game_lead';
const BUILD = 'build_engineer';
const QA = 'qa_cook';
const ROOT = '/home/build/Valtheim';
const SRC = [
  'Source/Valtheim/Private/Characters/VTCharacter.cpp',
  'Source/Valtheim/Public/Characters/VTCharacter.h',
  'Source/Valtheim/Private/Inventory/VTInventoryComponent.cpp',
  'Source/Valtheim/Public/Inventory/VTItemData.h',
  'Source/Valtheim/Private/Abilities/VTGameplayAbility.cpp',
  'Source/Valtheim/Private/Save/VTSaveGame.cpp',
  'Source/Valtheim/Valtheim.Build.cs',
];
const UNITS = [
  'Module.Valtheim.1.cpp',
  'Module.Valtheim.2.cpp',
  'Module.Valtheim.3.cpp',
  'VTCharacter.cpp',
  'VTInventoryComponent.cpp',
  'VTSaveGame.cpp',
  'Module.VTAbilities.cpp',
];
const TESTS = [
  'Valtheim.Inventory.AddRemove',
  'Valtheim.Inventory.Weight',
  'Valtheim.Save.RoundTrip',
  'Valtheim.Abilities.Cooldown',
  'Valtheim.Maps.LoadAll',
  'Valtheim.Movement.Mantle',
];

/** An ADK tool answer: the dict the function returned, as LiteLLM sends it. */
function dict(o: Record<string, unknown>): string {
  return JSON.stringify(o);
}

function call(tool: string, args: Record<string, unknown>, out: Record<string, unknown>, exit = 0): DeepCall {
  return exit === 0 ? ok(tool, args, dict(out)) : fail(tool, args, dict(out), exit);
}

const UBT_HEAD = (target: string) =>
  `Running UnrealBuildTool: dotnet "../../Engine/Binaries/DotNET/UnrealBuildTool/UnrealBuildTool.dll" ${target} Linux Development -Project="${ROOT}/Valtheim.uproject" -WaitMutex\nLog file: /home/build/.config/Epic/UnrealBuildTool/Log.txt\nUsing 'git status' to determine working set for adaptive non-unity build (${ROOT}).\nBuilding ${target}...\nUsing bundled toolchain: v22_clang-16.0.6-centos7\nDetermining max actions to execute in parallel (16 physical cores, 32 logical cores)\n  Executing up to 16 processes, one per physical core`;

function ubtOk(rng: Rng, target = 'ValtheimEditor'): string {
  const n = rng.int(2, 12);
  return `${UBT_HEAD(target)}\nBuilding ${n} actions with 16 processes...\n${lines(n - 1, (i) => `[${i + 1}/${n}] Compile [x64] ${UNITS[i % UNITS.length]}`)}\n[${n}/${n}] Link (lld) libUnrealEditor-Valtheim.so\nTotal execution time: ${rng.int(8, 240)}.${pad(rng.int(0, 99))} seconds`;
}

function ubt(rng: Rng, args: Record<string, unknown>, log: string, exit = 0): DeepCall {
  return call(
    'run_ubt',
    args,
    { status: exit ? 'error' : 'success', exit_code: exit, log, seconds: rng.int(8, 300) },
    exit,
  );
}

function cpp(rng: Rng, path: string, extra = ''): string {
  const cls = `UVT${cap(path.replace(/.*\/VT|\.(cpp|h)$/g, '')) || 'Object'}`;
  const fns = rng.sample(
    ['BeginPlay', 'TickComponent', 'AddItem', 'RemoveItem', 'Serialize', 'ActivateAbility', 'OnRep_Items'],
    rng.int(2, 4),
  );
  return `// Copyright Valtheim Studio. All Rights Reserved.\n\n#include "${path.replace(/.*\//, '').replace('.cpp', '.h')}"\n#include "Net/UnrealNetwork.h"\n${extra}\n${fns
    .map(
      (f) =>
        `void ${cls}::${f}()\n{\n\tSuper::${f}();\n\tUE_LOG(LogValtheim, Verbose, TEXT("${f} %s"), *GetNameSafe(GetOwner()));\n}\n`,
    )
    .join('\n')}`;
}

function automation(rng: Rng, tests: string[], failing?: { path: string; error: string }): string {
  const body = tests
    .map((p) => {
      const name = p.split('.').at(-1) as string;
      const bad = failing && p === failing.path;
      return `LogAutomationController: Display: Test Started. Name={${name}} Path={${p}}\n${bad ? `LogAutomationController: Error: ${failing.error}\n` : ''}LogAutomationController: Display: Test Completed. Result={${bad ? 'Fail' : 'Success'}} Name={${name}} Path={${p}}`;
    })
    .join('\n');
  return `LogAutomationCommandLine: Display: Found ${tests.length} automation tests based on 'Valtheim'\n${body}\nLogAutomationController: Display: ...Automation Test Queue Empty ${tests.length} tests performed.\n**** TEST COMPLETE. EXIT CODE: ${failing ? -1 : 0} ****`;
}

function cookLines(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `LogCook: Display: Cooked packages ${i * 40 + rng.int(0, 39)} Packages Remain ${Math.max(0, 9000 - i * 40)} Total ${9000 + rng.int(0, 40)}`,
      `LogSavePackage: Display: Saving /Game/Environment/Meshes/SM_Rock_${pad(i % 90)}.uasset`,
      `LogShaderCompilers: Display: Outstanding jobs: ${rng.int(0, 4000)}`,
      `LogLinker: Warning: [AssetLog] ${ROOT}/Content/Props/BP_Crate_${pad(i % 40)}.uasset: VerifyImport: Failed to find script package for import object 'Package /Script/OldPlugin'`,
      `LogTexture: Display: Building textures: T_Terrain_${pad(i % 60)}_D (BC1, 2048X2048)`,
    ]),
  );
}

function p4(args: string, out: string, exit = 0): DeepCall {
  return call('p4', { args }, exit ? { status: 'error', stderr: out } : { status: 'success', stdout: out }, exit);
}

function noise(rng: Rng): DeepStep {
  switch (rng.int(0, 9)) {
    case 0:
      return one(
        undefined,
        ubt(rng, { target: 'ValtheimEditor', platform: 'Linux', configuration: 'Development' }, ubtOk(rng)),
        BUILD,
      );
    case 1: {
      const files = rng.sample(SRC, rng.int(1, 3));
      return many(
        files.length > 1 ? 'Reading the relevant sources.' : undefined,
        files.map((f) => call('read_source', { path: f }, { path: f, content: cpp(rng, f) })),
        rng.pick([BUILD, QA, LEAD]),
      );
    }
    case 2: {
      const tests = rng.sample(TESTS, rng.int(2, 6));
      return one(
        undefined,
        call(
          'run_automation_tests',
          { filter: 'Valtheim' },
          { status: 'success', exit_code: 0, log: automation(rng, tests) },
        ),
        QA,
      );
    }
    case 3:
      return one(
        undefined,
        call(
          'grep_project',
          {
            pattern: rng.pick(['UPROPERTY(Replicated', 'GetLifetimeReplicatedProps', 'LoadSynchronous', 'ensureMsgf']),
            path: 'Source',
          },
          {
            matches: rng.sample(SRC, rng.int(1, 5)).map((f) => `${f}:${rng.int(10, 400)}`),
          },
        ),
        rng.pick([BUILD, LEAD]),
      );
    case 4:
      return one(
        undefined,
        p4(
          'changes -m 8 //depot/Valtheim/Main/...',
          lines(
            8,
            (i) =>
              `Change ${48190 + i * 3} on 2024/06/${pad(3 + i)} by ${rng.pick(['jkaur', 'mlinde', 'build-bot', 'tnakamura'])}@ws-${i} '${rng.pick(['Inventory: weight cap', 'Fix mantle on slopes', 'Cook: exclude test maps', 'Save: v3 migration', 'GAS: cooldown tags'])}'`,
          ),
        ),
        LEAD,
      );
    case 5:
      return one(undefined, call('transfer_to_agent', { agent_name: rng.pick([BUILD, QA]) }, { result: null }), LEAD);
    case 6:
      return one(
        'Back to the lead.',
        call('transfer_to_agent', { agent_name: LEAD }, { result: null }),
        rng.pick([BUILD, QA]),
      );
    case 7:
      return one(
        undefined,
        ubt(
          rng,
          { target: 'ValtheimEditor', platform: 'Linux', configuration: 'Development' },
          `${UBT_HEAD('ValtheimEditor')}\nBuilding 3 actions with 16 processes...\n[1/3] Compile [x64] VTCharacter.cpp\n${ROOT}/Source/Valtheim/Private/Characters/VTCharacter.cpp(${rng.int(40, 300)},${rng.int(3, 30)}): warning: variable 'Speed' set but not used [-Wunused-but-set-variable]\n[2/3] Compile [x64] Module.Valtheim.2.cpp\n[3/3] Link (lld) libUnrealEditor-Valtheim.so\nTotal execution time: ${rng.int(10, 90)}.${pad(rng.int(0, 99))} seconds`,
        ),
        BUILD,
      );
    case 8:
      return one(
        undefined,
        p4(
          'opened',
          lines(
            rng.int(1, 5),
            (i) => `//depot/Valtheim/Main/${SRC[(i * 3) % SRC.length]}#${rng.int(2, 40)} - edit default change (text)`,
          ),
        ),
        rng.pick([BUILD, LEAD]),
      );
    default:
      return one(
        undefined,
        call(
          'run_automation_tests',
          { filter: 'Valtheim.Maps' },
          {
            status: 'error',
            exit_code: 255,
            log: automation(rng, ['Valtheim.Maps.LoadAll', 'Valtheim.Save.RoundTrip'], {
              path: 'Valtheim.Maps.LoadAll',
              error:
                "Failed to load map '/Game/Maps/Dev/L_Sandbox': Can't find file. [/home/build/Valtheim/Source/Valtheim/Private/Tests/VTMapTests.cpp(54)]",
            }),
          },
          255,
        ),
        QA,
      );
  }
}

function big(rng: Rng): DeepStep {
  return one(
    'Full cook to see what else breaks.',
    call(
      'run_uat',
      {
        args: 'BuildCookRun -project=Valtheim.uproject -platform=Linux -clientconfig=Development -cook -stage -pak -unattended',
      },
      {
        status: 'success',
        exit_code: 0,
        log: `Running AutomationTool...\nParsing command line: BuildCookRun -project=${ROOT}/Valtheim.uproject -platform=Linux -cook -stage -pak\n${cookLines(rng, rng.int(200, 300))}\nLogCook: Display: Cook by the book total time in tick ${rng.int(200, 600)}.${rng.int(0, 9)}s total time ${rng.int(600, 900)}.${rng.int(0, 9)}s\nLogInit: Display: Success - 0 error(s), ${rng.int(100, 900)} warning(s)\nBUILD SUCCESSFUL\nAutomationTool exiting with ExitCode=0 (Success)`,
      },
    ),
    QA,
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    planter(true, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `rumble presets for the ${w} boss fight`;
      return fact(needle, 'user-request', [
        {
          user: `Hey team. Next up: ${needle} — three intensity levels, exposed in the accessibility menu, driven from a data asset so design can tweak them. ${rng.pick(['Target is the Thursday playtest.', 'Keep it shippable on Steam Deck.'])}`,
        },
        beat(
          'Handing the C++ side to the build engineer.',
          call('transfer_to_agent', { agent_name: BUILD }, { result: null }),
          LEAD,
        ),
      ]);
    }),
    planter(true, ({ rng, mint }) => {
      const n = mint('num');
      const needle = `VAL-${n} Save games from 0.9 crash on load`;
      return fact(needle, 'user-jira', [
        {
          user: `Pasting the Jira:\n\n${needle}\nType: Bug   Priority: Blocker   Fix Version: 0.10\nDescription: Loading a 0.9 save in 0.10 asserts in UVTSaveGame::Serialize. ${rng.int(40, 300)} reports from the beta branch.\n\nCan you take it?`,
        },
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = cap(mint('word'));
      const needle = `40 fps in ${w} Hollow`;
      return fact(needle, 'user-terse', [
        { user: `Shipping build for Steam Deck. ${needle}, no hitches on streaming.` },
      ]);
    }),
    planter(false, ({ mint }) => {
      const w = mint('word');
      const needle = `port the ${w} ability to GAS`;
      return fact(needle, 'agent-delegate', [
        beat(
          `With the save bug closed, the next item on the board is to ${needle}. Build engineer, start from VTGameplayAbility.`,
          call('transfer_to_agent', { agent_name: BUILD }, { result: null }),
          LEAD,
        ),
      ]);
    }),
  ],
  constraint: [
    planter(true, ({ mint }) => {
      const w = cap(mint('word'));
      const needle = `Plugins/${w}Net`;
      return fact(needle, 'user-rule', [
        {
          user: `Heads up: don't touch anything under ${needle}. It's the vendor's code and we merge their drops by hand.`,
        },
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `${w} cert: keep r.Streaming.PoolSize=1500`;
      return fact(needle, 'tool-ini', [
        beat(
          undefined,
          call(
            'read_source',
            { path: 'Config/Linux/LinuxEngine.ini' },
            {
              path: 'Config/Linux/LinuxEngine.ini',
              content: `[SystemSettings]\n; ${needle}, raising it failed the memory check last time\nr.Streaming.PoolSize=1500\nr.Shadow.MaxResolution=1024\nt.MaxFPS=${rng.pick(['40', '60'])}\n`,
            },
          ),
          BUILD,
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `UPROPERTY order is serialized in ${w}Save v3`;
      return fact(needle, 'tool-comment', [
        beat(
          undefined,
          call(
            'read_source',
            { path: 'Source/Valtheim/Public/Save/VTSaveGame.h' },
            {
              path: 'Source/Valtheim/Public/Save/VTSaveGame.h',
              content: `#pragma once\n\n#include "GameFramework/SaveGame.h"\n#include "VTSaveGame.generated.h"\n\n// NOTE: ${needle}; append new fields at the end only.\nUCLASS()\nclass VALTHEIM_API UVTSaveGame : public USaveGame\n{\n\tGENERATED_BODY()\npublic:\n\tUPROPERTY() int32 Version = ${rng.int(3, 5)};\n\tUPROPERTY() TArray<FVTItemStack> Items;\n};\n`,
            },
          ),
          rng.pick([BUILD, LEAD]),
        ),
      ]);
    }),
    planter(false, ({ mint }) => {
      const w = cap(mint('word'));
      const needle = `keep the editor module free of ${w}Online includes`;
      return fact(needle, 'agent-relay', [
        beat(
          `Build engineer: ${needle} — the dedicated server target links without it. Go ahead.`,
          call('transfer_to_agent', { agent_name: BUILD }, { result: null }),
          LEAD,
        ),
      ]);
    }),
  ],
  decision: [
    planter(false, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `UVT${w}Settings`;
      return fact(needle, 'agent-prose', [
        beat(
          `Hardcoded constants would need a rebuild per tweak. I'll add a UDeveloperSettings subclass, ${needle}, shown under Project Settings > Game, and read it at BeginPlay.`,
          call(
            'read_source',
            { path: 'Source/Valtheim/Valtheim.Build.cs' },
            {
              path: 'Source/Valtheim/Valtheim.Build.cs',
              content: `using UnrealBuildTool;\n\npublic class Valtheim : ModuleRules\n{\n\tpublic Valtheim(ReadOnlyTargetRules Target) : base(Target)\n\t{\n\t\tPCHUsage = PCHUsageMode.UseExplicitOrSharedPCHs;\n\t\tPublicDependencyModuleNames.AddRange(new string[] { "Core", "CoreUObject", "Engine", "InputCore", "EnhancedInput", "GameplayAbilities", "DeveloperSettings" });\n\t}\n}\n`,
            },
          ),
          rng.pick([BUILD, LEAD]),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = cap(mint('word'));
      const needle = `soft object pointers for the ${w} icons`;
      return fact(needle, 'user-choice', [
        { user: `Let's go with ${needle} and load them async; hard refs pulled the whole UI into memory last time.` },
        beat(
          'Understood, relaying to the build engineer.',
          call('transfer_to_agent', { agent_name: BUILD }, { result: null }),
          LEAD,
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `FFastArraySerializer for ${w} replication`;
      const cl = rng.int(48200, 48999);
      return fact(needle, 'tool-submit', [
        beat(
          undefined,
          p4(
            `submit -d "Inventory: switch to ${needle}"`,
            `Submitting change ${cl}.\nLocking 3 files ...\nedit //depot/Valtheim/Main/Source/Valtheim/Private/Inventory/VTInventoryComponent.cpp#${rng.int(10, 60)}\nedit //depot/Valtheim/Main/Source/Valtheim/Public/Inventory/VTInventoryComponent.h#${rng.int(10, 60)}\nChange ${cl} submitted.`,
          ),
          BUILD,
        ),
      ]);
    }),
  ],
  file: [
    planter(false, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const path = `Source/Valtheim/Private/Crafting/VT${w}Station.cpp`;
      return fact(path, 'tool-write', [
        beat(
          undefined,
          call(
            'write_source',
            { path, content: cpp(rng, path) },
            { status: 'success', path, bytes: rng.int(1500, 6000) },
          ),
          BUILD,
        ),
        beat(
          undefined,
          ubt(rng, { target: 'ValtheimEditor', platform: 'Linux', configuration: 'Development' }, ubtOk(rng)),
          BUILD,
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = cap(mint('word'));
      const path = `Config/Tags/${w}Tags.ini`;
      return fact(path, 'user-path', [
        {
          user: `The gameplay tags for this live in ${path}, add the new ones there rather than in DefaultGameplayTags.ini.`,
        },
        beat(
          undefined,
          call(
            'read_source',
            { path },
            {
              path,
              content: `[/Script/GameplayTags.GameplayTagsList]\nGameplayTagList=(Tag="Ability.Cooldown",DevComment="")\n`,
            },
          ),
          LEAD,
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const path = `Source/Valtheim/Public/Abilities/VT${w}Ability.h`;
      return fact(path, 'tool-opened', [
        beat(
          undefined,
          p4(
            'opened',
            `//depot/Valtheim/Main/${path}#${rng.int(1, 9)} - add default change (text)\n//depot/Valtheim/Main/Source/Valtheim/Private/Abilities/VTGameplayAbility.cpp#${rng.int(5, 30)} - edit default change (text)`,
          ),
          BUILD,
        ),
      ]);
    }),
  ],
  error: [
    planter(false, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `no member named '${w}' in 'UVTItemData'`;
      const line = rng.int(40, 300);
      return fact(needle, 'tool-clang', [
        beat(
          undefined,
          ubt(
            rng,
            { target: 'ValtheimEditor', platform: 'Linux', configuration: 'Development' },
            `${UBT_HEAD('ValtheimEditor')}\nBuilding 6 actions with 16 processes...\n[1/6] Compile [x64] Module.Valtheim.1.cpp\n[2/6] Compile [x64] VTInventoryComponent.cpp\n${ROOT}/Source/Valtheim/Private/Inventory/VTInventoryComponent.cpp(${line},${rng.int(5, 30)}): error: ${needle}\n  ${line} |         if (Item->${w} > 0)\n      |             ~~~~  ^\n1 error generated.\n[3/6] Compile [x64] VTCharacter.cpp\nResult: Failed (OtherCompilationError)\nTotal execution time: ${rng.int(10, 90)}.${pad(rng.int(0, 99))} seconds`,
            6,
          ),
          BUILD,
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `Unrecognized type 'FVT${w}'`;
      return fact(needle, 'tool-uht', [
        beat(
          undefined,
          ubt(
            rng,
            { target: 'ValtheimEditor', platform: 'Linux', configuration: 'Development' },
            `${UBT_HEAD('ValtheimEditor')}\nParsing headers for ValtheimEditor\n  Running Internal UnrealHeaderTool ${ROOT}/Valtheim.uproject ${ROOT}/Intermediate/Build/Linux/ValtheimEditor/Development/ValtheimEditor.uhtmanifest -WarningsAsErrors -installed\n${ROOT}/Source/Valtheim/Public/Inventory/VTItemData.h(${rng.int(20, 120)}): Error: ${needle} - type must be a UCLASS, USTRUCT, UENUM, or global delegate.\nTotal of 0 written\nResult: Failed (OtherCompilationError)\nTotal execution time: ${rng.int(3, 12)}.${pad(rng.int(0, 99))} seconds`,
            6,
          ),
          BUILD,
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `Path={Valtheim.Inventory.${w}Stacking}`;
      const tests = rng.sample(TESTS, 4);
      const path = `Valtheim.Inventory.${w}Stacking`;
      return fact(needle, 'tool-automation', [
        beat(
          undefined,
          call(
            'run_automation_tests',
            { filter: 'Valtheim.Inventory' },
            {
              status: 'error',
              exit_code: 255,
              log: automation(rng, [...tests.slice(0, 2), path, ...tests.slice(2)], {
                path,
                error: `Expected 'Stack count' to be 20, but it was 19. [${ROOT}/Source/Valtheim/Private/Tests/VTInventoryTests.cpp(${rng.int(30, 200)})]`,
              }),
            },
            255,
          ),
          QA,
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `Failed to load '/Game/Characters/BP_${w}': Can't find file.`;
      return fact(needle, 'tool-cook', [
        beat(
          undefined,
          call(
            'run_uat',
            { args: 'BuildCookRun -project=Valtheim.uproject -platform=Linux -cook -skipstage -unattended' },
            {
              status: 'error',
              exit_code: 25,
              log: buried(
                rng,
                rng.int(40, 100),
                () => cookLines(rng, 1),
                `LogLinker: Warning: [AssetLog] ${ROOT}/Content/Maps/L_Hollow.umap: ${needle}\nLogCook: Error: Content is missing from cook. Source package referenced an object in target package but the target package was marked NeverCook or is not cookable for the target platform.\n    Source package: /Game/Maps/L_Hollow\n    Target package: /Game/Characters/BP_${w}`,
                `LogInit: Display: Failure - 1 error(s), ${rng.int(100, 900)} warning(s)\nCook failed.\nAutomationTool exiting with ExitCode=25 (Error_UnknownCookFailure)\nBUILD FAILED`,
              ),
            },
            25,
          ),
          QA,
        ),
      ]);
    }),
    planter(true, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `Assertion failed: ${w}Handle.IsValid()`;
      return fact(needle, 'user-paste', [
        {
          user: `QA got this on the Deck, from the crash reporter:\n\nLogCore: Error: appError called: ${needle} [File:./Source/Valtheim/Private/Abilities/VTGameplayAbility.cpp] [Line: ${rng.int(40, 400)}]\nSignal 11 caught.\nCommonUnixCrashHandler: Signal=11\n[Callstack] 0x00007f${hex(rng, 10)} libUnrealEditor-Valtheim.so!UVTGameplayAbility::ActivateAbility() [Source/Valtheim/Private/Abilities/VTGameplayAbility.cpp:${rng.int(40, 400)}]\n[Callstack] 0x00007f${hex(rng, 10)} libUnrealEditor-GameplayAbilities.so!UAbilitySystemComponent::InternalTryActivateAbility()\n\nAny idea?`,
        },
        beat(
          'QA, can you reproduce this with the ability tests?',
          call('transfer_to_agent', { agent_name: QA }, { result: null }),
          LEAD,
        ),
      ]);
    }),
  ],
  pending: [
    planter(false, ({ mint }) => {
      const w = cap(mint('word'));
      const needle = `profile ${w} with Unreal Insights on the Deck`;
      return fact(needle, 'agent-next', [
        beat(
          `The build and tests are green. What's left: ${needle} once a devkit is free; QA will pick it up.`,
          call('transfer_to_agent', { agent_name: QA }, { result: null }),
          LEAD,
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = cap(mint('word'));
      const needle = `localize the ${w} subtitles`;
      return fact(needle, 'user-later', [
        { user: `Great. After this we still need to ${needle} before cert, but that's for next week.` },
        beat(
          undefined,
          call(
            'grep_project',
            { pattern: 'LOCTEXT_NAMESPACE', path: 'Source/Valtheim/Private/UI' },
            { matches: ['Source/Valtheim/Private/UI/VTSubtitleWidget.cpp:12'] },
          ),
          LEAD,
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `WIP: ${w} LOD pass`;
      const cl = rng.int(48200, 48999);
      return fact(needle, 'tool-shelve', [
        beat(
          'Shelving the unfinished part so it is not lost; it still needs to be finished and submitted.',
          p4(
            `shelve -c ${cl}`,
            `Change ${cl} - '${needle}, not submitted'\nShelving files for change ${cl}.\nedit //depot/Valtheim/Main/Source/Valtheim/Private/Characters/VTCharacter.cpp#${rng.int(10, 80)}\nChange ${cl} files shelved.`,
          ),
          BUILD,
        ),
      ]);
    }),
  ],
  value: [
    planter(false, ({ mint }) => {
      const n = mint('num');
      return fact(n, 'tool-changelist', [
        beat(undefined, p4('change -i < /tmp/cl.txt', `Change ${n} created with 2 open file(s).`), BUILD),
        beat(
          `Moving the edits into ${n}.`,
          p4(
            `reopen -c ${n} //depot/Valtheim/Main/Source/...`,
            `//depot/Valtheim/Main/Source/Valtheim/Private/Save/VTSaveGame.cpp#22 - reopened; change ${n}`,
          ),
          BUILD,
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const h = mint('hex');
      const id = `${h}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}`;
      return fact(id, 'tool-buildid', [
        beat(
          undefined,
          call(
            'read_source',
            { path: 'Binaries/Linux/UnrealEditor.modules' },
            {
              path: 'Binaries/Linux/UnrealEditor.modules',
              content: `{\n\t"BuildId": "${id}",\n\t"Modules":\n\t{\n\t\t"Valtheim": "libUnrealEditor-Valtheim.so"\n\t}\n}`,
            },
          ),
          BUILD,
        ),
        beat(
          `The project modules were built with BuildId ${id}; comparing with the engine's.`,
          call(
            'read_source',
            { path: '/opt/UE_5.4/Engine/Binaries/Linux/UnrealEditor.modules' },
            {
              content: `{\n\t"BuildId": "${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}"\n}`,
            },
          ),
          BUILD,
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const n = mint('num');
      const needle = `SteamAppId=${n}`;
      return fact(needle, 'user-id', [
        {
          user: `For the Steam build use our real app id — ${needle} goes in steam_appid.txt and DefaultEngine.ini.`,
        },
        beat(
          undefined,
          call(
            'write_source',
            { path: 'steam_appid.txt', content: needle.split('=')[1] as string },
            { status: 'success', path: 'steam_appid.txt', bytes: 7 },
          ),
          BUILD,
        ),
      ]);
    }),
  ],
};

export const DEEP_ADK: DeepHarness = {
  style: 'adk',
  protocol: 'native',
  system: `You are game_lead, the coordinator of the Valtheim engineering agents (Unreal Engine 5.4, C++, Linux build farm, Perforce depot //depot/Valtheim/Main).

You are an agent. Your internal name is "game_lead".

You have a list of other agents to transfer to:

Agent name: build_engineer
Agent description: Compiles the game and editor with UnrealBuildTool, fixes C++ and UHT errors, manages Perforce changelists.

Agent name: qa_cook
Agent description: Runs automation tests and BuildCookRun, reads cook and crash logs.

If you are the best to answer the question according to your description, you can answer it.
If another agent is better for answering the question according to its description, call \`transfer_to_agent\` function to transfer the question to that agent. When transferring, do not generate any text other than the function call.`,
  tools: [
    'transfer_to_agent',
    'run_ubt',
    'run_uat',
    'run_automation_tests',
    'read_source',
    'write_source',
    'grep_project',
    'p4',
  ],
  callId: (rng) =>
    `adk-${hex(rng, 8)}-${hex(rng, 4)}-4${hex(rng, 3)}-${rng.pick(['8', '9', 'a', 'b'])}${hex(rng, 3)}-${hex(rng, 12)}`,
  answerAgent: LEAD,
  noise,
  big,
  followUp: (rng) =>
    rng.pick([
      'ok, carry on',
      'Can QA run the inventory tests again?',
      'What did the last cook say?',
      'Sounds good. Anything blocking?',
      'Is the editor build green on the farm?',
      'Fine by me, continue.',
    ]),
  keepGoing: (rng) => rng.pick(['Continue.', 'Keep going, I am away for an hour.', 'continue until done']),
  answer: (rng) =>
    rng.pick([
      'The editor target builds and the inventory and save tests pass. The sandbox map test still fails because L_Sandbox is not in the depot, as before.',
      'Done for this step. Build engineer compiled ValtheimEditor cleanly; QA ran the automation suite.',
      'No blockers right now. The cook finishes with the usual OldPlugin import warnings.',
      'That part is finished and shelved nothing new.',
    ]),
  probe: (rng) =>
    rng.pick([
      'Give me a status write-up for the producer: the goal, the decisions, files touched, errors we hit, ids and changelists, and what is still open.',
      'Before I go: summarize where everything stands and what is next.',
    ]),
  planters: PLANTERS,
};
