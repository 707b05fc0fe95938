// A creator's turns with Taylor through the service's routes: the streamed answer with real catalog prices,
// the draft and its event, ownership, the busy and rate limits, support's audited read, and bad input.
import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid, useAssistant } from './helpers.js';

const world = useAssistant({ MESSAGES_PER_MINUTE: '8' });

describe('a turn with the offline engine', () => {
  it('streams hotels with the catalog’s own prices, then drafts a recommendation for one', async () => {
    const creator = await world.caller();
    const city = await world.busiestCity();
    const id = await world.startConversation(creator);

    const { res, events } = await world.send(creator, id, `Two cheapest hotels in ${city} next weekend for two`);
    expect(res.statusCode).toBe(200);
    const types = events.map((e) => e.type);
    expect([types[0], types.at(-1)]).toEqual(['start', 'done']);
    // How the request was read streams first, before the search; then the tool's lines, then the hotels.
    const firstTool = types.indexOf('tool');
    expect(types.slice(1, firstTool).every((t) => t === 'token') && firstTool > 1).toBe(true);
    expect(types.filter((t) => t === 'tool')).toHaveLength(2);
    const done = events.at(-1)!;
    if (done.type !== 'done') throw new Error('no done event');
    const streamed = events.flatMap((e) => (e.type === 'token' ? [e.data.text] : [])).join('');
    expect(done.data.message.text).toBe(streamed);
    expect(done.data.message.toolCalls?.map((c) => [c.name, c.ok])).toEqual([['search_hotels', true]]);
    const hotelLinks = done.data.message.links!.filter((l) => l.kind === 'hotel');
    expect(hotelLinks).toHaveLength(2);

    // Every hotel and price named is the catalog's: read the same stored search back.
    const searchId = new URL(hotelLinks[0]!.href, 'http://x').searchParams.get('searchId')!;
    const page = await world.catalog.inject({ method: 'GET', url: `/api/v1/hotel/search/${searchId}?take=100` });
    const hotels = (
      page.json() as { hotels: { name: string; cheapestRate: { totalPrice: { amount: number } } | null }[] }
    ).hotels;
    const cheapest = hotels
      .filter((h) => h.cheapestRate)
      .sort((a, b) => a.cheapestRate!.totalPrice.amount - b.cheapestRate!.totalPrice.amount);
    expect(hotelLinks.map((l) => l.label)).toEqual(cheapest.slice(0, 2).map((h) => h.name));
    const price = (cheapest[0]!.cheapestRate!.totalPrice.amount / 100).toLocaleString('en-US', {
      minimumFractionDigits: 2,
    });
    expect(done.data.message.text).toContain(`$${price} for the stay`);

    const second = await world.send(creator, id, 'Draft a recommendation for the second one');
    const reply = second.events.at(-1)!;
    if (reply.type !== 'done') throw new Error(`no done event: ${JSON.stringify(reply)}`);
    expect(reply.data.message.toolCalls?.map((c) => c.name)).toEqual(['hotel_details', 'draft_recommendation']);
    const draftLink = reply.data.message.links!.find((l) => l.kind === 'draft')!;
    const draftId = new URL(draftLink.href, 'http://x').searchParams.get('draft')!;

    const drafts = await world.app.inject({ method: 'GET', url: '/api/v1/assistant/drafts', headers: creator.headers });
    expect(drafts.json()).toMatchObject({
      drafts: [{ id: draftId, kind: 'recommendation', status: 'open', hotel: { name: cheapest[1]!.name } }],
    });
    const [event] = await world.events.wait((e) => e.type === 'assistant.draft.created' && e.aggregateId === draftId);
    expect(event!.payload).toEqual({ draftId, creatorId: creator.id, kind: 'recommendation', conversationId: id });

    const used = await world.app.inject({
      method: 'PUT',
      url: `/api/v1/assistant/drafts/${draftId}/status`,
      headers: creator.headers,
      payload: { status: 'used' },
    });
    expect(used.json()).toMatchObject({ status: 'used' });

    // The conversation keeps both turns, titled by the first message.
    const read = await world.app.inject({
      method: 'GET',
      url: `/api/v1/assistant/conversations/${id}`,
      headers: creator.headers,
    });
    expect(read.json()).toMatchObject({
      title: `Two cheapest hotels in ${city} next weekend for two`,
      messageCount: 4,
    });
  });

  it('reads the creator’s numbers and income with the creator’s own token', async () => {
    const creator = await world.caller();
    const id = await world.startConversation(creator);
    const numbers = (await world.send(creator, id, 'Show my numbers for the last 7 days')).events.at(-1)!;
    if (numbers.type !== 'done') throw new Error('no done event');
    expect(numbers.data.message.text).toContain('- 120 page views from 45 visitors');
    expect(numbers.data.message.text).toContain('- 2 bookings worth $640.00, 0 cancellations');
    const income = (await world.send(creator, id, 'What did I earn?')).events.at(-1)!;
    if (income.type !== 'done') throw new Error('no done event');
    expect(income.data.message.text).toContain(
      '- USD: $12.50 payable, $34.00 pending (stays still to come), $100.00 paid out',
    );
    const calls = world.neighbourCalls.filter((c) => c.authorization === `Bearer ${creator.token}`);
    expect(calls.map((c) => c.url.split('?')[0])).toEqual([
      '/api/v1/userProfile/creatorCounters',
      '/api/v1/userProfile/my/payout',
    ]);
  });
});

