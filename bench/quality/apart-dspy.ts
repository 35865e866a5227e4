/**
 * The dspy harness of the apart family (apart.ts): a DSPy ReAct program under the ChatAdapter — the
 * model fills `[[ ## next_thought ## ]]`, `[[ ## next_tool_name ## ]]` and `[[ ## next_tool_args ## ]]`
 * fields, one tool per iteration, and the harness answers with `[[ ## observation_N ## ]]` and the
 * adapter's reminder of the output fields. An R package with C code on its way to CRAN (devtools,
 * testthat, `R CMD check`), for an English-speaking maintainer.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import { buried, fail, lines, ok, one, semver, type ApartHarness, type Planter, type WideStep } from './apart-kit';

const TOOLS = ['read_file', 'write_file', 'run_r', 'rcmd_check', 'bash'];
const R_FILES = ['R/peaks.R', 'R/rating.R', 'R/lmoments.R', 'R/flow.R', 'src/lmoments.c', 'DESCRIPTION', 'NAMESPACE'];
const CONTEXTS = ['flow', 'peaks', 'rating', 'lmoments', 'baseflow', 'gev'];

const THOUGHT: Record<string, string[]> = {
  read_file: [
    'I should look at the file before changing anything.',
    'Let me read this file to see how it is written now.',
    'The source of this file will show what the function does.',
  ],
  write_file: ['I will write the change to the file.', 'Now I can write the file with the fix.'],
  run_r: [
    'Running the tests will tell me where the package stands.',
    'I should check the result in R.',
    'Let me run this in a fresh R session.',
  ],
  rcmd_check: ['A full R CMD check shows what CRAN will see.', 'Time for a complete check as CRAN runs it.'],
  bash: ['A quick shell command answers this.', 'I can find this with the shell.', 'Let me search the sources.'],
};

/** A thought for a step that states none (the same call, the same thought). */
function thought(c: WideStep['calls'][number]): string {
  const all = THOUGHT[c.tool] ?? ['Next I call this tool.'];
  return all[JSON.stringify(c.args).length % all.length] as string;
}

function render(s: WideStep): string {
  const c = s.calls[0] as WideStep['calls'][number];
  return `[[ ## next_thought ## ]]\n${s.say ?? thought(c)}\n\n[[ ## next_tool_name ## ]]\n${c.tool}\n\n[[ ## next_tool_args ## ]]\n${JSON.stringify(c.args)}\n\n[[ ## completed ## ]]`;
}

function results(s: WideStep, n: number): string {
  const c = s.calls[0] as WideStep['calls'][number];
  return `[[ ## observation_${n} ## ]]\n${c.output}\n\nRespond with the corresponding output fields, starting with the field \`[[ ## next_thought ## ]]\`, then \`[[ ## next_tool_name ## ]]\` (must be formatted as a valid Python Literal[${TOOLS.map((t) => `'${t}'`).join(', ')}, 'finish']), then \`[[ ## next_tool_args ## ]]\` (must be formatted as a valid Python dict[str, Any]), and then ending with the marker for \`[[ ## completed ## ]]\`.`;
}

function testthat(rng: Rng, fails = ''): string {
  const rows = lines(
    rng.int(3, 6),
    () =>
      `✔ |         ${String(rng.int(3, 30)).padStart(2)} | ${rng.pick(CONTEXTS)} [${rng.int(0, 2)}.${rng.int(1, 9)}s]`,
  );
  const pass = rng.int(60, 140);
  return `ℹ Testing hydrostat\n✔ | F W  S  OK | Context\n${rows}${fails}\n\n══ Results ═════════════════════════════════════════════════════════════════════\nDuration: ${rng.int(1, 9)}.${rng.int(0, 9)} s\n\n[ FAIL ${fails ? 1 : 0} | WARN ${rng.int(0, 2)} | SKIP ${rng.int(0, 3)} | PASS ${pass} ]${fails ? '' : '\n🎯 Your tests hit the mark 🎯'}`;
}

function rSource(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `#' @param x A numeric vector of daily flows (m^3/s).`,
      `#' @export`,
      `peaks_${i} <- function(x, threshold = stats::quantile(x, 0.95, na.rm = TRUE)) {`,
      `  stopifnot(is.numeric(x), length(x) > ${rng.int(1, 30)})`,
      `  idx <- which(diff(sign(diff(x))) == -2) + 1L`,
      `  .Call(C_lmoments, as.double(x), ${rng.int(2, 5)}L)`,
      '}',
      '',
    ]),
  );
}

