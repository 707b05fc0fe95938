// How a page is rendered on the server: React streams the HTML once its shell is ready (crawlers get the whole
// page at once), and every inline script it or React Router writes carries a nonce made for this answer, which
// the answer's content policy names: no other inline script runs on our pages. The page carries the trace the
// web server's span for it is in (the request's `traceparent`, set by web/server: lib/page-trace.tsx).
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';
import { contentSecurityPolicy } from './lib/content-policy.server';
import { PageTrace } from './lib/page-trace';

/** How long streamed parts may take before React gives up on them (React Router reads it too). */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Response | Promise<Response> {
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  const nonce = randomBytes(16).toString('base64');
  headers.set('content-security-policy', contentSecurityPolicy(process.env, nonce));
  headers.set('content-type', 'text/html; charset=utf-8');
  const userAgent = request.headers.get('user-agent');
  const waitForAll = Boolean(userAgent && isbot(userAgent)) || routerContext.isSpaMode;

  return new Promise((resolve, reject) => {
    let shellSent = false;
    const send = () => {
      shellSent = true;
      const body = new PassThrough({
        final(done) {
          clearTimeout(giveUp);
          done();
        },
      });
      resolve(new Response(createReadableStreamFromReadable(body), { status, headers }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <PageTrace value={request.headers.get('traceparent')}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </PageTrace>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: send } : { onShellReady: send }),
        onShellError: reject,
        onError(error) {
          status = 500;
          // An error before the shell is React Router's to log (it renders the error page); one after it is ours.
          if (shellSent) console.error(error);
        },
      },
    );
    // A second more than React Router's own wait, so the parts given up on are still sent, as errors.
    const giveUp = setTimeout(abort, streamTimeout + 1_000);
  });
}
