/**
 * The tarn transcript family (bench/quality/tarn.ts): the checks of every family on the shared engine
 * (./family-suite.ts), and each harness in its own format and user language. The GPT-Pilot-like agent
 * writes several steps in one message, answered together; the Langroid-like and Junie-like agents
 * write one call a message; the Composio-SWE-kit-like agent makes parallel native calls, the
 * Augment-like and ControlFlow-like agents one at a time.
 */
import { expect } from 'vitest';
import {
  generateTarnTranscript,
  TARN_HARNESSES,
  TARN_SHAPES,
  TARN_STYLES,
  tarnEpisodes,
  tarnIsResult,
  tarnSuite,
  type TarnStyle,
} from '../../../bench/quality/tarn';
import { describeFamily } from './family-suite';

describeFamily<TarnStyle>(
  {
    name: 'tarn',
    styles: TARN_STYLES,
    shapes: TARN_SHAPES,
    harnesses: TARN_HARNESSES,
    generate: generateTarnTranscript,
    suite: tarnSuite,
    episodes: tarnEpisodes,
    isResult: tarnIsResult,
    deterministicStyle: 'pilot',
    longStyle: 'composio',
    parallel: ['composio'],
    several: ['pilot'],
    single: ['langroid', 'junie'],
    callIds: {
      composio: /^call_[A-Za-z0-9]{24}$/,
      augment: /^toolu_vrtx_01[A-Za-z0-9]{22}$/,
      pilot: /^$/,
      langroid: /^$/,
      junie: /^$/,
      controlflow: /^call_[A-Za-z0-9]{24}$/,
    },
  },
  (all, cases) => {
    // (a workflow run registers every transcript's tools by name)
    for (const t of cases) for (const name of t.tools) expect(name, t.id).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(all('composio')).toMatch(/^SHELLTOOL_EXEC_COMMAND \{"cmd":"q tests\/run\.q -q"\}$/m);
    expect(all('composio')).toMatch(
      /^\{"data": \{"stdout": "KDB\+ 4\.1 2024\.10\.16 Copyright \(C\) 1993-2024 Kx Systems\\n/m,
    );
    expect(all('composio')).toMatch(
      /\\nok\| x\\n--\| --\\n1 \| \d+", "stderr": "", "current_shell_pwd": "Currently in /,
    );
    expect(all('composio')).toMatch(/^FILETOOL_OPEN_FILE \{"file_path":"src\/\w+\.q","line_number":0\}$/m);
    expect(all('composio')).toMatch(/^Sugeng enjing! Proyeke ana ing \/home\/user\/tick-bursa/m);
    expect(all('augment')).toMatch(
      /^launch-process \{"command":"nextflow run main\.nf -profile docker,test -resume","wait":true,"max_wait_seconds":900,"cwd":"\/home\/aroha\/mahi\/taiao-edna"\}$/m,
    );
    expect(all('augment')).toMatch(
      /^Here are the results from executing the command\.\n<return-code>\n[01]\n<\/return-code>\n<stdout>\n/m,
    );
    expect(all('augment')).toMatch(
      /^\[[0-9a-f]{2}\/[0-9a-f]{6}\] TAIAO_EDNA:EDNA:FASTQC \(\w+_12S\) +\[100%\] 24 of 24 ✔$/m,
    );
    expect(all('augment')).toMatch(/^(?:SUCCESS|FAILURE): Executed 4 tests in [\d.]+s/m);
    expect(all('augment')).toMatch(/^Kia ora! Kei \/home\/aroha\/mahi\/taiao-edna te kaupapa/m);
    expect(all('pilot')).toMatch(/^ {6}"type": "command",\n {6}"command": \{\n {8}"command": "bal build",$/m);
    expect(all('pilot')).toMatch(/^The steps were run\. Results:\n\n### Step 1 — command: /m);
    expect(all('pilot')).toMatch(/^Compiling source\n\trija\/vanila_koop:0\.1\.0$/m);
    expect(all('pilot')).toMatch(/^\t\t\d+ passing\n\t\t[01] failing\n\t\t0 skipped$/m);
    expect(all('pilot')).toMatch(/^Manao ahoana! Ny tetikasa dia ao amin'ny \/home\/rija\/asa\/vanila-koop/m);
    expect(all('langroid')).toMatch(/^TOOL:\n\{"request": "run_lammps", "input_file": "in\.\w+", "np": \d\}$/m);
    expect(all('langroid')).toMatch(/^Result of run_lammps:\nexit status [01]\nLAMMPS \(29 Aug 2024 - Update 1\)$/m);
    expect(all('langroid')).toMatch(/^Loop time of [\d.]+ on \d procs for \d+ steps with \d+ atoms$/m);
    expect(all('langroid')).toMatch(/^Halò! Tha am pròiseact ann an \/home\/morag\/obair\/nial-teas/m);
    expect(all('junie')).toMatch(
      /^<UPDATE>\n<PREVIOUS_STEP>\n[^\n]+\n<\/PREVIOUS_STEP>\n\n<PLAN>\n1\. [✓* ] Explore the package structure$/m,
    );
    expect(all('junie')).toMatch(/^<COMMAND>\nrun_test "Tests\/AppTests"\n<\/COMMAND>$/m);
    expect(all('junie')).toMatch(/^<COMMAND_OUTPUT exit_code="0">\nBuilding for debugging\.\.\.$/m);
    expect(all('junie')).toMatch(
      /^\t Executed \d+ tests, with [01] failures? \(0 unexpected\) in [\d.]+ \([\d.]+\) seconds$/m,
    );
    expect(all('junie')).toMatch(/^Сәлам! Проект \/home\/ilnur\/projects\/suzlek-api эчендә/m);
    expect(all('controlflow')).toMatch(/^shell \{"command":"snakemake --use-conda --cores 8"\}$/m);
    expect(all('controlflow')).toMatch(
      /^Building DAG of jobs\.\.\.\nUsing shell: \/usr\/bin\/bash\nProvided cores: 8$/m,
    );
    expect(all('controlflow')).toMatch(/^\d+ of \d+ steps \(\d+%\) done$/m);
    expect(all('controlflow')).toMatch(/^mark_task_(?:5e3a91c2|b71f04de|0c9d2e77)_successful \{"task_result":"/m);
    expect(all('controlflow')).toMatch(/^Task #[0-9a-f]{8} \("[^"]+"\) marked successful\.$/m);
    expect(all('controlflow')).toMatch(/^ආයුබෝවන්! ව්‍යාපෘතිය \/home\/nadeesha\/wada\/sinhala-asr-corpus/m);
  },
);