function checkLines(): string[] {
  return [
    '* checking for file ‘hydrostat/DESCRIPTION’ ... OK',
    '* checking package namespace information ... OK',
    '* checking package dependencies ... OK',
    '* checking if this is a source package ... OK',
    '* checking whether package ‘hydrostat’ can be installed ... OK',
    '* checking installed package size ... OK',
    '* checking R code for possible problems ... OK',
    '* checking Rd files ... OK',
    '* checking for missing documentation entries ... OK',
    '* checking compiled code ... OK',
    '* checking examples ... OK',
    '* checking tests ...\n  Running ‘testthat.R’\n OK',
    '* checking PDF version of manual ... OK',
  ];
}

function checkHead(rng: Rng, v: string): string {
  return `* using log directory ‘/home/maint/hydrostat.Rcheck’\n* using R version 4.4.${rng.int(0, 2)} (2024-06-14)\n* using platform: x86_64-pc-linux-gnu\n* using session charset: UTF-8\n* using option ‘--as-cran’\n* this is package ‘hydrostat’ version ‘${v}’`;
}

function dspyNoise(rng: Rng): WideStep {
  const r = rng.int(0, 5);
  if (r === 0) return one(undefined, ok('run_r', { expr: 'devtools::test()' }, testthat(rng)));
  if (r === 1)
    return one(undefined, ok('read_file', { path: rng.pick(R_FILES.slice(0, 4)) }, rSource(rng, rng.int(15, 50))));
  if (r === 2)
    return one(
      undefined,
      ok(
        'run_r',
        { expr: 'devtools::document()' },
        `ℹ Updating hydrostat documentation\nℹ Loading hydrostat\n${lines(rng.int(1, 4), () => `Writing '${rng.pick(CONTEXTS)}.Rd'`)}`,
      ),
    );
  if (r === 3)
    return one(
      undefined,
      ok(
        'bash',
        { cmd: `grep -rn "${rng.pick(['.Call', 'stopifnot', 'na.rm', '@export'])}" R/ | head` },
        lines(rng.int(3, 10), () => `${rng.pick(R_FILES.slice(0, 4))}:${rng.int(3, 200)}:${rSource(rng, 1)}`),
      ),
    );
  if (r === 4)
    return one(
      'Checking spelling before submission.',
      ok(
        'run_r',
        { expr: 'spelling::spell_check_package()' },
        rng.chance(0.5)
          ? 'No spelling errors found.'
          : `  WORD          FOUND IN\n  ${rng.pick(['hydrograph', 'baseflow', 'Weibull'])}    ${rng.pick(CONTEXTS)}.Rd:${rng.int(5, 40)}`,
      ),
    );
  return one(
    undefined,
    ok(
      'bash',
      { cmd: 'git status --short' },
      lines(rng.int(1, 3), () => ` M ${rng.pick(R_FILES)}`),
    ),
  );
}

