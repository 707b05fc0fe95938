// Recommended stays through the real app with a real catalog beside it: made and replaced with photos,
// switched on and off, withdrawn; only a creator changes their own; the club page shows the switched-on ones
// in order with the catalog's cards.
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, mailsTo, uniqueName } from '@travelclub/kit/testing';
import { startNotifications, type NotificationsApp } from '@travelclub/testing/notifications';
import { expectError, expectInvalid, multipartForm, useCreator, type Caller, type FormFile } from '../helpers.js';

const QUEUE_PREFIX = uniqueName('test-creator-home');
const world = useCreator({ QUEUE_PREFIX }, { catalog: true, hotels: 60 });
let worker: NotificationsApp;
const inject = (options: InjectOptions) => world.app.inject(options);

let hotels: string[] = [];
let photo: Buffer;
beforeAll(async () => {
  worker = await startNotifications({ QUEUE_PREFIX });
  hotels = await world.hotelIds(6);
  photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a7f62' } })
    .jpeg()
    .toBuffer();
});

afterAll(() => worker?.close());

const jpeg = (field: string): FormFile => ({ field, filename: 'beach.jpg', contentType: 'image/jpeg', bytes: photo });

function recommend(who: Caller, hotelId: string, fields: Record<string, string>, files: FormFile[] = []) {
  return inject({ method: 'PUT', url: `/api/v1/hotel/${hotelId}/recommend`, ...withAuth(who, fields, files) });
}
function withAuth(who: Caller, fields: Record<string, string>, files: FormFile[]) {
  const form = multipartForm(fields, files);
  return { payload: form.payload, headers: { ...who.headers, ...form.headers } };
}

describe('recommending a hotel', () => {
  it('makes the recommendation with its photos, then replaces its words and keeps its photos and place', async () => {
    const creator = await world.creator('Photo Creator');
    const made = await recommend(creator, hotels[0]!, { title: 'Sunset views', text: 'Ask for a <b>sea</b> view.' }, [
      jpeg('cover'),
      jpeg('images'),
      jpeg('images'),
    ]);
    expect(made.statusCode).toBe(201);
    const first = made.json();
    expect(first).toMatchObject({
      hotelId: hotels[0],
      userId: creator.id,
      recommendationTitle: 'Sunset views',
      recommendationText: 'Ask for a <b>sea</b> view.',
      isActive: true,
      position: 0,
    });
    expect(first.coverImage.links['600px']).toMatch(/^https:\/\/travelclub\.test\/api\/v1\/media\//);
    expect(first.images).toHaveLength(2);

    const replaced = await recommend(creator, hotels[0]!, { title: 'Sunrise views' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: first.id,
      recommendationTitle: 'Sunrise views',
      recommendationText: '',
      position: 0,
    });
    expect(replaced.json().coverImage).toEqual(first.coverImage);

    const second = await recommend(creator, hotels[1]!, { title: 'Quiet rooms' });
    expect(second.json().position).toBe(1);
  });

  it('refuses customers, unknown hotels, missing titles, unknown file fields and a text file named .jpg', async () => {
    const customer = await world.caller();
    expectError(await recommend(customer, hotels[0]!, { title: 'Nope' }), 'forbidden');
    const creator = await world.creator('Careful Creator');
    expectError(await recommend(creator, 'no-such-hotel', { title: 'Ghost' }), 'hotel-not-found');
    expectInvalid(await recommend(creator, hotels[0]!, { text: 'no title' }), 'title');
    expectInvalid(await recommend(creator, hotels[0]!, { title: 'x' }, [jpeg('avatar')]), 'avatar');
    const disguised = {
      field: 'cover',
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
      bytes: Buffer.from('just text, not a picture'),
    };
    const refused = await recommend(creator, hotels[0]!, { title: 'Disguised' }, [disguised]);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error.code).toBe('image-type-not-allowed');
    const json = await inject({
      method: 'PUT',
      url: `/api/v1/hotel/${hotels[0]}/recommend`,
      headers: creator.headers,
      payload: { title: 'json' },
    });
    expectError(json, 'form-required');
    // Nothing was kept of the refused attempts.
    expectError(
      await inject({ method: 'GET', url: '/api/v1/userProfile/hotelRecommendations', headers: customer.headers }),
      'forbidden',
    );
    const mine = await inject({
      method: 'GET',
      url: '/api/v1/userProfile/hotelRecommendations',
      headers: creator.headers,
    });
    expect(mine.json().recommendations).toEqual([]);
  });
});

