// The model engine against a chat-completions server of the test's own: streamed answers, the tool-call loop
// and its cap, refused and malformed tool calls, the provider's failures in the creator's words, and the budget.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EngineError, type ToolResult, type ToolSpec, type Toolbox, type TurnInput } from '../../src/engines/engine.js';
import { createModelEngine, type ModelEngineOptions } from '../../src/engines/model.js';
import { replies, startFakeModelServer, type FakeModelServer } from './fake-model-server.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => server.reset());

const BUSY = "Taylor's language model is busy right now. Please try again in a minute.";
const SLOW = "Taylor's language model took too long to answer. Please try again.";
const DOWN = "Taylor's language model is not available right now. Please try again shortly.";

type Handler = (args: unknown) => ToolResult;

/** A toolbox of the given tools: it records every call, runs only its own tools and refuses any other name. */
function fakeToolbox(handlers: Record<string, Handler>) {
  const asked: { name: string; args: unknown }[] = [];
  const ran: { name: string; args: unknown }[] = [];
  const specs: ToolSpec[] = Object.keys(handlers).map((name) => ({
    name,
    description: `The ${name} tool`,
    parameters: { type: 'object', properties: {}, additionalProperties: true },
  }));
  const toolbox: Toolbox = {
    specs,
    async call(name, args) {
      asked.push({ name, args });
      const handler = handlers[name];
      if (!handler) {
        const error = `There is no tool called ${name}.`;
        return { ok: false, summary: error, data: { error }, links: [] };
      }
      ran.push({ name, args });
      return handler(args);
    },
  };
  return { toolbox, asked, ran };
}

const found = (data: unknown, summary = 'done'): ToolResult => ({ ok: true, summary, data, links: [] });

const hotelsData = {
  destination: 'Lisbon, Portugal',
  hotels: [{ id: 'h-casa', name: 'Casa Lisboa', price: '€312.00' }],
};
const availabilityData = { hotelId: 'h-casa', rooms: [{ name: 'Double', price: '€312.00', freeCancellation: true }] };

function engine(overrides: Partial<ModelEngineOptions> = {}) {
  return createModelEngine({
    baseUrl: server.baseUrl,
    model: 'test-model',
    timeoutMs: 2_000,
    maxRetries: 0,
    maxToolCalls: 4,
    maxOutputTokens: 100_000,
    systemPrompt: 'You are Taylor.',
    ...overrides,
  });
}

function turnFor(toolbox: Toolbox, overrides: Partial<TurnInput> = {}) {
  const pieces: string[] = [];
  const turn: TurnInput = {
    history: [],
    text: 'Hotels in Lisbon next weekend for two?',
    today: '2026-06-03',
    tools: toolbox,
    emit: (piece) => void pieces.push(piece),
    tokenBudget: 10_000,
    signal: new AbortController().signal,
    ...overrides,
  };
  return { turn, pieces };
}

/** The EngineError a reply failed with. */
async function failure(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => {
      throw new Error('The turn answered; it was expected to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

const usage = (prompt: number, completion: number) => ({ prompt_tokens: prompt, completion_tokens: completion });
const body = (n: number) => server.requests[n]!.body;
const lastMessages = (n: number, count: number) => body(n).messages.slice(-count);

describe('a streamed answer', () => {
  it('never asks for a longer answer than the model may write, whatever the budget left', async () => {
    server.script(replies.text(['Sure.'], usage(10, 2)));
    const { toolbox } = fakeToolbox({});
    await engine({ maxOutputTokens: 300 }).reply(turnFor(toolbox, { tokenBudget: 5_000 }).turn);
    expect(body(0).max_tokens).toBe(300);
  });

  it('emits each piece as it comes, answers their join and counts the tokens the server reported', async () => {
    server.script(replies.text(['Lisbon ', 'is ', 'lovely ', 'in June.'], usage(40, 8)));
    const { toolbox } = fakeToolbox({ search_hotels: () => found({}) });
    const history = [
      { role: 'user' as const, text: 'Hi Taylor' },
      { role: 'assistant' as const, text: 'Hello! Where to?' },
    ];
    const { turn, pieces } = turnFor(toolbox, { history, text: 'Is Lisbon nice?', tokenBudget: 5_000 });

    const output = await engine().reply(turn);

    expect(pieces).toEqual(['Lisbon ', 'is ', 'lovely ', 'in June.']);
    expect(output).toEqual({ text: pieces.join(''), tokensUsed: 48, tokens: { input: 40, output: 8 } });
    expect(server.requests).toHaveLength(1);
    const sent = body(0);
    expect(sent.model).toBe('test-model');
    expect(sent.stream).toBe(true);
    expect(sent.stream_options).toEqual({ include_usage: true });
    expect(sent.max_tokens).toBe(5_000);
    expect(sent.messages).toEqual([
      { role: 'system', content: 'You are Taylor.\n\nToday is 2026-06-03.' },
      { role: 'user', content: 'Hi Taylor' },
      { role: 'assistant', content: 'Hello! Where to?' },
      { role: 'user', content: 'Is Lisbon nice?' },
    ]);
    expect(sent.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'search_hotels',
          description: 'The search_hotels tool',
          parameters: toolbox.specs[0]!.parameters,
        },
      },
    ]);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer not-needed');
  });

  it('sends the configured key as the bearer token', async () => {
    server.script(replies.text(['Hi.'], usage(10, 1)));
    const { toolbox } = fakeToolbox({});
    await engine({ apiKey: 'sk-test-123' }).reply(turnFor(toolbox).turn);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-test-123');
    expect(body(0).tools).toBeUndefined();
  });
});

