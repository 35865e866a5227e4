/**
 * The griptape harness of the lode family (lode.ts): a Griptape-like agent in its prompt-driven (not
 * native) tool mode. Each step is text — `Thought: …`, then `Actions: [{"tag", "name", "path",
 * "input": {"values": {…}}}]` naming a tool class (`ComputerTool`, `FileManagerTool`, a user-written
 * `TlcTool`) and one of its activities, one action a message — answered by a user message
 * `Observation: …` with the activity's output; the final reply is `Answer: …`.
 * A TLA+ specification of a Raft-replicated key-value store checked with TLC (tla2tools 2.19): SANY's
 * parse and semantic errors, TLC's banner, `Progress(n)` lines, `Error: Invariant X is violated.` with
 * its state trace (`/\ var = (s1 :> … @@ …)`), deadlocks, evaluation errors, the fingerprint
 * collision estimate, coverage statistics and simulation runs; for an Azerbaijani-speaking user.
 * Reconstructed rather than copied: Griptape's exact prompt wording and how it prints an
 * observation (here the activity's text after `Observation: `), and the finer layout of TLC's
 * messages, which follow 2.1x's output from memory (exit status 12 for a safety violation,
 * 11 for a deadlock, 150 for a parse error).
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  cap,
  chars,
  dur,
  fail,
  grouped,
  hex,
  lines,
  numberLines,
  ok,
  one,
  pieces,
  pyJson,
  say,
  some,
  type LodeCall,
  type LodeHarness,
  type LodeStep,
  type Planter,
} from './lode-kit';

const ROOT = '/home/leyla/specs/kvraft';
const MODULES = ['KVRaft', 'MCKVRaft', 'LeaseRead', 'Messages'];
const INVARIANTS = ['TypeOK', 'ElectionSafety', 'LogMatching', 'LeaderCompleteness', 'StateMachineSafety'];
const SERVERS = ['s1', 's2', 's3'];

const TLA = [
  `---------------------------- MODULE KVRaft ----------------------------\nEXTENDS Naturals, Sequences, FiniteSets, TLC\n\nCONSTANTS Server, Key, Value, Nil, MaxTerm, MaxLogLen`,
  `VARIABLES currentTerm, state, votedFor, log, commitIndex, messages, kv\n\nvars == <<currentTerm, state, votedFor, log, commitIndex, messages, kv>>`,
  `TypeOK ==\n    /\\ currentTerm \\in [Server -> 1..MaxTerm]\n    /\\ state \\in [Server -> {"Follower", "Candidate", "Leader"}]\n    /\\ votedFor \\in [Server -> Server \\cup {Nil}]\n    /\\ commitIndex \\in [Server -> 0..MaxLogLen]`,
  `Timeout(s) ==\n    /\\ state[s] \\in {"Follower", "Candidate"}\n    /\\ currentTerm[s] < MaxTerm\n    /\\ state' = [state EXCEPT ![s] = "Candidate"]\n    /\\ currentTerm' = [currentTerm EXCEPT ![s] = @ + 1]\n    /\\ votedFor' = [votedFor EXCEPT ![s] = s]\n    /\\ UNCHANGED <<log, commitIndex, messages, kv>>`,
  `LogMatching ==\n    \\A i, j \\in Server :\n        \\A n \\in 1..Min({Len(log[i]), Len(log[j])}) :\n            log[i][n].term = log[j][n].term =>\n                SubSeq(log[i], 1, n) = SubSeq(log[j], 1, n)`,
  `ClientPut(s, k, v) ==\n    /\\ state[s] = "Leader"\n    /\\ Len(log[s]) < MaxLogLen\n    /\\ log' = [log EXCEPT ![s] = Append(@, [term |-> currentTerm[s], key |-> k, val |-> v])]\n    /\\ UNCHANGED <<currentTerm, state, votedFor, commitIndex, messages, kv>>`,
  `Next ==\n    \\/ \\E s \\in Server : Timeout(s)\n    \\/ \\E s \\in Server : BecomeLeader(s)\n    \\/ \\E s \\in Server, k \\in Key, v \\in Value : ClientPut(s, k, v)\n    \\/ \\E m \\in messages : Receive(m)\n\nSpec == Init /\\ [][Next]_vars`,
];

const CFG = `SPECIFICATION Spec\nCONSTANTS\n    Server = {s1, s2, s3}\n    Key = {k1, k2}\n    Value = {v1, v2}\n    Nil = Nil\n    MaxTerm = 3\n    MaxLogLen = 4\nINVARIANTS\n    TypeOK\n    ElectionSafety\n    LogMatching\n    LeaderCompleteness\nCONSTRAINT\n    MessageBound`;

/** A Griptape action: the tool class and activity (`Tool/activity`) and its values. */
function act(tool: string, values: Record<string, unknown>, output: string, code = 0): LodeCall {
  return code === 0 ? ok(tool, values, output, 0) : fail(tool, values, output, code);
}

