/**
 * The swerex harness of the sill family (sill.ts): an agent whose tools are the actions of a
 * SWE-ReX-like remote runtime. Native calls: `run_in_session` (a `BashAction`: `session`, `command`,
 * `timeout`, `check`), `execute` (a one-off `Command` with an argv list), `read_file`, `write_file`;
 * independent calls in different sessions are made in parallel. Each tool message is the runtime's
 * response as JSON — a `BashObservation` (`session_type`, `output`, `exit_code`, `failure_reason`,
 * `expect_string`), a `CommandResponse` (`stdout`, `stderr`, `exit_code`), a `ReadFileResponse`
 * (`content`) — or, for a `check: "raise"` action that failed, the serialised `swerexception`.
 * A Puppet 8 control repository for a network of clinics in Kinshasa (roles and profiles, Hiera, PDK
 * modules, r10k): `pdk validate` with its tree of validators and puppet-lint warnings, `puppet parser
 * validate` syntax errors, rspec-puppet failure blocks (`Failure/Error:`, `expected that the catalogue
 * would contain …`, `error during compilation: Evaluation Error: …`, `n examples, n failures`), agent
 * `--noop` runs and their `Could not retrieve catalog from remote server: Error 500 on SERVER` failures,
 * r10k deploys; for a Lingala-speaking sysadmin.
 * Reconstructed rather than copied: SWE-ReX's model and field names are from memory of its source
 * (the `swerexception` envelope and its class paths less sure); PDK 3 and Puppet 8 messages from memory
 * (wording close, the validator tree's glyphs approximate); the clinics' hosts are invented; the
 * Lingala is plain and may be stiff.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  dur,
  fail,
  hex,
  lines,
  many,
  ok,
  one,
  say,
  type Planter,
  type SillCall,
  type SillHarness,
  type SillStep,
} from './sill-kit';

const ROOT = '/srv/lopitalo/control-repo';
const HOSTS = ['kin-clinic-01', 'kin-clinic-02', 'kin-clinic-03', 'kin-lab-01', 'kin-emr-db', 'kin-backup'];
const CLASSES = ['profile::emr', 'profile::postgres', 'profile::backups', 'profile::base', 'role::clinic_server'];
const SPECS = [
  'spec/classes/profile_emr_spec.rb',
  'spec/classes/profile_postgres_spec.rb',
  'spec/classes/profile_backups_spec.rb',
  'spec/classes/role_clinic_server_spec.rb',
];
const PP = [
  'class profile::emr (\n  String $db_host,\n  Integer $heap_mb = 2048,\n) {\n  include profile::base',
  "  package { 'openmrs':\n    ensure => installed,\n  }",
  "  file { '/etc/openmrs/runtime.properties':\n    ensure  => file,\n    owner   => 'tomcat',\n    mode    => '0640',\n    content => epp('profile/openmrs/runtime.properties.epp', { db_host => $db_host }),\n    notify  => Service['tomcat9'],\n  }",
  "  service { 'tomcat9':\n    ensure => running,\n    enable => true,\n  }",
  '}',
];

function bash(command: string, output: string, code = 0, session = 'default', check = 'ignore'): SillCall {
  const args = { session, command, timeout: 300, check };
  return code === 0 ? ok('run_in_session', args, output, 0) : fail('run_in_session', args, output, code);
}

function exec(argv: string[], stdout: string, stderr = '', code = 0): SillCall {
  const args = { command: argv, shell: false, timeout: 120 };
  const out = JSON.stringify({ stdout, stderr, exit_code: code }, null, 2);
  return code === 0 ? ok('execute', args, out, 0) : fail('execute', args, out, code);
}

function read(path: string, content: string): SillCall {
  return ok('read_file', { path: `${ROOT}/${path}` }, JSON.stringify({ content }, null, 2));
}

function write(path: string, content: string): SillCall {
  return ok('write_file', { path: `${ROOT}/${path}`, content }, '{}');
}

function pdkValidate(rng: Rng, warns: string[] = []): string {
  return `pdk (INFO): Using Ruby 3.2.5\npdk (INFO): Using Puppet 8.10.0\npdk (INFO): Running all available validators...\n┌ [✔] Running metadata validators ...\n├── [✔] Checking metadata syntax (metadata.json tasks/*.json).\n└── [✔] Checking module metadata style (metadata.json).\n┌ [✔] Running puppet validators ...\n├── [✔] Checking Puppet manifest syntax (**/*.pp).\n└── [✔] Checking Puppet manifest style (**/*.pp).\n┌ [✔] Running ruby validators ...\n└── [✔] Checking Ruby code style (**/**.rb).\n┌ [✔] Running yaml validators ...\n└── [✔] Checking YAML syntax (**/*.yaml **/*.yml).${warns.length ? `\n${warns.join('\n')}` : ''}\ninfo: task-metadata-lint: ./: Target does not contain any files to validate (tasks/*.json).${rng.chance(0.5) ? '' : '\ninfo: puppet-epp: ./: Target does not contain any files to validate (**/*.epp).'}`;
}

