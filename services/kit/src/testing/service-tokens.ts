// Service identity in tests: one secret per test file (every app built from `testEnv` shares it), and the
// headers of a call from one service to another, as the caller's identity would send them.
import { randomBytes } from 'node:crypto';
import type { ServiceName } from '@travelclub/contracts';
import { createServiceIdentity, type ServiceIdentity } from '../service-identity.js';

export const TEST_SERVICE_TOKEN_SECRET = randomBytes(32).toString('base64url');

const identities = new Map<string, ServiceIdentity>();

/** `{ authorization: 'Bearer <token>' }` of a call from `caller` to `target`. */
export async function serviceHeaders(caller: ServiceName, target: ServiceName): Promise<{ authorization: string }> {
  let identity = identities.get(caller);
  if (!identity) {
    identity = createServiceIdentity({ name: caller, secret: TEST_SERVICE_TOKEN_SECRET });
    identities.set(caller, identity);
  }
  return { authorization: `Bearer ${await identity.tokenFor(target)}` };
}
