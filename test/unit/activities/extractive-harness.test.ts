/**
 * Facts that real agent harnesses put where the summarizer did not read them: reasoning and
 * todo lists in tool-call arguments (a `think` tool, Claude Code's `TodoWrite`, Codex's
 * `update_plan`), commands given as argument vectors (Codex's `shell`), pending markers written
 * into code (an `Edit`'s `new_string`, an `apply_patch` input), edits written in the assistant's
 * text (Aider's search/replace blocks, unified diffs), output pasted into user messages, rules
 * in documents the agent reads (AGENTS.md), and narration repeated with a different path each
 * time. Each fact is stated once, mid-session, among routine steps, under a cap that leaves out
 * most of the session.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { collect } from '../../../src/activities/summarizers/collect';
import { extractiveSummary } from '../../../src/activities/summarizers/extractive';
import { tokenCounter, type TokenCounter } from '../../../src/activities/tokenizer';
import type { ChatMessage } from '../../../src/context/types';
import { say, toolSteps, user } from '../../support/chat-steps';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await tokenCounter('o200k_base');
});

const step = toolSteps('h');

/** Routine work in one harness's shape: reads and passing runs. */
function routine(n: number, seed: number, shell: 'argv' | 'string' = 'string'): ChatMessage[] {
  const out: ChatMessage[] = [];
  const files = ['src/server/app.py', 'src/server/routes.py', 'tests/test_routes.py'];
  for (let i = 0; i < n; i += 1) {
    const k = (seed + i) % 4;
    if (k === 3) {
      const command = shell === 'argv' ? ['bash', '-lc', 'pytest -q'] : 'pytest -q';
      out.push(...step('shell', { command }, `${30 + i} passed in 1.${i % 10}s`, i % 3 ? null : 'Running the tests.'));
    } else
      out.push(
        ...step(
          'read_file',
          { path: files[k] },
          `import os\n${'def f():\n    return 1\n'.repeat(25)}`,
          i % 3 ? null : 'Reading it.',
        ),
      );
  }
  return out;
}

const summary = (messages: ChatMessage[], cap: number) => extractiveSummary(messages, undefined, counter, cap).text;
const missing = (out: string, needles: string[]) => needles.filter((n) => !out.includes(n));
/** The body of the section whose title starts `title` ('' when the summary has none). */
const section = (out: string, title: string) => out.split(`## ${title}`)[1]?.split('\n## ')[0] ?? '';

describe('extractive summary: what tool-call arguments say', () => {
  it('reads a think tool\u2019s thought as the assistant\u2019s statements', () => {
    const messages = [
      user('Make the rate limiter work across workers.'),
      ...routine(40, 1),
      ...step(
        'think',
        {
          thought:
            'Options for sharing the counters: a Redis sorted set or the Postgres advisory locks we already have. ' +
            'We will go with the token bucket in Redis rather than advisory locks, because the locks serialize every request. ' +
            'The bucket size must stay at 120 requests per minute per tenant.',
        },
        'Your thought has been logged.',
      ),
      ...routine(40, 2),
    ];
    const out = summary(messages, 500);
    expect(missing(out, ['token bucket in Redis', '120 requests per minute']), out).toEqual([]);
    expect(out).not.toContain('{"thought"');
  });

  it('reads a TodoWrite list: open items are the steps still owed, done items progress', () => {
    const todos = [
      {
        content: 'Add the retry wrapper around the S3 client',
        status: 'completed',
        activeForm: 'Adding the retry wrapper',
      },
      { content: 'Backfill the thumbnails of bucket media-prod-eu', status: 'in_progress', activeForm: 'Backfilling' },
      { content: 'Rotate the signing key KMS-4471 after the backfill', status: 'pending', activeForm: 'Rotating' },
    ];
    const messages = [
      user('Fix the thumbnail pipeline.'),
      ...routine(40, 3),
      ...step('TodoWrite', { todos }, 'Todos have been modified successfully.'),
      ...routine(40, 4),
    ];
    const out = summary(messages, 500);
    const plans = section(out, 'Plans and next steps');
    expect(missing(plans, ['media-prod-eu', 'KMS-4471']), out).toEqual([]);
  });

  it('reads an update_plan call: its explanation and its steps by status', () => {
    const messages = [
      user('Migrate the CLI to clap 4.'),
      ...routine(40, 5, 'argv'),
      ...step(
        'update_plan',
        {
          explanation: 'The derive API changed, so the subcommand enums move to a separate module cli/args.rs first.',
          plan: [
            { step: 'Port the derive attributes', status: 'completed' },
            { step: 'Replace the deprecated value_t! calls in cli/parse.rs', status: 'in_progress' },
            { step: 'Regenerate the shell completions under completions/', status: 'pending' },
          ],
        },
        'Plan updated',
      ),
      ...routine(40, 6, 'argv'),
    ];
    const out = summary(messages, 500);
    expect(missing(out, ['cli/args.rs', 'value_t!', 'Regenerate the shell completions']), out).toEqual([]);
  });
});

