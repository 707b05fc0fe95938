// Turns answered by a language model (our fake chat-completions server) through the service: the model's tools
// run with the creator's rights, a price or hotel no tool returned is named in a note under the answer, a tool
// it may not use runs nothing, the token allowance is counted, and the provider's failure becomes the chat's
// message with the error event.
import { describe, expect, it } from 'vitest';
import { startFakeModelServer, replies } from './engines/fake-model-server.js';
import { expectError, usage, useModelAssistant } from './helpers.js';

const model = await startFakeModelServer();
const world = useModelAssistant(model.baseUrl, { LLM_TOKENS_PER_DAY: '500' });

describe('a turn with a language model', () => {
  it('grounds the answer: an invented price and hotel are named in a note', async () => {
    model.reset();
    const creator = await world.caller();
    const city = await world.busiestCity();
    const id = await world.startConversation(creator);
    const args = JSON.stringify({
      destination: city,
      checkIn: '2027-03-05',
      checkOut: '2027-03-07',
      guests: 2,
      sort: 'cheapest',
      limit: 1,
    });
    model.script(
      replies.toolCalls([{ name: 'search_hotels', arguments: args }], { usage: usage(100, 10) }),
      replies.toolCalls([{ name: 'publish_package', arguments: '{"id":"p1"}' }], { usage: usage(120, 10) }),
      replies.text(['Try [The Ritz](/hotel/the-ritz) for ', '$99.00.'], usage(150, 20)),
    );
    const { events } = await world.send(creator, id, `A cheap hotel in ${city} in March`);
    const done = events.at(-1)!;
    if (done.type !== 'done') throw new Error(`no done event: ${JSON.stringify(done)}`);
    expect(done.data.message.engine).toBe('model');
    expect(done.data.message.toolCalls?.map((c) => [c.name, c.ok])).toEqual([
      ['search_hotels', true],
      ['publish_package', false],
    ]);
    expect(done.data.message.text).toBe(
      'Try [The Ritz](/hotel/the-ritz) for $99.00.\n\nNote: no search or tool in this conversation returned the price $99.00 and the hotel link /hotel/the-ritz. Please check before you use them.',
    );
    // The model saw the real search, and the refusal of the tool it may not use.
    const toolMessages = model.requests[2]!.body.messages.filter((m) => m.role === 'tool');
    expect(JSON.parse(toolMessages[0]!.content!)).toMatchObject({ hotels: [{ price: expect.stringMatching(/^\$/) }] });
    expect(toolMessages[1]!.content).toContain('Taylor may not use a tool called “publish_package”');
    const usageNow = await world.app.inject({
      method: 'GET',
      url: '/api/v1/assistant/usage',
      headers: creator.headers,
    });
    expect(usageNow.json()).toEqual({ engine: 'model', tokensToday: 410, dailyTokenLimit: 500 });

    // The day's allowance (500) is used up by the next answer; after it, Taylor says so before any stream.
    model.script(replies.text(['Fine.'], usage(85, 5)));
    const last = (await world.send(creator, id, 'thanks')).events.at(-1)!;
    expect(last.type === 'done' ? last.data.message.text : last.type).toBe('Fine.');
    expectError((await world.send(creator, id, 'more')).res, 'assistant-allowance-used');
  });

  it('turns a provider failure into the chat’s own message, keeping what was streamed', async () => {
    model.reset();
    const creator = await world.caller();
    const id = await world.startConversation(creator);
    model.script({ stream: [{ text: 'Let me ' }, { cut: true }] });
    const { events } = await world.send(creator, id, 'hello');
    const last = events.at(-1)!;
    if (last.type !== 'error') throw new Error(`no error event: ${JSON.stringify(last)}`);
    expect(last.data.code).toBe('model-unavailable');
    expect(last.data.reply?.text).toBe(`Let me \n\n${last.data.message}`);
    expect(last.data.message).not.toMatch(/socket|ECONN|test-model/);
    const read = await world.app.inject({
      method: 'GET',
      url: `/api/v1/assistant/conversations/${id}`,
      headers: creator.headers,
    });
    expect(read.json()).toMatchObject({
      messageCount: 2,
      messages: [{ role: 'user' }, { role: 'assistant', error: { code: 'model-unavailable' } }],
    });
  });
});
