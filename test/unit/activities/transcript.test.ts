import { describe, expect, it } from 'vitest';
import { SUMMARY_PREFIX, summaryBody, transcriptEntry } from '../../../src/activities/summarizers/transcript';
import { STATE_BLOCK_HEADER } from '../../../src/context/constants';

describe('summarizer transcript', () => {
  it("adds the failure lines of a tool result's omitted middle", () => {
    const noise = (tag: string) => Array.from({ length: 200 }, (_, i) => `${tag} step ${i} ok`);
    const failure = "src/app.ts(3,7): error TS2304: Cannot find name 'conifg'.";
    const entry = transcriptEntry({
      role: 'tool',
      tool_call_id: 'c1',
      content: [...noise('head'), failure, ...noise('tail')].join('\n'),
    });
    expect(entry).toContain('[... omitted');
    expect(entry).toContain(`[failure lines of the omitted part]\n${failure}`);
  });

  it('gives an earlier summary without its state blocks, nested or cut', () => {
    const summary = [
      SUMMARY_PREFIX,
      '',
      '## Goal',
      'Ship v2',
      '',
      STATE_BLOCK_HEADER.slice(0, 30),
      'Goal: Ship v2',
      '## Next step',
      'Tag the release',
      '',
      STATE_BLOCK_HEADER,
      'Goal: Ship v2',
      'Files touched: a.ts',
    ].join('\n');
    expect(summaryBody(summary)).toBe('## Goal\nShip v2\n\n## Next step\nTag the release');
    expect(transcriptEntry({ role: 'user', content: summary })).not.toContain('Goal: Ship v2');
  });
});
