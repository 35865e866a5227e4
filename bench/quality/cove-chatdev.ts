/**
 * The chatdev harness of the cove family (cove.ts): a ChatDev-like role-play software company. The
 * assistant speaks as the Programmer (`Programmer: …`), writing each file as ChatDev does — its name on
 * a line, then a fenced block with the language — and asking for commands as `<INFO> RUN: …` lines,
 * several a message; it closes a phase with `<INFO> Finished`. The Software Test Engineer answers with
 * one user message, `Software Test Engineer: Test Reports of Source Codes:`, and a `[n]` section per
 * item (the file saved, or the command, its output and exit code). The customer (the user) writes to
 * the company in Wolof.
 * An x86-64 NASM library of string routines (UTF-8 length, base64, CRC-32) for a mobile-money
 * reconciliation tool, with a C test runner and a Makefile: NASM's `file:line: error:` diagnostics,
 * GNU ld's `undefined reference` errors with `collect2`, `make: *** […] Error 139` after a segfault,
 * gdb batch backtraces and register dumps, valgrind's `Invalid read` reports, objdump listings and
 * hyperfine timings.
 * Reconstructed rather than copied: the company prompt and the role prefixes (from memory of ChatDev's
 * RoleConfig), the `<INFO> RUN:` convention and the test engineer's sections (this harness's own),
 * NASM 2.16, binutils, gdb 13, valgrind 3.2x and hyperfine output from memory.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  dur,
  fail,
  hex,
  lines,
  many,
  nth,
  ok,
  one,
  pieces,
  say,
  some,
  type CoveCall,
  type CoveHarness,
  type CoveStep,
  type Planter,
} from './cove-kit';

const ROOT = '/home/awa/liggeey/kaddu';
const SRC = ['src/utf8.asm', 'src/b64.asm', 'src/crc32.asm', 'src/macros.inc', 'tests/test_main.c'];
const ASM = [
  'default rel\nsection .text\nglobal utf8_len',
  '; size_t utf8_len(const char *s)\nutf8_len:\n    xor     eax, eax\n.next:\n    movzx   ecx, byte [rdi]\n    test    ecx, ecx\n    jz      .done',
  '    and     ecx, 0xC0\n    cmp     ecx, 0x80\n    setne   cl\n    add     rax, rcx\n    inc     rdi\n    jmp     .next\n.done:\n    ret',
  'section .rodata\nalphabet: db "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"',
  '; void b64_encode(const uint8_t *src, size_t n, char *dst)\nb64_encode:\n    push    rbx\n    push    r12\n    lea     r8, [alphabet]',
  '    movdqu  xmm0, [rsi]\n    pshufb  xmm0, [shuffle_mask]\n    movdqu  [rdx], xmm0',
];
const TESTS = [
  'utf8_len_ascii',
  'utf8_len_wolof',
  'b64_empty',
  'b64_pad_one',
  'b64_pad_two',
  'crc32_check',
  'crc32_empty',
];

function run(command: string, output: string, code = 0): CoveCall {
  return code === 0 ? ok('run', { command }, output, 0) : fail('run', { command }, output, code);
}

function save(path: string, code: string): CoveCall {
  return ok('save', { path, code }, `saved, ${code.split('\n').length} lines`);
}

function make(rng: Rng): string {
  return `${some(rng, SRC.slice(0, 3), rng.int(1, 3))
    .map((f) => `nasm -f elf64 -g -F dwarf -w+all ${f} -o build/${f.slice(4, -4)}.o`)
    .join(
      '\n',
    )}\ngcc -O2 -g -no-pie -Wall tests/test_main.c build/utf8.o build/b64.o build/crc32.o -o build/test_kaddu`;
}

function tests(rng: Rng, failing?: string, why = ''): string {
  const names = some(rng, TESTS, rng.int(4, 7));
  if (failing) names.push(failing);
  const out = names.map((n) => (n === failing ? `FAIL ${n}: ${why}` : `PASS ${n}`));
  return `./build/test_kaddu\n${out.join('\n')}\n${names.length} tests, ${failing ? 1 : 0} failures`;
}

function chatdevNoise(rng: Rng): CoveStep {
  const r = rng.int(0, 7);
  if (r === 0) return one(undefined, run('make', make(rng)));
  if (r === 1) return one('Running the test runner.', run('make test', `${make(rng)}\n${tests(rng)}`));
  if (r === 2) return one(undefined, run(`cat -n ${rng.pick(SRC.slice(0, 3))}`, pieces(rng, ASM, rng.int(14, 34))));
  if (r === 3)
    return many('Tightening the loop in utf8_len, then building and testing together.', [
      save('src/utf8.asm', pieces(rng, ASM, rng.int(12, 24))),
      run('make test', `${make(rng)}\n${tests(rng)}`),
    ]);
  if (r === 4) {
    const pid = rng.int(3000, 40000);
    return one(
      'Checking the base64 path under valgrind.',
      run(
        'valgrind --error-exitcode=1 ./build/test_kaddu',
        `==${pid}== Memcheck, a memory error detector\n==${pid}== Command: ./build/test_kaddu\n==${pid}==\n==${pid}== Invalid read of size 16\n==${pid}==    at 0x401${hex(rng, 3)}: b64_encode (b64.asm:${rng.int(30, 80)})\n==${pid}==    by 0x401${hex(rng, 3)}: test_b64_pad_one (test_main.c:${rng.int(40, 90)})\n==${pid}==  Address 0x4a8${hex(rng, 4)} is 1 bytes inside a block of size 2 alloc'd\n==${pid}==\n==${pid}== ERROR SUMMARY: ${rng.int(1, 4)} errors from 1 contexts (suppressed: 0 from 0)`,
        1,
      ),
    );
  }
  if (r === 5)
    return one(
      undefined,
      run(
        "hyperfine --warmup 3 './build/bench b64 corpus/ledger.csv'",
        `Benchmark 1: ./build/bench b64 corpus/ledger.csv\n  Time (mean ± σ):      ${dur(rng, 8, 20, 1)} ms ±   ${dur(rng, 0.2, 1.5, 1)} ms    [User: ${dur(rng, 7, 19, 1)} ms, System: ${dur(rng, 0.2, 1, 1)} ms]\n  Range (min … max):    ${dur(rng, 7, 9, 1)} ms … ${dur(rng, 20, 26, 1)} ms    ${rng.int(120, 300)} runs`,
      ),
    );
  if (r === 6) {
    const l = rng.int(20, 90);
    return one(
      undefined,
      run(
        'make',
        `nasm -f elf64 -g -F dwarf -w+all src/b64.asm -o build/b64.o\nsrc/b64.asm:${l}: error: invalid combination of opcode and operands\nsrc/b64.asm:${l + rng.int(2, 9)}: warning: label alone on a line without a colon might be in error [-w+label-orphan]\nmake: *** [Makefile:14: build/b64.o] Error 1`,
        2,
      ),
    );
  }
  return one(
    undefined,
    run(
      'git status --short && git log --oneline -3',
      `${some(rng, SRC, rng.int(1, 3))
        .map((x) => ` M ${x}`)
        .join(
          '\n',
        )}\n${hex(rng, 7)} b64: SSSE3 shuffle for 12-byte blocks\n${hex(rng, 7)} utf8: count lead bytes\n${hex(rng, 7)} tests: wolof samples`,
    ),
  );
}

function chatdevBig(rng: Rng): CoveStep {
  const n = rng.int(560, 640);
  let addr = 0x401000;
  return one(
    'The whole disassembly of the library, to see what the assembler actually emitted.',
    run(
      'objdump -d -M intel build/b64.o build/utf8.o build/crc32.o',
      `build/b64.o:     file format elf64-x86-64\n\n\nDisassembly of section .text:\n\n0000000000000000 <b64_encode>:\n${lines(
        n,
        () => {
          addr += rng.int(2, 7);
          return `  ${(addr - 0x401000).toString(16).padStart(4)}:\t${hex(rng, 2)} ${hex(rng, 2)} ${hex(rng, 2)}          \t${rng.pick(['mov    eax,DWORD PTR [rsi]', 'movzx  ecx,BYTE PTR [rdi]', 'add    rdi,0x3', 'shr    eax,0x12', 'and    eax,0x3f', 'movdqu xmm0,XMMWORD PTR [rsi]', 'pshufb xmm0,XMMWORD PTR [rip+0x0]', 'jne    2a <b64_encode+0x2a>', 'push   rbx', 'ret'])}`;
        },
      )}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `yokk ab fonction ${t} buy lim araf yi ci UTF-8`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Asalaa maalekum! Sama projet bi mu ngi ci ${ROOT} — ab bibliothèque x86-64 ci NASM ngir sunu jumtukaay mobile money. Dama bëgg nga ${needle}. Su la neexee, leeralal ma lépp lu nga def.`,
            },
            {
              step: many('Programmer: I will first look at the tree and build what is there.', [
                run('ls src tests', `b64.asm\ncrc32.asm\nmacros.inc\nutf8.asm\ntest_main.c`),
                run('make test', `${make(rng)}\n${tests(rng)}`),
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
        const needle = `${t}: defal ab test ngir base64 ak ay baat ci wolof`;
        return { how: 'user-followup', needle, beats: [{ user: `Liggéey bi ci topp: ${needle}.` }] };
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
            (x) => `${x}: bul jëfandikoo libc ci biir bibliothèque bi`,
            (x) => `ci ${x}, rbx ak r12 war nañu des ni ñu meloon`,
            (x) => `${x}: bul soppi dara ci build/ ak sa loxo`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Benn sàrt: ${needle}.`, `Bul fàtte — ${needle}.`, `Am solo na: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: every routine follows the System V AMD64 ABI and keeps the stack 16-byte aligned at calls`,
          `${T}: no AVX; the tills run on Atom CPUs with SSSE3 at most`,
          `${T}: each routine gets a PASS/FAIL case in tests/test_main.c before it is exported`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'Programmer: the repository has a HACKING file; reading it before writing code.',
                run(
                  'cat HACKING.md',
                  `# kaddu\n\n- NASM 2.16, gcc for the tests only\n- ${needle}\n- make test must pass`,
                ),
              ),
            },
            { step: one(`Programmer: ${T} noted. Tests first.`, run('make test', `${make(rng)}\n${tests(rng)}`)) },
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
            (x) => `${x} goes through a 256-byte lookup table instead of branching on each byte`,
            (x) => `I am going to let ${x} take the length in rsi rather than scanning for a NUL`,
            (x) => `better that ${x} uses the slice-by-8 tables for CRC-32; the bitwise loop is too slow on the tills`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `Programmer: after reading the profile, ${needle}.`,
                save('docs/DESIGN.md', `# Design\n\n- ${needle}\n`),
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
        const needle = `${t} dina jëfandikoo SSE2 rekk, du AVX2`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Nu dogal na: ${needle}.`, `Nanu ko def noonu: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/${t}.asm`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('Programmer: a file of its own for the routine, then a build.', [
                save(
                  needle,
                  `default rel\nsection .text\nglobal ${t}\n\n; size_t ${t}(const char *s, size_t n)\n${t}:\n    xor     eax, eax\n    test    rsi, rsi\n    jz      .done\n.done:\n    ret`,
                ),
                run('make', make(rng)),
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
        const needle = `tests/test_${t}.c`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'Programmer: a separate test file so the runner stays short.',
                save(
                  needle,
                  `#include "kaddu.h"\n#include "check.h"\n\nvoid test_${t}(void) {\n    CHECK_EQ(utf8_len("Jërëjëf"), ${rng.int(6, 8)});\n}\n`,
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
        const l = rng.int(20, 90);
        const needle = `error: symbol \`${t}_loop' not defined`;
        return {
          how: 'tool-assembler',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  'make',
                  `nasm -f elf64 -g -F dwarf -w+all src/crc32.asm -o build/crc32.o\nsrc/crc32.asm:${l}: ${needle}\nsrc/crc32.asm:${l + 6}: ${needle}\nmake: *** [Makefile:14: build/crc32.o] Error 1`,
                  2,
                ),
              ),
            },
            {
              step: one(
                `Programmer: ${t}_loop was renamed to .next; reading the file.`,
                run('cat -n src/crc32.asm', pieces(rng, ASM, 20)),
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
        const needle = `undefined reference to \`${t}_init'`;
        return {
          how: 'tool-linker',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  'make test',
                  `${make(rng)}\n/usr/bin/ld: /tmp/cc${hex(rng, 6)}.o: in function \`main':\n/home/awa/liggeey/kaddu/tests/test_main.c:${rng.int(100, 160)}: ${needle}\ncollect2: error: ld returned 1 exit status\nmake: *** [Makefile:22: build/test_kaddu] Error 1`,
                  2,
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
        const needle = `FAIL ${t}_roundtrip`;
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  'make test',
                  `${make(rng)}\n${tests(rng, `${t}_roundtrip`, `expected "TWFuZw==" got "TWFuZw" (tests/test_main.c:${rng.int(60, 140)})`)}\nmake: *** [Makefile:31: test] Error 1`,
                  2,
                ),
              ),
            },
            {
              step: one(
                undefined,
                run(
                  "gdb -batch -ex 'break b64_encode' -ex run -ex 'info registers rdi rsi rdx' ./build/test_kaddu",
                  `Breakpoint 1 at 0x401${hex(rng, 3)}: file src/b64.asm, line ${rng.int(30, 60)}.\n\nBreakpoint 1, b64_encode () at src/b64.asm:${rng.int(30, 60)}\n${rng.int(30, 60)}\t    push    rbx\nrdi            0x4a8${hex(rng, 4)}          ${rng.int(77000000, 78000000)}\nrsi            0x4                 4\nrdx            0x7fffffffe${hex(rng, 3)}     140737488347${rng.int(100, 999)}`,
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
        const needle = `crc32(ledger.csv) = 0x${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  './build/bench crc32 corpus/ledger.csv',
                  `${needle}\n${rng.int(2, 9)}.${rng.int(10, 99)} MB in ${dur(rng, 2, 9, 2)} ms`,
                ),
              ),
            },
            {
              step: one(
                `Programmer: ${needle} matches zlib; noting it as the reference.`,
                save('tests/REFERENCE', `${needle}\n`),
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
        const needle = `${t}${hex(rng, 24)}`;
        return {
          how: 'tool-hash',
          needle,
          beats: [
            {
              step: one(
                'Programmer: hashing the static library for the release.',
                run('sha256sum build/libkaddu.a', `${needle}${hex(rng, 32)}  build/libkaddu.a`),
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
        const needle = `WOL-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Nimero série bu jumtukaay bi mooy ${needle}; bindal ko ci src/macros.inc.` }],
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
            (x) => `Next up: benchmark ${x} against the C version on the real ledger`,
            (x) => `${x} still has no test for 4-byte sequences`,
            (x) => `li ci topp: natt ${x} ci masin yu dëgg yi`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Programmer: ${needle}.`,
                run(`git commit -qam "kaddu: ${t}" && git log --oneline -1`, `${hex(rng, 7)} kaddu: ${t}`),
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
        const needle = `ci mujj gi, bindal ab tënk bu gàtt ci ${t} ci wolof`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Jërëjëf. Beneen lu des: ${needle}.` },
            { step: one(undefined, run('make test', `${make(rng)}\n${tests(rng)}`)) },
          ],
        };
      },
    },
  ],
};

function item(c: CoveCall): string {
  if (c.tool === 'run') return `<INFO> RUN: ${String(c.args['command'])}`;
  const path = String(c.args['path']);
  const lang = path.endsWith('.c') ? 'c' : path.endsWith('.md') || !path.includes('.') ? 'text' : 'nasm';
  return `${path}\n\`\`\`${lang}\n${String(c.args['code'])}\n\`\`\``;
}

function report(c: CoveCall, i: number): string {
  if (c.tool === 'run') return `[${i + 1}] $ ${String(c.args['command'])}\n${c.output}\n(exit code ${c.exitCode ?? 0})`;
  return `[${i + 1}] ${String(c.args['path'])}: ${c.output}`;
}

/** The chatdev harness. */
export const COVE_CHATDEV: CoveHarness = {
  style: 'chatdev',
  protocol: 'text',
  system: `ChatDev is a software company powered by multiple intelligent agents, such as chief executive officer, chief human resources officer, chief product officer, chief technology officer, etc, with a multi-agent organizational structure and the mission of "changing the digital world through programming".\nYou are Programmer. We are both working at ChatDev. We share a common interest in collaborating to successfully complete a task assigned by a new customer.\nYou can write/create computer software or applications by providing a specific programming language to the computer. You have extensive computing and coding experience in many varieties of programming languages and platforms, such as Python, Java, C, C++, HTML, CSS, JavaScript, XML, SQL, PHP, etc,.\nChief Technology Officer: <INFO> x86-64 assembly (NASM), tests in C\nThe project lives in ${ROOT}. Write every file in full: its path on a line, then a fenced block with the language. To have the Software Test Engineer run a command, write a line "<INFO> RUN: <command>". Write "<INFO> Finished" when the phase is complete. The customer writes Wolof; answer the customer in Wolof or English.`,
  tools: ['save', 'run'],
  renderStep: (s, _ids, n) =>
    `${s.say?.startsWith('Programmer:') ? s.say : `Programmer: ${s.say ?? nth(['Next, this.', 'Checking again.', 'Let me see where it stands.', 'Continuing with the build.'], n)}`}\n\n${s.calls.map(item).join('\n\n')}`,
  renderResults: (s) => `Software Test Engineer: Test Reports of Source Codes:\n\n${s.calls.map(report).join('\n\n')}`,
  renderAnswer: (text) => `Programmer: ${text}\n\n<INFO> Finished`,
  resultStart: /^Software Test Engineer: Test Reports of Source Codes:/,
  callMark: /^<INFO> RUN: |^[\w./-]+\.(?:asm|inc|c|h|md)\n```|^tests\/REFERENCE\n```/gm,
  resultMark: /^\[\d+\] /gm,
  noise: chatdevNoise,
  big: chatdevBig,
  followUp: (rng) =>
    rng.pick([
      'Ndax tests yi jàll nañu?',
      'Ndax mu compile na?',
      'Doxalaatal tests yi.',
      'Lan nga soppi?',
      'Baax na, lan moo des?',
      'Ndax am na njuumte yu des?',
    ]),
  keepGoing: (rng) => rng.pick(['Wéyal.', 'Wéyal, bul taxaw.', 'Wéyal ba tests yépp jàll.']),
  answer: (rng) =>
    rng.pick([
      `Jeex na: tests yépp jàll nañu (${rng.int(5, 9)} tests).`,
      'Done: make test is green and valgrind reports no errors.',
      'Defar naa ko. Am na benn warning bu yàgg ci crc32.asm bu amul lu mu jëm ci coppite bii.',
      'Tënk: fonction bi dafay dox te tests yi jàll nañu ni njëkk.',
    ]),
  probe: (rng) => rng.pick(['Wéyal.', 'Wéyalal fa nga taxawoon.', 'Léegi lan?']),
  planters: PLANTERS,
};
