/**
 * The outer family's Amazon Q Developer CLI session on a Flutter delivery app: native tool calls
 * (`execute_bash`, `fs_read` with its Line/Directory/Search modes, `fs_write` commands, `use_aws`)
 * with `tooluse_` ids, often in parallel; shell results come back as Q's JSON
 * (`exit_status`, `stdout`, `stderr`). Failures are `flutter analyze` issues, `flutter test`
 * failures, pub version solving and AWS service errors.
 */
import {
  Clock,
  chars,
  columns,
  grepFrom,
  grow,
  hex,
  Mint,
  parallel,
  plainNative,
  say,
  stepBeat,
  type Act,
  type Beat,
  type NativeSpec,
  type OuterHarness,
  type Planter,
  type Session,
  type Step,
} from './outer-kit';
import type { Rng } from './rng';
import type { ScriptedOutput } from './types';

const FEATURES = [
  'cart',
  'checkout',
  'orders',
  'tracking',
  'profile',
  'auth',
  'catalog',
  'payments',
  'settings',
  'onboarding',
];
const PACKAGES = [
  'flutter_riverpod',
  'go_router',
  'dio',
  'freezed_annotation',
  'json_annotation',
  'intl',
  'cached_network_image',
  'shared_preferences',
  'geolocator',
  'firebase_messaging',
  'drift',
  'sqlite3_flutter_libs',
  'amplify_flutter',
  'amplify_auth_cognito',
  'flutter_secure_storage',
  'mocktail',
];
const LINTS: [string, string, string][] = [
  ['info', 'Prefer const with constant constructors', 'prefer_const_constructors'],
  ['info', "Don't use 'BuildContext's across async gaps", 'use_build_context_synchronously'],
  ['warning', "The value of the local variable 'result' isn't used", 'unused_local_variable'],
  ['info', 'Sort child properties last in widget instance creations', 'sort_child_properties_last'],
  ['warning', "Unused import: 'package:intl/intl.dart'", 'unused_import'],
];
const DART = [
  'final state = ref.watch(cartProvider);',
  'return Scaffold(appBar: AppBar(title: Text(l10n.cartTitle)), body: body);',
  'await ref.read(ordersRepositoryProvider).refresh();',
  'if (!mounted) return;',
  "final res = await _dio.get<Map<String, dynamic>>('/orders/$id');",
  'emit(state.copyWith(loading: false, items: items));',
  "context.go('/orders/${order.id}');",
  'final total = items.fold<double>(0, (s, i) => s + i.price * i.qty);',
];

/** The session's app. */
interface App {
  root: string;
  region: string;
  account: string;
  clock: Clock;
}

function app(r: Rng): App {
  return {
    root: `/Users/${r.pick(['sam', 'priya', 'jonas', 'mei'])}/code/${r.pick(['courier-app', 'dropship_mobile', 'parcelgo'])}`,
    region: r.pick(['eu-west-1', 'us-east-1', 'eu-central-1']),
    account: String(r.int(100000000000, 999999999999)),
    clock: new Clock(r),
  };
}

/** What Q's execute_bash returns. */
function bash(stdout: string, stderr = '', code = 0): string {
  return JSON.stringify({ exit_status: String(code), stdout, stderr });
}

function dartFile(r: Rng, name: string, lines: number): string {
  const out = [
    "import 'package:flutter/material.dart';",
    "import 'package:flutter_riverpod/flutter_riverpod.dart';",
    '',
    `class ${name} extends ConsumerStatefulWidget {`,
    `  const ${name}({super.key});`,
    '',
    '  @override',
    `  ConsumerState<${name}> createState() => _${name}State();`,
    '}',
    '',
    `class _${name}State extends ConsumerState<${name}> {`,
  ];
  while (out.length < lines) {
    out.push(`  Future<void> _${r.pick(['load', 'submit', 'refresh', 'retry', 'sync'])}${r.int(1, 9)}() async {`);
    for (let i = r.int(2, 6); i > 0; i--) out.push(`    ${r.pick(DART)}`);
    out.push('  }', '');
  }
  out.push('}');
  return out.join('\n');
}

function analyze(r: Rng, extra: string[] = []): string {
  const issues = Array.from({ length: r.int(0, 8) }, () => {
    const [lvl, msg, code] = r.pick(LINTS);
    return `${lvl.padStart(7)} • ${msg} • lib/features/${r.pick(FEATURES)}/${r.pick(['view', 'data', 'domain'])}/${r.pick(FEATURES)}_${r.pick(['screen', 'repository', 'controller', 'tile'])}.dart:${r.int(3, 300)}:${r.int(1, 40)} • ${code}`;
  });
  issues.splice(r.int(0, issues.length), 0, ...extra);
  return [
    'Analyzing app...',
    '',
    ...issues,
    '',
    issues.length
      ? `${issues.length} issues found. (ran in ${r.int(2, 9)}.${r.int(0, 9)}s)`
      : `No issues found! (ran in ${r.int(2, 9)}.${r.int(0, 9)}s)`,
  ].join('\n');
}

