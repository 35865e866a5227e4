/**
 * The bedrock harness of the cove family (cove.ts): an agent built like an Amazon Bedrock Agent whose
 * action group returns control to the application. Each call is a function invocation of the action
 * group `interface-ops` — the arguments as sent are the `functionInvocationInput` (`actionGroup`,
 * `function`, a `parameters` list of `{name, type, value}`); several invocation inputs come back in one
 * `returnControl` and are answered together (parallel native calls). Each tool message is the
 * application's `functionResult` with a `responseBody` `{"TEXT": {"body": …}}`, and
 * `"responseState": "FAILURE"` when the function failed. Ids are UUIDs.
 * An HL7 v2 to FHIR R4 bridge for a hospital group in Kochi: ADT^A01/A08 and ORU^R01 messages sent over
 * MLLP and their ACKs (`MSA|AA`, `MSA|AE` with `ERR` segments), a HAPI FHIR server's responses and
 * `OperationOutcome`s with `HAPI-nnnn` codes, the HL7 FHIR validator's `*FAILURE*: n errors` reports
 * with `Error @ path (line, col)` lines, pytest runs of the Python mapping code; for a
 * Malayalam-speaking integration analyst.
 * Reconstructed rather than copied: the returnControl shapes (from memory of the bedrock-agent-runtime
 * API: `invocationInputs`, `functionInvocationInput`, `returnControlInvocationResults`,
 * `responseState`), the validator's banner and report lines and HAPI's messages and codes (from
 * memory, codes approximate), the hospital systems' names (invented).
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  dur,
  fail,
  hex,
  lines,
  many,
  ok,
  one,
  say,
  some,
  stamp,
  type CoveCall,
  type CoveHarness,
  type CoveStep,
  type Planter,
} from './cove-kit';

const ROOT = '/home/anjali/joli/hl7-bridge';
const FHIR = 'http://fhir.kochi.local:8080/fhir';
const MAPS = [
  'bridge/map_adt.py',
  'bridge/map_oru.py',
  'bridge/segments.py',
  'bridge/mllp.py',
  'bridge/terminology.py',
];
const TESTS = [
  'tests/test_map_adt.py::test_pid_to_patient',
  'tests/test_map_adt.py::test_pv1_to_encounter',
  'tests/test_map_adt.py::test_a08_updates_name',
  'tests/test_map_oru.py::test_obx_numeric',
  'tests/test_map_oru.py::test_obx_units_ucum',
  'tests/test_mllp.py::test_framing',
  'tests/test_terminology.py::test_loinc_lookup',
];
const NAMES = ['NAIR^ANJALI', 'MENON^RAHUL', 'THOMAS^MARIA', 'PILLAI^ARJUN', 'VARGHESE^SIBY', 'KURIAN^ANNA'];

function cmd(command: string, output: string, code = 0): CoveCall {
  return code === 0 ? ok('run_command', { command }, output, 0) : fail('run_command', { command }, output, code);
}

function ts(rng: Rng): string {
  return stamp(rng, '').replace(/[-:]/g, '');
}

function msh(rng: Rng, type: string, id: string): string {
  return `MSH|^~\\&|KIMS_HIS|KOCHI|FHIRBRIDGE|KOCHI|${ts(rng)}||${type}|${id}|P|2.5.1`;
}

function adt(
  rng: Rng,
  id: string,
  pid = `PID|1||${rng.int(100000, 999999)}^^^KIMS^MR||${rng.pick(NAMES)}||19${rng.int(50, 99)}0${rng.int(1, 9)}1${rng.int(0, 9)}|${rng.pick(['F', 'M'])}`,
): string {
  return `${msh(rng, 'ADT^A01^ADT_A01', id)}\nEVN|A01|${ts(rng)}\n${pid}\nPV1|1|I|WARD3^${rng.int(100, 330)}^B|||||${rng.int(1000, 9999)}^KURIAN^JOSE`;
}

function ack(rng: Rng, id: string, code = 'AA', err = ''): string {
  return `${msh(rng, 'ACK^A01^ACK', `ACK${id.slice(3)}`).replace('KIMS_HIS|KOCHI|FHIRBRIDGE|KOCHI', 'FHIRBRIDGE|KOCHI|KIMS_HIS|KOCHI')}\nMSA|${code}|${id}${err ? `\n${err}` : ''}`;
}

function send(rng: Rng, message: string, id: string, code = 'AA', err = ''): CoveCall {
  const out = ack(rng, id, code, err);
  return code === 'AA'
    ? ok('send_hl7', { host: 'bridge.kochi.local', port: 2575, message }, out)
    : fail('send_hl7', { host: 'bridge.kochi.local', port: 2575, message }, out);
}

function fhir(method: string, path: string, status: number, body: string): CoveCall {
  const out = `HTTP/1.1 ${status} ${status === 200 ? 'OK' : status === 201 ? 'Created' : status === 404 ? 'Not Found' : 'Unprocessable Entity'}\nContent-Type: application/fhir+json;charset=utf-8\n\n${body}`;
  return status < 300 ? ok('fhir_request', { method, path }, out) : fail('fhir_request', { method, path }, out);
}

function pytest(rng: Rng, failing?: string, why = ''): string {
  const names = some(rng, TESTS, rng.int(4, 7));
  const dots = names.map(() => '.').join('') + (failing ? 'F' : '');
  const head = `============================= test session starts ==============================\nplatform linux -- Python 3.12.3, pytest-8.3.2, pluggy-1.5.0\nrootdir: ${ROOT}\ncollected ${names.length + (failing ? 1 : 0)} items\n\ntests ${dots} [100%]`;
  if (!failing)
    return `${head}\n\n============================== ${names.length} passed in ${dur(rng, 0.3, 2)}s ===============================`;
  return `${head}\n\n=================================== FAILURES ===================================\n${why}\n=========================== short test summary info ============================\nFAILED ${failing}\n========================= 1 failed, ${names.length} passed in ${dur(rng, 0.3, 2)}s =========================`;
}

function validator(rng: Rng, file: string, errors: string[] = []): string {
  const warn = rng.int(0, 3);
  const banner = `FHIR Validation tool Version 6.3.${rng.int(2, 9)} (Git# ${hex(rng, 12)}). Built 2024-10-0${rng.int(1, 9)}T09:12:44.310Z\n  Java:   17.0.12 from /usr/lib/jvm/java-17-openjdk-amd64 on amd64 (64bit). 4096MB available\n  Params: -version 4.0.1 ${file}\nLoading\n  Load FHIR v4.0 from hl7.fhir.r4.core#4.0.1 - 4575 resources (00:0${rng.int(2, 9)}.${rng.int(100, 999)})\n  Terminology server http://tx.fhir.org - Version 1.6.${rng.int(0, 9)} (00:01.${rng.int(100, 999)})\nValidating\n  Validate ${file}\nDone. Times: Loading: 00:${rng.int(10, 19)}.${rng.int(100, 999)}, validation: 00:00.${rng.int(100, 999)}. Memory = ${rng.int(600, 1100)}Mb\n`;
  const warns = lines(
    warn,
    (i) =>
      `  Warning @ Bundle.entry[${i}].resource/*Patient/${hex(rng, 6)}*/.address[0] (line ${rng.int(10, 90)}, col ${rng.int(4, 20)}): Constraint failed: dom-6: 'A resource should have narrative for robust management'`,
  );
  if (!errors.length) return `${banner}\nSuccess: 0 errors, ${warn} warnings, 1 notes\n${warns}\n  Information: All OK`;
  return `${banner}\n*FAILURE*: ${errors.length} errors, ${warn} warnings, 0 notes\n${errors.join('\n')}\n${warns}`;
}

function bedrockNoise(rng: Rng): CoveStep {
  const r = rng.int(0, 6);
  const id = `MSG${rng.int(10000, 99999)}`;
  if (r === 0) return one(undefined, cmd('python -m pytest -q', pytest(rng)));
  if (r === 1)
    return many('Sending a test admission and reading the patient back, together.', [
      send(rng, adt(rng, id), id),
      fhir(
        'GET',
        `Patient?identifier=KIMS|${rng.int(100000, 999999)}`,
        200,
        JSON.stringify(
          {
            resourceType: 'Bundle',
            type: 'searchset',
            total: 1,
            entry: [{ fullUrl: `${FHIR}/Patient/${hex(rng, 8)}`, resource: { resourceType: 'Patient', active: true } }],
          },
          null,
          2,
        ),
      ),
    ]);
  if (r === 2) {
    const f = `out/bundle_${rng.int(1000, 9999)}.json`;
    return one(undefined, cmd(`java -jar validator_cli.jar -version 4.0.1 ${f}`, validator(rng, f)));
  }
  if (r === 3)
    return one(
      undefined,
      cmd(
        `sed -n '1,40p' ${rng.pick(MAPS)}`,
        'from fhir.resources.patient import Patient\nfrom .segments import parse_xpn, parse_cx\n\n\ndef pid_to_patient(pid):\n    """PID -> Patient. PID-3 repeats; the MR number is the KIMS one."""\n    ids = [parse_cx(rep) for rep in pid.pid_3]\n    return Patient(\n        identifier=[i for i in ids if i.system],\n        name=[parse_xpn(pid.pid_5)],\n        birthDate=pid.pid_7.to_date(),\n        gender={"F": "female", "M": "male"}.get(pid.pid_8.value, "unknown"),\n    )',
      ),
    );
  if (r === 4)
    return one(
      'Checking the bridge log for rejected messages.',
      cmd(
        'tail -n 12 /var/log/hl7-bridge/bridge.log',
        lines(
          12,
          () =>
            `${stamp(rng)},${rng.int(100, 999)} ${rng.pick(['INFO', 'INFO', 'WARNING'])} bridge.mllp ${rng.pick(['ACK AA', 'ACK AA', 'ACK AE'])} for MSG${rng.int(10000, 99999)} (${rng.pick(['ADT^A01', 'ADT^A08', 'ORU^R01'])}) in ${rng.int(8, 90)} ms`,
        ),
      ),
    );
  if (r === 5) {
    const bad = `MSG${rng.int(10000, 99999)}`;
    return one(
      undefined,
      send(
        rng,
        adt(rng, bad, `PID|1||${rng.int(100000, 999999)}^^^KIMS^MR||${rng.pick(NAMES)}||19${rng.int(50, 99)}1340|F`),
        bad,
        'AE',
        `ERR||PID^1^7|102^Data type error^HL70357|E||||Invalid date/time '19${rng.int(50, 99)}1340'`,
      ),
    );
  }
  return many('Status of both services at once.', [
    cmd('systemctl is-active hl7-bridge hapi-fhir', 'active\nactive'),
    fhir(
      'GET',
      'metadata?_summary=true',
      200,
      JSON.stringify(
        {
          resourceType: 'CapabilityStatement',
          status: 'active',
          software: { name: 'HAPI FHIR Server', version: '7.4.0' },
          fhirVersion: '4.0.1',
        },
        null,
        2,
      ),
    ),
  ]);
}

function bedrockBig(rng: Rng): CoveStep {
  const n = rng.int(95, 110);
  return one(
    "Pulling today's ADT feed to find the messages the bridge rejected.",
    cmd(
      `cat /var/spool/hl7/inbound/ADT_${ts(rng).slice(0, 8)}.hl7`,
      lines(
        n,
        (i) =>
          adt(rng, `MSG${50000 + i}`) +
          `\nNK1|1|${rng.pick(NAMES)}|SPO^Spouse^HL70063|||+91${rng.int(7000000000, 9999999999)}\nAL1|1|DA|${rng.int(1000, 9999)}^${rng.pick(['PENICILLIN', 'SULFA', 'NONE'])}`,
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
        const needle = `ORU^R01 ലാബ് ഫലങ്ങൾ ${t} എന്ന പേരിൽ FHIR Observation ആയി മാറ്റണം`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `നമസ്കാരം! പ്രോജക്റ്റ് ${ROOT} ൽ ആണ് — ആശുപത്രിയുടെ HL7 v2 സന്ദേശങ്ങൾ FHIR R4 ലേക്ക് മാറ്റുന്ന bridge. എനിക്ക് വേണ്ടത്: ${needle}. ദയവായി ഓരോ ഘട്ടവും വിശദീകരിക്കുക.`,
            },
            {
              step: many('Reading the mapping module and running the tests together.', [
                cmd(
                  'ls bridge tests',
                  `${MAPS.map((m) => m.slice(7)).join('\n')}\ntest_map_adt.py\ntest_map_oru.py\ntest_mllp.py`,
                ),
                cmd('python -m pytest -q', pytest(rng)),
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
        const needle = `${t}: ADT^A08 വന്നാൽ Patient അപ്ഡേറ്റ് ചെയ്യണം`;
        return { how: 'user-followup', needle, beats: [{ user: `അടുത്ത ജോലി: ${needle}.` }] };
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
            (x) => `${x}: രോഗിയുടെ പേര് ലോഗിൽ ഒരിക്കലും എഴുതരുത്`,
            (x) => `${x}: production FHIR സെർവറിലേക്ക് ഒന്നും POST ചെയ്യരുത്`,
            (x) => `ഓരോ ACK ഉം ${x} നിയമപ്രകാരം 2 സെക്കൻഡിനുള്ളിൽ തിരിച്ചയക്കണം`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`ഒരു നിയമം: ${needle}.`, `ഓർക്കുക — ${needle}.`, `പ്രധാനം: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: PID-3 identifiers map to Patient.identifier with system urn:oid:2.16.356.1.${T.length}`,
          `${T}: every Observation carries UCUM units, never the lab's local unit text`,
          `${T}: an AE acknowledgement is sent for any PID-7 that is not a full date`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'The interface spec is in the repo; reading it before mapping anything.',
                cmd(
                  'cat docs/INTERFACE-SPEC.md',
                  `# KIMS HIS -> FHIR bridge\n\n- HL7 v2.5.1 over MLLP, port 2575\n- ${needle}\n- Test server only: ${FHIR}`,
                ),
              ),
            },
            { step: one(`${T} holds; tests first.`, cmd('python -m pytest -q', pytest(rng))) },
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
            (x) => `I'll make ${x} a conditional update on the MR number so A08s never create a duplicate Patient`,
            (x) => `${x} is going to send each ORU as one transaction Bundle instead of separate POSTs`,
            (x) => `we keep the LOINC lookup of ${x} in a local CSV rather than calling the terminology server per OBX`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `Having read both mappers: ${needle}.`,
                ok(
                  'write_file',
                  { path: 'docs/decisions.md', content: `- ${needle}\n` },
                  'written 1 line to docs/decisions.md',
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
        const needle = `${t} Encounter ന് class ആയി IMP മാത്രം ഉപയോഗിക്കും`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`ഞങ്ങൾ തീരുമാനിച്ചു: ${needle}.`, `അങ്ങനെ ചെയ്യാം: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `bridge/map_${t}.py`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('A module of its own for the mapping, and its test run, in one go.', [
                ok(
                  'write_file',
                  {
                    path: needle,
                    content: `from fhir.resources.observation import Observation\n\n\ndef obx_to_${t}(obx, patient_ref):\n    return Observation(status="final", subject={"reference": patient_ref})\n`,
                  },
                  `written 5 lines to ${needle}`,
                ),
                cmd('python -m pytest -q', pytest(rng)),
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
        const needle = `tests/fixtures/oru_${t}.hl7`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'A fixture with a real-looking haemoglobin result.',
                ok(
                  'write_file',
                  {
                    path: needle,
                    content: `MSH|^~\\&|LIS|KOCHI|FHIRBRIDGE|KOCHI|20250312093000||ORU^R01^ORU_R01|LAB0001|P|2.5.1\nOBX|1|NM|718-7^Hemoglobin^LN||13.2|g/dL|12-16|N|||F\n`,
                  },
                  `written 2 lines to ${needle}`,
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
        const t = mint('hex');
        const needle = `HAPI-1094: Resource Patient/${t} not found, specified in path: Encounter.subject`;
        return {
          how: 'tool-server',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fhir(
                  'POST',
                  'Encounter',
                  422,
                  JSON.stringify(
                    {
                      resourceType: 'OperationOutcome',
                      issue: [{ severity: 'error', code: 'processing', diagnostics: needle }],
                    },
                    null,
                    2,
                  ),
                ),
              ),
            },
            {
              step: one(
                `Patient/${t} was never created; the A01 must go first.`,
                fhir(
                  'GET',
                  `Patient/${t}`,
                  404,
                  JSON.stringify(
                    {
                      resourceType: 'OperationOutcome',
                      issue: [
                        {
                          severity: 'error',
                          code: 'processing',
                          diagnostics: `HAPI-2001: Resource Patient/${t} is not known`,
                        },
                      ],
                    },
                    null,
                    2,
                  ),
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
        const needle = `Unknown code 'http://loinc.org#${t}'`;
        const f = `out/bundle_${rng.int(1000, 9999)}.json`;
        return {
          how: 'tool-validator',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  `java -jar validator_cli.jar -version 4.0.1 ${f}`,
                  validator(rng, f, [
                    `  Error @ Bundle.entry[${rng.int(1, 6)}].resource/*Observation/${hex(rng, 6)}*/.code.coding[0] (line ${rng.int(20, 140)}, col ${rng.int(6, 20)}): ${needle}`,
                  ]),
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
        const needle = `AssertionError: assert '${t}' == 'mmol/L'`;
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  'python -m pytest -q',
                  pytest(
                    rng,
                    'tests/test_map_oru.py::test_obx_units_ucum',
                    `___________________________ test_obx_units_ucum ____________________________\n\n    def test_obx_units_ucum():\n        obs = obx_to_observation(parse_obx(GLUCOSE_OBX), "Patient/1")\n>       assert obs.valueQuantity.code == "mmol/L"\nE       ${needle}\nE         - mmol/L\nE         + ${t}\n\ntests/test_map_oru.py:${rng.int(30, 90)}: AssertionError`,
                  ),
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
        const t = mint('hex');
        const needle = `"id": "${t}-${hex(rng, 4)}"`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fhir(
                  'POST',
                  'Observation',
                  201,
                  `{\n  "resourceType": "Observation",\n  ${needle},\n  "meta": { "versionId": "1", "lastUpdated": "2025-03-12T10:21:07.118+05:30" },\n  "status": "final"\n}`,
                ),
              ),
            },
            {
              step: one(
                `Created ${needle.replace(/"/g, '')}; keeping it as the reference observation for the regression test.`,
                ok(
                  'write_file',
                  { path: 'tests/REFERENCE_IDS', content: `${needle}\n` },
                  'written 1 line to tests/REFERENCE_IDS',
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
        const t = mint('num');
        const needle = `p95 ack latency ${t} µs`;
        return {
          how: 'tool-metric',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  'python scripts/latency.py /var/log/hl7-bridge/bridge.log',
                  `messages: ${rng.int(2000, 9000)}\np50 ack latency ${rng.int(10000, 90000)} µs\n${needle}\nmax ack latency ${rng.int(1000000, 3000000)} µs`,
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
        const needle = `KIMS-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `ലാബ് സിസ്റ്റത്തിന്റെ facility ID ${needle} ആണ്; അത് MSH-4 ൽ ചേർക്കുക.` }],
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
            (x) => `Still to do: replay yesterday's feed through ${x} and compare the counts`,
            (x) => `${x} has no handling for A03 discharges yet`,
            (x) => `അടുത്തത്: ${x} ടെസ്റ്റ് സെർവറിൽ പരിശോധിക്കുക`,
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
                cmd(`git commit -qam "bridge: ${t}" && git log --oneline -1`, `${hex(rng, 7)} bridge: ${t}`),
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
        const needle = `അവസാനം ${t} നെക്കുറിച്ച് മലയാളത്തിൽ ഒരു ചെറിയ സംഗ്രഹം എഴുതുക`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `നന്ദി. ഒരു കാര്യം കൂടി: ${needle}.` },
            { step: one(undefined, cmd('python -m pytest -q', pytest(rng))) },
          ],
        };
      },
    },
  ],
};

