/**
 * The commanda harness of the fringe family (fringe.ts): a Cohere Command-A-like model served
 * without a tool parser, so its turns stay in its text — `<|START_THINKING|>…<|END_THINKING|>`,
 * then `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": …, "parameters": {…}}, …]<|END_ACTION|>`
 * with several calls at once — and the harness answers all of them in one user message,
 * `<|START_TOOL_RESULT|>[{"tool_call_id": "0", "results": {"0": {…}}, "is_error": null}, …]<|END_TOOL_RESULT|>`;
 * replies go in `<|START_RESPONSE|>…<|END_RESPONSE|>`. A Coq 8.20 proof development of verified
 * red-black trees built with dune (coqc's `File "./theories/X.v", line …, characters …:` and
 * `Error:` blocks, "In environment", `Unable to unify`, opam, coqtop queries, `Print Assumptions`,
 * alcotest on the extracted OCaml), for an Urdu-speaking user.
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
  nth,
  numberLines,
  ok,
  one,
  pieces,
  pyJson,
  say,
  some,
  type FringeCall,
  type FringeHarness,
  type FringeStep,
  type Planter,
} from './fringe-kit';

const ROOT = '/home/ayesha/projects/darakht';
const THEORIES = ['theories/Tree.v', 'theories/RB.v', 'theories/Perm.v', 'theories/Sorted.v', 'theories/Extract.v'];
const LEMMAS = [
  'insert_bst',
  'insert_rb',
  'balance_bst',
  'lookup_insert_eq',
  'lookup_insert_neq',
  'elements_sorted',
  'elements_perm',
  'makeBlack_rb',
];

/** Whole vernacular sentences of the development, as a file view shows them. */
const VERNAC = [
  `From Coq Require Import Arith Lia List.\nImport ListNotations.\nFrom darakht Require Import Tree.`,
  `Inductive color := Red | Black.\n\nInductive tree (V : Type) : Type :=\n| E : tree V\n| T : color -> tree V -> key -> V -> tree V -> tree V.\nArguments E {V}.\nArguments T {V}.`,
  `Definition balance {V : Type} (c : color) (l : tree V) (k : key) (vk : V) (r : tree V) : tree V :=\n  match c with\n  | Red => T Red l k vk r\n  | Black => match l with\n    | T Red (T Red a x vx b) y vy c\n    | T Red a x vx (T Red b y vy c) => T Red (T Black a x vx b) y vy (T Black c k vk r)\n    | _ => T Black l k vk r\n    end\n  end.`,
  `Fixpoint ins {V : Type} (x : key) (vx : V) (t : tree V) : tree V :=\n  match t with\n  | E => T Red E x vx E\n  | T c l y vy r => if x <? y then balance c (ins x vx l) y vy r\n                    else if y <? x then balance c l y vy (ins x vx r)\n                    else T c l x vx r\n  end.`,
  `Lemma balance_bst : forall {V : Type} c (l : tree V) k vk r,\n    ForallT (fun k' _ => k' < k) l -> ForallT (fun k' _ => k' > k) r ->\n    bst l -> bst r -> bst (balance c l k vk r).\nProof.\n  intros. unfold balance.\n  repeat (match goal with |- context [match ?t with _ => _ end] => destruct t end);\n  repeat constructor; auto; lia.\nQed.`,
  `Theorem insert_bst : forall {V : Type} (t : tree V) (k : key) (v : V),\n    bst t -> bst (insert k v t).\nProof.\n  intros V t k v H. unfold insert.\n  apply make_black_bst. now apply ins_bst.\nQed.`,
  `Inductive RB {V : Type} : tree V -> color -> nat -> Prop :=\n| RB_leaf : forall c, RB E c 0\n| RB_r : forall l k kv r n, RB l Red n -> RB r Red n -> RB (T Red l k kv r) Black n\n| RB_b : forall c l k kv r n, RB l Black n -> RB r Black n -> RB (T Black l k kv r) c (S n).`,
  `Extraction Language OCaml.\nExtract Inductive bool => "bool" [ "true" "false" ].\nExtract Inlined Constant Nat.ltb => "(<)".\nExtraction "extracted/darakht.ml" empty insert lookup elements.`,
];

function vernac(rng: Rng, n: number): string {
  return pieces(rng, VERNAC, n);
}