function cmd(command: string, output: string, code = 0): LodeCall {
  return act('ComputerTool/execute_command', { command }, code ? `${output}\nexit code: ${code}` : output, code);
}

function load(rng: Rng, mod: string): LodeCall {
  return act(
    'FileManagerTool/load_files_from_disk',
    { paths: [`${mod}.tla`] },
    numberLines(pieces(rng, TLA, rng.int(14, 40)), 1, (n, l) => `${String(n).padStart(3)}  ${l}`),
  );
}

/** A run's clock: the time `s` seconds after it started, as TLC prints it. */
type Clock = (s: number) => string;

function timer(rng: Rng): Clock {
  const base = Date.UTC(2025, 4, rng.int(5, 28), rng.int(8, 18), rng.int(0, 59), rng.int(0, 59));
  return (s) => new Date(base + s * 1000).toISOString().replace('T', ' ').slice(0, 19);
}

function banner(rng: Rng, at: Clock, mode = 'breadth-first search Model-Checking'): string {
  const mods = ['MCKVRaft', 'KVRaft', 'Naturals', 'Sequences', 'FiniteSets', 'TLC'];
  const tmp = `/tmp/tlc-${rng.int(1e5, 9e5)}`;
  return `TLC2 Version 2.19 of 08 August 2024 (rev: 5a47802)\nRunning ${mode} with fp ${rng.int(0, 130)} and seed ${rng.chance(0.5) ? '-' : ''}${rng.int(1e8, 9e8)}${rng.int(1e8, 9e8)} with 8 workers on 16 cores with 7282MB heap and 64MB offheap memory [pid: ${rng.int(10000, 99999)}] (Linux 6.8.0-45-generic amd64, Eclipse Adoptium 21.0.4 x86_64, MSBDiskFPSet, DiskStateQueue).\n${mods
    .map((m, i) =>
      i < 2
        ? `Parsing file ${ROOT}/${m}.tla`
        : `Parsing file ${tmp}/${m}.tla (jar:file:/opt/tla/tla2tools.jar!/tla2sany/StandardModules/${m}.tla)`,
    )
    .join('\n')}\n${[...mods]
    .reverse()
    .map((m) => `Semantic processing of module ${m}`)
    .join('\n')}\nStarting... (${at(0)})`;
}

function progress(rng: Rng, n: number, at: Clock): { text: string; gen: number; distinct: number } {
  let gen = 0;
  let distinct = 0;
  const text = lines(n, (i) => {
    gen += rng.int(1_500_000, 4_000_000);
    distinct = Math.floor(gen * (0.15 + rng.next() * 0.05));
    return `Progress(${i + 6}) at ${at(60 * (i + 1) + 2)}: ${grouped(gen)} states generated (${grouped(rng.int(1_500_000, 4_000_000))} s/min), ${grouped(distinct)} distinct states found (${grouped(rng.int(200_000, 700_000))} ds/min), ${grouped(rng.int(50_000, 400_000))} states left on queue.`;
  });
  return { text, gen, distinct };
}

/** `Finished in 02min 41s at (…)` for a run of `s` seconds. */
function finished(at: Clock, s: number): string {
  return `Finished in ${String(Math.floor(s / 60)).padStart(2, '0')}min ${String(s % 60).padStart(2, '0')}s at (${at(s)})`;
}

