/**
 * The values a tool's output shows: the lines of a listing that each state one (`PORT=5433`,
 * `upstream: ledger-svc.internal:7144`, `pkg==1.2.3`, a row of a table, a commit of a log).
 * An agent reads a config, an environment or a `docker ps` once and may need one of its values
 * much later; a summary that keeps only "printenv → ok" has lost it. Which line matters is not
 * written in the output, so the summarizer chooses among these lines by how specific their terms
 * are to the session (./extractive.ts), as it does among an error's failure lines.
 *
 * An output counts as a listing by its shape — most of its lines state a value — or by what
 * was read (a config file: `.env`, YAML, TOML, INI, properties, a requirements or lock file);
 * code, logs and prose do not, so reading a source file adds nothing here.
 *
 * One signal does say which line matters: the agent naming it in the next few messages — `Using
 * the booted simulator 3fdffb7a…`, `run-xf0r0 is the best so far`, a call given the value — by
 * the whole identifier or a fragment of it ({@link namedLines}). Such a line is what the work went
 * on with, whatever its rarity.
 */
import { documentBody } from './pasted';
import { isSpace } from './text';

/** Lines of one output read for values (a longer listing's later lines are not scanned). */
const SCAN_LINES = 400;
/** Characters of one output read for values. */
const SCAN_CHARS = 16 * 1024;
/** Value lines of one output kept as candidates (the excerpt is chosen among them). */
export const VALUE_MAX_LINES = 40;
/** Longest candidate line (a longer one is cut). */
const LINE_MAX_CHARS = 200;
/** Share of an output's non-blank lines that must state a value for it to be a listing. */
const LISTING_SHARE = 0.5;
/** Fewest value lines of a listing (one line that looks like a setting is a remark). */
const LISTING_MIN_LINES = 2;

/**
 * `key = value`, `KEY=value`, `key: value`, `"key": value`, `pkg==1.2.3`: a name (no spaces; in
 * any script, `Nukuʻalofa: 3943862 kg`, `Zürich: 12`) and what it is set to. A key followed by
 * nothing (`server:`) opens a block and states no value; `KEY=` with nothing after it does state
 * one (that it is empty).
 */
const KEY_VALUE = /^["']?[\p{L}_][\p{L}\p{M}\p{N}_.\-/[\]]{0,80}["']?\s*(?:==|~=|>=|<=|=|:(?=\s*\S))\s*/u;
/** An aligned listing's key of a few words, spaced before its colon (`expected CRC : 16#6979414#`, PowerShell's `Display Name : x`). */
const SPACED_KEY_VALUE = /^[\p{L}_][\p{L}\p{M}\p{N}_.\-/]{0,40}(?: [\p{L}\p{M}\p{N}_.\-/]{1,40}){1,3}\s+:\s+(?=\S)/u;
/** One `key = value` or `"key": value` pair of an inline table or object (the value quoted, or one word). */
const INLINE_PAIR = /(?:"[\w.-]{1,60}"|\b[A-Za-z_][\w.-]{0,60})\s*[=:]\s*(?:"(?:[^"\\\n]|\\.){0,200}"|[\w.+-]{1,80})/g;
/** Pairs taken from one inline table or object. */
const INLINE_MAX_PAIRS = 12;
/** A line that opens or closes a block of code (`def f(x):`, `} else {`, `fn main() {`): not a setting. */
const CODE_LINE =
  /[{;]\s*$|^\s*[})\]]|\)\s*(?:->[^:]{0,80})?:\s*$|=>|\b(?:return|function|def|func|class|import|const|let|var)\s/;
