/**
 * Words and small generators for the field family (field.ts). Two vocabularies kept apart:
 * CODENAMES are used only inside planted facts (one word per fact, never reused in a
 * transcript), everything else is for ordinary work. A codename therefore marks its fact's
 * episode, and a test can check it occurs nowhere else.
 */
import type { Rng } from './rng';

/** Words only planted facts use (case-insensitive; none is inside another). */
export const CODENAMES = [
  'marram',
  'saltire',
  'tamarack',
  'quillon',
  'bittern',
  'corrie',
  'fennec',
  'galliard',
  'hawser',
  'lanyard',
  'merlon',
  'nacelle',
  'oriel',
  'plinth',
  'quoin',
  'rebec',
  'tussock',
  'vellum',
  'wimple',
  'yarrow',
  'zither',
  'brindle',
  'caisson',
  'dunlin',
  'fescue',
  'gannet',
  'jerkin',
  'kittiwake',
  'lintel',
  'mullion',
  'osprey',
  'quahog',
  'runnel',
  'verjuice',
  'whelk',
  'xebec',
  'zinnia',
  'bollard',
  'cormorant',
  'fulmar',
  'grebe',
  'halyard',
  'lugger',
  'mizzen',
  'narwhal',
  'ocelot',
  'petrel',
  'puffin',
  'quokka',
  'rorqual',
  'tarpon',
  'uakari',
  'wrasse',
  'wombat',
  'sorrel',
  'tansy',
  'vetch',
  'borage',
  'chervil',
  'lovage',
  'samphire',
  'teasel',
  'burdock',
  'comfrey',
  'cowslip',
  'dittany',
  'feverfew',
  'henbane',
  'hyssop',
  'mallow',
  'mugwort',
  'sainfoin',
  'tormentil',
  'wormwood',
  'basalt',
  'cinnabar',
  'dolomite',
  'feldspar',
  'galena',
  'gneiss',
  'kyanite',
  'malachite',
  'obsidian',
  'pumice',
  'rutile',
  'schist',
  'zircon',
  'chert',
  'axolotl',
  'bandicoot',
  'capybara',
  'dugong',
  'echidna',
  'gharial',
  'jerboa',
  'kinkajou',
  'margay',
  'numbat',
  'okapi',
  'pangolin',
  'quetzal',
  'serval',
  'tapir',
  'vicuna',
  'wallaroo',
  'zorilla',
  'anchovy',
  'barbel',
  'grayling',
  'halibut',
  'lamprey',
  'menhaden',
  'pollack',
  'sculpin',
  'tilefish',
  'wahoo',
] as const;

/** Ordinary words for names in filler work (none contains a codename). */
export const NOUNS = [
  'account',
  'audit',
  'batch',
  'billing',
  'cache',
  'cart',
  'catalog',
  'checkout',
  'client',
  'config',
  'coupon',
  'customer',
  'export',
  'feed',
  'gateway',
  'import',
  'invoice',
  'job',
  'ledger',
  'limit',
  'metric',
  'notify',
  'order',
  'payment',
  'plan',
  'policy',
  'price',
  'profile',
  'queue',
  'quota',
  'rate',
  'refund',
  'report',
  'retry',
  'route',
  'schedule',
  'search',
  'session',
  'shipment',
  'sku',
  'stock',
  'store',
  'sync',
  'tax',
  'tenant',
  'token',
  'usage',
  'user',
  'webhook',
  'worker',
] as const;

export const VERBS = [
  'add',
  'apply',
  'build',
  'check',
  'compute',
  'create',
  'fetch',
  'format',
  'handle',
  'load',
  'map',
  'merge',
  'normalize',
  'parse',
  'render',
  'resolve',
  'save',
  'send',
  'split',
  'update',
  'validate',
] as const;

export const SERVICES = [
  'api-gateway',
  'auth',
  'billing',
  'cart',
  'catalog',
  'checkout',
  'email-relay',
  'inventory',
  'ledger',
  'notifications',
  'orders',
  'payments',
  'pricing',
  'search',
  'shipping',
  'user-profile',
  'webhooks',
] as const;

export const PEOPLE = [
  'Priya',
  'Tomasz',
  'Aiko',
  'Mateus',
  'Lena',
  'Oluwaseun',
  'Dmitri',
  'Carmen',
  'Jonas',
  'Mei',
] as const;

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';