describe('who may do what', () => {
  it('keeps conversations and drafts to their creator', async () => {
    const owner = await world.caller();
    const other = await world.caller();
    const id = await world.startConversation(owner);
    expectError(
      await world.app.inject({ method: 'GET', url: `/api/v1/assistant/conversations/${id}`, headers: other.headers }),
      'conversation-not-found',
    );
    expectError((await world.send(other, id, 'hello')).res, 'conversation-not-found');
    expectError(
      await world.app.inject({
        method: 'DELETE',
        url: `/api/v1/assistant/conversations/${id}`,
        headers: other.headers,
      }),
      'conversation-not-found',
    );
    const list = await world.app.inject({
      method: 'GET',
      url: '/api/v1/assistant/conversations',
      headers: other.headers,
    });
    expect(list.json()).toEqual({ conversations: [] });
  });

  it('is for creators only, and answers nobody without a token', async () => {
    const traveller = await world.caller(['role/customer']);
    expectError(
      await world.app.inject({ method: 'GET', url: '/api/v1/assistant/conversations', headers: traveller.headers }),
      'forbidden',
    );
    expectError(
      await world.app.inject({ method: 'GET', url: '/api/v1/experimental/gpt/destinations?query=beach+in+Spain' }),
      'unauthenticated',
    );
  });

  it('lets support read a conversation only with a reason, and records who and why', async () => {
    const creator = await world.caller();
    const staff = await world.caller(['role/support']);
    const id = await world.startConversation(creator);
    await world.send(creator, id, 'help');
    expectInvalid(
      await world.app.inject({
        method: 'GET',
        url: `/api/v1/assistant/support/conversations/${id}`,
        headers: staff.headers,
      }),
      'reason',
    );
    expectError(
      await world.app.inject({
        method: 'GET',
        url: `/api/v1/assistant/support/conversations/${id}?reason=ticket+4711`,
        headers: creator.headers,
      }),
      'forbidden',
    );
    const read = await world.app.inject({
      method: 'GET',
      url: `/api/v1/assistant/support/conversations/${id}?reason=ticket+4711`,
      headers: staff.headers,
    });
    expect(read.json()).toMatchObject({ id, messageCount: 2 });
    const [event] = await world.events.wait(
      (e) => e.type === 'assistant.conversation.inspected' && e.aggregateId === id,
    );
    expect(event!.payload).toEqual({
      conversationId: id,
      creatorId: creator.id,
      staffId: staff.id,
      reason: 'ticket 4711',
    });
  });
});

describe('limits and bad input', () => {
  it('refuses a second message while Taylor answers, then takes it', async () => {
    const creator = await world.caller();
    const id = await world.startConversation(creator);
    // The first turn is held open once Taylor has begun it, so the second message always comes while it answers.
    const turn = world.taylor.holdNext();
    const first = world.send(creator, id, 'help');
    try {
      await turn.began;
      expectError((await world.send(creator, id, 'help')).res, 'assistant-busy');
    } finally {
      turn.release();
    }
    expect((await first).res.statusCode).toBe(200);
    expect((await world.send(creator, id, 'help')).res.statusCode).toBe(200);
  });

  it('limits messages per creator and minute', async () => {
    const creator = await world.caller();
    const id = await world.startConversation(creator);
    for (let i = 0; i < 8; i++) expect((await world.send(creator, id, 'help')).res.statusCode).toBe(200);
    expectError((await world.send(creator, id, 'help')).res, 'too-many-requests');
  });

  it('validates the message, the ids and the queries', async () => {
    const creator = await world.caller();
    const id = await world.startConversation(creator);
    expectInvalid((await world.send(creator, id, '   ')).res, 'text');
    expectInvalid((await world.send(creator, id, 'x'.repeat(2001))).res, 'text');
    expectInvalid(
      await world.app.inject({
        method: 'GET',
        url: '/api/v1/assistant/conversations/not-a-uuid',
        headers: creator.headers,
      }),
      'id',
    );
    const injected = await world.app.inject({
      method: 'POST',
      url: `/api/v1/assistant/conversations/${id}/messages`,
      headers: creator.headers,
      payload: { text: { $gt: '' } },
    });
    expectInvalid(injected, 'text');
    expectInvalid(
      await world.app.inject({
        method: 'GET',
        url: '/api/v1/assistant/drafts?status=published',
        headers: creator.headers,
      }),
      'status',
    );
  });
});

describe('destination ideas', () => {
  it('suggests real destinations of the catalog with their figures, and says what it could not check', async () => {
    const creator = await world.caller();
    const countryCode = (await world.catalog.mongo.collection('hotels').findOne({}))!.address.countryCode as string;
    const country = new Intl.DisplayNames(['en'], { type: 'region' }).of(countryCode)!;
    const res = await world.app.inject({
      method: 'GET',
      url: `/api/v1/experimental/gpt/destinations?query=${encodeURIComponent(`quiet beach town in ${country} in May`)}`,
      headers: creator.headers,
    });
    expect(res.statusCode).toBe(200);
    const ideas = res.json() as {
      understood: string[];
      notChecked: string[];
      ideas: { destination: { countryCode: string }; reason: string; searchUrl: string }[];
    };
    expect(ideas.understood[0]).toBe(`Country: ${country}`);
    expect(ideas.notChecked).toEqual([
      '“beach”: the catalog does not describe places this way, so I could not check it',
    ]);
    expect(ideas.ideas.length).toBeGreaterThan(0);
    for (const idea of ideas.ideas) {
      expect(idea.destination.countryCode).toBe(countryCode);
      expect(idea.reason).toMatch(/^\d+ hotels? with rooms for .* from \$[\d,]+\.\d\d for the stay/);
      expect(idea.searchUrl).toMatch(/^\/search\?searchId=/);
    }
  });
});
