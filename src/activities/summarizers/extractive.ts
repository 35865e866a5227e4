/**
 * The extractive summarizer: deterministic, local, no network — the embedded default and
 * the fallback when an llm summary is rejected. It keeps what the agent needs to continue:
 * the user's requests and requirements, the statements of constraint, decision, plan and
 * next step (./statements.ts), the files written and read (most recent first), commands with
 * their outcomes, and the lines that show failures (src/context/evidence.ts). An earlier
 * summary is merged item by item, never nested.
 *
 * Under the cap, items compete by score: their section's weight, their salience — how rare
 * their terms are in this session (./salience.ts): an item naming an identifier, a path, a
 * value or a word said once outranks boilerplate said many times — and their recency (the
 * newest step still owed ranks first), items matching the `focus` first. An error's excerpt
 * keeps its first failure line and then its most specific ones. Its work is bounded by the
 * cap, not by the input (./collect.ts), and the text is counted exactly only a few times
 * (./fit.ts).
 */
import { STATE_BLOCK_HEADER } from '../../context/constants';
import { namesFailingTest, sameTest } from '../../context/evidence';
import type { ChatMessage } from '../../context/types';
import { clip } from '../messages';
import type { TokenCounter } from '../tokenizer';
import {
  CHARS_PER_TOKEN,
  collect,
  ERROR_MAX_CHARS,
  oneLine,
  VALUE_NAMED_BOOST,
  verbatimLine,
  type Item,
} from './collect';
import { fitItems, type Fitted } from './fit';
import { SECTIONS, type Section } from './previous';
import { Rarity, type Terms } from './salience';
import { harnessOpenings } from './text-calls';

/** The terms of a text that has none. */
const NO_TERMS: Terms = { from: 0, to: 0 };
/** How much each section matters when the cap forces a choice. */
const WEIGHT: Record<Section, number> = {
  requests: 3,
  constraints: 3,
  decisions: 2.5,
  plans: 2.5,
  notes: 1.5,
  edits: 2.5,
  files: 1,
  commands: 0.8,
  values: 0.8,
  errors: 2.5,
  earlier: 1.5,
};
/** How fast older items of a section lose to newer ones (factor 1 / (1 + DECAY × rank from newest)). */
const DECAY = 0.01;
/** Score factor of the newest item of a section (the step the agent still owes, the latest decision). */
const NEWEST_BOOST = 1.5;
/** Score factor of an item with no specific term at all (salience 0); salience 1 gives 1 + this. */
const BASE_SALIENCE = 0.1;
/** Characters at which an item's length halves its score (a long item must carry more to earn its room). */
const LENGTH_HALVING = 600;
/**
 * Sections whose items of one shape (differing in a path or number) lose to rarer ones: statements,
 * and errors (a linter run twenty times, `exit 2 | took 103ms, warnings: 1`, is one failure told
 * twenty times; the newest keeps its rank).
 */
const SHAPED = new Set<Section>(['decisions', 'plans', 'notes', 'requests', 'errors']);
/** Requests of one shape that keep their score before the rest decays (a harness's notices: `I committed … hash …`). */
const REQUEST_SHAPE_FREE = 3;
/** Longest item given a shape (narration is short; long items hardly repeat by shape). */
const SHAPE_MAX_CHARS = 200;
/** Factor 1 / (1 + this × n) on the n-th older item of a shape seen before (the newest first). */
const SHAPE_DECAY = 0.25;
/** Score factor of items that match the focus. */
const FOCUS_BOOST = 4;
/**
 * A section stops collecting once its items would fill this multiple of the cap: its older
 * items rank below those, so they could only fill the odd gap a larger one left.
 */
const SECTION_FILL = 1.5;
/** Most harness headings a summary carries on (a session runs one harness or a few). */
const MAX_OPENINGS = 8;
/** Longest excerpt of a listing's values (./values.ts). */
const VALUE_MAX_CHARS = 320;
const TITLES: Record<Section, string> = {
  requests: 'User requests',
  constraints: 'Constraints and requirements',
  decisions: 'Decisions and progress',
  plans: 'Plans and next steps',
  notes: 'Other notes',
  edits: 'Files written (most recent first)',
  files: 'Files read or found (most recent first)',
  commands: 'Commands and results',
  values: 'Values seen in outputs',
  errors: 'Errors',
  earlier: 'Earlier summary',
};

