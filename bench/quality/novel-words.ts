/**
 * Shared pieces of the novel transcript family (novel.ts): minting the invented words and ids
 * that make each needle unique to its episode, and small text helpers used by the tool
 * outputs. Filler text never uses the minting syllables, so an invented word can only occur
 * where a fact put it.
 */
import type { Rng } from './rng';

/** Syllables of invented words: combinations no real log, language or name produces. */
const SYLLABLES = [
  'zor',
  'vex',
  'quil',
  'myx',
  'gosk',
  'plav',
  'wyn',
  'brix',
  'skaj',
  'yod',
  'trev',
  'zhem',
  'jib',
  'vot',
  'lusk',
  'hax',
  'drov',
  'kuv',
  'fenq',
  'oxa',
  'murz',
  'twy',
  'glax',
  'pyk',
];

/** Mints the unique tokens of one transcript: invented words, ids, hex strings, claimed numbers. */
export class Mint {
  private readonly used = new Set<string>();

  constructor(private readonly rng: Rng) {}

  /** A new lowercase invented word (7–12 letters) that neither contains nor is contained in an earlier one. */
  word(): string {
    for (;;) {
      let w = '';
      const n = this.rng.int(2, 3);
      for (let i = 0; i < n; i++) w += this.rng.pick(SYLLABLES);
      if (w.length < 7 || w.length > 12) continue;
      if (this.claim(w)) return w;
    }
  }

  /** A new id: `prefix` then `digits` digits (e.g. `CHG-4821937`). */
  id(prefix: string, digits = 7): string {
    for (;;) {
      const t = `${prefix}${this.rng.int(1, 9)}${digitString(this.rng, digits - 1)}`;
      if (this.claim(t)) return t;
    }
  }

  /** A new lowercase hex string of `n` (≥ 10) characters. */
  hex(n: number): string {
    for (;;) {
      const t = hex(this.rng, n);
      if (/[a-f]/.test(t) && this.claim(t)) return t;
    }
  }

  /** Reserves a token made elsewhere; false when it (or a token overlapping it) is already taken. */
  claim(token: string): boolean {
    const t = token.toLowerCase();
    for (const u of this.used) if (u.includes(t) || t.includes(u)) return false;
    this.used.add(t);
    return true;
  }
}

/** `Zorvex` from `zorvex`. */
export function cap(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** `n` random lowercase hex digits. */
export function hex(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += '0123456789abcdef'.charAt(rng.int(0, 15));
  return s;
}

/** `n` random digits. */
export function digitString(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(rng.int(0, 9));
  return s;
}

/** `n` random letters and digits. */
export function alnum(rng: Rng, n: number): string {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let s = '';
  for (let i = 0; i < n; i++) s += abc.charAt(rng.int(0, abc.length - 1));
  return s;
}

/** Left-pads `s` to `n` characters. */
export function padL(s: string | number, n: number): string {
  return String(s).padStart(n);
}

/** Right-pads `s` to `n` characters. */
export function padR(s: string | number, n: number): string {
  return String(s).padEnd(n);
}

/** Lines from `line(i)` until the text reaches `chars` characters (at least one line). */
export function fillLines(chars: number, line: (i: number) => string): string {
  const out: string[] = [];
  let n = 0;
  for (let i = 0; n < chars || i === 0; i++) {
    const l = line(i);
    out.push(l);
    n += l.length + 1;
  }
  return out.join('\n');
}

/** An ISO-like timestamp `minutes` after a fixed session start, with seconds and millis from `rng`. */
export function stamp(rng: Rng, minutes: number): string {
  const h = 9 + Math.floor(minutes / 60);
  const m = minutes % 60;
  return `2024-06-11T${String(h % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}.${digitString(rng, 3)}Z`;
}

/** A size class for a tool output: mostly small, some medium, a few very large (5–40 KB). */
export function sizeClass(rng: Rng): number {
  return rng.weighted<number>([
    [rng.int(80, 700), 55],
    [rng.int(700, 4000), 38],
    [rng.logInt(5000, 40000), 7],
  ]);
}

/** People who appear in sessions (reviewers, owners, authors of handoff notes). */
export const PEOPLE = [
  'Priya',
  'Tomasz',
  'Amara',
  'Kenji',
  'Lucía',
  'Dmitri',
  'Ngozi',
  'Hannah',
  'Rafael',
  'Mei',
  'Oskar',
  'Farah',
];
