/**
 * The jamba harness of the mesa family (mesa.ts): a Jamba-like model whose calls are text — its prose,
 * then one `<tool_calls>[{"name", "arguments"}, …]</tool_calls>` list, often of several calls —
 * answered by one user message of `<tool_result name="…">` blocks in the same order.
 * A ledger library proved in Dafny 4.8: `dafny verify`'s `file(l,c): Error:` diagnostics with the
 * caret excerpt and `Related location:` lines, `Dafny program verifier finished with N verified, M
 * errors`, resolution errors, timeouts, the text verification log's per-implementation outcomes and
 * resource counts, `dafny test` and `dafny translate`; for a Kannada-speaking user.
 * Reconstructed rather than copied: the whole call and result format (Jamba's chat template is not
 * quoted here; the `<tool_result>` blocks are this family's), and Dafny's messages from memory of
 * 4.x.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  fail,
  hex,
  lines,
  many,
  ok,
  one,
  pieces,
  pyJson,
  say,
  some,
  type MesaCall,
  type MesaHarness,
  type MesaStep,
  type Planter,
} from './mesa-kit';

const ROOT = '/home/prakash/kelasa/dafny-ledger';
const FILES = ['src/Ledger.dfy', 'src/Account.dfy', 'src/Money.dfy', 'src/Journal.dfy', 'src/Interest.dfy'];
const METHODS = ['Transfer', 'Deposit', 'Withdraw', 'Post', 'Balance', 'Reconcile', 'Accrue', 'CloseAccount'];

const DFY = [
  `module Ledger {\n  import opened Money\n  datatype Entry = Entry(account: nat, amount: int, memo: string)`,
  `  method Transfer(from: nat, to: nat, amount: nat) returns (ok: bool)\n    requires from in balances && to in balances\n    requires from != to\n    modifies this\n    ensures ok ==> balances[from] == old(balances[from]) - amount\n    ensures ok ==> balances[to] == old(balances[to]) + amount\n    ensures Total() == old(Total())`,
  `  function Sum(xs: seq<Entry>): int\n  {\n    if |xs| == 0 then 0 else xs[0].amount + Sum(xs[1..])\n  }`,
  `  lemma SumAppend(xs: seq<Entry>, e: Entry)\n    ensures Sum(xs + [e]) == Sum(xs) + e.amount\n  {\n    if |xs| > 0 { assert (xs + [e])[1..] == xs[1..] + [e]; SumAppend(xs[1..], e); }\n  }`,
  `    var i := 0;\n    while i < |entries|\n      invariant 0 <= i <= |entries|\n      invariant acc == Sum(entries[..i])\n      decreases |entries| - i\n    {`,
];

function sh(command: string, output: string, code = 0): MesaCall {
  return code === 0 ? ok('run_shell', { command }, output, 0) : fail('run_shell', { command }, output, code);
}

function read(rng: Rng, path: string): MesaCall {
  return ok('read_file', { path }, pieces(rng, DFY, rng.int(14, 36)));
}

function verified(rng: Rng, errors = 0): string {
  return `\nDafny program verifier finished with ${rng.int(20, 90)} verified, ${errors} error${errors === 1 ? '' : 's'}`;
}

function logEntry(rng: Rng, m: string): string {
  const rc = rng.int(40000, 2000000);
  return `Results for Ledger.${m} (correctness)\n  Overall outcome: Correct\n  Overall time: 00:00:0${rng.int(0, 4)}.${rng.int(1000000, 9999999)}\n  Overall resource count: ${rc}\n\n  Assertion batch 1:\n    Outcome: Valid\n    Duration: 00:00:00.${rng.int(1000000, 9999999)}\n    Resource count: ${Math.round(rc * 0.6)}\n\n    Assertions:\n${lines(rng.int(2, 6), () => `      ${rng.pick(FILES)}(${rng.int(10, 200)},${rng.int(4, 30)}): ${rng.pick(['this is the postcondition that might not hold', 'index out of range', 'loop invariant violation', 'precondition for this call', "value does not satisfy the subset constraints of 'nat'"])}.`)}\n`;
}

function jambaNoise(rng: Rng): MesaStep {
  const f = rng.pick(FILES);
  const r = rng.int(0, 7);
  if (r === 0) return one(undefined, sh(`dafny verify ${f}`, verified(rng)));
  if (r === 1) return one(undefined, read(rng, `${ROOT}/${f}`));
  if (r === 2)
    return many('Verifying and reading the file together.', [
      sh(`dafny verify ${f}`, verified(rng)),
      read(rng, `${ROOT}/${f}`),
    ]);
  if (r === 3)
    return one(
      undefined,
      sh(
        'dafny test --no-verify src/Tests.dfy',
        `\nDafny program verifier did not attempt verification\n${lines(rng.int(4, 9), () => `TestsModule.Test${rng.pick(METHODS)}${rng.int(1, 9)}: PASSED`)}`,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      sh(
        `dafny verify ${f} --verification-time-limit 30`,
        `${f}(${rng.int(40, 180)},${rng.int(9, 20)}): Warning: Could not prove termination automatically; consider adding a decreases clause\n${verified(rng)}`,
      ),
    );
  if (r === 5)
    return many(undefined, [
      sh(
        'git status --short',
        some(rng, FILES, rng.int(1, 3))
          .map((x) => ` M ${x}`)
          .join('\n'),
      ),
      sh(
        'git log --oneline -2',
        `${hex(rng, 7)} journal: prove Post preserves Total\n${hex(rng, 7)} money: nat amounts`,
      ),
    ]);
  if (r === 6)
    return one(
      undefined,
      sh(
        'dafny translate java src/Ledger.dfy --output build/java/Ledger',
        `\nDafny program verifier finished with ${rng.int(20, 90)} verified, 0 errors\nWrote textual form of target program to build/java/Ledger-java/Ledger.java`,
      ),
    );
  return one(
    undefined,
    sh(
      `grep -n "method\\|lemma" ${f} | head`,
      lines(rng.int(4, 9), () => `${rng.int(5, 300)}:  ${rng.pick(['method', 'lemma'])} ${rng.pick(METHODS)}(`),
    ),
  );
}

function jambaBig(rng: Rng): MesaStep {
  return one(
    'The full verification log, to see which implementations cost the most.',
    sh(
      'dafny verify src/*.dfy --log-format text --cores 4',
      `${Array.from({ length: rng.int(36, 46) }, (_, i) => logEntry(rng, `${rng.pick(METHODS)}${i}`)).join('\n')}${verified(rng)}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} ಎಂಬ ವರ್ಗಾವಣೆ ವಿಧಾನವನ್ನು ಸಂಪೂರ್ಣವಾಗಿ verify ಮಾಡುವುದು`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `ನಮಸ್ಕಾರ! ಪ್ರಾಜೆಕ್ಟ್ ${ROOT} ನಲ್ಲಿದೆ — Dafny 4.8 ರಲ್ಲಿ ಬರೆದ ಲೆಡ್ಜರ್ ಲೈಬ್ರರಿ. ನನಗೆ ${needle} ಬೇಕು. ದಯವಿಟ್ಟು ಪ್ರತಿ ಹಂತವನ್ನು ವಿವರಿಸಿ.`,
            },
            {
              step: many('Listing the sources and verifying the main file at once.', [
                sh('ls src tests', `${FILES.map((x) => x.slice(4)).join('\n')}\nTests.dfy`),
                sh('dafny verify src/Ledger.dfy', verified(rng)),
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
        const needle = `${t}: ಬಡ್ಡಿ ಲೆಕ್ಕಾಚಾರಕ್ಕೂ ಪುರಾವೆ ಸೇರಿಸಿ`;
        return { how: 'user-followup', needle, beats: [{ user: `ಮುಂದಿನ ಕೆಲಸ: ${needle}.` }] };
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
            (x) => `${x}: {:verify false} ಅನ್ನು ಎಲ್ಲಿಯೂ ಬಳಸಬಾರದು`,
            (x) => `${x} ನಲ್ಲಿ assume ಹೇಳಿಕೆಗಳು ಇರಬಾರದು`,
            (x) => `${x}: ಪ್ರತಿ ಮೆಥಡ್ 30 ಸೆಕೆಂಡುಗಳಲ್ಲಿ verify ಆಗಬೇಕು`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`ಒಂದು ನಿಯಮ: ${needle}.`, `ನೆನಪಿಡಿ — ${needle}.`, `ಮುಖ್ಯ: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `// POLICY ${T}: every public method states Total() == old(Total()) unless it is Deposit or Withdraw`,
          `// POLICY ${T}: amounts are nat in minor units (paise); int appears only in Entry.amount`,
          `// POLICY ${T}: no {:axiom} and no {:extern} outside src/Io.dfy`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'The module header of Money.dfy carries the project policies.',
                ok(
                  'read_file',
                  { path: `${ROOT}/src/Money.dfy` },
                  `${needle}\nmodule Money {\n  newtype Paise = x: int | 0 <= x < 0x8000_0000_0000_0000\n}`,
                ),
              ),
            },
            {
              step: one(
                `${T} is binding; verifying the module as it is.`,
                sh('dafny verify src/Money.dfy', verified(rng)),
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
            (x) => `I'll prove ${x} through a ghost map of balances instead of summing the journal each time`,
            (x) => `${x} gets an explicit lemma for Sum over concatenation, called at each append`,
            (x) => `Choosing opaque functions for ${x} and revealing them only in the lemmas that need them`,
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
                ok('write_file', { path: `${ROOT}/docs/decisions.md`, content: `- ${needle}.\n` }, 'ok'),
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
        const needle = `${t} ಗೆ ಮೊತ್ತಗಳನ್ನು nat ಆಗಿ ಇಡೋಣ, int ಬೇಡ`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`ನಾವು ನಿರ್ಧರಿಸಿದ್ದೇವೆ: ${needle}.`, `ಹೀಗೆ ಮಾಡೋಣ: ${needle}; ಆಡಿಟರ್ ಅದನ್ನೇ ಕೇಳಿದ್ದಾರೆ.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const name = `${t.charAt(0).toUpperCase()}${t.slice(1)}Lemmas`;
        const needle = `src/${name}.dfy`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('The lemmas get a module of their own, verified right away.', [
                ok(
                  'write_file',
                  {
                    path: `${ROOT}/${needle}`,
                    content: `module ${name} {\n  import opened Ledger\n\n  lemma SumNonNeg(xs: seq<Entry>)\n    requires forall i :: 0 <= i < |xs| ==> xs[i].amount >= 0\n    ensures Sum(xs) >= 0\n  {}\n}\n`,
                  },
                  'ok',
                ),
                sh(`dafny verify ${needle}`, verified(rng)),
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
        const needle = `tests/${t}_test.dfy`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'Executable tests for the edge cases.',
                ok(
                  'write_file',
                  {
                    path: `${ROOT}/${needle}`,
                    content: `include "../src/Ledger.dfy"\nmodule ${t}Tests {\n  import opened Ledger\n  method {:test} ZeroTransfer() { }\n}\n`,
                  },
                  'ok',
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
        const needle = `Error: unresolved identifier: ${t}Total`;
        const l = rng.int(30, 160);
        return {
          how: 'tool-dafny',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'dafny verify src/Ledger.dfy',
                  `src/Ledger.dfy(${l},12): ${needle}\n    |\n${l} |     ensures ${t}Total() == old(Total())\n    |             ^^^^^^^^^^^^\n\n1 resolution/type errors detected in Ledger.dfy`,
                  2,
                ),
              ),
            },
            {
              step: one(
                `${t}Total was renamed to Total; fixing the ensures clause.`,
                read(rng, `${ROOT}/src/Ledger.dfy`),
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
        const l = rng.int(60, 200);
        const f = `src/ledger_${t}.dfy`;
        const needle = `ledger_${t}.dfy(${l},4): Error: a postcondition could not be proved on this return path`;
        return {
          how: 'tool-verify',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  `dafny verify ${f} --filter-symbol Transfer`,
                  `src/${needle}\n    |\n${l} |     return true;\n    |     ^^^^^^^^^^^^\n\n${f}(${l - 14},12): Related location: this is the postcondition that could not be proved\n    |\n${l - 14} |     ensures Total() == old(Total())\n    |             ^^^^^^^^^^^^^^^^^^^^^^^\n\n${verified(rng, 1)}`,
                  4,
                ),
              ),
            },
            {
              step: one(
                `Transfer in ${f} returns early before the balances are updated; reading it.`,
                read(rng, `${ROOT}/${f}`),
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
        const needle = `Overall resource count: ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'dafny verify src/Ledger.dfy --filter-symbol Transfer --log-format text',
                  `Results for Ledger.Transfer (correctness)\n  Overall outcome: Correct\n  Overall time: 00:00:02.4815162\n  ${needle}\n${verified(rng)}`,
                ),
              ),
            },
            {
              step: one(
                `Transfer costs ${needle}; I set {:rlimit} just above it so a regression fails fast.`,
                sh(
                  `sed -n '/method Transfer/p' src/Ledger.dfy`,
                  '  method {:rlimit 3000} Transfer(from: nat, to: nat, amount: nat) returns (ok: bool)',
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
        const needle = `${t}${hex(rng, 4)}`;
        return {
          how: 'tool-hash',
          needle,
          beats: [
            { step: one(undefined, sh('git rev-parse --short=12 HEAD', needle)) },
            {
              step: one(
                `Audited revision: ${needle}. Writing it into the proof report.`,
                ok('write_file', { path: `${ROOT}/docs/AUDITED_REV`, content: `${needle}\n` }, 'ok'),
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
        const needle = `AUD-${t}`;
        return { how: 'user-paste', needle, beats: [{ user: `ಆಡಿಟ್ ಟಿಕೆಟ್ ಸಂಖ್ಯೆ ${needle}; ಅದನ್ನು README ಯಲ್ಲಿ ಬರೆಯಿರಿ.` }] };
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
            (x) => `Next: prove that ${x} preserves Total() across CloseAccount`,
            (x) => `Left to do: bring the ${x} lemmas under the 30-second limit`,
            (x) => `ಮುಂದೆ: ${x} ಗೆ dafny test ಚಲಾಯಿಸಿ ಫಲಿತಾಂಶ ನೋಡುವುದು`,
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
                sh(`git commit -qam "wip: ${t}" && git log --oneline -1`, `${hex(rng, 7)} wip: ${t}`),
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
        const needle = `ಕೊನೆಯಲ್ಲಿ ${t} ಬಗ್ಗೆ ಕನ್ನಡದಲ್ಲಿ ಚಿಕ್ಕ ವರದಿ ಬರೆಯಿರಿ`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `ಧನ್ಯವಾದಗಳು. ಕೊನೆಯ ಕೆಲಸ: ${needle}.` },
            { step: one(undefined, sh('dafny verify src/*.dfy', verified(rng))) },
          ],
        };
      },
    },
  ],
};

const SPEC = [
  {
    type: 'function',
    function: {
      name: 'run_shell',
      description: 'Run a shell command in the project directory.',
      parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'read_file',
      description: 'Read a file.',
      parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'write_file',
      description: 'Write a file.',
      parameters: {
        type: 'object',
        properties: { path: { type: 'string' }, content: { type: 'string' } },
        required: ['path', 'content'],
      },
    },
  },
];

/** The jamba harness. */
export const MESA_JAMBA: MesaHarness = {
  style: 'jamba',
  protocol: 'text',
  system: `You are a verification engineer's assistant for the Dafny 4.8 project in ${ROOT}. Never weaken a specification to make it verify; say so when a proof is out of reach. The user writes Kannada; answer in Kannada.\n\n# Tools\n\nYou may call one or more functions. Their signatures:\n${pyJson(SPEC)}\n\nTo call functions, write them as a JSON list inside <tool_calls></tool_calls>. Their results come back as <tool_result> blocks, in the same order.`,
  tools: ['run_shell', 'read_file', 'write_file'],
  renderStep: (s) =>
    `${s.say ? `${s.say}\n` : ''}<tool_calls>${pyJson(s.calls.map((c) => ({ name: c.tool, arguments: c.args })))}</tool_calls>`,
  renderResults: (s) => s.calls.map((c) => `<tool_result name="${c.tool}">\n${c.output}\n</tool_result>`).join('\n'),
  resultStart: /^<tool_result name="/,
  callMark: /\{"name": "[a-z_]+", "arguments": \{/g,
  resultMark: /^<tool_result name="/gm,
  noise: jambaNoise,
  big: jambaBig,
  followUp: (rng) =>
    rng.pick([
      'verify ಮುಗಿಯಿತೇ?',
      'ಇನ್ನೂ ದೋಷಗಳಿವೆಯೇ?',
      'ದಯವಿಟ್ಟು ಮತ್ತೆ ಚಲಾಯಿಸಿ.',
      'ಏನು ಬದಲಾಯಿಸಿದಿರಿ ಎಂದು ಸಂಕ್ಷಿಪ್ತವಾಗಿ ಹೇಳಿ.',
      'ಸರಿ, ಇನ್ನೇನು ಉಳಿದಿದೆ?',
      'ಎಲ್ಲಾ ಟೆಸ್ಟ್‌ಗಳು ಪಾಸ್ ಆದವೇ?',
    ]),
  keepGoing: (rng) => rng.pick(['ಮುಂದುವರಿಸಿ.', 'ಮುಂದುವರಿಸಿ, ನಿಲ್ಲಿಸಬೇಡಿ.', 'ಎಲ್ಲವೂ verify ಆಗುವವರೆಗೆ ಮುಂದುವರಿಸಿ.']),
  answer: (rng) =>
    rng.pick([
      `ಮುಗಿದಿದೆ: ಎಲ್ಲಾ ಮೆಥಡ್‌ಗಳು verify ಆಗಿವೆ, ${rng.int(20, 90)} verified, 0 errors.`,
      'Done: every module verifies and dafny test passes.',
      'ಸರಿಪಡಿಸಿದ್ದೇನೆ. Interest.dfy ಯಲ್ಲಿ ಒಂದು ಹಳೆಯ warning ಇದೆ, ಅದಕ್ಕೂ ಈ ಬದಲಾವಣೆಗೂ ಸಂಬಂಧವಿಲ್ಲ.',
      'ಸಂಕ್ಷಿಪ್ತವಾಗಿ: ಬದಲಾದ ಪುರಾವೆಗಳು verify ಆಗುತ್ತವೆ, specification ಬದಲಾಗಿಲ್ಲ.',
    ]),
  probe: (rng) => rng.pick(['ಮುಂದುವರಿಸಿ.', 'ನಿಲ್ಲಿಸಿದಲ್ಲಿಂದ ಮುಂದುವರಿಸಿ.', 'ಈಗ ಏನು?']),
  planters: PLANTERS,
};
