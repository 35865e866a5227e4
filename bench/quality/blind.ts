/**
 * The blind transcript family (`npm run bench:quality -- --blind`): written apart from the
 * other two families and from the summarizers, to measure what they did not anticipate.
 *
 * Each transcript imitates one agent harness (blind-agents.ts: Claude-Code-like, Codex-like,
 * Aider-like, OpenHands-like) on a repository of one stack (blind-failures.ts), in one shape:
 * `autonomous` (long requests answered by turns of 50–300 tool steps), `interactive` (short
 * turns) or `mixed`. Facts are planted where such agents put them: the goal in a long first
 * message or a pasted issue; constraints in the user's words, pasted policies or the repo's
 * AGENTS.md; decisions as "Chose X because…", "→ X", "final answer: X", <decision> tags,
 * markdown tables, a think tool's argument, a plan's explanation, or the user's "ok do X";
 * files in every harness's edit format; failures as the identifier in a tool's output;
 * pending steps in todo/plan tool arguments, "TODO(next):", "after that I'll…", "remaining:",
 * code comments; values (ports, env vars, pins, hosts, tickets, cron) in user messages,
 * tool output, command arguments and edits.
 *
 * Needles are minted from their own words (blind-words.ts) and occur only in the messages
 * of the step that planted or mentioned them (blind-session.ts checks every transcript).
 */
import type { FactKind, Transcript } from './types';
import { Rng } from './rng';
import { agentFor, STYLES, type Agent, type CallSpec, type PlanItem, type StyleName } from './blind-agents';
import { ECOSYSTEMS, STACKS, type Ctx, type Ecosystem, type Stack } from './blind-failures';
import { Session, type Fact } from './blind-session';
import { Code, narration, paragraph, past, Shell, turnReport, userChatter } from './blind-text';
import { Mint, Names, pascal, upper } from './blind-words';

export const SHAPES = ['autonomous', 'interactive', 'mixed'] as const;
export type Shape = (typeof SHAPES)[number];

export interface BlindOptions {
  seed: number;
  messages: number;
  shape?: Shape;
  style?: StyleName;
}

/** Fact kinds planted along the session (goals come with the requests that set them), by weight. */
const KIND_WEIGHTS: [FactKind, number][] = [
  ['constraint', 1],
  ['decision', 1.2],
  ['file', 1.2],
  ['error', 1.2],
  ['pending', 1],
  ['value', 1.2],
];

const cap = (s: string) => (s[0]?.toUpperCase() ?? '') + s.slice(1);

class Generator {
  readonly rng: Rng;
  readonly mint: Mint;
  readonly names: Names;
  readonly code: Code;
  readonly shell: Shell;
  readonly agent: Agent;
  readonly s: Session;
  readonly ctx: Ctx;
  readonly ecosystems: Ecosystem[];
  readonly stack: Stack;
  readonly lang: string;
  /** Agent- or user-channel facts still to plant, by message position. */
  private schedule: { kind: FactKind; at: number }[] = [];
  private spacing = 0;

  constructor(
    seed: number,
    readonly target: number,
    readonly shape: Shape,
    readonly style: StyleName,
  ) {
    this.rng = new Rng(seed);
    this.mint = new Mint(this.rng.fork());
    const stacks = this.rng.sample(STACKS, 2);
    this.stack = stacks[0] as Stack;
    this.lang = this.stack.lang;
    this.names = new Names(this.rng.fork(), this.stack.ext, this.stack.root);
    this.code = new Code(this.rng.fork(), this.names);
    this.shell = new Shell(this.rng.fork(), this.names);
    this.agent = agentFor(style, this.rng.fork(), this.names);
    this.s = new Session(`call_${seed.toString(36)}`);
    this.ctx = { rng: this.rng, mint: this.mint, names: this.names };
    const names = new Set<string>(stacks.flatMap((s) => [...s.ecosystems]));
    for (const extra of this.rng.sample(
      ['terraform', 'docker', 'kubectl', 'postgres-migration', 'eslint', 'pnpm', 'ruff'],
      2,
    ))
      names.add(extra);
    this.ecosystems = [...names].map((n) => ECOSYSTEMS[n] as Ecosystem);
  }

  // ---- needles ---------------------------------------------------------------------------

  private claim(s: string): string {
    return this.mint.claim(s);
  }
  private word(): string {
    return this.mint.word();
  }
  private filePath(): string {
    const n = this.names;
    const dir = this.rng.pick([
      `${this.stack.root}/${n.area}`,
      `${this.stack.root}/${n.noun()}`,
      `${this.stack.root}/core`,
    ]);
    return this.claim(`${dir}/${n.fileStem([this.word(), n.noun()])}.${this.stack.ext}`);
  }

  // ---- filler steps ----------------------------------------------------------------------

