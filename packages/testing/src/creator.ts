// A creator driving the public API through the gateway: signs up as a creator, claims a club address, puts
// up a hero image, recommends hotels and publishes packages. For system tests and benchmarks.
import type { Profile, RecommendationView, TokenAnswer, TravelPackage } from '@travelclub/contracts';
import { caller, type Answer, type Caller } from './traveller.js';

/** A hotel of the catalog and one of its room types, as a package's night needs it. */
export interface HotelRoom {
  hotelId: string;
  roomType: string;
}

export class Creator {
  token: string | undefined;
  userId = '';
  profile: Profile | undefined;
  readonly call: Caller;

  constructor(readonly gateway: string) {
    this.call = caller(gateway, () => this.token);
  }

  /** A new creator account (sign-up with the creator role), with its profile made by the creator service. */
  async signUp(email: string, publicName: string, password = 'a creator password'): Promise<this> {
    const res = await this.call<TokenAnswer>('POST', '/api/v1/auth/signUp', {
      email,
      password,
      repassword: password,
      publicName,
      role: 'creator',
    });
    if (res.status !== 201) throw new Error(`creator sign-up answered ${res.status}: ${JSON.stringify(res.body)}`);
    this.token = res.body.accessToken;
    this.userId = res.body.user.id;
    const made = await this.call<Profile>('POST', '/api/v1/userProfile', { publicName });
    if (made.status >= 300) throw new Error(`profile answered ${made.status}: ${JSON.stringify(made.body)}`);
    this.profile = made.body;
    return this;
  }

  async claimSlug(slug: string): Promise<Answer<Profile>> {
    const res = await this.call<Profile>('PUT', '/api/v1/userProfile', { slug });
    if (res.status === 200) this.profile = res.body;
    return res;
  }

  get slug(): string {
    return this.profile!.slug;
  }

  /** Sends a multipart form (text fields and image files) to `path`. */
  async upload<T>(
    method: 'POST' | 'PUT',
    path: string,
    fields: Record<string, string>,
    files: Record<string, Buffer[]>,
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [name, list] of Object.entries(files))
      for (const bytes of list) form.append(name, new Blob([bytes], { type: 'image/jpeg' }), `${name}.jpg`);
    const res = await fetch(this.gateway + path, {
      method,
      headers: { authorization: `Bearer ${this.token}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as T & { error?: { code: string; message: string } } };
  }

  async uploadHeroImage(bytes: Buffer): Promise<Answer<Profile>> {
    const res = await this.upload<Profile>(
      'POST',
      `/api/v1/userProfile/${this.userId}/creator/heroImage`,
      {},
      {
        image: [bytes],
      },
    );
    if (res.status === 200) this.profile = res.body;
    return res;
  }

  recommend(hotelId: string, title: string, text = '', cover?: Buffer): Promise<Answer<RecommendationView>> {
    return this.upload<RecommendationView>(
      'PUT',
      `/api/v1/hotel/${hotelId}/recommend`,
      { title, text },
      {
        ...(cover && { cover: [cover] }),
      },
    );
  }

  /** A package of one night in each of `rooms`, a day each, made active (checked at the catalog). */
  async publishPackage(title: string, rooms: HotelRoom[], extra: Record<string, unknown> = {}): Promise<TravelPackage> {
    const made = await this.call<TravelPackage>('PUT', '/api/v1/travelpackage', {
      title,
      summary: `${rooms.length} nights, hand-picked.`,
      days: rooms.map((stay, i) => ({ title: `Day ${i + 1}`, activities: ['Walk the old town'], stay })),
      pricing: { kind: 'liveQuote' },
      offeredDates: { kind: 'any' },
      capacity: 4,
      ...extra,
    });
    if (made.status !== 201) throw new Error(`package answered ${made.status}: ${JSON.stringify(made.body)}`);
    const active = await this.call<TravelPackage>('POST', `/api/v1/bff/travelPackage/${made.body.id}/toggle`, {
      isActive: true,
    });
    if (active.status !== 200) throw new Error(`activation answered ${active.status}: ${JSON.stringify(active.body)}`);
    return active.body;
  }
}

/**
 * Hotels of the catalog with a room type each, found through the public API as a creator's dashboard would.
 * With `free`, only room types with a room left for two on each night from its check-in to its check-out: the
 * catalog sells some room types out on some nights (other channels' demand), so a test that books given
 * dates must not leave that to the day it runs on.
 */
export async function catalogRooms(
  gateway: string,
  count: number,
  free?: { checkIn: string; checkOut: string },
): Promise<HotelRoom[]> {
  const call = caller(gateway);
  const take = free ? count * 4 : count;
  const recommended = await call<{ hotels: { id: string }[] }>('GET', `/api/v1/hotel/recommended?take=${take}`);
  if (recommended.status !== 200) throw new Error(`recommended answered ${recommended.status}`);
  const found = await Promise.all(
    recommended.body.hotels.slice(0, take).map(async ({ id }): Promise<HotelRoom | undefined> => {
      const hotel = await call<{ destinationId: string; roomTypes: { type: string }[] }>('GET', `/api/v1/hotel/${id}`);
      if (!free) return { hotelId: id, roomType: hotel.body.roomTypes[0]!.type };
      const criteria = { destination: hotel.body.destinationId, ...free, guests: 2, rooms: 1 };
      const search = await call<{ searchId: string }>('POST', '/api/v1/hotel/search/create', criteria);
      const offer = await call<{ roomTypes: { type: string; roomsLeft: number; rooms: unknown[] }[] }>(
        'POST',
        `/api/v1/hotel/${id}/checkAvailability`,
        { hotelId: id, hotelSearchId: search.body.searchId },
      );
      const open = offer.body.roomTypes?.find((rt) => rt.roomsLeft > 0 && rt.rooms.length > 0);
      return open && { hotelId: id, roomType: open.type };
    }),
  );
  const rooms = found.filter((room) => room !== undefined).slice(0, count);
  if (rooms.length < count) throw new Error(`only ${rooms.length} of ${count} hotels have a room free then`);
  return rooms;
}
