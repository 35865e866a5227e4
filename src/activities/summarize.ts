/**
 * The `summarize` activity: runs the chosen summarizer over a range of stored messages and
 * stores the result as the summary message the view will show — `[Previous conversation
 * summary]`, the summary body, then the engine's state block verbatim. Acceptance is the
 * engine's call (validateSummary); this activity reports the figures it needs.
 */
import { DurableContextError, FailureType } from '../context/errors';
import type { ChatMessage, ContentRef } from '../context/types';
import { SUMMARY_FRAME_TOKENS } from '../context/regions';
import { cutReference } from '../context/truncate';
import { getJson, getText, type ContentStore } from '../store/content-store';
import { throwIfCancelled } from './activity-context';
import { loadMessages, previewOf, storeMessage } from './messages';
import type { ModelRuntime } from './model-client';
import { toActivityFailure } from './provider-errors';
import { CHARS_PER_TOKEN, DIGEST_REF } from './summarizers/collect';
import { awaitingReply, composeReserve, splitReserve } from './summarizers/awaiting';
import { extractiveSummary } from './summarizers/extractive';
import { llmSummary } from './summarizers/llm';
import { SUMMARY_PREFIX, summaryBody } from './summarizers/transcript';
import type { ModelUsage, SummarizeInput, SummarizeResult } from './types';

/**
 * Largest archived output read back for the values it showed: a listing (an environment, a
 * config, a table) is small; a larger output is a log or a file, whose digest says enough.
 */
const LISTING_MAX_BYTES = 16 * 1024;
/** Archived outputs read back for one summary at most, the newest first (the summarizer reads newest first too). */
const LISTING_MAX_READS = 200;
/** A digest's header (src/context/digest.ts) of a result that did not fail, with its size. */
const OK_DIGEST = /^\[Archived tool result\] .* → ok(?: \(exit 0\))?, \d+ lines?, ([\d.]+) (B|KB|MB|GB)$/;
const UNIT: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/**
 * The full outputs of the small archived results among `messages` that did not fail, and of the
 * small outputs the view shows cut to their head and tail (a tool's, or one a harness sent as a
 * user message), by reference: a digest keeps an output's first and last lines, a cut output
 * loses its middle, and the extractive summarizer reads a listing's values and files from the
 * whole of it (./summarizers/values.ts). An output the store no longer holds is left out.
 */
export async function archivedListings(
  store: ContentStore,
  messages: readonly ChatMessage[],
): Promise<Map<string, string>> {
  const refs: string[] = [];
  for (let i = messages.length - 1; i >= 0 && refs.length < LISTING_MAX_READS; i -= 1) {
    const m = messages[i] as ChatMessage;
    const content = m.role === 'tool' || m.role === 'user' ? (m.content ?? '') : '';
    const cut = cutReference(content);
    if (cut) {
      if (cut.bytes <= LISTING_MAX_BYTES) refs.push(cut.ref);
      continue;
    }
    if (m.role !== 'tool' || !content.startsWith('[Archived tool result]') || content.includes('\nfailure lines:\n'))
      continue;
    const eol = content.indexOf('\n');
    const size = OK_DIGEST.exec(eol < 0 ? content : content.slice(0, eol));
    const ref = DIGEST_REF.exec(content)?.[1];
    if (!size || !ref || Number(size[1]) * (UNIT[size[2] as string] ?? Infinity) > LISTING_MAX_BYTES) continue;
    refs.push(ref);
  }
  const out = new Map<string, string>();
  await Promise.all(
    refs.map(async (ref) => {
      // (collected or never stored: the digest is all there is)
      const text = await optionalText(store, ref as ContentRef);
      if (text !== undefined) out.set(ref, text);
    }),
  );
  return out;
}

/** Most tokens held back (estimated), whatever the previous summaries held. */
const RESERVE_MAX_TOKENS = 16_000;

