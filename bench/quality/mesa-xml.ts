/**
 * The xml harness of the mesa family (mesa.ts): a LangChain-XML-agent-like model. Its calls are text:
 * free thinking, then one `<tool>name</tool><tool_input>…</tool_input>` a message (the tool input is one
 * string), answered by a user message `<observation>…</observation>`; it answers with
 * `<final_answer>…</final_answer>`. The system prompt is the XML agent's prompt with the tools listed.
 * Choir arrangements engraved with LilyPond 2.24: `GNU LilyPond 2.24.4`, `Processing`, `Parsing...`,
 * `Interpreting music...[8][16][24]`, page breaking and `Success: compilation successfully completed`,
 * `file.ly:l:c: error:` with the source line split at the column, bar-check warnings, Guile's
 * `Unbound variable`, convert-ly, the MIDI output; for a Haitian-Creole-speaking choir director.
 * Reconstructed rather than copied: how the observation comes back as its own message (LangChain keeps
 * it in a scratchpad inside one prompt), and LilyPond's messages from memory of 2.22–2.24.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  fail,
  hex,
  lines,
  ok,
  one,
  pieces,
  say,
  some,
  type MesaCall,
  type MesaHarness,
  type MesaStep,
  type Planter,
} from './mesa-kit';

const ROOT = '/home/woodly/kora/aranjman';
const SONGS = ['choucoune', 'haiti-cheri', 'panama-m-tonbe', 'lapli-tonbe', 'fey-o', 'wongolo'];

const LY = [
  `\\version "2.24.4"\n\\header {\n  title = "Choucoune"\n  composer = "Michel Mauléart Monton"\n  arranger = "arr. W. Jean-Baptiste"\n  tagline = ##f\n}`,
  `global = {\n  \\key f \\major\n  \\time 2/4\n  \\tempo "Modéré" 4 = 84\n}`,
  `sopranoMusic = \\relative c'' {\n  \\global\n  c8 c16 a f8 a | c4 d8 c | bes8 g16 e c8 e | g4. r8 |\n  a8 a16 f c8 f | a4 bes8 a | g8 e16 c bes8 d | f4. r8 |\n}`,
  `altoMusic = \\relative c' {\n  \\global\n  f8 f16 f c8 f | f4 f8 f | e8 e16 c c8 c | e4. r8 |\n}`,
  `sopranoWords = \\lyricmode {\n  Der -- riè' yon gros touf' pingouin,\n  L'aut' jou' moin con -- tré Chou -- coune;\n}`,
  `\\score {\n  \\new ChoirStaff <<\n    \\new Staff \\with { instrumentName = "S" } \\new Voice = "sop" \\sopranoMusic\n    \\new Lyrics \\lyricsto "sop" \\sopranoWords\n    \\new Staff \\with { instrumentName = "A" } \\altoMusic\n  >>\n  \\layout { }\n  \\midi { }\n}`,
  `\\paper {\n  #(set-paper-size "a4")\n  top-margin = 12\\mm\n  ragged-last-bottom = ##f\n}\n#(set-global-staff-size 18)`,
];

function sh(input: string, output: string, code = 0): MesaCall {
  return code === 0 ? ok('terminal', { input }, output, 0) : fail('terminal', { input }, output, code);
}

function read(rng: Rng, file: string): MesaCall {
  return ok('read_file', { input: `${ROOT}/${file}` }, pieces(rng, LY, rng.int(16, 40)));
}

function bars(rng: Rng): string {
  const n = rng.int(5, 14);
  return Array.from({ length: n }, (_, i) => `[${(i + 1) * 8}]`).join('');
}

function compile(rng: Rng, song: string, middle = ''): string {
  const pages = rng.int(2, 6);
  return `GNU LilyPond 2.24.4 (running Guile 2.2)\nProcessing \`${song}.ly'\nParsing...\nInterpreting music...${bars(rng)}\n${middle}Preprocessing graphical objects...\nInterpreting music...\nMIDI output to \`${song}.midi'...\nFinding the ideal number of pages...\nFitting music on ${pages} or ${pages + 1} pages...\nDrawing systems...\nConverting to \`${song}.pdf'...\nSuccess: compilation successfully completed`;
}

function xmlNoise(rng: Rng): MesaStep {
  const song = rng.pick(SONGS);
  const r = rng.int(0, 7);
  if (r === 0) return one(undefined, sh(`lilypond ${song}.ly`, compile(rng, song)));
  if (r === 1) return one('I should look at the score source.', read(rng, `${song}.ly`));
  if (r === 2)
    return one(
      undefined,
      ok(
        'list_directory',
        { input: ROOT },
        [...SONGS.map((s) => `${s}.ly`), 'include/', 'vye/', 'pdf/', 'README.md'].join('\n'),
      ),
    );
  if (r === 3)
    return one(
      undefined,
      sh(
        `lilypond ${song}.ly`,
        compile(
          rng,
          song,
          `${song}.ly:${rng.int(20, 90)}:${rng.int(10, 40)}: warning: barcheck failed at: ${rng.pick(['1/8', '1/4', '3/16'])}\n  a8 a16 f c8 f \n                | a4 bes8 a |\n`,
        ),
      ),
    );
  if (r === 4)
    return one(
      undefined,
      sh(
        `convert-ly -e ${song}.ly`,
        `convert-ly (GNU LilyPond) 2.24.4\n\nApplying conversion: ${some(rng, ['2.19.22', '2.19.80', '2.20.0', '2.21.0', '2.23.1', '2.23.14', '2.24.0'], 3).join(', ')}`,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      sh(
        `pdfinfo pdf/${song}.pdf | grep -E 'Pages|Page size'`,
        `Pages:           ${rng.int(2, 6)}\nPage size:       595.276 x 841.89 pts (A4)`,
      ),
    );
  if (r === 6)
    return one(
      undefined,
      sh(
        `grep -n "\\\\key" *.ly`,
        lines(
          rng.int(3, 6),
          (i) => `${SONGS[i % SONGS.length]}.ly:${rng.int(8, 20)}:  \\key ${rng.pick(['f', 'g', 'bes'])} \\major`,
        ),
      ),
    );
  return one(
    undefined,
    sh(
      'git status --short && git log --oneline -2',
      `${some(rng, SONGS, rng.int(1, 3))
        .map((s) => ` M ${s}.ly`)
        .join('\n')}\n${hex(rng, 7)} wongolo: alto divisi\n${hex(rng, 7)} include: shared paper block`,
    ),
  );
}

function xmlBig(rng: Rng): MesaStep {
  const song = rng.pick(SONGS);
  const notes = ['c', 'd', 'e', 'f', 'g', 'a', 'bes'];
  const durs = ['8', '16', '4', '8.', '4.'];
  const voice = (name: string) =>
    `${name}Music = \\relative c' {\n  \\global\n${lines(rng.int(70, 90), (i) => `  ${Array.from({ length: 6 }, () => `${rng.pick(notes)}${rng.pick(['', "'", ','])}${rng.pick(durs)}`).join(' ')} | % ${i + 1}`)}\n}`;
  return one(
    'The full score file, every voice.',
    ok(
      'read_file',
      { input: `${ROOT}/${song}.ly` },
      `${LY[0] as string}\n${LY[1] as string}\n${['soprano', 'alto', 'tenor', 'bass', 'pianoRight'].map(voice).join('\n\n')}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `ou fè aranjman ${t} pou koral la, ak pati pyano a`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Bonjou! Pwojè a nan ${ROOT} — aranjman koral SATB ak LilyPond 2.24. Mwen vle ${needle}. Tanpri esplike chak etap.`,
            },
            {
              step: one(
                'First I list the project.',
                ok(
                  'list_directory',
                  { input: ROOT },
                  [...SONGS.map((s) => `${s}.ly`), 'include/', 'vye/', 'README.md'].join('\n'),
                ),
              ),
            },
            { step: one(undefined, read(rng, 'choucoune.ly')) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: ajoute yon vèsyon pou vwa gason sèlman`;
        return { how: 'user-followup', needle, beats: [{ user: `Pwochen travay la: ${needle}.` }] };
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
            (x) => `${x}: pa janm chanje fichye ki nan dosye vye/`,
            (x) => `tout pati ${x} yo dwe rete nan ton Fa majè`,
            (x) => `${x}: paj yo dwe gen gwosè A4 ak staff-size 18`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Yon règ: ${needle}.`, `Sonje — ${needle}.`, `Enpòtan: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `% RULE ${T}: tenor parts are written in the treble_8 clef, never in bass clef`,
          `% RULE ${T}: the soprano never goes above g'' (the choir has no high sopranos)`,
          `% RULE ${T}: lyrics follow the 1979 IPN Kreyòl spelling, no French accents`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'The shared include file may hold house rules.',
                ok(
                  'read_file',
                  { input: `${ROOT}/include/kora.ily` },
                  `\\version "2.24.4"\n${needle}\n#(set-global-staff-size 18)\n\\paper { #(set-paper-size "a4") }`,
                ),
              ),
            },
            {
              step: one(
                `Rule ${T} is in the include; compiling to see where the score stands.`,
                sh('lilypond choucoune.ly', compile(rng, 'choucoune')),
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
            (x) => `I will put the ${x} piano part in a PianoStaff below the choir, not as a reduction`,
            (x) => `For ${x} the refrain repeats with \\repeat volta 2 instead of being written out`,
            (x) => `${x} keeps the alto and tenor on separate staves; divisi on one staff is too crowded`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [{ step: one(`${needle}.`, sh(`echo '- ${needle.replace(/\\/g, '')}' >> NOTES.md`, '')) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} ap itilize lyrics nan Kreyòl sèlman, san tradiksyon`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            { user: rng.pick([`Nou deside: ${needle}.`, `Ann fè l konsa: ${needle}; koral la pa chante an franse.`]) },
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
        const needle = `include/${t}-piano.ily`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'The piano part goes into its own include file.',
                sh(
                  `cat > ${needle} <<'EOF'\n\\version "2.24.4"\npianoRight = \\relative c'' { \\global <f a c>4 <f a c> | }\npianoLeft = \\relative c { \\global \\clef bass f4 c | }\nEOF\nls include/`,
                  `kora.ily\n${needle.slice(8)}`,
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
        const needle = `${t}-TTBB.ly`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                "A men's-voices version as its own file, sharing the music definitions.",
                sh(
                  `cp choucoune.ly ${needle} && sed -i 's/ChoirStaff/ChoirStaff \\\\with { \\\\consists "Instrument_name_engraver" }/' ${needle} && ls *.ly`,
                  [...SONGS.map((s) => `${s}.ly`), needle].join('\n'),
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
        const needle = `error: unknown escape string: \\${t}Music`;
        const song = rng.pick(SONGS);
        const l = rng.int(40, 120);
        return {
          how: 'tool-lilypond',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  `lilypond ${song}.ly`,
                  `GNU LilyPond 2.24.4 (running Guile 2.2)\nProcessing \`${song}.ly'\nParsing...\n${song}.ly:${l}:52: ${needle}\n    \\new Staff \\with { instrumentName = "T" } \\new Voice = "ten" \n                                                   \\${t}Music\n${song}.ly:${l + 6}:1: error: syntax error, unexpected '>>'\n\n>>\nfatal error: failed files: "${song}.ly"`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `\\${t}Music is never defined; the tenor voice is probably named differently.`,
                read(rng, `${song}.ly`),
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
        const needle = `Unbound variable: ${t}-tempo`;
        const song = rng.pick(SONGS);
        return {
          how: 'tool-guile',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh(
                  `lilypond ${song}.ly`,
                  `GNU LilyPond 2.24.4 (running Guile 2.2)\nProcessing \`${song}.ly'\nParsing...\n${song}.ly:${rng.int(10, 30)}:12: error: GUILE signaled an error for the expression beginning here\n  \\tempo 4 = #\n             (${t}-tempo 'refrain)\n${needle}\nInterpreting music...${bars(rng)}\nfatal error: failed files: "${song}.ly"`,
                  1,
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
        const needle = `total ticks: ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                sh('python3 scripts/midi_len.py choucoune.midi', `tracks: 5\nppq: 384\ntempo changes: 2\n${needle}`),
              ),
            },
            {
              step: one(
                `The MIDI has ${needle}; at 84 bpm that gives the length the concert programme needs.`,
                sh(`echo 'choucoune ${needle}' >> programme.txt`, ''),
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
        const needle = `${t}${hex(rng, 4)}`;
        return {
          how: 'tool-hash',
          needle,
          beats: [
            { step: one(undefined, sh('git log --oneline -1 -- choucoune.ly', `${needle} choucoune: new tenor line`)) },
            {
              step: one(
                `The printed copies will be from commit ${needle}; writing it in the footer.`,
                sh(
                  `sed -i 's/^  tagline = .*/  tagline = "rev ${needle}"/' choucoune.ly && grep -n tagline choucoune.ly`,
                  `5:  tagline = "rev ${needle}"`,
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
        const needle = `KPH-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Nimewo kontra a se ${needle}; mete l sou premye paj la.` }],
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
            (x) => `Next I need to check the ${x} page turns in the piano part`,
            (x) => `Remaining: a rehearsal MIDI for each voice of ${x}`,
            (x) => `Apre sa: tcheke mo yo nan ${x} ak direktè a`,
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
        const needle = `finalman ekri yon ti rezime sou ${t} an Kreyòl`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Mèsi. Dènye bagay: ${needle}.` },
            { step: one(undefined, sh('lilypond choucoune.ly', compile(rng, 'choucoune'))) },
          ],
        };
      },
    },
  ],
};

const TOOLS = `terminal: Run shell commands on this Linux machine. Input is one command line.\nread_file: Read a file from disk. Input is the file path.\nlist_directory: List files and directories in a folder. Input is the folder path.`;

/** The xml harness. */
export const MESA_XML: MesaHarness = {
  style: 'xml',
  protocol: 'text',
  system: `You are a helpful assistant for a church choir's music library in ${ROOT} (LilyPond 2.24.4 scores). The choir director writes Haitian Creole; give your final answers in Haitian Creole. Help the user answer any questions.\n\nYou have access to the following tools:\n\n${TOOLS}\n\nIn order to use a tool, you can use <tool></tool> and <tool_input></tool_input> tags. You will then get back a response in the form <observation></observation>\nFor example, if you have a tool called 'search' that could run a google search, in order to search for the weather in SF you would respond:\n\n<tool>search</tool><tool_input>weather in SF</tool_input>\n<observation>64 degrees</observation>\n\nWhen you are done, respond with a final answer between <final_answer></final_answer>. For example:\n\n<final_answer>The weather in SF is 64 degrees</final_answer>\n\nBegin!`,
  tools: ['terminal', 'read_file', 'list_directory'],
  renderStep: (s) => {
    const c = s.calls[0] as MesaCall;
    return `${s.say ? `${s.say}\n` : ''}<tool>${c.tool}</tool><tool_input>${String(c.args['input'])}</tool_input>`;
  },
  renderResults: (s) => `<observation>${(s.calls[0] as MesaCall).output}</observation>`,
  renderAnswer: (text) => `<final_answer>${text}</final_answer>`,
  resultStart: /^<observation>/,
  callMark: /<tool>[a-z_]+<\/tool><tool_input>/g,
  resultMark: /^<observation>/gm,
  noise: xmlNoise,
  big: xmlBig,
  followUp: (rng) =>
    rng.pick([
      'Konpilasyon an fini?',
      'Èske gen avètisman toujou?',
      'Tanpri konpile ankò.',
      'Di m rapidman sa ou chanje.',
      'Oke, kisa ki rete?',
      'Konbyen paj partisyon an genyen kounye a?',
    ]),
  keepGoing: (rng) => rng.pick(['Kontinye.', 'Kontinye, pa kanpe.', 'Kontinye jiskaske tout pati yo konpile san erè.']),
  answer: (rng) =>
    rng.pick([
      `Fini: tout fichye yo konpile san erè, PDF ak MIDI pare (${rng.int(2, 6)} paj).`,
      'Done: every score compiles without warnings and the PDFs are in pdf/.',
      'Mwen korije l. Gen yon vye avètisman nan wongolo.ly ki pa gen rapò ak chanjman sa a.',
      'An rezime: aranjman an konpile, e pati yo menm jan ak anvan.',
    ]),
  probe: (rng) => rng.pick(['Kontinye.', 'Kontinye kote ou te rete a.', 'Kounye a kisa?']),
  planters: PLANTERS,
};
