/**
 * Failure evidence: the lines of a tool's output that show why it failed, taken from
 * anywhere in the output (not only its first and last lines) — the compiler diagnostic, the
 * failing test's name, the exception with the frame that raised it, the runner's count of
 * failures — kept verbatim (only indentation, escape sequences, log timestamps and origin
 * prefixes such as BuildKit's `#9 2.012` or Terraform's `│` are removed), bounded in lines
 * and characters. An output a harness wrapped in a JSON object is read through its text
 * ({@link plainOutput}). Computed once from the full stored output by the tool
 * activity (src/activities/tools/execute-tool.ts) and carried by digests and the state block.
 * Pure and linear in the output's size; the shapes it recognises are in ./evidence-shapes.ts.
 */
import { accessibleText } from './accessibility';
import {
  classify,
  FRAME,
  INDENTED_LOCATION,
  LIBRARY_FRAME,
  LOCATION_FIRST,
  KEYWORDS,
  outputContext,
  REPORT_SEVERITY,
  RETURN_CODE,
  startsLikeFailure,
  TIER,
  type AttachRule,
  type Neighbors,
  type Shape,
} from './evidence-shapes';
import { cutReference } from './truncate';

/** Most evidence lines kept for one output. */
export const EVIDENCE_MAX_LINES = 8;
/** Longest evidence line; longer lines keep their start (where identifiers are) and an ellipsis. */
export const EVIDENCE_MAX_LINE_CHARS = 200;
/** Most characters of evidence for one output, all lines together. */
export const EVIDENCE_MAX_CHARS = 1_200;

/** Options of {@link failureEvidence}. */
export interface EvidenceOptions {
  /**
   * How the command ended, when known. `true` (error status or non-zero exit): every failure
   * shape counts. `false`: only when the output's own summary reports failures (a runner whose
   * failure was masked). Unset: named failures, exceptions and summaries, but no generic lines alone.
   */
  failed?: boolean;
  maxLines?: number;
  maxChars?: number;
  maxLineChars?: number;
}

interface Candidate {
  line: number;
  text: string;
  score: number;
  shape?: Shape;
  /** A file's name printed above its diagnostics (stylelint, eslint): it stays above them. */
  heading?: boolean;
}

/** Generic lines (exit status, package-manager detail) kept at most, when there is anything better. */
const MAX_GENERIC_LINES = 4;
/** Lines examined around a failure for its location (jest prints a code frame in between). */
const FRAME_LOOKAHEAD = 20;
/** Lines after an indented exception in which a frame shows it was raised, not printed. */
const RAISED_LOOKAHEAD = 12;
const CONSOLE_LOOKBEHIND = 3;
const GO_TEST_LOOKBEHIND = 200;
const GO_TEST_LOOKAHEAD = 5_000;
const PYTHON_LOOKBEHIND = 60;
const GO_FRAME_LOOKAHEAD = 40;
const PATH_HEADER_LOOKBEHIND = 200;
/** Characters of one line that shapes are matched against (identifiers are at the start). */
const MAX_LINE_EXAMINED_CHARS = 2_000;

/**
 * Terminal escape sequences: CSI (colours, cursor moves, also as the one-byte `\u009b`), OSC
 * (titles, hyperlinks; ended by BEL or ST, or by the line's end), charset and keypad selections.
 */
