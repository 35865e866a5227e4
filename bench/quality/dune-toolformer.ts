/**
 * The toolformer harness of the dune family (dune.ts): a Toolformer-like model that writes its API
 * calls inline in its prose — `I will check the latency histogram [Shell("bpftrace -e '…'")] and then
 * …` — with `Shell("command")`, `Read("path")` and `Write("path", "text")` calls, several a reply; the
 * harness answers each reply with one user message listing `[Shell("…") → result]` for every call of
 * that reply, in order. Answers are prose without calls.
 * A bpftrace/eBPF and perf investigation of a Mogadishu mobile-money switch's transfer latency (a Go
 * service, switchd, with a PostgreSQL ledger and an HSM): bpftrace's `stdin:1:22-27: ERROR: …`
 * diagnostics with the source line and `~~~` underline, `Could not resolve symbol`, `@usecs:` log2
 * histograms with `[1K, 2K)  12 |@@@@  |` rows, `perf stat` counters, `perf report --stdio` tops,
 * systemd journal lines, `go tool pprof -top`; for a Somali-speaking SRE.
 * Imitated: Toolformer's inline `[Tool(input) → result]` notation (from memory of the paper).
 * Invented: the Shell/Read/Write tools and the results message that lists every call with its result.
 * bpftrace's, perf's and pprof's texts are from memory (close, not exact). The Somali is plain and may
 * be stiff.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  cap,
  dq,
  dur,
  fail,
  hex,
  many,
  nth,
  ok,
  one,
  say,
  some,
  type DuneCall,
  type DuneHarness,
  type DuneStep,
  type Planter,
} from './dune-kit';

const ROOT = '/srv/lacag-switch';
const BIN = '/opt/lacag/bin/switchd';
const HOST = 'mgq-sw-02';
const FUNCS = [
  'main.(*Ledger).Commit',
  'main.(*Router).Route',
  'main.(*HSM).Sign',
  'main.handleTransfer',
  'main.(*USSD).Reply',
];
const PATHS = ['p2p', 'merchant', 'cashout', 'airtime', 'bulk'];

function sh(command: string, output: string, code = 0): DuneCall {
  return code === 0 ? ok('Shell', { command }, output, 0) : fail('Shell', { command }, output, code);
}
function read(path: string, content: string): DuneCall {
  return ok('Read', { path }, content);
}
function write(path: string, content: string): DuneCall {
  return ok('Write', { path, content }, `written ${content.length} bytes`);
}

/** A bpftrace log2 histogram, as printed on exit. */
function hist(rng: Rng, name: string, from = 7): string {
  const buckets = [
    '1',
    '2',
    '4',
    '8',
    '16',
    '32',
    '64',
    '128',
    '256',
    '512',
    '1K',
    '2K',
    '4K',
    '8K',
    '16K',
    '32K',
    '64K',
    '128K',
    '256K',
    '512K',
    '1M',
  ];
  const n = rng.int(7, 10);
  const counts = Array.from({ length: n }, (_, i) =>
    Math.max(1, Math.round(rng.int(200, 3000) * Math.exp(-((i - n / 2.5) ** 2) / 4))),
  );
  const max = Math.max(...counts);
  const rows = counts.map((c, i) => {
    const lo = buckets[from + i] as string;
    const hi = buckets[from + i + 1] as string;
    const bar = '@'.repeat(Math.round((52 * c) / max));
    return `${`[${lo}, ${hi})`.padEnd(20)}${String(c).padStart(6)} |${bar.padEnd(52)}|`;
  });
  return `Attaching 2 probes...\n^C\n\n@${name}: \n${rows.join('\n')}\n`;
}

function perfStat(rng: Rng): string {
  const c = (lo: number, hi: number) => rng.int(lo, hi).toLocaleString('en-US');
  return ` Performance counter stats for process id '${rng.int(2000, 4000)}':\n\n${String(c(20000, 90000)).padStart(18)}.${rng.int(10, 99)} msec task-clock                #    ${dur(rng, 1, 6, 3)} CPUs utilized\n${String(c(20000, 400000)).padStart(18)}      context-switches          #    ${dur(rng, 1, 20, 3)} K/sec\n${String(c(100, 9000)).padStart(18)}      cpu-migrations            #  ${dur(rng, 10, 200, 3)} /sec\n${String(c(1000, 90000)).padStart(18)}      page-faults               #    ${dur(rng, 1, 9, 3)} K/sec\n${String(c(10000000, 900000000)).padStart(18)}      cycles                    #    ${dur(rng, 2, 3.5, 3)} GHz\n${String(c(10000000, 900000000)).padStart(18)}      instructions              #    ${dur(rng, 0.5, 2, 2)}  insn per cycle\n\n      10.00${rng.int(1000, 9999)} seconds time elapsed\n`;
}

