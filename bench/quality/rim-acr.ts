/**
 * The acr harness of the rim family (rim.ts): an AutoCodeRover-like agent. It writes its search API
 * calls as text, one a line after its analysis (`search_class("lexer")`, `search_method_in_file(
 * "next-token", "src/lexer.lisp")`, `search_code("(incf pos)")`, `get_code_around_line(…)`), its
 * patches as `# modification N` blocks (`<file>`, `<original>`, `<patched>`), and runs the system's
 * load and tests (`load_system("kalendar")`, `run_tests("kalendar/tests")`); the harness answers in
 * one user message with a `Result of <call>:` section per call. An iCalendar library in Common Lisp
 * (SBCL, ASDF, Quicklisp, FiveAM; compiler notes, style warnings, the debugger's backtraces), for a
 * Serbian-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  dur,
  fail,
  hex,
  lines,
  many,
  numberLines,
  ok,
  one,
  pieces,
  say,
  type Planter,
  type RimCall,
  type RimHarness,
  type RimStep,
} from './rim-kit';

const ROOT = '/home/milan/projekti/kalendar';
const SRC = ['src/lexer.lisp', 'src/parser.lisp', 'src/rrule.lisp', 'src/timezone.lisp', 'src/model.lisp'];
const CLASSES = ['lexer', 'content-line', 'vevent', 'vtodo', 'rrule', 'vtimezone'];
const METHODS = [
  'next-token',
  'unfold-lines',
  'parse-property',
  'parse-date-time',
  'expand-rrule',
  'by-day-filter',
  'tz-offset-at',
];
const CALLS = [
  'search_class',
  'search_class_in_file',
  'search_method',
  'search_method_in_class',
  'search_method_in_file',
  'search_code',
  'search_code_in_file',
  'get_code_around_line',
  'load_system',
  'run_tests',
  'eval_in_image',
];

function call(tool: string, args: Record<string, unknown>, output: string, exitCode?: number): RimCall {
  return exitCode ? fail(tool, args, output, exitCode) : ok(tool, args, output, exitCode);
}

/** Whole top-level forms of the library, as a search or a file view shows them. */
const FORMS = [
  `(defmethod next-token ((lx lexer))
  "Return the next content line of LX as a string, or NIL at the end."
  (with-slots (stream line col) lx
    (let ((raw (read-line stream nil nil)))
      (when raw
        (incf line)
        (setf col 0)
        (string-right-trim '(#\\Return) raw)))))`,
  `(defun unfold-lines (text)
  "RFC 5545 3.1: a CRLF followed by one space or tab continues the line."
  (cl-ppcre:regex-replace-all "\\r?\\n[ \\t]" text ""))`,
  `(declaim (ftype (function (string) (values integer &optional)) parse-date-time))
(defun parse-date-time (value)
  ;; 20250131T090000Z or 20250131T090000 (floating) or 20250131 (DATE)
  (let ((y (parse-integer value :start 0 :end 4))
        (mo (parse-integer value :start 4 :end 6))
        (d (parse-integer value :start 6 :end 8)))
    (if (< (length value) 15)
        (encode-universal-time 0 0 0 d mo y 0)
        (encode-universal-time (parse-integer value :start 13 :end 15)
                               (parse-integer value :start 11 :end 13)
                               (parse-integer value :start 9 :end 11)
                               d mo y 0))))`,
  `(defun parse-rrule (value)
  (let ((parts (split-sequence:split-sequence #\\; value)))
    (assert (plusp (length parts)) () "empty RRULE")
    (loop with rule = (make-instance 'rrule)
          for part in parts
          for (key val) = (split-sequence:split-sequence #\\= part)
          do (setf (rule-part rule (intern (string-upcase key) :keyword)) val)
          finally (return rule))))`,
  `(defun by-day-filter (rule days)
  ;; Vreme uvek u univerzalnom vremenu (universal-time).
  (let ((wanted (mapcar #'weekday-code (rule-part rule :byday))))
    (remove-if-not (lambda (ut) (member (weekday-of ut) wanted)) days)))`,
  `(defclass rrule ()
  ((freq :initarg :freq :reader freq)
   (interval :initform 1 :initarg :interval :reader interval)
   (parts :initform (make-hash-table) :reader parts))
  (:documentation "A parsed RRULE."))`,
  `(defmethod parse-property ((line content-line))
  "NAME;PARAM=VALUE:VALUE — split once on the first unquoted colon."
  (let* ((colon (position-unquoted #\\: (raw line)))
         (head (subseq (raw line) 0 colon)))
    (values (string-upcase (subseq head 0 (position #\\; head)))
            (parse-params head)
            (subseq (raw line) (1+ colon)))))`,
  `(defun tz-offset-at (tz ut)
  "Offset of TZ in seconds east of UTC at universal time UT."
  (let ((rule (find-if (lambda (r) (<= (rule-start r) ut)) (tz-rules tz) :from-end t)))
    (if rule (rule-offset rule) 0)))`,
];

