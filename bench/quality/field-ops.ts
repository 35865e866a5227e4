/**
 * Ordinary on-call and infrastructure work for the field family's SRE agent: kubectl tables
 * and describes, pod logs, events, helm, terraform plans, cloud CLI JSON, Prometheus, journald,
 * alert payloads and runbooks. No codename (field-names.ts) appears here.
 */
import type { Act, World } from './field-core';
import { NOUNS, SERVICES, VERBS, alnum, columns, fillerIp, hex, podName } from './field-names';
import type { Rng } from './rng';

export const NAMESPACES = ['checkout', 'payments', 'platform', 'data', 'edge', 'identity', 'observability'] as const;

const age = (rng: Rng) =>
  rng.pick([`${rng.int(2, 59)}m`, `${rng.int(1, 23)}h`, `${rng.int(2, 90)}d`, `${rng.int(1, 9)}h${rng.int(1, 59)}m`]);

export function nodeName(rng: Rng): string {
  return rng.pick([
    `ip-10-${rng.int(0, 31)}-${rng.int(0, 255)}-${rng.int(2, 254)}.eu-west-1.compute.internal`,
    `gke-prod-default-pool-${hex(rng, 8)}-${alnum(rng, 4)}`,
    `aks-system-${rng.int(10000000, 99999999)}-vmss0000${alnum(rng, 2)}`,
  ]);
}

/** `kubectl get pods` rows for a namespace (wide: with IP and node). */
export function podRows(rng: Rng, n: number, wide: boolean): string[][] {
  return Array.from({ length: n }, () => {
    const svc = rng.pick(SERVICES);
    const restarts = rng.chance(0.85) ? '0' : `${rng.int(1, 9)} (${rng.int(2, 50)}m ago)`;
    const row = [podName(rng, svc), rng.chance(0.95) ? '1/1' : '2/2', 'Running', restarts, age(rng)];
    return wide ? [...row, fillerIp(rng), nodeName(rng), '<none>', '<none>'] : row;
  });
}

export function podsTable(rng: Rng, extra: string[][] = [], wide = false): string {
  const head = [
    'NAME',
    'READY',
    'STATUS',
    'RESTARTS',
    'AGE',
    ...(wide ? ['IP', 'NODE', 'NOMINATED NODE', 'READINESS GATES'] : []),
  ];
  const rows = podRows(rng, rng.logInt(4, 60), wide);
  for (const e of extra) rows.splice(rng.int(0, rows.length), 0, e);
  return columns([head, ...rows]);
}

export function jsonLogs(rng: Rng, w: World, n: number): string {
  return Array.from({ length: n }, () => {
    w.clock.tick(rng, 3);
    const lvl = rng.weighted<string>([
      ['info', 20],
      ['debug', 6],
      ['warn', 3],
      ['error', 1],
    ]);
    return JSON.stringify({
      ts: w.clock.iso(),
      level: lvl,
      msg: `${rng.pick(VERBS)} ${rng.pick(NOUNS)} ${rng.pick(['ok', 'done', 'skipped', 'retrying', 'cache miss', 'queued'])}`,
      trace_id: hex(rng, 32),
      duration_ms: rng.logInt(1, 4000),
      ...(lvl === 'warn' ? { attempt: rng.int(1, 4) } : {}),
    });
  }).join('\n');
}

export function describePod(rng: Rng, w: World, pod: string, ns: string, events: string[] = []): string {
  const svc = pod.split('-').slice(0, -2).join('-');
  return [
    `Name:             ${pod}`,
    `Namespace:        ${ns}`,
    'Priority:         0',
    `Service Account:  ${svc}`,
    `Node:             ${nodeName(rng)}/${fillerIp(rng)}`,
    `Start Time:       ${new Date(w.clock.tick(rng) - 86_400_000).toUTCString()}`,
    `Labels:           app.kubernetes.io/name=${svc}`,
    `                  pod-template-hash=${pod.split('-').at(-2)}`,
    'Status:           Running',
    `IP:               ${fillerIp(rng)}`,
    'Containers:',
    `  ${svc}:`,
    `    Image:          registry.internal/${svc}:${rng.int(1, 4)}.${rng.int(0, 40)}.${rng.int(0, 9)}`,
    `    Port:           ${rng.pick([8080, 8000, 3000, 9090])}/TCP`,
    '    State:          Running',
    `    Ready:          True`,
    `    Restart Count:  ${rng.int(0, 3)}`,
    `    Limits:\n      cpu:     ${rng.pick(['500m', '1', '2'])}\n      memory:  ${rng.pick(['512Mi', '1Gi', '2Gi'])}`,
    `    Requests:\n      cpu:        ${rng.pick(['100m', '250m', '500m'])}\n      memory:     ${rng.pick(['256Mi', '512Mi'])}`,
    `    Liveness:     http-get http://:http/healthz delay=10s timeout=2s period=10s #success=1 #failure=3`,
    `    Readiness:    http-get http://:http/readyz delay=5s timeout=2s period=5s #success=1 #failure=3`,
    'Conditions:',
    '  Type              Status',
    '  Initialized       True ',
    '  Ready             True ',
    '  ContainersReady   True ',
    '  PodScheduled      True ',
    'QoS Class:                   Burstable',
    'Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s',
    'Events:' +
      (events.length
        ? '\n  Type     Reason     Age   From     Message\n  ----     ------     ----  ----     -------\n' +
          events.join('\n')
        : '                      <none>'),
  ].join('\n');
}

