// The browser's part of a trace, without OpenTelemetry (its SDK would cost the JavaScript budget more than the
// whole page may): the web server sends the document with its span's trace context in a header,
// `Server-Timing: traceparent;desc="00-…"` (web/server/handler.ts), which the browser keeps with the document's
// navigation entry, and each API call the page makes continues that trace, so a booking's steps (add to the cart,
// contact, pay: client-side navigations in one document) read as one trace. A header, not the page's HTML: a
// page shared among visitors (web/server/page-cache.ts) is then the same bytes for all of them, compressed once,
// while each still gets their own trace. The browser records no span of its own: each call names a fresh parent
// id, which the gateway's span points to.

/** W3C trace context, version 00: trace id, parent span id, flags. */
const TRACEPARENT = /^00-([0-9a-f]{32})-[0-9a-f]{16}-([0-9a-f]{2})$/;

/** 8 random bytes in hex: a span id (never all zeros, which means none). */
function spanId(): string {
  const id = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, '0'));
  return /^0+$/.test(id.join('')) ? spanId() : id.join('');
}

/** The trace context the web server sent with this document, if any (the document keeps it for its whole life). */
export function documentTraceparent(): string | null {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return null;
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.serverTiming?.find((entry) => entry.name === 'traceparent')?.description ?? null;
}

/**
 * The `traceparent` header for one API call: the page's trace id and sampled flag, a new parent span id. None
 * when the page has no trace context (tracing off on the server, or a page not rendered by it).
 */
export function traceHeaders(): Record<string, string> {
  const match = TRACEPARENT.exec(documentTraceparent() ?? '');
  if (!match || /^0+$/.test(match[1]!)) return {};
  return { traceparent: `00-${match[1]}-${spanId()}-${match[2]}` };
}
