/**
 * The kimi harness of the edge family (edge.ts): a Kimi-K2-like agent writing its calls as a
 * `<|tool_calls_section_begin|>` section of `<|tool_call_begin|>functions.Name:i<|tool_call_argument_begin|>{…}<|tool_call_end|>`
 * entries (several at once), the harness answering in a user message with one `## Return of functions.Name:i`
 * block per call; a todo list kept with `SetTodoList`. An Ada/SPARK crate built with Alire (gprbuild,
 * gnatprove, AUnit), for a French-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  fail,
  hit,
  lines,
  many,
  ok,
  one,
  phrase,
  secs,
  type EdgeCall,
  type EdgeHarness,
  type EdgeStep,
  type Planter,
} from './edge-kit';

const ROOT = '/home/camille/dev/balise';
const UNITS = ['balise-telegram', 'balise-crc', 'balise-frames', 'balise-decoder', 'balise-bits'];

function sh(command: string, output: string, exitCode = 0): EdgeCall {
  return exitCode === 0 ? ok('Shell', { command }, output, 0) : fail('Shell', { command }, output, exitCode);
}

function todo(items: [string, 'Done' | 'In Progress' | 'Pending'][]): EdgeCall {
  return ok('SetTodoList', { todos: items.map(([title, status]) => ({ title, status })) }, 'Todo list updated');
}

function compiled(rng: Rng): string {
  const units = rng.sample(UNITS, rng.int(1, 4));
  return `ⓘ Building balise=0.3.${rng.int(0, 4)}/balise.gpr...\nSetup\n   [mkdir]        object directory for project Balise\nCompile\n${units.map((u) => `   [Ada]          ${u}.adb`).join('\n')}\nBind\n   [gprbind]      balise_main.bexch\n   [Ada]          balise_main.ali\nLink\n   [link]         balise_main.adb\n✓ Build finished successfully in ${secs(rng, 0.9, 9)} seconds.`;
}

function proved(rng: Rng, extra = ''): string {
  return `Phase 1 of 3: generation of data representation information ...\nPhase 2 of 3: generation of Global contracts ...\nPhase 3 of 3: flow analysis and proof ...\n${extra}${extra ? '\n' : ''}Summary logged in ${ROOT}/obj/development/gnatprove/gnatprove.out`;
}

function aunit(rng: Rng, failed = ''): string {
  const n = rng.int(20, 60);
  const oks = lines(rng.int(4, 10), (i) =>
    rng.pick([
      `OK Test_Crc : crc of empty frame ${i}`,
      `OK Test_Bits : reverse bit order ${i}`,
      `OK Test_Telegram : short telegram header ${i}`,
      `OK Test_Frames : 1023-bit frame length ${i}`,
    ]),
  );
  return `${oks}\n${failed}${failed ? '\n' : ''}\nTotal Tests Run:   ${n}\nSuccessful Tests:  ${failed ? n - 1 : n}\nFailed Assertions: ${failed ? 1 : 0}\nUnexpected Errors: 0`;
}

function ada(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `   function Checksum (Data : Byte_Array) return Unsigned_32`,
      `     with Pre => Data'Length <= Max_Frame,`,
      `          Post => Checksum'Result /= 0;`,
      `   procedure Decode_${i} (T : in out Telegram; Ok : out Boolean) is`,
      `      for B of Data loop`,
      `         Acc := Rotate_Left (Acc, 5) xor Unsigned_32 (B);`,
      `      end loop;`,
      `   --  ${rng.pick(['Subset-026 chapter 8.', 'Bits are MSB first.', 'See docs/telegram.md.'])}`,
      '',
      `pragma SPARK_Mode (On);`,
    ]),
  );
}

const numberedAda = (rng: Rng, n: number) =>
  ada(rng, n)
    .split('\n')
    .map((l, i) => `${String(i + 1).padStart(6)}\t${l}`)
    .join('\n');

function kimiNoise(rng: Rng): EdgeStep {
  const r = rng.int(0, 7);
  const u = rng.pick(UNITS);
  if (r === 0) return one(undefined, sh('alr build', compiled(rng)));
  if (r === 1) {
    const [a, b] = rng.sample(UNITS, 2) as [string, string];
    return many(rng.pick(['Je lis les deux unités.', undefined]), [
      ok('ReadFile', { path: `src/${a}.adb` }, numberedAda(rng, rng.int(10, 35))),
      ok('ReadFile', { path: `src/${b}.ads` }, numberedAda(rng, rng.int(8, 20))),
    ]);
  }
  if (r === 2) return one(undefined, sh('alr exec -- ./bin/test_main', aunit(rng)));
  if (r === 3)
    return one(
      undefined,
      ok(
        'Grep',
        { pattern: rng.pick(['Unsigned_32', 'SPARK_Mode', 'Loop_Invariant', 'Max_Frame']), path: 'src' },
        lines(rng.int(3, 12), () => `src/${rng.pick(UNITS)}.adb:${rng.int(3, 300)}:${hit(ada(rng, 3))}`),
      ),
    );
  if (r === 4)
    return one(
      undefined,
      sh(
        'alr exec -- gnatprove -P balise.gpr --level=2 -j0',
        proved(
          rng,
          rng.chance(0.5)
            ? `${u}.adb:${rng.int(10, 200)}:${rng.int(4, 40)}: info: initialization of "Acc" proved\n${u}.adb:${rng.int(10, 200)}:${rng.int(4, 40)}: info: range check proved`
            : '',
        ),
      ),
    );
  if (r === 5)
    return many(undefined, [
      sh(
        'git status --short',
        lines(rng.int(1, 3), () => ` M src/${rng.pick(UNITS)}.adb`),
      ),
      sh(
        'git log --oneline -3',
        lines(
          3,
          () =>
            `${rng.pick(['3f2a9c1', '8be07d4', 'c91d2e0', '55a1f3b'])} ${rng.pick(['crc: table-driven', 'frames: bounds', 'test: more vectors'])}`,
        ),
      ),
    ]);
  if (r === 6)
    return one(
      undefined,
      sh(
        'alr with --solve',
        `Dependencies (direct):\n   aunit^24.0.0\n   gnatprove^14.1.1\nDependencies (solution):\n   aunit=24.0.0\n   gnat_native=14.1.3 (gnat_native)\n   gnatprove=14.1.1\n   gprbuild=24.0.1 (gprbuild)`,
      ),
    );
  return one(
    undefined,
    sh('gnatpp -P balise.gpr --check', `src/${u}.adb: would be reformatted`, rng.chance(0.5) ? 1 : 0),
  );
}

function kimiBig(rng: Rng): EdgeStep {
  if (rng.chance(0.5))
    return one(
      'Je relance toute la preuve en niveau 4 pour voir ce qui reste.',
      sh(
        'alr exec -- gnatprove -P balise.gpr --level=4 --report=all',
        proved(
          rng,
          lines(
            rng.int(260, 380),
            (i) =>
              `${rng.pick(UNITS)}.adb:${10 + i}:${rng.int(4, 40)}: info: ${rng.pick(['range check proved (CVC5: 1 VC)', 'overflow check proved (Z3: 2 VC)', 'index check proved (Trivial)', 'loop invariant preservation proved (CVC5: 1 VC)', 'postcondition proved (Alt-Ergo: 3 VC)'])}`,
          ),
        ),
      ),
    );
  return one(undefined, ok('ReadFile', { path: 'src/balise-decoder.adb' }, numberedAda(rng, rng.int(320, 420))));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `prouver l'absence d'erreurs d'exécution dans ${t}.adb`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Bonjour ! Le dépôt est ~/dev/balise, un crate Alire en Ada/SPARK qui décode les télégrammes Eurobalise. L'objectif : ${needle} (niveau SPARK Silver) sans changer l'interface publique.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `ajouter le décodage du paquet ${t} au module Frames`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Autre chose : il faudrait ${needle}, la spec est dans docs/subset-026.md.` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `rendre ${t} compatible avec le profil Ravenscar`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Nouvelle demande du client : ${needle}, ils veulent le porter sur leur carte embarquée.` }],
        };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = phrase(
          rng,
          [
            (x) => `aucun pragma Assume dans ${x}`,
            (x) => `on s'interdit tout pragma Assume dans ${x}`,
            (x) => `pas question de mettre un pragma Assume dans ${x}`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: `Règle de l'équipe sûreté : ${needle}, sinon l'audit refuse la preuve.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `- ${t} : pas d'allocation dynamique (profil Jorvik, No_Allocators)`;
        return {
          how: 'tool-conventions',
          needle,
          beats: [
            {
              step: one(
                'Je commence par les conventions du dépôt.',
                ok(
                  'ReadFile',
                  { path: 'CONVENTIONS.md' },
                  `# Conventions\n\n- Tout le code de src/ est en SPARK_Mode (On).\n- Formatage : \`gnatpp\` avec le fichier .gnatpp du dépôt.\n\n## Par unité\n\n${needle}\n- Balise.Bits : aucune exception levée\n- Balise.Crc : tables calculées à l'élaboration, pas au runtime\n${rng.chance(0.5) ? '\nLes tests AUnit tournent avec `alr exec -- ./bin/test_main`.\n' : ''}`,
                ),
              ),
            },
            {
              step: one(
                `Donc pour ${t} j'utilise un tampon borné plutôt qu'un access type.`,
                ok('Grep', { pattern: 'new ', path: `src/balise-${t}.adb` }, 'No matches found.'),
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
        const needle = phrase(
          rng,
          [
            (x) => `je pars sur un sous-type ${cap(x)}_Index range 0 .. 1022`,
            (x) => `le choix retenu : un sous-type ${cap(x)}_Index range 0 .. 1022`,
            (x) => `mieux vaut un sous-type ${cap(x)}_Index range 0 .. 1022`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `Deux options : un Natural avec préconditions, ou un sous-type contraint ; ${needle}, gnatprove déduit alors les bornes tout seul.`,
                ok(
                  'StrReplaceFile',
                  {
                    path: 'src/balise-frames.ads',
                    edit: {
                      old: 'subtype Bit_Index is Natural;',
                      new: `subtype ${cap(t)}_Index is Natural range 0 .. 1022;`,
                    },
                  },
                  'Replaced 1 occurrence(s).',
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
        const needle = `garder la table CRC ${t} en constante calculée à la main`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: `On a tranché en réunion : ${needle}, c'est plus simple à relire pour l'auditeur.` }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/balise-${t}.ads`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'Je crée la spécification du nouveau paquet.',
                ok(
                  'WriteFile',
                  {
                    path: needle,
                    content: `pragma SPARK_Mode (On);\n\npackage Balise.${cap(t)} is\n${ada(rng, 5)}\nend Balise.${cap(t)};\n`,
                  },
                  `Wrote ${rng.int(200, 700)} bytes to ${needle}`,
                ),
              ),
            },
            { step: one(undefined, sh('alr build', compiled(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tests/src/${t}_tests.adb`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'StrReplaceFile',
                  {
                    path: needle,
                    edit: {
                      old: '      null;  --  TODO',
                      new: '      Assert (Checksum (Empty) = 16#FFFF_FFFF#, "crc of empty frame");',
                    },
                  },
                  'Replaced 1 occurrence(s).',
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
        const line = rng.int(20, 220);
        const needle = `balise-${t}.adb:${line}:${rng.int(10, 40)}: medium: overflow check might fail, cannot prove upper bound for Acc + Unsigned_32 (B)`;
        const out = buried(
          rng,
          rng.chance(0.4) ? 90 : 4,
          (i) =>
            `${rng.pick(UNITS)}.adb:${10 + i}:${rng.int(4, 40)}: info: ${rng.pick(['range check proved', 'index check proved', 'initialization of "T" proved'])}`,
          `${needle}\n   ${line} |         Acc := Acc + Unsigned_32 (B);\n      |                ~~~~^~~~~~~~~~~~~~~~~\n  e.g. when Acc = Unsigned_32'Last\n  reason for check: result of addition must fit in a 32-bits machine integer\n  possible fix: loop at line ${line - 3} should mention Acc in a loop invariant`,
          `Summary logged in ${ROOT}/obj/development/gnatprove/gnatprove.out`,
        );
        return {
          how: 'tool-gnatprove',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'Shell',
                  { command: 'alr exec -- gnatprove -P balise.gpr --level=2 -j0' },
                  `Phase 1 of 3: generation of data representation information ...\nPhase 2 of 3: generation of Global contracts ...\nPhase 3 of 3: flow analysis and proof ...\n${out}\ngnatprove: unproved check messages considered as errors`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `Il manque un invariant de boucle dans ${t} ; je regarde la boucle.`,
                ok(
                  'ReadFile',
                  { path: `src/balise-${t}.adb`, line_offset: line - 6, n_lines: 10 },
                  numberedAda(rng, 10),
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
        const needle = `balise-decoder.adb:${rng.int(20, 300)}:${rng.int(4, 30)}: error: "${cap(t)}_Length" is undefined`;
        return {
          how: 'tool-gprbuild',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'Shell',
                  { command: 'alr build' },
                  `ⓘ Building balise=0.3.2/balise.gpr...\nCompile\n   [Ada]          balise-decoder.adb\n${needle}\nbalise-decoder.adb:${rng.int(301, 400)}:${rng.int(4, 30)}: warning: variable "Tmp" is assigned but never read [-gnatwm]\n\n   compilation of balise-decoder.adb failed\n\ngprbuild: *** compilation phase failed\nerror: Command ["gprbuild", "-s", "-j0", "-p", "-P", "${ROOT}/balise.gpr"] exited with code: 4\nerror: Compilation failed.`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${cap(t)}_Length n'est déclaré nulle part ; probablement renommé.`,
                ok(
                  'Grep',
                  { pattern: '_Length', path: 'src' },
                  `src/balise-frames.ads:${rng.int(10, 80)}:   Frame_Length : constant := 1023;`,
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
      plant: ({ mint }) => {
        const t = mint('num');
        const needle = `16#${t}#`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Je relève la valeur attendue dans le vecteur de test officiel.',
                sh(
                  'alr exec -- ./bin/crc_vectors --frame docs/vectors/frame_07.bin',
                  `frame_07.bin: 1023 bits, 128 bytes\npolynomial   : 16#04C11DB7#\nexpected CRC : ${needle}\ncomputed CRC : ${needle}\nOK`,
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
        const needle = `FT-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `La fiche d'anomalie correspondante est ${needle}, à citer dans le message de commit.` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = phrase(
          rng,
          [
            (x) => `Documenter les contrats de ${x} dans docs/proof.md`,
            (x) => `Reste à documenter les contrats de ${x} dans docs/proof.md`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                'La preuve passe ; je mets à jour la liste.',
                todo([
                  ['Prouver Balise.Crc', 'Done'],
                  ['Invariant de boucle dans le décodeur', 'Done'],
                  [needle, 'Pending'],
                ]),
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
        const needle = `publier la version dans l'index Alire sous ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Parfait. Dernière étape avant de fermer : ${needle}.` },
            {
              step: one(
                `Noté pour ${t} ; je vérifie d'abord le manifeste.`,
                sh('grep -n version alire.toml', 'version = "0.3.2"'),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The kimi harness. */
