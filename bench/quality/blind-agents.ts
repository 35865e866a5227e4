/**
 * The agent harnesses the blind family (blind.ts) imitates, each with its own tools, argument
 * shapes and result formats:
 * - `claude` (Claude-Code-like): Bash/Read/Edit/MultiEdit/Write/Grep/Glob/TodoWrite, absolute
 *   `file_path`, `old_string`/`new_string`, a todo list held in TodoWrite's arguments;
 * - `codex` (Codex-CLI-like): `shell` with a command array, `apply_patch` with a
 *   "*** Begin Patch" envelope (also sent through `shell` as `["apply_patch", patch]`),
 *   `update_plan`; every result wrapped as JSON `{"output": …, "metadata": …}`;
 * - `aider` (Aider-like): edits as SEARCH/REPLACE blocks in the assistant's text under the
 *   file's name, plans in `<plan>` tags, commands through `run_command`;
 * - `openhands` (OpenHands-like): `execute_bash`, `str_replace_editor` (view, create,
 *   str_replace), `think` whose argument holds the reasoning.
 */
import type { ScriptedOutput } from './types';
import type { Rng } from './rng';
import { numbered } from './blind-text';
import type { Names } from './blind-words';

export const STYLES = ['claude', 'codex', 'aider', 'openhands'] as const;
export type StyleName = (typeof STYLES)[number];

/** A tool call and what it returned. */
export interface CallSpec {
  name: string;
  args: Record<string, unknown>;
  result: ScriptedOutput;
}

/** What one action adds to an assistant message: text, a call, or both. */
export interface Act {
  text?: string;
  call?: CallSpec;
}

export interface PlanItem {
  text: string;
  status: 'done' | 'doing' | 'todo';
}

export interface Agent {
  readonly style: StyleName;
  readonly tools: string[];
  readonly system: string;
  /** Where the repository is checked out (paths in arguments are absolute in some harnesses). */
  readonly root: string;
  read(path: string, lines: readonly string[], start?: number): CallSpec;
  search(pattern: string, hits: readonly string[]): CallSpec;
  list(pattern: string, paths: readonly string[]): CallSpec;
  run(command: string, output: string, exitCode: number): CallSpec;
  edit(path: string, before: readonly string[], after: readonly string[], lang: string): Act;
  create(path: string, lines: readonly string[], lang: string): Act;
  plan(items: readonly PlanItem[], note?: string): Act;
  think(thought: string): Act;
}

const ok = (output: string): ScriptedOutput => ({ output, status: 'ok' });
const ran = (output: string, exitCode: number): ScriptedOutput => ({
  output,
  status: exitCode === 0 ? 'ok' : 'error',
  exitCode,
});

function systemPrompt(rng: Rng, lines: readonly string[]): string {
  return [...lines, '', `Today's date: 2024-05-${String(rng.int(10, 28))}. Platform: linux.`].join('\n');
}

class Claude implements Agent {
  readonly style = 'claude';
  readonly tools = ['Bash', 'Read', 'Edit', 'MultiEdit', 'Write', 'Grep', 'Glob', 'TodoWrite'];
  readonly root: string;
  readonly system: string;

