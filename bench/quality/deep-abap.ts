/**
 * An SAP ABAP agent working through ABAP Development Tools services exposed as native tools
 * (GetSource, SetSource, SyntaxCheck, Activate, RunUnitTests, RunATC, GetTableContents,
 * GetShortDumps, SearchObject, CreateTransport), on Claude through Bedrock (ids `toolu_bdrk_01…`),
 * sometimes calling several at once. The system is an S/4HANA development client where the
 * agent maintains the company's reporting of invoices to the Hungarian tax authority's
 * Online Számla interface; the user writes in Hungarian.
 */
import {
  beat,
  fact,
  boxTable,
  chars,
  fail,
  many,
  ok,
  one,
  pad,
  planter,
  type DeepHarness,
  type DeepStep,
  type Planter,
} from './deep-kit';
import type { Rng } from './rng';
import type { FactKind } from './types';

const CLASSES = [
  'ZCL_NAV_INVOICE_SENDER',
  'ZCL_NAV_XML_BUILDER',
  'ZCL_NAV_TOKEN',
  'ZCL_NAV_STATUS_POLLER',
  'ZCL_NAV_VAT_MAPPER',
];
const PROGS = ['ZNAV_RESEND', 'ZNAV_MONITOR', 'ZNAV_BACKFILL'];
const METHODS = ['BUILD_HEADER', 'ADD_LINES', 'SEND', 'POLL_STATUS', 'MAP_VAT_CODE', 'SIGN_REQUEST', 'CONSTRUCTOR'];

function up(s: string): string {
  return s.toUpperCase();
}

function abapClass(rng: Rng, cls: string, extra = ''): string {
  const ms = rng.sample(METHODS, rng.int(2, 4));
  return `CLASS ${up(cls).toLowerCase()} DEFINITION PUBLIC FINAL CREATE PUBLIC.\n  PUBLIC SECTION.\n${ms.map((m) => `    METHODS ${m.toLowerCase()}\n      IMPORTING is_invoice TYPE zsnav_invoice\n      RAISING   zcx_nav_error.`).join('\n')}\nENDCLASS.\n\nCLASS ${cls.toLowerCase()} IMPLEMENTATION.\n${extra}\n${ms
    .map(
      (m) =>
        `  METHOD ${m.toLowerCase()}.\n    ${rng.pick([
          'SELECT SINGLE * FROM znav_log INTO @DATA(ls_log) WHERE belnr = @is_invoice-belnr.',
          'DATA(lv_xml) = NEW zcl_nav_xml_builder( )->build_header( is_invoice ).',
          'LOOP AT is_invoice-items ASSIGNING FIELD-SYMBOL(<ls_item>).\n      <ls_item>-vat_code = map_vat_code( <ls_item>-mwskz ).\n    ENDLOOP.',
          "IF is_invoice-waers <> 'HUF'.\n      RAISE EXCEPTION TYPE zcx_nav_error EXPORTING textid = zcx_nav_error=>currency_not_supported.\n    ENDIF.",
        ])}\n  ENDMETHOD.`,
    )
    .join('\n\n')}\nENDCLASS.`;
}

function navLog(rng: Rng, n: number): string {
  return boxTable(
    ['MANDT', 'BUKRS', 'BELNR', 'GJAHR', 'TRANSACTION_ID', 'STATUS', 'ERDAT'],
    Array.from({ length: n }, (_, i) => [
      '100',
      rng.pick(['1000', '2000']),
      `${pad(90000000 + i * 7 + rng.int(0, 6), 10)}`,
      '2024',
      `4${chars(rng, 15, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789')}`,
      rng.pick(['DONE', 'DONE', 'DONE', 'ABORTED', 'PROCESSING', 'RECEIVED']),
      `2024${pad(rng.int(1, 6))}${pad(rng.int(1, 28))}`,
    ]),
  );
}

