/**
 * The outer family's Mistral Vibe CLI session (Devstral) on a SaltStack repository: native tool
 * calls with Mistral's nine-character ids, several in parallel — `bash`, `read_file`, `write_file`,
 * `search_replace` (SEARCH/REPLACE blocks), `grep` and a `todo` list; results are the tools'
 * fields printed as `key: value`. Failures are highstate runs (`Result: False` among hundreds of
 * states, then `Summary for …`), SLS and pillar render errors.
 */
import {
  Clock,
  chars,
  grepFrom,
  grow,
  hex,
  Mint,
  parallel,
  plainNative,
  say,
  stepBeat,
  type Act,
  type Beat,
  type NativeSpec,
  type OuterHarness,
  type Planter,
  type Session,
  type Step,
} from './outer-kit';
import type { Rng } from './rng';
import type { ScriptedOutput } from './types';

const MINIONS = ['web01', 'web02', 'web03', 'web04', 'db01', 'db02', 'lb01', 'cache01', 'mon01', 'queue01'];
const SLS = ['nginx', 'php', 'users', 'ssh', 'firewall', 'monitoring', 'postgres', 'haproxy', 'logrotate', 'chrony'];
const USERS = [
  'deploy',
  'backup',
  'ansible',
  'jdoe',
  'asmith',
  'mkowal',
  'lchen',
  'rgarcia',
  'tnguyen',
  'okim',
  'pmeyer',
  'svance',
];
const SLS_LINES = [
  '  pkg.installed:',
  '  file.managed:',
  '  service.running:',
  '    - source: salt://nginx/files/nginx.conf.j2',
  '    - template: jinja',
  "    - name: {{ salt['pillar.get']('app:user', 'deploy') }}",
  '    - require:',
  '      - pkg: nginx-pkg',
  '    - watch:',
  '      - file: nginx-conf',
  '    - onchanges:',
  '      - file: php-fpm-pool',
  "{% set cfg = salt['pillar.get']('postgres', {}) %}",
  '    - mode: "0640"',
];
const PACKAGES = [
  'acl',
  'adduser',
  'apt',
  'base-files',
  'bash',
  'bsdutils',
  'ca-certificates',
  'chrony',
  'coreutils',
  'cron',
  'curl',
  'dbus',
  'debconf',
  'dpkg',
  'e2fsprogs',
  'findutils',
  'gnupg',
  'grep',
  'gzip',
  'iproute2',
  'iptables',
  'less',
  'libc6',
  'libssl3',
  'libsystemd0',
  'logrotate',
  'lsb-release',
  'nginx',
  'openssh-server',
  'openssl',
  'perl-base',
  'php8.2-fpm',
  'procps',
  'python3',
  'python3-yaml',
  'rsyslog',
  'salt-minion',
  'sed',
  'sudo',
  'systemd',
  'tar',
  'tzdata',
  'ufw',
  'util-linux',
  'vim-tiny',
  'zlib1g',
];

/** One state of a highstate: id, function, name, and the comment it prints when nothing changes. */
type SaltState = [string, string, string, string];

/** The states a minion runs, each id once: a few SLS files, then (for long runs) one state per user and key. */
function statesOf(r: Rng, count: number): SaltState[] {
  const out: SaltState[] = [];
  for (const sls of r.sample(SLS, 5)) {
    out.push([`${sls}-pkg`, 'pkg.installed', sls, 'All specified packages are already installed']);
    out.push([
      `${sls}-conf`,
      'file.managed',
      `/etc/${sls}/${sls}.conf`,
      `File /etc/${sls}/${sls}.conf is in the correct state`,
    ]);
    out.push([`${sls}-service`, 'service.running', sls, `The service ${sls} is already running`]);
  }
  for (let i = 0; out.length < count; i++) {
    const u = `${USERS[i % USERS.length] as string}${i >= USERS.length ? String(Math.floor(i / USERS.length)) : ''}`;
    out.push([`user-${u}`, 'user.present', u, `User ${u} is present and up to date`]);
    out.push([
      `ssh-key-${u}`,
      'ssh_auth.present',
      `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA${chars(r, 32, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/')}`,
      `The authorized host key AAAAC3NzaC1l... for user ${u} is already present`,
    ]);
  }
  return out.slice(0, Math.max(count, 3));
}

/** The session's Salt setup. */
interface Salt {
  domain: string;
  root: string;
  clock: Clock;
}

