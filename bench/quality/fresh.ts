/**
 * The fresh transcript family (`npm run bench:quality -- --fresh`): a sixth, held-out set written
 * apart from the other five and from the summarizers, to measure what the project did not
 * anticipate. It imitates harnesses none of the others do (fresh-harness.ts: an AutoGen group
 * chat, a LangGraph ReAct research agent, an OpenAI Agents SDK coding agent, Kiro's spec-driven
 * workflow, a mobile release agent, a security remediation agent, a customer-support agent and
 * an Ansible/Terraform/Pulumi infrastructure agent), with failures in the log formats of 17
 * ecosystems (fresh-ecos.ts) and facts planted the many ways real sessions state them
 * (fresh-facts.ts). Each needle carries an invented word that occurs nowhere else.
 */
import {
  Builder,
  FRESH_STYLES,
  Mint,
  type Eco,
  type FreshStyle,
  type Harness,
  type Step,
  type World,
} from './fresh-core';
import { WORDS, ecoPath } from './fresh-ecos';
import { AGENT_PLANTERS, plantDecisionClose, plantPendingClose, plantUser, userPart, type Ctx } from './fresh-facts';
import { agentsdk, autogen, chatter, crm, infra, kiro, langgraph, mobile, secfix } from './fresh-harness';
import { factSpans, messageText } from './render';
import { Rng } from './rng';
import type { FactKind, PlantedFact, Transcript } from './types';

export { FRESH_STYLES, type FreshStyle } from './fresh-core';

export const FRESH_SHAPES = ['autonomous', 'interactive', 'mixed'] as const;
export type FreshShape = (typeof FRESH_SHAPES)[number];

export interface FreshOptions {
  seed: number;
  /** Approximate number of messages (the system prompt included). */
  messages: number;
  shape?: FreshShape;
  style?: FreshStyle;
  /** End with a probe (true) or mid-turn on a tool result (false); drawn from the seed when absent. */
  probe?: boolean;
}

const HARNESS: Record<FreshStyle, Harness> = { autogen, langgraph, agentsdk, kiro, mobile, secfix, crm, infra };

const ECOS: Record<FreshStyle, Eco[]> = {
  autogen: ['scala', 'julia', 'r', 'python'],
  langgraph: ['python', 'r', 'julia'],
  agentsdk: ['elixir', 'haskell', 'zig', 'go'],
  kiro: ['ruby', 'php', 'dotnet', 'scala'],
  mobile: ['kotlin', 'swift'],
  secfix: ['node', 'dotnet', 'php', 'ruby', 'go'],
  crm: ['python'],
  infra: ['terraform', 'ansible', 'pulumi'],
};

function world(rng: Rng, style: FreshStyle): World {
  const project = `${rng.pick(WORDS)}-${rng.pick(['service', 'app', 'platform', 'hub', 'core'])}`;
  const pool = ECOS[style];
  const ecos = style === 'mobile' || style === 'infra' || style === 'crm' ? pool : rng.sample(pool, rng.int(1, 2));
  const root = {
    autogen: `/workspace/${project}`,
    langgraph: `/home/agent/research/${project}`,
    agentsdk: `/srv/repos/${project}`,
    kiro: `/Users/dev/code/${project}`,
    mobile: `/Users/ci/builds/${project}`,
    secfix: `/tmp/remediation/${project}`,
    crm: 'support-queue',
    infra: `/opt/infra/${project}`,
  }[style];
  const w: World = {
    style,
    rng,
    mint: new Mint(rng),
    project,
    root,
    ecos,
    modules:
      style === 'mobile'
        ? ['app', 'core:data', 'core:ui', `feature:${rng.pick(WORDS)}`]
        : rng.sample(WORDS, rng.int(4, 8)),
    files: [],
    agents:
      style === 'autogen'
        ? rng.pick([
            ['planner', 'coder', 'reviewer'],
            ['Planner', 'Engineer', 'Critic'],
            ['product_manager', 'developer', 'qa_reviewer'],
          ])
        : [],
    serial: 0,
  };
  const files = new Set<string>();
  for (let i = 0; i < rng.int(10, 30); i++) files.add(ecoPath(rng, rng.pick(ecos)));
  w.files = [...files];
  return w;
}

