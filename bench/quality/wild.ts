/**
 * The wild transcript family (`npm run bench:quality -- --wild`): a held-out set written apart
 * from the other families and from the summarizers. It imitates how harnesses other than the
 * ones the project was tuned on record sessions (wild-harness.ts: Cline/Roo, SWE-agent, Gemini
 * CLI, Goose, Cursor), with facts planted where those agents meet them (wild-facts.ts) amid
 * ordinary work of very uneven size (wild-outputs.ts, wild-failures.ts).
 */
import type { ChatMessage } from '../../src/context/types';
import { factSpans } from './render';
import { Rng } from './rng';
import { FACT_KINDS, type FactKind, type PlantedFact, type ScriptedOutput, type Transcript } from './types';
import { completionFact, stepFact, userFact, type StepFact, type UserFact, type WildCtx } from './wild-facts';
import { WILD_STYLES, harness, type Act, type Project, type WildStyle } from './wild-harness';
import {
  STACKS,
  bigLog,
  fillerPath,
  gitLog,
  gitStatus,
  grepHits,
  listing,
  passingTests,
  sourceFile,
  type Stack,
} from './wild-outputs';
import { ADJS, Lexicon, NARRATION, NOUNS, VERBS, camel, hex } from './wild-words';

export const WILD_SHAPES = ['autonomous', 'interactive', 'mixed'] as const;
export type WildShape = (typeof WILD_SHAPES)[number];

export interface WildOptions {
  seed: number;
  /** Approximate number of messages (the system prompt included). */
  messages: number;
  shape?: WildShape;
  style?: WildStyle;
}

const STACK_NAMES = Object.keys(STACKS) as Stack[];

function project(rng: Rng, style: WildStyle): Project {
  const name = `${rng.pick(NOUNS)}-${rng.pick(NOUNS)}`;
  const windows = (style === 'cline' || style === 'gemini' || style === 'cursor') && rng.chance(0.3);
  const root = windows
    ? rng.pick([`C:\\Users\\dev\\code\\${name}`, `c:\\dev\\${name}`, `D:\\work\\${name}`])
    : style === 'sweagent'
      ? `/${name}`
      : rng.pick([`/home/dev/${name}`, `/Users/dev/src/${name}`, `/workspace/${name}`]);
  const stacks = rng.sample(STACK_NAMES, rng.int(1, 3));
  const files = Array.from({ length: 60 }, (_, i) => fillerPath(rng, stacks[i % stacks.length] as Stack));
  return { name, root, windows, stacks, files: [...new Set(files)] };
}

// ---------------------------------------------------------------- filler work

