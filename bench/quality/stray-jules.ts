/**
 * A Jules-like asynchronous pull-request agent on a Julia package (Pkg, JuMP/HiGHS, Test,
 * JuliaFormatter, GitHub Actions): it sets a plan the user approves, works in its own VM with
 * `run_in_bash_session`, edits with merge-diff blocks, marks plan steps complete, and submits a
 * branch. Native tool calls, some parallel. The user writes in Vietnamese.
 */
import type { Rng } from './rng';
import {
  buried,
  cap,
  fail,
  hex,
  lines,
  many,
  ok,
  one,
  pad,
  sha,
  type Planter,
  type StrayHarness,
  type StrayStep,
} from './stray-kit';

const ROOT = '/app';
const SRC = ['GridOpt.jl', 'dispatch.jl', 'network.jl', 'costs.jl', 'io.jl', 'unit_commitment.jl'];
const PKGS = [
  'JuMP v1.21.1',
  'HiGHS v1.9.0',
  'MathOptInterface v1.28.1',
  'DataFrames v1.6.1',
  'CSV v0.10.14',
  'SparseArrays v1.10.0',
  'JSON3 v1.14.0',
];

const bash = (command: string) => ({ command });

function testOk(rng: Rng): string {
  const sets = ['dispatch', 'network', 'costs', 'io', 'unit_commitment'];
  const rows = sets.map((s) => {
    const p = rng.int(8, 60);
    return `  ${s.padEnd(17)}|  ${String(p).padStart(4)}    ${String(p).padStart(4)}  ${rng.int(0, 40)}.${rng.int(0, 9)}s`;
  });
  return `     Testing GridOpt\n      Status \`/tmp/jl_${hex(rng, 6)}/Project.toml\`\n${PKGS.slice(0, 4)
    .map((p) => `  [${hex(rng, 8)}] ${p}`)
    .join(
      '\n',
    )}\n     Testing Running tests...\nTest Summary:      | Pass  Total   Time\nGridOpt            | ${rng.int(100, 240)}    ${rng.int(100, 240)}  ${rng.int(30, 90)}.${rng.int(0, 9)}s\n${rows.join('\n')}\n     Testing GridOpt tests passed `;
}

const DISPATCH = `"""
    economic_dispatch(sys::PowerSystem; optimizer = HiGHS.Optimizer)

Solve the single-period economic dispatch of \`sys\` and return a \`DispatchResult\`.
"""
function economic_dispatch(sys::PowerSystem; optimizer = HiGHS.Optimizer)
    model = Model(optimizer)
    set_silent(model)
    G = generators(sys)
    @variable(model, pmin(g) <= p[g in G] <= pmax(g))
    @constraint(model, balance, sum(p[g] for g in G) == total_load(sys))
    @objective(model, Min, sum(cost(g, p[g]) for g in G))
    optimize!(model)
    termination_status(model) == OPTIMAL || throw(DispatchInfeasible(termination_status(model)))
    return DispatchResult(value.(p), dual(balance), objective_value(model))
end`;

