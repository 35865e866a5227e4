/**
 * How each imitated harness records a step (field-core.ts `Harness`): its tool names and
 * argument shapes, how its tool messages look, what the assistant says alongside.
 * smolagents and OpenCode here; Copilot and Zed in field-harness-ide.ts; the ops, analytics
 * and browser agents in field-harness-more.ts.
 */
import { abs, failed, type Act, type Harness, type World } from './field-core';
import { typecheckOk } from './field-code-runs';

const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function b62(w: World, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += B62[w.rng.int(0, B62.length - 1)];
  return s;
}
export const anthropicId = (w: World) => `toolu_01${b62(w, 22)}`;
export const openaiId = (w: World) => `call_${b62(w, 24)}`;

export function fence(path: string): string {
  const ext = path.split('.').pop() ?? '';
  const map: Record<string, string> = {
    ts: 'typescript',
    tsx: 'tsx',
    js: 'javascript',
    py: 'python',
    go: 'go',
    rs: 'rust',
    java: 'java',
    kt: 'kotlin',
    cs: 'csharp',
    rb: 'ruby',
    php: 'php',
    swift: 'swift',
    ex: 'elixir',
    exs: 'elixir',
    sql: 'sql',
    yaml: 'yaml',
    yml: 'yaml',
    json: 'json',
    tf: 'hcl',
    md: 'markdown',
    toml: 'toml',
    ipynb: 'json',
  };
  return map[ext] ?? '';
}

export function numbered(text: string, start = 1, width = 5, sep = '| '): string {
  return text
    .split('\n')
    .map((l, i) => `${String(start + i).padStart(width, '0')}${sep}${l}`)
    .join('\n');
}

/** A unified diff hunk for replacing `old` by `new` at a plausible line. */
export function hunk(w: World, old: string, nu: string): string {
  const at = w.rng.int(8, 400);
  const a = old.split('\n');
  const b = nu.split('\n');
  let same = 0;
  while (same < a.length && a[same] === b[same]) same++;
  return [
    `@@ -${at},${a.length} +${at},${b.length} @@`,
    ...a.slice(0, same).map((l) => ` ${l}`),
    ...a.slice(same).map((l) => `-${l}`),
    ...b.slice(same).map((l) => `+${l}`),
  ].join('\n');
}

/** The shell command a harness without the tool runs for an action, with its output. */
export function asShell(w: World, a: Act): { cmd: string; out: string; code: number } {
  switch (a.t) {
    case 'sh':
      return { cmd: a.cmd, out: a.out, code: a.code ?? 0 };
    case 'read':
      return {
        cmd: a.start ? `sed -n '${a.start},${a.start + a.text.split('\n').length - 1}p' ${a.path}` : `cat ${a.path}`,
        out: a.text,
        code: 0,
      };
    case 'grep':
      return {
        cmd: `grep -rn '${a.pattern}'${a.include ? ` --include='${a.include}'` : ''} .`,
        out: a.hits.join('\n'),
        code: a.hits.length ? 0 : 1,
      };
    case 'glob':
      return {
        cmd: `find . -path './${a.pattern.replace(/\*\*\//g, '*')}' | sort`,
        out: a.paths.map((p) => `./${p}`).join('\n'),
        code: 0,
      };
    case 'diag':
      return {
        cmd: typecheck(w),
        out: a.problems.length ? a.problems.join('\n') : typecheckOk(w.rng, w),
        code: a.problems.length ? 1 : 0,
      };
    case 'search':
      return {
        cmd: `rg -n '${a.query.split(' ')[0] ?? ''}'`,
        out: a.hits.map((h) => `${h.path}:${h.line}:${h.text}`).join('\n'),
        code: 0,
      };
    case 'edit':
      return {
        cmd: `python3 - <<'EOF'\nimport pathlib\np = pathlib.Path(${JSON.stringify(a.path)})\ns = p.read_text()\np.write_text(s.replace(${JSON.stringify(a.old)}, ${JSON.stringify(a.new)}, 1))\nEOF`,
        out: '',
        code: 0,
      };
    case 'write':
      return { cmd: `cat > ${a.path} <<'EOF'\n${a.text}\nEOF`, out: '', code: 0 };
    case 'todo':
      return {
        cmd: `cat > PLAN.md <<'EOF'\n${a.items.map((i) => `- [${i.status === 'completed' ? 'x' : ' '}] ${i.content}`).join('\n')}\nEOF`,
        out: '',
        code: 0,
      };
    default:
      return { cmd: 'true', out: 'out' in a ? a.out : '', code: failed(a) ? 1 : 0 };
  }
}

