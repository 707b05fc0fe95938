// Node's http request and answer to the Fetch API's and back, for React Router's request handler. The URL is
// the one the browser used: the gateway in front says which (X-Forwarded-Host and -Proto), so an action's
// `Origin` matches it and absolute URLs the app builds point at the public site, not at this server.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/** The first value of a header the gateway sets once (a list when a proxy before it appended one). */
const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();

/**
 * The request as React Router reads it; `signal` ends when the client goes away. The loaders' calls continue the
 * web server's span from the context they run in, not from any header here.
 */
export function toFetchRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const proto = first(req.headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
  const host = first(req.headers['x-forwarded-host']) ?? req.headers.host ?? 'localhost';
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', `${proto}://${host}`), {
    method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript)|image\/svg)/;
/** Brotli at a quality that costs about what gzip does. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 6 };
const brotliWhole = promisify(brotliCompress);
const gzipWhole = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/** What the browser takes compressed (`accepted`: its Accept-Encoding): brotli, else gzip, else nothing. */
export const acceptedEncoding = (accepted: string): Encoding | null =>
  /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;

function encodingFor(accepted: string, response: Response): Encoding | null {
  if (response.headers.has('content-encoding')) return null;
  if (!COMPRESSIBLE.test(response.headers.get('content-type') ?? '')) return null;
  return acceptedEncoding(accepted);
}

/** `body` compressed whole, off the main thread. */
export const compressed = (body: Uint8Array, encoding: Encoding): Promise<Buffer> =>
  encoding === 'br' ? brotliWhole(body, BROTLI) : gzipWhole(body, GZIP);

/**
 * A page arrives whole (entry.server.tsx renders it into one buffer): it is compressed in one call, off the
 * main thread, and written once. Other answers (React Router's data, which may stream) are compressed as they
 * come, their pieces not flushed one by one.
 */
const isWhole = (response: Response) => response.headers.get('content-type')?.startsWith('text/html') ?? false;

async function sendWhole(res: ServerResponse, response: Response, encoding: Encoding | null) {
  const body = new Uint8Array(await response.arrayBuffer());
  res.end(encoding ? await compressed(body, encoding) : body);
}

/**
 * Writes `response` to `res`, compressed when the browser accepts it (`accepted`: its Accept-Encoding), every
 * Set-Cookie kept apart, `extra` headers added unless the response has its own.
 */
export async function sendFetchResponse(
  res: ServerResponse,
  response: Response,
  { head, extra = [], accepted = '' }: { head: boolean; extra?: readonly [string, string][]; accepted?: string },
): Promise<void> {
  const encoding = response.body && !head ? encodingFor(accepted, response) : null;
  const raw: string[] = [];
  // Iterating Headers gives each Set-Cookie on its own and joins the other repeated headers.
  for (const [name, value] of response.headers) {
    if (!(encoding && name === 'content-length')) raw.push(name, value);
  }
  for (const [name, value] of extra) if (!response.headers.has(name)) raw.push(name, value);
  if (encoding) raw.push('content-encoding', encoding, 'vary', 'accept-encoding');
  res.writeHead(response.status, raw);
  if (!response.body || head) {
    res.end();
    return;
  }
  if (isWhole(response)) return sendWhole(res, response, encoding);
  const body = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
  if (!encoding) return pipeline(body, res);
  const encoder = encoding === 'br' ? createBrotliCompress(BROTLI) : createGzip(GZIP);
  await pipeline(body, encoder, res);
}
