/**
 * The browser harness of the lode family (lode.ts): a browser-use-like web agent in its raw JSON
 * mode. Every reply is one JSON object, `{"current_state": {"evaluation_previous_goal", "memory",
 * "next_goal"}, "action": [{"go_to_url": {…}}, {"input_text": {…}}, …]}`, often several actions in
 * sequence, and the next user message carries the browser's state — the current url, the open
 * tabs, the page's interactive elements (`[12]<button>add</button>`, plain text as `[]` lines, the
 * `... N pixels below ...` hint) and the step counter — with one `Action result i/N: …` (or `Action
 * error i/N: ...…`) line per action; the task arrives as `Your ultimate task is: """…"""` and later
 * ones as `Your new ultimate task is: …`, and the agent ends a task with the `done` action. The user
 * registered three actions of their own: `run_hledger`, `read_file` and `write_file`.
 * The ecosystem is plain-text accounting: a bakery's hledger journal (decimal-comma EUR amounts,
 * included bank files, CSV rules files), worked through hledger-web (journal, registers, the add
 * form) and the hledger CLI (`bal`, `reg`, `check`, `import --dry-run`, balance-assertion and
 * undeclared-account errors); the user writes Luxembourgish.
 * Reconstructed rather than copied: the exact wording of browser-use's state message (the
 * `[Current state starts here]` header, `[]` text lines, where the step counter sits) and of its
 * action results, hledger-web's page layout and element order, and the precise layout of hledger's
 * error messages, which follow 1.3x's shape from memory.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  fail,
  grouped,
  hex,
  lines,
  many,
  nth,
  ok,
  one,
  pyJson,
  say,
  some,
  type LodeCall,
  type LodeHarness,
  type LodeStep,
  type Planter,
} from './lode-kit';

const HOME = '/home/mireille/comptabiliteit';
const WEB = 'http://127.0.0.1:5000';
const ACCTS = [
  'assets:bank:spuerkeess',
  'assets:bank:post',
  'assets:cash:keess',
  'assets:vat:input',
  'liabilities:vat:payable',
  'liabilities:suppliers',
  'income:sales:shop',
  'income:sales:catering',
  'expenses:supplies:flour',
  'expenses:supplies:butter',
  'expenses:energy',
  'expenses:rent',
  'expenses:wages',
  'expenses:bank:fees',
];
const PAYEES = [
  'Moulin de Kleinbettingen | Mehl Typ 550',
  'Luxlait | Botter a Ram',
  'Enovos | Stroum Februar',
  'Cactus Ettelbréck | Verpackung',
  'Lycée Ermesinde | Catering',
  'Spuerkeess | Fraisen',
  'POST Telecom | Internet',
  'CCSS | Cotisatiounen',
  'Loyer Rue de la Gare',
  'Keess | Dagesrecette',
];

/** An amount as the journal's commodity style writes it: `1.234,56 EUR`. */
function eur(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const a = Math.abs(cents);
  return `${sign}${grouped(Math.floor(a / 100), '.')},${String(a % 100).padStart(2, '0')} EUR`;
}