  constructor(
    private readonly rng: Rng,
    n: Names,
  ) {
    this.root = `/Users/${n.people()}/code/${n.app}`;
    this.system = systemPrompt(rng, [
      'You are an interactive CLI tool that helps users with software engineering tasks. Use the instructions below and the tools available to you to assist the user.',
      '',
      '# Tone and style',
      'You should be concise, direct, and to the point. Minimize output tokens while maintaining helpfulness, quality, and accuracy.',
      '',
      '# Task Management',
      'Use the TodoWrite tool VERY frequently to track your tasks and give the user visibility into your progress. Mark todos as completed as soon as you are done with a task.',
      '',
      '# Tool usage policy',
      '- You can call multiple tools in a single response. When multiple independent pieces of information are requested, batch your tool calls together.',
      '- Always use Read before Edit; Edit fails if old_string is not unique in the file.',
      '',
      `<env>\nWorking directory: ${this.root}\nIs directory a git repo: Yes\n</env>`,
    ]);
  }
  private abs(p: string) {
    return `${this.root}/${p}`;
  }
  read(path: string, lines: readonly string[], start = 1): CallSpec {
    const args: Record<string, unknown> = { file_path: this.abs(path) };
    if (start > 1) Object.assign(args, { offset: start, limit: lines.length });
    return { name: 'Read', args, result: ok(numbered(lines, start, '→')) };
  }
  search(pattern: string, hits: readonly string[]): CallSpec {
    if (this.rng.chance(0.4)) {
      const files = [...new Set(hits.map((h) => h.split(':')[0]))];
      return {
        name: 'Grep',
        args: { pattern, output_mode: 'files_with_matches' },
        result: ok(`Found ${files.length} files\n${files.map((f) => this.abs(f ?? '')).join('\n')}`),
      };
    }
    return { name: 'Grep', args: { pattern, output_mode: 'content', '-n': true }, result: ok(hits.join('\n')) };
  }
  list(pattern: string, paths: readonly string[]): CallSpec {
    return { name: 'Glob', args: { pattern }, result: ok(paths.map((p) => this.abs(p)).join('\n')) };
  }
  run(command: string, output: string, exitCode: number): CallSpec {
    const description = command.split(' ').slice(0, 3).join(' ');
    return { name: 'Bash', args: { command, description: `Run ${description}` }, result: ran(output, exitCode) };
  }
  edit(path: string, before: readonly string[], after: readonly string[]): Act {
    const at = this.rng.int(5, 400);
    const result = ok(
      `The file ${this.abs(path)} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${numbered(after, at, '→')}`,
    );
    if (this.rng.chance(0.25) && before.length > 3) {
      const cut = Math.floor(before.length / 2);
      const edits = [
        { old_string: before.slice(0, cut).join('\n'), new_string: after.slice(0, cut).join('\n') },
        { old_string: before.slice(cut).join('\n'), new_string: after.slice(cut).join('\n') },
      ];
      return {
        call: {
          name: 'MultiEdit',
          args: { file_path: this.abs(path), edits },
          result: ok(
            `Applied 2 edits to ${this.abs(path)}:\n1. Replaced "${before[0]?.trim()}" with "${after[0]?.trim()}"\n2. Replaced "${before[cut]?.trim()}" with "${after[cut]?.trim()}"`,
          ),
        },
      };
    }
    return {
      call: {
        name: 'Edit',
        args: { file_path: this.abs(path), old_string: before.join('\n'), new_string: after.join('\n') },
        result,
      },
    };
  }
  create(path: string, lines: readonly string[]): Act {
    return {
      call: {
        name: 'Write',
        args: { file_path: this.abs(path), content: lines.join('\n') },
        result: ok(`File created successfully at: ${this.abs(path)}`),
      },
    };
  }
  plan(items: readonly PlanItem[], note?: string): Act {
    const status = { done: 'completed', doing: 'in_progress', todo: 'pending' } as const;
    const todos = items.map((it, i) => ({
      content: it.text,
      status: status[it.status],
      activeForm: `Working on: ${it.text.toLowerCase()}`,
      id: String(i + 1),
    }));
    return {
      ...(note ? { text: note } : {}),
      call: {
        name: 'TodoWrite',
        args: { todos },
        result: ok(
          'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable',
        ),
      },
    };
  }
  think(thought: string): Act {
    return { text: thought };
  }
}

class Codex implements Agent {
  readonly style = 'codex';
  readonly tools = ['shell', 'apply_patch', 'update_plan'];
  readonly root: string;
  readonly system: string;

  constructor(
    private readonly rng: Rng,
    n: Names,
  ) {
    this.root = `/home/dev/src/${n.app}`;
    this.system = systemPrompt(rng, [
      'You are Codex, a coding agent running in a terminal-based assistant. You are expected to be precise, safe, and helpful.',
      '',
      '## Planning',
      'Use `update_plan` to keep an up-to-date, step-by-step plan. Each step has a status: pending, in_progress or completed. Exactly one step is in_progress.',
      '',
      '## Editing',
      'Use `apply_patch` to edit files. The patch format is:',
      '*** Begin Patch\n*** Update File: path/to/file\n@@\n-old line\n+new line\n*** End Patch',
      '',
      '## Shell',
      '`shell` takes the command as an argv array, e.g. ["bash", "-lc", "rg -n foo"]. Prefer rg over grep.',
      '',
      `<environment_context>\n  <cwd>${this.root}</cwd>\n  <approval_policy>never</approval_policy>\n  <sandbox_mode>workspace-write</sandbox_mode>\n</environment_context>`,
    ]);
  }
  private wrap(output: string, exitCode: number): ScriptedOutput {
    const body = JSON.stringify({
      output,
      metadata: { exit_code: exitCode, duration_seconds: Number((this.rng.int(1, 900) / 100).toFixed(1)) },
    });
    return ran(body, exitCode);
  }
  private shell(command: string[], output: string, exitCode = 0): CallSpec {
    return {
      name: 'shell',
      args: { command, workdir: this.root, timeout_ms: 120000 },
      result: this.wrap(output, exitCode),
    };
  }
  read(path: string, lines: readonly string[], start = 1): CallSpec {
    return this.shell(['bash', '-lc', `sed -n '${start},${start + lines.length - 1}p' ${path}`], lines.join('\n'));
  }
  search(pattern: string, hits: readonly string[]): CallSpec {
    return this.shell(['rg', '-n', pattern], hits.join('\n'));
  }
  list(pattern: string, paths: readonly string[]): CallSpec {
    return this.shell(['rg', '--files', '-g', pattern], paths.join('\n'));
  }
  run(command: string, output: string, exitCode: number): CallSpec {
    return this.shell(['bash', '-lc', command], output, exitCode);
  }
  private patch(body: string, path: string, op: 'A' | 'M'): Act {
    const output = `Success. Updated the following files:\n${op} ${path}\n`;
    if (this.rng.chance(0.4)) return { call: this.shell(['apply_patch', body], output) };
    return { call: { name: 'apply_patch', args: { input: body }, result: this.wrap(output, 0) } };
  }
  edit(path: string, before: readonly string[], after: readonly string[]): Act {
    const body = [
      '*** Begin Patch',
      `*** Update File: ${path}`,
      `@@ ${before[0]?.trim() ?? ''}`,
      ...before.map((l) => `-${l}`),
      ...after.map((l) => `+${l}`),
      '*** End Patch',
    ].join('\n');
    return this.patch(body, path, 'M');
  }
  create(path: string, lines: readonly string[]): Act {
    return this.patch(
      ['*** Begin Patch', `*** Add File: ${path}`, ...lines.map((l) => `+${l}`), '*** End Patch'].join('\n'),
      path,
      'A',
    );
  }
  plan(items: readonly PlanItem[], note?: string): Act {
    const status = { done: 'completed', doing: 'in_progress', todo: 'pending' } as const;
    const args: Record<string, unknown> = { plan: items.map((it) => ({ step: it.text, status: status[it.status] })) };
    if (note) args['explanation'] = note;
    return { call: { name: 'update_plan', args, result: ok('Plan updated') } };
  }
  think(thought: string): Act {
    return { text: thought };
  }
}

