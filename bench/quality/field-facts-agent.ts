/**
 * Facts the field family's agents meet while working — failures in tool output, files they
 * read and change, decisions and plans they state (in prose, numbered plans, todo-list tool
 * calls, code comments), next steps they leave open, values they find in output and use —
 * each planted as a short episode of steps between ordinary work.
 */
import { claim, word, type Act, type Builder, type TodoItem, type World } from './field-core';
import { sourceText } from './field-code';
import { passingRun } from './field-code-runs';
import { failureFor } from './field-errors';
import { NOUNS, VERBS, cap, past } from './field-names';
import { found, type Found } from './field-outputs';
import { commentPrefix, cwPath, decision, pending, type Decision, type Pending } from './field-say-agent';

export interface Ctx {
  b: Builder;
  w: World;
  avoid: Set<string>;
  filler: () => { text?: string; acts: Act[] };
}

/** A filler step in the harness (the filler's own narration). */
export function fillerStep(c: Ctx): void {
  const f = c.filler();
  c.b.step(f.text, f.acts);
}

/** Some lines of whatever the file holds (source, config, SQL, spec). */
function body(c: Ctx, path: string, lines: number): string {
  if (/\.(ya?ml)$/.test(path))
    return Array.from(
      { length: lines },
      () => `${c.w.rng.pick(NOUNS)}_${c.w.rng.pick(NOUNS)}: ${c.w.rng.int(1, 500)}`,
    ).join('\n');
  if (/\.tf$/.test(path))
    return Array.from(
      { length: Math.ceil(lines / 4) },
      () =>
        `resource "aws_${c.w.rng.pick(NOUNS)}" "${c.w.rng.pick(NOUNS)}" {\n  name  = "${c.w.rng.pick(NOUNS)}"\n  count = ${c.w.rng.int(1, 4)}\n}`,
    ).join('\n');
  if (/\.sql$/.test(path))
    return [
      'with base as (',
      '    select * from analytics.fct_orders',
      "    where status = 'paid'",
      ')',
      "select date_trunc('week', ordered_at) as week, count(*) from base group by 1",
    ].join('\n');
  if (/\.md$/.test(path))
    return `# ${cap(c.w.rng.pick(NOUNS))}\n\n${Array.from({ length: lines }, () => `- ${c.w.rng.pick(VERBS)} the ${c.w.rng.pick(NOUNS)}`).join('\n')}`;
  if (/\.(json|ipynb)$/.test(path))
    return JSON.stringify({ cells: [], metadata: { kernelspec: { name: 'python3' } }, nbformat: 4 }, null, 1);
  return sourceText(c.w.rng, c.w.domain === 'code' ? c.w.eco : 'ts', lines);
}

function tail(text: string, n: number): string {
  return text.split('\n').slice(-n).join('\n');
}

/** An error in a tool's output; the agent names it, looks into it, sometimes fixes it. */
export function plantError(c: Ctx): boolean {
  const { b, w } = c;
  // An error code names one failure only: a failure repeating another's code is skipped.
  let f = failureFor(w.rng, w, word(w));
  for (let i = 0; i < 8 && [...w.taken].some((t) => 'out' in f.act && f.act.out.includes(t)); i++)
    f = failureFor(w.rng, w, word(w));
  const needle = f.needles.find((n) => claim(w, n));
  if (!needle) return false;
  // A failing test is often one line in a long run of passing ones.
  if (f.act.t === 'sh' && w.domain === 'code' && /test|spec|unit/.test(f.act.cmd) && w.rng.chance(0.4)) {
    const passing = passingRun(w.rng, w, w.rng.sample(w.files, w.rng.int(10, 60))).split('\n');
    f.act.out = `${passing.slice(0, -2).join('\n')}\n${f.act.out}`;
  }
  b.begin();
  const runText =
    f.lead ?? w.rng.pick([undefined, 'Running it again with the change.', 'Let me run the checks.', 'Trying it.']);
  const with2 = w.rng.chance(0.25) && !b.h.oneCall ? [c.filler().acts[0] as Act] : [];
  b.step(runText, [f.act, ...with2]);
  b.fact('error', needle, `error/${f.label}`);
  const cite = w.rng.chance(0.6);
  const look = c.filler().acts;
  b.step(
    cite
      ? w.rng.pick([
          `That fails with \`${needle}\`. Looking into why.`,
          `\`${needle}\` — so it's not what I assumed. Checking the surrounding code.`,
          `Failure: ${needle}. I'll dig into it before touching anything else.`,
        ])
      : w.rng.pick(['Hm, that failed. Checking why.', 'Not what I expected.', undefined]),
    look,
  );
  if (w.rng.chance(0.4)) fillerStep(c);
  b.end();
  return true;
}

