/**
 * Values the field family's agents find only in tool output — an environment dump, a config
 * file, git history, a `kubectl get nodes` table, `terraform output`, helm values, cloud CLI
 * JSON, a SQL result row, a page snapshot, a network log — and the next action that relies
 * on them. Each returns the two steps and the needle.
 */
import { claim, word, type Act, type World } from './field-core';
import { NOUNS, SERVICES, alnum, columns, fillerIp, hex } from './field-names';
import { nodeName } from './field-ops';
import { gitLog } from './field-code-runs';
import { dataFound, webFound } from './field-outputs-more';
import type { Rng } from './rng';

export interface Found {
  needle: string;
  label: string;
  /** The step whose output holds the value. */
  see: { text?: string; acts: Act[] };
  /** The step that uses it, naming it. */
  use: { text?: string; acts: Act[] };
  /** A step that relies on it without restating it (an env var, a lookup, a hostname built from it). */
  quiet?: { text?: string; acts: Act[] };
}

const privIp = (rng: Rng) => `172.${rng.int(16, 31)}.${rng.int(0, 255)}.${rng.int(2, 254)}`;

function envDump(rng: Rng, extra: string): string {
  const vars = [
    'HOME=/home/dev',
    'LANG=C.UTF-8',
    'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    'SHELL=/bin/bash',
    'TERM=xterm-256color',
    'NODE_ENV=development',
    'LOG_LEVEL=debug',
    'TZ=UTC',
  ];
  for (let i = 0; i < rng.int(10, 50); i++)
    vars.push(
      `${rng.pick(NOUNS).toUpperCase()}_${rng.pick(['URL', 'TIMEOUT_MS', 'POOL_SIZE', 'ENABLED', 'REGION', 'BUCKET'])}=${rng.pick([`http://${fillerIp(rng)}:${rng.int(3000, 9999)}`, String(rng.int(1, 5000)), 'true', 'eu-west-1', `acme-${rng.pick(NOUNS)}-dev`])}`,
    );
  vars.push(extra);
  return [...new Set(vars)].sort().join('\n');
}

