/**
 * The scripted "model" of the offline demo: a deterministic function of each chat request,
 * served by the fake OpenAI-compatible server. It finds its task from the request (the
 * user message, or the id of its own last tool call), decides the next tool calls from the
 * results already in the request, and answers from them. No language model is involved.
 */
import type { ChatMessage } from '../../context/types';
import type { RecordedRequest, ScriptedReply, ScriptedToolCall } from '../../testing/fake-openai';
import { clip, describeFile, describeGrep, describeListing, grepHits, type SeenResult } from './describe';
import type { DemoTask } from './tasks';

/** A reply the fake server sends (the non-function members of {@link ScriptedReply}). */
export type AgentReply = Exclude<ScriptedReply, (request: RecordedRequest) => unknown>;

type Call = Pick<ScriptedToolCall, 'name'> & { arguments: Record<string, unknown> };
/** What the agent does next: call tools, or answer. */
type Step = { calls: Call[] } | { text: string };

/** Tool call ids carry turn and step (`dc_t12_s1_0`), so a request ending in a tool result names its task. */
const CALL_ID = /^dc_t(\d+)_s(\d+)_(\d+)$/;
const STATE_BLOCK = '[Session state: computed from the log, not by a model]';

/** Builds the reply function for `tasks` (turn n answers `tasks[n - 1]`). */
export function scriptedAgent(tasks: readonly DemoTask[]): (request: RecordedRequest) => AgentReply {
  const byPrompt = new Map(tasks.map((t, i) => [t.prompt, i + 1]));
  return (request) => {
    const messages = (request.body?.messages ?? []) as ChatMessage[];
    const last = messages.at(-1);
    let turn: number | undefined;
    let step = 0;
    if (last?.role === 'tool') {
      const m = CALL_ID.exec(last.tool_call_id ?? '');
      if (m) [turn, step] = [Number(m[1]), Number(m[2]) + 1];
    } else if (last?.role === 'user') {
      turn = byPrompt.get(last.content ?? '');
    }
    const task = turn === undefined ? undefined : tasks[turn - 1];
    if (turn === undefined || !task) return { text: 'This scripted demo agent has no script for that message.' };
    const next = plan(task, step, resultsOf(messages, turn), messages);
    if ('text' in next) return { text: next.text };
    return { toolCalls: next.calls.map((c, i) => ({ ...c, id: `dc_t${turn}_s${step}_${i}` })) };
  };
}

/** The results of this turn's tool calls still in the request, by step. */
function resultsOf(messages: ChatMessage[], turn: number): SeenResult[][] {
  const calls = new Map<string, { name: string; args: Record<string, unknown> }>();
  for (const m of messages) {
    for (const c of m.tool_calls ?? []) {
      let args: Record<string, unknown> = {};
      try {
        args = JSON.parse(c.function.arguments) as Record<string, unknown>;
      } catch {
        // a digest or a cut-off call: keep the name only
      }
      calls.set(c.id, { name: c.function.name, args });
    }
  }
  const steps: SeenResult[][] = [];
  for (const m of messages) {
    const id = CALL_ID.exec(m.role === 'tool' ? (m.tool_call_id ?? '') : '');
    if (!id || Number(id[1]) !== turn) continue;
    const call = calls.get(m.tool_call_id ?? '') ?? { name: 'unknown', args: {} };
    (steps[Number(id[2])] ??= []).push({ ...call, content: m.content ?? '' });
  }
  return steps;
}

