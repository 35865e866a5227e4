/**
 * The nemotron harness of the lode family (lode.ts): a Llama-Nemotron-like model (the system prompt
 * opens with `detailed thinking off`, the tools are listed between `<AVAILABLE_TOOLS>` and
 * `</AVAILABLE_TOOLS>`) whose calls are text — one `<TOOLCALL>[{"name", "arguments"}, …]</TOOLCALL>`
 * list a message, often several calls in it — answered by one user message holding a
 * `<TOOL_RESPONSE>` … `</TOOL_RESPONSE>` block per call, in order.
 * A CUDA lattice-Boltzmann flood solver built with CMake and nvcc 12.4 for an RTX A4000 (sm_86):
 * nvcc's `file.cu(88): error: …` diagnostics with the caret line, ptxas `-v` resource usage,
 * compute-sanitizer memcheck and racecheck reports, nvidia-smi, Nsight Compute's section tables,
 * ctest, SASS from cuobjdump, the solver's own progress lines; for a Telugu-speaking user.
 * Reconstructed rather than copied: the exact Nemotron tool-response wrapping (one block per call
 * here), the runner's `[exit status N]` line, and the column layout of Nsight Compute and
 * compute-sanitizer, which follow their documented shapes from memory.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  dur,
  fail,
  hex,
  lines,
  many,
  numberLines,
  ok,
  one,
  pieces,
  pyJson,
  say,
  some,
  type LodeCall,
  type LodeHarness,
  type LodeStep,
  type Planter,
} from './lode-kit';

const ROOT = '/home/srinivas/lbm-cuda';
const SRC = ['src/collide.cu', 'src/stream.cu', 'src/boundary.cu', 'src/main.cu', 'include/lattice.cuh', 'src/io.cu'];
const KERNELS = [
  ['_Z11collide_bgkPKfPfif', 'collide_bgk(float const*, float*, int, float)'],
  ['_Z13stream_periodicPKfPfii', 'stream_periodic(float const*, float*, int, int)'],
  ['_Z14bounce_back_wallPfPKhii', 'bounce_back_wall(float*, unsigned char const*, int, int)'],
  ['_Z10init_equilPfPKfS1_ii', 'init_equil(float*, float const*, float const*, int, int)'],
  ['_Z12reduce_mass_PKfPdi', 'reduce_mass_(float const*, double*, int)'],
] as const;

const CU = [
  `#include "lattice.cuh"\n\n__constant__ float c_w[9];\n__constant__ int c_ex[9];\n__constant__ int c_ey[9];`,
  `__global__ void __launch_bounds__(256, 4)\ncollide_bgk(const float* __restrict__ f_in, float* __restrict__ f_out, int n, float omega)\n{\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    if (i >= n) return;\n    float rho = 0.f, ux = 0.f, uy = 0.f;\n#pragma unroll\n    for (int q = 0; q < 9; ++q) {\n        float fq = f_in[q * n + i];\n        rho += fq; ux += fq * c_ex[q]; uy += fq * c_ey[q];\n    }\n    ux /= rho; uy /= rho;`,
  `    float usq = 1.5f * (ux * ux + uy * uy);\n#pragma unroll\n    for (int q = 0; q < 9; ++q) {\n        float eu = 3.f * (c_ex[q] * ux + c_ey[q] * uy);\n        float feq = c_w[q] * rho * (1.f + eu + 0.5f * eu * eu - usq);\n        f_out[q * n + i] = f_in[q * n + i] - omega * (f_in[q * n + i] - feq);\n    }\n}`,
  `__global__ void stream_periodic(const float* __restrict__ f_in, float* __restrict__ f_out, int nx, int ny)\n{\n    int x = blockIdx.x * blockDim.x + threadIdx.x;\n    int y = blockIdx.y;\n    if (x >= nx) return;\n    for (int q = 0; q < 9; ++q) {\n        int xs = (x - c_ex[q] + nx) % nx;\n        int ys = (y - c_ey[q] + ny) % ny;\n        f_out[q * nx * ny + y * nx + x] = f_in[q * nx * ny + ys * nx + xs];\n    }\n}`,
  `#define CUDA_CHECK(call)                                                        \\\n    do {                                                                        \\\n        cudaError_t err_ = (call);                                              \\\n        if (err_ != cudaSuccess) {                                              \\\n            fprintf(stderr, "%s:%d: %s\\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \\\n            std::exit(1);                                                       \\\n        }                                                                       \\\n    } while (0)`,
  `    dim3 block(256);\n    dim3 grid((n + block.x - 1) / block.x);\n    for (int step = 0; step < cfg.steps; ++step) {\n        collide_bgk<<<grid, block, 0, stream>>>(d_f, d_tmp, n, cfg.omega);\n        stream_periodic<<<dim3((nx + 255) / 256, ny), block, 0, stream>>>(d_tmp, d_f, nx, ny);\n        bounce_back_wall<<<grid, block, 0, stream>>>(d_f, d_mask, nx, ny);\n    }\n    CUDA_CHECK(cudaStreamSynchronize(stream));`,
];

/** A shell command as the runner reports it: the command, what it printed, its exit status. */
function sh(command: string, output: string, code = 0): LodeCall {
  const text = `$ ${command}\n${output}\n[exit status ${code}]`;
  return code === 0 ? ok('run_command', { command }, text, 0) : fail('run_command', { command }, text, code);
}

