/**
 * Routine output of the far family: code files, directory trees, install logs with progress
 * bars, CI logs with ANSI colours and timestamps, JSON log lines, tables, long documents.
 * Words that planted facts use (never, only, TODO, error, port, decided…) also appear here in
 * places that state nothing, so that matching keywords does not find the facts.
 */
import { b62, hex } from './far-core';
import type { Rng } from './rng';

/** Common words of the noise; minted tokens must not occur inside any of them. */
export const WORDS = [
  'account',
  'adapter',
  'archive',
  'balance',
  'batch',
  'billing',
  'buffer',
  'builder',
  'cache',
  'channel',
  'checkout',
  'client',
  'cluster',
  'config',
  'context',
  'counter',
  'customer',
  'dataset',
  'default',
  'delivery',
  'device',
  'digest',
  'dispatch',
  'document',
  'encoder',
  'engine',
  'event',
  'export',
  'factory',
  'feature',
  'filter',
  'gateway',
  'handler',
  'header',
  'import',
  'invoice',
  'journal',
  'kernel',
  'ledger',
  'listener',
  'loader',
  'manifest',
  'mapper',
  'message',
  'metric',
  'monitor',
  'network',
  'notice',
  'option',
  'order',
  'package',
  'parser',
  'payload',
  'payment',
  'pipeline',
  'policy',
  'profile',
  'project',
  'provider',
  'queue',
  'reader',
  'record',
  'region',
  'registry',
  'release',
  'render',
  'report',
  'request',
  'resolver',
  'resource',
  'result',
  'router',
  'runner',
  'sampler',
  'schedule',
  'schema',
  'session',
  'settings',
  'shipment',
  'snapshot',
  'source',
  'storage',
  'stream',
  'summary',
  'supplier',
  'table',
  'target',
  'template',
  'tenant',
  'ticket',
  'timer',
  'token',
  'tracker',
  'transfer',
  'upload',
  'user',
  'validator',
  'vendor',
  'version',
  'widget',
  'worker',
  'writer',
  'relative',
  'navigate',
  'denominator',
  'moratorium',
  'terminate',
  'liability',
  'warranty',
  'indemnity',
  'governing',
  'confidential',
  'revenue',
  'forecast',
  'quarter',
  'variance',
  'margin',
  'pivot',
];

/** ANSI-coloured text (as CI logs and coloured terminals carry it). */
export function ansi(code: string, text: string): string {
  return `\u001b[${code}m${text}\u001b[0m`;
}

/** A word of the noise vocabulary. */
export function word(rng: Rng): string {
  return rng.pick(WORDS);
}

/** `n` noise words, snake_case. */
export function snake(rng: Rng, n = 2): string {
  return Array.from({ length: n }, () => word(rng)).join('_');
}

/** `n` noise words, PascalCase. */
export function pascal(rng: Rng, n = 2): string {
  return Array.from({ length: n }, () => {
    const w = word(rng);
    return w[0]?.toUpperCase() + w.slice(1);
  }).join('');
}

/** An ISO timestamp on 2024-05-14 (or a given day), with `frac` fractional digits. */
export function stamp(rng: Rng, day = '2024-05-14', frac = 3): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const f = frac ? `.${String(rng.int(0, 10 ** frac - 1)).padStart(frac, '0')}` : '';
  return `${day}T${p(rng.int(0, 23))}:${p(rng.int(0, 59))}:${p(rng.int(0, 59))}${f}Z`;
}

