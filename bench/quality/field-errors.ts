/**
 * Failures for the field family's error facts, in the output of many ecosystems: test
 * runners and compilers of ten languages, kubectl events, terraform, helm, cloud CLIs, systemd,
 * four SQL engines, pandas, dbt, browser consoles and Playwright. Each names what the agent
 * needs to go on (a failing test, an error code, the missing identifier): its needle
 * candidates, best first; the planter takes the first no other fact holds.
 */
import { type Act, type World } from './field-core';
import { codeFailure, type Failure } from './field-errors-code';
import { flavor } from './field-data';
import { consoleLines, networkLines } from './field-web';
import { alnum, cap, fillerIp, hex, podName } from './field-names';
import { eventsTable } from './field-ops';
import type { Rng } from './rng';

export type { Failure } from './field-errors-code';

const sh = (cmd: string, out: string, code = 1): Act => ({ t: 'sh', cmd, out, code });

function opsFailure(rng: Rng, w: World, cw: string): Failure {
  const ns = rng.pick(['checkout', 'payments', 'platform', 'data']);
  const pod = podName(rng, `${cw}-worker`);
  return rng.pick<() => Failure>([
    () => ({
      act: sh(
        `kubectl get events -n ${ns} --field-selector type=Warning`,
        eventsTable(rng, [
          [
            `${rng.int(1, 50)}s`,
            'Warning',
            'FailedMount',
            `pod/${pod}`,
            `MountVolume.SetUp failed for volume "certs" : secret "${cw}-tls" not found`,
          ],
        ]),
        0,
      ),
      needles: [`${cw}-tls`],
      label: 'kubectl-events',
    }),
    () => ({
      act: sh(
        `kubectl describe pod ${pod} -n ${ns}`,
        [
          `Name:         ${pod}`,
          `Namespace:    ${ns}`,
          '    State:          Waiting',
          '      Reason:       CrashLoopBackOff',
          '    Last State:     Terminated',
          '      Reason:       OOMKilled',
          '      Exit Code:    137',
          'Events:',
          '  Type     Reason   Age                 From     Message',
          `  Warning  BackOff  ${rng.int(1, 9)}m (x${rng.int(5, 80)} over ${rng.int(10, 50)}m)  kubelet  Back-off restarting failed container ${cw}-migrate in pod ${pod}_${ns}(${hex(rng, 8)}-${hex(rng, 4)})`,
        ].join('\n'),
        0,
      ),
      needles: [`${cw}-migrate`],
      label: 'kubectl-describe',
    }),
    () => ({
      act: sh(
        'terraform apply -auto-approve=false tfplan',
        [
          'aws_security_group_rule.' + `${cw}_ingress: Creating...`,
          '╷',
          `│ Error: creating Security Group (sg-0${hex(rng, 16)}) Rule: InvalidPermission.Duplicate: the specified rule "peer: ${fillerIp(rng)}/32, TCP, from port: 5432, to port: 5432, ALLOW" already exists`,
          '│ ',
          `│   with aws_security_group_rule.${cw}_ingress,`,
          `│   on network.tf line ${rng.int(10, 300)}, in resource "aws_security_group_rule" "${cw}_ingress":`,
          '╵',
        ].join('\n'),
      ),
      needles: ['InvalidPermission.Duplicate', `aws_security_group_rule.${cw}_ingress`],
      label: 'terraform-aws',
      lead: `${cap(rng.pick(['priya', 'tomasz', 'dmitri']))} approved the saved plan above; applying it now.`,
    }),
    () => {
      const id = `${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}`;
      return {
        act: sh(
          'terraform plan -no-color',
          [
            '╷',
            '│ Error: Error acquiring the state lock',
            '│ ',
            '│ Error message: ConditionalCheckFailedException: The conditional request failed',
            '│ Lock Info:',
            `│   ID:        ${id}`,
            `│   Path:      acme-tfstate/${cw}/prod/terraform.tfstate`,
            '│   Operation: OperationTypeApply',
            `│   Who:       ${rng.pick(['priya', 'tomasz', 'ci'])}@${rng.pick(['runner-12', 'laptop'])}`,
            '│   Version:   1.7.5',
            `│   Created:   ${w.clock.iso()}`,
            '│ ',
            '│ Terraform acquires a state lock to protect the state from being written',
            '│ by multiple users at the same time.',
            '╵',
          ].join('\n'),
        ),
        needles: [id],
        label: 'terraform-lock',
      };
    },
    () => ({
      act: sh(
        `helm upgrade --install ${cw}-api charts/api -n ${ns} -f values/prod.yaml`,
        `Error: UPGRADE FAILED: rendered manifests contain a resource that already exists. Unable to continue with update: ConfigMap "${cw}-settings" in namespace "${ns}" exists and cannot be imported into the current release: invalid ownership metadata; annotation validation error: missing key "meta.helm.sh/release-name": must be set to "${cw}-api"`,
      ),
      needles: [`${cw}-settings`],
      label: 'helm',
      lead: 'Go-ahead received in the thread. Rolling out the chart change.',
    }),
    () => ({
      act: sh(
        `aws kms decrypt --ciphertext-blob fileb://secrets/${cw}.enc --query Plaintext --output text`,
        `An error occurred (AccessDeniedException) when calling the Decrypt operation: User: arn:aws:sts::${rng.int(100000000000, 999999999999)}:assumed-role/${cw}-oncall/beacon is not authorized to perform: kms:Decrypt on resource: arn:aws:kms:eu-west-1:${rng.int(100000000000, 999999999999)}:key/${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)} because no identity-based policy allows the kms:Decrypt action`,
        254,
      ),
      needles: [`${cw}-oncall`],
      label: 'aws-cli',
    }),
    () => ({
      act: sh(
        `systemctl status ${cw}-exporter --no-pager`,
        [
          `× ${cw}-exporter.service - ${cap(cw)} metrics exporter`,
          `     Loaded: loaded (/etc/systemd/system/${cw}-exporter.service; enabled; preset: enabled)`,
          `     Active: failed (Result: exit-code) since ${w.clock.iso()}; ${rng.int(2, 59)}min ago`,
          `    Process: ${rng.int(1000, 60000)} ExecStart=/usr/local/bin/${cw}-exporter --web.listen-address=:9${rng.int(100, 999)} (code=exited, status=203/EXEC)`,
          `${w.clock.syslog()} db-proxy-2 systemd[1]: ${cw}-exporter.service: Main process exited, code=exited, status=203/EXEC`,
          `${w.clock.syslog()} db-proxy-2 systemd[1]: ${cw}-exporter.service: Failed with result 'exit-code'.`,
        ].join('\n'),
        3,
      ),
      needles: ['status=203/EXEC', `${cw}-exporter.service`],
      label: 'systemd',
    }),
  ])();
}