function perfReport(rng: Rng): string {
  const syms = [
    'runtime.mallocgc',
    'runtime.scanobject',
    'syscall.Syscall6',
    'crypto/sha256.block',
    'encoding/json.(*decodeState).object',
    'github.com/jackc/pgx/v5.(*Conn).Exec',
    'runtime.futex',
    'main.(*Router).Route',
  ];
  let left = 60;
  const rows = some(rng, syms, 6).map((s) => {
    const p = Math.min(left, rng.int(2, 19) + rng.next());
    left -= p;
    return `    ${p.toFixed(2).padStart(5)}%  switchd  ${s.startsWith('syscall') || s.startsWith('runtime.futex') ? '[kernel.kallsyms] ' : 'switchd           '}  [.] ${s}`;
  });
  return `# Samples: ${rng.int(20, 90)}K of event 'cpu-clock:pppH'\n# Event count (approx.): ${rng.int(1000000000, 9000000000)}\n#\n# Overhead  Command  Shared Object       Symbol\n# ........  .......  ..................  ..............................\n#\n${rows.join('\n')}`;
}

function journal(rng: Rng, n: number, level = 'warn', msg = 'slow ledger commit'): string {
  return Array.from({ length: n }, (_, i) => {
    const s = rng.int(0, 59);
    return `Mar 14 13:${String(10 + i).padStart(2, '0')}:${String(s).padStart(2, '0')} ${HOST} switchd[2231]: {"level":"${level}","ts":"2025-03-14T13:${String(10 + i).padStart(2, '0')}:${String(s).padStart(2, '0')}.${rng.int(100, 999)}Z","msg":"${msg}","path":"${rng.pick(PATHS)}","ms":${rng.int(300, 1900)}}`;
  }).join('\n');
}

function pprofTop(rng: Rng): string {
  const rows = [
    'runtime.memmove',
    'runtime.mallocgc',
    'crypto/ecdsa.signGeneric',
    'github.com/jackc/pgx/v5/pgconn.(*PgConn).receiveMessage',
    'encoding/json.Marshal',
    'main.(*Router).Route',
  ].map((f, i) => {
    const flat = (0.9 - i * 0.12 + rng.next() * 0.05).toFixed(2);
    return `     ${flat}s ${(Number(flat) * 20).toFixed(2).padStart(5)}% ${(30 + i * 8).toFixed(2).padStart(6)}%      ${(Number(flat) * 2).toFixed(2)}s ${(Number(flat) * 40).toFixed(2).padStart(5)}%  ${f}`;
  });
  return `Fetching profile over HTTP from http://localhost:6060/debug/pprof/profile?seconds=10\nSaved profile in /root/pprof/pprof.switchd.samples.cpu.00${rng.int(1, 9)}.pb.gz\nFile: switchd\nType: cpu\nDuration: 10.01s, Total samples = ${dur(rng, 4, 9, 2)}s\nShowing nodes accounting for 3.2s, 78.05% of 4.1s total\nDropped ${rng.int(50, 200)} nodes (cum <= 0.02s)\n      flat  flat%   sum%        cum   cum%\n${rows.join('\n')}`;
}

function bt(body: string): string {
  return `bpftrace -e '${body}'`;
}

