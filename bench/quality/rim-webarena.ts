/**
 * The webarena harness of the rim family (rim.ts): a WebArena-like browser agent that does not work
 * on code. Each step it reasons ("Let's think step-by-step. …") and ends with "In summary, the next
 * action I will perform is ```click [1234]```" — one action a step (`click`, `type [id] [text] [1]`,
 * `hover`, `press`, `scroll [down]`, `goto`, `go_back`), `stop [answer]` when it reports back; the
 * harness answers with `OBSERVATION:` and the page's accessibility tree (`[1234] button 'Confirm'`),
 * its URL and the previous action. Month-end accounting in an Odoo 17 ERP (vendor bills, bank
 * reconciliation, journal items, error dialogs, chatter notes), for a Lithuanian-speaking accountant.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import { cap, fail, ok, one, pad, say, type Planter, type RimCall, type RimHarness, type RimStep } from './rim-kit';

const SITE = 'http://erp.baltumedis.lt';
const VENDORS = [
  'UAB Medvilnė',
  'UAB Žalgiris Trade',
  'AB Lietuvos paštas',
  'UAB Miško kelias',
  'Telia Lietuva, AB',
  'UAB Kuro logistika',
  'UAB Sakų pjūklai',
];
/** Ids that stay the same on every page (Odoo's navbar and the list view's controls). */
const ID = {
  home: 112,
  dashboard: 121,
  customers: 124,
  vendors: 127,
  accounting: 130,
  reporting: 133,
  config: 136,
  fresh: 205,
  search: 214,
  filters: 217,
  confirm: 612,
  draft: 615,
  pay: 618,
  itemsTab: 640,
  attach: 702,
  close: 905,
  validate: 481,
};

