// Card testing: declined card payments are capped per invoice and per account (a Redis counter shared by
// every billing instance); past a cap the answer is 429 too-many-payment-attempts and nothing is charged.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, SANDBOX_CARDS, useBilling, validCard, type Caller } from '../helpers.js';

// The defaults: 5 declines per invoice, 10 per account and hour.
const world = useBilling();

const declined = validCard(SANDBOX_CARDS.declined);

async function declineTimes(user: Caller, invoiceId: string, times: number) {
  for (let i = 0; i < times; i++) expectError(await world.pay(user, invoiceId, declined), 'card-declined');
}

describe('declined payments', () => {
  it('refuses a sixth attempt on an invoice after five declines, good card or not, and charges nothing', async () => {
    const { user, invoice } = await world.openInvoice();
    const firstKey = randomUUID();
    expectError(await world.pay(user, invoice.id, declined, firstKey), 'card-declined');
    await declineTimes(user, invoice.id, 4);
    expectError(await world.pay(user, invoice.id, validCard()), 'too-many-payment-attempts');
    expectError(await world.pay(user, invoice.id, declined), 'too-many-payment-attempts');
    expect(await world.chargesOf(invoice.id)).toHaveLength(5);
    // A key already used keeps its own answer.
    expectError(await world.pay(user, invoice.id, declined, firstKey), 'card-declined');
    // Another traveller's invoice is not held back by this one.
    const other = await world.traveller();
    expect((await world.pay(other, (await world.createInvoice(other)).id)).statusCode).toBe(200);
  });

  it('refuses an account with ten declines within the hour, on any invoice', async () => {
    const user = await world.traveller();
    const [a, b, c] = [
      await world.createInvoice(user),
      await world.createInvoice(user),
      await world.createInvoice(user),
    ];
    await declineTimes(user, a.id, 4);
    await declineTimes(user, b.id, 4);
    await declineTimes(user, c.id, 2);
    // Every invoice has had fewer than five declines, but the account has had ten.
    expectError(await world.pay(user, c.id, validCard()), 'too-many-payment-attempts');
    expectError(await world.pay(user, (await world.createInvoice(user)).id), 'too-many-payment-attempts');
    expect(await world.chargesOf(c.id)).toHaveLength(2);
    expect(await world.app.redis.ttl(`billing:payment-declines:${user.id}`)).toBeGreaterThan(3_500);
  });
});