function read(rng: Rng, path: string): LodeCall {
  return ok('read_file', { path: `${ROOT}/${path}` }, numberLines(pieces(rng, CU, rng.int(12, 34))));
}

function ptxas(rng: Rng, k: readonly [string, string]): string {
  const regs = rng.int(24, 72);
  return `ptxas info    : Compiling entry function '${k[0]}' for 'sm_86'\nptxas info    : Function properties for ${k[0]}\n    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\nptxas info    : Used ${regs} registers, used 0 barriers, ${rng.int(360, 420)} bytes cmem[0]`;
}

function build(rng: Rng, extra = ''): string {
  const objs = some(
    rng,
    SRC.filter((s) => s.endsWith('.cu')),
    rng.int(1, 4),
  );
  const body = objs
    .map(
      (s, i) =>
        `[${String(Math.round(((i + 1) * 80) / objs.length)).padStart(3)}%] Building CUDA object CMakeFiles/lbm.dir/${s}.o\nptxas info    : 0 bytes gmem, 108 bytes cmem[3]\n${ptxas(rng, rng.pick(KERNELS))}`,
    )
    .join('\n');
  return `${body}\n${extra}[ 90%] Linking CUDA executable lbm\n[100%] Built target lbm`;
}

function smi(rng: Rng): string {
  const mem = rng.int(300, 14000);
  return `+-----------------------------------------------------------------------------------------+\n| NVIDIA-SMI 550.120                Driver Version: 550.120        CUDA Version: 12.4     |\n|-----------------------------------------+------------------------+----------------------+\n| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |\n| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |\n|=========================================+========================+======================|\n|   0  NVIDIA RTX A4000               Off |   00000000:01:00.0 Off |                  Off |\n| 41%   ${rng.int(38, 79)}C    P${rng.pick([0, 2, 8])}             ${rng.int(20, 140)}W /  140W |   ${String(mem).padStart(5)}MiB /  16376MiB |     ${String(rng.int(0, 100)).padStart(3)}%      Default |\n+-----------------------------------------+------------------------+----------------------+`;
}

function run(rng: Rng, steps: number, every: number): string {
  let mass = 1 + rng.next() * 1e-6;
  const mlups = rng.int(1400, 2600);
  const body = lines(Math.floor(steps / every), (i) => {
    mass += (rng.next() - 0.5) * 1e-7;
    return `step ${String((i + 1) * every).padStart(6)}/${steps}  rho_avg ${mass.toFixed(7)}  umax ${dur(rng, 0.03, 0.09, 4)}  MLUPS ${(mlups + rng.int(-40, 40)).toFixed(1)}`;
  });
  return `lbm-cuda 0.4.0 (D2Q9, BGK, fp32) on NVIDIA RTX A4000 (sm_86, 48 SMs)\ngrid 1024 x 512, tau 0.56, inlet u 0.05\n${body}\ndone in ${dur(rng, 2, 40)} s`;
}

