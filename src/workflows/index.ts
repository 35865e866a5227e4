/** Every workflow the worker registers. This module is bundled into Temporal's sandbox. */
export { agentSession } from './agent-session';
export type { SessionSummary } from './agent-session';
export { contentRetention, RETENTION_WORKFLOW_TYPE } from './retention';
export * from './definitions';
