/**
 * durable-context, worker and client side. Workflow code imports `durable-context/workflow`
 * instead: this entry point pulls in Node-only modules.
 */
export * from './context/types';
export * from './context/errors';
