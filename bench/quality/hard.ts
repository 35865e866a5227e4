/**
 * The harder transcript family (`npm run bench:quality -- --hard`). Same session shapes and
 * tool flavours as generator.ts, but:
 *
 * - the session is about one small project (hard-say.ts `Project`) whose nouns, module names,
 *   paths, test files and error classes fill the tool output, logs and chatter, so a needle's
 *   words are common in the session and only the exact needle string is unique;
 * - about twice as many facts per message range;
 * - half the decisions are reversed later (by the assistant or the user); the latest one is the
 *   fact, the superseded one is recorded apart (`Transcript.superseded`) to count methods that
 *   keep the old decision without the new one;
 * - constraints in plain words, values that are dates, times, durations, amounts, counts, ids
 *   and percentages, stated by the user in the middle of long messages with background and
 *   pasted logs around them;
 * - failing tests whose file, siblings and error class also appear in passing runs and logs;
 * - chatter that refers back to facts by their subject in common words.
 *
 * Same seed, same transcript; seeds give transcripts unrelated to generator.ts's.
 */
import type { ChatMessage, ChatToolCall } from '../../src/context/types';
import { callId, CALLS_PER_STEP, SHAPES, type Flavor } from './generator-steps';
import * as say from './hard-say';
import type { HardPhrase, Project } from './hard-say';
import { editResult, listing, sourceCode, systemPrompt, turnAnswer } from './filler';
import { factSpans } from './render';
import { Rng } from './rng';
import type { FactKind, PlantedFact, ScriptedOutput, Transcript } from './types';
import type { GenerateOptions } from './generator';

type Event = { kind: FactKind | 'reversal'; decision?: number };
type Planted = { kind: FactKind; needle: string; style: string; at: number };

interface Ctx {
  rng: Rng;
  p: Project;
  mint: say.Mint;
  taken: Set<string>;
  f: Flavor;
  messages: ChatMessage[];
  outputs: Map<string, ScriptedOutput>;
  planted: Planted[];
  /** Superseded decisions, with the needle of the decision that replaced each. */
  old: (Planted & { replacedBy: string })[];
  /** Decisions planted, by event id: what a reversal needs, and whether it was reversed. */
  decisions: Map<number, say.Choice & { index: number; reversed: boolean }>;
  subjects: string[];
}

function plant(c: Ctx, ph: HardPhrase, kind: FactKind, at: number): void {
  c.planted.push({ kind, needle: ph.needle, style: ph.style, at });
  c.subjects.push(ph.subject);
}

