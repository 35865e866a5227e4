/**
 * Far harnesses that work on code: mini-swe-agent (bash blocks, observations as user
 * messages), a CI-triage bot (GitHub Actions and GitLab job logs), a data-engineering agent
 * (dbt, Airflow, Spark), an Android build agent (Gradle, adb, logcat) and a local model on a
 * C++/CMake project speaking Hermes `<tool_call>` tags.
 */
import { b62, hex, type Act } from './far-core';
import type { Carrier, FarHarness, FarStyle } from './far-kit';
import {
  ansi,
  boxTable,
  codeFile,
  ghaLine,
  ghaStep,
  installLog,
  lsLong,
  numbered,
  pascal,
  pathList,
  progressLines,
  rows,
  snake,
  stamp,
  word,
} from './far-noise';
import type { Rng } from './rng';

/** Capitalised token. */
export const cap = (k: string) => (k[0] ?? '').toUpperCase() + k.slice(1);

const sh = (command: string, out: string, exit = 0): Act => ({ tool: 'bash', args: { command }, out, exit });

/** Filler lines of a long-running test or build, around the line that matters. */
function around(rng: Rng, before: string[], line: string[], after: string[]): string {
  return [...before, ...line, ...after].join('\n');
}

function pytestDots(rng: Rng, files: number): string[] {
  return Array.from({ length: files }, () => {
    const n = rng.int(3, 60);
    return `tests/test_${snake(rng)}.py ${'.'.repeat(n)}${' '.repeat(Math.max(1, 60 - n))}[${String(rng.int(1, 99)).padStart(3)}%]`;
  });
}

// ---------------------------------------------------------------- mini-swe-agent

const miniswe: FarHarness = {
  style: 'miniswe',
  protocol: 'mini',
  lang: 'en',
  callId: () => '',
  system: () =>
    'You are a helpful assistant that can interact multiple times with a computer shell to solve programming tasks.\n' +
    'Your response must contain exactly ONE bash code block with ONE command (or commands connected with && or ||).\n\n' +
    'Include a THOUGHT section before your command where you explain your reasoning process.\n' +
    'Format your response as shown in <format_example>.\n\n<format_example>\nTHOUGHT: Your reasoning and analysis here\n\n```bash\nyour_command_here\n```\n</format_example>\n\n' +
    'Failure to follow these rules will cause your response to be rejected.\nEach command runs in a new subshell; directory changes are not persistent.\n' +
    'When you are done, issue: echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT',
  rulesPath: 'CONTRIBUTING.md',
  dialect: 'py',
  noise: [
    (c) =>
      sh(
        'ls -la',
        lsLong(c.rng, [
          '.',
          '..',
          '.git',
          '.github',
          'src',
          'tests',
          'docs',
          'pyproject.toml',
          'setup.cfg',
          'README.rst',
          'tox.ini',
          'CHANGES.rst',
        ]),
      ),
    (c) =>
      sh(
        `find src -name "*.py" | head -${c.rng.logInt(20, 80)}`,
        pathList(c.rng, 'src/pkg', 'py', c.rng.logInt(20, 80)).join('\n'),
      ),
    (c) => {
      const w = word(c.rng);
      const hits = Array.from(
        { length: c.rng.int(0, 25) },
        () => `src/pkg/${snake(c.rng)}.py:${c.rng.logInt(1, 900)}:    ${w}_${word(c.rng)} = ${word(c.rng)}(${w})`,
      );
      return sh(`grep -rn "${w}" src/ | head -40`, hits.join('\n'), hits.length ? 0 : 1);
    },
    (c) =>
      sh(
        `cat -n src/pkg/${snake(c.rng)}.py | sed -n '1,${c.rng.logInt(40, 200)}p'`,
        numbered(codeFile(c.rng, 'py', c.rng.logInt(40, 200))),
      ),
    (c) =>
      sh(
        `python -m pytest tests/ -q -x 2>&1 | tail -${c.rng.int(15, 40)}`,
        [
          ...pytestDots(c.rng, c.rng.int(5, 30)),
          '',
          `${c.rng.int(200, 1400)} passed, ${c.rng.int(0, 9)} skipped, ${c.rng.int(0, 3)} warnings in ${(c.rng.next() * 60).toFixed(2)}s`,
        ].join('\n'),
      ),
    (c) => sh('pip install -e . 2>&1 | tail -30', installLog(c.rng, 'pip', c.rng.int(4, 20))),
    (c) =>
      sh(
        'git status && git diff --stat',
        `On branch main\nChanges not staged for commit:\n  (use "git add <file>..." to update what will be committed)\n\tmodified:   src/pkg/${snake(c.rng)}.py\n\n 1 file changed, ${c.rng.int(1, 30)} insertions(+), ${c.rng.int(0, 9)} deletions(-)`,
      ),
    (c) => sh(`python reproduce.py`, `${pascal(c.rng)}(${word(c.rng)}=${c.rng.int(0, 99)}, ${word(c.rng)}=None)\nOK`),
    (c) =>
      sh(
        'ruff check src/ && mypy src/pkg --ignore-missing-imports',
        `All checks passed!\nSuccess: no issues found in ${c.rng.logInt(40, 200)} source files`,
      ),
  ],
  write: (c, path, body, how) => {
    if (how === 0)
      return sh(
        `sed -i 's/${word(c.rng)}_old/${word(c.rng)}_new/g' ${path} && sed -n '1,20p' ${path}`,
        body.split('\n').slice(0, 20).join('\n'),
      );
    if (how === 3) {
      const lines = body.split('\n').slice(0, 6);
      return sh(
        `git apply <<'EOF'\ndiff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -10,6 +10,7 @@\n${lines.map((l) => ` ${l}`).join('\n')}\n+    # handled upstream\nEOF\necho applied`,
        'applied',
      );
    }
    return sh(`cat > ${path} <<'EOF'\n${body}\nEOF`, '');
  },
  read: (c, path, body) => sh(`cat -n ${path}`, body.includes('\t') ? body : numbered(body)),
  task: (c, body) =>
    sh(
      `gh issue view ${c.rng.int(1000, 9999)}`,
      `title:\t${pascal(c.rng)} ${word(c.rng)} regression\nstate:\tOPEN\nauthor:\t${word(c.rng)}dev\nlabels:\tbug\n--\n${body}`,
    ),
  fail: (c, k, v): Carrier => {
    const { rng } = c;
    if (v === 0) {
      const id = `tests/test_${k}.py::test_roundtrip_unicode`;
      const out = around(
        rng,
        [
          ...pytestDots(rng, rng.int(3, 12)),
          `tests/test_${k}.py ..F`,
          '',
          '=================================== FAILURES ===================================',
          `___________________________ test_roundtrip_unicode ____________________________`,
        ],
        [
          `    def test_roundtrip_unicode():`,
          `>       assert decode(encode("héllo")) == "héllo"`,
          `E       AssertionError: assert 'hÃ©llo' == 'héllo'`,
          '',
          `tests/test_${k}.py:${rng.int(20, 200)}: AssertionError`,
        ],
        [
          '=========================== short test summary info ============================',
          `FAILED ${id} - AssertionError: assert 'hÃ©llo' == 'héllo'`,
          `1 failed, ${rng.int(100, 900)} passed in ${(rng.next() * 30).toFixed(2)}s`,
        ],
      );
      return { act: sh(`python -m pytest tests/test_${k}.py -q 2>&1 | tail -60`, out, 1), needle: id };
    }
    if (v === 1) {
      const needle = `KeyError: '${k}_offset'`;
      const trace = [
        'Traceback (most recent call last):',
        '  File "/testbed/reproduce.py", line 7, in <module>',
        `    print(load(cfg))`,
      ];
      for (let i = 0; i < rng.int(4, 14); i++)
        trace.push(
          `  File "/testbed/src/pkg/${snake(rng)}.py", line ${rng.int(10, 800)}, in ${snake(rng)}`,
          `    return self.${word(rng)}[${word(rng)}]`,
        );
      return {
        act: sh(
          'python reproduce.py',
          [
            ...trace,
            needle,
            '',
            'During handling of the above exception, another exception occurred:',
            '',
            ...trace.slice(0, 5),
            `pkg.errors.ConfigError: invalid section`,
          ].join('\n'),
          1,
        ),
        needle,
      };
    }
    const needle = `cannot import name '${cap(k)}Codec' from 'pkg.codecs'`;
    return {
      act: sh(
        'python -c "import pkg.cli" && python -m pytest tests/ -q --co 2>&1 | tail -20',
        `Traceback (most recent call last):\n  File "<string>", line 1, in <module>\n  File "/testbed/src/pkg/cli.py", line 12, in <module>\n    from .codecs import ${cap(k)}Codec\nImportError: ${needle} (/testbed/src/pkg/codecs/__init__.py)\nERROR: 1 error during collection\n!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!`,
        1,
      ),
      needle,
    };
  },
  pass: (c) =>
    sh(
      'python -m pytest tests/ -q 2>&1 | tail -5',
      `${'.'.repeat(c.rng.logInt(40, 78))}\n${c.rng.int(300, 1400)} passed in ${(c.rng.next() * 40).toFixed(2)}s`,
    ),
  value: (c, k, v): Carrier => {
    const { rng } = c;
    if (v === 0) {
      const needle = `postgresql://ci:ci@localhost:5433/${k}`;
      return {
        act: sh(
          'grep -rn "DSN" src/pkg/settings.py tox.ini',
          `src/pkg/settings.py:14:DEFAULT_DSN = os.environ.get("PKG_DSN", "${needle}")\ntox.ini:22:setenv = PKG_DSN = {env:PKG_DSN:}`,
        ),
        needle,
      };
    }
    if (v === 1) {
      const needle = `0042_${k}_backfill`;
      const r = rows(rng, 3, rng.int(3, 12)).map((x) => [`00${rng.int(10, 41)}_${snake(rng)}`, ...x.slice(1)]);
      r.splice(rng.int(0, r.length), 0, [needle, '2024-05-13', 'applied']);
      return {
        act: sh(
          'sqlite3 -header -column dev.db "select name, applied, state from migrations order by applied"',
          boxTable(['name', 'applied', 'state'], r),
        ),
        needle,
      };
    }
    const needle = `${k}-2024.05.3`;
    return {
      act: sh(
        'curl -s localhost:8000/api/health | python -m json.tool',
        JSON.stringify({ status: 'ok', build: needle, uptime_s: rng.int(10, 9000), db: 'ok' }, null, 4),
      ),
      needle,
    };
  },
  use: (c, needle) =>
    sh(`python reproduce.py --target '${needle}' 2>&1 | tail -20`, `connecting...\n${pascal(c.rng)} ok\nOK`),
  commit: (c, msg) =>
    sh(
      `git add -A && git commit -qm "${msg.split('\n')[0]}" && git log --oneline -1`,
      `${hex(c.rng, 7)} ${msg.split('\n')[0]}`,
    ),
  lex: {
    goal: [
      (k) => `make ${k}.load() accept pathlib.Path objects`,
      (k) => `fix the off-by-one in ${k}_window slicing`,
      (k) => `stop ${cap(k)}Parser from dropping trailing comments`,
    ],
    constraint: [
      (k) => `do not modify anything under tests/${k}/`,
      (k) => `the public signature of ${k}_encode must not change`,
      (k) => `only touch files in src/pkg/${k}/`,
    ],
    implicit: [
      (k) => `this repo still supports Python 3.8, so no match statements in ${k}.py`,
      (k) => `CI runs without network, so the ${k} fixtures cannot download anything`,
    ],
    decision: [
      (k) => `handle the empty case in ${k}_iter instead of at the call site`,
      (k) => `keep ${k.toUpperCase()}_LEGACY as a deprecated alias`,
      (k) => `normalise paths once in ${k}.open()`,
    ],
    rejected: ['patch every caller individually', 'vendor a copy of the helper'],
    pending: [(k) => `add a regression test for ${k}_split`, (k) => `update CHANGES.rst for the ${k} fix`],
    file: [(k) => `src/pkg/${k}.py`, (k) => `src/pkg/codecs/${k}_codec.py`, (k) => `tests/unit/test_${k}_paths.py`],
  },
  talk: {
    open: (goal, extras) =>
      `<pr_description>\nConsider the following PR description:\n${goal}\n\n${extras.join('\n\n')}\n</pr_description>\n\n<instructions>\n# Task Instructions\n\nYou're a software engineer interacting continuously with a computer by submitting commands.\n` +
      'Make changes to non-test files in the current directory in order to resolve the issue described in the PR description in a way that is general and consistent with the codebase.\n</instructions>',
    chat: ['continue', 'ok', 'go on'],
    nudge: ['Please continue working on the task.', 'continue'],
    probe: ['continue', 'Please continue working on the task.'],
  },
};

