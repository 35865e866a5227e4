/**
 * The outer family's BeeAI-framework agent (RequirementAgent on a vLLM-served model) maintaining a
 * z/OS payroll batch: native tool calls with vLLM's `chatcmpl-tool-` ids — Zowe CLI commands,
 * dataset member reads and writes, and BeeAI's `think` tool for its reasoning. Outputs are JES
 * spool (`IEF…I`, `$HASP…` messages), COBOL compile listings and LISTCAT reports. Failures are
 * ABENDs (`ABEND=S0C7`, `CEE3207S`), JCL errors and IGY compiler diagnostics.
 */
import {
  Clock,
  grepFrom,
  grow,
  hex,
  Mint,
  parallel,
  plainNative,
  say,
  stepBeat,
  type Act,
  type Beat,
  type NativeSpec,
  type OuterHarness,
  type Planter,
  type Session,
  type Step,
} from './outer-kit';
import type { Rng } from './rng';
import type { ScriptedOutput } from './types';

const PROGRAMS = ['PAYCALC', 'PAYRPT', 'TAXUPD', 'EMPLOAD', 'GLPOST', 'DEDCALC', 'BANKXFR', 'YTDSUM'];
const JOBS = ['PAYD010', 'PAYD020', 'PAYW100', 'PAYM200', 'TAXQ300', 'GLD400'];
const COBOL = [
  'MOVE WS-GROSS-PAY TO OUT-GROSS.',
  'COMPUTE WS-NET-PAY = WS-GROSS-PAY - WS-TAX-AMT - WS-DED-TOTAL.',
  'IF EMP-STATUS = "A"',
  '    PERFORM 2100-CALC-TAX THRU 2100-EXIT',
  'END-IF.',
  'READ EMP-MASTER INTO WS-EMP-REC',
  '    AT END SET WS-EOF TO TRUE',
  'END-READ.',
  'ADD 1 TO WS-REC-COUNT.',
  'EXEC SQL SELECT RATE INTO :WS-RATE FROM PAYTAB WHERE GRADE = :WS-GRADE END-EXEC.',
  'WRITE RPT-LINE FROM WS-DETAIL AFTER ADVANCING 1 LINE.',
];

/** The session's mainframe. */
interface Lpar {
  hlq: string;
  sys: string;
  clock: Clock;
}

function lpar(r: Rng): Lpar {
  return { hlq: r.pick(['PAY', 'HRPAY', 'PYRL']), sys: r.pick(['SYS1', 'MVSA', 'PRD2']), clock: new Clock(r) };
}

function jobId(r: Rng): string {
  return `JOB${String(r.int(10000, 99999))}`;
}

function cobolSource(r: Rng, prog: string, lines: number): string {
  const out = [
    '       IDENTIFICATION DIVISION.',
    `       PROGRAM-ID. ${prog}.`,
    '       ENVIRONMENT DIVISION.',
    '       DATA DIVISION.',
    '       WORKING-STORAGE SECTION.',
    '       01  WS-GROSS-PAY        PIC S9(9)V99 COMP-3.',
    '       01  WS-NET-PAY          PIC S9(9)V99 COMP-3.',
    '       PROCEDURE DIVISION.',
  ];
  let para = 1000;
  while (out.length < lines) {
    out.push(`       ${para}-${r.pick(['INIT', 'READ', 'CALC', 'WRITE', 'TOTALS', 'CLOSE'])}.`);
    for (let i = r.int(2, 6); i > 0; i--) out.push(`           ${r.pick(COBOL)}`);
    para += 100;
  }
  out.push('           GOBACK.');
  return out.map((l, i) => `${String((i + 1) * 100).padStart(6, '0')}${l.slice(6)}`).join('\n');
}

