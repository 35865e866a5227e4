import { describe, expect, it } from 'vitest';
import { clip as clipStrict } from '../../../src/activities/messages';
import { edgeLines, RESULT_LINE_MAX_CHARS } from '../../../src/activities/tools/output';
import {
  clip,
  CLIP_TOKEN_REACH,
  failureEvidence,
  JSON_WRAPPED_MAX_CHARS,
  namesFailingTest,
  plainOutput,
  sameTest,
  testName,
} from '../../../src/context/evidence';

const ESC = '\u001b';

describe('failure evidence: the line naming the failure, in more ecosystems', () => {
  it('keeps the PHPUnit test name, not only its summary', () => {
    const text = [
      'There was 1 failure:',
      '',
      '1) Tests\\Unit\\Search\\SearchTest::testCompactConfig',
      'Failed asserting that false is true.',
      '',
      '/app/tests/Unit/Search/SearchTest.php:42',
      '',
      'FAILURES!',
      'Tests: 592, Assertions: 1776, Failures: 1.',
    ].join('\n');
    expect(failureEvidence(text, { failed: true })).toEqual([
      '1) Tests\\Unit\\Search\\SearchTest::testCompactConfig',
      'Failed asserting that false is true.',
      '/app/tests/Unit/Search/SearchTest.php:42',
      'Tests: 592, Assertions: 1776, Failures: 1.',
    ]);
  });

  it('keeps the name of a failing bun test, in either marker', () => {
    for (const name of ['✗ discount > flush image team [1.85ms]', '(fail) discount > flush image team [1.85ms]']) {
      const text = [
        'src/discount.test.ts:',
        name,
        '',
        'error: expect(received).toBe(expected)',
        '',
        '      at <anonymous> (/app/src/discount.test.ts:14:22)',
        ' 3 pass',
        ' 1 fail',
      ].join('\n');
      expect(failureEvidence(text, { failed: true })).toEqual([
        name,
        'error: expect(received).toBe(expected)',
        'at <anonymous> (/app/src/discount.test.ts:14:22)',
        '1 fail',
      ]);
    }
  });

  it('ranks the requirement pip could not find above buildkit’s wrapper lines', () => {
    const text = [
      '#9 [4/5] RUN pip install -r requirements.txt',
      '#9 2.012 ERROR: Could not find a version that satisfies the requirement somepkg==3.13.9 (from versions: 1.0)',
      '#9 ERROR: process "/bin/sh -c pip install -r requirements.txt" did not complete successfully: exit code: 1',
      'ERROR: failed to solve: process "/bin/sh -c pip install -r requirements.txt" did not complete successfully: exit code: 1',
    ].join('\n');
    const evidence = failureEvidence(text, { failed: true, maxLines: 1 });
    expect(evidence).toEqual([
      'ERROR: Could not find a version that satisfies the requirement somepkg==3.13.9 (from versions: 1.0)',
    ]);
  });

  it('keeps lint diagnostics with a rule code (ruff, flake8, pylint) and stylelint’s', () => {
    expect(
      failureEvidence('app/x.py:12:5: F401 [*] `os` imported but unused\nFound 1 error.', { failed: true }),
    ).toEqual(['app/x.py:12:5: F401 [*] `os` imported but unused', 'Found 1 error.']);
    expect(failureEvidence("app/x.py:57:8: E1101: Instance of 'A' has no 'b' member (no-member)", {})).toHaveLength(1);
    expect(failureEvidence('src/a.css\n  3:5  ✖  Unexpected unknown property "colr"  property-no-unknown')).toEqual([
      'src/a.css',
      '3:5  ✖  Unexpected unknown property "colr"  property-no-unknown',
    ]);
  });

  it('keeps compiler diagnostics whose name is elsewhere: kotlinc, scalac under sbt, GHC’s next line', () => {
    expect(failureEvidence('e: file:///a/src/Cart.kt:27:16 Unresolved reference: couponRate')).toEqual([
      'e: file:///a/src/Cart.kt:27:16 Unresolved reference: couponRate',
    ]);
    expect(failureEvidence('e: /a/src/Cart.kt: (12, 5): Unresolved reference: x')).toHaveLength(1);
    expect(
      failureEvidence(
        '[error] /a/src/Cart.scala:27:5: not found: value applyCoupon\n[error]     applyCoupon(c)\n[error]     ^',
      ),
    ).toEqual(['[error] /a/src/Cart.scala:27:5: not found: value applyCoupon']);
    expect(
      failureEvidence('src/Cart.hs:27:15: error: [GHC-88464]\n    Variable not in scope: applyCoupon :: Int\n   |', {
        failed: true,
      }),
    ).toEqual(['src/Cart.hs:27:15: error: [GHC-88464]', 'Variable not in scope: applyCoupon :: Int']);
  });

  it('keeps the resource of a Terraform error, and kubectl’s and Postgres’ errors', () => {
    const tf = [
      '╷',
      '│ Error: creating S3 Bucket (shop-assets): BucketAlreadyExists',
      '│ ',
      '│   with aws_s3_bucket.assets,',
      '│   on main.tf line 12, in resource "aws_s3_bucket" "assets":',
      '╵',
    ].join('\n');
    expect(failureEvidence(tf, { failed: true })).toEqual([
      'Error: creating S3 Bucket (shop-assets): BucketAlreadyExists',
      'with aws_s3_bucket.assets,',
    ]);
    expect(failureEvidence('Error from server (NotFound): deployments.apps "api" not found')).toEqual([
      'Error from server (NotFound): deployments.apps "api" not found',
    ]);
    expect(failureEvidence('BEGIN\nERROR:  relation "x" does not exist\nLINE 1: select * from x;\nROLLBACK')).toEqual([
      'ERROR:  relation "x" does not exist',
    ]);
  });

  it('reads the failure an API states in its JSON error body, whatever the exit status', () => {
    const stripe = JSON.stringify(
      {
        error: {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: 'Charge ch_3Nx has already been refunded.',
          doc_url: 'https://stripe.com/docs/error-codes/charge-already-refunded',
        },
      },
      null,
      2,
    );
    const oauth = '{"error":"invalid_grant","error_description":"Refresh token expired for client ops-bot"}';
    const graphql = JSON.stringify({
      data: null,
      errors: [
        {
          message: 'Field "tenantRegion" is not defined by type Order.',
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        },
      ],
    });
    const cases: [string, string][] = [
      [stripe, 'charge_already_refunded (invalid_request_error): Charge ch_3Nx has already been refunded.'],
      [oauth, 'invalid_grant: Refresh token expired for client ops-bot'],
      [graphql, 'GRAPHQL_VALIDATION_FAILED: Field "tenantRegion" is not defined by type Order.'],
    ];
    for (const [body, line] of cases) {
      for (const failed of [true, false, undefined]) expect(failureEvidence(body, { failed })).toEqual([line]);
    }
    // a body with no error, or an object that merely has a field called so, is no failure
    for (const ok of [
      '{"data":{"order":{"id":"o_1"}},"errors":[]}',
      '{"error":null,"result":{"rows":3}}',
      '{"error":{"color":"red","bold":true},"info":{"color":"blue"}}',
    ])
      expect(failureEvidence(ok, { failed: false })).toEqual([]);
  });

  it('knows the lines that name a failing test in these runners, and not their passing lines', () => {
    for (const line of [
      '1) Tests\\Unit\\Search\\SearchTest::testCompactConfig',
      '1) App\\FooTest::testBar with data set "zero" (0)',
      '1) test total/1 applies the coupon (Shop.CartTest)',
      'CartTest#test_applies_the_coupon [test/models/cart_test.rb:14]:',
      'InvoiceTest#test_sends_reminder:',
      'FAILED  Tests\\Feature\\InvoiceTest > it stores the invoice',
      '⨯ it stores the invoice 0.05s',
      '(fail) discount > flush image team [1.85ms]',
      '✗ discount > flush image team [1.85ms]',
      'rounds half to even ... FAILED (3ms)',
      "Test Case 'CartTests.testAppliesCoupon' failed (0.002 seconds)",
      "Test Case '-[ShopTests.CartTests testAppliesCoupon]' failed (0.002 seconds).",
      '✘ Test appliesCoupon() recorded an issue at CartTests.swift:19:5: Expectation failed',
      '[info] - should apply the coupon *** FAILED ***',
      '==> X shop.CartSuite.applies coupon  0.012s munit.ComparisonFailException: values are not the same',
    ])
      expect(namesFailingTest(line), line).toBe(true);
    for (const line of [
      '(pass) discount > rounds to cents [0.08ms]',
      '✓ discount > applies a percentage [0.12ms]',
      "Test Case 'CartTests.testAddsItem' passed (0.001 seconds)",
      'CartTest#test_applies_the_coupon = 0.00 s = .',
      'adds two amounts ... ok (1ms)',
      '[info] - should add an item',
      '✘ Test run with 2 tests failed after 0.003 seconds with 1 issue.',
      'Tests: 592, Assertions: 1776, Failures: 1.',
    ])
      expect(namesFailingTest(line), line).toBe(false);
    expect(testName('(fail) a > b [1.85ms]')).toBe('a > b');
    expect(testName("Test Case 'CartTests.testX' failed (0.002 seconds)")).toBe('CartTests.testX');
    expect(testName('rounds half to even ... FAILED (3ms)')).toBe('rounds half to even');
    expect(testName('[info] - should apply the coupon *** FAILED ***')).toBe('should apply the coupon');
    expect(sameTest('✗ a > b [1.85ms]', '(fail) a > b [1.85ms]')).toBe(true);
    expect(
      sameTest(
        '✘  2 [chromium] › tests/cart.spec.ts:12:5 › cart › applies the coupon (5.1s)',
        '1) [chromium] › tests/cart.spec.ts:12:5 › cart › applies the coupon ──────────',
      ),
    ).toBe(true);
    expect(namesFailingTest('1) [chromium] › tests/cart.spec.ts:12:5 › cart › applies the coupon')).toBe(true);
    expect(namesFailingTest('00:02 +2 -1: test/cart_test.dart: cart applies the coupon [E]')).toBe(true);
    expect(namesFailingTest('00:02 +3: test/cart_test.dart: cart applies the coupon')).toBe(false);
    expect(
      sameTest('⨯ it stores the invoice 0.05s', 'FAILED  Tests\\Feature\\InvoiceTest > it stores the invoice'),
    ).toBe(true);
  });

  it('flags nothing in the passing output of these tools', () => {
    for (const text of [
      'OK (120 tests, 388 assertions)',
      ' 3 pass\n 0 fail\n 6 expect() calls\nRan 3 tests across 1 files. [40.00ms]',
      'ok | 2 passed | 0 failed (14ms)',
      '8 tests, 0 failures',
      '3 runs, 4 assertions, 0 failures, 0 errors, 0 skips',
      '\t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.002) seconds',
      '[info] Tests: succeeded 2, failed 0, canceled 0, ignored 0, pending 0\n[info] All tests passed.',
      'Plan: 1 to add, 0 to change, 0 to destroy.',
      '#9 3.990 WARNING: Running pip as the root user\n#9 DONE 4.2s',
      'All checks passed!',
      '  + resource "aws_s3_bucket" "assets" {\n      with_logging = true',
    ]) {
      expect(failureEvidence(text), text).toEqual([]);
      expect(failureEvidence(text, { failed: false }), text).toEqual([]);
    }
  });
});