/** The form that defines `name`, when the library has one. */
function formOf(name: string): string | undefined {
  return FORMS.find((f) =>
    new RegExp(`^\\((?:defun|defmethod|defclass) ${name.replace(/[^\w-]/g, '')}\\b`, 'm').test(f),
  );
}

function lisp(rng: Rng, n: number): string {
  return pieces(rng, FORMS, n);
}

function quickload(rng: Rng, extra = ''): string {
  return `To load "kalendar":\n  Load 1 ASDF system:\n    kalendar\n; Loading "kalendar"\n${'.'.repeat(rng.int(20, 60))}\n[package kalendar.lexer]...........................\n[package kalendar.rrule].........................\n[package kalendar]${'.'.repeat(rng.int(10, 40))}\n${extra}`;
}

function fiveam(rng: Rng, failure = '', failing = ''): string {
  const tests = [
    'LEX-FOLDED-LINES',
    'LEX-ESCAPED-COMMA',
    'PARSE-DTSTART-UTC',
    'PARSE-DTSTART-TZID',
    'RRULE-WEEKLY',
    'RRULE-MONTHLY-BYDAY',
    'RRULE-UNTIL',
    'TZ-BELGRADE-DST',
  ];
  const run = tests.map((t) => ` Running test ${t} ${'.'.repeat(rng.int(2, 12))}`);
  if (failing)
    run.push(` Running test ${failing} ${'.'.repeat(rng.int(1, 4))}${failure.startsWith(' Unexpected') ? 'X' : 'f'}`);
  const checks = rng.int(120, 400);
  const bad = failing ? 1 : 0;
  const pass = checks - bad;
  const pct = (n: number) => `${String(Math.floor((100 * n) / checks)).padStart(2)}%`;
  return `\nRunning test suite KALENDAR-SUITE\n${run.join('\n')}\n Did ${checks} checks.\n    Pass: ${pass} (${pct(pass)})\n    Skip: 0 ( 0%)\n    Fail: ${bad} (${pct(bad)})\n${failing ? `\n Failure Details:\n --------------------------------\n${failure}\n --------------------------------\n` : ''}\nT`;
}

