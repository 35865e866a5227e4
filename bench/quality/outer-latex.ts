/**
 * The outer family's Open-Interpreter-style harness for an Italian-speaking student finishing a
 * LaTeX thesis: the assistant writes prose and one fenced code block (shell or python) per
 * message, the code's output comes back as a user message (`Code output: …` and the question of
 * what comes next). Failures are pdflatex/latexmk logs, biber warnings and Python tracebacks.
 */
import type { ChatMessage } from '../../src/context/types';
import {
  Clock,
  grepFrom,
  grow,
  hex,
  Mint,
  say,
  singles,
  stepBeat,
  type Act,
  type Beat,
  type OuterHarness,
  type Planter,
  type Session,
  type Step,
} from './outer-kit';
import type { Rng } from './rng';
import type { ScriptedOutput } from './types';

const CHAPTERS = [
  'introduzione',
  'stato-arte',
  'metodologia',
  'implementazione',
  'esperimenti',
  'risultati',
  'conclusioni',
];
const PACKAGES = [
  'inputenc',
  'fontenc',
  'babel',
  'csquotes',
  'biblatex',
  'graphicx',
  'booktabs',
  'amsmath',
  'amssymb',
  'siunitx',
  'hyperref',
  'cleveref',
  'microtype',
  'tikz',
  'pgfplots',
  'xcolor',
  'listings',
  'geometry',
  'fancyhdr',
  'caption',
  'subcaption',
  'multirow',
  'algorithm2e',
  'glossaries',
];
const FRASI = [
  'In questo capitolo si descrive il metodo proposto e le principali scelte progettuali.',
  'I risultati ottenuti mostrano un miglioramento consistente rispetto alla baseline.',
  'Come discusso in precedenza, la scelta dei parametri influenza in modo significativo le prestazioni.',
  'Si osserva inoltre che il tempo di addestramento cresce in modo quasi lineare con la dimensione del dataset.',
  'La Figura~\\ref{fig:pipeline} riassume le fasi della pipeline sperimentale.',
  'Per una trattazione completa si rimanda a~\\cite{vaswani2017attention}.',
  'Tale approccio presenta tuttavia alcuni limiti, che verranno discussi nel Capitolo~\\ref{cap:conclusioni}.',
  'I dati sono stati suddivisi in insiemi di addestramento, validazione e test secondo il rapporto 70/15/15.',
  'Nella Tabella~\\ref{tab:risultati} sono riportate le metriche medie su cinque esecuzioni.',
  "L'implementazione è stata realizzata in Python~3.11 utilizzando la libreria PyTorch.",
];
const PIANI = [
  'Ricapitolo il piano: prima controllo lo stato dei file, poi ricompilo.',
  'Piano: 1) guardo i file coinvolti, 2) correggo, 3) ricompilo con latexmk.',
  'Procedo a piccoli passi, come sempre: un comando alla volta.',
  "Controllo prima cosa c'è nella cartella, poi decido.",
  "Verifico il risultato dell'ultimo passo prima di andare avanti.",
  'Ricompilo per vedere se restano warning.',
];

/** The session's thesis. */
interface Thesis {
  dir: string;
  user: string;
  chapters: string[];
  clock: Clock;
}

function thesis(r: Rng): Thesis {
  const user = r.pick(['giulia', 'matteo', 'chiara', 'lorenzo', 'francesca', 'davide']);
  return {
    user,
    dir: `/home/${user}/${r.pick(['tesi', 'Tesi_magistrale', 'thesis-latex'])}`,
    chapters: CHAPTERS.map((c, i) => `capitoli/${String(i + 1).padStart(2, '0')}-${c}.tex`),
    clock: new Clock(r),
  };
}

function chapterText(r: Rng, title: string, min: number): string {
  const out = [`\\chapter{${title}}`, `\\label{cap:${title.toLowerCase().split(' ')[0]}}`, ''];
  let sec = 1;
  out.push(
    ...grow(min, (i) => {
      if (i % 7 === 0)
        return `\\section{${r.pick(['Motivazioni', 'Lavori correlati', 'Descrizione del metodo', 'Configurazione sperimentale', 'Analisi', 'Discussione'])} ${sec++}}\n`;
      return `${Array.from({ length: r.int(2, 5) }, () => r.pick(FRASI)).join(' ')}\n`;
    }),
  );
  return out.join('\n');
}

function pdflatexLog(r: Rng, min: number, t: Thesis): string[] {
  const head = [
    'This is pdfTeX, Version 3.141592653-2.6-1.40.25 (TeX Live 2023/Debian) (preloaded format=pdflatex)',
    ' restricted \\write18 enabled.',
    'entering extended mode',
    '(./main.tex',
    'LaTeX2e <2023-11-01> patch level 1',
    'L3 programming layer <2024-01-22>',
    '(/usr/share/texlive/texmf-dist/tex/latex/base/book.cls',
    'Document Class: book 2023/05/17 v1.4n Standard LaTeX document class',
  ];
  const body = grow(min, (i) => {
    if (i % 9 === 4)
      return `Overfull \\hbox (${r.int(1, 40)}.${r.int(10, 99)}pt too wide) in paragraph at lines ${r.int(10, 400)}--${r.int(401, 420)}`;
    if (i % 11 === 6)
      return `Underfull \\vbox (badness ${r.int(1000, 10000)}) has occurred while \\output is active [${r.int(1, 120)}]`;
    if (i % 5 === 2) return `[${r.int(1, 140)}] (./${r.pick(t.chapters)}`;
    return `(/usr/share/texlive/texmf-dist/tex/latex/${r.pick(PACKAGES)}/${r.pick(PACKAGES)}.sty)`;
  });
  return [...head, ...body];
}