function jesLog(
  l: Lpar,
  r: Rng,
  job: string,
  id: string,
  rc: string,
  steps: string[],
  min: number,
  middle: string[] = [],
): string {
  const t = () => l.clock.hms(r.int(100, 4000)).replace(/:/g, '.');
  const head = [
    `                    J E S 2  J O B  L O G  --  S Y S T E M  ${l.sys}  --  N O D E  N1`,
    '',
    `${t()} ${id} ---- ${l.clock.tick(0).toUTCString().slice(0, 16).toUpperCase()} ----`,
    `${t()} ${id}  IRR010I  USERID PAYDEV   IS ASSIGNED TO THIS JOB.`,
    `${t()} ${id}  $HASP373 ${job} STARTED - INIT 1    - CLASS A        - SYS ${l.sys}`,
    `${t()} ${id}  IEF403I ${job} - STARTED - TIME=${t()}`,
  ];
  const body = grow(min, () =>
    r.pick([
      `IEF285I   ${l.hlq}.${r.pick(['MASTER', 'TRANS', 'RPT', 'WORK'])}.${r.pick(['FILE', 'DATA', 'OUT'])}                         ${r.pick(['KEPT', 'CATALOGED', 'PASSED', 'DELETED'])}`,
      `IEF285I   VOL SER NOS= ${r.pick(['PRD', 'WRK', 'TST'])}${r.int(100, 999)}.`,
      `IEF373I STEP/${r.pick(steps)} /START ${2025}${String(r.int(1, 365)).padStart(3, '0')}.${r.int(1000, 2359)}`,
      `        CPU:     0 HR  00 MIN  0${r.int(0, 9)}.${r.int(10, 99)} SEC    SRB:     0 HR  00 MIN  00.0${r.int(0, 9)} SEC`,
      `        VIRT:   ${r.int(100, 900)}K  SYS:   ${r.int(200, 400)}K  EXT:     ${r.int(1000, 9000)}K  SYS:    ${r.int(9000, 12000)}K`,
      ` ${r.pick(PROGRAMS)} RECORDS READ     ${String(r.int(1000, 999999)).padStart(9)}   WRITTEN ${String(r.int(1000, 999999)).padStart(9)}`,
    ]),
  );
  return [
    ...head,
    ...steps.slice(0, 1).map((s) => `IEF142I ${job} ${s} - STEP WAS EXECUTED - COND CODE 0000`),
    ...body.slice(0, Math.floor(body.length / 2)),
    ...middle,
    ...body.slice(Math.floor(body.length / 2)),
    `${t()} ${id}  IEF404I ${job} - ENDED - TIME=${t()}`,
    `${t()} ${id}  $HASP395 ${job} ENDED - ${rc}`,
  ].join('\n');
}

function submitted(job: string, id: string, rc: string): string {
  return [`jobid: ${id}`, `retcode: ${rc}`, `jobname: ${job}`, 'status: OUTPUT'].join('\n');
}

/** The BeeAI harness. */
export const MAINFRAME: OuterHarness = {
  style: 'mainframe',
  protocol: 'native',
  tools: ['zowe', 'read_member', 'write_member', 'search_members', 'list_members', 'think'],
  isResult: () => false,
  open(r: Rng, outputs: Map<string, ScriptedOutput>): Session {
    const l = lpar(r.fork());
    const mint = new Mint(r.fork());
    const gen = r.fork();
    const ids = r.fork();
    const dsn = (t: string): { dataset: string; member?: string } => {
      const m = /^(.*)\((\w+)\)$/.exec(t);
      return m ? { dataset: m[1] as string, member: m[2] as string } : { dataset: t };
    };
    const spec: NativeSpec = {
      id: () => `chatcmpl-tool-${hex(ids, 32)}`,
      call: (a: Act) => {
        switch (a.kind) {
          case 'shell':
            return { name: 'zowe', args: { command: a.target } };
          case 'read':
            return { name: 'read_member', args: dsn(a.target) };
          case 'write':
            return { name: 'write_member', args: { ...dsn(a.target), content: a.text ?? '' } };
          case 'edit':
            return { name: 'write_member', args: { ...dsn(a.target), replace: a.old ?? '', with: a.text ?? '' } };
          case 'search':
            return { name: 'search_members', args: { dataset: a.where ?? `${l.hlq}.COBOL.SRC`, pattern: a.target } };
          case 'list':
            return { name: 'list_members', args: { dataset: a.target } };
          case 'extra':
            return { name: a.tool ?? 'think', args: a.args ?? {} };
        }
      },
      result: (a) => a.output,
    };
    return {
      system: system(l),
      ...plainNative(spec, outputs),
      noise: () => (gen.chance(0.25) ? parallel([noiseStep(gen, l), noiseStep(gen, l)]) : noiseStep(gen, l)),
      ask: () => ask(gen),
      answer: () =>
        say(
          gen,
          'The job ran with RC=0000 in the test environment; the report totals match the control totals.',
          'Done. No production datasets were touched.',
          'Checked: nothing abnormal in the spool.',
          'Finished this step. The output is in the TEST datasets.',
        ),
      resume: () => say(gen, 'Continue.', 'Carry on with the remaining steps.', 'OK, proceed.'),
      probe: () => say(gen, 'Continue.', 'Please proceed.', 'Go ahead.'),
      planters: [...cobolPlanters(gen, l, mint), ...cobolMore(gen, l, mint)],
    };
  },
};

