/**
 * The vast transcript family (bench/quality/vast.ts): deterministic, each needle's unique token
 * only in its own short episode, every call answered once (native tool messages in order, text
 * protocols by the next message with one result per call), every fact kind in larger transcripts,
 * every harness in its own format and user language, sizes as asked, probes clean.
 */
import { describe, expect, it } from 'vitest';
import {
  VAST_HARNESSES,
  VAST_SHAPES,
  VAST_STYLES,
  vastEpisodes,
  vastIsResult,
  vastSuite,
  generateVastTranscript,
  type VastStyle,
} from '../../../bench/quality/vast';
import { messageText, pairingFaults } from '../../../bench/quality/render';
import { FACT_KINDS, type Transcript } from '../../../bench/quality/types';
import type { ChatMessage } from '../../../src/context/types';
import { checkDeterministic, checkNativeCalls, checkTokenEpisodes } from './episodes';

const harnessOf = (t: Transcript) => t.id.split('-')[1] as VastStyle;

const cases = VAST_STYLES.flatMap((style, i) =>
  VAST_SHAPES.map((shape, j) =>
    generateVastTranscript({ seed: 60 + i * 3 + j, messages: 150 + 100 * j, shape, style, probe: (i + j) % 2 === 0 }),
  ),
);

function checkNeedles(t: Transcript): void {
  checkTokenEpisodes(t, vastEpisodes(t), harnessOf(t));
}

const count = (re: RegExp | undefined, s: string | null | undefined) => (re ? ((s ?? '').match(re)?.length ?? 0) : 0);

