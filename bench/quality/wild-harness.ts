/**
 * How five agent harnesses record the same work (wild.ts): each turns abstract actions (run a
 * command, read, edit, write, search, todo, memory, web search) into the chat messages that
 * harness would log. Cline/Roo and SWE-agent are in wild-harness-text.ts; the native-tool
 * harnesses here (Gemini CLI, Goose, Cursor) each have their own tool names, argument shapes,
 * result wrappers and path style.
 */
import type { ChatMessage } from '../../src/context/types';
import type { Rng } from './rng';
import type { ScriptedOutput } from './types';
import { Base, fence, joinLines, type Act, type Harness, type Project, type WildStyle } from './wild-harness-base';
import { Cline, SweAgent } from './wild-harness-text';
import { numbered } from './wild-outputs';
import { hex } from './wild-words';

export { WILD_STYLES, type Act, type Harness, type Project, type WildStyle } from './wild-harness-base';

/** Gemini CLI: run_shell_command, read_file, replace, write_file, write_todos, save_memory, google_web_search. */
class Gemini extends Base {
  style = 'gemini' as const;
  tools = [
    'run_shell_command',
    'read_file',
    'replace',
    'write_file',
    'search_file_content',
    'write_todos',
    'save_memory',
    'google_web_search',
  ];
  system(): string {
    return `You are an interactive CLI agent specializing in software engineering tasks. Your primary goal is to help users safely and efficiently, adhering strictly to the following instructions and utilizing your available tools.\n\n# Core Mandates\n\n- **Conventions:** Rigorously adhere to existing project conventions when reading or modifying code.\n- **Path Construction:** Before using any file system tool, you must construct the full absolute path for the file_path argument.\n\n# Operational Guidelines\n\n## Tone and Style (CLI Interaction)\n- **Concise & Direct:** Adopt a professional, direct, and concise tone.\n\nThe project's temporary directory is: /tmp/.gemini/${hex(this.rng, 16)}\nMy operating system is: ${this.p.windows ? 'win32' : 'linux'}\nI'm currently working in the directory: ${this.p.root}`;
  }
  protected call(a: Act): { name: string; args: Record<string, unknown>; result: string } {
    const out = (s: string) => JSON.stringify({ output: s });
    switch (a.t) {
      case 'shell':
        return {
          name: 'run_shell_command',
          args: { command: a.cmd, description: a.why ?? `Run ${a.cmd.split(' ')[0]}.` },
          result: out(
            `Command: ${a.cmd}\nDirectory: (root)\nStdout: ${a.out || '(empty)'}\nStderr: (empty)\nError: (none)\nExit Code: ${a.exit}\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: ${this.rng.int(1000, 90000)}`,
          ),
        };
      case 'read':
        return {
          name: 'read_file',
          args:
            a.from > 1
              ? { absolute_path: this.abs(a.path), offset: a.from - 1, limit: a.lines.length }
              : { absolute_path: this.abs(a.path) },
          result: out(
            a.lines.length < a.total
              ? `[File content truncated: showing lines ${a.from}-${a.from + a.lines.length - 1} of ${a.total} total lines. Use offset/limit parameters to view more.]\n${joinLines(a.lines)}`
              : joinLines(a.lines),
          ),
        };
      case 'edit':
        return {
          name: 'replace',
          args: {
            file_path: this.abs(a.path),
            instruction: a.instruction,
            old_string: joinLines(a.before),
            new_string: joinLines(a.after),
          },
          result: out(`Successfully modified file: ${this.abs(a.path)} (1 replacements).`),
        };
      case 'write':
        return {
          name: 'write_file',
          args: { file_path: this.abs(a.path), content: joinLines(a.lines) },
          result: out(`Successfully created and wrote to new file: ${this.abs(a.path)}.`),
        };
      case 'search':
        return {
          name: 'search_file_content',
          args: { pattern: a.pattern },
          result: out(
            `Found ${a.hits.split('\n').length} matches for pattern "${a.pattern}" in path ".":\n---\n${a.hits
              .split('\n')
              .map(
                (h) =>
                  `File: ${this.path(h.split(':')[0] ?? '')}\nL${h.split(':')[1]}: ${h.split(':').slice(2).join(':')}`,
              )
              .join('\n---\n')}\n---`,
          ),
        };
      case 'todo':
        return {
          name: 'write_todos',
          args: { todos: a.items.map((i) => ({ description: i.text, status: i.done ? 'completed' : 'pending' })) },
          result: out(
            `Successfully updated the todo list. The current list is now:\n${a.items.map((i, k) => `${k + 1}. [${i.done ? 'completed' : 'pending'}] ${i.text}`).join('\n')}`,
          ),
        };
      case 'memory':
        return {
          name: 'save_memory',
          args: { fact: a.fact },
          result: JSON.stringify({ success: true, message: `Okay, I've remembered that: "${a.fact}"` }),
        };
      case 'web':
        return {
          name: 'google_web_search',
          args: { query: a.query },
          result: out(`Web search results for "${a.query}":\n\n${a.out}`),
        };
    }
  }
}

