/**
 * The ufo harness of the cove family (cove.ts): a UFO-like Windows UI-automation agent (its AppAgent).
 * Its calls are text: each reply is one JSON object — `Observation`, `Thought`, `ControlLabel`,
 * `ControlText`, `Function` (`click_input`, `set_edit_text`, `keyboard_input`, `texts`), `Args`,
 * `Status`, `Plan` and `Comment` — one action a message. The harness performs the action on the
 * labelled control and answers with one user message: `[Step n] Action executed: …`, an
 * `Execution result:` line, what FreeCAD's Report view or Python console printed, and the labelled
 * controls of the window for the next step.
 * FreeCAD 1.0 on Windows 11, building a parametric mounting bracket for solar panels driven by a
 * `Params` spreadsheet and macros (`.FCMacro`) run from the Python console: Python tracebacks from
 * macros (`Part.OCCError: BRep_API: command not done`, `NameError`), PartDesign's `Result has multiple
 * solids` recompute failures, `Recompute failed! Please check report view.`, mass properties, STEP
 * export and mesh checks; for a Turkmen-speaking engineer.
 * Reconstructed rather than copied: UFO's response fields and function names (from memory of UFO's
 * AppAgent prompt; the results message is this harness's own), the control labels (invented) and
 * FreeCAD's Report view messages from memory of 0.21–1.0.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  dur,
  fail,
  hex,
  lines,
  nth,
  ok,
  one,
  say,
  some,
  type CoveCall,
  type CoveHarness,
  type CoveStep,
  type Planter,
} from './cove-kit';

const ROOT = 'C:\\Users\\Merdan\\Documents\\FreeCAD\\gun-berkitme';
const MACRO = 'C:/Users/Merdan/AppData/Roaming/FreeCAD/Macro';
const CONTROLS = [
  'MenuItem "File"',
  'MenuItem "Edit"',
  'MenuItem "Macro"',
  'Button "Recompute"',
  'TreeItem "Body"',
  'TreeItem "Params"',
  'TreeItem "Pad"',
  'TreeItem "Pocket001"',
  'Edit "Python console"',
  'Edit "Report view"',
  'TabItem "Model"',
  'Button "Fit all"',
];

function controls(rng: Rng): string {
  // (labels are fixed: Recompute is 4, the Python console 9, the Report view 10; a few items are off screen)
  const shown = new Set(some(rng, CONTROLS, rng.int(8, 11)));
  return CONTROLS.flatMap((c, i) => (shown.has(c) || i === 3 || i === 8 || i === 9 ? [`[${i + 1}] ${c}`] : [])).join(
    '  ',
  );
}

/** Types a Python command into the console (label 9) and presses Enter; `out` is what the console printed. */
function py(rng: Rng, command: string, out: string, failed = false): CoveCall {
  const args = {
    label: '9',
    control: 'Python console',
    function: 'set_edit_text',
    args: { text: `${command}{ENTER}` },
  };
  const text = `Execution result: ${failed ? 'the command raised an exception' : 'success'}\nPython console:\n>>> ${command}\n${out}\nControls: ${controls(rng)}`;
  return failed ? fail('set_edit_text', args, text) : ok('set_edit_text', args, text);
}

function click(rng: Rng, label: string, control: string, report: string, failed = false): CoveCall {
  const args = { label, control, function: 'click_input', args: { button: 'left', double: false } };
  const text = `Execution result: ${failed ? 'clicked; the document reported an error' : 'success'}\nReport view:\n${report}\nControls: ${controls(rng)}`;
  return failed ? fail('click_input', args, text) : ok('click_input', args, text);
}

function macro(name: string): string {
  return `exec(open(r'${MACRO}/${name}.FCMacro').read())`;
}

function mass(rng: Rng): string {
  return `Volume: ${dur(rng, 20000, 90000)} mm^3\nArea: ${dur(rng, 9000, 40000)} mm^2\nMass (6061, 2.70 g/cm^3): ${dur(rng, 60, 240)} g\nCenter of mass: Vector (${dur(rng, 0, 80)}, ${dur(rng, 0, 40)}, ${dur(rng, 0, 20)})`;
}

