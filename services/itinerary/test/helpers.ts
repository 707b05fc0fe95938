// Shared set-up of the itinerary service tests (`useWorld` for a test file): the real catalog as a neighbour
// (@travelclub/testing's, on a port of its own, a small demo inventory), a stand-in for billing's internal routes
// (createInvoice, withdrawInvoice), the itinerary app, all on one Kafka topic prefix so they hear each other;
// tokens from a local key set, service identities from the test secret, and small clients.
import { createHash, randomUUID } from 'node:crypto';
import {
  AvailabilityAnswerSchema,
  InvoiceDraftSchema,
  WithdrawInvoiceBodySchema,
  type InvoiceDraft,
  type Invoice,
  type Itinerary,
  type ServiceName,
} from '@travelclub/contracts';
import { serviceQueue, unheardOutbox, type JobQueue } from '@travelclub/kit';
import {
  inDays,
  readEvents,
  serviceHeaders,
  ServiceWorld,
  setUpForFile,
  startStandIn,
  startTestJwks,
  testEnv,
  uniqueName,
  type SeenEvent,
  type StandInAnswer,
} from '@travelclub/kit/testing';
import { addRoomBody, guestDetails as guestsFor, leadGuest as lead, type RoomChoice } from '@travelclub/testing';
import { startCatalog, type CatalogApp } from '@travelclub/testing/catalog';
import { buildApp, type ItineraryApp } from '../src/app.js';
import { ItineraryConfigSchema } from '../src/config.js';
import { itineraryStore, type ItineraryStore } from '../src/store/itineraries.js';

export interface BillingStandIn {
  url: string;
  /** The drafts the itinerary sent to createInvoice, in order. */
  calls: { body: InvoiceDraft; authorization: string | undefined }[];
  /** The itinerary's calls to withdrawInvoice, in order (as it sent them, valid or not). */
  withdrawals: { invoiceId: string; body: unknown; authorization: string | undefined }[];
  /** Makes the next answers fail with this status (0: answer normally). */
  failWith: number;
  /** Cuts every call's connection: billing cannot be reached. */
  unreachable: boolean;
  /** Changes the invoice billing answers (a forged one); none: the invoice as the draft says. */
  tamper: ((invoice: Invoice) => Invoice) | undefined;
  /**
   * The invoices billing made, by id, as it keeps them: a test may change one's status (void: billing took it
   * back; paid) or delete it (billing does not have it).
   */
  invoices: Map<string, Invoice>;
  /** Invoices a payment holds (running, or its outcome not known yet): billing refuses to withdraw them. */
  paymentHeld: Set<string>;
  close(): Promise<void>;
}

const WITHDRAW_PATH = /^\/internal\/v1\/invoices\/([^/]+)\/withdraw$/;

const failure = (status: number, code: string, message: string) => ({ status, body: { error: { code, message } } });

/**
 * Billing's internal routes as the contracts describe them, only for the itinerary's service identity:
 * `POST /internal/v1/invoices` (one invoice per itinerary revision, made from the draft the itinerary sends;
 * asked again, the same invoice as billing keeps it, void if it was withdrawn) and
 * `POST /internal/v1/invoices/:id/withdraw` (void unless a payment holds it or it is paid).
 */
export async function startBillingStandIn(): Promise<BillingStandIn> {
  const standIn: BillingStandIn = {
    url: '',
    calls: [],
    withdrawals: [],
    failWith: 0,
    unreachable: false,
    tamper: undefined,
    invoices: new Map(),
    paymentHeld: new Set(),
    close: async () => undefined,
  };
  const server = await startStandIn('billing', async (req): Promise<StandInAnswer> => {
    const withdrawPath = req.method === 'POST' ? WITHDRAW_PATH.exec(req.url) : null;
    if (!withdrawPath && (req.method !== 'POST' || req.url !== '/internal/v1/invoices'))
      return { status: 404, body: {} };
    if (standIn.unreachable) return 'reset';
    if (req.caller !== 'itinerary') return failure(401, 'unauthenticated', 'no');
    if (standIn.failWith) return failure(standIn.failWith, 'internal', 'down');
    if (withdrawPath) {
      const invoiceId = decodeURIComponent(withdrawPath[1]!);
      standIn.withdrawals.push({ invoiceId, body: req.body, authorization: req.authorization });
      return withdrawn(standIn, invoiceId, req.body);
    }
    const parsed = InvoiceDraftSchema.safeParse(req.body ?? {});
    if (!parsed.success) return failure(400, 'validation-failed', parsed.error.message);
    standIn.calls.push({ body: parsed.data, authorization: req.authorization });
    return invoiceOf(standIn, parsed.data);
  });
  standIn.url = server.url;
  standIn.close = server.close;
  return standIn;
}