function dataFailure(rng: Rng, w: World, cw: string): Failure {
  const cell = (code: string, out: string): Act => ({
    t: 'cell',
    code,
    out,
    ok: false,
    n: (w.counters['cell'] = (w.counters['cell'] ?? 0) + 1),
  });
  const sqlErr = (query: string, out: string): Act => ({ t: 'sql', query, db: w.scope, out, ok: false });
  const q = `select customer_id, ${cw}_week, sum(amount_usd) as revenue\nfrom analytics.fct_orders\ngroup by 1, 2`;
  const engine: Record<string, () => Failure> = {
    postgres: () => ({
      act: sqlErr(
        q,
        `ERROR:  column "${cw}_week" does not exist\nLINE 1: select customer_id, ${cw}_week, sum(amount_usd) as revenue\n                            ^\nHINT:  Perhaps you meant to reference the column "fct_orders.ordered_at".`,
      ),
      needles: [`${cw}_week`],
      label: 'postgres',
    }),
    duckdb: () => ({
      act: sqlErr(
        q,
        `Binder Error: Referenced column "${cw}_week" not found in FROM clause!\nCandidate bindings: "fct_orders.ordered_at", "fct_orders.order_id"\nLINE 1: select customer_id, ${cw}_week, sum(amount_usd...\n                            ^`,
      ),
      needles: [`${cw}_week`],
      label: 'duckdb',
    }),
    snowflake: () => ({
      act: sqlErr(
        q,
        `000904 (42000): SQL compilation error: error line 1 at position 20\ninvalid identifier '${cw.toUpperCase()}_WEEK'`,
      ),
      needles: [`${cw.toUpperCase()}_WEEK`],
      label: 'snowflake',
    }),
    bigquery: () => ({
      act: sqlErr(
        q,
        `Error in query string: Error processing job '${w.name}:bquxjob_${hex(rng, 8)}_${hex(rng, 12)}': Unrecognized name: ${cw}_week at [1:20]`,
      ),
      needles: [`${cw}_week`],
      label: 'bigquery',
    }),
  };
  return rng.pick<() => Failure>([
    engine[flavor(w)] as () => Failure,
    () => ({
      act: cell(
        `df["${cw}_ratio"] = df["refunds"] / df["orders"]\ndf.groupby("channel")["${cw}_ratio"].mean()`,
        [
          '---------------------------------------------------------------------------',
          'KeyError                                  Traceback (most recent call last)',
          'File /opt/conda/lib/python3.11/site-packages/pandas/core/indexes/base.py:3805, in Index.get_loc(self, key)',
          '-> 3805     return self._engine.get_loc(casted_key)',
          '',
          `KeyError: 'refunds'`,
          '',
          'The above exception was the direct cause of the following exception:',
          '',
          `Cell In[${rng.int(5, 60)}], line 1`,
          `----> 1 df["${cw}_ratio"] = df["refunds"] / df["orders"]`,
          `KeyError: 'refunds'`,
        ].join('\n'),
      ),
      needles: [`${cw}_ratio`],
      label: 'pandas',
    }),
    () => ({
      act: sh(
        `dbt test --select ${cw}_orders`,
        [
          `${w.clock.iso().slice(11, 19)}  Running with dbt=1.8.${rng.int(0, 6)}`,
          `${w.clock.iso().slice(11, 19)}  Found ${rng.int(40, 300)} models, ${rng.int(100, 900)} data tests, ${rng.int(5, 40)} sources`,
          `${w.clock.iso().slice(11, 19)}  1 of 4 START test not_null_${cw}_orders_customer_id ............ [RUN]`,
          `${w.clock.iso().slice(11, 19)}  1 of 4 FAIL ${rng.int(2, 900)} not_null_${cw}_orders_customer_id ......... [FAIL ${rng.int(2, 900)} in 1.${rng.int(10, 99)}s]`,
          `${w.clock.iso().slice(11, 19)}  Failure in test not_null_${cw}_orders_customer_id (models/marts/schema.yml)`,
          `${w.clock.iso().slice(11, 19)}    compiled code at target/compiled/analytics/models/marts/schema.yml/not_null_${cw}_orders_customer_id.sql`,
          `${w.clock.iso().slice(11, 19)}  Done. PASS=3 WARN=0 ERROR=1 SKIP=0 TOTAL=4`,
        ].join('\n'),
      ),
      needles: [`not_null_${cw}_orders_customer_id`],
      label: 'dbt',
    }),
  ])();
}

