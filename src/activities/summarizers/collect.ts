/**
 * Collecting the extractive summary's candidate items from the messages: requests (a long
 * one split into its sentences, so that none is lost to an excerpt) and the user's
 * requirements, the assistant's statements (./statements.ts), files written and files read
 * (./calls.ts), commands with their outcomes, failure lines (src/context/evidence.ts), and
 * the items of earlier summaries (./previous.ts). The messages are read newest first, and a section stops
 * collecting once its items would fill the given number of tokens: its older items rank
 * below those and could not be chosen, so the work is bounded by the summary's size, not
 * by the input's. Equal items of a section are merged into the newest, with a count.
 *
 * Loops over arrays are indexed rather than `for…of`: an iterator loop compiles to the
 * iteration protocol inside a try/finally, which made the optimizing compiler's work on
 * {@link collect} a third larger (~13 ms of CPU in each new worker process's first summaries).
 */
import {
  exitedNonZero,
  failureEvidence,
  mayBeAccessibilityTree,
  namesFailingTest,
  plainOutput,
} from '../../context/evidence';
import { cutReference } from '../../context/truncate';
import type { ChatMessage, ChatToolCall } from '../../context/types';
import { clip } from '../messages';
import { requestAndRules, requestText } from '../request-text';
import { argumentFacts, commandOf, commitMessages, writtenFacts, writtenText } from './arguments';
import { argsOf, callFiles, label, readsSource, type Call } from './calls';
import {
  configRules,
  dataRules,
  documentBody,
  documentStatements,
  isChecksConfigPath,
  isDocumentPath,
  isNoDocumentPath,
  listedRules,
  markedRules,
  titledRules,
  messageRules,
  ticketBody,
  isRulesFile,
  isProse,
  pastedEvidence,
  readDocument,
  splitPasted,
  textEdits,
  TITLE_FIELD,
  TITLE_SCAN_CHARS,
} from './pasted';
import { isPath, listedPaths, pathsIn } from './paths';
import { CONTENT_REF, earlierItems, SECTIONS, type EarlierItem, type Section } from './previous';
import {
  isFirmConstraint,
  isTableRow,
  statementsIn,
  statesGoal,
  type SentenceKinds,
  type Statement,
  type StatementKind,
} from './statements';
import { isOneLine, isSpace, splitClauses, squeeze, withoutGutter } from './text';
import { SUMMARY_PREFIX } from './transcript';
import {
  harnessOpenings,
  jsonResults,
  TEXT_RESULT_HEAD,
  withoutTemplateTokens,
  withTextCalls,
  withTextCallsAfter,
} from './text-calls';
import {
  capitalNames,
  MESSAGE_MAX_FRAGMENTS,
  NAMING_MAX_FRAGMENTS,
  NAMING_WINDOW,
  namedLines,
  namingFragments,
  reportLines,
  valueLines,
} from './values';

/** Longest kept excerpt of one item. */
const ITEM_MAX_CHARS = 300;
/** Statements taken from one user message (all of them are requirements). */
const USER_MAX_STATEMENTS = 24;
/** Statements of one user message (or rules block) looked at to choose those it keeps: a long spec's rules come late. */
const USER_SCAN_STATEMENTS = 200;

/**
 * At most `max` of `statements`, in their order: the firm rules (`must`, `never`, `do not`) and
 * what the speaker is after first, then the others as they come. A long spec or task states
 * most of its rules after its first couple of dozen statements (its boundaries, how to submit).
 */
function firmFirst(statements: readonly Statement[], max: number): Statement[] {
  if (statements.length <= max) return statements as Statement[];
  const firm = (s: Statement) => (s.kind === 'constraint' && isFirmConstraint(s.text)) || statesGoal(s.text);
  const keep = new Set<Statement>();
  for (let k = 0; k < statements.length && keep.size < max; k += 1) {
    const s = statements[k] as Statement;
    if (firm(s)) keep.add(s);
  }
  for (let k = 0; k < statements.length && keep.size < max; k += 1) keep.add(statements[k] as Statement);
  return statements.filter((s) => keep.has(s));
}
/** Longest kept failure excerpt (several lines of one output). */
export const ERROR_MAX_CHARS = 400;
/** Longest call label that heads an error's or a listing's excerpt (the rest of the item is its lines). */
const ITEM_LABEL_MAX_CHARS = 160;
/** Files taken from one output that lists them (a search's matches): the summary chooses among them by rarity. */
const LISTED_MAX_PATHS = 12;
/** Longest call label that heads a listing's values: where they were read, the rest of the excerpt is the values. */
const VALUE_LABEL_MAX_CHARS = 60;
/**
 * Boost of an output's lines the agent named in the next messages (./values.ts `namedLines`): its
 * section's weight times this is a decision's — the value is what a decision went on with.
 */
export const VALUE_NAMED_BOOST = 3;
/** What a named listing's item says after its call's label: a merge of the summary ranks it as it was ranked. */
const NAMED_MARK = ' (used next)';
/** Failure lines of one output kept as candidates (the excerpt is chosen among them). */
const ERROR_MAX_LINES = 24;
/** Longest excerpt of the session's first request (it states the goal; its details matter). */
const FIRST_REQUEST_MAX_CHARS = 600;
/** Parts of one long request kept as candidates. */
const REQUEST_MAX_PARTS = 48;
/** Characters per token assumed when estimating how much of the cap a section has filled. */
export const CHARS_PER_TOKEN = 3.5;
const STATEMENT_SECTION: Record<StatementKind, Section> = {
  constraint: 'constraints',
  decision: 'decisions',
  progress: 'decisions',
  note: 'decisions',
  plan: 'plans',
  next: 'plans',
  other: 'notes',
};
/** Boost of a statement, by kind: a step still owed above the rest, a report of work done below a choice. */
function statementBoost(kind: StatementKind): number {
  return kind === 'next' ? 1.3 : kind === 'progress' ? PROGRESS_BOOST : 1;
}
/**
 * The section of the assistant's statement: a constraint that is not firm (`we only need the first
 * row`, `this should be enough`) is its reasoning more than a rule — a note, so that it does not
 * push the user's rules, older and fewer, out of the constraints.
 */
function assistantSection(s: Statement): Section {
  return s.kind === 'constraint' && !isFirmConstraint(s.text) ? 'notes' : STATEMENT_SECTION[s.kind];
}
/** Boost of a step the message's own calls took, once they are answered (`Let me look at the image.` + a screenshot). */
const NARRATION_BOOST = 0.5;
/**
 * Words that give a step its reason or set it against another (`…, not on the invoice total: that is
 * how …`, `so that`, `instead of`): such a step is a choice the calls carry out, not narration of them.
 */
const REASONED =
  /[:;—]|\b(?:because|since|so that|so the|so it|in order|to avoid|to keep|not|instead|rather|than|which|otherwise|unless|only)\b/i;
/** Whether a statement only narrates the step the message's calls take (`Let me look at the image.`). */
function narrates(s: Statement): boolean {
  return s.kind === 'plan' && !REASONED.test(s.text);
}
/** Whether a message makes calls and every one of them was answered. */
function answered(m: ChatMessage, outcomes: Map<string, string>): boolean {
  const calls = m.tool_calls ?? [];
  if (!calls.length) return false;
  for (let k = 0; k < calls.length; k += 1) if (!outcomes.has((calls[k] as ChatToolCall).id)) return false;
  return true;
}
/** Boost of a report of work done (`I fixed the parser`): the files written and commands show it too. */
const PROGRESS_BOOST = 0.5;
/**
 * A command that gives a value (an environment assignment `PORT=5433 …`, a pinned version
 * `pkg==1.2.3` / `pkg@1.2.3`, a host or port flag): the value may be needed again, unlike the
 * hundredth `ls`.
 */
