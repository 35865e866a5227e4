/**
 * Everyday text of the novel family (novel.ts): source lines of the languages its harnesses
 * edit, numbered file views, tables and logs of any requested size. None of it holds a
 * needle; facts are written into it by novel-facts.ts.
 */
import type { Rng } from './rng';
import { digitString, fillLines, hex, padL, padR } from './novel-words';

const IDENT = [
  'total',
  'items',
  'cursor',
  'batch',
  'region',
  'owner',
  'retry',
  'limit',
  'offset',
  'payload',
  'buffer',
  'frame',
  'status',
  'amount',
  'ledger',
  'token',
  'entry',
  'window',
  'sample',
  'queue',
];

const CODE: Record<string, ((rng: Rng, a: string, b: string) => string)[]> = {
  elixir: [
    (_r, a, b) => `  def ${a}_${b}(%{${a}: ${a}} = ctx), do: {:ok, Map.put(ctx, :${b}, ${a})}`,
    (_r, a, b) => `    |> Enum.reduce(0, fn ${a}, acc -> acc + ${a}.${b} end)`,
    (r, a) => `  @${a}_timeout ${r.int(1, 60) * 1000}`,
    (_r, a, b) => `    with {:ok, ${a}} <- fetch_${a}(id), {:ok, ${b}} <- load_${b}(${a}) do`,
    () => `  end`,
    (_r, a) => `  # ${a} is recomputed on every event; cheap enough for carts under 200 lines`,
  ],
  ts: [
    (_r, a, b) => `export function ${a}Of(${b}: Line[]): number {`,
    (_r, a, b) => `  const ${a} = ${b}.reduce((s, l) => s + l.qty * l.price, 0);`,
    (_r, a) => `  if (!${a}) return;`,
    () => `}`,
    (_r, a, b) => `  el.querySelector<HTMLElement>('[data-${a}]')!.textContent = String(${b});`,
  ],
  dart: [
    (_r, a, b) => `  int get ${a}${b.charAt(0).toUpperCase()}${b.slice(1)} => _${a}.length;`,
    (_r, a) => `  final List<Item> _${a} = [];`,
    (_r, a) => `    notifyListeners(); // ${a} changed`,
    () => `  }`,
    (_r, a, b) => `  Widget build(BuildContext context) => Text('\${${a}.${b}}');`,
  ],
  swift: [
    (_r, a, b) => `    func ${a}(for ${b}: Account) async throws -> Int {`,
    (_r, a) => `        guard let ${a} = cache[id] else { return 0 }`,
    () => `    }`,
    (_r, a, b) => `    @Published private(set) var ${a}: [${b.charAt(0).toUpperCase()}${b.slice(1)}] = []`,
  ],
  python: [
    (_r, a, b) => `def ${a}_${b}(df: pd.DataFrame) -> pd.DataFrame:`,
    (_r, a, b) => `    df["${a}"] = df["${b}"].fillna(0).astype("float64")`,
    (_r, a) => `    return df.query("${a} > 0")`,
    (r, a) => `${a.toUpperCase()}_LIMIT = ${r.int(2, 512)}`,
    (_r, a, b) => `        self.${a} = nn.Linear(cfg.${b}_dim, cfg.hidden)`,
  ],
  c: [
    (_r, a, b) => `static int ${a}_${b}(struct ${a} *s, uint8_t *buf, size_t len)`,
    () => `{`,
    (_r, a) => `    if (len > sizeof(s->${a})) return -EINVAL;`,
    (_r, a, b) => `    memcpy(s->${a}, buf, len); /* ${b} copied under IRQ lock */`,
    () => `}`,
    (r, a) => `#define ${a.toUpperCase()}_TIMEOUT_MS ${r.int(5, 500)}`,
  ],
  csharp: [
    (_r, a, b) => `        private readonly List<${cls(a)}> _${b} = new();`,
    (_r, a) => `        public void ${cls(a)}Changed() => OnChanged?.Invoke(this);`,
    (_r, a, b) => `            if (_${a}.Count >= _${b}Capacity) return false;`,
    () => `        }`,
    (_r, a) => `        [SerializeField] private float ${a}Speed = 4.5f;`,
  ],
  sql: [
    (_r, a, b) => `ALTER TABLE ${a}s ADD COLUMN ${b}_at timestamptz;`,
    (_r, a, b) => `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_${a}_${b} ON ${a}s (${b});`,
    (_r, a, b) => `UPDATE ${a}s SET ${b} = 0 WHERE ${b} IS NULL;`,
    (_r, a) => `-- ${a}: backfilled in batches of 5000 by the loader`,
  ],
  yaml: [
    (_r, a, b) => `  ${a}: ${b}`,
    (r, a) => `    ${a}: ${r.int(1, 64)}`,
    (_r, a) => `  - name: ${a}`,
    (r, a) => `      ${a}Ms: ${r.int(100, 9000)}`,
  ],
  lua: [
    (_r, a, b) => `function M.${a}(self, ${b})`,
    (_r, a) => `  if not self.${a} then return end`,
    () => `end`,
    (_r, a, b) => `  self.${a} = self.${a} + ${b} * dt`,
  ],
};

