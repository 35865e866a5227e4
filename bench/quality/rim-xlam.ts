/**
 * The xlam harness of the rim family (rim.ts): an xLAM-like small action model that answers every
 * turn with one JSON object on one line, `{"thought": "…", "tool_calls": [{"name": "run_command",
 * "arguments": {…}}, …]}` (several calls at once; `"tool_calls": []` when it answers), the harness
 * returning a user message `{"tool_results": [{"name": …, "result": {…}}, …]}` in the calls' order,
 * outputs as JSON strings. A Lazarus/Free Pascal point-of-sale app on SQLite (lazbuild and fpc
 * diagnostics with message numbers, fpcunit's plain results, heaptrc, runtime exceptions), for a
 * Malay-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  dur,
  fail,
  lines,
  many,
  numberLines,
  ok,
  one,
  pieces,
  pyJson,
  say,
  type Planter,
  type RimCall,
  type RimHarness,
  type RimStep,
} from './rim-kit';

const ROOT = '/home/aminah/projek/kedai';
const SRC = [
  'src/ujualan.pas',
  'src/ustok.pas',
  'src/ucukai.pas',
  'src/fmain.pas',
  'src/fmain.lfm',
  'kedai.lpr',
  'tests/tjualan.pas',
];
const TOOLS = ['run_command', 'read_file', 'write_file', 'replace_in_file', 'search_code'];

function sh(command: string, output: string, exitCode = 0): RimCall {
  return exitCode === 0
    ? ok('run_command', { command }, output, 0)
    : fail('run_command', { command }, output, exitCode);
}

/** Whole pieces of the app's units, as a file view shows them. */
const PIECES = [
  `unit ujualan;\n\n{$mode objfpc}{$H+}\n\ninterface\n\nuses\n  Classes, SysUtils, SQLDB, ucukai;`,
  `type\n  TBarisJualan = class\n  private\n    FKod: string;\n    FKuantiti: Integer;\n    FHarga: Currency;\n  public\n    function Jumlah: Currency;\n    property Kod: string read FKod write FKod;\n  end;`,
  `function TBarisJualan.Jumlah: Currency;\nbegin\n  Result := FKuantiti * FHarga;\n  Result := Result + KiraSST(Result);\nend;`,
  `function BundarLimaSen(const Nilai: Currency): Currency;\n{ Mekanisme pembundaran: ke 5 sen terdekat }\nbegin\n  Result := Round(Nilai * 20) / 20;\nend;`,
  `procedure TFormUtama.BtnBayarClick(Sender: TObject);\nbegin\n  if Jualan.Jumlah <= 0 then\n    Exit;\n  Q.SQL.Text := 'INSERT INTO jualan (tarikh, jumlah) VALUES (:t, :j)';\n  Q.ParamByName('t').AsDateTime := Now;\n  Q.ParamByName('j').AsCurrency := Jualan.Jumlah;\n  Q.ExecSQL;\n  Trans.Commit;\nend;`,
  `procedure TTestJualan.TestBundarLima;\nbegin\n  AssertEquals(12.35, Double(BundarLimaSen(12.33)), 0.001);\nend;`,
  `implementation\n\nend.`,
];

function pas(rng: Rng, n: number): string {
  return pieces(rng, PIECES, n);
}

const FPC_HEAD = `Hint: (lazarus) [RunTool] /usr/bin/fpc "-iWTOTP"\nHint: (lazarus) [RunTool] /usr/bin/fpc "-va" "compilertest.pas"\nHint: (11031) End of reading config file /etc/fpc.cfg\nFree Pascal Compiler version 3.2.2+dfsg-32 [2024/01/05] for x86_64\nCopyright (c) 1993-2021 by Florian Klaempfl and others\n(1002) Target OS: Linux for x86-64`;

