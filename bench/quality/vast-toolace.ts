/**
 * The toolace harness of the vast family (vast.ts): a ToolACE-like small model that calls tools as a
 * bare Python-style list, `[run_shell(command="ninja -C build"),` / ` read_file(path="src/lexer.c")]`
 * (one call a line, several at once, after an optional line of prose), the harness answering in a
 * user message opened by `<<function results>>` with one `#1 run_shell(command=…) — exit 1` section
 * per call. A C11 library built with Meson and Ninja (gcc diagnostics, meson test, AddressSanitizer,
 * clang-tidy), for a Slovak-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  dur,
  fail,
  firstLine,
  hex,
  lines,
  many,
  ok,
  one,
  pyArgs,
  pyValue,
  say,
  type Planter,
  type VastCall,
  type VastHarness,
  type VastStep,
} from './vast-kit';

const ROOT = '/home/marek/projekty/vlak';
const SRC = ['src/lexer.c', 'src/parser.c', 'src/gtfs.c', 'src/calendar.c', 'src/vlak.h', 'tests/test_parser.c'];
const TOOLS = ['run_shell', 'read_file', 'write_file', 'replace_in_file', 'search'];
const str = { type: 'string' };
const SPECS = [
  {
    name: 'run_shell',
    description: `Run a shell command in ${ROOT}; returns stdout and stderr.`,
    parameters: { type: 'dict', properties: { command: str }, required: ['command'] },
  },
  {
    name: 'read_file',
    description: 'Read a file of the project.',
    parameters: { type: 'dict', properties: { path: str }, required: ['path'] },
  },
  {
    name: 'write_file',
    description: 'Create or overwrite a file.',
    parameters: { type: 'dict', properties: { path: str, content: str }, required: ['path', 'content'] },
  },
  {
    name: 'replace_in_file',
    description: 'Replace one exact occurrence of old by new.',
    parameters: { type: 'dict', properties: { path: str, old: str, new: str }, required: ['path', 'old', 'new'] },
  },
  {
    name: 'search',
    description: 'grep -n a pattern under a path.',
    parameters: { type: 'dict', properties: { pattern: str, path: str }, required: ['pattern'] },
  },
];

function shell(command: string, output: string, exitCode = 0): VastCall {
  return exitCode === 0 ? ok('run_shell', { command }, output, 0) : fail('run_shell', { command }, output, exitCode);
}

function c(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `static int parse_field${i}(vlak_lexer *lx, vlak_token *out)`,
      `{`,
      `    if (lx->pos >= lx->len)`,
      `        return VLAK_EOF;`,
      `}`,
      `#include "vlak.h"`,
      `    uint32_t secs = h * 3600u + m * 60u + s;`,
      `/* ${rng.pick(['Časy po polnoci môžu byť 25:10:00.', 'GTFS reference, section stop_times.txt.', 'Nevolať z viacerých vlákien.'])} */`,
      '',
      `    vlak_arena_reset(&p->arena);`,
    ]),
  );
}

function ninja(rng: Rng, failed = ''): string {
  const n = rng.int(6, 18);
  const steps = lines(
    rng.int(2, 6),
    (i) =>
      `[${i + 1}/${n}] Compiling C object src/libvlak.a.p/${rng.pick(['lexer', 'parser', 'gtfs', 'calendar'])}.c.o`,
  );
  return failed
    ? `ninja: Entering directory \`build'\n${steps}\n${failed}\nninja: build stopped: subcommand failed.`
    : `ninja: Entering directory \`build'\n${steps}\n[${n}/${n}] Linking target tests/test_parser`;
}

function mesonTest(rng: Rng, bad = '', log = ''): string {
  const names = ['lexer', 'parser', 'calendar', 'gtfs_feed', 'arena', 'time_fmt'];
  const rows = names.map(
    (n, i) =>
      `${String(i + 1).padStart(2)}/${names.length} vlak:unit / ${n.padEnd(22)} OK              ${dur(rng, 0.01, 0.4)}s`,
  );
  if (bad)
    rows.push(
      `${names.length + 1}/${names.length + 1} ${bad.padEnd(33)} FAIL            ${dur(rng, 0.01, 0.4)}s   exit status 1\n>>> ASAN_OPTIONS=halt_on_error=1:abort_on_error=1 MALLOC_PERTURB_=${rng.int(1, 255)} ${ROOT}/build/tests/test_lexer\n${log}`,
    );
  return `ninja: Entering directory \`build'\nninja: no work to do.\n${rows.join('\n')}\n\nOk:                 ${names.length}\nExpected Fail:      0\nFail:               ${bad ? 1 : 0}\nUnexpected Pass:    0\nSkipped:            0\nTimeout:            0\n\nFull log written to ${ROOT}/build/meson-logs/testlog.txt`;
}

