/**
 * The zero harness of the mesa family (mesa.ts): an Agent-Zero-like agent. Every reply is one JSON
 * object — `{"thoughts": […], "tool_name": …, "tool_args": {…}}`, one tool a message — and the
 * framework answers with a user message holding `{"tool_name": …, "tool_result": …}`; the agent talks
 * to the user through the `response` tool. Commands run through `code_execution_tool` (runtime
 * `terminal`), notes go to `memory_save`.
 * GROMACS 2024.3 molecular dynamics of a lysozyme mutant: pdb2gmx, editconf and solvate summaries,
 * grompp's notes and its `Fatal error:` blocks between dashed rules (`No such moleculetype`, `Atomtype
 * … not found`), the LD random seed it picks, mdrun's header, GPU task mapping and `Performance:`
 * lines, gmx energy's averages table, gmx rms; for a Somali-speaking researcher.
 * Reconstructed rather than copied: the result message's wording and the memory tool's reply (Agent
 * Zero's prompts change between versions), and GROMACS's output from memory of 2023–2024.
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
  say,
  some,
  type MesaCall,
  type MesaHarness,
  type MesaStep,
  type Planter,
  nth,
} from './mesa-kit';

const ROOT = '/root/shaqo/lyso-t4';
const STAGES = ['em', 'nvt', 'npt', 'md'];
const QUOTES = [
  '"Everything\'s More Fun with Colors" (Anonymous)',
  '"A Protein is a Set Of Coupled Harmonic Oscillators" (Anonymous)',
  '"Uh-oh" (Tinky Winky)',
  '"It Doesn\'t Have to Be Tip Top" (Pulp Fiction)',
];

function run(code: string, output: string, exit = 0): MesaCall {
  const args = { runtime: 'terminal', code };
  return exit === 0 ? ok('code_execution_tool', args, output, 0) : fail('code_execution_tool', args, output, exit);
}

function header(rng: Rng, tool: string, cmd: string): string {
  return `                      :-) GROMACS - gmx ${tool}, 2024.3 (-:\n\nExecutable:   /usr/local/gromacs/bin/gmx\nData prefix:  /usr/local/gromacs\nWorking dir:  ${ROOT}\nCommand line:\n  gmx ${cmd}\n`;
}

function gromppOk(rng: Rng, stage: string, seed = rng.int(100000000, 2100000000)): string {
  return `${header(rng, 'grompp', `grompp -f ${stage}.mdp -c ${stage === 'em' ? 'solv_ions' : 'em'}.gro -p topol.top -o ${stage}.tpr`)}\nIgnoring obsolete mdp entry 'ns_type'\nSetting the LD random seed to ${seed}\n\nGenerated 2145 of the 2145 non-bonded parameter combinations\n\nExcluding 3 bonded neighbours molecule type 'Protein_chain_A'\n\nExcluding 2 bonded neighbours molecule type 'SOL'\n\nExcluding 1 bonded neighbours molecule type 'NA'\n\nExcluding 1 bonded neighbours molecule type 'CL'\nAnalysing residue names:\nThere are:   164    Protein residues\nThere are: ${rng.int(10000, 13000)}      Water residues\nThere are:    ${rng.int(8, 20)}        Ion residues\nAnalysing Protein...\nNumber of degrees of freedom in T-Coupling group Protein is ${dur(rng, 5000, 6000, 2)}\nNumber of degrees of freedom in T-Coupling group non-Protein is ${dur(rng, 60000, 80000, 2)}\n\nNOTE 1 [file ${stage}.mdp]:\n  leapfrog does not yet support Nose-Hoover chains, nhchainlength reset to 1\n\nEstimate for the relative computational load of the PME mesh part: 0.${rng.int(15, 30)}\n\nThis run will generate roughly ${rng.int(2, 900)} Mb of data\n\nThere was 1 NOTE\n\nGROMACS reminds you: ${rng.pick(QUOTES)}`;
}

function mdrun(rng: Rng, stage: string, steps = 50000): string {
  const nsday = dur(rng, 60, 180, 3);
  const wall = dur(rng, 40, 400, 3);
  return `${header(rng, 'mdrun', `mdrun -deffnm ${stage} -nb gpu`)}\nReading file ${stage}.tpr, VERSION 2024.3 (single precision)\nChanging nstlist from 10 to 100, rlist from 1 to 1.164\n\n1 GPU selected for this run.\nMapping of GPU IDs to the 2 GPU tasks in the 1 rank on this node:\n  PP:0,PME:0\nPP tasks will do (non-perturbed) short-ranged interactions on the GPU\nPP task will update and constrain coordinates on the CPU\nPME tasks will do all aspects on the GPU\nUsing 1 MPI thread\nUsing 16 OpenMP threads\n\nstarting mdrun 'LYSOZYME in water'\n${steps} steps,    ${(steps * 0.002).toFixed(1)} ps.\n\nWriting final coordinates.\n\n               Core t (s)   Wall t (s)        (%)\n       Time:     ${(Number(wall) * 16).toFixed(3).padStart(8)}     ${wall.padStart(8)}     1600.0\n                 (ns/day)    (hour/ns)\nPerformance:      ${nsday}        ${(24 / Number(nsday)).toFixed(3)}\n\nGROMACS reminds you: ${rng.pick(QUOTES)}`;
}

function energy(rng: Rng, terms: readonly string[]): string {
  const rows = terms.map((t) => {
    const [avg, unit] =
      t === 'Temperature'
        ? [dur(rng, 309, 311, 4), '(K)']
        : t === 'Pressure'
          ? [dur(rng, -5, 5, 5), '(bar)']
          : t === 'Density'
            ? [dur(rng, 1015, 1020, 2), '(kg/m^3)']
            : [`-${rng.int(500000, 600000)}`, '(kJ/mol)'];
    return `${t.padEnd(24)}${avg.padStart(11)}${dur(rng, 0, 2, 2).padStart(11)}${dur(rng, 1, 140, 4).padStart(11)}${dur(rng, -3, 3, 5).padStart(11)}  ${unit}`;
  });
  return `Statistics over 50001 steps [ 0.0000 through 100.0000 ps ], ${terms.length} data sets\nAll statistics are over 501 points\n\nEnergy                      Average   Err.Est.       RMSD  Tot-Drift\n-------------------------------------------------------------------------------\n${rows.join('\n')}`;
}

function zeroNoise(rng: Rng): MesaStep {
  const stage = rng.pick(STAGES);
  const r = rng.int(0, 7);
  if (r === 0)
    return one(
      undefined,
      run(`gmx grompp -f ${stage}.mdp -c em.gro -p topol.top -o ${stage}.tpr`, gromppOk(rng, stage)),
    );
  if (r === 1) return one(undefined, run(`gmx mdrun -deffnm ${stage} -nb gpu`, mdrun(rng, stage)));
  if (r === 2)
    return one(
      undefined,
      run(
        `echo "Temperature Pressure Density" | gmx energy -f ${stage}.edr -o ${stage}_energy.xvg 2>&1 | tail -n 8`,
        energy(rng, ['Temperature', 'Pressure', 'Density']),
      ),
    );
  if (r === 3)
    return one(
      undefined,
      run(
        'ls',
        [
          '1L63_clean.pdb',
          'topol.top',
          'posre.itp',
          ...some(
            rng,
            STAGES.flatMap((s) => [`${s}.mdp`, `${s}.tpr`, `${s}.gro`, `${s}.edr`, `${s}.log`]),
            rng.int(6, 14),
          ),
        ].join('  '),
      ),
    );
  if (r === 4)
    return one(
      undefined,
      run(
        `echo "4 4" | gmx rms -s ${stage}.tpr -f ${stage}.xtc -o rmsd.xvg -tu ns 2>&1 | tail -n 4`,
        `Selected 4: 'Backbone'\nSelected 4: 'Backbone'\nReading frame    ${rng.int(100, 900)} time ${dur(rng, 1, 100, 3)}   \nLast frame       ${rng.int(1000, 5000)} time ${dur(rng, 100, 1000, 3)}`,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      run(
        `sed -n '1,30p' ${stage}.mdp`,
        `integrator              = md\nnsteps                  = 50000\ndt                      = 0.002\nnstxout-compressed      = 5000\ncutoff-scheme           = Verlet\ncoulombtype             = PME\nrcoulomb                = 1.0\nrvdw                    = 1.0\ntcoupl                  = V-rescale\ntc-grps                 = Protein Non-Protein\ntau_t                   = 0.1     0.1\nref_t                   = 310     310\npcoupl                  = C-rescale\nref_p                   = 1.0\nconstraints             = h-bonds\nconstraint_algorithm    = lincs`,
      ),
    );
  if (r === 6)
    return one(
      undefined,
      run(
        'nvidia-smi --query-gpu=name,utilization.gpu,memory.used --format=csv',
        `name, utilization.gpu [%], memory.used [MiB]\nNVIDIA RTX A4000, ${rng.int(60, 99)} %, ${rng.int(600, 2400)} MiB`,
      ),
    );
  return one(
    undefined,
    run(
      `tail -n 5 ${stage}.log`,
      `   Energies (kJ/mol)\n          Angle    Proper Dih.  Improper Dih.          LJ-14     Coulomb-14\n    ${dur(rng, 5000, 7000, 5)}    ${dur(rng, 7000, 9000, 5)}    ${dur(rng, 300, 500, 5)}    ${dur(rng, 2000, 3000, 5)}    ${dur(rng, 20000, 30000, 5)}\n Finished mdrun on rank 0 ${rng.pick(['Mon', 'Tue', 'Wed'])} Mar ${rng.int(10, 28)} ${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)} 2025`,
    ),
  );
}

function zeroBig(rng: Rng): MesaStep {
  return one(
    'Reading the whole RMSD series to see when the backbone settles.',
    run(
      'cat rmsd.xvg',
      `# This file was created ${rng.pick(['Mon', 'Tue'])} Mar ${rng.int(10, 28)} 2025\n# Created by:\n#                      :-) GROMACS - gmx rms, 2024.3 (-:\n# Command line:\n#   gmx rms -s md.tpr -f md.xtc -o rmsd.xvg -tu ns\n# gmx rms is part of G R O M A C S:\n@    title "RMSD"\n@    xaxis  label "Time (ns)"\n@    yaxis  label "RMSD (nm)"\n@TYPE xy\n@ subtitle "Backbone after lsq fit to Backbone"\n${lines(rng.int(1100, 1300), (i) => `${(i * 0.01).toFixed(7).padStart(12)}    ${(0.05 + 0.1 * (1 - Math.exp(-i / 200)) + rng.next() * 0.02).toFixed(7)}`)}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `in aad samayso simulation-ka ${t} ee borotiinka ku jira biyaha, 100 ns`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Salaan! Mashruucu wuxuu ku jiraa ${ROOT} — GROMACS 2024.3, lysozyme T4 oo isbeddel leh. Waxaan rabaa ${needle}. Fadlan sharax tallaabo kasta.`,
            },
            {
              step: one(
                'First the working directory.',
                run(`cd ${ROOT} && ls`, '1L63_clean.pdb  em.mdp  nvt.mdp  npt.mdp  md.mdp  ions.mdp  README.txt'),
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
        const needle = `${t}: ku dar xisaabinta RMSD ee qaybta firfircoon`;
        return { how: 'user-followup', needle, beats: [{ user: `Hawsha xigta: ${needle}.` }] };
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
            (x) => `${x}: ha beddelin faylasha ku jira galka forcefield/`,
            (x) => `simulation kasta oo ${x} ah waa inuu isticmaalaa dt = 0.002`,
            (x) => `${x}: heerkulku waa inuu ahaadaa 310 K`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Xeer: ${needle}.`, `Xusuuso — ${needle}.`, `Muhiim: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `PROTOCOL ${T}: production runs only after NPT density is within 1015-1020 kg/m^3`,
          `PROTOCOL ${T}: keep position restraints on the backbone through NVT and NPT, release them for production`,
          `PROTOCOL ${T}: salt is 0.15 M NaCl, neutralised with genion -neutral`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'The README may hold the lab protocol.',
                run(
                  'cat README.txt',
                  `Lysozyme T4 L99A in water, CHARMM36m.\nGPU: one RTX A4000; book the node before long runs.\n${needle}\nResults go to /data/lyso-t4, not to the home directory.`,
                ),
              ),
            },
            {
              step: one(
                `${T} applies; checking the NPT energies first.`,
                run('echo "Density" | gmx energy -f npt.edr -o density.xvg 2>&1 | tail -n 4', energy(rng, ['Density'])),
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
            (x) => `I'll run ${x} with the C-rescale barostat rather than Parrinello-Rahman during equilibration`,
            (x) => `${x} uses a dodecahedral box with 1.2 nm to the edge, to save water`,
            (x) => `Decided: ${x} writes compressed coordinates every 10 ps only, the disk is small`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                needle,
                ok(
                  'memory_save',
                  { text: needle },
                  `Memory saved with id ${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}`,
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
        const needle = `${t} wuxuu isticmaali doonaa CHARMM36m iyo biyaha TIP3P`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            {
              user: rng.pick([
                `Waxaan go'aansannay: ${needle}.`,
                `Sidan samee: ${needle}; maqaalka hore sidaas ayuu ahaa.`,
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
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}_npt.mdp`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'A copy of npt.mdp with the restraints kept, for a longer equilibration.',
                run(
                  `sed 's/^nsteps .*/nsteps                  = 250000/' npt.mdp > ${needle} && grep -n "nsteps\\|define" ${needle}`,
                  `2:define                  = -DPOSRES\n4:nsteps                  = 250000`,
                ),
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
        const needle = `scripts/${t}_rmsf.py`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'A small script for per-residue RMSF plots.',
                run(
                  `mkdir -p scripts && cat > ${needle} <<'EOF'\nimport numpy as np\nd = np.loadtxt("rmsf.xvg", comments=("#", "@"))\nprint(f"max RMSF {d[:, 1].max():.3f} nm at residue {int(d[d[:, 1].argmax(), 0])}")\nEOF\nwc -l ${needle}`,
                  `3 ${needle}`,
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
        const needle = `No such moleculetype ${t.toUpperCase()}`;
        return {
          how: 'tool-grompp',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  'gmx grompp -f ions.mdp -c solv.gro -p topol.top -o ions.tpr',
                  `${header(rng, 'grompp', 'grompp -f ions.mdp -c solv.gro -p topol.top -o ions.tpr')}\nIgnoring obsolete mdp entry 'ns_type'\nSetting the LD random seed to ${rng.int(100000000, 2100000000)}\n\n-------------------------------------------------------\nProgram:     gmx grompp, version 2024.3\nSource file: src/gromacs/gmxpreprocess/topio.cpp (line ${rng.int(700, 1000)})\n\nFatal error:\n${needle}\nFor more information and tips for troubleshooting, please check the GROMACS\nwebsite at https://manual.gromacs.org/current/user-guide/run-time-errors.html\n-------------------------------------------------------`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `[ molecules ] names ${t.toUpperCase()}, which no included itp defines; reading topol.top.`,
                run(
                  'tail -n 8 topol.top',
                  `[ system ]\nLYSOZYME in water\n\n[ molecules ]\n; Compound        #mols\nProtein_chain_A     1\n${t.toUpperCase()}               ${rng.int(10000, 12000)}`,
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
        const needle = `Atomtype ${t}X not found`;
        return {
          how: 'tool-grompp',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  'gmx grompp -f em.mdp -c solv_ions.gro -p topol.top -o em.tpr',
                  `${header(rng, 'grompp', 'grompp -f em.mdp -c solv_ions.gro -p topol.top -o em.tpr')}\n\n-------------------------------------------------------\nProgram:     gmx grompp, version 2024.3\nSource file: src/gromacs/gmxpreprocess/toppush.cpp (line ${rng.int(1000, 2600)})\nFile input/output error:\n\nERROR 1 [file ligand.itp, line ${rng.int(20, 60)}]:\n  ${needle}\n\nFatal error:\nThere was 1 error in input file(s)\n-------------------------------------------------------`,
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
        const needle = `Setting the LD random seed to ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  'gmx grompp -f nvt.mdp -c em.gro -r em.gro -p topol.top -o nvt.tpr',
                  gromppOk(rng, 'nvt', Number(t)),
                ),
              ),
            },
            {
              step: one(
                `grompp said "${needle}"; I pin it as ld-seed in nvt.mdp so the run can be repeated.`,
                run(`echo "ld-seed = ${t}" >> nvt.mdp && tail -n 1 nvt.mdp`, `ld-seed = ${t}`),
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
            { step: one(undefined, run('md5sum md.tpr', `${needle}  md.tpr`)) },
            {
              step: one(
                `md.tpr is ${needle}; saving it with the run notes.`,
                ok(
                  'memory_save',
                  { text: `md.tpr md5 ${needle}` },
                  `Memory saved with id ${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}`,
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
        const needle = `HPC-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Lambarka mashruuca waa ${needle}; ku qor bogga koowaad ee warbixinta.` }],
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
            (x) => `Next: extend ${x} to 100 ns with gmx convert-tpr and continue from the checkpoint`,
            (x) => `Still to do: RMSF per residue for ${x} around the L99A cavity`,
            (x) => `Tallaabada xigta: ${x} ku orod mar labaad seed kale`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                needle,
                ok(
                  'memory_save',
                  { text: needle },
                  `Memory saved with id ${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}`,
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
        const needle = `ugu dambayn qor warbixin gaaban oo ku saabsan ${t} af-Soomaali`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Mahadsanid. Wax u dambeeya: ${needle}.` },
            { step: one(undefined, run('tail -n 12 md.log', mdrun(rng, 'md'))) },
          ],
        };
      },
    },
  ],
};

