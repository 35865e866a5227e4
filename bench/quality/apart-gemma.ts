/**
 * The gemma harness of the apart family (apart.ts): a local Gemma model speaking Google's text
 * function-calling convention — Python calls in a ```tool_code block, answered by the harness in a
 * user message holding a ```tool_outputs block per call. A Lean 4/lake formalisation on Mathlib,
 * for a Thai-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import { buried, fail, hex, lines, ok, one, pyArgs, type ApartHarness, type Planter, type WideStep } from './apart-kit';

const MODS = ['Ramsey.Basic', 'Ramsey.Coloring', 'Ramsey.Bounds', 'Ramsey.Hypergraph', 'Ramsey.Finite', 'Ramsey.Van'];
const ELAN = '/home/somchai/.elan/toolchains/leanprover--lean4---v4.11.0/bin/lean';

const path = (mod: string) => `${mod.replace(/\./g, '/')}.lean`;

function built(rng: Rng, n: number): string {
  const total = rng.int(2900, 3300);
  return lines(
    n,
    (i) =>
      `✔ [${total - n + i}/${total}] Built ${rng.pick(MODS)}${rng.chance(0.3) ? ` (${rng.int(1, 40)}.${rng.int(0, 9)}s)` : ''}`,
  );
}

function leanSource(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `theorem card_le_${i} {V : Type*} [Fintype V] (G : SimpleGraph V) : G.edgeFinset.card ≤ (Fintype.card V).choose 2 := by`,
      `  simp only [Finset.card_le_card, Set.toFinset_subset]`,
      `  exact ${rng.pick(['G.card_edgeFinset_le_card_choose_two', 'le_rfl', 'Nat.le_succ _'])}`,
      `lemma mono_${i} (h : s ⊆ t) : s.card ≤ t.card := Finset.card_le_card h`,
      `  induction n with\n  | zero => simp\n  | succ k ih => omega`,
      `/-- ${rng.pick(['The Ramsey number R(3,3) = 6.', 'Colourings of the complete graph.', 'A monochromatic triangle exists.'])} -/`,
      '',
      `open Finset in`,
    ]),
  );
}

function render(s: WideStep): string {
  const blocks = s.calls.map((c) => `\`\`\`tool_code\nprint(${c.tool}(${pyArgs(c.args)}))\n\`\`\``);
  return [...(s.say ? [s.say] : []), ...blocks].join('\n');
}

function gemmaNoise(rng: Rng): WideStep {
  const r = rng.int(0, 5);
  const mod = rng.pick(MODS);
  if (r === 0)
    return one(
      undefined,
      ok('lake_build', { target: mod }, `${built(rng, rng.int(2, 8))}\nBuild completed successfully.`, 0),
    );
  if (r === 1)
    return one(
      rng.pick(['ขอดูไฟล์ก่อนครับ', undefined]),
      ok('read_file', { path: path(mod) }, leanSource(rng, rng.int(15, 50))),
    );
  if (r === 2) {
    const name = rng.pick([
      'Finset.card_le_card',
      'SimpleGraph.chromaticNumber_le_card',
      'Nat.choose_symm_diff',
      'Finset.exists_ne_map_eq_of_card_lt_of_maps_to',
    ]);
    return one(
      undefined,
      ok(
        'loogle',
        { query: name },
        `Found ${rng.int(1, 4)} declarations mentioning ${name}.\n${name} : ∀ {α : Type u_1} {s t : Finset α}, s ⊆ t → s.card ≤ t.card\n  Mathlib.Data.Finset.Card`,
      ),
    );
  }
  if (r === 3)
    return one(
      undefined,
      ok(
        'lean_file',
        { path: path(mod) },
        `${path(mod)}:${rng.int(10, 200)}:0: warning: declaration uses 'sorry'\n${path(mod)}:${rng.int(10, 200)}:4: warning: unused variable \`h${rng.int(1, 9)}\`\nnote: this linter can be disabled with \`set_option linter.unusedVariables false\``,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      ok(
        'shell',
        { cmd: 'git diff --stat' },
        lines(
          rng.int(1, 4),
          () =>
            ` ${path(rng.pick(MODS))} | ${rng.int(1, 40)} ${'+'.repeat(rng.int(1, 12))}${'-'.repeat(rng.int(0, 6))}`,
        ),
      ),
    );
  return one(
    undefined,
    ok(
      'shell',
      { cmd: 'lake exe cache get' },
      `Attempting to download ${rng.int(4000, 4900)} file(s)\nDecompressing ${rng.int(4000, 4900)} file(s)\nUnpacked in ${rng.int(800, 9000)} ms\nCompleted successfully!`,
    ),
  );
}

function gemmaBig(rng: Rng): WideStep {
  if (rng.chance(0.5))
    return one(
      'สร้างใหม่ทั้งโปรเจกต์',
      ok('lake_build', { target: 'Ramsey' }, `${built(rng, rng.int(250, 420))}\nBuild completed successfully.`, 0),
    );
  return one(undefined, ok('read_file', { path: path('Ramsey.Finite') }, leanSource(rng, rng.int(280, 400))));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `พิสูจน์ทฤษฎีบท ${t}_le_card ให้เสร็จโดยไม่ใช้ sorry`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `สวัสดีครับ โปรเจกต์นี้เป็น Lean 4 ใช้ Mathlib (lake) งานวันนี้คือ ${needle} อยู่ในไฟล์ Ramsey/Bounds.lean ครับ ถ้า build ช้าให้ใช้ lake exe cache get ก่อน`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `ย้าย lemma ${t}_mono ไปไว้ใน Ramsey/Basic.lean`;
        return { how: 'user-followup', needle, beats: [{ user: `อีกเรื่องครับ ช่วย${needle} ด้วย เพราะไฟล์อื่นก็ใช้มัน` }] };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `ห้ามใช้ native_decide ในไฟล์ ${t}.lean`;
        return { how: 'user-rule', needle, beats: [{ user: `ข้อสำคัญ: ${needle} เพราะ CI ของ Mathlib จะไม่ยอมรับ` }] };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `| Ramsey/${t}.lean | maxHeartbeats stays at 200000 | kernel timeouts on CI |`;
        return {
          how: 'tool-table',
          needle,
          beats: [
            {
              step: one(
                'อ่าน CONTRIBUTING.md ก่อนแก้',
                ok(
                  'read_file',
                  { path: 'CONTRIBUTING.md' },
                  `# Contributing\n\nRun \`lake build\` and \`lake exe runLinter\` before opening a PR.\n\n## Per-file rules\n\n| file | rule | why |\n|------|------|-----|\n| Ramsey/Basic.lean | no new imports of Mathlib.Tactic | build time |\n${needle}\n| Ramsey/Van.lean | statements only, proofs in Van/Proofs | review size |\n\nAll new declarations need a docstring (\`/-- … -/\`).${'\n'.repeat(rng.int(1, 2))}`,
                ),
              ),
            },
            {
              step: one(
                `ใน ${t}.lean จะไม่เพิ่ม set_option maxHeartbeats แต่จะแยก proof ให้เล็กลงแทน`,
                ok('shell', { cmd: `grep -n maxHeartbeats Ramsey/${t}.lean` }, '', 1),
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
        const needle = `จะพิสูจน์ ${t} ด้วย Finset.induction_on แทน strong induction`;
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `ลองมาสองแบบแล้ว ${needle} เพราะ goal สั้นกว่ามาก`,
                ok(
                  'loogle',
                  { query: 'Finset.induction_on' },
                  'Finset.induction_on : ∀ {α : Type u_1} {p : Finset α → Prop} [inst : DecidableEq α] (s : Finset α), p ∅ → (∀ ⦃a : α⦄ {s : Finset α}, a ∉ s → p s → p (insert a s)) → p s\n  Mathlib.Data.Finset.Basic',
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
        const needle = `ใช้ SimpleGraph.${t}Coloring แบบ Fin 2 ไปก่อน`;
        return { how: 'user-choice', needle, beats: [{ user: `ตกลงครับ ${needle} ค่อยทำแบบทั่วไปทีหลัง` }] };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `Ramsey/${t.charAt(0).toUpperCase()}${t.slice(1)}.lean`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'สร้างไฟล์ใหม่สำหรับ lemma ช่วย',
                ok(
                  'write_file',
                  {
                    path: needle,
                    content: `import Mathlib.Combinatorics.SimpleGraph.Coloring\n\nnamespace Ramsey\n\n${leanSource(rng, 6)}\n\nend Ramsey\n`,
                  },
                  `Wrote ${rng.int(300, 900)} bytes to ${needle}`,
                ),
              ),
            },
            { step: one(undefined, ok('lean_file', { path: needle }, '')) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `test/${t}Test.lean`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'write_file',
                  {
                    path: needle,
                    content: `import Ramsey\n\nexample : Ramsey.R 3 3 = 6 := by decide\n#guard_msgs in\n#eval Ramsey.${t} ${rng.int(3, 9)}`,
                  },
                  `Wrote ${rng.int(90, 200)} bytes to ${needle}`,
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
        const line = rng.int(30, 240);
        const needle = `error: ././././Ramsey/Bounds.lean:${line}:2: unsolved goals\ncase ${t}`;
        const warn = (i: number) =>
          `⚠ [${2900 + i}/3120] Built ${rng.pick(MODS)}\nwarning: ././././${path(rng.pick(MODS))}:${rng.int(5, 300)}:8: declaration uses 'sorry'`;
        const out = buried(
          rng,
          rng.chance(0.4) ? 90 : 5,
          warn,
          `✖ [3114/3120] Building Ramsey.Bounds\ntrace: .> LEAN_PATH=././.lake/packages/batteries/.lake/build/lib:././.lake/packages/mathlib/.lake/build/lib:././.lake/build/lib ${ELAN} ././././Ramsey/Bounds.lean -R ./././. -o ././.lake/build/lib/Ramsey/Bounds.olean -i ././.lake/build/lib/Ramsey/Bounds.ilean -c ././.lake/build/ir/Ramsey/Bounds.c --json\n${needle}\nV : Type u_1\ninst✝ : Fintype V\nG : SimpleGraph V\nh : G.CliqueFree 3\n⊢ G.chromaticNumber ≤ ↑(Fintype.card V)\nerror: Lean exited with code 1`,
          'Some required builds logged failures:\n- Ramsey.Bounds\nerror: build failed',
        );
        return {
          how: 'tool-lake',
          needle,
          beats: [
            { step: one(undefined, fail('lake_build', { target: 'Ramsey.Bounds' }, out, 1)) },
            {
              step: one(
                `goal ของ case ${t} ยังเหลือ ต้องใช้ chromaticNumber_le_card ปิด`,
                ok(
                  'loogle',
                  { query: 'SimpleGraph.chromaticNumber_le_card' },
                  'SimpleGraph.chromaticNumber_le_card : ∀ {V : Type u} (G : SimpleGraph V) [inst : Fintype V], G.chromaticNumber ≤ ↑(Fintype.card V)',
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
        const needle = `unknown identifier 'Finset.${t}_of_subset'`;
        return {
          how: 'tool-lean',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'lean_file',
                  { path: 'Ramsey/Coloring.lean' },
                  `Ramsey/Coloring.lean:${rng.int(10, 99)}:4: warning: \`Finset.card_le_of_subset\` has been deprecated, use \`Finset.card_le_card\` instead\nRamsey/Coloring.lean:${rng.int(100, 180)}:10: error: ${needle}\nRamsey/Coloring.lean:${rng.int(181, 260)}:2: error: unsolved goals\n⊢ s.card ≤ t.card`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t}_of_subset ถูกเปลี่ยนชื่อใน Mathlib แล้ว ลองค้นหาชื่อใหม่`,
                ok('loogle', { query: 's ⊆ t → s.card ≤ t.card' }, 'Finset.card_le_card : s ⊆ t → s.card ≤ t.card'),
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
        const needle = `"rev": "${t}${hex(rng, 32)}"`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'ดู revision ของ Mathlib ที่ pin ไว้',
                ok(
                  'read_file',
                  { path: 'lake-manifest.json' },
                  `{"version": "1.1.0",\n "packagesDir": ".lake/packages",\n "packages":\n [{"url": "https://github.com/leanprover-community/mathlib4",\n   "type": "git",\n   "subDir": null,\n   "scope": "",\n   ${needle},\n   "name": "mathlib",\n   "manifestFile": "lake-manifest.json",\n   "inputRev": "master",\n   "inherited": false}],\n "name": "ramsey",\n "lakeDir": ".lake"}`,
                ),
              ),
            },
            {
              step: one(
                `Mathlib อยู่ที่ ${t} ซึ่งเก่ากว่า toolchain นิดหน่อย`,
                ok('shell', { cmd: 'cat lean-toolchain' }, 'leanprover/lean4:v4.11.0'),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('num');
        const needle = `PR #${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `ผู้รีวิวฝั่ง Mathlib ขอให้อ้างอิง ${needle} ในข้อความ commit ด้วยครับ` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `- [ ] เขียน docstring ให้ ${t}_bound`;
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `อัปเดตรายการงาน:\n- [x] ปิด sorry ใน Bounds.lean\n- [x] lake build ผ่าน\n${needle}\n- [ ] lake exe runLinter`,
                ok(
                  'shell',
                  { cmd: `grep -n "${t}_bound" -r Ramsey/` },
                  `Ramsey/Bounds.lean:41:theorem ${t}_bound (n : ℕ) : R 3 n ≤ n.choose 2 + 1 := by`,
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
        const needle = `เพิ่ม ${t} ลงใน Ramsey.lean ที่ import ทั้งหมด`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `ดีมากครับ ก่อนจบอย่าลืม${needle} นะครับ` },
            {
              step: one(
                `รับทราบ ${t} ยังไม่ถูก import`,
                ok('read_file', { path: 'Ramsey.lean' }, MODS.map((m) => `import ${m}`).join('\n')),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The gemma harness. */