function lazbuild(rng: Rng, units: string[] = [], error = ''): string {
  const compiling = (units.length ? units : [rng.pick(SRC.slice(0, 4))]).map((u) => `(3104) Compiling ${u}`).join('\n');
  const hints = rng.chance(0.5)
    ? `\n${ROOT}/${rng.pick(SRC.slice(0, 4))}(${rng.int(10, 200)},${rng.int(3, 30)}) Hint: (5024) Parameter "Sender" not used`
    : '';
  if (error)
    return `${FPC_HEAD}\n(3104) Compiling kedai.lpr\n${compiling}\n${error}\nFatal: (1018) Compilation aborted\nError: /usr/bin/ppcx64 returned an error exitcode\nError: (lazarus) Compile Project, Target: ${ROOT}/kedai: stopped with exit code 1\nError: (lazbuild) failed compiling of project ${ROOT}/kedai.lpi`;
  return `${FPC_HEAD}\n(3104) Compiling kedai.lpr\n${compiling}${hints}\n(9015) Linking ${ROOT}/kedai\n(1008) ${rng.int(3000, 9000)} lines compiled, ${dur(rng, 0.4, 4, 1)} sec, ${rng.int(1_000_000, 3_000_000)} bytes code, ${rng.int(400_000, 900_000)} bytes data\n(1022) ${rng.int(0, 6)} hint(s) issued`;
}

function fpcunit(rng: Rng, failure?: { suite: string; test: string; message: string }): string {
  const suites = ['TTestStok', 'TTestJualan', 'TTestCukai', ...(failure ? [failure.suite] : [])];
  const n = rng.int(18, 40);
  const body = suites
    .map((s) => {
      const k = rng.int(4, 10);
      const tests = lines(
        k,
        (i) =>
          `    00.00${rng.int(0, 9)}  Test${rng.pick(['Tambah', 'Tolak', 'Jumlah', 'Simpan', 'Muat', 'SST', 'Diskaun'])}${i + 1}`,
      );
      const bad = failure?.suite === s;
      return `  ${s} Time:00.00${rng.int(1, 9)} N:${k} E:0 F:${bad ? 1 : 0} I:0\n${tests}${bad ? `\n    00.001  ${failure.test}  Failed: ${failure.message}` : ''}`;
    })
    .join('\n');
  const head = ` Time:00.0${rng.int(10, 60)} N:${n} E:0 F:${failure ? 1 : 0} I:0\n${body}\nNumber of run tests: ${n}\nNumber of errors:    0\nNumber of failures:  ${failure ? 1 : 0}`;
  if (!failure) return head;
  return `${head}\n\nList of failures:\n  Failure: \n    Message:           ${failure.suite}.${failure.test}: ${failure.message}\n    Exception class:   EAssertionFailedError\n    Exception message: ${failure.message}\n    Source unitname:   tjualan.pas\n    Line number:       ${rng.int(40, 200)}\n    Failed methodname: ${failure.test}`;
}

