/** The structured checkpoint prompt of the llm summarizer. */

/** Section headings every llm summary must have, in order. */
export const CHECKPOINT_SECTIONS = [
  'Goal',
  'Progress and decisions',
  'Files and code',
  'Errors and fixes',
  'Pending work',
  'Next step',
] as const;

/** The system prompt: what to keep and how to lay it out. */
export function checkpointSystemPrompt(maxTokens: number): string {
  return [
    "You summarize an AI agent's working session into a checkpoint that lets the agent continue",
    'the work without the original conversation. Fold the new conversation into the previous summary.',
    `Use exactly these markdown sections, in this order: ${CHECKPOINT_SECTIONS.map((s) => `## ${s}`).join(', ')}.`,
    'Keep exact file paths, commands, identifiers, numbers and error messages. Record decisions and why.',
    'Do not invent facts, do not answer questions, do not continue the task.',
    `Be concise: at most ${maxTokens} tokens.`,
  ].join('\n');
}

/** The user prompt for one chunk. */
export function checkpointUserPrompt(previous: string | undefined, transcript: string, focus?: string): string {
  const parts = [
    `<previous_summary>\n${previous?.trim() || '(none)'}\n</previous_summary>`,
    `<conversation>\n${transcript}\n</conversation>`,
  ];
  if (focus) parts.push(`Pay particular attention to: ${focus}`);
  parts.push('Write the updated checkpoint.');
  return parts.join('\n\n');
}
