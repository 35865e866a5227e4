/**
 * The outer transcript family (bench/quality/outer.ts): deterministic, each needle's unique token
 * only in its own short episode, tool calls answered in order, every fact kind in larger
 * transcripts, every harness generating in its own format (ids, text protocols, languages),
 * sizes as asked, probes clean.
 */
import { describe, expect, it } from 'vitest';
import {
  OUTER_HARNESSES,
  OUTER_SHAPES,
  OUTER_STYLES,
  generateOuterTranscript,
  outerEpisodes,
  outerIsResult,
  outerSuite,
  type OuterStyle,
} from '../../../bench/quality/outer';
import { messageText, pairingFaults } from '../../../bench/quality/render';
import { FACT_KINDS, type Transcript } from '../../../bench/quality/types';
import type { ChatMessage } from '../../../src/context/types';
import { checkDeterministic, checkNativeCalls, checkTokenEpisodes } from './episodes';

const harnessOf = (t: Transcript) => t.id.split('-')[1] as OuterStyle;

const cases = OUTER_STYLES.flatMap((style, i) =>
  OUTER_SHAPES.map((shape, j) =>
    generateOuterTranscript({ seed: 40 + i * 3 + j, messages: 150 + 100 * j, shape, style, probe: (i + j) % 2 === 0 }),
  ),
);

function checkNeedles(t: Transcript): void {
  checkTokenEpisodes(t, outerEpisodes(t), harnessOf(t));
}

/** The name of the single tool call of an assistant message, if any. */
function callName(m: ChatMessage | undefined): string | undefined {
  return m?.tool_calls?.[0]?.function.name;
}

/** Whether the transcript ends on an answer: the assistant's text, or Letta's send_message and its result. */
function endsOnAnswer(t: Transcript): boolean {
  const last = t.messages.at(-1) as ChatMessage;
  if (harnessOf(t) === 'letta') return last.role === 'tool' && callName(t.messages.at(-2)) === 'send_message';
  if (harnessOf(t) === 'autogpt') return last.role === 'assistant' && (last.content ?? '').includes('"task_complete"');
  return last.role === 'assistant' && !last.tool_calls?.length;
}

function all(style: OuterStyle): string {
  return cases
    .filter((t) => harnessOf(t) === style)
    .flatMap((t) => t.messages.map(messageText))
    .join('\n');
}

