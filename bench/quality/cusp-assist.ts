/**
 * The assist harness of the cusp family (cusp.ts): an agent on an OpenAI Assistants-API-like run. The
 * assistant's run steps are function calls (`call_…` ids, parallel when independent, their outputs
 * submitted as plain text) and `code_interpreter` steps whose result is the step's outputs object
 * (`{"outputs": [{"type": "logs", "logs": "…"}]}`). Clinical-trial statistical programming in SAS for a
 * phase III study: SDTM in, ADaM and tables out, the SAS log's `NOTE:`/`WARNING:`/`ERROR:` lines and
 * step timings, PROC COMPARE double programming, PROC FREQ and PHREG listings, a Pinnacle 21-like
 * conformance report read with pandas; for a Belarusian-speaking biostatistician.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  dur,
  fail,
  hex,
  lines,
  many,
  numberLines,
  ok,
  one,
  pieces,
  pyJson,
  say,
  some,
  type CuspCall,
  type CuspHarness,
  type CuspStep,
  type Planter,
} from './cusp-kit';

const ROOT = '/studies/krok301';
const PROGS = [
  'programs/adam/adsl.sas',
  'programs/adam/adae.sas',
  'programs/adam/advs.sas',
  'programs/adam/adtte.sas',
  'programs/tlf/t_14_1_1.sas',
  'programs/tlf/t_14_3_1.sas',
];
const DS = ['ADAM.ADSL', 'ADAM.ADAE', 'ADAM.ADVS', 'ADAM.ADTTE', 'SDTM.DM', 'SDTM.AE', 'SDTM.EX', 'SDTM.VS'];

const SAS = [
  `%include "${ROOT}/programs/setup.sas";\nlibname sdtm "${ROOT}/data/sdtm" access=readonly;\nlibname adam "${ROOT}/data/adam";`,
  `data work.dm;\n  set sdtm.dm(where=(armcd ne 'SCRNFAIL'));\n  length usubjid $20;\n  trtsdt = input(substr(rfxstdtc, 1, 10), yymmdd10.);\n  format trtsdt date9.;\nrun;`,
  `proc sort data=sdtm.ex out=work.ex1;\n  by usubjid exstdtc;\n  where exdose > 0;\nrun;`,
  `data adam.adsl;\n  merge work.dm(in=a) work.ex_first work.ds_last;\n  by usubjid;\n  if a;\n  saffl = ifc(not missing(trtsdt), 'Y', 'N');\n  ittfl = ifc(not missing(randdt), 'Y', 'N');\nrun;`,
  `proc compare base=adam.adsl compare=qc.adsl listall criterion=1e-8;\n  id usubjid;\nrun;`,
  `proc freq data=adam.adae(where=(trtemfl='Y'));\n  tables aebodsys*trt01a / nocol nopercent;\nrun;`,
  `%macro derive_dur(start=, end=, out=);\n  &out = &end - &start + 1;\n%mend derive_dur;`,
];

/** A function call whose output is submitted as plain text. */
function fn(tool: string, args: Record<string, unknown>, output: string, failed = false): CuspCall {
  return failed ? fail(tool, args, output, 1) : ok(tool, args, output);
}

function stamp(rng: Rng): string {
  return `${String(rng.int(1, 28)).padStart(2, '0')}MAR25:${String(rng.int(8, 18)).padStart(2, '0')}:${String(rng.int(10, 59))}:${String(rng.int(10, 59))}`;
}

function timing(rng: Rng, what: string): string {
  return `NOTE: ${what} used (Total process time):\n      real time           ${dur(rng, 0.01, 0.9)} seconds\n      cpu time            ${dur(rng, 0.01, 0.3)} seconds`;
}