function latexmkOk(r: Rng, t: Thesis, big: boolean): string {
  const pages = r.int(90, 140);
  return [
    'Rc files read:',
    '  /etc/LatexMk',
    '  latexmkrc',
    'Latexmk: This is Latexmk, John Collins, 7 Dec. 2023. Version 4.83.',
    "Latexmk: applying rule 'pdflatex'...",
    "Rule 'pdflatex':  Reasons for rerun",
    'Changed files or newly in use/created:',
    `  ${r.pick(t.chapters)}`,
    '',
    '------------',
    "Run number 1 of rule 'pdflatex'",
    '------------',
    ...pdflatexLog(r, big ? r.int(21000, 40000) : r.int(800, 3000), t),
    `Output written on main.pdf (${pages} pages, ${r.int(900000, 4000000)} bytes).`,
    'Transcript written on main.log.',
    "Latexmk: Getting log file 'main.log'",
    "Latexmk: Examining 'main.fls'",
    "Latexmk: Examining 'main.log'",
    'Latexmk: All targets (main.pdf) are up-to-date',
  ].join('\n');
}

/** The Open-Interpreter-style harness. */
export const INTERPRETER: OuterHarness = {
  style: 'interpreter',
  protocol: 'text',
  tools: [],
  isResult: (m: ChatMessage) =>
    m.role === 'user' && /^(Code output: |The code above was executed on my machine\.)/.test(m.content ?? ''),
  open(r: Rng, _outputs: Map<string, ScriptedOutput>): Session {
    const t = thesis(r.fork());
    const mint = new Mint(r.fork());
    const gen = r.fork();
    const block = (a: Act): string => {
      switch (a.kind) {
        case 'shell':
          return '```shell\n' + a.target + '\n```';
        case 'read':
          return '```shell\ncat ' + a.target + '\n```';
        case 'write':
          return '```shell\ncat > ' + a.target + " <<'EOF'\n" + (a.text ?? '') + '\nEOF\n```';
        case 'edit':
          return [
            '```python',
            'from pathlib import Path',
            `p = Path('${a.target}')`,
            's = p.read_text()',
            `s = s.replace(r'''${a.old ?? ''}''', r'''${a.text ?? ''}''')`,
            'p.write_text(s)',
            "print('modificato', p)",
            '```',
          ].join('\n');
        case 'search':
          return '```shell\ngrep -rn ' + `'${a.target}' ${a.where ?? 'capitoli/'}` + '\n```';
        case 'list':
          return '```shell\nls -la ' + a.target + '\n```';
        case 'extra':
          return '```' + (a.tool ?? 'python') + '\n' + String(a.args?.['code'] ?? '') + '\n```';
      }
    };
    const result = (out: string): string =>
      out.trim()
        ? `Code output: ${out}\n\nWhat does this output mean / what's next (if anything, or are we done)?`
        : "The code above was executed on my machine. It produced no text output. what's next (if anything, or are we done?)";
    const render = (b: Beat): ChatMessage[] => {
      if (b.t === 'user') return [{ role: 'user', content: b.text }];
      if (b.t === 'answer') return [{ role: 'assistant', content: b.text }];
      return singles(b.step).flatMap((s) => {
        const a = s.acts[0] as Act;
        return [
          { role: 'assistant' as const, content: `${s.say ?? gen.pick(PIANI)}\n\n${block(a)}` },
          { role: 'user' as const, content: result(a.output) },
        ];
      });
    };
    return {
      system: system(t),
      render,
      size: (b) => (b.t === 'step' ? 2 * b.step.acts.length : 1),
      noise: () => noiseStep(gen, t),
      ask: () => ask(gen, t),
      answer: () =>
        say(
          gen,
          'Fatto! La tesi compila senza errori; restano solo alcuni warning di overfull hbox, innocui.',
          'Ecco fatto. Ho controllato il log: nessun riferimento non definito.',
          'Ho completato la modifica e ricompilato: il PDF è aggiornato.',
          'Tutto a posto: ti ho riassunto sopra quello che ho trovato.',
        ),
      resume: () => say(gen, 'Vai avanti pure, non fermarti.', 'Continua da dove eri rimasto.', 'ok, prosegui tu.'),
      probe: () => say(gen, 'Continua pure.', 'Ok, vai avanti.', 'Perfetto, prosegui.'),
      planters: [...latexPlanters(gen, t, mint), ...latexMore(gen, t, mint)],
    };
  },
};