function salt(r: Rng): Salt {
  return {
    domain: r.pick(['example.internal', 'infra.lan', 'prod.corp']),
    root: r.pick(['~/src/salt-states', '/srv/salt-repo']),
    clock: new Clock(r),
  };
}

function minion(s: Salt, m: string): string {
  return `${m}.${s.domain}`;
}

/** A bash tool result as Vibe prints it. */
function bash(stdout: string, code = 0, stderr = ''): string {
  return `returncode: ${code}\nstdout:\n${stdout}\nstderr:\n${stderr}`;
}

function stateBlock(
  s: Salt,
  r: Rng,
  id: string,
  fn: string,
  name: string,
  ok: boolean,
  comment: string,
  changes = '',
): string {
  return [
    '----------',
    `          ID: ${id}`,
    `    Function: ${fn}`,
    `        Name: ${name}`,
    `      Result: ${ok ? 'True' : 'False'}`,
    `     Comment: ${comment}`,
    `     Started: ${s.clock.hms(r.int(5, 900))}.${String(r.int(0, 999999)).padStart(6, '0')}`,
    `    Duration: ${r.int(1, 900)}.${r.int(0, 999)} ms`,
    `     Changes:   ${changes}`,
  ].join('\n');
}

/** A highstate over some minions; `fail` puts failed states (already rendered) in the middle of the first minion. */
function highstate(s: Salt, r: Rng, minions: string[], min: number, fail: string[] = [], test = false): string {
  const out: string[] = [];
  const per = Math.max(4, Math.floor(min / Math.max(1, minions.length) / 300));
  minions.forEach((m, i) => {
    const blocks = statesOf(r, per + r.int(0, 3)).map(([id, fn, name, comment]) =>
      stateBlock(
        s,
        r,
        id,
        fn,
        name,
        true,
        test && fn === 'file.managed' ? `The file ${name} is in the correct state` : comment,
      ),
    );
    const failed = i === 0 ? fail.length : 0;
    if (failed) blocks.splice(Math.floor(blocks.length / 2), 0, ...fail);
    out.push(
      `${minion(s, m)}:`,
      ...blocks,
      '',
      `Summary for ${minion(s, m)}`,
      '-------------',
      `Succeeded: ${blocks.length - failed}${test ? '' : ` (changed=${r.int(0, 4)})`}`,
      `Failed:    ${String(failed).padStart(2)}`,
      '-------------',
      `Total states run:     ${blocks.length}`,
      `Total run time:    ${r.int(1, 40)}.${r.int(100, 999)} s`,
    );
  });
  return out.join('\n');
}

function grains(s: Salt, r: Rng, m: string): string {
  const ip = `10.${r.int(10, 60)}.${r.int(0, 9)}.${r.int(2, 250)}`;
  const rows: [string, string][] = [
    ['biosvendor', 'SeaBIOS'],
    ['cpu_model', `Intel(R) Xeon(R) Gold 6${r.int(100, 399)} CPU @ 2.${r.int(10, 90)}GHz`],
    ['domain', s.domain],
    ['fqdn', minion(s, m)],
    ['host', m],
    ['id', minion(s, m)],
    ['ip4_interfaces', `----------\n        eth0:\n            - ${ip}`],
    ['ipv4', `- 127.0.0.1\n        - ${ip}`],
    ['kernelrelease', `6.${r.int(1, 8)}.0-${r.int(10, 60)}-generic`],
    ['mem_total', String(r.int(3900, 64000))],
    ['num_cpus', String(r.pick([2, 4, 8, 16]))],
    ['os', 'Ubuntu'],
    ['os_family', 'Debian'],
    ['oscodename', r.pick(['jammy', 'noble'])],
    ['osrelease', r.pick(['22.04', '24.04'])],
    ['roles', `- ${m.replace(/\d+$/, '')}`],
    ['saltversion', `3007.${r.int(0, 1)}`],
    ['virtual', 'kvm'],
  ];
  return [`${minion(s, m)}:`, '    ----------', ...rows.map(([k, v]) => `    ${k}:\n        ${v}`)].join('\n');
}

function packages(s: Salt, r: Rng, m: string, min: number): string {
  const rows = grow(min, (i) => {
    const base = PACKAGES[i % PACKAGES.length] as string;
    const name = i < PACKAGES.length ? base : `lib${base.replace(/^lib/, '')}${Math.floor(i / PACKAGES.length)}`;
    return `    ${name}:\n        ${r.int(0, 9)}.${r.int(0, 40)}.${r.int(0, 20)}-${r.int(1, 9)}ubuntu${r.int(0, 4)}`;
  });
  return [`${minion(s, m)}:`, '    ----------', ...rows].join('\n');
}

