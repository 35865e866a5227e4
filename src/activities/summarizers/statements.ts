/**
 * Recognising what an agent's (or user's) text commits to, by the structure of the text
 * rather than by a few verbs: list items and the heading or label they sit under ("Plan:",
 * "## Next steps", "**Decision**"), checkboxes, first-person future and intent ("I'll",
 * "we're going to", "let me"), first-person past ("we switched to", "I've kept"),
 * imperatives ("Run the migration first."), choices ("X instead of Y"), and constraints
 * ("must", "never", "always", "don't", "only"). Code blocks are skipped. Optionally the rest
 * of the prose comes too, as `other`: sentences and table rows that none of these shapes
 * recognise, for the summarizer to rank by how specific they are (./salience.ts) rather than
 * to lose for being phrased some other way.
 */

/**
 * Kinds of sentences already classified (null: none), shared by the calls on one session: an
 * agent repeats its sentences ("Let me check the tests."), and classifying one runs a dozen
 * expressions. A sentence's kind depends on its text alone.
 */
export type SentenceKinds = Map<string, StatementKind | null>;

/** What a statement is. */
/**
 * What a statement is. `progress` is a first-person report of work done (`I fixed the parser`):
 * what was done, not a choice that binds what comes next (`decision`).
 */
export type StatementKind = 'constraint' | 'decision' | 'progress' | 'plan' | 'next' | 'note' | 'other';

/** One recognised statement. */
export interface Statement {
  kind: StatementKind;
  text: string;
}

import { isSpace, splitSentences } from './text';

