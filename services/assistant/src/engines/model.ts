// Taylor's language-model engine (docs/assistant.md, "Engines"): any OpenAI-compatible chat-completions server (a
// hosted provider, Ollama, llama.cpp's server, vLLM), streamed, calling the turn's tools until it can answer.
import OpenAI from 'openai';
import type {
  ChatCompletionCreateParamsStreaming,
  ChatCompletionFunctionTool,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { EngineError, type Engine, type ToolSpec, type TurnInput, type TurnOutput } from './engine.js';
import { modelErrorMessages, streamReply, toEngineError, type StreamedReply } from './model-stream.js';

export { modelErrorMessages } from './model-stream.js';

export interface ModelEngineOptions {
  /** The server's OpenAI-compatible base, e.g. `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  model: string;
  /** Sent as the bearer token; local servers need none. */
  apiKey?: string;
  /** How long one request to the model may take, its retries and the whole stream included. */
  timeoutMs: number;
  /** Extra tries of a request refused with 429 or 5xx, or not answered (the openai package's own retries). */
  maxRetries: number;
  /** Tool calls one answer may make; then the model answers from what it has. */
  maxToolCalls: number;
  /** The longest answer one request may ask the model for (`max_tokens`), within the turn's budget. */
  maxOutputTokens: number;
  systemPrompt: string;
  fetch?: typeof fetch;
}

interface TurnState {
  /** Everything emitted so far. */
  text: string;
  tokensUsed: number;
  /** Of `tokensUsed`, the prompts' and the answers'. */
  tokens: { input: number; output: number };
  toolCalls: number;
  /** The HTTP status of the server's latest answer, to tell a slow server from one that keeps saying 429. */
  lastStatus: number | undefined;
}

const partialOf = (state: TurnState): TurnOutput => ({
  text: state.text,
  tokensUsed: state.tokensUsed,
  tokens: { ...state.tokens },
});
const budgetUsed = (state: TurnState) =>
  new EngineError('token-budget-used', modelErrorMessages['token-budget-used'], partialOf(state));

/** A local server needs no key, but the package refuses to start without one. */
const NO_API_KEY = 'not-needed';

/** How long a refusing server asks to be left alone (`retry-after-ms`, `retry-after` in seconds or as a date). */
function requestedWaitMs(headers: Headers): number | null {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (!Number.isNaN(ms)) return ms;
  const after = headers.get('retry-after');
  if (!after) return null;
  const seconds = Number.parseFloat(after);
  if (!Number.isNaN(seconds)) return seconds * 1_000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? null : date - Date.now();
}

/**
 * The package waits out any Retry-After, however long, in a sleep nothing can cut short. A wait longer than the
 * request may take is not worth starting: the answer is marked not to be retried, and the creator told at once.
 */
function withoutLongWaits(response: Response, limitMs: number): Response {
  const wait = response.ok ? null : requestedWaitMs(response.headers);
  if (wait === null || wait <= limitMs) return response;
  const headers = new Headers(response.headers);
  headers.set('x-should-retry', 'false');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function clientFor(options: ModelEngineOptions, state: TurnState): OpenAI {
  const send = options.fetch ?? globalThis.fetch;
  const fetchNotingStatus: typeof fetch = async (input, init) => {
    const response = await send(input, init);
    state.lastStatus = response.status;
    return withoutLongWaits(response, options.timeoutMs);
  };
  return new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey ?? NO_API_KEY,
    // Not the OPENAI_ORG_ID / OPENAI_PROJECT_ID of the environment: they are no business of another provider.
    organization: null,
    project: null,
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
    fetch: fetchNotingStatus,
    // Its logs would carry the provider's raw answers; the errors reach the caller with their cause instead.
    logLevel: 'off',
  });
}

function openingMessages(systemPrompt: string, turn: TurnInput): ChatCompletionMessageParam[] {
  return [
    { role: 'system', content: `${systemPrompt}\n\nToday is ${turn.today}.` },
    ...turn.history.map((message): ChatCompletionMessageParam => ({ role: message.role, content: message.text })),
    { role: 'user', content: turn.text },
  ];
}

const toFunctionTool = (spec: ToolSpec): ChatCompletionFunctionTool => ({
  type: 'function',
  function: { name: spec.name, description: spec.description, parameters: spec.parameters },
});

type ParsedArguments = { ok: true; args: unknown } | { ok: false };

