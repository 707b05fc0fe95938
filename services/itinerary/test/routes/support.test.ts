// The support desk's routes against the real servers: the list with each filter, paging and free text (taken
// literally, operators refused), who may call it, the detail with its invoices, holds and staff log (each read
// recorded), and a staff cancel with its reason. Records for the list are written through the service's own
// store; the detail and the cancel use real carts held at the real catalog.
import type { Itinerary, LineItem, SupportItineraryDetail, SupportItineraryList } from '@travelclub/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newItinerary, type ItineraryRecord } from '../../src/domain/itinerary.js';
import { addHotelBody, expectError, itineraryUrl, useWorld, type Traveller } from '../helpers.js';

const world = useWorld();
const { call } = world;

const LIST = '/api/v1/support/itineraries';
const tag = () => randomUUID().slice(0, 8);

interface Line {
  hotelId: string;
  hotelName: string;
  checkIn: string;
  checkOut: string;
  guestNames?: string[];
}

const lineOf = (line: Line): LineItem => ({
  identity: `line-${tag()}`,
  checkInDate: line.checkIn,
  checkOutDate: line.checkOut,
  hotelBooking: {
    hotelId: line.hotelId,
    hotelName: line.hotelName,
    rooms: [
      {
        roomType: { type: 'double', name: 'Double' },
        rateId: `rate-${tag()}`,
        rateName: 'Room only',
        rooms: line.guestNames?.length ?? 1,
        totalPrice: { amount: 20_000, currency: 'USD' },
        cancellationPolicyText: 'Free cancellation',
        cancellationCharges: [],
        holdId: `hold-${tag()}`,
        holdStatus: 'booked',
        holdExpiresAt: new Date().toISOString(),
        ...(line.guestNames ? { guestNames: line.guestNames } : {}),
      },
    ],
  },
});

/** An itinerary written through the service's store, changed last at `updatedAt`. */
async function seed(
  ownerId: string,
  fields: Partial<Omit<ItineraryRecord, 'lineItems'>> & { lines?: Line[] } = {},
): Promise<ItineraryRecord> {
  const { lines = [], ...rest } = fields;
  const base = newItinerary(`itn-${tag()}`, ownerId, {}, new Date());
  return world.store.create({ ...base, status: 'confirmed', lineItems: lines.map(lineOf), ...rest });
}

