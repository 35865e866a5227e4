/**
 * The user's own words in a message a harness wrapped in tagged context blocks. Read by the
 * extractive summarizer (a request item, the session's goal) and by the message preview the
 * log keeps (the state block's goal and latest request).
 */
/**
 * The opening tag of a block a harness wraps around or beside the user's words: `<name …>` at the
 * start of a line; its block ends with `</name>` at the end of a line (a tag inside a sentence —
 * `<b>`, `List<T>` — is the user's).
 */
const OPEN_TAG = /(?:^|\n)[ \t]*<([A-Za-z][\w.-]{0,40})(?:\s[^<>\n]{0,200})?>/g;
/** Opening tags examined in one message: each is closed by one forward search, so the work stays linear. */
const MAX_TAGS = 32;
/** The name of a block that holds the user's own words (`<userRequest>`, `<user_query>`, `<task>`, `<feedback>`). */
const REQUEST_BLOCK = /request|query|task|feedback|prompt|question|ask|message|input/i;
/**
 * The name of a block of the harness's context (`<environment_details>`, `<system-reminder>`,
 * `<editorContext>`, `<user_info>`, `<attached_files>`): other blocks (a pasted `<project>` of a
 * build file) are the user's.
 */
const CONTEXT_BLOCK = /context|environment|reminder|system|editor|details|attach|info|instructions|rules/i;

/**
 * The user's own words in a message a harness wrapped in tagged context blocks (an editor's
 * current file and date, environment details, reminders): the blocks named as the request
 * when there are any, else the text outside every block, else the message as it is. A plain
 * message is returned unchanged. Without it, a summary's request items and the session's goal
 * were the first few hundred characters of the harness's context, the same in every message.
 */
export function requestText(content: string): string {
  return requestAndRules(content).request;
}

/** The name of a context block that states rules the agent is to follow (`<instructions>`, `<user_rules>`, `<guidelines>`). */
const RULES_BLOCK = /instructions|rules|guidelines|constraints|requirements|polic/i;

/**
 * The user's own words ({@link requestText}) and the rules a harness put beside them in blocks of
 * their own (`<instructions>`, `<rules>`, `<user_rules>`: the task's boundaries, how to submit, what
 * not to touch), joined ('' when none): no part of the request, but rules the session must keep.
 * One scan of the message's blocks.
 */
export function requestAndRules(content: string): { request: string; rules: string } {
  const blocks = harnessBlocks(content);
  if (!blocks.length) return { request: content, rules: '' };
  const asked: string[] = [];
  let outside = '';
  let rules = '';
  let from = 0;
  for (const b of blocks) {
    outside += content.slice(from, b.start);
    from = b.end;
    if (b.request) asked.push(b.inner);
    else if (RULES_BLOCK.test(b.name) && b.inner) rules += (rules ? '\n\n' : '') + b.inner;
  }
  outside = (outside + content.slice(from)).trim();
  const request = asked.length ? [...asked, outside].filter(Boolean).join('\n\n') : outside || content;
  return { request, rules };
}

/** The rules blocks of a message ({@link requestAndRules}). */
export function ruleBlocks(content: string): string {
  return requestAndRules(content).rules;
}

/** A block a harness wrapped around or beside the user's words: `content[start, end)`. */
interface HarnessBlock {
  name: string;
  /** Named as the request (`<user_query>`) rather than as context. */
  request: boolean;
  /** The text between its tags, trimmed. */
  inner: string;
  start: number;
  end: number;
}

/** The request and context blocks of a message, in order (none for a plain message). Linear. */
function harnessBlocks(content: string): HarnessBlock[] {
  if (content.indexOf('</') < 0) return [];
  const blocks: HarnessBlock[] = [];
  OPEN_TAG.lastIndex = 0;
  for (let k = 0, m = OPEN_TAG.exec(content); m && k < MAX_TAGS; k += 1, m = OPEN_TAG.exec(content)) {
    const name = m[1] as string;
    const request = REQUEST_BLOCK.test(name);
    if (!request && !CONTEXT_BLOCK.test(name)) continue; // the user's own block: part of the text
    const inner = m.index + m[0].length;
    const close = content.indexOf(`</${name}>`, inner);
    if (close < 0) continue;
    let end = close + name.length + 3;
    while (end < content.length && (content[end] === ' ' || content[end] === '\t')) end += 1;
    if (end < content.length && content[end] !== '\n') continue;
    blocks.push({ name, request, inner: content.slice(inner, close).trim(), start: m.index, end });
    OPEN_TAG.lastIndex = end;
  }
  return blocks;
}
