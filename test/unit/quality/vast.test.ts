/**
 * The vast transcript family (bench/quality/vast.ts): the checks of every family on the shared
 * engine (./family-suite.ts), and each harness in its own format and user language. The
 * Magentic-One-like and ToolACE-like harnesses write several calls in one message, answered
 * together; the TaskWeaver-like one runs one snippet a step.
 */
import { expect } from 'vitest';
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
import { describeFamily } from './family-suite';

describeFamily<VastStyle>(
  {
    name: 'vast',
    styles: VAST_STYLES,
    shapes: VAST_SHAPES,
    harnesses: VAST_HARNESSES,
    generate: generateVastTranscript,
    suite: vastSuite,
    episodes: vastEpisodes,
    isResult: vastIsResult,
    deterministicStyle: 'toolace',
    longStyle: 'cody',
    parallel: ['llamaindex', 'cody', 'rovo'],
    several: ['magentic', 'toolace'],
    single: ['taskweaver'],
    callIds: {
      magentic: /^$/,
      toolace: /^$/,
      taskweaver: /^$/,
      llamaindex: /^call_[A-Za-z0-9]{24}$/,
      cody: /^tooluse_[A-Za-z0-9]{22}$/,
      rovo: /^toolu_vrtx_01[A-Za-z0-9]{22}$/,
    },
  },
  (all) => {
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
  },
);