// ---------------------------------------------------------------- CI triage bot

const job = (rng: Rng) => String(rng.int(20000000000, 29999999999));

function ghaLog(rng: Rng, middle: string[], failed: boolean): string {
  const setup = [
    ghaLine(rng, "Current runner version: '2.316.1'"),
    ghaLine(rng, '##[group]Operating System'),
    ghaLine(rng, 'Ubuntu'),
    ghaLine(rng, '22.04.4'),
    ghaLine(rng, '##[endgroup]'),
    ...ghaStep(rng, 'actions/checkout@v4', [
      `Syncing repository: acme/platform`,
      `[command]/usr/bin/git -c protocol.version=2 fetch --no-tags --prune --no-recurse-submodules --depth=1 origin +${hex(rng, 40)}:refs/remotes/origin/main`,
    ]),
    ...ghaStep(rng, 'npm ci', installLog(rng, 'npm', rng.int(3, 10)).split('\n')),
  ];
  const post = [
    ghaLine(rng, failed ? ansi('31', '##[error]Process completed with exit code 1.') : 'Post job cleanup.'),
    ghaLine(rng, 'Post job cleanup.'),
    ghaLine(rng, `[command]/usr/bin/git version`),
    ghaLine(rng, `git version 2.45.1`),
    ghaLine(rng, `Cleaning up orphan processes`),
  ];
  return [...setup, ...middle.map((m) => ghaLine(rng, m)), ...post].join('\n');
}