function sanitizerClean(tool: string): string {
  return `========= COMPUTE-SANITIZER\nlbm-cuda 0.4.0 (D2Q9, BGK, fp32) on NVIDIA RTX A4000 (sm_86, 48 SMs)\ngrid 128 x 64, tau 0.56, inlet u 0.05\ndone in 3.91 s\n========= ${tool === 'racecheck' ? 'RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)' : 'ERROR SUMMARY: 0 errors'}`;
}

function ncu(rng: Rng, k: readonly [string, string]): string {
  const row = (name: string, unit: string, v: string) => `    ${name.padEnd(38)}${unit.padStart(12)} ${v.padStart(12)}`;
  return `==PROF== Connected to process ${rng.int(20000, 90000)} (${ROOT}/build/lbm)\n==PROF== Profiling "${k[1].split('(')[0] as string}": 0%....50%....100% - 9 passes\n==PROF== Disconnected from process\n[${rng.int(20000, 90000)}] lbm@127.0.0.1\n  ${k[1]} (${rng.int(1024, 4096)}, 1, 1)x(256, 1, 1), Context 1, Stream 13, Device 0, CC 8.6\n    Section: GPU Speed Of Light Throughput\n    ---------------------------------------------------- ----------- ------------\n${row('DRAM Frequency', 'Ghz', dur(rng, 6.9, 7.0))}\n${row('SM Frequency', 'Ghz', dur(rng, 1.3, 1.6))}\n${row('Elapsed Cycles', 'cycle', String(rng.int(80000, 400000)))}\n${row('Memory Throughput', '%', dur(rng, 55, 93))}\n${row('DRAM Throughput', '%', dur(rng, 55, 93))}\n${row('Duration', 'usecond', dur(rng, 60, 320))}\n${row('Compute (SM) Throughput', '%', dur(rng, 18, 60))}\n    ---------------------------------------------------- ----------- ------------\n\n    OPT   This kernel exhibits low compute throughput and memory bandwidth utilization relative to the peak\n          performance of this device. Achieved compute throughput and/or memory bandwidth below 60.0% of peak\n          typically indicate latency issues.`;
}

function nemoNoise(rng: Rng): LodeStep {
  const r = rng.int(0, 9);
  if (r === 0) return one(undefined, sh('cmake --build build -j 16', build(rng)));
  if (r === 1) {
    const names = [
      'test_mass_conservation',
      'test_equilibrium',
      'test_periodic_stream',
      'test_bounce_back',
      'test_io_vtk',
    ];
    const t = some(rng, names, rng.int(3, 5));
    return one(
      undefined,
      sh(
        'ctest --test-dir build --output-on-failure',
        `Internal ctest changing into directory: ${ROOT}/build\nTest project ${ROOT}/build\n${t.map((x, i) => `    Start ${i + 1}: ${x}\n${`${i + 1}/${t.length} Test #${i + 1}: ${x} `.padEnd(46, '.')}   Passed    ${dur(rng, 0.1, 3)} sec`).join('\n')}\n\n100% tests passed, 0 tests failed out of ${t.length}\n\nTotal Test time (real) = ${dur(rng, 2, 9)} sec`,
      ),
    );
  }
  if (r === 2) return one(undefined, sh('nvidia-smi', smi(rng)));
  if (r === 3) return one(undefined, read(rng, rng.pick(SRC)));
  if (r === 4) {
    const pat = rng.pick(['__launch_bounds__', 'cudaMemcpyAsync', 'omega', 'c_ex\\[', 'CUDA_CHECK']);
    return one(
      undefined,
      ok(
        'grep',
        { pattern: pat, path: `${ROOT}/src` },
        some(rng, SRC, rng.int(2, 5))
          .map((s) => `${ROOT}/${s}:${rng.int(5, 220)}:    ${pat.replace('\\[', '[')} ...`)
          .join('\n'),
      ),
    );
  }
  if (r === 5)
    return one(undefined, sh('./build/lbm --nx 1024 --ny 512 --steps 2000 --log-every 250', run(rng, 2000, 250)));
  if (r === 6) {
    const [a, b] = rng.sample(SRC, 2) as [string, string];
    return many('Reading both sides of the launch.', [read(rng, a), read(rng, b)]);
  }
  if (r === 7) {
    const tool = rng.pick(['memcheck', 'racecheck']);
    return one(
      undefined,
      sh(`compute-sanitizer --tool ${tool} ./build/lbm --nx 128 --ny 64 --steps 20`, sanitizerClean(tool)),
    );
  }
  if (r === 8)
    return many(undefined, [
      sh(
        'git status --short',
        some(rng, SRC, rng.int(1, 3))
          .map((s) => ` M ${s}`)
          .join('\n'),
      ),
      sh(
        'git log --oneline -3',
        lines(
          3,
          () =>
            `${hex(rng, 7)} ${rng.pick(['collide: unroll q loop', 'stream: pull scheme', 'io: vtk writer', 'ci: sm_86 only'])}`,
        ),
      ),
    ]);
  return one(
    undefined,
    sh(
      'cuobjdump --dump-resource-usage build/CMakeFiles/lbm.dir/src/collide.cu.o',
      `\nFatbin elf code:\n================\narch = sm_86\ncode version = [1,7]\nhost = linux\ncompile_size = 64bit\n\nResource usage:\n${KERNELS.map((k) => ` Function ${k[0]}:\n  REG:${rng.int(20, 72)} STACK:0 SHARED:0 LOCAL:0 CONSTANT[0]:${rng.int(360, 420)} CONSTANT[3]:108 TEXTURE:0 SURFACE:0 SAMPLER:0`).join('\n')}`,
    ),
  );
}

