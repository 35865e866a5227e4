/**
 * The values a listing showed (an environment, a config file, a table, a log of commits): an
 * agent reads them once and may need one much later, after the output was archived and the
 * range summarized. The summary keeps a listing's specific lines — those naming something said
 * nowhere else — read from the full output the digest refers to, and not its boilerplate.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { extractiveSummary } from '../../../src/activities/summarizers/extractive';
import { capitalNames, namedLines, namingFragments, valueLines } from '../../../src/activities/summarizers/values';
import { notedLines } from '../../../src/activities/summarizers/pasted';
import { archivedListings } from '../../../src/activities/summarize';
import { toolDigest } from '../../../src/context/digest';
import { tokenCounter, type TokenCounter } from '../../../src/activities/tokenizer';
import type { ChatMessage, ContentRef, ToolResultMeta } from '../../../src/context/types';
import { MemoryStore } from '../../../src/store';
import { toolSteps, user } from '../../support/chat-steps';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await tokenCounter('o200k_base');
});

const ENV = [
  'HOME=/home/dev',
  'PATH=/usr/local/bin:/usr/bin:/bin',
  'LANG=C.UTF-8',
  'LOG_LEVEL=info',
  'SERVICE_NAME=checkout',
  'LEDGER_UPSTREAM_URL=http://10.20.30.40:7541',
  'WORKER_CONCURRENCY=8',
  'TERM=xterm-256color',
].join('\n');

describe('valueLines', () => {
  it("reads an environment's settings, not the shell's own variables", () => {
    expect(valueLines(ENV)).toEqual([
      'LOG_LEVEL=info',
      'SERVICE_NAME=checkout',
      'LEDGER_UPSTREAM_URL=http://10.20.30.40:7541',
      'WORKER_CONCURRENCY=8',
    ]);
  });

  it('reads keys written in any script (place names, accented words) as keys', () => {
    const landings = ['Neiafu: 19024 kg', 'ʻOhonua: 87236 kg', 'Nukuʻalofa: 3943862 kg'];
    expect(valueLines(['Landings by port, kg', ...landings, '(from 3503 landings)'].join('\n'))).toEqual(landings);
    expect(valueLines('Zürich: 12\nSão Paulo : 40\n東京: 5')).toEqual(['Zürich: 12', 'São Paulo : 40', '東京: 5']);
  });

  it("reads a database client's result sets, one or two columns under a rule, as column: cell", () => {
    // (cqlsh: two result sets, each one column; the footer counts rows, it states no value)
    const cql = [
      '',
      ' [applied]',
      '-----------',
      '      True',
      '',
      '                            booking_id ',
      '---------------------------------------',
      '  36355e5d-31f5-4dde-bc5f-0d2ad3ca84a9 ',
      '',
      '(1 rows)',
    ].join('\n');
    expect(valueLines(cql)).toEqual(['[applied]: True', 'booking_id: 36355e5d-31f5-4dde-bc5f-0d2ad3ca84a9']);
    // (MySQL's drawn set of one row: its closing rule and `1 row in set` end it)
    const mysql = [
      '+----------+',
      '| count(*) |',
      '+----------+',
      '|     1834 |',
      '+----------+',
      '1 row in set (0.00 sec)',
    ];
    expect(valueLines(mysql.join('\n'))).toEqual(['count(*): 1834']);
    // (psql's two columns: rows as printed, the header no value)
    expect(valueLines(' route_id | seats_left \n----------+------------\n BIA-MRS  |         42\n(1 row)')).toEqual([
      'BIA-MRS  |         42',
    ]);
    // (a heading underlined in a document is no header: its prose states no value)
    expect(valueLines('Decisions\n---------\nWe keep the pooled driver.\nThe schema stays as it is.')).toEqual([]);
    // (sqlcmd: a cell as wide as its column stands one space from the next; the rule says where columns start)
    const sqlcmd = ['Warehouse    MilledKg', '------------ --------', 'Chanthabouly 7129395', 'Xaythany     6437868'];
    expect(valueLines([...sqlcmd, '', '(2 rows affected)'].join('\n'))).toEqual([
      'Warehouse: Chanthabouly, MilledKg: 7129395',
      'Warehouse: Xaythany, MilledKg: 6437868',
    ]);
  });

  it('reads tables (typed or drawn) and logs of commits', () => {
    const ps = [
      'CONTAINER ID   IMAGE            STATUS          PORTS                    NAMES',
      '8834b2991a50   acme/api:8.0     Up 29 minutes   0.0.0.0:3718->3202/tcp   svc-api-1',
      'cdf755893928   acme/worker:6.1  Up 20 minutes   0.0.0.0:7633->8080/tcp   worker-2',
    ].join('\n');
    // (a row that starts with an id is kept as printed; the header names no value)
    expect(valueLines(ps)).toEqual([
      '8834b2991a50   acme/api:8.0     Up 29 minutes   0.0.0.0:3718->3202/tcp   svc-api-1',
      'cdf755893928   acme/worker:6.1  Up 20 minutes   0.0.0.0:7633->8080/tcp   worker-2',
    ]);
    const svc = [
      'NAME       TYPE           CLUSTER-IP    EXTERNAL-IP            PORT(S)',
      'ledger-db  ExternalName   <none>        db-01.int.example.net  5432/TCP',
    ].join('\n');
    // (a row as printed: a needle may span its columns)
    expect(valueLines(`${svc}\n${svc.split('\n')[1]?.replace('ledger', 'orders') ?? ''}`)).toContain(
      'ledger-db  ExternalName   <none>        db-01.int.example.net  5432/TCP',
    );
    const sql = [
      '┌─────────┬────────┐',
      '│ channel │ users  │',
      '├─────────┼────────┤',
      '│ web     │ 1812   │',
      '│ ios     │ 4363   │',
      '│ all     │ 29855  │',
      '└─────────┴────────┘',
    ].join('\n');
    // (a drawn row as the tool printed it, its bars too: it is found again as it was)
    expect(valueLines(sql)).toEqual(['│ web     │ 1812   │', '│ ios     │ 4363   │', '│ all     │ 29855  │']);
    const log = [
      '94ac582 chore(client): map client timeouts',
      'ba2e179 test(sku): format route handling',
      '7718e93 feat(refund): build metric timeouts',
    ].join('\n');
    expect(valueLines(log)).toHaveLength(3);
  });

  it('reads every setting of a config file, however few, through a viewer numbering its lines', () => {
    const yaml =
      '     1\tserver:\n     2\t  port: 8000\n     3\t# the pool\n     4\tdatabase:\n     5\t  pool_size: 27';
    expect(valueLines(yaml, 'config/app.yaml')).toEqual(['port: 8000', 'pool_size: 27']);
    // the same lines in an output that is mostly something else are no listing
    expect(valueLines(`${'Compiling the crate, this takes a while.\n'.repeat(6)}port: 8000`)).toEqual([]);
  });

  it('reads the pairs of an inline table or a one-line record as written, and keys of a few words aligned', () => {
    const lock =
      '1: packages = [\n2:   { name = "wisp", version = "1.2.0", requirements = ["gleam_http", "mist"], source = "hex", outer_checksum = "8A7EBBE8E201C7F3FF99CCED4D5A0CC737E7F2364C4076D6C5882A9132CD9BF3" },\n3: ]';
    expect(valueLines(lock, 'manifest.toml')).toContain(
      'outer_checksum = "8A7EBBE8E201C7F3FF99CCED4D5A0CC737E7F2364C4076D6C5882A9132CD9BF3"',
    );
    const records = '{"name": "Bergen", "stationId": "6748829", "lat": 60.398}\n{"name": "Bodø", "stationId": "BOO"}';
    expect(valueLines(records)).toEqual([
      '"name": "Bergen"',
      '"stationId": "6748829"',
      '"lat": 60.398',
      '"name": "Bodø"',
      '"stationId": "BOO"',
    ]);
    // (a one-line reply alone is no listing: a search's results would fill the section)
    expect(
      valueLines('[{"url": "https://a.example/x", "score": 0.43}, {"url": "https://b.example/y", "score": 0.9}]'),
    ).toEqual([]);
    const crc = 'frame_07.bin: 1023 bits\npolynomial   : 16#04C11DB7#\nexpected CRC : 16#6979414#\nOK';
    expect(valueLines(crc)).toContain('expected CRC : 16#6979414#');
    // (a sentence with a colon is no key of a few words)
    expect(valueLines('The fix we need here: a lock\nSee the notes below: none')).toEqual([]);
  });

  it('leaves code, prose and a harness wrapper out', () => {
    const code = [
      'def load(path):',
      '    with open(path) as f:',
      '        data = json.load(f)',
      '    return data',
      'class Loader:',
      '    retries = 3',
    ].join('\n');
    expect(valueLines(code)).toEqual([]);
    expect(
      valueLines('The export stalls on archived rows.\nIt started after the March release.\nNobody owns it.'),
    ).toEqual([]);
    const wrapped = `Command: printenv\nDirectory: (root)\nStdout: ${ENV}\nStderr: (empty)\nError: (none)\nExit Code: 0`;
    const lines = valueLines(wrapped);
    expect(lines).toContain('LEDGER_UPSTREAM_URL=http://10.20.30.40:7541');
    expect(lines.join('\n')).not.toMatch(/Stderr|Error: \(none\)|Directory/);
  });

  it("reads a search's matches by the line each found: code is no value, a setting or a comment is", () => {
    const code = [
      'src/si/ci/Helm.groovy:17:        withMaven(maven: env.MAVEN) {',
      'src/si/ci/Git.groovy:58:        slackSend(channel: "#builds", message: msg)',
      'prolog/rooms.pl:193:    S #\\= S2,',
      'vars/deployStage.groovy:72:        lock(resource: "deploy-${env}") {',
    ].join('\n');
    expect(valueLines(code)).toEqual([]);
    const settings = [
      'config/db.yml:14:  pool_max: 37',
      'config/db.yml:15:  statement_timeout_ms: 13404',
      'deploy/.env.prod:3:LEDGER_UPSTREAM_URL=http://10.20.30.40:7541',
      'CMakeLists.txt:16:# BM_resample/4096',
    ].join('\n');
    expect(valueLines(settings)).toEqual(settings.split('\n'));
  });
});

const step = toolSteps('v');

/** Routine steps: tests run and pass, files are read (none of them a listing). */
function routine(n: number): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (let i = 0; i < n; i += 1)
    out.push(
      ...step('bash', { cmd: `go test ./pkg/ingest/... -run TestFile${i}` }, `ok  \texample.com/ingest\t1.${i % 10}s`),
    );
  return out;
}

