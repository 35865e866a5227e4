/**
 * The sill family (bench/quality/sill.ts): the checks of every family on the shared engine
 * (./family-suite.ts), and each harness in its own format and user language. The LFM2-like agent
 * writes several calls in one message, answered together; the BabyAGI-like and Glaive-like agents
 * write one call a message; the SWE-ReX-like and n8n-like agents make parallel native calls; the
 * Dify-like agent makes one native call at a time.
 */
import { expect } from 'vitest';
import {
  SILL_HARNESSES,
  SILL_SHAPES,
  SILL_STYLES,
  generateSillTranscript,
  sillEpisodes,
  sillIsResult,
  sillSuite,
  type SillStyle,
} from '../../../bench/quality/sill';
import { describeFamily } from './family-suite';

describeFamily<SillStyle>(
  {
    name: 'sill',
    styles: SILL_STYLES,
    shapes: SILL_SHAPES,
    harnesses: SILL_HARNESSES,
    generate: generateSillTranscript,
    suite: sillSuite,
    episodes: sillEpisodes,
    isResult: sillIsResult,
    deterministicStyle: 'lfm',
    longStyle: 'swerex',
    parallel: ['swerex', 'n8n'],
    several: ['lfm'],
    single: ['babyagi', 'glaive'],
    callIds: {
      babyagi: /^$/,
      lfm: /^$/,
      glaive: /^$/,
      swerex: /^call_[A-Za-z0-9]{24}$/,
      n8n: /^call_[A-Za-z0-9]{24}$/,
      dify: /^toolu_01[A-Za-z0-9]{22}$/,
    },
  },
  (all, cases) => {
    // (a workflow run registers every transcript's tools by name)
    for (const t of cases) for (const name of t.tools) expect(name, t.id).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(all('babyagi')).toMatch(/^\*\*\*\*\*TASK LIST\*\*\*\*\*\n\d+: /m);
    expect(all('babyagi')).toMatch(/^\*\*\*\*\*NEXT TASK\*\*\*\*\*\n\d+: .+\n\nTool: (?:shell|write_file)$/m);
    expect(all('babyagi')).toMatch(/^\*\*\*\*\*TASK RESULT\*\*\*\*\*\nChecking rules\/\w+\.yml$/m);
    expect(all('babyagi')).toMatch(/^ {2}FAILED:$/m);
    expect(all('babyagi')).toMatch(/^Lumela! Projeke e ho \/home\/thabo\/metsi-alerts/m);
    expect(all('lfm')).toMatch(/<\|tool_call_start\|>\[run_shell\(command="[^"]+"\), /);
    expect(all('lfm')).toMatch(/^<\|tool_response_start\|>[^]*?\[exit code: 1\]<\|tool_response_end\|>$/m);
    expect(all('lfm')).toMatch(/^\[FAIL\] mari_pay_integrationtest::/m);
    expect(all('lfm')).toMatch(/^ --> \/home\/tendai\/mari-pay\/src\/\w+\.cairo:\d+:\d+$/m);
    expect(all('lfm')).toMatch(/^Mhoro! Purojekiti iri pa \/home\/tendai\/mari-pay/m);
    expect(all('glaive')).toMatch(/^<functioncall> \{"name": "run_cypher", "arguments": '\{"query":/m);
    expect(all('glaive')).toMatch(/^FUNCTION RESPONSE: \{"(?:columns|error|exit_code|status)"/m);
    expect(all('glaive')).toMatch(/Neo\.ClientError\.(?:Statement\.SyntaxError|Schema\.ConstraintValidationFailed)/);
    expect(all('glaive')).toMatch(/^Talofa! O le poloketi o loʻo i \/home\/sina\/folauga-graph/m);
    expect(all('swerex')).toMatch(/^ {2}"session_type": "bash",$/m);
    expect(all('swerex')).toMatch(/^ {2}"expect_string": "SHELLPS1PREFIX"$/m);
    expect(all('swerex')).toMatch(/"class_path": "swerex\.exceptions\.NonZeroExitCodeError"/);
    expect(all('swerex')).toMatch(/Failure\/Error: /);
    expect(all('swerex')).toMatch(/^Mbote! Projet ezali na \/srv\/lopitalo\/control-repo/m);
    expect(all('n8n')).toMatch(/^ {4}"exitCode": \d+,$/m);
    expect(all('n8n')).toMatch(/^Code: \d+\. DB::Exception: .+\(version 24\.8\.4\.13 \(official build\)\)$/m);
    expect(all('n8n')).toMatch(/^ClickHouse_HTTP \{"method":"POST"/m);
    expect(all('n8n')).toMatch(/^Demat! Emañ ar raktres e \/data\/n8n\/criee-warehouse/m);
    expect(all('dify')).toMatch(/^<stdin>:1:InvalidRequest: Error from server: code=2200 \[Invalid query\] message="/m);
    expect(all('dify')).toMatch(/^\(\d+ rows\)$/m);
    expect(all('dify')).toMatch(/^tool invoke error: /m);
    expect(all('dify')).toMatch(/^Bonghjornu! U prughjettu hè in \/opt\/traversate\/booking-api/m);
  },
);