/** A commit or migration id first on its line, then what it is (`a1b2c3d fix(api): …`, `04d65f0c4e29 (head)`). */
const ID_FIRST = /^[0-9a-f]{7,40}\b\s+\S/;
/** Columns of a table row: two or more spaces, a tab, or a drawn or typed bar between them. */
const COLUMNS = /\s{2,}|\t|\s*[|│┃]\s*/;
/** A line numbered by a viewer (`  15\t`, `15: `, `15 | `): the number is no column of the data. */
const VIEWER_NUMBER = /^\s*\d{1,6}(?:\t|: |:(?=\S)| \| |\s{2,})/;
/** A search's match before the line it found: a file (a path, or a name with an extension), a line number (`src/a.py:12:`, `lib/x.rb-40-`). */
const SEARCH_MATCH = /^[\w.\-/\\]*(?:[/\\][\w.-]+|\.\w{1,10}):\d{1,7}(?::\d{1,5})?[:-]/;
/** A call in a line of code (`lock(resource: …`, `labeling([ff], Vars).`, `fmt.Println (x)`). */
const CALL = /[\w\]>] ?\(/;
/** A value that says there is none. */
const NOTHING = /^(?:\(none\)|\(empty\)|<none>|null|none|n\/a)$/i;
/** Names of a shell's own environment, set on every machine: never what a session is about. */
const SHELL_ENV = new Set([
  'HOME',
  'PATH',
  'PWD',
  'OLDPWD',
  'SHELL',
  'SHLVL',
  'TERM',
  'LANG',
  'LANGUAGE',
  'USER',
  'LOGNAME',
  'HOSTNAME',
  'MAIL',
  'TZ',
  '_',
  'EDITOR',
  'PAGER',
  'LESS',
  'COLORTERM',
  'DISPLAY',
]);
/** Files read for their settings, whatever the share of their lines that state one. */
const CONFIG_FILE =
  /(?:^|[/\\])(?:\.env(?:\.[\w-]+)?|[\w.-]*\.(?:ya?ml|toml|ini|cfg|conf|properties|env|tfvars)|requirements[\w.-]*\.txt|[\w.-]*\.lock|go\.mod|Gemfile|Pipfile|package\.json|pyproject\.toml|Cargo\.toml)$/i;

/**
 * The lines of `output` that state a value, in their order (at most {@link VALUE_MAX_LINES}),
 * when it is a listing; `path` is the file the call read, if any. Empty for anything else.
 */
export function valueLines(raw: string, path?: string): string[] {
  // without a harness's labels around it (`Command: …`, `Stdout: …`, `Error: (none)`) and a viewer's numbering
  const output = documentBody(raw.length > SCAN_CHARS ? raw.slice(0, SCAN_CHARS) : raw);
  const config = path !== undefined && CONFIG_FILE.test(path);
  const lines: string[] = [];
  let nonBlank = 0;
  let values = 0;
  let start = 0;
  // the line before, in case a rule under it makes it a result set's header (whether it was counted
  // as a value, and kept as a candidate); that set's columns
  let prev: string | undefined;
  let prevValue = false;
  let prevKept = false;
  let columns: string[] | undefined;
  // (where the rule under the header starts each column)
  let spans: number[] | undefined;
  let rows = 0;
  // the lines to be scanned, so that the scan stops once the share can no longer be reached (code
  // and logs, most outputs, are found not to be listings half-way through)
  let scanned = 1;
  for (let i = output.indexOf('\n'); i >= 0 && scanned < SCAN_LINES; i = output.indexOf('\n', i + 1)) scanned += 1;
  for (let n = 0; n < SCAN_LINES && start <= output.length; n += 1) {
    const rest = scanned - n;
    if (!config && values + rest < (nonBlank + rest) * LISTING_SHARE) return [];
    let end = output.indexOf('\n', start);
    if (end < 0) end = output.length;
    const line = output.slice(start, end);
    start = end + 1;
    if (isBlank(line)) {
      // a result set's rule under its header (psql's `-----+----`, cqlsh's, a drawn `+----+`): the line
      // above names the columns of the rows below; counted as structure, not as a line stating nothing
      const rule = RESULT_RULE.test(line);
      // (a rule inside a set, a drawn table's closing `+----+`, keeps it; a blank line ends it)
      const header = rule && !columns && prev !== undefined ? columnsOf(prev) : undefined;
      if (header) {
        nonBlank -= 1;
        if (prevValue) {
          values -= 1;
          if (prevKept) lines.pop();
        }
      }
      if (!rule || header) {
        columns = header;
        spans = header ? ruleColumns(line) : undefined;
      }
      prev = undefined;
      continue;
    }
    if (columns && ROW_COUNT.test(line)) {
      columns = undefined; // a result set's footer, `(1 rows)`, `3 rows in set (0.00 sec)`
      prev = undefined;
      continue;
    }
    nonBlank += 1;
    const value = valueOf(line) ?? (columns ? rowOf(line, columns, spans) : undefined);
    if (columns && value !== undefined) rows += 1;
    prev = line;
    prevValue = value !== undefined;
    prevKept = prevValue && lines.length < VALUE_MAX_LINES;
    if (value === undefined) {
      // an inline table or object (`{ name = "wisp", outer_checksum = "8A7E…" }`, a one-line JSON
      // record): its pairs, each as written, so that a long line's last pair is not cut off
      const pairs = inlinePairs(line);
      if (!pairs.length) continue;
      prev = undefined;
      // (one value line, as any: a one-line record alone is no listing — a search's or an API's JSON
      // reply would fill the section with its URLs and scores)
      values += 1;
      for (let k = 0; k < pairs.length && lines.length < VALUE_MAX_LINES; k += 1) lines.push(pairs[k] as string);
      continue;
    }
    values += 1;
    if (lines.length < VALUE_MAX_LINES) lines.push(value);
  }
  if (!lines.length) return [];
  if (config) return lines;
  // (the share counts every value line scanned, not only the candidates kept; a result set's one row is a value)
  return (values >= LISTING_MIN_LINES || rows > 0) && values >= nonBlank * LISTING_SHARE ? lines : [];
}

/** Non-blank lines of an output that is an answer as a whole ({@link reportLines}). */
const ANSWER_MAX_LINES = 4;
/** Longest output read as an answer. */
const ANSWER_MAX_CHARS = 600;
/** Last characters of an output read for the report it ends with. */
const REPORT_TAIL_CHARS = 4_096;
/** Last lines of an output searched for the report it ends with. */
const REPORT_TAIL_LINES = 24;
/**
 * What is no answer nor a report's value: a search's match (`src/a.py:12: x = 1`, the Files
 * section's) and a tool's echo of what it was told to do (`wrote 8577 bytes to src/x.py`), quoted or not.
 */
const NO_ANSWER =
  /^["'([]*(?:[\w.\-/\\]+:\d+[:\s-]|(?:wrote|written|saved|created|updated|deleted|appended|replaced)\b)/i;
/**
 * A line that stands for an attachment the tool returned — a screenshot, an image, a recording —
 * by its kind, size or dimensions (`[screenshot 1280x800 image/png, 202 KB]`, `<image: 1920×1080
 * jpeg>`, `Screenshot saved (412 KB)`): what it shows is not in the text, and its figures are
 * the file's, not an answer's.
 */
const ATTACHMENT =
  /^\W{0,3}(?:screenshot|screen ?capture|image|img|picture|photo|recording|video|audio|attachment)\b[^\n]{0,100}?(?:\b(?:image|video|audio)\/[\w.+-]+|\b\d{2,5} ?[x×] ?\d{2,5}\b|\b\d+(?:[.,]\d+)? ?(?:[KMG]i?B|bytes)\b|\.(?:png|jpe?g|gif|webp|bmp|tiff?|mp4|webm|wav|mp3)\b)/i;
/** A figure in a value: a digit. */
const FIGURE = /\d/;
/** A report's line: a few words, a colon, a figure (`Storage Cost: 6573677 MIST`, `Segments: 6 (8691603 track points)`). */
const FIGURE_LINE = /^[\p{L}][\p{L}\p{M}\p{N}_.\-/()]*(?: [\p{L}\p{M}\p{N}_.\-/()]+){0,3}:\s+[^\s:]*\d/u;

/**
 * The values an output that is no listing still states ({@link valueLines} is empty for it):
 * when it is short, an answer as a whole — a query's result (`'6071698 kr.'`, one JSON record,
 * `% 9679535 inferences, 3.759 CPU`) — its lines that name one ({@link namingFragments}); else
 * the report it ends with — two or more value lines in a row among its last ones, a drawn
 * box's edges aside (a dry run's `│ Storage Cost: 6573677 MIST │`, a tool's closing statistics).
 */
export function reportLines(raw: string): string[] {
  // (of a long output, its last characters only: the report is in its last lines; the first, cut, is left out)
  const eol = raw.length > REPORT_TAIL_CHARS ? raw.indexOf('\n', raw.length - REPORT_TAIL_CHARS) : -1;
  const tail = raw.length <= REPORT_TAIL_CHARS ? raw : eol < 0 ? raw.slice(-REPORT_TAIL_CHARS) : raw.slice(eol + 1);
  const output = documentBody(tail);
  const all = output.split('\n');
  const from = Math.max(0, all.length - REPORT_TAIL_LINES);
  const lines: string[] = [];
  for (let i = from; i < all.length; i += 1) if (!isBlank(all[i] as string)) lines.push((all[i] as string).trim());
  if (from === 0 && lines.length <= ANSWER_MAX_LINES && output.length <= ANSWER_MAX_CHARS)
    return lines
      .filter((l) => !NO_ANSWER.test(l) && !ATTACHMENT.test(l) && namingFragments(l).length > 0)
      .map(clipLine);
  const out: string[] = [];
  let run: string[] = [];
  for (let k = 0; k <= lines.length; k += 1) {
    const line = k < lines.length ? withoutOuterBars(lines[k] as string) : '';
    const value =
      line && !NO_ANSWER.test(line) && !ATTACHMENT.test(line)
        ? (valueOf(line) ?? (FIGURE_LINE.test(line) ? clipLine(line) : undefined))
        : undefined;
    // (a figure: code's `x = self.f(y)` and a header's `rootdir: /app` state none)
    if (value !== undefined && FIGURE.test(value.slice(value.search(/[:=]/) + 1))) {
      run.push(value);
      continue;
    }
    if (run.length >= LISTING_MIN_LINES) out.push(...run);
    run = [];
  }
  return out.length > VALUE_MAX_LINES ? out.slice(-VALUE_MAX_LINES) : out;
}

/** The line as a value it states (trimmed, a viewer's numbering dropped, cut to {@link LINE_MAX_CHARS}), or undefined. */
function valueOf(raw: string): string | undefined {
  const numbered = VIEWER_NUMBER.exec(raw);
  const line = (numbered ? raw.slice(numbered[0].length) : raw).trim();
  if (line.length < 3) return undefined;
  // a search's match of code states no value (`src/ci/Helm.groovy:17:  withMaven(maven: …`: its path
  // is no key); of a setting, a comment, a row of data it does, where the agent found it
  const match = SEARCH_MATCH.exec(line);
  if (match) {
    const found = line.slice(match[0].length).trim();
    return !found || CODE_LINE.test(found) || CALL.test(found) ? undefined : clipLine(line);
  }
  const kv = KEY_VALUE.exec(line) ?? SPACED_KEY_VALUE.exec(line);
  if (kv) {
    if (CODE_LINE.test(line)) return undefined;
    const key = /^["']?([\w.\-/[\]]+)/.exec(line)?.[1] ?? '';
    if (SHELL_ENV.has(key) || key.startsWith('LC_') || NOTHING.test(line.slice(kv[0].length))) return undefined;
    return clipLine(line);
  }
  if (ID_FIRST.test(line)) return clipLine(line);
  // a table row: three columns or more (two between bars), with a digit (a header or a rule has none)
  if (CODE_LINE.test(line)) return undefined;
  const cells = line.split(COLUMNS).filter((c) => c.length > 0);
  const drawn = /[|│┃]/.test(line); // (a drawn table's two columns are columns; two runs of spaces may be prose)
  // (as printed, a drawn table's bars too: a value's identifier may span columns, `run-7   judge-v3  0.76`,
  // and a row is found again as the tool printed it, `│ raie │ 8332039 │`)
  if (cells.length >= (drawn ? 2 : 3) && /\d/.test(line) && /[A-Za-z]/.test(line)) return clipLine(line);
  return undefined;
}

/**
 * A rule under a result set's header: dashes (or box bars) with `+`, `|` or spaces between columns.
 * (Each run of dashes between separators, never two runs back to back: a line of dashes has one way
 * to be read, so a long one ending in another character fails at once.)
 */
const RESULT_RULE = /^\s*[+|]?[-=─━]{3,}(?:[+|┼┿ ]+[-=─━]{3,})*[+|┼┿]?\s*$/;
/** A result set's footer: how many rows it had (psql `(1 row)`, cqlsh `(1 rows)`, MySQL `3 rows in set (0.00 sec)`). */
const ROW_COUNT = /^\s*\(?\d+ rows?(?:\)| in set\b)/i;
/** A column's name in a result set's header (`booking_id`, `[applied]`, `count(*)`, `seats left`). */
const COLUMN_NAME = /^[\w[\]().#%/*-]{1,40}(?: [\w[\]().#%/*-]{1,40}){0,2}$/;
/** Longest row of a result set read as one (`header: cell`). */
const ROW_MAX_CHARS = 160;

/** The column names of a result set's header line, or undefined when it is no header (a sentence, a heading with words). */
function columnsOf(line: string): string[] | undefined {
  const cells = withoutOuterBars(line.trim())
    .split(COLUMNS)
    .filter((c) => c.length > 0);
  return cells.length >= 1 && cells.length <= 12 && cells.every((c) => COLUMN_NAME.test(c)) ? cells : undefined;
}

/**
 * A row of a result set that {@link valueOf} does not read (one or two columns: a client prints
 * `booking_id` over `36355e5d-…`), as `column: cell` pairs, each cell as printed.
 */
function rowOf(raw: string, columns: readonly string[], spans?: readonly number[]): string | undefined {
  const line = withoutOuterBars(raw.trim());
  if (line.length > ROW_MAX_CHARS || /[.!?]$/.test(line)) return undefined;
  let cells = line.split(COLUMNS).filter((c) => c.length > 0);
  // (a cell as wide as its column stands one space from the next, `Chanthabouly 7129395` under
  // `------------ --------`: cut at the rule's columns)
  if (cells.length !== columns.length && spans && spans.length === columns.length) cells = cellsAt(raw, spans);
  if (cells.length !== columns.length || cells.length > 2) return undefined;
  return clipLine(cells.map((c, i) => `${columns[i]}: ${c}`).join(', '));
}

/** Where each column of a rule of dashes alone starts (`------------ --------`: 0, 13); undefined for a drawn one (bars, `+`). */
function ruleColumns(rule: string): number[] | undefined {
  if (/[+|┼┿]/.test(rule)) return undefined;
  const starts: number[] = [];
  for (const m of rule.matchAll(/[-=─━]+/g)) starts.push(m.index);
  return starts;
}

/** A row cut at its columns' starts, each cell trimmed; none empty, or no cells. */
function cellsAt(raw: string, starts: readonly number[]): string[] {
  const cells: string[] = [];
  for (let k = 0; k < starts.length; k += 1) {
    const cell = raw.slice(starts[k], k + 1 < starts.length ? starts[k + 1] : raw.length).trim();
    if (!cell) return [];
    cells.push(cell);
  }
  return cells;
}

/** Messages after a listing that are read for the agent naming one of its lines. */
export const NAMING_WINDOW = 12;
/** Characters of one message read for the fragments it names (a long write's body is no naming). */
const NAMING_SCAN_CHARS = 4 * 1024;
/** Fragments read from one message, and from all the messages after one output (the work per output is bounded). */
export const MESSAGE_MAX_FRAGMENTS = 16;
export const NAMING_MAX_FRAGMENTS = 32;
/** Lines one fragment may name: a fragment found in more lines names no row (`2024`, `1000`, `utf8`). */
const NAMED_MAX_LINES = 2;
/** Lines of one listing named, at most. */
const NAMED_MAX = 4;

/**
 * The fragments a message names a value by: its runs of letters and digits holding a digit, four
 * characters or more (`3fdffb7a`, `xf0r0`, `5433`), as written, each once, pieces of paths aside
 * ({@link inPath}). Words without a digit name too much (`judge`, `production`) to point at one line.
 * `minChars` raises the length (a long argument's: only an id or a hash it copies names a line).
 */
export function namingFragments(text: string, minChars = 4): string[] {
  const scan = text.length > NAMING_SCAN_CHARS ? text.slice(0, NAMING_SCAN_CHARS) : text;
  const out: string[] = [];
  let start = -1;
  let digit = false;
  for (let i = 0; i <= scan.length && out.length < MESSAGE_MAX_FRAGMENTS; i += 1) {
    const c = i < scan.length ? scan.charCodeAt(i) : 0;
    const isDigit = c >= 0x30 && c <= 0x39;
    if (isDigit || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) {
      if (start < 0) {
        start = i;
        digit = false;
      }
      digit ||= isDigit;
      continue;
    }
    if (start >= 0 && digit && i - start >= minChars && i - start <= 64 && !inPath(scan, start, i)) {
      const f = scan.slice(start, i);
      if (!out.includes(f) && !COMMON_TOKENS.test(f)) out.push(f);
    }
    start = -1;
  }
  return out;
}

/**
 * A name in capitals a message gives, five characters or more, that no word of the language is
 * (`GAZEGAL`, `DATABASE_URL`, `MAX_RETRIES`): a label, a setting or a constant the agent saw in an
 * output and names as it goes on (`GAZEGAL noted`, `DATABASE_URL points at the replica`). A run of
 * capitals in a row (`DO NOT EDIT`) is shouting, and a common acronym or keyword
 * ({@link COMMON_CAPITALS}) is no name.
 */
const CAPITAL_NAME = /(?<![\p{L}\p{N}_./-])[A-Z][A-Z0-9_]{4,39}(?![\p{L}\p{N}_/-])/gu;
/** Words printed in capitals everywhere (levels, outcomes, SQL, file names, shouted rules): none names one line. */
const COMMON_CAPITALS =
  /^(?:ERRORS?|FAIL(?:ED|URES?|ING)?|PASS(?:ED|ING)?|SUCCESS(?:FUL)?|WARN(?:ING|INGS)?|DEBUG|TRACE|FATAL|PANIC|NOTICE|FIXME|ABORT(?:ED)?|SKIP(?:PED)?|TIMEOUT|DONE|READY|ACTIVE|PENDING|RUNNING|STOPPED|UNKNOWN|INVALID|DENIED|FORBIDDEN|CRITICAL|SELECT|INSERT|UPDATE|DELETE|WHERE|CREATE|TABLE|INDEX|ALTER|COUNT|GROUP|ORDER|LIMIT|VALUES|UNION|INNER|OUTER|RIGHT|NULL|TRUE|FALSE|NEVER|ALWAYS|SHOULD|IMPORTANT|README|CHANGELOG|LICENSE|MAKEFILE|DOCKERFILE|AGENTS|CLAUDE|CONTRIBUTING|TODOS?|HTTPS?|ASSERT(?:ION)?|BEGIN|COMMIT|ROLLBACK)$/;

/** The names in capitals `text` gives ({@link CAPITAL_NAME}), each once, within its first characters read. */
export function capitalNames(text: string): string[] {
  const scan = text.length > NAMING_SCAN_CHARS ? text.slice(0, NAMING_SCAN_CHARS) : text;
  const out: string[] = [];
  // (most messages hold no run of five capitals: no expression runs)
  if (!/[A-Z]{5}/.test(scan)) return out;
  for (const m of scan.matchAll(CAPITAL_NAME)) {
    const name = m[0];
    if (out.includes(name) || COMMON_CAPITALS.test(name) || out.length >= MESSAGE_MAX_FRAGMENTS) continue;
    // (shouting: another word in capitals just before or after)
    const at = m.index;
    if (/[A-Z]{2,}[ \t]$/.test(scan.slice(Math.max(0, at - 12), at))) continue;
    if (/^[ \t][A-Z]{2,}\b/.test(scan.slice(at + name.length, at + name.length + 12))) continue;
    out.push(name);
  }
  return out;
}

/** Words with a digit that name an algorithm, an encoding, a type or a platform, not a value (`sha256`, `utf8`, `amd64`). */
const COMMON_TOKENS =
  /^(?:sha\d{1,3}|md5|crc32|utf\d{1,2}|base(?:32|64)|u?int\d{1,3}|float\d{2}|x86|x64|amd64|arm64|aarch64|i[36]86|ipv[46]|http[23]|tls1\d|python[23]|pip3|h26[45]|mp[34])$/i;

/** The characters a backslash escapes in JSON text that no path piece is followed by: `"`, `n`, `t`, `r`. */
const JSON_ESCAPED = new Set([0x22, 0x6e, 0x74, 0x72]);

/**
 * Whether `text[start, end)` is a piece of a path or file name (`src/m58/impl00.ts`): next to a
 * slash, or before an extension. A file the agent goes on to is the Files section's, and most
 * outputs that name one (a write's `wrote 1579 bytes to …`, a listing) only echo it.
 */
function inPath(text: string, start: number, end: number): boolean {
  const before = start > 0 ? text.charCodeAt(start - 1) : 0;
  const after = text.charCodeAt(end);
  if (before === 0x2f || before === 0x5c || after === 0x2f) return true;
  // (a backslash before a quote or a line break is JSON's escape, as in a call's arguments: `\"cus_9x…\"`)
  if (after === 0x5c) return !JSON_ESCAPED.has(text.charCodeAt(end + 1));
  const next = text.charCodeAt(end + 1);
  return after === 0x2e && ((next >= 0x41 && next <= 0x5a) || (next >= 0x61 && next <= 0x7a));
}

/**
 * The lines of an output (in their order, at most {@link NAMED_MAX}, each trimmed and cut around
 * what names it) that `fragments` name: a fragment found as written, in lower or in upper case
 * (`3fdffb7a…` for `3FDFFB7A-…`), in one or two of its lines names them; one found in more is a
 * word the output repeats. Read within the first {@link SCAN_CHARS} characters, as values are.
 */
export function namedLines(raw: string, fragments: readonly string[]): string[] {
  if (!fragments.length || !raw) return [];
  const text = raw.length > SCAN_CHARS ? raw.slice(0, SCAN_CHARS) : raw;
  const starts = new Map<number, string>(); // line start → the line as kept
  for (let f = 0; f < fragments.length; f += 1) {
    const fragment = fragments[f] as string;
    const hits = new Map<number, string>();
    for (const form of new Set([fragment, fragment.toLowerCase(), fragment.toUpperCase()])) {
      for (let at = text.indexOf(form); at >= 0 && hits.size <= NAMED_MAX_LINES; at = text.indexOf(form, at + 1)) {
        const start = text.lastIndexOf('\n', at) + 1;
        if (hits.has(start)) continue;
        const end = text.indexOf('\n', at);
        hits.set(start, namedLine(text.slice(start, end < 0 ? text.length : end), at - start));
      }
    }
    if (hits.size <= NAMED_MAX_LINES) for (const [start, line] of hits) if (line) starts.set(start, line);
  }
  return [...starts.keys()]
    .sort((a, b) => a - b)
    .slice(0, NAMED_MAX)
    .map((k) => starts.get(k) as string);
}

/** A named line trimmed (a drawn table's row as printed, its bars too), cut to {@link LINE_MAX_CHARS} around `at`. */
function namedLine(raw: string, at: number): string {
  const lead = raw.length - raw.trimStart().length;
  const line = raw.trim();
  if (line.length <= LINE_MAX_CHARS) return line;
  const from = Math.max(0, Math.min(at - lead - LINE_MAX_CHARS / 2, line.length - LINE_MAX_CHARS + 2));
  return `${from > 0 ? '…' : ''}${line.slice(from, from + LINE_MAX_CHARS - 2)}…`;
}

/** Whether a line holds no letter or digit (blank, or a table's rule: `+-----+`, `├────┼`, box drawing U+2500–U+257F). */
function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i += 1) {
    const c = line.charCodeAt(i);
    if (
      !isSpace(c) &&
      ((c >= 0x30 && c <= 0x39) ||
        (c >= 0x41 && c <= 0x5a) ||
        (c >= 0x61 && c <= 0x7a) ||
        (c >= 0xc0 && (c < 0x2500 || c > 0x257f)))
    )
      return false;
  }
  return true;
}

/** The pairs of a line that is an inline table or object (opens with `{` or `[{`, two pairs or more); else none. */
function inlinePairs(raw: string): string[] {
  const numbered = VIEWER_NUMBER.exec(raw);
  const line = (numbered ? raw.slice(numbered[0].length) : raw).trim();
  if (!(line.startsWith('{') || line.startsWith('[{'))) return [];
  const pairs: string[] = [];
  for (const m of line.matchAll(INLINE_PAIR)) {
    pairs.push(clipLine(m[0]));
    if (pairs.length >= INLINE_MAX_PAIRS) break;
  }
  return pairs.length >= 2 ? pairs : [];
}

/** A line without the bars a drawn table or box opens and closes it with (`│ web │ 1812 │` → `web │ 1812`). */
function withoutOuterBars(line: string): string {
  return line.replace(/^[|│┃]\s*|\s*[|│┃]$/g, '');
}

function clipLine(line: string): string {
  return line.length <= LINE_MAX_CHARS ? line : `${line.slice(0, LINE_MAX_CHARS - 1)}…`;
}