const PROBES = [
  'I have to hand this over to a colleague in ten minutes. Write the handoff: what we are doing, the rules we agreed on, the decisions, what broke, the exact values they need, and what is left.',
  'Stop there for a moment. Where do we stand? Give me the goal, what changed, what is still failing, and the next step.',
  'before you go further: recap the constraints I gave you and anything still open',
  'Summarize this session for the ticket: goal, decisions, files touched, errors seen, open items.',
  'quick status please — done / not done / blocked, with the identifiers',
];

const PLAIN_USER = [
  'ok, continue',
  'looks good. keep going',
  'what did the last run say?',
  'hmm ok. try the narrower test first',
  'go on',
  'can you double-check that before moving on?',
  'thanks — next part please',
  "that's not what I expected, look again",
  'fine by me',
  'ship it if the tests pass',
];

type Scheduled = { at: number; kind: FactKind };

/** `n` positions over the session, denser early (early facts are what compaction loses). */
function positions(rng: Rng, n: number, size: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.round(size * (0.03 + 0.85 * ((i + rng.next()) / n) ** 1.3))).sort(
    (a, b) => a - b,
  );
}

const USER_KINDS: readonly FactKind[] = ['goal', 'constraint', 'decision', 'value', 'pending'];

function attempt(opts: FreshOptions, tries: number): Transcript | undefined {
  const rng = new Rng((opts.seed * 6151 + tries * 92821 + 7) >>> 0);
  const style = opts.style ?? (FRESH_STYLES[opts.seed % FRESH_STYLES.length] as FreshStyle);
  const shape = opts.shape ?? (FRESH_SHAPES[opts.seed % FRESH_SHAPES.length] as FreshShape);
  const probe = opts.probe ?? rng.chance(0.5);
  const target = opts.messages;
  const w = world(rng, style);
  const h = HARNESS[style];
  const b = new Builder(w, h);
  const withCalls = (): Step => {
    for (;;) {
      const s = h.filler(w);
      if (s.calls.length) return s;
    }
  };
  const c: Ctx = { b, w, filler: withCalls };
  const nFacts = Math.min(40, Math.round(15 + target / 70));

  // The opening request: the goal, and for most sessions a few more facts.
  b.system(h.system(w));
  const openKinds: FactKind[] = [
    'goal',
    ...rng.sample(
      ['constraint', 'value', 'decision', 'constraint'] as FactKind[],
      rng.int(shape === 'autonomous' ? 1 : 0, 3),
    ),
  ];
  plantUser(
    c,
    openKinds.map((k) => userPart(c, k)),
    rng.chance(0.4) ? `Working in ${w.root}. ${chatter(w)}` : undefined,
  );

  // The rest, spread over the session; every kind at least once (pending also closes the session).
  const must: FactKind[] = ['constraint', 'decision', 'file', 'error', 'value', 'error', 'file'];
  const pool: [FactKind, number][] = [
    ['error', 4],
    ['file', 4],
    ['value', 4],
    ['constraint', 3],
    ['decision', 3],
    ['goal', 1],
    ['pending', 1],
  ];
  const n = Math.max(must.length, nFacts - openKinds.length - 1);
  const kinds = rng.sample([...must, ...Array.from({ length: n - must.length }, () => rng.weighted(pool))], n);
  const at = positions(rng, n, target);
  const schedule: Scheduled[] = kinds.map((kind, i) => ({ at: at[i] as number, kind }));

  const turnLength = (): number => {
    if (shape === 'autonomous')
      return Math.max(60, Math.round(target / Math.max(1, Math.round(target / rng.int(400, 650)))));
    if (shape === 'interactive') return rng.chance(0.15) ? 0 : rng.logInt(2, 24);
    return rng.chance(0.35) ? rng.int(50, 300) : rng.logInt(2, 12);
  };

  let turnEnd = b.length + turnLength();
  while (b.length < target) {
    if (b.length >= turnEnd && (shape !== 'autonomous' || b.length < target - 60)) {
      // close the turn; the user speaks
      const next = schedule[0];
      if (next?.kind === 'decision' && next.at < b.length + 30 && rng.chance(0.5)) {
        schedule.shift();
        plantDecisionClose(c);
      } else b.say(rng.chance(0.5) ? `Done. ${chatter(w)}` : chatter(w), w.agents[0]);
      const parts = [];
      while (
        schedule[0] &&
        USER_KINDS.includes(schedule[0].kind) &&
        schedule[0].at < b.length + 40 &&
        parts.length < 2 &&
        rng.chance(0.7)
      )
        parts.push(userPart(c, (schedule.shift() as Scheduled).kind));
      if (parts.length) plantUser(c, parts);
      else b.user(rng.pick(PLAIN_USER));
      turnEnd = b.length + turnLength();
      continue;
    }
    if (schedule[0] && schedule[0].at <= b.length) AGENT_PLANTERS[(schedule.shift() as Scheduled).kind](c);
    else b.step(h.filler(w));
  }
  for (const s of schedule) AGENT_PLANTERS[s.kind](c);
  plantPendingClose(c, !probe);
  const probeText = probe ? rng.pick(PROBES) : undefined;

  // Check the needles: each occurs only where it was planted, its invented word likewise.
  const spans = factSpans(
    b.messages,
    b.planted.map((p) => p.needle),
  );
  const lower = b.messages.map((m) => messageText(m).toLowerCase());
  const facts: PlantedFact[] = [];
  for (const [i, p] of b.planted.entries()) {
    const span = spans[i] as { first: number; last: number };
    if (span.first < p.from || span.last > p.to || span.last - span.first > 12) return undefined;
    for (const [k, text] of lower.entries())
      if (text.includes(p.word) && (k < span.first || k > span.last)) return undefined;
    if (b.planted.some((o) => o !== p && o.needle.includes(p.needle))) return undefined;
    facts.push({ kind: p.kind, needle: p.needle, firstIndex: span.first, lastIndex: span.last, style: p.style });
  }
  if (facts.length !== b.planted.length) return undefined;
  const t: Transcript = {
    id: `fresh-${style}-${shape}-${opts.seed}`,
    seed: opts.seed,
    shape,
    messages: b.messages,
    outputs: b.outputs,
    facts,
    tools: [...b.tools].sort(),
    ...(probeText ? { probe: probeText } : {}),
  };
  WORDS_OF.set(t, new Map(b.planted.map((p) => [p.needle, p.word])));
  return t;
}

