/**
 * The computer harness of the verge family (verge.ts): an Anthropic computer-use-like agent with
 * three native tools — `computer` (screenshot, clicks, typing and keys on the Pharo window; the
 * harness returns the screenshot, logged as a placeholder, and the agent says what it sees),
 * `str_replace_based_edit_tool` (`view`, `create`, `str_replace`, `insert`, answered as the reference
 * implementation does: "Here's the result of running `cat -n` on …") and `bash`; several calls at
 * once when they do not depend on each other. An invoicing app in Pharo 12 kept as Tonel sources
 * (Metacello baseline, SUnit run from the command line, the debugger's stacks, Iceberg) for an
 * Icelandic-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  chars,
  dur,
  fail,
  lines,
  many,
  numberLines,
  ok,
  one,
  pieces,
  say,
  type Planter,
  type VergeCall,
  type VergeHarness,
  type VergeStep,
} from './verge-kit';

const ROOT = '/home/sigrun/verkefni/reikningar';
const CLASSES = ['RkInvoice', 'RkInvoiceLine', 'RkCustomer', 'RkVsk', 'RkLedger', 'RkInvoicePrinter'];
const PKG = 'src/Reikningar-Core';

function src(cls: string): string {
  return `${ROOT}/${cls.endsWith('Test') ? 'src/Reikningar-Tests' : PKG}/${cls}.class.st`;
}

/** Whole pieces of Tonel class files. */
const TONEL = [
  `"\nI am an invoice: a customer, lines and the VSK (virðisaukaskattur) they carry.\n"\nClass {\n\t#name : #RkInvoice,\n\t#superclass : #Object,\n\t#instVars : [\n\t\t'customer',\n\t\t'lines',\n\t\t'issuedOn'\n\t],\n\t#category : #'Reikningar-Core'\n}`,
  `{ #category : #accessing }\nRkInvoice >> total [\n\n\t^ lines inject: 0 into: [ :sum :each | sum + each total ]\n]`,
  `{ #category : #vsk }\nRkVsk class >> rateFor: aCategory [\n\n\t^ aCategory = #reduced\n\t\tifTrue: [ 11 / 100 ]\n\t\tifFalse: [ 24 / 100 ]\n]`,
  `{ #category : #printing }\nRkInvoicePrinter >> printTotalsOn: aStream [\n\n\taStream\n\t\tnextPutAll: 'Samtals: ';\n\t\tprint: (invoice total roundTo: 1);\n\t\tnextPutAll: ' kr.'; cr\n]`,
  `{ #category : #tests }\nRkInvoiceTest >> testTotalWithReducedRate [\n\n\t| invoice |\n\tinvoice := RkInvoice new.\n\tinvoice addLine: (RkInvoiceLine product: 'Bók' price: 4990 category: #reduced).\n\tself assert: invoice vsk equals: 549\n]`,
  `{ #category : #initialization }\nRkCustomer >> kennitala: aString [\n\n\t(aString size = 10 and: [ aString isAllDigits ])\n\t\tifFalse: [ ^ self error: 'Ógild kennitala' ].\n\tkennitala := aString\n]`,
  `{ #category : #baselines }\nBaselineOfReikningar >> baseline: spec [\n\n\t<baseline>\n\tspec for: #common do: [\n\t\tspec package: 'Reikningar-Core'.\n\t\tspec package: 'Reikningar-Tests' with: [ spec requires: #( 'Reikningar-Core' ) ] ]\n]`,
];

function tonel(rng: Rng, n: number): string {
  return pieces(rng, TONEL, n);
}

function shot(rng: Rng, action: Record<string, unknown>): VergeCall {
  return ok('computer', action, `[screenshot ${rng.pick(['1280x800', '1366x768'])} image/png, ${rng.int(90, 320)} KB]`);
}

function bash(command: string, output: string, error = false): VergeCall {
  return error ? fail('bash', { command }, output, 1) : ok('bash', { command }, output);
}

function view(rng: Rng, path: string, n: number, from = 1): VergeCall {
  const text = tonel(rng, n).split('\n').slice(0, n).join('\n');
  return ok(
    'str_replace_based_edit_tool',
    { command: 'view', path, ...(from > 1 ? { view_range: [from, from + n - 1] } : {}) },
    `Here's the result of running \`cat -n\` on ${path}:\n${numberLines(text, from)}\n`,
  );
}