describe('plainOutput: a harness’s JSON wrapper read through its text', () => {
  const pytest = 'FAILED tests/a.py::test_x - KeyError\n1 failed, 2 passed in 0.1s';

  it('reads the text fields and the exit code', () => {
    const wrapped = JSON.stringify({ output: pytest, metadata: { exit_code: 1, duration_seconds: 0.4 } });
    expect(plainOutput(wrapped)).toEqual({ text: pytest, failed: true });
    expect(plainOutput(JSON.stringify({ stdout: 'a', stderr: 'b', exit_code: 0 }))).toEqual({
      text: 'a\nb',
      failed: false,
    });
    expect(plainOutput(JSON.stringify({ content: [{ type: 'text', text: pytest }], isError: true }))).toEqual({
      text: pytest,
      failed: true,
    });
    expect(plainOutput(`  ${JSON.stringify({ result: { stdout: 'x', returncode: 2 } })}\n`).text).toBe('x');
    // a sandbox's session echo beside the output (Manus-like `shell_exec`): the output; the echo alone when it is all
    const echo = '[ubuntu@sandbox ~/app]$ ./gradlew test\nBUILD FAILED in 9s';
    expect(plainOutput(JSON.stringify({ output: 'BUILD FAILED in 9s', console: echo })).text).toBe(
      'BUILD FAILED in 9s',
    );
    expect(plainOutput(JSON.stringify({ console: echo })).text).toBe(echo);
  });

  it("reads a runtime's typed output and a status word beside the text (Vercel AI SDK, Bedrock)", () => {
    const qgis =
      '----------------\nInputs\n----------------\n\nINPUT:\t/srv/gis/roads.gpkg|layername=x\n\nCould not load source layer for INPUT: /srv/gis/roads.gpkg|layername=x not found';
    expect(plainOutput(JSON.stringify({ type: 'error-text', value: qgis }))).toEqual({
      text: qgis,
      failed: true,
      envelope: true,
    });
    expect(plainOutput(JSON.stringify({ type: 'text', value: 'done' }))).toEqual({ text: 'done', failed: false });
    expect(plainOutput(JSON.stringify({ type: 'json', value: { wards: 32 } }))).toEqual({
      text: '{\n "wards": 32\n}',
      failed: false,
    });
    // (a typed error's message is the failure, whatever shape it has; its first line that says something)
    expect(failureEvidence(JSON.stringify({ type: 'error-text', value: qgis }))).toContain(
      'Could not load source layer for INPUT: /srv/gis/roads.gpkg|layername=x not found',
    );
    expect(
      failureEvidence(JSON.stringify({ type: 'error-text', value: '----\nQuota exhausted for project x' })),
    ).toEqual(['Quota exhausted for project x']);
    expect(plainOutput(JSON.stringify({ content: [{ text: 'race detected' }], status: 'error' }))).toEqual({
      text: 'race detected',
      failed: true,
    });
    // (a metric, a record with a type: data)
    for (const raw of [
      JSON.stringify({ type: 'gauge', value: 3 }),
      JSON.stringify({ type: 'constructor', value: 3 }),
      JSON.stringify({ type: 'text', value: 'x', id: 1 }),
    ])
      expect(plainOutput(raw).text).toBe(raw);
  });

  it("reads a code interpreter's outputs, each part's text under the field its type names (Assistants API)", () => {
    const traceback = 'Traceback (most recent call last):\n  File "<string>", line 3, in <module>\nKeyError: \'AVAL\'';
    const run = JSON.stringify({
      outputs: [
        { type: 'logs', logs: traceback },
        { type: 'image', image: { file_id: 'f1' } },
      ],
    });
    expect(plainOutput(run).text).toBe(traceback);
    expect(failureEvidence(run)).toContain("KeyError: 'AVAL'");
    // (a part whose type names no text of its own gives none)
    const data = JSON.stringify({ outputs: [{ type: 'type', id: 3 }] });
    expect(plainOutput(data).text).toBe(data);
  });

  it('leaves data, invalid JSON and oversized outputs as they are', () => {
    for (const raw of [
      JSON.stringify({ name: 'shop', output: 'dist', version: '1.0.0' }),
      JSON.stringify({ metadata: { exit_code: 1 } }),
      '{"output": "truncated',
      '{not json}',
      '[{"output": "x"}]',
      'plain text {"output": "x"}',
    ])
      expect(plainOutput(raw)).toEqual({ text: raw });
    const huge = `{"output": "${'x'.repeat(JSON_WRAPPED_MAX_CHARS)}"}`;
    expect(plainOutput(huge).text).toBe(huge);
  });

  it('lets failureEvidence read a one-line JSON output, and believe its exit code', () => {
    const wrapped = JSON.stringify({ output: pytest, metadata: { exit_code: 1 } });
    expect(failureEvidence(wrapped)).toEqual(['FAILED tests/a.py::test_x - KeyError', '1 failed, 2 passed in 0.1s']);
    const masked = JSON.stringify({ output: 'Building...\nProcess exited with code 3', exit_code: 3 });
    expect(failureEvidence(masked)).toEqual(['Process exited with code 3']);
  });

  it('reads an output wrapped in a harness’s tags: its text and its exit code', () => {
    expect(plainOutput(`<returncode>1</returncode>\n<output>\n${pytest}\n</output>`)).toEqual({
      text: pytest,
      failed: true,
    });
    expect(plainOutput('<returncode>1</returncode>\n<output>\n</output>')).toEqual({ text: '', failed: true });
    const cut = `<returncode>0</returncode>\n<warning>output too long</warning>\n<output_head>\nstart\n</output_head>\n<elided_chars>\n5000 characters elided\n</elided_chars>\n<output_tail>\nend\n</output_tail>`;
    expect(plainOutput(cut)).toEqual({ text: 'start\nend', failed: false });
    expect(plainOutput('<stdout>a</stdout><stderr>b</stderr><exit_code>2</exit_code>')).toEqual({
      text: 'a\nb',
      failed: true,
    });
    expect(failureEvidence(`<returncode>1</returncode>\n<output>\n${pytest}\n</output>`)).toEqual([
      'FAILED tests/a.py::test_x - KeyError',
      '1 failed, 2 passed in 0.1s',
    ]);
    // markup that is the output itself is read as it is
    for (const raw of ['<html><body>ok</body></html>', '<output>x</output> and more', '<div>\n<output>x</output>'])
      expect(plainOutput(raw)).toEqual({ text: raw });
  });

  it('removes escape sequences of every kind: colours, hyperlinks, titles, colours that lost their escape byte', () => {
    expect(plainOutput(`${ESC}[1;31mFAIL${ESC}[0m ${ESC}]8;;file:///a.ts${ESC}\\a.ts${ESC}]8;;${ESC}\\`).text).toBe(
      'FAIL a.ts',
    );
    expect(plainOutput(`${ESC}]0;title\u0007${ESC}(Bok\u009b2K`).text).toBe('ok');
    expect(plainOutput('[31mFAIL[39m src/a.test.ts').text).toBe('FAIL src/a.test.ts');
    expect(plainOutput(`a${ESC}]stray\nFAIL src/a.test.ts`).text).toBe('a\nFAIL src/a.test.ts');
    expect(plainOutput('see [1] and [2m]').text).toBe('see [1] and [2m]');
    expect(
      failureEvidence(`${ESC}[31m1) ${ESC}[1mTests\\FooTest::testBar${ESC}[0m\nFAILURES!`, { failed: true }),
    ).toEqual(['1) Tests\\FooTest::testBar']);
  });
});

