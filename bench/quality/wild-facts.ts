/**
 * The facts of the wild family (wild.ts), planted where agents really meet them: in what the
 * user writes (a long request, a pasted ticket or review, a redirect, a sentence in German or
 * Spanish) or inside the work (a rules file read by a tool, a failing build, an env dump, a
 * todo list, a decision in the agent's prose or in a comment its edit writes). Each needle is
 * minted from a fresh lexicon word (wild-words.ts) and occurs only in its short episode.
 */
import type { ChatMessage } from '../../src/context/types';
import type { Rng } from './rng';
import type { FactKind } from './types';
import { failure } from './wild-failures';
import {
  constraintNeedle,
  decisionNeedle,
  goalNeedle,
  needlePath,
  pendingNeedle,
  valueNeedle,
  type ValueKind,
} from './wild-needles';
import type { Act, Harness, Project } from './wild-harness';
import { RULES, STACKS, dockerRows, envLines, passingTests, sourceFile, type Stack } from './wild-outputs';
import { ADJS, NOUNS, PEOPLE, VERBS, cap, camel, hex, pascal, snake, type Lexicon } from './wild-words';

export interface WildCtx {
  rng: Rng;
  h: Harness;
  p: Project;
  lex: Lexicon;
}

/** A fact stated inside a user message: the paragraph holding it. */
export interface UserFact {
  kind: FactKind;
  needle: string;
  style: string;
  text: string;
}

/** A fact planted by a few messages of work. */
export interface StepFact {
  kind: FactKind;
  needle: string;
  style: string;
  messages: ChatMessage[];
}

const stackOf = (c: WildCtx): Stack => c.rng.pick(c.p.stacks);

// ---------------------------------------------------------------- helpers

function fillerRead(c: WildCtx, extra: readonly string[] = []): { act: Act; lines: string[] } {
  const stack = stackOf(c);
  const path = c.rng.pick(c.p.files.filter((f) => f.endsWith(`.${STACKS[stack].ext}`))) ?? (c.p.files[0] as string);
  const lines = sourceFile(c.rng, stack, c.rng.int(30, 220), extra);
  return { act: { t: 'read', path, lines, from: 1, total: lines.length }, lines };
}

function fillerEdit(c: WildCtx, after: readonly string[]): Act {
  const { act, lines } = fillerRead(c);
  const at = c.rng.int(5, Math.max(6, lines.length - 5));
  const before = lines.slice(at - 1, at + 1);
  return {
    t: 'edit',
    path: (act as { path: string }).path,
    before,
    after: [...before.slice(0, 1), ...after, ...before.slice(1)],
    line: at,
    total: lines.length + after.length,
    instruction: 'Apply the change described above.',
  };
}

function testRun(c: WildCtx, target = ''): Act {
  const stack = stackOf(c);
  return {
    t: 'shell',
    cmd: `${STACKS[stack].test}${target ? ` ${target}` : ''}`,
    out: passingTests(c.rng, stack, c.rng.int(3, 400)),
    exit: 0,
  };
}

// ---------------------------------------------------------------- user-placed facts

