/**
 * The assistants harness of the dune family (dune.ts): an OpenAI-Assistants-API-v2-like run. The
 * assistant's run steps are native calls with `call_` ids: `code_interpreter` (arguments
 * `{"input": "<python>"}`, result `{"outputs": [{"type": "logs", "logs": "…"}]}`), `file_search` over
 * the SOC's vector store (results with file ids, names, scores and chunks) and a custom function
 * `splunk_search` whose output the app submits as Splunk's REST JSON (`fields`, `results` with values
 * as strings, or `messages` with a `FATAL` text); parallel calls allowed.
 * A Splunk SPL investigation for a Maltese bank's SOC (failed logons followed by a success, VPN and
 * internet-banking sources, the SWIFT gateway): `Error in 'stats' command: …`, `Unknown search
 * command 'x'.`, missing macros and lookups, `| tstats` counts, correlation searches in
 * savedsearches.conf, a splunklib Python script; for a Maltese-speaking analyst.
 * Imitated: the Assistants v2 tool-call shapes (code_interpreter input/outputs, file_search results)
 * from memory of the API reference. Invented: how the harness flattens run steps into chat messages,
 * the bank, its hosts and indexes. Splunk's messages are from memory (close, not exact). The Maltese
 * is plain and may be stiff.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  hex,
  many,
  nth,
  ok,
  fail,
  one,
  say,
  some,
  type DuneCall,
  type DuneHarness,
  type DuneStep,
  type Planter,
} from './dune-kit';

const BANK = 'Bank tal-Port';
const USERS = ['jborg', 'mcamilleri', 'rzammit', 'agrech', 'dfarrugia', 'kvella', 'svassallo', 'pcaruana'];
const HOSTS = ['VLT-DC01', 'VLT-DC02', 'MSD-FS02', 'SLM-WKS-114', 'BKR-WKS-031', 'QRM-VPN01', 'VLT-SWIFT-GW'];
const INDEXES = ['wineventlog', 'pan_logs', 'o365', 'ibank_web', 'swift_gw', 'cisco_asa'];

function ip(rng: Rng): string {
  return rng.pick([
    `185.${rng.int(1, 250)}.${rng.int(1, 250)}.${rng.int(1, 250)}`,
    `10.${rng.int(10, 40)}.${rng.int(1, 250)}.${rng.int(2, 250)}`,
  ]);
}

/** Splunk's REST JSON (`output_mode=json`) for a finished search. */
function rest(fields: string[], rows: string[][]): string {
  const results = rows.map((r) => `{${fields.map((f, i) => `"${f}":"${r[i] ?? ''}"`).join(',')}}`);
  return `{"preview":false,"init_offset":0,"messages":[],"fields":[${fields.map((f) => `{"name":"${f}"}`).join(',')}],"results":[${results.join(',')}],"highlighted":{}}`;
}
function fatal(text: string): string {
  return `{"messages":[{"type":"FATAL","text":${JSON.stringify(text)}}]}`;
}

function spl(search: string, output: string, earliest = '-24h'): DuneCall {
  const args = { search, earliest_time: earliest, latest_time: 'now' };
  return output.startsWith('{"messages":[{"type":"FATAL"')
    ? fail('splunk_search', args, output, 400)
    : ok('splunk_search', args, output);
}
function py(input: string, logs: string, failed = false): DuneCall {
  return failed ? fail('code_interpreter', { input }, logs, 1) : ok('code_interpreter', { input }, logs);
}
function fs(query: string, hits: [string, string][], rng: Rng): DuneCall {
  const results = hits.map(([name, text]) => ({
    file_id: `file-${chars(rng, 22)}`,
    file_name: name,
    score: Number((0.55 + rng.next() * 0.4).toFixed(4)),
    content: [{ type: 'text', text }],
  }));
  return ok(
    'file_search',
    { query },
    JSON.stringify({ ranking_options: { ranker: 'default_2024_08_21', score_threshold: 0.0 }, results }),
  );
}

const CONNECT = `import os\nimport splunklib.client as client\nimport splunklib.results as results\n\nservice = client.connect(host="splunk-sh01.soc.bankport.local", port=8089, splunkToken=os.environ["SPLUNK_TOKEN"])\n`;