function webFailure(rng: Rng, w: World, cw: string): Failure {
  const base = w.scope;
  return rng.pick<() => Failure>([
    () => ({
      act: {
        t: 'web',
        op: 'console',
        out: consoleLines(rng, base, rng.int(3, 25), [
          `[ERROR] Uncaught TypeError: Cannot read properties of undefined (reading '${cw}Total') @ ${base}/assets/checkout-${alnum(rng, 8)}.js:${rng.int(100, 900)}`,
        ]),
      },
      needles: [`${cw}Total`],
      label: 'console-typeerror',
    }),
    () => ({
      act: {
        t: 'web',
        op: 'network',
        out: networkLines(rng, base, rng.int(4, 40), [`[POST] ${base}/api/${cw}/quote => [500] Internal Server Error`]),
      },
      needles: [`/api/${cw}/quote`],
      label: 'network-500',
    }),
    () => ({
      act: sh(
        'npx playwright test tests/e2e/checkout.spec.ts --project=chromium --reporter=list',
        [
          `Running ${rng.int(5, 30)} tests using 2 workers`,
          '',
          `  ✘  3 [chromium] › tests/e2e/checkout.spec.ts:${rng.int(20, 200)}:7 › checkout › applies ${cw} voucher (5.${rng.int(100, 999)}s)`,
          '',
          `  1) [chromium] › tests/e2e/checkout.spec.ts:${rng.int(20, 200)}:7 › checkout › applies ${cw} voucher ──────────`,
          '',
          '    Error: Timed out 5000ms waiting for expect(locator).toBeVisible()',
          '',
          `    Locator: getByTestId('voucher-applied')`,
          '    Expected: visible',
          '    Received: <element(s) not found>',
          '',
          `  1 failed`,
          `    [chromium] › tests/e2e/checkout.spec.ts › checkout › applies ${cw} voucher`,
          `  ${rng.int(5, 30)} passed (${rng.int(10, 90)}.${rng.int(1, 9)}s)`,
        ].join('\n'),
      ),
      needles: [`applies ${cw} voucher`],
      label: 'playwright-test',
    }),
  ])();
}

/** A failure of the world's domain, naming `cw` (a codename) or an error code. */
export function failureFor(rng: Rng, w: World, cw: string): Failure {
  switch (w.domain) {
    case 'ops':
      return opsFailure(rng, w, cw);
    case 'data':
      return rng.chance(0.8) ? dataFailure(rng, w, cw) : codeFailure(rng, { ...w, eco: 'python' }, cw);
    case 'web':
      return rng.chance(0.8) ? webFailure(rng, w, cw) : codeFailure(rng, { ...w, eco: 'ts' }, cw);
    default:
      return codeFailure(rng, w, cw);
  }
}
