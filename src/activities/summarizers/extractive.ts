/**
 * The extractive summarizer: deterministic, local, no network — the embedded default and
 * the fallback when an llm summary is rejected. It keeps what the agent needs to continue:
 * the user's requests and requirements, the statements of constraint, decision, plan and
 * next step (./statements.ts), the files touched (most recent first), commands with their
 * outcomes, and the lines that show failures (src/context/evidence.ts). An earlier summary
 * is merged item by item, never nested. Under the cap, each section's newest items win
 * (then its older ones, interleaved with the other sections), items matching the `focus`
 * first. Its work is bounded by the cap, not by the input (./collect.ts), and the text is
 * counted exactly only a few times (./fit.ts).
 */
import type { ChatMessage } from '../../context/types';
import { clip } from '../messages';
import type { TokenCounter } from '../tokenizer';
import { collect, oneLine, type Item } from './collect';
import { fitItems, type Fitted } from './fit';
import { SECTIONS, type Section } from './previous';

/** How much each section matters when the cap forces a choice. */
const WEIGHT: Record<Section, number> = {
  requests: 3,
  constraints: 3,
  decisions: 2.5,
  plans: 2.5,
  files: 2,
  commands: 1.2,
  errors: 2.5,
  earlier: 1.5,
};
/** How fast older items of a section lose to newer ones (score = weight / (1 + DECAY × rank from newest)). */
const DECAY = 0.35;
/** Score factor of items that match the focus. */
const FOCUS_BOOST = 4;
/**
 * A section stops collecting once its items would fill this multiple of the cap: its older
 * items rank below those, so they could only fill the odd gap a larger one left.
 */
const SECTION_FILL = 1.5;
const TITLES: Record<Section, string> = {
  requests: 'User requests',
  constraints: 'Constraints and requirements',
  decisions: 'Decisions and progress',
  plans: 'Plans and next steps',
  files: 'Files (most recent first)',
  commands: 'Commands and results',
  errors: 'Errors',
  earlier: 'Earlier summary',
};

/** Options of {@link extractiveSummary}. */
export interface ExtractiveOptions {
  /** Prefer what matches this text (a manual compaction's focus). */
  focus?: string;
  /** The state block the summary will carry: what it already says is not repeated. */
  stateBlock?: string;
}

/** Summarizes `messages` (and the previous summary) into at most `maxTokens` tokens; returns the text and its exact count. */
export function extractiveSummary(
  messages: readonly ChatMessage[],
  previousSummary: string | undefined,
  counter: TokenCounter,
  maxTokens: number,
  options: ExtractiveOptions = {},
): Fitted {
  const focus = focusTerms(options.focus);
  const kept = collect(messages, previousSummary, {
    skip: stateBlockFacts(options.stateBlock ?? ''),
    // with a focus, an old matching item may outrank newer ones: every message is read
    ...(focus.length ? {} : { sectionTokens: maxTokens * SECTION_FILL }),
  });
  score(kept, focus);
  const title = `(extractive summary of ${messages.length} messages${options.focus ? `; focus: ${clip(oneLine(options.focus), 120)}` : ''})`;
  return fitItems(kept, (chosen) => render(title, chosen), counter, maxTokens);
}

/** Whether an item repeats the state block: a file it lists, or the first failure line of an error it shows. */
function stateBlockFacts(stateBlock: string): (section: Section, text: string) => boolean {
  if (!stateBlock) return () => false;
  const files = new Set(/^Files touched: (.*?)(?:; \d+ earlier not shown)?$/m.exec(stateBlock)?.[1]?.split(', ') ?? []);
  return (section, text) => {
    if (section === 'files') return files.has(text);
    if (section !== 'errors') return false;
    const first = text.slice(text.indexOf(': ') + 2).split(' | ')[0];
    return first !== undefined && first.length > 0 && stateBlock.includes(first);
  };
}

/**
 * Each section's newest item scores its full weight, older ones less, so the sections
 * interleave; items that match the focus are ranked among themselves and weigh more, so
 * they come before the rest.
 */
function score(items: Item[], focus: string[]): void {
  const rank = new Map<string, number>();
  for (let k = items.length - 1; k >= 0; k -= 1) {
    const item = items[k] as Item;
    const focused = focus.length > 0 && focus.some((t) => item.text.toLowerCase().includes(t));
    const key = `${item.section}${focused ? '+' : ''}`;
    const r = rank.get(key) ?? 0;
    rank.set(key, r + 1);
    item.score = ((WEIGHT[item.section] * item.boost) / (1 + DECAY * r)) * (focused ? FOCUS_BOOST : 1);
  }
}

function render(title: string, chosen: Item[]): string {
  const parts = [title];
  for (const section of SECTIONS) {
    const list = chosen.filter((i) => i.section === section);
    if (!list.length) continue;
    const text = (i: Item) => (i.count > 1 && section !== 'files' ? `${i.text} (×${i.count})` : i.text);
    const body =
      section === 'files'
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