/** Options of {@link extractiveSummary}. */
export interface ExtractiveOptions {
  /** Prefer what matches this text (a manual compaction's focus). */
  focus?: string;
  /** The state block the summary will carry: what it already says is not repeated. */
  stateBlock?: string;
  /**
   * Token counts of lines counted before in the same activity ({@link TokenCounter.countLines}),
   * added to as the text is counted: the stored summary message repeats the text and the state block.
   */
  memo?: Map<string, number>;
  /** Full outputs of archived results by reference (`sha256:…`), for the values of listings (./values.ts). */
  fullOutputs?: ReadonlyMap<string, string>;
  /** The items the previous summary held back ({@link Extracted.reserve}): they compete again. */
  reserve?: string;
  /** Estimated tokens of items to hold back beyond the cap ({@link Extracted.reserve}); none by default. */
  reserveTokens?: number;
  /** The reply that ended the range before this one, when it was text alone (./awaiting.ts). */
  awaiting?: string;
  /** The first lines that opened a harness's results in the ranges before ({@link Extracted.openings}). */
  openings?: readonly string[];
}

/** The summary, and what it held back. */
export interface Extracted extends Fitted {
  /**
   * The best-ranked items that did not fit, rendered as a summary (about `reserveTokens`), or
   * undefined when none were asked for or none were left. Never shown to the model: the next
   * rolling summary reads it with the previous summary, so an item squeezed out by a small cap
   * (a large pinned step, a burst of output) comes back once there is room, instead of being
   * lost with the summary it was dropped from.
   */
  reserve?: string;
  /**
   * The first lines that open a harness's results (./text-calls.ts `harnessOpenings`): this
   * range's and those of the ranges before ({@link ExtractiveOptions.openings}). Never shown to the
   * model: the next rolling summary reads them, so that a range of one step knows its one result
   * for an output, where alone it would be read as the user's request.
   */
  openings: string[];
}

/** Summarizes `messages` (and the previous summary) into at most `maxTokens` tokens; returns the text and its exact count. */
export function extractiveSummary(
  messages: readonly ChatMessage[],
  previousSummary: string | undefined,
  counter: TokenCounter,
  maxTokens: number,
  options: ExtractiveOptions = {},
): Extracted {
  const focus = focusTerms(options.focus);
  const full = options.fullOutputs;
  const shown = shownIn(options.stateBlock ?? '');
  const reserveTokens = Math.max(0, options.reserveTokens ?? 0);
  const goal = goalOf(options.stateBlock) ?? goalOf(previousSummary);
  const openings = harnessOpenings(messages, previousSummary, options.openings);
  const kept = collect(messages, previousSummary, {
    openings,
    skip: stateBlockFacts(options.stateBlock ?? '', shown),
    ...(goal !== undefined ? { goal } : {}),
    ...(full ? { fullOutput: (ref: string) => full.get(ref) } : {}),
    ...(options.reserve ? { reserve: options.reserve } : {}),
    ...(options.awaiting !== undefined ? { awaiting: options.awaiting } : {}),
    // with a focus, an old matching item may outrank newer ones: every message is read
    ...(focus.length ? {} : { sectionTokens: (maxTokens + reserveTokens) * SECTION_FILL }),
  });
  // each text's terms are found once: for the frequencies, then for the salience (by index in `kept`)
  const rarity = new Rarity();
  const terms: Terms[] = [];
  const errors: number[] = [];
  const lineTerms: Terms[][] = [];
  // failure lines recur across outputs (every run of a failing test prints them): each read once
  const termsOfLine = new Map<string, Terms>();
  for (let k = 0; k < kept.length; k += 1) {
    const item = kept[k] as Item;
    if (item.lines) {
      // (arrays built by push rather than map: see errorExcerpt)
      const each: Terms[] = [];
      for (let l = 0; l < item.lines.length; l += 1) {
        const line = item.lines[l] as string;
        let t = termsOfLine.get(line);
        if (!t) termsOfLine.set(line, (t = rarity.termsOf(line)));
        each.push(t);
      }
      for (let l = 0; l < each.length; l += 1) rarity.add(each[l] as Terms, item.count);
      errors.push(k); // (an error's, or a listing's values)
      lineTerms.push(each);
      terms.push(NO_TERMS); // the excerpt's, once it is chosen
    } else {
      const t = rarity.termsOf(item.text);
      rarity.add(t, item.count);
      terms.push(t);
    }
  }
  // and each is asked once whether it names a failing test
  const namesTest = new Map<string, boolean>();
  for (let e = 0; e < errors.length; e += 1) {
    const k = errors[e] as number;
    const item = kept[k] as Item;
    item.text =
      item.section === 'errors'
        ? errorExcerpt(item, lineTerms[e] as Terms[], rarity, namesTest)
        : valueExcerpt(item, lineTerms[e] as Terms[], rarity);
    terms[k] = rarity.termsOf(item.text);
  }
  score(kept, focus, rarity, terms);
  const rest = options.stateBlock ? withoutShown(kept, errors, shown) : kept;
  // (a listing none of whose lines is specific has no excerpt: no item)
  const chosen = rest.some((i) => !i.text) ? rest.filter((i) => i.text) : rest;
  const title = `(extractive summary of ${messages.length} messages${options.focus ? `; focus: ${clip(oneLine(options.focus), 120)}` : ''})`;
  const fitted = fitItems(chosen, (items) => render(title, items), counter, maxTokens, options.memo);
  const reserve = reserveTokens > 0 ? heldBack(chosen, fitted.kept, reserveTokens) : undefined;
  return {
    text: fitted.text,
    tokens: fitted.tokens,
    ...(reserve ? { reserve } : {}),
    openings: [...openings].slice(0, MAX_OPENINGS),
  };
}

