/**
 * Words of the blind transcript family (blind.ts). Two disjoint vocabularies: the session's
 * ordinary words (filler: the code, the chatter, the passing output) and the words needles
 * are minted from (birds, plants, minerals), which filler never uses. `Mint` hands each
 * needle word out once per transcript and refuses a needle that contains, or is contained
 * in, another one, so that a kept needle never stands in for a lost one.
 */
import type { Rng } from './rng';

/** Needle words: never used by filler. Lowercase letters, at least five of them. */
export const NEEDLE_WORDS = [
  'alder',
  'anise',
  'auklet',
  'azurite',
  'balsa',
  'barite',
  'basalt',
  'bergamot',
  'beryl',
  'bittern',
  'borage',
  'bracken',
  'bunting',
  'burdock',
  'caraway',
  'cassia',
  'catkin',
  'chervil',
  'chicory',
  'cinnabar',
  'citrine',
  'coltsfoot',
  'cormorant',
  'corundum',
  'cowrie',
  'curlew',
  'damask',
  'dipper',
  'dolomite',
  'dunlin',
  'eider',
  'epidote',
  'fennel',
  'feldspar',
  'fescue',
  'fulmar',
  'galena',
  'gannet',
  'gentian',
  'godwit',
  'gorse',
  'grebe',
  'gypsum',
  'hawthorn',
  'heather',
  'hematite',
  'heron',
  'hyssop',
  'jacana',
  'juniper',
  'kittiwake',
  'knapweed',
  'kyanite',
  'lapwing',
  'larkspur',
  'lichen',
  'linnet',
  'lovage',
  'lupin',
  'madder',
  'magpie',
  'marjoram',
  'marten',
  'mullein',
  'myrtle',
  'nettle',
  'nuthatch',
  'obsidian',
  'olivine',
  'orpine',
  'osprey',
  'oxlip',
  'peridot',
  'petrel',
  'plover',
  'purslane',
  'pyrite',
  'quartzite',
  'quince',
  'redstart',
  'rhodolite',
  'rowan',
  'saffron',
  'samphire',
  'sanderling',
  'sedge',
  'shrike',
  'siskin',
  'sorrel',
  'spinel',
  'stonechat',
  'sumac',
  'tamarack',
  'tansy',
  'teasel',
  'thrush',
  'tourmaline',
  'turnstone',
  'valerian',
  'vervain',
  'vetch',
  'wagtail',
  'waxwing',
  'whimbrel',
  'woodruff',
  'wrasse',
  'yarrow',
  'zircon',
  'zeolite',
  'agate',
  'alyssum',
  'apatite',
  'avocet',
  'barberry',
  'bistort',
  'brambling',
  'chough',
  'cicely',
  'columbine',
  'comfrey',
  'crossbill',
  'dotterel',
  'fieldfare',
  'firecrest',
  'gadwall',
  'garganey',
  'goldcrest',
  'greenshank',
  'jackdaw',
  'loosestrife',
  'mistletoe',
  'moorhen',
  'pintail',
  'pochard',
  'redpoll',
  'redshank',
  'scaup',
  'shoveler',
  'snipe',
  'spurge',
  'wigeon',
  'woodcock',
  'yellowhammer',
  'zander',
  'anorthite',
  'axinite',
  'benitoite',
  'calcite',
  'chalcedony',
  'cordierite',
  'diopside',
  'enstatite',
  'fluorite',
  'gahnite',
  'ilmenite',
  'jadeite',
  'kunzite',
  'labradorite',
  'malachite',
  'natrolite',
  'prehnite',
  'rutile',
  'scapolite',
  'sodalite',
  'staurolite',
  'thulite',
  'unakite',
  'variscite',
  'wulfenite',
  'xenotime',
  'zoisite',
  'acanthus',
  'agrimony',
  'bilberry',
  'bryony',
  'campion',
  'celandine',
  'cranesbill',
  'dogwood',
  'eyebright',
  'feverfew',
  'figwort',
  'fleabane',
  'foxglove',
  'groundsel',
  'harebell',
  'henbane',
  'hogweed',
  'horehound',
  'knotgrass',
  'lungwort',
  'meadowsweet',
  'milkwort',
  'mugwort',
  'nightshade',
  'pennywort',
  'pimpernel',
  'ragwort',
  'rocket',
  'sainfoin',
  'sanicle',
  'selfheal',
  'soapwort',
  'speedwell',
  'stitchwort',
  'tormentil',
  'toadflax',
  'trefoil',
  'wormwood',
  'woundwort',
  'bluethroat',
  'chiffchaff',
  'dabchick',
  'hawfinch',
  'kingfisher',
  'nightjar',
  'oystercatcher',
  'quail',
  'rosefinch',
  'shelduck',
  'sparrowhawk',
  'treecreeper',
  'wheatear',
  'whinchat',
  'wryneck',
  'andesite',
  'aragonite',
  'bornite',
  'cassiterite',
  'chromite',
  'cuprite',
  'dravite',
  'erythrite',
  'greenockite',
  'howlite',
  'iolite',
  'lepidolite',
  'magnesite',
  'marcasite',
  'muscovite',
  'orthoclase',
  'phlogopite',
  'realgar',
  'siderite',
  'smithsonite',
  'sphalerite',
  'stibnite',
  'sylvite',
  'tremolite',
  'vivianite',
  'willemite',
] as const;