const citriage: FarHarness = {
  style: 'citriage',
  protocol: 'native',
  lang: 'en',
  callId: (rng) => `call_${b62(rng, 24)}`,
  system: () =>
    'You are ci-doctor, a bot that triages failing CI for the acme/platform monorepo. You can list workflow runs, fetch job logs (GitHub Actions and the GitLab mirror), search code, edit files on a branch, push commits and comment on pull requests. ' +
    'Be precise: quote the failing line, link the run, never guess. Keep a todo list with todo_write.',
  rulesPath: '.github/CI_POLICY.md',
  dialect: 'py',
  noise: [
    (c) => ({
      tool: 'list_workflow_runs',
      args: { repo: 'acme/platform', branch: 'main', status: c.rng.pick(['failure', 'completed']), per_page: 20 },
      out: JSON.stringify(
        {
          total_count: c.rng.logInt(50, 900),
          workflow_runs: Array.from({ length: c.rng.int(3, 12) }, () => ({
            id: Number(job(c.rng)),
            name: `${word(c.rng)}-ci`,
            head_sha: hex(c.rng, 40),
            conclusion: c.rng.pick(['success', 'failure', 'cancelled']),
            created_at: stamp(c.rng, '2024-05-14', 0),
            run_attempt: c.rng.int(1, 3),
          })),
        },
        null,
        2,
      ),
    }),
    (c) => ({
      tool: 'get_job_log',
      args: { job_id: job(c.rng) },
      out: ghaLog(
        c.rng,
        ghaStep(c.rng, 'npm test', progressLines(c.rng, 'jest', c.rng.logInt(10, 100))).map((l) => l.slice(29)),
        false,
      ),
    }),
    (c) => ({
      tool: 'search_code',
      args: { query: `${word(c.rng)} path:.github/workflows` },
      out:
        pathList(c.rng, '.github/workflows', 'yml', c.rng.int(0, 8))
          .map((p) => `${p}:${c.rng.logInt(1, 80)}:      - uses: actions/${word(c.rng)}@v${c.rng.int(2, 4)}`)
          .join('\n') || 'no results',
    }),
    (c) => ({
      tool: 'get_pr_diff',
      args: { pr: c.rng.int(4000, 9000) },
      out: `diff --git a/packages/${word(c.rng)}/src/index.ts b/packages/${word(c.rng)}/src/index.ts\n@@ -1,4 +1,5 @@\n-import { ${word(c.rng)} } from './${word(c.rng)}';\n+import { ${word(c.rng)}, ${word(c.rng)} } from './${word(c.rng)}';\n ${codeFile(c.rng, 'py', c.rng.int(3, 30)).split('\n').join('\n ')}`,
    }),
    (c) => ({
      tool: 'gitlab_job_trace',
      args: { project: 'acme/platform-mirror', job: c.rng.int(6000000, 7000000) },
      out: [
        `\u001b[0KRunning with gitlab-runner 16.11.0 (${hex(c.rng, 8)})\u001b[0;m`,
        `\u001b[0K  on ${word(c.rng)}-runner-${c.rng.int(1, 9)} ${b62(c.rng, 8)}, system ID: s_${hex(c.rng, 12)}\u001b[0;m`,
        `section_start:${c.rng.int(1715600000, 1715700000)}:prepare_executor\r\u001b[0K\u001b[0K\u001b[36;1mPreparing the "docker" executor\u001b[0;m\u001b[0;m`,
        ...progressLines(c.rng, 'pulling', c.rng.int(3, 40)),
        `\u001b[32;1mJob succeeded\u001b[0;m`,
      ].join('\n'),
    }),
    (c) => ({
      tool: 'rerun_job',
      args: { job_id: job(c.rng), enable_debug_logging: false },
      out: `{"status": "queued", "html_url": "https://github.com/acme/platform/actions/runs/${job(c.rng)}"}`,
    }),
  ],
  write: (c, path, body, how) =>
    how === 1 || how === 2
      ? {
          tool: 'create_file',
          args: { branch: 'ci-doctor/fix', path, content: body },
          out: `created ${path} on ci-doctor/fix`,
        }
      : {
          tool: 'edit_file',
          args: {
            branch: 'ci-doctor/fix',
            path,
            old_string: `node-version: ${c.rng.int(16, 18)}`,
            new_string: `node-version: 20`,
          },
          out: `edited ${path}: 1 replacement`,
        },
  read: (c, path, body) => ({ tool: 'read_file', args: { path, ref: 'main' }, out: body }),
  task: (c, body) => ({
    tool: 'get_issue',
    args: { repo: 'acme/platform', number: c.rng.int(4000, 9000) },
    out: JSON.stringify({ title: `CI red on main`, state: 'open', labels: ['ci', 'p1'], body }, null, 2),
  }),
  fail: (c, k, v): Carrier => {
    const { rng } = c;
    const id = job(rng);
    if (v === 0) {
      const needle = `${cap(k)}Service › retries on 503`;
      const mid = [
        ...progressLines(rng, 'jest', rng.int(5, 40)),
        ansi('31;1', ` FAIL `) + ` packages/${k}/src/__tests__/service.test.ts (${(rng.next() * 9).toFixed(3)} s)`,
        `  ● ${needle}`,
        '',
        '    expect(received).toBe(expected) // Object.is equality',
        '',
        '    Expected: 3',
        '    Received: 1',
        '',
        `      at Object.<anonymous> (packages/${k}/src/__tests__/service.test.ts:${rng.int(20, 300)}:${rng.int(5, 30)})`,
        '',
        `Test Suites: 1 failed, ${rng.int(40, 300)} passed, ${rng.int(41, 301)} total`,
        `Tests:       1 failed, ${rng.int(900, 3000)} passed, ${rng.int(901, 3001)} total`,
        `Snapshots:   ${rng.int(10, 90)} passed`,
        `Time:        ${rng.int(60, 500)}.${rng.int(100, 999)} s`,
      ];
      return { act: { tool: 'get_job_log', args: { job_id: id }, out: ghaLog(rng, mid, true) }, needle };
    }
    if (v === 1) {
      const needle = `--- FAIL: Test${cap(k)}Reconnect`;
      const mid = [
        ...Array.from({ length: rng.int(10, 80) }, () => `=== RUN   Test${pascal(rng)}`),
        `${needle} (${(rng.next() * 5).toFixed(2)}s)`,
        `    conn_test.go:${rng.int(20, 400)}: dial tcp 127.0.0.1:${rng.int(30000, 60000)}: connect: connection refused`,
        'FAIL',
        `FAIL\tgithub.com/acme/platform/internal/${word(rng)}\t${(rng.next() * 30).toFixed(3)}s`,
        ...Array.from(
          { length: rng.int(5, 30) },
          () => `ok  \tgithub.com/acme/platform/internal/${word(rng)}\t${(rng.next() * 3).toFixed(3)}s`,
        ),
      ];
      return { act: { tool: 'get_job_log', args: { job_id: id }, out: ghaLog(rng, mid, true) }, needle };
    }
    const needle = `ERROR: failed to solve: ${k}/base:1.4: not found`;
    return {
      act: {
        tool: 'gitlab_job_trace',
        args: { project: 'acme/platform-mirror', job: rng.int(6000000, 7000000) },
        out: [
          `\u001b[0KRunning with gitlab-runner 16.11.0\u001b[0;m`,
          ...Array.from(
            { length: rng.int(5, 30) },
            (_, i) => `#${i + 1} [internal] load ${word(rng)}\n#${i + 1} DONE 0.${rng.int(1, 9)}s`,
          ),
          `#${rng.int(30, 40)} ${needle}`,
          `\u001b[31;1m${needle}\u001b[0;m`,
          `section_end:${rng.int(1715600000, 1715700000)}:step_script\r\u001b[0K`,
          `\u001b[31;1mERROR: Job failed: exit code 1\u001b[0;m`,
        ].join('\n'),
        exit: 1,
      },
      needle,
    };
  },
  pass: (c) => ({
    tool: 'get_job_log',
    args: { job_id: job(c.rng) },
    out: ghaLog(c.rng, progressLines(c.rng, 'jest', c.rng.int(5, 30)), false),
  }),
  value: (c, k, v): Carrier => {
    const { rng } = c;
    if (v === 0) {
      const needle = `${k}-coverage-lcov`;
      return {
        act: {
          tool: 'list_artifacts',
          args: { run_id: job(rng) },
          out: JSON.stringify(
            {
              total_count: 3,
              artifacts: [
                { id: rng.int(1e9, 2e9), name: 'playwright-report', size_in_bytes: rng.int(1e5, 1e8) },
                { id: rng.int(1e9, 2e9), name: needle, size_in_bytes: rng.int(1e4, 1e6), expired: false },
                { id: rng.int(1e9, 2e9), name: 'junit', size_in_bytes: rng.int(1e3, 1e5) },
              ],
            },
            null,
            2,
          ),
        },
        needle,
      };
    }
    if (v === 1) {
      const needle = `${k}-hotfix`;
      const table = [
        'STATUS  TITLE                   WORKFLOW  BRANCH          EVENT  ID           ELAPSED  AGE',
        ...Array.from(
          { length: rng.int(3, 10) },
          () =>
            `✓       ${pascal(rng).padEnd(22)}  ci        main            push   ${job(rng)}  ${rng.int(3, 20)}m${rng.int(0, 59)}s   ${rng.int(1, 9)}h`,
        ),
      ];
      table.splice(
        rng.int(1, table.length),
        0,
        `X       Fix flaky ${word(rng)}        ci        ${needle.padEnd(14)}  push   ${job(rng)}  ${rng.int(3, 20)}m${rng.int(0, 59)}s   ${rng.int(1, 9)}h`,
      );
      return {
        act: { tool: 'gh_cli', args: { args: ['run', 'list', '--limit', '20'] }, out: table.join('\n') },
        needle,
      };
    }
    const needle = `registry.gitlab.com/acme/${k}`;
    return {
      act: {
        tool: 'gitlab_job_trace',
        args: { project: 'acme/platform-mirror', job: rng.int(6000000, 7000000) },
        out: [
          `$ env | grep ^CI_ | sort`,
          `CI_COMMIT_SHA=${hex(rng, 40)}`,
          `CI_JOB_ID=${rng.int(6000000, 7000000)}`,
          `CI_REGISTRY_IMAGE=${needle}`,
          `CI_RUNNER_TAGS=["docker", "amd64"]`,
          `\u001b[32;1mJob succeeded\u001b[0;m`,
        ].join('\n'),
      },
      needle,
    };
  },
  use: (c, needle) => ({
    tool: 'search_code',
    args: { query: `"${needle}"` },
    out: `.github/workflows/${word(c.rng)}.yml:${c.rng.logInt(10, 90)}:          name: ${needle}`,
  }),
  commit: (c, msg) => ({
    tool: 'push_commit',
    args: { branch: 'ci-doctor/fix', message: msg },
    out: JSON.stringify({ sha: hex(c.rng, 40), url: `https://github.com/acme/platform/commit/${hex(c.rng, 40)}` }),
  }),
  todo: (c, items) => ({
    tool: 'todo_write',
    args: {
      todos: items.map((i, n) => ({ id: String(n + 1), content: i.text, status: i.done ? 'completed' : 'pending' })),
    },
    out: 'Todos have been modified successfully.',
  }),
  lex: {
    goal: [
      (k) => `find out why the ${k} matrix leg fails on main since Tuesday`,
      (k) => `get the ${k}-e2e workflow green again`,
      (k) => `triage the flaky ${k} job and quarantine it if needed`,
    ],
    constraint: [
      (k) => `never rerun the ${k}-deploy job, it publishes to prod`,
      (k) => `only comment on PRs that carry the ${k} label`,
      (k) => `don't touch .github/workflows/${k}.yml without a CODEOWNERS approval`,
    ],
    implicit: [
      (k) => `runners are self-hosted on the ${k} pool, so no Docker-in-Docker`,
      (k) => `the ${k} cache is shared with the release branch — read-only for PR builds`,
    ],
    decision: [
      (k) => `pin actions/setup-node to v4.0.2 in the ${k} workflow`,
      (k) => `quarantine ${k}.spec.ts behind the @flaky tag`,
      (k) => `split the ${k} job into two shards`,
    ],
    rejected: ['bump the timeout to 60 minutes', 'disable the job entirely', 'retry the whole workflow three times'],
    pending: [
      (k) => `open an issue for the ${k} flake with the three failing run links`,
      (k) => `remove the ${k} quarantine once upstream ships the fix`,
    ],
    file: [
      (k) => `.github/workflows/${k}.yml`,
      (k) => `ci/scripts/${k}-matrix.sh`,
      (k) => `.gitlab/ci/${k}.gitlab-ci.yml`,
    ],
  },
  talk: {
    open: (goal, extras) => `@ci-doctor ${goal}\n\n${extras.join('\n')}`.trim(),
    chat: ['ok', 'hmm why?', 'link?', 'is that the same failure as yesterday?', 'fine, go ahead', 'thx'],
    nudge: ['@ci-doctor continue', 'keep going'],
    probe: ['@ci-doctor status?', "what's next?"],
  },
};

