/**
 * Harnesses of agents that do not work on a code repository (field-core.ts `Harness`): an
 * on-call SRE agent (kubectl, helm, terraform, cloud CLIs, Prometheus, alerts; shell results
 * come back as JSON envelopes), a data-analytics agent (SQL against a warehouse, notebook
 * cells), and a browser QA agent driving Playwright through MCP.
 */
import { abs, failed, type Act, type Harness } from './field-core';
import { anthropicId, asShell, openaiId } from './field-harness';

function envelope(out: string, code: number, ms: number, stderrOnFail = true): string {
  const ok = code === 0;
  return JSON.stringify({
    exit_code: code,
    stdout: ok || !stderrOnFail ? out : '',
    stderr: ok || !stderrOnFail ? '' : out,
    duration_ms: ms,
  });
}

const OPS_TOOLS = new Set(['kubectl', 'helm', 'terraform', 'aws', 'gcloud', 'az', 'flux', 'argocd', 'vault', 'psql']);

export const sre: Harness = {
  style: 'sre',
  system: (w) =>
    [
      `You are Beacon, the on-call operations agent for the ${w.name} platform team.`,
      'You help the human on-call investigate alerts, mitigate incidents and carry out routine infrastructure changes.',
      '',
      'Access:',
      '- kubectl and helm against the clusters listed in your kubeconfig (read access everywhere; write access only where RBAC allows).',
      '- terraform in the infra repository checked out at ' +
        w.root +
        ' (plan freely; apply only after a human approves in this thread).',
      '- the cloud CLI, Prometheus (prometheus_query), the alert manager and incident tool (get_alert, ack_alert), and a shell on the bastion.',
      '',
      'Rules:',
      '1. Mitigate first, then diagnose. Prefer reversible actions (rollback, scale, feature flag) over fixes under pressure.',
      '2. Any mutating command against production (apply, delete, scale, rollout restart, helm upgrade/rollback, terraform apply) needs an explicit "go" from a human in this thread. Say exactly what you will run before asking.',
      '3. Never print secrets. Redact tokens and passwords in anything you quote.',
      '4. Post a short status update to the incident channel after each significant finding (post_update).',
      '5. Keep a timeline: note UTC times of actions you take.',
      '6. When unsure whether a command is safe, ask.',
    ].join('\n'),
  user: (_w, text) => text,
  call: (w, [a]) => {
    const act = a as Act;
    const ms = w.rng.logInt(80, 40_000);
    switch (act.t) {
      case 'sh': {
        const [bin, ...rest] = act.cmd.split(' ');
        if (bin && OPS_TOOLS.has(bin) && !act.cmd.includes('|') && !act.cmd.includes('\n')) {
          const args: Record<string, unknown> = { command: rest.join(' ') };
          if (bin === 'kubectl' || bin === 'helm') args['context'] = w.scope;
          if (bin === 'terraform')
            args['workdir'] = w.rng.pick(['envs/prod', 'envs/prod/network', 'envs/prod/data', 'envs/staging']);
          return { name: bin, args, output: envelope(act.out, act.code ?? 0, ms) };
        }
        return {
          name: 'shell',
          args: { command: act.cmd, host: w.rng.pick(['bastion-1', 'bastion-1', 'local']), timeout_s: 120 },
          output: envelope(act.out, act.code ?? 0, ms),
        };
      }
      case 'read':
        return { name: 'read_file', args: { path: act.path }, output: act.text };
      case 'edit':
        return {
          name: 'edit_file',
          args: { path: act.path, find: act.old, replace: act.new },
          output: `Replaced 1 occurrence in ${act.path}.`,
        };
      case 'write':
        return {
          name: 'write_file',
          args: { path: act.path, content: act.text },
          output: `Wrote ${act.text.length} bytes to ${act.path}.`,
        };
      case 'tool':
        return { name: act.name, args: act.args, output: act.out };
      default: {
        const s = asShell(w, act);
        return {
          name: 'shell',
          args: { command: s.cmd, host: 'local', timeout_s: 60 },
          output: envelope(s.out, s.code, ms),
        };
      }
    }
  },
  say: (_w, text) => text ?? null,
  callId: (w) => openaiId(w),
};

