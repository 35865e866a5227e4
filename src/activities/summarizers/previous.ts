/**
 * Reading an earlier summary back into items, so a rolling summary merges what it knew
 * instead of nesting it: the state block is dropped (the engine appends the current one,
 * whose facts it keeps incrementally — src/context/facts.ts), content references are dropped,
 * and each `## Section` of an extractive or llm summary maps to a section of the new one.
 */
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
  'errors',
  'earlier',
] as const;
export type Section = (typeof SECTIONS)[number];

/** One item of an earlier summary, oldest first. */
export interface EarlierItem {
  section: Section;
  text: string;
}

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
    if (/^\(extractive summary of \d+ messages/.test(raw)) continue;
    const line = raw
      .replace(CONTENT_REF, '')
      .replace(/^\s*(?:[-*+]|\d+[.)]|↳)\s+/, '')
      .trim();
    if (!line || /^full output:?$/.test(line)) continue;
    const parts = line.split(/,\s+/);
    // a list of files splits into one item per file; prose about files (an llm summary) stays whole
    const fileList = section === 'files' || section === 'edits';
    if (fileList && parts.every((f) => !/\s/.test(f))) for (const f of parts) items.push({ section, text: f });
    else items.push({ section: fileList ? 'earlier' : section, text: line });
  }
  return items;
}

/** The section of a heading of an extractive or llm (checkpoint) summary. */
export function sectionOf(heading: string): Section {
  const h = heading.toLowerCase();
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
