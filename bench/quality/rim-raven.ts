/**
 * The raven harness of the rim family (rim.ts): a NexusRaven-like function-calling model behind a
 * thin server. The prompt lists Python function signatures with docstrings; the model answers
 * `Call: f(a='x'); g(b=1)<bot_end>` then `Thought: …`, and the server keeps that completion as the
 * message's content while parsing the calls into native tool calls (vLLM-style ids); each function's
 * return value comes back as a plain `tool` message (a command's output ends with its exit status).
 * A Neovim plugin in Lua (busted through nlua, luacheck, StyLua, headless Neovim and
 * `:checkhealth`), for a Tagalog/Filipino-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  dur,
  fail,
  hex,
  lines,
  many,
  ok,
  one,
  pieces,
  pyKwargs,
  say,
  type Planter,
  type RimCall,
  type RimHarness,
  type RimStep,
} from './rim-kit';

const ROOT = '/home/josie/mga-proyekto/talaan.nvim';
const SRC = [
  'lua/talaan/init.lua',
  'lua/talaan/parser.lua',
  'lua/talaan/ui.lua',
  'lua/talaan/config.lua',
  'lua/talaan/health.lua',
  'plugin/talaan.lua',
  'spec/parser_spec.lua',
];
const COMMANDS = ['run_busted', 'run_luacheck', 'run_stylua', 'nvim_headless'];

function cmd(tool: string, args: Record<string, unknown>, output: string, exitCode = 0): RimCall {
  return exitCode === 0 ? ok(tool, args, output, 0) : fail(tool, args, output, exitCode);
}

/** Whole chunks of the plugin, as a file view shows them. */
const CHUNKS = [
  `local M = {}\n\nlocal config = require("talaan.config")\nlocal parser = require("talaan.parser")`,
  `---@param line string\n---@return talaan.Item|nil\nfunction M.parse_line(line)\n  local mark, text = line:match("^%s*[-*] %[([ xX])%] (.*)$")\n  if not mark then\n    return nil\n  end\n  local due = text:match("@due%((%d%d%d%d%-%d%d%-%d%d)%)")\n  return { done = mark ~= " ", text = text, due = due }\nend`,
  `function M.open_float(items)\n  local buf = vim.api.nvim_create_buf(false, true)\n  local lines = vim.tbl_map(function(it)\n    return (it.done and "✓ " or "☐ ") .. it.text\n  end, items)\n  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)\n  local width = math.floor(vim.o.columns * config.options.width)\n  return vim.api.nvim_open_win(buf, true, {\n    relative = "editor",\n    width = width,\n    height = math.min(#lines, 20),\n    row = 2,\n    col = math.floor((vim.o.columns - width) / 2),\n    border = "rounded",\n  })\nend`,
  `M.defaults = {\n  width = 0.6,\n  files = { "~/notes/talaan.md" },\n  -- Mga petsa ay laging YYYY-MM-DD\n  date_format = "%Y-%m-%d",\n}\n\nfunction M.setup(opts)\n  M.options = vim.tbl_deep_extend("force", {}, M.defaults, opts or {})\nend`,
  `describe("talaan.parser", function()\n  local parser = require("talaan.parser")\n\n  it("reads an open box", function()\n    assert.same({ done = false, text = "bumili ng gatas" }, parser.parse_line("- [ ] bumili ng gatas"))\n  end)\nend)`,
  `vim.api.nvim_create_user_command("Talaan", function(args)\n  require("talaan").open(args.fargs[1])\nend, { nargs = "?", complete = "file" })`,
  `return M`,
];

function lua(rng: Rng, n: number): string {
  return pieces(rng, CHUNKS, n);
}

const GREP_LINES: Record<string, string> = {
  nvim_buf_set_lines: '  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)',
  'config.options': '  local width = math.floor(vim.o.columns * config.options.width)',
  parse_line: '    local item = parser.parse_line(line)',
  '@due': '  local due = text:match("@due%((%d%d%d%d%-%d%d%-%d%d)%)")',
};