function ufoNoise(rng: Rng): CoveStep {
  const r = rng.int(0, 6);
  if (r === 0)
    return one(
      'The model should be current before anything else.',
      click(
        rng,
        '4',
        'Recompute',
        `${rng.int(10, 59)}:${rng.int(10, 59)}.${rng.int(100, 999)}  Recompute of document 'berkitme' took ${dur(rng, 0.1, 2)} s`,
      ),
    );
  if (r === 1)
    return one(
      undefined,
      py(
        rng,
        macro('bracket'),
        `${rng.int(10, 59)}:${rng.int(10, 59)}.${rng.int(100, 999)}  bracket: thickness=${rng.int(3, 8)} mm, holes=${rng.int(2, 6)}, slot=${rng.int(8, 14)} mm\nRecompute done`,
      ),
    );
  if (r === 2)
    return one(
      'Mass properties of the body, to compare with the last version.',
      py(rng, "s = App.ActiveDocument.getObject('Body').Shape; print(s.Volume, s.Area)", mass(rng)),
    );
  if (r === 3)
    return one(
      undefined,
      py(
        rng,
        macro('bracket'),
        `Traceback (most recent call last):\n  File "${MACRO}/bracket.FCMacro", line ${rng.int(20, 80)}, in <module>\n    body.Shape = body.Shape.makeFillet(${rng.int(1, 4)}, edges)\nPart.OCCError: BRep_API: command not done`,
        true,
      ),
    );
  if (r === 4)
    return one(
      'Recomputing after the pocket change.',
      click(
        rng,
        '4',
        'Recompute',
        `Pocket001: Resulting shape is not a solid\nRecompute failed! Please check report view.`,
        true,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      ok(
        'texts',
        { label: '10', control: 'Report view', function: 'texts', args: {} },
        `Execution result: success\nReport view:\n${lines(rng.int(4, 8), () => `${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)}  ${rng.pick(['Recompute done', 'Params.B3 = 5 mm', 'Macro bracket finished', 'Loading GUI of Part workbench... done'])}`)}\nControls: ${controls(rng)}`,
      ),
    );
  return one(
    undefined,
    py(
      rng,
      "print(App.ActiveDocument.getObject('Params').get('B2'), App.ActiveDocument.getObject('Params').get('B3'))",
      `${rng.int(60, 140)} mm ${rng.int(3, 8)} mm`,
    ),
  );
}