/** Generates one harder transcript. */
export function generateHardTranscript(options: GenerateOptions): Transcript {
  const rng = new Rng(options.seed ^ 0x5eed_4a2d);
  const p = say.makeProject(rng.fork());
  const mint = new say.Mint();
  const target = options.messages ?? rng.logInt(100, 2000);
  const shape = options.shape ?? rng.weighted(SHAPES);
  const f: Flavor = {
    read: rng.pick(['read_file', 'view', 'cat']),
    edit: rng.pick(['edit_file', 'str_replace_editor', 'apply_patch', 'write_file'] as const),
    run: rng.pick(['run_command', 'bash', 'shell']),
    search: rng.pick(['grep', 'search', 'ripgrep']),
    list: rng.pick(['list_dir', 'ls']),
    pathKey: rng.pick(['path', 'file_path', 'filename']),
    cmdKey: rng.pick(['command', 'cmd']),
  };
  const c: Ctx = {
    rng,
    p,
    mint,
    taken: new Set(),
    f,
    messages: [{ role: 'system', content: systemPrompt(rng) }],
    outputs: new Map(),
    planted: [],
    old: [],
    decisions: new Map(),
    subjects: [],
  };

  const stepBudget = Math.max(10, Math.floor(target / 3));
  const events = new Map<number, Event[]>();
  const at = (lo: number, hi: number) =>
    rng.int(Math.floor(lo * stepBudget), Math.max(0, Math.floor(hi * stepBudget) - 1));
  const push = (s: number, e: Event) => events.set(s, [...(events.get(s) ?? []), e]);
  const add = (kind: FactKind, n: number, lo = 0, hi = 1) => {
    for (let i = 0; i < n; i++) push(at(lo, hi), { kind });
  };
  // About twice generator.ts's density.
  const decisions = 3 + Math.floor(target / 75);
  for (let d = 0; d < decisions; d++) {
    const s = at(0, 0.8);
    push(s, { kind: 'decision', decision: d });
    if (rng.chance(0.5)) push(rng.int(s + 3, Math.max(s + 3, stepBudget - 1)), { kind: 'reversal', decision: d });
  }
  add('file', 3 + Math.floor(target / 60));
  add('error', 3 + Math.floor(target / 60));
  add('pending', 2 + Math.floor(target / 200), 0.3, 0.95);
  add('constraint', Math.floor(target / 300));

  const turnSteps = (t: number) => {
    const long = shape === 'autonomous' || (shape === 'mixed' && t >= rng.int(1, 4) && rng.chance(0.6));
    return long ? rng.int(50, 300) : rng.int(2, 30);
  };
  const endMidTurn = rng.chance(0.4);
  let step = 0;
  let done = false;
  for (let t = 0; !done; t++) {
    c.messages.push({ role: 'user', content: t === 0 ? firstRequest(c) : laterRequest(c) });
    const steps = turnSteps(t);
    for (let s = 0; s < steps && !done; s++, step++) {
      emitHardStep(c, events.get(step) ?? []);
      done = c.messages.length >= target;
    }
    if (!done || !endMidTurn) c.messages.push({ role: 'assistant', content: turnAnswer(rng) });
  }
  const probe =
    c.messages[c.messages.length - 1]?.role === 'tool'
      ? undefined
      : rng.pick(['Where do things stand? What is left to do?', 'Before you go on, recap the state of the work.']);

  const check = (list: Planted[]) => {
    const spans = factSpans(
      c.messages,
      list.map((x) => x.needle),
    );
    return list.map((x, i) => {
      const span = spans[i] as { first: number; last: number };
      if (span.first !== x.at || span.last - span.first > 4)
        throw new Error(
          `hard seed ${options.seed}: needle "${x.needle}" planted at ${x.at} occurs at ${span.first}..${span.last}`,
        );
      return span;
    });
  };
  const spans = check(c.planted);
  const oldSpans = check(c.old);
  const facts: PlantedFact[] = c.planted.map((x, i) => ({
    kind: x.kind,
    needle: x.needle,
    firstIndex: spans[i]?.first ?? -1,
    lastIndex: spans[i]?.last ?? -1,
    style: x.style,
  }));
  // A superseded decision points at the fact that replaced it (same subject, later).
  const superseded = c.old.map((x, i) => ({
    kind: x.kind,
    needle: x.needle,
    firstIndex: oldSpans[i]?.first ?? -1,
    lastIndex: oldSpans[i]?.last ?? -1,
    style: x.style,
    replacedBy: x.replacedBy,
  }));
  const t: Transcript = {
    id: `h${options.seed}-${shape}-${c.messages.length}`,
    seed: options.seed,
    shape,
    messages: c.messages,
    outputs: c.outputs,
    facts,
    tools: [f.read, f.edit, f.run, f.search, f.list],
    superseded,
  };
  if (probe) t.probe = probe;
  return t;
}

/** A long message: background paragraphs and maybe a pasted log, `facts` in the middle. */
function longMessage(c: Ctx, facts: string[], opening: string): string {
  const { rng, p } = c;
  const para = () => Array.from({ length: rng.int(3, 7) }, () => say.background(rng, p)).join(' ');
  const before = Array.from({ length: rng.int(1, 3) }, para);
  const after = Array.from({ length: rng.int(1, 3) }, para);
  if (rng.chance(0.5)) after.splice(rng.int(0, after.length), 0, `Log from this morning:\n${say.pastedLog(rng, p)}`);
  const middle = facts.length ? [rng.chance(0.5) ? facts.join(' ') : facts.map((x) => `- ${x}`).join('\n')] : [];
  return [opening, ...before, ...middle, ...after].join('\n\n');
}

function firstRequest(c: Ctx): string {
  const { rng, p, mint } = c;
  const at = c.messages.length;
  const g = say.goal(rng, p, mint);
  plant(c, g, 'goal', at);
  const texts = [g.text];
  for (let i = rng.int(1, 3); i > 0; i--) {
    const x = say.constraint(rng, p, mint, 'user');
    plant(c, x, 'constraint', at);
    texts.push(x.text);
  }
  for (let i = rng.int(1, 3); i > 0; i--) {
    const x = say.value(rng, p, mint);
    plant(c, x, 'value', at);
    texts.push(x.text);
  }
  const [first, ...rest] = texts;
  return longMessage(c, [first as string, ...rng.sample(rest, rest.length)], `Hi! This is about ${p.theme}.`);
}