function searchOut(tool: string, args: Record<string, unknown>, rng: Rng): string {
  const v = Object.values(args).map(String);
  const name = v[0] ?? '';
  const f = v[1] ?? rng.pick(SRC);
  if (tool === 'search_class' || tool === 'search_class_in_file')
    return `Found 1 classes with name ${name} in ${tool === 'search_class' ? 'the codebase' : `file ${f}`}:\n\n- Search result 1:\n\`\`\`\n<file>${rng.pick(SRC)}</file>\n<class>${name}</class>\n<code>\n(defclass ${name} (${rng.pick(['component', '', 'property-holder'])})\n  ((uid :initarg :uid :accessor uid)\n   (start :initarg :start :accessor event-start :type (or null integer))\n   (properties :initform (make-hash-table :test 'equalp) :reader properties))\n  (:documentation "${rng.pick(['Jedan VEVENT blok.', 'State of the content-line lexer.', 'A parsed RRULE.'])}"))\n\n</code>\n\`\`\`\n`;
  if (tool === 'search_method' || tool === 'search_method_in_file' || tool === 'search_method_in_class')
    return `Found ${tool === 'search_method' ? rng.int(1, 3) : 1} methods with name \`${name}\` in ${tool === 'search_method_in_file' ? `file ${f}` : tool === 'search_method_in_class' ? `class ${f}` : 'the codebase'}:\n\n- Search result 1:\n\`\`\`\n<file>${tool === 'search_method_in_file' ? f : rng.pick(SRC)}</file>\n <func>${name}</func>\n<code>\n${formOf(name) ?? lisp(rng, rng.int(6, 16))}\n</code>\n\`\`\`\n`;
  if (tool === 'get_code_around_line') {
    const at = Number(args['line_no'] ?? 40);
    return `Code snippet around line ${at} in ${name}:\n\n\`\`\`\n${numberLines(lisp(rng, 21), Math.max(1, at - 10), (n, l) => `${n} ${l}`)}\n\`\`\`\n`;
  }
  if (rng.chance(0.25)) return `Could not find code ${name} in the codebase.`;
  const hits = rng.int(2, 7);
  return `Found ${hits} snippets containing \`${name}\` in the codebase:\n\nThey appeared in the following files:\n${lines(rng.int(1, 3), () => `- <file>${rng.pick(SRC)}</file> (${rng.int(1, 3)} matches)`)}\n`;
}

function search(rng: Rng, tool: string, args: Record<string, unknown>): RimCall {
  return call(tool, args, searchOut(tool, args, rng));
}

function patch(file: string, original: string, patched: string, applied = true): RimCall {
  const out = applied
    ? `Applied to ${file} (1 hunk, offset 0 lines).`
    : `Could not apply: the <original> snippet does not occur in ${file}. Copy the original code verbatim, including indentation.`;
  return applied
    ? ok('write_patch', { file, original, patched }, out)
    : fail('write_patch', { file, original, patched }, out, 1);
}

/** Small patches the agent makes in passing (original, patched). */
const CLEANUPS: [string, string][] = [
  ['  (declare (ignorable lx))', '  (declare (ignore lx))'],
  ['  (if (null parts) nil', '  (when parts'],
  ['(first (last days))', '(car (last days))'],
  ['  "Return the next content line."', '  "Return the next content line of LX as a string, or NIL at the end."'],
  ['(string= (string-upcase key) "BYDAY")', '(string-equal key "BYDAY")'],
];

function acrNoise(rng: Rng): RimStep {
  const r = rng.int(0, 8);
  if (r === 0) {
    const c = rng.pick(CLASSES);
    return one(
      rng.pick([`I need to see how ${c} is defined before going further.`, undefined]),
      search(rng, 'search_class', { class_name: c }),
    );
  }
  if (r === 1) {
    const m = rng.pick(METHODS);
    return many(
      rng.pick([
        'Let me collect more context.\n\n- do we need more context:',
        `Treba mi još konteksta oko ${m}.`,
        'The issue mentions folding and DTSTART; two searches at once.',
      ]),
      [
        search(rng, 'search_method_in_file', { method_name: m, file_name: rng.pick(SRC) }),
        search(rng, 'search_code', {
          code_str: rng.pick(['(incf col)', 'universal-time', 'split-sequence', '(declare (ignore']),
        }),
      ],
    );
  }
  if (r === 2)
    return one(
      undefined,
      call(
        'load_system',
        { system: 'kalendar' },
        quickload(rng, rng.chance(0.3) ? `; compilation unit finished\n;   printed ${rng.int(1, 6)} notes\n` : ''),
      ),
    );
  if (r === 3) return one(undefined, call('run_tests', { system: 'kalendar/tests' }, fiveam(rng)));
  if (r === 4) return one(undefined, search(rng, 'search_method', { method_name: rng.pick(METHODS) }));
  if (r === 5) {
    const f = rng.pick(SRC);
    return one(
      undefined,
      search(rng, 'get_code_around_line', { file_path: f, line_no: rng.int(20, 300), window_size: 10 }),
    );
  }
  if (r === 6)
    return one(
      undefined,
      search(rng, 'search_code_in_file', {
        code_str: rng.pick(['nreverse', 'setf (gethash', 'local-time']),
        file_name: rng.pick(SRC),
      }),
    );
  if (r === 7) {
    const f = rng.pick(SRC);
    const [from, to] = rng.pick(CLEANUPS);
    return many(
      rng.pick(['Small cleanup while I am here, then the tests.', 'Sitna ispravka, pa testovi.', undefined]),
      [patch(f, from, to), call('run_tests', { system: 'kalendar/tests' }, fiveam(rng))],
    );
  }
  return one(
    undefined,
    search(rng, 'search_method_in_class', { method_name: rng.pick(METHODS), class_name: rng.pick(CLASSES) }),
  );
}

