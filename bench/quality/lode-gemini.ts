/**
 * The gemini harness of the lode family (lode.ts): an agent on a Gemini-API-like loop. Its calls are
 * native (several in one turn, as the API's parallel function calling returns them), and each tool
 * message holds the `functionResponse` part the runtime sends back, as JSON: `{"functionResponse":
 * {"name": …, "response": {…}}}` with the command's exit code and output, a file's content, or an
 * `error`.
 * Bayesian modelling with Stan through CmdStan 2.36: `make` translating and compiling a model,
 * stanc3's syntax and semantic errors with the source excerpt and caret, the sampler's argument
 * dump, gradient timing and `Chain [1] Iteration:` lines, informational rejection messages, data
 * errors, `bin/stansummary` tables, `bin/diagnose` with divergent transitions and R-hat warnings, a
 * posterior-predictive script; a hierarchical malaria model over Kano's local government areas, for
 * a Hausa-speaking epidemiologist.
 * Reconstructed rather than copied: the call ids (`function-call-` and digits; the Gemini API itself
 * gives none) and the fields inside `response`, which a runtime chooses; CmdStan's output follows
 * 2.3x from memory.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  dur,
  fail,
  hex,
  many,
  numberLines,
  ok,
  one,
  pieces,
  say,
  some,
  type LodeCall,
  type LodeHarness,
  type LodeStep,
  type Planter,
} from './lode-kit';

const ROOT = '/home/aminu/aiki/zazzabi';
const CMDSTAN = '/home/aminu/cmdstan-2.36.0';
const MODEL = `${ROOT}/models/malaria_nb`;
const LGAS = [
  'Dala',
  'Fagge',
  'Gwale',
  'Kumbotso',
  'Nassarawa',
  'Tarauni',
  'Ungogo',
  'Gezawa',
  'Bichi',
  'Rano',
  'Wudil',
  'Dawakin Tofa',
];
const PARAMS = [
  'mu_alpha',
  'sigma_lga',
  'beta_rain',
  'beta_itn',
  'phi',
  'alpha[1]',
  'alpha[2]',
  'alpha[3]',
  'alpha[4]',
];

const STAN = [
  `data {\n  int<lower=1> N;                 // LGA-months\n  int<lower=1> N_lga;             // 44 in Kano\n  array[N] int<lower=1, upper=N_lga> lga;\n  array[N] int<lower=0> cases;\n  vector[N] log_pop;\n  vector[N] rain;                 // mm, standardised\n  vector[N] itn;                  // net coverage, 0..1\n}`,
  `parameters {\n  real mu_alpha;\n  real<lower=0> sigma_lga;\n  vector[N_lga] alpha_raw;\n  real beta_rain;\n  real beta_itn;\n  real<lower=0> phi;\n}`,
  `transformed parameters {\n  vector[N_lga] alpha = mu_alpha + sigma_lga * alpha_raw;\n}`,
  `model {\n  mu_alpha ~ normal(-6, 2);\n  sigma_lga ~ exponential(1);\n  alpha_raw ~ std_normal();\n  beta_rain ~ normal(0, 1);\n  beta_itn ~ normal(0, 1);\n  phi ~ gamma(2, 0.1);\n  cases ~ neg_binomial_2_log(alpha[lga] + log_pop + beta_rain * rain + beta_itn * itn, phi);\n}`,
  `generated quantities {\n  array[N] int y_rep = neg_binomial_2_log_rng(alpha[lga] + log_pop + beta_rain * rain + beta_itn * itn, phi);\n  vector[N] log_lik;\n  for (n in 1:N)\n    log_lik[n] = neg_binomial_2_log_lpmf(cases[n] | alpha[lga[n]] + log_pop[n] + beta_rain * rain[n] + beta_itn * itn[n], phi);\n}`,
];

/** A command as the runtime returns it: exit code and output in the function response. */
function sh(command: string, output: string, code = 0): LodeCall {
  return code === 0 ? ok('run_command', { command }, output, 0) : fail('run_command', { command }, output, code);
}