describe('vast transcripts', () => {
  it('are deterministic per options', () => {
    checkDeterministic(
      (seed) => generateVastTranscript({ seed, messages: 300, shape: 'mixed', style: 'toolace' }),
      vastSuite,
    );
  });

  it('plant each needle, and its unique token, only in its episode', () => {
    for (const t of cases) checkNeedles(t);
  });

  it('answer every tool call once, in order, and record every output', () => {
    for (const t of cases) {
      const style = harnessOf(t);
      const h = VAST_HARNESSES[style];
      const ids = checkNativeCalls(t);
      if (h.protocol === 'native') {
        expect(ids.length, t.id).toBeGreaterThan(10);
        continue;
      }
      expect(ids, t.id).toEqual([]);
      let steps = 0;
      t.messages.forEach((m, i) => {
        if (m.role === 'user' && !vastIsResult(style, m))
          expect(count(h.resultMark, m.content), `${t.id} #${i}`).toBe(0);
        if (m.role !== 'assistant') return;
        const calls = count(h.callMark, m.content);
        const next = t.messages[i + 1];
        if (!calls) {
          expect(next === undefined || !vastIsResult(style, next), `${t.id} #${i}`).toBe(true);
          return;
        }
        steps++;
        expect(next && vastIsResult(style, next), `${t.id} #${i}`).toBe(true);
        expect(count(h.resultMark, next?.content), `${t.id} #${i}`).toBe(calls);
      });
      expect(steps, t.id).toBeGreaterThan(10);
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
      if (t.probe) expect(last.role, t.id).toBe('assistant');
      else expect(last.role === 'tool' || vastIsResult(style, last), t.id).toBe(true);
      const pending = t.facts.filter((f) => f.kind === 'pending').map((f) => f.lastIndex);
      expect(Math.max(...pending), t.id).toBeGreaterThanOrEqual(t.messages.length - 6);
      expect(t.facts[0]?.firstIndex, t.id).toBe(1);
      expect(t.facts.filter((f) => f.firstIndex > t.messages.length / 2).length, t.id).toBeGreaterThan(2);
      const hows = new Set(t.facts.map((f) => f.style.split('/')[1]?.split('-')[0]));
      expect(hows.has('tool') && hows.has('agent') && hows.has('user'), t.id).toBe(true);
    }
    expect(cases.some((t) => t.probe)).toBe(true);
    expect(cases.some((t) => !t.probe)).toBe(true);
  });

  it('shape sessions: autonomous runs one request through long turns, the others talk back and forth', () => {
    for (const t of cases) {
      const style = harnessOf(t);
      const users = t.messages.filter((m) => m.role === 'user' && !vastIsResult(style, m)).length;
      if (t.shape === 'autonomous') expect(users, t.id).toBeLessThanOrEqual(1 + Math.floor(t.messages.length / 120));
      else expect(users, t.id).toBeGreaterThan(t.shape === 'interactive' ? 10 : 2);
    }
    const long = generateVastTranscript({ seed: 11, messages: 1500, shape: 'autonomous', style: 'cody' });
    const users = long.messages.flatMap((m, i) => (m.role === 'user' ? [i] : []));
    expect(users.length).toBeGreaterThan(1);
    for (const [k, i] of users.entries()) {
      const end = users[k + 1] ?? long.messages.length;
      const steps = long.messages.slice(i, end).filter((m) => m.role === 'assistant').length;
      if (k < users.length - 1) expect(steps, `turn ${k}`).toBeGreaterThanOrEqual(50);
      expect(steps, `turn ${k}`).toBeLessThanOrEqual(320);
    }
    const parallel = cases.filter((t) => t.messages.some((m) => (m.tool_calls?.length ?? 0) > 1));
    expect(new Set(parallel.map(harnessOf))).toEqual(new Set(['llamaindex', 'cody', 'rovo']));
    // Magentic-One hands several pieces of work off in one message and ToolACE lists several calls, answered together; TaskWeaver runs one snippet at a time
    const several = (style: VastStyle) =>
      cases.some(
        (t) => harnessOf(t) === style && t.messages.some((m) => count(VAST_HARNESSES[style].callMark, m.content) > 1),
      );
    expect(several('magentic') && several('toolace')).toBe(true);
    expect(several('taskweaver')).toBe(false);
  });

  it('write every harness in its own format, with non-English users', () => {
    const all = (style: VastStyle) =>
      cases
        .filter((t) => harnessOf(t) === style)
        .flatMap((t) => t.messages.map(messageText))
        .join('\n');
    expect(new Set(cases.map(harnessOf))).toEqual(new Set(VAST_STYLES));
    expect(all('magentic')).toMatch(/^Orchestrator \(-> Coder\):\n.+\n\nCoder:\n```sh\n/m);
    expect(all('magentic')).toMatch(
      /^ComputerTerminal:\nThe script ran(?:, then exited with an error \(POSIX exit code: \d+\)| successfully \(POSIX exit code: 0\))\nIts output was:\n/m,
    );
    expect(all('magentic')).toMatch(
      /^FileSurfer:\nAddress: file:\/\/\/home\/stoyan\/proekti\/srichki\/.+\nTitle: .+\nViewport position: /m,
    );
    expect(all('magentic')).toMatch(
      /^Orchestrator \(thought\): Updated Ledger:\n\{\n {2}"is_request_satisfied": \{"reason": /m,
    );
    expect(all('magentic')).toMatch(/^(\d+ tests passed|\d+\/\d+ test failures)$/m);
    expect(all('magentic')).toMatch(/^Здравей! Проектът е ~\/proekti\/srichki/m);
    expect(all('toolace')).toMatch(/^\[(?:run_shell|read_file|search)\(\w+="[^\n]*\)[,\]]$/m);
    expect(all('toolace')).toMatch(/^<<function results>>\n#1 \w+\(\w+="[^\n]*\) — (?:ok|exit \d+)\n/m);
    expect(all('toolace')).toMatch(/^Ok: +\d+\nExpected Fail: +0\nFail: +\d+$/m);
    expect(all('toolace')).toMatch(/^Ahoj! Projekt je ~\/projekty\/vlak/m);
    expect(all('taskweaver')).toMatch(/^Planner: \{"response":\{"init_plan":"1\. /m);
    expect(all('taskweaver')).toMatch(
      /^CodeInterpreter: \{"response":\{"thought":"[^\n]+","reply_type":"python","reply_content":"/m,
    );
    expect(all('taskweaver')).toMatch(
      /^The execution of the generated python code above has succeeded\n\nThe stdout is:\n/m,
    );
    expect(all('taskweaver')).toMatch(/Totals:\n {3}\d+ Passed, \d+ Failed, 0 Incomplete\./);
    expect(all('taskweaver')).toMatch(/^வணக்கம்! திட்டம் ~\/work\/neerpasanam/m);
    expect(all('llamaindex')).toMatch(/^exit_code: \d+\n/m);
    expect(all('llamaindex')).toMatch(/^ {2}\d+ passing \(\d+s\)$/m);
    expect(all('llamaindex')).toMatch(/^Hola! El projecte és ~\/projectes\/cooperativa/m);
    expect(all('cody')).toMatch(/^```typescript:[\w/.]+\n/m);
    expect(all('cody')).toMatch(/^<terminal_output exit_code="\d+">\n/m);
    expect(all('cody')).toMatch(/(ok|FAILED) \| \d+ passed \| \d+ failed \(\d+ms\)/);
    expect(all('cody')).toMatch(/^Hey Cody — repo is ~\/src\/larder/m);
    expect(all('rovo')).toMatch(/^Successfully opened infra\/[\w/.]+:\n\n````\n {3}0 {2}/m);
    expect(all('rovo')).toMatch(/\(\d+,\d+\) : (Warning|Error) [\w-]+: /);
    expect(all('rovo')).toMatch(/^Habari! Hazina ni ~\/kazi\/miundombinu/m);
    const pattern: Record<VastStyle, RegExp> = {
      magentic: /^$/,
      toolace: /^$/,
      taskweaver: /^$/,
      llamaindex: /^call_[A-Za-z0-9]{24}$/,
      cody: /^tooluse_[A-Za-z0-9]{22}$/,
      rovo: /^toolu_vrtx_01[A-Za-z0-9]{22}$/,
    };
    for (const t of cases)
      for (const m of t.messages) for (const c of m.tool_calls ?? []) expect(c.id, t.id).toMatch(pattern[harnessOf(t)]);
    const sizes = cases.flatMap((t) => t.messages.map((m) => messageText(m).length));
    expect(sizes.some((n) => n > 20_000)).toBe(true);
    expect(sizes.filter((n) => n > 8_000).length).toBeGreaterThan(10);
  });

  it('come near the requested size, and the suite spans 100 to 2,000 messages', () => {
    const s = vastSuite(4, 1, false);
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
    const quick = vastSuite(6, 1, true);
    expect(new Set(quick.map(harnessOf))).toEqual(new Set(VAST_STYLES));
    for (const t of quick) {
      expect(t.messages.length, t.id).toBeLessThanOrEqual(430);
      checkNeedles(t);
    }
  });
});
