/**
 * Compaction inside the running turn changes which commands a session issues, so it is
 * guarded by `patched('in-turn-compaction-v1')` (src/workflows/compaction.ts). This history
 * was recorded by the code just before it (commit 5dd116e): a 8k-window turn of 60-line
 * results that ended in `ContextOverflow` at its 7th model call — where the current planner
 * would have compacted inside the turn (scheduling a summarize activity instead of failing the
 * turn) — then a second turn that compacted and answered, then `end`. It must replay against
 * the current code: the planner runs as `compat: 'v1'` while the history predates the patch.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { historyFromJSON, type History } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import { installQuietRuntime, workflowBundle } from '../support/temporal';

const FILE = path.join(__dirname, '..', 'fixtures', 'compat', 'pre-in-turn-compaction.json');

function load(): History {
  return historyFromJSON(JSON.parse(readFileSync(FILE, 'utf8')));
}

describe('replay of a history recorded before in-turn compaction', () => {
  beforeAll(() => installQuietRuntime());

  it('holds a turn that ended in ContextOverflow, and no patch marker', () => {
    const text = readFileSync(FILE, 'utf8');
    // Payloads are base64 in the JSON history: decode them to find the turn's failure.
    const decoded = [...text.matchAll(/"data": "([A-Za-z0-9+/=]+)"/g)].map((m) =>
      Buffer.from(m[1] ?? '', 'base64').toString('utf8'),
    );
    expect(decoded.some((d) => d.includes('"type":"ContextOverflow"'))).toBe(true);
    expect(text).not.toContain('in-turn-compaction-v1');
    expect(decoded.some((d) => d.includes('in-turn-compaction-v1'))).toBe(false);
    const scheduled = (load().events ?? []).filter((e) => e.activityTaskScheduledEventAttributes);
    expect(scheduled.some((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'executeTool')).toBe(
      true,
    );
  });

  it('replays against the current workflow code', async () => {
    await expect(
      Worker.runReplayHistory({ workflowBundle: workflowBundle() }, load(), 'pre-in-turn-compaction'),
    ).resolves.toBeUndefined();
  }, 60_000);
});
