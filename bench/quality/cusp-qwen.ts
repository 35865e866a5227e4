/**
 * The qwen harness of the cusp family (cusp.ts): a Qwen3-Coder-like model whose calls are XML in its
 * text — `<tool_call>`, `<function=run_shell>`, one `<parameter=…>` block a argument with the value on
 * lines of its own — several in one message, the reasoning (if any) before them, answered by one user
 * message of `<tool_response>` blocks in call order, as the model's chat template folds consecutive
 * tool messages. An OpenSCAD project (a parametric bracket and housing for a solar tracker): the
 * render log (cache lines, the Manifold status block, `ECHO:`), parser errors, assertion failures with
 * their `TRACE:` lines, unknown-module warnings, ADMesh's STL report, PrusaSlicer's CLI and G-code
 * statistics; for an Uzbek-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  dur,
  fail,
  lines,
  many,
  numberLines,
  ok,
  one,
  pieces,
  say,
  some,
  hex,
  type CuspCall,
  type CuspHarness,
  type CuspStep,
  type Planter,
} from './cusp-kit';

const ROOT = '/home/dilshod/loyihalar/kronshteyn';
const PARTS = ['bracket.scad', 'housing.scad', 'lid.scad', 'lib/fasteners.scad', 'lib/bearing.scad', 'params.scad'];

/** Whole pieces of the project's sources, as a file view shows them. */
const SCAD = [
  `include <params.scad>\nuse <lib/fasteners.scad>\nuse <lib/bearing.scad>`,
  `module bracket(width = 40, height = 60, wall = wall_t) {\n    difference() {\n        hull() {\n            for (x = [-1, 1], y = [-1, 1])\n                translate([x * (width / 2 - 4), y * (height / 2 - 4), 0])\n                    cylinder(r = 4, h = wall);\n        }\n        for (x = [-1, 1]) translate([x * 14, 0, -1]) m3_hole(wall + 2);\n    }\n}`,
  `// params.scad — shared dimensions (mm)\nwall_t    = 2.4;\nclearance = 0.2;\n$fn       = $preview ? 32 : 96;`,
  `module m3_hole(h) {\n    // teardrop so the hole prints without support\n    rotate([90, 0, 0]) linear_extrude(h) teardrop(r = 1.6 + clearance);\n}`,
  `module bearing_seat(d = 22, h = 7) {\n    assert(d + 2 * wall_t < boss_d, "seat wider than boss");\n    difference() {\n        cylinder(d = boss_d, h = h + wall_t);\n        translate([0, 0, wall_t]) cylinder(d = d + clearance, h = h + 1);\n    }\n}`,
  `module housing() {\n    difference() {\n        rounded_box([80, 60, 45], r = 3);\n        translate([0, 0, wall_t]) rounded_box([80 - 2 * wall_t, 60 - 2 * wall_t, 45], r = 1.5);\n        cable_gland_cutout();\n    }\n}`,
  `bracket();\ntranslate([0, 0, 2.4]) bearing_seat();\necho("wall", wall_t, "clearance", clearance);`,
];

/** A call as the model writes it: the function and its parameters (values as written). */
function xcall(tool: string, args: Record<string, string>, output: string, code = 0): CuspCall {
  return code === 0 ? ok(tool, args, output, 0) : fail(tool, args, output, code);
}

/** A shell call: what it printed, and the exit status when it failed. */
function sh(command: string, output: string, code = 0): CuspCall {
  return xcall('run_shell', { command }, code === 0 ? output : `${output}\n(exit status ${code})`, code);
}

function view(rng: Rng, path: string, n: number, from = 1): CuspCall {
  return xcall(
    'view_file',
    { path: `${ROOT}/${path}` },
    numberLines(pieces(rng, SCAD, n), from, (k, l) => `${String(k).padStart(4)}  ${l}`),
  );
}

function cacheLines(rng: Rng): string {
  return `Geometries in cache: ${rng.int(6, 80)}\nGeometry cache size in bytes: ${rng.int(200000, 9000000)}\nCGAL Polyhedrons in cache: 0\nCGAL cache size in bytes: 0`;
}

