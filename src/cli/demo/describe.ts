/**
 * How the scripted agent talks about what its tools returned: every sentence is derived
 * from the tool output in the request (line counts, exports, headings, grep hits), so the
 * answers are about the repository as it is, not canned text.
 */

/** A tool result as the scripted agent sees it in the request. */
export interface SeenResult {
  name: string;
  args: Record<string, unknown>;
  /** The tool message's content: the output, its head + tail, or an archived digest. */
  content: string;
}

const OMITTED = /\[\.\.\. omitted (\d+) of (\d+) lines \.\.\.\]/;
const FULL_OUTPUT = /\[full output: (\d+) bytes, (sha256:[0-9a-f]{8})[0-9a-f]*\]/;
const EXPORTS = /^export (?:default )?(?:async )?(?:abstract )?(?:function\*?|class|interface|type|const|enum) (\w+)/gm;
const ARCHIVED = '[Archived tool result]';

/** How much of the output the model saw: all of it, or the head and tail of `totalLines`. */
export function truncation(content: string): { totalLines: number; omitted: number; note: string } | undefined {
  const m = OMITTED.exec(content);
  if (!m) return undefined;
  const full = FULL_OUTPUT.exec(content);
  const where = full ? `; the full ${kib(Number(full[1]))} is in the store as ${full[2]}…` : '';
  return {
    omitted: Number(m[1]),
    totalLines: Number(m[2]),
    note: `I only saw its head and tail (${m[1]} of ${m[2]} lines omitted${where})`,
  };
}

/** Lines of the output (the untruncated total when it was truncated). */
export function lineCount(content: string): number {
  return truncation(content)?.totalLines ?? content.replace(/\n$/, '').split('\n').length;
}

/** Names a TypeScript file exports, in order, deduplicated. */
export function exportsOf(content: string): string[] {
  return [...new Set([...content.matchAll(EXPORTS)].map((m) => m[1] as string))];
}

/** First sentence of the file's leading TSDoc comment, if any. */
export function leadingDoc(content: string): string | undefined {
  const m = /^\s*\/\*\*([\s\S]*?)\*\//.exec(content);
  if (!m?.[1]) return undefined;
  const text = m[1]
    .split('\n')
    .map((l) => l.replace(/^\s*\*\s?/, '').trim())
    .filter(Boolean)
    .join(' ');
  const sentence = /^(.+?[.:])(\s|$)/.exec(text)?.[1] ?? text;
  return clip(sentence, 160);
}

/** One or two sentences about a file the agent read. */
export function describeFile(path: string, content: string, focus?: string): string {
  if (content.startsWith(ARCHIVED)) return `${path}: only its digest is left in my context.`;
  if (content.startsWith('Error')) return `I could not read ${path}: ${clip(firstLine(content), 120)}.`;
  const parts: string[] = [`${path} has ${lineCount(content)} lines`];
  if (path.endsWith('.md')) {
    const headings = [...content.matchAll(/^#{1,3} (.+)$/gm)].map((m) => m[1] as string);
    if (headings.length) parts.push(`sections: ${list(headings, 6)}`);
  } else {
    const names = exportsOf(content);
    if (names.length) parts.push(`it exports ${list(names, 6)}`);
    const doc = leadingDoc(content);
    if (doc) parts.push(`its header says “${doc}”`);
  }
  if (focus) {
    const re = new RegExp(focus);
    const hits = content
      .split('\n')
      .filter((l) => re.test(l))
      .map((l) => l.trim().replace(/[",]/g, ''));
    if (hits.length)
      parts.push(`the visible part has ${hits.length} lines about ${focus}: ${list([...new Set(hits)], 4)}`);
  }
  const cut = truncation(content);
  return `${parts.join('; ')}.${cut ? ` ${cut.note}.` : ''}`;
}

/** A sentence about a directory listing. */
export function describeListing(dir: string, content: string): string {
  if (content.startsWith('Error')) return `I could not list ${dir}: ${clip(firstLine(content), 120)}.`;
  const entries = content.split('\n').filter(Boolean);
  const dirs = entries.filter((e) => e.endsWith('/'));
  const files = entries.filter((e) => !e.endsWith('/'));
  const parts = [
    `${dir === '.' ? 'The root' : dir} has ${count(files.length, 'file')} and ${count(dirs.length, 'folder')}`,
  ];
  if (dirs.length) parts.push(`folders ${list(dirs, 8)}`);
  if (files.length) parts.push(`files ${list(files, 8)}`);
  const [head, ...rest] = parts;
  return rest.length ? `${head}: ${rest.join('; ')}.` : `${head}.`;
}

/** Grep hits parsed from `path:line:text` output (the truncation marker and footer skipped). */
export function grepHits(content: string): Array<{ path: string; line: number; text: string }> {
  const hits: Array<{ path: string; line: number; text: string }> = [];
  for (const l of content.split('\n')) {
    const m = /^([^:\s][^:]*):(\d+):(.*)$/.exec(l);
    if (m) hits.push({ path: m[1] as string, line: Number(m[2]), text: m[3] as string });
  }
  return hits;
}

/** A sentence about grep output: how many matches, in which files. */
export function describeGrep(pattern: string, content: string): string {
  if (content.startsWith(ARCHIVED)) return `Only the digest of the search for /${pattern}/ is left in my context.`;
  if (content.trim() === 'no matches') return `Nothing matches /${pattern}/.`;
  if (content.startsWith('Error')) return `The search for /${pattern}/ failed: ${clip(firstLine(content), 120)}.`;
  const hits = grepHits(content);
  const byFile = new Map<string, number>();
  for (const h of hits) byFile.set(h.path, (byFile.get(h.path) ?? 0) + 1);
  const top = [...byFile].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 3);
  const cut = truncation(content);
  const total = cut ? `${cut.totalLines} matches (I saw ${hits.length})` : `${hits.length} matches`;
  return (
    `/${pattern}/ has ${total} in ${byFile.size}${cut ? '+' : ''} ${byFile.size === 1 ? 'file' : 'files'}; most in ${top.map(([f, n]) => `${f} (${n})`).join(', ')}.` +
    (cut ? ` ${cut.note}.` : '')
  );
}

/** Cuts `s` to `max` characters with an ellipsis. */
export function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

function firstLine(s: string): string {
  return s.split('\n', 1)[0] ?? '';
}

function list(items: string[], max: number): string {
  const shown = items.slice(0, max).map((i) => clip(i, 60));
  return items.length > max ? `${shown.join(', ')} and ${items.length - max} more` : shown.join(', ');
}

function count(n: number, word: string): string {
  return `${n} ${n === 1 ? word : `${word}s`}`;
}

function kib(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}
