/**
 * The blender harness of the fringe family (fringe.ts): an agent driving Blender through MCP-style
 * tools (`get_scene_info`, `get_object_info`, `execute_blender_code`, `render_frame`, `save_file`),
 * each result the MCP envelope `{"content": [{"type": "text", "text": "…"}], "isError": false}` as
 * the client relays it (bpy's Python tracebacks inside `text` with `"isError": true`), plus a
 * plain `shell` tool for the headless pipeline (`blender --background … --python …`) and pytest on
 * the pipeline's add-on; parallel calls where they are independent. A product-visualisation
 * pipeline for a furniture shop (materials, Cycles settings, frame ranges, output paths, an asset
 * library), for a Mongolian-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  chars,
  dur,
  fail,
  lines,
  many,
  ok,
  one,
  pad,
  pyJson,
  say,
  some,
  type FringeCall,
  type FringeHarness,
  type FringeStep,
  type Planter,
} from './fringe-kit';

const ROOT = '/home/bold/tusul/vizpipe';
const MCP = ['get_scene_info', 'get_object_info', 'execute_blender_code', 'render_frame', 'save_file'];
const OBJECTS = [
  'Sofa_Body',
  'Sofa_Cushion_L',
  'Sofa_Cushion_R',
  'Sofa_Legs',
  'Floor_Cyc',
  'Key_Light',
  'Fill_Light',
  'Rim_Light',
  'Camera_Hero',
  'Camera_Detail',
];
const MATERIALS = [
  'Felt_Grey',
  'Felt_Mustard',
  'Linen_Sand',
  'Oak_Natural',
  'Walnut_Oiled',
  'Brass_Brushed',
  'Cyc_White',
];
const SKUS = ['SF-310', 'SF-311', 'CH-204', 'TB-118'];
const PY = [
  'vizpipe/__init__.py',
  'vizpipe/materials.py',
  'vizpipe/render.py',
  'vizpipe/variants.py',
  'pipeline/render_variants.py',
];

/** An MCP tool's call; the envelope is added when the message is written (`wrap`). */
function mcp(tool: string, args: Record<string, unknown>, text: string, isError = false): FringeCall {
  return isError ? fail(tool, args, text, 1) : ok(tool, args, text);
}

function sh(command: string, output: string, exitCode = 0): FringeCall {
  return exitCode === 0 ? ok('shell', { command }, output, 0) : fail('shell', { command }, output, exitCode);
}

function sceneInfo(rng: Rng, extra = 0): string {
  const objs = [...OBJECTS, ...Array.from({ length: extra }, (_, i) => `Prop_${pad(i + 1, 3)}`)];
  return JSON.stringify(
    {
      name: 'Scene',
      object_count: objs.length,
      objects: objs.map((name) => ({
        name,
        type: name.includes('Light') ? 'LIGHT' : name.includes('Camera') ? 'CAMERA' : 'MESH',
        location: [Number(dur(rng, -2, 2, 2)), Number(dur(rng, -2, 2, 2)), Number(dur(rng, 0, 2, 2))],
      })),
      materials_count: MATERIALS.length,
      render: {
        engine: 'CYCLES',
        samples: rng.pick([128, 256]),
        resolution: [2000, 2000],
        frame_start: 1,
        frame_end: rng.pick([1, 120]),
      },
    },
    null,
    2,
  );
}

function objectInfo(rng: Rng, name: string): string {
  return JSON.stringify(
    {
      name,
      type: 'MESH',
      location: [0, 0, Number(dur(rng, 0, 0.6, 3))],
      rotation: [0, 0, 0],
      scale: [1, 1, 1],
      visible: true,
      materials: some(rng, MATERIALS, rng.int(1, 3)),
      mesh: { vertices: rng.int(2000, 90000), edges: rng.int(4000, 180000), polygons: rng.int(2000, 90000) },
      world_bounding_box: [
        [-1.1, -0.45, 0.0],
        [1.1, 0.45, Number(dur(rng, 0.7, 0.95, 3))],
      ],
    },
    null,
    2,
  );
}