/** A successful render of one part to STL. */
function render(rng: Rng, part: string, echo = ''): string {
  const v = rng.int(800, 9000);
  return `Parsing design (AST generation)...\nCompiling design (CSG Tree generation)...\n${echo ? `${echo}\n` : ''}Rendering Polygon Mesh using Manifold...\n${cacheLines(rng)}\nTotal rendering time: 0:00:0${rng.int(0, 9)}.${rng.int(100, 999)}\nTop level object is a 3D object (manifold):\n   Status:     NoError\n   Genus:      ${rng.int(0, 8)}\n   Vertices:   ${String(v).padStart(6)}\n   Facets:     ${String(v * 2 - 4).padStart(6)}\nRendering finished.\nExported build/${part.replace(/^.*\//, '').replace('.scad', '.stl')}`;
}

function openscad(part: string): string {
  return `openscad --backend=manifold -o build/${part.replace(/^.*\//, '').replace('.scad', '.stl')} ${part}`;
}

function admesh(rng: Rng, stl: string, volume?: string): string {
  const f = rng.int(1600, 18000);
  const x = rng.int(20, 45);
  const y = rng.int(15, 35);
  return `ADMesh version 0.98.5, Copyright (C) 1995, 1996  Anthony D. Martin\nADMesh comes with NO WARRANTY.  This is free software, and you are welcome to\nredistribute it under certain conditions.  See the file COPYING for details.\nOpening ${stl}\nChecking exact...\nAll facets connected.  No nearby check necessary.\nNo unconnected need to be removed.\nNo holes need to be filled.\nChecking normal directions...\nChecking normal values...\nCalculating volume...\n\n================= Results produced by ADMesh version 0.98.5 ================\nInput file         : ${stl}\nFile type          : Binary STL file\nHeader             : OpenSCAD Model\n============== Size ==============\nMin X = -${x}.000000, Max X = ${x}.000000\nMin Y = -${y}.000000, Max Y = ${y}.000000\nMin Z = 0.000000, Max Z = ${rng.int(8, 48)}.400000\n========= Facet Status ========== Original ============ Final ====\nNumber of facets                 : ${String(f).padStart(5)}               ${String(f).padStart(5)}\nFacets with 1 disconnected edge  :     0                   0\nFacets with 2 disconnected edges :     0                   0\nFacets with 3 disconnected edges :     0                   0\nTotal disconnected facets        :     0                   0\n=== Processing Statistics ===     ===== Other Statistics =====\nNumber of parts       :     1        Volume   :  ${volume ?? `${rng.int(4000, 90000)}.${rng.int(100000, 999999)}`}\nDegenerate facets     :     0\nEdges fixed           :     0\nFacets removed        :     0\nFacets added          :     0\nFacets reversed       :     0\nBackwards edges       :     0\nNormals fixed         :     0`;
}

