/**
 * Fitting the extractive summary's items under its token cap without re-tokenizing the
 * whole text after each dropped item (which made one compaction of 2,000 messages take
 * seconds): items are chosen by score against estimated sizes, the chosen text is counted
 * exactly, and the estimate is corrected from that count — a few exact counts of text no
 * larger than the cap, whatever the input size.
 */
import type { TokenCounter } from '../tokenizer';

/** An item that competes for room in the summary. */
export interface Scored {
  text: string;
  score: number;
}

/** Characters per token assumed before the first exact count (prose and code average about 4). */
const CHARS_PER_TOKEN = 3.5;
/** Tokens of the bullet and line break around an item. */
const ITEM_FRAMING_TOKENS = 2;
/** Rounds of correcting the estimate with an exact count. */
const MAX_ROUNDS = 6;
/** A fit using this share of the cap is close enough: no further round to add items. */
const GOOD_ENOUGH = 0.9;

/** The chosen text and its exact token count. */
export interface Fitted {
  text: string;
  tokens: number;
}

/** A fit of items: the text, its count, and which of the items it holds (by index). */
export interface FittedItems extends Fitted {
  kept: Uint8Array;
}

/**
 * Chooses the highest-scoring `items` whose rendering fits `maxTokens`, rendered by `render`
 * (which gets them in their original order). Never exceeds the cap: if no item fits, the
 * rendering of none is cut to the cap. The renderings of successive rounds share most lines:
 * each line is counted once, its count kept in `memo` ({@link TokenCounter.countLines}).
 */
export function fitItems<T extends Scored>(
  items: readonly T[],
  render: (kept: T[]) => string,
  counter: TokenCounter,
  maxTokens: number,
  memo = new Map<string, number>(),
): FittedItems {
  // typed arrays: one shape whatever the values, so the loops below are compiled once
  const n = items.length;
  const scores = new Float64Array(n);
  const estimate = new Float64Array(n);
  const order: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const item = items[i] as T;
    scores[i] = item.score;
    estimate[i] = Math.ceil(item.text.length / CHARS_PER_TOKEN) + ITEM_FRAMING_TOKENS;
    order.push(i);
  }
  // (a sign, not the difference: a comparator returning fractions allocates one number per comparison)
  order.sort((a, b) => {
    const x = scores[a] as number;
    const y = scores[b] as number;
    return x > y ? -1 : x < y ? 1 : b - a;
  });
  const kept = new Uint8Array(n);
  const baseTokens = counter.countLines(render([]), memo);
  let ratio = 1; // actual tokens per estimated token, learnt from each exact count
  let best: FittedItems | undefined;
  let room = maxTokens - baseTokens;
  for (let round = 0; round < MAX_ROUNDS && room > 0; round += 1) {
    // add by score what the (corrected) estimate says fits
    for (let k = 0; k < order.length; k += 1) {
      const i = order[k] as number;
      if (kept[i]) continue;
      const cost = (estimate[i] as number) * ratio;
      if (cost <= room) {
        kept[i] = 1;
        room -= cost;
      }
    }
    let text = renderKept(items, kept, render);
    let tokens = counter.countLines(text, memo);
    // drop the lowest-scoring until the exact count holds
    for (let k = order.length - 1; tokens > maxTokens && k >= 0;) {
      let excess = (tokens - maxTokens) / ratio;
      for (; excess > 0 && k >= 0; k -= 1) {
        const i = order[k] as number;
        if (!kept[i]) continue;
        kept[i] = 0;
        excess -= estimate[i] as number;
      }
      text = renderKept(items, kept, render);
      tokens = counter.countLines(text, memo);
    }
    if (tokens <= maxTokens && (!best || tokens > best.tokens)) best = { text, tokens, kept: kept.slice() };
    let estimated = 0;
    let all = true;
    for (let i = 0; i < n; i += 1) {
      if (kept[i]) estimated += estimate[i] as number;
      else all = false;
    }
    if (estimated > 0) ratio = Math.max(0.25, (tokens - baseTokens) / estimated);
    room = (maxTokens - tokens) / 1.02;
    if (tokens >= maxTokens * GOOD_ENOUGH || all) break;
  }
  return best ?? { ...clipToTokens(render([]), counter, maxTokens), kept: new Uint8Array(n) };
}

function renderKept<T>(items: readonly T[], kept: Uint8Array, render: (kept: T[]) => string): string {
  return render(items.filter((_, i) => kept[i]));
}

/** `text` cut to at most `maxTokens` tokens. */
export function clipToTokens(text: string, counter: TokenCounter, maxTokens: number): Fitted {
  const ids = counter.encode(text);
  if (ids.length <= maxTokens) return { text, tokens: ids.length };
  let cut = counter.decode(ids.slice(0, Math.max(0, maxTokens)));
  let tokens = counter.countText(cut);
  while (cut && tokens > maxTokens) {
    cut = cut.slice(0, -1);
    tokens = counter.countText(cut);
  }
  return { text: cut, tokens };
}