const WORDS_OF = new WeakMap<Transcript, Map<string, string>>();

/** The invented word of each needle of a fresh transcript (for tests: it must occur only in its fact's episode). */
export function inventedWords(t: Transcript): Map<string, string> {
  return WORDS_OF.get(t) ?? new Map();
}

/** One fresh transcript: deterministic per options. */
export function generateFreshTranscript(opts: FreshOptions): Transcript {
  for (let tries = 0; tries < 40; tries++) {
    const t = attempt(opts, tries);
    if (t) return t;
  }
  throw new Error(`fresh: no collision-free transcript for seed ${opts.seed}`);
}

/** The suite's style order: a short run already mixes coding and non-coding agents. */
const SUITE_ORDER: readonly FreshStyle[] = [
  'autogen',
  'crm',
  'mobile',
  'langgraph',
  'secfix',
  'kiro',
  'infra',
  'agentsdk',
];

/** `count` transcripts from 100 to about 2,000 messages (400 with `quick`), cycling shapes and styles. */
export function freshSuite(count: number, seed: number, quick: boolean): Transcript[] {
  const [lo, hi] = quick ? [100, 400] : [100, 1980];
  return Array.from({ length: count }, (_, i) => {
    const size = Math.round(lo * (hi / lo) ** (count === 1 ? 1 : i / (count - 1)));
    return generateFreshTranscript({
      seed: seed + i,
      messages: size,
      shape: FRESH_SHAPES[i % FRESH_SHAPES.length] as FreshShape,
      style: SUITE_ORDER[
        (((seed - 1 + i) % SUITE_ORDER.length) + SUITE_ORDER.length) % SUITE_ORDER.length
      ] as FreshStyle,
      probe: (seed + i) % 2 === 0,
    });
  });
}