function slice(rng: Rng, part: string): string {
  const stem = part.replace(/^.*\//, '').replace('.scad', '');
  return `prusa-slicer --export-gcode --load profiles/petg-0.2mm.ini -o build/${stem}.gcode build/${stem}.stl\nSlicing result exported to build/${stem}.gcode\n$ grep -E '^; (estimated printing time|filament used)' build/${stem}.gcode\n; filament used [mm] = ${rng.int(2000, 14000)}.${rng.int(10, 99)}\n; filament used [cm3] = ${dur(rng, 4, 34)}\n; filament used [g] = ${dur(rng, 5, 42)}\n; estimated printing time (normal mode) = ${rng.int(0, 3)}h ${rng.int(1, 59)}m ${rng.int(1, 59)}s`;
}

function qwenNoise(rng: Rng): CuspStep {
  const r = rng.int(0, 8);
  const part = rng.pick(PARTS.slice(0, 3));
  if (r === 0) return one(undefined, sh(openscad(part), render(rng, part)));
  if (r === 1)
    return many('Render both printed parts, then check the meshes.', [
      sh(openscad('bracket.scad'), render(rng, 'bracket.scad', `ECHO: "wall", 2.4, "clearance", 0.2`)),
      sh(`admesh build/${part.replace('.scad', '.stl')}`, admesh(rng, `build/${part.replace('.scad', '.stl')}`)),
    ]);
  if (r === 2) {
    const [a, b] = rng.sample(PARTS, 2) as [string, string];
    return many(undefined, [view(rng, a, rng.int(2, 4)), view(rng, b, rng.int(1, 3))]);
  }
  if (r === 3) {
    const q = rng.pick(['wall_t', 'm3_hole', 'bearing_seat', 'clearance', 'boss_d', '\\$fn']);
    return one(
      undefined,
      sh(
        `grep -rn "${q}" --include=*.scad .`,
        lines(
          rng.int(2, 6),
          () =>
            `./${rng.pick(PARTS)}:${rng.int(2, 120)}:${rng.pick(['wall_t    = 2.4;', '        m3_hole(wall + 2);', 'module bearing_seat(d = 22, h = 7) {', 'clearance = 0.2;', '    cylinder(d = boss_d, h = h + wall_t);'])}`,
        ),
      ),
    );
  }
  if (r === 4) return one('Slice it with the PETG profile to see the print time.', sh('make gcode', slice(rng, part)));
  if (r === 5)
    return one(
      undefined,
      sh(
        'make check',
        `python3 tests/check_fit.py build/*.stl\n${lines(rng.int(4, 8), () => `[ok] ${rng.pick(['bracket', 'housing', 'lid'])}: ${rng.pick(['M3 hole', 'bearing seat', 'lid lip', 'cable gland'])} clearance ${dur(rng, 0.15, 0.3)} mm`)}\nall fit checks passed`,
      ),
    );
  if (r === 6)
    return one(
      undefined,
      sh(
        'git status --short && git log --oneline -3',
        `${some(rng, PARTS, rng.int(1, 3))
          .map((p) => ` M ${p}`)
          .join(
            '\n',
          )}\n${hex(rng, 7)} housing: cable gland cutout\n${hex(rng, 7)} params: clearance 0.2\n${hex(rng, 7)} bracket: teardrop holes`,
      ),
    );
  if (r === 7)
    return one(
      undefined,
      sh(
        `openscad -o build/preview.png --camera=0,0,0,55,0,25,220 --imgsize=1024,768 --colorscheme=Tomorrow ${part}`,
        `Parsing design (AST generation)...\nCompiling design (CSG Tree generation)...\nCompiling design (CSG Products generation)...\nGeometries in cache: ${rng.int(6, 40)}\nGeometry cache size in bytes: ${rng.int(200000, 4000000)}\nCGAL Polyhedrons in cache: 0\nCGAL cache size in bytes: 0\nCompiling design (CSG Products normalization)...\nNormalized tree has ${rng.int(4, 60)} elements!\nCompile and preview finished.\nTotal rendering time: 0:00:00.${rng.int(100, 999)}`,
      ),
    );
  return one(undefined, sh('openscad --version', 'OpenSCAD version 2024.12.06'));
}

function qwenBig(rng: Rng): CuspStep {
  if (rng.chance(0.5)) {
    const n = rng.int(200, 240);
    const facets = lines(n, () => {
      const v = () =>
        `${rng.int(-40, 40)}.${rng.int(0, 99)} ${rng.int(-30, 30)}.${rng.int(0, 99)} ${rng.int(0, 45)}.${rng.int(0, 9)}`;
      return `  facet normal ${rng.pick(['0 0 -1', '0 0 1', '-1 0 0', '1 0 0', '0 -1 0', '0 1 0', '0.707107 0.707107 0'])}\n    outer loop\n      vertex ${v()}\n      vertex ${v()}\n      vertex ${v()}\n    endloop\n  endfacet`;
    });
    return one(
      'Dump the bracket as ASCII STL to look at the facets around the bearing seat.',
      sh(
        'openscad --export-format asciistl -o - bracket.scad 2>/dev/null',
        `solid OpenSCAD_Model\n${facets}\nendsolid OpenSCAD_Model`,
      ),
    );
  }
  let z = 0.2;
  const gcode = lines(rng.int(1100, 1300), (i) => {
    if (i % 120 === 0) {
      z += 0.2;
      return `;LAYER_CHANGE\n;Z:${z.toFixed(1)}\nG1 Z${z.toFixed(1)} F720`;
    }
    return `G1 X${dur(rng, 60, 160, 3)} Y${dur(rng, 60, 160, 3)} E${dur(rng, 0.01, 0.9, 5)}`;
  });
  return one(
    undefined,
    sh(
      'head -n 1400 build/housing.gcode',
      `; generated by PrusaSlicer 2.8.1+linux-x64-GTK3 on 2025-03-11 at 09:${rng.int(10, 59)}:12 UTC\n\n; external perimeters extrusion width = 0.45mm\n; perimeters extrusion width = 0.45mm\n; first layer extrusion width = 0.42mm\n\nM73 P0 R${rng.int(40, 140)}\nM201 X1000 Y1000 Z200 E5000\nM104 S240\nM140 S85\nG28 W\nG80\n${gcode}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} o'qi uchun 608ZZ podshipnik o'rindig'i bor kronshteyn`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Salom! Loyiha ~/loyihalar/kronshteyn papkasida — quyosh paneli kuzatuvchisi uchun OpenSCAD'dagi parametrik qismlar (bracket.scad, housing.scad, lid.scad, lib/). Menga ${needle} kerak. Bosma PETG'da, 0.2 mm qatlam bilan bo'ladi; tekshirish uchun make check va admesh bor.`,
            },
            {
              step: many('First the layout and what the current parts render to.', [
                sh(
                  'ls -R | head -30',
                  `.:\nbracket.scad\nbuild\nhousing.scad\nlib\nlid.scad\nMakefile\nparams.scad\nprofiles\ntests\n\n./lib:\nbearing.scad\nfasteners.scad\nteardrop.scad`,
                ),
                sh(openscad('bracket.scad'), render(rng, 'bracket.scad')),
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
        const needle = `${t} qopqog'i uchun vintsiz snap-fit mahkamlagich`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Keyingi ish: ${needle}. Qopqoq housing.scad'ga yopishi kerak.` }],
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
            (x) => `${x} modulida devor qalinligi 2.4 mm dan kam bo'lmasin`,
            (x) => `${x} uchun faqat M3 vintlar ishlatiladi`,
            (x) => `${x} tayanchsiz (supportsiz) bosilishi kerak`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Bitta qoida: ${needle}.`,
                `Esda tuting — ${needle}. Bu haqda ustaxona bilan kelishganmiz.`,
                `Muhim: ${needle}.`,
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
        const T = t.toUpperCase();
        const needle = `// PRINTER ${T}: bed 250 x 210 x 220 mm, overhangs no steeper than 45 deg`;
        return {
          how: 'tool-header',
          needle,
          beats: [
            {
              step: one(
                'The shared parameters carry the printer limits; read them before sizing the housing.',
                xcall(
                  'view_file',
                  { path: `${ROOT}/params.scad` },
                  numberLines(
                    `// params.scad — shared dimensions (mm)\n${needle}\n// nozzle 0.4, PETG, 0.2 mm layers\nwall_t    = 2.4;\nclearance = 0.2;\nboss_d    = 30;\n$fn       = $preview ? 32 : 96;`,
                    1,
                    (k, l) => `${String(k).padStart(4)}  ${l}`,
                  ),
                ),
              ),
            },
            {
              step: one(
                `Printer ${T} limits the overhang to 45 degrees, so the lid lip gets a chamfer instead of a flat ledge.`,
                sh(`grep -n "${T}" -r . --include=*.scad`, `./params.scad:2:${needle}`),
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
            (x) => `I'll model ${x} as a hull() of four cylinders instead of a minkowski() rounding`,
            (x) => `${x} goes into lib/ as a module with named parameters, and bracket.scad only composes parts`,
            (x) => `The ${x} holes are printed as teardrops so they need no support`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: many(`${needle}; minkowski() on this mesh takes minutes to render and hull() is exact enough.`, [
                xcall(
                  'write_file',
                  {
                    path: `${ROOT}/lib/${t}.scad`,
                    content: `// ${t}: rounded plate\nmodule ${t}(size, r = 3) {\n    hull() for (x = [-1, 1], y = [-1, 1])\n        translate([x * (size.x / 2 - r), y * (size.y / 2 - r), 0]) cylinder(r = r, h = size.z);\n}\n`,
                  },
                  `File written: ${ROOT}/lib/${t}.scad (5 lines)`,
                ),
                sh(openscad('bracket.scad'), render(rng, 'bracket.scad')),
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
        const needle = `${t} uchun fillet radiusi 3 mm bo'ladi`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            { user: rng.pick([`Qaror qildik: ${needle}.`, `Shunday qilamiz: ${needle}, ustaxona shuni so'radi.`]) },
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
        const needle = `parts/${t}_cover.scad`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('A separate file for the cover, so it renders and prints on its own.', [
                xcall(
                  'write_file',
                  {
                    path: `${ROOT}/${needle}`,
                    content: `include <../params.scad>\nuse <../lib/fasteners.scad>\n\ncover();\n\nmodule cover() {\n    difference() {\n        cube([60, 40, wall_t]);\n        for (x = [8, 52]) translate([x, 20, -1]) m3_hole(wall_t + 2);\n    }\n}\n`,
                  },
                  `File written: ${ROOT}/${needle} (11 lines)`,
                ),
                sh(openscad(needle), render(rng, needle)),
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
        const needle = `tests/test_${t}_fit.py`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: many('A fit test for the new part, in the same style as the others.', [
                xcall(
                  'write_file',
                  {
                    path: `${ROOT}/${needle}`,
                    content: `import trimesh\n\ndef test_bore_fits_608():\n    m = trimesh.load("build/bracket.stl")\n    assert m.is_watertight\n`,
                  },
                  `File written: ${ROOT}/${needle} (5 lines)`,
                ),
                sh(
                  `python3 -m pytest -q ${needle}`,
                  `.                                                                        [100%]\n1 passed in ${dur(rng, 0.3, 2)}s`,
                ),
              ]),
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
        const l = rng.int(12, 140);
        const needle = `ERROR: Parser error in file "${ROOT}/lib/${t}.scad", line ${l}: syntax error`;
        return {
          how: 'tool-parser',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  openscad('bracket.scad'),
                  `Parsing design (AST generation)...\n${needle}\n\nCan't parse file 'bracket.scad'!`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `The parser stops in lib/${t}.scad at line ${l}; probably a missing semicolon before the module call.`,
                view(rng, `lib/${t}.scad`, 2, Math.max(1, l - 4)),
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
        const l = rng.int(10, 60);
        const needle = `ERROR: Assertion '((d + (2 * wall_t)) < boss_d)' failed: "${t} seat wider than boss" in file lib/bearing.scad, line ${l}`;
        return {
          how: 'tool-assert',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  openscad('bracket.scad'),
                  `Parsing design (AST generation)...\nCompiling design (CSG Tree generation)...\n${needle}\nTRACE: called by 'assert', in file lib/bearing.scad, line ${l}.\nTRACE: called by 'bearing_seat', in file bracket.scad, line ${rng.int(20, 90)}.\nExecution aborted`,
                  1,
                ),
              ),
            },
            {
              step: one(
                'boss_d is 30 and the 608 seat needs 22 + 2 × 2.4 plus clearance; the boss must grow.',
                view(rng, 'lib/bearing.scad', 2, Math.max(1, l - 3)),
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
        const l = rng.int(20, 160);
        const needle = `WARNING: Ignoring unknown module '${t}_nut_trap' in file housing.scad, line ${l}`;
        return {
          how: 'tool-warning',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  `${openscad('housing.scad')} --hardwarnings`,
                  `Parsing design (AST generation)...\nCompiling design (CSG Tree generation)...\n${needle}\nExecution aborted`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t}_nut_trap is not defined anywhere; lib/fasteners.scad has only nut_trap().`,
                sh(
                  `grep -rn "module .*nut_trap" lib/`,
                  `lib/fasteners.scad:${rng.int(10, 60)}:module nut_trap(size = "M3", depth = 2.4) {`,
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
        const needle = `Volume   :  ${t}.250000`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'How much material is the large housing?',
                sh('admesh build/housing.stl', admesh(rng, 'build/housing.stl', `${t}.250000`)),
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
        const needle = `KRN-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Jira tiketi ${needle}; uni commit xabariga qo'shing, iltimos.` }],
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
            (x) => `Next: re-slice ${x} with 4 perimeters and compare the print time`,
            (x) => `Still to do: a test print of the ${x} hole fit at 0.2 mm layers`,
            (x) => `Keyingi qadam: ${x} qismini PETG profili bilan qayta kesish`,
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
                sh(
                  `git add -A && git commit -qm "bracket: ${t}" && git log --oneline -1`,
                  `${hex(rng, 7)} bracket: ${t}`,
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
        const needle = `oxirida ${t} uchun 3MF eksport qiling`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Rahmat. Oxirgi narsa: ${needle}.` },
            {
              step: one(
                `Exporting ${t} as 3MF for the print farm.`,
                sh(
                  `openscad -o build/${t}.3mf bracket.scad`,
                  render(rng, 'bracket.scad').replace('build/bracket.stl', `build/${t}.3mf`),
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

function renderCall(c: CuspCall): string {
  const params = Object.entries(c.args)
    .map(([k, v]) => `<parameter=${k}>\n${String(v)}\n</parameter>`)
    .join('\n');
  return `<tool_call>\n<function=${c.tool}>\n${params}\n</function>\n</tool_call>`;
}

const TOOLS_XML = [
  [
    'run_shell',
    'Run a shell command in the project directory and return its output.',
    [['command', 'string', 'The command to run.']],
  ],
  ['view_file', 'Show a file with line numbers.', [['path', 'string', 'Absolute path of the file.']]],
  [
    'write_file',
    'Create or overwrite a file.',
    [
      ['path', 'string', 'Absolute path.'],
      ['content', 'string', 'The whole new content.'],
    ],
  ],
] as const;

/** The qwen harness. */
export const CUSP_QWEN: CuspHarness = {
  style: 'qwen',
  protocol: 'text',
  system: `You are Qwen, a helpful AI assistant that can interact with a computer to solve tasks.\n\nThe project is ${ROOT}: parametric parts for a solar tracker in OpenSCAD 2024.12 (Manifold backend), printed in PETG; \`make\` renders STLs into build/, \`make check\` runs the fit checks, \`make gcode\` slices with PrusaSlicer. The user writes in Uzbek; answer in Uzbek.\n\n# Tools\n\nYou have access to the following functions:\n\n<tools>\n${TOOLS_XML.map(([n, d, ps]) => `<function>\n<name>${n}</name>\n<description>${d}</description>\n<parameters>\n${ps.map(([p, ty, pd]) => `<parameter>\n<name>${p}</name>\n<type>${ty}</type>\n<description>${pd}</description>\n</parameter>`).join('\n')}\n<required>[${ps.map(([p]) => `"${p}"`).join(', ')}]</required>\n</parameters>\n</function>`).join('\n')}\n</tools>\n\nIf you choose to call a function ONLY reply in the following format with NO suffix:\n\n<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n</parameter>\n<parameter=example_parameter_2>\nThis is the value for the second parameter\nthat can span\nmultiple lines\n</parameter>\n</function>\n</tool_call>\n\n<IMPORTANT>\nReminder:\n- Function calls MUST follow the specified format: an inner <function=...></function> block must be nested within <tool_call></tool_call> XML tags\n- Required parameters MUST be specified\n- You may provide optional reasoning for your function call in natural language BEFORE the function call, but NOT after\n- If there is no function call available, answer the question like normal with your current knowledge and do not tell the user about function calls\n</IMPORTANT>`,
  tools: TOOLS_XML.map(([n]) => n),
  callId: (rng) => `call_${chars(rng, 8, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
  renderStep: (s) => `${s.say ? `${s.say}\n\n` : ''}${s.calls.map(renderCall).join('\n')}`,
  renderResults: (s) => s.calls.map((c) => `<tool_response>\n${c.output}\n</tool_response>`).join('\n'),
  resultStart: /^<tool_response>\n/,
  callMark: /^<tool_call>$/gm,
  resultMark: /^<tool_response>$/gm,
  noise: qwenNoise,
  big: qwenBig,
  followUp: (rng) =>
    rng.pick([
      "Render o'tdimi?",
      "STL fayl to'g'rimi, admesh nima deydi?",
      'Iltimos, make check ni qaytadan ishga tushiring.',
      "Nimani o'zgartirganingizni qisqacha tushuntiring.",
      'Yaxshi, keyin nima?',
      'Bosma vaqti qancha chiqdi?',
    ]),
  keepGoing: (rng) =>
    rng.pick(['Davom eting.', "Davom eting, to'xtamang.", "Hamma tekshiruvlar o'tguncha davom eting."]),
  answer: (rng) =>
    rng.pick([
      `Tayyor: barcha qismlar render bo'ldi, admesh xatosiz, bosma vaqti taxminan ${rng.int(1, 3)} soat.`,
      'Done: every part renders with the Manifold backend and the fit checks pass.',
      "Tuzatildi. housing.scad'da bitta ogohlantirish qoldi, u bu o'zgarishga aloqador emas.",
      "Xulosa: o'zgargan qismlar render bo'ladi, make check yashil.",
    ]),
  probe: (rng) => rng.pick(['Davom eting.', "To'xtagan joyingizdan davom eting.", "Xo'sh, endi-chi?"]),
  planters: PLANTERS,
};