function edit(path: string, oldStr: string, newStr: string, snippet: string): VergeCall {
  return ok(
    'str_replace_based_edit_tool',
    { command: 'str_replace', path, old_str: oldStr, new_str: newStr },
    `The file ${path} has been edited. Here's the result of running \`cat -n\` on a snippet of ${path}:\n${numberLines(snippet, 12)}\nReview the changes and make sure they are as expected. Edit the file again if necessary.`,
  );
}

function sunit(rng: Rng, failures: string[] = [], errors: string[] = []): string {
  const run = rng.int(60, 140);
  const bad = failures.length + errors.length;
  return `Running tests in 2 Packages\n${run} run, ${run - bad} passes, 0 skipped, 0 expected failures, ${failures.length} failures, ${errors.length} errors, 0 unexpected passes${failures.length ? `\nFailed Tests:\n${failures.map((f) => `\t${f}`).join('\n')}` : ''}${errors.length ? `\nErrors in Tests:\n${errors.map((f) => `\t${f}`).join('\n')}` : ''}`;
}

const TEST_CMD = './pharo Pharo.image test --junit-xml-output "Reikningar.*"';

function computerNoise(rng: Rng): VergeStep {
  const r = rng.int(0, 8);
  if (r === 0) return one(rng.pick(['Running the SUnit tests headless.', undefined]), bash(TEST_CMD, sunit(rng)));
  if (r === 1) {
    const [a, b] = rng.sample(CLASSES, 2) as [string, string];
    return many('Reading both class files at once.', [
      view(rng, src(a), rng.int(12, 40)),
      view(rng, src(b), rng.int(10, 30)),
    ]);
  }
  if (r === 2)
    return one(
      rng.pick(['Let me look at the image.', 'Tek skjámynd til að sjá stöðuna.', undefined]),
      shot(rng, { action: 'screenshot' }),
    );
  if (r === 3)
    return one(
      'The System Browser is open; selecting the class in the package pane.',
      shot(rng, { action: 'left_click', coordinate: [rng.int(40, 300), rng.int(80, 600)] }),
    );
  if (r === 4)
    return many(undefined, [
      bash(
        'git status --short',
        lines(rng.int(1, 3), () => ` M ${PKG}/${rng.pick(CLASSES)}.class.st`),
      ),
      bash(
        `grep -rn "${rng.pick(['rateFor:', 'roundTo:', 'kennitala', 'inject:'])}" src`,
        lines(
          rng.int(1, 5),
          () =>
            `${PKG}/${rng.pick(CLASSES)}.class.st:${rng.int(10, 120)}:\t${rng.pick(['^ lines inject: 0 into:', 'print: (invoice total roundTo: 1);', 'RkVsk rateFor: #reduced'])}`,
        ),
      ),
    ]);
  if (r === 5)
    return one(
      undefined,
      bash(
        `./pharo Pharo.image eval "${rng.pick(['RkVsk rateFor: #reduced', 'RkInvoice new total', "(RkCustomer new kennitala: '4101692529') printString"])}"`,
        rng.pick(['(11/100)', '0', "'a RkCustomer'"]),
      ),
    );
  if (r === 6) {
    const cls = rng.pick(CLASSES);
    return many(rng.pick(['Small cleanup, then the tests.', 'Smá lagfæring.']), [
      edit(
        src(cls),
        "\t\tnextPutAll: ' kr.'; cr",
        "\t\tnextPutAll: ' kr.';\n\t\tcr",
        "\t\tnextPutAll: ' kr.';\n\t\tcr\n]",
      ),
      bash(TEST_CMD, sunit(rng)),
    ]);
  }
  if (r === 7)
    return one(
      'Typing into the Playground to try the printer by hand.',
      shot(rng, {
        action: 'type',
        text: rng.pick(['RkInvoicePrinter new printString', 'RkLedger default invoices size']),
      }),
    );
  return one(
    undefined,
    bash(
      './pharo --version && ls *.image',
      `Pharo 10.${rng.int(0, 3)}.${rng.int(0, 9)} Commit: ${chars(rng, 40, '0123456789abcdef')}\nPharo.image`,
    ),
  );
}

