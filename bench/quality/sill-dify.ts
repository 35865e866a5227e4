/**
 * The dify harness of the sill family (sill.ts): an agent app built like a Dify Agent (the Function
 * Calling strategy) over a custom tool provider imported from an OpenAPI spec. Native calls, one a
 * message, to the provider's operations — `cqlsh_execute`, `nodetool`, `run_script`, `file_put` — each
 * tool message the provider's response text as the app passes it back; an invocation that fails at the
 * provider (a timeout, an HTTP error) comes back as Dify's `tool invoke error: …` text.
 * A Cassandra 4.1 seat-inventory service for ferries between Corsica and the mainland (keyspace
 * `traversate`: sailings by route, bookings by passenger, counters of seats left), with a Python
 * booking API on the DataStax driver: cqlsh result tables with `(n rows)`, `<stdin>:1:InvalidRequest:
 * Error from server: code=2200 [Invalid query] message="…"` errors (ALLOW FILTERING, undefined
 * columns), `SyntaxException` with the mismatched input, `Unavailable` at QUORUM with its info dict,
 * `nodetool status`/`tablestats`, tombstone warnings and `TombstoneOverwhelmingException` traces from
 * system.log, and pytest runs; for a Corsican-speaking developer.
 * Reconstructed rather than copied: the Dify agent's tool-message text and the `tool invoke error:`
 * prefix are from memory (less sure); cqlsh's and nodetool's layouts and the driver's messages from
 * memory of 4.1 (column spacing approximate); the ferries and routes are real names, the company's
 * systems invented; the Corsican is plain and may be stiff.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  dur,
  fail,
  hex,
  lines,
  ok,
  one,
  say,
  some,
  type Planter,
  type SillCall,
  type SillHarness,
  type SillStep,
} from './sill-kit';

const ROOT = '/opt/traversate/booking-api';
const ROUTES = ['BIA-MRS', 'AJA-TLN', 'BIA-NCE', 'PRP-MRS', 'ILR-TLN', 'AJA-MRS'];
const VESSELS = ['Pascal Paoli', 'Paglia Orba', 'Jean Nicoli', "Monte d'Oro", 'Kalliste', 'Vizzavona'];
const NODES = ['10.20.0.11', '10.20.0.12', '10.20.0.13', '10.30.0.21', '10.30.0.22', '10.30.0.23'];
const TESTS = [
  'tests/test_booking.py::test_book_seat',
  'tests/test_booking.py::test_cancel_releases_seat',
  'tests/test_booking.py::test_overbooking_rejected',
  'tests/test_sailings.py::test_list_by_route',
  'tests/test_sailings.py::test_departure_timezone',
  'tests/test_counters.py::test_seats_left_never_negative',
];

function cql(query: string, output: string): SillCall {
  return ok('cqlsh_execute', { keyspace: 'traversate', query }, output);
}

function cqlError(query: string, output: string): SillCall {
  return fail('cqlsh_execute', { keyspace: 'traversate', query }, output, 2);
}

function tool(args: string, output: string, code = 0): SillCall {
  return code === 0 ? ok('nodetool', { args }, output, 0) : fail('nodetool', { args }, output, code);
}

function run(script: string, output: string, code = 0): SillCall {
  return code === 0
    ? ok('run_script', { cwd: ROOT, script }, output, 0)
    : fail('run_script', { cwd: ROOT, script }, output, code);
}

function put(path: string, content: string): SillCall {
  return ok(
    'file_put',
    { path: `${ROOT}/${path}`, content },
    `{"result": "saved", "path": "${ROOT}/${path}", "size": ${content.length}}`,
  );
}

/** A cqlsh result table: right-aligned cells under centred-ish headers, `(n rows)`. */
function table(head: string[], rows: string[][]): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)) + 1);
  const line = (r: string[]) => r.map((c, i) => ` ${c.padStart(w[i] as number)} `).join('|');
  return `\n${line(head)}\n${w.map((n) => '-'.repeat(n + 2)).join('+')}\n${rows.map(line).join('\n')}\n\n(${rows.length} rows)`;
}

function sailings(rng: Rng, n: number): string[][] {
  return Array.from({ length: n }, () => [
    rng.pick(ROUTES),
    `2025-0${rng.int(5, 9)}-${String(rng.int(1, 28)).padStart(2, '0')}`,
    `${String(rng.int(7, 22)).padStart(2, '0')}:${rng.pick(['00', '30', '45'])}`,
    rng.pick(VESSELS),
    String(rng.int(0, 600)),
  ]);
}

