import { randomBytes } from 'node:crypto';
import { DefaultPayloadConverter, type PayloadCodec } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { DecryptionFailedError, Keyring } from '../../../src/encryption/keyring';
import { withPayloadEncryption } from '../../../src/encryption/encryption-plugin';
import { AesGcmPayloadCodec, ENCRYPTED_ENCODING, isEncrypted } from '../../../src/encryption/payload-codec';

const converter = new DefaultPayloadConverter();
const k1 = { id: 'k1', key: randomBytes(32) };
const k2 = { id: 'k2', key: randomBytes(32) };
const text = (bytes: Uint8Array | null | undefined) => Buffer.from(bytes ?? []).toString('utf8');

describe('AesGcmPayloadCodec', () => {
  const secret = { text: 'my API key is sk-live-123 and the code is PINEAPPLE-4711' };

  it('encrypts each payload whole (metadata included) under the first key, and decodes it back', async () => {
    const codec = new AesGcmPayloadCodec(new Keyring([k1]));
    const payload = converter.toPayload(secret);
    const [encoded] = await codec.encode([payload]);
    expect(text(encoded?.metadata?.encoding)).toBe(ENCRYPTED_ENCODING);
    expect(text(encoded?.metadata?.['encryption-key-id'])).toBe('k1');
    expect(text(encoded?.metadata?.['encryption-cipher'])).toBe('AES256-GCM');
    expect(text(encoded?.data)).not.toContain('PINEAPPLE');
    expect(text(encoded?.data)).not.toContain('json/plain');
    expect(isEncrypted(encoded!)).toBe(true);
    const [decoded] = await codec.decode([encoded!]);
    expect(converter.fromPayload(decoded!)).toEqual(secret);
  });

  it('decodes payloads of an older key after rotation, and passes unencrypted ones through', async () => {
    const [old] = await new AesGcmPayloadCodec(new Keyring([k1])).encode([converter.toPayload('old')]);
    const rotated = new AesGcmPayloadCodec(new Keyring([k2, k1]));
    const plain = converter.toPayload('never encrypted');
    const decoded = await rotated.decode([old!, plain]);
    expect(decoded.map((p) => converter.fromPayload(p))).toEqual(['old', 'never encrypted']);
    const [fresh] = await rotated.encode([converter.toPayload('new')]);
    expect(text(fresh?.metadata?.['encryption-key-id'])).toBe('k2');
    await expect(new AesGcmPayloadCodec(new Keyring([k1])).decode([fresh!])).rejects.toThrow(
      /key 'k2', but the configured keys are 'k1'/,
    );
  });

  it('without keys: sends as is, and names the missing key instead of an unknown encoding', async () => {
    const none = new AesGcmPayloadCodec(undefined);
    const payload = converter.toPayload('plain');
    expect(await none.encode([payload])).toEqual([payload]);
    const [encrypted] = await new AesGcmPayloadCodec(new Keyring([k1])).encode([payload]);
    const failure = none.decode([encrypted!]);
    await expect(failure).rejects.toBeInstanceOf(DecryptionFailedError);
    await expect(none.decode([encrypted!])).rejects.toThrow(
      /encrypted with key 'k1', but no keys are configured.*DURABLE_CONTEXT_KEYS or DURABLE_CONTEXT_KEY_FILE/,
    );
  });

  it('is added after the codecs already configured, so it encrypts last and decrypts first', () => {
    const other: PayloadCodec = { encode: async (p) => p, decode: async (p) => p };
    const converterWith = withPayloadEncryption(new Keyring([k1]));
    const codecs = converterWith({ payloadCodecs: [other] }).payloadCodecs ?? [];
    expect(codecs[0]).toBe(other);
    expect(codecs[1]).toBeInstanceOf(AesGcmPayloadCodec);
    expect(converterWith(undefined).payloadCodecs).toHaveLength(1);
  });
});
