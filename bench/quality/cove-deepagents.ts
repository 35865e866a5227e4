/**
 * The deepagents harness of the cove family (cove.ts): an agent built like LangChain's Deep Agents —
 * native calls to its built-in tools, several at once when they do not depend on each other:
 * `write_todos` (answered by `Updated todo list to [...]`), `ls`, `read_file` (numbered lines, `cat -n`
 * style), `write_file` (`Updated file …`), `edit_file` (`Successfully replaced 1 instance(s) of the
 * string in '…'`), `task` handing a job to a sub-agent (answered by the sub-agent's final report), and
 * an `execute` tool of its sandbox (the command's output and a closing exit-code line). Ids are
 * Anthropic's `toolu_01…`, the model behind it being Claude.
 * A household-survey analysis in Stata 18 for a regional health bureau: batch runs
 * (`stata-mp -b do …` and the `.log` they leave), Stata's errors with their return codes
 * (`variable … not found` / `r(111);`, `invalid syntax` / `r(198);`, `assertion is false` / `r(9);`,
 * `variable hhid does not uniquely identify the observations` / `r(459);`), `merge` result tables,
 * `regress` and `svy: mean` output, `tabulate` tables; for an Oromo-speaking health economist.
 * Reconstructed rather than copied: the tools' result strings (from memory of deepagents 0.1–0.2; the
 * `execute` exit line is a guess), Stata's table layouts from memory.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
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
  type CoveCall,
  type CoveHarness,
  type CoveStep,
  type Planter,
} from './cove-kit';

const ROOT = '/workspace/hhs-oromia';
const DOS = ['do/01_import.do', 'do/02_clean.do', 'do/03_consumption.do', 'do/04_models.do', 'do/master.do'];
const DO = [
  'version 18\nclear all\nset more off',
  'use "data/raw/hh_2024.dta", clear\nisid hhid',
  'merge 1:1 hhid using "data/raw/hh_roster.dta", keep(match master) nogenerate',
  'gen double consexp = food_exp + nonfood_exp\nreplace consexp = consexp / hhsize',
  'svyset ea [pweight=hhweight], strata(zone)',
  'regress lnconsexp i.zone hhsize i.head_female, vce(cluster ea)',
  'assert inrange(hhsize, 1, 25)\nsave "data/derived/hh_clean.dta", replace',
];
const ZONES = ['Arsi', 'Bale', 'Borana', 'Guji', 'Jimma', 'East Shewa', 'West Hararghe'];

function exec(command: string, output: string, code = 0): CoveCall {
  const text = `${output}\n[Command ${code === 0 ? 'succeeded' : 'failed'} with exit code ${code}]`;
  return code === 0 ? ok('execute', { command }, text, 0) : fail('execute', { command }, text, code);
}

function read(path: string, body: string, offset = 0): CoveCall {
  return ok('read_file', { file_path: `${ROOT}/${path}`, offset, limit: 200 }, numberLines(body, offset + 1));
}

function write(path: string, content: string): CoveCall {
  return ok('write_file', { file_path: `${ROOT}/${path}`, content }, `Updated file ${ROOT}/${path}`);
}

function todos(items: [string, string][]): CoveCall {
  const list = items.map(([content, status]) => ({ content, status }));
  return ok('write_todos', { todos: list }, `Updated todo list to ${pyJson(list).replace(/"/g, "'")}`);
}

/** A batch run's log: the commands echoed with `. `, then `end of do-file`. */
function log(rng: Rng, file: string, body: string): string {
  return `  ___  ____  ____  ____  ____ ®\n /__    /   ____/   /   ____/      StataNow 18.5\n___/   /   /___/   /   /___/       MP—Parallel Edition\n\n. do ${file}\n\n${body}\n\n. \nend of do-file\n\n(log ${rng.int(10, 99)}.${rng.int(1, 9)} KB)`;
}

