/**
 * The seeded generator of long coding-agent transcripts with planted facts. Structure is
 * randomised as well as wording: the session shape (one long autonomous turn, many short
 * turns, or a mix), turn lengths, parallel tool calls per step, tool names and argument
 * keys, where facts fall, output sizes, and whether the session ends with an answer or in
 * the middle of a turn. Same seed, same transcript.
 */
import type { ChatMessage } from '../../src/context/types';
import { followUp, systemPrompt, turnAnswer } from './filler';
import { ALL_MAKERS, emitStep, makersFor, SHAPES, type Flavor, type Plant } from './generator-steps';
import * as say from './phrasing';
import { Rng } from './rng';
import { factSpans } from './render';
import type { FactKind, PlantedFact, ScriptedOutput, Transcript } from './types';
import { genericIdent, Names, type Lang } from './vocab';

const LANGS: Lang[] = ['python', 'typescript', 'rust', 'go', 'java'];

/** Options of {@link generateTranscript}. */
export interface GenerateOptions {
  seed: number;
  /** Messages to generate (system prompt included); default: log-uniform in [100, 2000]. */
  messages?: number;
  shape?: 'autonomous' | 'interactive' | 'mixed';
}

/** Generates one transcript. */
export function generateTranscript(options: GenerateOptions): Transcript {
  const rng = new Rng(options.seed);
  const names = new Names(rng.fork());
  const target = options.messages ?? rng.logInt(100, 2000);
  const shape = options.shape ?? rng.weighted(SHAPES);
  const lang = rng.pick(LANGS);
  const makers = [...makersFor(lang), ...makersFor(lang), ...rng.sample(ALL_MAKERS, 4)];
  const flavor: Flavor = {
    read: rng.pick(['read_file', 'view', 'cat']),
    edit: rng.pick(['edit_file', 'str_replace_editor', 'apply_patch', 'write_file'] as const),
    run: rng.pick(['run_command', 'bash', 'shell']),
    search: rng.pick(['grep', 'search', 'ripgrep']),
    list: rng.pick(['list_dir', 'ls']),
    pathKey: rng.pick(['path', 'file_path', 'filename']),
    cmdKey: rng.pick(['command', 'cmd']),
  };
  const messages: ChatMessage[] = [{ role: 'system', content: systemPrompt(rng) }];
  const outputs = new Map<string, ScriptedOutput>();
  const planted: { kind: FactKind; needle: string; style: string; at: number }[] = [];
  const plant: Plant = (p, at) => p && planted.push({ ...p, at });

  // Turn lengths are drawn as the session goes; events are placed over the steps the target
  // size allows (≈3 messages per step), so some may fall past the end and not be planted.
  const turnSteps = (t: number) => {
    const long = shape === 'autonomous' || (shape === 'mixed' && t >= rng.int(1, 4) && rng.chance(0.6));
    return long ? rng.int(50, 300) : rng.int(2, 30);
  };
  const stepBudget = Math.max(10, Math.floor(target / 3));
  const events = new Map<number, FactKind[]>();
  const at = (lo: number, hi: number) =>
    rng.int(Math.floor(lo * stepBudget), Math.max(0, Math.floor(hi * stepBudget) - 1));
  const add = (kind: FactKind, n: number, lo = 0, hi = 1) => {
    for (let i = 0; i < n; i++) {
      const s = at(lo, hi);
      events.set(s, [...(events.get(s) ?? []), kind]);
    }
  };
  add('decision', 2 + Math.floor(target / 150));
  add('file', 2 + Math.floor(target / 120));
  add('error', 2 + Math.floor(target / 120));
  add('pending', 1 + Math.floor(target / 400), 0.3, 0.95);
  add('constraint', Math.floor(target / 600));

  const endMidTurn = rng.chance(0.4);
  let step = 0;
  let done = false;
  for (let t = 0; !done; t++) {
    messages.push({
      role: 'user',
      content:
        t === 0 ? firstRequest(rng, names, plant, messages.length) : laterRequest(rng, names, plant, messages.length),
    });
    const steps = turnSteps(t);
    for (let s = 0; s < steps && !done; s++, step++) {
      emitStep(rng, names, lang, makers, flavor, events.get(step) ?? [], messages, outputs, plant);
      done = messages.length >= target;
    }
    if (!done || !endMidTurn) messages.push({ role: 'assistant', content: turnAnswer(rng) });
  }
  const probe =
    messages[messages.length - 1]?.role === 'tool'
      ? undefined
      : rng.pick([
          'Where do things stand? What is left to do?',
          "Quick status check: what's done and what's next?",
          'Before you go on, recap the state of the work.',
        ]);
  const spans = factSpans(
    messages,
    planted.map((p) => p.needle),
  );
  const facts: PlantedFact[] = planted.map((p, i) => {
    const span = spans[i] as { first: number; last: number };
    if (span.first !== p.at || span.last - span.first > 4) {
      throw new Error(
        `seed ${options.seed}: needle ${p.needle} planted at ${p.at} occurs at ${span.first}..${span.last}`,
      );
    }
    return { kind: p.kind, needle: p.needle, firstIndex: span.first, lastIndex: span.last, style: p.style };
  });
  const tools = [flavor.read, flavor.edit, flavor.run, flavor.search, flavor.list];
  const t: Transcript = {
    id: `s${options.seed}-${shape}-${messages.length}`,
    seed: options.seed,
    shape,
    messages,
    outputs,
    facts,
    tools,
  };
  if (probe) t.probe = probe;
  return t;
}

function firstRequest(rng: Rng, names: Names, plant: Plant, at: number): string {
  const g = say.goal(rng, names);
  plant({ kind: 'goal', needle: g.needle, style: g.style }, at);
  const cs = Array.from({ length: rng.int(1, 3) }, () => say.constraint(rng, names, 'user'));
  const vs = Array.from({ length: rng.int(1, 2) }, () => say.userValue(rng, names));
  for (const c of cs) plant({ kind: 'constraint', needle: c.needle, style: c.style }, at);
  for (const v of vs) plant({ kind: 'value', needle: v.needle, style: v.style }, at);
  const values = rng.chance(0.5)
    ? vs.map((v) => v.text).join(' ')
    : `Details:\n${vs.map((v) => `- ${v.text}`).join('\n')}`;
  const parts = [
    g.text,
    say.constraintBlock(
      rng,
      cs.map((c) => c.text),
    ),
    values,
  ];
  if (rng.chance(0.4))
    parts.splice(
      1,
      0,
      `Context: the ${genericIdent(rng).replace('_', ' ')} code was written in a hurry and has few tests.`,
    );
  return parts.join(rng.pick(['\n\n', '\n', ' ']));
}

function laterRequest(rng: Rng, names: Names, plant: Plant, at: number): string {
  const parts = [followUp(rng)];
  const extra = rng.weighted([
    ['none', 0.4],
    ['constraint', 0.2],
    ['value', 0.2],
    ['decision', 0.2],
  ] as const);
  if (extra !== 'none') {
    const p =
      extra === 'constraint'
        ? say.constraint(rng, names, 'user')
        : extra === 'value'
          ? say.userValue(rng, names)
          : say.userDecision(rng, names);
    plant({ kind: extra, needle: p.needle, style: p.style }, at);
    parts.push(p.text);
  }
  return parts.join(' ');
}