function read(rng: Rng, path: string): LodeCall {
  return ok(
    'read_file',
    { path },
    numberLines(pieces(rng, STAN, rng.int(12, 30)), 1, (n, l) => `${n}: ${l}`),
  );
}

function makeModel(model = MODEL): string {
  return `make: Entering directory '${CMDSTAN}'\n\n--- Translating Stan model to C++ code ---\nbin/stanc  --o=${model}.hpp ${model}.stan\n\n--- Compiling C++ code ---\ng++ -std=c++17 -pthread -D_REENTRANT -Wno-sign-compare -Wno-ignored-attributes -Wno-class-memaccess     -I stan/lib/stan_math/lib/tbb_2020.3/include    -O3 -I src -I stan/src -I stan/lib/rapidjson_1.1.0/ -I lib/CLI11-1.9.1/ -I stan/lib/stan_math/ -I stan/lib/stan_math/lib/eigen_3.4.0 -I stan/lib/stan_math/lib/boost_1.84.0 -I stan/lib/stan_math/lib/sundials_6.1.1/include -I stan/lib/stan_math/lib/sundials_6.1.1/src/sundials    -DBOOST_DISABLE_ASSERTS          -c -Wno-ignored-attributes   -x c++ -o ${model}.o ${model}.hpp\n\n--- Linking model ---\ng++ -std=c++17 -pthread -D_REENTRANT -Wno-sign-compare -Wno-ignored-attributes -Wno-class-memaccess     -I stan/lib/stan_math/lib/tbb_2020.3/include    -O3 -I src -I stan/src -I stan/lib/rapidjson_1.1.0/ -I lib/CLI11-1.9.1/ -I stan/lib/stan_math/ -I stan/lib/stan_math/lib/eigen_3.4.0 -I stan/lib/stan_math/lib/boost_1.84.0 -I stan/lib/stan_math/lib/sundials_6.1.1/include -I stan/lib/stan_math/lib/sundials_6.1.1/src/sundials    -DBOOST_DISABLE_ASSERTS               -Wl,-L,"${CMDSTAN}/stan/lib/stan_math/lib/tbb"   ${model}.o src/cmdstan/main.o  -ltbb   stan/lib/stan_math/lib/sundials_6.1.1/lib/libsundials_nvecserial.a stan/lib/stan_math/lib/sundials_6.1.1/lib/libsundials_cvodes.a stan/lib/stan_math/lib/sundials_6.1.1/lib/libsundials_idas.a stan/lib/stan_math/lib/sundials_6.1.1/lib/libsundials_kinsol.a  stan/lib/stan_math/lib/tbb/libtbb.so.2 -o ${model}\nrm ${model}.hpp ${model}.o\nmake: Leaving directory '${CMDSTAN}'`;
}

function config(seed: string | number, refresh = 100, data = 'data/kano_2019_2024.json'): string {
  return `method = sample (Default)\n  sample\n    num_samples = 1000 (Default)\n    num_warmup = 1000 (Default)\n    save_warmup = false (Default)\n    thin = 1 (Default)\n    adapt\n      engaged = true (Default)\n      gamma = 0.05 (Default)\n      delta = 0.8 (Default)\n      kappa = 0.75 (Default)\n      t0 = 10 (Default)\n      init_buffer = 75 (Default)\n      term_buffer = 50 (Default)\n      window = 25 (Default)\n      save_metric = false (Default)\n    algorithm = hmc (Default)\n      hmc\n        engine = nuts (Default)\n          nuts\n            max_depth = 10 (Default)\n        metric = diag_e (Default)\n        metric_file =  (Default)\n        stepsize = 1 (Default)\n        stepsize_jitter = 0 (Default)\n    num_chains = 4\nid = 1 (Default)\ndata\n  file = ${data}\ninit = 2 (Default)\nrandom\n  seed = ${seed}\noutput\n  file = output/fit.csv\n  diagnostic_file =  (Default)\n  refresh = ${refresh === 100 ? '100 (Default)' : refresh}\n  sig_figs = -1 (Default)\n  profile_file = profile.csv (Default)\n  save_cmdstan_config = false (Default)\nnum_threads = 4`;
}

