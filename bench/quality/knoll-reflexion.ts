/**
 * The reflexion harness of the knoll family (knoll.ts): a Reflexion-like programming agent. Each
 * message holds one call as text: after a failure, a `[self-reflection]:` paragraph; then one fenced
 * block — ```agda opening with `-- file: <path>` (the module is written and type-checked, its `_ = refl`
 * unit tests with it) or ```sh (one command). The harness answers with one user message, "[execution
 * feedback]", with the command, its output and exit status, and for a checked module Reflexion's
 * `Tested passed:` / `Tests failed:` lists, asking for a self-reflection when something failed.
 * An Agda 2.7 library with agda-stdlib 2.1 that converts dates between the Myanmar calendar and Julian
 * day numbers, proved correct: `Checking M (path).` lines, type errors `path:l,c-c` + `x != y of type
 * ℕ` + `when checking that …`, scope errors, termination failures with their problematic calls,
 * unsolved metas, the GHC backend's compile and the program's output; for a Burmese-speaking user.
 * Reconstructed rather than copied: Reflexion's feedback wording (from memory of its programming runs;
 * the block conventions are this harness's own) and Agda's messages from memory of 2.6.4–2.7.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  cap,
  dur,
  fail,
  hex,
  lines,
  ok,
  one,
  pieces,
  say,
  some,
  type KnollCall,
  type KnollHarness,
  type KnollStep,
  type Planter,
} from './knoll-kit';

const ROOT = '/home/thiha/lok/myanmar-calendar';
const MODS = ['Calendar/Myanmar', 'Calendar/Julian', 'Calendar/Watat', 'Calendar/Moon', 'Calendar/Properties'];
const AG = [
  'module Calendar.Myanmar where\n\nopen import Data.Nat using (ℕ; zero; suc; _+_; _*_; _∸_)\nopen import Relation.Binary.PropositionalEquality using (_≡_; refl; cong)',
  'record MDate : Set where\n  constructor mdate\n  field\n    year  : ℕ\n    month : Fin 14\n    day   : Fin 31',
  'watat : ℕ → Bool\nwatat y = ((y * 12 + 5) % 19) <ᵇ 7',
  'toJDN : MDate → ℕ\ntoJDN (mdate y m d) = epoch + y * 354 + monthStart y m + toℕ d',
  'fromJDN∘toJDN : ∀ d → fromJDN (toJDN d) ≡ d\nfromJDN∘toJDN (mdate y m d) = {!!}',
  '_ : toJDN (mdate 1386 (# 0) (# 1)) ≡ 2460410\n_ = refl',
];
const TESTS = ['thingyan-1386', 'watat-1385', 'full-moon-tabaung', 'roundtrip-1000', 'epoch-0'];

function sh(command: string, output: string, code = 0): KnollCall {
  return code === 0 ? ok('sh', { command }, output, 0) : fail('sh', { command }, output, code);
}

function checking(mods: readonly string[]): string {
  return mods.map((m) => ` Checking ${m.replace(/\//g, '.')} (${ROOT}/src/${m}.agda).`).join('\n');
}

function agda(file: string, code: string, output: string, failed: string[] = [], passed?: string[]): KnollCall {
  const call = { file, code };
  const out = `$ agda src/${file}\n${output}`;
  const tests = passed ? `\n\nTested passed:\n${passed.join('\n')}\n\nTests failed:\n${failed.join('\n')}` : '';
  return failed.length ? fail('agda', call, out + tests, 42) : ok('agda', call, out + tests, 0);
}

function pass(rng: Rng): string[] {
  return some(rng, TESTS, rng.int(2, 4)).map((t) => `_ = refl  -- ${t}`);
}

function reflexionNoise(rng: Rng): KnollStep {
  const r = rng.int(0, 5);
  const m = rng.pick(MODS);
  if (r === 0) return one(undefined, sh('agda src/Everything.agda', checking(some(rng, MODS, rng.int(2, 5)))));
  if (r === 1)
    return one(
      'Reading the module again before changing it.',
      sh(`cat src/${m}.agda`, pieces(rng, AG, rng.int(14, 34))),
    );
  if (r === 2) return one(undefined, agda(`${m}.agda`, pieces(rng, AG, rng.int(10, 20)), checking([m]), [], pass(rng)));
  if (r === 3)
    return one(
      undefined,
      sh(
        'agda --compile src/Main.agda && ./_build/Main 2460410',
        `${checking(['Main'])}\nCompiling Calendar.Myanmar in ${ROOT}/_build/2.7.0/agda/src/Calendar/Myanmar.agdai to ${ROOT}/_build/MAlonzo/Code/Calendar/Myanmar.hs\nCalling: ghc -O -o ${ROOT}/_build/Main -Werror -i${ROOT}/_build -main-is MAlonzo.Code.Main\n[${rng.int(1, 40)} of 61] Compiling MAlonzo.Code.Main\nLinking ${ROOT}/_build/Main ...\nME 1386 Tagu ${rng.int(1, 15)} (waxing)`,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      sh(
        'cat myanmar-calendar.agda-lib && git log --oneline -3',
        `name: myanmar-calendar\ndepend: standard-library-2.1\ninclude: src\nflags: --safe --without-K\n${hex(rng, 7)} Watat: exceptions table to 1400 ME\n${hex(rng, 7)} Julian: fromJDN\n${hex(rng, 7)} Properties: roundtrip for common years`,
      ),
    );
  return one(
    undefined,
    sh(
      `grep -n "watat" src/Calendar/*.agda | head`,
      lines(rng.int(3, 7), () => `src/${rng.pick(MODS)}.agda:${rng.int(4, 120)}:watat y = ((y * 12 + 5) % 19) <ᵇ 7`),
    ),
  );
}

function reflexionBig(rng: Rng): KnollStep {
  return one(
    'The table of watat years the tests are checked against.',
    sh(
      'cat data/watat-table.csv',
      `me_year,watat,big_watat,tagu_1_jdn,thingyan_akyo,source\n${lines(rng.int(420, 480), (i) => `${1000 + i},${rng.int(0, 1)},${rng.int(0, 1)},${2305000 + i * 354 + rng.int(0, 30)},${dur(rng, 0, 1, 6)},${rng.pick(['Irwin 1909', 'Yan Naing Aye 2013', 'almanac'])}-${hex(rng, 10)}`)}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} ဆိုတဲ့ သင်္ကြန်ရက် တွက်တဲ့ function ကို သက်သေပြချက်နဲ့ ထည့်ပေးပါ`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `မင်္ဂလာပါ! project က ${ROOT} မှာ ရှိပါတယ် — မြန်မာပြက္ခဒိန်ကို Agda နဲ့ ရေးထားတာပါ။ ${needle}။ အဆင့်တိုင်းကို ရှင်းပြပေးပါ။`,
            },
            { step: one('First the library file and a full check.', sh('agda src/Everything.agda', checking(MODS))) },
            { step: one(undefined, sh('cat src/Calendar/Myanmar.agda', pieces(rng, AG, 24))) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: လပြည့်နေ့တွေအတွက် test တွေ ထပ်ထည့်ပါ`;
        return { how: 'user-followup', needle, beats: [{ user: `နောက်အလုပ်: ${needle}။` }] };
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
            (x) => `${x}: postulate လုံးဝ မသုံးရ`,
            (x) => `${x}: --safe flag ကို မဖြုတ်ရ`,
            (x) => `${x}: standard-library-2.1 ကိုပဲ သုံးပါ`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`စည်းကမ်းတစ်ခု: ${needle}။`, `မှတ်ထားပါ — ${needle}။`, `အရေးကြီးတယ်: ${needle}။`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: every exported function has a roundtrip lemma in Calendar.Properties`,
          `${T}: no {!!} holes are committed`,
          `${T}: unit tests are written as _ = refl next to the definition`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'Reading the contribution notes first.',
                sh(
                  'cat CONTRIBUTING.md',
                  `# Contributing\n\n- agda src/Everything.agda must check\n- ${needle}\n- Sources: Irwin (1909), Yan Naing Aye (2013)`,
                ),
              ),
            },
            {
              step: one(
                `${T} applies; checking everything before editing.`,
                sh('agda src/Everything.agda', checking(MODS)),
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
            (x) =>
              `[self-reflection]: ${x} fails because I recursed on the year; I will recurse on the month count instead`,
            (x) => `I will state ${x} over Julian day numbers, not over MDate, so the proofs stay arithmetic`,
            (x) => `Plan: ${x} takes the watat exceptions from a table up to 1400 ME instead of the 19-year cycle`,
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
                sh(
                  `printf '%s\\n' "- ${t}" >> docs/decisions.md && tail -n 3 docs/decisions.md`,
                  `- watat via table\n- roundtrip over JDN\n- ${t}`,
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
        const needle = `${t} အတွက် ဝါထပ်နှစ်တွေကို ဇယားကနေ ယူကြမယ်`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`ကျွန်တော်တို့ ဆုံးဖြတ်ပြီးပြီ: ${needle}။`, `ဒီလို လုပ်ကြရအောင်: ${needle}။`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = cap(mint('word'));
        const needle = `src/Calendar/${t}.agda`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'A module of its own for it, checked with its tests.',
                agda(
                  `Calendar/${t}.agda`,
                  `module Calendar.${t} where\n\nopen import Calendar.Myanmar\n\n_ : thingyan 1386 ≡ 2460412\n_ = refl`,
                  checking([`Calendar/${t}`]),
                  [],
                  pass(rng),
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
        const t = cap(mint('word'));
        const needle = `test/${t}Test.agda`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'The tests in a file of their own.',
                agda(
                  `../${needle}`,
                  `module ${t}Test where\n\n_ : watat 1385 ≡ true\n_ = refl`,
                  checking([`${t}Test`]),
                  [],
                  pass(rng),
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
        const l = rng.int(20, 90);
        const needle = `${t} != 2460410 of type ℕ`;
        return {
          how: 'tool-typecheck',
          needle,
          beats: [
            {
              step: one(
                undefined,
                agda(
                  'Calendar/Myanmar.agda',
                  pieces(rng, AG, 12),
                  `${checking(['Calendar/Myanmar'])}\n${ROOT}/src/Calendar/Myanmar.agda:${l},5-9\n${needle}\nwhen checking that the expression refl has type\ntoJDN (mdate 1386 (# 0) (# 1)) ≡ 2460410`,
                  [`_ = refl  -- thingyan-1386 # output: ${t}`],
                  pass(rng),
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
        const l = rng.int(20, 90);
        const needle = `Termination checking failed for the following functions:\n  ${t}Months`;
        return {
          how: 'tool-termination',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'agda src/Calendar/Moon.agda',
                  `${checking(['Calendar/Moon'])}\n${ROOT}/src/Calendar/Moon.agda:${l},1-${t.length + 7}\n${needle}\nProblematic calls:\n  ${t}Months (y ∸ 1) m\n    (at ${ROOT}/src/Calendar/Moon.agda:${l + 2},18-${t.length + 24})`,
                  42,
                ),
              ),
            },
            {
              step: one(
                `[self-reflection]: ${t}Months recurses on y ∸ 1, which Agda cannot see decrease. Reading it.`,
                sh('cat src/Calendar/Moon.agda', pieces(rng, AG, 16)),
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
        const l = rng.int(10, 80);
        const needle = `Not in scope:\n  ${t}Day at ${ROOT}/src/Calendar/Julian.agda:${l},12-${12 + t.length + 3}`;
        return {
          how: 'tool-scope',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'agda src/Calendar/Julian.agda',
                  `${checking(['Calendar/Julian'])}\n${needle}\nwhen scope checking ${t}Day`,
                  42,
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
        const needle = `JDN ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            { step: one(undefined, sh('./_build/Main --to-jdn 1386-12-29', `ME 1386 Tabaung 29 -> ${needle}`)) },
            {
              step: one(
                `The last day of 1386 is ${needle}; it becomes a test.`,
                sh(
                  `printf '_ : toJDN lastDay ≡ ${t}\\n_ = refl\\n' >> src/Calendar/Properties.agda && tail -n 2 src/Calendar/Properties.agda`,
                  `_ : toJDN lastDay ≡ ${t}\n_ = refl`,
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
            { step: one(undefined, sh('sha256sum _build/Main', `${needle}${hex(rng, 32)}  _build/Main`)) },
            {
              step: one(
                `The binary is ${needle}…; writing it into the release notes.`,
                sh(`echo "Main ${needle}" >> RELEASE.md && tail -n 1 RELEASE.md`, `Main ${needle}`),
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
        const needle = `MMC-${t}`;
        return { how: 'user-paste', needle, beats: [{ user: `issue နံပါတ်က ${needle} ပါ။ commit message ထဲ ထည့်ပေးပါ။` }] };
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
            (x) => `Next: prove ${x} for big watat years too`,
            (x) => `Still open: ${x} has a {!!} hole in the leap-month case`,
            (x) => `နောက်တစ်ဆင့်: ${x} ကို 1400 ME အထိ စစ်ဆေးရန်`,
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
                sh(`git commit -qam "Calendar: ${t}" && git log --oneline -1`, `${hex(rng, 7)} Calendar: ${t}`),
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
        const needle = `နောက်ဆုံးမှာ ${t} အကြောင်း အကျဉ်းချုပ်ကို မြန်မာလို ရေးပေးပါ`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `ကျေးဇူးပါ။ နောက်တစ်ခု: ${needle}။` },
            { step: one(undefined, sh('agda src/Everything.agda', checking(some(rng, MODS, 3)))) },
          ],
        };
      },
    },
  ],
};

function block(c: KnollCall): string {
  if (c.tool === 'sh') return `\`\`\`sh\n${String(c.args['command'])}\n\`\`\``;
  return `\`\`\`agda\n-- file: src/${String(c.args['file'])}\n${String(c.args['code'])}\n\`\`\``;
}

/** The reflexion harness. */
export const KNOLL_REFLEXION: KnollHarness = {
  style: 'reflexion',
  protocol: 'text',
  system: `You are an AI that only responds with Agda code or one shell command, not English, unless reflecting. You work on the Agda library in ${ROOT} (Agda 2.7.0, standard-library-2.1, --safe). Each message holds exactly one fenced block: \`\`\`agda whose first line is "-- file: <path>" (the module is written and type-checked, with its unit tests), or \`\`\`sh with one command. You will be given the execution feedback. If something failed, first write a few sentences explaining why your implementation is wrong, as "[self-reflection]: …", then the next block. The user writes Burmese; answer the user in Burmese, without a block.`,
  tools: ['agda', 'sh'],
  renderStep: (s) => `${s.say ? `${s.say}\n\n` : ''}${s.calls.map(block).join('\n\n')}`,
  renderResults: (s) =>
    `[execution feedback]\n${s.calls
      .map((c) =>
        c.tool === 'sh'
          ? `$ ${String(c.args['command'])}\n${c.output}\nexit status ${c.exitCode ?? 0}`
          : `${c.output}\nexit status ${c.exitCode ?? 0}`,
      )
      .join(
        '\n\n',
      )}${s.calls.some((c) => c.status === 'error') ? '\n\n[reflexion] Write your self-reflection on the feedback above, then your next block.' : ''}`,
  resultStart: /^\[execution feedback\]\n/,
  callMark: /^```(?:agda|sh)$/gm,
  resultMark: /^\[execution feedback\]$/gm,
  noise: reflexionNoise,
  big: reflexionBig,
  followUp: (rng) =>
    rng.pick([
      'စစ်ဆေးတာ အောင်မြင်ပြီလား?',
      'test တွေ အောင်ပြီလား?',
      'ကျေးဇူးပြုပြီး ထပ် run ပေးပါ။',
      'ဘာတွေ ပြောင်းလိုက်လဲ?',
      'ကောင်းပါပြီ၊ ဘာကျန်သေးလဲ?',
      'error တွေ ရှိသေးလား?',
    ]),
  keepGoing: (rng) => rng.pick(['ဆက်လုပ်ပါ။', 'ဆက်လုပ်ပါ၊ မရပ်ပါနဲ့။', 'test အားလုံး အောင်တဲ့အထိ ဆက်လုပ်ပါ။']),
  answer: (rng) =>
    rng.pick([
      `ပြီးပါပြီ: Everything.agda စစ်ဆေးမှု အောင်မြင်ပြီး test ${rng.int(3, 6)} ခုလုံး အောင်ပါတယ်။`,
      'Done: agda src/Everything.agda checks and every refl test passes.',
      'ပြင်ပြီးပါပြီ။ Calendar/Moon.agda မှာ ဒီပြောင်းလဲမှုနဲ့ မသက်ဆိုင်တဲ့ warning အဟောင်းတစ်ခု ရှိနေသေးတယ်။',
      'အကျဉ်းချုပ်ရရင်: function အလုပ်လုပ်ပြီး သက်သေပြချက်တွေ အရင်အတိုင်း စစ်ဆေးလို့ရပါတယ်။',
    ]),
  probe: (rng) => rng.pick(['ဆက်လုပ်ပါ။', 'ရပ်ခဲ့တဲ့နေရာကနေ ဆက်လုပ်ပါ။', 'အခု ဘာလုပ်မလဲ?']),
  planters: PLANTERS,
};
