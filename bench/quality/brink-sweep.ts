/**
 * The sweep harness of the brink family (brink.ts): a Sweep-like coding agent that writes its work
 * as XML blocks in its message — `<read_file path="…"/>`, `<create_file path="…">…</create_file>`,
 * `<modify_file path="…">` with `<<<<<<< SEARCH`/`>>>>>>> REPLACE` hunks, `<run_check name="…">`
 * commands, several in one message — and gets back one `<check_results>` message holding a
 * `<result>` block per request, CI logs pasted as they came. A TypeScript pnpm/turbo monorepo for a
 * rural bus-booking service (turbo's prefixed task logs, tsc `TS2345`, vitest failure blocks,
 * eslint's stylish output, Playwright's failure reports) for an Irish-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  cap,
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

const ROOT = '/home/aoife/tionscadail/tuath';
const PKGS = ['@tuath/core', '@tuath/ui', '@tuath/web', '@tuath/api'];
const SRC = [
  'packages/core/src/fare.ts',
  'packages/core/src/timetable.ts',
  'packages/ui/src/SeatPicker.tsx',
  'apps/web/src/routes/booking.tsx',
  'apps/api/src/handlers/bookings.ts',
  'packages/core/src/fare.test.ts',
];

const TS = [
  `import { z } from 'zod';\nimport type { Stop, Zone } from './timetable';`,
  `export const Booking = z.object({\n  route: z.string(),\n  from: z.string(),\n  to: z.string(),\n  seats: z.number().int().positive(),\n  student: z.boolean().default(false),\n});\nexport type Booking = z.infer<typeof Booking>;`,
  `export function fare(zones: number, opts: { student?: boolean } = {}): number {\n  const base = 250 + zones * 180;\n  return opts.student ? Math.round(base * 0.8) : base;\n}`,
  `export function SeatPicker({ seats, onPick }: SeatPickerProps) {\n  return (\n    <ul role="listbox" aria-label="Suíocháin">\n      {seats.map((s) => (\n        <li key={s.id} role="option" aria-selected={s.taken}>{s.label}</li>\n      ))}\n    </ul>\n  );\n}`,
  `export const createBooking: Handler = async (req, res) => {\n  const body = Booking.parse(req.body);\n  const id = await db.bookings.insert(body);\n  res.status(201).json({ id });\n};`,
  `describe('fare', () => {\n  it('charges per zone', () => {\n    expect(fare(2)).toBe(610);\n  });\n});`,
];

function turbo(task: string, pkgs: string[], body: (p: string) => string, failed?: string): string {
  const head = `• Packages in scope: ${PKGS.join(', ')}\n• Running ${task} in ${pkgs.length} packages\n• Remote caching disabled`;
  const logs = pkgs.map((p) => body(p)).join('\n');
  const n = pkgs.length;
  if (!failed)
    return `${head}\n${logs}\n\n Tasks:    ${n} successful, ${n} total\nCached:    ${Math.max(0, n - 1)} cached, ${n} total\n  Time:    ${(1 + n * 0.9).toFixed(3)}s \n`;
  return `${head}\n${logs}\n\n Tasks:    ${n - 1} successful, ${n} total\nCached:    0 cached, ${n} total\n  Time:    ${(2 + n).toFixed(3)}s \nFailed:    ${failed}#${task}\n\n ERROR  run failed: command  exited (1)`;
}

function ok2(p: string, task: string, rng: Rng): string {
  return `${p}:${task}: cache ${rng.chance(0.5) ? 'hit, replaying logs' : 'miss, executing'} ${hex(rng, 16)}\n${p}:${task}: \n${p}:${task}: > ${p}@0.${rng.int(1, 9)}.0 ${task} ${ROOT}/${p.includes('web') || p.includes('api') ? 'apps' : 'packages'}/${p.split('/')[1] as string}\n${p}:${task}: > ${task === 'typecheck' ? 'tsc --noEmit' : task === 'lint' ? 'eslint . --max-warnings 0' : 'vitest run'}\n${p}:${task}: `;
}

function check(name: string, command: string, output: string, code = 0): BrinkCall {
  return code === 0
    ? ok('run_check', { name, command }, output, 0)
    : fail('run_check', { name, command }, output, code);
}

function read(rng: Rng, path: string, n: number): BrinkCall {
  return ok(
    'read_file',
    { path },
    numberLines(pieces(rng, TS, n), 1, (k, l) => `${k} ${l}`),
  );
}

function vitestOk(rng: Rng): string {
  const files = rng.int(6, 14);
  const tests = rng.int(30, 90);
  return ` ✓ src/fare.test.ts (${rng.int(4, 12)} tests) ${rng.int(3, 40)}ms\n ✓ src/timetable.test.ts (${rng.int(4, 12)} tests) ${rng.int(3, 40)}ms\n\n Test Files  ${files} passed (${files})\n      Tests  ${tests} passed (${tests})\n   Start at  ${rng.int(9, 17)}:${rng.int(10, 59)}:${rng.int(10, 59)}\n   Duration  ${dur(rng, 0.6, 4)}s (transform ${rng.int(80, 400)}ms, setup 0ms, collect ${rng.int(200, 900)}ms, tests ${rng.int(20, 200)}ms, environment 0ms, prepare ${rng.int(100, 500)}ms)`;
}

function sweepNoise(rng: Rng): BrinkStep {
  const r = rng.int(0, 7);
  if (r === 0)
    return one(
      undefined,
      check(
        'typecheck',
        'pnpm turbo run typecheck',
        turbo('typecheck', some(rng, PKGS, rng.int(2, 4)), (p) => ok2(p, 'typecheck', rng)),
      ),
    );
  if (r === 1)
    return one(
      undefined,
      check(
        'test',
        'pnpm turbo run test --filter=@tuath/core',
        turbo('test', ['@tuath/core'], (p) => `${ok2(p, 'test', rng)}\n${vitestOk(rng).replace(/^/gm, `${p}:test: `)}`),
      ),
    );
  if (r === 2) {
    const [a, b] = rng.sample(SRC, 2) as [string, string];
    return many(undefined, [read(rng, a, rng.int(2, 3)), read(rng, b, rng.int(2, 3))]);
  }
  if (r === 3)
    return one(
      undefined,
      check(
        'lint',
        'pnpm turbo run lint',
        turbo('lint', some(rng, PKGS, rng.int(2, 4)), (p) => ok2(p, 'lint', rng)),
      ),
    );
  if (r === 4)
    return many(undefined, [
      check(
        'typecheck',
        'pnpm turbo run typecheck --filter=@tuath/web',
        turbo('typecheck', ['@tuath/web'], (p) => ok2(p, 'typecheck', rng)),
      ),
      check(
        'test',
        'pnpm turbo run test --filter=@tuath/ui',
        turbo('test', ['@tuath/ui'], (p) => `${ok2(p, 'test', rng)}\n${vitestOk(rng).replace(/^/gm, `${p}:test: `)}`),
      ),
    ]);
  if (r === 5)
    return one(
      undefined,
      check(
        'git',
        'git status --short',
        some(rng, SRC, rng.int(1, 3))
          .map((f) => ` M ${f}`)
          .join('\n'),
      ),
    );
  if (r === 6)
    return one(
      undefined,
      check(
        'e2e',
        'pnpm --filter @tuath/web exec playwright test --project=chromium',
        `\nRunning ${rng.int(8, 16)} tests using 4 workers\n\n${lines(rng.int(3, 6), () => `  ✓  ${rng.int(1, 16)} [chromium] › e2e/${rng.pick(['booking', 'timetable', 'seats'])}.spec.ts:${rng.int(5, 80)}:${rng.int(3, 9)} › ${rng.pick(['shows the timetable', 'picks a seat', 'books a return', 'switches to Irish'])} (${dur(rng, 0.4, 4, 1)}s)`)}\n\n  ${rng.int(8, 16)} passed (${dur(rng, 5, 30, 1)}s)`,
      ),
    );
  if (rng.chance(0.5)) return one(undefined, read(rng, rng.pick(SRC), rng.int(2, 4)));
  const [search, replace] = rng.pick([
    ['  const base = 250 + zones * 180;', '  const base = BASE_CENTS + zones * ZONE_CENTS;'],
    ['    <ul role="listbox" aria-label="Suíocháin">', '    <ul role="listbox" aria-label={t(\'seats.label\')}>'],
    ['  res.status(201).json({ id });', '  res.status(201).json({ id, totalCents: fare(body.zones, body) });'],
  ] as const);
  const path = search.includes('base') ? SRC[0] : search.includes('listbox') ? SRC[2] : SRC[4];
  return many('Small edit, then the typecheck.', [
    ok('modify_file', { path, search, replace }, `Applied 1 of 1 hunks to ${path ?? ''}`),
    check(
      'typecheck',
      'pnpm turbo run typecheck',
      turbo('typecheck', some(rng, PKGS, rng.int(2, 3)), (p) => ok2(p, 'typecheck', rng)),
    ),
  ]);
}

function sweepBig(rng: Rng): BrinkStep {
  if (rng.chance(0.5))
    return one(
      undefined,
      check(
        'deps',
        'pnpm why zod -r',
        lines(
          rng.int(560, 640),
          () =>
            `${'│ '.repeat(rng.int(0, 3))}${rng.chance(0.3) ? '└─' : '├─'} ${rng.pick(['zod', '@trpc/server', 'react-hook-form', '@hookform/resolvers', 'drizzle-zod', 'vitest', 'vite', 'esbuild'])} ${rng.int(0, 5)}.${rng.int(0, 30)}.${rng.int(0, 12)}`,
        ),
      ),
    );
  return one(
    undefined,
    check(
      'build',
      'pnpm turbo run build --verbosity=2',
      lines(
        rng.int(480, 540),
        () =>
          `${rng.pick(PKGS)}:build: ${rng.pick([`dist/${rng.pick(['index', 'fare', 'chunk-' + hex(rng, 8)])}.js  ${dur(rng, 0.2, 90)} kB │ gzip: ${dur(rng, 0.1, 30)} kB`, `vite v5.4.${rng.int(1, 11)} building for production...`, `✓ ${rng.int(40, 900)} modules transformed.`, `[turbo] hashing ${hex(rng, 16)}`])}`,
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
        const needle = `ticéid fillte don bhealach ${t}, le lascaine 20% do mhic léinn`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Dia duit! Tá an tionscadal i ~/tionscadail/tuath — monorepo TypeScript (pnpm, turbo; @tuath/core, @tuath/ui, apps/web, apps/api) do sheirbhís bus tuaithe. Teastaíonn uaim ${needle}. Ritheann CI typecheck, lint, test agus Playwright.`,
            },
            {
              step: many('I will start by reading the fare code and its tests.', [
                read(rng, 'packages/core/src/fare.ts', 2),
                read(rng, 'packages/core/src/fare.test.ts', 1),
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
        const needle = `leathanach /${t} a thaispeánann an t-amchlár as Gaeilge agus as Béarla`;
        return { how: 'user-followup', needle, beats: [{ user: `An chéad tasc eile: ${needle}.` }] };
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
            (x) => `ní cheadaítear 'any' in ${x}`,
            (x) => `caithfidh gach téacs in ${x} teacht ón gcomhad aistriúcháin, gan teaghráin chrua`,
            (x) => `ná cuir spleáchas nua le ${x}`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Riail amháin: ${needle}.`,
                `Cuimhnigh — ${needle}; d'aontaíomar air sin san athbhreithniú.`,
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `'no-restricted-imports': ['error', { patterns: ['@tuath/${t}/*'] }]`;
        return {
          how: 'tool-config',
          needle,
          beats: [
            {
              step: one(
                'The lint rules decide how the web app may import from the packages.',
                ok(
                  'read_file',
                  { path: 'eslint.config.js' },
                  numberLines(
                    `import tseslint from 'typescript-eslint';\n\nexport default tseslint.config(\n  ...tseslint.configs.strict,\n  {\n    rules: {\n      ${needle},\n      '@typescript-eslint/no-explicit-any': 'error',\n    },\n  },\n);`,
                    1,
                    (k, l) => `${k} ${l}`,
                  ),
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
            (x) => `I'm putting the ${x} discount rules in @tuath/core so web and api share one implementation`,
            (x) => `Chosen: ${x} prices stay integer cents end to end, formatted only in the UI`,
            (x) => `Socraithe: beidh ${x} ina discriminated union de réir chineál an ticéid`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}.`,
                ok(
                  'create_file',
                  {
                    path: `packages/core/src/${t}.ts`,
                    content: `export type ${cap(t)} = { kind: 'single' } | { kind: 'return'; days: number };\n`,
                  },
                  `Created packages/core/src/${t}.ts`,
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
        const needle = `bíonn ticéad fillte ${t} bailí ar feadh 30 lá`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Shocraíomar: ${needle}.`, `Déanaimis mar seo é: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `apps/web/e2e/${t}-return.spec.ts`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('Adding an end-to-end test for the return ticket, then running it.', [
                ok(
                  'create_file',
                  {
                    path: needle,
                    content: `import { test, expect } from '@playwright/test';\n\ntest('books a return', async ({ page }) => {\n  await page.goto('/booking');\n  await page.getByLabel('Fillte').check();\n  await expect(page.getByText('€')).toBeVisible();\n});\n`,
                  },
                  `Created ${needle}`,
                ),
                check(
                  'e2e',
                  `pnpm --filter @tuath/web exec playwright test e2e/${t}-return.spec.ts`,
                  `\nRunning 1 test using 1 worker\n\n  ✓  1 [chromium] › e2e/${t}-return.spec.ts:3:5 › books a return (${dur(rng, 0.8, 3, 1)}s)\n\n  1 passed (${dur(rng, 2, 6, 1)}s)`,
                ),
              ]),
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
        const needle = `src/routes/booking.tsx(${rng.int(20, 120)},${rng.int(5, 40)}): error TS2345: Argument of type 'string | undefined' is not assignable to parameter of type '${cap(t)}Id'.`;
        const out = turbo(
          'typecheck',
          ['@tuath/core', '@tuath/web'],
          (p) =>
            p === '@tuath/web'
              ? `${ok2(p, 'typecheck', rng)}\n${p}:typecheck: ${needle}\n${p}:typecheck:  ELIFECYCLE  Command failed with exit code 2.\n${p}:typecheck: ERROR: command finished with error: command (${ROOT}/apps/web) /usr/local/bin/pnpm run typecheck exited (2)`
              : ok2(p, 'typecheck', rng),
          '@tuath/web',
        );
        return {
          how: 'tool-tsc',
          needle,
          beats: [
            { step: one(undefined, check('typecheck', 'pnpm turbo run typecheck', out, 1)) },
            {
              step: one(
                `The route param can be undefined; ${cap(t)}Id needs a guard first.`,
                read(rng, 'apps/web/src/routes/booking.tsx', 2),
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
        const needle = `FAIL  src/fare.test.ts > fare > ${t} return is discounted for students`;
        const out = ` ${needle}\nAssertionError: expected 1220 to be 976 // Object.is equality\n\n- Expected\n+ Received\n\n- 976\n+ 1220\n\n ❯ src/fare.test.ts:${rng.int(20, 60)}:${rng.int(20, 40)}\n\n⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[1/1]⎯\n\n Test Files  1 failed | ${rng.int(5, 12)} passed (${rng.int(6, 13)})\n      Tests  1 failed | ${rng.int(30, 80)} passed (${rng.int(31, 81)})\n   Duration  ${dur(rng, 0.8, 3)}s`;
        return {
          how: 'tool-vitest',
          needle,
          beats: [
            { step: one(undefined, check('test', 'pnpm --filter @tuath/core exec vitest run', out, 1)) },
            {
              step: one(
                'The student rate is applied before the return multiplier, not after.',
                read(rng, 'packages/core/src/fare.ts', 2),
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
        const needle = `Locator: getByRole('heading', { name: 'Ticéad ${t}' })`;
        const out = `\nRunning ${rng.int(8, 14)} tests using 4 workers\n\n  1) [chromium] › e2e/booking.spec.ts:${rng.int(10, 60)}:5 › booking › pays for a return ──────────\n\n    Error: Timed out 5000ms waiting for expect(locator).toBeVisible()\n\n    ${needle}\n    Expected: visible\n    Received: <element(s) not found>\n    Call log:\n      - expect.toBeVisible with timeout 5000ms\n      - waiting for getByRole('heading', { name: 'Ticéad ${t}' })\n\n    Error Context: test-results/booking-pays-for-a-return-chromium/error-context.md\n\n  1 failed\n    [chromium] › e2e/booking.spec.ts › booking › pays for a return\n  ${rng.int(7, 13)} passed (${dur(rng, 8, 30, 1)}s)`;
        return {
          how: 'tool-playwright',
          needle,
          beats: [{ step: one(undefined, check('e2e', 'pnpm --filter @tuath/web exec playwright test', out, 1)) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `'${t}' is assigned a value but never used  @typescript-eslint/no-unused-vars`;
        const out = `\n${ROOT}/packages/ui/src/SeatPicker.tsx\n  ${rng.int(5, 60)}:${rng.int(3, 20)}  error  ${needle}\n\n✖ 1 problem (1 error, 0 warnings)\n`;
        return {
          how: 'tool-eslint',
          needle,
          beats: [
            { step: one(undefined, check('lint', 'pnpm --filter @tuath/ui exec eslint . --max-warnings 0', out, 1)) },
          ],
        };
      },
    },
  ],
  value: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('num');
        const needle = `"bookingId":"bk_${t}"`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                check(
                  'smoke',
                  `curl -s -X POST localhost:3001/bookings -H 'content-type: application/json' -d '{"route":"R-12","from":"Béal an Mhuirthead","to":"Béal Átha an Fheadha","seats":1,"student":true}'`,
                  `{${needle},"totalCents":976,"returnValidUntil":"2025-07-30"}`,
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
        const needle = `TUA-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Is é an ticéad ${needle}; cuir i dteachtaireacht an commit é.` }],
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
            (x) => `Remaining: translate the ${x} strings into locales/ga.json`,
            (x) => `Next I still need to add a changeset for @tuath/core covering ${x}`,
            (x) => `Fós le déanamh: tástáil Playwright do ${x} ar WebKit`,
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
                check(
                  'git',
                  'git add -A && git commit -qm "core: return tickets" && git log --oneline -1',
                  `${hex(rng, 7)} core: return tickets`,
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
        const needle = `cuir scéal Storybook le haghaidh ${t} leis`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Go raibh maith agat. Ar deireadh: ${needle}.` },
            {
              step: one(`Adding a ${cap(t)} story next to SeatPicker.`, read(rng, 'packages/ui/src/SeatPicker.tsx', 2)),
            },
          ],
        };
      },
    },
  ],
};

/** One request as the agent writes it. */
function block(c: BrinkCall): string {
  const a = c.args as Record<string, string>;
  if (c.tool === 'read_file') return `<read_file path="${a['path'] ?? ''}"/>`;
  if (c.tool === 'create_file') return `<create_file path="${a['path'] ?? ''}">\n${a['content'] ?? ''}</create_file>`;
  if (c.tool === 'modify_file')
    return `<modify_file path="${a['path'] ?? ''}">\n<<<<<<< SEARCH\n${a['search'] ?? ''}\n=======\n${a['replace'] ?? ''}\n>>>>>>> REPLACE\n</modify_file>`;
  return `<run_check name="${a['name'] ?? ''}">${a['command'] ?? ''}</run_check>`;
}

