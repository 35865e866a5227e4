/**
 * Far harnesses outside plain coding: a contract-drafting agent with tracked changes, a
 * spreadsheet/finance agent whose user writes Spanish, an e-mail and ticket triage agent, and
 * a Laravel agent whose user writes German.
 */
import { b62, hex, type Act } from './far-core';
import { cap } from './far-harness-a';
import type { Carrier, FarHarness, FarStyle } from './far-kit';
import {
  boxTable,
  codeFile,
  handle,
  installLog,
  jsonLogs,
  longDoc,
  mdTable,
  numbered,
  pascal,
  reqId,
  rows,
  snake,
  stamp,
  word,
} from './far-noise';
import type { Rng } from './rng';

// ---------------------------------------------------------------- contract drafting

const para = (rng: Rng, n: number) =>
  Array.from({ length: n }, (_, i) => `[¶${i + rng.int(1, 40)}] ${codeFile(rng, 'text', 1)}`).join('\n');

const legal: FarHarness = {
  style: 'legal',
  protocol: 'native',
  lang: 'en',
  callId: (rng) => `fc_${hex(rng, 40)}`,
  system: () =>
    'You are Counsel Assist, a drafting assistant for the in-house legal team of Acme GmbH. Documents live in the matter workspace. Use tracked changes for every edit (docx_redline), never silently overwrite. Cite the playbook position for each change.',
  rulesPath: 'playbook/VENDOR_PLAYBOOK.md',
  dialect: 'text',
  noise: [
    (c) => ({
      tool: 'docx_read',
      args: {
        path: `matter/${word(c.rng)}/${pascal(c.rng)}_MSA.docx`,
        from_paragraph: c.rng.int(1, 40),
        to_paragraph: c.rng.logInt(41, 140),
      },
      out: para(c.rng, c.rng.int(5, 40)),
    }),
    (c) => ({
      tool: 'clause_search',
      args: { library: 'acme-2024', query: `${word(c.rng)} ${word(c.rng)}` },
      out: mdTable(
        ['clause', 'title', 'position'],
        Array.from({ length: c.rng.int(2, 10) }, () => [
          `${word(c.rng).toUpperCase().slice(0, 3)}-${c.rng.int(1, 40)}`,
          pascal(c.rng),
          c.rng.pick(['preferred', 'fallback', 'walk-away']),
        ]),
      ),
    }),
    (c) => ({
      tool: 'defined_terms',
      args: { path: `matter/${word(c.rng)}/draft.docx` },
      out: Array.from(
        { length: c.rng.logInt(10, 60) },
        () => `"${pascal(c.rng)}" — defined in §${c.rng.int(1, 20)}.${c.rng.int(1, 9)}, used ${c.rng.int(1, 30)}x — OK`,
      ).join('\n'),
    }),
    (c) => ({
      tool: 'compare_versions',
      args: { a: 'v2', b: 'v3' },
      out: Array.from(
        { length: c.rng.logInt(5, 60) },
        () =>
          `${c.rng.pick(['<w:ins', '<w:del'])} w:author="${pascal(c.rng, 1)}" w:date="${stamp(c.rng, '2024-05-1' + c.rng.int(0, 4), 0)}">${codeFile(c.rng, 'text', 1)}</w:${c.rng.pick(['ins', 'del'])}>`,
      ).join('\n'),
    }),
    (c) =>
      c.rng.chance(0.75)
        ? {
            tool: 'docx_read',
            args: { path: `precedents/${pascal(c.rng)}_NDA.docx`, from_paragraph: 1, to_paragraph: 12 },
            out: para(c.rng, 12),
          }
        : {
            tool: 'docx_read',
            args: { path: `precedents/${pascal(c.rng)}_DPA_2023.docx` },
            out: longDoc(c.rng, `${pascal(c.rng)} Data Processing Agreement`, codeFile(c.rng, 'text', 1), 'contract'),
          },
  ],
  write: (c, path, body, how) =>
    how === 1 || how === 2
      ? {
          tool: 'docx_create',
          args: { path, outline: body.split('\n').slice(0, 30) },
          out: `Created ${path} (${body.split('\n').length} paragraphs)`,
        }
      : {
          tool: 'docx_redline',
          args: {
            path,
            edits: [
              {
                find: codeFile(c.rng, 'text', 1).slice(0, 60),
                replace: body.split('\n').slice(0, 3).join(' '),
                comment: 'Per playbook §4',
              },
            ],
          },
          out: JSON.stringify({
            ok: true,
            path,
            insertions: c.rng.int(1, 9),
            deletions: c.rng.int(0, 9),
            revision: c.rng.int(2, 30),
          }),
        },
  read: (c, path, body) => ({ tool: 'docx_read', args: { path }, out: body }),
  task: (c, body) => ({
    tool: 'matter_get',
    args: { matter_id: `M-${c.rng.int(2024000, 2024999)}` },
    out: `Matter: ${pascal(c.rng)} / vendor onboarding\nOwner: legal-commercial\nInstructions from business:\n${body}`,
  }),
  fail: (c, k, v): Carrier => {
    const { rng } = c;
    if (v === 0) {
      const needle = `clause 14.3 points to undefined term "${cap(k)} Materials"`;
      const ok = (n: number) =>
        Array.from(
          { length: n },
          () => `"${pascal(rng)}" — defined in §${rng.int(1, 20)}.${rng.int(1, 9)}, used ${rng.int(1, 30)}x — OK`,
        );
      return {
        act: {
          tool: 'defined_terms',
          args: { path: `matter/${k}/draft_v3.docx`, strict: true },
          out: [
            ...ok(rng.int(10, 50)),
            `CrossReferenceError: ${needle}`,
            ...ok(rng.int(5, 20)),
            '',
            `Checked ${rng.int(60, 120)} terms: 1 error, 0 warnings`,
          ].join('\n'),
          failed: true,
        },
        needle,
      };
    }
    if (v === 1) {
      const needle = `KeyError: "no style with name '${cap(k)} Heading 2'"`;
      return {
        act: {
          tool: 'docx_create',
          args: { path: `drafts/${word(rng)}.docx`, outline: ['Heading'] },
          out: [
            'Traceback (most recent call last):',
            '  File "/srv/counsel/tools/docx_tools.py", line 211, in create',
            '    doc.add_paragraph(text, style=style)',
            '  File "/usr/lib/python3.11/site-packages/docx/document.py", line 56, in add_paragraph',
            '    return self._body.add_paragraph(text, style)',
            '  File "/usr/lib/python3.11/site-packages/docx/styles/styles.py", line 102, in get_by_id',
            '    return self._get_by_id(style_id, style_type)',
            needle,
            '',
            'tool exited with status 1',
          ].join('\n'),
          failed: true,
        },
        needle,
      };
    }
    const needle = `${cap(k)}_MSA_v2.docx is checked out by m.keller`;
    return {
      act: {
        tool: 'docx_redline',
        args: { path: `matter/${k}/${cap(k)}_MSA_v2.docx`, edits: [] },
        out: JSON.stringify(
          {
            ok: false,
            error: { code: 'LOCKED', message: `${needle} in iManage since 2024-05-13 17:02`, retry_after_s: 900 },
            request_id: reqId(rng),
          },
          null,
          2,
        ),
        failed: true,
      },
      needle,
    };
  },
  pass: (c) => ({
    tool: 'defined_terms',
    args: { path: 'matter/draft_v4.docx', strict: true },
    out: `Checked ${c.rng.logInt(60, 120)} terms: 0 errors, 0 warnings`,
  }),
  value: (c, k, v): Carrier => {
    const { rng } = c;
    if (v === 0) {
      const needle = `${k.toUpperCase()}-LIM-07`;
      return {
        act: {
          tool: 'clause_search',
          args: { library: 'acme-2024', query: 'limitation of liability fallback' },
          out: mdTable(
            ['clause', 'title', 'position'],
            [
              [`GEN-LIM-0${rng.int(1, 6)}`, 'Limitation of liability', 'preferred'],
              [needle, 'Liability cap (fallback, 12 months)', 'fallback'],
              ['GEN-IND-02', 'Mutual indemnity', 'walk-away'],
            ],
          ),
        },
        needle,
      };
    }
    if (v === 1) {
      const needle = `envelope ${k}-${rng.int(1000, 9999)}`;
      return {
        act: {
          tool: 'esign_status',
          args: { matter: 'current' },
          out: boxTable(
            ['envelope', 'status', 'sent'],
            [
              [`envelope ${word(rng)}-${rng.int(1000, 9999)}`, 'completed', '2024-04-02'],
              [needle, 'sent', '2024-05-13'],
              [`envelope ${word(rng)}-${rng.int(1000, 9999)}`, 'voided', '2024-03-30'],
            ],
          ),
        },
        needle,
      };
    }
    const needle = `${k}@vendor-legal.example.com`;
    return {
      act: {
        tool: 'matter_contacts',
        args: { matter: 'current' },
        out: JSON.stringify(
          {
            contacts: [
              { role: 'counterparty counsel', email: needle },
              { role: 'procurement', email: `${word(rng)}@acme.example` },
            ],
          },
          null,
          2,
        ),
      },
      needle,
    };
  },
  use: (c, needle) => ({
    tool: 'clause_search',
    args: { library: 'acme-2024', query: needle },
    out: `1 match for ${needle}`,
  }),
  commit: (c, msg) => ({
    tool: 'save_version',
    args: { note: msg },
    out: JSON.stringify({ saved: true, version: `v${c.rng.int(3, 12)}`, note: msg.split('\n')[0] }),
  }),
  lex: {
    goal: [
      (k) => `redline the ${cap(k)} Logistics MSA against our vendor playbook`,
      (k) => `turn the ${cap(k)} term sheet into a first draft of the SaaS agreement`,
      (k) => `prepare the ${cap(k)} DPA for signature by Friday`,
    ],
    constraint: [
      (k) => `the liability cap in the ${cap(k)} deal must never go below 12 months of fees`,
      (k) => `only use clauses from the 2024 ${cap(k)} library`,
      (k) => `do not accept any unilateral termination right for ${cap(k)}`,
    ],
    implicit: [
      (k) => `${cap(k)} is a German entity, so governing law stays Frankfurt`,
      (k) => `we signed the ${cap(k)} NDA last year — don't redefine Confidential Information`,
    ],
    decision: [
      (k) => `move the ${cap(k)} SLA credits into Schedule 3`,
      (k) => `strike the ${cap(k)} audit clause and offer SOC 2 reports instead`,
      (k) => `cap ${cap(k)} indemnity at 2x fees`,
    ],
    rejected: ['accept their cap as drafted', 'rewrite the whole limitation section'],
    pending: [
      (k) => `send the ${cap(k)} redline to procurement for sign-off`,
      (k) => `reconcile the ${cap(k)} defined terms with Schedule 1`,
    ],
    file: [
      (k) => `drafts/${cap(k)}_MSA_v3_redline.docx`,
      (k) => `drafts/${cap(k)}_DPA_clean.docx`,
      (k) => `notes/${k}_issues_list.docx`,
    ],
  },
  talk: {
    open: (goal, extras) => `Hi, could you please ${goal}? ${extras.join('\n\n')}\n\nThanks!`,
    chat: [
      'ok',
      'hm, why did you change 9.2?',
      'that reads too aggressive, soften it',
      'fine',
      'please keep the numbering',
      'good',
    ],
    nudge: ['please continue', 'go on'],
    probe: ['What is next?', 'please continue'],
  },
};

