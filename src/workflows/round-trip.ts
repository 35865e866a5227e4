import { proxyActivities } from '@temporalio/workflow';
import type * as activities from '../activities/round-trip';

const { echo } = proxyActivities<typeof activities>({ startToCloseTimeout: '10 seconds' });

/** Input of {@link roundTrip}. */
export interface RoundTripInput {
  text: string;
}

/**
 * The smallest real workflow: one activity round trip. It proves the server, worker,
 * bundle and replay harness work end to end.
 */
export async function roundTrip(input: RoundTripInput): Promise<string> {
  const first = await echo({ text: input.text });
  return `round trip: ${first.text}`;
}
