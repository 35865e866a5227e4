/**
 * The augment harness of the tarn family (tarn.ts): an Augment-Agent-like IDE agent. Its native tools
 * have kebab-case names — `launch-process` (`{"command", "wait", "max_wait_seconds", "cwd"}`, answered
 * by "Here are the results from executing the command." and `<return-code>`, `<stdout>`, `<stderr>`
 * blocks), `view` (a `cat -n` excerpt and the file's line count), `str-replace-editor` (numbered
 * `old_str_1`/`new_str_1` entries with their start and end lines), `save-file`, `remember` (a memory
 * the agent keeps across sessions), `codebase-retrieval` and `diagnostics` — one call a message; the
 * repository's `.augment-guidelines` holds the team's rules. Call ids are `toolu_vrtx_01` and 22
 * characters (Claude served through Vertex).
 * An eDNA metabarcoding pipeline for river monitoring in Aotearoa, built on the nf-core template with
 * Nextflow 24.04: `nextflow run` progress lines (`[3c/7a91e2] TAIAO_EDNA:EDNA:FASTQC (WAI03_12S) [100%]
 * 24 of 24 ✔`), `ERROR ~ Error executing process >` with `Caused by:`, `Command executed:`, `Command
 * exit status:`, `Work dir:` and the `Tip:`, compile errors (`No such variable`), nf-test's `Test
 * [hash] '…' PASSED`/`FAILED` and `FAILURE: Executed n tests`, nf-core lint's summary box, the
 * execution trace; for a Māori-speaking user.
 * Reconstructed rather than copied: the tool result texts (from memory of Augment's transcripts), the
 * system prompt, and Nextflow's, nf-test's and nf-core tools' output from memory of 2024 releases.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  dur,
  fail,
  hex,
  lines,
  numberLines,
  ok,
  one,
  pieces,
  say,
  some,
  type Planter,
  type TarnCall,
  type TarnHarness,
  type TarnStep,
} from './tarn-kit';

const ROOT = '/home/aroha/mahi/taiao-edna';
const SITES = ['WAI03', 'WAI07', 'WAI11', 'MANA02', 'MANA05', 'TARA01', 'TARA04', 'KAWA09'];
const PROCS = [
  'FASTQC',
  'CUTADAPT',
  'DADA2_FILTNTRIM',
  'DADA2_DENOISING',
  'VSEARCH_CLUSTER',
  'BLAST_BLASTN',
  'MULTIQC',
];
const NF = [
  "process CUTADAPT {\n    tag \"$meta.id\"\n    label 'process_medium'\n    container 'quay.io/biocontainers/cutadapt:4.9--py312hf67a6ed_0'",
  'input:\n    tuple val(meta), path(reads)\n\n    output:\n    tuple val(meta), path(\'*.trim.fastq.gz\'), emit: reads\n    path "versions.yml"                      , emit: versions',
  'workflow EDNA {\n    take:\n    ch_samplesheet\n\n    main:\n    FASTQC ( ch_samplesheet )\n    CUTADAPT ( ch_samplesheet )',
  "params {\n    input          = null\n    outdir         = 'results'\n    primer_fw      = 'GTCGGTAAAACTCGTGCCAGC'\n    primer_rv      = 'CATAGTGGGGTATCTAATCCCAGTTTG'\n    max_memory     = '16.GB'\n}",
  "include { FASTQC        } from '../modules/nf-core/fastqc/main'\ninclude { MULTIQC       } from '../modules/nf-core/multiqc/main'\ninclude { CUTADAPT      } from '../modules/local/cutadapt/main'",
  'script:\n    def args = task.ext.args ?: \'\'\n    """\n    cutadapt --cores $task.cpus $args -g ${params.primer_fw} -G ${params.primer_rv} -o ${meta.id}_1.trim.fastq.gz -p ${meta.id}_2.trim.fastq.gz $reads\n    """',
];

function run(command: string, output: string, code = 0): TarnCall {
  const args = { command, wait: true, max_wait_seconds: 900, cwd: ROOT };
  return code === 0 ? ok('launch-process', args, output, 0) : fail('launch-process', args, output, code);
}

function view(rng: Rng, path: string, body?: string): TarnCall {
  const text = body ?? pieces(rng, NF, rng.int(14, 40));
  return ok(
    'view',
    { path, type: 'file' },
    `Here's the result of running \`cat -n\` on ${path}:\n${numberLines(text)}\nTotal lines in file: ${text.split('\n').length}\n`,
  );
}

function replace(path: string, oldStr: string, newStr: string, at: number): TarnCall {
  const end = at + newStr.split('\n').length - 1;
  return ok(
    'str-replace-editor',
    {
      command: 'str_replace',
      path,
      old_str_1: oldStr,
      new_str_1: newStr,
      old_str_start_line_number_1: at,
      old_str_end_line_number_1: at + oldStr.split('\n').length - 1,
    },
    `Successfully edited the file ${path}.\nResult for str_replace for entry with index [1]:\nReplacement successful.\nnew_str starts at line ${at} and ends at line ${end}.\n\nReview the changes and make sure they are as expected (correct indentation, no duplicate lines, etc).\nEdit the file again if necessary.`,
  );
}

function save(path: string, content: string): TarnCall {
  return ok('save-file', { path, file_content: content }, `File saved.  Saved file {${path}}`);
}

const WORDS = ['festering_hopper', 'angry_curie', 'sleepy_lovelace', 'jovial_kare', 'tiny_goldberg', 'focused_noether'];

function progress(rng: Rng, upTo: number, failedAt?: string): string {
  return PROCS.slice(0, upTo)
    .map((p) => {
      const site = rng.pick(SITES);
      const n = 24;
      const name = `TAIAO_EDNA:EDNA:${p} (${site}_12S)`.padEnd(48);
      const bad = p === failedAt;
      return `[${hex(rng, 2)}/${hex(rng, 6)}] ${name} [${bad ? ' 50' : '100'}%] ${bad ? `12 of ${n}, failed: 1` : `${n} of ${n} ✔`}`;
    })
    .join('\n');
}

function launch(rng: Rng): string {
  return `\n N E X T F L O W   ~  version 24.04.4\n\nLaunching \`main.nf\` [${rng.pick(WORDS)}] DSL2 - revision: ${hex(rng, 10)}\n\n`;
}

function nfRun(rng: Rng): string {
  const n = PROCS.length;
  return `${launch(rng)}executor >  local (${rng.int(60, 170)})\n${progress(rng, n)}\n-[taiao/edna] Pipeline completed successfully-\nCompleted at: 0${rng.int(1, 9)}-Mar-2025 ${rng.int(10, 22)}:${rng.int(10, 59)}:${rng.int(10, 59)}\nDuration    : ${rng.int(2, 40)}m ${rng.int(1, 59)}s\nCPU hours   : ${dur(rng, 0.4, 9, 1)}\nSucceeded   : ${rng.int(60, 170)}`;
}

function nfTest(rng: Rng, failing?: string, body = ''): string {
  const tests = ['sarscov2 - paired-end', 'river 12S - paired-end', 'river 12S - stub', 'empty sample'];
  const rows = tests.map((t) => {
    const bad = t === failing;
    return `  Test [${hex(rng, 8)}] '${t}' ${bad ? 'FAILED' : 'PASSED'} (${dur(rng, 2, 40, 3)}s)${bad ? `\n\n${body}` : ''}`;
  });
  return `\n🚀 nf-test 0.9.2\nhttps://www.nf-test.com\n(c) 2021 - 2024 Lukas Forer and Sebastian Schoenherr\n\n\nTest Process CUTADAPT\n\n${rows.join('\n')}\n\n\n${failing ? `FAILURE: Executed ${tests.length} tests in ${dur(rng, 20, 90, 3)}s (1 failed)` : `SUCCESS: Executed ${tests.length} tests in ${dur(rng, 20, 90, 3)}s`}`;
}

function lint(rng: Rng): string {
  const warn = rng.int(0, 4);
  return `\n                                          ,--./,-.\n          ___     __   __   __   ___     /,-._.--~\\\n    |\\ | |__  __ /  \` /  \\ |__) |__         }  {\n    | \\| |       \\__, \\__/ |  \\ |___     \\\`-._,-\`-,\n                                          \`._,._,'\n\n    nf-core/tools version 3.0.2 - https://nf-co.re\n\n\nINFO     Testing pipeline: .\n╭───────────────────────╮\n│ LINT RESULTS SUMMARY  │\n├───────────────────────┤\n│ [✔] ${String(rng.int(170, 200)).padStart(3)} Tests Passed  │\n│ [?]   0 Tests Ignored │\n│ [!]   ${warn} Test Warnings │\n│ [✗]   0 Tests Failed  │\n╰───────────────────────╯`;
}

function augmentNoise(rng: Rng): TarnStep {
  const r = rng.int(0, 8);
  if (r === 0) return one(undefined, run('nextflow run main.nf -profile docker,test -resume', nfRun(rng)));
  if (r === 1)
    return one(undefined, run('nf-test test modules/local/cutadapt/tests/main.nf.test --profile docker', nfTest(rng)));
  if (r === 2) return one(undefined, run('nf-core pipelines lint', lint(rng)));
  if (r === 3)
    return one(
      undefined,
      view(rng, rng.pick(['main.nf', 'workflows/edna.nf', 'modules/local/cutadapt/main.nf', 'nextflow.config'])),
    );
  if (r === 4)
    return one(
      undefined,
      ok(
        'codebase-retrieval',
        {
          information_request: rng.pick([
            'where the primers are trimmed',
            'how the sample sheet is validated',
            'where MultiQC gets its inputs',
          ]),
        },
        `The following code sections were retrieved:\nPath: workflows/edna.nf\n${pieces(rng, NF, rng.int(6, 14))}\n...\nPath: nextflow.config\n${NF[3] as string}`,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      run(
        'git status --short && git log --oneline -3',
        `${some(
          rng,
          ['main.nf', 'workflows/edna.nf', 'modules/local/cutadapt/main.nf', 'nextflow.config', 'conf/modules.config'],
          rng.int(1, 3),
        )
          .map((f) => ` M ${f}`)
          .join(
            '\n',
          )}\n${hex(rng, 7)} cutadapt: trim both primers\n${hex(rng, 7)} schema: river code column\n${hex(rng, 7)} ci: nf-test on docker`,
      ),
    );
  if (r === 6)
    return one(
      undefined,
      ok(
        'diagnostics',
        { paths: ['workflows/edna.nf'] },
        rng.chance(0.5)
          ? 'No diagnostics found.'
          : `The IDE reports the following issues:\nworkflows/edna.nf\n  L${rng.int(20, 90)}: Variable \`ch_versions\` was assigned but not used (warning)`,
      ),
    );
  if (r === 7)
    return one(
      undefined,
      run(
        'ls results/ && du -sh work/',
        `asv\nblast\ncutadapt\nfastqc\nmultiqc\npipeline_info\n${rng.int(2, 60)}G\twork/`,
      ),
    );
  return one(
    undefined,
    run(
      'head -n 5 assets/samplesheet_rivers.csv',
      `sample,fastq_1,fastq_2,river\n${lines(4, () => {
        const s = rng.pick(SITES);
        return `${s}_12S,data/${s}_R1.fastq.gz,data/${s}_R2.fastq.gz,${s.replace(/\d+/, '')}`;
      })}`,
    ),
  );
}

function augmentBig(rng: Rng): TarnStep {
  const n = rng.int(330, 420);
  return one(
    'The execution trace of the last run, every task.',
    run(
      'cat results/pipeline_info/execution_trace_*.txt',
      `task_id\thash\tnative_id\tname\tstatus\texit\tsubmit\tduration\trealtime\t%cpu\tpeak_rss\tpeak_vmem\trchar\twchar\n${lines(
        n,
        (i) => {
          const p = rng.pick(PROCS);
          return `${i + 1}\t${hex(rng, 2)}/${hex(rng, 6)}\t${rng.int(10000, 99999)}\tTAIAO_EDNA:EDNA:${p} (${rng.pick(SITES)}_12S)\tCOMPLETED\t0\t2025-03-0${rng.int(1, 9)} ${rng.int(10, 22)}:${rng.int(10, 59)}:${rng.int(10, 59)}.${rng.int(100, 999)}\t${rng.int(2, 300)}s\t${rng.int(1, 280)}s\t${dur(rng, 50, 790, 1)}%\t${rng.int(20, 900)} MB\t${dur(rng, 1, 9, 1)} GB\t${rng.int(1, 900)} MB\t${rng.int(1, 400)} MB`;
        },
      )}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `kia tāpirihia he tukanga ${t} hei tātari i ngā raraunga 12S`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Kia ora! Kei ${ROOT} te kaupapa — he pipeline Nextflow (nf-core template) mō te eDNA o ngā awa. Ko taku hiahia ${needle}. Tēnā koa, whakamāramatia ia hipanga.`,
            },
            {
              step: one(
                undefined,
                ok(
                  'view',
                  { path: '.', type: 'directory' },
                  `Here's the files and directories up to 2 levels deep in ., excluding hidden items:\nassets\nassets/samplesheet_rivers.csv\nconf\nconf/modules.config\nmain.nf\nmodules\nmodules/local\nmodules/nf-core\nnextflow.config\nnextflow_schema.json\nworkflows\nworkflows/edna.nf\n`,
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
        const needle = `${t}: tāpirihia he pūrongo MultiQC mō ia awa`;
        return { how: 'user-followup', needle, beats: [{ user: `Te mahi e whai ake nei: ${needle}.` }] };
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
            (x) => `${x}: kaua e panoni i ngā kōnae kei te kōpaki modules/nf-core/`,
            (x) => `me whakamahi te ${x} i te profile docker anake`,
            (x) => `${x}: kaua e nui ake i te 16 GB te mahara mō ia tukanga`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`He ture: ${needle}.`, `Kia mahara — ${needle}.`, `He mea nui: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: every process declares a quay.io/biocontainers container with a pinned tag`,
          `${T}: the sample sheet is validated with nf-schema before any process runs`,
          `${T}: raw reads are never published to results/; only the trimmed ones`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                undefined,
                view(
                  rng,
                  '.augment-guidelines',
                  `# Guidelines for the agent\n\n- Test with nf-test and the docker profile.\n- ${needle}\n- Te reo Māori in user-facing text is written with macrons.`,
                ),
              ),
            },
            {
              step: one(
                `Guideline ${T} applies to this change; running the module tests first.`,
                run('nf-test test modules/local/cutadapt/tests/main.nf.test --profile docker', nfTest(rng)),
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
            (x) => `I'll write ${x} as a local module under modules/local rather than patching an nf-core module`,
            (x) => `${x} will cluster the ASVs with VSEARCH at 97% instead of keeping exact sequence variants`,
            (x) => `Plan: ${x} reads its reference from params.${x}_db, not from iGenomes`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [{ step: one(`${needle}.`, ok('remember', { memory: needle }, 'Memories saved successfully.')) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `ka whakamahi a ${t} i te pātengi raraunga MIDORI2 anake`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            { user: rng.pick([`Kua whakatauhia: ${needle}.`, `Me pēnei: ${needle}; he pai ake mō ngā ika o te awa.`]) },
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
        const T = t.toUpperCase();
        const needle = `modules/local/${t}/main.nf`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'A local module for the new step.',
                save(
                  needle,
                  `process ${T} {\n    tag "$meta.id"\n    label 'process_low'\n    container 'quay.io/biocontainers/vsearch:2.28.1--h6a68c12_0'\n\n    input:\n    tuple val(meta), path(fasta)\n\n    output:\n    tuple val(meta), path('*.uc'), emit: clusters\n\n    script:\n    """\n    vsearch --cluster_size $fasta --id 0.97 --uc ${'${meta.id}'}.uc\n    """\n}\n`,
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
        const needle = `conf/${t}.config`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'Its resource settings in a config of their own.',
                save(
                  needle,
                  `process {\n    withName: '.*:${t.toUpperCase()}' {\n        cpus   = 4\n        memory = 8.GB\n    }\n}\n`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                replace(
                  'nextflow.config',
                  "includeConfig 'conf/modules.config'",
                  `includeConfig 'conf/modules.config'\nincludeConfig '${needle}'`,
                  212,
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
        const T = t.toUpperCase();
        const site = rng.pick(SITES);
        const needle = `ERROR ~ Error executing process > 'TAIAO_EDNA:EDNA:${T}_FILTER (${site}_12S)'`;
        return {
          how: 'tool-nextflow',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  'nextflow run main.nf -profile docker,test -resume',
                  `${launch(rng)}executor >  local (${rng.int(10, 40)})\n${progress(rng, 3)}\n[${hex(rng, 2)}/${hex(rng, 6)}] TAIAO_EDNA:EDNA:${T}_FILTER (${site}_12S)     [ 50%] 1 of 2, failed: 1\n${needle}\n\nCaused by:\n  Process \`TAIAO_EDNA:EDNA:${T}_FILTER (${site}_12S)\` terminated with an error exit status (1)\n\n\nCommand executed:\n\n  Rscript -e 'dada2::filterAndTrim("${site}_1.trim.fastq.gz", "filt_1.fq.gz", truncLen = c(140, 120), maxEE = c(2, 2))'\n\nCommand exit status:\n  1\n\nCommand output:\n  (empty)\n\nCommand error:\n  Error in filterAndTrim(...) : \n    Every input file was filtered completely. Check that truncLen is shorter than the reads.\n  Execution halted\n\nWork dir:\n  ${ROOT}/work/${hex(rng, 2)}/${hex(rng, 30)}\n\nContainer:\n  quay.io/biocontainers/bioconductor-dada2:1.30.0--r43hf17093f_0\n\nTip: you can replicate the issue by changing to the process work dir and entering the command \`bash .command.run\`\n\n -- Check '.nextflow.log' file for details`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${T}_FILTER drops every read of ${site}; the 12S amplicon is shorter than truncLen. Viewing the module.`,
                view(rng, `modules/local/${t}/main.nf`),
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
        const needle = `ERROR ~ No such variable: ch_${t}`;
        const l = rng.int(30, 120);
        return {
          how: 'tool-compile',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  'nextflow run main.nf -profile docker,test -resume',
                  `${launch(rng)}${needle}\n\n -- Check script 'workflows/edna.nf' at line: ${l} or see '.nextflow.log' file for more details`,
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
        const needle = `ASVs after chimera removal: ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  'Rscript bin/asv_summary.R results/asv/seqtab.nochim.rds',
                  `samples: ${rng.int(20, 40)}\nASVs before chimera removal: ${rng.int(10000000, 99999999)}\n${needle}\nreads kept: ${dur(rng, 70, 95, 1)}%`,
                ),
              ),
            },
            {
              step: one(
                `Recording "${needle}" in the run notes.`,
                replace('docs/runs.md', '## 2025-03 test run', `## 2025-03 test run\n\n- ${needle}`, 8),
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
              step: one(
                undefined,
                run('sha256sum assets/midori2_12S.fasta.gz', `${needle}${hex(rng, 32)}  assets/midori2_12S.fasta.gz`),
              ),
            },
            {
              step: one(
                `The reference is ${needle}…; pinning it in nextflow.config.`,
                replace(
                  'nextflow.config',
                  "    midori_db      = 'assets/midori2_12S.fasta.gz'",
                  `    midori_db      = 'assets/midori2_12S.fasta.gz'\n    midori_sha256  = '${needle}'`,
                  19,
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
        const needle = `IWI-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Ko te nama whakaaetanga a te iwi ko ${needle}; tāpirihia ki te nextflow.config.` }],
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
            (x) => `Still to do: run ${x} on the full Waikato batch with the slurm profile`,
            (x) => `Not done yet: nf-test snapshots for ${x}`,
            (x) => `Hei mahi: whakamātautau i te ${x} ki ngā raraunga o Manawatū`,
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
                replace('CHANGELOG.md', '## v0.3.0dev', `## v0.3.0dev\n\n- ${t}: added (pending: ${needle})`, 3),
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
        const needle = `hei whakamutunga, tuhia he whakarāpopototanga poto mō ${t} i te reo Māori`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Ngā mihi. Kotahi anō: ${needle}.` },
            { step: one(undefined, run('nf-core pipelines lint', lint(rng))) },
          ],
        };
      },
    },
  ],
};

/** The augment harness. */
export const TARN_AUGMENT: TarnHarness = {
  style: 'augment',
  protocol: 'native',
  system: `# Role\nYou are Augment Agent, an agentic coding AI assistant with access to the developer's codebase through Augment's world-leading context engine and integrations.\nYou can read from and write to the codebase using the provided tools.\n\n# Preliminary tasks\nBefore starting to execute a task, make sure you have a clear understanding of the task and the codebase. Call codebase-retrieval when you need information about the code.\n\n# Making edits\nUse str-replace-editor to edit files; do not rewrite whole files with save-file. Use save-file only for new files.\n\n# Testing\nRun nf-test with the docker profile after each change to a module.\n\n# Memories\nWhen you make a decision the user will want kept, call remember.\n\nThe workspace is ${ROOT} (a Nextflow 24.04 pipeline from the nf-core template). Follow .augment-guidelines. The user writes te reo Māori; answer in te reo Māori.`,
  tools: ['launch-process', 'view', 'str-replace-editor', 'save-file', 'remember', 'codebase-retrieval', 'diagnostics'],
  callId: (rng) => `toolu_vrtx_01${chars(rng, 22)}`,
  wrap: (c) =>
    c.tool === 'launch-process'
      ? `Here are the results from executing the command.\n<return-code>\n${c.exitCode ?? 0}\n</return-code>\n<stdout>\n${c.output}\n</stdout>\n<stderr>\n\n</stderr>`
      : c.output,
  noise: augmentNoise,
  big: augmentBig,
  followUp: (rng) =>
    rng.pick([
      'Kua oti te pipeline?',
      'Kua pāhi ngā whakamātautau ināianei?',
      'Tēnā, whakahaerehia anō ngā whakamātautau.',
      'He aha ngā mea i panonitia e koe?',
      'Pai, he aha e toe ana?',
      'He hapa anō i te nf-core lint?',
    ]),
  keepGoing: (rng) =>
    rng.pick(['Haere tonu.', 'Haere tonu, kaua e tū.', 'Haere tonu kia pāhi rā anō ngā whakamātautau katoa.']),
  answer: (rng) =>
    rng.pick([
      `Kua oti: kua pāhi ngā whakamātautau nf-test katoa, ā, kāore he hapa i te lint (${rng.int(170, 200)} ngā whakamātautau).`,
      'Done: the pipeline runs end to end on the test profile and nf-test passes.',
      'Kua whakatikaina e au. He whakatūpato tawhito kei workflows/edna.nf, kāore e pā ana ki tēnei panoni.',
      'Hei whakarāpopoto: kei te rere te tukanga hou, ā, kei te pāhi tonu ngā whakamātautau.',
    ]),
  probe: (rng) => rng.pick(['Haere tonu.', 'Haere tonu i te wāhi i mutu ai koe.', 'Ā, he aha ināianei?']),
  planters: PLANTERS,
};