function fillerActs(c: WildCtx, allowTodo: boolean): Act[] {
  const { rng, p } = c;
  const stack = rng.pick(p.stacks);
  const kind = rng.weighted<string>([
    ['read', 6],
    ['parallel-read', c.h.style === 'cline' || c.h.style === 'sweagent' ? 0 : 2],
    ['test', 3],
    ['git', 2],
    ['search', 2],
    ['edit', 3],
    ['write', 0.5],
    ['big', 0.5],
    ['flaky', 0.8],
    ['ls', 1],
    ['todo', allowTodo ? 0.4 : 0],
    ['web', 0.3],
  ]);
  const read = (): Act => {
    const path = rng.pick(p.files);
    const total = rng.logInt(15, 600);
    const lines = sourceFile(rng, stack, Math.min(total, 150));
    const from = total > 150 ? rng.int(1, total - 120) : 1;
    return {
      t: 'read',
      path,
      lines: lines.slice(0, Math.min(lines.length, 150)),
      from,
      total: Math.max(total, lines.length),
    };
  };
  switch (kind) {
    case 'read':
      return [read()];
    case 'parallel-read':
      return Array.from({ length: rng.int(2, 4) }, read);
    case 'test':
      return [{ t: 'shell', cmd: STACKS[stack].test, out: passingTests(rng, stack, rng.int(5, 900)), exit: 0 }];
    case 'git':
      return [
        rng.chance(0.5)
          ? { t: 'shell', cmd: 'git status', out: gitStatus(rng, p.files), exit: 0 }
          : { t: 'shell', cmd: `git log --oneline -${rng.int(5, 30)}`, out: gitLog(rng, rng.int(5, 30)), exit: 0 },
      ];
    case 'search': {
      const pat = camel(rng.pick(VERBS), rng.pick(NOUNS));
      return [{ t: 'search', pattern: pat, hits: grepHits(rng, p.files, pat) }];
    }
    case 'edit': {
      const lines = sourceFile(rng, stack, 40);
      const at = rng.int(5, 30);
      const before = lines.slice(at, at + rng.int(1, 4));
      const after = [...before, `${STACKS[stack].comment} ${rng.pick(ADJS)} ${rng.pick(NOUNS)} handled by the caller`];
      return [
        {
          t: 'edit',
          path: rng.pick(p.files),
          before,
          after,
          line: at + 1,
          total: rng.int(60, 500),
          instruction: `Handle the ${rng.pick(ADJS)} ${rng.pick(NOUNS)} case.`,
        },
      ];
    }
    case 'write':
      return [{ t: 'write', path: fillerPath(rng, stack), lines: sourceFile(rng, stack, rng.int(10, 60)) }];
    case 'big': {
      const cmd = rng.pick([
        `${STACKS[stack].build} --verbose`,
        'npm ci --loglevel verbose',
        'docker compose build --progress=plain',
        `${STACKS[stack].test} --verbose`,
      ]);
      return [{ t: 'shell', cmd, out: bigLog(rng, stack, rng.int(30, 60)), exit: 0 }];
    }
    case 'flaky': {
      const out = rng.pick([
        `npm ERR! code ECONNRESET\nnpm ERR! network aborted\nnpm ERR! network This is a problem related to network connectivity.\n\nnpm ERR! A complete log of this run can be found in: /root/.npm/_logs/${hex(rng, 8)}-debug-0.log`,
        `error: externally-managed-environment\n\n× This environment is externally managed\n╰─> To install Python packages system-wide, try apt install python3-xyz`,
        `fatal: not a git repository (or any of the parent directories): .git`,
        `bash: ${rng.pick(['rg', 'jq', 'yq', 'fd'])}: command not found`,
        `Error response from daemon: Conflict. The container name "/${rng.pick(NOUNS)}" is already in use`,
      ]);
      return [
        {
          t: 'shell',
          cmd: rng.pick(['npm install', 'pip install -e .', 'git stash list', 'rg --version', 'docker run --rm app']),
          out,
          exit: rng.pick([1, 127, 125]),
        },
      ];
    }
    case 'ls':
      return [
        {
          t: 'shell',
          cmd: 'ls -la',
          out: listing(
            rng,
            rng.sample(
              p.files.map((f) => f.split('/').at(-1) as string),
              rng.int(4, 20),
            ),
          ),
          exit: 0,
        },
      ];
    case 'todo':
      return [
        {
          t: 'todo',
          items: Array.from({ length: rng.int(2, 6) }, () => ({
            text: `${rng.pick(VERBS)} the ${rng.pick(NOUNS)} ${rng.pick(NOUNS)}`,
            done: rng.chance(0.5),
          })),
        },
      ];
    default:
      return [
        {
          t: 'web',
          query: `${rng.pick(NOUNS)} ${rng.pick(VERBS)} ${rng.pick(['best practice', 'error', 'docs'])}`,
          out: `1. ${rng.pick(NOUNS)} - docs\n   https://docs.example.com/${rng.pick(NOUNS)}\n   How to ${rng.pick(VERBS)} a ${rng.pick(NOUNS)}...\n2. Stack Overflow: ${rng.pick(VERBS)} ${rng.pick(NOUNS)} fails\n   https://stackoverflow.com/q/${rng.int(1000000, 79999999)}`,
        },
      ];
  }
}

function fillerStep(c: WildCtx, allowTodo: boolean): ChatMessage[] {
  const prose = c.rng.chance(c.h.style === 'sweagent' ? 1 : 0.55) ? c.rng.pick(NARRATION) : null;
  return c.h.step(prose, fillerActs(c, allowTodo));
}

const FOLLOWUPS = [
  'ok, continue',
  'Looks good. Can you also check the error handling there?',
  'Why are the tests so slow? Take a quick look.',
  'Run the full suite please.',
  'Fine. Next, tidy up the logging in that module.',
  'continue',
  'Can you explain what that function does before you change it?',
  'Hmm, that broke something on my side. Check again?',
  'Good. Commit that and move on.',
];