const CODE_LINES: Record<string, ((rng: Rng) => string)[]> = {
  py: [
    (r) => `    ${snake(r)} = self._${snake(r, 1)}.get(${JSON.stringify(word(r))}, None)`,
    (r) => `    if not ${snake(r, 1)}:\n        return ${r.pick(['[]', 'None', '{}'])}`,
    (r) => `def ${snake(r)}(self, ${word(r)}, *, ${word(r)}=None):`,
    (r) => `    # TODO: ${word(r)} ${word(r)} handling is not ${word(r)}-safe yet`,
    (r) => `    for ${word(r)} in ${snake(r)}:`,
    (r) => `        log.debug("${word(r)} %s -> %s", ${word(r)}, ${word(r)})`,
    (r) => `from .${word(r)} import ${pascal(r)}`,
    (r) => `    raise ${pascal(r)}Error(f"unknown ${word(r)}: {${word(r)}!r}")`,
  ],
  kt: [
    (r) => `    private val ${word(r)}${pascal(r, 1)} = MutableStateFlow<${pascal(r)}?>(null)`,
    (r) => `    fun ${word(r)}${pascal(r, 1)}(${word(r)}: String): Flow<${pascal(r, 1)}> = flow {`,
    (r) => `        emit(${word(r)}Repository.load(${word(r)}))`,
    (r) => `    // never called on the main thread in ${pascal(r, 1)}Fragment`,
    (r) => `import com.example.app.${word(r)}.${pascal(r)}`,
    (_r) => `    }.flowOn(Dispatchers.IO)`,
    (r) => `    @Inject lateinit var ${word(r)}${pascal(r, 1)}: ${pascal(r)}`,
  ],
  php: [
    (r) => `    public function ${word(r)}${pascal(r, 1)}(Request $request): JsonResponse`,
    (r) =>
      `        $${word(r)} = ${pascal(r, 1)}::query()->where('${word(r)}_id', $request->input('${word(r)}'))->first();`,
    (r) => `        return response()->json(['${word(r)}' => $${word(r)}]);`,
    (r) => `use App\\Models\\${pascal(r, 1)};`,
    (r) => `        // only admins may see ${word(r)} rows here`,
    (r) => `        $this->authorize('${word(r)}', $${word(r)});`,
  ],
  cpp: [
    (r) => `  auto ${word(r)} = std::make_unique<${pascal(r)}>(${word(r)}_);`,
    (r) => `  if (!${word(r)}) return absl::InvalidArgumentError("${word(r)}");`,
    (r) => `#include "${word(r)}/${snake(r)}.h"`,
    (r) => `  // TODO(${word(r)}): port this ${word(r)} loop to SIMD`,
    (r) => `  for (const auto& ${word(r)} : ${word(r)}s_) {`,
    (r) => `std::vector<${pascal(r, 1)}> ${pascal(r)}::${pascal(r, 1)}() const {`,
  ],
  sql: [
    (r) => `    ${snake(r)} as ${word(r)}_key,`,
    (r) => `    sum(${snake(r)}) as total_${word(r)},`,
    (r) => `from {{ ref('stg_${snake(r)}') }}`,
    (r) => `left join {{ ref('dim_${word(r)}') }} using (${word(r)}_id)`,
    (r) => `-- never filter ${word(r)} here, the mart does it`,
    (r) => `where ${word(r)}_at >= dateadd(day, -3, current_date)`,
  ],
  text: [
    (r) => `The ${word(r)} shall be delivered to the ${word(r)} within thirty (30) days of the ${word(r)} date.`,
    (r) => `Either party may ${word(r)} this ${word(r)} upon written notice to the other party.`,
    (r) => `Nothing in this section limits the ${word(r)} obligations described in Schedule ${r.int(1, 9)}.`,
    (r) => `The ${word(r)} ${word(r)} must never exceed the ${word(r)} cap stated in the Order Form.`,
  ],
};

/** A plausible source file of `lines` lines in `lang` (py, kt, php, cpp, sql, text), `insert` placed at `at` (0..1). */
export function codeFile(
  rng: Rng,
  lang: keyof typeof CODE_LINES,
  lines: number,
  insert: string[] = [],
  at = 0.5,
): string {
  const gens = CODE_LINES[lang] ?? CODE_LINES['py'] ?? [];
  const out: string[] = [];
  for (let i = 0; i < lines; i++) out.push(rng.pick(gens)(rng));
  out.splice(Math.floor(out.length * at), 0, ...insert);
  return out.join('\n');
}

/** A source file with line numbers, as `cat -n` or a read tool shows it. */
export function numbered(text: string, from = 1): string {
  return text
    .split('\n')
    .map((l, i) => `${String(i + from).padStart(6)}\t${l}`)
    .join('\n');
}

