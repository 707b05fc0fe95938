// The accounts the page tests sign in with.
import type { AccountView } from '@travelclub/contracts';

/** A signed-up traveller's account, with what a test changes. */
export function account(overrides: Partial<AccountView> = {}): AccountView {
  return {
    id: 'u1',
    email: 'ann@example.com',
    publicName: 'Ann',
    roles: ['role/customer'],
    isAnonymous: false,
    isNew: false,
    emailVerified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as AccountView;
}
