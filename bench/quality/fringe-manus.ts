/**
 * The manus harness of the fringe family (fringe.ts): a Manus-like autonomous agent in a sandbox.
 * It talks to the user through tools (`message_notify_user`, `message_ask_user`), keeps a `todo.md`
 * checklist it rewrites as it goes (`file_write`, `file_read`, `file_str_replace`), runs commands in
 * named shell sessions (`shell_exec` with `{"id", "exec_dir", "command"}`, answered by
 * `{"output", "console": "[ubuntu@sandbox ~/plaasmark]$ …"}`; `shell_view`, `shell_wait` for long
 * builds), browses and searches (`browser_navigate`, `info_search_web`), in parallel where the
 * calls are independent. A Kotlin Multiplatform project with a Ktor server built by Gradle (kotlinc
 * `e: file:///…` diagnostics, failed tasks and `BUILD FAILED in 14s`, kotlin.test/JUnit failures,
 * detekt and ktlint findings, Ktor's logs), for an Afrikaans-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  chars,
  dur,
  fail,
  lines,
  many,
  numberLines,
  ok,
  one,
  pieces,
  pyJson,
  say,
  some,
  hex,
  type FringeCall,
  type FringeHarness,
  type FringeStep,
  type Planter,
} from './fringe-kit';

const ROOT = '/home/ubuntu/plaasmark';
const PKG = 'za/co/plaasmark';
const SRC = [
  `shared/src/commonMain/kotlin/${PKG}/Order.kt`,
  `shared/src/commonMain/kotlin/${PKG}/Money.kt`,
  `shared/src/commonMain/kotlin/${PKG}/Validation.kt`,
  `server/src/main/kotlin/${PKG}/Application.kt`,
  `server/src/main/kotlin/${PKG}/routes/OrderRoutes.kt`,
  `server/src/main/kotlin/${PKG}/db/OrderRepository.kt`,
];
const TESTS = ['OrderRoutesTest', 'ValidationTest', 'MoneyTest', 'ApplicationTest', 'OrderRepositoryTest'];

/** Whole declarations of the project, as a file view shows them. */
const KT = [
  `package za.co.plaasmark\n\nimport kotlinx.serialization.Serializable`,
  `@Serializable\ndata class Order(\n    val id: String,\n    val farmId: String,\n    val lines: List<OrderLine>,\n    val totalCents: Long,\n)`,
  `@Serializable\ndata class OrderLine(val product: String, val quantity: Int, val unitCents: Long)`,
  `fun validate(order: NewOrder): List<String> = buildList {\n    if (order.farmId.isBlank()) add("farmId is required")\n    if (order.lines.isEmpty()) add("an order needs at least one line")\n    order.lines.filter { it.quantity <= 0 }.forEach { add("quantity must be positive: \${it.product}") }\n}`,
  `fun Application.module() {\n    install(ContentNegotiation) { json() }\n    install(StatusPages) {\n        exception<BadRequestException> { call, cause -> call.respond(HttpStatusCode.BadRequest, cause.message ?: "") }\n    }\n    configureRouting(OrderRepository(database()))\n}`,
  `fun Route.orderRoutes(repo: OrderRepository) {\n    route("/api/orders") {\n        get { call.respond(repo.all()) }\n        post {\n            val new = call.receive<NewOrder>()\n            val problems = validate(new)\n            if (problems.isNotEmpty()) return@post call.respond(HttpStatusCode.BadRequest, problems)\n            call.respond(HttpStatusCode.Created, repo.insert(new))\n        }\n    }\n}`,
  `@Test\nfun \`rejects order without farm id\`() = testApplication {\n    application { module() }\n    val response = client.post("/api/orders") {\n        contentType(ContentType.Application.Json)\n        setBody("""{"farmId":"","lines":[]}""")\n    }\n    assertEquals(HttpStatusCode.BadRequest, response.status)\n}`,
  `value class Cents(val value: Long) {\n    operator fun plus(other: Cents) = Cents(value + other.value)\n    fun withVat(): Cents = Cents(value * 115 / 100)\n}`,
];

function kt(rng: Rng, n: number): string {
  return pieces(rng, KT, n);
}

function console_(command: string, output: string): string {
  const tail = output.split('\n').slice(-4).join('\n');
  return `[ubuntu@sandbox ~/plaasmark]$ ${command}\n${tail}\n[ubuntu@sandbox ~/plaasmark]$`;
}