  private readFiller(): CallSpec {
    const lines = this.code.file(this.rng.logInt(20, 320));
    const start = this.rng.chance(0.2) ? this.rng.int(40, 400) : 1;
    return this.agent.read(this.names.file(), lines, start);
  }
  private searchFiller(): CallSpec {
    const pat = this.rng.chance(0.5) ? this.names.func() : `${this.names.noun()}_${this.names.noun()}`;
    return this.agent.search(pat, this.shell.grepHits(this.code));
  }
  private exploreCalls(): CallSpec[] {
    const parallel =
      this.style === 'claude' || this.style === 'codex'
        ? this.rng.weighted([
            [1, 5],
            [2, 3],
            [3, 2],
            [4, 1],
          ] as const)
        : 1;
    return Array.from({ length: parallel }, () =>
      this.rng.weighted<() => CallSpec>([
        [() => this.readFiller(), 5],
        [() => this.searchFiller(), 3],
        [
          () =>
            this.agent.list(
              `**/*${this.names.noun()}*.${this.stack.ext}`,
              this.rng.sample(this.names.files, this.rng.int(1, 12)),
            ),
          1,
        ],
      ])(),
    );
  }
  private passRun(): CallSpec {
    const e = this.rng.pick(this.ecosystems);
    return this.agent.run(e.command(this.ctx), e.pass(this.ctx), 0);
  }
  private gitRun(): CallSpec {
    return this.rng.pick([
      () => this.agent.run('git status', this.shell.gitStatus(), 0),
      () => this.agent.run('git log --oneline -15', this.shell.gitLog(), 0),
      () => this.agent.run('git diff', this.shell.gitDiff(this.code), 0),
      () => this.agent.run('ls -la', this.shell.ls(), 0),
      () => this.agent.run(`rg -n '${this.names.func()}' ${this.stack.root}`, '', 1),
    ])();
  }
  private fillerEdit(path = this.names.file(), extra: string[] = []): { act: ReturnType<Agent['edit']>; path: string } {
    const before = this.code.fn(undefined, this.rng.int(2, 10)).filter((l) => l !== '');
    const after = before.slice();
    const i = this.rng.int(1, Math.max(1, after.length - 2));
    after.splice(i, 1, ...this.code.fn(undefined, this.rng.int(1, 4)).slice(2, -2), ...extra);
    return { act: this.agent.edit(path, before, after, this.lang), path };
  }
  private planItems(n: number): PlanItem[] {
    return Array.from({ length: n }, (_, i) => ({
      text: `${cap(this.names.verb())} ${this.names.adj()} ${this.names.noun()} ${this.names.noun()}`,
      status: i < n / 2 ? 'done' : i === Math.ceil(n / 2) ? 'doing' : 'todo',
    }));
  }

  private fillerStep(): void {
    const kind = this.rng.weighted<string>([
      ['explore', 40],
      ['edit', 18],
      ['pass', 14],
      ['git', 7],
      ['plan', 6],
      ['think', this.style === 'openhands' ? 10 : 3],
    ]);
    const say = narration(this.rng, this.names, this.style);
    if (kind === 'explore') return this.s.step(say, this.exploreCalls());
    if (kind === 'pass') return this.s.step(say, [this.passRun()]);
    if (kind === 'git') return this.s.step(say, [this.gitRun()]);
    if (kind === 'edit') {
      const { act } = this.fillerEdit();
      if (act.call) return this.s.step(say, [act.call]);
      // Aider: the edit is in the text; the tests run in the same message.
      return this.s.step(`${say ?? ''}\n\n${act.text}`.trim(), [this.passRun()]);
    }
    if (kind === 'plan') {
      const act = this.agent.plan(this.planItems(this.rng.int(3, 7)));
      return this.withAct(act, say);
    }
    const thought = `${paragraph(this.rng, this.names, this.rng.int(1, 4))} So next I ${this.names.verb()} the ${this.names.noun()}.`;
    return this.withAct(this.agent.think(thought), say);
  }

  /** An act as a step: its call, or its text with an exploration call. */
  private withAct(
    act: { text?: string; call?: CallSpec },
    say: string | null,
    facts: Fact[] = [],
    calls: CallSpec[] = [],
  ): void {
    if (act.call) return this.s.step(act.text ?? say, [act.call, ...calls], facts);
    const text = [say, act.text].filter(Boolean).join('\n\n');
    return this.s.step(text, calls.length ? calls : this.exploreCalls().slice(0, 1), facts);
  }

  // ---- facts through the agent -----------------------------------------------------------

  private plantError(): void {
    const e = this.rng.pick(this.ecosystems);
    const f = e.fail(this.ctx);
    const fact = this.s.fact('error', f.needle, `${f.ecosystem}/${this.style}`);
    const calls = [this.agent.run(f.command, f.output, f.exitCode)];
    if ((this.style === 'claude' || this.style === 'codex') && this.rng.chance(0.35))
      calls.splice(this.rng.int(0, 1), 0, this.passRun());
    this.s.step(narration(this.rng, this.names, this.style), calls, [fact]);
    if (this.rng.chance(0.5)) {
      const text = this.rng.pick([
        `${f.mention}. Looking at why.`,
        `Failure: ${f.mention}.`,
        `So ${f.mention}; the rest is green.`,
      ]);
      if (this.style === 'openhands')
        this.s.step(null, [this.agent.think(`${text} ${paragraph(this.rng, this.names, 2)}`).call as CallSpec], [fact]);
      else this.s.step(text, [this.readFiller()], [fact]);
    }
  }

  private plantFile(): void {
    const path = this.filePath();
    const creating = this.rng.chance(0.3);
    const channel = {
      claude: creating ? 'Write' : 'Edit',
      codex: 'apply_patch',
      aider: 'search-replace',
      openhands: creating ? 'create' : 'str_replace',
    }[this.style];
    const fact = this.s.fact('file', path, `${channel}/${this.style}`);
    if (!creating && this.style !== 'aider' && this.rng.chance(0.5))
      this.s.step(
        narration(this.rng, this.names, this.style),
        [this.agent.read(path, this.code.file(this.rng.logInt(20, 200)))],
        [fact],
      );
    const act = creating
      ? this.agent.create(path, this.code.file(this.rng.int(15, 90)), this.lang)
      : this.fillerEdit(path).act;
    const say = this.rng.chance(0.5) ? narration(this.rng, this.names, this.style) : null;
    if (act.call) this.s.step(say, [act.call], [fact]);
    else this.s.step(`${say ?? 'Here is the change.'}\n\n${act.text}`, [this.passRun()], [fact]);
    if (this.rng.chance(0.25))
      this.s.step(`Updated ${path}; checking the callers next.`, [this.searchFiller()], [fact]);
  }

