// The route layer without zod (`@travelclub/contracts/paths`): the paths and header names a browser uses outside
// the typed client, as plain links, beacons and images, and the one way a path's `:name` is filled in. The
// endpoint definitions take these same constants, so a path is still written once; a page's first script can
// import them without pulling in the schemas (the club home's JavaScript budget is 150 KB).

/** The header a payment's idempotency key travels in (billing's `payInvoice`). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Routes reached as links rather than calls, by the endpoint that defines each. */
export const linkPaths = {
  /** auth's `oauthStart`: the browser is sent there to sign in with a provider. */
  oauthStart: '/api/v1/auth/oauth/:provider/start',
  /** the catalog's `titleImage`: an `<img>` source that redirects to the hotel's picture. */
  titleImage: '/api/v1/hotel/:id/titleImage',
  /** the creator service's `recordClubView`: the club page's beacon. */
  clubView: '/api/v1/creator/:slug/view',
} as const;

/** A path with each `:name` replaced by its parameter, encoded; `what` names the route in the error. */
export function fillPath(path: string, params: Record<string, unknown> = {}, what = path): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${what}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