function testRun(r: Rng, fail?: string[]): string {
  let pass = 0;
  const lines = grow(r.int(600, 2500), () => {
    pass += r.int(1, 3);
    return `00:${String(r.int(1, 59)).padStart(2, '0')} +${pass}: ${r.pick(FEATURES)}_test.dart: ${r.pick(['renders empty state', 'adds item', 'shows error banner', 'navigates to details', 'persists token', 'formats price in locale'])}`;
  });
  if (fail) lines.splice(r.int(1, lines.length - 1), 0, ...fail);
  lines.push(
    fail ? `00:${r.int(10, 59)} +${pass} -1: Some tests failed.` : `00:${r.int(10, 59)} +${pass}: All tests passed!`,
  );
  return lines.join('\n');
}

function buildLog(r: Rng, min: number): string {
  return [
    ...grow(min, () =>
      r.pick([
        `Running Gradle task 'assembleRelease'...`,
        `> Task :app:compileReleaseKotlin`,
        `> Task :${r.pick(PACKAGES)}:compileReleaseJavaWithJavac`,
        `> Task :app:mergeReleaseResources UP-TO-DATE`,
        `Note: Some input files use or override a deprecated API.`,
        `w: file:///${r.pick(PACKAGES)}/android/src/main/kotlin/Plugin.kt:${r.int(10, 200)}:${r.int(1, 40)} 'onRequestPermissionsResult' is deprecated.`,
        `> Task :app:lintVitalAnalyzeRelease`,
        `Font asset "MaterialIcons-Regular.otf" was tree-shaken, reducing it from 1645184 to ${r.int(4000, 12000)} bytes (99.${r.int(1, 9)}% reduction).`,
      ]),
    ),
    `✓ Built build/app/outputs/flutter-apk/app-release.apk (${r.int(18, 60)}.${r.int(0, 9)}MB)`,
  ].join('\n');
}

/** The Amazon Q Developer CLI harness. */
export const QDEV: OuterHarness = {
  style: 'qdev',
  protocol: 'native',
  tools: ['execute_bash', 'fs_read', 'fs_write', 'use_aws'],
  isResult: () => false,
  open(r: Rng, outputs: Map<string, ScriptedOutput>): Session {
    const a = app(r.fork());
    const mint = new Mint(r.fork());
    const gen = r.fork();
    const ids = r.fork();
    const spec: NativeSpec = {
      id: () => `tooluse_${chars(ids, 22, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-')}`,
      call: (x: Act) => {
        switch (x.kind) {
          case 'shell':
            return {
              name: 'execute_bash',
              args: {
                command: x.target,
                summary: gen.pick(['Run the command', 'Check the project', 'Verify the change']),
              },
            };
          case 'read':
            return { name: 'fs_read', args: { mode: 'Line', path: `${a.root}/${x.target}` } };
          case 'write':
            return {
              name: 'fs_write',
              args: {
                command: 'create',
                path: `${a.root}/${x.target}`,
                file_text: x.text ?? '',
                summary: 'Create the file',
              },
            };
          case 'edit':
            return {
              name: 'fs_write',
              args: {
                command: 'str_replace',
                path: `${a.root}/${x.target}`,
                old_str: x.old ?? '',
                new_str: x.text ?? '',
                summary: 'Update the file',
              },
            };
          case 'search':
            return {
              name: 'fs_read',
              args: { mode: 'Search', path: `${a.root}/${x.where ?? 'lib'}`, pattern: x.target },
            };
          case 'list':
            return { name: 'fs_read', args: { mode: 'Directory', path: `${a.root}/${x.target}`, depth: 1 } };
          case 'extra':
            return { name: x.tool ?? 'use_aws', args: x.args ?? {} };
        }
      },
      result: (x) => x.output,
    };
    return {
      system: system(a),
      ...plainNative(spec, outputs),
      noise: () =>
        gen.chance(0.35)
          ? parallel([
              noiseStep(gen, a),
              noiseStep(gen, a),
              ...(gen.chance(0.3) ? [noiseStep(gen, a), noiseStep(gen, a)] : []),
            ])
          : noiseStep(gen, a),
      ask: () => ask(gen),
      answer: () =>
        say(
          gen,
          'Done. `flutter analyze` is clean apart from the existing info-level lints, and all tests pass.',
          "That's in place — I ran the widget tests for the affected screens and they pass.",
          'I checked it: nothing else needed changing.',
          'Finished. Let me know if you want me to look at anything else.',
        ),
      resume: () => say(gen, 'keep going', 'carry on with the next part, no need to check in', 'continue'),
      probe: () => say(gen, 'continue', 'ok, go on', 'sounds good, keep going'),
      planters: [...flutterPlanters(gen, a, mint), ...flutterMore(gen, a, mint)],
    };
  },
};