/**
 * Filler words: the session's everyday vocabulary. None of them contains a needle word.
 * (test/unit/quality/blind.test.ts checks both lists against each other.)
 */
export const FILLER = {
  nouns: [
    'account',
    'invoice',
    'order',
    'payment',
    'session',
    'token',
    'cache',
    'queue',
    'worker',
    'scheduler',
    'config',
    'router',
    'handler',
    'client',
    'server',
    'report',
    'export',
    'import',
    'batch',
    'job',
    'event',
    'metric',
    'audit',
    'tenant',
    'user',
    'profile',
    'settings',
    'webhook',
    'notice',
    'search',
    'index',
    'shard',
    'replica',
    'snapshot',
    'schema',
    'record',
    'ledger',
    'balance',
    'refund',
    'credit',
    'charge',
    'coupon',
    'cart',
    'address',
    'shipment',
    'parcel',
    'carrier',
    'route',
    'stop',
    'driver',
    'vehicle',
    'sensor',
    'reading',
    'sample',
    'series',
    'bucket',
    'window',
    'alert',
    'rule',
    'policy',
    'role',
    'grant',
    'member',
    'team',
    'project',
    'document',
    'page',
    'block',
    'comment',
    'thread',
    'message',
    'channel',
    'upload',
    'asset',
    'image',
    'thumbnail',
    'feed',
    'digest',
    'summary',
    'quota',
    'limit',
    'plan',
    'subscription',
    'trial',
    'seat',
    'license',
    'catalog',
    'product',
    'variant',
    'price',
    'discount',
    'tax',
    'rate',
    'currency',
    'region',
    'zone',
    'cluster',
    'node',
    'lease',
    'lock',
    'cursor',
    'offset',
    'stream',
  ],
  verbs: [
    'load',
    'parse',
    'fetch',
    'sync',
    'build',
    'render',
    'validate',
    'apply',
    'resolve',
    'flush',
    'retry',
    'compute',
    'merge',
    'split',
    'encode',
    'decode',
    'normalize',
    'refresh',
    'publish',
    'consume',
    'dispatch',
    'enqueue',
    'drain',
    'prune',
    'compact',
    'rotate',
    'expire',
    'reconcile',
    'settle',
    'allocate',
    'release',
    'acquire',
    'register',
    'resume',
    'pause',
    'cancel',
    'schedule',
    'emit',
    'collect',
    'group',
    'sort',
    'filter',
    'map',
    'reduce',
    'format',
    'serialize',
    'hydrate',
    'persist',
    'archive',
    'restore',
    'index',
  ],
  adjectives: [
    'pending',
    'active',
    'stale',
    'partial',
    'default',
    'legacy',
    'primary',
    'internal',
    'public',
    'cached',
    'batched',
    'nightly',
    'hourly',
    'remote',
    'local',
    'shared',
    'scoped',
    'signed',
    'raw',
    'final',
  ],
  /** Directory names by area. */
  areas: ['billing', 'accounts', 'shipping', 'telemetry', 'content', 'identity', 'search', 'notifications'],
  /** Ticket prefixes filler tickets use. */
  tickets: ['PLAT', 'OPS', 'CORE', 'WEB', 'INFRA', 'DATA', 'SEC', 'APP'],
  apps: ['acme', 'orbit', 'relay', 'atlas', 'nova', 'pilot', 'vector', 'harbor'],
  people: ['dana', 'kofi', 'mei', 'ravi', 'ines', 'tomas', 'aiko', 'lars', 'noor', 'pablo'],
} as const;