describe('the tool-call loop', () => {
  it('runs each tool the model asks for with its streamed arguments, gives the results back, then answers', async () => {
    const searchArgs = { destination: 'Lisbon', checkIn: '2026-06-12', checkOut: '2026-06-14', guests: 2 };
    const availabilityArgs = { hotelId: 'h-casa', checkIn: '2026-06-12', checkOut: '2026-06-14', guests: 2 };
    const searchJson = JSON.stringify(searchArgs);
    const availabilityJson = JSON.stringify(availabilityArgs);
    server.script(
      replies.toolCalls(
        [
          {
            id: 'call_s',
            name: 'search_hotels',
            arguments: [searchJson.slice(0, 9), searchJson.slice(9, 30), searchJson.slice(30)],
          },
        ],
        { text: ['Let me look.'], usage: usage(100, 20) },
      ),
      replies.toolCalls(
        [
          {
            id: 'call_a',
            name: 'check_availability',
            arguments: [availabilityJson.slice(0, 15), availabilityJson.slice(15)],
          },
        ],
        { usage: usage(150, 25) },
      ),
      replies.text(['Casa Lisboa ', 'has a double for €312.00.'], usage(200, 12)),
    );
    const { toolbox, ran } = fakeToolbox({
      search_hotels: () => found(hotelsData),
      check_availability: () => found(availabilityData),
    });
    const { turn, pieces } = turnFor(toolbox);

    const output = await engine().reply(turn);

    expect(ran).toEqual([
      { name: 'search_hotels', args: searchArgs },
      { name: 'check_availability', args: availabilityArgs },
    ]);
    expect(server.requests).toHaveLength(3);
    expect(lastMessages(1, 2)).toEqual([
      {
        role: 'assistant',
        content: 'Let me look.',
        tool_calls: [{ id: 'call_s', type: 'function', function: { name: 'search_hotels', arguments: searchJson } }],
      },
      { role: 'tool', tool_call_id: 'call_s', content: JSON.stringify(hotelsData) },
    ]);
    expect(lastMessages(2, 2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'check_availability', arguments: availabilityJson } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a', content: JSON.stringify(availabilityData) },
    ]);
    // Every request offers the tools, and the conversation grows by the calls and their results.
    expect(server.requests.map((r) => r.body.tools?.length)).toEqual([2, 2, 2]);
    expect(server.requests.map((r) => r.body.messages.length)).toEqual([2, 4, 6]);
    expect(pieces).toEqual(['Let me look.', '\n\n', 'Casa Lisboa ', 'has a double for €312.00.']);
    expect(output).toEqual({
      text: 'Let me look.\n\nCasa Lisboa has a double for €312.00.',
      tokensUsed: 120 + 175 + 212,
      tokens: { input: 100 + 150 + 200, output: 20 + 25 + 12 },
    });
  });

  it('stops offering tools after maxToolCalls calls, so the model answers from what it has', async () => {
    const search = (n: number) => ({
      id: `call_${n}`,
      name: 'search_hotels',
      arguments: `{"destination":"Place ${n}"}`,
    });
    server.script(
      replies.toolCalls([search(1), search(2)]),
      replies.toolCalls([search(3), search(4)]),
      replies.text(['Here is what I found.']),
    );
    const { toolbox, ran } = fakeToolbox({ search_hotels: (args) => found({ searched: args }) });

    const output = await engine({ maxToolCalls: 3 }).reply(turnFor(toolbox).turn);

    expect(ran.map((call) => call.args)).toEqual([
      { destination: 'Place 1' },
      { destination: 'Place 2' },
      { destination: 'Place 3' },
    ]);
    expect(server.requests).toHaveLength(3);
    // The call past the cap is answered without running, so every call the model made has its answer.
    const toolMessages = body(2).messages.filter((m) => m.role === 'tool');
    expect(toolMessages.map((m) => m.tool_call_id)).toEqual(['call_1', 'call_2', 'call_3', 'call_4']);
    expect(JSON.parse(toolMessages[3]!.content!)).toEqual({ error: expect.stringContaining('Not run') });
    expect(body(1).tools).toHaveLength(1);
    expect(body(2).tools).toBeUndefined();
    expect(body(2).tool_choice).toBeUndefined();
    expect(output.text).toBe('Here is what I found.');
  });

  it('runs nothing for tool calls in the last reply, which was offered no tools', async () => {
    const search = (n: number) => ({ id: `call_${n}`, name: 'search_hotels', arguments: '{}' });
    server.script(replies.toolCalls([search(1)]), {
      stream: [
        { text: 'I have enough.' },
        { toolCall: { index: 0, id: 'call_2', name: 'search_hotels', arguments: '{}' } },
        { finish: 'tool_calls' },
      ],
    });
    const { toolbox, ran } = fakeToolbox({ search_hotels: () => found({}) });

    const output = await engine({ maxToolCalls: 1 }).reply(turnFor(toolbox).turn);

    expect(ran).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
    expect(output.text).toBe('I have enough.');
  });

  it('passes a tool it may not use to the toolbox, which refuses; the model sees the refusal and answers', async () => {
    server.script(
      replies.toolCalls([{ id: 'call_p', name: 'publish_package', arguments: '{"packageId":"p-1"}' }]),
      replies.text(['I cannot publish packages, ', 'but I can draft one.']),
    );
    const { toolbox, asked, ran } = fakeToolbox({ draft_package: () => found({ draftId: 'd-1' }) });
    const { turn } = turnFor(toolbox);

    const output = await engine().reply(turn);

    expect(asked).toEqual([{ name: 'publish_package', args: { packageId: 'p-1' } }]);
    expect(ran).toEqual([]);
    expect(lastMessages(1, 1)).toEqual([
      {
        role: 'tool',
        tool_call_id: 'call_p',
        content: JSON.stringify({ error: 'There is no tool called publish_package.' }),
      },
    ]);
    expect(output.text).toBe('I cannot publish packages, but I can draft one.');
  });

  it('gives arguments that are not JSON back to the model as a failed call, without calling the toolbox', async () => {
    server.script(
      replies.toolCalls([{ id: 'call_x', name: 'search_hotels', arguments: ['{"destination": Lis', 'bon'] }]),
      replies.toolCalls([{ id: 'call_y', name: 'search_hotels', arguments: '{"destination":"Lisbon"}' }]),
      replies.text(['Found Casa Lisboa.']),
    );
    const { toolbox, asked } = fakeToolbox({ search_hotels: () => found(hotelsData) });

    const output = await engine().reply(turnFor(toolbox).turn);

    expect(asked).toEqual([{ name: 'search_hotels', args: { destination: 'Lisbon' } }]);
    const [call, result] = lastMessages(1, 2);
    expect(call!.tool_calls![0]!.function.arguments).toBe('{}');
    expect(result!.tool_call_id).toBe('call_x');
    expect(JSON.parse(result!.content!)).toEqual({ error: expect.stringContaining('not valid JSON') });
    expect(output.text).toBe('Found Casa Lisboa.');
  });
});

