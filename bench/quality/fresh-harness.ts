/**
 * The harnesses the fresh family imitates, each with its own system prompt, tool names, argument
 * shapes, output wrapping and ordinary work: an AutoGen group chat (planner, coder, reviewer
 * speaking through one assistant channel), a LangGraph ReAct research agent with JSON tool
 * results, an OpenAI Agents SDK coding agent (apply_patch operations, handoffs), Kiro's
 * spec-driven workflow (requirements.md / design.md / tasks.md), a mobile release agent (Gradle,
 * Xcode, fastlane), a security remediation agent (semgrep, trivy, audits), a customer-support
 * agent (Zendesk, Stripe, HubSpot records) and an infrastructure agent (Ansible, Terraform, Pulumi).
 */
import { alnum, hex, lines, pascal, stamp, type Call, type Harness, type Step, type World } from './fresh-core';
import { WORDS, ecoDef } from './fresh-ecos';

const cap = pascal;

const SHORT = [
  'Checking the build first.',
  'Let me look at how {m} wires this up.',
  'Running the suite again to be sure.',
  'That passed; moving on to {m}.',
  'Reading the config before I change anything.',
  'Two things to check in parallel.',
  'The output is long; the relevant part is near the end.',
  'Nothing unexpected there.',
  'I will verify this with a narrower run.',
  'Looking at the callers of the {m} code path.',
];

const LONG = [
  'The {m} module owns the retry loop, so any change to backoff has to happen there rather than in the client.',
  'I compared the two code paths and they diverge only in how they treat an empty batch.',
  'The earlier run was flaky on the {m} step, which usually means shared state between tests.',
  'There is a second caller in the {m} package that I had not seen before; it passes the raw value through.',
  'Caching here would hide the problem rather than fix it, so I am leaving the cache alone for now.',
  'The config is loaded once at startup, which explains why the change did not take effect until a restart.',
  'The logs show the same request being retried three times with the same idempotency key, which is fine.',
  'I would rather keep the diff small and reviewable than refactor {m} in the same change.',
  'Most of the warnings are pre-existing and unrelated to this work.',
  'The numbers line up with what the dashboard showed yesterday, give or take rounding.',
];

SHORT.push(
  'Let me reproduce it locally first.',
  'Checking whether this is already covered by a test.',
  'The diff is small; running the linters before going on.',
  'I will look at the last green run for comparison.',
  'That matches what the logs said.',
  'Trying the same thing with verbose output.',
  'OK, that narrows it down.',
  'Before editing, I want to see who else calls this.',
  'Good, no regressions.',
  'This one is unrelated; leaving it.',
);
LONG.push(
  'The timeout is set in two places and the lower one wins, which is why raising the client setting did nothing.',
  'I checked the fixture data and it was generated before the currency column existed, so several tests pass by accident.',
  'The error only appears when the batch crosses a page boundary, which is why the small test case never hit it.',
  'Reverting the previous change makes the symptom go away, but it reintroduces the double-send that change fixed.',
  'The job runs under a different user in CI, so the path it writes to is not the one I was looking at.',
  'Nothing in the changelog of the dependency mentions this, but the release did touch the serializer.',
  'The flaky test depends on wall-clock time; freezing the clock in the test makes it deterministic.',
  'There are two configuration layers and only one of them is reloaded on SIGHUP.',
);

const USER_ASIDES = [
  'CI has been flaky since Monday, so take red runs with a grain of salt',
  "I'm in meetings most of the afternoon",
  'support got two complaints about this yesterday',
  'the last person who touched this left no notes',
  'ping me if anything looks off',
  'the deploy pipeline is slow today',
  'no rush on the cleanup, correctness first',
  "we're demoing this on Thursday",
  'finance asked about it again this morning',
  'I had a look last week and got nowhere',
];

/** Ordinary user text: an aside. */
export function userAside(w: World): string {
  return w.rng.pick(USER_ASIDES);
}

const RULES = [
  'Every pull request needs one approval from CODEOWNERS.',
  'Run the formatter and linters before pushing.',
  'No force-pushes to shared branches.',
  'Secrets live in the vault, never in the repository or in CI variables.',
  'Keep CHANGELOG.md current; one line per user-visible change.',
  'Database migrations must be backwards compatible for one release.',
  'Feature work goes behind a flag until the rollout review.',
  'Log lines must not contain customer emails or card data.',
  'Public replies to customers go through the tone guide.',
  'Refunds above the agent limit need a team lead.',
  'Prefer small, reviewable changes over large refactors.',
  'Tests that touch the network are tagged and skipped in CI.',
  'Dependencies are pinned; upgrades come with the lockfile diff.',
  'Anything paging on-call at night needs a runbook entry.',
];

