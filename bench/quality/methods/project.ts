/**
 * This project, offline: the transcript is fed through the real activities (storeMessage,
 * executeTool with scripted tools, summarize; src/activities/create-activities.ts) into the
 * context engine (src/context), and before every model call the compaction loop of the
 * workflow runs — plan, summarize, validate, fall back to extractive, apply, at most 8 rounds
 * (as in src/workflows/compaction.ts) — then the view is built and checked against the
 * budget as the turn runner does (src/workflows/turn.ts), which also gives each tool result
 * of a step its share of the budget (src/context/allowance.ts). No Temporal, no model.
 */
import { createActivities, type DurableContextActivities } from '../../../src/activities/create-activities';
import { keyArgsOf } from '../../../src/activities/messages';
import { defineTool, type AnyToolDefinition } from '../../../src/activities/tools/registry';
import type { SummarizerChoice } from '../../../src/activities/types';
import { summarizeInput, summaryCandidate } from '../../../src/workflows/summarize-input';
import {
  appendItems,
  applyCompaction,
  buildView,
  computeBudget,
  CURRENT_PLAN_OPTIONS,
  DurableContextError,
  emptyContextState,
  planCompaction,
  resolvePolicy,
  restoreWithheld,
  toolResultAllowance,
  validateSummary,
  viewTokens,
  withVerbatimFacts,
  type CompactionPolicy,
  type ContextBudget,
  type ContextState,
  type NewLogItem,
  type SummarizePlan,
  type SummaryCandidate,
} from '../../../src/context';
import type { ChatMessage, ContentRef } from '../../../src/context/types';
import { MemoryStore } from '../../../src/store/memory-store';
import { getJson } from '../../../src/store/content-store';
import type { Transcript } from '../types';
import type { Method, MethodContext, MethodRequest } from './method';

/** The model name the activities count with (o200k_base, like every other method here). */
export const BENCH_MODEL = 'bench-quality';
/** Tokens reserved for the reply: the window is the budget plus this. */
export const RESERVED_OUTPUT = 1_024;
/** Plan-and-apply rounds per model call, as in the workflow. */
const MAX_ROUNDS = 8;

/** An OpenAI-compatible endpoint for the llm summarizer. */
export interface LlmEndpoint {
  baseURL?: string;
  apiKey?: string;
  model: string;
  contextWindow: number;
}

/** Tools that answer each call with the transcript's scripted output for its id. */
export function scriptedTools(t: Transcript): AnyToolDefinition[] {
  return t.tools.map(
    (name) =>
      defineTool({
        name,
        description: `Scripted ${name}`,
        parameters: { type: 'object', additionalProperties: true },
        execute: async (_args, ctx) => {
          const out = t.outputs.get(ctx.toolCallId);
          if (!out) throw new Error(`no scripted output for ${ctx.toolCallId}`);
          return out.exitCode === undefined ? { output: out.output, status: out.status } : { ...out };
        },
      }) as AnyToolDefinition,
  );
}

/** The project's engine and activities, with the extractive or the llm summarizer. */
export class ProjectMethod implements Method {
  readonly name: string;
  private readonly store = new MemoryStore();
  private readonly activities: DurableContextActivities;
  private readonly policy: CompactionPolicy = resolvePolicy({});
  private readonly choice: SummarizerChoice;
  // (as a session started since 0.5.5: error lines kept verbatim in the state block)
  private state: ContextState = withVerbatimFacts(emptyContextState());
  private budget?: ContextBudget;
  private system?: { ref: ContentRef; message: ChatMessage };
  private seen = 1;
  private turn = 0;
  /** Compactions applied, and summaries that fell back to extractive. */
  compactions = 0;
  fallbacks = 0;
  /** Why the first llm summary fell back, if one did. */
  firstRejection?: string;