const HEADING =
  /^\s{0,3}(?:#{1,6}\s+(.+?)\s*#*$|\*\*([^*]{2,60})\*\*:?\s*$|__([^_]{2,60})__:?\s*$|((?:[A-Z]|\P{ASCII})[\w\p{L}\p{M} '/&()-]{1,40})[:：]\s*$)/u;
/** `Label: text`, the label maybe bold and followed by who said it (`DECIDED (Ana):`, `Decision (2024-05-01):`). */
const LABELLED =
  /^\s{0,3}(?:\*\*)?((?:[A-Z]|\P{ASCII})[\w\p{L}\p{M} '/&-]{1,30}?)(?:\s*\([^()\n]{1,40}\))?(?:\*\*)?(?:\s*:(?:\*\*)?\s+|\s*：(?:\*\*)?\s*)(\S.*)$/u;
const LIST_ITEM = /^\s*(?:[-*+\u2022]|\d{1,3}[.)])\s+(?:\[([ xX])\]\s+)?(\S.*)$/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?[\s:|-]+\|?\s*$/;
/**
 * A table's row framed in asterisks, as ROOT's `TTree::Scan` and other report writers print it
 * (`*        3 *    633572 *  0.60350 *`): every cell closed by ` *`. (A markdown item that
 * emphasises a word, `* keep *this* short`, closes no cell with a space before its asterisk.)
 */
const STAR_TABLE_ROW = /^\s*\*(?:[^*]*\s\*){2,}\s*$/;
/** A table's row framed in box-drawing bars, as `rich`, `psql` and `tabulate` print it (`│ id │ name │`). */
const BOX_TABLE_ROW = /^\s*([│┃║])(?:[^│┃║]*\1){2,}\s*$/;

const NEXT_LABEL =
  /\b(?:next|todo|to[- ]do|remaining|follow[- ]?ups?|pending|open (?:items|questions)|then|later|outstanding)\b/i;
const PLAN_LABEL =
  /\b(?:plan|approach|strategy|steps|proposal|proposed|roadmap|how|goals?|aim|objectives?|task|deliverables?)\b/i;
const DECISION_LABEL =
  /\b(?:decisions?|decided|choice|chosen|conclusion|consensus|agreed|agreement|recommendation|root cause|cause|fix|solution|verdict|resolution|outcome|done|changes?|summary|design|rationale)\b/i;
const CONSTRAINT_LABEL =
  /\b(?:constraints?|requirements?|rules?|polic(?:y|ies)|guardrails?|must|important|caveats?|warnings?|assumptions?|limits?|invariants?|blocking|blockers?|always|never)\b/i;
/**
 * "Rules", "guidelines", "conventions" in the languages people write to agents in (a title: `# Regras
 * do projeto`, `## Правила`, `## Peraturan`, `# விதிகள்`).
 */
export const RULE_WORDS_ELSEWHERE =
  'regras|reglas|r[èe]gles|regeln|regole|regels|regler|zasady|pravidl[aá]|правила|kurallar|szab[áa]lyok|s[äa][äa]nn[öo]t|conven[çc][õo]es|convenciones|konventionen|richtlinien|directrices|diretrizes|linee guida|κανόνες|כללים|قواعد|قوانین|नियम|peraturan|aturan|pravila|taisyklės|noteikumi|reeglid|reglur|kanuni|sheria|patakaran|alituntunin|quy tắc|กฎ|নিয়ম|விதிகள்|నియమాలు|ನಿಯಮಗಳು|നിയമങ്ങൾ|წესები|կանոններ|ережелер|qoidalar|اصول|ደንቦች';
/** A label in another language that names rules. */
const CONSTRAINT_LABEL_ELSEWHERE = new RegExp(
  `(?<![\\p{L}\\p{N}_])(?:${RULE_WORDS_ELSEWHERE})(?![\\p{L}\\p{N}_])`,
  'iu',
);

/**
 * "Decision" in the languages people and agents write in (a label: `Besluit: …`, `Entscheidung: …`,
 * `Decisión: …`, `## Решение`).
 */
const DECISION_LABEL_ELSEWHERE = new RegExp(
  `(?<![\\p{L}\\p{N}_])(?:${[
    'besluit|beslissing|entscheidung|d[ée]cision|decisi[óo]n|decis[ãa]o|decisione|beslut|beslutning|decyzja',
    'rozhodnut[íi]e?|d[öo]nt[ée]s|karar|p[äa][äa]t[öo]s|otsus|l[ēe]mums|sprendimas|odluka|odlo[čc]itev|решение',
    'рішення|рашэнне|απόφαση|החלטה|قرار|تصمیم|निर्णय|keputusan|quyết định|การตัดสินใจ|决定|決定|결정|uamuzi',
    'penderfyniad|ákvörðun|որոշում|გადაწყვეტილება|шешім|qaror|erabakia|vendim|одлука|wybór',
    'ውሳኔ|সিদ্ধান্ত|முடிவு|నిర్ణయం|ನಿರ್ಧಾರ|തീരുമാനം|નિર્ણય|ਫ਼ੈਸਲਾ|فیصلہ|තීරණය|шийдвэр|qərar|desisyon|pasya|isinqumo',
  ].join('|')})(?![\\p{L}\\p{N}_])`,
  'iu',
);

/** A label of notes (`## Design notes`, `Release notes:`): it gives its sentences no kind of its own. */
const NOTES_LABEL = /\bnotes?\b/i;

const CONSTRAINT =
  /\b(?:must(?:n't| not)?|never|always|non-negotiable|except|read-only|readonly|forbidden|not allowed|prohibited|off-limits|do not|don't|does not need|should(?:n't| not)?|may not|cannot|can't|only|required?|requires|make sure|ensure|avoid|without|no more than|at most|at least)\b/i;
/**
 * The words that make a constraint firm: a prohibition or an obligation. The rest of
 * {@link CONSTRAINT} (`should`, `only`, `always`, `without`, `ensure`, `at least`) is as often the
 * agent reasoning aloud (`we only need the first row`) as a rule.
 */
const FIRM_CONSTRAINT =
  /\b(?:must(?:n't| not)?|never|non-negotiable|read-only|readonly|forbidden|not allowed|prohibited|off-limits|do not|don't|may not|required?|requires|avoid|no (?:more|less|fewer|[a-z]{2,12}er) than)\b/i;
/** A first-person report of not being able (`I can't find`) is not a constraint. */
const INABILITY = /\b(?:I|we)\s+(?:can't|cannot|couldn't|could not)\b/i;
/** What the speaker is after: `The goal is …`, `What I actually need is …`, `We'd like …`, `I'm trying to …`. */
const GOAL =
  /^(?:task|goal|objective|the ask|ask)s?\s*:|\b(?:(?:the|my|our) (?:(?:real|actual|main|only) )?(?:goal|aim|objective|task|ask|deliverable|point)(?: here| now)?(?: is| was|:)|(?:what|all) (?:I|we) (?:(?:really|actually|just|ultimately|basically|still) )?(?:need|want|'d like|would like|am after|are after|'m after|'re after)\b|^(?:so |but |and )?(?:I|we) (?:(?:really|actually|just) )?(?:need|want) (?:you )?to\b|(?:I|we)(?:'d| would) (?:really )?(?:like|love)\b|(?:I|we)(?:'m| am|'re| are) (?:trying|looking|hoping) to\b)/i;
/** Openings of a step still owed: `Next, …`, `After that …`, and the markers people write (`TODO(next): …`, `FIXME: …`). */
/** A request phrased as a question: `Can you get the importer to …?`, `Could you look at …?`. */
const POLITE_ASK = /^(?:(?:so|and|also|ok|okay),?\s+)?(?:can|could|would|will) you\b/i;
/** The assistant offering a further step: `Should I also …?`, `Shall I …?`, `Do you want me to …?`. */
const OFFER =
  /^(?:(?:so|and|also|ok|okay),?\s+)?(?:should I|shall I|shall we|should we|(?:do|would) you (?:want|like) me to|want me to)\b/i;
/** A sentence wrapped in one tag (`<question>…</question>`, a harness's tool call written in text). */
const WRAPPED = /^<([a-z][a-z0-9_-]{0,40})>([\s\S]*)<\/\1>$/;

/** `sentence` without one tag wrapped around it. */
function untagged(sentence: string): string {
  if (sentence.charCodeAt(0) !== 0x3c) return sentence;
  const m = WRAPPED.exec(sentence);
  return m ? (m[2] as string).trim() : sentence;
}

/** Words of a heading that states a rule, at least (`## Never force-push to main`; `## Must-haves` heads a list). */
const RULE_HEADING_MIN_WORDS = 4;

/** Whether a document's heading is a rule said in a sentence: firm, a constraint, four words or more. */
function isRuleHeading(text: string): boolean {
  return (
    text.split(/\s+/).length >= RULE_HEADING_MIN_WORDS && isFirmConstraint(text) && sentenceKind(text) === 'constraint'
  );
}

/** Whether a constraint says what must or must not be done (see {@link FIRM_CONSTRAINT}), not only how. */
export function isFirmConstraint(sentence: string): boolean {
  return FIRM_CONSTRAINT.test(sentence);
}

/**
 * Whether a sentence states what the speaker is after — `The goal: …`, `What I need is …`, `So
 * the task is to …`, `Can you get … to …?` — rather than a detail of it.
 */
export function statesGoal(sentence: string): boolean {
  return GOAL.test(sentence) || POLITE_ASK.test(sentence.trim());
}

const NEXT_START =
  /^(?:next|after that|afterwards|once (?:that|this) (?:is|works|passes)|the next step|todo|to-do|fixme|tbd|xxx)\b/i;
/** A step still owed said in passing: `… — remaining: …`, `after that I'll …`, `still to do: …`. */
const NEXT_ANYWHERE =
  /\b(?:next step|next,|still (?:need|have) to|still to do|left to do|remaining (?:work|steps?)|after that|afterwards)\b|\b(?:remaining|todo|to-do|left|outstanding|pending|open)\s*(?:\([^)]{0,20}\))?\s*:/i;
const INTENT =
  /\b(?:I|we)\s*(?:'ll|'d|\s+will|\s+shall|\s+would|\s+am going to|'m going to|\s+are going to|'re going to|\s+plan to|\s+intend to|\s+need to|\s+should|\s+want to|\s+have to|\s+must)\b|^let(?:'s|\s+me|\s+us)\b/i;
/**
 * A sentence that hands the turn back to the user (`Let me know what you want next.`, `Let us know
 * if it breaks.`): it opens like an intent but asks the user, and closes most replies.
 */
const HAND_BACK = /^let (?:me|us) know\b/i;
/**
 * The agent saying what it does next (`Let me write a test that doesn't need the database`): a
 * plan, whatever rule-like words describe the action — unless it states a rule (`Let me be clear:
 * never …`, `Let me not …`).
 */
const LET_ME_ACT = /^let me (?!be\b|repeat|stress|emphasi[sz]e|remind|reiterate|clarify|note|say|not\b|never\b)/i;
const FIRST_PERSON_PAST =
  /\b(?:I|we)(?:\s+have|'ve|\s+had|'d)?\s+(?:\w+ly\s+)?(?:\w{2,}ed|chose|chosen|made|took|went|kept|wrote|written|built|ran|set|put|found|left|got|did|done|gave|split|cut|brought|began|begun|ruled)\b/i;
const CHOICE =
  /\b(?:instead of|rather than|in favou?r of|over the|going with|opted for|switch(?:ed|ing)? to|settl(?:ed|ing|e) on|prefer)\b/i;
/**
 * A choice said in another language than English — `I decided`, `I chose`, `instead of` in the
 * languages people most often write to agents in — matched as words (the first list) or, in
 * scripts written without spaces, as they stand (the second).
 */
const CHOICE_ELSEWHERE = new RegExp(
  `(?:^|[\\s,.;:(«"'„])(?:${[
    // Spanish, Portuguese, Catalan, Italian, French, Romanian
    'decid[ií](?:mos)?',
    'eleg[ií](?:mos)?',
    'escog[ií]',
    'en lugar de',
    'en vez de',
    'escolhi(?:mos)?',
    // (the choice as a participle: `a saída escolhida é …`, `la opción elegida`, `la soluzione scelta`)
    'escolhid[oa]s?',
    'elegid[oa]s?',
    'scelt[oa]',
    'em vez de',
    'ao inv[eé]s de',
    'ho deciso',
    'abbiamo deciso',
    'ho scelto',
    'invece di',
    "j'ai (?:d[ée]cid[ée]|choisi)",
    'nous avons (?:d[ée]cid[ée]|choisi)',
    'au lieu de',
    'plut[ôo]t que',
    'am (?:ales|decis)',
    '[îi]n loc de',
    // German, Dutch, Swedish, Danish, Norwegian
    '(?:habe|haben) (?:mich )?(?:entschieden|gewählt|für)',
    'statt',
    'anstatt',
    'anstelle',
    '(?:heb|hebben) (?:besloten|gekozen)',
    'in plaats van',
    'jag (?:valde|bestämde)',
    'i ?stället för',
    'jeg (?:valgte|besluttede|bestemte)',
    'i stedet for',
    // Polish, Czech, Slovak, Russian, Ukrainian, Bulgarian
    'zdecydowa[łl](?:em|am|iśmy)',
    'wybra[łl](?:em|am|iśmy)',
    'zamiast',
    'rozhodl(?:a)? jsem',
    'vybral(?:a)? jsem',
    'namísto',
    'решил[аи]?',
    'выбрал[аи]?',
    'вместо',
    'вирішил[аи]',
    'вирішив',
    'обрал[аи]',
    'обрав',
    'замість',
    'реших',
    'избрах',
    // Greek, Turkish, Hungarian, Finnish, Estonian
    'αποφάσισα',
    'επέλεξα',
    'αντί για',
    'karar verdim',
    'seçtim',
    'yerine',
    'úgy döntöttem',
    'választottam',
    'helyett',
    'päätin',
    'valitsin',
    'sen sijaan',
    // Indonesian, Malay, Vietnamese, Tagalog
    'saya (?:memutuskan|memilih)',
    'alih-alih',
    'tôi (?:đã )?(?:quyết định|chọn)',
    'thay vì',
    'pinili ko',
    // Hebrew, Arabic, Persian, Hindi, Urdu
    'החלטתי',
    'בחרתי',
    'במקום',
    'قررت',
    'اخترت',
    'انتخاب کردم',
    'بدلا من',
    'بدلاً من',
    'تصمیم گرفتم',
    'به جای',
    'तय किया',
    'चुना',
    'के बजाय',
    'کے بجائے',
  ].join('|')})(?=$|[\\s,.;:)»"'“])`,
  'iu',
);
const CHOICE_UNSPACED = /决定|決定|选择|選擇|選んだ|にしました|代わりに|而不是|결정했|선택했|대신|ตัดสินใจ|แทน/;

/** The choice words of {@link CHOICE_ELSEWHERE} written in plain ASCII (tried on a sentence without other letters). */
const ASCII_CHOICE =
  /\b(?:decid[io](?:mos)?|ho deciso|ho scelto|invece di|en lugar de|en vez de|em vez de|au lieu de|am (?:ales|decis)|in plaats van|(?:heb|hebben) (?:besloten|gekozen)|statt|anstatt|zamiast|saya (?:memutuskan|memilih)|alih-alih|sen sijaan|pinili ko|escolhid[oa]s?|elegid[oa]s?|scelt[oa])\b/i;

/** A letter beyond ASCII; one beyond the Latin scripts (CJK, Thai, Hangul, …). */
const BEYOND_ASCII = /[\u0080-\uffff]/;
const BEYOND_LATIN = /[\u0250-\uffff]/;

/** Whether a sentence says a choice was made (in English, or in a language of {@link CHOICE_ELSEWHERE}). */
function isChoice(s: string): boolean {
  if (CHOICE.test(s)) return true;
  // (the long list only for a sentence with a letter beyond ASCII: most of its words have one)
  if (!BEYOND_ASCII.test(s)) return ASCII_CHOICE.test(s);
  return CHOICE_ELSEWHERE.test(s) || (BEYOND_LATIN.test(s) && CHOICE_UNSPACED.test(s));
}

/** A verb that reports what someone holds or said: its subject (`Ravi thinks …`, `Dana said …`) is a person, not an order. */
const REPORTING =
  /^(?:thinks|thought|says|said|believes|suspects|feels|reckons|suggests|suggested|mentioned|noted|wrote|asked|wants|wanted|prefers|agrees|argues|claims|expects|reported|confirmed)$/i;
/** First words of sentences that are not imperatives (determiners, pronouns, conjunctions, auxiliaries, interjections). */
const NOT_IMPERATIVE = new Set(
  (
    "the a an this that these those it its it's there here i we you he she they my our your their his her " +
    'and but or so because if when while although though since as after before until unless also however ' +
    'is are was were be been am do does did has have had can could will would shall should may might must ' +
    'not no yes ok okay great good nice sure thanks thank sorry well hmm oh ah alright all both each every ' +
    'some any many most more much few several everything nothing something anything what which who why how ' +
    'where in on at by for from with of to into onto about over under between through during without per via ' +
    'looks seems appears maybe perhaps probably just only still already now then next first second finally'
  ).split(' '),
);

/**
 * The statements of `text` worth keeping, in order; unclassified prose is left out unless
 * `other` is set (then it comes as kind `other`, table rows as `column: cell` pairs). `quoted`
 * keeps a list item's marker and a table row as written (its columns named before it): a
 * document's lines are quoted, so that they can be found as they were written.
 */
export function statementsIn(
  text: string,
  maxStatements = 8,
  other = false,
  kinds?: SentenceKinds,
  quoted = false,
): Statement[] {
  const out: Statement[] = [];
  let label: StatementKind | undefined;
  let labelText = '';
  // a markdown heading's kind holds for the paragraphs of its section (an ADR's `## Decision`)
  let section: StatementKind | undefined;
  let sectionText = '';
  let inFence = false;
  let columns: string[] | undefined;
  // (indexed loops, not `for…of`: see ./collect.ts)
  const lines = text.split('\n');
  let committed = 0;
  let scanned = 0;
  for (let l = 0; l < lines.length; l += 1) {
    const rawLine = lines[l] as string;
    if (out.length >= maxStatements && (!other || committed >= maxStatements)) break;
    // the first character after the indentation rules out most shapes before any expression runs
    let lead = 0;
    while (lead < rawLine.length && isSpace(rawLine.charCodeAt(lead))) lead += 1;
    if (rawLine.startsWith('```', lead) || rawLine.startsWith('~~~', lead)) {
      inFence = !inFence;
      continue;
    }
    if (inFence || lead === rawLine.length) continue;
    const first = rawLine.charCodeAt(lead);
    if (isRule(first) && BANNER.test(rawLine)) continue;
    if (first === 0x3c && MARKUP_ONLY.test(rawLine)) continue;
    const bar = tableBar(first, rawLine);
    if (bar) {
      if (bar === '|' && TABLE_RULE.test(rawLine)) continue;
      const cells = rawLine
        .trim()
        .slice(1, -1)
        .split(bar)
        .map((c) => c.trim());
      if (!columns) columns = cells;
      // (quoted, a row of no labelled section comes as `other`: a rules document takes it as a rule)
      else if (other || label || quoted) {
        const row = quoted
          ? `(${columns.join(' | ')}) ${rawLine.trim()}`
          : cells.map((c, i) => (columns?.[i] ? `${columns[i]}: ${c}` : c)).join(', ');
        if (
          place(out, { kind: label ?? 'other', text: labelText && label ? `${labelText}: ${row}` : row }, maxStatements)
        )
          committed += 1;
      }
      continue;
    }
    columns = undefined;
    // (a label opens with a capital, or with a letter of a script that has none: `Решение:`, `ውሳኔ:`, `قرار:`)
    const upper = (first >= 0x41 && first <= 0x5a) || first > 0x7f;
    const heading =
      lead <= 3 && (first === 0x23 || first === 0x2a || first === 0x5f || (upper && endsWithColon(rawLine)))
        ? HEADING.exec(rawLine)
        : null;
    if (heading) {
      // (a heading that states a rule in a sentence of its own, `## Never force-push to main`, is one too)
      const said = first === 0x23 ? (heading[1] as string | undefined)?.trim() : undefined;
      if (
        said &&
        isRuleHeading(said) &&
        place(out, { kind: 'constraint', text: quoted ? rawLine.trim() : said }, maxStatements)
      )
        committed += 1;
      // (a bold heading may hold its colon: `**Requirements:**`)
      labelText = (heading[1] ?? heading[2] ?? heading[3] ?? heading[4] ?? '').trim().replace(/\s*:$/, '');
      label = labelKind(labelText);
      section = first === 0x23 ? label : undefined;
      sectionText = labelText;
      continue;
    }
    const item = listMarker(first) ? LIST_ITEM.exec(rawLine) : null;
    if (item) {
      const body = (item[2] as string).trim();
      const box = item[1];
      // (an item that labels itself, `2. RULE R7: receipts above 250 EUR carry a receipt: tag`, is of its label's kind)
      const own = label === undefined && body.includes(':') ? LABELLED.exec(body) : null;
      const labelled = own ? labelKind(own[1] as string) : undefined;
      // (an item that forbids or obliges is a rule under any heading: `- never plain robust` under `# Analysis plan`)
      const firm =
        label !== undefined && label !== 'constraint' && isFirmConstraint(body) && sentenceKind(body) === 'constraint';
      const kind =
        box !== undefined
          ? box === ' '
            ? 'next'
            : 'decision'
          : firm
            ? 'constraint'
            : (label ?? labelled ?? sentenceKind(body) ?? 'note');
      const said = quoted ? rawLine.trim() : body;
      if (place(out, { kind, text: labelText && label ? `${labelText}: ${said}` : said }, maxStatements))
        committed += 1;
      continue;
    }
    const labelled = lead <= 3 && (upper || first === 0x2a) && rawLine.includes(':') ? LABELLED.exec(rawLine) : null;
    const inline = labelled ? labelKind(labelled[1] as string) : undefined;
    if (labelled && inline) {
      const text = `${(labelled[1] as string).trim()}: ${(labelled[2] as string).trim()}`;
      if (place(out, { kind: inline, text }, maxStatements)) committed += 1;
      continue;
    }
    // (in a document, a line a marker in capitals opens that then tells what to do is a rule: a lab's
    // `PROTOCOL P7: keep position restraints on the backbone through NVT`, `ANALYSIS PLAN A2: report …`)
    if (labelled && quoted && CAPITAL_LABEL.test(labelled[1] as string) && isOrder(labelled[2] as string)) {
      const text = `${(labelled[1] as string).trim()}: ${(labelled[2] as string).trim()}`;
      if (place(out, { kind: 'constraint', text }, maxStatements)) committed += 1;
      continue;
    }
    label = undefined; // a paragraph ends the scope of a heading that introduced a list
    labelText = '';
    const said = sentences(rawLine);
    for (let k = 0; k < said.length; k += 1) {
      const sentence = said[k] as string;
      const own = kindOf(sentence, kinds);
      const kind = own ?? section ?? (other && sentence.length >= 8 ? 'other' : undefined);
      // (a sentence that takes its section's kind says so: `Task: split the ledger table …`)
      const text = own === undefined && section !== undefined ? `${sectionText}: ${sentence}` : sentence;
      if (kind && place(out, { kind, text }, maxStatements)) committed += 1;
    }
    scanned += rawLine.length;
    // (past the first characters, only while a commitment could still take a place)
    if (out.length >= maxStatements && (committed >= maxStatements || scanned > OTHER_SCAN_CHARS)) break;
  }
  return out;
}

/**
 * Keeps a statement in `out` while there is room; once full, a commitment takes the place of the
 * latest sentence that commits to nothing (in a long message the choice comes after the context).
 * Whether a commitment was kept. (A function of the module, not a closure made on each of the
 * summarizer's thousands of calls to {@link statementsIn}.)
 */
function place(out: Statement[], statement: Statement, maxStatements: number): boolean {
  if (statement.kind === 'other') {
    if (out.length < maxStatements) out.push(statement);
    return false;
  }
  if (out.length >= maxStatements && !dropLastOther(out)) return false;
  out.push(statement);
  return true;
}

/** Whether `line` is a table's row (see {@link tableBar}): its cells are no sentences. */
export function isTableRow(line: string): boolean {
  let lead = 0;
  while (lead < line.length && isSpace(line.charCodeAt(lead))) lead += 1;
  return lead < line.length && tableBar(line.charCodeAt(lead), line) !== undefined;
}

/**
 * The bar that frames the cells of a table's row `line` opening with `first` (`|`, the asterisks
 * of a report, a box-drawing bar), or undefined when the line is no table's row.
 */
function tableBar(first: number, line: string): string | undefined {
  if (first === 0x7c) return TABLE_ROW.test(line) ? '|' : undefined;
  if (first === 0x2a) return STAR_TABLE_ROW.test(line) ? '*' : undefined;
  if (first === 0x2502 || first === 0x2503 || first === 0x2551)
    return BOX_TABLE_ROW.test(line) ? String.fromCharCode(first) : undefined;
  return undefined;
}

/** The characters a banner or a rule opens with: `*`, `=`, `>`, `~`, `-`. */
function isRule(c: number): boolean {
  return c === 0x2a || c === 0x3d || c === 0x3e || c === 0x7e || c === 0x2d;
}
/**
 * A line that frames rather than says: a rule (`---`, `***`) or a harness's banner that opens with a
 * run of one such character (`***** Suggested tool call (call_…): write_file *****`, `>>>>>>>>
 * EXECUTING CODE BLOCK 0 …`, `===== Step 3 =====`). Its words are the harness's, and the ids in it,
 * said nowhere else, would rank it above what the agent said.
 */
const BANNER = /^\s*([*=>~-])\1{2,}(?:\s|$)/;
/**
 * A line of markup tags and nothing else (`<tool_call>`, `<function=run_shell>`, `</parameter>`,
 * `<div class="x">`): a template's or a document's structure, no statement.
 */
const MARKUP_ONLY = /^\s*(?:<\/?[A-Za-z_][\w:=.-]{0,60}(?:\s[^<>\n]{0,200})?\/?>\s*)+$/;

/** Characters of a message read for commitments once its places are full of sentences that commit to nothing. */
const OTHER_SCAN_CHARS = 16_000;

/** Removes the last statement of kind `other`; whether there was one. */
function dropLastOther(out: Statement[]): boolean {
  for (let k = out.length - 1; k >= 0; k -= 1) {
    if ((out[k] as Statement).kind !== 'other') continue;
    out.splice(k, 1);
    return true;
  }
  return false;
}

/** Whether the last character before trailing spaces is `:` (a label that introduces what follows). */
function endsWithColon(line: string): boolean {
  let end = line.length;
  while (end > 0 && isSpace(line.charCodeAt(end - 1))) end -= 1;
  return end > 0 && line.charCodeAt(end - 1) === 0x3a;
}

/** Whether a line starting with `c` (after its indentation) may be a list item: `-`, `*`, `+`, `•` or a digit. */
function listMarker(c: number): boolean {
  return c === 0x2d || c === 0x2a || c === 0x2b || c === 0x2022 || (c >= 0x30 && c <= 0x39);
}

/** {@link sentenceKind}, remembered in `kinds` when given. */
function kindOf(sentence: string, kinds: SentenceKinds | undefined): StatementKind | undefined {
  if (!kinds) return sentenceKind(sentence);
  let kind = kinds.get(sentence);
  if (kind === undefined) {
    kind = sentenceKind(sentence) ?? null;
    kinds.set(sentence, kind);
  }
  return kind ?? undefined;
}

/** The kind of a heading or label, if it names one. */
export function labelKind(label: string): StatementKind | undefined {
  if (NEXT_LABEL.test(label)) return 'next';
  if (CONSTRAINT_LABEL.test(label) || CONSTRAINT_LABEL_ELSEWHERE.test(label)) return 'constraint';
  // notes are what they say (`## Design notes`, `Release notes:`): the sentences under them say their own kind
  if (NOTES_LABEL.test(label)) return undefined;
  if (PLAN_LABEL.test(label)) return 'plan';
  if (DECISION_LABEL.test(label) || DECISION_LABEL_ELSEWHERE.test(label)) return 'decision';
  return undefined;
}

/**
 * A result reported with its exceptions (`Nothing odd except 3 households of size 1 …`, `All tests
 * pass except test_rounding.`, `No errors except the usual warning in calib.C.`, `Nothing failed
 * except …`): what was found, not a rule — when `except` is the only word of {@link CONSTRAINT} it
 * has (`Never push to main except for hotfixes` stays a rule, and so does a present tense's
 * `Nothing runs against prod except the nightly export`).
 */
const EXCEPTION_REPORT =
  /^(?:(?:so|and|otherwise),? )?(?:(?:nothing|none|everything)(?: (?:else|odd|unusual|new|interesting|wrong|suspicious|notable|strange|surprising|left|remaining|found)\b| (?:is|was|looks?|looked|seems?|seemed)\b| \w+ed\b)|no (?:other )?(?:errors?|issues?|problems?|warnings?|failures?|surprises?|changes?|differences?|outliers?)|all (?:the )?(?:\d+ )?(?:tests?|checks?|jobs?|builds?|runs?|files?)\b[^.]{0,40}?\b(?:pass(?:ed|es)?|green|ok|clean|fine|succeeded))\b[^.]{0,60}?\bexcept\b/i;

/** Whether `s` is an {@link EXCEPTION_REPORT} whose only constraint word is its `except`. */
function exceptionReport(s: string): boolean {
  const m = EXCEPTION_REPORT.exec(s);
  // (`Nothing may be deleted except temp files` says what may be done: a rule)
  return m !== null && !MODAL.test(m[0]) && !CONSTRAINT.test(s.replace(/\bexcept\b/gi, ''));
}

/** A modal verb: what may, can or will be done, not what was found. */
const MODAL = /\b(?:may|might|can|could|shall|should|must|will|would|gets?|goes)\b/i;

/** The kind of one sentence, or undefined for prose that commits to nothing. */
export function sentenceKind(sentence: string): StatementKind | undefined {
  const s = untagged(sentence.trim());
  if (s.length < 8) return undefined;
  // an offer to do more (`Should I also rotate the key now?`) is a step still open
  if (s.endsWith('?')) return OFFER.test(s) ? 'next' : POLITE_ASK.test(s) ? 'plan' : undefined;
  if (HAND_BACK.test(s)) return undefined;
  if (NEXT_START.test(s) || NEXT_ANYWHERE.test(s)) return 'next';
  if (LET_ME_ACT.test(s)) return 'plan';
  // a choice whose reason qualifies it (`going with X: it keeps ordering without a global lock`,
  // `X rather than Y, only for the batch path`) is a decision; a prohibition or obligation in it stays a rule
  const choice = isChoice(s);
  if (CONSTRAINT.test(s) && !INABILITY.test(s) && !(choice && !FIRM_CONSTRAINT.test(s)) && !exceptionReport(s))
    return 'constraint';
  if (choice) return 'decision';
  if (INTENT.test(s) || GOAL.test(s)) return 'plan';
  if (FIRST_PERSON_PAST.test(s)) return 'progress';
  if (isImperative(s)) return 'plan';
  return undefined;
}

/**
 * A marker in capitals of up to three words, maybe with an id (`PROTOCOL P7`, `ANALYSIS PLAN A2`,
 * `HOUSE RULE`); not a task's (`TODO`) nor a log's level (`ERROR`, `WARN`, `INFO`: a log is no document).
 */
const CAPITAL_LABEL =
  /^(?!(?:TODO|FIXME|XXX|TBD|HACK|BUG|DONE|ERROR|ERR|WARN|WARNING|INFO|DEBUG|TRACE|FATAL|NOTE)\b)[A-Z]{3,16}(?: [A-Z][A-Z0-9_-]{1,16}){0,2}$/;

/** `keep position restraints on …`: a clause that opens with a verb's base form, lower case, and says more. */
function isOrder(clause: string): boolean {
  const words = clause.trim().split(/\s+/);
  const w = words[0] ?? '';
  if (words.length < 4 || !/^[a-z]{3,}$/.test(w)) return false;
  return !NUMBER_WORDS.has(w) && mayBeBaseVerb(w);
}

/** A lower-case word that may be a verb's base form: no pronoun, article or auxiliary, no `-ed`/`-ing`/`-ly`/`-s`. */
function mayBeBaseVerb(w: string): boolean {
  return !NOT_IMPERATIVE.has(w) && !/(?:ed|ing|ly)$/.test(w) && !(w.endsWith('s') && !w.endsWith('ss'));
}

/** Words that count or answer, not verbs (`GPU: one RTX A4000`, `Cache: true …`). */
const NUMBER_WORDS = new Set('one two three four five six seven eight nine ten none true false yes'.split(' '));

/** `Run the tests again.`: a capitalised first word that is no pronoun, article, auxiliary or inflected form. */
function isImperative(s: string): boolean {
  const words = s.split(/\s+/);
  const first = words[0] ?? '';
  if (words.length < 3 || !/^[A-Z][a-z]+,?$/.test(first)) return false; // `Context:` is a label, not a verb
  const w = first.replace(',', '').toLowerCase();
  return mayBeBaseVerb(w) && !REPORTING.test(words[1] ?? '');
}

/** Sentences of one line: split after `.`, `!` or `?` followed by a space and a capital, quote or backtick. */
export function sentences(line: string): string[] {
  return splitSentences(line);
}
