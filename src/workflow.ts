/** durable-context, sandbox-safe entry point: the workflows and the pure context engine. */
export * from './workflows';
export * from './context/types';
export * from './context/errors';