const ANSI =
  // eslint-disable-next-line no-control-regex -- escape sequences are control sequences
  /(?:\u001b\[|\u009b)[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b\n]*(?:\u0007|\u001b\\)?|\u001b[()][0-9A-Za-z]|\u001b[=>78DEHMc]/g;
/** Colour codes whose escape byte was lost on the way (`[31mFAIL[39m`), removed only when a reset `[0m`/`[39m` shows them. */
const BARE_SGR = /\[(?:\d{1,3};){0,8}\d{1,3}m/g;
/**
 * Log timestamps in front of a line: `2024-05-01T10:00:00.123Z`, `[12:00:01]`, `2024-05-01 10:00:00,123`,
 * nginx's `2024/05/01 10:00:00`, PHP's `[01-May-2024 10:00:00 UTC]`, Apache's `[Wed May 01 10:00:00.123 2024]`.
 */
const TIMESTAMP =
  /^(?:\d{1,2}:\d\d:\d\d(?:[.,]\d+)?(?: ?[AP]M)?(?=\s)|\[?\d{4}[-/]\d\d[-/]\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?\]?|\[(?:[A-Z][a-z]{2},? )?(?:(?:\d{1,4}[-/.](?:\d\d?|[A-Z][a-z]{2})[-/.]\d{1,4}|[A-Z][a-z]{2} [ \d]?\d)[ T:])?\d\d:\d\d:\d\d(?:[.,]\d+)?(?: ?(?:UTC|GMT|Z|[+-]\d\d:?\d\d))?(?: \d{4})?\])\s+/;
/**
 * The origin a logger writes before each message: Android logcat's `05-14 11:02:31.442 12345 12345
 * E AndroidRuntime: ` (threadtime) or `E/AndroidRuntime( 1234): ` (brief), syslog's and journald's
 * `May 14 11:02:31 host app[123]: `. What follows is what the program printed (an exception, a frame).
 */
const LOGGER_PREFIX =
  /^(?:\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\s+\d{1,7}\s+\d{1,7}\s+[VDIWEFA]\s+[^\s:][^:]{0,60}?\s*:\s?|[VDIWEFA]\/[^\s(:][^(:]{0,60}\(\s*\d{1,7}\):\s?|[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \S{1,64} [^\s:[][^:[]{0,60}(?:\[\d{1,7}\])?:\s)/;
const PYTHON_FRAME = /^File "(.+)", line \d+/;
const GO_FRAME = /^\S+\.go:\d+(?: \+0x[0-9a-f]+)?$/;
const PATH_HEADER = /^(?:[A-Za-z]:)?[^\s:]+\.\w+$/;
/** Lines after a problem's title searched for its explanation (past a code excerpt). */
const EXPLANATION_LOOKAHEAD = 14;
/** A Smalltalk context on a stack: `RkInvoice(Object)>>doesNotUnderstand: #total`, `Foo class>>new`, `[] in Foo>>bar`. */
const SMALLTALK_FRAME = /^(?:\[\] in )?[A-Z]\w*(?:\([A-Z]\w*\))?(?: class)?>>\S/;
/** A line of a code excerpt: numbered (`122 │ let x`, `109|  x`), a box's edge, carets. */
const EXCERPT_LINE = /^(?:\d+\s*[│|]|[│|╷╵┌└╭╰^~]|\^)/;
/** A test's name on a line of its own: one word of name characters and separators (`LTCL_VAT->TEST_RATE`, `Suite.test_x`). */
const TEST_NAME_HEADER = /^[A-Za-z_$][\w$.:>\-/#]{2,159}$/;
/** Prefixes of a line's origin, not its content: Terraform's diagnostic box `│ `, BuildKit's step and time `#9 2.012 `, a step's time `2.012 `. */
const ORIGIN_PREFIX = /^(?:\u2502\s*|#\d{1,5} (?:\d{1,6}\.\d{3} )?|\d{1,6}\.\d{3} (?=\S))/;

/** Longest output read as a JSON object wrapping the tool's text (larger ones are read as they are). */
export const JSON_WRAPPED_MAX_CHARS = 8_000_000;
/** Fields of a harness's JSON wrapper that hold the tool's text, in the order they are read. */
const TEXT_FIELDS = [
  'output',
  'stdout',
  'stderr',
  'result',
  'content',
  'text',
  'outputs',
  'tool_result',
  // (ToolBench's observation: `{"error": "", "response": "…"}`)
  'response',
] as const;
const EXIT_FIELDS = [
  'exit_code',
  'exitCode',
  'returncode',
  'return_code',
  'exit_status',
  'exitStatus',
  'exit',
] as const;
/** Further fields a wrapper may have; an object with any other field is data (`cat package.json`), not a wrapper. */
const WRAPPER_FIELDS = new Set<string>([
  ...TEXT_FIELDS,
  ...EXIT_FIELDS,
  'metadata',
  'meta',
  'code',
  'status',
  'success',
  'ok',
  'error',
  'is_error',
  'isError',
  'signal',
  'timed_out',
  'timedOut',
  'truncated',
  'interrupted',
  'duration',
  'duration_ms',
  'duration_seconds',
  'ms',
  'elapsed',
  'elapsed_ms',
  'wall_time',
  'type',
  'title',
  'command',
  'cwd',
  // (an Agent-Zero-like harness names the tool beside its result: `{"tool_name": …, "tool_result": …}`)
  'tool_name',
  // (a sandbox's echo of the session, `[ubuntu@sandbox ~/app]$ cmd` and the output again: read when no other text is)
  'console',
  // (the directory a shell action left the session in, beside its output)
  'current_shell_pwd',
]);

/** A tool's output as text to read: see {@link plainOutput}. */
export interface PlainOutput {
  text: string;
  /** What a JSON wrapper says of how the command ended (exit code, `is_error`, `success`), when it says. */
  failed?: boolean;
  /** True when the text is a status envelope's message (`{"status": "Failed", "message": …}`): the message is the failure. */
  envelope?: true;
}

/**
 * The text of a tool's output to read for failures and first/last lines: a harness's tags
 * (`<returncode>1</returncode><output>…</output>`) or JSON
 * wrapper (`{"output":"…","metadata":{"exit_code":1}}`, `{"stdout":"…","stderr":"…"}`, MCP's
 * `{"content":[{"type":"text","text":"…"}]}`) read through its text fields, and terminal escape
 * sequences removed. Anything else (invalid JSON, an object with other fields, an output over
 * {@link JSON_WRAPPED_MAX_CHARS}) is read as it is. Deterministic; linear in the output's size.
 */
export function plainOutput(raw: string): PlainOutput {
  const { json: _json, ...out } = readPlain(raw);
  return out;
}

/** {@link plainOutput}, with the output parsed as a JSON object when it is one no wrapper's text was read from. */
function readPlain(raw: string): PlainOutput & { json?: Record<string, unknown> } {
  const out = unwrapTagged(raw) ?? unwrapJson(raw);
  out.text = stripEscapes(out.text);
  // (a browser's accessibility tree: what the page says)
  if (mayBeAccessibilityTree(out.text)) out.text = accessibleText(out.text) ?? out.text;
  return out;
}

/** A cheap look for a tree's nodes (`[630] combobox '…'`, `- textbox "…" [ref=e4]`) in the first lines. */
export function mayBeAccessibilityTree(text: string): boolean {
  const head = text.length > 1_500 ? text.slice(0, 1_500) : text;
  return /^[ \t]*(?:\[\w{1,12}\] [A-Za-z]+ '|- [a-z]+\b[^\n]*\[ref=\w{1,12}\])/m.test(head);
}

function stripEscapes(text: string): string {
  let t = text.includes('\u001b') || text.includes('\u009b') ? text.replace(ANSI, '') : text;
  if (t.includes('[0m') || t.includes('[39m')) t = t.replace(BARE_SGR, '');
  return t;
}

/** Tags a harness wraps an output in (mini-swe-agent's `<returncode>` + `<output>`, `<stdout>` / `<stderr>`). */
const TEXT_TAGS = ['output', 'output_head', 'output_tail', 'stdout', 'stderr'];
/** Tags that hold how the command ended. */
const CODE_TAGS = ['returncode', 'exit_code', 'exitcode', 'exit_status', 'return_code'];
/** An opening tag with attributes: its name and the attributes. */
const ATTRIBUTED_TAG = /^([a-z_]{2,24})\s+([^<>]{1,200})$/;
/** Any tag named as a command's output (`<terminal_output>`, `<command_result>`, `<tool_output>`). */
const OUTPUT_TAG = /^[a-z_]{0,16}_(?:output|result)$/;
/** An exit status among a tag's attributes: `exit_code="1"`, `returncode=2`, `exit="137"`. */
const TAG_EXIT = /\b(?:exit_code|exitcode|exit_status|returncode|return_code|exit)\s*=\s*["']?(-?\d+)["']?/;
/** Tags whose text is the harness's, not the command's (a truncation warning, the count of chars left out). */
const NOTE_TAGS = ['warning', 'elided_chars', 'info'];

/**
 * An output wholly made of a harness's tags (`<returncode>1</returncode>\n<output>…</output>`,
 * `<block cmd="make" exit_code=2>…</block>`): the text of its output tags and of tags with
 * attributes, and whether its exit code says the command failed; undefined when anything but
 * white space lies outside known tags or tags with attributes. Linear: one indexOf per tag.
 */
function unwrapTagged(raw: string): PlainOutput | undefined {
  let at = 0;
  while (at < raw.length && /\s/.test(raw[at] as string)) at += 1;
  if (raw[at] !== '<' || raw.length > JSON_WRAPPED_MAX_CHARS) return undefined;
  const texts: string[] = [];
  let code: number | undefined;
  while (at < raw.length) {
    const close = raw.indexOf('>', at);
    const open = close < 0 ? '' : raw.slice(at + 1, close);
    // (an output tag may say how the command ended: `<terminal_output exit_code="1">`)
    const attributed = ATTRIBUTED_TAG.exec(open);
    const tag = attributed ? (attributed[1] as string) : open;
    if (raw[at] !== '<' || !/^[a-z_]{2,24}$/.test(tag)) return undefined;
    const end = raw.indexOf(`</${tag}>`, close + 1);
    if (end < 0) return undefined;
    const body = raw.slice(close + 1, end);
    // (a tag with attributes around text is a harness's too, whatever its name: Warp's `<block
    // cmd="…" exit_code=1>`, a file read back as `<file path="…">`)
    const isText = attributed !== null || TEXT_TAGS.includes(tag) || OUTPUT_TAG.test(tag);
    const status = attributed ? TAG_EXIT.exec(attributed[2] as string) : null;
    if (status) code = Number(status[1]);
    if (isText) texts.push(body.replace(/^\n/, '').replace(/\n$/, ''));
    else if (CODE_TAGS.includes(tag) && /^\s*-?\d+\s*$/.test(body)) code = Number(body);
    else if (!NOTE_TAGS.includes(tag)) return undefined;
    at = end + tag.length + 3;
    while (at < raw.length && /\s/.test(raw[at] as string)) at += 1;
  }
  if (!texts.length && code === undefined) return undefined;
  const text = texts.join('\n');
  return code === undefined ? { text } : { text, failed: code !== 0 };
}

function unwrapJson(raw: string): PlainOutput & { json?: Record<string, unknown> } {
  if (raw.length > JSON_WRAPPED_MAX_CHARS || raw.length < 2) return { text: raw };
  let a = 0;
  while (a < raw.length && /\s/.test(raw[a] as string)) a += 1;
  let b = raw.length - 1;
  while (b > a && /\s/.test(raw[b] as string)) b -= 1;
  // (cut to its head and tail, it is no JSON any more: its strings' escapes read all the same)
  if ((raw[a] === '{' || raw[a] === '[') && cutReference(raw)) return { text: unescapedJson(raw) };
  const list = raw[a] === '[' && raw[b] === ']';
  if (!list && (raw[a] !== '{' || raw[b] !== '}')) return { text: raw };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { text: raw };
  }
  // MCP's bare content list: [{"type": "text", "text": "…"}, …]
  if (list) {
    if (!Array.isArray(value) || !value.length) return { text: raw };
    if (value.every(isTextPart)) return { text: value.map((p) => (p as { text: string }).text).join('\n') };
    return wrapperList(value) ?? { text: raw };
  }
  if (!isRecord(value)) return { text: raw };
  // (Gemini's function response, as a harness logs it: `{"functionResponse": {"name": …, "response": {…}}}`,
  // the response read as any other wrapper)
  const response = functionResponse(value);
  if (response !== undefined) value = response;
  if (!isRecord(value)) return { text: raw };
  // (an agent service's result returned to it, Bedrock Agents' `{"functionResult": {…, "responseBody":
  // {"TEXT": {"body": "…"}}, "responseState": "FAILURE"}}`: the body is the text, the state says how it ended)
  const returned = returnedResult(value);
  if (returned) return returned;
  // (an action's result in a data envelope, `{"data": {"stdout": …}, "error": null, "successful": true}`:
  // the data read as any other wrapper, the envelope saying how it ended)
  const data = dataEnvelope(value);
  if (data && typeof data.data === 'string') return { text: withError(data.data, data.error), failed: data.failed };
  const wrapper = data ? data.data : value;
  if (!isRecord(wrapper)) return { text: raw };
  const envelope = statusEnvelope(wrapper) ?? typedOutput(wrapper);
  if (envelope) return envelope;
  if (!Object.keys(wrapper).every((k) => WRAPPER_FIELDS.has(k))) return { text: raw, json: wrapper };
  const text = wrappedText(wrapper, 0);
  if (text === undefined) return { text: raw, json: wrapper };
  // (a wrapper's own error message beside its text, `{"error": "exit status 1", "response": …}`: the
  // failure's words, and a failure unless an exit status says otherwise; an empty one says nothing)
  const own = typeof wrapper.error === 'string' && wrapper.error.trim() ? wrapper.error.trim() : undefined;
  const failed =
    wrapperFailed(wrapper) ??
    (isRecord(wrapper.metadata) ? wrapperFailed(wrapper.metadata) : undefined) ??
    data?.failed ??
    (own !== undefined ? true : undefined);
  const all = withError(withError(text, own), data?.error);
  return failed === undefined ? { text: all } : { text: all, failed };
}

/** Most items of a list of wrappers read ({@link wrapperList}); a longer list is data. */
const WRAPPER_LIST_MAX_ITEMS = 8;

/**
 * A list of a few wrappers of a command's run, as a workflow tool returns its node's items (n8n's
 * Execute Command: `[{"exitCode": 1, "stderr": "", "stdout": "…"}]`): their texts, one after
 * another, failed when one says it failed; undefined when an item is no such wrapper.
 */
function wrapperList(items: unknown[]): PlainOutput | undefined {
  if (items.length > WRAPPER_LIST_MAX_ITEMS) return undefined;
  const texts: string[] = [];
  let failed: boolean | undefined;
  for (const item of items) {
    // (each a command's run: a stream or an exit status of its own; `[{"output": "x"}]` is data)
    if (!isRecord(item) || !Object.keys(item).every((k) => WRAPPER_FIELDS.has(k)) || !ranCommand(item))
      return undefined;
    const text = wrappedText(item, 0);
    if (text === undefined) return undefined;
    texts.push(text);
    const said = wrapperFailed(item);
    if (said !== undefined) failed = (failed ?? false) || said;
  }
  const text = texts.join('\n');
  return failed === undefined ? { text } : { text, failed };
}

/** Whether a wrapper has a command's stream or exit status (`stdout`, `stderr`, `exitCode`, …). */
function ranCommand(item: Record<string, unknown>): boolean {
  return 'stdout' in item || 'stderr' in item || EXIT_FIELDS.some((k) => k in item);
}

/** The fields of a data envelope ({@link dataEnvelope}); `successfull` as some versions of one toolkit spell it. */
const DATA_ENVELOPE_FIELDS = new Set(['data', 'error', 'successful', 'successfull', 'success', 'ok']);

/**
 * An action's result as a toolkit returns it — its output under `data`, whether it succeeded in a
 * boolean beside it, an error message or null (`{"data": {"stdout": …, "stderr": …}, "error": null,
 * "successful": true}`) —: the data, how it ended, and the error's text; undefined for any other object.
 */
function dataEnvelope(v: Record<string, unknown>): { data: unknown; failed: boolean; error?: string } | undefined {
  if (!('data' in v) || !Object.keys(v).every((k) => DATA_ENVELOPE_FIELDS.has(k))) return undefined;
  const ok = v.successful ?? v.successfull ?? v.success ?? v.ok;
  if (typeof ok !== 'boolean') return undefined;
  const error = typeof v.error === 'string' && v.error.trim() ? v.error : undefined;
  return error === undefined ? { data: v.data, failed: !ok } : { data: v.data, failed: true, error };
}

/** A wrapper's text with the error message it came with, last (the message may be the only failure line). */
function withError(text: string, error: string | undefined): string {
  return error === undefined ? text : text ? `${text}\n${error}` : error;
}

/** The `response` of a function response (`{"functionResponse": {"name", "response"}}`, or the inner object alone); undefined otherwise. */
function functionResponse(v: Record<string, unknown>): unknown {
  const keys = Object.keys(v);
  const inner =
    keys.length === 1 && (keys[0] === 'functionResponse' || keys[0] === 'function_response') ? v[keys[0]] : v;
  if (!isRecord(inner) || typeof inner.name !== 'string' || !('response' in inner)) return undefined;
  return Object.keys(inner).every((k) => k === 'name' || k === 'response' || k === 'id') ? inner.response : undefined;
}

/** Keys an agent service's returned result sits under (Bedrock Agents' return of control). */
const RETURNED_RESULT_KEYS = new Set(['functionResult', 'apiResult']);
/** Fields of such a result. */
const RETURNED_RESULT_FIELDS = new Set([
  'actionGroup',
  'function',
  'apiPath',
  'httpMethod',
  'httpStatusCode',
  'confirmationState',
  'agentId',
  'responseBody',
  'responseState',
]);

/**
 * The result of an action an agent service handed back to the caller (Bedrock Agents'
 * `functionResult`/`apiResult`: `responseBody` keyed by content type, each `{"body": "…"}`;
 * `responseState` `FAILURE` when it failed, an HTTP status for an API's): its body as the text;
 * undefined for any other object.
 */
function returnedResult(v: Record<string, unknown>): PlainOutput | undefined {
  const keys = Object.keys(v);
  const inner = keys.length === 1 && RETURNED_RESULT_KEYS.has(keys[0] as string) ? v[keys[0] as string] : undefined;
  if (!isRecord(inner) || !isRecord(inner.responseBody)) return undefined;
  if (!Object.keys(inner).every((k) => RETURNED_RESULT_FIELDS.has(k))) return undefined;
  const bodies: string[] = [];
  for (const content of Object.values(inner.responseBody))
    if (isRecord(content) && typeof content.body === 'string') bodies.push(content.body);
  if (!bodies.length) return undefined;
  const text = bodies.join('\n');
  const status = typeof inner.httpStatusCode === 'number' ? inner.httpStatusCode : undefined;
  if (inner.responseState === 'FAILURE' || (status !== undefined && status >= 400)) return { text, failed: true };
  return inner.responseState === undefined && status !== undefined ? { text, failed: false } : { text };
}

/** A JSON string's escape sequences. */
const JSON_ESCAPE = /\\(?:u([0-9a-fA-F]{4})|(["\\/bfnrt]))/g;
const JSON_ESCAPED: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** JSON text with its strings' escapes read (`\n` a line break, `\"` a quote): what a cut JSON output's lines show. */
function unescapedJson(raw: string): string {
  return raw.replace(JSON_ESCAPE, (_, hex: string | undefined, c: string) =>
    hex === undefined ? (JSON_ESCAPED[c] ?? c) : String.fromCharCode(parseInt(hex, 16)),
  );
}

/** The fields of a status envelope ({@link statusEnvelope}). */
const ENVELOPE_FIELDS = new Set(['status', 'message', 'time', 'timestamp']);
const ENVELOPE_FAILED = /^(?:failed|failure|fail|error|err|ko)$/i;
const ENVELOPE_OK = /^(?:ok|success|succeeded|successful|passed|done|completed)$/i;

/**
 * A tool's return packed as a status word and its message — Letta's `{"status": "Failed",
 * "message": "<the tool's text>", "time": "…"}`, a JSend-like `{"status": "error", "message": …}`:
 * the message is the text, the word says whether it failed. Not an API error body with a numeric
 * status (`{"message": "Not Found", "status": 404}`), nor an object with any other field.
 */
function statusEnvelope(v: Record<string, unknown>): PlainOutput | undefined {
  const { status, message } = v;
  if (typeof status !== 'string' || typeof message !== 'string') return undefined;
  if (!Object.keys(v).every((k) => ENVELOPE_FIELDS.has(k))) return undefined;
  const word = status.trim();
  if (ENVELOPE_FAILED.test(word)) return { text: message, failed: true, envelope: true };
  if (ENVELOPE_OK.test(word)) return { text: message, failed: false, envelope: true };
  return { text: message, envelope: true };
}

/** The kinds of a typed tool output ({@link typedOutput}) and whether each says the tool failed. */
const OUTPUT_TYPES = new Map<string, boolean>([
  ['text', false],
  ['json', false],
  ['content', false],
  ['error-text', true],
  ['error-json', true],
  ['error', true],
]);

/**
 * A tool's output typed by its runtime — `{"type": "text" | "json" | "content" | "error-text" |
 * "error-json", "value": …}`, as the Vercel AI SDK sends them: the value is the text (a JSON
 * value as JSON, a content list's text parts), an error type says it failed and its value is the
 * failure. Not an object with any other field.
 */
function typedOutput(v: Record<string, unknown>): PlainOutput | undefined {
  const { type, value } = v;
  const failed = typeof type === 'string' ? OUTPUT_TYPES.get(type) : undefined;
  if (failed === undefined || !('value' in v) || Object.keys(v).length !== 2) return undefined;
  const text =
    typeof value === 'string'
      ? value
      : Array.isArray(value) && value.every(isRecord)
        ? value.flatMap((p) => (typeof p.text === 'string' ? [p.text] : [])).join('\n')
        : JSON.stringify(value ?? null, null, 1);
  return failed ? { text, failed, envelope: true } : { text, failed };
}

/** A content part of text (`{"type": "text", "text": "…"}`, maybe with annotations). */
/**
 * A content part's text: its `text`, or the field its type names (`{"type": "logs", "logs": "…"}`
 * — a code interpreter's outputs as the Assistants API returns them —, `{"type": "stdout", …}`).
 */
function partText(x: unknown): string | undefined {
  if (!isRecord(x)) return undefined;
  if (typeof x.text === 'string') return x.text;
  const named = typeof x.type === 'string' && x.type !== 'type' ? x[x.type] : undefined;
  return typeof named === 'string' ? named : undefined;
}

function isTextPart(v: unknown): boolean {
  return isRecord(v) && v.type === 'text' && typeof v.text === 'string';
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The text fields of a wrapper joined (stdout before stderr), one level of nesting and MCP's content list read. */
function wrappedText(v: Record<string, unknown>, depth: number): string | undefined {
  const parts: string[] = [];
  for (const k of TEXT_FIELDS) {
    const f = v[k];
    if (typeof f === 'string') parts.push(f);
    else if (Array.isArray(f)) {
      const texts = f.flatMap((x) => {
        const t = partText(x);
        return t === undefined ? [] : [t];
      });
      if (texts.length) parts.push(texts.join('\n'));
    } else if (isRecord(f) && depth === 0) {
      const t = wrappedText(f, 1);
      if (t !== undefined) parts.push(t);
    }
  }
  if (!parts.length && typeof v.console === 'string') return v.console;
  return parts.length ? parts.filter((p) => p.length > 0).join('\n') : undefined;
}

function wrapperFailed(v: Record<string, unknown>): boolean | undefined {
  for (const k of EXIT_FIELDS) {
    const x = v[k];
    if (typeof x === 'number') return x !== 0;
    // (a status some harnesses send as text: Amazon Q's `"exit_status": "1"`)
    if (typeof x === 'string' && /^-?\d{1,5}$/.test(x)) return Number(x) !== 0;
  }
  if (typeof v.is_error === 'boolean') return v.is_error;
  if (typeof v.isError === 'boolean') return v.isError;
  if (typeof v.success === 'boolean') return !v.success;
  if (typeof v.ok === 'boolean') return !v.ok;
  // (a status word beside the text: Bedrock's toolResult `{"content": […], "status": "error"}`)
  if (typeof v.status === 'string') {
    const word = v.status.trim();
    if (ENVELOPE_FAILED.test(word)) return true;
    if (ENVELOPE_OK.test(word)) return false;
  }
  return undefined;
}

/**
 * The lines of `text` that show a failure — the one that names it first, the rest in output
 * order ({@link leadFirst}); for an API's JSON error body, its errors ({@link jsonErrorEvidence}) — at most
 * {@link EVIDENCE_MAX_LINES} lines and {@link EVIDENCE_MAX_CHARS} characters. Empty when the
 * output shows none (or, per `options.failed`, when it should not be believed).
 */
export function failureEvidence(text: string, options: EvidenceOptions = {}): string[] {
  if (options.failed === false && !/fail|error|problem|exception|panic/i.test(text)) return [];
  // a JSON wrapper's text is read (and its exit code believed when the caller knows none)
  const plain = readPlain(text);
  const source = plain.text;
  // an API's error body is the failure, whatever the exit status says (the call itself worked)
  const apiError = jsonErrorEvidence(source, plain.json);
  if (apiError.length) return apiError.slice(0, options.maxLines ?? EVIDENCE_MAX_LINES);
  // (or a CLI's error line that carries one: Azure's `ERROR: {"status":"Failed","error":{…,"details":[…]}}`)
  const carried = carriedJsonError(source);
  if (carried.length) return carried.slice(0, options.maxLines ?? EVIDENCE_MAX_LINES);
  // (or an HTTP response with an error status and such a body under its headers, as `curl -i` prints it)
  const answered = httpErrorEvidence(source);
  if (answered.length) return answered.slice(0, options.maxLines ?? EVIDENCE_MAX_LINES);
  // (an output whose last line says its command exited non-zero — `(exit code 2)`, `Exit status: 1` — failed)
  const failed = options.failed ?? plain.failed ?? (exitedNonZero(source) ? true : undefined);
  const lines = source.split('\n');
  const candidates = candidateLines(source, lines, failed === true);
  const ctx = outputContext(
    candidates.map((i) => lines[i] as string),
    failed === true,
    source,
  );
  const found: Candidate[] = [];
  const around = new Around(lines);
  // lines that say something failed in words no shape knows (`Pillar render error: …`,
  // `Get-Service : Cannot find any service …`): believed only of a command known to have failed
  const unknown: Candidate[] = [];
  for (const i of candidates) {
    const { text: s, indent } = normalize(lines[i] as string);
    if (!s) continue;
    around.i = i;
    const shape = classify(s.slice(0, MAX_LINE_EXAMINED_CHARS), indent, ctx, around);
    if (shape) found.push({ line: i, text: s, score: 0, shape });
    else if (
      failed === true &&
      unknown.length < UNKNOWN_MAX_SCANNED &&
      FAILURE_WORDS.test(s.slice(0, MAX_LINE_EXAMINED_CHARS))
    )
      unknown.push({ line: i, text: s, score: 0, shape: { tier: TIER.generic } });
  }
  // the exception a Python traceback ends with, whatever its class is called
  for (const c of tracebackEnds(source, lines)) if (!found.some((f) => f.line === c.line)) found.push(c);
  // a failed command none of whose lines has a known shape but a count of failures or an exit
  // status: the lines that say what failed in words, the most specific first
  if (failed === true && found.every((c) => c.shape?.summary || c.shape?.tier === TIER.generic)) {
    const named = unknown
      .map((c, k) => ({ c, k, s: specificity(c.text) }))
      .sort((a, b) => b.s - a.s || a.k - b.k)
      .slice(0, UNKNOWN_MAX_LINES)
      .map((x) => x.c);
    found.push(...named);
    // (and the warnings it printed: made fatal — `-Werror`, OpenSCAD's hard warnings,
    // `--warnings-as-errors` — they are why it stopped)
    found.push(...warningLines(lines));
    found.sort((a, b) => a.line - b.line);
  }
  // a tool that says it stopped because of its warnings (Zephyr's `error: Aborting due to Kconfig warnings`):
  // those warnings are the failure, ranked as lines that name it
  if (found.some((c) => FATAL_WARNINGS.test(c.text))) {
    for (const w of warningLines(lines))
      if (!found.some((c) => c.line === w.line)) found.push({ ...w, shape: { tier: TIER.named } });
    found.sort((a, b) => a.line - b.line);
  }
  // an envelope that says it failed: its message is the failure, whatever shape its first line has
  if (found.length === 0 && plain.envelope && failed === true) {
    // (its first line that says something: not a rule of dashes a report opens with)
    const first = lines.findIndex((l) => /\p{L}/u.test(l));
    if (first >= 0)
      found.push({
        line: first,
        text: normalize(lines[first] as string).text,
        score: 0,
        shape: { tier: TIER.generic },
      });
  }
  if (found.length === 0) return [];
  const hasSummary = found.some((c) => c.shape?.summary);
  const limits = {
    maxLines: options.maxLines ?? EVIDENCE_MAX_LINES,
    maxChars: options.maxChars ?? EVIDENCE_MAX_CHARS,
    maxLineChars: options.maxLineChars ?? EVIDENCE_MAX_LINE_CHARS,
  };
  if (failed === false && !hasSummary) {
    // a log read by a tool that worked (logcat, a task's log, a pod's): its program's crash, an
    // exception with its stack trace, is a failure whatever the tool's own status; so is a checker's
    // report entry whose severity says error, and its warnings beside it (KiCad's DRC report read back)
    const traced = found.filter(
      (c) => (c.shape?.tier === TIER.exception && hasTrace(lines, c.line)) || c.shape?.attach === 'item-line',
    );
    return traced.length ? select(lines, score(traced), limits) : [];
  }
  const generic = found.filter((c) => c.shape?.tier === TIER.generic && !c.shape.summary);
  if (failed === undefined && !hasSummary && generic.length === found.length) return [];
  // generic lines beyond the first few add noise, not facts, when there is anything better
  // generic lines that name something (a package, a path, a version) before those that only say "error"
  const dropped = new Set(
    generic
      .map((c, k) => ({ c, k, s: specificity(c.text) }))
      .sort((a, b) => b.s - a.s || a.k - b.k)
      .slice(MAX_GENERIC_LINES)
      .map((x) => x.c),
  );
  const kept = generic.length === found.length ? found : found.filter((c) => !dropped.has(c));
  return select(lines, score(kept), limits);
}

/** A last line that says the command exited non-zero: `(exit code 2)`, `Exit status: 1`, `exited with code 137`. */
const EXITED_NON_ZERO = /^\(?(?:process |command )?exit(?:ed)?(?: with)?(?: code| status)?:? [1-9]\d*\)?\.?$/i;
/**
 * A closing line with the command's exit status (`[Command finished with exit code 2]`, `Error:
 * Process completed with exit code 1.`, `returncode: 1`): the status is the number after the
 * words, nothing follows it.
 */
const EXIT_FIELD =
  /^[[(]?(?:[\w ]{0,40}\s)?(?:exit(?:ed)?(?: with)?[ _-]?(?:code|status)|return[ _-]?code|returncode|exitcode)\s*[:=]?\s*[1-9]\d*\s*[)\].]*$/i;
/** Header lines of an output searched for an {@link EXIT_HEADER_FIELD} (a harness puts it above the output). */
const EXIT_HEADER_LINES = 6;
/** A header's field with the exit status (`Exit code: 1`, `returncode=2`): a label, then the number alone. */
const EXIT_HEADER_FIELD = /^(?:exit[ _-]?(?:code|status)|return[ _-]?code|returncode|exitcode)\s*[:=]\s*[1-9]\d*$/i;
/**
 * A heading's closing exit status, after a separator (`(return code 1)`, `· exit 1`, `| exit status 2`,
 * `, exit code 1]`): the command's, as the harness reports it above the output.
 */
const HEADING_EXIT =
  /[\s(·|,;[](?:exit(?:ed)?(?: with)?(?:[ _-]?(?:code|status))?|return[ _-]?code|returncode|exitcode)\s*[:=]?\s*[1-9]\d*\s*[)\].]*$/i;

/**
 * Whether the output's last line, or a field of its header (`Exit code: 1` under `Command: …`),
 * says its command exited non-zero; a line in between says it of some step (`Process exited with
 * code 3` then `Retrying once.`), not of the command.
 */
export function exitedNonZero(source: string): boolean {
  const last = lastLine(source);
  if (EXITED_NON_ZERO.test(last) || EXIT_FIELD.test(last)) return true;
  let from = 0;
  for (let k = 0; k < EXIT_HEADER_LINES && from < source.length; k += 1) {
    let end = source.indexOf('\n', from);
    if (end < 0) end = source.length;
    const line = end - from <= 200 ? source.slice(from, end).trim() : '';
    // (the first line may be a harness's heading that ends with the status: `[TOOL_CALL_FAILED] run
    // (return code 1)`, `[task 0] shell · dep [-1] · exit 1`)
    if (EXIT_HEADER_FIELD.test(line) || (k === 0 && line !== last && HEADING_EXIT.test(line))) return true;
    from = end + 1;
  }
  return false;
}

/** The last non-blank line of `text`, trimmed (read from the end: an output may be long). */
function lastLine(text: string): string {
  let end = text.length;
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end).trim();
    if (line) return line.length > 200 ? '' : line;
    end = start - 1;
  }
  return '';
}

/** Lines in words no shape knows kept at most for a failed command (see {@link FAILURE_WORDS}). */
const UNKNOWN_MAX_LINES = 3;
/** A warning as compilers, linters and tools print one: `WARNING: …`, `x.c:3:5: warning: …`, Verilator's `%Warning-WIDTH: …`, `[WARN] …`. */
const WARNING_LINE = /^(?:\S+?:\d+(?::\d+)?:\s*)?(?:%?warning\b[-:\s]|\[warn(?:ing)?\]\s)/i;
/** A failure line that blames the warnings: `Aborting due to Kconfig warnings`, `stopped because of warnings`. */
const FATAL_WARNINGS = /\b(?:abort|fail|stop|exit)\w*\b.{0,30}\b(?:due to|because of|on)\b.{0,20}\bwarnings?\b/i;
/** Lines of an output read for its warnings (an output of thousands of lines is read no further). */
const WARNING_SCAN_LINES = 2_000;

/** The first {@link UNKNOWN_MAX_LINES} warnings among an output's lines ({@link WARNING_LINE}). */
function warningLines(lines: readonly string[]): Candidate[] {
  const out: Candidate[] = [];
  const n = Math.min(lines.length, WARNING_SCAN_LINES);
  for (let i = 0; i < n && out.length < UNKNOWN_MAX_LINES; i += 1) {
    const raw = lines[i] as string;
    if (raw.length > MAX_LINE_EXAMINED_CHARS || !/warn/i.test(raw)) continue;
    const { text } = normalize(raw);
    if (WARNING_LINE.test(text)) out.push({ line: i, text, score: 0, shape: { tier: TIER.generic } });
  }
  return out;
}
/** Such lines examined at most (an output of thousands of them is read no further). */
const UNKNOWN_MAX_SCANNED = 200;
/**
 * Words that say something failed, in any tool's own phrasing — `error`, `failed`, `cannot`,
 * `not found`, `not available`, `not allowed`, `denied`, `invalid`, `refused`, `timed out`,
 * `exceeded`, `exception`, `abend` — as words; a line that reports none (`0 errors`, `no failures`) is no failure.
 */
const FAILURE_WORDS =
  /^(?!.*\b(?:0|no|zero|without) (?:errors?|failures?)\b).*\b(?:errors?|fail(?:ed|s|ure)?|cannot|can't|couldn't|could not|unable to|not (?:found|available|allowed|defined|permitted|supported)|does not exist|denied|invalid|refused|rejected|timed out|exceeded|exception|abend|fatal|forbidden|violat(?:ed|ion))\b/i;

/**
 * The last line of each Python traceback: the exception, at column 0 after the frames, whatever
 * its class is called (`bibtexparser.bibdatabase.UndefinedString: 'x'`, `requests.exceptions.ReadTimeout`).
 */
function tracebackEnds(source: string, lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  if (source.indexOf('Traceback (most recent call last):') < 0) return out;
  for (let i = 0; i < lines.length && out.length < 3; i += 1) {
    if (!(lines[i] as string).includes('Traceback (most recent call last):')) continue;
    let j = i + 1;
    // the frames: indented `File "…", line N, in f` and their code
    while (j < lines.length && j - i <= PYTHON_LOOKBEHIND && /^(?:\s|$)/.test(lines[j] as string)) j += 1;
    const { text } = normalize(lines[j] ?? '');
    if (j > i + 1 && text.length > 3 && /^(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?::\s.*|:)?$/.test(text))
      out.push({ line: j, text, score: 0, shape: { tier: TIER.exception } });
    i = j;
  }
  return out;
}

/** Longest output parsed for an API's error body. */
const JSON_ERROR_MAX_CHARS = 1_000_000;
/** Fields of an error object that name it (the first present is its identifier) and that describe it. */
const ERROR_NAME_FIELDS = ['code', 'error_code', 'errorCode', 'type', 'error', 'status', 'reason'] as const;
const ERROR_TEXT_FIELDS = [
  'message',
  'error_description',
  'detail',
  'description',
  'title',
  'msg',
  'diagnostics',
] as const;
/** Severities of a FHIR `OperationOutcome`'s issues that are failures (`warning`, `information` are not). */
const FAILED_ISSUE = /^(?:fatal|error)$/;
/** Errors of a list (`{"errors": [...]}`) read. */
const MAX_LISTED_ERRORS = 3;

/**
 * The failure an API's JSON error body states (`{"error": {"code": "card_declined", "message":
 * "…"}}`, OAuth's `{"error": "invalid_grant", "error_description": "…"}`, GraphQL's `{"errors":
 * [{"message": "…", "extensions": {"code": "…"}}]}`): one line per error, its identifiers and its
 * message verbatim (`card_declined (invalid_request_error): Your card was declined.`). Empty
 * when the output is no such body. A tool that calls an API reports its failure this way, with
 * no exit status and no failure line to recognise. `parsed`: the text already parsed
 * by {@link failureEvidence}'s reading of the output), so that it is not parsed twice.
 */
export function jsonErrorEvidence(text: string, parsed?: Record<string, unknown>): string[] {
  if (text.length > JSON_ERROR_MAX_CHARS) return [];
  let value: unknown = parsed;
  if (value === undefined) {
    // (not parsed by plainOutput: the text a wrapper held, or an output it does not parse)
    const t = text.trim();
    if (t[0] !== '{' || t[t.length - 1] !== '}' || !/"(?:errors?|issue)"\s*:/.test(t)) return [];
    try {
      value = JSON.parse(t);
    } catch {
      return [];
    }
  }
  if (!isRecord(value)) return [];
  const lines: string[] = [];
  const { error, errors } = value;
  if (typeof error === 'string') lines.push(errorLine(value));
  else if (isRecord(error)) lines.push(errorLine(error));
  if (Array.isArray(errors))
    for (const e of errors.slice(0, MAX_LISTED_ERRORS)) if (isRecord(e)) lines.push(errorLine(e));
  // (FHIR's `OperationOutcome`: its issues of severity `error` or `fatal`, `HAPI-1094: Resource … not found`)
  if (value.resourceType === 'OperationOutcome' && Array.isArray(value.issue)) {
    const failed = value.issue.filter(
      (e) => isRecord(e) && typeof e.severity === 'string' && FAILED_ISSUE.test(e.severity),
    );
    for (const e of failed.slice(0, MAX_LISTED_ERRORS)) lines.push(issueLine(e as Record<string, unknown>));
  }
  // (an error's details say what failed where its message only says that something did: ARM's
  // `DeploymentFailed` over `Conflict: Website with given name … already exists.`)
  if (isRecord(error)) pushDetails(error, lines, 2);
  return lines.filter((l) => l.length > 0).map((l) => clip(l, EVIDENCE_MAX_LINE_CHARS));
}

/** The lines of an error's `details` (and theirs, `depth` levels down), at most {@link MAX_LISTED_ERRORS} in all. */
function pushDetails(error: Record<string, unknown>, lines: string[], depth: number): void {
  const details = error.details;
  if (depth <= 0 || !Array.isArray(details)) return;
  for (const d of details.slice(0, MAX_LISTED_ERRORS)) {
    if (!isRecord(d) || lines.length >= MAX_LISTED_ERRORS + 1) continue;
    lines.push(errorLine(d));
    pushDetails(d, lines, depth - 1);
  }
}

/** An HTTP response's status line with an error status (`HTTP/1.1 422 Unprocessable Entity`, `HTTP/2 404`). */
const HTTP_ERROR_STATUS = /^HTTP\/\d(?:\.\d)? [45]\d\d\b.*$/;

/**
 * The failure an HTTP response states: an error status on its first line, and under its headers a
 * JSON error body ({@link jsonErrorEvidence}): the body's errors, then the status. None otherwise.
 */
function httpErrorEvidence(text: string): string[] {
  let at = 0;
  while (at < text.length && /\s/.test(text[at] as string)) at += 1;
  if (!text.startsWith('HTTP/', at)) return [];
  // (only an output that is one: its head alone was looked at until here)
  const t = text.slice(at);
  const end = t.indexOf('\n');
  const status = (end < 0 ? t : t.slice(0, end)).trim();
  if (!HTTP_ERROR_STATUS.test(status)) return [];
  const blank = t.search(/\r?\n\r?\n/);
  if (blank < 0) return [];
  const errors = jsonErrorEvidence(t.slice(blank).trim());
  return errors.length ? [...errors, status] : [];
}

/** A line that carries a JSON error object after an error label (`ERROR: {"error": …}`), at most this long. */
const CARRIED_JSON_ERROR = /^\s*(?:ERROR|Error|error)\s*:\s*(\{"[^\n]*"errors?"\s*:[^\n]*\})\s*$/m;

/** The errors of a JSON error object a CLI prints on its error line ({@link CARRIED_JSON_ERROR}); none when there is none. */
function carriedJsonError(text: string): string[] {
  if (!text.includes('"error')) return [];
  const m = CARRIED_JSON_ERROR.exec(text);
  return m ? jsonErrorEvidence(m[1] as string) : [];
}

/** A FHIR issue's line: its diagnostics (or its details' text) verbatim, then where (`expression`), else its code. */
function issueLine(e: Record<string, unknown>): string {
  const details = isRecord(e.details) && typeof e.details.text === 'string' ? e.details.text : undefined;
  const said = typeof e.diagnostics === 'string' && e.diagnostics.trim() ? e.diagnostics : details;
  const where = Array.isArray(e.expression) && typeof e.expression[0] === 'string' ? ` (at ${e.expression[0]})` : '';
  if (said) return `${said.replace(/\s+/g, ' ').trim()}${where}`;
  return typeof e.code === 'string' ? `${e.code}${where}` : '';
}

/** `name (other names): message` of one error object; '' when it has neither a name nor a message. */
function errorLine(e: Record<string, unknown>): string {
  const ext = isRecord(e.extensions) ? e.extensions : {};
  const names: string[] = [];
  for (const k of ERROR_NAME_FIELDS) {
    const v = e[k] ?? ext[k];
    if ((typeof v === 'string' && v.length > 0 && v.length <= 120) || typeof v === 'number') names.push(String(v));
  }
  let message = '';
  for (const k of ERROR_TEXT_FIELDS) {
    const v = e[k];
    if (typeof v === 'string' && v.trim()) {
      message = v.replace(/\s+/g, ' ').trim();
      break;
    }
  }
  if (!names.length && !message) return '';
  const [first, ...rest] = [...new Set(names)];
  const name = first === undefined ? '' : `${first}${rest.length ? ` (${rest.join(', ')})` : ''}`;
  return name && message ? `${name}: ${message}` : name || message;
}

/**
 * Indexes of the lines that may show a failure: one scan of the lower-cased output for
 * {@link KEYWORDS} (skipping to the next line after a hit), plus the keyword-less line starts.
 */
function candidateLines(source: string, lines: string[], failed = false): number[] {
  // (of an output that failed, a line that opens with a location too: a diagnostic that names no severity)
  // (and a problem over the locations it was found at, one an indented line below it)
  const starts = (line: string, i: number) =>
    startsLikeFailure(line) || (failed && (LOCATION_FIRST.test(line) || INDENTED_LOCATION.test(lines[i + 1] ?? '')));
  const lower = source.toLowerCase();
  const out: number[] = [];
  if (lower.length !== source.length) {
    // a few characters lower-case to two: offsets would drift, so test line by line instead
    lines.forEach((line, i) => {
      KEYWORDS.lastIndex = 0;
      if (KEYWORDS.test(line.toLowerCase()) || starts(line, i)) out.push(i);
    });
    return out;
  }
  const next = (from: number) => {
    KEYWORDS.lastIndex = from;
    return KEYWORDS.exec(lower)?.index ?? Infinity;
  };
  let hit = next(0);
  let start = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as string;
    const end = start + line.length;
    if (line.length >= 2) {
      if (hit < end) {
        out.push(i);
        hit = next(end);
      } else if (starts(line, i)) out.push(i);
    } else if (hit < end) hit = next(end);
    start = end + 1;
  }
  return out;
}

/**
 * Scores candidates: the last summary first (it has the final counts), then by tier, earlier
 * lines first within a tier (a compiler's first error is usually the cause of the rest); a
 * tier's n-th line ranks with the next tier's first, so every kind gets a place.
 */
/** Identifier-like words of a line (with a digit, `@`, `/`, `.`, `_`, a quote or an inner capital): what names the failure. */
function specificity(text: string): number {
  let n = 0;
  for (const raw of text.split(/\s+/)) {
    const w = raw.replace(/^[("'`[]+|[.,:;!?)"'`\]]+$/g, '');
    if (w.length > 2 && /[\d@/._"'`]|[a-z][A-Z]/.test(w)) n += 1;
  }
  return Math.min(n, 3);
}

function score(found: Candidate[]): Candidate[] {
  const rank = new Map<number, number>();
  let lastSummary = -1;
  found.forEach((c, k) => {
    if (c.shape?.summary) lastSummary = k;
  });
  found.forEach((c, k) => {
    const shape = c.shape as Shape;
    // the line naming a failing test identifies it, whatever tier its runner's marker has
    const tier = shape.test ? TIER.named : shape.tier;
    const key = shape.summary ? 0 : tier;
    const r = rank.get(key) ?? 0;
    rank.set(key, r + 1);
    if (k === lastSummary) c.score = 1_000;
    else if (shape.summary) c.score = 35 - r;
    else c.score = tier * 10 - r;
  });
  return found;
}

interface Limits {
  maxLines: number;
  maxChars: number;
  maxLineChars: number;
}

/** Picks the best candidates (and the locations of the best) within the limits, the lead first, then in output order. */
function select(lines: string[], found: Candidate[], limits: Limits): string[] {
  const ranked = oneLinePerTest(
    [...found].sort((a, b) => b.score - a.score || a.line - b.line),
    limits.maxLines * 2,
  );
  const pool = [...ranked];
  let attached = 0;
  for (const c of ranked.slice(0, limits.maxLines * 2)) {
    const rule = c.shape?.attach;
    const at = rule === undefined ? -1 : attachment(lines, c.line, rule, c.text);
    if (at < 0) continue;
    // the best failure's location ranks just below it; the next ones' a tier lower each, after the first exception
    const location: Candidate = {
      line: at,
      text: normalize(lines[at] as string).text,
      score: c.score - 2.5 - 10 * attached,
    };
    if (rule === 'path-header') location.heading = true;
    // (a test's name says which failed: it ranks just above the assertion printed under it)
    // (and so does the message a return code is printed under: it says what failed, the code only that it did)
    if (rule === 'message-above') location.heading = true;
    if (rule === 'name-header' || rule === 'verdict-title') {
      location.score = c.score + 0.5;
      location.heading = true;
    }
    pool.push(location);
    // Terraform's diagnostic says what is wrong after its location and source excerpt
    // (`A managed resource "aws_subnet" "public" has not been declared in module.edge.`)
    const detail = TF_FRAME.test(location.text) ? diagnosticDetail(lines, at) : -1;
    if (detail >= 0)
      pool.push({ line: detail, text: normalize(lines[detail] as string).text, score: location.score - 1 });
    // and rustc's or codespan's under the carets of its excerpt (`^^^^ Unbound function 'f' in module 'm'`)
    const label = rule === 'rust-arrow' ? caretLabel(lines, at) : undefined;
    if (label) pool.push({ line: label.line, text: label.text, score: location.score - 1 });
    // and a message below an excerpt that runs on to the next line (`Strict account checking is enabled, and` /
    // `account "expenses:x" has not been declared.`): its second line names what failed
    const more = rule === 'next-line' || rule === 'explanation' ? continuation(lines, at) : -1;
    if (more >= 0) pool.push({ line: more, text: normalize(lines[more] as string).text, score: location.score - 1 });
    attached += 1;
  }
  pool.sort((a, b) => b.score - a.score || a.line - b.line);
  const chosen: Candidate[] = [];
  const seenLines = new Set<number>();
  const seenTexts = new Set<string>();
  let chars = 0;
  for (const c of pool) {
    if (chosen.length >= limits.maxLines) break;
    const text = clip(c.text, c.shape?.test ? limits.maxLineChars * 2 : limits.maxLineChars);
    if (seenLines.has(c.line) || seenTexts.has(text) || chars + text.length > limits.maxChars) continue;
    seenLines.add(c.line);
    seenTexts.add(text);
    chars += text.length;
    chosen.push({ ...c, text });
  }
  chosen.sort((a, b) => a.line - b.line);
  return leadFirst(chosen).map((c) => undecorate(c.text));
}

/**
 * The chosen lines with the one that names the failure first: the best-ranked line that is
 * neither generic (an exit status, a harness's `Command failed with exit code 1.`), a count of
 * failures nor a location, moved ahead of the lines printed before it (with the file name a
 * linter prints above it); the rest stay in output order. Readers that show one line per
 * failure (the state block's errors: src/context/facts.ts) show that one.
 */
function leadFirst(chosen: Candidate[]): Candidate[] {
  let lead = -1;
  chosen.forEach((c, k) => {
    const shape = c.shape;
    if (!shape || shape.summary || shape.tier === TIER.generic) return;
    if (lead < 0 || c.score > (chosen[lead] as Candidate).score) lead = k;
  });
  // a chained exception's root cause (Java's last `Caused by:`) names what the wrapper only reports
  // (`Py4JJavaError: An error occurred while calling o189.saveAsTable` … `Caused by: AnalysisException: …`)
  if (lead >= 0 && (chosen[lead] as Candidate).shape?.tier === TIER.exception) {
    for (let k = chosen.length - 1; k > lead; k -= 1) {
      if ((chosen[k] as Candidate).text.startsWith('Caused by: ')) {
        lead = k;
        break;
      }
    }
  }
  const from = lead > 0 && chosen[lead - 1]?.heading ? lead - 1 : lead;
  if (from <= 0) return chosen;
  return [...chosen.slice(from, lead + 1), ...chosen.slice(0, from), ...chosen.slice(lead + 1)];
}

/**
 * One line per failing test (jest prints `✕ name` and `● suite › name`, pytest `path::name
 * FAILED` and `FAILED path::name - reason`): the one with the fullest name, in the place of
 * the best-ranked one, so that the room goes to the next failure. Only the first `limit` tests
 * are compared (the rest rank too low to be kept).
 */
function oneLinePerTest(ranked: Candidate[], limit: number): Candidate[] {
  const tests: Candidate[] = [];
  const out: Candidate[] = [];
  for (const c of ranked) {
    if (!c.shape?.test || tests.length >= limit) {
      out.push(c);
      continue;
    }
    const same = tests.find((t) => sameTest(t.text, c.text));
    if (!same) {
      tests.push(c);
      out.push(c);
    } else if (testName(c.text).length > testName(same.text).length) {
      same.line = c.line;
      same.text = c.text;
      same.shape = { ...c.shape, tier: Math.max(c.shape.tier, same.shape?.tier ?? 0) as Shape['tier'] };
    }
  }
  return out;
}

/** Terraform's location of a diagnostic: `on main.tf line 12, in resource "aws_lb" "main":`. */
const TF_FRAME = /^on \S+\.tf(?:\.json)? line \d+/;
/** A line of the source excerpt under it (`12:   subnets = …`, or its continuation), or the box's end. */
const TF_EXCERPT = /^(?:\d+:|[\u2575\u2577]$)/;
/** Lines after a Terraform location searched for the diagnostic's detail. */
const TF_DETAIL_LOOKAHEAD = 8;

/**
 * The first line of a Terraform diagnostic's detail — after its location (line `at`), the source
 * excerpt and a blank line, within the diagnostic — or -1.
 */
function diagnosticDetail(lines: string[], at: number): number {
  let blank = false;
  for (let j = at + 1; j < Math.min(lines.length, at + 1 + TF_DETAIL_LOOKAHEAD); j += 1) {
    const raw = lines[j] as string;
    const { text, indent } = normalize(raw);
    if (!text || /^[\u2502|]\s*$/.test(raw.trim())) {
      blank = true;
      continue;
    }
    if (TF_EXCERPT.test(text) || (!blank && indent > 0)) continue;
    if (/^[\u2575\u2577]/.test(raw.trim()) || /^(?:Error|Warning):/.test(text)) return -1;
    return blank ? j : -1;
  }
  return -1;
}

/** The line index of the location that belongs to the failure on line `i`, or -1. */
function attachment(lines: string[], i: number, rule: AttachRule, text: string): number {
  switch (rule) {
    case 'frame':
    case 'python-frame': {
      const ahead = findForward(lines, i, FRAME_LOOKAHEAD, (t) => FRAME.test(t) && !LIBRARY_FRAME.test(t));
      return ahead >= 0 ? ahead : pythonFrame(lines, i);
    }
    case 'rust-arrow':
      // (rustc's `--> src/main.rs:4:18`, codespan's `┌─ ./sources/m.move:118:21`: Move, Gleam, Roc)
      return findForward(lines, i, 3, (t) => t.startsWith('--> ') || t.startsWith('┌─ '));
    case 'go-frame':
      return findForward(lines, i, GO_FRAME_LOOKAHEAD, (t) => GO_FRAME.test(t) && !LIBRARY_FRAME.test(t));
    case 'next-line': {
      // `... error:` (and GHC's `error: [GHC-88464]`, MATLAB's `Error using f (line 24)`): the message is on the next line
      if (!text.endsWith(':') && !/\[GHC-\d+\]$|^Error using |^--> FOAM FATAL/.test(text)) return -1;
      const next = findForward(lines, i, 2, (t) => t.length > 0);
      // (or, after the excerpt of the code it points at, the paragraph below: hledger's `hledger: Error: f.journal:12:`)
      return next >= 0 && EXCERPT_LINE.test((lines[next] as string).trim()) ? explanation(lines, next - 1) : next;
    }
    case 'got-line':
      return findForward(lines, i, 3, (t) => /^(?:got|actual|found):\s*\S/.test(t));
    case 'reason-line':
      return findForward(lines, i, 2, (t) => t.startsWith('reason: '));
    case 'hook-output':
      return findForward(lines, i, 3, (t) => t.length > 0 && !t.startsWith('- '));
    case 'locator-line':
      return findForward(lines, i, 3, (t) => t.startsWith('Locator: '));
    case 'item-line':
      return findForward(lines, i, 3, (t) => REPORT_ITEM.test(t));
    case 'explanation':
      return explanation(lines, i);
    case 'message-above':
      return messageAbove(lines, i);
    case 'verdict-title': {
      // (the name: the line just above, itself under a rule of dashes)
      const j = i - 1;
      const name = j >= 1 ? (lines[j] as string).trim() : '';
      return name && !/^[-=_]{3,}$/.test(name) && /^[-=_]{5,}$/.test((lines[j - 1] as string).trim()) ? j : -1;
    }
    case 'name-header': {
      // (the failure is indented under it; the name is one word: no spaces, not a number)
      const depth = indentOf(lines[i] as string);
      if (depth === 0) return -1;
      for (let j = i - 1; j >= Math.max(0, i - 3); j -= 1) {
        const raw = lines[j] as string;
        if (indentOf(raw) >= depth) continue;
        return TEST_NAME_HEADER.test(raw.trim()) ? j : -1;
      }
      return -1;
    }
    case 'path-header':
      for (let j = i - 1; j >= Math.max(0, i - PATH_HEADER_LOOKBEHIND); j -= 1) {
        const raw = lines[j] as string;
        if (/^\s/.test(raw)) continue;
        return PATH_HEADER.test(raw.trim()) ? j : -1;
      }
      return -1;
  }
}

/** A line that stops mid-sentence: on a comma or a word that joins (`Strict account checking is enabled, and`). */
const RUNS_ON = /(?:,|\b(?:and|or|but|of|to|the|a|an|in|for|with|that|which|is|are|was|were|be|not))\s*$/i;

/** The next line of a sentence line `at` stops in the middle of, when it is prose at the same depth; else -1. */
function continuation(lines: string[], at: number): number {
  const line = lines[at] as string;
  const next = lines[at + 1];
  if (next === undefined || !RUNS_ON.test(line)) return -1;
  const t = next.trim();
  return t && indentOf(next) === indentOf(line) && !EXCERPT_LINE.test(t) && /^[A-Za-z`'"(]/.test(t) ? at + 1 : -1;
}

/** An item a report entry names, at its place (KiCad: `@(105.3181 mm, 83.8812 mm): Pad 2 [/SENSE] of R7 on F.Cu`). */
const REPORT_ITEM = /^@\([-\d.]+ ?\w*, [-\d.]+ ?\w*\): \S/;

/** Lines of a message above its return code searched for the message's first line. */
const MESSAGE_ABOVE_LINES = 3;

/**
 * The first line of the message printed just above line `i` (Stata's return code): the lines up to
 * a blank one, the command's echo (`. assert …`, `> …` continued) or a script's end, at most
 * {@link MESSAGE_ABOVE_LINES}; -1 when there is none.
 */
function messageAbove(lines: string[], i: number): number {
  let first = -1;
  for (let j = i - 1; j >= Math.max(0, i - MESSAGE_ABOVE_LINES); j -= 1) {
    const t = (lines[j] as string).trim();
    if (!t || /^[.>] /.test(t) || t === 'end of do-file' || RETURN_CODE.test(t)) break;
    first = j;
  }
  return first;
}

/** The first line of prose after the code excerpt below line `i` (Elm's and hledger's message), or -1. */
function explanation(lines: string[], i: number): number {
  for (let j = i + 1; j < Math.min(lines.length, i + EXPLANATION_LOOKAHEAD); j += 1) {
    const raw = lines[j] as string;
    const t = raw.trim();
    // (blank lines, the excerpt's numbered lines, its box, carets and the rules around it are skipped)
    if (!t || indentOf(raw) >= 4 || EXCERPT_LINE.test(t) || /^[-=]{3,}$/.test(t)) continue;
    return /^[A-Za-z`'"(]/.test(t) && t.includes(' ') ? j : -1;
  }
  return -1;
}

/** A primary label under an excerpt's carets, after the gutter (secondary `---` marks before them aside). */
const CARET_LABEL = /^\s*(?:\d+\s*)?[│|]\s*(?:[-~]+\s+)*\^+\s+(\S.*)$/;
/** Lines of an excerpt after its location searched for the label. */
const CARET_LOOKAHEAD = 10;

/**
 * The label of the carets in the code excerpt after a diagnostic's location (`at`), as rustc and
 * codespan print it — what was found there (`expected `u32`, found `&str``); undefined past the excerpt.
 */
function caretLabel(lines: string[], at: number): { line: number; text: string } | undefined {
  for (let j = at + 1; j < Math.min(lines.length, at + 1 + CARET_LOOKAHEAD); j += 1) {
    const raw = lines[j] as string;
    const label = CARET_LABEL.exec(raw);
    if (label) return { line: j, text: (label[1] as string).trim() };
    const t = raw.trim();
    // (an excerpt's elided lines: `·`, `...`)
    if (t && !EXCERPT_LINE.test(t) && t !== '·' && t !== '...') return undefined;
  }
  return undefined;
}

/** The indentation of a line (spaces and tabs before its first character). */
function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** Lines around an exception searched for its stack trace. */
const TRACE_SPAN = 3;
/**
 * A frame of a stack trace: Java's and JavaScript's `at …(…)`, Ruby's `from f.rb:12`, Python's
 * `File "…", line 3`, PHP's `#0 /x/y.php(324): f()` (or its `Stack trace:` heading).
 */
const TRACE_FRAME =
  /^(?:at \S.*(?:\(.*\)|:\d+)$|from \S+:\d+|File ".+", line \d+|#\d+ \S+\(\d+\): \S|Stack trace:$|Error in \S+ \(line \d+\)$)/;

/**
 * Whether the exception at line `i` comes with a stack trace: a frame just below it (Java,
 * JavaScript, Ruby, a `Caused by:`), or a Python traceback's just above it.
 */
function hasTrace(lines: string[], i: number): boolean {
  for (let j = i + 1; j <= Math.min(lines.length - 1, i + TRACE_SPAN); j += 1) {
    if (TRACE_FRAME.test(normalize(lines[j] as string).text)) return true;
  }
  for (let j = i - 1; j >= Math.max(0, i - TRACE_SPAN); j -= 1) {
    if (PYTHON_FRAME.test(normalize(lines[j] as string).text)) return true;
  }
  return false;
}

/** The innermost project frame of a Python traceback that ends at line `i`, or -1. */
function pythonFrame(lines: string[], i: number): number {
  for (let j = i - 1; j >= Math.max(0, i - PYTHON_LOOKBEHIND); j -= 1) {
    const t = normalize(lines[j] as string).text; // (a logger's timestamp and origin before it: journald)
    if (t.startsWith('Traceback (most recent call last)')) return -1;
    if (PYTHON_FRAME.test(t) && !LIBRARY_FRAME.test(t)) return j;
  }
  return -1;
}

function findForward(lines: string[], i: number, span: number, ok: (trimmed: string) => boolean): number {
  for (let j = i + 1; j <= Math.min(lines.length - 1, i + span); j += 1) {
    if (ok(normalize(lines[j] as string).text)) return j;
  }
  return -1;
}

/** The {@link Neighbors} of one line at a time (one object per output, moved from line to line). */
class Around implements Neighbors {
  i = 0;
  constructor(private readonly lines: string[]) {}

  frameAfter(): boolean {
    return findForward(this.lines, this.i, RAISED_LOOKAHEAD, (t) => FRAME.test(t)) >= 0;
  }

  smalltalkFrameAfter(): boolean {
    const next = this.lines[this.i + 1];
    return next !== undefined && SMALLTALK_FRAME.test(next.trim());
  }

  severityBelow(): 'error' | 'warning' | undefined {
    for (let j = this.i + 1; j <= Math.min(this.lines.length - 1, this.i + 2); j += 1) {
      const severity = REPORT_SEVERITY.exec(normalize(this.lines[j] as string).text);
      if (severity) return severity[1] as 'error' | 'warning';
    }
    return undefined;
  }

  locationBelow(): boolean {
    const next = this.lines[this.i + 1];
    return next !== undefined && INDENTED_LOCATION.test(next);
  }

  loggedByConsole(): boolean {
    for (let j = this.i - 1; j >= Math.max(0, this.i - CONSOLE_LOOKBEHIND); j -= 1) {
      if (/^console\.(?:error|warn|log|info|debug)\b/.test((this.lines[j] as string).trim())) return true;
    }
    return false;
  }

  goTestFailed(): boolean {
    return goTestFailed(this.lines, this.i);
  }

  continuesAbove(marker: string): boolean {
    return this.i > 0 && (this.lines[this.i - 1] as string).startsWith(marker);
  }

  tapDirective(): boolean {
    return TAP_DIRECTIVE.test(this.lines[this.i] as string);
  }
}

const TAP_DIRECTIVE = /#\s*(?:todo|skip)\b/i;

/**
 * Whether the go test that printed log line `i` failed: the `--- FAIL:`/`--- PASS:` line just
 * above it (plain `go test`), or else the result line of the test named by the nearest
 * `=== RUN` above it (`go test -v`, where results come after the logs).
 */
function goTestFailed(lines: string[], i: number): boolean {
  let name: string | undefined;
  for (let j = i - 1; j >= Math.max(0, i - GO_TEST_LOOKBEHIND) && name === undefined; j -= 1) {
    const t = (lines[j] as string).trim();
    if (t.startsWith('--- FAIL:')) return true;
    if (t.startsWith('--- PASS:') || t.startsWith('--- SKIP:')) return false;
    if (t.startsWith('=== RUN')) name = t.slice('=== RUN'.length).trim();
  }
  if (name === undefined) return false;
  for (let j = i + 1; j <= Math.min(lines.length - 1, i + GO_TEST_LOOKAHEAD); j += 1) {
    const t = (lines[j] as string).trim();
    if (t.startsWith(`--- FAIL: ${name} `)) return true;
    if (t.startsWith(`--- PASS: ${name} `) || t.startsWith(`--- SKIP: ${name} `)) return false;
  }
  return false;
}

/** The prefix a memory checker puts on each line: valgrind's `==4211==`, CUDA compute-sanitizer's nine `=` (not a rule around a summary). */
const CHECKER_PREFIX = /^(?:==\d{1,7}==|={9}(?!=))(?= |$)(?!.*={4,}$)/;

/** The line without line-ending, carriage-return overwrites, indentation, log timestamp and a memory checker's prefix. */
function normalize(raw: string): { text: string; indent: number } {
  let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  const cr = line.lastIndexOf('\r');
  if (cr >= 0) line = line.slice(cr + 1);
  let body = line.trimStart();
  let indent = line.length - body.length;
  const stamp = TIMESTAMP.exec(body);
  if (stamp) body = body.slice(stamp[0].length);
  const logger = LOGGER_PREFIX.exec(body);
  if (logger) {
    // (a frame's indentation is kept: `E AndroidRuntime: \tat com.acme.Foo.bar(Foo.java:12)`)
    const rest = body.slice(logger[0].length);
    const trimmed = rest.trimStart();
    indent = rest.length - trimmed.length;
    body = trimmed;
  }
  const checker = CHECKER_PREFIX.exec(body);
  if (checker) {
    // (valgrind's `==4211==    at 0x4005F4: main (t.c:8)`, compute-sanitizer's `=========     at k()+0x9a8 in a.cu:12`)
    const rest = body.slice(checker[0].length);
    const trimmed = rest.trimStart();
    indent = rest.length - trimmed.length;
    body = trimmed;
  }
  const origin = ORIGIN_PREFIX.exec(body);
  if (origin) {
    body = body.slice(origin[0].length);
    indent = 0;
  }
  return { text: body.trimEnd(), indent };
}

/** Without the rules runners draw around a line (`____ test_x ____`, `==== 1 failed in 2s ====`). */
function undecorate(line: string): string {
  const bare = line.replace(/^[=_\-~*#\u2500\u2501\u23af]{4,}\s*|\s*[=_\-~*#\u2500\u2501\u23af]{4,}$/g, '');
  return bare || line;
}

/** Farthest a clip reaches past its room to keep a quoted name or an identifier whole. */
export const CLIP_TOKEN_REACH = 32;
/** Longest quoted text taken for a quoted name (longer quotes are prose: cut inside them as anywhere). */
const MAX_QUOTED_CHARS = 160;
/** Characters after which a line may be cut without cutting a name (`:`, `.`, `/`, `_`, `-` are inside names). */
const BREAK_AFTER = /[,;()[\]{}|=<>!?]/;

/**
 * Cuts to about `max` UTF-16 units, adding `…`, never inside a quoted name (`"vivianite_pct"`,
 * `'os'`, `` `x` ``) or an identifier: just after the quoted name the cut would fall in when it
 * closes within {@link CLIP_TOKEN_REACH} units (the line is then that much longer: the name is
 * what the line is kept for), else after the last space (outside quotes) in the final third of
 * the room, else at the last space or punctuation in its second half, else just after the
 * identifier the cut would fall in when it ends within reach, else at `max` (never inside a
 * surrogate pair).
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = max - 1;
  let space = -1;
  let other = -1;
  let reach = -1;
  for (let i = 0; i < end; i += 1) {
    const ch = text[i] as string;
    if (ch === ' ') space = i;
    else if (BREAK_AFTER.test(ch)) other = i + 1;
    else if (opensQuote(text, i)) {
      const close = text.indexOf(ch, i + 1);
      if (close < 0 || close - i > MAX_QUOTED_CHARS) continue;
      if (close < end) {
        i = close;
        continue;
      }
      // the cut would fall inside this quoted name: before it, or just after it
      other = Math.max(other, i);
      if (close + 1 - end <= CLIP_TOKEN_REACH) reach = close + 1;
      break;
    }
  }
  if (reach > 0) return text.slice(0, reach) + ' …';
  if (space >= Math.ceil((max * 2) / 3)) return text.slice(0, space).trimEnd() + ' …';
  const cut = Math.max(space, other);
  if (cut >= Math.ceil(max / 2)) return text.slice(0, cut).trimEnd() + ' …';
  if (reach < 0 && /[\w$]/.test(text[end] as string)) {
    // an identifier runs over the cut: keep it whole if it ends soon
    let j = end;
    while (j < text.length && j - end <= CLIP_TOKEN_REACH && /[\w$.:/-]/.test(text[j] as string)) j += 1;
    if (j - end <= CLIP_TOKEN_REACH && j < text.length) reach = j;
  }
  if (reach > 0) return text.slice(0, reach) + ' …';
  let hard = end;
  const c = text.charCodeAt(hard - 1);
  if (c >= 0xd800 && c <= 0xdbff) hard -= 1;
  return text.slice(0, hard) + '…';
}

/** Whether the quote at `i` opens a quoted name: `"` and `` ` `` always, `'` not inside a word (`doesn't`). */
export function opensQuote(text: string, i: number): boolean {
  const ch = text[i];
  if (ch === '"' || ch === '`') return true;
  return ch === "'" && (i === 0 || !/[\p{L}\p{N}]/u.test(text[i - 1] as string));
}

/** Permissive context for a line already taken as evidence (its output is not at hand). */
const KNOWN_FAILURE = { testFailure: true, numberedFailures: true, failed: true };
const ASSUMED: Neighbors = {
  frameAfter: () => true,
  loggedByConsole: () => false,
  goTestFailed: () => true,
  continuesAbove: () => false,
  tapDirective: () => false,
  smalltalkFrameAfter: () => true,
  severityBelow: () => 'error',
  locationBelow: () => true,
};

/**
 * Whether an evidence line (one of {@link failureEvidence}'s, e.g. read back from a digest)
 * names a failing test case: the line that identifies the failure in any runner's output
 * (`FAILED path::name`, `● suite › name`, `✕ name`, `--- FAIL: Name`, `not ok 3 - name`, ...).
 */
export function namesFailingTest(line: string): boolean {
  const s = line.trim().slice(0, MAX_LINE_EXAMINED_CHARS);
  if (!s) return false;
  // indented: list entries (mocha's `1) title`) are recognised only there
  return classify(s, 2, KNOWN_FAILURE, ASSUMED)?.test === true;
}

const LIST_NUMBER = /^\d+\) /;
/** Characters of a line searched for a test's name (evidence lines are shorter). */
const MAX_NAME_LINE_CHARS = 1_000;
/** Runner marks in front of a test's name: `●`, `✕`, `FAILED`, `--- FAIL:`, `not ok 3 -`, `1)`, `rspec ./x:1 #`, `(fail)`, `Test Case '`, `- ` (ScalaTest). */
const TEST_MARK =
  /^(?:[\u25cf\u00d7\u2715\u2717\u2718\u2716\u274c\u2a2f]\s*(?:\d+\s+(?=\[))?|--- FAIL:\s*|(?:FAILED|FAIL|ERROR|Failed)\b:?\s*|not ok \d+\s*-?\s*|\d+\)\s*|rspec \S+ #\s*|\(fail\)\s*|Test Case '|(?:\[info\]\s+)?- |\d\d:\d\d \+\d+(?: ~\d+)? -\d+: )/;
/** What runners print after it: a time, a percentage, a status, a trailing colon. */
const TEST_TAIL =
  /(?:\s*(?:\([\d.,]+\s*m?s\)|\([\d.,]+ seconds?\)|\[[^\]]*\]|\b\d+(?:\.\d+)?\s?m?s|FAILED|ERROR|\.\.\.|' failed|\*\*\* FAILED \*\*\*|[\u2500\u2501]{4,}|<<< (?:FAILURE|ERROR)!.*|(?:--\s*)?Time elapsed: .*))+$|:$/;

/** The name part of a line that names a failing test (without the runner's marks around it). */
export function testName(line: string): string {
  const s = line.trim().slice(0, MAX_NAME_LINE_CHARS);
  const name = s.replace(TEST_MARK, '').replace(TEST_TAIL, '').trim();
  return name.length >= 3 ? name : s;
}

/**
 * Whether two lines that name failing tests name the same one: equal names, or one name ends
 * the other after a separator (`suite › name`, `path::name`, `Class.name`), or starts it
 * before the runner's reason (`path::name - KeyError`).
 */
export function sameTest(a: string, b: string): boolean {
  // mocha and rspec number each failure: `1) applies discount` in the run, `1) Cart` in the report
  const n = LIST_NUMBER.exec(a.trimStart())?.[0];
  const m = LIST_NUMBER.exec(b.trimStart())?.[0];
  if (n !== undefined && m !== undefined) return n === m;
  const x = testName(a);
  const y = testName(b);
  if (x === y) return true;
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  if (long.startsWith(short)) return /^(?: - |:| \(|\s*$)/.test(long.slice(short.length));
  if (long.endsWith(short)) return /(?: \u203a | > |::|\.|\/|#| )$/.test(long.slice(0, long.length - short.length));
  return false;
}