function laterRequest(c: Ctx): string {
  const { rng, p, mint } = c;
  const at = c.messages.length;
  const texts: string[] = [];
  for (
    let i = rng.weighted([
      [0, 0.35],
      [1, 0.35],
      [2, 0.2],
      [3, 0.1],
    ] as const);
    i > 0;
    i--
  ) {
    const kind = rng.pick(['constraint', 'value', 'value', 'decision'] as const);
    const open = [...c.decisions.entries()].filter(([, d]) => !d.reversed);
    if (kind === 'decision' && open.length) {
      // The user reverses one of the assistant's earlier decisions.
      const [, d] = rng.pick(open);
      texts.push(reverse(c, d, say.reversal(rng, mint, d, 'user'), at));
    } else if (kind !== 'decision') {
      const x = kind === 'constraint' ? say.constraint(rng, p, mint, 'user-mid') : say.value(rng, p, mint);
      plant(c, x, kind, at);
      texts.push(x.text);
    }
  }
  const opening = rng.pick([
    'ok, a few more things.',
    `Looks good. Next, the ${rng.pick(p.nouns)} part.`,
    'thanks — please continue.',
  ]);
  if (!texts.length && rng.chance(0.6)) return opening;
  return longMessage(c, texts, opening);
}

/** Planted facts moved: decisions after `removed` shift down by one. */
function reindex(c: Ctx, removed: number): void {
  for (const d of c.decisions.values()) if (d.index > removed) d.index -= 1;
}

/** Decision `d` reversed by `r` at message `at`: `r` is the decision now, `d` is kept apart as replaced; `r`'s text. */
function reverse(c: Ctx, d: say.Choice & { index: number; reversed: boolean }, r: HardPhrase, at: number): string {
  d.reversed = true;
  const prev = c.planted.splice(d.index, 1)[0] as Planted;
  reindex(c, d.index);
  c.old.push({ ...prev, replacedBy: r.needle });
  plant(c, r, 'decision', at);
  return r.text;
}

function emitHardStep(c: Ctx, events: Event[]): void {
  const { rng, p, mint, f } = c;
  const index = c.messages.length;
  const texts: string[] = [];
  const calls: {
    name: string;
    args: Record<string, unknown>;
    out: ScriptedOutput;
    fact?: HardPhrase & { kind: FactKind };
  }[] = [];
  for (const e of events) {
    if (e.kind === 'decision') {
      const d = say.decision(rng, p, mint, c.taken);
      c.decisions.set(e.decision ?? -1, {
        subject: d.subject,
        store: d.store,
        index: c.planted.length,
        reversed: false,
      });
      plant(c, d, 'decision', index);
      texts.push(d.text);
    } else if (e.kind === 'reversal') {
      const d = c.decisions.get(e.decision ?? -1);
      if (!d || d.reversed) continue;
      texts.push(reverse(c, d, say.reversal(rng, mint, d, 'assistant'), index));
    } else if (e.kind === 'pending' || e.kind === 'constraint') {
      const x = e.kind === 'pending' ? say.pending(rng, p, mint) : say.constraint(rng, p, mint, 'assistant');
      plant(c, x, e.kind, index);
      texts.push(x.text);
    } else if (e.kind === 'file') {
      const { needle, noun } = say.writtenPath(rng, p, mint);
      const code = [
        ...say.projectLines(rng, p, rng.int(2, 5)),
        ...sourceCode(rng, p.lang, rng.int(3, 10)).split('\n'),
      ].join('\n');
      const args: Record<string, unknown> =
        f.edit === 'apply_patch'
          ? {
              patch: `*** Begin Patch\n*** Add File: ${needle}\n${code
                .split('\n')
                .map((l) => `+${l}`)
                .join('\n')}\n*** End Patch`,
            }
          : f.edit === 'write_file'
            ? { [f.pathKey]: needle, content: code }
            : { [f.pathKey]: needle, old_str: '', new_str: code };
      calls.push({
        name: f.edit,
        args,
        out: { output: editResult(rng, needle), status: 'ok' },
        fact: { kind: 'file', needle, style: `file/${f.edit}`, subject: `the new ${noun} file`, text: '' },
      });
    } else if (e.kind === 'error') {
      const fail = failure(c);
      calls.push({
        name: f.run,
        args: { [f.cmdKey]: fail.command },
        out: { output: fail.output, status: 'error', exitCode: 1 },
        fact: { kind: 'error', needle: fail.needle, style: `error/${p.lang}`, subject: fail.subject, text: '' },
      });
    }
  }
  const k = Math.max(calls.length, rng.weighted(CALLS_PER_STEP));
  while (calls.length < k) calls.splice(rng.int(0, calls.length), 0, fillerCall(c));
  if (!texts.length && rng.chance(0.5)) texts.push(say.chatter(rng, p, c.subjects));
  else if (texts.length && rng.chance(0.3)) texts.unshift(say.chatter(rng, p, c.subjects));
  const toolCalls: ChatToolCall[] = calls.map((x) => ({
    id: callId(rng),
    type: 'function',
    function: { name: x.name, arguments: JSON.stringify(x.args) },
  }));
  c.messages.push({ role: 'assistant', content: texts.length ? texts.join('\n\n') : null, tool_calls: toolCalls });
  calls.forEach((x, i) => {
    const id = (toolCalls[i] as ChatToolCall).id;
    c.outputs.set(id, x.out);
    if (x.fact) plant(c, x.fact, x.fact.kind, x.fact.kind === 'file' ? index : c.messages.length);
    c.messages.push({ role: 'tool', tool_call_id: id, content: x.out.output });
  });
}