export const EDGE_KIMI: EdgeHarness = {
  style: 'kimi',
  protocol: 'text',
  system:
    'You are Kimi, a coding agent running in the terminal of the user. Work in /home/camille/dev/balise, an Alire crate in Ada 2022 / SPARK 2014 (GNAT 14, gnatprove 14.1).\n\n# Tools\n\n## functions\nnamespace functions {\n// Execute a shell command.\ntype Shell = (_: { command: string, timeout?: number }) => any;\n// Read a file, with line numbers.\ntype ReadFile = (_: { path: string, line_offset?: number, n_lines?: number }) => any;\n// Write a whole file.\ntype WriteFile = (_: { path: string, content: string }) => any;\n// Replace a string in a file.\ntype StrReplaceFile = (_: { path: string, edit: { old: string, new: string } }) => any;\n// Search files with a regular expression.\ntype Grep = (_: { pattern: string, path?: string }) => any;\n// Replace the whole todo list.\ntype SetTodoList = (_: { todos: { title: string, status: "Pending" | "In Progress" | "Done" }[] }) => any;\n} // namespace functions\n\nWrite tool calls in a <|tool_calls_section_begin|> section; results come back as "## Return of <id>". Reply in the language of the user (French).',
  tools: ['Shell', 'ReadFile', 'WriteFile', 'StrReplaceFile', 'Grep', 'SetTodoList'],
  renderStep: (s) =>
    [
      ...(s.say ? [s.say] : []),
      '<|tool_calls_section_begin|>',
      ...s.calls.map(
        (c, i) =>
          `<|tool_call_begin|>functions.${c.tool}:${i}<|tool_call_argument_begin|>${JSON.stringify(c.args)}<|tool_call_end|>`,
      ),
      '<|tool_calls_section_end|>',
    ].join('\n'),
  renderResults: (s) => s.calls.map((c, i) => `## Return of functions.${c.tool}:${i}\n${c.output}`).join('\n\n'),
  resultStart: /^## Return of functions\.\w+:\d+\n/,
  callMark: /<\|tool_call_begin\|>/g,
  resultMark: /^## Return of functions\.\w+:\d+$/gm,
  noise: kimiNoise,
  big: kimiBig,
  followUp: (rng) =>
    rng.pick([
      'Où en est la preuve ?',
      'Ça compile maintenant ?',
      'Tu peux relancer les tests AUnit ?',
      'Explique-moi rapidement ce que tu as changé.',
      "D'accord, et ensuite ?",
    ]),
  keepGoing: (rng) =>
    rng.pick(['Continue.', 'Vas-y, continue.', "Continue jusqu'à ce que gnatprove ne signale plus rien."]),
  answer: (rng) =>
    rng.pick([
      'Étape terminée : alr build passe et gnatprove ne signale plus de check non prouvé.',
      "C'est corrigé ; il reste seulement un avertissement de style gnatpp.",
      'Résumé : les unités modifiées compilent et les tests AUnit passent.',
      'Fini pour cette partie, aucune nouvelle alerte.',
    ]),
  probe: (rng) => rng.pick(['Continue.', 'Reprends là où tu en étais.', 'Et maintenant ?']),
  planters: PLANTERS,
};
