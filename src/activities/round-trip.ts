/** Input of the {@link echo} activity. */
export interface EchoInput {
  text: string;
}

/** Result of the {@link echo} activity. */
export interface EchoResult {
  text: string;
  length: number;
}

/** Returns its input with its length: the activity half of the round-trip workflow. */
export async function echo(input: EchoInput): Promise<EchoResult> {
  return { text: input.text, length: input.text.length };
}
