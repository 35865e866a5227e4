import { proxyActivities, sleep } from '@temporalio/workflow';
import type * as activities from '../../../src/activities/round-trip';

const { echo } = proxyActivities<typeof activities>({ startToCloseTimeout: '10 seconds' });

/**
 * A deliberately incompatible edit of `roundTrip`: it starts a timer before the activity.
 * Replaying a history recorded by the real workflow against this must fail.
 */
export async function roundTrip(input: { text: string }): Promise<string> {
  await sleep(1);
  const first = await echo({ text: input.text });
  return `round trip: ${first.text}`;
}