/** The invoice billing makes of the draft the itinerary sends it, once per revision. */
function invoiceOf(standIn: BillingStandIn, draft: InvoiceDraft): StandInAnswer {
  const id = `inv_${createHash('sha256').update(`${draft.itineraryId}#${draft.revision}`).digest('hex').slice(0, 20)}`;
  const known = standIn.invoices.get(id);
  const invoice: Invoice = known ?? {
    id,
    itineraryId: draft.itineraryId,
    ownerId: draft.ownerId,
    status: 'open',
    currency: draft.currency,
    lines: draft.lines,
    total: { amount: draft.lines.reduce((sum, line) => sum + line.amount.amount, 0), currency: draft.currency },
    terms: draft.terms,
    ...(draft.creator ? { creator: draft.creator } : {}),
    createdAt: new Date().toISOString(),
  };
  standIn.invoices.set(id, invoice);
  const answer = standIn.tamper ? standIn.tamper(invoice) : invoice;
  return { status: known ? 200 : 201, body: answer };
}

/** Billing takes an invoice back for its itinerary: void, unless a payment holds it or it is paid. */
function withdrawn(standIn: BillingStandIn, invoiceId: string, body: unknown): StandInAnswer {
  const parsed = WithdrawInvoiceBodySchema.safeParse(body ?? {});
  if (!parsed.success) return failure(400, 'validation-failed', parsed.error.message);
  const invoice = standIn.invoices.get(invoiceId);
  if (!invoice || invoice.itineraryId !== parsed.data.itineraryId)
    return failure(404, 'invoice-not-found', 'no such invoice');
  if (invoice.status === 'paid' || (invoice.status === 'open' && standIn.paymentHeld.has(invoiceId)))
    return failure(409, 'payment-in-progress', 'a payment holds it');
  if (invoice.status === 'open') invoice.status = 'void';
  return { status: 200, body: invoice };
}

/**
 * The world of a test file (`overrides` over the app's test settings): started before its tests, closed after
 * them.
 */
export const useWorld = (overrides: Record<string, string> = {}) => setUpForFile(new World(overrides));

/**
 * One test file's catalog (a small demo inventory), billing stand-in and itinerary app, on one Kafka topic
 * prefix, with tokens from a key set of its own; and what its tests do with them. Its fields are there once
 * `start` is over.
 */
export class World extends ServiceWorld<ItineraryApp> {
  prefix!: string;
  catalog!: CatalogApp;
  catalogUrl!: string;
  billing!: BillingStandIn;
  /** The app's itineraries as stored, to read (events written here would wait for the relay's sweep). */
  store!: ItineraryStore;
  /** A client of the app; it may be taken before `start` (it finds the app when called). */
  readonly call: Call = (method, url, who, body) => client(this.app)(method, url, who, body);
  private env: Record<string, string> = {};
  private readonly siblings: ItineraryApp[] = [];
  private emailQueue: JobQueue<'emails'> | undefined;
  /** Where `findOffer` looks next, so tests do not take each other's rooms. */
  private offerCursor = 0;

  constructor(private readonly overrides: Record<string, string>) {
    super();
  }

  async start(): Promise<void> {
    this.jwks = await startTestJwks();
    this.prefix = `${uniqueName('itinerary')}.`;
    this.catalog = await startCatalog({
      JWKS_URL: this.jwks.jwksUrl,
      KAFKA_TOPIC_PREFIX: this.prefix,
      SEED_HOTELS: '60',
      SEED: '11',
    });
    this.catalogUrl = await this.catalog.listen({ port: 0, host: '127.0.0.1' });
    this.billing = await startBillingStandIn();
    this.env = {
      ...testEnv('itinerary'),
      JWKS_URL: this.jwks.jwksUrl,
      KAFKA_TOPIC_PREFIX: this.prefix,
      CATALOG_URL: this.catalogUrl,
      BILLING_URL: this.billing.url,
      WEB_URL: 'https://travelclub.test',
      ...this.overrides,
    };
    this.app = await buildApp(ItineraryConfigSchema.parse(this.env));
    this.store = await itineraryStore(this.app.mongo, unheardOutbox);
  }

