/**
 * Harnesses of the novel family, part one: a planner with shell, browser and editor; an IDE
 * assistant that pastes context items into the user turn; a multi-role crew that writes its
 * actions as text (ReAct) and reads observations back as user messages; a notebook agent that
 * runs cells; and a database-migration agent with numbered function ids.
 */
import type { Harness } from './novel-core';
import { alnum, digitString, fillLines, hex, padL, padR } from './novel-words';
import { anyCell, clauses, numbered, table } from './novel-text';
import type { Rng } from './rng';

const openaiId = (rng: Rng) => `call_${alnum(rng, 24)}`;

/** A planner that owns a shell, a browser and an editor, working on a Phoenix/Deno web shop. */
export const planner: Harness = {
  style: 'planner',
  system: () => `You are an autonomous software engineer working inside a sandboxed Linux machine.
You have a shell, a Chromium browser and a code editor. Work in three phases:
1. PLAN — read the task and the repository, then call plan_update with a numbered plan.
2. EXECUTE — carry out the plan step by step. Verify each change (tests, the running app in the browser).
3. REPORT — summarize what changed, what you verified, and anything you could not do.
Rules:
- The repository is at /home/ubuntu/repos/shop. The dev server runs with \`mix phx.server\` on port 4000.
- Never push to main. Create a branch devin/<timestamp>-<slug> and open a PR when done.
- Ask the user only when you are blocked; otherwise keep going.
- Do not print secrets from the environment.`,
  tools: ['shell', 'editor_open', 'editor_str_replace', 'browser_navigate', 'browser_view', 'plan_update'],
  callId: openaiId,
  parallel: 0.18,
  fillers: [
    (rng, size) => {
      const n = rng.int(60, 400);
      const out =
        size > 3000
          ? `${fillLines(size, () => `  * test ${rng.pick(['renders', 'applies', 'rejects', 'updates', 'totals'])} ${rng.pick(['cart', 'voucher', 'line item', 'badge', 'shipping'])} ${rng.pick(['when empty', 'for guests', 'after login', 'with tax', 'on mobile'])} (${rng.int(0, 90)}.${rng.int(0, 9)}ms) [L#${rng.int(10, 400)}]`)}\n\nFinished in ${rng.int(2, 9)}.${rng.int(0, 9)} seconds\n${n} tests, 0 failures`
          : `Running ExUnit with seed: ${rng.int(1000, 99999)}, max_cases: 16\n\n${'.'.repeat(Math.min(n, 120))}\nFinished in ${rng.int(1, 9)}.${rng.int(0, 9)} seconds (${rng.int(0, 2)}.${rng.int(0, 9)}s async, ${rng.int(1, 4)}.${rng.int(0, 9)}s sync)\n${n} tests, 0 failures`;
      return {
        name: 'shell',
        args: { command: size > 3000 ? 'mix test --trace' : 'mix test', exec_dir: '/home/ubuntu/repos/shop' },
        out,
        exit: 0,
      };
    },
    (rng, size) => {
      const path = rng.pick([
        'lib/shop/cart.ex',
        'lib/shop_web/live/cart_live.ex',
        'lib/shop/checkout.ex',
        'lib/shop/pricing.ex',
      ]);
      const from = rng.int(1, 200);
      return {
        name: 'editor_open',
        args: { path: `/home/ubuntu/repos/shop/${path}`, start_line: from },
        out: `[File: /home/ubuntu/repos/shop/${path} (${rng.int(80, 900)} lines total)]\n${numbered(rng, 'elixir', size, from)}`,
      };
    },
    (rng, size) => ({
      name: 'browser_view',
      args: { tab: 0 },
      out: `URL: http://localhost:4000/${rng.pick(['cart', 'products', 'account', 'checkout'])}\nTitle: Shop · ${rng.pick(['Cart', 'Products', 'Account', 'Checkout'])}\n\n${fillLines(
        size,
        (i) =>
          rng.pick([
            `[${i}] <button> "${rng.pick(['Add to cart', 'Remove', 'Apply', 'Continue', 'Update'])}"`,
            `[${i}] <a href="/products/${rng.int(100, 999)}"> "${rng.pick(['Linen shirt', 'Canvas tote', 'Wool socks', 'Rain jacket'])}"`,
            `    <span class="price"> "€${rng.int(5, 300)}.${digitString(rng, 2)}"`,
            `[${i}] <input type="number" name="qty" value="${rng.int(1, 5)}">`,
            `    <div class="phx-connected"> "${rng.int(1, 12)} items in your cart"`,
          ]),
      )}`,
    }),
    (rng) => {
      const path = rng.pick(['lib/shop/cart.ex', 'lib/shop/pricing.ex', 'assets/js/cart.ts']);
      return {
        name: 'editor_str_replace',
        args: {
          path: `/home/ubuntu/repos/shop/${path}`,
          old_str: '    |> Enum.sum()',
          new_str: '    |> Enum.sum()\n    |> round_cents()',
        },
        out: `The file /home/ubuntu/repos/shop/${path} has been edited. Here's the result of running \`cat -n\` on a snippet:\n${numbered(rng, path.endsWith('.ts') ? 'ts' : 'elixir', 300, rng.int(10, 200))}\nReview the changes and make sure they are as expected.`,
      };
    },
    (rng) => ({
      name: 'shell',
      args: { command: 'git status --short && git diff --stat', exec_dir: '/home/ubuntu/repos/shop' },
      out: ` M lib/shop/cart.ex\n M assets/js/cart.ts\n?? test/shop/pricing_test.exs\n lib/shop/cart.ex   | ${rng.int(2, 40)} ++++---\n assets/js/cart.ts  | ${rng.int(2, 20)} ++-\n 2 files changed, ${rng.int(5, 50)} insertions(+), ${rng.int(1, 20)} deletions(-)`,
      exit: 0,
    }),
    (rng) => ({
      name: 'shell',
      args: { command: 'deno task check', exec_dir: '/home/ubuntu/repos/shop' },
      out: `Task check deno check assets/js/app.ts\nCheck file:///home/ubuntu/repos/shop/assets/js/app.ts${rng.chance(0.5) ? '\nDownload https://jsr.io/@std/assert/meta.json' : ''}`,
      exit: 0,
    }),
    (rng) => ({
      name: 'browser_navigate',
      args: { url: `http://localhost:4000/${rng.pick(['cart', 'products?page=2', 'account/orders', 'checkout'])}` },
      out: `Navigated. Status 200. Load time ${rng.int(90, 900)} ms. Console: ${rng.chance(0.7) ? 'no messages' : '[warning] phx-change ignored: form has no id'}`,
    }),
    (rng) => ({
      name: 'plan_update',
      args: {
        plan: '1. Read cart + pricing modules\n2. Add the change behind the flag\n3. Tests + browser check\n4. PR',
      },
      out: `Plan saved (${rng.int(3, 7)} steps, ${rng.int(0, 3)} complete).`,
    }),
  ],
  ecos: ['elixir', 'exunit', 'deno', 'bazel'],
  failCall: (rng, f) => ({
    name: 'shell',
    args: {
      command:
        {
          elixir: 'mix compile --warnings-as-errors',
          exunit: 'mix test test/shop/checkout_test.exs',
          deno: 'deno task check',
          bazel: 'bazel build //services/gateway:image',
        }[f.eco] ?? 'make',
      exec_dir: '/home/ubuntu/repos/shop',
    },
    out: `${f.out}\n\n[process exited with code ${f.exit}]`,
    exit: f.exit || 1,
  }),
  read: (rng, path, body) => ({
    name: 'editor_open',
    args: { path: path.startsWith('/') ? path : `/home/ubuntu/repos/shop/${path}` },
    out: `[File: ${path} (${rng.int(10, 300)} lines total)]\n${body}`,
  }),
  run: (_rng, cmd, out) => ({
    name: 'shell',
    args: { command: cmd, exec_dir: '/home/ubuntu/repos/shop' },
    out,
    exit: 0,
  }),
  write: (_rng, path, body) => ({
    name: 'editor_str_replace',
    args: { path, old_str: '', new_str: body },
    out: `The file ${path} has been edited.`,
  }),
  thoughts: [
    'Checking the current behaviour in the browser before changing anything.',
    'Next plan step: tests.',
    'Let me look at how pricing is computed.',
    'Verifying in the running app.',
    'The change compiles; running the suite.',
    'Reading the LiveView that renders the cart.',
  ],
  asks: [
    'Can you also check the cart page on a narrow viewport?',
    'How long until the PR is up?',
    'Is the dev server still running on your side?',
    'Please keep the PR small.',
  ],
  replies: [
    'Done — the cart renders correctly and the suite is green. PR is next.',
    'Checked: nothing else depends on that module.',
    'Yes, server is up on 4000; I reloaded it after the migration.',
    'Understood, I will split the refactor into a follow-up.',
  ],
  probes: [
    'Before you open the PR: give me the status — what is done, what is left, and which files changed.',
    'Quick sync: where are you in the plan and what is still open?',
  ],
  goal: (w) => [
    `add a ${w} voucher flow to the checkout LiveView`,
    `ship the ${w} loyalty badge on the account page`,
    `move cart pricing onto the ${w} rules engine`,
  ],
  constraint: (w) => [
    `do not change the public ${w} API routes`,
    `keep ${w} behind the feature flag until QA signs off`,
    `no new npm packages in the ${w} bundle`,
  ],
  decision: (w) => [
    `store vouchers in the ${w}_vouchers table, not in Redis`,
    `run the ${w} expiry job on Oban's default queue`,
    `render the ${w} badge server-side in the LiveView`,
  ],
  pending: (w) => [
    `backfill ${w} codes for carts created before the deploy`,
    `add a browser test for the ${w} banner`,
    `write the ${w} section of the PR description`,
  ],
  file: (w) => [
    `lib/shop/${w}/voucher.ex`,
    `assets/js/${w}_banner.ts`,
    `test/shop/${w}_test.exs`,
    `priv/repo/migrations/20240611093000_create_${w}.exs`,
  ],
  value: (w, rng) => [
    { needle: `${w.toUpperCase()}_POOL_SIZE=${rng.int(5, 60)}`, key: w },
    { needle: `${w}.cache.internal:${rng.int(6300, 6399)}`, key: w },
    { needle: `{:${w}_client, "~> ${rng.int(1, 4)}.${rng.int(0, 20)}"}`, key: w },
  ],
};

/** An IDE assistant (Continue-style) on a Flutter and Swift app: context items pasted into the user turn. */
export const ide: Harness = {
  style: 'ide',
  system: () => `<important_rules>
  You are in agent mode.

  Always include the language and file name in the info string when you write code blocks.
  If you are editing "src/main.py" for example, your code block should start with '\`\`\`python src/main.py'

  When addressing code modification requests, present a concise code snippet that
  emphasizes only the necessary changes and uses abbreviated placeholders for
  unmodified sections.
</important_rules>

The user's workspace is the mobile app repository "ledger-app" (Flutter for Android, a Swift package for the iOS widget).`,
  tools: [
    'read_file',
    'edit_existing_file',
    'create_new_file',
    'run_terminal_command',
    'grep_search',
    'file_glob_search',
    'ls',
    'view_diff',
  ],
  callId: (rng) => `toolu_01${alnum(rng, 22)}`,
  parallel: 0.08,
  fillers: [
    (rng, size) => {
      const p = rng.pick([
        'lib/src/cart/cart_model.dart',
        'lib/src/ledger/ledger_repo.dart',
        'lib/src/widgets/badge.dart',
      ]);
      return { name: 'read_file', args: { filepath: p }, out: numbered(rng, 'dart', size).replace(/^ +\d+\t/gm, '') };
    },
    (rng, size) => ({
      name: 'run_terminal_command',
      args: { command: 'flutter test', waitForCompletion: true },
      out: `${fillLines(Math.min(size, 20000), (i) => `${padL(`00:${String(Math.floor(i / 6)).padStart(2, '0')}`, 5)} +${i + 1}: ${rng.pick(['/app/test/cart_test.dart', '/app/test/ledger_test.dart', '/app/test/widget_test.dart'])}: ${rng.pick(['adds items', 'formats currency', 'renders badge', 'syncs offline queue', 'rounds totals'])}`)}\n00:${rng.int(10, 59)} +${rng.int(20, 200)}: All tests passed!`,
      exit: 0,
    }),
    (rng) => ({
      name: 'grep_search',
      args: { query: rng.pick(['CartModel', 'notifyListeners', 'LedgerRepo', 'formatCents']) },
      out: Array.from(
        { length: rng.int(2, 12) },
        () =>
          `./lib/src/${rng.pick(['cart', 'ledger', 'widgets'])}/${rng.pick(['cart_page', 'cart_model', 'ledger_repo', 'badge'])}.dart\n  ${rng.int(5, 300)}: ${rng.pick(['final cart = context.watch<CartModel>();', 'notifyListeners();', 'return LedgerRepo(db);', "formatCents(total, 'EUR')"])}`,
      ).join('\n'),
    }),
    (rng) => ({
      name: 'ls',
      args: { dirPath: 'lib/src', recursive: false },
      out: ['cart/', 'ledger/', 'widgets/', 'util/', 'app.dart', 'routes.dart'].slice(0, rng.int(3, 6)).join('\n'),
    }),
    (rng, size) => ({
      name: 'run_terminal_command',
      args: { command: 'swift build --package-path ios/LedgerWidget', waitForCompletion: true },
      out: `Building for debugging...\n${fillLines(Math.min(size, 8000), (i) => `[${i + 1}/${rng.int(40, 90)}] Compiling LedgerWidget ${rng.pick(['Provider', 'Entry', 'Timeline', 'Intent', 'View'])}${rng.pick(['', 'Model', 'Store'])}.swift`)}\nBuild complete! (${rng.int(2, 60)}.${digitString(rng, 2)}s)`,
      exit: 0,
    }),
    (rng) => ({
      name: 'view_diff',
      args: {},
      out: `diff --git a/lib/src/cart/cart_model.dart b/lib/src/cart/cart_model.dart\n@@ -${rng.int(10, 90)},6 +${rng.int(10, 90)},8 @@ class CartModel extends ChangeNotifier {\n-  int get count => _items.length;\n+  int get count => _items.fold(0, (n, i) => n + i.qty);\n+\n+  bool get isEmpty => _items.isEmpty;`,
    }),
    (rng) => ({
      name: 'file_glob_search',
      args: { pattern: '**/*_test.dart' },
      out: ['test/cart_test.dart', 'test/ledger_test.dart', 'test/widget_test.dart', 'test/util/format_test.dart']
        .slice(0, rng.int(2, 4))
        .join('\n'),
    }),
  ],
  ecos: ['dart', 'swiftpm'],
  failCall: (_rng, f) => ({
    name: 'run_terminal_command',
    args: {
      command:
        f.eco === 'dart'
          ? f.out.startsWith('Analyzing')
            ? 'flutter analyze'
            : 'flutter run -d emulator-5554'
          : 'swift build --package-path ios/LedgerWidget',
      waitForCompletion: true,
    },
    out: f.out,
    exit: f.exit,
  }),
  read: (_rng, path, body) => ({ name: 'read_file', args: { filepath: path }, out: body }),
  run: (_rng, cmd, out) => ({
    name: 'run_terminal_command',
    args: { command: cmd, waitForCompletion: true },
    out,
    exit: 0,
  }),
  write: (_rng, path, body) => ({
    name: 'create_new_file',
    args: { filepath: path, contents: body },
    out: `Created ${path}`,
  }),
  thoughts: [
    'Let me read the model first.',
    "I'll run the tests to confirm.",
    'Searching for other callers.',
    'Checking the diff before I finish.',
  ],
  asks: [
    'why is the badge count off by one?',
    'can you make the totals row bold',
    'run the tests again pls',
    'what does notifyListeners do here',
  ],
  replies: [
    'The count used `_items.length`, which ignores quantities; it now sums `qty`.',
    'Done — the totals row uses `FontWeight.w600`.',
    'All tests pass.',
    'It tells listening widgets to rebuild; calling it inside the loop rebuilt the page once per item.',
  ],
  probes: [
    'ok before I commit — summarize what you changed and what is still left?',
    'where did we land? anything I still need to do by hand?',
  ],
  goal: (w) => [
    `show the ${w} balance on the home-screen widget`,
    `fix the ${w} sync so offline edits are not lost`,
    `add ${w} export to the ledger screen`,
  ],
  constraint: (w) => [
    `keep minSdk at 23 for the ${w} release`,
    `the ${w} widget must not make network calls`,
    `don't bump any package in the ${w} lockfile`,
  ],
  decision: (w) => [
    `use Riverpod for the ${w} screen instead of Provider`,
    `persist the ${w} queue with drift, not shared_preferences`,
    `share ${w} state through an App Group`,
  ],
  pending: (w) => [
    `test the ${w} widget on an iOS 17 device`,
    `update the ${w} screenshots for the store listing`,
    `remove the ${w} debug toggle before release`,
  ],
  file: (w) => [
    `lib/src/${w}/${w}_page.dart`,
    `ios/LedgerWidget/Sources/LedgerWidget/${w.charAt(0).toUpperCase()}${w.slice(1)}Provider.swift`,
    `test/${w}_test.dart`,
  ],
  value: (w, rng) => [
    { needle: `${w}_api_base: https://api-staging.ledger.app/v${rng.int(2, 5)}`, key: w },
    { needle: `group.app.ledger.${w}`, key: w },
    { needle: `${w}_version: ${rng.int(1, 4)}.${rng.int(0, 30)}.${rng.int(0, 9)}+${rng.int(100, 999)}`, key: w },
  ],
};

/** A contract-review crew (CrewAI-style): roles, ReAct text, observations sent back as user messages. */
export const crew: Harness = {
  style: 'crew',
  system: (rng) => {
    const role = rng.pick(['Senior Contract Analyst', 'Commercial Counsel', 'Vendor Risk Reviewer']);
    return `You are ${role}. You have reviewed hundreds of SaaS master services agreements and know where liability, data protection and termination risk hides.
Your personal goal is: Identify every clause in the assigned agreements that deviates from the company's contracting playbook, and quantify the exposure.
You ONLY have access to the following tools, and should NEVER make up tools that are not listed here:

Tool Name: Search a PDF's content
Tool Arguments: {'query': {'description': "Mandatory query you want to use to search the PDF's content", 'type': 'str'}, 'pdf': {'description': 'Mandatory pdf path', 'type': 'str'}}
Tool Description: A tool that can be used to semantic search a query from a PDF's content.
Tool Name: Read a file's content
Tool Arguments: {'file_path': {'description': 'Mandatory file full path to read the file', 'type': 'str'}}
Tool Description: A tool that reads the content of a file.
Tool Name: Extract clauses
Tool Arguments: {'document': {'description': 'Path of the PDF', 'type': 'str'}, 'section': {'description': 'Clause number, e.g. 14.2', 'type': 'str'}}
Tool Description: Returns the text of one numbered clause as structured output.
Tool Name: Code Interpreter
Tool Arguments: {'code': {'description': 'Python3 code', 'type': 'str'}, 'libraries_used': {'description': 'Libraries used', 'type': 'list[str]'}}
Tool Description: Runs Python code in a sandbox and returns stdout.
Tool Name: Delegate work to coworker
Tool Arguments: {'task': {'description': 'The task to delegate', 'type': 'str'}, 'context': {'description': 'The context for the task', 'type': 'str'}, 'coworker': {'description': 'The role/name of the coworker to delegate to', 'type': 'str'}}
Tool Description: Delegate a specific task to one of the following coworkers: Financial Analyst, Privacy Counsel, Report Writer

IMPORTANT: Use the following format in your response:

\`\`\`
Thought: you should always think about what to do
Action: the action to take, only one name of [Search a PDF's content, Read a file's content, Extract clauses, Code Interpreter, Delegate work to coworker], just the name, exactly as it's written.
Action Input: the input to the action, just a simple JSON object, enclosed in curly braces, using " to wrap keys and values.
Observation: the result of the action
\`\`\`

Once all necessary information is gathered, return the following format:

\`\`\`
Thought: I now know the final answer
Final Answer: the final answer to the original input question
\`\`\``;
  },
  tools: [],
  text: {
    action: (thought, c) =>
      `Thought: ${thought || 'I should continue with the next clause.'}\nAction: ${c.name}\nAction Input: ${JSON.stringify(c.args)}`,
    result: (c) => `Observation: ${c.out}`,
    resultPrefix: 'Observation: ',
  },
  callId: () => '',
  parallel: 0,
  fillers: [
    (rng, size) => {
      const doc = rng.pick([
        'contracts/inbound/northwind_msa.pdf',
        'contracts/inbound/globex_dpa.pdf',
        'contracts/inbound/initech_order_form.pdf',
      ]);
      return {
        name: "Search a PDF's content",
        args: {
          query: rng.pick([
            'limitation of liability cap',
            'termination for convenience',
            'sub-processors',
            'assignment change of control',
            'service credits',
          ]),
          pdf: doc,
        },
        out: `Relevant Content:\n${clauses(rng, size, rng.int(1, 20))}`,
      };
    },
    (rng, _size, sec = `${rng.int(1, 30)}.${rng.int(1, 9)}`) => ({
      name: 'Extract clauses',
      args: { document: 'contracts/inbound/northwind_msa.pdf', section: sec },
      out: `{"clause": "${sec}", "heading": "${rng.pick(['Liability', 'Fees', 'Term'])}", "text": "Subject to Clause ${rng.int(1, 30)}, the aggregate liability of either Party shall not exceed the Fees paid in the twelve (12) months preceding the claim.", "page": ${rng.int(2, 60)}}`,
    }),
    (rng, size) => ({
      name: 'Code Interpreter',
      args: {
        code: 'import pandas as pd\ndf = pd.read_csv("playbook/deviations.csv")\nprint(df.groupby("severity").size())\nprint(df.tail(40).to_string())',
        libraries_used: ['pandas'],
      },
      out: `severity\nhigh      ${rng.int(1, 9)}\nlow      ${rng.int(5, 40)}\nmedium   ${rng.int(3, 20)}\ndtype: int64\n${table(rng, ['clause', 'topic', 'deviation', 'severity'], Math.min(size, 6000), (r, i) => (i === 0 ? `${r.int(1, 30)}.${r.int(1, 9)}` : i === 3 ? r.pick(['low', 'medium', 'high']) : r.pick(['cap below 1x fees', 'no audit right', 'auto-renewal 36m', 'uncapped indemnity', 'US-only venue'])))}`,
    }),
    (rng) => ({
      name: 'Delegate work to coworker',
      args: {
        task: 'Quantify the exposure under the liability cap for the top three deviations',
        context: 'Fees are listed in Schedule 2; use the annual figure.',
        coworker: rng.pick(['Financial Analyst', 'Privacy Counsel']),
      },
      out: `Based on Schedule 2, annual fees are EUR ${rng.int(200, 900)},000. The cap at 1x fees therefore limits recovery to that amount; the uncapped data-protection indemnity in Clause ${rng.int(10, 20)}.${rng.int(1, 5)} is the largest exposure.`,
    }),
    (rng, size) => ({
      name: "Read a file's content",
      args: { file_path: 'playbook/contracting_playbook.md' },
      out: `# Contracting playbook (v${rng.int(3, 9)})\n\n${fillLines(size, () => `- ${rng.pick(['Liability cap', 'Indemnity', 'Governing law', 'Auto-renewal', 'Audit'])}: ${rng.pick(['minimum 1x annual fees', 'mutual, capped', 'England & Wales or Ireland', 'max 12 months', 'annual, on 30 days notice'])}; escalate to ${rng.pick(['Legal Ops', 'the GC', 'Procurement'])} when ${rng.pick(['missing', 'below standard', 'one-sided'])}.`)}`,
    }),
  ],
  ecos: ['pydantic', 'pyfile'],
  failCall: (rng, f) =>
    f.eco === 'pyfile'
      ? {
          name: "Search a PDF's content",
          args: { query: 'governing law', pdf: f.needle.slice(f.needle.indexOf("'") + 1, -1) },
          out: f.out,
          failed: true,
        }
      : {
          name: 'Extract clauses',
          args: { document: 'contracts/inbound/northwind_msa.pdf', section: `${rng.int(1, 30)}.${rng.int(1, 9)}` },
          out: f.out,
          failed: true,
        },
  read: (_rng, path, body) => ({ name: "Read a file's content", args: { file_path: path }, out: body }),
  run: (_rng, cmd, out) => ({
    name: 'Code Interpreter',
    args: {
      code: `import subprocess\nprint(subprocess.run(${JSON.stringify(cmd)}, shell=True, capture_output=True, text=True).stdout)`,
      libraries_used: [],
    },
    out,
  }),
  write: (_rng, path, body) => ({
    name: 'Code Interpreter',
    args: { code: `open(${JSON.stringify(path)}, "w").write(${JSON.stringify(body)})`, libraries_used: [] },
    out: `${body.length}`,
  }),
  thoughts: [
    'I need the exact wording of the liability clause before scoring it.',
    'Let me compare this against the playbook.',
    'The Financial Analyst should quantify this.',
    'I should check the data-protection schedule next.',
  ],
  asks: [
    '# Agent: Report Writer\n## Task: Turn the analyst notes into a two-page memo for the GC.',
    'Current Task: Re-check Schedule 4 (insurance) against the playbook.\n\nBegin! This is VERY important to you, use the tools available and give your best Final Answer, your job depends on it!\n\nThought:',
  ],
  replies: [
    'Thought: I now know the final answer\nFinal Answer: Three deviations need escalation: the liability cap, the uncapped indemnity and the 36-month auto-renewal. Details per clause are in the table above.',
    'Thought: I now know the final answer\nFinal Answer: Schedule 4 meets the playbook except for cyber cover, which is EUR 2m against a required EUR 5m.',
  ],
  probes: [
    'Current Task: Give the crew manager a status summary — which agreements are done, what decisions were made, and what is still open.\n\nThought:',
    'Before the memo goes out: list the open items and the clauses you flagged.',
  ],
  goal: (w) => [
    `review the ${w} master services agreement for change-of-control risk`,
    `produce a redline memo for the ${w} data processing addendum`,
    `score the ${w} renewal against the contracting playbook`,
  ],
  constraint: (w) => [
    `treat the ${w} side letter as privileged — never quote it`,
    `only flag deviations above the ${w} materiality threshold`,
    `cite clause numbers for every ${w} finding`,
  ],
  decision: (w) => [
    `escalate the ${w} indemnity to the GC rather than negotiate it`,
    `accept the ${w} Irish governing-law clause`,
    `treat the ${w} order form as the controlling document`,
  ],
  pending: (w) => [
    `get Privacy Counsel's view on the ${w} sub-processor list`,
    `confirm the ${w} fee figures with Finance`,
    `re-run the ${w} clause extraction on the signed version`,
  ],
  file: (w) => [`contracts/inbound/${w}_dpa_signed.pdf`, `memos/${w}_redline.md`, `playbook/${w}_exceptions.csv`],
  value: (w, rng, mint) => [
    { needle: `${w} liability cap: EUR ${rng.int(1, 9)},${rng.int(100, 999)},000`, key: w },
    { needle: mint.id('CLM-', 8), key: '' },
    { needle: `Clause ${rng.int(11, 40)}.${rng.int(1, 9)}(${rng.pick(['a', 'b', 'c'])}) of the ${w} MSA`, key: w },
  ],
};

/** A notebook agent running cells in a Jupyter kernel (pandas, DuckDB); outputs end with the kernel's footer. */
export const notebook: Harness = {
  style: 'notebook',
  system:
    () => `You are a data-science assistant attached to a running Jupyter kernel (Python 3.11, pandas 2.2, duckdb 1.0, matplotlib).
Use execute_cell to run code; the kernel state persists between cells. Prefer small cells. Use add_markdown_cell to record findings for the reader of the notebook.
The notebook is notebooks/retention_q2.ipynb. Data lives in data/ (parquet) and a DuckDB connection \`con\` is already open.
Never write to data/raw/.`,
  tools: ['execute_cell', 'add_markdown_cell', 'read_notebook', 'list_files'],
  callId: openaiId,
  parallel: 0.05,
  fillers: [
    (rng, size) => ({
      name: 'execute_cell',
      args: { code: rng.pick(['orders.head(40)', 'summary', 'cohorts.tail(30)', 'df.sample(25, random_state=0)']) },
      out: `Out[${rng.int(3, 80)}]:\n${table(rng, ['', 'order_id', 'region', 'created_at', 'amount', 'status'], size, (r, i) => (i === 0 ? String(r.int(0, 99999)) : anyCell(r, i - 1)))}\n\n[${rng.int(1000, 900000)} rows x ${rng.int(6, 30)} columns]\n[execution_count=${rng.int(3, 80)}, status=ok, ${rng.int(1, 900)}ms]`,
    }),
    (rng) => ({
      name: 'execute_cell',
      args: { code: 'orders.info()' },
      out: `<class 'pandas.core.frame.DataFrame'>\nRangeIndex: ${rng.int(10000, 900000)} entries, 0 to ${rng.int(10000, 900000)}\nData columns (total 6 columns):\n #   Column      Non-Null Count   Dtype\n---  ------      --------------   -----\n 0   order_id    ${rng.int(10000, 900000)} non-null  int64\n 1   region      ${rng.int(10000, 900000)} non-null  object\n 2   created_at  ${rng.int(10000, 900000)} non-null  datetime64[ns, UTC]\n 3   amount      ${rng.int(10000, 900000)} non-null  float64\n 4   status      ${rng.int(10000, 900000)} non-null  category\n 5   customer    ${rng.int(10000, 900000)} non-null  int64\ndtypes: category(1), datetime64[ns, UTC](1), float64(1), int64(2), object(1)\nmemory usage: ${rng.int(2, 90)}.${rng.int(0, 9)} MB\n[execution_count=${rng.int(3, 80)}, status=ok, ${rng.int(1, 90)}ms]`,
    }),
    (rng) => ({
      name: 'execute_cell',
      args: { code: 'fig, ax = plt.subplots(1, 2, figsize=(12, 4))\ncohorts.plot(ax=ax[0]); churn.plot(ax=ax[1])' },
      out: `<Figure size 1200x400 with 2 Axes>\n[image/png ${rng.int(20, 200)} KB]\n[execution_count=${rng.int(3, 80)}, status=ok, ${rng.int(100, 2000)}ms]`,
    }),
    (rng, size) => ({
      name: 'execute_cell',
      args: {
        code: 'con.sql("SELECT region, date_trunc(\'month\', created_at) m, sum(amount) FROM orders GROUP BY ALL ORDER BY 1, 2").df()',
      },
      out: `Out[${rng.int(3, 80)}]:\n${table(rng, ['', 'region', 'm', 'sum(amount)'], Math.min(size, 9000), (r, i) => (i === 0 ? String(r.int(0, 99)) : i === 1 ? anyCell(r, 1) : i === 2 ? anyCell(r, 2) : anyCell(r, 3)))}\n[execution_count=${rng.int(3, 80)}, status=ok, ${rng.int(10, 3000)}ms]`,
    }),
    (rng) => ({
      name: 'add_markdown_cell',
      args: {
        source: `### Finding\nMonthly revenue in ${rng.pick(['eu-west', 'us-east', 'ap-south'])} dropped ${rng.int(2, 30)}% in May; the drop is concentrated in first-time customers.`,
      },
      out: 'Inserted markdown cell at index ' + rng.int(3, 80),
    }),
    (rng) => ({
      name: 'list_files',
      args: { path: 'data/' },
      out: ['orders.parquet', 'customers.parquet', 'events_2024q2.parquet', 'raw/', 'refunds.csv']
        .slice(0, rng.int(3, 5))
        .map((f) => `${padR(f, 26)} ${rng.int(1, 900)} MB`)
        .join('\n'),
    }),
  ],
  ecos: ['pandas', 'duckdb'],
  failCall: (rng, f) => ({
    name: 'execute_cell',
    args: { code: f.eco === 'pandas' ? 'summary["churn"] = ...  # see traceback' : 'con.sql(q).df()' },
    out: `${f.out}\n[execution_count=${rng.int(3, 80)}, status=error, ${rng.int(1, 900)}ms]\n[stderr] /tmp/ipykernel_${rng.int(1000, 9999)}/${rng.int(100000, 999999)}.py:2: FutureWarning: The default of observed=False is deprecated and will be changed to True in a future version of pandas.`,
    failed: true,
  }),
  read: (rng, path, body) => ({
    name: 'execute_cell',
    args: { code: `print(open(${JSON.stringify(path)}).read())` },
    out: `${body}\n[execution_count=${rng.int(3, 80)}, status=ok, 2ms]`,
  }),
  run: (rng, cmd, out) => ({
    name: 'execute_cell',
    args: { code: `!${cmd}` },
    out: `${out}\n[execution_count=${rng.int(3, 80)}, status=ok, ${rng.int(5, 900)}ms]`,
  }),
  write: (_rng, path, body) => ({
    name: 'execute_cell',
    args: { code: `%%writefile ${path}\n${body}` },
    out: `Writing ${path}`,
  }),
  thoughts: [
    'Let me look at the shape of the data first.',
    'Checking the monthly aggregates.',
    'Plotting cohorts to see whether the drop is seasonal.',
    'I will record this finding in the notebook.',
  ],
  asks: [
    'what does the May cohort look like?',
    'can you split that by region',
    'plot it please',
    'is that significant or noise?',
  ],
  replies: [
    'The May cohort is 18% smaller, mostly first-time buyers.',
    'Split by region above — eu-west carries most of the drop.',
    'Plotted; the dip starts in the second week of May.',
    'With n≈4k per month a 3-point swing is within noise; the 11-point drop is not.',
  ],
  probes: [
    'Summarize the notebook so far for the weekly review: question, method, findings, open items.',
    'What is left before we can share this notebook?',
  ],
  goal: (w) => [
    `explain the ${w} churn spike in the Q2 cohort`,
    `build the ${w} retention curve by acquisition channel`,
    `estimate the revenue impact of the ${w} pricing test`,
  ],
  constraint: (w) => [
    `exclude ${w} test accounts from every aggregate`,
    `use fiscal months for the ${w} charts`,
    `never join ${w} events on email`,
  ],
  decision: (w) => [
    `define churn as 60 days without an order for ${w}`,
    `use a Mann-Whitney test for the ${w} comparison`,
    `bucket ${w} customers by first-order month`,
  ],
  pending: (w) => [
    `rerun the ${w} cohort table after the refunds backfill`,
    `add confidence intervals to the ${w} chart`,
    `export the ${w} summary to the shared drive`,
  ],
  file: (w) => [`data/${w}_events_2024q2.parquet`, `notebooks/${w}_cohorts.ipynb`, `reports/${w}_retention.html`],
  value: (w, rng) => [
    { needle: `${w}_experiment_id = "exp-${rng.int(100, 999)}-${hex(rng, 4)}"`, key: w },
    { needle: `${w} baseline conversion 0.0${rng.int(10, 99)}${rng.int(1, 9)}`, key: w },
    { needle: `SNOWFLAKE_${w.toUpperCase()}_WAREHOUSE=ANALYTICS_${rng.pick(['XS', 'S', 'M'])}`, key: w },
  ],
};

/** A database-migration agent (PostgreSQL, MySQL, Flyway, Alembic, Liquibase, a Perl loader); function ids `functions.<name>:<n>`. */
export const migrator: Harness = {
  style: 'migrator',
  system: () => `You are a database migration assistant for the billing platform.
Tools: psql (runs SQL against a named database), shell (runs commands in the migration repo), read_file, write_file.
Databases: billing_staging (read-write), billing_prod_replica (read-only). Production changes go through Flyway in CI only.
Always show the plan of a risky statement with EXPLAIN before running it. Wrap DDL in a transaction when the engine allows it.`,
  tools: ['psql', 'shell', 'read_file', 'write_file'],
  callId: (_rng, n, name) => `functions.${name}:${n}`,
  parallel: 0.15,
  fillers: [
    (rng, size) => ({
      name: 'psql',
      args: { database: rng.pick(['billing_staging', 'billing_prod_replica']), query: '\\d+ invoices' },
      out: `                                   Table "public.invoices"\n${table(rng, ['Column', 'Type', 'Collation', 'Nullable', 'Default'], Math.min(size, 3000), (r, i) => (i === 0 ? r.pick(['id', 'customer_id', 'currency', 'amount_cents', 'issued_at', 'status', 'ledger_id']) : i === 1 ? r.pick(['bigint', 'text', 'integer', 'timestamp with time zone', 'numeric(12,2)']) : i === 3 ? r.pick(['not null', '']) : ''), true)}\nIndexes:\n    "invoices_pkey" PRIMARY KEY, btree (id)\n    "ix_invoices_customer" btree (customer_id)`,
    }),
    (rng, size) => ({
      name: 'psql',
      args: {
        database: 'billing_staging',
        query:
          "EXPLAIN (ANALYZE, BUFFERS) UPDATE invoices SET status = 'void' WHERE issued_at < now() - interval '7 years'",
      },
      out: `${fillLines(size, (i) => `${' '.repeat(2 + (i % 6) * 3)}->  ${rng.pick(['Seq Scan on invoices', 'Index Scan using ix_invoices_customer on invoices', 'Hash Join', 'Bitmap Heap Scan on payouts', 'Sort'])}  (cost=0.${rng.int(10, 99)}..${rng.int(100, 99999)}.${digitString(rng, 2)} rows=${rng.int(1, 900000)} width=${rng.int(8, 120)}) (actual time=0.${digitString(rng, 3)}..${rng.int(1, 9000)}.${digitString(rng, 3)} rows=${rng.int(0, 900000)} loops=1)\n${' '.repeat(8 + (i % 6) * 3)}Buffers: shared hit=${rng.int(10, 99999)} read=${rng.int(0, 9999)}`)}\nPlanning Time: 0.${digitString(rng, 3)} ms\nExecution Time: ${rng.int(10, 90000)}.${digitString(rng, 3)} ms`,
    }),
    (rng, size) => ({
      name: 'shell',
      args: { cmd: 'flyway -configFiles=conf/staging.conf info' },
      out: `Flyway OSS Edition 10.15.0 by Redgate\n\nDatabase: jdbc:postgresql://db:5432/billing (PostgreSQL 15.6)\nSchema version: ${rng.int(5, 9)}.${rng.int(0, 9)}\n\n+-----------+---------+------------------------------+------+---------------------+---------+----------+\n| Category  | Version | Description                  | Type | Installed On        | State   | Undoable |\n+-----------+---------+------------------------------+------+---------------------+---------+----------+\n${fillLines(Math.min(size, 12000), (i) => `| Versioned | ${padR(`${1 + Math.floor(i / 9)}.${i % 9}`, 7)} | ${padR(rng.pick(['create invoices', 'add currency', 'split ledger', 'payout index', 'drop legacy cols', 'customer fk']), 28)} | SQL  | 2024-0${rng.int(1, 6)}-${String(rng.int(10, 28))} 10:${rng.int(10, 59)}:${rng.int(10, 59)} | Success | No       |`)}\n+-----------+---------+------------------------------+------+---------------------+---------+----------+`,
      exit: 0,
    }),
    (rng) => ({
      name: 'shell',
      args: { cmd: 'alembic history --verbose | head -20' },
      out: Array.from(
        { length: rng.int(3, 8) },
        () =>
          `Rev: ${hex(rng, 12)}${rng.chance(0.2) ? ' (head)' : ''}\nParent: ${hex(rng, 12)}\nPath: migrations/versions/${hex(rng, 12)}_${rng.pick(['add_payout_index', 'currency_not_null', 'ledger_split'])}.py\n\n    ${rng.pick(['add payout index', 'currency not null', 'ledger split'])}\n`,
      ).join('\n'),
      exit: 0,
    }),
    (rng) => ({
      name: 'psql',
      args: { database: 'billing_staging', query: 'SELECT status, count(*) FROM invoices GROUP BY 1 ORDER BY 2 DESC' },
      out: ` status   |  count\n----------+---------\n paid     | ${rng.int(100000, 999999)}\n open     | ${rng.int(1000, 99999)}\n void     | ${rng.int(100, 9999)}\n refunded | ${rng.int(100, 9999)}\n(4 rows)\n`,
    }),
    (rng, size) => ({
      name: 'read_file',
      args: {
        path: `db/migration/V${rng.int(5, 9)}_${rng.int(0, 9)}__${rng.pick(['payout_index', 'ledger_split', 'currency_not_null'])}.sql`,
      },
      out: numbered(rng, 'sql', Math.min(size, 4000)),
    }),
    (rng) => ({
      name: 'shell',
      args: { cmd: 'mysql --defaults-extra-file=conf/legacy.cnf -e "SHOW TABLE STATUS LIKE \'orders\'\\G"' },
      out: `*************************** 1. row ***************************\n           Name: orders\n         Engine: InnoDB\n           Rows: ${rng.int(100000, 9000000)}\n Avg_row_length: ${rng.int(80, 400)}\n    Data_length: ${rng.int(100000000, 900000000)}\n     Collation: utf8mb4_0900_ai_ci`,
      exit: 0,
    }),
  ],
  ecos: ['postgres', 'mysql', 'flyway', 'alembic', 'liquibase', 'perl'],
  failCall: (_rng, f) =>
    f.eco === 'postgres'
      ? {
          name: 'psql',
          args: { database: 'billing_staging', query: '\\set VERBOSITY verbose\n\\i db/migrate/split.sql' },
          out: f.out,
          failed: true,
        }
      : {
          name: 'shell',
          args: {
            cmd:
              {
                mysql: 'mysql --defaults-extra-file=conf/legacy.cnf shop < sql/legacy_orders.sql',
                flyway: 'flyway -configFiles=conf/staging.conf migrate',
                alembic: 'alembic upgrade head',
                liquibase: 'liquibase update --changelog-file=db/changelog/root.xml',
                perl: 'perl scripts/load_ledger.pl --batch 5000',
              }[f.eco] ?? 'make migrate',
          },
          out: f.out,
          exit: f.exit,
        },
  read: (_rng, path, body) => ({ name: 'read_file', args: { path }, out: body }),
  run: (_rng, cmd, out) => ({ name: 'shell', args: { cmd }, out, exit: 0 }),
  write: (_rng, path, body) => ({
    name: 'write_file',
    args: { path, content: body },
    out: `wrote ${body.length} bytes to ${path}`,
  }),
  thoughts: [
    'Checking the current schema before writing the migration.',
    'Let me look at the plan first.',
    'Running it on staging.',
    'Verifying the row counts after the change.',
  ],
  asks: [
    'how big is the invoices table on the replica?',
    'is the index creation going to lock writes?',
    'can you show me the flyway state on staging',
    'ok go ahead on staging',
  ],
  replies: [
    'About 41 GB with indexes; most of it is the payload column.',
    'Not with CONCURRENTLY — it takes a SHARE UPDATE EXCLUSIVE lock, so writes continue.',
    'Staging is at the latest version, no pending migrations.',
    'Applied on staging; counts match.',
  ],
  probes: [
    'Before I schedule the prod window: what is the migration plan, what did you verify, and what is still open?',
    'Summarize the state of staging vs. prod and the remaining steps.',
  ],
  goal: (w) => [
    `split the ${w} ledger table into entries and balances`,
    `move ${w} invoices from MySQL into PostgreSQL`,
    `add a NOT NULL currency to ${w} payouts without downtime`,
  ],
  constraint: (w) => [
    `no table rewrites on ${w} during business hours`,
    `every ${w} migration must be reversible`,
    `keep ${w} lock_timeout under 3s`,
  ],
  decision: (w) => [
    `backfill ${w} in 5000-row batches from the Perl loader`,
    `use a shadow table and swap for ${w}`,
    `keep the ${w} migration in Flyway, not Alembic`,
  ],
  pending: (w) => [
    `drop the ${w}_legacy columns after one release`,
    `run the ${w} row-count check on the replica`,
    `add the ${w} rollback script to the runbook`,
  ],
  file: (w, rng) => [
    `db/migration/V8_2__${w}_split.sql`,
    `migrations/versions/${hex(rng, 12)}_${w}_currency.py`,
    `db/changelog/2024/07-${w}.xml`,
    `scripts/${w}_backfill.pl`,
  ],
  value: (w, rng) => [
    { needle: `postgres://migrator@${w}-pg.internal:${rng.int(5432, 5499)}/billing`, key: w },
    { needle: `${w}_batch_size=${rng.int(1000, 20000)}`, key: w },
    { needle: `SET lock_timeout = '${rng.int(1, 9)}s'; -- ${w}`, key: w },
  ],
};
