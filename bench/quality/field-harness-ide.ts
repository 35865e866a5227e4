/**
 * Harnesses of agents that live in an editor (field-core.ts `Harness`): GitHub Copilot's agent
 * mode in VS Code (context blocks around the request, `...existing code...` edits, get_errors)
 * and the Zed agent panel (worktree-rooted paths, diff-bodied edit results, diagnostics).
 */
import { abs, type Act, type Harness, type World } from './field-core';
import { anthropicId, asShell, fence, hunk, openaiId } from './field-harness';

// ------------------------------------------------------------------ GitHub Copilot agent mode (VS Code)

export const copilot: Harness = {
  style: 'copilot',
  system: (w) =>
    [
      'You are an AI programming assistant.',
      'When asked for your name, you must respond with "GitHub Copilot".',
      "Follow the user's requirements carefully & to the letter.",
      'Keep your answers short and impersonal.',
      '<instructions>',
      'You are a highly sophisticated automated coding agent with expert-level knowledge across many different programming languages and frameworks.',
      "The user will ask a question, or ask you to perform a task, and it may require lots of research to answer correctly. There is a selection of tools that let you perform actions or retrieve helpful context to answer the user's question.",
      "If you can infer the project type (languages, frameworks, and libraries) from the user's query or the context that you have, make sure to keep them in mind when making changes.",
      "Don't make assumptions about the situation- gather context first, then perform the task or answer the question.",
      'Think creatively and explore the workspace in order to make a complete fix.',
      "Don't repeat yourself after a tool call, pick up where you left off.",
      'NEVER print out a codeblock with file changes unless the user asked for it. Use the insert_edit_into_file tool instead.',
      'NEVER print out a codeblock with a terminal command to run unless the user asked for it. Use the run_in_terminal tool instead.',
      '</instructions>',
      '<toolUseInstructions>',
      'When using a tool, follow the json schema very carefully and make sure to include ALL required properties.',
      'Always output valid JSON when using a tool.',
      'If a tool exists to do a task, use the tool instead of asking the user to manually take an action.',
      "Don't call the run_in_terminal tool multiple times in parallel. Instead, run one command and wait for the output before running the next command.",
      "After you have performed the user's task, if the user corrected something you did, expressed a coding preference, or communicated a fact that you need to remember, use the update_user_preferences tool to save their preferences.",
      '</toolUseInstructions>',
      '<editFileInstructions>',
      'Before you edit an existing file, make sure you either already have it in the provided context, or read it with the read_file tool, so that you can make proper changes.',
      'Use the insert_edit_into_file tool to edit files. When editing files, group your changes by file.',
      'After editing a file, you MUST call get_errors to validate the change. Fix the errors if they are relevant to your change or the prompt.',
      'Avoid repeating existing code, instead use a line comment with `...existing code...` to represent regions of unchanged code.',
      '</editFileInstructions>',
      `<workspace_info>\nThe workspace folder is ${w.root}.\n</workspace_info>`,
    ].join('\n'),
  user: (w, text) => {
    const file = w.files.length ? abs(w, w.rng.pick(w.files)) : w.root;
    const d = new Date(w.clock.tick(w.rng, 5));
    const date = d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    return [
      '<context>',
      `The current date is ${date}.`,
      `My current OS is: ${w.windows ? 'Windows' : w.rng.pick(['Linux', 'macOS'])}`,
      '</context>',
      '<editorContext>',
      `The user's current file is ${file}. `,
      '</editorContext>',
      '<reminder>',
      'When using the insert_edit_into_file tool, avoid repeating existing code, instead use a line comment with `...existing code...` to represent regions of unchanged code.',
      '</reminder>',
      '<userRequest>',
      text,
      '</userRequest>',
    ].join('\n');
  },
  call: (w, [a]) => {
    const act = a as Act;
    switch (act.t) {
      case 'sh':
        return {
          name: 'run_in_terminal',
          args: {
            command: act.cmd,
            explanation: act.why ?? 'Running the command in the terminal.',
            isBackground: false,
          },
          output:
            (act.out || 'Command produced no output') +
            ((act.code ?? 0) !== 0 ? `\nCommand exited with code ${act.code}` : ''),
        };
      case 'read': {
        const start = act.start ?? 1;
        const n = act.text.split('\n').length;
        const total = act.total ?? start + n - 1;
        return {
          name: 'read_file',
          args: {
            filePath: abs(w, act.path),
            startLineNumberBaseZero: start - 1,
            endLineNumberBaseZero: start + n - 2,
          },
          output: `File: \`${abs(w, act.path)}\`. Lines ${start} to ${start + n - 1} (${total} lines total): \n\`\`\`${fence(act.path)}\n${act.text}\n\`\`\``,
        };
      }
      case 'edit': {
        const c = act.path.endsWith('.py') || act.path.endsWith('.rb') || act.path.endsWith('.ex') ? '#' : '//';
        return {
          name: 'insert_edit_into_file',
          args: {
            filePath: abs(w, act.path),
            explanation: act.why,
            code: `${c} ...existing code...\n${act.new}\n${c} ...existing code...`,
          },
          output: `The following changes were made by the insert_edit_into_file tool to: ${abs(w, act.path)}\n\`\`\`${fence(act.path)}\n${act.new}\n\`\`\``,
        };
      }
      case 'write':
        return {
          name: 'create_file',
          args: { filePath: abs(w, act.path), content: act.text },
          output: `The following files were successfully edited:\n${abs(w, act.path)}`,
        };
      case 'diag':
        return {
          name: 'get_errors',
          args: { filePaths: [abs(w, act.path)] },
          output: act.problems.length
            ? `<errors path="${abs(w, act.path)}">\n${act.problems.join('\n')}\n</errors>`
            : `No errors found in ${abs(w, act.path)}`,
        };
      case 'search':
        return {
          name: 'semantic_search',
          args: { query: act.query },
          output: `Here are the most relevant code snippets for "${act.query}":\n\n${act.hits
            .map((h) => `${abs(w, h.path)}#L${h.line}-L${h.line + 2}:\n\`\`\`${fence(h.path)}\n${h.text}\n\`\`\``)
            .join('\n\n')}`,
        };
      case 'grep':
        return {
          name: 'grep_search',
          args: {
            query: act.pattern,
            isRegexp: /[\\[(|*]/.test(act.pattern),
            ...(act.include ? { includePattern: act.include } : {}),
          },
          output: act.hits.length
            ? `${act.hits.length} matches\n${act.hits
                .map((h) => {
                  const [p, line, ...rest] = h.split(':');
                  return `<match path="${abs(w, p ?? '')}" line=${line}>\n${rest.join(':')}\n</match>`;
                })
                .join('\n')}`
            : 'No matches found.',
        };
      case 'glob':
        return {
          name: 'file_search',
          args: { query: act.pattern },
          output: act.paths.length
            ? `${act.paths.length} total results\n${act.paths.map((p) => abs(w, p)).join('\n')}`
            : 'No files found.',
        };
      default: {
        const s = asShell(w, act);
        return {
          name: 'run_in_terminal',
          args: { command: s.cmd, explanation: 'Running the command.', isBackground: false },
          output: s.out,
        };
      }
    }
  },
  say: (_w, text) => text ?? null,
  callId: (w) => openaiId(w),
};

// ------------------------------------------------------------------ Zed agent panel

const zedPath = (w: World, rel: string) => `${w.name}/${rel}`;

export const zed: Harness = {
  style: 'zed',
  system: (w) =>
    [
      'You are a highly skilled software engineer with extensive knowledge in many programming languages, frameworks, design patterns, and best practices.',
      '',
      '## Communication',
      '',
      '1. Be conversational but professional.',
      '2. Refer to the user in the second person and yourself in the first person.',
      '3. Format your responses in markdown. Use backticks to format file, directory, function, and class names.',
      '4. NEVER lie or make things up.',
      '5. Refrain from apologizing all the time when results are unexpected.',
      '',
      '## Tool Use',
      '',
      '1. Make sure to adhere to the tools schema.',
      '2. Provide every required argument.',
      '3. DO NOT use tools to access items that are already available in the context section.',
      '4. Use only the tools that are currently available.',
      '5. DO NOT use a tool that is not available just because it appears in the conversation.',
      '',
      '## Searching and Reading',
      '',
      "If you are unsure how to fulfill the user's request, gather more information with tool calls and/or clarifying questions.",
      `- The project's root directories are: ${w.name}. Paths you pass to tools must start with one of them.`,
      '- Bias towards not asking the user for help if you can find the answer yourself.',
      '',
      '## Fixing Diagnostics',
      '',
      '1. Make 1-2 attempts at fixing diagnostics, then defer to the user.',
      "2. Never simplify code you've written just to solve diagnostics. Complete, mostly correct code is more valuable than perfect code that doesn't solve the problem.",
      '',
      '## System Information',
      '',
      `Operating System: ${w.rng.pick(['macos', 'linux'])}`,
      `Default Shell: ${w.rng.pick(['/bin/zsh', '/bin/bash', '/opt/homebrew/bin/fish'])}`,
    ].join('\n'),
  user: (_w, text) => text,
  call: (w, [a]) => {
    const act = a as Act;
    switch (act.t) {
      case 'sh': {
        const body = `\`\`\`\n${act.out}\n\`\`\``;
        return {
          name: 'terminal',
          args: { command: act.cmd, cd: w.name },
          output:
            (act.code ?? 0) !== 0
              ? `Command "${act.cmd}" failed with exit code ${act.code}.\n\n${body}`
              : act.out
                ? body
                : 'Command executed successfully.',
        };
      }
      case 'read':
        return {
          name: 'read_file',
          args: {
            path: zedPath(w, act.path),
            ...(act.start ? { start_line: act.start, end_line: act.start + act.text.split('\n').length - 1 } : {}),
          },
          output: act.text,
        };
      case 'edit':
        return {
          name: 'edit_file',
          args: { display_description: act.why, path: zedPath(w, act.path), mode: 'edit' },
          output: `Edited ${zedPath(w, act.path)}:\n\n\`\`\`diff\n${hunk(w, act.old, act.new)}\n\`\`\``,
        };
      case 'write':
        return {
          name: 'edit_file',
          args: { display_description: act.why, path: zedPath(w, act.path), mode: 'create' },
          output: `Created ${zedPath(w, act.path)}:\n\n\`\`\`diff\n@@ -0,0 +1,${act.text.split('\n').length} @@\n${act.text
            .split('\n')
            .map((l) => `+${l}`)
            .join('\n')}\n\`\`\``,
        };
      case 'diag':
        return {
          name: 'diagnostics',
          args: { path: zedPath(w, act.path) },
          output: act.problems.length ? act.problems.join('\n') : "File doesn't have errors or warnings!",
        };
      case 'grep': {
        const byFile = new Map<string, string[]>();
        for (const h of act.hits) {
          const [p, line, ...rest] = h.split(':');
          byFile.set(p ?? '', [...(byFile.get(p ?? '') ?? []), `### L${line}\n\`\`\`\n${rest.join(':')}\n\`\`\``]);
        }
        return {
          name: 'grep',
          args: { regex: act.pattern, ...(act.include ? { include_pattern: act.include } : {}), offset: 0 },
          output: act.hits.length
            ? `Found ${act.hits.length} matches:\n\n${[...byFile].map(([p, ls]) => `## Matches in ${zedPath(w, p)}\n\n${ls.join('\n\n')}`).join('\n\n')}`
            : 'No matches found',
        };
      }
      case 'glob':
        return {
          name: 'find_path',
          args: { glob: `${w.name}/${act.pattern}` },
          output: act.paths.length
            ? `Found ${act.paths.length} total matches.\n${act.paths.map((p) => zedPath(w, p)).join('\n')}`
            : 'No matches found',
        };
      case 'todo':
        return {
          name: 'thinking',
          args: { content: act.items.map((i, n) => `${n + 1}. ${i.content}`).join('\n') },
          output: 'Finished thinking.',
        };
      default: {
        const s = asShell(w, act);
        return {
          name: 'terminal',
          args: { command: s.cmd, cd: w.name },
          output: s.out ? `\`\`\`\n${s.out}\n\`\`\`` : 'Command executed successfully.',
        };
      }
    }
  },
  say: (_w, text) => text ?? null,
  callId: (w) => anthropicId(w),
};