/** The Mistral Vibe harness. */
export const VIBE: OuterHarness = {
  style: 'vibe',
  protocol: 'native',
  tools: ['bash', 'read_file', 'write_file', 'search_replace', 'grep', 'todo'],
  isResult: () => false,
  open(r: Rng, outputs: Map<string, ScriptedOutput>): Session {
    const s = salt(r.fork());
    const mint = new Mint(r.fork());
    const gen = r.fork();
    const ids = r.fork();
    const spec: NativeSpec = {
      id: () => chars(ids, 9, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'),
      call: (a: Act) => {
        switch (a.kind) {
          case 'shell':
            return { name: 'bash', args: { command: a.target } };
          case 'read':
            return { name: 'read_file', args: { path: a.target } };
          case 'write':
            return { name: 'write_file', args: { path: a.target, content: a.text ?? '', overwrite: false } };
          case 'edit':
            return {
              name: 'search_replace',
              args: {
                file_path: a.target,
                content: `<<<<<<< SEARCH\n${a.old ?? ''}\n=======\n${a.text ?? ''}\n>>>>>>> REPLACE`,
              },
            };
          case 'search':
            return { name: 'grep', args: { pattern: a.target, path: a.where ?? '.' } };
          case 'list':
            return { name: 'bash', args: { command: `ls -la ${a.target}` } };
          case 'extra':
            return { name: a.tool ?? 'todo', args: a.args ?? {} };
        }
      },
      result: (a) => a.output,
    };
    return {
      system: system(s),
      ...plainNative(spec, outputs),
      noise: () =>
        gen.chance(0.4)
          ? parallel([noiseStep(gen, s), noiseStep(gen, s), ...(gen.chance(0.35) ? [noiseStep(gen, s)] : [])])
          : noiseStep(gen, s),
      ask: () => ask(gen),
      answer: () =>
        say(
          gen,
          'Done — the dry run is clean on all targeted minions.',
          'Checked. No failed states, nothing changed.',
          "That's finished; summary above.",
          'All good: test.ping answers from every minion and the highstate dry run shows no failures.',
        ),
      resume: () => say(gen, 'continue', 'go on', 'keep working through the list'),
      probe: () => say(gen, 'continue', 'go ahead', 'ok, keep going'),
      planters: [...saltPlanters(gen, s, mint), ...saltMore(gen, s, mint)],
    };
  },
};

function system(s: Salt): string {
  return [
    "You are Mistral Vibe, a CLI coding agent built by Mistral AI. You are working in the user's terminal, in the repository below.",
    '',
    'Use the tools to explore before you change anything. Prefer `grep` and `read_file` over shell pipelines to read code. Use `search_replace` for edits to existing files and `write_file` only for new files. Keep a `todo` list for multi-step work.',
    'Be concise: the user reads your messages in a terminal.',
    '',
    `Working directory: ${s.root}`,
    'Platform: linux',
    '',
    '<project_instructions source="AGENTS.md">',
    '- States under salt/, pillar under pillar/, custom modules under salt/_modules.',
    `- The master is salt-master.${s.domain}; you have sudo on it via the \`salt\` CLI.`,
    '- Run `salt-lint` on changed SLS files.',
    '</project_instructions>',
  ].join('\n');
}

function ask(r: Rng): string {
  const m = r.pick(MINIONS);
  return r.pick([
    `is ${m} responding?`,
    `which states does ${m} get in the top file?`,
    'run salt-lint on the whole tree',
    `what's the disk usage on ${m}?`,
    `show me the pillar for ${m}, without secrets`,
    'any minions with pending keys?',
    `what salt version are the minions on?`,
  ]);
}

function noiseStep(r: Rng, s: Salt): Step {
  const m = r.pick(MINIONS);
  const big = r.chance(0.035);
  const one = (a: Act, say?: string): Step => ({ ...(say ? { say } : {}), acts: [a] });
  switch (r.int(0, 9)) {
    case 0:
      return one({
        kind: 'shell',
        target: "sudo salt '*' test.ping",
        output: bash(MINIONS.map((x) => `${minion(s, x)}:\n    True`).join('\n')),
      });
    case 1:
      return one({
        kind: 'shell',
        target: `sudo salt '${r.pick(['web*', 'db*', '*'])}' state.apply test=True`,
        output: bash(
          highstate(
            s,
            r,
            r.sample(MINIONS, big ? 8 : r.int(1, 3)),
            big ? r.int(21000, 40000) : r.int(1200, 5000),
            [],
            true,
          ),
        ),
      });
    case 2: {
      const sls = r.pick(SLS);
      return one({
        kind: 'read',
        target: `salt/${sls}/init.sls`,
        output: [
          `{% from "${sls}/map.jinja" import ${sls} with context %}`,
          '',
          `${sls}-pkg:`,
          '  pkg.installed:',
          `    - name: {{ ${sls}.pkg }}`,
          '',
          `${sls}-conf:`,
          '  file.managed:',
          `    - name: {{ ${sls}.conf }}`,
          `    - source: salt://${sls}/files/${sls}.conf.j2`,
          '    - template: jinja',
          '    - require:',
          `      - pkg: ${sls}-pkg`,
          '',
          `${sls}-service:`,
          '  service.running:',
          `    - name: {{ ${sls}.service }}`,
          '    - watch:',
          `      - file: ${sls}-conf`,
        ].join('\n'),
      });
    }
    case 3: {
      const g = grepFrom(r, SLS_LINES, r.int(3, 25));
      return one({
        kind: 'search',
        target: g.pattern,
        where: 'salt/',
        output: [
          ...g.hits.map((h) => `salt/${r.pick(SLS)}/init.sls:${r.int(2, 80)}:${h}`),
          `match_count: ${g.hits.length}`,
        ].join('\n'),
      });
    }
    case 4:
      return big
        ? one({
            kind: 'shell',
            target: `sudo salt '${m}*' pkg.list_pkgs`,
            output: bash(packages(s, r, m, r.int(21000, 32000))),
          })
        : one({ kind: 'shell', target: `sudo salt '${m}*' grains.items`, output: bash(grains(s, r, m)) });
    case 5:
      return one({
        kind: 'shell',
        target: 'sudo salt-key -L',
        output: bash(
          [
            'Accepted Keys:',
            ...MINIONS.map((x) => minion(s, x)),
            'Denied Keys:',
            'Unaccepted Keys:',
            'Rejected Keys:',
          ].join('\n'),
        ),
      });
    case 6:
      return one({
        kind: 'shell',
        target: `salt-lint salt/${r.pick(SLS)}/*.sls`,
        output: bash(
          Array.from(
            { length: r.int(0, 6) },
            () =>
              `[${r.pick([201, 204, 206, 207])}] ${r.pick(['Trailing whitespace', 'Lines should be no longer than 160 chars', 'Jinja variables should have spaces before and after: {{ var_name }}', 'File modes should always be encapsulated in quotation marks'])}\nsalt/${r.pick(SLS)}/init.sls:${r.int(2, 80)}`,
          ).join('\n\n'),
        ),
      });
    case 7:
      return one({
        kind: 'shell',
        target: `sudo salt '${m}*' cmd.run 'df -h / /var'`,
        output: bash(
          `${minion(s, m)}:\n    Filesystem      Size  Used Avail Use% Mounted on\n    /dev/sda1        40G  ${r.int(5, 35)}G  ${r.int(3, 30)}G  ${r.int(20, 90)}% /\n    /dev/sdb1       200G  ${r.int(10, 180)}G  ${r.int(10, 180)}G  ${r.int(10, 95)}% /var`,
        ),
      });
    case 8:
      return one({
        kind: 'read',
        target: 'salt/top.sls',
        output: [
          'base:',
          "  '*':",
          '    - users',
          '    - ssh',
          '    - chrony',
          '    - monitoring',
          "  'web*':",
          '    - nginx',
          '    - php',
          "  'db*':",
          '    - postgres',
          "  'lb*':",
          '    - haproxy',
        ].join('\n'),
      });
    default:
      return one({
        kind: 'shell',
        target: 'git log --oneline -12',
        output: bash(
          Array.from(
            { length: 12 },
            () =>
              `${hex(r, 7)} ${r.pick(SLS)}: ${r.pick(['tidy requisites', 'bump package version', 'fix jinja whitespace', 'add pillar defaults', 'split map.jinja'])}`,
          ).join('\n'),
        ),
      });
  }
}

/** The fact planters of the SaltStack/Vibe session. */
function saltPlanters(r: Rng, s: Salt, mint: Mint): Planter[] {
  const one = (a: Act, say?: string): Beat => stepBeat({ ...(say ? { say } : {}), acts: [a] });
  const sh = (cmd: string, stdout: string, say?: string, code = 0, stderr = ''): Beat =>
    one(
      {
        kind: 'shell',
        target: cmd,
        output: bash(stdout, code, stderr),
        ...(code ? { status: 'error' as const, exitCode: code } : {}),
      },
      say,
    );
  const todo = (todos: { content: string; status: string }[], say?: string): Beat =>
    one(
      {
        kind: 'extra',
        target: 'todo',
        tool: 'todo',
        args: {
          action: 'write',
          todos: todos.map((t, i) => ({ id: String(i + 1), content: t.content, status: t.status, priority: 'medium' })),
        },
        output: [
          `message: Updated ${todos.length} todos`,
          'todos:',
          ...todos.map(
            (t) => `- [${t.status === 'completed' ? 'x' : t.status === 'in_progress' ? '~' : ' '}] ${t.content}`,
          ),
        ].join('\n'),
      },
      say,
    );
  return [
    {
      kind: 'goal',
      how: 'user-request',
      at: 'open',
      plant() {
        const k = mint.word();
        const needle = `rolls out the ${k} exporter to every db minion`;
        return {
          needle,
          key: k,
          text: say(
            r,
            `Write a Salt state that ${needle}, with a systemd unit and the scrape target registered on mon01.`,
            `I need a state that ${needle}. Prometheus on mon01 should pick it up automatically.`,
          ),
          beats: [
            todo(
              [
                { content: `Write salt/${k}/ state (package, unit, config)`, status: 'in_progress' },
                { content: 'Register scrape target on mon01', status: 'pending' },
                { content: 'Dry run on db*', status: 'pending' },
              ],
              'Planning the work.',
            ),
          ],
        };
      },
    },
    {
      kind: 'goal',
      how: 'user-request',
      at: 'open',
      plant() {
        const k = mint.word();
        const needle = `highstate on the ${k} web pool has been failing since Tuesday`;
        return {
          needle,
          key: k,
          text: `The ${needle}. Find out why and get it green again.`,
          beats: [
            sh(
              `sudo salt -G 'pool:${k}' test.ping`,
              ['web01', 'web02', 'web03'].map((x) => `${minion(s, x)}:\n    True`).join('\n'),
              `Checking which minions are in the ${k} pool.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'goal',
      how: 'user-request',
      at: 'turn',
      plant() {
        const k = mint.word();
        const needle = `beacon that restarts php-fpm on the ${k} minions when memory goes above 90%`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `new one: add a ${needle}. Use a reactor on the master.` },
            one(
              { kind: 'search', target: 'beacons:', where: 'pillar/', output: 'match_count: 0' },
              `No beacons configured yet; I'll add the memory beacon to the ${k} pillar and a reactor SLS.`,
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
        const k = mint.word();
        const needle = `Only test=True on the ${k} minions until I say otherwise`;
        return { needle, key: k, text: `${needle} — they're production.`, beats: [] };
      },
    },
    {
      kind: 'constraint',
      how: 'tool-readme',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `Secrets live in the ${k} GPG-encrypted pillar`;
        const doc = [
          '# salt-states',
          '',
          '## Layout',
          '- `salt/` states, one directory per service',
          '- `pillar/` data; `pillar/top.sls` maps it to minions',
          '',
          '## Rules',
          `- ${needle}; never put plaintext passwords in states or in git.`,
          '- Every state that manages a service has a `watch` on its config.',
          '- Dry-run (`test=True`) before applying to prod minions.',
        ].join('\n');
        return {
          needle,
          key: k,
          beats: [
            one({ kind: 'read', target: 'README.md', output: doc }),
            one(
              {
                kind: 'search',
                target: '-----BEGIN PGP MESSAGE-----',
                where: `pillar/${k.toLowerCase()}`,
                output: `pillar/${k.toLowerCase()}/secrets.sls:4:    -----BEGIN PGP MESSAGE-----\nmatch_count: 1`,
              },
              `The exporter password must go into the ${k} pillar, encrypted.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'user-aside',
      at: 'turn',
      plant() {
        const k = mint.word();
        const needle = `use the ${k} saltenv for anything experimental`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `also: ${needle}, not base. base is what prod runs.` },
            sh(
              'sudo salt-run fileserver.envs',
              `- base\n- ${k}`,
              `Understood, new states go to the ${k} environment first.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-content',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `Jinja template from pillar rather than file.blockreplace for ${k}`;
        return {
          needle,
          key: k,
          beats: [
            one({
              kind: 'search',
              target: 'blockreplace',
              where: 'salt/haproxy',
              output: `salt/haproxy/backends.sls:12:  file.blockreplace:\nsalt/haproxy/backends.sls:31:  file.blockreplace:\nmatch_count: 2`,
            }),
            one(
              {
                kind: 'read',
                target: 'salt/haproxy/backends.sls',
                output: `${k.toLowerCase()}-backend:\n  file.blockreplace:\n    - name: /etc/haproxy/haproxy.cfg\n    - marker_start: "# START ${k}"\n    - marker_end: "# END ${k}"\n    - content: |\n        server app1 10.40.1.11:8080 check`,
              },
              `Two blockreplace markers fight over haproxy.cfg. Going with a ${needle}: one file.managed, the backend list comes from pillar.`,
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
        const k = mint.word();
        const needle = `${k}: validate nginx config with check_cmd before reload`;
        return {
          needle,
          key: k,
          beats: [sh(`git commit -am "${needle}"`, `[main ${hex(r, 7)}] ${needle}\n 1 file changed, 3 insertions(+)`)],
        };
      },
    },
    {
      kind: 'decision',
      how: 'user-choice',
      at: 'turn',
      plant() {
        const k = mint.word();
        const needle = `orchestrate runner for ${k}, not a highstate per minion`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `ok, go with the ${needle}. we need db before web.` },
            one(
              {
                kind: 'write',
                target: `salt/orch/${k}.sls`,
                text: `db-first:\n  salt.state:\n    - tgt: 'db*'\n    - highstate: True\n\nweb-after:\n  salt.state:\n    - tgt: 'web*'\n    - highstate: True\n    - require:\n      - salt: db-first\n`,
                output: `bytes_written: 152\nfile_existed: false\npath: salt/orch/${k}.sls`,
              },
              `Writing the ${k} orchestration: db first, then web.`,
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
        const k = mint.word();
        const path = `salt/${k}/init.sls`;
        return {
          needle: path,
          key: k,
          beats: [
            one(
              {
                kind: 'write',
                target: path,
                text: `${k}-exporter:\n  archive.extracted:\n    - name: /opt/${k}\n    - source: https://github.com/prometheus-community/${k}/releases/download/v1.8.2/${k}-1.8.2.linux-amd64.tar.gz\n    - skip_verify: False\n  service.running:\n    - name: ${k}\n    - enable: True\n`,
                output: `bytes_written: ${r.int(300, 600)}\nfile_existed: false\npath: ${path}`,
              },
              `Creating ${path}.`,
            ),
            sh(`salt-lint ${path}`, ''),
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
        const path = `pillar/${k}/haproxy.sls`;
        return {
          needle: path,
          key: k,
          beats: [
            one({
              kind: 'read',
              target: path,
              output:
                'haproxy:\n  maxconn: 2000\n  backends:\n    app:\n      - 10.40.1.11:8080\n      - 10.40.1.12:8080',
            }),
            one(
              {
                kind: 'edit',
                target: path,
                old: '  maxconn: 2000',
                text: '  maxconn: 8000',
                output: `blocks_applied: 1\nlines_changed: 1\nfile: ${path}`,
              },
              `Raising maxconn in ${path}; the load test saturates at 2000.`,
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
        const k = mint.word();
        const path = `salt/_modules/${k}_util.py`;
        return {
          needle: path,
          key: k,
          beats: [
            { t: 'user', text: `the custom module is ${path}, it's probably what breaks on 3007` },
            one({
              kind: 'read',
              target: path,
              output: `import salt.utils.versions\n\n__virtualname__ = '${k}_util'\n\ndef __virtual__():\n    return __virtualname__\n\ndef pool_members(pool):\n    salt.utils.versions.warn_until('Argon', 'use pool_list')\n    return __salt__['pillar.get']('pools:' + pool, [])\n`,
            }),
            sh(
              `sudo salt '*' saltutil.sync_modules`,
              MINIONS.slice(0, 3)
                .map((x) => `${minion(s, x)}:\n    - modules.${k}_util`)
                .join('\n'),
              "warn_until('Argon') raises since 3007 (Argon is past); replacing it.",
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-highstate',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `Source file salt://${k}/files/haproxy.cfg.j2 not found in saltenv 'base'`;
        const fail = [
          stateBlock(s, r, 'haproxy-conf', 'file.managed', '/etc/haproxy/haproxy.cfg', false, needle),
          stateBlock(
            s,
            r,
            'haproxy-service',
            'service.running',
            'haproxy',
            false,
            'One or more requisite failed: haproxy.haproxy-conf',
          ),
        ];
        return {
          needle,
          key: k,
          beats: [
            sh(
              "sudo salt 'lb*' state.apply test=True",
              highstate(s, r, ['lb01', 'web01', 'web02'], r.int(5000, 14000), fail, true),
              undefined,
              1,
            ),
            sh(
              `ls salt/${k}/files/ salt/haproxy/files/`,
              `salt/${k}/files/:\nsalt/haproxy/files/:\nhaproxy.cfg.j2`,
              `The source path points at salt://${k}/…, but the template lives under salt/haproxy/files.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-render',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `Rendering SLS 'base:${k}.server' failed`;
        const out = [
          `${minion(s, 'web02')}:`,
          '    Data failed to compile:',
          '----------',
          `    ${needle}: Jinja syntax error: expected token 'end of statement block', got 'item'; line 12`,
          '',
          '---',
          '{% for site in sites %}',
          '{% if site.enabled item %}    <======================',
          `${k}-vhost-{{ site.name }}:`,
          '---',
        ];
        return {
          needle,
          key: k,
          beats: [
            sh(`sudo salt 'web02*' state.apply ${k}.server test=True`, out.join('\n'), undefined, 1),
            one(
              {
                kind: 'edit',
                target: `salt/${k}/server.sls`,
                old: '{% if site.enabled item %}',
                text: '{% if site.enabled %}',
                output: `blocks_applied: 1\nlines_changed: 1\nfile: salt/${k}/server.sls`,
              },
              'Typo in the if statement.',
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-pillar',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `Pillar render error: Rendering SLS '${k}.secrets' failed`;
        return {
          needle,
          key: k,
          beats: [
            sh(
              "sudo salt 'db01*' pillar.items",
              `${minion(s, 'db01')}:\n    ----------\n    _errors:\n        - ${needle}. Please see master log for details.`,
              undefined,
              1,
            ),
            sh(
              `sudo tail -n 4 /var/log/salt/master`,
              `${s.clock.stamp()},${r.int(100, 999)} [salt.pillar      :${r.int(100, 999)} ][CRITICAL][${r.int(1000, 9999)}] Rendering SLS '${k}.secrets' failed, render error:\nCould not decrypt cipher -----BEGIN PGP MESSAGE-----, received: gpg: decryption failed: No secret key`,
              'The master cannot decrypt that pillar: its GPG key is missing from /etc/salt/gpgkeys.',
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'user-value',
      at: 'open',
      plant() {
        const k = mint.word();
        const needle = `Vault role salt-${k}`;
        return {
          needle,
          key: k,
          text: `For secrets use the ${needle}; the master already has a token for it.`,
          beats: [],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-fingerprint',
      at: 'step',
      plant() {
        const k = mint.hex(12).toUpperCase();
        const fpr = `${k}${hex(r, 28).toUpperCase()}`;
        return {
          needle: fpr,
          key: k,
          beats: [
            sh(
              'sudo gpg --homedir /etc/salt/gpgkeys --list-keys --with-colons | grep -E "^(pub|fpr|uid)"',
              `pub:u:4096:1:${fpr.slice(-16)}:1711000000:::u:::scESC::::::23::0:\nfpr:::::::::${fpr}:\nuid:u::::1711000000::${hex(r, 40).toUpperCase()}::Salt Master <salt@${s.domain}>::::::::::0:`,
              'I need the fingerprint of the master key to encrypt the new pillar values.',
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-jid',
      at: 'step',
      plant() {
        const n = mint.num(7);
        const jid = `202503${String(r.int(10, 28))}${String(r.int(10, 23))}${String(r.int(10, 59))}${r.int(0, 5)}${n}`;
        return {
          needle: jid,
          key: n,
          beats: [
            sh(
              "sudo salt --async 'db*' state.apply postgres",
              `Executed command with job ID: ${jid}`,
              'Running the postgres state asynchronously; it takes a while on db01.',
            ),
            sh(
              `sudo salt-run jobs.lookup_jid ${jid} --out=highstate | tail -8`,
              `Summary for ${minion(s, 'db01')}\n-------------\nSucceeded: 14 (changed=2)\nFailed:     0\n-------------\nTotal states run:     14\nTotal run time:   48.112 s`,
            ),
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
        const needle = `state.apply without test=True on the ${k} minions`;
        return {
          needle,
          key: k,
          beats: [
            sh("sudo salt '*' test.ping", MINIONS.map((x) => `${minion(s, x)}:\n    True`).join('\n')),
            {
              t: 'answer',
              text: `Dry run is clean everywhere. Still to do once you approve: ${needle}, then re-check the exporter targets in Prometheus.`,
            },
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'tool-todo',
      at: 'end',
      ending: 'step',
      plant() {
        const k = mint.word();
        const needle = `Roll the ${k} exporter out to db03 and db04 after the db02 canary`;
        return {
          needle,
          key: k,
          beats: [
            todo(
              [
                { content: 'Canary on db02', status: 'completed' },
                { content: needle, status: 'pending' },
                { content: 'Add alert rules', status: 'pending' },
              ],
              'Updating the todo list.',
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
        const needle = `decommission the ${k} minion keys`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `great. after this we still have to ${needle}, remind me tomorrow` },
            { t: 'answer', text: `Will do. Open item for tomorrow: ${needle} (salt-key -d) once the VMs are gone.` },
          ],
        };
      },
    },
  ];
}

/** More planters of the Salt session: a pillar comment, other choices, files, failures and values. */
function saltMore(r: Rng, s: Salt, mint: Mint): Planter[] {
  const one = (a: Act, say?: string): Beat => stepBeat({ ...(say ? { say } : {}), acts: [a] });
  const sh = (cmd: string, stdout: string, say?: string, code = 0, stderr = ''): Beat =>
    one(
      {
        kind: 'shell',
        target: cmd,
        output: bash(stdout, code, stderr),
        ...(code ? { status: 'error' as const, exitCode: code } : {}),
      },
      say,
    );
  return [
    {
      kind: 'constraint',
      how: 'tool-pillar',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `DO NOT raise max_connections above 200 on ${k}`;
        return {
          needle,
          key: k,
          beats: [
            one({
              kind: 'read',
              target: `pillar/${k}/postgres.sls`,
              output: `postgres:\n  version: 16\n  # ${needle}: the VM has 4 GB and pgbouncer sits in front.\n  max_connections: 150\n  shared_buffers: 1GB\n`,
            }),
            one(
              {
                kind: 'search',
                target: 'max_connections',
                where: 'pillar/',
                output: `pillar/${k}/postgres.sls:4:  max_connections: 150\npillar/common/postgres.sls:2:  max_connections: 100\nmatch_count: 2`,
              },
              `The ${k} pillar caps connections on purpose; the pool size goes into pgbouncer instead.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-content',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `map.jinja lookup per os_family for ${k} instead of if/else blocks in the state`;
        return {
          needle,
          key: k,
          beats: [
            one(
              {
                kind: 'read',
                target: `salt/${k}/init.sls`,
                output: `{% if grains['os_family'] == 'Debian' %}\n${k}-pkg:\n  pkg.installed:\n    - name: ${k}-server\n{% elif grains['os_family'] == 'RedHat' %}\n${k}-pkg:\n  pkg.installed:\n    - name: ${k}\n{% endif %}`,
              },
              `Going with a ${needle}; it is how the other formulas here do it.`,
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
        const k = mint.word();
        const path = `salt/reactor/${k}-memory.sls`;
        return {
          needle: path,
          key: k,
          beats: [
            one(
              {
                kind: 'write',
                target: path,
                text: `restart-php-fpm:\n  local.service.restart:\n    - tgt: {{ data['id'] }}\n    - args:\n      - name: php8.2-fpm\n`,
                output: `bytes_written: ${r.int(90, 200)}\nfile_existed: false\npath: ${path}`,
              },
              `Reactor SLS at ${path}.`,
            ),
            sh('sudo salt-run reactor.list', `- salt/beacon/*/memusage/:\n    - /srv/salt/reactor/${k}-memory.sls`),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-module',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `'${k}_util.pool_members' is not available`;
        return {
          needle,
          key: k,
          beats: [
            sh(`sudo salt 'web01*' ${k}_util.pool_members web`, `${minion(s, 'web01')}:\n    ${needle}.`, undefined, 1),
            sh(
              "sudo salt 'web01*' saltutil.sync_modules",
              `${minion(s, 'web01')}:\n    - modules.${k}_util`,
              `The ${k}_util module was never synced to the minion.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-revparse',
      at: 'step',
      plant() {
        const k = mint.hex(12);
        const rev = `${k}${hex(r, 28)}`;
        return {
          needle: rev,
          key: k,
          beats: [
            sh(
              `ssh salt-master.${s.domain} 'git -C /srv/salt rev-parse HEAD && git -C /srv/salt log -1 --format=%s'`,
              `${rev}\nnginx: tidy requisites`,
              'Noting the revision prod states run from, to roll back to if needed.',
            ),
          ],
        };
      },
    },
  ];
}
