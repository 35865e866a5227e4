/**
 * The shoal family (bench/quality/shoal.ts): the checks of every family on the shared engine
 * (./family-suite.ts), and each harness in its own format and user language. The JARVIS-like and
 * LLMCompiler-like agents write several calls in one message, answered together; the ToolLLaMA-like and
 * conversational-ReAct agents write one call a message; the Agency-Swarm-like agency makes parallel
 * native calls; the XAgent-like agent makes one native call at a time.
 */
import { expect } from 'vitest';
import {
  SHOAL_HARNESSES,
  SHOAL_SHAPES,
  SHOAL_STYLES,
  generateShoalTranscript,
  shoalEpisodes,
  shoalIsResult,
  shoalSuite,
  type ShoalStyle,
} from '../../../bench/quality/shoal';
import { describeFamily } from './family-suite';

describeFamily<ShoalStyle>(
  {
    name: 'shoal',
    styles: SHOAL_STYLES,
    shapes: SHOAL_SHAPES,
    harnesses: SHOAL_HARNESSES,
    generate: generateShoalTranscript,
    suite: shoalSuite,
    episodes: shoalEpisodes,
    isResult: shoalIsResult,
    deterministicStyle: 'jarvis',
    longStyle: 'agency',
    parallel: ['agency'],
    several: ['jarvis', 'compiler'],
    single: ['toolllama', 'convo'],
    callIds: {
      toolllama: /^$/,
      xagent: /^call_[A-Za-z0-9]{24}$/,
      jarvis: /^$/,
      compiler: /^$/,
      convo: /^$/,
      agency: /^call_[A-Za-z0-9]{24}$/,
    },
  },
  (all, cases) => {
    // (a workflow run registers every transcript's tools by name)
    for (const t of cases) for (const name of t.tools) expect(name, t.id).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(all('toolllama')).toMatch(
      /^Thought: .+\nAction: execute_command_for_terminal\nAction Input: \{"command": /m,
    );
    expect(all('toolllama')).toMatch(/^Observation: \{"error": "exit status 1", "response": "/m);
    expect(all('toolllama')).toMatch(/Action: Finish\nAction Input: \{"return_type": "give_answer", "final_answer": /);
    expect(all('toolllama')).toMatch(/src\/ahia\/\w+\.hx:\d+: characters \d+-\d+ : /);
    expect(all('toolllama')).toMatch(/^Ndewo! Ọrụ m dị na \/home\/chinedu\/ahia-stock/m);
    expect(all('xagent')).toMatch(/^\[TOOL_CALL_FAILED\] ShellCommandExecutor_execute_command \(return code 1\)$/m);
    expect(all('xagent')).toMatch(/ - STEP_FAILURE - Execution of step "\w+" failed\.$/m);
    expect(all('xagent')).toMatch(/^dagster\._core\.errors\.DagsterExecutionStepExecutionError: /m);
    expect(all('xagent')).toMatch(/^Mālō e lelei! Ko e poloseki ʻoku ʻi he \/workspace\/ika-pipeline/m);
    expect(all('jarvis')).toMatch(
      /^#1 Task Planning Stage\n(?:.+\n)?\[\{"task": "\w+", "id": 0, "dep": \[-1\], "args": \{/m,
    );
    expect(all('jarvis')).toMatch(/^\[task 1\] \w+ · dep \[-1\] · exit \d+$/m);
    expect(all('jarvis')).toMatch(/\(mismatched types int and string\):\n {4}\.\/schema\.cue:\d+:\d+$/m);
    expect(all('jarvis')).toMatch(/^ਸਤ ਸ੍ਰੀ ਅਕਾਲ! ਪ੍ਰੋਜੈਕਟ \/home\/gurpreet\/doodh-config/m);
    expect(all('compiler')).toMatch(/^1\. run_shell\(command="[^"]+"\)\n2\. \w+\(.*\n3\. join\(\)<END_OF_PLAN>$/m);
    expect(all('compiler')).toMatch(/^Task results \(plan of 3\):\n1\. run_shell\(…\)\nObservation: /m);
    expect(all('compiler')).toMatch(/^vyper\.exceptions\.\w+: /m);
    expect(all('compiler')).toMatch(/^Maayong adlaw! Ang proyekto anaa sa \/home\/joy\/paluwagan/m);
    expect(all('convo')).toMatch(/^Thought: Do I need to use a tool\? Yes\nAction: mongosh\nAction Input: db\./m);
    expect(all('convo')).toMatch(/^Thought: Do I need to use a tool\? No\nAI: /m);
    expect(all('convo')).toMatch(
      /MongoServerError: E11000 duplicate key error collection: boda\.riders index: phone_1/,
    );
    expect(all('convo')).toMatch(/^Oli otya! Pulojekiti eri mu \/srv\/boda\/dispatch-db/m);
    expect(all('agency')).toMatch(/^SendMessage \{"recipient":"DataAnalyst","message":/m);
    expect(all('agency')).toMatch(
      /^Binder Error: Referenced column "\w+" not found in FROM clause!\nCandidate bindings: /m,
    );
    expect(all('agency')).toMatch(/^│ shed +│ bales +│$/m);
    expect(all('agency')).toMatch(/^Molo! Iprojekthi ikwi-\/home\/lindiwe\/uboya-coop/m);
  },
);