export function eventsTable(rng: Rng, extra: string[][] = []): string {
  const rows = Array.from({ length: rng.logInt(3, 40) }, () => {
    const svc = rng.pick(SERVICES);
    return rng.pick([
      [age(rng), 'Normal', 'Scheduled', `pod/${podName(rng, svc)}`, `Successfully assigned to ${nodeName(rng)}`],
      [
        age(rng),
        'Normal',
        'Pulled',
        `pod/${podName(rng, svc)}`,
        `Container image "registry.internal/${svc}:${rng.int(1, 4)}.${rng.int(0, 40)}.0" already present on machine`,
      ],
      [
        age(rng),
        'Normal',
        'ScalingReplicaSet',
        `deployment/${svc}`,
        `Scaled up replica set ${svc}-${hex(rng, 9)} to ${rng.int(2, 12)}`,
      ],
      [
        age(rng),
        'Normal',
        'SuccessfulRescale',
        `horizontalpodautoscaler/${svc}`,
        `New size: ${rng.int(2, 20)}; reason: cpu resource utilization (percentage of request) above target`,
      ],
    ]);
  });
  for (const e of extra) rows.push(e);
  return columns([['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE'], ...rows]);
}

export function terraformPlan(rng: Rng, changes: number): string {
  if (changes === 0)
    return (
      `${rng.pick(NOUNS)}_${rng.pick(NOUNS)}: Refreshing state... [id=${hex(rng, 12)}]\n`.repeat(rng.int(4, 40)) +
      '\nNo changes. Your infrastructure matches the configuration.\n\nTerraform has compared your real infrastructure against your configuration and found no differences, so no changes are needed.'
    );
  const blocks = Array.from({ length: changes }, () => {
    const r = rng.pick([
      'aws_security_group_rule',
      'aws_iam_role_policy',
      'aws_cloudwatch_metric_alarm',
      'kubernetes_config_map',
      'aws_s3_bucket_lifecycle_configuration',
      'google_compute_firewall',
    ]);
    const n = `${rng.pick(NOUNS)}_${rng.pick(NOUNS)}`;
    return [
      `  # ${r}.${n} will be updated in-place`,
      `  ~ resource "${r}" "${n}" {`,
      `        id     = "${hex(rng, 16)}"`,
      `      ~ ${rng.pick(['threshold', 'period', 'description', 'expiration_days', 'cidr_blocks'])} = ${rng.int(1, 300)} -> ${rng.int(1, 300)}`,
      `        # (${rng.int(2, 14)} unchanged attributes hidden)`,
      '    }',
    ].join('\n');
  });
  return [
    `${rng.pick(NOUNS)}_${rng.pick(NOUNS)}: Refreshing state... [id=${hex(rng, 12)}]`.repeat(1),
    '',
    'Terraform used the selected providers to generate the following execution plan. Resource actions are indicated with the following symbols:',
    '  ~ update in-place',
    '',
    'Terraform will perform the following actions:',
    '',
    ...blocks,
    '',
    `Plan: 0 to add, ${changes} to change, 0 to destroy.`,
  ].join('\n');
}

export function promResult(rng: Rng, metric: string, n: number): string {
  // the query's evaluation time: seeded, like every other value of a transcript
  const now = 1_704_067_200 + rng.int(0, 365 * 86_400);
  return JSON.stringify({
    status: 'success',
    data: {
      resultType: 'vector',
      result: Array.from({ length: n }, () => ({
        metric: { __name__: metric, namespace: rng.pick(NAMESPACES), pod: podName(rng, rng.pick(SERVICES)) },
        value: [now - rng.int(0, 999), (rng.next() * rng.pick([1, 10, 100])).toFixed(4)],
      })),
    },
  });
}