  /** Another itinerary app on the same database and topics, with settings of its own. */
  async sibling(overrides: Record<string, string>): Promise<ItineraryApp> {
    const other = await buildApp(ItineraryConfigSchema.parse({ ...this.env, ...overrides }));
    this.siblings.push(other);
    return other;
  }

  async close(): Promise<void> {
    for (const other of this.siblings) await other.close();
    await this.app?.close();
    await this.catalog?.close();
    await this.billing?.close();
    await this.jwks?.close();
  }

  /** A signed-in customer, unless `claims` say otherwise. */
  async traveller(claims: { roles?: string[]; isAnonymous?: boolean; sub?: string } = {}): Promise<Traveller> {
    const id = claims.sub ?? `user-${randomUUID().slice(0, 8)}`;
    const token = await this.jwks.sign({ roles: ['role/customer'], ...claims, sub: id });
    return { id, token, headers: { authorization: `Bearer ${token}` } };
  }

  async createItinerary(who: Traveller, body: Record<string, unknown> = {}): Promise<Itinerary> {
    const res = await this.call('POST', '/api/v1/itinerary', who, body);
    if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
    return res.json<Itinerary>();
  }

  /**
   * A bookable room from a real search and availability check (a signed-in visitor's), at a hotel the previous
   * calls did not use: what the web app sends to addHotel. `refundable`: a rate that cancels free for now.
   */
  async findOffer({
    rooms = 1,
    startInDays = 30,
    nights = 2,
    currency = 'USD',
    refundable = false,
  } = {}): Promise<Offer> {
    const { headers } = await this.traveller();
    const checkInDate = inDays(startInDays);
    const checkOutDate = inDays(startInDays + nights);
    const hotels = this.catalog.catalog.index().hotels;
    const created = await this.catalog.inject({
      method: 'POST',
      url: '/api/v1/hotel/search/create',
      payload: {
        destination: busiestCity(this.catalog),
        checkIn: checkInDate,
        checkOut: checkOutDate,
        guests: rooms,
        rooms,
        currency,
      },
    });
    if (created.statusCode !== 201) throw new Error(`search/create answered ${created.statusCode}: ${created.body}`);
    const { searchId } = created.json<{ searchId: string }>();
    for (let tries = 0; tries < hotels.length; tries++) {
      const hotel = hotels[this.offerCursor++ % hotels.length]!;
      const res = await this.catalog.inject({
        method: 'POST',
        url: `/api/v1/hotel/${hotel._id}/checkAvailability`,
        headers,
        payload: { hotelId: hotel._id, hotelSearchId: searchId },
      });
      if (res.statusCode !== 200) continue;
      const answer = AvailabilityAnswerSchema.parse(res.json());
      const rateOf = (rt: (typeof answer.roomTypes)[number]) =>
        refundable ? rt.rooms.find((r) => r.tags.includes('Free Cancellation')) : rt.rooms[0];
      const roomType = answer.roomTypes.find((rt) => rateOf(rt) && rt.roomsLeft >= 3);
      const rate = roomType && rateOf(roomType);
      const others = answer.roomTypes.flatMap((rt) =>
        rt.roomsLeft >= 3 ? rt.rooms.map((r) => ({ roomType: rt.type, roomId: r.id })) : [],
      );
      if (roomType && rate)
        return {
          searchId,
          hotelId: hotel._id,
          roomType: roomType.type,
          roomId: rate.id,
          checkInDate,
          checkOutDate,
          rooms,
          others: others.filter((o) => o.roomId !== rate.id),
        };
    }
    throw new Error('no hotel of the test inventory has rooms for that stay');
  }

  /** An itinerary of `who` with one room of a fresh offer in it. */
  async cartWithRoom(who: Traveller, body: Record<string, unknown> = {}, { refundable = false } = {}) {
    const itinerary = await this.createItinerary(who, body);
    const offer = await this.findOffer({ currency: itinerary.currency, refundable });
    const res = await this.call('POST', itineraryUrl(itinerary.id, 'addHotel'), who, addHotelBody(offer));
    if (res.statusCode !== 200) throw new Error(`addHotel answered ${res.statusCode}: ${res.body}`);
    return { itinerary: res.json<Itinerary>(), offer };
  }

