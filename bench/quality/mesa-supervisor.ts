/**
 * The supervisor harness of the mesa family (mesa.ts): a LangGraph-supervisor-like team. A supervisor
 * agent hands the work to named sub-agents (`mesh_expert`, `solver_expert`, `post_expert`) through
 * native `transfer_to_<agent>` calls answered by "Successfully transferred to <agent>"; each sub-agent
 * then makes its own native calls, one at a time, under its name, and hands back with
 * `transfer_back_to_supervisor`. Call ids are OpenAI's (`call_` and 24 characters).
 * An OpenFOAM v2312 wind study around a harbour control tower: the banner every utility prints,
 * blockMesh, snappyHexMesh's castellating and snapping phases, checkMesh's geometry report with
 * `***` failures, decomposePar, simpleFoam's SIMPLE residual lines, `--> FOAM FATAL IO ERROR` blocks
 * with the dictionary and the function that failed, force coefficients; for an Esperanto-speaking
 * user.
 * Reconstructed rather than copied: the tool names and arguments of the sub-agents (the supervisor's
 * hand-off messages follow langgraph-supervisor's defaults as remembered), and OpenFOAM's logs from
 * memory of v23xx.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  dur,
  fail,
  hex,
  lines,
  ok,
  one,
  say,
  type MesaCall,
  type MesaHarness,
  type MesaStep,
  type Planter,
} from './mesa-kit';

const ROOT = '/home/mirela/kazoj/haveno-turo';
const AGENTS = ['mesh_expert', 'solver_expert', 'post_expert'] as const;

function banner(rng: Rng, exec: string): string {
  return `/*---------------------------------------------------------------------------*\\
| =========                 |                                                 |
| \\\\      /  F ield         | OpenFOAM: The Open Source CFD Toolbox           |
|  \\\\    /   O peration     | Version:  v2312                                 |
|   \\\\  /    A nd           | Website:  www.openfoam.com                      |
|    \\\\/     M anipulation  |                                                 |
\\*---------------------------------------------------------------------------*/
Build  : _f8e7d3ac-20231220 OPENFOAM=2312 version=v2312
Arch   : "LSB;label=32;scalar=64"
Exec   : ${exec}
Date   : Mar ${rng.int(10, 28)} 2025
Time   : ${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)}
Host   : vento-ws02
PID    : ${rng.int(10000, 99999)}
I/O    : uncollated
Case   : ${ROOT}
nProcs : 1
trapFpe: Floating point exception trapping enabled (FOAM_SIGFPE).
fileModificationChecking : Monitoring run-time modified files using timeStampMaster (fileModificationSkew 5, maxFileModificationPolls 20)
allowSystemOperations : Allowing user-supplied system call operations

// * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * //
Create time
`;
}

function foam(command: string, output: string, code = 0): MesaCall {
  const args = { command, case_dir: ROOT };
  return code === 0 ? ok('run_openfoam', args, output, 0) : fail('run_openfoam', args, output, code);
}

function iteration(rng: Rng, i: number, decay: number): string {
  const r = (base: number) => (base * Math.exp(-decay * i) * (0.6 + rng.next() * 0.8)).toExponential(5);
  return `Time = ${i}

smoothSolver:  Solving for Ux, Initial residual = ${r(1)}, Final residual = ${r(0.05)}, No Iterations ${rng.int(1, 4)}
smoothSolver:  Solving for Uy, Initial residual = ${r(1)}, Final residual = ${r(0.05)}, No Iterations ${rng.int(1, 4)}
smoothSolver:  Solving for Uz, Initial residual = ${r(1)}, Final residual = ${r(0.05)}, No Iterations ${rng.int(1, 4)}
GAMG:  Solving for p, Initial residual = ${r(0.8)}, Final residual = ${r(0.006)}, No Iterations ${rng.int(3, 12)}
time step continuity errors : sum local = ${r(0.02)}, global = ${r(0.0004)}, cumulative = ${r(0.001)}
smoothSolver:  Solving for omega, Initial residual = ${r(0.1)}, Final residual = ${r(0.004)}, No Iterations ${rng.int(1, 3)}
smoothSolver:  Solving for k, Initial residual = ${r(1)}, Final residual = ${r(0.05)}, No Iterations ${rng.int(1, 3)}
ExecutionTime = ${(i * 1.7).toFixed(2)} s  ClockTime = ${Math.round(i * 1.8)} s
`;
}

function simple(rng: Rng, from: number, n: number): string {
  const its = Array.from({ length: n }, (_, k) => iteration(rng, from + k, 0.004)).join('\n');
  return `${banner(rng, 'simpleFoam')}Create mesh for time = 0