// ---------------------------------------------------------------- data engineering

function sparkTrace(rng: Rng, cause: string): string {
  const frames = (n: number, pkg: string) =>
    Array.from(
      { length: n },
      () => `\tat ${pkg}.${pascal(rng)}.${word(rng)}(${pascal(rng, 1)}.scala:${rng.int(20, 900)})`,
    );
  return [
    `[${stamp(rng)}] {taskinstance.py:2905} ERROR - Task failed with exception`,
    'Traceback (most recent call last):',
    '  File "/opt/airflow/dags/lib/spark_job.py", line 88, in run',
    '    df.write.mode("overwrite").saveAsTable(target)',
    `py4j.protocol.Py4JJavaError: An error occurred while calling o${rng.int(100, 999)}.saveAsTable.`,
    `: org.apache.spark.SparkException: Job aborted due to stage failure: Task ${rng.int(0, 200)} in stage ${rng.int(3, 40)}.0 failed 4 times`,
    ...frames(rng.int(20, 60), 'org.apache.spark.sql.execution'),
    `Caused by: ${cause}`,
    ...frames(rng.int(20, 80), 'org.apache.spark.sql.catalyst'),
    `\t... ${rng.int(20, 90)} more`,
    `[${stamp(rng)}] {taskinstance.py:1206} INFO - Marking task as UP_FOR_RETRY. dag_id=${snake(rng)}, task_id=transform, execution_date=20240513T020000`,
    `[${stamp(rng)}] {local_task_job_runner.py:240} INFO - Task exited with return code 1`,
  ].join('\n');
}

const dbtLine = (rng: Rng, i: number, total: number, model: string, ok = true) =>
  `${stamp(rng).slice(11, 19)}  ${i} of ${total} ${ok ? 'OK created sql incremental model' : 'ERROR creating sql table model'} analytics.${model} ${'.'.repeat(20)} [${ok ? 'SUCCESS 1' : 'ERROR'} in ${(rng.next() * 90).toFixed(2)}s]`;