function regress(rng: Rng): string {
  const n = rng.int(3800, 5200);
  const rows = some(rng, ZONES, 4).map(
    (z) =>
      `${z.padStart(12)}  |  ${dur(rng, -0.4, 0.4, 7).padStart(9)}   ${dur(rng, 0.02, 0.09, 7)}    ${dur(rng, -4, 4, 2).padStart(5)}   0.${rng.int(0, 999).toString().padStart(3, '0')}    ${dur(rng, -0.5, 0, 7)}    ${dur(rng, 0, 0.5, 7)}`,
  );
  return `. regress lnconsexp i.zone hhsize i.head_female, vce(cluster ea)\n\nLinear regression                               Number of obs     =      ${n}\n                                                F(9, ${rng.int(300, 420)})        =      ${dur(rng, 20, 90)}\n                                                Prob > F          =     0.0000\n                                                R-squared         =     ${dur(rng, 0.1, 0.4, 4)}\n                                                Root MSE          =     ${dur(rng, 0.5, 0.9, 4)}\n\n                                  (Std. err. adjusted for ${rng.int(300, 420)} clusters in ea)\n------------------------------------------------------------------------------\n             |               Robust\n   lnconsexp | Coefficient  std. err.      t    P>|t|     [95% conf. interval]\n-------------+----------------------------------------------------------------\n        zone |\n${rows.join('\n')}\n             |\n      hhsize |  ${dur(rng, -0.12, -0.05, 7)}   ${dur(rng, 0.003, 0.009, 7)}   -${dur(rng, 9, 20, 2)}   0.000    ${dur(rng, -0.13, -0.1, 7)}   ${dur(rng, -0.06, -0.04, 7)}\n       _cons |   ${dur(rng, 8, 9.5, 6)}   ${dur(rng, 0.03, 0.08, 7)}   ${dur(rng, 100, 300, 2)}   0.000     ${dur(rng, 7.9, 8.4, 6)}    ${dur(rng, 8.5, 9.6, 6)}\n------------------------------------------------------------------------------`;
}

function deepNoise(rng: Rng): CoveStep {
  const r = rng.int(0, 6);
  if (r === 0)
    return one(
      undefined,
      exec('stata-mp -b do do/04_models.do && cat 04_models.log', log(rng, 'do/04_models.do', regress(rng))),
    );
  if (r === 1)
    return many('Reading the cleaning and the consumption do-files side by side.', [
      read(DOS[1] as string, pieces(rng, DO, rng.int(12, 26))),
      read(DOS[2] as string, pieces(rng, DO, rng.int(12, 26))),
    ]);
  if (r === 2) return one(undefined, ok('ls', { path: `${ROOT}/do` }, pyJson(DOS.map((d) => `${ROOT}/${d}`))));
  if (r === 3) {
    const m = rng.int(3800, 5200);
    const nm = rng.int(0, 40);
    return one(
      undefined,
      exec(
        'stata-mp -b do do/01_import.do && tail -n 14 01_import.log',
        `. merge 1:1 hhid using "data/raw/hh_roster.dta", keep(match master) nogenerate\n\n    Result                      Number of obs\n    -----------------------------------------\n    Not matched                         ${String(nm).padStart(5)}\n        from master                     ${String(nm).padStart(5)}  \n        from using                          0  \n\n    Matched                            ${String(m).padStart(6)}  \n    -----------------------------------------\n\n. \nend of do-file`,
      ),
    );
  }
  if (r === 4)
    return one(
      'Handing the tabulations to a sub-agent while I look at the model.',
      ok(
        'task',
        {
          description: 'Tabulate household size by zone from data/derived/hh_clean.dta and report anything odd',
          subagent_type: 'general-purpose',
        },
        `I ran \`tabulate zone, summarize(hhsize)\` on data/derived/hh_clean.dta.\n\n${lines(5, (i) => `- ${ZONES[i]}: mean ${dur(rng, 4, 7, 2)}, sd ${dur(rng, 1.5, 3, 2)}, n=${rng.int(400, 900)}`)}\n\nNothing odd except ${rng.int(2, 9)} households of size 1 in Borana with food expenditure above the 99th percentile.`,
      ),
    );
  if (r === 5)
    return one(
      'Running the consumption do-file again after the edit.',
      exec(
        'stata-mp -b do do/03_consumption.do; tail -n 6 03_consumption.log',
        `. replace consexp = consexp / hhsize if hhsize > 0 &\ninvalid syntax\nr(198);\n\nend of do-file\nr(198);`,
        198,
      ),
    );
  return many('Updating the plan and checking git at once.', [
    todos([
      ['Clean the household file', 'completed'],
      ['Build per-capita consumption', rng.pick(['in_progress', 'completed'])],
      ['Fit the zone model', 'pending'],
    ]),
    exec(
      'git status --short && git log --oneline -3',
      `${some(rng, DOS, rng.int(1, 3))
        .map((d) => ` M ${d}`)
        .join(
          '\n',
        )}\n${hex(rng, 7)} clean: drop duplicate hhid\n${hex(rng, 7)} models: cluster on ea\n${hex(rng, 7)} import: roster merge`,
    ),
  ]);
}

