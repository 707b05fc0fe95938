// Written guides (itinerary content) through the real app with a real catalog beside it: structured blocks
// only (a script stays text, a javascript: link is refused), written and changed by their creator only, the
// published ones anyone's to read, the hotels they name checked at the catalog when published; and the store's
// list of published guides for the club page.
import type { Guide, ImageAsset } from '@travelclub/contracts';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { guideStore } from '../../src/store/guides.js';
import { expectError, expectInvalid, useCreator, type Caller } from '../helpers.js';

const world = useCreator({}, { catalog: true });
const inject = (options: InjectOptions) => world.app.inject(options);
const URL = '/api/itinerary-content';

let hotels: string[] = [];
beforeAll(async () => {
  hotels = await world.hotelIds(2);
});

const script = '<script>alert("owned")</script><img src=x onerror=alert(1)>';

const guideBody = (extra: Record<string, unknown> = {}) => ({
  title: 'Three days in Porto',
  summary: 'Port, tiles and the Douro.',
  days: [
    {
      title: 'Ribeira',
      places: [
        { name: 'Ribeira', coordinates: { latitude: 41.14, longitude: -8.61 } },
        { name: 'Our hotel', hotelId: hotels[0] },
      ],
      blocks: [
        { type: 'heading', text: 'Morning', level: 2 },
        { type: 'paragraph', text: script },
        { type: 'list', items: ['Coffee', 'Tram 1'], ordered: true },
        { type: 'link', text: 'Tram times', url: 'https://example.test/trams?line=1' },
        { type: 'hotel', hotelId: hotels[1] },
      ],
    },
    { title: 'Douro valley' },
  ],
  ...extra,
});

const send = (method: 'POST' | 'PUT', who: Caller | null, payload: object) =>
  inject({ method, url: URL, ...(who && { headers: who.headers }), payload });
const read = (id: string, who?: Caller) =>
  inject({ method: 'GET', url: `${URL}/${id}`, ...(who && { headers: who.headers }) });

async function written(who: Caller, extra: Record<string, unknown> = {}): Promise<Guide> {
  const res = await send('POST', who, guideBody(extra));
  expect(res.statusCode).toBe(201);
  return res.json<Guide>();
}