function system(l: Lpar): string {
  return [
    '# Role',
    'Assume the role of a z/OS batch maintenance engineer for the payroll system.',
    '',
    '# Instructions',
    '1. Use the zowe tool to run Zowe CLI commands against the TEST LPAR only.',
    '2. Read members before changing them; write members only in TEST libraries.',
    `3. Production libraries (${l.hlq}.*) are read-only for you.`,
    '4. Use the think tool to reason before acting on a failure.',
    '',
    '# Notes',
    `- System ${l.sys}. Source in ${l.hlq}.COBOL.SRC, JCL in ${l.hlq}.JCL, copybooks in ${l.hlq}.COPYLIB.`,
    '- Test copies live under the TEST qualifier with the same low-level names.',
    '',
    'Never answer with placeholder values; the user relies on the exact job ids and return codes.',
  ].join('\n');
}

function ask(r: Rng): string {
  const p = r.pick(PROGRAMS);
  const j = r.pick(JOBS);
  return r.pick([
    `What did ${j} return last night?`,
    `Which copybooks does ${p} include?`,
    `Show me the JCL of ${j}.`,
    `How many records did ${p} read in the last run?`,
    'List my jobs from today.',
    `Is ${p} compiled with the latest copybook?`,
    'How full is the payroll master VSAM file?',
  ]);
}

function noiseStep(r: Rng, l: Lpar): Step {
  const p = r.pick(PROGRAMS);
  const j = r.pick(JOBS);
  const big = r.chance(0.035);
  const one = (a: Act): Step => ({ acts: [a] });
  switch (r.int(0, 8)) {
    case 0:
      return one({
        kind: 'read',
        target: `${l.hlq}.COBOL.SRC(${p})`,
        output: cobolSource(r, p, big ? 700 : r.int(40, 160)),
      });
    case 1: {
      const id = jobId(r);
      return one({
        kind: 'shell',
        target: `zowe zos-jobs view all-spool-content --jobid ${id}`,
        output: jesLog(
          l,
          r,
          j,
          id,
          'RC=0000',
          ['STEP010', 'STEP020', 'STEP030'],
          big ? r.int(21000, 40000) : r.int(1200, 4000),
        ),
      });
    }
    case 2:
      return one({ kind: 'list', target: `${l.hlq}.COBOL.SRC`, output: PROGRAMS.join('\n') });
    case 3:
      return one({
        kind: 'shell',
        target: 'zowe zos-jobs list jobs --owner PAYDEV --prefix "PAY*"',
        output: Array.from({ length: r.int(4, 14) }, () => `${jobId(r)} CC 0000 ${r.pick(JOBS)} OUTPUT`).join('\n'),
      });
    case 4: {
      const g = grepFrom(r, COBOL, r.int(3, 15));
      return one({
        kind: 'search',
        target: g.pattern,
        output: g.hits
          .map((h) => `${r.pick(PROGRAMS)}: ${String(r.int(1, 900) * 100).padStart(6, '0')}     ${h}`)
          .join('\n'),
      });
    }
    case 5:
      return one({
        kind: 'read',
        target: `${l.hlq}.JCL(${j})`,
        output: [
          `//${j} JOB (ACCT),'PAYROLL',CLASS=A,MSGCLASS=X,NOTIFY=&SYSUID`,
          `//STEP010  EXEC PGM=${r.pick(PROGRAMS)}`,
          `//STEPLIB  DD DSN=${l.hlq}.LOADLIB,DISP=SHR`,
          `//EMPMAST  DD DSN=${l.hlq}.MASTER.FILE,DISP=SHR`,
          `//RPTOUT   DD SYSOUT=*`,
          `//STEP020  EXEC PGM=${r.pick(PROGRAMS)},COND=(4,LT)`,
          `//SYSOUT   DD SYSOUT=*`,
        ].join('\n'),
      });
    case 6:
      return one({
        kind: 'shell',
        target: `zowe zos-tso issue command "LISTCAT ENT('${l.hlq}.MASTER.VSAM') ALL"`,
        output: [
          `CLUSTER ------- ${l.hlq}.MASTER.VSAM`,
          '     IN-CAT --- CATALOG.USERCAT.PAY',
          '     HISTORY',
          `       DATASET-OWNER-----(NULL)     CREATION--------2019.${r.int(100, 365)}`,
          ...grow(
            big ? r.int(21000, 30000) : r.int(800, 2000),
            () =>
              `       ${r.pick(['REC-TOTAL', 'REC-DELETED', 'REC-INSERTED', 'REC-UPDATED', 'SPLITS-CI', 'SPLITS-CA', 'EXCPS', 'HI-U-RBA', 'FREESPACE-%CI'])}${'-'.repeat(r.int(4, 12))}${r.int(0, 9999999)}`,
          ),
        ].join('\n'),
      });
    case 7:
      return one({
        kind: 'extra',
        target: 'think',
        tool: 'think',
        args: {
          thoughts: r.pick([
            'The last output looks normal; nothing to fix there.',
            'I should check the JCL before resubmitting.',
            'Compare the record counts between steps.',
          ]),
          next_step: ['continue with the plan'],
        },
        output: 'OK',
      });
    default:
      return one({
        kind: 'shell',
        target: `zowe zos-files list data-set "${l.hlq}.*"`,
        output: ['COBOL.SRC', 'COPYLIB', 'JCL', 'LOADLIB', 'MASTER.FILE', 'MASTER.VSAM', 'RPT.OUT', 'TRANS.DATA']
          .map((s) => `${l.hlq}.${s}`)
          .join('\n'),
      });
  }
}