describe('clip: never inside a quoted name or an identifier', () => {
  const pg = 'ERROR:  column "vivianite_pct" of relation "mineral_samples" does not exist';

  it('cuts before or just after a quoted name, whatever the room', () => {
    for (let max = 12; max < pg.length; max += 1) {
      const out = clip(pg, max);
      expect(out.endsWith('…'), `${max}: ${out}`).toBe(true);
      const kept = out.replace(/ ?…$/, '');
      expect(pg.startsWith(kept), `${max}: ${out}`).toBe(true);
      // every quote kept is closed: no name is cut inside
      expect((kept.match(/"/g) ?? []).length % 2, `${max}: ${out}`).toBe(0);
      expect(out.length, `${max}: ${out}`).toBeLessThanOrEqual(max + CLIP_TOKEN_REACH + 2);
    }
    expect(clip(pg, 24)).toBe('ERROR:  column "vivianite_pct" …');
    expect(clip(pg, 64)).toBe('ERROR:  column "vivianite_pct" of relation "mineral_samples" …');
  });

  it('keeps an identifier whole when it ends soon, else cuts at the room', () => {
    expect(clip('at Frobnicator.applyCouponBeforeTax(cart)', 20)).toBe('at Frobnicator.applyCouponBeforeTax …');
    const path = `/${'a'.repeat(30)}/${'b'.repeat(30)}/cart_service_with_a_long_name.py`;
    expect(clip(path, 40)).toMatch(/^\/a+\/b+/);
    expect(clip(path, 40).length).toBeLessThanOrEqual(40 + CLIP_TOKEN_REACH + 2);
    const long = 'x'.repeat(500);
    expect(clip(long, 100)).toBe(`${'x'.repeat(99)}…`);
  });

  it('clips a result’s first and last lines the same way', () => {
    const line = `${'x'.repeat(RESULT_LINE_MAX_CHARS - 20)} ERROR:  column "vivianite_pct" does not exist`;
    const { firstLine, lastLine } = edgeLines(`${line}\nok\n${line}\n`);
    expect(firstLine).toContain('"vivianite_pct"');
    expect(lastLine).toBe(firstLine);
  });

  it('the summarizers’ strict clip cuts before a quoted name it would cut, within the room', () => {
    const pg = 'ERROR:  column "vivianite_pct" of relation "samples" does not exist';
    expect(clipStrict(pg, 26)).toBe('ERROR:  column …');
    expect(clipStrict(pg, 40)).toBe('ERROR:  column "vivianite_pct" of relat…');
    expect(clipStrict("it doesn't match 'os' or the rest", 20)).toBe("it doesn't match …");
    for (let max = 2; max < pg.length; max += 1) expect(clipStrict(pg, max).length).toBeLessThanOrEqual(max);
  });

  it('leaves apostrophes in words alone', () => {
    expect(clip("doesn't match any versions of the package that you asked for", 40)).toBe(
      "doesn't match any versions of the …",
    );
  });
});

describe('the new shapes stay linear on 1 MB lines', () => {
  it('matches or rejects each within a second', () => {
    const mb = 1_000_000;
    const lines = [
      `1) ${'a\\'.repeat(mb / 2)}`,
      `1) test ${'a ('.repeat(mb / 3)}`,
      `A#test_${'a ['.repeat(mb / 3)}`,
      `FAILED ${'a > '.repeat(mb / 4)}`,
      `\u2717 ${'a ['.repeat(mb / 3)}1ms]x`,
      `${'a ... '.repeat(mb / 6)}FAILED x`,
      `Test Case '${"'".repeat(mb)}`,
      `\u2718 Test ${'a '.repeat(mb / 2)}`,
      `[info] - ${'*** '.repeat(mb / 4)}`,
      `e: ${'a.kt:'.repeat(mb / 5)}`,
      `${'a:1:'.repeat(mb / 4)} F401`,
      `x.py:1:2: ${'A1'.repeat(mb / 2)}`,
      `Because ${'version solving failed '.repeat(mb / 23)}x`,
      `\u27a4 YN0001: ${'a@b: '.repeat(mb / 5)}`,
      `CMake Error at ${'a:1 ('.repeat(mb / 5)}`,
      `-- ${'Error: '.repeat(mb / 7)}`,
      `${'ERROR: '.repeat(mb / 7)} x`,
      `ERROR: ${'process "'.repeat(mb / 9)}`,
      `[error] ${'a.b:1:'.repeat(mb / 6)}`,
      `with ${'a.b'.repeat(mb / 3)}`,
      `on ${'a.tf line '.repeat(mb / 10)}`,
      `#9 1.000 ${'#1 '.repeat(mb / 3)}`,
      `1) [${'a] › ['.repeat(mb / 6)}`,
      `00:00 +1 -1: ${'[E] '.repeat(mb / 4)}x`,
      `go: ${'a@'.repeat(mb / 2)}`,
      `- Root composer.json requires ${'x '.repeat(mb / 2)}`,
      `${ESC}]${'x'.repeat(mb)}`,
      `[0m${'[1;'.repeat(mb / 3)}`,
      `{"output": "${'\\n'.repeat(mb / 2)}"}`,
      `"${'a'.repeat(mb)}`,
      `${"'a".repeat(mb / 2)}`,
    ];
    for (const line of lines) {
      const t0 = performance.now();
      failureEvidence(`FAIL src/a.test.ts\n${line}\nTests: 1 failed, 2 total`, { failed: true });
      failureEvidence(line);
      namesFailingTest(line);
      testName(line);
      sameTest(line, line.slice(1));
      plainOutput(line);
      clip(line, 200);
      expect(performance.now() - t0, line.slice(0, 20)).toBeLessThan(1_500);
    }
  });
});