export function journal(rng: Rng, w: World, unit: string, n: number): string {
  return Array.from({ length: n }, () => {
    w.clock.tick(rng, 20);
    return `${w.clock.syslog()} ${rng.pick(['bastion-1', 'worker-7', 'db-proxy-2'])} ${unit}[${rng.int(300, 40000)}]: ${rng.pick(['level=info', 'level=info', 'level=warn'])} msg="${rng.pick(VERBS)} ${rng.pick(NOUNS)}" took=${rng.logInt(1, 900)}ms`;
  }).join('\n');
}

export function helmList(rng: Rng, ns: string): string {
  return columns([
    ['NAME', 'NAMESPACE', 'REVISION', 'UPDATED', 'STATUS', 'CHART', 'APP VERSION'],
    ...rng
      .sample(SERVICES, rng.int(3, 12))
      .map((s) => [
        s,
        ns,
        String(rng.int(3, 90)),
        `2024-0${rng.int(1, 9)}-1${rng.int(0, 9)} 1${rng.int(0, 9)}:${rng.int(10, 59)}:0${rng.int(0, 9)}.${rng.int(100000, 999999)} +0000 UTC`,
        'deployed',
        `${s}-${rng.int(0, 3)}.${rng.int(0, 30)}.${rng.int(0, 9)}`,
        `${rng.int(1, 4)}.${rng.int(0, 40)}.${rng.int(0, 9)}`,
      ]),
  ]);
}

export function runbook(rng: Rng, svc: string): string {
  return [
    `# ${svc} runbook`,
    '',
    '## Dashboards',
    `- Service overview: https://grafana.internal/d/${alnum(rng, 9)}/${svc}`,
    '',
    '## Common alerts',
    ...Array.from(
      { length: rng.int(3, 8) },
      () =>
        `### ${rng.pick(['High', 'Elevated', 'Sustained'])} ${rng.pick(['error rate', 'latency', 'queue depth', 'memory'])}\n1. Check recent deploys: \`helm history ${svc} -n <ns>\`.\n2. Look at pod restarts and events.\n3. If a deploy correlates, roll back and page the owning team.\n`,
    ),
    '## Escalation',
    `Owning team: #team-${rng.pick(NOUNS)}. Secondary: platform on-call.`,
  ].join('\n');
}