function acrBig(rng: Rng): RimStep {
  const notes = rng.int(110, 140);
  const checks = rng.int(2000, 4000);
  if (rng.chance(0.5))
    return one(
      'Forcing a full recompile to see every compiler note, not only the warnings.',
      call(
        'load_system',
        { system: 'kalendar', force: true },
        quickload(
          rng,
          `${lines(notes, () => {
            const fn = rng.pick(['EXPAND-BY-DAY', 'NEXT-TOKEN', 'TZ-OFFSET-AT', 'PARSE-DATE-TIME', 'UNFOLD-LINES']);
            return `; file: ${ROOT}/${rng.pick(SRC)}\n; in: DEFUN ${fn}\n;     (${rng.pick(['+', '*', '<', 'FLOOR'])} KALENDAR.RRULE::${rng.pick(['DAY', 'POS', 'OFFSET', 'COL'])} ${rng.int(1, 86400)})\n;\n; note: forced to do ${rng.pick(['GENERIC-+', 'GENERIC-<', 'full call'])} (cost ${rng.int(5, 15)})\n;       unable to do inline fixnum arithmetic (cost ${rng.int(1, 4)}) because:\n;       The first argument is a T, not a FIXNUM.\n;`;
          })}\n; compilation unit finished\n;   printed ${notes} notes\n`,
        ),
      ),
    );
  return one(
    undefined,
    call(
      'run_tests',
      { system: 'kalendar/tests' },
      `\nRunning test suite KALENDAR-SUITE\n${lines(rng.int(420, 520), (i) => ` Running test RRULE-FIXTURE-${String(i + 1).padStart(3, '0')}-${rng.pick(['WEEKLY', 'MONTHLY', 'YEARLY', 'BYDAY', 'UNTIL', 'COUNT'])} ${'.'.repeat(rng.int(2, 14))}`)}\n Did ${checks} checks.\n    Pass: ${checks} (100%)\n    Skip: 0 ( 0%)\n    Fail: 0 ( 0%)\n\nT`,
    ),
  );
}