/** One result as the runner returns it. */
function result(c: BrinkCall): string {
  const a = c.args as Record<string, string>;
  const what = c.tool === 'run_check' ? `check="${a['name'] ?? ''}"` : `path="${a['path'] ?? ''}"`;
  const status = c.status === 'ok' ? 'success' : 'failure';
  return `<result tool="${c.tool}" ${what} status="${status}"${c.exitCode === undefined ? '' : ` exit_code="${c.exitCode}"`}>\n${c.output}\n</result>`;
}

/** The sweep harness. */
export const BRINK_SWEEP: BrinkHarness = {
  style: 'sweep',
  protocol: 'text',
  system: `You are a brilliant and meticulous engineer assigned to write code for the user's request in the repository ${ROOT}: a pnpm workspace built with turbo (packages/core, packages/ui, apps/web on Vite + React, apps/api on Fastify), TypeScript strict, vitest, eslint (typescript-eslint strict), Playwright.\n\nTo act, write XML blocks in your message; several blocks may be written together and run in order:\n<read_file path="..."/>\n<create_file path="...">full contents</create_file>\n<modify_file path="...">\n<<<<<<< SEARCH\nexact lines\n=======\nnew lines\n>>>>>>> REPLACE\n</modify_file>\n<run_check name="typecheck|lint|test|e2e|...">shell command</run_check>\n\nThe runner replies with <check_results> holding one <result> per block. When done, answer without blocks. The user writes in Irish.`,
  tools: ['read_file', 'create_file', 'modify_file', 'run_check'],
  renderStep: (s) => `${s.say ? `${s.say}\n\n` : ''}${s.calls.map(block).join('\n')}`,
  renderResults: (s) => `<check_results>\n${s.calls.map(result).join('\n')}\n</check_results>`,
  resultStart: /^<check_results>\n/,
  callMark: /^<(?:read_file|create_file|modify_file|run_check) /gm,
  resultMark: /^<result tool="/gm,
  noise: sweepNoise,
  big: sweepBig,
  followUp: (rng) =>
    rng.pick([
      'An éiríonn leis na tástálacha?',
      'Cad a deir eslint?',
      'Rith pnpm turbo run test arís, le do thoil.',
      'Mínigh go hachomair cad a d’athraigh tú.',
      'Ceart go leor, cad eile?',
      'An bhfuil typecheck glan?',
    ]),
  keepGoing: (rng) =>
    rng.pick(['Lean ar aghaidh.', 'Lean ort, ná stop.', 'Lean ar aghaidh go dtí go n-éireoidh le gach tástáil.']),
  answer: (rng) =>
    rng.pick([
      `Déanta: turbo typecheck, lint agus test glan; ${rng.int(40, 90)} tástáil ag éirí leo.`,
      'Done: every package typechecks, lint is clean and the Playwright suite passes on Chromium.',
      'Ceartaithe. Tá rabhadh amháin eslint fágtha in apps/api nach mbaineann leis an athrú seo.',
      'Achoimre: tógann na pacáistí athraithe agus éiríonn le gach tástáil.',
    ]),
  probe: (rng) => rng.pick(['Lean ar aghaidh.', 'Lean ar aghaidh ón áit ar stop tú.', 'Agus anois?']),
  planters: PLANTERS,
};
