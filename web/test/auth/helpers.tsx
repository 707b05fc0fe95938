// The auth pages' render helper is every page's (../render-page.tsx); what only they need is here.
export { renderPage } from '../render-page';

/** A request for `url` as a given browser sends it. */
export const withUserAgent = (request: Request, userAgent: string) =>
  new Request(request.url, { headers: { 'user-agent': userAgent } });
