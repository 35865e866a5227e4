/**
 * Line shapes that show a failure in tool output: what test runners, compilers, linters,
 * package managers, runtimes and shells print when something fails. Recognised by structure
 * (a location followed by a severity, an exception class at the start of a line, a runner's
 * own failure marker, a count of failures next to other counts) rather than by the presence
 * of a word such as "error", so prose, source code and passing runs are not flagged.
 * Used by ./evidence.ts.
 */

/** How much a line tells about a failure; higher tiers are kept first. */
export const TIER = {
  /** Generic failure line: exit status, driver error, package-manager boilerplate. */
  generic: 1,
  /** Names a failing test or carries an assertion detail, but is not self-contained. */
  detail: 2,
  /** Exception or runtime failure: class name and message. */
  exception: 3,
  /** A runner's list entry or a compiler diagnostic: one failure, named, with its location. */
  named: 4,
} as const;
export type Tier = (typeof TIER)[keyof typeof TIER];

/** Where the location belonging to a failure line is printed. */
export type AttachRule =
  | 'python-frame'
  | 'frame'
  | 'rust-arrow'
  | 'go-frame'
  | 'next-line'
  | 'path-header'
  /** pre-commit's `- exit code: 1`: the first line the hook printed, after a blank line. */
  | 'hook-output'
  /** A mismatch's `got:` line (Nix's `specified: sha256-…` / `got: sha256-…`): the value found. */
  | 'got-line'
  /** An OTP supervisor report's `reason:` line under its `errorContext:`: why the child failed. */
  | 'reason-line'
  /** The test's name a runner prints on its own line above the indented failure (`LTCL_VAT->TEST_RATE`). */
  | 'name-header'
  /** The first line of prose after a problem's title or location and its code excerpt: what is wrong. */
  | 'explanation'
  /** The test's name on the line above a bare verdict, under a rule (rackunit's `----` / `name` / `FAILURE`). */
  | 'verdict-title'
  /** The locator a Playwright assertion waited for (`Locator: getByRole(…)`), a few lines below it. */
  | 'locator-line'
  /** The first item a checker's report entry names, below it (KiCad's `@(105.3 mm, 83.9 mm): Pad 2 [/SENSE] of R7`). */
  | 'item-line'
  /** The message a return code is printed under (Stata's `variable ea not found` over `r(111);`): its paragraph's first line. */
  | 'message-above';

/** A line classified as failure evidence. */
export interface Shape {
  tier: Tier;
  /** Counts failures (`1 failed, 41 passed`, `test result: FAILED`, `BUILD FAILURE`). */
  summary?: boolean;
  attach?: AttachRule;
  /**
   * Names one failing test case (`FAILED path::name`, `● suite › name`, `--- FAIL: Name`,
   * `✕ name`, `not ok 3 - name`, ...): the line that identifies the failure, whatever words
   * the test's name is made of. Kept before lines that only repeat an exception class.
   */
  test?: boolean;
}

/** Facts about the whole output that some shapes need (computed once per output). */
export interface OutputContext {
  /** A test runner's failure report is present (jest/vitest/mocha/pytest/go/cargo markers). */
  testFailure: boolean;
  /** A numbered failure list is present (mocha's `N failing`, rspec's `Failures:`): indented `1) ...` entries name failing tests. */
  numberedFailures: boolean;
  /** The command is known to have failed (error status or non-zero exit). */
  failed: boolean;
  /**
   * Nix's evaluation trace is present (`… while evaluating …` lines): the error it ends with is
   * indented under it (`       error: attribute 'x' missing`), not quoted.
   */
  nixTrace?: boolean;
  /** A checker's report with an entry whose severity is an error (its warnings' entries are failures of that check too). */
  reportErrors?: boolean;
}

/** What a rule may ask about the lines around the one it classifies (computed only when asked). */
export interface Neighbors {
  /** A stack frame follows within a few lines. */
  frameAfter(): boolean;
  /** One of the lines just above is a `console.error`/`console.log` header: the text was logged, not thrown. */
  loggedByConsole(): boolean;
  /** The go test this log line belongs to failed (`--- FAIL: <its name>`). */
  goTestFailed(): boolean;
  /** The line just above has the same leading marker (a continuation of the same detail). */
  continuesAbove(marker: string): boolean;
  /** The line carries a TAP `# TODO` or `# SKIP` directive (an expected failure, not a failure). */
  tapDirective(): boolean;
  /** The next line is a Smalltalk context (`RkInvoice(Object)>>doesNotUnderstand: #total`, `Foo class>>bar`). */
  smalltalkFrameAfter(): boolean;
  /** The severity one of the next two lines gives a report entry (KiCad's `    ; error`, `    Rule: HV clearance; warning`). */
  severityBelow(): 'error' | 'warning' | undefined;
  /** The next line is an indented location of its own (CUE's `    ./schema.cue:19:12` under the problem). */
  locationBelow(): boolean;
}

/** A line that opens with a file's location (`src/ahia/PriceList.hx:20: …`, `lib/a.ml:12:5: …`). */
export const LOCATION_FIRST = /^(?!\d)[\w./\\-]{1,200}\.\w{1,12}:\d/;
/** A location alone on an indented line (`    ./schema.cue:19:12`, `\tpkg/a.go:3:1`): where the problem above it is. */
export const INDENTED_LOCATION = /^[ \t]+(?:\.{0,2}\/)?[\w./@-]{1,200}\.\w{1,12}:\d+(?::\d+)?\s*$/;

/** Where a line may start a shape; `when` narrows it with the line's indentation, the output and its neighbours. */
interface Rule {
  re: RegExp;
  tier: Tier;
  /** Lower-case text of which the line must hold one for `re` to be worth trying (a cheap pre-check). */
  needs: readonly string[];
  attach?: AttachRule;
  /** See {@link Shape.test}. */
  test?: boolean;
  when?: (indent: number, ctx: OutputContext, near: Neighbors) => boolean;
}

/**
 * Cheap pre-filter, run once over the lower-cased output: a line with none of these words or
 * marks (and none of the line starts of {@link startsLikeFailure}) cannot be a failure line.
 * Factored by first letter, so the scan costs about as much as a search for one word.
 */
export const KEYWORDS =
  /notunderstood|zerodivide|outofbounds|keynotfound|isempty|booleanreceiver|primitivefailed|responsibility|notimplement|yetimplemented|>>#test|e(?:rr|x(?:it|cept))|f(?:ail|atal|ault)|panic|unbound |; caught |sanitizer|abort|kill|undefined|n(?:ot (?:found|ok|available|allowed|defined|permitted|supported)|o such|on-zero|o candidates)|d(?:enied|oes not exist)|c(?:annot|an't|ould not|ouldn't|ritical\])|thrown|broken|badmatch|_clause|badar|noproc|i(?:nterrupt|llegal|nvalid)|unable to|refused|rejected|forbidden|timed out|violat|mismatch|avrdude|watchdog|signal|sig(?:segv|abrt|bus|ill|fpe)|timeout \[|lifecycle|severe|abend|attempted to |not in the domain|sqlcode|igy[a-z]{2}\d{4}-|\.(?:pm|pl|t) line \d|#test_|root composer\.json requires|go: [^\s@]+@|\[e\]|\.go:\d|:\[\d|: line \d|\d: [a-z]{1,4}\d{3,4}\b|\u2570\u2500\u25b6|\u250c\u2500 |[\u25cf\u00d7\u2715\u2717\u2718\u2716\u274c\u2a2f]/g;

/**
 * Line starts that show a failure without any keyword: pytest `E   ...`, `___ test ___`, cargo
 * `---- t stdout`, `1) title`, `rspec ./x:1 # t`, kotlinc `e: `, a crash site `#0 0x… in f`,
 * TeX's `! …`, Pester's `[-] …`, a version solver's `Because …`, q's `'length`.
 */
export function startsLikeFailure(line: string): boolean {
  const c0 = line.charCodeAt(0);
  if (c0 === 0x45 /* E */) return line.charCodeAt(1) === 0x20 || line.charCodeAt(1) === 0x3a;
  if (c0 === 0x65 /* e */) return line.startsWith('e: ');
  if (c0 === 0x5f /* _ */) return line.startsWith('___');
  // (and a problem's title over a rule, Elm's `-- TYPE MISMATCH ------ src/X.elm`)
  if (c0 === 0x2d /* - */) return line.startsWith('---- ') || PROBLEM_TITLE.test(line);
  // (and Stata's return code under its message, `r(111);`)
  if (c0 === 0x72 /* r */) return line.startsWith('rspec ') || RETURN_CODE.test(line);
  // (OpenModelica's runtime assertion, `assert            | debug   | …`)
  if (c0 === 0x61 /* a */) return /^assert\s*\|/.test(line);
  // TeX's `! Missing $ inserted.`, Pester's `[-] name`, a version solver's `Because a depends on b …`
  if (c0 === 0x21 /* ! */) return line.charCodeAt(1) === 0x20;
  // (and a design checker's report entry, KiCad's `[unconnected_items]: Missing connection between items`)
  if (c0 === 0x5b /* [ */) return line.startsWith('[-] ') || REPORT_ENTRY.test(line);
  if (c0 === 0x42 /* B */) return line.startsWith('Because ');
  // (q's signalled error, `'length`, `'.vw.vwap`: its name after a quote)
  if (c0 === 0x27 /* ' */) return line.length > 1 && line.charCodeAt(1) > 0x20 && line.charCodeAt(1) !== 0x27;
  let i = 0;
  while (line.charCodeAt(i) === 0x20) i += 1;
  if (line.startsWith('#0 0x', i)) return true; // a sanitizer's or debugger's crash site
  const digits = i;
  while (line.charCodeAt(i) >= 0x30 && line.charCodeAt(i) <= 0x39) i += 1;
  return i > digits && line.charCodeAt(i) === 0x29 /* ) */ && line.charCodeAt(i + 1) === 0x20;
}

