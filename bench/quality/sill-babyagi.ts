/**
 * The babyagi harness of the sill family (sill.ts): a BabyAGI-like task-list loop. The assistant's
 * calls are text: each reply prints BabyAGI's banners — `*****TASK LIST*****` with the numbered tasks
 * still open, `*****NEXT TASK*****` with the task it is executing — then the execution agent's one tool
 * invocation (`Tool: shell` or `Tool: write_file` and a fenced block). The loop runs the tool and answers
 * with one user message that opens with `*****TASK RESULT*****`, the output and `(exit code N)`. One call a
 * reply; the task list is re-prioritised between replies.
 * The alerting rules of a water utility in Maseru kept in a Prometheus/Alertmanager repository:
 * `promtool check rules` and `check config` (with `FAILED:` and the parser's `1:27: parse error: …`
 * lines), `promtool test rules` unit tests with their `exp:`/`got:` failure blocks, `amtool check-config`,
 * `amtool config routes test`, `amtool silence add`, instant queries and yamllint; for a
 * Sesotho-speaking operations engineer.
 * Reconstructed rather than copied: BabyAGI's banners are from memory of the original script, but the
 * `Tool:` invocation and the result message are invented (the original had no tools); promtool's and
 * amtool's messages are from memory of Prometheus 2.5x and Alertmanager 0.27 (wording close, not exact);
 * the station names are real places, the utility's systems invented; the Sesotho is plain and may be
 * stiff.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  cap,
  dur,
  fail,
  hex,
  lines,
  nth,
  ok,
  one,
  say,
  some,
  type Planter,
  type SillCall,
  type SillHarness,
  type SillStep,
} from './sill-kit';

const ROOT = '/home/thabo/metsi-alerts';
const PROM = 'http://prometheus.metsi.local:9090';
const STATIONS = ['Maqalika', 'Ha Foso', 'Thetsane', 'Mabote', 'Lithabaneng', 'Ha Tsolo', 'Qoaling'];
const RULES = ['rules/pumps.yml', 'rules/reservoirs.yml', 'rules/chlorine.yml', 'rules/exporters.yml'];
const TESTS = ['tests/pumps_test.yml', 'tests/reservoirs_test.yml', 'tests/chlorine_test.yml'];
const TASKS = [
  'Run promtool over every rule file',
  'Run the rule unit tests',
  'Check the Alertmanager routing tree',
  'Query the live pump metrics to pick thresholds',
  'Lint the YAML',
  'Review the reservoir rules for duplicate alerts',
  'Commit the changes with a clear message',
  'Write a unit test for the new alert',
  'Dry-run the route for a night-shift page',
];

function sh(command: string, output: string, code = 0): SillCall {
  return code === 0 ? ok('shell', { command }, output, 0) : fail('shell', { command }, output, code);
}

function write(path: string, content: string): SillCall {
  return ok('write_file', { path, content }, `wrote ${content.split('\n').length} lines to ${path}`, 0);
}

function checkRules(rng: Rng, files: string[]): string {
  return files.map((f) => `Checking ${f}\n  SUCCESS: ${rng.int(4, 18)} rules found\n`).join('\n');
}

function ruleFail(file: string, line: number, group: string, idx: number, name: string, why: string): string {
  return `Checking ${file}\n  FAILED:\n${file}: ${line}:15: group "${group}", rule ${idx}, "${name}": could not parse expression: ${why}\n`;
}

function unitOk(rng: Rng): string {
  return some(rng, TESTS, rng.int(1, 3))
    .map((t) => `Unit Testing:  ${t}\n  SUCCESS\n`)
    .join('\n');
}

function unitFail(test: string, alert: string, at: string, station: string, got = 'got:[]'): string {
  return `Unit Testing:  ${test}\n  FAILED:\n    alertname: ${alert}, time: ${at}, \n        exp:[\n            0:\n              Labels:{alertname="${alert}", severity="page", station="${station}", team="pumps"}\n              Annotations:{runbook_url="https://wiki.metsi.local/runbooks/${alert}", summary="Pump at ${station} stopped"}\n            ], \n        ${got}\n`;
}

function amCheck(rng: Rng): string {
  return `Checking 'alertmanager.yml'  SUCCESS\nFound:\n - global config\n - route\n - ${rng.int(1, 3)} inhibit rules\n - ${rng.int(3, 6)} receivers\n - 1 templates\n  SUCCESS\n`;
}

function query(rng: Rng): string {
  const at = `${rng.int(1741000000, 1742000000)}.${rng.int(100, 999)}`;
  return some(rng, STATIONS, rng.int(3, 6))
    .map((s) => `{station="${s}"} => ${dur(rng, 0, 60, 2)} @[${at}]`)
    .join('\n');
}

const RULE_YAML = (name: string, expr: string, station = 'Maqalika') =>
  `groups:\n  - name: pumps\n    rules:\n      - alert: ${name}\n        expr: ${expr}\n        for: 5m\n        labels:\n          severity: page\n          team: pumps\n        annotations:\n          summary: "Pump at {{ $labels.station }} stopped"\n          runbook_url: "https://wiki.metsi.local/runbooks/${name}"\n# first seen at ${station}`;

function babyNoise(rng: Rng): SillStep {
  const r = rng.int(0, 7);
  if (r === 0)
    return one('Run promtool over every rule file', sh('promtool check rules rules/*.yml', checkRules(rng, RULES)));
  if (r === 1) return one('Run the rule unit tests', sh('promtool test rules tests/*.yml', unitOk(rng)));
  if (r === 2)
    return one('Check the Alertmanager routing tree', sh('amtool check-config alertmanager.yml', amCheck(rng)));
  if (r === 3) {
    const st = rng.pick(STATIONS);
    return one(
      'Query the live pump metrics to pick thresholds',
      sh(
        `promtool query instant ${PROM} 'max by (station) (rate(pump_flow_litres_total{station!="${st}"}[10m]))'`,
        query(rng),
      ),
    );
  }
  if (r === 4)
    return one(
      'Lint the YAML',
      sh(
        'yamllint -f parsable rules/ alertmanager.yml',
        lines(
          rng.int(2, 5),
          () =>
            `${rng.pick(RULES)}:${rng.int(5, 90)}:${rng.int(81, 110)}: [warning] line too long (${rng.int(81, 130)} > 80 characters) (line-length)`,
        ),
        1,
      ),
    );
  if (r === 5) {
    const f = rng.pick(RULES);
    return one(
      'Review the reservoir rules for duplicate alerts',
      sh(
        `promtool check rules ${f}`,
        ruleFail(
          f,
          rng.int(8, 60),
          rng.pick(['pumps', 'reservoirs', 'chlorine']),
          rng.int(1, 9),
          rng.pick(['ReservoirLow', 'ChlorineHigh', 'ExporterDown']),
          rng.pick([
            `1:${rng.int(20, 60)}: parse error: unexpected right parenthesis ')'`,
            `1:${rng.int(20, 60)}: parse error: unexpected <by> in aggregation`,
            `1:${rng.int(5, 40)}: parse error: bad duration syntax: "5mn"`,
          ]),
        ) + `\n`,
        1,
      ),
    );
  }
  if (r === 6)
    return one(
      'Dry-run the route for a night-shift page',
      sh(
        `amtool config routes test --config.file=alertmanager.yml severity=page team=${rng.pick(['pumps', 'reservoirs', 'chlorine'])}`,
        rng.pick(['pumps-opsgenie', 'night-shift-sms', 'default-email']),
      ),
    );
  return one(
    'Commit the changes with a clear message',
    sh(
      'git status --short && git log --oneline -3',
      `${some(rng, RULES, rng.int(1, 3))
        .map((f) => ` M ${f}`)
        .join(
          '\n',
        )}\n${hex(rng, 7)} pumps: for 5m on PumpStopped\n${hex(rng, 7)} reservoirs: level in mm\n${hex(rng, 7)} am: night shift route`,
    ),
  );
}

function babyBig(rng: Rng): SillStep {
  const n = rng.int(260, 320);
  return one(
    'Dump the raw exporter metrics of one station',
    sh(
      `curl -s http://${rng.pick(STATIONS).toLowerCase().replace(' ', '-')}:9100/metrics | grep -v '^#'`,
      lines(
        n,
        (i) =>
          `${nth(['pump_flow_litres_per_second', 'pump_motor_current_amperes', 'pump_running', 'reservoir_level_millimetres', 'chlorine_residual_mg_per_litre', 'node_cpu_seconds_total'], i)}{pump="p${(i % 3) + 1}",station="${nth(STATIONS, i)}",sensor="s${i % 17}",unit="${nth(['lps', 'A', 'bool', 'mm', 'mgl'], i)}"} ${dur(rng, 0, 900, 4)} ${1741000000000 + i * 15000}`,
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
        const needle = `alert e ncha ${t} e tsebise hang ha pompo e emisa ho pompa`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Lumela! Projeke e ho ${ROOT} — melao ya alerting ya Prometheus le Alertmanager bakeng sa diteishene tsa dipompo tsa metsi Maseru. Ke batla ${needle}. Ka kopo hlalosa mohato ka mong.`,
            },
            {
              step: one(
                'Run promtool over every rule file',
                sh('promtool check rules rules/*.yml', checkRules(rng, RULES)),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: eketsa routing ya Alertmanager bakeng sa sehlopha sa bosiu`;
        return { how: 'user-followup', needle, beats: [{ user: `Mosebetsi o latelang: ${needle}.` }] };
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
            (x) => `${x}: o se ke wa fetola prometheus.yml ya production`,
            (x) => `melao yohle ya ${x} e tlameha ho ba le label ya severity`,
            (x) => `ha ho SMS e romelwang ke ${x} pele ho hora ya botsheletseng hoseng`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Molao: ${needle}.`, `Hopola — ${needle}.`, `Sena se bohlokwa: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: every alerting rule carries a runbook_url annotation pointing at the wiki`,
          `${T} - recording rules are named level:metric:operations and nothing else`,
          `${T}: group_wait for the page receiver stays at 30s, whoever asks`,
        ]);
        const where = rng.pick(['contributing', 'comment'] as const);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                where === 'contributing'
                  ? 'Read the contribution rules before writing a rule'
                  : 'Read the routing config',
                where === 'contributing'
                  ? sh(
                      'cat CONTRIBUTING.md',
                      `# metsi-alerts\n\nBefore you open a merge request:\n\n* run \`make check\`\n* ${needle}\n* no alert without a unit test in tests/`,
                    )
                  : sh(
                      'sed -n 1,14p alertmanager.yml',
                      `global:\n  resolve_timeout: 5m\n# ${needle}\n# (agreed with the control room, see ticket OPS-412)\nroute:\n  receiver: default-email\n  group_by: [alertname, station]\n  group_wait: 30s\n  group_interval: 5m\n  repeat_interval: 4h\n  routes:\n    - matchers: [severity="page"]\n      receiver: pumps-opsgenie`,
                    ),
              ),
            },
            {
              step: one(
                `Run the rule unit tests (keeping ${T} in mind)`,
                sh('promtool test rules tests/*.yml', unitOk(rng)),
              ),
            },
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
            (x) => `rather than a fixed threshold, ${x} compares flow with the same hour last week using offset 1w`,
            (x) => `I'd sooner silence ${x} through an inhibit rule than copy the matcher into every route`,
            (x) => `${x} gets for: 5m, so one missed scrape never wakes anybody`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(`Record the approach: ${needle}`, write('docs/decisions.md', `## 2025-03\n\n- ${needle}.\n`)),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} e tla sebedisa receiver ya Opsgenie feela, eseng email`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Re nkile qeto: ${needle}.`, `Ha re etse tjena: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `rules/${t}_pumps.yml`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'Write the new rule file',
                write(needle, RULE_YAML(`${cap(t)}Stopped`, 'pump_running == 0 and on(station) pump_demand > 0')),
              ),
            },
            {
              step: one(
                'Run promtool over every rule file',
                sh(`promtool check rules ${needle}`, `Checking ${needle}\n  SUCCESS: 1 rules found\n`),
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
        const needle = `tests/${t}_test.yml`;
        const st = rng.pick(STATIONS);
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'Write a unit test for the new alert',
                write(
                  needle,
                  `rule_files:\n  - ../rules/pumps.yml\nevaluation_interval: 1m\ntests:\n  - interval: 1m\n    input_series:\n      - series: 'pump_running{station="${st}", pump="p1"}'\n        values: '1x5 0x20'\n    alert_rule_test:\n      - eval_time: 15m\n        alertname: PumpStopped\n        exp_alerts:\n          - exp_labels: {severity: page, station: "${st}", team: pumps}`,
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
        const needle = `unknown function with name "${t}"`;
        const l = rng.int(10, 70);
        return {
          how: 'tool-compiler',
          needle,
          beats: [
            {
              step: one(
                'Run promtool over every rule file',
                sh(
                  'promtool check rules rules/pumps.yml',
                  ruleFail(
                    'rules/pumps.yml',
                    l,
                    'pumps',
                    rng.int(2, 8),
                    'PumpFlowDrop',
                    `1:${rng.int(3, 20)}: parse error: ${needle}`,
                  ),
                  1,
                ),
              ),
            },
            {
              step: one(
                `Fix the expression: ${t} is no PromQL function, it should be rate()`,
                write('rules/pumps.yml', RULE_YAML('PumpFlowDrop', 'rate(pump_flow_litres_total[5m]) < 0.5')),
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
        const needle = `alertname: ${cap(t)}Down, time: 15m`;
        const st = rng.pick(STATIONS);
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: one(
                'Run the rule unit tests',
                sh(
                  'promtool test rules tests/pumps_test.yml',
                  `${unitFail('tests/pumps_test.yml', `${cap(t)}Down`, '15m', st)}\n`,
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
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `undefined receiver "${t}-oncall" used in route`;
        return {
          how: 'tool-amtool',
          needle,
          beats: [
            {
              step: one(
                'Check the Alertmanager routing tree',
                sh(
                  'amtool check-config alertmanager.yml',
                  `Checking 'alertmanager.yml'  FAILED: ${needle}\n\namtool: error: failed to validate 1 file(s)\n`,
                  1,
                ),
              ),
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
        const t = mint('num');
        const st = rng.pick(STATIONS);
        const needle = `station="${st}"} => ${t} @[`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Query the live pump metrics to pick thresholds',
                sh(
                  `promtool query instant ${PROM} 'max by (station) (reservoir_level_millimetres)'`,
                  `{${needle}${rng.int(1741000000, 1742000000)}.${rng.int(100, 999)}]`,
                ),
              ),
            },
            {
              step: one(
                `Set the low-level threshold below ${t} mm for ${st}`,
                write(
                  'rules/reservoirs.yml',
                  RULE_YAML('ReservoirLow', `reservoir_level_millimetres{station="${st}"} < ${t} * 0.4`, st),
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
        const t = mint('hex');
        const needle = `${t}-${hex(rng, 4)}-4${hex(rng, 3)}-a${hex(rng, 3)}-${hex(rng, 12)}`;
        return {
          how: 'tool-silence',
          needle,
          beats: [
            {
              step: one(
                'Silence the maintenance window at Qoaling',
                sh(
                  `amtool silence add --alertmanager.url=http://alertmanager.metsi.local:9093 --duration=4h --comment="pump overhaul" station=Qoaling`,
                  needle,
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
        const needle = `OG-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Senotlolo sa team ya Opsgenie ke ${needle}; se kenye ho alertmanager.yml.` }],
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
            (x) => `Still open: a unit test for ${x} covering a station that stops reporting altogether`,
            (x) => `${x} has no inhibit rule for planned maintenance yet`,
            (x) => `next I want to replay last night's data through ${x} with promtool test rules`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Commit, then: ${needle}`,
                sh(`git commit -qam "alerts: ${t}" && git log --oneline -1`, `${hex(rng, 7)} alerts: ${t}`),
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
        const needle = `qetellong ngola kakaretso e kgutshwane ka Sesotho ka ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Ke a leboha. Ntho e nngwe: ${needle}.` },
            { step: one('Run the rule unit tests', sh('promtool test rules tests/*.yml', unitOk(rng))) },
          ],
        };
      },
    },
  ],
};

function invocation(c: SillCall): string {
  if (c.tool === 'write_file')
    return `Tool: write_file\nPath: ${String(c.args['path'])}\n\`\`\`yaml\n${String(c.args['content'])}\n\`\`\``;
  return `Tool: shell\n\`\`\`bash\n${String(c.args['command'])}\n\`\`\``;
}

function taskList(n: number, current: string): string {
  const open = [0, 1, 2, 3].map((k) => nth(TASKS, n * 3 + k)).filter((x) => x !== current);
  return open.map((x, i) => `${n + i + 2}: ${x}`).join('\n');
}

/** The babyagi harness. */
export const SILL_BABYAGI: SillHarness = {
  style: 'babyagi',
  protocol: 'text',
  system: `You are an AI who performs one task based on the following objective: keep the Prometheus and Alertmanager alerting of the Maseru water utility (${ROOT}) correct and tested. You work as a task-list loop: print the task list, pick the next task, and execute it with exactly one tool, written as\n*****TASK LIST*****\n<numbered open tasks>\n\n*****NEXT TASK*****\n<n>: <task>\n\nTool: shell\n\`\`\`bash\n<command>\n\`\`\`\nor Tool: write_file with a Path: line and a fenced body. The loop runs the tool and returns *****TASK RESULT*****. Tools: shell (promtool, amtool, yamllint, git, curl) and write_file. When the objective is met, answer without a tool. The operator writes Sesotho; answer in Sesotho or English.`,
  tools: ['shell', 'write_file'],
  renderStep: (s, _ids, n) => {
    const c = s.calls[0] as SillCall;
    const task = s.say ?? 'Continue with the objective';
    return `*****TASK LIST*****\n${taskList(n, task)}\n\n*****NEXT TASK*****\n${n + 1}: ${task}\n\n${invocation(c)}`;
  },
  renderResults: (s) => {
    const c = s.calls[0] as SillCall;
    return `*****TASK RESULT*****\n${c.output}${c.output.endsWith('\n') ? '' : '\n'}(exit code ${c.exitCode ?? 0})`;
  },
  resultPrefix: '*****TASK RESULT*****',
  callMark: /^\*\*\*\*\*NEXT TASK\*\*\*\*\*$/gm,
  resultMark: /^\*\*\*\*\*TASK RESULT\*\*\*\*\*$/gm,
  noise: babyNoise,
  big: babyBig,
  followUp: (rng) =>
    rng.pick([
      'Diteko di fetile?',
      'promtool o re eng jwale?',
      'Ka kopo etsa diteko hape.',
      'O fetotse eng?',
      'Ho lokile, ho setse eng?',
      'Na ho sa ntse ho na le diphoso?',
    ]),
  keepGoing: (rng) =>
    rng.pick(['Tswela pele.', 'Tswela pele, o se ke wa emisa.', 'Tswela pele ho fihlela diteko tsohle di feta.']),
  answer: (rng) =>
    rng.pick([
      `*****TASK ENDING*****\nHo phethilwe: diteko tsohle tsa promtool di fetile (${rng.int(3, 9)} rule files).`,
      '*****TASK ENDING*****\nDone: promtool and amtool are both clean and the unit tests pass.',
      'Ho lokisitswe. Ho sa na le temoso ya yamllint ho rules/chlorine.yml, empa ha e amane le phetoho ena.',
      'Ka bokgutshwane: alerting e sebetsa, mme routing e ya ho Opsgenie ha ho hlokahala.',
    ]),
  probe: (rng) => rng.pick(['Tswela pele.', 'Tswela pele moo o emeng teng.', 'Jwale ho latelang ke eng?']),
  planters: PLANTERS,
};