function busted(rng: Rng, failure = ''): string {
  const n = rng.int(18, 64);
  const dots = '●'.repeat(n - (failure ? 1 : 0));
  const at = rng.int(0, dots.length);
  const bar = failure ? `${dots.slice(0, at)}◼${dots.slice(at)}` : dots;
  const secs = dur(rng, 0.01, 0.4, 6);
  return failure
    ? `${bar}\n${n - 1} successes / 1 failure / 0 errors / 0 pending : ${secs} seconds\n\n${failure}`
    : `${bar}\n${n} successes / 0 failures / 0 errors / ${rng.chance(0.2) ? 1 : 0} pending : ${secs} seconds`;
}

function luacheck(rng: Rng, warnings: string[] = []): string {
  const files = SRC.filter((f) => f.endsWith('.lua'));
  const bad = warnings.length ? rng.pick(files.slice(0, 4)) : '';
  const rows = files.map((f) =>
    f === bad
      ? `Checking ${f.padEnd(36)}${warnings.length} warning${warnings.length === 1 ? '' : 's'}\n\n${warnings.map((w) => `    ${f}:${w}`).join('\n')}\n`
      : `Checking ${f.padEnd(36)}OK`,
  );
  return `${rows.join('\n')}\n\nTotal: ${warnings.length} warning${warnings.length === 1 ? '' : 's'} / 0 errors in ${files.length} files`;
}

function ravenNoise(rng: Rng): RimStep {
  const r = rng.int(0, 8);
  if (r === 0) return one(undefined, cmd('run_busted', { spec: 'spec' }, busted(rng)));
  if (r === 1) {
    const [a, b] = rng.sample(SRC, 2) as [string, string];
    return many(rng.pick(['Reading both files side by side before changing anything.', undefined]), [
      ok('read_file', { path: a }, lua(rng, rng.int(10, 40))),
      ok('read_file', { path: b }, lua(rng, rng.int(8, 25))),
    ]);
  }
  if (r === 2) {
    const dirty = rng.chance(0.4);
    return one(
      undefined,
      cmd(
        'run_luacheck',
        { paths: ['lua', 'spec'] },
        luacheck(rng, dirty ? [`${rng.int(5, 120)}:${rng.int(3, 20)}: unused variable 'api'`] : []),
        dirty ? 1 : 0,
      ),
    );
  }
  if (r === 3) {
    const pat = rng.pick(['nvim_buf_set_lines', 'config.options', 'parse_line', '@due']);
    return one(
      undefined,
      ok(
        'grep',
        { pattern: pat, path: 'lua' },
        lines(rng.int(1, 3), () => `${rng.pick(SRC.slice(0, 4))}:${rng.int(3, 200)}:${GREP_LINES[pat] ?? pat}`),
      ),
    );
  }
  if (r === 4) {
    const f = rng.pick(SRC.slice(0, 5));
    return one(
      undefined,
      rng.chance(0.5)
        ? cmd('run_stylua', { check: true }, '')
        : cmd(
            'run_stylua',
            { check: true },
            `Diff in ${f}:\n${rng.int(10, 90)} ${rng.int(10, 90)}   |   local buf = vim.api.nvim_create_buf(false, true)\n${rng.int(10, 90)}    |-  vim.api.nvim_buf_set_lines(buf,0,-1,false,lines)\n   ${rng.int(10, 90)} |+  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)`,
            1,
          ),
    );
  }
  if (r === 5)
    return one(
      rng.pick(['Checking what :checkhealth says about the plugin.', undefined]),
      cmd(
        'nvim_headless',
        { lua: 'vim.cmd("checkhealth talaan")' },
        `\n==============================================================================\ntalaan: require("talaan.health").check()\n\ntalaan ~\n- OK Neovim >= 0.9.0 (found ${rng.pick(['0.9.5', '0.10.2', '0.10.3'])})\n- OK tree-sitter parser for markdown found\n${rng.chance(0.5) ? '- WARNING `rg` not found; :TalaanSearch falls back to :vimgrep\n  - ADVICE:\n    - install ripgrep\n' : '- OK `rg` found\n'}- OK ${rng.int(1, 4)} talaan file(s) readable`,
      ),
    );
  if (r === 6) {
    const f = rng.pick(SRC.slice(0, 4));
    return many(rng.pick(['Small fix, then the specs again.', 'Maliit na ayos, tapos test ulit.']), [
      ok('replace_text', { path: f, old: 'local api = vim.api\n', new: '' }, `Replaced 1 occurrence in ${f}`),
      cmd('run_busted', { spec: 'spec' }, busted(rng)),
    ]);
  }
  if (r === 7)
    return one(
      undefined,
      cmd(
        'run_busted',
        { spec: 'spec/ui_spec.lua' },
        `${'●'.repeat(rng.int(4, 12))}◌\n${rng.int(4, 12)} successes / 0 failures / 0 errors / 1 pending : ${dur(rng, 0.01, 0.2, 6)} seconds\n\nPending → spec/ui_spec.lua @ ${rng.int(20, 80)}\ntalaan.ui float resizes on VimResized\nneeds a real UI (nvim --embed)`,
      ),
    );
  return one(
    undefined,
    ok(
      'read_file',
      { path: '.luacheckrc' },
      `std = "luajit"\ncache = true\ncodes = true\nglobals = { "vim" }\nread_globals = { "describe", "it", "assert", "before_each", "after_each" }\nmax_line_length = ${rng.pick([100, 120])}\nexclude_files = { "tests/minimal_init.lua" }`,
    ),
  );
}

