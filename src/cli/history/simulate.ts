/**
 * Re-runs the compaction policy offline over a recorded session: the recorded user,
 * assistant and tool items are appended in order to a fresh context, and before each
 * recorded model call the engine plans and applies compactions exactly as the workflow
 * does (src/workflows/compaction.ts: plan, summarize, validate, apply; up to 8 rounds),
 * under another policy if asked. Summaries come from the real `summarize` activity with the
 * extractive summarizer over the content store; without a store their size is estimated.
 * Nothing is sent to a model: the recorded replies are replayed as they were.
 */
import type { ContentStore } from '../../store/content-store';
import { MemoryStore } from '../../store/memory-store';
import { ModelRuntime } from '../../activities/model-client';
import type { EncodingName } from '../../activities/models';
import { summarize } from '../../activities/summarize';
import { applyCompaction, restoreWithheld } from '../../context/apply';
import { computeBudget, type ContextBudget } from '../../context/budget';
import { withVerbatimFacts } from '../../context/facts';
import { appendItems, emptyContextState } from '../../context/log';
import { CURRENT_PLAN_OPTIONS, planCompaction, type CompactionPlan, type SummarizePlan } from '../../context/plan';
import { resolvePolicy, type CompactionPolicy, type CompactionPolicyInput } from '../../context/policy';
import type { SummaryCandidate } from '../../context/summary-validation';
import type { CompactionRecord, ContentRef, ContextState } from '../../context/types';
import { buildView, viewTokens } from '../../context/view';
import { summarizeInput, summaryCandidate } from '../../workflows/summarize-input';
import { callHistoryTokens, recordedCompactions, type RecordedCompaction } from './compactions';
import type { RecordedSession } from './read-history';

/** Plan-and-apply rounds before one call, as in the workflow. */
const MAX_ROUNDS = 8;

/** One model call: the prompt tokens it had, and those it would have had under the simulated policy. */
export interface SimPoint {
  turn: number;
  step: number;
  actual: number;
  simulated: number;
}

/** The outcome of a simulation, side by side with what happened. */
export interface Simulation {
  model: string;
  contextWindow: number;
  /** Prompt tokens a request may use (window − reserved output). */
  promptBudget: number;
  /** Prompt tokens at which the recorded and the simulated policy compact. */
  softLimit: { actual: number; simulated: number };
  fixedTokens: number;
  policy: { actual: CompactionPolicy; simulated: CompactionPolicy };
  points: SimPoint[];
  actualCompactions: RecordedCompaction[];
  simulatedLedger: CompactionRecord[];
  /** Compactions that failed in the simulation (e.g. the circuit breaker), by turn. */
  failures: { turn: number; message: string }[];
  /** USD per million input tokens, when the model's price is known. */
  inputPricePerMTok?: number;
  /** True when summaries were estimated (no content store given). */
  estimatedSummaries: boolean;
}

/** Options of {@link simulate}. */
export interface SimulateOptions {
  /** Policy fields over the recorded ones (e.g. `{ softThreshold: 0.6 }`). */
  policy?: CompactionPolicyInput;
  /** The workers' content store: summaries are then the extractive summarizer's own. */
  store?: ContentStore;
}

/** Reads through to `base`, writes to memory: the simulation never writes to the user's store. */
class OverlayStore implements ContentStore {
  private readonly memory = new MemoryStore();
  constructor(private readonly base: ContentStore) {}
  put(content: Uint8Array | string): Promise<ContentRef> {
    return this.memory.put(content);
  }
  async get(ref: ContentRef): Promise<Uint8Array> {
    return (await this.memory.has(ref)) ? this.memory.get(ref) : this.base.get(ref);
  }
  async has(ref: ContentRef): Promise<boolean> {
    return (await this.memory.has(ref)) || this.base.has(ref);
  }
}