/** A batch SAS log: the banner, the body, the closing timing, and the exit status the runner reports. */
function sasLog(rng: Rng, prog: string, body: string, code = 0): string {
  return `exit status: ${code}${code === 2 ? ' (errors)' : code === 1 ? ' (warnings)' : ''}\nlog: ${ROOT}/logs/${prog.replace(/^.*\//, '').replace('.sas', '.log')}\n\n1                                                          The SAS System                    ${rng.int(8, 17)}:${rng.int(10, 59)} Monday, March 10, 2025\n\nNOTE: Copyright (c) 2016 by SAS Institute Inc., Cary, NC, USA.\nNOTE: SAS (r) Proprietary Software 9.4 (TS1M8)\n      Licensed to KROK CRO, Site 70094123.\nNOTE: This session is executing on the Linux 5.14.0-427.el9.x86_64 (LIN X64) platform.\n\n${body}\n\nNOTE: SAS Institute Inc., SAS Campus Drive, Cary, NC USA 27513-2414\nNOTE: The SAS System used:\n      real time           ${dur(rng, 0.5, 6)} seconds\n      cpu time            ${dur(rng, 0.2, 2)} seconds`;
}

function okBody(rng: Rng, ds: string): string {
  const n = rng.int(240, 260);
  return `NOTE: Libref SDTM was successfully assigned as follows:\n      Engine:        V9\n      Physical Name: ${ROOT}/data/sdtm\nNOTE: There were ${n + rng.int(0, 14)} observations read from the data set SDTM.DM.\n      WHERE armcd not = 'SCRNFAIL';\nNOTE: The data set WORK.DM has ${n} observations and ${rng.int(20, 30)} variables.\n${timing(rng, 'DATA statement')}\n\nNOTE: There were ${rng.int(900, 3000)} observations read from the data set SDTM.EX.\n      WHERE exdose>0;\nNOTE: The data set WORK.EX1 has ${rng.int(900, 3000)} observations and 17 variables.\n${timing(rng, 'PROCEDURE SORT')}\n\nNOTE: The data set ${ds} has ${n} observations and ${rng.int(30, 60)} variables.\n${timing(rng, 'DATA statement')}`;
}

function runSas(rng: Rng, prog: string, body?: string, code = 0): CuspCall {
  const ds = `ADAM.${prog.replace(/^.*\//, '').replace('.sas', '').toUpperCase()}`;
  return fn('run_sas', { program: prog }, sasLog(rng, prog, body ?? okBody(rng, ds), code), code === 2);
}

function compare(rng: Rng, ds: string, unequal?: string): string {
  const n = rng.int(240, 260);
  const v = rng.int(30, 60);
  const diff = unequal
    ? `Number of Observations with Some Compared Variables Unequal: ${rng.int(1, 9)}.\nNumber of Observations with All Compared Variables Equal: ${n - 3}.\n\n                                  Values Comparison Summary\n\nNumber of Variables Compared with All Observations Equal: ${v - 1}.\nNumber of Variables Compared with Some Observations Unequal: 1.\nTotal Number of Values which Compare Unequal: 3.\nMaximum Difference: 1.\n\n                          Variables with Unequal Values\n\n${unequal}`
    : `Number of Observations with Some Compared Variables Unequal: 0.\nNumber of Observations with All Compared Variables Equal: ${n}.\n\nNOTE: No unequal values were found. All values compared are exactly equal.`;
  return `                                 The COMPARE Procedure\n                  Comparison of ${ds} with QC.${ds.split('.')[1] as string}\n                                 (Method=RELATIVE, Criterion=1.00000E-08)\n\n                                  Data Set Summary\n\nDataset                 Created          Modified  NVar    NObs\n\n${ds.padEnd(16)}  ${stamp(rng)}  ${stamp(rng)}    ${v}     ${n}\nQC.${(ds.split('.')[1] as string).padEnd(13)}  ${stamp(rng)}  ${stamp(rng)}    ${v}     ${n}\n\n                                  Variables Summary\n\nNumber of Variables in Common: ${v}.\nNumber of ID Variables: 1.\n\n                                 Observation Summary\n\nObservation      Base  Compare  ID\n\nFirst Obs           1        1  USUBJID=KROK301-0${rng.int(1001, 1099)}\nLast  Obs         ${n}      ${n}  USUBJID=KROK301-0${rng.int(4001, 4099)}\n\nNumber of Observations in Common: ${n}.\nTotal Number of Observations Read from ${ds}: ${n}.\nTotal Number of Observations Read from QC.${ds.split('.')[1] as string}: ${n}.\n\n${diff}`;
}

