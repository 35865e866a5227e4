/**
 * The apart transcript family (bench/quality/apart.ts): the checks of every family on the shared
 * engine (./family-suite.ts), and each harness in its own format and user language. Aider puts
 * edits and a command in one message, answered together.
 */
import { expect } from 'vitest';
import {
  APART_HARNESSES,
  APART_SHAPES,
  APART_STYLES,
  apartEpisodes,
  apartIsResult,
  apartSuite,
  generateApartTranscript,
  type ApartStyle,
} from '../../../bench/quality/apart';
import { describeFamily } from './family-suite';

describeFamily<ApartStyle>(
  {
    name: 'apart',
    styles: APART_STYLES,
    shapes: APART_SHAPES,
    harnesses: APART_HARNESSES,
    generate: generateApartTranscript,
    suite: apartSuite,
    episodes: apartEpisodes,
    isResult: apartIsResult,
    deterministicStyle: 'codex',
    longStyle: 'openhands',
    parallel: ['openhands', 'codex'],
    several: ['aider'],
    single: [],
    callIds: {
      aider: /^$/,
      gemma: /^$/,
      dspy: /^$/,
      openhands: /^toolu_bdrk_01\w{22}$/,
      codex: /^call_\w{24}$/,
      internlm: /^$/,
    },
  },
  (all) => {
    expect(all('aider')).toMatch(/^<<<<<<< SEARCH\n[^]*?\n=======\n[^]*?\n>>>>>>> REPLACE$/m);
    expect(all('aider')).toMatch(/^I ran this command:\n\nzig build[^\n]*\n\nAnd got this output:\n/m);
    expect(all('aider')).toMatch(/Build Summary: \d+\/\d+ steps succeeded/);
    expect(all('aider')).toMatch(/^שלום! הפרויקט הוא kestrel/m);
    expect(all('gemma')).toMatch(/^```tool_code\nprint\(\w+\(\w+=/m);
    expect(all('gemma')).toMatch(/^```tool_outputs\n/m);
    expect(all('gemma')).toMatch(/Build completed successfully\./);
    expect(all('gemma')).toMatch(/^สวัสดีครับ /m);
    expect(all('dspy')).toMatch(/^\[\[ ## next_tool_args ## \]\]\n\{"/m);
    expect(all('dspy')).toMatch(/^\[\[ ## observation_\d+ ## \]\]\n/m);
    expect(all('dspy')).toMatch(/\[ FAIL \d+ \| WARN \d+ \| SKIP \d+ \| PASS \d+ \]/);
    expect(all('openhands')).toMatch(/\[The command completed with exit code \d+\.\]\n\[Current working directory: /);
    expect(all('openhands')).toMatch(/Summary: \d+ packages? finished/);
    expect(all('openhands')).toMatch(/^Hej! Workspacet ligger/m);
    expect(all('codex')).toMatch(/"command":\["bash","-lc",/);
    expect(all('codex')).toMatch(/\{"output":".*","metadata":\{"exit_code":\d+,"duration_seconds":[\d.]+\}\}/);
    expect(all('codex')).toMatch(/\d+ Warning\(s\)\\n {4}\d+ Error\(s\)/);
    expect(all('internlm')).toMatch(/<\|action_start\|><\|plugin\|>\n\{"name":"\w+","parameters":\{/);
    expect(all('internlm')).toMatch(/^environment name=<\|plugin\|>\n/m);
    expect(all('internlm')).toMatch(/NOTE: Tasks Summary: Attempted \d+ tasks/);
    expect(all('internlm')).toMatch(/^Salut! Lucrăm pe Yocto/m);
  },
);
