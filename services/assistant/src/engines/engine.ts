// What every engine of Taylor is (docs/assistant.md, "Engines"): given the conversation so far, the creator's new
// message and a toolbox bound to the creator, it calls tools and writes an answer, streaming its text as it goes.
// The offline engine (offline.ts) and the model adapter (model.ts) are the two behind this interface.
import type { AppLink, AssistantEngine } from '@travelclub/contracts';

/** What a tool call gives back: the data for the engine, a line for the creator, and the links it makes. */
export interface ToolResult {
  ok: boolean;
  /** One line shown in the chat while the tool runs and after ("Found 12 hotels in Lisbon, Portugal"). */
  summary: string;
  /** The result as the engine sees it (JSON-safe). On a refusal: `{ error: message }`. */
  data: unknown;
  links: AppLink[];
}

/** A tool as a model is told about it: the name, what it is for, and its arguments as JSON Schema. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** The tools one turn may call, bound to the creator and the conversation. */
export interface Toolbox {
  readonly specs: readonly ToolSpec[];
  /**
   * Calls a tool by name with its raw arguments. An unknown tool or arguments that fail the contract's schema
   * give `ok: false` with the reason, and nothing runs. Never throws for a refusal of the tool's own.
   */
  call(name: string, args: unknown): Promise<ToolResult>;
}

export interface HistoryMessage {
  role: 'user' | 'assistant';
  text: string;
  /** The hotels Taylor's tools named for this answer, so "the second one" can be found later. */
  hotels?: readonly { id: string; name: string; slug: string }[];
}

export interface TurnInput {
  /** The conversation before this message, oldest first. */
  history: readonly HistoryMessage[];
  /** The creator's new message. */
  text: string;
  /** The creator's today (YYYY-MM-DD), for "next weekend" and "last month". */
  today: string;
  tools: Toolbox;
  /** Streams the next piece of the answer to the creator. */
  emit(text: string): void;
  /** Model tokens this turn may still use (the smaller of the conversation's and the day's). */
  tokenBudget: number;
  signal: AbortSignal;
}

export interface TurnOutput {
  /** The whole answer, exactly what was emitted. */
  text: string;
  /** Model tokens the turn used (prompt and answer); 0 for the offline engine. */
  tokensUsed: number;
  /** Of those, the prompts' (`input`) and the answers' (`output`), adding up to `tokensUsed`; none offline. */
  tokens?: { input: number; output: number };
}

export interface Engine {
  readonly name: AssistantEngine;
  reply(turn: TurnInput): Promise<TurnOutput>;
}

/** Why an engine could not answer, in words for the creator (docs/assistant.md, "Errors"). */
export type EngineErrorCode = 'model-unavailable' | 'model-timeout' | 'model-rate-limited' | 'token-budget-used';

export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    /** What was streamed before it failed, and the tokens it used. */
    readonly partial: TurnOutput = { text: '', tokensUsed: 0 },
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'EngineError';
  }
}
