/**
 * The store as the activities see it: every put names the session it is for, the workflow
 * that scheduled the activity (`<namespace>/<workflowId>`, src/store/content-store.ts), so
 * retention (src/store/retention.ts) knows who still needs each blob. Outside an activity
 * (benchmarks, scripts) puts go without an owner, as before.
 */
import { sessionOwner, type ContentOwner, type ContentStore, type PutOptions } from '../store/content-store';
import { currentActivity } from './activity-context';

/** The session of the running activity, or undefined outside one. */
export function activityOwner(): ContentOwner | undefined {
  const info = currentActivity()?.info;
  const workflowId = info?.workflowExecution?.workflowId;
  return info && workflowId ? sessionOwner(info.namespace, workflowId) : undefined;
}

/** `store` with the running activity's session as the owner of every put that names none. */
export function ownedStore(store: ContentStore): ContentStore {
  const owned: ContentStore = {
    put: (content: Uint8Array | string, options: PutOptions = {}) => {
      const owner = options.owner ?? activityOwner();
      return store.put(content, owner === undefined ? options : { ...options, owner });
    },
    get: (ref) => store.get(ref),
    has: (ref) => store.has(ref),
  };
  const read = store.getText;
  if (read) owned.getText = (ref) => read.call(store, ref);
  if (store.close) owned.close = () => store.close?.() ?? Promise.resolve();
  return owned;
}