/** Goose: MCP extensions (developer__shell, developer__text_editor, todo__write), results as MCP content arrays. */
class Goose extends Base {
  style = 'goose' as const;
  tools = [
    'developer__shell',
    'developer__text_editor',
    'todo__write',
    'memory__remember_memory',
    'computercontroller__web_search',
  ];
  override path(rel: string): string {
    return rel;
  }
  protected override abs(rel: string): string {
    return `${this.p.root}/${rel}`;
  }
  protected override id(): string {
    return `toolu_${hex(this.rng, 24)}`;
  }
  system(): string {
    return `You are a general-purpose AI agent called goose, created by Block, the parent company of Square, CashApp, and Tidal. goose is being developed as an open-source software project.\n\nThe current date is 2025-03-14.\n\n# Extensions\n\n## developer\ndeveloper supports resources: false\nThe developer extension gives you the capabilities to edit code files and run shell commands.\n\n## todo\n## memory\n\n# Response Guidelines\n\n- Use Markdown formatting for all responses.\n\nworking directory: ${this.p.root}`;
  }
  private mcp(text: string, status: 'ok' | 'error'): string {
    const items: unknown[] = [{ type: 'text', text, annotations: { audience: ['assistant'] } }];
    if (text.length < 1500) items.push({ type: 'text', text, annotations: { audience: ['user'], priority: 0.0 } });
    return JSON.stringify(status === 'error' ? items.slice(0, 1) : items);
  }
  protected call(a: Act): { name: string; args: Record<string, unknown>; result: string } {
    const lang = (p: string) => p.split('.').at(-1) ?? '';
    switch (a.t) {
      case 'shell':
        return {
          name: 'developer__shell',
          args: { command: a.cmd },
          result: this.mcp(a.exit ? `${a.out}\nCommand exited with status ${a.exit}` : a.out, a.exit ? 'error' : 'ok'),
        };
      case 'read':
        return {
          name: 'developer__text_editor',
          args: {
            command: 'view',
            path: this.abs(a.path),
            ...(a.lines.length < a.total ? { view_range: [a.from, a.from + a.lines.length - 1] } : {}),
          },
          result: this.mcp(`### ${this.abs(a.path)}\n${fence(numbered(a.lines, a.from, ': '), lang(a.path))}`, 'ok'),
        };
      case 'edit':
        return {
          name: 'developer__text_editor',
          args: {
            command: 'str_replace',
            path: this.abs(a.path),
            old_str: joinLines(a.before),
            new_str: joinLines(a.after),
          },
          result: this.mcp(
            `The file ${this.abs(a.path)} has been edited, and the section now reads:\n${fence(joinLines(a.after), lang(a.path))}\n\nReview the changes above for errors. Undo and edit the file again if necessary!`,
            'ok',
          ),
        };
      case 'write':
        return {
          name: 'developer__text_editor',
          args: { command: 'write', path: this.abs(a.path), file_text: joinLines(a.lines) },
          result: this.mcp(`Successfully wrote to ${this.abs(a.path)}`, 'ok'),
        };
      case 'search':
        return { name: 'developer__shell', args: { command: `rg -n '${a.pattern}'` }, result: this.mcp(a.hits, 'ok') };
      case 'todo':
        return {
          name: 'todo__write',
          args: { content: a.items.map((i) => `- [${i.done ? 'x' : ' '}] ${i.text}`).join('\n') },
          result: this.mcp(`Updated todo list (${a.items.length} items)`, 'ok'),
        };
      case 'memory':
        return {
          name: 'memory__remember_memory',
          args: { category: 'project', data: a.fact, tags: ['decision'], is_global: false },
          result: this.mcp(`Stored memory in category: project`, 'ok'),
        };
      case 'web':
        return { name: 'computercontroller__web_search', args: { query: a.query }, result: this.mcp(a.out, 'ok') };
    }
  }
}