function success(rng: Rng, n = rng.int(1, 4)): string {
  const at = timer(rng);
  const p = progress(rng, n, at);
  const total = 60 * n + rng.int(3, 58);
  return `${banner(rng, at)}\nComputing initial states...\nFinished computing initial states: 1 distinct state generated at ${at(1)}.\n${p.text}\nModel checking completed. No error has been found.\n  Estimates of the probability that TLC did not check all reachable states\n  because two distinct states had the same fingerprint:\n  calculated (optimistic):  val = ${dur(rng, 1, 9, 1)}E-${rng.int(8, 12)}\n  based on the actual fingerprints:  val = ${dur(rng, 1, 9, 1)}E-${rng.int(9, 13)}\n${p.gen} states generated, ${p.distinct} distinct states found, 0 states left on queue.\nThe depth of the complete state graph search is ${rng.int(18, 41)}.\nThe average outdegree of the complete state graph is 1 (minimum is 0, the maximum 9 and the 95th percentile is 3).\n${finished(at, total)}`;
}

function fn(rng: Rng, vals: readonly string[]): string {
  return `(${SERVERS.map((s) => `${s} :> ${rng.pick(vals)}`).join(' @@ ')})`;
}

function stateTrace(rng: Rng, n: number): string {
  const actions = ['Timeout', 'BecomeLeader', 'ClientPut', 'Receive', 'AdvanceCommit'];
  return lines(n, (i) => {
    const head =
      i === 0
        ? 'State 1: <Initial predicate>'
        : `State ${i + 1}: <${rng.pick(actions)} line ${rng.int(60, 220)}, col 5 to line ${rng.int(60, 220)}, col ${rng.int(20, 60)} of module KVRaft>`;
    return `${head}\n/\\ currentTerm = ${fn(rng, ['1', '2', '3'])}\n/\\ state = ${fn(rng, ['"Follower"', '"Candidate"', '"Leader"'])}\n/\\ votedFor = ${fn(rng, ['Nil', 's1', 's2', 's3'])}\n/\\ log = ${fn(rng, ['<<>>', '<<[term |-> 1, key |-> k1, val |-> v1]>>', '<<[term |-> 2, key |-> k2, val |-> v1]>>'])}\n/\\ commitIndex = ${fn(rng, ['0', '1', '2'])}\n/\\ messages = {${rng.chance(0.5) ? '' : `[type |-> "AppendEntries", from |-> s${rng.int(1, 3)}, to |-> s${rng.int(1, 3)}, term |-> ${rng.int(1, 3)}]`}}\n/\\ kv = ${fn(rng, ['[k1 |-> v1]', '<<>>', '[k1 |-> v2, k2 |-> v1]'])}\n`;
  });
}

function violation(rng: Rng, inv: string, states: number): string {
  const at = timer(rng);
  const n = rng.int(0, 2);
  const p = progress(rng, n, at);
  return `${banner(rng, at)}\nComputing initial states...\nFinished computing initial states: 1 distinct state generated at ${at(1)}.\n${p.text ? `${p.text}\n` : ''}Error: Invariant ${inv} is violated.\nError: The behavior up to this point is:\n${stateTrace(rng, states)}\n${rng.int(100_000, 9_000_000)} states generated, ${rng.int(20_000, 900_000)} distinct states found, ${rng.int(1000, 90_000)} states left on queue.\nThe depth of the complete state graph search is ${states}.\n${finished(at, 60 * n + rng.int(2, 50))}`;
}

function tlc(args: string, output: string, code = 0): LodeCall {
  return act('TlcTool/check_model', { args }, `${output}\n(TLC exit status ${code})`, code);
}

