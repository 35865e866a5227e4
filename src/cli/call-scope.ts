/**
 * Client calls cancelled by one long-lived signal (Ctrl-C), without piling listeners on it.
 *
 * `Connection.withAbortSignal` adds an `abort` listener to its signal for every gRPC call
 * made under it and never removes it, so running a whole session under one signal added one
 * listener per call and Node warned (MaxListenersExceededWarning) after ten. Here each client
 * call gets its own short-lived signal, linked to the long-lived one by a single listener that
 * is removed when the call settles.
 */
import type { Client } from '@temporalio/client';

/** Runs `fn` (calls on `client`) so that aborting `signal` cancels its requests. */
export async function withCallSignal<T>(client: Client, signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
  const call = new AbortController();
  const forward = () => call.abort(signal.reason);
  if (signal.aborted) call.abort(signal.reason);
  else signal.addEventListener('abort', forward, { once: true });
  try {
    return await client.connection.withAbortSignal(call.signal, fn);
  } finally {
    signal.removeEventListener('abort', forward);
  }
}