/** A rule of an ordinary policy document (no needle). */
export function rule(w: World): string {
  return w.rng.pick(RULES);
}

/** Ordinary assistant text: a short remark or a paragraph of reasoning. */
export function chatter(w: World): string {
  const fill = (s: string) => s.replace('{m}', w.rng.pick(w.modules));
  if (w.rng.chance(0.7)) return fill(w.rng.pick(SHORT));
  return w.rng.sample(LONG, w.rng.int(2, 6)).map(fill).join(' ');
}

const callId = (prefix: string, n: number) => (w: World) => `${prefix}${alnum(w.rng, n)}`;

/** Ordinary steps every harness shares, written through its own tools. */
function commonFiller(w: World, h: Harness): Step {
  const rng = w.rng;
  const eco = rng.pick(w.ecos);
  const d = ecoDef(eco);
  const text = rng.chance(0.55) ? chatter(w) : undefined;
  const roll = rng.next();
  if (roll < 0.012) {
    // a huge output: a full CI log
    const parts = Array.from({ length: rng.int(6, 16) }, () => d.ok(rng, w).out);
    return {
      text: 'Pulling the full CI log for the last run.',
      calls: [h.run(w, `gh run view ${rng.int(1e9, 9e9)} --log`, parts.join('\n'), 0)],
    };
  }
  if (roll < 0.4) {
    const r = d.ok(rng, w);
    return { ...(text ? { text } : {}), calls: [h.run(w, r.cmd, r.out, r.exit)] };
  }
  if (roll < 0.6) {
    const path = rng.pick(w.files);
    return { ...(text ? { text } : {}), calls: [h.read(w, path, ecoDef(ecoOf(w, path)).code(rng, rng.pick(WORDS)))] };
  }
  if (roll < 0.7) {
    const paths = rng.sample(w.files, rng.int(2, 4));
    return {
      text: text ?? 'Reading these together.',
      calls: paths.map((p) => h.read(w, p, ecoDef(ecoOf(w, p)).code(rng, rng.pick(WORDS)))),
    };
  }
  if (roll < 0.8) {
    const path = rng.pick(w.files);
    const word = rng.pick(WORDS);
    return {
      ...(text ? { text } : {}),
      calls: [
        h.edit(w, path, ecoDef(ecoOf(w, path)).code(rng, word).split('\n').slice(0, rng.int(3, 12)).join('\n'), false),
      ],
    };
  }
  if (roll < 0.9) {
    const word = rng.pick(WORDS);
    const hits = lines(
      rng.logInt(1, 80),
      () =>
        `${rng.pick(w.files)}:${rng.int(1, 400)}:    ${word}${rng.pick(['Total', 'Id', 'At', 'Count', 'Service'])} = ${rng.pick(['null', '0', 'None', '[]', 'nil'])}`,
    );
    return { ...(text ? { text } : {}), calls: [h.run(w, `rg -n "${word}" ${ecoDef(eco).dir}`, hits, 0)] };
  }
  const calls: Call[] = [
    h.run(
      w,
      'git status --short',
      lines(rng.int(0, 12), () => ` M ${rng.pick(w.files)}`),
      0,
    ),
    h.run(
      w,
      'git log --oneline -8',
      lines(
        8,
        () =>
          `${hex(rng, 7)} ${rng.pick(['fix', 'chore', 'feat', 'test'])}: ${rng.pick(WORDS)} ${rng.pick(['cleanup', 'retry', 'rounding', 'paging', 'timeouts'])}`,
      ),
      0,
    ),
  ];
  return { text: text ?? 'Where are we in git?', calls: rng.chance(0.5) ? calls : calls.slice(0, 1) };
}

function ecoOf(w: World, path: string): (typeof w.ecos)[number] {
  return (
    w.ecos.find((e) => path.startsWith(ecoDef(e).dir) && path.endsWith(`.${ecoDef(e).ext}`)) ??
    (w.ecos[0] as (typeof w.ecos)[number])
  );
}

function withExtra(w: World, h: Harness, p: number, extra: () => Step): Step {
  return w.rng.chance(p) ? extra() : commonFiller(w, h);
}

// ---------------------------------------------------------------- AutoGen group chat