describe('limits', () => {
  it('takes at most 12 photos besides the cover and tile, and 50 recommendations a club', async () => {
    const creator = await world.creator('Prolific');
    const thirteen = Array.from({ length: 13 }, () => jpeg('images'));
    expectInvalid(await recommend(creator, hotels[0]!, { title: 'Too many photos' }, thirteen), 'images');
    const all = await world.hotelIds(51);
    for (const hotelId of all.slice(0, 50))
      expect((await recommend(creator, hotelId, { title: 'One of fifty' })).statusCode).toBe(201);
    expectError(await recommend(creator, all[50]!, { title: 'Fifty-first' }), 'recommendation-limit-reached');
    // Changing one of the fifty is still fine.
    expect((await recommend(creator, all[0]!, { title: 'Changed' })).statusCode).toBe(200);
  });

  it('starts a withdrawn recommendation afresh, without the photos it had', async () => {
    const creator = await world.creator('Second Thoughts');
    const first = await recommend(creator, hotels[1]!, { title: 'With a cover' }, [jpeg('cover'), jpeg('tile')]);
    expect(first.json().coverImage).toBeDefined();
    await inject({ method: 'DELETE', url: `/api/v1/hotel/${hotels[1]}/recommend`, headers: creator.headers });
    const again = await recommend(creator, hotels[1]!, { title: 'Without' });
    expect(again.statusCode).toBe(201);
    expect(again.json().coverImage).toBeUndefined();
    expect(again.json().tileImage).toBeUndefined();
  });
});

describe('switching, withdrawing and ownership', () => {
  it('switches off and on, withdraws, and lets nobody else touch it', async () => {
    const creator = await world.creator('Switcher');
    const other = await world.creator('Other Switcher');
    const made = (await recommend(creator, hotels[2]!, { title: 'Garden' })).json();
    const toggle = (who: Caller, isActive: boolean) =>
      inject({
        method: 'POST',
        url: '/api/v1/bff/recommendation/toggle',
        headers: who.headers,
        payload: { hotelId: hotels[2], isActive },
      });

    expect((await toggle(creator, false)).json().isActive).toBe(false);
    const read = (who?: Caller) =>
      inject({
        method: 'GET',
        url: `/api/v1/hotel/${hotels[2]}/recommendation/${made.id}`,
        ...(who && { headers: who.headers }),
      });
    expectError(await read(), 'recommendation-not-found');
    expectError(await read(other), 'recommendation-not-found');
    expect((await read(creator)).json().isActive).toBe(false);

    expectError(await toggle(other, true), 'recommendation-not-found');
    expectError(
      await inject({ method: 'DELETE', url: `/api/v1/hotel/${hotels[2]}/recommend`, headers: other.headers }),
      'recommendation-not-found',
    );
    expect((await toggle(creator, true)).json().isActive).toBe(true);
    expect((await read()).statusCode).toBe(200);

    const gone = await inject({
      method: 'DELETE',
      url: `/api/v1/hotel/${hotels[2]}/recommend`,
      headers: creator.headers,
    });
    expect(gone.statusCode).toBe(204);
    expectError(await read(creator), 'recommendation-not-found');
    expectError(await toggle(creator, true), 'recommendation-not-found');

    const events = await world.events.wait(
      (e) => e.type === 'creator.recommendation.changed' && e.aggregateId === made.id,
      4,
      300,
    );
    expect(events.map((e) => e.payload.isActive)).toEqual([true, false, true, false]);
    expect(events[0]!.payload).toMatchObject({ userId: creator.id, slug: creator.profile.slug, hotelId: hotels[2] });
  });
});