  private options(): { pick: string; others: string[]; topic: string; reason: string } {
    const kinds = [
      'queue',
      'pool',
      'lock',
      'rpc',
      'kv',
      'sched',
      'codec',
      'retry',
      'cache',
      'lease',
      'outbox',
      'sharding',
    ];
    const pick = this.claim(`${this.word()}-${this.rng.pick(kinds)}`);
    const others = [`${this.word()}-${this.rng.pick(kinds)}`, `${this.word()}-${this.rng.pick(kinds)}`];
    const topic = `${this.names.noun()} ${this.rng.pick(['dedup', 'fan-out', 'retries', 'locking', 'pagination', 'batching'])}`;
    const reason = this.rng.pick([
      `it keeps ordering per ${this.names.noun()} without a global lock`,
      `the ${this.names.noun()} table already has the column it needs`,
      `it needs no new infra and the p99 stays flat`,
      `${others[0]} would mean a schema change on a hot table`,
    ]);
    return { pick, others, topic, reason };
  }

  private plantDecision(): void {
    const o = this.options();
    const channels = ['chose-because', 'arrow', 'final-answer', 'xml-decision', 'table', 'long-message', 'it-is'];
    if (this.style === 'openhands') channels.push('think-tool', 'think-tool');
    if (this.style === 'codex') channels.push('plan-explanation', 'plan-explanation');
    if (this.style === 'claude') channels.push('todo-item');
    const channel = this.rng.pick(channels);
    const fact = this.s.fact('decision', o.pick, `${channel}/${this.style}`);
    const [y, z] = o.others as [string, string];
    const text: Record<string, () => string> = {
      'chose-because': () => `Chose ${o.pick} because ${o.reason}. ${cap(y)} was the other candidate.`,
      arrow: () => `${cap(o.topic)}: ${y} vs ${o.pick} → ${o.pick} (${o.reason}).`,
      'final-answer': () => `Compared ${y}, ${z} and ${o.pick} for the ${o.topic}.\nfinal answer: ${o.pick}`,
      'xml-decision': () =>
        `<decision>\n${o.topic}: use ${o.pick}. Rejected ${y}: ${o.reason.replace(/^it /, 'ours ')}.\n</decision>`,
      table: () =>
        [
          `Options for the ${o.topic}:`,
          '',
          '| option | p99 | ops cost | migration | verdict |',
          '| --- | --: | --- | --- | --- |',
          `| ${y} | ${this.rng.int(20, 400)} ms | new cluster | yes | no |`,
          `| ${o.pick} | ${this.rng.int(5, 90)} ms | none | no | **chosen** |`,
          `| ${z} | ${this.rng.int(20, 400)} ms | low | yes | maybe later |`,
        ].join('\n'),
      'long-message': () => {
        const ps = Array.from({ length: this.rng.int(6, 12) }, () =>
          paragraph(this.rng, this.names, this.rng.int(3, 6)),
        );
        ps.splice(
          this.rng.int(2, ps.length - 2),
          0,
          `Weighing it all, I'm going with ${o.pick} for the ${o.topic}: ${o.reason}.`,
        );
        return `## Design notes: ${o.topic}\n\n${ps.join('\n\n')}`;
      },
      'it-is': () => `${o.pick} it is.`,
    };
    if (channel === 'think-tool') {
      const act = this.agent.think(
        `Options for ${o.topic}: ${y}, ${z}, ${o.pick}. ${paragraph(this.rng, this.names, 2)} ${o.pick} wins since ${o.reason}. Going with that.`,
      );
      return this.s.step(null, [act.call as CallSpec], [fact]);
    }
    if (channel === 'plan-explanation') {
      const items = this.planItems(this.rng.int(3, 6));
      const act = this.agent.plan(items, `Switching the ${o.topic} to ${o.pick}; ${o.reason}.`);
      return this.s.step(null, [act.call as CallSpec], [fact]);
    }
    if (channel === 'todo-item') {
      const items = this.planItems(this.rng.int(3, 6));
      items.splice(1, 0, { text: `Implement ${o.topic} with ${o.pick} (decided over ${y})`, status: 'doing' });
      return this.withAct(this.agent.plan(items), null, [fact]);
    }
    const t = (text[channel] as () => string)();
    this.s.step(t, this.exploreCalls().slice(0, this.rng.int(1, 2)), [fact]);
  }

  private constraintObject(): { needle: string; sentence: string; policy: string; channel: string } {
    const n = this.names;
    const w = this.word();
    return this.rng.pick([
      () => {
        const sym = this.claim(`${pascal([w, n.noun()])}.${n.verb()}`);
        return {
          needle: sym,
          channel: 'keep-unchanged',
          sentence: `Hard requirement: keep the signature of \`${sym}\` unchanged — ${this.rng.int(2, 6)} other services call it.`,
          policy: `Public API: \`${sym}\` is frozen; change callers, never the signature.`,
        };
      },
      () => {
        const db = this.claim(`${w}-prod`);
        return {
          needle: db,
          channel: 'under-no-circumstances',
          sentence: `Under no circumstances run migrations or scripts against ${db}; that's the live database.`,
          policy: `Production: nothing runs against ${db} except the deploy pipeline.`,
        };
      },
      () => {
        const dir = this.claim(`vendor/${w}-sdk/`);
        return {
          needle: dir,
          channel: 'read-only',
          sentence: `Treat ${dir} as read-only. It's synced from upstream by a bot and local edits get clobbered.`,
          policy: `${dir} is read-only (upstream mirror).`,
        };
      },
      () => {
        const table = this.claim(`${w}_${n.noun()}s`);
        return {
          needle: table,
          channel: 'keep-unchanged',
          sentence: `The ${table} schema must stay exactly as it is; the finance export reads it directly.`,
          policy: `Schema of ${table}: no changes without a data-team review.`,
        };
      },
      () => {
        const flag = this.claim(`${w}_${n.noun()}_enabled`);
        return {
          needle: flag,
          channel: 'hard-requirement',
          sentence: `hard requirement: ship everything behind the ${flag} flag, default off.`,
          policy: `New behaviour ships behind a flag (for this work: ${flag}), default off.`,
        };
      },
      () => {
        const branch = this.claim(`release/${w}`);
        return {
          needle: branch,
          channel: 'hard-requirement',
          sentence: `Never push to ${branch}; it auto-deploys. Open PRs against main only.`,
          policy: `Never push to ${branch} (auto-deploy).`,
        };
      },
    ])();
  }

