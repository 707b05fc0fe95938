// `--earlier <n>`: the stores of a running stack as a platform that has been in use finds them, before a bench
// measures anything: n earlier itineraries with their invoices and card charges, n email subscribers and n club
// page views with the analytics counters they were counted into. Travellers, clubs and days are many; the clubs
// the bench uses (`clubs`, by slug) get a good share of the subscribers and page views, and the itineraries
// book the hotels of the bench's own catalog.
// The itinerary, its invoice and its charge (and billing's revisions record) are copies of one booking made first through the gateway, as a
// traveller makes it (so their fields are exactly those the services write), each with its own ids, owner,
// hotel, dates and status; subscribers and page views (counted per creator and day) are written in the shape their stores write
// (services/creator/src/store). Every earlier record's events were published long ago: its outbox is empty.
// Filled through the raw collections with insertMany in large batches (one by one, the local
// MongoDB-compatible server takes 2,000 to 4,000 documents a second).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { MongoClient, type Collection, type Db, type Document } from 'mongodb';
import { BOOKING_REFERENCE_ALPHABET, BOOKING_REFERENCE_LENGTH, BOOKING_REFERENCE_PREFIX } from '@travelclub/contracts';
import { cards, eventually, inDays, Traveller } from '@travelclub/testing';

export interface EarlierStack {
  gateway: string;
  mongoUrl: string;
  /** The stack's databases, by part (`Stack.databases`). */
  databases: Record<'itinerary' | 'billing' | 'creator' | 'catalog', string>;
}

const BATCH = 1_000;
const DAY_MS = 86_400_000;
/** Other clubs beside the bench's, and how many earlier bookings each traveller made on average. */
const CLUBS = 1_000;
const BOOKINGS_PER_TRAVELLER = 3;
/** The bench's clubs' share of the subscribers and page views. */
const BENCH_CLUB_SHARE = 0.3;

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
/** A moment up to `days` days ago. */
const daysAgo = (days: number) => new Date(Date.now() - Math.random() * days * DAY_MS);
const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

/** What billing names an itinerary revision's invoice and a payment (services/billing/src/domain/ids.ts). */
const invoiceIdOf = (itineraryId: string, revision: number) =>
  `inv_${sha256(`${itineraryId}\n${revision}`).slice(0, 24)}`;
const paymentIdOf = (invoiceId: string, key: string) => `pay_${sha256(`${invoiceId}\n${key}`).slice(0, 24)}`;

/** A booking reference in the itinerary's format, from the id (a clash with another is about one in 10^12). */
function referenceOf(itineraryId: string): string {
  const digest = createHash('sha256').update(itineraryId).digest();
  let symbols = '';
  for (let i = 0; i < BOOKING_REFERENCE_LENGTH; i++) symbols += BOOKING_REFERENCE_ALPHABET[digest[i]! & 31];
  return `${BOOKING_REFERENCE_PREFIX}${symbols}`;
}

/** Inserts `count` documents made by `make`, `BATCH` at a time; duplicates (a reference clash) are skipped. */
async function fill(collection: Collection<Document>, count: number, make: (i: number) => Document | Document[]) {
  for (let from = 0; from < count; from += BATCH) {
    const docs = Array.from({ length: Math.min(BATCH, count - from) }, (_, j) => make(from + j)).flat();
    await collection.insertMany(docs, { ordered: false }).catch((err: { code?: number }) => {
      if (err.code !== 11000) throw err;
    });
  }
}

/** One booking made through the gateway, paid and confirmed: its stored itinerary, invoice and charge. */
async function template(stack: EarlierStack, dbs: Record<keyof EarlierStack['databases'], Db>) {
  const traveller = await new Traveller(stack.gateway).visit();
  const { searchId, availability } = await traveller.findStay({
    destination: 'country-US',
    checkIn: inDays(340),
    checkOut: inDays(342),
  });
  const pending = await traveller.checkout(Traveller.cheapest(availability.body, searchId), 'earlier@bench.test');
  const paid = await traveller.pay(pending.invoiceId!, cards.good);
  if (paid.status !== 200) throw new Error(`the template's payment answered ${paid.status}`);
  await eventually(async () => (await traveller.itinerary(pending.id)).body.status === 'confirmed');
  // The relay has pulled the published events by now (the confirmation went through Kafka).
  const itinerary = await eventually(() =>
    dbs.itinerary.collection('itineraries').findOne({ _id: pending.id as never }),
  );
  const invoice = await eventually(() =>
    dbs.billing.collection('invoices').findOne({ _id: pending.invoiceId as never, status: 'paid' }),
  );
  const charge = await eventually(() => dbs.billing.collection('sandbox_charges').findOne({ reference: invoice._id }));
  return { itinerary, invoice, charge };
}

type Template = Awaited<ReturnType<typeof template>>;
type Status = 'confirmed' | 'cancelled' | 'draft' | 'pending_payment';
/** Most earlier itineraries were booked; some were cancelled, some left in the cart. */
const STATUSES: Status[] = [
  ...Array<Status>(14).fill('confirmed'),
  'cancelled',
  'cancelled',
  'draft',
  'draft',
  'draft',
];
STATUSES.push('pending_payment');