function nemoBig(rng: Rng): LodeStep {
  if (rng.chance(0.5))
    return one(
      'A long run with frequent logging to see where the mass starts to drift.',
      sh('./build/lbm --nx 1024 --ny 512 --steps 40000 --log-every 100', run(rng, 40000, 100)),
    );
  let pc = 0;
  const ops = [
    'MOV',
    'S2R',
    'IMAD',
    'ISETP.GE.AND',
    'LDG.E.CONSTANT',
    'FADD',
    'FFMA',
    'FMUL',
    'STG.E',
    'BRA',
    'ULDC.64',
    'MUFU.RCP',
  ];
  const sass = lines(rng.int(520, 600), () => {
    const op = rng.pick(ops);
    const line = `        /*${pc.toString(16).padStart(4, '0')}*/                   ${`${op} R${rng.int(0, 60)}, R${rng.int(0, 60)}, ${rng.chance(0.5) ? `c[0x0][0x${hex(rng, 3)}]` : `R${rng.int(0, 60)}`} ;`.padEnd(44)}/* 0x${hex(rng, 16)} */`;
    pc += 16;
    return line;
  });
  return one(
    undefined,
    sh(
      'cuobjdump -sass -fun _Z11collide_bgkPKfPfif build/CMakeFiles/lbm.dir/src/collide.cu.o',
      `\nFatbin elf code:\n================\narch = sm_86\ncode version = [1,7]\nhost = linux\ncompile_size = 64bit\n\n\tcode for sm_86\n\t\tFunction : _Z11collide_bgkPKfPfif\n\t.headerflags\t@"EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_SM86 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM86)"\n${sass}\n\t\t..........`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `గోదావరి వరద సిమ్యులేషన్ కోసం ${t} సాల్వర్‌ను కనీసం రెండు రెట్లు వేగవంతం చేయాలి`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `నమస్కారం! ప్రాజెక్ట్ ${ROOT} లో ఉంది — CUDA లో రాసిన లాటిస్-బోల్ట్జ్‌మన్ సాల్వర్ (CMake, nvcc 12.4, RTX A4000). ${needle}. ఫలితాలు మారకూడదు.`,
            },
            {
              step: many('First the build and the GPU.', [
                sh('cmake --build build -j 16', build(rng)),
                sh('nvidia-smi', smi(rng)),
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
        const needle = `${t} కి రెండు A4000 కార్డులపై మల్టీ-GPU సపోర్ట్ జోడించాలి`;
        return { how: 'user-followup', needle, beats: [{ user: `తర్వాతి పని: ${needle}.` }] };
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
            (x) => `${x} కెర్నెల్స్‌లో atomicAdd వాడకూడదు`,
            (x) => `${x} ఫలితాలు CPU రిఫరెన్స్‌తో 1e-5 లోపు సరిపోవాలి`,
            (x) => `${x} కోసం sm_86 కంటే కొత్త ఫీచర్లు వాడకూడదు`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            { user: rng.pick([`ఒక నియమం: ${needle}.`, `గుర్తుంచుకోండి — ${needle}; ఇది మా ల్యాబ్ నియమం.`, `ముఖ్యం: ${needle}.`]) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const [needle, follow] = rng.pick([
          [
            `# POLICY ${T}: kernels stay at or under 64 registers per thread (__launch_bounds__(256, 4))`,
            `Policy ${T} caps registers at 64, so the unrolled collide must be checked in the ptxas lines.`,
          ],
          [
            `# POLICY ${T}: no --use_fast_math in release builds; flood maps are compared against the CPU reference`,
            `Policy ${T} rules out fast math in release builds, so the compile options need a look.`,
          ],
          [
            `# POLICY ${T}: every kernel launch is followed by CUDA_CHECK(cudaGetLastError()) in debug builds`,
            `Policy ${T} wants a launch check after each kernel; the ptxas output shows which kernels exist.`,
          ],
        ] as const);
        return {
          how: 'tool-header',
          needle,
          beats: [
            {
              step: one(
                'The CMake file states the build policy.',
                ok(
                  'read_file',
                  { path: `${ROOT}/CMakeLists.txt` },
                  numberLines(
                    `cmake_minimum_required(VERSION 3.24)\nproject(lbm-cuda LANGUAGES CXX CUDA)\n${needle}\nset(CMAKE_CUDA_ARCHITECTURES 86)\nset(CMAKE_CUDA_STANDARD 17)\nadd_executable(lbm src/main.cu src/collide.cu src/stream.cu src/boundary.cu src/io.cu)\ntarget_compile_options(lbm PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-Xptxas=-v --use_fast_math -lineinfo>)`,
                  ),
                ),
              ),
            },
            {
              step: one(follow, sh('cmake --build build -j 16 2>&1 | grep -A3 collide_bgk', ptxas(rng, KERNELS[0]))),
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
            (x) => `I'll store the ${x} distributions as structure-of-arrays, so each warp reads contiguous memory`,
            (x) =>
              `For ${x} the streaming and collision steps are fused into one pull-scheme kernel instead of two launches`,
            (x) => `${x} keeps fp32 for the distributions and accumulates the mass check in fp64`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}.`,
                ok(
                  'write_file',
                  { path: `${ROOT}/docs/design-${t}.md`, content: `# ${t}\n\n${needle}.\n` },
                  `Wrote 3 lines to ${ROOT}/docs/design-${t}.md`,
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
        const needle = `${t} కోసం డబుల్ ప్రెసిషన్ వద్దు, fp32 చాలు`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`మేము నిర్ణయించాము: ${needle}.`, `ఇలా చేద్దాం: ${needle}; A4000 లో fp64 చాలా నెమ్మది.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/${t}_fused.cu`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('A separate file for the fused kernel, then a build.', [
                ok(
                  'write_file',
                  {
                    path: `${ROOT}/${needle}`,
                    content: `#include "lattice.cuh"\n\n__global__ void __launch_bounds__(256, 4)\nfused_pull(const float* __restrict__ f_in, float* __restrict__ f_out, int nx, int ny, float omega)\n{\n    // pull: gather from neighbours, then collide in registers\n}\n`,
                  },
                  `Wrote 7 lines to ${ROOT}/${needle}`,
                ),
                sh(
                  'cmake --build build -j 16',
                  build(rng, `[ 60%] Building CUDA object CMakeFiles/lbm.dir/${needle}.o\n`),
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
        const needle = `bench/${t}_sweep.sh`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'A sweep script over block sizes, so the numbers can be reproduced.',
                ok(
                  'write_file',
                  {
                    path: `${ROOT}/${needle}`,
                    content: `#!/usr/bin/env bash\nset -euo pipefail\nfor bs in 128 256 512; do\n  ./build/lbm --nx 2048 --ny 1024 --steps 5000 --block \${bs} | tail -1\ndone\n`,
                  },
                  `Wrote 5 lines to ${ROOT}/${needle}`,
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
        const line = rng.int(40, 180);
        const needle = `error: identifier "${t}_tile" is undefined`;
        return {
          how: 'tool-nvcc',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'cmake --build build -j 16',
                  `[ 16%] Building CUDA object CMakeFiles/lbm.dir/src/stream.cu.o\n${ROOT}/src/stream.cu(${line}): ${needle}\n      float v = ${t}_tile[threadIdx.y][threadIdx.x];\n                ^\n\n1 error detected in the compilation of "${ROOT}/src/stream.cu".\ngmake[2]: *** [CMakeFiles/lbm.dir/build.make:104: CMakeFiles/lbm.dir/src/stream.cu.o] Error 2\ngmake[1]: *** [CMakeFiles/Makefile2:83: CMakeFiles/lbm.dir/all] Error 2\ngmake: *** [Makefile:91: all] Error 2`,
                  2,
                ),
              ),
            },
            {
              step: one(
                `The shared tile ${t}_tile is declared inside the if block, so it is out of scope at line ${line}.`,
                read(rng, 'src/stream.cu'),
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
        const line = rng.int(40, 160);
        const needle = `${t}_halo_exchange(float *, int, int)+0x${hex(rng, 3)}`;
        const addr = `0x7f${hex(rng, 10)}`;
        return {
          how: 'tool-sanitizer',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'compute-sanitizer --tool memcheck ./build/lbm --nx 128 --ny 64 --steps 20',
                  `========= COMPUTE-SANITIZER\nlbm-cuda 0.4.0 (D2Q9, BGK, fp32) on NVIDIA RTX A4000 (sm_86, 48 SMs)\ngrid 128 x 64, tau 0.56, inlet u 0.05\n========= Invalid __global__ read of size 4 bytes\n=========     at ${needle} in ${ROOT}/src/boundary.cu:${line}\n=========     by thread (${rng.int(0, 255)},0,0) in block (${rng.int(0, 31)},0,0)\n=========     Address ${addr} is out of bounds\n=========     and is ${rng.int(1, 64) * 4} bytes after the nearest allocation at 0x7f${hex(rng, 10)} of size 294912 bytes\n=========     Saved host backtrace up to driver entry point at kernel launch time\n=========     Host Frame: [0x2f${hex(rng, 4)}] in /lib/x86_64-linux-gnu/libcuda.so.1\n=========     Host Frame: [0x${hex(rng, 5)}] in ${ROOT}/build/lbm\n=========\n========= ERROR SUMMARY: 1 error`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t}_halo_exchange reads one row past the buffer: the last block has no guard on y + 1.`,
                read(rng, 'src/boundary.cu'),
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
        const needle = `mass checksum 0x${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  './build/lbm --nx 1024 --ny 512 --steps 10000 --checksum',
                  `${run(rng, 10000, 2500)}\n${needle} (fp64 sum of rho over 524288 cells)`,
                ),
              ),
            },
            {
              step: one(
                `The reference run gives ${needle}; every optimisation has to reproduce it.`,
                sh('git stash list', ''),
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
        const needle = `GPU-${t}-${hex(rng, 4)}-${hex(rng, 4)}`;
        return {
          how: 'tool-smi',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh('nvidia-smi -L', `GPU 0: NVIDIA RTX A4000 (UUID: ${needle}-${hex(rng, 4)}-${hex(rng, 12)})`),
              ),
            },
            {
              step: one(
                `Pinning the benchmark to ${needle} with CUDA_VISIBLE_DEVICES so the display GPU never interferes.`,
                sh(
                  `CUDA_VISIBLE_DEVICES=${needle}-${hex(rng, 4)}-${hex(rng, 12)} ./build/lbm --steps 100`,
                  run(rng, 100, 50),
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
        const needle = `RUN-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `రిఫరెన్స్ రన్ ఐడీ ${needle}; బెంచ్‌మార్క్ నోట్స్‌లో దీన్ని రాయండి.` }],
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
            (x) => `Next: profile ${x} with ncu --set full and compare the DRAM throughput`,
            (x) => `Still to do: run compute-sanitizer racecheck on ${x} before merging`,
            (x) => `తర్వాతి దశ: ${x} కోసం బ్లాక్ సైజ్ 128 తో మళ్లీ కొలవడం`,
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
                sh(`git commit -qam "wip: ${t}" && git log --oneline -1`, `${hex(rng, 7)} wip: ${t}`),
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
        const needle = `చివరగా ${t} బెంచ్‌మార్క్ ఫలితాలను README లో రాయండి`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `ధన్యవాదాలు. చివరి విషయం: ${needle}.` },
            {
              step: one(
                undefined,
                sh('ncu --section SpeedOfLight ./build/lbm --steps 50', ncu(rng, rng.pick(KERNELS))),
              ),
            },
          ],
        };
      },
    },
  ],
};

const SPEC = [
  {
    name: 'run_command',
    description: 'Run a shell command in the project directory and return its output and exit status.',
    parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
  },
  {
    name: 'read_file',
    description: 'Read a file, with line numbers.',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
  {
    name: 'write_file',
    description: 'Write a file (overwrites).',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
      required: ['path', 'content'],
    },
  },
  {
    name: 'grep',
    description: 'Search files for a regular expression.',
    parameters: {
      type: 'object',
      properties: { pattern: { type: 'string' }, path: { type: 'string' } },
      required: ['pattern'],
    },
  },
];

/** The nemotron harness. */
export const LODE_NEMOTRON: LodeHarness = {
  style: 'nemotron',
  protocol: 'text',
  system: `detailed thinking off\n\nYou are a GPU performance engineer working in ${ROOT}, a CUDA D2Q9 lattice-Boltzmann solver used for flood simulations (CMake, nvcc 12.4, one NVIDIA RTX A4000, sm_86). Keep the results bit-for-bit reproducible unless the user agrees otherwise. The user writes Telugu; answer in Telugu.\n\n<AVAILABLE_TOOLS>${pyJson(SPEC)}</AVAILABLE_TOOLS>\n\nIf you decide to call tools, write them as <TOOLCALL>[{"name": "...", "arguments": {...}}, ...]</TOOLCALL>; you may call several at once. Their results come back in <TOOL_RESPONSE> blocks, in the same order.`,
  tools: SPEC.map((s) => s.name),
  callId: (rng) => hex(rng, 8),
  renderStep: (s) =>
    `${s.say ? `${s.say}\n` : ''}<TOOLCALL>${pyJson(s.calls.map((c) => ({ name: c.tool, arguments: c.args })))}</TOOLCALL>`,
  renderResults: (s) => s.calls.map((c) => `<TOOL_RESPONSE>\n${c.output}\n</TOOL_RESPONSE>`).join('\n'),
  resultStart: /^<TOOL_RESPONSE>\n/,
  callMark: /\{"name": "(?:run_command|read_file|write_file|grep)", "arguments": \{/g,
  resultMark: /^<TOOL_RESPONSE>$/gm,
  noise: nemoNoise,
  big: nemoBig,
  followUp: (rng) =>
    rng.pick([
      'బిల్డ్ పూర్తయిందా?',
      'ఇప్పుడు MLUPS ఎంత వచ్చింది?',
      'దయచేసి టెస్టులు మళ్లీ నడపండి.',
      'మీరు ఏమి మార్చారో క్లుప్తంగా చెప్పండి.',
      'సరే, తర్వాత ఏమిటి?',
      'compute-sanitizer శుభ్రంగా ఉందా?',
    ]),
  keepGoing: (rng) => rng.pick(['కొనసాగించండి.', 'కొనసాగించండి, ఆపకండి.', 'అన్ని టెస్టులు పాస్ అయ్యే వరకు కొనసాగించండి.']),
  answer: (rng) =>
    rng.pick([
      `పూర్తయింది: ${rng.int(4, 6)} టెస్టులు పాస్ అయ్యాయి, వేగం ${dur(rng, 1.2, 2.6, 1)} రెట్లు పెరిగింది.`,
      'Done: the solver builds, ctest is green and compute-sanitizer reports no errors.',
      'సరిచేశాను. io.cu లో ఒక పాత హెచ్చరిక మిగిలి ఉంది, అది ఈ మార్పుకు సంబంధం లేదు.',
      'క్లుప్తంగా: మారిన కెర్నెల్స్ బిల్డ్ అవుతాయి, చెక్‌సమ్ అదే వస్తోంది.',
    ]),
  probe: (rng) => rng.pick(['కొనసాగించండి.', 'ఆపిన చోటు నుంచి కొనసాగించండి.', 'ఇప్పుడు ఏమిటి?']),
  planters: PLANTERS,
};