function pytest(rng: Rng, failing?: string, why = ''): string {
  const names = some(rng, TESTS, rng.int(3, 6)).filter((n) => n !== failing);
  const head = `============================= test session starts ==============================\nplatform linux -- Python 3.12.4, pytest-8.3.3, pluggy-1.5.0\nrootdir: ${ROOT}\nplugins: anyio-4.4.0\ncollected ${names.length + (failing ? 1 : 0)} items\n\n${names.map((n) => `${n} PASSED`).join('\n')}${failing ? `\n${failing} FAILED` : ''}`;
  if (!failing)
    return `${head}\n\n============================== ${names.length} passed in ${dur(rng, 0.5, 6)}s ===============================`;
  return `${head}\n\n=================================== FAILURES ===================================\n${why}\n=========================== short test summary info ============================\nFAILED ${failing}\n========================= 1 failed, ${names.length} passed in ${dur(rng, 0.5, 6)}s =========================`;
}

function status(rng: Rng, down = -1): string {
  const dc = (name: string, ips: string[], off: number) =>
    `Datacenter: ${name}\n${'='.repeat(12 + name.length)}\nStatus=Up/Down\n|/ State=Normal/Leaving/Joining/Moving\n--  Address     Load        Tokens  Owns (effective)  Host ID                               Rack\n${ips
      .map(
        (ip, i) =>
          `${i + off === down ? 'DN' : 'UN'}  ${ip.padEnd(11)} ${`${dur(rng, 1, 9)} GiB`.padEnd(11)} 16      ${`${dur(rng, 30, 70, 1)}%`.padEnd(17)} ${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}  rack${(i % 3) + 1}`,
      )
      .join('\n')}`;
  return `${dc('dc-bastia', NODES.slice(0, 3), 0)}\n\n${dc('dc-marseille', NODES.slice(3), 3)}`;
}

