/**
 * The fringe transcript family (bench/quality/fringe.ts): the checks of every family on the shared
 * engine (./family-suite.ts), and each harness in its own format and user language. The Command-A-like
 * and ReWOO-like harnesses write several calls in one message, answered together; the Harmony-speaking
 * model writes one call a message; the Manus-like and Blender MCP agents make parallel native calls,
 * the tau-bench-like airline agent one at a time.
 */
import { expect } from 'vitest';
import {
  FRINGE_HARNESSES,
  FRINGE_SHAPES,
  FRINGE_STYLES,
  fringeEpisodes,
  fringeIsResult,
  fringeSuite,
  generateFringeTranscript,
  type FringeStyle,
} from '../../../bench/quality/fringe';
import { describeFamily } from './family-suite';

describeFamily<FringeStyle>(
  {
    name: 'fringe',
    styles: FRINGE_STYLES,
    shapes: FRINGE_SHAPES,
    harnesses: FRINGE_HARNESSES,
    generate: generateFringeTranscript,
    suite: fringeSuite,
    episodes: fringeEpisodes,
    isResult: fringeIsResult,
    deterministicStyle: 'harmony',
    longStyle: 'manus',
    parallel: ['manus', 'blender'],
    several: ['commanda', 'rewoo'],
    single: ['harmony'],
    callIds: {
      harmony: /^$/,
      commanda: /^$/,
      tau: /^call_[A-Za-z0-9]{24}$/,
      manus: /^toolu_vrtx_01[A-Za-z0-9]{22}$/,
      blender: /^call_[a-z0-9]{8}$/,
      rewoo: /^$/,
    },
  },
  (all) => {
    expect(all('harmony')).toMatch(
      /^<\|channel\|>analysis<\|message\|>[^\n]*<\|end\|><\|start\|>assistant<\|channel\|>commentary to=functions\.(?:run|read_file|write_file|edit_file|serial_monitor) <\|constrain\|>json<\|message\|>\{"[^\n]*\}<\|call\|>$/m,
    );
    expect(all('harmony')).toMatch(
      /^<\|start\|>functions\.run to=assistant<\|channel\|>commentary<\|message\|>Processing esp32dev \(platform: espressif32; board: esp32dev; framework: arduino\)$/m,
    );
    expect(all('harmony')).toMatch(/<\|start\|>assistant<\|channel\|>final<\|message\|>[^\n]+<\|end\|>$/m);
    expect(all('harmony')).toMatch(/^RAM: {3}\[=+ *\] +[\d.]+% \(used \d+ bytes from 327680 bytes\)$/m);
    expect(all('harmony')).toMatch(/^={17} \d+ test cases: (?:\d+ failed, )?\d+ succeeded in 00:00:[\d.]+ ={17}$/m);
    expect(all('harmony')).toMatch(/^\[exit \d+ · [\d.]+s\]<\|end\|>$/m);
    expect(all('harmony')).toMatch(/^Sveiki! Projekts ir ~\/projekti\/siltumnica/m);
    expect(all('commanda')).toMatch(
      /<\|START_THINKING\|>[^\n]*<\|END_THINKING\|><\|START_ACTION\|>\[\n {4}\{"tool_call_id": "0", "tool_name": "\w+", "parameters": \{/,
    );
    expect(all('commanda')).toMatch(
      /\},\n {4}\{"tool_call_id": "1", "tool_name": "\w+", "parameters": \{[^\n]*\}\}\n\]<\|END_ACTION\|>$/m,
    );
    expect(all('commanda')).toMatch(
      /^<\|START_TOOL_RESULT\|>\[\{"tool_call_id": "0", "results": \{"0": \{"(?:exit_code|path|output|status)": /m,
    );
    expect(all('commanda')).toMatch(/, \{"tool_call_id": "1", "results": \{"0": \{/);
    expect(all('commanda')).toMatch(/"is_error": (?:null|true)\}\]<\|END_TOOL_RESULT\|>$/m);
    expect(all('commanda')).toMatch(/<\|START_RESPONSE\|>[^\n]+<\|END_RESPONSE\|>$/m);
    expect(all('commanda')).toMatch(/Test Successful in [\d.]+s\. \d+ tests run\./);
    expect(all('commanda')).toMatch(
      /File \\"\.\/theories\/\w+\.v\\", line \d+, characters \d+-\d+:\\n(?:Error|Warning)/,
    );
    expect(all('commanda')).toMatch(/^السلام علیکم! پروجیکٹ ~\/projects\/darakht/m);
    expect(all('tau')).toMatch(/^# Airline Agent Policy$/m);
    expect(all('tau')).toMatch(/^get_reservation_details \{"reservation_id":"[A-Z0-9]{6}"\}$/m);
    expect(all('tau')).toMatch(
      /^\{"reservation_id": "[A-Z0-9]{6}", "user_id": "arta_krasniqi_5190", "origin": "[A-Z]{3}", /m,
    );
    expect(all('tau')).toMatch(
      /"flight_type": "(?:one_way|round_trip)", "cabin": "(?:basic_economy|economy|business)"/,
    );
    expect(all('tau')).toMatch(/^Error: [^\n]+$/m);
    expect(all('tau')).toMatch(/^Përshëndetje! Jam Arta Krasniqi/m);
    expect(all('manus')).toMatch(
      /^shell_exec \{"id":"shell\d","exec_dir":"\/home\/ubuntu\/plaasmark","command":"[^\n]+"\}$/m,
    );
    expect(all('manus')).toMatch(
      /^\{"output": "[^\n]*", "console": "\[ubuntu@sandbox ~\/plaasmark\]\$ [^\n]*\[ubuntu@sandbox ~\/plaasmark\]\$"\}$/m,
    );
    expect(all('manus')).toMatch(
      /^file_write \{"file":"\/home\/ubuntu\/plaasmark\/todo\.md","content":"# Plaasmark-taak\\n\\n- \[ \] /m,
    );
    expect(all('manus')).toMatch(/\\n\\nBUILD SUCCESSFUL in \d+s\\n\d+ actionable tasks: \d+ executed, \d+ up-to-date/);
    expect(all('manus')).toMatch(/^message_notify_user \{"text":"[^\n]+"\}$/m);
    expect(all('manus')).toMatch(/^Goeie môre! Die projek is in ~\/plaasmark/m);
    expect(all('blender')).toMatch(
      /^\{"content": \[\{"type": "text", "text": "[^\n]*"\}\], "isError": (?:false|true)\}$/m,
    );
    expect(all('blender')).toMatch(/^execute_blender_code \{"code":"import bpy\\n/m);
    expect(all('blender')).toMatch(/^Fra:\d+ Mem:[\d.]+M \(Peak [\d.]+M\) \| Time:\d\d:\d\d\.\d\d \| /m);
    expect(all('blender')).toMatch(/^={29} test session starts ={30}$/m);
    expect(all('blender')).toMatch(/^Blender 4\.2\.3 LTS \(hash 2d9ac8fd5c5e built 2024-10-15 01:21:38\)$/m);
    expect(all('blender')).toMatch(/^Сайн байна уу! Төсөл ~\/tusul\/vizpipe/m);
    expect(all('rewoo')).toMatch(
      /^Plan: [^\n]+\n#E1 = (?:ReadFile|Compile|RunTests|Simulate|Grep|ModbusMap|ExportXML|Patch|LLM)\[[^\n]*\]\nPlan: /m,
    );
    expect(all('rewoo')).toMatch(/^#E2 = LLM\[Given #E1[^\n]*\]$/m);
    expect(all('rewoo')).toMatch(/^#E1 = [^\n]*\n[^]*?\n\n#E2 = /m);
    expect(all('rewoo')).toMatch(/^Build OK: 0 error\(s\), [01] warning\(s\)$/m);
    expect(all('rewoo')).toMatch(/^\| ==========TESTS FINISHED RUNNING==========$/m);
    expect(all('rewoo')).toMatch(/^ {2}scan time {3}avg [\d.]+ ms {3}max [\d.]+ ms/m);
    expect(all('rewoo')).toMatch(/^Kaixo! Proiektua ~\/proiektuak\/botilaketa/m);
  },
);