function iterations(rng: Rng, refresh: number): string {
  const marks = [1];
  for (let i = refresh; i <= 1000; i += refresh) marks.push(i);
  marks.push(1001);
  for (let i = 1000 + refresh; i <= 2000; i += refresh) marks.push(i);
  // (the four chains run in parallel threads, so their lines interleave)
  const out = marks.flatMap((i) =>
    rng
      .sample([1, 2, 3, 4], 4)
      .map(
        (c) =>
          `Chain [${c}] Iteration: ${String(i).padStart(4)} / 2000 [${String(Math.floor((i * 100) / 2000)).padStart(3)}%]  (${i <= 1000 ? 'Warmup' : 'Sampling'})`,
      ),
  );
  for (const c of rng.sample([1, 2, 3, 4], 4)) {
    const w = dur(rng, 3, 40, 3);
    const s = dur(rng, 3, 40, 3);
    out.push(
      `Chain [${c}] \nChain [${c}]  Elapsed Time: ${w} seconds (Warm-up)\nChain [${c}]                ${s} seconds (Sampling)\nChain [${c}]                ${(Number(w) + Number(s)).toFixed(3)} seconds (Total)\nChain [${c}] `,
    );
  }
  return out.join('\n');
}

function sample(rng: Rng, seed: string | number, refresh = 100, extra = ''): string {
  const g = dur(rng, 0.0001, 0.0009, 6);
  return `${config(seed, refresh)}\n\nGradient evaluation took ${g} seconds\n1000 transitions using 10 leapfrog steps per transition would take ${(Number(g) * 10000).toFixed(2)} seconds.\nAdjust your expectations accordingly!\n\n${extra}${iterations(rng, refresh)}`;
}

/** One row of stansummary's table: a parameter's mean, spread and quantiles, then N_Eff and R-hat. */
function summaryRow(rng: Rng, name: string, mean: number, sd: number, nan = false): string {
  const f = (x: number) =>
    (Math.abs(x) >= 1e4 ? x.toExponential(1).replace(/e\+?(-?)(\d)$/, 'e+$10$2') : x.toPrecision(2)).padStart(8);
  const tail = nan
    ? `${'nan'.padStart(8)} ${'nan'.padStart(8)} ${'nan'.padStart(7)}`
    : `${String(rng.int(900, 4200)).padStart(8)} ${String(rng.int(100, 900)).padStart(8)} ${(1 + rng.next() * 0.009).toFixed(3).padStart(7)}`;
  return `${name.padEnd(16)}${f(mean)} ${nan ? 'nan'.padStart(8) : f(sd / 30)} ${f(sd)} ${f(mean - 1.6 * sd)} ${f(mean)} ${f(mean + 1.6 * sd)} ${tail}`;
}

function summary(rng: Rng, names: readonly string[]): string {
  const head = `${''.padEnd(16)}${['Mean', 'MCSE', 'StdDev', '5%', '50%', '95%', 'N_Eff', 'N_Eff/s', 'R_hat'].map((h, i) => h.padStart(i === 8 ? 7 : 8)).join(' ')}`;
  const lp = -rng.int(11000, 14000);
  const sampler = [
    summaryRow(rng, 'lp__', lp, rng.int(5, 9)),
    summaryRow(rng, 'accept_stat__', 0.88 + rng.next() * 0.08, 0.1),
    summaryRow(rng, 'stepsize__', 0.1 + rng.next() * 0.3, 0.02, true),
    summaryRow(rng, 'treedepth__', 4 + rng.next() * 2, 0.6),
    summaryRow(rng, 'n_leapfrog__', rng.int(15, 63), 8),
    summaryRow(rng, 'divergent__', 0, 0, true),
    summaryRow(rng, 'energy__', -lp + rng.int(10, 40), rng.int(6, 12)),
  ];
  const params = names.map((n) => {
    const m = (rng.next() - 0.5) * 4;
    return summaryRow(rng, n, /^(sigma|phi)/.test(n) ? Math.abs(m) + 0.3 : m, 0.02 + rng.next() * 0.4);
  });
  return `Inference for Stan model: malaria_nb_model\n4 chains: each with iter=(1000,1000,1000,1000); warmup=(0,0,0,0); thin=(1,1,1,1); 4000 iterations saved.\n\nWarmup took (${dur(rng, 3, 40, 1)}, ${dur(rng, 3, 40, 1)}, ${dur(rng, 3, 40, 1)}, ${dur(rng, 3, 40, 1)}) seconds, ${dur(rng, 20, 150, 0)} seconds total\nSampling took (${dur(rng, 3, 40, 1)}, ${dur(rng, 3, 40, 1)}, ${dur(rng, 3, 40, 1)}, ${dur(rng, 3, 40, 1)}) seconds, ${dur(rng, 20, 150, 0)} seconds total\n\n${head}\n\n${sampler.join('\n')}\n\n${params.join('\n')}\n\nSamples were drawn using hmc with nuts.\nFor each parameter, N_Eff is a crude measure of effective sample size,\nand R_hat is the potential scale reduction factor on split chains (at\nconvergence, R_hat=1).`;
}