/** An rspec-puppet run; `failure` is one numbered failure block. */
function rspec(rng: Rng, failure?: { title: string; body: string; line: number; spec: string }): string {
  const n = rng.int(18, 64);
  const dots = `${'.'.repeat(Math.floor(n / 2))}${failure ? 'F' : ''}${'.'.repeat(Math.ceil(n / 2))}`;
  const time = `Finished in ${dur(rng, 3, 40)} seconds (files took ${dur(rng, 1, 4)} seconds to load)`;
  if (!failure) return `${dots}\n\n${time}\n${n} examples, 0 failures`;
  return `${dots}\n\nFailures:\n\n  1) ${failure.title}\n     Failure/Error: ${failure.body}\n     # ./${failure.spec}:${failure.line}:in \`block (4 levels) in <top (required)>'\n\n${time}\n${n + 1} examples, 1 failure\n\nFailed examples:\n\nrspec ./${failure.spec}:${failure.line} # ${failure.title}`;
}

function noop(rng: Rng, host: string): string {
  const changes = rng.int(0, 3);
  return `Info: Using environment 'production'\nInfo: Retrieving pluginfacts\nInfo: Retrieving plugin\nInfo: Loading facts\nInfo: Caching catalog for ${host}.lopitalo.cd\nInfo: Applying configuration version '${hex(rng, 7)}'\n${lines(changes, () => `Notice: /Stage[main]/Profile::Emr/File[/etc/openmrs/runtime.properties]/content: current_value '{sha256}${hex(rng, 64)}', should be '{sha256}${hex(rng, 64)}' (noop)`)}${changes ? '\n' : ''}Notice: Class[Profile::Emr]: Would have triggered 'refresh' from ${changes} events\nNotice: Applied catalog in ${dur(rng, 1, 12)} seconds`;
}

