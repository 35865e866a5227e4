/**
 * The far family's building blocks: the minting of unique tokens, the shape of one tool
 * action, and the session builder that writes actions in each harness's protocol (native
 * tool calls, mini-swe-agent's bash blocks answered by user messages, or Hermes-style
 * `<tool_call>` tags answered by `<tool_response>` user messages).
 */
import type { ChatMessage, ChatToolCall } from '../../src/context/types';
import type { Rng } from './rng';
import type { ScriptedOutput } from './types';

/** How a harness carries actions and their results. */
export type Protocol = 'native' | 'mini' | 'hermes';

/** The prefix of a result message in the text protocols (a user message that is really an observation). */
export const RESULT_PREFIX: Record<Exclude<Protocol, 'native'>, string> = {
  mini: '<returncode>',
  hermes: '<tool_response>',
};

/** How mini-swe-agent's harness begins the message rejecting a step without exactly one bash block. */
export const FORMAT_NAG = 'Please always provide EXACTLY ONE action in triple backticks';

/** One tool action: what is called, with what, and what came back. */
export interface Act {
  tool: string;
  args: Record<string, unknown>;
  out: string;
  /** Exit status for command-like tools. */
  exit?: number;
  /** The tool reported an error (non-zero exit implies it). */
  failed?: boolean;
}

const ONSETS = [
  'k',
  'v',
  'z',
  'qu',
  'dr',
  'br',
  'gl',
  'sk',
  'm',
  'n',
  'r',
  't',
  'l',
  'f',
  'p',
  'j',
  'w',
  'th',
  'h',
  'g',
];
const NUCLEI = ['a', 'e', 'i', 'o', 'u', 'ai', 'ou', 'y', 'ei', 'au'];
const CODAS = ['', '', 'n', 'r', 'x', 'k', 'sh', 'l', 'v', 'z'];
const IDCHARS = 'GHJKMNPQRTVWXYZ';

/** Mints invented words and ids, each unique and none inside another. */
export class Mint {
  private readonly taken: string[] = [];

  /** `banned`: words of the surrounding text a token must not be part of. */
  constructor(
    private readonly rng: Rng,
    private readonly banned: readonly string[] = [],
  ) {}

  /** An invented lowercase word of 7–11 letters with a letter no hex string holds. */
  word(): string {
    for (;;) {
      let w = '';
      const parts = this.rng.int(3, 4);
      for (let i = 0; i < parts; i++)
        w += this.rng.pick(ONSETS) + this.rng.pick(NUCLEI) + (i === parts - 1 ? this.rng.pick(CODAS) : '');
      if (w.length >= 7 && w.length <= 11 && /[g-z]/.test(w) && this.free(w)) return this.take(w);
    }
  }

  /** An invented id: three capitals and 4–5 digits, joined by `sep`. */
  id(sep = '-'): string {
    for (;;) {
      let w = '';
      for (let i = 0; i < 3; i++) w += this.rng.pick(IDCHARS.split(''));
      w += sep + String(this.rng.int(1000, 99999));
      if (this.free(w.toLowerCase())) return this.take(w);
    }
  }

  /** Every token minted so far (lowercase). */
  all(): readonly string[] {
    return this.taken;
  }

  private free(w: string): boolean {
    const l = w.toLowerCase();
    return !this.taken.some((t) => t.includes(l) || l.includes(t)) && !this.banned.some((b) => b.includes(l));
  }

  private take(w: string): string {
    this.taken.push(w.toLowerCase());
    return w;
  }
}

/** How a harness names its tool calls and speaks its protocol. */
export interface Speaker {
  protocol: Protocol;
  callId: (rng: Rng, n: number) => string;
}

/** Appends messages in one harness's protocol and records every output. */
export class Builder {
  readonly messages: ChatMessage[] = [];
  readonly outputs = new Map<string, ScriptedOutput>();
  readonly tools = new Set<string>();
  private calls = 0;

  constructor(
    private readonly speaker: Speaker,
    private readonly rng: Rng,
  ) {}

  /** The number of messages so far (the index the next one gets). */
  get n(): number {
    return this.messages.length;
  }

