/**
 * The outer family's AutoGPT-style harness on a legacy Perl 5 billing codebase: every assistant
 * message is one JSON object (`thoughts` and one `command`), each result comes back as a user
 * message `Command <name> returned: …` (shell results as `STDOUT:`/`STDERR:`), and the user's
 * later words come as `Human feedback: …`. Failures are prove/TAP reports, cpanm build logs and
 * Perl runtime errors.
 */
import type { ChatMessage } from '../../src/context/types';
import {
  CPAN,
  CRITICISM,
  THINK,
  modPath,
  noiseStep,
  perlModule,
  proveOk,
  cpanmLog,
  sh,
  speakOf,
  world,
  type PerlWorld,
} from './outer-perl-world';
import {
  hex,
  Mint,
  say,
  singles,
  stepBeat,
  type Act,
  type Beat,
  type OuterHarness,
  type Planter,
  type Session,
  type Step,
} from './outer-kit';
import type { Rng } from './rng';
import type { ScriptedOutput } from './types';

/** The AutoGPT-style harness. */
export const AUTOGPT: OuterHarness = {
  style: 'autogpt',
  protocol: 'text',
  tools: [],
  isResult: (m: ChatMessage) => m.role === 'user' && /^Command \w+ returned: /.test(m.content ?? ''),
  open(r: Rng, _outputs: Map<string, ScriptedOutput>): Session {
    const w = world(r.fork());
    const mint = new Mint(r.fork());
    const gen = r.fork();
    let users = 0;

    const command = (a: Act): { name: string; args: Record<string, unknown> } => {
      switch (a.kind) {
        case 'shell':
          return { name: 'execute_shell', args: { command_line: a.target } };
        case 'read':
          return { name: 'read_file', args: { filename: a.target } };
        case 'write':
          return { name: 'write_to_file', args: { filename: a.target, text: a.text ?? '' } };
        case 'edit':
          return {
            name: 'execute_shell',
            args: { command_line: `perl -0pi -e 's/\\Q${a.old ?? ''}\\E/${a.text ?? ''}/' ${a.target}` },
          };
        case 'search':
          return { name: 'execute_shell', args: { command_line: `grep -rn '${a.target}' ${a.where ?? 'lib/'}` } };
        case 'list':
          return { name: 'list_files', args: { directory: a.target } };
        case 'extra':
          return { name: a.tool ?? 'do_nothing', args: a.args ?? {} };
      }
    };
    const json = (text: string, c: { name: string; args: Record<string, unknown> }, plan?: string): string =>
      JSON.stringify(
        {
          thoughts: {
            text,
            reasoning: gen.pick(THINK),
            plan:
              plan ??
              `- ${gen.pick(['inspect', 'run', 'check', 'read'])} what the last command showed\n- keep going with the task\n- verify with prove`,
            criticism: gen.pick(CRITICISM),
            speak: speakOf(text),
          },
          command: c,
        },
        null,
        4,
      );
    const renderStep = (step: Step): ChatMessage[] =>
      singles(step).flatMap((s) => {
        const a = s.acts[0] as Act;
        const c = command(a);
        return [
          { role: 'assistant' as const, content: json(s.say ?? gen.pick(THINK), c, a.plan) },
          { role: 'user' as const, content: `Command ${c.name} returned: ${a.output}` },
        ];
      });
    const render = (b: Beat): ChatMessage[] => {
      if (b.t === 'user') return [{ role: 'user', content: users++ === 0 ? b.text : `Human feedback: ${b.text}` }];
      if (b.t === 'answer')
        return [
          { role: 'assistant', content: json(b.text, { name: 'task_complete', args: { reason: speakOf(b.text) } }) },
        ];
      return renderStep(b.step);
    };
    const noise = (): Step => noiseStep(gen, w);
    const planters = [...perlPlanters(gen, w, mint), ...perlMore(gen, w, mint)];
    return {
      system: system(gen, w),
      render,
      size: (b) => (b.t === 'step' ? 2 * b.step.acts.length : 1),
      noise,
      ask: () => ask(gen, w),
      answer: () =>
        say(
          gen,
          'Finished this part; the suite passes locally.',
          'That request is done and prove is green.',
          'Done. I summarised the change in the commit message.',
          'Completed what was asked; nothing else changed.',
        ),
      resume: () =>
        say(
          gen,
          'keep going, you have another 200 authorised steps.',
          'continue with the plan.',
          'y -150',
          'carry on; report back when the suite is green.',
        ),
      probe: () =>
        say(
          gen,
          'Human feedback: continue.',
          'Human feedback: ok, go on with what is left.',
          'Human feedback: carry on.',
        ),
      planters,
    };
  },
};