function blenderHead(scene: string): string {
  return `Blender 4.2.3 LTS (hash 2d9ac8fd5c5e built 2024-10-15 01:21:38)\nRead prefs: "/home/bold/.config/blender/4.2/config/userpref.blend"\nRead blend: "${ROOT}/${scene}"`;
}

/** Cycles' progress lines for one frame, then the saved file. */
function frameLog(rng: Rng, frame: number, out: string, samples: number, every = 32): string {
  const rows: string[] = [];
  const mem = () => `${dur(rng, 300, 900, 2)}M`;
  const stamp = (s: number) => `00:${pad(Math.floor(s))}.${pad(rng.int(0, 99))}`;
  rows.push(
    `Fra:${frame} Mem:${mem()} (Peak ${mem()}) | Time:${stamp(0.2)} | Mem:0.00M, Peak:0.00M | Scene, ViewLayer | Synchronizing object | ${rng.pick(OBJECTS)}`,
  );
  rows.push(
    `Fra:${frame} Mem:${mem()} (Peak ${mem()}) | Time:${stamp(2)} | Mem:${mem()}, Peak:${mem()} | Scene, ViewLayer | Updating Images | Loading ${rng.pick(['felt_grey_diff_4k.jpg', 'oak_natural_rough_4k.jpg', 'linen_sand_nor_4k.exr'])}`,
  );
  for (let s = every; s <= samples; s += every) {
    const t = (s / samples) * 40;
    rows.push(
      `Fra:${frame} Mem:${mem()} (Peak ${mem()}) | Time:${stamp(t)} | Remaining:${stamp(40 - t)} | Mem:${mem()}, Peak:${mem()} | Scene, ViewLayer | Sample ${s}/${samples}`,
    );
  }
  rows.push(`Saved: '${out}'`, ` Time: 00:${dur(rng, 20, 59, 2)} (Saving: 00:00.${pad(rng.int(3, 30))})`, '');
  return rows.join('\n');
}

function cli(rng: Rng, sku: string, frames = 1): string {
  const body = Array.from({ length: frames }, (_, i) =>
    frameLog(rng, i + 1, `${ROOT}/renders/${sku}/${rng.pick(MATERIALS).toLowerCase()}_${pad(i + 1, 4)}.png`, 128),
  ).join('\n');
  return `${blenderHead(`scenes/${sku}.blend`)}\nvizpipe: ${rng.int(2, 7)} variants for SKU ${sku}\n${body}\nBlender quit`;
}

/** pytest's section title: the name centred in a line of underscores, 80 wide. */
function rule(name: string): string {
  const title = ` ${name} `;
  const left = Math.floor((80 - title.length) / 2);
  return `${'_'.repeat(left)}${title}${'_'.repeat(Math.max(0, 80 - left - title.length))}`;
}

function pytest(rng: Rng, failing?: { file: string; test: string; body: string; summary: string }): string {
  const files = [
    'tests/test_materials.py',
    'tests/test_variants.py',
    'tests/test_render_settings.py',
    'tests/test_paths.py',
  ];
  let n = 0;
  const rows = files.map((f, i) => {
    const k = rng.int(4, 9);
    n += k;
    const dots = failing?.file === f ? `${'.'.repeat(k - 2)}F.` : '.'.repeat(k);
    return `${f} ${dots}`.padEnd(75) + ` [${String(Math.round((100 * (i + 1)) / files.length)).padStart(3)}%]`;
  });
  const head = `============================= test session starts ==============================\nplatform linux -- Python 3.11.9, pytest-8.3.3, pluggy-1.5.0\nrootdir: ${ROOT}\nconfigfile: pyproject.toml\ncollected ${n} items\n\n${rows.join('\n')}\n`;
  if (!failing)
    return `${head}\n============================== ${n} passed in ${dur(rng, 1, 9, 2)}s ==============================`;
  return `${head}\n=================================== FAILURES ===================================\n${rule(failing.test)}\n\n${failing.body}\n=========================== short test summary info ============================\nFAILED ${failing.file}::${failing.test} - ${failing.summary}\n========================= 1 failed, ${n - 1} passed in ${dur(rng, 1, 9, 2)}s =========================`;
}