function atc(rng: Rng, n: number): string {
  const rows = Array.from({ length: n }, () => [
    String(rng.pick([2, 3, 3, 3])),
    rng.pick(['Performance Checks', 'Security Checks', 'Syntax Check/Generation', 'Extended Program Check (SLIN)']),
    rng.pick([
      'SELECT statement inside a LOOP',
      'Variable LV_TMP is not used',
      'Hardcoded client (MANDT) in SELECT',
      'Message number not documented',
      'Obsolete statement MOVE',
    ]),
    rng.pick(CLASSES),
    String(rng.int(10, 400)),
  ]);
  return `ATC run finished: variant Z_NAV_DEFAULT, ${n} finding(s)\n${boxTable(['Prio', 'Check', 'Message', 'Object', 'Line'], rows)}`;
}

function unitOk(rng: Rng, cls: string): string {
  const n = rng.int(4, 20);
  return `ABAP Unit: ${cls}\nTest classes: 1, methods: ${n}\nResult: ${n} passed, 0 failed, 0 skipped\nRuntime: ${rng.int(10, 900)} ms\nCoverage (statements): ${rng.int(40, 90)}.${rng.int(0, 9)}%`;
}

function dump(rng: Rng, kind: string, exc: string, text: string, prog: string): string {
  return `Category               ABAP Programming Error\nRuntime Errors         ${kind}\nException              ${exc}\nABAP Program           ${prog}\nApplication Component  FI-LOC-FI-HU\nDate and Time          2024.06.${pad(rng.int(1, 28))} ${pad(rng.int(0, 23))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}\n\nShort Text\n    ${text}\n\nWhat happened?\n    Error in the ABAP Application Program\n\n    The current ABAP program "${prog}" had to be terminated because it has\n    come across a statement that unfortunately cannot be executed.\n\nWhat can you do?\n    Note down which actions and inputs caused the error.\n\nInformation on where terminated\n    The termination occurred in the ABAP program "${prog}" in "${rng.pick(METHODS)}".\n    The main program was "SAPMSSY1".\n\n    In the source code you have the termination point in line ${rng.int(20, 300)}\n    of the (Include) program "${prog}".`;
}