function ravenBig(rng: Rng): RimStep {
  if (rng.chance(0.5))
    return one(
      'TAP output so every case is listed, including the Tagalog date words.',
      cmd(
        'run_busted',
        { spec: 'spec', output: 'TAP' },
        `${lines(rng.int(440, 540), (i) => `ok ${i + 1} - talaan.${rng.pick(['parser', 'ui', 'config', 'dates'])} ${rng.pick(['parses', 'keeps', 'renders', 'sorts', 'ignores'])} ${rng.pick(['"bukas"', '"sa Lunes"', 'nested lists', 'an empty file', '@due(2025-01-31)', 'CRLF endings'])} #${i + 1}`)}\n1..${rng.int(440, 540)}`,
      ),
    );
  return one(undefined, ok('read_file', { path: 'lua/talaan/init.lua' }, lua(rng, rng.int(480, 560))));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `:Talaan${cap(t)} na command para sa mga overdue na gawain`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Kumusta! Nasa ~/mga-proyekto/talaan.nvim ang plugin ko — Neovim plugin sa Lua para sa mga todo list sa markdown. Ang tests ay busted (sa nlua), lint ay luacheck, format ay StyLua. Kailangan ko ng ${needle}, na nagpapakita sa floating window. Huwag mo munang galawin ang mga option ng setup().`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `recurring na gawain gamit ang @every syntax sa module na talaan.${t}`;
        return { how: 'user-followup', needle, beats: [{ user: `Susunod na task: ${needle}, may mga test.` }] };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `Telescope picker na ${t} para sa lahat ng bukas na gawain`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Isa pa: gusto ko ng ${needle}, optional lang kung walang Telescope.` }],
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
            (x) => `walang vim.fn sa lua/talaan/${x}.lua, vim.api lang`,
            (x) => `bawal gumamit ng plenary sa ${x}`,
            (x) => `dapat gumana ang ${x} sa Neovim 0.9, kaya hindi puwede ang vim.system`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Isang patakaran: ${needle}. Marami pang user ang nasa lumang bersyon.`,
                `Tandaan mo — ${needle}. Napag-usapan na namin ito sa issue tracker.`,
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
        const needle = `- \`lua/talaan/${t}.lua\` must have no side effects at require() time (no autocmds, no keymaps)`;
        return {
          how: 'tool-contributing',
          needle,
          beats: [
            {
              step: one(
                'Reading CONTRIBUTING.md first; the maintainer keeps the plugin rules there.',
                ok(
                  'read_file',
                  { path: 'CONTRIBUTING.md' },
                  `# Pag-ambag / Contributing\n\nRun \`make test\` (busted via nlua) and \`make lint\` (luacheck + stylua --check) before a PR.\n\n## Rules\n\n- Public API lives in \`lua/talaan/init.lua\`; everything else is internal.\n${needle}\n- Options are read from \`require("talaan.config").options\`, never from globals.\n- ${rng.pick(['Dates are ISO 8601 (YYYY-MM-DD) everywhere.', 'Every user command gets a help tag in doc/talaan.txt.'])}\n`,
                ),
              ),
            },
            {
              step: one(
                `So ${t}.lua only defines functions; autocmds belong in plugin/. Let me confirm none are there yet.`,
                ok('grep', { pattern: 'nvim_create_autocmd\\|keymap.set', path: `lua/talaan/${t}.lua` }, ''),
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
            (x) => `I'll keep ${x} state in a buffer-local variable (vim.b) instead of a module table`,
            (x) => `Gagamit ako ng extmarks para sa ${x}, hindi ng virtual text na inuulit sa bawat redraw`,
            (x) => `Decided: ${x} parses lazily on BufEnter rather than on every TextChanged`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: many(`${needle}. Large lists stay responsive, and closing the buffer drops the state with it.`, [
                ok(
                  'write_file',
                  {
                    path: `lua/talaan/${t}.lua`,
                    content: `local M = {}\n\nlocal ns = vim.api.nvim_create_namespace("talaan_${t}")\n\nfunction M.refresh(buf)\n  vim.api.nvim_buf_clear_namespace(buf, ns, 0, -1)\nend\n\nreturn M\n`,
                  },
                  `Wrote ${rng.int(150, 500)} bytes to lua/talaan/${t}.lua`,
                ),
                cmd('run_busted', { spec: 'spec' }, busted(rng)),
              ]),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} ay gagamit ng vim.ui.select, hindi ng sariling menu`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            {
              user: rng.pick([
                `Napagpasyahan na namin: ${needle}.`,
                `Sige, ${needle} — para gumana rin sa dressing.nvim.`,
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
        const needle = `lua/talaan/${t}.lua`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many(rng.pick(['New module and its spec together.', 'Bagong module at ang spec nito.']), [
                ok(
                  'write_file',
                  { path: needle, content: `local M = {}\n\n${lua(rng, 6)}\n\nreturn M\n` },
                  `Wrote ${rng.int(200, 900)} bytes to ${needle}`,
                ),
                ok(
                  'write_file',
                  {
                    path: `spec/${t}_spec.lua`,
                    content: `describe("talaan.${t}", function()\n  it("loads", function()\n    assert.is_table(require("talaan.${t}"))\n  end)\nend)\n`,
                  },
                  `Wrote ${rng.int(90, 200)} bytes to spec/${t}_spec.lua`,
                ),
              ]),
            },
            { step: one(undefined, cmd('run_busted', { spec: `spec/${t}_spec.lua` }, busted(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `spec/${t}_spec.lua`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'replace_text',
                  {
                    path: needle,
                    old: 'pending("handles @every weekly")',
                    new: 'it("handles @every weekly", function()',
                  },
                  `Replaced 1 occurrence in ${needle}`,
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
        const needle = `attempt to index a nil value (local '${t}')`;
        const failure = `Error → spec/parser_spec.lua @ ${rng.int(10, 80)}\ntalaan.parser parse_file keeps nested items\nlua/talaan/parser.lua:${line}: ${needle}\n\nstack traceback:\n\tlua/talaan/parser.lua:${line}: in function 'parse_file'\n\tspec/parser_spec.lua:${rng.int(10, 80)}: in function <spec/parser_spec.lua:${rng.int(10, 80)}>\n`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 30 : 2,
          (i) =>
            `[talaan] parsing fixture ${i + 1}: spec/fixtures/${rng.pick(['lista', 'gawain', 'bahay', 'trabaho'])}.md`,
          '',
          busted(rng, failure),
        );
        return {
          how: 'tool-busted',
          needle,
          beats: [
            { step: one(undefined, cmd('run_busted', { spec: 'spec' }, out, 1)) },
            {
              step: one(
                `${t} is nil for an indented item with no parent; parse_file has to create the parent first.`,
                ok('read_file', { path: 'lua/talaan/parser.lua' }, lua(rng, 14)),
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
        const needle = `accessing undefined variable '${t}'`;
        return {
          how: 'tool-luacheck',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  'run_luacheck',
                  { paths: ['lua', 'spec'] },
                  luacheck(rng, [
                    `${rng.int(5, 150)}:${rng.int(3, 30)}: (W113) ${needle}`,
                    `${rng.int(5, 150)}:${rng.int(3, 30)}: (W211) unused variable 'ok'`,
                  ]),
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t} was meant to be a local; declaring it at the top of the function.`,
                ok(
                  'grep',
                  { pattern: t, path: 'lua' },
                  `lua/talaan/ui.lua:${rng.int(10, 150)}:  ${t} = vim.api.nvim_get_current_win()`,
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
        const needle = `E5108: Error executing lua [string ":lua"]:1: module 'talaan.${t}' not found:`;
        return {
          how: 'tool-nvim',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  'nvim_headless',
                  { lua: `require("talaan.${t}").open()` },
                  `Error detected while processing command line:\n${needle}\n\tno field package.preload['talaan.${t}']\n\tno file './talaan/${t}.lua'\n\tno file '/usr/share/luajit-2.1/talaan/${t}.lua'\n\tno file '/usr/local/share/lua/5.1/talaan/${t}.lua'\n\tno file '${ROOT}/lua/talaan/${t}/init.lua'\nstack traceback:\n\t[C]: in function 'require'\n\t[string ":lua"]:1: in main chunk`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `The module was created under the wrong directory; talaan.${t} must live in lua/talaan/.`,
                ok('grep', { pattern: `${t}`, path: '.' }, `./lua/${t}.lua:1:local M = {}`),
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
        const needle = `checksum = "${t}"`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                cmd(
                  'nvim_headless',
                  { lua: 'print(vim.inspect(require("talaan").stats("spec/fixtures/malaki.md")))' },
                  `{\n  ${needle},\n  done = ${rng.int(10, 400)},\n  open = ${rng.int(10, 400)},\n  overdue = ${rng.int(0, 40)},\n  parse_ms = ${dur(rng, 0.5, 30, 3)}\n}`,
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
        const needle = `TAL-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Ang issue sa Codeberg ay ${needle}, pakilagay sa commit message.` }],
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
            (x) => `Susunod: idagdag ang :Talaan${cap(x)} sa doc/talaan.txt`,
            (x) => `Next: document :Talaan${cap(x)} in doc/talaan.txt and regenerate the helptags`,
            (x) => `Kulang pa ang help entry ng :Talaan${cap(x)} sa doc/talaan.txt`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Specs pass and luacheck is clean.\n${needle}\nAfter that, stylua once more.`,
                ok('grep', { pattern: `Talaan${cap(t)}`, path: 'doc' }, ''),
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
        const needle = `i-test ang ${t} sa Neovim 0.9 bago mag-release`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Ayos! Huling bilin: ${needle}.` },
            {
              step: one(
                `Sige, ${t} sa 0.9. Titingnan ko muna kung aling bersyon ang naka-install.`,
                cmd('nvim_headless', { lua: 'print(tostring(vim.version()))' }, '0.10.2'),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** A step as the server keeps it: the model's raw completion (the calls, `<bot_end>`, then its thought) as content. */
function raw(s: RimStep): RimStep {
  const calls = s.calls.map((c) => `${c.tool}(${pyKwargs(c.args)})`).join('; ');
  return { ...s, say: `Call: ${calls}<bot_end>${s.say ? `\nThought: ${s.say}` : ''}` };
}

/** The planters with every step's content written as the raw completion. */
function rawPlanters(planters: Record<FactKind, Planter[]>): Record<FactKind, Planter[]> {
  const out = {} as Record<FactKind, Planter[]>;
  for (const [kind, list] of Object.entries(planters) as [FactKind, Planter[]][])
    out[kind] = list.map((p) => ({
      user: p.user,
      plant: (c) => {
        const planted = p.plant(c);
        return { ...planted, beats: planted.beats.map((b) => ('step' in b ? { step: raw(b.step) } : b)) };
      },
    }));
  return out;
}

function doc(name: string, params: string, what: string, args: string): string {
  return `Function:\ndef ${name}(${params}):\n    """\n    ${what}\n\n    Args:\n${args}\n\n    Returns:\n    str: the function's output.\n    """\n`;
}

/** The raven harness. */
export const RIM_RAVEN: RimHarness = {
  style: 'raven',
  protocol: 'native',
  system: [
    doc(
      'run_busted',
      'spec: str = "spec", output: str = "utfTerminal"',
      'Run busted (through nlua, with tests/minimal_init.lua) on a spec file or directory.',
      '    spec (str): spec file or directory.\n    output (str): busted output handler.',
    ),
    doc(
      'run_luacheck',
      'paths: list',
      'Run luacheck with the project .luacheckrc.',
      '    paths (list): files or directories to check.',
    ),
    doc(
      'run_stylua',
      'check: bool = True',
      'Run StyLua on lua/ and spec/; with check, only report differences.',
      '    check (bool): report instead of rewriting.',
    ),
    doc(
      'nvim_headless',
      'lua: str',
      'Run `nvim --headless -u tests/minimal_init.lua` and execute a Lua chunk, then quit.',
      '    lua (str): the Lua code to execute.',
    ),
    doc(
      'read_file',
      'path: str',
      'Return the content of a file of the plugin.',
      '    path (str): path relative to the repository.',
    ),
    doc(
      'write_file',
      'path: str, content: str',
      'Create or overwrite a file.',
      '    path (str): the file.\n    content (str): its full content.',
    ),
    doc(
      'replace_text',
      'path: str, old: str, new: str',
      'Replace exactly one occurrence of old by new.',
      '    path (str): the file.\n    old (str): text to find.\n    new (str): replacement.',
    ),
    doc(
      'grep',
      'pattern: str, path: str = "."',
      'ripgrep the repository; returns path:line:text lines.',
      '    pattern (str): regular expression.\n    path (str): where to search.',
    ),
    `The repository is ${ROOT}, a Neovim plugin written in Lua (Neovim >= 0.9, LuaJIT). The user writes in Tagalog/Filipino.\nUser Query: the messages that follow.<human_end>`,
  ].join('\n'),
  tools: [...COMMANDS, 'read_file', 'write_file', 'replace_text', 'grep'],
  callId: (rng) => `chatcmpl-tool-${hex(rng, 32)}`,
  wrap: (c) =>
    COMMANDS.includes(c.tool)
      ? `${c.output}${c.output ? '\n' : ''}[exit status ${c.exitCode ?? (c.status === 'ok' ? 0 : 1)}]`
      : c.output,
  noise: (rng) => raw(ravenNoise(rng)),
  big: (rng) => raw(ravenBig(rng)),
  followUp: (rng) =>
    rng.pick([
      'Pumapasa na ba ang mga test?',
      'Ano ang sabi ng luacheck?',
      'Patakbuhin mo ulit ang busted, pakiusap.',
      'Ipaliwanag mo nang maikli kung ano ang binago mo.',
      'Sige, ano ang susunod?',
      'May warning pa ba sa checkhealth?',
    ]),
  keepGoing: (rng) => rng.pick(['Ituloy mo.', 'Sige, tuloy lang.', 'Ituloy mo hanggang pumasa lahat ng test.']),
  answer: (rng) =>
    rng.pick([
      'Tapos na: pumapasa ang busted at malinis ang luacheck.',
      `Done — ${rng.int(18, 64)} successes, 0 failures, and StyLua reports no diff.`,
      'Naayos na; may isang WARNING na lang sa checkhealth tungkol sa ripgrep.',
      'Buod: gumagana ang bagong module sa headless Neovim at pasado ang lahat ng spec.',
    ]),
  probe: (rng) => rng.pick(['Ituloy mo.', 'Ituloy mo kung saan ka huminto.', 'At ngayon?']),
  planters: rawPlanters(PLANTERS),
};