function tNoise(rng: Rng): DuneStep {
  const r = rng.int(0, 7);
  const f = rng.pick(FUNCS);
  if (r === 0)
    return one(
      `Let me time ${f} on the live process`,
      sh(
        `timeout 20 ${bt(`uprobe:${BIN}:"${f}" { @s[tid] = nsecs; } uretprobe:${BIN}:"${f}" /@s[tid]/ { @usecs = hist((nsecs - @s[tid]) / 1000); delete(@s[tid]); }`)}`,
        hist(rng, 'usecs'),
      ),
    );
  if (r === 1)
    return many('The counters first', [
      sh('perf stat -p $(pidof switchd) -- sleep 10', perfStat(rng)),
      sh(
        'uptime',
        ` 13:${rng.int(10, 59)}:0${rng.int(0, 9)} up ${rng.int(3, 90)} days,  2 users,  load average: ${dur(rng, 1, 9)}, ${dur(rng, 1, 9)}, ${dur(rng, 1, 9)}`,
      ),
    ]);
  if (r === 2)
    return one(
      'The CPU profile of the busy minutes says',
      sh('perf report --stdio --sort sym | head -20', perfReport(rng)),
    );
  if (r === 3)
    return one(
      'The journal around the spike shows',
      sh(`journalctl -u switchd --since "13:10" --until "13:20" -o short | grep -m 6 slow`, journal(rng, 6)),
    );
  if (r === 4)
    return one(
      undefined,
      sh(
        bt('kprobe:tcp_retransmit_skb { @retx = histo(1); }'),
        `stdin:1:35-40: ERROR: Unknown function: histo\nkprobe:tcp_retransmit_skb { @retx = histo(1); }\n                                    ~~~~~`,
        1,
      ),
    );
  if (r === 5)
    return one(
      "Go's own view of the CPU",
      sh('go tool pprof -top -nodecount=6 http://localhost:6060/debug/pprof/profile?seconds=10', pprofTop(rng)),
    );
  if (r === 6)
    return many(undefined, [
      read(
        `${ROOT}/config/switchd.toml`,
        `[ledger]\ndsn = "postgres://switch@10.20.3.14:5432/ledger"\npool_size = 8\nstatement_timeout_ms = 1500\n\n[hsm]\nslots = ["sign-a", "sign-b"]\ntimeout_ms = 400\n\n[runtime]\ngogc = 100`,
      ),
      sh('systemctl show switchd -p MainPID -p Environment', `MainPID=2231\nEnvironment=GOMAXPROCS=8 GOGC=100`),
    ]);
  return one(
    'Scheduler latency on the box',
    sh(
      'timeout 15 /usr/share/bcc/tools/runqlat 10 1',
      `Tracing run queue latency... Hit Ctrl-C to end.\n\n     usecs               : count     distribution\n         0 -> 1          : ${rng.int(100, 900)}      |****                                    |\n         2 -> 3          : ${rng.int(1000, 9000)}     |****************************************|\n         4 -> 7          : ${rng.int(100, 3000)}     |**********                              |\n         8 -> 15         : ${rng.int(10, 900)}      |**                                      |\n        16 -> 31         : ${rng.int(1, 90)}       |                                        |`,
    ),
  );
}

