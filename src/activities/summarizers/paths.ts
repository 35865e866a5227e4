/**
 * Recognising file paths in free text for the extractive summarizer. A token is a path when
 * it has a directory part that looks like one (`src/a.ts`, `./run.sh`, `docs/guide/`), or
 * when it is a bare file name with a known extension (`package.json`, `main.rs`). Dotted
 * identifiers (`turn.reply`, `perTurn.size`, `console.log(`), versions (`1.2.3`), URLs,
 * fractions and prose slashes (`and/or`, `client/server`) are not paths.
 */

/** Extensions a bare file name (one without a directory) must have to count as a file. */
const FILE_EXTENSIONS = new Set(
  (
    'ts tsx mts cts js jsx mjs cjs json jsonc json5 md mdx rst txt yml yaml toml ini cfg conf lock ' +
    'py pyi ipynb rs go java kt kts scala groovy gradle rb php cs fs vb c h cc cpp cxx hpp hh mm swift ' +
    'sh bash zsh fish ps1 bat sql graphql gql proto html htm css scss sass less vue svelte astro xml csv tsv ' +
    'log tex mk cmake tf tfvars hcl nix ex exs erl hs ml clj lua pl dart zig jl wasm dockerfile ' +
    'gitignore dockerignore npmrc editorconfig pem crt patch diff ' +
    // (and the sources and manifests of many more ecosystems)
    'rkt scm lisp asd el nim nimble cr gleam elm lean adb ads gpr rmd f90 f95 sv svh vhd vhdl sol bicep ' +
    'mli fsx fsi fsproj csproj sln cob cbl cpy pas pp lpr lpi lpk dpr hrl cljs cljc edn purs idr agda raku pm ' +
    'psm1 psd1 vim gd tscn tres uproject slx mat abap apex sbt cabal opam rake gemspec erb haml ejs hbs j2 twig ' +
    'properties plist xcconfig pbxproj m4 asm ld cu cuh metal glsl hlsl wgsl ino qml'
  ).split(' '),
);
/** File names that have no extension but are files. */
const BARE_FILES = new Set([
  'Makefile',
  'Dockerfile',
  'Gemfile',
  'Procfile',
  'Rakefile',
  'Jenkinsfile',
  'go.mod',
  'go.sum',
]);
/** First characters of the bare file names without a dot (the only paths with neither a dot nor a slash). */
const BARE_FILE_FIRST = new Set([...BARE_FILES].filter((f) => !f.includes('.')).map((f) => f.charAt(0)));
/** Objects whose members look like file names (`console.log`, `Math.log`). */
const NOT_STEMS = new Set(['console', 'logger', 'log', 'Math', 'math', 'np', 'window', 'this', 'self', 'JSON', 'res']);

const BARE_FILE_NAMES = /\b(?:Makefile|Dockerfile|Gemfile|Procfile|Rakefile|Jenkinsfile)\b/g;

/** Whether `c` is a character path tokens are made of: an ASCII letter or digit, or one of `_@.+~/-\\`. */
function isPathChar(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x40 && c <= 0x5a) || // `@` and A-Z
    (c >= 0x2d && c <= 0x39) || // `-`, `.`, `/` and 0-9
    c === 0x5f ||
    c === 0x2b ||
    c === 0x7e ||
    c === 0x5c // `\` of a Windows path
  );
}
/** Characters that may stand before a path token (or nothing): space, tab, line break, `'"\`(=,:[{<`. */
const BEFORE = codeSet(' \t\n\r\'"`(=,:[{<');
/** Characters that may stand after a path token (or nothing): space, tab, line break, `'"\`),;:]}>!?.`. */
const AFTER = codeSet(' \t\n\r\'"`),;:]}>!?.');
function codeSet(chars: string): Uint8Array {
  const set = new Uint8Array(128);
  for (let i = 0; i < chars.length; i += 1) set[chars.charCodeAt(i)] = 1;
  return set;
}

/**
 * The file paths in `text`, in order of appearance, without duplicates. Scans from dot to
 * slash to dot (a word without either cannot be a path), growing each into its token.
 */
