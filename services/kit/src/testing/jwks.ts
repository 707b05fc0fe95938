// A stand-in for the auth service's key set in tests: an RS256 key published at a local JWKS URL, and
// tokens signed with it as the auth service signs them (kid, issuer, audience, 15 minutes).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

export interface TestTokenOptions {
  kid?: string;
  /** A jose time span: `15m`, or `-1m` for a token that has already expired. */
  exp?: string;
  issuer?: string;
  audience?: string;
}

export interface TestJwks {
  jwksUrl: string;
  /** A token for `user-1` (or `claims.sub`) with the customer role unless `claims` say otherwise. */
  sign(claims?: Record<string, unknown>, options?: TestTokenOptions): Promise<string>;
  /** A token signed with a key the set does not publish, under its published kid. */
  signWithUnpublishedKey(claims?: Record<string, unknown>, options?: TestTokenOptions): Promise<string>;
  close(): Promise<void>;
}

export async function startTestJwks(kid = 'test-key-1'): Promise<TestJwks> {
  const [published, unpublished] = await Promise.all([generateKeyPair('RS256'), generateKeyPair('RS256')]);
  const keys = [{ ...(await exportJWK(published.publicKey)), kid, alg: 'RS256', use: 'sig' }];
  const server = createServer((_req, res) =>
    res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys })),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const sign = (key: KeyPair['privateKey'], claims: Record<string, unknown> = {}, options: TestTokenOptions = {}) =>
    new SignJWT({ roles: ['role/customer'], isAnonymous: false, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? kid })
      .setSubject(typeof claims.sub === 'string' ? claims.sub : 'user-1')
      .setIssuer(options.issuer ?? 'travelclub-auth')
      .setAudience(options.audience ?? 'travelclub-api')
      .setIssuedAt()
      .setExpirationTime(options.exp ?? '15m')
      .sign(key);
  return {
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    sign: (claims, options) => sign(published.privateKey, claims, options),
    signWithUnpublishedKey: (claims, options) => sign(unpublished.privateKey, claims, options),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