function aNoise(rng: Rng): DuneStep {
  const r = rng.int(0, 7);
  const idx = rng.pick(INDEXES);
  if (r === 0)
    return one(
      undefined,
      spl(
        'index=wineventlog EventCode=4625 | stats count AS failures dc(src_ip) AS sources BY user | sort - failures | head 5',
        rest(
          ['user', 'failures', 'sources'],
          some(rng, USERS, 5).map((u) => [u, String(rng.int(3, 400)), String(rng.int(1, 40))]),
        ),
      ),
    );
  if (r === 1)
    return many(undefined, [
      spl(
        `| tstats count where index=${idx} by _time span=1h | tail 4`,
        rest(
          ['_time', 'count'],
          [0, 1, 2, 3].map((i) => [
            `2025-03-14T${String(8 + i).padStart(2, '0')}:00:00.000+01:00`,
            String(rng.int(2000, 90000)),
          ]),
        ),
        '-4h',
      ),
      spl(
        `| tstats count where index=${rng.pick(INDEXES)} by host | sort - count | head 3`,
        rest(
          ['host', 'count'],
          some(rng, HOSTS, 3).map((h) => [h, String(rng.int(1000, 900000))]),
        ),
        '-4h',
      ),
    ]);
  if (r === 2)
    return one(
      undefined,
      spl(`index=${idx} action=failure | tabel _time user src_ip`, fatal("Unknown search command 'tabel'.")),
    );
  if (r === 3)
    return one(
      undefined,
      fs(
        'runbook failed logon investigation steps',
        [
          [
            'IR-Runbook-Credential-Attacks.pdf',
            'Step 3: pivot from the source IP to the VPN concentrator logs (index=pan_logs) before disabling any account.',
          ],
          [
            'SOC-Escalation-Matrix.docx',
            'L2 escalates to the duty manager when more than 5 customer accounts are affected.',
          ],
        ],
        rng,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      py(
        `${CONNECT}for s in service.saved_searches.list(search="SOC*"):\n    print(s.name, s["cron_schedule"], s["disabled"])`,
        some(
          rng,
          [
            'SOC - Brute Force Followed By Success',
            'SOC - Impossible Travel',
            'SOC - SWIFT Off-Hours Login',
            'SOC - New Admin Account',
            'SOC - Mass Mailbox Export',
          ],
          3,
        )
          .map((n) => `${n} */15 * * * * 0`)
          .join('\n'),
      ),
    );
  if (r === 5)
    return one(
      undefined,
      spl(
        `index=ibank_web status=401 | eval ratio=round(failures/(failures+successes)*100, 2 | table src_ip ratio`,
        fatal("Error in 'eval' command: The expression is malformed. Expected )."),
      ),
    );
  if (r === 6)
    return one(
      undefined,
      py(
        `${CONNECT}job = service.jobs.oneshot("search index=${idx} | head 1", output_mode="json")\nfor r in results.JSONResultsReader(job):\n    print(r["_raw"][:80])`,
        `Traceback (most recent call last):\n  File "<stdin>", line 8, in <module>\nTypeError: string indices must be integers, not 'str'`,
        true,
      ),
    );
  return one(
    undefined,
    spl(
      `index=pan_logs src_zone=untrust dest_ip=${ip(rng)} | stats count BY app action`,
      rest(
        ['app', 'action', 'count'],
        [
          ['ssl', 'allow', String(rng.int(10, 900))],
          ['globalprotect', 'allow', String(rng.int(1, 90))],
          ['web-browsing', 'deny', String(rng.int(1, 50))],
        ],
      ),
    ),
  );
}

function aBig(rng: Rng): DuneStep {
  const rows = Array.from({ length: rng.int(260, 300) }, (_, i) => [
    `2025-03-14T${String(6 + (i % 14)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:${String((i * 13) % 60).padStart(2, '0')}.000+01:00`,
    nth(HOSTS, i),
    nth(USERS, i * 3),
    `185.${(i * 7) % 250}.${(i * 11) % 250}.${(i * 13) % 250}`,
    i % 9 === 0 ? '4624' : '4625',
    i % 9 === 0 ? 'Success' : '0xC000006A',
    nth(['NtLmSsp', 'Kerberos', 'Negotiate'], i),
  ]);
  return one(
    undefined,
    spl(
      'index=wineventlog (EventCode=4625 OR EventCode=4624) Logon_Type=10 | table _time host user src_ip EventCode Status Authentication_Package',
      rest(['_time', 'host', 'user', 'src_ip', 'EventCode', 'Status', 'Authentication_Package'], rows),
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `korrelazzjoni ġdida ${t} li tinduna meta logins li fallew jiġu segwiti minn wieħed li rnexxa`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Bonġu! Qed naħdem fuq investigazzjoni tas-SOC tal-${BANK} (Splunk Enterprise 9.2 bl-Enterprise Security). Irrid ${needle}. Jekk jogħġbok spjega kull pass.`,
            },
            {
              step: one(
                undefined,
                spl(
                  '| tstats count where index=wineventlog EventCode=4625 by _time span=1d',
                  rest(
                    ['_time', 'count'],
                    [0, 1, 2].map((i) => [`2025-03-${12 + i}T00:00:00.000+01:00`, String(rng.int(800, 9000))]),
                  ),
                  '-3d',
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
        const t = mint('word');
        const needle = `${t}: żid lista tal-IPs magħrufa tal-VPN biex ma jitqisux`;
        return { how: 'user-followup', needle, beats: [{ user: `Il-biċċa xogħol li jmiss: ${needle}.` }] };
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
            (x) => `tibdilx is-saved search ${x} fil-produzzjoni`,
            (x) => `kull riżultat ta' ${x} irid jaħbi n-numru tal-kont`,
            (x) => `${x} għandu jfittex l-aħħar sebat ijiem biss`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Regola: ${needle}.`, `Ftakar — ${needle}.`, `Dan importanti: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = rng.pick([
          `${t}: notables from the SWIFT gateway go to the payments on-call, never to L1`,
          `${t}: no correlation search may run more often than every 5 minutes`,
          `${t}: customer IBANs are masked with mask_iban before any table is exported`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fs(
                  'correlation search rules of the SOC',
                  [
                    ['SOC-Detection-Standards.pdf', `Section 4.2 — ${needle}.`],
                    ['Splunk-Naming-Conventions.md', 'Correlation searches are named "SOC - <Tactic> - <Behaviour>".'],
                  ],
                  rng,
                ),
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
            (x) => `${x} counts from the Authentication data model with tstats, not raw wineventlog`,
            (x) => `${x} runs every 15 minutes over the last 60 with a one-hour throttle per user`,
            (x) => `${x} keys on src_ip and user together rather than user alone`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `Design: ${needle}.`,
                py(
                  `# ${needle}\nquery = "| tstats summariesonly=t count from datamodel=Authentication where Authentication.action=failure by Authentication.src Authentication.user _time span=15m"\nprint(len(query))`,
                  String(rng.int(120, 160)),
                ),
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
        const needle = `${t} juża throttling ta' siegħa għal kull user`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Iddeċidejna: ${needle}.`, `Ejja nagħmluha hekk: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `apps/SA-soc_${t}/default/savedsearches.conf`;
        const conf = `[SOC - Credential Access - Brute Force Then Success]\nsearch = | tstats summariesonly=t count(eval(Authentication.action="failure")) AS failures count(eval(Authentication.action="success")) AS successes from datamodel=Authentication by Authentication.src Authentication.user | where failures > 20 AND successes > 0\ncron_schedule = */15 * * * *\ndispatch.earliest_time = -60m\ndispatch.latest_time = now\nenableSched = 1\naction.notable = 1\naction.notable.param.severity = high\nalert.suppress = 1\nalert.suppress.period = 3600s`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                undefined,
                py(
                  `import pathlib\np = pathlib.Path("/mnt/data/${needle}")\np.parent.mkdir(parents=True, exist_ok=True)\np.write_text('''${conf}\n''')\nprint(p, p.stat().st_size)`,
                  `/mnt/data/${needle} ${conf.length + 1}`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                spl(
                  '| rest /services/saved/searches splunk_server=local | search title="SOC - Credential*" | table title cron_schedule',
                  rest(
                    ['title', 'cron_schedule'],
                    [['SOC - Credential Access - Brute Force Then Success', '*/15 * * * *']],
                  ),
                  '-1m',
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
        const needle = `scripts/${t}_hunt.py`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                py(
                  `code = '''${CONNECT}job = service.jobs.create("search index=wineventlog EventCode=4625 | stats count BY user src_ip", earliest_time="-7d")\nwhile not job.is_done():\n    job.refresh()\nfor r in results.JSONResultsReader(job.results(output_mode="json")):\n    print(r)\n'''\nopen("/mnt/data/${needle}", "w").write(code)\nprint("saved", len(code))`,
                  `saved ${rng.int(420, 520)}`,
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
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `Unknown search command '${t}'.`;
        return {
          how: 'tool-spl',
          needle,
          beats: [
            {
              step: one(undefined, spl(`index=o365 Operation=UserLoginFailed | ${t} user ClientIP`, fatal(needle))),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `The search specifies a macro '${t}_filter' that cannot be found.`;
        return {
          how: 'tool-macro',
          needle,
          beats: [
            {
              step: many(undefined, [
                spl(
                  `\`${t}_filter\` index=ibank_web status=401 | stats count BY src_ip`,
                  fatal(
                    `Error in 'SearchParser': ${needle} Reasons include: the macro name is misspelled, you do not have "read" permission for the macro, or the macro has not been shared with this application. Click Settings, Advanced search, Search Macros to view macro information.`,
                  ),
                ),
                spl(
                  '| rest /servicesNS/-/-/admin/macros | search title=*filter* | table title eai:acl.app',
                  rest(
                    ['title', 'eai:acl.app'],
                    [
                      ['bankport_vpn_filter', 'SA-soc_core'],
                      [`${rng.pick(['ibank', 'swift'])}_noise_filter`, 'SA-soc_core'],
                    ],
                  ),
                  '-1m',
                ),
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `Error in 'stats' command: The argument 'dc(${t}' is invalid.`;
        return {
          how: 'tool-stats',
          needle,
          beats: [
            {
              step: one(undefined, spl(`index=pan_logs app=globalprotect | stats dc(${t} BY src_ip`, fatal(needle))),
            },
            {
              step: one(
                `The parenthesis after ${t} was never closed.`,
                spl(
                  `index=pan_logs app=globalprotect | stats dc(${t}) BY src_ip | head 3`,
                  rest(['src_ip', `dc(${t})`], [['185.44.12.9', '3']]),
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
        const u = rng.pick(USERS);
        const needle = `"user":"${u}","failures":"${t}"`;
        const others = some(
          rng,
          USERS.filter((x) => x !== u),
          3,
        ).map((x) => `{"user":"${x}","failures":"${rng.int(10, 900)}"}`);
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                spl(
                  'index=wineventlog EventCode=4625 | stats count AS failures BY user | sort - failures | head 4',
                  `{"preview":false,"init_offset":0,"messages":[],"fields":[{"name":"user"},{"name":"failures"}],"results":[{${needle}},${others.join(',')}],"highlighted":{}}`,
                  '-7d',
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
        const needle = `${t}${hex(rng, 56)}`;
        return {
          how: 'tool-checksum',
          needle,
          beats: [
            {
              step: one(
                'Hash the exported evidence for the chain of custody.',
                py(
                  `import hashlib\nprint(hashlib.sha256(open("/mnt/data/evidence_2025-03-14.csv", "rb").read()).hexdigest())`,
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
        const needle = `SOC-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `In-numru tal-inċident huwa ${needle}; niżżlu fin-notable u fir-rapport.` }],
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
            (x) => `next: tune ${x} after a week of notables`,
            (x) => `${x} still needs a suppression for the backup service account`,
            (x) => `remaining: hand the ${x} timeline to the payments team`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Saving the notes; ${needle}.`,
                py(`open("/mnt/data/notes.md", "a").write("- ${needle}\\n")\nprint("ok")`, 'ok'),
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
        const needle = `fl-aħħar, ikteb sommarju qasir bil-Malti dwar ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Grazzi. Ħaġa oħra: ${needle}.` },
            {
              step: one(
                undefined,
                spl(
                  '| tstats count where index=wineventlog EventCode=4624 by host | head 3',
                  rest(
                    ['host', 'count'],
                    some(rng, HOSTS, 3).map((h) => [h, String(rng.int(100, 9000))]),
                  ),
                  '-24h',
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The assistants harness. */
export const DUNE_ASSISTANTS: DuneHarness = {
  style: 'assistants',
  protocol: 'native',
  system: `You are the SOC investigation assistant of ${BANK}, Malta. You have code_interpreter (Python with splunk-sdk, files under /mnt/data), file_search over the SOC's runbooks and standards, and the function splunk_search(search, earliest_time, latest_time), which runs SPL on splunk-sh01 and returns the REST JSON. Call tools in parallel when they are independent. Never print a full IBAN or card number. The analyst writes Maltese; answer in Maltese or English.`,
  tools: ['code_interpreter', 'file_search', 'splunk_search'],
  callId: (rng: Rng) => `call_${chars(rng, 24)}`,
  wrap: (c) =>
    c.tool === 'code_interpreter' ? JSON.stringify({ outputs: [{ type: 'logs', logs: c.output }] }) : c.output,
  noise: aNoise,
  big: aBig,
  followUp: (rng) =>
    rng.pick([
      'Is-search għadda mingħajr żbalji?',
      "X'qed juri Splunk issa?",
      "Erġa' ħaddem it-tfittxija, jekk jogħġbok.",
      "X'biddilt?",
      "Tajjeb, x'fadal?",
      'Għad hemm żbalji?',
    ]),
  keepGoing: (rng) => rng.pick(['Kompli.', 'Kompli, tieqafx.', 'Kompli sakemm ikollna l-kronoloġija kollha.']),
  answer: (rng) =>
    rng.pick([
      `Lest: il-korrelazzjoni ħarġet ${rng.int(2, 9)} notables fl-aħħar 24 siegħa.`,
      'Done: the correlation search is saved and the test window shows the expected notables.',
      "Irranġat. Il-makro tal-VPN għadha tagħti twissija, imma m'għandhiex x'taqsam ma' din il-bidla.",
      'Fil-qosor: l-attakk beda minn żewġ IPs barranin u ma rnexxa l-ebda login fuq is-SWIFT gateway.',
    ]),
  probe: (rng) => rng.pick(['Kompli.', 'Kompli minn fejn waqaft.', "X'jmiss?"]),
  planters: PLANTERS,
};
