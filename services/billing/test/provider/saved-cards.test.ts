// The sandbox's saved cards (payment methods), against the real database: kept once per key, never the number,
// and charged later by their id with the outcome their number decided when they were saved.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CARDS, useBilling, validCard } from '../helpers.js';

const world = useBilling();
const provider = () => world.app.billing.provider;

async function saved(number: string) {
  return provider().saveCard({ idempotencyKey: randomUUID(), card: validCard(number) });
}

const chargeSaved = (paymentMethodId: string, idempotencyKey = randomUUID()) =>
  provider().chargeSaved({
    idempotencyKey,
    amount: { amount: 1900, currency: 'USD' },
    paymentMethodId,
    reference: 'sub_t',
  });

describe('saved cards', () => {
  it('are kept once per key, as brand and last four digits only', async () => {
    const key = randomUUID();
    const first = await provider().saveCard({ idempotencyKey: key, card: validCard() });
    const again = await provider().saveCard({ idempotencyKey: key, card: validCard(SANDBOX_CARDS.declined) });
    expect(again).toEqual(first);
    expect(first).toMatchObject({ brand: 'visa', last4: '4242' });
    const stored = await world.app.mongo.collection('sandbox_payment_methods').findOne({ _id: key as never });
    expect(JSON.stringify(stored)).not.toContain(SANDBOX_CARDS.succeeds);
  });

  it('are charged by their id, once per key, with the outcome their number decided', async () => {
    const good = await saved(SANDBOX_CARDS.succeeds);
    const key = randomUUID();
    const charge = await chargeSaved(good.paymentMethodId, key);
    expect(charge).toMatchObject({ outcome: 'succeeded', last4: '4242', amount: { amount: 1900, currency: 'USD' } });
    expect(await chargeSaved(good.paymentMethodId, key)).toEqual(charge);
    expect((await chargeSaved((await saved(SANDBOX_CARDS.insufficientFunds)).paymentMethodId)).outcome).toBe(
      'insufficient_funds',
    );
  });

  it('make the card that goes through when typed in fail when charged again saved', async () => {
    const typed = await provider().charge({
      idempotencyKey: randomUUID(),
      amount: { amount: 1900, currency: 'USD' },
      card: validCard(SANDBOX_CARDS.declinedLater),
    });
    expect(typed.outcome).toBe('succeeded');
    expect((await chargeSaved((await saved(SANDBOX_CARDS.declinedLater)).paymentMethodId)).outcome).toBe('declined');
  });

  it('refuse a charge to a card the sandbox does not keep', async () => {
    await expect(chargeSaved('pm_unknown')).rejects.toThrow('no such payment method');
  });
});