/** Stata's return code, on a line of its own under the message that says what failed (`r(111);`, `r(9);`). */
export const RETURN_CODE = /^r\(\d{1,4}\);$/;

/** A checker's report entry: its rule's id in brackets, then what is wrong (KiCad's DRC and ERC reports). */
const REPORT_ENTRY = /^\[[a-z][a-z0-9_]{2,48}\]: \S/;
/** What opens a report entry's severity line, the rule that set it maybe named (KiCad: `; `, `Rule: HV clearance; `). */
const SEVERITY_OPENING = '(?:Rule: [^;\\n]{1,80})?; ';
/** A report entry's severity line (KiCad: `; error`, `Rule: HV clearance; warning`); the severity is its group. */
export const REPORT_SEVERITY = new RegExp(`^${SEVERITY_OPENING}(error|warning)$`);

/** A problem's title in capitals over a rule (Elm's `-- TYPE MISMATCH ------ src/Page.elm`). */
const PROBLEM_TITLE = /^-- [A-Z][A-Z' ]{2,} -{3,}(?: \S+)?$/;

const TEST_FAILURE =
  /^\s*(?:\d+ failing\b|Tests?:?\s+\d+ failed|Test Files\s+\d+ failed|FAIL\s+\S|\u25cf\s|--- FAIL:|FAILED\s+\S+::|[^\s:]*::\S* FAILED\b|test result: FAILED|(?:#|\u2139) fail +[1-9]|\u2716 failing tests|[1-9]\d* fail(?:ed)?$|\(fail\) \S|TEST RUN FAILED|\[ *FAILED *\] )/;
const NUMBERED_FAILURES = /^\s*(?:\d+ failing\b|Failures:$)/;

/**
 * Computes the {@link OutputContext} from the candidate lines of an output (every line that
 * can set it is a candidate: each carries a keyword).
 */
export function outputContext(candidates: readonly string[], failed: boolean, source = ''): OutputContext {
  const ctx: OutputContext = {
    testFailure: candidates.some((l) => TEST_FAILURE.test(l)),
    numberedFailures: candidates.some((l) => NUMBERED_FAILURES.test(l)),
    failed,
  };
  // (the whole output searched only when an indented `error:` line is there to be read)
  if (candidates.some((l) => INDENTED_ERROR.test(l)) && NIX_TRACE.test(source)) ctx.nixTrace = true;
  // (and only when a severity line is there to be read: a report with an entry that is an error)
  if (source.includes('; error') && REPORT_ERROR_ENTRY.test(source)) ctx.reportErrors = true;
  return ctx;
}

/** A checker's report entry whose severity, on a line below it, is an error (KiCad: `[x]: …` / `    ; error`). */
const REPORT_ERROR_ENTRY = new RegExp(`${REPORT_ENTRY.source}.*\\n[ \\t]*${SEVERITY_OPENING}error[ \\t]*$`, 'm');

const INDENTED_ERROR = /^\s+error: \S/;
/** A line of Nix's evaluation trace: `       … while calling the 'head' builtin`, `… from call site`. */
const NIX_TRACE = /^[ \t]*\u2026 (?:while|from call site|in the|during)\b/m;

const inTestReport = (_: number, ctx: OutputContext) => ctx.testFailure;
/** npm's failure lines, without its fixed fields (log path, package path, cwd, the command line) and blank `404`s. */
const NPM_DETAIL =
  /^npm (?:ERR!|error) (?!A complete log|Log files were|Lifecycle scripts|This is probably|path |workspace |location |command sh |404\s*$|404 Note|404 tarball|node_modules\/|\s|\/)\S/;
const atColumn0 = (indent: number) => indent === 0;

/** First matching rule wins, so the more specific shapes come first. */
const RULES: Rule[] = [
  // runner failure lists and compiler diagnostics: one failure each, named
  // R testthat: Failure (test-dates.R:37:3): parse() handles leap years
  {
    re: /^(?:Failure|Error) \([\w./-]+\.[Rr]:\d+(?::\d+)?\): \S/,
    tier: TIER.named,
    test: true,
    needs: ['failure (', 'error ('],
  },
  // Racket, Scheme: srichki/rules.rkt:154:23: pozames: unbound identifier
  {
    re: /^(?!\d)\S+?:\d+:\d+: (?:\S+: )?unbound (?:identifier|variable|value|module)\b/,
    tier: TIER.named,
    needs: ['unbound '],
  },
  // Smalltalk (Pharo, Squeak): an exception whose class says no `Error` (`MessageNotUnderstood: RkInvoice>>total`,
  // `ZeroDivide`, `SubscriptOutOfBounds: 7`, `KeyNotFound: key #vat not found in Dictionary`) over its context stack
  {
    re: /^(?:MessageNotUnderstood|ZeroDivide|SubscriptOutOfBounds|KeyNotFound|NotFound|ValueNotFound|CollectionIsEmpty|NonBooleanReceiver|PrimitiveFailed|SubclassResponsibility|ShouldNotImplement|NotYetImplemented)(?::\s.*)?$/,
    tier: TIER.exception,
    when: (indent, ctx, near) => indent === 0 && (ctx.failed || near.smalltalkFrameAfter()),
    needs: [
      'notunderstood',
      'zerodivide',
      'outofbounds',
      'notfound',
      'isempty',
      'booleanreceiver',
      'primitivefailed',
      'responsibility',
      'notimplement',
      'yetimplemented',
    ],
  },
  // tcltest: `==== name description FAILED` opens a failed case's report (its closing `==== name FAILED` repeats it),
  // `---- errorInfo: can't read "x": no such variable` says why a case raised
  { re: /^==== \S+ .+ FAILED$/, tier: TIER.named, test: true, when: atColumn0, needs: ['failed'] },
  { re: /^---- errorInfo: \S/, tier: TIER.exception, when: atColumn0, needs: ['errorinfo'] },
  // SUnit's failed test as the command line lists it (`Failed Tests:` / `	RkVskTest>>#testRounding`)
  { re: /^[A-Z]\w*(?: class)?>>#test\w*$/, tier: TIER.named, test: true, needs: ['>>#test'] },
  // rackunit: the test's name above a bare FAILURE / ERROR, under a rule of dashes
  { re: /^(?:FAILURE|ERROR)$/, tier: TIER.detail, attach: 'verdict-title', test: true, needs: ['failure', 'error'] },
  // a page's dialog or alert that says something failed (an accessibility tree read as text: ./accessibility.ts)
  {
    re: /^(?=(?:dialog|alertdialog|alert)\b.*?\b(?:errors?|failed|failure|invalid|denied|not allowed|cannot|could not|unable|duplicated?)\b)(?:dialog|alertdialog|alert)(?: "[^"\n]*")?: \S/i,
    tier: TIER.named,
    needs: ['dialog', 'alert'],
  },
  // a tool's log line tagged with its name: [vite] Internal server error: Failed to resolve import "x" · [webpack-cli] Error: …
  { re: /^\[[\w.@/-]{1,30}\] (?:[\w-]+ ){0,3}[Ee]rror: \S/, tier: TIER.exception, needs: ['] '] },
  // luacheck: lua/x/parser.lua:69:25: (W113) accessing undefined variable 'y' (a warning fails the check)
  { re: /^(?!\d)\S+?:\d+:\d+: \([EW]\d{3}\) \S/, tier: TIER.named, needs: [': (w', ': (e'] },
  // SBCL: `; caught ERROR:` / `; caught WARNING:` with the message on the next line (`;   undefined function: X`)
  { re: /^; caught (?:ERROR|WARNING|STYLE-WARNING):$/, tier: TIER.named, attach: 'next-line', needs: ['; caught '] },
  // SBCL: Unhandled UIOP/LISP-BUILD:COMPILE-FILE-ERROR in thread #<…>: (the condition's text on the next line)
  { re: /^Unhandled [\w/:.-]+ in thread\b.*:$/, tier: TIER.exception, attach: 'next-line', needs: ['unhandled '] },
  // MATLAB: `Error using pidTune (line 24)` with the message on the next line (`Error in f (line 17)` is a frame)
  { re: /^Error using \S+(?: \(line \d+\))?$/, tier: TIER.named, attach: 'next-line', needs: ['error using '] },
  // matlab.unittest: Verification failed in TestCtrl/testStep. · Error occurred in TestCtrl/testStep and it did not run to completion.
  {
    re: /^(?:(?:Verification|Assertion|Fatal assertion|Assumption) failed|Error occurred) in [\w.]+\/\w+/,
    tier: TIER.named,
    test: true,
    needs: ['failed in ', 'error occurred in '],
  },
  // its Failure Summary rows: TestCtrl/testStep   X   Failed by verification.
  {
    re: /^[\w.]+\/\w+\s+X\s.*\b(?:Failed|Errored) by \w+/,
    tier: TIER.named,
    test: true,
    needs: ['failed by ', 'errored by '],
  },
  // rspec's rerun list: rspec ./spec/models/pool_spec.rb:98 # Pool#total rounds half up
  { re: /^rspec \.?\/?[\w./-]+:\d+ # \S/, tier: TIER.named, test: true, needs: ['rspec '] },
  // sanitizers: the crash site is frame #0, and the SUMMARY line names it (... src/index.c:305 in flush_all)
  { re: /^SUMMARY: \w+Sanitizer: .+ in \S+$/, tier: TIER.named, needs: ['sanitizer: '] },
  { re: /^#0 0x[0-9a-f]+ in \S+/, tier: TIER.detail, needs: ['#0 0x'] },
  // GROMACS's numbered input errors, the message below (`ERROR 1 [file ligand.itp, line 57]:` / `  Atomtype X not found`)
  { re: /^ERROR \d+ \[file [^\],]+, line \d+\]:$/, tier: TIER.named, attach: 'next-line', needs: ['error '] },
  // OpenFOAM's fatal errors, the message below (`--> FOAM FATAL IO ERROR: (openfoam-2312)` / `Entry 'x' not found …`)
  { re: /^--> FOAM FATAL (?:IO )?ERROR\b/, tier: TIER.named, attach: 'next-line', needs: ['foam fatal'] },
  // OpenModelica's compiler messages, maybe inside the string omc prints (`"[m/C.mo:62:3-62:52:writable] Error: …`)
  {
    re: /^"?\[[^\]\n]+\.mo:\d+:\d+-\d+:\d+:(?:writable|readonly)\] (?:Error|Warning): \S/,
    tier: TIER.named,
    needs: ['.mo:'],
  },
  // Guile's (LilyPond's Scheme) unbound names, under the excerpt of the expression (`Unbound variable: x`)
  { re: /^Unbound variable: \S/, tier: TIER.named, needs: ['unbound '] },
  // a `Fatal error:` heading alone on its line, the message below it (GROMACS: `Fatal error:` / `No such moleculetype X`)
  { re: /^Fatal error:$/, tier: TIER.named, attach: 'next-line', needs: ['fatal error:'] },
  // OpenModelica's simulation runtime: an assertion that stopped it (`assert | debug | x: tank temperature above 368.15 K`)
  { re: /^assert\s*\|\s*(?:debug|error|warning)\s*\|\s*\S/, tier: TIER.named, needs: ['assert'] },
  // valgrind's and CUDA compute-sanitizer's memcheck: the access, then the frame it happened in
  // (`Invalid __global__ read of size 4 bytes` / `at kernel(float *, int)+0x9a8 in src/boundary.cu:128`)
  {
    re: /^Invalid (?:__(?:global|shared|local)__ )?(?:read|write) of size \d+/,
    tier: TIER.named,
    attach: 'frame',
    needs: ['invalid '],
  },
  // flyway: Migration V69__add_index.sql failed
  { re: /^Migration \S+ failed$/, tier: TIER.named, needs: ['migration '] },
  // docker compose: dependency failed to start: container db-1 is unhealthy
  {
    re: /^dependency failed to start: container \S+ (?:is unhealthy|exited)/,
    tier: TIER.named,
    needs: ['dependency failed'],
  },
  {
    re: /^\d+\) (?:\\?[A-Za-z_]\w*\\)*[A-Za-z_]\w*::\w+/,
    tier: TIER.named,
    attach: 'frame',
    test: true,
    needs: [') '],
  }, // phpunit: 1) Ns\FooTest::testBar
  {
    re: /^\d+\) (?:test|doctest|property) .+ \((?:[A-Z]\w*\.)*[A-Z]\w*\)$/,
    tier: TIER.named,
    attach: 'frame',
    test: true,
    needs: [') test ', ') doctest ', ') property '],
  }, // ExUnit: 1) test name (Mod.Test)
  {
    re: /^(?:[A-Z]\w*::)*[A-Z]\w*#test_\w*[?!]?(?: \[[^\]]+:\d+\])?:$/,
    tier: TIER.named,
    test: true,
    needs: ['#test_'],
  }, // minitest: CartTest#test_x [test/cart_test.rb:14]:
  { re: /^FAILED\s+\S+ > \S/, tier: TIER.named, attach: 'frame', test: true, needs: ['failed '] }, // pest: FAILED  Tests\Feature\XTest > it does y
  { re: /^FAIL\s+(?:[A-Z]\w*\\)+[A-Z]\w*$/, tier: TIER.named, needs: ['fail'] }, // pest: FAIL  Tests\Feature\XTest
  { re: /^\(fail\) \S/, tier: TIER.named, test: true, needs: ['(fail)'] }, // bun: (fail) suite > name [1.2ms]
  {
    re: /^\d+\) \[[^\]]+\] \u203a \S/,
    tier: TIER.named,
    attach: 'frame',
    test: true,
    needs: [') ['],
  }, // playwright: 1) [chromium] › tests/x.spec.ts:12:5 › suite › name ───
  { re: /^\d\d:\d\d \+\d+(?: ~\d+)? -\d+: .* \[E\]$/, tier: TIER.named, test: true, needs: ['[e]'] }, // dart test
  { re: /^- Root composer\.json requires \S/, tier: TIER.named, needs: ['root composer.json requires'] }, // composer
  { re: /^Could not find gem '[^']+'/, tier: TIER.named, needs: ['could not find gem'] }, // bundler
  { re: /^go: \S+@\S+: \S/, tier: TIER.named, needs: ['go: '] }, // go modules: go: x@v9: reading ...: 404 Not Found
  {
    re: /^[\u00d7\u2715\u2717\u2718] \S.* \[[\d.]+m?s\]$/,
    tier: TIER.named,
    test: true,
    needs: ['\u00d7', '\u2715', '\u2717', '\u2718'],
  }, // bun: ✗ suite > name [1.85ms]
  { re: /^\S.* \.\.\. FAILED(?: \([\d.]+m?s\))?$/, tier: TIER.named, test: true, needs: ['... failed'] }, // deno: name ... FAILED (3ms)
  { re: /^Test Case '[^']+' failed\b/, tier: TIER.named, test: true, needs: ["test case '"] }, // XCTest
  {
    re: /^\u2718 Test (?!run with )\S.*? (?:recorded an issue|failed after)\b/,
    tier: TIER.named,
    test: true,
    needs: ['\u2718 test '],
  }, // swift-testing: ✘ Test name() recorded an issue at X.swift:19:5
  { re: /^(?:\[info\]\s+)?- \S.* \*\*\* FAILED \*\*\*$/, tier: TIER.named, test: true, needs: ['*** failed ***'] }, // ScalaTest
  { re: /^==> X \S/, tier: TIER.named, test: true, needs: ['==> x '] }, // munit
  {
    re: /^e: (?:file:\/\/)?\S+\.kts?(?::\d+:\d+|: \(\d+, \d+\)):? \S/,
    tier: TIER.named,
    needs: ['e: '],
  }, // kotlinc: e: file:///x/Cart.kt:27:16 Unresolved reference · e: /x/Cart.kt: (12, 5): ...
  {
    // ruff, flake8, pylint: path:12:5: F401 [*] `os` imported but unused · path:57:8: E1101: Instance of ...
    re: /^(?!\d)\S+?:\d+:\d+: [A-Z]{1,4}\d{2,4}:? \S/,
    tier: TIER.named,
    needs: [': '],
  },
  { re: /^\d+:\d+\s+\u2716\s+\S/, tier: TIER.named, attach: 'path-header', needs: ['\u2716'] }, // stylelint
  {
    re: /^ERROR: (?:Could not find a version that satisfies the requirement|No matching distribution found for) \S/,
    tier: TIER.named,
    needs: ['could not find a version', 'no matching distribution'],
  }, // pip
  { re: /^Could not find a (?:matching )?version of package \S/, tier: TIER.named, needs: ['could not find a'] }, // poetry
  { re: /^Because .+ version solving failed\.?$/, tier: TIER.named, needs: ['version solving failed'] }, // poetry
  { re: /^\u2570\u2500\u25b6 \S/, tier: TIER.named, needs: ['\u2570\u2500\u25b6'] }, // uv: ╰─▶ Because there is no version of x==1 ...
  {
    re: /^\u27a4 YN\d{4}: (?:\u2502 )?\S+@\S+: .*(?:[Nn]o candidates found|not found|[Ee]rror|[Ff]ailed)/,
    tier: TIER.named,
    needs: ['\u27a4 yn'],
  }, // yarn berry: ➤ YN0082: │ pkg@npm:9.9.9: No candidates found
  {
    re: /^CMake Error(?: at \S+:\d+ \(\w+\))?:/,
    tier: TIER.named,
    attach: 'next-line',
    needs: ['cmake error'],
  }, // CMake Error at CMakeLists.txt:14 (find_package):
  { re: /^-- (?:\[E\d+\] )?[\w ]*Error: \S+:\d+/, tier: TIER.named, needs: ['error: '] }, // scala 3: -- [E006] Not Found Error: X.scala:12:4
  { re: /^\|\s+Not found: \S/, tier: TIER.named, needs: ['not found: '] }, // scala 3
  { re: /^(?:FAILED|ERROR)\s+[\w./\\@-]+::\S/, tier: TIER.named, test: true, needs: ['failed', 'error'] }, // pytest
  { re: /^(?:FAILED|ERROR)\s+[\w./\\@-]+\.py\b/, tier: TIER.named, needs: ['failed', 'error'] }, // pytest: a module that failed to collect
  {
    re: /^[^\s:]*::\S* (?:FAILED|ERROR)(?: +\[ *\d+%\])?$/,
    tier: TIER.named,
    test: true,
    needs: [' failed', ' error'],
  }, // pytest -v: path::name FAILED [ 50%]
  { re: /^(?:FAIL|ERROR): \S+ \(/, tier: TIER.named, test: true, needs: ['fail:', 'error:'] }, // unittest
  { re: /^--- FAIL: \S+/, tier: TIER.named, test: true, needs: ['--- fail:'] }, // go test
  { re: /^test \S+ \.\.\. FAILED$/, tier: TIER.named, test: true, needs: ['... failed'] }, // cargo test
  { re: /^\u25cf\s+Test suite failed to run/, tier: TIER.named, attach: 'frame', needs: ['\u25cf'] }, // jest
  { re: /^\u25cf\s+\S.*\u203a/, tier: TIER.named, attach: 'frame', test: true, needs: ['\u25cf'] }, // jest: ● suite › test
  {
    // jest: ● test (no describe block); ● Console and ● Deprecation/Validation Warning are not failures
    re: /^\u25cf\s+(?!Console$|\w+ Warning:?$)\S/,
    tier: TIER.named,
    attach: 'frame',
    test: true,
    when: inTestReport,
    needs: ['\u25cf'],
  },
  {
    re: /^(?:FAIL|\u00d7|\u2715|\u2717|\u2718|\u274c)\s+\S+\.(?:test|spec)\.\w+\s+>\s+\S/,
    tier: TIER.named,
    test: true,
    needs: ['fail', '\u00d7', '\u2715', '\u2717', '\u2718', '\u274c'],
  }, // vitest: FAIL file > suite > test
  {
    re: /^(?:FAIL|\u00d7|\u2715|\u2717|\u2718|\u274c)\s+\S+\.(?:test|spec)\.\w+/,
    tier: TIER.named,
    needs: ['fail', '\u00d7', '\u2715', '\u2717', '\u2718', '\u274c'],
  }, // jest/vitest: FAIL file
  { re: /^FAIL\s+\S+\.\w+\s+>\s+\S/, tier: TIER.named, test: true, needs: ['fail'] }, // vitest: FAIL file > suite > test
  { re: /^FAIL\s+\S+\.\w+(?:\s|$)/, tier: TIER.named, needs: ['fail'] }, // jest/vitest: FAIL file
  // a unit-test library's verdict on one case, its file then the case (Chapel's UnitTest: FAIL TestX.chpl: name())
  { re: /^FAIL\s+\S+\.\w+:\s+\S/, tier: TIER.named, test: true, needs: ['fail'] },
  { re: /^\S.*\s>\s.*\sFAILED$/, tier: TIER.named, test: true, needs: ['failed'] }, // gradle: FooTest > testBar() FAILED
  { re: /<<< (?:FAILURE|ERROR)!/, tier: TIER.named, test: true, needs: ['<<<'] }, // maven surefire
  { re: /^\d+:\d+\s+error\s+\S/, tier: TIER.named, attach: 'path-header', needs: ['error'] }, // eslint stylish
  { re: /\berror(?:\[[A-Z]+\d+\]|\s+[A-Z]{1,4}\d{2,5}\b)/, tier: TIER.named, attach: 'rust-arrow', needs: ['error'] }, // rustc, tsc, C#
  {
    // gcc/clang/tsc/javac/mypy/maven: file:line[:col]: error ..., file(line,col): error ..., file:[l,c] error;
    // a location that is a range: GNU's `file:12.5-14.2:`, `file:12:5-9:`, matiec's `file.st:83-7..83-14:`
    re: /^(?!\d)\S+?(?::\d+(?:(?::|\.\.?|-)\d+){0,3}|\(\d+(?:, ?\d+){0,3}\)|:\[\d+,\d+\])(?::|\s-)?\s?(?:fatal )?error\b/i,
    tier: TIER.named,
    // GHC: `X.hs:27:15: error: [GHC-88464]` and the message on the next line
    attach: 'next-line',
    needs: ['error'],
  },
  {
    // a design checker's report entry whose severity below is an error: KiCad's DRC and ERC
    // (`[unconnected_items]: Missing connection between items` / `    ; error` / `    @(…): Pad 2 [/SENSE] of R7 on F.Cu`)
    re: REPORT_ENTRY,
    tier: TIER.named,
    when: (indent, _, near) => indent === 0 && near.severityBelow() === 'error',
    attach: 'item-line',
    needs: [']: '],
  },
  // (one whose severity is a warning, of a run that failed or a report with errors, ranks below them:
  // `[lib_symbol_issues]: … does not include the symbol library 'x'`; a report of warnings alone shows no failure)
  {
    re: REPORT_ENTRY,
    tier: TIER.detail,
    when: (indent, ctx, near) =>
      indent === 0 && (ctx.failed || ctx.reportErrors === true) && near.severityBelow() === 'warning',
    attach: 'item-line',
    needs: [']: '],
  },
  // TLC (TLA+): an evaluation error, the function and the argument outside its domain on lines of their own
  // (`: Attempted to apply function:` / `[term |-> 2]` / `to argument "leaseUntil", which is not in the domain of the function.`)
  {
    re: /^:? ?Attempted to (?:apply|check|compare|enumerate|compute|construct)\b/,
    tier: TIER.named,
    needs: ['attempted to '],
  },
  {
    re: /^to argument .+, which is not in the domain of the function\.$/,
    tier: TIER.named,
    needs: ['not in the domain'],
  },
  {
    // Stan's compiler: the location, the excerpt between rules, then what is wrong
    // (`Semantic error in 'm.stan', line 59, column 40 to column 52:` … `Identifier 'x' not in scope.`)
    re: /^(?:Semantic|Syntax) error in '[^']+', line \d+, column \d+(?: to (?:line \d+, )?column \d+)?:$/,
    tier: TIER.named,
    attach: 'explanation',
    needs: ['error in '],
  },
  {
    // a program's error at a location, its message below the code it points at (megaparsec's layout):
    // hledger's `hledger: Error: /books/2025.journal:1197:` (./evidence.ts `explanation`)
    re: /^[\w.+-]+: (?:Error|ERROR): (?:[A-Za-z]:)?[^\s:]+:\d+(?::\d+)?(?:-\d+)?:$/,
    tier: TIER.named,
    attach: 'next-line',
    needs: ['error: '],
  },
  { re: /^\S+\.\w+:\[\d+,\d+\]\s+\S/, tier: TIER.named, needs: [':['] }, // maven: File.java:[12,5] cannot find symbol
  { re: /^\.{0,2}\/?[\w./@-]*\.go:\d+:\d+: \S/, tier: TIER.named, needs: ['.go:'] }, // go build / vet
  { re: /^\S+: line \d+: \S/, tier: TIER.named, needs: [': line '] }, // sh: ./run.sh: line 3: foo: command not found
  { re: /^Execution failed for task '[^']+'/, tier: TIER.named, needs: ['execution failed'] }, // gradle
  {
    re: /^\d+\) \S/,
    tier: TIER.named,
    attach: 'frame',
    test: true,
    when: (indent, ctx) => indent > 0 && ctx.numberedFailures,
    needs: [') '],
  }, // mocha, rspec
  { re: /^\S+_test\.go:\d+: \S/, tier: TIER.named, when: (_, __, near) => near.goTestFailed(), needs: ['_test.go:'] }, // go test: t.Errorf
  // rspec: rspec ./spec/x_spec.rb:12 # description · crystal spec spec/x_spec.cr:133 # description
  { re: /^(?:rspec|crystal spec) \S+:\d+ # \S/, tier: TIER.named, test: true, needs: ['rspec ', 'crystal spec '] },
  {
    // dotnet test (vstest): Failed Ns.Class.Method [12 ms] · Failed Rounds half even [< 1 ms] (xunit display names)
    re: /^Failed \S[^[\]]* \[(?:< ?)?[\d.,]+ ?m?s\]$/,
    tier: TIER.named,
    test: true,
    needs: ['failed '],
  },
  {
    // TAP (node --test, tape, prove): not ok 3 - name; `# TODO` and `# SKIP` ones are not failures
    re: /^not ok \d+\b/,
    tier: TIER.named,
    test: true,
    when: (_, __, near) => !near.tapDirective(),
    needs: ['not ok '],
  },
  // TAP's diagnostic under it (Test::More, Raku's Test, node-tap): `#   Failed test 'name'` (then `#   at t/x.t line 14.`)
  {
    re: /^#\s*Failed (?:\(TODO\) )?test\b/,
    tier: TIER.detail,
    test: true,
    when: (_, __, near) => !near.tapDirective(),
    needs: ['failed '],
  },

  // a runner's bracketed verdict: Nim's unittest `[FAILED] name`, GoogleTest's `[  FAILED  ] Suite.Name (3 ms)`
  {
    re: /^\[ *FAIL(?:ED)? *\] +(?![1-9]\d* tests?\b)\S/,
    tier: TIER.named,
    test: true,
    needs: ['[fail', '[ fail', '[  fail'],
  },
  // cargo-nextest: `FAIL [   0.012s] ledger-core reconcile::tests::name` (the binary, then the test; a crash's
  // signal or a timeout in its place, a retry's `TRY 2 FAIL`)
  {
    re: /^(?:TRY \d+ )?(?:FAIL|LEAK-FAIL|TIMEOUT|ABORT|SIG[A-Z]{3,6}) +\[ *[\d.]+m?s\] +\S/,
    tier: TIER.named,
    test: true,
    needs: ['fail [', 'timeout [', 'abort [', 'sig'],
  },
  // Playwright's web-first assertion: `Error: Timed out 5000ms waiting for expect(locator).toBeVisible()`, the
  // locator it waited for on a line below (`Locator: getByRole('heading', { name: 'Pay' })`)
  {
    re: /^Error: (?:Timed out \d+ms waiting for )?expect\((?:locator|page)\)\.\w+/,
    tier: TIER.exception,
    attach: 'locator-line',
    needs: ['expect('],
  },
  // Unity (C): `test/test_vent/test_main.cpp:109:test_gazotuk:FAIL: Expected 7 Was 6`
  { re: /^(?!\d)\S+?:\d+:\w+:FAIL\b/, tier: TIER.named, test: true, needs: [':fail'] },
  // TcUnit (PLC): `FAILED TEST 'PRG_TEST.fbCapper_Test@WhenOpen', EXP: FALSE, ACT: TRUE, MSG: …` (`| ` before it in a log)
  { re: /^(?:\|\s*)?FAILED TEST '[^']+'/, tier: TIER.named, test: true, needs: ['failed test '] },
  // GoogleTest's assertion site: `tests/ring_buffer_test.cc:57: Failure` (MSVC: `x.cc(57): error: …`)
  { re: /^(?!\d)\S+?(?::\d+|\(\d+\)): Failure$/, tier: TIER.detail, needs: [': failure'] },
  // a problem report titled in capitals over a rule, its explanation below (Elm's `-- TYPE MISMATCH ---- src/X.elm`)
  { re: PROBLEM_TITLE, tier: TIER.named, attach: 'explanation', needs: ['-- '] },
  // a diagnostic's location drawn as a box (`┌─ src/app/berth.gleam:122:15`): what is wrong is the prose after the excerpt
  { re: /^\u250c\u2500 \S+:\d+:\d+$/, tier: TIER.detail, attach: 'explanation', needs: ['\u250c\u2500'] },
  // an assertion a runner or a logging library reports (`Check failed: replay(log).len == 5`, glog's `CHECK failed`)
  { re: /\bCheck failed: \S/i, tier: TIER.detail, needs: ['check failed: '] },

  // exceptions and runtime failures
  // a runtime's uncaught error: OCaml's `Fatal error: exception Failure("…")`, Intel Fortran's `forrtl: severe (408): …`
  { re: /^Fatal error: exception \S/, tier: TIER.exception, needs: ['fatal error: exception'] },
  { re: /^forrtl: (?:severe|error) \(\d+\): \S/, tier: TIER.exception, needs: ['forrtl: '] },
  // a logger's line at an error level, with its thread or logger (`ERROR (MainThread) [homeassistant.config] …`,
  // log4j's `ERROR [main] c.a.Billing - …`), its timestamp already taken off
  {
    re: /^(?:ERROR|CRITICAL|FATAL|SEVERE)\s+(?:\([\w.-]{1,40}\)\s+)?\[[\w.:/-]{1,100}\]\s+\S/,
    tier: TIER.exception,
    needs: ['error', 'critical', 'fatal', 'severe'],
  },
  // an embedded runtime's log line at the error level: Arduino-ESP32's `[  7453][E][mqtt_link.cpp:60] reconnect(): …`,
  // ESP-IDF's `E (1234) wifi: …`
  { re: /^(?:\[\s*\d+\])?\[E\]\[[\w.-]+:\d+\] \S/, tier: TIER.exception, needs: ['[e]['] },
  { re: /^E \(\d+\) [\w.-]{1,40}: \S/, tier: TIER.exception, needs: ['e ('] },
  // a watchdog that tripped: a task over its cycle, a task watchdog triggered, a soft lockup
  {
    re: /\bwatchdog\b.*\b(?:exceeded|expired|triggered|timeout|timed out|overrun|lockup)\b/i,
    tier: TIER.exception,
    needs: ['watchdog'],
  },
  // Foundry: `[FAIL. Reason: revert: cap exceeded] test_Deposit() (gas: 6559)`, `[FAIL: …]`
  { re: /^\[FAIL(?:\.|:|\])/, tier: TIER.named, test: true, needs: ['[fail'] },
  // solc: `Error (9582): Member "x" not found …`, `TypeError (7407): …`
  { re: /^(?:[A-Z]\w*)?Error \(\d{4}\): \S/, tier: TIER.named, needs: ['error ('] },
  // Pester: `[-] Set-Quota enforces the hard limit 808ms (375ms|73ms)`
  { re: /^\[-\] \S/, tier: TIER.named, test: true, when: atColumn0, needs: ['[-] '] },
  // IBM Enterprise COBOL: `IGYPS2121-S   "WS-X" was not defined as a data-name.` (severities E, S, U)
  { re: /^(?:==\d+==> )?IGY[A-Z]{2}\d{4}-[ESU]\s/, tier: TIER.named, needs: ['igy'] },
  // z/OS: a step's abnormal end (`IEF450I JOB STEP020 - ABEND=S0C7 U0000`), DB2's `SQLCODE = -811`
  { re: /\bABEND[= ](?:S[0-9A-F]{3}|U\d{4})\b/, tier: TIER.exception, needs: ['abend'] },
  { re: /\bSQLCODE\s?=?\s?-\d+/, tier: TIER.exception, needs: ['sqlcode'] },
  // TeX: `! LaTeX Error: File `x.sty' not found.`, `! Undefined control sequence.`; git's `! [rejected]`
  { re: /^! \S/, tier: TIER.exception, when: atColumn0, needs: ['! '] },
  // a version solver's explanation (dart pub, uv, poetry): `Because app depends on x ^1.0 and …`
  { re: /^(?:And b|B)ecause \S.*\b(?:depends on|requires)\b/, tier: TIER.exception, needs: ['because '] },
  // the AWS CLI: `An error occurred (ResourceNotFoundException) when calling the GetFunction operation: …`
  {
    re: /^An error occurred \(\w+\) when calling the \w+ operation\b/,
    tier: TIER.exception,
    needs: ['an error occurred ('],
  },
  // Perl's `die`: `Undefined subroutine &X::f called at lib/X.pm line 115.`, `Died at t/x.t line 3.`
  { re: /^\S.* at \S+\.(?:pm|pl|t) line \d+\.?$/, tier: TIER.exception, when: atColumn0, needs: ['line '] },
  {
    // ValueError: x · java.lang.IllegalStateException: x · AssertionError [ERR_ASSERTION]: x · KeyboardInterrupt
    re: /^(?:Uncaught\s+)?(?:[A-Za-z_$][\w$]*(?:\.|::))*(?:[A-Z][\w$]*)?(?:Error|Exception|Failure|Fault|Panic|Interrupt)(?:\s*\[[\w-]+\])?(?::\s|:$|$| at \S+:\d+$)/,
    tier: TIER.exception,
    attach: 'frame',
    // indented ones (jest, mocha, gradle, but also docstrings) only where a failure is known
    when: (indent, ctx, near) =>
      indent === 0 || ((ctx.failed || ctx.testFailure || near.frameAfter()) && !near.loggedByConsole()),
    needs: ['error', 'exception', 'failure', 'fault', 'panic', 'interrupt'],
  },
  // an exception a harness reports under its own label (`Execution error: ReferenceError: n is not defined`,
  // `Runtime exception: Error: No block by the name x`): the label says where, the exception what
  {
    re: /^[A-Z][a-z]+(?: [a-z]+){0,2} (?:error|exception)s?: (?:Uncaught\s+)?(?:[A-Za-z_$][\w$]*\.)*(?:[A-Z][\w$]*)?(?:Error|Exception)(?:\s*\[[\w-]+\])?(?::\s|:$|$)/,
    tier: TIER.exception,
    attach: 'frame',
    when: atColumn0,
    needs: ['error: ', 'exception: '],
  },
  // ClickHouse: `Code: 60. DB::Exception: Unknown table expression identifier 'x' … (UNKNOWN_TABLE)`
  { re: /^Code: \d+\. (?:\w+::)*\w*Exception: \S/, tier: TIER.exception, needs: ['exception: '] },
  { re: /^panic: /, tier: TIER.exception, attach: 'go-frame', when: atColumn0, needs: ['panic: '] }, // go
  // ROOT: `Error in <TFile::TFile>: file data/run_42.root does not exist`, and its crash banner
  { re: /^(?:Error|Fatal|SysError) in <[^<>\n]{1,80}>: \S/, tier: TIER.exception, needs: ['error in <', 'fatal in <'] },
  {
    re: /^\*\*\* Break \*\*\* (?:segmentation violation|bus error|floating point exception|illegal instruction|abort)/,
    tier: TIER.exception,
    needs: ['*** break ***'],
  },
  // avrdude (Arduino, AVR): `avrdude: stk500v2_ReceiveMessage(): timeout`, `avrdude: ser_open(): can't open device …`
  {
    re: /^avrdude(?:\.exe)?: (?:[\w.]+\(\): )?.*\b(?:timeout|timed out|not responding|not in sync|can't|cannot|failed|error|mismatch)\b/i,
    tier: TIER.exception,
    needs: ['avrdude'],
  },
  // FreeBSD ports and BSD make: `=> SHA256 Checksum mismatch for x.zip.`, `*** Error code 1`, `make: stopped in /usr/ports/x`
  { re: /^=> \w+ Checksum mismatch for \S/, tier: TIER.exception, needs: ['checksum mismatch'] },
  { re: /^\*\*\* Error code \d+$/, tier: TIER.generic, needs: ['error code'] },
  // Quantum ESPRESSO's error box: `Error in routine card_atomic_positions (1):`, the message on the next line
  { re: /^Error in routine [\w.]+ \(-?\d+\):$/, tier: TIER.named, attach: 'next-line', needs: ['error in routine'] },
  // R: `Error in f(x) : message` (the message on the next line when the call is long), `Execution halted`
  { re: /^Error in \S.* : ?(?:\S.*)?$/, tier: TIER.exception, attach: 'next-line', needs: ['error in '] },
  { re: /^Execution halted$/, tier: TIER.generic, needs: ['execution halted'] },
  // Nextflow: the process that failed, and why (`Process X (sample) terminated with an error exit status (137)`)
  { re: /^ERROR ~ Error executing process > '[^']+'/, tier: TIER.named, needs: ['error executing process'] },
  {
    re: /^Process .+ terminated with an error exit status \(\d+\)/,
    tier: TIER.exception,
    needs: ['terminated with an error exit status'],
  },
  // Snakemake: `Error in rule align:` then the rule's jobid, input, output, log, shell; an exception it
  // raises while it builds the DAG names the rule and the file (`MissingInputException in rule trim in
  // file workflow/Snakefile, line 12:`, `WildcardError in file …, line 3:`), why on the lines below
  { re: /^Error in rule [\w-]+:$/, tier: TIER.named, needs: ['error in rule'] },
  {
    re: /^[A-Z]\w*(?:Error|Exception) in (?:rule [\w-]+ in )?file \S.*, line \d+:$/,
    tier: TIER.named,
    attach: 'next-line',
    needs: [' in file '],
  },
  // Stata: a command that fails prints what is wrong, then its return code (`variable ea not found` /
  // `r(111);`, `4 contradictions in 4650 observations` / `assertion is false` / `r(9);`)
  { re: RETURN_CODE, tier: TIER.exception, attach: 'message-above', needs: ['r('] },
  // q (kdb+): an error is signalled as its name after a quote (`'length`, `'.vw.vwap`, `'tplog/x. OS
  // reports: No such file or directory`), the frames of its backtrace below (`  [2]  src/tick.q:31: …`)
  {
    re: /^'[^\s'][^'\n]{0,200}$/,
    tier: TIER.exception,
    attach: 'frame',
    when: (indent, _, near) => indent === 0 && near.frameAfter(),
    needs: ["'"],
  },
  // Ballerina: `ERROR [payments.bal:(22:28,22:38)] undefined function 'fee'`; `bal test`'s `[fail] testPayout:`
  { re: /^ERROR \[[^\]\n]+:\(\d+:\d+,\d+:\d+\)\] \S/, tier: TIER.named, needs: ['error ['] },
  { re: /^\[fail\] [\w.$-]+:?$/, tier: TIER.named, test: true, needs: ['[fail] '] },
  { re: /^\*\* \((?:[A-Z]\w*\.)*[A-Z]\w*\) \S/, tier: TIER.exception, needs: ['** ('] }, // elixir: ** (CompileError) lib/x.ex:4: ...
  // an image that could not be pulled (Kubernetes events, Nomad's driver, Docker): the image and why
  { re: /\b[Ff]ailed to pull image\b.{0,300}?: \S/, tier: TIER.exception, needs: ['failed to pull image'] },
  // Erlang/OTP: a supervisor report's `errorContext: start_error` with its `reason: {undef,[{m,f,a,[]}]}`
  // below, and a crash report's or the shell's `exception error: undefined function m:f/0`
  { re: /^errorContext: \w+$/, tier: TIER.exception, attach: 'reason-line', needs: ['errorcontext: '] },
  {
    re: /^(?:\*\* )?exception (?:error|exit|throw): \S/,
    tier: TIER.exception,
    needs: ['exception error: ', 'exception exit: ', 'exception throw: '],
  },
  // Common Test (rebar3's readable hook): `%%% ledger_SUITE ==> replay: FAILED`, then the reason
  // `%%% ledger_SUITE ==> {{badmatch,{error,locked}},`; an Erlang error term wherever it is printed
  { re: /^(?:%%% )?\S+ ==> \S+: FAILED$/, tier: TIER.named, test: true, needs: [' ==> '] },
  {
    re: /(?:^|[\s>,])\{{1,2}(?:badmatch|case_clause|function_clause|if_clause|try_clause|badarg|badarith|badfun|badarity|undef|noproc|nocatch),/,
    tier: TIER.exception,
    needs: ['badmatch', '_clause', 'badar', 'badfun', 'undef', 'noproc', 'nocatch'],
  },
  // PHP: `PHP Fatal error:  Uncaught Error: Call to undefined function f() in /x.php:106` (a log's,
  // the CLI's stderr), `Fatal error: Uncaught …` and `Parse error: …` as a page prints them
  {
    re: /(?:^|\] |^PHP )(?:PHP )?(?:Fatal|Parse|Catchable fatal) error: +\S/,
    tier: TIER.exception,
    needs: ['fatal error: ', 'parse error: '],
  },
  // an assertion a unit runner reports under the test's name (ABAP Unit's `Critical Assertion Error: …`)
  {
    re: /^(?:\w+ )?Assertion (?:Error|Failed|Failure)\b/i,
    tier: TIER.detail,
    attach: 'name-header',
    needs: ['assertion error', 'assertion failed', 'assertion failure'],
  },
  // Elixir/OTP: a process that crashed (`[error] GenServer MyApp.Cart terminating`, then its `** (Reason)`)
  { re: /^(?:\[error\] )?GenServer .{1,200} terminating$/, tier: TIER.exception, needs: ['genserver'] },
  // a tool's own log level in brackets (sqlmap's `[CRITICAL] unable to connect …`, `[FATAL] …`; swift-log's, as
  // Vapor prints it, padded: `[ ERROR ] PSQLError(… message: relation "x" does not exist …)`)
  { re: /^\[(?:CRITICAL|FATAL)\] \S/, tier: TIER.exception, needs: ['[critical] ', '[fatal] '] },
  { re: /^\[ (?:ERROR|CRITICAL) \] \S/, tier: TIER.exception, needs: ['[ error ] ', '[ critical ] '] },
  { re: /^Error from server(?: \(\w+\))?: \S/, tier: TIER.exception, needs: ['error from server'] }, // kubectl
  { re: /^The \w+ "[^"]+" is invalid: \S/, tier: TIER.exception, needs: [' is invalid: '] }, // kubectl apply
  { re: /(?:^|: )(?:ERROR|FATAL|PANIC): {2}\S/, tier: TIER.exception, needs: ['error:  ', 'fatal:  ', 'panic:  '] }, // postgres: ERROR:  relation "x" does not exist
  { re: /^pq: \S/, tier: TIER.exception, needs: ['pq: '] }, // go lib/pq
  { re: /^\u00d7 No solution found\b/, tier: TIER.exception, needs: ['no solution found'] }, // uv
  {
    re: /^(?:ld(?:\.lld|\.gold)?|ld64(?:\.lld)?|lld|mold): error: (?:undefined|duplicate) (?:symbol|reference)/,
    tier: TIER.exception,
    needs: ['error: '],
  }, // ld.lld: error: undefined symbol: f()
  {
    re: /^Undefined symbols for architecture \S+:$/,
    tier: TIER.exception,
    attach: 'next-line',
    needs: ['undefined symbols'],
  }, // ld64
  {
    re: /^\u27a4 YN\d{4}: .*(?:[Nn]o candidates found|not found|[Ee]rror|[Ff]ailed)/,
    tier: TIER.exception,
    needs: ['\u27a4 yn'],
  }, // yarn berry
  { re: /^fatal error: /, tier: TIER.exception, attach: 'go-frame', when: atColumn0, needs: ['fatal error: '] }, // go runtime, gcc
  { re: /^thread '[^']*'(?: \(\d+\))? panicked at /, tier: TIER.exception, attach: 'next-line', needs: ['panicked'] }, // rust
  {
    re: /^(?:Exception in thread |Caused by: \S)/,
    tier: TIER.exception,
    attach: 'frame',
    needs: ['exception in', 'caused by'],
  }, // java
  { re: /^Unhandled exception\. /, tier: TIER.exception, attach: 'frame', needs: ['unhandled exception'] }, // .NET
  { re: /^thrown: /, tier: TIER.exception, needs: ['thrown: '] }, // jest
  {
    re: /^\S+:\d+:in .*\((?:[A-Z]\w*::)*[A-Z]\w*(?:Error|Exception)\)$/,
    tier: TIER.exception,
    needs: ['error', 'exception'],
  }, // ruby
  { re: /^\S+:\d+: (?:[\w.]+\.)?\w*(?:Error|Exception)\b/, tier: TIER.exception, needs: ['error', 'exception'] }, // pytest: x.py:12: AssertionError
  { re: /undefined reference to [`']/, tier: TIER.exception, needs: ['undefined reference'] }, // ld
  { re: /^ld: .*(?:not found|undefined|error)/, tier: TIER.exception, needs: ['ld: '] }, // ld (macOS)
  {
    re: /^(?:Segmentation fault|Bus error|Aborted|Killed|Illegal instruction)(?: \(core dumped\))?$/,
    tier: TIER.exception,
    needs: ['fault', 'error', 'abort', 'killed', 'illegal'],
  },
  {
    // coreutils and shells: ls: cannot access 'x': No such file or directory · bash: foo: command not found
    re: /^[\w./+-]+(?:\[\d+\])?: (?:.*: )?(?:No such file or directory|command not found|Permission denied|not found)\b/,
    tier: TIER.exception,
    needs: ['no such file', 'not found', 'permission denied'],
  },
  { re: /^zsh: command not found: /, tier: TIER.exception, needs: ['command not found'] },
  { re: /^E: \S/, tier: TIER.exception, when: atColumn0, needs: ['e: '] }, // apt
  {
    // buildkit: the step that failed, after the tool's own error lines
    re: /^(?:ERROR: )?(?:failed to solve: )?(?:process "|executor failed running )/,
    tier: TIER.generic,
    needs: ['process "', 'executor failed'],
  },
  // a driver's line that only says its process exited non-zero (`ERROR: Minions returned with non-zero exit code`)
  {
    re: /^(?:ERROR|error): .*\b(?:non-zero exit|exit(?:ed)? (?:with )?(?:code|status):? [1-9])/,
    tier: TIER.generic,
    needs: ['non-zero exit', 'exit'],
  },
  // a Salesforce debug log's uncaught exception: `12:01:03.4 (90233)|FATAL_ERROR|System.DmlException: Update failed. …`
  {
    re: /\|(?:FATAL_ERROR|EXCEPTION_THROWN)\|(?:\[\d+\]\|)?\S/,
    tier: TIER.exception,
    needs: ['|fatal_error|', '|exception_thrown|'],
  },
  // Nix: a fixed-output hash mismatch, with the hash it got (the value the fix writes down)
  {
    re: /^error: hash mismatch in fixed-output derivation /,
    tier: TIER.exception,
    attach: 'got-line',
    when: atColumn0,
    needs: ['hash mismatch'],
  },
  // Nix: the error its evaluation trace ends with, indented under it
  {
    re: /^error: \S/,
    tier: TIER.exception,
    when: (indent, ctx) => indent > 0 && ctx.nixTrace === true,
    needs: ['error: '],
  },
  {
    re: /^(?:ERROR|error|fatal|FATAL): (?!could not compile)\S/,
    tier: TIER.exception,
    attach: 'frame', // rustc's errors without a code (`--> src/a.rs:3:5`), bun's `error: expect(...)` (`at x.test.ts:4:5`)
    when: atColumn0,
    needs: ['error: ', 'fatal: '],
  }, // pip, git, cargo
  { re: /^npm (?:ERR!|error) code \S/, tier: TIER.exception, needs: ['npm '] }, // npm
  { re: /^error (?!Command failed)\S/, tier: TIER.exception, when: atColumn0, needs: ['error '] }, // yarn
  { re: /\bERR_PNPM_\w+/, tier: TIER.exception, needs: ['err_pnpm'] }, // pnpm

  // details
  {
    re: /^E\s{2,}\S/,
    tier: TIER.detail,
    when: (indent, _, near) => indent === 0 && !near.continuesAbove('E '),
    needs: ['e  '],
  }, // pytest
  { re: /^_{3,} .+ _{3,}$/, tier: TIER.detail, test: true, needs: ['___'] }, // pytest: ___ test_name ___
  { re: /^---- \S+ stdout ----$/, tier: TIER.detail, test: true, needs: ['---- '] }, // cargo test
  {
    re: /^(?:\u00d7|\u2715|\u2717|\u2718|\u2716|\u2a2f)\s+(?!failing tests:$)\S/,
    tier: TIER.detail,
    test: true,
    when: inTestReport,
    needs: ['\u00d7', '\u2715', '\u2717', '\u2718', '\u2716', '\u2a2f'],
  }, // jest/vitest: × name (5 ms) · node --test: ✖ name (1.2ms) · pest: ⨯ name 0.05s
  { re: /^FAILED: \S/, tier: TIER.detail, needs: ['failed: '] }, // ninja: FAILED: obj/x.o
  // a bare verdict over what failed (promtool test's `  FAILED:` / `    alertname: PumpDown, time: 15m,`)
  { re: /^(?:FAILED|FAILURES?|Failed|Failures?):$/, tier: TIER.detail, attach: 'next-line', needs: ['fail'] },
  { re: /^\[signal SIG\w+/, tier: TIER.detail, needs: ['[signal'] }, // go
  { re: /^Failure\/Error: \S/, tier: TIER.detail, needs: ['failure/error'] }, // rspec
  { re: /^Failed asserting that \S/, tier: TIER.detail, needs: ['failed asserting'] }, // phpunit, pest

  // a checker's problem over the locations it was found at, indented one a line, in an output that
  // failed (CUE's `tanks.0.capacityL: conflicting values 17 and "17" (mismatched types int and string):`
  // over `    ./schema.cue:19:12`, `gateway.mqttHost: incomplete value string:`)
  {
    re: /^[\w$#[\]-]+(?:\.[\w$#[\]-]+)*: \S.*:$/,
    tier: TIER.named,
    when: (indent, ctx, near) => indent === 0 && ctx.failed && near.locationBelow(),
    needs: [':'],
  },
  // a compiler's diagnostic that names no severity, in an output that failed: a location first, then
  // what is wrong (Haxe's `src/ahia/PriceList.hx:20: characters 14-20 : Unknown identifier : qty`,
  // `lib/a.ml:12:5: unbound value x`); a warning, a note, a stack frame's `file:12: in f` or a test
  // that passed (Unity's `test_main.cpp:21:test_x:PASS`) is none
  {
    re: /^(?!\d)[\w./\\-]+\.\w{1,12}:\d+(?::\d+)?(?:: characters \d+-\d+)?\s?:\s?(?!in\s)(?=\S)(?!.*\b(?:warning|note|info|hint|deprecated|remark)\b)(?!.*[:\s](?:pass(?:ed)?|ok|ignored?|skip(?:ped)?)\s*$)/i,
    tier: TIER.detail,
    when: (indent, ctx) => indent === 0 && ctx.failed,
    needs: [':'],
  },

  // generic
  { re: /^[\w.+-]+(?:\[\d+\])?: (?:fatal )?error: /, tier: TIER.generic, needs: ['error: '] }, // collect2: error: ..., clang: error: ...
  { re: NPM_DETAIL, tier: TIER.generic, needs: ['npm '] },
  { re: /^error Command failed/, tier: TIER.generic, needs: ['error command failed'] }, // yarn
  { re: /^> (?:Task \S+ FAILED$|Compilation failed|Could not)/, tier: TIER.generic, needs: ['> '] }, // gradle
  // pre-commit: `hook-name....Failed`, `- hook id: x`, `- exit code: 1`, a blank line, then what the hook said
  { re: /^\S.{0,80}?\.{4,}\s*Failed$/, tier: TIER.generic, needs: ['failed'] },
  { re: /^- exit code: [1-9]\d*$/, tier: TIER.generic, attach: 'hook-output', needs: ['- exit code: '] },
  { re: /\bexit(?:ed)?(?: with)?(?: code| status)?:? [1-9]\d*\.?\)?$/i, tier: TIER.generic, needs: ['exit'] }, // exit code 1
  { re: /\bnon-zero exit (?:status|code)\b/i, tier: TIER.generic, needs: ['non-zero exit'] },
  { re: /^\[killed by SIG\w+\]$/, tier: TIER.generic, needs: ['[killed by'] }, // this project's run_command
  { re: /\bELIFECYCLE\b/, tier: TIER.generic, needs: ['elifecycle'] },
  { re: /^ninja: build stopped: /, tier: TIER.generic, needs: ['ninja: '] },
  { re: /^Your requirements could not be resolved\b/, tier: TIER.generic, needs: ['could not be resolved'] }, // composer
  { re: /^-- Configuring incomplete, errors occurred/, tier: TIER.generic, needs: ['configuring incomplete'] }, // cmake
  { re: /^\u00d7 \S.*\b(?:did not run successfully|error|failed)\b/i, tier: TIER.generic, needs: ['\u00d7'] }, // pip
];

/** Maven prefixes every failure line with `[ERROR]`; its own boilerplate lines carry nothing. */
const MAVEN_PREFIX = /^\[(?:ERROR|FATAL)\]\s*/;
/** sbt prefixes every line of a failure with `[error]`, the compiler's code excerpt and timings too. */
const SBT_PREFIX = /^\[error\]\s*/;
/** scalac after `[error]`: `/x/Cart.scala:27:5: not found: value applyCoupon`. */
const SBT_DIAGNOSTIC = /^(?!\d)\S+?\.\w+:\d+(?::\d+)?:? \S/;
const MAVEN_BOILERPLATE =
  /^(?:-> \[Help|To see the full|Re-run Maven|For more information|\[Help \d|(?:Failures|Errors|Tests in error|Failed tests):\s*$|$)/;
/** Maven surefire's failure list after `[ERROR]`: `FooTest.testBar:42 expected:<1> but was:<2>`. */
const MAVEN_TEST = /^[\w$.]+\.[\w$]+:\d+\s+\S/;

// --- summaries: counts of failures -------------------------------------------------------------
const SUMMARY_KEYWORDS: RegExp[] = [
  /^test result: FAILED\b/, // cargo
  /^FAILED \(/, // unittest
  /\b(?:BUILD|Build) FAIL(?:URE|ED)\b/, // maven, gradle, msbuild
  /^FAILURE: Build failed/, // gradle
  /^FAIL\s+\S+\s+(?:[\d.]+s|\[(?:build|setup) failed\])$/, // go: FAIL pkg 0.01s
  /^error: could not compile/, // cargo
  /^make(?:\[\d+\])?: \*\*\* .*\bError \d+/, // make
  /^(?:#|\u2139) fail +[1-9]\d*$/, // TAP, node --test: # fail 2
  /^[1-9]\d* fail$/, // bun
  /\*\*\* [1-9]\d* TESTS? FAILED \*\*\*/, // ScalaTest
  /^TEST RUN FAILED\b/, // elm-test
  /^Failed [1-9]\d* tests?\. Passed \d+ tests?\./, // Common Test
];
const FAILURE_COUNT = /\b[1-9]\d*\s+(?:tests?\s+)?(?:failed|failing|failures?|errors?|broken)\b/i;
const FAILURE_FIELD = /\b(?:failed|failures|errors)\s*[=:]\s*[1-9]\d*/i;
const OTHER_COUNT =
  /\b\d+\s+(?:passed|passing|ok|skipped|pending|total|warnings?|tests?|files?|generated|previous|succeeded|problems?|suites?|examples?|runs?|assertions?|skips?)\b|\b(?:Tests run|Skipped|Errors|Failures):\s*\d+/i;
const TIMING = /\bin\s+[\d.]+\s*m?s\b|\([\d.]+\s*m?s\)/;
const COUNT_FIRST =
  /^[^\w(]*(?:Tests?:?|Test Files|Test Suites:|Suites:|Found|FAILED|test result:)?\s*\(?[1-9]\d*\s+(?:tests?\s+)?(?:failed|failing|failures?|errors?)/i;

/** True when `s` reports a non-zero number of failures the way a runner's or compiler's summary does. */
export function isFailingSummary(s: string): boolean {
  if (!/fail|error|broken/i.test(s)) return false; // every summary shape names one of these
  if (SUMMARY_KEYWORDS.some((re) => re.test(s))) return true;
  if (!FAILURE_COUNT.test(s) && !FAILURE_FIELD.test(s)) return false;
  return OTHER_COUNT.test(s) || TIMING.test(s) || COUNT_FIRST.test(s);
}

/**
 * Classifies one line: `s` is the line without indentation, colour codes and log timestamps,
 * `indent` its leading whitespace. Undefined when the line shows no failure.
 */
export function classify(s: string, indent: number, ctx: OutputContext, near: Neighbors): Shape | undefined {
  const maven = MAVEN_PREFIX.exec(s);
  if (maven) {
    const rest = s.slice(maven[0].length);
    if (MAVEN_BOILERPLATE.test(rest)) return undefined;
    if (MAVEN_TEST.test(rest)) return { tier: TIER.named, test: true };
    return classifyBare(rest, 0, ctx, near) ?? { tier: TIER.generic };
  }
  const sbt = SBT_PREFIX.exec(s);
  if (sbt) {
    const rest = s.slice(sbt[0].length);
    if (SBT_DIAGNOSTIC.test(rest)) return { tier: TIER.named };
    return (
      classifyBare(rest, 0, ctx, near) ?? (/error|fail|exception/i.test(rest) ? { tier: TIER.generic } : undefined)
    );
  }
  return classifyBare(s, indent, ctx, near);
}

/** A field that reports no failure (`Error: (none)`, `Stderr: (empty)`, `errors: 0`, `Exception: Compiled successfully.`): a harness's report of a clean run. */
const NO_FAILURE_FIELD =
  /^(?:error|errors|stderr|exception|failure|failures)\s*:\s*(?:\(none\)|\(empty\)|none|null|nil|n\/a|-|0|false|success|(?:compiled |executed |completed )?successfully\.?)?\s*$/i;

/** Every rule's pre-check words, each once; each rule's as places in this list (rules share words: 64 for 94). */
const NEEDS = [...new Set(RULES.flatMap((r) => r.needs))];
const RULE_NEEDS = RULES.map((r) => r.needs.map((n) => NEEDS.indexOf(n)));
/**
 * Whether the line being classified holds each word of {@link NEEDS}: 0 not searched yet, 1
 * yes, 2 no. One for all calls: classifyBare does not call itself, and it clears it first.
 */
const held = new Uint8Array(NEEDS.length);

function classifyBare(s: string, indent: number, ctx: OutputContext, near: Neighbors): Shape | undefined {
  if (NO_FAILURE_FIELD.test(s)) return undefined;
  if (isFailingSummary(s)) return { tier: TIER.generic, summary: true };
  const lower = s.toLowerCase();
  held.fill(0);
  for (let r = 0; r < RULES.length; r += 1) {
    const rule = RULES[r] as Rule;
    // as `rule.needs.some((n) => lower.includes(n))`, each word searched once per line
    const needs = RULE_NEEDS[r] as number[];
    let any = false;
    for (let k = 0; k < needs.length && !any; k += 1) {
      const n = needs[k] as number;
      if (held[n] === 0) held[n] = lower.includes(NEEDS[n] as string) ? 1 : 2;
      any = held[n] === 1;
    }
    if (!any) continue;
    if (!rule.re.test(s)) continue;
    if (rule.when && !rule.when(indent, ctx, near)) continue;
    const shape: Shape = { tier: rule.tier };
    if (rule.attach) shape.attach = rule.attach;
    if (rule.test) shape.test = true;
    return shape;
  }
  return undefined;
}

/**
 * A stack frame or location line: `at f (file:1:2)`, `File "x.py", line 3`, `--> src/a.rs:4:5`,
 * `❯ a.ts:1:2`, Terraform's `with aws_x.y,` and `on main.tf line 12`, PHPUnit's and ExUnit's
 * bare `tests/XTest.php:42` and `test/x_test.exs:18`, q's numbered `[2]  src/tick.q:31: .tp.replay:{…}`.
 */
export const FRAME =
  /^(?:at\s+\S.*:\d+\)?(?: \{)?$|File ".+", line \d+|--> \S+:\d+|\u276f \S+:\d+|# \S+:\d+:in |with [a-z_][\w-]*(?:\.[\w-]+|\["[^"]*"\]|\[\d+\])+,$|on \S+\.tf(?:\.json)? line \d+|(?:[A-Za-z]:)?[\w./\\-]+\.(?:php|exs?):\d+$|\[\d{1,3}\] +(?:[A-Za-z]:)?[\w./\\-]+\.[qk]:\d+: \S)/;

/** Frames of runtimes and libraries, skipped when looking for the project's own frame. */
export const LIBRARY_FRAME =
  /node:internal|node_modules|\(node:|\(native\)|\/go\/src\/|\/runtime\/|\/rustc\/|\/usr\/lib\/|\/lib\/python\d|site-packages|https?:\/\/|\bext:(?:core|deno)|at (?:java|javax|jdk|sun|org\.junit|org\.gradle|org\.apache\.maven)\./;