function swerexNoise(rng: Rng): SillStep {
  const r = rng.int(0, 7);
  if (r === 0) return one(undefined, bash('pdk validate', pdkValidate(rng)));
  if (r === 1)
    return many('Lint and unit tests in two sessions at once.', [
      bash(
        'pdk validate',
        pdkValidate(rng, [
          `warning: puppet-lint: manifests/${rng.pick(['emr', 'postgres', 'backups'])}.pp:${rng.int(4, 60)}:${rng.int(3, 30)}: ${rng.pick(['double quoted string containing no variables', 'indentation of => is not properly aligned (expected in column 13, but found it in column 12)', 'class not documented'])}`,
        ]),
      ),
      bash('pdk test unit', rspec(rng), 0, 'tests'),
    ]);
  if (r === 2) {
    const f = rng.pick(['emr', 'postgres', 'backups', 'base']);
    return one(undefined, read(`site/profile/manifests/${f}.pp`, PP.join('\n')));
  }
  if (r === 3) {
    const h = rng.pick(HOSTS);
    return one(
      `A noop run on ${h}.`,
      exec(
        ['ssh', `${h}.lopitalo.cd`, 'sudo', 'puppet', 'agent', '-t', '--noop'],
        noop(rng, h),
        '',
        rng.chance(0.5) ? 0 : 2,
      ),
    );
  }
  if (r === 4) {
    const f = rng.pick(['emr', 'postgres', 'backups']);
    return one(
      undefined,
      bash(
        `puppet parser validate site/profile/manifests/${f}.pp`,
        `Error: Could not parse for environment production: Syntax error at '${rng.pick(['}', 'ensure', "'running'", '=>'])}' (file: ${ROOT}/site/profile/manifests/${f}.pp, line: ${rng.int(6, 60)}, column: ${rng.int(1, 20)})`,
        1,
      ),
    );
  }
  if (r === 5) {
    const h = rng.pick(HOSTS);
    return one(
      undefined,
      exec(
        ['ssh', `${h}.lopitalo.cd`, 'sudo', 'puppet', 'agent', '-t'],
        `Info: Using environment 'production'\nInfo: Retrieving pluginfacts\nInfo: Retrieving plugin\nInfo: Loading facts`,
        `Error: Could not retrieve catalog from remote server: Error 500 on SERVER: Server Error: Evaluation Error: Error while evaluating a Function Call, Could not find data item profile::emr::db_host in any Hiera data file and no default supplied (file: /etc/puppetlabs/code/environments/production/site/role/manifests/clinic_server.pp, line: ${rng.int(3, 9)}, column: 3) on node ${h}.lopitalo.cd\nWarning: Not using cache on failed catalog\nError: Could not retrieve catalog; skipping run`,
        1,
      ),
    );
  }
  if (r === 6)
    return many('Deploying the environment and reading the Hiera layer for the clinics together.', [
      bash(
        'r10k deploy environment production -pv',
        `INFO\t -> Using Puppetfile '${ROOT}/Puppetfile'\nINFO\t -> Deploying environment /etc/puppetlabs/code/environments/production\nINFO\t -> Environment production is now at ${hex(rng, 40)}\nINFO\t -> Deploying Puppetfile content /etc/puppetlabs/code/environments/production/modules/stdlib\nINFO\t -> Deploying Puppetfile content /etc/puppetlabs/code/environments/production/modules/postgresql\nINFO\t -> Finished processing 1 environments in ${dur(rng, 4, 40)} seconds`,
        0,
        'deploy',
      ),
      read(
        'data/role/clinic_server.yaml',
        `---\nprofile::emr::heap_mb: ${rng.pick([1536, 2048, 3072])}\nprofile::backups::target: 'kin-backup.lopitalo.cd'\nprofile::base::ntp_servers:\n  - 0.cd.pool.ntp.org\n  - 1.cd.pool.ntp.org`,
      ),
    ]);
  return one(
    undefined,
    bash(
      'git log --oneline -4 && git status --short',
      `${hex(rng, 7)} profile::emr: heap from hiera\n${hex(rng, 7)} role::clinic_server: backups\n${hex(rng, 7)} Puppetfile: stdlib 9.6.0\n${hex(rng, 7)} hiera: clinic nodes\n M site/profile/manifests/${rng.pick(['emr', 'postgres', 'backups'])}.pp`,
    ),
  );
}