/** A code_interpreter step: its input, and the outputs object it returns. */
function py(input: string, logs: string): CuspCall {
  return ok('code_interpreter', { input }, logs);
}

function print(rng: Rng, ds: string, n: number): string {
  const rows = lines(
    n,
    (i) =>
      `${String(i + 1).padStart(4)}    KROK301-0${rng.int(1001, 4099)}    ${rng.pick(['PLACEBO  ', 'KRK 10 MG', 'KRK 20 MG'])}    ${rng.int(38, 79)}    ${rng.pick(['M', 'F'])}    ${rng.pick(['Y', 'Y', 'N'])}    ${rng.pick(['Y', 'Y', 'N'])}    ${rng.int(1, 28)}${rng.pick(['JAN', 'FEB', 'MAR', 'APR'])}2024`,
  );
  return `                                      ${ds}\n\n Obs    USUBJID             TRT01A       AGE    SEX    SAFFL    ITTFL    TRTSDT\n\n${rows}`;
}

function assistNoise(rng: Rng): CuspStep {
  const r = rng.int(0, 8);
  const prog = rng.pick(PROGS.slice(0, 4));
  if (r === 0) return one(undefined, runSas(rng, prog));
  if (r === 1) {
    const ds = rng.pick(DS.slice(0, 4));
    return many('Running the production program and the QC compare side by side.', [
      runSas(rng, prog),
      fn('run_sas', { program: `qc/compare_${ds.split('.')[1]?.toLowerCase() ?? 'adsl'}.sas` }, compare(rng, ds)),
    ]);
  }
  if (r === 2)
    return one(
      undefined,
      fn(
        'read_file',
        { path: `${ROOT}/${prog}` },
        numberLines(pieces(rng, SAS, rng.int(2, 4)), 1, (k, l) => `${String(k).padStart(4)}  ${l}`),
      ),
    );
  if (r === 3) {
    const ds = rng.pick(DS);
    return one(undefined, fn('read_dataset', { dataset: ds, obs: 10 }, print(rng, ds, 10)));
  }
  if (r === 4)
    return one(
      undefined,
      py(
        `import pandas as pd\nspec = pd.read_excel("${ROOT}/specs/ADaM_spec_v${rng.int(2, 5)}.xlsx", sheet_name="${rng.pick(['ADSL', 'ADAE', 'ADTTE'])}")\nprint(spec[["Variable", "Label", "Type", "Length"]].head(12).to_string(index=False))`,
        ` Variable                          Label Type  Length\n  STUDYID               Study Identifier Char      12\n  USUBJID      Unique Subject Identifier Char      20\n   SUBJID   Subject Identifier for the S Char       8\n   SITEID          Study Site Identifier Char       5\n      AGE                            Age  Num       8\n      SEX                            Sex Char       1\n   TRT01P   Planned Treatment for Period Char      12\n   TRT01A    Actual Treatment for Period Char      12\n   TRTSDT   Date of First Exposure to Tr  Num       8\n   TRTEDT   Date of Last Exposure to Tre  Num       8\n    SAFFL        Safety Population Flag Char       1\n    ITTFL  Intent-To-Treat Population F Char       1`,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      fn(
        'list_files',
        { path: `${ROOT}/data/adam` },
        some(
          rng,
          ['adsl.sas7bdat', 'adae.sas7bdat', 'advs.sas7bdat', 'adtte.sas7bdat', 'adlb.sas7bdat', 'formats.sas7bcat'],
          rng.int(3, 6),
        )
          .map(
            (f) =>
              `${f.padEnd(20)} ${rng.int(64, 9000)} KB  2025-03-${rng.int(10, 28)} ${rng.int(8, 18)}:${rng.int(10, 59)}`,
          )
          .join('\n'),
      ),
    );
  if (r === 6)
    return one(
      undefined,
      fn(
        'run_sas',
        { program: 'programs/tlf/t_14_3_1.sas' },
        sasLog(
          rng,
          't_14_3_1.sas',
          `NOTE: There were ${rng.int(300, 900)} observations read from the data set ADAM.ADAE.\n      WHERE trtemfl='Y';\n${timing(rng, 'PROCEDURE FREQ')}\n\nNOTE: PROCEDURE REPORT used (Total process time):\n      real time           0.${rng.int(10, 99)} seconds\n      cpu time            0.0${rng.int(1, 9)} seconds\n\nNOTE: The file RTFOUT is:\n      Filename=${ROOT}/output/t_14_3_1.rtf\nNOTE: ${rng.int(40, 200)} records were written to the file RTFOUT.`,
        ),
      ),
    );
  if (r === 7)
    return one(
      undefined,
      py(
        `import pandas as pd\nrep = pd.read_excel("${ROOT}/validation/p21_report.xlsx", sheet_name="Issue Summary")\nprint(rep.groupby("Severity")["Found"].sum())`,
        `Severity\nError       ${rng.int(0, 3)}\nNotice     ${rng.int(0, 20)}\nWarning    ${rng.int(2, 30)}\nName: Found, dtype: int64`,
      ),
    );
  return one(
    undefined,
    fn(
      'read_dataset',
      { dataset: 'ADAM.ADSL', where: "saffl='Y'", obs: 0 },
      `NOTE: ADAM.ADSL has ${rng.int(240, 260)} observations where saffl='Y'.`,
    ),
  );
}

function assistBig(rng: Rng): CuspStep {
  if (rng.chance(0.5)) {
    return one(
      'Listing the whole vital-signs dataset for the medical reviewer.',
      fn('read_dataset', { dataset: 'ADAM.ADVS', obs: 'max' }, print(rng, 'ADAM.ADVS', rng.int(420, 480))),
    );
  }
  const body = lines(rng.int(330, 380), (i) =>
    rng.pick([
      `MPRINT(DERIVE_DUR):   trtdurd = trtedt - trtsdt + 1;`,
      `MPRINT(ADSL):   data work.dm_${i};`,
      `MLOGIC(ADSL):  %IF condition &nobs > 0 is TRUE`,
      `SYMBOLGEN:  Macro variable NOBS resolves to ${rng.int(200, 260)}`,
      `NOTE: The data set WORK.DM_${i} has ${rng.int(200, 260)} observations and ${rng.int(20, 48)} variables.`,
      `MPRINT(ADSL):   set sdtm.dm(where=(armcd ne 'SCRNFAIL'));`,
    ]),
  );
  return one(
    'Rerunning with MPRINT, MLOGIC and SYMBOLGEN to follow the macro.',
    runSas(rng, 'programs/adam/adsl.sas', body),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = `аналітычны набор ADTTE з параметрам PARAMCD=${T} (час да першага інсульту)`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Добры дзень! Даследаванне KROK-301 ляжыць у ${ROOT}: SDTM у data/sdtm, праграмы ADaM у programs/adam, табліцы ў programs/tlf, QC-праграмы ў qc/. Мне патрэбны ${needle}. Кожны набор мае незалежнае падвойнае праграмаванне (PROC COMPARE), лог павінен быць без ERROR і WARNING.`,
            },
            {
              step: many('Looking at what exists already: the programs and the ADaM library.', [
                fn('list_files', { path: `${ROOT}/programs/adam` }, 'adae.sas\nadsl.sas\nadvs.sas\nmacros/\nsetup.sas'),
                runSas(rng, 'programs/adam/adsl.sas'),
              ]),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `лістынг 16.2.7 для пацыентаў групы ${t.toUpperCase()}`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Наступная задача: ${needle}, у RTF, як астатнія табліцы.` }],
        };
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
            (x) => `праграма ${x} толькі чытае SDTM і ніколі яго не перазапісвае`,
            (x) => `у ${x} даты захоўваюцца толькі як лікавыя SAS-даты з фарматам DATE9.`,
            (x) => `даўжыня USUBJID у ${x} — 20 сімвалаў, як у SDTM`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Адно правіла: ${needle}.`,
                `Памятай — ${needle}; так патрабуе SOP.`,
                `Важна: ${needle}.`,
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = `/* SAP ${T} 9.2: missing end dates are not imputed for the primary endpoint */`;
        return {
          how: 'tool-header',
          needle,
          beats: [
            {
              step: one(
                'The setup program holds the SAP rules the derivations must follow.',
                fn(
                  'read_file',
                  { path: `${ROOT}/programs/setup.sas` },
                  numberLines(
                    `/* KROK-301 setup — do not edit without the lead statistician */\n${needle}\n/* SAP: partial start dates are imputed to the 1st of the month */\noptions validvarname=upcase nofmterr mprint;\n%let cutoff = 2025-01-31;`,
                    1,
                    (k, l) => `${String(k).padStart(4)}  ${l}`,
                  ),
                ),
              ),
            },
            {
              step: one(
                `SAP ${T} forbids imputing missing end dates, so AVAL for those subjects is censored, not derived.`,
                fn(
                  'read_dataset',
                  { dataset: 'SDTM.DS', where: 'missing(dsendtc)', obs: 5 },
                  print(rng, 'SDTM.DS', rng.int(2, 5)),
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
            (x) => `I'll derive ${x} in a separate macro called from adtte.sas, not inline in the DATA step`,
            (x) => `The ${x} flag comes from the SUPPDM records rather than from DM.ARMCD`,
            (x) => `For ${x} I'll join with PROC SQL instead of a MERGE with BY`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}: it can then be validated on its own by QC.`,
                fn(
                  'write_file',
                  {
                    path: `${ROOT}/programs/adam/macros/${t}.sas`,
                    content: `%macro ${t}(in=, out=);\n  proc sql;\n    create table &out as select * from &in;\n  quit;\n%mend ${t};\n`,
                  },
                  `Wrote ${ROOT}/programs/adam/macros/${t}.sas (5 lines)`,
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
        const needle = `${t}: цэнзураванне на дату апошняга кантакту (LSTALVDT)`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Мы вырашылі: ${needle}.`, `Давай так: ${needle} — статыстык згодны.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `programs/adam/ad${t}.sas`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('A new production program, then its first run.', [
                fn(
                  'write_file',
                  {
                    path: `${ROOT}/${needle}`,
                    content: `%include "${ROOT}/programs/setup.sas";\ndata adam.ad${t};\n  set adam.adsl(keep=studyid usubjid trt01a saffl);\nrun;\n`,
                  },
                  `Wrote ${ROOT}/${needle} (4 lines)`,
                ),
                runSas(rng, needle),
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `qc/v_${t}.sas`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'The independent QC program, written from the spec only.',
                fn(
                  'write_file',
                  {
                    path: `${ROOT}/${needle}`,
                    content: `libname qc "${ROOT}/data/qc";\nproc sql;\n  create table qc.${t} as select usubjid, count(*) as n from sdtm.ae group by usubjid;\nquit;\n`,
                  },
                  `Wrote ${ROOT}/${needle} (4 lines)`,
                ),
              ),
            },
            { step: one(undefined, fn('run_sas', { program: needle }, compare(rng, 'ADAM.ADAE'))) },
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
        const needle = `ERROR: Variable ${t.toUpperCase()} not found.`;
        const body = `NOTE: There were ${rng.int(240, 260)} observations read from the data set SDTM.DM.\n${needle}\nNOTE: The SAS System stopped processing this step because of errors.\nWARNING: The data set ADAM.ADTTE may be incomplete.  When this step was stopped there were 0 observations and ${rng.int(10, 30)} variables.\n${timing(rng, 'DATA statement')}\n\nERROR: Errors printed on page 1.`;
        return {
          how: 'tool-saslog',
          needle,
          beats: [
            { step: one(undefined, runSas(rng, 'programs/adam/adtte.sas', body, 2)) },
            {
              step: one(
                `${t.toUpperCase()} is not in SDTM.DM; it must come from SUPPDM as a QNAM.`,
                fn(
                  'read_dataset',
                  { dataset: 'SDTM.SUPPDM', obs: 5 },
                  `Obs    USUBJID             QNAM        QVAL\n  1    KROK301-0${rng.int(1001, 1099)}    RACEOTH     ...\n  2    KROK301-0${rng.int(1001, 1099)}    ${t.toUpperCase()}     Y`,
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
        const needle = `ERROR: File WORK.${t.toUpperCase()}.DATA does not exist.`;
        const body = `NOTE: Libref SDTM was successfully assigned as follows:\n      Engine:        V9\n      Physical Name: ${ROOT}/data/sdtm\n${needle}\n\nNOTE: The SAS System stopped processing this step because of errors.\n${timing(rng, 'PROCEDURE SORT')}\n\nERROR: Errors printed on page 2.`;
        return {
          how: 'tool-saslog',
          needle,
          beats: [
            { step: one(undefined, runSas(rng, 'programs/adam/adae.sas', body, 2)) },
            {
              step: one(
                `WORK.${t.toUpperCase()} is created by a macro that was never called in this session.`,
                fn(
                  'read_file',
                  { path: `${ROOT}/programs/adam/adae.sas` },
                  numberLines(pieces(rng, SAS, 2), rng.int(10, 60), (k, l) => `${String(k).padStart(4)}  ${l}`),
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
        const needle = `WARNING: Multiple lengths were specified for the variable ${t.toUpperCase()} by input data set(s). This can cause truncation of data.`;
        const body = `NOTE: There were ${rng.int(240, 260)} observations read from the data set WORK.DM.\n${needle}\nNOTE: There were ${rng.int(900, 3000)} observations read from the data set WORK.EX1.\nNOTE: The data set ADAM.ADSL has ${rng.int(240, 260)} observations and ${rng.int(40, 60)} variables.\n${timing(rng, 'DATA statement')}`;
        return {
          how: 'tool-saslog',
          needle,
          beats: [{ step: one(undefined, runSas(rng, 'programs/adam/adsl.sas', body, 1)) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `KeyError: '${t.toUpperCase()}'`;
        const logs = `Traceback (most recent call last):\n  File "/usr/local/lib/python3.11/site-packages/pandas/core/indexes/base.py", line 3805, in get_loc\n    return self._engine.get_loc(casted_key)\n  File "index.pyx", line 167, in pandas._libs.index.IndexEngine.get_loc\n  File "pandas/_libs/hashtable_class_helper.pxi", line 7089, in pandas._libs.hashtable.PyObjectHashTable.get_item\n${needle}\n\nThe above exception was the direct cause of the following exception:\n\nTraceback (most recent call last):\n  File "<string>", line 3, in <module>\n  File "/usr/local/lib/python3.11/site-packages/pandas/core/frame.py", line 4102, in __getitem__\n    indexer = self.columns.get_loc(key)\n${needle}`;
        return {
          how: 'tool-python',
          needle,
          beats: [
            {
              step: one(
                undefined,
                py(
                  `import pandas as pd\nadtte = pd.read_sas("${ROOT}/data/adam/adtte.sas7bdat", encoding="latin1")\nprint(adtte["${t.toUpperCase()}"].describe())`,
                  logs,
                ),
              ),
            },
            {
              step: one(
                undefined,
                py(
                  `print(sorted(adtte.columns)[:${rng.int(10, 20)}])`,
                  `['ADT', 'AVAL', 'AVALU', 'CNSR', 'EVNTDESC', 'PARAM', 'PARAMCD', 'SAFFL', 'STARTDT', 'STUDYID', 'TRT01A', 'USUBJID']`,
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
        const needle = `adtte.xpt  ${t}${hex(rng, 24)}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Checksums of the transport files for the transfer note.',
                py(
                  `import hashlib, pathlib\nfor p in sorted(pathlib.Path("${ROOT}/transfer").glob("*.xpt")):\n    print(p.name, "", hashlib.md5(p.read_bytes()).hexdigest())`,
                  `adsl.xpt  ${hex(rng, 32)}\nadae.xpt  ${hex(rng, 32)}\n${needle}`,
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
        const needle = `DMQ-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Запыт дадзеных — ${needle}; упішы яго ў каментар праграмы.` }],
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
            (x) => `Next: rerun the QC compare for ${x} after the SUPPDM fix`,
            (x) => `Still to do: add ${x} to define.xml and rerun the conformance checks`,
            (x) => `Наступны крок: перазапусціць ${x} з апошнім здымкам SDTM`,
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
                fn(
                  'list_files',
                  { path: `${ROOT}/qc` },
                  `compare_adsl.sas\ncompare_adae.sas\nv_adsl.sas\nv_adae.sas\n(${rng.int(4, 9)} files)`,
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
        const needle = `напрыканцы запусці Pinnacle 21 для ${t.toUpperCase()}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Дзякуй. І апошняе: ${needle}.` },
            {
              step: one(
                `Running the conformance report for ${t.toUpperCase()}.`,
                py(
                  `import subprocess\nprint(subprocess.run(["p21-cli", "--standard", "ADaM-IG 1.3", "--source", "${ROOT}/transfer"], capture_output=True, text=True).stdout[-400:])`,
                  `Validation started\nProcessed ${rng.int(5, 9)} datasets\nValidation finished: ${rng.int(0, 2)} errors, ${rng.int(3, 20)} warnings, ${rng.int(0, 9)} notices\nReport: ${ROOT}/validation/p21_report.xlsx`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The assist harness. */
export const CUSP_ASSIST: CuspHarness = {
  style: 'assist',
  protocol: 'native',
  system: `You are a statistical programming assistant for the KROK-301 phase III study (hypertension; placebo, KRK 10 mg, KRK 20 mg). You write and run SAS 9.4 programs through the run_sas function, read datasets and files, and use code_interpreter for Python checks (pandas, pyreadstat).\n\nStudy folder: ${ROOT} — data/sdtm (read-only, SDTMIG 3.3), data/adam, data/qc, programs/adam, programs/tlf, qc/, specs/ (ADaM spec, SAP), validation/.\nEvery ADaM dataset is double-programmed: the QC program is written from the spec alone and compared with PROC COMPARE (criterion 1e-8).\nA program is done when its log has no ERROR, no WARNING and no uninitialized-variable NOTE.\nThe biostatistician writes in Belarusian; answer in Belarusian.`,
  tools: ['run_sas', 'read_dataset', 'read_file', 'write_file', 'list_files', 'code_interpreter'],
  callId: (rng) => `call_${chars(rng, 24)}`,
  wrap: (c) => (c.tool === 'code_interpreter' ? pyJson({ outputs: [{ type: 'logs', logs: c.output }] }) : c.output),
  noise: assistNoise,
  big: assistBig,
  followUp: (rng) =>
    rng.pick([
      'Лог чысты?',
      'PROC COMPARE супадае з QC?',
      'Калі ласка, перазапусці праграму.',
      'Коратка растлумач, што ты змяніў.',
      'Добра, што далей?',
      'Колькі пацыентаў у папуляцыі бяспекі?',
    ]),
  keepGoing: (rng) => rng.pick(['Працягвай.', 'Працягвай, не спыняйся.', 'Працягвай, пакуль лог не будзе чысты.']),
  answer: (rng) =>
    rng.pick([
      `Гатова: лог без ERROR і WARNING, PROC COMPARE з QC супадае цалкам (${rng.int(240, 260)} назіранняў).`,
      'Done: the programs run clean and every compare against QC is exactly equal.',
      'Выпраўлена. Застаўся адзін NOTE пра даўжыню зменнай у ADAE, ён не звязаны з гэтай зменай.',
      'Кароткі вынік: змененыя праграмы праходзяць, QC супадае, справаздача Pinnacle 21 без памылак.',
    ]),
  probe: (rng) => rng.pick(['Працягвай.', 'Працягвай з таго месца, дзе спыніўся.', 'А цяпер?']),
  planters: PLANTERS,
};
