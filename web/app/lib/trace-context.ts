// The browser's part of a trace, without OpenTelemetry (its SDK would cost the JavaScript budget more than the
// whole page may): the server puts its render's trace context in the document (`<meta name="traceparent">`,
// root.tsx), and each API call the page makes continues that trace, so a booking's steps (add to the cart,
// contact, pay: client-side navigations in one document) read as one trace. The browser records no span of its
// own: each call names a fresh parent id, which the gateway's span points to.

/** W3C trace context, version 00: trace id, parent span id, flags. */
const TRACEPARENT = /^00-([0-9a-f]{32})-[0-9a-f]{16}-([0-9a-f]{2})$/;

/** 8 random bytes in hex: a span id (never all zeros, which means none). */
function spanId(): string {
  const id = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, '0'));
  return /^0+$/.test(id.join('')) ? spanId() : id.join('');
}

/**
 * The `traceparent` header for one API call: the page's trace id and sampled flag, a new parent span id. None
 * when the page has no trace context (tracing off on the server, or a page not rendered by it).
 */
export function traceHeaders(): Record<string, string> {
  const page = typeof document === 'undefined' ? undefined : document.querySelector('meta[name="traceparent"]');
  const match = TRACEPARENT.exec(page?.getAttribute('content') ?? '');
  if (!match || /^0+$/.test(match[1]!)) return {};
  return { traceparent: `00-${match[1]}-${spanId()}-${match[2]}` };
}
