// Who the booking mails may reach, and how often: never for a cart that was never paid (whatever its title
// or lead guest), the confirmation to the lead guest of a paid booking without the title, and the per-account
// and per-address limits that stop the mail but not what caused it.
import type { Itinerary } from '@travelclub/contracts';
import { closeRedis, createJobQueue, createRedis, mailLimits } from '@travelclub/kit';
import { testInfra, uniqueName } from '@travelclub/kit/testing';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItineraryRecord } from '../../src/domain/itinerary.js';
import { bookingMailer } from '../../src/flows/mails.js';
import { itineraryUrl, leadGuest, useWorld, type Traveller } from '../helpers.js';

const PHISHING_TITLE = 'Refund pending, visit evil.example';

// One booking mail per account per hour: enough to see the second one stopped.
const world = useWorld({ MAILS_PER_ACCOUNT_PER_HOUR: '1', RATE_LIMIT_PREFIX: uniqueName('itinerary-rl') });
const { call } = world;

const statusOf = async (id: string, who: Traveller) =>
  (await call('GET', itineraryUrl(id), who)).json<Itinerary>().status;

async function pay(itinerary: Itinerary, who: Traveller) {
  await world.publish('billing.invoice.paid', itinerary.invoiceId!, {
    invoiceId: itinerary.invoiceId!,
    itineraryId: itinerary.id,
    userId: itinerary.ownerId,
    paymentId: `pay_${randomUUID()}`,
    amount: itinerary.total,
    paidAt: new Date().toISOString(),
  });
  await expect.poll(() => statusOf(itinerary.id, who), { timeout: 15_000 }).toBe('confirmed');
}

describe('carts that were never paid', () => {
  it('cancelling a draft sends no mail, whatever its title and lead guest', async () => {
    const visitor = await world.traveller({ roles: [], isAnonymous: true });
    const { id } = await world.createItinerary(visitor, { title: PHISHING_TITLE });
    const contact = await call('POST', itineraryUrl(id, 'updateCustomerData'), visitor, {
      leadGuest: leadGuest('victim@example.test'),
    });
    expect(contact.statusCode).toBe(200);
    const cancelled = await call('PUT', itineraryUrl(id, 'cancel'), visitor);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect(await world.emailJobs(id)).toEqual([]);
  });

  it('cancelling a cart awaiting payment sends no mail either', async () => {
    const { me, pending } = await world.newPendingCart('unpaid@example.test');
    expect((await call('PUT', itineraryUrl(pending.id, 'cancel'), me)).statusCode).toBe(200);
    expect(await world.emailJobs(pending.id)).toEqual([]);
  });
});

describe('a paid booking', () => {
  it('is confirmed to its lead guest, without the title; over the account limit its cancellation is not mailed, and still done', async () => {
    const { me, pending } = await world.newPendingCart('paid-guest@example.test');
    const titled = await call('POST', itineraryUrl(pending.id, 'updateCustomerData'), me, {
      leadGuest: { name: 'Ada Lovelace' },
      title: PHISHING_TITLE,
    });
    expect(titled.json()).toMatchObject({ status: 'pending_payment', title: PHISHING_TITLE });
    // Invoiced is not paid: nothing yet.
    expect(await world.emailJobs(pending.id)).toEqual([]);
    await pay(pending, me);

    await expect.poll(async () => (await world.emailJobs(pending.id)).length, { timeout: 10_000 }).toBe(1);
    const [confirmation] = await world.emailJobs(pending.id);
    expect(confirmation!.data).toMatchObject({ to: 'paid-guest@example.test', template: 'booking-confirmation' });
    expect(JSON.stringify(confirmation!.data)).not.toContain('evil.example');
    expect(confirmation!.data.data).not.toHaveProperty('title');
    // The booking reference the traveller reads out to support, as the confirmation page shows it.
    expect(confirmation!.data.data).toMatchObject({ itineraryId: pending.id, reference: pending.reference });

    // The account had its one booking mail this hour: the cancellation goes through without one.
    const cancelled = await call('PUT', itineraryUrl(pending.id, 'cancel'), me);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect((await world.emailJobs(pending.id)).map((job) => job.data.template)).toEqual(['booking-confirmation']);
  });
});

describe('bookingMailer limits', () => {
  const redis = createRedis(testInfra().redisUrl);
  const queue = createJobQueue('emails', { redisUrl: testInfra().redisUrl, prefix: uniqueName('test-mail-limits') });
  beforeAll(async () => {
    if (redis.status !== 'ready') await once(redis, 'ready');
  });
  afterAll(async () => {
    await queue.queue.obliterate({ force: true });
    await queue.close();
    await closeRedis(redis);
  });

  const confirmedRecord = (ownerId: string, email: string): ItineraryRecord => {
    const now = new Date();
    return {
      _id: randomUUID(),
      title: PHISHING_TITLE,
      currency: 'USD',
      status: 'confirmed',
      ownerId,
      lineItems: [],
      leadGuest: { name: 'Ada Lovelace', email, phone: '+44 20 7946 0000' },
      invoiceId: `inv_${randomUUID()}`,
      createdAt: now,
      updatedAt: now,
      confirmedAt: now,
      revision: 1,
      version: 1,
      staffActions: [],
    };
  };
  const mailer = (perAccount: number, perAddress: number) =>
    bookingMailer(queue, {
      webUrl: 'https://travelclub.test',
      limits: mailLimits(redis, { prefix: uniqueName('test-rl'), perAccount, perAddress }),
      log: pino({ level: 'silent' }),
    });
  const queuedFor = async (records: ItineraryRecord[]) => {
    const jobs = await queue.queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed']);
    return records.filter((r) => jobs.some((job) => job.data.data?.itineraryId === r._id)).length;
  };

  it('stops the mail past the account limit: the N+1th is not queued', async () => {
    const mails = mailer(3, 100);
    const records = Array.from({ length: 4 }, (_, i) => confirmedRecord('account-a', `guest-${i}@example.test`));
    const sent: boolean[] = [];
    for (const record of records) sent.push(await mails.confirmed(record));
    expect(sent).toEqual([true, true, true, false]);
    expect(await queuedFor(records)).toBe(3);
    // Another account is not held back by the first one.
    expect(await mails.confirmed(confirmedRecord('account-b', 'guest-0@example.test'))).toBe(true);
  });

  it('stops the mail past the address limit, whichever accounts send it', async () => {
    const mails = mailer(100, 2);
    const address = `${uniqueName('target')}@example.test`;
    const records = ['x', 'y', 'z'].map((owner) => confirmedRecord(`account-${owner}`, address));
    const sent: boolean[] = [];
    for (const record of records) sent.push(await mails.confirmed(record));
    expect(sent).toEqual([true, true, false]);
    expect(await queuedFor(records)).toBe(2);
  });

  it('mails nothing for an itinerary that was never confirmed', async () => {
    const mails = mailer(100, 100);
    const { confirmedAt: _never, ...draft } = {
      ...confirmedRecord('account-c', 'c@example.test'),
      status: 'draft' as const,
    };
    const cancelled = { ...draft, status: 'cancelled' as const };
    const money = { charge: { amount: 0, currency: 'USD' }, refund: { amount: 0, currency: 'USD' } };
    expect(await mails.confirmed(draft)).toBe(false);
    expect(await mails.cancelled(cancelled, money)).toBe(false);
    expect(await queuedFor([draft, cancelled])).toBe(0);
  });
});
