/**
 * A Refact.ai-like agent in its IDE chat: native OpenAI tool calls (`tree`, `cat`,
 * `search_pattern`, `search_symbol_definition`, `create_textdoc`, `update_textdoc`, `shell`),
 * often several at once, ids `call_…`; its shell tool reports `Command:`/`Exit code:` and the
 * STDOUT/STDERR blocks. The project is a Clojure service built with Leiningen (clojure.test,
 * clj-kondo, uberjar, next.jdbc on PostgreSQL) that plans public-transport timetables from GTFS;
 * the user writes in Finnish.
 */
import {
  beat,
  fact,
  cap,
  chars,
  fail,
  hex,
  lines,
  many,
  ok,
  one,
  pad,
  planter,
  type DeepCall,
  type DeepHarness,
  type DeepStep,
  type Planter,
} from './deep-kit';
import type { Rng } from './rng';
import type { FactKind } from './types';

const HOME = '/home/aino/aikataulu';
const NS = [
  'aikataulu.core',
  'aikataulu.gtfs',
  'aikataulu.routes',
  'aikataulu.db',
  'aikataulu.api',
  'aikataulu.headway',
  'aikataulu.config',
];
const STOPS = [
  'Rautatientori',
  'Kamppi',
  'Pasila',
  'Hakaniemi',
  'Sörnäinen',
  'Itäkeskus',
  'Tikkurila',
  'Leppävaara',
  'Otaniemi',
  'Herttoniemi',
];

function file(ns: string, test = false): string {
  const p = ns.replace(/\./g, '/').replace(/-/g, '_');
  return test ? `test/${p}_test.clj` : `src/${p}.clj`;
}

function shellOut(command: string, exit: number, stdout: string, stderr = ''): string {
  return `Command: ${command}\nWorking directory: ${HOME}\nExit code: ${exit}\nSTDOUT\n\`\`\`\n${stdout}\n\`\`\`\n\nSTDERR\n\`\`\`\n${stderr}\n\`\`\``;
}

function sh(command: string, exit: number, stdout: string, stderr = ''): DeepCall {
  const out = shellOut(command, exit, stdout, stderr);
  return exit === 0
    ? ok('shell', { command, workdir: HOME }, out)
    : fail('shell', { command, workdir: HOME }, out, exit);
}

function clj(rng: Rng, ns: string, extra = ''): string {
  const fns = rng.sample(
    ['parse-stop-times', 'headway', 'trips-by-route', 'insert-batch!', 'handler', 'load-config', 'service-days'],
    rng.int(2, 5),
  );
  return `(ns ${ns}\n  (:require [clojure.string :as str]\n            [next.jdbc :as jdbc]\n            [malli.core :as m]))\n${extra}\n${fns
    .map(
      (f) =>
        `(defn ${f}\n  [${rng.pick(['ds route-id', 'rows', 'req', 'cfg', 'trips date'])}]\n  ${rng.pick([
          '(->> rows (map #(update % :stop-sequence parse-long)) (sort-by :stop-sequence))',
          '(jdbc/execute! ds ["select * from trips where route_id = ?" route-id])',
          '{:status 200 :body (trips-by-route (:ds req) (-> req :path-params :id))}',
          '(reduce (fn [acc t] (update acc (:service-id t) (fnil conj []) t)) {} trips)',
        ])})`,
    )
    .join('\n\n')}\n`;
}

function testPass(rng: Rng): string {
  const ns = rng.sample(NS, rng.int(2, 6));
  const t = rng.int(20, 90);
  return `${ns.map((n) => `\nlein test ${n}-test`).join('\n')}\n\nRan ${t} tests containing ${t * 3 + rng.int(0, 40)} assertions.\n0 failures, 0 errors.`;
}

function reflection(rng: Rng, n: number): string {
  return lines(
    n,
    () =>
      `Reflection warning, ${file(rng.pick(NS)).replace('src/', '')}:${rng.int(5, 200)}:${rng.int(3, 40)} - ${rng.pick(["call to method parse on java.time.LocalTime can't be resolved (argument types: unknown).", "reference to field getTime can't be resolved.", "call to static method valueOf on java.lang.Long can't be resolved (argument types: unknown)."])}`,
  );
}

