// The transport of the loaders' calls: an undici pool of kept-alive connections per service, the answer read
// whole and handed to the typed client as a plain answer. Node's own fetch ran every call through web streams,
// and so did a Response made of the text: that was the largest part of a hotel page's CPU on the web server
// (bench:web's profile); the answers are small JSON.
import type { Fetcher } from '@travelclub/contracts';
import { Pool } from 'undici';

/** Connections kept per service: enough for the pages rendering at once on one server. */
const CONNECTIONS = 32;

/** A header as one value: a repeated one (Set-Cookie) joined as fetch joins it. */
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : (value ?? null));

export function pooledFetch(baseUrl: string): Fetcher {
  const pool = new Pool(new URL(baseUrl).origin, { connections: CONNECTIONS });
  return async (input, init) => {
    const url = new URL(input);
    const answer = await pool.request({
      path: `${url.pathname}${url.search}`,
      method: (init.method ?? 'GET') as 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body as string | undefined,
      signal: init.signal ?? undefined,
    });
    const body = await answer.body.text();
    const status = answer.statusCode;
    return {
      status,
      ok: status >= 200 && status < 300,
      headers: { get: (name: string) => one(answer.headers[name.toLowerCase()]) },
      text: () => Promise.resolve(body),
    };
  };
}
