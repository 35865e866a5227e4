/**
 * AES-256-GCM keys with ids, for Temporal payloads (src/encryption/payload-codec.ts) and for
 * stored content (src/store/blob-cipher.ts). The first key encrypts; every key decrypts, so
 * a key is rotated by putting a new one first and keeping the old ones until nothing still
 * needs them. Keys come from the operator (environment or a key file, src/encryption/keys-from-env.ts),
 * never from workflow input.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DurableContextError, FailureType } from '../context/errors';

/** Length of an AES-256 key. */
export const KEY_BYTES = 32;
/** Length of a GCM nonce: 96 bits, random per encryption. */
export const IV_BYTES = 12;
/** Length of a GCM authentication tag. */
export const TAG_BYTES = 16;
/** The cipher's name, as written in payload metadata. */
export const CIPHER_NAME = 'AES256-GCM';

/** What a key id may look like: short, printable, safe in metadata, headers and logs. */
export const KEY_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** One key: its id (stored next to everything it encrypts) and its 32 bytes. */
export interface EncryptionKey {
  id: string;
  key: Uint8Array;
}

/** Encrypted data that cannot be decrypted: its key is not configured here, or it was altered. */
export class DecryptionFailedError extends DurableContextError {
  constructor(
    /** The id of the key the data names, when it names one. */
    readonly keyId: string | undefined,
    message: string,
  ) {
    super(FailureType.DecryptionFailed, message, keyId === undefined ? {} : { keyId });
  }
}

/** The result of {@link Keyring.encrypt}: the key used and `iv | ciphertext | tag`. */
export interface Sealed {
  keyId: string;
  data: Buffer;
}

/** A set of keys: the first encrypts, all decrypt. Key bytes never appear in messages. */
export class Keyring {
  private readonly keys = new Map<string, Buffer>();
  /** The id of the key that encrypts. */
  readonly primaryId: string;

  constructor(keys: readonly EncryptionKey[]) {
    const first = keys[0];
    if (!first) throw new TypeError('a keyring needs at least one key');
    for (const { id, key } of keys) {
      if (!KEY_ID_PATTERN.test(id)) throw new TypeError(`key id '${id}' must match ${KEY_ID_PATTERN}`);
      if (key.length !== KEY_BYTES) throw new TypeError(`key '${id}' has ${key.length} bytes, not ${KEY_BYTES}`);
      if (this.keys.has(id)) throw new TypeError(`key id '${id}' appears twice`);
      this.keys.set(id, Buffer.from(key));
    }
    this.primaryId = first.id;
  }

  /** Every key id, the encrypting one first. */
  get ids(): string[] {
    return [...this.keys.keys()];
  }

  /** True when a key with this id is configured. */
  has(id: string): boolean {
    return this.keys.has(id);
  }

  /** Encrypts with the primary key and a fresh random nonce; `aad` is authenticated, not stored. */
  encrypt(plaintext: Uint8Array, aad?: Uint8Array): Sealed {
    const key = this.keys.get(this.primaryId) as Buffer;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    if (aad) cipher.setAAD(aad);
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { keyId: this.primaryId, data: Buffer.concat([iv, body, cipher.getAuthTag()]) };
  }

  /**
   * Decrypts `data` (`iv | ciphertext | tag`) with key `keyId`. Throws
   * {@link DecryptionFailedError} when that key is not configured or authentication fails.
   */
  decrypt(keyId: string, data: Uint8Array, aad?: Uint8Array): Buffer {
    const key = this.keys.get(keyId);
    if (!key) throw new DecryptionFailedError(keyId, missingKeyMessage(keyId, this.ids));
    if (data.length < IV_BYTES + TAG_BYTES) {
      throw new DecryptionFailedError(keyId, `encrypted data under key '${keyId}' is truncated`);
    }
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    if (aad) decipher.setAAD(aad);
    try {
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new DecryptionFailedError(
        keyId,
        `data encrypted under key '${keyId}' failed authentication: it was altered, or key '${keyId}' is not the key it was encrypted with`,
      );
    }
  }
}

/** The message for data under a key this process does not have (`ids` empty: no keys at all). */
export function missingKeyMessage(keyId: string, ids: readonly string[]): string {
  const have = ids.length ? `the configured keys are ${ids.map((i) => `'${i}'`).join(', ')}` : 'no keys are configured';
  return (
    `data is encrypted with key '${keyId}', but ${have}: ` +
    `add key '${keyId}' to DURABLE_CONTEXT_KEYS or DURABLE_CONTEXT_KEY_FILE to read it`
  );
}

/** A new random key, base64-encoded, as DURABLE_CONTEXT_KEYS takes it. */
export function generateKey(): string {
  return randomBytes(KEY_BYTES).toString('base64');
}
