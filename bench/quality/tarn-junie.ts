/**
 * The junie harness of the tarn family (tarn.ts): a JetBrains-Junie-like agent. Its calls are text:
 * every reply opens with an `<UPDATE>` block — `<PREVIOUS_STEP>` (what the last command showed),
 * `<PLAN>` (numbered items marked ✓ done, * current, ! failed) and `<NEXT_STEP>` — then one
 * `<COMMAND>` block: a shell command, or one of Junie's own (`search_project "…"`, `open "file" line`,
 * `create "file"` with the content, `search_replace "file"` with a SEARCH/REPLACE body, `run_test
 * "path"`); the IDE answers with a user message `<COMMAND_OUTPUT exit_code="…">…</COMMAND_OUTPUT>`. The
 * repository's `.junie/guidelines.md` holds the team's rules. Answers to the user are prose.
 * A Vapor 4 server in Swift 6 on Linux serving a Tatar dictionary (Fluent on PostgreSQL): SwiftPM's
 * `Building for debugging...`, `[n/m] Compiling App …`, `Build complete! (12.34s)`, Swift 6 diagnostics
 * with their numbered source excerpt and `` `- error: ``, `error: emit-module command failed`, XCTest on
 * Linux (`Test Case '…' started at`, `error: … : XCTAssertEqual failed: ("…") is not equal to ("…")`,
 * `Executed n tests, with k failures`), swift-testing's `◇`/`✔` lines, Vapor's `[ ERROR ]` logs with
 * PSQLError, swift-format lint; for a Tatar-speaking user.
 * Reconstructed rather than copied: the reply format and command names (from memory of Junie's
 * published prompt), the output wrapper, and Swift's output from memory of 5.10–6.0 on Ubuntu.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  dur,
  fail,
  hex,
  lines,
  nth,
  numberLines,
  ok,
  one,
  pieces,
  say,
  some,
  stamp,
  type Planter,
  type TarnCall,
  type TarnHarness,
  type TarnStep,
} from './tarn-kit';

const ROOT = '/home/ilnur/projects/suzlek-api';
const FILES = [
  'Sources/App/configure.swift',
  'Sources/App/routes.swift',
  'Sources/App/Controllers/WordController.swift',
  'Sources/App/Models/Word.swift',
  'Sources/App/Migrations/CreateWord.swift',
  'Tests/AppTests/AppTests.swift',
];
const SRC = [
  'import Fluent\nimport Vapor\n\nfinal class Word: Model, Content, @unchecked Sendable {\n    static let schema = "words"\n\n    @ID(key: .id) var id: UUID?\n    @Field(key: "lemma") var lemma: String\n    @Field(key: "gloss_ru") var glossRu: String\n}',
  'struct WordController: RouteCollection {\n    func boot(routes: RoutesBuilder) throws {\n        let words = routes.grouped("words")\n        words.get(use: index)\n        words.get("search", use: search)\n    }',
  '    @Sendable\n    func search(req: Request) async throws -> [Word] {\n        let q = try req.query.get(String.self, at: "q")\n        return try await Word.query(on: req.db).filter(\\.$lemma =~ q).limit(50).all()\n    }',
  'public func configure(_ app: Application) async throws {\n    app.databases.use(.postgres(configuration: .init(hostname: "localhost", username: "suzlek", password: Environment.get("DB_PASSWORD") ?? "", database: "suzlek", tls: .disable)), as: .psql)\n    app.migrations.add(CreateWord())\n    try routes(app)\n}',
  'final class AppTests: XCTestCase {\n    var app: Application!\n\n    override func setUp() async throws {\n        self.app = try await Application.make(.testing)\n        try await configure(app)\n    }',
];
const TESTS = ['testHealth', 'testIndex', 'testSearchLemma', 'testSearchCyrillic', 'testCreateWord', 'testPagination'];

function sh(command: string, output: string, code = 0): TarnCall {
  return code === 0 ? ok('bash', { command }, output, 0) : fail('bash', { command }, output, code);
}

function open(rng: Rng, path: string, body?: string): TarnCall {
  const text = body ?? pieces(rng, SRC, rng.int(12, 36));
  return ok(
    'open',
    { path, line: 1 },
    `[File: ${path} (${text.split('\n').length} lines total)]\n${numberLines(text, 1, (n, l) => `${n}:${l}`)}`,
  );
}

function build(rng: Rng): string {
  const n = rng.int(6, 14);
  return `Building for debugging...\n[0/1] Planning build\n${lines(n - 1, (i) => `[${i + 1}/${n}] Compiling App ${rng.pick(FILES.slice(0, 5)).split('/').pop() as string}`)}\n[${n}/${n}] Linking App\nBuild complete! (${dur(rng, 2, 40)}s)`;
}

function xctest(rng: Rng, failing?: { name: string; line: string }): string {
  const when = stamp(rng);
  const names = some(rng, TESTS, rng.int(3, 6));
  if (failing) names.push(failing.name);
  const total = dur(rng, 0.1, 2, 3);
  const cases = names
    .map((n) => {
      const bad = failing?.name === n;
      return `Test Case 'AppTests.${n}' started at ${when}.${rng.int(100, 999)}\n${bad ? `${failing?.line}\n` : ''}Test Case 'AppTests.${n}' ${bad ? 'failed' : 'passed'} (${dur(rng, 0.001, 0.4, 3)} seconds)`;
    })
    .join('\n');
  const verdict = failing ? 'failed' : 'passed';
  const summary = `\t Executed ${names.length} tests, with ${failing ? 1 : 0} failure${failing ? '' : 's'} (0 unexpected) in ${total} (${total}) seconds`;
  return `Building for debugging...\nBuild complete! (${dur(rng, 1, 6)}s)\nTest Suite 'All tests' started at ${when}.${rng.int(100, 999)}\nTest Suite 'debug.xctest' started at ${when}.${rng.int(100, 999)}\nTest Suite 'AppTests' started at ${when}.${rng.int(100, 999)}\n${cases}\nTest Suite 'AppTests' ${verdict} at ${when}.${rng.int(100, 999)}\n${summary}\nTest Suite 'debug.xctest' ${verdict} at ${when}.${rng.int(100, 999)}\n${summary}\nTest Suite 'All tests' ${verdict} at ${when}.${rng.int(100, 999)}\n${summary}\n◇ Test run started.\n↳ Testing Library Version: 6.0.3 (release)\n✔ Test run with 0 tests passed after 0.001 seconds.`;
}

function junieNoise(rng: Rng): TarnStep {
  const r = rng.int(0, 8);
  if (r === 0) return one('Build the package to see where it stands.', sh('swift build 2>&1 | tail -n 30', build(rng)));
  if (r === 1) return one('Run the test suite.', ok('run_test', { path: 'Tests/AppTests' }, xctest(rng)));
  if (r === 2) return one('Open the file to read it.', open(rng, rng.pick(FILES)));
  if (r === 3) {
    const term = rng.pick(['Word.query', 'glossRu', 'CreateWord', 'req.query.get']);
    return one(
      'Search the project for the usages.',
      ok(
        'search_project',
        { term },
        `Found ${rng.int(2, 6)} matches for "${term}":\n${lines(rng.int(2, 5), () => `${rng.pick(FILES)}:${rng.int(5, 120)}`)}`,
      ),
    );
  }
  if (r === 4)
    return one(
      'Check formatting.',
      sh(
        'swift format lint -r Sources Tests',
        rng.chance(0.5)
          ? ''
          : `${rng.pick(FILES)}:${rng.int(5, 90)}:${rng.int(1, 40)}: warning: [Indentation] replace leading whitespace with 4 spaces\n${rng.pick(FILES)}:${rng.int(5, 90)}:${rng.int(60, 120)}: warning: [LineLength] line is too long`,
      ),
    );
  if (r === 5)
    return one(
      'Look at the working tree.',
      sh(
        'git status --short && git log --oneline -3',
        `${some(rng, FILES, rng.int(1, 3))
          .map((f) => ` M ${f}`)
          .join(
            '\n',
          )}\n${hex(rng, 7)} words: search by lemma prefix\n${hex(rng, 7)} migrations: gloss_ru column\n${hex(rng, 7)} ci: swift 6.0 on jammy`,
      ),
    );
  if (r === 6)
    return one(
      'Start the server and call the search endpoint.',
      sh(
        'swift run App serve --port 8080 & sleep 20; curl -s "localhost:8080/words/search?q=%D0%BA%D0%B8%D1%82%D0%B0%D0%BF" | head -c 200',
        `[ NOTICE ] Server started on http://127.0.0.1:8080\n[ INFO ] GET /words/search [request-id: ${hex(rng, 8).toUpperCase()}-${hex(rng, 4).toUpperCase()}]\n[{"id":"${hex(rng, 8).toUpperCase()}-${hex(rng, 4).toUpperCase()}","lemma":"китап","glossRu":"книга"}]`,
      ),
    );
  if (r === 7)
    return one(
      'Check the migrations against the database.',
      sh('swift run App migrate --yes', `[ INFO ] Migrate Command: Prepare\n[ INFO ] No new migrations.`),
    );
  return one(
    'Read the package manifest.',
    open(
      rng,
      'Package.swift',
      '// swift-tools-version:5.10\nimport PackageDescription\n\nlet package = Package(\n    name: "SuzlekAPI",\n    platforms: [.macOS(.v13)],\n    dependencies: [\n        .package(url: "https://github.com/vapor/vapor.git", from: "4.106.0"),\n        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.9.0"),\n    ],',
    ),
  );
}

function junieBig(rng: Rng): TarnStep {
  const n = rng.int(40, 55);
  return one(
    'Full verbose build log to find the slow files.',
    sh(
      'swift build -v 2>&1',
      lines(n, (i) => {
        const f = rng.pick(FILES.slice(0, 5));
        return `/usr/bin/swift-frontend -frontend -c -primary-file ${ROOT}/${f} ${FILES.slice(0, 5)
          .map((x) => `${ROOT}/${x}`)
          .join(
            ' ',
          )} -emit-dependencies-path ${ROOT}/.build/x86_64-unknown-linux-gnu/debug/App.build/${i}.d -target x86_64-unknown-linux-gnu -enable-testing -g -module-cache-path ${ROOT}/.build/x86_64-unknown-linux-gnu/debug/ModuleCache -swift-version 6 -Onone -D SWIFT_PACKAGE -D DEBUG -module-name App -o ${ROOT}/.build/x86_64-unknown-linux-gnu/debug/App.build/${hex(rng, 8)}.o`;
      }),
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} исемле яңа эндпоинт өстә, ул сүзләрне тамыр буенча эзләсен`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Сәлам! Проект ${ROOT} эчендә — Vapor 4 белән язылган татар сүзлеге API (Swift 6, Linux). Минем теләгем: ${needle}. Зинһар, һәр адымны аңлат.`,
            },
            {
              step: one(
                'Explore the project layout.',
                sh(
                  'ls -R Sources Tests | head -n 30',
                  `Sources:\nApp\n\nSources/App:\nControllers\nMigrations\nModels\nconfigure.swift\nentrypoint.swift\nroutes.swift\n\nTests:\nAppTests`,
                ),
              ),
            },
            { step: one('Read the controller.', open(rng, 'Sources/App/Controllers/WordController.swift')) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: мисалларны да кайтарсын, һәр сүзгә өчкә кадәр`;
        return { how: 'user-followup', needle, beats: [{ user: `Киләсе эш: ${needle}.` }] };
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
            (x) => `${x}: Migrations папкасындагы файлларны үзгәртмә`,
            (x) => `${x} өчен һәр яңа функциянең тесты булырга тиеш`,
            (x) => `${x}: Swift 5.10 белән дә җыелырга тиеш`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Бер кагыйдә: ${needle}.`, `Онытма — ${needle}.`, `Мөһим: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: lemmas are stored NFC-normalized; normalize every query string before it reaches Fluent`,
          `${T}: controllers never build raw SQL; use Fluent query builders or SQLKit binds`,
          `${T}: every route returns a Content type, never a bare String`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'Read the project guidelines for Junie.',
                open(
                  rng,
                  '.junie/guidelines.md',
                  `# Guidelines\n\n- Run swift test before finishing.\n- ${needle}\n- Tatar text is Cyrillic; tests include words with ә, ө, ү, җ, ң, һ.`,
                ),
              ),
            },
            {
              step: one(
                `Guideline ${T} applies to the new endpoint; run the tests as they are first.`,
                ok('run_test', { path: 'Tests/AppTests' }, xctest(rng)),
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
            (x) => `I will back ${x} with a PostgreSQL trigram index rather than filtering in Swift`,
            (x) => `${x} will strip Tatar affixes with a small stemmer table instead of a full morphological analyser`,
            (x) => `Plan: ${x} lives in its own RootController and routes.swift only registers it`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}. Record the decision.`,
                sh(
                  `printf '%s\\n' '- ${needle.replace(/'/g, '')}' >> docs/decisions.md && tail -n 1 docs/decisions.md`,
                  `- ${needle.replace(/'/g, '')}`,
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
        const needle = `${t} PostgreSQL'ның tsvector эзләвен генә кулланачак`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            {
              user: rng.pick([`Без шулай килештек: ${needle}.`, `Әйдә болай эшлик: ${needle}; Elasticsearch кирәкми.`]),
            },
          ],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const name = `${t.charAt(0).toUpperCase()}${t.slice(1)}Controller`;
        const needle = `Sources/App/Controllers/${name}.swift`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'Create the new controller.',
                ok(
                  'create',
                  {
                    path: needle,
                    content: `import Fluent\nimport Vapor\n\nstruct ${name}: RouteCollection {\n    func boot(routes: RoutesBuilder) throws {\n        routes.grouped("roots").get(":root", use: lookup)\n    }\n}\n`,
                  },
                  `[File ${needle} created]`,
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
        const name = `${t.charAt(0).toUpperCase()}${t.slice(1)}Tests`;
        const needle = `Tests/AppTests/${name}.swift`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'Add a test file for it.',
                ok(
                  'create',
                  {
                    path: needle,
                    content: `@testable import App\nimport XCTVapor\n\nfinal class ${name}: XCTestCase {\n    func testRootLookup() async throws {\n        XCTAssertEqual(1 + 1, 2)\n    }\n}\n`,
                  },
                  `[File ${needle} created]`,
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
        const needle = `error: cannot find '${t}Lookup' in scope`;
        const l = rng.int(20, 80);
        const f = 'Sources/App/Controllers/WordController.swift';
        return {
          how: 'tool-swiftc',
          needle,
          beats: [
            {
              step: one(
                'Build after the change.',
                sh(
                  'swift build 2>&1 | tail -n 30',
                  `Building for debugging...\n${ROOT}/${f}:${l}:26: ${needle}\n${l - 2} |     func search(req: Request) async throws -> [Word] {\n${l - 1} |         let q = try req.query.get(String.self, at: "q")\n${l} |         return try await ${t}Lookup(q, on: req.db)\n   |                          \`- ${needle}\n${l + 1} |     }\n${l + 2} | }\n\nerror: emit-module command failed with exit code 1 (use -v to see invocation)\n[${rng.int(3, 6)}/${rng.int(8, 12)}] Emitting module App`,
                  1,
                ),
              ),
            },
            { step: one(`${t}Lookup is not defined anywhere; open the controller.`, open(rng, f)) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `relation "${t}_roots" does not exist`;
        return {
          how: 'tool-vapor',
          needle,
          beats: [
            {
              step: one(
                'Run the tests against the database.',
                ok(
                  'run_test',
                  { path: 'Tests/AppTests' },
                  xctest(rng, {
                    name: 'testRootLookup',
                    line: `[ ERROR ] PSQLError(code: server, serverInfo: [sqlState: 42P01, file: parse_relation.c, line: 1449, message: ${needle}, routine: parserOpenTable, localizedSeverity: ERROR, severity: ERROR, position: 15], triggeredFromRequestInFile: PostgresKit/PostgresDatabase+SQL.swift, line: 71) [request-id: ${hex(rng, 8).toUpperCase()}]\n${ROOT}/Tests/AppTests/AppTests.swift:${rng.int(30, 90)}: error: AppTests.testRootLookup : XCTAssertEqual failed: ("500 Internal Server Error") is not equal to ("200 OK") - `,
                  }),
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
        const needle = `parsed entries: ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Dry-run the importer on the dictionary dump.',
                sh(
                  'swift run suzlek-import --dry-run data/tatar_dict.tsv',
                  `Building for debugging...\nBuild complete! (${dur(rng, 2, 9)}s)\n${needle}\nskipped (no gloss): ${rng.int(100, 9000)}\nduplicates: ${rng.int(10, 900)}`,
                ),
              ),
            },
            {
              step: one(
                `Keep "${needle}" for the import test.`,
                sh(
                  `echo '${needle}' > Tests/AppTests/Fixtures/import_count.txt && cat Tests/AppTests/Fixtures/import_count.txt`,
                  needle,
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
        const needle = `${t}${hex(rng, 24)}`;
        return {
          how: 'tool-hash',
          needle,
          beats: [
            {
              step: one(
                'Checksum of the dictionary dump.',
                sh('sha256sum data/tatar_dict.tsv', `${needle}${hex(rng, 32)}  data/tatar_dict.tsv`),
              ),
            },
            {
              step: one(
                `The dump is ${needle}…; note it in the README.`,
                sh(
                  `echo 'Dictionary dump sha256: ${needle}' >> README.md && tail -n 1 README.md`,
                  `Dictionary dump sha256: ${needle}`,
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
        const needle = `TAT-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Грант номеры ${needle}; аны README'га һәм /about җавабына яз.` }],
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
            (x) => `Remaining: load-test ${x} with 50 concurrent searches`,
            (x) => `Not done yet: Latin-script (Zamanälif) queries for ${x}`,
            (x) => `Калды: ${x} өчен OpenAPI тасвирламасы`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `${needle}. Commit what is done.`,
                sh(`git add -A && git commit -qm "words: ${t}" && git log --oneline -1`, `${hex(rng, 7)} words: ${t}`),
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
        const needle = `ахырда ${t} турында кыска йомгак яз, татарча`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Рәхмәт. Тагын бер нәрсә: ${needle}.` },
            { step: one('Run the tests once more.', ok('run_test', { path: 'Tests/AppTests' }, xctest(rng))) },
          ],
        };
      },
    },
  ],
};

const PREVIOUS = [
  'The output shows where the package stands.',
  'The command finished; nothing unexpected.',
  'That confirms how the search is wired.',
  'The last result narrows down the change.',
  'The file content is as expected.',
];

const PLAN = [
  'Explore the package structure',
  'Understand how words are searched',
  'Implement the change',
  'Build and run the tests',
  'Review and summarize',
];

/** A call as Junie writes it in the `<COMMAND>` block. */
function command(c: TarnCall): string {
  const a = c.args;
  switch (c.tool) {
    case 'bash':
      return String(a['command']);
    case 'open':
      return `open "${String(a['path'])}" ${String(a['line'])}`;
    case 'search_project':
      return `search_project "${String(a['term'])}"`;
    case 'create':
      return `create "${String(a['path'])}"\n${String(a['content'])}`;
    case 'run_test':
      return `run_test "${String(a['path'])}"`;
    default:
      return `${c.tool} ${JSON.stringify(a)}`;
  }
}