function code(rng: Rng): string {
  return rng.pick([
    `import bpy\nscene = bpy.context.scene\nprint(scene.cycles.samples, scene.render.resolution_x, scene.render.filepath)`,
    `import bpy\nfor m in bpy.data.materials:\n    print(m.name, m.users)`,
    `import bpy\nobj = bpy.data.objects["Sofa_Body"]\nprint([s.material.name for s in obj.material_slots])`,
    `import bpy\nbpy.context.scene.frame_set(1)\nprint(bpy.context.scene.camera.name)`,
  ]);
}

function codeOut(rng: Rng, src: string): string {
  if (src.includes('samples'))
    return `Code executed successfully: ${rng.pick([128, 256])} 2000 //renders/${rng.pick(SKUS)}/`;
  if (src.includes('materials:'))
    return `Code executed successfully: ${MATERIALS.map((m) => `${m} ${rng.int(0, 3)}`).join('\n')}`;
  if (src.includes('material_slots'))
    return `Code executed successfully: ${JSON.stringify(some(rng, MATERIALS, 2)).replace(/"/g, "'")}`;
  return `Code executed successfully: ${rng.pick(['Camera_Hero', 'Camera_Detail'])}`;
}

function blenderNoise(rng: Rng): FringeStep {
  const r = rng.int(0, 8);
  if (r === 0)
    return many(undefined, [
      mcp('get_scene_info', {}, sceneInfo(rng)),
      mcp(
        'get_object_info',
        { object_name: rng.pick(OBJECTS.slice(0, 4)) },
        objectInfo(rng, rng.pick(OBJECTS.slice(0, 4))),
      ),
    ]);
  if (r === 1) {
    const c = code(rng);
    return one(undefined, mcp('execute_blender_code', { code: c }, codeOut(rng, c)));
  }
  if (r === 2) return one(undefined, sh('python -m pytest -q tests', pytest(rng)));
  if (r === 3) {
    const sku = rng.pick(SKUS);
    return one(
      rng.pick(['Headless run of one SKU to compare with the interactive render.', undefined]),
      sh(
        `blender --background scenes/${sku}.blend --python pipeline/render_variants.py -- --sku ${sku} --variants 1`,
        cli(rng, sku),
      ),
    );
  }
  if (r === 4) {
    const f = rng.int(1, 120);
    return one(
      undefined,
      mcp(
        'render_frame',
        { frame: f },
        `Rendered frame ${f} to ${ROOT}/renders/preview/frame_${pad(f, 4)}.png (2000x2000, ${rng.pick([64, 128])} samples, 00:${dur(rng, 10, 59, 2)})`,
      ),
    );
  }
  if (r === 5)
    return one(
      undefined,
      sh(
        `cat ${rng.pick(PY)} | head -40`,
        rng.pick([
          `import bpy\nfrom pathlib import Path\n\n\ndef apply_variant(scene: bpy.types.Scene, variant: dict) -> None:\n    mat = bpy.data.materials[variant["material"]]\n    for name in variant["objects"]:\n        obj = scene.objects[name]\n        obj.material_slots[0].material = mat\n`,
          `def configure_cycles(scene, samples=256, denoise=True):\n    scene.render.engine = "CYCLES"\n    scene.cycles.samples = samples\n    scene.cycles.use_denoising = denoise\n    scene.render.image_settings.file_format = "PNG"\n    scene.render.image_settings.color_depth = "16"\n`,
        ]),
      ),
    );
  if (r === 6)
    return one(
      undefined,
      sh(
        'git status --short',
        some(rng, PY, rng.int(1, 3))
          .map((f) => ` M ${f}`)
          .join('\n'),
      ),
    );
  if (r === 7)
    return many('Material list and the render settings together.', [
      mcp(
        'execute_blender_code',
        { code: `import bpy\nfor m in bpy.data.materials:\n    print(m.name, m.users)` },
        `Code executed successfully: ${MATERIALS.map((m) => `${m} ${rng.int(0, 3)}`).join('\n')}`,
      ),
      mcp(
        'execute_blender_code',
        {
          code: `import bpy\nscene = bpy.context.scene\nprint(scene.cycles.samples, scene.render.resolution_x, scene.render.filepath)`,
        },
        `Code executed successfully: 256 2000 //renders/${rng.pick(SKUS)}/`,
      ),
    ]);
  return one(
    undefined,
    sh(
      'ls renders/ && du -sh renders/*',
      `${SKUS.join('\n')}\n${SKUS.map((s) => `${rng.int(12, 480)}M\trenders/${s}`).join('\n')}`,
    ),
  );
}