const list = async (query: string, who?: Traveller) => call('GET', `${LIST}?${query}`, who ?? (await staff()));
const ids = (res: { json: () => unknown }) => (res.json() as SupportItineraryList).items.map((item) => item.id);
const staff = () => world.traveller({ roles: ['role/support'] });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('the support list', () => {
  it('answers newest change first, paged, with the exact total on every page', async () => {
    const owner = `owner-${tag()}`;
    const seeded = [];
    for (let i = 0; i < 5; i++) seeded.push(await seed(owner, { updatedAt: minutesAgo(50 - i) }));
    const newestFirst = seeded.map((r) => r._id).reverse();
    const pages = [];
    for (let page = 1; page <= 4; page++) {
      const res = await list(`userId=${owner}&pageSize=2&page=${page}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ page, pageSize: 2, total: 5 });
      pages.push(ids(res));
    }
    expect(pages).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4), []]);
    // The defaults: the first page of 20.
    expect((await list(`userId=${owner}`)).json()).toMatchObject({ page: 1, pageSize: 20, total: 5 });
  });

  it('filters by status, owner, creator, contact address in any case, hotel and check-in range', async () => {
    const owner = `owner-${tag()}`;
    const creator = `club-${tag()}`;
    const hotelA = `htl-a-${tag()}`;
    const hotelB = `htl-b-${tag()}`;
    const email = `Mixed.Case-${tag()}@Example.test`;
    const paidEmail = `paid-${tag()}@example.test`;
    const guest = { name: 'Grace Hopper', email, phone: '+1 555 0100' };
    const twoStays = await seed(owner, {
      creator,
      leadGuest: guest,
      updatedAt: minutesAgo(3),
      lines: [
        { hotelId: hotelA, hotelName: 'Hotel Alfa', checkIn: '2031-01-10', checkOut: '2031-01-12' },
        { hotelId: hotelB, hotelName: 'Hotel Bravo', checkIn: '2031-02-10', checkOut: '2031-02-14' },
      ],
    });
    const draft = await seed(owner, {
      status: 'draft',
      updatedAt: minutesAgo(2),
      lines: [{ hotelId: hotelA, hotelName: 'Hotel Alfa', checkIn: '2031-03-01', checkOut: '2031-03-02' }],
    });
    const paidOnly = await seed(`owner-${tag()}`, {
      creator,
      status: 'cancelled',
      paidLeadGuest: { ...guest, email: paidEmail },
      updatedAt: minutesAgo(1),
    });

    const expectIds = async (query: string, expected: string[]) => {
      const res = await list(query);
      expect(res.statusCode, res.body).toBe(200);
      expect({ ids: ids(res), total: res.json().total }).toEqual({ ids: expected, total: expected.length });
    };
    await expectIds(`userId=${owner}`, [draft._id, twoStays._id]);
    await expectIds(`userId=${owner}&status=draft`, [draft._id]);
    await expectIds(`userId=${owner}&status=confirmed`, [twoStays._id]);
    await expectIds(`userId=${owner}&status=expired`, []);
    await expectIds(`creator=${creator}`, [paidOnly._id, twoStays._id]);
    await expectIds(`email=${encodeURIComponent(email.toLowerCase())}`, [twoStays._id]);
    await expectIds(`email=${encodeURIComponent(email.toUpperCase())}`, [twoStays._id]);
    await expectIds(`email=${encodeURIComponent(paidEmail)}`, [paidOnly._id]);
    await expectIds(`email=${encodeURIComponent(`x${paidEmail}`)}`, []);
    await expectIds(`hotelId=${hotelA}`, [draft._id, twoStays._id]);
    await expectIds(`hotelId=${hotelB}`, [twoStays._id]);
    // Inclusive at both ends, any line.
    await expectIds(`userId=${owner}&checkInFrom=2031-01-10&checkInTo=2031-01-10`, [twoStays._id]);
    await expectIds(`userId=${owner}&checkInFrom=2031-02-10`, [draft._id, twoStays._id]);
    await expectIds(`userId=${owner}&checkInTo=2031-01-09`, []);
    // The hotel and the range are one same line's: Alfa is not checked into in February.
    await expectIds(`hotelId=${hotelA}&checkInFrom=2031-02-01&checkInTo=2031-02-28`, []);
    await expectIds(`hotelId=${hotelB}&checkInFrom=2031-02-01&checkInTo=2031-02-28`, [twoStays._id]);
    await expectIds(`creator=${creator}&status=cancelled`, [paidOnly._id]);

    const [item] = (await list(`hotelId=${hotelB}`)).json<SupportItineraryList>().items;
    expect(item).toEqual({
      id: twoStays._id,
      reference: twoStays.reference,
      ownerId: owner,
      status: 'confirmed',
      title: '',
      creator,
      contactEmail: email,
      leadGuest: 'Grace Hopper',
      hotels: ['Hotel Alfa', 'Hotel Bravo'],
      checkIn: '2031-01-10',
      checkOut: '2031-02-14',
      total: { amount: 40_000, currency: 'USD' },
      createdAt: twoStays.createdAt.toISOString(),
      updatedAt: twoStays.updatedAt.toISOString(),
    });
  });

  it('finds by id, guest name, lead guest, address or hotel name, any case, and takes the text literally', async () => {
    const owner = `owner-${tag()}`;
    const word = `zq${tag()}`;
    const named = await seed(owner, {
      updatedAt: minutesAgo(4),
      leadGuest: { name: `Ada ${word}`, email: `lead-${word}@example.test`, phone: '+1 555 0101' },
      lines: [
        {
          hotelId: `htl-${tag()}`,
          hotelName: `Casa ${word} (Lisboa)`,
          checkIn: '2031-05-01',
          checkOut: '2031-05-03',
          guestNames: [`Zoë ${word}.Star`, 'Bob'],
        },
      ],
    });
    const dotted = await seed(owner, {
      updatedAt: minutesAgo(3),
      lines: [
        {
          hotelId: `htl-${tag()}`,
          hotelName: 'Plain',
          checkIn: '2031-05-01',
          checkOut: '2031-05-02',
          guestNames: [`Ab.cd ${word}`],
        },
      ],
    });
    const lookalike = await seed(owner, {
      updatedAt: minutesAgo(2),
      lines: [
        {
          hotelId: `htl-${tag()}`,
          hotelName: 'Plain',
          checkIn: '2031-05-01',
          checkOut: '2031-05-02',
          guestNames: [`Abxcd ${word}`],
        },
      ],
    });
    const find = async (q: string) => ids(await list(`q=${encodeURIComponent(q)}&userId=${owner}`));

    expect(await find(named._id)).toEqual([named._id]);
    expect(await find(`${word.toUpperCase()}.STAR`)).toEqual([named._id]);
    expect(await find(`ada ${word}`)).toEqual([named._id]);
    expect(await find(`LEAD-${word}@`)).toEqual([named._id]);
    expect(await find(`casa ${word} (lis`)).toEqual([named._id]);
    expect(await find(word)).toEqual([lookalike._id, dotted._id, named._id]);
    // A dot is a dot, not any character; `.*` is two characters nobody has in their name.
    expect(await find('b.c')).toEqual([dotted._id]);
    expect(await find('.*')).toEqual([]);
    expect(ids(await list(`q=${encodeURIComponent('.*')}`))).toEqual([]);
    expect(await find('[a-z]+')).toEqual([]);
    expect(await find(`${word})`)).toEqual([]);
    // Part of an id is not a match: ids are found whole.
    expect(await find(named._id.slice(0, 8))).toEqual([]);
  });

  it('finds and reads an itinerary by its booking reference, as a traveller reads it out', async () => {
    const owner = `owner-${tag()}`;
    const booked = await seed(owner, { updatedAt: minutesAgo(1) });
    const reference = booked.reference!;
    expect(reference).toMatch(/^TC-[2-9A-HJ-NP-Z]{8}$/);
    const spoken = reference
      .slice(3)
      .toLowerCase()
      .replace(/(.{4})/, '$1 ');
    const found = await list(`q=${encodeURIComponent(spoken)}`);
    expect(ids(found)).toEqual([booked._id]);
    expect((found.json() as SupportItineraryList).items[0]!.reference).toBe(reference);

    const desk = await staff();
    for (const typed of [reference, reference.toLowerCase(), reference.slice(3)]) {
      const read = await call('GET', `${LIST}/${encodeURIComponent(typed)}`, desk);
      expect(read.statusCode).toBe(200);
      const detail = read.json<SupportItineraryDetail>();
      expect(detail.itinerary).toMatchObject({ id: booked._id, reference });
      // The read is recorded on the itinerary itself, whatever staff typed.
      expect(detail.staffActions.at(-1)).toMatchObject({ staffId: desk.id, action: 'read' });
    }
    const again = (await call('GET', `${LIST}/${booked._id}`, desk)).json<SupportItineraryDetail>();
    expect(again.staffActions.filter((a) => a.action === 'read')).toHaveLength(4);
    expectError(await call('GET', `${LIST}/TC-22222222`, desk), 'itinerary-not-found');
  });

  it('files itineraries written before the desk under their address and invoice at start-up, once', async () => {
    const email = `Before.Desk-${tag()}@example.test`;
    const record = newItinerary(`itn-${tag()}`, `owner-${tag()}`, {}, new Date());
    const lead = { name: 'Old Timer', email, phone: '+1 555 0102' };
    const old = { ...record, status: 'confirmed', leadGuest: lead, invoiceId: `inv_${tag()}`, outbox: [] };
    // As the store wrote them before: no desk keys.
    await world.app.mongo.collection('itineraries').insertOne(old as unknown as { _id: never });
    expect(ids(await list(`email=${encodeURIComponent(email)}`))).toEqual([]);

    expect(await world.store.backfillSupportKeys()).toBeGreaterThanOrEqual(1);
    expect(await world.store.backfillSupportKeys()).toBe(0);
    expect(ids(await list(`email=${encodeURIComponent(email.toLowerCase())}`))).toEqual([record._id]);
    const detail = (await call('GET', `${LIST}/${record._id}`, await staff())).json<SupportItineraryDetail>();
    expect(detail.invoiceIds).toEqual([old.invoiceId]);
  });

  it('refuses operators, unknown fields and values out of range (validation-failed)', async () => {
    const desk = await staff();
    for (const query of [
      'userId=%7B%22%24ne%22%3Anull%7D', // {"$ne":null}
      'userId=%24where',
      'hotelId=%7B%22%24gt%22%3A%22%22%7D',
      'status=%24ne',
      'status[$ne]=draft',
      'email[$ne]=x',
      'email=%7B%22%24ne%22%3A1%7D',
      'creator=%24gt',
      'q[$regex]=.*',
      'q=a',
      `q=${'x'.repeat(101)}`,
      'page=0',
      'pageSize=101',
      'checkInFrom=2031-02-01&checkInTo=2031-01-01',
      'checkInFrom=tomorrow',
      'sort=-updatedAt',
    ]) {
      const res = await list(query, desk);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe('validation-failed');
    }
  });

  it('is for support staff only: 401 without a token or with a bad one, 403 for a traveller or a creator', async () => {
    expectError(await call('GET', LIST), 'unauthenticated');
    expectError(await call('GET', `${LIST}/itn-x`), 'unauthenticated');
    const forged = { id: 'x', token: 'x', headers: { authorization: 'Bearer not-a-token' } };
    expectError(await call('GET', LIST, forged), 'unauthenticated');
    for (const who of [await world.traveller(), await world.traveller({ roles: ['role/customer', 'role/creator'] })]) {
      expectError(await call('GET', LIST, who), 'forbidden');
      expectError(await call('GET', `${LIST}/itn-x`, who), 'forbidden');
    }
  });
});

/** A traveller's cart awaiting payment, with guest names and a lead guest of this test's own. */
async function namedPendingCart(owner: Traveller, word: string) {
  const { itinerary } = await world.cartWithRoom(owner);
  const room = itinerary.lineItems[0]!.hotelBooking.rooms[0]!;
  const guests = await call('POST', itineraryUrl(itinerary.id, 'setGuestDetails'), owner, {
    leadGuest: { name: `Lead ${word}`, email: `Contact.${word}@Example.test`, phone: '+44 20 7946 0000' },
    rooms: [{ lineItemId: itinerary.lineItems[0]!.identity, holdId: room.holdId, guestNames: [`Guest ${word}`] }],
  });
  expect(guests.statusCode, guests.body).toBe(200);
  const invoiced = await call('POST', itineraryUrl(itinerary.id, 'createInvoice'), owner);
  expect(invoiced.statusCode, invoiced.body).toBe(200);
  return invoiced.json<Itinerary>();
}

describe('a real cart on the desk', () => {
  it('is found by its guest, contact and hotel, and read with its invoices, holds, terms and each read recorded', async () => {
    const owner = await world.traveller();
    const desk = await staff();
    const word = `w${tag()}`;
    const pending = await namedPendingCart(owner, word);
    const line = pending.lineItems[0]!;
    const room = line.hotelBooking.rooms[0]!;

    const byGuest = await list(`q=${encodeURIComponent(`guest ${word}`)}`, desk);
    expect(byGuest.json()).toMatchObject({
      total: 1,
      items: [
        {
          id: pending.id,
          ownerId: owner.id,
          status: 'pending_payment',
          contactEmail: `Contact.${word}@Example.test`,
          leadGuest: `Lead ${word}`,
          hotels: [line.hotelBooking.hotelName],
          checkIn: line.checkInDate,
          checkOut: line.checkOutDate,
          total: pending.total,
          invoiceId: pending.invoiceId,
        },
      ],
    });
    expect(ids(await list(`email=contact.${word}%40example.test`, desk))).toEqual([pending.id]);
    const byHotel = await list(`hotelId=${encodeURIComponent(line.hotelBooking.hotelId)}&userId=${owner.id}`, desk);
    expect(ids(byHotel)).toEqual([pending.id]);

    const first = await call('GET', `${LIST}/${pending.id}`, desk);
    expect(first.statusCode, first.body).toBe(200);
    const detail = first.json<SupportItineraryDetail>();
    expect(detail.itinerary).toEqual((await call('GET', itineraryUrl(pending.id), owner)).json());
    expect(detail).toMatchObject({
      ownerId: owner.id,
      invoiceIds: [pending.invoiceId],
      holds: [
        {
          holdId: room.holdId,
          lineItemId: line.identity,
          hotelId: line.hotelBooking.hotelId,
          status: 'held',
          expiresAt: room.holdExpiresAt,
          guestNames: [`Guest ${word}`],
        },
      ],
      terms: { currency: 'USD', lines: [{ holdId: room.holdId }] },
      staffActions: [{ staffId: desk.id, action: 'read' }],
    });
    const second = (await call('GET', `${LIST}/${pending.id}`, desk)).json<SupportItineraryDetail>();
    expect(second.staffActions.map((a) => [a.staffId, a.action])).toEqual([
      [desk.id, 'read'],
      [desk.id, 'read'],
    ]);
    const stored = await world.store.get(pending.id);
    expect(stored?.staffActions.map((a) => [a.userId, a.action])).toEqual([
      [desk.id, 'read'],
      [desk.id, 'read'],
    ]);
    expectError(await call('GET', `${LIST}/itn-${tag()}`, desk), 'itinerary-not-found');
  });

  it('keeps every invoice the itinerary had, after a cart change takes the current one away', async () => {
    const owner = await world.traveller();
    const pending = await namedPendingCart(owner, `w${tag()}`);
    const offer = await world.findOffer();
    const added = await call('POST', itineraryUrl(pending.id, 'addHotel'), owner, addHotelBody(offer));
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<Itinerary>().invoiceId).toBeUndefined();
    const again = added.json<Itinerary>();
    const guests = await call('POST', itineraryUrl(pending.id, 'setGuestDetails'), owner, {
      leadGuest: again.leadGuest,
      rooms: again.lineItems.flatMap((item) =>
        item.hotelBooking.rooms.map((r) => ({ lineItemId: item.identity, holdId: r.holdId, guestNames: ['G'] })),
      ),
    });
    expect(guests.statusCode, guests.body).toBe(200);
    const reinvoiced = await call('POST', itineraryUrl(pending.id, 'createInvoice'), owner);
    const secondInvoice = reinvoiced.json<Itinerary>().invoiceId!;
    expect(secondInvoice).not.toBe(pending.invoiceId);

    const detail = (await call('GET', `${LIST}/${pending.id}`, await staff())).json<SupportItineraryDetail>();
    expect(detail.invoiceIds).toEqual([pending.invoiceId, secondInvoice]);
    expect(detail.holds).toHaveLength(2);
  });
});

describe('a staff cancel', () => {
  it('records the staff id and the note as its reason; the event and the mail go as for any cancel', async () => {
    const owner = await world.traveller();
    const stranger = await world.traveller();
    const desk = await staff();
    const pending = await namedPendingCart(owner, `w${tag()}`);
    await world.publish('billing.invoice.paid', pending.invoiceId!, {
      invoiceId: pending.invoiceId!,
      itineraryId: pending.id,
      userId: owner.id,
      paymentId: `pay_${tag()}`,
      amount: pending.total,
      paidAt: new Date().toISOString(),
    });
    await expect
      .poll(async () => (await call('GET', itineraryUrl(pending.id), owner)).json<Itinerary>().status, {
        timeout: 15_000,
      })
      .toBe('confirmed');

    const note = 'Guest called: flight cancelled';
    const res = await call('PUT', itineraryUrl(pending.id, 'cancel'), desk, { note });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Itinerary>()).toMatchObject({
      status: 'cancelled',
      cancellation: { by: { userId: desk.id, role: 'role/support' }, reason: 'requested' },
    });
    const stored = await world.store.get(pending.id);
    expect(stored?.staffActions).toEqual([{ at: expect.any(Date), userId: desk.id, action: 'cancel', reason: note }]);

    const detail = (await call('GET', `${LIST}/${pending.id}`, desk)).json<SupportItineraryDetail>();
    expect(detail.staffActions).toEqual([
      { at: expect.any(String), staffId: desk.id, action: 'cancel', reason: note },
      { at: expect.any(String), staffId: desk.id, action: 'read' },
    ]);
    expect(detail.itinerary.status).toBe('cancelled');

    const [event] = await world.eventsAbout(pending.id, 'itinerary.cancelled', 1);
    expect(event!.payload).toMatchObject({
      invoiceId: pending.invoiceId,
      userId: owner.id,
      cancelledBy: { userId: desk.id, role: 'role/support' },
    });
    await expect
      .poll(async () => (await world.emailJobs(pending.id)).map((job) => job.data.template), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['booking-confirmation', 'booking-cancelled']));

    // Travellers still see only their own: the stranger is told it does not exist, and has no desk.
    expectError(await call('GET', itineraryUrl(pending.id), stranger), 'itinerary-not-found');
    expectError(
      await call('PUT', itineraryUrl(pending.id, 'cancel'), stranger, { note: 'mine now' }),
      'itinerary-not-found',
    );
    expectError(await call('GET', `${LIST}/${pending.id}`, owner), 'forbidden');
    expectError(await call('GET', `${LIST}?userId=${owner.id}`, owner), 'forbidden');
  });

  it('keeps no reason when the owner cancels with a note (only staff actions are logged)', async () => {
    const owner = await world.traveller();
    const draft = await world.createItinerary(owner);
    const res = await call('PUT', itineraryUrl(draft.id, 'cancel'), owner, { note: 'changed my mind' });
    expect(res.statusCode).toBe(200);
    expect((await world.store.get(draft.id))?.staffActions).toEqual([]);
  });
});