function swerexBig(rng: Rng): SillStep {
  const n = rng.int(200, 240);
  return one(
    "The full report of last night's runs, to see which clinics drift.",
    bash(
      'sudo cat /opt/puppetlabs/server/data/puppetserver/reports/summary.log',
      lines(
        n,
        (i) =>
          `2025-03-${String(1 + (i % 27)).padStart(2, '0')}T0${i % 10}:${String(i % 60).padStart(2, '0')}:${String((i * 13) % 60).padStart(2, '0')}.${rng.int(100, 999)}+01:00 ${HOSTS[i % HOSTS.length]}.lopitalo.cd status=${rng.pick(['unchanged', 'unchanged', 'changed', 'failed'])} resources=${rng.int(180, 420)} changed=${rng.int(0, 6)} failed=${rng.int(0, 1)} time=${dur(rng, 4, 90)}s config=${hex(rng, 7)} noop=false corrective_change=${rng.pick(['false', 'false', 'true'])} puppet_version=8.10.0`,
      ),
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `bakisa profile ya sika ${t} oyo ekobatela ba backups ya base de données mokolo na mokolo`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Mbote! Projet ezali na ${ROOT} — control repo ya Puppet mpo na ba serveurs ya ba clinique na Kinshasa. Nalingi ete o${needle}. Svp limbolá etape moko na moko.`,
            },
            {
              step: many('Validating and running the unit tests in two sessions first.', [
                bash('pdk validate', pdkValidate(rng)),
                bash('pdk test unit', rspec(rng), 0, 'tests'),
              ]),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: tia monitoring ya disque na ba serveurs nyonso ya laboratoire`;
        return { how: 'user-followup', needle, beats: [{ user: `Mosala oyo elandi: ${needle}.` }] };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `${x}: kosala puppet agent na production te soki noop te`,
            (x) => `ba mots de passe nyonso ya ${x} esengeli kozala na eyaml`,
            (x) => `${x}: kobongola kin-emr-db te na mikolo ya mosala`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Mobeko: ${needle}.`, `Kobosana te — ${needle}.`, `Eloko ya ntina: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: profiles never declare other profiles' resources, they include the profile`,
          `${T}: every class parameter without a default gets a value in data/common.yaml`,
          `${T} - roles only include profiles; no resources and no Hiera lookups in a role`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: many("The repo's contribution notes and the Puppetfile, side by side.", [
                read(
                  'CONTRIBUTING.md',
                  `# lopitalo control repo\n\n## Conventions\n\n* ${needle}\n* \`pdk validate\` and \`pdk test unit\` must pass before a merge request\n* eyaml for every secret`,
                ),
                read(
                  'Puppetfile',
                  `forge 'https://forge.puppet.com'\n\nmod 'puppetlabs-stdlib', '9.6.0'\nmod 'puppetlabs-postgresql', '10.3.0'\nmod 'puppet-archive', '7.1.0'`,
                ),
              ]),
            },
            { step: one(`${T} it is. Unit tests first.`, bash('pdk test unit', rspec(rng), 0, 'tests')) },
          ],
        };
      },
    },
  ],
  decision: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `I'll run the ${x} dumps from a systemd timer managed by Puppet rather than a cron resource`,
            (x) => `${x} should ship dumps to kin-backup with rsync over ssh, not an NFS mount, because the link drops`,
            (x) => `better to keep ${x} retention in Hiera per role than hard-code seven days in the profile`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `After reading profile::postgres: ${needle}.`,
                write('docs/decisions.md', `# Decisions\n\n- ${needle}.\n`),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} ekosalela module puppetlabs-postgresql, kasi script na biso moko te`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Tozwi mokano: ${needle}.`, `Tósala boye: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `site/profile/manifests/${t}.pp`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('The new profile, and its syntax check in another session.', [
                write(
                  needle,
                  `# @summary Nightly database dumps\nclass profile::${t} (\n  Integer $retention_days = 7,\n) {\n  include profile::postgres\n}\n`,
                ),
                bash(`puppet parser validate ${needle} && echo ok`, 'ok', 0, 'lint'),
              ]),
            },
            { step: one(undefined, bash('pdk test unit', rspec(rng), 0, 'tests')) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `spec/classes/profile_${t}_spec.rb`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'A spec for it, as the conventions want.',
                write(
                  needle,
                  `require 'spec_helper'\n\ndescribe 'profile::${t}' do\n  on_supported_os.each do |os, os_facts|\n    context "on #{os}" do\n      let(:facts) { os_facts }\n\n      it { is_expected.to compile.with_all_deps }\n    end\n  end\nend\n`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
  error: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `parameter '${t}_dir' expects a String value, got Undef`;
        const spec = rng.pick(SPECS);
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: one(
                undefined,
                bash(
                  'pdk test unit',
                  rspec(rng, {
                    title: `${rng.pick(CLASSES)} on ubuntu-22.04-x86_64 is expected to compile into a catalogue without dependency cycles`,
                    body: `it { is_expected.to compile.with_all_deps }\n       error during compilation: Evaluation Error: Error while evaluating a Resource Statement, Class[Profile::Backups]: ${needle} (file: ${ROOT}/spec/fixtures/modules/profile/manifests/backups.pp, line: 2, column: 1) on node ${chars(rng, 8, 'abcdefghij')}.example.com`,
                    line: rng.int(8, 30),
                    spec,
                  }),
                  1,
                  'tests',
                ),
              ),
            },
            {
              step: one(
                `${t}_dir has no Hiera value; adding one to data/common.yaml.`,
                write('data/common.yaml', `---\nprofile::backups::${t}_dir: '/var/backups/pg'\n`),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `Could not find class ::profile::${t} for`;
        const h = rng.pick(HOSTS);
        return {
          how: 'tool-agent',
          needle,
          beats: [
            {
              step: one(
                undefined,
                exec(
                  ['ssh', `${h}.lopitalo.cd`, 'sudo', 'puppet', 'agent', '-t', '--noop'],
                  "Info: Using environment 'production'\nInfo: Retrieving pluginfacts\nInfo: Retrieving plugin\nInfo: Loading facts",
                  `Error: Could not retrieve catalog from remote server: Error 500 on SERVER: Server Error: Evaluation Error: Error while evaluating a Function Call, ${needle} ${h}.lopitalo.cd (file: /etc/puppetlabs/code/environments/production/site/role/manifests/clinic_server.pp, line: ${rng.int(3, 12)}, column: 3) on node ${h}.lopitalo.cd\nWarning: Not using cache on failed catalog\nError: Could not retrieve catalog; skipping run`,
                  1,
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `expected that the catalogue would contain Service[${t}]`;
        const spec = rng.pick(SPECS);
        const line = rng.int(10, 40);
        return {
          how: 'tool-raise',
          needle,
          beats: [
            {
              step: one(undefined, {
                ...bash('pdk test unit', '', 1, 'tests', 'raise'),
                output: JSON.stringify(
                  {
                    swerexception: {
                      class_path: 'swerex.exceptions.NonZeroExitCodeError',
                      message: `Command 'pdk test unit' failed with exit code 1. Here is the output:\n${rspec(rng, { title: `profile::emr on debian-12-x86_64 is expected to contain Service[${t}] with ensure => "running"`, body: `it { is_expected.to contain_service('${t}').with_ensure('running') }\n       ${needle}`, line, spec })}`,
                      traceback: `Traceback (most recent call last):\n  File "/root/.local/lib/python3.11/site-packages/swerex/runtime/local.py", line ${rng.int(300, 400)}, in run_in_session\n    return await self.sessions[action.session].run(action)\nswerex.exceptions.NonZeroExitCodeError: Command 'pdk test unit' failed with exit code 1.`,
                    },
                  },
                  null,
                  2,
                ),
              }),
            },
          ],
        };
      },
    },
  ],
  value: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('hex');
        const needle = `Applying configuration version '${t}'`;
        const h = rng.pick(HOSTS);
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                exec(
                  ['ssh', `${h}.lopitalo.cd`, 'sudo', 'puppet', 'agent', '-t'],
                  `Info: Using environment 'production'\nInfo: Caching catalog for ${h}.lopitalo.cd\nInfo: ${needle}\nNotice: /Stage[main]/Profile::Backups/Systemd::Timer[pg-dump.timer]/ensure: created\nNotice: Applied catalog in ${dur(rng, 2, 20)} seconds`,
                  '',
                  2,
                ),
              ),
            },
            {
              step: one(
                `${t} is the commit now live on ${h}; noting it in the change log.`,
                write('CHANGELOG.md', `- ${h}: ${needle}\n`),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('num');
        const needle = `${t} examples, 0 failures`;
        return {
          how: 'tool-count',
          needle,
          beats: [
            {
              step: one(
                undefined,
                bash(
                  'pdk test unit --parallel',
                  `${'.'.repeat(rng.int(40, 90))}\n\nFinished in ${dur(rng, 10, 90)} seconds (files took ${dur(rng, 1, 4)} seconds to load)\n${needle}`,
                  0,
                  'tests',
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('code');
        const needle = `LPT-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Numero ya contrat ya backup ezali ${needle}; tia yango na Hiera ya kin-backup.` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `Left to do: a restore test for ${x} on kin-lab-01 before it goes to the clinics`,
            (x) => `${x} isn't applied to kin-clinic-03 yet, the node is still on the old role`,
            (x) => `eloko elandi: komeka ${x} na noop na ba clinique nyonso`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `${needle}.`,
                bash(`git commit -qam "profile: ${t}" && git log --oneline -1`, `${hex(rng, 7)} profile: ${t}`),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `na nsuka, komá bokuse moke na Lingala mpo na ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Matondi. Likambo moko lisusu: ${needle}.` },
            { step: one(undefined, bash('pdk test unit', rspec(rng), 0, 'tests')) },
          ],
        };
      },
    },
  ],
};

/** The swerex harness. */
export const SILL_SWEREX: SillHarness = {
  style: 'swerex',
  protocol: 'native',
  system: `You are a sysadmin agent for the Lopitalo clinic network in Kinshasa. You work on the Puppet 8 control repository in ${ROOT} through a remote runtime: run_in_session runs a bash command in a named session (sessions default, tests, lint and deploy are open; check "raise" fails the call on a non-zero exit), execute runs one argv command outside any session (use it for ssh to the nodes), read_file and write_file take absolute paths. Call several tools at once when they are independent and use different sessions. Never run puppet agent without --noop on a clinic unless the user says so. The sysadmin writes Lingala; answer in Lingala or French.`,
  tools: ['run_in_session', 'execute', 'read_file', 'write_file'],
  callId: (rng: Rng) => `call_${chars(rng, 24)}`,
  wrap: (c) => {
    if (c.tool !== 'run_in_session') return c.output;
    if (c.output.startsWith('{\n  "swerexception"')) return c.output;
    return JSON.stringify(
      {
        session_type: 'bash',
        output: c.output,
        exit_code: c.exitCode ?? 0,
        failure_reason: '',
        expect_string: 'SHELLPS1PREFIX',
      },
      null,
      2,
    );
  },
  noise: swerexNoise,
  big: swerexBig,
  followUp: (rng) =>
    rng.pick([
      'Ba tests elekaki?',
      'pdk validate ezali malamu?',
      'Svp sala ba tests lisusu.',
      'Obongoli nini?',
      'Malamu, nini etikali?',
      'Mabunga ezali kaka?',
    ]),
  keepGoing: (rng) => rng.pick(['Kobá.', 'Kobá, kotelema te.', 'Kobá kino ba tests nyonso ekoleka.']),
  answer: (rng) =>
    rng.pick([
      `Esili: ba tests nyonso ya rspec-puppet elekaki (${rng.int(20, 70)} examples).`,
      'Done: pdk validate is clean and every rspec-puppet example passes.',
      'Ebongisami. Ezali na warning moko ya kala na profile::base oyo etali mbongwana oyo te.',
      'Na mokuse: profile esalaka, mpe noop na ba clinique emonisi mbongwana moko te ya mabe.',
    ]),
  probe: (rng) => rng.pick(['Kobá.', 'Kobá epai otikaki.', 'Sikoyo nini?']),
  planters: PLANTERS,
};