function dspyBig(rng: Rng): WideStep {
  if (rng.chance(0.5)) {
    const v = semver(rng, 0);
    return one(
      undefined,
      ok(
        'rcmd_check',
        { args: '--as-cran hydrostat_*.tar.gz' },
        `${checkHead(rng, v)}\n${lines(rng.int(120, 200), (i) => `${checkLines()[i % 13]}`)}\n* DONE\n\nStatus: OK`,
      ),
    );
  }
  return one('I need the full file.', ok('read_file', { path: 'R/lmoments.R' }, rSource(rng, rng.int(300, 420))));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `get hydrostat through R CMD check --as-cran with the new ${t}_gev() fitter`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Hi. I maintain hydrostat (R package, some C in src/). CRAN bounced the last upload. Please ${needle}; the reviewer's email is in cran-comments.md.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `add a ${t}_baseflow() filter (Lyne-Hollick, 3 passes)`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `While you're in there, could you ${needle}? Users keep asking for it.` }],
        };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `no new Imports in DESCRIPTION, ${t} must stay dependency-free`;
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: `Important: ${needle}. Suggests is fine if you really need it for tests.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `Please do not modify the user's options or par() in ${t}_plot(); reset them with on.exit()`;
        return {
          how: 'tool-guidelines',
          needle,
          beats: [
            {
              step: one(
                'The CRAN reviewer left comments; I should read them first.',
                ok(
                  'read_file',
                  { path: 'cran-comments.md' },
                  `## Resubmission\n\nThis is a resubmission. In this version I have:\n\n* ...\n\n## Reviewer comments (Uwe, ${rng.int(2, 28)} June)\n\n> Please always write package names, software names and API names in single quotes in title and description.\n> ${needle}.\n> Please ensure that your functions do not write by default in the user's home filespace.\n\n## R CMD check results\n\n0 errors | 0 warnings | 1 note`,
                ),
              ),
            },
            {
              step: one(
                `So ${t}_plot() needs oldpar <- par(no.readonly = TRUE) and on.exit(par(oldpar)).`,
                ok(
                  'bash',
                  { cmd: `grep -n "par(" R/${t}_plot.R` },
                  `${rng.int(10, 40)}:  par(mfrow = c(2, 1), mar = c(4, 4, 1, 1))`,
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
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `Rather than calling lmomco, I'm porting ${t} to the existing C routine`;
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}: lmomco would be a new hard dependency and the C code already computes the first four L-moments.`,
                ok(
                  'read_file',
                  { path: 'src/lmoments.c' },
                  'SEXP C_lmoments(SEXP x, SEXP nmom) {\n  R_xlen_t n = XLENGTH(x);\n  ...\n}',
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
        const needle = `deprecate ${t}_fit() with lifecycle::deprecate_warn() instead of removing it`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: `Let's ${needle} — a couple of downstream packages still call it.` }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `tests/testthat/test-${t}.R`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'write_file',
                  {
                    path: needle,
                    content: `test_that("${t} returns finite estimates", {\n  x <- rgamma(${rng.int(100, 900)}, 2, 1)\n  expect_true(all(is.finite(${t}_gev(x)$par)))\n})\n`,
                  },
                  `Wrote ${rng.int(150, 300)} characters to ${needle}`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'run_r',
                  { expr: `testthat::test_file("${needle}")` },
                  `[ FAIL 0 | WARN 0 | SKIP 0 | PASS ${rng.int(1, 6)} ]`,
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
        const needle = `R/${t}-utils.R`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'write_file',
                  {
                    path: needle,
                    content: `#' @noRd\n.${t}_check <- function(x) {\n  if (anyNA(x)) warning("NA values dropped", call. = FALSE)\n  x[!is.na(x)]\n}\n`,
                  },
                  `Wrote ${rng.int(100, 200)} characters to ${needle}`,
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
        const needle = `Error in ${t}_curve(stage, flow, method = "power") : object 'stage' not found`;
        const head = checkLines().slice(0, 10);
        const out = buried(
          rng,
          rng.chance(0.4) ? 80 : 6,
          (i) => head[i % head.length] as string,
          `* checking Rd cross-references ... WARNING\nMissing link or links in Rd file '${rng.pick(CONTEXTS)}.Rd':\n  ‘gev_fit’\n* checking examples ... ERROR\nRunning examples in ‘hydrostat-Ex.R’ failed\nThe error most likely occurred in:\n\n> ### Name: ${t}_curve\n> ### Title: Fit a stage-discharge rating curve\n> ### Aliases: ${t}_curve\n>\n> ### ** Examples\n>\n> rc <- ${t}_curve(stage, flow, method = "power")\n${needle}\nCalls: ${t}_curve -> stopifnot\nExecution halted`,
          `* checking for unstated dependencies in ‘tests’ ... OK\n* checking tests ...\n  Running ‘testthat.R’\n OK\n* checking PDF version of manual ... OK\n* DONE\n\nStatus: 1 ERROR, 1 WARNING, 2 NOTEs\nSee\n  ‘/home/maint/hydrostat.Rcheck/00check.log’\nfor details.`,
        );
        return {
          how: 'tool-check',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'rcmd_check',
                  { args: '--as-cran hydrostat_0.9.2.tar.gz' },
                  `${checkHead(rng, '0.9.2')}\n${out}`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `The ${t}_curve example uses objects it never defines; it needs the bundled 'gauge' data set.`,
                ok(
                  'read_file',
                  { path: `man/${t}_curve.Rd` },
                  `\\examples{\nrc <- ${t}_curve(stage, flow, method = "power")\n}`,
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
        const needle = `Failure (test-peaks.R:${rng.int(20, 99)}:3): ${t} handles NA`;
        const fails = `\n✖ | 1      ${rng.int(3, 12)} | peaks [0.2s]\n────────────────────────────────────────────────────────────────────────────────\n${needle}\n\`res$n\` (\`actual\`) not equal to 3L (\`expected\`).\n\n  \`actual\`: 2\n\`expected\`: 3\n────────────────────────────────────────────────────────────────────────────────`;
        return {
          how: 'tool-testthat',
          needle,
          beats: [
            { step: one(undefined, fail('run_r', { expr: 'devtools::test()' }, testthat(rng, fails), 1)) },
            {
              step: one(
                `The ${t} case drops the NA run before counting peaks, so one peak is lost.`,
                ok('read_file', { path: 'R/peaks.R' }, rSource(rng, 14)),
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
      plant: ({ mint }) => {
        const t = mint('hex');
        const needle = `Submission ID: ${t}-hydrostat`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Everything passes; submitting the tarball to CRAN.',
                ok(
                  'run_r',
                  { expr: 'devtools::submit_cran()' },
                  `── Building ──────────────── hydrostat ──\n✔  checking for file ‘/home/maint/hydrostat/DESCRIPTION’\n─  building ‘hydrostat_0.9.3.tar.gz’\n\nUploading package & comments\nConfirming submission\n${needle}\nℹ Package submission successful.\nℹ Check your email for confirmation link.`,
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
        const t = mint('num');
        const needle = `Zenodo DOI 10.5281/zenodo.${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Put the ${needle} in inst/CITATION and the README badge, please.` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `still to do: run rhub::rhub_check() on ${t} for the macOS arm64 flavour`;
        return {
          how: 'agent-next',
          needle,
          beats: [
            {
              step: one(
                `Local check is clean; ${needle} before resubmitting.`,
                ok('bash', { cmd: 'git log --oneline -3' }, 'a1c9e02 fix examples\n77d2b10 document\n3f0a9c1 NEWS'),
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
        const needle = `add a NEWS.md entry for ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Great work. Before we wrap up, ${needle} — CRAN reads it.` },
            {
              step: one(
                `NEWS.md has no ${t} entry yet.`,
                ok('read_file', { path: 'NEWS.md' }, '# hydrostat 0.9.2\n\n* Fixed rating curve extrapolation.\n'),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The dspy harness. */
export const APART_DSPY: ApartHarness = {
  style: 'dspy',
  protocol: 'text',
  system:
    "Your input fields are:\n1. `request` (str)\n2. `trajectory` (str)\nYour output fields are:\n1. `next_thought` (str)\n2. `next_tool_name` (Literal['read_file', 'write_file', 'run_r', 'rcmd_check', 'bash', 'finish'])\n3. `next_tool_args` (dict[str, Any])\nAll interactions will be structured in the following way, with the appropriate values filled in.\n\n[[ ## request ## ]]\n{request}\n\n[[ ## trajectory ## ]]\n{trajectory}\n\n[[ ## next_thought ## ]]\n{next_thought}\n\n[[ ## next_tool_name ## ]]\n{next_tool_name}\n\n[[ ## next_tool_args ## ]]\n{next_tool_args}\n\n[[ ## completed ## ]]\nIn adhering to this structure, your objective is: \n        You are an R package maintenance agent working in /home/maint/hydrostat (R 4.4, devtools, testthat 3e).\n        Given the fields `request`, produce the fields `answer`.\n        In each episode you will be given the fields `request` as input, and you can see your past trajectory so far. Your goal is to use one or more of the supplied tools to collect any necessary information for producing `answer`.\n        To do this, you will interleave next_thought, next_tool_name, and next_tool_args in each turn, and also when finishing the task. After each tool call, you receive a resulting observation, which gets appended to your trajectory.",
  tools: TOOLS,
  renderStep: render,
  renderResults: (s, _ids, n) => results(s, n),
  resultStart: /^\[\[ ## observation_\d+ ## \]\]\n/,
  callMark: /^\[\[ ## next_tool_name ## \]\]$/gm,
  resultMark: /^\[\[ ## observation_\d+ ## \]\]$/gm,
  noise: dspyNoise,
  big: dspyBig,
  followUp: (rng) =>
    rng.pick([
      'Where are we with the check?',
      'Any NOTEs left?',
      'Run the tests again please.',
      'What did you change in src/?',
      'ok — anything in the Rd files?',
    ]),
  keepGoing: (rng) => rng.pick(['Continue.', 'Keep going until R CMD check is clean.', 'go on']),
  answer: (rng) =>
    `[[ ## reasoning ## ]]\n${rng.pick(['The tests pass and the check reports no errors.', 'The requested change is in place and documented.', 'I verified the change with devtools::test().'])}\n\n[[ ## answer ## ]]\n${rng.pick(['Done: tests pass, R CMD check --as-cran shows 0 errors and 0 warnings.', 'Finished this part; documentation regenerated with roxygen.', 'The package builds and the examples run.'])}\n\n[[ ## completed ## ]]`,
  probe: (rng) => rng.pick(['Carry on.', 'Continue from where you stopped.', 'Next step?']),
  planters: PLANTERS,
};