  /** A cart awaiting payment: a room, guest details and an invoice (`cart`: the new itinerary's body). */
  async pendingCart(
    who: Traveller,
    email?: string,
    cart: Record<string, unknown> = {},
    offer: { refundable?: boolean } = {},
  ): Promise<Itinerary> {
    const { itinerary } = await this.cartWithRoom(who, cart, offer);
    const guests = await this.call(
      'POST',
      itineraryUrl(itinerary.id, 'setGuestDetails'),
      who,
      guestDetails(itinerary, email),
    );
    if (guests.statusCode !== 200) throw new Error(`setGuestDetails answered ${guests.statusCode}: ${guests.body}`);
    const res = await this.call('POST', itineraryUrl(itinerary.id, 'createInvoice'), who);
    if (res.statusCode !== 200) throw new Error(`createInvoice answered ${res.statusCode}: ${res.body}`);
    return res.json<Itinerary>();
  }

  /** A new traveller, and a cart of theirs with one room in it. */
  async newCart() {
    const me = await this.traveller();
    return { me, ...(await this.cartWithRoom(me)) };
  }

  /** A new traveller, and a cart of theirs awaiting payment. */
  async newPendingCart(email?: string, offer: { refundable?: boolean } = {}) {
    const me = await this.traveller();
    return { me, pending: await this.pendingCart(me, email, {}, offer) };
  }

  /** A call to the catalog's hold routes as this service makes it: its identity, on behalf of `owner`. */
  async holdCall(
    method: 'GET' | 'POST' | 'DELETE',
    owner: { id: string },
    holdId?: string,
    payload?: Record<string, unknown>,
  ) {
    return this.catalog.inject({
      method,
      url: `/internal/v1/holds${holdId ? `/${holdId}` : ''}?ownerId=${encodeURIComponent(owner.id)}`,
      headers: await serviceHeaders('itinerary', 'catalog'),
      ...(payload ? { payload } : {}),
    });
  }

  /**
   * The app's events of this type about an itinerary, once `count` distinct ones arrived and `settleMs` more
   * passed to catch any extra (delivery is at least once: copies are dropped by id).
   */
  async eventsAbout(itineraryId: string, type: string, count = 1, settleMs = 0): Promise<SeenEvent[]> {
    const log = await readEvents(this.app, 'itinerary.events');
    try {
      return await log.wait((e) => e.type === type && e.payload.itineraryId === itineraryId, count, settleMs);
    } finally {
      await log.stop();
    }
  }

  /** The `emails` jobs the app queued about an itinerary. */
  async emailJobs(itineraryId: string) {
    this.emailQueue ??= serviceQueue(this.app, 'emails');
    const jobs = await this.emailQueue.queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    return jobs.filter((job) => (job.data as { data?: { itineraryId?: string } }).data?.itineraryId === itineraryId);
  }
}

/** The biggest destination of the test inventory (its city with the most hotels). */
function busiestCity(catalog: CatalogApp): string {
  const counts = new Map<string, number>();
  for (const hotel of catalog.catalog.index().hotels)
    counts.set(hotel.destinationId, (counts.get(hotel.destinationId) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

export { expectError, inDays } from '@travelclub/kit/testing';

export interface Traveller {
  id: string;
  token: string;
  headers: { authorization: string };
}

/** Another service as a caller of `target`'s internal routes (its service token), for `client`. */
export async function asService(caller: ServiceName, target: ServiceName = 'itinerary'): Promise<Traveller> {
  const headers = await serviceHeaders(caller, target);
  return { id: `svc:${caller}`, token: headers.authorization.slice('Bearer '.length), headers };
}

type Answer = Awaited<ReturnType<ItineraryApp['inject']>>;
export type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who?: Traveller,
  body?: unknown,
) => Promise<Answer>;

/** A client of an itinerary app: `call('POST', '/api/v1/itinerary', traveller, body)`. */
export const client =
  (app: ItineraryApp): Call =>
  (method, url, who, body) =>
    app.inject({
      method,
      url,
      ...(who ? { headers: who.headers } : {}),
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    });

export const itineraryUrl = (id: string, action = '') => `/api/v1/itinerary/${id}${action ? `/${action}` : ''}`;

export interface Offer extends RoomChoice {
  rooms: number;
  /** Other rates of the same hotel for the same stay. */
  others: { roomType: string; roomId: string }[];
}

export const addHotelBody = (offer: Offer, extra: Record<string, unknown> = {}) => ({
  ...addRoomBody(offer),
  ...extra,
});

const guestEmail = () => `${uniqueName('guest')}@example.test`;
export const leadGuest = (email = guestEmail()) => lead(email);

/** Guest details for every room of the itinerary (one name per room). */
export const guestDetails = (itinerary: Itinerary, email = guestEmail()) => guestsFor(itinerary, email);