function stopTimes(rng: Rng, n: number): string {
  return `trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type,drop_off_type\n${lines(n, (i) => {
    const s = 5 * 3600 + i * rng.int(60, 150);
    const t = `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
    return `1055_20240610_Ti_2_0${500 + Math.floor(i / 30)},${t},${t},${1000000 + rng.int(100, 9999)},${(i % 30) + 1},0,0`;
  })}`;
}

function noise(rng: Rng): DeepStep {
  const ns = rng.pick(NS);
  switch (rng.int(0, 10)) {
    case 0:
      return one(
        undefined,
        ok(
          'tree',
          { path: 'src/aikataulu' },
          `${HOME}/src/aikataulu/\n${NS.map((n) => `  ${file(n).replace('src/aikataulu/', '')}`).join('\n')}\n  sql/\n    queries.sql`,
        ),
      );
    case 1: {
      const picks = rng.sample(NS, rng.int(1, 3));
      return many(
        undefined,
        picks.map((n) =>
          ok('cat', { paths: `${HOME}/${file(n)}` }, `Paths found:\n${HOME}/${file(n)}\n\n${clj(rng, n)}`),
        ),
      );
    }
    case 2:
      return one(undefined, sh('lein test', 0, testPass(rng)));
    case 3:
      return many(undefined, [
        ok(
          'search_pattern',
          { pattern: rng.pick(['jdbc/execute!', 'parse-long', 'defn- ', ':service-id']), scope: 'workspace' },
          lines(rng.int(2, 8), () => `${HOME}/${file(rng.pick(NS))}:${rng.int(5, 200)}`),
        ),
        ok(
          'search_symbol_definition',
          { symbols: rng.pick(['trips-by-route', 'headway', 'load-config']) },
          `Definitions found:\n${HOME}/${file(ns)}:${rng.int(5, 120)}`,
        ),
      ]);
    case 4:
      return one(
        undefined,
        sh(
          'clj-kondo --lint src test',
          rng.chance(0.5) ? 0 : 2,
          `${lines(rng.int(0, 4), () => `${file(rng.pick(NS))}:${rng.int(5, 200)}:${rng.int(1, 40)}: warning: ${rng.pick(['unused binding trips', 'Redundant let expression.', 'namespace clojure.set is required but never used', 'Missing docstring.'])}`)}\nlinting took ${rng.int(80, 900)}ms, errors: 0, warnings: ${rng.int(0, 4)}`,
        ),
      );
    case 5:
      return one(
        undefined,
        sh('lein check', 0, `Compiling namespace ${NS.join('\nCompiling namespace ')}`, reflection(rng, rng.int(1, 6))),
      );
    case 6:
      return one(
        undefined,
        sh(
          'git log --oneline -10',
          0,
          lines(
            10,
            (i) =>
              `${hex(rng, 7)} ${['gtfs: stream stop_times', 'db: batch inserts of 5000', 'api: /routes/:id/headways', 'deps: next.jdbc 1.3.939', 'headway: ignore night buses', 'ci: kondo on PRs'][i % 6]}`,
          ),
        ),
      );
    case 7:
      return one(
        undefined,
        sh(
          'lein run -m aikataulu.tools/stats resources/gtfs/hsl-2024-06.zip',
          0,
          `{:routes ${rng.int(300, 500)}, :trips ${rng.int(40000, 90000)}, :stop-times ${rng.int(1000000, 3000000)}, :busiest-stop "${rng.pick(STOPS)}", :elapsed-ms ${rng.int(4000, 40000)}}`,
        ),
      );
    case 8:
      return one(
        undefined,
        sh(
          'lein uberjar',
          0,
          `Compiling aikataulu.core\nCreated ${HOME}/target/uberjar/aikataulu-0.${rng.int(3, 9)}.0-SNAPSHOT.jar\nCreated ${HOME}/target/uberjar/aikataulu-0.${rng.int(3, 9)}.0-SNAPSHOT-standalone.jar`,
        ),
      );
    case 9:
      return one(
        undefined,
        sh(
          'lein test :only aikataulu.api-test',
          1,
          `\nlein test aikataulu.api-test\n\nERROR in (health-endpoint-test) (SocketChannelImpl.java:777)\nuncaught exception\nexpected: (= 200 (:status (http/get "http://localhost:3000/health")))\n  actual: java.net.ConnectException: Connection refused\n at sun.nio.ch.Net.pollConnect (Net.java:-2)\n    sun.nio.ch.SocketChannelImpl.finishConnect (SocketChannelImpl.java:777)\n\nRan 6 tests containing 14 assertions.\n0 failures, 1 errors.`,
          'Tests failed.',
        ),
      );
    default:
      return one(
        undefined,
        ok(
          'cat',
          { paths: `${HOME}/project.clj` },
          `Paths found:\n${HOME}/project.clj\n\n(defproject aikataulu "0.7.0-SNAPSHOT"\n  :dependencies [[org.clojure/clojure "1.11.3"]\n                 [com.github.seancorfield/next.jdbc "1.3.939"]\n                 [org.postgresql/postgresql "42.7.3"]\n                 [metosin/reitit "0.7.0"]\n                 [metosin/malli "0.16.1"]\n                 [ring/ring-jetty-adapter "1.12.1"]]\n  :main ^:skip-aot aikataulu.core\n  :profiles {:uberjar {:aot :all}})`,
        ),
      );
  }
}

function big(rng: Rng): DeepStep {
  return one(
    'Katsotaan koko stop_times-tiedosto tältä reitiltä.',
    ok(
      'cat',
      { paths: `${HOME}/resources/gtfs/sample/stop_times.txt` },
      `Paths found:\n${HOME}/resources/gtfs/sample/stop_times.txt\n\n${stopTimes(rng, rng.int(330, 480))}`,
    ),
  );
}

const MOI = ['Moi!', 'Hei,', 'Moikka,', 'Terve!'];

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    planter(true, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `vuorovälit linjalle ${w}`;
      return fact(needle, 'user-request', [
        {
          user: `${rng.pick(MOI)} Aikataulu-palvelu (Clojure, lein). Tarvitaan uusi endpoint, joka laskee ${needle} ruuhka-aikoina GTFS-datasta. Vastaus JSONina, testit mukaan.`,
        },
      ]);
    }),
    planter(true, ({ rng, mint }) => {
      const n = mint('num');
      const needle = `AIK-${n}`;
      return fact(needle, 'user-ticket', [
        {
          user: `Tiketti ${needle} Jirasta:\n\n"Yölinjojen lähdöt puuttuvat, kun service_id jatkuu keskiyön yli (24:xx:xx ajat). Korjaa parseri ja lisää regressiotesti."\n\n${rng.pick(['Aloita gtfs-nimiavaruudesta.', 'Tämä on kiireellinen.'])}`,
        },
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = mint('word');
      const needle = `/api/v2/${w}/departures`;
      return fact(needle, 'user-terse', [{ user: `lisää ${needle}, sama formaatti kuin v1 mutta paginoitu` }]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `Realtime delays from ${w} feed`;
      return fact(needle, 'tool-issue', [
        beat(
          undefined,
          sh(
            `gh issue view ${rng.int(40, 200)}`,
            0,
            `title:\t${needle}\nstate:\tOPEN\nlabels:\tenhancement\n--\nMerge GTFS-RT TripUpdates into /departures so delays show up. Poll every 15 s.`,
          ),
        ),
      ]);
    }),
  ],
  constraint: [
    planter(true, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `skeema ${w} on vain luku`;
      return fact(needle, 'user-rule', [
        {
          user: `Huom: ${needle} — sinne ei saa kirjoittaa, ${rng.pick(['se replikoidaan HSL:ltä.', 'toinen tiimi omistaa sen.'])}`,
        },
      ]);
    }),
    planter(false, ({ mint }) => {
      const w = mint('word');
      const needle = `no reflection in ${w} hot paths`;
      return fact(needle, 'tool-rules', [
        beat(
          undefined,
          ok(
            'cat',
            { paths: `${HOME}/.refact/project_rules.md` },
            `Paths found:\n${HOME}/.refact/project_rules.md\n\n# Project rules\n- Clojure 1.11, Java 21.\n- Type-hint everything: ${needle} (set! *warn-on-reflection* true).\n- SQL lives in resources/sql, not inline.\n`,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `;; times past 24:00 belong to the ${w} service day`;
      return fact(needle, 'tool-comment', [
        beat(
          undefined,
          ok(
            'cat',
            { paths: `${HOME}/src/aikataulu/gtfs.clj` },
            `Paths found:\n${HOME}/src/aikataulu/gtfs.clj\n\n${clj(rng, 'aikataulu.gtfs', `\n${needle}, never the next calendar date\n(def ^:const day-seconds 86400)\n`)}`,
          ),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const n = mint('num');
      const needle = `${n} riviä`;
      return fact(needle, 'user-aside', [
        { user: `Ja muista: yhdessä insertissä korkeintaan ${needle}, muuten pgbouncer katkaisee yhteyden.` },
      ]);
    }),
  ],
  decision: [
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `transducer pipeline in ${w}`;
      return fact(needle, 'agent-prose', [
        beat(
          `Luen tiedoston rivi kerrallaan enkä lataa koko CSV:tä muistiin: teen ${needle} ja kirjoitan 5000 rivin erissä.`,
          ok(
            'search_symbol_definition',
            { symbols: 'parse-stop-times' },
            `Definitions found:\n${HOME}/src/aikataulu/gtfs.clj:${rng.int(10, 80)}`,
          ),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = mint('word');
      const needle = `malli-skeema ${w}`;
      return fact(needle, 'user-choice', [
        { user: `Käytetään validointiin ${needle} eikä clojure.specia, se on jo muualla käytössä.` },
        beat(
          undefined,
          ok('search_pattern', { pattern: 'm/validate', scope: 'workspace' }, `${HOME}/src/aikataulu/api.clj:41`),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `cache headways in an atom keyed by ${w}`;
      return fact(needle, 'tool-adr', [
        beat(
          undefined,
          ok(
            'create_textdoc',
            {
              path: `${HOME}/doc/adr/00${rng.int(3, 9)}-headway-cache.md`,
              content: `# Headway cache\n\nDecision: ${needle}; recompute on GTFS import only.\nRejected: Redis (one more thing to run).\n`,
            },
            'Created file, 1 chunk(s) written.',
          ),
        ),
      ]);
    }),
  ],
  file: [
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const path = `src/aikataulu/${w}.clj`;
      return fact(path, 'tool-create', [
        beat(
          undefined,
          ok(
            'create_textdoc',
            { path: `${HOME}/${path}`, content: clj(rng, `aikataulu.${w}`) },
            'Created file, 1 chunk(s) written.',
          ),
        ),
        beat(undefined, sh('lein check', 0, `Compiling namespace aikataulu.${w}`)),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = mint('word');
      const path = `resources/sql/${w}.sql`;
      return fact(path, 'user-path', [
        { user: `Kyselyt ovat tiedostossa ${path}, muokkaa sitä.` },
        beat(
          undefined,
          ok(
            'cat',
            { paths: `${HOME}/${path}` },
            `Paths found:\n${HOME}/${path}\n\n-- :name departures :? :*\nselect * from departures where stop_id = :stop-id order by departure_time limit :limit;\n`,
          ),
        ),
        beat(
          undefined,
          ok(
            'update_textdoc',
            {
              path: `${HOME}/${path}`,
              old_str: 'limit :limit',
              replacement: 'limit :limit offset :offset',
              multiple: false,
            },
            'Replaced 1 occurrence(s).',
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const path = `test/aikataulu/${w}_test.clj`;
      return fact(path, 'tool-status', [
        beat(undefined, [
          sh('git status --short', 0, ` M src/aikataulu/headway.clj\n M src/aikataulu/api.clj\n?? ${path}`),
          sh('lein test', 0, testPass(rng)),
        ]),
      ]);
    }),
  ],
  error: [
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `Unable to resolve symbol: ${w} in this context`;
      return fact(needle, 'tool-compile', [
        beat(
          undefined,
          sh(
            'lein test',
            1,
            '',
            `Syntax error compiling at (aikataulu/headway.clj:${rng.int(10, 120)}:${rng.int(3, 30)}).\n${needle}\n\nFull report at:\n/tmp/clojure-${rng.int(1000000000, 9999999999)}.edn\nTests failed.`,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `FAIL in (${w}-headway-test)`;
      const t = rng.int(20, 80);
      return fact(needle, 'tool-test', [
        beat(
          undefined,
          sh(
            'lein test',
            1,
            `\nlein test aikataulu.gtfs-test\n\nlein test aikataulu.headway-test\n\n${needle} (headway_test.clj:${rng.int(10, 90)})\npeak headway for route 550\nexpected: (= 5 (headway trips :peak))\n  actual: (not (= 5 7))\n\nlein test aikataulu.routes-test\n\nRan ${t} tests containing ${t * 3} assertions.\n1 failures, 0 errors.`,
            'Tests failed.',
          ),
        ),
      ]);
    }),
    planter(false, ({ mint }) => {
      const w = mint('word');
      const needle = `Could not find artifact fi.hsl:${w}:jar:2.3.0`;
      return fact(needle, 'tool-deps', [
        beat(
          undefined,
          sh(
            'lein deps',
            1,
            `Retrieving fi/hsl/${w}/2.3.0/${w}-2.3.0.pom from clojars`,
            `${needle} in central (https://repo1.maven.org/maven2/)\n${needle} in clojars (https://repo.clojars.org/)\nThis could be due to a typo in :dependencies, file system permissions, or network issues.\nIf you are behind a proxy, try setting the 'http_proxy' environment variable.`,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `Wrong number of args (2) passed to: aikataulu.db/${w}`;
      return fact(needle, 'tool-runtime', [
        beat(
          undefined,
          sh(
            'lein run -m aikataulu.tools/import resources/gtfs/hsl-2024-06.zip',
            1,
            `Importing ${rng.int(300, 500)} routes...`,
            `Execution error (ArityException) at aikataulu.db/${w} (db.clj:${rng.int(10, 150)}).\n${needle}\n\nFull report at:\n/tmp/clojure-${rng.int(1000000000, 9999999999)}.edn`,
          ),
        ),
      ]);
    }),
    planter(true, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `relation "${w}_departures" does not exist`;
      return fact(needle, 'user-paste', [
        {
          user: `Tuotannon lokista:\n\n2024-06-${pad(rng.int(1, 28))} 06:${pad(rng.int(0, 59))}:12.331 ERROR aikataulu.api - request failed\norg.postgresql.util.PSQLException: ERROR: ${needle}\n  Position: ${rng.int(10, 60)}\n\tat org.postgresql.core.v3.QueryExecutorImpl.receiveErrorResponse(QueryExecutorImpl.java:2725)\n\tat next.jdbc.result_set$stmt__GT_result_set.invokeStatic(result_set.clj:677)\n\nMitä tässä tapahtuu?`,
        },
      ]);
    }),
  ],
  pending: [
    planter(false, ({ mint }) => {
      const w = mint('word');
      const needle = `ajaa ${w}-migraatio stagingissa`;
      return fact(needle, 'agent-next', [
        beat(
          `Koodi ja testit ovat valmiit. Seuraavaksi pitää vielä ${needle}, kun saat tunnukset; jätän muistiinpanon.`,
          ok(
            'create_textdoc',
            { path: `${HOME}/NEXT.md`, content: `- [ ] ${needle}\n` },
            'Created file, 1 chunk(s) written.',
          ),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = mint('word');
      const needle = `Grafana-paneeli ${w}`;
      return fact(needle, 'user-later', [
        { user: `Hyvä. Seuraavaksi tehdään ${needle} vuorovälien seurantaan, mutta vasta huomenna.` },
        beat(undefined, ok('search_pattern', { pattern: 'prometheus', scope: 'workspace' }, 'No results.')),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const c = mint('code');
      const needle = `TODO(${c}): drop the v1 departures route`;
      return fact(needle, 'tool-todo', [
        beat(undefined, [
          ok(
            'update_textdoc',
            {
              path: `${HOME}/src/aikataulu/api.clj`,
              old_str: '["/v1/departures"',
              replacement: `;; ${needle} after clients move to v2\n   ["/v1/departures"`,
              multiple: false,
            },
            'Replaced 1 occurrence(s).',
          ),
          sh('lein test :only aikataulu.api-test', 0, testPass(rng)),
        ]),
      ]);
    }),
  ],
  value: [
    planter(false, ({ mint }) => {
      const n = mint('num');
      const needle = `:feed-version "${n}"`;
      return fact(needle, 'tool-edn', [
        beat(
          undefined,
          sh(
            'unzip -p resources/gtfs/hsl-2024-06.zip feed_info.txt',
            0,
            `feed_publisher_name,feed_publisher_url,feed_lang,feed_start_date,feed_end_date,feed_version\nHSL,https://www.hsl.fi,fi,20240610,20240818,${n}`,
          ),
        ),
        beat(
          `Syötteen versio on ${n}; kirjaan sen konfiguraatioon.`,
          ok(
            'update_textdoc',
            {
              path: `${HOME}/resources/config.edn`,
              old_str: ':feed-version nil',
              replacement: needle,
              multiple: false,
            },
            'Replaced 1 occurrence(s).',
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const id = `${mint('hex')}${hex(rng, 4)}`;
      return fact(id, 'tool-container', [
        beat(
          undefined,
          sh(
            'docker ps --filter name=aikataulu-postgres',
            0,
            `CONTAINER ID   IMAGE         COMMAND                  CREATED        STATUS        PORTS                     NAMES\n${id}   postgres:16   "docker-entrypoint.s…"   ${rng.int(2, 9)} hours ago    Up ${rng.int(2, 9)} hours   0.0.0.0:5433->5432/tcp   aikataulu-postgres-1`,
          ),
        ),
        beat(
          undefined,
          sh(
            `docker logs --tail 5 ${id}`,
            0,
            `2024-06-12 07:${pad(rng.int(0, 59))}:01.112 UTC [1] LOG:  database system is ready to accept connections\n2024-06-12 07:${pad(rng.int(0, 59))}:44.870 UTC [88] LOG:  checkpoint complete: wrote 1290 buffers (7.9%)`,
          ),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const c = mint('code');
      const needle = `aikataulu-prod-${c}`;
      return fact(needle, 'user-id', [
        {
          user: `Digitransit-tilauksen nimi on ${needle} (itse avain on 1Passwordissa), käytä sitä headerissa digitransit-subscription-key.`,
        },
        beat(
          undefined,
          ok('search_pattern', { pattern: 'digitransit-subscription-key', scope: 'workspace' }, 'No results.'),
        ),
      ]);
    }),
  ],
};

export const DEEP_REFACT: DeepHarness = {
  style: 'refact',
  protocol: 'native',
  system: `You are Refact Agent, an autonomous bot for coding tasks.

STRATEGY
1. Gather context: use tree(), cat(), search_pattern() and search_symbol_definition() to understand the project.
2. Make a plan, then change files with create_textdoc() and update_textdoc().
3. Run the tests with shell() and fix what fails.

The user's project is ${HOME}: a Clojure 1.11 service built with Leiningen. Reply in the language the user writes in.`,
  tools: ['tree', 'cat', 'search_pattern', 'search_symbol_definition', 'create_textdoc', 'update_textdoc', 'shell'],
  callId: (rng) => `call_${chars(rng, 24)}`,
  noise,
  big,
  followUp: (rng) =>
    rng.pick([
      'Jatka.',
      'Aja testit uudestaan.',
      'Mitä clj-kondo sanoo nyt?',
      'Okei, näyttää hyvältä. Jatka.',
      'Onko reflection-varoituksia?',
      'Selvä.',
    ]),
  keepGoing: (rng) => rng.pick(['Jatka.', 'Jatka loppuun asti.', 'continue']),
  answer: (rng) =>
    rng.pick([
      'Valmis: lein test menee läpi ja clj-kondo ei löydä uusia varoituksia.',
      'Tein muutoksen; health-endpoint-testi kaatuu edelleen, koska paikallinen palvelin ei ole käynnissä, kuten ennenkin.',
      'Done. The uberjar builds and the stats run matches the previous feed.',
      'Tämä osa on tehty. Reflection-varoitukset ovat vanhoja.',
    ]),
  probe: (rng) =>
    rng.pick([
      'Tee yhteenveto: mitä pyysin, mitä päätettiin, mitkä tiedostot muuttuivat, mitkä virheet tuli vastaan, tärkeät arvot ja mitä on vielä tekemättä.',
      'Ennen kuin lopetetaan: missä mennään ja mikä on seuraava askel?',
    ]),
  planters: PLANTERS,
};
