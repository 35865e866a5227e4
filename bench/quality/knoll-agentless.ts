/**
 * The agentless harness of the knoll family (knoll.ts): an Agentless-like localize-and-repair
 * pipeline driven as a conversation. Its calls are text, each a fenced block: an edit location
 * (```` ``` ```` + the file path + `line: a-b`, as the edit-location stage writes them), an edit
 * (```` ``` ```` + `### path` + `<<<<<<< SEARCH` … `=======` … `>>>>>>> REPLACE`, the repair stage's
 * format) or a reproduction run (```` ```bash ```` + `# reproduce` + the command), several a message.
 * The pipeline answers with one user message, "[agentless] stage results", and an `[agentless]
 * location|edit|reproduce …` section per block (the numbered lines, whether the edit applied, or the
 * command's exit status and output).
 * A FreeBSD ports overlay (a sysutils port, a Pashto hunspell dictionary, an Arabic-script font):
 * `make` with its `===>` phase lines and `=>` fetch lines, checksum mismatches with `*** Error code 1`
 * and `make: stopped in …`, portlint's `FATAL:`/`WARN:` lines and counts, poudriere testport's
 * `[00:00:12]` timestamps, `failed in phase:` and the plist checks' `Error: Orphaned:`/`Error:
 * Missing:`, clang errors in the build phase, distinfo; for a Pashto-speaking porter.
 * Reconstructed rather than copied: Agentless's location and SEARCH/REPLACE formats (from memory of
 * its prompts; the reproduce block and the results message are this harness's own), and the ports
 * framework, portlint and poudriere output from memory of FreeBSD 13–14.
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
  numberLines,
  ok,
  one,
  pad,
  pieces,
  say,
  type KnollCall,
  type KnollHarness,
  type KnollStep,
  type Planter,
} from './knoll-kit';

const ROOT = '/home/zarghuna/ports';
const PORTS = ['sysutils/fastfetch', 'textproc/hunspell-ps', 'x11-fonts/amiri'];
const MK = [
  'PORTNAME=\tfastfetch\nDISTVERSION=\t2.38.0\nCATEGORIES=\tsysutils',
  'MAINTAINER=\tzarghuna@example.af\nCOMMENT=\tFast neofetch-like system information tool\nWWW=\t\thttps://github.com/fastfetch-cli/fastfetch',
  'LICENSE=\tMIT\nLICENSE_FILE=\t${WRKSRC}/LICENSE',
  'USES=\t\tcmake pkgconfig\nUSE_GITHUB=\tyes\nGH_ACCOUNT=\tfastfetch-cli',
  'OPTIONS_DEFINE=\tDOCS VULKAN X11\nOPTIONS_DEFAULT=\tX11\nVULKAN_LIB_DEPENDS=\tlibvulkan.so:graphics/vulkan-loader',
  'post-install:\n\t${STRIP_CMD} ${STAGEDIR}${PREFIX}/bin/fastfetch',
  '.include <bsd.port.mk>',
];

function reproduce(cmd: string, output: string, code = 0): KnollCall {
  return code === 0 ? ok('reproduce', { command: cmd }, output, 0) : fail('reproduce', { command: cmd }, output, code);
}

function locate(path: string, from: number, body: string): KnollCall {
  const to = from + body.split('\n').length - 1;
  return ok(
    'location',
    { path, lines: `${from}-${to}` },
    numberLines(body, from, (n, l) => `${n}|${l}`),
  );
}

function edit(path: string, search: string, replace: string): KnollCall {
  return ok('edit', { path, search, replace }, 'applied 1 SEARCH/REPLACE block');
}

function ts(s: number): string {
  return `[${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}]`;
}

function testport(rng: Rng, port: string, tail?: string): string {
  const name = port.split('/')[1] as string;
  let s = rng.int(1, 4);
  const at = () => ts((s += rng.int(1, 40)));
  const body = `${at()} Creating the reference jail... done\n${at()} Mounting system devices for 142amd64-default\n${at()} Mounting ports from: /usr/local/poudriere/ports/default\n${at()} Mounting packages from: /usr/local/poudriere/data/packages/142amd64-default\n${at()} Mounting distfiles from: /usr/ports/distfiles\n${at()} Appending to make.conf: /usr/local/etc/poudriere.d/make.conf\n${at()} Loading MOVED for 142amd64-default\n${at()} Gathering ports metadata\n${at()} Calculating ports order and dependencies\n${at()} Building ${port} | ${name}-${rng.int(1, 3)}.${rng.int(0, 40)}.0`;
  return `${body}\n${tail ?? `${at()} Installing from package\n${at()} Cleaning up\n${at()} Unmounting file systems`}`;
}

function agentlessNoise(rng: Rng): KnollStep {
  const r = rng.int(0, 6);
  const port = rng.pick(PORTS);
  if (r === 0)
    return one(undefined, reproduce(`poudriere testport -j 142amd64 -p default ${port}`, testport(rng, port)));
  if (r === 1)
    return one(
      'Where the options are set.',
      locate(`${port}/Makefile`, rng.int(1, 12), pieces(rng, MK, rng.int(10, 22))),
    );
  if (r === 2) return one(undefined, reproduce(`portlint -AC ${port}`, 'looks fine.'));
  if (r === 3)
    return many('The options block, then a portlint run over it.', [
      locate(`${port}/Makefile`, rng.int(10, 20), pieces(rng, MK, 8)),
      reproduce(`portlint -AC ${port}`, 'looks fine.'),
    ]);
  if (r === 4)
    return one(
      undefined,
      reproduce(
        `make -C ${port} checksum`,
        `===>  License MIT accepted by the user\n===>   ${port.split('/')[1]}-2.38.0 depends on file: /usr/local/sbin/pkg - found\n=> SHA256 Checksum OK for fastfetch-cli-fastfetch-2.38.0_GH0.tar.gz.`,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      reproduce(
        `cat ${port}/distinfo`,
        `TIMESTAMP = 17417${rng.int(10000, 99999)}\nSHA256 (fastfetch-cli-fastfetch-2.38.0_GH0.tar.gz) = ${hex(rng, 64)}\nSIZE (fastfetch-cli-fastfetch-2.38.0_GH0.tar.gz) = ${rng.int(1000000, 3000000)}`,
      ),
    );
  return one(
    undefined,
    reproduce(
      'git -C . log --oneline -4',
      `${hex(rng, 12)} sysutils/fastfetch: update to 2.38.0\n${hex(rng, 12)} textproc/hunspell-ps: new port\n${hex(rng, 12)} x11-fonts/amiri: update to 1.000\n${hex(rng, 12)} Mk: bump overlay`,
    ),
  );
}

function agentlessBig(rng: Rng): KnollStep {
  return one(
    'The build log poudriere kept, to see which phase is slow.',
    reproduce(
      'cat /usr/local/poudriere/data/logs/bulk/142amd64-default/latest/logs/fastfetch-2.38.0.log',
      `=>> Building sysutils/fastfetch\nbuild started at ${dur(rng, 1, 9, 0)} Mar 2025\nport directory: /usr/ports/sysutils/fastfetch\n${lines(rng.int(280, 330), (i) => `[${i + 1}/${400}] /usr/bin/cc -DFF_HAVE_${nth(['VULKAN', 'X11', 'DBUS', 'ZLIB', 'EGL'], i)}=1 -I/wrkdirs/usr/ports/sysutils/fastfetch/work/fastfetch-2.38.0/src -O2 -pipe -fstack-protector-strong -c src/detection/${nth(['cpu', 'gpu', 'memory', 'disk', 'os', 'host'], i)}/${nth(['cpu', 'gpu', 'memory', 'disk', 'os', 'host'], i)}_bsd.c -o CMakeFiles/libfastfetch.dir/src/${hex(rng, 6)}.c.o`)}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `ته د ${t} port نوې نسخې ته لوړ کړې`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `سلام! پروژه په ${ROOT} کې ده — د FreeBSD ports یوه ونه. زه غواړم ${needle}. مهرباني وکړئ هر ګام تشریح کړئ.`,
            },
            {
              step: many('First the Makefile and a test build as things are.', [
                locate('sysutils/fastfetch/Makefile', 1, pieces(rng, MK, 18)),
                reproduce(
                  'poudriere testport -j 142amd64 -p default sysutils/fastfetch',
                  testport(rng, 'sysutils/fastfetch'),
                ),
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
        const needle = `${t}: د poudriere testport د 13.4 jail لپاره هم وچلوه`;
        return { how: 'user-followup', needle, beats: [{ user: `بل کار: ${needle}.` }] };
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
            (x) => `${x}: distinfo په لاس مه بدلوه، یوازې make makesum`,
            (x) => `${x}: هر port باید portlint -AC پاس کړي`,
            (x) => `${x}: یوازې د 14.2-RELEASE jail وکاروه`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`یوه قاعده: ${needle}.`, `په یاد ولره — ${needle}.`, `مهم: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: every port in the overlay builds in poudriere before it is committed`,
          `${T}: PORTREVISION is bumped on any change to the installed files`,
          `${T}: no BROKEN or IGNORE lines are committed`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'The overlay has its own rules; reading them.',
                locate(
                  'README.overlay',
                  1,
                  `# Zarghuna's ports overlay\n\n- Porter's Handbook rules apply\n- ${needle}\n- Commit as category/port: what changed`,
                ),
              ),
            },
            {
              step: one(
                `${T} applies; a portlint run first.`,
                reproduce('portlint -AC sysutils/fastfetch', 'looks fine.'),
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
            (x) => `I will split ${x} into a -nox11 flavor instead of an X11 option`,
            (x) => `${x} takes its sources from the GitHub tag through USE_GITHUB, not from a release tarball`,
            (x) => `Plan: ${x} installs the dictionary under share/hunspell and links it for myspell`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [{ step: one(`${needle}.`, edit('NOTES', '# Decisions\n', `# Decisions\n\n- ${needle}\n`)) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `د ${t} لپاره به په OPTIONS_DEFAULT کې DOCS بند کړو`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`موږ پرېکړه وکړه: ${needle}.`, `راځئ داسې یې وکړو: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `sysutils/fastfetch/files/patch-src_${t}.c`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('A patch of its own in files/, then a test build.', [
                edit(
                  needle,
                  '',
                  `--- src/${t}.c.orig\n+++ src/${t}.c\n@@ -12,7 +12,7 @@\n-#include <sys/sysinfo.h>\n+#include <sys/sysctl.h>\n`,
                ),
                reproduce(
                  'poudriere testport -j 142amd64 -p default sysutils/fastfetch',
                  testport(rng, 'sysutils/fastfetch'),
                ),
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
        const needle = `textproc/hunspell-ps/files/${t}.aff`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'The affix file the dictionary was missing.',
                edit(needle, '', 'SET UTF-8\nTRY ایوهنرتدکبسلمشگزپځچغږښفخجقڅټډړۍې\n'),
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
        const needle = `Error: Orphaned: share/${t}/presets/all.jsonc`;
        return {
          how: 'tool-plist',
          needle,
          beats: [
            {
              step: one(
                undefined,
                reproduce(
                  'poudriere testport -j 142amd64 -p default sysutils/fastfetch',
                  testport(
                    rng,
                    'sysutils/fastfetch',
                    `====> Running Q/A tests (stage-qa)\n====> Checking for pkg-plist issues (check-plist)\n===> Parsing plist\n===> Checking for items in STAGEDIR missing from pkg-plist\n${needle}\n===> Checking for items in pkg-plist which are not in STAGEDIR\n===> Error: Plist issues found.\n*** Error code 1\n\nStop.\nmake: stopped in /usr/ports/sysutils/fastfetch\n${ts(rng.int(200, 400))} Error: fastfetch-2.38.0 failed in phase: check-plist`,
                  ),
                  1,
                ),
              ),
            },
            {
              step: one(
                `share/${t} is installed but not listed; the plist first.`,
                locate(
                  'sysutils/fastfetch/pkg-plist',
                  1,
                  'bin/fastfetch\nbin/flashfetch\nshare/bash-completion/completions/fastfetch\nshare/man/man1/fastfetch.1.gz',
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
        const l = rng.int(20, 300);
        const needle = `error: call to undeclared function '${t}_sysinfo'`;
        return {
          how: 'tool-compiler',
          needle,
          beats: [
            {
              step: one(
                undefined,
                reproduce(
                  'make -C sysutils/fastfetch build',
                  `===>  Building for fastfetch-2.38.0\n[${rng.int(40, 120)}/260] Building C object CMakeFiles/libfastfetch.dir/src/detection/memory/memory_bsd.c.o\nFAILED: CMakeFiles/libfastfetch.dir/src/detection/memory/memory_bsd.c.o\n/wrkdirs/usr/ports/sysutils/fastfetch/work/fastfetch-2.38.0/src/detection/memory/memory_bsd.c:${l}:9: ${needle}; ISO C99 and later do not support implicit function declarations [-Wimplicit-function-declaration]\n  ${l} |     if (${t}_sysinfo(&info) != 0)\n      |         ^\n1 error generated.\nninja: build stopped: subcommand failed.\n*** Error code 1\n\nStop.\nmake: stopped in /usr/ports/sysutils/fastfetch`,
                  1,
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
        const t = mint('hex');
        const needle = `=> SHA256 Checksum mismatch for amiri-${t}.zip.`;
        return {
          how: 'tool-fetch',
          needle,
          beats: [
            {
              step: one(
                undefined,
                reproduce(
                  'make -C x11-fonts/amiri checksum',
                  `===>  License OFL11 accepted by the user\n${needle}\n===>  Refetch for 1 more times files: amiri-${t}.zip\n=> Attempting to fetch https://github.com/aliftype/amiri/releases/download/1.000/amiri-${t}.zip\namiri-${t}.zip                                    ${rng.int(1, 9)} MB ${rng.int(1000, 9000)} kBps    0${rng.int(1, 9)}s\n${needle}\n===>  Giving up on fetching files: amiri-${t}.zip\nMake sure the Makefile and distinfo file (/usr/ports/x11-fonts/amiri/distinfo)\nare up to date.  If you are absolutely sure you want to override this\ncheck, type "make NO_CHECKSUM=yes [other args]".\n*** Error code 1\n\nStop.\nmake: stopped in /usr/ports/x11-fonts/amiri`,
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
        const needle = `SIZE (fastfetch-cli-fastfetch-2.38.0_GH0.tar.gz) = ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                reproduce(
                  'make -C sysutils/fastfetch makesum && cat sysutils/fastfetch/distinfo',
                  `===>  License MIT accepted by the user\n=> fastfetch-cli-fastfetch-2.38.0_GH0.tar.gz doesn't seem to exist in /usr/ports/distfiles/.\n=> Attempting to fetch https://codeload.github.com/fastfetch-cli/fastfetch/tar.gz/2.38.0?dummy=/fastfetch-cli-fastfetch-2.38.0_GH0.tar.gz\nfetch: https://codeload.github.com/fastfetch-cli/fastfetch/tar.gz/2.38.0?dummy=/fastfetch-cli-fastfetch-2.38.0_GH0.tar.gz: size unknown\nTIMESTAMP = 17417${rng.int(10000, 99999)}\nSHA256 (fastfetch-cli-fastfetch-2.38.0_GH0.tar.gz) = ${hex(rng, 64)}\n${needle}`,
                ),
              ),
            },
            {
              step: one(
                `The distfile is ${needle.split(' = ')[1]} bytes; the commit message will say so.`,
                edit('NOTES', '# Sizes\n', `# Sizes\n\n- ${needle}\n`),
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
                undefined,
                reproduce(
                  'sha256 -q /usr/local/poudriere/data/packages/142amd64-default/All/fastfetch-2.38.0.pkg',
                  `${needle}${hex(rng, 32)}`,
                ),
              ),
            },
            {
              step: one(
                `The package hashes to ${needle}…; noting it for the mirror.`,
                edit('NOTES', '# Packages\n', `# Packages\n\n- fastfetch-2.38.0.pkg ${needle}\n`),
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
        const needle = `PR-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `د Bugzilla ستونزې شمېره ${needle} ده؛ هغه په commit پیغام کې ولیکه.` }],
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
            (x) => `Next: run ${x} through poudriere bulk on aarch64 as well`,
            (x) => `Still open: ${x} has no pkg-message for the font cache`,
            (x) => `بل ګام: ${x} د 13.4 jail کې ازمویل`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `${needle}.`,
                reproduce(
                  `git commit -qam "sysutils/fastfetch: ${t}" && git log --oneline -1`,
                  `${hex(rng, 12)} sysutils/fastfetch: ${t}`,
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
        const needle = `په پای کې، د ${t} په اړه یو لنډ لنډیز په پښتو ولیکه`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `مننه. یو بل شی: ${needle}.` },
            { step: one(undefined, reproduce('portlint -AC textproc/hunspell-ps', 'looks fine.')) },
          ],
        };
      },
    },
  ],
};

function block(c: KnollCall): string {
  if (c.tool === 'reproduce') return `\`\`\`bash\n# reproduce\n${String(c.args['command'])}\n\`\`\``;
  if (c.tool === 'location') return `\`\`\`\n${String(c.args['path'])}\nline: ${String(c.args['lines'])}\n\`\`\``;
  return `\`\`\`\n### ${String(c.args['path'])}\n<<<<<<< SEARCH\n${String(c.args['search'])}\n=======\n${String(c.args['replace'])}\n>>>>>>> REPLACE\n\`\`\``;
}

function result(c: KnollCall): string {
  if (c.tool === 'reproduce')
    return `[agentless] reproduce $ ${String(c.args['command'])} (exit ${c.exitCode ?? 0})\n${c.output}`;
  if (c.tool === 'location')
    return `[agentless] location ${String(c.args['path'])}:${String(c.args['lines'])}\n${c.output}`;
  return `[agentless] edit ${String(c.args['path'])}: ${c.output}`;
}

/** The agentless harness. */
export const KNOLL_AGENTLESS: KnollHarness = {
  style: 'agentless',
  protocol: 'text',
  system: `We are working in a FreeBSD ports overlay at ${ROOT} (tested with poudriere on a 14.2-RELEASE jail, 142amd64). The porter writes Pashto; answer the porter in Pashto.\n\nEach of your messages may hold fenced blocks, run in order:\n- an edit location: \`\`\`, the file's path, then "line: a-b" — you are shown those lines;\n- an edit, in the *SEARCH/REPLACE* format: \`\`\`, "### <path>", "<<<<<<< SEARCH", the exact lines to find, "=======", the lines to put instead, ">>>>>>> REPLACE", \`\`\` (an empty SEARCH creates the file);\n- a reproduction: \`\`\`bash, "# reproduce", one command — you are shown its exit status and output.\nPlease note that the *SEARCH/REPLACE* edit REQUIRES PROPER INDENTATION. When you are done, answer without blocks.`,
  tools: ['location', 'edit', 'reproduce'],
  renderStep: (s) => `${s.say ? `${s.say}\n\n` : ''}${s.calls.map(block).join('\n\n')}`,
  renderResults: (s, _ids, n) =>
    `[agentless] stage results${nth(['', ' (repair)', ' (localize)'], n)}\n\n${s.calls.map(result).join('\n\n')}`,
  resultStart: /^\[agentless\] stage results/,
  callMark: /^```(?:bash\n# reproduce$|\n### \S|\n[\w./-]+\nline: )/gm,
  resultMark: /^\[agentless\] (?:location|edit|reproduce) /gm,
  noise: agentlessNoise,
  big: agentlessBig,
  followUp: (rng) =>
    rng.pick([
      'build بریالی شو؟',
      'ټیسټونه تېر شول؟',
      'مهرباني وکړه بیا یې وچلوه.',
      'تا څه بدل کړل؟',
      'ښه، نور څه پاتې دي؟',
      'لا هم تېروتنې شته؟',
    ]),
  keepGoing: (rng) => rng.pick(['دوام ورکړه.', 'دوام ورکړه، مه درېږه.', 'دوام ورکړه تر څو ټول ټیسټونه تېر شي.']),
  answer: (rng) =>
    rng.pick([
      'بشپړ شو: poudriere testport بریالی شو او portlint هېڅ تېروتنه نه لري.',
      'Done: poudriere testport passes and portlint says looks fine.',
      'سم مې کړ. په x11-fonts/amiri کې یو زوړ خبرداری پاتې دی چې له دې بدلون سره اړیکه نه لري.',
      `لنډه دا چې: port جوړېږي او ${rng.int(2, 4)} ټیسټونه لا هم تېرېږي.`,
    ]),
  probe: (rng) => rng.pick(['دوام ورکړه.', 'له هماغه ځایه دوام ورکړه.', 'اوس څه؟']),
  planters: PLANTERS,
};
