import { describe, expect, it } from 'vitest';
import { buildView, cutPoints } from '../../../src/context';
import { assistant, build, system, tool, user } from './helpers';

describe('safe cut points', () => {
  it('never separates a call group (parallel included) and marks turn starts', () => {
    //            0         1        2                        3             4             5             6
    const s = build([
      system(),
      user(1),
      assistant(1, 5, ['a', 'b', 'c']),
      tool(1, 'a'),
      tool(1, 'b'),
      tool(1, 'c'),
      assistant(1),
    ]);
    //                                                                        7        8
    const s2 = build([user(2), assistant(2)], s);
    const { safe, turnStart } = cutPoints(buildView(s2));
    expect(safe).toEqual([true, true, true, false, false, false, true, true, true, true]);
    expect(turnStart.map((t, i) => (t ? i : -1)).filter((i) => i >= 0)).toEqual([1, 7]);
  });

  it('allows no cut after a pending call', () => {
    const s = build([user(1), assistant(1), user(2), assistant(2, 5, ['p', 'q']), tool(2, 'q'), user(3)]);
    expect(cutPoints(buildView(s)).safe).toEqual([true, true, true, true, false, false, false]);
  });
});
