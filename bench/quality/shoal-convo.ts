/**
 * The convo harness of the shoal family (shoal.ts): a LangChain conversational-ReAct agent in the
 * Visual-ChatGPT manner. Its calls are text: `Thought: Do I need to use a tool? Yes`, `Action: <tool>`,
 * `Action Input: <plain string>` (no JSON; a file write is the path on the first line and the body
 * after), one call a reply, answered by one user message `Observation: …` with the raw output. Answers
 * are `Thought: Do I need to use a tool? No` and `AI: …`.
 * A MongoDB 7.0 dispatch database of a Kampala boda-boda (motorcycle taxi) co-operative, driven through
 * mongosh and migrate-mongo, tested with jest: `MongoServerError: E11000 duplicate key error collection:
 * … index: … dup key: { … }`, `Document failed validation` with `schemaRulesNotSatisfied`, mongosh's
 * `ReferenceError`, explain plans (`IXSCAN`, `totalDocsExamined`), migrate-mongo's `ERROR: Could not
 * migrate up`, jest's `●` failure blocks and `Tests:` summary; for a Luganda-speaking developer.
 * Imitated: the conversational agent's prompt lines (`Do I need to use a tool?`, `AI:`). Invented: the
 * tools and the path-then-body write input. mongosh's, migrate-mongo's and jest's texts are from memory
 * (close, not exact); the Luganda is plain and may be stiff.
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
  type ShoalCall,
  type ShoalHarness,
  type ShoalStep,
} from './shoal-kit';

const ROOT = '/srv/boda/dispatch-db';
const STAGES = ['Kireka', 'Wandegeya', 'Kalerwe', 'Ntinda', 'Nakawa', 'Kabalagala', 'Bwaise', 'Kisenyi'];
const COLLS = ['riders', 'trips', 'stages', 'payments', 'ratings'];

function mongo(input: string, output: string, code = 0): ShoalCall {
  return code === 0 ? ok('mongosh', { input }, output, 0) : fail('mongosh', { input }, output, code);
}
function term(input: string, output: string, code = 0): ShoalCall {
  return code === 0 ? ok('terminal', { input }, output, 0) : fail('terminal', { input }, output, code);
}
function read(input: string, output: string): ShoalCall {
  return ok('read_file', { input }, output);
}
function write(path: string, body: string): ShoalCall {
  return ok('write_file', { input: `${path}\n${body}` }, `File written successfully to ${path}.`);
}

function oid(rng: Rng): string {
  return `ObjectId('${hex(rng, 24)}')`;
}

function jestOk(rng: Rng): string {
  const n = rng.int(18, 40);
  return `PASS test/trips.test.js\nPASS test/riders.test.js\nPASS test/payments.test.js\n\nTest Suites: 3 passed, 3 total\nTests:       ${n} passed, ${n} total\nSnapshots:   0 total\nTime:        ${dur(rng, 1, 9, 3)} s\nRan all test suites.`;
}

function jestFail(rng: Rng, name: string, exp: string, got: string): string {
  const n = rng.int(18, 40);
  return `PASS test/riders.test.js\nFAIL test/trips.test.js\n  ● trips › ${name}\n\n    expect(received).toBe(expected) // Object.is equality\n\n    Expected: ${exp}\n    Received: ${got}\n\n      ${rng.int(20, 80)} |     const trip = await assignNearest(db, stage);\n    > ${rng.int(20, 80)} |     expect(trip.riderStage).toBe(${exp});\n         |                             ^\n\n      at Object.toBe (test/trips.test.js:${rng.int(20, 80)}:29)\n\nTest Suites: 1 failed, 2 passed, 3 total\nTests:       1 failed, ${n - 1} passed, ${n} total\nSnapshots:   0 total\nTime:        ${dur(rng, 1, 9, 3)} s\nRan all test suites.`;
}

function docs(rng: Rng, n: number): string {
  return `[\n${lines(n, () => `  {\n    _id: ${oid(rng)},\n    stage: '${rng.pick(STAGES)}',\n    phone: '+2567${rng.int(10000000, 99999999)}',\n    active: ${rng.chance(0.8)},\n    rating: ${dur(rng, 3, 5, 1)}\n  }`).replace(/}\n {2}\{/g, '},\n  {')}\n]`;
}

function vNoise(rng: Rng): ShoalStep {
  const r = rng.int(0, 6);
  const st = rng.pick(STAGES);
  if (r === 0) return one(undefined, term('npm test --silent', jestOk(rng)));
  if (r === 1)
    return one(undefined, mongo(`db.riders.find({ stage: '${st}', active: true }).limit(3)`, docs(rng, rng.int(1, 3))));
  if (r === 2)
    return one(
      undefined,
      mongo(
        `db.trips.find({ stage: '${st}' }).explain('executionStats').executionStats`,
        `{\n  executionSuccess: true,\n  nReturned: ${rng.int(10, 400)},\n  executionTimeMillis: ${rng.int(1, 90)},\n  totalKeysExamined: ${rng.int(10, 400)},\n  totalDocsExamined: ${rng.int(10, 9000)},\n  executionStages: {\n    stage: 'FETCH',\n    inputStage: { stage: '${rng.pick(['IXSCAN', 'COLLSCAN'])}', keyPattern: { stage: 1, createdAt: -1 } }\n  }\n}`,
      ),
    );
  if (r === 3)
    return one(
      undefined,
      term(
        'npx migrate-mongo status',
        `┌─────────────────────────────────┬──────────────────────────┐\n│ Filename                        │ Applied At               │\n├─────────────────────────────────┼──────────────────────────┤\n${some(
          rng,
          [
            '20250301-riders-phone-index.js',
            '20250305-trip-geo.js',
            '20250310-stage-required.js',
            '20250312-payments-ttl.js',
          ],
          3,
        )
          .map(
            (f) =>
              `│ ${f.padEnd(31)} │ ${rng.chance(0.7) ? '2025-03-1' + rng.int(0, 9) + 'T08:1' + rng.int(0, 9) + ':00.000Z' : 'PENDING                 '} │`,
          )
          .join('\n')}\n└─────────────────────────────────┴──────────────────────────┘`,
      ),
    );
  if (r === 4) return one(undefined, mongo(`db.${rng.pick(COLLS)}.countDocuments()`, String(rng.int(100, 90000))));
  if (r === 5)
    return one(
      undefined,
      mongo(
        `db.riders.insertOne({ phone: '+2567${rng.int(10000000, 99999999)}', stage: '${st}' })`,
        `MongoServerError: E11000 duplicate key error collection: boda.riders index: phone_1 dup key: { phone: "+2567${rng.int(10000000, 99999999)}" }`,
        1,
      ),
    );
  return one(
    undefined,
    read(
      'src/assign.js',
      `export async function assignNearest(db, stage) {\n  return db.collection('riders').findOne({ stage, active: true }, { sort: { rating: -1 } });\n}`,
    ),
  );
}

function vBig(rng: Rng): ShoalStep {
  return one(
    undefined,
    mongo(
      `db.trips.find({}, { _id: 0 }).sort({ createdAt: -1 }).limit(400).toArray()`,
      `[\n${lines(rng.int(360, 420), (i) => `  { stage: '${nth(STAGES, i)}', to: '${nth(STAGES, i + 3)}', fareUgx: ${2000 + ((i * 500) % 9000)}, rider: 'R-${1000 + (i % 311)}', createdAt: ISODate('2025-03-${String((i % 28) + 1).padStart(2, '0')}T0${i % 10}:${String(i % 60).padStart(2, '0')}:00.000Z'), paid: ${i % 7 !== 0} },`)}\n]`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `aggregation empya ${t} eraga abavuzi abasinga okukola ku buli siteegi`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Oli otya! Pulojekiti eri mu ${ROOT} — database ya MongoDB ey'okusindika boda-boda mu Kampala. Njagala ${needle}. Nsaba onnyonnyole buli mutendera.`,
            },
            { step: one(undefined, term('npm test --silent', jestOk(rng))) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: yongerako index ku payments okusinziira ku nnaku`;
        return { how: 'user-followup', needle, beats: [{ user: `Omulimu oguddako: ${needle}.` }] };
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
            (x) => `tokyusa validator ya ${x} ku production`,
            (x) => `ssente zonna mu ${x} zibeere mu UGX nga namba enzijuvu`,
            (x) => `migration ${x} erina okubaamu down() ekola`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Etteeka: ${needle}.`, `Jjukira — ${needle}.`, `Kino kikulu: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = rng.pick([
          `${cap(t)} guideline: never run deleteMany without a stage filter`,
          `${cap(t)} guideline: phone numbers are stored in E.164, +256 first`,
          `${cap(t)} guideline: every query on trips must hit the stage_1_createdAt_-1 index`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                undefined,
                read(
                  'README.md',
                  `# dispatch-db\n\n## Rules\n\n- ${needle}\n- migrations live in migrations/, one change each`,
                ),
              ),
            },
            { step: one(undefined, term('npm test --silent', jestOk(rng))) },
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
            (x) => `${x} will be a $merge into a daily collection, not computed per request`,
            (x) => `I'll embed the last five ratings in ${x} instead of a lookup on ratings`,
            (x) => `${x} uses a 2dsphere index on the stage location`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [{ step: one(`I decided: ${needle}.`, write('docs/decisions.md', `- ${needle}`)) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} ejja kukozesa transactions, si kuwandiika kubiri`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Tusazeewo: ${needle}.`, `Tukikole bwe tuti: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `migrations/20250314-${t}.js`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                undefined,
                write(
                  needle,
                  `module.exports = {\n  async up(db) {\n    await db.collection('trips').createIndex({ stage: 1, createdAt: -1 });\n  },\n  async down(db) {\n    await db.collection('trips').dropIndex('stage_1_createdAt_-1');\n  },\n};`,
                ),
              ),
            },
            { step: one(undefined, term('npx migrate-mongo up', `MIGRATED UP: ${needle.split('/')[1]}`)) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `src/pipelines/${t}.js`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                write(
                  needle,
                  `export const pipeline = [\n  { $match: { paid: true } },\n  { $group: { _id: '$stage', trips: { $sum: 1 } } },\n  { $sort: { trips: -1 } },\n];`,
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
        const needle = `missingProperties: [ '${t}' ]`;
        return {
          how: 'tool-validation',
          needle,
          beats: [
            {
              step: one(
                undefined,
                mongo(
                  `db.trips.insertOne({ stage: '${rng.pick(STAGES)}', fareUgx: 3000 })`,
                  `Uncaught:\nMongoServerError: Document failed validation\nAdditional information: {\n  failingDocumentId: ${oid(rng)},\n  details: {\n    operatorName: '$jsonSchema',\n    schemaRulesNotSatisfied: [\n      {\n        operatorName: 'required',\n        specifiedAs: { required: [ 'stage', 'fareUgx', '${t}' ] },\n        ${needle}\n      }\n    ]\n  }\n}`,
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
        const needle = `ReferenceError: ${t}Stage is not defined`;
        return {
          how: 'tool-shell',
          needle,
          beats: [
            {
              step: one(
                undefined,
                mongo(
                  `db.trips.aggregate([{ $match: { stage: ${t}Stage } }])`,
                  `Uncaught:\n${needle}\n    at REPL${rng.int(2, 40)}:1:32`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t}Stage was a variable from another session; quote the stage name instead.`,
                mongo(
                  `db.trips.aggregate([{ $match: { stage: 'Ntinda' } }, { $count: 'n' }])`,
                  `[ { n: ${rng.int(10, 900)} } ]`,
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
        const needle = `trips › assigns ${t} rider first`;
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: one(
                undefined,
                term(
                  'npm test --silent',
                  jestFail(rng, `assigns ${t} rider first`, `'${rng.pick(STAGES)}'`, `'${rng.pick(STAGES)}'`),
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
        const st = rng.pick(STAGES);
        const needle = `{ _id: '${st}', trips: ${t} }`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                mongo(
                  `db.trips.aggregate([{ $group: { _id: '$stage', trips: { $sum: 1 } } }, { $sort: { trips: -1 } }])`,
                  `[\n  ${needle},\n${some(
                    rng,
                    STAGES.filter((s) => s !== st),
                    3,
                  )
                    .map((s) => `  { _id: '${s}', trips: ${rng.int(100, 900)} }`)
                    .join(',\n')}\n]`,
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
        const needle = `ObjectId('${t}${hex(rng, 16)}')`;
        return {
          how: 'tool-insert',
          needle,
          beats: [
            {
              step: one(
                undefined,
                mongo(
                  `db.stages.insertOne({ name: 'Mulago', riders: 0 })`,
                  `{\n  acknowledged: true,\n  insertedId: ${needle}\n}`,
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
        const needle = `MTN-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Ennamba ya MoMo merchant ye ${needle}; giteeke mu config/payments.json.` }],
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
            (x) => `what remains: run migration ${x} on the staging replica set`,
            (x) => `${x} has no jest test for a stage without riders`,
            (x) => `next I should check the explain plan of ${x} on production data`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Committing; ${needle}.`,
                term(`git commit -qam "db: ${t}" && git log --oneline -1`, `${hex(rng, 7)} db: ${t}`),
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
        const needle = `ku nkomerero, wandiika ebifunze mu Luganda ku ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Webale. Ekintu ekirala: ${needle}.` },
            { step: one(undefined, term('npm test --silent', jestOk(rng))) },
          ],
        };
      },
    },
  ],
};

/** The convo harness. */
export const SHOAL_CONVO: ShoalHarness = {
  style: 'convo',
  protocol: 'text',
  system: `Assistant is designed to be able to assist with a wide range of tasks on the boda-boda dispatch database in ${ROOT} (MongoDB 7.0, mongosh, migrate-mongo, jest). The developer writes Luganda; answer in Luganda or English.\n\nTOOLS:\n------\n\nAssistant has access to the following tools:\n\n> mongosh: runs one mongosh expression against the boda database. Input is the expression.\n> terminal: runs a shell command in the project. Input is the command.\n> read_file: returns a file. Input is its path.\n> write_file: writes a file. Input is the path on the first line, then the content.\n\nTo use a tool, please use the following format:\n\nThought: Do I need to use a tool? Yes\nAction: the action to take, should be one of [mongosh, terminal, read_file, write_file]\nAction Input: the input to the action\nObservation: the result of the action\n\nWhen you have a response to say to the Human, or if you do not need to use a tool, you MUST use the format:\n\nThought: Do I need to use a tool? No\nAI: [your response here]`,
  tools: ['mongosh', 'terminal', 'read_file', 'write_file'],
  renderStep: (s) => {
    const c = s.calls[0] as ShoalCall;
    const pre = s.say ? `${s.say}\n` : '';
    return `${pre}Thought: Do I need to use a tool? Yes\nAction: ${c.tool}\nAction Input: ${String(c.args['input'])}`;
  },
  renderResults: (s) => `Observation: ${(s.calls[0] as ShoalCall).output}`,
  renderAnswer: (text) => `Thought: Do I need to use a tool? No\nAI: ${text}`,
  resultPrefix: 'Observation: ',
  callMark: /^Action: /gm,
  resultMark: /^Observation: /gm,
  noise: vNoise,
  big: vBig,
  followUp: (rng) =>
    rng.pick([
      'Ebigezo byonna biyise?',
      'mongosh kati egamba ki?',
      'Nsaba oddemu ebigezo.',
      'Okyusizza ki?',
      'Kale, kiki ekisigaddeyo?',
      'Waliwo ensobi endala?',
    ]),
  keepGoing: (rng) =>
    rng.pick(['Genda mu maaso.', 'Genda mu maaso, tolekera.', 'Genda mu maaso okutuusa ebigezo byonna lwe biyita.']),
  answer: (rng) =>
    rng.pick([
      `Kiwedde: ebigezo ${rng.int(18, 40)} byonna biyise.`,
      'Done: the migration is applied and jest is green.',
      'Kitereezeddwa. Wakyaliwo okulabula ku payments, naye tekikwatagana na nkyukakyuka eno.',
      'Mu bufunze: okusindika kukola era ssente ziri mu UGX.',
    ]),
  probe: (rng) => rng.pick(['Genda mu maaso.', 'Genda mu maaso we wakoma.', 'Ekiddako kye ki?']),
  planters: PLANTERS,
};
