/**
 * The two text-first harnesses of the wild family (wild-harness.ts): Cline/Roo Code (XML tool
 * tags inside assistant text, results in user messages with environment_details) and
 * SWE-agent (one bash tool taking ACI commands, file windows, DISCUSSION before each action).
 */
import type { ChatMessage } from '../../src/context/types';
import { Base, joinLines, type Act } from './wild-harness-base';
import { numbered } from './wild-outputs';

/** Cline / Roo Code: XML tool tags in assistant text, results as user messages, environment_details. */
export class Cline extends Base {
  style = 'cline' as const;
  tools: string[] = [];
  private readonly roo = this.rng.chance(0.5);
  private turn = 0;

  system(): string {
    return [
      'You are Cline, a highly skilled software engineer with extensive knowledge in many programming languages, frameworks, design patterns, and best practices.',
      '',
      '====',
      '',
      'TOOL USE',
      '',
      "You have access to a set of tools that are executed upon the user's approval. You can use one tool per message, and will receive the result of that tool use in the user's response.",
      '',
      '# Tool Use Formatting',
      '',
      'Tool use is formatted using XML-style tags. The tool name is enclosed in opening and closing tags, and each parameter is similarly enclosed within its own set of tags.',
      '',
      '## execute_command',
      'Parameters: command (required), requires_approval (required)',
      '## read_file',
      'Parameters: path (required)',
      '## write_to_file',
      'Parameters: path (required), content (required)',
      `## ${this.roo ? 'apply_diff' : 'replace_in_file'}`,
      'Parameters: path (required), diff (required)',
      '## search_files',
      'Parameters: path (required), regex (required), file_pattern (optional)',
      '## ask_followup_question',
      '## attempt_completion',
      this.roo ? '## update_todo_list' : '',
      '',
      `Current Working Directory: ${this.p.root}`,
    ].join('\n');
  }

  private env(): string {
    this.turn += 1;
    const tabs = this.rng.sample(this.p.files, this.rng.int(1, 5)).map((f) => this.path(f));
    const lines = [
      '<environment_details>',
      '# VSCode Visible Files',
      tabs[0] ?? '',
      '',
      '# VSCode Open Tabs',
      tabs.join(', '),
      '',
      '# Current Time',
      `3/${(this.turn % 27) + 1}/2025, ${(this.turn % 12) + 1}:${String(this.turn % 60).padStart(2, '0')}:00 PM (Europe/Berlin, UTC+1:00)`,
    ];
    if (this.turn === 1)
      lines.push(
        '',
        `# Current Working Directory (${this.p.root}) Files`,
        ...this.p.files.slice(0, 40).map((f) => this.path(f)),
      );
    lines.push(
      '',
      '# Context Window Usage',
      `${this.rng.int(10, 190)},${this.rng.int(100, 999)} / 200K tokens used (${this.rng.int(5, 95)}%)`,
      '',
      '# Current Mode',
      'ACT MODE',
      '</environment_details>',
    );
    return lines.join('\n');
  }

  override user(text: string, first: boolean): ChatMessage {
    return {
      role: 'user',
      content: `${first ? `<task>\n${text}\n</task>` : `<feedback>\n${text}\n</feedback>`}\n\n${this.env()}`,
    };
  }

