/**
 * A home-grown coding agent on DeepSeek's chat template, where tool calls are the model's own
 * markers written into its text (`<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>name`
 * and a ```json arguments block, several calls at once) and the results come back as
 * `<｜tool▁outputs▁begin｜><｜tool▁output▁begin｜>…<｜tool▁output▁end｜>…`. The project is a React
 * Native app on Expo SDK 51 with expo-router, Jest and EAS Build/Update; the user writes in Arabic.
 */
import {
  beat,
  fact,
  buried,
  cap,
  colTable,
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

const APP = '/home/dev/dukkan';
const FILES = [
  'app/(tabs)/index.tsx',
  'app/(tabs)/orders.tsx',
  'app/cart.tsx',
  'app/product/[id].tsx',
  'components/ProductCard.tsx',
  'components/PriceTag.tsx',
  'lib/api.ts',
  'lib/i18n.ts',
  'app.config.ts',
];
const COMPONENTS = ['ProductCard', 'PriceTag', 'CartRow', 'OrderTimeline', 'SearchBar', 'RtlText'];

function bash(command: string, output: string, exit = 0): DeepCall {
  return exit === 0 ? ok('bash', { command }, output) : fail('bash', { command }, output, exit);
}

function tsx(rng: Rng, name: string, extra = ''): string {
  const comp = cap(name.replace(/.*\/|\.tsx?$|\[|\]/g, '').replace(/[^a-zA-Z]/g, '') || 'Screen');
  const uses = rng.sample(COMPONENTS, rng.int(1, 3));
  return `import { View, FlatList, I18nManager } from 'react-native';\nimport { useQuery } from '@tanstack/react-query';\n${uses.map((u) => `import { ${u} } from '@/components/${u}';`).join('\n')}\nimport { api } from '@/lib/api';\n${extra}\nexport default function ${comp}() {\n  const { data, isLoading } = useQuery({ queryKey: ['${comp.toLowerCase()}'], queryFn: api.${rng.pick(['products', 'orders', 'cart'])} });\n  if (isLoading) return null;\n  return (\n    <View style={{ flex: 1, direction: I18nManager.isRTL ? 'rtl' : 'ltr' }}>\n      <FlatList data={data} renderItem={({ item }) => <${uses[0]} item={item} />} />\n    </View>\n  );\n}\n`;
}

function jestPass(rng: Rng): string {
  const suites = rng.int(8, 30);
  const tests = suites * rng.int(3, 8);
  return `${lines(Math.min(suites, 6), (i) => `PASS  __tests__/${['cart', 'api', 'i18n', 'price', 'orders', 'search'][i]}.test.tsx`)}\n\nTest Suites: ${suites} passed, ${suites} total\nTests:       ${tests} passed, ${tests} total\nSnapshots:   ${rng.int(0, 12)} passed, ${rng.int(12, 20)} total\nTime:        ${rng.int(3, 30)}.${rng.int(100, 999)} s\nRan all test suites.`;
}

function doctor(rng: Rng, pass: boolean): string {
  const checks = [
    'Check package.json for common issues',
    'Check native tooling versions',
    'Check dependencies for packages that should not be installed directly',
    'Check for issues with Metro config',
    'Check Expo config (app.json/ app.config.js) schema',
    'Check that packages match versions required by installed Expo SDK',
    'Check for legacy global CLI installed locally',
  ];
  if (pass) return `${checks.map((c) => `✔ ${c}`).join('\n')}\n\nDidn't find any issues with the project!`;
  return `${checks
    .slice(0, 5)
    .map((c) => `✔ ${c}`)
    .join(
      '\n',
    )}\n✖ ${checks[5]}\n✔ ${checks[6]}\n\nDetailed check results:\n\nThe following packages should be updated for best compatibility with the installed expo version:\n  react-native-screens@3.29.0 - expected version: 3.31.1\n  expo-image@1.10.${rng.int(0, 5)} - expected version: ~1.12.9\nYour project may not work correctly until you install the expected versions of the packages.\nFound outdated dependencies\nAdvice: Use 'npx expo install --check' to review and upgrade your dependencies.\n\nOne or more checks failed, indicating possible issues with the project.`;
}

function gradle(rng: Rng, n: number): string {
  const mods = [
    'app',
    'expo-modules-core',
    'react-native-reanimated',
    'react-native-screens',
    'expo-image',
    'react-native-gesture-handler',
  ];
  const tasks = [
    'preBuild',
    'generateReleaseBuildConfig',
    'compileReleaseKotlin',
    'compileReleaseJavaWithJavac',
    'mergeReleaseResources',
    'processReleaseManifest',
    'bundleReleaseJsAndAssets',
    'mergeReleaseNativeLibs',
  ];
  return lines(
    n,
    (i) =>
      `[RUN_GRADLEW] > Task :${mods[(i * 3) % mods.length]}:${tasks[i % tasks.length]}${rng.chance(0.3) ? ' UP-TO-DATE' : rng.chance(0.1) ? ' NO-SOURCE' : ''}`,
  );
}

function logcat(rng: Rng, n: number): string {
  return lines(n, (i) => {
    const t = `06-${pad(rng.int(1, 28))} ${pad(rng.int(0, 23))}:${pad(i % 60)}:${pad(rng.int(0, 59))}.${pad(rng.int(0, 999), 3)}`;
    return `${t}  ${rng.int(9000, 9999)}  ${rng.int(9000, 9999)} ${rng.pick(['I ReactNativeJS', 'W ReactNativeJS', 'I ReactNative', 'D EGL_emulation'])}: ${rng.pick(
      [
        "'[cart] hydrate', 3, 'items'",
        'Running "main" with {"rootTag":11,"initialProps":{}}',
        "'[query] orders fetched in', 212, 'ms'",
        'ReactInstanceManager.createReactContextFromBundleLoader()',
        'app_time_stats: avg=9.81ms min=2.01ms max=48.20ms count=60',
      ],
    )}`;
  });
}

function noise(rng: Rng): DeepStep {
  switch (rng.int(0, 10)) {
    case 0:
      return one('أتحقق من سلامة المشروع أولاً.', bash('npx expo-doctor', doctor(rng, rng.chance(0.6)), 0));
    case 1: {
      const f = rng.pick(FILES);
      return one(undefined, ok('read_file', { path: f }, tsx(rng, f)));
    }
    case 2:
      return many('Type check and tests together.', [
        bash('npx tsc --noEmit', ''),
        bash('npx jest --ci --silent', jestPass(rng)),
      ]);
    case 3:
      return one(
        undefined,
        ok(
          'list_dir',
          { path: rng.pick(['app', 'components', 'lib']) },
          rng.sample([...FILES, ...COMPONENTS.map((c) => `components/${c}.tsx`)], rng.int(4, 10)).join('\n'),
        ),
      );
    case 4:
      return one(
        'Checking recent EAS builds.',
        bash(
          'eas build:list --limit 5 --non-interactive',
          lines(
            5,
            (i) =>
              `ID                    ${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}\nPlatform              ${i % 2 ? 'iOS' : 'Android'}\nStatus                ${rng.pick(['finished', 'finished', 'errored', 'canceled'])}\nProfile               ${rng.pick(['preview', 'production'])}\nApp version           1.4.${rng.int(0, 6)}\nSDK version           51.0.0\nStarted by            dukkan-ci\n`,
          ),
        ),
      );
    case 5:
      return one(
        undefined,
        bash(
          'git log --oneline -12',
          lines(
            12,
            (i) =>
              `${hex(rng, 7)} ${['fix(cart): RTL padding', 'feat(orders): timeline', 'chore: expo 51.0.14', 'i18n: ar strings', 'fix: android back handler', 'ci: eas preview on PR'][i % 6]}`,
          ),
        ),
      );
    case 6:
      return one(
        'Web export to check the bundle compiles.',
        bash(
          'npx expo export --platform web',
          `Starting Metro Bundler\nStatic rendering is enabled. Learn more: https://docs.expo.dev/router/reference/static-rendering/\nWeb Bundled ${rng.int(1500, 9000)}ms node_modules/expo-router/entry.js (${rng.int(1200, 2400)} modules)\n\n› web bundles (2):\n_expo/static/js/web/entry-${hex(rng, 32)}.js (${rng.int(1, 4)}.${rng.int(10, 99)} MB)\n\n› Static routes (${rng.int(6, 14)}):\n/ (${rng.int(10, 40)} kB)\n/cart (${rng.int(10, 40)} kB)\n\nExported: dist`,
        ),
      );
    case 7:
      return one(
        'Device logs while opening the cart.',
        bash('adb logcat -d -t 40 ReactNativeJS:V ReactNative:V *:S', logcat(rng, 40)),
      );
    case 8:
      return one(
        undefined,
        bash(
          'npx tsc --noEmit',
          `${lines(
            rng.int(1, 3),
            () =>
              `${rng.pick(FILES)}(${rng.int(5, 120)},${rng.int(3, 40)}): error TS${rng.pick(['2322', '2345', '7006'])}: ${rng.pick(
                [
                  "Type 'string | undefined' is not assignable to type 'string'.",
                  "Parameter 'item' implicitly has an 'any' type.",
                  "Argument of type 'number' is not assignable to parameter of type 'string'.",
                ],
              )}`,
          )}`,
          2,
        ),
      );
    case 9:
      return one(
        'Lint.',
        bash(
          'npx eslint . --ext .ts,.tsx',
          rng.chance(0.5)
            ? ''
            : `\n${APP}/components/PriceTag.tsx\n  14:7  warning  'locale' is assigned a value but never used  @typescript-eslint/no-unused-vars\n\n✖ 1 problem (0 errors, 1 warning)\n`,
        ),
      );
    default:
      return one(
        'The installed versions of the native modules:',
        bash(
          'npx expo install --check',
          rng.chance(0.5)
            ? 'Dependencies are up to date'
            : 'The following packages should be updated for best compatibility with the installed expo version:\n  expo-image@1.10.6 - expected version: ~1.12.9\nYour project may not work correctly until you install the expected versions of the packages.',
          rng.chance(0.5) ? 0 : 1,
        ),
      );
  }
}

function big(rng: Rng): DeepStep {
  if (rng.chance(0.5))
    return one(
      'The full Gradle phase of the last Android build:',
      bash(`eas build:view --json | jq -r '.logFiles[]' | head -1 | xargs curl -s`, gradle(rng, rng.int(420, 600))),
    );
  return one(
    'Device log for the whole session:',
    bash('adb logcat -d ReactNativeJS:V ReactNative:V *:S', logcat(rng, rng.int(220, 320))),
  );
}

const HI = ['مرحبا،', 'السلام عليكم،', 'أهلاً،', 'هلا،'];

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    planter(true, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `الدفع بـ ${w}Pay داخل التطبيق`;
      return fact(needle, 'user-request', [
        {
          user: `${rng.pick(HI)} تطبيق دكّان مبني على Expo SDK 51 و expo-router. المطلوب: ${needle} في شاشة السلة، مع رجوع صحيح لو ألغى المستخدم. لازم يشتغل على iOS و Android، والواجهة عربية (RTL).`,
        },
      ]);
    }),
    planter(true, ({ rng, mint }) => {
      const n = mint('num');
      const needle = `offline cart sync (DUK-${n})`;
      return fact(needle, 'user-ticket', [
        {
          user: `هذي التذكرة من Linear:\n\nDUK-${n} · Offline cart sync\nPriority: High · Cycle ${rng.int(10, 30)}\nWhen the phone loses network, items added to the cart disappear after relaunch. Cart must persist locally and sync when back online; conflicts resolved server-side.\n\nأبغاك تشتغل على ${needle}. ابدأ بقراءة lib/api.ts.`,
        },
        beat(
          undefined,
          ok(
            'read_file',
            { path: 'lib/api.ts' },
            `import axios from 'axios';\n\nexport const client = axios.create({ baseURL: process.env.EXPO_PUBLIC_API_URL });\n\nexport const api = {\n  products: () => client.get('/products').then((r) => r.data),\n  cart: () => client.get('/cart').then((r) => r.data),\n};\n`,
          ),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = mint('word');
      const needle = `dukkan://${w}/`;
      return fact(needle, 'user-terse', [
        { user: `الروابط ${needle}<id> لازم تفتح صفحة المنتج مباشرة، حتى لو التطبيق مقفول.` },
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `Push notifications open the wrong tab on ${w}`;
      return fact(needle, 'tool-issue', [
        beat(
          'Next open issue in the milestone:',
          bash(
            `gh issue view ${rng.int(100, 400)}`,
            `title:\t${needle}\nstate:\tOPEN\nauthor:\tnoura-qa\nlabels:\tbug, notifications\n--\nTapping an order-status push opens Home instead of Orders. Repro on Android 14 cold start.`,
          ),
        ),
      ]);
    }),
  ],
  constraint: [
    planter(true, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `${w}Charts`;
      return fact(needle, 'user-rule', [
        {
          user: `تنبيه: لا تحدّث react-native-reanimated فوق 3.10، مكتبة ${needle} تنكسر معها. ${rng.pick(['جربناها الشهر الماضي.', 'هذا قرار الفريق.'])}`,
        },
      ]);
    }),
    planter(false, ({ mint }) => {
      const w = mint('word');
      const needle = `${w} interceptor`;
      return fact(needle, 'tool-rules', [
        beat(
          'Reading the repo rules before I change networking code.',
          ok(
            'read_file',
            { path: 'AGENT_RULES.md' },
            `# Rules for coding agents\n\n1. Every API call goes through lib/api.ts and the ${needle} (it refreshes tokens and adds Accept-Language).\n2. No inline styles for margins: use start/end, never left/right (RTL).\n3. Strings live in locales/ar.json and locales/en.json.\n`,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `OTA updates for ${w} users depend on it`;
      return fact(needle, 'tool-comment', [
        beat(
          undefined,
          ok(
            'read_file',
            { path: 'app.config.ts' },
            `import { ExpoConfig } from 'expo/config';\n\nconst config: ExpoConfig = {\n  name: 'دكّان',\n  slug: 'dukkan',\n  version: '1.4.${rng.int(0, 6)}',\n  // runtimeVersion policy must stay 'appVersion': ${needle}\n  runtimeVersion: { policy: 'appVersion' },\n  updates: { url: 'https://u.expo.dev/${hex(rng, 8)}-${hex(rng, 4)}-4${hex(rng, 3)}-a${hex(rng, 3)}-${hex(rng, 12)}' },\n};\n\nexport default config;\n`,
          ),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = mint('word');
      const needle = `com.dukkan.${w}`;
      return fact(needle, 'user-aside', [
        { user: `ملاحظة: الـ bundle identifier لازم يبقى ${needle} زي ما هو، لا تغيّره في app.config.ts.` },
      ]);
    }),
  ],
  decision: [
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `expo-secure-store for the ${w} token`;
      return fact(needle, 'agent-prose', [
        beat(
          `AsyncStorage is not encrypted, so I'll use ${needle} and keep AsyncStorage only for the cart cache.`,
          bash(
            'npx expo install expo-secure-store',
            `› Installing 1 SDK 51.0.0 compatible native module using npm\n> npm install\n\nadded 1 package, and audited ${rng.int(1200, 1500)} packages in ${rng.int(3, 12)}s\n\nfound 0 vulnerabilities`,
          ),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = cap(mint('word'));
      const needle = `use${w}Store`;
      return fact(needle, 'user-choice', [
        { user: `خلينا نستخدم Zustand مو Redux، والـ store اسمه ${needle}.` },
        beat(
          'OK, Zustand. Checking it is not installed already.',
          bash('npm ls zustand', `dukkan@1.4.0 ${APP}\n└── (empty)`, 1),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `EAS Update channel ${w}`;
      return fact(needle, 'tool-notes', [
        beat(
          'Writing the rollout decision down.',
          ok(
            'write_file',
            {
              path: 'docs/decisions.md',
              content: `## ${new Date(Date.UTC(2024, 5, rng.int(1, 28))).toISOString().slice(0, 10)} staged rollout\nWe ship JS-only fixes through ${needle} at 10%, then promote. Store builds only for native changes.\n`,
            },
            'ok',
          ),
        ),
      ]);
    }),
  ],
  file: [
    planter(false, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const path = `components/${w}Sheet.tsx`;
      return fact(path, 'tool-write', [
        beat(undefined, ok('write_file', { path, content: tsx(rng, path) }, 'ok')),
        beat('Type check after adding the sheet.', bash('npx tsc --noEmit', '')),
      ]);
    }),
    planter(true, ({ rng, mint }) => {
      const w = mint('word');
      const path = `app/(tabs)/${w}.tsx`;
      return fact(path, 'user-path', [
        { user: `الشاشة اللي فيها المشكلة هي ${path}، شوفها.` },
        beat(undefined, ok('read_file', { path }, tsx(rng, path))),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const path = `lib/${w}Sync.ts`;
      return fact(path, 'tool-diff', [
        beat(
          undefined,
          bash(
            'git diff --stat HEAD',
            ` app/cart.tsx     | ${rng.int(4, 30)} ++++--\n lib/api.ts       | ${rng.int(4, 30)} +++++-\n ${path} | ${rng.int(40, 140)} ++++++++++\n 3 files changed, ${rng.int(60, 200)} insertions(+), ${rng.int(2, 20)} deletions(-)`,
          ),
        ),
      ]);
    }),
  ],
  error: [
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `Property '${w}' does not exist on type 'OrderResponse'`;
      return fact(needle, 'tool-tsc', [
        beat(
          undefined,
          bash(
            'npx tsc --noEmit',
            `app/(tabs)/orders.tsx(${rng.int(10, 90)},${rng.int(5, 40)}): error TS2339: ${needle}.\nlib/api.ts(${rng.int(10, 90)},7): error TS2322: Type 'string | undefined' is not assignable to type 'string'.\n  Type 'undefined' is not assignable to type 'string'.`,
            2,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `Cart › ${w} coupon applies once`;
      const total = rng.int(60, 200);
      return fact(needle, 'tool-jest', [
        beat(
          'Running the tests.',
          bash(
            'npx jest --ci',
            `PASS  __tests__/api.test.tsx\nPASS  __tests__/i18n.test.tsx\nFAIL  __tests__/cart.test.tsx\n  ● ${needle}\n\n    expect(received).toBe(expected) // Object.is equality\n\n    Expected: 90\n    Received: 80\n\n      ${rng.int(20, 60)} |     applyCoupon(cart, code);\n      ${rng.int(61, 70)} |     applyCoupon(cart, code);\n    > ${rng.int(71, 80)} |     expect(total(cart)).toBe(90);\n         |                         ^\n\n      at Object.toBe (__tests__/cart.test.tsx:${rng.int(71, 80)}:25)\n\nPASS  __tests__/price.test.tsx\n\nTest Suites: 1 failed, ${rng.int(8, 20)} passed, ${rng.int(9, 21)} total\nTests:       1 failed, ${total - 1} passed, ${total} total\nSnapshots:   12 passed, 12 total\nTime:        ${rng.int(5, 20)}.${rng.int(100, 999)} s\nRan all test suites.`,
            1,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `Unable to resolve module @/hooks/use${w}`;
      return fact(needle, 'tool-metro', [
        beat(
          'Bundling for Android to see what Metro says.',
          bash(
            'npx expo export --platform android',
            `Starting Metro Bundler\nAndroid Bundling failed ${rng.int(800, 5000)}ms node_modules/expo-router/entry.js (${rng.int(900, 1900)} modules)\n${needle} from ${APP}/app/(tabs)/index.tsx: \n\nNone of these files exist:\n  * hooks/use${w}(.android.ts|.native.ts|.ts|.android.tsx|.native.tsx|.tsx|.android.js|.native.js|.js)\n  * hooks/use${w}/index(.android.ts|.native.ts|.ts|.android.tsx|.native.tsx|.tsx)\n  ${rng.int(1, 9)} | import { View } from 'react-native';\n> ${rng.int(10, 19)} | import { use${w} } from '@/hooks/use${w}';\n    |                           ^`,
            1,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `Execution failed for task ':react-native-${w}:compileReleaseKotlin'`;
      return fact(needle, 'tool-eas', [
        beat(
          'Android release build on EAS.',
          bash(
            'eas build --platform android --profile production --non-interactive --wait',
            buried(
              rng,
              rng.int(40, 90),
              () => gradle(rng, 1),
              `[RUN_GRADLEW] e: file:///home/expo/workingdir/build/node_modules/react-native-${w}/android/src/main/java/com/${w}/Module.kt:${rng.int(10, 99)}:${rng.int(5, 30)} Unresolved reference: currentActivity\n[RUN_GRADLEW] > Task :react-native-${w}:compileReleaseKotlin FAILED\n[RUN_GRADLEW] FAILURE: Build failed with an exception.\n[RUN_GRADLEW] * What went wrong:\n[RUN_GRADLEW] ${needle}.\n[RUN_GRADLEW] > A failure occurred while executing org.jetbrains.kotlin.compilerRunner.GradleCompilerRunnerWithWorkers$GradleKotlinCompilerWorkAction`,
              `[RUN_GRADLEW] BUILD FAILED in ${rng.int(2, 9)}m ${rng.int(1, 59)}s\nError: Gradle build failed with unknown error. See logs for the "Run gradlew" phase for more information.\n🤖 Android build failed`,
            ),
            1,
          ),
        ),
      ]);
    }),
    planter(true, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `TypeError: Cannot read property '${w}' of undefined`;
      return fact(needle, 'user-paste', [
        {
          user: `Sentry يطلع هذا الكراش عند ناس كثير:\n\n${needle}\n  at OrderTimeline (components/OrderTimeline.tsx:${rng.int(10, 80)}:${rng.int(5, 30)})\n  at renderWithHooks (node_modules/react-native/Libraries/Renderer/implementations/ReactFabric-prod.js:${rng.int(1000, 9000)})\n\nOS: Android 14 · release 1.4.${rng.int(0, 6)} (${rng.int(100, 200)})`,
        },
        beat(
          undefined,
          ok('read_file', { path: 'components/OrderTimeline.tsx' }, tsx(rng, 'components/OrderTimeline.tsx')),
        ),
      ]);
    }),
  ],
  pending: [
    planter(false, ({ mint }) => {
      const w = mint('word');
      const needle = `submit to TestFlight after the ${w} review`;
      return fact(needle, 'agent-next', [
        beat(
          `Everything builds. Still open: ${needle} — that needs your App Store Connect access, so I'm leaving it in NEXT.md.`,
          ok('write_file', { path: 'NEXT.md', content: `- [ ] ${needle}\n` }, 'ok'),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = mint('word');
      const needle = `شاشة ${w} للتقييمات`;
      return fact(needle, 'user-later', [
        { user: `تمام. بعدها نبغى ${needle}، بس مو الحين.` },
        beat(
          'Noted; checking what screens exist for later.',
          ok('list_dir', { path: 'app' }, '(tabs)\ncart.tsx\nproduct\n_layout.tsx\n+not-found.tsx'),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `eas update --branch ${w} --message`;
      return fact(needle, 'tool-todo', [
        beat('Recording the publish step that is left and checking branches.', [
          ok(
            'write_file',
            { path: 'RELEASE.md', content: `1. ${needle} "cart sync"\n2. watch Sentry for 1 h\n` },
            'ok',
          ),
          bash(
            'eas branch:list --non-interactive',
            colTable(
              ['Branch', 'Latest update'],
              [
                ['production', `${hex(rng, 8)}`],
                ['preview', `${hex(rng, 8)}`],
              ],
            ),
          ),
        ]),
      ]);
    }),
  ],
  value: [
    planter(false, ({ rng, mint }) => {
      const h = mint('hex');
      const id = `${h}-${hex(rng, 4)}-4${hex(rng, 3)}-${hex(rng, 4)}-${hex(rng, 12)}`;
      return fact(id, 'tool-build', [
        beat(
          'Starting the preview build.',
          bash(
            'eas build --platform ios --profile preview --non-interactive --no-wait',
            `✔ Using remote iOS credentials (Expo server)\n\nBuild details: https://expo.dev/accounts/dukkan/projects/dukkan/builds/${id}\n\nBuild queued...\n\nWaiting in priority queue\n|■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■| \n\n✔ Build queued`,
          ),
        ),
        beat(
          undefined,
          bash(
            `eas build:view ${id}`,
            `ID                    ${id}\nPlatform              iOS\nStatus                in progress\nProfile               preview`,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const h = mint('hex');
      const group = `${h}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}`;
      return fact(group, 'tool-update', [
        beat(
          'Publishing the JS fix to preview.',
          bash(
            'eas update --branch preview --message "cart rtl fix" --non-interactive',
            `[expo-cli] Starting Metro Bundler\n[expo-cli] Android Bundled ${rng.int(3000, 9000)}ms\n[expo-cli] iOS Bundled ${rng.int(3000, 9000)}ms\n✔ Exported bundle(s)\n✔ Uploaded ${rng.int(2, 40)} app assets\n✔ Channel: preview pointed at branch: preview\n✔ Published!\n\nBranch             preview\nRuntime version    1.4.0\nPlatform           android, ios\nUpdate group ID    ${group}\nMessage            cart rtl fix\nEAS Dashboard      https://expo.dev/accounts/dukkan/projects/dukkan/updates/${group}`,
          ),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const c = mint('code');
      const needle = `${c}9K2L`;
      return fact(needle, 'user-id', [
        { user: `الـ Apple Team ID حقنا ${needle}، حطه في eas.json لو احتجته.` },
        beat(
          undefined,
          ok(
            'read_file',
            { path: 'eas.json' },
            '{\n  "cli": { "version": ">= 10.0.0" },\n  "build": {\n    "preview": { "distribution": "internal" },\n    "production": { "autoIncrement": true }\n  },\n  "submit": { "production": { "ios": {} } }\n}\n',
          ),
        ),
      ]);
    }),
  ],
};

const CALL = (c: DeepCall) =>
  `<｜tool▁call▁begin｜>function<｜tool▁sep｜>${c.tool}\n\`\`\`json\n${JSON.stringify(c.args)}\n\`\`\`<｜tool▁call▁end｜>`;

export const DEEP_SEEK: DeepHarness = {
  style: 'seek',
  protocol: 'text',
  system: `You are a senior React Native engineer working in ${APP} (Expo SDK 51, expo-router 3, TypeScript, Jest, EAS). Use the tools to inspect and change the project. Reply in the user's language; code and commit messages in English.

## Tools

### bash
Run a shell command in the project directory. Parameters: {"command": string}
### read_file
Parameters: {"path": string}
### write_file
Parameters: {"path": string, "content": string}
### list_dir
Parameters: {"path": string}`,
  tools: ['bash', 'read_file', 'write_file', 'list_dir'],
  renderStep: (s) =>
    `${s.say ? `${s.say}\n\n` : ''}<｜tool▁calls▁begin｜>${s.calls.map(CALL).join('\n')}<｜tool▁calls▁end｜>`,
  renderResults: (s) =>
    `<｜tool▁outputs▁begin｜>${s.calls.map((c) => `<｜tool▁output▁begin｜>${c.output}<｜tool▁output▁end｜>`).join('\n')}<｜tool▁outputs▁end｜>`,
  resultPrefix: '<｜tool▁outputs▁begin｜>',
  noise,
  big,
  followUp: (rng) =>
    rng.pick([
      'تمام، كمل.',
      'شغّل الاختبارات مرة ثانية لو سمحت.',
      'طيب وش صار في expo-doctor؟',
      'الواجهة بالعربي تطلع صح؟ تأكد من RTL.',
      'ممتاز. وش الخطوة الجاية؟',
      'خلّك على نفس الفرع.',
    ]),
  keepGoing: (rng) => rng.pick(['كمل.', 'استمر بدون ما توقف.', 'continue']),
  answer: (rng) =>
    rng.pick([
      'خلصت هذا الجزء: tsc و jest نظيفين، و expo-doctor ما فيه مشاكل جديدة.',
      'The change is in; the web export and the Android bundle both compile. Nothing else failing.',
      'تم. جربت على المحاكي والشاشة تطلع صح من اليمين لليسار.',
      'Done for now — the two lint warnings in PriceTag are old ones.',
    ]),
  probe: (rng) =>
    rng.pick([
      'لخّص لي الوضع: وش طلبت، وش قررنا، أي ملفات تغيّرت، وش الأخطاء اللي طلعت، والقيم المهمة (build IDs وغيرها)، ووش باقي.',
      'قبل ما نقفل: اكتب ملخص كامل للشغل والخطوة الجاية.',
    ]),
  planters: PLANTERS,
};