function noise(rng: Rng): StrayStep {
  const say = rng.pick([
    undefined,
    undefined,
    'Running the test suite.',
    'Looking at the dispatch code.',
    'Checking formatting.',
  ]);
  switch (rng.int(0, 7)) {
    case 0:
      return one(
        say,
        ok('run_in_bash_session', bash(`cd ${ROOT} && julia --project -e 'using Pkg; Pkg.test()'`), testOk(rng)),
      );
    case 1:
      return many(say, [
        ok('read_files', { filepaths: 'src/dispatch.jl' }, DISPATCH),
        ok(
          'read_files',
          { filepaths: `src/${rng.pick(SRC)}` },
          `# ${rng.int(40, 400)} lines\nmodule ${rng.pick(['Costs', 'Network', 'IO'])}\n\nexport ${rng.pick(['quadratic_cost', 'ptdf_matrix', 'read_matpower'])}\n\nend`,
        ),
      ]);
    case 2:
      return one(
        say,
        ok(
          'run_in_bash_session',
          bash(
            `cd ${ROOT} && grep -rn "${rng.pick(['@constraint', 'pmax(', 'HiGHS', 'DispatchResult', 'ptdf'])}" src test | head -n 12`,
          ),
          lines(
            rng.int(3, 12),
            () =>
              `src/${rng.pick(SRC)}:${rng.int(5, 300)}:    ${rng.pick(['@constraint(model, flow[l in L], ...)', 'pmax(g::ThermalGen) = g.pmax', 'optimizer = HiGHS.Optimizer', 'return DispatchResult(p, λ, obj)', 'ptdf = ptdf_matrix(sys)'])}`,
          ),
        ),
      );
    case 3:
      return one(
        say,
        ok(
          'run_in_bash_session',
          bash(`cd ${ROOT} && julia --project=@format -e 'using JuliaFormatter; print(format(".", verbose=true))'`),
          `${lines(rng.int(4, 10), () => `Formatting ${ROOT}/${rng.pick(['src', 'test'])}/${rng.pick(SRC)}`)}\ntrue`,
        ),
      );
    case 4:
      return one(
        say,
        ok(
          'run_in_bash_session',
          bash('git status --short && git log --oneline -5'),
          `${lines(rng.int(1, 4), () => ` M src/${rng.pick(SRC)}`)}\n${lines(5, () => `${sha(rng)} ${rng.pick(['dispatch: return duals', 'network: sparse PTDF', 'io: MATPOWER v2 cases', 'ci: julia 1.10', 'docs: tutorial'])}`)}`,
        ),
      );
    case 5:
      return one(
        say,
        ok(
          'run_in_bash_session',
          bash(`cd ${ROOT} && julia --project -e 'using Pkg; Pkg.status()'`),
          `Project GridOpt v0.6.2\nStatus \`${ROOT}/Project.toml\`\n${PKGS.map((p) => `  [${hex(rng, 8)}] ${p}`).join('\n')}`,
        ),
      );
    case 6:
      return one(
        say,
        ok(
          'run_in_bash_session',
          bash(`cd ${ROOT} && julia --project bench/run.jl case118`),
          `case118: ${rng.int(50, 140)} generators, ${rng.int(150, 200)} lines\n  BenchmarkTools.Trial: ${rng.int(20, 400)} samples with 1 evaluation.\n   Range (min … max):  ${rng.int(10, 90)}.${rng.int(100, 999)} ms … ${rng.int(90, 300)}.${rng.int(100, 999)} ms  ┊ GC (min … max): 0.00% … ${rng.int(5, 30)}.${rng.int(10, 99)}%\n   Time  (median):     ${rng.int(10, 90)}.${rng.int(100, 999)} ms              ┊ GC (median):    0.00%\n   Memory estimate: ${rng.int(2, 90)}.${rng.int(10, 99)} MiB, allocs estimate: ${rng.int(10000, 90000)}.`,
        ),
      );
    default:
      return one(say, ok('ls', { directory_path: 'src' }, SRC.join('\n')));
  }
}

