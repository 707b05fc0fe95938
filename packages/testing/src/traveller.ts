// A traveller driving the public API through the gateway, step by step: a visitor's token, a search, the
// rooms of a hotel, a cart, guest details, an invoice and a payment. For system tests and benchmarks; the
// guest details also for the itinerary's own tests.
import type {
  AvailabilityAnswer,
  Invoice,
  Itinerary,
  PaymentAnswer,
  SearchPage,
  TokenAnswer,
} from '@travelclub/contracts';
import { randomBytes, randomUUID } from 'node:crypto';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T & { error?: { code: string; message: string; title?: string } };
}

export type Caller = <T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Answer<T>>;

/**
 * Calls `gateway` with `token` (when there is one) as the bearer, and with `traceId` (when there is one) in a
 * sampled `traceparent` of a fresh parent span per call, as the web app's pages send theirs.
 */
export function caller(gateway: string, token?: () => string | undefined, traceId?: () => string | undefined): Caller {
  return async (method, path, body, headers = {}) => {
    const bearer = token?.();
    const trace = traceId?.();
    const res = await fetch(gateway + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...(trace ? { traceparent: `00-${trace}-${randomBytes(8).toString('hex')}-01` } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {} };
  };
}

/** A stay date `days` from today (UTC). */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const cards = {
  good: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', holderName: 'Ada Lovelace' },
  declined: { number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123', holderName: 'Ada Lovelace' },
  insufficientFunds: { number: '4000 0000 0000 9995', expiry: '12/34', cvc: '123', holderName: 'Ada Lovelace' },
};

export const leadGuest = (email: string) => ({ name: 'Ada Lovelace', email, phone: '+44 20 7946 0000' });

/** Guest details for every room of the itinerary: a lead guest with `email`, one name per room. */
export function guestDetails(itinerary: Itinerary, email: string) {
  return {
    leadGuest: leadGuest(email),
    rooms: itinerary.lineItems.flatMap((item) =>
      item.hotelBooking.rooms.map((room) => ({
        lineItemId: item.identity,
        holdId: room.holdId,
        guestNames: Array.from({ length: room.rooms }, (_, i) => `Guest ${i + 1}`),
      })),
    ),
  };
}

/** A room as add to cart takes it: a rate of a hotel's room type, the search it came from, the stay's dates. */
export interface RoomChoice {
  searchId: string;
  hotelId: string;
  roomType: string;
  roomId: string;
  checkInDate: string;
  checkOutDate: string;
}

/** The body of add to cart for `room`. */
export const addRoomBody = ({ hotelId, roomType, roomId, searchId, checkInDate, checkOutDate }: RoomChoice) => ({
  hotelId,
  roomType,
  roomId,
  searchId,
  checkInDate,
  checkOutDate,
});

export interface Stay extends RoomChoice {
  price: { amount: number; currency: string };
  roomsLeft: number;
}

export class Traveller {
  token: string | undefined;
  userId = '';
  /** Set, every call continues this trace (32 hex digits): one trace for the whole journey. */
  traceId: string | undefined;
  readonly call: Caller;

  constructor(readonly gateway: string) {
    this.call = caller(
      gateway,
      () => this.token,
      () => this.traceId,
    );
  }

  /** Signed in silently as an anonymous visitor (spec section 1). */
  async visit(): Promise<this> {
    const res = await this.call<TokenAnswer>('POST', '/api/v1/auth/anonymous');
    if (res.status !== 201) throw new Error(`anonymous sign-in answered ${res.status}: ${JSON.stringify(res.body)}`);
    this.token = res.body.accessToken;
    this.userId = res.body.user.id;
    return this;
  }

  async signUp(email: string, password = 'a traveller password'): Promise<Answer<TokenAnswer>> {
    const res = await this.call<TokenAnswer>('POST', '/api/v1/auth/signUp', {
      email,
      password,
      repassword: password,
      publicName: 'Test Traveller',
      role: 'consumer',
    });
    if (res.status === 201) this.token = res.body.accessToken;
    return res;
  }

  async signIn(email: string, password: string): Promise<this> {
    const res = await this.call<TokenAnswer>('POST', '/api/v1/auth/signIn', { email, password });
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${JSON.stringify(res.body)}`);
    this.token = res.body.accessToken;
    this.userId = res.body.user.id;
    return this;
  }

  /** Searches `destination` for a stay and answers the rooms of the first hotel with rooms left. */
  async findStay(criteria: { destination: string; checkIn: string; checkOut: string; guests?: number }) {
    const created = await this.call<{ searchId: string }>('POST', '/api/v1/hotel/search/create', {
      guests: 2,
      ...criteria,
    });
    if (created.status !== 201) throw new Error(`search answered ${created.status}: ${JSON.stringify(created.body)}`);
    const { searchId } = created.body;
    const page = await this.call<SearchPage>('GET', `/api/v1/hotel/search/${searchId}?take=50`);
    const hotel = page.body.hotels.find((h) => h.cheapestRate);
    if (!hotel) throw new Error(`no hotel with rooms in ${criteria.destination}`);
    return { searchId, hotel, availability: await this.availability(hotel.id, searchId) };
  }

  async availability(hotelId: string, searchId: string): Promise<Answer<AvailabilityAnswer>> {
    return this.call<AvailabilityAnswer>('POST', `/api/v1/hotel/${hotelId}/checkAvailability`, {
      hotelId,
      hotelSearchId: searchId,
    });
  }

  /** The cheapest room of an availability answer, as add to cart wants it. */
  static cheapest(answer: AvailabilityAnswer, searchId: string): Stay {
    const roomType = answer.roomTypes.find((rt) => rt.rooms.length > 0 && rt.roomsLeft > 0);
    if (!roomType) throw new Error(`no rooms left in ${answer.hotelId}`);
    const rate = roomType.rooms[0]!;
    return {
      searchId,
      hotelId: answer.hotelId,
      roomType: roomType.type,
      roomId: rate.id,
      checkInDate: answer.checkIn,
      checkOutDate: answer.checkOut,
      price: rate.totalPrice,
      roomsLeft: roomType.roomsLeft,
    };
  }

  async createItinerary(body: Record<string, unknown> = {}): Promise<Itinerary> {
    const res = await this.call<Itinerary>('POST', '/api/v1/itinerary', body);
    if (res.status !== 201) throw new Error(`create itinerary answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }

  addRoom(itineraryId: string, stay: Stay): Promise<Answer<Itinerary>> {
    return this.call<Itinerary>('POST', `/api/v1/itinerary/${itineraryId}/addHotel`, addRoomBody(stay));
  }

  /** A lead guest and a name for every room in the cart. */
  setGuests(itinerary: Itinerary, email: string): Promise<Answer<Itinerary>> {
    return this.call<Itinerary>(
      'POST',
      `/api/v1/itinerary/${itinerary.id}/setGuestDetails`,
      guestDetails(itinerary, email),
    );
  }

  createInvoice(itineraryId: string): Promise<Answer<Itinerary>> {
    return this.call<Itinerary>('POST', `/api/v1/itinerary/${itineraryId}/createInvoice`, {});
  }

  pay(invoiceId: string, card = cards.good, key: string = randomUUID()): Promise<Answer<PaymentAnswer>> {
    return this.call<PaymentAnswer>(
      'POST',
      `/api/v1/invoice/${invoiceId}/payment`,
      { card },
      { 'idempotency-key': key },
    );
  }

  invoice(invoiceId: string): Promise<Answer<Invoice>> {
    return this.call<Invoice>('GET', `/api/v1/invoice/${invoiceId}`);
  }

  itinerary(itineraryId: string): Promise<Answer<Itinerary>> {
    return this.call<Itinerary>('GET', `/api/v1/itinerary/${itineraryId}`);
  }

  /** Cart to invoice in one go: a new itinerary, the room, guests, the invoice. Answers the pending itinerary. */
  async checkout(stay: Stay, email: string): Promise<Itinerary> {
    const created = await this.createItinerary();
    const added = await this.addRoom(created.id, stay);
    if (added.status >= 300) throw new Error(`add room answered ${added.status}: ${JSON.stringify(added.body)}`);
    const guests = await this.setGuests(added.body, email);
    if (guests.status >= 300) throw new Error(`guests answered ${guests.status}: ${JSON.stringify(guests.body)}`);
    const invoiced = await this.createInvoice(created.id);
    if (invoiced.status >= 300)
      throw new Error(`createInvoice answered ${invoiced.status}: ${JSON.stringify(invoiced.body)}`);
    return invoiced.body;
  }

  /** Guest details, the invoice and a payment with `card` for a cart already filled; the confirmed itinerary. */
  async checkoutItinerary(itinerary: Itinerary, email: string, card = cards.good): Promise<Itinerary> {
    const guests = await this.setGuests(itinerary, email);
    if (guests.status >= 300) throw new Error(`guests answered ${guests.status}: ${JSON.stringify(guests.body)}`);
    const invoiced = await this.createInvoice(itinerary.id);
    if (invoiced.status >= 300)
      throw new Error(`createInvoice answered ${invoiced.status}: ${JSON.stringify(invoiced.body)}`);
    const paid = await this.pay(invoiced.body.invoiceId!, card);
    if (paid.status !== 200) throw new Error(`payment answered ${paid.status}: ${JSON.stringify(paid.body)}`);
    return eventually(async () => {
      const res = await this.itinerary(itinerary.id);
      return res.body.status === 'confirmed' && res.body;
    });
  }
}

/** Polls `check` until it answers something truthy or `timeoutMs` passes. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
