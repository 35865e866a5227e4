/**
 * The swarm harness of the wide family (wide.ts): OpenAI Swarm agents (triage, OCaml engineer, reviewer) handing an OCaml/dune code base
 * between them through `transfer_to_*` functions, with native parallel tool calls.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  chars,
  fail,
  hex,
  lines,
  ok,
  one,
  type Planter,
  type WideCall,
  type WideHarness,
  type WideStep,
} from './wide-kit';

const ML_MODS = ['frame', 'codec', 'varint', 'ring', 'checksum', 'router', 'session', 'backoff', 'config', 'metrics'];
const ML_DIRS = ['lib/wire', 'lib/core', 'lib/net', 'bin', 'test'];
const SWARM_AGENTS = ['triage_agent', 'ocaml_engineer', 'reviewer'] as const;

function mlPath(rng: Rng): string {
  return `${rng.pick(ML_DIRS)}/${rng.pick(ML_MODS)}.ml`;
}

function mlSource(rng: Rng, n: number): string {
  const fns = ['decode', 'encode', 'length', 'of_string', 'to_string', 'pp', 'equal', 'compare', 'reset', 'step'];
  return lines(n, (i) => {
    if (i % 9 === 0) return `let ${rng.pick(fns)}_${i} (t : t) buf ~off =`;
    if (i % 9 === 1) return `  let open Result.Syntax in`;
    if (i % 9 === 2) return `  let* hdr = Header.read buf ~off in`;
    if (i % 9 === 3) return `  if hdr.len > Bytes.length buf - off then Error (\`Truncated ${i})`;
    if (i % 9 === 4) return `  else begin`;
    if (i % 9 === 5) return `    t.pos <- off + Header.size + hdr.len;`;
    if (i % 9 === 6) return `    Ok { hdr; body = Bytes.sub buf (off + Header.size) hdr.len }`;
    if (i % 9 === 7) return `  end`;
    return '';
  });
}

function duneOk(rng: Rng): string {
  return rng.chance(0.5)
    ? ''
    : lines(
        rng.int(2, 5),
        () => `      ocamlc ${rng.pick(ML_DIRS)}/.${rng.pick(ML_MODS)}.objs/byte/${rng.pick(ML_MODS)}.{cmi,cmo,cmt}`,
      );
}

function alcotestOk(rng: Rng, suites: number): string {
  const id = chars(rng, 8, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789');
  const rows = lines(
    suites,
    (i) =>
      `  [OK]          ${rng.pick(ML_MODS).padEnd(14)} ${String(i % 7).padStart(2)}   ${rng.pick(['roundtrip', 'empty input', 'max length', 'split reads', 'bad magic', 'overflow'])}.`,
  );
  return `Testing \`wire'.\nThis run has ID \`${id}'.\n\n${rows}\n\nFull test results in \`~/src/tidewater/_build/default/test/_build/_tests/wire'.\nTest Successful in 0.0${rng.int(10, 99)}s. ${suites} tests run.`;
}

function swarmNoise(rng: Rng): WideStep {
  const agent = rng.pick(SWARM_AGENTS.slice(1));
  const r = rng.int(0, 6);
  if (r === 0) {
    const p = mlPath(rng);
    return one(undefined, ok('read_file', { path: p }, mlSource(rng, rng.int(20, 70))), agent);
  }
  if (r === 1) {
    const pat = rng.pick(['Header.read', 'Bytes.sub', 'Lwt_io', 'Result.Syntax', 'Eio.Flow', 'Cstruct']);
    const out = lines(
      rng.int(3, 14),
      () => `${mlPath(rng)}:${rng.int(3, 400)}:  ${rng.pick(['let', 'and', 'in', '|>'])} ${pat} buf`,
    );
    return one(undefined, ok('search_code', { pattern: pat }, out), agent);
  }
  if (r === 2)
    return {
      agent,
      say: rng.pick(['Building and testing together.', undefined]),
      calls: [
        ok('run_shell', { cmd: 'dune build 2>&1' }, duneOk(rng), 0),
        ok('run_shell', { cmd: 'dune test test/wire 2>&1' }, alcotestOk(rng, rng.int(8, 30)), 0),
      ],
    };
  if (r === 3)
    return one(
      undefined,
      ok(
        'run_shell',
        { cmd: 'git log --oneline -n 12' },
        lines(
          12,
          () =>
            `${hex(rng, 7)} ${rng.pick(['wire:', 'net:', 'ci:', 'test:'])} ${rng.pick(['tidy', 'fix off-by-one in', 'bench', 'refactor', 'document'])} ${rng.pick(ML_MODS)}`,
        ),
        0,
      ),
      agent,
    );
  if (r === 4)
    return one(
      undefined,
      ok(
        'opam_query',
        { query: 'list --installed --columns=name,version' },
        lines(
          rng.int(10, 30),
          () =>
            `${rng.pick(['angstrom', 'eio', 'eio_main', 'cmdliner', 'alcotest', 'ppx_expect', 'fmt', 'logs', 'cstruct', 'mirage-crypto', 'ptime', 'yojson'])}  ${rng.int(0, 5)}.${rng.int(0, 20)}.${rng.int(0, 9)}`,
        ),
      ),
      agent,
    );
  if (r === 5)
    return one(
      undefined,
      ok(
        'list_dir',
        { path: rng.pick(ML_DIRS) },
        lines(rng.int(4, 16), () => `${rng.pick(ML_MODS)}.${rng.pick(['ml', 'mli', 'ml', 'dune'])}`),
      ),
      agent,
    );
  return one(
    rng.pick(['Formatting before the next change.', undefined]),
    ok('run_shell', { cmd: 'dune fmt 2>&1 | head -n 20' }, '', 0),
    agent,
  );
}

function swarmBig(rng: Rng): WideStep {
  if (rng.chance(0.5))
    return one(
      'Reading the whole frame module before touching it.',
      ok('read_file', { path: 'lib/wire/frame.ml' }, mlSource(rng, rng.int(420, 650))),
      'ocaml_engineer',
    );
  return one(
    undefined,
    ok('run_shell', { cmd: 'dune test --force 2>&1' }, alcotestOk(rng, rng.int(320, 480)), 0),
    'ocaml_engineer',
  );
}

function swarmHandoff(to: (typeof SWARM_AGENTS)[number], from: (typeof SWARM_AGENTS)[number]): WideCall {
  const names = { triage_agent: 'Triage Agent', ocaml_engineer: 'OCaml Engineer', reviewer: 'Reviewer' };
  const fn = to === 'triage_agent' ? 'transfer_back_to_triage' : `transfer_to_${to}`;
  void from;
  return ok(fn, {}, JSON.stringify({ assistant: names[to] }));
}

const SWARM_PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `replace the hand-rolled ${t} frame parser with an Angstrom one`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Hi! Context: tidewater is our OCaml ingest daemon (dune, OCaml 5.1, opam switch \`tw\`). I'd like you to ${needle} — same wire format, but the error cases should come back as proper \`result\` values instead of exceptions.${rng.chance(0.5) ? ' Tests live under test/wire.' : ''}`,
            },
            {
              step: one(
                'This is a code change in the wire library, handing over to the OCaml engineer.',
                swarmHandoff('ocaml_engineer', 'triage_agent'),
                'triage_agent',
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `add a \`${t}\` subcommand to the cmdliner CLI that dumps frame headers as JSON`;
        return {
          how: 'user-followup',
          needle,
          beats: [
            { user: `Next thing: can you ${needle}? Ops want to pipe it into jq.` },
            {
              step: one(
                `Routing the \`${t}\` subcommand work to the engineer.`,
                swarmHandoff('ocaml_engineer', 'triage_agent'),
                'triage_agent',
              ),
            },
          ],
        };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `the signature in lib/wire/${t}.mli is frozen`;
        return {
          how: 'user-aside',
          needle,
          beats: [
            {
              user: `btw ${needle} — the billing service links against it, so no changes to it unless you ask me first.`,
            },
            {
              step: one(
                `Noted; I'll only read ${t}.mli.`,
                ok(
                  'read_file',
                  { path: `lib/wire/${t}.mli` },
                  `(** Public interface — see ADR-7. *)\ntype t\nval create : unit -> t\nval feed : t -> Bytes.t -> off:int -> len:int -> unit\n`,
                ),
                'ocaml_engineer',
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
        const needle = `No new opam dependencies without sign-off from @${t}`;
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'Checking the contribution rules before adding a library.',
                ok(
                  'read_file',
                  { path: 'CONTRIBUTING.md' },
                  `# Contributing to tidewater\n\n## Code\n\n- Run \`dune fmt\` before committing; CI rejects unformatted code.\n- ${needle} (build infra); list them in tidewater.opam.\n- Every public module has an .mli with doc comments.\n\n## Tests\n\n- Alcotest for units, ppx_expect for printers.\n${lines(rng.int(5, 15), (i) => `- Rule ${i + 4}: keep ${rng.pick(ML_MODS)} allocation-free on the hot path.`)}\n`,
                ),
                'reviewer',
              ),
            },
            {
              step: one(
                `The rule says @${t} has to approve new deps, so I'll stay with what's installed.`,
                ok('opam_query', { query: 'list --installed angstrom' }, 'angstrom  0.16.0'),
                'reviewer',
              ),
            },
          ],
        };
      },
    },
  ],
  decision: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `read ${t} payloads with Eio.Buf_read rather than Angstrom.Buffered`;
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `Review note: Angstrom.Buffered copies on every refill. Decision: ${needle}; the parser combinators stay for the header only.`,
                swarmHandoff('ocaml_engineer', 'reviewer'),
                'reviewer',
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `keep the old behaviour behind a --${t}-compat flag`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            { user: `Ok I talked to the team. Let's ${needle}, default off, and delete it after the 3.2 release.` },
            {
              step: one(
                `Understood — a \`--${t}-compat\` flag, default off.`,
                ok(
                  'search_code',
                  { pattern: 'Arg.flag' },
                  `bin/main.ml:31:  let verbose = Arg.(value & flag & info ["v"; "verbose"]) in`,
                ),
                'ocaml_engineer',
              ),
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
        const needle = `lib/wire/${t}_header.ml`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                `The header logic gets its own module.`,
                ok('write_file', { path: needle, content: mlSource(rng, 24) }, `Wrote 24 lines to ${needle}`),
                'ocaml_engineer',
              ),
            },
            { step: one(undefined, ok('run_shell', { cmd: 'dune build 2>&1' }, '', 0), 'ocaml_engineer') },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `test/wire/test_${t}.ml`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            { step: one(undefined, ok('read_file', { path: needle }, mlSource(rng, 30)), 'ocaml_engineer') },
            {
              step: one(
                'Adding the truncated-input cases.',
                ok('write_file', { path: needle, content: mlSource(rng, 36) }, `Wrote 36 lines to ${needle}`),
                'ocaml_engineer',
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
        const needle = `Error: Unbound module ${cap(t)}_wire`;
        const out = `${duneOk(rng)}\nFile "lib/net/session.ml", line ${rng.int(20, 300)}, characters 12-${rng.int(30, 40)}:\n${rng.int(20, 300)} |   let hdr = ${cap(t)}_wire.decode buf ~off in\n                 ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n${needle}\nHint: Did you mean Lwt_io?`;
        return {
          how: 'tool-build',
          needle,
          beats: [
            { step: one(undefined, fail('run_shell', { cmd: 'dune build 2>&1' }, out, 1), 'ocaml_engineer') },
            {
              step: one(
                `The module was renamed; ${cap(t)}_wire no longer exists. Checking the dune file.`,
                ok('read_file', { path: 'lib/net/dune' }, '(library\n (name net)\n (libraries wire eio logs))'),
                'ocaml_engineer',
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
        const needle = `Failure("${t}_decode: bad magic 0x7f")`;
        const head = (i: number) =>
          `  [OK]          codec          ${String(i % 40).padStart(2)}   ${rng.pick(['roundtrip', 'empty input', 'split reads', 'max length'])}.`;
        const big = rng.chance(0.4) ? 330 : 20;
        const out = buried(
          rng,
          big,
          head,
          `  [FAIL]        codec          ${big}   corrupt header.\n...\nASSERT decode result\nFatal error: exception ${needle}\nRaised at Stdlib.failwith in file "stdlib.ml", line 29, characters 17-33\nCalled from Wire__Codec.decode in file "lib/wire/codec.ml", line ${rng.int(40, 200)}, characters 4-31`,
          `\nFull test results in \`~/src/tidewater/_build/default/test/_build/_tests/wire'.\n1 failure! in 0.0${rng.int(10, 99)}s. ${big + 10} tests run.`,
        );
        return {
          how: 'tool-test',
          needle,
          beats: [
            { step: one(undefined, fail('run_shell', { cmd: 'dune test test/wire 2>&1' }, out, 1), 'ocaml_engineer') },
            {
              step: one(
                `One failure: the decoder still raises instead of returning \`Error\`. Looking at ${t}_decode.`,
                ok(
                  'search_code',
                  { pattern: `${t}_decode` },
                  `lib/wire/codec.ml:${rng.int(40, 200)}:let ${t}_decode buf =`,
                ),
                'ocaml_engineer',
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
        const t = mint('hex');
        const full = `${t}${hex(rng, 32)}`;
        const needle = `ocaml-wirefmt.git#${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Which wirefmt commit are we pinned to?',
                ok(
                  'run_shell',
                  { cmd: 'opam pin list' },
                  `cmdliner.1.3.0      (uninstalled)  git  git+https://github.com/dbuenzli/cmdliner.git#v1.3.0\nwirefmt.0.4.1       rsync          git+https://github.com/tidewater-dev/${needle}${full.slice(8, 14)}\n`,
                  0,
                ),
                'ocaml_engineer',
              ),
            },
            {
              step: one(
                `Pinned at ${t}; I'll reproduce against that commit.`,
                ok(
                  'run_shell',
                  { cmd: `git -C ~/src/ocaml-wirefmt checkout ${t}` },
                  `HEAD is now at ${t} frame: accept zero-length payloads`,
                  0,
                ),
                'ocaml_engineer',
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tenant tn_${t}_staging`;
        return {
          how: 'user-paste',
          needle,
          beats: [
            { user: `For the end-to-end check use the ${needle} on the staging broker, it has real captured traffic.` },
            {
              step: one(
                `Using tn_${t}_staging for the e2e run.`,
                ok(
                  'run_shell',
                  { cmd: `dune exec bin/main.exe -- replay --tenant tn_${t}_staging --limit 200` },
                  `replayed 200 frames, 0 errors, p99 0.41ms`,
                  0,
                ),
                'ocaml_engineer',
              ),
            },
          ],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `run the ${t} fuzz corpus through afl-fuzz for an hour`;
        return {
          how: 'agent-next',
          needle,
          beats: [
            {
              step: one(
                `Tests are green. What remains before the PR: ${needle} and attach the crash count.`,
                ok('run_shell', { cmd: `ls fuzz/corpus/${t} | wc -l` }, '412', 0),
                'reviewer',
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `bump the version to 3.2.0-${t} in dune-project`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Nice. Before I tag, still to do: ${needle} and regenerate the opam file.` },
            {
              step: one(
                `Will do — ${t} pre-release bump next.`,
                ok(
                  'read_file',
                  { path: 'dune-project' },
                  '(lang dune 3.14)\n(name tidewater)\n(version 3.1.4)\n(generate_opam_files true)',
                ),
                'triage_agent',
              ),
            },
          ],
        };
      },
    },
  ],
};

const SWARM: WideHarness = {
  style: 'swarm',
  protocol: 'native',
  system:
    "You are the Triage Agent of the tidewater engineering swarm. Decide which agent should handle the user's request and transfer to it: the OCaml Engineer (reads and edits code, runs dune and opam) or the Reviewer (reviews diffs, checks CONTRIBUTING.md rules). Agents transfer back to triage when they finish. Be brief.",
  tools: [
    'transfer_to_ocaml_engineer',
    'transfer_to_reviewer',
    'transfer_back_to_triage',
    'run_shell',
    'read_file',
    'write_file',
    'search_code',
    'list_dir',
    'opam_query',
  ],
  callId: (rng) => `call_${chars(rng, 24)}`,
  noise: swarmNoise,
  big: swarmBig,
  followUp: (rng) =>
    rng.pick([
      'ok looks reasonable. can you also check the benchmarks didnt regress?',
      'What does the reviewer think of the current diff?',
      'Does this still build on 4.14? We have one consumer stuck there.',
      'thanks. run the full test suite once more please',
      'Can you explain why the ring buffer needs the extra copy?',
      'hmm, please double-check error handling in the session module',
    ]),
  keepGoing: (rng) => rng.pick(['Keep going.', 'continue', 'Carry on with the rest, ping me when done.']),
  answer: (rng) =>
    rng.pick([
      'Done for this part: the build is clean and the wire tests pass. Transferring back to triage.',
      'Reviewer: the diff looks fine; two nits fixed inline. Back to triage.',
      'Finished the change and ran dune test — all green.',
      'Summary: parser refactor in place, tests updated, nothing else touched.',
    ]),
  probe: (rng) => rng.pick(['ok, continue with the next step', 'Go ahead with what is left.', 'Continue please.']),
  planters: SWARM_PLANTERS,
};

/** The swarm harness. */
export const WIDE_SWARM: WideHarness = SWARM;