/** The junie harness. */
export const TARN_JUNIE: TarnHarness = {
  style: 'junie',
  protocol: 'text',
  system: `## ENVIRONMENT\nYour name is Junie. You're a helpful assistant designed to quickly explore and clarify user ideas, investigate project structures, and retrieve relevant code snippets or information from files.\nThe project is ${ROOT} (Swift 6, Vapor 4, SwiftPM on Linux). The user writes Tatar; answer in Tatar.\n\n## SPECIAL COMMANDS\n- search_project "<term>": search the project for a term\n- open "<path>" <line>: show a file from a line\n- create "<path>" followed by the file's content: create a file\n- run_test "<path>": run the tests under a path\n- any other line is run in bash\n\n## RESPONSE FORMAT\nYour response should be enclosed within two XML tags:\n1. <UPDATE>: describe the previous step, the plan and the next step, in <PREVIOUS_STEP>, <PLAN> and <NEXT_STEP> tags.\n2. <COMMAND>: specify exactly one command to execute.\nThe result of the command comes back in <COMMAND_OUTPUT>. Follow .junie/guidelines.md. When you are done, answer the user without a <COMMAND>.`,
  tools: ['bash', 'open', 'search_project', 'create', 'run_test'],
  renderStep: (s, _ids, n) => {
    const cur = Math.min(PLAN.length - 1, Math.floor(n / 6));
    const plan = PLAN.map((p, i) => `${i + 1}. ${i < cur ? '✓' : i === cur ? '*' : ' '} ${p}`).join('\n');
    return `<UPDATE>\n<PREVIOUS_STEP>\n${n === 0 ? 'I have the task.' : nth(PREVIOUS, n)}\n</PREVIOUS_STEP>\n\n<PLAN>\n${plan}\n</PLAN>\n\n<NEXT_STEP>\n${s.say ?? 'Continue with the current item.'}\n</NEXT_STEP>\n</UPDATE>\n\n<COMMAND>\n${command(s.calls[0] as TarnCall)}\n</COMMAND>`;
  },
  renderResults: (s) => {
    const c = s.calls[0] as TarnCall;
    return `<COMMAND_OUTPUT exit_code="${c.exitCode ?? 0}">\n${c.output}\n</COMMAND_OUTPUT>`;
  },
  resultStart: /^<COMMAND_OUTPUT exit_code="/,
  callMark: /^<COMMAND>$/gm,
  resultMark: /^<COMMAND_OUTPUT /gm,
  noise: junieNoise,
  big: junieBig,
  followUp: (rng) =>
    rng.pick([
      'Җыелды мы?',
      'Тестлар хәзер уза мы?',
      'Зинһар, тестларны кабат җибәр.',
      'Нәрсәләрне үзгәрттең?',
      'Яхшы, тагын нәрсә калды?',
      'Кисәтүләр бармы әле?',
    ]),
  keepGoing: (rng) => rng.pick(['Дәвам ит.', 'Дәвам ит, туктама.', 'Барлык тестлар узганчы дәвам ит.']),
  answer: (rng) =>
    rng.pick([
      `Әзер: проект җыела, барлык тестлар уза (${rng.int(4, 9)} тест).`,
      'Done: swift build is clean and swift test passes on Linux.',
      'Төзәттем. WordController.swift эчендә иске бер кисәтү калды, ул бу үзгәрешкә кагылмый.',
      'Кыскача: яңа эндпоинт эшли, тестлар элеккечә уза.',
    ]),
  probe: (rng) => rng.pick(['Дәвам ит.', 'Туктаган җиреңнән дәвам ит.', 'Хәзер нәрсә?']),
  planters: PLANTERS,
};
