// What a model turn needs beyond the creator's own limits (issue 29: anyone can become a creator, and accounts
// cost nothing): a verified email, a client address under its turns an hour, and tokens left in the platform's
// day. Each refusal is the catalogue's error before any stream, and asks nothing of the model.
import { describe, expect, it } from 'vitest';
import { replies, startFakeModelServer } from './engines/fake-model-server.js';
import { expectError, usage, useModelAssistant, type Caller } from './helpers.js';

const model = await startFakeModelServer();
const world = useModelAssistant(model.baseUrl, {
  LLM_TOKENS_PER_DAY: '600',
  LLM_PLATFORM_TOKENS_PER_DAY: '1000',
  LLM_TURNS_PER_ADDRESS_PER_HOUR: '3',
});

/** One turn answered "Fine." for 12 tokens (10 + 2): every test of this file before the last one uses these. */
async function fineTurn(creator: Caller, address: string) {
  model.script(replies.text(['Fine.'], usage(10, 2)));
  const id = await world.startConversation(creator);
  const { res, events } = await world.send(creator, id, 'hello', address);
  expect(res.statusCode).toBe(200);
  expect(events.at(-1)?.type).toBe('done');
}

const tokensToday = async (creator: Caller) =>
  (await world.app.inject({ method: 'GET', url: '/api/v1/assistant/usage', headers: creator.headers })).json()
    .tokensToday as number;

describe('a model turn', () => {
  it('needs a verified email: refused before the model is asked, and the message is not kept', async () => {
    model.reset();
    for (const claims of [{ emailVerified: false }, { emailVerified: undefined }]) {
      const creator = await world.caller(undefined, claims);
      const id = await world.startConversation(creator);
      const refused = (await world.send(creator, id, 'three hotels in Lisbon', '203.0.113.1')).res;
      expectError(refused, 'assistant-email-unverified');
      expect(refused.json().error.message).toBe(
        'Please verify your email address before chatting with Taylor. Use the link we mailed you, or ask for a new one.',
      );
      const read = await world.app.inject({
        method: 'GET',
        url: `/api/v1/assistant/conversations/${id}`,
        headers: creator.headers,
      });
      expect(read.json().messageCount).toBe(0);
      expect(await tokensToday(creator)).toBe(0);
    }
    expect(model.requests).toHaveLength(0);
    // A creator whose token says the address is verified is answered.
    await fineTurn(await world.caller(), '203.0.113.1');
  });

  it('is limited per client address, whichever accounts send it', async () => {
    model.reset();
    const address = '198.51.100.7';
    for (let i = 0; i < 2; i++) await fineTurn(await world.caller(), address);
    // The third creator from there gets the address's last turn of the hour, the fourth none.
    await fineTurn(await world.caller(), address);
    const fourth = await world.caller();
    const id = await world.startConversation(fourth);
    const refused = (await world.send(fourth, id, 'hello', address)).res;
    expectError(refused, 'assistant-network-limit');
    expect(model.requests).toHaveLength(3);
    expect(await tokensToday(fourth)).toBe(0);
    // Another address is not held back by that one.
    await fineTurn(fourth, '198.51.100.8');
  });

  it('shares a platform-wide daily budget: a turn gets what is left of it, then every creator is refused', async () => {
    // 5 turns of 12 tokens so far today: 60 of the platform's 1000.
    model.reset();
    const first = await world.caller();
    model.script(replies.text(['Fine.'], usage(550, 50)));
    const a = await world.startConversation(first);
    expect((await world.send(first, a, 'hello', '192.0.2.1')).events.at(-1)?.type).toBe('done');
    expect(await tokensToday(first)).toBe(600);

    // The second creator has 600 of their own, but the platform only 340: the model may write no more.
    const second = await world.caller();
    model.script(replies.text(['Fine.'], usage(300, 40)));
    const b = await world.startConversation(second);
    expect((await world.send(second, b, 'hello', '192.0.2.2')).events.at(-1)?.type).toBe('done');
    expect(model.requests.at(-1)!.body.max_tokens).toBe(340);
    expect(await tokensToday(second)).toBe(340);

    // The day is spent for everyone: a creator with their whole allowance is refused, and keeps it.
    const third = await world.caller();
    const c = await world.startConversation(third);
    const refused = (await world.send(third, c, 'hello', '192.0.2.3')).res;
    expectError(refused, 'assistant-platform-allowance-used');
    expect(refused.json().error.message).toBe(
      'Taylor has answered as many messages as it can today for all creators. Please come back tomorrow.',
    );
    expect(await tokensToday(third)).toBe(0);
    expect(model.requests).toHaveLength(2);
  });
});
