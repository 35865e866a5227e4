/**
 * The magentic harness of the vast family (vast.ts): a Magentic-One-like team as one text protocol.
 * The Orchestrator thinks aloud (`Orchestrator (thought): …`, now and then its progress ledger as
 * JSON), then hands each piece of work to a specialist: `Orchestrator (-> Coder):` with the Coder's
 * ```sh block for the ComputerTerminal to run, or `Orchestrator (-> FileSurfer):` to open a file.
 * The harness answers in a user message, one `ComputerTerminal:` ("The script ran, then exited with
 * an error (POSIX exit code: 1)\nIts output was:") or `FileSurfer:` (Address / Viewport position)
 * section per hand-off. A Racket package (raco make, raco test, raco setup, raco pkg), for a
 * Bulgarian-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  fail,
  firstLine,
  hex,
  lines,
  many,
  ok,
  one,
  say,
  type Planter,
  type VastCall,
  type VastHarness,
  type VastStep,
} from './vast-kit';

const ROOT = '/home/stoyan/proekti/srichki';
const MODS = [
  'srichki/main.rkt',
  'srichki/private/rules.rkt',
  'srichki/private/trie.rkt',
  'srichki/private/exceptions.rkt',
  'tests/hyphen-test.rkt',
  'tests/trie-test.rkt',
];

function sh(code: string, output: string, exitCode = 0): VastCall {
  return exitCode === 0
    ? ok('ComputerTerminal', { lang: 'sh', code }, output, 0)
    : fail('ComputerTerminal', { lang: 'sh', code }, output, exitCode);
}

function open(path: string, text: string): VastCall {
  return ok('FileSurfer', { path: `${ROOT}/${path}` }, text);
}

function racket(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `(define (split-syllables${i} word #:min-left [min-left 2])`,
      `  (for/list ([part (in-list (syllabify word))])`,
      `    (string-normalize-nfc part)))`,
      `(provide (contract-out [hyphenate (-> string? (listof string?))]))`,
      `(require racket/string "private/rules.rkt")`,
      `;; ${rng.pick(['Ударението не влияе на пренасянето.', 'See БДС 17377 for the rules.', 'й никога не започва сричка.'])}`,
      '',
      `(define vowels (set #\\а #\\е #\\и #\\о #\\у #\\ъ #\\ю #\\я))`,
      `  (check-equal? (hyphenate "планина") '("пла" "ни" "на"))`,
      `(module+ test (require rackunit))`,
    ]),
  );
}

function raconTest(rng: Rng, failure = ''): string {
  const n = rng.int(30, 140);
  const files = rng.sample(['hyphen-test', 'trie-test', 'rules-test', 'exceptions-test'], rng.int(2, 4));
  const head = files.map((f) => `raco test: (submod (file "${ROOT}/tests/${f}.rkt") test)`).join('\n');
  return failure ? `${head}\n${failure}\n1/${n} test failures` : `${head}\n${n} tests passed`;
}

function setup(rng: Rng, extra = ''): string {
  return `raco setup: version: 8.14 [cs]\nraco setup: installation name: 8.14\nraco setup: variants: cs\nraco setup: main collects: /usr/share/racket/collects\nraco setup: collects paths: \nraco setup:   /home/stoyan/.local/share/racket/8.14/collects\nraco setup:   /usr/share/racket/collects\nraco setup: main pkgs: /usr/share/racket/pkgs\nraco setup: pkgs paths: \nraco setup:   /usr/share/racket/pkgs\nraco setup:   /home/stoyan/.local/share/racket/8.14/pkgs\nraco setup: --- updating info-domain tables ---                    [${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)}]\nraco setup: --- pre-installing collections ---                     [${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)}]\nraco setup: --- installing foreign libraries ---\nraco setup: --- making collections ---\nraco setup: --- creating launchers ---\nraco setup: --- installing man pages ---\nraco setup: --- building documentation ---\nraco setup: --- checking package dependencies ---${extra}\nraco setup: --- post-installing collections ---`;
}

function magNoise(rng: Rng): VastStep {
  const r = rng.int(0, 7);
  if (r === 0) return one(undefined, sh('raco test -y tests', raconTest(rng)));
  if (r === 1) {
    const [a, b] = rng.sample(MODS, 2) as [string, string];
    return many(rng.pick(['Трябва да видим двата модула, преди да променяме нещо.', undefined]), [
      open(a, `#lang racket/base\n\n${racket(rng, rng.int(10, 35))}`),
      open(b, `#lang racket/base\n\n${racket(rng, rng.int(8, 25))}`),
    ]);
  }
  if (r === 2)
    return one(
      undefined,
      sh(
        'raco make -v srichki/main.rkt',
        lines(rng.int(2, 6), () => ` [output to "srichki/compiled/${rng.pick(['main', 'rules', 'trie'])}_rkt.zo"]`),
      ),
    );
  if (r === 3)
    return one(
      undefined,
      sh(
        `grep -rn "${rng.pick(['syllabify', 'contract-out', 'min-left', 'vowels'])}" srichki tests`,
        lines(rng.int(3, 10), () => `${rng.pick(MODS)}:${rng.int(3, 240)}:${firstLine(racket(rng, 3))}`),
      ),
    );
  if (r === 4)
    return one('Проверявам зависимостите на пакета.', sh('raco setup --check-pkg-deps --pkgs srichki', setup(rng)));
  if (r === 5)
    return many(undefined, [
      sh(
        'git status --short',
        lines(rng.int(1, 3), () => ` M ${rng.pick(MODS)}`),
      ),
      sh(
        'git log --oneline -3',
        lines(
          3,
          () => `${hex(rng, 7)} ${rng.pick(['rules: й', 'trie: compact', 'tests: more words', 'docs: examples'])}`,
        ),
      ),
    ]);
  if (r === 6)
    return one(
      undefined,
      sh(
        'raco pkg install --auto --skip-installed threading-lib',
        `Resolving "threading-lib" via https://download.racket-lang.org/releases/8.14/catalog/\nResolving "threading-lib" via https://pkgs.racket-lang.org\nDownloading https://github.com/lexi-lambda/threading.git?path=threading-lib\nThe following uninstalled packages are listed as dependencies of threading-lib\nand will be installed:\n  threading-lib: already installed\n`,
      ),
    );
  return one(
    undefined,
    sh(
      'raco make -j 4 srichki/main.rkt tests/*.rkt && raco test -y tests',
      `tcp-connect: connection failed\n  hostname: pkgs.racket-lang.org\n  port number: 443\n  system error: Temporary failure in name resolution; errno=-3`,
      1,
    ),
  );
}

function magBig(rng: Rng): VastStep {
  if (rng.chance(0.5))
    return one(
      'Пускам целия корпус от думи, за да видим разликите.',
      sh(
        'racket tools/corpus.rkt data/words-bg.txt',
        `${lines(rng.int(420, 560), (i) => `${String(i + 1).padStart(5)}  ${rng.pick(['планина', 'дружество', 'сърдечност', 'възстановяване', 'предприятие', 'електроцентрала'])}  ${rng.pick(['пла-ни-на', 'дру-жест-во', 'сър-деч-ност', 'въз-ста-но-вя-ва-не', 'пред-при-я-ти-е'])}  ok`)}\ncpu time: ${rng.int(900, 4000)} real time: ${rng.int(900, 4100)} gc time: ${rng.int(10, 90)}`,
      ),
    );
  return one(undefined, open('srichki/private/rules.rkt', `#lang racket/base\n\n${racket(rng, rng.int(420, 520))}`));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `пренасяне на сложни думи чрез речника ${t}`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Здравей! Проектът е ~/proekti/srichki — Racket 8.14 библиотека за сричкопренасяне на български. Задачата: добави ${needle}, защото сега "електроцентрала" се разделя грешно. Документацията в scribblings не я пипай засега.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `команда raco ${t}, която чете думи от stdin`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Следващото: искам ${needle} и печата по една на ред.` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `таблицата с изключения ${t} да се зарежда от файл`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Още нещо: ${needle}, а не да е вградена в кода.` }],
        };
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
            (x) => `модулът ${x} остава на racket/base, без #lang racket`,
            (x) => `в ${x} не се допуска #lang racket — само racket/base`,
            (x) => `${x} да не зарежда #lang racket; времето за стартиране е важно`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: `Едно условие: ${needle}. Библиотеката се ползва от CLI и всяка милисекунда се брои.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `;;   - srichki/private/${t}.rkt: provide само през contract-out`;
        return {
          how: 'tool-info',
          needle,
          beats: [
            {
              step: one(
                'Преди промени — правилата на проекта са в info.rkt.',
                open(
                  'info.rkt',
                  `#lang info\n(define collection "srichki")\n(define deps '("base" "rackunit-lib"))\n(define build-deps '("scribble-lib" "racket-doc"))\n(define scribblings '(("scribblings/srichki.scrbl" ())))\n(define pkg-desc "Сричкопренасяне на български")\n(define version "0.${rng.int(3, 9)}")\n\n;; Правила за приноси:\n;;   - всеки публичен модул има module+ test\n${needle}\n;;   - никакви mutable хеш-таблици на ниво модул\n`,
                ),
              ),
            },
            {
              step: one(
                `Значи ${t}.rkt експортира само с contract-out; проверявам дали има гол provide.`,
                sh(
                  `grep -n "(provide" srichki/private/${t}.rkt`,
                  `3:(provide (contract-out [split (-> string? (listof string?))]))`,
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
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `Избираме trie вместо хеш-таблица за ${x}`,
            (x) => `We go with a trie rather than a hash table for ${x}`,
            (x) => `Решението е ${x} да ползва trie, не хеш-таблица`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}: префиксите на сложните думи се споделят и търсенето е по най-дълъг префикс.`,
                sh(
                  `cat > srichki/private/${t}.rkt <<'EOF'\n#lang racket/base\n(require "trie.rkt")\n(provide (contract-out [longest-prefix (-> trie? string? (or/c #f string?))]))\nEOF\nraco make srichki/private/${t}.rkt`,
                  '',
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
        const needle = `${t} връща вектор, а не списък`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            {
              user: rng.pick([
                `Съгласен съм с теб — нека ${needle}.`,
                `Добре, тогава ${needle}; по-бързо е за индексиране.`,
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
        const needle = `srichki/private/${t}.rkt`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'Създавам новия модул с тестов подмодул.',
                sh(
                  `cat > ${needle} <<'EOF'\n#lang racket/base\n${racket(rng, 5)}\n(module+ test (require rackunit))\nEOF`,
                  '',
                ),
              ),
            },
            {
              step: one(
                undefined,
                sh(
                  `raco make ${needle} && raco test ${needle}`,
                  `raco test: (submod (file "${ROOT}/${needle}") test)\n0 tests passed`,
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
        const needle = `tests/${t}-test.rkt`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  `sed -i 's/(test-case "todo"/(test-case "compound words"/' ${needle} && raco test ${needle}`,
                  `raco test: (submod (file "${ROOT}/${needle}") test)\n7 tests passed`,
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
        const line = rng.int(12, 200);
        const needle = `${t}: unbound identifier`;
        const out = `srichki/private/rules.rkt:${line}:${rng.int(2, 30)}: ${needle}\n  in: ${t}\n  compilation context...:\n   ${ROOT}/srichki/main.rkt\n  context...:\n   body of "${ROOT}/srichki/private/rules.rkt"`;
        return {
          how: 'tool-racomake',
          needle,
          beats: [
            { step: one(undefined, sh('raco make -v srichki/main.rkt', out, 1)) },
            {
              step: one(
                `${t} е дефиниран в trie.rkt, но не е изнесен; добавям го в provide.`,
                open('srichki/private/trie.rkt', `#lang racket/base\n\n${racket(rng, 12)}`),
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
        const needle = `${t} keeps дж together`;
        const failure = `--------------------\n${needle}\nFAILURE\nname:       check-equal?\nlocation:   tests/hyphen-test.rkt:${rng.int(20, 160)}:4\nactual:     '("над" "жив" "ея")\nexpected:   '("на" "джи" "вея")\n--------------------`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 50 : 2,
          (i) => `raco test: (submod (file "${ROOT}/tests/corpus-${i}.rkt") test)`,
          '',
          raconTest(rng, failure),
        );
        return {
          how: 'tool-rackunit',
          needle,
          beats: [
            { step: one(undefined, sh('raco test -y tests', out, 1)) },
            {
              step: one(
                `Тестът ${t} пада: "дж" се разделя. Гледам теста.`,
                open(
                  'tests/hyphen-test.rkt',
                  `#lang racket/base\n(require rackunit "../srichki/main.rkt")\n\n(test-case "${needle}"\n  (check-equal? (hyphenate "наджиквам") '("над" "жик" "вам")))`,
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
        const needle = `raco setup:   on package: "${t}-lib"`;
        const extra = `\nraco setup: found undeclared dependency:\nraco setup:   mode: run\nraco setup:   for package: "srichki"\n${needle}\nraco setup:   dependent source: ${ROOT}/srichki/private/rules.rkt\nraco setup:   used module: (lib "${t}/main.rkt")\nraco setup: --- summary of package problems ---`;
        return {
          how: 'tool-racosetup',
          needle,
          beats: [
            {
              step: one(
                'Проверка на зависимостите.',
                sh('raco setup --check-pkg-deps --unused-pkg-deps --pkgs srichki', setup(rng, extra), 1),
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
        const t = mint('hex');
        const needle = `${t}${hex(rng, 32)}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  'raco pkg show -l srichki',
                  `Installation-wide:\n [none]\nUser-specific for installation "8.14":\n Package  Checksum                                  Source\n srichki  ${needle}  (link "${ROOT}")`,
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
        const needle = `SR-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Задачата в YouTrack е ${needle} — сложи я в съобщението на commit-а.` }],
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
            (x) => `Остава: да опишем ${x} в scribblings/srichki.scrbl`,
            (x) => `Remaining: document ${x} in scribblings/srichki.scrbl`,
            (x) => `Предстои да опишем ${x} в scribblings/srichki.scrbl`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Тестовете минават.\n${needle}\nСлед това — raco setup за документацията.`,
                sh(`grep -n "${t}" scribblings/srichki.scrbl`, '', 1),
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
        const needle = `пусни нова версия в каталога с таг ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Чудесно. Накрая не забравяй: ${needle}.` },
            {
              step: one(`Добре, ${t}. Проверявам чисто ли е дървото.`, sh('git status --short', ' M srichki/main.rkt')),
            },
          ],
        };
      },
    },
  ],
};

function instruction(c: VastCall): string {
  const code = String(c.args['code'] ?? '');
  if (code.startsWith('cat >')) return 'Please write the module below to disk and compile it.';
  if (code.startsWith('raco test')) return 'Run the test suite and report the failures, if any.';
  if (code.startsWith('grep') || code.startsWith('git'))
    return 'Search the repository as below and report the matches.';
  return 'Please run the following shell script and report its output.';
}

function ledger(s: VastStep): string {
  const first = s.calls[0] as VastCall;
  const next = first.tool === 'FileSurfer' ? 'FileSurfer' : 'Coder';
  const entries: [string, unknown][] = [
    [
      'is_request_satisfied',
      { reason: 'The change is not finished and the tests have not been run on it.', answer: false },
    ],
    ['is_in_loop', { reason: 'Each step has made a different change.', answer: false }],
    ['is_progress_being_made', { reason: 'The last step gave new information.', answer: true }],
    ['next_speaker', { reason: `The ${next} can do the next step.`, answer: next }],
    [
      'instruction_or_question',
      {
        reason: 'See above.',
        answer: first.tool === 'FileSurfer' ? `Open ${String(first.args['path'])}` : instruction(first),
      },
    ],
  ];
  return `Orchestrator (thought): Updated Ledger:\n{\n${entries.map(([k, v]) => `  "${k}": ${JSON.stringify(v).replace(/,"/g, ', "').replace(/":/g, '": ')}`).join(',\n')}\n}`;
}

function handOff(c: VastCall): string {
  if (c.tool === 'FileSurfer')
    return `Orchestrator (-> FileSurfer):\nPlease open the file ${String(c.args['path'])} and show its contents.`;
  return `Orchestrator (-> Coder):\n${instruction(c)}\n\nCoder:\n\`\`\`sh\n${String(c.args['code'])}\n\`\`\``;
}

function result(c: VastCall): string {
  if (c.tool === 'FileSurfer')
    return `FileSurfer:\nAddress: file://${String(c.args['path'])}\nTitle: ${String(c.args['path']).split('/').pop() ?? ''}\nViewport position: Showing page 1 of 1.\n=======================\n${c.output}`;
  if (c.status === 'error')
    return `ComputerTerminal:\nThe script ran, then exited with an error (POSIX exit code: ${c.exitCode ?? 1})\nIts output was:\n${c.output}`;
  return c.output.trim() === ''
    ? 'ComputerTerminal:\nThe script ran but produced no output to console.'
    : `ComputerTerminal:\nThe script ran successfully (POSIX exit code: 0)\nIts output was:\n${c.output}`;
}

/** The magentic harness. */
export const VAST_MAGENTIC: VastHarness = {
  style: 'magentic',
  protocol: 'text',
  system:
    'You are the Orchestrator of a team of agents solving a task for the user. The team:\n\nCoder: A helpful and general-purpose AI assistant that has strong language, Python, Linux command line, and general programming skills.\nComputerTerminal: A computer terminal that performs no other action than running Python scripts (provided to it quoted in ```python code blocks), or sh shell scripts (provided to it quoted in ```sh code blocks).\nFileSurfer: An agent that can handle local files.\n\nAfter each step, update the ledger (is_request_satisfied, is_in_loop, is_progress_being_made, next_speaker, instruction_or_question) and address exactly one team member per hand-off, as `Orchestrator (-> Name):`.\n\nThe working directory is /home/stoyan/proekti/srichki, a Racket 8.14 [cs] package. The user writes in Bulgarian; answer in Bulgarian.',
  tools: ['ComputerTerminal', 'FileSurfer'],
  renderStep: (s, _ids, n) =>
    [
      ...(s.say ? [`Orchestrator (thought): ${s.say}`] : []),
      ...(n % 4 === 0 ? [ledger(s)] : []),
      ...s.calls.map(handOff),
    ].join('\n\n'),
  renderResults: (s) => s.calls.map(result).join('\n\n'),
  resultStart: /^(?:ComputerTerminal|FileSurfer):\n/,
  callMark: /^Orchestrator \(-> (?:Coder|FileSurfer)\):$/gm,
  resultMark: /^(?:ComputerTerminal|FileSurfer):$/gm,
  renderAnswer: (text) => `Orchestrator (final answer):\n${text}`,
  noise: magNoise,
  big: magBig,
  followUp: (rng) =>
    rng.pick([
      'Минават ли тестовете вече?',
      'Какво казва raco setup?',
      'Пусни raco test пак, моля.',
      'Обясни накратко какво промени.',
      'Добре, какво следва?',
    ]),
  keepGoing: (rng) => rng.pick(['Продължавай.', 'Давай нататък.', 'Продължи, докато raco test мине.']),
  answer: (rng) =>
    rng.pick([
      `Стъпката е готова: raco make компилира, ${rng.int(30, 140)} теста минават.`,
      'Поправено; остана само едно предупреждение от raco setup за документацията.',
      'Обобщение: променените модули се компилират и тестовете са зелени.',
      'Готово. Няма нови грешки.',
    ]),
  probe: (rng) => rng.pick(['Продължавай.', 'Продължи оттам, докъдето стигна.', 'А сега?']),
  planters: PLANTERS,
};