function xlamNoise(rng: Rng): RimStep {
  const r = rng.int(0, 8);
  if (r === 0) return one(undefined, sh('lazbuild kedai.lpi', lazbuild(rng)));
  if (r === 1) {
    const [a, b] = rng.sample(SRC, 2) as [string, string];
    return many(rng.pick(['Read both units before changing anything.', 'Baca kedua-dua unit dahulu.', undefined]), [
      ok('read_file', { path: a }, pas(rng, rng.int(10, 40))),
      ok('read_file', { path: b }, pas(rng, rng.int(8, 25))),
    ]);
  }
  if (r === 2)
    return one(undefined, sh('lazbuild tests/testkedai.lpi && ./tests/testkedai --all --format=plain', fpcunit(rng)));
  if (r === 3) {
    const pat = rng.pick(['KiraSST', 'BundarLimaSen', 'ParamByName', 'Currency']);
    return one(
      undefined,
      ok(
        'search_code',
        { pattern: pat, path: 'src' },
        lines(
          rng.int(1, 4),
          () =>
            `${rng.pick(SRC.slice(0, 3))}:${rng.int(5, 300)}: ${(
              PIECES.join('\n')
                .split('\n')
                .find((l) => l.includes(pat)) ?? pat
            ).trim()}`,
        ),
      ),
    );
  }
  if (r === 4)
    return one(
      undefined,
      sh('sqlite3 data/kedai.db ".tables"', 'barang        jualan        baris_jualan  pelanggan     tetapan'),
    );
  if (r === 5) {
    const f = rng.pick(SRC.slice(0, 4));
    return many(rng.pick(['Small fix, then rebuild.', 'Pembetulan kecil, kemudian bina semula.']), [
      ok(
        'replace_in_file',
        { path: f, search: '  Result := FKuantiti * FHarga;', replace: '  Result := FHarga * FKuantiti;' },
        `1 replacement in ${f}`,
      ),
      sh('lazbuild kedai.lpi', lazbuild(rng, [f])),
    ]);
  }
  if (r === 6)
    return one(
      undefined,
      sh(
        'HEAPTRC=log=heap.trc ./kedai --ujian-kendiri && tail -4 heap.trc',
        `Heap dump by heaptrc unit of ${ROOT}/kedai\n${rng.int(900, 9000)} memory blocks allocated : ${rng.int(100000, 900000)}/${rng.int(100000, 900000)}\n${rng.int(900, 9000)} memory blocks freed     : ${rng.int(100000, 900000)}/${rng.int(100000, 900000)}\n0 unfreed memory blocks : 0`,
      ),
    );
  if (r === 7)
    return one(
      undefined,
      sh(
        'git status --short',
        lines(rng.int(1, 3), () => ` M ${rng.pick(SRC)}`),
      ),
    );
  return one(
    undefined,
    sh(
      'lazbuild --build-mode=Release kedai.lpi',
      lazbuild(rng).replace('(1002) Target OS', `Hint: (lazarus) Build mode: Release\n(1002) Target OS`),
    ),
  );
}

