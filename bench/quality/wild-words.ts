/**
 * Words for the wild transcript family (wild.ts). Two vocabularies that never meet:
 * `LEXICON` (the distinctive words needles are minted from, each used by at most one fact of a
 * transcript) and the filler words (identifiers, paths and prose of the ordinary work around
 * the facts). A lexicon word is never a substring of a filler word or of another lexicon word,
 * so a needle's words occur only where its fact is planted (test/unit/quality/wild.test.ts).
 */
import type { Rng } from './rng';

/** Distinctive words: project code names, components, customers. */
export const LEXICON = [
  'kestrel',
  'marmot',
  'pelican',
  'ocelot',
  'narwhal',
  'wombat',
  'quokka',
  'axolotl',
  'basalt',
  'obsidian',
  'gneiss',
  'feldspar',
  'zircon',
  'tamarind',
  'juniper',
  'saffron',
  'sorrel',
  'quince',
  'persimmon',
  'bramble',
  'thistle',
  'bittern',
  'curlew',
  'plover',
  'caribou',
  'lemming',
  'gecko',
  'iguana',
  'manatee',
  'walrus',
  'puffin',
  'osprey',
  'condor',
  'jackal',
  'hyena',
  'mongoose',
  'meerkat',
  'pangolin',
  'armadillo',
  'chinchilla',
  'capybara',
  'alpaca',
  'vicuna',
  'bison',
  'garnet',
  'beryl',
  'jasper',
  'malachite',
  'pumice',
  'tundra',
  'fjord',
  'atoll',
  'moraine',
  'cirrus',
  'nimbus',
  'zephyr',
  'mistral',
  'sirocco',
  'monsoon',
  'cyclamen',
  'foxglove',
  'hawthorn',
  'lupin',
  'wisteria',
  'heather',
  'verbena',
  'anemone',
  'begonia',
  'dahlia',
  'gardenia',
  'hibiscus',
  'magnolia',
  'oleander',
  'peony',
  'primrose',
  'tansy',
  'yarrow',
  'zinnia',
  'albatross',
  'cormorant',
  'flamingo',
  'kingfisher',
  'lapwing',
  'nightjar',
  'oriole',
  'quetzal',
  'sandpiper',
  'toucan',
  'warbler',
  'wagtail',
  'bobcat',
  'coyote',
  'dormouse',
  'ermine',
  'gopher',
  'hedgehog',
  'jerboa',
  'kinkajou',
  'mandrill',
  'numbat',
  'opossum',
  'porcupine',
  'raccoon',
  'serval',
  'tarsier',
  'wolverine',
  'anchovy',
  'barracuda',
  'grouper',
  'halibut',
  'mackerel',
  'marlin',
  'pilchard',
  'sturgeon',
  'tarpon',
  'turbot',
  'cuttlefish',

  'abalone',
  'barnacle',
  'scallop',
  'sponge',
  'coral',
  'citrine',
  'dolomite',
  'galena',
  'gypsum',
  'hematite',
  'kyanite',
  'lazurite',
  'olivine',
  'pyrite',
  'rhodonite',
  'sodalite',
  'topaz',
  'tourmaline',
  'turquoise',
  'cardamom',
  'fennel',
  'nutmeg',
  'paprika',
  'sumac',
  'turmeric',
  'wasabi',
  'chervil',
  'lovage',
  'borage',
  'caraway',
  'galangal',
  'kumquat',
  'loquat',
  'mulberry',
  'rambutan',
  'durian',
  'lychee',
  'papaya',
  'guava',
  'soursop',
  'medlar',
  'damson',
  'gooseberry',
  'elderflower',
] as const;

/** The lexicon words contained (case-insensitively) in `text`. */
export function lexiconWordsIn(text: string): string[] {
  const lower = text.toLowerCase();
  return LEXICON.filter((w) => lower.includes(w));
}

/** Hands out lexicon words, each at most once per transcript. */
export class Lexicon {
  private readonly free: string[];

  constructor(rng: Rng) {
    this.free = rng.sample(LEXICON, LEXICON.length);
  }

  take(): string {
    const w = this.free.pop();
    if (!w) throw new Error('wild: lexicon exhausted');
    return w;
  }
}

