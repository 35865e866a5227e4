/** Encryption of Temporal payloads and stored content with AES-256-GCM keys that rotate. */
export { CIPHER_NAME, DecryptionFailedError, Keyring, generateKey, type EncryptionKey, type Sealed } from './keyring';
export { KEY_FILE_VAR, KEYS_VAR, keyringFromEnv, parseKeys } from './keys-from-env';
export { AesGcmPayloadCodec, ENCRYPTED_ENCODING, KEY_ID_METADATA, isEncrypted } from './payload-codec';
export {
  DurableContextEncryptionPlugin,
  ENCRYPTION_PLUGIN_NAME,
  withPayloadEncryption,
  ENCRYPTED_FAILURE_CONVERTER_PATH,
  type EncryptionPluginOptions,
} from './encryption-plugin';
export { startCodecServer, type CodecServer, type CodecServerOptions } from './codec-server';