/** A passing test line for `name` in the project's runner. */
function passLine(p: Project, file: string, name: string, rng: Rng): string {
  return p.lang === 'python'
    ? `${file}::${name} PASSED`
    : p.lang === 'go'
      ? `--- PASS: ${name} (0.${String(rng.int(0, 99)).padStart(2, '0')}s)`
      : `    ✓ ${name} (${rng.int(1, 99)} ms)`;
}

function testFile(p: Project, i: number): string {
  const m = p.modules[i] as string;
  return p.lang === 'python'
    ? `tests/test_${m}.py`
    : p.lang === 'go'
      ? `${p.theme}/${m}_test.go`
      : `src/${p.theme}/${m}.test.ts`;
}

/** A passing run of the project's tests: filler test names, error classes logged in passing. */
function passingRun(c: Ctx, bulk: number): string {
  const { rng, p } = c;
  const lines: string[] = [];
  for (let i = 0; i < bulk; i++) {
    const m = rng.int(0, p.modules.length - 1);
    lines.push(
      rng.chance(0.15)
        ? `WARN ${p.modules[m]}: ${p.errorClasses[m]} on ${rng.pick(p.nouns)} ${rng.int(1000, 99999)}, retrying`
        : passLine(p, testFile(p, m), rng.pick(p.fillerTests), rng),
    );
  }
  const n = rng.int(20, 400);
  lines.push(
    p.lang === 'python'
      ? `${n} passed in ${(rng.int(100, 9000) / 1000).toFixed(2)}s`
      : p.lang === 'go'
        ? `ok  \t${p.theme}\t${(rng.int(100, 9000) / 1000).toFixed(3)}s`
        : `Tests:       ${n} passed, ${n} total`,
  );
  return lines.join('\n');
}