function system(t: Thesis): string {
  return [
    'You are Open Interpreter, a world-class programmer that can complete any goal by executing code.',
    'First, write a plan. **Always recap the plan between each code block** (you have extreme short-term memory loss, so you need to recap the plan between each message block to retain it).',
    "When you execute code, it will be executed **on the user's machine**. The user has given you **full and complete permission** to execute any code necessary to complete the task. Execute the code.",
    "You can access the internet. Run **any code** to achieve the goal, and if at first you don't succeed, try again and again.",
    'You can install new packages.',
    "When a user refers to a filename, they're likely referring to an existing file in the directory you're currently executing code in.",
    'Write messages to the user in Markdown.',
    "In general, try to **make plans** with as few steps as possible. As for actually executing code to carry out that plan, for *stateful* languages (like python, javascript, shell, but NOT for html which starts from 0 every time) **it's critical not to try to do everything in one code block.** You should try something, print information about it, then continue from there in tiny, informed steps. You will never get it on the first try, and attempting it in one go will often lead to errors you cant see.",
    'You are capable of **any** task.',
    '',
    '[User Info]',
    `Name: ${t.user}`,
    `CWD: ${t.dir}`,
    'SHELL: /bin/bash',
    'OS: Linux',
  ].join('\n');
}

function ask(r: Rng, t: Thesis): string {
  const c = r.pick(t.chapters);
  return r.pick([
    `quante parole ha ${c}?`,
    'puoi ricompilare e dirmi se ci sono warning?',
    'mi mostri la struttura della cartella?',
    'controlla se ci sono riferimenti non definiti, per favore',
    `c'è qualche overfull hbox in ${c}?`,
    'quanti elementi ci sono nella bibliografia?',
    'mi dici quante pagine fa adesso il PDF?',
    `puoi controllare che ${c} non abbia doppi spazi?`,
    'il sommario è aggiornato?',
  ]);
}