function difyNoise(rng: Rng): SillStep {
  const r = rng.int(0, 8);
  if (r === 0)
    return one(
      undefined,
      cql(
        "SELECT route_id, sailing_date, departure, vessel, seats_left FROM sailings_by_route WHERE route_id = 'BIA-MRS' LIMIT 6;",
        table(['route_id', 'sailing_date', 'departure', 'vessel', 'seats_left'], sailings(rng, 6)),
      ),
    );
  if (r === 1) return one(undefined, run('python -m pytest -q -rA', pytest(rng)));
  if (r === 2) return one('Checking the ring.', tool('status', status(rng)));
  if (r === 3)
    return one(
      undefined,
      cqlError(
        `SELECT * FROM bookings_by_passenger WHERE sailing_id = ${hex(rng, 8)}-${hex(rng, 4)}-4${hex(rng, 3)}-8${hex(rng, 3)}-${hex(rng, 12)};`,
        '<stdin>:1:InvalidRequest: Error from server: code=2200 [Invalid query] message="Cannot execute this query as it might involve data filtering and thus may have unpredictable performance. If you want to execute this query despite the performance unpredictability, use ALLOW FILTERING"',
      ),
    );
  if (r === 4)
    return one(
      undefined,
      cqlError(
        "SELECT seats_left FROM seat_counts WHER route_id = 'AJA-TLN';",
        `<stdin>:1:SyntaxException: line 1:${rng.int(34, 40)} mismatched input 'WHER' expecting EOF (SELECT seats_left FROM seat_counts [WHER]...)`,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      tool(
        'tablestats traversate.bookings_by_passenger',
        `Total number of tables: 1\n----------------\nKeyspace : traversate\n\tRead Count: ${rng.int(10000, 900000)}\n\tRead Latency: ${dur(rng, 0.1, 2, 3)} ms\n\tWrite Count: ${rng.int(10000, 900000)}\n\tWrite Latency: ${dur(rng, 0.01, 0.2, 3)} ms\n\tPending Flushes: 0\n\t\tTable: bookings_by_passenger\n\t\tSSTable count: ${rng.int(2, 14)}\n\t\tSpace used (live): ${rng.int(100000000, 900000000)}\n\t\tNumber of partitions (estimate): ${rng.int(10000, 90000)}\n\t\tAverage tombstones per slice (last five minutes): ${dur(rng, 0, 400, 1)}\n\t\tMaximum tombstones per slice (last five minutes): ${rng.int(100, 9000)}\n\t\tDropped Mutations: 0`,
      ),
    );
  if (r === 6)
    return one(
      undefined,
      cqlError(
        "CONSISTENCY QUORUM; UPDATE seat_counts SET seats_left = seats_left - 1 WHERE route_id = 'BIA-NCE' AND sailing_date = '2025-07-14';",
        `Consistency level set to QUORUM.\n<stdin>:2:NoHostAvailable: ('Unable to complete the operation against any hosts', {<Host: ${rng.pick(NODES)}:9042 dc-bastia>: Unavailable('Error from server: code=1000 [Unavailable exception] message="Cannot achieve consistency level QUORUM" info={\\'consistency\\': \\'QUORUM\\', \\'required_replicas\\': 2, \\'alive_replicas\\': 1}')})`,
      ),
    );
  if (r === 7)
    return one(undefined, {
      ...run('python scripts/reconcile_counters.py --route ALL', '', 1),
      output: `tool invoke error: Request timed out after 60s (POST https://ops.traversate.corsica/api/run_script)`,
    });
  return one(
    undefined,
    run(
      'git log --oneline -4 && git status --short',
      `${hex(rng, 7)} counters: decrement at LOCAL_QUORUM\n${hex(rng, 7)} sailings: departure in Europe/Paris\n${hex(rng, 7)} bookings: TTL on holds\n${hex(rng, 7)} init\n M booking/repository.py`,
    ),
  );
}

function difyBig(rng: Rng): SillStep {
  const n = rng.int(170, 200);
  return one(
    'The system log of the node that went slow, to find the tombstone warnings.',
    run(
      "ssh 10.20.0.12 'tail -n 200 /var/log/cassandra/system.log'",
      lines(
        n,
        (i) =>
          `${rng.pick(['INFO ', 'INFO ', 'WARN '])} [${rng.pick(['ReadStage-2', 'CompactionExecutor:4', 'MemtableFlushWriter:1', 'Native-Transport-Requests-7', 'GossipStage:1'])}] 2025-03-12 ${String(8 + (i % 12)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')},${rng.int(100, 999)} ${rng.pick(['ColumnFamilyStore.java:1011 - Enqueuing flush of traversate.bookings_by_passenger, Reason: MEMTABLE_LIMIT, Usage: 12.41 MiB (4%) on-heap, 0.000KiB (0%) off-heap', `ReadCommand.java:${rng.int(500, 600)} - Read ${rng.int(10, 5000)} live rows and ${rng.int(1001, 90000)} tombstone cells for query SELECT * FROM traversate.bookings_by_passenger WHERE passenger_id = ${hex(rng, 8)} LIMIT 5000 ALLOW FILTERING; token ${rng.int(-9000000, 9000000)}${rng.int(100000000, 999999999)} (see tombstone_warn_threshold)`, `CompactionTask.java:${rng.int(200, 260)} - Compacted (${hex(rng, 8)}) 4 sstables to [/var/lib/cassandra/data/traversate/seat_counts-${hex(rng, 32)}/nb-${rng.int(100, 999)}-big,] to level=0.  ${dur(rng, 1, 90)}MiB to ${dur(rng, 1, 90)}MiB (~${rng.int(40, 99)}% of original) in ${rng.int(100, 9000)}ms`])}`,
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
        const needle = `una tavula nova ${t} per e prenutazioni di i veiculi nantu à ogni traversata`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Bonghjornu! U prughjettu hè in ${ROOT} — u serviziu di piazze di i battelli trà a Corsica è u cuntinente, nantu à Cassandra 4.1. Vogliu chì tù faci ${needle}. Per piacè, spiega ogni passu.`,
            },
            { step: one('Tests first, to know where we start.', run('python -m pytest -q -rA', pytest(rng))) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: mostra e traversate cumplette di u weekend`;
        return { how: 'user-followup', needle, beats: [{ user: `U travagliu seguente: ${needle}.` }] };
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
            (x) => `${x}: ùn aduprà mai ALLOW FILTERING in u codice di produzzione`,
            (x) => `ogni scrittura di ${x} deve esse à LOCAL_QUORUM`,
            (x) => `${x}: ùn toccà micca u cluster di Marseglia ind'è a stagione`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Regula: ${needle}.`, `Ùn ti scurdà — ${needle}.`, `Impurtante: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: one table per query; never add a secondary index to serve a new screen`,
          `${T}: seat holds are written with USING TTL 900 so abandoned carts free themselves`,
          `${T} - partitions stay under 100 MB; bucket bookings by month when a route gets busy`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'The schema file has the data-modelling rules at its top; reading it before any change.',
                run(
                  'sed -n 1,12p schema/traversate.cql',
                  `-- traversate keyspace\n-- Rules (agreed in ticket TRV-231):\n--   ${needle}\n--   counters live in their own tables\nCREATE KEYSPACE IF NOT EXISTS traversate WITH replication = {'class': 'NetworkTopologyStrategy', 'dc-bastia': 3, 'dc-marseille': 3};\n\nCREATE TABLE IF NOT EXISTS traversate.sailings_by_route (\n    route_id text,\n    sailing_date date,\n    departure time,\n    vessel text,\n    PRIMARY KEY ((route_id), sailing_date, departure)\n) WITH CLUSTERING ORDER BY (sailing_date ASC, departure ASC);`,
                ),
              ),
            },
            { step: one(`${T} it is. Tests next.`, run('python -m pytest -q -rA', pytest(rng))) },
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
            (x) => `I'll partition ${x} by (route_id, sailing_date) so a full crossing is one partition read`,
            (x) =>
              `${x} tracks vehicle deck space with a lightweight transaction, not a counter, since counters can't be checked before decrementing`,
            (x) => `rather than deleting cancelled rows, ${x} marks them with a status column to keep tombstones down`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(`Having looked at the access patterns: ${needle}.`, put('docs/decisions.md', `- ${needle}.\n`)),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} conta i camper cum'è dui vitture`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Avemu decisu: ${needle}.`, `Femu cusì: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `schema/migrations/012_${t}.cql`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'The new table as a migration.',
                put(
                  needle,
                  `CREATE TABLE IF NOT EXISTS traversate.${t}_by_sailing (\n    route_id text,\n    sailing_date date,\n    booking_id uuid,\n    vehicle_class text,\n    length_m decimal,\n    PRIMARY KEY ((route_id, sailing_date), booking_id)\n);`,
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
        const needle = `booking/${t}_repository.py`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'The repository for it, with prepared statements.',
                put(
                  needle,
                  `from cassandra import ConsistencyLevel\nfrom cassandra.query import SimpleStatement\n\n\nclass ${t.charAt(0).toUpperCase() + t.slice(1)}Repository:\n    def __init__(self, session):\n        self._insert = session.prepare("INSERT INTO ${t}_by_sailing (route_id, sailing_date, booking_id, vehicle_class, length_m) VALUES (?, ?, ?, ?, ?)")\n        self._insert.consistency_level = ConsistencyLevel.LOCAL_QUORUM\n`,
                ),
              ),
            },
            { step: one(undefined, run('python -m pytest -q -rA', pytest(rng))) },
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
        const needle = `Undefined column name ${t}_class in table traversate.sailings_by_route`;
        return {
          how: 'tool-db',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cqlError(
                  `SELECT ${t}_class FROM sailings_by_route WHERE route_id = '${rng.pick(ROUTES)}';`,
                  `<stdin>:1:InvalidRequest: Error from server: code=2200 [Invalid query] message="${needle}"`,
                ),
              ),
            },
            {
              step: one(
                `${t}_class lives in the new table, not in sailings_by_route.`,
                run(
                  'grep -n "_class" schema/migrations/*.cql',
                  `schema/migrations/009_vehicles.cql:6:    vehicle_class text,`,
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
        const needle = `AssertionError: seats_left went negative for ${t}`;
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  'python -m pytest -q -rA',
                  pytest(
                    rng,
                    'tests/test_counters.py::test_seats_left_never_negative',
                    `________________________ test_seats_left_never_negative ________________________\n\nsession = <cassandra.cluster.Session object at 0x7f${hex(rng, 10)}>\n\n    def test_seats_left_never_negative(session):\n        for _ in range(CAPACITY + 3):\n            book_seat(session, "${t}", SAILING)\n        left = seats_left(session, "${t}", SAILING)\n>       assert left >= 0, f"seats_left went negative for {route}"\nE       ${needle}\nE       assert -3 >= 0\n\ntests/test_counters.py:${rng.int(20, 60)}: AssertionError`,
                  ),
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
        const t = mint('hex');
        const needle = `Scanned over 100001 tombstones during query 'SELECT * FROM traversate.bookings_by_passenger WHERE passenger_id = ${t}`;
        return {
          how: 'tool-log',
          needle,
          beats: [
            {
              step: one(
                'Why did that read time out? The node log.',
                run(
                  "ssh 10.20.0.12 'grep -A4 TombstoneOverwhelming /var/log/cassandra/system.log | tail -n 6'",
                  `ERROR [ReadStage-${rng.int(1, 8)}] 2025-03-12 14:0${rng.int(0, 9)}:${rng.int(10, 59)},${rng.int(100, 999)} StorageProxy.java:2${rng.int(100, 199)} - ${needle} LIMIT 5000 ALLOW FILTERING' (last scanned row token was ${rng.int(1000000, 9000000)}${rng.int(100000000, 999999999)} and partion key was ((${t}))); query aborted\norg.apache.cassandra.db.filter.TombstoneOverwhelmingException: null\n\tat org.apache.cassandra.db.ReadCommand$1MetricRecording.onDeletion(ReadCommand.java:${rng.int(600, 700)})\n\tat org.apache.cassandra.db.transform.BaseRows.hasNext(BaseRows.java:${rng.int(100, 150)})\n\tat org.apache.cassandra.db.ReadCommand.executeLocally(ReadCommand.java:${rng.int(400, 450)})`,
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
        const needle = `Space used (live): ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                tool(
                  'tablestats traversate.sailings_by_route',
                  `Total number of tables: 1\n----------------\nKeyspace : traversate\n\t\tTable: sailings_by_route\n\t\tSSTable count: ${rng.int(2, 9)}\n\t\t${needle}\n\t\tCompacted partition maximum bytes: ${rng.int(100000, 9000000)}`,
                ),
              ),
            },
            {
              step: one(
                `${t} bytes live for the sailings table; noting it before the migration.`,
                put('docs/sizes.md', `- sailings_by_route: ${needle}\n`),
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
        const needle = `${t}-${hex(rng, 4)}-4${hex(rng, 3)}-b${hex(rng, 3)}-${hex(rng, 12)}`;
        return {
          how: 'tool-id',
          needle,
          beats: [
            {
              step: one(
                'A test booking on the Bastia–Marseille night crossing.',
                cql(
                  "INSERT INTO bookings_by_passenger (passenger_id, booking_id, route_id, sailing_date) VALUES (uuid(), uuid(), 'BIA-MRS', '2025-07-14') IF NOT EXISTS; SELECT booking_id FROM bookings_by_passenger LIMIT 1;",
                  `\n [applied]\n-----------\n      True\n${table(['booking_id'], [[needle]])}`,
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
        const needle = `OTC-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [
            {
              user: `U codice di l'Uffiziu di i Trasporti hè ${needle}; mettilu in a cunfigurazione di a rotta Aiacciu–Tulone.`,
            },
          ],
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
            (x) => `Next comes a load test of ${x} with cassandra-stress at summer peak`,
            (x) => `${x} hasn't been applied in dc-marseille yet`,
            (x) => `dopu: pruvà ${x} nantu à a traversata di notte`,
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
                run(`git commit -qam "booking: ${t}" && git log --oneline -1`, `${hex(rng, 7)} booking: ${t}`),
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
        const needle = `à a fine, scrivi un riassuntu cortu in corsu nantu à ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Grazie. Un'altra cosa: ${needle}.` },
            { step: one(undefined, run('python -m pytest -q -rA', pytest(rng))) },
          ],
        };
      },
    },
  ],
};

/** The dify harness. */
export const SILL_DIFY: SillHarness = {
  style: 'dify',
  protocol: 'native',
  system: `## Role\nYou are "Battellu Ops", an assistant for the developers of the ferry seat-inventory service in ${ROOT} (Python, DataStax driver) and its Cassandra 4.1 cluster (keyspace traversate; datacenters dc-bastia and dc-marseille).\n## Tools\nUse the traversate-ops tools: cqlsh_execute runs CQL in the keyspace, nodetool runs a nodetool command on the Bastia seed, run_script runs a shell script in the project, file_put writes a file. Call one tool at a time and read its result before the next.\n## Language\nThe developer writes Corsican; answer in Corsican or French.`,
  tools: ['cqlsh_execute', 'nodetool', 'run_script', 'file_put'],
  callId: (rng: Rng) => `toolu_01${chars(rng, 22)}`,
  noise: difyNoise,
  big: difyBig,
  followUp: (rng) =>
    rng.pick([
      'I testi sò passati?',
      'A dumanda CQL hà funziunatu?',
      'Per piacè, rilancia i testi.',
      'Chì ai cambiatu?',
      'Bè, chì ferma?',
      'Ci sò sempre sbaglii?',
    ]),
  keepGoing: (rng) =>
    rng.pick(['Cuntinueghja.', 'Cuntinueghja, ùn ti piantà.', 'Cuntinueghja finu à chì tutti i testi passanu.']),
  answer: (rng) =>
    rng.pick([
      `Fattu: tutti i testi sò passati (${rng.int(3, 7)} tests).`,
      'Done: the migration is applied and every pytest passes.',
      'Currettu. Ci ferma un avertimentu vechju nantu à seat_counts, ùn hà nunda à chì vede cù stu cambiamentu.',
      'In cortu: u serviziu funziona è i cuntatori di piazze sò ghjusti.',
    ]),
  probe: (rng) => rng.pick(['Cuntinueghja.', "Cuntinueghja da induve t'hè firmatu.", 'È avà?']),
  planters: PLANTERS,
};
