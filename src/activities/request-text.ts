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
  if (content.indexOf('</') < 0) return content;
  const asked: string[] = [];
  let outside = '';
  let from = 0;
  let context = 0;
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
    context += 1;
    outside += content.slice(from, m.index);
    from = end;
    OPEN_TAG.lastIndex = end;
    if (request) asked.push(content.slice(inner, close).trim());
  }
  if (!context) return content;
  outside = (outside + content.slice(from)).trim();
  if (asked.length) return [...asked, outside].filter(Boolean).join('\n\n');
  return outside || content;
}