/** A failing run: one test whose name is minted (the needle) among filler siblings in the same file. */
function failure(c: Ctx): { command: string; output: string; needle: string; subject: string } {
  const { rng, p, mint } = c;
  const m = rng.int(0, p.modules.length - 1);
  const { needle } = mint.draw(() => ({
    needle: say.spell(p, [rng.pick(p.nouns), ...rng.pick(say.SCENARIOS).split(' ')], 'test'),
  }));
  if (p.fillerTests.includes(needle)) return failure(c);
  const file = testFile(p, m);
  const cls = p.errorClasses[m] as string;
  const bulk = rng.chance(0.2) ? rng.int(100, 400) : rng.int(3, 30);
  const siblings = Array.from({ length: bulk }, () => passLine(p, file, rng.pick(p.fillerTests), rng));
  const cut = rng.int(0, siblings.length);
  const [a, b] = [rng.int(2, 9), rng.int(10, 99)];
  const failLines =
    p.lang === 'python'
      ? [
          `${file}::${needle} FAILED`,
          ...siblings.slice(cut),
          '=================================== FAILURES ===================================',
          `____________________ ${needle} ____________________`,
          `E       ${cls}: expected ${a} ${rng.pick(p.nouns)}s, got ${b}`,
          `${file}:${rng.int(10, 400)}: ${cls}`,
          '=========================== short test summary info ============================',
          `FAILED ${file}::${needle} - ${cls}`,
          `1 failed, ${bulk} passed in ${(rng.int(100, 9000) / 1000).toFixed(2)}s`,
        ]
      : p.lang === 'go'
        ? [
            `--- FAIL: ${needle} (0.${String(rng.int(0, 99)).padStart(2, '0')}s)`,
            `    ${p.modules[m]}_test.go:${rng.int(10, 400)}: ${cls}: expected ${a}, got ${b}`,
            ...siblings.slice(cut),
            'FAIL',
            `FAIL\t${p.theme}\t${(rng.int(100, 9000) / 1000).toFixed(3)}s`,
          ]
        : [
            `    ✕ ${needle} (${rng.int(1, 99)} ms)`,
            ...siblings.slice(cut),
            '',
            `  ● ${p.spoken[m]} › ${needle}`,
            '',
            `    ${cls}: expected ${a}, received ${b}`,
            '',
            `Tests:       1 failed, ${bulk} passed, ${bulk + 1} total`,
          ];
  const head =
    p.lang === 'python'
      ? ['============================= test session starts ==============================']
      : [`FAIL ${file}`];
  return {
    command: p.lang === 'python' ? `pytest ${file}` : p.lang === 'go' ? `go test ./${p.theme}/...` : `npx jest ${file}`,
    output: [...head, ...siblings.slice(0, cut), ...failLines].join('\n'),
    needle,
    subject: `the ${p.spoken[m]} test failure`,
  };
}

function fillerCall(c: Ctx): { name: string; args: Record<string, unknown>; out: ScriptedOutput } {
  const { rng, p, f } = c;
  const kind = rng.weighted([
    ['read', 0.5],
    ['search', 0.15],
    ['list', 0.1],
    ['run', 0.25],
  ] as const);
  if (kind === 'read') {
    const lines = rng.chance(0.1) ? rng.int(300, 900) : rng.int(15, 250);
    const code = sourceCode(rng, p.lang, lines).split('\n');
    for (const l of say.projectLines(rng, p, Math.max(2, Math.floor(lines / 10))))
      code.splice(rng.int(0, code.length), 0, l);
    return { name: f.read, args: { [f.pathKey]: rng.pick(p.paths) }, out: { output: code.join('\n'), status: 'ok' } };
  }
  if (kind === 'search') {
    const i = rng.int(0, p.modules.length - 1);
    const pattern = rng.pick([p.errorClasses[i] as string, rng.pick(p.nouns)]);
    const out = Array.from(
      { length: rng.int(0, 40) },
      () => `${rng.pick(p.paths)}:${rng.int(1, 800)}:    ${rng.pick(say.projectLines(rng, p, 3)).trim()} ${pattern}`,
    ).join('\n');
    return { name: f.search, args: { pattern }, out: { output: out, status: 'ok' } };
  }
  if (kind === 'list')
    return {
      name: f.list,
      args: { [f.pathKey]: `src/${p.theme}` },
      out: {
        output: [...p.paths.map((x) => x.split('/').at(-1) as string), listing(rng, p.lang, rng.int(0, 10))].join('\n'),
        status: 'ok',
      },
    };
  const i = rng.int(0, p.modules.length - 1);
  return {
    name: f.run,
    args: {
      [f.cmdKey]:
        p.lang === 'python'
          ? `pytest ${testFile(p, i)}`
          : p.lang === 'go'
            ? 'go test ./...'
            : `npx jest ${testFile(p, i)}`,
    },
    out: { output: passingRun(c, rng.int(0, 60)), status: 'ok', exitCode: 0 },
  };
}

/** The hard suite: as suite.ts, seeds and sizes alike, transcripts from this generator. */
export function hardSuite(count: number, seed: number, quick: boolean): Transcript[] {
  const shapes = ['autonomous', 'interactive', 'mixed'] as const;
  const [lo, hi] = quick ? [100, 400] : [100, 2000];
  return Array.from({ length: count }, (_, i) => {
    const size = Math.round(lo * (hi / lo) ** (count === 1 ? 1 : i / (count - 1)));
    return generateHardTranscript({ seed: seed + i, messages: size, shape: shapes[i % shapes.length] });
  });
}