  private policyDoc(line: string, header: string): string {
    const n = this.names;
    const rules = Array.from({ length: this.rng.int(5, 12) }, () =>
      this.rng.pick([
        `Run \`${this.rng.pick(this.ecosystems).command(this.ctx)}\` before every commit.`,
        `Commit messages follow Conventional Commits and reference a ticket (e.g. ${n.ticket()}).`,
        `Prefer small PRs (< 400 lines). Ping ${n.people()} for ${n.area} reviews.`,
        `Do not log ${n.noun()} payloads; they may hold personal data.`,
        `New ${n.noun()} endpoints need an entry in docs/${n.noun()}.md.`,
        `Feature code lives in ${this.stack.root}/${n.area}; shared helpers in ${this.stack.root}/core.`,
      ]),
    );
    rules.splice(this.rng.int(1, rules.length - 1), 0, line);
    return `${header}\n\n${rules.map((r, i) => `${i + 1}. ${r}`).join('\n')}\n`;
  }

  /** A constraint the agent runs into: the repo's agent/contributing doc, or a commit hook refusing. */
  private plantConstraintAgent(): void {
    const c = this.constraintObject();
    const hook = this.rng.chance(0.35);
    const file = this.rng.pick(['AGENTS.md', 'CONTRIBUTING.md', 'CLAUDE.md', 'docs/engineering-policy.md']);
    const fact = this.s.fact('constraint', c.needle, `${hook ? 'commit-hook' : 'repo-doc'}/${this.style}`);
    const n = this.names;
    if (hook) {
      const output = [
        `check yaml...............................................................${'Passed'}`,
        `trim trailing whitespace.................................................Passed`,
        `repo-policy..............................................................Failed`,
        `- hook id: repo-policy`,
        `- exit code: 1`,
        '',
        `  policy violation: ${c.policy}`,
        `  see docs/engineering-policy.md or ask #${n.area}-eng`,
        '',
        `${n.noun()}-lint.............................................................Passed`,
      ].join('\n');
      this.s.step(null, [this.agent.run(`git commit -am "${n.verb()} ${n.noun()} ${n.noun()}"`, output, 1)], [fact]);
    } else {
      const doc = this.policyDoc(c.policy, `# ${file.replace(/\.md$/, '').replace(/^docs\//, '')}`).split('\n');
      this.s.step(narration(this.rng, n, this.style), [this.agent.read(file, doc)], [fact]);
    }
    if (this.rng.chance(0.5)) {
      const note = `${hook ? 'The commit hook says' : `Noted from ${file}`}: ${c.sentence}`;
      if (this.style === 'openhands') this.s.step(null, [this.agent.think(note).call as CallSpec], [fact]);
      else this.s.step(note, [this.readFiller()], [fact]);
    }
  }

  private pendingNeedle(): { needle: string; step: string } {
    const task = this.rng.pick([
      'backfill',
      'rollout',
      'cleanup',
      'alerts',
      'dashboard',
      'runbook',
      'load test',
      'docs page',
    ]);
    const needle = this.claim(`${this.word()} ${this.names.noun()} ${task}`);
    const verb = this.rng.pick(['Write the', 'Run the', 'Schedule the', 'Finish the', 'Add the']);
    return { needle, step: `${verb} ${needle}` };
  }

  private plantPendingAgent(): void {
    const p = this.pendingNeedle();
    const channels = ['todo-next', 'after-that', 'remaining', 'code-todo', 'plan-tool', 'plan-tool'];
    const channel = this.rng.pick(channels);
    const label =
      channel === 'plan-tool'
        ? { claude: 'todo-args', codex: 'update-plan', aider: 'xml-plan', openhands: 'think-plan' }[this.style]
        : channel;
    const fact = this.s.fact('pending', p.needle, `${label}/${this.style}`);
    if (channel === 'plan-tool') {
      const items = this.planItems(this.rng.int(3, 7));
      items.splice(this.rng.int(Math.ceil(items.length / 2) + 1, items.length), 0, { text: p.step, status: 'todo' });
      return this.withAct(this.agent.plan(items), null, [fact]);
    }
    if (channel === 'code-todo') {
      const { act } = this.fillerEdit(this.names.file(), [
        `${this.code.syntax.comment} TODO(next): ${p.step.toLowerCase().replace(/^\w+ the /, '')} — see ${this.names.ticket()}`,
      ]);
      if (act.call) return this.s.step(null, [act.call], [fact]);
      return this.s.step(act.text as string, [this.passRun()], [fact]);
    }
    const text = {
      'todo-next': () =>
        `${this.rng.pick(['Tests pass for this part.', 'That part is in.', 'OK.'])}\nTODO(next): ${p.step.toLowerCase()}`,
      'after-that': () => `I'll finish the ${this.names.noun()} wiring first; after that I'll ${p.step.toLowerCase()}.`,
      remaining: () =>
        `Progress: ${this.names.noun()} ${this.names.verb()} ✓, ${this.names.noun()} ${this.names.verb()} ✓ — remaining: ${this.names.verb()} the ${this.names.noun()} tests, ${p.needle}.`,
    }[channel as 'todo-next' | 'after-that' | 'remaining']();
    if (this.style === 'openhands' && this.rng.chance(0.5))
      return this.s.step(null, [this.agent.think(text).call as CallSpec], [fact]);
    this.s.step(text, this.exploreCalls().slice(0, 1), [fact]);
  }

