// The sandbox provider against the run's MongoDB: test-card outcomes, one charge per idempotency key, and
// refunds that cannot give back more than was charged.
import { connectMongo } from '@travelclub/kit';
import { testInfra, uniqueName } from '@travelclub/kit/testing';
import type { Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '../../src/domain/card.js';
import { sandboxProvider, type SandboxProvider } from '../../src/provider/sandbox.js';

let mongo: Connection;
let provider: SandboxProvider;

beforeAll(async () => {
  mongo = await connectMongo(testInfra().mongoUrl, uniqueName('test_billing_sandbox').replace(/-/g, '_'));
  provider = await sandboxProvider(mongo);
});
afterAll(async () => {
  await mongo?.close();
});

const card = (number: string) => ({ number, expiry: '12/39', cvc: '123', holderName: 'Ada Lovelace' });
const usd = (amount: number) => ({ amount, currency: 'USD' });

describe('charges', () => {
  it.each([
    [SANDBOX_CARDS.succeeds, 'succeeded'],
    [SANDBOX_CARDS.declined, 'declined'],
    [SANDBOX_CARDS.insufficientFunds, 'insufficient_funds'],
    ['378282246310005', 'succeeded'],
  ])('answers %s with %s', async (number, outcome) => {
    const result = await provider.charge({ idempotencyKey: randomUUID(), amount: usd(10_00), card: card(number) });
    expect(result.outcome).toBe(outcome);
    expect(result.last4).toBe(number.slice(-4));
  });

  it('gives a repeated key the first charge, even racing, and makes one', async () => {
    const idempotencyKey = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        provider.charge({ idempotencyKey, amount: usd(10_00), card: card(SANDBOX_CARDS.succeeds) }),
      ),
    );
    expect(new Set(results.map((r) => r.chargeId)).size).toBe(1);
    expect(await provider.charges.countDocuments({ _id: idempotencyKey })).toBe(1);
    const stored = JSON.stringify(await provider.charges.findOne({ _id: idempotencyKey }));
    expect(stored).not.toContain(SANDBOX_CARDS.succeeds);
  });
});

describe('refunds', () => {
  it('refunds once per key, and never more than the charge', async () => {
    const { chargeId } = await provider.charge({
      idempotencyKey: randomUUID(),
      amount: usd(100_00),
      card: card(SANDBOX_CARDS.succeeds),
    });
    const key = randomUUID();
    const first = await provider.refund({ idempotencyKey: key, chargeId, amount: usd(60_00) });
    const again = await provider.refund({ idempotencyKey: key, chargeId, amount: usd(10_00) });
    expect(again).toEqual(first);
    expect(first.amount).toEqual(usd(60_00));
    await expect(provider.refund({ idempotencyKey: randomUUID(), chargeId, amount: usd(50_00) })).rejects.toThrow(
      /more than/,
    );
    await expect(
      provider.refund({ idempotencyKey: randomUUID(), chargeId: 'ch_nothing', amount: usd(1) }),
    ).rejects.toThrow(/no such charge/);
  });

  it('refuses to refund a declined charge', async () => {
    const { chargeId } = await provider.charge({
      idempotencyKey: randomUUID(),
      amount: usd(100_00),
      card: card(SANDBOX_CARDS.declined),
    });
    await expect(provider.refund({ idempotencyKey: randomUUID(), chargeId, amount: usd(1) })).rejects.toThrow();
  });
});

describe('looking a charge up by its key', () => {
  it('finds nothing for a key never charged, a charge pending until it settles, then its outcome', async () => {
    const slow = await sandboxProvider(mongo, { latencyMs: 400 });
    const idempotencyKey = randomUUID();
    expect(await slow.lookup(idempotencyKey)).toEqual({ state: 'not-found' });
    // The caller gives up waiting; the charge goes on at the provider all the same.
    const charging = slow.charge({
      idempotencyKey,
      amount: usd(10_00),
      card: card(SANDBOX_CARDS.succeeds),
      reference: 'inv_lookup',
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await slow.lookup(idempotencyKey)).toEqual({ state: 'pending' });
    const charged = await charging;
    expect(await slow.lookup(idempotencyKey)).toEqual({ state: 'settled', charge: charged, reference: 'inv_lookup' });
    // A refund waits for the charge to settle, like a real provider's.
    const pendingKey = randomUUID();
    void slow.charge({ idempotencyKey: pendingKey, amount: usd(10_00), card: card(SANDBOX_CARDS.succeeds) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const pendingCharge = await slow.charges.findOne({ _id: pendingKey });
    await expect(
      slow.refund({ idempotencyKey: randomUUID(), chargeId: pendingCharge!.chargeId, amount: usd(10_00) }),
    ).rejects.toThrow(/no such charge/);
  });
});