function gripNoise(rng: Rng): LodeStep {
  const r = rng.int(0, 8);
  if (r === 0) return one(undefined, tlc('-workers 8 -config MCKVRaft.cfg MCKVRaft.tla', success(rng)));
  if (r === 1)
    return one(
      undefined,
      cmd(
        'java -cp /opt/tla/tla2tools.jar tla2sany.SANY KVRaft.tla',
        `\n****** SANY2 Version 2.2 created 08 August 2024\n\nParsing file ${ROOT}/KVRaft.tla\nParsing file /tmp/Naturals.tla\nParsing file /tmp/Sequences.tla\nParsing file /tmp/FiniteSets.tla\nParsing file /tmp/TLC.tla\nSemantic processing of module Naturals\nSemantic processing of module Sequences\nSemantic processing of module FiniteSets\nSemantic processing of module TLC\nSemantic processing of module KVRaft\nLinting of module KVRaft`,
      ),
    );
  if (r === 2) return one(undefined, load(rng, rng.pick(MODULES)));
  if (r === 3)
    return one(
      undefined,
      act(
        'FileManagerTool/list_files_from_disk',
        { path: '.' },
        [...MODULES.map((m) => `${m}.tla`), 'MCKVRaft.cfg', 'README.md', 'states/', 'traces/'].join('\n'),
      ),
    );
  if (r === 4)
    return one(
      undefined,
      cmd(
        'git status --short && git log --oneline -3',
        `${some(rng, MODULES, rng.int(1, 2))
          .map((m) => ` M ${m}.tla`)
          .join(
            '\n',
          )}\n${lines(3, () => `${hex(rng, 7)} ${rng.pick(['KVRaft: bound messages', 'MC: three servers', 'LeaseRead: clock variable', 'fix TypeOK for kv'])}`)}`,
      ),
    );
  if (r === 5) return one(undefined, tlc('-workers 8 -config MCKVRaft.cfg MCKVRaft.tla', success(rng, rng.int(5, 12))));
  if (r === 6) {
    const pat = rng.pick(INVARIANTS);
    return one(
      undefined,
      cmd(
        `grep -n "${pat}" *.tla *.cfg`,
        `KVRaft.tla:${rng.int(40, 200)}:${pat} ==\nMCKVRaft.cfg:${rng.int(9, 14)}:    ${pat}`,
      ),
    );
  }
  if (r === 7) {
    const at = timer(rng);
    return one(
      undefined,
      tlc(
        '-simulate num=50000 -depth 60 -workers 8 MCKVRaft.tla',
        `${banner(rng, at, 'Random Simulation')}\nComputing initial states...\nFinished computing initial states: 1 distinct state generated at ${at(1)}.\nProgress: ${grouped(rng.int(200_000, 900_000))} states checked, ${grouped(rng.int(5000, 50000))} traces generated (trace length: mean=${rng.int(20, 60)}, var(x)=${rng.int(10, 200)}, sd=${dur(rng, 3, 14, 0)})\nThe number of states generated: ${rng.int(1_000_000, 3_000_000)}\nSimulation using seed ${rng.int(1e8, 9e8)} and aril 0\nProgress: ${rng.int(1_000_000, 3_000_000)} states checked, 50000 traces generated (trace length: mean=${rng.int(20, 60)}, var(x)=${rng.int(10, 200)}, sd=${dur(rng, 3, 14, 0)})\n${finished(at, rng.int(40, 290))}`,
      ),
    );
  }
  return one(undefined, act('FileManagerTool/load_files_from_disk', { paths: ['MCKVRaft.cfg'] }, CFG));
}

