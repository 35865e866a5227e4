/**
 * The rare huge outputs of the field family's ordinary work: a whole CI log, every pod of a
 * cluster, a thousand-row query, a long product page's accessibility tree. They are what makes
 * real sessions' sizes so uneven.
 */
import type { Act, World } from './field-core';
import { passingRun, installLog } from './field-code-runs';
import { codePath } from './field-code';
import { resultTable, sampleRows } from './field-data';
import { playwright } from './field-harness-more';
import { columns, NOUNS } from './field-names';
import { NAMESPACES, podRows } from './field-ops';
import type { Rng } from './rng';

function ciLog(rng: Rng, w: World): string {
  const job = rng.pick(['test', 'build', 'lint-and-test', 'ci / test (ubuntu-latest)']);
  const tests = Array.from({ length: rng.int(60, 240) }, () => codePath(rng, w.eco, w.name, true));
  const body = [...installLog(rng, w).out.split('\n'), ...passingRun(rng, w, tests).split('\n')];
  return body
    .map((line) => {
      w.clock.tick(rng, 2);
      return `${job}\t${rng.pick(['Set up job', 'Install dependencies', 'Run tests'])}\t${w.clock.iso()} ${line}`;
    })
    .join('\n');
}

/** One step with a very large output, in the world's domain. */
export function hugeStep(rng: Rng, w: World): { text?: string; acts: Act[] } {
  switch (w.domain) {
    case 'ops': {
      const rows = podRows(rng, rng.logInt(250, 700), true).map((r) => [rng.pick(NAMESPACES), ...r]);
      return {
        text: rng.pick(['Looking at the whole cluster for anything else unhealthy.', undefined]),
        acts: [
          {
            t: 'sh',
            cmd: 'kubectl get pods -A -o wide',
            out: columns([
              [
                'NAMESPACE',
                'NAME',
                'READY',
                'STATUS',
                'RESTARTS',
                'AGE',
                'IP',
                'NODE',
                'NOMINATED NODE',
                'READINESS GATES',
              ],
              ...rows,
            ]),
          },
        ],
      };
    }
    case 'data': {
      const s = sampleRows(rng, 'raw.events', rng.logInt(300, 1000));
      const query = `select * from raw.events where occurred_at >= current_date - 1 limit 1000`;
      return {
        text: rng.pick(['Pulling a day of raw events to eyeball them.', undefined]),
        acts: [{ t: 'sql', query, db: w.scope, out: resultTable(w, s.head, s.rows, rng), ok: true }],
      };
    }
    case 'web': {
      const lines = ['- generic [ref=e2]:', '  - main [ref=e3]:', '    - heading "All products" [level=1] [ref=e4]'];
      let ref = 4;
      for (let i = 0; i < rng.int(120, 320); i++)
        lines.push(
          `    - article [ref=e${++ref}]:`,
          `      - link "${rng.pick(NOUNS)} ${rng.pick(['lamp', 'rug', 'mug', 'table', 'chair', 'throw'])} ${i + 1}" [ref=e${++ref}] [cursor=pointer]:`,
          `        - /url: /products/${rng.pick(NOUNS)}-${i + 1}`,
          `      - paragraph [ref=e${++ref}]: $${rng.int(9, 600)}.${rng.pick(['00', '50', '99'])}`,
          `      - button "Add to cart" [ref=e${++ref}] [cursor=pointer]`,
        );
      return {
        acts: [
          {
            t: 'web',
            op: 'snapshot',
            out: playwright(undefined, {
              url: `${w.scope}/products?view=all`,
              title: 'All products — Acme Home',
              snapshot: lines.join('\n'),
            }),
          },
        ],
      };
    }
    default:
      return {
        text: rng.pick([
          'Pulling the full CI log for the last run.',
          'Checking the whole CI output, not just the summary.',
        ]),
        acts: [{ t: 'sh', cmd: `gh run view ${rng.int(6_000_000_000, 9_000_000_000)} --log`, out: ciLog(rng, w) }],
      };
  }
}
