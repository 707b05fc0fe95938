// What the web server answers: its health for the gateway and probes, the built app's static files (hashed
// assets cached for a year), and every other request rendered by React Router.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequestHandler, type ServerBuild } from 'react-router';
import sirv from 'sirv';
import { sendFetchResponse, toFetchRequest } from './fetch-bridge.js';
import type { Log } from './log.js';

export interface WebHandlerOptions {
  build: ServerBuild;
  /** The build's client folder (web/build/client/). */
  clientDir: string;
  /** Headers on every rendered answer (security.ts). */
  pageHeaders: readonly [string, string][];
  log: Log;
  /** False once the server is stopping: readiness says so, so no new work is sent here. */
  isAccepting: () => boolean;
}

export function createWebHandler({ build, clientDir, pageHeaders, log, isAccepting }: WebHandlerOptions) {
  const assets = sirv(`${clientDir}assets`, { immutable: true, maxAge: 31_536_000, gzip: true });
  const files = sirv(clientDir, { maxAge: 3_600, gzip: true });
  const handleRequest = createRequestHandler(build, 'production');

  const render = async (req: IncomingMessage, res: ServerResponse) => {
    const controller = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    try {
      const response = await handleRequest(toFetchRequest(req, controller.signal));
      await sendFetchResponse(res, response, { head: req.method === 'HEAD', extra: pageHeaders });
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
    const path = req.url?.split('?', 1)[0];
    if (path === '/health/live' || path === '/health/ready') {
      const up = path === '/health/live' || isAccepting();
      res.writeHead(up ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      return res.end(JSON.stringify({ status: up ? 'up' : 'down' }));
    }
    const next = () => void render(req, res);
    if (path?.startsWith('/assets/')) return assets(req, res, next);
    return files(req, res, next);
  };
}
