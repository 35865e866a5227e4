/**
 * `codec-server`: serves Temporal's remote codec endpoint (src/encryption/codec-server.ts)
 * with the keys of DURABLE_CONTEXT_KEYS or DURABLE_CONTEXT_KEY_FILE, until Ctrl-C. Point the
 * Temporal UI (Settings → Codec Server) or `temporal workflow show --codec-endpoint` at it to
 * read encrypted sessions.
 */
import { startCodecServer } from '../encryption/codec-server';
import { keyringFromEnv, KEY_FILE_VAR, KEYS_VAR } from '../encryption/keys-from-env';
import { AesGcmPayloadCodec } from '../encryption/payload-codec';
import { CliError } from './connect';

/** Origins of the Temporal UIs this project starts: the dev server's (8233) and docker-compose's (8080). */
export const DEFAULT_CORS_ORIGINS = [
  'http://localhost:8233',
  'http://127.0.0.1:8233',
  'http://localhost:8080',
  'http://127.0.0.1:8080',
];

/** Options of `codec-server`. */
export interface CodecServerCommandOptions {
  port: number;
  host: string;
  corsOrigin?: string[];
}

/** `codec-server`: runs until SIGINT or SIGTERM. */
export async function runCodecServer(options: CodecServerCommandOptions): Promise<void> {
  const keyring = keyringFromEnv();
  if (!keyring) throw new CliError(`codec-server needs the keys: set ${KEYS_VAR} or ${KEY_FILE_VAR}`);
  const corsOrigins = options.corsOrigin?.length ? options.corsOrigin : DEFAULT_CORS_ORIGINS;
  const server = await startCodecServer({
    codec: new AesGcmPayloadCodec(keyring),
    port: options.port,
    host: options.host,
    corsOrigins,
  });
  console.log(`Codec server at ${server.url} (keys: ${keyring.ids.join(', ')}; '${keyring.primaryId}' encrypts).`);
  console.log(`  Temporal UI: Settings → Codec Server → ${server.url} (allowed origins: ${corsOrigins.join(', ')})`);
  console.log(`  Temporal CLI: temporal workflow show --workflow-id <session> --codec-endpoint ${server.url}`);
  console.log('Press Ctrl-C to stop.');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
}