/** A file the agent reads and changes, creates, or finds in a trace or diff. */
export function plantFile(c: Ctx): boolean {
  const { b, w } = c;
  const cw = word(w);
  const path = cwPath(w, cw);
  if (!claim(w, path)) return false;
  const form = w.rng.pick(['edit', 'edit', 'new', 'grep']);
  b.begin();
  const text = body(c, path, w.rng.logInt(20, 240));
  if (form === 'new') {
    b.step(w.rng.pick([`Creating \`${path}\` for this.`, 'Adding a new file for it.', undefined]), [
      { t: 'write', path, text, why: `Add ${cw} module` },
    ]);
  } else {
    if (form === 'grep') {
      const term = `${cw}${cap(w.rng.pick(NOUNS))}`;
      b.step('Where is this defined?', [
        {
          t: 'grep',
          pattern: term,
          hits: [
            `${path}:${w.rng.int(3, 200)}:  ${term}(`,
            ...c.w.files.slice(0, w.rng.int(0, 3)).map((f) => `${f}:${w.rng.int(3, 200)}:  ${term}(`),
          ],
        },
      ]);
    }
    b.step(w.rng.pick([`Reading \`${path}\`.`, undefined]), [{ t: 'read', path, text }]);
    const old = tail(text, 3);
    b.step(w.rng.pick([`Changing \`${path}\`.`, 'Making the change.', undefined]), [
      {
        t: 'edit',
        path,
        old,
        new: `${old}\n${commentPrefix(path)} ${w.rng.pick(VERBS)} ${w.rng.pick(NOUNS)} before returning`,
        why: `${cap(w.rng.pick(VERBS))} ${w.rng.pick(NOUNS)}`,
      },
    ]);
  }
  b.fact('file', path, `file/${form}-${w.domain}`);
  if (w.rng.chance(0.6)) fillerStep(c);
  b.end();
  return true;
}

function implement(c: Ctx, d: Decision, comment: boolean): Act {
  const text = body(c, d.path, c.w.rng.int(8, 40));
  const old = tail(text, 2);
  const note = comment
    ? `${commentPrefix(d.path)} ${c.w.rng.pick(['Decision:', 'NOTE:', 'Design:'])} ${d.line.replace(/`/g, '')}\n`
    : '';
  return { t: 'edit', path: d.path, old, new: `${old}\n${note}${d.code}`, why: d.line.replace(/`/g, '') };
}

/** A decision stated in prose, carried out in an edit, or recorded in a code comment. */
export function plantDecision(c: Ctx): boolean {
  const { b, w } = c;
  const d = decision(w, c.avoid);
  if (!d) return false;
  const form = w.rng.pick(['prose', 'prose', 'comment', 'comment-only']);
  b.begin();
  if (form === 'prose') {
    b.step(d.prose, [implement(c, d, false)]);
  } else if (form === 'comment') {
    b.step(w.rng.pick(['Making the change, with a note on why.', undefined]), [implement(c, d, true)]);
  } else {
    b.step(d.prose, c.filler().acts);
  }
  b.fact('decision', d.needle, `decision/${form}-${d.style}`);
  b.end();
  return true;
}

function todoItems(c: Ctx, special: { content: string; status: TodoItem['status'] }[]): TodoItem[] {
  const r = c.w.rng;
  const items: TodoItem[] = Array.from({ length: r.int(2, 6) }, (_, i) => ({
    content: `${cap(r.pick(VERBS))} ${r.pick(NOUNS)} ${r.pick(['handling', 'tests', 'config', 'types', 'docs', 'checks'])}`,
    status: i === 0 ? 'completed' : r.pick(['completed', 'pending', 'in_progress'] as const),
    priority: r.pick(['high', 'medium', 'low'] as const),
  }));
  for (const s of special)
    items.splice(r.int(1, items.length), 0, { ...s, priority: r.pick(['high', 'medium'] as const) });
  return items;
}

