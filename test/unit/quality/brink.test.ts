/**
 * The brink transcript family (bench/quality/brink.ts): the checks of every family on the shared
 * engine (./family-suite.ts), and each harness in its own format and user language. The Sweep-like
 * harness writes several blocks in one message, answered together; the Moatless-like and CAMEL-like
 * harnesses write one action a message; the Responses-like, Converse-like and GIS agents make
 * parallel native calls.
 */
import { expect } from 'vitest';
import {
  BRINK_HARNESSES,
  BRINK_SHAPES,
  BRINK_STYLES,
  brinkEpisodes,
  brinkIsResult,
  brinkSuite,
  generateBrinkTranscript,
  type BrinkStyle,
} from '../../../bench/quality/brink';
import { describeFamily } from './family-suite';

describeFamily<BrinkStyle>(
  {
    name: 'brink',
    styles: BRINK_STYLES,
    shapes: BRINK_SHAPES,
    harnesses: BRINK_HARNESSES,
    generate: generateBrinkTranscript,
    suite: brinkSuite,
    episodes: brinkEpisodes,
    isResult: brinkIsResult,
    deterministicStyle: 'moatless',
    longStyle: 'converse',
    parallel: ['responses', 'converse', 'gis'],
    several: ['sweep'],
    single: ['moatless', 'camel'],
    callIds: {
      responses: /^call_[A-Za-z0-9]{24}$/,
      converse: /^tooluse_[A-Za-z0-9]{22}$/,
      moatless: /^$/,
      sweep: /^$/,
      camel: /^$/,
      gis: /^[A-Za-z0-9]{9}$/,
    },
  },
  (all) => {
    expect(all('responses')).toMatch(/^\*\*[A-Z][^\n*]+\*\*\n\n/m);
    expect(all('responses')).toMatch(/^\$ cargo [^\n]+\nexit status: \d+$/m);
    expect(all('responses')).toMatch(/^ {8}PASS \[ {3}\d\.\d{3}s\] ledger-\S+ \S+$/m);
    expect(all('responses')).toMatch(/^ {5}Summary \[ {3}\d\.\d{3}s\] \d+ tests run: \d+ passed, /m);
    expect(all('responses')).toMatch(
      /^ {4}Finished `(?:dev|test)` profile \[unoptimized \+ debuginfo\] target\(s\) in [\d.]+s$/m,
    );
    expect(all('responses')).toMatch(/^ሰላም! ፕሮጀክቱ በ ~\/code\/ledgerline ውስጥ ነው/m);
    expect(all('converse')).toMatch(/^\{"content":\[\{"text":"[^\n]*"\}\],"status":"(?:success|error)"\}$/m);
    expect(all('converse')).toMatch(/^run_shell \{"command":"go (?:build|test|vet)[^\n]*"\}$/m);
    expect(all('converse')).toMatch(/ok {2}\\tgithub\.com\/prijevoz\/kamion\/internal\/\w+\\t/);
    expect(all('converse')).toMatch(/\[exit code \d+\]"\}\],"status"/);
    expect(all('converse')).toMatch(/^Bok! Projekt je u ~\/projekti\/kamion/m);
    expect(all('moatless')).toMatch(
      /^Thought: [^\n]+\n\{"action": "(?:ViewCode|FindFunction|FindClass|SemanticSearch|StringReplace|CreateFile|RunTests|RunCommand)", "action_args": \{[^\n]*\}\}$/m,
    );
    expect(all('moatless')).toMatch(
      /^Observation: (?:Found the following relevant code:|Running tests for the following files:|Command: nox -s )/m,
    );
    expect(all('moatless')).toMatch(/^\d+ passed\. [01] failed\. 0 errors\.$/m);
    expect(all('moatless')).toMatch(/^nox > Session [\w.-]+ was successful in \d+ seconds\.$/m);
    expect(all('moatless')).toMatch(/^Ola! O proxecto está en ~\/proxectos\/mareas/m);
    expect(all('sweep')).toMatch(/^<run_check name="\w+">[^\n]+<\/run_check>$/m);
    expect(all('sweep')).toMatch(/^<read_file path="[^"\n]+"\/>\n<(?:read_file|run_check|create_file|modify_file) /m);
    expect(all('sweep')).toMatch(
      /^<check_results>\n<result tool="\w+" (?:path|check)="[^"\n]+" status="(?:success|failure)"/m,
    );
    expect(all('sweep')).toMatch(/^<\/result>\n<\/check_results>$/m);
    expect(all('sweep')).toMatch(/^ Tasks: {4}\d+ successful, \d+ total$/m);
    expect(all('sweep')).toMatch(/^Dia duit! Tá an tionscadal i ~\/tionscadail\/tuath/m);
    expect(all('camel')).toMatch(
      /^Solution: [^\n]+\n\n```bash\ncd \/home\/marija\/proekti\/vodovod\n[^]*?\n```\n\nNext request\.$/m,
    );
    expect(all('camel')).toMatch(/^Code execution result \(exit code \d+\):\n```text\n/m);
    expect(all('camel')).toMatch(/^Instruction: [^\n]+\nInput: [^\n]+$/m);
    expect(all('camel')).toMatch(/^BUILD SUCCESSFUL in \d+s$/m);
    expect(all('camel')).toMatch(/^Здраво! Проектот е во ~\/proekti\/vodovod/m);
    expect(all('gis')).toMatch(/^\{"type":"(?:text|json|error-text)","value":/m);
    expect(all('gis')).toMatch(/^queryPostgis \{"sql":"SELECT [^\n]+"\}$/m);
    expect(all('gis')).toMatch(/using driver `GPKG' successful\.\\n\\nLayer name: \w+/);
    expect(all('gis')).toMatch(
      /0\.\.\.10\.\.\.20\.\.\.30\.\.\.40\.\.\.50\.\.\.60\.\.\.70\.\.\.80\.\.\.90\.\.\.100 - done\./,
    );
    expect(all('gis')).toMatch(/^नमस्ते! डेटा \/srv\/gis\/bagmati मा छ/m);
  },
);