  constructor(
    private readonly ctx: MethodContext,
    transcript: Transcript,
    llm?: LlmEndpoint,
  ) {
    this.name = llm ? 'durable-context (llm)' : 'durable-context (extractive)';
    this.choice = llm ? { kind: 'llm', model: llm.model } : { kind: 'extractive' };
    const models = [
      {
        name: BENCH_MODEL,
        contextWindow: ctx.budget + RESERVED_OUTPUT,
        maxOutputTokens: RESERVED_OUTPUT,
        encoding: 'o200k_base' as const,
      },
    ];
    if (llm)
      models.push({
        name: llm.model,
        contextWindow: llm.contextWindow,
        maxOutputTokens: 4_096,
        encoding: 'o200k_base',
      });
    this.activities = createActivities({
      store: this.store,
      tools: scriptedTools(transcript),
      models: {
        models,
        ...(llm?.baseURL ? { baseURL: llm.baseURL } : {}),
        ...(llm?.apiKey ? { apiKey: llm.apiKey } : {}),
      },
    });
  }

  private async start(systemPrompt: string): Promise<ContextBudget> {
    const fixed = await this.activities.countFixedOverhead({ model: BENCH_MODEL, systemPrompt });
    if (!fixed.system) throw new Error('countFixedOverhead stored no system prompt');
    this.system = { ref: fixed.system.ref, message: { role: 'system', content: systemPrompt } };
    return computeBudget(
      {
        contextWindow: this.ctx.budget + RESERVED_OUTPUT,
        maxOutputTokens: RESERVED_OUTPUT,
        fixedTokens: fixed.fixedTokens,
      },
      this.policy,
    );
  }

  /** Appends the messages of `prefix` not seen yet, as the turn runner would. */
  private async append(prefix: readonly ChatMessage[], budget: ContextBudget): Promise<void> {
    while (this.seen < prefix.length) {
      const m = prefix[this.seen] as ChatMessage;
      // a user message gets a tool result's allowance, as in the turn runner (only a tool's output
      // sent as text is ever cut to it)
      // (as the turn runner: a user message may answer the call the reply before it made in its text)
      const last = this.state.items.at(-1);
      const answers =
        m.role === 'user' && last?.role === 'assistant' && !last.toolCalls?.length ? last.content.ref : undefined;
      const stored = await this.activities.storeMessage({
        model: BENCH_MODEL,
        message: m,
        ...(m.role === 'user' ? { maxTokens: toolResultAllowance(this.state, budget, 1) } : {}),
        ...(answers === undefined ? {} : { answers }),
      });
      if (m.role === 'user') this.turn += 1;
      const item: NewLogItem = {
        turn: this.turn,
        role: m.role,
        kind: 'message',
        content: stored.content,
        preview: stored.preview,
      };
      // (a tool's output sent as text is a tool result to the facts, as in the turn runner)
      if (stored.textOutput) item.textOutput = stored.textOutput;
      const calls = m.role === 'assistant' ? (m.tool_calls ?? []) : [];
      if (calls.length)
        item.toolCalls = calls.map((c) => ({
          id: c.id,
          name: c.function.name,
          keyArgs: keyArgsOf(c.function.arguments),
        }));
      this.state = appendItems(this.state, [item]);
      this.seen += 1;
      const answered = calls.filter((_, i) => this.seen + i < prefix.length);
      if (!answered.length) continue;
      const assistantSeq = this.state.nextSeq - 1;
      const maxResultTokens = toolResultAllowance(this.state, budget, calls.length);
      const results = await Promise.all(
        answered.map((c) =>
          this.activities.executeTool({
            model: BENCH_MODEL,
            assistant: stored.content.ref,
            assistantSeq,
            toolCallId: c.id,
            maxResultTokens,
          }),
        ),
      );
      this.state = appendItems(
        this.state,
        results.map((o) => ({
          turn: this.turn,
          role: 'tool' as const,
          kind: 'tool_result' as const,
          content: o.message,
          preview: o.preview,
          toolCallId: o.toolCallId,
          toolResult: o.toolResult,
          digest: o.digest,
        })),
      );
      this.seen += answered.length;
    }
  }

