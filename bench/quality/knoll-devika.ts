/**
 * The devika harness of the knoll family (knoll.ts): a Devika-like agent of planner, coder and runner.
 * Its calls are text: prose (the planner's `Plan:` with `- [ ] Step n:` lines when it starts), then the
 * coder's files as `~~~` blocks (`File: \`path\`:` and a fenced body) and the runner's
 * `{"commands": […]}` object in a fenced block, several a message. The harness answers with one user
 * message, "[devika] step results", and an `[devika] saved …` or `[devika] runner (exit N)` section per
 * block, the runner's with each command and its output.
 * A ROOT 6.30 analysis of muon lifetimes from a university scintillator telescope: `root -l -b -q`
 * macros with `Processing fit.C...`, MINUIT's `FCN=… FROM MIGRAD STATUS=CONVERGED` blocks and
 * parameter tables, `Error in <TFile::TFile>: file … does not exist`, cling's `input_line_N` errors
 * with carets, `*** Break *** segmentation violation` stack traces, `Info in <TCanvas::Print>`, RDataFrame
 * counts; for a Kinyarwanda-speaking physicist.
 * Reconstructed rather than copied: Devika's block formats (from memory of its coder and runner
 * prompts; the results message is this harness's own), and ROOT's and MINUIT's output from memory of
 * 6.26–6.30.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
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

const ROOT = '/home/uwase/akazi/muon-lifetime';
const MACROS = ['fit.C', 'calib.C', 'select.C', 'plots.C', 'rdf_count.C'];
const CPP = [
  'void fit(const char* path = "data/run_0042.root") {\n  auto f = TFile::Open(path);\n  auto t = f->Get<TTree>("events");',
  '  TH1F h("dt", "decay time;#Delta t [#mus];events", 200, 0, 20);\n  t->Draw("dt>>dt", "ch==2 && adc>120", "goff");',
  '  TF1 model("model", "[0]*exp(-x/[1]) + [2]", 0.5, 20);\n  model.SetParameters(h.GetMaximum(), 2.2, 1);\n  h.Fit(&model, "RL");',
  '  TCanvas c("c", "", 800, 600);\n  h.Draw("E");\n  c.SetLogy();\n  c.Print("fig/lifetime.pdf");',
  'ROOT::RDataFrame df("events", "data/run_*.root");\nauto n = df.Filter("adc > 120").Count();\nstd::cout << *n << std::endl;',
];

function runner(rng: Rng, cmds: [string, string][], code = 0): KnollCall {
  const args = { commands: cmds.map(([c]) => c) };
  const out = cmds.map(([c, o]) => `$ ${c}\n${o}`).join('\n');
  void rng;
  return code === 0 ? ok('runner', args, out, 0) : fail('runner', args, out, code);
}

function save(path: string, code: string, lang = 'cpp'): KnollCall {
  return ok('coder', { path, lang, code }, `saved ${path} (${code.split('\n').length} lines)`);
}

function minuit(rng: Rng, tau = dur(rng, 2.05, 2.25, 4)): string {
  return ` FCN=${dur(rng, 150, 230, 3)} FROM MIGRAD    STATUS=CONVERGED      ${rng.int(60, 140)} CALLS         ${rng.int(141, 160)} TOTAL\n                     EDM=${dur(rng, 1, 9, 2)}e-0${rng.int(6, 9)}    STRATEGY= 1      ERROR MATRIX ACCURATE \n  EXT PARAMETER                                   STEP         FIRST   \n  NO.   NAME      VALUE            ERROR          SIZE      DERIVATIVE \n   1  p0           ${dur(rng, 1, 9, 5)}e+03   ${dur(rng, 1, 9, 5)}e+01   ${dur(rng, 1, 9, 5)}e-01  -${dur(rng, 1, 9, 5)}e-05\n   2  p1           ${tau}e+00   ${dur(rng, 1, 9, 5)}e-02   ${dur(rng, 1, 9, 5)}e-05   ${dur(rng, 1, 9, 5)}e-02\n   3  p2           ${dur(rng, 1, 9, 5)}e+00   ${dur(rng, 1, 9, 5)}e-01   ${dur(rng, 1, 9, 5)}e-04  -${dur(rng, 1, 9, 5)}e-03`;
}

function fitRun(rng: Rng, file = 'data/run_0042.root', tau?: string): string {
  return `\nProcessing fit.C("${file}")...\n${minuit(rng, tau)}\nInfo in <TCanvas::Print>: pdf file fig/lifetime.pdf has been created`;
}

function devikaNoise(rng: Rng): KnollStep {
  const r = rng.int(0, 6);
  const m = rng.pick(MACROS);
  if (r === 0) return one(undefined, runner(rng, [[`root -l -b -q 'fit.C("data/run_0042.root")'`, fitRun(rng)]]));
  if (r === 1)
    return one('Reading the macro as it stands.', runner(rng, [[`cat ${m}`, pieces(rng, CPP, rng.int(12, 30))]]));
  if (r === 2)
    return one(
      undefined,
      runner(rng, [[`root -l -b -q rdf_count.C`, `\nProcessing rdf_count.C...\n${rng.int(100000, 999999)}`]]),
    );
  if (r === 3)
    return many('A tighter ADC cut, then the fit again.', [
      save('select.C', pieces(rng, CPP, 14)),
      runner(rng, [[`root -l -b -q 'fit.C("data/run_0042.root")'`, fitRun(rng)]]),
    ]);
  if (r === 4)
    return one(
      undefined,
      runner(rng, [
        ['ls data/', lines(rng.int(4, 8), (i) => `run_00${40 + i}.root`)],
        [
          'root -l -b -q -e \'TFile f("data/run_0042.root"); f.ls();\'',
          `TFile**\t\tdata/run_0042.root\t\n TFile*\t\tdata/run_0042.root\t\n  KEY: TTree\tevents;1\tscintillator telescope events\n  KEY: TH1F\tadc_ch2;1\tADC channel 2`,
        ],
      ]),
    );
  if (r === 5)
    return one(
      undefined,
      runner(rng, [
        [
          'git status --short && git log --oneline -3',
          ` M ${m}\n${hex(rng, 7)} fit: log-likelihood\n${hex(rng, 7)} calib: ADC pedestal per run\n${hex(rng, 7)} plots: log y axis`,
        ],
      ]),
    );
  return one(
    undefined,
    runner(rng, [
      [
        `root -l -b -q calib.C`,
        `\nProcessing calib.C...\n${lines(4, (i) => `ch${i}: pedestal=${dur(rng, 40, 60, 2)} gain=${dur(rng, 0.9, 1.1, 4)}`)}`,
      ],
    ]),
  );
}

function devikaBig(rng: Rng): KnollStep {
  return one(
    'Dumping the first events to check the timestamps.',
    runner(rng, [
      [
        `root -l -b -q -e 'TFile f("data/run_0042.root"); auto t=f.Get<TTree>("events"); t->Scan("evt:ch:adc:dt:ts","","",400);'`,
        `************************************************************************\n*    Row   *       evt *        ch *       adc *        dt *        ts *\n************************************************************************\n${lines(rng.int(380, 400), (i) => `*   ${String(i).padStart(6)} * ${String(rng.int(1, 999999)).padStart(9)} * ${String(rng.int(0, 3)).padStart(9)} * ${String(rng.int(40, 900)).padStart(9)} * ${dur(rng, 0, 20, 5).padStart(9)} * ${String(1741770000 + i * 7).padStart(9)} *`)}\n************************************************************************\n==> 400 selected entries`,
      ],
    ]),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `wongeraho fit ya ${t} y'igihe cyo kubaho cya muon`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Muraho! Umushinga uri muri ${ROOT} — isesengura ry'amakuru ya muon hakoreshejwe ROOT. Ndashaka ko ${needle}. Nyamuneka, sobanura buri ntambwe.`,
            },
            {
              step: one(
                `Plan:\n- [ ] Step 1: Read the macros and the data layout.\n- [ ] Step 2: Write the new fit.\n- [ ] Step 3: Run it on every run file and compare.\n\nSummary: a new lifetime fit in ROOT.`,
                runner(rng, [
                  ['ls', `${MACROS.join('\n')}\ndata\nfig\nREADME.md`],
                  [`root -l -b -q 'fit.C("data/run_0042.root")'`, fitRun(rng)],
                ]),
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
        const needle = `${t}: kora histogram y'ingufu ukoresheje run zose`;
        return { how: 'user-followup', needle, beats: [{ user: `Akazi gakurikira: ${needle}.` }] };
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
            (x) => `${x}: ntugahindure amadosiye ari muri data/raw/`,
            (x) => `${x}: koresha ROOT 6.30 gusa`,
            (x) => `${x}: amashusho yose abikwe nka PDF`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Itegeko rimwe: ${needle}.`, `Wibuke — ${needle}.`, `By'ingenzi: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: every fit reports its STATUS line and the EDM in the log`,
          `${T}: macros compile with ACLiC (.C+) before they are committed`,
          `${T}: the first 0.5 microseconds after the start pulse are excluded`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                "The group's analysis notes first.",
                runner(rng, [
                  [
                    'cat README.md',
                    `# Muon lifetime\n\n- Run files in data/, one per night\n- ${needle}\n- Figures in fig/`,
                  ],
                ]),
              ),
            },
            {
              step: one(
                `${T} noted; a fit to start from.`,
                runner(rng, [[`root -l -b -q 'fit.C("data/run_0042.root")'`, fitRun(rng)]]),
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
            (x) => `I will fit ${x} with a RooFit exponential plus a flat background instead of TF1`,
            (x) => `${x} merges the runs with a TChain rather than hadd, so the raw files stay untouched`,
            (x) => `Plan: ${x} bins the decay time in 100 ns bins from 0.5 to 20 microseconds`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [{ step: one(`${needle}.`, save('docs/decisions.md', `# Decisions\n\n- ${needle}\n`, 'markdown')) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `kuri ${t} tuzakoresha unbinned likelihood fit aho kuba chi2`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Twafashe icyemezo: ${needle}.`, `Reka tubikore gutya: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `macros/${t}Fit.C`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('A macro of its own, then a run.', [
                save(needle, `void ${t}Fit(const char* path) {\n${pieces(rng, CPP.slice(1, 4), 8)}\n}`),
                runner(rng, [
                  [`root -l -b -q '${needle}("data/run_0042.root")'`, fitRun(rng).replace('fit.C', needle)],
                ]),
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
        const needle = `test/test_${t}.py`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'A PyROOT test for it.',
                save(
                  needle,
                  `import ROOT\n\ndef test_${t}():\n    f = ROOT.TFile.Open("data/run_0042.root")\n    assert f.Get("events").GetEntries() > 0\n`,
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
        const t = mint('num');
        const needle = `Error in <TFile::TFile>: file data/run_${t}.root does not exist`;
        return {
          how: 'tool-root',
          needle,
          beats: [
            {
              step: one(
                undefined,
                runner(
                  rng,
                  [
                    [
                      `root -l -b -q 'fit.C("data/run_${t}.root")'`,
                      `\nProcessing fit.C("data/run_${t}.root")...\n${needle}\n\n *** Break *** segmentation violation\n\n\n\n===========================================================\nThere was a crash.\nThis is the entire stack trace of all threads:\n===========================================================\n#0  0x00007f${hex(rng, 10)} in wait4 () from /lib/x86_64-linux-gnu/libc.so.6\n#1  0x00007f${hex(rng, 10)} in ___interceptor_waitpid () from /lib/x86_64-linux-gnu/libasan.so.8\n#2  0x00007f${hex(rng, 10)} in TUnixSystem::StackTrace() () from /opt/root/lib/libCore.so.6.30\n#3  0x00007f${hex(rng, 10)} in fit(char const*) ()\n===========================================================`,
                    ],
                  ],
                  139,
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
        const l = rng.int(8, 60);
        const needle = `error: use of undeclared identifier '${t}Hist'`;
        return {
          how: 'tool-cling',
          needle,
          beats: [
            {
              step: one(
                undefined,
                runner(
                  rng,
                  [
                    [
                      'root -l -b -q plots.C',
                      `\nProcessing plots.C...\nIn file included from input_line_8:1:\n${ROOT}/plots.C:${l}:3: ${needle}\n  ${t}Hist->Draw("E");\n  ^`,
                    ],
                  ],
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t}Hist is never declared in plots.C; reading it.`,
                runner(rng, [['cat plots.C', pieces(rng, CPP, 16)]]),
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
        const tau = `2.${t}`;
        const needle = `p1           ${tau}e+00`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                runner(rng, [[`root -l -b -q 'fit.C("data/run_0042.root")'`, fitRun(rng, 'data/run_0042.root', tau)]]),
              ),
            },
            {
              step: one(
                `The lifetime comes out at ${tau} μs; keeping it as the reference.`,
                save('results/reference.txt', `tau_us ${tau}\n`, 'text'),
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
                runner(rng, [['sha256sum data/merged.root', `${needle}${hex(rng, 32)}  data/merged.root`]]),
              ),
            },
            {
              step: one(
                `The merged file is ${needle}…; writing it down.`,
                save('results/CHECKSUMS', `${needle}  merged.root\n`, 'text'),
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
        const needle = `RW-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Nimero y'ubushakashatsi ni ${needle}; yandike muri config.json.` }],
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
            (x) => `Next: run ${x} over the March runs and compare with 2.197 μs`,
            (x) => `Still open: ${x} ignores the negative-muon capture in carbon`,
            (x) => `Igikurikira: gusuzuma ${x} ku makuru yose`,
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
                runner(rng, [[`git commit -qam "fit: ${t}" && git log --oneline -1`, `${hex(rng, 7)} fit: ${t}`]]),
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
        const needle = `amaherezo, andika incamake ngufi kuri ${t} mu Kinyarwanda`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Murakoze. Ikindi kintu: ${needle}.` },
            {
              step: one(
                undefined,
                runner(rng, [['root -l -b -q rdf_count.C', `\nProcessing rdf_count.C...\n${rng.int(100000, 999999)}`]]),
              ),
            },
          ],
        };
      },
    },
  ],
};

function block(c: KnollCall): string {
  if (c.tool === 'runner') return `\`\`\`\n{"commands": ${JSON.stringify(c.args['commands'])}}\n\`\`\``;
  return `~~~\nFile: \`${String(c.args['path'])}\`:\n\`\`\`${String(c.args['lang'])}\n${String(c.args['code'])}\n\`\`\`\n~~~`;
}

function result(c: KnollCall): string {
  if (c.tool === 'runner') return `[devika] runner (exit ${c.exitCode ?? 0})\n${c.output}`;
  return `[devika] ${c.output}`;
}

/** The devika harness. */
export const KNOLL_DEVIKA: KnollHarness = {
  style: 'devika',
  protocol: 'text',
  system: `You are Devika, an AI software engineer. The project is a ROOT 6.30 muon-lifetime analysis in ${ROOT}. The user writes Kinyarwanda; reply to the user in Kinyarwanda.\n\nWhen you write code, give each file as:\n~~~\nFile: \`path/to/file\`:\n\`\`\`lang\ncode\n\`\`\`\n~~~\nWhen commands must run, give them to the runner as a JSON object in a fenced block: {"commands": ["…", "…"]}. Files and commands are handled in order and the results come back to you. When the task is done, reply without files or commands.`,
  tools: ['coder', 'runner'],
  renderStep: (s) => `${s.say ? `${s.say}\n\n` : ''}${s.calls.map(block).join('\n\n')}`,
  renderResults: (s, _ids, n) => `[devika] step results${nth(['', ':', ''], n)}\n\n${s.calls.map(result).join('\n\n')}`,
  resultStart: /^\[devika\] step results/,
  callMark: /^(?:~~~\nFile: `|\{"commands": \[)/gm,
  resultMark: /^\[devika\] (?:saved |runner \()/gm,
  noise: devikaNoise,
  big: devikaBig,
  followUp: (rng) =>
    rng.pick([
      'Compilation yagenze neza?',
      'Fit yarangiye?',
      'Nyamuneka ongera uyikoreshe.',
      'Ni iki wahinduye?',
      'Ni byiza, hasigaye iki?',
      'Haracyari amakosa?',
    ]),
  keepGoing: (rng) => rng.pick(['Komeza.', 'Komeza, ntuhagarare.', 'Komeza kugeza ibizamini byose bitsinze.']),
  answer: (rng) =>
    rng.pick([
      `Byarangiye: fit yahuye (STATUS=CONVERGED) kandi ibizamini ${rng.int(3, 6)} byose byatsinze.`,
      'Done: the fit converges and the PyROOT tests pass.',
      "Nabikosoye. Hari umuburo umwe wa kera muri calib.C udafitanye isano n'iri hinduka.",
      "Muri make: macro irakora kandi ibisubizo bisa n'ibya mbere.",
    ]),
  probe: (rng) => rng.pick(['Komeza.', 'Komeza aho wari ugeze.', 'Noneho iki?']),
  planters: PLANTERS,
};
