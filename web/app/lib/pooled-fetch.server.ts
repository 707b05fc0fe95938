// The transport of the loaders' calls: an undici pool of kept-alive connections per service, the answer read
// whole and handed over as a Response. Node's own fetch ran every call through web streams, and that was the
// largest part of a hotel page's CPU on the web server (bench:web's profile); the answers are small JSON.
import { Pool } from 'undici';

/** Connections kept per service: enough for the pages rendering at once on one server. */
const CONNECTIONS = 32;
/** Statuses whose answer has no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

export function pooledFetch(baseUrl: string): typeof fetch {
  const pool = new Pool(new URL(baseUrl).origin, { connections: CONNECTIONS });
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const answer = await pool.request({
      path: `${url.pathname}${url.search}`,
      method: (init.method ?? 'GET') as 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body as string | undefined,
      signal: init.signal ?? undefined,
    });
    const body = await answer.body.text();
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
      else if (value !== undefined) headers.set(name, value);
    }
    const status = answer.statusCode;
    return new Response(NO_BODY.has(status) ? null : body, { status, headers });
  };
}