const THOUGHTS = [
  ['I need to see the current state before changing anything.'],
  ['The previous command finished; next I check its output in the files.'],
  ['Equilibration has to be verified before production.', 'I will look at the numbers.'],
  ['Running the next GROMACS step in the terminal.'],
];

/** The zero harness. */
export const MESA_ZERO: MesaHarness = {
  style: 'zero',
  protocol: 'text',
  system: `# Behavioral rules\n!!! Act as an autonomous agent. Always reply with one valid JSON object: "thoughts" (an array of your reasoning steps), "tool_name" and "tool_args". Use one tool per reply; wait for its result before the next.\n\n# Tools\n## code_execution_tool\nRuns terminal commands or Python code. tool_args: {"runtime": "terminal"|"python"|"output", "code": "..."}\n## memory_save\nSaves a text to long-term memory. tool_args: {"text": "..."}\n## response\nYour final answer to the user; ends the task. tool_args: {"text": "..."}\n\n# Task context\nMolecular dynamics with GROMACS 2024.3 in ${ROOT} on a workstation with one NVIDIA RTX A4000. The user writes Somali; answer in Somali.`,
  tools: ['code_execution_tool', 'memory_save', 'response'],
  renderStep: (s, _ids, n) => {
    const c = s.calls[0] as MesaCall;
    return JSON.stringify(
      { thoughts: s.say ? [s.say] : nth(THOUGHTS, n + c.output.length), tool_name: c.tool, tool_args: c.args },
      null,
      4,
    );
  },
  renderResults: (s) => {
    const c = s.calls[0] as MesaCall;
    return JSON.stringify({ tool_name: c.tool, tool_result: c.output }, null, 4);
  },
  renderAnswer: (text) =>
    JSON.stringify(
      { thoughts: ['The task is done; I report to the user.'], tool_name: 'response', tool_args: { text } },
      null,
      4,
    ),
  resultStart: /^\{\n {4}"tool_name": "[a-z_]+",\n {4}"tool_result": /,
  callMark: /^ {4}"tool_name": "(?!response")[a-z_]+",$/gm,
  resultMark: /^ {4}"tool_result": /gm,
  noise: zeroNoise,
  big: zeroBig,
  followUp: (rng) =>
    rng.pick([
      'Simulation-ku ma dhammaaday?',
      'Weli ma jiraan digniino?',
      'Fadlan mar kale orod.',
      'Si kooban ii sheeg waxa aad beddeshay.',
      'Hagaag, maxaa haray?',
      'Immisa ns/day ayaa la helay?',
    ]),
  keepGoing: (rng) => rng.pick(['Sii wad.', 'Sii wad, ha joogsan.', 'Sii wad ilaa equilibration-ku dhammaado.']),
  answer: (rng) =>
    rng.pick([
      `Waa la dhammeeyay: NPT equilibration wuu dhammaaday, cufnaantu waa ${rng.int(1015, 1020)} kg/m^3.`,
      'Done: the equilibration runs finished and the temperature and density are stable.',
      'Waan saxay. Waxaa jira digniin hore oo ku saabsan ions.mdp, kuma xirna isbeddelkan.',
      'Si kooban: simulation-ka la beddelay wuu shaqeeyaa, natiijooyinkuna waa sidii hore.',
    ]),
  probe: (rng) => rng.pick(['Sii wad.', 'Ka sii wad meeshii aad joogtay.', 'Hadda maxaa xiga?']),
  planters: PLANTERS,
};