function codeFound(rng: Rng, w: World, cw: string): Found | undefined {
  const form = rng.int(0, 2);
  if (form === 0) {
    const url = `http://${privIp(rng)}:${rng.int(7000, 9999)}`;
    if (!claim(w, url)) return undefined;
    return {
      needle: url,
      label: 'printenv',
      quiet: {
        text: 'The upstream is set in the environment; checking it responds before I test against it.',
        acts: [
          {
            t: 'sh',
            cmd: `curl -sS -m 5 "$${cw.toUpperCase()}_UPSTREAM_URL/healthz"`,
            out: '{"status":"ok"}',
            why: 'Probe upstream health',
          },
        ],
      },
      see: {
        text: rng.pick(['Checking what the dev environment points at.', undefined]),
        acts: [
          {
            t: 'sh',
            cmd: 'printenv | sort',
            out: envDump(rng, `${cw.toUpperCase()}_UPSTREAM_URL=${url}`),
            why: 'Show environment',
          },
        ],
      },
      use: {
        text: `The upstream is configured as \`${url}\` in this environment; checking it responds before I test against it.`,
        acts: [
          {
            t: 'sh',
            cmd: `curl -sS -m 5 ${url}/healthz`,
            out: `{"status":"ok","version":"${rng.int(1, 4)}.${rng.int(0, 30)}.${rng.int(0, 9)}"}`,
            why: 'Probe upstream health',
          },
        ],
      },
    };
  }
  if (form === 1) {
    const host = `${cw}-svc.internal:${rng.int(7000, 9999)}`;
    if (!claim(w, host)) return undefined;
    const yaml = [
      'server:',
      `  port: ${rng.pick([3000, 8080, 8000])}`,
      `  request_timeout_ms: ${rng.int(500, 30000)}`,
      'database:',
      `  pool_size: ${rng.int(5, 60)}`,
      `  statement_timeout_ms: ${rng.int(1000, 60000)}`,
      ...Array.from(
        { length: rng.int(3, 20) },
        () =>
          `${rng.pick(NOUNS)}:\n  enabled: ${rng.pick(['true', 'false'])}\n  ${rng.pick(['ttl_s', 'max_items', 'batch'])}: ${rng.int(1, 9000)}`,
      ),
      `${cw}:`,
      `  upstream: ${host}`,
      `  max_inflight: ${rng.int(8, 128)}`,
    ].join('\n');
    return {
      needle: host,
      label: 'config-file',
      quiet: {
        text: 'Checking the upstream from the staging config is reachable from here.',
        acts: [
          {
            t: 'sh',
            cmd: `nc -vz -w 3 ${cw}-svc.internal ${host.split(':')[1]}`,
            out: `Connection to ${cw}-svc.internal (${fillerIp(rng)}) ${host.split(':')[1]} port [tcp/*] succeeded!`,
            why: 'Check upstream port',
          },
        ],
      },
      see: { acts: [{ t: 'read', path: `config/settings.staging.yaml`, text: yaml }] },
      use: {
        acts: [
          {
            t: 'sh',
            cmd: `curl -sk https://${host}/version`,
            out: `${rng.int(1, 3)}.${rng.int(0, 40)}.${rng.int(0, 9)}`,
            why: 'Check upstream version',
          },
        ],
      },
    };
  }
  const sha = hex(rng, 9);
  if (!claim(w, sha)) return undefined;
  const log = gitLog(rng, rng.int(3, 20)).split('\n');
  log.splice(rng.int(0, log.length), 0, `${sha} perf(${cw}): batch writes in the flush loop`);
  return {
    needle: sha,
    label: 'git-log',
    quiet: {
      text: 'The perf commit lines up with when the reports started. Looking at what it changed.',
      acts: [
        {
          t: 'sh',
          cmd: `git log -1 --stat --format='%an %ad%n%n%s' --grep='batch writes in the flush loop'`,
          out: `${rng.pick(['Priya', 'Tomasz', 'Lena'])} ${new Date(w.clock.tick(rng) - 20 * 86_400_000).toUTCString()}\n\nperf: batch writes in the flush loop\n\n ${w.files.slice(0, 3).join(' | 12 +++--\n ')} | 4 +-\n 3 files changed, ${rng.int(10, 90)} insertions(+), ${rng.int(1, 40)} deletions(-)`,
        },
      ],
    },
    see: {
      text: 'When did this behaviour change?',
      acts: [
        {
          t: 'sh',
          cmd: `git log --oneline --abbrev=9 --since="3 weeks ago" -- ${w.files[0] ?? '.'} src`,
          out: log.join('\n'),
        },
      ],
    },
    use: {
      text: `\`${sha}\` lines up with when the reports started. Looking at what it changed.`,
      acts: [
        {
          t: 'sh',
          cmd: `git show --stat ${sha}`,
          out: `commit ${sha}${hex(rng, 31)}\nAuthor: ${rng.pick(['Priya', 'Tomasz', 'Lena'])} <dev@acme.io>\n\n    perf: batch writes in the flush loop\n\n ${w.files
            .slice(0, 3)
            .map((f) => `${f} | ${rng.int(2, 80)} ${'+'.repeat(rng.int(1, 20))}${'-'.repeat(rng.int(0, 9))}`)
            .join('\n ')}\n 3 files changed, ${rng.int(10, 90)} insertions(+), ${rng.int(1, 40)} deletions(-)`,
        },
      ],
    },
  };
}

