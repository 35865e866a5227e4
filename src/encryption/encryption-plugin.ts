/**
 * Payload encryption as a Temporal plugin. `DurableContextPlugin` (src/plugin.ts) includes it
 * for workers and replay; a client that only starts and talks to sessions uses
 * {@link DurableContextEncryptionPlugin} alone:
 *
 * ```ts
 * const client = new Client({ connection, plugins: [new DurableContextEncryptionPlugin({ keyring: keyringFromEnv() })] });
 * ```
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DataConverter } from '@temporalio/common';
import { SimplePlugin } from '@temporalio/plugin';
import type { Keyring } from './keyring';
import { AesGcmPayloadCodec } from './payload-codec';

/** Name under which {@link DurableContextEncryptionPlugin} registers. */
export const ENCRYPTION_PLUGIN_NAME = 'durable-context-encryption';

/**
 * The module exporting the failure converter that moves failure messages and stack traces into
 * an encoded payload (src/encryption/failure-converter.ts); `.ts` under tsx, `.js` in lib/.
 */
export const ENCRYPTED_FAILURE_CONVERTER_PATH = ['.js', '.ts']
  .map((ext) => path.join(__dirname, `failure-converter${ext}`))
  .find((file) => existsSync(file)) as string;

/**
 * Adds an {@link AesGcmPayloadCodec} after the data converter's existing codecs, so it is the
 * last to encode (nothing after it sees plaintext) and the first to decode. With keys, failure
 * messages and stack traces are encoded into a payload too, so the codec encrypts them (unless
 * the data converter already names a failure converter of its own, which is kept).
 */
export function withPayloadEncryption(keyring: Keyring | undefined): (existing?: DataConverter) => DataConverter {
  const codec = new AesGcmPayloadCodec(keyring);
  return (existing) => ({
    ...existing,
    payloadCodecs: [...(existing?.payloadCodecs ?? []), codec],
    ...(keyring && !existing?.failureConverterPath ? { failureConverterPath: ENCRYPTED_FAILURE_CONVERTER_PATH } : {}),
  });
}

/** Options of {@link DurableContextEncryptionPlugin}. */
export interface EncryptionPluginOptions {
  /** The keys; without them payloads pass unencrypted and encrypted ones fail with a clear `DecryptionFailed`. */
  keyring: Keyring | undefined;
}

/** Encrypts every payload of a client or worker with the keyring (see src/encryption/payload-codec.ts). */
export class DurableContextEncryptionPlugin extends SimplePlugin {
  constructor(options: EncryptionPluginOptions) {
    super({ name: ENCRYPTION_PLUGIN_NAME, dataConverter: withPayloadEncryption(options.keyring) });
  }
}
