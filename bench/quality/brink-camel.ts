/**
 * The camel harness of the brink family (brink.ts): a CAMEL-like role-play pair. The human's task
 * (in Macedonian) is handed to an AI user that instructs and an AI assistant that solves: every
 * assistant message is `Solution:` prose with one ```bash block for the interpreter and ends
 * `Next request.`; the next user message is the interpreter's `Code execution result (exit code N):`
 * followed by the AI user's next `Instruction:` and `Input:`. A Java 21 water-utility billing
 * service built with Gradle (javac `error: cannot find symbol`, Error Prone's `[BugPattern]`
 * findings, JUnit 5 failures through Gradle, Spotless format violations, `BUILD FAILED`).
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
  pieces,
  say,
  some,
  type BrinkCall,
  type BrinkHarness,
  type BrinkStep,
  type Planter,
} from './brink-kit';

const ROOT = '/home/marija/proekti/vodovod';
const PKG = 'src/main/java/mk/vodovod/billing';
const SRC = [
  `${PKG}/Invoice.java`,
  `${PKG}/Tariff.java`,
  `${PKG}/Reading.java`,
  `${PKG}/MeterService.java`,
  'src/test/java/mk/vodovod/billing/InvoiceTest.java',
];
const TESTS = ['InvoiceTest', 'TariffTest', 'ReadingTest', 'MeterServiceTest'];

const JAVA = [
  `package mk.vodovod.billing;\n\nimport java.math.BigDecimal;\nimport java.math.RoundingMode;`,
  `public record Reading(String meterId, LocalDate date, BigDecimal cubicMetres) {\n    public Reading {\n        Objects.requireNonNull(meterId);\n        if (cubicMetres.signum() < 0) throw new IllegalArgumentException("negative reading");\n    }\n}`,
  `public BigDecimal amountFor(BigDecimal m3) {\n    BigDecimal total = BigDecimal.ZERO;\n    for (Band band : bands) {\n        total = total.add(band.charge(m3));\n    }\n    return total.setScale(2, RoundingMode.HALF_EVEN);\n}`,
  `@Test\nvoid appliesProgressiveTariff() {\n    var invoice = Invoice.of(reading("M-17", "23.400"), Tariff.household());\n    assertEquals(new BigDecimal("1840.50"), invoice.total());\n}`,
  `public final class MeterService {\n    private final ReadingRepository readings;\n\n    public MeterService(ReadingRepository readings) {\n        this.readings = readings;\n    }\n}`,
];

function gradle(command: string, output: string, code = 0): BrinkCall {
  return code === 0 ? ok('bash', { code: command }, output, 0) : fail('bash', { code: command }, output, code);
}

function tasks(rng: Rng): string {
  return [':app:compileJava', ':app:processResources', ':app:classes', ':app:compileTestJava', ':app:testClasses']
    .map((t) => `> Task ${t}${t.includes('Resources') ? ' NO-SOURCE' : rng.chance(0.5) ? ' UP-TO-DATE' : ''}`)
    .join('\n');
}

function failed(task: string, reason: string, rng: Rng): string {
  return `FAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task '${task}'.\n${reason}\n\n* Try:\n> Run with --stacktrace option to get the stack trace.\n> Run with --info or --debug option to get more log output.\n\nBUILD FAILED in ${rng.int(2, 30)}s\n${rng.int(3, 8)} actionable tasks: ${rng.int(1, 3)} executed, ${rng.int(1, 5)} up-to-date`;
}

function built(rng: Rng): string {
  return `BUILD SUCCESSFUL in ${rng.int(2, 40)}s\n${rng.int(5, 9)} actionable tasks: ${rng.int(1, 5)} executed, ${rng.int(1, 4)} up-to-date`;
}

function cat(rng: Rng, path: string, n: number): BrinkCall {
  return gradle(
    `cat -n ${path} | sed -n '1,60p'`,
    pieces(rng, JAVA, n)
      .split('\n')
      .map((l, i) => `${String(i + 1).padStart(6)}\t${l}`)
      .join('\n'),
  );
}

function camelNoise(rng: Rng): BrinkStep {
  const r = rng.int(0, 6);
  if (r === 0) return one(undefined, gradle('./gradlew compileJava', `${tasks(rng)}\n\n${built(rng)}`));
  if (r === 1)
    return one(
      undefined,
      gradle(
        './gradlew test',
        `${tasks(rng)}\n> Task :app:test\n\n${some(rng, TESTS, rng.int(2, 4))
          .map(
            (t) =>
              `${t} > ${rng.pick(['computesTotal()', 'rejectsNegative()', 'roundsHalfEven()', 'readsCsv()'])} PASSED`,
          )
          .join('\n')}\n\n${built(rng)}`,
      ),
    );
  if (r === 2) return one(undefined, cat(rng, rng.pick(SRC), rng.int(2, 3)));
  if (r === 3)
    return one(
      undefined,
      gradle(
        './gradlew spotlessCheck',
        `> Task :app:spotlessJava\n> Task :app:spotlessJavaCheck\n> Task :app:spotlessCheck\n\n${built(rng)}`,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      gradle(
        `grep -rn "${rng.pick(['amountFor', 'Band', 'Reading(', 'RoundingMode'])}" src/`,
        lines(
          rng.int(2, 5),
          () =>
            `${rng.pick(SRC)}:${rng.int(3, 120)}:${rng.pick(['    public BigDecimal amountFor(BigDecimal m3) {', '    record Band(BigDecimal upTo, BigDecimal rate) {}', '        var r = new Reading(id, date, m3);', '        return total.setScale(2, RoundingMode.HALF_EVEN);'])}`,
        ),
      ),
    );
  if (r === 5)
    return one(
      undefined,
      gradle(
        'git status --short',
        some(rng, SRC, rng.int(1, 3))
          .map((f) => ` M ${f}`)
          .join('\n'),
      ),
    );
  return one(
    undefined,
    gradle(
      './gradlew build -x test',
      `${tasks(rng)}\n> Task :app:jar\n> Task :app:assemble\n> Task :app:spotlessCheck\n> Task :app:check\n> Task :app:build\n\n${built(rng)}`,
    ),
  );
}

function camelBig(rng: Rng): BrinkStep {
  if (rng.chance(0.5))
    return one(
      undefined,
      gradle(
        './gradlew dependencies --configuration runtimeClasspath',
        `> Task :app:dependencies\n\n------------------------------------------------------------\nProject ':app'\n------------------------------------------------------------\n\nruntimeClasspath - Runtime classpath of source set 'main'.\n${lines(rng.int(420, 480), (i) => `${'|    '.repeat(i % 4)}${rng.chance(0.25) ? '\\---' : '+---'} ${rng.pick(['io.javalin:javalin', 'org.postgresql:postgresql', 'com.zaxxer:HikariCP', 'org.slf4j:slf4j-api', 'com.fasterxml.jackson.core:jackson-databind', 'org.jdbi:jdbi3-core', 'org.eclipse.jetty:jetty-server'])}:${rng.int(1, 12)}.${rng.int(0, 20)}.${rng.int(0, 9)}${rng.chance(0.3) ? ' (*)' : ''}`)}\n\n${built(rng)}`,
      ),
    );
  return one(
    undefined,
    gradle(
      './gradlew test --info | tail -n +1',
      lines(rng.int(380, 440), () =>
        rng.pick([
          `${rng.pick(TESTS)} > ${rng.pick(['computesTotal', 'rejectsNegative', 'roundsHalfEven', 'readsCsv', 'appliesBand'])}() STARTED`,
          `${rng.pick(TESTS)} > ${rng.pick(['computesTotal', 'rejectsNegative', 'roundsHalfEven'])}() PASSED`,
          `Gradle Test Executor ${rng.int(1, 9)} started executing tests.`,
          `    [main] DEBUG mk.vodovod.billing.Tariff - band ${rng.int(1, 4)} rate=${dur(rng, 20, 90)} m3=${dur(rng, 0, 60, 3)}`,
        ]),
      ) + `\n\n${built(rng)}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `прогресивна тарифа по појаси за домаќинствата во ${t}, со пресметка на фактура по читање`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Здраво! Проектот е во ~/proekti/vodovod — Java 21 сервис за наплата на вода (Gradle, JUnit 5, Error Prone, Spotless). Ми треба ${needle}. Поделете ја задачата меѓу AI корисникот и AI асистентот.`,
            },
            { step: one('I will first look at how invoices are computed now.', cat(rng, `${PKG}/Invoice.java`, 3)) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `CSV извоз на месечните фактури за реонот ${t}`;
        return { how: 'user-followup', needle, beats: [{ user: `Следна задача: ${needle}.` }] };
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
            (x) => `сите износи во ${x} се BigDecimal, никогаш double`,
            (x) => `${x} не смее да зависи од Spring`,
            (x) => `јавниот API на ${x} не се менува без нова верзија`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            { user: rng.pick([`Едно правило: ${needle}.`, `Запомни — ${needle}; така договоривме на прегледот.`]) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `options.errorprone.error("${cap(t)}Check")`;
        return {
          how: 'tool-config',
          needle,
          beats: [
            {
              step: one(
                'Error Prone settings first: they decide which findings fail the build.',
                gradle(
                  "sed -n '20,40p' build.gradle.kts",
                  `tasks.withType<JavaCompile>().configureEach {\n    options.errorprone.disableWarningsInGeneratedCode.set(true)\n    ${needle}\n    options.errorprone.error("ReferenceEquality")\n    options.release.set(21)\n}\n\nspotless {\n    java { googleJavaFormat("1.22.0") }\n}`,
                ),
              ),
            },
            {
              step: one(
                `${cap(t)}Check is an error here, so the new code has to pass it.`,
                gradle(`./gradlew compileJava`, `${tasks(rng)}\n\n${built(rng)}`),
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
            (x) => `I will represent the ${x} bands as an immutable List<Band> sorted by upper bound`,
            (x) => `My choice is a sealed interface ${cap(x)}Tariff with one record per customer class`,
            (x) => `Одлучив: ${x} заокружува со HALF_EVEN на два децимали, само на крајот`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}. It keeps the computation testable without a database.`,
                gradle(
                  `cat > ${PKG}/${cap(t)}.java <<'EOF'\npackage mk.vodovod.billing;\n\npublic sealed interface ${cap(t)} permits Household, Business {}\nEOF\n./gradlew compileJava -q`,
                  '',
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
        const needle = `${t} ги наплатува првите 5 m³ по социјална тарифа`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Одлучивме: ${needle}.`, `Ајде вака: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/test/java/mk/vodovod/billing/${cap(t)}BandTest.java`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'A parameterised test over the band edges.',
                gradle(
                  `cat > ${needle} <<'EOF'\npackage mk.vodovod.billing;\n\nclass ${cap(t)}BandTest {\n    @ParameterizedTest\n    @CsvSource({"5.000, 210.00", "5.001, 210.05"})\n    void edges(String m3, String expected) { }\n}\nEOF`,
                  '',
                ),
              ),
            },
            {
              step: one(
                undefined,
                gradle(
                  `./gradlew test --tests '*${cap(t)}BandTest'`,
                  `${tasks(rng)}\n> Task :app:test\n\n${cap(t)}BandTest > edges(String, String) > [1] 5.000, 210.00 PASSED\n${cap(t)}BandTest > edges(String, String) > [2] 5.001, 210.05 PASSED\n\n${built(rng)}`,
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
        const line = rng.int(20, 140);
        const needle = `${ROOT}/${PKG}/Invoice.java:${line}: error: cannot find symbol\n        return tariff.${t}(reading.cubicMetres());`;
        const out = `> Task :app:compileJava FAILED\n${needle}\n                     ^\n  symbol:   method ${t}(BigDecimal)\n  location: variable tariff of type Tariff\n1 error\n\n${failed(':app:compileJava', '> Compilation failed; see the compiler error output for details.', rng)}`;
        return {
          how: 'tool-javac',
          needle,
          beats: [
            { step: one(undefined, gradle('./gradlew compileJava', out, 1)) },
            {
              step: one(`Tariff has no ${t}; the method is still called amountFor.`, cat(rng, `${PKG}/Tariff.java`, 2)),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${ROOT}/${PKG}/Reading.java:${rng.int(10, 80)}: error: [ReferenceEquality] Comparison using reference equality instead of value equality in ${t}`;
        const out = `> Task :app:compileJava FAILED\n${needle}\n        if (meterId == other.meterId) {\n                    ^\n    (see https://errorprone.info/bugpattern/ReferenceEquality)\n  Did you mean 'if (Objects.equals(meterId, other.meterId)) {'?\n1 error\n\n${failed(':app:compileJava', '> Compilation failed; see the compiler error output for details.', rng)}`;
        return {
          how: 'tool-errorprone',
          needle,
          beats: [{ step: one(undefined, gradle('./gradlew compileJava', out, 1)) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `InvoiceTest > ${t}ProgressiveTariff() FAILED`;
        const out = `${tasks(rng)}\n> Task :app:test FAILED\n\n${needle}\n    org.opentest4j.AssertionFailedError: expected: <1840.50> but was: <1790.00>\n        at app//org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)\n        at app//org.junit.jupiter.api.AssertEquals.assertEquals(AssertEquals.java:197)\n        at app//mk.vodovod.billing.InvoiceTest.${t}ProgressiveTariff(InvoiceTest.java:${rng.int(20, 90)})\n\n${rng.int(14, 40)} tests completed, 1 failed\n\n${failed(':app:test', `> There were failing tests. See the report at: file://${ROOT}/app/build/reports/tests/test/index.html`, rng)}`;
        return {
          how: 'tool-junit',
          needle,
          beats: [
            { step: one(undefined, gradle('./gradlew test', out, 1)) },
            {
              step: one(
                'The second band is charged from zero instead of from its lower bound.',
                cat(rng, `${PKG}/Tariff.java`, 2),
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
        const needle = `          -    private static final int ${t.toUpperCase()}=5;`;
        const out = `> Task :app:spotlessJava\n> Task :app:spotlessJavaCheck FAILED\n\n${failed(':app:spotlessJavaCheck', `> The following files had format violations:\n      ${PKG}/Tariff.java\n          @@ -${rng.int(5, 40)},7 +${rng.int(5, 40)},7 @@\n${needle}\n          +  private static final int ${t.toUpperCase()} = 5;\n  Run './gradlew :app:spotlessApply' to fix these violations.`, rng)}`;
        return {
          how: 'tool-spotless',
          needle,
          beats: [{ step: one(undefined, gradle('./gradlew spotlessCheck', out, 1)) }],
        };
      },
    },
  ],
  value: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('num');
        const needle = `invoice INV-2025-${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                gradle(
                  `./gradlew -q run --args='invoice M-17 2025-05'`,
                  `${needle}: meter M-17, ${dur(rng, 10, 40, 3)} m³, total ${dur(rng, 500, 3000)} MKD`,
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
        const needle = `VOD-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Тикетот е ${needle}; стави го во пораката на commit-от.` }],
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
            (x) => `Open item: a migration adding the ${x} column to the tariffs table`,
            (x) => `After this: document ${x} in docs/tarifi.md`,
            (x) => `Уште треба: ./gradlew check со ${x} на CI`,
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
                gradle(
                  'git add -A && git commit -qm "billing: progressive tariff" && git log --oneline -1',
                  `${hex(rng, 7)} billing: progressive tariff`,
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
        const needle = `додај JMH мерење за ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Ви благодарам. На крај: ${needle}.` },
            {
              step: one(
                `Adding the JMH plugin for the ${t} benchmark.`,
                gradle(
                  './gradlew tasks --group=jmh -q',
                  `Jmh tasks\n---------\njmh - Runs JMH benchmarks\njmhJar - Generates a JMH jar\n\n${built(rng)}`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

const INSTRUCTIONS = [
  'Instruction: Check that the project still compiles after your change.\nInput: None',
  'Instruction: Run the unit tests and report which ones fail.\nInput: None',
  'Instruction: Show me the relevant part of the tariff code.\nInput: src/main/java/mk/vodovod/billing/Tariff.java',
  'Instruction: Make sure the formatting passes Spotless.\nInput: None',
  'Instruction: Continue with the next part of the task.\nInput: None',
];

/** The AI assistant's message: the solution, one code block for the interpreter, `Next request.` */
function render(s: BrinkStep): string {
  const c = s.calls[0] as BrinkCall;
  const why = s.say ?? 'I will run the following in the project directory.';
  return `Solution: ${why}\n\n\`\`\`bash\ncd ${ROOT}\n${String(c.args['code'])}\n\`\`\`\n\nNext request.`;
}

