// The support-staff account from settings (SUPPORT_EMAIL, SUPPORT_PASSWORD), made or given its password at start.
import type { Account } from '../domain/accounts.js';
import type { AuthParts } from './parts.js';
import type { Registration } from './registration.js';

const STARTUP = { correlationId: 'startup', causationId: 'startup' };

/**
 * Creates the account, or resets its password. An account with that email that is not staff already (anyone
 * may sign up with any address) is never promoted: the start stops instead.
 */
export async function ensureSupportAccount(
  { accounts, passwords }: AuthParts,
  registration: Registration,
  email: string,
  password: string,
): Promise<Account> {
  const passwordHash = await passwords.hash(password);
  const existing = await accounts.findByEmail(email);
  if (!existing) {
    const fields = {
      email,
      publicName: 'Support',
      roles: ['role/support' as const],
      passwordHash,
      emailVerified: true,
    };
    return registration.register(fields, STARTUP);
  }
  if (!existing.roles.includes('role/support')) {
    throw new Error(`SUPPORT_EMAIL ${email} belongs to an account that is not support staff; it is not promoted`);
  }
  await accounts.setPassword(existing._id, passwordHash);
  return existing;
}
