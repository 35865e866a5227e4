/**
 * The edge transcript family (bench/quality/edge.ts): the checks of every family on the shared
 * engine (./family-suite.ts), and each harness in its own format and user language. Kimi, Granite
 * and Functionary write several calls in one message, answered together; Llama one at a time.
 */
import { expect } from 'vitest';
import {
  EDGE_HARNESSES,
  EDGE_SHAPES,
  EDGE_STYLES,
  edgeEpisodes,
  edgeIsResult,
  edgeSuite,
  generateEdgeTranscript,
  type EdgeStyle,
} from '../../../bench/quality/edge';
import { describeFamily } from './family-suite';

describeFamily<EdgeStyle>(
  {
    name: 'edge',
    styles: EDGE_STYLES,
    shapes: EDGE_SHAPES,
    harnesses: EDGE_HARNESSES,
    generate: generateEdgeTranscript,
    suite: edgeSuite,
    episodes: edgeEpisodes,
    isResult: edgeIsResult,
    deterministicStyle: 'kimi',
    longStyle: 'claude',
    parallel: ['claude', 'cascade'],
    several: ['kimi', 'granite', 'functionary'],
    single: ['llama'],
    callIds: {
      llama: /^$/,
      kimi: /^$/,
      granite: /^$/,
      functionary: /^$/,
      claude: /^toolu_01[A-Za-z0-9]{22}$/,
      cascade: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    },
  },
  (all) => {
    expect(all('llama')).toMatch(/^<\|python_tag\|>\{"name":"\w+","parameters":\{[^\n]*\}<\|eom_id\|>$/m);
    expect(all('llama')).toMatch(/^<\|start_header_id\|>ipython<\|end_header_id\|>\n\n/m);
    expect(all('llama')).toMatch(/\[SuccessX\]\n {3}Success: {2}tsuki built successfully/);
    expect(all('llama')).toMatch(/^こんにちは。tsuki は Nim 2\.0/m);
    expect(all('kimi')).toMatch(
      /^<\|tool_calls_section_begin\|>\n<\|tool_call_begin\|>functions\.\w+:0<\|tool_call_argument_begin\|>\{/m,
    );
    expect(all('kimi')).toMatch(/^## Return of functions\.\w+:\d+\n/m);
    expect(all('kimi')).toMatch(/Phase 3 of 3: flow analysis and proof \.\.\./);
    expect(all('kimi')).toMatch(/^Bonjour ! Le dépôt est ~\/dev\/balise/m);
    expect(all('granite')).toMatch(/^<\|tool_call\|>\[\{"name": "\w+", "arguments": \{/m);
    expect(all('granite')).toMatch(/^<\|start_of_role\|>tool_response<\|end_of_role\|>/m);
    expect(all('granite')).toMatch(/(OK \(\d+ tests, \d+ assertions\)|FAILURES!\nTests: \d+)/);
    expect(all('granite')).toMatch(/^Oi! O projeto é ~\/projetos\/reservas/m);
    expect(all('functionary')).toMatch(/^<\|from\|>assistant\n<\|recipient\|>(?!all\n)\w+\n<\|content\|>\{"/m);
    expect(all('functionary')).toMatch(/^<\|from\|>\w+\n<\|recipient\|>all\n<\|content\|>/m);
    expect(all('functionary')).toMatch(/\d+ examples, \d+ failures, 0 errors, \d+ pending/);
    expect(all('functionary')).toMatch(/^سلام! پروژه anbar/m);
    expect(all('claude')).toMatch(/^ {5}1→/m);
    expect(all('claude')).toMatch(/^Todos have been modified successfully\./m);
    expect(all('claude')).toMatch(/TEST RUN (PASSED|FAILED)\n\nDuration: \d+ ms/);
    expect(all('claude')).toMatch(/^Hei! Repoet er ~\/kode\/tidevann/m);
    expect(all('cascade')).toMatch(/"CommandLine":"[^"]+","Cwd":"\/home\/dev\/work\/harbour","Blocking":true/);
    expect(all('cascade')).toMatch(/^Command (completed|failed) with exit code \d+\.\nOutput:\n/m);
    expect(all('cascade')).toMatch(/^ {3}Compiled in [\d.]+s$/m);
    expect(all('cascade')).toMatch(/^Hi Cascade\. This is harbour/m);
  },
);
