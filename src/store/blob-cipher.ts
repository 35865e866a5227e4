/**
 * Encryption at rest of stored blobs, shared by the filesystem and PostgreSQL stores. A blob
 * is sealed as `MAGIC | key-id length | key id | iv | ciphertext | tag`, with its reference
 * as additional authenticated data, so a blob moved under another reference fails to open.
 * The reference stays the sha256 of the plaintext: the same content has the same address
 * whether or not, and under whichever key, it is encrypted.
 */
import { DecryptionFailedError, missingKeyMessage, type Keyring } from '../encryption/keyring';
import type { ContentRef } from '../context/types';

/** First bytes of a sealed blob; a NUL first byte never starts the JSON or text the engine stores. */
export const SEALED_MAGIC = Uint8Array.from([0x00, 0x64, 0x63, 0x65, 0x31]); // "\0dce1"

const encoder = new TextEncoder();

/** The bytes to store for `plaintext` under `ref`: sealed with the keyring's first key, or as they are. */
export function sealBlob(keyring: Keyring | undefined, ref: ContentRef, plaintext: Uint8Array): Uint8Array {
  if (!keyring) return plaintext;
  const { keyId, data } = keyring.encrypt(plaintext, encoder.encode(ref));
  const id = encoder.encode(keyId);
  const out = new Uint8Array(SEALED_MAGIC.length + 1 + id.length + data.length);
  out.set(SEALED_MAGIC, 0);
  out[SEALED_MAGIC.length] = id.length;
  out.set(id, SEALED_MAGIC.length + 1);
  out.set(data, SEALED_MAGIC.length + 1 + id.length);
  return out;
}

/**
 * The plaintext of a stored blob. Blobs written before encryption was enabled are returned
 * as they are; a sealed blob needs its key, else {@link DecryptionFailedError} names it.
 */
export function openBlob(keyring: Keyring | undefined, ref: ContentRef, stored: Uint8Array): Uint8Array {
  if (!isSealed(stored)) return stored;
  const idLength = stored[SEALED_MAGIC.length] as number;
  const start = SEALED_MAGIC.length + 1;
  const keyId = new TextDecoder().decode(stored.subarray(start, start + idLength));
  if (!keyring) throw new DecryptionFailedError(keyId, `content ${ref}: ${missingKeyMessage(keyId, [])}`);
  if (!keyring.has(keyId)) {
    throw new DecryptionFailedError(keyId, `content ${ref}: ${missingKeyMessage(keyId, keyring.ids)}`);
  }
  return keyring.decrypt(keyId, stored.subarray(start + idLength), encoder.encode(ref));
}

/** True when `stored` starts like a sealed blob. */
export function isSealed(stored: Uint8Array): boolean {
  return stored.length > SEALED_MAGIC.length && SEALED_MAGIC.every((b, i) => stored[i] === b);
}