/** The fact planters of the COBOL/BeeAI session. */
function cobolPlanters(r: Rng, l: Lpar, mint: Mint): Planter[] {
  const one = (a: Act, s?: string): Beat => stepBeat({ ...(s ? { say: s } : {}), acts: [a] });
  const zowe = (cmd: string, output: string, s?: string, fail = false): Beat =>
    one({ kind: 'shell', target: cmd, output, ...(fail ? { status: 'error' as const, exitCode: 1 } : {}) }, s);
  const think = (thoughts: string, next: string[]): Beat =>
    one({ kind: 'extra', target: 'think', tool: 'think', args: { thoughts, next_step: next }, output: 'OK' });
  return [
    {
      kind: 'goal',
      how: 'user-request',
      at: 'open',
      plant() {
        const k = mint.code(5);
        const needle = `overtime for the ${k} bargaining unit is paid at 1.5x after 37.5 hours`;
        return {
          needle,
          key: k,
          text: say(
            r,
            `Payroll change for April: ${needle} (it is 40 hours today). Make the change in PAYCALC and prove it with a test run.`,
            `We have a new agreement — ${needle}, not 40. Update the batch and show me a test run.`,
          ),
          beats: [
            one({
              kind: 'search',
              target: `${k}`,
              output: `PAYCALC: 004100     IF EMP-UNIT = "${k}"\nPAYCALC: 004200         MOVE 40 TO WS-OT-THRESHOLD`,
            }),
            think(
              `The ${k} unit threshold is hard-coded as 40 in PAYCALC paragraph 2100. Change it to 37.5, which needs a decimal picture.`,
              ['read the copybook field', 'change the threshold', 'compile and test'],
            ),
          ],
        };
      },
    },
    {
      kind: 'goal',
      how: 'user-request',
      at: 'open',
      plant() {
        const k = mint.code(6);
        const needle = `add the ${k} pension deduction to the monthly payslip file`;
        return {
          needle,
          key: k,
          text: `Please ${needle}. The bank's layout gets a new 11-byte field at the end of the detail record.`,
          beats: [],
        };
      },
    },
    {
      kind: 'goal',
      how: 'user-request',
      at: 'turn',
      plant() {
        const k = mint.code(6);
        const needle = `make the ${k} report skip terminated employees`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `Another one: ${needle}. Finance keeps filtering them out by hand.` },
            one({
              kind: 'search',
              target: 'EMP-STATUS',
              where: `${l.hlq}.COBOL.SRC`,
              output: `${k}: 002300     IF EMP-STATUS NOT = SPACES\nPAYRPT: 001900     IF EMP-STATUS = "A"`,
            }),
          ],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'user-rule',
      at: 'open',
      plant() {
        const k = mint.code(5);
        const needle = `never use DISP=OLD on ${l.hlq}.${k}.MASTER while CICS is up`;
        return { needle, key: k, text: `And ${needle} — the online region holds it all day.`, beats: [] };
      },
    },
    {
      kind: 'constraint',
      how: 'tool-standards',
      at: 'step',
      plant() {
        const k = mint.code(5);
        const needle = `AMOUNT FIELDS IN ${k} COPYBOOKS ARE PIC S9(11)V99 COMP-3`;
        const doc = [
          'PAYROLL CODING STANDARDS - REV 7',
          '',
          '1. ALL PROGRAMS END WITH GOBACK, NOT STOP RUN.',
          '2. NO GO TO OUTSIDE THE CURRENT SECTION.',
          `3. ${needle}. DO NOT CHANGE FIELD LENGTHS - THE DOWNSTREAM EXTRACTS ARE FIXED LENGTH.`,
          '4. EVERY NEW DD NEEDS A COMMENT CARD IN THE JCL.',
        ].join('\n');
        return {
          needle,
          key: k,
          beats: [
            one({ kind: 'read', target: `${l.hlq}.DOC(STANDARD)`, output: doc }),
            think(`The ${k} copybook amounts must stay S9(11)V99 COMP-3, so the new field has to reuse that picture.`, [
              'read the copybook',
            ]),
          ],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'user-aside',
      at: 'turn',
      plant() {
        const k = mint.code(4);
        const needle = `test jobs go to class T only, never to the ${k} production initiators`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `Reminder: ${needle}. Operations complained yesterday.` },
            think(
              `Test jobs go to class T. I will change the JOB card in the TEST JCL before the next submit (${k}).`,
              ['edit JOB card'],
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-think',
      at: 'step',
      plant() {
        const k = mint.code(4);
        const needle = `IF WS-${k}-RATE IS NUMERIC check before the COMPUTE`;
        return {
          needle,
          key: k,
          beats: [
            one({
              kind: 'read',
              target: `TEST.COBOL.SRC(DEDCALC)`,
              output: `004400     COMPUTE WS-DED-AMT = WS-GROSS-PAY * WS-${k}-RATE / 100.`,
            }),
            think(
              `The rate can arrive as spaces from the upstream file. I will add an ${needle} instead of changing the copybook, and count the rejected records.`,
              ['edit DEDCALC', 'compile', 'test'],
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'user-choice',
      at: 'turn',
      plant() {
        const k = mint.code(5);
        const needle = `DFSORT to pre-filter the ${k} records`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `OK, we will use ${needle} instead of doing it in COBOL.` },
            one({
              kind: 'write',
              target: `TEST.JCL(${k}SRT)`,
              text: `//SORT010  EXEC PGM=SORT\n//SORTIN   DD DSN=TEST.${k}.TRANS,DISP=SHR\n//SORTOUT  DD DSN=&&FILTERED,DISP=(NEW,PASS)\n//SYSIN    DD *\n  SORT FIELDS=(1,9,CH,A)\n  INCLUDE COND=(45,1,CH,EQ,C'A')\n/*`,
              output: `Member TEST.JCL(${k}SRT) written.`,
            }),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-content',
      at: 'step',
      plant() {
        const k = mint.code(5);
        const needle = `back up ${l.hlq}.${k}.MASTER with IDCAMS REPRO before STEP020`;
        return {
          needle,
          key: k,
          beats: [
            one(
              {
                kind: 'read',
                target: `TEST.JCL(${k})`,
                output: `//${k} JOB (ACCT),'PAY',CLASS=T\n//STEP010  EXEC PGM=EMPLOAD\n//STEP020  EXEC PGM=PAYCALC\n//MASTER   DD DSN=${l.hlq}.${k}.MASTER,DISP=SHR`,
              },
              `STEP020 updates the master in place. I will ${needle}, so a rerun can start from a clean copy.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-write',
      at: 'step',
      plant() {
        const k = mint.code(7);
        const member = `TEST.COBOL.SRC(${k})`;
        return {
          needle: member,
          key: k,
          beats: [
            one(
              { kind: 'write', target: member, text: cobolSource(r, k, 40), output: `Member ${member} written.` },
              `Creating the new subprogram as ${member}.`,
            ),
            zowe(
              `zowe zos-jobs submit data-set "TEST.JCL(COMPILE)" --wait-for-output --jcl-symbols "MEM=${k}"`,
              submitted('COMPILE', jobId(r), 'CC 0004'),
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-edit',
      at: 'step',
      plant() {
        const k = mint.code(5);
        const member = `TEST.COPYLIB(${k}CP)`;
        return {
          needle: member,
          key: k,
          beats: [
            one({
              kind: 'read',
              target: member,
              output: `       05  DED-PENSION         PIC S9(7)V99 COMP-3.\n       05  FILLER              PIC X(20).`,
            }),
            one(
              {
                kind: 'edit',
                target: member,
                old: '       05  FILLER              PIC X(20).',
                text: '       05  DED-EXTRA           PIC S9(7)V99 COMP-3.\n       05  FILLER              PIC X(15).',
                output: `Member ${member} updated (1 replacement).`,
              },
              `Adding the field to ${member} and shrinking the FILLER so the record length stays the same.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'user-pointer',
      at: 'turn',
      plant() {
        const k = mint.code(7);
        const member = `${l.hlq}.COBOL.SRC(${k})`;
        return {
          needle: member,
          key: k,
          beats: [
            { t: 'user', text: `The rounding bug is in ${member}, not in PAYCALC.` },
            one({ kind: 'read', target: member, output: cobolSource(r, k, 50) }),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-abend',
      at: 'step',
      plant() {
        const k = mint.code(7);
        const id = jobId(r);
        const needle = `IEF450I ${k} STEP020 - ABEND=S0C7 U0000 REASON=00000007`;
        const middle = [
          'IEA995I SYMPTOM DUMP OUTPUT',
          '  SYSTEM COMPLETION CODE=0C7  REASON CODE=00000007',
          `   TIME=${l.clock.hms()}  SEQ=${r.int(10000, 99999)}  CPU=0000  ASID=00${hex(r, 2).toUpperCase()}`,
          `   PSW AT TIME OF ERROR  078D1000   ${hex(r, 8).toUpperCase()}  ILC 6  INTC 07`,
          'CEE3207S The system detected a data exception (System Completion Code=0C7).',
          `         From compile unit PAYCALC at entry point PAYCALC at statement ${r.int(200, 900)} at compile unit offset +0000${hex(r, 4).toUpperCase()} at entry offset +0000${hex(r, 4).toUpperCase()}`,
          needle,
          `IEF142I ${k} STEP030 - STEP WAS NOT EXECUTED.`,
        ];
        return {
          needle,
          key: k,
          beats: [
            zowe(
              `zowe zos-jobs submit data-set "TEST.JCL(${k})" --wait-for-output`,
              submitted(k, id, 'ABEND S0C7'),
              undefined,
              true,
            ),
            zowe(
              `zowe zos-jobs view all-spool-content --jobid ${id}`,
              jesLog(l, r, k, id, 'ABENDED S0C7 U0000', ['STEP010', 'STEP020'], r.int(4000, 12000), middle),
              undefined,
              true,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-jclerror',
      at: 'step',
      plant() {
        const k = mint.code(7);
        const id = jobId(r);
        const needle = `IEF212I ${k} STEP010 INFILE - DATA SET NOT FOUND`;
        const log = [
          `${l.clock.hms().replace(/:/g, '.')} ${id}  $HASP373 ${k} STARTED - INIT 3    - CLASS T        - SYS ${l.sys}`,
          `${l.clock.hms().replace(/:/g, '.')} ${id}  IEFC452I ${k} - JOB NOT RUN - JCL ERROR`,
          `${l.clock.hms().replace(/:/g, '.')} ${id}  $HASP395 ${k} ENDED - JCL ERROR`,
          '------ JES2 JOB STATISTICS ------',
          `        1 CARDS READ`,
          `       ${r.int(20, 90)} SYSOUT PRINT RECORDS`,
          `//${k} JOB (ACCT),'PAY',CLASS=T`,
          `//STEP010  EXEC PGM=PAYRPT`,
          `//INFILE   DD DSN=TEST.PAY.TRANS.D${r.int(250101, 251231)},DISP=SHR`,
          needle,
          `IEF272I ${k} STEP010 - STEP WAS NOT EXECUTED.`,
        ];
        return {
          needle,
          key: k,
          beats: [
            zowe(
              `zowe zos-jobs submit data-set "TEST.JCL(${k})" --wait-for-output`,
              submitted(k, id, 'JCL ERROR'),
              undefined,
              true,
            ),
            zowe(
              `zowe zos-jobs view all-spool-content --jobid ${id}`,
              log.join('\n'),
              `JCL error in ${k}: the dated transaction file does not exist in TEST.`,
              true,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-compile',
      at: 'step',
      plant() {
        const k = mint.code(4);
        const needle = `IGYPS2121-S   "WS-${k}-TOTAL" was not defined as a data-name`;
        const listing = [
          ...grow(r.int(3000, 8000), (i) => `  ${String(i + 1).padStart(6, '0')}  ${r.pick(COBOL)}`),
          '',
          `  ==000${r.int(100, 999)}==> ${needle}.  The statement was discarded.`,
          '',
          '-Messages    Total    Informational    Warning    Error    Severe    Terminating',
          '0Printed:       3                 2                         1',
          `-* Statistics for COBOL program DEDCALC:`,
          ` *    Source records = ${r.int(800, 3000)}`,
          '0End of compilation 1,  program DEDCALC,  highest severity 12.',
          '0Return code 12',
        ];
        return {
          needle,
          key: k,
          beats: [
            zowe(`zowe zos-jobs view spool-file-by-id ${jobId(r)} 4`, listing.join('\n'), undefined, true),
            think(
              `WS-${k}-TOTAL is referenced but the copybook defines WS-${k}-TOT. Rename the reference rather than the copybook field.`,
              ['fix the reference', 'recompile'],
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'user-value',
      at: 'open',
      plant() {
        const k = mint.code(5);
        const needle = `TEST.${k}`;
        return {
          needle,
          key: k,
          text: `Use the high-level qualifier ${needle} for every test dataset you create.`,
          beats: [],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-jobid',
      at: 'step',
      plant() {
        const n = mint.num(7);
        const id = `J${n}`;
        return {
          needle: id,
          key: n,
          beats: [
            zowe(
              'zowe zos-jobs submit data-set "TEST.JCL(PAYD010)" --wait-for-output',
              submitted('PAYD010', id, 'CC 0000'),
              'Submitting the parallel run whose report finance will compare.',
            ),
            think(`Parallel run is ${id}, RC 0. Finance needs this job id to pull the report from the archive.`, [
              'tell the user the job id',
            ]),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-gdg',
      at: 'step',
      plant() {
        const k = mint.code(5);
        const needle = `${l.hlq}.${k}.BKUP.G0412V00`;
        return {
          needle,
          key: k,
          beats: [
            zowe(
              `zowe zos-files list data-set "${l.hlq}.${k}.BKUP.*"`,
              `${l.hlq}.${k}.BKUP.G0409V00\n${l.hlq}.${k}.BKUP.G0410V00\n${l.hlq}.${k}.BKUP.G0411V00\n${needle}`,
              'Finding the backup generation taken before the bad run.',
            ),
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'agent-final',
      at: 'end',
      ending: 'answer',
      plant() {
        const k = mint.code(6);
        const needle = `rebind package PAYCOLL.${k} after the DB2 column change`;
        return {
          needle,
          key: k,
          beats: [
            zowe(
              'zowe zos-jobs list jobs --owner PAYDEV --prefix "PAY*"',
              Array.from({ length: 4 }, () => `${jobId(r)} CC 0000 ${r.pick(JOBS)} OUTPUT`).join('\n'),
            ),
            {
              t: 'answer',
              text: `The test runs ended with RC=0000 and the totals reconcile. Remaining: ${needle}; without it the production run will get SQLCODE -818.`,
            },
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'agent-think',
      at: 'end',
      ending: 'step',
      plant() {
        const k = mint.code(7);
        const needle = `Submit ${k} in class T and compare its report with last month's`;
        return {
          needle,
          key: k,
          beats: [
            think('The compile is clean now (RC 0004 is only the informational messages).', [
              needle,
              'report the totals to the user',
            ]),
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'user-final',
      at: 'end',
      ending: 'answer',
      plant() {
        const k = mint.code(6);
        const needle = `open a change record to promote ${k} to production`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `Good. After that we need to ${needle}; I will get the approvals.` },
            {
              t: 'answer',
              text: `Understood. Next: ${needle} once you have the approvals; I will prepare the member list for it.`,
            },
          ],
        };
      },
    },
  ];
}

/** More planters of the mainframe session: a JCL comment card, other choices, members, failures and values. */
function cobolMore(r: Rng, l: Lpar, mint: Mint): Planter[] {
  const one = (a: Act, s?: string): Beat => stepBeat({ ...(s ? { say: s } : {}), acts: [a] });
  const zowe = (cmd: string, output: string, s?: string, fail = false): Beat =>
    one({ kind: 'shell', target: cmd, output, ...(fail ? { status: 'error' as const, exitCode: 1 } : {}) }, s);
  const think = (thoughts: string, next: string[]): Beat =>
    one({ kind: 'extra', target: 'think', tool: 'think', args: { thoughts, next_step: next }, output: 'OK' });
  return [
    {
      kind: 'constraint',
      how: 'tool-jclcomment',
      at: 'step',
      plant() {
        const k = mint.code(7);
        const needle = `DO NOT ADD STEPS AFTER STEP040 OF ${k}`;
        const jcl = [
          `//${k} JOB (ACCT),'PAY',CLASS=A,MSGCLASS=X`,
          '//*',
          `//* ${needle}: CONNECT:DIRECT PICKS UP`,
          '//* THE BANK FILE AT 05:00 AND TIMES OUT AFTER THAT.',
          '//*',
          '//STEP010  EXEC PGM=PAYCALC',
          '//STEP020  EXEC PGM=DEDCALC',
          '//STEP030  EXEC PGM=PAYRPT',
          '//STEP040  EXEC PGM=BANKXFR',
          `//BANKOUT  DD DSN=${l.hlq}.BANK.OUT(+1),DISP=(NEW,CATLG)`,
        ];
        return {
          needle,
          key: k,
          beats: [
            one({ kind: 'read', target: `${l.hlq}.JCL(${k})`, output: jcl.join('\n') }),
            think(
              `The new pension step must run before STEP040 of ${k}, because nothing may follow the bank transfer step.`,
              ['insert the step as STEP035'],
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-think',
      at: 'step',
      plant() {
        const k = mint.code(4);
        const needle = `COMP-3 for the new WS-${k}-ACCUM`;
        return {
          needle,
          key: k,
          beats: [
            one({
              kind: 'search',
              target: 'ACCUM',
              output: `PAYCALC: 000900       01  WS-GROSS-ACCUM      PIC S9(13)V99 COMP-3.\nYTDSUM: 001200       01  WS-YTD-ACCUM        PIC S9(13)V99 COMP-3.`,
            }),
            think(
              `The other accumulators are packed decimal. I will use ${needle} (PIC S9(13)V99) rather than DISPLAY, to match them and avoid conversions.`,
              ['add the field', 'compile'],
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-write',
      at: 'step',
      plant() {
        const k = mint.code(7);
        const member = `TEST.JCL(${k})`;
        return {
          needle: member,
          key: k,
          beats: [
            one(
              {
                kind: 'write',
                target: member,
                text: `//${k} JOB (ACCT),'PAY TEST',CLASS=T,MSGCLASS=X,NOTIFY=&SYSUID\n//STEP010  EXEC PGM=IDCAMS\n//SYSPRINT DD SYSOUT=*\n//SYSIN    DD *\n  REPRO INDATASET(${l.hlq}.MASTER.VSAM) OUTDATASET(TEST.MASTER.COPY)\n/*\n`,
                output: `Member ${member} written.`,
              },
              `A test job to copy the master file first: ${member}.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-sqlcode',
      at: 'step',
      plant() {
        const k = mint.code(6);
        const needle = `${k}: SQL ERROR IN 2300-GET-RATE, SQLCODE -811`;
        const id = jobId(r);
        const middle = [
          needle,
          'DSNT408I SQLCODE = -811, ERROR:  THE RESULT OF AN EMBEDDED SELECT STATEMENT OR A SUBSELECT IN THE SET CLAUSE OF AN UPDATE STATEMENT IS A TABLE OF MORE THAN ONE ROW, OR THE RESULT OF A SUBQUERY OF A BASIC PREDICATE IS MORE THAN ONE VALUE',
          'DSNT418I SQLSTATE   = 21000 SQLSTATE RETURN CODE',
          'DSNT415I SQLERRP    = DSNXRFF SQL PROCEDURE DETECTING ERROR',
          `IEF142I ${k} STEP020 - STEP WAS EXECUTED - COND CODE 0012`,
        ];
        return {
          needle,
          key: k,
          beats: [
            zowe(
              `zowe zos-jobs view all-spool-content --jobid ${id}`,
              jesLog(l, r, k, id, 'RC=0012', ['STEP010', 'STEP020'], r.int(3000, 9000), middle),
              undefined,
              true,
            ),
            think(
              `The rate table has two rows for one grade since the April load. ${k} needs a date predicate in 2300-GET-RATE.`,
              ['check PAYTAB rows'],
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-controltotals',
      at: 'step',
      plant() {
        const k = mint.code(6);
        const needle = `RUN ${k}: NET ${r.int(10, 19)},${r.int(100, 999)},${r.int(100, 999)}.${r.int(10, 99)}`;
        return {
          needle,
          key: k,
          beats: [
            zowe(
              `zowe zos-jobs view spool-file-by-id ${jobId(r)} 103`,
              [
                '1PAYRPT  CONTROL TOTALS',
                ` CONTROL TOTALS FOR ${needle}`,
                `   EMPLOYEES PAID ........ ${r.int(3000, 6000)}`,
                `   RECORDS REJECTED ...... ${r.int(0, 9)}`,
              ].join('\n'),
              'Reading the control totals that finance reconciles against.',
            ),
          ],
        };
      },
    },
  ];
}
