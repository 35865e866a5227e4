/**
 * Reading the payloads and times of history events: JSON payloads (`json/plain`), as the
 * default data converter writes them.
 */
import type { temporal } from '@temporalio/proto';
import { CliError } from '../failure';

type Payload = temporal.api.common.v1.IPayload;
type HistoryEvent = temporal.api.history.v1.IHistoryEvent;

/** Decodes one JSON payload (`json/plain`); `binary/null` is undefined. */
export function decodePayload(payload: Payload | null | undefined): unknown {
  if (!payload) return undefined;
  const encoding = Buffer.from(payload.metadata?.encoding ?? new Uint8Array()).toString('utf8');
  if (encoding === 'binary/null') return undefined;
  if (encoding !== 'json/plain') {
    throw new CliError(
      `a payload is encoded as '${encoding}' (an encryption codec?): only json/plain histories can be read`,
      'HistoryUnreadable',
    );
  }
  return JSON.parse(Buffer.from(payload.data ?? new Uint8Array()).toString('utf8')) as unknown;
}

/** The first payload of a list, decoded. */
export function first(payloads: { payloads?: Payload[] | null } | null | undefined): unknown {
  return decodePayload(payloads?.payloads?.[0]);
}

/** When an event happened (its event time). */
export function timeOf(event: HistoryEvent): Date | undefined {
  const t = event.eventTime;
  if (!t?.seconds) return undefined;
  return new Date(Number(t.seconds) * 1000 + Math.floor((t.nanos ?? 0) / 1e6));
}
