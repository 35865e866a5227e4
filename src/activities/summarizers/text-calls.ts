/**
 * Tool calls made in text. Harnesses that do not use the API's tool calling write the call in
 * the assistant's text and send its output back as a user message: a ReAct agent's `Action:` /
 * `Action Input:` lines answered by `Observation: …` (CrewAI, LangChain's text agents,
 * smolagents' planning steps), a code interpreter's fenced block answered by `Code output: …`
 * (Open Interpreter, AutoGen's code executor) or `Output:` / `Result:`, a tagged call
 * (`<tool_call>{"name": …, "arguments": …}</tool_call>`, the format local models are served with;
 * `<invoke name="…">` with its `<parameter>`s) answered by a tagged output (`<tool_response>`,
 * `<function_results>`, mini-swe-agent's `<returncode>…</returncode><output>`), a list of calls in
 * Python's syntax ending a reply (`[run_shell(command="make")]`) answered by a decorated heading
 * (`<<function results>>`), a team's transcript where another agent's report is the user turn
 * (`ComputerTerminal:` after the Coder's ```sh block). Read as they are, every output is a "user
 * request", and the call (its command, the file it reads or writes) is lost.
 *
 * {@link withTextCalls} rewrites such a pair into the API's shape — the assistant message with
 * one tool call, the output as that call's tool message — so the summarizer reads it as it reads
 * any call. Only a pair is rewritten: an assistant message without tool calls whose text makes a
 * call, followed by a user message that opens with an output's label. Messages keep their
 * places (the same count, in the same order). Linear in the text; bounded per message.
 */
import { cutReference } from '../../context/truncate';
import type { ChatMessage } from '../../context/types';
import { isPath } from './paths';
import { isSpace } from './text';

/**
 * The label an output sent as a user message opens with (`Observation:`, `Code output:`, `Result of
 * read_file:` alone on its line — a person's `Result of tests: it still fails.` is a request —, …),
 * maybe after a line naming the call it answers (smolagents' `Call id: call_…` then `Observation:`).
 */
const OUTPUT_HEAD =
  /^\s*(?:(?:tool[ _])?call[ _]?id:[ \t]*[\w.:-]{1,80}[ \t]*\n\s*)?(?:observation(?:[ \t]+\d{1,4})?|code output|output|tool output|tool result|function (?:result|output|response)|command output|(?:code )?execution (?:output|result)|result|console output|terminal output|stdout|command [\w.-]{1,80} returned|output of [\w.-]{1,80}|result of [\w.-]{1,80}\([^\n]{0,300}\)|result of [\w.-]{1,80}(?=:[ \t]*\n)|i ran this command|i added these files to the chat)s?(?:[ \t]*\([^()\n]{1,40}\))?\s*:[ \t]*\n?/i;
/**
 * The heading of a tool's result as Cline-like harnesses send it in a user message:
 * `[read_file for 'src/app.ts'] Result:` (the tool's name, then its argument).
 */
export const TEXT_RESULT_HEAD = /^\[([A-Za-z][\w.-]{0,60})(?: for '([^'\n]{0,400})')?\] Result:[ \t]*\n?/;
/**
 * The tag a harness's output opens with: `<tool_response>`, `<tool_result>`, `<function_results>`,
 * `<observation>`, mini-swe-agent's `<returncode>` (then `<output>`), `<stdout>`. A person does not
 * write these.
 */
const OUTPUT_TAG =
  /^\s*<(tool_response|tool_result|tool_output|function_results?|function_response|observation|returncode|exit_code|output|execution_result|results?|stdout|stderr|[a-z]+(?:_[a-z]+)*_(?:results?|outputs?|responses?|observations?))(?:\s[^<>\n]{0,80})?>/i;
/**
 * A chat template's control marker an output opens with when a harness renders the template into
 * text: Mistral's `[TOOL_RESULTS] {"content": …, "call_id": …}[/TOOL_RESULTS]`, Qwen-Agent's
 * `✿RESULT✿: …`, a `<|tool_result|>` / `<|tool_response|>` token. A person does not write these.
 */
const MARKED_OUTPUT =
  /^\s*(?:\[(?:TOOL_RESULTS?|TOOL_OUTPUTS?|FUNCTION_RESULTS?|TOOL_RESPONSES?)\]|✿(?:RESULT|OBSERVATION)✿:?|<\|(?:tool_results?|tool_response|tool_output|observation)\|>|(?:<｜tool▁outputs?▁begin｜>)+)[ \t]*\n?/;
/** The marker that closes a marked output, if the template has one (`[/TOOL_RESULTS]`, `<|/tool_result|>`). */
const MARKED_OUTPUT_END =
  /(?:\[\/(?:TOOL_RESULTS?|TOOL_OUTPUTS?|FUNCTION_RESULTS?|TOOL_RESPONSES?)\]|<\|\/?(?:tool_results?|tool_response|tool_output|observation)(?:_end)?\|>|(?:<｜tool▁outputs?▁end｜>)+)\s*$/;
/** The fields of a marked output's JSON that say which call it answers (its text is in `content`). */
const CALL_ID_FIELDS = ['call_id', 'tool_call_id', 'id', 'name'];
/** The outer tags an output is wrapped in whole and that are only the harness's (`<tool_response>…</tool_response>`). */
const WRAPPER_TAGS = new Set([
  'tool_response',
  'tool_result',
  'tool_output',
  'function_results',
  'function_result',
  'function_response',
  'observation',
  'result',
  'results',
]);
/** An output label a person may write too: read as an output only after the call it answers. */
const PERSON_MAY_WRITE = /^\s*(?:output|result)s?(?:[ \t]*\([^()\n]{1,40}\))?\s*:/i;
/**
 * How an Aider-like harness reports an edit it applied (`Applied edit to src/a.zig`, then its commit):
 * an output whose first line is kept (it names the file), opened by no label.
 */
const EDIT_REPORT = /^(?=\s*Applied edit to \S)/;
/** Characters of an assistant message searched for its call (the call comes last). */
const CALL_SCAN_CHARS = 20_000;
/** Longest tool name taken from an `Action:` line. */
const MAX_NAME_CHARS = 80;
/** Fence languages whose block is a shell command (a block without a language is one too). */
const SHELL = /^(?:sh|bash|shell|zsh|console|shellscript|powershell|ps1|pwsh|cmd|bat|fish)?$/i;

/** A call read from an assistant's text. */
interface TextCall {
  name: string;
  /** The call's arguments, as JSON. */
  arguments: string;
  /** Where the call starts in the text: what comes before it is what the assistant said. */
  at: number;
  /** The calls written with it, in order (a list of calls in one reply), answered by the same output. */
  more?: { name: string; arguments: string }[];
  /** What the assistant said, when it is not just the text before `at` (a plan's lines between its steps). */
  said?: string;
}

/**
 * {@link withTextCalls} for a range that continues the session after `awaiting`, the reply that
 * ended the range before it (./awaiting.ts): its first message, when it is that reply's output,
 * is read as the reply's call's output, as within one range; the reply stays out but for its
 * calls (an assistant message with no text, first). Otherwise as {@link withTextCalls} reads a
 * range that continues.
 */
export function withTextCallsAfter(
  messages: readonly ChatMessage[],
  awaiting: string | undefined,
  earlier?: string,
  openings?: ReadonlySet<string>,
): readonly ChatMessage[] {
  const first = messages[0];
  if (awaiting !== undefined && first?.role === 'user' && typeof first.content === 'string') {
    const reply: ChatMessage = { role: 'assistant', content: awaiting };
    // (the pair alone says whether they pair: the whole range is read once either way)
    const pair = withTextCalls([reply, first], true, earlier, openings);
    if (pair[0]?.tool_calls?.length && pair[1]?.role === 'tool') {
      const read = withTextCalls([reply, ...messages], true, earlier, openings);
      return [{ role: 'assistant', content: '', tool_calls: read[0]?.tool_calls }, ...read.slice(1)];
    }
  }
  return withTextCalls(messages, true, earlier, openings);
}

/**
 * `messages` with each text call and its output in the API's shape (the same array when there is
 * none). An output whose call is not before it (in an earlier range, or not recognised) becomes
 * a tool message of no known call when its label can only be a harness's (`Observation:`,
 * `Code output:`, not a bare `Output:` or `Result:` a person may write).
 */
export function withTextCalls(
  messages: readonly ChatMessage[],
  continues = false,
  earlier?: string,
  openings?: ReadonlySet<string>,
): readonly ChatMessage[] {
  let out: ChatMessage[] | undefined;
  // a range that continues a session may open on the output of a call the range before it made
  // (a fenced output, a template's turn): an output of no known call, not a request
  const first = messages[0];
  if (continues && first?.role === 'user' && typeof first.content === 'string' && !outputHead(first.content)) {
    const opened = machineOutput(first.content) ?? agentOutput(first.content) ?? cutOutput(first.content);
    if (opened) {
      out = messages.slice();
      out[0] = { role: 'tool', tool_call_id: 'text-output-0', content: opened.body };
    }
  }
  for (let i = out ? 1 : 0; i < messages.length; i += 1) {
    const m = messages[i] as ChatMessage;
    if (m.role === 'assistant' && !m.tool_calls?.length && typeof m.content === 'string') {
      // a reply written as one JSON object: what its fields say, and its command as the call
      const reply = jsonReply(m.content);
      if (reply) {
        out ??= messages.slice();
        const { call, said } = reply;
        const id = `text-call-${i + 1}`; // (the id its output, the next message, is given)
        out[i] = call ? { ...m, content: said, tool_calls: toolCallsOf(call, id) } : { ...m, content: said };
        continue;
      }
      // a ReAct action whose observation is not next (in a later range, or never sent): its call
      // all the same, not `Action Input: {…}` read as something the assistant said (a plan's steps
      // written up front too, `#E1 = Tool[input]`, whose evidence is not next)
      const next = messages[i + 1];
      const answered =
        next?.role === 'user' &&
        typeof next.content === 'string' &&
        (outputHead(next.content) !== null || responsesOutput(next.content) !== undefined);
      const call = answered
        ? undefined
        : (inTail(
            m.content,
            (t) =>
              latestOf(
                reactCall(t),
                numberedActionCall(t),
                functionalTokenCall(t),
                taggedCall(t),
                responsesCall(t),
                markedCall(t),
              ) ?? pythonListCall(t),
          ) ?? planCall(m.content));
      if (call) {
        out ??= messages.slice();
        out[i] = withCall(m, call, `text-call-${i}`);
      }
      continue;
    }
    if (m.role !== 'user' || typeof m.content !== 'string') continue;
    const prev = messages[i - 1];
    const reply = textReply(prev);
    // the call the reply writes in its text, read once whichever branch asks (results named by their
    // calls ask first, then the branch that pairs them)
    let made: TextCall | undefined | null = null;
    const replyCall = (): TextCall | undefined =>
      made === null ? (made = reply === undefined ? undefined : textCall(reply)) : made;
    const item = responsesOutput(m.content);
    if (item !== undefined) {
      // a Responses API output item: its call is the assistant's item before it, if there is one
      const call = reply === undefined ? undefined : inTail(reply, responsesCall);
      out ??= messages.slice();
      const id = `text-call-${i}`;
      if (call && prev) out[i - 1] = withCall(prev, call, id);
      out[i] = { role: 'tool', tool_call_id: call ? id : `text-output-${i}`, content: item };
      continue;
    }
    // (the results of calls the reply wrote inline in its sentences, each repeated with its result)
    const inline = inlineResults(m.content, reply);
    if (inline) {
      out ??= messages.slice();
      const id = `text-call-${i}`;
      if (prev) out[i - 1] = withCall(prev, inline.call, id);
      out[i] = { role: 'tool', tool_call_id: id, content: inline.body };
      continue;
    }
    const head = outputHead(m.content);
    const listed = head ? undefined : (jsonResults(m.content) ?? resultsOfCalls(m.content, replyCall));
    if (
      !head &&
      out?.[i - 1]?.tool_calls?.[0]?.id === `text-call-${i}` &&
      isJsonReply(reply) &&
      awaitsOutput(out[i - 1]?.tool_calls?.[0]?.function.name ?? '', m.content)
    ) {
      // (what answers a JSON reply's call needs no label: `The execution of the generated python code above has succeeded`)
      out[i] = { role: 'tool', tool_call_id: `text-call-${i}`, content: answerBody(m.content, listed) };
      continue;
    }
    if (listed !== undefined) {
      // (the outputs of calls listed as JSON: of the call the reply before it made, if one)
      const call = replyCall();
      out ??= messages.slice();
      const id = `text-call-${i}`;
      if (call && prev) out[i - 1] = withCall(prev, call, id);
      out[i] = { role: 'tool', tool_call_id: call ? id : `text-output-${i}`, content: listed };
      continue;
    }
    if (!head) {
      // (no label: an output by the exchange's shape, answering the call the reply before it wrote;
      // a JSON reply's call was answered above, if at all: it is not parsed again)
      const paired = isJsonReply(reply) ? undefined : pairedOutput(m.content, reply);
      if (!paired || !prev || reply === undefined) {
        // (another agent's report, answering no call the reply wrote: an output of no known call)
        // (or what storeMessage cut as a tool's output when it stored it: one, whatever its format)
        const agent = paired ? undefined : agentOutput(m.content);
        const cut = paired || agent ? undefined : cutOutput(m.content);
        // (a cut output answers the call the reply before it wrote, if it wrote one: `functools[…]`
        // then `<|tool|>[{"name": …, "content": "…` cut to its head and tail)
        const call = cut && prev && !isJsonReply(reply) ? replyCall() : undefined;
        const report = agent ?? cut;
        if (report) {
          out ??= messages.slice();
          const id = call ? `text-call-${i}` : `text-output-${i}`;
          if (call && prev) out[i - 1] = withCall(prev, call, id);
          out[i] = { role: 'tool', tool_call_id: id, content: report.body };
        }
        continue;
      }
      const call = replyCall();
      out ??= messages.slice();
      const id = `text-call-${i}`;
      if (call) out[i - 1] = withCall(prev, call, id);
      out[i] = { role: 'tool', tool_call_id: call ? id : `text-output-${i}`, content: paired.body };
      continue;
    }
    const id = `text-call-${i}`;
    if (out?.[i - 1]?.tool_calls?.[0]?.id === id) {
      // the output of a JSON reply's command (rewritten above)
      out[i] = { role: 'tool', tool_call_id: id, content: outputBody(m.content, head) };
      continue;
    }
    const call = replyCall();
    if (!call || !prev) {
      if (prev?.tool_calls?.length || PERSON_MAY_WRITE.test(head[0])) continue;
      out ??= messages.slice();
      out[i] = { role: 'tool', tool_call_id: `text-output-${i}`, content: outputBody(m.content, head) };
      continue;
    }
    out ??= messages.slice();
    out[i - 1] = withCall(prev, call, id);
    out[i] = { role: 'tool', tool_call_id: id, content: outputBody(m.content, head) };
  }
  return withRepeatedOpenings(out ?? messages, openings ?? harnessOpenings(out ?? messages, earlier));
}

