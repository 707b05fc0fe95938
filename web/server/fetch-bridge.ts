// Node's http request and answer to the Fetch API's and back, for React Router's request handler. The URL is
// the one the browser used: the gateway in front says which (X-Forwarded-Host and -Proto), so an action's
// `Origin` matches it and absolute URLs the app builds point at the public site, not at this server.
import type { TraceCarrier } from '@travelclub/kit/telemetry';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/** The first value of a header the gateway sets once (a list when a proxy before it appended one). */
const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();

/** Trace context headers: the caller's are replaced by the context the app runs in. */
const TRACE_HEADERS = /^(traceparent|tracestate)$/i;

/**
 * The request as React Router reads it; `signal` ends when the client goes away. Its `traceparent` (and
 * `tracestate`) are the web server's span's, `trace`, not the gateway's: the root loader puts them in the page,
 * where the browser continues the trace. None without `trace` (tracing off).
 */
export function toFetchRequest(req: IncomingMessage, signal: AbortSignal, trace?: TraceCarrier): Request {
  const proto = first(req.headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
  const host = first(req.headers['x-forwarded-host']) ?? req.headers.host ?? 'localhost';
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (!TRACE_HEADERS.test(req.rawHeaders[i]!)) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  if (trace) headers.set('traceparent', trace.traceparent);
  if (trace?.tracestate) headers.set('tracestate', trace.tracestate);
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

/**
 * The encoder for a page the browser accepts compressed: brotli at a quality that costs about what gzip does,
 * else gzip. Pieces are not flushed one by one: React writes many small ones, and compressing each alone cost
 * the web server CPU and the gateway a write per piece (bench:web's profile); pages wait for their data anyway.
 */
function encoderFor(accepted: string, response: Response): ['br' | 'gzip', BrotliCompress | Gzip] | null {
  if (response.headers.has('content-encoding')) return null;
  if (!COMPRESSIBLE.test(response.headers.get('content-type') ?? '')) return null;
  if (/\bbr\b/.test(accepted)) {
    const params = { [constants.BROTLI_PARAM_QUALITY]: 4 };
    return ['br', createBrotliCompress({ params })];
  }
  if (/\bgzip\b/.test(accepted)) return ['gzip', createGzip({ level: 6 })];
  return null;
}

/**
 * Writes `response` to `res`, streaming its body (a server render arrives in pieces), compressed when the
 * browser accepts it (`accepted`: its Accept-Encoding), every Set-Cookie kept apart, `extra` headers added
 * unless the response has its own.
 */
export async function sendFetchResponse(
  res: ServerResponse,
  response: Response,
  { head, extra = [], accepted = '' }: { head: boolean; extra?: readonly [string, string][]; accepted?: string },
): Promise<void> {
  const encoder = response.body && !head ? encoderFor(accepted, response) : null;
  const raw: string[] = [];
  // Iterating Headers gives each Set-Cookie on its own and joins the other repeated headers.
  for (const [name, value] of response.headers) {
    if (!(encoder && name === 'content-length')) raw.push(name, value);
  }
  for (const [name, value] of extra) if (!response.headers.has(name)) raw.push(name, value);
  if (encoder) raw.push('content-encoding', encoder[0], 'vary', 'accept-encoding');
  res.writeHead(response.status, raw);
  if (!response.body || head) {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
  await (encoder ? pipeline(body, encoder[1], res) : pipeline(body, res));
}
