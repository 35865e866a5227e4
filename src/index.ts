/**
 * durable-context, worker and client side: the Temporal plugin, the activities and their
 * dependencies (content store, tools, model registry), typed client helpers for sessions,
 * and the pure context engine. Workflow code imports `durable-context/workflow` instead:
 * this entry point pulls in Node-only modules.
 */
export * from './context';
export * from './activities';
export { FilesystemStore, MemoryStore, contentRef, getJson, getText, isContentRef, type ContentStore } from './store';
export {
  PostgresStore,
  StoreUnavailableError,
  describeStore,
  openStore,
  type FilesystemStoreOptions,
  type PostgresStoreOptions,
  type StoreConfig,
} from './store';
export * from './encryption';
export { DurableContextPlugin, PLUGIN_NAME, sessionActivities, workflowsPath } from './plugin';
export type { DurableContextPluginOptions } from './plugin';
export * from './client';
export * from './workflows/definitions';
export type * from './workflows/types';
export type { SessionSummary } from './workflows/agent-session';
export { workerConfigFromEnv, DEFAULT_TASK_QUEUE, type WorkerConfig } from './config';
export { createWorker, loadTools } from './worker';