/** The interpreter's output, then the AI user's next instruction. */
function results(s: BrinkStep, n: number): string {
  const c = s.calls[0] as BrinkCall;
  return `Code execution result (exit code ${c.exitCode ?? 0}):\n\`\`\`text\n${c.output}\n\`\`\`\n\n${nth(INSTRUCTIONS, n + c.output.length)}`;
}

/** The camel harness. */
export const BRINK_CAMEL: BrinkHarness = {
  style: 'camel',
  protocol: 'text',
  system: `===== RULES OF ASSISTANT =====\nNever forget you are a Java Developer and I am a Billing Analyst. Never flip roles! Never instruct me!\nWe share a common interest in collaborating to successfully complete a task.\nYou must help me to complete the task.\nHere is the task: the human's request below, on the project at ${ROOT} (Java 21, Gradle 8 Kotlin DSL, JUnit 5, Error Prone, Spotless with google-java-format). Never forget our task!\nI must instruct you based on your expertise and my needs to complete the task.\n\nI must give you one instruction at a time.\nYou must write a specific solution that appropriately solves the requested instruction and explain your solutions.\nYour solution may contain one \`\`\`bash code block; it is run by the code interpreter in the project directory and its output is returned to you before my next instruction.\nUnless I say the task is completed, you should always start with:\n\nSolution: <YOUR_SOLUTION>\n\nAlways end <YOUR_SOLUTION> with: Next request.\n\nThe human who gave the task writes in Macedonian; when you answer the human directly, answer in Macedonian.`,
  tools: ['bash'],
  renderStep: (s) => render(s),
  renderResults: (s, _ids, n) => results(s, n),
  resultStart: /^Code execution result \(exit code \d+\):/,
  callMark: /^```bash$/gm,
  resultMark: /^Code execution result \(exit code \d+\):/gm,
  noise: camelNoise,
  big: camelBig,
  followUp: (rng) =>
    rng.pick([
      'Дали поминуваат тестовите?',
      'Што вели Error Prone?',
      'Те молам, пушти ги тестовите повторно.',
      'Накратко објасни што смени.',
      'Добро, што следува?',
      'Дали Spotless е чист?',
    ]),
  keepGoing: (rng) => rng.pick(['Продолжи.', 'Продолжи, не запирај.', 'Продолжи додека не поминат сите тестови.']),
  answer: (rng) =>
    rng.pick([
      `Готово: ./gradlew build поминува, ${rng.int(20, 60)} тестови се зелени, Spotless е чист.`,
      'Done: the billing module compiles with Error Prone and every JUnit test passes.',
      'Поправено. Останува едно предупредување од Error Prone во MeterService, кое не е од оваа промена.',
      'Резиме: сменетите класи се компајлираат и сите тестови поминуваат. <CAMEL_TASK_DONE>',
    ]),
  probe: (rng) => rng.pick(['Продолжи.', 'Продолжи од каде што застана.', 'А сега?']),
  planters: PLANTERS,
};