describe("the provider's failures", () => {
  it('a connection cut mid-stream: model-unavailable with the text streamed before', async () => {
    server.script({ stream: [{ text: 'Here are ' }, { text: 'three hotels' }, { cut: true }] });
    const { toolbox } = fakeToolbox({});
    const { turn, pieces } = turnFor(toolbox);

    const error = await failure(engine().reply(turn));

    expect(error.code).toBe('model-unavailable');
    expect(error.message).toBe(DOWN);
    expect(error.partial).toEqual({ text: 'Here are three hotels', tokensUsed: 0, tokens: { input: 0, output: 0 } });
    expect(pieces).toEqual(['Here are ', 'three hotels']);
    expect(error.cause).toBeDefined();
  });

  it('a failure after a round of tools keeps the tokens of the requests before', async () => {
    server.script(replies.toolCalls([{ name: 'search_hotels', arguments: '{}' }], { usage: usage(50, 10) }), {
      stream: [{ text: 'Casa' }, { cut: true }],
    });
    const { toolbox } = fakeToolbox({ search_hotels: () => found(hotelsData) });

    const error = await failure(engine().reply(turnFor(toolbox).turn));

    expect(error.code).toBe('model-unavailable');
    expect(error.partial).toEqual({ text: 'Casa', tokensUsed: 60, tokens: { input: 50, output: 10 } });
  });

  it.each([
    ['a stream that ends without a finish reason', { stream: [{ text: 'Hel' }], done: false }],
    ['a malformed chunk', { stream: [{ text: 'Hel' }, { rawData: '{"choices": [' }] }],
    ['an error event in the stream', { stream: [{ text: 'Hel' }, { rawData: '{"error":{"message":"overloaded"}}' }] }],
  ])('%s: model-unavailable with the partial text', async (_, reply) => {
    server.script(reply);
    const { toolbox } = fakeToolbox({});

    const error = await failure(engine().reply(turnFor(toolbox).turn));

    expect(error.code).toBe('model-unavailable');
    expect(error.partial.text).toBe('Hel');
  });

  it("a 5xx after the retries: model-unavailable, without the provider's words", async () => {
    const secret = 'internal detail at gpu-node-7';
    server.script(
      replies.error(503, secret, { 'retry-after-ms': '10' }),
      replies.error(503, secret, { 'retry-after-ms': '10' }),
    );
    const { toolbox } = fakeToolbox({});

    const error = await failure(engine({ maxRetries: 1 }).reply(turnFor(toolbox).turn));

    expect(server.requests).toHaveLength(2);
    expect(error.code).toBe('model-unavailable');
    expect(error.message).toBe(DOWN);
    expect(error.message).not.toContain(secret);
    expect(String(error.cause)).toContain('503');
  });

  it('a server that does not answer at all (connection refused): model-unavailable', async () => {
    const gone = await startFakeModelServer();
    await gone.close();
    const { toolbox } = fakeToolbox({});

    const error = await failure(
      engine({ baseUrl: gone.baseUrl, apiKey: 'sk-never-shown' }).reply(turnFor(toolbox).turn),
    );

    expect(error.code).toBe('model-unavailable');
    expect(error.message).not.toContain('sk-never-shown');
  });

  it('a 429 then an answer: the package retries by itself, with its own backoff', async () => {
    server.script(replies.error(429, 'Rate limit reached'), replies.text(['Lisbon it is.'], usage(20, 4)));
    const { toolbox } = fakeToolbox({});

    const output = await engine({ maxRetries: 1 }).reply(turnFor(toolbox).turn);

    expect(server.requests).toHaveLength(2);
    expect(output).toEqual({ text: 'Lisbon it is.', tokensUsed: 24, tokens: { input: 20, output: 4 } });
  });

  it('a 429 on every try: model-rate-limited', async () => {
    const limited = () => replies.error(429, 'Rate limit reached for sk-abc', { 'retry-after-ms': '10' });
    server.script(limited(), limited(), limited());
    const { toolbox } = fakeToolbox({});

    const error = await failure(engine({ maxRetries: 2 }).reply(turnFor(toolbox).turn));

    expect(server.requests).toHaveLength(3);
    expect(error.code).toBe('model-rate-limited');
    expect(error.message).toBe(BUSY);
  });

  it('a 429 asking to wait longer than the time allowed: model-rate-limited at once, without retrying', async () => {
    server.script(replies.error(429, 'Rate limit reached', { 'retry-after': '3600' }));
    const { toolbox } = fakeToolbox({});
    const started = Date.now();

    const error = await failure(engine({ maxRetries: 2, timeoutMs: 1_000 }).reply(turnFor(toolbox).turn));

    expect(error.code).toBe('model-rate-limited');
    expect(Date.now() - started).toBeLessThan(500);
    expect(server.requests).toHaveLength(1);
  });

  it('still waiting out 429s when the time allowed runs out: model-rate-limited, not a time-out', async () => {
    const limited = () => replies.error(429, 'Rate limit reached', { 'retry-after-ms': '200' });
    server.script(limited(), limited(), limited());
    const { toolbox } = fakeToolbox({});
    const started = Date.now();

    const error = await failure(engine({ maxRetries: 5, timeoutMs: 300 }).reply(turnFor(toolbox).turn));

    expect(error.code).toBe('model-rate-limited');
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('time-outs', () => {
  it('a server slower than timeoutMs: model-timeout, in bounded time, retries included', async () => {
    server.script(
      { delayMs: 3_000, ...replies.text(['Too late.']) },
      { delayMs: 3_000, ...replies.text(['Too late.']) },
    );
    const { toolbox } = fakeToolbox({});
    const started = Date.now();

    const error = await failure(engine({ timeoutMs: 300, maxRetries: 1 }).reply(turnFor(toolbox).turn));

    expect(error.code).toBe('model-timeout');
    expect(error.message).toBe(SLOW);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('a stream that stalls after some text: model-timeout with the partial text', async () => {
    server.script({ stream: [{ text: 'Casa Lisboa ' }, { stall: true }] });
    const { toolbox } = fakeToolbox({});
    const { turn, pieces } = turnFor(toolbox);
    const started = Date.now();

    const error = await failure(engine({ timeoutMs: 300 }).reply(turn));

    expect(error.code).toBe('model-timeout');
    expect(error.partial.text).toBe('Casa Lisboa ');
    expect(pieces).toEqual(['Casa Lisboa ']);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("the turn's signal aborting stops the request: model-timeout", async () => {
    server.script({ stream: [{ text: 'Thinking' }, { stall: true }] });
    const { toolbox } = fakeToolbox({});
    const abort = new AbortController();
    const { turn } = turnFor(toolbox, { signal: abort.signal });
    setTimeout(() => abort.abort(), 100);
    const started = Date.now();

    const error = await failure(engine({ timeoutMs: 5_000 }).reply(turn));

    expect(error.code).toBe('model-timeout');
    expect(error.partial.text).toBe('Thinking');
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('the token budget', () => {
  it('a budget already used: token-budget-used before any request', async () => {
    const { toolbox } = fakeToolbox({});

    const error = await failure(engine().reply(turnFor(toolbox, { tokenBudget: 0 }).turn));

    expect(error.code).toBe('token-budget-used');
    expect(error.partial).toEqual({ text: '', tokensUsed: 0, tokens: { input: 0, output: 0 } });
    expect(server.requests).toHaveLength(0);
  });

  it('asks for no more tokens than are left, and stops with the partial answer when they run out mid-turn', async () => {
    server.script(
      replies.toolCalls([{ name: 'search_hotels', arguments: '{}' }], { text: ['Searching.'], usage: usage(25, 5) }),
      replies.toolCalls([{ name: 'check_availability', arguments: '{}' }], { usage: usage(40, 10) }),
      replies.text(['Never asked for.']),
    );
    const { toolbox, ran } = fakeToolbox({
      search_hotels: () => found(hotelsData),
      check_availability: () => found(availabilityData),
    });

    const error = await failure(engine().reply(turnFor(toolbox, { tokenBudget: 70 }).turn));

    expect(server.requests.map((r) => r.body.max_tokens)).toEqual([70, 40]);
    expect(error.code).toBe('token-budget-used');
    expect(error.partial).toEqual({ text: 'Searching.', tokensUsed: 80, tokens: { input: 65, output: 15 } });
    // The tool asked for once the budget was gone is not run.
    expect(ran.map((call) => call.name)).toEqual(['search_hotels']);
  });

  it('an answer cut off at max_tokens: token-budget-used with what was written', async () => {
    server.script({ stream: [{ text: 'Casa Lisboa is' }, { finish: 'length' }, { usage: usage(30, 20) }] });
    const { toolbox } = fakeToolbox({});

    const error = await failure(engine().reply(turnFor(toolbox, { tokenBudget: 50 }).turn));

    expect(body(0).max_tokens).toBe(50);
    expect(error.code).toBe('token-budget-used');
    expect(error.partial).toEqual({ text: 'Casa Lisboa is', tokensUsed: 50, tokens: { input: 30, output: 20 } });
  });

  it('a complete answer that reaches the budget is still the answer', async () => {
    server.script(replies.text(['Yes.'], usage(45, 5)));
    const { toolbox } = fakeToolbox({});

    const output = await engine().reply(turnFor(toolbox, { tokenBudget: 50 }).turn);

    expect(output).toEqual({ text: 'Yes.', tokensUsed: 50, tokens: { input: 45, output: 5 } });
  });
});