function big(rng: Rng): StrayStep {
  const out = lines(
    rng.int(420, 500),
    (i) =>
      `${pad(Math.floor(i / 60), 2)}:${pad(i % 60)}.${rng.int(100, 999)}  ${rng.pick([`Precompiling ${rng.pick(['JuMP', 'HiGHS', 'MathOptInterface', 'DataFrames', 'CSV', 'ForwardDiff', 'SpecialFunctions', 'StaticArrays', 'Parsers', 'PrettyTables'])}`, `  ✓ ${rng.pick(['OpenSpecFun_jll', 'HiGHS_jll', 'Zlib_jll', 'CodecZlib', 'TranscodingStreams', 'InlineStrings', 'WeakRefStrings', 'SentinelArrays', 'PooledArrays', 'Crayons'])}`, `Running     ${rng.pick(['HiGHS 1.7.0', 'Presolving model', 'Solving MIP model with:'])} ${rng.int(1000, 90000)} rows; ${rng.int(1000, 90000)} cols; ${rng.int(10000, 900000)} nonzeros`, `         ${rng.int(0, 90)}     ${rng.int(0, 90)}         ${rng.int(0, 9)}   ${rng.int(0, 100)}.${pad(rng.int(0, 99))}%   ${rng.int(1000, 9999)}.${rng.int(10, 99)}         ${rng.int(1000, 9999)}.${rng.int(10, 99)}     ${rng.int(0, 99)}.${pad(rng.int(0, 99))}%`])}`,
  );
  return one(
    rng.pick([undefined, 'Full CI-equivalent run with the unit-commitment cases (slow).']),
    ok(
      'run_in_bash_session',
      bash(
        `cd ${ROOT} && GRIDOPT_LONG=1 julia --project -e 'using Pkg; Pkg.test(; test_args=["unit_commitment"])' 2>&1`,
      ),
      out,
    ),
  );
}

const P = (user: boolean, plant: Planter['plant']): Planter => ({ user, plant });