// ---------------------------------------------------------------- spreadsheet / finance (Spanish user)

const sheets: FarHarness = {
  style: 'sheets',
  protocol: 'native',
  lang: 'es',
  callId: (rng) => b62(rng, 9),
  system: () =>
    'You are a spreadsheet assistant for the finance team. Tools read and write ranges in workbooks, load CSV exports, build pivot tables and evaluate formulas. Always show the range you change. The user may write in Spanish; answer in the language they use.',
  rulesPath: 'Finanzas/LEEME_reglas.md',
  dialect: 'text',
  noise: [
    (c) => ({
      tool: 'sheet_read_range',
      args: {
        file: 'Cierre_Q2.xlsx',
        sheet: c.rng.pick(['Datos', 'Resumen', 'Mayor']),
        range: `A1:H${c.rng.logInt(20, 400)}`,
      },
      out: [
        'cuenta,fecha,importe,centro,moneda,descripcion',
        ...rows(c.rng, 6, c.rng.logInt(5, 300)).map((r) => r.join(',')),
      ].join('\n'),
    }),
    (c) => ({
      tool: 'pivot_create',
      args: {
        file: 'Cierre_Q2.xlsx',
        source: 'Datos!A1:H9000',
        rows: ['centro'],
        values: [{ field: 'importe', agg: 'sum' }],
      },
      out: mdTable(
        ['centro', 'suma de importe', '% total'],
        Array.from({ length: c.rng.int(4, 25) }, () => [
          word(c.rng),
          (c.rng.next() * 1e6).toFixed(2),
          `${(c.rng.next() * 30).toFixed(1)}%`,
        ]),
      ),
    }),
    (c) => ({
      tool: 'formula_eval',
      args: {
        file: 'Cierre_Q2.xlsx',
        cell: `Resumen!C${c.rng.logInt(2, 60)}`,
        formula: `=SUMIFS(Datos!C:C,Datos!D:D,"${word(c.rng)}")`,
      },
      out: JSON.stringify({ value: Number((c.rng.next() * 1e6).toFixed(2)), type: 'number' }),
    }),
    (c) => ({
      tool: 'csv_load',
      args: { path: `exports/sap_${word(c.rng)}_${c.rng.int(1, 12)}.csv`, delimiter: ';', decimal: ',' },
      out: `Loaded ${c.rng.int(900, 90000)} rows, ${c.rng.int(6, 30)} columns. Detected encoding latin-1. ${c.rng.int(0, 9)} rows skipped (empty).`,
    }),
    (c) => ({
      tool: 'sheet_list',
      args: { file: 'Cierre_Q2.xlsx' },
      out: JSON.stringify(
        {
          sheets: Array.from({ length: c.rng.int(3, 12) }, () => ({
            name: pascal(c.rng, 1),
            rows: c.rng.int(10, 9000),
            hidden: c.rng.chance(0.2),
          })),
        },
        null,
        1,
      ),
    }),
  ],
  write: (c, path, body, how) =>
    how === 2
      ? {
          tool: 'csv_export',
          args: { path, sheet: 'Resumen', delimiter: ';' },
          out: `Exported ${c.rng.logInt(10, 900)} rows to ${path}`,
        }
      : how === 1
        ? { tool: 'workbook_create', args: { path, sheets: ['Resumen', 'Datos'] }, out: `Created ${path}` }
        : {
            tool: 'sheet_write_range',
            args: {
              file: path,
              sheet: 'Resumen',
              range: `B2:D${c.rng.int(4, 30)}`,
              values: body
                .split('\n')
                .slice(0, 3)
                .map((l) => [l.slice(0, 40)]),
            },
            out: JSON.stringify({ updatedCells: c.rng.logInt(3, 90), file: path }),
          },
  read: (c, path, body) => ({ tool: 'doc_read', args: { path }, out: body }),
  task: (c, body) => ({
    tool: 'mail_read',
    args: { folder: 'INBOX', index: 0 },
    out: `De: controller@acme.example\nAsunto: Cierre Q2\n\n${body}`,
  }),
  fail: (c, k, v): Carrier => {
    const { rng } = c;
    if (v === 0) {
      const needle = `#REF! in Resumen!F${rng.int(10, 90)} ('${cap(k)}_2023'!C:C)`;
      return {
        act: {
          tool: 'formula_audit',
          args: { file: 'Cierre_Q2.xlsx' },
          out: [
            ...Array.from(
              { length: rng.int(10, 40) },
              () => `OK     Resumen!${rng.pick(['B', 'C', 'D'])}${rng.int(2, 90)}  =SUMIFS(...)`,
            ),
            `ERROR  ${needle}`,
            ...Array.from(
              { length: rng.int(3, 20) },
              () => `OK     Datos!H${rng.int(2, 900)}  =C${rng.int(2, 900)}*0.19`,
            ),
            '',
            `${rng.int(60, 200)} formulas checked, 1 error`,
          ].join('\n'),
          failed: true,
        },
        needle,
      };
    }
    if (v === 1) {
      const needle = `ValueError: time data '31/02/2024' does not match format '%d/%m/%Y' (column fecha_${k})`;
      return {
        act: {
          tool: 'csv_load',
          args: { path: `exports/${k}_mayo.csv`, delimiter: ';' },
          out: [
            'Traceback (most recent call last):',
            '  File "/srv/sheets/loaders.py", line 88, in load_csv',
            '    df[col] = pd.to_datetime(df[col], format=fmt)',
            '  File "/usr/lib/python3/site-packages/pandas/core/tools/datetimes.py", line 1067, in to_datetime',
            needle,
            '',
            `loaded 0 of ${rng.int(900, 9000)} rows`,
          ].join('\n'),
          failed: true,
        },
        needle,
      };
    }
    const needle = `sheet '${cap(k)}_Provisiones' is protected`;
    return {
      act: {
        tool: 'sheet_write_range',
        args: { file: 'Cierre_Q2.xlsx', sheet: `${cap(k)}_Provisiones`, range: 'C4:C9', values: [[0]] },
        out: JSON.stringify(
          { error: { code: 423, status: 'LOCKED', message: `${needle}; ask the owner to unprotect it` } },
          null,
          2,
        ),
        failed: true,
      },
      needle,
    };
  },
  pass: (c) => ({
    tool: 'formula_audit',
    args: { file: 'Cierre_Q2.xlsx' },
    out: `${c.rng.logInt(60, 200)} formulas checked, 0 errors`,
  }),
  value: (c, k, v): Carrier => {
    const { rng } = c;
    if (v === 0) {
      const needle = `CC-${k.toUpperCase()}`;
      return {
        act: {
          tool: 'pivot_create',
          args: {
            file: 'Cierre_Q2.xlsx',
            source: 'Datos!A1:H9000',
            rows: ['centro'],
            values: [{ field: 'importe', agg: 'sum' }],
          },
          out: mdTable(
            ['centro', 'suma de importe'],
            [
              [`CC-${word(rng).toUpperCase()}`, (rng.next() * 1e6).toFixed(2)],
              [needle, '-48.213,77'],
              [`CC-${word(rng).toUpperCase()}`, (rng.next() * 1e6).toFixed(2)],
            ],
          ),
        },
        needle,
      };
    }
    if (v === 1) {
      const needle = `1.0847 (${k} fixing)`;
      return {
        act: {
          tool: 'fx_rate',
          args: { pair: 'EURUSD', date: '2024-06-28' },
          out: `EURUSD 2024-06-28 close ${needle}, source ECB`,
        },
        needle,
      };
    }
    const needle = `${k}_asientos_final.xlsx`;
    return {
      act: {
        tool: 'drive_search',
        args: { q: 'asientos junio' },
        out: JSON.stringify(
          {
            files: [
              { name: `asientos_${word(rng)}.xlsx`, id: handle(rng) },
              { name: needle, id: handle(rng), modifiedTime: stamp(rng) },
            ],
          },
          null,
          2,
        ),
      },
      needle,
    };
  },
  use: (c, needle) => ({
    tool: 'formula_eval',
    args: { file: 'Cierre_Q2.xlsx', cell: 'Resumen!B2', formula: `=SUMIFS(Datos!C:C,Datos!K:K,"${needle}")` },
    out: JSON.stringify({ value: Number((c.rng.next() * 1e5).toFixed(2)) }),
  }),
  commit: (c, msg) => ({
    tool: 'sheet_add_note',
    args: { file: 'Cierre_Q2.xlsx', cell: 'Resumen!A1', note: msg },
    out: 'note added',
  }),
  lex: {
    goal: [
      (k) => `cuadrar el cierre de Q2 de la filial ${cap(k)} con el mayor`,
      (k) => `preparar la tabla dinámica de gastos por centro para ${cap(k)}`,
      (k) => `conciliar los asientos de ${cap(k)} de junio`,
    ],
    constraint: [
      (k) => `nunca modifiques la hoja ${cap(k)}_2023, es el histórico auditado`,
      (k) => `solo usa el tipo de cambio del BCE para ${cap(k)}`,
      (k) => `no borres filas en ${cap(k)}_Datos, márcalas en amarillo`,
    ],
    implicit: [
      (k) => `el libro ${cap(k)} lo abre también auditoría, así que nada de macros`,
      (k) => `${cap(k)} reporta en USD, así que las provisiones se convierten al cierre`,
    ],
    decision: [
      (k) => `book the ${cap(k)} FX difference in account 6680`,
      (k) => `pivot ${cap(k)} by cost centre, not by project`,
      (k) => `use XLOOKUP in ${cap(k)} instead of VLOOKUP`,
    ],
    rejected: ['hardcode the totals', 'copy the data into a new workbook'],
    pending: [
      (k) => `send the ${cap(k)} reconciliation to the controller`,
      (k) => `lock the ${cap(k)} summary sheet after review`,
    ],
    file: [
      (k) => `Finanzas/Cierre_Q2_${cap(k)}.xlsx`,
      (k) => `exports/${k}_conciliacion.csv`,
      (k) => `Finanzas/${cap(k)}_pivot.xlsx`,
    ],
  },
  talk: {
    open: (goal, extras) => `Hola! Necesito ${goal}. ${extras.join('\n')}\nGracias`,
    chat: [
      'vale',
      'ok',
      '¿por qué sale negativo?',
      'perfecto',
      'hmm, eso no cuadra',
      'sigue',
      'espera, ¿qué hoja es esa?',
    ],
    nudge: ['sigue', 'continúa por favor'],
    probe: ['¿y ahora?', 'sigue'],
  },
};

