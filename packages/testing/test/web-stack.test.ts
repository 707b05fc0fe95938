// The whole platform with the web app behind the gateway (`startStack(infra, { web: true })`), as browser tests
// and the web bench get it: pages, their static files and the API share the gateway's origin.
import { testInfra } from '@travelclub/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../src/index.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack(testInfra(), { hotels: 40, web: true });
}, 400_000);
afterAll(async () => {
  await stack?.stop();
}, 60_000);

describe('a stack with the web app', () => {
  it('serves server-rendered pages at the gateway, with a policy that lets them hydrate', async () => {
    const res = await fetch(`${stack.gateway}/faq`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain('<title>Questions and answers · TravelClub</title>');
    // Inline scripts run only with the nonce made for this answer, and every one the page has carries it.
    const policy = res.headers.get('content-security-policy')!;
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/]{22}==)';/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
    const again = await fetch(`${stack.gateway}/faq`);
    expect(again.headers.get('content-security-policy')).not.toContain(nonce);
    expect(res.headers.get('referrer-policy')).toBe('same-origin');

    // The page's hashed scripts come through the gateway too, cached for good.
    const script = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(`${stack.gateway}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('keeps the API where it was, beside the pages', async () => {
    const session = await fetch(`${stack.gateway}/api/v1/auth/session`);
    expect(session.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await session.json()).toEqual({ isAuthenticated: false, user: null });
    const unknown = await fetch(`${stack.gateway}/api/v1/nowhere`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('not-found');
  });

  it("accepts a page's own form post and refuses one from another site (React Router's origin check)", async () => {
    const post = (origin: string) =>
      fetch(`${stack.gateway}/faq.data`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'x=1',
      });
    // The FAQ has no action: 405 means the request got past the origin check to the route.
    expect((await post(stack.gateway)).status).toBe(405);
    expect((await post('http://elsewhere.test')).status).toBe(400);
  });

  it('lists the web server in /health, and answers there once everything is ready', async () => {
    const health = await fetch(`${stack.gateway}/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { checks: Record<string, string> }).checks).toMatchObject({
      auth: 'up',
      catalog: 'up',
      web: 'up',
    });
  });
});
