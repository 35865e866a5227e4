import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FailureType, InvalidConfigError } from '../../../src/context/errors';
import { DecryptionFailedError, generateKey, Keyring } from '../../../src/encryption/keyring';
import { keyringFromEnv, parseKeys } from '../../../src/encryption/keys-from-env';

const k1 = randomBytes(32);
const k2 = randomBytes(32);

describe('Keyring', () => {
  it('encrypts with the first key, decrypts with any, and uses a fresh nonce each time', () => {
    const ring = new Keyring([
      { id: 'k2', key: k2 },
      { id: 'k1', key: k1 },
    ]);
    expect(ring.primaryId).toBe('k2');
    expect(ring.ids).toEqual(['k2', 'k1']);
    const plain = Buffer.from('hello, secret world');
    const a = ring.encrypt(plain);
    const b = ring.encrypt(plain);
    expect(a.keyId).toBe('k2');
    expect(a.data.equals(b.data)).toBe(false);
    expect(a.data.includes(plain)).toBe(false);
    expect(ring.decrypt('k2', a.data).toString()).toBe('hello, secret world');
    const old = new Keyring([{ id: 'k1', key: k1 }]).encrypt(plain);
    expect(ring.decrypt('k1', old.data).toString()).toBe('hello, secret world');
  });

  it('detects tampering and a wrong additional-data binding', () => {
    const ring = new Keyring([{ id: 'k1', key: k1 }]);
    const sealed = ring.encrypt(Buffer.from('payload'), Buffer.from('ref-a'));
    expect(ring.decrypt('k1', sealed.data, Buffer.from('ref-a')).toString()).toBe('payload');
    expect(() => ring.decrypt('k1', sealed.data, Buffer.from('ref-b'))).toThrow(/failed authentication/);
    const flipped = Buffer.from(sealed.data);
    flipped[14] = (flipped[14] as number) ^ 1;
    expect(() => ring.decrypt('k1', flipped, Buffer.from('ref-a'))).toThrow(DecryptionFailedError);
    expect(() => ring.decrypt('k1', flipped.subarray(0, 10))).toThrow(/truncated/);
  });

  it('names the missing key and the configured ones, never key bytes', () => {
    const ring = new Keyring([{ id: 'k1', key: k1 }]);
    let err: DecryptionFailedError | undefined;
    try {
      ring.decrypt('k9', Buffer.alloc(40));
    } catch (e) {
      err = e as DecryptionFailedError;
    }
    expect(err).toBeInstanceOf(DecryptionFailedError);
    expect(err?.type).toBe(FailureType.DecryptionFailed);
    expect(err?.keyId).toBe('k9');
    expect(err?.message).toMatch(/key 'k9'.*configured keys are 'k1'.*DURABLE_CONTEXT_KEYS/);
    expect(err?.message).not.toContain(k1.toString('base64'));
  });

  it('refuses bad keys at construction', () => {
    expect(() => new Keyring([])).toThrow(/at least one key/);
    expect(() => new Keyring([{ id: 'k1', key: randomBytes(16) }])).toThrow(/16 bytes/);
    expect(() => new Keyring([{ id: 'bad id', key: k1 }])).toThrow(/key id/);
    expect(
      () =>
        new Keyring([
          { id: 'k1', key: k1 },
          { id: 'k1', key: k2 },
        ]),
    ).toThrow(/twice/);
  });
});

describe('parseKeys / keyringFromEnv', () => {
  const b64 = k1.toString('base64');
  const hex = k2.toString('hex');

  it('reads id:key entries as base64, base64url or hex, separated by commas or lines, with comments', () => {
    const keys = parseKeys(`# newest first\nnew:${hex}\n\nold:${b64}, older:${k1.toString('base64url')}\n`, 'X');
    expect(keys.map((k) => k.id)).toEqual(['new', 'old', 'older']);
    expect(Buffer.from(keys[0]!.key).equals(k2)).toBe(true);
    expect(Buffer.from(keys[1]!.key).equals(k1)).toBe(true);
    expect(Buffer.from(keys[2]!.key).equals(k1)).toBe(true);
    expect(Buffer.from(generateKey(), 'base64')).toHaveLength(32);
  });

  it.each([
    ['', /holds no keys/],
    [b64, /entry 1 must be 'id:key'/],
    ['k1:not-a-key', /entry 1 \('k1'\).*32 bytes/],
    [`k1:${randomBytes(16).toString('base64')}`, /32 bytes/],
    [`k1:${b64},k1:${hex}`, /'k1' appears twice/],
  ])('rejects %j with a clear error that does not echo the key', (text, message) => {
    let err: unknown;
    try {
      parseKeys(text, 'DURABLE_CONTEXT_KEYS');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InvalidConfigError);
    expect((err as Error).message).toMatch(/DURABLE_CONTEXT_KEYS/);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toContain(b64);
  });

  it('takes the keys from DURABLE_CONTEXT_KEYS or a key file, not both, and none means no encryption', () => {
    expect(keyringFromEnv({})).toBeUndefined();
    expect(keyringFromEnv({ DURABLE_CONTEXT_KEYS: `a:${b64}` })?.ids).toEqual(['a']);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dc-keys-')), 'keys');
    writeFileSync(file, `b:${hex}\na:${b64}\n`);
    expect(keyringFromEnv({ DURABLE_CONTEXT_KEY_FILE: file })?.ids).toEqual(['b', 'a']);
    expect(() => keyringFromEnv({ DURABLE_CONTEXT_KEYS: `a:${b64}`, DURABLE_CONTEXT_KEY_FILE: file })).toThrow(
      /either DURABLE_CONTEXT_KEYS or DURABLE_CONTEXT_KEY_FILE/,
    );
    expect(() => keyringFromEnv({ DURABLE_CONTEXT_KEY_FILE: '/no/such/keys' })).toThrow(
      /DURABLE_CONTEXT_KEY_FILE.*cannot read/,
    );
  });
});
