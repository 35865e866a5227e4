/**
 * The engineer harness of the knoll family (knoll.ts): a GPT-Engineer-like code generator in improve
 * mode. Its calls are text: prose, then every file it writes as its name alone on a line followed by a
 * fenced block with a language (`scf.in` + ```text, `run.sh` + ```bash), several a message; a `run.sh`
 * is the entrypoint, which the harness runs after asking "Do you want to execute this code? (Y/n)". The
 * harness answers with one user message, `Workspace: <dir>`, a `  wrote <file> (n lines)` line per file
 * and, for the entrypoint, "Executing the code..." with what it printed and its exit status.
 * Quantum ESPRESSO 7.3 calculations on chalcopyrite (CuFeS2) for a mining-geology group: pw.x's banner,
 * SCF iterations and `!    total energy` lines, `convergence has been achieved`, `JOB DONE.`, the
 * `%%%%` error boxes (`Error in routine read_namelists`, nonexistent species, missing pseudopotentials)
 * with MPI_ABORT, bands.x and projwfc.x; for a Quechua-speaking researcher.
 * Reconstructed rather than copied: GPT-Engineer's file format (from memory of its preprompts; the
 * results message is this harness's own), and pw.x's output from memory of 6.x–7.x.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  cap,
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
  type KnollCall,
  type KnollHarness,
  type KnollStep,
  type Planter,
} from './knoll-kit';

const ROOT = '/home/wayra/llamkay/calcopirita';
const INPUTS = ['scf.in', 'relax.in', 'nscf.in', 'bands.in', 'projwfc.in'];
const IN = [
  "&control\n  calculation = 'scf'\n  prefix = 'cufes2'\n  pseudo_dir = './pseudo'\n  outdir = './tmp'\n/",
  '&system\n  ibrav = 7\n  celldm(1) = 9.98\n  celldm(3) = 1.97\n  nat = 8\n  ntyp = 3\n  ecutwfc = 60\n  ecutrho = 480\n  nspin = 2\n  starting_magnetization(2) = 0.5\n/',
  '&electrons\n  conv_thr = 1.0d-9\n  mixing_beta = 0.3\n/',
  'ATOMIC_SPECIES\n  Cu 63.546 Cu.pbe-dn-kjpaw_psl.1.0.0.UPF\n  Fe 55.845 Fe.pbe-spn-kjpaw_psl.1.0.0.UPF\n  S  32.06  S.pbe-n-kjpaw_psl.1.0.0.UPF',
  'ATOMIC_POSITIONS crystal\n  Cu 0.00 0.00 0.00\n  Cu 0.50 0.00 0.25\n  Fe 0.00 0.00 0.50\n  Fe 0.50 0.00 0.75\n  S  0.257 0.25 0.125',
  'K_POINTS automatic\n  6 6 3 0 0 0',
];

function script(cmds: string): string {
  return `#!/usr/bin/env bash\nset -euo pipefail\ncd ${ROOT}\n${cmds}`;
}

function run(cmds: string, output: string, code = 0): KnollCall {
  const args = { path: 'run.sh', lang: 'bash', content: script(cmds) };
  return code === 0 ? ok('run', args, output, 0) : fail('run', args, output, code);
}

function write(path: string, content: string, lang = 'text'): KnollCall {
  return ok('write', { path, lang, content }, `wrote ${path} (${content.split('\n').length} lines)`);
}

function banner(rng: Rng, input: string): string {
  return `\n     Program PWSCF v.7.3 starts on ${rng.int(1, 28)}Mar2025 at ${rng.int(7, 22)}:${rng.int(10, 59)}:${rng.int(10, 59)} \n\n     This program is part of the open-source Quantum ESPRESSO suite\n     for quantum simulation of materials; please cite\n         "P. Giannozzi et al., J. Phys.:Condens. Matter 21 395502 (2009);\n\n     Parallel version (MPI), running on     8 processors\n\n     MPI processes distributed on     1 nodes\n     R & G space division:  proc/nbgrp/npool/nimage =       8\n     Reading input from ${input}`;
}

function scf(rng: Rng, input = 'scf.in', energy?: string): string {
  const n = rng.int(9, 18);
  const base = -rng.int(1400, 1480);
  const iters = lines(
    n,
    (i) =>
      `     iteration #${String(i + 1).padStart(3)}     ecut=    60.00 Ry     beta= 0.30\n     Davidson diagonalization with overlap\n     ethr =  ${dur(rng, 1, 9, 2)}E-0${Math.min(9, 4 + Math.floor(i / 2))},  avg # of iterations =  ${dur(rng, 1, 4, 1)}\n\n     total cpu time spent up to now is       ${dur(rng, 2 + i * 3, 5 + i * 3, 1)} secs\n\n     total energy              =   ${base}.${hex(rng, 8).replace(/[a-f]/g, '3')} Ry\n     estimated scf accuracy    <       ${dur(rng, 1, 9, 8)} Ry`,
  );
  return `${banner(rng, input)}\n\n${iters}\n\n     End of self-consistent calculation\n\n     the Fermi energy is    ${dur(rng, 9, 13, 4)} ev\n\n!    total energy              =   ${energy ?? `${base}.${String(rng.int(10000000, 99999999))}`} Ry\n     estimated scf accuracy    <          ${dur(rng, 1, 9, 1)}E-10 Ry\n\n     total magnetization       =     ${dur(rng, 0, 0.2, 2)} Bohr mag/cell\n     absolute magnetization    =    ${dur(rng, 14, 16, 2)} Bohr mag/cell\n\n     convergence has been achieved in  ${n} iterations\n\n     PWSCF        :   ${rng.int(1, 9)}m${dur(rng, 10, 59, 2)}s CPU   ${rng.int(1, 9)}m${dur(rng, 10, 59, 2)}s WALL\n\n=------------------------------------------------------------------------------=\n   JOB DONE.\n=------------------------------------------------------------------------------=`;
}

function qeError(rng: Rng, input: string, routine: string, msg: string): string {
  const bar = ` ${'%'.repeat(78)}`;
  return `${banner(rng, input)}\n\n${bar}\n     Error in routine ${routine} (1):\n     ${msg}\n${bar}\n\n     stopping ...\n--------------------------------------------------------------------------\nMPI_ABORT was invoked on rank 0 in communicator MPI_COMM_WORLD\nwith errorcode 1.\n\nNOTE: invoking MPI_ABORT causes Open MPI to kill all MPI processes.\nYou may or may not see output from other processes, depending on\nexactly when Open MPI kills them.\n--------------------------------------------------------------------------`;
}

function engineerNoise(rng: Rng): KnollStep {
  const r = rng.int(0, 6);
  const f = rng.pick(INPUTS);
  if (r === 0) return one(undefined, run('mpirun -np 8 pw.x -in scf.in', scf(rng)));
  if (r === 1) return one('Looking at the input as it stands.', run(`cat ${f}`, pieces(rng, IN, rng.int(14, 30))));
  if (r === 2)
    return one(
      undefined,
      run(
        "grep -e '^!' -e 'Fermi' -e 'convergence has' out/*.out",
        lines(
          rng.int(3, 7),
          (i) =>
            `out/${nth(['scf', 'relax', 'nscf', 'u4', 'u5'], i)}.out:${nth(['!    total energy              =   -1443.9' + rng.int(1000000, 9999999) + ' Ry', '     the Fermi energy is    11.' + rng.int(1000, 9999) + ' ev', '     convergence has been achieved in  1' + rng.int(0, 9) + ' iterations'], i)}`,
        ),
      ),
    );
  if (r === 3)
    return many('Tightening the mixing, then the SCF again.', [
      write('scf.in', pieces(rng, IN, 26)),
      run('mpirun -np 8 pw.x -in scf.in', scf(rng)),
    ]);
  if (r === 4)
    return one(
      undefined,
      run(
        'mpirun -np 8 bands.x -in bands_pp.in | tail -n 8',
        `     Program BANDS v.7.3 starts on ${rng.int(1, 28)}Mar2025\n     Reading xml data from directory:\n\n     ./tmp/cufes2.save/\n     high-symmetry point:  0.0000 0.0000 0.0000   x coordinate   0.0000\n     high-symmetry point:  0.5000 0.5000 0.5000   x coordinate   ${dur(rng, 0.8, 0.9, 4)}\n     Plottable bands (eV) written to file bands.dat.gnu\n\n   JOB DONE.`,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      run(
        'squeue -u wayra; ls -la out/',
        `             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n          ${rng.int(100000, 999999)}   compute  cufes2    wayra  R    ${rng.int(1, 59)}:${rng.int(10, 59)}      1 cn0${rng.int(1, 9)}\ntotal ${rng.int(100, 900)}\n-rw-r--r-- 1 wayra geo ${rng.int(10000, 99999)} Mar ${rng.int(1, 28)} 10:12 scf.out\n-rw-r--r-- 1 wayra geo ${rng.int(10000, 99999)} Mar ${rng.int(1, 28)} 11:40 relax.out`,
      ),
    );
  return one(
    undefined,
    run(
      'mpirun -np 8 projwfc.x -in projwfc.in | grep -A3 "k =" | head -n 12',
      lines(
        3,
        () =>
          ` k =   0.${rng.int(1000, 9999)}  0.0000  0.${rng.int(1000, 9999)}\n==== e(   ${rng.int(10, 60)}) =    ${dur(rng, 5, 14, 5)} eV ==== \n     psi = 0.${rng.int(100, 999)}*[#  ${rng.int(1, 40)}]+0.${rng.int(100, 999)}*[#  ${rng.int(1, 40)}]+`,
      ),
    ),
  );
}

function engineerBig(rng: Rng): KnollStep {
  return one(
    'The whole relaxation log, to see where the forces stall.',
    run(
      'cat out/relax.out',
      `${scf(rng, 'relax.in')}\n\n${lines(rng.int(150, 190), (i) => `     atom    ${(i % 8) + 1} type  ${(i % 3) + 1}   force =     ${dur(rng, -0.02, 0.02, 8)}   ${dur(rng, -0.02, 0.02, 8)}   ${dur(rng, -0.02, 0.02, 8)}`)}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} nisqa band structure calculo-ta yapanki`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Allinllachu! Proyectoqa ${ROOT} nisqapim kachkan — Quantum ESPRESSO-wan calcopirita (CuFeS2) yachaykunapaq. Munani ${needle}. Ama hina kaspa, sapa ruwayta willaway.`,
            },
            {
              step: many('A first look at the inputs, and one SCF to start from.', [
                run('ls && cat scf.in', `${INPUTS.join('\n')}\npseudo\nout\n${pieces(rng, IN, 20)}`),
              ]),
            },
            { step: one(undefined, run('mpirun -np 8 pw.x -in scf.in', scf(rng))) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: DOS-ta ruway spin polarizado-wan`;
        return { how: 'user-followup', needle, beats: [{ user: `Qatiq llamkay: ${needle}.` }] };
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
            (x) => `${x}: ama pseudo/ carpetapi archivokunata tikraychu`,
            (x) => `${x}: ecutwfc manam 60 Ry-manta pisichu kanan`,
            (x) => `${x}: mpirun -np 8-llawan purichiy, manam aswanwanchu`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            { user: rng.pick([`Huk kamachiy: ${needle}.`, `Yuyariy — ${needle}.`, `Ancha chaniyuq: ${needle}.`]) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: every production run uses conv_thr = 1.0d-9 or tighter`,
          `${T}: outdir is ./tmp on the scratch disk, never the home directory`,
          `${T}: k-point grids are checked to 1 meV/atom before any bands run`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                "Reading the group's conventions first.",
                run(
                  'cat CONVENTIONS.md',
                  `# Calcopirita group\n\n- SSSP efficiency pseudopotentials only\n- ${needle}\n- Results go in out/ with the input beside them`,
                ),
              ),
            },
            { step: one(`${T} noted; an SCF to check the setup.`, run('mpirun -np 8 pw.x -in scf.in', scf(rng))) },
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
            (x) => `I will run ${x} as an antiferromagnetic cell with opposite starting moments on the two Fe sites`,
            (x) => `${x} uses a 8x8x4 Monkhorst-Pack grid instead of 6x6x3 after the convergence test`,
            (x) => `Plan: ${x} relaxes the ions only (calculation = 'relax'), keeping the experimental cell`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [{ step: one(`${needle}.`, write('docs/decisions.md', `# Decisions\n\n- ${needle}\n`, 'markdown')) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t}-paq Hubbard U = 4 eV-ta churasun Fe-paq`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Akllarqaykuñam: ${needle}.`, `Kayhinata ruwasun: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `bands_${t}.in`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('An input of its own for the band path, then the run.', [
                write(
                  needle,
                  `${pieces(rng, IN, 16).replace("'scf'", "'bands'")}\nK_POINTS crystal_b\n4\n  0.0 0.0 0.0 40 ! G\n  0.5 0.5 0.5 40 ! T\n  0.0 0.5 0.0 40 ! N\n  0.0 0.0 0.0 1  ! G`,
                ),
                run(`mpirun -np 8 pw.x -in ${needle}`, scf(rng, needle)),
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
        const needle = `scripts/${t}_dos.py`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'A plotting script for it.',
                write(
                  needle,
                  `import numpy as np\nimport matplotlib.pyplot as plt\n\nd = np.loadtxt("out/cufes2.pdos_tot")\nplt.plot(d[:, 0], d[:, 1], label="up")\nplt.plot(d[:, 0], -d[:, 2], label="down")\nplt.savefig("fig/${t}_dos.png", dpi=200)\n`,
                  'python',
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
        const needle = `bad line in namelist &system: "  hubbard_${t} = 4.0"`;
        return {
          how: 'tool-namelist',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  'mpirun -np 8 pw.x -in scf.in',
                  qeError(rng, 'scf.in', 'read_namelists', `${needle} (error could be in the previous line)`),
                  1,
                ),
              ),
            },
            {
              step: one(
                `hubbard_${t} is no variable pw.x knows; QE 7.x wants a HUBBARD card instead. Reading scf.in.`,
                run('cat scf.in', pieces(rng, IN, 22)),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = cap(mint('word'));
        const needle = `species ${t} in ATOMIC_POSITIONS is nonexistent`;
        return {
          how: 'tool-input',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run('mpirun -np 8 pw.x -in relax.in', qeError(rng, 'relax.in', 'card_atomic_positions', needle), 1),
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
        const needle = `file ./pseudo/Fe.${t}.UPF not found`;
        return {
          how: 'tool-pseudo',
          needle,
          beats: [
            {
              step: one(undefined, run('mpirun -np 8 pw.x -in nscf.in', qeError(rng, 'nscf.in', 'readpp', needle), 1)),
            },
            {
              step: one(
                'The pseudopotential name is wrong; listing what is there.',
                run(
                  'ls pseudo/',
                  'Cu.pbe-dn-kjpaw_psl.1.0.0.UPF\nFe.pbe-spn-kjpaw_psl.1.0.0.UPF\nS.pbe-n-kjpaw_psl.1.0.0.UPF',
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
        const needle = `-${rng.int(1400, 1480)}.${t}${rng.int(0, 9)} Ry`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            { step: one(undefined, run('mpirun -np 8 pw.x -in scf.in', scf(rng, 'scf.in', needle.slice(0, -3)))) },
            {
              step: one(
                `The converged total energy is ${needle}; keeping it as the reference for the U scan.`,
                write('out/reference.txt', `E_tot(U=0) ${needle}\n`),
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
                run(
                  'sha256sum tmp/cufes2.save/charge-density.dat',
                  `${needle}${hex(rng, 32)}  tmp/cufes2.save/charge-density.dat`,
                ),
              ),
            },
            {
              step: one(
                `The charge density is ${needle}…; writing it down for the nscf runs.`,
                write('out/CHECKSUMS', `${needle}  charge-density.dat\n`),
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
        const needle = `CUS-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Proyectoq huchanqa ${needle}; config.sh-pi churay, ama hina kaspa.` }],
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
            (x) => `Next: repeat ${x} with U = 5 eV and compare the gap`,
            (x) => `Still open: ${x} has no phonon check yet`,
            (x) => `Qatiqnin: ${x} nisqata hukmanta purichiy`,
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
                run(`git add -A && git commit -qm "runs: ${t}" && git log --oneline -1`, `${hex(rng, 7)} runs: ${t}`),
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
        const needle = `tukuchaypi, ${t} nisqamanta huk pisi resumen-ta qhichwa simipi qillqay`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Sulpayki. Huk kaqllataq: ${needle}.` },
            { step: one(undefined, run('mpirun -np 8 pw.x -in scf.in', scf(rng))) },
          ],
        };
      },
    },
  ],
};

function results(s: KnollStep, n: number): string {
  const out = [`Workspace: ${ROOT}`];
  for (const c of s.calls) {
    if (c.tool === 'write') out.push(`  ${c.output}`);
    else
      out.push(
        `Do you want to execute this code? (Y/n) ${nth(['y', 'Y', ''], n)}\nExecuting the code...\n${c.output}\nexit status ${c.exitCode ?? 0}`,
      );
  }
  return out.join('\n');
}

/** The engineer harness. */
export const KNOLL_ENGINEER: KnollHarness = {
  style: 'engineer',
  protocol: 'text',
  system: `You will get instructions for work to do in an existing workspace, ${ROOT}: Quantum ESPRESSO 7.3 calculations on chalcopyrite (CuFeS2), run with mpirun on 8 cores. The user writes Quechua; answer the user in Quechua.\n\nThink step by step and reason yourself to the right decisions. You will output the content of each file to write, following a markdown code block format, where FILENAME is the file name and extension, LANG is the code block language, and CODE is the code:\n\nFILENAME\n\`\`\`LANG\nCODE\n\`\`\`\n\nTo run something, write run.sh (a bash script) the same way: it is the entrypoint, run after the files are written, and you are shown its output. When the work is done, answer without files.`,
  tools: ['write', 'run'],
  renderStep: (s) =>
    `${s.say ? `${s.say}\n\n` : ''}${s.calls
      .map((c) => `${String(c.args['path'])}\n\`\`\`${String(c.args['lang'])}\n${String(c.args['content'])}\n\`\`\``)
      .join('\n\n')}`,
  renderResults: (s, _ids, n) => results(s, n),
  resultStart: /^Workspace: \//,
  callMark: /^[\w./-]+\.\w+\n```\w+$/gm,
  resultMark: /^(?: {2}wrote \S|Executing the code\.\.\.$)/gm,
  noise: engineerNoise,
  big: engineerBig,
  followUp: (rng) =>
    rng.pick([
      'Calculoqa tukurqanchu?',
      'SCF-qa convergerqanchu?',
      'Ama hina kaspa, hukmanta purichiy.',
      'Imatataq tikrarqanki?',
      'Allinmi, imataq puchun?',
      'Kachkanraqchu pantaykuna?',
    ]),
  keepGoing: (rng) => rng.pick(['Qatipay.', 'Qatipay, ama sayaychu.', 'Qatipay llapan calculokuna tukukunankama.']),
  answer: (rng) =>
    rng.pick([
      `Tukurqanmi: SCF convergerqan (${rng.int(9, 18)} iteraciones) hinaspa JOB DONE.`,
      'Done: pw.x converges and the bands run finishes.',
      'Allichanim. Huk ñawpa willakuymi kachkan nscf.in-pi, manam kay tikraywan tupanchu.',
      'Pisillapi: calculokuna purinku, energiakunapas ñawpaq hinallam.',
    ]),
  probe: (rng) => rng.pick(['Qatipay.', 'Sayasqaykimanta qatipay.', 'Kunanri imataq?']),
  planters: PLANTERS,
};
