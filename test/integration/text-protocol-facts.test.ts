/**
 * A harness that calls tools in text (a ReAct agent: `Action:` in the reply, the output sent back
 * as the next user message `Observation: …`), through the real workflow: each output is a tool
 * result to the state block, not a request. Once the history is summarized, the block that opens
 * the summary lists the failure an observation showed under "Errors seen", with its line as
 * printed, and its "Latest request" is still the person's request, not the latest output.
 * (Before 0.5.6 every observation became the "Latest request" and no failure reached "Errors seen".)
 */
import { describe, expect, it } from 'vitest';
import * as sessions from '../../src/client';
import { STATE_BLOCK_HEADER } from '../../src/context';
import { assertAllRequestsFitAndPaired, chatRequests, useSessionHarness } from '../support/session';
import { summaryOf } from '../support/session-rules';
import { uniqueId } from '../support/temporal';

const WINDOW = 4_000;
const FAILURE = "ValueError: could not convert string to float: 'n/a'";
const rows = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} ${i}: 2026-03 net 12.50 EUR`);

describe("a text-protocol harness's tool outputs", () => {
  const suite = useSessionHarness({ contextWindow: WINDOW, maxOutputTokens: 256 });

  it('are tool results to the state block: the failure is an error, the request stays the latest', async () => {
    const sessionId = uniqueId('text-facts');
    const requests = await suite.h.run(async () => {
      await suite.start(sessionId, { compaction: { softThreshold: 0.6, target: 0.3, keepRecentTokens: 300 } });
      const turn = async (text: string, reply: string) => {
        suite.h.fake.script({ text: reply });
        const r = await sessions.sendMessage(suite.client, sessionId, text);
        expect(r.error).toBeUndefined();
      };
      const action = (tool: string, path: string) => `Action: ${tool}\nAction Input: {"path": "${path}"}`;
      await turn('Load the March ledger and report its total.', action('run_python', 'load.py'));
      await turn(
        [
          'Observation: Traceback (most recent call last):',
          '  File "load.py", line 12, in <module>',
          '    total += float(row["net_amount"])',
          FAILURE,
          ...rows(30, 'read'),
        ].join('\n'),
        action('edit_file', 'load.py'),
      );
      for (let i = 0; i < 6; i++)
        await turn(`Observation: ${rows(40, `pass${i}`).join('\n')}`, action('run_python', 'load.py'));
      return chatRequests(suite.h);
    });
    assertAllRequestsFitAndPaired(suite.h, WINDOW);
    const summarized = requests.map(summaryOf).filter((s) => s.includes(STATE_BLOCK_HEADER));
    expect(summarized.length).toBeGreaterThan(0);
    const block = summarized.at(-1) as string;
    // the observation answers the reply's `Action:`: its tool, and the file it named, are known
    expect(block).toMatch(/Errors seen:\n- run_python: .*ValueError: could not convert string to float: 'n\/a'/);
    expect(block).toMatch(/Files touched: load\.py/);
    expect(block).toContain('Goal: Load the March ledger and report its total.');
    expect(block).not.toMatch(/Latest request: Observation/);
  });
});
