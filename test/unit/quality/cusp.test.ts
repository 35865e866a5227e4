/**
 * The cusp transcript family (bench/quality/cusp.ts): the checks of every family on the shared engine
 * (./family-suite.ts), and each harness in its own format and user language. The Qwen3-Coder-like and
 * Phi-4-mini-like models write several calls in one message, answered together; the
 * smolagents-ToolCallingAgent-like agent writes one call a message; the Assistants-API-like run and the
 * Agno-like agent make parallel native calls, the Trae-like agent one at a time.
 */
import { expect } from 'vitest';
import {
  CUSP_HARNESSES,
  CUSP_SHAPES,
  CUSP_STYLES,
  cuspEpisodes,
  cuspIsResult,
  cuspSuite,
  generateCuspTranscript,
  type CuspStyle,
} from '../../../bench/quality/cusp';
import { describeFamily } from './family-suite';

describeFamily<CuspStyle>(
  {
    name: 'cusp',
    styles: CUSP_STYLES,
    shapes: CUSP_SHAPES,
    harnesses: CUSP_HARNESSES,
    generate: generateCuspTranscript,
    suite: cuspSuite,
    episodes: cuspEpisodes,
    isResult: cuspIsResult,
    deterministicStyle: 'toolcall',
    longStyle: 'assist',
    parallel: ['assist', 'agno'],
    several: ['qwen', 'phi'],
    single: ['toolcall'],
    callIds: {
      qwen: /^$/,
      assist: /^call_[A-Za-z0-9]{24}$/,
      toolcall: /^$/,
      trae: /^toolu_01[A-Za-z0-9]{22}$/,
      agno: /^call_0_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      phi: /^$/,
    },
  },
  (all) => {
    expect(all('qwen')).toMatch(/^<tool_call>\n<function=(?:run_shell|view_file|write_file)>\n<parameter=\w+>\n/m);
    expect(all('qwen')).toMatch(/^<\/function>\n<\/tool_call>\n<tool_call>$/m);
    expect(all('qwen')).toMatch(/^<tool_response>\n[^]*?\n<\/tool_response>\n<tool_response>$/m);
    expect(all('qwen')).toMatch(/^Top level object is a 3D object \(manifold\):\n {3}Status: {5}NoError$/m);
    expect(all('qwen')).toMatch(/^Total rendering time: 0:00:0\d\.\d{3}$/m);
    expect(all('qwen')).toMatch(/^Salom! Loyiha ~\/loyihalar\/kronshteyn papkasida/m);
    expect(all('assist')).toMatch(/^\{"outputs": \[\{"type": "logs", "logs": "/m);
    expect(all('assist')).toMatch(/^run_sas \{"program":"[^"\n]+\.sas"\}$/m);
    expect(all('assist')).toMatch(/^NOTE: The data set ADAM\.\w+ has \d+ observations and \d+ variables\.$/m);
    expect(all('assist')).toMatch(/^ {6}real time {11}[\d.]+ seconds$/m);
    expect(all('assist')).toMatch(/^NOTE: No unequal values were found\. All values compared are exactly equal\.$/m);
    expect(all('assist')).toMatch(/^Добры дзень! Даследаванне KROK-301/m);
    expect(all('toolcall')).toMatch(
      /^Calling tools:\n\[\{'id': 'call_[A-Za-z0-9]{24}', 'type': 'function', 'function': \{'name': '\w+', 'arguments': \{/m,
    );
    expect(all('toolcall')).toMatch(/^Call id: call_[A-Za-z0-9]{24}\nObservation:\nExit code: \d+\nStdout:\n/m);
    expect(all('toolcall')).toMatch(
      /^Call id: call_[A-Za-z0-9]{24}\nError:\nError executing tool '\w+' with arguments \{'/m,
    );
    expect(all('toolcall')).toMatch(/^Now let's retry: take care not to repeat previous errors!/m);
    expect(all('toolcall')).toMatch(/^processing file django\.po in \/srv\/oja\/\w+\/locale\/yo\/LC_MESSAGES$/m);
    expect(all('toolcall')).toMatch(/^New task:\nẸ n lẹ! Iṣẹ́ akanṣe náà wà ní \/srv\/oja/m);
    expect(all('trae')).toMatch(
      /^sequentialthinking \{"thought":"[^\n]+","thought_number":\d+,"total_thoughts":\d+,"next_thought_needed":(?:true|false)\}$/m,
    );
    expect(all('trae')).toMatch(/^Sequential thinking step completed\.\n\nStatus:\n\{\n {2}"thought_number": \d+,/m);
    expect(all('trae')).toMatch(
      /^Here's the result of running `cat -n` on \/home\/marija\/proġetti\/kalendarju\/[^\n]+:$/m,
    );
    expect(all('trae')).toMatch(/^All tests successful\.\nFiles=4, Tests=\d+, {2}\d+ wallclock secs\nResult: PASS$/m);
    expect(all('trae')).toMatch(
      /^\[Project root path\]:\n\/home\/marija\/proġetti\/kalendarju\n\n\[Problem statement\]: Bongu!/m,
    );
    expect(all('agno')).toMatch(/^run_shell_command \{"args":\["[^\n]+\],"tail":\d+\}$/m);
    expect(all('agno')).toMatch(/^ \*\* TESTS=5 PASS=[45] FAIL=[01] SKIP=0 /m);
    expect(all('agno')).toMatch(/^ {9,11}-?\d+\.\d\d {3}slack \((?:MET|VIOLATED)\)$/m);
    expect(all('agno')).toMatch(/^ {3}Chip area for module '\\tt_um_angkor_pwm': \d+\.\d+$/m);
    expect(all('agno')).toMatch(/^<your_goal>$/m);
    expect(all('agno')).toMatch(/^សួស្តី! គម្រោងស្ថិតនៅក្នុង ~\/chip\/angkor-pwm/m);
    expect(all('phi')).toMatch(
      /^functools\[\{"name": "\w+", "arguments": \{[^\n]*\}\}, \{"name": "\w+", "arguments": \{/m,
    );
    expect(all('phi')).toMatch(/^<\|tool\|>\[\{"name": "\w+", "content": "[^\n]*"\}\]<\|\/tool\|>$/m);
    expect(all('phi')).toMatch(/frame= *\d+ fps=\d+ q=-1\.0 Lsize= *\d+KiB time=/);
    expect(all('phi')).toMatch(/\\n\\t\\"input_i\\" : \\"-[\d.]+\\",/);
    expect(all('phi')).toMatch(/^नमस्कार! प्रोजेक्ट \/mnt\/media\/wari-2025 मध्ये आहे/m);
  },
);
