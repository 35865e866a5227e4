/**
 * Finds the history shape of the SDK update/replay ordering bug
 * (docs/sdk-update-replay-order.md): a workflow task whose completion recorded another command
 * before an `UpdateAccepted`. The TypeScript SDK accepts an update as soon as it handles the
 * update's job, and on replay Core hands that job in the same activation as the task's other
 * jobs, ahead of them — so on replay the acceptance always comes first, and such a history
 * cannot replay.
 */
import type { History } from '@temporalio/common/lib/proto-utils';

type Event = NonNullable<History['events']>[number];

/** One workflow task completion with a command recorded before an update acceptance. */
export interface AcceptedAfterCommand {
  /** The `WorkflowTaskCompleted` event. */
  taskCompletedId: number;
  /** The first command event after it, and its kind (e.g. `activityTaskScheduled`). */
  commandId: number;
  commandType: string;
  /** The `WorkflowExecutionUpdateAccepted` event recorded after that command. */
  acceptedId: number;
  updateName: string;
  /** The event the update request was sequenced after (the task's `WorkflowTaskScheduled`). */
  sequencingEventId: number;
}

/** Attributes of the events a workflow task completion records for commands other than updates. */
const COMMAND_ATTRIBUTES = [
  'activityTaskScheduledEventAttributes',
  'activityTaskCancelRequestedEventAttributes',
  'timerStartedEventAttributes',
  'timerCanceledEventAttributes',
  'startChildWorkflowExecutionInitiatedEventAttributes',
  'signalExternalWorkflowExecutionInitiatedEventAttributes',
  'requestCancelExternalWorkflowExecutionInitiatedEventAttributes',
  'markerRecordedEventAttributes',
  'upsertWorkflowSearchAttributesEventAttributes',
  'workflowPropertiesModifiedEventAttributes',
  'nexusOperationScheduledEventAttributes',
  'nexusOperationCancelRequestedEventAttributes',
] as const;

function commandOf(e: Event): string | undefined {
  return COMMAND_ATTRIBUTES.find((key) => e[key] != null)?.replace(/EventAttributes$/, '');
}

/** Every workflow task completion in `history` that recorded a command before an update acceptance. */
export function acceptedAfterCommand(history: History): AcceptedAfterCommand[] {
  const events = history.events ?? [];
  const found: AcceptedAfterCommand[] = [];
  for (let i = 0; i < events.length; i++) {
    if (!events[i]?.workflowTaskCompletedEventAttributes) continue;
    let first: { event: Event; type: string } | undefined;
    for (let j = i + 1; j < events.length; j++) {
      const e = events[j] as Event;
      const accepted = e.workflowExecutionUpdateAcceptedEventAttributes;
      if (accepted) {
        if (first) {
          found.push({
            taskCompletedId: Number(events[i]?.eventId),
            commandId: Number(first.event.eventId),
            commandType: first.type,
            acceptedId: Number(e.eventId),
            updateName: accepted.acceptedRequest?.input?.name ?? '',
            sequencingEventId: Number(accepted.acceptedRequestSequencingEventId),
          });
        }
        continue;
      }
      if (e.workflowExecutionUpdateCompletedEventAttributes) continue;
      const type = commandOf(e);
      if (!type) break; // the task's commands end at the first event they did not produce
      first ??= { event: e, type };
    }
  }
  return found;
}
