/**
 * Aggregates method runs into the benchmark's table: per method and budget, retention per
 * fact kind and overall (facts pooled over all transcripts), requests with unpaired tool
 * messages, requests over budget, refused calls, and compression of the final request.
 */
import { FACT_KINDS, type FactKind, type MethodRun } from './types';

/** One row of the table. */
export interface Row {
  method: string;
  budgetFraction: number;
  /** kept / total per kind, pooled over transcripts. */
  perKind: Record<FactKind, { kept: number; total: number }>;
  kept: number;
  total: number;
  calls: number;
  /** Requests sent (not refused) whose tool messages do not pair. */
  unpaired: number;
  /** Requests sent that exceed the budget. */
  overBudget: number;
  refused: number;
  /** Refused calls whose pinned content fitted the budget (the project's target is none). */
  refusedPinnedFits: number;
  /** Final requests refused (their facts count as lost). */
  finalRefused: number;
  /** Mean over transcripts of final request tokens ÷ raw tokens (final requests that were sent). */
  compression: number | undefined;
  skipped?: string;
  ms: number;
}

/** Groups runs by method and budget, in first-seen order. */
export function aggregate(runs: readonly MethodRun[]): Row[] {
  const rows = new Map<string, Row>();
  const ratios = new Map<string, number[]>();
  for (const r of runs) {
    const key = `${r.method}\u0000${r.budgetFraction}`;
    let row = rows.get(key);
    if (!row) {
      const perKind = Object.fromEntries(FACT_KINDS.map((k) => [k, { kept: 0, total: 0 }])) as Row['perKind'];
      row = {
        method: r.method,
        budgetFraction: r.budgetFraction,
        perKind,
        kept: 0,
        total: 0,
        calls: 0,
        unpaired: 0,
        overBudget: 0,
        refused: 0,
        refusedPinnedFits: 0,
        finalRefused: 0,
        compression: undefined,
        ms: 0,
      };
      rows.set(key, row);
      ratios.set(key, []);
    }
    if (r.skipped) {
      row.skipped = r.skipped;
      continue;
    }
    r.facts.forEach((f, i) => {
      row.perKind[f.kind].total += 1;
      row.total += 1;
      if (r.kept[i]) {
        row.perKind[f.kind].kept += 1;
        row.kept += 1;
      }
    });
    row.calls += r.calls.length;
    for (const c of r.calls) {
      if (c.refused) {
        row.refused += 1;
        if (c.pinnedFits) row.refusedPinnedFits += 1;
      } else {
        if (!c.paired) row.unpaired += 1;
        if (!c.withinBudget) row.overBudget += 1;
      }
    }
    if (r.calls.at(-1)?.refused) row.finalRefused += 1;
    else ratios.get(key)?.push(r.finalTokens / r.rawTokens);
    row.ms += r.ms;
  }
  for (const [key, row] of rows) {
    const xs = ratios.get(key) ?? [];
    row.compression = xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : undefined;
  }
  return [...rows.values()];
}

const pct = (kept: number, total: number) => (total === 0 ? '–' : `${Math.round((100 * kept) / total)}%`);

/** The rows as a Markdown table (printed as is, and pasted into bench/RESULTS.md). */
export function renderTable(rows: readonly Row[]): string {
  const head = [
    'method',
    'budget',
    ...FACT_KINDS,
    'overall',
    'unpaired',
    'over budget',
    'refused',
    'refused, pinned fits',
    'final/raw',
  ];
  const body = rows.map((r) => {
    const budget = `${Math.round(r.budgetFraction * 100)}%`;
    if (r.skipped) return [r.method, budget, ...FACT_KINDS.map(() => ''), `skipped: ${r.skipped}`, '', '', '', '', ''];
    const sent = r.calls - r.refused;
    return [
      r.method,
      budget,
      ...FACT_KINDS.map((k) => pct(r.perKind[k].kept, r.perKind[k].total)),
      `**${pct(r.kept, r.total)}** (${r.kept}/${r.total})`,
      `${r.unpaired}/${sent}`,
      `${r.overBudget}/${sent}`,
      `${r.refused}/${r.calls}${r.finalRefused ? ` (${r.finalRefused} final)` : ''}`,
      String(r.refusedPinnedFits),
      r.compression === undefined ? '–' : `${(100 * r.compression).toFixed(1)}%`,
    ];
  });
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map((_, i) => (i < 2 ? '---' : '--:'))), ...body.map(line)].join('\n');
}

/**
 * Reversed decisions (hard.ts), per method and budget: the latest decision kept; the
 * superseded one kept without it (the model would act on the old decision); both kept.
 */
export function renderReversals(runs: readonly MethodRun[]): string {
  const rows = new Map<string, { n: number; latest: number; staleOnly: number; both: number }>();
  for (const r of runs) {
    if (r.skipped || !r.reversals) continue;
    const key = `${r.method} | ${Math.round(r.budgetFraction * 100)}%`;
    const row = rows.get(key) ?? { n: 0, latest: 0, staleOnly: 0, both: 0 };
    for (const x of r.reversals) {
      row.n += 1;
      if (x.latest) row.latest += 1;
      if (x.old && !x.latest) row.staleOnly += 1;
      if (x.old && x.latest) row.both += 1;
    }
    rows.set(key, row);
  }
  const out = [
    '| method | budget | reversed | latest kept | old kept without latest | both kept |',
    '| --- | --- | --: | --: | --: | --: |',
  ];
  for (const [key, r] of rows)
    out.push(`| ${key} | ${r.n} | ${pct(r.latest, r.n)} (${r.latest}) | ${r.staleOnly} | ${r.both} |`);
  return out.join('\n');
}

/** Retention per fact style (e.g. `value/date`, `constraint/user-mid/shared-table` cut to two parts) at one budget. */
export function renderStyles(runs: readonly MethodRun[], budgetFraction: number): string {
  const methods: string[] = [];
  const cells = new Map<string, Map<string, { kept: number; total: number }>>();
  for (const r of runs) {
    if (r.skipped || r.budgetFraction !== budgetFraction) continue;
    if (!methods.includes(r.method)) methods.push(r.method);
    r.facts.forEach((f, i) => {
      const style = f.style.split('/').slice(0, 2).join('/');
      const byMethod = cells.get(style) ?? new Map<string, { kept: number; total: number }>();
      const c = byMethod.get(r.method) ?? { kept: 0, total: 0 };
      c.total += 1;
      if (r.kept[i]) c.kept += 1;
      byMethod.set(r.method, c);
      cells.set(style, byMethod);
    });
  }
  const out = [
    `| style (${Math.round(budgetFraction * 100)}%) | n | ${methods.join(' | ')} |`,
    `| --- | --: | ${methods.map(() => '--:').join(' | ')} |`,
  ];
  for (const style of [...cells.keys()].sort()) {
    const byMethod = cells.get(style) as Map<string, { kept: number; total: number }>;
    const n = byMethod.get(methods[0] as string)?.total ?? 0;
    out.push(
      `| ${style} | ${n} | ${methods.map((m) => pct(byMethod.get(m)?.kept ?? 0, byMethod.get(m)?.total ?? 0)).join(' | ')} |`,
    );
  }
  return out.join('\n');
}
