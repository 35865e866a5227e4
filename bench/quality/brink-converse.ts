/**
 * The converse harness of the brink family (brink.ts): an agent on an Amazon Bedrock Converse-like
 * loop. The model's `toolUse` content blocks (several in one message when independent, `tooluse_…`
 * ids) become native calls; every answer is the `toolResult` block's body as the runtime serialises
 * it — `{"content": [{"text": …}], "status": "success"}`, or `"status": "error"` when the command
 * failed. A Go service dispatching freight trucks (chi, pgx, sqlc), checked with go build, go vet,
 * `go test -race` (`WARNING: DATA RACE` reports, `--- FAIL:` lines, `FAIL\tpkg\t0.04s`),
 * golangci-lint and sqlc; for a Croatian-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  cap,
  chars,
  dur,
  fail,
  hex,
  lines,
  many,
  numberLines,
  ok,
  one,
  pieces,
  say,
  some,
  type BrinkCall,
  type BrinkHarness,
  type BrinkStep,
  type Planter,
} from './brink-kit';

const ROOT = '/home/ivana/projekti/kamion';
const MOD = 'github.com/prijevoz/kamion';
const PKGS = ['internal/dispatch', 'internal/store', 'internal/api', 'internal/geo', 'cmd/kamiond'];
const SRC = [
  'internal/dispatch/pool.go',
  'internal/dispatch/assign.go',
  'internal/store/trips.sql.go',
  'internal/api/handler.go',
  'internal/geo/distance.go',
  'cmd/kamiond/main.go',
];

const GO = [
  `package dispatch\n\nimport (\n\t"context"\n\t"sync"\n\n\t"${MOD}/internal/store"\n)`,
  `type Pool struct {\n\tmu      sync.Mutex\n\ttrucks  map[int64]*Truck\n\tpending []store.Trip\n}`,
  `func (p *Pool) Assign(ctx context.Context, trip store.Trip) (int64, error) {\n\tp.mu.Lock()\n\tdefer p.mu.Unlock()\n\tbest, ok := p.nearest(trip.Origin)\n\tif !ok {\n\t\tp.pending = append(p.pending, trip)\n\t\treturn 0, ErrNoTruck\n\t}\n\treturn best.ID, nil\n}`,
  `const listTrips = \`-- name: ListTrips :many\nSELECT id, driver_id, origin, destination, status FROM trips WHERE status = $1\n\``,
  `func (h *Handler) createTrip(w http.ResponseWriter, r *http.Request) {\n\tvar in tripInput\n\tif err := json.NewDecoder(r.Body).Decode(&in); err != nil {\n\t\thttp.Error(w, err.Error(), http.StatusBadRequest)\n\t\treturn\n\t}\n\tid, err := h.pool.Assign(r.Context(), in.toTrip())\n\tif err != nil {\n\t\th.fail(w, err)\n\t\treturn\n\t}\n\twriteJSON(w, http.StatusCreated, map[string]int64{"truck": id})\n}`,
  `// Haversine returns the great-circle distance in kilometres.\nfunc Haversine(a, b Point) float64 {\n\tdLat := rad(b.Lat - a.Lat)\n\tdLon := rad(b.Lon - a.Lon)\n\th := math.Pow(math.Sin(dLat/2), 2) + math.Cos(rad(a.Lat))*math.Cos(rad(b.Lat))*math.Pow(math.Sin(dLon/2), 2)\n\treturn 2 * earthKm * math.Asin(math.Sqrt(h))\n}`,
];

/** A toolResult body: the text, and the status Bedrock carries (error when the command failed). */
function body(text: string, status: 'success' | 'error'): string {
  return JSON.stringify({ content: [{ text }], status });
}

function sh(command: string, output: string, code = 0): BrinkCall {
  const text = `${output}${output ? '\n' : ''}[exit code ${code}]`;
  return code === 0 ? ok('run_shell', { command }, text, 0) : fail('run_shell', { command }, text, code);
}