const dataeng: FarHarness = {
  style: 'dataeng',
  protocol: 'native',
  lang: 'en',
  callId: (rng) => `toolu_01${b62(rng, 22)}`,
  system: () =>
    'You are a data engineering assistant with access to the analytics repo (dbt project + Airflow DAGs), a shell, the Airflow API and a read-mostly Snowflake connection. Prefer small, testable changes. Show SQL before running anything expensive.',
  rulesPath: 'docs/DATA_CONTRACTS.md',
  dialect: 'sql',
  noise: [
    (c) => {
      const total = c.rng.logInt(20, 120);
      const lines = Array.from({ length: total }, (_, i) => dbtLine(c.rng, i + 1, total, snake(c.rng)));
      return {
        tool: 'bash',
        args: { command: `dbt build -s +${snake(c.rng)} --target dev` },
        out: [
          `${stamp(c.rng).slice(11, 19)}  Running with dbt=1.7.11`,
          `${stamp(c.rng).slice(11, 19)}  Found ${c.rng.logInt(300, 900)} models, ${c.rng.int(900, 3000)} tests, ${c.rng.logInt(10, 90)} sources`,
          ...lines,
          `Done. PASS=${total} WARN=0 ERROR=0 SKIP=0 TOTAL=${total}`,
        ].join('\n'),
        exit: 0,
      };
    },
    (c) => ({
      tool: 'read_file',
      args: { path: `models/marts/${snake(c.rng)}.sql` },
      out: codeFile(c.rng, 'sql', c.rng.logInt(20, 150)),
    }),
    (c) => ({
      tool: 'warehouse_query',
      args: {
        sql: `select ${word(c.rng)}_date, count(*) from analytics.${snake(c.rng)} group by 1 order by 1 desc limit 20`,
      },
      out: boxTable(['DAY', 'COUNT(*)', 'SUM_AMT', 'NAME'], rows(c.rng, 4, c.rng.int(5, 20))),
    }),
    (c) => ({
      tool: 'airflow_task_log',
      args: {
        dag_id: snake(c.rng),
        task_id: word(c.rng),
        run_id: 'scheduled__2024-05-13T02:00:00+00:00',
        try_number: c.rng.int(1, 3),
      },
      out: progressLines(c.rng, 'spark stage', c.rng.logInt(10, 150)).join('\n'),
    }),
    (c) => ({
      tool: 'bash',
      args: { command: 'pip install -r requirements.txt' },
      out: installLog(c.rng, 'pip', c.rng.int(5, 30)),
      exit: 0,
    }),
    (c) => ({
      tool: 'bash',
      args: { command: 'dbt ls -s tag:nightly --output name' },
      out: Array.from({ length: c.rng.logInt(10, 120) }, () => snake(c.rng, 3)).join('\n'),
      exit: 0,
    }),
    (c) => ({
      tool: 'spark_ui',
      args: {
        app_id: `application_${c.rng.int(1715000000, 1716000000)}_${c.rng.int(1000, 9999)}`,
        stage: c.rng.int(1, 40),
      },
      out: JSON.stringify(
        {
          status: 'COMPLETE',
          numTasks: c.rng.int(10, 2000),
          inputBytes: c.rng.int(1e6, 1e12),
          shuffleWriteBytes: c.rng.int(1e6, 1e10),
          executorRunTime: c.rng.int(1e3, 1e7),
        },
        null,
        1,
      ),
    }),
  ],
  write: (c, path, body, how) =>
    how === 0 || how === 3
      ? {
          tool: 'str_replace',
          args: { path, old: `materialized='table'`, new: `materialized='incremental', unique_key='id'` },
          out: `The file ${path} has been edited.`,
        }
      : how === 2
        ? { tool: 'bash', args: { command: `cat > ${path} <<'SQL'\n${body}\nSQL` }, out: '', exit: 0 }
        : { tool: 'write_file', args: { path, content: body }, out: `Wrote ${body.length} bytes to ${path}` },
  read: (c, path, body) => ({ tool: 'read_file', args: { path }, out: body }),
  task: (c, body) => ({
    tool: 'bash',
    args: { command: `jira issue view DATA-${c.rng.int(1000, 4000)} --plain` },
    out: `${pascal(c.rng)} request\n\nDescription:\n${body}\n\nReporter: ${word(c.rng)} | Priority: High`,
    exit: 0,
  }),
  fail: (c, k, v): Carrier => {
    const { rng } = c;
    if (v === 0) {
      const needle = `Database Error in model fct_${k}_daily`;
      const total = rng.int(20, 80);
      const at = rng.int(3, total - 3);
      const lines = Array.from({ length: total }, (_, i) =>
        dbtLine(rng, i + 1, total, i + 1 === at ? `fct_${k}_daily` : snake(rng), i + 1 !== at),
      );
      const out = [
        ...lines,
        '',
        `Completed with 1 error and 0 warnings:`,
        '',
        `${needle} (models/marts/fct_${k}_daily.sql)`,
        `  000904 (42000): SQL compilation error: error line ${rng.int(5, 60)} at position ${rng.int(2, 40)}`,
        `  invalid identifier 'NET_AMT'`,
        `  compiled Code at target/run/analytics/models/marts/fct_${k}_daily.sql`,
        '',
        `Done. PASS=${total - 4} WARN=0 ERROR=1 SKIP=3 TOTAL=${total}`,
      ].join('\n');
      return {
        act: { tool: 'bash', args: { command: `dbt build -s fct_${k}_daily+ --target dev` }, out, exit: 1 },
        needle,
      };
    }
    if (v === 1) {
      const needle = `\`${k}_ts\` cannot be resolved`;
      return {
        act: {
          tool: 'airflow_task_log',
          args: {
            dag_id: `${word(rng)}_nightly`,
            task_id: 'transform',
            run_id: 'scheduled__2024-05-13T02:00:00+00:00',
            try_number: 2,
          },
          out: sparkTrace(
            rng,
            `org.apache.spark.sql.AnalysisException: [UNRESOLVED_COLUMN.WITH_SUGGESTION] A column or function parameter with name ${needle}. Did you mean one of the following? [\`event_ts\`, \`loaded_at\`]`,
          ),
        },
        needle,
      };
    }
    const needle = `Object 'RAW.${k.toUpperCase()}_ORDERS' does not exist or not authorized.`;
    return {
      act: {
        tool: 'warehouse_query',
        args: { sql: `select count(*) from raw.${k}_orders where loaded_at > current_date - 1` },
        out: JSON.stringify(
          {
            code: '002003',
            sqlState: '42S02',
            message: `SQL compilation error:\n${needle}`,
            statementHandle: `01b${hex(rng, 5)}-0000-${hex(rng, 4)}-0000-${hex(rng, 12)}`,
            success: false,
          },
          null,
          2,
        ),
        failed: true,
      },
      needle,
    };
  },
  pass: (c) => ({
    tool: 'bash',
    args: { command: 'dbt build -s state:modified+ --target dev' },
    out: `Done. PASS=${c.rng.logInt(5, 60)} WARN=0 ERROR=0 SKIP=0 TOTAL=${c.rng.logInt(5, 60)}`,
    exit: 0,
  }),
  value: (c, k, v): Carrier => {
    const { rng } = c;
    if (v === 0) {
      const needle = `${k}_0513_r2`;
      const r = rows(rng, 4, rng.int(4, 15)).map((x) => [...x.slice(0, 3), `${word(rng)}_05${rng.int(10, 12)}_r1`]);
      r.splice(rng.int(0, r.length), 0, [String(rng.int(10000, 99999)), '2024-05-13', 'loaded', needle]);
      return {
        act: {
          tool: 'warehouse_query',
          args: { sql: 'select * from ops.load_audit order by loaded_at desc limit 20' },
          out: boxTable(['ID', 'LOADED_AT', 'STATE', 'BATCH_ID'], r),
        },
        needle,
      };
    }
    if (v === 1) {
      const needle = `snowflake_${k}`;
      return {
        act: {
          tool: 'bash',
          args: { command: 'airflow connections list -o table | head -30' },
          out: boxTable(
            ['conn_id', 'conn_type', 'host'],
            [
              ['aws_default', 'aws', ''],
              [needle, 'snowflake', `${b62(rng, 7).toLowerCase()}.eu-central-1`],
              ['slack_alerts', 'http', 'hooks.slack.com'],
            ],
          ),
          exit: 0,
        },
        needle,
      };
    }
    const needle = `s3://lake-raw/${k}/v3/`;
    return {
      act: {
        tool: 'bash',
        args: { command: 'cat dags/config/sources.json' },
        out: JSON.stringify(
          {
            sources: [
              { name: word(rng), s3_prefix: `s3://lake-raw/${word(rng)}/v1/` },
              { name: 'orders', s3_prefix: needle, format: 'parquet' },
            ],
          },
          null,
          2,
        ),
        exit: 0,
      },
      needle,
    };
  },
  use: (c, needle) => ({
    tool: 'warehouse_query',
    args: { sql: `select count(*) as n from ops.load_audit where ref = '${needle}'` },
    out: boxTable(['N'], [[String(c.rng.int(1, 9000))]]),
  }),
  commit: (c, msg) => ({
    tool: 'bash',
    args: { command: `git commit -am "${msg.split('\n')[0]}"` },
    out: `[feat/${word(c.rng)} ${hex(c.rng, 7)}] ${msg.split('\n')[0]}\n 2 files changed, ${c.rng.logInt(3, 90)} insertions(+), ${c.rng.int(0, 40)} deletions(-)`,
    exit: 0,
  }),
  lex: {
    goal: [
      (k) => `move the ${k} nightly load from the cron box into Airflow`,
      (k) => `make fct_${k}_daily incremental so the run fits in the 2h window`,
      (k) => `find why ${k} revenue in the dashboard is 3% below finance's number`,
    ],
    constraint: [
      (k) => `never run --full-refresh on ${k}_events, it is 4 TB`,
      (k) => `only write to the analytics_${k}_dev schema`,
      (k) => `no new sources in ${k} without a freshness test`,
    ],
    implicit: [
      (k) => `the warehouse role is REPORTER_${k.toUpperCase()}, so no DDL outside dev`,
      (k) => `we're on dbt 1.5 for ${k}, so no unit_tests blocks`,
    ],
    decision: [
      (k) => `partition ${k}_sessions by event_date and cluster by account_id`,
      (k) => `use merge with ${k}_id as unique_key`,
      (k) => `drop the ${k}_legacy snapshot and rebuild from raw`,
    ],
    rejected: ['full-refresh nightly and live with it', 'push the dedup into the BI tool'],
    pending: [
      (k) => `backfill ${k} partitions for 2024-03`,
      (k) => `add a not_null test on ${k}_ts`,
      (k) => `tell finance the ${k} numbers will shift by 0.4%`,
    ],
    file: [
      (k) => `models/marts/fct_${k}_daily.sql`,
      (k) => `dags/${k}_nightly.py`,
      (k) => `models/staging/stg_${k}.yml`,
    ],
  },
  talk: {
    open: (goal, extras) => `Hey — ${goal}. ${extras.length ? `\n\nContext:\n${extras.join('\n')}` : ''}`,
    chat: [
      'ok',
      'looks right',
      'hmm why is that slower?',
      'can you show me the SQL first?',
      'k',
      'nice',
      'wait, which model?',
    ],
    nudge: ['keep going', 'continue, I am watching'],
    probe: ["what's next?", 'go on'],
  },
};

// ---------------------------------------------------------------- Android build agent

const gradleTail = (rng: Rng, ok: boolean) =>
  ok
    ? `\nBUILD SUCCESSFUL in ${rng.int(20, 300)}s\n${rng.int(40, 300)} actionable tasks: ${rng.int(5, 40)} executed, ${rng.int(30, 260)} up-to-date`
    : `\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task ':app:compileDebugKotlin'.\n> A failure occurred while executing org.jetbrains.kotlin.compilerRunner.GradleCompilerRunnerWithWorkers$GradleKotlinCompilerWorkAction\n   > Compilation error. See log for more details\n\n* Try:\n> Run with --stacktrace option to get the stack trace.\n> Run with --info or --debug option to get more log output.\n> Run with --scan to get full insights.\n> Get more help at https://help.gradle.org.\n\nBUILD FAILED in ${rng.int(20, 300)}s\n${rng.int(40, 300)} actionable tasks: ${rng.int(5, 40)} executed, ${rng.int(30, 260)} up-to-date`;