/** The n-th earlier booking: an itinerary, and (unless it stayed a draft) its invoice and charge. */
function booking(t: Template, ctx: { owners: string[]; hotels: Document[]; creators: string[] }): Document[] {
  const id = randomUUID();
  const status = pick(STATUSES);
  const createdAt = daysAgo(365);
  const updatedAt = later(createdAt, 20 * 60_000);
  const ownerId = pick(ctx.owners);
  const hotel = pick(ctx.hotels);
  const checkIn = dayOf(later(createdAt, Math.random() * 120 * DAY_MS));
  const checkOut = dayOf(later(new Date(`${checkIn}T00:00:00Z`), 2 * DAY_MS));
  const lineItems = (t.itinerary.lineItems as Document[]).map((line) => ({
    ...line,
    checkInDate: checkIn,
    checkOutDate: checkOut,
    hotelBooking: { ...line.hotelBooking, hotelId: hotel._id, hotelName: hotel.name ?? line.hotelBooking.hotelName },
  }));
  const creator = Math.random() < 0.2 ? pick(ctx.creators) : undefined;
  const email = `traveller-${ownerId.slice(0, 8)}@earlier.test`;
  const leadGuest = { ...t.itinerary.leadGuest, email };
  // Billing's record of the itinerary's newest invoiced revision (store/invoices.ts).
  const revision = { _id: id, latest: t.invoice.revision };
  const invoiceId = invoiceIdOf(id, t.itinerary.revision);
  const paidOrCancelled = status === 'confirmed' || status === 'cancelled';
  // The template's booking fields come back below only where this one's status has them.
  const { invoiceId: _i, invoiceIds: _is, paidLeadGuest: _p, confirmedAt: _c, creator: _cr, ...base } = t.itinerary;
  const itinerary: Document = {
    ...base,
    _id: id,
    reference: referenceOf(id),
    status,
    ownerId,
    lineItems,
    leadGuest,
    createdAt,
    updatedAt,
    contactKeys: [email],
    outbox: [],
    ...(creator ? { creator } : {}),
  };
  if (status === 'draft') {
    delete itinerary.terms;
    return [{ itinerary: { ...itinerary, revision: 0, version: 3 } }];
  }
  Object.assign(itinerary, { invoiceId, invoiceIds: [invoiceId] });
  if (paidOrCancelled) Object.assign(itinerary, { paidLeadGuest: leadGuest, confirmedAt: updatedAt });
  const key = randomUUID();
  const paymentId = paymentIdOf(invoiceId, key);
  const invoice: Document = {
    ...t.invoice,
    _id: invoiceId,
    itineraryId: id,
    ownerId,
    contactEmail: email,
    createdAt,
    dueAt: later(createdAt, 30 * 60_000),
    holdsUntil: later(createdAt, 30 * 60_000),
    status: status === 'cancelled' ? 'refunded' : status === 'confirmed' ? 'paid' : 'open',
    attempts: {},
    lease: null,
    outbox: [],
  };
  for (const key of ['creator', 'commission']) delete invoice[key];
  if (creator) invoice.creator = creator;
  if (creator && paidOrCancelled)
    invoice.commission = {
      creator,
      amount: { ...t.invoice.total, amount: Math.round(t.invoice.total.amount / 10) },
      availableFrom: checkOut,
      at: updatedAt,
    };
  if (!paidOrCancelled) {
    delete invoice.payment;
    return [{ itinerary }, { invoice }, { revision }];
  }
  const attempt = Object.values(t.invoice.attempts as Record<string, Document>)[0]!;
  const chargeId = `ch_${randomBytes(12).toString('hex')}`;
  invoice.attempts = { [paymentId]: { ...attempt, key, paymentId, startedAt: updatedAt, at: updatedAt } };
  invoice.payment = { ...t.invoice.payment, id: paymentId, chargeId, paidAt: updatedAt };
  const charge = { ...t.charge, _id: paymentId, chargeId, reference: invoiceId, createdAt: updatedAt };
  return [{ itinerary }, { invoice }, { charge }, { revision }];
}

/** n earlier bookings by n / 3 travellers, over the catalog's hotels, a fifth of them through a club. */
async function fillBookings(
  n: number,
  dbs: Record<keyof EarlierStack['databases'], Db>,
  t: Template,
  creators: string[],
) {
  const hotels = await dbs.catalog
    .collection('hotels')
    .find({}, { projection: { _id: 1, name: 1 }, limit: 5_000 })
    .toArray();
  const owners = Array.from({ length: Math.max(1, Math.ceil(n / BOOKINGS_PER_TRAVELLER)) }, () => randomUUID());
  const into = {
    itinerary: dbs.itinerary.collection('itineraries'),
    invoice: dbs.billing.collection('invoices'),
    charge: dbs.billing.collection('sandbox_charges'),
    revision: dbs.billing.collection('itinerary_revisions'),
  };
  for (let from = 0; from < n; from += BATCH) {
    const made = Array.from({ length: Math.min(BATCH, n - from) }, () =>
      booking(t, { owners, hotels: hotels.length ? hotels : [{ _id: 'h' }], creators }),
    ).flat();
    for (const kind of ['itinerary', 'invoice', 'charge', 'revision'] as const) {
      const docs = made.flatMap((m) => (m[kind] ? [m[kind] as Document] : []));
      if (docs.length > 0) await into[kind].insertMany(docs, { ordered: false }).catch(skipClashes);
    }
  }
}

