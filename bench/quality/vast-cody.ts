/**
 * The cody harness of the vast family (vast.ts): a Sourcegraph-Cody-like agent served through
 * Bedrock (`tooluse_…` call ids) with native tools — `run_terminal_command`, `get_file` answered as a
 * Cody context item (```typescript:path …```), `code_search` taking Sourcegraph query syntax
 * (`repo:… file:… lang:…`) and answering with repository › file hits, `edit_file` and
 * `create_file`. A Deno 2 / Fresh storefront (deno check with TS codes, deno test, deno lint, Deno KV,
 * deployctl), for an English-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  chars,
  dur,
  fail,
  firstLine,
  hex,
  lines,
  many,
  ok,
  one,
  say,
  type Planter,
  type VastCall,
  type VastHarness,
  type VastStep,
} from './vast-kit';

const ROOT = '/home/sam/src/larder';
const REPO = 'github.com/larder-co/larder';
const FILES = [
  'routes/index.tsx',
  'routes/api/cart.ts',
  'islands/CartButton.tsx',
  'lib/db.ts',
  'lib/cart.ts',
  'tests/cart_test.ts',
];

function term(command: string, output: string, exitCode = 0): VastCall {
  return exitCode === 0
    ? ok('run_terminal_command', { command }, output, 0)
    : fail('run_terminal_command', { command }, output, exitCode);
}

function ts(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `export async function getCart${i}(kv: Deno.Kv, id: string): Promise<Cart | null> {`,
      `  const res = await kv.get<Cart>(["cart", id]);`,
      `  return res.value;`,
      '}',
      `import { Handlers, PageProps } from "$fresh/server.ts";`,
      `import { assertEquals } from "jsr:@std/assert";`,
      `// ${rng.pick(['Prices are integer cents.', 'KV keys: ["cart", id] and ["stock", sku].', 'Deno Deploy caps KV values at 64 KiB.'])}`,
      '',
      `  const count = useSignal(props.initial);`,
      `export const handler: Handlers<Cart> = {`,
    ]),
  );
}

function denoTest(rng: Rng, failure = '', failName = ''): string {
  const n = rng.int(8, 40);
  const names = lines(
    rng.int(3, 8),
    () =>
      `${rng.pick(['adds item', 'removes item', 'empty cart total is zero', 'rounds cents', 'rejects unknown sku'])} ... ok (${rng.int(1, 30)}ms)`,
  );
  const head = `running ${rng.int(3, 9)} tests from ./tests/cart_test.ts\n${names}`;
  return failure
    ? `${head}\n${failName} ... FAILED (${rng.int(1, 30)}ms)\n\n ERRORS \n\n${failure}\n\n FAILURES \n\n${failName} => ./tests/cart_test.ts:${rng.int(10, 90)}:6\n\nFAILED | ${n - 1} passed | 1 failed (${rng.int(100, 900)}ms)\n\nerror: Test failed`
    : `${head}\n\nok | ${n} passed | 0 failed (${rng.int(100, 900)}ms)`;
}

function codyNoise(rng: Rng): VastStep {
  const r = rng.int(0, 7);
  if (r === 0) return one(undefined, term('deno test -A', denoTest(rng)));
  if (r === 1) {
    const [a, b] = rng.sample(FILES, 2) as [string, string];
    return many(rng.pick(['Pulling both files into context.', undefined]), [
      ok('get_file', { path: a }, ts(rng, rng.int(10, 40))),
      ok('get_file', { path: b }, ts(rng, rng.int(8, 25))),
    ]);
  }
  if (r === 2)
    return one(
      undefined,
      term(
        'deno task check',
        `Task check deno fmt --check && deno lint && deno check main.ts dev.ts\nChecked ${rng.int(30, 60)} files\nChecked ${rng.int(30, 60)} files\nCheck file://${ROOT}/main.ts\nCheck file://${ROOT}/dev.ts`,
      ),
    );
  if (r === 3) {
    const q = rng.pick(['kv.atomic', 'useSignal', 'Handlers<', '["stock"']);
    return one(
      undefined,
      ok(
        'code_search',
        { query: `repo:^${REPO.replace(/\./g, '\\.')}$ ${q} lang:typescript` },
        `${rng.int(3, 9)} results\n${lines(rng.int(3, 8), () => `${REPO} › ${rng.pick(FILES)}:${rng.int(3, 200)}\n    ${firstLine(ts(rng, 3)).trim()}`)}`,
      ),
    );
  }
  if (r === 4) {
    const clean = rng.chance(0.5);
    const f = rng.pick(FILES);
    return one(
      undefined,
      term(
        'deno lint',
        clean
          ? `Checked ${rng.int(30, 60)} files`
          : `error[prefer-const]: \`total\` is never reassigned\n --> ${ROOT}/${f}:${rng.int(5, 90)}:7\n   | \n${rng.int(5, 90)} |   let total = 0;\n   |       ^^^^^\n   = hint: Use \`const\` instead\n\n  docs: https://docs.deno.com/lint/rules/prefer-const\n\n\nFound 1 problem\nChecked ${rng.int(30, 60)} files`,
        clean ? 0 : 1,
      ),
    );
  }
  if (r === 5)
    return many(undefined, [
      term(
        'git status --short',
        lines(rng.int(1, 3), () => ` M ${rng.pick(FILES)}`),
      ),
      term(
        'git log --oneline -3',
        lines(
          3,
          () => `${hex(rng, 7)} ${rng.pick(['cart: cents', 'kv: stock keys', 'islands: CartButton', 'deps: std 1.0'])}`,
        ),
      ),
    ]);
  if (r === 6)
    return one(
      undefined,
      term(
        'deno task build',
        `Task build deno run -A dev.ts build\nThe manifest has been generated for ${rng.int(8, 20)} routes and ${rng.int(2, 6)} islands.\nAssets written to: ${ROOT}/_fresh`,
      ),
    );
  return one(
    undefined,
    term(
      'deno test -A',
      `error: JSR package manifest for '@std/http' failed to load. Import 'https://jsr.io/@std/http/meta.json' failed.\n    0: error sending request for url (https://jsr.io/@std/http/meta.json): client error (Connect): dns error: failed to lookup address information: Temporary failure in name resolution\n    at file://${ROOT}/deno.json:1:1`,
      1,
    ),
  );
}

function codyBig(rng: Rng): VastStep {
  if (rng.chance(0.5))
    return one(
      'Dumping the KV stock table to check the migration.',
      term(
        'deno run -A --unstable-kv scripts/dump_stock.ts',
        `${lines(rng.int(480, 600), (i) => `[ "stock", "SKU-${String(i).padStart(5, '0')}" ] { qty: ${rng.int(0, 400)}, reserved: ${rng.int(0, 20)}, updatedAt: 2025-03-${rng.int(10, 28)}T${rng.int(10, 23)}:${rng.int(10, 59)}:00.000Z }`)}\n${rng.int(480, 600)} entries`,
      ),
    );
  return one(undefined, ok('get_file', { path: 'lib/cart.ts' }, ts(rng, rng.int(430, 530))));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `persist abandoned carts for the ${t} reminder flow in Deno KV`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Hey Cody — repo is ~/src/larder, a Deno 2 + Fresh 1.7 storefront. I need you to ${needle}; right now carts vanish when the session cookie expires. Leave the Tailwind config alone.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `a /api/${t} endpoint that returns stock levels as JSON`;
        return { how: 'user-followup', needle, beats: [{ user: `Next up: ${needle}, cached for 30 seconds.` }] };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `make the ${t} island work without JavaScript`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Another one: ${needle} — a plain form POST is fine as the fallback.` }],
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
            (x) => `nothing in ${x} imports from npm: — JSR only`,
            (x) => `${x} stays JSR-only, no npm: specifiers`,
            (x) => `keep npm: specifiers out of ${x}`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: `One ground rule: ${needle}. We deploy to Deno Deploy and keep the module graph small.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `//  * islands/${cap(t)}.tsx: never reads Deno.env (islands ship to the browser)`;
        return {
          how: 'tool-denojsonc',
          needle,
          beats: [
            {
              step: one(
                'Checking the house rules in deno.jsonc first.',
                ok(
                  'get_file',
                  { path: 'deno.jsonc' },
                  `{\n  // House rules:\n  //  * prices are integer cents everywhere\n${needle}\n  //  * KV keys are tuples, first element is the collection\n  "lock": true,\n  "tasks": {\n    "check": "deno fmt --check && deno lint && deno check main.ts dev.ts",\n    "build": "deno run -A dev.ts build",\n    "start": "deno run -A --watch=static/,routes/ dev.ts"\n  },\n  "imports": {\n    "$fresh/": "https://deno.land/x/fresh@1.7.${rng.int(1, 3)}/",\n    "preact": "https://esm.sh/preact@10.22.0",\n    "@std/assert": "jsr:@std/assert@^1.0.${rng.int(4, 9)}"\n  }\n}`,
                ),
              ),
            },
            {
              step: one(
                `So ${cap(t)}.tsx can't touch Deno.env; confirming it doesn't today.`,
                ok(
                  'code_search',
                  { query: `repo:^${REPO.replace(/\./g, '\\.')}$ file:islands/${cap(t)}\\.tsx Deno.env` },
                  '0 results',
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
            (x) => `Going with kv.atomic() and a versionstamp check for ${x}`,
            (x) => `${x} writes go through kv.atomic() with a versionstamp check`,
            (x) => `Picking atomic versionstamp checks over a lock key for ${x}`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle} — two tabs updating the same cart must not lose an item.`,
                ok(
                  'edit_file',
                  {
                    path: 'lib/db.ts',
                    oldText: '  await kv.set(["cart", id], cart);',
                    newText: `  const ${t} = await kv.atomic().check(current).set(["cart", id], cart).commit();\n  if (!${t}.ok) throw new ConflictError(id);`,
                  },
                  'Applied 1 edit to lib/db.ts',
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
        const needle = `key ${t} by user id, not by session`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Talked it over with Priya: ${needle}.`, `OK, settle it this way — ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `routes/api/${t}.ts`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'Adding the route.',
                ok(
                  'create_file',
                  { path: needle, content: `import { Handlers } from "$fresh/server.ts";\n\n${ts(rng, 6)}\n` },
                  `Created ${needle}`,
                ),
              ),
            },
            { step: one(undefined, term(`deno check ${needle}`, `Check file://${ROOT}/${needle}`)) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tests/${t}_test.ts`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'edit_file',
                  {
                    path: needle,
                    oldText: 'Deno.test.ignore("merges quantities"',
                    newText: 'Deno.test("merges quantities"',
                  },
                  `Applied 1 edit to ${needle}`,
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
        const line = rng.int(10, 120);
        const needle = `TS2339 [ERROR]: Property '${t}' does not exist on type 'CartLine'.`;
        const out = `Check file://${ROOT}/main.ts\nerror: ${needle}\n  return line.${t} * line.qty;\n              ${'~'.repeat(t.length)}\n    at file://${ROOT}/lib/cart.ts:${line}:15\n\nTS2345 [ERROR]: Argument of type 'string | undefined' is not assignable to parameter of type 'string'.\n  Type 'undefined' is not assignable to type 'string'.\n  const cart = await getCart(kv, ctx.params.id);\n                                 ~~~~~~~~~~~~~\n    at file://${ROOT}/routes/api/cart.ts:${rng.int(10, 60)}:34\n\nFound 2 errors.`;
        return {
          how: 'tool-denocheck',
          needle,
          beats: [
            { step: one(undefined, term('deno check main.ts', out, 1)) },
            {
              step: one(
                `CartLine has no ${t}; the field is priceCents. Reading the type.`,
                ok('get_file', { path: 'lib/cart.ts' }, ts(rng, 12)),
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
        const name = `${t} merges quantities`;
        const needle = `${name} ... FAILED`;
        const failure = `${name} => ./tests/cart_test.ts:${rng.int(10, 90)}:6\nerror: AssertionError: Values are not equal.\n\n\n    [Diff] Actual / Expected\n\n\n-   3\n+   5\n\n  throw new AssertionError(message);\n        ^\n    at assertEquals (https://jsr.io/@std/assert/1.0.8/equals.ts:64:9)\n    at file://${ROOT}/tests/cart_test.ts:${rng.int(10, 90)}:3`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 40 : 2,
          (i) =>
            `Download https://jsr.io/@std/assert/1.0.8/${rng.pick(['equals', 'assert', 'fail', 'almost_equals'])}.ts (${i})`,
          '',
          denoTest(rng, failure, name),
        );
        return {
          how: 'tool-denotest',
          needle,
          beats: [
            { step: one(undefined, term('deno test -A', out, 1)) },
            {
              step: one(
                `"${name}" gets 3: addItem overwrites qty instead of adding.`,
                ok('get_file', { path: 'lib/cart.ts' }, ts(rng, 10)),
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
        const needle = `https://larder-${t}${hex(rng, 4)}.deno.dev`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                term(
                  'deployctl deploy --project=larder --entrypoint=main.ts',
                  `ℹ Using config file '${ROOT}/deno.jsonc'\n✔ Deploying to project larder.\n✔ Entrypoint: ${ROOT}/main.ts\nℹ Uploading all files from the current dir (${ROOT})\n✔ Found ${rng.int(60, 140)} assets.\n✔ Uploaded ${rng.int(2, 20)} new assets.\n✔ Preview deployment complete.\n\nView at:\n - ${needle}`,
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
        const needle = `LAR-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Linear ticket is ${needle} — put it in the branch name and the PR title.` }],
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
            (x) => `Next up: cover ${x} in tests/e2e_test.ts`,
            (x) => `Left to do — an e2e test for ${x} in tests/e2e_test.ts`,
            (x) => `Remaining: e2e coverage of ${x} (tests/e2e_test.ts)`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Check, lint and unit tests are green.\n${needle}\nThen a preview deploy.`,
                ok('code_search', { query: `repo:^${REPO.replace(/\./g, '\\.')}$ file:tests/ ${t}` }, '0 results'),
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
        const needle = `bump the ${t} cache key before deploying`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Nice. Before you wrap up: ${needle}.` },
            { step: one(`Noted (${t}). Checking the tree first.`, term('git status --short', ' M lib/db.ts')) },
          ],
        };
      },
    },
  ],
};

/** The cody harness. */
export const VAST_CODY: VastHarness = {
  style: 'cody',
  protocol: 'native',
  system:
    "You are Cody, an AI coding assistant from Sourcegraph. You are working in the repository github.com/larder-co/larder, checked out at /home/sam/src/larder.\n\nYou have tools to search code with Sourcegraph query syntax, read files, edit and create files, and run terminal commands (each command needs the user's approval). Gather context before editing; prefer small edits; after each change run `deno task check` and `deno test -A`.\n\nProject: Deno 2.1, Fresh 1.7, Preact signals, Deno KV (--unstable-kv), deployed with deployctl to Deno Deploy.",
  tools: ['run_terminal_command', 'get_file', 'code_search', 'edit_file', 'create_file'],
  callId: (rng) => `tooluse_${chars(rng, 22)}`,
  wrap: (c) => {
    if (c.tool === 'get_file')
      return `\`\`\`${String(c.args['path']).endsWith('c') ? 'jsonc' : 'typescript'}:${String(c.args['path'])}\n${c.output}\n\`\`\``;
    if (c.tool === 'run_terminal_command')
      return `<terminal_output exit_code="${c.exitCode ?? 0}">\n${c.output}\n</terminal_output>`;
    return c.output;
  },
  noise: codyNoise,
  big: codyBig,
  followUp: (rng) =>
    rng.pick([
      'Are the tests green now?',
      'What does deno lint say?',
      'Run deno test again, please.',
      'Quick summary of what you changed?',
      "OK, what's next?",
    ]),
  keepGoing: (rng) => rng.pick(['Keep going.', 'Carry on.', 'Continue until deno task check passes.']),
  answer: (rng) =>
    rng.pick([
      `Done with that step: deno check is clean and ${rng.int(8, 40)} tests pass.`,
      'Fixed; one prefer-const lint left in a file I did not touch.',
      'Summary: the changed modules type-check and the unit tests are green.',
      `Done (${dur(rng, 1, 9, 1)} s test run). No new errors.`,
    ]),
  probe: (rng) => rng.pick(['Keep going.', 'Pick up where you left off.', 'Now what?']),
  planters: PLANTERS,
};