/** Runs the simulation. */
export async function simulate(rec: RecordedSession, options: SimulateOptions = {}): Promise<Simulation> {
  const model = rec.model;
  if (!model || !rec.fixed) throw new Error('the history does not record the model and its fixed overhead');
  const actualPolicy = resolvePolicy(rec.config.compaction);
  const policy = resolvePolicy({ ...rec.config.compaction, ...options.policy });
  const budgetFor = (p: CompactionPolicy): ContextBudget =>
    computeBudget(
      {
        contextWindow: model.contextWindow,
        maxOutputTokens: model.maxOutputTokens,
        reservedOutputTokens: Math.min(rec.config.reservedOutputTokens ?? model.maxOutputTokens, model.maxOutputTokens),
        fixedTokens: rec.fixed?.fixedTokens ?? 0,
      },
      p,
    );
  const budget = budgetFor(policy);
  const fixed = rec.fixed.fixedTokens;
  const summarizer = options.store
    ? storeSummarizer(options.store, rec.config.model, model.encoding as EncodingName)
    : undefined;
  // (as a session started since 0.5.6: error lines kept verbatim in the state block, tool outputs sent
  // as text read as tool results — the recorded items carry what their results said)
  let state: ContextState = withVerbatimFacts(emptyContextState());
  let appended = 0;
  let manual = 0;
  const points: SimPoint[] = [];
  const failures: Simulation['failures'] = [];

  const appendUpTo = async (count: number, turn: number): Promise<void> => {
    while (appended < count) {
      // A manual compaction recorded at this point of the log runs here too.
      for (
        ;
        manual < rec.manualCompactions.length && (rec.manualCompactions[manual]?.afterItems ?? 0) <= appended;
        manual++
      ) {
        const m = rec.manualCompactions[manual];
        state = await compactOnce(state, budget, policy, {
          turn: m?.turn ?? turn,
          force: 'manual',
          ...(m?.focus ? { focus: m.focus } : {}),
        });
      }
      const item = rec.items[appended++];
      if (item) state = appendItems(state, [item]);
    }
  };
  const compactOnce = async (
    s: ContextState,
    b: ContextBudget,
    p: CompactionPolicy,
    o: { turn: number; force?: 'manual'; focus?: string },
  ): Promise<ContextState> => {
    s = restoreWithheld(s, b, o.turn);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      let plan: CompactionPlan | null;
      try {
        plan = planCompaction(s, b, p, { ...CURRENT_PLAN_OPTIONS, ...(round === 0 ? o : { turn: o.turn }) });
        if (!plan) break;
        const candidate = plan.summarize ? await (summarizer ?? estimatedSummary)(plan.summarize) : undefined;
        s = applyCompaction(s, plan, candidate);
      } catch (err) {
        failures.push({ turn: o.turn, message: err instanceof Error ? err.message : String(err) });
        break;
      }
      if (o.force === 'manual') break;
    }
    return s;
  };

  for (const call of rec.calls) {
    await appendUpTo(call.itemsBefore, call.turn);
    if (policy.enabled) state = await compactOnce(state, budget, policy, { turn: call.turn });
    points.push({
      turn: call.turn,
      step: call.step,
      actual: callHistoryTokens(rec, call) + fixed,
      simulated: viewTokens(buildView(state)) + fixed,
    });
  }
  await appendUpTo(rec.items.length, rec.items.at(-1)?.turn ?? 0);
  const actualBudget = budgetFor(actualPolicy);
  return {
    model: rec.config.model,
    contextWindow: model.contextWindow,
    promptBudget: budget.contextWindow - budget.reservedOutputTokens,
    softLimit: { actual: actualBudget.softLimit + fixed, simulated: budget.softLimit + fixed },
    fixedTokens: fixed,
    policy: { actual: actualPolicy, simulated: policy },
    points,
    actualCompactions: recordedCompactions(rec),
    simulatedLedger: state.ledger,
    failures,
    ...(model.inputPricePerMTok !== undefined ? { inputPricePerMTok: model.inputPricePerMTok } : {}),
    estimatedSummaries: !options.store,
  };
}

/** Summaries by the real `summarize` activity (extractive) over the content store. */
function storeSummarizer(
  base: ContentStore,
  model: string,
  encoding: EncodingName,
): (plan: SummarizePlan) => Promise<SummaryCandidate> {
  const store = new OverlayStore(base);
  // Only the model's tokenizer is needed: a context window that fits any recorded view.
  const runtime = new ModelRuntime({
    models: [{ name: model, contextWindow: 1 << 30, maxOutputTokens: 1, encoding }],
    env: {},
  });
  return async (plan) =>
    summaryCandidate(await summarize({ store, runtime }, summarizeInput(plan, model, { kind: 'extractive' })));
}

/** Without the store: a summary of a third of its input, within its cap (extractive summaries are about that). */
let estimated = 0;
async function estimatedSummary(plan: SummarizePlan): Promise<SummaryCandidate> {
  const tokens = Math.max(1, Math.min(plan.tokenCap, Math.round(plan.inputTokens / 3)));
  estimated += 1;
  const ref = `sha256:${estimated.toString(16).padStart(64, '0')}` as ContentRef;
  return {
    content: { ref, tokens, bytes: tokens * 4 },
    textTokens: tokens,
    finishReason: 'stop',
    summarizer: 'extractive (estimated)',
    preview: `[estimated summary of seqs ${plan.range.from}–${plan.range.to}]`,
  };
}