/** Shortest and longest first line taken for a harness's heading of its results. */
const OPENING_MIN_CHARS = 12;
const OPENING_MAX_CHARS = 120;

/**
 * A block's last line for a machine: a fence, a marker (`@@end`), a closing tag, a JSON object's or
 * list's end — or the whole object or list on that line (a plan's `[{"task": "shell", …}]`), or a
 * plan's numbered step that is a call (`3. join()<END_OF_PLAN>`).
 */
const BLOCK_END =
  /^(?:```|~~~|@@[A-Za-z_]{2,16}|<\/[A-Za-z][\w:-]{0,40}>|[}\]]|\[?\{".*\}\]?|\d{1,3}\.[ \t]+[A-Za-z_][\w.]{0,79}\(.*\)(?:<[A-Z_]{2,30}>)?)[ \t]*$/;

/** Whether `m` is a reply in text whose last line closes a block it wrote for a machine ({@link BLOCK_END}). */
function endsInBlock(m: ChatMessage | undefined): boolean {
  const reply = textReply(m);
  if (!reply) return false;
  // (its last line found from the end, the reply not copied: this runs before every user message)
  let end = reply.length;
  while (end > 0 && isSpace(reply.charCodeAt(end - 1))) end -= 1;
  return end > 0 && BLOCK_END.test(reply.slice(reply.lastIndexOf('\n', end - 1) + 1, end));
}

/** The first line of a user message with more below it, when it may be a harness's heading (see {@link withRepeatedOpenings}). */
function openingOf(m: ChatMessage): string | undefined {
  if (m.role !== 'user' || typeof m.content !== 'string') return undefined;
  const end = m.content.indexOf('\n');
  if (end < OPENING_MIN_CHARS || end > OPENING_MAX_CHARS * 2 || !m.content.slice(end + 1).trim()) return undefined;
  // (`[runner] step results`, `[runner] step results:` and `[runner] step results (repair)` open alike)
  const first = m.content
    .slice(0, end)
    .trim()
    .replace(/[\s:.]+$/, '')
    .replace(/\s*\([^()\n]{1,30}\)$/, '');
  return isOpening(first) ? first : undefined;
}

/**
 * The first lines that open a harness's results in `messages` ({@link withRepeatedOpenings}): each
 * opens two user messages after a reply, or one and a request item of the summary before them;
 * then those `known` from the ranges before (a summary carries them on: ../summarize.ts), which a
 * range of one step, with one result, could not tell.
 */
export function harnessOpenings(
  messages: readonly ChatMessage[],
  earlier: string | undefined,
  known: Iterable<string> = [],
): Set<string> {
  const openings = new Map<string, number>();
  let replied = false;
  for (let i = 0; i < messages.length; i += 1) {
    const m = messages[i] as ChatMessage;
    if (m.role === 'assistant') replied = true;
    // (after a reply that ends in a block it wrote for a machine: a fence, `@@end`, a closing tag)
    const first = replied && endsInBlock(messages[i - 1]) ? openingOf(m) : undefined;
    if (first !== undefined) openings.set(first, (openings.get(first) ?? 0) + 1);
  }
  const out = new Set<string>();
  for (const [first, n] of openings) if (n >= 2 || earlier?.includes(`\n- ${first}`)) out.add(first);
  for (const first of known) if (isOpening(first)) out.add(first);
  return out;
}

/** Whether `text` can be a harness's heading (a first line {@link openingOf} read, or one a reserve carried). */
function isOpening(text: string): boolean {
  return (
    typeof text === 'string' &&
    text.length >= OPENING_MIN_CHARS &&
    text.length <= OPENING_MAX_CHARS &&
    !text.includes('\n') &&
    !text.startsWith('<')
  );
}

/**
 * `messages` with each user message that, after a reply ending in a block for a machine (a fence,
 * `@@end`, a closing tag), opens as another such does — the same first line of some
 * length, more below it (`Mentat applied the changes above.`, `[runner] step results`): one of
 * `openings` ({@link harnessOpenings}: seen twice in this range, as a request item of the summary
 * before it, or carried on from the ranges before) — read as a tool's output: a harness answers every
 * call with its own heading, a person does not open their messages with one line again and again.
 * Paired with the call the reply before it wrote, when one is read there; else an output of no
 * known call. Not a message before any reply (the session's task), nor one that opens with a tag
 * (`<system-reminder>` opens a person's turns too).
 */
function withRepeatedOpenings(messages: readonly ChatMessage[], openings: ReadonlySet<string>): readonly ChatMessage[] {
  if (!openings.size) return messages;
  let out: ChatMessage[] | undefined;
  let replied = false;
  for (let i = 0; i < messages.length; i += 1) {
    const m = messages[i] as ChatMessage;
    if (m.role === 'assistant') replied = true;
    const first = replied && endsInBlock(messages[i - 1]) ? openingOf(m) : undefined;
    if (first === undefined || !openings.has(first)) continue;
    out ??= messages.slice();
    const body = (m.content as string).slice((m.content as string).indexOf('\n') + 1).trim();
    const prev = out[i - 1];
    const reply = textReply(prev);
    const call = reply === undefined ? undefined : textCall(reply);
    const id = call ? `text-call-${i}` : `text-output-${i}`;
    if (call && prev) out[i - 1] = withCall(prev, call, id);
    out[i] = { role: 'tool', tool_call_id: id, content: body };
  }
  return out ?? messages;
}

/** A chat template's token, with the channel or the role it opens (`<|channel|>analysis`, `<|start|>assistant`). */
const TEMPLATE_TOKEN = /<\|(?:channel|start)\|>[\w.-]{0,40}(?: to=[\w.-]{1,80})?|<\|[\w.-]{1,40}\|>/g;

/**
 * An assistant's text without the chat template's tokens it was written in (Command A's
 * `<|START_THINKING|>…<|END_THINKING|>`, Harmony's `<|channel|>analysis<|message|>…<|end|>`): a token
 * is a line break, so what it separated stays apart and no token is read as words.
 */
export function withoutTemplateTokens(text: string): string {
  if (!text.includes('<|')) return text;
  return text
    .replace(TEMPLATE_TOKEN, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** The text of an assistant's reply that made no API call (its calls, if any, are in the text), else undefined. */
function textReply(m: ChatMessage | undefined): string | undefined {
  return m?.role === 'assistant' && !m.tool_calls?.length && typeof m.content === 'string' ? m.content : undefined;
}

/** Longest reply parsed as JSON, and string fields read from it. */
const JSON_REPLY_MAX_CHARS = 200_000;
const JSON_REPLY_MAX_FIELDS = 40;
/** Fields of a JSON reply that hold its call (`{"name": …, "args": …}`), in the order looked for. */
const CALL_FIELDS = ['command', 'action', 'tool_call', 'function_call', 'tool'] as const;
/** Fields of a JSON reply that hold a list of calls (browser-use's `action`: a list of {@link namedByKey} calls). */
const CALL_LIST_FIELDS = [
  'tool_calls',
  'function_calls',
  'calls',
  'actions',
  'action',
  'function',
  'functions',
  'steps',
] as const;
/** Fields of a call object that hold its arguments. */
const ARGS_FIELDS = [
  'args',
  'arguments',
  'parameters',
  'input',
  'action_input',
  'action_args',
  'tool_input',
  'tool_args',
] as const;
/**
 * Fields of a call object that hold its name: `name`, Cohere's `tool_name`, LangChain's `action`,
 * and a HuggingGPT-like plan's `task` (`{"task": "shell", "id": 0, "dep": [-1], "args": {…}}`) —
 * that one only when it is a tool's name: a to-do list's `{"task": "Write the docs", …}` is none.
 */
const NAME_FIELDS = ['name', 'tool_name', 'action', 'task'] as const;

/**
 * A reply the model wrote as one JSON object — AutoGPT's `{"thoughts": {"text", "reasoning",
 * "plan", "criticism", "speak"}, "command": {"name", "args"}}`, a structured-output agent's —
 * read as what it says (its string fields, in order, each on a line of its own; a field holding a
 * call is not said) and its call, if it has one. Undefined for any other text.
 */
function jsonReply(content: string): { said: string; call: TextCall | undefined } | undefined {
  const t = replyJson(content);
  if (t.charCodeAt(0) !== 0x7b || t.charCodeAt(t.length - 1) !== 0x7d) return undefined;
  const v = parseJson(t);
  if (!isObject(v)) return undefined;
  let call: TextCall | undefined;
  let callField: string | undefined;
  for (const k of CALL_FIELDS) {
    call = callOf(v[k]);
    if (call) {
      callField = k;
      break;
    }
  }
  // (or a list of calls: xLAM's `{"thought": …, "tool_calls": [{"name": …, "arguments": {…}}, …]}`)
  if (!call) {
    const listed = callList(v);
    if (listed) ({ call, field: callField } = listed);
  }
  // (a LangChain JSON agent's whole reply is its call: `{"action": "search", "action_input": …}`)
  if (!call && ('action_input' in v || 'tool_name' in v)) {
    call = callOf(v);
    if (call) return { said: '', call };
  }
  // (or the code it runs: TaskWeaver's `{"response": {"thought": …, "reply_type": "python", "reply_content": …}}`)
  const code = call ? undefined : codeOf(v, 0);
  if (code) call = code.call;
  // (or the commands a runner is given, alone: `{"commands": ["make test"]}`)
  if (!call) {
    call = commandsCall(v);
    if (call) return { said: '', call };
  }
  const said: string[] = [];
  const read = (x: unknown, depth: number): void => {
    if (said.length >= JSON_REPLY_MAX_FIELDS || depth > 4) return;
    if (typeof x === 'string') {
      const line = x.trim();
      // (each field a statement of its own: `reasoning` does not run on into `plan`)
      if (line) said.push(/[.!?:;]$/.test(line) ? line : `${line}.`);
    } else if (Array.isArray(x)) for (const y of x) read(y, depth + 1);
    else if (isObject(x))
      for (const [k, y] of Object.entries(x))
        if ((depth > 0 || k !== callField) && !(x === code?.in && (k === code.field || k === code.kind)))
          read(y, depth + 1);
  };
  read(v, 0);
  if (!call && !said.length) return undefined;
  return { said: said.join('\n'), call };
}

/** The first of a JSON object's fields that lists calls ({@link CALL_LIST_FIELDS}, every item one), as one call. */
function callList(v: Record<string, unknown>): { call: TextCall; field: string } | undefined {
  for (const field of CALL_LIST_FIELDS) {
    const list = v[field];
    if (!Array.isArray(list) || !list.length) continue;
    const calls = list.slice(0, LISTED_CALLS_MAX).map((c) => callOf(c) ?? namedByKey(c) ?? typedStep(c));
    if (calls.every((c) => c !== undefined)) return { call: listedCall(calls as TextCall[], 0), field };
  }
  return undefined;
}

/** A JSON reply's field that holds code it runs, and the field that names the code's language. */
const CODE_FIELD = /^(?:reply_|response_)?(?:content|code|source|script)$/;
const CODE_KIND_FIELD = /^(?:reply_|response_|code_)?(?:type|kind|lang|language)$/;
/** The languages a code field's kind names (a shell's code is a command). */
const CODE_KIND =
  /^(?:python|py|ipython|code|shell|sh|bash|zsh|powershell|pwsh|cmd|javascript|js|typescript|ts|sql|r|matlab|octave|julia|ruby|lua|perl)$/i;

/**
 * The code a JSON reply runs, in an object at most two levels down: a content field beside one
 * naming its language (`"reply_type": "python", "reply_content": "…"`), or a field `code` alone —
 * as a call (`run_python`, a shell's as `execute_command`), with the object and fields it came from.
 */
function codeOf(
  v: Record<string, unknown>,
  depth: number,
): { call: TextCall; in: Record<string, unknown>; field: string; kind?: string } | undefined {
  const keys = Object.keys(v);
  const kind = keys.find((k) => CODE_KIND_FIELD.test(k) && typeof v[k] === 'string' && CODE_KIND.test(v[k] as string));
  const field = kind
    ? keys.find((k) => CODE_FIELD.test(k) && typeof v[k] === 'string')
    : keys.find((k) => k === 'code' && typeof v[k] === 'string');
  const text = field === undefined ? '' : (v[field] as string).trim();
  if (field !== undefined && text) {
    const lang = kind === undefined ? 'code' : (v[kind] as string).toLowerCase();
    const call = SHELL.test(lang)
      ? { name: 'execute_command', arguments: JSON.stringify({ command: text }), at: 0 }
      : ((/^(?:python|py|ipython|code)$/.test(lang) ? pluginCall(text) : undefined) ?? {
          name: `run_${lang}`,
          arguments: JSON.stringify({ code: text }),
          at: 0,
        });
    return { call, in: v, field, ...(kind === undefined ? {} : { kind }) };
  }
  if (depth >= 2) return undefined;
  for (const k of keys) {
    const x = v[k];
    const found = isObject(x) ? codeOf(x, depth + 1) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The speaker a team's member prefixes its JSON reply with (`CodeInterpreter: {…}`, `Planner (to User): {…}`). */
const SPEAKER_BEFORE_JSON = /^[A-Za-z][\w.-]{0,40}(?: \([^()\n]{1,40}\))?:\s*(?=\{)/;

/**
 * The JSON object a reply is written as: the whole reply, after a speaker's label (`CodeInterpreter:
 * {…}`), or alone in a fence (AgentScope's ```` ```json {"thought": …, "function": […]} ``` ````).
 */
function replyJson(content: string): string {
  const t = withoutSpeaker(content.trim());
  if (t.charCodeAt(0) !== 0x60 || !t.endsWith('```')) return t;
  const fenced = JSON_FENCE.exec(t);
  return fenced ? (fenced[1] as string).trim() : t;
}