export const autogen: Harness = {
  system: (w) =>
    `You are the assistant channel of an AutoGen group chat managed by a GroupChatManager (speaker selection: auto).\nParticipants: ${w.agents.join(', ')}, user_proxy.\n- ${w.agents[0]} breaks the task down and keeps the plan.\n- ${w.agents[1]} writes code and runs it through the code executor tools.\n- ${w.agents[2]} critiques every change before it is accepted.\nEach message starts with the speaker, as "<name> (to chat_manager):". Reply TERMINATE when the task is complete.\nWorking directory: ${w.root}`,
  say: (w, text, agent) => `${agent ?? w.rng.pick(w.agents)} (to chat_manager):\n\n${text}`,
  user: (_w, text) => `user_proxy (to chat_manager):\n\n${text}`,
  callBanner: (_w, name, id) => `***** Suggested tool call (${id}): ${name} *****`,
  callId: callId('call_', 24),
  run: (_w, cmd, out, exit) => ({
    name: 'execute_code_blocks',
    args: { code_blocks: [{ language: 'sh', code: cmd }] },
    out: `exitcode: ${exit} (execution ${exit === 0 ? 'succeeded' : 'failed'})\nCode output: \n${out}`,
    exitCode: exit,
  }),
  read: (_w, path, content) => ({ name: 'read_file', args: { path }, out: content }),
  edit: (_w, path, body, created) => ({
    name: 'write_file',
    args: { path, content: body, mode: created ? 'create' : 'overwrite' },
    out: `Successfully wrote ${body.length} characters to ${path}`,
  }),
  filler(w) {
    if (w.rng.chance(0.15)) return { text: chatter(w), calls: [] };
    return commonFiller(w, this);
  },
};

// ---------------------------------------------------------------- LangGraph ReAct research agent

const SITES = [
  'arxiv.org/abs/',
  'github.com/',
  'docs.',
  'engineering.',
  'news.ycombinator.com/item?id=',
  'stackoverflow.com/questions/',
  'blog.',
];

function searchResults(w: World, query: string): string {
  const rng = w.rng;
  return JSON.stringify(
    Array.from({ length: rng.int(3, 8) }, () => ({
      url: `https://${rng.pick(SITES)}${rng.pick(WORDS)}-${rng.pick(WORDS)}${rng.int(10, 9999)}`,
      title: `${cap(rng.pick(WORDS))} ${rng.pick(['at scale', 'benchmarks', 'postmortem', 'design notes', 'RFC', 'release notes'])}`,
      content: lines(
        rng.logInt(1, 8),
        () =>
          `${chatter(w)} ${query} is discussed in the context of ${rng.pick(WORDS)} ${rng.pick(['latency', 'throughput', 'cost', 'consistency'])}.`,
      ),
      score: Number((0.4 + rng.next() * 0.59).toFixed(5)),
    })),
  );
}

export const langgraph: Harness = {
  system: (w) =>
    `You are a research agent built with LangGraph (create_react_agent). Answer the user's question with evidence: search, read sources, run analyses in the Python REPL, and write the report to ${w.root}/report.md. Cite every claim with a bracketed source number, e.g. [3]. Tools return JSON.`,
  say: (_w, text) => text,
  user: (_w, text) => text,
  callId: callId('call_', 24),
  run: (_w, cmd, out, exit) => ({
    name: 'terminal',
    args: { commands: [cmd] },
    out: JSON.stringify({ returncode: exit, output: out }),
    exitCode: exit,
  }),
  read: (_w, path, content) => ({ name: 'read_file', args: { file_path: path }, out: content }),
  edit: (_w, path, body, created) => ({
    name: 'write_file',
    args: { file_path: path, text: body, append: !created && body.length < 400 },
    out: `File written successfully to ${path}.`,
  }),
  filler(w) {
    return withExtra(w, this, 0.45, () => {
      const rng = w.rng;
      const q = `${rng.pick(WORDS)} ${rng.pick(['pipeline', 'storage', 'queue', 'index'])} ${rng.pick(['benchmark', 'tradeoffs', 'failure modes', 'pricing'])} 2024`;
      if (rng.chance(0.6))
        return {
          ...(rng.chance(0.5) ? { text: chatter(w) } : {}),
          calls: Array.from({ length: rng.chance(0.3) ? rng.int(2, 3) : 1 }, () => ({
            name: 'tavily_search_results_json',
            args: { query: q },
            out: searchResults(w, q),
          })),
        };
      return {
        calls: [
          {
            name: 'python_repl',
            args: {
              query: `import pandas as pd\ndf = pd.read_csv("data/${rng.pick(WORDS)}.csv")\nprint(df.describe())`,
            },
            out: JSON.stringify({
              output: lines(
                rng.logInt(4, 40),
                (i) =>
                  `${['count', 'mean', 'std', 'min', '25%', '50%', '75%', 'max'][i % 8]}  ${(rng.next() * 1000).toFixed(6)}  ${(rng.next() * 50).toFixed(6)}`,
              ),
            }),
          },
        ],
      };
    });
  },
};

// ---------------------------------------------------------------- OpenAI Agents SDK coding agent