  private valueNeedle(): { needle: string; what: string } {
    const n = this.names;
    return this.rng.pick([
      () => ({ needle: this.claim(this.mint.digits(20000, 64999)), what: 'port' }),
      () => ({
        needle: this.claim(
          upper([
            this.word(),
            n.noun(),
            this.rng.pick(['URL', 'TIMEOUT_MS', 'DSN', 'TOKEN', 'BUCKET', 'MAX_INFLIGHT']),
          ]),
        ),
        what: 'env',
      }),
      () => ({
        needle: this.claim(
          `${this.word()}-${this.rng.pick(['sdk', 'client', 'core'])}==${this.rng.int(1, 9)}.${this.rng.int(0, 30)}.${this.rng.int(0, 20)}`,
        ),
        what: 'pin',
      }),
      () => ({
        needle: this.claim(
          `${this.word()}-${this.rng.pick(['db', 'cache', 'mq', 'api'])}-0${this.rng.int(1, 9)}.${this.rng.pick(['int', 'corp', 'svc'])}.${n.app}.net`,
        ),
        what: 'host',
      }),
      () => ({
        needle: this.claim(`${this.word().slice(0, 4).toUpperCase()}-${this.mint.digits(1000, 9999)}`),
        what: 'ticket',
      }),
      () => ({
        needle: this.claim(
          `${this.rng.int(1, 59)} ${this.rng.int(0, 23)} * * ${this.rng.pick(['1-5', '0', '6', '1,3,5', '2'])}`,
        ),
        what: 'cron',
      }),
    ])();
  }

  private plantValueAgent(): void {
    const v = this.valueNeedle();
    const n = this.names;
    const channel = this.rng.pick(['tool-output', 'tool-output', 'command-args', 'edit-args', 'assistant-note']);
    const fact = this.s.fact('value', v.needle, `${v.what}-${channel}/${this.style}`);
    if (channel === 'tool-output') {
      const out: Record<string, () => CallSpec> = {
        port: () =>
          this.agent.run(
            'docker compose ps',
            `NAME                 IMAGE               COMMAND                  SERVICE   STATUS          PORTS\n${n.app}-${n.noun()}-1   redis:7             "docker-entrypoint.s…"   ${n.noun()}     Up 2 hours      6379/tcp\n${n.app}-db-1        postgres:16         "docker-entrypoint.s…"   db        Up 2 hours      0.0.0.0:${v.needle}->5432/tcp\n${n.app}-web-1       ${n.app}-web:dev      "bin/start"              web       Up 3 minutes    0.0.0.0:3000->3000/tcp`,
            0,
          ),
        env: () =>
          this.agent.read('.env.example', [
            `# ${n.area} service`,
            `${upper([n.noun(), 'url'])}=http://localhost:3000`,
            `${v.needle}=`,
            `${upper(['log', 'level'])}=info`,
            `${upper([n.noun(), n.noun()])}=${this.rng.int(1, 99)}`,
          ]),
        pin: () =>
          this.agent.read('requirements.lock', [
            ...Array.from(
              { length: this.rng.int(10, 60) },
              () => `${n.noun()}-${n.verb()}==${this.rng.int(0, 9)}.${this.rng.int(0, 20)}.${this.rng.int(0, 9)}`,
            ),
            v.needle,
            `${n.noun()}-kit==1.${this.rng.int(0, 9)}.0`,
          ]),
        host: () =>
          this.agent.run(
            `kubectl get svc -n ${n.area} -o wide`,
            `NAME            TYPE           CLUSTER-IP     EXTERNAL-IP                                PORT(S)    AGE\n${n.noun()}-api   ClusterIP      10.0.${this.rng.int(1, 200)}.${this.rng.int(1, 200)}    <none>                                     80/TCP     41d\n${n.noun()}-db    ExternalName   <none>         ${v.needle}    5432/TCP   41d`,
            0,
          ),
        ticket: () =>
          this.agent.run(
            'git log --oneline -12',
            `${this.shell.gitLog()}\n${n.hex(7)} fix(${n.noun()}): ${n.verb()} ${n.noun()} on retry (${v.needle})\n${this.shell.gitLog()}`,
            0,
          ),
        cron: () =>
          this.agent.read(`deploy/cron/${n.noun()}-${n.verb()}.yaml`, [
            'apiVersion: batch/v1',
            'kind: CronJob',
            'metadata:',
            `  name: ${n.noun()}-${n.verb()}`,
            'spec:',
            `  schedule: "${v.needle}"`,
            '  concurrencyPolicy: Forbid',
            '  jobTemplate:',
            '    spec:',
            '      template:',
            '        spec:',
            '          containers:',
            `            - name: ${n.verb()}`,
            `              image: ${n.app}/${n.noun()}:latest`,
          ]),
      };
      return this.s.step(narration(this.rng, this.names, this.style), [(out[v.what] as () => CallSpec)()], [fact]);
    }
    if (channel === 'command-args') {
      const cmd = {
        port: `PORT=${v.needle} ${this.rng.pick(this.ecosystems).command(this.ctx)}`,
        env: `${v.needle}=${this.rng.int(2, 900)} ${this.rng.pick(this.ecosystems).command(this.ctx)}`,
        pin: `pip install '${v.needle}' && pip freeze | grep -i ${n.noun()}`,
        host: `psql -h ${v.needle} -U readonly -c 'select count(*) from ${n.noun()}s'`,
        ticket: `git commit -am "fix(${n.noun()}): ${n.verb()} ${n.noun()} (${v.needle})"`,
        cron: `crontab -l | grep -F '${v.needle}'`,
      }[v.what] as string;
      const out =
        v.what === 'ticket'
          ? `[main ${n.hex(7)}] fix(${n.noun()}): ${n.verb()} ${n.noun()}\n 3 files changed, 41 insertions(+), 12 deletions(-)`
          : v.what === 'host'
            ? ` count\n-------\n ${this.rng.int(10, 9999)}\n(1 row)`
            : this.rng.pick(this.ecosystems).pass(this.ctx);
      return this.s.step(narration(this.rng, this.names, this.style), [this.agent.run(cmd, out, 0)], [fact]);
    }
    if (channel === 'edit-args') {
      // Config values go into config files; a ticket into a code comment.
      if (v.what === 'ticket') {
        const { act } = this.fillerEdit(this.names.file(), [
          `${this.code.syntax.comment} workaround for ${v.needle}, remove once fixed upstream`,
        ]);
        if (act.call) return this.s.step(null, [act.call], [fact]);
        return this.s.step(act.text as string, [this.passRun()], [fact]);
      }
      const [path, lang, line, old] = {
        port: ['deploy/values.yaml', 'yaml', `  port: ${v.needle}`, `  port: ${this.rng.int(3000, 9000)}`],
        env: ['deploy/values.yaml', 'yaml', `    - name: ${v.needle}`, `    - name: ${upper([n.noun(), 'url'])}`],
        pin: [
          'requirements.txt',
          'text',
          v.needle,
          `${n.noun()}-${n.verb()}==${this.rng.int(0, 9)}.${this.rng.int(0, 20)}.${this.rng.int(0, 9)}`,
        ],
        host: ['config/database.yml', 'yaml', `  host: ${v.needle}`, `  host: localhost`],
        cron: [`deploy/cron/${n.noun()}.yaml`, 'yaml', `  schedule: "${v.needle}"`, `  schedule: "@daily"`],
      }[v.what] as [string, string, string, string];
      const around = Array.from(
        { length: this.rng.int(2, 6) },
        () => `  ${n.noun()}_${n.noun()}: ${this.rng.pick(['true', 'false', String(this.rng.int(1, 500))])}`,
      );
      const act = this.agent.edit(path, [...around, old], [...around, line], lang);
      if (act.call) return this.s.step(null, [act.call], [fact]);
      return this.s.step(act.text as string, [this.passRun()], [fact]);
    }
    const note = {
      port: `Note: the local Postgres is on port ${v.needle}, not 5432.`,
      env: `The timeout is read from \`${v.needle}\`; I'll leave the default.`,
      pin: `Pinned ${v.needle}; the next minor breaks the ${n.noun()} API.`,
      host: `Replica for read queries: ${v.needle}.`,
      ticket: `This is the bug tracked as ${v.needle}.`,
      cron: `The job runs on \`${v.needle}\` (UTC).`,
    }[v.what] as string;
    if (this.style === 'openhands') return this.s.step(null, [this.agent.think(note).call as CallSpec], [fact]);
    this.s.step(note, this.exploreCalls().slice(0, 1), [fact]);
  }