/** A `run_shell` call: its exit code and output as the harness's document. */
function sh(rng: Rng, command: string, output: string, exitCode = 0): FringeCall {
  const doc = pyJson({ exit_code: exitCode, output, elapsed_s: Number(dur(rng, 0.1, 60, 2)) });
  return exitCode === 0 ? ok('run_shell', { command }, doc, 0) : fail('run_shell', { command }, doc, exitCode);
}

function read(rng: Rng, path: string, n: number, from = 1): FringeCall {
  const body = vernac(rng, n);
  const to = from + body.split('\n').length - 1;
  return ok(
    'read_file',
    { path, start_line: from, end_line: to },
    pyJson({ path, content: numberLines(body, from, (k, l) => `${k}: ${l}`) }),
  );
}

function query(command: string, output: string, file = 'theories/RB.v'): FringeCall {
  return ok('coq_query', { file, command }, pyJson({ output }));
}

function coqcLine(v: string): string {
  return `      coqc ${v.replace(/\.v$/, '')}.{glob,vo}`;
}

function coqcCmd(v: string): string {
  return `(cd _build/default && /home/ayesha/.opam/darakht/bin/coqc -w -notation-overridden -w -deprecated-native-compiler-option -native-compiler ondemand -R theories darakht ${v})`;
}

function warning(rng: Rng): string {
  const f = rng.pick(THEORIES);
  return rng.pick([
    `File "./${f}", line ${rng.int(10, 200)}, characters 0-${rng.int(20, 60)}:\nWarning: Notation "_ ++ _" was already used in scope list_scope.\n[notation-overridden,parsing,default]`,
    `File "./${f}", line ${rng.int(10, 200)}, characters ${rng.int(2, 8)}-${rng.int(20, 40)}:\nWarning: Reference app_nil_end is deprecated since 8.18. Use app_nil_r instead.\n[deprecated-reference-since-8.18,deprecated-since-8.18,deprecated,default]`,
    `File "./${f}", line ${rng.int(10, 200)}, characters 2-${rng.int(12, 30)}:\nWarning: Unused variable H0 might be a misspelled constructor. Use _ or _H0 to silence this warning.\n[unused-pattern-matching-variable,default]`,
  ]);
}

function duneOk(rng: Rng): string {
  return rng.chance(0.4) ? `${coqcLine(rng.pick(THEORIES))}\n${warning(rng)}` : '';
}

/** A failed `dune build`: dune's progress line and command, then coqc's located error. */
function duneFail(rng: Rng, file: string, error: string): string {
  const pre = rng.chance(0.4) ? `${coqcLine(rng.pick(THEORIES))}\n${warning(rng)}\n` : '';
  return `${pre}${coqcLine(file)} (exit 1)\n${coqcCmd(file)}\n${error}`;
}

function alcotest(rng: Rng, failing?: { name: string; idx: number; block: string }): string {
  const cases: [string, string][] = [
    ['insert', 'empty tree'],
    ['insert', 'ascending 1..1000'],
    ['insert', 'descending 1000..1'],
    ['lookup', 'present keys'],
    ['lookup', 'absent keys'],
    ['elements', 'sorted output'],
    ['elements', 'no duplicates'],
    ['invariants', 'black height'],
  ];
  const id = hex(rng, 8).toUpperCase();
  const rows = cases.map(([g, d], i) => `  [OK]          ${g.padEnd(12)}${String(i % 3).padStart(3)}   ${d}.`);
  if (failing)
    rows.splice(failing.idx, 0, `> [FAIL]        ${failing.name.padEnd(12)}${'  0'}   ${failing.name} property.`);
  const head = `Testing \`darakht-extracted'.\nThis run has ID \`${id}'.\n\n${rows.join('\n')}\n`;
  if (!failing)
    return `${head}\nFull test results in \`~/projects/darakht/_build/default/tests/_build/_tests/darakht-extracted'.\nTest Successful in ${dur(rng, 0.01, 2, 3)}s. ${cases.length} tests run.`;
  return `${head}\n┌──────────────────────────────────────────────────────────────────────────────┐\n│ [FAIL]        ${failing.name.padEnd(12)}  0   ${failing.name} property.                      │\n└──────────────────────────────────────────────────────────────────────────────┘\n${failing.block}\nLogs saved to \`~/projects/darakht/_build/default/tests/_build/_tests/darakht-extracted/${failing.name}.000.output'.\n ──────────────────────────────────────────────────────────────────────────────\n\nFull test results in \`~/projects/darakht/_build/default/tests/_build/_tests/darakht-extracted'.\n1 failure! in ${dur(rng, 0.01, 2, 3)}s. ${cases.length + 1} tests run.\n(cd _build/default/tests && ./test_darakht.exe)`;
}