function money(rng: Rng, lo = 40, hi = 9000): string {
  const v = rng.int(lo * 100, hi * 100) / 100;
  return `${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
}

function date(rng: Rng, month = 10): string {
  return `${pad(month)}/${pad(rng.int(1, 28))}/2024`;
}

function bill(rng: Rng, n = rng.int(1, 140)): string {
  return `BILL/2024/10/${pad(n, 4)}`;
}

const NAV = `\t[111] navigation ''\n\t\t[${ID.home}] button 'Home Menu'\n\t\t[118] link 'Accounting'\n\t\t[${ID.dashboard}] button 'Dashboard'\n\t\t[${ID.customers}] button 'Customers'\n\t\t[${ID.vendors}] button 'Vendors'\n\t\t[${ID.accounting}] button 'Accounting'\n\t\t[${ID.reporting}] button 'Reporting'\n\t\t[${ID.config}] button 'Configuration'\n\t\t[140] button 'UAB Baltų medis'\n\t\t[142] button 'Rasa Petrauskienė'`;

/** An observation: the tab line, the tree under the root, the URL. */
function page(title: string, path: string, body: string[]): string {
  return `Tab 0 (current): ${title}\n\n[1] RootWebArea '${title}' focused: True\n${NAV}\n\t[200] main ''\n${body.map((l) => `\t\t${l}`).join('\n')}\nURL: ${SITE}${path}`;
}

function listRows(rng: Rng, n: number, from = 300): string[] {
  return Array.from({ length: n }, (_, i) => {
    const id = from + i * 6;
    const b = bill(rng);
    const v = rng.pick(VENDORS);
    const total = money(rng);
    const status = rng.pick(['Posted', 'Draft', 'Posted', 'Paid', 'In Payment']);
    return `[${id}] row '${b} ${v} ${date(rng)} ${date(rng, 11)} ${total} ${status}'\n\t\t\t[${id + 1}] gridcell '${b}'\n\t\t\t[${id + 2}] gridcell '${v}'\n\t\t\t[${id + 3}] gridcell '${total}'\n\t\t\t[${id + 4}] gridcell '${status}'`;
  });
}

function billsList(rng: Rng, rows = rng.int(6, 14), from = 300): string {
  return page('Bills - Odoo', '/odoo/action-account.action_move_in_invoice_type', [
    `[202] navigation 'Breadcrumb'`,
    `\t[203] StaticText 'Bills'`,
    `[${ID.fresh}] button 'New'`,
    `[${ID.search}] searchbox 'Search...'`,
    `[${ID.filters}] button 'Toggle Search Panel'`,
    `[220] StaticText '1-${rows} / ${rng.int(rows, 180)}'`,
    `[230] table ''`,
    `\t[231] row 'Number Vendor Bill Date Due Date Total Status'`,
    ...listRows(rng, rows, from).map((r) => `\t${r}`),
  ]);
}

function billForm(
  rng: Rng,
  o: { vendor?: string; number?: string; state?: string; chatter?: string[]; extra?: string[] } = {},
): string {
  const number = o.number ?? bill(rng);
  const vendor = o.vendor ?? rng.pick(VENDORS);
  const state = o.state ?? rng.pick(['Draft', 'Posted']);
  const untaxed = rng.int(100, 9000);
  return page(`${number} - Odoo`, `/odoo/action-account.action_move_in_invoice_type/${rng.int(3000, 9000)}`, [
    `[202] navigation 'Breadcrumb'`,
    `\t[203] link 'Bills'`,
    `\t[204] StaticText '${number}'`,
    ...(state === 'Draft'
      ? [`[${ID.confirm}] button 'Confirm'`]
      : [`[${ID.pay}] button 'Register Payment'`, `[${ID.draft}] button 'Reset to Draft'`]),
    `[620] StaticText '${state}'`,
    `[630] combobox 'Vendor' value='${vendor}'`,
    `[632] textbox 'Bill Reference' value='SF ${rng.int(1000, 99999)}'`,
    `[634] textbox 'Bill Date' value='${date(rng)}'`,
    `[636] combobox 'Payment terms' value='${rng.pick(['30 Days', '15 Days', 'End of Following Month'])}'`,
    `[${ID.itemsTab}] tab 'Invoice Lines' selected: True`,
    `[641] tab 'Journal Items'`,
    `[642] tab 'Other Info'`,
    `[650] table ''`,
    `\t[651] row '${rng.pick(['Pjautinė mediena', 'Transporto paslaugos', 'Kuras', 'Ryšio paslaugos'])} 1.00 ${untaxed.toFixed(2)} 21% ${untaxed.toFixed(2)} €'`,
    `[660] StaticText 'Untaxed Amount: ${untaxed.toFixed(2)} €'`,
    `[661] StaticText 'VAT 21%: ${(untaxed * 0.21).toFixed(2)} €'`,
    `[662] StaticText 'Total: ${(untaxed * 1.21).toFixed(2)} €'`,
    ...(o.extra ?? []),
    `[700] complementary 'Chatter'`,
    `\t[701] button 'Send message'`,
    `\t[${ID.attach}] button 'Attach files'`,
    ...(
      o.chatter ?? [
        `[710] StaticText 'Rasa Petrauskienė - ${rng.int(2, 9)} days ago'`,
        `[711] StaticText 'Bill created'`,
      ]
    ).map((l) => `\t${l}`),
  ]);
}

function reconPage(rng: Rng, extra: string[] = []): string {
  const rows = Array.from({ length: rng.int(4, 9) }, (_, i) => {
    const id = 420 + i * 5;
    return `[${id}] row '${date(rng)} ${rng.pick(['Mokėjimas', 'Įplauka', 'Banko mokestis', 'Grąžinimas'])} ${rng.pick(VENDORS)} ${rng.chance(0.5) ? '-' : ''}${money(rng)}'\n\t\t\t[${id + 1}] button 'Reconcile'`;
  });
  return page('Bank Reconciliation - Odoo', '/odoo/action-account.action_bank_statement_tree', [
    `[402] StaticText 'Swedbank LT${rng.int(10, 99)} 7300 0101 ${rng.int(1000, 9999)} ${rng.int(1000, 9999)}'`,
    `[404] searchbox 'Search...'`,
    `[406] StaticText 'To check: ${rng.int(0, 12)}'`,
    `[410] table ''`,
    ...rows.map((r) => `\t${r}`),
    `[${ID.validate}] button 'Validate'`,
    ...extra,
  ]);
}

function act(tool: string, args: Record<string, unknown>, output: string, status: 'ok' | 'error' = 'ok'): RimCall {
  return status === 'ok' ? ok(tool, args, output) : fail(tool, args, output, 1);
}

function webNoise(rng: Rng): RimStep {
  const r = rng.int(0, 8);
  if (r === 0)
    return one(
      undefined,
      act('scroll', { direction: 'down' }, billsList(rng, rng.int(8, 16), 300 + rng.int(10, 40) * 6)),
    );
  if (r === 1) {
    const row = 300 + rng.int(0, 8) * 6;
    return one(
      rng.pick([`The row [${row}] is one of the open October bills; I open it to check its lines.`, undefined]),
      act('click', { id: row }, billForm(rng)),
    );
  }
  if (r === 2) {
    const q = rng.pick(['Medvilnė', 'Žalgiris', 'Kuro', 'SF 4', 'Miško']);
    return one(undefined, act('type', { id: ID.search, text: q, enter: 1 }, billsList(rng, rng.int(1, 5))));
  }
  if (r === 3)
    return one(
      rng.pick(['I need the bank statement lines to see what is still unmatched.', undefined]),
      act('goto', { url: `${SITE}/odoo/action-account.action_bank_statement_tree` }, reconPage(rng)),
    );
  if (r === 4)
    return one(
      undefined,
      act(
        'click',
        { id: ID.reporting },
        `${billsList(rng, 4)}\n`.replace(
          `[${ID.reporting}] button 'Reporting'`,
          `[${ID.reporting}] button 'Reporting' expanded: True\n\t\t\t[150] menuitem 'Balance Sheet'\n\t\t\t[151] menuitem 'Profit and Loss'\n\t\t\t[152] menuitem 'General Ledger'\n\t\t\t[153] menuitem 'Aged Payable'\n\t\t\t[154] menuitem 'Tax Report'`,
        ),
      ),
    );
  if (r === 5) return one(undefined, act('go_back', {}, billsList(rng)));
  if (r === 6)
    return one(
      undefined,
      act(
        'hover',
        { id: 636 },
        billForm(rng, {
          extra: [
            `[670] tooltip 'Payment Terms: the due dates are computed from these terms; leave empty to set the Due Date by hand.'`,
          ],
        }),
      ),
    );
  if (r === 7)
    return one(
      'The Journal Items tab shows which accounts the bill hits.',
      act(
        'click',
        { id: 641 },
        billForm(rng, {
          extra: [
            `[680] table 'Journal Items'`,
            `\t[681] row '6${rng.int(100, 999)} ${rng.pick(['Žaliavos', 'Transporto sąnaudos', 'Ryšio sąnaudos'])} ${money(rng)} 0.00 €'`,
            `\t[682] row '4492 PVM ${money(rng, 10, 900)} 0.00 €'`,
            `\t[683] row '4430 Tiekėjai 0.00 € ${money(rng)}'`,
          ],
        }),
      ),
    );
  return one(undefined, act('press', { key: 'Escape' }, billsList(rng)));
}

function webBig(rng: Rng): RimStep {
  if (rng.chance(0.5))
    return one(
      'The General Ledger for October is long; I load the whole thing to find the unmatched supplier lines.',
      act(
        'goto',
        {
          url: `${SITE}/odoo/action-account_reports.action_account_report_general_ledger?date_from=2024-10-01&date_to=2024-10-31`,
        },
        page('General Ledger - Odoo', '/odoo/action-account_reports.action_account_report_general_ledger', [
          `[402] StaticText 'General Ledger'`,
          `[404] button 'Oct 2024'`,
          `[410] table ''`,
          ...Array.from({ length: rng.int(360, 440) }, (_, i) => {
            const id = 1000 + i * 3;
            return `\t[${id}] row '${date(rng)} ${rng.pick(['BILL', 'BNK1', 'MISC', 'INV'])}/2024/10/${pad(rng.int(1, 400), 4)} ${rng.pick(VENDORS)} ${rng.pick(['4430 Tiekėjai', '2710 Banko sąskaita', `6${rng.int(100, 999)} Sąnaudos`, '4492 PVM'])} ${money(rng)} ${money(rng)}'`;
          }),
        ]),
      ),
    );
  return one(
    undefined,
    act(
      'scroll',
      { direction: 'down' },
      page('Journal Items - Odoo', '/odoo/action-account.action_account_moves_all', [
        `[410] table ''`,
        ...Array.from({ length: rng.int(380, 460) }, (_, i) => {
          const id = 2000 + i * 2;
          return `\t[${id}] row '${date(rng)} ${bill(rng)} ${rng.pick(VENDORS)} ${rng.pick(['4430', '2710', '6000', '6310', '4492'])} ${money(rng)} ${rng.pick(['', 'A12', 'P4', 'R7'])}'`;
        }),
      ]),
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tiekėjo UAB ${cap(t)} spalio sąskaitas patvirtinti ir suderinti su banko išrašu`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Labas! Esi mūsų Odoo apskaitos asistentas (UAB „Baltų medis“, ${SITE}). Uždarome spalį, todėl reikia ${needle}. Jau patvirtintų įrašų netrink ir nekeisk.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `spalio PVM ataskaitą padalinio ${cap(t)} analitikai`;
        return { how: 'user-followup', needle, beats: [{ user: `Kita užduotis: paruošk ${needle}, tik juodraštį.` }] };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `kreditinę sąskaitą klientui ${cap(t)} už grąžintą medieną`;
        return { how: 'user-followup', needle, beats: [{ user: `Dar vienas dalykas: išrašyk ${needle}.` }] };
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
            (x) => `nekeisk ${cap(x)} tiekėjo mokėjimo sąlygų`,
            (x) => `jokių nurašymų ${cap(x)} sąskaitoms be mano leidimo`,
            (x) => `${cap(x)} sąskaitų netvirtink, kol nepridėtas pristatymo aktas`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Svarbu: ${needle}. Taip sutarta su direktore.`,
                `Atsimink — ${needle}; praeitą mėnesį dėl to buvo bėdų su auditu.`,
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
        const needle = `Do not register payments to ${cap(t)} UAB before the 25th - cash-flow agreement with the bank`;
        const vendor = `${cap(t)} UAB`;
        return {
          how: 'tool-chatter',
          needle,
          beats: [
            {
              step: one(
                `The next open bill is from ${vendor}. I open it and read the chatter before doing anything.`,
                act(
                  'click',
                  { id: 300 + rng.int(0, 6) * 6 },
                  billForm(rng, {
                    vendor,
                    state: 'Draft',
                    chatter: [
                      `[710] StaticText 'Rasa Petrauskienė - Note - ${rng.int(2, 9)} days ago'`,
                      `[711] StaticText '${needle}'`,
                      `[712] StaticText 'Jonas Kazlauskas - ${rng.int(10, 20)} days ago'`,
                      `[713] StaticText 'Bill created from SF scan'`,
                    ],
                  }),
                ),
              ),
            },
            {
              step: one(
                `The note says no payments to ${vendor} before the 25th, so I only confirm the bill and leave Register Payment alone.`,
                act('click', { id: ID.confirm }, billForm(rng, { vendor, state: 'Posted' })),
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
            (x) =>
              `I'll book the 0.37 € rounding difference to analytic account ${cap(x)} instead of reopening the bill`,
            (x) => `Nusprendžiau: banko mokestį priskirsiu analitinei sąskaitai ${cap(x)}`,
            (x) => `Decision: the ${cap(x)} partial payment goes against the oldest open bill first`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}; the amount is immaterial and the bill is already posted.`,
                act(
                  'type',
                  { id: 744, text: cap(t), enter: 1 },
                  reconPage(rng, [
                    `[740] dialog 'Write-off'`,
                    `\t[742] combobox 'Account' value='6${rng.int(100, 999)} Kitos sąnaudos'`,
                    `\t[744] combobox 'Analytic' value='${cap(t)}'`,
                    `\t[746] button 'Create'`,
                  ]),
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
        const needle = `${cap(t)} sąskaitas apmokėsime dalimis, ne visa suma`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Nutarėme: ${needle}.`, `Gerai, tada ${needle} — taip susitarėme su tiekėju.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `/srv/skenai/2024-10/saskaita_${t}.pdf`;
        const vendor = rng.pick(VENDORS);
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'The bill has no scan attached; the file input behind Attach files accepts a path.',
                act(
                  'type',
                  { id: ID.attach, text: needle, enter: 1 },
                  billForm(rng, {
                    vendor,
                    chatter: [
                      `[710] StaticText 'Rasa Petrauskienė - now'`,
                      `[711] link 'saskaita_${t}.pdf'`,
                      `[712] StaticText '${rng.int(80, 900)} KB'`,
                    ],
                  }),
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
        const needle = `Downloads/journal_items_${t}.xlsx`;
        return {
          how: 'agent-export',
          needle,
          beats: [
            {
              step: one(
                'Exporting the selected journal items so the accountant has them in a spreadsheet.',
                act(
                  'click',
                  { id: 812 },
                  `${page('Journal Items - Odoo', '/odoo/action-account.action_account_moves_all', [
                    `[802] StaticText '${rng.int(10, 80)} selected'`,
                    `[810] dialog 'Export Data'`,
                    `\t[811] StaticText 'Export format: XLSX'`,
                    `\t[812] button 'Export'`,
                    `\t[814] button 'Close'`,
                  ])}\nDOWNLOAD: saved ${needle} (${rng.int(12, 400)} KB)`,
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
        const ref = rng.int(1000, 99999);
        const needle = `You probably encoded twice the same vendor bill/credit note: ${cap(t)} UAB - SF ${ref}`;
        return {
          how: 'tool-dialog',
          needle,
          beats: [
            {
              step: one(
                undefined,
                act(
                  'click',
                  { id: ID.confirm },
                  billForm(rng, {
                    vendor: `${cap(t)} UAB`,
                    state: 'Draft',
                    extra: [
                      `[900] dialog 'Validation Error'`,
                      `\t[902] StaticText 'Duplicated vendor reference detected.'`,
                      `\t[903] StaticText '${needle} - ${date(rng)}'`,
                      `\t[${ID.close}] button 'Close'`,
                    ],
                  }),
                  'error',
                ),
              ),
            },
            {
              step: one(
                `SF ${ref} from ${cap(t)} UAB is already booked; this draft is the duplicate. I close the dialog and leave it in draft.`,
                act('click', { id: ID.close }, billForm(rng, { vendor: `${cap(t)} UAB`, state: 'Draft' })),
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
        const acc = `6${rng.int(100, 999)}`;
        const needle = `The account ${acc} ${cap(t)} (Banko mokesčiai) is deprecated.`;
        return {
          how: 'tool-servererror',
          needle,
          beats: [
            {
              step: one(
                undefined,
                act(
                  'click',
                  { id: ID.validate },
                  reconPage(rng, [
                    `[950] dialog 'Odoo Server Error'`,
                    `\t[951] StaticText 'Invalid Operation'`,
                    `\t[952] StaticText '${needle}'`,
                    `\t[953] button 'See details'`,
                    `\t[954] button 'Close'`,
                  ]),
                  'error',
                ),
              ),
            },
            {
              step: one(
                `Account ${acc} ${cap(t)} is archived; the bank fee line needs the current fees account. Opening See details for the traceback first.`,
                act(
                  'click',
                  { id: 953 },
                  `${reconPage(rng, [`[950] dialog 'Odoo Server Error'`, `\t[955] StaticText 'Traceback (most recent call last):'`, `\t[956] StaticText 'File "/opt/odoo/odoo/http.py", line ${rng.int(1500, 2200)}, in _serve_db'`, `\t[957] StaticText 'odoo.exceptions.UserError: The account ${acc} ${cap(t)} (Banko mokesčiai) is deprecated.'`])}`,
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
        const needle = `LT${t}17`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                act(
                  'click',
                  { id: ID.vendors },
                  page(`${rng.pick(VENDORS)} - Odoo`, `/odoo/contacts/${rng.int(20, 900)}`, [
                    `[502] StaticText 'Company'`,
                    `[504] textbox 'Name' value='${rng.pick(VENDORS)}'`,
                    `[506] StaticText 'Tax ID'`,
                    `[507] textbox 'Tax ID' value='${needle}'`,
                    `[508] StaticText 'Company ID ${rng.int(100000000, 309999999)}'`,
                    `[510] textbox 'Street' value='${rng.pick(['Savanorių pr. 1', 'Gedimino pr. 20', 'Taikos g. 88'])}'`,
                    `[512] textbox 'City' value='${rng.pick(['Vilnius', 'Kaunas', 'Klaipėda', 'Šiauliai'])}'`,
                  ]),
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
        const needle = `MN-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Mokėjimo nurodymo numeris banke yra ${needle}, įrašyk jį į mokėjimo memo.` }],
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
            (x) => `Still to do: register the payment for the ${cap(x)} bill once the bank line arrives`,
            (x) => `Liko suderinti ${cap(x)} banko eilutę su sąskaita`,
            (x) => `Next I have to post the ${cap(x)} accrual reversal dated 11/01/2024`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `All open October bills are confirmed. ${needle}. I go back to the bank statement to see whether it is there.`,
                act('goto', { url: `${SITE}/odoo/action-account.action_bank_statement_tree` }, reconPage(rng)),
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
        const needle = `prieš uždarydamas mėnesį nustatyk užrakinimo datą žurnalui ${cap(t)}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Puiku. Paskutinis dalykas: ${needle}.` },
            {
              step: one(
                `The lock date for ${cap(t)} is set in Configuration; I open that menu first.`,
                act(
                  'click',
                  { id: ID.config },
                  `${billsList(rng, 3)}`.replace(
                    `[${ID.config}] button 'Configuration'`,
                    `[${ID.config}] button 'Configuration' expanded: True\n\t\t\t[160] menuitem 'Settings'\n\t\t\t[161] menuitem 'Journals'\n\t\t\t[162] menuitem 'Lock Dates'\n\t\t\t[163] menuitem 'Chart of Accounts'`,
                  ),
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

function action(c: RimCall): string {
  const a = c.args;
  switch (c.tool) {
    case 'type':
      return `type [${String(a['id'])}] [${String(a['text'])}] [${String(a['enter'] ?? 1)}]`;
    case 'scroll':
      return `scroll [${String(a['direction'])}]`;
    case 'goto':
      return `goto [${String(a['url'])}]`;
    case 'press':
      return `press [${String(a['key'])}]`;
    case 'go_back':
      return 'go_back';
    default:
      return `${c.tool} [${String(a['id'])}]`;
  }
}

/** What the agent reasons when the step has nothing particular to say, by action. */
const REASONS: Record<string, string[]> = {
  scroll: [
    'The list continues below the visible rows; I scroll to see the rest of the October bills.',
    'Not every row is visible yet, so I scroll down.',
  ],
  click: [
    'The element I need is on the current page.',
    'This row is one I have not checked yet, so I open it.',
    'I open it to read its details.',
  ],
  type: ['The search box filters the list, so I type the vendor name into it.', 'I type the value into the field.'],
  goto: ['It is faster to go straight to the page by its URL.', 'I navigate to the page I need directly.'],
  go_back: ['Nothing more to do on this record; I return to the list.', 'I go back to the previous page.'],
  hover: ['The field label is ambiguous; hovering shows its tooltip.'],
  press: ['A popup is in the way; Escape closes it.'],
};

/** The webarena harness. */
export const RIM_WEBARENA: RimHarness = {
  style: 'webarena',
  protocol: 'text',
  system: `You are an autonomous intelligent agent tasked with navigating a web browser. You will be given web-based tasks. These tasks will be accomplished through the use of specific actions you can issue.\n\nHere's the information you'll have:\nThe user's objective: This is the task you're trying to complete.\nThe current web page's accessibility tree: This is a simplified representation of the webpage, providing key information.\nThe current web page's URL: This is the page you're currently navigating.\nThe open tabs: These are the tabs you have open.\nThe previous action: This is the action you just performed. It may be helpful to track your progress.\n\nThe actions you can perform fall into several categories:\n\nPage Operation Actions:\n\`click [id]\`: This action clicks on an element with a specific id on the webpage.\n\`type [id] [content] [press_enter_after=0|1]\`: Use this to type the content into the field with id. By default, the "Enter" key is pressed after typing unless press_enter_after is set to 0.\n\`hover [id]\`: Hover over an element with id.\n\`press [key_comb]\`:  Simulates the pressing of a key combination on the keyboard (e.g., Ctrl+v).\n\`scroll [direction=down|up]\`: Scroll the page up or down.\n\nURL Navigation Actions:\n\`goto [url]\`: Navigate to a specific URL.\n\`go_back\`: Navigate to the previously viewed page.\n\nCompletion Action:\n\`stop [answer]\`: Issue this action when you believe the task is complete, or to report back to the user.\n\nTo be successful, it is very important to follow the following rules:\n1. You should only issue an action that is valid given the current observation.\n2. You should only issue one action at a time.\n3. You should reason step by step and then issue the next action.\n4. Generate the action in the correct format. Start with a "In summary, the next action I will perform is" phrase, followed by action inside \`\`\`\`\`\`.\n5. Issue stop action when you think you have achieved the objective. Don't generate anything after stop.\n\nThe site is the Odoo 17 ERP of UAB "Baltų medis" at ${SITE}; you are logged in as the accountant's assistant. The accountant writes in Lithuanian; answer her in Lithuanian inside stop [].`,
  tools: ['click', 'type', 'hover', 'press', 'scroll', 'goto', 'go_back', 'stop'],
  renderStep: (s, _ids, n) => {
    const c = s.calls[0] as RimCall;
    const pool = REASONS[c.tool] ?? ['I continue from the current page.'];
    const why = s.say ?? (pool[(n + action(c).length) % pool.length] as string);
    return `Let's think step-by-step. ${why} In summary, the next action I will perform is \`\`\`${action(c)}\`\`\``;
  },
  renderResults: (s) => {
    const c = s.calls[0] as RimCall;
    return `OBSERVATION:\n${c.output}\nPREVIOUS ACTION: ${action(c)}`;
  },
  renderAnswer: (text) =>
    `Let's think step-by-step. I have done what was asked for now and report back to the accountant. In summary, the next action I will perform is \`\`\`stop [${text}]\`\`\``,
  resultStart: /^OBSERVATION:\n/,
  callMark: /In summary, the next action I will perform is ```(?!stop \[)/g,
  resultMark: /^OBSERVATION:$/gm,
  noise: webNoise,
  big: webBig,
  followUp: (rng) =>
    rng.pick([
      'Ar jau patvirtinai sąskaitas?',
      'Kiek liko nesuderintų banko eilučių?',
      'Trumpai parašyk, ką pakeitei.',
      'Gerai, kas toliau?',
      'Ar nebuvo klaidų pranešimų?',
    ]),
  keepGoing: (rng) => rng.pick(['Tęsk.', 'Tęsk toliau.', 'Tęsk, kol viskas bus suderinta.']),
  answer: (rng) =>
    rng.pick([
      'Spalio tiekėjų sąskaitos patvirtintos; nesuderintų banko eilučių neliko.',
      `Atlikta: ${rng.int(4, 20)} sąskaitų patvirtinta, ${rng.int(1, 4)} laukia pristatymo akto.`,
      'Banko išrašas suderintas, galutinis likutis sutampa su banku.',
      'Viskas atlikta, klaidų nebuvo.',
    ]),
  probe: (rng) => rng.pick(['Tęsk.', 'Tęsk nuo ten, kur sustojai.', 'O dabar?']),
  planters: PLANTERS,
};
