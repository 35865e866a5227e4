/**
 * The gptme harness of the verge family (verge.ts): a gptme-like terminal agent. Its tools are the
 * code blocks it writes — ```shell (run at once), ```save <path> (the whole file), ```append <path>,
 * ```patch <path> (`<<<<<<< ORIGINAL` / `=======` / `>>>>>>> UPDATED`) — several in one message, run
 * in order; each block's outcome comes back as a `<system>` message ("Ran command: `…`" with
 * ```stdout/```stderr blocks and "Return code: N", "Saved to …", "Patch applied"), sent to the model
 * as one user message. A Tcl/Tk 8.6 app keeping a sheep-flock register for a farmers' co-op (sqlite3,
 * tcltest, Tcl's `errorInfo` traces) for a Welsh-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  dur,
  fail,
  lines,
  many,
  numberLines,
  ok,
  one,
  pieces,
  say,
  type Planter,
  type VergeCall,
  type VergeHarness,
  type VergeStep,
} from './verge-kit';

const ROOT = '~/prosiectau/praidd';
const SRC = ['lib/db.tcl', 'lib/flock.tcl', 'lib/movements.tcl', 'lib/report.tcl', 'ui/main.tcl', 'praidd.tcl'];
const TESTS = ['tests/db.test', 'tests/flock.test', 'tests/movements.test', 'tests/report.test'];

/** Whole procs and commands of the app, as `cat` shows them. */
const PROCS = [
  `package require Tcl 8.6\npackage require sqlite3\nnamespace eval ::praidd::db {\n    namespace export open close tag\n}`,
  `proc ::praidd::db::open {path} {\n    sqlite3 ::praidd::db::conn $path\n    conn eval {PRAGMA foreign_keys = ON}\n    conn eval {CREATE TABLE IF NOT EXISTS sheep(\n        tag TEXT PRIMARY KEY, born DATE, breed TEXT, flock TEXT)}\n}`,
  `proc ::praidd::flock::add {tag born breed flock} {\n    if {![regexp {^UK0[0-9]{6} [0-9]{5}$} $tag]} {\n        return -code error "bad ear tag: $tag"\n    }\n    ::praidd::db::conn eval {INSERT INTO sheep VALUES($tag, $born, $breed, $flock)}\n}`,
  `proc ::praidd::movements::record {from to date tags} {\n    set n 0\n    foreach tag $tags {\n        ::praidd::db::conn eval {INSERT INTO movements VALUES($tag, $from, $to, $date)}\n        incr n\n    }\n    return $n\n}`,
  `proc ::praidd::report::by_breed {} {\n    set out {}\n    ::praidd::db::conn eval {SELECT breed, count(*) AS n FROM sheep GROUP BY breed} {\n        lappend out $breed $n\n    }\n    return $out\n}`,
  `ttk::treeview .flock.tree -columns {tag born breed} -show headings\n.flock.tree heading tag -text [mc "Tag clust"]\n.flock.tree heading born -text [mc "Ganwyd"]\npack .flock.tree -fill both -expand 1`,
  `test flock-1.2 {adding a ewe with a valid tag} -setup {\n    ::praidd::db::open :memory:\n} -body {\n    ::praidd::flock::add "UK0123456 00042" 2023-03-14 Beulah Llanfair\n} -cleanup {\n    ::praidd::db::conn close\n} -result {}`,
  `msgcat::mcset cy "Save" "Cadw"\nmsgcat::mcset cy "Flock" "Praidd"\nmsgcat::mcset cy "Movements" "Symudiadau"`,
];

function tcl(rng: Rng, n: number): string {
  return pieces(rng, PROCS, n);
}

