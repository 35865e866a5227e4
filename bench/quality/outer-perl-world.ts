/**
 * The Perl project of the outer family's AutoGPT-style session (outer-perl.ts): its modules,
 * generated sources and tool outputs (prove/TAP, cpanm, perlcritic, searches), and the steps
 * that carry no fact.
 */
import { grepFrom, grow, hex, lpad, Clock, type Act, type Step } from './outer-kit';
import type { Rng } from './rng';

/** Namespaces of the billing code base. */
const NAMESPACES = ['Acme::Billing', 'Ledgerly', 'Kasse::Core', 'Invoicer'];
/** Modules under the namespace. */
const MODULES = [
  'Invoice',
  'Ledger',
  'Export',
  'Currency',
  'Report',
  'Customer',
  'Tax',
  'Refund',
  'Payment',
  'Schema::Result::Account',
  'Schema::Result::Entry',
  'Util::Date',
  'Util::Money',
  'Web::Controller::Api',
  'Queue::Worker',
  'Mailer',
];
/** CPAN distributions the code uses. */
export const CPAN = [
  'Moo',
  'Type::Tiny',
  'DBIx::Class',
  'DBD::Pg',
  'Text::CSV_XS',
  'DateTime',
  'DateTime::Format::Pg',
  'Try::Tiny',
  'Path::Tiny',
  'JSON::MaybeXS',
  'Mojolicious',
  'Log::Any',
  'Math::BigFloat',
  'Email::Sender',
  'Test::Deep',
  'Test::MockObject',
  'Net::SFTP::Foreign',
  'YAML::XS',
  'Params::ValidationCompiler',
  'namespace::clean',
];
/** Lines of Perl the generated modules are made of. */
export const BODY = [
  'my ($self, %args) = @_;',
  'my $rs = $self->schema->resultset($args{table});',
  'return unless defined $args{amount};',
  'my $cents = Math::BigFloat->new($args{amount})->bmul(100)->bfround(0);',
  "$self->log->debugf('posting %s', $args{id});",
  'my $dt = DateTime->now(time_zone => $self->tz);',
  "croak 'missing merchant' unless $args{merchant};",
  'for my $row ($rs->all) {',
  '    $total += $row->amount;',
  '}',
  'my $csv = Text::CSV_XS->new({ binary => 1, eol => "\\r\\n" });',
  'return $self->_round($total);',
  'local $@;',
  'my $json = JSON::MaybeXS->new(canonical => 1);',
  'push @lines, [ $row->id, $row->posted_on->ymd, $row->amount ];',
];
/** AutoGPT `thoughts` of steps that carry no fact. */
export const THINK = [
  'I should look at how the export module builds its rows before changing anything.',
  'The tests are the fastest way to see the current state of the code.',
  'I need to know which modules touch the ledger tables.',
  'Checking the dependency list before installing anything new.',
  'The previous command gave me what I needed; moving on to the next file.',
  'I want to confirm the change compiles before running the whole suite.',
  'Searching for prior art is cheaper than guessing the API.',
];
/** AutoGPT `criticism` lines. */
export const CRITICISM = [
  'I should avoid reading whole files when a grep would do.',
  'I have been running the full suite too often; target single test files.',
  'I must not assume the CPAN docs match the installed version.',
  'Be careful not to change behaviour outside the task.',
  'I could batch these reads to save steps.',
];

/** A user-facing sentence of AutoGPT's `speak` field from a thought. */
export function speakOf(text: string): string {
  return text.length > 110 ? `${text.slice(0, 107)}...` : text;
}

/** The session's Perl project. */
export interface PerlWorld {
  root: string;
  ns: string;
  path: string;
  modules: string[];
  tests: string[];
  clock: Clock;
}

/** A seeded Perl project. */
export function world(r: Rng): PerlWorld {
  const ns = r.pick(NAMESPACES);
  const modules = r.sample(MODULES, 11);
  return {
    root: r.pick(['/workspace/billing', '/home/ci/ledger', '/srv/app/invoicer']),
    ns,
    path: ns.replace(/::/g, '/'),
    modules,
    tests: modules.map((m, i) => `t/${String(i + 1).padStart(2, '0')}-${m.toLowerCase().replace(/::/g, '-')}.t`),
    clock: new Clock(r),
  };
}

/** `STDOUT:`/`STDERR:` as AutoGPT's execute_shell returns them. */
export function sh(stdout: string, stderr = ''): string {
  return `STDOUT:\n${stdout}\nSTDERR:\n${stderr}`;
}