/** A directory listing (`ls -la` style) of `n` entries. */
export function lsLong(rng: Rng, names: string[]): string {
  const rows = names.map((n) => {
    const dir = !n.includes('.');
    return `${dir ? 'drwxr-xr-x' : '-rw-r--r--'}  ${rng.int(1, 9)} dev  staff  ${String(rng.int(96, 48000)).padStart(6)} May ${rng.int(1, 14)} ${rng.int(10, 23)}:${String(rng.int(0, 59)).padStart(2, '0')} ${n}`;
  });
  return [`total ${rng.int(40, 900)}`, ...rows].join('\n');
}

/** A `find`-like list of `n` paths under `root` with extension `ext`. */
export function pathList(rng: Rng, root: string, ext: string, n: number): string[] {
  return Array.from({ length: n }, () => `${root}/${word(rng)}/${snake(rng)}.${ext}`);
}

/** A progress bar line as pip, gradle or cargo draws it. */
export function bar(rng: Rng, label: string, pct: number): string {
  const w = 30;
  const full = Math.round((pct / 100) * w);
  return `${label} ${'█'.repeat(full)}${'░'.repeat(w - full)} ${pct}% ${(rng.next() * 9 + 1).toFixed(1)} MB/s eta 0:00:0${rng.int(0, 9)}`;
}

/** A package-install log of `n` packages (pip, npm, composer, cargo, gradle flavours). */
export function installLog(rng: Rng, kind: 'pip' | 'npm' | 'composer' | 'gradle' | 'conan', n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const pkg = `${word(rng)}-${word(rng)}`;
    const v = `${rng.int(0, 9)}.${rng.int(0, 30)}.${rng.int(0, 20)}`;
    if (kind === 'pip') {
      lines.push(
        `Collecting ${pkg}==${v}`,
        `  Downloading ${pkg.replace('-', '_')}-${v}-py3-none-any.whl (${rng.int(12, 900)} kB)`,
      );
      if (rng.chance(0.3)) lines.push(`     ${bar(rng, '', 100)}`);
    } else if (kind === 'npm') {
      if (rng.chance(0.2)) lines.push(`npm WARN deprecated ${pkg}@${v}: this package is no longer supported`);
    } else if (kind === 'composer') lines.push(`  - Installing ${word(rng)}/${pkg} (v${v}): Extracting archive`);
    else if (kind === 'gradle')
      lines.push(`Download https://repo.maven.apache.org/maven2/org/${word(rng)}/${pkg}/${v}/${pkg}-${v}.jar`);
    else lines.push(`${pkg}/${v}: Downloaded recipe revision ${hex(rng, 32)}`);
  }
  if (kind === 'pip')
    lines.push(`Successfully installed ${lines.length ? `${word(rng)}-${rng.int(1, 5)}.${rng.int(0, 9)}` : ''}`);
  if (kind === 'npm')
    lines.push(
      `\nadded ${rng.int(100, 1400)} packages, and audited ${rng.int(1400, 1600)} packages in ${rng.int(3, 59)}s`,
      `\n${rng.int(40, 200)} packages are looking for funding\n  run \`npm fund\` for details`,
      `\n${rng.int(0, 9)} vulnerabilities (${rng.int(0, 4)} moderate, ${rng.int(0, 3)} high)`,
    );
  if (kind === 'composer')
    lines.unshift(
      'Installing dependencies from lock file (including require-dev)',
      'Package operations: ' + n + ' installs, 0 updates, 0 removals',
    );
  return lines.join('\n');
}

/** JSON log lines of a service (level mostly info, a few warn/error lines that are routine). */
export function jsonLogs(rng: Rng, service: string, n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const level = rng.weighted([
      ['info', 8],
      ['debug', 3],
      ['warn', 1],
      ['error', 0.4],
    ] as const);
    const msg =
      level === 'error'
        ? `upstream ${word(rng)} timed out, retrying (attempt ${rng.int(1, 3)}/3)`
        : level === 'warn'
          ? `slow ${word(rng)} query took ${rng.int(800, 4000)}ms`
          : `${word(rng)} ${rng.pick(['accepted', 'processed', 'flushed', 'loaded', 'skipped'])}`;
    lines.push(
      JSON.stringify({
        ts: stamp(rng),
        level,
        service,
        msg,
        trace_id: hex(rng, 16),
        [`${word(rng)}_id`]: rng.int(1000, 999999),
        duration_ms: rng.int(1, 900),
      }),
    );
  }
  return lines.join('\n');
}