describe('writing a guide', () => {
  it('stores the blocks as given, a script as plain text, and answers it to its creator only', async () => {
    const creator = await world.creator('Guide Writer');
    const guide = await written(creator);
    expect(guide).toMatchObject({ userId: creator.id, title: 'Three days in Porto', status: 'draft' });
    expect(guide).not.toHaveProperty('publishedAt');
    expect(guide.days[0]!.blocks[1]).toEqual({ type: 'paragraph', text: script });
    expect(guide.days[1]).toEqual({ title: 'Douro valley', places: [], blocks: [] });
    expect((await read(guide.id, creator)).json()).toEqual(guide);
    const other = await world.creator('Guide Peeker');
    expectError(await read(guide.id, other), 'guide-not-found');
    expectError(await read(guide.id), 'guide-not-found');
  });

  it('refuses HTML-ish or unsafe content and oversized text, naming the field', async () => {
    const creator = await world.creator('Unsafe Writer');
    const withBlock = (block: object) => guideBody({ days: [{ title: 'Day', blocks: [block] }] });
    for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://example.test/x'])
      expectInvalid(
        await send('POST', creator, withBlock({ type: 'link', text: 'Click', url })),
        'days.0.blocks.0.url',
      );
    expectInvalid(await send('POST', creator, withBlock({ type: 'html', html: '<b>x</b>' })), 'days.0.blocks.0.type');
    expectInvalid(
      await send('POST', creator, withBlock({ type: 'heading', text: 'H', level: 1 })),
      'days.0.blocks.0.level',
    );
    expectInvalid(await send('POST', creator, withBlock({ type: 'list', items: [] })), 'days.0.blocks.0.items');
    expectInvalid(
      await send('POST', creator, withBlock({ type: 'paragraph', text: 'x'.repeat(4_001) })),
      'days.0.blocks.0.text',
    );
    const extra = { type: 'paragraph', text: 'Hi', style: 'color:red' };
    expect((await send('POST', creator, withBlock(extra))).statusCode).toBe(400);
    expectInvalid(await send('POST', creator, guideBody({ title: '' })), 'title');
    expectInvalid(await send('POST', creator, guideBody({ days: [] })), 'days');
    expectInvalid(
      await send('POST', creator, guideBody({ days: Array.from({ length: 61 }, () => ({ title: 'D' })) })),
      'days',
    );
    const long = { type: 'paragraph', text: 'x'.repeat(4_000) };
    const wordy = Array.from({ length: 16 }, () => ({ title: 'D', blocks: [long] }));
    expectInvalid(await send('POST', creator, guideBody({ days: wordy })), 'days');
    const page = await inject({ method: 'GET', url: URL, headers: creator.headers });
    expect(page.json().total).toBe(0);
  });

  it('lets only creators with a profile write guides, and only their own change or go', async () => {
    const customer = await world.caller();
    expectError(await send('POST', customer, guideBody()), 'forbidden');
    expectError(await send('POST', null, guideBody()), 'unauthenticated');
    expectError(await send('POST', await world.caller(['role/creator']), guideBody()), 'profile-not-found');
    const owner = await world.creator('Guide Owner');
    const other = await world.creator('Guide Thief');
    const guide = await written(owner);
    expectError(await send('PUT', other, { ...guideBody({ title: 'Mine' }), id: guide.id }), 'guide-not-found');
    const url = `${URL}/${guide.id}`;
    expectError(await inject({ method: 'DELETE', url, headers: other.headers }), 'guide-not-found');
    expect((await read(guide.id, owner)).json().title).toBe('Three days in Porto');
    expect((await inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(204);
    expectError(await read(guide.id, owner), 'guide-not-found');
    expectError(await inject({ method: 'DELETE', url, headers: owner.headers }), 'guide-not-found');
  });
});

describe('publishing a guide', () => {
  it('publishes it for anyone to read, keeps its first publication time, and hides it again as a draft', async () => {
    const creator = await world.creator('Publisher');
    const guide = await written(creator);
    const published = await send('PUT', creator, { ...guideBody({ status: 'published' }), id: guide.id });
    expect(published.statusCode).toBe(200);
    const first = published.json<Guide>();
    expect(first).toMatchObject({ id: guide.id, status: 'published', createdAt: guide.createdAt });
    expect(first.publishedAt).toBeDefined();
    expect((await read(guide.id)).json()).toEqual(first);
    const changed = await send('PUT', creator, { ...guideBody({ title: 'Four days in Porto' }), id: guide.id });
    expect(changed.json()).toMatchObject({
      title: 'Four days in Porto',
      status: 'published',
      publishedAt: first.publishedAt,
    });
    const hidden = await send('PUT', creator, { ...guideBody({ status: 'draft' }), id: guide.id });
    expect(hidden.json().status).toBe('draft');
    expectError(await read(guide.id), 'guide-not-found');
  });

  it('refuses to publish a guide naming a hotel the catalog does not have', async () => {
    const creator = await world.creator('Hotel Namer');
    const inBlock = await send(
      'POST',
      creator,
      guideBody({ status: 'published', days: [{ title: 'D', blocks: [{ type: 'hotel', hotelId: 'no-such-hotel' }] }] }),
    );
    expectError(inBlock, 'hotel-not-found');
    expect(inBlock.json().error.details).toEqual([{ path: 'days.0.blocks.0.hotelId', message: 'Not in the catalog' }]);
    const draft = await written(creator, { days: [{ title: 'D', places: [{ name: 'X', hotelId: 'gone-hotel' }] }] });
    const inPlace = await send('PUT', creator, {
      ...guideBody({ status: 'published', days: [{ title: 'D', places: [{ name: 'X', hotelId: 'gone-hotel' }] }] }),
      id: draft.id,
    });
    expectError(inPlace, 'hotel-not-found');
    expect(inPlace.json().error.details[0].path).toBe('days.0.places.0.hotelId');
    expect((await read(draft.id, creator)).json().status).toBe('draft');
  });
});

describe('listing guides', () => {
  it('lists the caller’s own guides, newest first, paged', async () => {
    const creator = await world.creator('Guide Lister');
    await written(await world.creator('Other Guide Lister'));
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await written(creator, { title: `Guide ${i}` })).id);
    const page = await inject({ method: 'GET', url: `${URL}?take=2`, headers: creator.headers });
    expect(page.json()).toMatchObject({ total: 3, take: 2, skip: 0 });
    expect(page.json().guides.map((g: Guide) => g.id)).toEqual([ids[2], ids[1]]);
    const rest = await inject({ method: 'GET', url: `${URL}?take=2&skip=2`, headers: creator.headers });
    expect(rest.json().guides.map((g: Guide) => g.id)).toEqual([ids[0]]);
    expectError(await inject({ method: 'GET', url: URL, headers: (await world.caller()).headers }), 'forbidden');
  });

  it('answers a creator’s published guides as views for the club page, and sets a cover for the owner only', async () => {
    const store = await guideStore(world.app.mongo);
    const creator = await world.creator('Club Guides');
    const first = await written(creator, { status: 'published', title: 'First' });
    await written(creator, { title: 'Draft' });
    const second = await written(creator, { status: 'published', title: 'Second' });
    const views = await store.publishedOf(creator.id);
    expect(views.map((g) => g.id)).toEqual([second.id, first.id]);
    expect(views[1]).toEqual(first);

    const cover: ImageAsset = {
      provider: 'local',
      publicId: 'guide-cover',
      links: { original: 'https://t.test/o.jpg', '200px': 'https://t.test/2.jpg', '600px': 'https://t.test/6.jpg' },
    };
    expect(await store.setCover(first.id, 'someone-else', cover)).toBeNull();
    expect((await store.setCover(first.id, creator.id, cover))?.previous).toBeUndefined();
    expect((await read(first.id)).json().cover).toEqual(cover);
    // A change of the text keeps the cover.
    await send('PUT', creator, { ...guideBody({ status: 'published' }), id: first.id });
    expect((await read(first.id)).json().cover).toEqual(cover);
  });
});