class Aider implements Agent {
  readonly style = 'aider';
  readonly tools = ['run_command', 'view_files'];
  readonly root: string;
  readonly system: string;

  constructor(
    private readonly rng: Rng,
    n: Names,
  ) {
    this.root = `/home/${n.people()}/work/${n.app}`;
    this.system = systemPrompt(rng, [
      'Act as an expert software developer. Always use best practices when coding. Respect and use existing conventions, libraries, etc that are already present in the code base.',
      '',
      'Describe each change with a *SEARCH/REPLACE block* per the examples below.',
      '',
      '# *SEARCH/REPLACE block* Rules:',
      'Every *SEARCH/REPLACE block* must use this format:',
      '1. The *FULL* file path alone on a line, verbatim. No bold asterisks, no quotes around it, no escaping of characters, etc.',
      '2. The opening fence and code language, eg: ```python',
      '3. The start of search block: <<<<<<< SEARCH',
      '4. A contiguous chunk of lines to search for in the existing source code',
      '5. The dividing line: =======',
      '6. The lines to replace into the source code',
      '7. The end of the replace block: >>>>>>> REPLACE',
      '8. The closing fence: ```',
      '',
      'Keep a <plan> of what is done (- [x]) and what is left (- [ ]). Put design choices in <decision> tags.',
      'Use run_command to run shell commands and view_files to add files to the chat.',
    ]);
  }
  read(path: string, lines: readonly string[]): CallSpec {
    return { name: 'view_files', args: { paths: [path] }, result: ok(`${path}\n\`\`\`\n${lines.join('\n')}\n\`\`\``) };
  }
  search(pattern: string, hits: readonly string[]): CallSpec {
    return this.run(`git grep -n '${pattern}'`, hits.join('\n'), 0);
  }
  list(pattern: string, paths: readonly string[]): CallSpec {
    return this.run(`git ls-files '${pattern}'`, paths.join('\n'), 0);
  }
  run(command: string, output: string, exitCode: number): CallSpec {
    return { name: 'run_command', args: { command }, result: ran(output, exitCode) };
  }
  edit(path: string, before: readonly string[], after: readonly string[], lang: string): Act {
    return {
      text: `${path}\n\`\`\`${lang}\n<<<<<<< SEARCH\n${before.join('\n')}\n=======\n${after.join('\n')}\n>>>>>>> REPLACE\n\`\`\``,
    };
  }
  create(path: string, lines: readonly string[], lang: string): Act {
    return { text: `${path}\n\`\`\`${lang}\n<<<<<<< SEARCH\n=======\n${lines.join('\n')}\n>>>>>>> REPLACE\n\`\`\`` };
  }
  plan(items: readonly PlanItem[], note?: string): Act {
    const box = { done: '- [x]', doing: '- [ ] (in progress)', todo: '- [ ]' } as const;
    return {
      text: `${note ? `${note}\n\n` : ''}<plan>\n${items.map((it) => `${box[it.status]} ${it.text}`).join('\n')}\n</plan>`,
    };
  }
  think(thought: string): Act {
    return { text: thought };
  }
}

