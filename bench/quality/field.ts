/**
 * The field transcript family (`npm run bench:quality -- --field`): a fifth, held-out set
 * written apart from the other four and from the summarizers. It imitates harnesses none of
 * the others do (field-harness*.ts: smolagents CodeAct, OpenCode, GitHub Copilot agent mode,
 * the Zed agent, an on-call SRE agent, a data-analytics agent, a Playwright-MCP browser QA
 * agent), with facts planted where those agents meet them (field-facts-*.ts) amid ordinary
 * work of very uneven size (field-code.ts, field-ops.ts, field-data.ts, field-web.ts).
 */
import {
  Builder,
  FIELD_STYLES,
  newWorld,
  type Domain,
  type Eco,
  type FieldStyle,
  type Harness,
  type World,
} from './field-core';
import { codeFiles, codeFiller } from './field-code';
import { dataFiller } from './field-data';
import { hugeStep } from './field-huge';
import {
  closingText,
  fillerStep,
  plantDecision,
  plantError,
  plantFile,
  plantFound,
  plantPending,
  plantPlan,
  type Ctx,
} from './field-facts-agent';
import { laterPart, openingPart, plainUser, type UserPart } from './field-facts-user';
import { opencode, smolagents } from './field-harness';
import { copilot, zed } from './field-harness-ide';
import { analytics, browser, sre } from './field-harness-more';
import { CODENAMES, NOUNS, SERVICES, pascal } from './field-names';
import { NAMESPACES, opsFiller } from './field-ops';
import { specPaths, webFiller } from './field-web';
import { factSpans, messageText } from './render';
import { Rng } from './rng';
import type { PlantedFact, Transcript } from './types';

export { FIELD_STYLES, type FieldStyle } from './field-core';

export const FIELD_SHAPES = ['autonomous', 'interactive', 'mixed'] as const;
export type FieldShape = (typeof FIELD_SHAPES)[number];

export interface FieldOptions {
  seed: number;
  /** Approximate number of messages (the system prompt included). */
  messages: number;
  shape?: FieldShape;
  style?: FieldStyle;
}

const HARNESS: Record<FieldStyle, Harness> = { smolagents, opencode, copilot, zed, sre, analytics, browser };