export function typecheck(w: World): string {
  const by: Record<string, string> = {
    ts: 'npx tsc --noEmit -p .',
    python: 'mypy .',
    go: 'go vet ./...',
    rust: 'cargo check',
    java: 'mvn -q compile',
    dotnet: 'dotnet build --no-restore',
    ruby: 'bundle exec srb tc',
    php: 'vendor/bin/phpstan analyse',
    swift: 'swift build',
    elixir: 'mix compile --warnings-as-errors',
  };
  return by[w.eco] ?? 'make check';
}

// ------------------------------------------------------------------ smolagents (CodeAct)

function py(s: string): string {
  return s.includes('\n') || s.includes('"')
    ? `"""${s.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"')}"""`
    : `"${s}"`;
}

function codeOf(w: World, a: Act): { code: string; logs: string; last: string; error?: string } {
  switch (a.t) {
    case 'sh':
      return {
        code: `result = run_shell(${py(a.cmd)})\nprint(result)`,
        logs: (a.code ?? 0) === 0 ? a.out : `${a.out}\n[exit status ${a.code}]`,
        last: 'None',
      };
    case 'read':
      return { code: `print(read_file(${py(a.path)}))`, logs: a.text, last: 'None' };
    case 'edit':
      return {
        code: `src = read_file(${py(a.path)})\nassert src.count(${py(a.old)}) == 1\nsrc = src.replace(${py(a.old)}, ${py(a.new)})\nwrite_file(${py(a.path)}, src)\nprint("patched", ${py(a.path)})`,
        logs: `patched ${a.path}`,
        last: 'None',
      };
    case 'write':
      return {
        code: `write_file(${py(a.path)}, ${py(a.text)})`,
        logs: '',
        last: `'wrote ${a.text.length} bytes to ${a.path}'`,
      };
    case 'cell': {
      if (!a.ok) return { code: a.code, logs: '', last: '', error: a.out };
      const printed = a.code.split('\n').at(-1)?.startsWith('print(');
      return { code: a.code, logs: printed ? a.out : '', last: printed ? 'None' : a.out };
    }
    case 'sql':
      return a.ok
        ? { code: `df = run_sql(${py(a.query)})\nprint(df.to_string(max_rows=40))`, logs: a.out, last: 'None' }
        : { code: `df = run_sql(${py(a.query)})`, logs: '', last: '', error: a.out };
    case 'tool':
      return {
        code: `out = ${a.name}(${Object.entries(a.args)
          .map(([k, v]) => `${k}=${typeof v === 'string' ? py(v) : JSON.stringify(v)}`)
          .join(', ')})\nprint(out)`,
        logs: a.out,
        last: 'None',
      };
    default: {
      const s = asShell({ eco: 'python', rng: w.rng, name: w.name, root: w.root } as World, a);
      return { code: `print(run_shell(${py(s.cmd)}))`, logs: s.out, last: 'None' };
    }
  }
}

/** A smolagents model always writes a thought; these fit the action it takes. */
function thought(w: World, a: Act): string {
  const by: Partial<Record<Act['t'], string[]>> = {
    sh: [
      'I will run this command and look at the output.',
      'Let me run it and see where things stand.',
      'Running the command to check the current state.',
    ],
    read: [
      'I need to see the current implementation before changing anything.',
      'Let me read this file.',
      'I will print the file to inspect it.',
    ],
    edit: ['Now I will patch the file with the change.', 'I will apply the fix in place.'],
    write: ['I will write the new file.'],
    grep: ['Let me search for where this is used.', 'I will grep for usages.'],
    sql: ['Let me query the warehouse for this.', 'I will pull the numbers with a query.'],
    cell: [
      'Let me inspect the dataframe.',
      'I will compute this in pandas.',
      'Now I will look at the result in more detail.',
    ],
  };
  return w.rng.pick(by[a.t] ?? ['Let me continue with the next step.', 'Next, I will check this.']);
}