class OpenHands implements Agent {
  readonly style = 'openhands';
  readonly tools = ['execute_bash', 'str_replace_editor', 'think'];
  readonly root: string;
  readonly system: string;

  constructor(
    private readonly rng: Rng,
    n: Names,
  ) {
    this.root = `/workspace/${n.app}`;
    this.system = systemPrompt(rng, [
      'You are OpenHands agent, a helpful AI assistant that can interact with a computer to solve tasks.',
      '',
      '<ROLE>',
      'Your primary role is to assist users by executing commands, modifying code, and solving technical problems effectively.',
      '</ROLE>',
      '',
      '<EFFICIENCY>',
      '* Each action you take is somewhat expensive. Wherever possible, combine multiple actions into a single action.',
      '</EFFICIENCY>',
      '',
      '<FILE_SYSTEM_GUIDELINES>',
      '* When a user provides a file path, do NOT assume it is relative to the current working directory.',
      '* Use str_replace_editor with command "view" to read files, "create" for new files, "str_replace" to edit.',
      '</FILE_SYSTEM_GUIDELINES>',
      '',
      '<PROBLEM_SOLVING_WORKFLOW>',
      '1. EXPLORATION 2. ANALYSIS (use the think tool) 3. TESTING 4. IMPLEMENTATION 5. VERIFICATION',
      '</PROBLEM_SOLVING_WORKFLOW>',
    ]);
  }
  private abs(p: string) {
    return `${this.root}/${p}`;
  }
  private bash(command: string, output: string, exitCode: number): CallSpec {
    const tail = `\n[The command completed with exit code ${exitCode}.]\n[Current working directory: ${this.root}]\n[Python interpreter: /openhands/poetry/openhands-ai-5O4_aCHf-py3.12/bin/python]\n[Command finished with exit code ${exitCode}]`;
    return { name: 'execute_bash', args: { command, is_input: 'false' }, result: ran(output + tail, exitCode) };
  }
  read(path: string, lines: readonly string[], start = 1): CallSpec {
    const args: Record<string, unknown> = { command: 'view', path: this.abs(path) };
    if (start > 1) args['view_range'] = [start, start + lines.length - 1];
    return {
      name: 'str_replace_editor',
      args,
      result: ok(`Here's the result of running \`cat -n\` on ${this.abs(path)}:\n${numbered(lines, start, '\t')}`),
    };
  }
  search(pattern: string, hits: readonly string[]): CallSpec {
    return this.bash(`grep -rn "${pattern}" . --include='*' | head -100`, hits.map((h) => `./${h}`).join('\n'), 0);
  }
  list(pattern: string, paths: readonly string[]): CallSpec {
    return this.bash(
      `find . -path './node_modules' -prune -o -name '${pattern}' -print`,
      paths.map((p) => `./${p}`).join('\n'),
      0,
    );
  }
  run(command: string, output: string, exitCode: number): CallSpec {
    return this.bash(`cd ${this.root} && ${command}`, output, exitCode);
  }
  edit(path: string, before: readonly string[], after: readonly string[]): Act {
    const at = this.rng.int(5, 400);
    return {
      call: {
        name: 'str_replace_editor',
        args: { command: 'str_replace', path: this.abs(path), old_str: before.join('\n'), new_str: after.join('\n') },
        result: ok(
          `The file ${this.abs(path)} has been edited. Here's the result of running \`cat -n\` on a snippet of ${this.abs(path)}:\n${numbered(after, at, '\t')}\nReview the changes and make sure they are as expected. Edit the file again if necessary.`,
        ),
      },
    };
  }
  create(path: string, lines: readonly string[]): Act {
    return {
      call: {
        name: 'str_replace_editor',
        args: { command: 'create', path: this.abs(path), file_text: lines.join('\n') },
        result: ok(`File created successfully at: ${this.abs(path)}`),
      },
    };
  }
  plan(items: readonly PlanItem[], note?: string): Act {
    const mark = { done: 'DONE', doing: 'IN PROGRESS', todo: 'TODO' } as const;
    return this.think(
      `${note ? `${note}\n` : ''}Plan:\n${items.map((it, i) => `${i + 1}. [${mark[it.status]}] ${it.text}`).join('\n')}`,
    );
  }
  think(thought: string): Act {
    return { call: { name: 'think', args: { thought }, result: ok('Your thought has been logged.') } };
  }
}

/** The harness of `style`. */
export function agentFor(style: StyleName, rng: Rng, names: Names): Agent {
  switch (style) {
    case 'claude':
      return new Claude(rng, names);
    case 'codex':
      return new Codex(rng, names);
    case 'aider':
      return new Aider(rng, names);
    case 'openhands':
      return new OpenHands(rng, names);
  }
}