SIMPLE solution

Reading field p

Reading field U

Reading/calculating face flux field phi

Selecting incompressible transport model Newtonian
Selecting turbulence model type RAS
Selecting RAS turbulence model kOmegaSST
RAS
{
    RASModel        kOmegaSST;
    turbulence      on;
    printCoeffs     on;
}

No MRF models present

No finite volume options present
forceCoeffs tower:
    Coefficients output to log

Starting time loop

${its}`;
}

function checkMesh(rng: Rng, cells: number, bad = 0): string {
  return `${banner(rng, 'checkMesh')}Create polyMesh for time = 0

Time = 0

Mesh stats
    points:           ${Math.round(cells * 1.1)}
    faces:            ${Math.round(cells * 3.2)}
    internal faces:   ${Math.round(cells * 3.05)}
    cells:            ${cells}
    faces per cell:   6.2
    boundary patches: 6
    point zones:      0
    face zones:       0
    cell zones:       0

Overall number of cells of each type:
    hexahedra:     ${Math.round(cells * 0.91)}
    prisms:        ${Math.round(cells * 0.02)}
    polyhedra:     ${cells - Math.round(cells * 0.91) - Math.round(cells * 0.02)}

Checking topology...
    Boundary definition OK.
    Cell to face addressing OK.
    Point usage OK.
    Upper triangular ordering OK.
    Face vertices OK.
    Number of regions: 1 (OK).

Checking geometry...
    Overall domain bounding box (-120 -80 0) (240 80 90)
    Mesh has 3 geometric (non-empty/wedge) directions (1 1 1)
    Mesh has 3 solution (non-empty) directions (1 1 1)
    Max cell openness = ${(rng.next() * 3e-16).toExponential(6)} OK.
    Max aspect ratio = ${dur(rng, 6, 30, 4)} OK.
    Minimum face area = ${(rng.next() * 1e-4).toExponential(5)}. Maximum face area = ${dur(rng, 8, 40, 4)}.  Face area magnitudes OK.
    Min volume = ${(rng.next() * 1e-6).toExponential(5)}. Max volume = ${dur(rng, 50, 120, 4)}.  Total volume = 2.59182e+06.  Cell volumes OK.
    Mesh non-orthogonality Max: ${bad ? dur(rng, 70, 85, 4) : dur(rng, 40, 64, 4)} average: ${dur(rng, 4, 9, 5)}
${bad ? ` *Number of severely non-orthogonal (> 70 degrees) faces: ${bad}.\n    Non-orthogonality check OK.\n  <<Writing ${bad} non-orthogonal faces to set nonOrthoFaces\n` : '    Non-orthogonality check OK.\n'}    Face pyramids OK.
    Max skewness = ${dur(rng, 1, 3.9, 6)} OK.
    Coupled point location match (average 0) OK.

${bad ? 'Failed 1 mesh checks.' : 'Mesh OK.'}