function world(rng: Rng, style: FieldStyle): World {
  const name = `${rng.pick(NOUNS)}-${rng.pick(NOUNS)}`;
  const pickEco = (list: Eco[]) => rng.pick(list);
  let domain: Domain = 'code';
  let eco: Eco = 'ts';
  let root = `/home/dev/src/${name}`;
  switch (style) {
    case 'smolagents':
      domain = rng.chance(0.5) ? 'data' : 'code';
      eco = 'python';
      root = rng.pick([`/workspace/${name}`, `/app/${name}`]);
      break;
    case 'opencode':
      eco = pickEco(['ts', 'go', 'python', 'rust', 'elixir', 'ruby', 'php']);
      root = rng.pick([`/home/dev/src/${name}`, `/Users/dev/work/${name}`]);
      break;
    case 'copilot':
      eco = pickEco(['ts', 'dotnet', 'java', 'python', 'php', 'swift']);
      root = rng.chance(0.4) ? `C:\\Users\\dev\\source\\repos\\${name}` : `/Users/dev/projects/${name}`;
      break;
    case 'zed':
      eco = pickEco(['rust', 'go', 'ts', 'elixir', 'swift', 'python']);
      root = `/Users/dev/code/${name}`;
      break;
    case 'sre':
      domain = 'ops';
      eco = 'go';
      root = `/home/beacon/${name}-infra`;
      break;
    case 'analytics':
      domain = 'data';
      eco = 'python';
      root = `/home/jovyan/${name}`;
      break;
    case 'browser':
      domain = 'web';
      eco = 'ts';
      root = `/home/qa/${name}-e2e`;
      break;
  }
  const w = newWorld(rng, style, domain, name, root, eco);
  if (domain === 'code') w.files = codeFiles(rng, eco, name);
  if (domain === 'ops') {
    w.scope = rng.pick(['prod-eu-west-1', 'gke_acme-prod_europe-west1_main', 'aks-prod-weu-01', 'prod-us-east-2']);
    w.files = [
      ...new Set(
        Array.from({ length: 40 }, () =>
          rng.pick([
            `envs/prod/${rng.pick(NOUNS)}.tf`,
            `modules/${rng.pick(NOUNS)}/main.tf`,
            `charts/${rng.pick(SERVICES)}/values.yaml`,
            `clusters/prod/${rng.pick(NAMESPACES)}/${rng.pick(SERVICES)}.yaml`,
            `runbooks/${rng.pick(SERVICES)}.md`,
          ]),
        ),
      ),
    ];
  }
  if (domain === 'data') {
    w.scope = rng.pick([
      'postgres:analytics-replica',
      'duckdb:warehouse.duckdb',
      'snowflake:ACME_PROD.ANALYTICS',
      'bigquery:acme-analytics',
    ]);
    if (style === 'smolagents') w.scope = rng.pick(['postgres:analytics-replica', 'duckdb:warehouse.duckdb']);
    w.files = [
      ...new Set(
        Array.from({ length: 30 }, () =>
          rng.pick([
            `models/marts/${rng.pick(NOUNS)}_daily.sql`,
            `models/staging/stg_${rng.pick(NOUNS)}.sql`,
            `notebooks/${rng.pick(NOUNS)}_analysis.ipynb`,
            `queries/${rng.pick(NOUNS)}.sql`,
          ]),
        ),
      ),
    ];
  }
  if (domain === 'web') {
    w.scope = rng.pick(['https://staging.acme-shop.dev', 'https://qa.acme-shop.dev', 'http://localhost:5173']);
    w.files = [...specPaths(rng), 'playwright.config.ts', `tests/pages/${pascal(rng.pick(NOUNS))}Page.ts`];
  }
  return w;
}

function fillerOf(rng: Rng, w: World): () => { text?: string; acts: import('./field-core').Act[] } {
  const f = { code: codeFiller, ops: opsFiller, data: dataFiller, web: webFiller }[w.domain];
  return () => (rng.chance(0.012) ? hugeStep(rng, w) : f(rng, w));
}

const PROBES = [
  'I have to jump into a meeting. Write a handoff for whoever picks this up: the goal, the constraints you are working under, what you decided and why, what failed, the exact identifiers and values they will need, and the next steps.',
  'before you continue — where are we? what is done, what is left, and what did I tell you not to do?',
  'Pause here please. Give me the current state in a few bullets, including anything still failing and what you plan to do next.',
  'ok stop for a sec. summarize the session so far so I can paste it into the ticket.',
  'Can you write up status for the channel: what we are trying to do, what we found, what is pending, and any rules we are following?',
];

type AgentPlanter = (c: Ctx) => boolean;

function agentPlan(rng: Rng, n: number): AgentPlanter[] {
  const must: AgentPlanter[] = [plantError, plantFile, plantFound, plantDecision, plantPending];
  const pool: [AgentPlanter, number][] = [
    [plantError, 4],
    [plantFile, 4],
    [plantFound, 3],
    [plantDecision, 3],
    [plantPlan, 2],
    [plantPending, 2],
  ];
  const rest = Array.from({ length: Math.max(0, n - must.length) }, () => rng.weighted(pool));
  return rng.sample([...must, ...rest], n + must.length);
}

/** Spreads `n` positions over [lo, hi] of `size`, jittered, ascending. */
function spread(rng: Rng, n: number, size: number, lo: number, hi: number): number[] {
  return Array.from({ length: n }, (_, i) =>
    Math.round(size * (lo + ((hi - lo) * (i + rng.next())) / Math.max(1, n))),
  ).sort((a, b) => a - b);
}

