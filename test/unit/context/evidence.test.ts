import { describe, expect, it } from 'vitest';
import { readToolOutput, toolOutputCases, type ToolOutputCase } from '../../support/tool-outputs';
import {
  EVIDENCE_MAX_CHARS,
  EVIDENCE_MAX_LINES,
  failureEvidence,
  namesFailingTest,
  plainOutput,
  sameTest,
  testName,
} from '../../../src/context/evidence';

type Case = ToolOutputCase;

const cases = toolOutputCases();
const read = readToolOutput;
const failing = cases.filter((c) => c.failed);
const passing = cases.filter((c) => !c.failed);

/** Recall: expected identifiers found; precision: evidence lines carrying an expected or relevant part. */
function measure(mode: (c: Case) => boolean | undefined) {
  let expected = 0;
  let found = 0;
  let lines = 0;
  let truePositives = 0;
  const missing: string[] = [];
  const falsePositives: string[] = [];
  for (const c of cases) {
    const evidence = failureEvidence(read(c.file), { failed: mode(c) });
    const text = evidence.join('\n');
    for (const id of c.expect) {
      expected += 1;
      if (text.includes(id)) found += 1;
      else missing.push(`${c.file}: ${id}`);
    }
    for (const line of evidence) {
      lines += 1;
      if (c.failed && [...c.expect, ...c.relevant].some((x) => line.includes(x))) truePositives += 1;
      else falsePositives.push(`${c.file}: ${line}`);
    }
  }
  return { recall: found / expected, precision: truePositives / lines, missing, falsePositives };
}

describe('failure evidence on the corpus of tool outputs', () => {
  it('covers at least eight ecosystems, with failing and passing outputs', () => {
    const ecosystems = new Set(failing.map((c) => c.ecosystem));
    expect(ecosystems.size).toBeGreaterThanOrEqual(8);
    expect(failing.length).toBeGreaterThanOrEqual(30);
    expect(passing.length).toBeGreaterThanOrEqual(15);
  });

  it('keeps the identifiers of failures and little else, when the exit status is known', () => {
    const m = measure((c) => c.failed);
    console.log(
      `evidence corpus (${failing.length} failing, ${passing.length} passing outputs): ` +
        `recall ${(m.recall * 100).toFixed(1)}%, precision ${(m.precision * 100).toFixed(1)}%`,
    );
    expect(m.missing).toEqual([]);
    expect(m.falsePositives).toEqual([]);
  });

  it('flags nothing in passing runs, prose, source code or grep output', () => {
    for (const c of passing) expect(failureEvidence(read(c.file), { failed: false }), c.file).toEqual([]);
  });

  it('without the exit status: still finds named failures, and flags no passing command output', () => {
    const m = measure(() => undefined);
    console.log(
      `evidence corpus, exit status unknown: recall ${(m.recall * 100).toFixed(1)}%, ` +
        `precision ${(m.precision * 100).toFixed(1)}% (false positives: ${m.falsePositives.join(' | ') || 'none'})`,
    );
    expect(m.recall).toBeGreaterThanOrEqual(0.9);
    expect(m.precision).toBeGreaterThanOrEqual(0.95);
    for (const c of passing.filter((p) => p.ecosystem !== 'document')) {
      expect(failureEvidence(read(c.file)), c.file).toEqual([]);
    }
  });

  it('believes a tool that worked only when its output counts failures or shows a crash with its stack trace', () => {
    expect(failureEvidence(read('pytest-assert.txt'), { failed: false }).join('\n')).toContain('test_parse_empty');
    // a log read (logcat, a task's log, `cat crash.log`): the program's crash, not the reader's
    expect(failureEvidence(read('node-crash.txt'), { failed: false })).toEqual([
      "TypeError: Cannot read properties of undefined (reading 'port')",
      'at Object.<anonymous> (/home/dev/svc/server.js:14:30)',
    ]);
    expect(failureEvidence(read('logcat-crash.txt'), { failed: false })[0]).toMatch(
      /^java\.lang\.IllegalStateException: /,
    );
    // an exception named without a trace (documentation, a message quoted) is not believed
    expect(
      failureEvidence('ValueError: raised when the port is missing\nReturns the port.', { failed: false }),
    ).toEqual([]);
    expect(failureEvidence(read('python-traceback.txt').replace(/^Traceback.*$/m, ''), { failed: false })).not.toEqual(
      [],
    );
  });
});

