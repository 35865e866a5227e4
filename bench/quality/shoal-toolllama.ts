/**
 * The toolllama harness of the shoal family (shoal.ts): a ToolLLaMA-like model trained on ToolBench
 * traces. Its calls are text: each reply is `Thought:`, `Action: <api>_for_<tool>` and `Action Input:`
 * with a JSON object, one call a reply; the runner answers with one user message `Observation:` and
 * ToolBench's `{"error": "", "response": "…"}` body (the output JSON-escaped on one line). It finishes
 * with `Action: Finish` and `{"return_type": "give_answer", "final_answer": …}`.
 * A Haxe 4.3 inventory app for traders of Onitsha Main Market (HashLink and JS targets, utest, haxelib):
 * the compiler's `src/x.hx:12: characters 4-9 : Unknown identifier : y` lines, `has no field`, type
 * errors with `For function argument`, haxelib's missing libraries, HashLink's `Uncaught exception` with
 * `Called from` frames, utest's `assertations:`/`results: SOME TESTS FAILURES` report; for an
 * Igbo-speaking developer.
 * Imitated: ToolBench's Thought/Action/Action Input layout, the `_for_` API names, the error/response
 * body and Finish/give_answer (from memory of the ToolBench repository). Invented: the three APIs and the
 * project. Haxe's, haxelib's, HashLink's and utest's texts are from memory (close, not exact); the Igbo
 * is plain and may be stiff.
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
  pyJson,
  say,
  some,
  type Planter,
  type ShoalCall,
  type ShoalHarness,
  type ShoalStep,
} from './shoal-kit';

const ROOT = '/home/chinedu/ahia-stock';
const SH = 'execute_command_for_terminal';
const RD = 'read_file_for_workspace';
const WR = 'write_file_for_workspace';
const MODS = ['Stock', 'Ledger', 'Supplier', 'Reorder', 'PriceList', 'Receipt', 'Shelf'];
const LINES = ['Ochanja', 'Bridgehead', 'Relief', 'Main Market', 'Ose Okwodu', 'Electrical Line'];

function sh(command: string, output: string, code = 0): ShoalCall {
  return code === 0 ? ok(SH, { command }, output, 0) : fail(SH, { command }, output, code);
}
function read(path: string, content: string): ShoalCall {
  return ok(RD, { path }, content);
}
function write(path: string, content: string): ShoalCall {
  return ok(WR, { path, content }, `saved ${content.length} bytes to ${path}`);
}

function hx(mod: string, body: string): string {
  return `package ahia;\n\nimport haxe.ds.StringMap;\n\nclass ${mod} {\n${body}\n}`;
}

function utestOk(rng: Rng): string {
  const n = rng.int(30, 90);
  return `assertations: ${n}\nsuccesses: ${n}\nerrors: 0\nfailures: 0\nwarnings: 0\nexecution time: ${dur(rng, 0.01, 0.2, 3)}\n\nresults: ALL TESTS OK (success: true)`;
}

function utestFail(rng: Rng, cls: string, test: string, detail: string): string {
  const n = rng.int(30, 90);
  const others = some(rng, MODS, 2)
    .map((m) => `ahia.Test${m}\n  test${m}Loads: OK .........`)
    .join('\n');
  return `assertations: ${n}\nsuccesses: ${n - 1}\nerrors: 0\nfailures: 1\nwarnings: 0\nexecution time: ${dur(rng, 0.01, 0.2, 3)}\n\nresults: SOME TESTS FAILURES (success: false)\n${others}\n${cls}\n  ${test}: FAILURE ..F..\n    ${detail}\n`;
}

function compileErr(rng: Rng, hole: string): string {
  const mod = rng.pick(MODS);
  return `src/ahia/${mod}.hx:${rng.int(10, 90)}: characters ${rng.int(2, 9)}-${rng.int(10, 30)} : Warning : (WDeprecated) haxe.Utf8 is deprecated. Use String.iterator() instead\n${hole}\n`;
}

function tlNoise(rng: Rng): ShoalStep {
  const r = rng.int(0, 6);
  const mod = rng.pick(MODS);
  if (r === 0) return one('Build the HashLink target first.', sh('haxe build-hl.hxml', ''));
  if (r === 1) return one('Run the utest suite on HashLink.', sh('haxe test.hxml && hl bin/tests.hl', utestOk(rng)));
  if (r === 2)
    return one(
      `Read ${mod}.hx to see how it is structured.`,
      read(
        `src/ahia/${mod}.hx`,
        hx(mod, `  public var items:StringMap<Int> = new StringMap();\n\n  public function new() {}\n`),
      ),
    );
  if (r === 3)
    return one(
      'List installed libraries.',
      sh('haxelib list', `format: [2.0.1]\nhashlink: [0.1.0]\nhxcpp: [4.3.2]\nutest: [1.13.2]\ntink_core: [2.1.1]`),
    );
  if (r === 4)
    return one(
      'Grep for the callers.',
      sh(
        `grep -rn "${mod.toLowerCase()}" src/ | head -8`,
        lines(
          rng.int(3, 8),
          () =>
            `src/ahia/${rng.pick(MODS)}.hx:${rng.int(5, 140)}:    var ${mod.toLowerCase()} = new ${mod}(${rng.pick(LINES) === 'Relief' ? '' : 'store'});`,
        ),
      ),
    );
  if (r === 5)
    return one(
      'Build the JS target too.',
      sh(
        'haxe build-js.hxml',
        compileErr(
          rng,
          `src/ahia/${mod}.hx:${rng.int(10, 90)}: characters ${rng.int(2, 9)}-${rng.int(10, 30)} : ${rng.pick(['Float should be Int', 'String should be Int', 'Null<Int> should be Int'])}`,
        ),
        1,
      ),
    );
  return one('Check what changed.', sh('git status --short', ` M src/ahia/${mod}.hx\n M test/Test${mod}.hx`));
}

function tlBig(rng: Rng): ShoalStep {
  return one(
    'Dump the stock CSV export to see the real data.',
    sh(
      'hl bin/export.hl --csv',
      `sku,line,shop,item,qty,unit_price_ngn,reorder_at,supplier\n${lines(
        rng.int(300, 380),
        (i) =>
          `AH-${String(10000 + i)},${nth(LINES, i)},shop ${(i % 47) + 1},${nth(['Ankara 6yd', 'George wrapper', 'Lace 5yd', 'Aso-oke', 'Adire', 'Velvet'], i)},${(i * 7) % 120},${1500 + ((i * 37) % 9000)},${(i % 9) + 3},${nth(['Nnewi Textiles', 'Aba Mills', 'Kano Weavers', 'Lagos Import Co'], i)}`,
      )}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `ihe ọhụrụ ${t} ga-egosi ngwaahịa niile na-achọ reorder n'otu ụlọ ahịa`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Ndewo! Ọrụ m dị na ${ROOT} — ngwa Haxe maka ndekọ ngwaahịa ndị ahịa Onitsha Main Market (HashLink na JS). Achọrọ m ${needle}. Biko kọwaa ihe ọ bụla ị na-eme.`,
            },
            { step: one('Build the HashLink target first.', sh('haxe build-hl.hxml', '')) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: tinye mbupụ PDF nke akwụkwọ ọnụahịa`;
        return { how: 'user-followup', needle, beats: [{ user: `Ọrụ na-esote: ${needle}.` }] };
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
            (x) => `emetụla haxelib.json ma ọ bụ ${x}.hxml`,
            (x) => `ọnụahịa niile dị na ${x} ga-abụ Int na kobo, ọ bụghị Float`,
            (x) => `ule ọ bụla ọhụrụ maka ${x} ga-agba ọsọ na HashLink na JS`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Iwu: ${needle}.`, `Cheta — ${needle}.`, `Nke a dị mkpa: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = rng.pick([
          `${cap(t)} rule: no Dynamic in public signatures of the ahia package`,
          `${cap(t)} rule: every class under src/ahia keeps a test class under test/`,
          `${cap(t)} rule: the JS build stays ES5, the market's tablets are old`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'Read the contributing notes before touching code.',
                read(
                  'CONTRIBUTING.md',
                  `# ahia-stock\n\n- run \`haxe test.hxml\` before pushing\n- ${needle}\n- format with haxe-formatter`,
                ),
              ),
            },
            { step: one('Run the utest suite on HashLink.', sh('haxe test.hxml && hl bin/tests.hl', utestOk(rng))) },
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
            (x) => `I keep ${x} as an abstract over Int so kobo never mixes with naira`,
            (x) => `${x} will be a typedef plus a static extension, not a new class`,
            (x) => `better to compute ${x} once per shop in Reorder than per item in the view`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [{ step: one(`Decision: ${needle}.`, write('docs/decisions.md', `# Decisions\n\n- ${needle}.\n`)) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} ga-eji tink_core Promise, ọ bụghị callbacks`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Anyị ekpebiela: ${needle}.`, `Ka anyị mee ya otu a: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const C = cap(t);
        const needle = `src/ahia/${C}View.hx`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'Write the new view class.',
                write(
                  needle,
                  hx(`${C}View`, `  public static function render(s:Stock):String {\n    return s.toString();\n  }`),
                ),
              ),
            },
            { step: one('Build the HashLink target first.', sh('haxe build-hl.hxml', '')) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `test/Test${cap(t)}.hx`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'Add a utest case for it.',
                write(
                  needle,
                  `import utest.Assert;\n\nclass Test${cap(t)} extends utest.Test {\n  function testReorder() {\n    Assert.equals(3, new ahia.Reorder().due("Ochanja").length);\n  }\n}`,
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
        const needle = `Unknown identifier : ${t}Qty`;
        const mod = rng.pick(MODS);
        return {
          how: 'tool-compiler',
          needle,
          beats: [
            {
              step: one(
                'Build the HashLink target first.',
                sh(
                  'haxe build-hl.hxml',
                  compileErr(
                    rng,
                    `src/ahia/${mod}.hx:${rng.int(20, 120)}: characters ${rng.int(8, 14)}-${rng.int(20, 30)} : ${needle}`,
                  ),
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t}Qty was renamed; use the field on the item.`,
                write(`src/ahia/${mod}.hx`, hx(mod, '  public function qty(i:Item):Int return i.qty;')),
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
        const needle = `Null access .${t}`;
        const mod = rng.pick(MODS);
        return {
          how: 'tool-runtime',
          needle,
          beats: [
            {
              step: one(
                'Run the export against the sample data.',
                sh(
                  'hl bin/export.hl --shop 12',
                  `loading data/sample.json\n${rng.int(200, 900)} items\nUncaught exception: ${needle}\nCalled from ahia.${mod}.reorderFor (ahia/${mod}.hx line ${rng.int(20, 140)})\nCalled from ahia.Reorder.due (ahia/Reorder.hx line ${rng.int(20, 90)})\nCalled from Export.main (Export.hx line ${rng.int(10, 40)})`,
                  1,
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
        const needle = `test${cap(t)}: FAILURE`;
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: one(
                'Run the utest suite on HashLink.',
                sh(
                  'haxe test.hxml && hl bin/tests.hl',
                  utestFail(
                    rng,
                    'ahia.TestReorder',
                    `test${cap(t)}`,
                    `line: ${rng.int(10, 80)}, expected ${rng.int(2, 9)} but it is ${rng.int(10, 20)}`,
                  ),
                  1,
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
        const line = rng.pick(LINES);
        const needle = `${line}: ${t} items below reorder level`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Count items to reorder per market line.',
                sh(
                  'hl bin/export.hl --summary',
                  `${some(
                    rng,
                    LINES.filter((l) => l !== line),
                    3,
                  )
                    .map((l) => `${l}: ${rng.int(2, 90)} items below reorder level`)
                    .join('\n')}\n${needle}`,
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
        const needle = `build ${t}${hex(rng, 4)}`;
        return {
          how: 'tool-build',
          needle,
          beats: [
            {
              step: one(
                'Stamp the build id into the about page.',
                sh('haxe build-js.hxml -D build_id && cat bin/BUILD', `${needle} (haxe 4.3.6, js es5)`),
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
        const needle = `ONI-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Koodu ụlọ ahịa ọhụrụ bụ ${needle}; tinye ya na data/shops.json.` }],
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
            (x) => `Left to do: the JS build of ${x} has not been run on the old tablets`,
            (x) => `${x} still lacks a utest case for a shop with no stock at all`,
            (x) => `next, port ${x} to the hxcpp target and time it`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Commit. ${needle}.`,
                sh(`git commit -qam "ahia: ${t}" && git log --oneline -1`, `${hex(rng, 7)} ahia: ${t}`),
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
        const needle = `mgbe ị mechara, dee nchịkọta dị mkpirikpi n'Igbo banyere ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Daalụ. Otu ihe ọzọ: ${needle}.` },
            { step: one('Run the utest suite on HashLink.', sh('haxe test.hxml && hl bin/tests.hl', utestOk(rng))) },
          ],
        };
      },
    },
  ],
};

function observation(c: ShoalCall): string {
  const error = c.status === 'error' ? `exit status ${c.exitCode ?? 1}` : '';
  return `Observation: ${pyJson({ error, response: c.output })}`;
}

/** The toolllama harness. */
export const SHOAL_TOOLLLAMA: ShoalHarness = {
  style: 'toolllama',
  protocol: 'text',
  system: `You are AutoGPT, you can use many tools(functions) to do the following task.\nFirst I will give you the task description, and your task start.\nAt each step, you need to give your thought to analyze the status now and what to do next, with a function call to actually excute your step. Your output should follow this format:\nThought:\nAction:\nAction Input:\n\nAfter the call, you will get the call result, and you are now in a new state.\nRemember:\n1.the state change is irreversible, you can't go back to one of the former state.\n2.All the thought is short, at most in 5 sentence.\n3.You can do more then one trys, so if your plan is to continusly try some conditions, you can do one of the conditions per try.\nLet's Begin!\nTask description: You maintain ahia-stock, a Haxe 4.3 inventory app (${ROOT}) for traders of Onitsha Main Market. The developer writes Igbo.\nSpecifically, you have access to the following APIs: ${SH} (command), ${RD} (path), ${WR} (path, content), Finish (return_type, final_answer).`,
  tools: [SH, RD, WR],
  renderStep: (s) => {
    const c = s.calls[0] as ShoalCall;
    return `Thought: ${s.say ?? 'Keep going with the task.'}\nAction: ${c.tool}\nAction Input: ${pyJson(c.args)}`;
  },
  renderResults: (s) => observation(s.calls[0] as ShoalCall),
  renderAnswer: (text) =>
    `Thought: I have what I need.\nAction: Finish\nAction Input: ${pyJson({ return_type: 'give_answer', final_answer: text })}`,
  resultPrefix: 'Observation: {"error": ',
  callMark: /^Action: (?!Finish$)/gm,
  resultMark: /^Observation: \{"error": /gm,
  noise: tlNoise,
  big: tlBig,
  followUp: (rng) =>
    rng.pick([
      'Ule niile gafere?',
      'Gịnị ka haxe na-ekwu ugbu a?',
      'Biko mee ule ọzọ.',
      'Gịnị ka ị gbanwere?',
      'Ọ dị mma, gịnị fọdụrụ?',
      'Enwere njehie ọ bụla ka dị?',
    ]),
  keepGoing: (rng) => rng.pick(["Gaa n'ihu.", "Gaa n'ihu, akwụsịla.", "Gaa n'ihu ruo mgbe ule niile gafere."]),
  answer: (rng) =>
    rng.pick([
      `Emechaala m: ule utest niile gafere (${rng.int(30, 90)} assertations) na HashLink.`,
      'Done: both targets build and the utest suite is green.',
      'Edoziela ya. Enwere warning WDeprecated na Receipt.hx, mana o metụtaghị mgbanwe a.',
      "N'okwu dị mkpirikpi: reorder na-arụ ọrụ, ọnụahịa dịkwa na kobo.",
    ]),
  probe: (rng) => rng.pick(["Gaa n'ihu.", "Gaa n'ihu site ebe ị kwụsịrị.", 'Kedu ihe na-esote?']),
  planters: PLANTERS,
};