/** A shell block's outcome as gptme reports it. */
function shell(command: string, stdout: string, stderr = '', code = 0): VergeCall {
  const out = [
    `Ran command: \`${command}\``,
    stdout ? `\`\`\`stdout\n${stdout}\n\`\`\`` : '',
    stderr ? `\`\`\`stderr\n${stderr}\n\`\`\`` : '',
    code ? `Return code: ${code}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return code ? fail('shell', { command }, out, code) : ok('shell', { command }, out, 0);
}

function save(path: string, content: string): VergeCall {
  return ok('save', { path, content }, `Saved to ${path}`);
}

function patch(path: string, original: string, updated: string, applied = true): VergeCall {
  return applied
    ? ok('patch', { path, original, updated }, `Patch successfully applied to ${path}`)
    : fail(
        'patch',
        { path, original, updated },
        `Error during execution: Patch failed: original chunk not found in ${path}`,
        1,
      );
}

function tcltest(rng: Rng, failed: string[] = [], detail = ''): string {
  const files = TESTS.map((f) => f.replace('tests/', ''));
  const total = rng.int(60, 140);
  const skipped = rng.int(0, 3);
  const body = failed.length ? `${detail}\n` : '';
  const day = rng.int(10, 28);
  const stamp = `${['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][(day + 4) % 7] as string} Mar ${day} ${String(rng.int(8, 18)).padStart(2, '0')}:${String(rng.int(10, 59))}:${String(rng.int(10, 50))} GMT 2025`;
  return `Tests running in interp:  /usr/bin/tclsh8.6\nTests located in:  ${ROOT.replace('~', '/home/ceri')}/tests\nTests running in:  ${ROOT.replace('~', '/home/ceri')}\nTemporary files stored in ${ROOT.replace('~', '/home/ceri')}\nTest files run in separate interpreters\nRunning tests that match:  *\nSkipping test files that match:  l.*.test\nOnly running test files that match:  *.test\nTests began at ${stamp}\n${files.join('\n')}\n${body}\nTests ended at ${stamp.replace(/:(\d\d) /, (_m, sec: string) => `:${String(Math.min(59, Number(sec) + rng.int(1, 9))).padStart(2, '0')} `)}\nall.tcl:\tTotal\t${total}\tPassed\t${total - skipped - failed.length}\tSkipped\t${skipped}\tFailed\t${failed.length}\nSourced ${files.length} Test Files.${failed.length ? `\nFiles with failing tests: ${failed.join(' ')}` : ''}`;
}

function gptmeNoise(rng: Rng): VergeStep {
  const r = rng.int(0, 8);
  if (r === 0)
    return one(
      rng.pick(["Let's run the test suite.", 'Rhedeg y profion.', undefined]),
      shell('tclsh tests/all.tcl', tcltest(rng)),
    );
  if (r === 1) {
    const f = rng.pick(SRC);
    return one(undefined, shell(`cat -n ${f}`, numberLines(tcl(rng, rng.int(12, 40)))));
  }
  if (r === 2) {
    const q = rng.pick(['conn eval', 'mcset cy', 'return -code error', 'lappend out', 'ttk::treeview']);
    return one(
      undefined,
      shell(
        `grep -rn "${q}" lib ui`,
        lines(rng.int(1, 7), () => `${rng.pick(SRC)}:${rng.int(3, 220)}:    ${q} ...`),
      ),
    );
  }
  if (r === 3)
    return many(rng.pick(['Two checks at once: git state and the schema.', undefined]), [
      shell(
        'git status --short',
        lines(rng.int(1, 3), () => ` M ${rng.pick([...SRC, ...TESTS])}`),
      ),
      shell(
        "sqlite3 data/praidd.db '.schema movements'",
        'CREATE TABLE movements(\n  tag TEXT REFERENCES sheep(tag),\n  from_cph TEXT, to_cph TEXT, moved DATE\n);',
      ),
    ]);
  if (r === 4)
    return one(
      undefined,
      shell(
        "sqlite3 -column -header data/praidd.db 'SELECT breed, count(*) FROM sheep GROUP BY breed'",
        `breed            count(*)\n---------------  --------\n${['Balwen', 'Beulah', 'Llanwenog', 'Welsh Mountain', 'Lleyn'].map((b) => `${b.padEnd(15)}  ${rng.int(12, 900)}`).join('\n')}`,
      ),
    );
  if (r === 5) {
    const f = rng.pick(SRC);
    return many(rng.pick(['Tidying the error message, then the tests.', 'Atgyweiriad bach, wedyn y profion.']), [
      patch(
        f,
        '        return -code error "bad ear tag: $tag"',
        '        return -code error -errorcode {PRAIDD TAG} "bad ear tag: $tag"',
      ),
      shell('tclsh tests/all.tcl', tcltest(rng)),
    ]);
  }
  if (r === 6)
    return one(
      undefined,
      shell(
        'echo "puts [info patchlevel]; puts [package require sqlite3]" | tclsh',
        `8.6.${rng.int(12, 15)}\n3.${rng.int(40, 46)}.${rng.int(0, 2)}`,
      ),
    );
  if (r === 7)
    return one(
      undefined,
      shell(
        'tclsh tests/all.tcl -file movements.test -verbose e',
        tcltest(rng).replace(
          'Running tests that match:  *',
          'Running tests that match:  *\nOnly running test files that match:  movements.test',
        ),
      ),
    );
  return one(undefined, shell(`cat -n ${rng.pick(TESTS)}`, numberLines(tcl(rng, rng.int(10, 30)))));
}

function gptmeBig(rng: Rng): VergeStep {
  if (rng.chance(0.5))
    return one(
      'Dumping the whole movement log for the last season to compare with the paper register.',
      shell(
        "sqlite3 -separator ' | ' data/praidd.db 'SELECT * FROM movements ORDER BY moved'",
        lines(
          rng.int(440, 520),
          () =>
            `UK0${rng.int(100000, 999999)} ${String(rng.int(1, 99999)).padStart(5, '0')} | ${rng.int(10, 99)}/${rng.int(100, 999)}/${rng.int(1000, 9999)} | ${rng.int(10, 99)}/${rng.int(100, 999)}/${rng.int(1000, 9999)} | 2024-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
        ),
      ),
    );
  return one(undefined, shell('cat -n lib/flock.tcl', numberLines(tcl(rng, rng.int(560, 640)))));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `adroddiad symudiadau (movement report) newydd yn ::praidd::${t}`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Helo! Mae'r prosiect yn ~/prosiectau/praidd — ap Tcl/Tk 8.6 i gofrestru'r praidd i'r gydweithfa (sqlite3, profion tcltest yn tests/). Dw i angen ${needle}, yn dangos pob symudiad fesul CPH ar gyfer y flwyddyn. Paid â newid y schema yn lib/db.tcl am y tro.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `allforio CSV i'r BCMS drwy'r gorchymyn praidd ${t}`;
        return { how: 'user-followup', needle, beats: [{ user: `Tasg nesaf: ${needle}, gyda phrofion tcltest.` }] };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `sgrin chwilio tagiau clust yn .${t} yn y UI`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Un peth arall: dw i eisiau ${needle}, gyda'r labeli yn Gymraeg.` }],
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
            (x) => `dim newidynnau global yn ::praidd::${x}, dim ond namespace variables`,
            (x) => `rhaid i ${x} weithio ar Tcl 8.6, nid 9.0 yn unig`,
            (x) => `dim pecynnau allanol yn ${x} heblaw sqlite3 a Tk`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Un rheol: ${needle}. Mae'r ap yn rhedeg ar hen liniadur yn y mart.`,
                `Pwysig — ${needle}; cytunon ni ar hynny yn yr adolygiad cod.`,
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
        const needle = `# - lib/${t}.tcl: every proc returns a list, never prints (no puts outside ui/)`;
        return {
          how: 'tool-readme',
          needle,
          beats: [
            {
              step: one(
                'The HACKING file has the house rules; reading it first.',
                shell(
                  'cat HACKING.txt',
                  `# praidd — notes for contributors\n#\n# - Tcl 8.6, Tk 8.6, sqlite3 only\n${needle}\n# - all strings shown to users go through msgcat (cy and en)\n# - ${rng.pick(['dates are ISO 8601 strings in the database', 'ear tags as UK0nnnnnn nnnnn, with the space'])}`,
                ),
              ),
            },
            {
              step: one(
                `So ${t}.tcl must not print; checking it has no puts today.`,
                shell(`grep -n "puts" lib/${t}.tcl`, '', '', 1),
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
            (x) => `I'll keep ${x} as a TclOO class rather than a plain namespace`,
            (x) => `Penderfyniad: bydd ${x} yn defnyddio un trafodiad sqlite (conn transaction) i bob symudiad`,
            (x) => `Going with a dict per row in ${x}, not parallel lists`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: many(`${needle}; the movement batches from the mart run to hundreds of tags at once.`, [
                patch(
                  'lib/movements.tcl',
                  'proc ::praidd::movements::record {from to date tags} {',
                  `proc ::praidd::movements::record {from to date tags} {\n    # see ::praidd::${t}`,
                ),
                shell('tclsh tests/all.tcl', tcltest(rng)),
              ]),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `bydd ${t} yn cadw dyddiadau fel eiliadau (clock seconds), nid testun`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            { user: rng.pick([`Iawn, cytuno: ${needle}.`, `Dewch i ni ddweud ${needle} — mae'n haws cymharu.`]) },
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
        const needle = `lib/${t}.tcl`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many(
                rng.pick(['New file for the report, and its line in pkgIndex.', 'Ffeil newydd i’r adroddiad.']),
                [
                  save(needle, `namespace eval ::praidd::${t} {\n    namespace export run\n}\n\n${tcl(rng, 10)}`),
                  shell(
                    'echo "pkg_mkIndex lib *.tcl" | tclsh && tail -3 lib/pkgIndex.tcl',
                    `package ifneeded praidd::${t} 0.1 [list source [file join $dir ${t}.tcl]]\npackage ifneeded praidd::db 0.3 [list source [file join $dir db.tcl]]\npackage ifneeded praidd::flock 0.3 [list source [file join $dir flock.tcl]]`,
                  ),
                ],
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
        const needle = `tests/${t}.test`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: many(undefined, [
                save(
                  needle,
                  `package require tcltest\nnamespace import ::tcltest::*\nsource [file join [file dirname [info script]] .. lib db.tcl]\n\n${tcl(rng, 6)}\ncleanupTests\n`,
                ),
                shell(`tclsh tests/all.tcl -file ${t}.test`, tcltest(rng)),
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
        const needle = `invalid command name "::praidd::${t}::totals"`;
        const line = rng.int(3, 30);
        return {
          how: 'tool-tclsh',
          needle,
          beats: [
            {
              step: one(
                undefined,
                shell(
                  'tclsh praidd.tcl report --year 2024',
                  '',
                  `${needle}\n    while executing\n"::praidd::${t}::totals $year"\n    (procedure "::praidd::report::by_year" line ${line})\n    invoked from within\n"::praidd::report::by_year 2024"\n    ("report" arm line 2)\n    invoked from within\n"switch -- [lindex $argv 0] {\n    report {\n        ::praidd::report::by_year [lindex $argv 2]\n    }\n    ui {..."\n    (file "praidd.tcl" line ${rng.int(20, 60)})`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `The namespace ${t} is sourced after report.tcl calls into it; checking the source order.`,
                shell(
                  'grep -n "source" praidd.tcl',
                  `${rng.int(3, 9)}:source [file join $dir lib db.tcl]\n${rng.int(10, 14)}:source [file join $dir lib report.tcl]\n${rng.int(15, 19)}:source [file join $dir lib ${t}.tcl]`,
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
        const needle = `==== ${t}-2.1 movements within one holding FAILED`;
        const detail = `\n${needle}\n==== Contents of test case:\n\n    ::praidd::movements::record 12/345/6789 12/345/6789 2024-05-02 {"UK0123456 00042"}\n\n---- Result was:\n1\n---- Result should have been (exact matching):\n0\n==== ${t}-2.1 FAILED\n`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 25 : 2,
          (i) => `++++ movements-1.${i + 1} PASSED`,
          '',
          tcltest(rng, [`${t}.test`], detail),
        );
        return {
          how: 'tool-tcltest',
          needle,
          beats: [
            { step: one(undefined, shell('tclsh tests/all.tcl -verbose bpe', out)) },
            {
              step: one(
                `${t}-2.1 expects moves inside one CPH to be skipped; record counts them. Reading the test.`,
                shell(
                  `grep -n -A6 "test ${t}-2.1" tests/${t}.test`,
                  numberLines(tcl(rng, 7), rng.int(20, 90), (n, l) => `${n}:${l}`),
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
        const needle = `can't read "${t}": no such variable`;
        return {
          how: 'tool-errorinfo',
          needle,
          beats: [
            {
              step: one(
                undefined,
                shell(
                  'tclsh tests/all.tcl -file report.test',
                  tcltest(
                    rng,
                    ['report.test'],
                    `\n==== report-1.4 totals by breed FAILED\n==== Contents of test case:\n\n    ::praidd::report::by_breed\n\n---- Test generated error; Return code was: 1\n---- Return code should have been one of: 0 2\n---- errorInfo: ${needle}\n    while executing\n"lappend out $breed $${t}"\n    (procedure "::praidd::report::by_breed" line ${rng.int(4, 9)})\n    invoked from within\n"::praidd::report::by_breed"\n    ("uplevel" body line 2)\n    invoked from within\n"uplevel 1 $script"\n---- errorCode: TCL LOOKUP VARNAME ${t}\n==== report-1.4 FAILED\n`,
                  ),
                ),
              ),
            },
            {
              step: one(
                `by_breed still uses $${t}, the column alias I renamed to n.`,
                patch('lib/report.tcl', `        lappend out $breed $${t}`, '        lappend out $breed $n'),
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
        const needle = `${t} microseconds per iteration`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Timing the movement insert on a realistic batch.',
                shell(
                  `tclsh bench/record.tcl --tags ${rng.int(200, 900)}`,
                  `loaded ${rng.int(3000, 9000)} sheep from data/praidd.db\n${needle}\n(${rng.int(5, 20)} iterations, ${dur(rng, 1, 9, 2)} s total)`,
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
        const needle = `PRD-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Rhif y tocyn yn Redmine yw ${needle} — rho fe yn neges y commit.` }],
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
            (x) => `Next: add msgcat strings for ${x} to msgs/cy.msg`,
            (x) => `Ar ôl: mae angen llinynnau Cymraeg ar gyfer ${x} yn msgs/cy.msg`,
            (x) => `Still missing — the cy.msg entries for ${x}`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `The suite is green.\n${needle}\nThen one more run of the UI to look at the labels.`,
                shell(`grep -c "${t}" msgs/cy.msg`, '0', '', 1),
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
        const needle = `cyn rhyddhau, profa ${t} ar y gliniadur Windows gyda Magicsplat Tcl`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Gwych. I orffen: ${needle}.` },
            {
              step: one(
                `Iawn, ${t} ar Windows. First, what the starkit build script expects.`,
                shell(
                  'cat -n tools/build-starkit.tcl | head -8',
                  numberLines(
                    '#!/usr/bin/env tclsh\n# builds praidd.kit with sdx\nset version 0.3\nexec sdx qwrap praidd.tcl\nexec sdx unwrap praidd.kit\nfile copy -force lib praidd.vfs/lib\nexec sdx wrap praidd.kit\nputs "built praidd.kit $version"',
                  ),
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

function block(c: VergeCall): string {
  const a = c.args;
  if (c.tool === 'shell') return `\`\`\`shell\n${String(a['command'])}\n\`\`\``;
  if (c.tool === 'save') return `\`\`\`save ${String(a['path'])}\n${String(a['content'])}\n\`\`\``;
  if (c.tool === 'append') return `\`\`\`append ${String(a['path'])}\n${String(a['content'])}\n\`\`\``;
  return `\`\`\`patch ${String(a['path'])}\n<<<<<<< ORIGINAL\n${String(a['original'])}\n=======\n${String(a['updated'])}\n>>>>>>> UPDATED\n\`\`\``;
}

/** The gptme harness. */
export const VERGE_GPTME: VergeHarness = {
  style: 'gptme',
  protocol: 'text',
  system: `You are gptme v0.26, a general-purpose AI assistant powered by LLMs. You are designed to help users with programming tasks, such as writing code, debugging, and learning new concepts. You can run code, execute terminal commands, and access the filesystem on the local machine.\n\nBreak down complex tasks into smaller, manageable steps. You have the ability to self-correct. If you receive feedback that your output or actions were incorrect, you should acknowledge the mistake and adjust.\n\n# Tools\n\n## shell\nThe given command will be executed in a stateful bash shell. Write it in a \`\`\`shell block.\n\n## save\nCreate or overwrite a file with the given content: \`\`\`save <path>. The path can be relative to the current directory.\n\n## append\nAppend the given content to a file: \`\`\`append <path>.\n\n## patch\nApply a patch to a file: \`\`\`patch <path> with <<<<<<< ORIGINAL, =======, >>>>>>> UPDATED markers. The ORIGINAL chunk must match the file exactly.\n\nEach block is executed as soon as it is written, in order; results come back as system messages.\n\n# About user\nCeri runs a small Tcl/Tk 8.6 app for a farmers' co-op in ${ROOT} (sqlite3, tcltest). Writes in Welsh.`,
  tools: ['shell', 'save', 'append', 'patch'],
  renderStep: (s) => [s.say, ...s.calls.map(block)].filter(Boolean).join('\n\n'),
  renderResults: (s) => s.calls.map((c) => `<system>\n${c.output}\n</system>`).join('\n\n'),
  resultStart: /^<system>\n/,
  callMark: /^```(?:shell|save|append|patch)\b/gm,
  resultMark: /^<system>$/gm,
  noise: gptmeNoise,
  big: gptmeBig,
  followUp: (rng) =>
    rng.pick([
      "Ydy'r profion yn pasio?",
      'Beth mae tcltest yn ddweud nawr?',
      'Rheda’r profion eto, plis.',
      'Esbonia’n fyr beth newidiaist ti.',
      'Iawn, beth nesaf?',
      'Does any of this touch the Tk side?',
    ]),
  keepGoing: (rng) => rng.pick(['Dal ati.', 'Cer ymlaen.', 'Dal ati nes bod pob prawf yn pasio.']),
  answer: (rng) =>
    rng.pick([
      `Wedi gorffen: all.tcl — Failed 0, ${rng.int(60, 140)} prawf wedi pasio.`,
      'The report proc is in place and tcltest is green; the Tk window still needs a look by eye.',
      "Wedi'i drwsio. Mae un rhybudd msgcat ar ôl yn ui/main.tcl, nid o'r newid yma.",
      'Popeth yn iawn, dim gwallau newydd.',
    ]),
  probe: (rng) => rng.pick(['Dal ati.', 'Cer ymlaen o lle stopiaist ti.', 'A nawr?']),
  planters: PLANTERS,
};
