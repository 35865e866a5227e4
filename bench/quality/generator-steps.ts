/**
 * One step of a generated session: the assistant's message (a planted decision, plan or
 * constraint, filler talk, or nothing) with one to four parallel tool calls, then their
 * results. Planted edits and failing commands take a call each; filler calls read, search,
 * list, run passing commands and look at git.
 */
import type { ChatMessage, ChatToolCall } from '../../src/context/types';
import { goTest, jest, pytest, type FailureMaker } from './failures';
import { cargo, maven, tsc } from './failures-build';
import { javaTrace, nodeTrace, npmError, pythonTrace, shellExit } from './failures-runtime';
import { chatter, editResult, gitOutput, grepOutput, listing, passingRun, sourceCode } from './filler';
import * as say from './phrasing';
import type { Rng } from './rng';
import type { FactKind, ScriptedOutput } from './types';
import { genericIdent, genericPath, type Lang, type Names } from './vocab';

/** How often a session has each shape (both generators draw it the same way). */
export const SHAPES = [
  ['autonomous', 0.45],
  ['interactive', 0.3],
  ['mixed', 0.25],
] as const;

/** How many tool calls an assistant step makes, at least (both generators). */
export const CALLS_PER_STEP = [
  [1, 0.55],
  [2, 0.25],
  [3, 0.12],
  [4, 0.08],
] as const;

/** Every failure maker: polyglot repositories draw a few of these besides their own language's. */
export const ALL_MAKERS: FailureMaker[] = [
  pytest,
  jest,
  cargo,
  goTest,
  tsc,
  maven,
  pythonTrace,
  javaTrace,
  nodeTrace,
  npmError,
  shellExit,
];

/** Which failure makers suit a code base in `lang`. */
export function makersFor(lang: Lang): FailureMaker[] {
  const map: Record<Lang, FailureMaker[]> = {
    python: [pytest, pythonTrace],
    typescript: [jest, tsc],
    rust: [cargo],
    go: [goTest],
    java: [maven, javaTrace],
  };
  return map[lang];
}

/** Tool names and argument keys differ between agents; each transcript picks one flavour. */
export interface Flavor {
  read: string;
  edit: 'edit_file' | 'str_replace_editor' | 'apply_patch' | 'write_file';
  run: string;
  search: string;
  list: string;
  pathKey: string;
  cmdKey: string;
}

/** A fact about to be planted. */
export type FactSeed = { kind: FactKind; needle: string; style: string };

/** Records a planted fact at a message index. */
export type Plant = (fact: FactSeed | undefined, at: number) => void;

export function callId(rng: Rng): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `call_${Array.from({ length: 24 }, () => rng.pick(chars.split(''))).join('')}`;
}

export function emitStep(
  rng: Rng,
  names: Names,
  lang: Lang,
  makers: FailureMaker[],
  f: Flavor,
  kinds: FactKind[],
  messages: ChatMessage[],
  outputs: Map<string, ScriptedOutput>,
  plant: Plant,
): void {
  const index = messages.length;
  const texts: string[] = [];
  const calls: { name: string; args: Record<string, unknown>; out: ScriptedOutput; fact?: FactSeed }[] = [];
  for (const kind of kinds) {
    if (kind === 'decision' || kind === 'pending' || kind === 'constraint') {
      const p =
        kind === 'decision'
          ? say.decision(rng, names)
          : kind === 'pending'
            ? say.pending(rng, names)
            : say.constraint(rng, names, 'assistant');
      texts.push(p.text);
      plant({ kind, needle: p.needle, style: p.style }, index);
    } else if (kind === 'file') {
      const path = names.path(lang);
      const code = sourceCode(rng, lang, rng.int(3, 12));
      const args: Record<string, unknown> =
        f.edit === 'apply_patch'
          ? {
              patch: `*** Begin Patch\n*** Update File: ${path}\n@@\n${code
                .split('\n')
                .map((l) => `+${l}`)
                .join('\n')}\n*** End Patch`,
            }
          : f.edit === 'write_file'
            ? { [f.pathKey]: path, content: code }
            : { [f.pathKey]: path, old_str: genericIdent(rng, 'camel'), new_str: code };
      calls.push({
        name: f.edit,
        args,
        out: { output: editResult(rng, path), status: 'ok' },
        fact: { kind, needle: path, style: `file/${f.edit}` },
      });
    } else {
      const bulk = rng.chance(0.15) ? rng.int(150, 700) : rng.int(0, 40);
      const fail = rng.pick(makers)(rng, names, bulk);
      calls.push({
        name: f.run,
        args: { [f.cmdKey]: fail.command },
        out: { output: fail.output, status: 'error', exitCode: fail.exitCode },
        fact: { kind, needle: fail.needle, style: `error/${fail.style}` },
      });
    }
  }
  const k = Math.max(calls.length, rng.weighted(CALLS_PER_STEP));
  while (calls.length < k) calls.splice(rng.int(0, calls.length), 0, fillerCall(rng, lang, f));
  if (!texts.length && rng.chance(0.45)) texts.push(chatter(rng));
  else if (texts.length && rng.chance(0.3)) texts.unshift(chatter(rng));
  const toolCalls: ChatToolCall[] = calls.map((c) => ({
    id: callId(rng),
    type: 'function',
    function: { name: c.name, arguments: JSON.stringify(c.args) },
  }));
  messages.push({ role: 'assistant', content: texts.length ? texts.join('\n\n') : null, tool_calls: toolCalls });
  calls.forEach((c, i) => {
    const id = (toolCalls[i] as ChatToolCall).id;
    outputs.set(id, c.out);
    if (c.fact) plant(c.fact, c.fact.kind === 'file' ? index : messages.length);
    messages.push({ role: 'tool', tool_call_id: id, content: c.out.output });
  });
}

function fillerCall(
  rng: Rng,
  lang: Lang,
  f: Flavor,
): { name: string; args: Record<string, unknown>; out: ScriptedOutput } {
  const kind = rng.weighted([
    ['read', 0.5],
    ['search', 0.15],
    ['list', 0.1],
    ['run', 0.15],
    ['git', 0.1],
  ] as const);
  if (kind === 'read') {
    const lines = rng.chance(0.1) ? rng.int(300, 900) : rng.int(15, 250);
    return {
      name: f.read,
      args: { [f.pathKey]: genericPath(rng, lang) },
      out: { output: sourceCode(rng, lang, lines), status: 'ok' },
    };
  }
  if (kind === 'search') {
    const pattern = genericIdent(rng, 'camel');
    return {
      name: f.search,
      args: { pattern },
      out: { output: grepOutput(rng, lang, rng.int(0, 60), pattern), status: 'ok' },
    };
  }
  if (kind === 'list')
    return {
      name: f.list,
      args: { [f.pathKey]: rng.pick(['.', 'src', 'tests', 'internal']) },
      out: { output: listing(rng, lang, rng.int(3, 40)), status: 'ok' },
    };
  if (kind === 'git')
    return {
      name: f.run,
      args: { [f.cmdKey]: rng.pick(['git status', 'git diff --stat']) },
      out: { output: gitOutput(rng, lang), status: 'ok' },
    };
  const run = passingRun(rng, lang, rng.int(0, 60));
  return { name: f.run, args: { [f.cmdKey]: run.command }, out: { output: run.output, status: 'ok', exitCode: 0 } };
}
