/**
 * Commands, logs and failures of the ecosystems the fresh family's sessions work in (sbt,
 * Julia, R, Python, Elixir/Mix, Haskell/Stack, Zig, Ruby/RSpec, PHP/PHPUnit, .NET, Gradle/Kotlin,
 * Xcode/Swift, Node, Go, Terraform, Ansible, Pulumi): a passing run of very uneven length, a file
 * of source, and a failure whose identifying token (error code, test name, exception) is the
 * needle, buried in the output's noise.
 */
import { hex, lines, pascal, type Eco, type World } from './fresh-core';
import type { Rng } from './rng';

/** Ordinary words for filler names (never invented words). */
export const WORDS = [
  'invoice',
  'cart',
  'ledger',
  'profile',
  'session',
  'catalog',
  'shipment',
  'refund',
  'payout',
  'coupon',
  'receipt',
  'tenant',
  'webhook',
  'report',
  'export',
  'search',
  'inventory',
  'pricing',
  'audit',
  'billing',
  'order',
  'account',
  'checkout',
  'notify',
  'upload',
  'schedule',
  'quota',
  'region',
  'token',
  'metric',
];

export interface Ran {
  cmd: string;
  out: string;
  exit: number;
}

export interface Failure extends Ran {
  needle: string;
  label: string;
}

interface EcoDef {
  ext: string;
  dir: string;
  ok(rng: Rng, w: World): Ran;
  fail(rng: Rng, w: World, word: string): Failure;
  code(rng: Rng, name: string): string;
}

const cap = pascal;
const camel = (a: string, b: string) => a + cap(b);
const pick = <T>(rng: Rng, xs: readonly T[]) => rng.pick(xs);
const ms = (rng: Rng) => rng.int(1, 900);
/** Noise of `lo..hi` lines (log-uniform, so most runs are short and a few very long). */
const noise = (rng: Rng, lo: number, hi: number, f: (i: number) => string) => lines(rng.logInt(lo, hi), f);
/** Puts `needle`'s lines among `before` and `after` noise. */
const amid = (before: string, core: string, after: string) => [before, core, after].filter(Boolean).join('\n');