/** A fact the user states, as a paragraph of their message (`first`: the session's first request). */
export function userFact(c: WildCtx, kind: FactKind, first: boolean): UserFact {
  const { rng } = c;
  const w = c.lex.take();
  switch (kind) {
    case 'goal': {
      const needle = goalNeedle(rng, w);
      if (first && rng.chance(0.6))
        return {
          kind,
          needle,
          style: 'goal/first-request',
          text: `${rng.pick(['So the main thing today:', 'Here is what I need.', 'Task:', 'Hey — context first, then the ask.'])} We need to ${needle}. ${rng.pick(['Support has been escalating this for two weeks.', 'It blocks the quarter-end run.', 'The on-call rotation keeps getting paged for it.'])} Take your time to understand the code before changing things, and run the tests as you go.`,
        };
      if (first || rng.chance(0.5)) {
        const key = `${pascal(rng.pick(NOUNS)).toUpperCase().slice(0, 4)}-${rng.int(100, 9999)}`;
        return {
          kind,
          needle,
          style: 'goal/pasted-ticket',
          text: `Pasting the ticket:\n\n---\n${key}: ${cap(needle)}\nType: Story   Priority: High   Reporter: ${rng.pick(PEOPLE)}\n\nDescription:\nAs an operator I want to ${needle}, so that the ${rng.pick(NOUNS)} team stops filing duplicates.\n\nAcceptance criteria:\n- existing ${rng.pick(NOUNS)} tests still pass\n- a note in the changelog\n---`,
        };
      }
      return {
        kind,
        needle,
        style: 'goal/redirect',
        text: `${rng.pick(['Change of plan.', 'Actually, park that.', 'Stop there for a second —'])} The ${rng.pick(ADJS)} ${rng.pick(NOUNS)} stuff can wait; what we really need now is to ${needle}. Focus on that.`,
      };
    }
    case 'constraint': {
      const r = rng.int(0, 2);
      if (r === 0) {
        const lang = rng.pick(['de', 'es', 'fr']);
        const needle =
          lang === 'de'
            ? `nichts an ${w}-core ändern`
            : lang === 'es'
              ? `no toques el módulo ${w}`
              : `ne modifie pas le schéma ${w}`;
        const text =
          lang === 'de'
            ? `Und bitte ${needle}, das gehört Team Blau und die sind diese Woche im Urlaub.`
            : lang === 'es'
              ? `Una cosa más: ${needle}, lo está reescribiendo otro equipo.`
              : `Attention : ${needle}, la migration est gelée jusqu'à lundi.`;
        return { kind, needle, style: `constraint/non-english/${lang}`, text };
      }
      const needle = constraintNeedle(rng, w);
      if (r === 1)
        return {
          kind,
          needle,
          style: 'constraint/review-pasted',
          text: `From the review on the last PR (${rng.pick(PEOPLE)}):\n> ${rng.pick(['Blocking:', 'Please,', 'Hard requirement:'])} ${needle}. We got burned by this in the ${rng.pick(NOUNS)} incident.\n> nit: naming in the ${rng.pick(NOUNS)} module`,
        };
      return {
        kind,
        needle,
        style: 'constraint/user',
        text: `${rng.pick(['Important:', 'One rule:', 'Heads up,', 'Constraint:'])} ${needle}. ${rng.pick(['No exceptions.', 'Ask me if you think you need to.', 'Ops will reject the deploy otherwise.'])}`,
      };
    }
    case 'value': {
      const vk = rng.pick<ValueKind>(['env', 'host', 'pin', 'flag', 'ticket', 'sha', 'cron']);
      const needle = valueNeedle(rng, w, vk);
      const text = {
        env: `Run it locally with ${needle} — that's what staging uses.`,
        host: `The staging database is ${needle}; you can reach it through the VPN.`,
        pin: `Pin ${needle}, the next minor broke our serializers.`,
        flag: `Everything goes behind the flag ${needle} (off by default).`,
        ticket: `Reference ${needle} in the commit messages.`,
        sha: `The last good deploy was ${needle}, compare against that if you need to.`,
        cron: `It should run on the schedule \`${needle}\` (UTC).`,
        limit: `Keep ${needle}.`,
      }[vk];
      return { kind, needle, style: `value/user/${vk}`, text };
    }
    case 'pending':
    case 'decision':
    case 'file':
    case 'error': {
      const needle = pendingNeedle(rng, w);
      return {
        kind: 'pending',
        needle,
        style: 'pending/user-next',
        text: `Once that's in, the next thing is to ${needle} — don't start it yet, just keep it in mind.`,
      };
    }
  }
}

// ---------------------------------------------------------------- facts planted by work

const RULES_FILE: Record<string, string> = {
  cline: '.clinerules',
  sweagent: 'CONTRIBUTING.md',
  gemini: 'GEMINI.md',
  goose: '.goosehints',
  cursor: '.cursorrules',
};

