import { describe, expect, it } from 'vitest';
import { toolDigest } from '../../../src/context/digest';
import type { ToolResultMeta } from '../../../src/context/types';

const ref = `sha256:${'cd'.repeat(32)}` as const;
const result = (over: Partial<ToolResultMeta> = {}): ToolResultMeta => ({
  toolName: 'run_command',
  status: 'error',
  exitCode: 101,
  outputBytes: 48_000,
  outputLines: 900,
  truncated: true,
  fullOutputRef: ref,
  binary: false,
  firstLine: 'Compiling libc v0.2.150',
  lastLine: 'error: could not compile `server` (bin "server") due to 2 previous errors',
  ...over,
});

describe('toolDigest with failure evidence', () => {
  const evidence = [
    'error[E0308]: mismatched types',
    '--> src/config.rs:18:22',
    'error: could not compile `server` (bin "server") due to 2 previous errors',
  ];

  it('shows the failure lines from the middle of the output, verbatim, between first and last', () => {
    const text = toolDigest({ result: result({ evidence }), keyArgs: { command: 'cargo build' } });
    expect(text.split('\n')).toEqual([
      '[Archived tool result] run_command command="cargo build" → error (exit 101), 900 lines, 46.9 KB',
      'first: Compiling libc v0.2.150',
      'failure lines:',
      '  error[E0308]: mismatched types',
      '  --> src/config.rs:18:22',
      '  error: could not compile `server` (bin "server") due to 2 previous errors',
      `full output: ${ref}`,
    ]);
  });

  it('repeats neither the first nor the last line when they are failure lines', () => {
    const text = toolDigest({
      result: result({ firstLine: evidence[0] as string, evidence }),
      keyArgs: {},
    });
    expect(text.match(/mismatched types/g)).toHaveLength(1);
    expect(text.match(/could not compile/g)).toHaveLength(1);
  });

  it('is unchanged for results without failure lines', () => {
    const text = toolDigest({ result: result({ status: 'ok', exitCode: 0 }), keyArgs: {} });
    expect(text).not.toContain('failure lines');
    expect(text).toContain('first: Compiling');
    expect(text).toContain('last: error: could not compile');
  });
});