const DEFS: Record<Eco, EcoDef> = {
  scala: {
    ext: 'scala',
    dir: 'modules/core/src/main/scala/acme',
    ok: (rng, w) => ({
      cmd: pick(rng, ['sbt test', 'sbt -Dsbt.supershell=false +test', 'sbt "core/testOnly *Spec"', 'sbt compile']),
      out: amid(
        `[info] welcome to sbt 1.10.2 (Eclipse Adoptium Java 21.0.4)\n[info] loading settings for project ${w.project}-build from plugins.sbt ...\n[info] loading project definition from /home/dev/${w.project}/project`,
        noise(rng, 2, 220, (i) =>
          i % 9 === 0
            ? `[info] compiling ${rng.int(2, 80)} Scala sources to /home/dev/${w.project}/modules/${pick(rng, w.modules)}/target/scala-3.3.4/classes ...`
            : `[info] - should ${pick(rng, ['round', 'encode', 'decode', 'retry', 'merge', 'reject'])} ${pick(rng, WORDS)} ${pick(rng, ['lines', 'batches', 'totals', 'events'])} (${ms(rng)} milliseconds)`,
        ),
        `[info] Tests: succeeded ${rng.int(20, 400)}, failed 0, canceled 0, ignored ${rng.int(0, 3)}, pending 0\n[info] All tests passed.\n[success] Total time: ${rng.int(9, 240)} s, completed Mar 14, 2025, 9:${rng.int(10, 59)}:02 AM`,
      ),
      exit: 0,
    }),
    fail: (rng, w, word) =>
      rng.chance(0.5)
        ? {
            cmd: 'sbt compile',
            label: 'scalac',
            needle: `not found: value ${camel(word, 'Codec')}`,
            out: amid(
              `[info] loading project definition from /home/dev/${w.project}/project\n[info] compiling 41 Scala sources to /home/dev/${w.project}/modules/core/target/scala-3.3.4/classes ...`,
              `[error] -- [E006] Not Found Error: /home/dev/${w.project}/modules/core/src/main/scala/acme/${cap(pick(rng, WORDS))}Routes.scala:${rng.int(20, 300)}:${rng.int(4, 40)}\n[error] ${rng.int(20, 300)} |    .map(${camel(word, 'Codec')}.encode)\n[error]     |         ^^^^^^^^^^\n[error]     |         not found: value ${camel(word, 'Codec')}\n[error] one error found`,
              `[error] (core / Compile / compileIncremental) Compilation failed\n[error] Total time: ${rng.int(8, 90)} s, completed Mar 14, 2025, 10:02:11 AM`,
            ),
            exit: 1,
          }
        : {
            cmd: 'sbt core/test',
            label: 'scalatest',
            needle: `${cap(word)}LedgerSpec`,
            out: amid(
              noise(
                rng,
                3,
                120,
                () =>
                  `[info] - should ${pick(rng, ['accept', 'parse', 'sum'])} ${pick(rng, WORDS)} (${ms(rng)} milliseconds)`,
              ),
              `[info] ${cap(word)}LedgerSpec:\n[info] - should settle partial refunds in minor units *** FAILED *** (${ms(rng)} milliseconds)\n[info]   1999 did not equal 2000 (${cap(word)}LedgerSpec.scala:${rng.int(20, 200)})`,
              `${noise(rng, 1, 60, () => `[info] - should ${pick(rng, ['emit', 'skip', 'load'])} ${pick(rng, WORDS)} (${ms(rng)} milliseconds)`)}\n[error] Failed tests:\n[error] \tacme.${cap(word)}LedgerSpec\n[error] (core / Test / test) sbt.TestsFailedException: Tests unsuccessful`,
            ),
            exit: 1,
          },
    code: (rng, name) =>
      `package acme\n\nimport cats.effect.IO\n\nfinal case class ${cap(name)}Line(id: Long, amountMinor: Long, currency: String)\n\nobject ${cap(name)}Service:\n${lines(rng.logInt(3, 60), (i) => `  def step${i}(xs: List[${cap(name)}Line]): IO[Long] = IO(xs.map(_.amountMinor).sum + ${i})`)}\n`,
  },
  julia: {
    ext: 'jl',
    dir: 'src',
    ok: (rng, w) => ({
      cmd: pick(rng, ['julia --project -e "using Pkg; Pkg.test()"', 'julia --project=. test/runtests.jl']),
      out: amid(
        `     Testing ${cap(w.project)}\n      Status \`/tmp/jl_${hex(rng, 6)}/Project.toml\``,
        noise(
          rng,
          2,
          160,
          () =>
            `  [${hex(rng, 8)}] ${pick(rng, ['DataFrames v1.7.0', 'CSV v0.10.15', 'StatsBase v0.34.4', 'Optim v1.10.0', 'Distributions v0.25.117', 'JSON3 v1.14.1'])}`,
        ),
        `Test Summary: | Pass  Total  Time\n${cap(w.project)}     |  ${rng.int(20, 900)}    ${rng.int(900, 999)}  ${rng.int(2, 90)}.${rng.int(1, 9)}s\n     Testing ${cap(w.project)} tests passed`,
      ),
      exit: 0,
    }),
    fail: (rng, w, word) => ({
      cmd: 'julia --project -e "using Pkg; Pkg.test()"',
      label: 'julia-undefvar',
      needle: `UndefVarError: \`${word}_kernel\` not defined`,
      out: amid(
        noise(
          rng,
          2,
          80,
          () =>
            `  [${hex(rng, 8)}] ${pick(rng, ['LinearAlgebra v1.11.0', 'Random v1.11.0', 'Statistics v1.11.1', 'Tables v1.12.0'])}`,
        ),
        `ERROR: LoadError: UndefVarError: \`${word}_kernel\` not defined in \`${cap(w.project)}\`\nStacktrace:\n [1] fit!(m::${cap(pick(rng, WORDS))}Model, X::Matrix{Float64})\n   @ ${cap(w.project)} ~/dev/${w.project}/src/fit.jl:${rng.int(10, 200)}\n [2] top-level scope\n   @ ~/dev/${w.project}/test/runtests.jl:${rng.int(5, 90)}`,
        `in expression starting at /home/dev/${w.project}/test/runtests.jl:1\nERROR: Package ${cap(w.project)} errored during testing`,
      ),
      exit: 1,
    }),
    code: (rng, name) =>
      `module ${cap(name)}Fit\n\nusing LinearAlgebra, Statistics\n\n${lines(rng.logInt(3, 50), (i) => `function ${name}_step${i}(x::AbstractVector{Float64})\n    return sum(abs2, x) / (length(x) + ${i})\nend`)}\n\nend # module\n`,
  },
  r: {
    ext: 'R',
    dir: 'R',
    ok: (rng) => ({
      cmd: pick(rng, [
        'Rscript -e "devtools::test()"',
        'R CMD check --no-manual .',
        'Rscript -e "testthat::test_dir(\'tests/testthat\')"',
      ]),
      out: amid(
        'ℹ Testing',
        noise(
          rng,
          2,
          150,
          () =>
            `✔ | ${String(rng.int(1, 40)).padStart(3)}       | ${pick(rng, WORDS)}-${pick(rng, ['model', 'io', 'plots', 'summary'])} [${rng.int(0, 9)}.${rng.int(0, 9)}s]`,
        ),
        `══ Results ═══════════════\nDuration: ${rng.int(2, 80)}.${rng.int(0, 9)} s\n\n[ FAIL 0 | WARN ${rng.int(0, 4)} | SKIP ${rng.int(0, 2)} | PASS ${rng.int(40, 700)} ]`,
      ),
      exit: 0,
    }),
    fail: (rng, _w, word) => ({
      cmd: 'Rscript -e "devtools::test()"',
      label: 'r-missing-function',
      needle: `could not find function "${word}_fit"`,
      out: amid(
        `ℹ Testing\n${noise(rng, 1, 60, () => `✔ | ${String(rng.int(1, 30)).padStart(3)}       | ${pick(rng, WORDS)}-io`)}`,
        `✖ | 1     ${rng.int(1, 20)} | ${pick(rng, WORDS)}-model\n──────────────────────────────\nError ('test-model.R:${rng.int(5, 80)}:3'): model fits weekly seasonality\nError in \`${word}_fit(df, k = 3)\`: could not find function "${word}_fit"\nBacktrace:\n    ▆\n 1. └─testthat::expect_equal(...) at test-model.R:${rng.int(5, 80)}:3`,
        `══ Results ═══════════════\n[ FAIL 1 | WARN 0 | SKIP 0 | PASS ${rng.int(20, 300)} ]`,
      ),
      exit: 1,
    }),
    code: (rng, name) =>
      `#' Fit the ${name} model\n#' @export\n${lines(rng.logInt(3, 40), (i) => `${name}_step${i} <- function(df, k = ${i + 1}) {\n  stopifnot(is.data.frame(df))\n  dplyr::summarise(df, total = sum(amount) / k)\n}`)}\n`,
  },
  python: {
    ext: 'py',
    dir: 'src/app',
    ok: (rng) => ({
      cmd: pick(rng, ['uv run pytest -q', 'python -m pytest -x -q', 'tox -e py312', 'uv run pytest -n auto']),
      out: amid(
        `============================= test session starts ==============================\nplatform linux -- Python 3.12.7, pytest-8.3.4, pluggy-1.5.0\ncollected ${rng.int(30, 900)} items`,
        noise(
          rng,
          2,
          200,
          () =>
            `tests/test_${pick(rng, WORDS)}.py ${'.'.repeat(rng.int(3, 60))}  [${String(rng.int(1, 99)).padStart(3)}%]`,
        ),
        `======================= ${rng.int(30, 900)} passed, ${rng.int(0, 9)} warnings in ${rng.int(1, 99)}.${rng.int(10, 99)}s =======================`,
      ),
      exit: 0,
    }),
    fail: (rng, _w, word) =>
      rng.chance(0.5)
        ? {
            cmd: 'uv run pytest -q',
            label: 'pytest',
            needle: `test_${word}_rounds_half_even`,
            out: amid(
              noise(rng, 2, 120, () => `tests/test_${pick(rng, WORDS)}.py ${'.'.repeat(rng.int(3, 50))}`),
              `=================================== FAILURES ===================================\n____________________ test_${word}_rounds_half_even ____________________\n\n    def test_${word}_rounds_half_even():\n>       assert settle(Decimal("10.005")) == Decimal("10.00")\nE       AssertionError: assert Decimal('10.01') == Decimal('10.00')\n\ntests/test_settle.py:${rng.int(10, 300)}: AssertionError`,
              `=========================== short test summary info ============================\nFAILED tests/test_settle.py::test_${word}_rounds_half_even - AssertionError\n1 failed, ${rng.int(30, 600)} passed in ${rng.int(2, 80)}.${rng.int(10, 99)}s`,
            ),
            exit: 1,
          }
        : {
            cmd: `python -m app.jobs.${pick(rng, WORDS)}`,
            label: 'python-exception',
            needle: `${cap(word)}QuotaExceeded`,
            out: amid(
              noise(
                rng,
                2,
                90,
                () =>
                  `INFO:app.jobs:${pick(rng, ['fetched', 'wrote', 'skipped'])} ${rng.int(1, 5000)} ${pick(rng, WORDS)} rows`,
              ),
              `Traceback (most recent call last):\n  File "/srv/app/src/app/jobs/runner.py", line ${rng.int(20, 400)}, in run\n    client.push(batch)\n  File "/srv/app/.venv/lib/python3.12/site-packages/acme_sdk/client.py", line ${rng.int(20, 900)}, in push\n    raise ${cap(word)}QuotaExceeded(resp.json()["detail"])\nacme_sdk.errors.${cap(word)}QuotaExceeded: daily write quota reached for project`,
              '',
            ),
            exit: 1,
          },
    code: (rng, name) =>
      `from __future__ import annotations\n\nfrom dataclasses import dataclass\nfrom decimal import Decimal\n\n\n@dataclass(frozen=True)\nclass ${cap(name)}Line:\n    id: int\n    amount: Decimal\n\n${lines(rng.logInt(3, 60), (i) => `\ndef ${name}_step_${i}(lines: list[${cap(name)}Line]) -> Decimal:\n    return sum((l.amount for l in lines), Decimal(${i}))`)}\n`,
  },
  elixir: {
    ext: 'ex',
    dir: 'lib/acme',
    ok: (rng, w) => ({
      cmd: pick(rng, [
        'mix test',
        'mix test --trace',
        'MIX_ENV=test mix do compile --warnings-as-errors, test',
        'mix credo --strict',
      ]),
      out: amid(
        `Compiling ${rng.int(1, 90)} files (.ex)\nGenerated ${w.project} app`,
        noise(rng, 1, 150, () =>
          rng.chance(0.7)
            ? '.'.repeat(rng.int(10, 80))
            : `warning: variable "${pick(rng, WORDS)}" is unused (if the variable is not meant to be used, prefix it with an underscore)\n  lib/acme/${pick(rng, WORDS)}.ex:${rng.int(5, 300)}`,
        ),
        `Finished in ${rng.int(1, 40)}.${rng.int(0, 9)} seconds (${rng.int(0, 9)}.${rng.int(0, 9)}s async, ${rng.int(1, 30)}.${rng.int(0, 9)}s sync)\n${rng.int(40, 900)} tests, 0 failures\n\nRandomized with seed ${rng.int(1000, 999999)}`,
      ),
      exit: 0,
    }),
    fail: (rng, _w, word) =>
      rng.chance(0.5)
        ? {
            cmd: 'mix test',
            label: 'exunit',
            needle: `Acme.${cap(word)}WorkerTest`,
            out: amid(
              '.'.repeat(rng.int(20, 200)),
              `  1) test retries on :econnrefused with backoff (Acme.${cap(word)}WorkerTest)\n     test/acme/workers_test.exs:${rng.int(10, 200)}\n     Assertion with == failed\n     code:  assert attempts == 3\n     left:  1\n     right: 3\n     stacktrace:\n       test/acme/workers_test.exs:${rng.int(10, 200)}: (test)`,
              `${'.'.repeat(rng.int(10, 100))}\nFinished in ${rng.int(2, 30)}.${rng.int(0, 9)} seconds\n${rng.int(40, 600)} tests, 1 failure`,
            ),
            exit: 2,
          }
        : {
            cmd: 'mix run priv/repo/seeds.exs',
            label: 'elixir-keyerror',
            needle: `key :${word}_ttl not found`,
            out: amid(
              noise(
                rng,
                1,
                40,
                () => `[debug] QUERY OK source="${pick(rng, WORDS)}s" db=${rng.int(0, 9)}.${rng.int(0, 9)}ms`,
              ),
              `** (KeyError) key :${word}_ttl not found in: %{pool_size: 10, timeout: 15000, queue_target: 50}\n    (acme 0.1.0) lib/acme/cache.ex:${rng.int(10, 90)}: Acme.Cache.child_spec/1\n    (elixir 1.17.3) lib/enum.ex:1703: Enum."-map/2-lists^map/1-1-"/2`,
              '',
            ),
            exit: 1,
          },
    code: (rng, name) =>
      `defmodule Acme.${cap(name)} do\n  @moduledoc false\n  use GenServer\n\n${lines(rng.logInt(3, 50), (i) => `  def step${i}(state), do: Map.update(state, :count, ${i}, &(&1 + ${i}))`)}\nend\n`,
  },
  haskell: {
    ext: 'hs',
    dir: 'src/Acme',
    ok: (rng, w) => ({
      cmd: pick(rng, ['stack test --fast', 'stack build --test --no-run-tests', 'cabal test all']),
      out: amid(
        `${w.project}> configure (lib + test)\n${w.project}> build (lib + test) with ghc-9.8.4`,
        noise(
          rng,
          2,
          170,
          (i) =>
            `[${String(i + 1).padStart(2)} of ${rng.int(40, 99)}] Compiling Acme.${cap(pick(rng, WORDS))} ( src/Acme/${cap(pick(rng, WORDS))}.hs, .stack-work/dist/x86_64-linux/ghc-9.8.4/build/Acme/${cap(pick(rng, WORDS))}.o )`,
        ),
        `${w.project}> test (suite: spec)\n\nFinished in ${rng.int(0, 9)}.${hex(rng, 4).replace(/[a-f]/g, '1')} seconds\n${rng.int(30, 500)} examples, 0 failures\n\n${w.project}> Test suite spec passed`,
      ),
      exit: 0,
    }),
    fail: (rng, w, word) => ({
      cmd: 'stack build --fast',
      label: 'ghc',
      needle: `Variable not in scope: ${camel(word, 'Fold')}`,
      out: amid(
        noise(rng, 2, 90, (i) => `[${String(i + 1).padStart(2)} of 64] Compiling Acme.${cap(pick(rng, WORDS))}`),
        `src/Acme/${cap(pick(rng, WORDS))}.hs:${rng.int(10, 300)}:${rng.int(3, 40)}: error: [GHC-88464]\n    Variable not in scope: ${camel(word, 'Fold')} :: [Entry] -> Ledger\n    Suggested fix:\n      Perhaps use one of these:\n        ‘foldl'’ (imported from Data.List), ‘foldr’ (imported from Prelude)`,
        `\nError: [S-7282]\n       Stack failed to execute the build plan.\n\n       While executing the build plan, Stack encountered the error:\n\n       [S-7011]\n       While building package ${w.project}-0.1.0.0 (scroll up to its section to see the error) using:\n       .stack-work/dist/x86_64-linux/ghc-9.8.4/setup/setup --verbose=1 build lib:${w.project} --ghc-options ""\n       Process exited with code: ExitFailure 1`,
      ),
      exit: 1,
    }),
    code: (rng, name) =>
      `module Acme.${cap(name)} where\n\nimport qualified Data.Map.Strict as M\nimport Data.Text (Text)\n\n${lines(rng.logInt(3, 50), (i) => `step${i} :: M.Map Text Int -> Int\nstep${i} = (+ ${i}) . sum . M.elems`)}\n`,
  },
  zig: {
    ext: 'zig',
    dir: 'src',
    ok: (rng) => ({
      cmd: pick(rng, ['zig build test', 'zig build -Doptimize=ReleaseSafe', 'zig build test --summary all']),
      out: amid(
        'Build Summary: ' +
          `${rng.int(3, 20)}/${rng.int(20, 21)} steps succeeded; ${rng.int(20, 300)}/${rng.int(300, 301)} tests passed`,
        noise(
          rng,
          0,
          120,
          () =>
            `+- run test ${rng.int(1, 90)} passed ${ms(rng)}ms MaxRSS:${rng.int(1, 40)}M\n   +- zig test Debug native success ${rng.int(1, 9)}s MaxRSS:${rng.int(100, 400)}M`,
        ),
        '',
      ),
      exit: 0,
    }),
    fail: (rng, _w, word) => ({
      cmd: 'zig build test',
      label: 'zig-compile',
      needle: `use of undeclared identifier '${word}_mask'`,
      out: amid(
        noise(rng, 0, 30, () => `info: ${pick(rng, ['compiling', 'linking', 'caching'])} ${pick(rng, WORDS)}.zig`),
        `test\n+- run test\n   +- zig test Debug native 1 errors\nsrc/${pick(rng, WORDS)}.zig:${rng.int(10, 400)}:${rng.int(5, 40)}: error: use of undeclared identifier '${word}_mask'\n    const bits = word & ${word}_mask;\n                        ^~~~~~~~~~~~\nerror: the following command failed with 1 compilation errors:\n/home/dev/.cache/zig/p/zig-0.13.0/zig test -ODebug -Mroot=/home/dev/src/main.zig --cache-dir /home/dev/.zig-cache --name test --listen=-`,
        `Build Summary: 2/5 steps succeeded; 1 failed (disable with --summary none)\nerror: the following build command failed with exit code 1:`,
      ),
      exit: 1,
    }),
    code: (rng, name) =>
      `const std = @import("std");\n\npub const ${cap(name)} = struct {\n    count: u32 = 0,\n${lines(rng.logInt(3, 50), (i) => `    pub fn step${i}(self: *${cap(name)}) void {\n        self.count +%= ${i};\n    }`)}\n};\n`,
  },
  ruby: {
    ext: 'rb',
    dir: 'app/services',
    ok: (rng) => ({
      cmd: pick(rng, [
        'bundle exec rspec',
        'bin/rails test',
        'bundle exec rspec spec/services',
        'bundle exec rubocop -a',
      ]),
      out: amid(
        `Randomized with seed ${rng.int(1000, 99999)}`,
        noise(rng, 1, 120, () => '.'.repeat(rng.int(20, 100))),
        `\nFinished in ${rng.int(1, 90)}.${rng.int(10, 99)} seconds (files took ${rng.int(1, 9)}.${rng.int(10, 99)} seconds to load)\n${rng.int(50, 2000)} examples, 0 failures, ${rng.int(0, 5)} pending`,
      ),
      exit: 0,
    }),
    fail: (rng, _w, word) =>
      rng.chance(0.5)
        ? {
            cmd: 'bundle exec rspec',
            label: 'rspec',
            needle: `${cap(word)}Reconciler#call`,
            out: amid(
              '.'.repeat(rng.int(40, 300)) + 'F' + '.'.repeat(rng.int(10, 80)),
              `Failures:\n\n  1) ${cap(word)}Reconciler#call with a partial refund books the remainder\n     Failure/Error: expect(entry.amount_cents).to eq(1999)\n\n       expected: 1999\n            got: 2000\n\n       (compared using ==)\n     # ./spec/services/reconciler_spec.rb:${rng.int(10, 200)}:in 'block (3 levels) in <top (required)>'`,
              `Finished in ${rng.int(5, 90)}.${rng.int(10, 99)} seconds\n${rng.int(100, 900)} examples, 1 failure\n\nFailed examples:\n\nrspec ./spec/services/reconciler_spec.rb:${rng.int(10, 200)} # ${cap(word)}Reconciler#call with a partial refund books the remainder`,
            ),
            exit: 1,
          }
        : {
            cmd: `bin/rails runner 'Backfill.run'`,
            label: 'ruby-nomethod',
            needle: `undefined method '${word}_at'`,
            out: amid(
              noise(
                rng,
                0,
                30,
                () =>
                  `  ${cap(pick(rng, WORDS))} Load (${rng.int(0, 9)}.${rng.int(0, 9)}ms)  SELECT "${pick(rng, WORDS)}s".* FROM "${pick(rng, WORDS)}s" LIMIT $1`,
              ),
              `/app/app/services/backfill.rb:${rng.int(5, 90)}:in 'Backfill.run': undefined method '${word}_at' for nil (NoMethodError)\n\tfrom /usr/local/bundle/gems/railties-7.2.2/lib/rails/commands/runner/runner_command.rb:48:in 'Kernel#eval'`,
              '',
            ),
            exit: 1,
          },
    code: (rng, name) =>
      `# frozen_string_literal: true\n\nclass ${cap(name)}Service\n${lines(rng.logInt(3, 50), (i) => `  def step${i}(records)\n    records.sum(&:amount_cents) + ${i}\n  end`)}\nend\n`,
  },
  php: {
    ext: 'php',
    dir: 'app/Services',
    ok: (rng) => ({
      cmd: pick(rng, [
        'vendor/bin/phpunit',
        'php artisan test',
        'vendor/bin/phpstan analyse --level=8',
        'composer test',
      ]),
      out: amid(
        `PHPUnit 11.4.3 by Sebastian Bergmann and contributors.\n\nRuntime:       PHP 8.3.13\nConfiguration: /var/www/phpunit.xml`,
        noise(rng, 1, 90, () => `${'.'.repeat(63)} ${rng.int(60, 900)} / ${rng.int(900, 999)} (${rng.int(1, 99)}%)`),
        `Time: 00:${String(rng.int(1, 59)).padStart(2, '0')}.${rng.int(100, 999)}, Memory: ${rng.int(20, 300)}.00 MB\n\nOK (${rng.int(100, 900)} tests, ${rng.int(900, 4000)} assertions)`,
      ),
      exit: 0,
    }),
    fail: (rng, _w, word) => ({
      cmd: 'vendor/bin/phpunit',
      label: 'phpunit',
      needle: `${cap(word)}Test::testSettleRounding`,
      out: amid(
        `PHPUnit 11.4.3 by Sebastian Bergmann and contributors.\n\n${noise(rng, 1, 40, () => `${'.'.repeat(63)} ${rng.int(60, 900)} / 999`)}`,
        `There was 1 failure:\n\n1) Tests\\Unit\\${cap(word)}Test::testSettleRounding\nFailed asserting that 2000 is identical to 1999.\n\n/var/www/tests/Unit/SettleTest.php:${rng.int(10, 200)}`,
        `FAILURES!\nTests: ${rng.int(100, 900)}, Assertions: ${rng.int(900, 3000)}, Failures: 1.`,
      ),
      exit: 1,
    }),
    code: (rng, name) =>
      `<?php\n\ndeclare(strict_types=1);\n\nnamespace App\\Services;\n\nfinal class ${cap(name)}Service\n{\n${lines(rng.logInt(3, 50), (i) => `    public function step${i}(array $rows): int\n    {\n        return array_sum(array_column($rows, 'amount')) + ${i};\n    }`)}\n}\n`,
  },
  dotnet: {
    ext: 'cs',
    dir: 'src/Acme.Billing',
    ok: (rng) => ({
      cmd: pick(rng, [
        'dotnet test',
        'dotnet build -c Release',
        'dotnet test --filter Category!=Integration',
        'dotnet format --verify-no-changes',
      ]),
      out: amid(
        `  Determining projects to restore...\n  All projects are up-to-date for restore.`,
        noise(
          rng,
          1,
          110,
          () =>
            `  Acme.${cap(pick(rng, WORDS))} -> /src/src/Acme.${cap(pick(rng, WORDS))}/bin/Debug/net8.0/Acme.${cap(pick(rng, WORDS))}.dll`,
        ),
        `Test run for /src/tests/Acme.Billing.Tests/bin/Debug/net8.0/Acme.Billing.Tests.dll (.NETCoreApp,Version=v8.0)\nA total of 1 test files matched the specified pattern.\n\nPassed!  - Failed:     0, Passed:   ${rng.int(50, 900)}, Skipped:     ${rng.int(0, 4)}, Total:   ${rng.int(900, 999)}, Duration: ${rng.int(1, 59)} s - Acme.Billing.Tests.dll (net8.0)`,
      ),
      exit: 0,
    }),
    fail: (rng, _w, word) =>
      rng.chance(0.5)
        ? {
            cmd: 'dotnet build',
            label: 'csc',
            needle: `'${cap(word)}Options' could not be found`,
            out: amid(
              `  Determining projects to restore...\n${noise(rng, 0, 30, () => `  Restored /src/src/Acme.${cap(pick(rng, WORDS))}/Acme.${cap(pick(rng, WORDS))}.csproj (in ${ms(rng)} ms).`)}`,
              `/src/src/Acme.Billing/Startup.cs(${rng.int(10, 200)},${rng.int(5, 40)}): error CS0246: The type or namespace name '${cap(word)}Options' could not be found (are you missing a using directive or an assembly reference?) [/src/src/Acme.Billing/Acme.Billing.csproj]`,
              `\nBuild FAILED.\n\n    0 Warning(s)\n    1 Error(s)\n\nTime Elapsed 00:00:${String(rng.int(5, 59)).padStart(2, '0')}.${rng.int(10, 99)}`,
            ),
            exit: 1,
          }
        : {
            cmd: 'dotnet test',
            label: 'xunit',
            needle: `${cap(word)}Tests.Settle_RoundsHalfEven`,
            out: amid(
              noise(rng, 1, 40, () => `  Acme.${cap(pick(rng, WORDS))} -> /src/src/bin/Debug/net8.0/Acme.dll`),
              `[xUnit.net 00:00:0${rng.int(1, 9)}.${rng.int(10, 99)}]     Acme.Billing.Tests.${cap(word)}Tests.Settle_RoundsHalfEven [FAIL]\n  Failed Acme.Billing.Tests.${cap(word)}Tests.Settle_RoundsHalfEven [${ms(rng)} ms]\n  Error Message:\n   Assert.Equal() Failure: Values differ\nExpected: 1999\nActual:   2000\n  Stack Trace:\n     at Acme.Billing.Tests.SettleTests.Rounds() in /src/tests/Acme.Billing.Tests/SettleTests.cs:line ${rng.int(10, 200)}`,
              `\nFailed!  - Failed:     1, Passed:   ${rng.int(50, 900)}, Skipped:     0, Total:   ${rng.int(900, 999)}, Duration: ${rng.int(1, 59)} s - Acme.Billing.Tests.dll (net8.0)`,
            ),
            exit: 1,
          },
    code: (rng, name) =>
      `namespace Acme.Billing;\n\npublic sealed class ${cap(name)}Service\n{\n${lines(rng.logInt(3, 50), (i) => `    public long Step${i}(IReadOnlyList<long> amounts) => amounts.Sum() + ${i};`)}\n}\n`,
  },
  kotlin: {
    ext: 'kt',
    dir: 'app/src/main/java/com/acme/app',
    ok: (rng, w) => ({
      cmd: pick(rng, [
        './gradlew :app:testDebugUnitTest',
        './gradlew assembleDebug',
        './gradlew lint',
        './gradlew :core:data:test --continue',
      ]),
      out: amid(
        `> Configure project :app\nw: file:///Users/dev/${w.project}/app/build.gradle.kts:${rng.int(10, 90)}:5: 'kotlinOptions' is deprecated.`,
        noise(
          rng,
          3,
          260,
          () =>
            `> Task :${pick(rng, w.modules)}:${pick(rng, ['compileDebugKotlin', 'kspDebugKotlin', 'mergeDebugResources', 'processDebugManifest', 'testDebugUnitTest', 'bundleDebugClassesToCompileJar', 'dexBuilderDebug', 'hiltJavaCompileDebug'])}${pick(rng, ['', ' UP-TO-DATE', ' FROM-CACHE', ' NO-SOURCE'])}`,
        ),
        `\nBUILD SUCCESSFUL in ${rng.int(4, 300)}s\n${rng.int(40, 400)} actionable tasks: ${rng.int(1, 40)} executed, ${rng.int(10, 300)} up-to-date`,
      ),
      exit: 0,
    }),
    fail: (rng, w, word) =>
      rng.chance(0.5)
        ? {
            cmd: './gradlew :app:compileDebugKotlin',
            label: 'kotlinc',
            needle: `Unresolved reference '${camel(word, 'State')}'`,
            out: amid(
              noise(
                rng,
                3,
                90,
                () =>
                  `> Task :${pick(rng, w.modules)}:${pick(rng, ['preBuild', 'generateDebugResValues', 'kspDebugKotlin'])} UP-TO-DATE`,
              ),
              `> Task :app:compileDebugKotlin FAILED\ne: file:///Users/dev/${w.project}/app/src/main/java/com/acme/app/ui/${cap(pick(rng, WORDS))}Screen.kt:${rng.int(20, 300)}:${rng.int(5, 40)} Unresolved reference '${camel(word, 'State')}'.`,
              `\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task ':app:compileDebugKotlin'.\n> A failure occurred while executing org.jetbrains.kotlin.compilerRunner.GradleCompilerRunnerWithWorkers$GradleKotlinCompilerWorkAction\n   > Compilation error. See log for more details\n\n* Try:\n> Run with --stacktrace option to get the stack trace.\n> Run with --info or --debug option to get more log output.\n> Run with --scan to get full insights.\n> Get more help at https://help.gradle.org.\n\nBUILD FAILED in ${rng.int(10, 200)}s`,
            ),
            exit: 1,
          }
        : {
            cmd: './gradlew :core:data:testDebugUnitTest',
            label: 'junit',
            needle: `${cap(word)}RepositoryTest > emitsCachedValueFirst()`,
            out: amid(
              noise(
                rng,
                3,
                80,
                () => `> Task :core:data:${pick(rng, ['compileDebugUnitTestKotlin', 'processDebugUnitTestJavaRes'])}`,
              ),
              `> Task :core:data:testDebugUnitTest\n\n${cap(word)}RepositoryTest > emitsCachedValueFirst() FAILED\n    app.cash.turbine.TurbineAssertionError at ${cap(word)}RepositoryTest.kt:${rng.int(20, 200)}\n        Caused by: java.lang.AssertionError: Expected item but found Complete`,
              `\n${rng.int(20, 300)} tests completed, 1 failed\n\n> Task :core:data:testDebugUnitTest FAILED\n\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task ':core:data:testDebugUnitTest'.\n> There were failing tests. See the report at: file:///Users/dev/${w.project}/core/data/build/reports/tests/testDebugUnitTest/index.html\n\nBUILD FAILED in ${rng.int(10, 200)}s`,
            ),
            exit: 1,
          },
    code: (rng, name) =>
      `package com.acme.app\n\nimport kotlinx.coroutines.flow.Flow\nimport kotlinx.coroutines.flow.map\n\nclass ${cap(name)}Repository(private val dao: ${cap(name)}Dao) {\n${lines(rng.logInt(3, 50), (i) => `    fun step${i}(): Flow<Int> = dao.observe().map { it.size + ${i} }`)}\n}\n`,
  },
  swift: {
    ext: 'swift',
    dir: 'Sources/Checkout',
    ok: (rng, w) => ({
      cmd: pick(rng, [
        `xcodebuild -scheme ${cap(w.project)} -destination 'platform=iOS Simulator,name=iPhone 16' test`,
        'swift test --parallel',
        `xcodebuild -workspace ${cap(w.project)}.xcworkspace -scheme ${cap(w.project)} build`,
      ]),
      out: amid(
        `Command line invocation:\n    /Applications/Xcode_16.2.app/Contents/Developer/usr/bin/xcodebuild -scheme ${cap(w.project)} test`,
        noise(rng, 3, 240, () =>
          rng.chance(0.5)
            ? `CompileSwift normal arm64 /Users/dev/${w.project}/Sources/${pick(rng, ['Checkout', 'Catalog', 'Account'])}/${cap(pick(rng, WORDS))}View.swift (in target '${cap(pick(rng, WORDS))}' from project '${cap(w.project)}')`
            : `Test Case '-[${cap(w.project)}Tests.${cap(pick(rng, WORDS))}Tests test${cap(pick(rng, WORDS))}]' passed (${rng.int(0, 1)}.${rng.int(100, 999)} seconds).`,
        ),
        `Test Suite 'All tests' passed at 2025-03-14 09:${rng.int(10, 59)}:11.${rng.int(100, 999)}.\n\t Executed ${rng.int(40, 700)} tests, with 0 failures (0 unexpected) in ${rng.int(1, 90)}.${rng.int(100, 999)} seconds\n** TEST SUCCEEDED **`,
      ),
      exit: 0,
    }),
    fail: (rng, w, word) =>
      rng.chance(0.5)
        ? {
            cmd: `xcodebuild -scheme ${cap(w.project)} -destination 'platform=iOS Simulator,name=iPhone 16' build`,
            label: 'swiftc',
            needle: `has no member '${camel(word, 'Total')}'`,
            out: amid(
              noise(
                rng,
                3,
                100,
                () =>
                  `SwiftCompile normal arm64 Compiling ${cap(pick(rng, WORDS))}Model.swift /Users/dev/${w.project}/Sources/Checkout/${cap(pick(rng, WORDS))}Model.swift`,
              ),
              `/Users/dev/${w.project}/Sources/Checkout/CartStore.swift:${rng.int(20, 300)}:${rng.int(5, 40)}: error: value of type 'CartStore' has no member '${camel(word, 'Total')}'\n        let total = store.${camel(word, 'Total')}\n                    ~~~~~ ^`,
              `\nThe following build commands failed:\n\tSwiftCompile normal arm64 /Users/dev/${w.project}/Sources/Checkout/CartStore.swift (in target 'Checkout' from project '${cap(w.project)}')\n(1 failure)\n** BUILD FAILED **`,
            ),
            exit: 65,
          }
        : {
            cmd: `xcodebuild test -scheme ${cap(w.project)} -only-testing:CheckoutTests`,
            label: 'xctest',
            needle: `${cap(word)}PromoTests testAppliesStackedDiscount`,
            out: amid(
              noise(
                rng,
                3,
                100,
                () =>
                  `Test Case '-[CheckoutTests.${cap(pick(rng, WORDS))}Tests test${cap(pick(rng, WORDS))}]' passed (0.${rng.int(100, 999)} seconds).`,
              ),
              `Test Case '-[CheckoutTests.${cap(word)}PromoTests testAppliesStackedDiscount]' started.\n/Users/dev/${w.project}/Tests/CheckoutTests/PromoTests.swift:${rng.int(10, 200)}: error: -[CheckoutTests.${cap(word)}PromoTests testAppliesStackedDiscount] : XCTAssertEqual failed: ("18.99") is not equal to ("17.99")\nTest Case '-[CheckoutTests.${cap(word)}PromoTests testAppliesStackedDiscount]' failed (0.${rng.int(100, 999)} seconds).`,
              `Test Suite 'All tests' failed at 2025-03-14 10:11:02.118.\n\t Executed ${rng.int(40, 700)} tests, with 1 failure (0 unexpected) in ${rng.int(1, 90)}.${rng.int(100, 999)} seconds\n** TEST FAILED **`,
            ),
            exit: 65,
          },
    code: (rng, name) =>
      `import Foundation\n\n@MainActor\nfinal class ${cap(name)}Store: ObservableObject {\n    @Published private(set) var items: [Int] = []\n${lines(rng.logInt(3, 50), (i) => `    func step${i}() -> Int { items.reduce(${i}, +) }`)}\n}\n`,
  },
  node: {
    ext: 'ts',
    dir: 'src',
    ok: (rng) => ({
      cmd: pick(rng, ['pnpm test', 'npm run build', 'npx jest --ci', 'pnpm -r run typecheck']),
      out: amid(
        '',
        noise(
          rng,
          1,
          140,
          () =>
            `PASS ${pick(rng, ['src', 'test'])}/${pick(rng, WORDS)}/${pick(rng, WORDS)}.test.ts (${rng.int(1, 9)}.${rng.int(100, 999)} s)`,
        ),
        `\nTest Suites: ${rng.int(10, 90)} passed, ${rng.int(90, 99)} total\nTests:       ${rng.int(100, 900)} passed, ${rng.int(900, 999)} total\nSnapshots:   0 total\nTime:        ${rng.int(3, 90)}.${rng.int(100, 999)} s\nRan all test suites.`,
      ),
      exit: 0,
    }),
    fail: (rng, _w, word) => ({
      cmd: 'npx jest --ci',
      label: 'jest',
      needle: `reading '${camel(word, 'Id')}'`,
      out: amid(
        noise(rng, 1, 60, () => `PASS src/${pick(rng, WORDS)}/${pick(rng, WORDS)}.test.ts`),
        `FAIL src/billing/settle.test.ts\n  ● settle › books the remainder of a partial refund\n\n    TypeError: Cannot read properties of undefined (reading '${camel(word, 'Id')}')\n\n      ${rng.int(10, 99)} |   const entry = ledger.find((e) => e.orderId === order.id);\n    > ${rng.int(10, 99)} |   return entry.${camel(word, 'Id')};\n         |                ^\n\n      at settle (src/billing/settle.ts:${rng.int(10, 200)}:16)`,
        `Test Suites: 1 failed, ${rng.int(10, 90)} passed, ${rng.int(90, 99)} total\nTests:       1 failed, ${rng.int(100, 900)} passed, ${rng.int(900, 999)} total`,
      ),
      exit: 1,
    }),
    code: (rng, name) =>
      `export interface ${cap(name)}Line {\n  id: string;\n  amountMinor: number;\n}\n\n${lines(rng.logInt(3, 50), (i) => `export const ${name}Step${i} = (xs: ${cap(name)}Line[]): number => xs.reduce((a, x) => a + x.amountMinor, ${i});`)}\n`,
  },
  go: {
    ext: 'go',
    dir: 'internal/ledger',
    ok: (rng, w) => ({
      cmd: pick(rng, ['go test ./...', 'go vet ./...', 'go test -race ./internal/...', 'golangci-lint run']),
      out: noise(
        rng,
        2,
        120,
        () => `ok  \tgithub.com/acme/${w.project}/internal/${pick(rng, WORDS)}\t${rng.int(0, 9)}.${rng.int(100, 999)}s`,
      ),
      exit: 0,
    }),
    fail: (rng, w, word) => ({
      cmd: 'go test ./...',
      label: 'go-test',
      needle: `Test${cap(word)}Merge`,
      out: amid(
        noise(
          rng,
          1,
          60,
          () => `ok  \tgithub.com/acme/${w.project}/internal/${pick(rng, WORDS)}\t0.${rng.int(100, 999)}s`,
        ),
        `--- FAIL: Test${cap(word)}Merge (0.0${rng.int(1, 9)}s)\n    merge_test.go:${rng.int(10, 200)}: got 1999, want 2000\nFAIL\nFAIL\tgithub.com/acme/${w.project}/internal/ledger\t0.${rng.int(100, 999)}s`,
        'FAIL',
      ),
      exit: 1,
    }),
    code: (rng, name) =>
      `package ledger\n\ntype ${cap(name)} struct {\n\tAmount int64\n}\n\n${lines(rng.logInt(3, 50), (i) => `func Step${i}(xs []${cap(name)}) int64 {\n\tvar t int64 = ${i}\n\tfor _, x := range xs {\n\t\tt += x.Amount\n\t}\n\treturn t\n}`)}\n`,
  },
  terraform: {
    ext: 'tf',
    dir: 'infra/modules/edge',
    ok: (rng) => ({
      cmd: pick(rng, [
        'terraform plan -out=tfplan',
        'terraform validate',
        'terraform fmt -check -recursive',
        'terraform init -upgrade',
      ]),
      out: amid(
        '',
        noise(
          rng,
          1,
          200,
          () =>
            `  # module.${pick(rng, WORDS)}.aws_${pick(rng, ['s3_bucket', 'iam_role', 'lambda_function', 'cloudwatch_log_group', 'security_group_rule'])}.${pick(rng, WORDS)} will be ${pick(rng, ['created', 'updated in-place', 'read during apply'])}`,
        ),
        `\nPlan: ${rng.int(0, 20)} to add, ${rng.int(0, 20)} to change, 0 to destroy.\n\nSaved the plan to: tfplan`,
      ),
      exit: 0,
    }),
    fail: (rng, _w, word) => ({
      cmd: 'terraform plan -out=tfplan',
      label: 'terraform',
      needle: `"${word}_exec" has not been declared`,
      out: amid(
        noise(
          rng,
          0,
          40,
          () => `module.${pick(rng, WORDS)}.data.aws_iam_policy_document.${pick(rng, WORDS)}: Reading...`,
        ),
        `╷\n│ Error: Reference to undeclared resource\n│ \n│   on modules/edge/main.tf line ${rng.int(10, 200)}, in resource "aws_lambda_function" "edge":\n│   ${rng.int(10, 200)}:   role = aws_iam_role.${word}_exec.arn\n│ \n│ A managed resource "aws_iam_role" "${word}_exec" has not been declared in module.edge.\n╵`,
        '',
      ),
      exit: 1,
    }),
    code: (rng, name) =>
      `resource "aws_s3_bucket" "${name}" {\n  bucket = "acme-${name}-logs"\n}\n\n${lines(rng.logInt(2, 30), (i) => `resource "aws_cloudwatch_log_group" "${name}_${i}" {\n  name              = "/acme/${name}/${i}"\n  retention_in_days = 30\n}`)}\n`,
  },
  ansible: {
    ext: 'yml',
    dir: 'playbooks',
    ok: (rng) => {
      const hosts = Array.from(
        { length: rng.int(2, 12) },
        (_, i) => `${pick(rng, ['web', 'app', 'db', 'worker'])}-${String(i + 1).padStart(2, '0')}`,
      );
      return {
        cmd: pick(rng, [
          'ansible-playbook -i inventory/prod site.yml --check --diff',
          'ansible-playbook -i inventory/staging deploy.yml',
          'ansible-lint playbooks/',
        ]),
        out: amid(
          `PLAY [${pick(rng, WORDS)} servers] ****************************************************`,
          noise(
            rng,
            2,
            150,
            () =>
              `\nTASK [${pick(rng, ['common', 'nginx', 'app', 'node_exporter'])} : ${pick(rng, ['Install packages', 'Template config', 'Restart service', 'Ensure user exists'])}] ***\n${hosts.map((h) => `${pick(rng, ['ok', 'ok', 'changed', 'skipping'])}: [${h}]`).join('\n')}`,
          ),
          `\nPLAY RECAP *********************************************************************\n${hosts.map((h) => `${h.padEnd(26)}: ok=${rng.int(5, 40)}   changed=${rng.int(0, 6)}    unreachable=0    failed=0    skipped=${rng.int(0, 9)}    rescued=0    ignored=0`).join('\n')}`,
        ),
        exit: 0,
      };
    },
    fail: (rng, _w, word) => ({
      cmd: 'ansible-playbook -i inventory/prod site.yml --limit web',
      label: 'ansible',
      needle: `${word}-agent`,
      out: amid(
        `PLAY [web] *********************************************************************\n${noise(rng, 1, 50, () => `ok: [web-0${rng.int(1, 9)}]`)}`,
        `TASK [monitoring : Start collector] ********************************************\nfatal: [web-03]: FAILED! => {"changed": false, "msg": "Could not find the requested service ${word}-agent: host"}`,
        `\nPLAY RECAP *********************************************************************\nweb-03                     : ok=14   changed=2    unreachable=0    failed=1    skipped=3    rescued=0    ignored=0`,
      ),
      exit: 2,
    }),
    code: (rng, name) =>
      `---\n- name: ${name} servers\n  hosts: ${name}\n  become: true\n  tasks:\n${lines(rng.logInt(2, 30), (i) => `    - name: Step ${i}\n      ansible.builtin.template:\n        src: ${name}-${i}.j2\n        dest: /etc/acme/${name}-${i}.conf\n        mode: "0644"`)}\n`,
  },
  pulumi: {
    ext: 'ts',
    dir: 'infra/pulumi',
    ok: (rng) => ({
      cmd: pick(rng, ['pulumi preview --diff --stack prod', 'pulumi up --yes --stack staging', 'pulumi refresh --yes']),
      out: amid(
        'Previewing update (prod)\n\n     Type                              Name                 Plan',
        noise(
          rng,
          1,
          150,
          () =>
            ` ${pick(rng, ['~', '+', ' '])}   ├─ aws:${pick(rng, ['s3:BucketV2', 'lambda:Function', 'iam:Role', 'cloudwatch:LogGroup'])}${' '.repeat(8)}${pick(rng, WORDS)}-${pick(rng, WORDS)}${' '.repeat(8)}${pick(rng, ['update', 'create', ''])}`,
        ),
        `\nResources:\n    + ${rng.int(0, 9)} to create\n    ~ ${rng.int(0, 9)} to update\n    ${rng.int(10, 90)} unchanged`,
      ),
      exit: 0,
    }),
    fail: (rng, _w, word) => ({
      cmd: 'pulumi up --yes --stack prod',
      label: 'pulumi',
      needle: `${word}-fn`,
      out: amid(
        `Updating (prod)\n\n${noise(rng, 1, 40, () => `     aws:iam:Role  ${pick(rng, WORDS)}-role`)}`,
        `Diagnostics:\n  aws:lambda:Function (${word}-fn):\n    error: 1 error occurred:\n    \t* creating urn:pulumi:prod::edge::aws:lambda/function:Function::${word}-fn: operation error Lambda: CreateFunction, https response error StatusCode: 400, RequestID: ${hex(rng, 8)}-${hex(rng, 4)}, InvalidParameterValueException: The role defined for the function cannot be assumed by Lambda.`,
        `\nResources:\n    ${rng.int(10, 60)} unchanged\n\nDuration: ${rng.int(5, 90)}s`,
      ),
      exit: 255,
    }),
    code: (rng, name) =>
      `import * as aws from '@pulumi/aws';\n\n${lines(rng.logInt(2, 30), (i) => `export const ${name}${i} = new aws.cloudwatch.LogGroup('${name}-${i}', { retentionInDays: 30 });`)}\n`,
  },
};

export const ecoDef = (eco: Eco): EcoDef => DEFS[eco];

/** A path in the project for `eco`, named after ordinary words. */
export function ecoPath(rng: Rng, eco: Eco): string {
  const d = DEFS[eco];
  const n = rng.pick(WORDS);
  const base = ['ruby', 'python', 'r', 'julia', 'zig', 'elixir', 'terraform', 'ansible'].includes(eco) ? n : cap(n);
  return `${d.dir}/${base}.${d.ext}`;
}
