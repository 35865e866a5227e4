/**
 * The files a shell command writes. Agents that have only a shell (or prefer it) write files
 * with it: `cat > fix.py <<'EOF'`, `sed -i … src/app.py`, `echo … >> .env`, `tee`, `cp`/`mv` to a
 * target, `touch`, a patch fed to `apply_patch`, an inline script's `open(path, 'w')`. Read as a
 * command, every path in it is a file read, and the files the session changed are lost.
 *
 * Bounded and linear: a command is scanned a fixed number of times, heredoc bodies once.
 */
import { patchPaths } from './calls';
import { isPath } from './paths';

/** Characters of a command read (an inline script beyond this is not searched). */
const SCAN_CHARS = 64_000;
/** A heredoc's opening (`<<EOF`, `<< 'EOF'`, `<<-"END"`): its body runs to the delimiter's line. */
const HEREDOC = /<<-?[ \t]*(['"]?)([A-Za-z_][\w-]*)\1/g;
/** A redirection to a file (`> out.txt`, `>> log`, `2> err.log`, `&> all.log`, `>| f`); `>&2` and `2>&1` name none. */
const REDIRECT = /(?:^|[^<>&\d=-])(?:[12&]?>>?\|?)[ \t]*(['"]?)([^\s'"|;&<>()`$]+)\1/g;
/** Writes made by an inline script: `open('out.csv', 'w')`, `Path('x').write_text(`, `fs.writeFileSync('x'`. */
const SCRIPT_WRITE =
  /\bopen\(\s*(['"])([^'"\n]{1,300})\1\s*,\s*(?:mode\s*=\s*)?['"][^'"\n]*[wax]|\bPath\(\s*(['"])([^'"\n]{1,300})\3\s*\)\s*\.write_(?:text|bytes)\(|\b(?:writeFileSync|appendFileSync|writeFile|appendFile)\(\s*(['"`])([^'"`\n]{1,300})\5/g;
/** Programs whose path arguments are all written (`touch a b`, `tee -a log`). */
const WRITES_ALL = new Set(['touch', 'tee', 'truncate']);
/** Programs whose last path argument is written (`cp a b`, `mv a dir/b`, `install -m 644 a b`). */
const WRITES_LAST = new Set(['cp', 'mv', 'install', 'ln', 'rsync']);
/** Wrappers before the program (`sudo sed -i …`, `env X=1 tee …`). */
const WRAPPERS = new Set(['sudo', 'env', 'command', 'exec', 'nohup', 'time']);

/** The files `command` writes, in order of appearance, without repetitions. */
export function shellWrites(command: string): string[] {
  const text = command.length > SCAN_CHARS ? command.slice(0, SCAN_CHARS) : command;
  const { lines, bodies } = splitHeredocs(text);
  const out: string[] = [];
  const push = (path: string) => {
    if (path.startsWith('/dev/') || path.startsWith('/proc/') || out.includes(path)) return;
    if (isPath(path)) out.push(path);
  };
  for (const m of lines.matchAll(REDIRECT)) push(m[2] as string);
  for (const segment of lines.split(/&&|\|\||[;|\n]/)) segmentWrites(segment, push);
  // a patch fed to `apply_patch` (or `git apply`) names its files in its headers; a script its writes
  for (const body of [lines, ...bodies]) {
    for (const path of patchPaths(body)) push(path);
    for (const path of scriptWrites(body)) push(path);
  }
  return out;
}

/** The files a script's code writes (`open('out.csv', 'w')`, `Path(p).write_text(`, `writeFileSync(p`), in order. */
export function scriptWrites(code: string): string[] {
  const text = code.length > SCAN_CHARS ? code.slice(0, SCAN_CHARS) : code;
  const out: string[] = [];
  for (const m of text.matchAll(SCRIPT_WRITE)) {
    const path = (m[2] ?? m[4] ?? m[6]) as string;
    if (!out.includes(path) && isPath(path)) out.push(path);
  }
  return out;
}

/** The command's lines with each heredoc's body taken out (redirections inside a body are text), and the bodies. */
function splitHeredocs(text: string): { lines: string; bodies: string[] } {
  const bodies: string[] = [];
  let lines = '';
  let from = 0;
  HEREDOC.lastIndex = 0;
  for (let m = HEREDOC.exec(text); m; m = HEREDOC.exec(text)) {
    const start = text.indexOf('\n', m.index);
    if (start < 0) break;
    const delimiter = m[2] as string;
    // the body ends at the line that is the delimiter alone (tabs allowed before it: `<<-`)
    const end = new RegExp(`^\\t*${delimiter}[ \\t]*$`, 'gm');
    end.lastIndex = start + 1;
    const close = end.exec(text);
    const bodyEnd = close ? close.index : text.length;
    lines += text.slice(from, start + 1);
    bodies.push(text.slice(start + 1, bodyEnd));
    from = close ? bodyEnd + close[0].length : text.length;
    HEREDOC.lastIndex = from;
  }
  return { lines: lines + text.slice(from), bodies };
}

/** A shell word: a quoted string whole, else a run of non-space characters. */
const WORD = /'[^']*'|"(?:\\.|[^"\\])*"|[^\s'"]+(?:'[^']*'|"(?:\\.|[^"\\])*")?/g;

/** The files one simple command writes by its program: `sed -i`, `touch`, `tee`, `cp`/`mv` targets. */
function segmentWrites(segment: string, push: (path: string) => void): void {
  const words = segment.match(WORD) ?? [];
  let at = 0;
  while (at < words.length && (WRAPPERS.has(words[at] as string) || /^\w+=/.test(words[at] as string))) at += 1;
  const program = (words[at] ?? '').replace(/^.*\//, '');
  // any program's option that names the file it writes (`curl -o x.tar.gz`, `pandoc --output=report.pdf`):
  // the word after it, when it is a path (`ssh -o Opt=x`, `-o json` are none)
  for (let i = at + 1; i < words.length; i += 1) {
    const word = words[i] as string;
    const eq = OUTPUT_OPTION_EQ.exec(word);
    const target = eq ? eq[1] : OUTPUT_OPTION.test(word) ? words[i + 1] : undefined;
    if (target !== undefined) push(unquoted(target));
  }
  const inPlace = program === 'sed' || program === 'perl';
  if (!WRITES_ALL.has(program) && !WRITES_LAST.has(program) && !inPlace) return;
  const operands: string[] = [];
  let edits = false;
  let scripted = false;
  for (let i = at + 1; i < words.length; i += 1) {
    const word = words[i] as string;
    if (word === '-e' || word === '-f' || word === '--expression' || word === '--file') {
      scripted = true;
      i += 1; // the script (or its file), not an operand
    } else if (word.startsWith('-')) {
      if (/^-[a-zA-Z]*i/.test(word) || word.startsWith('--in-place')) edits = true;
    } else operands.push(unquoted(word));
  }
  if (WRITES_ALL.has(program)) for (const a of operands) push(a);
  else if (WRITES_LAST.has(program)) {
    if (operands.length >= 2) push(operands.at(-1) as string);
  } else if (edits) for (const a of scripted ? operands : operands.slice(1)) push(a); // else the first is the script
}

/** An option whose value is the file the program writes, and the same with its value after `=`. */
const OUTPUT_OPTION = /^(?:-o|--output|--out|--outfile|--output-file|--out-file|-out)$/;
const OUTPUT_OPTION_EQ = /^(?:--output|--out|--outfile|--output-file|--out-file)=(\S+)$/;

/** A shell word without its surrounding quotes. */
function unquoted(word: string): string {
  return word.replace(/^(['"])(.*)\1$/, '$2');
}