/** One step of ordinary on-call work. */
export function opsFiller(rng: Rng, w: World): { text?: string; acts: Act[] } {
  const ns = rng.pick(NAMESPACES);
  const svc = rng.pick(SERVICES);
  const say = (...o: string[]) => (rng.chance(0.6) ? rng.pick(o) : undefined);
  const kind = rng.weighted<string>([
    ['pods', 6],
    ['logs', 5],
    ['describe', 3],
    ['events', 3],
    ['top', 2],
    ['helm', 2],
    ['plan', 2],
    ['prom', 4],
    ['journal', 2],
    ['aws', 2],
    ['runbook', 1],
    ['rollout', 2],
    ['curl', 2],
    ['update', 1],
    ['parallel', 3],
  ]);
  const pods = (): Act => ({
    t: 'sh',
    cmd: `kubectl get pods -n ${ns}${rng.chance(0.3) ? ' -o wide' : ''}`,
    out: podsTable(rng, [], rng.chance(0.3)),
  });
  const logs = (): Act => ({
    t: 'sh',
    cmd: `kubectl logs deploy/${svc} -n ${ns} --since=${rng.pick(['5m', '15m', '1h'])} --tail=${rng.pick([50, 200, 500])}`,
    out: jsonLogs(rng, w, rng.logInt(5, 220)),
  });
  switch (kind) {
    case 'pods':
      return { text: say(`Checking pod health in \`${ns}\`.`, 'Pods first.'), acts: [pods()] };
    case 'logs':
      return {
        text: say(`Pulling recent logs from ${svc}.`, 'Looking at what the service logged around the alert.'),
        acts: [logs()],
      };
    case 'describe': {
      const pod = podName(rng, svc);
      return { acts: [{ t: 'sh', cmd: `kubectl describe pod ${pod} -n ${ns}`, out: describePod(rng, w, pod, ns) }] };
    }
    case 'events':
      return {
        text: say('Recent events in the namespace:'),
        acts: [{ t: 'sh', cmd: `kubectl get events -n ${ns} --sort-by=.lastTimestamp`, out: eventsTable(rng) }],
      };
    case 'top':
      return {
        acts: [
          {
            t: 'sh',
            cmd: `kubectl top pods -n ${ns}`,
            out: columns([
              ['NAME', 'CPU(cores)', 'MEMORY(bytes)'],
              ...Array.from({ length: rng.int(3, 30) }, () => [
                podName(rng, rng.pick(SERVICES)),
                `${rng.int(1, 900)}m`,
                `${rng.int(40, 1900)}Mi`,
              ]),
            ]),
          },
        ],
      };
    case 'helm':
      return rng.chance(0.5)
        ? { acts: [{ t: 'sh', cmd: `helm list -n ${ns}`, out: helmList(rng, ns) }] }
        : {
            acts: [
              {
                t: 'sh',
                cmd: `helm history ${svc} -n ${ns} --max 8`,
                out: columns([
                  ['REVISION', 'UPDATED', 'STATUS', 'CHART', 'APP VERSION', 'DESCRIPTION'],
                  ...Array.from({ length: 8 }, (_, i) => [
                    String(30 + i),
                    `Mon Jun ${10 + i} 1${i}:0${i}:11 2024`,
                    i === 7 ? 'deployed' : 'superseded',
                    `${svc}-1.${i}.0`,
                    `2.${i}.${rng.int(0, 9)}`,
                    'Upgrade complete',
                  ]),
                ]),
              },
            ],
          };
    case 'plan':
      return {
        text: say('Running a plan to see drift.', 'Plan only, no apply.'),
        acts: [
          {
            t: 'sh',
            cmd: 'terraform plan -no-color -lock=false',
            out: terraformPlan(rng, rng.chance(0.5) ? 0 : rng.int(1, 6)),
          },
        ],
      };
    case 'prom': {
      const metric = rng.pick([
        'http_requests_total',
        'container_memory_working_set_bytes',
        'kube_pod_container_status_restarts_total',
        'http_request_duration_seconds_bucket',
        'kafka_consumergroup_lag',
      ]);
      const q = `sum by (pod) (rate(${metric}{namespace="${ns}"}[5m]))`;
      return {
        text: say('Checking the metric over the incident window.'),
        acts: [
          {
            t: 'tool',
            name: 'prometheus_query',
            args: { query: q, time: w.clock.iso() },
            out: promResult(rng, metric, rng.int(1, 20)),
          },
        ],
      };
    }
    case 'journal': {
      const unit = rng.pick(['node-exporter', 'pgbouncer', 'haproxy', 'vector', 'containerd']);
      return {
        acts: [
          {
            t: 'sh',
            cmd: `journalctl -u ${unit} --since "-30min" --no-pager`,
            out: journal(rng, w, unit, rng.logInt(5, 200)),
          },
        ],
      };
    }
    case 'aws':
      return {
        acts: [
          {
            t: 'sh',
            cmd: `aws rds describe-db-instances --query 'DBInstances[].{id:DBInstanceIdentifier,status:DBInstanceStatus,class:DBInstanceClass}' --output json`,
            out: JSON.stringify(
              Array.from({ length: rng.int(2, 9) }, () => ({
                id: `${rng.pick(SERVICES)}-${rng.pick(['primary', 'replica-1', 'replica-2'])}`,
                status: 'available',
                class: rng.pick(['db.r6g.large', 'db.r6g.xlarge', 'db.m6i.large']),
              })),
              null,
              2,
            ),
          },
        ],
      };
    case 'runbook':
      return {
        text: say('Reading the runbook for this alert.'),
        acts: [{ t: 'read', path: `runbooks/${svc}.md`, text: runbook(rng, svc) }],
      };
    case 'rollout':
      return {
        acts: [
          {
            t: 'sh',
            cmd: `kubectl rollout status deploy/${svc} -n ${ns} --timeout=60s`,
            out: `deployment "${svc}" successfully rolled out`,
          },
        ],
      };
    case 'curl':
      return {
        acts: [
          {
            t: 'sh',
            cmd: `curl -s -o /dev/null -w '%{http_code} %{time_total}\\n' https://${svc}.internal/healthz`,
            out: `200 0.0${rng.int(10, 99)}${rng.int(100, 999)}`,
          },
        ],
      };
    case 'update':
      return {
        acts: [
          {
            t: 'tool',
            name: 'post_update',
            args: {
              channel: `#inc-${rng.int(1000, 9999)}`,
              text: `Still investigating ${svc}; no customer impact confirmed beyond elevated latency. Next update in 15m.`,
            },
            out: JSON.stringify({ ok: true, ts: `${Math.floor(w.clock.tick(rng) / 1000)}.${rng.int(100000, 999999)}` }),
          },
        ],
      };
    default:
      return {
        text: say('Pods and logs together.'),
        acts: [pods(), logs()].concat(
          rng.chance(0.4)
            ? [{ t: 'sh', cmd: `kubectl get events -n ${ns} --sort-by=.lastTimestamp`, out: eventsTable(rng) }]
            : [],
        ),
      };
  }
}
