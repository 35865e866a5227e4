/**
 * The rim transcript family (bench/quality/rim.ts): the checks of every family on the shared
 * engine (./family-suite.ts), and each harness in its own format and user language. The
 * bolt.new-like, AutoCodeRover-like and xLAM-like harnesses write several calls in one message,
 * answered together; the WebArena-like browser agent issues one action a step.
 */
import { expect } from 'vitest';
import {
  RIM_HARNESSES,
  RIM_SHAPES,
  RIM_STYLES,
  generateRimTranscript,
  rimEpisodes,
  rimIsResult,
  rimSuite,
  type RimStyle,
} from '../../../bench/quality/rim';
import { describeFamily } from './family-suite';

describeFamily<RimStyle>(
  {
    name: 'rim',
    styles: RIM_STYLES,
    shapes: RIM_SHAPES,
    harnesses: RIM_HARNESSES,
    generate: generateRimTranscript,
    suite: rimSuite,
    episodes: rimEpisodes,
    isResult: rimIsResult,
    deterministicStyle: 'acr',
    longStyle: 'warp',
    parallel: ['raven', 'warp'],
    several: ['bolt', 'acr', 'xlam'],
    single: ['webarena'],
    callIds: {
      bolt: /^$/,
      acr: /^$/,
      raven: /^chatcmpl-tool-[0-9a-f]{32}$/,
      webarena: /^$/,
      warp: /^tc_01[0-9A-HJKMNP-TV-Z]{24}$/,
      xlam: /^$/,
    },
  },
  (all) => {
    expect(all('bolt')).toMatch(
      /^<boltArtifact id="[\w-]+" title="[^"\n]+">\n {2}<boltAction type="(?:shell|file|start)"/m,
    );
    expect(all('bolt')).toMatch(/^ {2}<boltAction type="file" filePath="src\/[^"]+">/m);
    expect(all('bolt')).toMatch(/^<bolt_action_results artifact="[\w-]+">\n<action_result n="1" type="\w+"/m);
    expect(all('bolt')).toMatch(/^svelte-check found \d+ errors? and \d+ warnings?/m);
    expect(all('bolt')).toMatch(/^ {6}Tests {2}(?:\d+ failed \| )?\d+ passed \(\d+\)$/m);
    expect(all('bolt')).toMatch(/^নমস্কার! এটা আমার বইপোকা প্রজেক্ট/m);
    expect(all('acr')).toMatch(
      /^search_(?:class|method|method_in_file|method_in_class|code|code_in_file)\("[^"\n]+"(?:, "[^"\n]+")?\)$/m,
    );
    expect(all('acr')).toMatch(/^Result of search_\w+\("[^\n]*"\):\n\n(?:Found \d+ |Could not find )/m);
    expect(all('acr')).toMatch(/^# modification 1\n```lisp\n<file>[\w/.-]+<\/file>\n<original>\n/m);
    expect(all('acr')).toMatch(/^ Did \d+ checks\.\n {4}Pass: \d+ \( ?\d+%\)$/m);
    expect(all('acr')).toMatch(/^; caught STYLE-WARNING:$/m);
    expect(all('acr')).toMatch(/^Zdravo! Projekat je ~\/projekti\/kalendar/m);
    expect(all('raven')).toMatch(/^Call: \w+\(\w+=[^\n]*\)(?:; \w+\([^\n]*\))*<bot_end>(?:\nThought: )?/m);
    expect(all('raven')).toMatch(/^Call: [^\n]+\); \w+\(/m);
    expect(all('raven')).toMatch(/^\d+ successes \/ \d+ failures? \/ \d+ errors \/ \d+ pending : [\d.]+ seconds$/m);
    expect(all('raven')).toMatch(/^Total: \d+ warnings? \/ 0 errors in \d+ files$/m);
    expect(all('raven')).toMatch(/^\[exit status \d+\]$/m);
    expect(all('raven')).toMatch(/^Kumusta! Nasa ~\/mga-proyekto\/talaan\.nvim/m);
    expect(all('webarena')).toMatch(
      /^Let's think step-by-step\. .+ In summary, the next action I will perform is ```(?:click \[\d+\]|type \[\d+\] \[[^\]\n]*\] \[[01]\]|scroll \[(?:down|up)\]|goto \[http[^\]]+\]|go_back|hover \[\d+\]|press \[\w+\])```$/m,
    );
    expect(all('webarena')).toMatch(/```stop \[[^\]\n]+\]```$/m);
    expect(all('webarena')).toMatch(
      /^OBSERVATION:\nTab 0 \(current\): .+\n\n\[1\] RootWebArea '.+' focused: True\n\t\[\d+\] navigation ''/m,
    );
    expect(all('webarena')).toMatch(/^\t\t\t\[\d+\] row 'BILL\/2024\/10\/\d{4} /m);
    expect(all('webarena')).toMatch(/^URL: http:\/\/erp\.baltumedis\.lt\/odoo\/[^\n]+\nPREVIOUS ACTION: /m);
    expect(all('webarena')).toMatch(/^Labas! Esi mūsų Odoo apskaitos asistentas/m);
    expect(all('warp')).toMatch(
      /^<block command="[^"\n]+" cwd="~\/proeqtebi\/gza" exit_code="\d+" duration="[\d.]+s">\n/m,
    );
    expect(all('warp')).toMatch(/^<file path="source\/[\w/.]+" lines="\d+-\d+">\n {3}\d│/m);
    expect(all('warp')).toMatch(/^core\.exception\.AssertError@source\/gza\/\w+\.d\(\d+\): unittest failure$/m);
    expect(all('warp')).toMatch(/^\d+ modules passed unittests$/m);
    expect(all('warp')).toMatch(/^გამარჯობა! პროექტი არის ~\/proeqtebi\/gza/m);
    expect(all('xlam')).toMatch(/^\{"thought": "[^\n]*", "tool_calls": \[\{"name": "\w+", "arguments": \{/m);
    expect(all('xlam')).toMatch(
      /"tool_calls": \[\{"name": "\w+", "arguments": \{[^\n]*\}\}, \{"name": "\w+", "arguments": \{/,
    );
    expect(all('xlam')).toMatch(/^\{"tool_results": \[\{"name": "\w+", "result": /m);
    expect(all('xlam')).toMatch(/Error: \(5000\) Identifier not found \\"\w+\\"/);
    expect(all('xlam')).toMatch(/Number of run tests: \d+\\nNumber of errors: {4}0\\nNumber of failures: {2}\d/);
    expect(all('xlam')).toMatch(/^Salam! Projek saya di ~\/projek\/kedai/m);
  },
);
