/**
 * The knoll family (bench/quality/knoll.ts): the checks of every family on the shared engine
 * (./family-suite.ts), and each harness in its own format and user language. The Mentat-like,
 * GPT-Engineer-like, Agentless-like and Devika-like agents write several blocks in one message,
 * answered together; the Reflexion-like agent writes one block a message; the Strands-Agents-like
 * agent makes parallel native calls.
 */
import { expect } from 'vitest';
import {
  generateKnollTranscript,
  KNOLL_HARNESSES,
  KNOLL_SHAPES,
  KNOLL_STYLES,
  knollEpisodes,
  knollIsResult,
  knollSuite,
  type KnollStyle,
} from '../../../bench/quality/knoll';
import { describeFamily } from './family-suite';

describeFamily<KnollStyle>(
  {
    name: 'knoll',
    styles: KNOLL_STYLES,
    shapes: KNOLL_SHAPES,
    harnesses: KNOLL_HARNESSES,
    generate: generateKnollTranscript,
    suite: knollSuite,
    episodes: knollEpisodes,
    isResult: knollIsResult,
    deterministicStyle: 'engineer',
    longStyle: 'strands',
    parallel: ['strands'],
    several: ['mentat', 'engineer', 'agentless', 'devika'],
    single: ['reflexion'],
    callIds: {
      mentat: /^$/,
      engineer: /^$/,
      agentless: /^$/,
      reflexion: /^$/,
      devika: /^$/,
      strands: /^tooluse_[A-Za-z0-9]{22}$/,
    },
  },
  (all, cases) => {
    // (a workflow run registers every transcript's tools by name)
    for (const t of cases) for (const name of t.tools) expect(name, t.id).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(all('mentat')).toMatch(
      /^@@start\n\{\n {4}"action": "run",\n {4}"command": "arduino-cli compile --fqbn arduino:avr:mega \."\n\}\n@@end$/m,
    );
    expect(all('mentat')).toMatch(/^Mentat applied the changes above/m);
    expect(all('mentat')).toMatch(
      /^TestRunner summary: \d+ passed, [01] failed, 0 skipped, 0 timed out, out of \d+ test\(s\)\.$/m,
    );
    expect(all('mentat')).toMatch(/^ສະບາຍດີ! ໂປຣເຈັກຢູ່ໃນ \/home\/souksavanh\/ngan\/tao-pan/m);
    expect(all('engineer')).toMatch(/^run\.sh\n```bash\n#!\/usr\/bin\/env bash\nset -euo pipefail$/m);
    expect(all('engineer')).toMatch(/^Workspace: \/home\/wayra\/llamkay\/calcopirita\n/m);
    expect(all('engineer')).toMatch(/^! {4}total energy {14}= {3}-\d+\.\d+ Ry$/m);
    expect(all('engineer')).toMatch(/^ {3}JOB DONE\.$/m);
    expect(all('engineer')).toMatch(/^Allinllachu! Proyectoqa \/home\/wayra\/llamkay\/calcopirita/m);
    expect(all('agentless')).toMatch(
      /^```bash\n# reproduce\npoudriere testport -j 142amd64 -p default sysutils\/fastfetch\n```$/m,
    );
    expect(all('agentless')).toMatch(/^\[agentless\] stage results/m);
    expect(all('agentless')).toMatch(/^\[\d\d:\d\d:\d\d\] Building sysutils\/fastfetch \| fastfetch-/m);
    expect(all('agentless')).toMatch(/^سلام! پروژه په \/home\/zarghuna\/ports کې ده/m);
    expect(all('reflexion')).toMatch(/^```agda\n-- file: src\/Calendar\/\w+\.agda$/m);
    expect(all('reflexion')).toMatch(/^\[execution feedback\]\n/m);
    expect(all('reflexion')).toMatch(/^Tested passed:\n_ = refl {2}-- /m);
    expect(all('reflexion')).toMatch(/^မင်္ဂလာပါ! project က \/home\/thiha\/lok\/myanmar-calendar/m);
    expect(all('devika')).toMatch(/^~~~\nFile: `[\w./]+`:\n```\w+$/m);
    expect(all('devika')).toMatch(/^```\n\{"commands": \["/m);
    expect(all('devika')).toMatch(/^ FCN=[\d.]+ FROM MIGRAD {4}STATUS=CONVERGED/m);
    expect(all('devika')).toMatch(/^Muraho! Umushinga uri muri \/home\/uwase\/akazi\/muon-lifetime/m);
    expect(all('strands')).toMatch(/^Execution Summary:\nTotal commands: 1\nSuccessful: [01]\nFailed: [01]$/m);
    expect(all('strands')).toMatch(/^>>> wx-logger 1\.2\.0 Building$/m);
    expect(all('strands')).toMatch(/^Hey! Verkætlanin er í \/home\/rakul\/arbeid\/vedur-br/m);
  },
);
