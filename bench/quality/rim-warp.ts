/**
 * The warp harness of the rim family (rim.ts): a Warp-terminal-like agent mode with native calls —
 * `run_command` (answered by a `<block>` that carries the command, its exit code, its duration and
 * its output, as the terminal's blocks do), `read_files` (several files or line ranges at once),
 * `edit_files` (search/replace diffs), `grep` and `file_glob`. A D library and CLI for GPX tracks
 * built with dub (dmd/ldc2 diagnostics, `unittest` blocks and `core.exception.AssertError@…`
 * traces, D-Scanner), for a Georgian-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  chars,
  dur,
  fail,
  hex,
  lines,
  many,
  numberLines,
  ok,
  one,
  pieces,
  say,
  type Planter,
  type RimCall,
  type RimHarness,
  type RimStep,
} from './rim-kit';

const ROOT = '/home/nino/proeqtebi/gza';
const SRC = ['source/gza/gpx.d', 'source/gza/geo.d', 'source/gza/stats.d', 'source/gza/package.d', 'source/app.d'];
const MODULES = ['gza.gpx', 'gza.geo', 'gza.stats', 'gza.smooth'];

function run(rng: Rng, command: string, output: string, exitCode = 0): RimCall {
  const block = `<block command="${command.replace(/"/g, '&quot;')}" cwd="~/proeqtebi/gza" exit_code="${exitCode}" duration="${dur(rng, 0.05, 9, 2)}s">\n${output}\n</block>`;
  return exitCode === 0
    ? ok('run_command', { command, is_read_only: !/edit|rm |mv |git commit/.test(command) }, block, 0)
    : fail('run_command', { command, is_read_only: true }, block, exitCode);
}

/** Whole declarations of the library, as a file view shows them. */
const DECLS = [
  `module gza.geo;\n\nimport std.math : sin, cos, asin, sqrt, PI;`,
  `/// Great-circle distance in metres.\ndouble haversine(in LatLon a, in LatLon b) @safe pure nothrow @nogc\n{\n    enum R = 6_371_008.8;\n    immutable dLat = (b.lat - a.lat) * PI / 180;\n    immutable dLon = (b.lon - a.lon) * PI / 180;\n    immutable h = sin(dLat / 2) ^^ 2 + cos(a.lat * PI / 180) * cos(b.lat * PI / 180) * sin(dLon / 2) ^^ 2;\n    return 2 * R * asin(sqrt(h));\n}`,
  `unittest\n{\n    // თბილისი → მცხეთა\n    immutable d = haversine(LatLon(41.7151, 44.8271), LatLon(41.8456, 44.7197));\n    assert(d > 16_500 && d < 17_500, "distance out of range");\n}`,
  `struct TrackPoint\n{\n    LatLon pos;\n    double ele;\n    SysTime time;\n}`,
  `auto points(R)(R range) if (isInputRange!R)\n{\n    return range.filter!(p => !p.ele.isNaN);\n}`,
  `void main(string[] args)\n{\n    auto r = getopt(args, "smooth|s", &smoothWindow, "json", &asJson);\n    if (r.helpWanted || args.length < 3)\n        return defaultGetoptPrinter("gza <stats|merge|export> track.gpx", r.options);\n}`,
  `double elevationGain(const TrackPoint[] pts) @safe pure nothrow @nogc\n{\n    double gain = 0;\n    foreach (i; 1 .. pts.length)\n        if (pts[i].ele > pts[i - 1].ele)\n            gain += pts[i].ele - pts[i - 1].ele;\n    return gain;\n}`,
];

function d(rng: Rng, n: number): string {
  return pieces(rng, DECLS, n);
}

function fileView(rng: Rng, path: string, n: number, from = 1): string {
  const text = d(rng, n);
  const count = text.split('\n').length;
  return `<file path="${path}" lines="${from}-${from + count - 1}">\n${numberLines(text, from, (k, l) => `${String(k).padStart(4)}│${l}`)}\n</file>`;
}

function dubHead(config: string, compiler = '/usr/bin/dmd'): string {
  return `    Starting Performing "${config === 'unittest' ? 'unittest' : 'debug'}" build using ${compiler} for x86_64.\n  Up-to-date dxml 0.4.4: target for configuration [library] is up to date.\n    Building gza ~master: building configuration [${config === 'unittest' ? 'gza-test-library' : 'application'}]`;
}