function noise(rng: Rng): DeepStep {
  const cls = rng.pick(CLASSES);
  switch (rng.int(0, 10)) {
    case 0:
      return one(undefined, ok('GetSource', { object_type: 'CLAS', name: cls }, abapClass(rng, cls)));
    case 1:
      return many('Checking syntax and the unit tests of the class at once.', [
        ok('SyntaxCheck', { object_type: 'CLAS', name: cls }, `${cls}: no syntax errors found.`),
        ok('RunUnitTests', { object_type: 'CLAS', name: cls }, unitOk(rng, cls)),
      ]);
    case 2:
      return one(
        undefined,
        ok('RunATC', { object_type: 'CLAS', name: cls, variant: 'Z_NAV_DEFAULT' }, atc(rng, rng.int(1, 8))),
      );
    case 3:
      return one(
        undefined,
        ok(
          'GetTableContents',
          { table: 'ZNAV_LOG', max_rows: 20, where: "STATUS <> 'DONE'" },
          navLog(rng, rng.int(3, 20)),
        ),
      );
    case 4:
      return one(
        undefined,
        ok(
          'SearchObject',
          { query: `Z*NAV*`, type: rng.pick(['CLAS', 'PROG', 'TABL', 'FUGR']) },
          [...CLASSES, ...PROGS, 'ZNAV_LOG', 'ZSNAV_INVOICE', 'ZNAV_FG_API']
            .slice(0, rng.int(4, 11))
            .map(
              (o) =>
                `${o.padEnd(30)} ${o.startsWith('ZCL') ? 'CLAS/OC' : o.startsWith('ZNAV_F') ? 'FUGR/F' : o.startsWith('ZS') || o === 'ZNAV_LOG' ? 'TABL/DT' : 'PROG/P'}   package ZNAV`,
            )
            .join('\n'),
        ),
      );
    case 5:
      return one(
        undefined,
        ok(
          'Activate',
          { objects: [{ type: 'CLAS', name: cls }] },
          `Activation successful: 1 object(s) activated.\n${cls}    CLAS    active`,
        ),
      );
    case 6:
      return one(
        undefined,
        ok(
          'GetShortDumps',
          { user: 'NAV_BATCH', date: '20240612' },
          rng.chance(0.4)
            ? 'No short dumps found for the selection.'
            : dump(
                rng,
                'CONVT_CODEPAGE',
                'CX_SY_CONVERSION_CODEPAGE',
                'A character set conversion is not possible.',
                'ZCL_NAV_XML_BUILDER===========CP',
              ),
        ),
      );
    case 7:
      return one(
        undefined,
        ok(
          'GetSource',
          { object_type: 'PROG', name: rng.pick(PROGS) },
          `REPORT znav_resend.\n\nPARAMETERS: p_bukrs TYPE bukrs OBLIGATORY DEFAULT '1000',\n            p_gjahr TYPE gjahr DEFAULT sy-datum(4).\nSELECT-OPTIONS: s_belnr FOR bkpf-belnr.\n\nSTART-OF-SELECTION.\n  NEW zcl_nav_invoice_sender( )->resend( iv_bukrs = p_bukrs it_belnr = s_belnr[] ).`,
        ),
      );
    case 8:
      return one(
        undefined,
        fail(
          'RunUnitTests',
          { object_type: 'CLAS', name: 'ZCL_NAV_TOKEN' },
          `ABAP Unit: ZCL_NAV_TOKEN\nTest classes: 1, methods: 3\nResult: 2 passed, 1 failed, 0 skipped\n\nLTCL_TOKEN->TEST_EXPIRED_TOKEN\n  Critical Assertion Error: 'Assert Equal: <LV_VALID>'\n  Expected [X] Actual [ ]\n  Stack: ZCL_NAV_TOKEN=================CCAU line ${rng.int(30, 120)}`,
        ),
      );
    case 9:
      return one(
        undefined,
        ok(
          'GetTableContents',
          { table: 'T007A', max_rows: 12, where: "KALSM = 'TAXHU'" },
          boxTable(
            ['MANDT', 'KALSM', 'MWSKZ', 'MWART'],
            ['A0', 'A1', 'A5', 'V0', 'V1', 'V2', 'V5'].map((c) => ['100', 'TAXHU', c, c.startsWith('A') ? 'A' : 'V']),
          ),
        ),
      );
    default:
      return many(undefined, [
        ok('GetSource', { object_type: 'CLAS', name: cls }, abapClass(rng, cls)),
        ok('GetSource', { object_type: 'CLAS', name: 'ZCL_NAV_XML_BUILDER' }, abapClass(rng, 'ZCL_NAV_XML_BUILDER')),
      ]);
  }
}

function big(rng: Rng): DeepStep {
  return one(
    'Pulling the whole log table for the period.',
    ok(
      'GetTableContents',
      { table: 'ZNAV_LOG', max_rows: 500, where: "ERDAT >= '20240501'" },
      navLog(rng, rng.int(160, 240)),
    ),
  );
}

