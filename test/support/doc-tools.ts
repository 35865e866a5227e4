/** Deterministic test tools: their output depends only on their arguments. */
import { defineTool } from '../../src/activities/tools/registry';

/** A paragraph-sized deterministic text for `topic`, `lines` lines long. */
export function docText(topic: string, lines: number): string {
  const out: string[] = [];
  for (let i = 1; i <= lines; i++) {
    out.push(
      `${topic} line ${i}: the ${topic} module handles request ${i * 7} with status ${i % 3 === 0 ? 'ok' : 'pending'}.`,
    );
  }
  return out.join('\n');
}

/** `fetch_doc({topic, lines})`: returns {@link docText}. */
export const fetchDocTool = defineTool<{ topic: string; lines?: number }>({
  name: 'fetch_doc',
  description: 'Fetch the documentation of a topic.',
  parameters: {
    type: 'object',
    properties: { topic: { type: 'string' }, lines: { type: 'integer', minimum: 1, maximum: 100000 } },
    required: ['topic'],
    additionalProperties: false,
  },
  idempotent: true,
  async execute(args) {
    return docText(args.topic, args.lines ?? 20);
  },
});