describe('outer transcripts', () => {
  it('are deterministic per options', () => {
    checkDeterministic(
      (seed) => generateOuterTranscript({ seed, messages: 300, shape: 'mixed', style: 'letta' }),
      outerSuite,
    );
  });

  it('plant each needle, and its unique token, only in its episode', () => {
    for (const t of cases) checkNeedles(t);
  });

  it('answer every tool call, in order, and record every output', () => {
    for (const t of cases) {
      const ids = checkNativeCalls(t);
      if (OUTER_HARNESSES[harnessOf(t)].protocol === 'text') {
        expect(ids, t.id).toEqual([]);
        expect(
          t.messages.some((m) => outerIsResult(harnessOf(t), m)),
          t.id,
        ).toBe(true);
      }
    }
  });

  it('run text protocols one command per message, each answered by the next message', () => {
    for (const t of cases.filter((x) => harnessOf(x) === 'autogpt')) {
      t.messages.forEach((m, i) => {
        if (m.role !== 'assistant') return;
        const reply = JSON.parse(m.content ?? '') as {
          thoughts: Record<string, string>;
          command: { name: string; args: object };
        };
        expect(Object.keys(reply.thoughts), t.id).toEqual(['text', 'reasoning', 'plan', 'criticism', 'speak']);
        const next = t.messages[i + 1];
        if (reply.command.name === 'task_complete')
          expect(next === undefined || !outerIsResult('autogpt', next), t.id).toBe(true);
        else expect(next?.content, `${t.id} #${i}`).toMatch(new RegExp(`^Command ${reply.command.name} returned: `));
      });
    }
    for (const t of cases.filter((x) => harnessOf(x) === 'interpreter')) {
      t.messages.forEach((m, i) => {
        if (m.role !== 'assistant') return;
        const blocks = (m.content ?? '').match(/^```(shell|python)$/gm) ?? [];
        expect(blocks.length, `${t.id} #${i}`).toBeLessThanOrEqual(1);
        if (blocks.length)
          expect(outerIsResult('interpreter', t.messages[i + 1] as ChatMessage), `${t.id} #${i}`).toBe(true);
      });
    }
  });

  it('hold every fact kind, start with the system prompt, end mid-turn or with a clean probe', () => {
    for (const t of cases) {
      const style = harnessOf(t);
      if (t.messages.length >= 300) expect(new Set(t.facts.map((f) => f.kind)), t.id).toEqual(new Set(FACT_KINDS));
      expect(t.facts.length, t.id).toBeGreaterThanOrEqual(10);
      expect(t.facts.length, t.id).toBeLessThanOrEqual(40);
      expect(t.messages[0]?.role).toBe('system');
      expect(t.messages[1]?.role).toBe('user');
      const last = t.messages.at(-1) as ChatMessage;
      if (t.probe) expect(endsOnAnswer(t), t.id).toBe(true);
      else {
        expect(last.role === 'tool' || outerIsResult(style, last), t.id).toBe(true);
        expect(endsOnAnswer(t), t.id).toBe(false);
      }
      const pending = t.facts.filter((f) => f.kind === 'pending').map((f) => f.lastIndex);
      expect(Math.max(...pending), t.id).toBeGreaterThanOrEqual(t.messages.length - 6);
      expect(t.facts[0]?.firstIndex, t.id).toBe(1);
      expect(t.facts[0]?.kind, t.id).toBe('goal');
      expect(t.facts.filter((f) => f.firstIndex > t.messages.length / 2).length, t.id).toBeGreaterThan(2);
      const hows = new Set(t.facts.map((f) => f.style.split('/')[1]?.split('-')[0]));
      expect(hows, t.id).toEqual(new Set(['user', 'tool', 'agent']));
    }
    expect(cases.some((t) => t.probe)).toBe(true);
    expect(cases.some((t) => !t.probe)).toBe(true);
  });

  it('shape sessions: autonomous runs one request through long turns, the others talk back and forth', () => {
    for (const t of cases) {
      const style = harnessOf(t);
      const users = t.messages.filter((m) => m.role === 'user' && !outerIsResult(style, m)).length;
      if (t.shape === 'autonomous') expect(users, t.id).toBeLessThanOrEqual(1 + Math.floor(t.messages.length / 120));
      else expect(users, t.id).toBeGreaterThan(t.shape === 'interactive' ? 10 : 2);
    }
    for (const style of ['autogpt', 'letta', 'vibe'] as const) {
      const long = generateOuterTranscript({ seed: 9, messages: 1500, shape: 'autonomous', style });
      const users = long.messages.flatMap((m, i) => (m.role === 'user' && !outerIsResult(style, m) ? [i] : []));
      expect(users.length, style).toBeGreaterThan(1);
      for (const [k, i] of users.entries()) {
        const end = users[k + 1] ?? long.messages.length;
        const steps = long.messages.slice(i, end).filter((m) => m.role === 'assistant').length;
        if (k < users.length - 1) expect(steps, `${style} turn ${k}`).toBeGreaterThanOrEqual(50);
        expect(steps, `${style} turn ${k}`).toBeLessThanOrEqual(320);
      }
    }
  });

  it('write every harness in its own format, with non-English users', () => {
    expect(new Set(cases.map(harnessOf))).toEqual(new Set(OUTER_STYLES));
    expect(OUTER_STYLES.filter((s) => OUTER_HARNESSES[s].protocol === 'text').length).toBeGreaterThanOrEqual(2);
    expect(OUTER_STYLES.filter((s) => OUTER_HARNESSES[s].protocol === 'native').length).toBeGreaterThanOrEqual(4);
    expect(all('autogpt')).toMatch(/^Command execute_shell returned: STDOUT:\n/m);
    expect(all('autogpt')).toMatch(/^Human feedback: /m);
    expect(all('autogpt')).toMatch(/Test Summary Report\n-------------------\n|Result: (PASS|FAIL)/);
    expect(all('interpreter')).toMatch(
      /^Code output: [\s\S]*\n\nWhat does this output mean \/ what's next \(if anything, or are we done\)\?$/m,
    );
    expect(all('interpreter')).toMatch(/Latexmk: |This is pdfTeX/);
    expect(all('interpreter')).toMatch(
      /^(Ciao|Buongiorno|Adesso|Ok, |ah, |quante|puoi|mi |controlla|c'è|il |secondo|perfetto)/im,
    );
    expect(all('winadmin')).toMatch(/^\s+\+ FullyQualifiedErrorId : \w+/m);
    expect(all('winadmin')).toMatch(/[ąćęłńóśźż]/);
    expect(all('letta')).toMatch(/^\{"type": "user_message", "message": ".*[가-힣]/m);
    expect(all('letta')).toMatch(
      /^\{"type": "heartbeat", "reason": "\[This is an automated system message hidden from the user\] /m,
    );
    expect(all('letta')).toMatch(/^\{"status": "OK", "message": /m);
    expect(all('qdev')).toMatch(/^\{"exit_status":"\d+","stdout":/m);
    expect(all('qdev')).toMatch(/flutter (analyze|test)/);
    expect(all('vibe')).toMatch(/^returncode: \d+\nstdout:\n/m);
    expect(all('vibe')).toMatch(/Summary for \S+\n-------------\nSucceeded: \d+/);
    expect(all('vibe')).toMatch(/<<<<<<< SEARCH\\n[\s\S]*?\\n=======\\n/);
    expect(all('foundry')).toMatch(/Ran \d+ test suites in [\d.]+s/);
    expect(all('mainframe')).toMatch(/\$HASP395 \w+ +ENDED - /);
    for (const t of cases.filter((x) => harnessOf(x) === 'letta'))
      for (const m of t.messages)
        for (const c of m.tool_calls ?? [])
          expect(Object.keys(JSON.parse(c.function.arguments) as object)[0], t.id).toBe('inner_thoughts');
    const pattern: Record<OuterStyle, RegExp> = {
      autogpt: /^$/,
      interpreter: /^$/,
      winadmin: /^call_[A-Za-z0-9]{24}$/,
      letta: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{5}$/,
      qdev: /^tooluse_[\w-]{22}$/,
      vibe: /^[A-Za-z0-9]{9}$/,
      foundry: /^pyd_ai_[0-9a-f]{32}$/,
      mainframe: /^chatcmpl-tool-[0-9a-f]{32}$/,
    };
    const names: Partial<Record<OuterStyle, RegExp>> = { winadmin: /^[A-Z][A-Za-z]+-[A-Z][A-Za-z]+$/ };
    for (const t of cases)
      for (const m of t.messages)
        for (const c of m.tool_calls ?? []) {
          expect(c.id, t.id).toMatch(pattern[harnessOf(t)]);
          const name = names[harnessOf(t)];
          if (name) expect(c.function.name, t.id).toMatch(name);
        }
    for (const style of ['winadmin', 'qdev', 'vibe', 'foundry', 'mainframe'] as const)
      expect(
        cases.some((t) => harnessOf(t) === style && t.messages.some((m) => (m.tool_calls?.length ?? 0) > 1)),
        `${style}: parallel calls`,
      ).toBe(true);
    const big = outerSuite(4, 3, false).concat(cases);
    expect(big.some((t) => t.messages.some((m) => messageText(m).length > 20_000))).toBe(true);
    expect(
      big.some((t) =>
        t.messages.some((m) => m.role === 'tool' && t.outputs.get(m.tool_call_id ?? '')?.status === 'error'),
      ),
    ).toBe(true);
  });

  it('come near the requested size, and the suite spans 100 to 2,000 messages', () => {
    const s = outerSuite(4, 1, false);
    expect(s.map((t) => t.shape)).toEqual(['autonomous', 'interactive', 'mixed', 'autonomous']);
    expect(s[0]?.messages.length).toBeGreaterThanOrEqual(100);
    expect(s[0]?.messages.length).toBeLessThan(125);
    expect(s[3]?.messages.length).toBeGreaterThanOrEqual(2000);
    expect(s[3]?.messages.length).toBeLessThanOrEqual(2030);
    for (const t of s) {
      expect(pairingFaults(t.messages), t.id).toEqual([]);
      checkNeedles(t);
      if (t.messages.length >= 300) expect(new Set(t.facts.map((f) => f.kind)), t.id).toEqual(new Set(FACT_KINDS));
    }
    const quick = outerSuite(8, 1, true);
    expect(new Set(quick.map(harnessOf))).toEqual(new Set(OUTER_STYLES));
    for (const t of quick) {
      expect(t.messages.length, t.id).toBeLessThanOrEqual(430);
      checkNeedles(t);
    }
  });
});