  private tag(a: Act): { xml: string; head: string; result: string } {
    const p = (rel: string) => this.path(rel);
    switch (a.t) {
      case 'shell':
        return {
          xml: `<execute_command>\n<command>${a.cmd}</command>\n<requires_approval>false</requires_approval>\n</execute_command>`,
          head: `[execute_command for '${a.cmd}'] Result:`,
          result: this.roo
            ? `Command executed in terminal 1 within working directory '${this.p.root}'. Exit code: ${a.exit}\nOutput:\n${a.out}`
            : `Command executed.\nOutput:\n${a.out}`,
        };
      case 'read':
        return {
          xml: `<read_file>\n<path>${p(a.path)}</path>\n</read_file>`,
          head: `[read_file for '${p(a.path)}'] Result:`,
          result: this.roo
            ? `<file><path>${p(a.path)}</path>\n<content lines="${a.from}-${a.from + a.lines.length - 1}">\n${numbered(a.lines, a.from, ' | ')}\n</content>\n</file>`
            : joinLines(a.lines),
        };
      case 'edit': {
        const diff = this.roo
          ? `<<<<<<< SEARCH\n:start_line:${a.line}\n-------\n${joinLines(a.before)}\n=======\n${joinLines(a.after)}\n>>>>>>> REPLACE`
          : `------- SEARCH\n${joinLines(a.before)}\n=======\n${joinLines(a.after)}\n+++++++ REPLACE`;
        const tool = this.roo ? 'apply_diff' : 'replace_in_file';
        return {
          xml: `<${tool}>\n<path>${p(a.path)}</path>\n<diff>\n${diff}\n</diff>\n</${tool}>`,
          head: `[${tool} for '${p(a.path)}'] Result:`,
          result: this.roo
            ? `Changes successfully applied to ${p(a.path)}:\n\n`
            : `The content was successfully saved to ${p(a.path)}.\n\nHere is the full, updated content of the file that was saved:\n\n<final_file_content path="${p(a.path)}">\n${joinLines(a.after)}\n</final_file_content>\n\nIMPORTANT: For any future changes to this file, use the final_file_content shown above as your reference.`,
        };
      }
      case 'write':
        return {
          xml: `<write_to_file>\n<path>${p(a.path)}</path>\n<content>\n${joinLines(a.lines)}\n</content>\n</write_to_file>`,
          head: `[write_to_file for '${p(a.path)}'] Result:`,
          result: `The content was successfully saved to ${p(a.path)}.`,
        };
      case 'search':
        return {
          xml: `<search_files>\n<path>.</path>\n<regex>${a.pattern}</regex>\n</search_files>`,
          head: `[search_files for '${a.pattern}'] Result:`,
          result: `Found ${a.hits.split('\n').length} results.\n\n${a.hits
            .split('\n')
            .map((h) => `${h.split(':')[0]}\n│----\n│${h.split(':').slice(2).join(':')}\n│----`)
            .join('\n')}`,
        };
      case 'todo': {
        const list = a.items.map((i) => `[${i.done ? 'x' : ' '}] ${i.text}`).join('\n');
        return this.roo
          ? {
              xml: `<update_todo_list>\n<todos>\n${list}\n</todos>\n</update_todo_list>`,
              head: '[update_todo_list] Result:',
              result: 'Todo list updated successfully.',
            }
          : {
              xml: `<write_to_file>\n<path>memory-bank/progress.md</path>\n<content>\n# Progress\n\n${list.replace(/^\[/gm, '- [')}\n</content>\n</write_to_file>`,
              head: "[write_to_file for 'memory-bank/progress.md'] Result:",
              result: 'The content was successfully saved to memory-bank/progress.md.',
            };
      }
      case 'memory':
        return {
          xml: `<write_to_file>\n<path>memory-bank/activeContext.md</path>\n<content>\n# Active Context\n\n## Decisions\n- ${a.fact}\n</content>\n</write_to_file>`,
          head: "[write_to_file for 'memory-bank/activeContext.md'] Result:",
          result: 'The content was successfully saved to memory-bank/activeContext.md.',
        };
      case 'web':
        return {
          xml: `<use_mcp_tool>\n<server_name>brave-search</server_name>\n<tool_name>brave_web_search</tool_name>\n<arguments>\n{"query": "${a.query}"}\n</arguments>\n</use_mcp_tool>`,
          head: "[use_mcp_tool for 'brave-search'] Result:",
          result: a.out,
        };
    }
  }

  protected call(): never {
    throw new Error('cline has no native calls');
  }

  override step(prose: string | null, acts: readonly Act[]): ChatMessage[] {
    const out: ChatMessage[] = [];
    acts.forEach((a, i) => {
      const { xml, head, result } = this.tag(a);
      const think = i === 0 && prose ? `<thinking>\n${prose}\n</thinking>\n\n` : '';
      out.push({ role: 'assistant', content: `${think}${xml}` });
      out.push({ role: 'user', content: `${head}\n${result}\n\n${this.env()}` });
    });
    return out;
  }

  override ask(question: string, answer: string): ChatMessage[] {
    return [
      {
        role: 'assistant',
        content: `<ask_followup_question>\n<question>${question}</question>\n</ask_followup_question>`,
      },
      {
        role: 'user',
        content: `[ask_followup_question for '${question.slice(0, 60)}'] Result:\n<answer>\n${answer}\n</answer>\n\n${this.env()}`,
      },
    ];
  }

  override say(text: string): ChatMessage {
    return { role: 'assistant', content: `<thinking>\n${text}\n</thinking>` };
  }

  override finish(summary: string): ChatMessage[] {
    return [
      { role: 'assistant', content: `<attempt_completion>\n<result>\n${summary}\n</result>\n</attempt_completion>` },
    ];
  }
}

/** SWE-agent: one bash-like tool taking ACI commands, file windows, DISCUSSION before each action. */
export class SweAgent extends Base {
  style = 'sweagent' as const;
  tools = ['bash'];
  private open = 'n/a';