/**
 * The items a fit left out, best first up to about `tokens` (estimated: the text is never
 * sent), rendered as a summary; undefined when none is left.
 */
function heldBack(items: readonly Item[], kept: Uint8Array, tokens: number): string | undefined {
  const left: Item[] = [];
  for (let i = 0; i < items.length; i += 1) if (!kept[i]) left.push(items[i] as Item);
  if (!left.length) return undefined;
  left.sort((a, b) => (a.score > b.score ? -1 : a.score < b.score ? 1 : b.at - a.at));
  // (estimated: never counted, it is not sent)
  let room = tokens * CHARS_PER_TOKEN;
  const held = new Set<Item>();
  for (let k = 0; k < left.length && room > 0; k += 1) {
    const item = left[k] as Item;
    if (item.text.length > room) continue;
    held.add(item);
    room -= item.text.length + 3;
  }
  if (!held.size) return undefined;
  // (rendered in their collected order, as the summary is)
  return render(
    `(held back: ${held.size} items)`,
    items.filter((i) => held.has(i)),
  );
}

/** The goal a state block states (its `Goal:` line), or undefined when it has none. */
function goalOf(text: string | undefined): string | undefined {
  const at = text?.lastIndexOf(`${STATE_BLOCK_HEADER}\nGoal: `) ?? -1;
  if (text === undefined || at < 0) return undefined;
  const from = at + STATE_BLOCK_HEADER.length + 7;
  const eol = text.indexOf('\n', from);
  const goal = text.slice(from, eol < 0 ? text.length : eol).trim();
  return goal && goal !== '(none yet)' ? goal : undefined;
}

/**
 * Whether an item repeats the state block: a file read that it lists, an error all of whose
 * failure lines it shows. Files written are kept even so (the state block shows only the newest
 * ones, so what it shows now it will not show a few steps later); errors are read back from this
 * summary's state block when the next summary merges it (./previous.ts).
 */
function stateBlockFacts(
  stateBlock: string,
  shown: (line: string) => boolean,
): (section: Section, text: string, lines?: readonly string[]) => boolean {
  if (!stateBlock) return () => false;
  const files = new Set(/^Files touched: (.*?)(?:; \d+ earlier not shown)?$/m.exec(stateBlock)?.[1]?.split(', ') ?? []);
  return (section, text, lines) =>
    section === 'files' ? files.has(text) : section === 'errors' && lines !== undefined && allShown(lines, shown);
}

/**
 * Whether the state block shows a line (a line cut with `…` by its part before it), each line
 * searched for once per summary: the failure lines of every run of a failing test are asked
 * about again, and each search reads the whole state block.
 */
function shownIn(stateBlock: string): (line: string) => boolean {
  const known = new Map<string, boolean>();
  return (l) => {
    let shown = known.get(l);
    if (shown === undefined) {
      shown = l.length > 0 && stateBlock.includes(l.endsWith('…') ? l.slice(0, -1) : l);
      known.set(l, shown);
    }
    return shown;
  };
}

/** Whether the state block shows every one of `lines` (at least one), by {@link shownIn}. */
function allShown(lines: readonly string[], shown: (line: string) => boolean): boolean {
  for (let k = 0; k < lines.length; k += 1) if (!shown(lines[k] as string)) return false;
  return lines.length > 0;
}

/**
 * The items without the errors whose every failure line the state block shows: it ends the
 * summary anyway, and a later summary reads its errors back (./previous.ts) when merging this one.
 */