export const agentsdk: Harness = {
  system: (w) =>
    `# Build Agent\nYou are the Build Agent of a multi-agent system created with the OpenAI Agents SDK.\nYou edit code with the apply_patch tool (operations: create_file, update_file, delete_file; diffs in V4A format) and run commands with run_command.\nHand off to the Test Agent (transfer_to_test_agent) to run the full suite, and to the Release Agent when the user asks for a release.\nRepository: ${w.root}`,
  say: (_w, text) => text,
  user: (_w, text) => text,
  callId: callId('call_', 24),
  run: (w, cmd, out, exit) => ({
    name: 'run_command',
    args: { cmd, cwd: w.root, timeout_s: w.rng.pick([60, 120, 300, 600]) },
    out: `${out}\n[exit status ${exit}] (${w.rng.int(1, 300)}.${w.rng.int(0, 9)}s)`,
    exitCode: exit,
  }),
  read: (_w, path, content) => ({
    name: 'read_file',
    args: { path },
    out: content
      .split('\n')
      .map((l, i) => `${String(i + 1).padStart(4)}  ${l}`)
      .join('\n'),
  }),
  edit: (_w, path, body, created) => ({
    name: 'apply_patch',
    args: {
      operation: created
        ? {
            type: 'create_file',
            path,
            diff: body
              .split('\n')
              .map((l) => `+${l}`)
              .join('\n'),
          }
        : {
            type: 'update_file',
            path,
            diff: `@@\n-${body.split('\n')[0] ?? ''}\n${body
              .split('\n')
              .map((l) => `+${l}`)
              .join('\n')}`,
          },
    },
    out: JSON.stringify({ status: 'completed', output: `${created ? 'Created' : 'Updated'} ${path}` }),
  }),
  filler(w) {
    return withExtra(w, this, 0.06, () => ({
      calls: [
        {
          name: w.rng.pick(['transfer_to_test_agent', 'transfer_to_build_agent']),
          args: {},
          out: JSON.stringify({ assistant: w.rng.pick(['Test Agent', 'Build Agent']) }),
        },
      ],
    }));
  },
};

// ---------------------------------------------------------------- Kiro spec-driven agent

export const kiro: Harness = {
  system: (w) =>
    `You are Kiro, an AI assistant and IDE built to assist developers.\n\n# Spec workflow\nFeatures are built from a spec in .kiro/specs/{feature}/: requirements.md (user stories with EARS acceptance criteria), design.md, tasks.md (a checklist of coding tasks). Execute ONE task at a time and mark it with taskStatus.\n\n# Steering\nFollow the steering files in .kiro/steering/.\n\n<environment>OS: macOS, shell: zsh, workspace: ${w.root}</environment>`,
  say: (_w, text) => text,
  user: (w, text) => (w.rng.chance(0.3) ? `<user-input>${text}</user-input>` : text),
  callId: callId('tooluse_', 22),
  run: (w, cmd, out, exit) => ({
    name: 'executeBash',
    args: {
      command: cmd,
      path: '.',
      explanation: w.rng.pick(['Run the tests', 'Build the project', 'Check the output', 'Verify the change']),
    },
    out:
      exit === 0
        ? `Command executed successfully.\nOutput:\n${out}`
        : `Command failed with exit code ${exit}.\nOutput:\n${out}`,
    exitCode: exit,
  }),
  read: (_w, path, content) => ({
    name: 'readFile',
    args: { path, explanation: 'Read the current implementation' },
    out: content,
  }),
  edit: (_w, path, body, created) =>
    created
      ? { name: 'fsWrite', args: { path, text: body }, out: `Created the ${path} file.` }
      : {
          name: 'strReplace',
          args: { path, oldStr: body.split('\n')[0] ?? '', newStr: body },
          out: `Replaced text in ${path}`,
        },
  filler(w) {
    return withExtra(w, this, 0.12, () => ({
      calls: [
        {
          name: 'getDiagnostics',
          args: { paths: w.rng.sample(w.files, w.rng.int(1, 3)) },
          out: w.rng.chance(0.6)
            ? 'No diagnostics found.'
            : lines(
                w.rng.int(1, 6),
                () => `${w.rng.pick(w.files)}:${w.rng.int(1, 300)}: warning: unused variable '${w.rng.pick(WORDS)}'`,
              ),
        },
      ],
    }));
  },
};

// ---------------------------------------------------------------- mobile release agent