const PROBES = [
  'Before I hand this over: summarise where we are, what is decided, and what is still open.',
  'Quick status check — what have you done so far and what is left?',
  'I lost track. What is the state of things, and what are the next steps?',
  'Write the handover note for the next person picking this up.',
];

function closing(c: WildCtx): ChatMessage[] {
  const { rng } = c;
  const text = `${rng.pick(['Done.', 'That should do it.', 'Finished this part.'])} I ${rng.pick(VERBS)}d the ${rng.pick(NOUNS)} ${rng.pick(NOUNS)} and the tests pass (${rng.int(5, 900)} passed).`;
  return c.h.style === 'cline' || rng.chance(0.3) ? c.h.finish(text) : [c.h.say(text)];
}

/** What people put around the ask in a first request: background, repro steps, a pasted trace, links. */
function background(c: WildCtx): string[] {
  const { rng } = c;
  const n = () => rng.pick(NOUNS);
  const out: string[] = [];
  if (rng.chance(0.7))
    out.push(
      `Background: the ${n()} service ${rng.pick(VERBS)}s ${n()}s for every ${n()} once a night, and since the last release some of them come out ${rng.pick(ADJS)}. Nobody has touched that code in a while, the person who wrote it left, and the tests around it are thin.`,
    );
  if (rng.chance(0.5))
    out.push(
      `Repro:\n1. start the stack (\`docker compose up\`)\n2. create a ${n()} with two ${n()}s\n3. run the ${n()} job twice\n\nExpected: one ${n()} per ${n()}.\nActual: ${rng.int(2, 5)}, and the ${n()} log shows a ${rng.pick(ADJS)} ${n()} warning.`,
    );
  if (rng.chance(0.35)) {
    const stack = rng.pick(c.p.stacks);
    out.push(
      `Trace from the logs:\n\`\`\`\n${bigLog(rng, stack, 1).split('\n').slice(0, rng.int(6, 20)).join('\n')}\n\`\`\``,
    );
  }
  if (rng.chance(0.4))
    out.push(
      `Links: https://wiki.example.com/${n()}/${n()}-design, the dashboard at https://grafana.example.com/d/${hex(rng, 8)}`,
    );
  return out;
}

function stepsForTurn(rng: Rng, shape: WildShape): number {
  if (shape === 'autonomous') return rng.int(50, 300);
  if (shape === 'interactive') return rng.int(1, 8);
  return rng.chance(0.35) ? rng.int(20, 120) : rng.int(1, 6);
}

// ---------------------------------------------------------------- the session

const USER_KINDS: readonly FactKind[] = ['goal', 'constraint', 'value', 'pending'];

interface Planned {
  kind: FactKind;
  at: number;
  done: boolean;
}