function taceNoise(rng: Rng): VastStep {
  const r = rng.int(0, 7);
  if (r === 0) return one(undefined, shell('meson test -C build --print-errorlogs', mesonTest(rng)));
  if (r === 1) {
    const [a, b] = rng.sample(SRC, 2) as [string, string];
    return many(rng.pick(['Pozriem sa na oba súbory.', undefined]), [
      ok('read_file', { path: a }, c(rng, rng.int(10, 40))),
      ok('read_file', { path: b }, c(rng, rng.int(8, 25))),
    ]);
  }
  if (r === 2) return one(undefined, shell('ninja -C build', ninja(rng)));
  if (r === 3)
    return one(
      undefined,
      ok(
        'search',
        { pattern: rng.pick(['vlak_arena_reset', 'VLAK_EOF', 'parse_field', 'uint32_t secs']), path: 'src' },
        lines(rng.int(3, 12), () => `${rng.pick(SRC)}:${rng.int(3, 400)}:${firstLine(c(rng, 3))}`),
      ),
    );
  const w = rng.int(4000, 9000);
  if (r === 4)
    return one(
      undefined,
      shell(
        'clang-tidy -p build src/*.c',
        rng.chance(0.5)
          ? `${w} warnings generated.\nSuppressed ${w} warnings (${w} in non-user code).\nUse -header-filter=.* to display errors from all non-system headers. Use -system-headers to display errors from system headers as well.`
          : `${ROOT}/${rng.pick(SRC)}:${rng.int(10, 300)}:${rng.int(3, 30)}: warning: narrowing conversion from 'size_t' (aka 'unsigned long') to signed type 'int' is implementation-defined [bugprone-narrowing-conversions]\n    int n = strlen(buf);\n            ^\n1 warning generated.`,
      ),
    );
  if (r === 5)
    return many(undefined, [
      shell(
        'git status --short',
        lines(rng.int(1, 3), () => ` M ${rng.pick(SRC)}`),
      ),
      shell(
        'git log --oneline -3',
        lines(
          3,
          () => `${hex(rng, 7)} ${rng.pick(['lexer: quoted fields', 'calendar: holidays', 'build: meson 1.4'])}`,
        ),
      ),
    ]);
  if (r === 6)
    return one(
      undefined,
      shell(
        'meson setup --reconfigure build -Db_sanitize=address,undefined',
        `The Meson build system\nVersion: 1.4.1\nSource dir: ${ROOT}\nBuild dir: ${ROOT}/build\nBuild type: native build\nProject name: vlak\nProject version: 0.${rng.int(2, 9)}.0\nC compiler for the host machine: cc (gcc 13.2.0 "cc (GCC) 13.2.0")\nC linker for the host machine: cc ld.bfd 2.42\nHost machine cpu family: x86_64\nHost machine cpu: x86_64\nFound pkg-config: YES (/usr/bin/pkg-config) 2.1.1\nRun-time dependency check found: NO (tried pkgconfig and cmake)\nBuild targets in project: ${rng.int(5, 12)}\n\nvlak 0.4.0\n\n  User defined options\n    b_sanitize: address,undefined\n\nFound ninja-1.11.1 at /usr/bin/ninja`,
      ),
    );
  return one(
    undefined,
    shell(
      'valgrind --leak-check=full --error-exitcode=3 build/tests/test_parser',
      `==${rng.int(1000, 99999)}== Memcheck, a memory error detector\n==${rng.int(1000, 99999)}== HEAP SUMMARY:\n==${rng.int(1000, 99999)}==     in use at exit: 0 bytes in 0 blocks\n==${rng.int(1000, 99999)}==   total heap usage: ${rng.int(100, 900)} allocs, ${rng.int(100, 900)} frees, ${rng.int(10000, 90000)} bytes allocated\n==${rng.int(1000, 99999)}== All heap blocks were freed -- no leaks are possible\n==${rng.int(1000, 99999)}== ERROR SUMMARY: 0 errors from 0 contexts (suppressed: 0 from 0)`,
    ),
  );
}