/**
 * Tokens the extractive summarizer holds back beyond a cap of `textCap` (./summarizers/extractive.ts
 * `reserve`): what the previous summary and its reserve held (`previousChars`) beyond that cap. A
 * summary never knows less than the one it rolls up, it only shows less: squeezed by a large
 * pinned step, it keeps what it cannot show, and shows it again once there is room. Holding back
 * more than that, in every summary, kept fewer facts of real sessions (bench/RESULTS.md).
 */
export function reserveTokens(textCap: number, previousChars: number): number {
  return Math.min(RESERVE_MAX_TOKENS, Math.max(0, Math.ceil(previousChars / CHARS_PER_TOKEN) - textCap));
}

/** The text under `ref`, or undefined when the store no longer holds it (a listing's or a reserve: conveniences, never required). */
async function optionalText(store: ContentStore, ref: ContentRef | undefined): Promise<string | undefined> {
  if (!ref) return undefined;
  try {
    return await getText(store, ref);
  } catch {
    return undefined;
  }
}

/** Slack for the blank lines joining prefix, text and state block (BPE may merge them differently). */
const SEPARATOR_TOKENS = 4;

/** The summary message text: prefix, the summarizer's text, then the state block verbatim. */
export function composeSummary(text: string, stateBlock?: string): string {
  return [SUMMARY_PREFIX, text.trim(), stateBlock?.trim()].filter(Boolean).join('\n\n');
}

/**
 * The state block as the summary can carry it within `cap` tokens beside a little text
 * ({@link SUMMARY_FRAME_TOKENS}, what the engine leaves the text at the least). The engine sizes the
 * block by an estimate of its tokens (one per three UTF-8 bytes, src/context/regions.ts `summaryFloor`),
 * above the real count in most scripts but not in all: Lao text takes about one token per 1.7 bytes.
 * Where the real count leaves no room for that text, the block's sections go from the last (its goal
 * stays; cut last), instead of a summary over its cap that the engine rejects and a call refused.
 * Returns the block and the tokens the summary message takes without its text (`count`'s, of the block returned).
 */
export function fitStateBlock(
  block: string,
  cap: number,
  count: (stateBlock: string) => number,
): { block: string; tokens: number } {
  const most = cap - SEPARATOR_TOKENS - SUMMARY_FRAME_TOKENS;
  const whole = count(block);
  if (whole <= most) return { block, tokens: whole };
  const lines = block.split('\n');
  // (a section: a line that opens it, then its items, `- …` or indented)
  const starts: number[] = [];
  for (let k = 0; k < lines.length; k += 1) if (!/^(?:-\s|\s)/.test(lines[k] as string)) starts.push(k);
  // the header and the goal (its first two sections) stay
  for (let s = starts.length - 1; s >= 2; s -= 1) {
    const shorter = lines.slice(0, starts[s]).join('\n');
    const tokens = count(shorter);
    if (tokens <= most) return { block: shorter, tokens };
  }
  const head = lines.slice(0, starts[2] ?? lines.length).join('\n');
  // (the goal alone too long: cut, by characters, until it fits)
  let text = head;
  let tokens = count(text);
  while (text.length > 16 && tokens > most) {
    text = `${text.slice(0, Math.floor(text.length * 0.8))}…`;
    tokens = count(text);
  }
  return { block: text, tokens };
}

/** Dependencies of {@link summarize}. */
export interface SummarizeDeps {
  store: ContentStore;
  runtime: ModelRuntime;
  /** Cap on llm summarizer calls per summary (chunked input). */
  maxSummarizerCalls?: number;
}