function opsFound(rng: Rng, w: World, cw: string): Found | undefined {
  const form = rng.int(0, 3);
  if (form === 0) {
    const ip = privIp(rng);
    if (!claim(w, ip)) return undefined;
    const bad = `ip-${ip.replace(/\./g, '-')}.eu-west-1.compute.internal`;
    const rows = Array.from({ length: rng.int(3, 14) }, () => [
      nodeName(rng),
      'Ready',
      '<none>',
      `${rng.int(2, 90)}d`,
      `v1.29.${rng.int(1, 9)}`,
      fillerIp(rng),
      '<none>',
      'Bottlerocket OS 1.19.2 (aws-k8s-1.29)',
      '6.1.90',
      'containerd://1.6.31',
    ]);
    rows.splice(rng.int(0, rows.length), 0, [
      bad,
      'NotReady',
      '<none>',
      `${rng.int(2, 90)}d`,
      'v1.29.3',
      ip,
      '<none>',
      'Bottlerocket OS 1.19.2 (aws-k8s-1.29)',
      '6.1.90',
      'containerd://1.6.31',
    ]);
    return {
      needle: ip,
      label: 'kubectl-nodes',
      quiet: {
        text: 'One node is NotReady. Describing it.',
        acts: [
          {
            t: 'sh',
            cmd: `kubectl describe node ${bad}`,
            out: [
              `Name:               ${bad}`,
              'Roles:              <none>',
              `Labels:             pool=${cw}`,
              'Conditions:',
              '  Type             Status    Reason                       Message',
              '  MemoryPressure   Unknown   NodeStatusUnknown            Kubelet stopped posting node status.',
              '  DiskPressure     Unknown   NodeStatusUnknown            Kubelet stopped posting node status.',
              '  Ready            Unknown   NodeStatusUnknown            Kubelet stopped posting node status.',
              'Taints:             node.kubernetes.io/unreachable:NoExecute',
              'Events:             <none>',
            ].join('\n'),
          },
        ],
      },
      see: {
        text: 'Node status for the pool:',
        acts: [
          {
            t: 'sh',
            cmd: `kubectl get nodes -o wide -l pool=${cw}`,
            out: columns([
              [
                'NAME',
                'STATUS',
                'ROLES',
                'AGE',
                'VERSION',
                'INTERNAL-IP',
                'EXTERNAL-IP',
                'OS-IMAGE',
                'KERNEL-VERSION',
                'CONTAINER-RUNTIME',
              ],
              ...rows,
            ]),
          },
        ],
      },
      use: {
        text: `One node is NotReady. Checking kubelet on it directly (${ip}).`,
        acts: [
          {
            t: 'sh',
            cmd: `ssh -o ConnectTimeout=5 ec2-user@${ip} 'sudo journalctl -u kubelet --since -15min --no-pager | tail -40'`,
            out: Array.from(
              { length: rng.int(5, 40) },
              () =>
                `kubelet[${rng.int(1000, 9000)}]: E${rng.int(1000, 9999)} ${rng.pick(['kubelet_node_status.go:549] "Error updating node status, will retry" err="error getting node: context deadline exceeded"', 'pleg.go:212] "PLEG is not healthy" pleg="pleg was last seen active 3m2s ago"', 'eviction_manager.go:336] "Eviction manager: attempting to reclaim" resourceName="memory"'])}`,
            ).join('\n'),
          },
        ],
      },
    };
  }
  if (form === 1) {
    const host = `${cw}-db.cluster-${alnum(rng, 12)}.eu-west-1.rds.amazonaws.com`;
    if (!claim(w, host)) return undefined;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < rng.int(3, 12); i++)
      out[`${rng.pick(NOUNS)}_${rng.pick(['arn', 'id', 'url', 'name'])}`] = {
        sensitive: false,
        type: 'string',
        value: `${rng.pick(NOUNS)}-${hex(rng, 8)}`,
      };
    out[`${cw}_db_endpoint`] = { sensitive: false, type: 'string', value: host };
    return {
      needle: host,
      label: 'terraform-output',
      quiet: {
        text: 'Checking the cluster endpoint answers from the bastion.',
        acts: [
          { t: 'sh', cmd: `pg_isready -q -h "$(terraform output -raw ${cw}_db_endpoint)" -p 5432; echo $?`, out: '0' },
        ],
      },
      see: { acts: [{ t: 'sh', cmd: 'terraform output -json', out: JSON.stringify(out, null, 2) }] },
      use: {
        text: 'Checking connectivity to the cluster endpoint from the bastion.',
        acts: [
          {
            t: 'sh',
            cmd: `psql "host=${host} user=readonly dbname=app sslmode=require" -c 'select now(), pg_is_in_recovery()'`,
            out: `              now              | pg_is_in_recovery \n-------------------------------+-------------------\n ${w.clock.iso().replace('T', ' ').slice(0, 26)}+00 | f\n(1 row)`,
          },
        ],
      },
    };
  }
  if (form === 2) {
    const tag = `2.${rng.int(10, 40)}.${rng.int(0, 9)}-${hex(rng, 7)}`;
    if (!claim(w, tag)) return undefined;
    const svc = `${cw}-api`;
    return {
      needle: tag,
      label: 'helm-values',
      quiet: {
        text: 'That revision ran the last good image. Checking the release history before proposing a rollback to it.',
        acts: [
          {
            t: 'sh',
            cmd: `helm history ${svc} -n checkout --max 5`,
            out: columns([
              ['REVISION', 'STATUS', 'CHART', 'DESCRIPTION'],
              ...Array.from({ length: 5 }, (_, i) => [
                String(40 + i),
                i === 4 ? 'deployed' : 'superseded',
                `${svc}-1.${i}.0`,
                'Upgrade complete',
              ]),
            ]),
          },
        ],
      },
      see: {
        text: `What was the previous release running?`,
        acts: [
          {
            t: 'sh',
            cmd: `helm get values ${svc} -n ${rng.pick(['checkout', 'payments'])} --revision ${rng.int(10, 60)} -a`,
            out: [
              'COMPUTED VALUES:',
              'affinity: {}',
              'autoscaling:',
              `  enabled: true`,
              `  maxReplicas: ${rng.int(6, 30)}`,
              '  minReplicas: 3',
              'image:',
              '  pullPolicy: IfNotPresent',
              `  repository: registry.internal/${svc}`,
              `  tag: ${tag}`,
              'podAnnotations: {}',
              'resources:',
              '  limits:',
              `    memory: ${rng.pick(['1Gi', '2Gi'])}`,
              'service:',
              `  port: ${rng.pick([8080, 80])}`,
              '  type: ClusterIP',
            ].join('\n'),
          },
        ],
      },
      use: {
        text: `The last good image is \`${tag}\`. Confirming it's still in the registry before proposing a rollback.`,
        acts: [{ t: 'sh', cmd: `crane digest registry.internal/${svc}:${tag}`, out: `sha256:${hex(rng, 64)}` }],
      },
    };
  }
  const id = `i-0${hex(rng, 16)}`;
  if (!claim(w, id)) return undefined;
  const inst = Array.from({ length: rng.int(2, 8) }, () => ({
    InstanceId: `i-0${hex(rng, 16)}`,
    State: 'running',
    Name: `${rng.pick(SERVICES)}-${rng.int(1, 9)}`,
    PrivateIp: fillerIp(rng),
  }));
  inst.splice(rng.int(0, inst.length), 0, {
    InstanceId: id,
    State: 'running',
    Name: `${cw}-relay-1`,
    PrivateIp: fillerIp(rng),
  });
  return {
    needle: id,
    label: 'aws-ec2',
    quiet: {
      text: `Running the disk check on the ${cw} relay through SSM.`,
      acts: [
        {
          t: 'sh',
          cmd: `aws ssm send-command --targets Key=tag:Name,Values=${cw}-relay-1 --document-name AWS-RunShellScript --parameters commands='df -h /var' --output json`,
          out: JSON.stringify(
            {
              Command: {
                CommandId: `${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}`,
                Status: 'Pending',
              },
            },
            null,
            2,
          ),
        },
      ],
    },
    see: {
      acts: [
        {
          t: 'sh',
          cmd: `aws ec2 describe-instances --filters Name=tag:team,Values=platform --query 'Reservations[].Instances[].{InstanceId:InstanceId,State:State.Name,Name:Tags[?Key==\`Name\`]|[0].Value,PrivateIp:PrivateIpAddress}' --output json`,
          out: JSON.stringify(inst, null, 2),
        },
      ],
    },
    use: {
      text: `Running the disk check on the relay (${id}) through SSM.`,
      acts: [
        {
          t: 'sh',
          cmd: `aws ssm send-command --instance-ids ${id} --document-name AWS-RunShellScript --parameters commands='df -h /var' --output json`,
          out: JSON.stringify(
            {
              Command: {
                CommandId: `${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}`,
                Status: 'Pending',
                DocumentName: 'AWS-RunShellScript',
              },
            },
            null,
            2,
          ),
        },
      ],
    },
  };
}

/** A value found in tool output and used in the next step (undefined when the pick collided). */
export function found(rng: Rng, w: World): Found | undefined {
  const cw = word(w);
  switch (w.domain) {
    case 'ops':
      return opsFound(rng, w, cw);
    case 'data':
      return dataFound(rng, w, cw);
    case 'web':
      return webFound(rng, w, cw);
    default:
      return codeFound(rng, w, cw);
  }
}