/** Another listing with the same shape and common keys, so that only its specific line is rare. */
const OTHER_ENV = ENV.replace('LEDGER_UPSTREAM_URL=http://10.20.30.40:7541', 'CACHE_TTL_S=300');

function meta(output: string, ref: ContentRef): ToolResultMeta {
  const lines = output.split('\n');
  return {
    toolName: 'bash',
    status: 'ok',
    exitCode: 0,
    outputBytes: Buffer.byteLength(output),
    outputLines: lines.length,
    truncated: false,
    fullOutputRef: ref,
    binary: false,
    firstLine: lines[0] as string,
    lastLine: lines.at(-1) as string,
  };
}

describe('the values of a listing in the summary', () => {
  it('keeps its specific line, not the lines every listing of the session shows', () => {
    const messages: ChatMessage[] = [
      user('Find out why the checkout worker cannot reach the ledger.'),
      ...step('bash', { cmd: 'printenv' }, ENV),
      ...routine(30),
      ...routine(30),
      // the same environment read three more times without the ledger's line: the rest is common
      ...step('bash', { cmd: 'printenv' }, OTHER_ENV),
      ...step('bash', { cmd: 'env | sort' }, `${OTHER_ENV}\nA=1`),
      ...step('bash', { cmd: 'env' }, `${OTHER_ENV}\nB=2`),
      ...routine(10),
    ];
    const out = extractiveSummary(messages, undefined, counter, 900).text;
    expect(out).toContain('## Values seen in outputs');
    expect(out).toContain('LEDGER_UPSTREAM_URL=http://10.20.30.40:7541');
    expect(out).not.toContain('SERVICE_NAME=checkout'); // in both listings: nothing specific
  });

  it('reads them from the full output when a digest replaced it, and keeps them through a merge', async () => {
    const store = new MemoryStore();
    const ref = await store.put(ENV);
    const digest = toolDigest({ result: meta(ENV, ref), keyArgs: { cmd: 'printenv' } });
    expect(digest).not.toContain('LEDGER_UPSTREAM_URL');
    const messages: ChatMessage[] = [
      user('Find out why the checkout worker cannot reach the ledger.'),
      ...step('bash', { cmd: 'printenv' }, digest),
      ...routine(30),
    ];
    const fullOutputs = await archivedListings(store, messages);
    expect([...fullOutputs.keys()]).toEqual([ref]);
    const first = extractiveSummary(messages, undefined, counter, 900, { fullOutputs }).text;
    expect(first).toContain('LEDGER_UPSTREAM_URL=http://10.20.30.40:7541');
    // without the full output there is nothing to read the values from
    expect(extractiveSummary(messages, undefined, counter, 900).text).not.toContain('LEDGER_UPSTREAM_URL');
    const merged = extractiveSummary(routine(20), first, counter, 900).text;
    expect(merged).toContain('## Values seen in outputs');
    expect(merged).toContain('LEDGER_UPSTREAM_URL=http://10.20.30.40:7541');
  });

  it('reads back only small outputs that did not fail, and skips what the store lost', async () => {
    const store = new MemoryStore();
    const small = await store.put(ENV);
    const big = `${ENV}\n${'X_PAD=1\n'.repeat(4000)}`;
    const bigRef = await store.put(big);
    const failed = await store.put('error: could not connect');
    const lost = `sha256:${'c'.repeat(64)}` as ContentRef;
    const digestOf = (output: string, ref: ContentRef, extra: Partial<ToolResultMeta> = {}) =>
      toolDigest({ result: { ...meta(output, ref), ...extra }, keyArgs: { cmd: 'x' } });
    const messages: ChatMessage[] = [
      ...step('bash', { cmd: 'a' }, digestOf(ENV, small)),
      ...step('bash', { cmd: 'b' }, digestOf(big, bigRef)),
      ...step(
        'bash',
        { cmd: 'c' },
        digestOf('error: could not connect', failed, {
          status: 'error',
          exitCode: 1,
          evidence: ['error: could not connect'],
        }),
      ),
      ...step('bash', { cmd: 'd' }, digestOf(ENV, lost)),
    ];
    expect([...(await archivedListings(store, messages)).keys()]).toEqual([small]);
  });
});