  override path(rel: string): string {
    return rel;
  }
  protected override abs(rel: string): string {
    return `/${this.p.name}/${rel}`;
  }
  system(): string {
    return [
      "SETTING: You are an autonomous programmer, and you're working directly in the command line with a special interface.",
      '',
      'The special interface consists of a file editor that shows you 100 lines of a file at a time.',
      'In addition to typical bash commands, you can also use the following commands to help you navigate and edit files.',
      '',
      'COMMANDS:',
      'open:\n  docstring: opens the file at the given path in the editor. If line_number is provided, the window will be move to include that line\n  signature: open "<path>" [<line_number>]',
      'goto:\n  docstring: moves the window to show <line_number>\n  signature: goto <line_number>',
      'search_dir:\n  docstring: searches for search_term in all files in dir. If dir is not provided, searches in the current directory\n  signature: search_dir <search_term> [<dir>]',
      'edit:\n  docstring: replaces lines <start_line> through <end_line> (inclusive) with the given text in the open file.\n  signature: edit <start_line>:<end_line>\n<replacement_text>\nend_of_edit',
      'create:\n  signature: create <filename>',
      'submit:\n  docstring: submits your current code and terminates the session',
      '',
      'RESPONSE FORMAT:',
      'Your shell prompt is formatted as follows:\n(Open file: <path>) <cwd> $',
      'You need to format your output using two fields; discussion and command.',
    ].join('\n');
  }
  override user(text: string, first: boolean): ChatMessage {
    if (!first) return { role: 'user', content: text };
    return {
      role: 'user',
      content: `We're currently solving the following issue within our repository. Here's the issue text:\nISSUE:\n${text}\n\nINSTRUCTIONS:\nNow, you're going to solve this issue on your own. Your terminal session has started and you're in the repository's root directory. You can use any bash commands or the special interface to help you. Edit all the files you need to and run any checks or tests that you want.\nRemember, YOU SHOULD ALWAYS INCLUDE EXACTLY ONE TOOL CALL/FUNCTION CALL PER RESPONSE.\nWhen you're satisfied with all of the changes you've made, you can submit your changes to the code base by simply running the submit command.\n\n(Open file: n/a)\n(Current directory: /${this.p.name})\nbash-$`,
    };
  }
  private window(rel: string, lines: readonly string[], from: number, total: number): string {
    const above = from - 1;
    const below = Math.max(0, total - (from - 1 + lines.length));
    return [
      `[File: ${this.abs(rel)} (${total} lines total)]`,
      above ? `(${above} more lines above)` : '',
      numbered(lines, from, ':'),
      below ? `(${below} more lines below)` : '',
    ]
      .filter(Boolean)
      .join('\n');
  }
  private footer(): string {
    return `\n(Open file: ${this.open})\n(Current directory: /${this.p.name})\nbash-$`;
  }
  protected call(a: Act): { name: string; args: Record<string, unknown>; result: string } {
    let command: string;
    let result: string;
    switch (a.t) {
      case 'shell':
        command = a.cmd;
        result = a.out;
        break;
      case 'read':
        command =
          a.from > 1 && this.open === this.abs(a.path) ? `goto ${a.from + 50}` : `open ${a.path} ${a.from + 50}`;
        this.open = this.abs(a.path);
        result = this.window(a.path, a.lines, a.from, a.total);
        break;
      case 'edit':
        command = `edit ${a.line}:${a.line + a.before.length - 1}\n${joinLines(a.after)}\nend_of_edit`;
        this.open = this.abs(a.path);
        result = `${this.window(a.path, a.after, a.line, a.total)}\nFile updated. Please review the changes and make sure they are correct (correct indentation, no duplicate lines, etc). Edit the file again if necessary.`;
        break;
      case 'write':
        command = `create ${a.path}`;
        this.open = this.abs(a.path);
        result = `[File: ${this.abs(a.path)} (1 lines total)]\n1:`;
        break;
      case 'search': {
        const files = a.hits.split('\n').map((h) => h.split(':')[0]);
        command = `search_dir "${a.pattern}"`;
        result = `Found ${files.length} matches for "${a.pattern}" in /${this.p.name}:\n${files.map((f) => `/${this.p.name}/${f} (1 matches)`).join('\n')}\nEnd of matches for "${a.pattern}" in /${this.p.name}`;
        break;
      }
      default:
        command = `echo "${a.t === 'memory' ? a.fact : a.t === 'todo' ? a.items.map((i) => i.text).join('; ') : a.query}"`;
        result = a.t === 'memory' ? a.fact : a.t === 'todo' ? a.items.map((i) => i.text).join('; ') : a.out;
    }
    return { name: 'bash', args: { command }, result: `${result}${this.footer()}` };
  }
  override step(prose: string | null, acts: readonly Act[]): ChatMessage[] {
    // One action per response: a step of several acts becomes several responses.
    return acts.flatMap((a, i) =>
      super.step(
        i === 0 ? `DISCUSSION\n${prose ?? 'Next command.'}\n` : 'DISCUSSION\nContinuing with the next command.\n',
        [a],
      ),
    );
  }
  override finish(summary: string): ChatMessage[] {
    return super.step(`DISCUSSION\n${summary}\n`, [
      { t: 'shell', cmd: 'submit', out: `diff --git a/${this.p.files[0]} b/${this.p.files[0]}`, exit: 0 },
    ]);
  }
}