/** The `summarize` activity (see {@link SummarizeInput}). */
export async function summarize(deps: SummarizeDeps, input: SummarizeInput): Promise<SummarizeResult> {
  try {
    if (!Number.isInteger(input.maxSummaryTokens) || input.maxSummaryTokens <= 0) {
      throw new DurableContextError(FailureType.InvalidInput, `maxSummaryTokens must be a positive integer`);
    }
    const counter = await deps.runtime.counter(input.model);
    const messages = await loadMessages(deps.store, input.messages);
    const previous = input.previousSummary ? await getJson<ChatMessage>(deps.store, input.previousSummary) : undefined;
    // the earlier summary's state block is superseded by the one this summary carries (the
    // engine keeps the facts incrementally): it is dropped, never nested
    const previousText = previous?.content ? summaryBody(previous.content) : undefined;
    throwIfCancelled();

    // the lines counted in this activity, each once: the stored message repeats the state block
    // counted for the overhead and the text the extractive summarizer counted
    const counted = new Map<string, number>();
    // the cap covers the whole message: what the prefix and the state block take, the text cannot
    const carried = fitStateBlock(input.stateBlock ?? '', input.maxSummaryTokens, (block) =>
      counter.countMessage({ role: 'user', content: composeSummary('', block) }, counted),
    );
    const stateBlock = carried.block || undefined;
    const overhead = carried.tokens;
    const textCap = Math.max(1, input.maxSummaryTokens - overhead - SEPARATOR_TOKENS);
    let body: string;
    let textTokens: number;
    let finishReason = 'stop';
    let calls = 0;
    let usage: ModelUsage | undefined;
    let summarizer: string;
    let reserve: ContentRef | undefined;
    // what the previous summary held back beyond its cap: read with it (the llm summarizer holds nothing back),
    // and the reply its range ended on, when that was text alone: this range may open on its output
    const { held, awaiting, openings } = splitReserve(
      previousText ? await optionalText(deps.store, input.previousReserve) : undefined,
    );
    if (input.summarizer.kind === 'llm') {
      const spec = await deps.runtime.spec(input.summarizer.model);
      const result = await llmSummary(messages, {
        runtime: deps.runtime,
        spec,
        counter: await deps.runtime.counter(spec.name),
        // a summary's cap grows with the session's window (CompactionPolicy.summaryGoalShare);
        // the summarizer model writes at most what it can write in one reply
        maxTokens: Math.min(textCap, spec.maxOutputTokens, Math.floor(spec.contextWindow / 4)),
        ...(previousText ? { previousSummary: held ? `${previousText}\n\n${held}` : previousText } : {}),
        ...(input.focus ? { focus: input.focus } : {}),
        ...(deps.maxSummarizerCalls ? { maxCalls: deps.maxSummarizerCalls } : {}),
      });
      ({ text: body, finishReason, calls, usage } = result);
      textTokens = counter.countText(body.trim());
      summarizer = `llm:${spec.name}`;
    } else {
      // the whole earlier summary: its items are merged, and the errors its state block showed
      // (./summarizers/previous.ts); the block itself is never nested
      const fullOutputs = await archivedListings(deps.store, messages);
      throwIfCancelled();
      const fitted = extractiveSummary(messages, previous?.content ?? undefined, counter, textCap, {
        ...(input.focus ? { focus: input.focus } : {}),
        ...(fullOutputs.size ? { fullOutputs } : {}),
        ...(stateBlock ? { stateBlock } : {}),
        ...(held ? { reserve: held } : {}),
        ...(awaiting !== undefined ? { awaiting } : {}),
        ...(openings ? { openings } : {}),
        reserveTokens: reserveTokens(textCap, (previousText?.length ?? 0) + (held?.length ?? 0)),
        memo: counted,
      });
      const kept = composeReserve(fitted.reserve, awaitingReply(messages), fitted.openings);
      if (kept !== undefined) reserve = await deps.store.put(kept);
      body = fitted.text;
      textTokens = body === body.trim() ? fitted.tokens : counter.countText(body.trim());
      summarizer = 'extractive';
    }

    const message: ChatMessage = { role: 'user', content: composeSummary(body, stateBlock) };
    const summary = await storeMessage(deps.store, counter, message, counted);
    const result: SummarizeResult = {
      summary,
      textTokens,
      preview: previewOf(message),
      finishReason,
      summarizer,
      calls,
    };
    if (usage) result.usage = usage;
    if (reserve) result.reserve = reserve;
    return result;
  } catch (err) {
    const model = input.summarizer.kind === 'llm' ? input.summarizer.model : input.model;
    throw toActivityFailure(err, { model, operation: 'summarize' });
  }
}