function read(rng: Rng, path: string, n: number, from = 1): BrinkCall {
  return ok(
    'read_file',
    { path },
    numberLines(pieces(rng, GO, n), from, (k, l) => `${k}: ${l}`),
  );
}

function goTestOk(rng: Rng, race = true): string {
  return some(rng, PKGS, rng.int(2, 5))
    .map((p) =>
      p.startsWith('cmd')
        ? `?   \t${MOD}/${p}\t[no test files]`
        : `ok  \t${MOD}/${p}\t${race ? '(cached)' : dur(rng, 0.01, 1.9, 3) + 's'}${rng.chance(0.5) ? `\tcoverage: ${dur(rng, 40, 92, 1)}% of statements` : ''}`,
    )
    .join('\n');
}

function converseNoise(rng: Rng): BrinkStep {
  const r = rng.int(0, 8);
  if (r === 0) return one(undefined, sh('go build ./...', ''));
  if (r === 1)
    return one('Pokrećem testove s detektorom utrka.', sh('go test -race ./...', goTestOk(rng, rng.chance(0.5))));
  if (r === 2) return one(undefined, sh('go vet ./...', ''));
  if (r === 3) {
    const [a, b] = rng.sample(SRC, 2) as [string, string];
    return many('Reading both files at once.', [read(rng, a, rng.int(2, 4)), read(rng, b, rng.int(2, 3))]);
  }
  if (r === 4)
    return one(
      undefined,
      sh(
        `grep -rn "${rng.pick(['Assign', 'ErrNoTruck', 'ListTrips', 'Haversine'])}" --include=*.go .`,
        lines(
          rng.int(2, 6),
          () =>
            `./${rng.pick(SRC)}:${rng.int(3, 200)}:${rng.pick(['\treturn 0, ErrNoTruck', 'func (p *Pool) Assign(ctx context.Context, trip store.Trip) (int64, error) {', '\ttrips, err := q.ListTrips(ctx, "open")', '\tkm := geo.Haversine(t.Pos, trip.Origin)'])}`,
        ),
      ),
    );
  if (r === 5) return one(undefined, sh('golangci-lint run ./...', '0 issues.'));
  if (r === 6)
    return many(undefined, [
      sh(
        'git status --short',
        some(rng, SRC, rng.int(1, 3))
          .map((f) => ` M ${f}`)
          .join('\n'),
      ),
      sh('sqlc diff', ''),
    ]);
  if (r === 7)
    return one(
      undefined,
      sh(
        'curl -s localhost:8080/healthz && curl -s localhost:8080/v1/trips?status=open | head -c 300',
        `{"status":"ok","db":"up"}\n[{"id":${rng.int(100, 999)},"driver_id":${rng.int(1, 60)},"origin":"Zagreb","destination":"${rng.pick(['Split', 'Rijeka', 'Osijek', 'Zadar'])}","status":"open"}]`,
      ),
    );
  return one(undefined, sh('go mod tidy && git diff --stat go.mod go.sum', ''));
}