const skipClashes = (err: { code?: number }) => {
  if (err.code !== 11000) throw err;
};

/** A subscriber of `creatorId`, as the creator's subscription store writes one (services/creator/src/store). */
function subscriber(i: number, creatorId: string): Document {
  const createdAt = daysAgo(365);
  const status = pick(['confirmed', 'confirmed', 'confirmed', 'confirmed', 'confirmed', 'pending', 'unsubscribed']);
  const email = `follower-${i}-${randomBytes(3).toString('hex')}@earlier.test`;
  return {
    _id: randomUUID(),
    email,
    emailKey: email,
    creatorId,
    ...(Math.random() < 0.4 ? { userId: randomUUID() } : {}),
    timeZone: pick(['Europe/Lisbon', 'America/New_York', 'Asia/Tokyo', 'UTC']),
    settings: { frequency: pick(['instant', 'weekly', 'monthly']) },
    subscriptionType: pick(['creator-updates', 'newsletter']),
    status,
    codes: [],
    unsubscribeToken: randomBytes(24).toString('base64url'),
    mailedAt: createdAt,
    createdAt,
    updatedAt: later(createdAt, 3_600_000),
    ...(status !== 'pending' ? { confirmedAt: later(createdAt, 3_600_000) } : {}),
    ...(status === 'unsubscribed' ? { unsubscribedAt: later(createdAt, 30 * DAY_MS) } : {}),
    outbox: [],
  };
}

/**
 * n subscribers and n page views of the clubs (the bench's get `BENCH_CLUB_SHARE` of them), and the
 * analytics counters of the page views' days (generation 0, as the analytics consumer counted them).
 */
async function fillAudience(n: number, creator: Db, benchClubs: string[], others: string[]) {
  const clubOf = () => (benchClubs.length > 0 && Math.random() < BENCH_CLUB_SHARE ? pick(benchClubs) : pick(others));
  await fill(creator.collection('subscriptions'), n, (i) => subscriber(i, clubOf()));
  // Production keeps a week of views: one document per creator and day (store/page-views.ts), counting them.
  const days = new Map<string, { creatorId: string; day: string; at: Date; views: number }>();
  for (let i = 0; i < n; i++) {
    const at = daysAgo(7);
    const creatorId = clubOf();
    const key = `${creatorId}/${dayOf(at)}`;
    const counted = days.get(key) ?? { creatorId, day: dayOf(at), at, views: 0 };
    counted.views += 1;
    days.set(key, counted);
  }
  const stored = [...days].map(([_id, d]) => ({ _id, ...d, outbox: [] }));
  await fill(creator.collection('page_views'), stored.length, (i) => stored[i]!);
  const counters = stored.map((d) => ({
    _id: `0|${d.creatorId}|${d.day}`,
    generation: 0,
    creatorId: d.creatorId,
    day: d.day,
    pageViews: d.views,
    uniqueVisitors: Math.ceil(d.views * 0.7),
  }));
  await fill(creator.collection('counters'), counters.length, (i) => counters[i]!);
}

/**
 * Puts `n` earlier itineraries (with their invoices and charges), subscribers and page views into the stack's
 * stores; `clubs` are the slugs of the clubs the bench uses. Prints what it put and how long it took.
 */
export async function fillEarlier(stack: EarlierStack, n: number, clubs: string[] = []): Promise<void> {
  if (n <= 0) return;
  const started = Date.now();
  // A batch waits behind whatever else the server is doing with that collection (it serialises them): no
  // time-out but the test's own.
  const client = await MongoClient.connect(stack.mongoUrl, { socketTimeoutMS: 0, connectTimeoutMS: 300_000 });
  try {
    const dbs = Object.fromEntries(
      Object.entries(stack.databases).map(([part, name]) => [part, client.db(name)]),
    ) as Record<keyof EarlierStack['databases'], Db>;
    const benchClubs = await dbs.creator
      .collection('profiles')
      .find({ slug: { $in: clubs } }, { projection: { _id: 1 } })
      .toArray();
    const others = Array.from({ length: CLUBS }, () => randomUUID());
    const t = await template(stack, dbs);
    const slugs = others.map((_, i) => `earlier-club-${i}`);
    await fillBookings(n, dbs, t, slugs);
    await fillAudience(
      n,
      dbs.creator,
      benchClubs.map((p) => String(p._id)),
      others,
    );
    console.log(
      `earlier: ${n} itineraries (with their invoices and charges), subscribers and page views put in the ` +
        `stores in ${((Date.now() - started) / 1000).toFixed(0)} s (${clubs.length} of the bench's clubs among ` +
        `${CLUBS} others)`,
    );
  } finally {
    await client.close();
  }
}