function parseArguments(raw: string): ParsedArguments {
  // Some servers send an empty string for a tool that takes no arguments.
  if (raw.trim() === '') return { ok: true, args: {} };
  try {
    return { ok: true, args: JSON.parse(raw) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * The model's tool-call message as it goes back to the server. Arguments that are not JSON go back as `{}`:
 * servers that render the conversation through a chat template parse them, and would refuse the request.
 */
function assistantToolCallMessage(reply: StreamedReply): ChatCompletionMessageParam {
  const toolCalls = reply.toolCalls.map((call) => ({
    ...call,
    function: {
      ...call.function,
      arguments: parseArguments(call.function.arguments).ok ? call.function.arguments : '{}',
    },
  }));
  return { role: 'assistant', content: reply.content || null, tool_calls: toolCalls };
}

/** What a call gives the model: the toolbox's data (its refusals included), or why it was not made. */
async function toolData(turn: TurnInput, call: ChatCompletionMessageFunctionToolCall, allowed: boolean) {
  if (!allowed) {
    return { error: 'Not run: this answer has used all the tool calls it may make. Answer from what you have.' };
  }
  const parsed = parseArguments(call.function.arguments);
  if (!parsed.ok) return { error: 'The arguments were not valid JSON. Call the tool again with a JSON object.' };
  return (await turn.tools.call(call.function.name, parsed.args)).data;
}

/** Runs the reply's tool calls in order, as far as the turn's cap allows, and gives one `tool` message per call. */
async function answerToolCalls(
  turn: TurnInput,
  state: TurnState,
  calls: readonly ChatCompletionMessageFunctionToolCall[],
  maxToolCalls: number,
): Promise<ChatCompletionMessageParam[]> {
  const answers: ChatCompletionMessageParam[] = [];
  for (const call of calls) {
    const data = await toolData(turn, call, state.toolCalls < maxToolCalls);
    state.toolCalls += 1;
    answers.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(data) ?? 'null' });
  }
  return answers;
}

/**
 * The request's tokens as the server counted them, and of those the prompt's (the rest are the answer's); a
 * server that counts none gets about four characters each.
 */
function tokensOf(reply: StreamedReply, body: ChatCompletionCreateParamsStreaming) {
  const sent = JSON.stringify(body.messages).length;
  const written = reply.content.length + reply.toolCalls.reduce((n, call) => n + call.function.arguments.length, 0);
  const estimate = Math.ceil((sent + written) / 4);
  // Cut off at max_tokens: it wrote at least that much.
  const total =
    reply.totalTokens ?? (reply.finishReason === 'length' ? Math.max(estimate, body.max_tokens ?? 0) : estimate);
  // Never more than the total, so the two kinds add up to what the budget counted.
  const input = Math.min(total, reply.promptTokens ?? Math.ceil(sent / 4));
  return { total, input, output: total - input };
}

interface RequestContext {
  client: OpenAI;
  options: ModelEngineOptions;
  turn: TurnInput;
  state: TurnState;
}

/** One request of the turn, streaming its text to the creator; its failure becomes the creator's EngineError. */
async function requestReply(
  { client, options, turn, state }: RequestContext,
  messages: readonly ChatCompletionMessageParam[],
  tools: ChatCompletionFunctionTool[] | undefined,
): Promise<StreamedReply> {
  const body: ChatCompletionCreateParamsStreaming = {
    model: options.model,
    messages: [...messages],
    stream: true,
    stream_options: { include_usage: true },
    // Servers refuse an answer longer than the model may write (or than its context holds): never ask for more.
    max_tokens: Math.min(options.maxOutputTokens, turn.tokenBudget - state.tokensUsed),
    ...(tools ? { tools } : {}),
  };
  let firstPiece = true;
  const onText = (piece: string) => {
    // The text after a round of tools starts a new paragraph of the one answer.
    const gap = firstPiece && state.text !== '' && !/\s$/.test(state.text) ? '\n\n' : '';
    firstPiece = false;
    for (const part of gap ? [gap, piece] : [piece]) {
      state.text += part;
      turn.emit(part);
    }
  };
  state.lastStatus = undefined;
  try {
    const reply = await streamReply({ client, body, turnSignal: turn.signal, timeoutMs: options.timeoutMs, onText });
    const used = tokensOf(reply, body);
    state.tokensUsed += used.total;
    state.tokens.input += used.input;
    state.tokens.output += used.output;
    return reply;
  } catch (error) {
    throw toEngineError(error, { turnSignal: turn.signal, lastStatus: state.lastStatus, partial: partialOf(state) });
  }
}

/**
 * Asks the model, runs the tools it calls and asks again, until it answers without tools. Once the turn has made
 * `maxToolCalls` calls, the last request offers no tools, so the model answers from what it has.
 */
async function runTurn(options: ModelEngineOptions, turn: TurnInput): Promise<TurnOutput> {
  const state: TurnState = {
    text: '',
    tokensUsed: 0,
    tokens: { input: 0, output: 0 },
    toolCalls: 0,
    lastStatus: undefined,
  };
  if (turn.tokenBudget <= 0) throw budgetUsed(state);
  const context: RequestContext = { client: clientFor(options, state), options, turn, state };
  const tools = turn.tools.specs.map(toFunctionTool);
  const messages = openingMessages(options.systemPrompt, turn);
  for (;;) {
    const offerTools = tools.length > 0 && state.toolCalls < options.maxToolCalls;
    const reply = await requestReply(context, messages, offerTools ? tools : undefined);
    // Tool calls in a reply that was offered none are not run: the reply's text is the answer.
    const answered = !offerTools || reply.toolCalls.length === 0;
    const cutShort = !answered || reply.finishReason === 'length';
    if (cutShort && state.tokensUsed >= turn.tokenBudget) throw budgetUsed(state);
    if (answered) return partialOf(state);
    messages.push(assistantToolCallMessage(reply));
    try {
      messages.push(...(await answerToolCalls(turn, state, reply.toolCalls, options.maxToolCalls)));
    } catch (error) {
      // A tool stopped by the turn's end is the turn's time-out; any other failure of a tool is the toolbox's own.
      if (!turn.signal.aborted) throw error;
      throw toEngineError(error, { turnSignal: turn.signal, lastStatus: undefined, partial: partialOf(state) });
    }
  }
}

/** The engine that answers through a language model; `fetch` is for tests and proxies. */
export function createModelEngine(options: ModelEngineOptions): Engine {
  return { name: 'model', reply: (turn) => runTurn(options, turn) };
}