const DIAG_CLEAN = `Processing csv files: output/fit_1.csv, output/fit_2.csv, output/fit_3.csv, output/fit_4.csv\n\nChecking sampler transitions treedepth.\nTreedepth satisfactory for all transitions.\n\nChecking sampler transitions for divergences.\nNo divergent transitions found.\n\nChecking E-BFMI - sampler transitions HMC potential energy.\nE-BFMI satisfactory.\n\nRank-normalized split effective sample size satisfactory for all parameters.\n\nRank-normalized split R-hat values satisfactory for all parameters.\n\nProcessing complete, no problems detected.`;

function geminiNoise(rng: Rng): LodeStep {
  const r = rng.int(0, 8);
  if (r === 0) return one(undefined, sh(`make -C ${CMDSTAN} ${MODEL}`, makeModel()));
  if (r === 1)
    return one(
      undefined,
      sh(
        `cd ${ROOT} && ./models/malaria_nb sample num_chains=4 data file=data/kano_2019_2024.json output file=output/fit.csv num_threads=4 refresh=500`,
        sample(rng, rng.int(1000, 99999), 500),
      ),
    );
  if (r === 2)
    return one(
      undefined,
      sh(`${CMDSTAN}/bin/stansummary output/fit_*.csv --percentiles=5,50,95 | head -40`, summary(rng, PARAMS)),
    );
  if (r === 3) return one(undefined, sh(`${CMDSTAN}/bin/diagnose output/fit_*.csv`, DIAG_CLEAN));
  if (r === 4) return one(undefined, read(rng, `${ROOT}/models/malaria_nb.stan`));
  if (r === 5)
    return one(
      undefined,
      ok(
        'list_dir',
        { path: ROOT },
        ['data/', 'models/', 'output/', 'scripts/', 'reports/', 'README.md', 'Makefile'].join('\n'),
      ),
    );
  if (r === 6)
    return many('Model and data side by side.', [
      read(rng, `${ROOT}/models/malaria_nb.stan`),
      sh(
        `python3 -c "import json; d=json.load(open('data/kano_2019_2024.json')); print({k: (len(v) if isinstance(v, list) else v) for k, v in d.items()})"`,
        `{'N': 3168, 'N_lga': 44, 'lga': 3168, 'cases': 3168, 'log_pop': 3168, 'rain': 3168, 'itn': 3168}`,
      ),
    ]);
  if (r === 7)
    return one(
      undefined,
      sh(
        'python3 scripts/ppc.py output/fit_*.csv',
        `loaded 4 chains x 1000 draws\n${some(rng, LGAS, rng.int(4, 8))
          .map((l) => {
            const m = rng.int(800, 9000);
            const obs = Math.round(m * (0.7 + rng.next() * 0.6));
            return `${l.padEnd(14)} observed ${String(obs).padStart(5)}  predicted median ${String(m).padStart(5)}  90% [${Math.round(m * 0.62)}, ${Math.round(m * 1.45)}]`;
          })
          .join('\n')}\nwrote reports/ppc_by_lga.png`,
      ),
    );
  return many(undefined, [
    sh(
      'git status --short',
      some(rng, ['models/malaria_nb.stan', 'scripts/ppc.py', 'scripts/prep.py', 'README.md'], rng.int(1, 3))
        .map((f) => ` M ${f}`)
        .join('\n'),
    ),
    ok(
      'list_dir',
      { path: `${ROOT}/output` },
      ['fit_1.csv', 'fit_2.csv', 'fit_3.csv', 'fit_4.csv', 'fit_config.json'].join('\n'),
    ),
  ]);
}