/** `snake_case` of words. */
export const snake = (words: readonly string[]) => words.join('_');
/** `kebab-case` of words. */
export const kebab = (words: readonly string[]) => words.join('-');
/** `camelCase` of words. */
export const camel = (words: readonly string[]) =>
  words.map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1))).join('');
/** `PascalCase` of words. */
export const pascal = (words: readonly string[]) => words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
/** `UPPER_SNAKE` of words. */
export const upper = (words: readonly string[]) => words.join('_').toUpperCase();

/** Hands out needle words (each once) and registers needles, refusing overlaps. */
export class Mint {
  private readonly words: string[];
  private readonly needles: string[] = [];

  constructor(private readonly rng: Rng) {
    this.words = rng.sample(NEEDLE_WORDS, NEEDLE_WORDS.length);
  }

  /** An unused needle word. */
  word(): string {
    const w = this.words.pop();
    if (!w) throw new Error('blind: out of needle words');
    return w;
  }

  /** Registers `needle`; throws when it overlaps an earlier one or holds characters JSON would escape. */
  claim(needle: string): string {
    if (JSON.stringify(needle) !== `"${needle}"`) throw new Error(`blind: needle needs escaping: ${needle}`);
    if (needle.length < 5) throw new Error(`blind: needle too short: ${needle}`);
    for (const n of this.needles)
      if (n.includes(needle) || needle.includes(n)) throw new Error(`blind: needles overlap: ${n} / ${needle}`);
    this.needles.push(needle);
    return needle;
  }

  /** A filler-free number the transcript has not used as a needle: ports, ticket numbers. */
  digits(min: number, max: number): string {
    for (;;) {
      const s = String(this.rng.int(min, max));
      if (!this.needles.some((n) => n.includes(s) || s.includes(n))) return s;
    }
  }
}

/** Filler naming helpers over one transcript's area. */
export class Names {
  readonly area: string;
  /** The application's name (module prefix, image name). */
  readonly app: string;
  readonly files: string[];
  readonly funcs: string[];
  readonly types: string[];

  constructor(
    private readonly rng: Rng,
    readonly ext: string,
    readonly root: string,
  ) {
    this.area = rng.pick(FILLER.areas);
    this.app = rng.pick(FILLER.apps);
    const n = FILLER.nouns;
    this.funcs = Array.from({ length: 40 }, () => camel([rng.pick(FILLER.verbs), rng.pick(n)]));
    this.types = Array.from({ length: 24 }, () =>
      pascal([rng.pick(n), rng.pick(['service', 'store', 'repo', 'table', 'policy', 'client'])]),
    );
    const dirs = [`${root}/${this.area}`, `${root}/${rng.pick(FILLER.areas)}`, `${root}/core`, `${root}/api`];
    this.files = Array.from(
      new Set(
        Array.from({ length: 36 }, () => `${rng.pick(dirs)}/${this.fileStem([rng.pick(n), rng.pick(n)])}.${ext}`),
      ),
    );
  }

  /** A file stem in this language's convention. */
  fileStem(words: readonly string[]): string {
    if (['ts', 'tsx', 'js'].includes(this.ext)) return kebab(words);
    if (['kt', 'swift', 'cs', 'scala', 'hs', 'java'].includes(this.ext)) return pascal(words);
    return snake(words);
  }

  file(): string {
    return this.rng.pick(this.files);
  }
  func(): string {
    return this.rng.pick(this.funcs);
  }
  type(): string {
    return this.rng.pick(this.types);
  }
  noun(): string {
    return this.rng.pick(FILLER.nouns);
  }
  verb(): string {
    return this.rng.pick(FILLER.verbs);
  }
  adj(): string {
    return this.rng.pick(FILLER.adjectives);
  }
  people(): string {
    return this.rng.pick(FILLER.people);
  }
  /** A short hex id with no run of four decimal digits (so it never holds a port or ticket number). */
  hex(len: number): string {
    let s = '';
    while (s.length < len) {
      const c = '0123456789abcdef'[this.rng.int(0, 15)] as string;
      if (/\d/.test(c) && /\d{3}$/.test(s)) continue;
      s += c;
    }
    return s;
  }
  /** A filler ticket id. */
  ticket(): string {
    return `${this.rng.pick(FILLER.tickets)}-${this.rng.int(100, 999)}`;
  }
}