function withoutShown(items: Item[], errors: readonly number[], shownLine: (line: string) => boolean): Item[] {
  const shown = new Set<number>();
  for (let e = 0; e < errors.length; e += 1) {
    const k = errors[e] as number;
    const item = items[k] as Item;
    if (item.section === 'errors' && allShown(item.text.slice((item.head ?? '').length).split(' | '), shownLine))
      shown.add(k);
  }
  return shown.size ? items.filter((_, k) => !shown.has(k)) : items;
}

/**
 * An error's excerpt within {@link ERROR_MAX_CHARS}: the lines that name a failing test (the
 * failure's identity, whatever words the test's name is made of; one line per test), its
 * first failure line (the cause, as the tool printed it), then its most specific lines,
 * shown in their order. `namesTest` remembers {@link namesFailingTest} of each line across the
 * excerpts of one summary.
 */
function errorExcerpt(item: Item, terms: Terms[], rarity: Rarity, namesTest: Map<string, boolean>): string {
  const lines = item.lines ?? [];
  const head = item.head ?? '';
  // by push rather than map: an optimized map makes an array of another hidden class than the
  // unoptimized one, and the code reading it was thrown away on meeting it (a recompilation)
  const test: boolean[] = [];
  for (let l = 0; l < lines.length; l += 1) {
    const line = lines[l] as string;
    let named = namesTest.get(line);
    if (named === undefined) namesTest.set(line, (named = namesFailingTest(line)));
    test.push(named);
  }
  // a line naming a failing test first, then the first line, then the most salient
  const rank = new Int8Array(terms.length);
  const salience = new Float64Array(terms.length);
  const order: number[] = [];
  // (a failure seen again and again, the same lines each time, counts its own repetitions once: they
  // are no other failures printing the line — Buildroot's `x.tar.gz has wrong sha256 hash:` on every retry)
  const common = 1 + Math.max(1, item.count);
  for (let i = 0; i < terms.length; i += 1) {
    // a line that names nothing said in fewer than three places is one every such failure prints
    if (!test[i] && i > 0 && rarity.rarestCount(terms[i] as Terms) > common) continue;
    rank[i] = test[i] ? 2 : i === 0 ? 1 : 0;
    salience[i] = rarity.salience(terms[i] as Terms);
    order.push(i);
  }
  // (signs, not differences of fractions: a comparator returning fractions allocates one number per comparison)
  order.sort((a, b) => {
    const r = (rank[b] as number) - (rank[a] as number);
    if (r !== 0) return r;
    const x = salience[a] as number;
    const y = salience[b] as number;
    return x > y ? -1 : x < y ? 1 : a - b;
  });
  const chosen: number[] = [];
  let used = head.length;
  for (let k = 0; k < order.length; k += 1) {
    const i = order[k] as number;
    const line = lines[i] as string;
    if (test[i] && chosen.some((j) => test[j] && sameTest(lines[j] as string, line))) continue;
    const size = line.length + 3;
    if (used + size > ERROR_MAX_CHARS && chosen.length) continue;
    chosen.push(i);
    used += size;
  }
  chosen.sort((a, b) => a - b);
  let text = head;
  for (let c = 0; c < chosen.length; c += 1) text += `${c ? ' | ' : ''}${lines[chosen[c] as number] as string}`;
  return verbatimLine(text, ERROR_MAX_CHARS);
}

/**
 * A listing's excerpt within {@link VALUE_MAX_CHARS}: its most specific lines (those naming
 * something said in at most two places; every other line of an environment or a table is one
 * any such listing shows), in their order.
 */
function valueExcerpt(item: Item, terms: Terms[], rarity: Rarity): string {
  const lines = item.lines ?? [];
  const order: number[] = [];
  const salience = new Float64Array(terms.length);
  // (the lines the agent named later are kept however common their terms: ./collect.ts VALUE_NAMED_BOOST)
  const named = item.boost >= VALUE_NAMED_BOOST;
  for (let i = 0; i < terms.length; i += 1) {
    if (!named && rarity.rarestCount(terms[i] as Terms) > 2) continue;
    salience[i] = rarity.salience(terms[i] as Terms);
    order.push(i);
  }
  order.sort((a, b) => {
    const x = salience[a] as number;
    const y = salience[b] as number;
    return x > y ? -1 : x < y ? 1 : a - b;
  });
  const chosen: number[] = [];
  let used = (item.head ?? '').length;
  for (let k = 0; k < order.length; k += 1) {
    const i = order[k] as number;
    const size = (lines[i] as string).length + 3;
    if (used + size > VALUE_MAX_CHARS) continue;
    chosen.push(i);
    used += size;
  }
  if (!chosen.length) return ''; // nothing specific: no item
  chosen.sort((a, b) => a - b);
  let text = item.head ?? '';
  for (let c = 0; c < chosen.length; c += 1) text += `${c ? ' | ' : ''}${lines[chosen[c] as number] as string}`;
  return verbatimLine(text, VALUE_MAX_CHARS); // (a table's columns as printed: `run-7   judge-v3  0.76`)
}