/** A fact planted by a few steps of work inside a turn. */
export function stepFact(c: WildCtx, kind: FactKind): StepFact {
  const { rng, h } = c;
  const w = c.lex.take();
  const out = (style: string, needle: string, messages: ChatMessage[]): StepFact => ({ kind, needle, style, messages });
  switch (kind) {
    case 'goal': {
      const needle = goalNeedle(rng, w);
      const n = rng.int(100, 4000);
      const body = `title:\t${cap(rng.pick(ADJS))} ${rng.pick(NOUNS)}s: ${needle}\nstate:\tOPEN\nauthor:\t${rng.pick(PEOPLE)}\nlabels:\tpriority/high, area/${rng.pick(NOUNS)}\ncomments:\t${rng.int(1, 12)}\nassignees:\t\nprojects:\t\nmilestone:\tQ2\nnumber:\t${n}\n--\n## Problem\n\nWe need to ${needle}. Today the ${rng.pick(NOUNS)} path ${rng.pick(VERBS)}s everything twice.\n\n## Notes\n\n- see the ${rng.pick(NOUNS)} dashboard\n- repro steps in the thread below`;
      return out(
        'goal/ticket-tool',
        needle,
        h.step(`Let me read the issue that was linked.`, [
          { t: 'shell', cmd: `gh issue view ${n}`, out: body, exit: 0 },
        ]),
      );
    }
    case 'constraint': {
      const needle = constraintNeedle(rng, w);
      const r = rng.int(0, 2);
      if (r === 0) {
        const file = RULES_FILE[h.style] as string;
        const rules = rng.sample(RULES, rng.int(4, 10));
        rules.splice(rng.int(0, rules.length), 0, `${rng.pick(['Hard rule:', 'Always:', 'Never forget:'])} ${needle}.`);
        const lines = [
          `# ${file}`,
          '',
          '## Rules',
          ...rules.map((x) => `- ${x}`),
          '',
          '## Commands',
          `- test: \`${STACKS[stackOf(c)].test}\``,
        ];
        return out(
          'constraint/rules-file',
          needle,
          h.step('Let me check the project rules first.', [
            { t: 'read', path: file, lines, from: 1, total: lines.length },
          ]),
        );
      }
      if (r === 1) {
        const o = [
          `FAIL - deploy/${rng.pick(NOUNS)}.yaml - main - ${needle} (policy ${rng.pick(NOUNS)}-${rng.int(1, 40)})`,
          ...Array.from(
            { length: rng.int(2, 8) },
            () => `WARN - deploy/${rng.pick(NOUNS)}.yaml - main - ${rng.pick(ADJS)} ${rng.pick(NOUNS)} label missing`,
          ),
          '',
          `${rng.int(20, 90)} tests, ${rng.int(10, 80)} passed, ${rng.int(2, 8)} warnings, 1 failure, 0 exceptions`,
        ];
        return out(
          'constraint/ci-policy',
          needle,
          h.step('Running the policy checks CI runs.', [
            { t: 'shell', cmd: 'conftest test deploy/ --policy policy/', out: o.join('\n'), exit: 1 },
          ]),
        );
      }
      const pr = rng.int(100, 3000);
      const o = `${rng.pick(PEOPLE)} requested changes (${rng.int(1, 5)} days ago)\n  Blocking: ${needle}, this is non-negotiable after last month's incident.\n\n${rng.pick(PEOPLE)} commented (2 days ago)\n  ${rng.pick(['nit: naming', 'looks good otherwise', 'can we add a test for the empty case?'])}\n\n-- View this pull request on GitHub: https://github.com/acme/${c.p.name}/pull/${pr}`;
      return out(
        'constraint/review-tool',
        needle,
        h.step('Let me read the review comments on the PR.', [
          { t: 'shell', cmd: `gh pr view ${pr} --comments`, out: o, exit: 0 },
        ]),
      );
    }
    case 'decision': {
      const needle = decisionNeedle(rng, w);
      const alt = rng.pick([
        `a global mutex`,
        `polling every second`,
        `a second cache layer`,
        `a new service`,
        `doing it in the controller`,
      ]);
      const r = rng.int(0, 5);
      if (r === 0 || (r === 5 && h.style === 'sweagent')) {
        const prose = rng.pick([
          `Going with ${needle}: it keeps the change local and testable. ${cap(alt)} would also work but needs a migration.`,
          `I compared the options. Conclusion: ${needle}. ${cap(alt)} was rejected because it hides failures.`,
          `After weighing it, the plan is ${needle} rather than ${alt}.`,
        ]);
        return out('decision/prose', needle, h.step(prose, [fillerRead(c).act]));
      }
      if (r === 1) {
        const table = `| option | complexity | risk |\n| --- | --- | --- |\n| ${alt} | low | high |\n| ${needle} | medium | low |\n| do nothing | none | high |\n\nThe second row wins; implementing that.`;
        return out('decision/table', needle, h.step(table, [fillerRead(c).act]));
      }
      if (r === 2) {
        const hits = Array.from(
          { length: rng.int(1, 3) },
          () =>
            `${rng.pick(c.p.files)}:${rng.int(3, 300)}:  ${camel(rng.pick(VERBS), rng.pick(NOUNS))}(${rng.pick(NOUNS)})`,
        ).join('\n');
        const pat = camel(rng.pick(VERBS), rng.pick(NOUNS));
        return out('decision/after-search', needle, [
          ...h.step('Checking who else calls this before deciding.', [{ t: 'search', pattern: pat, hits }]),
          ...h.step(
            `Only ${hits.split('\n').length} call site(s), so it's safe: ${needle}. Rejected ${alt} — overkill here.`,
            [fillerRead(c).act],
          ),
        ]);
      }
      if (r === 3)
        return out(
          'decision/memory',
          needle,
          h.step('Saving this so it survives the session.', [
            { t: 'memory', fact: `Decision for ${c.p.name}: ${needle} (not ${alt}).` },
          ]),
        );
      if (r === 4) {
        const cm = STACKS[stackOf(c)].comment;
        return out(
          'decision/code-comment',
          needle,
          h.step(null, [fillerEdit(c, [`${cm} Design: ${needle}; ${alt} was tried and reverted.`])]),
        );
      }
      return out(
        'decision/thought',
        needle,
        h.step(
          `${rng.pick(['Thinking about this more:', 'Hmm.', 'Wait —'])} the real issue is ordering. I'll do ${needle}; ${alt} only hides it.`,
          [testRun(c)],
        ),
      );
    }
    case 'file': {
      const stack = stackOf(c);
      const rel = needlePath(rng, stack, w);
      const needle = h.path(rel);
      const lines = sourceFile(rng, stack, rng.int(30, 260));
      const r = rng.int(0, 2);
      if (r === 0) {
        const body = sourceFile(rng, stack, rng.int(10, 60));
        const msgs = [
          ...h.step('Creating the new module.', [{ t: 'write', path: rel, lines: body }]),
          ...h.step(null, [testRun(c, needle)]),
        ];
        if (h.style === 'sweagent') msgs.push(...h.step('Back to the original code.', [fillerRead(c).act]));
        return out('file/created', needle, msgs);
      }
      const at = rng.int(3, Math.max(4, lines.length - 6));
      const before = lines.slice(at - 1, at + 2);
      const after = [...before, `${STACKS[stack].comment} ${rng.pick(ADJS)} ${rng.pick(NOUNS)}s are ignored here`];
      const edit: Act = {
        t: 'edit',
        path: rel,
        before,
        after,
        line: at,
        total: lines.length + 1,
        instruction: `Skip ${rng.pick(ADJS)} ${rng.pick(NOUNS)}s.`,
      };
      const window = lines.length > 120 && h.style !== 'cline' ? rng.int(1, lines.length - 100) : 1;
      const read: Act = {
        t: 'read',
        path: rel,
        lines: window > 1 ? lines.slice(window - 1, window + 99) : lines,
        from: window,
        total: lines.length,
      };
      const first: ChatMessage[] =
        r === 1
          ? h.step('Searching for where this is handled.', [
              {
                t: 'search',
                pattern: camel(rng.pick(VERBS), rng.pick(NOUNS)),
                hits: `${needle}:${at}:  ${before[0]?.trim() ?? ''}`,
              },
            ])
          : [];
      // Native harnesses often read a neighbour in the same response (parallel calls).
      const reads =
        h.style !== 'cline' && h.style !== 'sweagent' && rng.chance(0.4) ? [read, fillerRead(c).act] : [read];
      const msgs = [...first, ...h.step(null, reads), ...h.step('Making the change.', [edit])];
      // SWE-agent's prompt names the open file after every command: the agent moves on to another one.
      if (h.style === 'sweagent') msgs.push(...h.step('Now the caller.', [fillerRead(c).act]));
      return out(r === 1 ? 'file/search-hit' : 'file/edit', needle, msgs);
    }
    case 'error': {
      const f = failure(rng, c.p.stacks, w);
      const msgs = h.step(rng.pick([null, 'Running the build.', 'Let me run the full check.']), [
        { t: 'shell', cmd: f.command, out: f.output, exit: f.exitCode },
      ]);
      if (rng.chance(0.5))
        msgs.push(
          ...h.step(
            `${rng.pick(['The failure is', 'It fails on', 'Broken:'])} \`${f.needle}\`. Let me look at the code around it.`,
            [fillerRead(c).act],
          ),
        );
      return out(`error/${f.eco}`, f.needle, msgs);
    }
    case 'pending': {
      const needle = pendingNeedle(rng, w);
      const others = Array.from({ length: rng.int(2, 5) }, () => ({
        text: `${rng.pick(VERBS)} the ${rng.pick(NOUNS)} ${rng.pick(NOUNS)}`,
        done: rng.chance(0.6),
      }));
      others.splice(rng.int(0, others.length), 0, { text: needle, done: false });
      const r = rng.int(0, 2);
      if (r === 0 && h.style !== 'sweagent')
        return out('pending/todo', needle, h.step('Updating the plan.', [{ t: 'todo', items: others }]));
      if (r === 1)
        return out(
          'pending/question',
          needle,
          h.ask(
            `Should I also ${needle} now, or leave it for a follow-up?`,
            rng.pick(['Leave it for later, but do not forget it.', 'Follow-up, please.', 'Not now.']),
          ),
        );
      return out('pending/checkbox', needle, [
        h.say(
          `Progress so far:\n${others.map((i) => `- [${i.done ? 'x' : ' '}] ${i.text}`).join('\n')}\n\nStill to do after this: ${needle}.`,
        ),
      ]);
    }
    case 'value': {
      const r = rng.int(0, 5);
      if (r === 5) {
        const needle = hex(rng, 12);
        const prev = hex(rng, 12);
        const o = [
          'INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.',
          'INFO  [alembic.runtime.migration] Will assume transactional DDL.',
          ...Array.from(
            { length: rng.int(0, 4) },
            () =>
              `INFO  [alembic.runtime.migration] Running upgrade ${hex(rng, 12)} -> ${hex(rng, 12)}, ${rng.pick(VERBS)} ${rng.pick(NOUNS)} ${rng.pick(NOUNS)}`,
          ),
          `INFO  [alembic.runtime.migration] Running upgrade ${prev} -> ${needle}, add ${w} ${rng.pick(NOUNS)} table`,
          `${needle} (head)`,
        ];
        return out(
          'value/migration',
          needle,
          h.step('Applying the migrations and checking the head revision.', [
            { t: 'shell', cmd: 'alembic upgrade head && alembic current', out: o.join('\n'), exit: 0 },
          ]),
        );
      }
      if (r === 0) {
        const needle = valueNeedle(rng, w, 'env');
        const lines = envLines(rng, rng.int(6, 40));
        lines.splice(rng.int(0, lines.length), 0, needle);
        return out(
          'value/printenv',
          needle,
          h.step('Checking what the environment really has.', [
            { t: 'shell', cmd: 'printenv | sort', out: lines.sort().join('\n'), exit: 0 },
          ]),
        );
      }
      if (r === 1) {
        const needle = `${w}-${rng.pick(['api', 'worker', 'db'])}-${rng.int(1, 3)}`;
        const rows = dockerRows(rng, rng.int(2, 9));
        rows.splice(
          rng.int(0, rows.length),
          0,
          `${hex(rng, 12)}   acme/${w}:${rng.int(1, 9)}.${rng.int(0, 20)}   "/entrypoint"   ${rng.int(2, 50)} minutes ago   Up ${rng.int(2, 50)} minutes (healthy)   0.0.0.0:${rng.int(5000, 9999)}->8080/tcp   ${needle}`,
        );
        return out(
          'value/docker-ps',
          needle,
          h.step(null, [
            {
              t: 'shell',
              cmd: 'docker ps',
              out: `CONTAINER ID   IMAGE   COMMAND   CREATED   STATUS   PORTS   NAMES\n${rows.join('\n')}`,
              exit: 0,
            },
          ]),
        );
      }
      if (r === 2) {
        const vk = rng.pick<ValueKind>(['limit', 'host', 'cron', 'flag']);
        const needle = valueNeedle(rng, w, vk);
        const line =
          vk === 'limit'
            ? needle
            : vk === 'host'
              ? `host: ${needle}`
              : vk === 'cron'
                ? `schedule: "${needle}"`
                : `${needle}: true`;
        const lines = [
          `# config/${rng.pick(['staging', 'production', 'default'])}.yaml`,
          ...Array.from(
            { length: rng.int(5, 40) },
            () =>
              `${snake(rng.pick(NOUNS), rng.pick(NOUNS))}: ${rng.pick([String(rng.int(1, 900)), 'true', 'false', `"${rng.pick(NOUNS)}"`])}`,
          ),
        ];
        lines.splice(rng.int(1, lines.length), 0, line);
        return out(
          `value/config-read/${vk}`,
          needle,
          h.step(null, [
            {
              t: 'read',
              path: `config/${rng.pick(['staging', 'production', 'default'])}.yaml`,
              lines,
              from: 1,
              total: lines.length,
            },
          ]),
        );
      }
      if (r === 3) {
        const vk = rng.pick<ValueKind>(['host', 'pin', 'sha']);
        const needle = valueNeedle(rng, w, vk);
        const cmd =
          vk === 'host'
            ? `psql -h ${needle} -U app -c 'select count(*) from ${rng.pick(NOUNS)}s'`
            : vk === 'pin'
              ? needle.startsWith('@')
                ? `npm install ${needle} --save-exact`
                : `pip install '${needle}'`
              : `git checkout ${needle} -- ${rng.pick(c.p.files)}`;
        const o =
          vk === 'host'
            ? ` count \n-------\n ${rng.int(0, 99999)}\n(1 row)`
            : vk === 'pin'
              ? `added 1 package, changed ${rng.int(0, 9)} packages, and audited ${rng.int(200, 1900)} packages in ${rng.int(1, 9)}s`
              : '';
        return out(`value/command-arg/${vk}`, needle, h.step(null, [{ t: 'shell', cmd, out: o, exit: 0 }]));
      }
      const needle = valueNeedle(rng, w, rng.pick<ValueKind>(['env', 'limit']));
      const lines = envLines(rng, rng.int(4, 12));
      return out(
        'value/edit',
        needle,
        h.step('Setting the value in the config.', [
          {
            t: 'edit',
            path: rng.pick(['.env.example', 'config/default.yaml', 'deploy/values.yaml']),
            before: lines.slice(0, 2),
            after: [...lines.slice(0, 2), needle],
            line: 1,
            total: lines.length + 1,
            instruction: 'Add the new setting.',
          },
        ]),
      );
    }
  }
}

/** A pending fact stated in the agent's closing message (attempt_completion, final summary). */
export function completionFact(c: WildCtx): StepFact {
  const w = c.lex.take();
  const needle = pendingNeedle(c.rng, w);
  const done = Array.from(
    { length: c.rng.int(2, 4) },
    () => `- ${cap(c.rng.pick(VERBS))}d the ${c.rng.pick(NOUNS)} ${c.rng.pick(NOUNS)}`,
  ).join('\n');
  return {
    kind: 'pending',
    needle,
    style: 'pending/completion',
    messages: c.h.finish(`Done:\n${done}\n\nNot done yet: ${needle} (needs access I don't have).`),
  };
}
