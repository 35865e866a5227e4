/**
 * The mesa transcript family (bench/quality/mesa.ts): the checks of every family on the shared engine
 * (./family-suite.ts), and each harness in its own format and user language. The Jamba-like model
 * writes several calls in one message, answered together; the LangChain-XML-agent-like model and the
 * Agent-Zero-like agent write one call a message; the Claude-Desktop-like MCP client makes parallel
 * native calls, the LangGraph-supervisor-like team and the Codex-cloud-like runner one at a time.
 */
import { expect } from 'vitest';
import {
  generateMesaTranscript,
  MESA_HARNESSES,
  MESA_SHAPES,
  MESA_STYLES,
  mesaEpisodes,
  mesaIsResult,
  mesaSuite,
  type MesaStyle,
} from '../../../bench/quality/mesa';
import { describeFamily } from './family-suite';

describeFamily<MesaStyle>(
  {
    name: 'mesa',
    styles: MESA_STYLES,
    shapes: MESA_SHAPES,
    harnesses: MESA_HARNESSES,
    generate: generateMesaTranscript,
    suite: mesaSuite,
    episodes: mesaEpisodes,
    isResult: mesaIsResult,
    deterministicStyle: 'xml',
    longStyle: 'desktop',
    parallel: ['desktop'],
    several: ['jamba'],
    single: ['xml', 'zero'],
    callIds: {
      desktop: /^toolu_01[A-Za-z0-9]{22}$/,
      supervisor: /^call_[A-Za-z0-9]{24}$/,
      codex: /^call_[A-Za-z0-9]{24}$/,
      xml: /^$/,
      jamba: /^$/,
      zero: /^$/,
    },
  },
  (all, cases) => {
    // (a workflow run registers every transcript's tools by name)
    for (const t of cases) for (const name of t.tools) expect(name, t.id).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(all('desktop')).toMatch(/^terminal__execute_command \{"command":"omc scripts\/\w+\.mos","cwd":"/m);
    expect(all('desktop')).toMatch(/^\[\{"type":"text","text":"true\\n\\"\\"\\nrecord SimulationResult\\n/m);
    expect(all('desktop')).toMatch(/Class SuryaLoop\.\w+ has \d+ equation\(s\) and \d+ variable\(s\)\./);
    expect(all('desktop')).toMatch(/^નમસ્તે! પ્રોજેક્ટ \/Users\/hetal\/projects\/surya-loop માં છે/m);
    expect(all('supervisor')).toMatch(/^transfer_to_(?:mesh|solver|post)_expert \{\}\nSuccessfully transferred to/m);
    expect(all('supervisor')).toMatch(/^--> FOAM FATAL IO ERROR: \(openfoam-2312\)$/m);
    expect(all('supervisor')).toMatch(/^GAMG: {2}Solving for p, Initial residual = [\d.e+-]+, Final residual = /m);
    expect(all('supervisor')).toMatch(/^Saluton! La kazo estas en \/home\/mirela\/kazoj\/haveno-turo/m);
    expect(all('codex')).toMatch(/^Exit code: [01]\nWall time: [\d.]+ seconds\nOutput:\n/m);
    expect(all('codex')).toMatch(/^\d+% tests passed, [01] tests failed out of 4$/m);
    expect(all('codex')).toMatch(/^make_pr \{"title":"board: \w+","body":"/m);
    expect(all('codex')).toMatch(/^Zdravo! Projekat je u \/workspace\/tramvaj/m);
    expect(all('xml')).toMatch(/^<tool>(?:terminal|read_file|list_directory)<\/tool><tool_input>[^\n]*/m);
    expect(all('xml')).toMatch(
      /^<observation>GNU LilyPond 2\.24\.4 \(running Guile 2\.2\)\nProcessing `\w[\w-]*\.ly'$/m,
    );
    expect(all('xml')).toMatch(/^<final_answer>[^]*<\/final_answer>$/m);
    expect(all('xml')).toMatch(/^Bonjou! Pwojè a nan \/home\/woodly\/kora\/aranjman/m);
    expect(all('jamba')).toMatch(
      /<tool_calls>\[\{"name": "\w+", "arguments": \{[^\n]*\}\}, \{"name": "\w+", "arguments": \{[^\n]*\]<\/tool_calls>$/m,
    );
    expect(all('jamba')).toMatch(/^<\/tool_result>\n<tool_result name="\w+">$/m);
    expect(all('jamba')).toMatch(/^Dafny program verifier finished with \d+ verified, [01] errors?$/m);
    expect(all('jamba')).toMatch(/^ನಮಸ್ಕಾರ! ಪ್ರಾಜೆಕ್ಟ್ \/home\/prakash\/kelasa\/dafny-ledger ನಲ್ಲಿದೆ/m);
    expect(all('zero')).toMatch(
      /^\{\n {4}"thoughts": \[\n {8}"[^\n]+"\n {4}\],\n {4}"tool_name": "code_execution_tool",\n {4}"tool_args": \{\n {8}"runtime": "terminal",/m,
    );
    expect(all('zero')).toMatch(
      /^\{\n {4}"tool_name": "code_execution_tool",\n {4}"tool_result": ".*Performance: {6}[\d.]+ {8}[\d.]+/m,
    );
    expect(all('zero')).toMatch(/^ {4}"tool_name": "response",$/m);
    expect(all('zero')).toMatch(/^Salaan! Mashruucu wuxuu ku jiraa \/root\/shaqo\/lyso-t4/m);
  },
);