/** A listing every row of which names something said nowhere else (an id, a figure): rarity chooses none of them. */
function devices(n: number, booted: number): string {
  const hex = (k: number, w: number) =>
    ((k * 2654435761) >>> 0).toString(16).padStart(8, '0').slice(0, w).toUpperCase();
  const rows = Array.from(
    { length: n },
    (_, k) =>
      `    ${k === booted ? 'iPhone 15 Pro Max' : `iPad Air (${k}th generation)`} (${hex(k + 1, 8)}-${hex(k + 7, 4)}-4${hex(k + 3, 3)}-A${hex(k + 5, 3)}-${hex(k + 9, 8)}${hex(k + 11, 4)}) (${k === booted ? 'Booted' : 'Shutdown'})`,
  );
  return ['== Devices ==', '-- iOS 17.5 --', ...rows].join('\n');
}

describe('the lines of a listing the agent named next', () => {
  it('are found by a fragment of an identifier, case aside; a fragment in many lines names none', () => {
    const lines = ['web-1  10.0.4.17  running  2024', 'web-2  10.0.4.18  running  2024', 'db-1  10.0.9.3  2024'].join(
      '\n',
    );
    expect(namingFragments('Using web-2 at 10.0.4.18 since 2024; see 3fdffb7a…')).toEqual(['2024', '3fdffb7a']);
    expect(namedLines(lines, namingFragments('Using 10.0.4.18 from here on'))).toEqual([]); // (no fragment)
    expect(namedLines(lines, ['2024'])).toEqual([]); // (in all three: a word the output repeats)
    expect(namedLines('  x  3FDFFB7A-763A  (Booted)\n  y  7F6386E5-B103', ['3fdffb7a'])).toEqual([
      'x  3FDFFB7A-763A  (Booted)',
    ]);
    const accounts = '| acct_1Nmq0t3QFWNBVT | live |\n| acct_1Nzz9k2QQQ | test |';
    expect(namedLines(accounts, ['mq0t3'])).toEqual(['| acct_1Nmq0t3QFWNBVT | live |']);
    // a long line is cut around what names it
    const long = namedLines(`${'x'.repeat(900)} id=ab12cd ${'y'.repeat(900)}`, ['ab12cd'])[0] as string;
    expect(long).toContain('id=ab12cd');
    expect(long.length).toBeLessThanOrEqual(200);
    expect(namingFragments(`${'a1'.repeat(40_000)} b2c3`)).toEqual([]); // (one long run, beyond 64 characters)
  });

  it('are kept whole, ahead of the listings nobody named, wherever they stand in it', () => {
    const listing = devices(30, 17);
    const booted = (listing.split('\n')[19] as string).trim();
    const fragment = /\(([0-9A-F]{8})-/.exec(booted)?.[1] as string;
    const messages: ChatMessage[] = [
      user('Get the checkout UI tests green on a simulator.'),
      ...step('bash', { cmd: 'xcrun simctl list devices' }, listing),
      { role: 'assistant', content: `Using the booted simulator ${fragment.toLowerCase()}… for the UI test runs.` },
      ...routine(12),
      // other listings after it, each with rows as specific as its own
      ...step('bash', { cmd: 'xcrun simctl list devices --json-less' }, devices(30, 99)),
      ...step('bash', { cmd: 'xcrun simctl list runtimes' }, devices(30, 98)),
      ...routine(20),
    ];
    const out = extractiveSummary(messages, undefined, counter, 700).text;
    expect(out).toContain(booted);
    expect(out).toMatch(/\n- bash: xcrun simctl list devices \(used next\): [^\n]*iPhone 15 Pro Max/);
    // a merge ranks it as it was ranked: above the listings nobody named, read after it
    const env = (k: number) => `SIM_POOL_${k}=pool-${k * 7919}\nSIM_HOST_${k}=host-${k * 104729}.lab\nLOG_LEVEL=info`;
    const later: ChatMessage[] = [];
    for (let k = 0; k < 12; k += 1) later.push(...step('bash', { cmd: `printenv # ${k}` }, env(k)));
    later.push(...routine(10));
    const merged = extractiveSummary(later, out, counter, 450).text;
    expect(merged).toContain('SIM_POOL_11'); // (the newest listings fit beside it)
    expect(merged).toContain(booted);
    // without the naming, no rarity tells its line from the rest
    const unnamed = messages.filter((m) => !(m.content ?? '').startsWith('Using the booted'));
    expect(extractiveSummary(unnamed, undefined, counter, 700).text).not.toContain(booted);
  });
});

describe('a name in capitals the agent gives next', () => {
  it('is a label, a setting or a constant; shouting, acronyms and keywords are none', () => {
    expect(capitalNames('TIDEWAY noted; a fit to start from.')).toEqual(['TIDEWAY']);
    expect(capitalNames('Set DATABASE_URL and MAX_RETRIES; the ERROR is gone, README updated')).toEqual([
      'DATABASE_URL',
      'MAX_RETRIES',
    ]);
    expect(capitalNames('The header says DO NOT EDIT THIS FILE, so I will not.')).toEqual([]);
    expect(capitalNames('SELECT count(*) FROM users WHERE TRUE')).toEqual([]);
    expect(capitalNames('see /usr/LOCAL/BIN and settings.CONFIG')).toEqual([]); // (pieces of paths)
    expect(capitalNames('no name here at all')).toEqual([]);
  });

  it("keeps the line of an output the agent names that way, which nothing else tells from the file's other lines", () => {
    const readme = [
      '# Lifetime analysis',
      '',
      '- Run files in data/, one per night',
      '- TIDEWAY: widget ids come from the registry service in batches',
      '- Figures in fig/',
      '- Tables in tables/',
    ].join('\n');
    const messages: ChatMessage[] = [
      user('Add a second fit to the lifetime analysis.'),
      ...step('bash', { cmd: 'cat README.md' }, readme),
      { role: 'assistant', content: 'TIDEWAY noted; a fit to start from.' },
      ...routine(30),
    ];
    const out = extractiveSummary(messages, undefined, counter, 400).text;
    expect(out).toMatch(/cat README\.md \(used next\): - TIDEWAY: widget ids come from the registry service/);
    // without the naming, the line is one of the file's many
    const unnamed = messages.filter((m) => !(m.content ?? '').startsWith('TIDEWAY noted'));
    expect(extractiveSummary(unnamed, undefined, counter, 400).text).not.toContain('TIDEWAY');
  });
});

describe('the lines of a failed output, or of one a long write copies from, named next', () => {
  const MISMATCH = [
    "building '/nix/store/6l5m2vk5iwj9hxqxbglk2rzqlf5538id-source.drv'...",
    "error: hash mismatch in fixed-output derivation '/nix/store/6l5m2vk5iwj9hxqxbglk2rzqlf5538id-source.drv':",
    '         specified: sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    '            got:    sha256-q0tWm3yd6BDVOgkxbRvqD0ZPWYxPoVEH6o/NjhJkyhw=',
    "error: 1 dependencies of derivation '/nix/store/b39hsgs2dm77vpblza9isfaax448rvgq-ledger-api-2.3.0.drv' failed to build",
  ].join('\n');
  const REV = '0681784944b8f6089c4736c55281ae607c923f75';
  const nixFile = (rev: string) =>
    [
      '{ buildGoModule, fetchFromGitHub }:',
      'buildGoModule rec {',
      '  pname = "ledger-api";',
      '  version = "2.3.0";',
      `  src = fetchFromGitHub { owner = "acme"; repo = "ledger-api"; rev = "${rev}"; hash = ""; };`,
      '  vendorHash = null;',
      '  ldflags = [ "-s" "-w" "-X main.version=${version}" ];',
      '  meta.mainProgram = "ledger-api";',
      '}',
    ].join('\n');

  it('keeps the hash a mismatch reported and the rev a written file copies (JSON-escaped), marked as used next', () => {
    const messages: ChatMessage[] = [
      user('Package ledger-api 2.3.0 with buildGoModule in the flake.'),
      ...step(
        'bash',
        { cmd: 'git ls-remote https://github.com/acme/ledger-api refs/tags/v2.3.0' },
        `${REV}\trefs/tags/v2.3.0`,
      ),
      ...step('write_file', { path: 'pkgs/ledger-api.nix', content: nixFile(REV) }, 'wrote 402 bytes'),
      ...step('bash', { cmd: 'nix build .#ledger-api' }, MISMATCH),
      ...step(
        'bash',
        {
          cmd: `sed -i 's|hash = "";|hash = "sha256-q0tWm3yd6BDVOgkxbRvqD0ZPWYxPoVEH6o/NjhJkyhw=";|' pkgs/ledger-api.nix`,
        },
        '',
      ),
      ...routine(12),
    ];
    const out = extractiveSummary(messages, undefined, counter, 900).text;
    // the hash is the mismatch's own line (an error item), not a value; `sha256` names no line
    expect(out).toMatch(
      /## Errors\n[^\n]*hash mismatch[^\n]*got: +sha256-q0tWm3yd6BDVOgkxbRvqD0ZPWYxPoVEH6o\/NjhJkyhw=/,
    );
    expect(out).not.toMatch(/\(used next\): specified/);
    expect(out).toMatch(new RegExp(`git ls-remote [^\\n]*\\(used next\\): ${REV}`));
    // a long write's shorter numbers name nothing: a file that copies no id marks no line
    const plain = messages.map((m) =>
      m.tool_calls?.[0]?.function.name === 'write_file'
        ? {
            ...m,
            tool_calls: [
              {
                ...m.tool_calls[0],
                function: {
                  name: 'write_file',
                  arguments: JSON.stringify({ path: 'pkgs/ledger-api.nix', content: nixFile('v2.3.0') }),
                },
              },
            ],
          }
        : m,
    ) as ChatMessage[];
    expect(extractiveSummary(plain, undefined, counter, 900).text).not.toMatch(/git ls-remote [^\n]*\(used next\)/);
  });
});

describe('the lines of a failed output named next', () => {
  it('are its value item, its failure lines aside', () => {
    const failed = [
      '╷',
      "│ Error: creating EC2 Instance: InvalidSubnetID.NotFound: The subnet ID 'subnet-0a1b2c3d' does not exist",
      '│ ',
      '│   with aws_instance.ledger,',
      '│   on main.tf line 12, in resource "aws_instance" "ledger":',
      '╵',
      'Subnets of vpc-0f9e8d7c6b5a4e3d2:',
      '  subnet-04c2e9a1f7b3d5e68  eu-west-1a  10.0.1.0/24',
      '  subnet-0b7d1e3c5a9f2e410  eu-west-1b  10.0.2.0/24',
      '  subnet-0e5f2a8b1c4d7e936  eu-west-1c  10.0.3.0/24',
    ].join('\n');
    const messages: ChatMessage[] = [
      user('Bring the ledger instance up in eu-west-1.'),
      ...step('bash', { cmd: 'terraform apply -auto-approve' }, failed),
      { role: 'assistant', content: 'The subnet in main.tf is stale; moving the instance to 0b7d1e3c5a9f2e410.' },
      ...routine(12),
    ];
    const out = extractiveSummary(messages, undefined, counter, 900).text;
    expect(out).toMatch(/terraform apply -auto-approve \(used next\): subnet-0b7d1e3c5a9f2e410 +eu-west-1b/);
    expect(out).toContain('InvalidSubnetID.NotFound');
    expect(out).not.toMatch(/\(used next\): [^\n]*InvalidSubnetID/);
  });
});

describe('what the agent writes down', () => {
  const ADR = [
    '# 7. Offline cache store',
    '',
    '## Context',
    '',
    'The mobile client needs an offline cache; IndexedDB and a flat JSON file were looked at.',
    '',
    '## Decision',
    '',
    'We will use SQLite through the platform bindings for the offline cache.',
    '',
    '## Consequences',
    '',
    'Schema migrations must ship with the app release.',
  ].join('\n');

  it("reads a prose document's statements, with its file, from a write or an added patch", () => {
    const patch = `*** Begin Patch\n*** Add File: docs/adr/0007-offline-cache.md\n${ADR.split('\n')
      .map((l) => `+${l}`)
      .join('\n')}\n*** End Patch`;
    for (const args of [{ path: 'docs/adr/0007-offline-cache.md', content: ADR }, { input: patch }]) {
      const messages: ChatMessage[] = [
        user('Pick a store for the offline cache and write it down.'),
        ...step(args.input ? 'apply_patch' : 'write_file', args, 'ok'),
        ...routine(30),
      ];
      const out = extractiveSummary(messages, undefined, counter, 600).text;
      expect(out).toContain('We will use SQLite through the platform bindings for the offline cache.');
      expect(out).toContain('Schema migrations must ship with the app release.');
    }
  });

  it('does not read code it writes as statements', () => {
    // (a file larger than a small edit, whose lines the summary would show as they are)
    const body = Array.from({ length: 30 }, (_, k) => `  const v${k} = db.get(path, ${k});`).join('\n');
    const code = `export function open(path: string) {\n  log.info('We will use SQLite for the offline cache.');\n${body}\n  return db(path);\n}\n`;
    const messages: ChatMessage[] = [
      user('Add the cache.'),
      ...step('write_file', { path: 'src/cache.ts', content: code }, 'ok'),
    ];
    const out = extractiveSummary(messages, undefined, counter, 600).text;
    expect(out).toContain('src/cache.ts');
    expect(out).not.toContain('We will use SQLite');
  });

  it("keeps a commit's message: what it chose, else what it did", () => {
    const messages: ChatMessage[] = [
      user('Fix the eviction.'),
      ...step(
        'bash',
        { command: `git commit -am 'Adopt the token bucket for rate limiting (was: fixed window)'` },
        'ok',
      ),
      ...step(
        'bash',
        { command: 'git add -A && git commit -m "fix(cache): evict least recently used keys first"' },
        'ok',
      ),
      ...routine(30),
    ];
    const out = extractiveSummary(messages, undefined, counter, 600).text;
    expect(out).toMatch(/## Decisions and progress[\s\S]*fix\(cache\): evict least recently used keys first/);
    expect(out).toContain('Adopt the token bucket for rate limiting (was: fixed window)');
  });
});

describe('an archived document read back', () => {
  it('gives its rules, not only the few its digest noted', async () => {
    const rules = [
      '# AGENTS.md',
      '',
      '## Rules',
      '- Configuration comes from environment variables, never hard-coded.',
      '- Error messages start with a lowercase letter.',
      '- Every public function needs a doc comment.',
      '- Prefer small pull requests; one concern per commit.',
      '- Never write to the ledger_entries table directly.',
      '- Run the formatter before committing.',
    ].join('\n');
    const store = new MemoryStore();
    const ref = await store.put(rules);
    const digest = toolDigest({
      result: { ...meta(rules, ref), noted: notedLines(rules) },
      keyArgs: { path: 'AGENTS.md' },
    });
    expect(digest).not.toContain('ledger_entries'); // (the digest notes the first few)
    const messages: ChatMessage[] = [
      user('Add the refund endpoint.'),
      ...step('read_file', { path: 'AGENTS.md' }, digest),
      ...routine(30),
    ];
    const fullOutputs = await archivedListings(store, messages);
    const out = extractiveSummary(messages, undefined, counter, 900, { fullOutputs }).text;
    expect(out).toContain('Never write to the ledger_entries table directly.');
    expect(extractiveSummary(messages, undefined, counter, 900).text).not.toContain('ledger_entries');
  });
});

describe("a harness's tool results sent as user messages (Cline, Roo)", () => {
  const env = '<environment_details>\n# Current Time\n2025-03-02 10:00\n</environment_details>';
  it('are read as tool outputs, and only the words the user wrote in them are requests', () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'You are a coding agent. Call tools with XML tags.' },
      user(`<task>\nMake the invoice export skip archived rows.\n</task>\n${env}`),
      { role: 'assistant', content: '<execute_command>\n<command>npm test</command>\n</execute_command>' },
      user(
        `[execute_command for 'npm test'] Result:\nCommand executed.\nOutput:\nFAIL src/export.test.ts\n  ● export › skips archived rows\n    TypeError: Cannot read properties of undefined (reading 'archivedAt')\nTests: 1 failed, 41 passed\n\n${env}`,
      ),
      { role: 'assistant', content: '<read_file>\n<path>src/export.ts</path>\n</read_file>' },
      user(`[read_file for 'src/export.ts'] Result:\nexport function rows() {\n  return db.all();\n}\n\n${env}`),
      {
        role: 'assistant',
        content: '<ask_followup_question>\n<question>Which database?</question>\n</ask_followup_question>',
      },
      user(
        `[ask_followup_question for 'Which database?'] Result:\n<answer>\nPostgres 15, never SQLite.\n</answer>\n\n${env}`,
      ),
      ...routine(10),
    ];
    const out = extractiveSummary(messages, undefined, counter, 900).text;
    const requests = /## User requests\n([\s\S]*?)\n\n/.exec(out)?.[1] ?? '';
    expect(requests).toContain('Make the invoice export skip archived rows.');
    expect(out).toContain('Postgres 15, never SQLite.');
    expect(requests).not.toContain('Result:');
    expect(out).toMatch(/## Errors\n[\s\S]*execute_command: npm test: [^\n]*archivedAt/);
    expect(out).toMatch(/## Files read[^\n]*\n[^\n]*src\/export\.ts/);
  });

  it('are outputs too when one opens a range cut inside a long turn (after an earlier summary)', () => {
    // (a compaction inside an autonomous turn: the range's first user message is a result, not the goal)
    const earlier =
      '[Previous conversation summary]\n\n## User requests\n- Make the invoice export skip archived rows.';
    const messages: ChatMessage[] = [
      user(
        `[execute_command for 'npm test'] Result:\nCommand executed.\nOutput:\nFAIL src/export.test.ts\n  ● export › skips archived rows\n    TypeError: Cannot read properties of undefined (reading 'archivedAt')\nTests: 1 failed, 41 passed\n\n${env}`,
      ),
      { role: 'assistant', content: '<read_file>\n<path>src/export.ts</path>\n</read_file>' },
      user(`[read_file for 'src/export.ts'] Result:\nexport function rows() {\n  return db.all();\n}\n\n${env}`),
      ...routine(10),
    ];
    const out = extractiveSummary(messages, earlier, counter, 900).text;
    const requests = /## User requests\n([\s\S]*?)\n\n/.exec(out)?.[1] ?? '';
    expect(requests).toContain('Make the invoice export skip archived rows.');
    expect(requests).not.toContain('Result:');
    expect(out).toMatch(/## Errors\n[\s\S]*execute_command: npm test: [^\n]*archivedAt/);
  });
});

describe('a document a script reads', () => {
  it('is read as the document it names, not as the directory the script changes to first', () => {
    const conventions = [
      '# Group conventions',
      '',
      '- Pseudopotentials come from the SSSP efficiency set only.',
      '- outdir is ./tmp on the scratch disk, never the home directory.',
      '- Results go in out/ with the input beside them.',
    ].join('\n');
    const messages: ChatMessage[] = [
      user('Relax the chalcopyrite cell.'),
      ...step('bash', { cmd: 'cd /home/wayra/calc && cat CONVENTIONS.md' }, conventions),
      ...routine(4),
    ];
    const out = extractiveSummary(messages, undefined, counter, 900).text;
    expect(out).toContain('outdir is ./tmp on the scratch disk, never the home directory.');
  });
});

describe('hostile outputs', () => {
  it('are read in bounded work: unclosed blocks, a long line of arrows, a huge listing, a flood of namings', () => {
    const unclosed = `[execute_command for 'x'] Result:\n${'<answer> '.repeat(20_000)}`;
    const arrows = `${')->'.repeat(6_000)}:\n`.repeat(2);
    const huge = Array.from({ length: 50_000 }, (_, k) => `KEY_${k}=v${k}`).join('\n');
    expect(valueLines(arrows)).toEqual([]);
    // (a long line of dashes that is no rule, under a line that could be a header: one way to read it)
    expect(valueLines(`count\n${'-'.repeat(5_000)}!\n12\n13`)).toEqual([]);
    expect(valueLines(huge)).toHaveLength(40); // (the first lines of the first 16 KB)
    const messages: ChatMessage[] = [user('Start.'), user(unclosed), ...step('bash', { cmd: 'env' }, huge)];
    expect(extractiveSummary(messages, undefined, counter, 600).text).toContain('## User requests');
    // every message naming a thousand fragments, every output holding some of them in many lines
    const naming = Array.from({ length: 1_000 }, (_, k) => `a${k}b${k}`).join(' ');
    const rows = Array.from({ length: 1_600 }, (_, k) => `row a${k % 50}b${k % 50} value ${k}`).join('\n');
    const flood: ChatMessage[] = [user('Start.')];
    for (let k = 0; k < 300; k += 1)
      flood.push({ role: 'assistant', content: naming }, ...step('bash', { cmd: 'ls' }, rows));
    expect(extractiveSummary(flood, undefined, counter, 4_000).text).toContain('## User requests');
  });
});
