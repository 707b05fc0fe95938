// What the web server answers: its health for the gateway and probes, the built app's static files (hashed
// assets cached for a year), and every other request rendered by React Router (public pages that allow it
// shared for a few seconds among visitors without our cookies: page-cache.ts). Each answer is counted, and
// each but a health check is handled inside its trace's span (observe.ts); a rendered answer names that span in
// `Server-Timing: traceparent;desc="…"`, where the browser's API calls find the trace to continue
// (app/lib/trace-context.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Registry } from '@travelclub/kit/metrics';
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import type { PageReuse, RecordedCall } from '../app/lib/page-reuse.server.js';
import sirv from 'sirv';
import { acceptedEncoding, sendFetchResponse, toFetchRequest, type Encoding } from './fetch-bridge.js';
import type { Log } from './log.js';
import { observer, pageRouteOf, type Observed } from './observe.js';
import { createPageCache, isShareable, personal } from './page-cache.js';

export interface WebHandlerOptions {
  build: ServerBuild;
  /** The build's client folder (web/build/client/). */
  clientDir: string;
  /** Headers on every rendered answer (security.ts). */
  pageHeaders: readonly [string, string][];
  log: Log;
  /** False once the server is stopping: readiness says so, so no new work is sent here. */
  isAccepting: () => boolean;
  /** Where its HTTP figures go (served on the metrics port); a registry of its own by default. */
  metrics?: Registry;
}

/** The answer's trace context for the browser, which keeps it with the document's navigation entry. */
const serverTiming = (traceparent: string): [string, string] => ['server-timing', `traceparent;desc="${traceparent}"`];

/**
 * Pages from a build before every route was known from the start (`routeDiscovery` in react-router.config.ts)
 * still ask `/__manifest` for the routes of their links: told to load the document again (React Router's own
 * answer to a page of another version), they come back as this build's pages instead of an error page.
 */
function reloadDocument(res: ServerResponse) {
  res.writeHead(204, { 'x-remix-reload-document': 'true', 'cache-control': 'no-store' });
  res.end();
}

function notFound(res: ServerResponse) {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end('Not Found');
}

/** What the app's server entry gives the web server for shared pages (app/entry.server.tsx: the build's own). */
interface SharingEntry {
  pageReuseContext: RouterContext<PageReuse | null>;
  withCallsRecorded: <T>(calls: RecordedCall[], render: () => T) => T;
  unchangedAnswers: (calls: readonly RecordedCall[]) => Promise<boolean>;
}

/**
 * The page cache of shared pages, and their render. A render others may share goes on when its first visitor
 * leaves: the others wait for it. It belongs to the trace of the visitor whose request started it (its loaders'
 * calls are that request's children); the others' spans show the answer's wait, and each page sent carries its
 * own visitor's trace (its Server-Timing). The PageReuse goes to the app's entry under the entry's own context
 * object, and comes back with the calls the loaders made.
 */
function sharedPages(build: ServerBuild, handleRequest: ReturnType<typeof createRequestHandler>) {
  const entry = build.entry.module as Partial<SharingEntry>;
  for (const name of ['pageReuseContext', 'withCallsRecorded', 'unchangedAnswers'] as const)
    if (!entry[name]) throw new Error(`the built app does not export ${name} from its server entry`);
  const { pageReuseContext, withCallsRecorded, unchangedAnswers } = entry as SharingEntry;
  const cache = createPageCache({ revalidate: unchangedAnswers });
  const render = (req: IncomingMessage) => (reuse: PageReuse) => {
    const context = new RouterContextProvider(new Map([[pageReuseContext, reuse]]));
    reuse.calls = [];
    return withCallsRecorded(reuse.calls, () =>
      handleRequest(toFetchRequest(req, new AbortController().signal), context),
    );
  };
  return (req: IncomingMessage, encoding: Encoding | null) => cache.serve(req.url ?? '/', render(req), encoding);
}

export function createWebHandler({
  build,
  clientDir,
  pageHeaders,
  log,
  isAccepting,
  metrics = new Registry(),
}: WebHandlerOptions) {
  const observe = observer(metrics, log);
  // One listing of the client folder (it holds thousands of map cells); the hashed build files never change.
  const files = sirv(clientDir, {
    maxAge: 3_600,
    // The build writes .br and .gz beside each script and stylesheet (precompress.ts): sent as they are.
    brotli: true,
    gzip: true,
    setHeaders: (res, pathname) => {
      if (pathname.startsWith('/assets/')) res.setHeader('cache-control', 'public,max-age=31536000,immutable');
    },
  });
  const handleRequest = createRequestHandler(build, 'production');
  const shared = sharedPages(build, handleRequest);

  const render = async (req: IncomingMessage, res: ServerResponse, observed: Observed) => {
    const controller = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const traceparent = observed.trace()?.traceparent;
    const extra = traceparent ? [...pageHeaders, serverTiming(traceparent)] : pageHeaders;
    try {
      const response = isShareable(req)
        ? await shared(req, acceptedEncoding(accepted))
        : personal(await handleRequest(toFetchRequest(req, controller.signal)));
      await sendFetchResponse(res, response, { head: req.method === 'HEAD', extra, accepted });
    } catch (err) {
      // A client that left mid-answer is not an error of ours.
      if (controller.signal.aborted) return;
      log.error('a page could not be rendered', { err, method: req.method, url: req.url?.split('?', 1)[0] });
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error');
    }
  };

  return (req: IncomingMessage, res: ServerResponse) => {
    // While stopping, a kept-alive connection closes after this answer instead of holding the server open.
    if (!isAccepting()) res.setHeader('connection', 'close');
    const path = req.url?.split('?', 1)[0] ?? '/';
    if (path === '/health/live' || path === '/health/ready') {
      observe.health(req, res);
      const up = path === '/health/live' || isAccepting();
      res.writeHead(up ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      return res.end(JSON.stringify({ status: up ? 'up' : 'down' }));
    }
    // A static file unless sirv has none by that name and it is a page (or its data) to render.
    const observed = observe.request(req, res, 'asset');
    // A build file that is not there (an old page asking for last release's chunk) is a plain 404, not a page.
    const next = path.startsWith('/assets/')
      ? () => notFound(res)
      : path === '/__manifest'
        ? () => reloadDocument(res)
        : () => {
            observed.route = pageRouteOf(path);
            void render(req, res, observed);
          };
    // Inside the span: what the render calls (the loaders' fetches) and logs continues its trace.
    return observed.within(() => files(req, res, next));
  };
}