  private plantAgent(kind: FactKind): void {
    if (kind === 'error') return this.plantError();
    if (kind === 'file') return this.plantFile();
    if (kind === 'decision') return this.plantDecision();
    if (kind === 'constraint') return this.plantConstraintAgent();
    if (kind === 'pending') return this.plantPendingAgent();
    if (kind === 'value') return this.plantValueAgent();
    // Goals come with user requests only.
    return this.fillerStep();
  }

  // ---- facts through the user ------------------------------------------------------------

  private goalNeedle(): string {
    return this.claim(
      `${this.word()} ${this.names.noun()} ${this.rng.pick(['export', 'importer', 'sync', 'pipeline', 'scheduler', 'webhook', 'reconciler'])}`,
    );
  }

  private goalSentence(g: string): string {
    const n = this.names;
    return this.rng.pick([
      `What I actually need is for the ${g} to survive a worker restart without sending anything twice.`,
      `The goal: make the ${g} idempotent end to end, including the retry path.`,
      `Can you get the ${g} to handle ${n.noun()}s larger than ${this.rng.int(2, 64)} MB without running out of memory?`,
      `So the task is to move the ${g} off the ${n.noun()} cron and onto the event stream.`,
      `Please rewrite the ${g} so that a partial failure leaves the ${n.noun()}s in a consistent state.`,
    ]);
  }

  /** The opening request: background, the goal mid-message, often a constraint and a value too. */
  private firstMessage(goal: Fact): { text: string; facts: Fact[] } {
    const n = this.names;
    const facts = [goal];
    const parts = [
      `Hey — some context first. ${paragraph(this.rng, n, this.rng.int(3, 6))}`,
      paragraph(this.rng, n, this.rng.int(3, 6)),
      this.goalSentence(goal.needle),
      paragraph(this.rng, n, this.rng.int(2, 5)),
    ];
    if (this.rng.chance(0.7)) {
      const c = this.constraintObject();
      facts.push(this.s.fact('constraint', c.needle, `first-message/${this.style}`));
      parts.splice(this.rng.int(3, parts.length), 0, c.sentence);
    }
    if (this.rng.chance(0.5)) {
      const v = this.valueNeedle();
      facts.push(this.s.fact('value', v.needle, `${v.what}-first-message/${this.style}`));
      parts.splice(this.rng.int(1, parts.length), 0, `${paragraph(this.rng, n, 2)} ${this.userValue(v)}.`);
    }
    if (this.rng.chance(0.6))
      parts.push(
        `Relevant log from yesterday:\n\n\`\`\`\n${Array.from({ length: this.rng.int(5, 30) }, () => `2024-05-1${this.rng.int(0, 9)}T0${this.rng.int(0, 9)}:${this.rng.int(10, 59)}:${this.rng.int(10, 59)}Z ${this.rng.pick(['INFO', 'WARN', 'ERROR'])} ${n.func()}: ${n.noun()} ${past(n.verb())} in ${this.rng.int(1, 900)}ms`).join('\n')}\n\`\`\``,
      );
    parts.push(
      `Pointers:\n${Array.from({ length: this.rng.int(2, 6) }, () => `- ${n.file()} (${n.func()})`).join('\n')}`,
    );
    if (this.shape === 'autonomous')
      parts.push("Work autonomously; don't stop to ask unless you're blocked. Run the tests as you go.");
    return { text: parts.join('\n\n'), facts };
  }

