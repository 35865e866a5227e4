/**
 * The failure converter of encrypted deployments. A failure's message and stack trace are
 * plain strings of the history event, outside every payload, so a codec never sees them; a
 * provider's 400 that quotes the request, or a tool's error naming what it read, would reach
 * the server in plaintext. With `encodeCommonAttributes` the message and the stack travel in
 * the failure's encoded attributes, a payload the codec encrypts (the event keeps the message
 * "Encoded failure"); any client or worker that holds a key decodes them back.
 *
 * Loaded by path (`DataConverter.failureConverterPath`, see src/encryption/encryption-plugin.ts)
 * in the worker, the workflow bundle and clients, as the SDK requires.
 */
import { DefaultFailureConverter } from '@temporalio/common';

export const failureConverter = new DefaultFailureConverter({ encodeCommonAttributes: true });