/** A `shell_exec` call in session `id`: the output and the console's view of it. */
function sh(command: string, output: string, failed = false, id = 'shell1'): FringeCall {
  const text = pyJson({ output, console: console_(command, output) });
  const args = { id, exec_dir: ROOT, command };
  return failed ? fail('shell_exec', args, text, 1) : ok('shell_exec', args, text, 0);
}

function read(rng: Rng, file: string, n: number, from = 1): FringeCall {
  const body = kt(rng, n);
  return ok(
    'file_read',
    { file: `${ROOT}/${file}`, start_line: from },
    pyJson({ content: numberLines(body, from, (k, l) => `${k}\t${l}`) }),
  );
}

function notify(text: string): FringeCall {
  return ok('message_notify_user', { text }, pyJson({ status: 'sent' }));
}

function tasks(rng: Rng, upToDate: boolean): string {
  const all = [
    ':shared:checkKotlinGradlePluginConfigurationErrors',
    ':shared:compileKotlinJvm',
    ':shared:jvmProcessResources',
    ':shared:compileJvmMainJava',
    ':shared:jvmMainClasses',
    ':shared:jvmJar',
    ':server:compileKotlin',
    ':server:compileJava',
    ':server:processResources',
    ':server:classes',
    ':server:jar',
  ];
  return all
    .map(
      (t) =>
        `> Task ${t}${t.endsWith('Java') || t.endsWith('Resources') ? ' NO-SOURCE' : upToDate && rng.chance(0.6) ? ' UP-TO-DATE' : ''}`,
    )
    .join('\n');
}

function gradleOk(rng: Rng, extra = ''): string {
  const n = rng.int(10, 20);
  const ex = rng.int(1, n);
  return `${tasks(rng, true)}${extra ? `\n${extra}` : ''}\n\nBUILD SUCCESSFUL in ${rng.int(3, 59)}s\n${n} actionable tasks: ${ex} executed, ${n - ex} up-to-date`;
}

function whatWentWrong(task: string, reason: string, rng: Rng): string {
  return `FAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task '${task}'.\n${reason}\n\n* Try:\n> Run with --stacktrace option to get the stack trace.\n> Run with --info or --debug option to get more log output.\n> Run with --scan to get full insights.\n> Get more help at https://help.gradle.org.\n\nBUILD FAILED in ${rng.int(4, 40)}s\n${rng.int(8, 16)} actionable tasks: ${rng.int(1, 5)} executed, ${rng.int(3, 9)} up-to-date`;
}

function testRun(rng: Rng, failing?: { test: string; block: string }): string {
  const passed = some(rng, TESTS, rng.int(2, 4)).flatMap((c) =>
    rng
      .sample(
        [
          'returns 200 for health()',
          'lists orders()',
          'adds vat()',
          'sums lines()',
          'rejects blank farm id()',
          'serialises order()',
        ],
        2,
      )
      .map((m) => `${c} > ${m} PASSED`),
  );
  const total = passed.length + rng.int(4, 12);
  const head = `${tasks(rng, true)}\n> Task :server:compileTestKotlin\n> Task :server:test\n\n${passed.join('\n')}`;
  if (!failing)
    return `${head}\n\nBUILD SUCCESSFUL in ${rng.int(8, 50)}s\n${rng.int(12, 20)} actionable tasks: ${rng.int(2, 6)} executed, ${rng.int(6, 12)} up-to-date`;
  return `${head}\n\n${failing.test} FAILED\n${failing.block}\n\n${total} tests completed, 1 failed\n\n> Task :server:test FAILED\n\n${whatWentWrong(':server:test', `> There were failing tests. See the report at: file://${ROOT}/server/build/reports/tests/test/index.html`, rng)}`;
}

const TODO_ITEMS = [
  'Lees die bestaande roetes en modelle',
  'Bou en toets die huidige stand',
  'Skryf die validering in shared',
  'Voeg die roete by die bediener',
  'Toets met curl teen die plaaslike bediener',
  'Stel die gebruiker in kennis',
];

