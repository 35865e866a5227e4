/**
 * The dune family (bench/quality/dune.ts): the checks of every family on the shared engine
 * (./family-suite.ts), and each harness in its own format and user language. The Toolformer-like
 * agent writes several inline calls in one message, answered together; the ReAct-paper, Octopus-like
 * and ChatGLM3-like agents write one call a message; the Gorilla-like model's several calls a reply
 * and the Assistants-like run make parallel native calls.
 */
import { expect } from 'vitest';
import {
  DUNE_HARNESSES,
  DUNE_SHAPES,
  DUNE_STYLES,
  duneEpisodes,
  duneIsResult,
  duneSuite,
  generateDuneTranscript,
  type DuneStyle,
} from '../../../bench/quality/dune';
import { describeFamily } from './family-suite';

describeFamily<DuneStyle>(
  {
    name: 'dune',
    styles: DUNE_STYLES,
    shapes: DUNE_SHAPES,
    harnesses: DUNE_HARNESSES,
    generate: generateDuneTranscript,
    suite: duneSuite,
    episodes: duneEpisodes,
    isResult: duneIsResult,
    deterministicStyle: 'react',
    longStyle: 'assistants',
    parallel: ['gorilla', 'assistants'],
    several: ['toolformer'],
    single: ['react', 'octopus', 'chatglm'],
    callIds: {
      react: /^$/,
      octopus: /^$/,
      gorilla: /^chatcmpl-tool-[0-9a-f]{32}$/,
      assistants: /^call_[A-Za-z0-9]{24}$/,
      toolformer: /^$/,
      chatglm: /^$/,
    },
  },
  (all, cases) => {
    // (a workflow run registers every transcript's tools by name)
    for (const t of cases) for (const name of t.tools) expect(name, t.id).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(all('react')).toMatch(/^Thought 1: .+\nAction 1: Shell\[idris2 --build bishkek-fare\.ipkg\]$/m);
    expect(all('react')).toMatch(/^Observation \d+: [^]*\n\[exit code 1\]$/m);
    expect(all('react')).toMatch(/^Action \d+: Finish\[/m);
    expect(all('react')).toMatch(/^Error: While processing right hand side of \w+\. /m);
    expect(all('react')).toMatch(/^Fare\.\w+:\d+:\d+--\d+:\d+$/m);
    expect(all('react')).toMatch(/^Салам! Долбоор \/home\/aibek\/bishkek-fare/m);
    expect(all('octopus')).toMatch(/^<nexa_2>\('opa test \.\/policies(?: -v)?'\)<nexa_end>$/m);
    expect(all('octopus')).toMatch(/^Function result: /m);
    expect(all('octopus')).toMatch(/^data\.auction\.\w+\.test_\w+: FAIL \(\d+\.\d+ms\)$/m);
    expect(all('octopus')).toMatch(/^Function result: 1 error occurred: policies\/\w+\.rego:\d+: rego_\w+_error: /m);
    expect(all('octopus')).toMatch(/^ආයුබෝවන්! ව්‍යාපෘතිය \/home\/nuwan\/tea-auction-policy/m);
    expect(all('gorilla')).toMatch(/^<<function>>sqlcmd\(query="[^\n]*", database="RiceMill"\)/m);
    expect(all('gorilla')).toMatch(
      /^Msg 207, Level 16, State 1, Server MILL01, Line \d+\nInvalid column name '\w+'\.$/m,
    );
    expect(all('gorilla')).toMatch(/^Test Case Summary: \d+ test case\(s\) executed, \d+ succeeded, /m);
    expect(all('gorilla')).toMatch(/^\(\d+ rows? affected\)$/m);
    expect(all('gorilla')).toMatch(/^ສະບາຍດີ! ໂປຣເຈັກຢູ່ທີ່ \/home\/souk\/rice-mill-db/m);
    expect(all('assistants')).toMatch(/^code_interpreter \{"input":"/m);
    expect(all('assistants')).toMatch(/^\{"outputs":\[\{"type":"logs","logs":"/m);
    expect(all('assistants')).toMatch(
      /^\{"messages":\[\{"type":"FATAL","text":"Unknown search command '\w+'\."\}\]\}$/m,
    );
    expect(all('assistants')).toMatch(/"file_name":"[\w-]+\.(?:pdf|docx|md)"/);
    expect(all('assistants')).toMatch(/^Bonġu! Qed naħdem fuq investigazzjoni tas-SOC/m);
    expect(all('toolformer')).toMatch(
      /[a-z] \[Shell\("[^\n]+"\)\](?: and then |, then | and also |, and next )\[(?:Shell|Read|Write)\("/,
    );
    expect(all('toolformer')).toMatch(/^\[Shell\("bpftrace -e '[^\n]*"\) → exit 1\nstdin:1:\d+-\d+: ERROR: /m);
    expect(all('toolformer')).toMatch(/^\[\d+K?, \d+K?\) +\d+ \|@+ *\|$/m);
    expect(all('toolformer')).toMatch(/\) → +Performance counter stats for process id '\d+':$/m);
    expect(all('toolformer')).toMatch(/^Salaan! Adeeggu wuxuu ku yaal \/srv\/lacag-switch/m);
    expect(all('chatglm')).toMatch(
      /^<\|assistant\|>run_shell\n```python\ntool_call\(command="mason build --release"\)\n```$/m,
    );
    expect(all('chatglm')).toMatch(/^<\|observation\|>\n/m);
    expect(all('chatglm')).toMatch(/^<\|assistant\|>\n\S/m);
    expect(all('chatglm')).toMatch(/^src\/\w+\.chpl:\d+: error: unresolved call '\w+\(int\(64\)\)'$/m);
    expect(all('chatglm')).toMatch(/^note: index was \(\d+, \d+\) but array bounds are \(0\.\.256, 0\.\.63\)$/m);
    expect(all('chatglm')).toMatch(/^Sannu! Aikin yana cikin \/home\/amina\/kano-ensemble/m);
  },
);
