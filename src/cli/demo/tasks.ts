/**
 * The user side of the scripted demo: the messages a user sends while reviewing this
 * repository with a coding agent. They are built from the repository as it is on disk
 * (its folders, its largest files, the symbols they export), so the demo follows the code
 * when it changes instead of naming files that may be gone.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the user asks for in one turn, and what the scripted agent does about it. */
export type DemoTask =
  /** List directories (in parallel when several). */
  | { kind: 'list'; prompt: string; dirs: string[] }
  /** Read a file (or a range of it); `focus` is a regular expression of lines to quote. */
  | { kind: 'read'; prompt: string; path: string; offset?: number; limit?: number; focus?: string }
  /** Read two files in parallel and compare them. */
  | { kind: 'compare'; prompt: string; paths: [string, string] }
  /** Grep for a symbol, then read the code around its first use outside `definedIn`. */
  | { kind: 'usage'; prompt: string; symbol: string; definedIn: string }
  /** Grep for a pattern and report where it matches. */
  | { kind: 'search'; prompt: string; pattern: string; path: string; maxMatches?: number }
  /** Answer from what is still in context, without tools. */
  | { kind: 'wrap-up'; prompt: string };

/** Turns of the demo. */
export const DEMO_TURNS = 60;

/** Folders reviewed, in order: the context engine first, its callers after. */
const AREAS = [
  'src/context',
  'src/context/strategies',
  'src/workflows',
  'src/activities',
  'src/activities/tools',
  'src/activities/summarizers',
  'src/store',
  'src/client',
  'src/testing/fake-openai',
  'src/cli',
];
/** Files read per folder (largest first), besides the compared pair. */
const READS_PER_AREA = 3;

/** Exported functions and classes first (the interesting ones to trace), then constants. */
const EXPORTED_CALLABLE = /^export (?:async )?(?:abstract )?(?:function|class) (\w+)/gm;
const EXPORTED_CONST = /^export const (\w+)/gm;

/**
 * The demo's user messages, `turns` of them (the last one a wrap-up). Deterministic for a
 * given repository. Each prompt is unique, which is how the scripted agent finds its task.
 */
export function demoTasks(root: string, turns = DEMO_TURNS): DemoTask[] {
  const tasks: DemoTask[] = [
    {
      kind: 'list',
      dirs: ['.', 'src'],
      prompt:
        'We are reviewing the context engine of this repository (durable-context). Start with the layout: list the top level and src/.',
    },
    { kind: 'read', path: 'README.md', prompt: 'Read README.md: what does the project promise its users?' },
    {
      kind: 'search',
      pattern: '^export ',
      path: 'src',
      maxMatches: 1_000,
      prompt: 'Grep every export under src/ so we know the public surface.',
    },
    {
      kind: 'read',
      path: 'package-lock.json',
      focus: '@temporalio/',
      prompt: 'Which Temporal packages does package-lock.json pin? Read it.',
    },
  ];
  const sources = sourceTexts(root, 'src');
  for (const area of AREAS) {
    if (!isDir(root, area)) continue;
    const files = sourceFiles(root, area);
    tasks.push({ kind: 'list', dirs: [area], prompt: `What is in ${area}/?` });
    const [largest, ...rest] = files;
    if (largest) {
      tasks.push(readTask(largest));
      const symbol = symbolToTrace(largest, sources);
      if (symbol) {
        tasks.push({
          kind: 'usage',
          symbol,
          definedIn: largest,
          prompt: `Where is ${symbol} (from ${largest}) used, and how?`,
        });
      }
    }
    const [a, b, ...others] = rest;
    if (a && b) tasks.push({ kind: 'compare', paths: [a, b], prompt: `Compare ${a} with ${b}.` });
    for (const file of others.slice(0, READS_PER_AREA - 1)) tasks.push(readTask(file));
    if (area === 'src/context' && existsSync(path.join(root, 'test/unit/context/properties.test.ts'))) {
      tasks.push({
        kind: 'read',
        path: 'test/unit/context/properties.test.ts',
        prompt: 'How are the properties of the context engine tested? Read test/unit/context/properties.test.ts.',
      });
    }
  }
  const body = tasks.slice(0, turns - 1);
  // A small repository yields fewer tasks than turns: re-read its largest files in slices.
  const all = AREAS.filter((a) => isDir(root, a)).flatMap((a) => sourceFiles(root, a));
  for (let i = 0; body.length < turns - 1 && all.length > 0; i++) {
    const file = all[i % all.length] as string;
    const offset = 1 + 40 * Math.floor(i / all.length);
    body.push({
      kind: 'read',
      path: file,
      offset,
      limit: 40,
      prompt: `Show me lines ${offset}-${offset + 39} of ${file}.`,
    });
  }
  body.push({
    kind: 'wrap-up',
    prompt: 'Wrap up: what do you still have in context about this review, and what was compacted away?',
  });
  return body;
}

/** An export of `file` that other files use (so tracing it leads somewhere), else its first export. */
function symbolToTrace(file: string, sources: Map<string, string>): string | undefined {
  const text = sources.get(file) ?? '';
  const names = [...text.matchAll(EXPORTED_CALLABLE), ...text.matchAll(EXPORTED_CONST)].map((m) => m[1] as string);
  const usedElsewhere = (name: string) =>
    [...sources].some(([other, content]) => other !== file && new RegExp(`\\b${name}\\b`).test(content));
  return names.find(usedElsewhere) ?? names[0];
}

/** Every `.ts` file under `dir`, by root-relative path. */
function sourceTexts(root: string, dir: string): Map<string, string> {
  const texts = new Map<string, string>();
  if (!isDir(root, dir)) return texts;
  for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) for (const [k, v] of sourceTexts(root, rel)) texts.set(k, v);
    else if (e.isFile() && e.name.endsWith('.ts')) texts.set(rel, readFileSync(path.join(root, rel), 'utf8'));
  }
  return texts;
}

function readTask(file: string): DemoTask {
  return { kind: 'read', path: file, prompt: `Read ${file} and tell me what it provides.` };
}

function isDir(root: string, rel: string): boolean {
  const p = path.join(root, rel);
  return existsSync(p) && statSync(p).isDirectory();
}

/** The `.ts` files directly in `dir`, largest first (ties by name), as root-relative paths. */
function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => ({ rel: `${dir}/${e.name}`, size: statSync(path.join(root, dir, e.name)).size }))
    .sort((x, y) => y.size - x.size || x.rel.localeCompare(y.rel))
    .map((f) => f.rel);
}