function gripBig(rng: Rng): LodeStep {
  if (rng.chance(0.5)) {
    const cov = lines(rng.int(420, 480), () => {
      const l = rng.int(30, 240);
      return `  line ${l}, col ${rng.int(5, 40)} to line ${l + rng.int(0, 3)}, col ${rng.int(20, 70)} of module KVRaft: ${rng.int(0, 9_000_000)}`;
    });
    return one(
      'With coverage on, to see which actions the model never reaches.',
      tlc(
        '-workers 8 -coverage 1 -config MCKVRaft.cfg MCKVRaft.tla',
        `${success(rng)}\nThe coverage statistics at ${timer(rng)(0)}\n<Init line 52, col 1 to line 52, col 4 of module KVRaft>: 1:1\n${cov}\nEnd of statistics.`,
      ),
    );
  }
  return one(
    undefined,
    tlc(
      '-workers 8 -config MCKVRaft.cfg -depth 80 MCKVRaft.tla',
      violation(rng, 'StateMachineSafety', rng.int(36, 44)),
      12,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `KVRaft-da ${t} icarə oxumalarının (lease read) xəttiləşdirilə bilənliyini TLC ilə yoxlamaq`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Salam! Layihə ${ROOT} qovluğundadır — Raft üzərində açar-dəyər anbarının TLA+ spesifikasiyası (KVRaft.tla, model MCKVRaft.cfg, tla2tools 2.19). Məqsəd: ${needle}. Hər addımı izah et.`,
            },
            {
              step: one(
                'I will start by listing the spec files to see the modules and the model.',
                act(
                  'FileManagerTool/list_files_from_disk',
                  { path: '.' },
                  [...MODULES.map((m) => `${m}.tla`), 'MCKVRaft.cfg', 'README.md'].join('\n'),
                ),
              ),
            },
            { step: one(undefined, tlc('-workers 8 -config MCKVRaft.cfg MCKVRaft.tla', success(rng))) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t} üçün üzvlük dəyişikliyi (joint consensus) modelini əlavə etmək`;
        return { how: 'user-followup', needle, beats: [{ user: `Növbəti iş: ${needle}.` }] };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `${x} modelində MaxTerm 3-dən böyük olmasın`,
            (x) => `${x} üçün SYMMETRY istifadə etmə, liveness də yoxlanılır`,
            (x) => `${x} spesifikasiyasında PlusCal yox, yalnız təmiz TLA+ yaz`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Bir qayda: ${needle}.`,
                `Unutma — ${needle}; komandamız belə işləyir.`,
                `Vacibdir: ${needle}.`,
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const [needle, follow] = rng.pick([
          [
            `\\* REVIEW ${T}: the invariants below were signed off in the design review; never drop one to get a green run`,
            `Review note ${T} forbids removing invariants, so a violation has to be fixed in the spec itself.`,
          ],
          [
            `\\* REVIEW ${T}: MessageBound stays at 4 messages; a larger bound needs the 64 GB machine`,
            `Review note ${T} fixes the message bound, so the model cannot grow that way.`,
          ],
          [
            `\\* REVIEW ${T}: every new action must appear in Next and be reached in the coverage report before a run counts`,
            `Review note ${T}: a run only counts once coverage shows every action reached.`,
          ],
        ] as const);
        return {
          how: 'tool-header',
          needle,
          beats: [
            {
              step: one(
                'The model file carries the review notes; I read it before touching the invariants.',
                act(
                  'FileManagerTool/load_files_from_disk',
                  { paths: ['MCKVRaft.tla'] },
                  `---------------------------- MODULE MCKVRaft ----------------------------\nEXTENDS KVRaft\n\n${needle}\n\nMessageBound == Cardinality(messages) <= 4\n=============================================================================`,
                ),
              ),
            },
            {
              step: one(follow, act('FileManagerTool/load_files_from_disk', { paths: ['MCKVRaft.cfg'] }, CFG)),
            },
          ],
        };
      },
    },
  ],
  decision: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `I'll model the ${x} lease with an abstract clock bounded by MaxClock instead of real time`,
            (x) => `${x} gets a state constraint on the message count rather than a smaller server set`,
            (x) =>
              `For ${x} I check the safety invariants with BFS first and leave liveness for a separate simulation run`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}.`,
                act(
                  'FileManagerTool/save_content_to_file',
                  { path: `notes/${t}.md`, content: `# ${t}\n\n${needle}.\n` },
                  `Successfully saved file at: notes/${t}.md`,
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} üçün üç server kifayətdir, beşə keçmirik`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            {
              user: rng.pick([`Qərar verdik: ${needle}.`, `Belə edək: ${needle}; vəziyyət fəzası onsuz da böyükdür.`]),
            },
          ],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `MC_${t}.cfg`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'A model of its own for the lease reads, so the main model stays as reviewed.',
                act(
                  'FileManagerTool/save_content_to_file',
                  { path: needle, content: CFG.replace('MessageBound', 'MessageBound\n    ClockBound') },
                  `Successfully saved file at: ${needle}`,
                ),
              ),
            },
            { step: one(undefined, tlc(`-workers 8 -config ${needle} MCKVRaft.tla`, success(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `traces/${t}.tla`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'Keeping the counterexample as a trace module, to replay it after the fix.',
                act(
                  'FileManagerTool/save_content_to_file',
                  { path: needle, content: stateTrace(rng, 3) },
                  `Successfully saved file at: ${needle}`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
  error: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const inv = `${cap(t)}Safety`;
        const needle = `Error: Invariant ${inv} is violated.`;
        return {
          how: 'tool-tlc',
          needle,
          beats: [
            {
              step: one(
                undefined,
                tlc('-workers 8 -config MCKVRaft.cfg MCKVRaft.tla', violation(rng, inv, rng.int(5, 9)), 12),
              ),
            },
            {
              step: one(
                `${inv} fails after a leader change: the new leader answers a read before its lease starts.`,
                load(rng, 'LeaseRead'),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const op = `${cap(t)}Index`;
        const needle = `Unknown operator: \`${op}'.`;
        const line = rng.int(60, 200);
        const at = timer(rng);
        return {
          how: 'tool-sany',
          needle,
          beats: [
            {
              step: one(
                undefined,
                tlc(
                  '-workers 8 -config MCKVRaft.cfg MCKVRaft.tla',
                  `${banner(rng, at).split('\nSemantic')[0] as string}\nSemantic processing of module Naturals\nSemantic processing of module Sequences\nSemantic processing of module FiniteSets\nSemantic processing of module TLC\nSemantic processing of module KVRaft\n\nSemantic errors:\n\n*** Errors: 1\n\nline ${line}, col ${rng.int(8, 30)} to line ${line}, col ${rng.int(31, 50)} of module KVRaft\n\n${needle}\n\n\nStarting... (${at(0)})\nError: Parsing or semantic analysis failed.\nFinished in 00s at (${at(0)})`,
                  150,
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const field = `${t}Until`;
        const needle = `to argument "${field}", which is not in the domain of the function.`;
        const line = rng.int(80, 220);
        const at = timer(rng);
        return {
          how: 'tool-eval',
          needle,
          beats: [
            {
              step: one(
                undefined,
                tlc(
                  '-workers 8 -config MCKVRaft.cfg MCKVRaft.tla',
                  `${banner(rng, at)}\nComputing initial states...\nFinished computing initial states: 1 distinct state generated at ${at(1)}.\nError: TLC threw an unexpected exception.\nThis was probably caused by an error in the spec or model.\nSee the User Output or TLC Console for clues to what happened.\nThe exception was a java.lang.RuntimeException\n: Attempted to apply function:\n[term |-> 2, key |-> k1, val |-> v1]\n${needle}\nline ${line}, col 9 to line ${line}, col 31 of module LeaseRead\nThe error occurred when TLC was evaluating the nested\nexpressions at the following positions:\n0. Line ${line - 3}, column 5 to line ${line + 2}, column 40 in LeaseRead\n1. Line ${line}, column 9 to line ${line}, column 31 in LeaseRead\n\nError: The behavior up to this point is:\n${stateTrace(rng, 2)}\n${rng.int(1000, 90000)} states generated, ${rng.int(300, 9000)} distinct states found, ${rng.int(10, 900)} states left on queue.\n${finished(at, rng.int(2, 9))}`,
                  75,
                ),
              ),
            },
            {
              step: one(
                `ClientPut appends entries without the ${field} field that the lease read expects; both must build the same record.`,
                load(rng, 'LeaseRead'),
              ),
            },
          ],
        };
      },
    },
  ],
  value: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('num');
        const needle = `${t} distinct states found`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                tlc(
                  '-workers 8 -config MCKVRaft.cfg MCKVRaft.tla',
                  success(rng).replace(
                    /\n\d+ states generated, \d+ distinct states found/,
                    `\n${rng.int(30_000_000, 90_000_000)} states generated, ${needle}`,
                  ),
                ),
              ),
            },
            {
              step: one(
                `Baseline for the reviewed model: ${needle}; a change that only refactors must give the same count.`,
                cmd('git rev-parse --short HEAD', hex(rng, 7)),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('code');
        const needle = `INC-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Prodakşndakı split-brain hadisəsinin nömrəsi ${needle}-dir; hesabatda ona istinad et.` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `Next: rerun ${x} with -simulate num=200000 to look for liveness counterexamples`,
            (x) => `Still to do: add the ${x} invariant to the five-server model as well`,
            (x) => `Növbəti addım: ${x} modelini -deadlock olmadan yenidən işlətmək`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `${needle}.`,
                cmd(`git commit -qam "wip: ${t}" && git log --oneline -1`, `${hex(rng, 7)} wip: ${t}`),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `sonda ${t} üçün nəticələri dizayn sənədinə yaz`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Sağ ol. Son bir şey: ${needle}.` },
            {
              step: one(
                undefined,
                act(
                  'FileManagerTool/load_files_from_disk',
                  { paths: ['README.md'] },
                  `# KVRaft\n\nTLA+ model of the replicated KV store.\n\n| model | servers | distinct states | result |\n|---|---|---|---|\n| MCKVRaft | 3 | ${rng.int(1_000_000, 9_000_000)} | ok |`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

const TOOLS = [
  'ComputerTool/execute_command',
  'FileManagerTool/list_files_from_disk',
  'FileManagerTool/load_files_from_disk',
  'FileManagerTool/save_content_to_file',
  'TlcTool/check_model',
];

const SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      tag: { type: 'string', description: 'Unique tag name for action execution.' },
      name: { type: 'string', description: 'Action name' },
      path: { type: 'string', description: 'Action path' },
      input: { type: 'object', description: 'Optional action path input values object' },
    },
    required: ['tag', 'name', 'path'],
  },
};