function dubTest(rng: Rng, failure = ''): string {
  const head = `Generating test runner configuration 'gza-test-library' for 'library' (library).\n${dubHead('unittest')}\n     Linking gza-test-library\n     Running gza-test-library `;
  if (!failure) return `${head}\n${MODULES.length} modules passed unittests`;
  return `${head}\n${failure}\n1/${MODULES.length} modules FAILED unittests\nError Program exited with code 1`;
}

function trace(rng: Rng, module: string, file: string, line: number): string {
  const addr = () => `0x${hex(rng, 12)}`;
  return `----------------\n??:? _d_unittestp [${addr()}]\n${file}:${line} void ${module}.__unittest_L${line - rng.int(2, 9)}_C1() [${addr()}]\n??:? void ${module}.__modtest() [${addr()}]\n??:? int core.runtime.runModuleUnitTests().__foreachbody6(object.ModuleInfo*) [${addr()}]\n??:? int object.ModuleInfo.opApply(scope int delegate(object.ModuleInfo*)).__lambda2(immutable(object.ModuleInfo*)) [${addr()}]\n??:? int rt.minfo.moduleinfos_apply(scope int delegate(immutable(object.ModuleInfo*))).__foreachbody2(ref rt.sections_elf_shared.DSO) [${addr()}]\n??:? runModuleUnitTests [${addr()}]\n??:? void rt.dmain2._d_run_main2(char[][], ulong, extern (C) int function(char[][])*).runAll() [${addr()}]\n??:? _d_run_main [${addr()}]`;
}

function warpNoise(rng: Rng): RimStep {
  const r = rng.int(0, 8);
  if (r === 0) return one(undefined, run(rng, 'dub test', dubTest(rng)));
  if (r === 1) {
    const [a, b] = rng.sample(SRC, 2) as [string, string];
    return one(
      rng.pick(['Let me read both modules together.', undefined]),
      ok(
        'read_files',
        { files: [{ path: a }, { path: b, line_ranges: [[1, 60]] }] },
        `${fileView(rng, a, rng.int(10, 40))}\n${fileView(rng, b, rng.int(8, 25))}`,
      ),
    );
  }
  if (r === 2)
    return one(
      undefined,
      run(
        rng,
        'dub build',
        `${dubHead('application')}\n     Linking gza\n    Finished To force a rebuild of up-to-date targets, run again with --force`,
      ),
    );
  if (r === 3) {
    const q = rng.pick(['haversine', 'elevationGain', '@nogc', 'SysTime']);
    return many(undefined, [
      ok(
        'grep',
        { queries: [q], path: 'source' },
        lines(
          rng.int(2, 8),
          () =>
            `${rng.pick(SRC)}:${rng.int(3, 240)}:${(
              DECLS.join('\n')
                .split('\n')
                .find((l) => l.includes(q)) ?? q
            ).trim()}`,
        ),
      ),
      ok('file_glob', { patterns: ['**/*.d'], path: 'source' }, SRC.filter((f) => f.endsWith('.d')).join('\n')),
    ]);
  }
  if (r === 4) {
    const warn = rng.chance(0.5);
    return one(
      undefined,
      run(
        rng,
        'dub run dscanner -- --styleCheck source',
        warn
          ? `${rng.pick(SRC)}(${rng.int(10, 200)}:${rng.int(3, 30)})[warn]: Avoid subtracting from '.length' as it may be unsigned.\n${rng.pick(SRC)}(${rng.int(10, 200)}:${rng.int(3, 30)})[warn]: Public declaration 'points' is undocumented.`
          : '',
        warn ? 1 : 0,
      ),
    );
  }
  if (r === 5) {
    const f = rng.pick(SRC);
    return many(rng.pick(['Small fix, then the unittests.', 'პატარა შესწორება და ტესტები.']), [
      ok(
        'edit_files',
        { diffs: [{ file: f, search: '    double gain = 0;', replace: '    double gain = 0.0;' }] },
        `Applied 1 diff to ${f}.`,
      ),
      run(rng, 'dub test', dubTest(rng)),
    ]);
  }
  if (r === 6)
    return one(
      undefined,
      run(
        rng,
        `dub run -- stats tracks/${rng.pick(['kazbegi', 'tusheti', 'svaneti-mestia'])}.gpx`,
        `${dubHead('application')}\n     Linking gza\n     Running gza stats tracks/kazbegi.gpx\nDistance:      ${dur(rng, 5, 60, 2)} km\nMoving time:   ${rng.int(1, 9)}:${String(rng.int(0, 59)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}\nAscent:        ${rng.int(200, 2400)} m\nDescent:       ${rng.int(200, 2400)} m\nMax elevation: ${rng.int(1700, 5047)} m`,
      ),
    );
  if (r === 7)
    return one(
      undefined,
      run(
        rng,
        'git status --short',
        lines(rng.int(1, 4), () => ` M ${rng.pick(SRC)}`),
      ),
    );
  return one(
    undefined,
    run(rng, 'dub test --compiler=ldc2', dubTest(rng).replace(/\/usr\/bin\/dmd/g, '/usr/bin/ldc2')),
  );
}