function commandaNoise(rng: Rng): FringeStep {
  const r = rng.int(0, 8);
  if (r === 0) return one(undefined, sh(rng, 'dune build 2>&1', duneOk(rng)));
  if (r === 1) {
    const [a, b] = rng.sample(THEORIES, 2) as [string, string];
    return many(rng.pick(['I will read both files together to compare the invariants.', undefined]), [
      read(rng, a, rng.int(3, 8)),
      read(rng, b, rng.int(2, 6), rng.int(20, 120)),
    ]);
  }
  if (r === 2) {
    const l = rng.pick(LEMMAS);
    return many(undefined, [
      query(
        `About ${l}.`,
        `${l} :\nforall {V : Type} (t : tree V) (k : key) (v : V), bst t -> bst (insert k v t)\n\n${l} is not universe polymorphic\nArguments ${l} {V}%type_scope t k v _\n${l} is opaque\nExpands to: Constant darakht.RB.${l}\nDeclared in library darakht.RB, line ${rng.int(40, 300)}, characters 8-${rng.int(18, 30)}`,
      ),
      query(`Print Assumptions ${l}.`, 'Closed under the global context'),
    ]);
  }
  if (r === 3)
    return one(
      undefined,
      ok(
        'search_lemmas',
        { pattern: rng.pick(['(_ ++ [])', '(In _ (_ ++ _))', '(Sorted _ (_ :: _))', '(_ <? _ = true)']) },
        pyJson({
          output: lines(rng.int(3, 9), () =>
            rng.pick([
              'app_nil_r: forall [A : Type] (l : list A), l ++ [] = l',
              "in_app_iff: forall [A : Type] (l l' : list A) (a : A), In a (l ++ l') <-> In a l \\/ In a l'",
              'Sorted_inv: forall [A : Type] [R : A -> A -> Prop] [a : A] [l : list A], Sorted R (a :: l) -> Sorted R l /\\ HdRel R a l',
              'Nat.ltb_lt: forall n m : nat, (n <? m) = true <-> n < m',
              "Permutation_app_comm: forall [A : Type] (l l' : list A), Permutation (l ++ l') (l' ++ l)",
            ]),
          ),
        }),
      ),
    );
  if (r === 4) return one(undefined, sh(rng, 'dune test 2>&1', alcotest(rng)));
  if (r === 5)
    return many('Build and the extracted tests in one go.', [
      sh(rng, 'dune build @theories/all 2>&1', duneOk(rng)),
      sh(rng, 'dune test 2>&1', alcotest(rng)),
    ]);
  if (r === 6)
    return one(
      undefined,
      sh(
        rng,
        'opam list --installed "coq*"',
        `# Packages matching: installed & name-match(coq*)\n# Name            # Installed  # Synopsis\ncoq               8.20.0       Formal proof management system\ncoq-core          8.20.0       The Coq Proof Assistant -- Core Binaries and Tools\ncoq-equations     1.3.1+8.20   A function definition package for Coq\ncoq-lsp           0.2.2+8.20   Language Server Protocol native server for Coq\ncoq-stdlib        8.20.0       The Coq Proof Assistant -- Standard Library`,
      ),
    );
  if (r === 7) {
    const f = rng.pick(THEORIES.slice(0, 4));
    return many(undefined, [
      ok(
        'edit_file',
        { path: f, old: '  intros. unfold balance.', new: '  intros V c l k vk r Hl Hr Hbl Hbr. unfold balance.' },
        pyJson({ status: 'replaced 1 occurrence', path: f }),
      ),
      sh(rng, `dune build ${f.replace(/\.v$/, '.vo')} 2>&1`, ''),
    ]);
  }
  return one(
    undefined,
    sh(
      rng,
      'git status --short && git log --oneline -3',
      `${some(rng, THEORIES, rng.int(1, 3))
        .map((f) => ` M ${f}`)
        .join('\n')}\n${rng
        .sample(
          [
            'RB: balance_bst via repeat destruct',
            'Perm: elements_perm',
            'dune: coq lang 0.8',
            'Extract: inline ltb',
            'Sorted: elements_sorted',
          ],
          3,
        )
        .map((m) => `${hex(rng, 7)} ${m}`)
        .join('\n')}`,
    ),
  );
}

