/**
 * The slurm harness of the wide family (wide.ts): a home-grown HPC assistant on a cluster login node, speaking `<execute>` / `<edit>`
 * blocks answered by `<result exit="N">` messages, on a Fortran/MPI solver run under Slurm.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import { buried, clock, lines, ok, one, pad, type Planter, type WideHarness, type WideStep } from './wide-kit';

const F_MODS = ['advect', 'halo', 'grid', 'io_netcdf', 'timestep', 'diagnostics', 'boundary', 'solver'];

function sbatchLog(rng: Rng, start: number): (i: number) => string {
  return (i) =>
    `step ${String(start + i).padStart(7)}  t=${((start + i) * 0.0125).toFixed(4)}  dt=1.250E-02  max|u|=${(1 + rng.next()).toFixed(6)}E+00  mass=${(9.81 + rng.next() * 1e-6).toFixed(9)}E+05  wall=${(0.08 + rng.next() * 0.02).toFixed(4)}s`;
}

function fortranSrc(rng: Rng, n: number): string {
  return lines(n, (i) => {
    const r = i % 8;
    if (r === 0) return `  subroutine ${rng.pick(F_MODS)}_step_${i}(u, v, h, nx, ny)`;
    if (r === 1) return `    real(dp), intent(inout) :: u(nx, ny), v(nx, ny), h(nx, ny)`;
    if (r === 2) return `    integer :: i, j`;
    if (r === 3) return `    do j = 2, ny - 1`;
    if (r === 4) return `      do i = 2, nx - 1`;
    if (r === 5) return `        h(i, j) = h(i, j) - dt * (u(i+1, j) - u(i-1, j)) / (2.0_dp * dx)`;
    if (r === 6) return `      end do; end do`;
    return `  end subroutine`;
  });
}

function slurmNoise(rng: Rng): WideStep {
  const r = rng.int(0, 6);
  const job = rng.int(3_000_000, 3_999_999);
  if (r === 0)
    return one(
      undefined,
      ok(
        'bash',
        { cmd: 'squeue --me' },
        `             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n${lines(rng.int(0, 4), () => `           ${rng.int(3_000_000, 3_999_999)}   compute  swe_run   avkumar  ${rng.pick(['R ', 'PD'])}    ${clock(rng.int(10, 7000)).slice(1)}      ${rng.pick([1, 2, 4, 8])} ${rng.pick(['nid00[412-419]', '(Priority)', 'nid00233', '(Resources)'])}`)}`,
        0,
      ),
    );
  if (r === 1)
    return one(
      undefined,
      ok(
        'bash',
        { cmd: `sacct -j ${job} --format=JobID,State,Elapsed,MaxRSS` },
        `JobID           State    Elapsed     MaxRSS\n------------ ---------- ---------- ----------\n${job}      COMPLETED   00:${pad(rng.int(10, 59))}:${pad(rng.int(0, 59))}\n${job}.batch COMPLETED   00:${pad(rng.int(10, 59))}:${pad(rng.int(0, 59))}    ${rng.int(200, 900)}M`,
        0,
      ),
    );
  if (r === 2)
    return one(
      rng.pick(['Rebuilding.', undefined]),
      ok(
        'bash',
        { cmd: 'make -j8 2>&1 | tail -n 12' },
        lines(
          rng.int(4, 12),
          () => `mpif90 -O3 -march=znver3 -fopenmp -c src/${rng.pick(F_MODS)}.f90 -o build/${rng.pick(F_MODS)}.o`,
        ) + '\nmpif90 -O3 -fopenmp build/*.o -o bin/swe -lnetcdff',
        0,
      ),
    );
  if (r === 3) {
    const m = rng.pick(F_MODS);
    return one(
      undefined,
      ok(
        'bash',
        { cmd: `sed -n 1,60p src/${m}.f90` },
        `module ${m}\n  use kinds, only: dp\n  implicit none\ncontains\n${fortranSrc(rng, rng.int(20, 50))}\nend module ${m}`,
        0,
      ),
    );
  }
  if (r === 4)
    return one(
      undefined,
      ok('bash', { cmd: `tail -n 30 slurm-${job}.out` }, lines(30, sbatchLog(rng, rng.int(1000, 90000))), 0),
    );
  if (r === 5)
    return one(
      undefined,
      ok(
        'bash',
        { cmd: 'grep -n "MPI_" src/*.f90 | head -n 20' },
        lines(
          rng.int(5, 20),
          () =>
            `src/${rng.pick(F_MODS)}.f90:${rng.int(10, 400)}:    call MPI_${rng.pick(['Isend', 'Irecv', 'Waitall', 'Allreduce', 'Barrier'])}(buf, n, MPI_DOUBLE_PRECISION, nbr, tag, comm, ierr)`,
        ),
        0,
      ),
    );
  return one(
    undefined,
    ok(
      'bash',
      { cmd: 'module list 2>&1' },
      'Currently Loaded Modules:\n  1) gcc/12.2.0   2) openmpi/4.1.5   3) netcdf-fortran/4.6.1   4) hdf5/1.14.1   5) cmake/3.27.4',
      0,
    ),
  );
}

function slurmBig(rng: Rng): WideStep {
  const job = rng.int(3_000_000, 3_999_999);
  if (rng.chance(0.5))
    return one(
      'Looking at the whole run log.',
      ok(
        'bash',
        { cmd: `cat slurm-${job}.out` },
        lines(rng.int(260, 420), sbatchLog(rng, 1)) +
          `\nRun finished: ${rng.int(3000, 9000)} steps, wall ${rng.int(900, 3000)} s`,
        0,
      ),
    );
  return one(
    undefined,
    ok(
      'bash',
      { cmd: 'sacct -S now-7days --format=JobID%14,JobName%12,Partition,AllocNodes,State,Elapsed,ExitCode' },
      lines(
        rng.int(300, 420),
        () =>
          `${String(rng.int(3_000_000, 3_999_999)).padStart(14)} ${rng.pick(['swe_run', 'swe_scale', 'postproc', 'interactive']).padStart(12)} ${rng.pick(['compute', 'debug', 'largemem'])} ${String(rng.pick([1, 2, 4, 8, 16])).padStart(10)} ${rng.pick(['COMPLETED', 'COMPLETED', 'TIMEOUT', 'FAILED', 'CANCELLED'])} ${clock(rng.int(20, 20000))}      0:0`,
      ),
      0,
    ),
  );
}

function slurmRender(s: WideStep): string {
  const blocks = s.calls.map((c) =>
    c.tool === 'edit'
      ? `<edit path="${String(c.args['path'])}">\n${String(c.args['patch'])}\n</edit>`
      : `<execute>\n${String(c.args['cmd'])}\n</execute>`,
  );
  return [s.say ?? '', ...blocks].filter(Boolean).join('\n\n');
}

function slurmResults(s: WideStep): string {
  return s.calls
    .map((c) => `<result exit="${c.exitCode ?? (c.status === 'ok' ? 0 : 1)}">\n${c.output}\n</result>`)
    .join('\n');
}

const SLURM_PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `get the ${t} shallow-water solver scaling past 8 nodes`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `I need to ${needle} before our allocation renewal. Right now strong scaling flattens at 4 nodes. Code is in ~/swe, build with make, submit with the scripts in jobs/.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `write the ${t} checkpoint/restart path with NetCDF-4 parallel I/O`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `New item. Please ${needle}; jobs keep hitting the wall time and we lose everything.` }],
        };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `never submit more than 16 nodes to the ${t} partition`;
        return {
          how: 'user-aside',
          needle,
          beats: [{ user: `Also: ${needle}, the group gets billed triple there. Use it only for the final runs.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `must set "lfs setstripe -c 8" on /lustre/${t}`;
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'Checking the site rules for output files.',
                ok(
                  'bash',
                  { cmd: 'cat /etc/motd' },
                  `***************************************************************\n  krait.hpc.example.edu  —  maintenance every 1st Tuesday\n***************************************************************\n * Do not run MPI jobs on login nodes.\n * Jobs writing more than 1 TB ${needle} before the run.\n * Scratch purge: files untouched for 30 days.\n${lines(rng.int(2, 6), () => ` * Contact hpc-help for ${rng.pick(['quota', 'software', 'accounts', 'GPU'])} questions.`)}`,
                  0,
                ),
              ),
            },
            {
              step: one(
                `Our output is ~2 TB, so the stripe rule applies to /lustre/${t}.`,
                ok(
                  'bash',
                  { cmd: `lfs getstripe -d /lustre/${t}/swe_out` },
                  'stripe_count:  1 stripe_size:   1048576 pattern:       raid0 stripe_offset: -1',
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
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `use MPI_Neighbor_alltoallw for the ${t} halo exchange`;
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `The profile shows 41% of the time in point-to-point waits. I'll ${needle} on a Cartesian communicator instead of eight Isend/Irecv pairs.`,
                ok('bash', { cmd: 'grep -c MPI_Isend src/halo.f90' }, '8', 0),
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
        const needle = `go with 2D pencil decomposition for ${t}`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: `OK let's ${needle}, slabs won't get us to 32 nodes anyway.` }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/${t}_comm.f90`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'New module for the communicator setup.',
                ok(
                  'edit',
                  {
                    path: needle,
                    patch: `<<<<<<< SEARCH\n=======\nmodule ${t}_comm\n  use mpi_f08\n${fortranSrc(rng, 10)}\nend module ${t}_comm\n>>>>>>> REPLACE`,
                  },
                  `Created ${needle} (18 lines)`,
                  0,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'bash',
                  { cmd: 'make -j8 2>&1 | tail -n 3' },
                  `mpif90 -O3 -fopenmp -c ${needle} -o build/${t}_comm.o\nmpif90 -O3 -fopenmp build/*.o -o bin/swe -lnetcdff`,
                  0,
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
        const needle = `jobs/${t}_scaling.sbatch`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'edit',
                  {
                    path: needle,
                    patch: `<<<<<<< SEARCH\n#SBATCH --nodes=4\n=======\n#SBATCH --nodes=8\n#SBATCH --ntasks-per-node=64\n>>>>>>> REPLACE`,
                  },
                  `Applied 1 edit to ${needle}`,
                  0,
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
        const T = t.toUpperCase();
        const needle = `Subscript #2 of the array ${T}_FLUX has value 0 which is less than the lower bound of 1`;
        const n = rng.chance(0.4) ? 300 : 40;
        const out = buried(
          rng,
          n,
          sbatchLog(rng, 1),
          `forrtl: severe (408): fort: (3): ${needle}\n\nImage              PC                Routine            Line        Source\nswe                000000000040A1F2  advect_mp_flux_   ${rng.int(100, 300)}  advect.f90\nswe                0000000000403B10  MAIN__            ${rng.int(40, 90)}  main.f90`,
          `--------------------------------------------------------------------------\nprterun detected that one or more processes exited with non-zero status\n--------------------------------------------------------------------------\nsrun: error: nid00${rng.int(200, 499)}: task 17: Exited with exit code 3`,
        );
        return {
          how: 'tool-log',
          needle,
          beats: [
            {
              step: one(
                'The debug build finished; reading its log.',
                ok('bash', { cmd: 'cat slurm-debug.out' }, out, 0),
              ),
            },
            {
              step: one(
                `Out-of-bounds on ${T}_FLUX at the west boundary.`,
                ok(
                  'bash',
                  { cmd: `grep -n "${T}_FLUX" src/advect.f90` },
                  `${rng.int(100, 300)}:    ${T}_FLUX(i-1, j) = 0.5_dp * (u(i, j) + u(i-1, j)) * h(i-1, j)`,
                  0,
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
        const t = mint('num');
        const node = `nid00${rng.int(200, 499)}`;
        const needle = `*** JOB ${t} ON ${node} CANCELLED`;
        return {
          how: 'tool-log',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'bash',
                  { cmd: `tail -n 12 slurm-${t}.out` },
                  `${lines(10, sbatchLog(rng, rng.int(40000, 80000)))}\nslurmstepd: error: ${needle} AT 2024-05-${pad(rng.int(1, 28))}T0${rng.int(1, 9)}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))} DUE TO TIME LIMIT ***`,
                  0,
                ),
              ),
            },
            {
              step: one(
                `Job ${t} hit the wall time.`,
                ok(
                  'bash',
                  { cmd: `sacct -j ${t} --format=JobID,State,Elapsed` },
                  `JobID           State    Elapsed\n------------ ---------- ----------\n${t}       TIMEOUT   02:00:14`,
                  0,
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
      plant: ({ mint }) => {
        const t = mint('num');
        const needle = `Submitted batch job ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Submitting the 8-node strong-scaling run.',
                ok('bash', { cmd: 'sbatch jobs/strong8.sbatch' }, needle, 0),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'bash',
                  { cmd: `squeue -j ${t}` },
                  `             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n           ${t}   compute strong8  avkumar PD       0:00      8 (Priority)`,
                  0,
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
        const needle = `--account=ees${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [
            {
              user: `The old allocation ran out. From now on every job needs ${needle} or it'll sit in the queue forever.`,
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
        const needle = `resubmit the ${t} weak-scaling sweep with --nodes=32`;
        return {
          how: 'agent-next',
          needle,
          beats: [
            {
              step: one(
                `Next: ${needle} once the queue drains, then plot efficiency.`,
                ok('bash', { cmd: 'sinfo -p compute -h -o "%A"' }, '211/37', 0),
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
        const needle = `compare the ${t} restart output bit-for-bit with nccmp`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Good progress. One thing still open: ${needle} before we trust it.` },
            {
              step: one(
                `Right, the ${t} restart check is still to do.`,
                ok('bash', { cmd: 'which nccmp' }, '/opt/apps/nccmp/1.9.1/bin/nccmp', 0),
              ),
            },
          ],
        };
      },
    },
  ],
};

const SLURM: WideHarness = {
  style: 'slurm',
  protocol: 'text',
  system:
    'You are hpc-pilot, an assistant with a shell on the login node of the krait cluster (Slurm 23.02, Lmod).\nTo run a command, write it inside <execute>...</execute>. To change a file, write <edit path="...">SEARCH/REPLACE blocks</edit>. Several blocks in one message run in order. Each block is answered by a <result exit="N">...</result> block.\nNever run MPI programs on the login node; submit them with sbatch. Say DONE when the task is complete.',
  tools: ['bash', 'edit'],
  callId: () => '',
  renderStep: slurmRender,
  renderResults: slurmResults,
  resultPrefix: '<result exit=',
  noise: slurmNoise,
  big: slurmBig,
  followUp: (rng) =>
    rng.pick([
      'what does the profile say now?',
      'Is the queue moving? Our jobs seem stuck.',
      'can you check memory per rank on the last run',
      'How long would the 16-node run take at this rate?',
      'ok. anything suspicious in the last log?',
      'Please also keep an eye on the mass conservation number.',
    ]),
  keepGoing: (rng) => rng.pick(['continue', 'Keep going, I will check back tonight.', 'go on']),
  answer: (rng) =>
    rng.pick([
      'The run completed; efficiency at 8 nodes is 71%, up from 52%. DONE for this step.',
      'Build is clean and the job is queued; I will read its log when it starts.',
      'Summary: halo code updated, mass conservation unchanged to 1e-12.',
      'Done. The timings are in results/scaling.csv.',
    ]),
  probe: (rng) =>
    rng.pick(['ok continue', 'Please carry on with the remaining work.', 'Continue from where you stopped.']),
  planters: SLURM_PLANTERS,
};

/** The slurm harness. */
export const WIDE_SLURM: WideHarness = SLURM;