describe('extractive summary: a harness\u2019s framing is not the assistant\u2019s words', () => {
  it('reads neither banners nor a code executor\u2019s command lines as notes; the decision stays', () => {
    const messages: ChatMessage[] = [user('Find why the nightly export fails.')];
    for (let i = 0; i < 12; i += 1)
      messages.push(
        ...step(
          'execute_code_blocks',
          { code_blocks: [{ language: 'sh', code: `kubectl logs job/export-${i} --tail 50 | grep -i error` }] },
          `line ${i}`,
          `coder (to chat_manager):\n\n***** Suggested tool call (call_${i}x${'Q'.repeat(i)}): execute_code_blocks *****\n>>>>>>>> EXECUTING CODE BLOCK ${i} (inferred language is sh)...`,
        ),
      );
    messages.push(say('We will retry the export with the smaller page size of 500 rows.'));
    const out = summary(messages, 300);
    expect(out).toContain('smaller page size of 500 rows');
    expect(out).not.toMatch(/\*\*\*\*\*|>>>>>>>>|^- kubectl logs/m);
    const notes = collect(messages, undefined).filter((i) => i.section === 'notes' || i.section === 'plans');
    expect(notes.map((i) => i.text).filter((t) => /call_\d|--tail|EXECUTING/.test(t))).toEqual([]);
  });
});

describe('extractive summary: commands given as argument vectors', () => {
  it('shows the command an argv runs, with its values', () => {
    const messages = [
      user('Get the dev server running.'),
      ...routine(30, 7, 'argv'),
      ...step(
        'shell',
        { command: ['bash', '-lc', 'PORT=23728 DATABASE_HOST=db-stage-2.internal pnpm install'], workdir: '/repo' },
        'Done in 4.2s',
      ),
      ...routine(30, 8, 'argv'),
      ...step(
        'shell',
        { command: ['git', 'commit', '-m', 'PAY-3310: retry webhooks on 502'] },
        '[main 4f2a1c9] PAY-3310: retry webhooks on 502',
      ),
      ...routine(30, 9, 'argv'),
    ];
    const out = summary(messages, 700);
    expect(missing(out, ['PORT=23728', 'db-stage-2.internal', 'PAY-3310']), out).toEqual([]);
    expect(out).toContain('shell: PORT=23728');
  });
});

