/** The activities of durable-context: model calls, token counting, summaries, tools. */
export { createActivities, type ActivitiesOptions, type DurableContextActivities } from './create-activities';
export {
  estimateCost,
  KNOWN_MODEL_NAMES,
  resolveModel,
  type EncodingName,
  type ModelSpec,
  type UserModelSpec,
} from './models';
export { type ModelsConfig } from './model-client';
export { retryAfterMs, toActivityFailure } from './provider-errors';
export { SUMMARY_PREFIX } from './summarizers/transcript';
export { tokenCounter, TokenCounter, type OpenAITool } from './tokenizer';
export { builtinTools, grepTool, listDirTool, readFileTool, runCommandTool } from './tools/builtin';
export { defineTool, ToolRegistry, type ToolContext, type ToolDefinition, type ToolOutput } from './tools/registry';
export type * from './types';
