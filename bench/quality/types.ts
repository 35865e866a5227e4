/**
 * Shapes shared by the compaction-quality benchmark: generated transcripts, the facts planted
 * in them, and what each compaction method is measured on.
 */
import type { ChatMessage } from '../../src/context/types';

/** The kinds of planted facts; retention is reported per kind. */
export const FACT_KINDS = ['goal', 'constraint', 'decision', 'file', 'error', 'pending', 'value'] as const;

/** One kind of planted fact. */
export type FactKind = (typeof FACT_KINDS)[number];

/**
 * A fact planted in a transcript. It counts as kept when `needle` occurs verbatim
 * (case-sensitive) in what the model would see: the rendered request.
 */
export interface PlantedFact {
  kind: FactKind;
  /** The exact string searched for. */
  needle: string;
  /** Index (in `Transcript.messages`) of the first message that states the fact. */
  firstIndex: number;
  /** Index of the last message that mentions the needle (a short episode: read, edit, result). */
  lastIndex: number;
  /** How it was planted (template or ecosystem), for reading a report. */
  style: string;
}

/** A decision a later one reversed (hard.ts): keeping it without its replacement misleads the model. */
export interface SupersededFact extends PlantedFact {
  /** The needle of the decision that replaced it (a fact of the same transcript). */
  replacedBy: string;
}

/** What a scripted tool call returns: the raw output and how the command ended. */
export interface ScriptedOutput {
  output: string;
  status: 'ok' | 'error';
  exitCode?: number;
}

/** A generated agent session. */
export interface Transcript {
  id: string;
  seed: number;
  /** `autonomous` (one request, long tool-driven turns), `interactive` or `mixed`. */
  shape: string;
  /** Every message, the system prompt first. The last message may be a tool result (the turn is still running). */
  messages: ChatMessage[];
  /** The raw output of every tool call, by tool_call_id (the tool message holds the same text). */
  outputs: Map<string, ScriptedOutput>;
  facts: PlantedFact[];
  /** The tool names the transcript uses (the workflow run registers them). */
  tools: string[];
  /**
   * The user message that asks for the final request, when the transcript ended with an answer;
   * absent when it ends mid-turn (the final request then continues the turn).
   */
  probe?: string;
  /** Decisions reversed later in the session (only the harder family, hard.ts, has them). */
  superseded?: SupersededFact[];
}

/** One request a method produced for one model call (or `refused`, when it produced none). */
export interface CallOutcome {
  refused: boolean;
  /** Whether the pinned content (evaluate.ts `pinnedTokens`) fits the budget; computed for refused calls. */
  pinnedFits: boolean;
  /** Prompt tokens of the request (system + history + reply priming), by the project's tokenizer. */
  tokens: number;
  withinBudget: boolean;
  paired: boolean;
  /** Why the call was refused, or a pairing fault. */
  note?: string;
}

/** A method's figures on one transcript at one budget. */
export interface MethodRun {
  method: string;
  transcript: string;
  budgetFraction: number;
  budgetTokens: number;
  rawTokens: number;
  calls: CallOutcome[];
  /** Per fact: kept in the final request (false when the final call was refused). */
  kept: boolean[];
  facts: PlantedFact[];
  /** Prompt tokens of the final request (0 when refused). */
  finalTokens: number;
  /** Per superseded decision (Transcript.superseded): whether the final request holds it and its replacement. */
  reversals?: { old: boolean; latest: boolean }[];
  /** Set when the method did not run (e.g. no llm endpoint configured). */
  skipped?: string;
  ms: number;
}
