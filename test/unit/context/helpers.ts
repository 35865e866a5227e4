/** Builders of log items and a simulated session loop, shared by the context-engine tests. */
import {
  appendItem,
  applyCompaction,
  emptyContextState,
  planCompaction,
  type CompactionPlan,
  type ContentRef,
  type ContextBudget,
  type ContextState,
  type CountedContent,
  type NewLogItem,
  type CompactionPolicy,
  type SummaryCandidate,
  type ToolResultMeta,
} from '../../../src/context';

/** A deterministic fake content reference (content never matters to the engine). */
export function ref(n: number): ContentRef {
  return `sha256:${n.toString(16).padStart(64, '0')}`;
}

let counter = 0;
/** Counted content of `tokens` tokens. */
export function counted(tokens: number): CountedContent {
  counter += 1;
  return { ref: ref(counter), tokens, bytes: tokens * 4 };
}

export function system(tokens = 10): NewLogItem {
  return { turn: 0, role: 'system', kind: 'message', content: counted(tokens), preview: 'You are helpful.' };
}

export function user(turn: number, tokens = 10, preview = `request ${turn}`): NewLogItem {
  return { turn, role: 'user', kind: 'message', content: counted(tokens), preview };
}

export function assistant(turn: number, tokens = 10, calls: string[] = [], keyArgs: Record<string, string> = {}) {
  const item: NewLogItem = { turn, role: 'assistant', kind: 'message', content: counted(tokens), preview: 'answer' };
  if (calls.length) item.toolCalls = calls.map((id) => ({ id, name: 'bash', keyArgs }));
  return item;
}

export function resultMeta(over: Partial<ToolResultMeta> = {}): ToolResultMeta {
  return {
    toolName: 'bash',
    status: 'ok',
    outputBytes: 100,
    outputLines: 3,
    truncated: false,
    fullOutputRef: ref(999),
    binary: false,
    firstLine: 'first',
    lastLine: 'last',
    ...over,
  };
}

export function tool(turn: number, callId: string, tokens = 100, digestTokens: number | null = 5): NewLogItem {
  const item: NewLogItem = {
    turn,
    role: 'tool',
    kind: 'tool_result',
    content: counted(tokens),
    preview: 'output',
    toolCallId: callId,
    toolResult: resultMeta(),
  };
  if (digestTokens !== null) item.digest = counted(digestTokens);
  return item;
}

/** Appends items in order. */
export function build(items: NewLogItem[], state: ContextState = emptyContextState()): ContextState {
  return items.reduce(appendItem, state);
}

/** A budget by hand (history budget `history`), bypassing computeBudget. */
export function budgetOf(history: number, soft = 0.8, target = 0.5): ContextBudget {
  return {
    contextWindow: history + 1000,
    reservedOutputTokens: 500,
    fixedTokens: 500,
    historyBudget: history,
    softLimit: Math.floor(history * soft),
    targetTokens: Math.floor(history * target),
    hardLimit: history,
  };
}

/** A summary that uses `fraction` of the plan's cap (at least 1 token). */
export function summaryFor(plan: CompactionPlan, fraction = 1, summarizer = 'extractive'): SummaryCandidate {
  const s = plan.summarize;
  if (!s) throw new Error('plan has no summary');
  const tokens = Math.max(1, Math.floor(s.tokenCap * fraction));
  return { content: counted(tokens), textTokens: tokens, finishReason: 'stop', summarizer };
}

/** Plans and applies until nothing is left to do (bounded); returns the state and the plans seen. */
export function compactFully(
  state: ContextState,
  budget: ContextBudget,
  policy: CompactionPolicy,
  max = 10,
): { state: ContextState; plans: CompactionPlan[] } {
  const plans: CompactionPlan[] = [];
  for (let i = 0; i < max; i += 1) {
    const plan = planCompaction(state, budget, policy);
    if (!plan) break;
    plans.push(plan);
    state = applyCompaction(state, plan, plan.summarize ? summaryFor(plan) : undefined);
  }
  return { state, plans };
}