const tasks = (rng: Rng, n: number) =>
  Array.from(
    { length: n },
    () =>
      `> Task :${rng.pick(['app', 'core', 'feature:' + word(rng)])}:${rng.pick(['compileDebugKotlin', 'mergeDebugResources', 'processDebugManifest', 'kspDebugKotlin', 'dexBuilderDebug'])}${rng.chance(0.6) ? ' UP-TO-DATE' : ''}`,
  );

function logcat(rng: Rng, n: number): string[] {
  return Array.from(
    { length: n },
    () =>
      `05-14 ${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)}.${rng.int(100, 999)} ${rng.int(1000, 30000)} ${rng.int(1000, 30000)} ${rng.pick(['D', 'I', 'W', 'E'])} ${pascal(rng, 1)}: ${word(rng)} ${word(rng)} ${rng.int(0, 999)}`,
  );
}

const android: FarHarness = {
  style: 'android',
  protocol: 'native',
  lang: 'en',
  callId: (rng) => `tooluse_${b62(rng, 22)}`,
  system: () =>
    'You are an Android engineering agent working in the acme-android repository (Kotlin, Gradle KTS, Hilt, Compose). You have a shell, a file viewer/editor, Gradle and adb connected to an emulator (emulator-5554) and a Pixel 4a (0B281JEC21). Run the smallest Gradle task that proves a change.',
  rulesPath: 'docs/AGENT_NOTES.md',
  dialect: 'kt',
  noise: [
    (c) => ({
      tool: 'gradle',
      args: { tasks: [':app:assembleDebug'], args: ['--console=plain'] },
      out: [...tasks(c.rng, c.rng.logInt(20, 200)), gradleTail(c.rng, true)].join('\n'),
      exit: 0,
    }),
    (c) => ({
      tool: 'view',
      args: { path: `app/src/main/java/com/acme/${word(c.rng)}/${pascal(c.rng)}.kt` },
      out: numbered(codeFile(c.rng, 'kt', c.rng.logInt(30, 220))),
    }),
    (c) => ({
      tool: 'logcat',
      args: { filter: `${pascal(c.rng, 1)}:D *:S`, lines: 200 },
      out: logcat(c.rng, c.rng.logInt(20, 200)).join('\n'),
    }),
    (c) => ({
      tool: 'adb',
      args: { args: ['devices', '-l'] },
      out: `List of devices attached\nemulator-5554          device product:sdk_gphone64_x86_64 model:sdk_gphone64_x86_64 transport_id:1\n0B281JEC21             device usb:1-1 product:sunfish model:Pixel_4a transport_id:${c.rng.int(2, 9)}`,
    }),
    (c) => ({
      tool: 'shell',
      args: { command: `./gradlew --offline :core:testDebugUnitTest --tests '*${pascal(c.rng)}*'` },
      out: [
        ...tasks(c.rng, c.rng.logInt(10, 60)),
        `\n${pascal(c.rng)}Test > ${word(c.rng)}Works PASSED`,
        gradleTail(c.rng, true),
      ].join('\n'),
      exit: 0,
    }),
    (c) => ({
      tool: 'shell',
      args: { command: './gradlew dependencies --configuration debugRuntimeClasspath | head -120' },
      out: Array.from(
        { length: c.rng.logInt(30, 120) },
        () =>
          `${c.rng.pick(['+---', '|    +---', '|    |    \\---'])} com.${word(c.rng)}:${word(c.rng)}:${c.rng.int(1, 9)}.${c.rng.int(0, 20)}.${c.rng.int(0, 9)}`,
      ).join('\n'),
      exit: 0,
    }),
    (c) => ({
      tool: 'shell',
      args: { command: 'sdkmanager --install "platforms;android-34"' },
      out: Array.from(
        { length: c.rng.int(4, 30) },
        (_, i) =>
          `[${'='.repeat(Math.min(39, i * 3))}${' '.repeat(Math.max(0, 39 - i * 3))}] ${Math.min(100, i * 8)}% Unzipping... android-34/${word(c.rng)}`,
      ).join('\r'),
      exit: 0,
    }),
  ],
  write: (c, path, body, how) =>
    how === 1 || how === 2
      ? { tool: 'create', args: { path, file_text: body }, out: `File created successfully at: ${path}` }
      : {
          tool: 'str_replace',
          args: {
            path,
            old_str: `val ${word(c.rng)} = ${word(c.rng)}()`,
            new_str: body.split('\n').slice(0, 4).join('\n'),
          },
          out: `The file ${path} has been edited. Here's the result of running \`cat -n\` on a snippet:\n${numbered(body.split('\n').slice(0, 12).join('\n'), c.rng.logInt(10, 200))}`,
        },
  read: (c, path, body) => ({ tool: 'view', args: { path }, out: body }),
  task: (c, body) => ({
    tool: 'shell',
    args: { command: `gh issue view ${c.rng.int(100, 3000)} --repo acme/acme-android` },
    out: `title:\tCrash report\nlabels:\tandroid, crash\n--\n${body}`,
    exit: 0,
  }),
  fail: (c, k, v): Carrier => {
    const { rng } = c;
    if (v === 0) {
      const needle = `Unresolved reference: ${k}Adapter`;
      const out = [
        ...tasks(rng, rng.int(20, 120)),
        '> Task :app:compileDebugKotlin FAILED',
        `e: file:///home/dev/acme-android/app/src/main/java/com/acme/ui/HomeFragment.kt:${rng.int(20, 300)}:${rng.int(5, 40)} ${needle}`,
        `w: file:///home/dev/acme-android/app/src/main/java/com/acme/${word(rng)}/${pascal(rng)}.kt:${rng.int(20, 300)}:${rng.int(5, 40)} 'onActivityCreated(Bundle?): Unit' is deprecated. Deprecated in Java`,
        gradleTail(rng, false),
      ].join('\n');
      return {
        act: { tool: 'gradle', args: { tasks: [':app:assembleDebug'], args: ['--console=plain'] }, out, exit: 1 },
        needle,
      };
    }
    if (v === 1) {
      const needle = `${cap(k)}Fragment not attached to a context`;
      const out = [
        ...logcat(rng, rng.int(20, 120)),
        '05-14 11:02:31.442 12345 12345 E AndroidRuntime: FATAL EXCEPTION: main',
        '05-14 11:02:31.442 12345 12345 E AndroidRuntime: Process: com.acme.app.debug, PID: 12345',
        `05-14 11:02:31.442 12345 12345 E AndroidRuntime: java.lang.IllegalStateException: ${needle}.`,
        ...Array.from(
          { length: rng.int(8, 30) },
          () =>
            `05-14 11:02:31.442 12345 12345 E AndroidRuntime: \tat androidx.fragment.app.${pascal(rng)}.${word(rng)}(${pascal(rng, 1)}.java:${rng.int(20, 2000)})`,
        ),
        ...logcat(rng, rng.int(10, 60)),
      ].join('\n');
      return { act: { tool: 'logcat', args: { filter: 'AndroidRuntime:E *:S', lines: 500 }, out }, needle };
    }
    const needle = `Call requires API level 26 (current min is 24): ${cap(k)}Clock#now`;
    return {
      act: {
        tool: 'shell',
        args: { command: './gradlew :app:lintDebug -q && cat app/build/reports/lint-results-debug.json | jq ".[:5]"' },
        out:
          JSON.stringify(
            [
              {
                id: 'UnusedResources',
                severity: 'Warning',
                message: `The resource R.string.${snake(rng)} appears to be unused`,
              },
              {
                id: 'NewApi',
                severity: 'Error',
                message: needle,
                location: { file: `app/src/main/java/com/acme/time/${cap(k)}Clock.kt`, line: rng.int(5, 80) },
              },
              { id: 'ObsoleteLintCustomCheck', severity: 'Warning', message: 'Lint found an issue registry' },
            ],
            null,
            2,
          ) + '\n\nLint found 1 error and 2 warnings',
        exit: 1,
      },
      needle,
    };
  },
  pass: (c) => ({
    tool: 'gradle',
    args: { tasks: [':app:assembleDebug', ':app:testDebugUnitTest'], args: ['--console=plain'] },
    out: [...tasks(c.rng, c.rng.int(10, 40)), gradleTail(c.rng, true)].join('\n'),
    exit: 0,
  }),
  value: (c, k, v): Carrier => {
    const { rng } = c;
    if (v === 0) {
      const needle = `com.acme.${k}.debug`;
      return {
        act: {
          tool: 'adb',
          args: { args: ['shell', 'pm', 'list', 'packages', 'com.acme'] },
          out: ['package:com.acme.app.debug', `package:${needle}`, `package:com.acme.${word(rng)}`].join('\n'),
        },
        needle,
      };
    }
    if (v === 1) {
      const needle = `com.acme.${k}:core:3.2.1`;
      const tree = Array.from(
        { length: rng.int(20, 80) },
        () => `|    +--- com.${word(rng)}:${word(rng)}:${rng.int(1, 9)}.${rng.int(0, 20)}.${rng.int(0, 9)}`,
      );
      tree.splice(rng.int(0, tree.length), 0, `+--- ${needle} -> 3.2.4`);
      return {
        act: {
          tool: 'shell',
          args: { command: './gradlew :app:dependencies --configuration releaseRuntimeClasspath' },
          out: tree.join('\n'),
          exit: 0,
        },
        needle,
      };
    }
    const needle = `1:4471:android:${k}`;
    return {
      act: {
        tool: 'view',
        args: { path: 'app/google-services.json' },
        out: JSON.stringify(
          {
            project_info: { project_number: '4471', project_id: `acme-${word(rng)}` },
            client: [
              { client_info: { mobilesdk_app_id: needle, android_client_info: { package_name: 'com.acme.app' } } },
            ],
          },
          null,
          2,
        ),
      },
      needle,
    };
  },
  use: (c, needle) => ({
    tool: 'shell',
    args: { command: `grep -rn "${needle}" --include=*.kts --include=*.json . | head -20` },
    out: `./app/build.gradle.kts:${c.rng.logInt(10, 200)}:    // ${needle}`,
    exit: 0,
  }),
  commit: (c, msg) => ({
    tool: 'shell',
    args: { command: `git commit -am '${msg.split('\n')[0]}'` },
    out: `[${word(c.rng)}-fix ${hex(c.rng, 7)}] ${msg.split('\n')[0]}\n 3 files changed, ${c.rng.logInt(3, 90)} insertions(+), ${c.rng.int(0, 40)} deletions(-)`,
    exit: 0,
  }),
  lex: {
    goal: [
      (k) => `fix the crash when opening ${cap(k)}Activity from a deep link`,
      (k) => `migrate the ${k} module from kapt to KSP`,
      (k) => `get the ${k} flavor building against compileSdk 34`,
    ],
    constraint: [
      (k) => `minSdk stays at 24 for the ${k} flavor`,
      (k) => `never bump AGP on the ${k} branch`,
      (k) => `don't add new dependencies to :feature:${k}`,
    ],
    implicit: [
      (k) => `the release build is signed on CI with the ${k} keystore, so no signingConfig changes locally`,
      (k) => `QA devices for ${k} run Android 8, so no java.time without desugaring`,
    ],
    decision: [
      (k) => `move ${k} image loading to Coil`,
      (k) => `keep ${cap(k)}Repository a @Singleton in Hilt`,
      (k) => `replace the ${k} AsyncTask with a coroutine on Dispatchers.IO`,
    ],
    rejected: ['wrap the whole onCreate in a try/catch', 'downgrade Kotlin to 1.8'],
    pending: [
      (k) => `run the ${k} instrumentation tests on the Pixel 4a`,
      (k) => `update the ${k} ProGuard keep rules`,
    ],
    file: [
      (k) => `app/src/main/java/com/acme/${k}/${cap(k)}ViewModel.kt`,
      (k) => `feature/${k}/build.gradle.kts`,
      (k) => `app/src/main/res/layout/fragment_${k}.xml`,
    ],
  },
  talk: {
    open: (goal, extras) => `${goal}\n${extras.join('\n')}\n\nemulator is already running.`,
    chat: [
      'ok',
      'did it install?',
      'hmm, still crashes on my phone',
      'try on the emulator first',
      'good',
      'why kapt though?',
    ],
    nudge: ['keep going', 'continue'],
    probe: ['next?', 'continue'],
  },
};

