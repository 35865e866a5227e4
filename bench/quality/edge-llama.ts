/**
 * The llama harness of the edge family (edge.ts): a local Llama 3.x model run with
 * `Environment: ipython` and JSON custom tools — each call is one `<|python_tag|>{"name", "parameters"}`
 * line closed by `<|eom_id|>`, and the harness sends the output back in a user message holding an
 * `ipython` header per call. A Nim library built with nimble (the Nim compiler, unittest suites,
 * nimpretty), for a Japanese-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  fail,
  hit,
  lines,
  ok,
  one,
  phrase,
  secs,
  semver,
  type EdgeCall,
  type EdgeHarness,
  type EdgeStep,
  type Planter,
} from './edge-kit';

const ROOT = '/home/haruka/src/tsuki';
const MODS = ['wal', 'memtable', 'sstable', 'compact', 'codec', 'bloom'];
const TESTS = ['test_wal', 'test_memtable', 'test_sstable', 'test_codec'];

const src = (m: string) => `src/tsuki/${m}.nim`;

function run(command: string, output: string, exitCode = 0): EdgeCall {
  return exitCode === 0 ? ok('run', { command }, output, 0) : fail('run', { command }, output, exitCode);
}

function hints(rng: Rng): string {
  return [
    `Hint: used config file '/home/haruka/.choosenim/toolchains/nim-2.0.8/config/nim.cfg' [Conf]`,
    `Hint: used config file '${ROOT}/config.nims' [Conf]`,
    ...(rng.chance(0.5)
      ? [
          `${ROOT}/${src(rng.pick(MODS))}(${rng.int(5, 200)}, ${rng.int(3, 30)}) Hint: 'tmp' is declared but not used [XDeclaredButNotUsed]`,
        ]
      : []),
    `Hint: mm: orc; threads: on; opt: none (DEBUG BUILD, \`-d:release\` generates faster code)`,
  ].join('\n');
}

function built(rng: Rng): string {
  return `  Verifying dependencies for tsuki@0.4.${rng.int(0, 9)}\n      Info:  Dependency on checksums@>= 0.1.0 already satisfied\n  Verifying dependencies for checksums@0.2.1\n   Building tsuki/tsuki using c backend\n${hints(rng)}\n${rng.int(40000, 60000)} lines; ${secs(rng, 0.8, 4, 3)}s; ${secs(rng, 50, 90, 3)}MiB peakmem; proj: ${ROOT}/src/tsuki.nim; out: ${ROOT}/tsuki [SuccessX]\n   Success:  tsuki built successfully`;
}

function suite(rng: Rng, name: string, n: number, failed = ''): string {
  const oks = lines(n, (i) =>
    rng.pick([
      `  [OK] append and replay ${i}`,
      `  [OK] round trip varint ${i}`,
      `  [OK] flush at threshold ${i}`,
      `  [OK] bloom false positive rate ${i}`,
      `  [SKIPPED] mmap on tmpfs ${i}`,
    ]),
  );
  return `[Suite] ${name}\n${oks}${failed ? `\n${failed}` : ''}`;
}

function tested(rng: Rng, failed = ''): string {
  const parts = rng
    .sample(TESTS, 3)
    .map((t, i) => suite(rng, t.slice(5), rng.int(3, 9), i === 0 ? failed : ''))
    .join('\n');
  return `  Executing task test in ${ROOT}/tsuki.nimble\n${parts}\n${failed ? `Error: execution of an external program failed: '${ROOT}/tests/${TESTS[0]}'\n       Tip: 1 messages have been suppressed, use --verbose to show them.\n     Error:  Tests failed` : '   Success:  All tests passed'}`;
}

function nimSource(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `proc append*(w: var Wal, rec: openArray[byte]): int {.raises: [IOError].} =`,
      `  let crc = crc32(rec)`,
      `  w.file.writeData(unsafeAddr rec[0], rec.len)`,
      `type\n  Entry${i}* = object\n    key*: string\n    seq*: uint64`,
      `## ${rng.pick(['Write-ahead log, one record per line of the spec.', 'Keys are compared bytewise.', 'See docs/format.md.'])}`,
      `iterator pairs*(t: MemTable): (string, string) =`,
      `  for k, v in t.tree: yield (k, v)`,
      '',
      `import std/[streams, strutils, tables]`,
      `when defined(tsukiDebug): echo "flush ", t.len`,
    ]),
  );
}

function llamaNoise(rng: Rng): EdgeStep {
  const r = rng.int(0, 7);
  const mod = rng.pick(MODS);
  if (r === 0) return one(undefined, run('nimble build', built(rng)));
  if (r === 1)
    return one(
      rng.pick(['まずファイルを確認します。', undefined]),
      ok('read_file', { path: src(mod) }, nimSource(rng, rng.int(12, 45))),
    );
  if (r === 2) return one(undefined, run('nimble test', tested(rng)));
  if (r === 3)
    return one(
      undefined,
      ok(
        'search',
        { pattern: rng.pick(['raises:', 'uint32', 'crc32', 'flush']), dir: 'src' },
        lines(rng.int(3, 12), () => `${src(rng.pick(MODS))}:${rng.int(3, 300)}:${hit(nimSource(rng, 3))}`),
      ),
    );
  if (r === 4)
    return one(
      undefined,
      run(
        'nim check src/tsuki.nim',
        `${hints(rng)}\n${ROOT}/${src(mod)}(${rng.int(5, 300)}, ${rng.int(2, 30)}) Warning: imported and not used: 'strutils' [UnusedImport]\n${ROOT}/${src(rng.pick(MODS))}(${rng.int(5, 300)}, ${rng.int(2, 30)}) Hint: conversion to base object is not needed [ConvFromXtoItselfNotNeeded]`,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      run(
        'git status --short',
        lines(rng.int(1, 4), () => ` M ${src(rng.pick(MODS))}`),
      ),
    );
  if (r === 6)
    return one(
      undefined,
      run(
        'nimble install -d',
        `  Verifying dependencies for tsuki@0.4.${rng.int(0, 9)}\n      Info:  Dependency on checksums@>= 0.1.0 already satisfied\n      Info:  Dependency on zippy@>= 0.10.0 already satisfied\n  Verifying dependencies for zippy@${semver(rng, 0)}`,
      ),
    );
  const test = rng.pick(TESTS);
  return one(
    undefined,
    run(
      `nim c -r tests/${test}.nim`,
      `${hints(rng)}\n${suite(rng, test.slice(5), rng.int(3, 6), `  [FAILED] fsync on close\n    ${ROOT}/tests/${test}.nim(${rng.int(20, 90)}, 16): Check failed: fileExists(path)`)}`,
      1,
    ),
  );
}

function llamaBig(rng: Rng): EdgeStep {
  if (rng.chance(0.5))
    return one(
      '全ファイルを release ビルドで確認します。',
      run(
        'nimble build -d:release --verbose',
        `${lines(rng.int(260, 420), (i) => `CC: ${rng.pick(['stdlib_system', 'stdlib_streams', 'stdlib_tables', `@psrc@stsuki@s${rng.pick(MODS)}`])}.nim: ${ROOT}/.nimcache/@m${i}.nim.c`)}\n${built(rng)}`,
      ),
    );
  return one(undefined, ok('read_file', { path: src('sstable') }, nimSource(rng, rng.int(320, 420))));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `WAL のレコードに ${t} チェックサムを追加してください`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `こんにちは。tsuki は Nim 2.0 で書いたキーバリューストアです（nimble、~/src/tsuki）。今日の作業: ${needle}。古い形式のログも読めるようにしておきたいです。`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `compact.nim に ${t} レベルの統計を出す proc を作る`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `次のお願いです。${needle}。運用チームがダッシュボードで見たいそうです。` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `sstable の ${t} インデックスを二分探索に置き換える`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `追加でお願いがあります。${needle}。読み込みが遅いと報告がありました。` }],
        };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = phrase(
          rng,
          [
            (x) => `${x} モジュールでは std/asyncdispatch を使わないこと`,
            (x) => `${x} モジュールに async を持ち込むのは禁止です`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: `念のため：${needle}。組み込み向けビルドで動かなくなります。` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `* ${t}.nim: no heap allocation in the hot path (run with -d:useMalloc in CI)`;
        return {
          how: 'tool-contributing',
          needle,
          beats: [
            {
              step: one(
                '変更の前に CONTRIBUTING を読みます。',
                ok(
                  'read_file',
                  { path: 'CONTRIBUTING.rst' },
                  `Contributing\n============\n\nFormat with \`\`nimpretty --maxLineLen:100\`\`. Every public proc needs a \`\`##\`\` doc comment.\n\nModule rules\n------------\n\n* wal.nim: records are little-endian, never change the header layout\n${needle}\n* bloom.nim: keep the false positive rate under 1%\n${rng.chance(0.5) ? '\nRun ``nimble test`` before every push.\n' : ''}`,
                ),
              ),
            },
            {
              step: one(
                `${t}.nim では seq を新しく確保しないように、既存のバッファを使い回します。`,
                run(`grep -n "newSeq" src/tsuki/${t}.nim`, '', 1),
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
        const needle = phrase(
          rng,
          [
            (x) => `${x} は distinct uint32 にします`,
            (x) => `${x} の型は素の int ではなく distinct uint32 で行きます`,
            (x) => `結論として ${x} を distinct uint32 として定義します`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `二案を比べました。${needle}。オフセットと長さを取り違えるとコンパイルエラーになります。`,
                ok(
                  'replace',
                  { path: src('wal'), old: 'type Offset = int', new: `type ${cap(t)}* = distinct uint32` },
                  `Replaced 1 occurrence in ${src('wal')}`,
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
        const needle = `${t} は zippy で圧縮する方針で`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            { user: rng.pick([`チームで話しました。${needle}お願いします。`, `それでいきましょう、${needle}。`]) },
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
        const needle = `src/tsuki/${t}.nim`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'チェックサムの処理を別モジュールに分けます。',
                ok(
                  'write_file',
                  { path: needle, content: `## Record checksums.\n\nimport std/hashes\n\n${nimSource(rng, 6)}\n` },
                  `Wrote ${rng.int(300, 900)} bytes to ${needle}`,
                ),
              ),
            },
            { step: one(undefined, run(`nim check ${needle}`, hints(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tests/test_${t}.nim`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'write_file',
                  {
                    path: needle,
                    content: `import unittest\nimport tsuki/wal\n\nsuite "${t}":\n  test "legacy records replay":\n    check replay(openLegacy("tests/data/v1.wal")).len == 3\n`,
                  },
                  `Wrote 142 bytes to ${needle}`,
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
        const needle = `${ROOT}/src/tsuki/wal.nim(${rng.int(40, 260)}, ${rng.int(5, 30)}) Error: type mismatch: got <int> but expected '${cap(t)}'`;
        const out = buried(
          rng,
          rng.chance(0.4) ? 80 : 4,
          (i) =>
            `${ROOT}/${src(rng.pick(MODS))}(${10 + i}, ${rng.int(3, 20)}) Hint: 'x${i}' is declared but not used [XDeclaredButNotUsed]`,
          needle,
          `       Tip: 3 messages have been suppressed, use --verbose to show them.\nnimble.nim(229)          buildFromDir\n\n    Error:  Build failed for the package: tsuki`,
        );
        return {
          how: 'tool-nim',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  'nimble build',
                  `  Verifying dependencies for tsuki@0.4.3\n   Building tsuki/tsuki using c backend\n${hints(rng)}\n${out}`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t} への変換が抜けていました。呼び出し側を確認します。`,
                ok(
                  'search',
                  { pattern: `${cap(t)}(`, dir: 'src' },
                  `${src('wal')}:${rng.int(40, 260)}:  w.pos = ${cap(t)}(w.pos.int + rec.len)`,
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
        const needle = `[FAILED] ${t} survives a torn write`;
        const failed = `  ${needle}\n    ${ROOT}/tests/test_wal.nim(${rng.int(20, 120)}, 18): Check failed: replay(log).len == ${rng.int(3, 9)}\n    replay(log).len was ${rng.int(0, 2)}`;
        return {
          how: 'tool-unittest',
          needle,
          beats: [
            { step: one(undefined, run('nimble test', tested(rng, failed), 1)) },
            {
              step: one(
                `テスト「${t}」が失敗。末尾の壊れたレコードで replay が止まっています。`,
                ok('read_file', { path: 'tests/test_wal.nim' }, nimSource(rng, 14)),
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
      plant: ({ mint }) => {
        const t = mint('hex');
        const needle = `checksum: "${t}"`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'lock ファイルで依存の版を確認します。',
                ok(
                  'read_file',
                  { path: 'nimble.lock' },
                  `{\n  "version": 2,\n  "packages": {\n    "zippy": {\n      "version": "0.10.16",\n      "vcsRevision": "a99f6a7d8a8e3e0213b3cad0daf0ea974bf58e3f",\n      "url": "https://github.com/guzba/zippy",\n      "downloadMethod": "git",\n      "dependencies": [],\n      "checksums": {\n        "sha1": "da3bb5ea3e8a6e0f8b1a9c2e4b0b5f1c7d2e9a44",\n        ${needle}\n      }\n    }\n  }\n}`,
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
        const t = mint('num');
        const needle = `issue #${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `コミットメッセージには ${needle} を必ず入れてください。CHANGELOG もそれで紐付けます。` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = phrase(
          rng,
          [
            (x) => `残り: ${x} の ## ドキュメントコメントを書く`,
            (x) => `次にやること: ${x} の ## ドキュメントコメントを書く`,
            (x) => `TODO: ${x} の ## ドキュメントコメントを書く`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `ビルドとテストは通りました。\n${needle}\nその後 nimpretty をかけます。`,
                run(
                  `grep -n "proc ${t}" -r src/`,
                  `${src('compact')}:${rng.int(20, 200)}:proc ${t}*(db: Tsuki): CompactStats =`,
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
        const t = mint('word');
        const needle = `tsuki.nimble の version を ${t} タグに合わせる`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `いい感じです。最後に${needle}のを忘れないでください。` },
            {
              step: one(`了解、${t} の件はまだです。`, run('grep -n version tsuki.nimble', 'version       = "0.4.3"')),
            },
          ],
        };
      },
    },
  ],
};

/** The llama harness. */
export const EDGE_LLAMA: EdgeHarness = {
  style: 'llama',
  protocol: 'text',
  system:
    'Environment: ipython\nCutting Knowledge Date: December 2023\nToday Date: 14 Mar 2025\n\nYou are a coding assistant working in the Nim repository at /home/haruka/src/tsuki (Nim 2.0.8, nimble). Given the following functions, please respond with a JSON for a function call with its proper arguments that best answers the given prompt. Respond in the format {"name": function name, "parameters": dictionary of argument name and its value}. Do not use variables. Call one function at a time, prefixed by <|python_tag|>.\n\n{"type": "function", "function": {"name": "run", "description": "Run a shell command in the repository", "parameters": {"type": "object", "properties": {"command": {"type": "string"}}, "required": ["command"]}}}\n{"type": "function", "function": {"name": "read_file", "parameters": {"type": "object", "properties": {"path": {"type": "string"}}}}}\n{"type": "function", "function": {"name": "write_file", "parameters": {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}}}}\n{"type": "function", "function": {"name": "replace", "parameters": {"type": "object", "properties": {"path": {"type": "string"}, "old": {"type": "string"}, "new": {"type": "string"}}}}}\n{"type": "function", "function": {"name": "search", "parameters": {"type": "object", "properties": {"pattern": {"type": "string"}, "dir": {"type": "string"}}}}}\n\nThe user writes in Japanese; answer in Japanese.',
  tools: ['run', 'read_file', 'write_file', 'replace', 'search'],
  renderStep: (s) =>
    [
      ...(s.say ? [s.say] : []),
      ...s.calls.map((c) => `<|python_tag|>${JSON.stringify({ name: c.tool, parameters: c.args })}<|eom_id|>`),
    ].join('\n'),
  renderResults: (s) =>
    s.calls.map((c) => `<|start_header_id|>ipython<|end_header_id|>\n\n${c.output}<|eot_id|>`).join('\n'),
  resultStart: /^<\|start_header_id\|>ipython<\|end_header_id\|>\n/,
  callMark: /^<\|python_tag\|>/gm,
  resultMark: /^<\|start_header_id\|>ipython<\|end_header_id\|>$/gm,
  noise: llamaNoise,
  big: llamaBig,
  followUp: (rng) =>
    rng.pick([
      'ビルドは通りましたか？',
      'テストの状況を教えてください。',
      'もう一度 nimble test を走らせてもらえますか。',
      '今の変更を簡単に説明してください。',
      'OK、次は何をしますか？',
    ]),
  keepGoing: (rng) => rng.pick(['続けてください。', 'そのまま進めてください', 'テストが通るまで続けてください。']),
  answer: (rng) =>
    rng.pick([
      'この段階は完了です。nimble build も nimble test も通っています。',
      '修正しました。残っているのは未使用変数のヒントだけです。',
      'まとめ：変更したモジュールはすべてビルドが通り、テストも緑です。',
      '終わりました。警告は増えていません。',
    ]),
  probe: (rng) => rng.pick(['続きをお願いします。', '続けてください。', '次は？']),
  planters: PLANTERS,
};