export const APART_GEMMA: ApartHarness = {
  style: 'gemma',
  protocol: 'text',
  system:
    'You are a Lean 4 proof assistant working in the `ramsey` lake project (Mathlib, toolchain leanprover/lean4:v4.11.0). At each turn, if you decide to invoke any of the function(s), it should be wrapped with ```tool_code```. The python methods described below are imported and available, you can only use defined methods. The generated code should be readable and efficient. The response to a method will be wrapped in ```tool_outputs``` use it to call more tools or generate a helpful, friendly response. When using a ```tool_call``` think step by step why and how it should be used.\n\ndef lake_build(target: str) -> str: """Runs `lake build <target>`."""\ndef lean_file(path: str) -> str: """Elaborates one file with `lake env lean`."""\ndef read_file(path: str) -> str\ndef write_file(path: str, content: str) -> str\ndef loogle(query: str) -> str: """Searches Mathlib by name or type."""\ndef shell(cmd: str) -> str\n\nAnswer the user in Thai.',
  tools: ['lake_build', 'lean_file', 'read_file', 'write_file', 'loogle', 'shell'],
  renderStep: render,
  renderResults: (s) => s.calls.map((c) => `\`\`\`tool_outputs\n${c.output}\n\`\`\``).join('\n'),
  resultStart: /^```tool_outputs\n/,
  callMark: /^```tool_code$/gm,
  resultMark: /^```tool_outputs$/gm,
  noise: gemmaNoise,
  big: gemmaBig,
  followUp: (rng) =>
    rng.pick([
      'ตอนนี้ build ผ่านหรือยังครับ',
      'ยังมี sorry เหลืออยู่ไหม',
      'ช่วยรัน lake build อีกรอบครับ',
      'อธิบาย proof สั้น ๆ ได้ไหม',
      'โอเค แล้วขั้นต่อไปคืออะไร',
    ]),
  keepGoing: (rng) => rng.pick(['ทำต่อได้เลยครับ', 'ต่อเลย', 'ทำต่อจนกว่าจะ build ผ่านครับ']),
  answer: (rng) =>
    rng.pick([
      'เสร็จขั้นนี้แล้วครับ lake build ผ่าน ไม่มี error',
      'แก้เรียบร้อยแล้ว เหลือแค่ warning เรื่อง linter',
      'proof ปิดแล้วครับ ไม่มี sorry ในไฟล์นี้',
      'สรุป: ไฟล์ที่แก้ build ผ่านทั้งหมด',
    ]),
  probe: (rng) => rng.pick(['ทำต่อจากเดิมครับ', 'ต่อเลยครับ', 'แล้วต่อไปล่ะ']),
  planters: PLANTERS,
};
