// The client address along ingress → gateway → service. The ingress appends the address it saw to
// X-Forwarded-For; the gateway peels off the hops it trusts and sends the services exactly that client
// address, so a service trusting the gateway's hop sees the client: not the ingress (then everyone would share
// one sign-in limit), and not what a client wrote into the header.
import { readFileSync } from 'node:fs';
import { applyHttpConventions, BaseConfigSchema, serverOptions, trustProxySetting } from '@travelclub/kit';
import { expectError, uniqueName } from '@travelclub/kit/testing';
import { startAuth } from '@travelclub/testing/auth';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { gatewayConfig } from './helpers.js';

const INGRESS = '10.0.7.7';
/** What a client puts in X-Forwarded-For to pass for someone else. */
const SPOOFED = '203.0.113.66';

const closing: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const app of closing.reverse()) await app.close();
});

/** A kit service that answers with the client address it believes and the header it got. */
async function startEchoService(trustProxy: string | undefined): Promise<string> {
  const app = Fastify(
    serverOptions({
      name: 'echo',
      logLevel: 'silent',
      trustProxy: BaseConfigSchema.shape.TRUST_PROXY.parse(trustProxy),
    }),
  );
  applyHttpConventions(app);
  app.all('/*', async (req) => ({ ip: req.ip, forwardedFor: req.headers['x-forwarded-for'] }));
  closing.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function startGateway(trustProxy: string, upstreams: Record<string, string>): Promise<FastifyInstance> {
  const gateway = await buildApp(gatewayConfig({ TRUST_PROXY: trustProxy, ...upstreams }));
  closing.push(gateway);
  return gateway;
}

/** A request as the ingress controller passes it on: its own address as the peer, the client's appended. */
const throughIngress = (client: string, clientHeader?: string) => ({
  remoteAddress: INGRESS,
  headers: { 'x-forwarded-for': clientHeader ? `${clientHeader}, ${client}` : client },
});

/** A part's TRUST_PROXY as k8s/base sets it: its Deployment's env first, then the shared settings. */
function k8sTrustProxy(part: string): string | undefined {
  const base = new URL('../../k8s/base/', import.meta.url);
  const deployment = readFileSync(new URL(`${part}.yaml`, base), 'utf8');
  const own = /-\s*\{\s*name:\s*TRUST_PROXY,\s*value:\s*'([^']*)'\s*\}/.exec(deployment);
  if (own) return own[1];
  return /^TRUST_PROXY=(.*)$/m.exec(readFileSync(new URL('settings.env', base), 'utf8'))?.[1];
}

describe('the client address behind an ingress', () => {
  // The kit's default (private addresses: loopback here, the pod network in a cluster), and one hop.
  const serviceSettings = [undefined, '1'];
  // A public client, and one whose own address is private (an office or VPN network).
  const clients = ['198.51.100.20', '10.20.30.40'];

  for (const serviceTrust of serviceSettings) {
    for (const client of clients) {
      it(`reaches a service trusting ${serviceTrust ?? 'the default'} as ${client}, not the ingress nor a spoofed one`, async () => {
        const service = await startEchoService(serviceTrust);
        const gateway = await startGateway('1', { CATALOG_URL: service });
        const res = await gateway.inject({
          method: 'GET',
          url: '/api/v1/hotel/h-1',
          ...throughIngress(client, SPOOFED),
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ ip: client, forwardedFor: client });
      });
    }
  }

  it('names the peer, not the header, when the gateway is the edge (TRUST_PROXY=false)', async () => {
    const service = await startEchoService(undefined);
    const gateway = await startGateway('false', { CATALOG_URL: service });
    const res = await gateway.inject({
      method: 'GET',
      url: '/api/v1/hotel/h-1',
      remoteAddress: '198.51.100.21',
      headers: { 'x-forwarded-for': SPOOFED },
    });
    expect(res.json()).toEqual({ ip: '198.51.100.21', forwardedFor: '198.51.100.21' });
  });
});

describe('the sign-in limit with the Kubernetes settings', () => {
  it('keeps two clients behind the same ingress apart, and a spoofed header changes nothing', async () => {
    const gatewayTrust = k8sTrustProxy('gateway');
    expect(gatewayTrust).toBeDefined();
    const auth = await startAuth({
      SIGNIN_MAX_PER_IP: '1',
      ...(k8sTrustProxy('auth') === undefined ? {} : { TRUST_PROXY: k8sTrustProxy('auth')! }),
    });
    closing.push(auth);
    const authUrl = await auth.listen({ port: 0, host: '127.0.0.1' });
    const gateway = await startGateway(gatewayTrust!, { AUTH_URL: authUrl });
    const signIn = (client: string, clientHeader?: string) =>
      gateway.inject({
        method: 'POST',
        url: '/api/v1/auth/signIn',
        payload: { email: `${uniqueName('user')}@example.test`, password: 'whatever-1' },
        ...throughIngress(client, clientHeader),
      });

    expectError(await signIn('198.51.100.30'), 'user-not-found');
    // Another client, through the same ingress pod: its own count.
    expectError(await signIn('198.51.100.31'), 'user-not-found');
    expectError(await signIn('198.51.100.30'), 'too-many-sign-in-attempts');
    // Claiming to be someone else in the header does not give a fresh count.
    expectError(await signIn('198.51.100.30', '198.51.100.99'), 'too-many-sign-in-attempts');
  });

  it('reads a TRUST_PROXY for the gateway and each service from the manifests', () => {
    // The same setting for every part put the ingress in front of every service: each part has its own.
    expect(readFileSync(new URL('../../k8s/base/settings.env', import.meta.url), 'utf8')).not.toMatch(/^TRUST_PROXY=/m);
    for (const part of ['gateway', 'auth', 'catalog', 'itinerary', 'billing']) {
      expect(trustProxySetting('false').parse(k8sTrustProxy(part))).toBe(1);
    }
  });
});