const ISSUE = `<issue>
RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1 (poslednji radni dan u mesecu) vraća sve radne dane umesto jednog.
Primer: t/fixtures/plata.ics, očekivano 12 pojavljivanja u 2025, dobijamo 261.
</issue>`;

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `podrška za BYSETPOS u modulu ${t}`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Zdravo! Projekat je ~/projekti/kalendar — biblioteka za iCalendar (RFC 5545) u Common Lispu: SBCL 2.4, ASDF, zavisnosti preko Quicklispa, testovi u FiveAM-u. Evo prijave:\n${ISSUE}\nTreba mi ${needle}, sa testom za ovaj primer. Javni API u src/package.lisp za sada ne diraj.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `izvoz događaja nazad u .ics preko funkcije write-${t}`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Sledeći zadatak: ${needle}, sa presavijanjem linija na 75 okteta.` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `keš vremenskih zona ${t}, da se VTIMEZONE ne parsira svaki put`;
        return { how: 'user-followup', needle, beats: [{ user: `Још нешто: треба ми ${needle}.` }] };
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
            (x) => `u ${x} nema globalnih promenljivih (defvar/defparameter)`,
            (x) => `${x} ne sme da zavisi od local-time, samo standardni CL`,
            (x) => `nikakav (declare (optimize (safety 0))) u ${x}`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Jedno pravilo: ${needle}. Biblioteka se koristi i iz više niti.`,
                `Važno — ${needle}; to smo dogovorili na code review-u.`,
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
        const needle = `;;;;   - src/${t}.lisp: no destructive operations on input lists (no NREVERSE, no SORT without COPY-LIST)`;
        const at = rng.int(8, 20);
        return {
          how: 'tool-header',
          needle,
          beats: [
            {
              step: one(
                'Before patching I want the package header; the maintainers keep their rules there.',
                call(
                  'get_code_around_line',
                  { file_path: 'src/package.lisp', line_no: at, window_size: 8 },
                  `Code snippet around line ${at} in src/package.lisp:\n\n\`\`\`\n${numberLines(
                    `;;;; package.lisp — kalendar\n;;;;\n;;;; Pravila:\n;;;;   - every exported symbol is listed here and only here\n${needle}\n;;;;   - times are universal-time integers (UTC); never decoded lists in slots\n;;;;   - ${rng.pick(['tests go to t/, one file per src/ file', 'docstrings in English, comments may be Serbian'])}\n\n(defpackage #:kalendar\n  (:use #:cl)\n  (:export #:parse-file #:expand-rrule #:event-start #:event-end))`,
                    Math.max(1, at - 4),
                    (n, l) => `${n} ${l}`,
                  )}\n\`\`\`\n`,
                ),
              ),
            },
            {
              step: one(
                `So ${t}.lisp must not mutate its arguments. Checking that nothing destructive is already there.`,
                call(
                  'search_code_in_file',
                  { code_str: 'nreverse', file_name: `src/${t}.lisp` },
                  `Could not find code nreverse in file src/${t}.lisp.`,
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
            (x) => `I'll represent ${x} occurrences as universal-time integers, not structs`,
            (x) => `Odlučio sam: ${x} vraća lenjo generisane pojave preko zatvaranja, ne celu listu`,
            (x) => `Decision: ${x} keeps a hash table keyed by TZID instead of an alist`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: many(
                `${needle}. The fixtures compare integers anyway, and it keeps the expansion allocation-free.`,
                [
                  patch(
                    'src/rrule.lisp',
                    '(defun expand-rrule (rule start &key until)\n  (declare (ignore until))',
                    `(defun expand-rrule (rule start &key until)\n  (${t}-expand rule start (or until (+ start (* 366 86400)))))`,
                  ),
                  call('load_system', { system: 'kalendar' }, quickload(rng)),
                ],
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
        const needle = `${t} neka vraća (values start end), bez struktura`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            { user: rng.pick([`Dogovorili smo se: ${needle}.`, `Dobro, onda ${needle} — tako je lakše iz REPL-a.`]) },
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
        const needle = `src/${t}.lisp`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many(
                'Writing the patch: a new file for the set-position logic, and its entry in the system definition.',
                [
                  patch(needle, '', `(in-package #:kalendar.rrule)\n\n${lisp(rng, 6)}\n`),
                  patch(
                    'kalendar.asd',
                    '(:file "rrule")',
                    `(:file "rrule")\n                 (:file "${t}" :depends-on ("rrule"))`,
                  ),
                ],
              ),
            },
            { step: one(undefined, call('load_system', { system: 'kalendar' }, quickload(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `t/${t}-tests.lisp`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: many(undefined, [
                patch(
                  needle,
                  '(test bysetpos-last-weekday\n  (skip "not implemented"))',
                  `(test bysetpos-last-weekday\n  (is (= 12 (length (expand-rrule (parse-rrule "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1") +2025-01-01+)))))`,
                ),
                call('run_tests', { system: 'kalendar/tests' }, fiveam(rng)),
              ]),
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
        const needle = `undefined function: KALENDAR.RRULE::${T}-STEP`;
        const extra = `; file: ${ROOT}/src/rrule.lisp\n; in: DEFUN EXPAND-RRULE\n;     (KALENDAR.RRULE::${T}-STEP KALENDAR.RRULE::RULE KALENDAR.RRULE::CURSOR)\n;\n; caught STYLE-WARNING:\n;   ${needle}\n;\n; compilation unit finished\n;   Undefined function:\n;     ${T}-STEP\n;   caught 1 STYLE-WARNING condition\n`;
        return {
          how: 'tool-sbcl',
          needle,
          beats: [
            { step: one(undefined, call('load_system', { system: 'kalendar' }, quickload(rng, extra))) },
            {
              step: one(
                `${t}-step is called but was never defined — the helper got lost in the previous modification.`,
                search(rng, 'search_method', { method_name: `${t}-step` }),
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
        const T = t.toUpperCase();
        const needle = `when binding KALENDAR.RRULE::${T}`;
        const failure = ` RRULE-MONTHLY-BYSETPOS: Unexpected Error: #<TYPE-ERROR expected-type: INTEGER datum: NIL {10${hex(rng, 8).toUpperCase()}}>\nThe value\n  NIL\nis not of type\n  INTEGER\n${needle}.`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 30 : 2,
          (i) => ` Running test RRULE-FIXTURE-${String(i + 1).padStart(3, '0')} ${'.'.repeat(rng.int(2, 9))}`,
          '',
          fiveam(rng, failure, 'RRULE-MONTHLY-BYSETPOS'),
        );
        return {
          how: 'tool-fiveam',
          needle,
          beats: [
            { step: one(undefined, call('run_tests', { system: 'kalendar/tests' }, out, 1)) },
            {
              step: one(
                `${t} is NIL when BYSETPOS is absent; the &key default is missing.`,
                search(rng, 'search_code_in_file', { code_str: `&key ${t}`, file_name: 'src/rrule.lisp' }),
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
        const needle = `COMPILE-FILE-ERROR while compiling #<CL-SOURCE-FILE "kalendar" "src" "${t}">`;
        const line = rng.int(40, 200);
        const thread = `#<SB-THREAD:THREAD "main thread" RUNNING {10${hex(rng, 8).toUpperCase()}}>`;
        const out = `${quickload(rng)}; file: ${ROOT}/src/${t}.lisp\n; caught ERROR:\n;   READ error during COMPILE-FILE:\n;\n;     end of file on #<SB-INT:FORM-TRACKING-STREAM for "file ${ROOT}/src/${t}.lisp" {10${hex(rng, 8).toUpperCase()}}>\n;\n;     (in form starting at line: ${line}, column: 0, position: ${rng.int(2000, 9000)})\n;\n; compilation unit aborted\n;   caught 1 fatal ERROR condition\n;   caught 1 ERROR condition\nUnhandled UIOP/LISP-BUILD:COMPILE-FILE-ERROR in thread ${thread}:\n  ${needle}\n\nBacktrace for: ${thread}\n0: (SB-DEBUG::DEBUGGER-DISABLED-HOOK #<UIOP/LISP-BUILD:COMPILE-FILE-ERROR {10${hex(rng, 8).toUpperCase()}}> #<unused argument> :QUIT T)\n1: (SB-DEBUG::RUN-HOOK SB-EXT:*INVOKE-DEBUGGER-HOOK* #<UIOP/LISP-BUILD:COMPILE-FILE-ERROR {10${hex(rng, 8).toUpperCase()}}>)\n2: (INVOKE-DEBUGGER #<UIOP/LISP-BUILD:COMPILE-FILE-ERROR {10${hex(rng, 8).toUpperCase()}}>)\n3: (ERROR UIOP/LISP-BUILD:COMPILE-FILE-ERROR :CONTEXT-FORMAT "~/asdf-action::format-action/" :CONTEXT-ARGUMENTS ((#<ASDF/LISP-ACTION:COMPILE-OP > . #<ASDF/LISP-ACTION:CL-SOURCE-FILE "kalendar" "src" "${t}">)))\n4: (UIOP/LISP-BUILD:CHECK-LISP-COMPILE-RESULTS NIL T T "~/asdf-action::format-action/" ((#<ASDF/LISP-ACTION:COMPILE-OP > . #<ASDF/LISP-ACTION:CL-SOURCE-FILE "kalendar" "src" "${t}">)))\nunhandled condition in --disable-debugger mode, quitting`;
        return {
          how: 'tool-asdf',
          needle,
          beats: [
            { step: one(undefined, call('load_system', { system: 'kalendar' }, out, 1)) },
            {
              step: one(
                `Unbalanced parentheses in ${t}.lisp from my last patch; looking at the end of the form.`,
                search(rng, 'get_code_around_line', { file_path: `src/${t}.lisp`, line_no: line, window_size: 10 }),
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
        const needle = `:OCCURRENCES-2025 ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Running the feed summary over the big public-holiday fixture to see the real numbers.',
                call(
                  'eval_in_image',
                  { form: '(time (kalendar::summarize-feed #p"t/fixtures/praznici-srbija.ics"))' },
                  `; Evaluation took:\n;   ${dur(rng, 0.1, 2, 3)} seconds of real time\n;   ${rng.int(10, 90)},${String(rng.int(100, 999))},${String(rng.int(100, 999))} bytes consed\n(:EVENTS ${rng.int(100, 400)} :RECURRING ${rng.int(10, 60)} ${needle} :TIMEZONES ${rng.int(1, 3)})`,
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
        const needle = `KAL-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Prijava na Gitei je ${needle}, stavi je u poruku komita.` }],
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
            (x) => `Sledeći korak: dodati "${x}" u :components u kalendar.asd`,
            (x) => `Still pending: register "${x}" in the :components list of kalendar.asd`,
            (x) => `Ostaje još: "${x}" mora u kalendar.asd, posle "rrule"`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `The patch applies and FiveAM is green.\n${needle}\nThen a forced reload to be sure.`,
                call(
                  'search_code_in_file',
                  { code_str: `"${t}"`, file_name: 'kalendar.asd' },
                  `Could not find code "${t}" in file kalendar.asd.`,
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
        const needle = `pokreni ceo FiveAM suite sa ${t} i na CCL-u pre merge-a`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Odlično. Za kraj: ${needle}.` },
            {
              step: one(
                `U redu, ${t} na CCL-u. Prvo da proverim da se sve učitava.`,
                call(
                  'load_system',
                  { system: 'kalendar' },
                  `To load "kalendar":\n  Load 1 ASDF system:\n    kalendar\n; Loading "kalendar"\n..................`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The analysis the agent writes before calls when the step has nothing particular to say. */
const ANALYSIS = [
  'I need to verify this against the actual code.',
  'Checking the current state of the system.',
  'Let me gather more context before writing a patch.',
  '- do we need more context:',
  'Proveravam.',
  'Based on the collected context, the next call:',
  'The previous result is not enough to locate the bug yet.',
];

function render(c: RimCall, k: number): string {
  if (c.tool === 'write_patch')
    return `# modification ${k}\n\`\`\`lisp\n<file>${String(c.args['file'])}</file>\n<original>\n${String(c.args['original'])}\n</original>\n<patched>\n${String(c.args['patched'])}\n</patched>\n\`\`\``;
  const args = Object.entries(c.args)
    .filter(([key]) => key !== 'force')
    .map(([, v]) => (typeof v === 'number' ? String(v) : JSON.stringify(v)));
  return `${c.tool}(${args.join(', ')})`;
}

function heading(c: RimCall, k: number): string {
  return c.tool === 'write_patch' ? `modification ${k}` : render(c, k);
}

/** The calls of a step with their modification numbers (patches are numbered in their own series). */
function numbered(s: RimStep): [RimCall, number][] {
  let k = 0;
  return s.calls.map((c) => [c, c.tool === 'write_patch' ? ++k : 0]);
}

/** The acr harness. */
export const RIM_ACR: RimHarness = {
  style: 'acr',
  protocol: 'text',
  system: `You are a software developer maintaining a large project.\nYou are working on an issue submitted to your project.\nThe issue contains a description marked between <issue> and </issue>.\nYour task is to invoke a few search API calls to gather buggy information, then write patches to solve the issues.\n\nYou can use the following APIs, one call per line, after your analysis:\n- search_class(class_name: str)\n- search_class_in_file(class_name: str, file_name: str)\n- search_method(method_name: str)\n- search_method_in_class(method_name: str, class_name: str)\n- search_method_in_file(method_name: str, file_name: str)\n- search_code(code_str: str)\n- search_code_in_file(code_str: str, file_name: str)\n- get_code_around_line(file_path: str, line_no: int, window_size: int)\n- load_system(system: str): (ql:quickload system) in a fresh SBCL\n- run_tests(system: str): (asdf:test-system system)\n- eval_in_image(form: str): evaluate a form in an SBCL image with the system loaded\n\nWrite a patch as one or more modifications:\n# modification 1\n\`\`\`\n<file>...</file>\n<original>...</original>\n<patched>...</patched>\n\`\`\`\nThe <original> code must occur verbatim in the file; an empty <original> creates the file.\n\nThe project is an iCalendar (RFC 5545) library in Common Lisp at ${ROOT} (SBCL 2.4.9, ASDF 3.3, Quicklisp, FiveAM). The reporter writes in Serbian.`,
  tools: [...CALLS, 'write_patch'],
  renderStep: (s, _ids, n) => {
    const calls = numbered(s).map(([c, k]) => render(c, k));
    const pool = s.calls.some((c) => c.tool.startsWith('search')) ? ANALYSIS : ANALYSIS.slice(0, 2);
    const said = s.say ?? pool[(n * 7 + calls.join('').length) % pool.length];
    return [said, '', calls.join('\n')].join('\n');
  },
  renderResults: (s) =>
    numbered(s)
      .map(([c, k]) => `Result of ${heading(c, k)}:\n\n${c.output}`)
      .join('\n\n'),
  resultStart: /^Result of /,
  callMark: new RegExp(`^(?:(?:${CALLS.join('|')})\\(|# modification \\d+$)`, 'gm'),
  resultMark: /^Result of (?:\w+\(|modification \d+:)/gm,
  noise: acrNoise,
  big: acrBig,
  followUp: (rng) =>
    rng.pick([
      'Da li testovi prolaze?',
      'Šta kaže SBCL pri učitavanju, ima li upozorenja?',
      'Pokreni ponovo FiveAM, molim te.',
      'Ukratko mi objasni šta si promenio.',
      'Dobro, šta je sledeće?',
      'Да ли си нашао где је грешка?',
    ]),
  keepGoing: (rng) => rng.pick(['Nastavi.', 'Samo nastavi.', 'Nastavi dok svi testovi ne prođu.']),
  answer: (rng) =>
    rng.pick([
      `Gotovo: sistem se učitava bez upozorenja, FiveAM prolazi (Did ${rng.int(120, 400)} checks, Fail: 0).`,
      'The patch is applied and the suite is green; only compiler notes about generic arithmetic remain.',
      'Ispravljeno. Ostala je jedna STYLE-WARNING u timezone.lisp koja nije od ove izmene.',
      'Završeno, nema novih grešaka.',
    ]),
  probe: (rng) => rng.pick(['Nastavi.', 'Nastavi gde si stao.', 'I sada?']),
  planters: PLANTERS,
};