export function pathsIn(text: string): string[] {
  const out: string[] = []; // few per text: a search is cheaper than a set
  const n = text.length;
  // the next `.` and `/` from the scan's position on, each found by indexOf (a native search
  // rather than a loop over every character) and kept until the scan passes it
  let dot = text.indexOf('.');
  let slash = text.indexOf('/');
  for (let at = 0; dot >= 0 || slash >= 0;) {
    if (dot >= 0 && dot < at) dot = text.indexOf('.', at);
    if (slash >= 0 && slash < at) slash = text.indexOf('/', at);
    const found = dot < 0 ? slash : slash < 0 ? dot : Math.min(dot, slash);
    if (found < 0) break;
    let start = found;
    while (start > 0 && isPathChar(text.charCodeAt(start - 1))) start -= 1;
    let end = found + 1;
    while (end < n && isPathChar(text.charCodeAt(end))) end += 1;
    at = end; // the next dot or slash is searched after this token
    const before = start === 0 ? 0x20 : text.charCodeAt(start - 1);
    const after = end === n ? 0x20 : text.charCodeAt(end);
    if (before >= 128 || !BEFORE[before] || after >= 128 || !AFTER[after]) continue;
    // (`</parameter>`, `</tool_call>`: a closing tag, not a root directory)
    if (before === 0x3c && after === 0x3e && text.charCodeAt(start) === 0x2f) continue;
    let last = end; // without the dots that end a sentence
    while (last > start && text.charCodeAt(last - 1) === 0x2e) last -= 1;
    if (last - start < 3 || last - start > 200) continue;
    // a word without a dot or slash of its own (the last of a sentence) is a path only as a bare file name
    if (found >= last && !BARE_FILE_FIRST.has(text.charAt(start))) continue;
    let path = text.slice(start, last);
    if (path.startsWith('//')) continue; // `//host/...` of a URL
    if (path.includes('\\')) {
      // a backslash beside a slash, or doubled, is an escape in quoted text (`…\nsrc/a.ts\n…`):
      // the pieces between escapes are read on their own
      if (path.includes('/') || path.includes('\\\\')) {
        for (const piece of path.split(/\\+[ntr"]?/))
          if (piece.length >= 3 && isPath(piece) && !out.includes(piece)) out.push(piece);
        continue;
      }
      // a drive letter before a Windows path (`C:\work\app.py`)
      if (
        path.startsWith('\\') &&
        start >= 2 &&
        text.charCodeAt(start - 1) === 0x3a &&
        /[A-Za-z]/.test(text.charAt(start - 2))
      )
        path = text.slice(start - 2, last);
    }
    if (isPath(path, text, start) && !out.includes(path)) out.push(path);
  }
  if (/file\b/.test(text)) {
    BARE_FILE_NAMES.lastIndex = 0; // exec rather than matchAll, which copies the expression
    for (let m = BARE_FILE_NAMES.exec(text); m; m = BARE_FILE_NAMES.exec(text)) if (!out.includes(m[0])) out.push(m[0]);
  }
  return out;
}

/** Whether `token` (found at `at` in `text`) names a file or directory. */
export function isPath(token: string, text = '', at = 0): boolean {
  if (text.startsWith('://', at + token.length) || /^(?:https?|ftp|file|www)\b/.test(token)) return false;
  // a Windows path (`src\Acme.Web\Startup.cs`, `C:\work\app\main.py`) reads as its slashed form
  if (token.includes('\\')) {
    if (token.includes('/') || token.includes('\\\\')) return false;
    return isPath(token.replace(/^[A-Za-z]:(?=\\)/, '').replace(/\\/g, '/'));
  }
  if (token.startsWith('@') && !token.includes('/')) return false; // @decorator, @user
  const slash = token.indexOf('/');
  if (slash < 0) return isFileName(token);
  const { count, numbers, names, lastStart, lastEnd } = segmentsOf(token);
  if (count === 0) return false;
  if (numbers) return false; // 12/05/2024, 1/2
  const last = token.slice(lastStart, lastEnd);
  // (under a directory, a file of an ecosystem no list knows is a file too: `tests/hyphen-test.rkt`)
  if (isFileName(last) || (names && hasExtension(last))) return true;
  if (/^(?:\.{1,2}\/|~\/|\/)/.test(token) || token.endsWith('/')) return names;
  // a/b without extension: a path only with at least two directories (src/context/strategies)
  return count >= 3 && names;
}

/** What {@link isPath} asks of a token's segments (its parts between slashes, without `''`, `.`, `..` and `~`). */
interface Segments {
  count: number;
  /** Every segment is digits only (`/^\d+$/`). */
  numbers: boolean;
  /** Every segment is a name: `/^[\w@.+-]+$/` and not digits only. */
  names: boolean;
  /** Where the last segment is in the token. */
  lastStart: number;
  lastEnd: number;
}

/**
 * The segments of `token`, read in place: what `token.split('/').filter(...)` and a regular
 * expression per segment told, without their arrays and strings (pathsIn asks this of every
 * path-like token of every message).
 */
function segmentsOf(token: string): Segments {
  const out: Segments = { count: 0, numbers: true, names: true, lastStart: 0, lastEnd: 0 };
  for (let start = 0; start <= token.length;) {
    let end = token.indexOf('/', start);
    if (end < 0) end = token.length;
    const n = end - start;
    const a = token.charCodeAt(start);
    const dots = n <= 2 && a === 0x2e && (n === 1 || token.charCodeAt(start + 1) === 0x2e); // . and ..
    if (n > 0 && !dots && !(n === 1 && a === 0x7e)) {
      let digits = true;
      let name = true;
      for (let i = start; i < end; i += 1) {
        const c = token.charCodeAt(i);
        if (c >= 0x30 && c <= 0x39) continue;
        digits = false;
        // \w (ASCII letters, digits, `_`) and `@ . + -`
        if (!(
          (c >= 0x61 && c <= 0x7a) ||
          (c >= 0x40 && c <= 0x5a) ||
          c === 0x5f ||
          c === 0x2e ||
          c === 0x2b ||
          c === 0x2d
        ))
          name = false;
      }
      out.count += 1;
      if (!digits) out.numbers = false;
      if (!name || digits) out.names = false;
      out.lastStart = start;
      out.lastEnd = end;
    }
    start = end + 1;
  }
  return out;
}

/** Whether a name ends in an extension: a stem, a dot, then a short word (`hyphen-test.rkt`, not `v1.2` or `turn.`). */
function hasExtension(name: string): boolean {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return false;
  const stem = name.slice(0, dot);
  return /^[A-Za-z][A-Za-z0-9]{0,7}$/.test(name.slice(dot + 1)) && !/^[\d.]+$/.test(stem) && !NOT_STEMS.has(stem);
}

function isFileName(name: string): boolean {
  if (BARE_FILES.has(name) || /^\.env(?:\.[\w-]+)*$/.test(name)) return true;
  const dot = name.lastIndexOf('.');
  if (dot < 0 || dot === name.length - 1) return false;
  const stem = name.slice(0, dot);
  if (!FILE_EXTENSIONS.has(name.slice(dot + 1).toLowerCase())) return false;
  if (stem === '') return true; // .gitignore
  return /^[\w@.+-]+$/.test(stem) && !/^[\d.]+$/.test(stem) && !NOT_STEMS.has(stem);
}

/** Lines of an output read for the paths it lists. */
const LISTING_SCAN_LINES = 200;
/** Share of an output's non-blank lines that must open with a path for it to list files. */
const PATH_LISTING_SHARE = 0.6;
/** Fewest such lines (one path in an output is a remark, not a listing). */
const PATH_LISTING_MIN_LINES = 2;
/** The token a line opens with, up to a `:` (grep's `path:12:`), a space or a tab; a tree's drawing and `./` skipped. */
const LINE_PATH = /^[\s│├└─|`-]*(?:\.\/)?([^\s:]+)/;

/**
 * The files an output lists — a search's matches (`grep -rn`, `rg`: `path:line:text`), a `find`, an
 * `ls -1`, a `git ls-files` or `git status --short` — in order, without duplicates, at most `max`:
 * when most of its lines open with a path. An agent goes on to open what it found; a summary
 * that keeps only `grep → ok` has lost where. Empty for any other output.
 */
export function listedPaths(text: string, max: number): string[] {
  const out: string[] = [];
  let lines = 0;
  let listed = 0;
  let start = 0;
  for (let n = 0; n < LISTING_SCAN_LINES && start < text.length; n += 1) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (!line.trim()) continue;
    lines += 1;
    // (`git status --short`: the status letters before the path)
    const token = LINE_PATH.exec(line.replace(/^\s*(?:[MADRCU?!]{1,2})\s+(?=\S)/, ''))?.[1];
    if (token === undefined || !(token.includes('/') || token.includes('.')) || !isPath(token)) continue;
    listed += 1;
    if (out.length < max && !out.includes(token)) out.push(token);
  }
  return listed >= PATH_LISTING_MIN_LINES && listed >= lines * PATH_LISTING_SHARE ? out : [];
}