// ---------------------------------------------------------------- e-mail and ticket triage

const email = (rng: Rng, body: string) =>
  [
    `Return-Path: <${word(rng)}@${word(rng)}.example>`,
    `Received: from mail-${word(rng)}.example (${rng.int(10, 250)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}) by mx.acme.example with ESMTPS id ${hex(rng, 12)}`,
    `Message-ID: <${handle(rng, 20)}@mail.example>`,
    `Date: Tue, 14 May 2024 ${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)} +0200`,
    `Subject: ${rng.pick(['Re: ', 'Fwd: ', ''])}${pascal(rng)} ${word(rng)}`,
    'Content-Type: text/html; charset="UTF-8"',
    '',
    `<html><body><div dir="ltr">${body
      .split('\n')
      .map((l) => `<p>${l}</p>`)
      .join('')}<br><div class="gmail_signature">--<br>${pascal(rng)}<br>Sent from my phone</div></div></body></html>`,
  ].join('\n');

const mailtriage: FarHarness = {
  style: 'mailtriage',
  protocol: 'native',
  lang: 'en',
  callId: (rng) => `call_0_${reqId(rng)}`,
  system: () =>
    'You are the support inbox assistant for Acme Cloud. You read the shared support@ mailbox, file and update Jira Service Management tickets, draft replies for a human to send, and keep mail filters tidy. Never send mail yourself; drafts only.',
  rulesPath: 'support/TRIAGE_RULES.md',
  dialect: 'text',
  noise: [
    (c) => ({
      tool: 'mail_search',
      args: { query: `in:inbox newer_than:${c.rng.int(1, 7)}d ${word(c.rng)}`, limit: 25 },
      out: JSON.stringify(
        {
          messages: Array.from({ length: c.rng.int(0, 25) }, () => ({
            id: handle(c.rng),
            from: `${word(c.rng)}@${word(c.rng)}.example`,
            subject: `${pascal(c.rng)} ${c.rng.pick(['not working', 'question', 'invoice', 'urgent!!', 'error after update'])}`,
            date: stamp(c.rng, '2024-05-14', 0),
          })),
        },
        null,
        1,
      ),
    }),
    (c) => ({
      tool: 'mail_read',
      args: { id: handle(c.rng) },
      out: email(c.rng, codeFile(c.rng, 'text', c.rng.int(3, 40))),
    }),
    (c) => ({
      tool: 'jira_search',
      args: { jql: `project = SUP AND status = "Waiting for support" AND text ~ "${word(c.rng)}"` },
      out: boxTable(
        ['key', 'summary', 'status', 'assignee'],
        Array.from({ length: c.rng.int(1, 15) }, () => [
          `SUP-${c.rng.int(1000, 9999)}`,
          `${pascal(c.rng)} ${word(c.rng)}`,
          c.rng.pick(['Waiting for support', 'In progress', 'Escalated']),
          c.rng.pick(['unassigned', word(c.rng)]),
        ]),
      ),
    }),
    (c) => ({
      tool: 'jira_comment',
      args: {
        key: `SUP-${c.rng.int(1000, 9999)}`,
        body: `Customer confirmed the ${word(c.rng)} issue is resolved.`,
        internal: true,
      },
      out: `{"id": "${c.rng.int(100000, 999999)}", "created": "${stamp(c.rng)}"}`,
    }),
    (c) => ({
      tool: 'logs_lookup',
      args: { customer_id: c.rng.int(10000, 99999), since: '24h' },
      out: jsonLogs(c.rng, 'api-gateway', c.rng.logInt(3, 80)),
    }),
  ],
  write: (c, path, body, how) =>
    how === 1 || how === 2
      ? { tool: 'save_template', args: { path, body }, out: `saved ${path}` }
      : {
          tool: 'filter_update',
          args: { path, rule: body.split('\n').slice(0, 5).join('\n') },
          out: `updated ${path}; ${c.rng.int(0, 40)} existing messages match`,
        },
  read: (c, path, body) => ({ tool: 'kb_read', args: { path }, out: body }),
  task: (c, body) => ({ tool: 'mail_read', args: { id: handle(c.rng) }, out: email(c.rng, body) }),
  fail: (c, k, v): Carrier => {
    const { rng } = c;
    if (v === 0) {
      const needle = `550 5.1.1 <billing@${k}.example>: Recipient address rejected`;
      return {
        act: {
          tool: 'mail_read',
          args: { id: handle(rng) },
          out: email(
            rng,
            `This is the mail system at host mx.acme.example.\nI'm sorry to have to inform you that your message could not be delivered to one or more recipients.\n\n<billing@${k}.example>: host mx1.${k}.example[203.0.113.${rng.int(2, 250)}] said: ${needle}: User unknown in virtual mailbox table (in reply to RCPT TO command)\n\nReporting-MTA: dns; mx.acme.example\nX-Postfix-Queue-ID: ${hex(rng, 10).toUpperCase()}\nAction: failed\nStatus: 5.1.1`,
          ),
        },
        needle,
      };
    }
    if (v === 1) {
      const needle = `JiraApiError: Field 'customfield_${rng.int(10000, 19999)}' (${cap(k)} tier) cannot be set`;
      return {
        act: {
          tool: 'jira_create',
          args: { project: 'SUP', summary: `${pascal(rng)} outage`, fields: { tier: 'gold' } },
          out: [
            'Traceback (most recent call last):',
            '  File "/app/tools/jira.py", line 140, in create',
            '    resp.raise_for_status()',
            '  File "/app/tools/jira.py", line 61, in raise_for_status',
            `    raise JiraApiError(self.errors)`,
            `${needle}. It is not on the appropriate screen, or unknown.`,
            '',
            'status=400',
          ].join('\n'),
          failed: true,
        },
        needle,
      };
    }
    const needle = `"errorMessages":["Issue does not exist or you do not have permission to see it: SUP-${k.toUpperCase()}"]`;
    return {
      act: {
        tool: 'jira_get',
        args: { key: `SUP-${k.toUpperCase()}` },
        out: `{${needle},"errors":{},"status":404}`,
        failed: true,
      },
      needle,
    };
  },
  pass: (c) => ({
    tool: 'jira_search',
    args: { jql: 'project = SUP AND updated >= -1h' },
    out: `${c.rng.int(1, 9)} issues, all assigned`,
  }),
  value: (c, k, v): Carrier => {
    const { rng } = c;
    if (v === 0) {
      const needle = `SUP-${rng.int(1000, 9999)} (${k})`;
      return {
        act: {
          tool: 'jira_search',
          args: { jql: 'project = SUP AND reporter = currentUser() ORDER BY created DESC' },
          out: boxTable(
            ['key', 'summary', 'status'],
            [
              [`SUP-${rng.int(1000, 9999)}`, `${pascal(rng)} login`, 'Done'],
              [needle, 'Duplicate invoices for May', 'Waiting for support'],
              [`SUP-${rng.int(1000, 9999)}`, `${pascal(rng)} export`, 'Escalated'],
            ],
          ),
        },
        needle,
      };
    }
    if (v === 1) {
      const needle = `acct_${k}_eu`;
      return {
        act: {
          tool: 'crm_lookup',
          args: { email: `${word(rng)}@customer.example` },
          out: JSON.stringify(
            {
              account_id: needle,
              plan: 'enterprise',
              region: 'eu-west-1',
              csm: word(rng),
              open_tickets: rng.int(0, 9),
            },
            null,
            2,
          ),
        },
        needle,
      };
    }
    const needle = `${k}.status.acme.example`;
    return {
      act: {
        tool: 'kb_read',
        args: { path: 'support/contacts.md' },
        out: `# Escalation contacts\n\n- on-call: page via PagerDuty service P${hex(rng, 6).toUpperCase()}\n- status page for the EU cluster: ${needle}\n- billing: ${word(rng)}@acme.example`,
      },
      needle,
    };
  },
  use: (c, needle) => ({
    tool: 'mail_draft',
    args: {
      to: `${word(c.rng)}@customer.example`,
      subject: `Re: ${pascal(c.rng)}`,
      body: `Hi,\n\nthanks for reaching out — reference ${needle}. We are looking into it.\n\nBest,\nAcme Support`,
    },
    out: `draft ${handle(c.rng, 12)} saved`,
  }),
  commit: (c, msg) => ({
    tool: 'jira_comment',
    args: { key: `SUP-${c.rng.int(1000, 9999)}`, body: msg, internal: true },
    out: `{"id": "${c.rng.int(100000, 999999)}"}`,
  }),
  lex: {
    goal: [
      (k) => `clear the backlog of ${cap(k)} billing complaints in the support inbox`,
      (k) => `sort out why ${cap(k)} customers get duplicate invoices`,
      (k) => `triage everything that came in about the ${k} outage`,
    ],
    constraint: [
      (k) => `never promise ${cap(k)} customers a refund in a draft`,
      (k) => `only escalate ${cap(k)} tickets to tier 2 after 4 hours`,
      (k) => `don't reply to anything from the ${k} legal domain — forward to legal@`,
    ],
    implicit: [
      (k) => `${cap(k)} is on the EU cluster, so no customer data leaves the EU ticket queue`,
      (k) => `the ${k} mailbox is shared with sales — read-only for us`,
    ],
    decision: [
      (k) => `merge all ${cap(k)} duplicate-invoice mails into one parent ticket`,
      (k) => `tag ${k} outage mails with incident-0514`,
      (k) => `route ${cap(k)} German-language mail to the DACH queue`,
    ],
    rejected: ['answer each mail individually', 'close the old tickets as stale'],
    pending: [
      (k) => `draft the ${cap(k)} status update once engineering confirms the fix`,
      (k) => `close the ${k} parent ticket after the credit notes go out`,
    ],
    file: [
      (k) => `templates/${k}_duplicate_invoice_reply.md`,
      (k) => `filters/${k}.sieve`,
      (k) => `support/macros/${k}_outage.md`,
    ],
  },
  talk: {
    open: (goal, extras) => `Morning. Can you ${goal}? ${extras.join(' ')}`,
    chat: ['ok', 'who is that customer?', 'hmm, that one is spam', 'fine', 'not that tone pls', 'k thx'],
    nudge: ['keep going', 'continue with the rest'],
    probe: ["what's next?", 'go on'],
  },
};