function commandaBig(rng: Rng): FringeStep {
  if (rng.chance(0.5))
    return one(
      'The whole Search output, to pick the list lemmas the permutation proof needs.',
      ok(
        'search_lemmas',
        { pattern: '(Permutation _ _)' },
        pyJson({
          output: lines(rng.int(230, 280), (i) => {
            const n = rng.pick([
              'Permutation_app',
              'Permutation_cons',
              'Perm_swap',
              'Permutation_in',
              'Permutation_length',
              'Permutation_map',
              'Permutation_rev',
              'perm_trans',
            ]);
            return `${n}${i % 7 ? `_${i}` : ''}: forall [A : Type] (l l' : list A)${i % 3 ? ' (x : A)' : ''}, Permutation l l' -> Permutation (${rng.pick(['x :: l', 'l ++ [x]', 'rev l', 'map f l'])}) (${rng.pick(["x :: l'", "l' ++ [x]", "rev l'", "map f l'"])})`;
          }),
        }),
      ),
    );
  return one(
    'Printing the fully elaborated balance to see which match branches Coq generated.',
    query(
      'Set Printing All. Print balance.',
      `balance =\nfun (V : Type) (c : color) (l : tree V) (k : key) (vk : V) (r : tree V) =>\n${lines(rng.int(260, 320), () => `${' '.repeat(rng.int(2, 14))}| @T V ${rng.pick(['Red', 'Black'])} (@T V ${rng.pick(['Red', 'Black'])} ${rng.pick(['a', 'b', 'c'])} x vx ${rng.pick(['b', 'c', '(@E V)'])}) y vy ${rng.pick(['c', 'd', '(@E V)'])} => @T V Red (@T V Black a x vx b) y vy (@T V Black c k vk r)`)}\n     : forall (V : Type) (_ : color) (_ : tree V) (_ : key) (_ : V) (_ : tree V), tree V\n\nArguments balance {V}%type_scope c l k vk r`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `ماڈیول ${t} میں delete اور اس کی درستی کا مکمل ثبوت`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `السلام علیکم! پروجیکٹ ~/projects/darakht میں ہے — یہ Coq 8.20 میں سرخ-سیاہ درختوں (red-black trees) کی تصدیق شدہ لائبریری ہے، dune سے بنتی ہے اور opam کا switch "darakht" ہے۔ مجھے ${needle} چاہیے، تاکہ insert کی طرح delete بھی bst اور RB دونوں invariants کو برقرار رکھے۔ theories/Extract.v کو ابھی مت چھیڑیں۔`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `interval map کا نیا ماڈیول ${t}، انہی درختوں پر`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `اگلا کام: ${needle}، lookup اور insert کے ثبوتوں کے ساتھ۔` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `OCaml میں نکالے گئے کوڈ کا benchmark ${t}`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `ایک اور چیز: مجھے ${needle} چاہیے، Stdlib کے Map سے موازنہ کے ساتھ۔` }],
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
            (x) => `${x} میں کوئی Axiom یا Admitted نہیں ہونا چاہیے`,
            (x) => `${x} صرف Coq کی Stdlib پر منحصر ہو، stdpp پر نہیں`,
            (x) => `${x} کے ثبوتوں میں Program Fixpoint استعمال نہ کریں`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `ایک شرط: ${needle}۔ یہ لائبریری ایک آڈٹ میں جائے گی۔`,
                `یاد رکھیں — ${needle}؛ یہ review میں طے ہوا تھا۔`,
                `اہم بات: ${needle}۔`,
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
        const needle = `- theories/${cap(t)}.v: every Qed must print "Closed under the global context" under Print Assumptions`;
        return {
          how: 'tool-contributing',
          needle,
          beats: [
            {
              step: one(
                'Before adding a module I will read CONTRIBUTING.md, where the maintainers keep the proof rules.',
                ok(
                  'read_file',
                  { path: 'CONTRIBUTING.md', start_line: 1, end_line: 14 },
                  pyJson({
                    path: 'CONTRIBUTING.md',
                    content: numberLines(
                      `# Contributing to darakht\n\n## Proof rules\n- no \`Admitted\` on main; \`admit\` only in drafts/\n${needle}\n- automation: \`lia\`, \`auto\`, \`eauto\` with local hint databases only\n- ${rng.pick(['one theory file per data structure', 'lemma names are snake_case, definitions camelCase'])}\n\n## Building\n    opam switch darakht\n    dune build && dune test`,
                      1,
                      (k, l) => `${k}: ${l}`,
                    ),
                  }),
                ),
              ),
            },
            {
              step: one(
                `${cap(t)}.v therefore may not lean on any axiom, not even functional extensionality. Checking what it imports today.`,
                sh(
                  rng,
                  `grep -n "Require" theories/${cap(t)}.v`,
                  `1:From Coq Require Import Arith Lia List.\n2:From darakht Require Import Tree RB.`,
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
            (x) => `I will state ${x} over the inductive bst predicate, not the boolean checker`,
            (x) => `I have decided to prove ${x} by functional induction on ins (Functional Scheme), not on the tree`,
            (x) => `My approach: ${x} keeps the invariant as a Record with the tree and its proof`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: many(`${needle}. The reflection lemma would add a layer every proof has to unfold.`, [
                ok(
                  'edit_file',
                  {
                    path: 'theories/RB.v',
                    old: 'Definition delete_spec := True.',
                    new: `Definition ${t}_spec {V} (t : tree V) := bst t -> bst (delete k t).`,
                  },
                  pyJson({ status: 'replaced 1 occurrence', path: 'theories/RB.v' }),
                ),
                sh(rng, 'dune build 2>&1', duneOk(rng)),
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
        const needle = `${t} کے لیے Equations plugin استعمال ہوگا`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            {
              user: rng.pick([`طے ہوا: ${needle}۔`, `ٹھیک ہے، پھر ${needle} — well-founded recursion اس سے آسان ہے۔`]),
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
        const needle = `theories/${cap(t)}.v`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('Creating the theory file and building it with the rest.', [
                ok(
                  'write_file',
                  { path: needle, content: `From darakht Require Import Tree RB.\n\n${vernac(rng, 4)}\n` },
                  pyJson({ status: 'written', path: needle, bytes: rng.int(900, 4000) }),
                ),
                sh(rng, 'dune build 2>&1', duneOk(rng)),
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
        const needle = `tests/${t}_test.ml`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'An alcotest case for the extracted code, registered in tests/dune.',
                ok(
                  'write_file',
                  {
                    path: needle,
                    content: `let test_${t} () =\n  let t = List.fold_left (fun t k -> Darakht.insert k () t) Darakht.empty (List.init 1000 Fun.id) in\n  Alcotest.(check int) "size" 1000 (List.length (Darakht.elements t))\n\nlet tests = [ Alcotest.test_case "${t}" \`Quick test_${t} ]\n`,
                  },
                  pyJson({ status: 'written', path: needle, bytes: rng.int(300, 900) }),
                ),
              ),
            },
            { step: one(undefined, sh(rng, 'dune test 2>&1', alcotest(rng))) },
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
        const line = rng.int(40, 300);
        const needle = `Unable to unify "bst (${t} k v l)" with "bst (balance c l k v r)".`;
        const err = `File "./theories/RB.v", line ${line}, characters ${rng.int(2, 6)}-${rng.int(20, 50)}:\nError:\nIn environment\nV : Type\nc : color\nl : tree V\nk : key\nv : V\nr : tree V\nHl : ForallT (fun (k' : key) (_ : V) => k' < k) l\nHbl : bst l\n${needle}\n`;
        return {
          how: 'tool-coqc',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  rng,
                  'dune build 2>&1',
                  buried(
                    rng,
                    rng.int(2, 6),
                    () => warning(rng),
                    duneFail(rng, 'theories/RB.v', err).trimEnd(),
                    warning(rng),
                  ),
                  1,
                ),
              ),
            },
            {
              step: one(
                `The goal still mentions ${t}; apply picked the wrong conclusion. Reading the proof around line ${line}.`,
                read(rng, 'theories/RB.v', 3, line - 6),
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
        const f = rng.pick(THEORIES.slice(0, 4));
        const needle = `Error: The reference ${t}_ok was not found in the current environment.`;
        const err = `File "./${f}", line ${rng.int(30, 240)}, characters ${rng.int(4, 10)}-${rng.int(14, 30)}:\n${needle}\n`;
        return {
          how: 'tool-coqc',
          needle,
          beats: [
            {
              step: many(undefined, [
                sh(rng, 'dune build 2>&1', duneFail(rng, f, err), 1),
                ok('search_lemmas', { pattern: `${t}_ok` }, pyJson({ output: '' })),
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
        const needle = `Error: (in proof ${t}_rb): Attempt to save an incomplete proof (there are remaining open goals).`;
        const err = `File "./theories/RB.v", line ${rng.int(60, 320)}, characters 0-4:\n${needle}\n`;
        return {
          how: 'tool-coqc',
          needle,
          beats: [
            { step: one(undefined, sh(rng, 'dune build 2>&1', duneFail(rng, 'theories/RB.v', err), 1)) },
            {
              step: one(
                `${t}_rb still has a goal left after the case split; asking coqtop what remains.`,
                query(
                  `Goal True. Show ${t}_rb.`,
                  `1 goal\n\n  V : Type\n  n : nat\n  H : RB l Black n\n  ============================\n  RB (makeBlack (ins k v l)) Black (S n)`,
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
        const needle = `- coq-${t} → coq < 8.19`;
        const out = `[ERROR] Package conflict!\n  * Incompatible packages:\n    ${needle}\n    - coq = 8.20.0\n  * Missing dependency:\n    - coq-${t} → coq-stdpp < 1.10.0\n    no matching version\n\nNo solution found, exiting`;
        return {
          how: 'tool-opam',
          needle,
          beats: [
            {
              step: one(
                'Installing the package the interval proofs could reuse.',
                sh(rng, `opam install -y coq-${t}`, out, 20),
              ),
            },
            {
              step: one(
                `coq-${t} is stuck on 8.18; checking whether a dev version supports 8.20.`,
                sh(
                  rng,
                  `opam show coq-${t} --field=depends,version`,
                  `version     "1.${rng.int(0, 4)}.0"\ndepends     "coq" {>= "8.16" & < "8.19"} "coq-stdpp" {>= "1.8.0" & < "1.10.0"}`,
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
        const needle = `ASSERT ${t} black height`;
        const block = `ASSERT ${t} black height\nFAIL ${t} black height\n\nExpected: \`${rng.int(4, 9)}'\nReceived: \`${rng.int(10, 14)}'\n\nRaised at Alcotest_engine__Test.check in file "src/alcotest-engine/test.ml", line 200, characters 4-261\nCalled from Dune__exe__Test_darakht.test_${t} in file "tests/test_darakht.ml", line ${rng.int(20, 90)}, characters 2-${rng.int(40, 80)}\nCalled from Alcotest_engine__Core.Make.protect_test.(fun) in file "src/alcotest-engine/core.ml", line 186, characters 17-23`;
        return {
          how: 'tool-alcotest',
          needle,
          beats: [
            {
              step: one(undefined, sh(rng, 'dune test 2>&1', alcotest(rng, { name: t, idx: rng.int(2, 6), block }), 1)),
            },
            {
              step: one(
                `The extracted ${t} loses the black-height bound: Extract Inlined for ltb flips the comparison. Reading Extract.v.`,
                read(rng, 'theories/Extract.v', 2),
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
        const needle = `= ${t}%N`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Evaluating the size of the reference tree so the benchmark has a number to compare with.',
                query(
                  'Time Eval vm_compute in size (build_ascending 21).',
                  `     ${needle}\n     : N\nFinished transaction in ${dur(rng, 0.2, 9, 3)} secs (${dur(rng, 0.2, 9, 3)}u,0.${rng.int(0, 9)}s) (successful)`,
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
        const needle = `DRK-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `GitLab پر اس کا issue ${needle} ہے، commit message میں ضرور لکھیں۔` }],
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
            (x) => `Still to do: replace the Admitted in ${x}_balanced with a real proof`,
            (x) => `Next step: add ${x} to the Extraction command in theories/Extract.v`,
            (x) => `Remaining: Print Assumptions on ${x}_correct before merging`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `The build is clean and the extracted tests pass. ${needle}. Looking for it first.`,
                sh(rng, `grep -rn "${t}" theories tests`, '', 1),
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
        const needle = `merge سے پہلے ${t} کو Coq 8.19 والے switch پر بھی چلائیں`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `بہت خوب۔ آخر میں: ${needle}۔` },
            {
              step: one(
                `The user wants ${t} checked on 8.19 too. Listing the opam switches first.`,
                sh(
                  rng,
                  'opam switch list',
                  `#  switch    compiler                    description\n→  darakht   ocaml-base-compiler.4.14.2  darakht\n   coq819    ocaml-base-compiler.4.14.2  coq819\n   default   ocaml-base-compiler.5.2.0   default`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** What the model thinks before calls when a step has nothing particular to say, by its first tool. */
const THINKING: Record<string, string[]> = {
  run_shell: [
    'Let me run the build to see where things stand.',
    'I will check the current state of the development first.',
    'Running it will tell me whether the last change holds.',
  ],
  read_file: ['I need more context before changing the proof.', 'I should look at the definitions involved.'],
  coq_query: ['I will ask coqtop about the statement before using it.', 'Checking the lemma and its assumptions.'],
  search_lemmas: [
    'There is probably a library lemma for this; searching.',
    'I will search the standard library first.',
  ],
  write_file: ['Writing the file.'],
  edit_file: ['Applying the edit, then building.'],
};

function renderCalls(s: FringeStep): string {
  return `[\n${s.calls.map((c, i) => `    ${pyJson({ tool_call_id: String(i), tool_name: c.tool, parameters: c.args })}`).join(',\n')}\n]`;
}

/** The commanda harness. */
export const FRINGE_COMMANDA: FringeHarness = {
  style: 'commanda',
  protocol: 'text',
  system: `# System Preamble\nYou are in contextual safety mode. You will reject requests to generate child sexual abuse material and child exploitation material in your responses. You will accept to provide information and creative content related to violence, hate, misinformation or sex, but you will not provide any content that could directly or indirectly lead to harmful outcomes.\n\nYour information cutoff date is June 2024.\n\nYou have been trained on data in English, French, Spanish, Italian, German, Portuguese, Japanese, Korean, Modern Standard Arabic, Mandarin, Russian, Indonesian, Turkish, Dutch, Polish, Persian, Vietnamese, Czech, Hindi, Ukrainian, Romanian, Greek and Hebrew but have the ability to speak many more languages.\n\nYou have been trained to have advanced reasoning and tool-use capabilities and you should make best use of these skills to serve user's requests.\n\n## Tool Use\nThink about how you can make best use of the provided tools to help with the task and come up with a high level plan that you will execute first.\n\n0. Start by writing <|START_THINKING|> followed by a detailed step by step plan of how you will solve the problem. For each step explain your thinking fully and give details of required tool calls (if needed). Unless specified otherwise, you write your plan in natural language. When you finish, close it out with <|END_THINKING|>.\n   You can optionally choose to skip this step when the user request is so straightforward to address that only a trivial plan would be needed.\n   NOTE: You MUST skip this step when you are directly responding to the user's request without using any tools.\n\nThen carry out your plan by repeatedly executing the following steps.\n1. Action: write <|START_ACTION|> followed by a list of JSON-formatted tool calls, with each one containing "tool_name" and "parameters" fields.\n    When there are multiple tool calls which are completely independent of each other (i.e. they can be executed in parallel), you should list them out all together in one step. When you finish, close it out with <|END_ACTION|>.\n2. Observation: you will then receive results of those tool calls in JSON format in the very next turn, wrapped around by <|START_TOOL_RESULT|> and <|END_TOOL_RESULT|>. Carefully observe those results and think about what to do next.\n3. Reflection: start the next turn by writing <|START_THINKING|> followed by what you've figured out so far, any changes you need to make to your plan, and what you will do next. When you finish, close it out with <|END_THINKING|>.\n\nYou can repeat the above 3 steps multiple times (could be 0 times too if no suitable tool calls are available or needed), until you decide it's time to finally respond to the user.\n\n4. Response: then break out of the loop and write <|START_RESPONSE|> followed by a piece of text which serves as a response to the user's last request. When you finish, close it out with <|END_RESPONSE|>.\n\n## Available Tools\nHere is the list of tools that you have available to you.\n\`\`\`json\n[\n    {"name": "run_shell", "description": "Runs a shell command in ${ROOT} (opam switch darakht) and returns its exit code and output.", "parameters": {"type": "object", "properties": {"command": {"type": "string"}}, "required": ["command"]}},\n    {"name": "read_file", "description": "Reads lines of a file.", "parameters": {"type": "object", "properties": {"path": {"type": "string"}, "start_line": {"type": "integer"}, "end_line": {"type": "integer"}}, "required": ["path"]}},\n    {"name": "write_file", "description": "Writes a whole file.", "parameters": {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}, "required": ["path", "content"]}},\n    {"name": "edit_file", "description": "Replaces one exact occurrence of old by new.", "parameters": {"type": "object", "properties": {"path": {"type": "string"}, "old": {"type": "string"}, "new": {"type": "string"}}, "required": ["path", "old", "new"]}},\n    {"name": "coq_query", "description": "Runs vernacular commands (About, Check, Print, Print Assumptions, Eval, Show) in coqtop after loading the file.", "parameters": {"type": "object", "properties": {"file": {"type": "string"}, "command": {"type": "string"}}, "required": ["command"]}},\n    {"name": "search_lemmas", "description": "Runs Search with a pattern over the loaded development and the standard library.", "parameters": {"type": "object", "properties": {"pattern": {"type": "string"}}, "required": ["pattern"]}}\n]\n\`\`\`\n\n# Default Preamble\nThe following instructions are your defaults unless specified elsewhere in developer preamble or user prompt.\n- Your name is Command.\n- You are a large language model built by Cohere.\n- When responding in a language other than English, reply in the user's language.\n\n# Developer Preamble\nThe project is darakht, a Coq 8.20 development of verified red-black trees built with dune 3.16 (coq lang 0.8), with its extracted OCaml tested by alcotest. The user writes in Urdu.`,
  tools: ['run_shell', 'read_file', 'write_file', 'edit_file', 'coq_query', 'search_lemmas'],
  renderStep: (s, _ids, n) =>
    `<|START_THINKING|>${s.say ?? nth(THINKING[s.calls[0]?.tool ?? ''] ?? ['I will verify this with the tools.'], n * 5 + s.calls.length)}<|END_THINKING|><|START_ACTION|>${renderCalls(s)}<|END_ACTION|>`,
  renderResults: (s) =>
    `<|START_TOOL_RESULT|>[${s.calls
      .map((c, i) => {
        const failed = c.tool !== 'run_shell' && c.status === 'error';
        return `{"tool_call_id": "${i}", "results": {"0": ${c.output}}, "is_error": ${failed ? 'true' : 'null'}}`;
      })
      .join(', ')}]<|END_TOOL_RESULT|>`,
  resultStart: /^<\|START_TOOL_RESULT\|>\[/,
  callMark: /\{"tool_call_id": "\d+", "tool_name": "/g,
  resultMark: /\{"tool_call_id": "\d+", "results": \{/g,
  renderAnswer: (text) =>
    `<|START_THINKING|>${nth(['I have what I need to answer the user.', 'Now I will reply to the user in Urdu.', 'Time to summarise the results.'], text.length)}<|END_THINKING|><|START_RESPONSE|>${text}<|END_RESPONSE|>`,
  noise: commandaNoise,
  big: commandaBig,
  followUp: (rng) =>
    rng.pick([
      'کیا dune build صاف چل رہا ہے؟',
      'Print Assumptions کیا دکھاتا ہے؟',
      'براہ کرم dune test دوبارہ چلائیں۔',
      'مختصر بتائیں کہ آپ نے کیا بدلا۔',
      'ٹھیک ہے، اب آگے کیا؟',
      'کیا کوئی Admitted باقی ہے؟',
    ]),
  keepGoing: (rng) =>
    rng.pick(['جاری رکھیں۔', 'رکیں نہیں، جاری رکھیں۔', 'تب تک جاری رکھیں جب تک سب ثبوت مکمل نہ ہو جائیں۔']),
  answer: (rng) =>
    rng.pick([
      'ہو گیا: dune build بغیر کسی error کے چلتا ہے اور تمام alcotest ٹیسٹ پاس ہیں۔',
      `Done — every theorem is closed under the global context and ${rng.int(8, 12)} extracted tests pass.`,
      'درست کر دیا گیا؛ صرف ایک deprecation warning باقی ہے جو اس تبدیلی سے نہیں۔',
      'خلاصہ: تبدیل شدہ theories compile ہوتی ہیں اور کوئی Admitted باقی نہیں۔',
    ]),
  probe: (rng) => rng.pick(['جاری رکھیں۔', 'جہاں رکے تھے وہیں سے جاری رکھیں۔', 'اب؟']),
  planters: PLANTERS,
};
