/** durable-context, sandbox-safe entry point: the session workflow, its handler definitions, and the pure engine. */
export * from './workflows';
export type * from './workflows/types';
export * from './context';