function system(r: Rng, w: PerlWorld): string {
  return [
    `You are PerlGPT, an autonomous agent that maintains the ${w.ns} billing code base in ${w.root}.`,
    'Your decisions must always be made independently without seeking user assistance. Play to your strengths as an LLM and pursue simple strategies with no legal complications.',
    '',
    'GOALS:',
    '',
    '1. Complete the task the user gives you in the repository, with tests.',
    '2. Keep the test suite (prove -lr t/) passing.',
    '3. Shut down with task_complete when the task is done.',
    '',
    'Constraints:',
    '1. ~4000 word limit for short term memory. Your short term memory is short, so immediately save important information to files.',
    '2. If you are unsure how you previously did something or want to recall past events, thinking about similar events will help you remember.',
    '3. No user assistance',
    '4. Exclusively use the commands listed in double quotes e.g. "command name"',
    '',
    'Commands:',
    '1. execute_shell: Execute Shell Command, non-interactive commands only, args: "command_line": "<command_line>"',
    '2. read_file: Read file, args: "filename": "<filename>"',
    '3. write_to_file: Write to file, args: "filename": "<filename>", "text": "<text>"',
    '4. append_to_file: Append to file, args: "filename": "<filename>", "text": "<text>"',
    '5. list_files: List Files in Directory, args: "directory": "<directory>"',
    '6. google: Google Search, args: "query": "<query>"',
    '7. browse_website: Browse Website, args: "url": "<url>", "question": "<what_you_want_to_find_on_website>"',
    '8. task_complete: Task Complete (Shutdown), args: "reason": "<reason>"',
    '',
    'Resources:',
    '1. Internet access for searches and information gathering.',
    '2. Long Term memory management.',
    '3. File output.',
    '',
    'Performance Evaluation:',
    '1. Continuously review and analyze your actions to ensure you are performing to the best of your abilities.',
    '2. Constructively self-criticize your big-picture behavior constantly.',
    '3. Reflect on past decisions and strategies to refine your approach.',
    '4. Every command has a cost, so be smart and efficient. Aim to complete tasks in the least number of steps.',
    '',
    'You should only respond in JSON format as described below ',
    'Response Format: ',
    '{\n    "thoughts": {\n        "text": "thought",\n        "reasoning": "reasoning",\n        "plan": "- short bulleted\\n- list that conveys\\n- long-term plan",\n        "criticism": "constructive self-criticism",\n        "speak": "thoughts summary to say to user"\n    },\n    "command": {\n        "name": "command name",\n        "args": {\n            "arg name": "value"\n        }\n    }\n} ',
    'Ensure the response can be parsed by Python json.loads',
    `The current time and date is ${w.clock.tick(r.int(1, 9) * 1000).toUTCString()}`,
  ].join('\n');
}

function ask(r: Rng, w: PerlWorld): string {
  const m = r.pick(w.modules);
  return r.pick([
    `what does ${w.ns}::${m} do with negative amounts? just tell me, don't change anything`,
    `run the whole suite again and tell me how long it takes`,
    `can you check whether ${r.pick(CPAN)} is still pinned in the cpanfile?`,
    `show me the last few commits touching ${modPath(w, m)}`,
    `is there any test for ${m}? if not, list what's missing`,
    `perlcritic is complaining on CI, have a look`,
    `please tidy ${modPath(w, m)} with perltidy, same settings as .perltidyrc`,
    `why is t/00-load.t so slow?`,
  ]);
}