function day(rng: Rng, month = 3): string {
  return `2025-${String(month).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
}

/** A transaction as `hledger print` writes it. */
function txn(rng: Rng, payee = rng.pick(PAYEES)): string {
  const c = rng.int(1200, 180000);
  const acct = payee.startsWith('Keess')
    ? 'income:sales:shop'
    : payee.startsWith('Lycée')
      ? 'income:sales:catering'
      : rng.pick(ACCTS.slice(8));
  const bank = payee.startsWith('Keess') ? 'assets:cash:keess' : 'assets:bank:spuerkeess';
  const income = acct.startsWith('income');
  return `${day(rng)} * ${payee}\n    ${acct.padEnd(34)}${eur(income ? -c : c).padStart(16)}\n    ${bank}`;
}

/** A page as the agent sees it: where it is, its title, its elements and text. */
interface Page {
  url: string;
  title: string;
  body: string;
}

const pages = new WeakMap<LodeCall, Page>();

/** A call whose action leaves the browser on `page`. */
function at(call: LodeCall, page: Page): LodeCall {
  pages.set(call, page);
  return call;
}

const NAV = [
  '[0]<a>hledger-web</a>',
  '[1]<input name="q" placeholder="Search (eg: acct:food desc:groceries)"/>',
  '[2]<button title="Search">🔍</button>',
  '[3]<button title="Add a transaction (keyboard shortcut: a)">+ Add a transaction</button>',
];

function sidebar(rng: Rng): string {
  return [
    '[]Accounts',
    '[4]<a>Journal</a>',
    ...ACCTS.map((a, i) => `[${5 + i}]<a>${a.split(':').pop() as string}</a>\n[]${eur(rng.int(-900000, 2500000))}`),
  ].join('\n');
}

function rows(rng: Rng, n: number): string {
  return lines(n, () => {
    const c = rng.int(1200, 180000);
    return `[]${day(rng)} ${rng.pick(PAYEES)}  ${rng.pick(ACCTS)}  ${eur(c)}`;
  });
}

function journalPage(rng: Rng, q = ''): Page {
  const below = rng.int(8, 60) * 100;
  return {
    url: q ? `${WEB}/journal?q=${encodeURIComponent(q)}` : `${WEB}/journal`,
    title: '2025.journal - hledger-web',
    body: `[Start of page]\n${NAV.join('\n')}\n${sidebar(rng)}\n[]Journal${q ? ` (matching ${q})` : ''}\n[]Date Description Account Amount\n${rows(rng, rng.int(6, 14))}\n... ${below} pixels below - scroll or extract content to see more ...`,
  };
}

function registerPage(rng: Rng, acct: string): Page {
  let bal = rng.int(200000, 2600000);
  const body = lines(rng.int(6, 12), () => {
    const c = rng.int(-180000, 120000);
    bal += c;
    return `[]${day(rng)} ${rng.pick(PAYEES)}  ${eur(c)}  ${eur(bal)}`;
  });
  return {
    url: `${WEB}/register?q=inacct:${acct}`,
    title: `${acct} - hledger-web`,
    body: `[Start of page]\n${NAV.join('\n')}\n[]Transactions in ${acct} and subaccounts\n[]Date Description Change Balance\n${body}\n[${rng.int(30, 60)}]<a>Show more</a>\n[End of page]`,
  };
}

function addPage(): Page {
  return {
    url: `${WEB}/journal`,
    title: '2025.journal - hledger-web',
    body: `${NAV.join('\n')}\n[]Add a transaction\n[41]<input name="date" placeholder="Date" value="today"/>\n[42]<input name="description" placeholder="Description"/>\n[43]<input name="account1" placeholder="Account 1"/>\n[44]<input name="amount1" placeholder="Amount 1"/>\n[45]<input name="account2" placeholder="Account 2"/>\n[46]<input name="amount2" placeholder="Amount 2"/>\n[47]<select name="file">2025.journal</select>\n[48]<button>add</button>\n[49]<button>cancel</button>\n... 900 pixels below - scroll or extract content to see more ...`,
  };
}

/** Where the browser stays when an action (a registered one, say) does not move it. */
const STAY: Page = {
  url: `${WEB}/journal`,
  title: '2025.journal - hledger-web',
  body: `[Start of page]\n${NAV.join('\n')}\n[]Journal\n[]Date Description Account Amount\n... 3200 pixels below - scroll or extract content to see more ...`,
};

/** The registered `run_hledger` action: the command, what it printed, how it ended. */
function hl(args: string, output: string, code = 0): LodeCall {
  const text = `$ hledger -f ${HOME}/2025.journal ${args}\n${output}${code ? `\n(exit ${code})` : ''}`;
  return code === 0 ? ok('run_hledger', { args }, text) : fail('run_hledger', { args }, text, code);
}

function go(rng: Rng, url: string, page?: Page): LodeCall {
  return at(ok('go_to_url', { url }, `🔗  Navigated to ${url}`), page ?? journalPage(rng));
}

function click(index: number, label: string, page: Page): LodeCall {
  return at(ok('click_element_by_index', { index }, `🖱️  Clicked button with index ${index}: ${label}`), page);
}

function input(index: number, text: string): LodeCall {
  return at(ok('input_text', { index, text }, `⌨️  Input ${text} into index ${index}`), addPage());
}

function extract(goal: string, content: string, page: Page): LodeCall {
  return at(ok('extract_content', { goal }, `📄  Extracted from page\n: ${content}\n`), page);
}

function balReport(rng: Rng, accts: readonly string[]): string {
  const vals = accts.map(() => rng.int(-2000000, 3000000));
  const w = Math.max(...vals.map((v) => eur(v).length)) + 2;
  return `${accts.map((a, i) => `${eur(vals[i] as number).padStart(w)}  ${a}`).join('\n')}\n${'-'.repeat(w)}\n${eur(vals.reduce((s, v) => s + v, 0)).padStart(w)}`;
}

function browserNoise(rng: Rng): LodeStep {
  const r = rng.int(0, 9);
  const acct = rng.pick(ACCTS);
  if (r === 0) return one(undefined, go(rng, `${WEB}/journal`));
  if (r === 1) return one(undefined, go(rng, `${WEB}/register?q=inacct:${acct}`, registerPage(rng, acct)));
  if (r === 2) {
    const desc = rng.pick(PAYEES).split(' | ')[0] as string;
    return many(undefined, [
      at(ok('input_text', { index: 1, text: `desc:${desc}` }, `⌨️  Input desc:${desc} into index 1`), STAY),
      at(ok('send_keys', { keys: 'Enter' }, '⌨️  Sent keys: Enter'), journalPage(rng, `desc:${desc}`)),
    ]);
  }
  if (r === 3)
    return one(
      undefined,
      hl(
        `bal -e 2025-04-01 ${some(rng, ['assets', 'liabilities', 'income', 'expenses'], 2).join(' ')}`,
        balReport(rng, some(rng, ACCTS, rng.int(4, 9))),
      ),
    );
  if (r === 4)
    return one(
      undefined,
      hl(
        `reg ${acct} -b 2025-03-01 -e 2025-04-01`,
        lines(rng.int(5, 14), () => {
          const c = rng.int(-120000, 120000);
          return `${day(rng)} ${(rng.pick(PAYEES).slice(0, 26) + ' ').padEnd(27)}${acct.slice(0, 24).padEnd(25)}${eur(c).padStart(14)}${eur(rng.int(-90000, 2600000)).padStart(16)}`;
        }),
      ),
    );
  if (r === 5)
    return one(
      undefined,
      at(ok('scroll_down', { amount: 1000 }, '🔍  Scrolled down the page by 1000 pixels'), journalPage(rng)),
    );
  if (r === 6) {
    const t = [txn(rng), txn(rng), txn(rng)].join('\n\n');
    return one(
      undefined,
      hl(`print -b 2025-03-${String(rng.int(1, 20)).padStart(2, '0')} -e 2025-03-${rng.int(21, 31)}`, t),
    );
  }
  if (r === 7)
    return many(undefined, [
      click(3, '+ Add a transaction', addPage()),
      extract(
        'which fields the add form has and what file it writes to',
        pyJson({ fields: ['date', 'description', 'account1', 'amount1', 'account2', 'amount2'], file: '2025.journal' }),
        addPage(),
      ),
    ]);
  if (r === 8)
    return one(
      undefined,
      hl(
        'stats',
        `Main file                : ${HOME}/2025.journal\nIncluded files           : ${HOME}/bank/spuerkeess-2025.journal\n                           ${HOME}/bank/post-2025.journal\nTxns span                : 2025-01-01 to 2025-04-01 (90 days)\nLast txn                 : 2025-03-${rng.int(20, 31)} (${rng.int(1, 9)} days ago)\nTxns                     : ${rng.int(900, 1500)} (${(rng.int(100, 170) / 10).toFixed(1)} per day)\nTxns last 30 days        : ${rng.int(300, 500)} (${(rng.int(100, 170) / 10).toFixed(1)} per day)\nTxns last 7 days         : ${rng.int(60, 120)} (${(rng.int(90, 170) / 10).toFixed(1)} per day)\nPayees/descriptions      : ${rng.int(60, 90)}\nAccounts                 : ${ACCTS.length} (depth 3)\nCommodities              : 1 (EUR)\nMarket prices            : 0 ()\nRun time (throughput)    : 0.0${rng.int(2, 9)}s (${rng.int(20000, 60000)} txns/s)`,
      ),
    );
  return one(
    undefined,
    ok(
      'read_file',
      { path: `${HOME}/2025.journal` },
      `; Bäckerei Thill, Ettelbréck — Joer 2025\ndecimal-mark ,\ncommodity 1.000,00 EUR\n\n${ACCTS.map((a) => `account ${a}`).join('\n')}\n\ninclude bank/spuerkeess-2025.journal\ninclude bank/post-2025.journal\n\n${txn(rng)}\n\n${txn(rng)}`,
    ),
  );
}

function browserBig(rng: Rng): LodeStep {
  if (rng.chance(0.5)) {
    const items = Array.from({ length: rng.int(230, 280) }, () => {
      const p = rng.pick(PAYEES);
      return {
        date: day(rng, rng.int(1, 3)),
        description: p,
        account: rng.pick(ACCTS),
        amount: eur(rng.int(-180000, 180000)),
        status: rng.pick(['*', '*', '!', '']),
      };
    });
    return one(
      'I need every transaction of the quarter at once, so I extract the whole journal page.',
      extract(
        'all transactions listed in the journal, as JSON',
        `\`\`\`json\n${JSON.stringify(items, null, 2)}\n\`\`\``,
        journalPage(rng),
      ),
    );
  }
  let bal = rng.int(500000, 2500000);
  const out = lines(rng.int(330, 380), () => {
    const c = rng.int(-150000, 150000);
    bal += c;
    return `${day(rng, rng.int(1, 3))} ${(rng.pick(PAYEES).slice(0, 26) + ' ').padEnd(27)}${'assets:bank:spuerkeess'.padEnd(25)}${eur(c).padStart(14)}${eur(bal).padStart(16)}`;
  });
  return one(undefined, hl('reg assets:bank:spuerkeess -b 2025-01-01', out));
}