describe('the club page', () => {
  it('shows the switched-on recommendations in order with hotel cards and prices, by any address of the club', async () => {
    const creator = await world.creator('Club Owner');
    for (const hotelId of hotels.slice(3, 6)) await recommend(creator, hotelId, { title: `Stay ${hotelId}` });
    await inject({
      method: 'POST',
      url: '/api/v1/bff/recommendation/toggle',
      headers: creator.headers,
      payload: { hotelId: hotels[4], isActive: false },
    });

    const view = await inject({ method: 'GET', url: `/api/v1/bff/creator/${creator.profile.slug}?currency=EUR` });
    expect(view.statusCode).toBe(200);
    const club = view.json();
    expect(club.profile).toMatchObject({ slug: creator.profile.slug, publicName: 'Club Owner' });
    expect(club.recommendations.map((r: { hotelId: string }) => r.hotelId)).toEqual([hotels[3], hotels[5]]);
    expect(club.recommendations[0].hotel).toMatchObject({ id: hotels[3] });
    expect(club.recommendations[0].hotel.fromPrice.currency).toBe('EUR');

    const list = await inject({
      method: 'GET',
      url: `/api/v1/userProfile/public/${creator.profile.slug.toUpperCase()}/hotelRecommendations`,
    });
    expect(list.json().recommendations).toHaveLength(2);
    expectError(await inject({ method: 'GET', url: '/api/v1/bff/creator/nobody-at-all' }), 'profile-not-found');
    expectInvalid(
      await inject({ method: 'GET', url: `/api/v1/bff/creator/${creator.profile.slug}?checkIn=2030-01-05` }),
      'checkOut',
    );
  });
});

describe("a traveller's home", () => {
  it('shows the clubs they follow and the one that brought them, with what is new there', async () => {
    const followed = await world.creator('Followed Club');
    const brought = await world.creator('Brought Me Here');
    const unrelated = await world.creator('Not Followed');
    await recommend(followed, hotels[0]!, { title: 'Followed pick' });
    await recommend(unrelated, hotels[1]!, { title: 'Unrelated pick' });
    const traveller = await world.caller();
    const email = `${traveller.id}@example.com`;
    await inject({ method: 'POST', url: '/api/v1/userProfile', headers: traveller.headers });
    await inject({
      method: 'PUT',
      url: '/api/v1/userProfile/attribution',
      headers: traveller.headers,
      payload: { userAttribution: { creator: brought.profile.slug } },
    });
    // Subscribing through the double opt-in, as the traveller (the token's address is the one subscribed).
    const asked = await inject({
      method: 'PUT',
      url: '/api/v1/emailSubscription',
      headers: traveller.headers,
      payload: { email, creatorId: followed.id },
    });
    expect(asked.statusCode).toBe(202);
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBe(1);
    // The mail links to the web's confirmation page, which asks the API at `/api/v1` + its path.
    const link = new URL(linkIn((await mailsTo(email))[0]!, '/emailSubscription/'));
    expect((await inject({ method: 'GET', url: `/api/v1${link.pathname}${link.search}` })).statusCode).toBe(200);

    const home = await inject({ method: 'GET', url: '/api/v1/bff/traveller/home', headers: traveller.headers });
    expect(home.statusCode).toBe(200);
    const body = home.json();
    expect(body.clubs.map((club: { slug: string }) => club.slug)).toEqual([
      followed.profile.slug,
      brought.profile.slug,
    ]);
    expect(body.recommendations.map((r: { recommendationTitle: string }) => r.recommendationTitle)).toEqual([
      'Followed pick',
    ]);
    expect(body.recommendations[0]).toMatchObject({ creatorSlug: followed.profile.slug, hotel: { id: hotels[0] } });
    expectError(await inject({ method: 'GET', url: '/api/v1/bff/traveller/home' }), 'unauthenticated');
  });
});