/** A fence around the whole reply, ```` ```json ```` or bare. */
const JSON_FENCE = /^```(?:json|JSON|json5)?[ \t]*\n([^]*)\n```$/;

/** A reply without the speaker it is prefixed with, if it is one before a JSON object. */
function withoutSpeaker(t: string): string {
  if (t.charCodeAt(0) === 0x7b) return t;
  const speaker = SPEAKER_BEFORE_JSON.exec(t.length > 100 ? t.slice(0, 100) : t);
  return speaker ? t.slice(speaker[0].length) : t;
}

/** The field of a JSON message that lists the outputs of calls (`{"tool_results": [{"name": …, "result": …}]}`). */
const RESULTS_FIELD = /^(?:tool_|function_|call_|action_)?(?:results|outputs|responses|observations)$/;
/** Fields of one listed output that hold what it gave, and the fields of a command's result. */
const RESULT_FIELDS = ['result', 'output', 'content', 'response', 'observation'] as const;
const RESULT_TEXT_FIELDS = ['output', 'stdout', 'content', 'text', 'result'] as const;
const RESULT_EXIT_FIELDS = ['exit_code', 'exitCode', 'returncode', 'return_code', 'status_code'] as const;

/**
 * A user message that is a JSON object listing the outputs of the calls before it — xLAM-like
 * harnesses' `{"tool_results": [{"name": "read_file", "result": "…"}, {"name": "run_command",
 * "result": {"exit_code": 1, "output": "…"}}]}` — as text: each output's text in order, a command's
 * non-zero exit status as its last line (`(exit code 1)`). Undefined for any other message.
 */
export function jsonResults(content: string): string | undefined {
  // (in a chat template's tokens: Command A's `<|START_TOOL_RESULT|>[…]<|END_TOOL_RESULT|>`)
  const t = withoutTokensAround(content);
  if (t.charCodeAt(0) === 0x5b) return listedResults(t);
  if (t.charCodeAt(0) !== 0x7b || t.charCodeAt(t.length - 1) !== 0x7d || !t.slice(0, 80).includes('"'))
    return undefined;
  const v = parseJson(t);
  if (!isObject(v)) return undefined;
  const keys = Object.keys(v);
  const k = keys.length <= 3 ? keys.find((key) => RESULTS_FIELD.test(key) && Array.isArray(v[key])) : undefined;
  if (k === undefined) return undefined;
  return (v[k] as unknown[]).map(resultText).join('\n\n');
}

/** One listed output's text (see {@link jsonResults}). */
/**
 * A JSON list whose every item is a call's result — its call's id and its result
 * (`[{"tool_call_id": "0", "results": {"0": {…}}}, …]`) — as the results' text; undefined for
 * any other list (a person's pasted data names no call).
 */
function listedResults(t: string): string | undefined {
  if (t.charCodeAt(t.length - 1) !== 0x5d || !t.slice(0, 80).includes('"')) return undefined;
  const v = parseJson(t);
  if (!Array.isArray(v) || !v.length) return undefined;
  const texts: string[] = [];
  for (const item of v) {
    if (!isObject(item) || !CALL_ID_FIELDS.slice(0, 2).some((k) => k in item)) return undefined;
    const results = item['results'];
    // (Command A's results are indexed documents: `{"0": {"output": …}, "1": …}`)
    if (isObject(results) && !Array.isArray(results)) {
      for (const r of Object.values(results)) texts.push(resultText({ result: r }));
    } else if (RESULT_FIELDS.some((f) => item[f] !== undefined)) texts.push(resultText(item));
    else return undefined;
  }
  return texts.join('\n\n');
}

/**
 * A message that is a JSON list (in a chat template's tokens or not) of results each naming the call it
 * answers by the call's own name — a Phi-4-mini-like `<|tool|>[{"name": "run_shell", "content": "…"},
 * …]<|/tool|>` — as the results' text, when every name is one of `names` (the calls the reply before it
 * made; a person's pasted records name no call of it); undefined for anything else.
 */
function namedResults(content: string, names: readonly string[]): string | undefined {
  const t = withoutTokensAround(content);
  if (t.charCodeAt(0) !== 0x5b || t.charCodeAt(t.length - 1) !== 0x5d) return undefined;
  const v = parseJson(t);
  if (!Array.isArray(v) || !v.length) return undefined;
  const texts: string[] = [];
  for (const item of v) {
    if (!isObject(item) || typeof item['name'] !== 'string' || !names.includes(item['name'])) return undefined;
    if (!RESULT_FIELDS.some((f) => item[f] !== undefined)) return undefined;
    texts.push(resultText(item));
  }
  return texts.join('\n\n');
}

/** A message trimmed, without the chat template's tokens it opens and ends with, if it opens with one. */
function withoutTokensAround(content: string): string {
  const t = content.trim();
  return t.startsWith('<|') ? withoutTrailingToken(t.replace(LEADING_TOKENS, '')).trim() : t;
}

/** {@link namedResults} of the calls the reply before it makes in its text (`callOfReply`); undefined when it makes none. */
function resultsOfCalls(content: string, callOfReply: () => TextCall | undefined): string | undefined {
  if (!mayListResults(content)) return undefined;
  const call = callOfReply();
  return call ? namedResults(content, [call.name, ...(call.more ?? []).map((c) => c.name)]) : undefined;
}

/** Whether a message may be a JSON list of results: it opens with a bracket, maybe after a template's tokens. */
function mayListResults(content: string): boolean {
  let i = 0;
  while (i < content.length && isSpace(content.charCodeAt(i))) i += 1;
  if (content.startsWith('<|', i)) {
    const m = LEADING_TOKENS.exec(content.slice(i, i + 200));
    if (!m) return false;
    i += m[0].length;
    while (i < content.length && isSpace(content.charCodeAt(i))) i += 1;
  }
  return content.charCodeAt(i) === 0x5b;
}

function resultText(item: unknown): string {
  if (typeof item === 'string') return item;
  if (!isObject(item)) return JSON.stringify(item);
  const field = RESULT_FIELDS.find((f) => item[f] !== undefined);
  const got = field === undefined ? item : item[field];
  if (typeof got === 'string') return got;
  if (!isObject(got)) return JSON.stringify(got);
  const text = RESULT_TEXT_FIELDS.map((f) => got[f]).find((x): x is string => typeof x === 'string');
  if (text === undefined) return JSON.stringify(got);
  const exit = RESULT_EXIT_FIELDS.map((f) => got[f]).find((x): x is number => typeof x === 'number');
  const stderr = typeof got['stderr'] === 'string' && got['stderr'] !== text ? `\n${got['stderr']}` : '';
  return `${text}${stderr}${exit ? `\n(exit code ${exit})` : ''}`;
}

/** Calls that end the agent's turn or ask the person: what follows them is the person's, not an output. */
const TURN_ENDING_CALL =
  /^(?:task_complete|complete_task|finish|final_answer|answer|respond|reply|stop|done|submit|attempt_completion|ask(?:_user|_human|_followup_question)?)$/i;
/** How a harness heads the person's words it relays (`Human feedback:`, `User:`). */
const PERSON_LABEL =
  /^\s*(?:human|user|person|customer|client)(?:['’]s)?(?:\s+(?:feedback|input|reply|response|message|says))?\s*:/i;

/**
 * Whether `content`, sent after a JSON reply that made the call `name`, is that call's output: not
 * after a call that ends the turn (`task_complete`), nor the person's words a harness relays
 * (`Human feedback: …`).
 */
function awaitsOutput(name: string, content: string): boolean {
  return !TURN_ENDING_CALL.test(name) && !PERSON_LABEL.test(content.length > 100 ? content.slice(0, 100) : content);
}

/** The text of what answers a JSON reply's call: its listed outputs (`listed`), a machine block's body, or it whole. */
function answerBody(content: string, listed: string | undefined): string {
  return listed ?? machineOutput(content)?.body ?? content.trim();
}

/**
 * A user message storeMessage cut to its head and tail as a tool's output sent as text (it took
 * it for one when it stored it: src/activities/store-message.ts), whatever the harness's format:
 * its last line points at the stored whole ({@link cutReference}). Its text, as the model sees it.
 */
function cutOutput(content: string): { body: string } | undefined {
  return cutReference(content) ? { body: content } : undefined;
}

/** Whether a reply is written as one JSON object (its first and last characters are braces; a speaker before it aside). */
function isJsonReply(content: string | undefined): boolean {
  if (content === undefined) return false;
  const t = replyJson(content);
  return t.charCodeAt(0) === 0x7b && t.charCodeAt(t.length - 1) === 0x7d;
}

/** A call object (`{"name": …, "args" | "arguments" | "parameters" | "input": …}`) as a call, or undefined. */
function callOf(item: unknown): TextCall | undefined {
  if (!isObject(item)) return undefined;
  // (the API's own shape, logged as text: `{"id": "call_…", "type": "function", "function": {"name", "arguments"}}`)
  const c = apiCall(item) ? (item['function'] as Record<string, unknown>) : item;
  const field = NAME_FIELDS.find((k) => typeof c[k] === 'string' && (c[k] as string).length > 0);
  const name = field === undefined ? undefined : (c[field] as string);
  // (LangChain's agents end with the action `Final Answer`: an answer, no call)
  if (name === undefined || /^final[ _]answer$/i.test(name)) return undefined;
  if (field === 'task' && !TOOL_NAME.test(name)) return undefined;
  const args = ARGS_FIELDS.map((a) => c[a]).find((a) => a !== undefined) ?? {};
  return {
    name: name.slice(0, MAX_NAME_CHARS),
    arguments: typeof args === 'string' ? args : JSON.stringify(args),
    at: 0,
  };
}

/** A tool's name where a JSON object gives it as a key or a value (`click_element`, `read_file`, `save_file`). */
const TOOL_NAME = /^[A-Za-z_][\w.-]{0,63}$/;

/**
 * A call keyed by its name, in a JSON reply's list of calls: browser-use's `{"click_element": {"index": 12}}`,
 * `{"go_back": {}}` — an object of one field whose value is an object (the arguments); undefined otherwise.
 */
function namedByKey(item: unknown): TextCall | undefined {
  if (!isObject(item)) return undefined;
  const keys = Object.keys(item);
  if (keys.length !== 1 || !TOOL_NAME.test(keys[0] as string)) return undefined;
  const args = item[keys[0] as string];
  return isObject(args) ? { name: keys[0] as string, arguments: JSON.stringify(args), at: 0 } : undefined;
}

/**
 * A step whose type names the field that holds its arguments, in a JSON reply's list of steps (a
 * GPT-Pilot-like `{"type": "command", "command": {"command": "bal build", "timeout": 120}}`, `{"type":
 * "save_file", "save_file": {"path": …, "content": …}}`): a call of that name; undefined otherwise.
 */
function typedStep(item: unknown): TextCall | undefined {
  if (!isObject(item) || typeof item.type !== 'string' || !TOOL_NAME.test(item.type)) return undefined;
  const args = item[item.type];
  return isObject(args) ? { name: item.type, arguments: JSON.stringify(args), at: 0 } : undefined;
}

/** A fenced block's text when it is one call object with its arguments ({@link callOf}), or undefined. */
/** A JSON list of call objects (each {@link jsonCall}'s), as one call starting at `at`; undefined for any other list. */
function jsonCallList(json: string, at: number): TextCall | undefined {
  if (!json.endsWith(']')) return undefined;
  const v = parseJson(json) ?? parseJson(fromPythonLiteral(json));
  if (!Array.isArray(v) || !v.length || v.length > LISTED_CALLS_MAX) return undefined;
  const calls: { name: string; arguments: string }[] = [];
  for (const item of v) {
    const call = isObject(item) && (ARGS_FIELDS.some((a) => a in item) || apiCall(item)) ? callOf(item) : undefined;
    if (!call) return undefined;
    calls.push(call);
  }
  return listedCall(calls, at);
}

function jsonCall(code: string): TextCall | undefined {
  if (code.charCodeAt(code.length - 1) !== 0x7d) return undefined;
  const v = parseJson(code);
  if (!isObject(v)) return undefined;
  // (a name alone is data — a package.json shown — not a call)
  return ARGS_FIELDS.some((a) => a in v) ? callOf(v) : (requestCall(v) ?? callList(v)?.call ?? commandsCall(v));
}

/** Fields of a runner's object of commands besides the commands (`{"commands": […], "cwd": …}`). */
const COMMANDS_FIELDS = new Set(['commands', 'cwd', 'workdir', 'timeout']);

/**
 * An object that holds only the list of commands a runner is to run (a Devika-like `{"commands": ["make",
 * "make test"], "cwd": "web"}`): one shell call that runs them in turn. (A lone `{"command": …}` is a
 * named tool's arguments: Kimi's `functions.Shell:0` writes them so.)
 */
function commandsCall(v: Record<string, unknown>): TextCall | undefined {
  if (!Object.keys(v).every((k) => COMMANDS_FIELDS.has(k))) return undefined;
  const list = Array.isArray(v.commands) ? v.commands : undefined;
  if (!list?.length || list.length > LISTED_CALLS_MAX || !list.every((c) => typeof c === 'string' && c.trim()))
    return undefined;
  return { name: 'execute_command', arguments: JSON.stringify({ command: list.join('\n') }), at: 0 };
}

/**
 * A tool message whose `request` field names the tool and whose other fields are its arguments
 * (Langroid's `{"request": "read_file", "path": "docs/PROTOCOL.md"}`); undefined for any other object.
 */
function requestCall(v: Record<string, unknown>): TextCall | undefined {
  const { request, ...args } = v;
  if (typeof request !== 'string' || !TOOL_NAME.test(request)) return undefined;
  return { name: request, arguments: JSON.stringify(args), at: 0 };
}

/** Lines tried, from the end, as the start of a call object a reply ends with. */
const TRAILING_JSON_TRIES = 3;

/**
 * The call object a reply ends with after its words, on lines of its own (a Moatless-like
 * `Thought: …` then `{"action": "ViewCode", "action_args": {…}}`): a JSON object with a name and
 * its arguments ({@link jsonCall}), starting at one of the last lines that open with `{`.
 */
function trailingJsonCall(text: string): TextCall | undefined {
  const t = text.trimEnd();
  if (t.charCodeAt(t.length - 1) !== 0x7d) return undefined;
  let end = t.length;
  for (let k = 0; k < TRAILING_JSON_TRIES; k += 1) {
    const at = t.lastIndexOf('\n{', end - 1);
    if (at < 0) return undefined;
    const call = jsonCall(t.slice(at + 1));
    if (call) return { ...call, at: at + 1 };
    end = at;
  }
  return undefined;
}

/**
 * What may stand before a list of calls a reply ends with, on its line: nothing, a word or a
 * template's token naming the list (`functools[…]`, `tool_calls: […]`, `<|calls|> […]`).
 */
const LIST_MARKER = /^[ \t]*(?:[A-Za-z_][\w.-]{0,39}[ \t]*:?|<\|[\w.-]{1,40}\|>)?[ \t]*$/;

/** A line that labels the list of calls below it (`Calling tools:`, `Tool calls:`). */
const LIST_LABEL = /^[ \t]*[A-Za-z][\w -]{0,30}:[ \t]*$/;

/**
 * The list of call objects a reply ends with after its words ({@link jsonCallList}: each with a
 * name and its arguments), alone on its lines or after a word or token that names it — a
 * Phi-4-mini-like `functools[{"name": …, "arguments": …}, …]`, `tool_calls: […]` — starting at
 * one of its last brackets that open a list of objects. The call starts where its line does.
 */
function trailingCallList(text: string): TextCall | undefined {
  const t = text.trimEnd();
  if (t.charCodeAt(t.length - 1) !== 0x5d) return undefined;
  let end = t.length;
  for (let k = 0; k < TRAILING_JSON_TRIES; k += 1) {
    const at = t.lastIndexOf('[', end - 1);
    if (at < 0) return undefined;
    end = at;
    let next = at + 1;
    while (next < t.length && isSpace(t.charCodeAt(next))) next += 1;
    if (t.charCodeAt(next) !== 0x7b) continue;
    const line = t.lastIndexOf('\n', at - 1) + 1;
    const marker = t.slice(line, at);
    if (!LIST_MARKER.test(marker)) continue;
    // (a list alone on its lines may follow a label of its own: smolagents' `Calling tools:`)
    const above = line > 0 && !marker.trim() ? t.lastIndexOf('\n', line - 2) + 1 : line;
    const call = jsonCallList(t.slice(at), above < line && LIST_LABEL.test(t.slice(above, line - 1)) ? above : line);
    if (call) return call;
  }
  return undefined;
}

/** Whether an object is a call in the API's own shape (`{"type": "function", "function": {"name", "arguments"}}`). */
function apiCall(item: Record<string, unknown>): boolean {
  const fn = item['function'];
  return isObject(fn) && typeof fn['name'] === 'string' && 'arguments' in fn;
}

/**
 * A Python literal as JSON text, as far as a repr of dicts, lists and strings goes (a harness that
 * logs its calls with `print`: `[{'id': 'call_…', 'function': {'name': 'run', 'arguments': {…}}}]`):
 * single-quoted strings double-quoted, `True`/`False`/`None` outside strings as JSON's. Text that is
 * no such literal comes back as something JSON.parse refuses. Linear: one pass.
 */
function fromPythonLiteral(text: string): string {
  if (text.length > JSON_REPLY_MAX_CHARS || !text.includes("'")) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === "'" || c === '"') {
      // a string: its characters up to the same unescaped quote, written with double quotes
      let j = i + 1;
      let body = '';
      for (; j < text.length && text[j] !== c; j += 1) {
        const d = text[j] as string;
        if (d === '\\' && j + 1 < text.length) {
          const e = text[j + 1] as string;
          body += e === "'" ? "'" : `\\${e}`;
          j += 1;
        } else body += d === '"' ? '\\"' : d;
      }
      if (j >= text.length) return text;
      out += `"${body}"`;
      i = j + 1;
      continue;
    }
    // (a constant opens with its capital: no slice is taken for any other character)
    const word = c === 'T' || c === 'F' || c === 'N' ? PYTHON_CONSTANT.exec(text.slice(i, i + 6)) : null;
    if (word && !/\w/.test(text[i - 1] ?? '')) {
      out += word[1] === 'True' ? 'true' : word[1] === 'False' ? 'false' : 'null';
      i += (word[1] as string).length;
      continue;
    }
    out += c;
    i += 1;
  }
  return out;
}
/** Python's constants, as a literal writes them. */
const PYTHON_CONSTANT = /^(True|False|None)\b/;