  /** How a user states a value. */
  private userValue(v: { needle: string; what: string }): string {
    return {
      port: `fyi staging Postgres moved, it listens on ${v.needle} now`,
      env: `the new setting should be read from ${v.needle} — that's what ops already put in the helm values`,
      pin: `pin ${v.needle} please, the next release breaks our auth`,
      host: `use ${v.needle} for the read replica, the old one is being decommissioned`,
      ticket: `this is ticket ${v.needle}, put it in the commit messages`,
      cron: `the nightly job should run at \`${v.needle}\` (UTC), ops asked for that`,
    }[v.what] as string;
  }

  private userGoal(): void {
    const g = this.goalNeedle();
    const channel = this.rng.pick(['issue-paste', 'next-task', 'terse']);
    const fact = this.s.fact('goal', g, `${channel}/${this.style}`);
    const n = this.names;
    const text = {
      'issue-paste': () =>
        `Next one, pasting the issue:\n\n### #${this.rng.int(100, 999)} ${cap(n.noun())} ${n.verb()} is slow and flaky\n\n**Labels:** bug, ${n.area}\n\n${paragraph(this.rng, n, 4)}\n\n**Expected**\n\n${this.goalSentence(g)}\n\n**Actual**\n\n${paragraph(this.rng, n, 3)}\n\n---\n${paragraph(this.rng, n, 2)}`,
      'next-task': () =>
        `ok that's merged. next task: ${this.goalSentence(g).replace(/^\w/, (c) => c.toLowerCase())} ${paragraph(this.rng, n, 2)}`,
      terse: () => `now the ${g}`,
    }[channel as 'issue-paste' | 'next-task' | 'terse']();
    this.s.user(text, [fact]);
  }

  /** Plants `kind` in a user message (`interject`: typed while the agent works); false when it has no user channel here. */
  private plantUser(kind: FactKind, interject = false): boolean {
    const n = this.names;
    if (interject) {
      const lead = this.rng.pick(['btw —', 'oh and', 'quick note while you work:', 'sorry, forgot to say:']);
      if (kind === 'decision') {
        const o = this.options();
        const fact = this.s.fact('decision', o.pick, `user-interject/${this.style}`);
        this.s.user(`${lead} for the ${o.topic} use ${o.pick}, not ${o.others[0]}; we already run it elsewhere`, [
          fact,
        ]);
        return true;
      }
      if (kind === 'constraint') {
        const c = this.constraintObject();
        const fact = this.s.fact('constraint', c.needle, `user-interject/${this.style}`);
        this.s.user(`${lead} ${c.sentence}`, [fact]);
        return true;
      }
      if (kind === 'value') {
        const v = this.valueNeedle();
        const fact = this.s.fact('value', v.needle, `${v.what}-user-interject/${this.style}`);
        this.s.user(`${lead} ${this.userValue(v)}`, [fact]);
        return true;
      }
    }
    if (kind === 'constraint') {
      const c = this.constraintObject();
      const paste = this.rng.chance(0.35);
      const fact = this.s.fact('constraint', c.needle, `${paste ? 'policy-paste' : c.channel}/${this.style}`);
      this.s.user(
        paste
          ? `Please follow our team policy from the wiki, pasted below.\n\n${this.policyDoc(c.policy, '## Engineering policy (v3)')}`
          : `${userChatter(this.rng, n)}\n\n${c.sentence}`,
        [fact],
      );
      return true;
    }
    if (kind === 'value') {
      const v = this.valueNeedle();
      const fact = this.s.fact('value', v.needle, `${v.what}-user/${this.style}`);
      const text = this.userValue(v);
      this.s.user(this.rng.chance(0.5) ? text : `${userChatter(this.rng, n)}\n\nalso: ${text}`, [fact]);
      return true;
    }
    if (kind === 'pending') {
      const p = this.pendingNeedle();
      const fact = this.s.fact('pending', p.needle, `user-remaining/${this.style}`);
      this.s.user(
        this.rng.pick([
          `good. remaining: ${n.verb()} the ${n.noun()} tests, ${p.needle}. do them in that order`,
          `when you're done with that, also ${p.step.toLowerCase()} — don't forget, it's blocking the release`,
        ]),
        [fact],
      );
      return true;
    }
    if (kind === 'error' && (this.style === 'aider' || this.rng.chance(0.4))) {
      const e = this.rng.pick(this.ecosystems);
      const f = e.fail(this.ctx);
      const fact = this.s.fact('error', f.needle, `${f.ecosystem}-user-paste/${this.style}`);
      this.s.user(
        this.style === 'aider'
          ? `${f.output}\n\nAttempt to fix test errors? (Y)es/(N)o [Yes]: y`
          : `${this.rng.pick(['getting this on CI:', 'still failing for me:', 'this broke after your change:'])}\n\n\`\`\`\n${f.output}\n\`\`\``,
        [fact],
      );
      return true;
    }
    return false;
  }

  /** The assistant offers options to end its turn; the user picks one. */
  private userDecision(): void {
    const o = this.options();
    const [y, z] = o.others as [string, string];
    const fact = this.s.fact(
      'decision',
      o.pick,
      `${this.rng.pick(['user-ok-do', 'user-it-is', 'user-go-with'])}/${this.style}`,
    );
    const opts = this.rng.sample(
      [
        `**${y}** — ${paragraph(this.rng, this.names, 1)}`,
        `**${o.pick}** — ${paragraph(this.rng, this.names, 1)}`,
        `**${z}** — ${paragraph(this.rng, this.names, 1)}`,
      ],
      3,
    );
    this.s.say(
      `For the ${o.topic} there are three ways:\n\n${opts.map((x, i) => `${i + 1}. ${x}`).join('\n')}\n\nWhich do you prefer?`,
      [fact],
    );
    const style = fact.style.split('/')[0];
    this.s.user(
      style === 'user-ok-do'
        ? `ok do ${o.pick}`
        : style === 'user-it-is'
          ? `${o.pick} it is`
          : `go with ${o.pick}, ${y} is overkill for us`,
      [fact],
    );
  }