/** A markdown table. */
export function mdTable(headers: string[], rows: string[][]): string {
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

/** A boxed ASCII table (psql / snowsql / mysql style). */
export function boxTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = `+${widths.map((w) => '-'.repeat(w + 2)).join('+')}+`;
  const row = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [
    line,
    row(headers),
    line,
    ...rows.map(row),
    line,
    `${rows.length} row${rows.length === 1 ? '' : 's'} in set (0.${String(rows.length * 7).padStart(2, '0')} sec)`,
  ].join('\n');
}

/** Random rows for a table with `cols` columns: ids, amounts, names, dates. */
export function rows(rng: Rng, cols: number, n: number): string[][] {
  return Array.from({ length: n }, () =>
    Array.from({ length: cols }, (_, c) =>
      c === 0
        ? String(rng.int(10000, 99999))
        : c % 3 === 1
          ? (rng.next() * 10000).toFixed(2)
          : c % 3 === 2
            ? word(rng)
            : `2024-0${rng.int(1, 5)}-${String(rng.int(10, 28))}`,
    ),
  );
}

/** A long prose document (5–15 KB) of numbered sections, `insert` placed deep inside (60–85%). */
export function longDoc(rng: Rng, title: string, insert: string, kind: 'spec' | 'contract' | 'policy'): string {
  const sections = rng.int(14, 30);
  const at = Math.floor(sections * (0.6 + rng.next() * 0.25));
  const out = [`# ${title}`, ''];
  for (let s = 1; s <= sections; s++) {
    const head =
      kind === 'contract' ? `${s}. ${pascal(rng, 1).toUpperCase()}` : `## ${s}. ${pascal(rng, 1)} ${word(rng)}`;
    out.push(head, '');
    const paras = rng.int(2, 4);
    for (let p = 0; p < paras; p++) {
      const sentences = Array.from({ length: rng.int(2, 5) }, () => rng.pick(CODE_LINES['text'] ?? [])(rng));
      out.push(`${s}.${p + 1} ${sentences.join(' ')}`);
    }
    if (s === at) out.push(`${s}.${paras + 1} ${insert}`);
    out.push('');
  }
  return out.join('\n');
}

/** A GitHub Actions log line: timestamp, then text. */
export function ghaLine(rng: Rng, text: string): string {
  return `${stamp(rng, '2024-05-14', 7)} ${text}`;
}

/** A run of GitHub Actions log lines for a step (group markers, ANSI, timestamps). */
export function ghaStep(rng: Rng, name: string, body: string[]): string[] {
  return [
    ghaLine(rng, `##[group]Run ${name}`),
    ghaLine(rng, ansi('36;1', name)),
    ghaLine(rng, ansi('36;1', `shell: /usr/bin/bash -e {0}`)),
    ghaLine(rng, '##[endgroup]'),
    ...body.map((b) => ghaLine(rng, b)),
  ];
}

/** A request id or trace id. */
export function reqId(rng: Rng): string {
  return `${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}`;
}

/** An opaque base-62 handle (message ids, cursors). */
export function handle(rng: Rng, n = 16): string {
  return b62(rng, n);
}

/** Lines padding a log to size: repetitive progress of a long job. */
export function progressLines(rng: Rng, what: string, n: number): string[] {
  const out: string[] = [];
  let done = 0;
  for (let i = 0; i < n; i++) {
    done = Math.min(100, done + rng.int(0, 4));
    out.push(
      `[${stamp(rng, '2024-05-14', 0)}] ${what}: ${done}% (${rng.int(1, 900)}/${rng.int(900, 2000)} ${word(rng)}s)`,
    );
  }
  return out;
}
