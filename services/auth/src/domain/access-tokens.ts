// Access tokens: RS256 JWTs with a `kid`, signed with the configured key (or one generated for a local
// run), and the public half published as a JWKS.
import { createPublicKey } from 'node:crypto';
import type { AccessTokenClaims } from '@travelclub/contracts';
import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  SignJWT,
  type CryptoKey,
  type JSONWebKeySet,
} from 'jose';

export interface AccessTokenIssuer {
  readonly jwks: JSONWebKeySet;
  readonly ttlSeconds: number;
  /** True when the key was generated at start: tokens will not outlive this process. */
  readonly generated: boolean;
  sign(claims: AccessTokenClaims): Promise<string>;
}

export interface IssuerSettings {
  signingKeyPem?: string;
  keyId?: string;
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

export async function createAccessTokenIssuer(settings: IssuerSettings): Promise<AccessTokenIssuer> {
  let privateKey: CryptoKey;
  let pem = settings.signingKeyPem;
  if (pem) {
    privateKey = await importPKCS8(pem, 'RS256');
  } else {
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey;
    pem = await exportPKCS8(privateKey);
  }
  const publicJwk = await exportJWK(createPublicKey(pem));
  const kid = settings.keyId ?? (await calculateJwkThumbprint(publicJwk));
  const jwks: JSONWebKeySet = { keys: [{ ...publicJwk, kid, alg: 'RS256', use: 'sig' }] };

  return {
    jwks,
    ttlSeconds: settings.ttlSeconds,
    generated: !settings.signingKeyPem,
    sign: ({ sub, ...claims }) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(settings.issuer)
        .setAudience(settings.audience)
        .setIssuedAt()
        .setExpirationTime(`${settings.ttlSeconds}s`)
        .sign(privateKey),
  };
}
