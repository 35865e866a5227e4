/**
 * A browser agent's observation written as an accessibility tree — WebArena's `[630] combobox
 * 'Vendor' value='Filogor UAB'`, Playwright's ARIA snapshot `- textbox "Email" [ref=e4]: a@x.lt` —
 * read as what the page says: its texts, each field as `Name: value`, a dialog or an alert as one
 * line with what it says (`dialog "Validation Error": Duplicated vendor reference detected. …`).
 * Buttons, links, tabs and the page's structure are left out. Read as they are, the facts of a
 * page (a tax ID in a field, a note in a thread, the error a dialog shows) hide among hundreds of
 * `[412] button 'Reconcile'` lines. Used by ./evidence.ts `plainOutput`. Linear in the text.
 */

/** A WebArena-like node: indentation, id, role, name, then its properties (`value='x'`, `focused: True`). */
const BRACKET_NODE = /^([ \t]*)\[\w{1,12}\] ([A-Za-z]+) '(.*?)'((?: [\w-]+(?:=|: )(?:'[^']*'|\S+))*),?\s*$/;
/** A Playwright-like node: `- role "name" [ref=e4] [level=1]: value` (the name and the value optional). */
const DASH_NODE = /^([ \t]*)- ([a-z]+)(?: "((?:[^"\\]|\\.)*)")?((?: \[[^\]\n]{1,60}\])*)(?::[ \t]*(.*))?$/;
/** A property that gives a field's value: `value='…'` or `value: …`. */
const VALUE_PROPERTY = /\bvalue(?:='([^']*)'|: (\S.*?)(?= [\w-]+(?:=|: )|$))/;

/** Roles whose name is text the page shows. */
const TEXT_ROLES = new Set(
  (
    'statictext text paragraph heading cell gridcell columnheader rowheader row listitem labeltext caption status ' +
    'note log code blockquote term definition emphasis strong time mark'
  ).split(' '),
);
/** Roles of fields: shown as `Name: value` when they have one. */
const FIELD_ROLES = new Set(
  'textbox combobox searchbox spinbutton textarea checkbox radio slider switch listbox'.split(' '),
);
/** Roles whose text is one message: a dialog or an alert and the texts under it. */
const MESSAGE_ROLES = new Set(['dialog', 'alertdialog', 'alert']);
/** Fewest nodes, and their least share of the non-blank lines, for a text to be a tree. */
const MIN_NODES = 5;
const MIN_NODE_SHARE = 0.5;
/** Lines looked at to tell. */
const SCAN_LINES = 60;

interface Node {
  indent: number;
  role: string;
  name: string;
  value: string | undefined;
}

/** A line as a node of either notation, or undefined. */
function nodeOf(line: string): Node | undefined {
  const b = BRACKET_NODE.exec(line);
  if (b) {
    const props = b[4] as string;
    const v = props ? VALUE_PROPERTY.exec(props) : null;
    return {
      indent: (b[1] as string).length,
      role: (b[2] as string).toLowerCase(),
      name: b[3] as string,
      value: v ? (v[1] ?? v[2]) : undefined,
    };
  }
  const d = DASH_NODE.exec(line);
  if (!d) return undefined;
  return {
    indent: (d[1] as string).length,
    role: (d[2] as string).toLowerCase(),
    name: (d[3] ?? '').replace(/\\(.)/g, '$1'),
    value: d[5]?.trim() || undefined,
  };
}

/** The text of an accessibility tree ({@link nodeOf}); undefined when `text` is none. */
export function accessibleText(text: string): string | undefined {
  const lines = text.split('\n');
  let nonBlank = 0;
  let nodes = 0;
  for (let i = 0; i < lines.length && i < SCAN_LINES; i += 1) {
    const line = lines[i] as string;
    if (!line.trim()) continue;
    nonBlank += 1;
    if ((line.includes('] ') || line.includes('- ')) && nodeOf(line)) nodes += 1;
  }
  if (nodes < MIN_NODES || nodes < nonBlank * MIN_NODE_SHARE) return undefined;
  const out: string[] = [];
  // (a dialog or an alert open: its line, and the depth its texts are under)
  let message: { at: number; indent: number; said: string[] } | undefined;
  const close = () => {
    if (!message) return;
    const said = message.said.join(' ');
    out[message.at] = said ? `${out[message.at]}: ${said}` : (out[message.at] as string);
    message = undefined;
  };
  for (const line of lines) {
    const node = line.includes('] ') || line.includes('- ') ? nodeOf(line) : undefined;
    if (!node) {
      if (line.trim()) close();
      out.push(line.trim() ? line : '');
      continue;
    }
    if (message && node.indent <= message.indent) close();
    const shown = node.name || node.value || '';
    if (message) {
      if (shown && (TEXT_ROLES.has(node.role) || MESSAGE_ROLES.has(node.role))) message.said.push(shown);
      continue;
    }
    if (MESSAGE_ROLES.has(node.role)) {
      const title = node.name ? `${node.role} "${node.name}"` : node.role;
      out.push(node.value ? `${title}: ${node.value}` : title);
      message = { at: out.length - 1, indent: node.indent, said: [] };
    } else if (FIELD_ROLES.has(node.role)) {
      if (node.name && node.value !== undefined) out.push(`${node.name}: ${node.value}`);
    } else if (node.role === 'rootwebarea' || node.role === 'document') {
      if (node.name) out.push(`Page: ${node.name}`);
    } else if (TEXT_ROLES.has(node.role) && shown) {
      out.push(node.name && node.value ? `${node.name}: ${node.value}` : shown);
    }
  }
  close();
  // (blank lines run together)
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}
