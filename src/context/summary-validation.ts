/**
 * Summary validation: a summary replaces part of the view only if it is non-empty, was not
 * cut off, is smaller than what it replaces (unless it is withheld from the view as soon as it
 * is written), and is within its token cap. A rejected
 * summary changes nothing; the workflow falls back to the extractive summarizer.
 */
import type { SummarizePlan } from './plan';
import type { ContentRef, CountedContent } from './types';

/** A summary as the summarize activity returns it. */
export interface SummaryCandidate {
  /** The summary message as stored (state block + summarizer text), counted exactly. */
  content: CountedContent;
  /** Tokens of the summarizer's own text, without the state block (0 = empty summary). */
  textTokens: number;
  /** The model's finish_reason (`length` = truncated); absent for the extractive summarizer. */
  finishReason?: string | null;
  /** `extractive`, or `llm:<model>`. */
  summarizer: string;
  /** Short preview for status and debugging (≤ 200 chars). */
  preview?: string;
  /** What the summarizer held back beyond the cap ({@link LogItem.reserve}). */
  reserve?: ContentRef;
}

/** Why a summary was rejected. */
export type SummaryRejection = 'empty' | 'truncated' | 'not-smaller' | 'over-cap';

/** The verdict on a summary. */
export type SummaryValidation = { ok: true } | { ok: false; reason: SummaryRejection; message: string };

/** Checks a summary against its plan. Pure; never throws. */
export function validateSummary(plan: SummarizePlan, candidate: SummaryCandidate): SummaryValidation {
  const { content, textTokens, finishReason } = candidate;
  if (textTokens <= 0 || content.tokens <= 0 || content.bytes <= 0) {
    return { ok: false, reason: 'empty', message: `${candidate.summarizer} returned an empty summary` };
  }
  if (finishReason === 'length') {
    return {
      ok: false,
      reason: 'truncated',
      message: `${candidate.summarizer} summary was cut off (finish_reason: length)`,
    };
  }
  // (a withheld summary takes no room in the view: it only has to be within its cap)
  if (content.tokens >= plan.inputTokens && !plan.withhold) {
    return {
      ok: false,
      reason: 'not-smaller',
      message: `${candidate.summarizer} summary (${content.tokens} tokens) is not smaller than its input (${plan.inputTokens} tokens)`,
    };
  }
  if (content.tokens > plan.tokenCap) {
    return {
      ok: false,
      reason: 'over-cap',
      message: `${candidate.summarizer} summary (${content.tokens} tokens) exceeds its cap of ${plan.tokenCap} tokens`,
    };
  }
  return { ok: true };
}