const SETS_VALUE =
  /(?:^|[\s;&|(])[A-Z][A-Z0-9_]{1,}=\S|[\w.-](?:==|~=|>=|@)v?\d+\.\d|\s--?(?:h|host|p|port|url|endpoint|region|env|profile|tag|image)[\s=]\S/;
/** Boost of a command that gives a value (commands weigh little otherwise). */
const VALUE_COMMAND_BOOST = 2;
/** Statements (and other sentences) taken from one assistant message. */
const ASSISTANT_MAX_STATEMENTS = 16;
/** Longest command item (the command with its values, and its outcome). */
const COMMAND_ITEM_MAX_CHARS = 560;
/** Statements taken from one prose document the agent writes (a design note, an ADR: its choices, not all its text). */
const WRITTEN_DOCUMENT_STATEMENTS = 8;
/** Statements taken from one commit's message. */
const COMMIT_STATEMENTS = 4;
/** Constraints taken from one document the agent read (AGENTS.md, a policy): below the user's own. */
const DOCUMENT_MAX_CONSTRAINTS = 12;
const DOCUMENT_BOOST = 0.6;
/** What the arguments of a call that reads a document contain (a cheap test before its paths are read). */
const DOCUMENT_HINT = /\.(?:md|mdx|markdown|rst|txt|adoc)\b|\b[A-Z][A-Z0-9_-]{2,}\b|[Pp]olic|[Rr]ules|[Gg]uideline/;
/** Longest arguments of a call that only reads a document (a path, a command): longer ones write. */
const DOCUMENT_CALL_MAX_CHARS = 1000;
/** Characters of a failed output searched for a refusal by rule. */
const POLICY_SCAN_CHARS = 8000;
/** A line that refuses by rule (`policy` as a word, not inside a name: `module.policy.db`, `engineering-policy.md`). */
const POLICY =
  /\b(?:read-only|readonly|not allowed|forbidden|prohibited|not permitted)\b|(?<![\w./-])polic(?:y|ies)(?![\w./-])/i;

/** A candidate item of the summary. */
export interface Item {
  section: Section;
  text: string;
  /** Position in the input (message index; earlier summaries below 0): larger is newer. */
  at: number;
  /** Factor on the section's weight. */
  boost: number;
  /**
   * Set when the items are scored (./extractive.ts); NaN until then (a fraction from the start:
   * see TermStats.rarity in ./salience.ts).
   */
  score: number;
  /** How many times it occurred (merged into the newest). */
  count: number;
  /** Failure lines of an error item, all of them; its text is an excerpt chosen later. */
  lines: string[] | undefined;
  /** What comes before the failure lines of an error item (the call). */
  head: string | undefined;
}

/** Options of {@link collect}. */
export interface CollectOptions {
  /**
   * The session's goal as the state block states it (its `Goal:` line, ./extractive.ts): the
   * request that opens as it does is the goal, boosted and read in full. Without it, the first
   * request of a range that starts the session is.
   */
  goal?: string;
  /** Estimated tokens after which a section collects no more (older) items; default: no limit. */
  sectionTokens?: number;
  /** Items not worth collecting (what the state block already says). */
  skip?: (section: Section, text: string, lines?: readonly string[]) => boolean;
  /**
   * The full output an archived result's digest refers to (`sha256:…`), when the caller loaded
   * it: the values a listing showed are read from it (a digest keeps only its first and last lines).
   */
  fullOutput?: (ref: string) => string | undefined;
  /** The items the previous summary held back (./extractive.ts `Extracted.reserve`), read after it. */
  reserve?: string;
  /** The reply that ended the range before this one, when it was text alone (./awaiting.ts). */
  awaiting?: string;
  /**
   * The first lines that open a harness's results (./text-calls.ts `harnessOpenings`), when the
   * caller found them: the range's, the summary before's and those carried on from earlier ranges.
   */
  openings?: ReadonlySet<string>;
}

/**
 * How much further back than a full section (its fill limit, this many times over) boosted items
 * are still collected: a goal, a step owed, a command that sets a value outranks newer routine.
 */
const BOOSTED_FILL = 3;
/** Boost of a user's request that says what to do, must hold, was chosen or is still owed: above chatter (`ok, keep going`). */
const COMMITTING_REQUEST_BOOST = 1.5;
/** Boost of a sentence that states what the user is after, inside a longer message: as the session's first request. */
const GOAL_BOOST = 2;
/** A short request that moves to the next piece of work: `now the importer`, `next: the dashboards`. */
const TASK_SWITCH = /^(?:now|next(?: up| task)?|then|moving on)\b[\s:,-]+\S/i;

/** The boost of a request item with these statements (./statements.ts, without `other`). */
function requestBoost(statements: readonly Statement[], text: string): number {
  if (TASK_SWITCH.test(text)) return COMMITTING_REQUEST_BOOST;
  for (let k = 0; k < statements.length; k += 1)
    if ((statements[k] as Statement).kind !== 'note') return COMMITTING_REQUEST_BOOST;
  return 1;
}

/**
 * The boost an earlier summary's item had when it was first read, as far as its text tells: a
 * request's (a goal, a commitment), a command's that gives a value, a statement's by its kind.
 * Without it, every merge would flatten what the first reading ranked.
 */
function earlierBoost(e: EarlierItem, kinds: SentenceKinds): number {
  switch (e.section) {
    case 'requests':
      return e.text.startsWith('↳ ') && statesGoal(e.text.slice(2))
        ? GOAL_BOOST
        : requestBoost(statementsIn(e.text, 4, false, kinds), e.text);
    case 'commands':
      return SETS_VALUE.test(e.text) ? VALUE_COMMAND_BOOST : 1;
    case 'values':
      return e.text.includes(`${NAMED_MARK}: `) ? VALUE_NAMED_BOOST : 1;
    case 'plans':
    case 'decisions': {
      const kind = statementsIn(e.text, 1, false, kinds)[0]?.kind;
      return kind === undefined ? 1 : statementBoost(kind);
    }
    default:
      return 1;
  }
}

/** Characters of a request compared with the goal the state block states (it clips its goal to 200). */
const GOAL_PREFIX_CHARS = 40;

/** Whether a request (or an earlier summary's request item) is the goal the state block states. */
function isGoal(text: string, goal: string): boolean {
  const t = squeeze(text.startsWith('↳ ') ? text.slice(2) : text, GOAL_PREFIX_CHARS * 4).slice(0, GOAL_PREFIX_CHARS);
  const g = goal.endsWith('…') ? goal.slice(0, -1) : goal;
  const k = Math.min(GOAL_PREFIX_CHARS, t.length, g.length);
  return k >= 8 && t.slice(0, k) === g.slice(0, k);
}

/** Whether an item opens with one of `openings` (a harness's heading, then the output it headed). */
function opensAs(text: string, openings: ReadonlySet<string>): boolean {
  for (const first of openings) if (text.startsWith(first) && /^[\s:.(]/.test(text.slice(first.length))) return true;
  return false;
}

/**
 * What a plans or decisions item says to do, to compare one with another: without the file it was
 * read from (`… (/app/todo.md)`), a label of at most three words, a list marker or a checklist's box
 * before it (`Todo: `, `done: `, `todo.md: - [x] `), lower-cased.
 */
function stepKey(text: string): string {
  return text.replace(STEP_SOURCE, '').replace(STEP_LEAD, '').toLowerCase();
}
const STEP_SOURCE = / \([^()\n]{1,200}\)$/;
const STEP_LEAD = /^(?:[^:\s]{1,60}(?: [^:\s]{1,30}){0,2}: )?(?:[-*+] )?(?:\[[ xX]\] )?/;

/**
 * Adds a candidate: its section, text, message index, boost, longest text, failure lines (an
 * error's) and count; `logCount`: the count is a state block's, of the whole log — it stands for an
 * item not seen otherwise, and adds nothing to an equal item's own count (which it overlaps).
 */
type Adder = (
  section: Section,
  text: string,
  at: number,
  boost?: number,
  max?: number,
  lines?: string[],
  count?: number,
  logCount?: boolean,
) => void;

/** The candidate items, oldest first (items of one message in their order). */
export function collect(
  input: readonly ChatMessage[],
  previousSummary: string | undefined,
  options: CollectOptions = {},
): Item[] {
  // calls made in text (a ReAct `Action:`, a code block) and their outputs sent as user messages: read as calls
  // (after a previous summary, the range may open on the output of a call made before it)
  // (a range that continues after a reply that wrote a call in text: its first message may be that call's output)
  const openings = options.openings ?? harnessOpenings(input, previousSummary);
  const messages =
    options.awaiting !== undefined
      ? withTextCallsAfter(input, options.awaiting, previousSummary, openings)
      : withTextCalls(input, previousSummary !== undefined, previousSummary, openings);
  const limit = options.sectionTokens ?? Infinity;
  // per section, its estimated tokens and its items by text: one record looked up by the
  // section's name, then plain fields (a lookup by a name that varies costs a hash probe)
  const sections = {} as Record<Section, { used: number; byText: Map<string, Item> }>;
  for (let k = 0; k < SECTIONS.length; k += 1) sections[SECTIONS[k] as Section] = { used: 0, byText: new Map() };
  const order: Item[] = [];
  /** The steps of the decisions collected ({@link stepKey}). */
  const settled = new Set<string>();
  const full = (section: Section) => sections[section].used >= limit;
  /** Full even for boosted items ({@link BOOSTED_FILL}). */
  const spent = (section: Section) => sections[section].used >= limit * BOOSTED_FILL;
  // (its arguments passed on one by one: rest and spread parameters build an array on each of the
  // thousands of calls; an undefined one takes force's default as it did through the spread)
  const add: Adder = (section, text, at, boost = 1, max, lines, count, logCount) => {
    // an older item ranks below a full section's newer ones unless boosted: those are read further back
    const used = sections[section].used;
    if (used < limit || (boost > 1 && used < limit * BOOSTED_FILL))
      force(section, text, at, boost, max, lines, count, logCount);
  };
  /** {@link add}, even to a full section (for the session's first request: its goal). */
  const force: Adder = (section, text, at, boost = 1, max = ITEM_MAX_CHARS, lines, count = 1, logCount = false) => {
    const into = sections[section];
    const head = lines ? text : undefined;
    if (lines) text = `${text}${lines.join(' | ')}`;
    // (an error's or a listing's lines verbatim: `ERROR:  42703` keeps its two spaces; so does a
    // rule quoted whole, `//  * islands/x.tsx: never …`)
    const t =
      section === 'errors' || section === 'values' || (section === 'constraints' && text.length <= max)
        ? verbatimLine(text, max)
        : oneLine(text, max);
    if (!t || options.skip?.(section, t, lines)) return;
    // a step a later message settled (a checklist's box ticked, `done: X`, the same step as a
    // decision; read first: newest first) is no step still owed
    if (section === 'decisions') settled.add(stepKey(t));
    else if (section === 'plans' && settled.size && settled.has(stepKey(t))) return;
    const seen = into.byText.get(t); // read newest first: the one seen is the newer
    if (seen) {
      // (a rolling summary that added its state block's counts to its own would count an error
      // again at every compaction while the state block still shows it)
      if (!logCount) seen.count += count;
      seen.boost = Math.max(seen.boost, boost);
      return;
    }
    // every item has every field: one shape for all, which the code that reads them is compiled for
    const item: Item = { section, text: t, at, boost, score: NaN, count, lines, head };
    into.byText.set(t, item);
    order.push(item);
    into.used += Math.ceil(t.length / CHARS_PER_TOKEN) + 2;
  };
  const kinds: SentenceKinds = new Map();
  /** Adds an earlier summary's items; returns whether it had a request. */
  const addEarlier = (text: string, at: number, mayHoldGoal = true): boolean => {
    // file names an older summarizer kept are checked again (it may have taken `turn.reply` for one)
    // an earlier summary's items were bounded when first written; its request that the state block
    // names as the goal is the session's goal (without a state block: its first request)
    const items = earlierItems(text);
    let requests = false;
    let goalSeen = !mayHoldGoal;
    for (let k = 0; k < items.length; k += 1) {
      const e = items[k] as EarlierItem;
      if ((e.section === 'files' || e.section === 'edits') && !isPath(e.text)) continue;
      // (a harness's results an earlier summary took for requests, one range at a time: outputs, not requests)
      if (e.section === 'requests' && openings.size && opensAs(e.text, openings)) continue;
      const first =
        !goalSeen &&
        e.section === 'requests' &&
        (options.goal !== undefined ? isGoal(e.text, options.goal) : !requests);
      if (first) goalSeen = true;
      if (e.section === 'requests') requests = true;
      // as it was ranked when first read: a request that commits to something above chatter
      const boost = first ? 2 : earlierBoost(e, kinds);
      if (e.lines) add('errors', e.text, at, boost, ERROR_MAX_CHARS * 8, e.lines, e.count, e.logCount);
      else
        add(
          e.section,
          e.text,
          at,
          boost,
          e.section === 'errors' ? ERROR_MAX_CHARS : FIRST_REQUEST_MAX_CHARS,
          undefined,
          e.count,
          e.logCount,
        );
    }
    return requests;
  };

  const calls = new Map<string, Call>();
  for (let at = 0; at < messages.length; at += 1) {
    const toolCalls = (messages[at] as ChatMessage).tool_calls ?? [];
    for (let k = 0; k < toolCalls.length; k += 1) {
      const c = toolCalls[k] as ChatToolCall;
      calls.set(c.id, {
        name: c.function.name,
        raw: c.function.arguments,
        args: undefined,
        label: undefined,
        files: undefined,
      });
    }
  }
  const outcomes = new Map<string, string>();
  const outputs = new Map<string, ToolOutput>();
  // the fragments each message names values by (./values.ts), read once, on demand
  const fragments = new Map<number, string[]>();
  const namedAfter = (at: number): string[] => {
    const out: string[] = [];
    for (let k = at + 1; k <= at + NAMING_WINDOW && k < messages.length; k += 1) {
      const m = messages[k] as ChatMessage;
      if (m.role === 'tool') continue;
      let said = fragments.get(k);
      if (!said) fragments.set(k, (said = messageFragments(m)));
      for (let f = 0; f < said.length && out.length < NAMING_MAX_FRAGMENTS; f += 1)
        if (!out.includes(said[f] as string)) out.push(said[f] as string);
    }
    return out;
  };
  const results: Results = { outcomes, outputs, add, full, kinds, fullOutput: options.fullOutput, namedAfter };
  const firstUser = messages.findIndex((m) => m.role === 'user' && !(m.content ?? '').startsWith(SUMMARY_PREFIX));
  // the range's first request is the session's goal only where the session starts: when the
  // state block names the goal, the request that opens as it does; else a range with no summary before it
  // (a user message before the first request is a summary)
  const goal = options.goal;
  const firstRequest =
    firstUser >= 0 &&
    (goal !== undefined
      ? isGoal(requestText((messages[firstUser] as ChatMessage).content ?? ''), goal)
      : previousSummary === undefined && !messages.some((m, k) => k < firstUser && m.role === 'user'))
      ? firstUser
      : -1;
  for (let at = messages.length - 1; at >= 0; at -= 1) {
    if (SECTIONS.every(spent)) {
      // nothing older could be chosen, but the first request (the goal) is read whatever is full
      if (at <= firstRequest || firstRequest < 0) break;
      at = firstRequest;
    }
    const m = messages[at] as ChatMessage;
    // (an assistant's text in a chat template's tokens, `<|START_THINKING|>…<|END_THINKING|>`: its words)
    const content = m.role === 'assistant' ? withoutTemplateTokens(m.content ?? '') : (m.content ?? '');
    let readable = content;
    if (m.role === 'tool') {
      if (!full('commands') || !full('errors')) result(m, at, calls.get(m.tool_call_id ?? ''), results);
      else if (!spent('requests')) {
        // older outputs only for what they say of the task (their failures rank below the newer ones)
        const raw = content;
        let output = outputs.get(raw);
        if (!output) outputs.set(raw, (output = readOutput(raw)));
        if (!output.digestEvidence?.length) tasks(output, at, add);
      }
      continue;
    }
    if (m.role === 'user' && content.startsWith(SUMMARY_PREFIX)) {
      addEarlier(content, at - 0.5);
      continue;
    }
    // a tool's result a harness sends as a user message (`[execute_command for 'npm test'] Result:`):
    // read as the tool's output; only the user's words in it (an answer, feedback) are a request
    // (the first user message of a range is one too, but for the session's first request: a range cut
    // inside a long turn opens on a result)
    const textual = m.role === 'user' && at !== firstRequest ? textToolResult(content) : undefined;
    if (textual) {
      const call = textCall(textual);
      outcomes.delete('');
      if (!full('commands') || !full('errors') || !full('values'))
        result({ role: 'tool', content: textual.output }, at, call, results);
      const outcome = outcomes.get('');
      if (isCommandTool(textual.name) && !full('commands'))
        add(
          'commands',
          outcome === undefined ? label(call) : `${label(call)} → ${outcome}`,
          at,
          1,
          COMMAND_ITEM_MAX_CHARS,
        );
      else if (textual.arg !== undefined && isPath(textual.arg) && !full('files')) add('files', textual.arg, at);
      if (!textual.words) continue;
    }
    if (m.role === 'user') {
      const first = at === firstRequest;
      const max = first ? FIRST_REQUEST_MAX_CHARS : ITEM_MAX_CHARS;
      // output the user pasted (a log, a trace, a build) is read like a tool's: its failure lines
      // (the user's words: without the context blocks a harness wraps them in)
      // (the rules a harness put in blocks of their own beside the words: read below)
      const own = textual ? undefined : requestAndRules(content);
      const { prose, pasted } = splitPasted(own?.request ?? (textual as TextToolResult).words);
      readable = prose;
      if (pasted && !full('errors')) {
        const evidence = pastedEvidence(pasted);
        if (evidence.length) {
          add('errors', 'pasted by the user: ', at, 1, ERROR_MAX_CHARS * 8, evidence.slice(0, ERROR_MAX_LINES));
          for (const line of policyLines(pasted)) add('constraints', line, at, DOCUMENT_BOOST);
        }
      }
      const request = oneLine(prose, max);
      // the session's first request states the goal: all of it is read, however full its sections are
      const put = first ? force : add;
      const statements =
        full('constraints') && spent('requests') && !first
          ? []
          : firmFirst(statementsIn(prose, USER_SCAN_STATEMENTS, false, kinds), USER_MAX_STATEMENTS);
      put('requests', request, at, first ? 2 : requestBoost(statements, prose), max);
      // the user's own constraints and decisions are requirements, whatever their phrasing;
      // those the kept request already shows in full are not repeated
      for (let k = 0; k < statements.length; k += 1) {
        const text = (statements[k] as Statement).text;
        if (request.includes(oneLine(text))) continue;
        // what the user is after, said inside a longer message (a pasted issue's ask): a goal
        if (statesGoal(text)) put('requests', `↳ ${text}`, at, GOAL_BOOST);
        else put('constraints', text, at);
      }
      // rules a harness put beside the words in a block of their own (`<instructions>`, `<user_rules>`):
      // no part of the request, but rules the session keeps
      const rules = own === undefined || full('constraints') ? '' : own.rules;
      if (rules) {
        const said = documentStatements(rules, USER_SCAN_STATEMENTS, kinds).filter((s) => s.kind === 'constraint');
        for (const s of firmFirst(said, DOCUMENT_MAX_CONSTRAINTS)) add('constraints', s.text, at);
      }
      // the rest of a long request, sentence by sentence: values and details given in passing
      if (request.length < prose.length && (!full('requests') || first)) {
        const taken = new Set(statements.map((s) => oneLine(s.text)));
        let added = 0;
        const parts = requestParts(prose);
        for (let k = 0; k < parts.length && added < REQUEST_MAX_PARTS; k += 1) {
          const part = parts[k] as string;
          if (request.includes(part) || taken.has(part)) continue;
          put('requests', `↳ ${part}`, at, first ? 1.2 : 0.8);
          added += 1;
        }
      }
    }
    if (m.role === 'assistant') {
      if (content && (!full('constraints') || !full('decisions') || !spent('plans') || !full('notes'))) {
        const statements = statementsIn(content, ASSISTANT_MAX_STATEMENTS, true, kinds);
        const done = answered(m, outcomes);
        for (let k = 0; k < statements.length; k += 1) {
          const s = statements[k] as Statement;
          add(assistantSection(s), s.text, at, done && narrates(s) ? NARRATION_BOOST : statementBoost(s.kind));
        }
      }
      // edits written in the text itself (search/replace blocks, diffs, patches)
      if (content) {
        const edits = textEdits(content);
        for (const file of edits.paths) add('edits', file, at);
        for (const marker of edits.markers) add('plans', marker, at, 1.3);
        for (const c of edits.said) add(STATEMENT_SECTION[c.kind], c.text, at, statementBoost(c.kind));
        for (const change of edits.changes) add('decisions', change, at, 0.8);
      }
      for (const c of m.tool_calls ?? []) {
        const call = calls.get(c.id) as Call;
        const outcome = outcomes.get(c.id);
        const files = callFiles(call);
        const args = argsOf(call);
        // (a command that writes files stays a command: its outcome is listed, its files written too)
        const writes = files.written.length > 0 && !files.byCommand;
        // what the arguments say: a thought, a plan, a todo list (its open items the steps still owed)
        const facts = argumentFacts(args, writes);
        // statements of one call's prose arguments: as many as one assistant message gives, in all
        let said = 0;
        for (const f of facts) {
          if (f.kind === 'next') add('plans', f.text, at, 1.3);
          else if (f.kind === 'done') add('decisions', `done: ${f.text}`, at, 0.8);
          else
            for (const s of statementsIn(f.text, ASSISTANT_MAX_STATEMENTS - said, true, kinds)) {
              add(assistantSection(s), s.text, at, statementBoost(s.kind));
              said += 1;
            }
          if (said >= ASSISTANT_MAX_STATEMENTS) break;
        }
        if (writes) {
          // what the edit writes: pending markers left in the code, the lines of a small edit
          const written = writtenFacts(args);
          const where = files.written[0] as string;
          for (const marker of written.markers) add('plans', `${marker} (${where})`, at, 1.3);
          for (const c of written.said)
            add(STATEMENT_SECTION[c.kind], `${c.text} (${where})`, at, statementBoost(c.kind));
          if (written.small.length) add('decisions', `${where}: ${written.small.join(' | ')}`, at, 0.8);
          // a prose document the agent writes (a design note, an ADR, a plan, a spec) states its
          // choices and steps as the agent's narration does: they are read as its statements
          if (isDocumentPath(where) && (!full('decisions') || !spent('plans') || !full('constraints')))
            for (const st of statementsIn(documentBody(writtenText(args)), WRITTEN_DOCUMENT_STATEMENTS, false, kinds))
              add(STATEMENT_SECTION[st.kind], `${st.text} (${where})`, at, statementBoost(st.kind));
        }
        for (const file of files.written) add('edits', file, at);
        if (writes && !outcome?.startsWith('error')) continue; // the edit is in Files written
        // a call that only carried statements (a thought, a todo list) is no command worth listing
        if (facts.length && commandOf(args) === undefined && !files.read.length) continue;
        const command = commandOf(args);
        // a commit's message: what the agent says it did and chose, in its own words (its subject
        // a report of work done when it states nothing the recogniser knows)
        if (command !== undefined && command.includes('commit'))
          for (const message of commitMessages(command)) {
            const said = statementsIn(message, COMMIT_STATEMENTS, false, kinds);
            if (!said.length) add('decisions', oneLine(message.split('\n')[0] as string), at, PROGRESS_BOOST);
            for (const st of said) add(STATEMENT_SECTION[st.kind], st.text, at, statementBoost(st.kind));
          }
        const setsValue = command !== undefined && SETS_VALUE.test(command);
        if (!full('commands') || (setsValue && !spent('commands'))) {
          add(
            'commands',
            outcome === undefined ? label(call) : `${label(call)} → ${outcome}`,
            at,
            setsValue ? VALUE_COMMAND_BOOST : 1,
            COMMAND_ITEM_MAX_CHARS,
          );
        }
        for (const file of files.read) add('files', file, at, 1.3);
      }
    }
    if (!full('files')) for (const file of pathsIn(readable)) add('files', file, at);
  }
  const requested = previousSummary ? addEarlier(previousSummary, -1) : false;
  // what it held back ranks just below it (a goal it held back is the goal)
  if (options.reserve) addEarlier(options.reserve, -2, !requested);
  return oldestFirst(order);
}

/**
 * The items oldest first, the items of one message in their order: what a stable sort by `at`
 * gives. They were collected newest message first, so `at` never grows along `order` and the
 * sort is a reversal of its runs of equal `at`, done in one pass (a sort that does not know this
 * compares each item a dozen times).
 */
function oldestFirst(order: Item[]): Item[] {
  const out: Item[] = [];
  for (let end = order.length; end > 0;) {
    const at = (order[end - 1] as Item).at;
    let start = end - 1;
    while (start > 0 && (order[start - 1] as Item).at === at) start -= 1;
    if (start > 0 && (order[start - 1] as Item).at < at) return order.sort((a, b) => a.at - b.at); // (not collected so)
    for (let k = start; k < end; k += 1) out.push(order[k] as Item);
    end = start;
  }
  return out;
}

/** What {@link result} records into, shared by the tool results of one {@link collect}. */
interface Results {
  /** Outcome by tool call id, for the call's item. */
  outcomes: Map<string, string>;
  /** Each distinct output read once (a session repeats its outputs: the same failing run, retried). */
  outputs: Map<string, ToolOutput>;
  add: Adder;
  full: (section: Section) => boolean;
  kinds: SentenceKinds;
  fullOutput: ((ref: string) => string | undefined) | undefined;
  /** The fragments of values (./values.ts `namingFragments`) the messages after message `at` name. */
  namedAfter: (at: number) => string[];
}

/** One tool output as read: how it ended and its failure lines (each found on demand, once). */
interface ToolOutput {
  /** The output without content references. */
  content: string;
  outcome: string;
  /** An archived digest's failure lines (taken from the full output when it was archived). */
  digestEvidence: string[] | undefined;
  /** Failure lines of the output of a command (its exit status unknown here). */
  commandEvidence: string[] | undefined;
  /** Failure lines of the output of another tool (believed only with a failure summary, or when its JSON said it failed). */
  otherEvidence: string[] | undefined;
  /** Whether its rules were read (when it is a document). */
  documentRead: boolean;
  /** Its lines that refuse by rule (found once, when it failed). */
  policy: string[] | undefined;
  /** An archived digest's noted lines: what a summary takes from an output that is no failure. */
  noted: string[] | undefined;
  /** An archived digest's reference to the full output, or a cut output's (a digest's has `digestEvidence`). */
  fullRef: string | undefined;
  /** True when the JSON it came in says the tool failed (`"isError": true`, `"status": "error"`, an `error-text` type). */
  failed: true | undefined;
  /** Its lines that state a value (./values.ts), found once, when it did not fail. */
  values: string[] | undefined;
  /** The files it lists (a search's matches, a `find`; ./paths.ts `listedPaths`), found once, when it did not fail. */
  listed: string[] | undefined;
  /** An archived output's full text, read back by the caller ('' when it was not), found on first use. */
  full: string | undefined;
  /**
   * Its title field ({@link titleOf}; null: none), found on its first call without failure lines:
   * a session repeats its outputs, and each search runs a case-insensitive expression.
   */
  title: string | null | undefined;
  /** The first line of its body when it is a ticket or a mail (./pasted.ts `ticketBody`; null: none), found with the title. */
  body: string | null | undefined;
}

/** Longest arguments of a call read for the values it names: a command, an id; not a file's body written. */
const NAMING_ARGS_MAX_CHARS = 256;

/** What a message says, its calls' short arguments included (where it names a value it goes on with). */
/**
 * The fragments a message names values by: of its words and short arguments (./values.ts
 * `namingFragments`), and of a long argument (a file written, a script) only the long ones — the
 * id or hash it copies from an output (`rev = "0681784944b8…"`), not every number of its code.
 */
function messageFragments(m: ChatMessage): string[] {
  const said = namingFragments(messageWords(m));
  // (and the names in capitals its own words give: a label or a setting it read, `GAZEGAL noted`)
  for (const name of capitalNames(m.content ?? ''))
    if (said.length < MESSAGE_MAX_FRAGMENTS && !said.includes(name)) said.push(name);
  const calls = m.tool_calls ?? [];
  for (let k = 0; k < calls.length && said.length < MESSAGE_MAX_FRAGMENTS; k += 1) {
    const args = (calls[k] as ChatToolCall).function.arguments;
    if (args.length <= NAMING_ARGS_MAX_CHARS) continue;
    const head = args.length > LONG_ARGS_SCAN_CHARS ? args.slice(0, LONG_ARGS_SCAN_CHARS) : args;
    for (const f of namingFragments(head, LONG_ARGS_MIN_FRAGMENT_CHARS)) if (!said.includes(f)) said.push(f);
  }
  return said.length > MESSAGE_MAX_FRAGMENTS ? said.slice(0, MESSAGE_MAX_FRAGMENTS) : said;
}

/** Shortest fragment read from a long argument (a 12-character id or hash: `cus_CLMDLFMLi5rJrG`, a git rev). */
const LONG_ARGS_MIN_FRAGMENT_CHARS = 12;
/** Characters of a long argument read for them (a file's head, where a copied rev or id usually stands). */
const LONG_ARGS_SCAN_CHARS = 1_024;

function messageWords(m: ChatMessage): string {
  const calls = m.tool_calls ?? [];
  let text = m.content ?? '';
  for (let k = 0; k < calls.length; k += 1) {
    const args = (calls[k] as ChatToolCall).function.arguments;
    if (args.length <= NAMING_ARGS_MAX_CHARS) text += `\n${args}`;
  }
  return text;
}

/**
 * A call that asks another party — a coworker agent, an expert, the person (`ask_question_to_coworker`,
 * `delegate_work_to_coworker`, `ask_human`, `consult_expert`): its output is what that party said.
 */
const ASKING_CALL =
  /(?:^|[_.-])(?:ask|asks|question|consult|delegate|clarify|coworker|human|expert|advisor)(?:$|[_.-])/i;
/** Longest answer read as one ({@link isAnswerTo}); a longer prose output is read when it is a document. */
const ANSWER_MAX_CHARS = 2_000;

/**
 * Whether an output is the answer of a party a call asked ({@link ASKING_CALL}): a few sentences
 * of prose, too short to be a document (./pasted.ts `isProse` reads three lines or more), whose
 * rules and decisions are that party's — as the user's own words are.
 */
function isAnswerTo(call: Call | undefined, text: string): boolean {
  return (
    call !== undefined &&
    text.length <= ANSWER_MAX_CHARS &&
    ASKING_CALL.test(call.name) &&
    /\p{L}{2,}[^.!?\n]*[.!?](?:\s|$)/u.test(text)
  );
}

/** Whether a call may read a document (short arguments that name one): checked before its files are looked up. */
function isDocumentCall(call: Call): boolean {
  return call.raw.length <= DOCUMENT_CALL_MAX_CHARS && DOCUMENT_HINT.test(call.raw);
}

/** Lines of failed output that refuse by rule (a hook's `policy violation: vendor/ is read-only`), at most 3. */
function policyLines(output: string): string[] {
  const text = output.length > POLICY_SCAN_CHARS ? output.slice(0, POLICY_SCAN_CHARS) : output;
  if (!POLICY.test(text)) return [];
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const t = line.trim();
    // (a test of a policy, failing, is a test's result: `FAIL test/policy.test.ts > policy > …`)
    if (POLICY.test(t) && t.length <= ITEM_MAX_CHARS && !namesFailingTest(t) && out.push(t) >= 3) break;
  }
  return out;
}

/**
 * What an output says of the task, whatever the sections' fill (such items are boosted): what an
 * archived output's digest noted (an issue's title, a document's goals and rules), and the title
 * of an issue or ticket the agent fetched (`gh issue view`, a tracker's CLI).
 */
function tasks(output: ToolOutput, at: number, add: Adder): void {
  const noted = output.noted ?? [];
  for (let k = 0; k < noted.length; k += 1) {
    const line = noted[k] as string;
    const title = line.startsWith('title: ');
    documentLine(add, at, title ? line.slice(7) : line, title || statesGoal(line));
  }
  if (output.title === undefined) output.title = titleOf(output.content);
  if (output.title !== null) documentLine(add, at, output.title, true);
  // (what a ticket or a mail asks, when its title does not say it)
  if (output.body === undefined) output.body = ticketBody(output.content) ?? null;
  if (output.body !== null && output.body !== output.title) documentLine(add, at, output.body, true);
}

/** The title field an output starts with (an issue or ticket fetched), or null. */
function titleOf(content: string): string | null {
  const title = TITLE_FIELD.exec(content.slice(0, TITLE_SCAN_CHARS));
  return title ? (title[1] as string).trim() : null;
}

/** A line a document (or its digest) gives: a goal or title as a request, else a rule below the user's own. */
function documentLine(add: Adder, at: number, text: string, goal: boolean): void {
  if (goal) add('requests', `↳ ${text}`, at, DOCUMENT_BOOST * 2);
  else add('constraints', text, at, DOCUMENT_BOOST);
}

/** Records a tool result: its outcome (for its call's item), its failure lines as errors. */
function result(m: ChatMessage, at: number, call: Call | undefined, into: Results): void {
  const { add, full } = into;
  const raw = m.content ?? '';
  let output = into.outputs.get(raw);
  if (!output) into.outputs.set(raw, (output = readOutput(raw)));
  let evidence: string[] = output.digestEvidence ?? [];
  if (!output.digestEvidence && !full('errors')) evidence = failureLines(output, call);
  into.outcomes.set(m.tool_call_id ?? '', output.outcome);
  if (call && !evidence.length) tasks(output, at, add);
  // (an archived output's digest is no document: the document is its full output, when it was
  // read back from the store; else what it said is the digest's noted lines, read by tasks)
  // (a file view read without its line numbers: its comments and lists as the file has them)
  const text = withoutGutter(fullText(output, into));
  // (an output of no known call too: a harness's report of files it put in the chat, a text
  // protocol's output whose call is in an earlier range: what it shows is read all the same)
  if (!output.documentRead && text && !full('constraints')) {
    // a prose document read (AGENTS.md, CONTRIBUTING.md, a policy, an issue or a review fetched
    // by a command): its rules, below the user's own, and what it asks for
    output.documentRead = true;
    const files = call ? callFiles(call) : undefined;
    // (the document a script reads, not the directory it changes to first: `cd ~/calc && cat CONVENTIONS.md`)
    const path = call && isDocumentCall(call) ? (files?.read.find(isDocumentPath) ?? files?.read[0]) : undefined;
    const doc =
      path !== undefined
        ? readDocument(path, text)
        : !evidence.length && !files?.read.some(isNoDocumentPath) && (isProse(text) || isAnswerTo(call, text))
          ? readDocument('', text, true)
          : undefined;
    // a policy kept as data (`.agent/policy.yaml`): its rules are the sentences among its values
    const read = doc === undefined ? files?.read[0] : undefined;
    if (read !== undefined) {
      for (const rule of dataRules(read, text, DOCUMENT_MAX_CONSTRAINTS)) documentLine(add, at, rule, false);
    }
    // a checks' configuration read (by a command too: `sed -n '20,40p' build.gradle.kts` after a `cd`):
    // the settings the code must pass (`strict = true`, a lint rule made an error)
    const config = doc === undefined ? files?.read.find(isChecksConfigPath) : undefined;
    if (config !== undefined) {
      const name = config.slice(config.search(/[^/\\]*$/));
      for (const rule of configRules(text)) documentLine(add, at, `${name}: ${rule}`, false);
    }
    // code, configuration or any output that is no document: the rules its authors marked in comments
    if (doc === undefined) {
      for (const rule of markedRules(text)) documentLine(add, at, rule, false);
      // and the sentences a configuration lists under a key that names rules (`rules:`, `freeze:`)
      for (const rule of listedRules(text)) documentLine(add, at, rule, false);
      // and what people wrote in a thread or comments exported as JSON (`"text": "… must …"`)
      for (const rule of messageRules(text)) documentLine(add, at, rule, false);
    }
    if (doc) {
      // (a document titled as rules, `Development guidelines`: its items are rules, its title is none)
      const ruled = titledRules(doc);
      const said = documentStatements(
        ruled ?? doc,
        DOCUMENT_MAX_CONSTRAINTS * 4,
        into.kinds,
        ruled !== undefined || (path !== undefined && isRulesFile(path)),
        true,
      );
      // its goals first, what it records as decided and still to do, then its first rules
      for (const s of said) {
        if (s.kind === 'decision') add('decisions', s.text, at, DOCUMENT_BOOST);
        else if (s.kind === 'next') add('plans', s.text, at, DOCUMENT_BOOST);
        else if (s.kind !== 'constraint') documentLine(add, at, s.text, true);
      }
      let taken = 0;
      for (const s of said) {
        if (s.kind !== 'constraint') continue;
        documentLine(add, at, s.text, false);
        if ((taken += 1) >= DOCUMENT_MAX_CONSTRAINTS) break;
      }
    }
  }
  // the files a search or a listing found (where the agent goes next)
  if (call && !evidence.length && !full('files')) {
    output.listed ??= text ? listedPaths(text, LISTED_MAX_PATHS) : [];
    for (let k = 0; k < output.listed.length; k += 1) add('files', output.listed[k] as string, at);
  }
  // a listing's values (an environment, a config, a table): the excerpt is chosen by their rarity
  const failed = evidence.length > 0 || output.outcome.startsWith('error');
  if (call && !full('values')) {
    const head = `${clip(label(call), VALUE_LABEL_MAX_CHARS)}: `;
    // the lines of any output the agent went on to name are what it used: those, boosted as a decision is
    // (what the call itself was given, the output may only echo: `wrote … to <path>`, a query's id)
    // (code read back is the Files section's: its identifiers recur in the edits that follow)
    let fragments = text && !readsSource(call) ? into.namedAfter(at) : [];
    if (fragments.length) {
      const given = call.raw.toLowerCase();
      fragments = fragments.filter((f) => !given.includes(f.toLowerCase()));
    }
    // (of a failed output too — the hash a mismatch reports, the port a bind error offers —, its
    // failure lines aside: they are its error item)
    let named = fragments.length ? namedLines(text, fragments) : [];
    if (failed && named.length) named = named.filter((l) => !evidence.some((e) => sameLine(e, l)));
    if (named.length)
      add('values', `${head.slice(0, -2)}${NAMED_MARK}: `, at, VALUE_NAMED_BOOST, ERROR_MAX_CHARS * 8, named);
    else if (!failed) {
      output.values ??= outputValues(output, call, text, full('errors'));
      if (output.values.length) add('values', head, at, 1, ERROR_MAX_CHARS * 8, output.values);
    }
  }
  // a check that refuses by rule (a hook's "policy violation: X is read-only") states a constraint too
  if (evidence.length && !full('constraints'))
    for (const line of (output.policy ??= policyLines(output.content))) add('constraints', line, at, DOCUMENT_BOOST);
  if (!evidence.length || full('errors')) return;
  // (a command's label may be a whole inline script: clipped, it leaves the excerpt room for the failure)
  const name = call ? clip(label(call), ITEM_LABEL_MAX_CHARS) : 'tool';
  // every failure line is a candidate: the excerpt is chosen once their rarity is known (./extractive.ts)
  add('errors', `${name}: `, at, 1, ERROR_MAX_CHARS * 8, errorLines(evidence));
}

/**
 * The lines of an output that did not fail that state values: a listing's (./values.ts `valueLines`),
 * else, but for a source file read back, the answer it is or the report it ends with (`reportLines`)
 * — of an output whose failure lines were not looked for (the Errors section full), once they are.
 */
function outputValues(output: ToolOutput, call: Call, text: string, errorsFull: boolean): string[] {
  if (!text) return [];
  const listed = valueLines(text, callFiles(call).read[0]);
  if (listed.length || readsSource(call)) return listed;
  const report = reportLines(text);
  return report.length && (!errorsFull || output.digestEvidence !== undefined || !failureLines(output, call).length)
    ? report
    : [];
}

/**
 * The failure lines of an output that is no digest (found once): a command's or a program's run (code given to a
 * runtime: what it raised is its failure), or another tool's (believed only with a failure summary, or when the
 * JSON it came in said it failed).
 */
function failureLines(output: ToolOutput, call: Call | undefined): string[] {
  const args = call === undefined ? undefined : argsOf(call);
  const isCommand = args !== undefined && (commandOf(args) !== undefined || typeof args.code === 'string');
  // (what the JSON it came in said of how it ended is believed: a tool that says it failed did; so is
  // a last line that says a program it ran exited non-zero, `(exit 1)`, a runner's `[exit status 2]`)
  return isCommand
    ? (output.commandEvidence ??= failureEvidence(output.content, output.failed ? { failed: true } : {}))
    : (output.otherEvidence ??= failureEvidence(output.content, {
        failed: output.failed === true || exitedNonZero(output.content),
      }));
}

/** Whether an evidence line (trimmed, maybe clipped with an ellipsis) is the output's line `line`. */
function sameLine(evidence: string, line: string): boolean {
  const e = evidence.endsWith('…') ? evidence.slice(0, -1) : evidence;
  return e.length > 0 && line.includes(e.length > 60 ? e.slice(0, 60) : e);
}

/**
 * At most {@link ERROR_MAX_LINES} of an output's failure lines (the first ones and the last),
 * always in a new array built by push: the evidence comes from producers whose arrays differ in
 * their hidden class (map, filter, spread), and the code that reads the lines, compiled for
 * one kind, was thrown away on meeting another (recompilations in a new worker process).
 */
function errorLines(evidence: readonly string[]): string[] {
  const lines: string[] = [];
  const n = evidence.length;
  const head = n <= ERROR_MAX_LINES ? n : ERROR_MAX_LINES - 1;
  for (let i = 0; i < head; i += 1) lines.push(evidence[i] as string);
  if (head < n) lines.push(evidence[n - 1] as string);
  return lines;
}

/** A tool output's outcome, and an archived digest's failure lines (its header says how it ended). */
function readOutput(raw: string): ToolOutput {
  // (an output cut to its head and tail: the model saw those, its last line points at the whole)
  const cut = raw.startsWith('[Archived tool result]') ? undefined : cutReference(raw);
  const fullRef = cut ? cut.ref : raw.startsWith('[Archived tool result]') ? DIGEST_REF.exec(raw)?.[1] : undefined;
  // a harness's JSON wrapper is read through to its text (a cut one's escapes read: it is no JSON
  // any more), a cut output without the line that points at the whole
  let seen = raw;
  if (cut) {
    seen = unwrapped(raw).trimEnd();
    seen = seen.slice(0, seen.lastIndexOf('\n'));
  }
  const bare = seen.includes('sha256:') ? seen.replace(CONTENT_REF, '') : seen;
  const plain = cut || !mayBeWrapped(bare) ? undefined : plainOutput(bare);
  const content = plain ? plain.text : bare;
  const failed = plain?.failed === true ? true : undefined;
  if (content.startsWith('[Archived tool result]')) {
    const eol = content.indexOf('\n');
    const header = eol < 0 ? content : content.slice(0, eol);
    // how it ended (its size in bytes says little to the model)
    const outcome = header.slice(header.lastIndexOf('→ ') + 2).replace(/, [\d.]+ [KMG]?B$/, '');
    const block = /\nfailure lines:\n((?: {2}.*\n?)+)/.exec(content);
    // (built by push, as errorLines builds the lines it hands on: see there)
    const digestEvidence: string[] = [];
    const lines = block ? (block[1] as string).split('\n') : [];
    for (let k = 0; k < lines.length; k += 1) {
      const line = (lines[k] as string).trim();
      if (line) digestEvidence.push(line);
    }
    const notedBlock = /\nnoted:\n((?: {2}.*\n?)+)/.exec(content);
    const noted: string[] = [];
    const notedLines = notedBlock ? (notedBlock[1] as string).split('\n') : [];
    for (let k = 0; k < notedLines.length; k += 1) {
      const line = (notedLines[k] as string).trim();
      if (line) noted.push(line);
    }
    return {
      content,
      outcome,
      digestEvidence,
      commandEvidence: undefined,
      otherEvidence: undefined,
      documentRead: false,
      policy: undefined,
      noted,
      fullRef,
      failed,
      values: undefined,
      listed: undefined,
      full: undefined,
      title: undefined,
      body: undefined,
    };
  }
  const { count, last, before } = lineStats(content);
  const shown = last.replace(/^[\s=_\-#*~]{4,}|[\s=_\-#*~]{4,}$/g, '').trim();
  // (a last line that only says it finished, `Done.`, says less than the one before it: both)
  const ended = before && BARE_END.test(shown) ? `${clip(before.trim(), 120)} ${shown}` : shown;
  const outcome = `${count} ${count === 1 ? 'line' : 'lines'}${shown ? `, last: ${clip(ended, 160)}` : ''}`;
  return {
    content,
    outcome,
    digestEvidence: undefined,
    commandEvidence: undefined,
    otherEvidence: undefined,
    documentRead: false,
    policy: undefined,
    noted: undefined,
    fullRef,
    failed,
    values: undefined,
    listed: undefined,
    full: undefined,
    title: undefined,
    body: undefined,
  };
}

/**
 * The whole text of an output: as read, or for an archived or cut one its full output when the
 * caller read it back from the store (else for a cut one its head and tail, for an archived one
 * '': the digest is all there is). A tool's output a harness sent as text is stored as the
 * message was (`{"tool_results": […]}` read as its outputs' text).
 */
function fullText(output: ToolOutput, into: Results): string {
  if (output.fullRef === undefined) return output.content;
  if (output.full === undefined) {
    const stored = into.fullOutput?.(output.fullRef);
    // (without it, a cut output is what was shown; a digest, nothing: its lines are read as noted)
    output.full = stored
      ? unwrapped(jsonResults(stored) ?? stored)
      : output.digestEvidence === undefined
        ? output.content
        : '';
  }
  return output.full;
}

/** An output without a harness's wrapper (`{"output": "…", "metadata": …}`, MCP's `[{"type": "text", …}]`, `<returncode>…`). */
function unwrapped(text: string): string {
  return mayBeWrapped(text) ? plainOutput(text).text : text;
}

/** Whether `text` may be a wrapper {@link plainOutput} reads through (JSON, a tag, an accessibility tree). */
function mayBeWrapped(text: string): boolean {
  const first = text.charCodeAt(0);
  return first === 0x7b || first === 0x5b || first === 0x3c || mayBeAccessibilityTree(text);
}

/**
 * A tool's result sent as a user message by a harness that calls tools in text (Cline, Roo):
 * `[name for 'argument'] Result:` then the output. The user's own words in it — an `<answer>`
 * to the agent's question, `<feedback>`, `<user_message>` — are kept apart (empty when none).
 */
interface TextToolResult {
  name: string;
  arg: string | undefined;
  output: string;
  words: string;
}

/** Blocks of a text tool result that hold the user's own words. */
const USER_WORD_BLOCKS = ['answer', 'feedback', 'user_message'];
/** Tools that run a command (their argument is the command, not a path). */
const COMMAND_TOOL = /command|exec|shell|terminal|run|bash/i;

function textToolResult(content: string): TextToolResult | undefined {
  if (content.charCodeAt(0) !== 0x5b) return undefined;
  const head = TEXT_RESULT_HEAD.exec(content);
  if (!head) return undefined;
  const body = requestText(content.slice(head[0].length)); // (without the harness's environment details)
  // each block found by two forward searches (a regular expression would rescan an unclosed one)
  const words: string[] = [];
  let output = body;
  for (const name of USER_WORD_BLOCKS) {
    const open = `<${name}>`;
    const end = `</${name}>`;
    const kept: string[] = [];
    let last = 0;
    for (let from = output.indexOf(open); from >= 0; from = output.indexOf(open, last)) {
      const close = output.indexOf(end, from);
      if (close < 0) break;
      words.push(output.slice(from + open.length, close).trim());
      kept.push(output.slice(last, from));
      last = close + end.length;
    }
    if (last > 0) output = kept.join('') + output.slice(last);
  }
  return {
    name: head[1] as string,
    arg: head[2],
    output: words.length ? output.trim() : body,
    words: words.join('\n\n'),
  };
}

function isCommandTool(name: string): boolean {
  return COMMAND_TOOL.test(name);
}

/** The call a text tool result answers, as the summarizer reads calls (its argument a command or a path). */
function textCall(r: TextToolResult): Call {
  const args = r.arg === undefined ? {} : isCommandTool(r.name) ? { command: r.arg } : { path: r.arg };
  return { name: r.name, raw: JSON.stringify(args), args: undefined, label: undefined, files: undefined };
}

/** A digest's reference to the full output it stands for (src/context/digest.ts renders it last). */
export const DIGEST_REF = /\nfull output: (sha256:[0-9a-f]{64})/;

/** Sentences and lines of a request, one line each, without list markers. */
function requestParts(content: string): string[] {
  const out: string[] = [];
  const lines = content.split('\n');
  for (let k = 0; k < lines.length; k += 1) {
    const line = lines[k] as string;
    // only a line whose first character may start a marker is matched against them
    let lead = 0;
    while (lead < line.length && isSpace(line.charCodeAt(lead))) lead += 1;
    const c = line.charCodeAt(lead);
    // (a table's row, as a report prints it, is cells, not a detail the person gave)
    if ((c === 0x7c || c === 0x2a || c >= 0x2500) && isTableRow(line)) continue;
    const marked =
      c === 0x2d || c === 0x2a || c === 0x2b || c === 0x2022 || c === 0x3e || c === 0x23 || (c >= 0x30 && c <= 0x39);
    const body = marked ? line.replace(/^\s*(?:[-*+\u2022>]|\d{1,3}[.)]|#{1,6})\s+/, '').trim() : line.trim();
    if (!body) continue;
    const clauses = splitClauses(body);
    for (let c = 0; c < clauses.length; c += 1) {
      const clause = clauses[c] as string;
      if (clause.length >= 4) out.push(oneLine(clause));
    }
  }
  return out;
}

/**
 * A line that only says a run finished (`Done.`, `OK`, `Finished in 0.4s`, `✓ done`, `Build
 * succeeded.`) or counts the remarks it made (`(1022) 2 hint(s) issued`, `3 warnings generated.`):
 * what the run did is the line before it.
 */
const BARE_END =
  /^(?:[\s✓✔*>=.-]*(?:done|ok(?:ay)?|finished|complete(?:d)?|succe(?:ss|eded)|all (?:done|good|set)|build succeeded)\b[\s.!]*(?:\(?(?:in )?[\d.]+ ?(?:ms|s|sec|seconds|m)\)?)?|(?:\(\d{1,5}\) )?\d+ (?:hint|note|warning|remark)(?:s|\(s\))? (?:issued|generated|emitted))[\s.!]*$/i;

/** Lines of `text`, its last non-blank line and the non-blank one before it, without splitting it into an array. */
function lineStats(text: string): { count: number; last: string; before: string } {
  let count = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count += 1;
  if (text.length > 0 && !text.endsWith('\n')) count += 1;
  let end = text.length;
  let last: string | undefined;
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    if (line.trim()) {
      if (last !== undefined) return { count, last, before: line };
      last = line;
    }
    end = start - 1;
  }
  return { count, last: last ?? '', before: '' };
}

/**
 * {@link oneLine} for text made of lines shown verbatim (an error's failure lines, a listing's
 * values): the runs of spaces inside a line are kept — `ERROR:  42703: …` as psql prints it, a
 * runner's aligned `FAILED   tests/…` — so that the text can be searched for as it was printed.
 */
export function verbatimLine(text: string, max: number): string {
  if (NOT_VERBATIM.test(text) || text.includes('sha256:')) return oneLine(text, max);
  const t = text.trim();
  return t.length <= max ? t : clip(t, max);
}
/** A line break, a tab, a form feed or a vertical tab. */
const NOT_VERBATIM = /[\t-\r]/;

/** One line of at most `max` chars, without content references. */
export function oneLine(text: string, max = ITEM_MAX_CHARS): string {
  const refs = text.includes('sha256:');
  if (text.length <= max && !refs && isOneLine(text)) return text;
  return squeeze(refs ? text.replace(CONTENT_REF, '') : text, max);
}