function system(a: App): string {
  return [
    "You are Amazon Q, an AI assistant built by Amazon Web Services to assist customers. You are currently being used in the Amazon Q Developer CLI, running in the user's terminal.",
    '',
    'When the user asks you to do something, use the tools available to you: execute_bash to run commands, fs_read to read files, list directories or search, fs_write to create or edit files, and use_aws to make read-only AWS API calls.',
    'Tool calls that modify the system ask the user for permission unless they trusted the tool.',
    '',
    '--- CONTEXT ENTRY BEGIN ---',
    `[${a.root}/AmazonQ.md]`,
    '# Project notes',
    '- Flutter 3.24, Dart 3.5. State management is Riverpod; routing via go_router.',
    '- Run `flutter analyze` and `flutter test` before saying a change is done.',
    '- The backend is an API Gateway + Lambda stack managed with CDK in ../courier-backend.',
    '--- CONTEXT ENTRY END ---',
  ].join('\n');
}

function ask(r: Rng): string {
  const f = r.pick(FEATURES);
  return r.pick([
    `why does the ${f} screen rebuild twice on open?`,
    'run the analyzer and tell me what is new',
    `are there tests for the ${f} repository?`,
    'which packages are outdated?',
    `can you check the Lambda logs for errors in the last hour`,
    `what's our current Flutter and Dart version?`,
    `how big is the release APK now?`,
  ]);
}

function noiseStep(r: Rng, a: App): Step {
  const f = r.pick(FEATURES);
  const big = r.chance(0.035);
  const one = (x: Act, s?: string): Step => ({ ...(s ? { say: s } : {}), acts: [x] });
  switch (r.int(0, 9)) {
    case 0:
      return one({ kind: 'shell', target: 'flutter analyze', output: bash(analyze(r)) });
    case 1:
      return one({ kind: 'shell', target: 'flutter test', output: bash(testRun(r)) });
    case 2:
      return one({
        kind: 'read',
        target: `lib/features/${f}/view/${f}_screen.dart`,
        output: dartFile(r, `${f.charAt(0).toUpperCase()}${f.slice(1)}Screen`, big ? 900 : r.int(30, 160)),
      });
    case 3:
      return one({
        kind: 'list',
        target: `lib/features/${f}`,
        output: ['data', 'domain', 'view', 'providers.dart']
          .map(
            (n) =>
              `${n.includes('.') ? '-rw-r--r--' : 'drwxr-xr-x'} 1 501 20 ${r.int(96, 9000)} ${r.pick(['Feb', 'Mar'])} ${r.int(1, 28)} ${r.int(10, 23)}:${String(r.int(0, 59)).padStart(2, '0')} ${a.root}/lib/features/${f}/${n}`,
          )
          .join('\n'),
      });
    case 4: {
      const g = grepFrom(r, DART, r.int(2, 14));
      return one({
        kind: 'search',
        target: g.pattern,
        where: 'lib',
        output: JSON.stringify(
          g.hits.map((h) => ({
            file: `${a.root}/lib/features/${r.pick(FEATURES)}/view/${r.pick(FEATURES)}_screen.dart`,
            line_number: r.int(3, 300),
            context: `    ${h}`,
          })),
        ),
      });
    }
    case 5:
      return one({
        kind: 'shell',
        target: 'flutter pub outdated',
        output: bash(
          [
            'Showing outdated packages.',
            '[*] indicates versions that are not the latest available.',
            '',
            ...columns([
              ['Package Name', 'Current', 'Upgradable', 'Resolvable', 'Latest'],
              ['', '', '', '', ''],
              ['direct dependencies:', '', '', '', ''],
              ...r
                .sample(PACKAGES, 6)
                .map((p) => [
                  p,
                  `*${r.int(0, 5)}.${r.int(0, 9)}.${r.int(0, 9)}`,
                  `*${r.int(0, 5)}.${r.int(0, 9)}.${r.int(0, 9)}`,
                  `${r.int(1, 6)}.${r.int(0, 9)}.${r.int(0, 9)}`,
                  `${r.int(1, 6)}.${r.int(0, 9)}.${r.int(0, 9)}`,
                ]),
            ]),
          ].join('\n'),
        ),
      });
    case 6:
      return one({
        kind: 'shell',
        target: 'flutter build apk --release --flavor staging',
        output: bash(buildLog(r, big ? r.int(21000, 40000) : r.int(800, 3000))),
      });
    case 7:
      return one({
        kind: 'extra',
        target: 'logs',
        tool: 'use_aws',
        args: {
          service_name: 'logs',
          operation_name: 'filter-log-events',
          parameters: { 'log-group-name': '/aws/lambda/orders-api', 'filter-pattern': 'ERROR', limit: 20 },
          region: a.region,
          label: 'Check Lambda errors',
        },
        output: bash(
          JSON.stringify(
            {
              events: Array.from({ length: r.int(0, 5) }, () => ({
                timestamp: a.clock.tick(r.int(1000, 600000)).getTime(),
                message: `${a.clock.iso()} ${hex(r, 8)}-${hex(r, 4)} WARN retrying DynamoDB write (ProvisionedThroughputExceededException)`,
              })),
              searchedLogStreams: [],
            },
            null,
            2,
          ),
        ),
      });
    case 8:
      return one({
        kind: 'read',
        target: 'pubspec.yaml',
        output: [
          'name: courier_app',
          'description: Courier app',
          "publish_to: 'none'",
          `version: 4.${r.int(1, 20)}.${r.int(0, 9)}+${r.int(100, 999)}`,
          '',
          'environment:',
          "  sdk: '>=3.5.0 <4.0.0'",
          '',
          'dependencies:',
          '  flutter:',
          '    sdk: flutter',
          ...PACKAGES.map((p) => `  ${p}: ^${r.int(0, 6)}.${r.int(0, 12)}.${r.int(0, 9)}`),
        ].join('\n'),
      });
    default:
      return one({
        kind: 'shell',
        target: big ? 'dart run build_runner build --delete-conflicting-outputs --verbose' : 'git status --short',
        output: bash(
          big
            ? grow(
                r.int(21000, 35000),
                () =>
                  `[FINE] ${r.pick(['freezed', 'json_serializable', 'drift_dev', 'riverpod_generator'])} on lib/features/${r.pick(FEATURES)}/data/${r.pick(FEATURES)}_dto.dart:Running ${r.pick(['FreezedGenerator', 'JsonSerializableGenerator', 'DriftBuilder'])} - ${r.int(1, 900)}ms`,
              ).join('\n') + '\n[INFO] Succeeded after 41.2s with 312 outputs (1208 actions)'
            : Array.from(
                { length: r.int(0, 6) },
                () => ` M lib/features/${r.pick(FEATURES)}/view/${r.pick(FEATURES)}_screen.dart`,
              ).join('\n'),
        ),
      });
  }
}