/** The user's request, as browser-use hands a task to its agent. */
function task(text: string, first = false): string {
  return first
    ? `Your ultimate task is: """${text}""". If you achieved your ultimate task, stop everything and use the done action in the next step to complete the task. If not, continue as usual.`
    : `Your new ultimate task is: """${text}""". Take the previous context into account and finish your new ultimate task. `;
}

function assertionError(rng: Rng, file: string, acct: string): string {
  const line = rng.int(200, 1900);
  const col = rng.int(48, 56);
  const asserted = rng.int(500000, 3000000);
  const diff = rng.int(150, 90000);
  const caret = '^'.repeat(eur(asserted).length);
  return `hledger: Error: ${file}:${line}:${col}:\n     | ${day(rng)} * Spuerkeess | Fraisen\n${String(line).padStart(4)} |     ${acct.padEnd(30)}${eur(-diff).padStart(14)} = ${eur(asserted)}\n     |${' '.repeat(col - 6)}${caret}\n\nBalance assertion failed in ${acct}\nIn commodity "EUR" at this point, excluding subaccounts, ignoring costs,\nthe asserted balance is:        ${eur(asserted)}\nbut the calculated balance is:  ${eur(asserted + diff)}\n(difference: ${eur(diff)})\nTo troubleshoot, check this account's running balance with assertions disabled, eg:\nhledger reg -I '${acct}$' cur:EUR`;
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `de Mäerz-Ofschloss fir ${t}, mat all Extraite vun der Spuerkeess ofgeglach`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: task(
                `Moien! D'Buchhaltung vun der Bäckerei Thill ass am hledger-Journal ${HOME}/2025.journal, an hledger-web leeft op ${WEB}. Ech brauch ${needle}. Schaff iwwer de Browser; fir d'Kommandolinn hues du run_hledger, a fir Fichieren read_file a write_file.`,
                true,
              ),
            },
            {
              step: many(undefined, [
                go(rng, `${WEB}/journal`),
                hl('bal -e 2025-04-01 assets', balReport(rng, ACCTS.slice(0, 4))),
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
        const needle = `d'TVA-Deklaratioun vum éischte Trimester fir ${t}`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: task(`Nächst Aufgab: preparéier ${needle}, mat de Montanten fir 3 % an 17 %.`) }],
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
            (x) => `${x}: keng Transaktioun virum 1. Mäerz änneren, de Februar ass scho bei der Fiduciaire`,
            (x) => `all Akeef bei ${x} ginn op expenses:supplies, ni op expenses:misc`,
            (x) => `fir ${x} all Montant mat zwou Dezimalen an an EUR aginn`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: task(
                rng.pick([
                  `Eng Regel: ${needle}.`,
                  `Denk drun — ${needle}; esou wëll et d'Fiduciaire.`,
                  `Wichteg: ${needle}.`,
                ]),
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
        const T = t.toUpperCase();
        const [needle, follow] = rng.pick([
          [
            `RULE ${T}: balance assertions on assets:bank stay in the journal; never delete one to make a check pass`,
            `Rule ${T} means a failing assertion has to be fixed by finding the missing posting.`,
          ],
          [
            `RULE ${T}: every cash sale is booked daily from the Z-report, never as a monthly total`,
            `Rule ${T} wants one cash transaction per day, so the cash register has to be checked day by day.`,
          ],
          [
            `RULE ${T}: receipts above 250,00 EUR carry a receipt: tag with the scan's file name`,
            `Rule ${T} applies to the larger supplier bills; they need their receipt tags before the close.`,
          ],
        ] as const);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'Before touching the bank files I read the notes the fiduciary left.',
                ok(
                  'read_file',
                  { path: `${HOME}/LIESMECH.fiduciaire.txt` },
                  `Fiduciaire Hoffmann & Schmit — Notizen fir d'Bäckerei Thill\n===========================================================\n1. Jiddwer Bankextrait gëtt mat enger Saldo-Assertioun (= …) ofgeschloss.\n2. ${needle}.\n3. TVA: 3 % op Brout a Patisserie, 17 % op Catering a Gedrénks.\n4. Belege ginn am Dossier belege/JJJJ-MM ofgeluecht.`,
                ),
              ),
            },
            {
              step: one(follow, hl('check assertions', 'hledger: all checks passed')),
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
            (x) => `Decision: the ${x} card fees go to expenses:bank:fees, not to expenses:misc`,
            (x) => `I will enter the ${x} transfers one by one through the add form instead of importing the CSV`,
            (x) => `${x} stays pending (!) rather than cleared (*) until the April statement confirms it`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [{ step: many(needle, [click(3, '+ Add a transaction', addPage()), input(41, day(rng))]) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} gëtt als Catering-Recette gebucht, net als Buttek`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            {
              user: task(
                rng.pick([
                  `Mir hunn decidéiert: ${needle}.`,
                  `Maach et esou: ${needle}, dat ass fir d'TVA méi einfach.`,
                ]),
              ),
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
        const needle = `import/${t}.csv.rules`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('The bank CSV needs a rules file before hledger can read it; I write one and try it dry.', [
                ok(
                  'write_file',
                  {
                    path: `${HOME}/${needle}`,
                    content: `skip 1\nseparator ;\nfields date, _, description, amount, _\ndate-format %d/%m/%Y\ndecimal-mark ,\ncurrency EUR\naccount1 assets:bank:spuerkeess\n\nif Luxlait|Moulin\n  account2 expenses:supplies\n`,
                  },
                  `Wrote 11 lines to ${HOME}/${needle}`,
                ),
                hl(
                  `import --dry-run --rules-file ${needle} import/spuerkeess-2025-03.csv`,
                  `; would import ${rng.int(3, 9)} new transactions from import/spuerkeess-2025-03.csv\n\n${txn(rng)}\n\n${txn(rng)}`,
                ),
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
        const needle = `notes/${t}-ofgleich.txt`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'I keep the differences I found in a notes file so the fiduciary can follow them.',
                ok(
                  'write_file',
                  {
                    path: `${HOME}/${needle}`,
                    content: `Ofgleich Spuerkeess Mäerz 2025\n- ${day(rng)}: Fraisen ${eur(rng.int(200, 900))} feelen am Journal\n- Saldo no Extrait: ${eur(rng.int(500000, 2500000))}\n`,
                  },
                  `Wrote 3 lines to ${HOME}/${needle}`,
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
        const file = `${HOME}/bank/${t}.journal`;
        const needle = `Error: ${file}:`;
        return {
          how: 'tool-hledger',
          needle,
          beats: [
            { step: one(undefined, hl('check', assertionError(rng, file, 'assets:bank:spuerkeess'), 1)) },
            {
              step: one(
                `The assertion in bank/${t}.journal fails by a bank fee; the March fees are not booked yet.`,
                go(rng, `${WEB}/register?q=inacct:expenses:bank:fees`, registerPage(rng, 'expenses:bank:fees')),
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
        const acct = `expenses:supplies:${t}`;
        const needle = `account "${acct}" has not been declared`;
        const line = rng.int(300, 1800);
        return {
          how: 'tool-strict',
          needle,
          beats: [
            {
              step: one(
                undefined,
                hl(
                  '--strict bal expenses',
                  `hledger: Error: ${HOME}/2025.journal:${line}:\n     | ${day(rng)} * Moulin de Kleinbettingen | Mehl Typ 550\n${String(line).padStart(4)} |     ${acct}${eur(rng.int(10000, 60000)).padStart(16)}\n     |     ${'^'.repeat(acct.length)}\n\nStrict account checking is enabled, and\n${needle}.\nConsider adding an account directive. Examples:\n\naccount ${acct}\naccount ${acct}    ; type:A  ; (L,E,R,X,C,V)`,
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
        const needle = `RF${rng.int(10, 99)}${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                hl(
                  'print desc:Ermesinde -b 2025-03-01',
                  `2025-03-${rng.int(10, 28)} * Lycée Ermesinde | Catering\n    ; ref: ${needle}\n    assets:bank:spuerkeess            ${eur(rng.int(80000, 300000)).padStart(16)}\n    income:sales:catering`,
                ),
              ),
            },
            {
              step: one(
                `The catering payment carries the creditor reference ${needle}; I look for the invoice with it.`,
                go(rng, `${WEB}/journal?q=${encodeURIComponent(`ref:${needle}`)}`, journalPage(rng, `ref:${needle}`)),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('num');
        const needle = `LU${t}${rng.int(0, 9)}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: task(`Eis TVA-Nummer ass ${needle}; schreif se an de Kapp vun der Deklaratioun.`) }],
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
            (x) => `Next: reconcile ${x} against the April statement once Mireille downloads it`,
            (x) => `Still to do: add the closing balance assertion for ${x} at 2025-03-31`,
            (x) => `Remaining: book the ${x} bank fees and run hledger check again`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                needle,
                ok(
                  'write_file',
                  { path: `${HOME}/notes/TODO.txt`, content: `- ${needle}\n` },
                  `Wrote 1 lines to ${HOME}/notes/TODO.txt`,
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
        const needle = `zum Schluss de Bericht fir ${t} als CSV exportéieren`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: task(`Merci. Eng lescht Saach: ${needle}.`) },
            {
              step: one(
                undefined,
                hl(
                  'bal -O csv -e 2025-04-01',
                  `"account","balance"\n${ACCTS.slice(0, rng.int(4, 8))
                    .map((a) => `"${a}","${eur(rng.int(-900000, 2000000))}"`)
                    .join('\n')}`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

const EVALS = [
  'Success - the previous actions ran and the page shows what I expected',
  'Success - the action results hold what I needed',
  'Unknown - the actions ran but the page did not visibly change',
  'Success - the page and the action results agree with the journal',
  'Success - nothing unexpected happened',
];

const MEMORY = [
  'Working through the March postings of the Spuerkeess account; the add form opens with index 3.',
  'Journal has decimal commas; amounts in the form must be typed like 12,50 EUR.',
  'Checked the shop and catering income so far; the bank register is next.',
  'The sidebar lists every account with its balance; registers open from there.',
];

/** What the agent says it will do next, from the first action of the step. */
function nextGoal(c: LodeCall): string {
  const a = c.args;
  switch (c.tool) {
    case 'go_to_url':
      return `Open ${String(a['url'])}`;
    case 'click_element_by_index':
      return `Click element ${String(a['index'])}`;
    case 'input_text':
      return 'Fill in the form';
    case 'extract_content':
      return `Extract ${String(a['goal'])}`;
    case 'run_hledger':
      return `Run hledger ${String(a['args']).split(' ')[0] as string}`;
    case 'read_file':
      return `Read ${String(a['path'])}`;
    case 'write_file':
      return `Write ${String(a['path'])}`;
    default:
      return 'Look further down the page';
  }
}

/** The browser's state after a step, then one result line per action. */
function stateMessage(s: LodeStep, n: number): string {
  const page = [...s.calls].reverse().find((c) => pages.has(c));
  const p = page ? (pages.get(page) as Page) : STAY;
  const results = s.calls.map((c, i) => {
    const k = `${i + 1}/${s.calls.length}`;
    return c.status === 'error' && c.tool !== 'run_hledger'
      ? `Action error ${k}: ...${c.output.split('\n').pop() as string}`
      : `Action result ${k}: ${c.output}`;
  });
  const minute = 10 + ((n * 7) % 50);
  return `[Current state starts here]\nThe following is one-time information - if you need to remember it write it to memory:\nCurrent url: ${p.url}\nAvailable tabs:\n[TabInfo(page_id=0, url='${p.url}', title='${p.title}')]\nInteractive elements from top layer of the current page inside the viewport:\n${p.body}\nCurrent step: ${n + 1}/100Current date and time: 2025-04-02 09:${minute}\n${results.join('\n')}`;
}

const ACTIONS =
  'go_to_url|click_element_by_index|input_text|extract_content|scroll_down|send_keys|run_hledger|read_file|write_file';

/** The browser harness. */
export const LODE_BROWSER: LodeHarness = {
  style: 'browser',
  protocol: 'text',
  system: `You are a precise browser automation agent that interacts with websites through structured commands. Your role is to:\n1. Analyze the provided webpage elements and structure\n2. Use the given information to accomplish the ultimate task\n3. Respond with valid JSON containing your next action sequence and state assessment\n\nINPUT STRUCTURE:\n1. Current URL: The webpage you're currently on\n2. Available Tabs: List of open browser tabs\n3. Interactive Elements: List in the format:\n   [index]<element_type>element_text</element_type>\n   - index: Numeric identifier for interaction\n   - element_type: HTML element type (button, input, etc.)\n   - element_text: Visible text or element description\n\nExample:\n[33]<button>Submit Form</button>\n[] Non-interactive text\n\nNotes:\n- Only elements with numeric indexes inside [] are interactive\n- [] elements provide context but cannot be interacted with\n\n1. RESPONSE FORMAT: You must ALWAYS respond with valid JSON in this exact format:\n{"current_state": {"evaluation_previous_goal": "Success|Failed|Unknown - Analyze the current elements and the image to check if the previous goals/actions are successful like intended by the task. Mention if something unexpected happened. Shortly state why/why not", "memory": "Description of what has been done and what you need to remember. Be very specific.", "next_goal": "What needs to be done with the next immediate action"}, "action": [{"one_action_name": {"parameter": "value"}}]}\n\n2. ACTIONS: You can specify multiple actions in the list to be executed in sequence. But always specify only one action name per item. Use maximum 10 actions per sequence.\n- Form filling: fill the inputs, then click the submit button\n- Only use multiple actions if it makes sense.\n\n3. ELEMENT INTERACTION:\n- Only use indexes of the interactive elements\n\n4. TASK COMPLETION:\n- Use the done action as the last action as soon as the ultimate task is complete\n- Put the answer for the user in the text parameter of done, in the user's language (Luxembourgish)\n\nFunctions:\nComplete task - with return text and if the task is finished (success=True) or not yet completely finished (success=False): \n{done: {'text': {'type': 'string'}, 'success': {'type': 'boolean'}}}\nNavigate to URL in the current tab: \n{go_to_url: {'url': {'type': 'string'}}}\nClick element by index: \n{click_element_by_index: {'index': {'type': 'integer'}}}\nInput text into a input interactive element: \n{input_text: {'index': {'type': 'integer'}, 'text': {'type': 'string'}}}\nExtract page content to retrieve specific information from the page, e.g. all company names, a specific description, all information about, links with companies in structured format or simply links: \n{extract_content: {'goal': {'type': 'string'}}}\nScroll down the page by pixel amount - if no amount is specified, scroll down one page: \n{scroll_down: {'amount': {'type': 'integer'}}}\nSend strings of special keys like Escape, Backspace, Insert, PageDown, Delete, Enter: \n{send_keys: {'keys': {'type': 'string'}}}\nRun the hledger command line on the bakery journal (arguments after hledger -f 2025.journal): \n{run_hledger: {'args': {'type': 'string'}}}\nRead a text file in the accounting folder: \n{read_file: {'path': {'type': 'string'}}}\nWrite a text file in the accounting folder: \n{write_file: {'path': {'type': 'string'}, 'content': {'type': 'string'}}}`,
  tools: ACTIONS.split('|'),
  callId: (rng) => hex(rng, 8),
  renderStep: (s, _ids, n) =>
    pyJson({
      current_state: {
        evaluation_previous_goal:
          n === 0 ? 'Unknown - this is the first step of the task' : nth(EVALS, n + s.calls.length),
        memory: s.say ?? nth(MEMORY, n),
        next_goal: nextGoal(s.calls[0] as LodeCall),
      },
      action: s.calls.map((c) => ({ [c.tool]: c.args })),
    }),
  renderResults: (s, _ids, n) => stateMessage(s, n),
  resultStart: /^\[Current state starts here\]\n/,
  callMark: new RegExp(`\\{"(?:${ACTIONS})": \\{`, 'g'),
  resultMark: /^Action (?:result|error) \d+\/\d+: /gm,
  renderAnswer: (text) =>
    pyJson({
      current_state: {
        evaluation_previous_goal: 'Success - the last results answer the task',
        memory: 'Task finished; reporting to the user.',
        next_goal: 'Report the result with done',
      },
      action: [{ done: { text, success: true } }],
    }),
  noise: browserNoise,
  big: browserBig,
  followUp: (rng) =>
    task(
      rng.pick([
        'Wéi vill Transaktioune feelen nach?',
        'Wat ass de Saldo vun der Spuerkeess elo?',
        'Kuck w.e.g. nach eng Kéier de Register vun der Keess.',
        'Erkläer mer kuerz, wat s du geännert hues.',
        'Gutt, wat kënnt elo?',
        "Stëmmen d'Fraisen elo?",
      ]),
    ),
  keepGoing: (rng) =>
    task(rng.pick(['Maach weider.', 'Maach weider, hal net un.', 'Maach weider, bis alles ofgeglach ass.'])),
  answer: (rng) =>
    rng.pick([
      `Fäerdeg: ${rng.int(12, 60)} Transaktioune kontrolléiert, hledger check leeft ouni Feeler.`,
      'Done: the March postings are entered and every balance assertion passes.',
      'Geflécht. Et bleift eng al Differenz an der Post-Kont, déi huet näischt mat dëser Ännerung ze dinn.',
      "Kuerz gesot: d'Registere stëmmen mat den Extraiten iwwereneen.",
    ]),
  probe: (rng) => task(rng.pick(['Maach weider.', 'Maach do weider, wou s du opgehalen hues.', 'A wat elo?'])),
  planters: PLANTERS,
};
