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
    'gitignore dockerignore npmrc editorconfig pem crt patch diff'
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
/** Objects whose members look like file names (`console.log`, `Math.log`). */
const NOT_STEMS = new Set(['console', 'logger', 'log', 'Math', 'math', 'np', 'window', 'this', 'self', 'JSON', 'res']);

/** Path-like tokens: word characters, dots, dashes, `@`, `~` and slashes (checked one by one after). */
const TOKEN = /(?:^|[\s'"`(=,:[{<])((?:~|\.{1,2})?\/?[\w@.+~-]+(?:\/[\w@.+~-]*)*)(?=$|[\s'"`),;:\]}>!?]|\.(?:\s|$))/g;

/** The file paths in `text`, in order of appearance, without duplicates. */
export function pathsIn(text: string): string[] {
  if (!text.includes('.') && !text.includes('/')) return [];
  const out = new Set<string>();
  for (const m of text.matchAll(TOKEN)) {
    const raw = m[1] as string;
    const next = text.charAt((m.index ?? 0) + m[0].length);
    const path = raw.replace(/[.]+$/, '');
    if (next === '(' || path.length > 200 || path.length < 3) continue;
    if (isPath(path, text, (m.index ?? 0) + m[0].length - raw.length)) out.add(path);
  }
  return [...out];
}

/** Whether `token` (found at `at` in `text`) names a file or directory. */
export function isPath(token: string, text = '', at = 0): boolean {
  if (text.startsWith('://', at + token.length) || /^(?:https?|ftp|file|www)\b/.test(token)) return false;
  if (token.startsWith('@') && !token.includes('/')) return false; // @decorator, @user
  const slash = token.indexOf('/');
  if (slash < 0) return isFileName(token);
  const segments = token.split('/').filter((s) => s !== '' && s !== '.' && s !== '..' && s !== '~');
  if (segments.length === 0) return false;
  if (segments.every((s) => /^\d+$/.test(s))) return false; // 12/05/2024, 1/2
  const last = segments[segments.length - 1] as string;
  if (isFileName(last)) return true;
  if (/^(?:\.{1,2}\/|~\/|\/)/.test(token) || token.endsWith('/')) return segments.every(isSegment);
  // a/b without extension: a path only with at least two directories (src/context/strategies)
  return segments.length >= 3 && segments.every(isSegment);
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

function isSegment(s: string): boolean {
  return /^[\w@.+-]+$/.test(s) && !/^\d+$/.test(s);
}