function geminiBig(rng: Rng): LodeStep {
  if (rng.chance(0.5)) {
    const names = [
      ...PARAMS.slice(0, 5),
      ...Array.from({ length: 44 }, (_, i) => `alpha[${i + 1}]`),
      ...Array.from({ length: rng.int(150, 190) }, (_, i) => `y_rep[${i + 1}]`),
    ];
    return one(
      'The whole summary, generated quantities included, to look at every LGA.',
      sh(`${CMDSTAN}/bin/stansummary output/fit_*.csv`, summary(rng, names)),
    );
  }
  return one(
    undefined,
    sh(
      `cd ${ROOT} && ./models/malaria_nb sample num_chains=4 data file=data/kano_2019_2024.json output file=output/fit.csv num_threads=4 refresh=10`,
      sample(rng, rng.int(1000, 99999), 10),
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `a gina samfurin ${t} na zazzabin cizon sauro a kananan hukumomin Kano, tare da tasirin ruwan sama`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Sannu! Aikin yana cikin ${ROOT} — samfurin Stan (CmdStan 2.36) na yawan masu zazzabin cizon sauro a kowane wata. Ina so ${needle}. Don Allah ka bayyana kowane mataki.`,
            },
            {
              step: many('Looking at the project and the current model at once.', [
                ok(
                  'list_dir',
                  { path: ROOT },
                  ['data/', 'models/', 'output/', 'scripts/', 'README.md', 'Makefile'].join('\n'),
                ),
                read(rng, `${ROOT}/models/malaria_nb.stan`),
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
        const needle = `${t}: a ƙara hasashen watanni shida masu zuwa ga kowace karamar hukuma`;
        return { how: 'user-followup', needle, beats: [{ user: `Aiki na gaba: ${needle}.` }] };
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
            (x) => `${x}: kada a canza bayanan asali da ke cikin data/raw`,
            (x) => `a yi amfani da adapt_delta 0.95 ko sama da haka don ${x}`,
            (x) => `${x}: kowane gudu ya zama chains 4 da iter_sampling 1000`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Doka ɗaya: ${needle}.`,
                `Ka tuna — ${needle}; haka ma'aikatar take so.`,
                `Muhimmi: ${needle}.`,
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
        const T = t.toUpperCase();
        const [needle, follow] = rng.pick([
          [
            `ANALYSIS PLAN ${T}: report posterior medians with 90% intervals, and only once every R-hat is below 1.01`,
            `Plan ${T} means nothing is reported while an R-hat is above 1.01, so I check the diagnostics first.`,
          ],
          [
            `ANALYSIS PLAN ${T}: LGAs with fewer than 12 months of data are pooled into their senatorial district`,
            `Plan ${T} pools the short series; first the diagnostics of the current fit.`,
          ],
          [
            `ANALYSIS PLAN ${T}: the population offset is the 2006 census projected with NPC growth rates, nothing else`,
            `Plan ${T} fixes where log_pop comes from; the current fit is checked before the offset changes.`,
          ],
        ] as const);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'The README holds the analysis plan the ministry agreed to.',
                ok(
                  'read_file',
                  { path: `${ROOT}/README.md` },
                  `# Zazzabi — malaria incidence in Kano, 2019–2024\n\nData: NMEP monthly case counts per LGA, CHIRPS rainfall, ITN campaign coverage.\n\n${needle}.\n\nModels live in models/, fits in output/ (never committed).`,
                ),
              ),
            },
            {
              step: one(follow, sh(`${CMDSTAN}/bin/diagnose output/fit_*.csv`, DIAG_CLEAN)),
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
            (x) => `I'll switch ${x} to a non-centred parameterisation of the LGA effects`,
            (x) => `For ${x} the rainfall enters with a one-month lag`,
            (x) => `${x} uses a negative binomial rather than a Poisson, because the counts are overdispersed`,
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
                  { path: `${ROOT}/reports/decisions.md`, content: `- ${needle}.\n` },
                  `wrote ${ROOT}/reports/decisions.md`,
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
        const needle = `${t} zai yi amfani da bayanan 2019 zuwa 2024 kawai`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            { user: rng.pick([`Mun yanke shawara: ${needle}.`, `Mu yi haka: ${needle}; bayanan 2018 ba su cika ba.`]) },
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
        const needle = `models/${t}_nc.stan`;
        const model = `${ROOT}/${needle.replace(/\.stan$/, '')}`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('A non-centred copy of the model, compiled right away.', [
                ok(
                  'write_file',
                  {
                    path: `${ROOT}/${needle}`,
                    content: `${STAN[0] as string}\n${STAN[1] as string}\n${STAN[2] as string}\n${STAN[3] as string}\n`,
                  },
                  `wrote ${ROOT}/${needle}`,
                ),
                sh(`make -C ${CMDSTAN} ${model}`, makeModel(model)),
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
        const needle = `scripts/${t}_forecast.py`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'A script of its own for the forecast draws.',
                ok(
                  'write_file',
                  {
                    path: `${ROOT}/${needle}`,
                    content: `import sys\nimport numpy as np\nimport pandas as pd\n\ndraws = pd.concat(pd.read_csv(f, comment="#") for f in sys.argv[1:])\nprint(draws.filter(like="y_fut").quantile([0.05, 0.5, 0.95]).T)\n`,
                  },
                  `wrote ${ROOT}/${needle}`,
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
        const v = `${t}_rain`;
        const needle = `Identifier '${v}' not in scope.`;
        const line = rng.int(30, 60);
        return {
          how: 'tool-stanc',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  `make -C ${CMDSTAN} ${MODEL}`,
                  `make: Entering directory '${CMDSTAN}'\n\n--- Translating Stan model to C++ code ---\nbin/stanc  --o=${MODEL}.hpp ${MODEL}.stan\nSemantic error in '${MODEL}.stan', line ${line}, column 40 to column ${40 + v.length}:\n   -------------------------------------------------\n    ${line - 2}:    beta_itn ~ normal(0, 1);\n    ${line - 1}:    phi ~ gamma(2, 0.1);\n    ${line}:    cases ~ neg_binomial_2_log(alpha[lga] + ${v} * beta_rain + log_pop, phi);\n                                                 ${'^'.repeat(v.length)}\n    ${line + 1}:  }\n   -------------------------------------------------\n\n${needle}\n\nmake: *** [make/program:50: ${MODEL}.hpp] Error 1\nmake: Leaving directory '${CMDSTAN}'`,
                  2,
                ),
              ),
            },
            {
              step: one(
                `${v} was renamed to rain in the data block; the model block still uses the old name.`,
                read(rng, `${ROOT}/models/malaria_nb.stan`),
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
        const needle = `variable name=${t}_cases; base type=int`;
        return {
          how: 'tool-cmdstan',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  `cd ${ROOT} && ./models/malaria_nb sample num_chains=4 data file=data/kano_2019_2024.json output file=output/fit.csv`,
                  `${config(rng.int(1000, 99999))}\nException: variable does not exist; processing stage=data initialization; ${needle} (in '${MODEL}.stan', line ${rng.int(3, 9)}, column 2 to column ${rng.int(30, 44)})`,
                  70,
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
        const needle = `seed = ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  `cd ${ROOT} && ./models/malaria_nb sample num_chains=4 data file=data/kano_2019_2024.json output file=output/fit.csv random seed=${t} refresh=1000`,
                  sample(rng, t, 1000),
                ),
              ),
            },
            {
              step: one(
                `The accepted fit used ${needle}; I pin it in the Makefile so the report can be rebuilt exactly.`,
                ok(
                  'write_file',
                  { path: `${ROOT}/Makefile.seed`, content: `SEED := ${t}\n` },
                  `wrote ${ROOT}/Makefile.seed`,
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
        const needle = `sha256:${t}${hex(rng, 8)}`;
        return {
          how: 'tool-hash',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh('sha256sum data/kano_2019_2024.json', `${needle.slice(7)}${hex(rng, 48)}  data/kano_2019_2024.json`),
              ),
            },
            {
              step: one(
                `Data snapshot is ${needle}; the report will cite it next to the model version.`,
                ok(
                  'write_file',
                  { path: `${ROOT}/reports/DATA_VERSION`, content: `${needle}\n` },
                  `wrote ${ROOT}/reports/DATA_VERSION`,
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
        const needle = `NMEP-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Lambar aikin daga ma'aikatar ita ce ${needle}; ka rubuta ta a shafin farko na rahoto.` }],
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
            (x) => `Next: rerun ${x} with adapt_delta=0.99 and check the divergences again`,
            (x) => `Still to do: posterior predictive checks for ${x} in each LGA`,
            (x) => `Mataki na gaba: a kwatanta ${x} da samfurin Poisson ta hanyar LOO`,
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
        const needle = `a karshe ka rubuta taƙaitaccen rahoto na ${t} da Hausa`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Na gode. Abu na ƙarshe: ${needle}.` },
            {
              step: one(
                undefined,
                sh(
                  `${CMDSTAN}/bin/stansummary output/fit_*.csv --percentiles=5,50,95 | head -30`,
                  summary(rng, PARAMS),
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The function response the runtime sends back for a call. */
function response(c: LodeCall): Record<string, unknown> {
  if (c.tool === 'run_command') return { exit_code: c.exitCode ?? 0, output: c.output };
  if (c.status === 'error') return { error: c.output };
  if (c.tool === 'read_file') return { content: c.output };
  if (c.tool === 'list_dir') return { entries: c.output.split('\n') };
  return { result: c.output };
}

/** The gemini harness. */
export const LODE_GEMINI: LodeHarness = {
  style: 'gemini',
  protocol: 'native',
  system: `You are a careful Bayesian modelling assistant working in ${ROOT} (Stan models compiled and sampled with CmdStan 2.36 at ${CMDSTAN}; Python 3.12 with pandas and arviz for checks). Call the functions you are given to inspect and change the project; several independent calls may be made at once. Never report a posterior number from a fit with divergences or R-hat above 1.01 without saying so. The user writes Hausa; answer in Hausa.`,
  tools: ['run_command', 'read_file', 'write_file', 'list_dir'],
  callId: (rng) => `function-call-${rng.int(1, 9)}${chars(rng, 18, '0123456789')}`,
  wrap: (c) => JSON.stringify({ functionResponse: { name: c.tool, response: response(c) } }),
  noise: geminiNoise,
  big: geminiBig,
  followUp: (rng) =>
    rng.pick([
      'Samfurin ya gama gudu?',
      'Akwai divergences yanzu?',
      'Don Allah ka sake gudanar da samfurin.',
      'Ka bayyana a taƙaice abin da ka canza.',
      'To, me ya rage?',
      'R-hat ya yi daidai?',
    ]),
  keepGoing: (rng) =>
    rng.pick(['Ci gaba.', 'Ci gaba, kada ka tsaya.', 'Ci gaba har sai dukkan R-hat sun yi ƙasa da 1.01.']),
  answer: (rng) =>
    rng.pick([
      `An gama: chains 4 sun haɗu, R-hat mafi girma ${(1 + rng.int(1, 9) / 1000).toFixed(3)}, babu divergence.`,
      'Done: the model compiles, the four chains mix and diagnose reports no problems.',
      'Na gyara. Akwai tsohon gargaɗi a scripts/prep.py, ba shi da alaƙa da wannan canjin.',
      'A taƙaice: samfurin da aka canza yana aiki kuma sakamakon ya yi daidai da na baya.',
    ]),
  probe: (rng) => rng.pick(['Ci gaba.', 'Ci gaba daga inda ka tsaya.', 'Yanzu me?']),
  planters: PLANTERS,
};
