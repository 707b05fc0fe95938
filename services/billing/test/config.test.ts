// Billing's settings refuse a provider timeout that would let a charge outlive its lease.
import { testEnv } from '@travelclub/kit/testing';
import { describe, expect, it } from 'vitest';
import { BillingConfigSchema } from '../src/config.js';

const parse = (overrides: Record<string, string>) =>
  BillingConfigSchema.safeParse({ ...testEnv('billing'), ...overrides });

describe('the payment timeouts', () => {
  it('need the lock call and the provider call to end within the lease', () => {
    expect(parse({}).success).toBe(true);
    expect(parse({ PAYMENT_LEASE_S: '2', CALL_TIMEOUT_MS: '500', PROVIDER_TIMEOUT_MS: '1000' }).success).toBe(true);
    const tooLong = parse({ PAYMENT_LEASE_S: '60', CALL_TIMEOUT_MS: '3000', PROVIDER_TIMEOUT_MS: '57000' });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues).toMatchObject([
      {
        path: ['PROVIDER_TIMEOUT_MS'],
        message: 'CALL_TIMEOUT_MS + PROVIDER_TIMEOUT_MS must be less than PAYMENT_LEASE_S',
      },
    ]);
  });

  it('keep the sandbox crash switch off unless it is set', () => {
    expect(parse({}).data?.SANDBOX_TEST_CRASH_AFTER_CHARGE).toBe(false);
    expect(parse({ SANDBOX_TEST_CRASH_AFTER_CHARGE: 'true' }).data?.SANDBOX_TEST_CRASH_AFTER_CHARGE).toBe(true);
  });
});
