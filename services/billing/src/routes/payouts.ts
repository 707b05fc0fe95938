// A creator's commissions: balances per currency and the ledger entries, newest first.
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { BillingFlows } from '../flows/index.js';

type Endpoints = Pick<typeof endpoints.billing, 'myPayout'>;

export function payoutRoutes({ payouts }: BillingFlows): Handlers<Endpoints> {
  return {
    myPayout: ({ user }) => payouts.of(user),
  };
}