describe('extractive summary: a tool whose JSON says it failed', () => {
  it("keeps its failure, whatever words it is told in (a typed error, MCP's isError)", () => {
    const qgis = JSON.stringify({
      type: 'error-text',
      value:
        'Inputs\n\nINPUT:\t/srv/gis/roads.gpkg|layername=wards_q3\n\nCould not load source layer for INPUT: /srv/gis/roads.gpkg|layername=wards_q3 not found',
    });
    const mcp = JSON.stringify({
      content: [{ type: 'text', text: 'Object "Sofa_Trim" has no modifier "Bevel_7"' }],
      isError: true,
    });
    const messages = [
      user('Map the flood exposure.'),
      ...routine(20, 3),
      ...step('runQgisProcessing', { algorithm: 'native:buffer', parameters: { DISTANCE: 500 } }, qgis),
      ...routine(20, 4),
      ...step('execute_blender_code', { code: 'bpy.ops.object.modifier_apply(modifier="Bevel_7")' }, mcp),
      ...routine(20, 5),
    ];
    const out = summary(messages, 900);
    expect(missing(out, ['layername=wards_q3 not found', 'no modifier "Bevel_7"']), out).toEqual([]);
    // (a tool that worked and shows words of failure in its data is no failure)
    const ok = JSON.stringify({ type: 'text', value: 'status: error budget at 12%' });
    const fine = summary([user('Check the SLO.'), ...step('query_slo', { service: 'api' }, ok)], 900);
    expect(fine).not.toMatch(/^## Errors/m);
  });
});

describe('extractive summary: what edits write', () => {
  it('keeps a TODO written into code as a step still owed', () => {
    const messages = [
      user('Add caching to the price lookup.'),
      ...routine(40, 10),
      ...step(
        'Edit',
        {
          file_path: 'src/pricing/lookup.py',
          old_string: 'def lookup(sku):\n    return db.get(sku)',
          new_string:
            'def lookup(sku):\n    # TODO(next): invalidate the cache when the price feed publishes\n    return cache.get_or_set(sku, db.get)',
        },
        'The file src/pricing/lookup.py has been updated.',
      ),
      ...routine(40, 11),
    ];
    const out = summary(messages, 500);
    const plans = section(out, 'Plans and next steps');
    expect(plans, out).toContain('invalidate the cache when the price feed publishes');
  });

  it('keeps a small config edit\u2019s values and a patch\u2019s unchecked box', () => {
    const messages = [
      user('Schedule the nightly report.'),
      ...routine(40, 12),
      ...step(
        'apply_patch',
        {
          input:
            '*** Begin Patch\n*** Update File: deploy/cron.yaml\n@@\n-schedule: "0 1 * * *"\n+schedule: "17 3 * * 1-5"\n*** End Patch',
        },
        'Done!',
      ),
      ...routine(20, 13),
      ...step(
        'apply_patch',
        {
          input:
            '*** Begin Patch\n*** Add File: NOTES.md\n+# Release\n+- [x] tag v2.3.0\n+- [ ] announce the release in #deploys\n*** End Patch',
        },
        'Done!',
      ),
      ...routine(40, 14),
    ];
    const out = summary(messages, 600);
    expect(missing(out, ['17 3 * * 1-5', 'announce the release in #deploys']), out).toEqual([]);
  });

  it('finds files written by search/replace blocks and diffs in the assistant\u2019s text', () => {
    const block = (path: string, before: string, after: string) =>
      `${path}\n\`\`\`python\n<<<<<<< SEARCH\n${before}\n=======\n${after}\n>>>>>>> REPLACE\n\`\`\``;
    const messages = [
      user('Fix the date parsing.'),
      ...routine(30, 15),
      say(`I'll change the parser.\n\n${block('app/parsing/dates.py', 'fmt = "%d/%m"', 'fmt = "%Y-%m-%d"')}`),
      user('ok'),
      ...routine(30, 16),
      say(
        'Here is the change:\n\n```diff\n--- a/app/config/settings.toml\n+++ b/app/config/settings.toml\n@@ -1 +1 @@\n-tz = "UTC"\n+tz = "Europe/Oslo"\n```',
      ),
      user('thanks'),
      ...routine(30, 17),
    ];
    const out = summary(messages, 600);
    const written = section(out, 'Files written');
    expect(missing(written, ['app/parsing/dates.py', 'app/config/settings.toml']), out).toEqual([]);
  });
});

describe('extractive summary: a whole file written out in the assistant\u2019s text', () => {
  it('reads a file written out whole under its path as a file written', () => {
    const messages = [
      user('Add a footer with the service areas.'),
      ...routine(30, 21),
      say(
        'Here is the updated layout:\n\nsrc/layouts/BaseLayout.astro\n```astro\n<footer class="site">\n  <p>Areas</p>\n</footer>\n```',
      ),
      user('thanks'),
      ...routine(30, 22),
    ];
    const out = summary(messages, 600);
    const written = section(out, 'Files written');
    expect(written, out).toContain('src/layouts/BaseLayout.astro');
  });
});

describe('extractive summary: the user\u2019s rules against the assistant\u2019s reasoning', () => {
  it('keeps the user\u2019s rule when the assistant\u2019s reasoning says only, should and always at length', () => {
    const reasoning = (i: number) =>
      say(
        `We only need the first ${i + 2} rows of batch ${i} here. ` +
          `This should be enough for the check on step ${i}. ` +
          `The loader always reads the header of part ${i} first.`,
      );
    const messages = [
      user('Migrate the importer to the new schema.'),
      ...routine(10, 29),
      user(
        'Some context on the ledger before you go on. ' +
          Array.from(
            { length: 8 },
            (_, i) =>
              `The nightly job ${i} reconciles the staging copy with the bank feed and posts a report to the finance channel.`,
          ).join(' ') +
          ' One more thing: never write to the prod_ledger table directly. ' +
          'The reports are read by the controllers every morning, so keep their format as it is.',
      ),
      ...Array.from({ length: 40 }, (_, i) => [reasoning(i), ...routine(2, 30 + i)]).flat(),
      user('status?'),
    ];
    const out = summary(messages, 500);
    expect(out).toContain('never write to the prod_ledger table directly');
  });
});

describe('extractive summary: output pasted by the user', () => {
  it('reads pasted output as output: its failure lines, not the request\u2019s parts', () => {
    const log = [
      '#9 [build 4/6] RUN pnpm install --frozen-lockfile',
      '#9 5.13 \u2501\u2501\u2501\u2501\u2501\u2501\u2501\u2501 14.1/92.0 MB',
      ...Array.from(
        { length: 30 },
        (_, i) => `#9 ${6 + i}.02 Progress: resolved ${100 + i * 7}, reused ${90 + i * 7}, downloaded ${i}`,
      ),
      '#9 41.80 ERR_PNPM_FETCH_404 GET https://registry.internal/@acme%2fui: Not Found - 404',
      '#9 ERROR: process "/bin/sh -c pnpm install --frozen-lockfile" did not complete successfully: exit code: 1',
    ].join('\n');
    const messages = [
      user('Containerise the web app.'),
      ...routine(40, 18),
      user(`The build broke again:\n${log}\nPlease pin @acme/ui to 4.2.1 and keep the image under 300 MB.`),
      ...routine(40, 19),
    ];
    const out = summary(messages, 500);
    expect(missing(out, ['@acme/ui to 4.2.1', 'ERR_PNPM_FETCH_404']), out).toEqual([]);
    expect(out).not.toContain('Progress: resolved');
  });

  it('reads framed output (a gutter of box drawing) as output, and keeps a short snippet as the request', () => {
    const plan = [
      'aws_vpc.main: Refreshing state... [id=vpc-0a1b2c3d]',
      ...Array.from({ length: 20 }, (_, i) => `aws_subnet.s${i}: Refreshing state... [id=subnet-${1000 + i}]`),
      '\u2577',
      "\u2502 Error: creating EC2 Instance: InvalidAMIID.NotFound: The image id '[ami-0deadbeef]' does not exist",
      '\u2502 ',
      '\u2502   on main.tf line 42, in resource "aws_instance" "web":',
      '\u2575',
    ].join('\n');
    const messages = [
      user('Provision the staging stack.'),
      ...routine(40, 24),
      user(`terraform plan says:\n\n${plan}\n\nUse this lookup instead:\n\`\`\`hcl\nowners = ["099720109477"]\n\`\`\``),
      ...routine(40, 25),
    ];
    const out = summary(messages, 500);
    expect(missing(out, ['InvalidAMIID.NotFound', '099720109477']), out).toEqual([]);
    expect(out).not.toContain('Refreshing state');
  });

  it('reads rows of columns split by tabs (a disassembly, a listing) as output, not as the request\u2019s parts', () => {
    const dump = Array.from(
      { length: 12 },
      (_, i) =>
        ` ${(0x120 + i * 4).toString(16)}:\t${['29 65 21', '13 1f 44', '60 33 93'][i % 3]} \tpshufb xmm0,XMMWORD PTR [rip+0x${i}]`,
    ).join('\n');
    const messages = [
      user('Vectorise the base64 encoder.'),
      ...routine(40, 26),
      user(`objdump shows:\n0000000000000000 <b64_encode>:\n${dump}\nKeep the scalar path for CPUs without SSSE3.`),
      ...routine(40, 27),
    ];
    const out = summary(messages, 500);
    expect(out).toContain('Keep the scalar path for CPUs without SSSE3');
    expect(out).not.toContain('pshufb');
  });

  it('keeps the goal stated in the middle of a long first message', () => {
    const background = Array.from(
      { length: 12 },
      (_, i) => `Some background on the billing service, part ${i}: it grew over the years and has many owners.`,
    ).join(' ');
    const messages = [
      user(
        `${background} The goal: move invoice rendering out of the request path into the queue worker. ${background}`,
      ),
    ];
    // later requests, each long, fill the requests' share before the first one is read
    for (let i = 0; i < 12; i += 1)
      messages.push(...routine(10, 20 + i), user(`Also look at area ${i}. ${background}`));
    messages.push(...routine(20, 40));
    const out = summary(messages, 500);
    expect(out).toContain('move invoice rendering out of the request path');
  });
});

describe('extractive summary: rules the agent reads and narration it repeats', () => {
  it('keeps the constraints of a document read, and a hook\u2019s policy refusal', () => {
    const agents = [
      '# Agent guide',
      '',
      'This repository holds the storefront.',
      '',
      'Nothing runs against the prod-orders cluster except the nightly export job.',
      '',
      '## Rules',
      '- The migrations/ directory is read-only; new migrations go through the DBA queue.',
      '',
      'Run `make check` before pushing.',
    ]
      .map((l, i) => `${String(i + 1).padStart(6)}\t${l}`)
      .join('\n');
    const viewed = `Here's the result of running \`cat -n\` on /workspace/AGENTS.md:\n${agents}`;
    const messages = [
      user('Add a discount field to orders.'),
      ...routine(30, 21),
      ...step('str_replace_editor', { command: 'view', path: '/workspace/AGENTS.md' }, viewed),
      ...routine(30, 22),
      ...step(
        'Bash',
        { command: 'git commit -am "discount"' },
        'pre-commit hook failed\npolicy violation: vendor/ is read-only\nerror: commit aborted',
      ),
      ...routine(30, 23),
    ];
    const out = summary(messages, 600);
    const constraints = section(out, 'Constraints and requirements');
    expect(missing(constraints, ['prod-orders cluster', 'vendor/ is read-only']), out).toEqual([]);
    // an editor's view mode reads the file: it is no file written
    expect(section(out, 'Files written')).not.toContain('AGENTS.md');
  });

  it('takes a failing test of a policy for a test\u2019s result, not for a refusal by rule', () => {
    const messages = [
      user('Round the refunds in cents.'),
      ...step(
        'shell',
        { command: 'npx vitest run' },
        ' FAIL  test/policy/refund-policy.test.ts > policy > keeps refund rounding in cents\nAssertionError: expected 1.005 to be 1.01\n Tests  1 failed | 41 passed',
      ),
    ];
    const items = collect(messages, undefined).filter((i) => i.section === 'constraints');
    expect(items.map((i) => i.text)).toEqual([]);
  });

  it('does not let one narrated sentence with many paths crowd out rarer statements', () => {
    const findings = [
      'The CSRF token is rotated per session by the Kernel middleware.',
      'Sessions live in Memcached since the load test in March.',
      'The admin area bypasses the throttle for the ops group.',
      'Invoices are rendered by a queue worker called pdfgen.',
      'Uploads are scanned by clamd before they reach the bucket.',
      'The legacy SOAP endpoint still serves two partners.',
    ];
    const messages: ChatMessage[] = [user('Audit the controllers.')];
    for (let i = 0; i < 120; i += 1) {
      if (i % 20 === 5) messages.push(say(findings[(i - 5) / 20] as string));
      messages.push(
        ...step(
          'read_file',
          { path: `app/Http/Controllers/C${i}Controller.php` },
          '<?php\nclass C {}\n'.repeat(20),
          `I'll check app/Http/Controllers/C${i}Controller.php next.`,
        ),
      );
    }
    const out = summary(messages, 400);
    expect(missing(out, findings), out).toEqual([]);
  });
});

describe('extractive summary: a harness\u2019s repeated notices', () => {
  it('keeps a request among many auto-commit notices of one shape (Aider)', () => {
    const messages: ChatMessage[] = [user('Add retries to the fetcher.')];
    for (let i = 0; i < 60; i += 1) {
      messages.push(
        say(
          `app/mod${i}.py\n\`\`\`python\n<<<<<<< SEARCH\n    pass\n=======\n    return ${i}\n>>>>>>> REPLACE\n\`\`\``,
        ),
        user(
          i === 30
            ? 'Also: the retry ceiling is 7 attempts, and keep the jitter at 250ms.'
            : `I committed the changes with git hash ${(4096 + i).toString(16)}abc & commit msg: Edit mod${i}`,
        ),
      );
    }
    const out = summary(messages, 600);
    expect(missing(out, ['Add retries to the fetcher.', 'retry ceiling is 7 attempts']), out).toEqual([]);
  });
});

describe('extractive summary: bounded work on large arguments', () => {
  it('reads the path of a write too large to parse whole, and still counts it as written', () => {
    const messages = [
      user('Vendor the generated client.'),
      ...step(
        'Write',
        { file_path: 'gen/client.ts', content: 'export const x = 1;\n'.repeat(60_000) },
        'File created.',
      ),
      ...routine(10, 30),
    ];
    const out = summary(messages, 300);
    expect(out.split('## Files written')[1] ?? '', out).toContain('gen/client.ts');
  });
});

describe('collect: bounded statements per call', () => {
  it('takes at most as many statements from one call\u2019s prose arguments as from one message', () => {
    const prompt = (k: number) =>
      Array.from({ length: 40 }, (_, i) => `We will review module number ${k * 100 + i} before the release.`).join(' ');
    const messages = [
      user('Review everything.'),
      ...step('Task', { description: 'Review', prompt: prompt(1), notes: prompt(2) }, 'ok'),
    ];
    const fromCall = collect(messages, undefined).filter((i) => i.at === 1 && i.section !== 'commands');
    expect(fromCall.length).toBeLessThanOrEqual(16);
    expect(fromCall.length).toBeGreaterThan(0);
  });
});

describe('extractive summary: rules a harness puts in a block beside the task', () => {
  it('keeps the rules of an <instructions> block as constraints, and leaves the block out of the request', () => {
    const task = [
      '<pr_description>',
      'Saving an order after setting its product loses the product id when the key is a string.',
      '</pr_description>',
      '',
      '<instructions>',
      '# Task Instructions',
      '',
      '## Boundaries',
      '',
      '- DO NOT MODIFY: tests and configuration files (setup.cfg, tox.ini)',
      '- Never install packages system-wide; use the project virtualenv only.',
      '',
      '## Submission',
      '',
      'You MUST submit your changes as a unified diff written to fix.patch.',
      '</instructions>',
    ].join('\n');
    const messages = [user(task), ...routine(60, 3)];
    const out = summary(messages, 700);
    expect(missing(section(out, 'Constraints'), ['DO NOT MODIFY', 'Never install packages', 'MUST submit'])).toEqual(
      [],
    );
    expect(section(out, 'User requests')).toContain('Saving an order');
    expect(section(out, 'User requests')).not.toContain('Task Instructions');
  });

  it('reads no rules from a source file the agent reads, however much of it is docstring', () => {
    const module = [
      '"""',
      'Accessors for related objects.',
      '',
      'When a field defines a relation between two models, each model class provides',
      'an attribute to access related instances of the other model class.',
      'Note that while you may read the cache, you must never write it from outside this module.',
      'The descriptors below are created once per field and cannot be shared between models.',
      'Subclasses should always call the parent implementation before they do their own work.',
      '"""',
      'from django.db import router',
      '',
      'class ForwardDescriptor:',
      '    # we must manage the reverse relation cache manually',
      '    def __get__(self, instance, cls=None):',
      '        return instance',
    ].join('\n');
    const messages = [
      user('Fix the lost product id when the order is saved.'),
      ...step(
        'bash',
        { command: 'cd /testbed && sed -n 1,40p django/db/models/fields/related_descriptors.py' },
        module,
      ),
      ...routine(10, 1),
    ];
    const constraints = section(summary(messages, 2000), 'Constraints');
    expect(constraints).not.toContain('must never write it');
    expect(constraints).not.toContain('cache manually');
  });

  it('takes the agent\u2019s "Let me …" as what it does next, not as a rule', () => {
    const messages = [
      user('Fix the lost product id when the order is saved.'),
      say('Let me write a smaller test that does not require the full Django setup.'),
      ...routine(4, 1),
    ];
    const out = summary(messages, 2000);
    expect(section(out, 'Constraints')).not.toContain('smaller test');
    expect(out).toContain('Let me write a smaller test');
  });
});

describe('extractive summary: the rules of a long spec', () => {
  it('keeps the firm rules stated after its first couple of dozen statements', () => {
    const background = Array.from(
      { length: 40 },
      (_, i) =>
        `- Section ${i + 1} should describe the ${['ingest', 'export', 'audit', 'billing'][i % 4]} flow in plain words.`,
    );
    const spec = [
      '# Spec for the reporting service',
      '',
      ...background,
      '',
      '## Hard rules',
      '',
      '- NEVER call the billing API from the report worker.',
      '- You MUST pass REPORT_REGION in every job payload.',
      '- Do NOT write files outside var/reports.',
    ].join('\n');
    const messages = [user('Build the reporting service.'), say('On it.'), user(spec), ...routine(30, 2)];
    const constraints = section(summary(messages, 1500), 'Constraints');
    expect(
      missing(constraints, ['NEVER call the billing API', 'MUST pass REPORT_REGION', 'Do NOT write files']),
    ).toEqual([]);
  });
});