function converseBig(rng: Rng): BrinkStep {
  if (rng.chance(0.5))
    return one(
      'Full verbose test output, to see which test is slow.',
      sh(
        'go test -v -count=1 ./internal/...',
        lines(rng.int(520, 600), () => {
          const name = `Test${rng.pick(['Pool', 'Assign', 'Trips', 'Haversine', 'Handler', 'Nearest'])}${rng.pick(['Empty', 'Full', 'Concurrent', 'Zagreb', 'Invalid', 'Cancelled'])}`;
          return rng.pick([
            `=== RUN   ${name}`,
            `=== PAUSE ${name}`,
            `=== CONT  ${name}`,
            `--- PASS: ${name} (${dur(rng, 0, 0.3)}s)`,
            `    ${name.toLowerCase()}_test.go:${rng.int(10, 90)}: trucks=${rng.int(1, 40)} pending=${rng.int(0, 9)}`,
          ]);
        }) + `\nPASS\nok  \t${MOD}/internal/dispatch\t${dur(rng, 1, 9, 3)}s`,
      ),
    );
  return one(
    undefined,
    sh(
      'go list -m all',
      `${MOD}\n${lines(rng.int(640, 720), () => `${rng.pick(['github.com', 'golang.org/x', 'go.opentelemetry.io', 'google.golang.org'])}/${rng.pick(['jackc', 'go-chi', 'stretchr', 'sync', 'text', 'otel', 'grpc', 'protobuf'])}/${chars(rng, 6, 'abcdefghijklmnopqrstuvwxyz')} v${rng.int(0, 5)}.${rng.int(0, 30)}.${rng.int(0, 12)}`)}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `preraspodjelu tura kad kamion ${t} javi kvar, bez gubitka narudžbi`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Bok! Projekt je u ~/projekti/kamion — Go servis za raspodjelu tura kamionima (chi, pgx, sqlc, Postgres 16). Trebam ${needle}. CI pokreće go vet, golangci-lint i go test -race.`,
            },
            {
              step: many(undefined, [
                sh(
                  'ls && git log --oneline -3',
                  `Makefile\ncmd\ngo.mod\ngo.sum\ninternal\nmigrations\nsqlc.yaml\n${hex(rng, 7)} dispatch: nearest truck by haversine\n${hex(rng, 7)} store: sqlc queries for trips\n${hex(rng, 7)} ci: race detector`,
                ),
                read(rng, 'internal/dispatch/pool.go', 3),
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
        const needle = `endpoint GET /v1/${t}/stats s prosječnim kašnjenjem po vozaču`;
        return { how: 'user-followup', needle, beats: [{ user: `Sljedeći zadatak: ${needle}.` }] };
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
            (x) => `paket ${x} ne smije uvoziti internal/api`,
            (x) => `nema globalnih varijabli u ${x}, sve ide kroz konstruktor`,
            (x) => `${x} mora raditi i s Go 1.21, dakle bez range-over-func`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            { user: rng.pick([`Jedno pravilo: ${needle}.`, `Zapamti — ${needle}. Dogovorili smo to na reviewu.`]) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `    - ${t} # no new direct dependencies without an ADR`;
        return {
          how: 'tool-config',
          needle,
          beats: [
            {
              step: one(
                'The lint config decides what the new code may import.',
                ok(
                  'read_file',
                  { path: '.golangci.yml' },
                  numberLines(
                    `run:\n  timeout: 5m\nlinters:\n  enable:\n    - errcheck\n    - govet\n    - staticcheck\n    - depguard\nlinters-settings:\n  depguard:\n    rules:\n      main:\n        deny:\n${needle}\n          - pkg: "github.com/pkg/errors"\n            desc: use fmt.Errorf with %w`,
                    1,
                    (k, l) => `${k}: ${l}`,
                  ),
                ),
              ),
            },
            {
              step: one(
                `depguard blocks ${t}; staying on the standard library there.`,
                sh(`go list -deps ./... | grep -c ${t} || true`, '0'),
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
            (x) => `Odlučio sam: ${x} ide preko kanala, a ne preko zajedničke mape pod mutexom`,
            (x) => `I'm settling on a context-scoped ${x} worker per depot instead of one global loop`,
            (x) => `Plan is to keep ${x} in Postgres with SELECT … FOR UPDATE SKIP LOCKED rather than in memory`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}. Tako test -race ostaje čist i restart ne gubi ture.`,
                ok(
                  'edit_file',
                  {
                    path: 'internal/dispatch/pool.go',
                    old_text: 'type Pool struct {',
                    new_text: `type ${cap(t)} struct{ in chan store.Trip }\n\ntype Pool struct {`,
                  },
                  'Edited internal/dispatch/pool.go: 1 replacement',
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
        const needle = `${t} vraća 409 Conflict kad je tura već dodijeljena`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Odlučili smo: ${needle}.`, `Napravimo ovako: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `migrations/0${rng.int(10, 99)}_${t}.up.sql`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'Adding the migration and regenerating the queries.',
                ok(
                  'write_file',
                  {
                    path: needle,
                    content: `ALTER TABLE trips ADD COLUMN ${t}_at timestamptz;\nCREATE INDEX trips_${t}_idx ON trips (${t}_at) WHERE status = 'open';\n`,
                  },
                  `Wrote ${needle} (2 lines)`,
                ),
              ),
            },
            { step: one(undefined, sh('sqlc generate && go build ./...', '')) },
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
        const addr = `0x00c000${hex(rng, 6)}`;
        const line = rng.int(30, 140);
        const needle = `${MOD}/internal/dispatch.(*Pool).${t}()`;
        const out = `==================\nWARNING: DATA RACE\nWrite at ${addr} by goroutine ${rng.int(7, 40)}:\n  ${needle}\n      ${ROOT}/internal/dispatch/pool.go:${line} +0x${hex(rng, 3)}\n  ${MOD}/internal/dispatch.TestPoolConcurrent.func1()\n      ${ROOT}/internal/dispatch/pool_test.go:${rng.int(20, 80)} +0x${hex(rng, 2)}\n\nPrevious read at ${addr} by goroutine ${rng.int(7, 40)}:\n  ${MOD}/internal/dispatch.(*Pool).nearest()\n      ${ROOT}/internal/dispatch/assign.go:${rng.int(10, 90)} +0x${hex(rng, 3)}\n\nGoroutine ${rng.int(7, 40)} (running) created at:\n  ${MOD}/internal/dispatch.TestPoolConcurrent()\n      ${ROOT}/internal/dispatch/pool_test.go:${rng.int(20, 80)} +0x${hex(rng, 3)}\n  testing.tRunner()\n      /usr/local/go/src/testing/testing.go:1689 +0x21e\n==================\n--- FAIL: TestPoolConcurrent (0.0${rng.int(1, 9)}s)\n    testing.go:1398: race detected during execution of test\nFAIL\nFAIL\t${MOD}/internal/dispatch\t${dur(rng, 0.03, 0.9, 3)}s\n${goTestOk(rng)}\nFAIL`;
        return {
          how: 'tool-race',
          needle,
          beats: [
            { step: one(undefined, sh('go test -race ./...', out, 1)) },
            {
              step: one(
                `${t} writes the pending slice without the lock; reading pool.go around line ${line}.`,
                read(rng, 'internal/dispatch/pool.go', 3, Math.max(1, line - 8)),
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
        const line = rng.int(20, 160);
        const needle = `internal/api/handler.go:${line}:${rng.int(2, 30)}: Error return value of \`${t}.Encode\` is not checked (errcheck)`;
        const out = `${needle}\n\tjson.NewEncoder(w).Encode(resp)\n\t^\ninternal/geo/distance.go:${rng.int(5, 40)}:6: func \`rad\` is unused (unused)\n2 issues:\n* errcheck: 1\n* unused: 1`;
        return {
          how: 'tool-golangci',
          needle,
          beats: [{ step: one(undefined, sh('golangci-lint run ./...', out, 1)) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `query.sql:${rng.int(5, 80)}:1: column "${t}_id" does not exist`;
        return {
          how: 'tool-sqlc',
          needle,
          beats: [
            { step: one(undefined, sh('sqlc generate', `# package store\n${needle}`, 1)) },
            {
              step: one(
                `sqlc parses the migrations; the ${t}_id column was never added.`,
                sh(
                  'ls migrations | tail -3',
                  `0${rng.int(10, 40)}_trips_status.up.sql\n0${rng.int(41, 60)}_drivers.up.sql\n0${rng.int(61, 90)}_depots.up.sql`,
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
        const needle = `internal/dispatch/assign.go:${rng.int(10, 99)}:${rng.int(2, 30)}: undefined: ${t}`;
        return {
          how: 'tool-gobuild',
          needle,
          beats: [{ step: one(undefined, sh('go build ./...', `# ${MOD}/internal/dispatch\n${needle}`, 1)) }],
        };
      },
    },
  ],
  value: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('num');
        const needle = `"reassigned":${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(`curl -s -X POST localhost:8080/v1/trucks/17/breakdown`, `{"truck":17,${needle},"pending":0}`),
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
        const needle = `KAM-${t}`;
        return { how: 'user-paste', needle, beats: [{ user: `Jira tiket je ${needle}; stavi ga u poruku commita.` }] };
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
            (x) => `Sljedeće: pokrenuti go test -race -count=20 na ${x} prije spajanja`,
            (x) => `Remaining: add a ${x} metric to the Prometheus handler`,
            (x) => `Left for later: regenerate the OpenAPI spec once ${x} is merged`,
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
                sh(
                  'git add -A && git commit -qm "dispatch: reassign on breakdown" && git log --oneline -1',
                  `${hex(rng, 7)} dispatch: reassign on breakdown`,
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
        const needle = `dodaj benchmark za ${t} u pool_test.go`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Hvala. Na kraju: ${needle}.` },
            {
              step: one(
                `U redu, dodajem Benchmark${cap(t)}.`,
                sh(
                  `go test -run=^$ -bench=. ./internal/dispatch`,
                  `goos: linux\ngoarch: amd64\npkg: ${MOD}/internal/dispatch\ncpu: AMD Ryzen 7 5800U\nBenchmarkAssign-16    \t  412380\t      2871 ns/op\nPASS\nok  \t${MOD}/internal/dispatch\t1.532s`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The converse harness. */
export const BRINK_CONVERSE: BrinkHarness = {
  style: 'converse',
  protocol: 'native',
  system: `You are a software engineering assistant with access to the user's workstation through tools. When you use a tool, wait for its toolResult before relying on it; a result with status "error" means the command failed. Independent tool uses may be requested together in one message.\n\nProject: ${ROOT} (module ${MOD}, Go 1.22): a freight dispatch service — chi router, pgx/v5, sqlc-generated store, Postgres 16 migrations in ./migrations. Checks: go vet, golangci-lint (errcheck, staticcheck, depguard), go test -race ./....\n\nThe user writes in Croatian; answer in Croatian.`,
  tools: ['run_shell', 'read_file', 'edit_file', 'write_file'],
  callId: (rng) => `tooluse_${chars(rng, 22)}`,
  wrap: (c) => body(c.output, c.status === 'ok' ? 'success' : 'error'),
  noise: converseNoise,
  big: converseBig,
  followUp: (rng) =>
    rng.pick([
      'Prolaze li testovi?',
      'Što kaže golangci-lint?',
      'Pokreni ponovno go test -race, molim.',
      'Ukratko objasni što si promijenio.',
      'Dobro, što je sljedeće?',
      'Je li go vet čist?',
    ]),
  keepGoing: (rng) => rng.pick(['Nastavi.', 'Nastavi, nemoj stati.', 'Nastavi dok svi testovi ne prođu.']),
  answer: (rng) =>
    rng.pick([
      `Gotovo: go test -race prolazi u ${rng.int(4, 6)} paketa, golangci-lint javlja 0 issues.`,
      'Done: the service builds, vet is clean and the race detector reports nothing.',
      'Popravljeno. Ostalo je jedno upozorenje u internal/geo koje nije od ove promjene.',
      'Sažetak: promijenjeni paketi se grade i svi testovi prolaze.',
    ]),
  probe: (rng) => rng.pick(['Nastavi.', 'Nastavi gdje si stao.', 'I sada?']),
  planters: PLANTERS,
};