export const analytics: Harness = {
  style: 'analytics',
  system: (w) =>
    [
      `You are a data analysis assistant embedded in the ${w.name} team's notebook workspace.`,
      'You can query the warehouse with SQL (run_sql), inspect schemas (list_tables, describe_table), run Python in the attached Jupyter kernel (execute_cell; pandas, numpy, matplotlib, scipy and statsmodels are installed), and read or write files in the project folder.',
      '',
      'Guidelines:',
      '- Look at the schema and a sample of rows before writing a non-trivial query.',
      '- Always state the date range, filters and definitions an answer depends on.',
      '- Prefer one query that answers the question over many; add LIMIT while exploring.',
      '- Keep intermediate results in dataframes in the kernel; do not re-query what you already have.',
      '- Charts: save them to the output folder and describe what they show in words.',
      '- Report numbers with their denominators. Say when a result is surprising and check it before reporting it.',
      `- The warehouse connection is \`${w.scope}\`. You have read access to the analytics and raw schemas, and write access to your own scratch schema only.`,
    ].join('\n'),
  user: (_w, text) => text,
  call: (w, [a]) => {
    const act = a as Act;
    switch (act.t) {
      case 'sql':
        return { name: 'run_sql', args: { sql: act.query, connection: act.db }, output: act.out };
      case 'cell': {
        const shown = act.code.split('\n').at(-1)?.startsWith('print(') ? act.out : `Out[${act.n}]:\n${act.out}`;
        return { name: 'execute_cell', args: { code: act.code }, output: act.ok ? shown : act.out };
      }
      case 'read':
        return { name: 'read_file', args: { path: act.path }, output: act.text };
      case 'write':
        return { name: 'write_file', args: { path: act.path, content: act.text }, output: `Saved ${act.path}` };
      case 'edit':
        return {
          name: 'edit_file',
          args: { path: act.path, old_text: act.old, new_text: act.new },
          output: `Updated ${act.path}`,
        };
      case 'tool':
        return { name: act.name, args: act.args, output: act.out };
      default: {
        const s = asShell(w, act);
        return { name: 'execute_cell', args: { code: `!${s.cmd.split('\n')[0]}` }, output: s.out };
      }
    }
  },
  say: (_w, text) => text ?? null,
  callId: (w) => openaiId(w),
};

function pageState(url: string, title: string, snapshot: string): string {
  return `- Page URL: ${url}\n- Page Title: ${title}\n- Page Snapshot:\n\`\`\`yaml\n${snapshot}\n\`\`\``;
}

/** The tool message of a Playwright MCP browser action. */
export function playwright(code: string | undefined, state?: { url: string; title: string; snapshot: string }): string {
  const parts: string[] = [];
  if (code) parts.push(`### Ran Playwright code\n\`\`\`js\n${code}\n\`\`\``);
  if (state) parts.push(`### Page state\n${pageState(state.url, state.title, state.snapshot)}`);
  return parts.join('\n\n');
}

export const browser: Harness = {
  style: 'browser',
  system: (w) =>
    [
      'You are a QA engineer agent. You test web applications through a real browser controlled with the Playwright MCP tools, and you can run commands and edit files in the test repository.',
      '',
      'How to work:',
      '- Use browser_snapshot (the accessibility tree) to find elements; refer to them by the `ref` it gives. Screenshots are for the report only.',
      '- After every navigation or action that changes the page, check the console for errors (browser_console_messages) when something looks wrong.',
      '- Reproduce a bug manually in the browser before writing or changing an automated test for it.',
      '- When writing Playwright tests, prefer role- and test-id-based locators over CSS selectors.',
      '- Record the exact steps, data used, and what you observed vs expected.',
      `- The test repository is at ${w.root}.`,
    ].join('\n'),
  user: (_w, text) => text,
  call: (w, [a]) => {
    const act = a as Act;
    switch (act.t) {
      case 'web': {
        const name = {
          navigate: 'browser_navigate',
          snapshot: 'browser_snapshot',
          click: 'browser_click',
          type: 'browser_type',
          console: 'browser_console_messages',
          network: 'browser_network_requests',
          wait: 'browser_wait_for',
        }[act.op];
        const args: Record<string, unknown> =
          act.op === 'navigate'
            ? { url: act.url }
            : act.op === 'click'
              ? { element: act.element, ref: act.ref }
              : act.op === 'type'
                ? { element: act.element, ref: act.ref, text: act.text, submit: false }
                : act.op === 'wait'
                  ? { text: act.text }
                  : {};
        return { name, args, output: act.out };
      }
      case 'sh':
        return {
          name: 'bash',
          args: { command: act.cmd },
          output: (act.code ?? 0) === 0 ? act.out : `${act.out}\n\nExit code: ${act.code}`,
        };
      case 'read':
        return { name: 'read_file', args: { path: abs(w, act.path) }, output: act.text };
      case 'edit':
        return {
          name: 'edit_file',
          args: { path: abs(w, act.path), old_string: act.old, new_string: act.new },
          output: 'OK',
        };
      case 'write':
        return { name: 'write_file', args: { path: abs(w, act.path), content: act.text }, output: 'OK' };
      case 'tool':
        return { name: act.name, args: act.args, output: act.out };
      default: {
        const s = asShell(w, act);
        return {
          name: 'bash',
          args: { command: s.cmd },
          output: failed(act) ? `${s.out}\n\nExit code: ${s.code}` : s.out,
        };
      }
    }
  },
  say: (_w, text) => text ?? null,
  callId: (w) => anthropicId(w),
};
