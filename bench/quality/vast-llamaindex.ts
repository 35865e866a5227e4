/**
 * The llamaindex harness of the vast family (vast.ts): a LlamaIndex `FunctionAgent` with native
 * calls to `FunctionTool`s named after their Python functions (`run_hardhat`, `read_source`,
 * `write_source`, `patch_source`, `grep_repo`) and a `QueryEngineTool` over the Solidity and
 * OpenZeppelin docs (`solidity_docs`, one `input` argument, answered by a synthesized answer), the
 * commands' outputs returned as `exit_code: N` then the output. A Hardhat project (solc errors with
 * HH600, mocha tests, solhint, gas reporter, Ignition deployments), for a Catalan-speaking user.
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

const ROOT = '/home/nuria/projectes/cooperativa';
const SRC = [
  'contracts/Tresoreria.sol',
  'contracts/Vot.sol',
  'contracts/Socis.sol',
  'test/Tresoreria.test.ts',
  'ignition/modules/Tresoreria.ts',
];

function hh(args: string, output: string, exitCode = 0): VastCall {
  return exitCode === 0 ? ok('run_hardhat', { args }, output, 0) : fail('run_hardhat', { args }, output, exitCode);
}

function sol(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `    function retira${i}(uint256 quantitat) external nonReentrant onlyRole(SOCI) {`,
      `        require(saldo[msg.sender] >= quantitat, "saldo insuficient");`,
      `        saldo[msg.sender] -= quantitat;`,
      '    }',
      `    mapping(address => uint256) public saldo;`,
      `    event Diposit(address indexed soci, uint256 quantitat);`,
      `    // ${rng.pick(['Quòrum: 50% + 1 dels socis actius.', 'See OZ AccessControl docs.', 'Imports en wei, mai en ether.'])}`,
      '',
      `import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";`,
      `    error LimitSuperat(uint256 limit, uint256 demanat);`,
    ]),
  );
}

function mocha(rng: Rng, failure = ''): string {
  const n = rng.int(14, 60);
  const cases = lines(
    rng.int(6, 14),
    () =>
      `      ✔ ${rng.pick(['accepta dipòsits de socis', 'rebutja no socis', 'exigeix quòrum', 'emet Diposit', 'tanca la votació'])}${rng.chance(0.3) ? ` (${rng.int(40, 900)}ms)` : ''}`,
  );
  const head = `\n\n  Tresoreria\n    Dipòsits\n${cases}\n`;
  return failure
    ? `${head}      1) rebutja retirades per sobre del límit\n\n\n  ${n - 1} passing (${rng.int(1, 9)}s)\n  1 failing\n\n${failure}\n`
    : `${head}\n\n  ${n} passing (${rng.int(1, 9)}s)\n`;
}

function liNoise(rng: Rng): VastStep {
  const r = rng.int(0, 7);
  if (r === 0) return one(undefined, hh('test', mocha(rng)));
  if (r === 1) {
    const [a, b] = rng.sample(SRC, 2) as [string, string];
    return many(rng.pick(['Llegeixo els dos fitxers.', undefined]), [
      ok('read_source', { path: a }, sol(rng, rng.int(10, 40))),
      ok('read_source', { path: b }, sol(rng, rng.int(8, 25))),
    ]);
  }
  if (r === 2)
    return one(
      undefined,
      hh(
        'compile',
        rng.chance(0.5)
          ? 'Nothing to compile\nNo need to generate any newer typings.'
          : `Generating typings for: ${rng.int(2, 8)} artifacts in dir: typechain-types for target: ethers-v6\nSuccessfully generated ${rng.int(20, 60)} typings!\nCompiled ${rng.int(2, 8)} Solidity files successfully (evm target: paris).`,
      ),
    );
  if (r === 3)
    return one(
      undefined,
      ok(
        'grep_repo',
        { pattern: rng.pick(['nonReentrant', 'onlyRole', 'LimitSuperat', 'saldo[']) },
        lines(rng.int(3, 10), () => `${rng.pick(SRC)}:${rng.int(3, 300)}:${firstLine(sol(rng, 3))}`),
      ),
    );
  if (r === 4) {
    const clean = rng.chance(0.5);
    return one(
      undefined,
      hh(
        'check',
        clean
          ? ''
          : `\n${rng.pick(SRC.slice(0, 3))}\n  ${rng.int(10, 200)}:${rng.int(3, 20)}  warning  Explicitly mark visibility of state  state-visibility\n  ${rng.int(10, 200)}:${rng.int(3, 20)}  warning  GC: Non strict inequality found. Try converting to a strict one  gas-strict-inequalities\n\n✖ 2 problems (0 errors, 2 warnings)\n`,
      ),
    );
  }
  if (r === 5)
    return one(
      'Pregunto a la documentació abans de tocar el control d\u2019accés.',
      ok(
        'solidity_docs',
        {
          input: rng.pick([
            'How does AccessControl handle role admins?',
            'When is ReentrancyGuard needed?',
            'What does the custom error selector contain?',
          ]),
        },
        rng.pick([
          'Each role has an admin role (DEFAULT_ADMIN_ROLE unless changed with _setRoleAdmin); only accounts holding the admin role can grant or revoke it.',
          'ReentrancyGuard protects functions that make external calls after changing state; mark them nonReentrant and follow checks-effects-interactions.',
          'A custom error is encoded like a function call: the 4-byte selector of its signature followed by the ABI-encoded arguments.',
        ]),
      ),
    );
  if (r === 6)
    return one(
      undefined,
      hh(
        'coverage',
        `\nVersion\n=======\n> solidity-coverage: v0.8.${rng.int(5, 14)}\n\nInstrumenting for coverage...\n=============================\n\n> Tresoreria.sol\n> Vot.sol\n\n${mocha(rng)}\n-----------------|----------|----------|----------|----------|----------------|\nFile             |  % Stmts | % Branch |  % Funcs |  % Lines |Uncovered Lines |\n-----------------|----------|----------|----------|----------|----------------|\n contracts/      |    ${dur(rng, 80, 100)} |    ${dur(rng, 60, 100)} |      100 |    ${dur(rng, 80, 100)} |                |\n  Tresoreria.sol |    ${dur(rng, 80, 100)} |    ${dur(rng, 60, 100)} |      100 |    ${dur(rng, 80, 100)} |         ${rng.int(40, 200)} |\n-----------------|----------|----------|----------|----------|----------------|`,
      ),
    );
  return one(
    undefined,
    hh(
      'test --network localhost',
      `Error HH108: Cannot connect to the network localhost.\nPlease make sure your node is running, and check your internet connection and networks config\n\nFor more info go to https://hardhat.org/HH108 or run Hardhat with --show-stack-traces`,
      1,
    ),
  );
}

function liBig(rng: Rng): VastStep {
  if (rng.chance(0.5))
    return one(
      'Executo els tests amb el gas reporter per comparar costos.',
      hh(
        'test',
        `${mocha(rng)}\n·----------------------------|---------------------------|-------------|-----------------------------·\n|    Solc version: 0.8.24    ·  Optimizer enabled: true  ·  Runs: 200  ·  Block limit: 30000000 gas  │\n·····························|···························|·············|······························\n|  Methods                                                                                          │\n${lines(rng.int(380, 480), (i) => `|  ${rng.pick(['Tresoreria', 'Vot', 'Socis']).padEnd(12)}·  ${rng.pick(['diposita', 'retira', 'proposa', 'vota', 'tanca', 'afegeixSoci'])}${String(i).padEnd(6)}·  ${String(rng.int(21000, 90000)).padStart(6)}  ·  ${String(rng.int(30000, 140000)).padStart(6)}  ·  ${String(rng.int(25000, 120000)).padStart(6)}  ·  ${String(rng.int(1, 40)).padStart(3)}  ·  -  │`)}\n·----------------------------|---------------------------|-------------|-----------------------------·`,
      ),
    );
  return one(undefined, ok('read_source', { path: 'contracts/Tresoreria.sol' }, sol(rng, rng.int(420, 520))));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `límit de retirada diari per soci al contracte ${t}`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Hola! El projecte és ~/projectes/cooperativa, un Hardhat amb Solidity 0.8.24 i OpenZeppelin 5. Cal afegir un ${needle}; ara qualsevol soci pot buidar la tresoreria en una sola transacció. No toquis els scripts d'Ignition de moment.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `votació ponderada per aportació a ${t}`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Següent tasca: implementa una ${needle}, amb els tests corresponents.` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `pausa d'emergència per a ${t} amb Pausable`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Una cosa més: necessitem una ${needle}, només per al rol de junta.` }],
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
            (x) => `res de proxies actualitzables per a ${x}`,
            (x) => `${x} no pot ser actualitzable: res de proxies`,
            (x) => `queda prohibit fer servir proxies a ${x}`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: `Una condició important: ${needle}. Els estatuts de la cooperativa ho exigeixen.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `3. \`contracts/${cap(t)}.sol\`: cap funció external que mogui ether sense \`nonReentrant\``;
        return {
          how: 'tool-security',
          needle,
          beats: [
            {
              step: one(
                'Abans de res, llegeixo les normes de seguretat del repositori.',
                ok(
                  'read_source',
                  { path: 'SECURITY.md' },
                  `# Normes de seguretat\n\nTot PR passa \`npx hardhat test\`, \`npx hardhat coverage\` (>= 95% de línies) i \`npx hardhat check\`.\n\n1. Imports en wei, mai en ether.\n2. Cap \`tx.origin\`.\n${needle}\n4. Esdeveniments per a cada canvi de saldo.\n${rng.chance(0.5) ? '\nEls auditors revisen aquest fitxer a cada versió.\n' : ''}`,
                ),
              ),
            },
            {
              step: one(
                `A ${cap(t)}.sol, doncs, tota funció external que mou ether porta nonReentrant; ho comprovo.`,
                ok(
                  'grep_repo',
                  { pattern: `function .* external(?!.*nonReentrant) contracts/${cap(t)}.sol` },
                  'No matches.',
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
            (x) => `Opto per un patró pull-payment a ${x}`,
            (x) => `Pull payments it is for ${x}`,
            (x) => `Em quedo amb pull payments per a ${x}`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}: cada soci retira el seu import i una transferència fallida no bloqueja la resta.`,
                ok(
                  'write_source',
                  {
                    path: `contracts/${cap(t)}Escrow.sol`,
                    content: `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n\ncontract ${cap(t)}Escrow {\n    mapping(address => uint256) public pendent;\n}\n`,
                  },
                  `Wrote ${rng.int(150, 400)} bytes to contracts/${cap(t)}Escrow.sol`,
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
        const needle = `${t} farà servir AccessControl d'OpenZeppelin, no Ownable`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Ho vam parlar a l'assemblea: ${needle}.`, `D'acord, doncs ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `contracts/${cap(t)}.sol`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'Creo el contracte nou.',
                ok(
                  'write_source',
                  {
                    path: needle,
                    content: `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n\n${sol(rng, 6)}\n`,
                  },
                  `Wrote ${rng.int(200, 900)} bytes to ${needle}`,
                ),
              ),
            },
            { step: one(undefined, hh('compile', `Compiled 1 Solidity file successfully (evm target: paris).`)) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `test/${cap(t)}.test.ts`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'patch_source',
                  {
                    path: needle,
                    find: 'it.skip("rebutja retirades per sobre del límit"',
                    replace: 'it("rebutja retirades per sobre del límit"',
                  },
                  `Patched ${needle} (1 replacement)`,
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
        const line = rng.int(20, 200);
        const needle = `TypeError: Member "${t}" not found or not visible after argument-dependent lookup in contract Tresoreria.`;
        const out = `${needle}\n  --> contracts/Tresoreria.sol:${line}:${rng.int(9, 30)}:\n   |\n${String(line).padEnd(3)}|         if (this.${t}(msg.sender) > limitDiari) revert LimitSuperat(limitDiari, quantitat);\n   |             ^^^^^^^^^^^^^^\n\n\nError HH600: Compilation failed\n\nFor more info go to https://hardhat.org/HH600 or run Hardhat with --show-stack-traces`;
        return {
          how: 'tool-solc',
          needle,
          beats: [
            { step: one(undefined, hh('compile', out, 1)) },
            {
              step: one(
                `${t} és internal a Socis.sol; l'exposo com a view.`,
                ok('read_source', { path: 'contracts/Socis.sol' }, sol(rng, 12)),
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
        const limit = rng.int(100, 900);
        const needle = `reverted with custom error '${cap(t)}Exceeded(1000, ${limit})'`;
        const failure = `  1) Tresoreria\n       Dipòsits\n         rebutja retirades per sobre del límit:\n     Error: VM Exception while processing transaction: ${needle}\n    at Tresoreria.retira (contracts/Tresoreria.sol:${rng.int(40, 200)})\n    at EdrProviderWrapper.request (node_modules/hardhat/src/internal/hardhat-network/provider/provider.ts:${rng.int(400, 460)}:41)\n    at async HardhatEthersSigner.sendTransaction (node_modules/@nomicfoundation/hardhat-ethers/src/signers.ts:${rng.int(120, 140)}:18)\n    at async Context.<anonymous> (test/Tresoreria.test.ts:${rng.int(20, 140)}:7)`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 40 : 2,
          (i) =>
            `eth_sendTransaction (${i})\n  Contract call:       Tresoreria#diposita\n  Gas used:            ${rng.int(40000, 90000)} of 30000000`,
          '',
          mocha(rng, failure),
        );
        return {
          how: 'tool-mocha',
          needle,
          beats: [
            { step: one(undefined, hh('test', out, 1)) },
            {
              step: one(
                `${cap(t)}Exceeded salta abans d'hora: el test diposita menys del que retira.`,
                ok(
                  'read_source',
                  { path: 'test/Tresoreria.test.ts' },
                  `  it("rebutja retirades per sobre del límit", async () => {\n    await expect(t.retira(1000n)).to.be.revertedWithCustomError(t, "${cap(t)}Exceeded");\n  });`,
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
        const t = mint('hex');
        const needle = `0x${t}${hex(rng, 32)}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                hh(
                  'ignition deploy ignition/modules/Tresoreria.ts --network sepolia',
                  `✔ Confirm deploy to network sepolia (11155111)? … yes\nHardhat Ignition 🚀\n\nDeploying [ TresoreriaModule ]\n\nBatch #1\n  Executed TresoreriaModule#Socis\n\nBatch #2\n  Executed TresoreriaModule#Tresoreria\n\n[ TresoreriaModule ] successfully deployed 🚀\n\nDeployed Addresses\n\nTresoreriaModule#Socis - 0x${hex(rng, 40)}\nTresoreriaModule#Tresoreria - ${needle}`,
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
        const needle = `COOP-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `La incidència a GitLab és ${needle}; posa-la al títol de la merge request.` }],
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
            (x) => `Pendent: afegir ${x} a ignition/modules/Tresoreria.ts`,
            (x) => `Still to do: wire ${x} into ignition/modules/Tresoreria.ts`,
            (x) => `Queda per fer: registrar ${x} a ignition/modules/Tresoreria.ts`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Compila i els tests passen.\n${needle}\nDesprés, coverage un altre cop.`,
                ok('grep_repo', { pattern: `${t} ignition/` }, 'No matches.'),
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
        const needle = `verifica ${t} a Etherscan abans de tancar`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Molt bé. Abans d'acabar, recorda: ${needle}.` },
            {
              step: one(
                `Entesos, ${t}. Comprovo que la clau d'Etherscan és a la configuració.`,
                ok(
                  'grep_repo',
                  { pattern: 'etherscan' },
                  'hardhat.config.ts:31:  etherscan: { apiKey: vars.get("ETHERSCAN_API_KEY") },',
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The llamaindex harness. */
export const VAST_LLAMAINDEX: VastHarness = {
  style: 'llamaindex',
  protocol: 'native',
  system: `You are a Solidity engineering agent for a cooperative's treasury contracts at ${ROOT} (Hardhat 2.22, Solidity 0.8.24, OpenZeppelin Contracts 5, ethers v6, Hardhat Ignition).\nUse run_hardhat for every Hardhat task (its argument is what follows \`npx hardhat\`), read_source/write_source/patch_source for files, grep_repo to search, and solidity_docs for questions about Solidity or OpenZeppelin.\nAlways run the tests after changing a contract. The user writes in Catalan; answer in Catalan.`,
  tools: ['run_hardhat', 'read_source', 'write_source', 'patch_source', 'grep_repo', 'solidity_docs'],
  callId: (rng) => `call_${chars(rng, 24)}`,
  wrap: (c) => (c.tool === 'run_hardhat' ? `exit_code: ${c.exitCode ?? 0}\n${c.output}` : c.output),
  noise: liNoise,
  big: liBig,
  followUp: (rng) =>
    rng.pick([
      'Ja passen els tests?',
      'Què diu el solhint?',
      'Torna a executar els tests, si us plau.',
      'Explica breument què has canviat.',
      "D'acord, i ara què toca?",
    ]),
  keepGoing: (rng) => rng.pick(['Continua.', 'Endavant.', 'Continua fins que passin els tests.']),
  answer: (rng) =>
    rng.pick([
      `Pas acabat: compila i passen els ${rng.int(14, 60)} tests.`,
      'Arreglat; només queda un avís del solhint sobre visibilitat.',
      'Resum: els contractes modificats compilen i la cobertura és per sobre del 95%.',
      'Fet. Cap error nou.',
    ]),
  probe: (rng) => rng.pick(['Continua.', 'Continua on ho havies deixat.', 'I ara?']),
  planters: PLANTERS,
};
