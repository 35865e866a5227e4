/**
 * The verge transcript family (bench/quality/verge.ts): the checks of every family on the shared
 * engine (./family-suite.ts), and each harness in its own format and user language. The gptme-like
 * and AgentScope-like harnesses write several calls in one message, answered together; the
 * GLM-like model writes one call a message; the computer-use-like and MiniMax-like agents make
 * parallel native calls, the CrewAI-like lead one at a time.
 */
import { expect } from 'vitest';
import {
  VERGE_HARNESSES,
  VERGE_SHAPES,
  VERGE_STYLES,
  generateVergeTranscript,
  vergeEpisodes,
  vergeIsResult,
  vergeSuite,
  type VergeStyle,
} from '../../../bench/quality/verge';
import { describeFamily } from './family-suite';

describeFamily<VergeStyle>(
  {
    name: 'verge',
    styles: VERGE_STYLES,
    shapes: VERGE_SHAPES,
    harnesses: VERGE_HARNESSES,
    generate: generateVergeTranscript,
    suite: vergeSuite,
    episodes: vergeEpisodes,
    isResult: vergeIsResult,
    deterministicStyle: 'glm',
    longStyle: 'minimax',
    parallel: ['computer', 'minimax'],
    several: ['gptme', 'scope'],
    single: ['glm'],
    callIds: {
      glm: /^$/,
      gptme: /^$/,
      scope: /^$/,
      crew: /^call_[A-Za-z0-9]{24}$/,
      computer: /^toolu_01[A-Za-z0-9]{22}$/,
      minimax: /^call_function_[a-z0-9]{12}_1$/,
    },
  },
  (all) => {
    expect(all('glm')).toMatch(/^<tool_call>\w+\n<arg_key>\w+<\/arg_key>\n<arg_value>[^\n]*/m);
    expect(all('glm')).toMatch(/<\/arg_value>\n<\/tool_call>$/m);
    expect(all('glm')).toMatch(/^<\|observation\|>\n<tool_response>\n/m);
    expect(all('glm')).toMatch(/^% All \d+ tests passed in [\d.]+ seconds \([\d.]+ cpu\)$/m);
    expect(all('glm')).toMatch(/^% \[\d+\/\d+\] \w+:\w+ \.+ passed \([\d.]+ sec\)$/m);
    expect(all('glm')).toMatch(/^\[exit code: \d+\]$/m);
    expect(all('glm')).toMatch(/^Сәлем! Жоба ~\/projects\/kesteler/m);
    expect(all('gptme')).toMatch(/^```shell\n[^\n]+\n```$/m);
    expect(all('gptme')).toMatch(/^```(?:save|patch) [\w/.]+\n/m);
    expect(all('gptme')).toMatch(/^<system>\nRan command: `[^`\n]+`\n\n```stdout\n/m);
    expect(all('gptme')).toMatch(/^all\.tcl:\tTotal\t\d+\tPassed\t\d+\tSkipped\t\d+\tFailed\t\d+$/m);
    expect(all('gptme')).toMatch(/^```shell\n[^\n]+\n```\n\n```shell\n/m);
    expect(all('gptme')).toMatch(/^Helo! Mae'r prosiect yn ~\/prosiectau\/praidd/m);
    expect(all('scope')).toMatch(
      /^```json\n\{"thought": "[^\n]*", "speak": "[^\n]*", "function": \[\{"name": "\w+", "arguments": \{/m,
    );
    expect(all('scope')).toMatch(/"function": \[\{"name": "\w+", "arguments": \{[^\n]*\}\}, \{"name": "\w+"/);
    expect(all('scope')).toMatch(/"function": \[\]\}\n```$/m);
    expect(all('scope')).toMatch(
      /^Execution Results:\n1\. \w+:\n {4}\[EXECUTE STATUS\]: (?:SUCCESS|ERROR)\n {4}\[EXECUTE RESULT\]: /m,
    );
    expect(all('scope')).toMatch(/^2\. \w+:\n {4}\[EXECUTE STATUS\]: /m);
    expect(all('scope')).toMatch(/"id": "W-25-\d{5}"/);
    expect(all('scope')).toMatch(/^Tere! Sa oled meie laboriinfosüsteemi \(LIMS\) abiline/m);
    expect(all('crew')).toMatch(/^Current Task: Živjo! Naša deljena Jenkins knjižnica/m);
    expect(all('crew')).toMatch(/^Begin! This is VERY important to you/m);
    expect(all('crew')).toMatch(
      /^(?:ask_question_to_coworker|delegate_work_to_coworker) \{"(?:question|task)":"[^"\n]+","context":"[^"\n]+","coworker":"(?:Groovy Reviewer|Jenkins Administrator|Release Coordinator)"\}$/m,
    );
    expect(all('crew')).toMatch(/^\[INFO\] Tests run: \d+, Failures: 0, Errors: 0, Skipped: 0$/m);
    expect(all('crew')).toMatch(/^\[Pipeline\] Start of Pipeline\n\[Pipeline\] node\nRunning on agent-\d/m);
    expect(all('crew')).toMatch(/^Finished: SUCCESS$/m);
    expect(all('computer')).toMatch(/^computer \{"action":"(?:screenshot|left_click|type|zoom)"/m);
    expect(all('computer')).toMatch(
      /^Here's the result of running `cat -n` on \/home\/sigrun\/verkefni\/reikningar\/src\/[\w-]+\/\w+\.class\.st:\n {5}\d\t/m,
    );
    expect(all('computer')).toMatch(
      /^\d+ run, \d+ passes, 0 skipped, 0 expected failures, \d+ failures, \d+ errors, 0 unexpected passes$/m,
    );
    expect(all('computer')).toMatch(/^\[screenshot \d+x\d+ image\/png, \d+ KB\]$/m);
    expect(all('computer')).toMatch(/^str_replace_based_edit_tool \{"command":"(?:view|create|str_replace)","path":"/m);
    expect(all('computer')).toMatch(/^Halló! Verkefnið er í ~\/verkefni\/reikningar/m);
    expect(all('minimax')).toMatch(/^<think>\n[^\n]+\n<\/think>\n\n/m);
    expect(all('minimax')).toMatch(/^Test result: OK\. Total tests: \d+; passed: \d+; failed: 0$/m);
    expect(all('minimax')).toMatch(/^\[ PASS {4}\] kamurj::\w+::\w+$/m);
    expect(all('minimax')).toMatch(/^ {5}\d\|/m);
    expect(all('minimax')).toMatch(/^INCLUDING DEPENDENCY Sui\nINCLUDING DEPENDENCY MoveStdlib\nBUILDING kamurj$/m);
    expect(all('minimax')).toMatch(/^Exit code: \d+$/m);
    expect(all('minimax')).toMatch(/^Բարև՛։ Նախագիծը ~\/nakhagits\/kamurj-ում է/m);
  },
);