export const smolagents: Harness = {
  style: 'smolagents',
  oneCall: true,
  system: (w) =>
    [
      'You are an expert assistant who can solve any task using code blobs. You will be given a task to solve as best you can.',
      'To do so, you have been given access to a list of tools: these tools are basically Python functions which you can call with code.',
      "To solve the task, you must plan forward to proceed in a series of steps, in a cycle of 'Thought:', 'Code:', and 'Observation:' sequences.",
      '',
      "At each step, in the 'Thought:' sequence, you should first explain your reasoning towards solving the task and the tools that you want to use.",
      "Then in the 'Code:' sequence, you should write the code in simple Python. The code sequence must end with '<end_code>' sequence.",
      'During each intermediate step, you can use print() to save whatever important information you will then need.',
      "These print outputs will then appear in the 'Observation:' field, which will be available as input for the next step.",
      'In the end you have to return a final answer using the `final_answer` tool.',
      '',
      'You only have access to these tools:',
      '- run_shell: Runs a shell command in the sandbox and returns combined stdout/stderr.',
      '    Takes inputs: {"command": {"type": "string", "description": "The command line."}}',
      '    Returns an output of type: string',
      '- read_file: Returns the text of a file.',
      '    Takes inputs: {"path": {"type": "string", "description": "Path relative to the workspace."}}',
      '- write_file: Overwrites a file with the given text.',
      '    Takes inputs: {"path": {"type": "string"}, "content": {"type": "string"}}',
      ...(w.domain === 'data'
        ? [
            '- run_sql: Runs a read-only SQL query on the warehouse and returns a pandas DataFrame.',
            '    Takes inputs: {"query": {"type": "string", "description": "A single SELECT statement."}}',
          ]
        : []),
      '- final_answer: Provides a final answer to the given problem.',
      '    Takes inputs: {"answer": {"type": "any", "description": "The final answer to the problem"}}',
      '',
      'Here are the rules you should always follow to solve your task:',
      "1. Always provide a 'Thought:' sequence, and a 'Code:\\n```py' sequence ending with '```<end_code>' sequence, else you will fail.",
      '2. Use only variables that you have defined!',
      "3. Don't name any new variable with the same name as a tool: for instance don't name a variable 'final_answer'.",
      '4. Never create any notional variables in our code, as having these in your logs will derail you from the true variables.',
      `5. You can use imports in your code, but only from the following list of modules: ['collections', 'datetime', 'itertools', 'json', 'math', 'numpy', 'pandas', 'pathlib', 're', 'statistics', 'time']`,
      '6. The state persists between code executions.',
      "7. Don't give up! You're in charge of solving the task, not providing directions to solve it.",
      '',
      'Now Begin!',
    ].join('\n'),
  user: (_w, text) => `New task:\n${text}`,
  call: (w, acts) => {
    const parts = acts.map((a) => codeOf(w, a));
    const code = parts.map((p) => p.code).join('\n\n');
    const err = parts.find((p) => p.error);
    if (err) {
      const logs = parts
        .slice(0, parts.indexOf(err))
        .map((p) => p.logs)
        .filter(Boolean)
        .join('\n');
      const line = err.code.split('\n').filter(Boolean).at(-1) ?? '';
      return {
        name: 'python_interpreter',
        args: { code },
        output:
          (logs ? `Execution logs:\n${logs}\n` : '') +
          `Error:\nCode execution failed at line '${line}' due to: ${err.error}\nNow let's retry: take care not to repeat previous errors! If you have retried several times, try a completely different approach.\n`,
      };
    }
    const logs = parts
      .map((p) => p.logs)
      .filter(Boolean)
      .join('\n');
    return {
      name: 'python_interpreter',
      args: { code },
      output: `Execution logs:\n${logs}\nLast output from code snippet:\n${parts.at(-1)?.last ?? 'None'}`,
    };
  },
  say: (w, text, acts) =>
    `Thought: ${text ?? thought(w, acts[0] as Act)}\nCode:\n\`\`\`py\n${acts.map((a) => codeOf(w, a).code).join('\n\n')}\n\`\`\`<end_code>`,
  callId: (_w, n) => `call_${n}`,
};

// ------------------------------------------------------------------ OpenCode (sst)