function cls(a: string): string {
  return a.charAt(0).toUpperCase() + a.slice(1);
}

/** `n` plausible source lines of `lang`. */
export function codeLines(rng: Rng, lang: string, n: number): string[] {
  const t = CODE[lang] ?? CODE['python'] ?? [];
  return Array.from({ length: n }, () => rng.pick(t)(rng, rng.pick(IDENT), rng.pick(IDENT)));
}

/** A file view with line numbers (`cat -n` style), about `size` characters, starting at `from`. */
export function numbered(rng: Rng, lang: string, size: number, from = 1, extra: string[] = []): string {
  const lines = codeLines(rng, lang, Math.max(4, Math.round(size / 45)));
  const at = rng.int(0, lines.length);
  lines.splice(at, 0, ...extra);
  return lines.map((l, i) => `${padL(from + i, 6)}\t${l}`).join('\n');
}

/** Source text without numbers, holding `extra` lines somewhere in it. */
export function source(rng: Rng, lang: string, size: number, extra: string[] = []): string {
  const lines = codeLines(rng, lang, Math.max(3, Math.round(size / 45)));
  lines.splice(rng.int(0, lines.length), 0, ...extra);
  return lines.join('\n');
}

/** A fixed-width table (psql, kubectl, pandas style) of about `size` characters. */
export function table(
  rng: Rng,
  cols: string[],
  size: number,
  cell: (rng: Rng, col: number) => string,
  border = false,
): string {
  const sample = Array.from({ length: 6 }, () => cols.map((_, i) => cell(rng, i)));
  const widths = cols.map((c, i) => Math.max(c.length, ...sample.map((r) => (r[i] as string).length)));
  const row = (cells: string[]) =>
    border
      ? ` ${cells.map((c, i) => padR(c, widths[i] as number)).join(' | ')}`
      : cells.map((c, i) => padR(c, (widths[i] as number) + 2)).join('');
  const head = row(cols);
  const sep = border ? `-${widths.map((w) => '-'.repeat(w)).join('-+-')}-` : '';
  const body = fillLines(Math.max(0, size - head.length), () => row(cols.map((_, i) => cell(rng, i))));
  return [head, ...(border ? [sep] : []), body].join('\n');
}

/** A random cell: a number, a short word, a date or an id. */
export function anyCell(rng: Rng, col: number): string {
  switch (col % 5) {
    case 0:
      return String(rng.int(1, 99999));
    case 1:
      return rng.pick(['eu-west', 'us-east', 'ap-south', 'sa-east', 'eu-central']);
    case 2:
      return `2024-0${rng.int(1, 6)}-${String(rng.int(1, 28)).padStart(2, '0')}`;
    case 3:
      return `${rng.int(0, 9999)}.${digitString(rng, 2)}`;
    default:
      return rng.pick(['paid', 'open', 'void', 'refunded', 'pending']);
  }
}

/** Log lines with timestamps and levels, about `size` characters. */
export function logLines(
  rng: Rng,
  size: number,
  messages: readonly string[],
  level = ['INFO', 'INFO', 'INFO', 'DEBUG', 'WARN'],
): string {
  let t = rng.int(0, 3000);
  return fillLines(size, () => {
    t += rng.int(1, 900);
    return `2024-06-11 ${String(10 + (Math.floor(t / 3600) % 12)).padStart(2, '0')}:${String(Math.floor(t / 60) % 60).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}.${digitString(rng, 3)} ${rng.pick(level).padEnd(5)} ${rng
      .pick(messages)
      .replace('#', String(rng.int(1, 9999)))
      .replace('%', hex(rng, 7))}`;
  });
}

/** Prose paragraphs of a contract or policy document, numbered clauses, about `size` characters. */
export function clauses(rng: Rng, size: number, start: number, extra: string[] = []): string {
  const subjects = ['the Supplier', 'the Customer', 'either Party', 'the Licensor', 'the Processor'];
  const verbs = ['shall indemnify', 'shall not assign', 'may terminate', 'shall maintain', 'shall notify'];
  const objects = [
    'the other Party against all losses arising from a breach of Clause 9',
    'this Agreement without prior written consent, such consent not to be unreasonably withheld',
    'this Agreement on ninety (90) days written notice',
    'insurance cover of not less than the amounts set out in Schedule 4',
    'the Controller without undue delay after becoming aware of a Personal Data Breach',
  ];
  let n = start;
  let sub = 0;
  const out = fillLines(size, () => {
    if (sub === 0 || rng.chance(0.25)) {
      n++;
      sub = 1;
      return `\n${n}. ${rng.pick(['LIABILITY', 'TERM AND TERMINATION', 'CONFIDENTIALITY', 'DATA PROTECTION', 'ASSIGNMENT', 'FEES AND PAYMENT', 'SERVICE LEVELS'])}`;
    }
    return `${n}.${sub++} Subject to Clause ${rng.int(1, 30)}.${rng.int(1, 9)}, ${rng.pick(subjects)} ${rng.pick(verbs)} ${rng.pick(objects)}.`;
  }).split('\n');
  out.splice(rng.int(1, out.length), 0, ...extra);
  return out.join('\n');
}
