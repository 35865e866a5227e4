/**
 * The tool registry: tools defined once with a JSON Schema for their arguments, offered to
 * the model by name, and run by the `executeTool` activity after their arguments validate.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import { InvalidConfigError } from '../../context/errors';
import type { OpenAITool } from '../tokenizer';

/** What a tool's `execute` receives besides its arguments. */
export interface ToolContext {
  /** `workflowId:runId:toolCallId`: the same on every retry of this call. Use it to make side effects idempotent. */
  idempotencyKey: string;
  toolCallId: string;
  /** Aborted on activity cancellation or when the tool's timeout expires. */
  signal: AbortSignal;
  /** Reports progress to Temporal (no-op outside an activity). */
  heartbeat(details?: unknown): void;
}

/** A tool's output with its outcome. A plain string result means `{ output, status: 'ok' }`. */
export interface ToolOutput {
  /** Text, or bytes (binary output is detected and shown as a placeholder). */
  output: string | Uint8Array;
  status?: 'ok' | 'error';
  exitCode?: number;
}

/** A JSON Schema object describing a tool's arguments. */
export type JsonSchema = Record<string, unknown>;

/** Definition of a tool. */
export interface ToolDefinition<Args = Record<string, unknown>> {
  /** `^[a-zA-Z0-9_-]{1,64}$`, as the chat-completions protocol requires. */
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: JsonSchema;
  /**
   * Runs the tool. Throw an `ApplicationFailure` to let Temporal retry the activity; any
   * other error becomes an error result the model sees.
   */
  execute(args: Args, ctx: ToolContext): Promise<string | ToolOutput>;
  /** Milliseconds before the call is aborted and reported as timed out. */
  timeout?: number;
  /** True when running the tool twice has the effect of running it once (reads). */
  idempotent?: boolean;
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Declares a tool, checking its name and schema early (at worker start, not at the first call). */
export function defineTool<Args = Record<string, unknown>>(definition: ToolDefinition<Args>): ToolDefinition<Args> {
  if (!TOOL_NAME.test(definition.name)) {
    throw new InvalidConfigError(`tools.${definition.name}`, 'tool names must match ^[a-zA-Z0-9_-]{1,64}$');
  }
  if (definition.parameters['type'] !== 'object') {
    throw new InvalidConfigError(`tools.${definition.name}.parameters`, "must be a JSON Schema with type 'object'");
  }
  return definition;
}

/** A tool of any argument type, as the registry accepts it. */
export type AnyToolDefinition = ToolDefinition<never>;

/** A compiled, registered tool. */
export interface RegisteredTool {
  definition: ToolDefinition<Record<string, unknown>>;
  validate: ValidateFunction;
  /** The exact object sent in `tools[]` (also what the token counter counts). */
  schema: OpenAITool;
}

/** The tools of a worker, by name. */
export class ToolRegistry {
  private readonly tools = new Map<string, RegisteredTool>();
  private readonly ajv = new Ajv({ allErrors: true, strict: false });

  constructor(definitions: readonly AnyToolDefinition[] = []) {
    for (const d of definitions) this.register(d);
  }

  /** Adds a tool; names are unique. */
  register<Args>(definition: ToolDefinition<Args>): this {
    const def = defineTool(definition) as unknown as ToolDefinition<Record<string, unknown>>;
    if (this.tools.has(def.name))
      throw new InvalidConfigError(`tools.${def.name}`, 'a tool with this name is already registered');
    let validate: ValidateFunction;
    try {
      validate = this.ajv.compile(def.parameters);
    } catch (err) {
      throw new InvalidConfigError(`tools.${def.name}.parameters`, `invalid JSON Schema: ${(err as Error).message}`);
    }
    const schema: OpenAITool = {
      type: 'function',
      function: { name: def.name, description: def.description, parameters: def.parameters },
    };
    this.tools.set(def.name, { definition: def, validate, schema });
    return this;
  }

  /** The registered tool called `name`, if any. */
  get(name: string): RegisteredTool | undefined {
    return this.tools.get(name);
  }

  /** Names of all registered tools, in registration order. */
  names(): string[] {
    return [...this.tools.keys()];
  }

  /** The `tools[]` entries for `names` (all tools when omitted); unknown names are a configuration error. */
  schemas(names?: readonly string[]): OpenAITool[] {
    return (names ?? this.names()).map((name) => {
      const tool = this.tools.get(name);
      if (!tool)
        throw new InvalidConfigError(
          'tools',
          `tool '${name}' is not registered (known: ${this.names().join(', ') || 'none'})`,
        );
      return tool.schema;
    });
  }
}
