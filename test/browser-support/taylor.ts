// What Taylor's browser test needs besides the page: a city of the test's catalog to ask about, its answer's
// Server-Sent Events read back, a recorder of the answer as the page showed it while it streamed, and prices
// written as the catalog's money reads.
import { caller } from '@travelclub/testing';
import type { Page } from 'playwright-core';

interface Place {
  id: string;
  name: string;
  locationType: 'city' | 'country' | 'hotel';
  hotelCount: number;
}

/** What Taylor's place reader takes as a place name (letters, spaces, apostrophes, dots, hyphens). */
const READABLE = /^[A-Za-zÀ-ÿ' .-]+$/;

/**
 * A city of the catalog by `name`, as Taylor resolves a place: the autocomplete's first city or country with
 * hotels. Undefined when that is not a city of this name (a country first, say).
 */
async function resolved(gateway: string, name: string): Promise<Place | undefined> {
  const answer = await caller(gateway)<{ destinations: Place[] }>(
    'GET',
    `/api/v1/destinations/autocomplete?query=${encodeURIComponent(name)}`,
  );
  const first = answer.body.destinations?.find((d) => d.locationType !== 'hotel' && d.hotelCount > 0);
  return first?.locationType === 'city' && first.name === name ? first : undefined;
}

/**
 * The city to ask Taylor about: `wanted` when the catalog has at least `atLeast` hotels there, else the city
 * with the most hotels among those of the catalog's recommended hotels (the demo catalog spreads its hotels
 * over real cities by population: a small catalog leaves most cities without any).
 */
export async function cityToAsk(gateway: string, wanted: string, atLeast: number): Promise<Place> {
  const first = await resolved(gateway, wanted);
  if (first && first.hotelCount >= atLeast) return first;
  const listed = await caller(gateway)<{ hotels: { address: { city: string } }[] }>(
    'GET',
    '/api/v1/hotel/recommended?take=50',
  );
  const names = [...new Set(listed.body.hotels.map((h) => h.address.city))].filter((n) => READABLE.test(n));
  const places = (await Promise.all(names.map((name) => resolved(gateway, name)))).filter((p) => p !== undefined);
  const best = places.sort((a, b) => b.hotelCount - a.hotelCount)[0];
  if (!best || best.hotelCount < atLeast)
    throw new Error(`no city of the catalog has ${atLeast} hotels (best: ${best?.name} with ${best?.hotelCount})`);
  return best;
}

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** The events of a Server-Sent Events body, in order (comments and pings left out). */
export function sseEvents(body: string): StreamEvent[] {
  return body
    .split(/\r?\n\r?\n/)
    .map((block) => {
      const lines = block.split(/\r?\n/).filter((line) => line && !line.startsWith(':'));
      const event =
        lines
          .find((l) => l.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).replace(/^ /, ''))
        .join('\n');
      return data ? { event, data: JSON.parse(data) as unknown } : null;
    })
    .filter((e) => e !== null);
}

/** A response's body as the browser received it: its pieces in order, and whether the browser is done with it. */
export interface ReceivedStream {
  url: string;
  pieces: Buffer[];
  ended: boolean;
  /** Settles once the bytes from before recording began are in (or recording could not begin: `problem`). */
  started: Promise<void>;
  problem?: string;
}

interface DataReceived {
  requestId: string;
  data?: string;
}

/**
 * Records, through the DevTools protocol, the bodies of the page's responses to requests `wanted` picks, piece
 * by piece as they reach the browser (Playwright's own `response.body()` has nothing for a body a script read as
 * a stream). Each such request is held before it is sent while its recording is switched on, so no piece can
 * come first, however fast the answer and however slow this process (asked at the response instead, a whole
 * answer had at times finished loading before the ask arrived).
 */
export async function recordStreams(page: Page, wanted: (url: string) => boolean): Promise<ReceivedStream[]> {
  const cdp = await page.context().newCDPSession(page);
  // Experimental (Chromium 124+), so not in Playwright's protocol types.
  const send = cdp.send.bind(cdp) as (method: string, params?: object) => Promise<{ bufferedData?: string }>;
  await send('Network.enable');
  // Only the API's requests are held (pages, scripts and images go straight on).
  await send('Fetch.enable', { patterns: [{ urlPattern: '*/api/*', requestStage: 'Request' }] });
  const streams: ReceivedStream[] = [];
  const byId = new Map<string, ReceivedStream>();
  cdp.on('Fetch.requestPaused', (event) => {
    const { requestId, networkId, request } = event as {
      requestId: string;
      networkId?: string;
      request: { url: string };
    };
    const go = () => void send('Fetch.continueRequest', { requestId }).catch(() => undefined);
    if (!networkId || !wanted(request.url)) return go();
    const stream: ReceivedStream = { url: request.url, pieces: [], ended: false, started: Promise.resolve() };
    streams.push(stream);
    byId.set(networkId, stream);
    stream.started = send('Network.streamResourceContent', { requestId: networkId }).then(
      ({ bufferedData }) => {
        if (bufferedData) stream.pieces.unshift(Buffer.from(bufferedData, 'base64'));
      },
      (err: Error) => {
        stream.problem = `the stream of ${request.url} could not be recorded: ${err.message}`;
      },
    );
    void stream.started.then(go);
  });
  cdp.on('Network.dataReceived', (event) => {
    const { requestId, data } = event as DataReceived;
    if (data) byId.get(requestId)?.pieces.push(Buffer.from(data, 'base64'));
  });
  const end = ({ requestId }: { requestId: string }) => {
    const stream = byId.get(requestId);
    if (stream) stream.ended = true;
  };
  cdp.on('Network.loadingFinished', end);
  // Chromium reports a body the page read to its end as cancelled at times (the page let go of it before the
  // network said it was finished); whether it was whole is for its contents to say.
  cdp.on('Network.loadingFailed', end);
  return streams;
}

/** One state of Taylor's newest answer on the page: its text, and whether it was done (stored, not streaming). */
export interface AnswerFrame {
  text: string;
  done: boolean;
  at: number;
}

/**
 * Page code as text (the site's content policy forbids the eval that functions passed to the page need):
 * records each change of the newest answer's text, and when it is done (no longer busy), from now on.
 */
const RECORD_ANSWER = `(() => {
  const frames = [];
  window.__taylorFrames = frames;
  const read = () => {
    const answers = document.querySelectorAll('ol[aria-label="Messages"] > li[data-role="assistant"]');
    const last = answers[answers.length - 1];
    if (!last) return;
    const text = last.querySelector('.chat-text')?.textContent ?? '';
    const done = !last.hasAttribute('aria-busy');
    const before = frames[frames.length - 1];
    if (!before || before.text !== text || before.done !== done) frames.push({ text, done, at: performance.now() });
  };
  new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

/** Starts recording what the page shows of Taylor's newest answer; the frames so far, when called back. */
export async function recordAnswer(page: Page): Promise<() => Promise<AnswerFrame[]>> {
  await page.evaluate(RECORD_ANSWER);
  return async () => (await page.evaluate('window.__taylorFrames')) as AnswerFrame[];
}

/** Money as the catalog gives it, written as a person reads a US dollar price: "$1,234.50". */
export function dollars(money: { amount: number; currency: string }): string {
  if (money.currency !== 'USD') throw new Error(`expected a price in US dollars, got ${money.currency}`);
  const whole = Math.floor(money.amount / 100).toLocaleString('en-US');
  return `$${whole}.${String(money.amount % 100).padStart(2, '0')}`;
}