/** The value a text holds as JSON, or undefined (not JSON, or longer than {@link JSON_REPLY_MAX_CHARS}). */
function parseJson(text: string): unknown {
  if (text.length > JSON_REPLY_MAX_CHARS) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A line a harness heads an output with: the words of an output between marks a person does not
 * type around them — `<<function results>>`, `[[tool output]]`, `=== Command output ===`,
 * `--- tool result ---`.
 */
const DECORATED_OUTPUT =
  /^\s*(?:<<|\[\[|\{\{|={2,}|-{3,}|\*{3,})[ \t]*(?:(?:tool|function|command|execution|code|shell|action|api|call)s?[ _-]?)?(?:results?|outputs?|observations?|responses?|returns?)[ \t]*(?:>>|\]\]|\}\}|={2,}|-{3,}|\*{3,})[ \t]*:?[ \t]*(?:\n|$)/i;

/** The output label or tag a text opens with, if any. */
function outputHead(content: string): RegExpExecArray | null {
  const start = content.length > 200 ? content.slice(0, 200) : content;
  return (
    OUTPUT_HEAD.exec(start) ??
    OUTPUT_TAG.exec(start) ??
    MARKED_OUTPUT.exec(start) ??
    DECORATED_OUTPUT.exec(start) ??
    EDIT_REPORT.exec(start)
  );
}

/**
 * The output a message holds after its label: a wrapper tag and its closing tag taken off
 * (`<tool_response>…</tool_response>`); tags that say how the command ended (`<returncode>1</returncode>`)
 * are kept, the output's reader understands them.
 */
function outputBody(content: string, head: RegExpExecArray): string {
  if (MARKED_OUTPUT.test(head[0])) return markedBody(content.slice(head[0].length));
  const tag = head[1]?.toLowerCase();
  if (tag === undefined) {
    // (how the command ended, when the label says it: `Code execution result (exit code 1):`)
    const status = LABEL_EXIT.exec(head[0])?.[1];
    const body = content.slice(head[0].length);
    return status !== undefined && status !== '0' ? `${body.trimEnd()}\n(exit code ${status})` : body;
  }
  if (!WRAPPER_TAGS.has(tag) && !/_(?:results?|outputs?|responses?|observations?)$/.test(tag)) return content.trim();
  const inner = content.slice(head[0].length);
  const close = inner.toLowerCase().lastIndexOf(`</${tag}>`);
  const body = (close >= 0 ? inner.slice(0, close) : inner).replace(/^\s*\n/, '').trimEnd();
  // (how the command ended, when the tag says it: `<result exit="1">` — kept as the output's last line)
  const exit = EXIT_ATTRIBUTE.exec(head[0])?.[1];
  return exit !== undefined && exit !== '0' ? `${body}\n(exit code ${exit})` : body;
}

/**
 * A marked output's text: its closing marker taken off, and a template's JSON of it read
 * (`{"content": "…", "call_id": "…"}`: the content, unescaped).
 */
function markedBody(rest: string): string {
  const body = rest.replace(MARKED_OUTPUT_END, '').trim();
  if (body.charCodeAt(0) !== 0x7b || body.charCodeAt(body.length - 1) !== 0x7d) return body;
  const v = parseJson(body);
  if (!isObject(v) || !Object.keys(v).every((k) => k === 'content' || CALL_ID_FIELDS.includes(k))) return body;
  const inner = v.content;
  return typeof inner === 'string' ? inner : JSON.stringify(inner ?? '');
}

/** The exit status an output's label gives in parentheses: `(exit code 1)`, `(exit status: 2)`, `(returncode=1)`. */
const LABEL_EXIT = /\((?:exit(?:[ _]?(?:code|status))?|return[ _]?code|returncode|rc)[ \t]*[:=]?[ \t]*(-?\d{1,5})\)/i;
/** An output tag's attribute that gives the command's exit status: `exit="1"`, `exit_code='2'`, `returncode=1`. */
const EXIT_ATTRIBUTE = /\s(?:exit|exit_code|exitcode|returncode|status)=["']?(-?\d{1,5})["']?/i;

/**
 * Whether a user message is a tool's output a harness sent as text: it opens with an output's
 * label (`Observation:`, `Code output:`, …) or a result heading ({@link TEXT_RESULT_HEAD}).
 */
export function isTextToolOutput(content: string, previous?: string): boolean {
  return (
    outputHead(content) !== null ||
    pairedOutput(content, previous) !== undefined ||
    agentOutput(content) !== undefined ||
    jsonResults(content) !== undefined ||
    TEXT_RESULT_HEAD.test(content.length > 200 ? content.slice(0, 200) : content) ||
    RESPONSES_OUTPUT.test(content.length > 200 ? content.slice(0, 200) : content)
  );
}

/**
 * How a harness's output opens when no label says so, recognised by its shape: a fence (```tool_outputs,
 * ```), a chat template's token on the first line (`environment name=<|plugin|>`), a bracketed field
 * marker (`[[ ## observation_0 ## ]]`). A person's message opens with words — or with a tag a
 * harness wraps them in (`<feedback>`, `<answer>`): a tag alone is no sign of an output (the tags
 * of outputs are known: {@link OUTPUT_TAG}).
 */
const MACHINE_OPENING =
  /^(?:(?:```|~~~)[\w.+-]*[ \t]*$|[^\n]{0,60}<\|[\w.-]{1,40}\|>|\[\[ ?#{1,3} [^\n]{1,60} #{1,3} ?\]\][ \t]*$)/;
/**
 * How a reply that made its call in text ends: a closing fence, a chat template's token
 * (`<|action_end|>`), a field marker (`[[ ## completed ## ]]`), a closing tag.
 */
const MACHINE_ENDING =
  /(?:^(?:```|~~~)|<\|[\w.-]{1,40}\|>|^\[\[ ?#{1,3} [^\n]{1,60} #{1,3} ?\]\]|^<\/[A-Za-z][\w:-]{0,40}>)[ \t]*$/;
/**
 * The chat template's tokens a line opens with, and the name between them (`<|start_of_role|>tool_response<|end_of_role|>`;
 * Harmony's with whom it addresses: `<|start|>functions.read_file to=assistant<|channel|>commentary<|message|>`).
 */
const LEADING_TOKENS = /^(?:<\|[\w.-]{1,40}\|>(?:[A-Za-z_][\w.-]{0,39}(?: to=[\w.-]{1,80})?)?\s?)+/;
/** A template's token closing an output (`<|end_of_text|>`, `<|im_end|>`, Phi's `<|/tool|>`), alone. */
const TOKEN = /^<\|\/?[\w.-]{1,40}\|>$/;

/**
 * `text` without the template's token it ends with, if one (found from the end: a regular
 * expression with leading spaces, `\s*<\|…\|>\s*$`, is tried at every position of a long run
 * of spaces — quadratic).
 */
function withoutTrailingToken(text: string): string {
  const t = text.trimEnd();
  if (!t.endsWith('|>')) return text;
  const open = t.lastIndexOf('<|', t.length - 3);
  return open >= 0 && TOKEN.test(t.slice(open)) ? t.slice(0, open).trimEnd() : text;
}
/** Characters of a message's start, and of a reply's end, read for {@link pairedOutput}. */
const PAIRED_SCAN_CHARS = 400;

/**
 * A harness's output recognised by the exchange rather than a label it is known by: the reply
 * before it (`previous`) ends in a machine block — the call it wrote — and the message opens with
 * one ({@link MACHINE_OPENING}). A fenced output must be the whole message (a person's fenced paste
 * followed by a question is a request). Its body: the text after the opening line (a fence's
 * closing line taken off). Undefined for anything else.
 */
export function pairedOutput(content: string, previous: string | undefined): { body: string } | undefined {
  if (previous === undefined) return undefined;
  // (a reply written as one JSON object that made a call: the message after it is its output)
  if (isJsonReply(previous)) {
    const call = jsonReply(previous)?.call;
    return call && awaitsOutput(call.name, content) ? { body: answerBody(content, jsonResults(content)) } : undefined;
  }
  const tail = previous.length > PAIRED_SCAN_CHARS ? previous.slice(-PAIRED_SCAN_CHARS) : previous;
  const ending = tail.trimEnd();
  const lastLine = ending.slice(ending.lastIndexOf('\n') + 1);
  // (or the reply's call is its last line: Granite's `<|tool_call|>[{"name": …}]`; the reply is
  // parsed for its call at most once)
  let call = MACHINE_ENDING.test(lastLine)
    ? null
    : lastLine.includes('<|') || lastLine.endsWith(')]')
      ? textCall(previous)
      : undefined;
  // (a plan's evidence, `#E1 = …`, answering the steps the plan wrote: `#E1 = Compile[app]`)
  if (call === undefined) return lastLine.endsWith(']') ? evidenceOutput(content, previous) : undefined;
  const machine = machineOutput(content) ?? agentOutput(content);
  if (machine) return machine;
  call ??= textCall(previous);
  return call ? namingOutput(content, call) : undefined;
}

/**
 * A message whose first line is a heading or a label that names the call the reply made (Kimi's
 * `## Return of functions.ReadFile:0` after `<|tool_call_begin|>functions.ReadFile:0…`): markup
 * or a closing colon, short, no sentence: its body.
 */
function namingOutput(content: string, call: TextCall): { body: string } | undefined {
  const start = content.trimStart();
  const lineEnd = start.indexOf('\n');
  const first = (lineEnd < 0 ? start : start.slice(0, lineEnd)).trim();
  if (first.length > 100 || /[.?!]$/.test(first) || !(/^[#[<=*]/.test(first) || first.endsWith(':'))) return undefined;
  if (!namesWord(first, call.name)) return undefined;
  return { body: lineEnd < 0 ? '' : start.slice(lineEnd + 1).trimEnd() };
}

/**
 * The label another agent's message opens with when a team's transcript is sent as the model's
 * user turns (Magentic-One's `ComputerTerminal:` and `FileSurfer:`, AutoGen's `code_executor (to
 * assistant):`): alone on the first line, a name written as an identifier — two words joined
 * (`ComputerTerminal`, `code_executor`, `web-surfer`) or any name with whom it addresses
 * (`executor (to assistant):`, `Coder (-> Orchestrator):`). A person's line `Update:` or `Note:` is
 * one plain word and no address.
 */
const AGENT_LABEL =
  /^(?:([A-Za-z][a-z0-9]*(?:[A-Z][A-Za-z0-9]*|[_-][A-Za-z0-9]+)+)|([A-Za-z][\w-]{0,40})\s*\((?:to|->|→)\s*[\w -]{1,40}\))\s*:[ \t]*$/;
/** The agents that relay a person's own words (AutoGen's `user_proxy`, a `UserProxy`, `Admin`, `human`). */
const PERSON_PROXY = /user|human|admin|person|customer|client|owner|boss/i;

/**
 * A message another agent of a team wrote and the harness sent as a user turn ({@link AGENT_LABEL}):
 * the text after its label — a report, not the person's request. Undefined for anything else.
 */
export function agentOutput(content: string): { body: string } | undefined {
  const start = content.trimStart();
  const lineEnd = start.indexOf('\n');
  const first = (lineEnd < 0 ? start : start.slice(0, lineEnd)).trim();
  if (first.length > 90) return undefined;
  const label = AGENT_LABEL.exec(first);
  if (!label || PERSON_PROXY.test(label[1] ?? label[2] ?? '')) return undefined;
  return { body: lineEnd < 0 ? '' : start.slice(lineEnd + 1).trimEnd() };
}

/** A message that opens with a machine block ({@link MACHINE_OPENING}; a fenced one whole): its body. */
function machineOutput(content: string): { body: string } | undefined {
  const start = content.trimStart();
  const lineEnd = start.indexOf('\n');
  const first = (lineEnd < 0 ? start : start.slice(0, lineEnd)).slice(0, PAIRED_SCAN_CHARS);
  if (!MACHINE_OPENING.test(first)) return undefined;
  const rest = lineEnd < 0 ? '' : start.slice(lineEnd + 1);
  const fence = /^(```|~~~)/.exec(first)?.[1];
  if (fence === undefined) {
    // (what follows a first line's opening tokens is the output's: `<|start_of_role|>tool_response<|end_of_role|># Rules`;
    // a closing token, `<|end_of_text|>`, is not)
    const opened = LEADING_TOKENS.exec(first);
    const head = opened ? first.slice(opened[0].length).trim() : '';
    const body = (head ? `${head}\n${rest}` : rest).trimEnd();
    return { body: withoutTrailingToken(body).trimEnd() };
  }
  const close = rest.indexOf(`\n${fence}`);
  const closeAt = rest.startsWith(fence) ? 0 : close < 0 ? -1 : close + 1;
  if (closeAt >= 0 && rest.slice(closeAt + fence.length).trim()) return undefined;
  return { body: (closeAt >= 0 ? rest.slice(0, closeAt) : rest).trimEnd() };
}

/** The tool a text output's label names: `Output of deploy:`, `Result of search_class("Lexer"):`, `Command run_tests returned:`. */
const NAMED_LABEL = /^\s*(?:(?:output|result) of ([\w.-]{1,80})|command ([\w.-]{1,80}) returned)/i;

/**
 * The output a user message holds when it can only be a harness's tool output — a label or tag
 * a person does not write (`Observation:`, `<tool_response>`, `[bash] Result:`, a Responses output
 * item; not a bare `Output:` or `Result:`) — with the tool's name when the label gives it; else undefined.
 * The session workflow's facts read it as a tool result, not a request (src/context/facts.ts).
 */
export function harnessOutput(
  content: string,
  previous?: string,
): { tool?: string; argument?: string; body: string } | undefined {
  const item = responsesOutput(content);
  if (item !== undefined) return { body: item };
  const start = content.length > 200 ? content.slice(0, 200) : content;
  const result = TEXT_RESULT_HEAD.exec(start);
  if (result) {
    const [head, tool, argument] = result as unknown as [string, string, string | undefined];
    return { tool, ...(argument === undefined ? {} : { argument }), body: content.slice(head.length) };
  }
  const head = outputHead(content);
  // (a label a person may write too is an output when it answers the call the reply before it made)
  if (head && PERSON_MAY_WRITE.test(head[0]) && previous !== undefined && textCall(previous))
    return { body: outputBody(content, head) };
  if (!head || PERSON_MAY_WRITE.test(head[0])) {
    const listed = head
      ? undefined
      : (jsonResults(content) ??
        resultsOfCalls(content, () => (previous === undefined ? undefined : textCall(previous))));
    return pairedOutput(content, previous) ?? (listed === undefined ? agentOutput(content) : { body: listed });
  }
  const named = head[1] === undefined ? NAMED_LABEL.exec(head[0]) : null;
  const tool = named?.[1] ?? named?.[2];
  return { ...(tool === undefined ? {} : { tool }), body: outputBody(content, head) };
}

/**
 * A Responses API output item a harness sends as the user message: `{"type": "function_call_output",
 * "call_id": …, "output": …}` (the output a string, or a list of text parts).
 */
const RESPONSES_OUTPUT = /^\{[^\n]{0,160}?"type"\s*:\s*"function_call_output"/;
/** A Responses API call item in the assistant's text: `{"type": "function_call", "name": …, "arguments": …}`. */
const RESPONSES_CALL = '"function_call"';
/** Longest item parsed (a larger message is read as it is). */
const RESPONSES_ITEM_MAX_CHARS = 2_000_000;

/** The output text of a Responses API output item ({@link RESPONSES_OUTPUT}), or undefined. */
function responsesOutput(content: string): string | undefined {
  if (content.charCodeAt(0) !== 0x7b || content.length > RESPONSES_ITEM_MAX_CHARS) return undefined;
  if (!RESPONSES_OUTPUT.test(content.length > 200 ? content.slice(0, 200) : content)) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(content);
  } catch {
    return undefined;
  }
  const output = (v as Record<string, unknown>)['output'];
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) {
    return output
      .map((p: unknown) =>
        typeof p === 'object' && p !== null ? String((p as Record<string, unknown>)['text'] ?? '') : '',
      )
      .join('\n');
  }
  return output === undefined ? '' : JSON.stringify(output);
}

/** The last Responses API call item of the text (on a line of its own, as harnesses write items), or undefined. */
function responsesCall(text: string): TextCall | undefined {
  const key = text.lastIndexOf(RESPONSES_CALL);
  if (key < 0) return undefined;
  const at = text.lastIndexOf('{', key);
  if (at < 0 || (at > 0 && text[at - 1] !== '\n')) return undefined;
  const end = text.indexOf('\n', key);
  let v: unknown;
  try {
    v = JSON.parse(text.slice(at, end < 0 ? text.length : end));
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const item = v as Record<string, unknown>;
  const name = item['name'];
  if (item['type'] !== 'function_call' || typeof name !== 'string' || !name || name.length > MAX_NAME_CHARS)
    return undefined;
  const args = item['arguments'] ?? {};
  return { name, arguments: typeof args === 'string' ? asArguments(args) : JSON.stringify(args), at };
}

/** The call an assistant's text makes last: a ReAct action or a tagged call, else a fenced code block. */
function textCall(content: string): TextCall | undefined {
  return inTail(
    content,
    (t) =>
      latestOf(
        reactCall(t),
        numberedActionCall(t),
        functionalTokenCall(t),
        taggedCall(t),
        executeCall(t),
        markedCall(t),
        fieldCall(t),
        latest(actionTagsCall(t), verbTagsCall(t)),
      ) ??
      tokenCall(t) ??
      pythonListCall(t) ??
      planCall(t) ??
      numberedPlanCall(t) ??
      trailingJsonCall(t) ??
      trailingCallList(t) ??
      fencedCall(t),
  );
}

/** The recipient a Harmony message's header addresses (` to=functions.read_file`): the call's name. */
const RECIPIENT = /\sto=(?:functions\.)?([A-Za-z_][\w.-]{0,79})(?=[\s<])/;

/** A chat template's token (`<|plugin|>`, `<|action_start|>`) right before a call object written as JSON. */
const TOKEN_THEN_JSON = /<\|[\w.-]{1,40}\|>[ \t]*\n?[ \t]*[{[]/g;

/**
 * A call object written as JSON after a chat template's token none of the known markers is
 * (InternLM's `<|action_start|><|plugin|>\n{"name": …, "parameters": …}<|action_end|>`): the last
 * such object, up to the next token; undefined when it is no call ({@link jsonCall}).
 */
function tokenCall(text: string): TextCall | undefined {
  let at = -1;
  for (const m of text.matchAll(TOKEN_THEN_JSON)) at = m.index + m[0].length - 1;
  if (at < 0) return undefined;
  const end = text.indexOf('<|', at);
  const json = text.slice(at, end < 0 ? text.length : end).trim();
  const token = text.lastIndexOf('<|', at);
  // (or a list of them: Command A's `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": …, "parameters": …}, …]`)
  if (json.startsWith('[')) return jsonCallList(json, token);
  const call = jsonCall(json);
  if (call) return { ...call, at: token };
  // (or the arguments alone, addressed to the call: Harmony's `<|start|>assistant<|channel|>commentary
  // to=functions.read_file <|constrain|>json<|message|>{"path": …}<|call|>`)
  const header = text.slice(Math.max(0, text.lastIndexOf('\n', token - 1) + 1, token - 300), token);
  const recipient = RECIPIENT.exec(header);
  if (recipient && json.endsWith('}') && isObject(parseJson(json))) {
    const start = text.lastIndexOf('<|start|>', token);
    const line = text.lastIndexOf('\n', token - 1) + 1;
    return { name: recipient[1] as string, arguments: json, at: start >= line ? start : line };
  }
  // (or the arguments alone, the call's name between the tokens before them: Kimi's
  // `<|tool_call_begin|>functions.ReadFile:0<|tool_call_argument_begin|>{"path": …}`)
  const opened = text.lastIndexOf('|>', token - 1);
  const named = opened < 0 ? null : TOKEN_NAMED.exec(text.slice(opened + 2, token).trim());
  if (!named || !json.endsWith('}') || !isObject(parseJson(json))) return undefined;
  return { name: named[1] as string, arguments: json, at: text.lastIndexOf('<|', opened) };
}

/** Whether `word` occurs in `text` as a whole word (no letter, digit or `_` on either side). */
function namesWord(text: string, word: string): boolean {
  const isWord = (c: number) =>
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
  for (let at = text.indexOf(word); at >= 0 && word; at = text.indexOf(word, at + 1)) {
    if (!isWord(text.charCodeAt(at - 1)) && !isWord(text.charCodeAt(at + word.length))) return true;
  }
  return false;
}

/** A call's name between a template's tokens: `functions.ReadFile:0`, `get_weather`, `tools.search:3`. */
const TOKEN_NAMED = /^(?:[A-Za-z_][\w-]{0,30}\.)?([A-Za-z_][\w-]{0,79})(?::\d{1,4})?$/;

/** A field marker of a prompt program's reply (`[[ ## next_tool_name ## ]]`) and its label. */
const FIELD_MARKER = /^\[\[ ?#{1,3} ([\w.-]{1,60}) #{1,3} ?\]\][ \t]*$/gm;
/** Field labels that hold a call's name, and its arguments. */
const NAME_FIELD = /(?:^|_)(?:tool|function|action)(?:_name)?$/i;
const ARGS_FIELD = /(?:^|_)(?:tool_)?(?:args|arguments|parameters|input)$/i;

/**
 * A call a reply writes as named fields (DSPy's `[[ ## next_tool_name ## ]]` then the name,
 * `[[ ## next_tool_args ## ]]` then its arguments as JSON): the last name field and the arguments
 * after it. A finishing name (`finish`, `final_answer`) is no call.
 */
function fieldCall(text: string): TextCall | undefined {
  if (!text.includes('[[')) return undefined;
  const fields: { label: string; at: number; value: string }[] = [];
  let prev: { label: string; at: number; start: number } | undefined;
  for (const m of text.matchAll(FIELD_MARKER)) {
    if (prev) fields.push({ label: prev.label, at: prev.at, value: text.slice(prev.start, m.index).trim() });
    prev = { label: m[1] as string, at: m.index, start: m.index + m[0].length };
  }
  if (prev) fields.push({ label: prev.label, at: prev.at, value: text.slice(prev.start).trim() });
  let name: (typeof fields)[number] | undefined;
  for (const f of fields) if (NAME_FIELD.test(f.label) && /^[\w.-]{1,80}$/.test(f.value)) name = f;
  if (!name || /^(?:finish|final[_ ]?answer|done)$/i.test(name.value)) return undefined;
  const args = fields.find((f) => f.at > name.at && ARGS_FIELD.test(f.label));
  const value = args?.value ?? '';
  const json =
    value.startsWith('{') && isObject(parseJson(value)) ? value : JSON.stringify(value ? { input: value } : {});
  return { name: name.value, arguments: json, at: name.at };
}

/**
 * A chat template's call marker a harness renders into the assistant's text, followed by the call
 * as JSON: Mistral's `[TOOL_CALLS] [{"name": …, "arguments": …, "id": …}]`, Llama's
 * `<|python_tag|>{"name": …, "parameters": …}`, `<|tool_call|>…`. The last such marker of the text;
 * of a list of calls, the first (the pair it is answered in has one output).
 */
const CALL_MARKERS = ['[TOOL_CALLS]', '<|python_tag|>', '<|tool_call|>', '<|tool_calls|>'] as const;
const CALL_MARKER_END = /(?:\[\/TOOL_CALLS\]|<\|\/tool_calls?\|>|<\|eom_id\|>|<\|eot_id\|>)\s*$/;

function markedCall(text: string): TextCall | undefined {
  const deepseek = deepseekCall(text);
  if (deepseek) return deepseek;
  let at = -1;
  let marker = '';
  for (const m of CALL_MARKERS) {
    const i = text.lastIndexOf(m);
    if (i > at) [at, marker] = [i, m];
  }
  if (at < 0) return undefined;
  const json = text
    .slice(at + marker.length)
    .replace(CALL_MARKER_END, '')
    .trim();
  if (!/^[[{]/.test(json)) return undefined;
  const v = parseJson(json);
  const call = callOf(Array.isArray(v) ? v[0] : v);
  return call && { ...call, at };
}

/**
 * Tags a CodeAct-style agent runs code in (OpenHands' `<execute_bash>`, `<execute_ipython>`, a plain
 * `<execute>`), or an agent its one command a step (`<COMMAND>open "src/a.swift" 40</COMMAND>` after its
 * `<UPDATE>` block, answered by `<COMMAND_OUTPUT>`).
 */
const EXECUTE_TAGS = ['execute_bash', 'execute', 'execute_ipython', 'execute_python', 'COMMAND'] as const;

/** The last block of code the text runs in an execute tag ({@link EXECUTE_TAGS}): a shell command, or Python it runs. */
function executeCall(text: string): TextCall | undefined {
  let found: { body: string; at: number; tag: string } | undefined;
  for (const tag of EXECUTE_TAGS) {
    const block = lastBlock(text, tag);
    if (block && block.body && (!found || block.at > found.at)) found = { ...block, tag };
  }
  if (!found) return undefined;
  return found.tag.endsWith('python')
    ? { name: 'run_python', arguments: JSON.stringify({ code: found.body }), at: found.at }
    : { name: 'execute_command', arguments: JSON.stringify({ command: found.body }), at: found.at };
}

/** The call `find` sees in the last {@link CALL_SCAN_CHARS} of `content`, placed in the whole text. */
function inTail(content: string, find: (text: string) => TextCall | undefined): TextCall | undefined {
  const from = Math.max(0, content.length - CALL_SCAN_CHARS);
  const call = find(from ? content.slice(from) : content);
  if (!call) return undefined;
  call.at += from;
  // what the assistant said, read from the tail, starts with the text before it
  if (from && call.said !== undefined) call.said = `${content.slice(0, from).trimEnd()}\n${call.said}`;
  return call;
}

/** The assistant's message `m` in the API's shape: its text before the call, and the call as its one tool call. */
function withCall(m: ChatMessage, call: TextCall, id: string): ChatMessage {
  return {
    ...m,
    content: call.said ?? (m.content ?? '').slice(0, call.at).trimEnd(),
    tool_calls: toolCallsOf(call, id),
  };
}

/** Most calls read from one list of calls (a Python list, a JSON list, a reply's action tags). */
const LISTED_CALLS_MAX = 16;

/** The calls of a list (at least one) as one call, starting at `at`: the first, the others with it. */
function listedCall(calls: readonly { name: string; arguments: string }[], at: number): TextCall {
  const [first, ...more] = calls as [{ name: string; arguments: string }, ...{ name: string; arguments: string }[]];
  return {
    name: first.name,
    arguments: first.arguments,
    at,
    ...(more.length ? { more: more.map((c) => ({ name: c.name, arguments: c.arguments })) } : {}),
  };
}

/** A call read from text as the API's tool calls: it, then the calls written with it (the output answers the first). */
function toolCallsOf(call: TextCall, id: string): NonNullable<ChatMessage['tool_calls']> {
  return [
    { id, type: 'function', function: { name: call.name, arguments: call.arguments } },
    ...(call.more ?? []).map((c, k) => ({
      id: `${id}-${k + 2}`,
      type: 'function' as const,
      function: { name: c.name, arguments: c.arguments },
    })),
  ];
}

/** Of two calls found in one text, the one made last. */
function latest(a: TextCall | undefined, b: TextCall | undefined): TextCall | undefined {
  return a && b ? (a.at > b.at ? a : b) : (a ?? b);
}

/** The call of `calls` that starts last in the text ({@link latest}, folded from the first: on a tie, the later one of the list). */
function latestOf(...calls: (TextCall | undefined)[]): TextCall | undefined {
  let found: TextCall | undefined;
  for (const call of calls) found = latest(found, call);
  return found;
}

/** The openings of a call and of each of its arguments in the `<invoke>` format. */
const INVOKE = '<invoke name="';
const PARAMETER = '<parameter name="';

/**
 * The last tagged call of the text: `<tool_call>{"name": "…", "arguments": {…}}</tool_call>` (or
 * `<function_call>`, with `parameters` or `input` for the arguments), or `<invoke name="…">`
 * with one `<parameter name="…">value</parameter>` per argument.
 */
function taggedCall(text: string): TextCall | undefined {
  const json = lastBlock(text, 'tool_call') ?? lastBlock(text, 'function_call');
  const invoke = text.lastIndexOf(INVOKE);
  if (json && json.at > invoke) {
    const last = blockCall(json.body, json.at);
    if (!last) return undefined;
    // (several calls in one reply, a block each, as Hermes-style and Qwen3-Coder templates write
    // them: the blocks right before the last one, only white space between them, are its list)
    const tag = text.startsWith('<tool_call>', json.at) ? 'tool_call' : 'function_call';
    const open = `<${tag}>`;
    const close = `</${tag}>`;
    const calls = [last];
    let at = json.at;
    while (calls.length < LISTED_CALLS_MAX) {
      let end = at;
      while (end > 0 && isSpace(text.charCodeAt(end - 1))) end -= 1;
      if (!text.startsWith(close, end - close.length)) break;
      const start = text.lastIndexOf(open, end - close.length);
      if (start < 0) break;
      const call = blockCall(text.slice(start + open.length, end - close.length).trim(), start);
      if (!call) break;
      calls.unshift(call);
      at = start;
    }
    return calls.length === 1 ? last : listedCall(calls, at);
  }
  if (invoke < 0) return undefined;
  const nameEnd = text.indexOf('"', invoke + INVOKE.length);
  const end = text.indexOf('</invoke>', invoke);
  if (nameEnd < 0 || end < 0) return undefined;
  const name = text.slice(invoke + INVOKE.length, nameEnd);
  if (!name || name.length > MAX_NAME_CHARS) return undefined;
  const args: Record<string, string> = {};
  const body = text.slice(nameEnd, end);
  // (each from the end of the one before: the text is read once)
  for (let p = body.indexOf(PARAMETER); p >= 0;) {
    const keyEnd = body.indexOf('">', p + PARAMETER.length);
    const close = keyEnd < 0 ? -1 : body.indexOf('</parameter>', keyEnd);
    if (close < 0) break;
    args[body.slice(p + PARAMETER.length, keyEnd)] = body.slice(keyEnd + 2, close).trim();
    p = body.indexOf(PARAMETER, close);
  }
  // (from the `<function_calls>` around it, when it is still open there: the assistant said what comes before)
  const wrapper = text.lastIndexOf('<function_calls>', invoke);
  const open = wrapper >= 0 && text.lastIndexOf('</function_calls>', invoke) < wrapper;
  return { name, arguments: JSON.stringify(args), at: open ? wrapper : invoke };
}

/**
 * A call block's body written as GLM-4.5 writes it: the function's name, then its arguments as
 * `<arg_key>goal</arg_key>` / `<arg_value>…</arg_value>` pairs. Undefined for anything else.
 */
function keyedCall(body: string, at: number): TextCall | undefined {
  const first = body.search(/[\n<]/);
  const name = (first < 0 ? body : body.slice(0, first)).trim();
  if (!/^[\w.-]{1,80}$/.test(name)) return undefined;
  const args: Record<string, string> = {};
  for (let p = body.indexOf('<arg_key>'); p >= 0;) {
    const keyEnd = body.indexOf('</arg_key>', p);
    const value = keyEnd < 0 ? -1 : body.indexOf('<arg_value>', keyEnd);
    const close = value < 0 ? -1 : body.indexOf('</arg_value>', value);
    if (close < 0) break;
    args[body.slice(p + 9, keyEnd).trim()] = body.slice(value + 11, close).trim();
    p = body.indexOf('<arg_key>', close);
  }
  // (a name alone is a call only when nothing else follows it: prose in a block is no call)
  if (!Object.keys(args).length && first >= 0 && body.slice(first).trim()) return undefined;
  return { name, arguments: JSON.stringify(args), at };
}

/**
 * The call of one `<tool_call>` (or `<function_call>`) block's body: `{"name": …, "arguments": …}`
 * (or `parameters`, `input`), Qwen3-Coder's `<function=name>` tags, GLM-4.5's name and keyed pairs.
 */
function blockCall(body: string, at: number): TextCall | undefined {
  // (Qwen3-Coder's: `<function=name>` then `<parameter=key>value</parameter>` tags)
  if (body.startsWith(FUNCTION_TAG)) return functionTagCall(body, at);
  // (GLM-4.5's: the name on the first line, then `<arg_key>k</arg_key><arg_value>v</arg_value>` pairs)
  if (body.charCodeAt(0) !== 0x7b) return keyedCall(body, at);
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const call = v as Record<string, unknown>;
  const name = call['name'];
  if (typeof name !== 'string' || !name || name.length > MAX_NAME_CHARS) return undefined;
  const args = call['arguments'] ?? call['parameters'] ?? call['input'] ?? {};
  return { name, arguments: typeof args === 'string' ? asArguments(args) : JSON.stringify(args), at };
}

/** How Qwen3-Coder's template opens a call and each of its arguments inside `<tool_call>`. */
const FUNCTION_TAG = '<function=';
const PARAMETER_TAG = '<parameter=';

/**
 * A call block's body written as Qwen3-Coder's template writes it: `<function=run_shell>`, then
 * one `<parameter=command>` … `</parameter>` per argument (the value on its own lines), then
 * `</function>`. Undefined when the name is not a tool's name.
 */
function functionTagCall(body: string, at: number): TextCall | undefined {
  const nameEnd = body.indexOf('>');
  const name = nameEnd < 0 ? '' : body.slice(FUNCTION_TAG.length, nameEnd).trim();
  if (!TOOL_NAME.test(name)) return undefined;
  const end = body.indexOf('</function>', nameEnd);
  const inner = body.slice(nameEnd + 1, end < 0 ? body.length : end);
  const args: Record<string, string> = {};
  // (each from the end of the one before: the body is read once)
  for (let p = inner.indexOf(PARAMETER_TAG); p >= 0;) {
    const keyEnd = inner.indexOf('>', p);
    const close = keyEnd < 0 ? -1 : inner.indexOf('</parameter>', keyEnd);
    if (close < 0) break;
    // (the template puts the value on its own line: one newline on each side is the template's)
    args[inner.slice(p + PARAMETER_TAG.length, keyEnd).trim()] = inner
      .slice(keyEnd + 1, close)
      .replace(/^\r?\n/, '')
      .replace(/\r?\n$/, '');
    p = inner.indexOf(PARAMETER_TAG, close);
  }
  return { name, arguments: JSON.stringify(args), at };
}

/** The body of the last `<tag>…</tag>` block of the text, and where it opens. */
function lastBlock(text: string, tag: string): { body: string; at: number } | undefined {
  const at = text.lastIndexOf(`<${tag}>`);
  if (at < 0) return undefined;
  const close = text.indexOf(`</${tag}>`, at);
  return { body: text.slice(at + tag.length + 2, close < 0 ? text.length : close).trim(), at };
}

/** DeepSeek's template markers: `<｜tool▁call▁begin｜>function<｜tool▁sep｜>name` then the arguments as JSON (fenced or not). */
const DEEPSEEK_CALLS = '<｜tool▁calls▁begin｜>';
const DEEPSEEK_CALL = '<｜tool▁call▁begin｜>';
const DEEPSEEK_SEP = '<｜tool▁sep｜>';
const DEEPSEEK_CALL_END = '<｜tool▁call▁end｜>';

/** The last call a DeepSeek template writes in the text (`function<｜tool▁sep｜>name` then ```json {…}```, or `name<｜tool▁sep｜>{…}`). */
function deepseekCall(text: string): TextCall | undefined {
  const at = text.lastIndexOf(DEEPSEEK_CALL);
  if (at < 0) return undefined;
  const end = text.indexOf(DEEPSEEK_CALL_END, at);
  const call = text.slice(at + DEEPSEEK_CALL.length, end < 0 ? text.length : end);
  const sep = call.indexOf(DEEPSEEK_SEP);
  if (sep < 0) return undefined;
  let name = call.slice(0, sep).trim();
  let rest = call.slice(sep + DEEPSEEK_SEP.length);
  if (name === 'function') {
    const line = rest.indexOf('\n');
    name = (line < 0 ? rest : rest.slice(0, line)).trim();
    rest = line < 0 ? '' : rest.slice(line + 1);
  }
  if (!name || name.length > MAX_NAME_CHARS) return undefined;
  const args = rest
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  const calls = text.lastIndexOf(DEEPSEEK_CALLS, at);
  return { name, arguments: asArguments(args), at: calls >= 0 ? calls : at };
}

/** The labels of a call written as a name line, then its input: ReAct's, Qwen-Agent's. */
const CALL_LABELS = [
  ['Action:', 'Action Input:'],
  ['✿FUNCTION✿:', '✿ARGS✿:'],
] as const;

/**
 * `Action: name` then `Action Input: {…}` (or a plain string), the last ones of the text; or
 * Qwen-Agent's `✿FUNCTION✿: name` then `✿ARGS✿: {…}`.
 */
function reactCall(text: string): TextCall | undefined {
  let found: TextCall | undefined;
  for (const [label, inputLabel] of CALL_LABELS) {
    const action = text.lastIndexOf(label);
    if (action < 0 || (action > 0 && text[action - 1] !== '\n') || (found && found.at > action)) continue;
    const lineEnd = text.indexOf('\n', action);
    const name = text.slice(action + label.length, lineEnd < 0 ? text.length : lineEnd).trim();
    if (!name || name.startsWith('```')) {
      // LangChain's structured chat (`Action:` then ```json {"action": …, "action_input": …}```), Cohere's
      // `Action: ```json [{"tool_name": …, "parameters": …}]``` `: the call is the block's (the first of a list)
      const call = fencedJson(text, action + label.length);
      if (call) found = { ...call, at: action };
      continue;
    }
    // (the ReAct paper's `Action: Shell[make test]`: the tool and its input on one line)
    const bracketed =
      label === 'Action:' ? bracketCall(name, lineEnd < 0 ? '' : text.slice(lineEnd + 1), action) : null;
    if (bracketed !== null) {
      if (bracketed) found = bracketed;
      continue;
    }
    if (name.length > MAX_NAME_CHARS) continue;
    const inputAt = lineEnd < 0 ? -1 : text.indexOf(inputLabel, lineEnd);
    const input = inputAt < 0 ? '' : text.slice(inputAt + inputLabel.length).trim();
    found = { name, arguments: asArguments(input), at: action };
  }
  return found;
}

/** A call as the ReAct paper writes it, the tool then its input in brackets: `Shell[idris2 --build x.ipkg]`. */
const BRACKET_CALL = /^([A-Za-z_][\w.-]{0,79})\[([^\n]*)\]$/;
/** A tool's name that ends the turn with the answer it is given (`Finish[answer]`): no call. */
const FINISHING = /^(?:finish|final[_ ]?answer|answer|done)$/i;

/**
 * The call of an action line written `Tool[input]` (`rest`: the text after that line — a fenced
 * block right under it is the text the call writes: `Write[src/Fare/Card.idr]` then ```idris …```);
 * undefined for a finishing one (`Finish[answer]`: the answer, no call), null when the line is not
 * written so.
 */
function bracketCall(line: string, rest: string, at: number): TextCall | undefined | null {
  const m = BRACKET_CALL.exec(line);
  if (!m) return null;
  const name = m[1] as string;
  if (FINISHING.test(name)) return undefined;
  const input = (m[2] as string).trim();
  const body = /^[ \t]*```[^\n]*\n([\s\S]*?)\n[ \t]*```/.exec(rest)?.[1];
  if (body === undefined) return { name, arguments: positional(name, [input]), at };
  return {
    name,
    arguments: JSON.stringify(isPath(input) ? { path: input, content: body } : { input, content: body }),
    at,
  };
}

/** A tool's name that says it runs a command (`Shell`, `run_shell`, `bash`, `execute_command`, `terminal`). */
const SHELL_NAME = /shell|bash|terminal|command|exec|(?:^|_)(?:run|sh|cmd)(?:$|_)/i;

/**
 * Arguments given by position (`Shell[make test]`, `<nexa_2>('opa test ./policies')`) as named ones:
 * a command tool's first is its `command`; a path first is the `path` it acts on, and the text after
 * it the `content` it writes; anything else is `{"input": …}` ({@link asArguments}).
 */
function positional(name: string, values: readonly string[]): string {
  const [first, second] = values;
  if (first === undefined) return '{}';
  if (SHELL_NAME.test(name) && values.length === 1) return JSON.stringify({ command: first });
  if (isPath(first)) return JSON.stringify(second === undefined ? { path: first } : { path: first, content: second });
  return values.length === 1 ? asArguments(first) : JSON.stringify({ input: values.join(', ') });
}

/**
 * A call made with a functional token, its arguments in Python's syntax by position, closed by an end
 * token (an on-device model's `<nexa_2>('opa test ./policies -v')<nexa_end>`), the last of a reply: the
 * token is the tool's name (the system prompt maps it to a function the summary does not see).
 */
const TOKEN_CALL = /<([A-Za-z][\w-]{0,39})>\(((?:[^()]|\([^()]*\)){0,4000})\)[ \t]*<([A-Za-z][\w-]{0,39})>/g;

function functionalTokenCall(text: string): TextCall | undefined {
  if (!text.includes('>(')) return undefined;
  let found: TextCall | undefined;
  for (const m of text.matchAll(TOKEN_CALL)) {
    const name = m[1] as string;
    const end = m[3] as string;
    // (closed by an end token, `<nexa_end>` after `<nexa_2>`: `…_end`, `end_…`)
    if (!/(?:^|[_-])end(?:$|[_-])/i.test(end)) continue;
    const values = positionalValues(m[2] as string);
    if (values !== undefined) found = { name, arguments: positional(name, values), at: m.index };
  }
  return found;
}

/** A Python string's text between its quotes, its escapes (`\\"`, `\\'`, `\\\\`, `\\n`, `\\t`) read. */
function unescaped(text: string): string {
  return text.replace(/\\(["'\\nt])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

/** Arguments in Python's syntax by position (`'a.rego', "x"`): strings unquoted and unescaped; undefined when they do not close. */
function positionalValues(list: string): string[] | undefined {
  if (!list.trim()) return [];
  const items = topLevelItems(list);
  if (items === undefined) return undefined;
  const values: string[] = [];
  for (const item of items) {
    const v = item.trim();
    const quoted = /^(["'])([\s\S]*)\1$/.exec(v);
    values.push(quoted ? unescaped(quoted[2] as string) : v);
  }
  return values;
}

/**
 * A call written inline in a sentence, in square brackets, its arguments by position (a
 * Toolformer-like model's `the counters first [Shell("perf stat -p 2834")], then …`).
 */
const INLINE_CALL = /\[([A-Za-z_][\w.]{0,39})\(((?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[^()"'\n\]])*)\)\]/g;
/** What separates an inline call from its result where the harness answers it (`[Shell("uptime") → 13:20 up 4 days]`). */
const INLINE_ARROW = /^[ \t]*(?:→|->|=>)[ \t]?/;
/** Most inline calls read from one reply. */
const INLINE_MAX_CALLS = 8;

/**
 * The output of the calls a reply wrote inline ({@link INLINE_CALL}) when the message after it
 * answers them as a Toolformer-like harness does — each call repeated in brackets with its result
 * after an arrow, `[Shell("uptime") → 13:20 up 4 days]`, the first at the message's start —, with
 * those calls (the reply's text their prose, the calls taken out); undefined for anything else.
 */
function inlineResults(content: string, reply: string | undefined): { call: TextCall; body: string } | undefined {
  if (reply === undefined || content.trimStart().charCodeAt(0) !== 0x5b || !reply.includes('(')) return undefined;
  const written: { text: string; name: string; arguments: string }[] = [];
  for (const m of reply.matchAll(INLINE_CALL)) {
    const values = positionalValues(m[2] as string);
    if (values === undefined) continue;
    written.push({ text: m[0].slice(0, -1), name: m[1] as string, arguments: positional(m[1] as string, values) });
    if (written.length >= INLINE_MAX_CALLS) break;
  }
  const first = written[0];
  const text = content.trimStart();
  if (!first || !text.startsWith(first.text)) return undefined;
  // each answered call's result: after its arrow, up to the next answered call's bracket
  const starts: { at: number; body: number }[] = [];
  let from = 0;
  for (const w of written) {
    const at = text.indexOf(w.text, from);
    if (at < 0) continue;
    const arrow = INLINE_ARROW.exec(text.slice(at + w.text.length, at + w.text.length + 8));
    if (!arrow) continue;
    starts.push({ at, body: at + w.text.length + arrow[0].length });
    from = at + w.text.length;
  }
  if (!starts.length || starts[0]?.at !== 0) return undefined;
  const bodies = starts.map((st, k) =>
    text
      .slice(st.body, k + 1 < starts.length ? (starts[k + 1] as { at: number }).at : text.length)
      .trimEnd()
      .replace(/\]$/, '')
      .trimEnd(),
  );
  const said = reply
    .replace(INLINE_CALL, '')
    .replace(/[ \t]+(?=[.,;:!?])|[ \t]+(?=[ \t])/g, '')
    .trim();
  return { call: { ...listedCall(written, 0), said }, body: bodies.join('\n\n') };
}

/** The ReAct paper's numbered action line (`Action 3: `, `Act 3: `), at a line's start. */
const NUMBERED_ACTION = /^(?:Action|Act)[ \t]+\d{1,4}[ \t]*:[ \t]*/gm;

/**
 * The last numbered action of a reply, as the ReAct paper writes them (`Thought 3: …` then
 * `Action 3: Shell[make test]`, answered by `Observation 3: …`): its call ({@link bracketCall}).
 */
function numberedActionCall(text: string): TextCall | undefined {
  if (!text.includes('Act')) return undefined;
  let at = -1;
  let from = 0;
  for (const m of text.matchAll(NUMBERED_ACTION)) {
    at = m.index;
    from = at + m[0].length;
  }
  if (at < 0) return undefined;
  const lineEnd = text.indexOf('\n', from);
  const line = text.slice(from, lineEnd < 0 ? text.length : lineEnd).trim();
  return bracketCall(line, lineEnd < 0 ? '' : text.slice(lineEnd + 1), at) ?? undefined;
}

/** The call a fenced JSON block opening at or just after `from` holds: an object, or a list's first. */
function fencedJson(text: string, from: number): TextCall | undefined {
  const open = text.indexOf('```', from);
  if (open < 0 || open - from > 8) return undefined;
  const bodyAt = text.indexOf('\n', open);
  const close = bodyAt < 0 ? -1 : text.indexOf('```', bodyAt);
  const inline = bodyAt < 0 || close < 0 ? text.slice(open + 3) : text.slice(open + 3, close);
  const body = inline.replace(/^json\s*/i, '').trim();
  if (!/^[[{]/.test(body)) return undefined;
  const v = parseJson(body);
  return callOf(Array.isArray(v) ? v[0] : v);
}

/** A free-text input's first word and what separates it from the rest (`src/a.st :: add the guard`). */
const LEADING_WORD = /^(\S+)\s+(?:(?:::|=>|->|\||:|,|-)\s+)?(?=\S)/;

/**
 * JSON object arguments as they are; anything else as `{"input": …}`, with `path` when the
 * input opens with a path followed by more (`Patch[src/a.st :: add the guard]`): the file it acts on.
 */
function asArguments(input: string): string {
  if (input.startsWith('{') && input.endsWith('}')) {
    try {
      const v: unknown = JSON.parse(input);
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) return input;
    } catch {
      // not JSON: the text is the input
    }
  }
  const first = LEADING_WORD.exec(input)?.[1]?.replace(/[,:;]$/, '');
  const path = first !== undefined && isPath(first) ? first : undefined;
  return JSON.stringify(input ? (path !== undefined ? { input, path } : { input }) : {});
}

/**
 * One call written in Python's syntax, maybe printed or in a list (`print(lake_build(target="X"))`,
 * `[search(query="x", k=3)]`): its name and keyword arguments (strings unquoted, the rest as
 * written); undefined for anything else (several statements, positional arguments, nested calls).
 */
const PYTHON_CALL = /^([A-Za-z_][\w.]{0,79})\((.*)\)$/;
const KEYWORD_ARG = /^\s*([A-Za-z_]\w*)\s*=\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[\w.+-]+|\[[^\]]*\])\s*(?:,|$)/;

function pythonCall(code: string): TextCall | undefined {
  if (code.length > 4_000 || code.includes('\n')) return undefined;
  let expr = code.trim();
  if (expr.startsWith('[') && expr.endsWith(']')) expr = expr.slice(1, -1).trim();
  if (expr.startsWith('print(') && expr.endsWith(')')) expr = expr.slice(6, -1).trim();
  const m = PYTHON_CALL.exec(expr);
  if (!m || m[1] === 'print') return undefined;
  const args = keywordArgs(m[2] as string, true);
  return args && { name: m[1] as string, arguments: JSON.stringify(args), at: 0 };
}

/** A line of Python code that only shows a result: `print(out)`, `display(out)`, `out`. */
const SHOWS_RESULT = /^(?:(?:print|display)\(\s*[A-Za-z_]\w*\s*\)|[A-Za-z_]\w*)$/;
/** An assignment's target before a call: `out = `. */
const ASSIGNED = /^[A-Za-z_]\w*\s*=\s*(?=[A-Za-z_])/;

/**
 * Python code that calls one function with keyword arguments and shows its result — how a code
 * interpreter calls a plugin (`out = run_matlab(command="…")` then `print(out)`; `print(read_text(path="x"))`):
 * that call; undefined for any other code.
 */
function pluginCall(code: string): TextCall | undefined {
  const lines = code
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines.length || lines.length > 3 || !lines.slice(1).every((l) => SHOWS_RESULT.test(l))) return undefined;
  const first = lines[0] as string;
  const assigned = ASSIGNED.exec(first);
  return pythonCall(assigned ? first.slice(assigned[0].length) : first);
}

/**
 * A Python call's keyword arguments (`path="a.c", n=3`): strings unquoted and unescaped, the rest as
 * written. `whole`: undefined unless every argument is one; else those read before the first that is not.
 */
function keywordArgs(text: string, whole: boolean): Record<string, string> | undefined {
  const args: Record<string, string> = {};
  let rest = text.trim();
  while (rest) {
    const a = KEYWORD_ARG.exec(rest);
    if (!a) return whole ? undefined : args;
    const v = a[2] as string;
    args[a[1] as string] = /^["']/.test(v) ? unescaped(v.slice(1, -1)) : v;
    rest = rest.slice(a[0].length).trim();
  }
  return args;
}

/**
 * An action written as a tag with attributes, its body the command or the file's content — a web
 * builder's `<boltAction type="shell">pnpm test</boltAction>`, `<boltAction type="file"
 * filePath="src/a.ts">…</boltAction>`, any tag named an action, a command, a tool or an operation
 * (`<fileAction>`, `<run_command>`; not `<transaction>`), with attributes (a tag without any holds its
 * parameters as tags, Cline's `<execute_command><command>…`, read elsewhere): the tag's name says what it
 * is, so a person's HTML is none.
 */
const ACTION_TAG =
  /<((?:[A-Za-z][A-Za-z0-9]{0,29}[_:-])?(?:action|command|tool|operation)|[A-Za-z][A-Za-z0-9]{0,29}(?:Action|Command|Tool|Operation))((?:\s+[\w:-]+="[^"\n]{0,400}")+)\s*>/g;
/** An attribute of a tag (`filePath="src/a.ts"`). */
const TAG_ATTRIBUTE = /([\w:-]+)="([^"\n]{0,400})"/g;
/** An attribute that names the file an action writes. */
const PATH_ATTRIBUTE = /^(?:file_?)?path$|^file(?:_?name)?$/i;
/** Kinds of action that run a command. */
const COMMAND_ACTION = /^(?:shell|bash|sh|terminal|command|run|start|exec(?:ute)?)$/i;

/** A tag's attributes (`path="src/a.ts" type="file"`), and the one that names a file ({@link PATH_ATTRIBUTE}), if any. */
function tagAttributes(raw: string): { attrs: Record<string, string>; pathKey: string | undefined } {
  const attrs: Record<string, string> = {};
  for (const a of raw.matchAll(TAG_ATTRIBUTE)) attrs[a[1] as string] = a[2] as string;
  return { attrs, pathKey: Object.keys(attrs).find((k) => PATH_ATTRIBUTE.test(k)) };
}

/** The actions written as tags in a reply ({@link ACTION_TAG}), when the reply ends with them: the first, the others with it. */
function actionTagsCall(text: string): TextCall | undefined {
  if (!/<\/[\w:-]+>\s*$/.test(text)) return undefined;
  const calls: { name: string; arguments: string; at: number }[] = [];
  ACTION_TAG.lastIndex = 0;
  for (let m = ACTION_TAG.exec(text); m && calls.length < LISTED_CALLS_MAX; m = ACTION_TAG.exec(text)) {
    const tag = m[1] as string;
    const close = text.indexOf(`</${tag}>`, m.index + m[0].length);
    if (close < 0) continue;
    const body = text.slice(m.index + m[0].length, close);
    const { attrs, pathKey } = tagAttributes(m[2] as string);
    const kind = attrs['type'] ?? attrs['kind'] ?? attrs['name'] ?? '';
    const call =
      pathKey !== undefined
        ? { name: 'write_file', arguments: JSON.stringify({ path: attrs[pathKey], content: body }) }
        : COMMAND_ACTION.test(kind) || /command/i.test(tag)
          ? { name: 'execute_command', arguments: JSON.stringify({ command: body.trim() }) }
          : { name: (kind || tag).slice(0, MAX_NAME_CHARS), arguments: JSON.stringify({ ...attrs, content: body }) };
    calls.push({ ...call, at: m.index });
    ACTION_TAG.lastIndex = close;
  }
  const first = calls[0];
  if (!first) return undefined;
  // (from the tag the actions are in, when it opens on the line before the first: `<boltArtifact id=…>`)
  const lineStart = text.lastIndexOf('\n', first.at - 1);
  const before = text.slice(text.lastIndexOf('\n', lineStart - 1) + 1, lineStart).trim();
  const at = /^<[A-Za-z][\w:-]*(?:\s[^<>]*)?>$/.test(before) ? text.lastIndexOf(before, lineStart) : first.at;
  return listedCall(calls, at);
}

/**
 * A tag named for what it does, verb first (`<read_file path="…"/>`, `<modify_file path="…">…</modify_file>`,
 * `<run_check name="smoke">…</run_check>`): a harness's call written as markup, with its arguments as
 * attributes. A person's HTML names no such verb.
 */
const VERB_TAG =
  /<((?:read|view|open|show|cat|create|write|modify|edit|replace|update|patch|insert|append|delete|remove|rename|move|run|exec|execute|search|find|grep|list|fetch|browse|apply)[_-][a-z][a-z0-9_-]{0,30})((?:\s+[\w:-]+="[^"\n]{0,400}")*)\s*(\/?)>/g;
/** Verbs of a tag that write the file its path names, and those that run a command. */
const WRITE_VERB = /^(?:create|write|modify|edit|replace|update|patch|insert|append)[_-]/;
const RUN_VERB = /^(?:run|exec|execute)[_-]/;

/**
 * The calls a reply ends with when written as verb tags ({@link VERB_TAG}): the first, the others
 * with it. A path attribute names the file read or written (a writing verb's body is the content);
 * a running verb's body is its command; any other tag is its name with its attributes.
 */
function verbTagsCall(text: string): TextCall | undefined {
  const end = text.trimEnd();
  if (!end.endsWith('>') || !/(?:\/>|<\/(?:[a-z][\w-]{0,40})>)$/.test(end)) return undefined;
  const calls: { name: string; arguments: string; at: number }[] = [];
  // (where the last tag read ends: the reply must end there)
  let after = -1;
  VERB_TAG.lastIndex = 0;
  for (let m = VERB_TAG.exec(end); m && calls.length < LISTED_CALLS_MAX; m = VERB_TAG.exec(end)) {
    const tag = m[1] as string;
    // (an execute tag's code block is {@link executeCall}'s)
    if ((EXECUTE_TAGS as readonly string[]).includes(tag)) return undefined;
    let body = '';
    after = m.index + m[0].length;
    if (m[3] !== '/') {
      const close = end.indexOf(`</${tag}>`, m.index + m[0].length);
      if (close < 0) continue;
      body = end.slice(m.index + m[0].length, close);
      after = close + tag.length + 3;
      VERB_TAG.lastIndex = after;
      // (arguments as child elements, Cline's `<execute_command>\n<command>npm test</command>`: its result names the call)
      if (/^\s*<[a-z][\w-]{0,40}>/.test(body)) return undefined;
    }
    const { attrs, pathKey } = tagAttributes(m[2] as string);
    const path = pathKey === undefined ? undefined : attrs[pathKey];
    const call =
      path !== undefined && WRITE_VERB.test(tag)
        ? { name: tag, arguments: JSON.stringify({ ...attrs, path, content: body }) }
        : RUN_VERB.test(tag) && body.trim()
          ? { name: tag, arguments: JSON.stringify({ ...attrs, command: body.trim() }) }
          : { name: tag, arguments: JSON.stringify(body.trim() ? { ...attrs, content: body } : attrs) };
    calls.push({ ...call, at: m.index });
  }
  const first = calls[0];
  return first && after === end.length ? listedCall(calls, first.at) : undefined;
}

/** A line that opens a list of calls in Python's syntax: `[run_shell(`. */
const PYTHON_LIST_OPENING = /^[ \t]*\[[ \t]*[A-Za-z_][\w.]{0,79}\(/;

/**
 * Calls written as a Python list that ends the reply — the "pythonic" format some models are
 * served with (`[run_shell(command="make"), read_file(path="src/a.c")]`, on one line or one call
 * a line): the first call, the others with it. Each call's keyword arguments are read as far as
 * they are plain (strings unquoted); undefined when the reply does not end with such a list.
 */
function pythonListCall(text: string): TextCall | undefined {
  const end = text.trimEnd();
  if (!end.endsWith(')]')) return undefined;
  // (a string in a call is one line: its newlines are escaped, so the list opens on the nearest
  // line above that opens one)
  let at = -1;
  for (let line = end.lastIndexOf('\n'); ; line = end.lastIndexOf('\n', line - 1)) {
    const from = line + 1;
    const next = end.indexOf('\n', from);
    if (PYTHON_LIST_OPENING.test(end.slice(from, next < 0 ? end.length : Math.min(next, from + 100)))) {
      at = from;
      break;
    }
    if (line < 0) break;
  }
  if (at < 0) return undefined;
  const items = topLevelItems(end.slice(end.indexOf('[', at) + 1, -1));
  if (!items || !items.length || items.length > LISTED_CALLS_MAX) return undefined;
  const calls: { name: string; arguments: string }[] = [];
  for (const item of items) {
    const m = PYTHON_CALL.exec(item.trim());
    if (!m) return undefined;
    calls.push({ name: m[1] as string, arguments: JSON.stringify(keywordArgs(m[2] as string, false)) });
  }
  return listedCall(calls, at);
}

/** A step of a plan written up front (ReWOO's planner: `#E2 = Tool[input]`, later inputs naming `#E1`). */
const PLAN_STEP = /^#E\d{1,3}[ \t]*=[ \t]*([A-Za-z_][\w.-]{0,79})\[([^\n]*)\][ \t]*$/gm;
/** How the evidence a plan's steps gathered opens, one block a step: `#E1 = ` then the tool's output. */
const EVIDENCE_MARK = /^#E\d{1,3}[ \t]*[=:][ \t]?/gm;

/**
 * The steps of a plan written as a whole before any runs (`Plan: …` lines, each followed by its
 * step `#E1 = Tool[input]`), as one call with the others written with it; what the assistant
 * said is the plan's other lines. Undefined without such steps, or with more than {@link LISTED_CALLS_MAX}.
 */
function planCall(text: string): TextCall | undefined {
  if (!text.includes('#E')) return undefined;
  const calls: { name: string; arguments: string }[] = [];
  let at = -1;
  let said = '';
  let from = 0;
  PLAN_STEP.lastIndex = 0;
  for (let m = PLAN_STEP.exec(text); m; m = PLAN_STEP.exec(text)) {
    if (calls.length === LISTED_CALLS_MAX) return undefined;
    if (at < 0) at = m.index;
    said += text.slice(from, m.index);
    from = m.index + m[0].length + 1;
    calls.push({ name: m[1] as string, arguments: asArguments((m[2] as string).trim()) });
  }
  if (!calls.length) return undefined;
  said += text.slice(Math.min(from, text.length));
  return { ...listedCall(calls, at), said: said.replace(/\n{2,}/g, '\n').trim() };
}

/** A numbered step of a plan that is a call in Python's syntax (`2. run_shell(command="ape test")`), maybe closing the plan. */
const NUMBERED_CALL = /^[ \t]*\d{1,3}\.[ \t]+([A-Za-z_][\w.]{0,79})\((.*)\)[ \t]*(?:<[A-Z_]{2,30}>)?[ \t]*$/;
/** A plan's step that joins the others' results and calls no tool (LLMCompiler's `join()`). */
const JOIN_STEP = /^join$/i;

/**
 * The steps of a plan a reply ends with, one numbered call a line in Python's syntax — an
 * LLMCompiler-like planner's `1. run_shell(command="ape compile")`, `2. read_file(path="…")`,
 * `3. join()<END_OF_PLAN>` — as one call with the others written with it (a `join()` step calls
 * nothing); what the assistant said is the text before them and its `Thought:` lines between them.
 * Undefined when the reply does not end with such steps.
 */
function numberedPlanCall(text: string): TextCall | undefined {
  const t = text.trimEnd();
  // (most replies end in no such step: their last line is tested before any split)
  if (!NUMBERED_CALL.test(t.slice(t.lastIndexOf('\n') + 1))) return undefined;
  const lines = t.split('\n');
  const calls: { name: string; arguments: string }[] = [];
  const thoughts: string[] = [];
  // (thoughts read above a step: between two steps they are said apart, above the first in the text before it)
  let pending: string[] = [];
  let first = lines.length;
  for (let k = lines.length - 1; k >= 0; k -= 1) {
    const line = lines[k] as string;
    const step = NUMBERED_CALL.exec(line);
    if (step) {
      if (calls.length === LISTED_CALLS_MAX) return undefined;
      first = k;
      thoughts.unshift(...pending);
      pending = [];
      if (!JOIN_STEP.test(step[1] as string) || (step[2] as string).trim())
        calls.unshift({ name: step[1] as string, arguments: JSON.stringify(keywordArgs(step[2] as string, false)) });
      continue;
    }
    if (/^\s*Thought:/.test(line) && first < lines.length) {
      pending.unshift(line.trim());
      continue;
    }
    if (!line.trim() && first === k + 1) continue;
    break;
  }
  if (!calls.length) return undefined;
  // (the first step's place: what comes before it is what the assistant said)
  let at = 0;
  for (let k = 0; k < first; k += 1) at += (lines[k] as string).length + 1;
  const before = text.slice(0, at).trim();
  const said = [before, ...thoughts].filter(Boolean).join('\n');
  return { ...listedCall(calls, at), said };
}

/**
 * A message of the evidence a plan's steps gathered (`#E1 = <output>`, then `#E2 = …`), after the
 * reply that wrote those steps ({@link planCall}): its text without the step marks. Undefined for
 * anything else.
 */
function evidenceOutput(content: string, previous: string): { body: string } | undefined {
  if (!/^#E\d{1,3}[ \t]*[=:]/.test(content.trimStart()) || !planCall(previous)) return undefined;
  return { body: content.trim().replace(EVIDENCE_MARK, '') };
}

/**
 * A list's items split at its top-level commas (none inside a string, brackets or parentheses);
 * undefined when its quotes or brackets do not close.
 */
function topLevelItems(list: string): string[] | undefined {
  const items: string[] = [];
  let depth = 0;
  let quote = 0;
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    const c = list.charCodeAt(i);
    if (quote) {
      if (c === 0x5c) i += 1;
      else if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x28 || c === 0x5b || c === 0x7b) depth += 1;
    else if (c === 0x29 || c === 0x5d || c === 0x7d) {
      depth -= 1;
      if (depth < 0) return undefined;
    } else if (c === 0x2c && depth === 0) {
      items.push(list.slice(start, i));
      start = i + 1;
    }
  }
  if (quote || depth) return undefined;
  items.push(list.slice(start));
  return items;
}

/** A call's name that only says a call is made (ChatGLM's `tool_call(…)`): the tool is named on the line above the block. */
const GENERIC_CALL = /^(?:tool_call|call_tool|function_call|call)$/;
/** The line above a block that names the tool it calls, maybe after a chat template's token (`<|assistant|>write_file`). */
const NAME_LINE = /(?:^|\n)[ \t]*(?:<\|[\w.-]{1,40}\|>[ \t]*)?([A-Za-z_][\w.-]{0,79})[ \t]*\n?$/;

/**
 * A fenced block's code (opening at `open` in `text`) that is one call in Python's syntax, maybe under
 * comment lines: the call, the comments what the assistant said (with the text before the block); a
 * generic call's tool named on the line above the block (ChatGLM's `<|assistant|>write_file` then
 * ```python tool_call(path="…", content="…")```) is its name. Undefined for other code.
 */
function commentedCall(text: string, open: number, code: string): TextCall | undefined {
  const lines = code.split('\n');
  const remarks: string[] = [];
  let k = 0;
  for (; k < lines.length - 1 && /^\s*#/.test(lines[k] as string); k += 1)
    remarks.push((lines[k] as string).replace(/^\s*#+\s?/, '').trim());
  const py = pythonCall(k ? lines.slice(k).join('\n').trim() : code);
  if (!py) return undefined;
  let before = text.slice(0, open);
  let name = py.name;
  if (GENERIC_CALL.test(name)) {
    const named = NAME_LINE.exec(before);
    if (named) {
      name = named[1] as string;
      before = before.slice(0, named.index);
    }
  }
  if (name === py.name && !remarks.length) return { ...py, at: open };
  const said = [before.trim(), ...remarks.filter(Boolean)].filter(Boolean).join('\n');
  return { ...py, name, at: open, said };
}

/** The last fenced block (```lang … ```): a shell block is a command, another language's is code it runs. */
function fencedCall(text: string): TextCall | undefined {
  const close = text.lastIndexOf('```');
  if (close < 0) return undefined;
  const open = text.lastIndexOf('```', close - 1);
  if (open < 0) return undefined;
  const firstLine = text.indexOf('\n', open);
  if (firstLine < 0 || firstLine > close) return undefined;
  const lang = text.slice(open + 3, firstLine).trim();
  const code = text.slice(firstLine + 1, close).trim();
  if (!code || !/^[\w+#.-]*$/.test(lang)) return undefined;
  // a block that is a call written as JSON (```tool {"name": …, "arguments": …}```): that call
  const json = code.charCodeAt(0) === 0x7b ? jsonCall(code) : undefined;
  if (json) return { ...json, at: open };
  // a block that is one call in Python's syntax (Gemma's ```tool_code print(f(a=1))```): that call,
  // after the comments the assistant wrote above it (`# decided: …`: what it said)
  const py = SHELL.test(lang) ? undefined : commentedCall(text, open, code);
  if (py) return py;
  return SHELL.test(lang)
    ? { name: 'execute_command', arguments: JSON.stringify({ command: code }), at: open }
    : { name: `run_${lang.toLowerCase()}`, arguments: JSON.stringify({ code }), at: open };
}