export const mobile: Harness = {
  system: (w) =>
    `You are the mobile release agent for the Acme apps (Android: Gradle + Kotlin, iOS: Xcode + Swift, fastlane for both).\nTools: gradle, xcodebuild, fastlane, adb, sh, view_file, edit_file, create_file.\nAlways build before you ship; never upload a build whose tests failed.\nRepo: ${w.root}`,
  say: (_w, text) => text,
  user: (_w, text) => text,
  callId: (w) => `fc_${hex(w.rng, 40)}`,
  run: (w, cmd, out, exit) => {
    if (cmd.startsWith('./gradlew'))
      return {
        name: 'gradle',
        args: {
          tasks: cmd
            .split(' ')
            .slice(1)
            .filter((t) => !t.startsWith('-')),
          args: cmd.split(' ').filter((t) => t.startsWith('-')),
          project_dir: w.root,
        },
        out,
        exitCode: exit,
      };
    if (cmd.startsWith('xcodebuild'))
      return {
        name: 'xcodebuild',
        args: { command: cmd.replace(/^xcodebuild /, ''), workspace_dir: w.root },
        out,
        exitCode: exit,
      };
    if (cmd.startsWith('fastlane'))
      return { name: 'fastlane', args: { command: cmd.replace(/^fastlane /, '') }, out, exitCode: exit };
    return { name: 'sh', args: { cmd }, out: exit === 0 ? out : `${out}\n(exit ${exit})`, exitCode: exit };
  },
  read: (w, path, content) => ({
    name: 'view_file',
    args: { path, range: [1, w.rng.pick([200, 400, 800])] },
    out: content,
  }),
  edit: (_w, path, body, created) =>
    created
      ? { name: 'create_file', args: { path, content: body }, out: `Created ${path}` }
      : {
          name: 'edit_file',
          args: { path, old_string: body.split('\n')[0] ?? '', new_string: body },
          out: `Edited ${path}: 1 replacement`,
        },
  filler(w) {
    return withExtra(w, this, 0.15, () => {
      const rng = w.rng;
      if (rng.chance(0.5))
        return {
          calls: [
            this.run(
              w,
              `fastlane ${rng.pick(['ios', 'android'])} ${rng.pick(['test', 'lint', 'screenshots'])}`,
              `[✔] 🚀 \n[${stamp(w).slice(11, 19)}]: ------------------------------\n[${stamp(w).slice(11, 19)}]: --- Step: default_platform ---\n${lines(rng.logInt(3, 80), () => `[${stamp(w).slice(11, 19)}]: ▸ ${rng.pick(['Compiling', 'Linking', 'Processing', 'Signing', 'Touching'])} ${cap(rng.pick(WORDS))}${rng.pick(['View.swift', 'Model.swift', '.framework', 'Activity.kt'])}`)}\n\n+------+------------------+-------------+\n|           fastlane summary            |\n+------+------------------+-------------+\n| Step | Action           | Time (in s) |\n+------+------------------+-------------+\n| 1    | default_platform | 0           |\n| 2    | scan             | ${rng.int(30, 400)}         |\n+------+------------------+-------------+\n\n[${stamp(w).slice(11, 19)}]: fastlane.tools finished successfully 🎉`,
              0,
            ),
          ],
        };
      return {
        calls: [
          this.run(
            w,
            `adb logcat -d -s ${cap(rng.pick(WORDS))}Worker:V`,
            lines(
              rng.logInt(3, 120),
              () =>
                `03-14 09:${rng.int(10, 59)}:${rng.int(10, 59)}.${rng.int(100, 999)}  ${rng.int(1000, 9999)}  ${rng.int(1000, 9999)} ${rng.pick(['D', 'I', 'W'])} ${cap(rng.pick(WORDS))}Worker: ${rng.pick(['enqueued', 'started', 'succeeded', 'retrying'])} id=${hex(rng, 8)}`,
            ),
            0,
          ),
        ],
      };
    });
  },
};

// ---------------------------------------------------------------- security remediation agent

