// The page's trace context in the document: the server's entry gives the render its span's `traceparent`
// (web/server sets it on the request React Router reads), the root layout writes it as
// `<meta name="traceparent">`, and the browser's entry reads it back from there, so hydration renders the same
// meta and the document keeps one trace for its whole life. Not loader data: a page shared among visitors
// (web/server/page-cache.ts) gets each visitor's own trace written into its meta, which data in the page's
// scripts could not follow.
import { createContext, useContext } from 'react';

export const PageTrace = createContext<string | null>(null);

/** The `traceparent` the server wrote in this document, if any. */
export const documentTraceparent = (): string | null =>
  document.querySelector('meta[name="traceparent"]')?.getAttribute('content') ?? null;

/** The document's `<meta name="traceparent">`; nothing without a trace (tracing off on the server). */
export function PageTraceMeta() {
  const traceparent = useContext(PageTrace);
  return traceparent ? <meta name="traceparent" content={traceparent} /> : null;
}