function taceBig(rng: Rng): VastStep {
  if (rng.chance(0.5))
    return one(
      'Spustím benchmark na celom feede.',
      shell(
        'build/tools/vlak-dump --trips data/zssk-gtfs',
        `${lines(rng.int(380, 520), (i) => `trip ${String(i + 1).padStart(5)}  R ${rng.int(600, 1999)}  ${rng.pick(['Bratislava hl.st.', 'Žilina', 'Košice', 'Poprad-Tatry', 'Nitra'])} → ${rng.pick(['Humenné', 'Trnava', 'Zvolen', 'Prešov'])}  ${pad2(rng.int(4, 23))}:${pad2(rng.int(0, 59))}`)}\n${rng.int(380, 520)} trips, ${dur(rng, 0.1, 0.9, 3)} s`,
      ),
    );
  return one(undefined, ok('read_file', { path: 'src/parser.c' }, c(rng, rng.int(430, 540))));
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `načítavať výnimky z calendar_dates.txt do štruktúry ${t}`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Ahoj! Projekt je ~/projekty/vlak, knižnica v C11 stavaná cez Meson. Potrebujem ${needle} — teraz parser ten súbor ignoruje. Na verejné API vo vlak.h zatiaľ nesiahaj.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `nástroj vlak-${t} na výpis odchodov zo stanice`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Ďalšia úloha: sprav ${needle}, výstup ako tabuľka.` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `fuzz test pre ${t} cez libFuzzer`;
        return { how: 'user-followup', needle, beats: [{ user: `Ešte jedna vec: chcem ${needle}, nech beží v CI.` }] };
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
            (x) => `v ${x}.c žiadny malloc v horúcej slučke`,
            (x) => `${x}.c nesmie alokovať v horúcej slučke`,
            (x) => `alokácie v horúcej slučke ${x}.c sú zakázané`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: `Jedna podmienka: ${needle}, profilovali sme to a je to úzke hrdlo.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `#   src/${t}.c: žiadne VLA ani alloca`;
        return {
          how: 'tool-clangtidy',
          needle,
          beats: [
            {
              step: one(
                'Najprv pravidlá v .clang-tidy.',
                ok(
                  'read_file',
                  { path: '.clang-tidy' },
                  `---\nChecks: >\n  -*,\n  bugprone-*,\n  cert-*,\n  clang-analyzer-*,\n  -bugprone-easily-swappable-parameters\nWarningsAsErrors: '${rng.pick(['*', 'bugprone-*'])}'\nHeaderFilterRegex: 'src/.*'\n# Pravidlá tímu (kontroluje ich aj review):\n#   verejné funkcie majú prefix vlak_\n${needle}\n#   časy sú vždy uint32_t sekundy od polnoci\nCheckOptions:\n  - key: readability-function-size.LineThreshold\n    value: '${rng.int(60, 120)}'\n...`,
                ),
              ),
            },
            {
              step: one(
                `V ${t}.c teda žiadne VLA ani alloca; overím to.`,
                ok('search', { pattern: 'alloca\\|\\[n\\]', path: `src/${t}.c` }, 'No matches found.'),
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
            (x) => `Rozhodol som sa pre arénový alokátor v ${x}`,
            (x) => `Going with an arena allocator for ${x}`,
            (x) => `Volím arénový alokátor pre ${x}`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}: riadkov sú milióny a uvoľňujú sa naraz po načítaní feedu.`,
                ok(
                  'write_file',
                  {
                    path: `src/${t}_arena.c`,
                    content: `#include "vlak.h"\n\nvoid *${t}_alloc(vlak_arena *a, size_t n)\n{\n    n = (n + 7u) & ~(size_t)7u;\n    if (a->used + n > a->cap)\n        return NULL;\n    void *p = a->base + a->used;\n    a->used += n;\n    return p;\n}\n`,
                  },
                  `Wrote ${rng.int(200, 400)} bytes.`,
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
        const needle = `${t} bude držať časy ako uint32_t sekundy od polnoci`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            { user: rng.pick([`Dohodli sme sa v tíme: ${needle}.`, `Tak dobre, nech ${needle}, aj cez polnoc.`]) },
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
        const needle = `src/${t}.c`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('Vytvorím modul aj hlavičku naraz.', [
                ok(
                  'write_file',
                  { path: needle, content: `#include "${t}.h"\n\n${c(rng, 6)}\n` },
                  `Wrote ${rng.int(200, 900)} bytes.`,
                ),
                ok(
                  'write_file',
                  {
                    path: `src/${t}.h`,
                    content: `#pragma once\n#include <stdint.h>\n\nint vlak_${t}_load(const char *path);\n`,
                  },
                  `Wrote ${rng.int(60, 120)} bytes.`,
                ),
              ]),
            },
            { step: one(undefined, shell('ninja -C build', ninja(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tests/test_${t}.c`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'replace_in_file',
                  { path: needle, old: 'TEST_IGNORE();', new: 'TEST_ASSERT_EQUAL_UINT32(90600u, t.dep);' },
                  '1 occurrence replaced.',
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
        const line = rng.int(40, 300);
        const needle = `implicit declaration of function '${t}_free'`;
        const failed = `FAILED: src/libvlak.a.p/parser.c.o\ncc -Isrc/libvlak.a.p -Isrc -I../src -fdiagnostics-color=always -Wall -Winvalid-pch -Wextra -Wpedantic -std=c11 -O0 -g -fsanitize=address,undefined -MD -MQ src/libvlak.a.p/parser.c.o -MF src/libvlak.a.p/parser.c.o.d -o src/libvlak.a.p/parser.c.o -c ../src/parser.c\n../src/parser.c: In function 'vlak_parse_trip':\n../src/parser.c:${line}:9: error: ${needle} [-Wimplicit-function-declaration]\n  ${line} |         ${t}_free(tok);\n      |         ^~~~~~~~~~~~~~~`;
        return {
          how: 'tool-gcc',
          needle,
          beats: [
            { step: one(undefined, shell('ninja -C build', ninja(rng, failed), 1)) },
            {
              step: one(
                `${t}_free nie je deklarovaná v hlavičke; pridám prototyp.`,
                ok('read_file', { path: 'src/vlak.h' }, c(rng, 10)),
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
        const line = rng.int(40, 300);
        const needle = `in ${t}_next ../src/lexer.c:${line}`;
        const pid = rng.int(1000, 99999);
        const log = `=================================================================\n==${pid}==ERROR: AddressSanitizer: heap-use-after-free on address 0x6020000000${hex(rng, 2)} at pc 0x55${hex(rng, 10)} bp 0x7ffd${hex(rng, 8)} sp 0x7ffd${hex(rng, 8)}\nREAD of size 4 at 0x6020000000${hex(rng, 2)} thread T0\n    #0 0x55${hex(rng, 10)} ${needle}\n    #1 0x55${hex(rng, 10)} in vlak_parse_trip ../src/parser.c:${rng.int(40, 300)}\n    #2 0x55${hex(rng, 10)} in test_trip_roundtrip ../tests/test_parser.c:${rng.int(20, 200)}\n\nSUMMARY: AddressSanitizer: heap-use-after-free ../src/lexer.c:${line} in ${t}_next\n==${pid}==ABORTING`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 40 : 2,
          (i) =>
            `[${i + 1}/${rng.int(40, 90)}] Compiling C object tests/test_${rng.pick(['lexer', 'parser'])}.p/${i}.c.o`,
          '',
          mesonTest(rng, 'vlak:unit / lexer_asan', log),
        );
        return {
          how: 'tool-asan',
          needle,
          beats: [
            { step: one(undefined, shell('meson test -C build --print-errorlogs', out, 1)) },
            {
              step: one(
                `${t}_next číta token po vlak_arena_reset; presuniem reset za cyklus.`,
                ok('read_file', { path: 'src/lexer.c' }, c(rng, 12)),
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
        const needle = `ERROR: Dependency "${t}" not found, tried pkgconfig and cmake`;
        return {
          how: 'tool-meson',
          needle,
          beats: [
            {
              step: one(
                undefined,
                shell(
                  'meson setup build --wipe',
                  `The Meson build system\nVersion: 1.4.1\nSource dir: ${ROOT}\nBuild dir: ${ROOT}/build\nBuild type: native build\nProject name: vlak\nC compiler for the host machine: cc (gcc 13.2.0 "cc (GCC) 13.2.0")\nFound pkg-config: YES (/usr/bin/pkg-config) 2.1.1\nFound CMake: /usr/bin/cmake (3.28.3)\nRun-time dependency ${t} found: NO (tried pkgconfig and cmake)\n\nmeson.build:${rng.int(10, 40)}:${rng.int(4, 20)}: ${needle}\n\nA full log can be found at ${ROOT}/build/meson-logs/meson-log.txt`,
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
        const needle = `stop_times parsed: ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                shell(
                  'build/tools/vlak-bench data/zssk-gtfs',
                  `feed: data/zssk-gtfs (agency ZSSK)\nstops parsed: ${rng.int(1000, 9000)}\ntrips parsed: ${rng.int(10000, 90000)}\n${needle}\nwall: ${dur(rng, 0.2, 3, 3)} s  peak RSS: ${rng.int(40, 400)} MiB`,
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
        const needle = `VLAK-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Úloha v Redmine je ${needle}, daj ju prosím do názvu vetvy.` }],
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
            (x) => `Ďalší krok: zaregistrovať test_${x} v tests/meson.build`,
            (x) => `TODO: test_${x} still has to go into tests/meson.build`,
            (x) => `Zostáva zapísať test_${x} do tests/meson.build`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Build aj testy prechádzajú.\n${needle}\nPotom ešte valgrind.`,
                ok('search', { pattern: `test_${t}`, path: 'tests/meson.build' }, 'No matches found.'),
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
        const needle = `pusti scan-build nad ${t} pred mergom`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Super. Ešte na záver: ${needle}.` },
            { step: one(`Jasné, ${t}. Najprv stav repozitára.`, shell('git status --short', ' M src/calendar.c')) },
          ],
        };
      },
    },
  ],
};

function keyArg(c: VastCall): string {
  const k = ['command', 'path', 'pattern'].find((x) => x in c.args) ?? '';
  return k ? `${k}=${pyValue(c.args[k])}` : '';
}

/** The toolace harness. */
export const VAST_TOOLACE: VastHarness = {
  style: 'toolace',
  protocol: 'text',
  system: `You are an expert in composing functions. You are given a question and a set of possible functions. Based on the question, you will need to make one or more function/tool calls to achieve the purpose. If none of the functions can be used, point it out. If the given question lacks the parameters required by the function, also point it out.\nYou should only return the function call in tools call sections.\n\nIf you decide to invoke any of the function(s), you MUST put it in the format of [func_name1(params_name1=params_value1, params_name2=params_value2...), func_name2(params)]\nYou SHOULD NOT include any other text in the response.\n\nHere is a list of functions in JSON format that you can invoke.\n${JSON.stringify(SPECS)}\n\nThe user speaks Slovak. The project is a C11 library built with Meson ${'>'}= 1.4 and Ninja; tests use Unity and run under ASan/UBSan.`,
  tools: TOOLS,
  renderStep: (s) =>
    [
      ...(s.say ? [s.say] : []),
      s.calls
        .map(
          (call, i) =>
            `${i === 0 ? '[' : ' '}${call.tool}(${pyArgs(call.args)})${i === s.calls.length - 1 ? ']' : ','}`,
        )
        .join('\n'),
    ].join('\n'),
  renderResults: (s) =>
    `<<function results>>\n${s.calls
      .map(
        (call, i) =>
          `#${i + 1} ${call.tool}(${keyArg(call)}) — ${call.status === 'ok' ? (call.exitCode === undefined ? 'ok' : `exit ${call.exitCode}`) : `exit ${call.exitCode ?? 1}`}\n${call.output}`,
      )
      .join('\n\n')}`,
  resultStart: /^<<function results>>\n/,
  callMark: /^[[ ](?:run_shell|read_file|write_file|replace_in_file|search)\(/gm,
  resultMark: /^#\d+ (?:run_shell|read_file|write_file|replace_in_file|search)\(/gm,
  noise: taceNoise,
  big: taceBig,
  followUp: (rng) =>
    rng.pick([
      'Prechádzajú už testy?',
      'Čo hovorí clang-tidy?',
      'Pusti ešte raz meson test, prosím.',
      'Stručne mi vysvetli, čo si zmenil.',
      'Dobre, čo ďalej?',
    ]),
  keepGoing: (rng) => rng.pick(['Pokračuj.', 'Pokračuj ďalej.', 'Pokračuj, kým meson test neprejde.']),
  answer: (rng) =>
    rng.pick([
      'Hotovo: ninja zostaví všetko a meson test je zelený.',
      'Opravené; ostalo len jedno varovanie od clang-tidy.',
      'Zhrnutie: zmenené súbory sa skompilujú bez varovaní, testy prechádzajú aj pod ASan.',
      'Hotovo, žiadne nové chyby.',
    ]),
  probe: (rng) => rng.pick(['Pokračuj.', 'Pokračuj tam, kde si skončil.', 'A teraz?']),
  planters: PLANTERS,
};