function auditOut(w: World): { tool: string; args: Record<string, unknown>; out: string } {
  const rng = w.rng;
  const pkg = `${rng.pick(['lodash', 'axios', 'nokogiri', 'guzzlehttp/guzzle', 'System.Text.Json', 'golang.org/x/net', 'rack', 'follow-redirects', 'semver'])}`;
  switch (rng.int(0, 3)) {
    case 0:
      return {
        tool: 'semgrep_scan',
        args: { config: ['p/ci', 'p/secrets'], paths: ['.'], severity: 'ERROR' },
        out: `┌──────────────┐\n│ ${rng.int(1, 40)} Code Findings │\n└──────────────┘\n${lines(rng.logInt(1, 30), () => `\n    ${rng.pick(w.files)}\n   ❯❯❱ ${rng.pick(['javascript.lang.security.audit.path-traversal', 'ruby.rails.security.audit.xss.avoid-html-safe', 'php.lang.security.injection.tainted-sql-string', 'csharp.lang.security.ssrf.http-client'])}\n          ${chatter(w)}\n\n           ${rng.int(1, 300)}┆ ${rng.pick(WORDS)} = request.params[:${rng.pick(WORDS)}]`)}\n\n┌──────────────┐\n│ Scan Summary │\n└──────────────┘\nRan ${rng.int(200, 900)} rules on ${rng.int(100, 3000)} files: ${rng.int(1, 40)} findings.`,
      };
    case 1:
      return {
        tool: 'trivy',
        args: {
          target: `ghcr.io/acme/${w.project}:${rng.int(1, 9)}.${rng.int(0, 30)}.${rng.int(0, 9)}`,
          scanners: ['vuln'],
          severity: 'HIGH,CRITICAL',
        },
        out: `${w.project} (debian 12.8)\n=========================\nTotal: ${rng.int(1, 40)} (HIGH: ${rng.int(1, 30)}, CRITICAL: ${rng.int(0, 5)})\n\n┌──────────────────┬────────────────┬──────────┬────────┬───────────────────┬───────────────┐\n│     Library      │ Vulnerability  │ Severity │ Status │ Installed Version │ Fixed Version │\n├──────────────────┼────────────────┼──────────┼────────┼───────────────────┼───────────────┤\n${lines(rng.logInt(1, 60), () => `│ ${rng.pick(['libssl3', 'libc6', 'zlib1g', 'libxml2', 'curl', 'openssh-client']).padEnd(16)} │ CVE-20${rng.int(21, 25)}-${rng.int(1000, 59999)} │ ${rng.pick(['HIGH    ', 'CRITICAL'])} │ fixed  │ ${rng.int(1, 3)}.${rng.int(0, 9)}.${rng.int(0, 20)}-${rng.int(1, 9)}           │ ${rng.int(1, 3)}.${rng.int(0, 9)}.${rng.int(0, 20)}-${rng.int(1, 9)}+deb12u1 │`)}\n└──────────────────┴────────────────┴──────────┴────────┴───────────────────┴───────────────┘`,
      };
    case 2:
      return {
        tool: 'dependency_audit',
        args: { ecosystem: 'npm', production_only: true },
        out: JSON.stringify({
          auditReportVersion: 2,
          vulnerabilities: Object.fromEntries(
            Array.from({ length: rng.int(1, 12) }, () => [
              `${rng.pick(['semver', 'axios', 'ws', 'cookie', 'path-to-regexp', 'body-parser', 'micromatch'])}`,
              {
                severity: rng.pick(['moderate', 'high', 'critical']),
                via: [
                  {
                    source: rng.int(1000000, 1100000),
                    title: chatter(w).slice(0, 60),
                    url: `https://github.com/advisories/GHSA-${alnum(rng, 4, 'abcdefghjkmnpqrstuvwxyz23456789')}-${alnum(rng, 4, 'abcdefghjkmnpqrstuvwxyz23456789')}-${alnum(rng, 4, 'abcdefghjkmnpqrstuvwxyz23456789')}`,
                  },
                ],
                fixAvailable: rng.chance(0.7),
              },
            ]),
          ),
          metadata: {
            vulnerabilities: {
              info: 0,
              low: rng.int(0, 9),
              moderate: rng.int(0, 9),
              high: rng.int(0, 9),
              critical: rng.int(0, 3),
            },
            dependencies: { total: rng.int(300, 2000) },
          },
        }),
      };
    default:
      return {
        tool: 'snyk_test',
        args: {
          file: rng.pick(['package.json', 'Gemfile.lock', 'composer.lock', 'go.mod']),
          severity_threshold: 'high',
        },
        out: `Testing ${w.root}...\n\n${lines(rng.logInt(1, 20), () => ` ✗ [${rng.pick(['High', 'Critical'])}] ${rng.pick(['Prototype Pollution', 'Regular Expression Denial of Service (ReDoS)', 'Server-side Request Forgery (SSRF)', 'Improper Input Validation'])}\n   Path: ${pkg}@${rng.int(0, 5)}.${rng.int(0, 30)}.${rng.int(0, 9)}\n   Introduced through: ${w.project}@1.0.0 › ${pkg}@${rng.int(0, 5)}.${rng.int(0, 30)}.${rng.int(0, 9)}`)}\n\nOrganization:      acme\nPackage manager:   npm\nTested ${rng.int(100, 900)} dependencies for known issues, found ${rng.int(1, 20)} issues, ${rng.int(1, 30)} vulnerable paths.`,
      };
  }
}