/** The fact planters of the Flutter/Amazon Q session. */
function flutterPlanters(r: Rng, a: App, mint: Mint): Planter[] {
  const one = (x: Act, s?: string): Beat => stepBeat({ ...(s ? { say: s } : {}), acts: [x] });
  const sh = (cmd: string, stdout: string, s?: string, code = 0, stderr = ''): Beat =>
    one(
      {
        kind: 'shell',
        target: cmd,
        output: bash(stdout, stderr, code),
        ...(code ? { status: 'error' as const, exitCode: code } : {}),
      },
      s,
    );
  return [
    {
      kind: 'goal',
      how: 'user-request',
      at: 'open',
      plant() {
        const k = mint.word();
        const needle = `make the ${k} delivery screen work offline`;
        return {
          needle,
          key: k,
          text: say(
            r,
            `I need you to ${needle} — drivers lose signal in the underground car parks and the app just spins. Queue the status updates and send them when we're back online.`,
            `Can you ${needle}? Queued updates should sync when connectivity returns, in order.`,
          ),
          beats: [
            one(
              {
                kind: 'list',
                target: `lib/features/${k}`,
                output: ['data', 'view', 'providers.dart']
                  .map((n) => `drwxr-xr-x 1 501 20 ${r.int(96, 900)} Mar 3 10:12 ${a.root}/lib/features/${k}/${n}`)
                  .join('\n'),
              },
              `Let me look at how the ${k} feature is laid out first.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'goal',
      how: 'user-request',
      at: 'open',
      plant() {
        const k = mint.word();
        const needle = `migrate from provider to Riverpod, starting with the ${k} cart flow`;
        return {
          needle,
          key: k,
          text: `We want to ${needle}. Keep the widgets as they are where possible; the designers are mid-way through a redesign.`,
          beats: [],
        };
      },
    },
    {
      kind: 'goal',
      how: 'user-request',
      at: 'turn',
      plant() {
        const k = mint.word();
        const needle = `push notifications for ${k} order status changes via SNS`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `next: can you wire up ${needle}? Backend already publishes to a topic.` },
            one(
              {
                kind: 'extra',
                target: 'sns',
                tool: 'use_aws',
                args: {
                  service_name: 'sns',
                  operation_name: 'list-topics',
                  parameters: {},
                  region: a.region,
                  label: `Find the ${k} topic`,
                },
                output: bash(
                  JSON.stringify(
                    {
                      Topics: [
                        { TopicArn: `arn:aws:sns:${a.region}:${a.account}:${k}-order-status` },
                        { TopicArn: `arn:aws:sns:${a.region}:${a.account}:ops-alerts` },
                      ],
                    },
                    null,
                    2,
                  ),
                ),
              },
              `Looking for the SNS topic the backend uses for ${k} status changes.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'user-rule',
      at: 'open',
      plant() {
        const k = mint.word();
        const needle = `keep minSdkVersion at 23 for the ${k} scanners`;
        return {
          needle,
          key: k,
          text: `Please ${needle} — the warehouse still has those Zebra devices on Android 6.`,
          beats: [],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'tool-rules',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `All user-facing strings in the ${k} module go through AppLocalizations`;
        const doc = [
          '# Rules for Amazon Q',
          '',
          '- Use `flutter_riverpod` providers; no new `ChangeNotifier`s.',
          `- ${needle} (lib/l10n/*.arb); no hardcoded text, we ship in 9 languages.`,
          '- Do not run `flutter pub upgrade --major-versions` without asking.',
          '- Commit messages follow Conventional Commits.',
        ].join('\n');
        return {
          needle,
          key: k,
          beats: [
            one(
              { kind: 'read', target: '.amazonq/rules/conventions.md', output: doc },
              'Checking the project rules before adding UI text.',
            ),
            one(
              {
                kind: 'search',
                target: "Text('",
                where: `lib/features/${k.toLowerCase()}`,
                output: JSON.stringify([
                  {
                    file: `${a.root}/lib/features/${k.toLowerCase()}/view/summary_card.dart`,
                    line_number: 41,
                    context: "        Text('Delivered'), ",
                  },
                ]),
              },
              `One hardcoded string in the ${k} module — it has to move to the .arb files.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'user-aside',
      at: 'turn',
      plant() {
        const k = mint.word();
        const needle = `lib/generated/ is regenerated by ${k}_codegen, never edit it by hand`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `btw ${needle} — your last diff touched it` },
            sh(
              'git checkout -- lib/generated/ && git status --short',
              ' M lib/features/orders/view/orders_screen.dart',
              `Reverted my changes under lib/generated/; I'll change the ${k}_codegen templates instead if needed.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-content',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `drift (SQLite) for the ${k} offline queue rather than Hive`;
        return {
          needle,
          key: k,
          beats: [
            sh(
              'flutter pub deps --style=compact | grep -E "drift|hive|sqlite"',
              '- drift 2.20.3 [meta sqlite3 collection]\n- sqlite3_flutter_libs 0.5.24',
            ),
            sh(
              'flutter pub add drift_dev build_runner --dev',
              'Resolving dependencies...\nChanged 4 dependencies!',
              `We need to query the ${k} queue by status and order, so I'm using ${needle}; drift is already a dependency.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-commit',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `feat(${k}): debounce search with a 300ms Timer instead of rxdart`;
        return {
          needle,
          key: k,
          beats: [
            sh(
              `git add -A && git commit -m "${needle}"`,
              `[feature/${k}-search ${hex(r, 7)}] ${needle}\n 3 files changed, ${r.int(10, 60)} insertions(+), ${r.int(5, 40)} deletions(-)`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'user-choice',
      at: 'turn',
      plant() {
        const k = mint.word();
        const needle = `go with go_router for ${k}, not auto_route`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `let's ${needle}. one less code generator.` },
            one(
              {
                kind: 'search',
                target: 'AutoRoute',
                where: `lib/features/${k}`,
                output: JSON.stringify([
                  { file: `${a.root}/lib/features/${k}/router.dart`, line_number: 8, context: '@AutoRouterConfig()' },
                ]),
              },
              `OK — replacing the auto_route config in the ${k} feature with go_router routes.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-write',
      at: 'step',
      plant() {
        const k = mint.word();
        const path = `lib/features/${k}/data/${k}_queue.dart`;
        const text = `import 'package:drift/drift.dart';\n\npart '${k}_queue.g.dart';\n\nclass Pending${k.charAt(0).toUpperCase()}${k.slice(1)}Updates extends Table {\n  IntColumn get id => integer().autoIncrement()();\n  TextColumn get orderId => text()();\n  TextColumn get status => text()();\n  DateTimeColumn get queuedAt => dateTime()();\n}\n`;
        return {
          needle: path,
          key: k,
          beats: [
            one({ kind: 'write', target: path, text, output: '' }, `Creating ${path} with the queue table.`),
            sh(
              'dart run build_runner build --delete-conflicting-outputs',
              `[INFO] Generating build script completed, took 412ms\n[INFO] Succeeded after 18.3s with 12 outputs (61 actions)`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-edit',
      at: 'step',
      plant() {
        const k = mint.word();
        const path = `lib/features/${k}/view/${k}_screen.dart`;
        return {
          needle: path,
          key: k,
          beats: [
            {
              t: 'step',
              step: {
                acts: [
                  { kind: 'read', target: path, output: dartFile(r, 'DetailScreen', 60) },
                  {
                    kind: 'read',
                    target: `test/features/${k}_screen_test.dart`,
                    output:
                      "void main() {\n  testWidgets('shows retry', (tester) async {\n    await tester.pumpWidget(const App());\n  });\n}",
                  },
                ],
              },
            },
            one(
              {
                kind: 'edit',
                target: path,
                old: 'if (!mounted) return;',
                text: 'if (!context.mounted) return;',
                output: '',
              },
              `Fixing the async context use in ${path}.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'user-pointer',
      at: 'turn',
      plant() {
        const k = mint.word();
        const path = `test/widget/${k}_tile_test.dart`;
        return {
          needle: path,
          key: k,
          beats: [
            { t: 'user', text: `${path} is flaky on CI, can you see why` },
            one({
              kind: 'read',
              target: path,
              output:
                "void main() {\n  testWidgets('animates badge', (tester) async {\n    await tester.pumpWidget(const TileHarness());\n    await tester.pump(const Duration(milliseconds: 100));\n    expect(find.byType(Badge), findsOneWidget);\n  });\n}",
            }),
            one(
              {
                kind: 'edit',
                target: path,
                old: 'await tester.pump(const Duration(milliseconds: 100));',
                text: 'await tester.pumpAndSettle();',
                output: '',
              },
              'The test pumps a fixed 100ms while the animation is 250ms; waiting for it to settle.',
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-analyze',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `The method 'toJson' isn't defined for the type '${k}Order'`;
        const line = `  error • ${needle} • lib/features/orders/data/orders_repository.dart:${r.int(20, 200)}:${r.int(5, 40)} • undefined_method`;
        return {
          needle,
          key: k,
          beats: [
            sh('flutter analyze', analyze(r, [line]), undefined, 1),
            one(
              {
                kind: 'search',
                target: `class ${k}Order`,
                where: 'lib',
                output: JSON.stringify([
                  {
                    file: `${a.root}/lib/features/orders/domain/${k.toLowerCase()}_order.dart`,
                    line_number: 6,
                    context: `class ${k}Order with _$${k}Order {`,
                  },
                ]),
              },
              `${k}Order is a freezed class without the json part; the generated code is missing.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-test',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `test/${k}_sync_test.dart: replays queued updates in order [E]`;
        const fail = [
          `00:${r.int(10, 40)} +${r.int(20, 60)} -1: ${needle}`,
          "  Expected: ['picked_up', 'in_transit', 'delivered']",
          "    Actual: ['picked_up', 'delivered', 'in_transit']",
          "     Which: at location [1] is 'delivered' instead of 'in_transit'",
          '',
          '  package:matcher                 expect',
          `  test/${k}_sync_test.dart ${r.int(20, 90)}:7  main.<fn>.<fn>`,
          '',
        ];
        return {
          needle,
          key: k,
          beats: [
            sh('flutter test', testRun(r, fail), undefined, 1),
            one(
              {
                kind: 'read',
                target: `lib/features/${k}/data/sync_service.dart`,
                output:
                  'Future<void> flush() async {\n  final pending = await db.select(db.pending).get();\n  await Future.wait(pending.map(_send));\n}',
              },
              'Future.wait sends the queued updates concurrently, so they can arrive out of order.',
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-pub',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `Because ${k}_scanner >=2.1.0 depends on camera ^0.11.0`;
        const out = [
          'Resolving dependencies...',
          `${needle} and app depends on camera ^0.10.5, ${k}_scanner >=2.1.0 is forbidden.`,
          `So, because app depends on ${k}_scanner ^2.1.0, version solving failed.`,
          '',
          '',
          'You can try the following suggestion to make the pubspec resolve:',
          `* Consider downgrading your constraint on ${k}_scanner: flutter pub add ${k}_scanner:^2.0.4`,
        ];
        return {
          needle,
          key: k,
          beats: [
            sh(`flutter pub add ${k}_scanner:^2.1.0`, '', undefined, 1, out.join('\n')),
            sh(
              `flutter pub add ${k}_scanner:^2.0.4`,
              'Resolving dependencies...\nChanged 1 dependency!',
              `Pinning ${k}_scanner to 2.0.x until we can move camera to 0.11.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-aws',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `Function not found: arn:aws:lambda:${a.region}:${a.account}:function:${k}-sync`;
        return {
          needle,
          key: k,
          beats: [
            one({
              kind: 'extra',
              target: 'lambda',
              tool: 'use_aws',
              args: {
                service_name: 'lambda',
                operation_name: 'get-function',
                parameters: { 'function-name': `${k}-sync` },
                region: a.region,
                label: 'Inspect the sync function',
              },
              output: bash(
                '',
                `\nAn error occurred (ResourceNotFoundException) when calling the GetFunction operation: ${needle}\n`,
                254,
              ),
              status: 'error',
              exitCode: 254,
            }),
            one(
              {
                kind: 'extra',
                target: 'lambda',
                tool: 'use_aws',
                args: {
                  service_name: 'lambda',
                  operation_name: 'list-functions',
                  parameters: { 'max-items': 20 },
                  region: a.region,
                  label: 'List functions',
                },
                output: bash(
                  JSON.stringify(
                    { Functions: [{ FunctionName: `courier-${k}-sync-prod` }, { FunctionName: 'orders-api' }] },
                    null,
                    2,
                  ),
                ),
              },
              `The deployed name is courier-${k}-sync-prod; the app config points at the old name.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'user-value',
      at: 'open',
      plant() {
        const c = mint.code(9);
        const needle = `${a.region}_${c}`;
        return {
          needle,
          key: c,
          text: `The staging Cognito user pool is ${needle}, use that one for anything auth related.`,
          beats: [],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-apigw',
      at: 'step',
      plant() {
        const k = mint.word();
        const id = `${k.slice(0, 4)}${chars(r, 6, 'abcdefghijklmnopqrstuvwxyz0123456789')}`;
        const needle = `https://${id}.execute-api.${a.region}.amazonaws.com/prod`;
        return {
          needle,
          key: id,
          beats: [
            one({
              kind: 'extra',
              target: 'apigw',
              tool: 'use_aws',
              args: {
                service_name: 'apigateway',
                operation_name: 'get-rest-apis',
                parameters: {},
                region: a.region,
                label: 'Find the API endpoint',
              },
              output: bash(
                JSON.stringify(
                  { items: [{ id, name: 'courier-api', createdDate: '2024-06-11T10:12:00+00:00' }] },
                  null,
                  2,
                ),
              ),
            }),
            one(
              {
                kind: 'edit',
                target: 'lib/core/env/prod.dart',
                old: "const apiBase = 'https://api.example.invalid';",
                text: `const apiBase = '${needle}';`,
                output: '',
              },
              `The prod stage is at ${needle}; putting it in the prod env file.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-pubspec',
      at: 'step',
      plant() {
        const n = mint.num(7);
        const needle = `4.12.0+${n}`;
        return {
          needle,
          key: n,
          beats: [
            sh(
              "grep '^version:' pubspec.yaml && git tag --sort=-creatordate | head -3",
              `version: ${needle}\nv4.12.0\nv4.11.2\nv4.11.1`,
              'Checking the current build number before the store upload.',
            ),
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'agent-final',
      at: 'end',
      ending: 'answer',
      plant() {
        const k = mint.word();
        const needle = `upload the ${k} build to TestFlight once the signing certificate is renewed`;
        return {
          needle,
          key: k,
          beats: [
            sh('flutter test', testRun(r)),
            {
              t: 'answer',
              text: `All tests pass and the analyzer is clean. What's left: ${needle} — \`flutter build ipa\` fails until then.`,
            },
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'agent-content',
      at: 'end',
      ending: 'step',
      plant() {
        const k = mint.word();
        const needle = `regenerate the drift schema for ${k} and add a migration to version 3`;
        return {
          needle,
          key: k,
          beats: [
            sh(
              'git diff --stat',
              ` lib/features/orders/data/orders_dao.dart | 24 +++++++----\n 1 file changed, 16 insertions(+), 8 deletions(-)`,
              `The DAO change is in. Next I need to ${needle}, otherwise existing installs crash on open.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'user-final',
      at: 'end',
      ending: 'answer',
      plant() {
        const k = mint.word();
        const needle = `bump the ${k} flavor to 4.13.0`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `nice. after that, ${needle} and tag it, but wait for QA's ok first` },
            { t: 'answer', text: `Got it — I'll wait for QA, then ${needle} and tag the release.` },
          ],
        };
      },
    },
  ];
}

/** More planters of the Flutter session: a review comment, other choices, files, failures and values. */
function flutterMore(r: Rng, a: App, mint: Mint): Planter[] {
  const one = (x: Act, s?: string): Beat => stepBeat({ ...(s ? { say: s } : {}), acts: [x] });
  const sh = (cmd: string, stdout: string, s?: string, code = 0, stderr = ''): Beat =>
    one(
      {
        kind: 'shell',
        target: cmd,
        output: bash(stdout, stderr, code),
        ...(code ? { status: 'error' as const, exitCode: code } : {}),
      },
      s,
    );
  return [
    {
      kind: 'constraint',
      how: 'tool-review',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `don't add new packages to ${k}_core without a design review`;
        const pr = r.int(200, 480);
        const view = [
          `feat: offline queue #${pr}`,
          `Open • sam wants to merge 6 commits into main from feature/offline`,
          '',
          '———————— Comments ————————',
          '',
          `priya (Member) • 1d • Changes requested`,
          `Please ${needle} — it's shared with the kiosk app and every dependency there ships twice.`,
          '',
          `jonas (Member) • 20h`,
          'LGTM otherwise.',
        ];
        return {
          needle,
          key: k,
          beats: [
            sh(`gh pr view ${pr} --comments`, view.join('\n')),
            sh(
              `git diff main -- packages/${k}_core/pubspec.yaml`,
              `+  connectivity_plus: ^6.0.5`,
              `The review blocks new dependencies in ${k}_core; moving connectivity_plus to the app package instead.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-content',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `freezed union for the ${k} sync state instead of an enum plus nullable fields`;
        return {
          needle,
          key: k,
          beats: [
            one(
              {
                kind: 'read',
                target: `lib/features/${k}/domain/sync_state.dart`,
                output: `enum SyncStatus { idle, syncing, failed }\n\nclass SyncState {\n  final SyncStatus status;\n  final String? error;\n  final int? pending;\n  const SyncState(this.status, {this.error, this.pending});\n}`,
              },
              `Half the fields are only valid in one status. I'm switching to a ${needle}, so the UI has to handle every case.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-write',
      at: 'step',
      plant() {
        const k = mint.word();
        const path = `integration_test/${k}_flow_test.dart`;
        const text = `import 'package:flutter_test/flutter_test.dart';\nimport 'package:integration_test/integration_test.dart';\nimport 'package:courier_app/main.dart' as app;\n\nvoid main() {\n  IntegrationTestWidgetsFlutterBinding.ensureInitialized();\n  testWidgets('${k} flow survives airplane mode', (tester) async {\n    app.main();\n    await tester.pumpAndSettle();\n  });\n}\n`;
        return {
          needle: path,
          key: k,
          beats: [
            one({ kind: 'write', target: path, text, output: '' }, `Adding an end-to-end test at ${path}.`),
            sh(`flutter test ${path} -d emulator-5554`, `00:41 +1: All tests passed!`),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-gradle',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `Duplicate class com.${k}.scanner.Decoder found in modules`;
        const err = [
          '',
          'FAILURE: Build failed with an exception.',
          '',
          '* What went wrong:',
          "Execution failed for task ':app:checkReleaseDuplicateClasses'.",
          '> A failure occurred while executing com.android.build.gradle.internal.tasks.CheckDuplicatesRunnable',
          `   > ${needle} ${k}-scanner-2.0.4.aar -> ${k}-scanner-2.0.4-runtime (com.${k}:scanner:2.0.4) and ${k}-legacy-1.9.0.jar (com.${k}:legacy:1.9.0)`,
          '',
          '* Try:',
          '> Run with --stacktrace option to get the stack trace.',
          '',
          'BUILD FAILED in 1m 12s',
          'Gradle task assembleRelease failed with exit code 1',
        ];
        return {
          needle,
          key: k,
          beats: [
            sh(
              'flutter build apk --release --flavor staging',
              buildLog(r, r.int(3000, 9000)),
              undefined,
              1,
              err.join('\n'),
            ),
            sh(
              `cd android && ./gradlew app:dependencies --configuration releaseRuntimeClasspath | grep ${k}`,
              `+--- com.${k}:scanner:2.0.4\n\\--- com.${k}:legacy:1.9.0`,
              `The old ${k} legacy jar is still listed in android/app/build.gradle next to the plugin.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-cognito',
      at: 'step',
      plant() {
        const k = mint.code(10).toLowerCase();
        const id = `${k}${chars(r, 16, 'abcdefghijklmnopqrstuvwxyz0123456789')}`;
        return {
          needle: id,
          key: k,
          beats: [
            one(
              {
                kind: 'extra',
                target: 'cognito',
                tool: 'use_aws',
                args: {
                  service_name: 'cognito-idp',
                  operation_name: 'list-user-pool-clients',
                  parameters: { 'user-pool-id': `${a.region}_staging`, 'max-results': 10 },
                  region: a.region,
                  label: 'Find the app client',
                },
                output: bash(
                  JSON.stringify(
                    {
                      UserPoolClients: [
                        { ClientId: id, UserPoolId: `${a.region}_staging`, ClientName: 'courier-mobile' },
                        {
                          ClientId: chars(r, 26, 'abcdefghijklmnopqrstuvwxyz0123456789'),
                          UserPoolId: `${a.region}_staging`,
                          ClientName: 'courier-admin-web',
                        },
                      ],
                    },
                    null,
                    2,
                  ),
                ),
              },
              'The mobile app needs the app client id of the staging pool.',
            ),
          ],
        };
      },
    },
  ];
}