function manusNoise(rng: Rng): FringeStep {
  const r = rng.int(0, 10);
  if (r === 0) return one(undefined, sh('./gradlew build -x test', gradleOk(rng)));
  if (r === 10) {
    const at = `2025-05-14 ${rng.int(8, 17)}:${rng.int(10, 59)}`;
    const log = `${at}:0${rng.int(1, 9)}.${rng.int(100, 999)} [main] INFO  Application - Autoreload is disabled because the development mode is off.\n${at}:0${rng.int(1, 9)}.${rng.int(100, 999)} [main] INFO  Application - Application started in ${dur(rng, 0.3, 2, 3)} seconds.\n${at}:1${rng.int(0, 9)}.${rng.int(100, 999)} [DefaultDispatcher-worker-1] INFO  Application - Responding at http://0.0.0.0:8080\n${lines(rng.int(2, 8), () => `${at}:${rng.int(20, 59)}.${rng.int(100, 999)} [eventLoopGroupProxy-4-${rng.int(1, 4)}] TRACE Application - ${rng.pick(['200 OK: GET - /api/orders', '201 Created: POST - /api/orders', '400 Bad Request: POST - /api/orders', '200 OK: GET - /health'])} in ${rng.int(2, 80)}ms`)}`;
    return one(
      undefined,
      ok(
        'shell_view',
        { id: 'server' },
        pyJson({
          output: log,
          console: `[ubuntu@sandbox ~/plaasmark]$ ./gradlew :server:run\n${log.split('\n').slice(-3).join('\n')}`,
        }),
      ),
    );
  }
  if (r === 1) return one(undefined, sh('./gradlew :server:test', testRun(rng)));
  if (r === 2) {
    const [a, b] = rng.sample(SRC, 2) as [string, string];
    return many(undefined, [read(rng, a, rng.int(2, 5)), read(rng, b, rng.int(2, 4))]);
  }
  if (r === 3) {
    const item = rng.pick(TODO_ITEMS);
    return one(
      undefined,
      ok(
        'file_str_replace',
        { file: `${ROOT}/todo.md`, old_str: `- [ ] ${item}`, new_str: `- [x] ${item}` },
        pyJson({ message: 'Replaced 1 occurrence' }),
      ),
    );
  }
  if (r === 4) {
    const q = rng.pick([
      'ktor 2.3 testApplication post json body',
      'kotlinx serialization value class Long',
      'detekt LongMethod threshold config',
      'kotlin multiplatform commonTest runner jvm',
    ]);
    return many(undefined, [
      ok(
        'info_search_web',
        { query: q },
        pyJson(
          lines(rng.int(2, 4), (i) => String(i))
            .split('\n')
            .map((i) => ({
              title: rng.pick([
                'Testing | Ktor Documentation',
                'Serialization | Kotlin Documentation',
                'detekt rules: complexity',
                'Stack Overflow: Kotlin value class serialization',
              ]),
              url: rng.pick([
                'https://ktor.io/docs/server-testing.html',
                'https://kotlinlang.org/docs/serialization.html',
                'https://detekt.dev/docs/rules/complexity',
                'https://stackoverflow.com/questions/6' + String(rng.int(1000000, 9999999)),
              ]),
              snippet: `Result ${i}: ${rng.pick(['Use testApplication { } and the client to send requests.', 'Value classes are serialized as their underlying value.', 'LongMethod: threshold defaults to 60 lines.'])}`,
            })),
        ),
      ),
    ]);
  }
  if (r === 5)
    return one(
      undefined,
      ok(
        'browser_navigate',
        { url: 'https://ktor.io/docs/server-testing.html' },
        `Navigated to https://ktor.io/docs/server-testing.html\n\n# Testing in Ktor Server\n\nKtor provides a special testing engine that doesn't create a web server, doesn't bind to sockets, and doesn't make any real HTTP requests.\n\n\`\`\`kotlin\n@Test\nfun testRoot() = testApplication {\n    application { module() }\n    val response = client.get("/")\n    assertEquals(HttpStatusCode.OK, response.status)\n}\n\`\`\`\n\nInteractive elements:\n0:<a>Docs</a>\n1:<a>Server</a>\n2:<input placeholder="Search">\n3:<a>Next: Testing in Ktor with JUnit</a>`,
      ),
    );
  if (r === 6)
    return one(
      undefined,
      sh(
        './gradlew ktlintCheck detekt',
        `${tasks(rng, true)}\n> Task :server:ktlintMainSourceSetCheck\n> Task :shared:ktlintCommonMainSourceSetCheck\n> Task :server:detekt\n\nBUILD SUCCESSFUL in ${rng.int(6, 30)}s\n${rng.int(14, 22)} actionable tasks: ${rng.int(3, 8)} executed, ${rng.int(6, 12)} up-to-date`,
      ),
    );
  if (r === 7)
    return many(undefined, [
      sh(
        'git status --short',
        some(rng, SRC, rng.int(1, 3))
          .map((f) => ` M ${f}`)
          .join('\n'),
        false,
        'shell2',
      ),
      ok(
        'file_read',
        { file: `${ROOT}/todo.md` },
        pyJson({
          content: `# Plaasmark-taak\n\n${TODO_ITEMS.map((t) => `- [${rng.chance(0.5) ? 'x' : ' '}] ${t}`).join('\n')}\n`,
        }),
      ),
    ]);
  if (r === 8)
    return one(
      undefined,
      sh(
        `curl -s -X GET localhost:8080/api/orders | head -c 400`,
        JSON.stringify([
          {
            id: `ord_${hex(rng, 6)}`,
            farmId: 'plaas-017',
            lines: [{ product: 'Avokado', quantity: 12, unitCents: 850 }],
            totalCents: 10200,
          },
        ]),
        false,
        'shell2',
      ),
    );
  return one(
    rng.pick(['Ek hou jou op hoogte terwyl ek werk.', undefined]),
    notify(
      rng.pick([
        'Ek het die bestaande roetes gelees en bou nou die projek.',
        'Die toetse loop; ek laat weet sodra hulle klaar is.',
        'I am checking the lint results before the next change.',
      ]),
    ),
  );
}