/**
 * An item's score: its section's weight and boost, its salience, and a mild decay with its
 * rank from the newest in its section (the newest one boosted); items that match the focus
 * are ranked among themselves and weigh more, so they come before the rest.
 */
function score(items: Item[], focus: string[], rarity: Rarity, terms: readonly Terms[]): void {
  const rank = new Map<string, number>();
  // statements of one shape (`I'll check app/Foo.php.` with forty paths) share their rank
  const shapes = new Map<string, number>();
  for (let k = items.length - 1; k >= 0; k -= 1) {
    const item = items[k] as Item;
    const focused = focus.length > 0 && focus.some((t) => item.text.toLowerCase().includes(t));
    const key = `${item.section}${focused ? '+' : ''}`;
    const r = rank.get(key) ?? 0;
    rank.set(key, r + 1);
    const s = rarity.salience(terms[k] as Terms);
    const salience = BASE_SALIENCE + s * s;
    const recency = (r === 0 ? NEWEST_BOOST : 1) / (1 + DECAY * r);
    const length = 1 / (1 + item.text.length / LENGTH_HALVING);
    let repeated = 1;
    // (the session's goal, boosted, never decays)
    if (
      SHAPED.has(item.section) &&
      item.boost < 2 &&
      item.text.length <= SHAPE_MAX_CHARS &&
      /[\d/`'".]/.test(item.text)
    ) {
      const shape = `${key}${shapeOf(item.text)}`;
      const n = shapes.get(shape) ?? 0;
      shapes.set(shape, n + 1);
      repeated = 1 / (1 + SHAPE_DECAY * Math.max(0, item.section === 'requests' ? n - REQUEST_SHAPE_FREE : n));
    }
    item.score =
      WEIGHT[item.section] * item.boost * salience * recency * length * repeated * (focused ? FOCUS_BOOST : 1);
  }
}

/**
 * `text` with each word that differs between items of one shape (one with a digit, slash,
 * quote or backtick, or a dot inside: a path, a number, a name) replaced by `#`.
 */
function shapeOf(text: string): string {
  let out = '';
  let from = 0; // start of the current word
  let slot = false;
  for (let i = 0; i <= text.length; i += 1) {
    const c = i < text.length ? text.charCodeAt(i) : 0x20;
    if (c === 0x20) {
      if (i > from) out += slot ? '# ' : `${text.slice(from, i)} `;
      from = i + 1;
      slot = false;
    } else if (!slot)
      slot =
        (c >= 0x30 && c <= 0x39) ||
        c === 0x2f ||
        c === 0x60 ||
        c === 0x27 ||
        c === 0x22 ||
        (c === 0x2e && i > from && i + 1 < text.length && text.charCodeAt(i + 1) !== 0x20);
  }
  return out;
}

function render(title: string, chosen: Item[]): string {
  // each section's items in their order, in one pass (fitItems renders a few times a summary)
  const bySection = new Map<Section, Item[]>();
  for (let k = 0; k < chosen.length; k += 1) {
    const item = chosen[k] as Item;
    const list = bySection.get(item.section);
    if (list) list.push(item);
    else bySection.set(item.section, [item]);
  }
  const parts = [title];
  for (let k = 0; k < SECTIONS.length; k += 1) {
    const section = SECTIONS[k] as Section;
    const list = bySection.get(section);
    if (!list) continue;
    const fileList = section === 'files' || section === 'edits';
    const text = (i: Item) => (i.count > 1 && !fileList ? `${i.text} (×${i.count})` : i.text);
    const body = fileList
      ? list
          .sort((a, b) => b.at - a.at)
          .map(text)
          .join(', ')
      : list.map((i) => `- ${text(i)}`).join('\n');
    parts.push(`## ${TITLES[section]}\n${body}`);
  }
  return parts.join('\n\n');
}

/** Lower-case words of the focus text worth matching (3+ letters, not function words). */
function focusTerms(focus: string | undefined): string[] {
  if (!focus) return [];
  const stop = new Set(['the', 'and', 'for', 'with', 'that', 'this', 'from', 'about', 'what', 'into', 'keep', 'focus']);
  const words = focus.toLowerCase().match(/[\w./@-]{3,}/g) ?? [];
  return [...new Set(words.filter((w) => !stop.has(w)))];
}
