/**
 * The lode transcript family (bench/quality/lode.ts): the checks of every family on the shared engine
 * (./family-suite.ts), and each harness in its own format and user language. The browser-use-like
 * agent and the Nemotron-like model write several calls in one message, answered together; the
 * Griptape-like agent writes one action a message; the Gemini-API-like agent and the Ollama-served
 * loop make parallel native calls, the Haystack-like pipeline one at a time.
 */
import { expect } from 'vitest';
import {
  generateLodeTranscript,
  LODE_HARNESSES,
  LODE_SHAPES,
  LODE_STYLES,
  lodeEpisodes,
  lodeIsResult,
  lodeSuite,
  type LodeStyle,
} from '../../../bench/quality/lode';
import { describeFamily } from './family-suite';

describeFamily<LodeStyle>(
  {
    name: 'lode',
    styles: LODE_STYLES,
    shapes: LODE_SHAPES,
    harnesses: LODE_HARNESSES,
    generate: generateLodeTranscript,
    suite: lodeSuite,
    episodes: lodeEpisodes,
    isResult: lodeIsResult,
    deterministicStyle: 'griptape',
    longStyle: 'gemini',
    parallel: ['gemini', 'ollama'],
    several: ['browser', 'nemotron'],
    single: ['griptape'],
    callIds: {
      browser: /^$/,
      nemotron: /^$/,
      griptape: /^$/,
      gemini: /^function-call-\d{19}$/,
      haystack: /^call_[A-Za-z0-9]{24}$/,
      ollama: /^call_[a-z0-9]{8}$/,
    },
  },
  (all, cases) => {
    // (a workflow run registers every transcript's tools by name)
    for (const t of cases) for (const name of t.tools) expect(name, t.id).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(all('browser')).toMatch(
      /^\{"current_state": \{"evaluation_previous_goal": "[^"]+", "memory": "[^"]*", "next_goal": "[^"]+"\}, "action": \[\{"\w+": \{/m,
    );
    expect(all('browser')).toMatch(/"action": \[\{"done": \{"text": "[^"]+", "success": true\}\}\]\}$/m);
    expect(all('browser')).toMatch(/^\[Current state starts here\]\n[^]*?\nCurrent url: http:\/\/127\.0\.0\.1:5000\//m);
    expect(all('browser')).toMatch(
      /^\[3\]<button title="Add a transaction \(keyboard shortcut: a\)">\+ Add a transaction<\/button>$/m,
    );
    expect(all('browser')).toMatch(
      /^Current step: \d+\/100Current date and time: 2025-04-02 09:\d\d\nAction result 1\/\d: /m,
    );
    expect(all('browser')).toMatch(/^Action result 2\/2: /m);
    expect(all('browser')).toMatch(/^hledger reg -I 'assets:bank:spuerkeess\$' cur:EUR$/m);
    expect(all('browser')).toMatch(/^Your ultimate task is: """Moien! D'Buchhaltung vun der Bäckerei Thill/m);
    expect(all('browser')).toMatch(/^Your new ultimate task is: """/m);
    expect(all('nemotron')).toMatch(/^detailed thinking off\n/m);
    expect(all('nemotron')).toMatch(
      /<TOOLCALL>\[\{"name": "\w+", "arguments": \{[^\n]*\}\}, \{"name": "\w+", "arguments": \{[^\n]*\]<\/TOOLCALL>$/m,
    );
    expect(all('nemotron')).toMatch(/^<\/TOOL_RESPONSE>\n<TOOL_RESPONSE>\n\$ /m);
    expect(all('nemotron')).toMatch(/^ptxas info {4}: Used \d+ registers, used 0 barriers, \d+ bytes cmem\[0\]$/m);
    expect(all('nemotron')).toMatch(
      /^1 error detected in the compilation of "\/home\/srinivas\/lbm-cuda\/src\/stream\.cu"\.$/m,
    );
    expect(all('nemotron')).toMatch(/^========= ERROR SUMMARY: [01] errors?$/m);
    expect(all('nemotron')).toMatch(/^నమస్కారం! ప్రాజెక్ట్ \/home\/srinivas\/lbm-cuda లో ఉంది/m);
    expect(all('griptape')).toMatch(
      /^Thought: [^\n]+\nActions: \[\{"tag": "[a-z0-9]{8}", "name": "(?:ComputerTool|FileManagerTool|TlcTool)", "path": "\w+", "input": \{"values": \{/m,
    );
    expect(all('griptape')).toMatch(/^Observation: TLC2 Version 2\.19 of 08 August 2024 \(rev: 5a47802\)$/m);
    expect(all('griptape')).toMatch(
      /^Error: Invariant \w+ is violated\.\nError: The behavior up to this point is:\nState 1: <Initial predicate>$/m,
    );
    expect(all('griptape')).toMatch(/^\/\\ currentTerm = \(s1 :> \d @@ s2 :> \d @@ s3 :> \d\)$/m);
    expect(all('griptape')).toMatch(/^\(TLC exit status (?:0|12)\)$/m);
    expect(all('griptape')).toMatch(/^Answer: /m);
    expect(all('griptape')).toMatch(/^Salam! Layihə \/home\/leyla\/specs\/kvraft qovluğundadır/m);
    expect(all('gemini')).toMatch(
      /^\{"functionResponse":\{"name":"run_command","response":\{"exit_code":\d+,"output":"/m,
    );
    expect(all('gemini')).toMatch(/^\{"functionResponse":\{"name":"read_file","response":\{"content":"1: /m);
    expect(all('gemini')).toMatch(/Chain \[\d\] Iteration: 1001 \/ 2000 \[ 50%\] {2}\(Sampling\)/);
    expect(all('gemini')).toMatch(
      /Inference for Stan model: malaria_nb_model\\n4 chains: each with iter=\(1000,1000,1000,1000\)/,
    );
    expect(all('gemini')).toMatch(/^Sannu! Aikin yana cikin \/home\/aminu\/aiki\/zazzabi/m);
    expect(all('haystack')).toMatch(/^exit_code: 0\n-- west build: generating a build system$/m);
    expect(all('haystack')).toMatch(/^ {11}FLASH: {6}\d+ B {9}1 MB {5}[\d.]+%$/m);
    expect(all('haystack')).toMatch(/^INFO {4}- \d+ of \d+ test instances passed \([\d.]+%\), [01] failed, 0 errored/m);
    expect(all('haystack')).toMatch(/^west \{"args":"[^"]+"\}$/m);
    expect(all('haystack')).toMatch(/^Саламатсызбы! Долбоор \/home\/aibek\/zp\/hive-scale папкасында/m);
    expect(all('ollama')).toMatch(
      /^exec \{"cmd":"kicad-cli pcb drc [^"]+","cwd":"\/home\/sipho\/amaphrojekthi\/ilanga-mppt"\}$/m,
    );
    expect(all('ollama')).toMatch(/^\*\* Found \d+ DRC violations \*\*$/m);
    expect(all('ollama')).toMatch(/^ {4}@\(\d+\.\d{4} mm, \d+\.\d{4} mm\): /m);
    expect(all('ollama')).toMatch(/^ \*\* ERC messages: \d+ {2}Errors \d+ {2}Warnings \d+$/m);
    expect(all('ollama')).toMatch(/^Sawubona! Iphrojekthi ise-\/home\/sipho\/amaphrojekthi\/ilanga-mppt/m);
  },
);