End
`;
}

function handoff(agent: string): MesaStep {
  return one(undefined, ok(`transfer_to_${agent}`, {}, `Successfully transferred to ${agent}`), 'supervisor');
}

function back(agent: string): MesaStep {
  return one(
    'Transferring back to supervisor',
    ok('transfer_back_to_supervisor', {}, 'Successfully transferred back to supervisor'),
    agent,
  );
}

function read(agent: string, path: string, text: string): MesaStep {
  return one(undefined, ok('read_file', { path: `${ROOT}/${path}` }, text), agent);
}

const FV_SCHEMES = `FoamFile\n{\n    version     2.0;\n    format      ascii;\n    class       dictionary;\n    object      fvSchemes;\n}\n\nddtSchemes\n{\n    default         steadyState;\n}\n\ngradSchemes\n{\n    default         Gauss linear;\n    grad(U)         cellLimited Gauss linear 1;\n}\n\ndivSchemes\n{\n    default         none;\n    div(phi,U)      bounded Gauss linearUpwind grad(U);\n    div(phi,k)      bounded Gauss upwind;\n    div(phi,omega)  bounded Gauss upwind;\n    div((nuEff*dev2(T(grad(U))))) Gauss linear;\n}\n\nlaplacianSchemes\n{\n    default         Gauss linear limited corrected 0.33;\n}`;

function supervisorNoise(rng: Rng): MesaStep {
  const r = rng.int(0, 9);
  if (r === 0) return handoff(rng.pick(AGENTS));
  if (r === 1) return back(rng.pick(AGENTS));
  if (r === 2) return one(undefined, foam('checkMesh', checkMesh(rng, rng.int(900000, 3800000))), 'mesh_expert');
  if (r === 3)
    return one(
      undefined,
      foam(
        'blockMesh',
        `${banner(rng, 'blockMesh')}Creating block mesh from "system/blockMeshDict"\nCreating block edges\nNo non-planar block faces defined\nCreating topology blocks\nCreating topology patches - from boundary section\n\nCreating block mesh topology\n\nCheck topology\n\n\tBasic statistics\n\t\tNumber of internal faces : 0\n\t\tNumber of boundary faces : 6\n\t\tNumber of defined boundary faces : 6\n\t\tNumber of undefined boundary faces : 0\n\tChecking patch -> block consistency\n\nCreating block offsets\nCreating merge list (topological search)...\n\nCreating polyMesh from blockMesh\nCreating patches\nCreating cells\nCreating points with scale (1 1 1)\n    Block 0 cell size :\n        i : 4 .. 4\n        j : 4 .. 4\n        k : 3 .. 3\n\nWriting polyMesh with 0 cellZones\n----------------\nMesh Information\n----------------\n  boundingBox: (-120 -80 0) (240 80 90)\n  nPoints: ${rng.int(20000, 40000)}\n  nCells: ${rng.int(17000, 30000)}\n  nFaces: ${rng.int(60000, 90000)}\n\nEnd\n`,
      ),
      'mesh_expert',
    );
  if (r === 4) {
    const from = rng.int(50, 1500);
    return one(
      undefined,
      foam(`simpleFoam -postProcess -func residuals -time ${from}`, simple(rng, from, rng.int(2, 5))),
      'solver_expert',
    );
  }
  if (r === 5) return read('solver_expert', 'system/fvSchemes', FV_SCHEMES);
  if (r === 6)
    return one(
      undefined,
      foam(
        'tail -n 5 postProcessing/forceCoeffs_tower/0/coefficient.dat',
        lines(
          5,
          (i) =>
            `${rng.int(1000, 2000) + i}\t${dur(rng, 0.9, 1.3, 6)}\t${dur(rng, -0.05, 0.05, 6)}\t${dur(rng, -0.2, 0.2, 6)}\t${dur(rng, 0.1, 0.6, 6)}`,
        ),
      ),
      'post_expert',
    );
  if (r === 7)
    return one(
      undefined,
      foam(
        'decomposePar -force',
        `${banner(rng, 'decomposePar -force')}Decomposing mesh\n\nCreate mesh\n\nCalculating distribution of cells\nSelecting decompositionMethod scotch [8]\n\nFinished decomposition in ${dur(rng, 1, 9)} s\n\nCalculating original mesh data\n\nDistributing cells to processors\n\nDistributing faces to processors\n\nDistributing points to processors\n\nConstructing processor meshes\n${lines(8, (i) => `Processor ${i}\n    Number of cells = ${rng.int(140000, 190000)}\n    Number of processor patches = ${rng.int(3, 7)}\n    Number of processor faces = ${rng.int(9000, 20000)}`)}\n\nEnd\n`,
      ),
      'solver_expert',
    );
  if (r === 8)
    return one(
      undefined,
      foam(
        'foamLog log.simpleFoam && ls logs',
        'Using:\n  log      : log.simpleFoam\n  database : /usr/lib/openfoam/openfoam2312/bin/tools/foamLog.db\n  awk file : logs/foamLog.awk\n  files to : logs\n\nExecutionTime_0  Ux_0  Uy_0  Uz_0  p_0  k_0  omega_0  contCumulative_0  contGlobal_0  contLocal_0',
      ),
      'post_expert',
    );
  return one(
    undefined,
    foam('git status --short', ` M system/snappyHexMeshDict\n M 0.orig/U\n?? logs/`),
    rng.pick(AGENTS),
  );
}

function supervisorBig(rng: Rng): MesaStep {
  const from = rng.int(1, 400);
  return one(
    'The full residual history of this run.',
    foam('simpleFoam', simple(rng, from, rng.int(36, 48))),
    'solver_expert',
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `simuli la venton ĉirkaŭ la turo ${t} per simpleFoam kaj kOmegaSST`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Saluton! La kazo estas en ${ROOT} — OpenFOAM v2312, vento ĉirkaŭ la nova kontrolturo de la haveno. Mi volas ${needle}. Bonvolu klarigi ĉiun paŝon.`,
            },
            { step: handoff('mesh_expert') },
            { step: one(undefined, foam('checkMesh', checkMesh(rng, rng.int(900000, 3800000))), 'mesh_expert') },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: aldoni kazon kun vento el sudokcidento`;
        return { how: 'user-followup', needle, beats: [{ user: `Sekva tasko: ${needle}.` }] };
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
            (x) => `${x}: neniam ŝanĝu la dosierujon constant/triSurface`,
            (x) => `la maŝo de ${x} ne superu 4 milionojn da ĉeloj`,
            (x) => `${x}: ĉiu kalkulo uzu 8 procesorojn kun scotch`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Regulo: ${needle}.`, `Memoru — ${needle}.`, `Grave: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `// ${T}: keep maxNonOrtho at 65 or below; the harbour authority's reviewer rejects meshes above it`,
          `// ${T}: inlet profile is atmBoundaryLayer with z0 = 0.03 m (open sea), do not switch to a uniform inlet`,
          `// ${T}: residualControl p 1e-4, U 1e-5; runs that stop earlier are not reported`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: read(
                'mesh_expert',
                'system/meshQualityDict',
                `FoamFile\n{\n    version     2.0;\n    format      ascii;\n    class       dictionary;\n    object      meshQualityDict;\n}\n\n${needle}\n\n#includeEtc "caseDicts/mesh/generation/meshQualityDict.cfg"\n\nmaxNonOrtho 65;\nmaxBoundarySkewness 20;\nmaxInternalSkewness 4;`,
              ),
            },
            {
              step: one(
                `${T} is a project rule; checking the current mesh against it.`,
                foam('checkMesh', checkMesh(rng, rng.int(900000, 3800000))),
                'mesh_expert',
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
            (x) => `Decision for ${x}: refine the tower surface to level 5 and leave the quay at level 3`,
            (x) => `${x} runs steady with SIMPLE consistent, not PIMPLE; the wake's unsteadiness is a later study`,
            (x) => `We go with linearUpwind for U in ${x}; plain upwind smears the roof separation`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            { step: handoff('solver_expert') },
            {
              step: one(
                `${needle}.`,
                ok(
                  'write_file',
                  { path: `${ROOT}/NOTES.md`, content: `- ${needle}.\n` },
                  `Wrote 1 line to ${ROOT}/NOTES.md`,
                ),
                'solver_expert',
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
        const needle = `${t} uzos la enfluan rapidon 12 m/s je 10 m alteco`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            {
              user: rng.pick([`Ni decidis: ${needle}.`, `Ni faru tiel: ${needle}; tion mezuris la meteologia stacio.`]),
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
        const needle = `system/${t}Dict`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'A separate sampling dictionary for the wind profiles on the quay.',
                ok(
                  'write_file',
                  {
                    path: `${ROOT}/${needle}`,
                    content: `FoamFile\n{\n    version     2.0;\n    format      ascii;\n    class       dictionary;\n    object      ${t}Dict;\n}\n\ntype            sets;\nlibs            (sampling);\ninterpolationScheme cellPoint;\nsetFormat       raw;\nfields          (U k);\n`,
                  },
                  `Wrote 14 lines to ${ROOT}/${needle}`,
                ),
                'post_expert',
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
        const needle = `scripts/${t}_coeffs.py`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'A script that averages the force coefficients over the last 500 iterations.',
                ok(
                  'write_file',
                  {
                    path: `${ROOT}/${needle}`,
                    content: `import numpy as np\nd = np.loadtxt("postProcessing/forceCoeffs_tower/0/coefficient.dat", comments="#")\nprint(f"Cd = {d[-500:, 1].mean():.7f} (mean of last 500 iterations)")\n`,
                  },
                  `Wrote 3 lines to ${ROOT}/${needle}`,
                ),
                'post_expert',
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
        const needle = `Cannot find patchField entry for ${t}_outlet`;
        return {
          how: 'tool-foam',
          needle,
          beats: [
            {
              step: one(
                undefined,
                foam(
                  'simpleFoam',
                  `${banner(rng, 'simpleFoam')}Create mesh for time = 0\n\nSIMPLE solution\n\nReading field p\n\n\n--> FOAM FATAL IO ERROR: (openfoam-2312)\n${needle}\n\nfile: ${ROOT}/0/p.boundaryField at line ${rng.int(20, 30)} to ${rng.int(40, 60)}.\n\n    From void Foam::GeometricBoundaryField<Type, PatchField, GeoMesh>::readField(const Foam::DimensionedField<Type, GeoMesh>&, const Foam::dictionary&) [with Type = double; PatchField = Foam::fvPatchField; GeoMesh = Foam::volMesh]\n    in file ${'/'}usr/lib/openfoam/openfoam2312/src/OpenFOAM/lnInclude/GeometricBoundaryField.C at line 237.\n\nFOAM exiting\n`,
                  1,
                ),
                'solver_expert',
              ),
            },
            {
              step: read(
                'solver_expert',
                '0/p',
                `boundaryField\n{\n    inlet\n    {\n        type            zeroGradient;\n    }\n    ${t}_outlet_old\n    {\n        type            fixedValue;\n        value           uniform 0;\n    }\n}`,
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
        const needle = `Entry 'div(phi,${t})' not found in dictionary "system/fvSchemes/divSchemes"`;
        return {
          how: 'tool-foam',
          needle,
          beats: [
            {
              step: one(
                undefined,
                foam(
                  'simpleFoam',
                  `${simple(rng, 1, 1)}\n\n--> FOAM FATAL IO ERROR: (openfoam-2312)\n${needle}\n\nfile: ${ROOT}/system/fvSchemes/divSchemes at line ${rng.int(28, 32)} to ${rng.int(34, 38)}.\n\n    From const Foam::entry& Foam::dictionary::lookupEntry(const Foam::word&, Foam::keyType::option) const\n    in file db/dictionary/dictionary.C at line 372.\n\nFOAM exiting\n`,
                  1,
                ),
                'solver_expert',
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
        const t = mint('num');
        const needle = `Cd = 0.${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                foam('python3 scripts/coeffs.py', `${needle} (mean of last 500 iterations)`),
                'post_expert',
              ),
            },
            { step: back('post_expert') },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('hex');
        const needle = `${t}${hex(rng, 4)}`;
        return {
          how: 'tool-hash',
          needle,
          beats: [
            {
              step: one(
                undefined,
                foam(
                  'git -C constant/triSurface log --oneline -1 -- tower.stl',
                  `${needle} tower: roof parapet from the 2024 survey`,
                ),
                'mesh_expert',
              ),
            },
            {
              step: one(
                `The geometry is at ${needle}; the mesh log cites it.`,
                ok(
                  'write_file',
                  { path: `${ROOT}/logs/GEOMETRY`, content: `${needle}\n` },
                  `Wrote 1 line to ${ROOT}/logs/GEOMETRY`,
                ),
                'mesh_expert',
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
        const needle = `HAV-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [
            { user: `La projektnumero de la havenestraro estas ${needle}; skribu ĝin sur la unua paĝo de la raporto.` },
          ],
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
            (x) => `Next: rerun ${x} on the 8-way decomposition with the level-5 refinement`,
            (x) => `Remaining for ${x}: sample the quay wind profiles and compare with the mast data`,
            (x) => `Poste: kontroli la y+ valorojn de ${x} sur la tura muro`,
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
                foam(`git commit -qam "wip: ${t}" && git log --oneline -1`, `${hex(rng, 7)} wip: ${t}`),
                'supervisor',
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
        const needle = `fine skribu mallongan raporton pri ${t} en Esperanto`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Dankon. Lasta afero: ${needle}.` },
            {
              step: one(
                undefined,
                foam(
                  'tail -n 5 postProcessing/forceCoeffs_tower/0/coefficient.dat',
                  lines(5, (i) => `${1995 + i}\t${dur(rng, 0.9, 1.3, 6)}\t${dur(rng, -0.05, 0.05, 6)}`),
                ),
                'post_expert',
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The supervisor harness. */
export const MESA_SUPERVISOR: MesaHarness = {
  style: 'supervisor',
  protocol: 'native',
  system: `You are a team supervisor managing three experts on an OpenFOAM v2312 case in ${ROOT}: mesh_expert (blockMesh, snappyHexMesh, checkMesh), solver_expert (boundary conditions, schemes, simpleFoam runs) and post_expert (function objects, coefficients, sampling, plots). Hand a task to an expert with its transfer tool; an expert hands back with transfer_back_to_supervisor when done. Only the supervisor answers the user, who writes Esperanto; answer in Esperanto.`,
  tools: [
    'transfer_to_mesh_expert',
    'transfer_to_solver_expert',
    'transfer_to_post_expert',
    'transfer_back_to_supervisor',
    'run_openfoam',
    'read_file',
    'write_file',
  ],
  callId: (rng) => `call_${chars(rng, 24)}`,
  answerAgent: 'supervisor',
  noise: supervisorNoise,
  big: supervisorBig,
  followUp: (rng) =>
    rng.pick([
      'Ĉu la kalkulo finiĝis?',
      'Kiom da ĉeloj havas la maŝo nun?',
      'Bonvolu rekomenci la kalkulon.',
      'Resumu mallonge kion vi ŝanĝis.',
      'Bone, kio restas?',
      'Ĉu la restaĵoj konverĝis?',
    ]),
  keepGoing: (rng) => rng.pick(['Daŭrigu.', 'Daŭrigu, ne haltu.', 'Daŭrigu ĝis la restaĵoj estas sub 1e-4.']),
  answer: (rng) =>
    rng.pick([
      `Farite: la maŝo estas bona kaj simpleFoam konverĝis post ${rng.int(900, 2400)} iteracioj.`,
      'Done: checkMesh passes and the residuals are below the targets.',
      'Mi riparis ĝin. Restas malnova averto en snappyHexMeshDict, kiu ne rilatas al ĉi tiu ŝanĝo.',
      'Resume: la ŝanĝita kazo funkcias kaj la koeficientoj similas al la antaŭaj.',
    ]),
  probe: (rng) => rng.pick(['Daŭrigu.', 'Daŭrigu de kie vi haltis.', 'Kio nun?']),
  planters: PLANTERS,
};
