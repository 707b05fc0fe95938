// Card testing: declined card payments are capped per invoice and per account (a Redis counter shared by
// every billing instance); past a cap the answer is 429 too-many-payment-attempts and nothing is charged.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  chargesOf,
  createInvoice,
  expectError,
  openInvoice,
  pay,
  SANDBOX_CARDS,
  traveller,
  useBilling,
  validCard,
  type Caller,
} from '../helpers.js';

// The defaults: 5 declines per invoice, 10 per account and hour.
const world = useBilling();

const declined = validCard(SANDBOX_CARDS.declined);

async function declineTimes(user: Caller, invoiceId: string, times: number) {
  for (let i = 0; i < times; i++) expectError(await pay(world.app, user, invoiceId, declined), 'card-declined');
}

describe('declined payments', () => {
  it('refuses a sixth attempt on an invoice after five declines, good card or not, and charges nothing', async () => {
    const { user, invoice } = await openInvoice(world);
    const firstKey = randomUUID();
    expectError(await pay(world.app, user, invoice.id, declined, firstKey), 'card-declined');
    await declineTimes(user, invoice.id, 4);
    expectError(await pay(world.app, user, invoice.id, validCard()), 'too-many-payment-attempts');
    expectError(await pay(world.app, user, invoice.id, declined), 'too-many-payment-attempts');
    expect(await chargesOf(world.app, invoice.id)).toHaveLength(5);
    // A key already used keeps its own answer.
    expectError(await pay(world.app, user, invoice.id, declined, firstKey), 'card-declined');
    // Another traveller's invoice is not held back by this one.
    const other = await traveller(world.jwks);
    expect((await pay(world.app, other, (await createInvoice(world.app, other)).id)).statusCode).toBe(200);
  });

  it('refuses an account with ten declines within the hour, on any invoice', async () => {
    const user = await traveller(world.jwks);
    const [a, b, c] = [
      await createInvoice(world.app, user),
      await createInvoice(world.app, user),
      await createInvoice(world.app, user),
    ];
    await declineTimes(user, a.id, 4);
    await declineTimes(user, b.id, 4);
    await declineTimes(user, c.id, 2);
    // Every invoice has had fewer than five declines, but the account has had ten.
    expectError(await pay(world.app, user, c.id, validCard()), 'too-many-payment-attempts');
    expectError(await pay(world.app, user, (await createInvoice(world.app, user)).id), 'too-many-payment-attempts');
    expect(await chargesOf(world.app, c.id)).toHaveLength(2);
    expect(await world.app.redis.ttl(`billing:payment-declines:${user.id}`)).toBeGreaterThan(3_500);
  });
});
