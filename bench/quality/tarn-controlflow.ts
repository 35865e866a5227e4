/**
 * The controlflow harness of the tarn family (tarn.ts): a ControlFlow-like orchestrated agent. The
 * system prompt names the agent and lists its tasks as `<task>` blocks with eight-hex ids, objectives,
 * instructions and status; besides a shell and file tools the agent gets one native tool per task to
 * close it, `mark_task_<id>_successful` (`{"task_result"}`) and `mark_task_<id>_failed`
 * (`{"reason"}`), answered by `Task #<id> ("…") marked successful.`; one call at a time. Call ids are
 * `call_` and 24 characters.
 * A Snakemake 8 workflow building a Sinhala speech corpus for ASR: `Building DAG of jobs...`, job stats
 * tables, rule blocks (`localrule resample_16k:` with input, output, jobid, reason, wildcards),
 * `Finished job 17.` and `12 of 483 steps (2%) done`, `Error in rule …:` with the shell command and "(one
 * of the commands exited with non-zero exit code; note that snakemake uses bash strict mode!)",
 * `MissingInputException`, `Exiting because a job execution failed`, sox and Montreal Forced Aligner
 * output, dry runs; for a Sinhala-speaking user.
 * Reconstructed rather than copied: the prompt's task blocks and the completion tools' result text
 * (from memory of ControlFlow 0.11), and Snakemake's log from memory of 7.x–8.x.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  dur,
  fail,
  hex,
  lines,
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

const ROOT = '/home/nadeesha/wada/sinhala-asr-corpus';
const TASKS = [
  { id: '5e3a91c2', objective: 'Build the 16 kHz corpus with normalized transcripts' },
  { id: 'b71f04de', objective: 'Align the transcripts with Montreal Forced Aligner' },
  { id: '0c9d2e77', objective: 'Write the manifest and the dataset card' },
];
const RULES = ['resample_16k', 'normalize_text', 'mfa_validate', 'mfa_align', 'make_manifest', 'split_speakers'];
const SMK = [
  'configfile: "config/config.yaml"\n\nUTTS = glob_wildcards("raw/wav/{utt}.wav").utt',
  'rule all:\n    input:\n        "data/manifest.tsv",\n        "data/aligned"',
  'rule resample_16k:\n    input:\n        "raw/wav/{utt}.wav"\n    output:\n        "data/wav16k/{utt}.wav"\n    conda:\n        "envs/sox.yaml"\n    shell:\n        "sox {input} -r 16000 -c 1 -b 16 {output}"',
  'rule normalize_text:\n    input:\n        "raw/text/{utt}.txt"\n    output:\n        "data/text_norm/{utt}.txt"\n    script:\n        "scripts/normalize_si.py"',
  'rule mfa_align:\n    input:\n        wav=expand("data/wav16k/{utt}.wav", utt=UTTS),\n        txt=expand("data/text_norm/{utt}.txt", utt=UTTS)\n    output:\n        directory("data/aligned")\n    threads: 8\n    log:\n        "logs/mfa_align.log"',
];

function sh(command: string, output: string, code = 0): TarnCall {
  return code === 0 ? ok('shell', { command }, output, 0) : fail('shell', { command }, output, code);
}

function read(rng: Rng, path: string, body?: string): TarnCall {
  return ok('read_file', { path }, body ?? pieces(rng, SMK, rng.int(14, 40)));
}

function write(path: string, content: string): TarnCall {
  return ok('write_file', { path, content }, `Wrote ${content.length} characters to ${path}.`);
}

function when(rng: Rng): string {
  return `[${rng.pick(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])} Mar  ${rng.int(3, 9)} ${rng.int(10, 22)}:${String(rng.int(10, 59))}:${String(rng.int(10, 59))} 2025]`;
}

function stats(rng: Rng): { text: string; total: number } {
  const n = rng.int(180, 260);
  const rows: [string, number][] = [
    ['all', 1],
    ['make_manifest', 1],
    ['mfa_align', 1],
    ['mfa_validate', 1],
    ['normalize_text', n],
    ['resample_16k', n],
  ];
  const total = rows.reduce((s, [, c]) => s + c, 0);
  return {
    text: `Job stats:\njob               count\n--------------  -------\n${rows.map(([j, c]) => `${j.padEnd(14)}  ${String(c).padStart(7)}`).join('\n')}\ntotal           ${String(total).padStart(7)}`,
    total,
  };
}

function utt(rng: Rng): string {
  return `spk${String(rng.int(1, 60)).padStart(3, '0')}_${String(rng.int(1, 400)).padStart(4, '0')}`;
}

function jobs(rng: Rng, n: number, total: number, start = 0): string {
  return lines(n, (i) => {
    const u = utt(rng);
    const id = rng.int(3, total);
    return `\n${when(rng)}\nlocalrule resample_16k:\n    input: raw/wav/${u}.wav\n    output: data/wav16k/${u}.wav\n    jobid: ${id}\n    reason: Missing output files: data/wav16k/${u}.wav\n    wildcards: utt=${u}\n    resources: tmpdir=/tmp\n\n${when(rng)}\nFinished job ${id}.\n${start + i + 1} of ${total} steps (${(((start + i + 1) / total) * 100).toFixed(0)}%) done`;
  });
}

function head(rng: Rng): { text: string; total: number } {
  const s = stats(rng);
  return {
    text: `Assuming unrestricted shared filesystem usage.\nhost: asr-box\nBuilding DAG of jobs...\nUsing shell: /usr/bin/bash\nProvided cores: 8\nRules claiming more threads will be scaled down.\n${s.text}\n\nSelect jobs to execute...\nExecute 8 jobs...`,
    total: s.total,
  };
}

function runOk(rng: Rng): string {
  const h = head(rng);
  return `${h.text}\n${jobs(rng, rng.int(3, 8), h.total)}`;
}

function cfNoise(rng: Rng): TarnStep {
  const r = rng.int(0, 8);
  if (r === 0) return one(undefined, sh('snakemake --use-conda --cores 8', runOk(rng)));
  if (r === 1) {
    const s = stats(rng);
    return one(
      undefined,
      sh(
        'snakemake -n --quiet rules',
        `Building DAG of jobs...\n${s.text}\n\nThis was a dry-run (flag -n). The order of jobs does not reflect the order of execution.`,
      ),
    );
  }
  if (r === 2)
    return one(
      undefined,
      read(rng, rng.pick(['workflow/Snakefile', 'workflow/rules/audio.smk', 'workflow/rules/align.smk'])),
    );
  if (r === 3) {
    const u = utt(rng);
    return one(
      undefined,
      sh(
        `soxi data/wav16k/${u}.wav`,
        `\nInput File     : 'data/wav16k/${u}.wav'\nChannels       : 1\nSample Rate    : 16000\nPrecision      : 16-bit\nDuration       : 00:00:0${rng.int(2, 9)}.${rng.int(10, 99)} = ${rng.int(40000, 150000)} samples ~ ${rng.int(300, 900)} CDDA sectors\nFile Size      : ${rng.int(80, 300)}k\nBit Rate       : 256k\nSample Encoding: 16-bit Signed Integer PCM\n`,
      ),
    );
  }
  if (r === 4)
    return one(
      undefined,
      sh(
        'git status --short && git log --oneline -3',
        `${some(
          rng,
          ['workflow/Snakefile', 'workflow/rules/audio.smk', 'workflow/scripts/normalize_si.py', 'config/config.yaml'],
          rng.int(1, 3),
        )
          .map((f) => ` M ${f}`)
          .join(
            '\n',
          )}\n${hex(rng, 7)} audio: resample with sox\n${hex(rng, 7)} text: keep ZWJ in conjuncts\n${hex(rng, 7)} align: mfa 3.1`,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      sh(
        'tail -n 8 logs/mfa_align.log',
        `INFO     Setting up corpus information...\nINFO     Loading corpus from source files...\nINFO     Found ${rng.int(40, 60)} speakers across ${rng.int(4000, 9000)} files, average number of utterances per speaker: ${dur(rng, 80, 160, 1)}\nINFO     Generating base features (mfcc)...\nINFO     Performing first-pass alignment...\nINFO     Generating alignments...\nINFO     Exporting TextGrids to data/aligned...\nINFO     Finished exporting TextGrids to data/aligned!`,
      ),
    );
  if (r === 6)
    return one(
      undefined,
      sh(
        'python workflow/scripts/check_text.py data/text_norm | tail -n 4',
        `files: ${rng.int(4000, 9000)}\nempty: 0\nnon-Sinhala characters: ${rng.int(0, 12)}\nZWJ sequences kept: ${rng.int(1000, 9000)}`,
      ),
    );
  if (r === 7 && rng.chance(0.3)) return one(undefined, sh('snakemake --list-rules', ['all', ...RULES].join('\n')));
  if (r === 7)
    return one(
      undefined,
      sh('ls data/ && du -sh data/wav16k', `aligned\ntext_norm\nwav16k\n${dur(rng, 2, 9, 1)}G\tdata/wav16k`),
    );
  return one(
    undefined,
    read(
      rng,
      'config/config.yaml',
      `raw_dir: raw\nsample_rate: 16000\nmfa_model: sinhala_mfa\ndictionary: dict/sinhala_mfa.dict\nsplit:\n  dev_speakers: 4\n  test_speakers: 4`,
    ),
  );
}

function cfBig(rng: Rng): TarnStep {
  const h = head(rng);
  return one(
    'A full run of the audio rules, all of its log.',
    sh('snakemake --use-conda --cores 8 --until resample_16k', `${h.text}\n${jobs(rng, rng.int(90, 120), h.total)}`),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} නමින් නව rule එකක් එකතු කරන්න, ශබ්ද ගොනු 16 kHz වලට පරිවර්තනය කිරීමට`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `ආයුබෝවන්! ව්‍යාපෘතිය ${ROOT} හි ඇත — Snakemake සමඟ සිංහල කථන දත්ත කට්ටලයක් (ASR corpus). මට අවශ්‍යයි: ${needle}. කරුණාකර සෑම පියවරක්ම පැහැදිලි කරන්න.`,
            },
            {
              step: one(
                'Looking at the workflow first.',
                sh(
                  'ls workflow workflow/rules',
                  `workflow:\nSnakefile\nenvs\nrules\nscripts\n\nworkflow/rules:\naudio.smk\nalign.smk\ntext.smk`,
                ),
              ),
            },
            { step: one(undefined, read(rng, 'workflow/Snakefile')) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: කථිකයන් අනුව train/dev/test බෙදීමක් සාදන්න`;
        return { how: 'user-followup', needle, beats: [{ user: `ඊළඟ කාර්යය: ${needle}.` }] };
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
            (x) => `${x}: raw/ ෆෝල්ඩරයේ ගොනු කිසිවිටෙක වෙනස් කරන්න එපා`,
            (x) => `${x} සඳහා සෑම rule එකකටම conda පරිසරයක් තිබිය යුතුයි`,
            (x) => `${x}: cores 8 ට වඩා භාවිතා කරන්න එපා`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`එක් නීතියක්: ${needle}.`, `මතක තබා ගන්න — ${needle}.`, `වැදගත්: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: raw/ is read-only; every rule writes under data/`,
          `${T}: audio leaves resample_16k as 16 kHz mono 16-bit PCM WAV and in no other format`,
          `${T}: transcripts keep the ZWJ (U+200D) inside Sinhala conjuncts; never strip it`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'The corpus rules in the README.',
                read(
                  rng,
                  'README.md',
                  `# Sinhala ASR corpus\n\n## Rules\n\n- ${needle}\n- Speakers never cross the train/dev/test split.\n- Every rule logs to logs/.`,
                ),
              ),
            },
            {
              step: one(
                `Rule ${T} applies to this task; a dry run to see what is pending.`,
                sh(
                  'snakemake -n --quiet rules',
                  `Building DAG of jobs...\n${stats(rng).text}\n\nThis was a dry-run (flag -n). The order of jobs does not reflect the order of execution.`,
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
        const needle = say(
          rng,
          [
            (x) => `I'll make ${x} a checkpoint so the split is computed after alignment, not guessed up front`,
            (x) => `${x} will normalize text in a Python script rule rather than a sed one-liner`,
            (x) => `Plan: ${x} runs sox through a conda env pinned to sox 14.4.2, not the system sox`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [{ step: one(`${needle}.`, write('docs/decisions.md', `# Decisions\n\n- ${needle}\n`)) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} සඳහා අපි Montreal Forced Aligner පමණක් භාවිතා කරමු`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`අපි තීරණය කළා: ${needle}.`, `මෙසේ කරමු: ${needle}; Kaldi අවශ්‍ය නැහැ.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `workflow/rules/${t}.smk`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'The new rules get a file of their own.',
                write(
                  needle,
                  `rule ${t}:\n    input:\n        "data/wav16k/{utt}.wav"\n    output:\n        "data/feats/{utt}.npy"\n    conda:\n        "../envs/sox.yaml"\n    script:\n        "../scripts/feats.py"\n`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                sh(
                  `grep -n include workflow/Snakefile`,
                  `3:include: "rules/audio.smk"\n4:include: "rules/text.smk"\n5:include: "rules/align.smk"\n6:include: "rules/${t}.smk"`,
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
        const needle = `workflow/scripts/${t}.py`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'A script for the rule.',
                write(
                  needle,
                  `import unicodedata\n\nZWJ = "\\u200d"\n\n\ndef normalize(line: str) -> str:\n    return unicodedata.normalize("NFC", line).strip()\n\n\nwith open(snakemake.input[0]) as f, open(snakemake.output[0], "w") as g:\n    g.write(normalize(f.read()))\n`,
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
        const needle = `Error in rule ${t}_align:`;
        const h = head(rng);
        return {
          how: 'tool-snakemake',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'snakemake --use-conda --cores 8',
                  `${h.text}\n${jobs(rng, rng.int(2, 4), h.total)}\n\n${when(rng)}\n${needle}\n    jobid: 2\n    input: data/wav16k, data/text_norm\n    output: data/aligned\n    log: logs/${t}_align.log (check log file(s) for error details)\n    conda-env: ${ROOT}/.snakemake/conda/${hex(rng, 32)}_\n    shell:\n        mfa align data/wav16k data/text_norm dict/sinhala_mfa.dict sinhala_mfa data/aligned -j 8 > logs/${t}_align.log 2>&1\n        (one of the commands exited with non-zero exit code; note that snakemake uses bash strict mode!)\n\nRemoving output files of failed job ${t}_align since they might be corrupted:\ndata/aligned\nShutting down, this might take some time.\nExiting because a job execution failed. Look above for error message\nComplete log: .snakemake/log/2025-03-0${rng.int(3, 9)}T${rng.int(100000, 235959)}.${rng.int(100000, 999999)}.snakemake.log\nWorkflowError:\nAt least one job did not complete successfully.`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t}_align failed inside MFA; its log says why.`,
                sh(
                  `tail -n 5 logs/${t}_align.log`,
                  `INFO     Loading corpus from source files...\nERROR    There were ${rng.int(2, 40)} files that could not be parsed.\nERROR    The dictionary dict/sinhala_mfa.dict has no pronunciations for ${rng.int(100, 900)} words.\nmontreal_forced_aligner.exceptions.NoAlignmentsError: NoAlignmentsError:\n\nThere were no successful alignments.`,
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
        const l = rng.int(20, 90);
        const needle = `MissingInputException in rule ${t} in file ${ROOT}/workflow/rules/text.smk, line ${l}:`;
        const u = utt(rng);
        return {
          how: 'tool-dag',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'snakemake -n',
                  `Building DAG of jobs...\n${needle}\nMissing input files for rule ${t}:\n    output: data/text_norm/${u}.txt\n    wildcards: utt=${u}\n    affected files:\n        raw/text/${u}.txt`,
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
        const needle = `total duration: ${t} s`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'python workflow/scripts/corpus_stats.py data/wav16k',
                  `utterances: ${rng.int(4000, 9000)}\nspeakers: ${rng.int(40, 60)}\n${needle}\nmean utterance: ${dur(rng, 3, 9)} s`,
                ),
              ),
            },
            {
              step: one(
                `The corpus holds "${needle}"; writing it into the dataset card draft.`,
                write('docs/DATASET_CARD.md', `# Sinhala read speech\n\n- ${needle}\n`),
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
                sh('sha256sum dict/sinhala_mfa.dict', `${needle}${hex(rng, 32)}  dict/sinhala_mfa.dict`),
              ),
            },
            {
              step: one(
                `The dictionary is ${needle}…; pinning it in the config.`,
                sh(
                  `echo 'dictionary_sha256: ${needle}' >> config/config.yaml && tail -n 1 config/config.yaml`,
                  `dictionary_sha256: ${needle}`,
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
        const needle = `UGC-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `ව්‍යාපෘති අංකය ${needle}; එය config/config.yaml එකට දමන්න.` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const task = rng.pick(TASKS);
        const needle = say(
          rng,
          [
            (x) => `Follow-up: re-align ${x} once the dictionary covers the missing words`,
            (x) => `Not done yet: a listening check of 50 random ${x} utterances`,
            (x) => `ඊළඟට: ${x} dev කට්ටලය මත පරීක්ෂා කිරීම`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  `mark_task_${task.id}_successful`,
                  { task_result: `${task.objective}: done for the current speakers. ${needle}.` },
                  `Task #${task.id} ("${task.objective}") marked successful.`,
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
        const needle = `අවසානයේ ${t} ගැන කෙටි සාරාංශයක් සිංහලෙන් ලියන්න`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `ස්තූතියි. තවත් එක් දෙයක්: ${needle}.` },
            {
              step: one(
                undefined,
                sh(
                  'snakemake -n --quiet rules',
                  `Building DAG of jobs...\nNothing to be done (all requested files are present and up to date).`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

const TASK_BLOCKS = TASKS.map(
  (t) =>
    `<task>\n  <id>${t.id}</id>\n  <objective>${t.objective}</objective>\n  <instructions>Work in ${ROOT} with Snakemake; run the workflow to check your work.</instructions>\n  <result_type>str</result_type>\n  <status>RUNNING</status>\n</task>`,
).join('\n');

/** The controlflow harness. */
export const TARN_CONTROLFLOW: TarnHarness = {
  style: 'controlflow',
  protocol: 'native',
  system: `# Agent\n\nYou are an AI agent participating in a workflow. Your name is "Corpus Engineer".\nYou build speech corpora with Snakemake 8, sox and Montreal Forced Aligner. The user writes Sinhala; answer in Sinhala.\n\n# Workflow\n\nYou are working on the following tasks. Use the tools to do the work. When a task's objective is met, use its mark_task_<id>_successful tool with the result; if it cannot be met, use mark_task_<id>_failed with the reason. Do not mark a task successful before you have checked the work.\n\n${TASK_BLOCKS}`,
  tools: [
    'shell',
    'read_file',
    'write_file',
    ...TASKS.flatMap((t) => [`mark_task_${t.id}_successful`, `mark_task_${t.id}_failed`]),
  ],
  callId: (rng) => `call_${chars(rng, 24)}`,
  noise: cfNoise,
  big: cfBig,
  followUp: (rng) =>
    rng.pick([
      'workflow එක අවසන් ද?',
      'දැන් සියල්ල සාර්ථක ද?',
      'කරුණාකර නැවත run කරන්න.',
      'ඔබ වෙනස් කළේ මොනවාද?',
      'හොඳයි, තව ඉතිරි මොනවාද?',
      'තවමත් දෝෂ තිබේද?',
    ]),
  keepGoing: (rng) => rng.pick(['දිගටම කරන්න.', 'දිගටම කරන්න, නවතින්න එපා.', 'සියලු rules සාර්ථක වන තුරු දිගටම කරන්න.']),
  answer: (rng) =>
    rng.pick([
      `අවසන්: workflow එක සාර්ථකව ධාවනය විය (jobs ${rng.int(200, 500)}), දෝෂ නැත.`,
      'Done: the workflow runs to the end and the dry run has nothing left to do.',
      'මම එය නිවැරදි කළා. resample_16k හි පැරණි අනතුරු ඇඟවීමක් ඉතිරිව ඇත, එය මෙම වෙනසට සම්බන්ධ නැත.',
      'කෙටියෙන්: නව rule එක ක්‍රියා කරයි, අනෙක් සියල්ල පෙර පරිදිම සාර්ථකයි.',
    ]),
  probe: (rng) => rng.pick(['දිගටම කරන්න.', 'නැවැත්වූ තැන සිට දිගටම කරන්න.', 'දැන් මොකක්ද?']),
  planters: PLANTERS,
};