// ---------------------------------------------------------------- local model, C++/CMake, Hermes tags

const ninja = (rng: Rng, n: number, total: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `[${i + 1}/${total}] Building CXX object src/CMakeFiles/${word(rng)}.dir/${word(rng)}/${snake(rng)}.cpp.o`,
  );

const run = (cmd: string, out: string, exit = 0): Act => ({
  tool: 'run_command',
  args: { cmd },
  out: `exit_code=${exit}\n${out}`,
  exit,
});

const localcpp: FarHarness = {
  style: 'localcpp',
  protocol: 'hermes',
  lang: 'en',
  callId: () => '',
  system: () =>
    "You are a function calling AI model. You are provided with function signatures within <tools></tools> XML tags. You may call one or more functions to assist with the user query. Don't make assumptions about what values to plug into functions.\n<tools>\n" +
    [
      {
        name: 'run_command',
        description: 'Run a shell command in the project directory',
        parameters: { type: 'object', properties: { cmd: { type: 'string' } }, required: ['cmd'] },
      },
      {
        name: 'read_file',
        description: 'Read a file',
        parameters: {
          type: 'object',
          properties: { path: { type: 'string' }, start_line: { type: 'integer' }, end_line: { type: 'integer' } },
          required: ['path'],
        },
      },
      {
        name: 'write_file',
        description: 'Write a file',
        parameters: {
          type: 'object',
          properties: { path: { type: 'string' }, content: { type: 'string' } },
          required: ['path', 'content'],
        },
      },
      {
        name: 'apply_diff',
        description: 'Apply a unified diff',
        parameters: {
          type: 'object',
          properties: { path: { type: 'string' }, diff: { type: 'string' } },
          required: ['path', 'diff'],
        },
      },
    ]
      .map((t) => JSON.stringify({ type: 'function', function: t }))
      .join('\n') +
    '\n</tools>\nFor each function call return a json object with function name and arguments within <tool_call></tool_call> XML tags.',
  rulesPath: 'HACKING.md',
  dialect: 'cpp',
  noise: [
    (c) => {
      const total = c.rng.logInt(40, 400);
      return run(
        'cmake --build build -j8 2>&1 | tail -80',
        [
          ...ninja(c.rng, Math.min(total, c.rng.logInt(20, 80)), total),
          `[${total}/${total}] Linking CXX shared library lib${word(c.rng)}.so`,
        ].join('\n'),
      );
    },
    (c) => ({
      tool: 'read_file',
      args: { path: `src/${word(c.rng)}/${snake(c.rng)}.cpp`, start_line: 1, end_line: 400 },
      out: numbered(codeFile(c.rng, 'cpp', c.rng.logInt(30, 300))),
    }),
    (c) => ({
      tool: 'list_dir',
      args: { path: `src/${word(c.rng)}` },
      out: pathList(c.rng, 'src', c.rng.pick(['cpp', 'hpp', 'h']), c.rng.int(3, 40)).join('\n'),
    }),
    (c) =>
      run(
        'ctest --test-dir build -j8 --output-on-failure 2>&1 | tail -40',
        [
          ...Array.from(
            { length: c.rng.int(5, 40) },
            (_, i) =>
              `${String(i + 1).padStart(3)}/${c.rng.logInt(40, 90)} Test #${i + 1}: ${snake(c.rng)} ...................   Passed    ${c.rng.next().toFixed(2)} sec`,
          ),
          '',
          '100% tests passed, 0 tests failed out of 42',
        ].join('\n'),
      ),
    (c) => run('conan install . --output-folder=build --build=missing', installLog(c.rng, 'conan', c.rng.int(3, 20))),
    (c) =>
      run(
        `grep -rn "${word(c.rng)}" include/ src/ | head -30`,
        Array.from(
          { length: c.rng.int(0, 30) },
          () => `src/${word(c.rng)}/${snake(c.rng)}.cpp:${c.rng.logInt(1, 900)}:  ${word(c.rng)}_->${word(c.rng)}();`,
        ).join('\n'),
      ),
  ],
  write: (c, path, body, how) =>
    how === 3 || how === 0
      ? {
          tool: 'apply_diff',
          args: {
            path,
            diff: `--- a/${path}\n+++ b/${path}\n@@ -${c.rng.logInt(1, 80)},3 +${c.rng.logInt(1, 80)},4 @@\n${body
              .split('\n')
              .slice(0, 4)
              .map((l) => `+${l}`)
              .join('\n')}`,
          },
          out: `patched ${path} (1 hunk)`,
        }
      : how === 2
        ? run(`cat > ${path} << 'EOF'\n${body}\nEOF`, '')
        : {
            tool: 'write_file',
            args: { path, content: body },
            out: `wrote ${body.split('\n').length} lines to ${path}`,
          },
  read: (c, path, body) => ({ tool: 'read_file', args: { path }, out: body }),
  task: (c, body) => ({
    tool: 'read_file',
    args: { path: 'TODO.md' },
    out: `# Next up\n\n${body}\n\n# Someday\n- ${word(c.rng)} ${word(c.rng)}`,
  }),
  fail: (c, k, v): Carrier => {
    const { rng } = c;
    const total = rng.int(80, 400);
    if (v === 0) {
      const needle = `'${k}_window' was not declared in this scope`;
      return {
        act: run(
          'cmake --build build -j8 2>&1 | tail -80',
          [
            ...ninja(rng, rng.int(5, 60), total),
            `FAILED: src/CMakeFiles/dsp.dir/dsp/filter.cpp.o`,
            `/usr/bin/g++-13 -DNDEBUG -I/home/me/proj/include -O2 -std=gnu++17 -MD -MT src/CMakeFiles/dsp.dir/dsp/filter.cpp.o -c /home/me/proj/src/dsp/filter.cpp`,
            `/home/me/proj/src/dsp/filter.cpp: In member function 'void dsp::Filter::process(float*, std::size_t)':`,
            `/home/me/proj/src/dsp/filter.cpp:${rng.int(20, 400)}:18: error: ${needle}`,
            `  ${rng.int(20, 400)} |   const auto w = ${k}_window(n);`,
            '      |                  ^~~~~~~~~~~~',
            ...ninja(rng, rng.int(1, 6), total),
            'ninja: build stopped: subcommand failed.',
          ].join('\n'),
          1,
        ),
        needle,
      };
    }
    if (v === 1) {
      const needle = `undefined reference to \`${k}::Engine::process(float*, unsigned long)'`;
      return {
        act: run(
          'cmake --build build -j8 2>&1 | tail -60',
          [
            ...ninja(rng, rng.int(10, 50), total),
            `[${total}/${total}] Linking CXX executable bin/host`,
            `FAILED: bin/host`,
            `/usr/bin/ld: src/libhost.a(host.cpp.o): in function \`Host::tick()':`,
            `host.cpp:(.text+0x${hex(rng, 3)}): ${needle}`,
            `collect2: error: ld returned 1 exit status`,
            'ninja: build stopped: subcommand failed.',
          ].join('\n'),
          1,
        ),
        needle,
      };
    }
    const needle = `${k}_roundtrip (Failed)`;
    return {
      act: run(
        'ctest --test-dir build --output-on-failure 2>&1 | tail -60',
        [
          ...Array.from(
            { length: rng.int(5, 40) },
            (_, i) =>
              `${String(i + 1).padStart(3)}/44 Test #${i + 1}: ${snake(rng)} ...   Passed    0.0${rng.int(1, 9)} sec`,
          ),
          `17/44 Test #17: ${k}_roundtrip ..............***Failed    0.41 sec`,
          `expected 0.000000 got 1.5e-05 at sample 4471`,
          '',
          '98% tests passed, 1 tests failed out of 44',
          '',
          'The following tests FAILED:',
          `\t 17 - ${needle}`,
          'Errors while running CTest',
        ].join('\n'),
        8,
      ),
      needle,
    };
  },
  pass: (c) =>
    run(
      'cmake --build build -j8 && ctest --test-dir build -j8 2>&1 | tail -3',
      `[${c.rng.logInt(100, 400)}/${c.rng.logInt(400, 500)}] Linking CXX executable bin/host\n100% tests passed, 0 tests failed out of 44\nTotal Test time (real) =   ${(c.rng.next() * 20).toFixed(2)} sec`,
    ),
  value: (c, k, v): Carrier => {
    const { rng } = c;
    if (v === 0) {
      const needle = `/opt/${k}/lib/lib${k}.a`;
      return {
        act: run(
          'cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release 2>&1',
          [
            `-- The CXX compiler identification is GNU 13.2.0`,
            `-- Detecting CXX compiler ABI info - done`,
            `-- Found Threads: TRUE`,
            `-- Found ${cap(k)}: ${needle} (found version "2.3.1")`,
            `-- Found PkgConfig: /usr/bin/pkg-config (found version "1.8.1")`,
            '-- Configuring done (1.2s)',
            '-- Generating done (0.1s)',
            '-- Build files have been written to: /home/me/proj/build',
          ].join('\n'),
        ),
        needle,
      };
    }
    if (v === 1) {
      const needle = `BM_${k}_resample/4096`;
      const bms = Array.from(
        { length: rng.int(5, 20) },
        () =>
          `BM_${snake(rng)}/${2 ** rng.int(6, 14)}`.padEnd(32) +
          `${rng.int(100, 90000)} ns`.padStart(12) +
          `${rng.int(100, 90000)} ns`.padStart(12) +
          String(rng.int(1000, 900000)).padStart(10),
      );
      bms.splice(
        rng.int(0, bms.length),
        0,
        needle.padEnd(32) + '1843 ns'.padStart(12) + '1840 ns'.padStart(12) + '380112'.padStart(10),
      );
      return {
        act: run(
          './build/bin/bench --benchmark_filter=resample',
          [
            'Run on (16 X 4700 MHz CPU s)',
            '----------------------------------------------------------',
            'Benchmark                     Time             CPU   Iterations',
            '----------------------------------------------------------',
            ...bms,
          ].join('\n'),
        ),
        needle,
      };
    }
    const needle = `-DUSE_${k.toUpperCase()}_SIMD=1`;
    return {
      act: run(
        'jq ".[0]" build/compile_commands.json',
        JSON.stringify(
          {
            directory: '/home/me/proj/build',
            command: `/usr/bin/g++-13 ${needle} -I/home/me/proj/include -O2 -std=gnu++17 -o src/CMakeFiles/dsp.dir/dsp/filter.cpp.o -c /home/me/proj/src/dsp/filter.cpp`,
            file: '/home/me/proj/src/dsp/filter.cpp',
          },
          null,
          2,
        ),
      ),
      needle,
    };
  },
  use: (c, needle) =>
    run(
      `grep -rn -- "${needle}" build/CMakeCache.txt CMakeLists.txt | head`,
      `CMakeLists.txt:${c.rng.logInt(10, 120)}:# ${needle}`,
    ),
  commit: (c, msg) =>
    run(
      `git commit -am "${msg.split('\n')[0]}"`,
      `[main ${hex(c.rng, 7)}] ${msg.split('\n')[0]}\n 1 file changed, ${c.rng.logInt(1, 60)} insertions(+)`,
    ),
  lex: {
    goal: [
      (k) => `get the ${k} plugin compiling with GCC 13`,
      (k) => `speed up ${k}_resample by vectorizing the inner loop`,
      (k) => `port the ${k} build from Makefiles to CMake`,
    ],
    constraint: [
      (k) => `C++17 only in lib${k}, the embedded toolchain has no C++20`,
      (k) => `never use exceptions in the ${k} realtime path`,
      (k) => `don't touch third_party/${k}`,
    ],
    implicit: [
      (k) => `the ${k} target ships on Windows too, so no POSIX-only headers`,
      (k) => `we link ${k} statically into the DAW host, so no global constructors`,
    ],
    decision: [
      (k) => `use std::span for the ${k} buffers instead of raw pointers`,
      (k) => `build ${k} with -fno-exceptions and return error codes`,
      (k) => `fetch ${k}'s dependency with FetchContent pinned to a tag`,
    ],
    rejected: ['use a git submodule', 'write our own ring buffer'],
    pending: [(k) => `run the ${k} benchmark on the ARM box`, (k) => `add the ${k} target to the CI matrix`],
    file: [(k) => `src/${k}/${k}_engine.cpp`, (k) => `cmake/Find${cap(k)}.cmake`, (k) => `include/${k}/buffer.hpp`],
  },
  talk: {
    open: (goal, extras) => `${goal}\n\n${extras.join('\n')}\n(build dir is ./build, ninja)`,
    chat: ['ok', 'hmm', 'why?', 'compiles here too', 'good, next', 'wait what did you change'],
    nudge: ['continue', 'go on'],
    probe: ['continue', 'and now?'],
  },
};

/** The code harnesses of the far family. */
export const FAR_HARNESSES_A: Pick<
  Record<FarStyle, FarHarness>,
  'miniswe' | 'citriage' | 'dataeng' | 'android' | 'localcpp'
> = {
  miniswe,
  citriage,
  dataeng,
  android,
  localcpp,
};