function computerBig(rng: Rng): VergeStep {
  if (rng.chance(0.5))
    return one(
      'Listing every invoice line of 2024 from the ledger to check the VSK sums by hand.',
      bash(
        './pharo Pharo.image eval "RkLedger default linesOf: 2024"',
        lines(
          rng.int(440, 500),
          () =>
            `RkInvoiceLine(${rng.pick(['Bók', 'Kaffi', 'Ráðgjöf', 'Hýsing', 'Námskeið'])}, ${rng.int(500, 99000)} kr., ${rng.pick(['#standard', '#reduced'])}, ${rng.int(2024, 2024)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')})`,
        ),
      ),
    );
  return one(undefined, view(rng, src('RkInvoice'), rng.int(620, 700)));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `útreikning á virðisaukaskatti (VSK) eftir flokkum í klasanum Rk${cap(t)}`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Halló! Verkefnið er í ~/verkefni/reikningar — reikningakerfi í Pharo 12, kóðinn geymdur sem Tonel í src/, prófin eru SUnit. Myndin (Pharo.image) er opin á skjánum. Mig vantar ${needle}: 24% og 11%. Ekki breyta BaselineOfReikningar í bili.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `PDF-útgáfu reikninga með skipuninni ${t}Pdf`;
        return { how: 'user-followup', needle, beats: [{ user: `Næsta verkefni: ${needle}, með prófum.` }] };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `innlestur á viðskiptavinum úr CSV í Rk${cap(t)}Importer`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Eitt enn: mig vantar ${needle}, og kennitölur þurfa að vera gildar.` }],
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
            (x) => `aldrei Float fyrir upphæðir í Rk${cap(x)}, bara heiltölur eða ScaledDecimal`,
            (x) => `Rk${cap(x)} á líka að virka í Pharo 11`,
            (x) => `engar alheimsbreytur (Smalltalk at:put:) í Rk${cap(x)}`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Ein regla: ${needle}. Bókarinn treystir annars ekki tölunum.`,
                `Mikilvægt — ${needle}; við sömdum um það í kóðarýni.`,
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
        const needle = `- Rk${cap(t)} never touches the UI: no Morphs, no Spec presenters`;
        const path = `${ROOT}/src/Reikningar-Core/package.st`;
        return {
          how: 'tool-comment',
          needle,
          beats: [
            {
              step: one(
                'The package comment holds the house rules; reading it before adding a class.',
                ok(
                  'str_replace_based_edit_tool',
                  { command: 'view', path },
                  `Here's the result of running \`cat -n\` on ${path}:\n${numberLines(`"\nReikningar-Core: the model of invoices, customers and VSK.\n\nRules:\n- every public method has a test in Reikningar-Tests\n${needle}\n- amounts are Integers of krónur, never Floats\n- ${rng.pick(['class comments in English, UI strings in Icelandic', 'no extension methods on Kernel classes'])}\n"\nPackage { #name : #'Reikningar-Core' }`)}\n`,
                ),
              ),
            },
            {
              step: one(
                `So Rk${cap(t)} must stay free of Morphic; checking no UI class is referenced yet.`,
                bash(`grep -n "Morph\\|SpPresenter" src/Reikningar-Core/Rk${cap(t)}.class.st`, '', true),
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
            (x) => `I'll round VSK per line in Rk${cap(x)}, not on the invoice total`,
            (x) => `Ákvörðun: Rk${cap(x)} geymir flokkana í Dictionary með Symbol-lyklum`,
            (x) => `Going with a class-side registry in Rk${cap(x)} instead of a singleton`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: many(`${needle}: that is how the tax office's examples add up.`, [
                edit(
                  src('RkVsk'),
                  '\t^ aCategory = #reduced',
                  `\t^ Rk${cap(t)} rateFor: aCategory`,
                  `\t^ Rk${cap(t)} rateFor: aCategory\n]`,
                ),
                bash(TEST_CMD, sunit(rng)),
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
        const needle = `Rk${cap(t)} skilar upphæðum sem heiltölum í krónum`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            { user: rng.pick([`Samþykkt: ${needle}.`, `Allt í lagi, þá ${needle} — aurar eru ekki til lengur.`]) },
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
        const needle = `${PKG}/Rk${cap(t)}.class.st`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                rng.pick(['Creating the class as a Tonel file.', 'Bý til nýjan klasa.']),
                ok(
                  'str_replace_based_edit_tool',
                  {
                    command: 'create',
                    path: `${ROOT}/${needle}`,
                    file_text: `Class {\n\t#name : #Rk${cap(t)},\n\t#superclass : #Object,\n\t#category : #'Reikningar-Core'\n}\n\n${tonel(rng, 8)}`,
                  },
                  `File created successfully at: ${ROOT}/${needle}`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                bash(
                  './pharo Pharo.image metacello install tonel://./src BaselineOfReikningar',
                  `Fetched -> BaselineOfReikningar-CompatibleUserName.1 --- tonel://./src --- tonel://./src\nLoaded -> BaselineOfReikningar-CompatibleUserName.1 --- tonel://./src --- tonel://./src\nLoading baseline of BaselineOfReikningar...\nLoaded -> Reikningar-Core-CompatibleUserName.1 --- tonel://./src --- cache\nLoaded -> Reikningar-Tests-CompatibleUserName.1 --- tonel://./src --- cache\n...finished baseline`,
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
        const needle = `src/Reikningar-Tests/Rk${cap(t)}Test.class.st`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'str_replace_based_edit_tool',
                  {
                    command: 'create',
                    path: `${ROOT}/${needle}`,
                    file_text: `Class {\n\t#name : #Rk${cap(t)}Test,\n\t#superclass : #TestCase,\n\t#category : #'Reikningar-Tests'\n}\n\n${tonel(rng, 6)}`,
                  },
                  `File created successfully at: ${ROOT}/${needle}`,
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
        const needle = `MessageNotUnderstood: RkInvoice>>${t}Total`;
        return {
          how: 'tool-debugger',
          needle,
          beats: [
            {
              step: one(
                undefined,
                bash(
                  './pharo Pharo.image eval "(RkInvoicePrinter on: RkLedger default invoices first) printString"',
                  `${needle}\nRkInvoice(Object)>>doesNotUnderstand: #${t}Total\nRkInvoicePrinter>>printTotalsOn:\nRkInvoicePrinter>>printOn:\nRkInvoicePrinter(Object)>>printStringLimitedTo:\nRkInvoicePrinter(Object)>>printString\nUndefinedObject>>DoIt\nOpalCompiler>>evaluate\nEvaluateCommandLineHandler>>evaluate:\nEvaluateCommandLineHandler>>activate\nEvaluateCommandLineHandler class(CommandLineHandler class)>>activateWith:\nPharoCommandLineHandler>>activate`,
                  true,
                ),
              ),
            },
            {
              step: one(
                `The printer still sends #${t}Total, which I renamed. Searching the senders.`,
                bash(
                  `grep -rn "${t}Total" src`,
                  `${PKG}/RkInvoicePrinter.class.st:${rng.int(20, 60)}:\t\tprint: invoice ${t}Total;`,
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
        const needle = `RkVskTest>>#test${cap(t)}Rounding`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 25 : 2,
          (i) => `Loaded -> Reikningar-Core-CompatibleUserName.${i + 1} --- tonel://./src --- cache`,
          '',
          `${sunit(rng, [needle])}\n\nTestFailure: Got 2480 instead of 2479.\nRkVskTest(TestAsserter)>>assert:equals:\nRkVskTest>>test${cap(t)}Rounding\nRkVskTest(TestCase)>>performTest`,
        );
        return {
          how: 'tool-sunit',
          needle,
          beats: [
            { step: one(undefined, bash(TEST_CMD, out, true)) },
            {
              step: one(
                `test${cap(t)}Rounding is off by one króna: rounding per line versus per total. Opening the test.`,
                view(rng, src('RkVskTest'), 14, rng.int(20, 80)),
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
        const needle = `KeyNotFound: key #${t} not found in Dictionary`;
        return {
          how: 'tool-gui',
          needle,
          beats: [
            {
              step: one(
                'Running the failing test from the Test Runner in the image to get the debugger.',
                shot(rng, { action: 'left_click', coordinate: [rng.int(600, 900), rng.int(500, 700)] }),
              ),
            },
            {
              step: one(
                `The debugger window opened; its title reads "${needle}" and the top frame is RkVsk class>>rateFor:. Zooming in to read the stack.`,
                shot(rng, {
                  action: 'zoom',
                  region: [rng.int(100, 300), rng.int(100, 200), rng.int(700, 900), rng.int(400, 500)],
                }),
              ),
            },
            {
              step: one(
                `#${t} is not a category the rates dictionary knows; the CSV importer must map it first.`,
                bash(
                  `grep -rn "#${t}" src`,
                  `src/Reikningar-Tests/RkImporterTest.class.st:${rng.int(10, 50)}:\t\tcategory: #${t}`,
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
        const needle = `'${t} kr.'`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Asking the ledger for the VSK owed for last year.',
                bash(
                  './pharo Pharo.image eval "(RkLedger default vskFor: 2024) printString"',
                  `${needle}\n"${dur(rng, 0.1, 3, 3)} s"`,
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
        const needle = `RK-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Málið í GitHub er ${needle}, settu það í commit-skilaboðin.` }],
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
            (x) => `Next: commit Rk${cap(x)} from Iceberg with the issue number`,
            (x) => `Eftir: Rk${cap(x)} þarf að fara í commit í gegnum Iceberg`,
            (x) => `Still to do — Iceberg shows Rk${cap(x)} as uncommitted`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `All SUnit tests pass.\n${needle}\nThen the baseline load in a fresh image.`,
                bash(`git status --short | grep Rk${cap(t)}`, `?? ${PKG}/Rk${cap(t)}.class.st`),
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
        const needle = `áður en þú ýtir, hladdu Rk${cap(t)} inn í nýja Pharo 11 mynd og keyrðu prófin`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Frábært. Að lokum: ${needle}.` },
            {
              step: one(
                `Allt í lagi, Rk${cap(t)} í Pharo 11. First, which images are there.`,
                bash('ls ~/Pharo/images', 'Pharo 11.0 - 64bit (stable)\nPharo 12.0 - 64bit (stable)\nreikningar-dev'),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The computer harness. */
export const VERGE_COMPUTER: VergeHarness = {
  style: 'computer',
  protocol: 'native',
  system: `<SYSTEM_CAPABILITY>\n* You are utilising an Ubuntu virtual machine using x86_64 architecture with internet access.\n* You can use the bash tool to run commands; the Pharo 12 image is already open on the display (DISPLAY=:1), so use the computer tool to see and work in it.\n* When viewing a page or window it can be helpful to zoom out or take a screenshot after each action to see the result.\n* When using your computer function calls, they take a while to run and send back to you. Where possible/feasible, try to chain multiple of these calls all into one function calls request.\n* The current date is ${'Monday, March 17, 2025'}.\n</SYSTEM_CAPABILITY>\n\n<IMPORTANT>\n* Edit the Tonel files in ${ROOT}/src with str_replace_based_edit_tool and reload them with Metacello; do not edit methods only inside the image, or the change is lost on the next load.\n* The user writes in Icelandic.\n</IMPORTANT>`,
  tools: ['computer', 'str_replace_based_edit_tool', 'bash'],
  callId: (rng) => `toolu_01${chars(rng, 22)}`,
  noise: computerNoise,
  big: computerBig,
  followUp: (rng) =>
    rng.pick([
      'Standast prófin?',
      'Hvað segir Test Runner núna?',
      'Keyrðu prófin aftur, takk.',
      'Útskýrðu stuttlega hvað þú breyttir.',
      'Gott, hvað næst?',
      'Is the image saved?',
    ]),
  keepGoing: (rng) => rng.pick(['Haltu áfram.', 'Haltu bara áfram.', 'Haltu áfram þar til öll próf standast.']),
  answer: (rng) =>
    rng.pick([
      `Búið: öll ${rng.int(60, 140)} SUnit-prófin standast og Tonel-skrárnar eru uppfærðar.`,
      'The VSK change is in the Tonel sources and the tests pass headless and in the Test Runner.',
      'Lagað. Ein gömul viðvörun um óþarfa breytu er eftir í RkInvoicePrinter, ekki frá þessari breytingu.',
      'Lokið, engar nýjar villur.',
    ]),
  probe: (rng) => rng.pick(['Haltu áfram.', 'Haltu áfram þar sem þú hættir.', 'Og nú?']),
  planters: PLANTERS,
};