function noiseStep(r: Rng, t: Thesis): Step {
  const c = r.pick(t.chapters);
  const big = r.chance(0.035);
  const one = (a: Act, s?: string): Step => ({ ...(s ? { say: s } : {}), acts: [a] });
  switch (r.int(0, 8)) {
    case 0:
      return one(
        { kind: 'shell', target: 'latexmk -pdf -interaction=nonstopmode main.tex', output: latexmkOk(r, t, big) },
        say(r, 'Ricompilo per vedere se restano warning.', 'Compilo con latexmk e controllo il log.'),
      );
    case 1:
      return one(
        {
          kind: 'read',
          target: c,
          output: chapterText(
            r,
            c
              .replace(/^capitoli\/\d+-/, '')
              .replace('.tex', '')
              .replace('-', ' '),
            big ? r.int(21000, 30000) : r.int(1200, 6000),
          ),
        },
        `Leggo ${c} per capire com'è strutturato.`,
      );
    case 2: {
      const g = grepFrom(r, FRASI, r.int(4, 30));
      return one(
        {
          kind: 'search',
          target: g.pattern,
          where: 'capitoli/',
          output: g.hits.map((h) => `${r.pick(t.chapters)}:${r.int(5, 300)}:${h}`).join('\n'),
        },
        `Cerco dove compare "${g.pattern}" nei capitoli.`,
      );
    }
    case 3:
      return one({
        kind: 'list',
        target: r.pick(['capitoli', 'figure', 'tabelle']),
        output: [
          `totale ${r.int(40, 900)}`,
          ...Array.from(
            { length: r.int(6, 20) },
            () =>
              `-rw-r--r-- 1 ${t.user} ${t.user} ${String(r.int(800, 900000)).padStart(7)} ${r.pick(['mar', 'apr', 'mag', 'giu'])} ${String(r.int(1, 28)).padStart(2)} ${r.int(10, 23)}:${String(r.int(0, 59)).padStart(2, '0')} ${r.pick(['fig-', 'tab-', 'cap-', 'grafico-'])}${r.int(1, 40)}.${r.pick(['pdf', 'png', 'tex'])}`,
          ),
        ].join('\n'),
      });
    case 4:
      return one(
        {
          kind: 'shell',
          target: 'texcount -inc -total main.tex',
          output: [
            'Total',
            `Encoding: utf8`,
            `Sum count: ${r.int(25000, 45000)}`,
            `Words in text: ${r.int(22000, 40000)}`,
            `Words in headers: ${r.int(300, 700)}`,
            `Words outside text (captions, etc.): ${r.int(900, 3000)}`,
            `Number of headers: ${r.int(60, 140)}`,
            `Number of floats/tables/figures: ${r.int(30, 80)}`,
            `Number of math inlines: ${r.int(100, 900)}`,
            `Number of math displayed: ${r.int(20, 90)}`,
          ].join('\n'),
        },
        'Conto le parole con texcount.',
      );
    case 5:
      return one(
        {
          kind: 'shell',
          target: 'biber main',
          output: [
            'INFO - This is Biber 2.19',
            `INFO - Logfile is 'main.blg'`,
            `INFO - Reading 'main.bcf'`,
            `INFO - Found ${r.int(60, 140)} citekeys in bib section 0`,
            `INFO - Processing section 0`,
            `INFO - Looking for bibtex file 'bibliografia.bib' for section 0`,
            `INFO - LaTeX decoding ...`,
            `INFO - Found BibTeX data source 'bibliografia.bib'`,
            `INFO - Overriding locale 'it-IT' defaults 'variable = shifted' with 'variable = non-ignorable'`,
            `INFO - Sorting list 'nty/global//global/global' of type 'entry' with template 'nty' and locale 'it-IT'`,
            `INFO - No sort tailoring available for locale 'it-IT'`,
            `INFO - Writing 'main.bbl' with encoding 'UTF-8'`,
            `INFO - Output to main.bbl`,
          ].join('\n'),
        },
        'Rigenero la bibliografia con biber.',
      );
    case 6: {
      const rows = grow(
        big ? 21000 : r.int(400, 1500),
        (i) =>
          `${String(i).padStart(4)}  ${r.pick(['article', 'inproceedings', 'book', 'misc', 'phdthesis'])}  ${r.pick(['smith', 'rossi', 'chen', 'garcia', 'bianchi', 'kumar'])}${r.int(2010, 2024)}${'abc'.charAt(r.int(0, 2))}  ${r.pick(['doi', '---'])}`,
      );
      return one(
        {
          kind: 'extra',
          target: 'bib',
          tool: 'python',
          args: {
            code: "import bibtexparser\nwith open('bibliografia.bib') as f:\n    db = bibtexparser.load(f)\nfor i, e in enumerate(db.entries):\n    print(f\"{i:4}  {e['ENTRYTYPE']}  {e['ID']}  {'doi' if 'doi' in e else '---'}\")",
          },
          output: rows.join('\n'),
        },
        'Conto le voci della bibliografia e vedo quali hanno il DOI.',
      );
    }
    case 7:
      return one(
        {
          kind: 'shell',
          target: `chktex -q ${c}`,
          output: Array.from(
            { length: r.int(2, 14) },
            () =>
              `Warning ${r.pick([1, 8, 13, 24, 36])} in ${c} line ${r.int(5, 300)}: ${r.pick(['Command terminated with space.', 'Wrong length of dash may have been used.', "Intersentence spacing (`\\@') should perhaps be used.", 'Delete this space to maintain correct pagereferences.', 'You should put a space in front of parenthesis.'])}`,
          ).join('\n'),
        },
        `Controllo ${c} con chktex.`,
      );
    default:
      return one(
        {
          kind: 'shell',
          target: 'pdfinfo main.pdf',
          output: [
            `Title:           Tesi di Laurea Magistrale`,
            `Author:          ${t.user}`,
            'Creator:         LaTeX with hyperref',
            'Producer:        pdfTeX-1.40.25',
            `CreationDate:    ${t.clock.tick(r.int(60, 9000) * 1000).toUTCString()}`,
            'Tagged:          no',
            `Pages:           ${r.int(90, 140)}`,
            'Encrypted:       no',
            'Page size:       595.276 x 841.89 pts (A4)',
            `File size:       ${r.int(900000, 4000000)} bytes`,
            'PDF version:     1.5',
          ].join('\n'),
        },
        'Guardo le informazioni del PDF generato.',
      );
  }
}

