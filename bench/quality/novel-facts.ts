/**
 * How the novel family (novel.ts) states a fact: the many ways a user, a document or tool
 * output, or the agent itself says a goal, constraint, decision, file, error, pending step or
 * value. Each function returns text (or a tool call) holding the needle verbatim and names its
 * phrasing, which becomes the fact's style (`kind/channel-phrasing/harness`).
 */
import type { Call, Harness } from './novel-core';
import type { Failure } from './novel-ecos';
import { hex, PEOPLE } from './novel-words';
import { clauses, numbered, source } from './novel-text';
import type { Rng } from './rng';
import type { FactKind } from './types';

/** Who states a fact first. */
export type Channel = 'user' | 'tool' | 'agent';

/** A fact being planted: its needle, unique token, and the message indices of its episode. */
export interface Seed {
  kind: FactKind;
  channel: Channel;
  needle: string;
  key: string;
  style: string;
  /** Message-count position at which it is due. */
  at: number;
  failure?: Failure;
  /** Indices of every message of the steps that plant or mention it. */
  idx: number[];
}

type Phr = [string, (n: string, rng: Rng) => string];

const who = (rng: Rng) => rng.pick(PEOPLE);
const LANGS: Record<string, string> = {
  c: 'c',
  h: 'c',
  py: 'python',
  ex: 'elixir',
  exs: 'elixir',
  ts: 'ts',
  dart: 'dart',
  swift: 'swift',
  cs: 'csharp',
  sql: 'sql',
  yaml: 'yaml',
  lua: 'lua',
};
/** The source language of a path, by extension (python when unknown). */
const langOf = (path: string) => LANGS[path.slice(path.lastIndexOf('.') + 1)] ?? 'python';
const hasQuote = (n: string) => /["\\\n]/.test(n);

const USER: Record<FactKind, Phr[]> = {
  goal: [
    ['ask', (n) => `Can you ${n}? Ping me if something is unclear.`],
    [
      'ticket',
      (n, r) =>
        `Picking up this ticket:\n\n> **${r.pick(['PLAT', 'APP', 'OPS', 'DATA'])}-${r.int(100, 9999)}** · ${n}\n> Reporter: ${who(r)} · Priority: P${r.int(1, 3)}\n> Acceptance: works on staging, tests green, reviewed.`,
    ],
    [
      'bullets',
      (n) => `Today's goals:\n- ${n}\n- keep the diff reviewable\n- leave notes for whoever picks this up next`,
    ],
    ['terse', (n) => `${n}. go`],
  ],
  constraint: [
    [
      'rules',
      (n, r) =>
        `Ground rules before you start:\n1. ${n}.\n2. Small commits.\n3. Ask ${who(r)} if anything touches billing.`,
    ],
    ['question', (n) => `quick q — you're aware of the rule "${n}"? it bit us last quarter`],
    [
      'yaml',
      (n) =>
        `Policy for this session:\n\`\`\`yaml\nguardrails:\n  - ${n}\n  - ask before destructive operations\n\`\`\``,
    ],
    ['aside', (n) => `(also: ${n} — learned that the hard way)`],
    ['table', (n) => `| rule | why |\n|---|---|\n| ${n} | incident review |\n| small PRs | reviewer time |`],
  ],
  decision: [
    ['lets-go', (n) => `ok let's go with this: ${n}.`],
    ['nah', (n) => `nah, ${n} instead — the other option has too many moving parts.`],
    [
      'json',
      (n, r) =>
        hasQuote(n)
          ? `Decided: ${n}.`
          : `Recording the call here:\n\`\`\`json\n{"decision": "${n}", "decided_by": "${who(r)}", "revisit": false}\n\`\`\``,
    ],
    ['table', (n) => `| option | pick |\n|---|---|\n| keep current approach | |\n| ${n} | ✅ |`],
  ],
  file: [
    ['point', (n) => `have a look at ${n}, I think that's where it goes wrong`],
    ['paste', (n, r) => `\`\`\`${n}\n${source(r, langOf(n), 200)}\n\`\`\`\nthis one — see anything off?`],
    ['list', (n, r) => `Files that matter for this:\n- ${n}\n- README.md\n(${who(r)} owns the first one)`],
  ],
  value: [
    ['inline', (n) => `fyi use ${n} — that's what staging has`],
    ['env', (n) => `config for this:\n\`\`\`\n${n}\nLOG_LEVEL=info\n\`\`\``],
    ['json', (n) => (hasQuote(n) ? `the setting is ${n}` : `{"setting": "${n}", "env": "staging"}`)],
    ['table', (n) => `| what | value |\n|---|---|\n| staging | ${n} |\n| prod | ask ops |`],
  ],
  pending: [
    ['after', (n) => `after that, still need to ${n} — don't forget`],
    [
      'handoff',
      (n, r) => `Handoff note from ${who(r)}:\n- done: first pass, tests green\n- open: ${n}\n- blocked: nothing`,
    ],
    ['checklist', (n) => `- [x] first pass\n- [ ] ${n}\n- [ ] final review`],
  ],
  error: [],
};

const AGENT: Record<FactKind, Phr[]> = {
  goal: [['restate', (n) => `So the goal is to ${n}. Starting with the current state.`]],
  constraint: [['acknowledge', (n) => `Noted constraint: ${n}. I'll keep that in mind for every step.`]],
  decision: [
    ['choose', (n) => `I'll go with this: ${n} — it is the simpler one to roll back.`],
    ['decision-line', (n) => `Decision: ${n}.`],
  ],
  file: [['mention', (n) => `The relevant code lives in ${n}; reading it next.`]],
  value: [['derived', (n) => `From that output, the setting we need is ${n}.`]],
  pending: [
    ['remaining', (n) => `Remaining after this: ${n}.`],
    ['todo', (n) => `TODO:\n- [x] reproduce\n- [x] fix\n- [ ] ${n}`],
  ],
  error: [],
};

/** Picks a phrasing of `table` for `s`, sets its style, returns the text. */
function phrase(table: Record<FactKind, Phr[]>, s: Seed, h: Harness, rng: Rng, channel: Channel): string {
  const [name, f] = rng.pick(table[s.kind]);
  s.style = `${s.kind}/${channel}-${name}/${h.style}`;
  return f(s.needle, rng);
}

/** The fact as a user would say it (a fragment of a user message). */
export function userText(s: Seed, h: Harness, rng: Rng): string {
  return phrase(USER, s, h, rng, 'user');
}

/** The fact as the agent says it. */
export function agentText(s: Seed, h: Harness, rng: Rng): string {
  return phrase(AGENT, s, h, rng, 'agent');
}

const COMMENT: Record<string, [string, string]> = {
  c: ['/* ', ' */'],
  python: ['# ', ''],
  elixir: ['# ', ''],
  sql: ['-- ', ''],
  csharp: ['// ', ''],
  yaml: ['# ', ''],
};

/** The fact inside a document or tool output the agent reads (or inside the call's arguments). */
export function toolCall(s: Seed, h: Harness, rng: Rng): { thought?: string; call: Call } {
  const n = s.needle;
  const set = (name: string) => (s.style = `${s.kind}/tool-${name}/${h.style}`);
  if (s.kind === 'error' && s.failure) {
    s.style = `error/${s.failure.eco}/${h.style}`;
    return { call: h.failCall(rng, s.failure) };
  }
  const lang = rng.pick(['c', 'python', 'sql', 'csharp', 'elixir']);
  const [open, close] = COMMENT[lang] ?? ['# ', ''];
  const options: Record<FactKind, (() => { thought?: string; call: Call })[]> = {
    goal: [
      () => (
        set('ticket'),
        {
          call: h.run(
            rng,
            `tracker show ${rng.pick(['PLAT', 'APP', 'OPS'])}-${rng.int(100, 9999)}`,
            `title: ${n}\nstatus: In Progress\nassignee: agent\nreporter: ${who(rng)}\nlabels: [q3, customer-facing]\ndescription: |\n  We need to ${n}. Details in the linked doc.`,
          ),
        }
      ),
      () => (
        set('task-doc'),
        { call: h.read(rng, 'TASK.md', `# Task\n\n${n}.\n\n## Notes\n- coordinate with ${who(rng)}\n- staging first`) }
      ),
    ],
    constraint: [
      () => (
        set('code-comment'),
        {
          call: h.read(
            rng,
            `src/core/guard.${lang === 'c' ? 'c' : lang === 'python' ? 'py' : lang === 'sql' ? 'sql' : lang === 'csharp' ? 'cs' : 'ex'}`,
            numbered(rng, lang, rng.int(400, 3000), 1, [`${open}WARNING: ${n}${close}`]),
          ),
        }
      ),
      () => (
        set('contributing'),
        {
          call: h.read(
            rng,
            'CONTRIBUTING.md',
            `# Contributing\n\n## Rules\n- ${n}.\n- Every change needs a reviewer from the owning team.\n- Update the changelog.`,
          ),
        }
      ),
      () => (
        set('policy-file'),
        {
          call: h.read(
            rng,
            '.agent/policy.yaml',
            `version: 2\nrules:\n  - id: R${rng.int(1, 40)}\n    text: >-\n      ${n}\n  - id: R${rng.int(41, 80)}\n    text: "ask before deleting anything"`,
          ),
        }
      ),
    ],
    decision: [
      () => (
        set('commit'),
        {
          call: h.run(
            rng,
            'git log --oneline -8',
            ((at) =>
              Array.from({ length: 8 }, (_, i) =>
                i === at
                  ? `${hex(rng, 7)} ${rng.pick(['feat', 'chore', 'refactor'])}: ${n}`
                  : `${hex(rng, 7)} ${rng.pick(['fix: flaky test', 'chore: bump deps', 'docs: runbook', 'refactor: split module', 'test: cover edge case'])}`,
              ).join('\n'))(rng.int(0, 3)),
          ),
        }
      ),
      () => (
        set('adr'),
        {
          call: h.read(
            rng,
            `docs/adr/00${rng.int(10, 99)}-choice.md`,
            `# ADR ${rng.int(10, 99)}\n\nStatus: Accepted (${who(rng)})\n\n## Context\nTwo options were on the table.\n\n## Decision\n${n}.\n\n## Consequences\nOne more thing to monitor.`,
          ),
        }
      ),
      () => (
        set('meeting-notes'),
        {
          call: h.read(
            rng,
            'notes/sync.md',
            clauses(rng, rng.int(300, 2500), 0, [`DECIDED (${who(rng)}): ${n}`]).replace(/^\n/, ''),
          ),
        }
      ),
    ],
    file: [
      () => (
        set('listing'),
        {
          call: h.run(
            rng,
            'git ls-files | head -40',
            [
              ...Array.from(
                { length: rng.int(4, 30) },
                () =>
                  `${rng.pick(['src', 'lib', 'test', 'docs'])}/${rng.pick(['core', 'util', 'api', 'model'])}/${rng.pick(['index', 'types', 'errors', 'config'])}.${rng.pick(['c', 'py', 'ts', 'cs'])}`,
              ),
              n,
            ]
              .sort()
              .join('\n'),
          ),
        }
      ),
      () => (
        set('grep'),
        {
          call: h.run(
            rng,
            `grep -rn "TODO" --include=*.* . | head`,
            `${n}:${rng.int(3, 300)}:    ${open}TODO: handle the empty case${close}\n./README.md:${rng.int(3, 99)}:TODO: document setup`,
          ),
        }
      ),
      () => (set('edit-arg'), { call: h.write(rng, n, source(rng, lang, rng.int(200, 1200))) }),
    ],
    value: [
      () => (
        set('config-file'),
        {
          call: h.read(
            rng,
            rng.pick(['config/staging.env', 'values/staging.yaml', 'settings.toml']),
            [`# generated ${rng.int(1, 28)}.06.2024`, 'LOG_LEVEL=info', n, `RETRIES=${rng.int(1, 9)}`].join('\n'),
          ),
        }
      ),
      () => (
        set('command-output'),
        {
          call: h.run(
            rng,
            'env | sort | grep -v SECRET',
            ['HOME=/home/agent', 'LANG=C.UTF-8', n, 'PATH=/usr/local/bin:/usr/bin', `TZ=UTC`].join('\n'),
          ),
        }
      ),
      () => (
        set('write-arg'),
        { call: h.write(rng, rng.pick(['config/staging.env', 'values/staging.yaml']), `# set by agent\n${n}\n`) }
      ),
    ],
    pending: [
      () => (
        set('todo-file'),
        { call: h.read(rng, 'TODO.md', `# TODO\n- [x] reproduce\n- [x] first fix\n- [ ] ${n}\n- [ ] tidy up`) }
      ),
      () => (
        set('plan-arg'),
        {
          thought: 'Updating the notes before I continue.',
          call: h.write(rng, 'NOTES.md', `## Status\nDone: first pass.\nNext: ${n}.\n`),
        }
      ),
    ],
    error: [],
  };
  return rng.pick(options[s.kind])();
}

/** A later mention inside the episode: the agent quoting or using the needle. */
export function echoText(s: Seed, rng: Rng): string {
  const n = s.needle;
  switch (s.kind) {
    case 'error':
      return rng.pick([
        `The failure is \`${n}\` — fixing that first.`,
        `Root cause: ${n}. Patching it.`,
        `Still seeing ${n}; trying a different approach.`,
      ]);
    case 'file':
      return rng.pick([`Editing ${n}.`, `Opening ${n} to check the surrounding code.`]);
    case 'goal':
      return `Keeping the target in view: ${n}.`;
    case 'constraint':
      return rng.pick([`Respecting "${n}" here.`, `Checked: this step does not break the rule (${n}).`]);
    case 'decision':
      return `Applying the decision (${n}).`;
    case 'value':
      return rng.pick([`Using ${n}.`, `Double-checked the value: ${n}.`]);
    default:
      return `Added to the list: ${n}.`;
  }
}