function blenderBig(rng: Rng): FringeStep {
  if (rng.chance(0.5)) {
    const sku = rng.pick(SKUS);
    return one(
      'Full turntable in the background with every sample line, to see where the time goes.',
      sh(
        `blender --background scenes/${sku}.blend --python pipeline/render_variants.py -- --sku ${sku} --turntable`,
        `${blenderHead(`scenes/${sku}.blend`)}\n${Array.from({ length: rng.int(9, 12) }, (_, i) => frameLog(rng, i + 1, `${ROOT}/renders/${sku}/turntable_${pad(i + 1, 4)}.png`, 256, 16)).join('\n')}\nBlender quit`,
      ),
    );
  }
  return one(
    'The whole scene, props included, before cleaning the collection up.',
    mcp('get_scene_info', { include_props: true }, sceneInfo(rng, rng.int(150, 180))),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `шинэ "${t}" буйдангийн бүх материалын хувилбарыг автоматаар рендерлэх`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Сайн байна уу! Төсөл ~/tusul/vizpipe-д байгаа — манай тавилгын онлайн дэлгүүрийн бүтээгдэхүүний зургийг Blender 4.2-оор гаргадаг pipeline (vizpipe add-on, pipeline/ доторх скриптүүд, assets/library.blend). Blender MCP-ээр нээлттэй байгаа. Надад ${needle} хэрэгтэй: даавуу бүрээр нэг зураг, 2000x2000. assets/library.blend-ийг битгий хадгалаарай.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t} сандлын 120 кадртай эргэлдэх (turntable) видео`;
        return { how: 'user-followup', needle, beats: [{ user: `Дараагийн ажил: ${needle}, MP4 биш, PNG дараалал.` }] };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `asset library-д ${t} гэсэн шинэ материалын багц нэмэх`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Бас нэг зүйл: ${needle}, дизайнерууд тэндээс чирч авдаг.` }],
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
            (x) => `${x}-ийн рендерүүд зөвхөн Cycles, 256 sample-аас доош болохгүй`,
            (x) => `${x}-ийн гаралтын файлууд зөвхөн 16 битийн PNG байх ёстой`,
            (x) => `${x} скрипт assets/library.blend-ийг хэзээ ч дарж хадгалахгүй`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Нэг дүрэм: ${needle}.`,
                `Санаж байгаарай — ${needle}; дэлгүүрийн баг үүнийг шаардсан.`,
                `Чухал: ${needle}.`,
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
        const needle = `# NOTE(${t}): output_root must stay under /mnt/renders — the shop syncs only that tree`;
        return {
          how: 'tool-config',
          needle,
          beats: [
            {
              step: one(
                'Reading the pipeline config before pointing the renders anywhere.',
                sh(
                  'cat pipeline.toml',
                  `[pipeline]\nblender = "/opt/blender-4.2.3/blender"\n${needle}\noutput_root = "/mnt/renders/vizpipe"\nasset_library = "assets/library.blend"\n\n[render]\nengine = "CYCLES"\nsamples = ${rng.pick([256, 512])}\nresolution = [2000, 2000]\ncolor_depth = 16\n\n[skus]\nactive = [${SKUS.map((s) => `"${s}"`).join(', ')}]`,
                ),
              ),
            },
            {
              step: one(
                `So every ${t} output path has to resolve below /mnt/renders; checking what the scene writes to now.`,
                mcp(
                  'execute_blender_code',
                  { code: 'import bpy\nprint(bpy.path.abspath(bpy.context.scene.render.filepath))' },
                  `Code executed successfully: /mnt/renders/vizpipe/${rng.pick(SKUS)}/`,
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
        const needle = say(
          rng,
          [
            (x) => `I'll switch the ${x} variants with a material-slot swap per render, not by duplicating objects`,
            (x) => `Decision: ${x} renders at 128 samples with OpenImageDenoise instead of 512 without`,
            (x) => `Going with one view layer per ${x} camera rather than separate scenes`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}; it keeps the .blend small and the render time per variant under a minute.`,
                mcp(
                  'execute_blender_code',
                  {
                    code: `import bpy\nfrom vizpipe import variants\nvariants.register_strategy("${t}", variants.swap_slots)\nprint("ok")`,
                  },
                  'Code executed successfully: ok',
                ),
              ),
            },
            { step: one(undefined, sh('python -m pytest -q tests/test_variants.py', pytest(rng))) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t}-ийн арын дэвсгэр #F4F1EC өнгөтэй, цагаан биш`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            { user: rng.pick([`Шийдлээ: ${needle}.`, `За, тэгвэл ${needle} — брэндийн гарын авлагад ингэж байгаа.`]) },
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
        const needle = `vizpipe/${t}.py`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'A module of its own for this, next to variants.py.',
                sh(
                  `cat > ${needle} <<'EOF'\nimport bpy\n\n\ndef apply(scene: bpy.types.Scene, spec: dict) -> None:\n    for name, material in spec.items():\n        scene.objects[name].material_slots[0].material = bpy.data.materials[material]\nEOF\npython -c "import ast,sys; ast.parse(open('${needle}').read())" && echo ok`,
                  'ok',
                ),
              ),
            },
            { step: one(undefined, sh('python -m pytest -q tests', pytest(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${ROOT}/scenes/${t}_turntable.blend`;
        return {
          how: 'agent-save',
          needle,
          beats: [
            {
              step: many(undefined, [
                mcp(
                  'execute_blender_code',
                  {
                    code: `import bpy\nscene = bpy.context.scene\nscene.frame_start, scene.frame_end = 1, 120\nprint(scene.frame_end)`,
                  },
                  'Code executed successfully: 120',
                ),
                mcp('save_file', { filepath: needle }, `Saved to ${needle} (${dur(rng, 8, 60, 1)} MB)`),
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
        const M = `${cap(t)}_Oiled`;
        const needle = `KeyError: 'bpy_prop_collection[key]: key "${M}" not found'`;
        const text = `Error executing code: Traceback (most recent call last):\n  File "<string>", line 3, in <module>\n  File "${ROOT}/vizpipe/variants.py", line ${rng.int(40, 90)}, in apply_variant\n    mat = bpy.data.materials[variant["material"]]\n          ~~~~~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^\n${needle}`;
        return {
          how: 'tool-bpy',
          needle,
          beats: [
            {
              step: one(
                undefined,
                mcp(
                  'execute_blender_code',
                  {
                    code: `import bpy\nfrom vizpipe import variants\nvariants.apply_variant(bpy.context.scene, {"material": "${M}", "objects": ["Sofa_Body"]})`,
                  },
                  text,
                  true,
                ),
              ),
            },
            {
              step: one(
                `${M} is not in this file; it must be linked from the asset library first.`,
                mcp(
                  'execute_blender_code',
                  { code: 'import bpy\nprint(sorted(m.name for m in bpy.data.materials))' },
                  `Code executed successfully: ${JSON.stringify(MATERIALS).replace(/"/g, "'")}`,
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
        const line = rng.int(20, 90);
        const needle = `AssertionError: ${t} expected color_depth '16', got '8'`;
        const body = `scene = <bpy_struct, Scene("Scene") at 0x7f${chars(rng, 10, '0123456789abcdef')}>\n\n    def test_png_depth(scene):\n        configure_cycles(scene)\n>       assert scene.render.image_settings.color_depth == "16", "${t} expected color_depth '16', got '8'"\nE       ${needle}\nE       assert '8' == '16'\nE         \nE         - 16\nE         + 8\n\ntests/test_render_settings.py:${line}: AssertionError`;
        return {
          how: 'tool-pytest',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'python -m pytest -q tests',
                  pytest(rng, { file: 'tests/test_render_settings.py', test: 'test_png_depth', body, summary: needle }),
                  1,
                ),
              ),
            },
            {
              step: one(
                'configure_cycles sets the format after the depth, which resets it to 8.',
                sh(
                  'grep -n "color_depth\\|file_format" vizpipe/render.py',
                  `${rng.int(10, 40)}:    scene.render.image_settings.color_depth = "16"\n${rng.int(41, 60)}:    scene.render.image_settings.file_format = "PNG"`,
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
        const needle = `Error: Cannot read file "${ROOT}/scenes/${t}.blend": No such file or directory`;
        const out = `Read prefs: "/home/bold/.config/blender/4.2/config/userpref.blend"\n${needle}\n${lines(rng.int(1, 3), () => `Warning: Add-on "vizpipe" was not loaded: no scene to register handlers on`)}`;
        return {
          how: 'tool-blender',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  `blender --background scenes/${t}.blend --python pipeline/render_variants.py -- --sku ${t}`,
                  `Blender 4.2.3 LTS (hash 2d9ac8fd5c5e built 2024-10-15 01:21:38)\n${out}\nTraceback (most recent call last):\n  File "${ROOT}/pipeline/render_variants.py", line ${rng.int(20, 60)}, in <module>\n    raise SystemExit("no scene loaded")\nSystemExit: no scene loaded`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `There is no scenes/${t}.blend; the scene files are named by SKU.`,
                sh('ls scenes/', SKUS.map((s) => `${s}.blend`).join('\n')),
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
        const sku = rng.pick(SKUS);
        const needle = `vizpipe: variant ${t} failed: image "textures/${t}_diff_4k.jpg" not found, skipped`;
        const frames = frameLog(rng, 1, `${ROOT}/renders/${sku}/felt_grey_0001.png`, 128).split('\n');
        const out = buried(
          rng,
          frames.length,
          (i) => frames[i % frames.length] as string,
          needle,
          `${frameLog(rng, 1, `${ROOT}/renders/${sku}/oak_natural_0001.png`, 128)}\nvizpipe: ${rng.int(3, 6)} of ${rng.int(7, 9)} variants rendered\nBlender quit`,
        );
        return {
          how: 'tool-pipeline',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  `blender --background scenes/${sku}.blend --python pipeline/render_variants.py -- --sku ${sku}`,
                  `${blenderHead(`scenes/${sku}.blend`)}\n${out}`,
                  3,
                ),
              ),
            },
            {
              step: one(
                `The ${t} texture is missing from textures/; it may still be only in the asset library.`,
                sh(`ls textures/ | grep -i ${t} || echo "no ${t} textures"`, `no ${t} textures`),
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
        const needle = `Sofa_Body: ${t} vertices`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Counting the evaluated mesh, subdivision included, to see what the render actually has to trace.',
                mcp(
                  'execute_blender_code',
                  {
                    code: 'import bpy\ndeps = bpy.context.evaluated_depsgraph_get()\nobj = bpy.data.objects["Sofa_Body"].evaluated_get(deps)\nprint(f"{obj.name}: {len(obj.data.vertices)} vertices, {len(obj.material_slots)} material slots")',
                  },
                  `Code executed successfully: ${needle}, ${rng.int(1, 4)} material slots`,
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
        const needle = `VIZ-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `YouTrack дээрх даалгаврын дугаар ${needle}, commit-ийн мессежид бичээрэй.` }],
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
            (x) => `Next: render the remaining ${x} variants (4 of 6 still missing)`,
            (x) => `Still to do — add ${x} to the active SKUs in pipeline.toml`,
            (x) => `Remaining: a pytest case for ${x} in tests/test_variants.py`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `The preview renders look right. ${needle}. First checking what is already on disk.`,
                sh(`ls renders/ | grep -i ${t} || echo "nothing for ${t} yet"`, `nothing for ${t} yet`),
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
        const needle = `нийтлэхээс өмнө ${t} зургуудыг staging дэлгүүрт байршуулж шалгаарай`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Баярлалаа. Эцэст нь: ${needle}.` },
            {
              step: one(
                `The user wants the ${t} images checked on staging; seeing what the sync script expects.`,
                sh(
                  'cat pipeline/sync_staging.sh | head -20',
                  '#!/usr/bin/env bash\nset -euo pipefail\nrsync -av --include="*.png" /mnt/renders/vizpipe/ deploy@staging.shop.mn:/srv/media/products/',
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The blender harness. */
export const FRINGE_BLENDER: FringeHarness = {
  style: 'blender',
  protocol: 'native',
  system: `You are a 3D production assistant connected to a running Blender 4.2 instance through the Blender MCP server, and to a shell in ${ROOT}.\n\nTools:\n- get_scene_info: objects, materials and render settings of the open scene\n- get_object_info(object_name): one object's transform, materials and mesh statistics\n- execute_blender_code(code): runs Python in Blender (bpy available); print() output is returned\n- render_frame(frame, output_path?): renders one frame with the scene's settings\n- save_file(filepath): saves the open .blend\n- shell(command): runs a command (blender --background for batch renders, python -m pytest for the vizpipe add-on)\n\nGuidelines:\n- Inspect the scene before changing it; prefer small, reversible code snippets.\n- Never save over assets/library.blend.\n- Batch renders go through pipeline/render_variants.py in the background, not through render_frame.\n- Independent calls may be made in parallel.\n\nThe user writes in Mongolian; reply in Mongolian.`,
  tools: [...MCP, 'shell'],
  callId: (rng) => `call_${chars(rng, 8, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
  wrap: (c) =>
    c.tool === 'shell'
      ? c.output
      : pyJson({ content: [{ type: 'text', text: c.output }], isError: c.status === 'error' }),
  noise: blenderNoise,
  big: blenderBig,
  followUp: (rng) =>
    rng.pick([
      'Тестүүд давж байна уу?',
      'Рендер хэр удаж байна?',
      'pytest-ийг дахин ажиллуулаад үзээч.',
      'Юу өөрчилснөө товч тайлбарлаач.',
      'За, дараа нь юу хийх вэ?',
      'Материалууд зөв харагдаж байна уу?',
    ]),
  keepGoing: (rng) => rng.pick(['Үргэлжлүүл.', 'Зогсолгүй үргэлжлүүл.', 'Бүх тест давтал үргэлжлүүл.']),
  answer: (rng) =>
    rng.pick([
      `Болсон: pytest ${rng.int(20, 30)} тест амжилттай, урьдчилсан рендерүүд renders/ дотор байна.`,
      'The variants render in the background and the add-on tests pass.',
      'Зассан. Гэрэлтүүлгийн нэг анхааруулга үлдсэн, энэ өөрчлөлттэй холбоогүй.',
      'Товчоор: материалууд зөв, гаралтын зам /mnt/renders дотор.',
    ]),
  probe: (rng) => rng.pick(['Үргэлжлүүл.', 'Зогссон газраасаа үргэлжлүүл.', 'Одоо юу вэ?']),
  planters: PLANTERS,
};
