/**
 * The search attributes sessions set (when the worker enables them): typed keys, shared by
 * the workflow (src/workflows/visibility.ts), the dev servers this package starts (which
 * register them) and the `sessions` command (which queries them).
 */
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/** The search attributes a session sets; register them on your server to enable them (README). */
export const SEARCH_ATTRIBUTES = {
  model: defineSearchAttributeKey('DurableContextModel', SearchAttributeType.KEYWORD),
  turns: defineSearchAttributeKey('DurableContextTurns', SearchAttributeType.INT),
  compactions: defineSearchAttributeKey('DurableContextCompactions', SearchAttributeType.INT),
  tokens: defineSearchAttributeKey('DurableContextTokens', SearchAttributeType.INT),
  lastActivity: defineSearchAttributeKey('DurableContextLastActivity', SearchAttributeType.DATETIME),
} as const;

/** `Name=Type` pairs as `temporal server start-dev --search-attribute` and `temporal operator search-attribute create` take them. */
export function searchAttributeFlags(): string[] {
  return Object.values(SEARCH_ATTRIBUTES).map((k) => `${k.name}=${TEMPORAL_CLI_TYPE[k.type]}`);
}

/** The Temporal CLI's names of the attribute types used here. */
const TEMPORAL_CLI_TYPE: Record<string, string> = { KEYWORD: 'Keyword', INT: 'Int', DATETIME: 'Datetime' };