const SZIA = ['Szia!', 'Helló,', 'Jó napot!', 'Szia,'];

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    planter(true, ({ rng, mint }) => {
      const w = up(mint('word'));
      const needle = `a ${w} vállalatkód számláit is küldje a NAV-nak`;
      return fact(needle, 'user-request', [
        {
          user: `${rng.pick(SZIA)} Az Online Számla beküldést (ZCL_NAV_INVOICE_SENDER) bővíteni kell: ${needle}, a 3.0-s XML sémával. A fejlesztés a DEV 100-as kliensen menjen, transzporttal.`,
        },
      ]);
    }),
    planter(true, ({ rng, mint }) => {
      const n = mint('num');
      const needle = `INC${n}`;
      return fact(needle, 'user-incident', [
        {
          user: `Bemásolom a ServiceNow jegyet:\n\n${needle} | P2 | Assignment group: SAP-FI-AMS\nShort description: Storno számlák nem mennek be a NAV-hoz\nDescription: Since the ${rng.int(1, 28)}th, credit memos (MODIFY/STORNO) stay in status ABORTED in ZNAV_LOG. The original invoices were sent fine.\n\nEzt kellene megoldani.`,
        },
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = up(mint('word'));
      const needle = `ZNAV_${w} riport`;
      return fact(needle, 'user-terse', [
        { user: `Kellene egy ${needle} ami listázza a 24 óránál régebben PROCESSING státuszú tételeket.` },
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = up(mint('word'));
      const needle = `Batch poller for ${w} queue`;
      return fact(needle, 'tool-backlog', [
        beat(
          'Reading the next backlog item from the development request table.',
          ok(
            'GetTableContents',
            { table: 'ZDEV_REQUEST', max_rows: 1, where: "STATUS = 'NEXT'" },
            boxTable(['REQID', 'TITLE', 'OWNER', 'STATUS'], [[String(rng.int(100, 999)), needle, 'KOVACSB', 'NEXT']]),
          ),
        ),
      ]);
    }),
  ],
  constraint: [
    planter(true, ({ rng, mint }) => {
      const w = up(mint('word'));
      const needle = `a Z${w} BAdI implementációhoz`;
      return fact(needle, 'user-rule', [
        {
          user: `Fontos: ${needle} ne nyúlj, ${rng.pick(['az a controlling csapaté.', 'azt a külső partner tartja karban.'])}`,
        },
      ]);
    }),
    planter(false, ({ mint }) => {
      const w = up(mint('word'));
      const needle = `no direct UPDATE on ZNAV_${w}`;
      return fact(needle, 'tool-guideline', [
        beat(
          undefined,
          ok(
            'GetSource',
            { object_type: 'DOCU', name: 'ZNAV_DEV_GUIDELINES' },
            `Development guidelines – package ZNAV\n\n1. All texts in message class ZNAV, no literals.\n2. ${needle}; use the update function module so the change document is written.\n3. Every class needs ABAP Unit tests (coverage >= 60%).\n`,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = up(mint('word'));
      const needle = `" do not change the order of ${w} elements: NAV validates the sequence`;
      return fact(needle, 'tool-comment', [
        beat(
          undefined,
          ok(
            'GetSource',
            { object_type: 'CLAS', name: 'ZCL_NAV_XML_BUILDER' },
            abapClass(rng, 'ZCL_NAV_XML_BUILDER', `  ${needle}`),
          ),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const n = mint('num');
      const needle = `${n} tételnél`;
      return fact(needle, 'user-aside', [
        { user: `Még valami: egy kérésben ne küldj több mint ${needle} többet, a NAV visszadobja.` },
      ]);
    }),
  ],
  decision: [
    planter(false, ({ rng, mint }) => {
      const w = up(mint('word'));
      const needle = `ZCX_NAV_${w}`;
      return fact(needle, 'agent-prose', [
        beat(
          `Rather than returning sy-subrc codes, I'll raise a dedicated exception class ${needle} (inheriting from ZCX_NAV_ERROR) so the caller can decide whether to retry.`,
          ok(
            'GetSource',
            { object_type: 'CLAS', name: 'ZCL_NAV_INVOICE_SENDER' },
            abapClass(rng, 'ZCL_NAV_INVOICE_SENDER'),
          ),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = up(mint('word'));
      const needle = `Z${w} háttérjob`;
      return fact(needle, 'user-choice', [
        { user: `Döntöttem: nem RFC-vel hívjuk, hanem ${needle} fut 15 percenként.` },
        beat(
          undefined,
          ok(
            'SearchObject',
            { query: 'ZNAV*', type: 'PROG' },
            PROGS.map((p) => `${p.padEnd(30)} PROG/P   package ZNAV`).join('\n'),
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = up(mint('word'));
      const needle = `VAT mapping via customizing table ZNAV_${w}`;
      return fact(needle, 'tool-transport', [
        beat(
          undefined,
          ok(
            'CreateTransport',
            { description: `NAV: ${needle}`, type: 'K' },
            `Transport request DEVK9${rng.int(10000, 99999)} created\nDescription: NAV: ${needle}\nOwner: AIAGENT\nTarget: QAS.100`,
          ),
        ),
      ]);
    }),
  ],
  file: [
    planter(false, ({ rng, mint }) => {
      const w = up(mint('word'));
      const cls = `ZCL_NAV_${w}`;
      return fact(cls, 'tool-create', [
        beat(
          undefined,
          ok(
            'SetSource',
            { object_type: 'CLAS', name: cls, source: abapClass(rng, cls), transport: 'DEVK912044' },
            `Source of ${cls} saved (inactive).`,
          ),
        ),
        beat(
          undefined,
          ok(
            'Activate',
            { objects: [{ type: 'CLAS', name: cls }] },
            `Activation successful: 1 object(s) activated.\n${cls}    CLAS    active`,
          ),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = up(mint('word'));
      const inc = `LZNAV_${w}F01`;
      return fact(inc, 'user-include', [
        { user: `A hibás rész a ${inc} include-ban van, azt nézd meg.` },
        beat(
          undefined,
          ok(
            'GetSource',
            { object_type: 'PROG/I', name: inc },
            `*----------------------------------------------------------------------*\n***INCLUDE ${inc}.\n*----------------------------------------------------------------------*\nFORM fill_partner USING is_kna1 TYPE kna1 CHANGING cs_partner TYPE zsnav_partner.\n  cs_partner-tax_number = is_kna1-stcd1(8).\n  cs_partner-vat_code   = is_kna1-stcd1+9(1).\nENDFORM.`,
          ),
        ),
        beat(
          undefined,
          ok(
            'SetSource',
            {
              object_type: 'PROG/I',
              name: inc,
              source: `FORM fill_partner ...\n  cs_partner-county_code = is_kna1-stcd1+11(2).\nENDFORM.`,
              transport: 'DEVK912044',
            },
            `Source of ${inc} saved (inactive).`,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = up(mint('word'));
      const tab = `ZNAV_${w}_MAP`;
      return fact(tab, 'tool-objects', [
        beat(
          undefined,
          ok(
            'GetTableContents',
            { table: 'E071', max_rows: 10, where: "TRKORR = 'DEVK912044'" },
            boxTable(
              ['TRKORR', 'PGMID', 'OBJECT', 'OBJ_NAME'],
              [
                ['DEVK912044', 'R3TR', 'CLAS', 'ZCL_NAV_XML_BUILDER'],
                ['DEVK912044', 'R3TR', 'TABL', tab],
                ['DEVK912044', 'LIMU', 'METH', `ZCL_NAV_VAT_MAPPER            ${rng.pick(METHODS)}`],
              ],
            ),
          ),
        ),
      ]);
    }),
  ],
  error: [
    planter(false, ({ rng, mint }) => {
      const w = up(mint('word'));
      const needle = `Field "LV_${w}" is unknown`;
      return fact(needle, 'tool-syntax', [
        beat(
          undefined,
          fail(
            'SyntaxCheck',
            { object_type: 'CLAS', name: 'ZCL_NAV_XML_BUILDER' },
            `ZCL_NAV_XML_BUILDER===========CM00${rng.int(1, 9)}  Line ${rng.int(10, 200)}\nError: ${needle}. It is neither in one of the specified tables nor defined by a "DATA" statement. "DATA" statement.\nZCL_NAV_XML_BUILDER===========CM00${rng.int(1, 9)}  Line ${rng.int(10, 200)}\nWarning: The exception CX_SY_CONVERSION_NO_NUMBER is neither caught nor declared in the RAISING clause.`,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = up(mint('word'));
      const needle = `LTCL_VAT_MAPPER->TEST_${w}`;
      return fact(needle, 'tool-unit', [
        beat(
          undefined,
          fail(
            'RunUnitTests',
            { object_type: 'CLAS', name: 'ZCL_NAV_VAT_MAPPER' },
            `ABAP Unit: ZCL_NAV_VAT_MAPPER\nTest classes: 1, methods: ${rng.int(5, 14)}\nResult: ${rng.int(4, 13)} passed, 1 failed, 0 skipped\n\n${needle}\n  Critical Assertion Error: 'Assert Equal: <LV_VAT_RATE>'\n  Expected [27] Actual [5]\n  Stack: ZCL_NAV_VAT_MAPPER============CCAU line ${rng.int(30, 160)}`,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const c = mint('code');
      const needle = `Unable to interpret "${c}" as a number.`;
      return fact(needle, 'tool-dump', [
        beat(
          "Any short dumps from last night's batch?",
          ok(
            'GetShortDumps',
            { user: 'NAV_BATCH', date: '20240612' },
            dump(rng, 'CONVT_NO_NUMBER', 'CX_SY_CONVERSION_NO_NUMBER', needle, 'ZCL_NAV_VAT_MAPPER============CP'),
          ),
        ),
      ]);
    }),
    planter(false, ({ mint }) => {
      const w = up(mint('word'));
      const needle = `Implementation missing for method "${w}"`;
      return fact(needle, 'tool-activate', [
        beat(
          undefined,
          fail(
            'Activate',
            { objects: [{ type: 'CLAS', name: 'ZCL_NAV_STATUS_POLLER' }] },
            `Activation failed: 1 error(s)\nZCL_NAV_STATUS_POLLER    CLAS    inactive\n  Error: ${needle}.\nObjects remain inactive. Correct the errors and activate again.`,
          ),
        ),
      ]);
    }),
    planter(true, ({ rng, mint }) => {
      const n = mint('num');
      const needle = `Invoice SZ-2024/${n} rejected by NAV`;
      return fact(needle, 'user-paste', [
        {
          user: `Az SLG1-ből (objektum ZNAV, alobjektum SEND):\n\n${pad(rng.int(0, 23))}:${pad(rng.int(0, 59))}:12  E  ZNAV 014  ${needle}: INVALID_CUSTOMER_TAX_NUMBER\n${pad(rng.int(0, 23))}:${pad(rng.int(0, 59))}:12  I  ZNAV 002  Request sent, transactionId 4${chars(rng, 15, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789')}\n\nMiért?`,
        },
        beat(
          undefined,
          ok('GetSource', { object_type: 'CLAS', name: 'ZCL_NAV_XML_BUILDER' }, abapClass(rng, 'ZCL_NAV_XML_BUILDER')),
        ),
      ]);
    }),
  ],
  pending: [
    planter(false, ({ mint }) => {
      const w = up(mint('word'));
      const needle = `release the ${w} transport to QAS`;
      return fact(needle, 'agent-next', [
        beat(
          `Everything is active and the tests pass. The remaining step is to ${needle} after your review; I can't release it with my role.`,
          ok(
            'RunATC',
            { object_type: 'DEVC', name: 'ZNAV', variant: 'Z_NAV_DEFAULT' },
            'ATC run finished: variant Z_NAV_DEFAULT, 0 finding(s) with priority 1 or 2.',
          ),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = up(mint('word'));
      const needle = `a ${w} ügyfél régi számláit újraküldeni`;
      return fact(needle, 'user-later', [
        { user: `Rendben. Utána majd ${needle}, de az csak jövő héten.` },
        beat(
          undefined,
          ok(
            'GetSource',
            { object_type: 'PROG', name: 'ZNAV_BACKFILL' },
            'REPORT znav_backfill.\n\nPARAMETERS p_kunnr TYPE kunnr.\n\nSTART-OF-SELECTION.\n  NEW zcl_nav_invoice_sender( )->resend_customer( p_kunnr ).',
          ),
        ),
      ]);
    }),
    planter(false, ({ mint }) => {
      const c = mint('code');
      const needle = `TODO ${c}: schedule ZNAV_MONITOR in SM36`;
      return fact(needle, 'tool-todo', [
        beat(undefined, [
          ok(
            'SetSource',
            {
              object_type: 'PROG',
              name: 'ZNAV_MONITOR',
              source: `REPORT znav_monitor.\n" ${needle} (daily 06:00) once basis approves\n`,
              transport: 'DEVK912044',
            },
            'Source of ZNAV_MONITOR saved (inactive).',
          ),
          ok('SyntaxCheck', { object_type: 'PROG', name: 'ZNAV_MONITOR' }, 'ZNAV_MONITOR: no syntax errors found.'),
        ]),
      ]);
    }),
  ],
  value: [
    planter(false, ({ mint }) => {
      const n = mint('num');
      const tr = `DEVK${n}`;
      return fact(tr, 'tool-transport', [
        beat(
          undefined,
          ok(
            'CreateTransport',
            { description: 'NAV 3.0 schema', type: 'K' },
            `Transport request ${tr} created\nDescription: NAV 3.0 schema\nOwner: AIAGENT\nTarget: QAS.100`,
          ),
        ),
        beat(
          `Saving into ${tr}.`,
          ok(
            'SetSource',
            { object_type: 'CLAS', name: 'ZCL_NAV_XML_BUILDER', source: '...', transport: tr },
            'Source of ZCL_NAV_XML_BUILDER saved (inactive).',
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const c = mint('code');
      const tx = `4${c}${chars(rng, 10, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789')}`;
      return fact(tx, 'tool-row', [
        beat(
          undefined,
          ok(
            'GetTableContents',
            { table: 'ZNAV_LOG', max_rows: 1, where: "STATUS = 'ABORTED'" },
            boxTable(['BELNR', 'TRANSACTION_ID', 'STATUS'], [[String(rng.int(9000000000, 9099999999)), tx, 'ABORTED']]),
          ),
        ),
        beat(
          `Querying NAV for transaction ${tx}.`,
          ok(
            'GetTableContents',
            { table: 'ZNAV_LOG_MSG', max_rows: 5, where: `TRANSACTION_ID = '${tx}'` },
            boxTable(
              ['SEQ', 'CODE', 'TEXT'],
              [
                ['1', 'ERROR', 'SCHEMA_VIOLATION'],
                ['2', 'WARN', 'INCORRECT_COUNTY_CODE'],
              ],
            ),
          ),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const n = mint('num');
      const needle = `${n}5-2-41`;
      return fact(needle, 'user-id', [
        { user: `A teszt vevő adószáma ${needle}, azzal próbáld.` },
        beat(
          undefined,
          ok('GetTableContents', { table: 'KNA1', max_rows: 1, where: `STCD1 = '${needle}'` }, 'No entries found.'),
        ),
      ]);
    }),
  ],
};

export const DEEP_ABAP: DeepHarness = {
  style: 'abap',
  protocol: 'native',
  system: `You are an SAP development assistant connected to system DEV (client 100, S/4HANA 2022) through ABAP Development Tools services. You can read and change ABAP objects, run syntax checks, ABAP Unit and ATC, activate objects, read tables and short dumps. Every change must be recorded on a transport request. Never release transports. Answer in the language the user writes in.`,
  tools: [
    'GetSource',
    'SetSource',
    'SyntaxCheck',
    'Activate',
    'RunUnitTests',
    'RunATC',
    'GetTableContents',
    'GetShortDumps',
    'SearchObject',
    'CreateTransport',
  ],
  callId: (rng) => `toolu_bdrk_01${chars(rng, 22)}`,
  noise,
  big,
  followUp: (rng) =>
    rng.pick([
      'Rendben, folytasd.',
      'Futtasd le az ATC-t is.',
      'Mi van a ZNAV_LOG-ban most?',
      'Jó, és az egységtesztek?',
      'Oké.',
      'Nézd meg a dumpokat is.',
    ]),
  keepGoing: (rng) => rng.pick(['Folytasd.', 'Folytasd, ne állj meg kérdezni.', 'continue']),
  answer: (rng) =>
    rng.pick([
      'Kész: a szintaxis-ellenőrzés tiszta, az egységtesztek zöldek, az ATC csak a régi 3-as prioritású találatokat mutatja.',
      'The class is active and the unit tests pass. ZCL_NAV_TOKEN still has its old failing test, unrelated.',
      'Megnéztem a ZNAV_LOG-ot, nincs új ABORTED tétel.',
      'Done for this step; nothing else changed on the transport.',
    ]),
  probe: (rng) =>
    rng.pick([
      'Foglald össze: mit kértem, mit döntöttünk, mely objektumok változtak, milyen hibák jöttek, fontos azonosítók (transzportok, tranzakciók) és mi van még hátra.',
      'Mielőtt befejezzük: hol tartunk, és mi a következő lépés?',
    ]),
  planters: PLANTERS,
};