export const STRAY_JULES: StrayHarness = {
  style: 'jules',
  protocol: 'native',
  system: `You are an asynchronous coding agent. You work on your own in a fresh VM with the user's repository (acme/GridOpt.jl) cloned at ${ROOT}. First explore, then propose a plan with set_plan and wait for the user's approval; then carry it out step by step, calling plan_step_complete after each step. Run the tests before you submit. When done, call submit with a branch name and a commit message; that opens a pull request. Use request_user_input only when you are blocked. AGENTS.md in the repository root holds the maintainers' instructions.`,
  tools: [
    'ls',
    'read_files',
    'run_in_bash_session',
    'replace_with_git_merge_diff',
    'create_file_with_block',
    'set_plan',
    'plan_step_complete',
    'message_user',
    'submit',
  ],
  callId: (rng) => `fn_${hex(rng, 16)}`,
  noise,
  big,
  followUp: (rng) =>
    rng.pick([
      'Ok, test đã qua hết chưa?',
      'Cho mình xem diff hiện tại.',
      'Bạn đang làm bước nào rồi?',
      'Tiếp tục nhé.',
      'Sao chậm vậy, có gì bị kẹt không?',
      'Chạy JuliaFormatter chưa?',
    ]),
  keepGoing: (rng) => rng.pick(['Tiếp tục.', 'Cứ làm tiếp, mình xem sau.', 'continue']),
  answer: (rng) =>
    rng.pick([
      'Tất cả test đều qua, code đã được format. Chưa submit.',
      'Xong bước này: `Pkg.test()` qua, JuliaFormatter không đổi gì.',
      'Mình chưa mở PR; thay đổi vẫn nằm trong VM.',
      'Done — all testsets pass on Julia 1.10.',
    ]),
  probe: (rng) => rng.pick(['Tóm tắt giúp mình: đã làm gì và còn gì chưa xong?', 'Tình hình hiện tại thế nào?']),
  planters: {
    goal: [
      P(true, ({ mint }) => {
        const n = mint('num');
        const needle = `GRID-${n}`;
        return {
          needle,
          how: 'user-ticket',
          beats: [
            {
              user: `Chào Jules! Làm giúp issue ${needle}: thêm ràng buộc ramping (tăng/giảm công suất tối đa mỗi giờ) cho máy phát nhiệt trong bài toán multi-period dispatch. Dữ liệu ramp rate đã có trong file MATPOWER (cột RAMP_30).`,
            },
            {
              step: one(
                undefined,
                ok(
                  'set_plan',
                  {
                    plan: `1. Read dispatch.jl and io.jl to see how RAMP_30 is parsed.\n2. Add ramp constraints to multi-period dispatch (${needle}).\n3. Tests with case14 + a hand-made 3-bus case.\n4. Docs + JuliaFormatter.\n5. Submit.`,
                  },
                  'Plan set. Waiting for user approval.',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `${k}_cost`;
        return {
          needle,
          how: 'user-ask',
          beats: [
            {
              user: `Việc tiếp theo: port hàm \`${needle}\` từ code MATLAB cũ (thư mục legacy/matlab) sang Julia, giữ nguyên kết quả đến 1e-9.`,
            },
            {
              step: one(
                undefined,
                ok(
                  'read_files',
                  { filepaths: `legacy/matlab/${needle}.m` },
                  `function c = ${needle}(gencost, pg)\n%  piecewise-linear or polynomial generator cost\nif gencost(1) == 1\n  c = interp1(gencost(5:2:end), gencost(6:2:end), pg);\nelse\n  c = polyval(gencost(5:end), pg);\nend`,
                ),
              ),
            },
          ],
        };
      }),
    ],
    constraint: [
      P(true, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `solve_${k}!`;
        return {
          needle,
          how: 'user-rule',
          beats: [
            {
              user: rng.pick([
                `Lưu ý: không được đổi chữ ký của hàm public \`${needle}\` — có ba package khác đang gọi nó.`,
                `Hàm ${needle} là API public, giữ nguyên tham số và kiểu trả về nhé.`,
              ]),
            },
            {
              step: one(
                undefined,
                ok(
                  'message_user',
                  { message: `Understood — the signature of ${needle} stays exactly as it is.` },
                  'Message sent.',
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `with_${k}_optimizer`;
        return {
          needle,
          how: 'tool-agents',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'read_files',
                  { filepaths: 'AGENTS.md' },
                  `# Instructions for agents\n\n- Run \`julia --project -e 'using Pkg; Pkg.test()'\` before submitting; all testsets must pass.\n- Format with JuliaFormatter (BlueStyle, see .JuliaFormatter.toml).\n- Never construct an optimizer directly in library code: always go through \`${needle}\` so users can swap solvers and set attributes.\n- Every exported function needs a docstring with a jldoctest.`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'run_in_bash_session',
                  bash(`cd ${ROOT} && grep -rn "HiGHS.Optimizer" src`),
                  'src/dispatch.jl:6:function economic_dispatch(sys::PowerSystem; optimizer = HiGHS.Optimizer)',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `data/${k}/`;
        return {
          needle,
          how: 'user-data',
          beats: [
            { user: `Đừng commit gì vào thư mục ${needle} — file ở đó vài GB, CI sẽ tải về riêng.` },
            {
              step: one(
                undefined,
                ok(
                  'run_in_bash_session',
                  bash(`cd ${ROOT} && cat .gitignore | tail -n 3`),
                  '*.jld2\n/docs/build/\nManifest.toml',
                ),
              ),
            },
          ],
        };
      }),
    ],
    decision: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `${cap(k)}Params`;
        return {
          needle,
          how: 'agent-plan',
          beats: [
            {
              step: one(
                `Rebuilding the JuMP model for every hour is what makes this slow. I'll build it once and update the load as parameters (ParametricOptInterface), grouped in a \`${needle}\` struct.`,
                ok(
                  'set_plan',
                  {
                    plan: `1. ✔ explore\n2. Build the multi-period model once; loads and ramp limits live in ${needle} (POI parameters)\n3. Tests\n4. Submit`,
                  },
                  'Plan updated.',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `Gurobi${cap(k)}Ext`;
        return {
          needle,
          how: 'user-choice',
          beats: [
            {
              user: `Chọn phương án 2: mặc định dùng HiGHS, còn Gurobi chỉ là package extension \`${needle}\` (weakdeps), không phải dependency cứng.`,
            },
            {
              step: one(
                undefined,
                ok(
                  'read_files',
                  { filepaths: 'Project.toml' },
                  'name = "GridOpt"\nuuid = "4b7c1a4e-2f0a-4d1e-9a4b-6f0a1c2d3e4f"\nversion = "0.6.2"\n\n[deps]\nHiGHS = "87dc4568-4c63-4d18-b0c0-bb2238e4078b"\nJuMP = "4076af6c-e467-56ae-b986-b466b2749572"',
                ),
              ),
            },
          ],
        };
      }),
    ],
    file: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `src/${k}_ramping.jl`;
        return {
          needle,
          how: 'agent-create',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'create_file_with_block',
                  {
                    filepath: needle,
                    content:
                      '"""\n    add_ramping!(model, sys, p)\n\nAdd up/down ramp limits for thermal units between consecutive periods.\n"""\nfunction add_ramping!(model, sys, p)\n    for g in thermal(sys), t in 2:nperiods(sys)\n        @constraint(model, p[g, t] - p[g, t-1] <= ramp_up(g))\n        @constraint(model, p[g, t-1] - p[g, t] <= ramp_down(g))\n    end\nend',
                  },
                  `Created ${needle}.`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'replace_with_git_merge_diff',
                  {
                    filepath: 'src/GridOpt.jl',
                    merge_diff: `<<<<<<< SEARCH\ninclude("dispatch.jl")\n=======\ninclude("dispatch.jl")\ninclude("${k}_ramping.jl")\n>>>>>>> REPLACE`,
                  },
                  'Applied 1 block.',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `test/${k}_cases.jl`;
        return {
          needle,
          how: 'user-path',
          beats: [
            { user: `Bug nằm trong ${needle}: case 3-bus ở đó có tải âm, sửa lại dữ liệu giúp mình.` },
            {
              step: one(
                undefined,
                ok(
                  'read_files',
                  { filepaths: needle },
                  'const THREE_BUS = (\n    loads = [-20.0, 90.0, 70.0],\n    pmax  = [150.0, 100.0, 80.0],\n)',
                ),
              ),
            },
          ],
        };
      }),
    ],
    error: [
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `UndefVarError: \`${k}_limits\` not defined`;
        return {
          needle,
          how: 'tool-julia',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'run_in_bash_session',
                  bash(`cd ${ROOT} && julia --project -e 'using Pkg; Pkg.test()'`),
                  `     Testing Running tests...\ndispatch: Error During Test at ${ROOT}/test/dispatch.jl:${rng.int(20, 90)}\n  Got exception outside of a @test\n  ${needle}\n  Stacktrace:\n   [1] add_ramping!(model::JuMP.Model, sys::GridOpt.PowerSystem, p::JuMP.Containers.DenseAxisArray{JuMP.VariableRef, 2})\n     @ GridOpt ${ROOT}/src/ramping.jl:${rng.int(5, 30)}\n   [2] multi_period_dispatch(sys::GridOpt.PowerSystem; optimizer::Type)\n     @ GridOpt ${ROOT}/src/dispatch.jl:${rng.int(40, 90)}\nTest Summary: | Pass  Error  Total   Time\ndispatch      |   31      1     32  14.2s\nERROR: LoadError: Some tests did not pass: 31 passed, 0 failed, 1 errored, 0 broken.\nin expression starting at ${ROOT}/test/runtests.jl:5\nERROR: Package GridOpt errored during testing`,
                ),
              ),
            },
            {
              step: one(
                `\`${needle}\` — leftover name from my first draft. Fixing.`,
                ok(
                  'replace_with_git_merge_diff',
                  {
                    filepath: 'src/ramping.jl',
                    merge_diff: `<<<<<<< SEARCH\n    lim = ${k}_limits(g)\n=======\n    lim = ramp_limits(g)\n>>>>>>> REPLACE`,
                  },
                  'Applied 1 block.',
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `MethodError: no method matching ${k}_cost(::Vector{Float64}, ::Int64)`;
        return {
          needle,
          how: 'tool-methoderror',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'run_in_bash_session',
                  bash(`cd ${ROOT} && julia --project test/costs.jl`),
                  `ERROR: LoadError: ${needle}\n\nClosest candidates are:\n  ${k}_cost(::AbstractVector{<:Real}, ::Real, ::Val{:poly})\n   @ GridOpt ${ROOT}/src/costs.jl:${rng.int(10, 60)}\n  ${k}_cost(::AbstractVector{<:Real}, ::Real, ::Val{:pwl})\n   @ GridOpt ${ROOT}/src/costs.jl:${rng.int(61, 99)}\n\nStacktrace:\n [1] top-level scope\n   @ ${ROOT}/test/costs.jl:${rng.int(5, 40)}\nin expression starting at ${ROOT}/test/costs.jl:${rng.int(5, 40)}`,
                ),
              ),
            },
            {
              step: one(
                'The dispatcher on the cost model type is missing.',
                ok(
                  'read_files',
                  { filepaths: 'src/costs.jl' },
                  `${k}_cost(gc::AbstractVector{<:Real}, pg::Real, ::Val{:poly}) = evalpoly(pg, reverse(gc[5:end]))`,
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `${k} ramp limits: Test Failed`;
        const out = buried(
          rng,
          rng.int(6, 20),
          (i) =>
            `Running HiGHS 1.7.0 (git hash: 50670fd4c): Copyright (c) 2024 HiGHS under MIT licence terms\nModel   : case${i % 2 ? 14 : 30}_t${i}\nSolving report: Status Optimal; Primal bound ${rng.int(1000, 9999)}.${rng.int(100, 999)}`,
          `${needle} at ${ROOT}/test/dispatch.jl:${rng.int(60, 140)}\n  Expression: isapprox(obj, 8134.25; rtol = 1e-6)\n   Evaluated: isapprox(${rng.int(8140, 8300)}.${rng.int(10, 99)}, 8134.25; rtol = 1.0e-6)\nStacktrace:\n [1] macro expansion\n   @ /opt/julia-1.10.3/share/julia/stdlib/v1.10/Test/src/Test.jl:672 [inlined]`,
          `Test Summary:      | Pass  Fail  Total   Time\nGridOpt            |  ${rng.int(100, 200)}     1    ${rng.int(100, 200)}  51.0s\n  dispatch         |   ${rng.int(30, 60)}     1     ${rng.int(30, 60)}  14.9s\nERROR: LoadError: Some tests did not pass: ${rng.int(100, 200)} passed, 1 failed, 0 errored, 0 broken.\nERROR: Package GridOpt errored during testing`,
        );
        return {
          needle,
          how: 'tool-test',
          beats: [
            {
              step: one(
                undefined,
                fail('run_in_bash_session', bash(`cd ${ROOT} && julia --project -e 'using Pkg; Pkg.test()' 2>&1`), out),
              ),
            },
            {
              step: one(
                `"${needle}": objective is higher than the reference; the down-ramp constraint is probably binding at t=1.`,
                ok(
                  'read_files',
                  { filepaths: 'test/dispatch.jl' },
                  `@testset "${k} ramp limits" begin\n    res = multi_period_dispatch(case14_24h())\n    @test isapprox(res.obj, 8134.25; rtol = 1e-6)\nend`,
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `Unsatisfiable requirements detected for package ${cap(k)}`;
        return {
          needle,
          how: 'tool-pkg',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'run_in_bash_session',
                  bash(`cd ${ROOT} && julia --project -e 'using Pkg; Pkg.add("${cap(k)}")'`),
                  `   Resolving package versions...\nERROR: ${needle} [${hex(rng, 8)}]:\n ${cap(k)} [${hex(rng, 8)}] log:\n ├─possible versions are: 0.1.0-0.4.2 or uninstalled\n ├─restricted by compatibility requirements with MathOptInterface [b8f27783] to versions: 0.1.0-0.2.3 or uninstalled\n │ └─MathOptInterface [b8f27783] log:\n │   ├─possible versions are: 0.9.0-1.28.1 or uninstalled\n │   └─restricted to versions 1.28.1 by an explicit requirement, leaving only versions: 1.28.1\n └─restricted by julia compatibility requirements to versions: 0.3.0-0.4.2 or uninstalled — no versions left`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'message_user',
                  {
                    message: `Pkg cannot resolve ${cap(k)} together with MathOptInterface 1.28; I'll implement the piece we need locally instead of adding the dependency.`,
                  },
                  'Message sent.',
                ),
              ),
            },
          ],
        };
      }),
    ],
    pending: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `benchmark/${k}_bench.jl`;
        return {
          needle,
          how: 'agent-plan',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'set_plan',
                  {
                    plan: `1. ✔ ramping constraints\n2. ✔ tests\n3. ✔ docs\n4. Remaining: add ${needle} (case118 × 24 h) and post before/after timings in the PR description, then submit`,
                  },
                  'Plan updated.',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `docs/src/${k}.md`;
        return {
          needle,
          how: 'user-next',
          beats: [
            {
              user: `Tốt lắm. Sau PR này còn phải viết trang hướng dẫn ${needle}, nhưng để lần sau. Giờ kiểm tra Documenter build được không thôi.`,
            },
            {
              step: one(
                undefined,
                ok(
                  'run_in_bash_session',
                  bash(`cd ${ROOT} && julia --project=docs docs/make.jl 2>&1 | tail -n 4`),
                  '[ Info: Populate: populating indices.\n[ Info: RenderDocument: rendering document.\n[ Info: HTMLWriter: rendering HTML pages.\n[ Info: Automatic `version="0.6.2"` for inventory from ../Project.toml',
                ),
              ),
            },
          ],
        };
      }),
    ],
    value: [
      P(false, ({ mint, rng }) => {
        const h = mint('hex');
        const rev = h + hex(rng, 31);
        return {
          needle: rev,
          how: 'tool-rev',
          beats: [
            {
              step: one(
                undefined,
                ok('run_in_bash_session', bash('git fetch origin main -q && git rev-parse origin/main'), rev),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'message_user',
                  { message: `Heads-up: main moved while I was working. I rebased onto ${rev}; tests still pass.` },
                  'Message sent.',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `s3://gridopt-${k}/cases/`;
        return {
          needle,
          how: 'user-bucket',
          beats: [
            { user: `Dữ liệu case lớn nằm ở ${needle} (đọc công khai), lấy case2383wp ở đó để thử.` },
            {
              step: one(
                undefined,
                ok(
                  'run_in_bash_session',
                  bash(`aws s3 ls ${needle} --no-sign-request | head -n 4`),
                  '2024-04-02 09:12:01    1803441 case2383wp.m\n2024-04-02 09:12:01    2211020 case2736sp.m\n2024-04-02 09:12:02    3010394 case3012wp.m',
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const n = mint('num');
        const id = `9${n}${rng.int(100, 999)}`;
        return {
          needle: id,
          how: 'tool-ci',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'run_in_bash_session',
                  bash('gh run list --branch jules/ramping --limit 3'),
                  `STATUS  TITLE                      WORKFLOW  BRANCH          EVENT  ID          ELAPSED  AGE\nX       Add ramping constraints    CI        jules/ramping   push   ${id}  6m12s    about 8 minutes ago\n✓       docs: tutorial             CI        main            push   9${rng.int(100000000, 999999999)}  5m40s    about 2 days ago`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                fail(
                  'run_in_bash_session',
                  bash(`gh run view ${id} --log-failed | tail -n 5`),
                  `test (1.9, ubuntu-latest)\tRun julia-actions/julia-runtest@v1\tERROR: LoadError: ArgumentError: Package ParametricOptInterface not found in current path.\ntest (1.9, ubuntu-latest)\tRun julia-actions/julia-runtest@v1\t- Run \`import Pkg; Pkg.add("ParametricOptInterface")\` to install the ParametricOptInterface package.\ntest (1.9, ubuntu-latest)\tProcess completed with exit code 1.`,
                ),
              ),
            },
          ],
        };
      }),
    ],
  },
};