/** The file of a module. */
export function modPath(w: PerlWorld, m: string): string {
  return `lib/${w.path}/${m.replace(/::/g, '/')}.pm`;
}

/** A Perl module of about `lines` lines. */
export function perlModule(r: Rng, pkg: string, lines: number): string {
  const out = [
    `package ${pkg};`,
    '',
    'use strict;',
    'use warnings;',
    `use ${r.pick(CPAN)};`,
    `use ${r.pick(CPAN)};`,
    '',
  ];
  while (out.length < lines) {
    out.push(
      `sub ${r.pick(['total', 'post', 'fetch', 'render', 'validate', 'apply', 'build_row', '_round', 'for_period'])}_${r.int(1, 99)} {`,
    );
    for (let i = r.int(3, 9); i > 0; i--) out.push(`    ${r.pick(BODY)}`);
    out.push('}', '');
  }
  out.push('1;', '', '__END__', '', `=head1 NAME\n\n${pkg} - part of the billing core`);
  return out.join('\n');
}

/** A passing prove run (verbose: every TAP line). */
export function proveOk(r: Rng, w: PerlWorld, verbose: boolean): string {
  const lines: string[] = [];
  let tests = 0;
  for (const t of w.tests) {
    const n = r.int(4, 40);
    tests += n;
    if (verbose) {
      lines.push(`${t} .. `);
      for (let i = 1; i <= n; i++)
        lines.push(
          `ok ${i} - ${r.pick(['totals match', 'rounds half up', 'rejects empty merchant', 'csv header', 'posts journal', 'handles DST', 'refund reverses entry', 'idempotent rerun'])}`,
        );
      lines.push(`1..${n}`, 'ok');
    } else lines.push(`${t} ${'.'.repeat(Math.max(2, 34 - t.length))} ok`);
  }
  lines.push(
    'All tests successful.',
    `Files=${w.tests.length}, Tests=${tests}, ${r.int(2, 19)} wallclock secs ( 0.${r.int(10, 99)} usr  0.0${r.int(1, 9)} sys + ${r.int(2, 9)}.${r.int(10, 99)} cusr  0.${r.int(10, 99)} csys = ${r.int(3, 12)}.${r.int(10, 99)} CPU)`,
    'Result: PASS',
  );
  return lines.join('\n');
}

/** cpanm output of at least `min` characters. */
export function cpanmLog(r: Rng, min: number): string {
  const lines = grow(min, (i) => {
    const mod = CPAN[i % CPAN.length] as string;
    const v = `${r.int(0, 3)}.${lpad(r.int(0, 999), 3).replace(/ /g, '0')}`;
    return r.pick([
      `--> Working on ${mod}\nFetching http://www.cpan.org/authors/id/${'ABCDEFGHIJKLMNOPRSTW'.charAt(r.int(0, 19))}/${hex(r, 2).toUpperCase()}/${mod.replace(/::/g, '-')}-${v}.tar.gz ... OK\nConfiguring ${mod.replace(/::/g, '-')}-${v} ... OK\nBuilding ${mod.replace(/::/g, '-')}-${v} ... OK\nSuccessfully installed ${mod.replace(/::/g, '-')}-${v}`,
      `${mod} is up to date. (${v})`,
    ]);
  });
  return lines.join('\n');
}

