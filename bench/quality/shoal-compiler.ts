/**
 * The compiler harness of the shoal family (shoal.ts): an LLMCompiler-like planner. Its calls are text:
 * a reply is a numbered plan of function calls — `1. run_shell(command="…")`, `2. read_file(path="…")`,
 * with `Thought:` lines between them — ending `N. join()<END_OF_PLAN>`; the task-fetching unit runs
 * them and answers with one user message `Task results (plan of N):` of `n. call` lines each followed
 * by `Observation:` and the output. The joiner's answers are `Thought:` then `Action: Finish(…)`.
 * A Vyper 0.4 rotating-savings (paluwagan) contract for Cebu market vendors built with ApeWorx: Vyper's
 * `vyper.exceptions.UndeclaredDefinition`/`TypeMismatch`/`StructureException` reports with their
 * `contract "…", function "…", line l:c` source excerpts and carets, `ape compile`'s `ERROR:` lines,
 * `ape test` (pytest) failures with `ContractLogicError` reverts and gas tables; for a Cebuano-speaking
 * developer.
 * Imitated: LLMCompiler's numbered plan, `join()` and `<END_OF_PLAN>`, its `Observation:` lines and the
 * joiner's Finish (from memory of the paper and the LangGraph tutorial). Invented: the results header.
 * Vyper's, Ape's and pytest's texts are from memory (close, not exact); the Cebuano is plain and may be
 * stiff.
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
  nth,
  ok,
  one,
  say,
  some,
  type Planter,
  type ShoalCall,
  type ShoalHarness,
  type ShoalStep,
} from './shoal-kit';

const ROOT = '/home/joy/paluwagan';
const FUNCS = ['join_circle', 'contribute', 'claim', 'skip_round', 'close_round', 'refund'];
const TESTS = ['tests/test_rounds.py', 'tests/test_members.py', 'tests/test_refunds.py'];

function sh(command: string, output: string, code = 0): ShoalCall {
  return code === 0 ? ok('run_shell', { command }, output, 0) : fail('run_shell', { command }, output, code);
}
function read(path: string, content: string): ShoalCall {
  return ok('read_file', { path }, content);
}
function write(path: string, content: string): ShoalCall {
  return ok('write_file', { path, content }, `wrote ${path}`);
}

function vyExc(kind: string, msg: string, fn: string, line: number, code: string): string {
  return `ERROR: (VyperCompileError) ${ROOT}/contracts/Paluwagan.vy\n\nvyper.exceptions.${kind}: ${msg}\n\n  contract "contracts/Paluwagan.vy:${line}", function "${fn}", line ${line}:11 \n       ${line - 1}     assert self.members[msg.sender], "dili miyembro"\n  ---> ${line}     ${code}\n  ------------------^\n       ${line + 1}     self.round += 1\n`;
}

function compileOk(rng: Rng): string {
  return `INFO: Compiling using Vyper compiler '0.4.0'.\nInput:\n\tcontracts/Paluwagan.vy\n\tcontracts/VendorToken.vy\nINFO: Compiled ${rng.int(1, 2)} contract(s) in ${dur(rng, 0.4, 3, 2)}s`;
}

function testsOk(rng: Rng): string {
  const n = rng.int(14, 30);
  return `============================= test session starts ==============================\nplatform linux -- Python 3.11.9, pytest-8.3.2, pluggy-1.5.0\nrootdir: ${ROOT}\nplugins: eth-ape-0.8.14, web3-6.20.1\ncollected ${n} items\n\n${TESTS.map((t) => `${t} ${'.'.repeat(rng.int(4, 10))}`).join('\n')}\n\n============================== ${n} passed in ${dur(rng, 3, 20, 2)}s ===============================`;
}

function testFail(rng: Rng, test: string, file: string, revert: string): string {
  return `============================= test session starts ==============================\ncollected ${rng.int(14, 30)} items\n\n${file} ..F.....\n\n=================================== FAILURES ===================================\n${'_'.repeat(20)} ${test} ${'_'.repeat(20)}\n\ncircle = <Paluwagan 0x${hex(rng, 40)}>, vendors = [<TestAccount_0>, <TestAccount_1>, <TestAccount_2>]\n\n    def ${test}(circle, vendors):\n        circle.contribute(sender=vendors[0], value="500 gwei")\n>       circle.claim(sender=vendors[1])\nE       ape.exceptions.ContractLogicError: ${revert}\n\n${file}:${rng.int(20, 90)}: ContractLogicError\n=========================== short test summary info ============================\nFAILED ${file}::${test} - ape.exceptions.ContractLogicError: ${revert}\n========================= 1 failed, ${rng.int(12, 28)} passed in ${dur(rng, 3, 20, 2)}s =========================`;
}

function gasTable(rng: Rng): string {
  return `                          Paluwagan Gas\n\n  Method        Times called    Min.    Max.    Mean.   Median\n ──────────────────────────────────────────────────────────────\n${FUNCS.map((f) => `  ${f.padEnd(14)}${String(rng.int(2, 40)).padStart(12)}  ${rng.int(21000, 40000)}  ${rng.int(40000, 90000)}  ${rng.int(30000, 60000)}  ${rng.int(30000, 60000)}`).join('\n')}`;
}

function cNoise(rng: Rng): ShoalStep {
  const r = rng.int(0, 5);
  const f = rng.pick(FUNCS);
  if (r === 0)
    return many('Thought: compile and run the tests together.', [
      sh('ape compile', compileOk(rng)),
      sh('ape test', testsOk(rng)),
    ]);
  if (r === 1)
    return one(
      undefined,
      read(
        'contracts/Paluwagan.vy',
        `# pragma version ^0.4.0\n\nmembers: public(HashMap[address, bool])\nround: public(uint256)\npot: public(uint256)\n\n@external\n@payable\ndef ${f}():\n    assert self.members[msg.sender], "dili miyembro"\n    self.pot += msg.value`,
      ),
    );
  if (r === 2)
    return many(undefined, [
      sh('ape test --gas', `${testsOk(rng)}\n\n${gasTable(rng)}`),
      sh('git status --short', ' M contracts/Paluwagan.vy'),
    ]);
  if (r === 3)
    return one(
      undefined,
      sh(
        'ape compile --force',
        vyExc(
          'TypeMismatch',
          'Given reference has type uint256, expected int128',
          f,
          rng.int(30, 120),
          'delta: int128 = self.round - 1',
        ),
        1,
      ),
    );
  if (r === 4)
    return many(undefined, [
      sh(`grep -n "def " contracts/Paluwagan.vy`, FUNCS.map((x, i) => `${20 + i * 14}:def ${x}(`).join('\n')),
      sh(
        'git log --oneline -3',
        `${hex(rng, 7)} claim order by join time\n${hex(rng, 7)} refunds\n${hex(rng, 7)} token`,
      ),
    ]);
  return one(undefined, sh(`ape test ${rng.pick(TESTS)} -k ${f}`, testsOk(rng)));
}

function cBig(rng: Rng): ShoalStep {
  return one(
    undefined,
    sh(
      'ape test -s --network ethereum:local:test -k history',
      lines(
        rng.int(300, 360),
        (i) =>
          `block ${1000 + i}  ${nth(FUNCS, i).padEnd(12)} from 0x${hex(rng, 40)}  value ${(i * 37) % 900} gwei  gas ${21000 + ((i * 997) % 60000)}  round ${Math.floor(i / 12)}  pot ${(i * 211) % 90000} gwei`,
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
        const needle = `bag-ong function ${t} nga mobalhin sa turno sa miyembro nga wala makabayad`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Maayong adlaw! Ang proyekto anaa sa ${ROOT} — usa ka Vyper nga paluwagan contract para sa mga tindera sa Carbon Market. Gusto nako og ${needle}. Palihug ipasabot ang matag lakang.`,
            },
            { step: one(undefined, sh('ape compile', compileOk(rng))) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: idugang ang event para sa matag bayad`;
        return { how: 'user-followup', needle, beats: [{ user: `Sunod nga buhat: ${needle}.` }] };
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
            (x) => `ayaw usba ang storage layout sa ${x}`,
            (x) => `ang ${x} kinahanglan walay raw_call`,
            (x) => `tanang revert sa ${x} kinahanglan naa sa Cebuano nga mensahe`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Lagda: ${needle}.`, `Hinumdomi — ${needle}.`, `Importante kini: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = rng.pick([
          `# ${t}: nonreentrant on every function that sends value`,
          `# ${t}: amounts are in wei end to end, never in pesos`,
          `# ${t}: the member list is capped at 30 per circle`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: many(undefined, [
                read(
                  'contracts/Paluwagan.vy',
                  `# pragma version ^0.4.0\n${needle}\n\nMAX_MEMBERS: constant(uint256) = 30`,
                ),
                sh('ape compile', compileOk(rng)),
              ]),
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
            (x) => `${x} stores the payout order in a DynArray fixed at join time`,
            (x) => `pull payments for ${x}: members withdraw, the contract never pushes`,
            (x) => `${x} emits one event per round rather than one per contribution`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [{ step: one(`Thought: ${needle}.`, write('docs/decisions.md', `- ${needle}\n`)) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `ang ${t} mogamit og VendorToken imbes nga ETH`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Nakahukom mi: ${needle}.`, `Buhaton nato ni: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `contracts/${cap(t)}Circle.vy`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many(undefined, [
                write(
                  needle,
                  `# pragma version ^0.4.0\n\nowner: public(address)\n\n@deploy\ndef __init__():\n    self.owner = msg.sender`,
                ),
                sh('ape compile', compileOk(rng)),
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
        const needle = `tests/test_${t}.py`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                write(
                  needle,
                  `import ape\n\n\ndef test_skip(circle, vendors):\n    with ape.reverts("dili miyembro"):\n        circle.claim(sender=vendors[5])`,
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
        const needle = `'${t}' has not been declared`;
        const f = rng.pick(FUNCS);
        return {
          how: 'tool-compiler',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'ape compile',
                  vyExc('UndeclaredDefinition', `${needle}.`, f, rng.int(30, 140), `idx: uint256 = ${t} + 1`),
                  1,
                ),
              ),
            },
            {
              step: one(
                `Thought: ${t} should be self.${t}, it is a storage variable.`,
                write('contracts/Paluwagan.vy', `idx: uint256 = self.${t} + 1`),
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
        const needle = `FAILED tests/test_rounds.py::test_${t}`;
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'ape test',
                  testFail(
                    rng,
                    `test_${t}`,
                    'tests/test_rounds.py',
                    rng.pick(['dili pa imong turno', 'kulang ang bayad', 'sirado na ang round']),
                  ),
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
        const needle = `ContractLogicError: ${t} round expired`;
        return {
          how: 'tool-revert',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'ape test tests/test_refunds.py',
                  testFail(rng, 'test_refund_after_close', 'tests/test_refunds.py', `${t} round expired`),
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
        const f = rng.pick(FUNCS);
        const needle = `${f} mean gas ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  `ape test --gas -k ${f} | grep mean`,
                  `${needle}\n${some(
                    rng,
                    FUNCS.filter((x) => x !== f),
                    2,
                  )
                    .map((x) => `${x} mean gas ${rng.int(30000, 60000)}`)
                    .join('\n')}`,
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
        const needle = `0x${t}${hex(rng, 32)}`;
        return {
          how: 'tool-deploy',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'ape run deploy --network ethereum:sepolia:alchemy',
                  `INFO: Confirmed 0x${hex(rng, 64)} (total fees paid = ${rng.int(100000, 900000)} gwei)\nPaluwagan deployed at ${needle}`,
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
        const needle = `CEB-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Ang ID sa bag-ong circle kay ${needle}; ibutang sa scripts/deploy.py.` }],
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
            (x) => `next: deploy ${x} on Sepolia and verify it on Etherscan`,
            (x) => `${x} still needs a test where two members skip the same round`,
            (x) => `remaining: a fuzz test of ${x} with boa`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Thought: commit now; ${needle}.`,
                sh(`git commit -qam "paluwagan: ${t}" && git log --oneline -1`, `${hex(rng, 7)} paluwagan: ${t}`),
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
        const needle = `sa katapusan, pagsulat og mubo nga summary sa Cebuano bahin sa ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [{ user: `Salamat. Usa pa: ${needle}.` }, { step: one(undefined, sh('ape test', testsOk(rng))) }],
        };
      },
    },
  ],
};

function callText(c: ShoalCall): string {
  const args = Object.entries(c.args)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(', ');
  return `${c.tool}(${args})`;
}

function plan(s: ShoalStep): string {
  const head = s.say ? `${s.say.startsWith('Thought:') ? s.say : `Thought: ${s.say}`}\n` : '';
  return `${head}${s.calls.map((c, i) => `${i + 1}. ${callText(c)}`).join('\n')}\n${s.calls.length + 1}. join()<END_OF_PLAN>`;
}

function results(s: ShoalStep): string {
  return `Task results (plan of ${s.calls.length + 1}):\n${s.calls
    .map(
      (c, i) =>
        `${i + 1}. ${c.tool}(…)\nObservation: ${c.status === 'ok' ? '' : `[exit ${c.exitCode ?? 1}] `}${c.output || '(empty)'}`,
    )
    .join('\n\n')}`;
}

/** The compiler harness. */
export const SHOAL_COMPILER: ShoalHarness = {
  style: 'compiler',
  protocol: 'text',
  system: `Given a user query, create a plan to solve it with the utmost parallelizability. Each plan should comprise an action from the following 4 types:\n1. run_shell(command: str): runs a shell command in ${ROOT} (ape, pytest, git, grep).\n2. read_file(path: str): returns the file's text.\n3. write_file(path: str, content: str): replaces the file.\n4. join(): collects and combines results from prior actions.\n - An LLM agent is called upon invoking join() to either finalize the user query or wait until the plans are executed.\n - join should always be the last action in the plan, and will be called in two scenarios: (a) if the answer can be determined by gathering the outputs from tasks to generate the final response. (b) if the answer cannot be determined in the planning phase before you execute the plans.\nEach action is numbered with a unique ID; you may add Thought: lines. End the plan with <END_OF_PLAN>. The project is a Vyper paluwagan (rotating savings) contract for Cebu market vendors; the developer writes Cebuano.`,
  tools: ['run_shell', 'read_file', 'write_file'],
  renderStep: (s) => plan(s),
  renderResults: (s) => results(s),
  renderAnswer: (text) => `Thought: the results answer the query.\nAction: Finish(${text})`,
  resultStart: /^Task results \(plan of \d+\):\n/,
  callMark: /^\d+\. (?!join\(\))\w+\(/gm,
  resultMark: /^Observation: /gm,
  noise: cNoise,
  big: cBig,
  followUp: (rng) =>
    rng.pick([
      'Nakapasar ba ang mga test?',
      'Unsa may giingon sa ape karon?',
      'Palihug padagana pag-usab ang mga test.',
      'Unsa imong giusab?',
      'Sige, unsa pay nahabilin?',
      'Naa pa bay sayop?',
    ]),
  keepGoing: (rng) => rng.pick(['Padayon.', 'Padayon, ayaw hunong.', 'Padayon hangtod mopasar ang tanang test.']),
  answer: (rng) =>
    rng.pick([
      `Nahuman na: mipasar ang ${rng.int(14, 30)} ka test.`,
      'Done: the contract compiles and ape test is green.',
      'Naayo na. Naa pay warning sa VendorToken.vy, pero walay labot sa kini nga kausaban.',
      'Sa mubo: ang paluwagan molihok na ug husto ang turno.',
    ]),
  probe: (rng) => rng.pick(['Padayon.', 'Padayon gikan sa imong gihunongan.', 'Unsa may sunod?']),
  planters: PLANTERS,
};