function uuid(rng: Rng): string {
  return `${hex(rng, 8)}-${hex(rng, 4)}-4${hex(rng, 3)}-${rng.pick(['8', '9', 'a', 'b'])}${hex(rng, 3)}-${hex(rng, 12)}`;
}

/** The bedrock harness. */
export const COVE_BEDROCK: CoveHarness = {
  style: 'bedrock',
  protocol: 'native',
  system: `You are an integration engineer agent for the KIMS hospital group in Kochi. You maintain the HL7 v2.5.1 to FHIR R4 bridge in ${ROOT} (Python, pytest) that feeds the HAPI FHIR test server at ${FHIR}. Use the functions of the interface-ops action group: run_command runs a shell command on the interface server, send_hl7 sends one HL7 message over MLLP and returns the ACK, fhir_request calls the FHIR server, write_file writes a file. Ask for several functions at once when they do not depend on each other. The analyst writes Malayalam; answer in Malayalam.`,
  tools: ['run_command', 'send_hl7', 'fhir_request', 'write_file'],
  callId: uuid,
  encode: (c) =>
    JSON.stringify({
      actionGroup: 'interface-ops',
      function: c.tool,
      parameters: Object.entries(c.args).map(([name, v]) => ({
        name,
        type: typeof v === 'number' ? 'integer' : 'string',
        value: String(v),
      })),
    }),
  wrap: (c) =>
    JSON.stringify(
      {
        functionResult: {
          actionGroup: 'interface-ops',
          function: c.tool,
          responseBody: { TEXT: { body: c.output } },
          ...(c.status === 'error' ? { responseState: 'FAILURE' } : {}),
        },
      },
      null,
      2,
    ),
  noise: bedrockNoise,
  big: bedrockBig,
  followUp: (rng) =>
    rng.pick([
      'ടെസ്റ്റുകൾ പാസായോ?',
      'ACK ശരിയായി വന്നോ?',
      'ദയവായി വീണ്ടും പരിശോധിക്കുക.',
      'എന്താണ് മാറ്റിയത്?',
      'ശരി, ഇനി എന്താണ് ബാക്കി?',
      'ഇപ്പോഴും പിശകുകൾ ഉണ്ടോ?',
    ]),
  keepGoing: (rng) => rng.pick(['തുടരുക.', 'തുടരുക, നിർത്തരുത്.', 'എല്ലാ ടെസ്റ്റുകളും പാസാകുന്നതുവരെ തുടരുക.']),
  answer: (rng) =>
    rng.pick([
      `കഴിഞ്ഞു: എല്ലാ ടെസ്റ്റുകളും പാസായി (${rng.int(5, 9)} tests), validator 0 errors കാണിക്കുന്നു.`,
      'Done: the tests pass and the validator reports no errors on the new bundles.',
      'ശരിയാക്കി. map_adt.py ൽ ഒരു പഴയ warning ഉണ്ട്, അത് ഈ മാറ്റവുമായി ബന്ധമില്ല.',
      'ചുരുക്കത്തിൽ: bridge പ്രവർത്തിക്കുന്നു, ACK എല്ലാം AA ആണ്.',
    ]),
  probe: (rng) => rng.pick(['തുടരുക.', 'നിർത്തിയിടത്തുനിന്ന് തുടരുക.', 'ഇനി എന്ത്?']),
  planters: PLANTERS,
};