/** A step of the Perl session that carries no fact. */
export function noiseStep(r: Rng, w: PerlWorld): Step {
  const m = r.pick(w.modules);
  const big = r.chance(0.035);
  const one = (a: Act, say: string): Step => ({ say, acts: [a] });
  switch (r.int(0, 9)) {
    case 0: {
      const files = big
        ? grow(
            r.int(21000, 40000),
            (i) =>
              `local/lib/perl5/${(CPAN[i % CPAN.length] as string).replace(/::/g, '/')}/${r.pick(['Util', 'Role', 'Base', 'Storage', 'Types', 'Meta'])}${i}.pm`,
          )
        : w.modules.map((x) => modPath(w, x));
      const dir = big ? 'local/lib/perl5' : `lib/${w.path}`;
      return one(
        { kind: 'list', target: dir, output: `[${files.map((f) => `'${f}'`).join(', ')}]` },
        `Listing ${dir} to see which modules exist.`,
      );
    }
    case 1:
      return one(
        { kind: 'read', target: modPath(w, m), output: perlModule(r, `${w.ns}::${m}`, big ? 900 : r.int(30, 140)) },
        `Reading ${w.ns}::${m} to understand how it is structured.`,
      );
    case 2:
      return one(
        { kind: 'shell', target: big ? 'prove -lrv t/' : 'prove -lr t/', output: sh(proveOk(r, w, big)) },
        'Running the test suite to see the current state.',
      );
    case 3:
      return one(
        { kind: 'shell', target: `perl -Ilib -c ${modPath(w, m)}`, output: sh('', `${modPath(w, m)} syntax OK`) },
        `Checking that ${modPath(w, m)} compiles.`,
      );
    case 4: {
      const n = r.int(8, 25);
      return one(
        {
          kind: 'shell',
          target: `git log --oneline -n ${n}`,
          output: sh(
            Array.from(
              { length: n },
              () =>
                `${hex(r, 7)} ${r.pick(['Fix', 'Add', 'Refactor', 'Bump', 'Tidy'])} ${r.pick(w.modules)} ${r.pick(['rounding', 'tests', 'export columns', 'logging', 'deps', 'POD'])}`,
            ).join('\n'),
          ),
        },
        'Looking at the recent history for context.',
      );
    }
    case 5: {
      const g = grepFrom(r, BODY, r.int(3, 30));
      return one(
        {
          kind: 'search',
          target: g.pattern,
          where: 'lib/',
          output: sh(g.hits.map((h) => `${modPath(w, r.pick(w.modules))}:${r.int(3, 400)}:    ${h}`).join('\n')),
        },
        `Searching lib/ for ${g.pattern} to find the callers.`,
      );
    }
    case 6:
      return one(
        {
          kind: 'shell',
          target: 'cpanm --installdeps . --notest',
          output: sh(cpanmLog(r, big ? r.int(21000, 40000) : r.int(600, 3000))),
        },
        'Making sure the dependencies from the cpanfile are installed.',
      );
    case 7: {
      const q = `${r.pick(CPAN)} ${r.pick(['example', 'changelog', 'deprecated', 'how to', 'perl 5.16'])}`;
      return one(
        {
          kind: 'extra',
          target: q,
          tool: 'google',
          args: { query: q },
          output: JSON.stringify(
            Array.from({ length: 8 }, (_, i) => ({
              title: `${q} - ${['metacpan.org', 'PerlMonks', 'Stack Overflow', 'blogs.perl.org'][i % 4]}`,
              href: `https://${['metacpan.org/pod', 'www.perlmonks.org/?node_id=', 'stackoverflow.com/questions', 'blogs.perl.org/users'][i % 4]}/${r.int(1000, 999999)}`,
              body: `${r.pick(['Use', 'Prefer', 'Avoid', 'Note that'])} ${r.pick(CPAN)} ${r.pick(['for this', 'since 2019', 'with care', 'in new code'])}...`,
            })),
            null,
            2,
          ),
        },
        `Searching the web for "${q}" before relying on the API.`,
      );
    }
    case 8: {
      const mod = r.pick(CPAN);
      return one(
        {
          kind: 'extra',
          target: mod,
          tool: 'browse_website',
          args: { url: `https://metacpan.org/pod/${mod}`, question: 'what changed in the latest release' },
          output: `Answer gathered from website: The latest release of ${mod} mostly fixes documentation and tightens argument validation; no breaking changes are listed. \n \n Links: ['Changes (https://metacpan.org/dist/${mod.replace(/::/g, '-')}/changes)', 'Source (https://github.com/)', 'Issues (https://rt.cpan.org/)']`,
        },
        `Checking the release notes of ${mod} on MetaCPAN.`,
      );
    }
    default:
      return one(
        {
          kind: 'shell',
          target: `perlcritic --severity ${r.int(3, 4)} lib/`,
          output: sh(
            Array.from(
              { length: r.int(3, 30) },
              () =>
                `${r.pick(['Subroutine does not end with "return"', 'Code before warnings are enabled', 'Mixed high and low-precedence booleans', 'Always unpack @_ first', 'Double-sigil dereference'])} at line ${r.int(3, 500)}, column ${r.int(1, 40)}.  See page ${r.int(10, 400)} of PBP.  (Severity: ${r.int(3, 4)})`,
            ).join('\n'),
          ),
        },
        'Running perlcritic, CI fails on severity 4 and above.',
      );
  }
}
