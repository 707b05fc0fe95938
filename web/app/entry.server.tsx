// How a page is rendered on the server: React renders the whole page (every Suspense boundary resolved, as a
// crawler needs it anyway) into one buffer, and the answer carries it whole: our loaders hold all of a page's
// data before the render starts, so streaming the shell first won nothing, and each of React's many small
// writes cost a pass through four streams and the compressor (bench:web's profile). Every inline script it or
// React Router writes carries a nonce made for this answer, which the answer's content policy names: no other
// inline script runs on our pages. A shared page whose data is the one its kept render was made from is not
// rendered again (lib/page-reuse.server.ts).
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { contentSecurityPolicy, pageNonce } from './lib/content-policy.server';
import { dataFingerprint, pageReuseContext, sharedSeconds, unchangedSince } from './lib/page-reuse.server';

/** The web server gives it to a shared page's request (web/server/handler.ts): the entry's, so one object. */
export { pageReuseContext };
/** And records a shared render's calls with these, and asks them again when its time is over (page-cache.ts). */
export { unchangedAnswers, withCallsRecorded } from './lib/api.server';

/** The pages' content policy from the server's settings, which do not change while it runs; a nonce per page. */
const policyWithNonce = contentSecurityPolicy(process.env);

/** How long a page's lazy parts may take before React gives up on them (React Router reads it too). */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Response | Promise<Response> {
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  const reuse = loadContext.get(pageReuseContext);
  if (reuse) {
    // Only an answer others may share is kept, so only its fingerprint counts (and is worth working out).
    const shared = sharedSeconds(headers.get('cache-control')) > 0;
    const fingerprint = shared ? dataFingerprint(request.url, routerContext.staticHandlerContext) : undefined;
    // The kept page is sent instead; the data's encoding for the page finishes on its own and is dropped.
    if (unchangedSince(reuse, fingerprint)) return new Response(null, { status: 204, headers });
  }
  const nonce = pageNonce();
  headers.set('content-security-policy', policyWithNonce(nonce));
  headers.set('content-type', 'text/html; charset=utf-8');

  return new Promise((resolve, reject) => {
    let shellReady = false;
    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(giveUp);
        resolve(new Response(Buffer.concat(chunks), { status, headers }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onShellReady: () => (shellReady = true),
        onAllReady: () => pipe(page),
        onShellError(error) {
          clearTimeout(giveUp);
          reject(error);
        },
        onError(error) {
          status = 500;
          // An error before the shell is React Router's to log (it renders the error page); one after it is ours.
          if (shellReady) console.error(error);
        },
      },
    );
    // A second more than React Router's own wait, so the parts given up on are still sent, as errors.
    const giveUp = setTimeout(abort, streamTimeout + 1_000);
  });
}
