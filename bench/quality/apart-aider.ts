/**
 * The aider harness of the apart family (apart.ts): Aider's chat protocol — the model edits through
 * SEARCH/REPLACE blocks, proposes shell commands in ```bash blocks and asks for files to be added;
 * the harness answers in a user message (`Applied edit to …`, `I ran this command: … And got this
 * output:`, the added file's text). A Zig 0.13 MQTT broker, for a Hebrew-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  fail,
  hex,
  lines,
  ok,
  one,
  pad,
  type ApartHarness,
  type Planter,
  type WideCall,
  type WideStep,
} from './apart-kit';

const FILES = 'src/broker.zig src/packet.zig src/topic_tree.zig src/session.zig src/main.zig build.zig'.split(' ');
const TESTS = 'decode connect,encode suback,wildcard match,retain flag,qos1 resend,keepalive,utf8 topic'.split(',');
const LOG = 'fix: keepalive timer,aider: refactor decode,test: add suback case,chore: bump zig to 0.13.0'.split(',');
const ZIG = '/home/noa/.local/zig-linux-x86_64-0.13.0/zig';

function summaryOk(rng: Rng): string {
  const n = rng.int(38, 64);
  return `Build Summary: 3/3 steps succeeded; ${n}/${n} tests passed\ntest success\n└─ run test ${n} passed ${rng.int(40, 900)}ms MaxRSS:${rng.int(2, 9)}M\n   └─ zig test Debug native success ${rng.int(1, 9)}s MaxRSS:${rng.int(150, 260)}M`;
}

function zigSource(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `    const ${rng.pick(['len', 'buf', 'hdr', 'qos', 'id'])}${i} = try reader.readInt(u${rng.pick(['8', '16', '32'])}, .big);`,
      `    if (flags & 0x0${rng.int(1, 8)} != 0) return error.MalformedPacket;`,
      `    try list.append(allocator, item);`,
      `    defer allocator.free(${rng.pick(['topic', 'payload', 'name'])});`,
      `pub fn ${rng.pick(['decode', 'encode', 'subscribe', 'publish', 'expire'])}${i}(self: *Self, allocator: std.mem.Allocator) !void {`,
      '}',
      `    // ${rng.pick(['MQTT 3.1.1 §2.2', 'fixed header', 'variable length encoding', 'see spec 4.7.1'])}`,
      '',
    ]),
  );
}

function verboseTests(rng: Rng, n: number): string {
  return lines(n, (i) => `${i + 1}/${n} ${rng.pick(FILES).slice(4, -4)}.test.${rng.pick(TESTS)} ${i}...OK`);
}

function render(s: WideStep): string {
  const parts = s.say ? [s.say] : [];
  for (const c of s.calls) {
    const a = c.args as Record<string, string>;
    if (c.tool === 'edit')
      parts.push(
        `${a['path']}\n\`\`\`zig\n<<<<<<< SEARCH\n${a['search']}\n=======\n${a['replace']}\n>>>>>>> REPLACE\n\`\`\``,
      );
    else if (c.tool === 'run') parts.push(`\`\`\`bash\n${a['cmd']}\n\`\`\``);
    else parts.push(`Please add ${a['path']} to the chat.`);
  }
  return parts.join('\n\n');
}

function result(c: WideCall): string {
  const a = c.args as Record<string, string>;
  if (c.tool === 'run') return `I ran this command:\n\n${a['cmd']}\n\nAnd got this output:\n\n${c.output}`;
  if (c.tool === 'add')
    return `I added these files to the chat: ${a['path']}\n\n${a['path']}\n\`\`\`\n${c.output}\n\`\`\``;
  if (c.status === 'error') return c.output;
  return `Applied edit to ${a['path']}\n${c.output}`;
}

function edit(path: string, search: string, replace: string, commit: string): WideCall {
  return ok('edit', { path, search, replace }, `Commit ${commit}`);
}

function commitLine(rng: Rng, msg: string): string {
  return `${hex(rng, 7)} ${msg}`;
}

function aiderNoise(rng: Rng): WideStep {
  const r = rng.int(0, 6);
  const file = rng.pick(FILES);
  if (r === 0)
    return one(
      rng.pick(['אני מריץ את הבדיקות.', undefined]),
      ok('run', { cmd: 'zig build test --summary all' }, summaryOk(rng), 0),
    );
  if (r === 1) return one(undefined, ok('add', { path: file }, zigSource(rng, rng.int(20, 60))));
  if (r === 2) {
    const v = `v${rng.int(1, 9)}`;
    return {
      say: 'שינוי קטן בשם המשתנה, ואז בנייה.',
      calls: [
        edit(
          file,
          `    const n = hdr.len;`,
          `    const n${v} = hdr.len;`,
          commitLine(rng, `refactor: rename length local in ${file}`),
        ),
        ok('run', { cmd: 'zig build' }, '', 0),
      ],
    };
  }
  if (r === 3)
    return one(
      undefined,
      ok(
        'run',
        { cmd: `grep -rn "${rng.pick(['readInt', 'allocator', 'error.', 'retain'])}" src/ | head -20` },
        lines(rng.int(4, 20), () => `${rng.pick(FILES)}:${rng.int(5, 400)}:${zigSource(rng, 1)}`),
        0,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      ok(
        'run',
        { cmd: 'git log --oneline -8' },
        lines(8, () => commitLine(rng, rng.pick(LOG))),
        0,
      ),
    );
  if (r === 5) {
    const bad = rng.chance(0.3);
    return one(undefined, ok('run', { cmd: 'zig fmt --check src/' }, bad ? file : '', bad ? 1 : 0));
  }
  return one(
    undefined,
    ok(
      'run',
      { cmd: 'zig build -Doptimize=ReleaseSafe --summary all' },
      `Build Summary: 3/3 steps succeeded\ninstall cached\n└─ install kestrel cached\n   └─ zig build-exe kestrel ReleaseSafe native success ${rng.int(4, 40)}s MaxRSS:${rng.int(200, 400)}M`,
      0,
    ),
  );
}

function aiderBig(rng: Rng): WideStep {
  if (rng.chance(0.5))
    return one('אני צריך לראות את כל הקובץ.', ok('add', { path: rng.pick(FILES) }, zigSource(rng, rng.int(260, 420))));
  const n = rng.int(300, 520);
  return one(
    undefined,
    ok('run', { cmd: 'zig build test -- --verbose 2>&1' }, `${verboseTests(rng, n)}\nAll ${n} tests passed.`, 0),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `להוסיף תמיכה ב-MQTT 5 session expiry ל-${t}_store`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `שלום! הפרויקט הוא kestrel, broker של MQTT שכתוב ב-Zig 0.13. המשימה להיום: ${needle}. הקוד הרלוונטי נמצא ב-src/session.zig. אל תשכח להריץ zig build test בסוף.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `לכתוב מחדש את ${t}Decoder כך שלא יקצה זיכרון לכל packet`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `עוד משהו: ${needle}. ראיתי ב-perf שזה צוואר הבקבוק.` }],
        };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `אסור לשנות את החתימה של ${t}.publish()`;
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: `רק שתדע: ${needle}, כי ה-bridge של הצוות השני קורא לה ישירות.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `// NOTE(${t}): keep max_packet_size at 268435455; the remaining-length field caps it`;
        return {
          how: 'tool-comment',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'add',
                  { path: 'src/packet.zig' },
                  `const std = @import("std");\n\n${needle}\npub const max_packet_size: u32 = 268435455;\n${zigSource(rng, rng.int(10, 30))}`,
                ),
              ),
            },
            {
              step: one(
                `ההערה של ${t} ברורה: לא נוגעים בגבול הזה, אז ה-decoder יבדוק אותו במקום להגדיל אותו.`,
                ok(
                  'run',
                  { cmd: 'grep -n max_packet_size src/*.zig' },
                  `src/packet.zig:4:pub const max_packet_size: u32 = 268435455;\nsrc/broker.zig:${rng.int(30, 90)}:    if (len > packet.max_packet_size) return error.PacketTooLarge;`,
                  0,
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
        const needle = `החלטתי להחזיק את ${t} ב-std.heap.ArenaAllocator לכל חיבור`;
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}, כך שכל ההקצאות של packet משתחררות יחד כשהחיבור נסגר.`,
                edit(
                  'src/broker.zig',
                  '    var gpa = std.heap.GeneralPurposeAllocator(.{}){};',
                  `    var ${t} = std.heap.ArenaAllocator.init(std.heap.page_allocator);\n    defer ${t}.deinit();`,
                  commitLine(rng, `perf: per-connection arena for ${t}`),
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
        const needle = `בוא נשאיר את ${t} כ-comptime parameter ולא כ-runtime config`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: `חשבתי על זה: ${needle}. זה יותר פשוט ואין לנו צורך לשנות את זה בזמן ריצה.` }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/${t}_expiry.zig`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: {
                say: 'קובץ חדש ל-expiry, ואז רישום שלו ב-build.zig.',
                calls: [
                  edit(
                    needle,
                    '',
                    `const std = @import("std");\n\npub const Expiry = struct {\n    deadline_ms: i64,\n};`,
                    commitLine(rng, `feat: add ${t} expiry module`),
                  ),
                  ok('run', { cmd: 'zig build' }, '', 0),
                ],
              },
            },
            {
              step: one(undefined, ok('run', { cmd: `zig test ${needle}` }, `All ${rng.int(2, 6)} tests passed.`, 0)),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `tests/${t}_fuzz.zig`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                edit(
                  needle,
                  'test "fuzz decode" {',
                  `test "fuzz decode ${t}" {\n    try std.testing.fuzz(fuzzDecode, .{});`,
                  commitLine(rng, 'test: fuzz the decoder'),
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
        const needle = `src/${t}.zig:${rng.int(40, 300)}:${rng.int(5, 40)}: error: expected type 'u16', found 'usize'`;
        const warn = (i: number) =>
          `warning(${rng.pick(['link', 'compilation'])}): ${rng.pick(['unused capture', 'deprecated std.mem.copy', 'pointless discard'])} (${i})`;
        const out = buried(
          rng,
          rng.chance(0.4) ? 120 : 8,
          warn,
          `install\n└─ install kestrel\n   └─ zig build-exe kestrel Debug native 1 errors\n${needle}\n        const len: u16 = payload.len;\n                         ~~~~~~~^~~~\nsrc/${t}.zig:12:1: note: unsigned 16-bit int cannot represent all possible unsigned 64-bit values\nreferenced by:\n    decode: src/packet.zig:41:20\n    handleConn: src/broker.zig:120:29\n    remaining reference traces hidden; use '-freference-trace' to see all reference traces`,
          `error: the following command failed with 1 compilation errors:\n${ZIG} build-exe -ODebug -Mroot=/home/noa/kestrel/src/main.zig --cache-dir /home/noa/kestrel/.zig-cache --name kestrel --listen=-\nBuild Summary: 0/3 steps succeeded; 1 failed (disable with --summary none)\ninstall transitive failure\n└─ install kestrel transitive failure\n   └─ zig build-exe kestrel Debug native 1 errors\nerror: the following build command failed with exit code 1:\n/home/noa/kestrel/.zig-cache/o/${hex(rng, 32)}/build ${ZIG} /home/noa/kestrel /home/noa/kestrel/.zig-cache /home/noa/.cache/zig --seed 0x${hex(rng, 8)} -Z${hex(rng, 16)}`,
        );
        return {
          how: 'tool-compile',
          needle,
          beats: [
            { step: one(undefined, fail('run', { cmd: 'zig build' }, out, 1)) },
            {
              step: one(
                `ב-${t}.zig צריך @intCast עם בדיקת גבול לפני ההמרה.`,
                edit(
                  `src/${t}.zig`,
                  '        const len: u16 = payload.len;',
                  '        const len: u16 = std.math.cast(u16, payload.len) orelse return error.PayloadTooLarge;',
                  commitLine(rng, `fix: bounded cast in ${t}`),
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
        const needle = `error: 'topic_tree.test.${t} wildcard' failed: expected 3, found 2`;
        const n = rng.int(40, 60);
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'run',
                  { cmd: 'zig build test' },
                  `test\n└─ run test ${n - 1}/${n} passed, 1 failed\n${needle}\n${ZIG.replace('/zig', '')}/lib/std/testing.zig:93:17: 0x10${hex(rng, 5)} in expectEqual__anon_${rng.int(1000, 9999)} (test)\n                return error.TestExpectedEqual;\n                ^\n/home/noa/kestrel/src/topic_tree.zig:${rng.int(150, 260)}:5: 0x10${hex(rng, 5)} in test.${t} wildcard (test)\n    try std.testing.expectEqual(@as(usize, 3), hits.len);\n    ^\nerror: while executing test 'topic_tree.test.${t} wildcard', the following test command failed:\n/home/noa/kestrel/.zig-cache/o/${hex(rng, 32)}/test --seed=0x${hex(rng, 8)} --listen=-\nBuild Summary: 1/3 steps succeeded; 1 failed; ${n - 1}/${n} tests passed; 1 failed (disable with --summary none)\ntest transitive failure\n└─ run test ${n - 1}/${n} passed, 1 failed`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `'#' צריך להתאים גם לרמת האב; הבדיקה ${t} wildcard תופסת את זה.`,
                ok('add', { path: 'src/topic_tree.zig' }, zigSource(rng, 18)),
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
        const needle = `listening on 0.0.0.0:${rng.int(18, 59)}${pad(rng.int(0, 99))} (broker id ${t})`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'מריץ את ה-broker מקומית כדי לראות את ה-id.',
                ok(
                  'run',
                  { cmd: 'timeout 3 zig build run -- --config dev.zon' },
                  `info(kestrel): loaded dev.zon\ninfo(kestrel): ${needle}\ninfo(kestrel): shutting down (SIGTERM)`,
                  124,
                ),
              ),
            },
            {
              step: one(
                `ה-id ${t} נשמר ב-dev.zon.`,
                ok('run', { cmd: 'grep -n broker_id dev.zon' }, `7:    .broker_id = ${t},`, 0),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('hex');
        const needle = `.hash = "1220${t}${hex(rng, 56)}"`;
        return {
          how: 'user-paste',
          needle,
          beats: [
            {
              user: `ה-hash של התלות zig-network ב-build.zig.zon צריך להיות ${needle} — קיבלתי אותו מ-zig fetch אצלי.`,
            },
          ],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `נשאר: להריץ את ${t}_bench עם ReleaseFast ולהשוות ל-main`;
        return {
          how: 'agent-next',
          needle,
          beats: [
            {
              step: one(
                `הבדיקות עוברות. ${needle}.`,
                ok('run', { cmd: 'git status --short' }, ' M src/session.zig\n M src/broker.zig', 0),
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
        const needle = `לעדכן את README עם הדגל --${t}-expiry`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `מעולה. דבר אחרון לפני שאני הולך: ${needle}.` },
            {
              step: one(
                `בסדר, ה-README וה-flag ${t} הבאים בתור.`,
                ok(
                  'add',
                  { path: 'README.md' },
                  '# kestrel\n\nA small MQTT 3.1.1 broker in Zig.\n\n## Flags\n\n--port, --config',
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The aider harness. */
export const APART_AIDER: ApartHarness = {
  style: 'aider',
  protocol: 'text',
  system:
    "Act as an expert software developer. Always use best practices when coding. Respect and use existing conventions, libraries, etc that are already present in the code base. Reply in Hebrew.\n\nOnce you understand the request you MUST:\n1. Decide if you need to propose *SEARCH/REPLACE* edits to any files that haven't been added to the chat. You can create new files without asking! If you need to edit files that are not in the chat, tell the user their full path names and ask them to *add the files to the chat*.\n2. Think step-by-step and explain the needed changes in a few short sentences.\n3. Describe each change with a *SEARCH/REPLACE block*.\n4. Suggest relevant shell commands in ```bash blocks.\n\n# *SEARCH/REPLACE block* Rules:\nEvery *SEARCH/REPLACE block* must use this format:\n1. The *FULL* file path alone on a line, verbatim.\n2. The opening fence and code language, eg: ```zig\n3. The start of search block: <<<<<<< SEARCH\n4. A contiguous chunk of lines to search for in the existing source code\n5. The dividing line: =======\n6. The lines to replace into the source code\n7. The end of the replace block: >>>>>>> REPLACE\n8. The closing fence: ```\n\nRepo: kestrel (git), Zig 0.13.0, files in chat are read-write.",
  tools: ['edit', 'run', 'add'],
  renderStep: render,
  renderResults: (s) => s.calls.map(result).join('\n\n'),
  resultStart:
    /^(I ran this command:|I added these files to the chat:|Applied edit to |# \d+ SEARCH\/REPLACE block failed)/,
  callMark: /^(>>>>>>> REPLACE|```bash|Please add \S+ to the chat\.)$/gm,
  resultMark:
    /^(I ran this command:|I added these files to the chat:|Applied edit to |# \d+ SEARCH\/REPLACE block failed to match!)/gm,
  noise: aiderNoise,
  big: aiderBig,
  followUp: (rng) =>
    rng.pick([
      'מה המצב של הבדיקות?',
      'תריץ שוב zig build test בבקשה',
      'יש אזהרות בבנייה?',
      'תסביר בקצרה מה שינית ב-broker.zig',
      'אוקיי. ומה עם zig fmt?',
      'תבדוק את ה-git log',
    ]),
  keepGoing: (rng) => rng.pick(['תמשיך.', 'המשך בבקשה', 'תמשיך עד שכל הבדיקות עוברות.']),
  answer: (rng) =>
    rng.pick([
      'סיימתי את השלב הזה: הבנייה עוברת ו-zig build test ירוק.',
      'השינויים נשמרו ב-commit. אין אזהרות חדשות.',
      'עדכנתי את הקבצים; הבדיקות עוברות.',
      'זה מוכן. אם תרצה, אפשר להריץ גם ReleaseSafe.',
    ]),
  probe: (rng) => rng.pick(['תמשיך מאיפה שעצרת.', 'מה הלאה?', 'בסדר, תמשיך']),
  planters: PLANTERS,
};
