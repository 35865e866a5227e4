/**
 * Reading an earlier summary back into items, so a rolling summary merges what it knew
 * instead of nesting it: the state block is dropped (the engine appends the current one,
 * whose facts it keeps incrementally — src/context/facts.ts), content references are dropped,
 * and each `## Section` of an extractive or llm summary maps to a section of the new one.
 */
import { STATE_BLOCK_HEADER } from '../../context/constants';
import { pathsIn } from './paths';
import { summaryBody } from './transcript';

/** Sections of the extractive summary, in the order they are rendered. */
export const SECTIONS = [
  'requests',
  'constraints',
  'decisions',
  'plans',
  'notes',
  'edits',
  'files',
  'commands',
  'values',
  'errors',
  'earlier',
] as const;
export type Section = (typeof SECTIONS)[number];

/** One item of an earlier summary, oldest first. */
export interface EarlierItem {
  section: Section;
  text: string;
  /** How many times it was said (the `(×N)` the summary showed it with; 1 when none). */
  count: number;
  /** An error's failure lines (from a state block), its excerpt chosen again: `text` is then its head. */
  lines?: string[];
  /**
   * Read from the state block, whose count is of the whole log: it overlaps what the summary's own
   * items, the range being summarized and other earlier summaries count, so it is not carried
   * (the item counts once, and only when nothing else shows it).
   */
  logCount?: boolean;
}

/** The count an item is rendered with: ` (×3)` at its end. */
const COUNT_SUFFIX = / \(×(\d+)\)$/;

/** A content reference: `sha256:` and 64 hex digits (or a shortened one). */
export const CONTENT_REF = /\bsha256:[0-9a-f]{6,64}\b…?/g;

/** The items of an earlier summary, by section, oldest first. */
export function earlierItems(text: string): EarlierItem[] {
  const items: EarlierItem[] = [];
  let section: Section = 'earlier';
  for (const raw of summaryBody(text).split('\n')) {
    const heading = /^#{1,6}\s+(.+)$/.exec(raw);
    if (heading) {
      section = sectionOf(heading[1] as string);
      continue;
    }
    if (/^\((?:extractive summary of \d+ messages|held back: \d+ items\))/.test(raw)) continue;
    const line = raw
      .replace(CONTENT_REF, '')
      .replace(/^\s*(?:[-*+]|\d+[.)]|↳)\s+/, '')
      .trim();
    if (!line || /^full output:?$/.test(line)) continue;
    const parts = line.split(/,\s+/);
    // a list of files splits into one item per file; prose about files (an llm summary) stays whole
    const fileList = section === 'files' || section === 'edits';
    const bare = fileList ? parts.filter((f) => !/\s/.test(f)).length : 0;
    if (fileList && bare === parts.length) for (const f of parts) items.push({ section, text: f, count: 1 });
    else if (fileList && parts.length >= 3 && bare * 2 >= parts.length) {
      // a list some of whose entries are commands (`sed -n '1,80p' src/a.fs`, which an older
      // summarizer took for a file): the paths they name, each its own item
      for (const f of parts)
        if (!/\s/.test(f)) items.push({ section, text: f, count: 1 });
        else for (const p of pathsIn(f)) items.push({ section, text: p, count: 1 });
    } else {
      const counted = COUNT_SUFFIX.exec(line);
      items.push({
        section: fileList ? 'earlier' : section,
        text: counted ? line.slice(0, counted.index) : line,
        count: counted ? Number(counted[1]) : 1,
      });
    }
  }
  items.push(...stateBlockErrors(text));
  return items;
}

/**
 * The errors an earlier summary's state block showed (src/context/facts.ts renders them as
 * `- tool \`command\`: message` with their failure lines indented below), as error items: the
 * summary's own Errors section leaves out what its state block shows, and the next state block
 * may no longer show them.
 */
function stateBlockErrors(text: string): EarlierItem[] {
  const at = text.lastIndexOf(`\n${STATE_BLOCK_HEADER}`);
  if (at < 0) return [];
  const lines = text.slice(at).split('\n');
  const start = lines.indexOf('Errors seen:');
  if (start < 0) return [];
  const out: EarlierItem[] = [];
  let current: { head: string; lines: string[] } | undefined;
  const flush = () => {
    if (current && !current.head.startsWith('(') && (current.lines.length || /:\s*\S/.test(current.head)))
      out.push(
        current.lines.length
          ? { section: 'errors', text: `${current.head}: `, lines: current.lines, count: 1, logCount: true }
          : { section: 'errors', text: current.head, count: 1, logCount: true },
      );
  };
  for (let k = start + 1; k < lines.length; k += 1) {
    const line = lines[k] as string;
    if (line.startsWith('  ') && current) {
      const l = line.replace(CONTENT_REF, '').trim();
      if (l && !/^full output:?$/.test(l)) current.lines.push(l);
    } else if (line.startsWith('- ')) {
      flush();
      // (content references say nothing without the store: dropped, as in the summary's body)
      const head = line
        .slice(2)
        .replace(CONTENT_REF, '')
        .replace(/:?\s*full output:?\s*$/, '')
        .trim();
      const counted = COUNT_SUFFIX.exec(head);
      const bare = counted ? head.slice(0, counted.index) : head;
      // `tool \`command\`: message`: the message is the first failure line (with the head, it would
      // be left out when the next state block is checked for what it already shows, and an error
      // whose other lines are only `Command exited with status 1` would pass for shown)
      const said = /^(.*?) `([^`]*)`: (.+)$/.exec(bare);
      current = {
        head: said ? `${said[1] as string} ${said[2] as string}` : bare,
        lines: said ? [said[3] as string] : [],
      };
    } else break;
  }
  flush();
  return out;
}

/** The section of a heading of an extractive or llm (checkpoint) summary. */
export function sectionOf(heading: string): Section {
  const h = heading.toLowerCase();
  if (/^values?\b|setting/.test(h)) return 'values';
  if (/request|goal|task|ask/.test(h)) return 'requests';
  if (/constraint|requirement|rule/.test(h)) return 'constraints';
  if (/next|pending|plan|todo/.test(h)) return 'plans';
  if (/decision|progress|done/.test(h)) return 'decisions';
  if (/written|edited|changed|modified/.test(h)) return 'edits';
  if (/note|said|other/.test(h)) return 'notes';
  if (/error|fail|fix/.test(h)) return 'errors';
  if (/file|code/.test(h)) return 'files';
  if (/command|result|tool/.test(h)) return 'commands';
  return 'earlier';
}