/** A plan: numbered prose, a todo-list tool call, or a smolagents planning step; with a decision and a pending step. */
export function plantPlan(c: Ctx): boolean {
  const { b, w } = c;
  const d = w.rng.chance(0.6) ? decision(w, c.avoid) : undefined;
  const p = pending(w, c.avoid);
  if (!p && !d) return false;
  const lines = [
    `${cap(w.rng.pick(VERBS))} the ${w.rng.pick(NOUNS)} ${w.rng.pick(['path', 'tests', 'config'])}`,
    ...(d ? [d.line] : []),
    `${cap(w.rng.pick(VERBS))} ${w.rng.pick(NOUNS)} ${w.rng.pick(['checks', 'handling', 'docs'])}`,
    ...(p ? [p.item] : []),
  ];
  b.begin();
  let form: string;
  if (b.h.todoTool && w.rng.chance(0.8)) {
    form = 'todo-tool';
    const special = [
      ...(d ? [{ content: d.line.replace(/`/g, ''), status: 'in_progress' as const }] : []),
      ...(p ? [{ content: p.item.replace(/`/g, ''), status: 'pending' as const }] : []),
    ];
    b.step(w.rng.pick([undefined, 'Updating the todo list.']), [{ t: 'todo', items: todoItems(c, special) }]);
  } else if (b.h.oneCall) {
    form = 'planning-step';
    b.reply(
      `Here are the facts I know and the plan of action that I will follow to solve the task:\n\`\`\`\n## 1. Facts survey\n### 1.1. Facts given in the task\n- see task\n\n## 2. Plan\n${lines.map((l, i) => `${i + 1}. ${l.replace(/`/g, '')}`).join('\n')}\n\n<end_plan>\n\`\`\``,
    );
    b.user('Now proceed and carry out this plan.');
  } else if (b.h.style === 'zed' && w.rng.chance(0.6)) {
    form = 'thinking-tool';
    b.step(undefined, [
      { t: 'todo', items: lines.map((l) => ({ content: l.replace(/`/g, ''), status: 'pending' as const })) },
    ]);
  } else {
    form = w.rng.pick(['numbered', 'checklist']);
    const list =
      form === 'numbered'
        ? lines.map((l, i) => `${i + 1}. ${l}`)
        : lines.map((l, i) => `- [${i === 0 ? 'x' : ' '}] ${l}`);
    b.step(
      `${w.rng.pick(['Plan:', "Here's how I'll approach it:", 'Progress so far and what is left:'])}\n\n${list.join('\n')}`,
      c.filler().acts,
    );
  }
  const needleOf = (s: string) => s;
  if (d) b.fact('decision', needleOf(d.needle), `decision/${form}-${d.style}`);
  if (p) b.fact('pending', needleOf(p.needle), `pending/${form}-${p.style}`);
  b.end();
  return true;
}

/** A next step the agent says it will take (mid-turn, in prose or a TODO comment), then does other work. */
export function plantPending(c: Ctx): boolean {
  const { b, w } = c;
  const p = pending(w, c.avoid);
  if (!p) return false;
  b.begin();
  const form = w.domain === 'code' && w.rng.chance(0.3) ? 'code-todo' : 'next';
  if (form === 'code-todo') {
    const path = w.rng.pick(w.files);
    const text = body(c, path, 12);
    b.step('Leaving a marker for the follow-up.', [
      {
        t: 'edit',
        path,
        old: tail(text, 2),
        new: `${tail(text, 2)}\n${commentPrefix(path)} TODO: ${p.next.replace(/`/g, '')}`,
        why: 'Mark follow-up',
      },
    ]);
  } else {
    b.step(
      `${w.rng.pick(['That part works.', 'Okay, that is in place.', 'Good.', ''])} ${p.next}`.trim(),
      c.filler().acts,
    );
  }
  b.fact('pending', p.needle, `pending/${form}-${p.style}`);
  b.end();
  return true;
}

/** A value seen in tool output and used right after. */
export function plantFound(c: Ctx): boolean {
  const { b, w } = c;
  const f = found(w.rng, w);
  if (!f) return false;
  b.begin();
  // Often the agent relies on the value without restating it: it then lives only in the output.
  const quiet = f.quiet && w.rng.chance(0.45);
  b.step(f.see.text, f.see.acts);
  b.fact('value', f.needle, `value/${quiet ? 'only-output' : 'output'}-${f.label}`);
  if (w.rng.chance(0.3)) fillerStep(c);
  const use = quiet ? (f.quiet as Found['quiet'] & object) : f.use;
  b.step(use.text, use.acts);
  b.end();
  return true;
}

/** The text that ends a turn, with (when asked) a decision and a pending step in it. */
export function closingText(c: Ctx, withFacts: boolean): { text: string; decision?: Decision; pending?: Pending } {
  const { w } = c;
  const d = withFacts && w.rng.chance(0.6) ? decision(w, c.avoid) : undefined;
  const p = withFacts ? pending(w, c.avoid) : undefined;
  const said: Record<World['domain'], string[]> = {
    code: [
      `I ${past(w.rng.pick(VERBS))} the ${w.rng.pick(NOUNS)} handling and the suite passes.`,
      `The ${w.rng.pick(NOUNS)} change is in place; checks are green.`,
      'Everything I touched is covered by the existing tests.',
    ],
    ops: [
      'Mitigated for now; I am still watching the graphs.',
      'Update posted to the incident channel.',
      'Read-only checks only this round — nothing changed in prod from my side.',
    ],
    data: [
      "Here's where the numbers stand so far.",
      'The query and the chart are saved in the notebook.',
      'Internal accounts are excluded from everything above.',
    ],
    web: [
      'The repro is confirmed in the browser.',
      'The spec passes locally in chromium.',
      'Findings are written up in the ticket draft.',
    ],
  };
  const done = `${w.rng.pick(['Done.', 'That is in.', 'Finished this part.', 'Summary of this round:'])} ${w.rng.pick(said[w.domain])}`;
  const parts = [done];
  if (d) parts.push(w.rng.pick([`I went with this: ${d.prose.replace(/^Decision: /, '')}`, `Key choice: ${d.line}.`]));
  if (p) parts.push(w.rng.pick([`\nStill open:\n- [ ] ${p.item}`, `\nNext: ${p.next}`, `\nRemaining:\n1. ${p.item}`]));
  if (!d && !p) parts.push(w.rng.pick(['Let me know what you want next.', 'Anything else?', '']));
  return {
    text: parts.join(' ').replace(/ \n/g, '\n').trim(),
    ...(d ? { decision: d } : {}),
    ...(p ? { pending: p } : {}),
  };
}