// ---------------------------------------------------------------- Laravel (German user)

const art = (command: string, out: string, exit = 0): Act => ({
  tool: 'terminal',
  args: { command, cwd: '/var/www/app' },
  out,
  exit,
});

const laravel: FarHarness = {
  style: 'laravel',
  protocol: 'native',
  lang: 'de',
  callId: (rng) => `toolu_vrtx_01${b62(rng, 22)}`,
  system: () =>
    'Du bist ein Coding-Agent in einem Laravel-11-Projekt (PHP 8.3, MySQL, Pest, Vite). Werkzeuge: terminal, read, edit, write. Antworte auf Deutsch oder Englisch, je nachdem wie der Nutzer schreibt. Führe vor jedem Commit `./vendor/bin/pint` und die Tests aus.',
  rulesPath: '.ai/guidelines.md',
  dialect: 'php',
  noise: [
    (c) =>
      art(
        'php artisan route:list --except-vendor',
        Array.from(
          { length: c.rng.logInt(10, 90) },
          () =>
            `  ${c.rng.pick(['GET|HEAD', 'POST', 'PUT', 'DELETE'])}  ${`${word(c.rng)}/{${word(c.rng)}}`.padEnd(40, ' ')} ${'.'.repeat(c.rng.int(5, 30))} ${pascal(c.rng)}Controller@${word(c.rng)}`,
        ).join('\n'),
      ),
    (c) => ({
      tool: 'read',
      args: { file_path: `app/Http/Controllers/${pascal(c.rng)}Controller.php` },
      out: numbered(`<?php\n\nnamespace App\\Http\\Controllers;\n\n${codeFile(c.rng, 'php', c.rng.logInt(20, 200))}`),
    }),
    (c) =>
      art(
        './vendor/bin/pest --parallel',
        [
          `   PASS  Tests\\Feature\\${pascal(c.rng)}Test`,
          ...Array.from(
            { length: c.rng.logInt(5, 60) },
            () => `  ✓ it ${word(c.rng)}s the ${word(c.rng)} ${c.rng.next().toFixed(2)}s`,
          ),
          '',
          `  Tests:    ${c.rng.logInt(100, 600)} passed (${c.rng.int(300, 2000)} assertions)`,
          `  Duration: ${(c.rng.next() * 30).toFixed(2)}s`,
        ].join('\n'),
      ),
    (c) => art('composer install', installLog(c.rng, 'composer', c.rng.int(5, 40))),
    (c) =>
      art(
        'tail -n 80 storage/logs/laravel.log',
        Array.from(
          { length: c.rng.logInt(10, 80) },
          () =>
            `[2024-05-14 ${c.rng.int(10, 23)}:${c.rng.int(10, 59)}:${c.rng.int(10, 59)}] local.${c.rng.pick(['INFO', 'DEBUG', 'WARNING', 'ERROR'])}: ${word(c.rng)} ${word(c.rng)} {"user_id":${c.rng.logInt(1, 900)}}`,
        ).join('\n'),
      ),
    (c) =>
      art(
        'npm run build',
        `vite v5.2.${c.rng.int(0, 11)} building for production...\ntransforming...\n✓ ${c.rng.logInt(40, 900)} modules transformed.\npublic/build/assets/app-${b62(c.rng, 8)}.js  ${c.rng.logInt(40, 900)}.${c.rng.logInt(10, 99)} kB │ gzip: ${c.rng.logInt(10, 200)}.${c.rng.logInt(10, 99)} kB\n✓ built in ${c.rng.int(1, 9)}.${c.rng.logInt(10, 99)}s`,
      ),
  ],
  write: (c, path, body, how) =>
    how === 1
      ? {
          tool: 'write',
          args: { file_path: path, content: `<?php\n\n${body}` },
          out: `File created successfully at: ${path}`,
        }
      : how === 2
        ? art(
            `php artisan make:migration ${snake(c.rng)} && cat > ${path} <<'PHP'\n<?php\n${body}\nPHP`,
            `   INFO  Migration [${path}] created successfully.`,
          )
        : {
            tool: 'edit',
            args: {
              file_path: path,
              old_string: `$${word(c.rng)}->${word(c.rng)}()`,
              new_string: body.split('\n').slice(0, 3).join('\n'),
            },
            out: `The file ${path} has been updated.`,
          },
  read: (c, path, body) => ({ tool: 'read', args: { file_path: path }, out: body }),
  task: (c, body) => art(`gh issue view ${c.rng.logInt(10, 900)}`, `title:\tAnfrage vom Fachbereich\n--\n${body}`),
  fail: (c, k, v): Carrier => {
    const { rng } = c;
    if (v === 0) {
      const needle = `Tests\\Feature\\${cap(k)}ExportTest > it exports only paid invoices`;
      return {
        act: art(
          './vendor/bin/pest',
          [
            `   PASS  Tests\\Unit\\${pascal(rng)}Test`,
            ...Array.from({ length: rng.int(5, 40) }, () => `  ✓ it ${word(rng)}s ${word(rng)}`),
            `   FAIL  Tests\\Feature\\${cap(k)}ExportTest`,
            `  ⨯ it exports only paid invoices`,
            '  ───────────────────────────────────────────────',
            `   FAILED  ${needle}`,
            '  Failed asserting that 7 is identical to 5.',
            '',
            `  at tests/Feature/${cap(k)}ExportTest.php:${rng.int(20, 90)}`,
            `  ➜  ${rng.int(20, 90)}▕     expect($rows)->toHaveCount(5);`,
            '',
            `  Tests:    1 failed, ${rng.int(100, 500)} passed (${rng.int(300, 2000)} assertions)`,
            `  Duration: ${(rng.next() * 30).toFixed(2)}s`,
          ].join('\n'),
          1,
        ),
        needle,
      };
    }
    if (v === 1) {
      const needle = `SQLSTATE[42S22]: Column not found: 1054 Unknown column '${k}_at' in 'where clause'`;
      return {
        act: art(
          'php artisan test --filter=Invoice',
          [
            `   FAIL  Tests\\Feature\\InvoiceTest`,
            `  ⨯ it lists invoices`,
            `  Illuminate\\Database\\QueryException`,
            '',
            `  ${needle} (Connection: mysql, SQL: select * from \`invoices\` where \`${k}_at\` is not null)`,
            '',
            ...Array.from(
              { length: rng.int(5, 20) },
              (_, i) =>
                `  ${i + 1}   vendor/laravel/framework/src/Illuminate/Database/${pascal(rng)}.php:${rng.int(100, 900)}`,
            ),
            '',
            '  Tests:    1 failed',
          ].join('\n'),
          1,
        ),
        needle,
      };
    }
    const needle = `"message": "The ${k}_iban field must be a valid IBAN."`;
    return {
      act: art(
        `curl -s -X POST localhost:8000/api/payouts -H 'Accept: application/json' -d '{}' | jq .`,
        `{\n  ${needle},\n  "errors": {\n    "${k}_iban": [\n      "The ${k}_iban field must be a valid IBAN."\n    ]\n  }\n}`,
        22,
      ),
      needle,
    };
  },
  pass: (c) =>
    art(
      './vendor/bin/pest --parallel',
      `  Tests:    ${c.rng.logInt(100, 600)} passed (${c.rng.int(300, 2000)} assertions)\n  Duration: ${(c.rng.next() * 30).toFixed(2)}s`,
    ),
  value: (c, k, v): Carrier => {
    const { rng } = c;
    if (v === 0) {
      const needle = `APP_URL=https://${k}.test`;
      return {
        act: art(
          'grep -v "^#" .env | grep -v "^$"',
          [
            'APP_NAME=Laravel',
            'APP_ENV=local',
            `APP_KEY=base64:${b62(rng, 43)}=`,
            needle,
            'DB_CONNECTION=mysql',
            'DB_HOST=127.0.0.1',
            'DB_PORT=3306',
            `QUEUE_CONNECTION=redis`,
          ].join('\n'),
        ),
        needle,
      };
    }
    if (v === 1) {
      const needle = `${k}_rechnungen`;
      return {
        act: art(
          'php artisan db:table --json | jq -r ".[].table"',
          Array.from({ length: rng.int(5, 30) }, () => snake(rng))
            .concat([needle])
            .sort()
            .join('\n'),
        ),
        needle,
      };
    }
    const needle = `queue ${k}-high`;
    return {
      act: art(
        'php artisan horizon:status && php artisan queue:monitor redis:default,redis:' + k + '-high',
        `Horizon is running.\n\n  Queue name ${'.'.repeat(30)} Size / Status\n  [redis] default ${'.'.repeat(24)} [${rng.int(0, 40)}] OK\n  [redis] ${needle.slice(6)} ${'.'.repeat(20)} [${rng.int(100, 900)}] ALERT\n\nbusiest: ${needle}`,
      ),
      needle,
    };
  },
  use: (c, needle) =>
    art(
      `grep -rn "${needle}" config/ app/ | head`,
      `config/${word(c.rng)}.php:${c.rng.logInt(5, 90)}:    // ${needle}`,
    ),
  commit: (c, msg) =>
    art(
      `./vendor/bin/pint && git commit -am "${msg.split('\n')[0]}"`,
      `  FIXED ${'.'.repeat(40)} ${c.rng.int(1, 9)} files\n[main ${hex(c.rng, 7)}] ${msg.split('\n')[0]}`,
    ),
  todo: (c, items) => ({
    tool: 'todo',
    args: { items: items.map((i) => `${i.done ? '[x]' : '[ ]'} ${i.text}`) },
    out: `${items.filter((i) => !i.done).length} open`,
  }),
  lex: {
    goal: [
      (k) => `den ${cap(k)}-Rechnungsexport auf Queues umstellen`,
      (k) => `die ${cap(k)}-API um Paginierung erweitern`,
      (k) => `herausfinden, warum ${cap(k)}-Kunden doppelte Mahnungen bekommen`,
    ],
    constraint: [
      (k) => `niemals direkt auf der ${k}-Produktionsdatenbank migrieren`,
      (k) => `nur Pest-Tests, kein PHPUnit in ${k}`,
      (k) => `die ${cap(k)}-API-Antworten dürfen sich nicht ändern`,
    ],
    implicit: [
      (k) => `der ${k}-Server läuft noch auf PHP 8.1, also keine readonly-Klassen`,
      (k) => `die ${k}-DB teilen wir mit der Buchhaltung – nur lesend für uns`,
    ],
    decision: [
      (k) => `dispatch the ${cap(k)} export as a chained job`,
      (k) => `use cursor pagination for ${cap(k)} endpoints`,
      (k) => `cache the ${cap(k)} totals for 10 minutes`,
    ],
    rejected: ['run the export synchronously in the controller', 'add a cron job instead'],
    pending: [
      (k) => `write the ${cap(k)} migration rollback test`,
      (k) => `document the ${cap(k)} queue in the README`,
    ],
    file: [
      (k) => `app/Jobs/${cap(k)}Export.php`,
      (k) => `database/migrations/2024_05_14_000000_add_${k}_to_invoices.php`,
      (k) => `tests/Feature/${cap(k)}PaginationTest.php`,
    ],
  },
  talk: {
    open: (goal, extras) => `Hi! Ich möchte ${goal}. ${extras.join('\n')}\nDanke dir!`,
    chat: [
      'ok',
      'passt',
      'warum das?',
      'hm, lieber nicht',
      'gut, weiter',
      'was genau hast du geändert?',
      'läuft bei mir auch',
    ],
    nudge: ['mach weiter', 'weiter'],
    probe: ['weiter', 'und jetzt?'],
  },
};

/** The non-code (and foreign-language) harnesses of the far family. */
export const FAR_HARNESSES_B: Pick<Record<FarStyle, FarHarness>, 'legal' | 'sheets' | 'mailtriage' | 'laravel'> = {
  legal,
  sheets,
  mailtriage,
  laravel,
};