/** The fact planters of the Perl/AutoGPT session. */
function perlPlanters(r: Rng, w: PerlWorld, mint: Mint): Planter[] {
  const one = (a: Act, say?: string): Beat => stepBeat({ ...(say ? { say } : {}), acts: [a] });
  const nn = () => String(r.int(20, 79));
  return [
    {
      kind: 'goal',
      how: 'user-task',
      at: 'open',
      plant() {
        const k = mint.name();
        const needle = `counts refunds twice for merchants on the ${k} settlement plan`;
        return {
          needle,
          key: k,
          text: say(
            r,
            `The nightly export (script/nightly-export.pl) ${needle}. Find out why and fix it, with a regression test.`,
            `Task: script/nightly-export.pl ${needle} since the January release. Fix it and add a test that would have caught it.`,
          ),
          beats: [
            one(
              {
                kind: 'search',
                target: 'settlement_plan',
                where: 'lib/ script/',
                output: sh(
                  `${modPath(w, 'Refund')}:41:    my $plan = $merchant->settlement_plan;\nlib/${w.path}/Plan.pm:12:    '${k}' => { refund_mode => 'gross', netting => 1 },\nscript/nightly-export.pl:88:    next if $row->{settlement_plan} eq 'legacy';`,
                ),
              },
              `The user says the export double counts refunds for the ${k} plan. First find where settlement plans are defined.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'goal',
      how: 'user-task',
      at: 'open',
      plant() {
        const k = mint.name();
        const needle = `port the ${k} invoice PDF generator from PDF::API2 to PDF::Builder`;
        return {
          needle,
          key: k,
          text: say(
            r,
            `Please ${needle}. PDF::API2 is being dropped from our base image next month, so nothing may depend on it afterwards.`,
            `We need to ${needle} — the base image loses PDF::API2 soon. Keep the output byte-for-byte close, finance diffs the PDFs.`,
          ),
          beats: [
            one({
              kind: 'search',
              target: 'PDF::API2',
              where: 'lib/',
              output: sh(
                `lib/${w.path}/Pdf/${k}.pm:5:use PDF::API2;\nlib/${w.path}/Pdf/${k}.pm:61:    my $pdf = PDF::API2->new(-compress => 1);`,
              ),
            }),
          ],
        };
      },
    },
    {
      kind: 'goal',
      how: 'user-feedback',
      at: 'turn',
      plant() {
        const k = mint.word();
        const needle = `add a --dry-run switch to script/reconcile.pl that prints the ${k} journal lines`;
        return {
          needle,
          key: k,
          beats: [
            {
              t: 'user',
              text: `new task: ${needle} instead of posting them. Ops wants to eyeball them before month end.`,
            },
            one(
              {
                kind: 'read',
                target: 'script/reconcile.pl',
                output: `#!/usr/bin/env perl\nuse strict;\nuse warnings;\nuse Getopt::Long;\nuse ${w.ns}::Ledger;\n\nGetOptions('date=s' => \\my $date, 'journal=s' => \\my $journal) or die "usage\\n";\n$journal //= '${k}';\nmy $ledger = ${w.ns}::Ledger->new;\n$ledger->post($_) for $ledger->pending(journal => $journal, date => $date);\n`,
              },
              `New task from the user: a dry-run mode for reconcile.pl that only prints the ${k} journal lines. Reading the script first.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'user-rule',
      at: 'open',
      plant() {
        const k = mint.name();
        const needle = `don't change the public API of ${w.ns}::${k}`;
        return {
          needle,
          key: k,
          text: say(
            r,
            `Hard rule: ${needle} — the payroll team calls it directly from their cron jobs.`,
            `And please ${needle}; payroll's scripts use it and they release quarterly.`,
          ),
          beats: [],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'user-rule',
      at: 'open',
      plant() {
        const k = mint.word();
        const needle = `must still run on perl 5.16.3 on the ${k} batch hosts`;
        return {
          needle,
          key: k,
          text: `Everything ${needle} (CentOS 7 system perl), so no signatures and no postfix deref.`,
          beats: [],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'tool-hacking',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `Files dropped on the ${k} SFTP share must be plain ASCII`;
        const doc = [
          '=head1 HACKING',
          '',
          'Run C<prove -lr t/> before every push. CI runs the same with C<HARNESS_OPTIONS=j4>.',
          '',
          '=head2 Rules for exports',
          '',
          '=over 4',
          '',
          '=item * Amounts are integer cents everywhere below the web layer.',
          '',
          `=item * ${needle}, CRLF line endings, no byte order mark. Their importer rejects anything else without telling us.`,
          '',
          '=item * Never log full IBANs.',
          '',
          '=back',
          '',
          '=head2 Releases',
          '',
          'Tag as vYYYY.MM.N; the deploy job picks up tags only.',
        ].join('\n');
        return {
          needle,
          key: k,
          beats: [
            one(readAct('HACKING.pod', doc), 'Before touching the export I should read the project rules.'),
            one(
              {
                kind: 'search',
                target: ':crlf',
                where: 'lib/ script/',
                output: sh(`script/nightly-export.pl:23:open my $fh, '>:raw:crlf', $out or die $!;`),
              },
              `HACKING.pod says the ${k} SFTP drops must be ASCII with CRLF; checking the export already opens its file with :crlf.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'user-feedback',
      at: 'turn',
      plant() {
        const k = mint.name();
        const needle = `If ${k}::XS does not build, leave it and tell me`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `stop using cpanm --force. ${needle} instead of forcing it in.` },
            one(
              { kind: 'shell', target: `cpanm --info ${k}::XS`, output: sh(`DARKPAN/${k}-XS-1.04.tar.gz`) },
              `Understood: no more --force. Checking which ${k}::XS tarball the DarkPAN serves.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-thoughts',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `going with Text::CSV_XS in binary mode for the ${k} feed`;
        return {
          needle,
          key: k,
          beats: [
            one(
              {
                kind: 'shell',
                target: `head -3 data/samples/${k}-feed.csv`,
                output: sh(`merchant;amount;"memo"\n4411;12,50;"refund; partial"\n4412;3,10;"first ""quoted"" line"`),
              },
              `Looking at a sample of the ${k} feed before deciding how to parse it.`,
            ),
            one(
              { kind: 'shell', target: `perl -MText::CSV_XS -e 'print $Text::CSV_XS::VERSION'`, output: sh('1.56') },
              `Quoted fields with embedded separators: splitting by hand will break. I'm ${needle}, with sep_char ';'.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-commit',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `Round ${k} settlement totals half-even via Math::BigFloat`;
        const h = hex(r, 7);
        return {
          needle,
          key: k,
          beats: [
            one(
              {
                kind: 'shell',
                target: `git commit -am "${needle}"`,
                output: sh(
                  `[main ${h}] ${needle}\n 2 files changed, ${r.int(8, 40)} insertions(+), ${r.int(1, 12)} deletions(-)`,
                ),
              },
              'Tests pass; committing the rounding change with a message that says what was chosen.',
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'user-feedback',
      at: 'turn',
      plant() {
        const k = mint.name();
        const needle = `vendor ${k}::Tiny under local/ instead of adding it to the cpanfile`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `let's ${needle}. The build box has no CPAN access.` },
            one(
              {
                kind: 'shell',
                target: `mkdir -p local/lib/perl5/${k} && cp -r ~/src/${k}-Tiny-0.07/lib/* local/lib/perl5/ && ls local/lib/perl5/${k}`,
                output: sh('Tiny.pm'),
              },
              `Vendoring ${k}::Tiny 0.07 into local/ as the user decided.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-plan',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `keep the ${k} report on raw DBI with a prepared statement`;
        return {
          needle,
          key: k,
          beats: [
            one(
              {
                kind: 'read',
                target: `sql/${k}_report.sql`,
                output: `SELECT m.id, m.name, sum(e.amount) AS total\n  FROM entry e JOIN merchant m ON m.id = e.merchant_id\n WHERE e.posted_on >= ? AND e.posted_on < ?\n GROUP BY 1, 2\n ORDER BY 3 DESC;`,
                plan: `- ${needle} (DBIx::Class would load 2M rows as objects)\n- add an index hint only if EXPLAIN says so\n- test against the fixture db`,
              },
              `The ${k} report query aggregates in SQL already; wrapping it in result classes would only add overhead.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-write',
      at: 'step',
      plant() {
        const k = mint.name();
        const path = `lib/${w.path}/Rounding/${k}.pm`;
        return {
          needle: path,
          key: k,
          beats: [
            one(
              writeAct(path, perlModule(r, `${w.ns}::Rounding::${k}`, 40), 'File written to successfully.'),
              'Putting the new rounding rules in their own module so the exporter stays readable.',
            ),
            one({ kind: 'shell', target: `perl -Ilib -c ${path}`, output: sh('', `${path} syntax OK`) }),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-edit',
      at: 'step',
      plant() {
        const k = mint.word();
        const path = `script/${k}-backfill.pl`;
        return {
          needle: path,
          key: k,
          beats: [
            one(
              readAct(
                path,
                `#!/usr/bin/env perl\nuse strict;\nuse warnings;\nuse lib 'lib';\nuse ${w.ns}::Ledger;\n\nmy $from = shift // die "usage: $0 YYYY-MM-DD\\n";\nmy $l = ${w.ns}::Ledger->new;\n$l->repost(since => $from, batch => 500);\n`,
              ),
            ),
            one(
              { kind: 'edit', target: path, old: 'batch => 500', text: 'batch => 200, sleep => 1', output: sh('') },
              `Lowering the batch size in ${path} so the backfill does not lock the entry table.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'user-pointer',
      at: 'turn',
      plant() {
        const k = mint.name();
        const path = `lib/${w.path}/Tax/${k}.pm`;
        return {
          needle: path,
          key: k,
          beats: [
            { t: 'user', text: `the VAT rounding for Austria lives in ${path}, look there first` },
            one(
              readAct(path, perlModule(r, `${w.ns}::Tax::${k}`, 50)),
              `The user points at the ${k} tax module; reading it.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-prove',
      at: 'step',
      plant() {
        const k = mint.word();
        const test = `t/${nn()}-${k}-totals.t`;
        const needle = `${test} (Wstat: 256 (exited 1) Tests: 14 Failed: 2)`;
        const before = proveOk(r, w, false).split('\n').slice(0, -3);
        const out = [
          ...before.slice(0, 4),
          `${test} .. 1/14 `,
          `#   Failed test 'refund nets against sale'`,
          `#   at ${test} line ${r.int(30, 90)}.`,
          `#          got: '${r.int(100, 999)}0'`,
          `#     expected: '${r.int(100, 999)}5'`,
          `#   Failed test 'totals per merchant'`,
          `#   at ${test} line ${r.int(91, 140)}.`,
          '# Looks like you failed 2 tests of 14.',
          `${test} .. Dubious, test returned 2 (wstat 512, 0x200)`,
          'Failed 2/14 subtests ',
          ...before.slice(4),
          '',
          'Test Summary Report',
          '-------------------',
          needle,
          '  Failed tests:  6, 9',
          `Files=${w.tests.length + 1}, Tests=${r.int(200, 500)}, ${r.int(3, 12)} wallclock secs`,
          'Result: FAIL',
        ];
        return {
          needle,
          key: k,
          beats: [
            one({ kind: 'shell', target: 'prove -lr t/', output: sh(out.join('\n')), status: 'error', exitCode: 1 }),
            one(
              readAct(
                test,
                `use strict;\nuse warnings;\nuse Test::More;\nuse ${w.ns}::Export;\n\nmy $e = ${w.ns}::Export->new(plan => '${k}');\nis $e->total_for('M1'), 1205, 'refund nets against sale';\ndone_testing;\n`,
              ),
              `Two failures in ${test}; reading the test to see what it expects.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-perl',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `Undefined subroutine &${w.ns}::${k}::net_total called`;
        const path = `lib/${w.path}/${k}.pm`;
        return {
          needle,
          key: k,
          beats: [
            one({
              kind: 'shell',
              target: 'perl -Ilib script/nightly-export.pl --date 2025-01-31 --out /tmp/x.csv',
              output: sh(
                `[info] exporting 2025-01-31\n[info] 4120 entries`,
                `${needle} at ${path} line ${r.int(40, 200)}.`,
              ),
              status: 'error',
              exitCode: 255,
            }),
            one(
              {
                kind: 'search',
                target: 'sub net_total',
                where: 'lib/',
                output: sh(`${modPath(w, 'Ledger')}:77:sub net_total {`),
              },
              `net_total lives in the Ledger module, not in ${k}; the call needs the full package name.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-cpanm',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `Installing ${k}::XS failed`;
        const stamp = `${r.int(1700000000, 1760000000)}.${r.int(1000, 9999)}`;
        const log = [
          cpanmLog(r, r.int(4000, 9000)),
          `--> Working on ${k}::XS`,
          `Fetching http://darkpan.internal/authors/id/A/AC/ACME/${k}-XS-1.04.tar.gz ... OK`,
          `Configuring ${k}-XS-1.04 ... OK`,
          `Building ${k}-XS-1.04 ... FAIL`,
          `! ${needle}. See /root/.cpanm/work/${stamp}/build.log for details. Retry with --force to force install it.`,
          cpanmLog(r, r.int(1500, 4000)),
          '! Bailing out the installation for .',
          `${r.int(20, 60)} distributions installed`,
        ];
        return {
          needle,
          key: k,
          beats: [
            one({
              kind: 'shell',
              target: 'cpanm --installdeps . --notest',
              output: sh(log.join('\n')),
              status: 'error',
              exitCode: 1,
            }),
            one({
              kind: 'shell',
              target: `tail -5 /root/.cpanm/work/${stamp}/build.log`,
              output: sh(
                `${k}.xs:112:10: fatal error: openssl/evp.h: No such file or directory\ncompilation terminated.\nmake: *** [Makefile:343: ${k}.o] Error 1\n-> FAIL Installing ${k}::XS failed. See build.log`,
              ),
            }),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'user-value',
      at: 'open',
      plant() {
        const c = mint.code(6);
        const needle = `MCH-${c}`;
        return {
          needle,
          key: c,
          text: say(
            r,
            `For manual runs use the staging merchant ${needle}, it has refunds on every plan.`,
            `Test merchant on staging: ${needle}. Don't use real ones.`,
          ),
          beats: [],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-config',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `sftp-${k}.bankgw.net`;
        const conf = `---\nexport:\n  dir: /var/spool/ledger\n  encoding: ascii\nsftp:\n  host: ${needle}\n  port: 4022\n  user: acme_drop\n  key: /etc/ledger/keys/drop_ed25519\nlog:\n  level: info\n`;
        return {
          needle,
          key: k,
          beats: [
            one(readAct('etc/ledger.yml', conf), 'Need the SFTP target the export uploads to.'),
            one({
              kind: 'shell',
              target: `nc -zv ${needle} 4022`,
              output: sh('', `Connection to ${needle} port 4022 [tcp/*] succeeded!`),
            }),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-checksum',
      at: 'step',
      plant() {
        const k = mint.hex(12);
        const sum = `${k}${hex(r, 20)}`;
        return {
          needle: sum,
          key: k,
          beats: [
            one(
              {
                kind: 'shell',
                target: 'md5sum out/ledger-2025-01-31.csv',
                output: sh(`${sum}  out/ledger-2025-01-31.csv`),
              },
              'Recording the checksum of the current export as the baseline to compare the fix against.',
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'user-feedback',
      at: 'turn',
      plant() {
        const n = mint.num(8);
        const needle = `batch ${n}`;
        return {
          needle,
          key: n,
          beats: [
            {
              t: 'user',
              text: `finance says the broken rows are all in settlement ${needle}, re-export only that one`,
            },
            one({
              kind: 'shell',
              target: `perl -Ilib script/nightly-export.pl --batch ${n} --out /tmp/b.csv && wc -l /tmp/b.csv`,
              output: sh(`${r.int(200, 900)} /tmp/b.csv`),
            }),
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'agent-final',
      at: 'end',
      ending: 'answer',
      plant() {
        const k = mint.word();
        const needle = `run script/${k}-backfill.pl --from 2025-01-01 against staging`;
        return {
          needle,
          key: k,
          beats: [
            one({ kind: 'shell', target: 'prove -lr t/', output: sh(proveOk(r, w, false)) }),
            {
              t: 'answer',
              text: `The fix is in and prove is green. Still to do before this ships: ${needle} and compare the totals with finance's sheet.`,
            },
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'agent-plan',
      at: 'end',
      ending: 'step',
      plant() {
        const k = mint.name();
        const needle = `re-run the ${k} reconciliation against last night's dump`;
        return {
          needle,
          key: k,
          beats: [
            one(
              {
                kind: 'shell',
                target: 'pg_restore -l /backups/nightly.dump | head -20',
                output: sh(
                  Array.from(
                    { length: 20 },
                    (_, i) =>
                      `${i + 3000}; 0 ${r.int(16000, 99999)} TABLE DATA public ${r.pick(['entry', 'merchant', 'journal', 'plan'])} ledger`,
                  ).join('\n'),
                ),
                plan: `- restore the dump into ledger_tmp\n- ${needle}\n- diff against today's export`,
              },
              `Checking the dump is usable; next I still have to ${needle}.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'user-final',
      at: 'end',
      ending: 'answer',
      plant() {
        const k = mint.word();
        const needle = `rotate the ${k} SFTP key`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `good. after that someone has to ${needle} — put it on the list, don't do it now` },
            one({
              kind: 'extra',
              target: 'TODO',
              tool: 'append_to_file',
              args: { filename: 'TODO.md', text: `- [ ] ${needle} (ops)\n` },
              output: 'Text appended successfully.',
            }),
            { t: 'answer', text: `Noted in TODO.md: ${needle}. I did not touch the key.` },
          ],
        };
      },
    },
  ];
}

/** More planters of the Perl session: other sources of rules, choices, files, failures and values. */
function perlMore(r: Rng, w: PerlWorld, mint: Mint): Planter[] {
  const one = (a: Act, say?: string): Beat => stepBeat({ ...(say ? { say } : {}), acts: [a] });
  return [
    {
      kind: 'constraint',
      how: 'tool-issue',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `Do not change the column order of the ${k} export`;
        const issue = [
          `Refund double count in nightly export #${r.int(300, 900)}`,
          `Open • ${r.pick(['jsmith', 'mkrause', 'afinance'])} opened about ${r.int(2, 9)} days ago • ${r.int(1, 6)} comments`,
          'Labels: bug, finance',
          '',
          '  The nightly export sums refunds twice for netted plans.',
          '',
          '  Acceptance criteria:',
          '  - totals match the ledger for January and February',
          `  - ${needle}; the bank parses it by position.`,
          '  - a regression test in t/',
          '',
          'View this issue on GitHub: https://github.com/acme/billing/issues/' + r.int(300, 900),
        ];
        return {
          needle,
          key: k,
          beats: [
            one(
              { kind: 'shell', target: `gh issue view ${r.int(300, 900)}`, output: sh(issue.join('\n')) },
              'Reading the issue for the acceptance criteria.',
            ),
            one(
              {
                kind: 'search',
                target: 'COLUMNS',
                where: 'lib/',
                output: sh(
                  `${modPath(w, 'Export')}:14:use constant COLUMNS => [qw(merchant posted_on amount currency)]; # ${k} layout`,
                ),
              },
              `The ${k} column order is fixed in the Export module; I will not touch COLUMNS.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-commit',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `Cache ${k} FX rates once per run instead of per row`;
        return {
          needle,
          key: k,
          beats: [
            one(
              {
                kind: 'shell',
                target: `git commit -am "${needle}"`,
                output: sh(
                  `[main ${hex(r, 7)}] ${needle}\n 1 file changed, ${r.int(5, 30)} insertions(+), ${r.int(2, 20)} deletions(-)`,
                ),
              },
              'The profile showed 40% of the run in rate lookups; committing the cache.',
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-thoughts',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `stream the ${k} rows with fetchrow_arrayref instead of loading all() into memory`;
        return {
          needle,
          key: k,
          beats: [
            one(
              {
                kind: 'shell',
                target: `/usr/bin/time -v perl -Ilib script/nightly-export.pl --plan ${k} --out /dev/null 2>&1 | grep Maximum`,
                output: sh(`\tMaximum resident set size (kbytes): ${r.int(3000000, 7000000)}`),
              },
              `The ${k} export peaks at several GB of RAM. I'll ${needle}.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-write',
      at: 'step',
      plant() {
        const k = mint.name();
        const path = `t/lib/Fixture/${k}.pm`;
        return {
          needle: path,
          key: k,
          beats: [
            one(
              {
                kind: 'write',
                target: path,
                text: `package Fixture::${k};\nuse strict;\nuse warnings;\nuse parent 'Exporter';\nour @EXPORT_OK = qw(merchant_with_refunds);\n\nsub merchant_with_refunds {\n    return { id => 'M1', sales => [1000, 250], refunds => [45] };\n}\n\n1;\n`,
                output: 'File written to successfully.',
              },
              `A shared fixture for the refund tests goes to ${path}.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-edit',
      at: 'step',
      plant() {
        const k = mint.word();
        const path = `etc/cron.d/${k}-export`;
        return {
          needle: path,
          key: k,
          beats: [
            one({
              kind: 'read',
              target: path,
              output: `# m h dom mon dow user command\n15 2 * * * ledger /srv/app/script/nightly-export.pl --plan ${k} >> /var/log/ledger/${k}.log 2>&1\n`,
            }),
            one(
              { kind: 'edit', target: path, old: '15 2 * * *', text: '45 3 * * *', output: sh('') },
              `Moving the ${k} export after the 03:00 settlement import in ${path}.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-exception',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `${w.ns}::X::${k}Mismatch: ledger total`;
        const log = [
          ...Array.from(
            { length: r.int(20, 60) },
            () =>
              `[${w.clock.stamp()}] [info] ${r.pick(['exported', 'posted', 'skipped'])} ${r.int(10, 900)} rows for ${r.pick(['M1', 'M7', 'M12', 'M31'])}`,
          ),
          `[${w.clock.stamp()}] [fatal] ${needle} 1205.00 != export total 1210.00 at ${modPath(w, 'Export')} line ${r.int(90, 300)}.`,
          `[${w.clock.stamp()}] [info] export aborted, partial file removed`,
        ];
        return {
          needle,
          key: k,
          beats: [
            one({
              kind: 'shell',
              target: 'perl -Ilib script/nightly-export.pl --date 2025-02-28 --out /tmp/feb.csv',
              output: sh('', log.join('\n')),
              status: 'error',
              exitCode: 255,
            }),
            one(
              {
                kind: 'search',
                target: `${k}Mismatch`,
                where: 'lib/',
                output: sh(
                  `lib/${w.path}/X.pm:31:    ${k}Mismatch => { isa => 'X::Base', fields => [qw(ledger export)] },`,
                ),
              },
              `The ${k}Mismatch exception is thrown by the final cross-check; the two totals differ by one refund.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-psql',
      at: 'step',
      plant() {
        const k = mint.word();
        const bps = r.int(101, 199);
        const needle = `${k}_eu|${bps}`;
        return {
          needle,
          key: k,
          beats: [
            one(
              {
                kind: 'shell',
                target: `psql -At -c "select code, fee_bps from settlement_plan where code like '${k}%' order by 1"`,
                output: sh(`${needle}\n${k}_uk|${bps + r.int(3, 9)}\n${k}_us|${bps + r.int(10, 30)}`),
              },
              `Looking up the fees of the ${k} plans to put into the test.`,
            ),
          ],
        };
      },
    },
  ];
}

function readAct(path: string, output: string): Act {
  return { kind: 'read', target: path, output };
}

function writeAct(path: string, text: string, output: string): Act {
  return { kind: 'write', target: path, text, output };
}