function xlamBig(rng: Rng): RimStep {
  if (rng.chance(0.5))
    return one(
      'Full rebuild with verbose messages to see every hint and note.',
      sh(
        'lazbuild -B --verbose kedai.lpi',
        `${FPC_HEAD}\n${lines(rng.int(300, 380), () => {
          const u = rng.pick(SRC.slice(0, 4));
          return rng.pick([
            `(3104) Compiling ${u}`,
            `${ROOT}/${u}(${rng.int(10, 400)},${rng.int(3, 40)}) Hint: (5024) Parameter "Sender" not used`,
            `${ROOT}/${u}(${rng.int(10, 400)},${rng.int(3, 40)}) Note: (5025) Local variable "i" not used`,
            `${ROOT}/${u}(${rng.int(10, 400)},${rng.int(3, 40)}) Hint: (5091) Local variable "Baris" of a managed type does not seem to be initialized`,
            `(10001) PPU Loading /usr/lib/lazarus/3.0/lcl/units/x86_64-linux/${rng.pick(['forms', 'controls', 'dbgrids', 'stdctrls', 'sqldb'])}.ppu`,
          ]);
        })}\n(9015) Linking ${ROOT}/kedai\n(1008) ${rng.int(40000, 90000)} lines compiled, ${dur(rng, 4, 20, 1)} sec`,
      ),
    );
  return one(undefined, ok('read_file', { path: 'src/fmain.pas' }, pas(rng, rng.int(460, 560))));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `pengiraan SST untuk setiap baris jualan dalam unit u${t}`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Salam! Projek saya di ~/projek/kedai — aplikasi jualan runcit (POS) dalam Lazarus dan Free Pascal 3.2.2, pangkalan data SQLite. Saya perlukan ${needle}; sekarang cukai dikira sekali sahaja pada jumlah akhir. Jangan ubah skema pangkalan data dulu.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `laporan jualan harian ke CSV melalui prosedur Eksport${cap(t)}`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Tugasan seterusnya: ${needle}, dengan ujian fpcunit.` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `imbasan kod bar pada borang F${cap(t)}`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Satu lagi: saya mahu ${needle}, pengimbas USB bertindak seperti papan kekunci.` }],
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
            (x) => `jangan guna pemboleh ubah global dalam u${x}.pas`,
            (x) => `u${x} mesti kekal serasi dengan FPC 3.0.4`,
            (x) => `tiada pakej Lazarus baharu untuk u${x}`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Satu syarat: ${needle}. Mesin di kedai masih lama.`,
                `Ingat ya — ${needle}; kami sudah bincang hal ini semasa semakan kod.`,
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
        const needle = `- src/u${t}.pas: wang sentiasa jenis Currency, bukan Double`;
        return {
          how: 'tool-guide',
          needle,
          beats: [
            {
              step: one(
                'Read the developer guide first; the project rules are there.',
                ok(
                  'read_file',
                  { path: 'docs/PANDUAN.md' },
                  `# Panduan pembangun\n\nBina dengan \`lazbuild kedai.lpi\`, uji dengan \`./tests/testkedai --all --format=plain\`.\n\n## Peraturan\n\n- Semua SQL guna parameter (:nama), tiada penggabungan rentetan.\n${needle}\n- Borang tidak memanggil SQL secara terus; guna unit data.\n- ${rng.pick(['Mesej kepada pengguna dalam Bahasa Melayu.', 'Tarikh disimpan sebagai ISO 8601 dalam SQLite.'])}\n`,
                ),
              ),
            },
            {
              step: one(
                `So u${t}.pas keeps money in Currency. Checking that no Double slipped in.`,
                ok('search_code', { pattern: ': Double', path: `src/u${t}.pas` }, 'No matches.'),
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
            (x) => `I'll keep the ${x} line totals as Currency and round only at the end`,
            (x) => `Saya putuskan: T${cap(x)} guna TFPGObjectList, bukan TList biasa`,
            (x) => `Decision: u${x} talks to SQLite through TSQLQuery parameters only`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: many(`${needle}; it avoids the rounding drift we saw in the daily totals.`, [
                ok(
                  'write_file',
                  {
                    path: `src/u${t}.pas`,
                    content: `unit u${t};\n\n{$mode objfpc}{$H+}\n\ninterface\n\nuses\n  Classes, SysUtils, fgl;\n\nfunction Jumlah${cap(t)}(const Nilai: array of Currency): Currency;\n\nimplementation\n\nfunction Jumlah${cap(t)}(const Nilai: array of Currency): Currency;\nvar\n  V: Currency;\nbegin\n  Result := 0;\n  for V in Nilai do\n    Result := Result + V;\nend;\n\nend.\n`,
                  },
                  `Wrote ${rng.int(300, 700)} bytes to src/u${t}.pas`,
                ),
                sh('lazbuild kedai.lpi', lazbuild(rng, [`src/u${t}.pas`])),
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
        const needle = `${cap(t)} akan bundarkan ke 5 sen terdekat`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            { user: rng.pick([`Kami sudah putuskan: ${needle}.`, `Baiklah, ${needle}, ikut peraturan pembundaran.`]) },
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
        const needle = `src/u${t}.pas`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many(rng.pick(['New unit, then a rebuild.', 'Unit baharu, kemudian bina semula.']), [
                ok(
                  'write_file',
                  {
                    path: needle,
                    content: `unit u${t};\n\n{$mode objfpc}{$H+}\n\ninterface\n\n${pas(rng, 6)}\n\nimplementation\n\nend.\n`,
                  },
                  `Wrote ${rng.int(200, 900)} bytes to ${needle}`,
                ),
                sh('lazbuild kedai.lpi', lazbuild(rng, [needle])),
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
        const needle = `tests/t${t}.pas`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'replace_in_file',
                  {
                    path: needle,
                    search: "  Ignore('belum siap');",
                    replace: '  AssertEquals(12.35, Double(BundarLimaSen(12.33)), 0.001);',
                  },
                  `1 replacement in ${needle}`,
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
        const needle = `src/ucukai.pas(${line},${rng.int(5, 30)}) Error: (5000) Identifier not found "${cap(t)}"`;
        return {
          how: 'tool-fpc',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'lazbuild kedai.lpi',
                  lazbuild(
                    rng,
                    ['src/ucukai.pas'],
                    `${ROOT}/${needle}\n${ROOT}/src/ucukai.pas(${line + rng.int(5, 30)}) Fatal: (10026) There were 1 errors compiling module, stopping`,
                  ),
                  1,
                ),
              ),
            },
            {
              step: one(
                `${cap(t)} lives in a unit that ucukai does not use; checking its uses clause.`,
                ok('read_file', { path: 'src/ucukai.pas' }, numberLines(pas(rng, 12))),
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
        const needle = `TTest${cap(t)}.TestBundarLima: expected: <12.35> but was: <12.30>`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 30 : 2,
          (i) => `(3104) Compiling tests/t${rng.pick(['stok', 'jualan', 'cukai'])}.pas  [${i + 1}]`,
          '',
          fpcunit(rng, {
            suite: `TTest${cap(t)}`,
            test: 'TestBundarLima',
            message: 'expected: <12.35> but was: <12.30>',
          }),
        );
        return {
          how: 'tool-fpcunit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh('lazbuild tests/testkedai.lpi && ./tests/testkedai --all --format=plain', out, 1),
              ),
            },
            {
              step: one(
                `TTest${cap(t)} rounds 12.33 down: Round uses banker's rounding on .5, so the 5-sen helper needs Trunc(x*20+0.5).`,
                ok('read_file', { path: 'src/ujualan.pas' }, pas(rng, 10)),
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
        const needle = `TSQLite3Connection : no such table: ${t}_harian`;
        return {
          how: 'tool-runtime',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  './kedai --laporan-harian',
                  `An unhandled exception occurred at $0000000000${rng.int(400000, 499999)}:\nEDatabaseError: ${needle}\n  $0000000000${rng.int(400000, 499999)}  TSQLQUERY__PREPARE,  line ${rng.int(1000, 3000)} of sqldb.pp\n  $0000000000${rng.int(400000, 499999)}  TLAPORAN__JANA,  line ${rng.int(20, 200)} of src/ulaporan.pas\n  $0000000000${rng.int(400000, 499999)}  main,  line ${rng.int(10, 40)} of kedai.lpr`,
                  217,
                ),
              ),
            },
            {
              step: one(
                `The ${t}_harian table was never created; the migration list in udata.pas stops one version early.`,
                ok(
                  'search_code',
                  { pattern: `${t}_harian`, path: 'src' },
                  `src/ulaporan.pas:${rng.int(20, 200)}:   Q.SQL.Text := 'SELECT * FROM ${t}_harian WHERE tarikh = :t';`,
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
        const needle = `${t} bytes code`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Release build to compare the binary size with last month.',
                sh(
                  'lazbuild --build-mode=Release kedai.lpi',
                  `${FPC_HEAD}\n(3104) Compiling kedai.lpr\n(9015) Linking ${ROOT}/kedai\n(1008) ${rng.int(40000, 90000)} lines compiled, ${dur(rng, 3, 15, 1)} sec, ${needle}, ${rng.int(400_000, 900_000)} bytes data\n(1022) ${rng.int(0, 9)} hint(s) issued`,
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
        const needle = `KDI-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Tiket di GitLab ialah ${needle}, letak dalam mesej commit ya.` }],
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
            (x) => `Seterusnya: tambah u${x} ke klausa uses dalam kedai.lpr`,
            (x) => `Next: add u${x} to the uses clause of kedai.lpr`,
            (x) => `Belum selesai: u${x} perlu didaftarkan dalam kedai.lpi`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Build and fpcunit are green. ${needle}. Then heaptrc once more.`,
                ok('search_code', { pattern: `u${t}`, path: 'kedai.lpr' }, 'No matches.'),
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
        const needle = `uji ${t} pada Windows sebelum keluaran`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Bagus. Akhir sekali: ${needle}.` },
            {
              step: one(
                `Baik, ${t} pada Windows. Saya semak dulu versi lazbuild di sini.`,
                sh('lazbuild --version', '3.0'),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The tool specs the system prompt lists (xLAM's format). */
const SPECS = [
  {
    name: 'run_command',
    description: `Run a shell command in ${ROOT}.`,
    parameters: { command: { type: 'string', description: 'the command', required: true } },
  },
  {
    name: 'read_file',
    description: 'Read a file of the project.',
    parameters: { path: { type: 'string', description: 'relative path', required: true } },
  },
  {
    name: 'write_file',
    description: 'Create or overwrite a file.',
    parameters: { path: { type: 'string', required: true }, content: { type: 'string', required: true } },
  },
  {
    name: 'replace_in_file',
    description: 'Replace one exact occurrence of search by replace.',
    parameters: {
      path: { type: 'string', required: true },
      search: { type: 'string', required: true },
      replace: { type: 'string', required: true },
    },
  },
  {
    name: 'search_code',
    description: 'grep -rn a pattern under a path.',
    parameters: { pattern: { type: 'string', required: true }, path: { type: 'string', required: false } },
  },
];

function result(c: RimCall): unknown {
  if (c.tool === 'run_command') return { exit_code: c.exitCode ?? (c.status === 'ok' ? 0 : 1), output: c.output };
  return c.status === 'ok' ? c.output : { error: c.output };
}

/** The xlam harness. */
export const RIM_XLAM: RimHarness = {
  style: 'xlam',
  protocol: 'text',
  system: `[BEGIN OF TASK INSTRUCTION]\nYou are an expert in composing functions. You are given a question and a set of possible functions.\nBased on the question, you will need to make one or more function/tool calls to achieve the purpose.\nIf none of the functions can be used, point it out and refuse to answer.\nIf the given question lacks the parameters required by the function, also point it out.\n[END OF TASK INSTRUCTION]\n\n[BEGIN OF AVAILABLE TOOLS]\n${pyJson(SPECS)}\n[END OF AVAILABLE TOOLS]\n\n[BEGIN OF FORMAT INSTRUCTION]\nThe output MUST strictly adhere to the following JSON format, and NO other text MUST be included.\nThe example format is as follows. Please make sure the parameter type is correct. If no function call is needed, please make tool_calls an empty list '[]'.\n\`\`\`\n{"thought": "the thought process, or an empty string", "tool_calls": [{"name": "api_name1", "arguments": {"argument1": "value1", "argument2": "value2"}}]}\n\`\`\`\n[END OF FORMAT INSTRUCTION]\n\nThe tool results come back as {"tool_results": [...]}, one per call, in order. The project is a Lazarus 3.0 / Free Pascal 3.2.2 point-of-sale app on SQLite at ${ROOT}. The user writes in Malay.`,
  tools: TOOLS,
  renderStep: (s) =>
    pyJson({ thought: s.say ?? '', tool_calls: s.calls.map((c) => ({ name: c.tool, arguments: c.args })) }),
  renderResults: (s) => pyJson({ tool_results: s.calls.map((c) => ({ name: c.tool, result: result(c) })) }),
  renderAnswer: (text) => pyJson({ thought: text, tool_calls: [] }),
  resultStart: /^\{"tool_results": \[/,
  callMark: /\{"name": "(?:run_command|read_file|write_file|replace_in_file|search_code)", "arguments": \{/g,
  resultMark: /\{"name": "(?:run_command|read_file|write_file|replace_in_file|search_code)", "result": /g,
  noise: xlamNoise,
  big: xlamBig,
  followUp: (rng) =>
    rng.pick([
      'Ujian dah lulus?',
      'Apa kata lazbuild sekarang?',
      'Tolong jalankan fpcunit sekali lagi.',
      'Terangkan ringkas apa yang awak ubah.',
      'Okey, apa seterusnya?',
    ]),
  keepGoing: (rng) => rng.pick(['Teruskan.', 'Teruskan saja.', 'Teruskan sampai semua ujian lulus.']),
  answer: (rng) =>
    rng.pick([
      'Siap: lazbuild berjaya dan semua ujian fpcunit lulus.',
      `Done — ${rng.int(18, 40)} tests run, 0 errors, 0 failures; heaptrc reports no leaks.`,
      'Sudah dibaiki; tinggal satu hint tentang parameter "Sender" yang tidak digunakan.',
      'Ringkasan: unit yang diubah dikompil tanpa ralat dan ujian lulus.',
    ]),
  probe: (rng) => rng.pick(['Teruskan.', 'Sambung dari tempat awak berhenti.', 'Sekarang?']),
  planters: PLANTERS,
};