/** A track's points as `gza dump` prints them: a random walk, one point every few seconds. */
function walk(rng: Rng, n: number): string {
  let lat = 42.35;
  let lon = 45.6;
  let ele = rng.int(1500, 2500);
  let t = Date.UTC(2024, 7, 11, 5, 30, 0);
  return lines(n, (i) => {
    lat += (rng.next() - 0.45) * 0.0004;
    lon += (rng.next() - 0.5) * 0.0004;
    ele += rng.int(-4, 6);
    t += rng.int(3, 15) * 1000;
    return `${String(i + 1).padStart(5)}  ${lat.toFixed(6)}  ${lon.toFixed(6)}  ${String(ele).padStart(4)} m  ${new Date(t).toISOString().slice(0, 19)}Z`;
  });
}

function warpBig(rng: Rng): RimStep {
  if (rng.chance(0.5))
    return one(
      'Dumping every point of the longest fixture to check the timestamps by eye.',
      run(
        rng,
        'dub run -- dump tracks/tusheti.gpx',
        `${dubHead('application')}\n     Linking gza\n     Running gza dump tracks/tusheti.gpx\n${walk(rng, rng.int(400, 480))}`,
      ),
    );
  return one(
    undefined,
    ok('read_files', { files: [{ path: 'source/gza/gpx.d' }] }, fileView(rng, 'source/gza/gpx.d', rng.int(460, 540))),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `ჯამური ასვლის (elevation gain) დათვლა მოდულში gza.${t}, ხმაურის გაფილტვრით`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `გამარჯობა! პროექტი არის ~/proeqtebi/gza — D-ზე დაწერილი ბიბლიოთეკა და CLI GPX ტრეკებისთვის (dub, dmd და ldc2). მჭირდება ${needle}, რადგან GPS-ის ხტუნვა ასვლას ზედმეტად ზრდის. source/gza/package.d-ის public API ჯერ არ შეცვალო.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `GeoJSON ექსპორტი ბრძანებით gza ${t}`;
        return { how: 'user-followup', needle, beats: [{ user: `შემდეგი ამოცანა: ${needle}, unittest-ებით.` }] };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `ტრეკების გაერთიანება ფუნქციით merge${cap(t)}`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `კიდევ ერთი რამ: მჭირდება ${needle}, დროის მიხედვით დალაგებით.` }],
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
            (x) => `gza.${x} მოდულში GC ალოკაცია არ უნდა იყოს (@nogc)`,
            (x) => `gza.${x} უნდა იყოს @safe, @trusted-ის გარეშე`,
            (x) => `${x}-ისთვის ახალი dub პაკეტები არ დაამატო`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `ერთი პირობა: ${needle}. ბიბლიოთეკას ჩაშენებულ მოწყობილობაზეც ვიყენებთ.`,
                `გახსოვდეს — ${needle}; ეს code review-ზე შევათანხმეთ.`,
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
        const needle = `///   - source/gza/${t}.d stays pure nothrow: no I/O, no exceptions`;
        return {
          how: 'tool-ddoc',
          needle,
          beats: [
            {
              step: one(
                'Reading the package module first; its header lists the maintainer rules.',
                ok(
                  'read_files',
                  { files: [{ path: 'source/gza/package.d', line_ranges: [[1, 20]] }] },
                  `<file path="source/gza/package.d" lines="1-${rng.int(12, 20)}">\n${numberLines(
                    `/++\n + gza — GPX tracks in D.\n +\n + Rules for contributors:\n///   - public symbols are re-exported here only\n${needle}\n///   - distances in metres (double), times as SysTime in UTC\n///   - ${rng.pick(['every module has unittest blocks', 'no std.stdio outside source/app.d'])}\n +/\nmodule gza;\n\npublic import gza.gpx, gza.geo, gza.stats;`,
                    1,
                    (k, l) => `${String(k).padStart(4)}│${l}`,
                  )}\n</file>`,
                ),
              ),
            },
            {
              step: one(
                `So ${t}.d must not touch std.stdio or throw; checking it is clean today.`,
                ok('grep', { queries: ['std.stdio', 'throw '], path: `source/gza/${t}.d` }, 'No matches found.'),
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
            (x) => `I'll use Vincenty instead of haversine for ${x} distances`,
            (x) => `გადავწყვიტე: ${x} წერტილებს ზარმაცი range-ით დაამუშავებს, მასივის გარეშე`,
            (x) => `Going with std.parallelism's taskPool.amap for ${x}`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: many(`${needle} — the tracks reach 5,000 m and the error matters there.`, [
                ok(
                  'edit_files',
                  {
                    diffs: [
                      {
                        file: 'source/gza/stats.d',
                        search: 'import gza.geo : haversine;',
                        replace: `import gza.geo : haversine;\nimport gza.${t} : ${t}Distance;`,
                      },
                    ],
                  },
                  'Applied 1 diff to source/gza/stats.d.',
                ),
                run(rng, 'dub build', `${dubHead('application')}\n     Linking gza`),
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
        const needle = `${t}-ში მანძილები მეტრებში იქნება, double ტიპით`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            { user: rng.pick([`შევთანხმდით: ${needle}.`, `კარგი, მაშინ ${needle} — კილომეტრები მხოლოდ CLI-ში.`]) },
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
        const needle = `source/gza/${t}.d`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                rng.pick(['Creating the module with its unittest block.', 'ახალ მოდულს ვქმნი unittest-ით.']),
                ok(
                  'edit_files',
                  { diffs: [{ file: needle, search: '', replace: `module gza.${t};\n\n${d(rng, 8)}\n` }] },
                  `Created ${needle}.`,
                ),
              ),
            },
            { step: one(undefined, run(rng, 'dub test', dubTest(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `tracks/fixtures/${t}.gpx`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'edit_files',
                  {
                    diffs: [
                      {
                        file: needle,
                        search: '',
                        replace: `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="gza-tests">\n  <trk><name>${t}</name><trkseg>\n    <trkpt lat="42.6597" lon="44.6434"><ele>${rng.int(1700, 1800)}</ele><time>2024-08-11T06:00:00Z</time></trkpt>\n    <trkpt lat="42.6611" lon="44.6402"><ele>${rng.int(1800, 1900)}</ele><time>2024-08-11T06:04:10Z</time></trkpt>\n  </trkseg></trk>\n</gpx>\n`,
                      },
                    ],
                  },
                  `Created ${needle}.`,
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
        const needle = `source/gza/stats.d(${line},${rng.int(5, 30)}): Error: undefined identifier \`${t}\``;
        return {
          how: 'tool-dmd',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  rng,
                  'dub build',
                  `${dubHead('application')}\n${needle}, did you mean function \`haversine\`?\nError /usr/bin/dmd failed with exit code 1.`,
                  2,
                ),
              ),
            },
            {
              step: one(
                `${t} was never imported into stats.d; reading the imports.`,
                ok(
                  'read_files',
                  { files: [{ path: 'source/gza/stats.d', line_ranges: [[1, 20]] }] },
                  fileView(rng, 'source/gza/stats.d', 12),
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
        const line = rng.int(30, 240);
        const needle = `core.exception.AssertError@source/gza/${t}.d(${line}): unittest failure`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 30 : 2,
          (i) => `[gza.${t}] smoothing window ${i + 3}: ${rng.int(100, 900)} points`,
          '',
          dubTest(rng, `${needle}\n${trace(rng, `gza.${t}`, `source/gza/${t}.d`, line)}`),
        );
        return {
          how: 'tool-unittest',
          needle,
          beats: [
            { step: one(undefined, run(rng, 'dub test', out, 1)) },
            {
              step: one(
                `The ${t} unittest expects the raw gain; with the filter it is lower. Reading the test.`,
                ok(
                  'read_files',
                  { files: [{ path: `source/gza/${t}.d`, line_ranges: [[line - 8, line + 4]] }] },
                  fileView(rng, `source/gza/${t}.d`, 12, line - 8),
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
        const needle = `std.conv.ConvException@/usr/include/dlang/dmd/std/conv.d(${rng.int(2000, 2600)}): Unexpected '${t}' when converting from type string to type double`;
        return {
          how: 'tool-runtime',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  rng,
                  'dub run -- stats tracks/svaneti-mestia.gpx',
                  `${dubHead('application')}\n     Linking gza\n     Running gza stats tracks/svaneti-mestia.gpx\n${needle}\n----------------\n??:? pure @safe double std.conv.parse!(double, string, 0).parse(scope ref string) [0x${hex(rng, 12)}]\nsource/gza/gpx.d:${rng.int(40, 200)} gza.gpx.TrackPoint gza.gpx.parsePoint(dxml.dom.DOMEntity!(string).DOMEntity) [0x${hex(rng, 12)}]\nsource/app.d:${rng.int(20, 80)} _Dmain [0x${hex(rng, 12)}]\nError Program exited with code 1`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `The <ele> of one point holds '${t}' instead of a number; parsePoint has to skip such points.`,
                run(
                  rng,
                  `grep -n "<ele>${t}" tracks/svaneti-mestia.gpx`,
                  `${rng.int(100, 9000)}:      <ele>${t}</ele>`,
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
        const needle = `${t} track points`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  rng,
                  'dub run -- stats tracks/tusheti-full.gpx',
                  `${dubHead('application')}\n     Linking gza\n     Running gza stats tracks/tusheti-full.gpx\nSegments:      ${rng.int(2, 14)} (${needle})\nDistance:      ${dur(rng, 40, 160, 2)} km\nAscent:        ${rng.int(2000, 7000)} m\nParsed in ${dur(rng, 0.4, 4, 3)} s`,
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
        const needle = `GZA-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Jira-ში ტიკეტი არის ${needle}, commit message-ში ჩასვი.` }],
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
            (x) => `Next: add \`gza ${x}\` to the README's command table`,
            (x) => `დარჩა: README-ში \`gza ${x}\` ბრძანების აღწერა`,
            (x) => `Remaining — README still lacks a row for \`gza ${x}\``,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Unittests pass under dmd and ldc2.\n${needle}\nThen dscanner once more.`,
                ok('grep', { queries: [`gza ${t}`], path: 'README.md' }, 'No matches found.'),
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
        const needle = `release-მდე ${t} ldc2-ითაც გატესტე`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `მშვენიერია. ბოლოს: ${needle}.` },
            {
              step: one(
                `კარგი, ${t} ldc2-ით. ჯერ ვნახავ, რომელი ვერსია მიყენია.`,
                run(
                  rng,
                  'ldc2 --version | head -3',
                  `LDC - the LLVM D compiler (1.39.0):\n  based on DMD v2.109.1 and LLVM 18.1.8\n  built with LDC - the LLVM D compiler (1.39.0)`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The warp harness. */
export const RIM_WARP: RimHarness = {
  style: 'warp',
  protocol: 'native',
  system: `You are Agent Mode, an AI agent running within Warp, the AI terminal. Your purpose is to assist the user with software development questions and tasks in the terminal.\n\nIMPORTANT: NEVER assist with tasks that express malicious or harmful intent.\n\nYou have tools to run commands, read files, edit files and search the codebase:\n- run_command: runs a shell command in the user's session; you receive the block (command, exit code, duration, output). Prefer non-interactive flags and avoid pagers.\n- read_files: reads one or more files, optionally by line ranges.\n- edit_files: applies search/replace diffs; an empty search creates the file.\n- grep, file_glob: search file contents and names.\nWhen a command fails, read the error carefully before trying again. Keep answers short; the user sees every block.\n\nSystem: Ubuntu 24.04, zsh, cwd ${ROOT} (a dub project: D library + CLI for GPX tracks, dmd 2.109 and ldc2 1.39). The user writes in Georgian.`,
  tools: ['run_command', 'read_files', 'edit_files', 'grep', 'file_glob'],
  callId: (rng) => `tc_01${chars(rng, 24, '0123456789ABCDEFGHJKMNPQRSTVWXYZ')}`,
  noise: warpNoise,
  big: warpBig,
  followUp: (rng) =>
    rng.pick([
      'ტესტები გადის?',
      'dscanner რას ამბობს?',
      'კიდევ ერთხელ გაუშვი dub test, გთხოვ.',
      'მოკლედ ამიხსენი, რა შეცვალე.',
      'კარგი, შემდეგ რა?',
    ]),
  keepGoing: (rng) => rng.pick(['გააგრძელე.', 'გააგრძელე, არ გაჩერდე.', 'გააგრძელე, სანამ ყველა ტესტი არ გაივლის.']),
  answer: (rng) =>
    rng.pick([
      'მზადაა: dub test წარმატებით გადის, გაფრთხილებები არ არის.',
      `Done — ${MODULES.length} modules pass their unittests under dmd and ldc2.`,
      'გამოსწორებულია; dscanner-ის ერთი გაფრთხილება დარჩა gpx.d-ში.',
      'შეჯამება: შეცვლილი მოდულები კომპილირდება და ყველა unittest გადის.',
    ]),
  probe: (rng) => rng.pick(['გააგრძელე.', 'გააგრძელე იქიდან, სადაც გაჩერდი.', 'ახლა?']),
  planters: PLANTERS,
};