/** Cursor: codebase_search, read_file with line ranges, edit_file with existing-code markers, run_terminal_cmd, parallel calls. */
class Cursor extends Base {
  style = 'cursor' as const;
  tools = [
    'codebase_search',
    'read_file',
    'edit_file',
    'run_terminal_cmd',
    'grep_search',
    'todo_write',
    'update_memory',
    'web_search',
  ];
  protected override id(): string {
    return `toolu_vrtx_01${hex(this.rng, 22)}`;
  }
  system(): string {
    return `You are an AI coding assistant, powered by GPT-5. You operate in Cursor.\n\nYou are pair programming with a USER to solve their coding task. Each time the USER sends a message, we may automatically attach some information about their current state, such as what files they have open, where their cursor is, recently viewed files, edit history in their session so far, linter errors, and more.\n\n<tool_calling>\n1. ALWAYS follow the tool call schema exactly as specified.\n2. Use parallel tool calls whenever you can.\n</tool_calling>\n\n<user_info>\nOS Version: ${this.p.windows ? 'win32 10.0.22631' : 'darwin 24.3.0'}\nShell: ${this.p.windows ? 'C:\\WINDOWS\\System32\\WindowsPowerShell\\v1.0\\powershell.exe' : '/bin/zsh'}\nWorkspace Path: ${this.p.root}\n</user_info>`;
  }
  override user(text: string, _first: boolean): ChatMessage {
    const open = this.rng.pick(this.p.files);
    return {
      role: 'user',
      content: `<additional_data>\nBelow are some potentially helpful pieces of information for responding to the user's request:\n\n<current_file>\nPath: ${this.path(open)}\nLine: ${this.rng.int(1, 300)}\n</current_file>\n</additional_data>\n\n<user_query>\n${text}\n</user_query>`,
    };
  }
  protected call(a: Act): { name: string; args: Record<string, unknown>; result: string } {
    switch (a.t) {
      case 'shell':
        return {
          name: 'run_terminal_cmd',
          args: {
            command: a.cmd,
            is_background: false,
            explanation: a.why ?? 'Run the command to check the current state.',
          },
          result: `Exit code: ${a.exit}\n\nCommand output:\n\n${fence(a.out)}\n\nCommand completed.\n\nThe previous shell command ended, so on the next invocation of this tool, you will be reusing the shell.\n\nOn the next terminal tool call, the directory of the shell will already be ${this.p.root}.`,
        };
      case 'read': {
        const to = a.from + a.lines.length - 1;
        return {
          name: 'read_file',
          args: {
            target_file: this.path(a.path),
            should_read_entire_file: false,
            start_line_one_indexed: a.from,
            end_line_one_indexed_inclusive: to,
            explanation: 'Read the relevant part of the file.',
          },
          result: `Contents of ${this.path(a.path)}, lines ${a.from}-${to} (${a.total === a.lines.length ? 'entire file' : `total ${a.total} lines`}):\n${fence(joinLines(a.lines))}${to < a.total ? `\n\n... ${a.total - to} lines not shown ...` : ''}`,
        };
      }
      case 'edit':
        return {
          name: 'edit_file',
          args: {
            target_file: this.path(a.path),
            instructions: a.instruction,
            code_edit: `// ... existing code ...\n${joinLines(a.after)}\n// ... existing code ...`,
          },
          result: `The apply model made the following changes to the file:\n\n${fence(`@@ -${a.line},${a.before.length} +${a.line},${a.after.length} @@\n${[...a.before.map((l) => `- ${l}`), ...a.after.map((l) => `+ ${l}`)].join('\n')}`)}`,
        };
      case 'write':
        return {
          name: 'edit_file',
          args: { target_file: this.path(a.path), instructions: 'Create the new file.', code_edit: joinLines(a.lines) },
          result: `The apply model made the following changes to the file:\n\n${fence(a.lines.map((l) => `+ ${l}`).join('\n'))}`,
        };
      case 'search':
        return this.rng.chance(0.5)
          ? {
              name: 'grep_search',
              args: { query: a.pattern, include_pattern: '*', explanation: 'Find every usage.' },
              result: a.hits
                .split('\n')
                .map(
                  (h) =>
                    `File: ${this.path(h.split(':')[0] ?? '')}\nLine ${h.split(':')[1]}: ${h.split(':').slice(2).join(':')}`,
                )
                .join('\n'),
            }
          : {
              name: 'codebase_search',
              args: { query: `Where is ${a.pattern} used?`, target_directories: [] },
              result: `Search results:\n\n${a.hits
                .split('\n')
                .map((h) =>
                  fence(h.split(':').slice(2).join(':'), `${this.path(h.split(':')[0] ?? '')}:${h.split(':')[1]}`),
                )
                .join('\n\n')}`,
            };
      case 'todo':
        return {
          name: 'todo_write',
          args: {
            merge: false,
            todos: a.items.map((i, k) => ({
              id: String(k + 1),
              content: i.text,
              status: i.done ? 'completed' : 'pending',
            })),
          },
          result:
            'Successfully updated TODOs. Make sure to follow and update your TODO list as you make progress. Cancel and add new TODO tasks as needed when the user makes a correction or follow-up request.',
        };
      case 'memory':
        return {
          name: 'update_memory',
          args: { title: 'Project decision', knowledge_to_store: a.fact, action: 'create' },
          result: 'Memory created successfully.',
        };
      case 'web':
        return {
          name: 'web_search',
          args: { search_term: a.query, explanation: 'Check the upstream docs.' },
          result: a.out,
        };
    }
  }
}

/** The harness for a style. */
export function harness(style: WildStyle, rng: Rng, p: Project, outputs: Map<string, ScriptedOutput>): Harness {
  switch (style) {
    case 'cline':
      return new Cline(rng, p, outputs);
    case 'sweagent':
      return new SweAgent(rng, p, outputs);
    case 'gemini':
      return new Gemini(rng, p, outputs);
    case 'goose':
      return new Goose(rng, p, outputs);
    case 'cursor':
      return new Cursor(rng, p, outputs);
  }
}