function ufoBig(rng: Rng): CoveStep {
  const n = rng.int(480, 560);
  return one(
    'Listing every edge of the body to find the ones the fillet chokes on.',
    py(
      rng,
      "for i, e in enumerate(App.ActiveDocument.getObject('Body').Shape.Edges): print(i + 1, e.Curve.__class__.__name__, round(e.Length, 3), e.firstVertex().Point, e.lastVertex().Point)",
      lines(
        n,
        (i) =>
          `${i + 1} ${rng.pick(['Line', 'Line', 'Circle', 'BSplineCurve'])} ${dur(rng, 0.5, 140, 3)} Vector (${dur(rng, 0, 140, 1)}, ${dur(rng, 0, 60, 1)}, ${dur(rng, 0, 8, 1)}) Vector (${dur(rng, 0, 140, 1)}, ${dur(rng, 0, 60, 1)}, ${dur(rng, 0, 8, 1)})`,
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
        const needle = `${t} makrosyny ýazyň: ol berkitmäniň galyňlygyny Params tablisasyndan alsyn`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Salam! Taslama ${ROOT} bukjasynda — FreeCAD 1.0-da gün panelleri üçin berkitme. Haýyş: ${needle}. Her ädimi düşündiriň.`,
            },
            {
              step: one(
                'FreeCAD is open with the bracket; first a recompute to see the current state.',
                click(rng, '4', 'Recompute', `Recompute of document 'berkitme' took ${dur(rng, 0.1, 2)} s`),
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
        const needle = `${t}: STEP faýlyny hem eksport ediň`;
        return { how: 'user-followup', needle, beats: [{ user: `Indiki iş: ${needle}.` }] };
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
            (x) => `${x}: Params tablisasyndaky atlary üýtgetmäň`,
            (x) => `${x} üçin ähli ölçegler millimetrde bolmaly`,
            (x) => `${x}: deşikleriň arasy 40 mm-den az bolmasyn`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Bir düzgün: ${needle}.`, `Ýatdan çykarmaň — ${needle}.`, `Möhüm: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: every feature takes its sizes from the Params spreadsheet by alias, never typed numbers`,
          `${T}: fillets go last in the tree, after all pockets`,
          `${T}: exports are STEP AP214 only`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'The project keeps its rules in a README; reading it through the console.',
                py(
                  rng,
                  `print(open(r'${ROOT}\\README.txt').read())`,
                  `gun-berkitme\n============\nFreeCAD 1.0, PartDesign\n${needle}\nMacros live in the user macro folder`,
                ),
              ),
            },
            {
              step: one(`${T} applies; recomputing before the change.`, click(rng, '4', 'Recompute', 'Recompute done')),
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
            (x) => `I will drive ${x} from a spreadsheet alias instead of hard-coding the thickness in the macro`,
            (x) => `${x} is best done as a PartDesign pocket through all rather than a Part boolean cut`,
            (x) => `let ${x} put the slots in a single sketch with a construction centre line, not in three sketches`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `Having looked at the tree: ${needle}.`,
                py(rng, `App.ActiveDocument.getObject('Params').set('D1', '${t}')`, ''),
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
        const needle = `${t} üçin alýumin 6061 ulanarys, polat däl`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Biz karar berdik: ${needle}.`, `Şeýle edeliň: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${MACRO}/${t}.FCMacro`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'Writing the macro from the console so it can be rerun from the Macro menu.',
                py(rng, `open(r'${needle}', 'w').write(src)`, `${rng.int(600, 2400)}`),
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
        const needle = `${ROOT}\\export\\${t}.step`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'Exporting the body as STEP.',
                py(
                  rng,
                  `import Import; Import.export([App.ActiveDocument.getObject('Body')], r'${needle}')`,
                  `${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)}  Exporting STEP file ... done`,
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
        const needle = `NameError: name '${t}_width' is not defined`;
        return {
          how: 'tool-traceback',
          needle,
          beats: [
            {
              step: one(
                undefined,
                py(
                  rng,
                  macro('bracket'),
                  `Traceback (most recent call last):\n  File "${MACRO}/bracket.FCMacro", line ${rng.int(20, 80)}, in <module>\n    slot.Length = ${t}_width + 2 * clearance\n${needle}`,
                  true,
                ),
              ),
            },
            {
              step: one(
                `${t}_width was never defined in the macro; reading the alias from Params instead.`,
                py(rng, "print(App.ActiveDocument.getObject('Params').get('B4'))", `${rng.int(8, 14)} mm`),
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
        const needle = `Pad${t}: Result has multiple solids: that is not currently supported.`;
        return {
          how: 'tool-recompute',
          needle,
          beats: [
            {
              step: one(
                undefined,
                click(
                  rng,
                  '4',
                  'Recompute',
                  `${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)}  ${needle}\nRecompute failed! Please check report view.`,
                  true,
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
        const needle = `Failed to parse expression '=${t}.Thickness * 2'`;
        return {
          how: 'tool-expression',
          needle,
          beats: [
            {
              step: one(
                undefined,
                py(
                  rng,
                  `App.ActiveDocument.getObject('Pad').setExpression('Length', '=${t}.Thickness * 2')`,
                  `Traceback (most recent call last):\n  File "<input>", line 1, in <module>\nBase.ParserError: ${needle}: Unknown document object '${t}'`,
                  true,
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
        const needle = `Volume: ${t}.${rng.int(10, 99)} mm^3`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                py(rng, "s = App.ActiveDocument.getObject('Body').Shape; print('Volume:', s.Volume, 'mm^3')", needle),
              ),
            },
            {
              step: one(
                `${needle}; writing it into Params as the reference.`,
                py(rng, `App.ActiveDocument.getObject('Params').set('E1', '${t}')`, ''),
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
                'Hashing the exported STEP for the order sheet.',
                py(
                  rng,
                  `import hashlib; print(hashlib.sha256(open(r'${ROOT}\\export\\berkitme.step','rb').read()).hexdigest())`,
                  `${needle}${hex(rng, 32)}`,
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
        const needle = `TM-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Sargyt belgisi ${needle}; ony eksport faýlynyň adyna goşuň.` }],
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
            (x) => `next I'd check ${x} against the panel frame drawing before the STEP goes out`,
            (x) => `${x} still has no chamfer on the slot edges`,
            (x) => `indiki ädim: ${x} üçin mesh barlagyny geçirmek`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [{ step: one(`Saved the document; ${needle}.`, py(rng, 'App.ActiveDocument.save()', '')) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `ahyrynda ${t} barada türkmençe gysga jemleme ýazyň`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Sag boluň. Ýene bir zat: ${needle}.` },
            { step: one(undefined, click(rng, '4', 'Recompute', 'Recompute done')) },
          ],
        };
      },
    },
  ],
};

function action(s: CoveStep, n: number): string {
  const c = s.calls[0] as CoveCall;
  const say = s.say ?? 'The previous action completed.';
  return JSON.stringify(
    {
      Observation: nth(
        [
          'FreeCAD 1.0 is in the foreground with the berkitme document open.',
          'The last action went through; the Report view shows its output.',
          'The Python console has the prompt back and the model tree is unchanged.',
          'The window shows the Model tab with Body expanded.',
        ],
        n,
      ),
      Thought: say,
      ControlLabel: c.args['label'],
      ControlText: c.args['control'],
      Function: c.args['function'],
      Args: c.args['args'],
      Status: 'CONTINUE',
      Plan: ['Check the Report view for errors', 'Recompute and compare the volume'],
      Comment: '',
    },
    null,
    2,
  );
}

/** The ufo harness. */
export const COVE_UFO: CoveHarness = {
  style: 'ufo',
  protocol: 'text',
  system: `You are the AppAgent of UFO, a UI-focused agent for Windows. You operate FreeCAD 1.0 on Windows 11 to complete the user's request; the project is in ${ROOT} and macros in ${MACRO}. Each step you get the result of your last action and the labelled controls of the window. Respond with one JSON object with the fields "Observation", "Thought", "ControlLabel", "ControlText", "Function" (one of click_input, set_edit_text, keyboard_input, texts), "Args", "Status" ("CONTINUE", "FINISH" or "PENDING"), "Plan" and "Comment". Type Python into the control "Python console" to run commands and macros. When the request is done, answer the user in plain text. The user writes Turkmen; answer in Turkmen.`,
  tools: ['click_input', 'set_edit_text', 'keyboard_input', 'texts'],
  renderStep: (s, _ids, n) => action(s, n),
  renderResults: (s, _ids, n) => {
    const c = s.calls[0] as CoveCall;
    return `[Step ${n + 1}] Action executed: ${String(c.args['function'])} on [${String(c.args['label'])}] ${String(c.args['control'])}\n${c.output}`;
  },
  resultStart: /^\[Step \d+\] Action executed: /,
  callMark: /^ {2}"Function": /gm,
  resultMark: /^Execution result: /gm,
  noise: ufoNoise,
  big: ufoBig,
  followUp: (rng) =>
    rng.pick([
      'Makro işledimi?',
      'Model täzelendimi?',
      'Ýene bir gezek barlaň.',
      'Näme üýtgetdiňiz?',
      'Gowy, başga näme galdy?',
      'Entek ýalňyşlyk barmy?',
    ]),
  keepGoing: (rng) => rng.pick(['Dowam ediň.', 'Dowam ediň, durmaň.', 'Model ýalňyşsyz täzelenýänçä dowam ediň.']),
  answer: (rng) =>
    rng.pick([
      'Taýýar: model ýalňyşsyz täzelendi we makro işleýär.',
      'Done: the body recomputes cleanly and the macro runs from the Macro menu.',
      'Düzetdim. Report view-da köne bir duýduryş galdy, ol bu üýtgeşmä degişli däl.',
      `Gysgaça: berkitme ${rng.int(3, 8)} mm galyňlykda täzelendi we ýalňyş ýok.`,
    ]),
  probe: (rng) => rng.pick(['Dowam ediň.', 'Galan ýeriňizden dowam ediň.', 'Indi näme?']),
  planters: PLANTERS,
};
