/**
 * The cove family (bench/quality/cove.ts): the checks of every family on the shared engine
 * (./family-suite.ts), and each harness in its own format and user language. The Plandex-like and
 * ChatDev-like agents write several blocks in one message, answered together; the Voyager-like and
 * UFO-like agents write one call a message; the Bedrock-Agents-like and Deep-Agents-like agents make
 * parallel native calls.
 */
import { expect } from 'vitest';
import {
  COVE_HARNESSES,
  COVE_SHAPES,
  COVE_STYLES,
  coveEpisodes,
  coveIsResult,
  coveSuite,
  generateCoveTranscript,
  type CoveStyle,
} from '../../../bench/quality/cove';
import { describeFamily } from './family-suite';

describeFamily<CoveStyle>(
  {
    name: 'cove',
    styles: COVE_STYLES,
    shapes: COVE_SHAPES,
    harnesses: COVE_HARNESSES,
    generate: generateCoveTranscript,
    suite: coveSuite,
    episodes: coveEpisodes,
    isResult: coveIsResult,
    deterministicStyle: 'plandex',
    longStyle: 'deepagents',
    parallel: ['bedrock', 'deepagents'],
    several: ['plandex', 'chatdev'],
    single: ['voyager', 'ufo'],
    callIds: {
      voyager: /^$/,
      plandex: /^$/,
      chatdev: /^$/,
      bedrock: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      deepagents: /^toolu_01[A-Za-z0-9]{22}$/,
      ufo: /^$/,
    },
  },
  (all, cases) => {
    // (a workflow run registers every transcript's tools by name)
    for (const t of cases) for (const name of t.tools) expect(name, t.id).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(all('voyager')).toMatch(/^Code:\n```javascript\nasync function \w+\(bot\) \{$/m);
    expect(all('voyager')).toMatch(/^Code from the last round:\nasync function \w+\(bot\) \{$/m);
    expect(all('voyager')).toMatch(/^Inventory \(\d+\/36\): \{'/m);
    expect(all('voyager')).toMatch(/^Silav! Em li ser servera me ya piçûk in/m);
    expect(all('plandex')).toMatch(/^\*\*Updating `_apply\.sh`\*\*\n<PlandexBlock lang="bash" path="_apply\.sh">$/m);
    expect(all('plandex')).toMatch(/^Applied \d+ changes? — plan 'obmetr-flow', branch main/m);
    expect(all('plandex')).toMatch(/^==== Summary =+$/m);
    expect(all('plandex')).toMatch(/^Салом! Лоиҳа дар \/home\/farrukh\/kor\/obmetr/m);
    expect(all('chatdev')).toMatch(/^Programmer: /m);
    expect(all('chatdev')).toMatch(/^<INFO> RUN: make test$/m);
    expect(all('chatdev')).toMatch(/^Software Test Engineer: Test Reports of Source Codes:\n\n\[1\] /m);
    expect(all('chatdev')).toMatch(/^<INFO> Finished$/m);
    expect(all('chatdev')).toMatch(/^Asalaa maalekum! Sama projet bi mu ngi ci \/home\/awa\/liggeey\/kaddu/m);
    expect(all('bedrock')).toMatch(
      /"actionGroup":"interface-ops","function":"send_hl7","parameters":\[\{"name":"host"/,
    );
    expect(all('bedrock')).toMatch(/^ {2}"functionResult": \{$/m);
    expect(all('bedrock')).toMatch(/"responseState": "FAILURE"/);
    expect(all('bedrock')).toMatch(/MSA\|A[AE]\|MSG\d+/);
    expect(all('bedrock')).toMatch(/^നമസ്കാരം! പ്രോജക്റ്റ് \/home\/anjali\/joli\/hl7-bridge/m);
    expect(all('deepagents')).toMatch(/^Updated todo list to \[\{'content': /m);
    expect(all('deepagents')).toMatch(/^r\(\d+\);$/m);
    expect(all('deepagents')).toMatch(/^\[Command (?:succeeded|failed) with exit code \d+\]$/m);
    expect(all('deepagents')).toMatch(/^Akkam! Pirojektiin kun \/workspace\/hhs-oromia/m);
    expect(all('ufo')).toMatch(/^ {2}"Function": "(?:click_input|set_edit_text|texts)",$/m);
    expect(all('ufo')).toMatch(/^\[Step \d+\] Action executed: \w+ on \[\d+\] /m);
    expect(all('ufo')).toMatch(/^Controls: \[1\] MenuItem "File"/m);
    expect(all('ufo')).toMatch(/^Salam! Taslama C:\\Users\\Merdan\\Documents\\FreeCAD\\gun-berkitme/m);
  },
);