  // ---- the session -----------------------------------------------------------------------

  private due(lookahead = 0): FactKind | undefined {
    const head = this.schedule[0];
    return head && head.at <= this.s.length + lookahead ? head.kind : undefined;
  }

  private full(): boolean {
    return this.s.length >= this.target - 1;
  }

  private step(): void {
    const kind = this.due();
    if (!kind) return this.fillerStep();
    this.schedule.shift();
    // Now and then the user types while the agent works (at most once per 120 messages): the
    // fact arrives as a user message mid-turn.
    const lastUser = this.s.messages.map((m) => m.role).lastIndexOf('user');
    const quiet = this.s.length - lastUser > 120 && this.s.messages.at(-1)?.role === 'tool';
    if (kind !== 'error' && kind !== 'file' && quiet && this.rng.chance(0.2) && this.plantUser(kind, true)) return;
    this.plantAgent(kind);
  }

  private turn(steps: number): void {
    for (let k = 0; k < steps && !this.full(); k++) this.step();
  }

  /** Ends the turn, then opens the next one with a user message (which may carry facts). */
  private nextUser(interactive: boolean): void {
    const kind = this.due(this.spacing);
    const p = interactive ? 0.7 : 0.4;
    if (kind === 'decision' && this.rng.chance(p)) {
      this.schedule.shift();
      return this.userDecision();
    }
    this.s.say(turnReport(this.rng, this.names, this.code));
    if (kind && this.rng.chance(p) && this.plantUser(kind)) {
      this.schedule.shift();
      return;
    }
    if (this.rng.chance(interactive ? 0.1 : 0.5)) return this.userGoal();
    this.s.user(userChatter(this.rng, this.names));
  }

  generate(): Transcript | string {
    const s = this.s;
    s.system(this.agent.system);
    const count = Math.max(KIND_WEIGHTS.length, Math.round(this.target / 14));
    const bag: FactKind[] = KIND_WEIGHTS.map(([k]) => k);
    while (bag.length < count) bag.push(this.rng.weighted(KIND_WEIGHTS));
    const kinds = this.rng.sample(bag, bag.length);
    this.spacing = this.target / (kinds.length + 1);
    this.schedule = kinds.map((kind, i) => ({
      kind,
      at: Math.round(this.spacing * (i + 0.6 + this.rng.next() * 0.6)),
    }));

    const first = this.firstMessage(s.fact('goal', this.goalNeedle(), `first-message/${this.style}`));
    s.user(first.text, first.facts);
    const endMidTurn = this.shape !== 'interactive' && this.rng.chance(0.5);
    let block = 0;
    while (!this.full()) {
      const interactive = this.shape === 'interactive' || (this.shape === 'mixed' && block % 2 === 1);
      const long = this.shape === 'mixed' ? this.rng.int(50, 150) : this.rng.int(50, 300);
      const steps = interactive
        ? this.rng.weighted([
            [0, 2],
            [1, 3],
            [2, 3],
            [4, 2],
            [8, 1],
          ] as const)
        : long;
      this.turn(steps);
      if (this.full()) break;
      if (this.shape === 'mixed' && (interactive ? this.rng.chance(0.12) : true)) block += 1;
      this.nextUser(interactive);
    }
    let probe: string | undefined;
    if (!endMidTurn || s.messages.at(-1)?.role !== 'tool') {
      if (s.messages.at(-1)?.role !== 'assistant') s.say(turnReport(this.rng, this.names, this.code));
      probe = this.rng.pick([
        "Before I log off: where are we? What's done, what's still open, and what must I not forget?",
        'Give me a status: open items, decisions made, anything blocking.',
        'summarize the session so far for the handoff doc',
      ]);
    }
    const facts = s.check();
    if (typeof facts === 'string') return facts;
    const t: Transcript = {
      id: `blind-${this.shape}-${this.style}-${this.target}`,
      seed: 0,
      shape: this.shape,
      messages: s.messages,
      outputs: s.outputs,
      facts,
      tools: [...s.tools].sort(),
    };
    if (probe) t.probe = probe;
    return t;
  }
}

/**
 * A blind transcript of about `messages` messages. Deterministic per options; when filler
 * happens to contain a needle (a number), the next sub-seed is tried.
 */
export function generateBlindTranscript(o: BlindOptions): Transcript {
  const shape = o.shape ?? (SHAPES[o.seed % SHAPES.length] as Shape);
  const style = o.style ?? (STYLES[o.seed % STYLES.length] as StyleName);
  let last = '';
  for (let attempt = 0; attempt < 10; attempt++) {
    const t = new Generator(o.seed * 7919 + attempt, o.messages, shape, style).generate();
    if (typeof t !== 'string') return { ...t, id: `blind-${o.seed}-${shape}-${style}-${o.messages}`, seed: o.seed };
    last = t;
  }
  throw new Error(`blind: no clean transcript for seed ${o.seed}: ${last}`);
}

/** The blind suite: sizes log-uniform over [100, 2000] (quick: [100, 400]), shapes and harnesses in turn. */
export function blindSuite(count: number, seed: number, quick: boolean): Transcript[] {
  const [lo, hi] = quick ? [100, 400] : [100, 2000];
  return Array.from({ length: count }, (_, i) => {
    const size = Math.round(lo * (hi / lo) ** (count === 1 ? 1 : i / (count - 1)));
    return generateBlindTranscript({
      seed: seed + i,
      messages: size,
      shape: SHAPES[i % SHAPES.length] as Shape,
      style: STYLES[i % STYLES.length] as StyleName,
    });
  });
}
