/**
 * Names for generated transcripts. Planted facts take their identifiers from a domain
 * vocabulary and mint each one once per transcript; filler (code, logs, chatter) draws only
 * from a generic vocabulary, so a needle can only be found where it was planted.
 */
import type { Rng } from './rng';

/** Domain nouns: needles are built from these (never used by filler). */
const DOMAIN = (
  'ledger invoice refund tenant quota webhook payout settlement merchant coupon voucher shipment parcel ' +
  'carrier tariff rebate escrow dispute chargeback subscription renewal dunning forecast inventory ' +
  'warehouse roster shift badge clinic dosage specimen depot fleet telemetry sensor beacon firmware ' +
  'glacier harbor orchid falcon lantern meadow quarry saffron tundra willow zephyr cobalt ember juniper ' +
  'krypton marble nimbus onyx prism quartz raven sierra topaz umber walnut heron basalt cinder dune ' +
  'fjord garnet hazel iris jasper kestrel lichen mistral nectar opal pumice'
).split(' ');

/** Domain verbs, for function and job names. */
const ACTIONS = (
  'reconcile dispatch settle accrue prorate allocate throttle hydrate debounce reindex backfill ' +
  'coalesce partition rehydrate quarantine escalate amortize annotate archive attest bootstrap ' +
  'consolidate deduplicate embargo enrich expire fanout forward harvest ingest journal mirror notarize ' +
  'offload pivot prune rebalance redeem replicate rotate sanitize seal shard stamp tally unwind vouch'
).split(' ');

/** Generic words for filler code and logs. */
export const GENERIC = (
  'data value result items config handler buffer index count list options params state context ' +
  'request response util helper format parse load save read write check update create remove get set ' +
  'build init run start stop next prev size key name kind mode flag path file line text node tree ' +
  'item entry record row table query client server service model view input output source target ' +
  'base local temp total limit offset page chunk batch stream event task job worker pool retry timer'
).split(' ');

/** Languages a transcript's code base may be in. */
export type Lang = 'python' | 'typescript' | 'rust' | 'go' | 'java';

/** File extension of each language. */
export const EXT: Record<Lang, string> = { python: 'py', typescript: 'ts', rust: 'rs', go: 'go', java: 'java' };

/** Top-level source folders of each language. */
const ROOTS: Record<Lang, string[]> = {
  python: ['app', 'src', 'services', 'lib'],
  typescript: ['src', 'packages/core/src', 'apps/web/src', 'lib'],
  rust: ['src', 'crates/core/src', 'crates/api/src'],
  go: ['internal', 'pkg', 'cmd/server'],
  java: ['src/main/java/com/acme', 'core/src/main/java/org/example'],
};

/** Mints identifiers, each at most once per transcript. */
export class Names {
  private readonly used = new Set<string>();

  constructor(private readonly rng: Rng) {}

  /** True when `text` was minted before. */
  has(text: string): boolean {
    return this.used.has(text);
  }

  /** Reserves a name; returns false when it was taken. */
  private claim(name: string): boolean {
    if (this.used.has(name)) return false;
    this.used.add(name);
    return true;
  }

  private words(n: number, verbFirst: boolean): string[] {
    const out: string[] = [];
    if (verbFirst) out.push(this.rng.pick(ACTIONS));
    while (out.length < n) {
      const w = this.rng.pick(DOMAIN);
      if (!out.includes(w)) out.push(w);
    }
    return out;
  }

  /**
   * Claims a word sequence whatever its style (so `dune_quota` and `DuneQuota` are one name)
   * together with its adjacent pairs (so no needle is a substring of a longer one).
   */
  private claimWords(ws: readonly string[]): boolean {
    const keys = [ws.join(' ')];
    for (let i = 0; i + 1 < ws.length && ws.length > 2; i++) keys.push(`${ws[i]} ${ws[i + 1]}`);
    if (keys.some((k) => this.used.has(k))) return false;
    for (const k of keys) this.used.add(k);
    return true;
  }

  /** A fresh identifier in `style`, e.g. `settle_dune_quota`, `settleDuneQuota`, `DuneQuota`, `dune-quota`. */
  ident(style: 'snake' | 'camel' | 'pascal' | 'kebab' | 'upper', verbFirst = false): string {
    for (let attempt = 0; ; attempt++) {
      const ws = this.words(attempt < 20 ? 2 : 3, verbFirst);
      if (this.claimWords(ws)) return joinWords(ws, style);
    }
  }

  /** A fresh source path in `lang`, e.g. `src/billing/settle_quota.py`. */
  path(lang: Lang, style?: 'snake' | 'kebab' | 'pascal'): string {
    const s = style ?? (lang === 'java' ? 'pascal' : lang === 'typescript' ? 'kebab' : 'snake');
    for (;;) {
      const dir = `${this.rng.pick(ROOTS[lang])}/${this.rng.pick(DOMAIN)}`;
      const ws = this.words(2, this.rng.chance(0.3));
      if (this.claimWords(ws)) return `${dir}/${joinWords(ws, s)}.${EXT[lang]}`;
    }
  }

  /** A fresh number in [min, max] that no other planted value uses. */
  number(min: number, max: number): number {
    for (;;) {
      const n = this.rng.int(min, max);
      if (this.claim(`#${n}`)) return n;
    }
  }

  /** A fresh token such as a ticket key (`ORCH-4821`) or a short hex id. */
  token(kind: 'ticket' | 'hex' | 'semver'): string {
    for (;;) {
      const t =
        kind === 'ticket'
          ? `${this.rng.pick(DOMAIN).slice(0, 4).toUpperCase()}-${this.rng.int(100, 9999)}`
          : kind === 'hex'
            ? this.rng.int(0x1000000, 0xfffffff).toString(16)
            : `${this.rng.int(0, 9)}.${this.rng.int(0, 40)}.${this.rng.int(0, 30)}`;
      if (this.claim(t)) return t;
    }
  }
}

/** Joins words in a naming style. */
export function joinWords(ws: readonly string[], style: 'snake' | 'camel' | 'pascal' | 'kebab' | 'upper'): string {
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  switch (style) {
    case 'snake':
      return ws.join('_');
    case 'kebab':
      return ws.join('-');
    case 'upper':
      return ws.join('_').toUpperCase();
    case 'camel':
      return ws.map((w, i) => (i ? cap(w) : w)).join('');
    case 'pascal':
      return ws.map(cap).join('');
  }
}

/** A generic (filler) identifier in `style`. */
export function genericIdent(rng: Rng, style: 'snake' | 'camel' | 'pascal' = 'snake', n = 2): string {
  const ws: string[] = [];
  while (ws.length < n) ws.push(rng.pick(GENERIC));
  return joinWords(ws, style);
}

/** A generic (filler) path in `lang`. */
export function genericPath(rng: Rng, lang: Lang): string {
  const dir = rng.pick(['src', 'lib', 'internal', 'pkg', 'app', 'tests', 'test']);
  return `${dir}/${rng.pick(GENERIC)}/${genericIdent(rng, lang === 'java' ? 'pascal' : 'snake')}.${EXT[lang]}`;
}
