/**
 * What a far-family harness supplies to the generator: its protocol and call ids, its system
 * prompt, routine actions, and the actions that carry facts (a file write, a failing run, an
 * output holding a value, a rules file, the task itself), plus the words its users speak.
 */
import type { Act, Mint, Protocol } from './far-core';
import type { Rng } from './rng';

/** The harnesses of the far family. */
export const FAR_STYLES = [
  'miniswe',
  'citriage',
  'dataeng',
  'android',
  'localcpp',
  'legal',
  'sheets',
  'mailtriage',
  'laravel',
] as const;

/** One far harness. */
export type FarStyle = (typeof FAR_STYLES)[number];

/** The language the user writes in. */
export type Lang = 'en' | 'es' | 'de';

/** Randomness and the token mint, passed to every harness hook. */
export interface Ctx {
  rng: Rng;
  mint: Mint;
}

/** An action whose output holds a needle (a failure or a value). */
export interface Carrier {
  act: Act;
  needle: string;
}

/** Needle phrases of a harness, each built around a minted token. */
export interface Lexicon {
  goal: ((k: string) => string)[];
  constraint: ((k: string) => string)[];
  /** Constraints stated implicitly ("we're on X, so no Y"); the needle is the whole clause. */
  implicit: ((k: string) => string)[];
  decision: ((k: string) => string)[];
  /** A choice the agent proposes first and the user overrides (the override is the fact). */
  rejected: string[];
  pending: ((k: string) => string)[];
  file: ((k: string) => string)[];
}

/** The words of a harness's user. */
export interface Talk {
  /** The first request, built around the goal needle and the facts stated with it. */
  open: (goal: string, extras: string[]) => string;
  /** Short interactive turns that carry nothing. */
  chat: string[];
  /** "keep going" nudges in long autonomous sessions. */
  nudge: string[];
  /** What the probe asks when the transcript ends after an answer. */
  probe: string[];
}

/** A far harness. */
export interface FarHarness {
  style: FarStyle;
  protocol: Protocol;
  lang: Lang;
  /** Tool-call ids as the harness's provider spells them (native harnesses). */
  callId: (rng: Rng, n: number) => string;
  system: (rng: Rng) => string;
  /** Routine steps. */
  noise: ((c: Ctx) => Act)[];
  /** Writes `body` to `path` (how: an edit, a new file, a heredoc or a patch). */
  write: (c: Ctx, path: string, body: string, how: number) => Act;
  /** Reads `path`, whose content is `body`. */
  read: (c: Ctx, path: string, body: string) => Act;
  /** The rules file the harness or team keeps, and the code-file dialect of reads. */
  rulesPath: string;
  dialect: 'py' | 'kt' | 'php' | 'cpp' | 'sql' | 'text';
  /** Fetches the task (issue, job, e-mail, ticket) whose body is `body`. */
  task: (c: Ctx, body: string) => Act;
  /** A failing run naming the failure with token `k` in the middle of its output. */
  fail: (c: Ctx, k: string, variant: number) => Carrier;
  /** The same run passing. */
  pass: (c: Ctx) => Act;
  /** An output holding a value with token `k`. */
  value: (c: Ctx, k: string, variant: number) => Carrier;
  /** An action that uses the value `needle` in its arguments. */
  use: (c: Ctx, needle: string) => Act;
  /** Records `message` durably: a commit, a saved version, a ticket note. */
  commit: (c: Ctx, message: string) => Act;
  /** A todo tool call with these items, or undefined when the harness has none (a markdown list then). */
  todo?: (c: Ctx, items: { text: string; done: boolean }[]) => Act;
  lex: Lexicon;
  talk: Talk;
}