/** The fact planters of the LaTeX/Open Interpreter session. */
function latexPlanters(r: Rng, t: Thesis, mint: Mint): Planter[] {
  const one = (a: Act, s?: string): Beat => stepBeat({ ...(s ? { say: s } : {}), acts: [a] });
  const sh = (cmd: string, output: string, s?: string, exitCode = 0): Beat =>
    one({ kind: 'shell', target: cmd, output, ...(exitCode ? { status: 'error' as const, exitCode } : {}) }, s);
  return [
    {
      kind: 'goal',
      how: 'user-request',
      at: 'open',
      plant() {
        const k = mint.name();
        const needle = `far compilare di nuovo la tesi dopo il merge del capitolo di ${k}`;
        return {
          needle,
          key: k,
          text: say(
            r,
            `Ciao! Mi serve una mano a ${needle}: latexmk si pianta e non capisco perché.`,
            `Buongiorno, devo ${needle}. Da ieri latexmk non produce più il PDF e consegno tra dieci giorni.`,
          ),
          beats: [
            sh(
              'git log --oneline -5',
              `${hex(r, 7)} merge capitolo ${k}\n${hex(r, 7)} correzioni relatore cap. 3\n${hex(r, 7)} figure esperimenti\n${hex(r, 7)} bibliografia\n${hex(r, 7)} prima stesura`,
              `Piano: 1) guardo cosa è cambiato con il merge del capitolo di ${k}, 2) compilo e leggo il log, 3) correggo.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'goal',
      how: 'user-request',
      at: 'open',
      plant() {
        const k = mint.name();
        const needle = `convertire le tabelle dei risultati ${k} da CSV a LaTeX con booktabs`;
        return {
          needle,
          key: k,
          text: `Ciao, puoi ${needle}? Sono in risultati/*.csv e adesso le copio a mano, è un incubo.`,
          beats: [
            sh(
              'ls risultati/',
              `${k}_accuratezza.csv\n${k}_tempi.csv\n${k}_ablation.csv\nnote.txt`,
              'Piano: guardo i CSV, scrivo uno script che genera le tabelle, le includo nel capitolo dei risultati.',
            ),
          ],
        };
      },
    },
    {
      kind: 'goal',
      how: 'user-request',
      at: 'turn',
      closes: false,
      plant() {
        const k = mint.word();
        const needle = `slide della discussione in beamer con il tema ${k}`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `Adesso mi prepari le ${needle}? Il dipartimento lo vuole per tutte le lauree.` },
            sh(
              `kpsewhich beamertheme${k}.sty`,
              `/home/${t.user}/texmf/tex/latex/beamer/beamertheme${k}.sty`,
              `Il tema ${k} è installato localmente: bene, posso usarlo direttamente.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'user-rule',
      at: 'open',
      plant() {
        const k = mint.name();
        const needle = `Non toccare il capitolo sul metodo ${k}`;
        return {
          needle,
          key: k,
          text: `${needle}: il relatore l'ha già approvato e non voglio rimandarglielo.`,
          beats: [],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'user-rule',
      at: 'open',
      plant() {
        const k = mint.name();
        const needle = `PDF/A-1b per il portale ${k}`;
        return {
          needle,
          key: k,
          text: say(
            r,
            `Ah, il file finale deve essere ${needle} della segreteria, altrimenti lo rifiutano.`,
            `Importante: la consegna va fatta in ${needle}, quindi niente font non incorporati.`,
          ),
          beats: [],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'tool-regolamento',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `Scuola ${k}: margine interno 3,5 cm`;
        const doc = [
          'NORME REDAZIONALI PER LA PROVA FINALE',
          '',
          'Art. 1 — Il frontespizio riporta logo, titolo, candidato, relatore e anno accademico.',
          'Art. 2 — Il carattere del corpo del testo è di 11 o 12 punti, interlinea 1,5.',
          'Art. 3 — Le citazioni seguono uno stile numerico o autore-anno, coerente in tutto il testo.',
          `Art. 4 — Per la ${needle}, margine esterno 2,5 cm, margini superiore e inferiore 3 cm.`,
          'Art. 5 — Il PDF non deve essere protetto da password.',
        ].join('\n');
        return {
          needle,
          key: k,
          beats: [
            sh(
              'pdftotext -layout norme_redazionali.pdf - | head -40',
              doc,
              'Prima di toccare la geometria di pagina leggo le norme redazionali.',
            ),
            sh(
              "grep -n 'geometry' main.tex",
              '12:\\usepackage[a4paper,inner=3cm,outer=2.5cm,top=3cm,bottom=3cm]{geometry}',
              `Le norme della Scuola ${k} chiedono 3,5 cm all'interno: adesso è 3 cm, va corretto.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'constraint',
      how: 'user-aside',
      at: 'turn',
      plant() {
        const k = mint.name();
        const needle = `le figure del capitolo su ${k} vanno in bianco e nero`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `ah, dimenticavo: ${needle}, la copia per la biblioteca si stampa in b/n.` },
            sh(
              `grep -rln '${k}' figure/`,
              `figure/${k}-confronto.tikz\nfigure/${k}-curve.tikz`,
              `Ok. Cerco le figure che riguardano ${k}.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-prose',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `dividere il capitolo ${k} in due file separati`;
        return {
          needle,
          key: k,
          beats: [
            sh(
              `wc -l capitoli/*${k}*.tex`,
              `  ${r.int(900, 1600)} capitoli/04-${k}.tex`,
              `Il capitolo ${k} è lunghissimo e il merge ha creato conflitti proprio lì.`,
            ),
            sh(
              `mkdir -p capitoli/${k} && git mv capitoli/04-${k}.tex capitoli/${k}/parte1.tex`,
              '',
              `Ho deciso di ${needle} (parte1 e parte2), inclusi con \\input: così i prossimi merge toccano meno righe.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'user-choice',
      at: 'turn',
      plant() {
        const k = mint.name();
        const needle = `teniamo le tabelle di ${k} in booktabs senza linee verticali`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `Ok, ${needle}, come nel template del dipartimento.` },
            sh(
              `grep -c '|' tabelle/${k}*.tex`,
              `tabelle/${k}-main.tex:14\ntabelle/${k}-ablation.tex:9`,
              `D'accordo: tolgo le linee verticali dalle tabelle di ${k}.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-comment',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `glossaries-extra con makeglossaries per gli acronimi di ${k}`;
        const text = `% Scelta: ${needle} (il pacchetto acronym non gestisce i plurali)\n\\usepackage[acronym,nomain]{glossaries-extra}\n\\setabbreviationstyle[acronym]{long-short}\n\\makeglossaries\n\\loadglsentries{acronimi-${k}}`;
        return {
          needle,
          key: k,
          beats: [
            one(
              { kind: 'write', target: 'preambolo/glossario.tex', text, output: '' },
              'Sposto la gestione degli acronimi in un file a parte del preambolo.',
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-write',
      at: 'step',
      plant() {
        const k = mint.word();
        const path = `capitoli/appendice-${k}.tex`;
        return {
          needle: path,
          key: k,
          beats: [
            one(
              { kind: 'write', target: path, text: chapterText(r, 'Appendice', 900), output: '' },
              "Creo l'appendice con i dettagli delle configurazioni.",
            ),
            sh(
              `grep -n 'appendix' main.tex`,
              '88:\\appendix',
              `Aggiungo \\input{${path.replace('.tex', '')}} dopo \\appendix in main.tex.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-edit',
      at: 'step',
      plant() {
        const k = mint.word();
        const path = `figure/${k}-pipeline.tikz`;
        return {
          needle: path,
          key: k,
          beats: [
            one({
              kind: 'read',
              target: path,
              output: `\\begin{tikzpicture}[node distance=2cm]\n  \\node[draw, fill=blue!20] (a) {Dati};\n  \\node[draw, fill=red!20, right of=a] (b) {Modello};\n  \\draw[->] (a) -- (b);\n\\end{tikzpicture}`,
            }),
            one(
              { kind: 'edit', target: path, old: 'fill=blue!20', text: 'fill=black!10', output: `modificato ${path}` },
              'Porto i riempimenti in scala di grigi.',
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'user-pointer',
      at: 'turn',
      plant() {
        const k = mint.word();
        const path = `appendici/${k}-dati.tex`;
        return {
          needle: path,
          key: k,
          beats: [
            { t: 'user', text: `secondo me il problema è in ${path}, l'ho copiato da Word` },
            sh(
              `grep -nP '[^\\x00-\\x7F]' ${path} | head`,
              `12:Il valore medio è pari a 0,83 – con deviazione…\n31:“dati grezzi”`,
              'Ci sono trattini lunghi e virgolette tipografiche: con inputenc utf8 vanno bene, ma controllo il resto.',
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-latexmk',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `LaTeX Error: File \`frontespizio-${k}.sty' not found`;
        const out = [
          'Latexmk: This is Latexmk, John Collins, 7 Dec. 2023. Version 4.83.',
          "Latexmk: applying rule 'pdflatex'...",
          ...pdflatexLog(r, r.int(3000, 9000), t),
          '',
          `! ${needle}.`,
          '',
          'Type X to quit or <RETURN> to proceed,',
          'or enter new name. (Default extension: sty)',
          '',
          'Enter file name: ',
          '! Emergency stop.',
          '<read *> ',
          '         ',
          `l.9 \\usepackage{frontespizio-${k}}`,
          '                                 ^^M',
          '*** (cannot \\read from terminal in nonstop modes)',
          '',
          'Latexmk: Errors, so I did not complete making targets',
          'Collected error summary (may duplicate other messages):',
          "  pdflatex: Command for 'pdflatex' gave return code 1",
          "      Refer to 'main.log' and/or above for details",
        ];
        return {
          needle,
          key: k,
          beats: [
            sh('latexmk -pdf -interaction=nonstopmode main.tex', out.join('\n'), undefined, 12),
            sh(
              `find ~ -name 'frontespizio-${k}*'`,
              `/home/${t.user}/Scaricati/frontespizio-${k}.sty`,
              `Il file di stile del frontespizio (${k}) è rimasto nei download: lo copio nella cartella della tesi.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-biber',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `Duplicate entry key '${k}2021' in file 'bibliografia.bib'`;
        return {
          needle,
          key: k,
          beats: [
            sh(
              'biber main',
              [
                'INFO - This is Biber 2.19',
                `INFO - Found ${r.int(60, 140)} citekeys in bib section 0`,
                "INFO - Looking for bibtex file 'bibliografia.bib' for section 0",
                `WARN - ${needle}, skipping ...`,
                "WARN - I didn't find a database entry for 'rossi2019b' (section 0)",
                "INFO - Writing 'main.bbl' with encoding 'UTF-8'",
                'INFO - WARNINGS: 2',
              ].join('\n'),
            ),
            sh(
              `grep -n '${k}2021' bibliografia.bib`,
              `412:@article{${k}2021,\n1290:@inproceedings{${k}2021,`,
              'La stessa chiave è usata per due voci diverse: una va rinominata.',
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-traceback',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `bibtexparser.bibdatabase.UndefinedString: '${k}'`;
        const tb = [
          'Traceback (most recent call last):',
          '  File "<stdin>", line 3, in <module>',
          '  File "/usr/lib/python3/dist-packages/bibtexparser/__init__.py", line 71, in load',
          '    return parser.parse_file(bibtex_file)',
          '  File "/usr/lib/python3/dist-packages/bibtexparser/bparser.py", line 177, in parse_file',
          '    return self.parse(file.read(), partial=partial)',
          '  File "/usr/lib/python3/dist-packages/bibtexparser/bparser.py", line 155, in parse',
          '    self._expr.parseFile(StringIO(bibtex_str))',
          '  File "/usr/lib/python3/dist-packages/bibtexparser/bibdatabase.py", line 279, in expand_string',
          '    raise UndefinedString(name)',
          needle,
        ];
        return {
          needle,
          key: k,
          beats: [
            one(
              {
                kind: 'extra',
                target: 'bib',
                tool: 'python',
                args: {
                  code: "import bibtexparser\nwith open('bibliografia.bib') as f:\n    db = bibtexparser.load(f)\nprint(len(db.entries))",
                },
                output: tb.join('\n'),
                status: 'error',
                exitCode: 1,
              },
              'Carico la bibliografia con bibtexparser per controllare i DOI.',
            ),
            sh(
              `grep -n '${k}' bibliografia.bib | head -3`,
              `877:  journal = ${k},`,
              `La voce usa la macro @string ${k} senza definirla: aggiungo la definizione in cima al file.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'user-value',
      at: 'open',
      plant() {
        const n = mint.num(7);
        const needle = `matricola ${n}`;
        return {
          needle,
          key: n,
          text: `Nel frontespizio va la mia ${needle}, quella vecchia era sbagliata.`,
          beats: [],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-results',
      at: 'step',
      plant() {
        const k = mint.name();
        const f1 = `0.${r.int(8100, 9400)}`;
        const needle = `${k}-large: F1 macro ${f1}`;
        const lines = [
          `${r.pick(['bert', 'roberta'])}-base: F1 macro 0.${r.int(7000, 8000)} (epoche 20)`,
          `${needle} (epoche 40)`,
          `baseline-tfidf: F1 macro 0.${r.int(6000, 7000)} (epoche -)`,
        ];
        return {
          needle,
          key: k,
          beats: [
            one(
              {
                kind: 'extra',
                target: 'csv',
                tool: 'python',
                args: {
                  code: `import pandas as pd\ndf = pd.read_csv('risultati/finale.csv')\nfor _, x in df.iterrows():\n    print(f"{x.modello}: F1 macro {x.f1:.4f} (epoche {x.epoche})")`,
                },
                output: lines.join('\n'),
              },
              'Leggo i numeri finali da mettere nella Tabella dei risultati.',
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-crossref',
      at: 'step',
      plant() {
        const n = mint.num(7);
        const needle = `10.1145/${n}.${r.int(3000000, 3999999)}`;
        return {
          needle,
          key: n,
          beats: [
            one(
              {
                kind: 'extra',
                target: 'doi',
                tool: 'python',
                args: {
                  code: "import requests\nr = requests.get('https://api.crossref.org/works', params={'query.bibliographic': 'efficient attention long documents', 'rows': 1})\nit = r.json()['message']['items'][0]\nprint(it['DOI'], '|', it['title'][0])",
                },
                output: `${needle} | Efficient Attention for Long Documents`,
              },
              'Cerco il DOI della voce che ne è senza.',
            ),
            sh(
              `grep -n 'efficient attention' -i bibliografia.bib`,
              '233:  title = {Efficient Attention for Long Documents},',
              'Aggiungo il DOI trovato alla voce.',
            ),
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'agent-final',
      at: 'end',
      ending: 'answer',
      plant() {
        const k = mint.name();
        const needle = `rigenerare l'indice analitico dopo aver aggiunto le voci su ${k}`;
        return {
          needle,
          key: k,
          beats: [
            sh('latexmk -pdf -interaction=nonstopmode main.tex', latexmkOk(r, t, false)),
            {
              t: 'answer',
              text: `La tesi compila di nuovo. Resta da fare: ${needle} (makeindex), poi un controllo finale del PDF.`,
            },
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'agent-recap',
      at: 'end',
      ending: 'step',
      plant() {
        const k = mint.name();
        const needle = `convertire main.pdf in PDF/A con Ghostscript per la segreteria di ${k}`;
        return {
          needle,
          key: k,
          beats: [
            sh(
              'gs --version',
              '10.02.1',
              `Ricapitolo il piano: la compilazione è a posto; prossimo passo ${needle}, poi verificarlo con veraPDF.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'pending',
      how: 'user-final',
      at: 'end',
      ending: 'answer',
      plant() {
        const k = mint.name();
        const needle = `chiedere al prof. ${k} la firma sul frontespizio`;
        return {
          needle,
          key: k,
          beats: [
            { t: 'user', text: `perfetto. dopo ricordami di ${needle}, senza quella non posso caricarla` },
            { t: 'answer', text: `Certo! Promemoria: ${needle} prima del caricamento.` },
          ],
        };
      },
    },
  ];
}

/** More planters of the thesis session: the supervisor's e-mail, other choices, files, failures and values. */
function latexMore(r: Rng, t: Thesis, mint: Mint): Planter[] {
  const one = (a: Act, s?: string): Beat => stepBeat({ ...(s ? { say: s } : {}), acts: [a] });
  const sh = (cmd: string, output: string, s?: string, exitCode = 0): Beat =>
    one({ kind: 'shell', target: cmd, output, ...(exitCode ? { status: 'error' as const, exitCode } : {}) }, s);
  return [
    {
      kind: 'constraint',
      how: 'tool-email',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `Nel capitolo ${k} usa il noi accademico`;
        const mail = [
          'From: prof. Ferri <ferri@dipartimento.example.it>',
          'Subject: Re: bozza capitoli 3-4',
          '',
          'Cara Giulia,',
          'ho letto la bozza, va molto meglio. Due cose prima della consegna:',
          `- ${needle}, mai la prima persona singolare.`,
          '- le didascalie delle figure devono essere autosufficienti.',
          '',
          'Buon lavoro,',
          'F.',
        ];
        return {
          needle,
          key: k,
          beats: [
            sh(
              'cat posta/relatore-ultima.eml | sed -n "1,20p"',
              mail.join('\n'),
              "Rileggo l'ultima mail del relatore prima di rivedere il testo.",
            ),
            sh(
              `grep -c -E '\\b(ho|ritengo|mostro)\\b' capitoli/*${k}*.tex`,
              String(r.int(3, 14)),
              `Nel capitolo ${k} ci sono ancora verbi in prima persona singolare: li correggo.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'decision',
      how: 'agent-prose',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `uso cleveref per tutti i riferimenti del capitolo ${k}`;
        return {
          needle,
          key: k,
          beats: [
            sh(
              `grep -c 'Figura~\\\\ref' capitoli/*${k}*.tex`,
              String(r.int(12, 40)),
              `Ci sono decine di riferimenti scritti a mano. Da qui in poi ${needle} (\\cref), così i nomi sono coerenti e in italiano.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'file',
      how: 'agent-write',
      at: 'step',
      plant() {
        const k = mint.word();
        const path = `tabelle/${k}-risultati.tex`;
        const table = [
          '\\begin{tabular}{lSS}',
          '\\toprule',
          'Modello & {F1} & {Accuratezza} \\\\',
          '\\midrule',
          ...Array.from(
            { length: 4 },
            () =>
              `${r.pick(['bert-base', 'roberta', 'tfidf', 'distil'])} & 0.${r.int(6000, 9300)} & 0.${r.int(6000, 9300)} \\\\`,
          ),
          '\\bottomrule',
          '\\end{tabular}',
        ];
        return {
          needle: path,
          key: k,
          beats: [
            one(
              { kind: 'write', target: path, text: table.join('\n'), output: '' },
              `Genero la tabella in ${path} e la includo con \\input.`,
            ),
            sh(
              'latexmk -pdf -interaction=nonstopmode main.tex | tail -3',
              'Output written on main.pdf (118 pages, 2841133 bytes).\nTranscript written on main.log.\nLatexmk: All targets (main.pdf) are up-to-date',
            ),
          ],
        };
      },
    },
    {
      kind: 'error',
      how: 'tool-pgfplots',
      at: 'step',
      plant() {
        const k = mint.word();
        const needle = `Could not read table file 'dati/${k}.csv'`;
        const out = [
          ...pdflatexLog(r, r.int(2000, 6000), t),
          `! Package pgfplots Error: ${needle}. In case you intended to provide inline data: maybe TeX screwed up your end-of-lines? Try \`row sep=crcr' and terminate your lines with \`\\\\' (refer to the pgfplotstable manual for details).`,
          '',
          'See the pgfplots package documentation for explanation.',
          'Type  H <return>  for immediate help.',
          ' ...',
          '',
          'l.57 \\addplot table {dati/' + k + '.csv};',
          '',
          'Latexmk: Errors, so I did not complete making targets',
          'Collected error summary (may duplicate other messages):',
          "  pdflatex: Command for 'pdflatex' gave return code 1",
        ];
        return {
          needle,
          key: k,
          beats: [
            sh('latexmk -pdf -interaction=nonstopmode main.tex', out.join('\n'), undefined, 12),
            sh(
              `ls dati/ | grep -i ${k}`,
              `${k}.CSV`,
              `Il file esiste ma con estensione maiuscola (${k}.CSV): su Linux conta.`,
            ),
          ],
        };
      },
    },
    {
      kind: 'value',
      how: 'tool-seeds',
      at: 'step',
      plant() {
        const k = mint.name();
        const needle = `${k}: media su 5 seed 0.${r.int(8000, 9400)} ± 0.00${r.int(10, 99)}`;
        return {
          needle,
          key: k,
          beats: [
            one(
              {
                kind: 'extra',
                target: 'seeds',
                tool: 'python',
                args: {
                  code: `import pandas as pd\nd = pd.read_csv('risultati/seeds.csv')\nfor m, g in d.groupby('modello'):\n    print(f"{m}: media su 5 seed {g.f1.mean():.4f} ± {g.f1.std():.4f}")`,
                },
                output: [needle, `baseline: media su 5 seed 0.${r.int(6000, 7000)} ± 0.0${r.int(10, 99)}`].join('\n'),
              },
              'Calcolo media e deviazione standard sui cinque seed per il testo dei risultati.',
            ),
          ],
        };
      },
    },
  ];
}
