import { describe, expect, it } from 'vitest';
import { contextParts } from '../../../src/cli/chat/context-breakdown';
import { phaseText } from '../../../src/cli/chat/chat-session';
import { chatMeterLine, turnsLabel, turnSizeAverage, turnsToCompaction } from '../../../src/cli/chat/meter';
import { ago, sessionRow, sessionsQuery, sessionsTable } from '../../../src/cli/sessions-command';
import type { ViewEntry } from '../../../src/context/types';
import type { SessionStatus } from '../../../src/workflows/types';

function status(over: Partial<SessionStatus> = {}): SessionStatus {
  return {
    model: 'm',
    contextWindow: 16_000,
    usedTokens: 1_200,
    historyBudget: 14_000,
    historyTokens: 1_000,
    percent: 8,
    turnsLeft: null,
    turn: 3,
    compactions: 1,
    items: 10,
    queued: 0,
    busy: false,
    phase: { kind: 'idle' },
    duplicateMessages: 0,
    previousRuns: [],
    rejectedSignals: 0,
    usage: {},
    ended: false,
    ...over,
  };
}

describe('the turns-left estimate', () => {
  it('is a capped moving average: one huge turn moves it, but not to its own size', () => {
    const steady = turnSizeAverage([500, 500, 500, 500]);
    expect(steady).toBe(500);
    const spiked = turnSizeAverage([500, 500, 500, 500, 8_000]) as number;
    // A plain mean over these turns would be 2,000; the average moves by a capped step.
    expect(spiked).toBeGreaterThan(500);
    expect(spiked).toBeLessThanOrEqual(500 + 0.3 * (3 * 500 - 500));
    expect(turnSizeAverage([])).toBeNull();
  });

  it('does not swing from tens to a handful between two turns of a steady session with one big turn', () => {
    const sizes = [400, 450, 420, 380, 410, 430, 390, 6_000];
    const before = turnsToCompaction(status({ historyTokens: 4_000 }), {
      turnSizes: sizes.slice(0, -1),
      softThreshold: 0.8,
    });
    const after = turnsToCompaction(status({ historyTokens: 4_000 + 6_000 }), { turnSizes: sizes, softThreshold: 0.8 });
    expect(before).toBeGreaterThan(10);
    // The context really did grow by 6K: fewer turns are left, from what is left to the soft limit.
    expect(after).toBeGreaterThanOrEqual(1);
    expect(after).toBeLessThan(before as number);
  });

  it('counts to the soft threshold, not to the end of the window, and says so', () => {
    // 54% of the budget used, turns of ~1K: several turns remain before compaction at 80%.
    const s = status({ historyBudget: 14_000, historyTokens: 7_560 });
    const turns = turnsToCompaction(s, { turnSizes: [1_000, 1_000, 1_000], softThreshold: 0.8 });
    expect(turns).toBe(Math.floor((11_200 - 7_560) / 1_000));
    expect(turnsLabel(turns)).toBe('~3 turns to compaction');
    expect(turnsLabel(0)).toBe('compaction next turn');
    expect(turnsLabel(500)).toBe('99+ turns to compaction');
    expect(turnsLabel(null)).toBe('');
    expect(turnsToCompaction(s, { turnSizes: [], softThreshold: 0.8 })).toBeNull();
    // One or two turns are not enough to estimate from.
    expect(turnsToCompaction(s, { turnSizes: [1_000, 1_000], softThreshold: 0.8 })).toBeNull();
  });

  it('the meter line shows tokens, percent, the estimate, compactions and cost', () => {
    const line = chatMeterLine(status({ costUsd: 0.0123 }), { turnSizes: [100, 100, 100], softThreshold: 0.8 });
    expect(line).toContain('📊 1.2K/');
    expect(line).toContain('turns to compaction');
    expect(line).toContain('⟳ 1 compaction');
    expect(line).toContain('$0.0123');
  });
});

describe('/context', () => {
  it('splits the whole window: fixed overhead, view by visibility, reserved output, free', () => {
    const entry = (visibility: ViewEntry['visibility'], tokens: number): ViewEntry => ({
      seq: 0,
      role: 'user',
      visibility,
      content: { ref: 'sha256:x', tokens, bytes: 1 },
    });
    const view = [
      entry('summary', 300),
      entry('message', 500),
      entry('tool_result', 150),
      entry('tool_result_archived', 50),
    ];
    const s = status({ contextWindow: 16_000, historyBudget: 14_000, historyTokens: 1_000, usedTokens: 1_250 });
    const parts = contextParts(s, view, {
      system: { ref: 'sha256:s', tokens: 120, bytes: 1 },
      toolsTokens: 100,
      primingTokens: 3,
      fixedTokens: 223,
    });
    const by = Object.fromEntries(parts.map((p) => [p.label, p.tokens]));
    expect(by).toMatchObject({
      'system prompt': 120,
      'tool schemas': 103,
      'provider margin': 27,
      summaries: 300,
      messages: 500,
      'tool results': 150,
      digests: 50,
      'reserved output': 16_000 - 14_000 - 250,
      free: 13_000,
    });
    expect(parts.reduce((n, p) => n + p.tokens, 0)).toBe(16_000);
  });
});

describe('phases and sessions', () => {
  it('names what the session is doing', () => {
    expect(phaseText({ kind: 'model', step: 2 }, 'gpt-4o-mini')).toBe('calling gpt-4o-mini (step 2)');
    expect(phaseText({ kind: 'tools', step: 1, tools: ['grep', 'read_file'] }, 'm')).toBe(
      'running tools grep, read_file (step 1)',
    );
    expect(phaseText({ kind: 'compacting', reason: 'range-summary' }, 'm')).toBe(
      'compacting the context (range-summary)',
    );
  });

  it('filters by search attribute only when registered; rows come from the memo', () => {
    expect(sessionsQuery({ model: "o'x", running: true }, true)).toBe(
      "WorkflowType = 'agentSession' AND ExecutionStatus = 'Running' AND DurableContextModel = 'o\\'x'",
    );
    expect(sessionsQuery({ model: 'x' }, false)).toBe("WorkflowType = 'agentSession'");
    const row = sessionRow({
      workflowId: 's1',
      status: { name: 'RUNNING' },
      taskQueue: 'q',
      startTime: new Date(0),
      memo: {
        durableContext: {
          model: 'm',
          turns: 4,
          compactions: 2,
          historyTokens: 900,
          contextWindow: 8000,
          lastActivity: '2020-01-01T00:00:00Z',
          ended: false,
          costUsd: 0.5,
        },
      },
    } as never);
    expect(row).toMatchObject({
      sessionId: 's1',
      model: 'm',
      turns: 4,
      compactions: 2,
      historyTokens: 900,
      costUsd: 0.5,
    });
    const locked = sessionRow({
      workflowId: 's2',
      status: { name: 'COMPLETED' },
      taskQueue: 'q',
      startTime: new Date(0),
      memoError: "data is encrypted with key 'k1'",
    });
    expect(locked).toMatchObject({ sessionId: 's2', memoError: "data is encrypted with key 'k1'" });
    expect(locked.model).toBeUndefined();
    expect(sessionsTable([locked], 0)).toContain('🔒');
    expect(ago('2020-01-01T00:00:00Z', Date.parse('2020-01-01T00:03:10Z'))).toBe('3m ago');
  });
});