export const opencode: Harness = {
  style: 'opencode',
  todoTool: true,
  system: (w) =>
    [
      'You are opencode, an interactive CLI agent that helps users with software engineering tasks. Use the instructions below and the tools available to you to assist the user.',
      '',
      'IMPORTANT: Refuse to write code or explain code that may be used maliciously.',
      'When the user asks about opencode itself, use the webfetch tool to read https://opencode.ai/docs.',
      '',
      '# Tone and style',
      'You should be concise, direct, and to the point. Your output is displayed on a command line interface. Use GitHub-flavored markdown.',
      'Only use tools to complete tasks. Never use tools like bash or code comments as means to communicate with the user.',
      '',
      '# Task management',
      'Use the todowrite and todoread tools VERY frequently to plan and track tasks. Mark todos as completed as soon as you are done with a task; do not batch up completions.',
      '',
      '# Doing tasks',
      '- Use the search tools extensively to understand the codebase and the query.',
      '- Implement the solution using all tools available to you.',
      "- Verify the solution with the project's tests. NEVER assume a specific test framework; check the README or search the codebase.",
      '- When done, run the lint and typecheck commands if they were provided to you.',
      '- NEVER commit changes unless the user explicitly asks you to.',
      '',
      '# Code references',
      'When referencing specific functions or pieces of code include the pattern `file_path:line_number`.',
      '',
      'Here is some useful information about the environment you are running in:',
      '<env>',
      `  Working directory: ${w.root}`,
      '  Is directory a git repo: yes',
      '  Platform: linux',
      `  Today's date: ${w.clock.date()}`,
      '</env>',
      '<project>',
      ...w.files.slice(0, 40).map((f) => `  ${f}`),
      '</project>',
    ].join('\n'),
  user: (_w, text) => text,
  call: (w, [a]) => {
    const act = a as Act;
    switch (act.t) {
      case 'sh':
        return { name: 'bash', args: { command: act.cmd, description: act.why ?? 'Run command' }, output: act.out };
      case 'read': {
        const start = act.start ?? 1;
        const n = act.text.split('\n').length;
        const more =
          act.total && act.total > start + n - 1
            ? `\n\n(File has more lines. Use 'offset' parameter to read beyond line ${start + n - 1})`
            : '';
        return {
          name: 'read',
          args: { filePath: abs(w, act.path), ...(act.start ? { offset: act.start - 1, limit: n } : {}) },
          output: `<file>\n${numbered(act.text, start)}${more}\n</file>`,
        };
      }
      case 'edit':
        return {
          name: 'edit',
          args: { filePath: abs(w, act.path), oldString: act.old, newString: act.new },
          output: 'Edit applied successfully.',
        };
      case 'write':
        return {
          name: 'write',
          args: { filePath: abs(w, act.path), content: act.text },
          output: 'Wrote file successfully.',
        };
      case 'grep': {
        const byFile = new Map<string, string[]>();
        for (const h of act.hits) {
          const [p, line, ...rest] = h.split(':');
          byFile.set(p ?? '', [...(byFile.get(p ?? '') ?? []), `  Line ${line}: ${rest.join(':').trim()}`]);
        }
        const body = [...byFile].map(([p, ls]) => `${abs(w, p)}:\n${ls.join('\n')}`).join('\n\n');
        return {
          name: 'grep',
          args: { pattern: act.pattern, ...(act.include ? { include: act.include } : {}) },
          output: act.hits.length ? `Found ${act.hits.length} matches\n${body}` : 'No files found',
        };
      }
      case 'glob':
        return {
          name: 'glob',
          args: { pattern: act.pattern },
          output: act.paths.map((p) => abs(w, p)).join('\n') || 'No files found',
        };
      case 'todo': {
        const todos = act.items.map((t, i) => ({
          content: t.content,
          status: t.status,
          priority: t.priority ?? 'medium',
          id: String(i + 1),
        }));
        return { name: 'todowrite', args: { todos }, output: JSON.stringify(todos, null, 2) };
      }
      default: {
        const s = asShell(w, act);
        return { name: 'bash', args: { command: s.cmd, description: 'Run command' }, output: s.out };
      }
    }
  },
  say: (_w, text) => text ?? null,
  callId: (w) => anthropicId(w),
};