const THOUGHTS: Record<string, readonly string[]> = {
  ComputerTool: ['I need to check the repository state first.', 'A quick command tells me where things stand.'],
  FileManagerTool: [
    'I need to read the module before changing anything.',
    'Looking at the file to find the definition involved.',
    'I will look at the files to decide the next step.',
  ],
  TlcTool: ['Running the model again to check the last change.', 'Checking what the model checker reports now.'],
};

/** A thought that fits the step's action, when the step says nothing of its own. */
function thought(c: LodeCall, n: number): string {
  const pool = THOUGHTS[c.tool.split('/')[0] as string] ?? ['Next action.'];
  return pool[n % pool.length] as string;
}

/** The griptape harness. */
export const LODE_GRIPTAPE: LodeHarness = {
  style: 'griptape',
  protocol: 'text',
  system: `You are an expert in TLA+ and distributed systems, helping with the specification in ${ROOT}. The user writes Azerbaijani; answer in Azerbaijani.\n\nYou can think step by step and use tools to get information and complete the task. Use the following format:\n\nThought: <your step by step thought process describing what actions you need to use>\nActions: <JSON array of actions that MUST follow this schema: ${pyJson(SCHEMA)}>\nObservation: <action outputs>\n...repeat Thought/Actions/Observation as many times as you need\nAnswer: <final answer>\n\nNEVER make up action names, action paths, or action inputs. NEVER make up facts. Use one action at a time.\n\nYou have access ONLY to the actions with the following names and paths:\n${TOOLS.map((t) => `name: ${t.split('/')[0] as string}, path: ${t.split('/')[1] as string}`).join('\n')}\n\nComputerTool runs commands in the spec folder; TlcTool runs java -XX:+UseParallelGC -cp /opt/tla/tla2tools.jar tlc2.TLC with the given arguments.`,
  // (the tool classes, as a runner registers them; the activity is the action's path)
  tools: [...new Set(TOOLS.map((t) => t.split('/')[0] as string))],
  callId: (rng) => `${chars(rng, 8, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
  renderStep: (s, ids, n) =>
    `Thought: ${s.say ?? thought(s.calls[0] as LodeCall, n)}\nActions: ${pyJson(
      s.calls.map((c, i) => {
        const [name, path] = c.tool.split('/') as [string, string];
        return { tag: ids[i], name, path, input: { values: c.args } };
      }),
    )}`,
  renderResults: (s) => `Observation: ${(s.calls[0] as LodeCall).output}`,
  resultStart: /^Observation: /,
  callMark: /\{"tag": "[a-z0-9]+", "name": "/g,
  resultMark: /^Observation: /gm,
  renderAnswer: (text) => `Answer: ${text}`,
  noise: gripNoise,
  big: gripBig,
  followUp: (rng) =>
    rng.pick([
      'TLC nə deyir?',
      'Neçə vəziyyət tapıldı?',
      'Zəhmət olmasa modeli yenidən işlət.',
      'Nəyi dəyişdiyini qısaca izah et.',
      'Yaxşı, bəs sonra nə?',
      'İnvariantlar hamısı keçir?',
    ]),
  keepGoing: (rng) => rng.pick(['Davam et.', 'Davam et, dayanma.', 'Bütün invariantlar keçənə qədər davam et.']),
  answer: (rng) =>
    rng.pick([
      `Hazırdır: model ${rng.int(1, 9)} milyon vəziyyət yoxladı, heç bir invariant pozulmadı.`,
      'Done: the model checks clean and every signed-off invariant still holds.',
      'Düzəltdim. Messages.tla-da köhnə bir xəbərdarlıq qalıb, bu dəyişikliklə əlaqəsi yoxdur.',
      'Qısaca: dəyişdirilmiş modullar parse olunur və TLC xəta tapmır.',
    ]),
  probe: (rng) => rng.pick(['Davam et.', 'Dayandığın yerdən davam et.', 'İndi nə?']),
  planters: PLANTERS,
};