/** One wild transcript. */
export function generateWildTranscript(opts: WildOptions): Transcript {
  const rng = new Rng(opts.seed);
  const shape = opts.shape ?? rng.pick(WILD_SHAPES);
  const style = opts.style ?? rng.pick(WILD_STYLES);
  const target = Math.max(30, opts.messages);
  const p = project(rng, style);
  const outputs = new Map<string, ScriptedOutput>();
  const h = harness(style, rng.fork(), p, outputs);
  const c: WildCtx = { rng, h, p, lex: new Lexicon(rng.fork()) };

  // The facts: one of each kind, then more as the session grows, spread over it.
  const nFacts = Math.min(110, Math.max(FACT_KINDS.length, Math.round(target / 20)));
  const plan: Planned[] = Array.from({ length: nFacts }, (_, i) => {
    const kind = i < FACT_KINDS.length ? (FACT_KINDS[i] as FactKind) : rng.pick(FACT_KINDS);
    const early = kind !== 'pending' && USER_KINDS.includes(kind) && rng.chance(0.3);
    return {
      kind,
      at: i === 0 ? 0 : early ? 0 : kind === 'pending' ? 0.3 + rng.next() * 0.65 : 0.02 + rng.next() * 0.9,
      done: false,
    };
  }).sort((a, b) => a.at - b.at);

  const messages: ChatMessage[] = [{ role: 'system', content: h.system() }];
  const facts: PlantedFact[] = [];
  const episodes: { needle: string; from: number; to: number }[] = [];
  const record = (f: { kind: FactKind; needle: string; style: string }, from: number, to: number) => {
    facts.push({ kind: f.kind, needle: f.needle, firstIndex: from, lastIndex: to, style: `${f.style}/${style}` });
    episodes.push({ needle: f.needle, from, to });
  };
  const due = () => plan.filter((f) => !f.done && f.at * target <= messages.length);
  const plantStep = (f: Planned) => {
    f.done = true;
    const e: StepFact = stepFact(c, f.kind);
    const from = messages.length;
    messages.push(...e.messages);
    record(e, from, messages.length - 1);
  };
  let pendingPlanted = false;

  for (let turn = 0; messages.length < target; turn++) {
    // The user's message: the first request carries the goal; others may carry due facts.
    const first = turn === 0;
    const said: UserFact[] = [];
    for (const f of due()) {
      if (!USER_KINDS.includes(f.kind) || !(first || rng.chance(0.6))) continue;
      if (f.kind === 'pending' && first) continue;
      f.done = true;
      said.push(userFact(c, f.kind, first));
    }
    const intro = first
      ? `${rng.pick(['Hi!', 'Hey,', 'Morning.', ''])} I'm working in ${p.name} (${p.stacks.join(' + ')}). ${rng.pick(['The test suite is a bit slow, sorry.', 'CI is green on main.', 'Tests should pass on main.'])}`
      : rng.pick(FOLLOWUPS);
    const body = [intro, ...said.map((s) => s.text)];
    if (first) body.splice(1, 0, ...background(c));
    if (first && rng.chance(0.5)) body.push(`For reference, the recent history:\n${gitLog(rng, rng.int(3, 12))}`);
    const at = messages.length;
    messages.push(h.user(body.join('\n\n'), first));
    for (const s of said) record(s, at, at);
    if (said.some((s) => s.kind === 'pending')) pendingPlanted = true;

    // The work.
    const steps = stepsForTurn(rng, shape);
    for (let s = 0; s < steps && messages.length < target; s++) {
      const next = due().find((f) => f.kind !== 'pending' || rng.chance(0.8));
      if (next) {
        if (next.kind === 'pending') pendingPlanted = true;
        plantStep(next);
      } else messages.push(...fillerStep(c, !pendingPlanted));
    }
    if (messages.length >= target) break;

    // The turn's end: sometimes the closing message states what is left.
    const pend = due().find((f) => f.kind === 'pending');
    if (pend && rng.chance(0.5)) {
      pend.done = true;
      pendingPlanted = true;
      const e = completionFact(c);
      const from = messages.length;
      messages.push(...e.messages);
      record(e, from, messages.length - 1);
    } else messages.push(...closing(c));
  }

  // Facts the session did not reach yet are planted now, then one more step of work.
  for (const f of plan.filter((x) => !x.done)) plantStep(f);
  messages.push(...fillerStep(c, false));

  let probe: string | undefined;
  if (rng.chance(0.5)) {
    if (messages.at(-1)?.role !== 'assistant') messages.push(...closing(c));
    probe = rng.pick(PROBES);
  }

  // Where each needle really occurs; a generator bug (a needle outside its episode) fails loudly.
  const spans = factSpans(
    messages,
    facts.map((f) => f.needle),
  );
  facts.forEach((f, i) => {
    const span = spans[i] as { first: number; last: number };
    const e = episodes[i] as { from: number; to: number };
    if (span.first < e.from || span.last > e.to)
      throw new Error(
        `wild: needle ${JSON.stringify(f.needle)} at ${span.first}..${span.last}, outside its episode ${e.from}..${e.to}`,
      );
    f.firstIndex = span.first;
    f.lastIndex = span.last;
  });

  return {
    id: `wild-${style}-${shape}-${opts.seed}`,
    seed: opts.seed,
    shape,
    messages,
    outputs,
    facts,
    tools: h.tools,
    ...(probe ? { probe } : {}),
  };
}

/** The suite: sizes log-uniform over [100, 2000] messages (quick: [100, 400]), shapes and styles in turn. */
export function wildSuite(count: number, seed: number, quick: boolean): Transcript[] {
  const [lo, hi] = quick ? [100, 400] : [100, 2000];
  return Array.from({ length: count }, (_, i) => {
    const size = Math.round(lo * (hi / lo) ** (count === 1 ? 1 : i / (count - 1)));
    return generateWildTranscript({
      seed: seed + i,
      messages: size,
      shape: WILD_SHAPES[i % WILD_SHAPES.length] as WildShape,
      style: WILD_STYLES[i % WILD_STYLES.length] as WildStyle,
    });
  });
}
