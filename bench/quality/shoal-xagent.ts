/**
 * The xagent harness of the shoal family (shoal.ts): an XAgent-like inner loop working one subtask of
 * its plan at a time. Native calls, one a message, to ToolServer-style tools named `<Env>_<action>` —
 * `ShellCommandExecutor_execute_command`, `FileSystemEnv_read_from_file`, `FileSystemEnv_write_to_file`
 * — and `subtask_submit` (with `submit_type`, `result` and `suggestions_for_latter_subtasks_plan`) to
 * close a subtask. Each tool message is a ToolServer report: `[TOOL_CALL_SUCCESS]` or
 * `[TOOL_CALL_FAILED]` with the tool's name, then the output.
 * A Dagster 1.9 pipeline of Tonga's fisheries catch landings (Nukuʻalofa, Vavaʻu, Haʻapai): `dagster
 * asset materialize` run logs with `STEP_FAILURE` and `DagsterExecutionStepExecutionError`, definition
 * errors (`DagsterInvalidDefinitionError`), type checks, `dagster definitions validate`, pytest; for a
 * Tongan-speaking data engineer.
 * Imitated: XAgent's `Env_action` tool naming and `subtask_submit` arguments (from memory of the
 * XAgent repository). Invented: the exact report layout of the tool messages. Dagster's and pytest's
 * texts are from memory (close, not exact); the Tongan is plain and may be stiff.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  fail,
  hex,
  lines,
  nth,
  ok,
  one,
  say,
  some,
  stamp,
  type Planter,
  type ShoalCall,
  type ShoalHarness,
  type ShoalStep,
} from './shoal-kit';

const ROOT = '/workspace/ika-pipeline';
const SH = 'ShellCommandExecutor_execute_command';
const RD = 'FileSystemEnv_read_from_file';
const WR = 'FileSystemEnv_write_to_file';
const SUB = 'subtask_submit';
const ASSETS = ['landings_raw', 'landings_clean', 'catch_daily', 'vessel_registry', 'species_lookup', 'port_summary'];
const PORTS = ['Nukuʻalofa', 'Neiafu', 'Pangai', 'ʻOhonua', 'Faleloa'];
const FISH = ['tuna', 'snapper', 'grouper', 'lobster', 'mahi-mahi', 'trevally'];

function sh(command: string, output: string, code = 0): ShoalCall {
  return code === 0 ? ok(SH, { command }, output, 0) : fail(SH, { command }, output, code);
}
function read(filepath: string, content: string): ShoalCall {
  return ok(RD, { filepath }, content);
}
function write(filepath: string, content: string): ShoalCall {
  return ok(WR, { filepath, content }, `Write to ${filepath} success. ${content.split('\n').length} lines written.`);
}

function runLog(rng: Rng, assets: string[]): string {
  const run = `${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}`;
  const at = stamp(rng);
  return assets
    .flatMap((a) => [
      `${at} +1300 - dagster - DEBUG - __ASSET_JOB - ${run} - ${a} - STEP_START - Started execution of step "${a}".`,
      `${at} +1300 - dagster - DEBUG - __ASSET_JOB - ${run} - ${a} - ASSET_MATERIALIZATION - Materialized value ${a}.`,
      `${at} +1300 - dagster - DEBUG - __ASSET_JOB - ${run} - ${a} - STEP_SUCCESS - Finished execution of step "${a}" in ${rng.int(40, 900)}ms.`,
    ])
    .join('\n');
}

function stepFailure(rng: Rng, asset: string, exc: string, line: number): string {
  const run = `${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}`;
  const at = stamp(rng);
  return `${runLog(rng, ['landings_raw'])}\n${at} +1300 - dagster - DEBUG - __ASSET_JOB - ${run} - ${asset} - STEP_START - Started execution of step "${asset}".\n${at} +1300 - dagster - ERROR - __ASSET_JOB - ${run} - ${asset} - STEP_FAILURE - Execution of step "${asset}" failed.\n\ndagster._core.errors.DagsterExecutionStepExecutionError: Error occurred while executing op "${asset}"::\n\n${exc}\n\nStack Trace:\n  File "/opt/venv/lib/python3.12/site-packages/dagster/_core/execution/plan/utils.py", line 54, in op_execution_error_boundary\n    yield\n  File "/opt/venv/lib/python3.12/site-packages/dagster/_utils/__init__.py", line 490, in iterate_with_context\n    next_output = next(iterator)\n  File "${ROOT}/ika_pipeline/assets/catch.py", line ${line}, in ${asset}\n    daily = df.groupby(["port", "landed_on"]).agg(kg=("weight_kg", "sum"))\n\n${at} +1300 - dagster - ERROR - __ASSET_JOB - ${run} - RUN_FAILURE - Execution of run for "__ASSET_JOB" failed. Steps failed: ['${asset}'].`;
}

function pytestOk(rng: Rng): string {
  return `============================= test session starts ==============================\nplatform linux -- Python 3.12.3, pytest-8.3.3, pluggy-1.5.0\nrootdir: ${ROOT}\ncollected ${rng.int(12, 30)} items\n\nika_pipeline_tests/test_assets.py ${'.'.repeat(rng.int(8, 16))}    [ 70%]\nika_pipeline_tests/test_checks.py ......                               [100%]\n\n============================== ${rng.int(14, 22)} passed in ${rng.int(2, 9)}.${rng.int(10, 99)}s ==============================`;
}

function xNoise(rng: Rng): ShoalStep {
  const r = rng.int(0, 6);
  const a = rng.pick(ASSETS);
  if (r === 0)
    return one(
      'Validate the definitions before materializing anything.',
      sh(
        'dagster definitions validate -m ika_pipeline',
        `Validation successful for code location ika_pipeline.\nLoaded ${ASSETS.length} assets, 2 jobs, 1 schedule, 3 asset checks.`,
      ),
    );
  if (r === 1) return one(undefined, sh('pytest -q ika_pipeline_tests', pytestOk(rng)));
  if (r === 2)
    return one(
      `Materialize ${a} and what it depends on.`,
      sh(`dagster asset materialize -m ika_pipeline --select '+${a}'`, runLog(rng, some(rng, ASSETS, rng.int(2, 4)))),
    );
  if (r === 3)
    return one(
      undefined,
      read(
        'ika_pipeline/assets/catch.py',
        `import dagster as dg\nimport pandas as pd\n\n\n@dg.asset(group_name="catch")\ndef ${a}(context: dg.AssetExecutionContext, landings_clean: pd.DataFrame) -> pd.DataFrame:\n    df = landings_clean[landings_clean.port.isin(${JSON.stringify(some(rng, PORTS, 3))})]\n    return df`,
      ),
    );
  if (r === 4)
    return one(
      'Check the landing counts per port in the warehouse file.',
      sh(
        "python -c \"import pandas as pd; print(pd.read_parquet('data/landings_clean.parquet').groupby('port').size())\"",
        `port\n${PORTS.map((p) => `${p.padEnd(12)} ${rng.int(40, 3000)}`).join('\n')}\ndtype: int64`,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      sh(
        'ruff check ika_pipeline',
        `ika_pipeline/assets/${rng.pick(['catch', 'vessels', 'ports'])}.py:${rng.int(3, 80)}:${rng.int(1, 40)}: F401 [*] \`numpy\` imported but unused\nFound 1 error.\n[*] 1 fixable with the \`--fix\` option.`,
        1,
      ),
    );
  return one(
    'Materialize the port summary.',
    sh(
      'dagster asset materialize -m ika_pipeline --select port_summary',
      `${stepFailure(rng, 'port_summary', `KeyError: '${rng.pick(['port_code', 'island'])}'`, rng.int(20, 90))}`,
      1,
    ),
  );
}

function xBig(rng: Rng): ShoalStep {
  return one(
    'Read the raw landings CSV to see what the port officers type in.',
    read(
      'data/landings_2024.csv',
      `landed_on,port,vessel,species,weight_kg,price_top_per_kg,officer\n${lines(
        rng.int(330, 400),
        (i) =>
          `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')},${nth(PORTS, i)},TON-${100 + (i % 83)},${nth(FISH, i)},${((i * 13) % 900) + 12}.${i % 10},${(8 + (i % 40) / 3).toFixed(2)},${nth(['Sione', 'Mele', 'Tevita', 'Losana', 'ʻAna'], i)}`,
      )}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `ha asset foʻou ko ${t} ke ne fakatahaʻi ʻa e toʻu ika ʻi he uike taki taha`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Mālō e lelei! Ko e poloseki ʻoku ʻi he ${ROOT} — ko e Dagster pipeline ki he ika ʻoku tau mai ki he ngaahi uāfu ʻo Tonga. ʻOku ou fie maʻu ${needle}. Kātaki ʻo fakamatalaʻi e sitepu kotoa.`,
            },
            {
              step: one(
                'Validate the definitions before materializing anything.',
                sh(
                  'dagster definitions validate -m ika_pipeline',
                  `Validation successful for code location ika_pipeline.\nLoaded ${ASSETS.length} assets, 2 jobs, 1 schedule, ${rng.int(2, 4)} asset checks.`,
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
        const needle = `${t}: fakaʻaiʻai ha asset check ki he mamafa ʻoku ʻikai ke totonu`;
        return { how: 'user-followup', needle, beats: [{ user: `Ko e ngāue hoko: ${needle}.` }] };
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
            (x) => `ʻoua naʻa ke liliu ʻa e schedule ${x} ʻi he dagster.yaml`,
            (x) => `ko e mamafa kotoa ʻi he ${x} kuo pau ke kilo, ʻikai ko e paune`,
            (x) => `ʻoua naʻa ke toe materialize ʻa e ${x} ʻi he production`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Lao: ${needle}.`, `Manatuʻi — ${needle}.`, `Mahuʻinga ʻeni: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = rng.pick([
          `${t.toUpperCase()} POLICY: every asset declares a group_name and an owner`,
          `${t.toUpperCase()} POLICY: partitions are daily in Pacific/Tongatapu, never UTC`,
          `${t.toUpperCase()} POLICY: no asset reads the officers' raw CSV except landings_raw`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'Read the team notes first.',
                read('docs/TEAM.md', `# ika-pipeline\n\n${needle}\n\nAsk Mele before adding a sensor.`),
              ),
            },
            { step: one(undefined, sh('pytest -q ika_pipeline_tests', pytestOk(rng))) },
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
            (x) => `${x} becomes a DailyPartitionsDefinition asset instead of a scheduled op job`,
            (x) => `I will express ${x} as an @asset_check rather than an assert inside the asset`,
            (x) => `${x} reads parquet through an IO manager, not with a hand-written path`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `Plan for this subtask: ${needle}.`,
                write('docs/decisions.md', `# Decisions\n\n- ${needle}.\n`),
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
        const needle = `ko e ${t} ʻe ngāueʻaki ʻa e dagster-aws S3 IO manager`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Kuo mau fili: ${needle}.`, `Tau fai pehē: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `ika_pipeline/assets/${t}.py`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'Create the new asset module.',
                write(
                  needle,
                  `import dagster as dg\n\n\n@dg.asset(group_name="catch", owners=["team:data"])\ndef ${t}(catch_daily):\n    return catch_daily.resample("W").sum()`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                sh(
                  'dagster definitions validate -m ika_pipeline',
                  'Validation successful for code location ika_pipeline.',
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
        const needle = `ika_pipeline_tests/test_${t}.py`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'Add a test with materialize_to_memory.',
                write(
                  needle,
                  `import dagster as dg\nfrom ika_pipeline import assets\n\n\ndef test_weekly():\n    res = dg.materialize_to_memory([assets.catch_daily])\n    assert res.success`,
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
        const needle = `KeyError: '${t}_kg'`;
        return {
          how: 'tool-runlog',
          needle,
          beats: [
            {
              step: one(
                'Materialize catch_daily to reproduce the failure.',
                sh(
                  'dagster asset materialize -m ika_pipeline --select catch_daily',
                  stepFailure(rng, 'catch_daily', needle, rng.int(20, 90)),
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
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `Input asset '["${t}"]' for asset '["port_summary"]' is not produced by any of the provided asset ops`;
        return {
          how: 'tool-definitions',
          needle,
          beats: [
            {
              step: one(
                'Validate the definitions before materializing anything.',
                sh(
                  'dagster definitions validate -m ika_pipeline',
                  `Traceback (most recent call last):\n  File "/opt/venv/bin/dagster", line 8, in <module>\n    sys.exit(main())\n  File "${ROOT}/ika_pipeline/definitions.py", line 12, in <module>\n    defs = dg.Definitions(assets=all_assets, schedules=[daily])\ndagster._core.errors.DagsterInvalidDefinitionError: ${needle} and is not one of the provided sources\nValidation failed for code location ika_pipeline.`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `Rename the input; ${t} does not exist.`,
                write('ika_pipeline/assets/ports.py', '@dg.asset\ndef port_summary(catch_daily): ...'),
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
        const needle = `FAILED ika_pipeline_tests/test_assets.py::test_${t}`;
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'pytest -q ika_pipeline_tests',
                  `...F.......\n=================================== FAILURES ===================================\n_________________________________ test_${t} __________________________________\n\n    def test_${t}():\n        res = dg.materialize_to_memory([assets.landings_clean])\n>       assert res.output_for_node("landings_clean").weight_kg.min() > 0\nE       assert -${rng.int(1, 40)}.0 > 0\n\nika_pipeline_tests/test_assets.py:${rng.int(10, 80)}: AssertionError\n=========================== short test summary info ============================\n${needle} - assert -3.0 > 0\n1 failed, ${rng.int(10, 20)} passed in ${rng.int(2, 9)}.${rng.int(10, 99)}s`,
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
        const port = rng.pick(PORTS);
        const needle = `${port}: ${t} kg`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Total weight landed per port this quarter.',
                sh(
                  'python scripts/quarter_totals.py --quarter 2025Q1',
                  `${PORTS.filter((p) => p !== port)
                    .map((p) => `${p}: ${rng.int(1000, 90000)} kg`)
                    .join('\n')}\n${needle}\n(from ${rng.int(900, 4000)} landings)`,
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
        const t = mint('hex');
        const needle = `${t}-${hex(rng, 4)}-${hex(rng, 4)}`;
        return {
          how: 'tool-launch',
          needle,
          beats: [
            {
              step: one(
                'Launch the backfill and note the run id.',
                sh(
                  'dagster job launch -m ika_pipeline -j backfill_2024',
                  `Launched run ${needle}-${hex(rng, 4)}-${hex(rng, 12)}`,
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
        const needle = `MOF-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Ko e kī ʻo e API ʻa e Potungāue ko ${needle}; tuku ia ʻi he .env.` }],
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
            (x) => `backfill ${x} for 2023 once the Vavaʻu files arrive`,
            (x) => `add a freshness check on ${x} before the Monday report`,
            (x) => `${x} still needs a sensor on the officers' upload folder`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                'Close this subtask and leave the next one in the plan.',
                ok(
                  SUB,
                  {
                    submit_type: 'give_answer',
                    result: { success: true, conclusion: `Weekly asset done (commit ${hex(rng, 7)}).` },
                    suggestions_for_latter_subtasks_plan: { need_for_plan_refine: true, reason: needle },
                  },
                  'Subtask submitted. Plan refine requested.',
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
        const needle = `ʻi he ngataʻanga, tohi ha fakamatala nounou ʻi he lea faka-Tonga ki he ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Mālō. ʻE taha ange: ${needle}.` },
            { step: one(undefined, sh('pytest -q ika_pipeline_tests', pytestOk(rng))) },
          ],
        };
      },
    },
  ],
};

/** The xagent harness. */
export const SHOAL_XAGENT: ShoalHarness = {
  style: 'xagent',
  protocol: 'native',
  system: `You are an experienced autonomous agent handling one subtask of a larger plan at a time. The user's overall goal concerns the Dagster pipeline of Tonga's fisheries landings in ${ROOT}. Use the tools of the ToolServer (${SH}, ${RD}, ${WR}); call exactly one function each turn; when the subtask is done or cannot be done, call ${SUB} with submit_type, result and suggestions_for_latter_subtasks_plan. The data engineer writes Tongan; reply in Tongan or English.`,
  tools: [SH, RD, WR, SUB],
  callId: (rng: Rng) => `call_${chars(rng, 24)}`,
  wrap: (c) =>
    `[${c.status === 'ok' ? 'TOOL_CALL_SUCCESS' : 'TOOL_CALL_FAILED'}] ${c.tool}${c.exitCode !== undefined && c.tool === SH ? ` (return code ${c.exitCode})` : ''}\n${c.output}`,
  noise: xNoise,
  big: xBig,
  followUp: (rng) =>
    rng.pick([
      'Kuo lava e ngaahi sivi?',
      'Ko e hā ʻoku lea ʻaki ʻe Dagster he taimí ni?',
      'Kātaki ʻo toe fai e sivi.',
      'Ko e hā naʻá ke liliu?',
      'Sai, ko e hā ʻoku toe?',
      'ʻOku kei ʻi ai ha fehalaaki?',
    ]),
  keepGoing: (rng) => rng.pick(['Hoko atu.', 'Hoko atu, ʻoua ʻe tuʻu.', 'Hoko atu kae ʻoua ke lava e sivi kotoa.']),
  answer: (rng) =>
    rng.pick([
      `Kuo ʻosi: naʻe lava e sivi ${rng.int(14, 22)} kotoa.`,
      'Done: the definitions validate and every asset materializes.',
      'Kuo fakatonutonu. ʻOku kei ʻi ai ha fakatokanga ruff ʻi he ports.py, ka ʻoku ʻikai fekauʻaki.',
      'Fakanounou: ʻoku ngāue e pipeline pea tatau e ngaahi mamafa.',
    ]),
  probe: (rng) => rng.pick(['Hoko atu.', 'Hoko atu mei he feituʻu naʻá ke tuʻu ai.', 'Ko e hā hoko?']),
  planters: PLANTERS,
};