function attempt(opts: FieldOptions, tries: number): Transcript | undefined {
  const rng = new Rng((opts.seed * 7919 + tries * 104729 + 13) >>> 0);
  const style = opts.style ?? (FIELD_STYLES[opts.seed % FIELD_STYLES.length] as FieldStyle);
  const shape = opts.shape ?? (FIELD_SHAPES[opts.seed % FIELD_SHAPES.length] as FieldShape);
  const target = opts.messages;
  const w = world(rng, style);
  const b = new Builder(w, HARNESS[style]);
  const c: Ctx = { b, w, avoid: new Set(), filler: fillerOf(rng, w) };
  const nFacts = Math.min(38, Math.round(16 + target / 80));

  // Turn plan: how long each turn runs before the assistant replies and the user speaks again.
  const autoTurns = Math.max(1, Math.round(target / rng.int(450, 750)));
  const turnLength = (): number => {
    if (shape === 'autonomous') return Math.round(target / autoTurns);
    if (shape === 'interactive') return rng.chance(0.15) ? 0 : rng.logInt(2, 26);
    return rng.chance(0.35) ? rng.int(50, 260) : rng.logInt(2, 14);
  };

  // Facts: the opening's, later user messages', turn-closing replies', and the agent's mid-turn ones.
  const openingExtra = Array.from(
    { length: rng.int(1, 3) },
    (_, i) => (i === 0 || rng.chance(0.6) ? 'constraint' : 'value') as 'constraint' | 'value',
  );
  const laterCount =
    shape === 'autonomous' ? autoTurns - 1 : Math.round(nFacts * (shape === 'interactive' ? 0.25 : 0.15));
  const laterKinds = Array.from({ length: laterCount }, () =>
    rng.weighted<'goal' | 'constraint' | 'value'>([
      ['goal', shape === 'interactive' ? 3 : 1],
      ['constraint', 3],
      ['value', 2],
    ]),
  );
  let closings = shape === 'interactive' ? Math.round(nFacts * 0.1) : shape === 'mixed' ? rng.int(1, 2) : 0;
  const agentCount = Math.max(5, nFacts - 1 - openingExtra.length - laterCount - closings);
  const planters = agentPlan(rng, agentCount);
  const at = spread(rng, planters.length, target, 0.06, 0.93);

  const userTurn = (part: UserPart | undefined): void => {
    if (!part) {
      b.user(plainUser(w));
      return;
    }
    b.begin();
    b.user(part.text);
    for (const f of part.facts) b.fact(f.kind, f.needle, f.style);
    const first = c.filler();
    b.step(part.ack ?? first.text, first.acts);
    b.end();
  };
  const endTurn = (withFacts: boolean): void => {
    const close = closingText(c, withFacts);
    b.begin();
    b.reply(close.text);
    if (close.decision) b.fact('decision', close.decision.needle, `decision/closing-${close.decision.style}`);
    if (close.pending) b.fact('pending', close.pending.needle, `pending/closing-${close.pending.style}`);
    b.end();
  };

  userTurn(openingPart(w, openingExtra, c.avoid));
  let turnEnd = b.length + turnLength();
  let next = 0;
  const probe = rng.chance(0.55);
  for (let guard = 0; guard < 20 * target; guard++) {
    const done = b.length >= target && next >= planters.length && laterKinds.length === 0;
    if (done) break;
    if (next < planters.length && b.length >= (at[next] as number)) {
      const planted = (planters[next] as AgentPlanter)(c) || plantError(c) || plantFile(c);
      if (!planted) fillerStep(c);
      next++;
      continue;
    }
    if (b.length >= turnEnd && b.length < target - 6) {
      const closeWithFacts = closings > 0 && rng.chance(0.6);
      if (closeWithFacts) closings--;
      endTurn(closeWithFacts);
      const kind = laterKinds.shift();
      userTurn(kind ? laterPart(w, kind, c.avoid) : undefined);
      turnEnd = b.length + turnLength();
      continue;
    }
    if (shape === 'autonomous' && laterKinds.length && b.length >= target - 8) {
      // The last planned turn: the user speaks once more before the end.
      endTurn(false);
      userTurn(laterPart(w, laterKinds.shift() as 'goal', c.avoid));
      continue;
    }
    if (shape !== 'autonomous' && laterKinds.length && b.length >= target - 8) {
      laterKinds.length = 0;
      continue;
    }
    // Ordinary work; now and then two actions in one parallel step.
    const f = c.filler();
    if (!b.h.oneCall && b.h.style !== 'copilot' && rng.chance(0.12))
      b.step(f.text, [...f.acts, ...c.filler().acts].slice(0, 4));
    else b.step(f.text, f.acts);
  }
  if (probe) endTurn(closings > 0);

  // Check every needle against where it was planted; a collision with ordinary text means another attempt.
  const spans = factSpans(
    b.messages,
    b.planned.map((p) => p.needle),
  );
  const probeText = probe ? HARNESS[style].user(w, rng.pick(PROBES), false) : undefined;
  const lower = b.messages.map((m) => messageText(m).toLowerCase());
  const facts: PlantedFact[] = [];
  for (const [i, p] of b.planned.entries()) {
    const s = spans[i] as { first: number; last: number };
    if (s.first < Math.max(1, p.start) || s.last > p.end || s.last - s.first > 12) return undefined;
    if (probeText?.includes(p.needle)) return undefined;
    // A needle's codename may not turn up elsewhere either (say, inside a longer identifier).
    for (const cw of CODENAMES.filter((c) => p.needle.toLowerCase().includes(c)))
      if (lower.some((text, k) => (k < s.first - 3 || k > s.last + 3) && text.includes(cw))) return undefined;
    facts.push({
      kind: p.kind,
      needle: p.needle,
      firstIndex: s.first,
      lastIndex: s.last,
      style: `${style}/${p.style}`,
    });
  }
  return {
    id: `field-${style}-${shape}-${opts.seed}`,
    seed: opts.seed,
    shape,
    messages: b.messages,
    outputs: b.outputs,
    facts,
    tools: [...b.tools].sort(),
    ...(probeText ? { probe: probeText } : {}),
  };
}