describe('failure evidence, shape by shape', () => {
  it('believes a checker’s report read back by a tool that worked when an entry is an error, not when all are warnings', () => {
    const erc = (severity: string) =>
      [
        'ERC report (2025-02-11T09:30:20+0100, Encoding UTF8)',
        '***** Sheet /',
        "[lib_symbol_issues]: The current configuration does not include the symbol library 'radio_parts'",
        '    ; warning',
        '    @(130.4903 mm, 129.1873 mm): Symbol U3 [radio_parts:SX1262]',
        '[pin_not_driven]: Input pin not driven by any Output pins',
        `    ; ${severity}`,
        '    @(177.0524 mm, 102.1469 mm): Symbol U3 Pin 8 [NRESET, Input, Line]',
        '',
        ` ** ERC messages: 2  Errors ${severity === 'error' ? 1 : 0}  Warnings ${severity === 'error' ? 1 : 2}`,
      ].join('\n');
    // (the error first, then the rest in the report's order)
    expect(failureEvidence(erc('error'), { failed: false })).toEqual([
      '[pin_not_driven]: Input pin not driven by any Output pins',
      "[lib_symbol_issues]: The current configuration does not include the symbol library 'radio_parts'",
      '@(130.4903 mm, 129.1873 mm): Symbol U3 [radio_parts:SX1262]',
      '@(177.0524 mm, 102.1469 mm): Symbol U3 Pin 8 [NRESET, Input, Line]',
      '** ERC messages: 2  Errors 1  Warnings 1',
    ]);
    // (a report of warnings alone: none of its entries; its count line `Errors 0  Warnings 2` is read as a count of
    // failures, as before — the count comes first, `2  Errors`)
    expect(failureEvidence(erc('warning'), { failed: false }).filter((l) => l.startsWith('['))).toEqual([]);
  });

  it('reads a function response as a harness logs it (Gemini-like), its exit code believed', () => {
    const response = (exitCode: number) =>
      JSON.stringify({
        functionResponse: {
          name: 'run_command',
          response: {
            exit_code: exitCode,
            output:
              "Semantic error in 'models/m.stan', line 12, column 8 to column 14:\n   -------\n    12:  y ~ normal(mu_x, sigma);\n                ^^^^^^\n   -------\n\nIdentifier 'mu_x' not in scope.\n",
          },
        },
      });
    expect(failureEvidence(response(2))).toEqual([
      "Semantic error in 'models/m.stan', line 12, column 8 to column 14:",
      "Identifier 'mu_x' not in scope.",
    ]);
    expect(plainOutput(response(2))).toMatchObject({ failed: true });
    expect(plainOutput(response(0))).toMatchObject({ failed: false });
    // (an object with other fields beside the name and the response is data, read as it is)
    expect(plainOutput(JSON.stringify({ name: 'x', response: { output: 'y' }, extra: 1 })).text).toContain('"extra"');
  });

  it("reads a toolkit's data envelope: the data as a wrapper, how it ended from the envelope", () => {
    const shell = (stderr: string, successful: boolean, error: string | null = null) =>
      JSON.stringify({
        data: { stdout: 'KDB+ 4.1 2024.10.16', stderr, current_shell_pwd: 'Currently in /home/ana/tick' },
        error,
        successful,
      });
    const q = "'length\n  [2]  /home/ana/tick/src/stats.q:22: .st.vwap:{[p;s] (sum p*s)%sum s}\n  [0]  (.Q.trp)";
    expect(plainOutput(shell(q, true))).toEqual({ text: `KDB+ 4.1 2024.10.16\n${q}`, failed: false });
    // (a successful action whose program signalled an error: read as any output of unknown status)
    expect(failureEvidence(plainOutput(shell(q, true)).text)).toEqual([
      "'length",
      '[2]  /home/ana/tick/src/stats.q:22: .st.vwap:{[p;s] (sum p*s)%sum s}',
    ]);
    // (an error message beside the data: the action failed, and the message is read as its last line)
    expect(plainOutput(shell('', false, 'Command timed out after 60s'))).toEqual({
      text: 'KDB+ 4.1 2024.10.16\nCommand timed out after 60s',
      failed: true,
    });
    expect(plainOutput(JSON.stringify({ data: 'issue #12 created', error: null, successfull: true }))).toEqual({
      text: 'issue #12 created',
      failed: false,
    });
    // (data that is no wrapper, an API's record, stays the JSON it is; an object with other fields is no envelope)
    const record = JSON.stringify({
      data: { id: 12, title: 'Export fails', labels: ['bug'] },
      error: null,
      successful: true,
    });
    expect(plainOutput(record).text).toBe(record);
    const other = JSON.stringify({ data: 'x', successful: true, page: 2 });
    expect(plainOutput(other).text).toBe(other);
  });

  it('reads an envelope with `ok` and `exit` fields, a tool’s `[CRITICAL]` line and an OTP process crash', () => {
    const envelope = JSON.stringify({
      ok: false,
      exit: 1,
      ms: 100948,
      stdout:
        '[09:41:02] [INFO] testing connection to the target URL\n[09:41:03] [CRITICAL] unable to connect to the target URL (shop.acme.test)\n',
      stderr: '',
    });
    expect(failureEvidence(envelope)).toEqual(['[CRITICAL] unable to connect to the target URL (shop.acme.test)']);
    const otp =
      '\u001b[31m[error] GenServer {Shop.CartRegistry, "cart-7"} terminating\u001b[0m\n** (Ecto.StaleEntryError) attempted to update a stale struct:\n';
    expect(failureEvidence(otp)).toEqual([
      '[error] GenServer {Shop.CartRegistry, "cart-7"} terminating',
      '** (Ecto.StaleEntryError) attempted to update a stale struct:',
    ]);
  });

  it('leads with a chained exception’s root cause, the last `Caused by:`', () => {
    const spark = [
      'py4j.protocol.Py4JJavaError: An error occurred while calling o189.saveAsTable.',
      '\tat org.apache.spark.sql.Dataset.save(Dataset.scala:531)',
      'Caused by: org.apache.spark.SparkException: Job aborted.',
      '\tat org.apache.spark.sql.execution.Writer.write(Writer.scala:88)',
      'Caused by: org.apache.spark.sql.AnalysisException: A column with name `loaded_ts` cannot be resolved.',
      '\tat org.apache.spark.sql.catalyst.Analyzer.check(Analyzer.scala:365)',
    ].join('\n');
    expect(failureEvidence(spark, { failed: true })[0]).toBe(
      'Caused by: org.apache.spark.sql.AnalysisException: A column with name `loaded_ts` cannot be resolved.',
    );
  });

  const noise = (n: number, tag: string) =>
    Array.from({ length: n }, (_, i) => `   Compiling crate-${tag}-${i} v0.${i}.0 (registry)`).join('\n');

  it('keeps what a Terraform diagnostic says after its location: the resource it names', () => {
    expect(failureEvidence(readToolOutput('terraform-validate-fail.txt'), { failed: true })).toEqual([
      'Error: Reference to undeclared resource',
      'on network.tf line 31, in resource "aws_instance" "web":',
      'A managed resource "aws_subnet" "private_a" has not been declared in the root module.',
    ]);
    // without the box (`-no-color`), and two diagnostics in one output
    const plain = [
      'Error: Unsupported argument',
      '',
      '  on variables.tf line 4, in variable "zone":',
      '   4:   tpye = string',
      '',
      'An argument named "tpye" is not expected here. Did you mean "type"?',
      '',
      'Error: Missing required argument',
      '',
      '  on main.tf line 20, in module "edge":',
      '  20: module "edge" {',
      '',
      'The argument "vpc_id" is required, but no definition was found.',
    ].join('\n');
    const evidence = failureEvidence(plain, { failed: true });
    expect(evidence).toContain('An argument named "tpye" is not expected here. Did you mean "type"?');
    expect(evidence).toContain('The argument "vpc_id" is required, but no definition was found.');
    // a diagnostic whose box ends after the excerpt has no detail to add
    const apply = failureEvidence(readToolOutput('terraform-fail.txt'), { failed: true });
    expect(apply.some((l) => l.startsWith('12: '))).toBe(false);
  });

  it('finds the failing line anywhere: head, middle or tail of a long output', () => {
    const failure = 'error[E0599]: no method named `frobnicate` found for struct `Widget`';
    for (const [before, after] of [
      [0, 400],
      [200, 200],
      [400, 0],
    ] as const) {
      const text = [noise(before, 'a'), failure, '  --> src/widget.rs:77:14', noise(after, 'b')].join('\n');
      const evidence = failureEvidence(text, { failed: true });
      expect(evidence).toEqual([failure, '--> src/widget.rs:77:14']);
    }
  });

  it('leads with the line naming the failure, ahead of the exit status and wrapper lines printed before it', () => {
    // harnesses print how the command ended first (Kiro, Codex CLI, Cline); npm's boilerplate precedes the compiler's line
    const cases: [string, string][] = [
      [
        "Command failed with exit code 1.\nOutput:\napp/jobs/sync.rb:79:in 'Sync.run': undefined method 'zarbled_at' for nil (NoMethodError)\n\tfrom bin/rails:4:in '<main>'",
        "app/jobs/sync.rb:79:in 'Sync.run': undefined method 'zarbled_at' for nil (NoMethodError)",
      ],
      [
        'Exit code: 1\nWall time: 3.2 seconds\nOutput:\nTraceback (most recent call last):\n  File "/app/x.py", line 3, in <module>\n    foo()\nKeyError: \'zorbak_id\'',
        "KeyError: 'zorbak_id'",
      ],
      [
        "npm ERR! code ELIFECYCLE\nnpm ERR! errno 1\nsrc/a.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.",
        "src/a.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.",
      ],
    ];
    for (const [output, lead] of cases) {
      const evidence = failureEvidence(output, { failed: true });
      expect(evidence[0]).toBe(lead);
      // nothing is lost: the other lines follow in output order
      expect(evidence.length).toBeGreaterThan(1);
    }
    // the file name a linter prints above its diagnostics stays above them
    expect(
      failureEvidence(
        'Exit code: 1\nsrc/a.css\n  3:5  \u2716  Unexpected unknown property "colr"  property-no-unknown',
        { failed: true },
      ).slice(0, 2),
    ).toEqual(['src/a.css', '3:5  \u2716  Unexpected unknown property "colr"  property-no-unknown']);
  });

  it('keeps the summary that follows the failure, and the failure that precedes the summary', () => {
    const text = [
      'FAILED tests/test_io.py::test_roundtrip - OSError: disk full',
      noise(50, 'c'),
      '1 failed, 41 passed in 3.2s',
    ].join('\n');
    expect(failureEvidence(text, { failed: true })).toEqual([
      'FAILED tests/test_io.py::test_roundtrip - OSError: disk full',
      '1 failed, 41 passed in 3.2s',
    ]);
  });

  it('is bounded in lines and characters, and keeps the first failures and the final count', () => {
    const errors = Array.from(
      { length: 300 },
      (_, i) => `src/mod${i}.ts(${i + 1},5): error TS2304: Cannot find name 'thing${i}'. ${'x'.repeat(150)}`,
    );
    const evidence = failureEvidence([...errors, 'Found 300 errors in 300 files.'].join('\n'), { failed: true });
    expect(evidence.length).toBeLessThanOrEqual(EVIDENCE_MAX_LINES);
    expect(evidence.join('').length).toBeLessThanOrEqual(EVIDENCE_MAX_CHARS);
    expect(evidence[0]).toContain("src/mod0.ts(1,5): error TS2304: Cannot find name 'thing0'");
    expect(evidence[evidence.length - 1]).toBe('Found 300 errors in 300 files.');
    for (const line of evidence) expect(line.length).toBeLessThanOrEqual(200);
  });

  it('removes colour codes, timestamps, indentation and carriage-return overwrites, nothing else', () => {
    const text = [
      '2024-05-01T10:00:00.123Z \u001b[31mFAIL\u001b[39m src/app.test.ts',
      'progress 10%\rprogress 100%\r    \u001b[1m● app › renders the title\u001b[22m',
      '[12:00:01] Tests:       1 failed, 3 passed, 4 total\r',
    ].join('\n');
    expect(failureEvidence(text, { failed: true })).toEqual([
      'FAIL src/app.test.ts',
      '● app › renders the title',
      'Tests:       1 failed, 3 passed, 4 total',
    ]);
  });

  it('does not count zero failures, warnings, or counts in prose', () => {
    for (const line of [
      'test result: ok. 3 passed; 0 failed; 0 ignored',
      'Tests run: 12, Failures: 0, Errors: 0, Skipped: 0',
      '✖ 2 problems (0 errors, 2 warnings)',
      'Found 0 errors. Watching for file changes.',
      '- Fixed 2 errors in the tokenizer.',
      'We saw 3 failures last week and added retries.',
    ]) {
      expect(failureEvidence(line, { failed: false }), line).toEqual([]);
      expect(failureEvidence(line), line).toEqual([]);
    }
  });

  it('does not take a docstring or a logged error for a raised one', () => {
    const docstring = 'def f(x):\n    """Do it.\n\n    Raises:\n        ValueError: if x is negative.\n    """\n';
    expect(failureEvidence(docstring)).toEqual([]);
    const logged = 'console.error\n    Error: simulated outage\n        at Object.<anonymous> (src/a.test.ts:3:9)\n';
    expect(failureEvidence(logged)).toEqual([]);
  });

  it("reads Erlang/OTP's reports: a supervisor's reason, a crash's exception, the shell's", () => {
    const supervisor = [
      '=SUPERVISOR REPORT==== 14-Jun-2024::08:12:44.338249 ===',
      '    supervisor: {local,pay_sup}',
      '    errorContext: start_error',
      '    reason: {undef,[{pay_pool,start_link,[],[]},',
      '                 {supervisor,do_start_child_i,3,[{file,"supervisor.erl"},{line,420}]}]}',
      '    offender: [{pid,undefined},{id,pay_pool}]',
    ].join('\n');
    expect(failureEvidence(supervisor)).toEqual([
      'errorContext: start_error',
      'reason: {undef,[{pay_pool,start_link,[],[]},',
    ]);
    const crash =
      '=CRASH REPORT==== 14-Jun-2024::08:12:44 ===\n  crasher:\n    exception exit: {noproc,{gen_server,call,[fx]}}';
    expect(failureEvidence(crash)).toEqual(['exception exit: {noproc,{gen_server,call,[fx]}}']);
    expect(failureEvidence('1> fx:convert(1).\n** exception error: undefined function fx:convert/1')).toEqual([
      '** exception error: undefined function fx:convert/1',
    ]);
  });

  it('without a failure shape, a failed command gives generic lines only when known to have failed', () => {
    const text = 'Building...\nProcess exited with code 3\nRetrying once.\nDone in 3s';
    expect(failureEvidence(text, { failed: true })).toEqual(['Process exited with code 3']);
    expect(failureEvidence(text)).toEqual([]);
    expect(failureEvidence('all good\n', { failed: true })).toEqual([]);
    // an output whose own last line says its command exited non-zero is known to have failed
    const ended = "Reading configuration…\nCouldn't find ID 'relay_1'. Please check your configuration.\n(exit code 2)";
    expect(failureEvidence(ended)).toEqual([
      "Couldn't find ID 'relay_1'. Please check your configuration.",
      '(exit code 2)',
    ]);
    expect(failureEvidence('Building...\nProcess exited with code 3')).toEqual(['Process exited with code 3']);
    // and one whose harness's header gives its exit status (`Command: …`, `Exit code: 1`), or whose closing line does
    const headed =
      'Command: lein test\nExit code: 1\nSTDERR\nSyntax error compiling at (a/b.clj:81:4).\nUnable to resolve symbol: x in this context';
    expect(failureEvidence(headed)).toContain('Unable to resolve symbol: x in this context');
    expect(failureEvidence('Command: lein test\nExit code: 0\nSyntax error compiling at (a/b.clj:81:4).')).toEqual([]);
    expect(failureEvidence('bash: foo: command not found\n[Command finished with exit code 127]')).toEqual([
      'bash: foo: command not found',
    ]);
    // or whose first line, a harness's heading over the output, ends with it (`[task 0] … · exit 1`)
    const cue =
      '[task 0] shell · dep [-1] · exit 1\ncentres.bathinda.tanks.0.capacityL: conflicting values 17 and "17" (mismatched types int and string):\n    ./schema.cue:19:12';
    expect(failureEvidence(cue)).toContain(
      'centres.bathinda.tanks.0.capacityL: conflicting values 17 and "17" (mismatched types int and string):',
    );
    expect(failureEvidence(cue.replace('exit 1', 'exit 0'))).toEqual([]);
  });

  it('keeps one line per failing test, the one with the fullest name, and the first exception', () => {
    const text = [
      'FAIL src/cart.test.ts',
      '  Cart',
      '    ✓ adds an item (3 ms)',
      '    ✕ applies the discount when the coupon is valid (12 ms)',
      '    ✕ keeps the total in cents (2 ms)',
      '',
      '  ● Cart › applies the discount when the coupon is valid',
      '',
      '    CouponError: coupon SPRING is not valid',
      '',
      '      at Cart.apply (src/cart.ts:19:13)',
      '',
      '  ● Cart › keeps the total in cents',
      '',
      '    expect(received).toBe(expected)',
      '',
      '      at Object.toBe (src/cart.test.ts:31:5)',
      '',
      'Tests:       2 failed, 1 passed, 3 total',
    ].join('\n');
    expect(failureEvidence(text, { failed: true })).toEqual([
      'FAIL src/cart.test.ts',
      '● Cart › applies the discount when the coupon is valid',
      'CouponError: coupon SPRING is not valid',
      'at Cart.apply (src/cart.ts:19:13)',
      '● Cart › keeps the total in cents',
      'at Object.toBe (src/cart.test.ts:31:5)',
      'Tests:       2 failed, 1 passed, 3 total',
    ]);
  });

  it('knows the lines that name a failing test in each runner, and which name the same test', () => {
    for (const line of [
      'FAILED tests/test_rates.py::test_fuel_surcharge - assert 1 == 2',
      'tests/test_rates.py::TestRates::test_fuel_surcharge FAILED [ 50%]',
      '● Cart › applies the discount',
      '✕ applies the discount (12 ms)',
      '× cart > applies the discount 7ms',
      'FAIL  src/cart.test.ts > cart > applies the discount',
      '✖ applies the discount (1.2ms)',
      'not ok 3 - applies the discount',
      '--- FAIL: TestCart/applies_the_discount (0.00s)',
      'test cart::tests::applies_the_discount ... FAILED',
      'FAIL: test_discount (tests.test_cart.CartTest.test_discount)',
      'CartTest > appliesTheDiscount() FAILED',
      '1) applies the discount',
      'rspec ./spec/cart_spec.rb:12 # Cart applies the discount',
      'Failed Cart applies the discount [4 ms]',
      '[ERROR]   CartTest.appliesDiscount:58 expected: <90> but was: <100>',
    ])
      expect(namesFailingTest(line), line).toBe(true);
    for (const line of [
      'FAIL src/cart.test.ts',
      'CouponError: coupon SPRING is not valid',
      'Tests:       2 failed, 1 passed, 3 total',
      'src/cart.ts(3,1): error TS2304: Cannot find name x',
      '✖ failing tests:',
    ])
      expect(namesFailingTest(line), line).toBe(false);
    expect(testName('✕ applies the discount (12 ms)')).toBe('applies the discount');
    expect(sameTest('✕ applies the discount (12 ms)', '● Cart › applies the discount')).toBe(true);
    expect(sameTest('tests/a.py::test_x FAILED [ 50%]', 'FAILED tests/a.py::test_x - KeyError')).toBe(true);
    expect(sameTest('✕ adds (1 ms)', '● Math › adds negative numbers')).toBe(false);
    expect(sameTest('1) applies discount', '1) Cart')).toBe(true);
    expect(sameTest('1) applies discount', '2) applies discount twice')).toBe(false);
  });

  it('stays linear on a 1 MB line in every new shape', () => {
    const mb = 1_000_000;
    const lines = [
      `${'a::'.repeat(mb / 3)} FAILED`,
      `tests/x.py::${'a'.repeat(mb)}`,
      `not ok 1 ${'# '.repeat(mb / 2)}`,
      `Failed ${'x '.repeat(mb / 2)}`,
      `Failed ${'['.repeat(mb)}`,
      `\u25cf ${'a \u203a '.repeat(mb / 4)}`,
      `\u2715 ${'(1 ms) '.repeat(mb / 7)}x`,
      `# fail ${'1'.repeat(mb)}x`,
    ];
    for (const line of lines) {
      const t0 = performance.now();
      failureEvidence(`FAIL src/a.test.ts\n${line}\nTests: 1 failed, 2 total`, { failed: true });
      namesFailingTest(line);
      testName(line);
      sameTest(line, line.slice(1));
      expect(performance.now() - t0, line.slice(0, 20)).toBeLessThan(1_000);
    }
  });

  it('handles an output of 200,000 lines', () => {
    const big = `${noise(100_000, 'd')}\n./cmd/main.go:9:2: undefined: runServer\n${noise(100_000, 'e')}`;
    expect(failureEvidence(big, { failed: true })).toEqual(['./cmd/main.go:9:2: undefined: runServer']);
  });
});
