// One request of the model engine: a streamed chat completion read to its end (text forwarded as it arrives,
// tool-call fragments put together, the usage noted), under a deadline, and its failures in the creator's words.
import OpenAI from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageFunctionToolCall,
} from 'openai/resources/chat/completions';
import { EngineError, type TurnOutput } from './engine.js';

export const modelErrorMessages = {
  'model-rate-limited': "Taylor's language model is busy right now. Please try again in a minute.",
  'model-timeout': "Taylor's language model took too long to answer. Please try again.",
  'model-unavailable': "Taylor's language model is not available right now. Please try again shortly.",
  'token-budget-used': 'Taylor has used its allowance for this conversation or for today, so this answer stops here.',
} as const;

export interface StreamedReply {
  /** The text of this request only. */
  content: string;
  toolCalls: ChatCompletionMessageFunctionToolCall[];
  finishReason: NonNullable<ChatCompletionChunk.Choice['finish_reason']>;
  /** The server's `usage.total_tokens`, or null when it sent none. */
  totalTokens: number | null;
  /** The server's `usage.prompt_tokens` (what the request sent), or null when it sent none. */
  promptTokens: number | null;
}

/** What one request is given: the client, the body, the turn's signal, and how long it may take in all. */
export interface ModelRequest {
  client: OpenAI;
  body: ChatCompletionCreateParamsStreaming;
  turnSignal: AbortSignal;
  timeoutMs: number;
  onText(piece: string): void;
}

/** The stream ended before the model said why it stopped (a cut connection the server closed cleanly, say). */
class IncompleteStreamError extends Error {
  override name = 'IncompleteStreamError';
}

/** The request's own deadline passed. */
class DeadlineError extends Error {
  override name = 'DeadlineError';
  constructor() {
    super('The model did not answer within the time allowed');
  }
}

/** Resolves as the promise does, or rejects as soon as the signal aborts (the package's retry sleeps do not). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Adds one chunk's tool-call fragments to the calls so far: each call by its index, its arguments in pieces. */
function mergeToolCallDeltas(
  calls: ChatCompletionMessageFunctionToolCall[],
  deltas: NonNullable<ChatCompletionChunk.Choice.Delta['tool_calls']>,
): void {
  deltas.forEach((delta, position) => {
    const index = typeof delta.index === 'number' ? delta.index : position;
    const call = (calls[index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
    if (delta.id) call.id = delta.id;
    if (delta.function?.name) call.function.name += delta.function.name;
    if (delta.function?.arguments) call.function.arguments += delta.function.arguments;
  });
}

/** Reads a stream to its end. The package ends the iteration quietly when its signal aborts: callers check. */
async function readStream(
  stream: AsyncIterable<ChatCompletionChunk>,
  onText: (piece: string) => void,
): Promise<Omit<StreamedReply, 'finishReason'> & { finishReason: StreamedReply['finishReason'] | null }> {
  const calls: ChatCompletionMessageFunctionToolCall[] = [];
  let content = '';
  let finishReason: StreamedReply['finishReason'] | null = null;
  let totalTokens: number | null = null;
  let promptTokens: number | null = null;
  for await (const chunk of stream) {
    if (typeof chunk.usage?.total_tokens === 'number') totalTokens = chunk.usage.total_tokens;
    if (typeof chunk.usage?.prompt_tokens === 'number') promptTokens = chunk.usage.prompt_tokens;
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    const piece = choice.delta?.content;
    if (piece) {
      content += piece;
      onText(piece);
    }
    if (choice.delta?.tool_calls) mergeToolCallDeltas(calls, choice.delta.tool_calls);
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }
  const toolCalls = calls
    .filter((call) => call !== undefined && call.function.name !== '')
    .map((call, n) => ({ ...call, id: call.id || `call_${n}` }));
  return { content, toolCalls, finishReason, totalTokens, promptTokens };
}

/**
 * Sends one streamed request and reads it to its end, all within `timeoutMs` (the package's own timeout stops
 * at the response's headers and restarts on each retry). Throws the package's errors, or the signal's reason.
 */
export async function streamReply(request: ModelRequest): Promise<StreamedReply> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DeadlineError()), request.timeoutMs);
  const signal = AbortSignal.any([request.turnSignal, deadline.signal]);
  try {
    const stream = await untilAborted(
      request.client.chat.completions.create(request.body, { signal, timeout: request.timeoutMs }),
      signal,
    );
    const reply = await untilAborted(readStream(stream, request.onText), signal);
    if (signal.aborted) throw signal.reason;
    if (!reply.finishReason) throw new IncompleteStreamError('The stream ended without a finish reason');
    return { ...reply, finishReason: reply.finishReason };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A failed request as the creator is told it, with what was streamed before. The package's error (status, type,
 * the provider's text) stays in `cause` for the logs, never in the message.
 */
export function toEngineError(
  error: unknown,
  context: { turnSignal: AbortSignal; lastStatus: number | undefined; partial: TurnOutput },
): EngineError {
  if (error instanceof EngineError) return error;
  const make = (code: keyof typeof modelErrorMessages) =>
    new EngineError(code, modelErrorMessages[code], context.partial, { cause: error });
  if (error instanceof DeadlineError) {
    // Still waiting out a 429's Retry-After when the time ran out: the model is busy, not slow.
    return make(context.lastStatus === 429 ? 'model-rate-limited' : 'model-timeout');
  }
  if (context.turnSignal.aborted || error instanceof OpenAI.APIUserAbortError) return make('model-timeout');
  if (error instanceof OpenAI.APIConnectionTimeoutError) return make('model-timeout');
  if (error instanceof OpenAI.APIError && error.status === 429) return make('model-rate-limited');
  return make('model-unavailable');
}
