/**
 * Encryption keys from the operator: DURABLE_CONTEXT_KEYS (`id:key,id:key`) or
 * DURABLE_CONTEXT_KEY_FILE (one `id:key` per line, `#` comments). Each key is 32 bytes as
 * base64 or 64 hex digits; the first entry encrypts, all decrypt. Errors name the variable
 * and the entry, never the key material.
 */
import { readFileSync } from 'node:fs';
import { InvalidConfigError } from '../context/errors';
import { KEY_BYTES, KEY_ID_PATTERN, Keyring, type EncryptionKey } from './keyring';

/** The variable that holds keys inline. */
export const KEYS_VAR = 'DURABLE_CONTEXT_KEYS';
/** The variable that names a key file. */
export const KEY_FILE_VAR = 'DURABLE_CONTEXT_KEY_FILE';

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/**
 * Parses key entries: `id:key` separated by commas or newlines, blank lines and `#` comments
 * ignored. `source` names where they came from, for the error message.
 */
export function parseKeys(text: string, source: string): EncryptionKey[] {
  const entries = text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*$/, ''))
    .flatMap((line) => line.split(','))
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length) throw new InvalidConfigError(source, 'holds no keys');
  const keys: EncryptionKey[] = [];
  for (const [i, entry] of entries.entries()) {
    const colon = entry.indexOf(':');
    const id = colon < 0 ? '' : entry.slice(0, colon).trim();
    const secret = colon < 0 ? '' : entry.slice(colon + 1).trim();
    const where = `entry ${i + 1}${KEY_ID_PATTERN.test(id) ? ` ('${id}')` : ''}`;
    if (!KEY_ID_PATTERN.test(id)) {
      throw new InvalidConfigError(source, `${where} must be 'id:key' with an id of letters, digits, '.', '_' or '-'`);
    }
    const key = decodeKey(secret);
    if (!key) {
      throw new InvalidConfigError(source, `${where}: the key must be ${KEY_BYTES} bytes, as base64 or 64 hex digits`);
    }
    if (keys.some((k) => k.id === id)) throw new InvalidConfigError(source, `key id '${id}' appears twice`);
    keys.push({ id, key });
  }
  return keys;
}

function decodeKey(secret: string): Uint8Array | undefined {
  if (HEX_KEY.test(secret)) return Buffer.from(secret, 'hex');
  if (!BASE64_KEY.test(secret)) return undefined;
  const key = Buffer.from(secret, secret.includes('-') || secret.includes('_') ? 'base64url' : 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}

/**
 * The keyring configured in `env`, or undefined when neither DURABLE_CONTEXT_KEYS nor
 * DURABLE_CONTEXT_KEY_FILE is set. Setting both is an error (which would encrypt?).
 */
export function keyringFromEnv(env: Record<string, string | undefined> = process.env): Keyring | undefined {
  const inline = env[KEYS_VAR];
  const file = env[KEY_FILE_VAR];
  if (inline && file) throw new InvalidConfigError(KEYS_VAR, `set either ${KEYS_VAR} or ${KEY_FILE_VAR}, not both`);
  if (inline) return new Keyring(parseKeys(inline, KEYS_VAR));
  if (!file) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new InvalidConfigError(KEY_FILE_VAR, `cannot read '${file}': ${(err as Error).message}`);
  }
  return new Keyring(parseKeys(text, KEY_FILE_VAR));
}