  private async summarizeOnce(plan: SummarizePlan, choice: SummarizerChoice): Promise<SummaryCandidate | string> {
    try {
      const candidate = summaryCandidate(await this.activities.summarize(summarizeInput(plan, BENCH_MODEL, choice)));
      const verdict = validateSummary(plan, candidate);
      return verdict.ok ? candidate : verdict.message;
    } catch (err) {
      return `summarizer ${choice.kind} failed: ${(err as Error).message}`;
    }
  }

  /** One call's compaction; returns why the call is refused, or undefined. */
  private async compact(budget: ContextBudget): Promise<string | undefined> {
    // as the workflow does: a withheld summary shows again once there is room
    this.state = restoreWithheld(this.state, budget, this.turn);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const plan = planCompaction(this.state, budget, this.policy, { ...CURRENT_PLAN_OPTIONS, turn: this.turn });
      if (!plan) return undefined;
      if (!plan.summarize) {
        this.state = applyCompaction(this.state, plan);
        continue;
      }
      let outcome = await this.summarizeOnce(plan.summarize, this.choice);
      let rejection: string | undefined;
      if (typeof outcome === 'string' && this.choice.kind === 'llm') {
        rejection = outcome;
        this.fallbacks += 1;
        this.firstRejection ??= rejection;
        outcome = await this.summarizeOnce(plan.summarize, { kind: 'extractive' });
      }
      if (typeof outcome === 'string') {
        if (plan.archive.length || plan.withhold)
          this.state = applyCompaction(this.state, { ...plan, summarize: undefined });
        // As the workflow does: without a summary the turn goes on if the view fits anyway.
        if (viewTokens(buildView(this.state)) <= budget.hardLimit) return undefined;
        return `SummaryRejected: ${outcome}`;
      }
      this.state = applyCompaction(this.state, plan, outcome, rejection === undefined ? {} : { rejection });
      this.compactions += 1;
    }
    return undefined;
  }

  /** A one-line account of the compactions, for the progress log. */
  describe(): string {
    const fell = this.fallbacks
      ? `, ${this.fallbacks} fell back to extractive (first: ${this.firstRejection?.slice(0, 100)})`
      : '';
    return `${this.compactions} summaries${fell}`;
  }

  async request(prefix: readonly ChatMessage[], final: boolean): Promise<MethodRequest> {
    if (this.budget === undefined) {
      // a system prompt that leaves no room for history (InvalidConfig): every call is refused
      try {
        this.budget = await this.start((prefix[0] as ChatMessage).content ?? '');
      } catch (err) {
        if (!(err instanceof DurableContextError)) throw err;
        return { refused: `${err.type}: ${err.message}` };
      }
    }
    await this.append(prefix, this.budget);
    let refused: string | undefined;
    try {
      refused = await this.compact(this.budget);
    } catch (err) {
      if (!(err instanceof DurableContextError)) throw err;
      refused = `${err.type}: ${err.message}`;
    }
    const view = buildView(this.state);
    const history = viewTokens(view);
    if (!refused && history > this.budget.hardLimit)
      refused = `ContextOverflow: the view needs ${history + this.budget.fixedTokens} tokens`;
    if (refused) return { refused };
    const tokens = history + this.budget.fixedTokens;
    const system = this.system as { ref: ContentRef; message: ChatMessage };
    if (!final) {
      // Pairing needs only roles and ids: no need to load every message at every call.
      const stubs: ChatMessage[] = view.map((e) => {
        const m: ChatMessage = { role: e.role, content: null };
        if (e.toolCallIds)
          m.tool_calls = e.toolCallIds.map((id) => ({ id, type: 'function', function: { name: '', arguments: '' } }));
        if (e.toolCallId !== undefined) m.tool_call_id = e.toolCallId;
        return m;
      });
      return { messages: [system.message, ...stubs], tokens, idsOnly: true };
    }
    const messages = await Promise.all(view.map((e) => getJson<ChatMessage>(this.store, e.content.ref)));
    return { messages: [system.message, ...messages], tokens };
  }
}
