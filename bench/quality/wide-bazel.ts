/**
 * The bazel harness of the wide family (wide.ts): Continue.dev's agent mode (`builtin_*` tools) on a Bazel/Java monorepo, for a
 * Dutch-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  chars,
  clock,
  fail,
  hex,
  lines,
  ok,
  one,
  pad,
  type Planter,
  type WideHarness,
  type WideStep,
} from './wide-kit';

const BZ_PKGS = ['services/orders', 'services/pricing', 'libs/money', 'libs/grpc-util', 'libs/auth', 'tools/codegen'];

function bazelOk(rng: Rng): string {
  const n = rng.int(40, 900);
  return `INFO: Analyzed ${n} targets (${rng.int(0, 30)} packages loaded, ${rng.int(0, 400)} targets configured).\nINFO: Found ${n} targets...\nINFO: Elapsed time: ${rng.int(1, 90)}.${rng.int(100, 999)}s, Critical Path: ${rng.int(1, 40)}.${pad(rng.int(0, 99))}s\nINFO: ${n * 3} processes: ${n} disk cache hit, ${n} internal, ${n} linux-sandbox.\nINFO: Build completed successfully, ${n * 3} total actions`;
}

function javaSrc(rng: Rng, n: number): string {
  return lines(n, (i) => {
    const r = i % 7;
    if (r === 0)
      return `  public ${rng.pick(['Money', 'Order', 'PriceQuote', 'Optional<Order>'])} ${rng.pick(['load', 'price', 'apply', 'convert'])}${i}(${rng.pick(['String id', 'Order o', 'long cents'])}) {`;
    if (r === 1) return `    var span = tracer.spanBuilder("${rng.pick(['load', 'price'])}").startSpan();`;
    if (r === 2) return `    try (var scope = span.makeCurrent()) {`;
    if (r === 3) return `      return repository.find(id).map(mapper::toDomain).orElseThrow();`;
    if (r === 4) return `    } finally {`;
    if (r === 5) return `      span.end();`;
    return `    }\n  }`;
  });
}

function bazelNoise(rng: Rng): WideStep {
  const r = rng.int(0, 6);
  const pkg = rng.pick(BZ_PKGS);
  if (r === 0)
    return one(
      undefined,
      ok(
        'builtin_read_file',
        { filepath: `${pkg}/BUILD.bazel` },
        `load("@rules_java//java:defs.bzl", "java_library")\n\njava_library(\n    name = "${pkg.split('/')[1]}",\n    srcs = glob(["src/main/java/**/*.java"]),\n    deps = [\n${lines(rng.int(2, 8), () => `        "@maven//:${rng.pick(['com_google_guava_guava', 'io_grpc_grpc_api', 'io_opentelemetry_opentelemetry_api', 'org_slf4j_slf4j_api'])}",`)}\n    ],\n)`,
      ),
    );
  if (r === 1)
    return {
      say: rng.pick(['Ik kijk tegelijk naar de bronnen en de tests.', undefined]),
      calls: [
        ok(
          'builtin_grep_search',
          { query: rng.pick(['MoneyMapper', 'PriceQuote', 'java_proto_library', 'rules_jvm_external']) },
          lines(
            rng.int(2, 10),
            () =>
              `${rng.pick(BZ_PKGS)}/src/main/java/com/acme/${rng.pick(['Orders', 'Pricing', 'Money'])}.java:${rng.int(5, 300)}: import com.acme.money.MoneyMapper;`,
          ),
        ),
        ok(
          'builtin_file_glob_search',
          { pattern: `${pkg}/**/*Test.java` },
          lines(rng.int(1, 6), (i) => `${pkg}/src/test/java/com/acme/Case${i}Test.java`),
        ),
      ],
    };
  if (r === 2)
    return one(
      undefined,
      ok(
        'builtin_run_terminal_command',
        { command: `bazel build //${pkg}/...`, waitForCompletion: true },
        bazelOk(rng),
        0,
      ),
    );
  if (r === 3)
    return one(
      undefined,
      ok(
        'builtin_read_file',
        { filepath: `${pkg}/src/main/java/com/acme/Service.java` },
        `package com.acme;\n\npublic final class Service {\n${javaSrc(rng, rng.int(20, 60))}\n}`,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      ok(
        'builtin_run_terminal_command',
        { command: `bazel query 'deps(//${pkg}:all, 1)'`, waitForCompletion: true },
        lines(
          rng.int(6, 20),
          () => `//${rng.pick(BZ_PKGS)}:${rng.pick(['lib', 'proto', 'java_proto', 'server', 'client'])}`,
        ) + `\nLoading: 0 packages loaded`,
        0,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      ok(
        'builtin_ls',
        { dirPath: pkg, recursive: false },
        lines(rng.int(3, 9), () =>
          rng.pick(['BUILD.bazel', 'src/', 'README.md', 'proto/', 'testdata/', 'BUILD.bazel.orig']),
        ),
      ),
    );
  return one(
    undefined,
    ok(
      'builtin_run_terminal_command',
      { command: 'git diff --stat', waitForCompletion: true },
      lines(
        rng.int(1, 6),
        () =>
          ` ${rng.pick(BZ_PKGS)}/BUILD.bazel | ${rng.int(1, 30)} ${'+'.repeat(rng.int(1, 9))}${'-'.repeat(rng.int(0, 4))}`,
      ),
      0,
    ),
  );
}

function bazelBig(rng: Rng): WideStep {
  if (rng.chance(0.5))
    return one(
      'Volledige testlog van de pricing-service ophalen.',
      ok(
        'builtin_run_terminal_command',
        { command: 'cat bazel-testlogs/services/pricing/pricing_test/test.log', waitForCompletion: true },
        lines(
          rng.int(280, 420),
          (i) =>
            `${clock(30000 + i)}.${pad(rng.int(0, 999), 3)} [main] ${rng.pick(['INFO ', 'DEBUG'])} c.a.p.${rng.pick(['PriceEngine', 'QuoteCache', 'FxRates'])} - ${rng.pick(['quote computed', 'cache warm', 'rate refreshed', 'rule applied'])} order=${hex(rng, 6)} cents=${rng.int(100, 99999)}`,
        ),
        0,
      ),
    );
  return one(
    undefined,
    ok(
      'builtin_run_terminal_command',
      { command: "bazel query 'kind(java_library, //...)' --output=label_kind", waitForCompletion: true },
      lines(
        rng.int(350, 480),
        () =>
          `java_library rule //${rng.pick(BZ_PKGS)}/${rng.pick(['internal', 'api', 'impl', 'model', 'util'])}/${rng.pick(['v1', 'v2', 'legacy', 'core'])}:${rng.pick(['lib', 'model', 'testing', 'fakes'])}`,
      ),
      0,
    ),
  );
}

const BAZEL_PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `de ${t}-service van Maven naar Bazel overzetten met rules_jvm_external`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Hoi! Ik wil graag ${needle}. De rest van de monorepo draait al op Bazel 7, alleen deze hangt nog aan een pom.xml.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `een container image voor //services/${t}:server bouwen met rules_oci`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Top. Volgende stap: kun je ${needle}? Base image distroless java21.` }],
        };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `gebruik geen glob() in de BUILD-bestanden onder //libs/${t}`;
        return {
          how: 'user-aside',
          needle,
          beats: [{ user: `O ja, en ${needle} — het platformteam wil expliciete srcs-lijsten daar.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `visibility = ["//services/${t}:__subpackages__"]`;
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'Even de monorepo-richtlijnen lezen.',
                ok(
                  'builtin_read_file',
                  { filepath: 'docs/BUILD_RULES.md' },
                  `# Build rules\n\n1. Every java_library declares its deps explicitly; no transitive leaks.\n2. Internal packages of ${t} must use ${needle} and nothing wider.\n3. Tests use java_test with size = "small" unless they open sockets.\n${lines(rng.int(3, 8), (i) => `${i + 4}. ${rng.pick(['Keep', 'Prefer', 'Avoid'])} ${rng.pick(['tags = ["manual"]', 'exports', 'runtime_deps', 'neverlink'])} ${rng.pick(['unless reviewed', 'where possible', 'in libs/'])}.`)}`,
                ),
              ),
            },
            {
              step: one(
                `Regel 2 geldt voor ${t}; de visibility wordt dus niet //visibility:public.`,
                ok(
                  'builtin_grep_search',
                  { query: `//services/${t}` },
                  `services/${t}/internal/BUILD.bazel:9:    visibility = ["//visibility:public"],`,
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
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t} krijgt een eigen maven_install met lock file in plaats van de gedeelde`;
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `Conflict tussen grpc 1.58 en 1.62 in de gedeelde lijst. Besluit: ${needle}, zodat de andere services niet mee hoeven.`,
                ok(
                  'builtin_read_file',
                  { filepath: 'MODULE.bazel' },
                  'bazel_dep(name = "rules_jvm_external", version = "6.0")\nmaven = use_extension("@rules_jvm_external//:extensions.bzl", "maven")',
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
        const needle = `laten we ${t} op Java 21 zetten`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: `Over die toolchain-vraag: ${needle}, de rest volgt later dit kwartaal.` }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `services/${t}/BUILD.bazel`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'builtin_create_new_file',
                  {
                    filepath: needle,
                    contents: `java_binary(\n    name = "server",\n    main_class = "com.acme.${cap(t)}Main",\n    runtime_deps = [":lib"],\n)`,
                  },
                  `Created ${needle}`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'builtin_run_terminal_command',
                  { command: `bazel build //services/${t}:server`, waitForCompletion: true },
                  'INFO: Build completed successfully, 212 total actions',
                  0,
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
        const needle = `libs/money/src/main/java/com/acme/money/${cap(t)}Rounding.java`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'Afronding aanpassen naar HALF_EVEN.',
                ok(
                  'builtin_edit_existing_file',
                  { filepath: needle, changes: '-    RoundingMode.HALF_UP\n+    RoundingMode.HALF_EVEN' },
                  `Edited ${needle}`,
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
        const needle = `no such target '//libs/${t}:java_proto'`;
        const out = `INFO: Invocation ID: ${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}\nLoading: 3 packages loaded\nERROR: /home/dev/mono/services/orders/BUILD.bazel:${rng.int(5, 60)}:13: ${needle}: target 'java_proto' not declared in package 'libs/${t}' defined by /home/dev/mono/libs/${t}/BUILD.bazel and referenced by '//services/orders:lib'\nERROR: Analysis of target '//services/orders:server' failed; build aborted: Analysis failed\nINFO: Elapsed time: ${rng.int(1, 9)}.${rng.int(100, 999)}s\nINFO: 0 processes.\nERROR: Build did NOT complete successfully`;
        return {
          how: 'tool-build',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'builtin_run_terminal_command',
                  { command: 'bazel build //services/orders:server', waitForCompletion: true },
                  out,
                  1,
                ),
              ),
            },
            {
              step: one(
                `Het doel in libs/${t} heet anders; even kijken.`,
                ok(
                  'builtin_read_file',
                  { filepath: `libs/${t}/BUILD.bazel` },
                  `proto_library(\n    name = "proto",\n    srcs = ["${t}.proto"],\n)`,
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
        const needle = `//services/${t}:integration_test`;
        const n = rng.chance(0.4) ? 320 : 24;
        const out = buried(
          rng,
          n,
          (i) => `INFO: From Testing //${rng.pick(BZ_PKGS)}:unit_test (shard ${(i % 4) + 1} of 4): PASSED`,
          `FAIL: ${needle} (see /home/dev/.cache/bazel/_bazel_dev/${hex(rng, 32)}/execroot/_main/bazel-out/k8-fastbuild/testlogs/services/${t}/integration_test/test.log)\n==================== Test output for ${needle}:\norg.opentest4j.AssertionFailedError: expected: <200> but was: <503>\n\tat com.acme.${cap(t)}IT.createsOrder(${cap(t)}IT.java:${rng.int(30, 200)})`,
          `\n${needle}                  FAILED in ${rng.int(2, 40)}.${rng.int(0, 9)}s\n\nExecuted ${n} out of ${n + 1} tests: ${n} tests pass and 1 fails locally.\nThere were tests whose specified size is too big.`,
        );
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'builtin_run_terminal_command',
                  { command: 'bazel test //services/... --test_output=errors', waitForCompletion: true },
                  out,
                  3,
                ),
              ),
            },
            {
              step: one(
                `Eén test faalt: 503 uit de ${t} stub-server. Ik bekijk de testsetup.`,
                ok(
                  'builtin_grep_search',
                  { query: `${cap(t)}IT` },
                  `services/${t}/src/test/java/com/acme/${cap(t)}IT.java:12:class ${cap(t)}IT {`,
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
        const needle = `"__RESOLVED_ARTIFACTS_HASH": -${t}${rng.int(100, 999)}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Lock file opnieuw pinnen.',
                ok(
                  'builtin_run_terminal_command',
                  {
                    command: 'REPIN=1 bazel run @maven//:pin && head -n 4 maven_install.json',
                    waitForCompletion: true,
                  },
                  `INFO: Running command line: bazel-bin/external/rules_jvm_external~~maven~maven/pin.sh\nSuccessfully pinned resolved artifacts for @maven, /home/dev/mono/maven_install.json is now up-to-date.\n{\n  "__AUTOGENERATED_FILE_DO_NOT_MODIFY_THIS_FILE_MANUALLY": "THERE_IS_NO_DATA_ONLY_ZUUL",\n  "__INPUT_ARTIFACTS_HASH": ${rng.int(100000000, 999999999)},\n  ${needle},`,
                  0,
                ),
              ),
            },
            {
              step: one(
                `De hash eindigt nu op ${t.slice(-3)}…; CI controleert die.`,
                ok(
                  'builtin_run_terminal_command',
                  { command: 'git diff --stat maven_install.json', waitForCompletion: true },
                  ' maven_install.json | 214 +++++++++++-------',
                  0,
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
        const needle = `--remote_cache=grpcs://cache-${t}.build.acme.nl`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Zet in .bazelrc voor CI trouwens ${needle}, de oude cache gaat vrijdag uit.` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `//services/${t}:image nog pushen naar europe-docker.pkg.dev`;
        return {
          how: 'agent-next',
          needle,
          beats: [
            {
              step: one(
                `Build en tests zijn groen. Wat nog open staat: ${needle} en de deployment bijwerken.`,
                ok(
                  'builtin_run_terminal_command',
                  { command: 'gcloud auth print-access-token >/dev/null && echo ok', waitForCompletion: true },
                  'ok',
                  0,
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
        const needle = `de oude pom.xml van ${t} nog weggooien`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Mooi werk. Niet vergeten: ${needle} zodra CI groen is.` },
            {
              step: one(
                `Genoteerd, de pom van ${t} gaat eruit na CI.`,
                ok('builtin_file_glob_search', { pattern: '**/pom.xml' }, `services/${t}/pom.xml`),
              ),
            },
          ],
        };
      },
    },
  ],
};

const BAZEL: WideHarness = {
  style: 'bazel',
  protocol: 'native',
  system:
    "You are Continue, an AI coding agent running in VS Code on the user's machine, in the workspace /home/dev/mono. You can use the built-in tools (builtin_read_file, builtin_create_new_file, builtin_edit_existing_file, builtin_run_terminal_command, builtin_grep_search, builtin_file_glob_search, builtin_ls). Terminal commands run in the workspace root. Answer in the language of the user. Rules from .continue/rules/bazel.md: run `bazel build` after every BUILD change; do not edit bazel-* symlinked output trees.",
  tools: [
    'builtin_read_file',
    'builtin_create_new_file',
    'builtin_edit_existing_file',
    'builtin_run_terminal_command',
    'builtin_grep_search',
    'builtin_file_glob_search',
    'builtin_ls',
  ],
  callId: (rng) => `toolu_vrtx_01${chars(rng, 22)}`,
  noise: bazelNoise,
  big: bazelBig,
  followUp: (rng) =>
    rng.pick([
      'Hoe staat het met de build?',
      'kun je ook even de tests van pricing draaien?',
      'Waarom is die dependency nodig eigenlijk?',
      'Ok. Zijn er nog waarschuwingen?',
      'Kun je uitleggen wat je tot nu toe hebt veranderd?',
      'prima, ga door met de volgende module',
    ]),
  keepGoing: (rng) => rng.pick(['Ga door.', 'doorgaan', 'Ga maar verder, ik kijk straks.']),
  answer: (rng) =>
    rng.pick([
      'Klaar met deze stap: de build slaagt en alle tests zijn groen.',
      'Samenvatting: BUILD-bestanden bijgewerkt, deps expliciet gemaakt, build geslaagd.',
      'Gedaan. Er zijn geen nieuwe waarschuwingen.',
      'De wijzigingen staan klaar; `git diff --stat` toont alleen BUILD-bestanden.',
    ]),
  probe: (rng) => rng.pick(['Ga verder met de volgende stap.', 'ok, doorgaan', 'Graag verder waar je was.']),
  planters: BAZEL_PLANTERS,
};

/** The bazel harness. */
export const WIDE_BAZEL: WideHarness = BAZEL;