export function hex(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += HEX[rng.int(0, 15)];
  return s;
}

export function alnum(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += ALNUM[rng.int(0, ALNUM.length - 1)];
  return s;
}

/** `update` → `updated`, `add` → `added`, `map` → `mapped`, `apply` → `applied`. */
export function past(verb: string): string {
  if (verb.endsWith('e')) return `${verb}d`;
  if (verb.endsWith('y')) return `${verb.slice(0, -1)}ied`;
  if (/^(add|map)$/.test(verb)) return `${verb}${verb.slice(-1)}ed`;
  return `${verb}ed`;
}

/** `resolve` → `resolver`, `map` → `mapper`, `apply` → `applier`. */
export function agent(verb: string): string {
  if (verb.endsWith('e')) return `${verb}r`;
  if (verb.endsWith('y')) return `${verb.slice(0, -1)}ier`;
  if (/^(add|map)$/.test(verb)) return `${verb}${verb.slice(-1)}er`;
  return `${verb}er`;
}

export const snake = (...parts: string[]) => parts.join('_').replace(/-/g, '_');
export const kebab = (...parts: string[]) => parts.join('-').replace(/_/g, '-');
export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const pascal = (...parts: string[]) =>
  parts
    .flatMap((p) => p.split(/[-_]/))
    .map(cap)
    .join('');
export const camel = (...parts: string[]) => {
  const p = pascal(...parts);
  return p.charAt(0).toLowerCase() + p.slice(1);
};

/** A filler IP in 10.0–10.31 (needles use other ranges). */
export function fillerIp(rng: Rng): string {
  return `10.${rng.int(0, 31)}.${rng.int(0, 255)}.${rng.int(2, 254)}`;
}

/** A Kubernetes pod suffix: ReplicaSet hash and pod hash. */
export function podName(rng: Rng, deploy: string): string {
  return `${deploy}-${hex(rng, 9).replace(/^[0-9]/, 'c')}-${alnum(rng, 5)}`;
}

/** Pads every column to its widest cell (a `kubectl get` / `docker ps` style table). */
export function columns(rows: readonly (readonly string[])[], gap = 3): string {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows
    .map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd((widths[i] ?? 0) + gap))).join(''))
    .join('\n');
}

/** A psql-style result table with its row count. */
export function psqlTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]) => ' ' + r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ');
  const sep = widths.map((w) => '-'.repeat(w + 2)).join('+');
  return [line(head), sep, ...rows.map(line), `(${rows.length} row${rows.length === 1 ? '' : 's'})`].join('\n');
}

/** A box-drawn table as DuckDB and many notebook renderers print. */
export function boxTable(
  head: readonly string[],
  types: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const widths = head.map((h, i) =>
    Math.max(h.length, (types[i] ?? '').length, ...rows.map((r) => (r[i] ?? '').length)),
  );
  const bar = (l: string, m: string, r: string) => l + widths.map((w) => '─'.repeat(w + 2)).join(m) + r;
  const line = (r: readonly string[]) => '│ ' + r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' │ ') + ' │';
  return [bar('┌', '┬', '┐'), line(head), line(types), bar('├', '┼', '┤'), ...rows.map(line), bar('└', '┴', '┘')].join(
    '\n',
  );
}

/** A wall clock that moves forward through the session. */
export class Clock {
  private t: number;
  constructor(rng: Rng) {
    // Some day in 2024/2025, business hours UTC.
    this.t = Date.UTC(
      2024 + rng.int(0, 1),
      rng.int(0, 11),
      rng.int(1, 27),
      rng.int(7, 15),
      rng.int(0, 59),
      rng.int(0, 59),
    );
  }
  tick(rng: Rng, maxSeconds = 90): number {
    this.t += rng.int(2, maxSeconds) * 1000 + rng.int(0, 999);
    return this.t;
  }
  iso(): string {
    return new Date(this.t).toISOString();
  }
  /** `Jun 11 09:14:03` (syslog / journalctl). */
  syslog(): string {
    const d = new Date(this.t);
    const mon = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')[d.getUTCMonth()] as string;
    return `${mon} ${String(d.getUTCDate()).padStart(2, '0')} ${d.toISOString().slice(11, 19)}`;
  }
  date(): string {
    return new Date(this.t).toISOString().slice(0, 10);
  }
}