export const secfix: Harness = {
  system: (w) =>
    `You are a security remediation agent. For each finding from the scanners (semgrep, trivy, dependency audits, snyk): confirm it is reachable, patch it with the smallest change, prove the fix with the scanner and the test suite, and open a pull request per finding group.\nRepository: ${w.root}\nTools: semgrep_scan, trivy, dependency_audit, snyk_test, bash, read, patch_file, open_pull_request.`,
  say: (_w, text) => text,
  user: (_w, text) => text,
  callId: callId('toolu_01', 22),
  run: (_w, cmd, out, exit) => ({
    name: 'bash',
    args: { command: cmd },
    out: exit === 0 ? out : `${out}\n\nExit code ${exit}`,
    exitCode: exit,
  }),
  read: (_w, path, content) => ({ name: 'read', args: { path }, out: content }),
  edit: (_w, path, body, created) => ({
    name: 'patch_file',
    args: {
      path,
      create: created,
      patch: `--- a/${path}\n+++ b/${path}\n@@ -1,3 +1,${body.split('\n').length} @@\n${body
        .split('\n')
        .map((l) => `+${l}`)
        .join('\n')}`,
    },
    out: `patched ${path} (1 hunk applied)`,
  }),
  filler(w) {
    return withExtra(w, this, 0.35, () => {
      const n = w.rng.chance(0.3) ? w.rng.int(2, 3) : 1;
      return {
        ...(w.rng.chance(0.5) ? { text: 'Re-running the scanners.' } : {}),
        calls: Array.from({ length: n }, () => {
          const a = auditOut(w);
          return { name: a.tool, args: a.args, out: a.out, exitCode: 1 } satisfies Call;
        }),
      };
    });
  },
};

// ---------------------------------------------------------------- customer-support / CRM agent

function ticketJson(w: World, id: number, subject: string, body: string): string {
  const rng = w.rng;
  return JSON.stringify(
    {
      ticket: {
        id,
        url: `https://acme.zendesk.com/api/v2/tickets/${id}.json`,
        subject,
        description: body,
        status: rng.pick(['open', 'pending', 'new']),
        priority: rng.pick(['normal', 'high', 'urgent']),
        requester_id: rng.int(1e11, 9e11),
        assignee_id: rng.int(1e11, 9e11),
        tags: rng.sample(['billing', 'refund', 'enterprise', 'churn-risk', 'vip', 'sso', 'api'], rng.int(1, 4)),
        custom_fields: Array.from({ length: rng.int(3, 12) }, () => ({
          id: rng.int(1e9, 9e9),
          value: rng.chance(0.5) ? null : rng.pick(WORDS),
        })),
        created_at: stamp(w),
        updated_at: stamp(w),
      },
    },
    null,
    rng.chance(0.5) ? 2 : undefined,
  );
}

export const crm: Harness = {
  system: (w) =>
    `You are Acme's Tier-2 support agent. You work tickets in Zendesk, look customers up in HubSpot, and check payments in Stripe. Write internal notes for every action; public replies must follow the tone guide. Escalate to a human for legal threats.\nToday's queue: ${w.project}.`,
  say: (_w, text) => text,
  user: (_w, text) => text,
  callId: callId('call_', 24),
  run: (_w, cmd, out, exit) => ({ name: 'run_report', args: { sql: cmd }, out, exitCode: exit }),
  read: (_w, path, content) => ({ name: 'kb_get_article', args: { path }, out: content }),
  edit: (_w, path, body, created) => ({
    name: 'save_draft',
    args: { path, body, overwrite: !created },
    out: JSON.stringify({ ok: true, path, revision: 1 + (body.length % 7) }),
  }),
  filler(w) {
    const rng = w.rng;
    const kind = rng.int(0, 5);
    const text = rng.chance(0.5) ? chatter(w) : undefined;
    const id = rng.int(100000, 999999);
    const calls: Call[] = [];
    if (kind === 0)
      calls.push({
        name: 'zendesk_get_ticket',
        args: { ticket_id: id },
        out: ticketJson(
          w,
          id,
          `${cap(rng.pick(WORDS))} ${rng.pick(['not working', 'charged twice', 'question', 'export missing'])}`,
          lines(rng.logInt(1, 30), () => chatter(w)),
        ),
      });
    else if (kind === 1)
      calls.push({
        name: 'stripe_list_charges',
        args: { customer: `cus_${alnum(rng, 14)}`, limit: rng.pick([10, 25, 100]) },
        out: JSON.stringify({
          object: 'list',
          has_more: rng.chance(0.3),
          data: Array.from({ length: rng.logInt(1, 40) }, () => ({
            id: `ch_${alnum(rng, 24)}`,
            amount: rng.int(500, 250000),
            currency: rng.pick(['usd', 'eur', 'gbp']),
            status: rng.pick(['succeeded', 'succeeded', 'failed']),
            refunded: rng.chance(0.2),
            created: rng.int(1.7e9, 1.74e9),
          })),
        }),
      });
    else if (kind === 2)
      calls.push({
        name: 'hubspot_get_contact',
        args: { email: `${rng.pick(WORDS)}.${rng.pick(WORDS)}@example.com` },
        out: JSON.stringify({
          id: String(rng.int(1e5, 9e5)),
          properties: {
            lifecyclestage: rng.pick(['customer', 'opportunity']),
            hs_lead_status: rng.pick(['OPEN', 'CONNECTED']),
            company: `${cap(rng.pick(WORDS))} ${rng.pick(['GmbH', 'Inc', 'Ltd'])}`,
            plan: rng.pick(['starter', 'growth', 'enterprise']),
            mrr: rng.int(50, 20000),
          },
        }),
      });
    else if (kind === 3)
      calls.push({
        name: 'zendesk_search',
        args: { query: `type:ticket status<solved tags:${rng.pick(['billing', 'refund', 'sso'])}` },
        out: JSON.stringify({
          results: Array.from({ length: rng.logInt(1, 50) }, () => ({
            id: rng.int(100000, 999999),
            subject: `${cap(rng.pick(WORDS))} ${rng.pick(['issue', 'request', 'bug'])}`,
            status: rng.pick(['open', 'pending']),
          })),
          count: rng.int(1, 400),
        }),
      });
    else if (kind === 4)
      calls.push({
        name: 'zendesk_add_comment',
        args: { ticket_id: id, public: false, body: chatter(w) },
        out: JSON.stringify({ audit: { id: rng.int(1e10, 9e10), ticket_id: id } }),
      });
    else
      calls.push(
        this.run(
          w,
          `SELECT plan, count(*) FROM accounts WHERE churned_at IS NULL GROUP BY 1`,
          ` plan       | count\n------------+-------\n${lines(rng.int(2, 6), () => ` ${rng.pick(['starter', 'growth', 'enterprise', 'legacy']).padEnd(10)} | ${rng.int(10, 9000)}`)}`,
          0,
        ),
      );
    if (rng.chance(0.2))
      calls.push({
        name: 'hubspot_get_contact',
        args: { email: `${rng.pick(WORDS)}@example.org` },
        out: JSON.stringify({ id: String(rng.int(1e5, 9e5)), properties: { lifecyclestage: 'customer' } }),
      });
    return { ...(text ? { text } : {}), calls };
  },
};