export const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);
export const camel = (...ws: string[]): string => ws.map((w, i) => (i ? cap(w) : w)).join('');
export const pascal = (...ws: string[]): string => ws.map(cap).join('');
export const snake = (...ws: string[]): string => ws.join('_');
export const kebab = (...ws: string[]): string => ws.join('-');

/** Filler nouns for identifiers, modules and file names (never a lexicon word or part of one). */
export const NOUNS = [
  'order',
  'invoice',
  'account',
  'session',
  'cache',
  'queue',
  'worker',
  'handler',
  'config',
  'report',
  'export',
  'payment',
  'user',
  'token',
  'client',
  'server',
  'request',
  'response',
  'batch',
  'record',
  'schedule',
  'metric',
  'event',
  'tenant',
  'region',
  'shard',
  'bucket',
  'profile',
  'search',
  'index',
  'parser',
  'retry',
  'timeout',
  'notify',
  'webhook',
  'upload',
  'stream',
  'buffer',
  'pool',
  'audit',
  'billing',
  'inventory',
  'catalog',
  'cart',
  'price',
  'discount',
  'shipment',
  'address',
  'email',
  'template',
  'locale',
  'job',
  'task',
  'plan',
  'quota',
  'limit',
  'window',
  'cursor',
  'page',
  'filter',
  'route',
  'policy',
  'grant',
  'role',
  'scope',
  'secret',
  'key',
  'digest',
  'hash',
  'signature',
];

/** Filler verbs for function names. */
export const VERBS = [
  'load',
  'save',
  'fetch',
  'build',
  'parse',
  'render',
  'apply',
  'merge',
  'split',
  'resolve',
  'compute',
  'check',
  'update',
  'create',
  'delete',
  'list',
  'find',
  'sync',
  'flush',
  'emit',
  'encode',
  'decode',
  'map',
  'reduce',
  'format',
  'normalize',
  'verify',
  'refresh',
  'retry',
  'collect',
];

/** Filler directories. */
export const DIRS = [
  'src',
  'lib',
  'internal',
  'pkg',
  'app',
  'core',
  'services',
  'api',
  'util',
  'common',
  'handlers',
  'models',
];

/** Filler adjectives for prose. */
export const ADJS = [
  'stale',
  'missing',
  'duplicate',
  'slow',
  'flaky',
  'partial',
  'empty',
  'nested',
  'legacy',
  'pending',
];

/** Common first names for reviewers, ticket reporters, commit authors. */
export const PEOPLE = [
  'dana',
  'priya',
  'tomasz',
  'ines',
  'kenji',
  'amara',
  'lukas',
  'sofia',
  'omar',
  'yuki',
  'nadia',
  'ravi',
];

/** A filler identifier in the given case. */
export function ident(rng: Rng, style: 'camel' | 'snake' | 'pascal' = 'camel'): string {
  const ws = [rng.pick(VERBS), rng.pick(NOUNS)];
  if (rng.chance(0.3)) ws.push(rng.pick(NOUNS));
  return style === 'snake' ? snake(...ws) : style === 'pascal' ? pascal(...ws) : camel(...ws);
}

/** A random lowercase hex string. */
export function hex(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += '0123456789abcdef'[rng.int(0, 15)];
  return s;
}

/** A timestamp-like string (fixed day, random time). */
export function clock(rng: Rng): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `2025-03-${p(rng.int(3, 27))}T${p(rng.int(0, 23))}:${p(rng.int(0, 59))}:${p(rng.int(0, 59))}.${String(rng.int(0, 999)).padStart(3, '0')}Z`;
}

/** Filler sentences: how agents narrate ordinary steps (no facts, no lexicon words). */
export const NARRATION = [
  'Let me look at how this is wired before changing anything.',
  "I'll check the existing tests first so I know what the current behaviour is.",
  'That output looks fine; moving on to the next part.',
  'Now let me run the test suite again to see where we stand.',
  'I need to see the caller of this function.',
  'The build passes now. Next I will check the lint step.',
  "Let me search for other usages so I don't miss one.",
  'This file is longer than expected; reading the relevant section.',
  'Good, that confirms the assumption. Continuing.',
  'I will make a small, focused change here and re-run the tests.',
  'The previous command printed a lot of noise; the relevant part is near the end.',
  'Checking git status to see what has changed so far.',
  'Let me open the module that defines this type.',
  "That didn't work as expected. Let me read the error more carefully.",
  'Running the formatter before the next commit.',
  'I want to confirm the config values the service actually loads.',
];