  /** The protocol the transcript speaks. */
  get protocol(): Protocol {
    return this.speaker.protocol;
  }

  /** Appends the system prompt. */
  system(text: string): void {
    this.messages.push({ role: 'system', content: text });
  }

  /** Appends a user turn. */
  user(text: string): void {
    this.messages.push({ role: 'user', content: text });
  }

  /** Appends an assistant message without an action (an answer, a plan, a question). */
  say(text: string): void {
    this.messages.push({ role: 'assistant', content: text });
  }

  /** Appends one step: the assistant's actions (with its thought), then their results. */
  act(acts: readonly Act[], thought: string): void {
    if (acts.length === 0) throw new Error('Builder.act: no actions');
    if (this.speaker.protocol === 'native') this.native(acts, thought);
    else if (this.speaker.protocol === 'mini') for (const a of acts) this.mini(a, thought);
    else this.hermes(acts, thought);
  }

  /** A malformed step the harness rejects (text protocols only; native harnesses just talk). */
  misstep(text: string): void {
    this.say(text);
    if (this.speaker.protocol === 'mini')
      this.user(
        `${FORMAT_NAG}, found 0 actions.\n\n` +
          'Please format your action in triple backticks as shown in <response_example>.\n\n' +
          '<response_example>\nHere are some thoughts about why you want to perform the action.\n\n```bash\n<action>\n```\n</response_example>\n\n' +
          'If you have completed your assignment, please consult the first message about how to\nsubmit your solution (you will not be able to continue working on this task after that).',
      );
    else if (this.speaker.protocol === 'hermes')
      this.user(
        '<tool_response>\nerror: could not parse a tool call from your last message. Wrap exactly one JSON object ' +
          '{"name": ..., "arguments": {...}} in <tool_call></tool_call> tags.\n</tool_response>',
      );
  }

  private status(a: Act): ScriptedOutput['status'] {
    return a.failed || (a.exit ?? 0) !== 0 ? 'error' : 'ok';
  }

  private native(acts: readonly Act[], thought: string): void {
    const calls: ChatToolCall[] = acts.map((a) => ({
      id: this.speaker.callId(this.rng, this.calls++),
      type: 'function',
      function: { name: a.tool, arguments: JSON.stringify(a.args) },
    }));
    this.messages.push({ role: 'assistant', content: thought || null, tool_calls: calls });
    acts.forEach((a, i) => {
      const id = (calls[i] as ChatToolCall).id;
      this.tools.add(a.tool);
      const rec: ScriptedOutput = { output: a.out, status: this.status(a) };
      if (a.exit !== undefined) rec.exitCode = a.exit;
      this.outputs.set(id, rec);
      this.messages.push({ role: 'tool', tool_call_id: id, content: a.out });
    });
  }

  private mini(a: Act, thought: string): void {
    const command = String(a.args['command'] ?? '');
    this.messages.push({ role: 'assistant', content: `THOUGHT: ${thought}\n\n\`\`\`bash\n${command}\n\`\`\`` });
    this.user(
      `<returncode>${a.exit ?? (a.failed ? 1 : 0)}</returncode>\n<output>\n${a.out}${a.out.endsWith('\n') ? '' : '\n'}</output>`,
    );
  }

  private hermes(acts: readonly Act[], thought: string): void {
    const tags = acts.map((a) => `<tool_call>\n${JSON.stringify({ name: a.tool, arguments: a.args })}\n</tool_call>`);
    this.messages.push({ role: 'assistant', content: [thought, ...tags].filter(Boolean).join('\n') });
    this.user(acts.map((a) => `<tool_response>\n${a.out}\n</tool_response>`).join('\n'));
  }
}

/** `n` characters of an alphabet, at random. */
export function chars(rng: Rng, n: number, alphabet: string): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(rng.next() * alphabet.length)];
  return s;
}

/** `n` lowercase hex digits. */
export function hex(rng: Rng, n: number): string {
  return chars(rng, n, '0123456789abcdef');
}

/** `n` base-62 characters. */
export function b62(rng: Rng, n: number): string {
  return chars(rng, n, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz');
}