/** One field transcript: deterministic per options. */
export function generateFieldTranscript(opts: FieldOptions): Transcript {
  for (let tries = 0; tries < 40; tries++) {
    let t: Transcript | undefined;
    try {
      t = attempt(opts, tries);
    } catch (err) {
      // Running out of codenames in a very long session: try another draw.
      if (!(err instanceof Error && err.message.includes('out of codenames'))) throw err;
    }
    if (t) return t;
  }
  throw new Error(`field: no collision-free transcript for seed ${opts.seed}`);
}

/** The suite's style order: a short run already mixes coding and non-coding agents. */
const SUITE_ORDER: readonly FieldStyle[] = ['sre', 'opencode', 'analytics', 'copilot', 'browser', 'zed', 'smolagents'];

/** `count` transcripts from 100 to 2,000 messages (400 with `quick`), cycling shapes and styles. */
export function fieldSuite(count: number, seed: number, quick: boolean): Transcript[] {
  const [lo, hi] = quick ? [100, 400] : [100, 2000];
  return Array.from({ length: count }, (_, i) => {
    const size = Math.round(lo * (hi / lo) ** (count === 1 ? 1 : i / (count - 1)));
    return generateFieldTranscript({
      seed: seed + i,
      messages: size,
      shape: FIELD_SHAPES[i % FIELD_SHAPES.length] as FieldShape,
      style: SUITE_ORDER[
        (((seed - 1 + i) % SUITE_ORDER.length) + SUITE_ORDER.length) % SUITE_ORDER.length
      ] as FieldStyle,
    });
  });
}