function plan(task: DemoTask, step: number, results: SeenResult[][], messages: ChatMessage[]): Step {
  const first = results[0] ?? [];
  switch (task.kind) {
    case 'list':
      if (step === 0) return { calls: task.dirs.map((d) => ({ name: 'list_dir', arguments: { path: d } })) };
      return { text: first.map((r) => describeListing(String(r.args.path ?? '.'), r.content)).join(' ') };
    case 'read': {
      if (step === 0) {
        const args: Record<string, unknown> = { path: task.path };
        if (task.offset !== undefined) args.offset = task.offset;
        if (task.limit !== undefined) args.limit = task.limit;
        return { calls: [{ name: 'read_file', arguments: args }] };
      }
      const r = first[0];
      if (!r) return { text: `The output of reading ${task.path} is no longer in my context.` };
      const range = task.offset !== undefined ? ` (lines ${task.offset}-${task.offset + (task.limit ?? 0) - 1})` : '';
      return { text: describeFile(`${task.path}${range}`, r.content, task.focus) };
    }
    case 'compare': {
      const [pa, pb] = task.paths;
      if (step === 0) return { calls: [pa, pb].map((p) => ({ name: 'read_file', arguments: { path: p } })) };
      const a = first.find((r) => r.args.path === pa);
      const b = first.find((r) => r.args.path === pb);
      const [la, lb] = [a?.content.length ?? 0, b?.content.length ?? 0];
      const bigger = la === lb ? 'They are the same size.' : `${la > lb ? pa : pb} is the larger of the two.`;
      return {
        text: [a && describeFile(pa, a.content), b && describeFile(pb, b.content), bigger].filter(Boolean).join(' '),
      };
    }
    case 'usage': {
      const pattern = `\\b${task.symbol}\\b`;
      if (step === 0) return { calls: [{ name: 'grep', arguments: { pattern, path: 'src' } }] };
      const grep = first[0];
      const hits = grep ? grepHits(grep.content) : [];
      const use = hits.find((h) => h.path !== task.definedIn && !/^\s*(import|export)\b/.test(h.text)) ?? hits[0];
      if (step === 1 && use) {
        return {
          calls: [{ name: 'read_file', arguments: { path: use.path, offset: Math.max(1, use.line - 6), limit: 16 } }],
        };
      }
      const files = new Set(hits.map((h) => h.path));
      const found = grep
        ? describeGrep(pattern, grep.content)
        : `The search for ${task.symbol} is gone from my context.`;
      const context = results[1]?.[0];
      const lines = context?.content.split('\n').length ?? 0;
      const where = use?.path === task.definedIn ? 'Only its own module uses it, e.g. at' : 'It is used at';
      const shown = use
        ? ` ${where} ${use.path}:${use.line}: \`${clip(use.text.trim(), 100)}\` (I read the ${lines} lines around it).`
        : '';
      return {
        text: `${task.symbol} appears in ${files.size} ${files.size === 1 ? 'file' : 'files'}. ${found}${shown}`,
      };
    }
    case 'search':
      if (step === 0) {
        const args: Record<string, unknown> = { pattern: task.pattern, path: task.path };
        if (task.maxMatches !== undefined) args.maxMatches = task.maxMatches;
        return { calls: [{ name: 'grep', arguments: args }] };
      }
      return { text: first[0] ? describeGrep(task.pattern, first[0].content) : 'The search result is gone.' };
    case 'wrap-up':
      return { text: wrapUp(messages) };
  }
}

/** What is still in context: summaries, verbatim tool results, digests, files in the state block. */
function wrapUp(messages: ChatMessage[]): string {
  const contents = messages.map((m) => m.content ?? '');
  const summaries = contents.filter((c) => c.includes(STATE_BLOCK)).length;
  const tools = messages.filter((m) => m.role === 'tool');
  const digests = tools.filter((m) => (m.content ?? '').startsWith('[Archived tool result]')).length;
  const users = messages.filter((m) => m.role === 'user' && !(m.content ?? '').includes(STATE_BLOCK)).length;
  const files = /^Files touched: (.+)$/m.exec(contents.join('\n'))?.[1]?.split(', ').length ?? 0;
  return (
    `My context now holds ${messages.length} messages: ${summaries} summary of earlier turns, ` +
    `${users} user requests verbatim, ${tools.length - digests} tool results verbatim and ${digests} as digests. ` +
    `Everything older was compacted away from my view but stays in the raw log` +
    (files ? `; the summary's state block still lists ${files} files we touched.` : '.')
  );
}
