/**
 * The langroid harness of the tarn family (tarn.ts): a Langroid-like agent with JSON tool messages. Its
 * calls are text: a sentence or two, then one tool message a reply, a JSON object whose `request` field
 * names the tool and whose other fields are its arguments (`{"request": "run_lammps", "input_file":
 * "in.melt", "np": 4}`), as the tool instructions in the system message ask; the agent's handler runs
 * it and the result comes back as a user message `Result of run_lammps:` and the handler's text.
 * Answers to the user are prose.
 * LAMMPS (29 Aug 2024) molecular dynamics of a B2 NiAl alloy's thermal conductivity by Green-Kubo:
 * the banner and setup lines (`Created 16000 atoms`, the MPI grid, neighbour lists), thermo tables,
 * `Loop time of … on 4 procs for 10000 steps with 16000 atoms`, the performance line and the MPI task
 * timing breakdown, `Total wall time:`, `ERROR: …` lines with the source file and `Last command:`,
 * `ERROR: Lost atoms`, warnings; Slurm on ARCHER2; a Python analysis of the heat-current
 * autocorrelation; for a Scottish-Gaelic-speaking researcher.
 * Reconstructed rather than copied: the result message's wording (Langroid hands the handler's return
 * value back; the `Result of …:` line is this project's handlers' own), the system message, and LAMMPS's
 * messages from memory of the 2023–2024 stable releases.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  dur,
  fail,
  hex,
  lines,
  ok,
  one,
  pieces,
  pyJson,
  say,
  some,
  type Planter,
  type TarnCall,
  type TarnHarness,
  type TarnStep,
} from './tarn-kit';

const ROOT = '/home/morag/obair/nial-teas';
const INPUTS = ['in.nial_eq', 'in.green_kubo', 'in.melt', 'in.vacancy'];
const POT = 'potentials/NiAl_Mishin_2004.eam.alloy';
const IN = [
  'units           metal\natom_style      atomic\nboundary        p p p',
  'lattice         custom 2.88 a1 1 0 0 a2 0 1 0 a3 0 0 1 basis 0 0 0 basis 0.5 0.5 0.5\nregion          box block 0 20 0 20 0 20\ncreate_box      2 box\ncreate_atoms    1 box basis 2 2',
  `pair_style      eam/alloy\npair_coeff      * * ${POT} Ni Al`,
  'velocity        all create 600.0 4928459 mom yes rot yes dist gaussian\nfix             1 all npt temp 600.0 600.0 0.1 iso 0.0 0.0 1.0',
  'compute         myKE all ke/atom\ncompute         myPE all pe/atom\ncompute         myStress all stress/atom NULL virial\ncompute         flux all heat/flux myKE myPE myStress',
  'fix             JJ all ave/correlate 10 200 2000 c_flux[1] c_flux[2] c_flux[3] type auto file J0Jt.dat ave running',
  'thermo_style    custom step temp pe etotal press vol\nthermo          100\ntimestep        0.001\nrun             10000',
];

function lmp(input: string, output: string, np = 4, code = 0): TarnCall {
  const args = { input_file: input, np };
  return code === 0 ? ok('run_lammps', args, output, 0) : fail('run_lammps', args, output, code);
}

function sh(command: string, output: string, code = 0): TarnCall {
  return code === 0 ? ok('shell', { command }, output, 0) : fail('shell', { command }, output, code);
}

function read(rng: Rng, path: string, body?: string): TarnCall {
  return ok('read_file', { path }, body ?? pieces(rng, IN, rng.int(10, 30)));
}

function header(atoms: number | string, np: number): string {
  return `LAMMPS (29 Aug 2024 - Update 1)\nOMP_NUM_THREADS environment is not set. Defaulting to 1 thread. (src/comm.cpp:98)\n  using 1 OpenMP thread(s) per MPI task\nLattice spacing in x,y,z = 2.88 2.88 2.88\nCreated orthogonal box = (0 0 0) to (57.6 57.6 57.6)\n  1 by ${np / 2} by 2 MPI processor grid\nCreated ${atoms} atoms\n  using lattice units in orthogonal box = (0 0 0) to (57.6 57.6 57.6)\n  create_atoms CPU = 0.002 seconds`;
}

function thermo(rng: Rng, steps: number, every = 1000): string {
  const rows = lines(steps / every + 1, (i) => {
    const t = i === 0 ? 600 : 600 + (rng.next() - 0.5) * 30;
    return `${String(i * every).padStart(10)}   ${t.toFixed(4).padStart(12)}  ${(-69812 + rng.next() * 40).toFixed(3).padStart(13)}  ${(-68571 + rng.next() * 40).toFixed(3).padStart(13)}  ${((rng.next() - 0.5) * 900).toFixed(4).padStart(12)}  ${(191103 + rng.next() * 90).toFixed(2).padStart(11)}`;
  });
  return `   Step          Temp          PotEng         TotEng         Press          Volume    \n${rows}`;
}

function run(rng: Rng, steps = 10000, atoms: number | string = 16000, np = 4): string {
  const loop = dur(rng, 8, 90, 3);
  const pct = () => dur(rng, 0.1, 80, 2);
  return `${header(atoms, np)}\nNeighbor list info ...\n  update: every = 1 steps, delay = 0 steps, check = yes\n  max neighbors/atom: 2000, page size: 100000\n  master list distance cutoff = 8.28721\n  ghost atom cutoff = 8.28721\nSetting up Verlet run ...\n  Unit style    : metal\n  Current step  : 0\n  Time step     : 0.001\nPer MPI rank memory allocation (min/avg/max) = 4.312 | 4.312 | 4.312 Mbytes\n${thermo(rng, steps)}\nLoop time of ${loop} on ${np} procs for ${steps} steps with ${atoms} atoms\n\nPerformance: ${dur(rng, 2, 30, 3)} ns/day, ${dur(rng, 0.8, 12, 3)} hours/ns, ${dur(rng, 100, 1200, 3)} timesteps/s, ${dur(rng, 1, 20, 3)} Matom-step/s\n99.${rng.int(0, 9)}% CPU use with ${np} MPI tasks x 1 OpenMP threads\n\nMPI task timing breakdown:\nSection |  min time  |  avg time  |  max time  |%varavg| %total\n---------------------------------------------------------------\nPair    | ${dur(rng, 5, 60, 4)}     | ${dur(rng, 5, 60, 4)}     | ${dur(rng, 5, 60, 4)}     |   0.${rng.int(1, 9)} | ${pct()}\nNeigh   | ${dur(rng, 0.1, 3, 4)}     | ${dur(rng, 0.1, 3, 4)}     | ${dur(rng, 0.1, 3, 4)}     |   0.1 | ${pct()}\nComm    | ${dur(rng, 0.5, 5, 4)}     | ${dur(rng, 0.5, 5, 4)}     | ${dur(rng, 0.5, 5, 4)}     |   2.${rng.int(1, 9)} | ${pct()}\nOutput  | 0.0012     | 0.0013     | 0.0021     |   0.0 |  0.00\nModify  | ${dur(rng, 0.5, 4, 4)}     | ${dur(rng, 0.5, 4, 4)}     | ${dur(rng, 0.5, 4, 4)}     |   0.4 | ${pct()}\nOther   |            | 0.1034     |            |       |  0.31\n\nNlocal:           ${Number(atoms) / np || 4000} ave        ${Number(atoms) / np || 4000} max        ${Number(atoms) / np || 4000} min\nTotal # of neighbors = ${rng.int(900000, 9000000)}\nAve neighs/atom = ${dur(rng, 50, 60, 4)}\nNeighbor list builds = ${rng.int(0, 40)}\nDangerous builds = 0\nTotal wall time: 0:0${rng.int(0, 5)}:${String(rng.int(10, 59))}`;
}

function langroidNoise(rng: Rng): TarnStep {
  const r = rng.int(0, 8);
  const f = rng.pick(INPUTS);
  if (r === 0)
    return one('A short equilibration run to check the setup.', lmp('in.nial_eq', run(rng, rng.pick([2000, 5000]))));
  if (r === 1) return one(undefined, read(rng, f));
  if (r === 2)
    return one(
      undefined,
      sh(
        'grep -h "Loop time" log.*.lammps',
        lines(rng.int(3, 6), () => `Loop time of ${dur(rng, 8, 90, 3)} on 4 procs for 10000 steps with 16000 atoms`),
      ),
    );
  if (r === 3)
    return one(
      undefined,
      sh(
        'python3 analysis/kappa.py J0Jt.dat --T 600 --V 191103.2 --dt 0.01',
        `read ${rng.int(180, 220)} correlation blocks\nHCACF decays below 1% at ${dur(rng, 5, 40, 1)} ps\nkappa_xx ${dur(rng, 20, 90)} W/m/K\nkappa_yy ${dur(rng, 20, 90)} W/m/K\nkappa_zz ${dur(rng, 20, 90)} W/m/K`,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      sh(
        'squeue -u morag --format="%.10i %.12j %.8T %.10M %.6D"',
        `     JOBID         NAME    STATE       TIME  NODES\n${lines(rng.int(1, 4), () => `   ${rng.int(7000000, 7999999)}   ${rng.pick(['gk_600K', 'gk_900K', 'eq_npt', 'vacancy'])}  ${rng.pick(['RUNNING', 'PENDING'])}    ${rng.int(0, 9)}:${rng.int(10, 59)}:${rng.int(10, 59)}      1`)}`,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      sh(
        'git status --short && git log --oneline -3',
        `${some(rng, INPUTS, rng.int(1, 2))
          .map((x) => ` M ${x}`)
          .join(
            '\n',
          )}\n${hex(rng, 7)} gk: correlation length 2000\n${hex(rng, 7)} eq: NPT at 600 K\n${hex(rng, 7)} analysis: block averages`,
      ),
    );
  if (r === 6)
    return one(
      'A hotter run, to see whether the box holds together.',
      lmp(
        'in.melt',
        `${header(16000, 4)}\nWARNING: Temperature for thermo pressure is not for group all (src/thermo.cpp:530)\n${thermo(rng, 3000)}\nERROR: Lost atoms: original 16000 current ${16000 - rng.int(1, 9)} (src/thermo.cpp:494)\nLast command: run             10000`,
        4,
        1,
      ),
    );
  if (r === 7)
    return one(
      undefined,
      sh(
        `head -n 5 ${POT}`,
        `Mishin NiAl 2004\nY. Mishin, Acta Mater. 52 (2004) 1451\n\n2 Ni Al\n10000 2.0e-04 10000 6.28721e-04 6.28721`,
      ),
    );
  return one(undefined, lmp('in.nial_eq', run(rng, 2000, 16000, rng.pick([2, 4, 8]))));
}

function langroidBig(rng: Rng): TarnStep {
  const n = rng.int(560, 680);
  return one(
    'The last frame of the dump, to look at the atoms near the vacancy.',
    read(
      rng,
      'dump.vacancy.lammpstrj',
      `ITEM: TIMESTEP\n10000\nITEM: NUMBER OF ATOMS\n15999\nITEM: BOX BOUNDS pp pp pp\n0.0000000000000000e+00 5.7600000000000001e+01\n0.0000000000000000e+00 5.7600000000000001e+01\n0.0000000000000000e+00 5.7600000000000001e+01\nITEM: ATOMS id type x y z c_myPE\n${lines(n, (i) => `${i + 1} ${rng.int(1, 2)} ${dur(rng, 0, 57.6, 5)} ${dur(rng, 0, 57.6, 5)} ${dur(rng, 0, 57.6, 5)} -${dur(rng, 3.9, 4.6, 6)}`)}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `gun cuir thu ris sgriobt ${t} airson seoltachd teasa a thomhas le Green-Kubo`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Halò! Tha am pròiseact ann an ${ROOT} — samhlachaidhean LAMMPS air alloy NiAl. Tha mi ag iarraidh ${needle}. Mìnich gach ceum, mas e do thoil e.`,
            },
            {
              step: one(
                'First the files in the project.',
                sh('ls', `${INPUTS.join('\n')}\ndata.nial_B2\npotentials\nanalysis\nslurm\nREADME.md`),
              ),
            },
            { step: one(undefined, read(rng, 'in.nial_eq')) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: dèan coimeas eadar 600 K agus 900 K`;
        return { how: 'user-followup', needle, beats: [{ user: `An ath obair: ${needle}.` }] };
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
            (x) => `${x}: na atharraich dad sa phasgan potentials/`,
            (x) => `feumaidh a h-uile ruith de ${x} timestep 0.001 a chleachdadh`,
            (x) => `${x}: na cleachd barrachd air 8 pròiseasan MPI`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Aon riaghailt: ${needle}.`, `Cuimhnich — ${needle}.`, `Cudromach: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: production runs use units metal and a 1 fs timestep, never larger`,
          `${T}: inputs reference the potential in potentials/; never copy it next to an input`,
          `${T}: thermo output every 100 steps so analysis/ can parse the log`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'The group protocol first.',
                read(
                  rng,
                  'docs/PROTOCOL.md',
                  `# Simulation protocol\n\n- Equilibrate 200 ps NPT before any production run.\n- ${needle}\n- Seeds are recorded in the log header.`,
                ),
              ),
            },
            {
              step: one(
                `Protocol ${T} applies; checking the equilibration input against it.`,
                lmp('in.nial_eq', run(rng, 2000)),
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
            (x) => `I'll run ${x} in NVE after the NPT equilibration rather than keep a thermostat on`,
            (x) => `${x} will use a 20x20x20 B2 supercell; smaller boxes give a noisy HCACF`,
            (x) => `Plan: ${x} averages over 8 independent velocity seeds instead of one long run`,
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
                  { path: 'docs/decisions.md', content: `# Decisions\n\n- ${needle}\n` },
                  'wrote 3 lines to docs/decisions.md',
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
        const needle = `cleachdaidh ${t} am potential EAM aig Mishin a-mhàin`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            {
              user: rng.pick([
                `Tha sinn air co-dhùnadh: ${needle}.`,
                `Dèanamaid mar seo e: ${needle}; tha e air a dhearbhadh airson NiAl.`,
              ]),
            },
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
        const needle = `in.${t}_gk`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'A separate input for the Green-Kubo production run.',
                ok('write_file', { path: needle, content: pieces(rng, IN, 18) }, `wrote 18 lines to ${needle}`),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `slurm/${t}.slurm`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'A job script for ARCHER2.',
                ok(
                  'write_file',
                  {
                    path: needle,
                    content: `#!/bin/bash\n#SBATCH --job-name=${t}\n#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=8\n#SBATCH --time=04:00:00\n#SBATCH --partition=standard\n#SBATCH --qos=standard\n\nmodule load lammps/29Aug2024\nsrun lmp -in in.green_kubo -log log.${t}.lammps\n`,
                  },
                  `wrote 11 lines to ${needle}`,
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
        const l = rng.int(80, 400);
        const needle = `ERROR: Could not find fix ave/correlate compute ID: ${t}_flux (src/fix_ave_correlate.cpp:${l})`;
        return {
          how: 'tool-lammps',
          needle,
          beats: [
            {
              step: one(
                undefined,
                lmp(
                  'in.green_kubo',
                  `${header(16000, 4)}\n${needle}\nLast command: fix             JJ all ave/correlate 10 200 2000 c_${t}_flux[1] c_${t}_flux[2] c_${t}_flux[3] type auto file J0Jt.dat ave running`,
                  4,
                  1,
                ),
              ),
            },
            {
              step: one(
                `The fix refers to ${t}_flux but the compute is called flux; reading the input.`,
                read(rng, 'in.green_kubo'),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `ERROR on proc 0: Cannot open EAM potential file ${t}_NiAl.eam.alloy: No such file or directory (src/potential_file_reader.cpp:59)`;
        return {
          how: 'tool-potential',
          needle,
          beats: [
            {
              step: one(
                undefined,
                lmp(
                  'in.vacancy',
                  `${header(15999, 4)}\nReading eam/alloy potential file ${t}_NiAl.eam.alloy with DATE: 2004-01-01\n${needle}\nLast command: pair_coeff      * * ${t}_NiAl.eam.alloy Ni Al`,
                  4,
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
        const needle = `Created ${t} atoms`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'A dry run of the large box for the size convergence check.',
                lmp('in.nial_eq', run(rng, 1000, t, 8), 8),
              ),
            },
            {
              step: one(
                `The large box: "${needle}". Writing that into the size study notes.`,
                ok(
                  'write_file',
                  { path: 'docs/size_study.md', content: `## 40x40x40\n\n${needle}\n` },
                  'wrote 3 lines to docs/size_study.md',
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
        const needle = `${t}${hex(rng, 24)}`;
        return {
          how: 'tool-hash',
          needle,
          beats: [
            { step: one(undefined, sh(`sha256sum ${POT}`, `${needle}${hex(rng, 32)}  ${POT}`)) },
            {
              step: one(
                `The potential file is ${needle}…; recording it so a changed file is noticed.`,
                sh(
                  `echo "POTENTIAL_SHA256=${needle}" >> README.md && tail -n 1 README.md`,
                  `POTENTIAL_SHA256=${needle}`,
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
        const needle = `ARC-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `'S e àireamh a' phròiseict air ARCHER2 ${needle}; cuir anns na sgriobtaichean Slurm e.` }],
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
            (x) => `Next: submit ${x} to ARCHER2 as an 8-seed array job`,
            (x) => `Still to do: the 900 K runs for ${x}`,
            (x) => `Ri dhèanamh: sgrùdadh air ${x} le bogsa nas motha`,
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
                sh(`git commit -qam "gk: ${t}" && git log --oneline -1`, `${hex(rng, 7)} gk: ${t}`),
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
        const needle = `aig an deireadh, sgrìobh geàrr-chunntas air ${t} ann an Gàidhlig`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Tapadh leat. Aon rud eile: ${needle}.` },
            { step: one(undefined, lmp('in.nial_eq', run(rng, 2000))) },
          ],
        };
      },
    },
  ],
};

const TOOL_DOC = [
  'run_lammps: run LAMMPS (lmp) on an input file with mpirun; fields: input_file (str), np (int, MPI tasks)',
  'shell: run a shell command in the project directory; fields: command (str)',
  'read_file: read a text file; fields: path (str)',
  'write_file: write a text file, replacing it; fields: path (str), content (str)',
];

/** The langroid harness. */
export const TARN_LANGROID: TarnHarness = {
  style: 'langroid',
  protocol: 'text',
  system: `You are a research assistant for molecular dynamics with LAMMPS. The project is in ${ROOT}. The researcher writes Scottish Gaelic; answer in Scottish Gaelic.\n\n=== ALL AVAILABLE TOOLS and THEIR FORMAT INSTRUCTIONS ===\nYou have access to the following TOOLS to accomplish your task:\n\n${TOOL_DOC.join('\n')}\n\nWhen one of the above TOOLs is applicable, you must express your request as "TOOL:" followed by the request in the JSON format below, with the "request" field set to the tool name, e.g.\n{"request": "shell", "command": "ls"}\nUse ONE tool at a time and wait for its result.`,
  tools: ['run_lammps', 'shell', 'read_file', 'write_file'],
  renderStep: (s) => {
    const c = s.calls[0] as TarnCall;
    return `${s.say ? `${s.say}\n\nTOOL:\n` : 'TOOL:\n'}${pyJson({ request: c.tool, ...c.args })}`;
  },
  renderResults: (s) => {
    const c = s.calls[0] as TarnCall;
    return `Result of ${c.tool}:\n${c.tool === 'run_lammps' || c.tool === 'shell' ? `exit status ${c.exitCode ?? 0}\n` : ''}${c.output}`;
  },
  resultStart: /^Result of (?:run_lammps|shell|read_file|write_file):\n/,
  callMark: /^\{"request": "/gm,
  resultMark: /^Result of \w+:$/gm,
  noise: langroidNoise,
  big: langroidBig,
  followUp: (rng) =>
    rng.pick([
      'A bheil an ruith deiseil?',
      'An do dh’obraich e a-nis?',
      'Ruith a-rithist e, mas e do thoil e.',
      'Dè dh’atharraich thu?',
      'Glè mhath, dè tha air fhàgail?',
      'A bheil rabhaidhean fhathast ann?',
    ]),
  keepGoing: (rng) => rng.pick(['Lean ort.', 'Lean ort, na stad.', 'Lean ort gus am bi a h-uile ruith soirbheachail.']),
  answer: (rng) =>
    rng.pick([
      `Deiseil: chaidh ${rng.int(2, 8)} ruith gu math, gun mhearachd.`,
      'Done: the equilibration and the Green-Kubo run both finish and the analysis reads the correlation file.',
      'Chàirich mi e. Tha seann rabhadh ann an in.melt nach eil co-cheangailte ris an atharrachadh seo.',
      'Ann an geàrr-chunntas: tha an sgriobt ag obair agus tha na toraidhean coltach ris na bha iad roimhe.',
    ]),
  probe: (rng) => rng.pick(['Lean ort.', 'Lean ort far an do stad thu.', 'Dè a-nis?']),
  planters: PLANTERS,
};
