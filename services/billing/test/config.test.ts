// Billing's settings refuse a provider timeout that would let a charge outlive its lease.
import { testEnv } from '@travelclub/kit/testing';
import { describe, expect, it } from 'vitest';
import { BillingConfigSchema } from '../src/config.js';

const parse = (overrides: Record<string, string>) =>
  BillingConfigSchema.safeParse({ ...testEnv('billing'), ...overrides });

describe('the payment timeouts', () => {
  it('need the provider call to end within the lease', () => {
    expect(parse({}).success).toBe(true);
    expect(parse({ PAYMENT_LEASE_S: '2', PROVIDER_TIMEOUT_MS: '1999' }).success).toBe(true);
    // Billing calls the itinerary no more: its old settings are ignored, and the provider may have nearly all
    // of the lease (the old lock call's 3 s no longer count against it).
    const old = parse({
      PAYMENT_LEASE_S: '60',
      PROVIDER_TIMEOUT_MS: '57000',
      CALL_TIMEOUT_MS: '3000',
      ITINERARY_URL: 'http://127.0.0.1:3003',
    });
    expect(old.success).toBe(true);
    expect(old.data).not.toHaveProperty('CALL_TIMEOUT_MS');
    expect(old.data).not.toHaveProperty('ITINERARY_URL');
    for (const timeout of ['60000', '61000']) {
      const tooLong = parse({ PAYMENT_LEASE_S: '60', PROVIDER_TIMEOUT_MS: timeout });
      expect(tooLong.success).toBe(false);
      expect(tooLong.error?.issues).toMatchObject([
        { path: ['PROVIDER_TIMEOUT_MS'], message: 'PROVIDER_TIMEOUT_MS must be less than PAYMENT_LEASE_S' },
      ]);
    }
  });

  it('keep the sandbox crash switch off unless it is set', () => {
    expect(parse({}).data?.SANDBOX_TEST_CRASH_AFTER_CHARGE).toBe(false);
    expect(parse({ SANDBOX_TEST_CRASH_AFTER_CHARGE: 'true' }).data?.SANDBOX_TEST_CRASH_AFTER_CHARGE).toBe(true);
  });
});