function tBig(rng: Rng): DuneStep {
  return one(
    'Pull the whole window of slow commits from the journal',
    sh(
      'journalctl -u switchd --since "13:00" --until "14:00" -o short | grep ledger',
      Array.from({ length: rng.int(200, 240) }, (_, i) => {
        const m = 10 + Math.floor(i / 5);
        return `Mar 14 13:${String(m % 60).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')} ${HOST} switchd[2231]: {"level":"${i % 11 === 0 ? 'error' : 'warn'}","ts":"2025-03-14T13:${String(m % 60).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}.${String((i * 37) % 1000).padStart(3, '0')}Z","msg":"slow ledger commit","path":"${nth(PATHS, i)}","txn":"T25${String(100000 + i * 13)}","ms":${300 + ((i * 97) % 1600)},"pool_wait_ms":${(i * 31) % 900}}`;
      }).join('\n'),
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `in la helo sababta p99-ka waddada ${t} uu uga sarreeyo 800ms saacadaha mashquulka`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Salaan! Adeeggu wuxuu ku yaal ${ROOT} — switch-ka lacagta mobilka ee Muqdisho (Go, switchd, ${HOST}). Waxaan rabaa ${needle}. Fadlan sharax tallaabo kasta.`,
            },
            {
              step: one(
                'First the state of the service',
                sh(
                  'systemctl status switchd --no-pager | head -4',
                  `● switchd.service - Lacag transfer switch\n     Loaded: loaded (/etc/systemd/system/switchd.service; enabled)\n     Active: active (running) since Mon 2025-03-10 04:12:09 EAT; ${rng.int(2, 5)} days ago\n   Main PID: 2231 (switchd)`,
                ),
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
        const needle = `${t}: sidoo kale eeg latency-ga USSD gateway-ga`;
        return { how: 'user-followup', needle, beats: [{ user: `Shaqada xigta: ${needle}.` }] };
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
            (x) => `ha dib u kicin adeegga ${x} inta lagu jiro saacadaha shaqada`,
            (x) => `probe kasta oo ${x} ah ha ku socdo wax ka badan 30 ilbiriqsi`,
            (x) => `ha beddelin config-ga ${x} adigoon i weydiin`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Xeer: ${needle}.`, `Xusuuso — ${needle}.`, `Tani waa muhiim: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = rng.pick([
          `# ${t}: probes on a production switch run at most 60 seconds`,
          `# ${t}: never attach uprobes to the HSM client library`,
          `# ${t}: the SLO is p99 under 300 ms for p2p transfers`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'The runbook has the limits',
                read(
                  `${ROOT}/docs/RUNBOOK.md`,
                  `## Tracing in production\n\n${needle}\n\nAsk the on-call lead before perf record -g.`,
                ),
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
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `${x} gets a ledger pool of 32 connections instead of 8`,
            (x) => `${x} moves to group commit every 5 ms rather than one fsync per transfer`,
            (x) => `${x} runs with GOMEMLIMIT=6GiB and GOGC=off instead of GOGC=100`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `The fix I am going with: ${needle}, written down in`,
                write(`${ROOT}/docs/decisions.md`, `- ${needle}\n`),
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
        const needle = `${t} waxaan u isticmaalaynaa GOMEMLIMIT halkii GOGC`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Waxaan go'aansannay: ${needle}.`, `Sidan aan u samayno: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `tools/bpf/${t}.bt`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('A script of its own is easier to rerun', [
                write(
                  `${ROOT}/${needle}`,
                  `#!/usr/bin/env bpftrace\nuprobe:${BIN}:"main.(*Ledger).Commit" { @s[tid] = nsecs; }\nuretprobe:${BIN}:"main.(*Ledger).Commit" /@s[tid]/ {\n  @commit_us = hist((nsecs - @s[tid]) / 1000);\n  delete(@s[tid]);\n}\ninterval:s:30 { exit(); }`,
                ),
                sh(`bpftrace ${ROOT}/${needle}`, hist(rng, 'commit_us', 9)),
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `config/${t}.toml`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'The staging override goes into',
                write(
                  `${ROOT}/${needle}`,
                  `[ledger]\npool_size = 32\nstatement_timeout_ms = 1500\n\n[runtime]\ngomemlimit = "6GiB"`,
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
        const needle = `ERROR: Unknown function: ${t}`;
        const body = `uprobe:${BIN}:"main.(*HSM).Sign" { @sign = ${t}(1); }`;
        const col = body.indexOf(t) + 1;
        return {
          how: 'tool-bpftrace',
          needle,
          beats: [
            {
              step: one(
                `Count the HSM signatures`,
                sh(
                  bt(body),
                  `stdin:1:${col}-${col + t.length}: ${needle}\n${body}\n${' '.repeat(col - 1)}${'~'.repeat(t.length)}`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t} is not a bpftrace builtin; count() it is`,
                sh(
                  bt(body.replace(`${t}(1)`, 'count()')),
                  `Attaching 1 probe...\n^C\n\n@sign: ${rng.int(1000, 90000)}\n`,
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `Could not resolve symbol: ${BIN}:main.${t}`;
        return {
          how: 'tool-symbol',
          needle,
          beats: [
            {
              step: one(
                'Trace the router entry',
                sh(bt(`uprobe:${BIN}:main.${t} { @[ustack] = count(); }`), `ERROR: ${needle}`, 1),
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
        const needle = `"msg":"hsm sign timeout","slot":"${t}"`;
        return {
          how: 'tool-journal',
          needle,
          beats: [
            {
              step: one(
                'Any errors in the journal',
                sh(
                  'journalctl -u switchd -p err --since "13:00" -o short | tail -3',
                  `${journal(rng, 2, 'error', 'ledger commit failed')}\nMar 14 13:${rng.int(20, 59)}:${String(rng.int(0, 59)).padStart(2, '0')} ${HOST} switchd[2231]: {"level":"error","ts":"2025-03-14T13:41:07.${rng.int(100, 999)}Z",${needle},"waited_ms":400}`,
                ),
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
        const needle = `@txn_bytes: ${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'How much the ledger writes in 30 seconds',
                sh(
                  `timeout 30 ${bt(`uprobe:${BIN}:"main.(*Ledger).Commit" { @txn_bytes = sum(arg2); @txns = count(); }`)}`,
                  `Attaching 1 probe...\n\n${needle}\n@txns: ${rng.int(1000, 9000)}\n`,
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
        const t = mint('hex');
        const needle = `${t}${hex(rng, 56)}`;
        return {
          how: 'tool-checksum',
          needle,
          beats: [{ step: one('The binary we are tracing is', sh(`sha256sum ${BIN}`, `${needle}  ${BIN}`)) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('code');
        const needle = `LCG-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Lambarka codsiga isbeddelka waa ${needle}; ku qor docs/changes.md.` }],
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
            (x) => `next: rerun the ${x} histogram at the 13:00 peak`,
            (x) => `${x} still needs a flame graph from perf record`,
            (x) => `remaining: write the ${x} findings into the postmortem`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Committing the probes; ${needle}`,
                sh(
                  `git -C ${ROOT} commit -qam "bpf: ${t}" && git -C ${ROOT} log --oneline -1`,
                  `${hex(rng, 7)} bpf: ${t}`,
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
        const needle = `ugu dambeyn, qor soo koobid gaaban oo Soomaali ah oo ku saabsan ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Mahadsanid. Hal shay oo kale: ${needle}.` },
            {
              step: one('Check the counters once more', sh('perf stat -p $(pidof switchd) -- sleep 10', perfStat(rng))),
            },
          ],
        };
      },
    },
  ],
};

function inline(c: DuneCall): string {
  if (c.tool === 'Shell') return `[Shell(${dq(String(c.args['command']))})]`;
  if (c.tool === 'Read') return `[Read(${dq(String(c.args['path']))})]`;
  return `[Write(${dq(String(c.args['path']))}, ${dq(String(c.args['content']))})]`;
}

const LEADS = [
  'Let me look',
  'I will check this',
  'Next I measure it',
  'To see what happens I run',
  'First I want the numbers',
];
const JOINS = [' and then ', ', then ', ' and also ', ', and next '];
const ENDS = ['.', ', and I compare the result with the last run.', ' to see where the time goes.', '.'];

function render(s: DuneStep, n: number): string {
  const lead = s.say ?? nth(LEADS, n + s.calls.length);
  const calls = s.calls.map(inline);
  const body = calls.reduce((acc, c, i) => (i === 0 ? c : `${acc}${nth(JOINS, n + i)}${c}`), '');
  return `${cap(lead)} ${body}${nth(ENDS, n)}`;
}

function results(s: DuneStep): string {
  return s.calls
    .map((c) => {
      const head = inline(c).slice(0, -1);
      const out = c.output || '(no output)';
      return `${head} → ${c.status === 'error' ? `exit ${c.exitCode ?? 1}\n` : ''}${out}]`;
    })
    .join('\n\n');
}

/** The toolformer harness. */
export const DUNE_TOOLFORMER: DuneHarness = {
  style: 'toolformer',
  protocol: 'text',
  system: `You can use tools by writing an API call inline in your text, in square brackets: [Shell("command")] runs a command on ${HOST} as root, [Read("path")] returns a file, [Write("path", "text")] replaces one. Write the calls where their results belong in your sentence; the results come back as [Call → result]. You are investigating the transfer latency of the Lacag mobile-money switch in Mogadishu (switchd, ${ROOT}, Go 1.22, bpftrace 0.20, perf). The SRE writes Somali.`,
  tools: ['Shell', 'Read', 'Write'],
  renderStep: (s, _ids, n) => render(s, n),
  renderResults: (s) => results(s),
  resultStart: /^\[(?:Shell|Read|Write)\("/,
  callMark: /\[(?:Shell|Read|Write)\("/g,
  resultMark: /^\[(?:Shell|Read|Write)\("/gm,
  noise: tNoise,
  big: tBig,
  followUp: (rng) =>
    rng.pick([
      'Latency-gu ma hagaagay?',
      'bpftrace hadda maxay leedahay?',
      'Fadlan mar kale cabbir.',
      'Maxaad beddeshay?',
      'Hagaag, maxaa haray?',
      'Weli khaladaad ma jiraan?',
    ]),
  keepGoing: (rng) => rng.pick(['Sii wad.', 'Sii wad, ha joojin.', 'Sii wad ilaa aad sababta hesho.']),
  answer: (rng) =>
    rng.pick([
      `Waa la dhammeeyay: p99-ku hadda waa ${rng.int(180, 290)} ms.`,
      'Done: the slow commits line up with the ledger pool waiting, not with the HSM.',
      'Waa la hagaajiyay. runqlat wali wuxuu muujinayaa dib-u-dhac yar, laakiin kuma xirna isbeddelkan.',
      'Si kooban: wakhtiga wuxuu ku lumayaa sugitaanka pool-ka ledger-ka.',
    ]),
  probe: (rng) => rng.pick(['Sii wad.', 'Ka sii wad meeshii aad joogtay.', 'Maxaa xiga?']),
  planters: PLANTERS,
};