function manusBig(rng: Rng): FringeStep {
  if (rng.chance(0.5)) {
    const deps = [
      'io.ktor:ktor-server-core-jvm',
      'io.ktor:ktor-server-netty-jvm',
      'io.ktor:ktor-serialization-kotlinx-json-jvm',
      'org.jetbrains.exposed:exposed-core',
      'org.jetbrains.exposed:exposed-jdbc',
      'org.postgresql:postgresql',
      'ch.qos.logback:logback-classic',
      'io.netty:netty-codec-http2',
      'org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm',
      'org.jetbrains.kotlin:kotlin-stdlib',
    ];
    const tree = lines(rng.int(380, 440), (i) => {
      const depth = i % 5;
      const d = rng.pick(deps);
      return `${'|    '.repeat(depth)}${rng.chance(0.2) ? '\\---' : '+---'} ${d}:${rng.pick(['2.3.12', '0.52.0', '1.8.1', '1.9.24', '4.1.112.Final', '42.7.3'])}${rng.chance(0.4) ? ' (*)' : rng.chance(0.2) ? ` -> ${rng.pick(['2.3.12', '1.9.24', '1.8.1'])}` : ''}`;
    });
    return one(
      undefined,
      sh(
        './gradlew :server:dependencies --configuration runtimeClasspath',
        `> Task :server:dependencies\n\n------------------------------------------------------------\nProject ':server'\n------------------------------------------------------------\n\nruntimeClasspath - Runtime classpath of source set 'main'.\n${tree}\n\n(*) - Indicates repeated occurrences of a transitive dependency subtree. Gradle expands transitive dependency subtrees only once per project; repeat occurrences only display the root of the subtree, followed by this annotation.\n\nBUILD SUCCESSFUL in ${rng.int(2, 9)}s\n1 actionable task: 1 executed`,
      ),
    );
  }
  return one(
    'The build with --info, to see why the Kotlin daemon recompiles shared every time.',
    sh(
      './gradlew build --info -x test',
      `${lines(rng.int(110, 140), () => rng.pick([`Skipping task ':shared:jvmProcessResources' as it has no source files and no previous output files.`, `Resolve mutations for :server:compileKotlin (Thread[#${rng.int(60, 90)},Execution worker Thread ${rng.int(2, 8)},5,main]) started.`, `Task ':shared:compileKotlinJvm' is not up-to-date because:\n  Input property 'sources' file ${ROOT}/${rng.pick(SRC)} has changed.`, `Kotlin compiler args: -Xallow-no-source-files -classpath ${ROOT}/shared/build/classes/kotlin/jvm/main:/home/ubuntu/.gradle/caches/modules-2/files-2.1/org.jetbrains.kotlin/kotlin-stdlib/1.9.24/${hex(rng, 40)}/kotlin-stdlib-1.9.24.jar -d ${ROOT}/shared/build/classes/kotlin/jvm/main -jvm-target 17 -module-name shared -no-reflect -no-stdlib`, `Caching disabled for task ':server:compileKotlin' because:\n  Build cache is disabled`]))}\n\nBUILD SUCCESSFUL in ${rng.int(30, 90)}s`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `'n nuwe eindpunt POST /api/${t} vir grootmaatbestellings, met validering in shared`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Goeie môre! Die projek is in ~/plaasmark — 'n Kotlin Multiplatform-projek met 'n Ktor-bediener (modules shared en server, Gradle 8.10, Kotlin 1.9.24). Boere bestel deur ons API produkte vir die mark. Ek het ${needle} nodig, sodat die mobiele app dieselfde reëls kan gebruik. Moet asseblief nie aan die databasis-migrasies in server/src/main/resources/db raak nie.`,
            },
            {
              step: many(undefined, [
                ok(
                  'file_write',
                  {
                    file: `${ROOT}/todo.md`,
                    content: `# Plaasmark-taak\n\n${TODO_ITEMS.map((x) => `- [ ] ${x}`).join('\n')}\n`,
                  },
                  pyJson({ message: 'File written successfully' }),
                ),
                sh(
                  'ls && git log --oneline -3',
                  `build.gradle.kts\ngradle\ngradlew\nserver\nsettings.gradle.kts\nshared\n${hex(rng, 7)} server: order repository on Exposed\n${hex(rng, 7)} shared: Money as cents\n${hex(rng, 7)} ci: detekt + ktlint`,
                ),
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
        const needle = `CSV-uitvoer van bestellings by /api/${t}/export`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Volgende taak: ${needle}, gefiltreer volgens datum.` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `'n BTW-sakrekenaar ${t} in commonMain (15%)`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Nog iets: ek het ${needle} nodig, wat ook in die app gebruik kan word.` }],
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
            (x) => `${x} mag geen nuwe Gradle-afhanklikhede byvoeg nie`,
            (x) => `alle bedrae in ${x} bly in sente as Long, nooit Double nie`,
            (x) => `${x} moet ook op JS werk, so geen java.* in commonMain nie`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Een reël: ${needle}.`,
                `Onthou asseblief — ${needle}; dit het ons by die kode-oorsig afgespreek.`,
                `Belangrik: ${needle}.`,
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
        const needle = `- Routes in \`${t}\` never call Exposed directly; they go through a repository`;
        return {
          how: 'tool-doc',
          needle,
          beats: [
            {
              step: many('Reading the architecture notes and the current routes together before adding anything.', [
                ok(
                  'file_read',
                  { file: `${ROOT}/docs/argitektuur.md` },
                  pyJson({
                    content: `# Argitektuur\n\n## Reëls\n- shared/commonMain has no platform imports (no java.*, no android.*)\n${needle}\n- Money is \`Cents\` (Long) everywhere; formatting only at the edges\n- ${rng.pick(['Every route has a testApplication test', 'Migrations are append-only (Flyway V<n>__*.sql)'])}\n`,
                  }),
                ),
                read(rng, SRC[4] as string, 2),
              ]),
            },
            {
              step: one(
                undefined,
                sh(
                  `grep -rn "transaction {" server/src/main/kotlin/${PKG}/routes/ || echo "no direct Exposed use in ${t}"`,
                  `no direct Exposed use in ${t}`,
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
            (x) => `Besluit: ${x} gebruik kotlinx-datetime se LocalDate, nie java.time nie`,
            (x) => `I have decided to model ${x} as a sealed interface with one class per order state`,
            (x) => `Ek gaan ${x} as 'n value class om Long bou, sodat sente nie met rande verwar word nie`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            { step: one(undefined, notify(`${needle}. Dit werk op JVM en JS, en die app kan dit direk gebruik.`)) },
            {
              step: one(
                undefined,
                ok(
                  'file_str_replace',
                  {
                    file: `${ROOT}/${SRC[0] as string}`,
                    old_str: 'val totalCents: Long,',
                    new_str: `val totalCents: Long,\n    val state: ${cap(t)} = ${cap(t)}.Draft,`,
                  },
                  pyJson({ message: 'Replaced 1 occurrence' }),
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
        const needle = `${t} stuur 'n 422 terug vir valideringsfoute, nie 'n 400 nie`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            {
              user: rng.pick([
                `Ons het besluit: ${needle}.`,
                `Goed, kom ons doen dit so: ${needle} — die app wys dan die foute langs die velde.`,
              ]),
            },
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
        const needle = `server/src/main/kotlin/${PKG}/routes/${cap(t)}Routes.kt`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'file_write',
                  { file: `${ROOT}/${needle}`, content: `package za.co.plaasmark.routes\n\n${kt(rng, 3)}\n` },
                  pyJson({ message: 'File written successfully' }),
                ),
              ),
            },
            { step: one(undefined, sh('./gradlew :server:compileKotlin', gradleOk(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `shared/src/commonTest/kotlin/${PKG}/${cap(t)}Test.kt`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: many(undefined, [
                ok(
                  'file_write',
                  {
                    file: `${ROOT}/${needle}`,
                    content: `package za.co.plaasmark\n\nimport kotlin.test.Test\nimport kotlin.test.assertEquals\n\nclass ${cap(t)}Test {\n    @Test\n    fun addsVat() {\n        assertEquals(Cents(1150), Cents(1000).withVat())\n    }\n}\n`,
                  },
                  pyJson({ message: 'File written successfully' }),
                ),
                notify(`Ek het 'n toets bygevoeg: ${needle}.`),
              ]),
            },
            {
              step: one(
                undefined,
                sh(
                  './gradlew :shared:jvmTest',
                  gradleOk(rng, '> Task :shared:compileTestKotlinJvm\n> Task :shared:jvmTest'),
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
        const line = rng.int(10, 90);
        const file = `${ROOT}/${rng.pick(SRC.slice(0, 3))}`;
        const needle = `e: file://${file}:${line}:${rng.int(5, 30)} Unresolved reference: ${t}`;
        const out = buried(
          rng,
          rng.int(3, 12),
          () =>
            `w: file://${ROOT}/${rng.pick(SRC)}:${rng.int(5, 120)}:${rng.int(5, 40)} ${rng.pick(["Parameter 'call' is never used", "Variable 'it' is never used", "'toUpperCase(): String' is deprecated. Use uppercase() instead."])}`,
          needle,
          `\n> Task :shared:compileKotlinJvm FAILED\n\n${whatWentWrong(':shared:compileKotlinJvm', '> A failure occurred while executing org.jetbrains.kotlin.compilerRunner.GradleCompilerRunnerWithWorkers$GradleKotlinCompilerWorkAction\n   > Compilation error. See log for more details', rng)}`,
        );
        return {
          how: 'tool-kotlinc',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  './gradlew build -x test',
                  `> Task :shared:checkKotlinGradlePluginConfigurationErrors\n${out}`,
                  true,
                ),
              ),
            },
            {
              step: one(
                `${t} is not imported in shared; reading the file around line ${line}.`,
                read(rng, file.slice(ROOT.length + 1), 3, Math.max(1, line - 8)),
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
        const line = rng.int(30, 120);
        const test = `${cap(t)}RoutesTest > rejects an empty order()`;
        const needle = `at app//za.co.plaasmark.${cap(t)}RoutesTest$rejects an empty order$1.invokeSuspend(${cap(t)}RoutesTest.kt:${line})`;
        const block = `    org.opentest4j.AssertionFailedError: expected:<400 Bad Request> but was:<201 Created>\n        at app//kotlin.test.junit5.JUnit5Asserter.assertEquals(JUnitSupport.kt:32)\n        at app//kotlin.test.AssertionsKt__AssertionsKt.assertEquals(Assertions.kt:63)\n        at app//kotlin.test.AssertionsKt.assertEquals(Unknown Source)\n        ${needle}\n        at app//kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:33)\n        at app//kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:108)`;
        return {
          how: 'tool-junit',
          needle,
          beats: [
            { step: one(undefined, sh('./gradlew :server:test', testRun(rng, { test, block }), true)) },
            {
              step: one(
                `The ${cap(t)} route accepts an order with no lines; validate() is not called there.`,
                read(rng, `server/src/test/kotlin/${PKG}/${cap(t)}RoutesTest.kt`, 2, line - 10),
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
        const needle = `${ROOT}/server/src/main/kotlin/${PKG}/routes/OrderRoutes.kt:${rng.int(20, 90)}:9: The function ${t} is too long (${rng.int(61, 95)}). The maximum length is 60. [LongMethod]`;
        const out = `${tasks(rng, true)}\n> Task :server:ktlintMainSourceSetCheck\n> Task :server:detekt FAILED\n${ROOT}/${SRC[4] as string}:${rng.int(10, 40)}:${rng.int(20, 40)}: This expression contains a magic number. Consider defining it to a well named constant. [MagicNumber]\n${needle}\n\n${whatWentWrong(':server:detekt', '> Analysis failed with 2 weighted issues.', rng)}`;
        return {
          how: 'tool-detekt',
          needle,
          beats: [
            { step: one(undefined, sh('./gradlew detekt', out, true)) },
            {
              step: one(
                undefined,
                notify(`detekt wil hê ek moet ${t} opbreek; ek skuif die validering na 'n aparte funksie.`),
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
        const needle = `io.ktor.server.config.ApplicationConfigurationException: Property plaasmark.${t}.url not found.`;
        const out = `${rng.int(10, 23)}:${rng.int(10, 59)}:0${rng.int(1, 9)}.${rng.int(100, 999)} [main] INFO  Application - Autoreload is disabled because the development mode is off.\nException in thread "main" ${needle}\n\tat io.ktor.server.config.MapApplicationConfig.property(MapApplicationConfig.kt:71)\n\tat za.co.plaasmark.db.DatabaseKt.database(Database.kt:${rng.int(8, 30)})\n\tat za.co.plaasmark.ApplicationKt.module(Application.kt:${rng.int(15, 40)})\n\tat io.ktor.server.engine.internal.CallableUtilsKt.executeModuleFunction(CallableUtils.kt:51)\n\tat io.ktor.server.engine.EmbeddedServer.launchModuleByName(EmbeddedServerJvm.kt:362)\n\n> Task :server:run FAILED`;
        return {
          how: 'tool-ktor',
          needle,
          beats: [
            { step: one(undefined, sh('./gradlew :server:run', out, true, 'server')) },
            {
              step: one(
                `plaasmark.${t}.url is missing from application.yaml.`,
                ok(
                  'file_read',
                  { file: `${ROOT}/server/src/main/resources/application.yaml` },
                  pyJson({
                    content: `ktor:\n  deployment:\n    port: 8080\n  application:\n    modules:\n      - za.co.plaasmark.ApplicationKt.module\nplaasmark:\n  db:\n    url: "jdbc:postgresql://localhost:5432/plaasmark"\n`,
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
        const t = mint('hex');
        const needle = `"id":"ord_${t}"`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  `curl -s -X POST localhost:8080/api/orders -H 'Content-Type: application/json' -d '{"farmId":"plaas-017","lines":[{"product":"Avokado","quantity":${rng.int(5, 40)},"unitCents":850}]}'`,
                  `{${needle},"farmId":"plaas-017","lines":[{"product":"Avokado","quantity":12,"unitCents":850}],"totalCents":${rng.int(4000, 40000)}}`,
                  false,
                  'shell2',
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
        const needle = `PLM-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Die Linear-kaartjie hiervoor is ${needle}; sit dit asseblief in die commit-boodskap.` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const item = say(
          rng,
          [
            (x) => `- [ ] Add /api/${x} to the OpenAPI spec (server/src/main/resources/openapi.yaml)`,
            (x) => `- [ ] Skryf 'n Flyway-migrasie vir die ${x}-tabel`,
            (x) => `- [ ] Run ./gradlew :server:test again after ${x} is wired in`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle: item,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'file_read',
                  { file: `${ROOT}/todo.md` },
                  pyJson({
                    content: `# Plaasmark-taak\n\n${TODO_ITEMS.slice(0, 4)
                      .map((x) => `- [x] ${x}`)
                      .join('\n')}\n${item}\n- [ ] ${TODO_ITEMS[5] as string}\n`,
                  }),
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
        const needle = `toets ${t} ook op die staging-bediener voor die vrystelling`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Baie dankie. Laastens: ${needle}.` },
            {
              step: one(
                undefined,
                ok(
                  'message_ask_user',
                  { text: `Reg so — ek sal ${t} op staging toets. Wat is die staging-URL?` },
                  pyJson({ reply: 'https://staging.plaasmark.co.za' }),
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The manus harness. */
export const FRINGE_MANUS: FringeHarness = {
  style: 'manus',
  protocol: 'native',
  system: `You are Manus, an AI agent created by the Manus team.\n\n<intro>\nYou excel at the following tasks:\n1. Information gathering, fact-checking, and documentation\n2. Data processing, analysis, and visualization\n3. Writing multi-chapter articles and in-depth research reports\n4. Using programming to solve various problems beyond development\n5. Various tasks that can be accomplished using computers and the internet\n</intro>\n\n<language_settings>\n- Default working language: English\n- Use the language specified by user in messages as the working language when explicitly provided\n- All thinking and responses must be in the working language\n- Natural language arguments in tool calls must be in the working language\n</language_settings>\n\n<system_capability>\n- Communicate with users through message tools\n- Access a Linux sandbox environment with internet connection\n- Use shell, text editor, browser, and other software\n- Write and run code in Python and various programming languages\n</system_capability>\n\n<agent_loop>\n1. Analyze Events: understand user needs and current state through the event stream\n2. Select Tools: choose the next tool call based on current state, task planning and available tools\n3. Wait for Execution: the selected tool action will be executed by the sandbox environment\n4. Iterate: repeat the above steps until task completion\n5. Submit Results: send results to the user via message tools\n6. Enter Standby: enter idle state when all tasks are completed\n</agent_loop>\n\n<todo_rules>\n- Create todo.md as a checklist based on the task plan\n- Update markers in todo.md via text replacement immediately after completing each item\n- Rebuild todo.md when the task plan changes significantly\n</todo_rules>\n\n<message_rules>\n- Communicate with users via message tools instead of direct text responses\n- Reply immediately to new user messages before other operations\n- Notify users with a brief explanation when changing methods or strategies\n- message_ask_user blocks until the user replies; message_notify_user does not\n</message_rules>\n\n<shell_rules>\n- Avoid commands requiring confirmation; use -y or -f flags\n- Chain multiple commands with && to minimise interruptions\n- Use shell_wait or shell_view for long-running builds\n</shell_rules>\n\n<sandbox_environment>\nSystem: Ubuntu 22.04 (linux/amd64), user ubuntu with sudo\nDevelopment: JDK 17 (Temurin), Gradle wrapper 8.10, Kotlin 1.9.24\nProject: ${ROOT} (Kotlin Multiplatform: shared, server on Ktor 2.3 + Exposed + PostgreSQL)\n</sandbox_environment>\n\nThe user writes in Afrikaans.`,
  tools: [
    'message_notify_user',
    'message_ask_user',
    'file_read',
    'file_write',
    'file_str_replace',
    'shell_exec',
    'shell_view',
    'shell_wait',
    'browser_navigate',
    'info_search_web',
  ],
  callId: (rng) => `toolu_vrtx_01${chars(rng, 22)}`,
  noise: manusNoise,
  big: manusBig,
  followUp: (rng) =>
    rng.pick([
      'Slaag die toetse?',
      'Wat sê detekt?',
      'Hardloop asseblief weer ./gradlew build.',
      'Verduidelik kortliks wat jy verander het.',
      'Goed, wat is volgende?',
      'Werk dit ook op die JS-teiken?',
    ]),
  keepGoing: (rng) => rng.pick(['Gaan voort.', 'Gaan aan, moenie stop nie.', 'Gaan voort totdat al die toetse slaag.']),
  answer: (rng) =>
    rng.pick([
      `Klaar: ./gradlew build slaag, ${rng.int(20, 40)} toetse groen, detekt skoon.`,
      'The endpoint is in place and the server tests pass; todo.md is up to date.',
      'Reggemaak. Daar is nog een ktlint-waarskuwing in Application.kt wat nie van hierdie verandering is nie.',
      'Opsomming: shared en server kompileer, en al die toetse slaag.',
    ]),
  probe: (rng) => rng.pick(['Gaan voort.', 'Gaan voort waar jy opgehou het.', 'En nou?']),
  planters: PLANTERS,
};