function deepBig(rng: Rng): CoveStep {
  const n = rng.int(520, 600);
  return one(
    'Listing the cleaned data to eyeball the consumption outliers.',
    exec(
      'stata-mp -b do do/list_outliers.do && cat list_outliers.log',
      log(
        rng,
        'do/list_outliers.do',
        `. list hhid zone hhsize food_exp nonfood_exp consexp, noobs clean\n\n${lines(n, () => `    ${rng.int(10000000, 99999999)}   ${rng.pick(ZONES).padEnd(13)}   ${rng.int(1, 14)}   ${rng.int(800, 60000)}   ${rng.int(100, 30000)}   ${dur(rng, 200, 20000, 1)}`)}`,
      ),
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `do-file haaraa ${t} kan baasii nyaataa maatii tokkoo godinaan herregu barreessi`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Akkam! Pirojektiin kun ${ROOT} keessa jira — xiinxala qorannoo maatii Oromiyaa Stata 18 tiin. Ani akka ati ${needle} barbaada. Maaloo tarkaanfii tokkoon tokkoon ibsi.`,
            },
            {
              step: many('Planning first, and listing the do-files at the same time.', [
                todos([
                  ['Read the existing do-files', 'in_progress'],
                  ['Write the new consumption do-file', 'pending'],
                  ['Run master.do end to end', 'pending'],
                ]),
                ok('ls', { path: `${ROOT}/do` }, pyJson(DOS.map((d) => `${ROOT}/${d}`))),
              ]),
            },
            { step: one(undefined, read('do/master.do', pieces(rng, DO, 16))) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: gabatee bu'aa regression Excel tti baasi`;
        return { how: 'user-followup', needle, beats: [{ user: `Hojii itti aanu: ${needle}.` }] };
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
            (x) => `${x}: faayila data/raw/ keessa jiru tokkollee hin jijjiirin`,
            (x) => `${x}: herregni hundi ulfaatina qorannoo (hhweight) fayyadamuu qaba`,
            (x) => `bu'aan ${x} maqaa namaa tokkollee of keessaa qabaachuu hin qabu`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Seera tokko: ${needle}.`, `Yaadadhu — ${needle}.`, `Barbaachisaa: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: standard errors are always clustered on ea, never plain robust`,
          `${T}: consumption is deflated to Addis Ababa prices with the 2024 spatial index before any comparison`,
          `${T}: every do-file starts with version 18 and ends by saving to data/derived/`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'There is an analysis plan in the repository; reading it first.',
                read(
                  'docs/ANALYSIS_PLAN.md',
                  `# Oromia HHS 2024 — analysis plan\n\n- Stata 18, do-files run from master.do\n- ${needle}\n- Tables go to output/`,
                ),
              ),
            },
            {
              step: one(
                `${T} noted; running the models as they are.`,
                exec('stata-mp -b do do/04_models.do && cat 04_models.log', log(rng, 'do/04_models.do', regress(rng))),
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
            (x) => `${x} will use adult-equivalent scales, not plain household size, as the denominator`,
            (x) => `I'm trimming ${x} at the 1st and 99th percentile per zone instead of dropping outliers by hand`,
            (x) => `the better route is to run ${x} through svy: mean with the zone strata, not a weighted collapse`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [{ step: one(`${needle}.`, write('docs/decisions.md', `# Decisions\n\n- ${needle}\n`)) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} waggaa 2024 qofaaf ta'a, kan 2019 wajjin hin walbira qabamu`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Murteessineerra: ${needle}.`, `Akkasitti haa hojjennu: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `do/05_${t}.do`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('Writing the new do-file and running it in the same turn.', [
                write(
                  needle,
                  `version 18\nuse "data/derived/hh_clean.dta", clear\nsvyset ea [pweight=hhweight], strata(zone)\nsvy: mean consexp, over(zone)\n`,
                ),
                exec(
                  `stata-mp -b do ${needle} && tail -n 5 05_${t}.log`,
                  `. svy: mean consexp, over(zone)\n(running mean on estimation sample)\n\nNumber of strata = ${rng.int(18, 22)}     Number of obs = ${rng.int(3800, 5200)}\n. \nend of do-file`,
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
        const needle = `output/tables/${t}_by_zone.xlsx`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'Pointing the export at its own workbook.',
                ok(
                  'edit_file',
                  {
                    file_path: `${ROOT}/do/04_models.do`,
                    old_string: 'putexcel set "output/tables/models.xlsx", replace',
                    new_string: `putexcel set "${needle}", replace`,
                  },
                  `Successfully replaced 1 instance(s) of the string in '${ROOT}/do/04_models.do'`,
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
        const needle = `variable ${t}_exp not found`;
        return {
          how: 'tool-stata',
          needle,
          beats: [
            {
              step: one(
                undefined,
                exec(
                  'stata-mp -b do do/03_consumption.do; tail -n 8 03_consumption.log',
                  `. gen double consexp = food_exp + ${t}_exp\n${needle}\nr(111);\n\nend of do-file\nr(111);`,
                  111,
                ),
              ),
            },
            {
              step: one(
                `${t}_exp does not exist in the roster; the variable is nonfood_exp.`,
                read('do/03_consumption.do', pieces(rng, DO, 14), rng.int(0, 20)),
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
        const needle = `${t} contradictions in ${rng.int(3800, 5200)} observations`;
        return {
          how: 'tool-assert',
          needle,
          beats: [
            {
              step: one(
                undefined,
                exec(
                  'stata-mp -b do do/02_clean.do; tail -n 8 02_clean.log',
                  `. assert inrange(hhsize, 1, 25)\n${needle}\nassertion is false\nr(9);\n\nend of do-file\nr(9);`,
                  9,
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
        const needle = `file data/derived/${t}.dta not found`;
        return {
          how: 'tool-io',
          needle,
          beats: [
            {
              step: one(
                undefined,
                exec(
                  'stata-mp -b do do/master.do; tail -n 8 master.log',
                  `. do do/04_models.do\n\n. version 18\n\n. use "data/derived/${t}.dta", clear\n${needle}\nr(601);\n\nend of do-file\nr(601);`,
                  601,
                ),
              ),
            },
            { step: one(undefined, exec('ls data/derived', 'hh_clean.dta\nhh_roster_clean.dta\nprices_2024.dta')) },
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
        const needle = `Number of obs     =      ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                exec(
                  'stata-mp -b do do/04_models.do && head -n 12 04_models.log',
                  regress(rng).replace(/Number of obs {5}= {6}\d+/, needle),
                ),
              ),
            },
            {
              step: one(
                `The model uses ${t} households; writing that into the methods note.`,
                write('docs/methods_n.md', `${needle}\n`),
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
        const needle = `datasignature ${t}`;
        return {
          how: 'tool-hash',
          needle,
          beats: [
            {
              step: one(
                'Fixing the data signature so later runs can confirm the data did not change.',
                exec(
                  'stata-mp -b do do/signature.do && tail -n 3 signature.log',
                  `. datasignature\n  ${rng.int(3800, 5200)}:${rng.int(30, 60)}(${rng.int(10000, 99999)}):${rng.int(1000000, 9999999)}:${rng.int(1000000, 9999999)}\n. display "${needle}"\n${needle}`,
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
        const needle = `HHS-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Lakkoofsi galmee qorannoo kanaa ${needle} dha; isa notes dataset keessa galchi.` }],
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
            (x) => `What remains: run master.do from scratch so ${x} is rebuilt from the raw files`,
            (x) => `${x} still needs the 2024 price deflator`,
            (x) => `itti aansee: ${x} gabaasa keessatti galchi`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: many(`${needle}.`, [
                todos([
                  ['Write the new consumption do-file', 'completed'],
                  [needle, 'pending'],
                ]),
                exec(`git commit -qam "do: ${t}" && git log --oneline -1`, `${hex(rng, 7)} do: ${t}`),
              ]),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `dhuma irratti waa'ee ${t} gabaabinaan Afaan Oromootiin barreessi`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Galatoomi. Waan biraa tokko: ${needle}.` },
            {
              step: one(
                undefined,
                exec('stata-mp -b do do/04_models.do && cat 04_models.log', log(rng, 'do/04_models.do', regress(rng))),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The deepagents harness. */
export const COVE_DEEPAGENTS: CoveHarness = {
  style: 'deepagents',
  protocol: 'native',
  system: `You are a careful research assistant for the Oromia Regional Health Bureau's household survey, working in ${ROOT} (Stata 18 do-files run in batch with stata-mp -b do; logs land next to them).\n\n## \`write_todos\`\nYou have access to the \`write_todos\` tool to help you manage and plan complex objectives. Use it for multi-step work and mark each todo completed as soon as it is done.\n\n## Filesystem Tools \`ls\`, \`read_file\`, \`write_file\`, \`edit_file\`\nAll file paths must start with a /.\n\n## \`task\` (subagent spawner)\nLaunch a short-lived subagent for an isolated task; it returns one final report.\n\n## \`execute\`\nRun a shell command in the sandbox.\n\nCall several tools at once when they do not depend on each other. The user writes Afaan Oromoo; answer in Afaan Oromoo.`,
  tools: ['write_todos', 'ls', 'read_file', 'write_file', 'edit_file', 'task', 'execute'],
  callId: (rng) => `toolu_01${chars(rng, 22)}`,
  noise: deepNoise,
  big: deepBig,
  followUp: (rng) =>
    rng.pick([
      'Do-file-n hojjeteeraa?',
      "Bu'aan argameeraa?",
      "Maaloo irra deebi'ii hojjechiisi.",
      'Maal jijjiirte?',
      'Tole, maaltu hafe?',
      'Dogoggorri ammallee jiraa?',
    ]),
  keepGoing: (rng) =>
    rng.pick(['Itti fufi.', 'Itti fufi, hin dhaabin.', 'Hanga master.do guutummaatti hojjetutti itti fufi.']),
  answer: (rng) =>
    rng.pick([
      `Xumurameera: master.do dogoggora malee hojjete (do-file ${rng.int(4, 6)}).`,
      'Done: master.do runs end to end and the tables are in output/tables.',
      'Sirreesseera. Akeekkachiisni moofaan tokko 02_clean.do keessa jira, jijjiirama kanaan wal hin qabatu.',
      "Gabaabumatti: herregni sirrii dha, bu'aanis akkuma duraanii ti.",
    ]),
  probe: (rng) => rng.pick(['Itti fufi.', 'Bakka dhaabde irraa itti fufi.', 'Amma maal?']),
  planters: PLANTERS,
};