// ---------------------------------------------------------------- infrastructure agent

export const infra: Harness = {
  system: (w) =>
    `You are an infrastructure automation agent. You change infrastructure only through code: Ansible playbooks, Terraform modules and Pulumi stacks in ${w.root}. Always plan/preview/--check before applying, and show the diff to the user before any apply to prod.`,
  say: (_w, text) => text,
  user: (_w, text) => text,
  callId: callId('call_', 24),
  run: (w, cmd, out, exit) => {
    if (cmd.startsWith('ansible-playbook')) {
      const parts = cmd.split(' ');
      return {
        name: 'ansible_playbook',
        args: {
          playbook: parts.find((p) => p.endsWith('.yml')) ?? 'site.yml',
          inventory: parts[parts.indexOf('-i') + 1] ?? 'inventory/prod',
          check: cmd.includes('--check'),
          extra_args: parts.filter((p) => p.startsWith('--')),
        },
        out,
        exitCode: exit,
      };
    }
    if (cmd.startsWith('terraform'))
      return {
        name: 'terraform',
        args: { subcommand: cmd.split(' ')[1], args: cmd.split(' ').slice(2), dir: `${w.root}/infra` },
        out,
        exitCode: exit,
      };
    if (cmd.startsWith('pulumi'))
      return {
        name: 'pulumi',
        args: { command: cmd.replace(/^pulumi /, ''), cwd: `${w.root}/infra/pulumi` },
        out,
        exitCode: exit,
      };
    return { name: 'shell', args: { command: cmd }, out, exitCode: exit };
  },
  read: (_w, path, content) => ({ name: 'read_file', args: { path }, out: content }),
  edit: (_w, path, body, created) => ({
    name: created ? 'write_file' : 'edit_file',
    args: created ? { path, content: body } : { path, search: body.split('\n')[0] ?? '', replace: body },
    out: `${created ? 'wrote' : 'edited'} ${path}`,
  }),
  filler(w) {
    return withExtra(w, this, 0.12, () => {
      const rng = w.rng;
      const host = `${rng.pick(['web', 'app', 'db', 'worker'])}-${String(rng.int(1, 20)).padStart(2, '0')}`;
      return {
        calls: [
          {
            name: 'ssh_exec',
            args: {
              host,
              command: rng.pick([
                'systemctl status nginx --no-pager',
                'df -h',
                'journalctl -u app --since "1 hour ago" --no-pager | tail -50',
              ]),
            },
            out: lines(
              rng.logInt(3, 60),
              () =>
                `Mar 14 09:${rng.int(10, 59)}:${rng.int(10, 59)} ${host} ${rng.pick(['nginx', 'app', 'systemd', 'kernel'])}[${rng.int(100, 9999)}]: ${chatter(w).slice(0, 90)}`,
            ),
          },
        ],
      };
    });
  },
};
