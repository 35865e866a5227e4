/**
 * The scope harness of the verge family (verge.ts): an AgentScope-like ReAct agent. Every reply is
 * one JSON object in a ```json block — `{"thought": …, "speak": …, "function": [{"name", "arguments"}, …]}`,
 * several functions at once when it needs them, an empty list when it only speaks — and the service
 * toolkit answers in one user message, "Execution Results:" with a numbered entry per function
 * (`[EXECUTE STATUS]: SUCCESS` or `ERROR`, `[EXECUTE RESULT]: …`). The work is no code: a
 * water-testing laboratory's LIMS (samples, worksheets, instrument runs, QC, calibration, SOPs,
 * reports to clients), for an Estonian-speaking lab manager.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  dur,
  fail,
  lines,
  many,
  ok,
  one,
  pyJson,
  say,
  type Planter,
  type VergeCall,
  type VergeHarness,
  type VergeStep,
} from './verge-kit';

const ANALYTES = ['Fe', 'Mn', 'NO3-', 'NH4+', 'F-', 'SO4--', 'Cl-', 'E. coli', 'Coliforms', 'pH', 'Turbidity'];
const CLIENTS = ['Tartu Veevärk AS', 'Pärnu Vesi AS', 'Saaremaa Veevärk', 'Elva Vesi OÜ', 'Haapsalu Veevärk'];
const INSTRUMENTS = ['ICP-OES-2 (Agilent 5110)', 'IC-1 (Metrohm 930)', 'SPEC-3 (Hach DR6000)', 'TURB-1 (Hach 2100Q)'];

function sampleId(rng: Rng): string {
  return `W-25-${String(rng.int(100, 9999)).padStart(5, '0')}`;
}

function call(tool: string, args: Record<string, unknown>, result: unknown, error = false): VergeCall {
  const output = typeof result === 'string' ? result : pyJson(result);
  return error ? fail(tool, args, output, 1) : ok(tool, args, output);
}

function sampleRow(rng: Rng, id = sampleId(rng)): Record<string, unknown> {
  return {
    id,
    client: rng.pick(CLIENTS),
    point: `${rng.pick(['Puurkaev', 'Veevõrk', 'Reservuaar'])} ${rng.int(1, 40)}`,
    received: `2025-03-${String(rng.int(1, 28)).padStart(2, '0')} ${String(rng.int(7, 16)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`,
    status: rng.pick(['sample_received', 'to_be_verified', 'verified', 'published']),
    analyses: rng.sample(ANALYTES, rng.int(2, 6)),
  };
}

function worksheet(rng: Rng, id = `WS-${rng.int(1000, 1999)}`): Record<string, unknown> {
  return {
    id,
    instrument: rng.pick(INSTRUMENTS),
    analyst: rng.pick(['kadri.tamm', 'marko.kask', 'liis.saar']),
    positions: Array.from({ length: rng.int(3, 6) }, (_, i) => ({
      pos: i + 1,
      type: i === 0 ? 'blank' : i === 1 ? 'control' : 'sample',
      ref: i === 0 ? 'BLK' : i === 1 ? `QC-${rng.pick(['Fe', 'NO3', 'F'])}-${rng.int(10, 99)}` : sampleId(rng),
    })),
  };
}

function runResults(rng: Rng, n: number, instrument = 'ICP-OES-2', date = '2025-03-14'): string {
  const full = INSTRUMENTS.find((i) => i.startsWith(instrument)) ?? instrument;
  const [analyte, unit, sop] = instrument.startsWith('ICP')
    ? [rng.pick(['Fe 238.204 nm', 'Mn 257.610 nm', 'Ca 317.933 nm']), 'mg/L', 'SOP-ICP-04']
    : instrument.startsWith('IC')
      ? [rng.pick(['F-', 'NO3-', 'SO4--', 'Cl-']), 'mg/L', 'SOP-IC-02']
      : instrument.startsWith('TURB')
        ? ['Turbidity', 'NTU', 'SOP-TURB-01']
        : [rng.pick(['NH4+ (Nessler)', 'Fe (FerroVer)']), 'mg/L', 'SOP-SPEC-03'];
  return `Run ${date.replace(/-/g, '')}-${rng.int(1, 9)} | ${full} | method ${sop} rev ${rng.int(3, 7)}\n${lines(n, () => `${sampleId(rng)}  ${analyte}  ${dur(rng, 0.001, 0.8, 4)} ${unit}  RSD ${dur(rng, 0.1, 4, 2)}%`)}`;
}

function scopeNoise(rng: Rng): VergeStep {
  const r = rng.int(0, 8);
  if (r === 0)
    return one(
      rng.pick(['Vaatan, mis on vastuvõetud, aga analüüsimata.', 'Checking the queue of received samples.']),
      call(
        'search_samples',
        { status: 'sample_received', limit: 20 },
        { count: rng.int(3, 40), items: Array.from({ length: rng.int(2, 5) }, () => sampleRow(rng)) },
      ),
    );
  if (r === 1) {
    const id = sampleId(rng);
    const ws = `WS-${rng.int(1000, 1999)}`;
    return many('Loading the sample and its worksheet together.', [
      call('get_sample', { sample_id: id }, sampleRow(rng, id)),
      call('get_worksheet', { worksheet_id: ws }, worksheet(rng, ws)),
    ]);
  }
  if (r === 2) {
    const instrument = rng.pick(INSTRUMENTS).split(' ')[0] as string;
    const date = `2025-03-${String(rng.int(1, 28)).padStart(2, '0')}`;
    return one(
      undefined,
      call('get_instrument_run', { instrument, date }, runResults(rng, rng.int(4, 12), instrument, date)),
    );
  }
  if (r === 3)
    return one(
      undefined,
      call(
        'read_sop',
        {
          doc: rng.pick(['SOP-ICP-04', 'SOP-IC-02', 'SOP-MIC-01']),
          section: rng.pick(['7 QC', '9 Reporting', '5 Calibration']),
        },
        `${rng.pick(['7.2', '9.1', '5.3'])} ${rng.pick(['Each batch contains a method blank and a control sample; control recovery must lie within 90–110 %.', 'Results below the LOQ are reported as "<LOQ" with the LOQ value.', 'A calibration is accepted when r ≥ 0.999 and every standard is within ±10 % of its nominal value.'])}`,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      call(
        'get_qc_chart',
        { control: `QC-Fe-${rng.int(10, 99)}`, last: 20 },
        {
          mean: Number(dur(rng, 0.19, 0.21, 4)),
          sd: Number(dur(rng, 0.002, 0.006, 4)),
          points: Array.from({ length: 8 }, () => Number(dur(rng, 0.185, 0.215, 4))),
          rule_violations: [],
        },
      ),
    );
  if (r === 5)
    return many(undefined, [
      call(
        'list_worksheets',
        { state: 'open' },
        {
          items: Array.from({ length: rng.int(2, 5) }, () => ({
            id: `WS-${rng.int(1000, 1999)}`,
            instrument: rng.pick(INSTRUMENTS),
            positions: rng.int(6, 40),
          })),
        },
      ),
      call(
        'search_samples',
        { status: 'to_be_verified', limit: 10 },
        { count: rng.int(0, 12), items: [sampleRow(rng)] },
      ),
    ]);
  if (r === 6)
    return one(
      undefined,
      call(
        'submit_results',
        {
          worksheet_id: `WS-${rng.int(1000, 1999)}`,
          results: [{ sample_id: sampleId(rng), analyte: 'Fe', value: Number(dur(rng, 0.01, 0.4, 3)), unit: 'mg/L' }],
        },
        { submitted: 1, state: 'to_be_verified' },
      ),
    );
  if (r === 7)
    return one(
      undefined,
      call(
        'get_calibration',
        { instrument: 'ICP-OES-2', analyte: rng.pick(['Fe', 'Mn']) },
        {
          r: Number(dur(rng, 0.9992, 0.99999, 5)),
          standards: [0, 0.05, 0.1, 0.5, 1.0],
          recoveries: [null, 98.2, 101.4, 99.7, 100.3],
          accepted: true,
        },
      ),
    );
  return one(
    undefined,
    call(
      'search_samples',
      { client: rng.pick(CLIENTS), received_after: '2025-03-01' },
      { count: rng.int(1, 30), items: [sampleRow(rng), sampleRow(rng)] },
    ),
  );
}

function scopeBig(rng: Rng): VergeStep {
  if (rng.chance(0.5))
    return one(
      'Pulling the whole ICP run of the day to compare with the worksheet.',
      call(
        'get_instrument_run',
        { instrument: 'ICP-OES-2', date: '2025-03-14', full: true },
        runResults(rng, rng.int(420, 480), 'ICP-OES-2', '2025-03-14'),
      ),
    );
  return one(
    undefined,
    call(
      'export_samples',
      { status: 'published', month: '2025-02', format: 'csv' },
      `id;client;point;analyte;value;unit;verified_by\n${lines(rng.int(400, 460), () => `${sampleId(rng)};${rng.pick(CLIENTS)};Puurkaev ${rng.int(1, 40)};${rng.pick(ANALYTES)};${dur(rng, 0.001, 50, 3)};mg/L;${rng.pick(['kadri.tamm', 'marko.kask'])}`)}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `märtsi joogivee partii ${t} kinnitamine ja aruanded klientidele`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Tere! Sa oled meie laboriinfosüsteemi (LIMS) abiline Tartu veelaboris. Täna on vaja ${needle}: vaata üle töölehed, QC ja kalibreeringud, kinnita tulemused, mis vastavad SOP-ile, ja koosta aruanded. Avaldatud tulemusi ära muuda.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `uus tööleht ${t} fluoriidi kordusanalüüsideks`;
        return { how: 'user-followup', needle, beats: [{ user: `Järgmine asi: tee ${needle}, IC-1 peale.` }] };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `kliendi ${t} proovide ümberregistreerimine õige proovivõtukoha alla`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Veel üks asi: vaja on ${needle}, nad saatsid vale koha nimed.` }],
        };
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
            (x) => `partii ${x} tulemusi tohib kinnitada ainult kahe erineva analüütiku nimel`,
            (x) => `${x} proove ei tohi avaldada enne mikrobioloogia tulemusi`,
            (x) => `ära saada ${x} kohta midagi kliendile ilma minu kinnituseta`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Üks reegel: ${needle}. Akrediteerimise audit on järgmisel nädalal.`,
                `Tähtis — ${needle}; nii on meie kvaliteedikäsiraamatus.`,
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `client ${t}: results above the drinking-water limit are phoned in before the report is published`;
        return {
          how: 'tool-contract',
          needle,
          beats: [
            {
              step: one(
                'The client record has a notes field with their contract terms; reading it before publishing anything.',
                call(
                  'get_client',
                  { client: t },
                  {
                    name: t,
                    contract: `LEP-${rng.int(100, 999)}/2024`,
                    notes: [needle, 'reports in Estonian and English', `invoice per ${rng.pick(['month', 'quarter'])}`],
                  },
                ),
              ),
            },
            {
              step: one(
                `So nothing for ${t} over the limit goes out without a call. Checking whether any of their samples exceed it.`,
                call('search_samples', { client: t, exceeds_limit: true }, { count: 0, items: [] }),
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
            (x) => `I'll rerun worksheet ${x} rather than dilute, since the control failed high`,
            (x) => `Otsustasin: ${x} tulemused lähevad aruandesse kujul <LOQ koos LOQ väärtusega`,
            (x) => `Decision: the ${x} batch is verified per analyte, not per sample`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}. That is what SOP-ICP-04 section 7 asks for.`,
                call(
                  'add_remark',
                  { object: `WS-${rng.int(1000, 1999)}`, text: `${needle} (SOP-ICP-04 §7)` },
                  { ok: true, remark_id: rng.int(10000, 99999) },
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
        const needle = `${t} aruanne tuleb PDF-ina ja ilma mõõtemääramatuseta`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            { user: rng.pick([`Leppisime kokku: ${needle}.`, `Hea küll, siis ${needle} — klient ei soovi seda.`]) },
          ],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `reports/2025-03/${t}.pdf`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                rng.pick([
                  'Generating the report from the verified results.',
                  'Koostan aruande kinnitatud tulemustest.',
                ]),
                call(
                  'generate_report',
                  {
                    client: rng.pick(CLIENTS),
                    samples: [sampleId(rng), sampleId(rng)],
                    template: 'joogivesi-et',
                    output: needle,
                  },
                  { ok: true, path: needle, pages: rng.int(2, 9) },
                ),
              ),
            },
            {
              step: one(
                undefined,
                call('get_report_status', { path: needle }, { path: needle, signed: false, state: 'draft' }),
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
        const needle = `attachments/${t}-coc.pdf`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'The chain-of-custody scan belongs on the sample record.',
                call(
                  'attach_file',
                  { sample_id: sampleId(rng), path: needle, kind: 'chain_of_custody' },
                  { ok: true, attachment: needle, size_kb: rng.int(80, 900) },
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
        const needle = `HTTP 409: analysis ${t} cannot be submitted in state 'retracted'`;
        return {
          how: 'tool-api',
          needle,
          beats: [
            {
              step: one(
                undefined,
                call(
                  'submit_results',
                  {
                    worksheet_id: `WS-${rng.int(1000, 1999)}`,
                    results: [
                      { sample_id: sampleId(rng), analyte: t, value: Number(dur(rng, 0.1, 3, 3)), unit: 'mg/L' },
                    ],
                  },
                  `Traceback (most recent call last):\n  File "lims_client/api.py", line ${rng.int(80, 200)}, in post\n    resp.raise_for_status()\nlims_client.errors.ConflictError: ${needle}`,
                  true,
                ),
              ),
            },
            {
              step: one(
                `${t} was retracted yesterday, so a retest analysis must exist. Looking it up.`,
                call(
                  'get_analysis_history',
                  { analyte: t },
                  {
                    items: [
                      { state: 'retracted', by: 'marko.kask' },
                      { state: 'unassigned', retest_of: t },
                    ],
                  },
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
        const t = mint('code');
        const needle = `QC-${t} recovery ${dur(rng, 112, 140, 1)} % outside 90-110 %`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 25 : 2,
          () => `${sampleId(rng)}  Fe 238.204 nm  ${dur(rng, 0.001, 0.8, 4)} mg/L  RSD ${dur(rng, 0.1, 4, 2)}%`,
          `QC FAIL  ${needle}`,
          `QC summary: 1 of ${rng.int(3, 6)} controls failed; batch blocked`,
        );
        return {
          how: 'tool-qc',
          needle,
          beats: [
            {
              step: one(
                undefined,
                call('get_instrument_run', { instrument: 'ICP-OES-2', date: '2025-03-18' }, out, true),
              ),
            },
            {
              step: one(
                `The control QC-${t} failed high; every sample between it and the last good control is suspect.`,
                call(
                  'get_qc_chart',
                  { control: `QC-${t}`, last: 10 },
                  { mean: 0.2, sd: 0.004, rule_violations: ['1-3s'] },
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
        const needle = `calibration ${t} rejected: r = 0.99${rng.int(10, 79)} < 0.999`;
        return {
          how: 'tool-calibration',
          needle,
          beats: [
            {
              step: one(
                undefined,
                call(
                  'get_calibration',
                  { instrument: 'IC-1', analyte: 'F-', calibration: t },
                  `ValidationError: ${needle}; standard 0.5 mg/L recovered ${dur(rng, 80, 88, 1)} %`,
                  true,
                ),
              ),
            },
            {
              step: one(
                `With ${t} rejected the fluoride results of that run cannot be verified. Reading the SOP on recalibration.`,
                call(
                  'read_sop',
                  { doc: 'SOP-IC-02', section: '5 Calibration' },
                  '5.4 If the calibration is rejected, prepare fresh standards and recalibrate before any sample is measured.',
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
        const needle = `${t} µg/L`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Reading the manganese result the client asked about.',
                call(
                  'get_analysis',
                  { sample_id: sampleId(rng), analyte: 'Mn' },
                  {
                    analyte: 'Mn',
                    result: needle,
                    loq: '5 µg/L',
                    limit: '50 µg/L',
                    state: 'verified',
                    method: 'SOP-ICP-04',
                  },
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
        const needle = `TLV-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Kliendi tellimuse number on ${needle}, pane see aruande päisesse.` }],
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
            (x) => `Next: the second verification of ${x} by another analyst`,
            (x) => `Järgmisena: ${x} vajab teise analüütiku kinnitust`,
            (x) => `Still open — ${x} waits for its second verifier`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `First verification is done.\n${needle}\nThen the report.`,
                call('search_samples', { batch: t, status: 'to_be_verified' }, { count: rng.int(2, 14), items: [] }),
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
        const needle = `enne auditit kontrolli ${t} seadme hooldusaktid üle`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Suurepärane. Lõpuks: ${needle}.` },
            {
              step: one(
                `Selge, ${t} hooldusaktid. Kõigepealt seadmete nimekiri.`,
                call(
                  'list_instruments',
                  { lab: 'Tartu' },
                  { items: INSTRUMENTS.map((i) => ({ name: i, next_service: '2025-06-01' })) },
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

const FUNCS = [
  'search_samples',
  'get_sample',
  'get_worksheet',
  'list_worksheets',
  'get_instrument_run',
  'get_calibration',
  'get_qc_chart',
  'submit_results',
  'get_analysis',
  'get_analysis_history',
  'add_remark',
  'read_sop',
  'get_client',
  'generate_report',
  'get_report_status',
  'attach_file',
  'export_samples',
  'list_instruments',
];

function reply(thought: string, speak: string, fns: VergeCall[]): string {
  return `\`\`\`json\n${pyJson({ thought, speak, function: fns.map((c) => ({ name: c.tool, arguments: c.args })) })}\n\`\`\``;
}

/** The scope harness. */
export const VERGE_SCOPE: VergeHarness = {
  style: 'scope',
  protocol: 'text',
  system: `You are a helpful assistant named Laborant. You work in the LIMS of a water-testing laboratory (drinking water, ISO/IEC 17025 accredited) in Tartu.\n\n## Tool Functions:\nThe following tool functions are available in the format of\n\`\`\`\n{index}. {function name}: {function description}\n{argument1 name} ({argument type}): {argument description}\n...\n\`\`\`\n\n${FUNCS.map((f, i) => `${i + 1}. ${f}: see the LIMS API reference`).join('\n')}\n\n## What You Should Do:\n1. First, analyze the current situation, and determine your goal.\n2. Then, check if your goal is already achieved. If so, try to generate a response. Otherwise, think about how to achieve it with the help of provided tool functions.\n3. Respond in the required format.\n\n## Note:\n1. Fully understand the tool functions and their arguments before using them.\n2. You should decide if you need to use the tool functions, if not then return an empty list in "function" field.\n3. Make sure the types and values of the arguments you provided to the tool functions are correct.\n4. Don't take things for granted. For example, where you are, what's the time now, etc. You can try to use the tool functions to get information.\n5. If the function execution fails, you should analyze the error and try to solve it.\n\nRespond a JSON dictionary in a markdown's fenced code block as follows:\n\`\`\`json\n{"thought": "what you thought", "speak": "what you speak", "function": [{"name": "{function name}", "arguments": {"{argument1 name}": xxx, "{argument2 name}": xxx}}]}\n\`\`\`\n\nThe lab manager writes in Estonian; speak Estonian to her.`,
  tools: FUNCS,
  renderStep: (s, _ids, n) =>
    reply(
      s.say ??
        ([
          'I need more information before I can decide.',
          'Let me check the LIMS.',
          'Vaatan andmed üle.',
          'Continuing with the batch.',
        ][n % 4] as string),
      '',
      s.calls,
    ),
  renderResults: (s) =>
    `Execution Results:\n${s.calls
      .map(
        (c, i) =>
          `${i + 1}. ${c.tool}:\n    [EXECUTE STATUS]: ${c.status === 'ok' ? 'SUCCESS' : 'ERROR'}\n    [EXECUTE RESULT]: ${c.output}`,
      )
      .join('\n')}`,
  resultPrefix: 'Execution Results:\n',
  callMark: /\{"name": "\w+", "arguments": /g,
  resultMark: /^\d+\. \w+:\n {4}\[EXECUTE STATUS\]/gm,
  renderAnswer: (text) => reply('I have what I need; answering the lab manager.', text, []),
  noise: scopeNoise,
  big: scopeBig,
  followUp: (rng) =>
    rng.pick([
      'Kas QC on korras?',
      'Mitu proovi on veel kinnitamata?',
      'Vaata palun uuesti ICP jooksu üle.',
      'Selgita lühidalt, mida sa tegid.',
      'Hea, mis edasi?',
      'Any results over the limit?',
    ]),
  keepGoing: (rng) => rng.pick(['Jätka.', 'Jätka, palun.', 'Jätka, kuni kõik proovid on kinnitatud.']),
  answer: (rng) =>
    rng.pick([
      `Valmis: ${rng.int(10, 60)} tulemust kinnitatud, QC korras, piirnorme ei ületatud.`,
      'The batch is verified; two samples wait for the microbiology results before publishing.',
      'Tehtud. Üks fluoriidi tulemus ootab veel kordusanalüüsi.',
      'Kõik on korras, uusi hälbeid pole.',
    ]),
  probe: (rng) => rng.pick(['Jätka.', 'Jätka sealt, kus pooleli jäi.', 'Ja nüüd?']),
  planters: PLANTERS,
};
