/**
 * The AES-256-GCM payload codec: every payload a client or worker sends to Temporal is
 * serialized (protobuf `Payload`, metadata included) and encrypted with the keyring's first
 * key; the key id travels in the new payload's metadata, so any configured key decrypts it.
 * Without a keyring the codec passes payloads through unchanged and turns an encrypted one
 * into a {@link DecryptionFailedError} naming its key, instead of the SDK's "unknown encoding".
 */
import type { Payload, PayloadCodec } from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import { CIPHER_NAME, DecryptionFailedError, missingKeyMessage, type Keyring } from './keyring';

/** `encoding` metadata of an encrypted payload (the convention of Temporal's encryption samples). */
export const ENCRYPTED_ENCODING = 'binary/encrypted';
/** Metadata key holding the id of the key a payload is encrypted with. */
export const KEY_ID_METADATA = 'encryption-key-id';
/** Metadata key holding the cipher's name. */
export const CIPHER_METADATA = 'encryption-cipher';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const ENCRYPTED_ENCODING_BYTES = encoder.encode(ENCRYPTED_ENCODING);
const CIPHER_BYTES = encoder.encode(CIPHER_NAME);

/** A {@link PayloadCodec} that encrypts with `keyring` (pass-through when it is undefined). */
export class AesGcmPayloadCodec implements PayloadCodec {
  constructor(readonly keyring?: Keyring) {}

  async encode(payloads: Payload[]): Promise<Payload[]> {
    const keyring = this.keyring;
    if (!keyring) return payloads;
    return payloads.map((payload) => {
      const { keyId, data } = keyring.encrypt(temporal.api.common.v1.Payload.encode(payload).finish());
      return {
        metadata: {
          encoding: ENCRYPTED_ENCODING_BYTES,
          [CIPHER_METADATA]: CIPHER_BYTES,
          [KEY_ID_METADATA]: encoder.encode(keyId),
        },
        data,
      };
    });
  }

  async decode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => this.decodeOne(payload));
  }

  private decodeOne(payload: Payload): Payload {
    if (!isEncrypted(payload)) return payload;
    const keyId = metadataString(payload, KEY_ID_METADATA);
    if (keyId === undefined) throw new DecryptionFailedError(undefined, 'an encrypted payload names no key id');
    const cipher = metadataString(payload, CIPHER_METADATA);
    if (cipher !== undefined && cipher !== CIPHER_NAME) {
      throw new DecryptionFailedError(keyId, `payload is encrypted with cipher '${cipher}', not ${CIPHER_NAME}`);
    }
    if (!this.keyring) throw new DecryptionFailedError(keyId, `Temporal payload: ${missingKeyMessage(keyId, [])}`);
    if (!this.keyring.has(keyId)) {
      throw new DecryptionFailedError(keyId, `Temporal payload: ${missingKeyMessage(keyId, this.keyring.ids)}`);
    }
    const plain = this.keyring.decrypt(keyId, payload.data ?? new Uint8Array());
    return temporal.api.common.v1.Payload.decode(plain);
  }
}

/** True when `payload` was encrypted by an {@link AesGcmPayloadCodec}. */
export function isEncrypted(payload: Payload): boolean {
  return metadataString(payload, 'encoding') === ENCRYPTED_ENCODING;
}

function metadataString(payload: Payload, key: string): string | undefined {
  const value = payload.metadata?.[key];
  return value ? decoder.decode(value) : undefined;
}
