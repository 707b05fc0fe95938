// The browser continues the page's trace: each API call sends a `traceparent` with the trace id and sampled flag
// of the trace the web server sent with the document (`Server-Timing: traceparent;desc="…"`, which the browser
// keeps with the document's navigation entry) and a new parent span id; none when the document came without one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentTraceparent, traceHeaders } from '~/lib/trace-context';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PAGE_SPAN = '00f067aa0ba902b7';
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The document's navigation entry as the browser keeps it: with these Server-Timing entries (null: none). */
function pageTrace(description: string | null) {
  const serverTiming = [
    { name: 'cache', description: 'hit', duration: 0 },
    ...(description === null ? [] : [{ name: 'traceparent', description, duration: 0 }]),
  ];
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type: string) =>
    type === 'navigation' ? ([{ serverTiming }] as unknown as PerformanceEntryList) : [],
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the document’s trace', () => {
  it('is read from the Server-Timing the document came with', () => {
    const traceparent = `00-${TRACE_ID}-${PAGE_SPAN}-01`;
    pageTrace(traceparent);
    expect(documentTraceparent()).toBe(traceparent);
    pageTrace(null);
    expect(documentTraceparent()).toBeNull();
  });
});

describe('the traceparent of a call', () => {
  it('has the page’s trace id and flag, and a fresh parent span id each time', () => {
    pageTrace(`00-${TRACE_ID}-${PAGE_SPAN}-01`);
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const [, trace, parent, flags] = TRACEPARENT.exec(traceHeaders().traceparent ?? '') ?? [];
      expect(trace).toBe(TRACE_ID);
      expect(flags).toBe('01');
      expect(parent).not.toBe(PAGE_SPAN);
      expect(parent).not.toBe('0'.repeat(16));
      ids.add(parent!);
    }
    expect(ids.size).toBe(20);
  });

  it('keeps an unsampled page unsampled', () => {
    pageTrace(`00-${TRACE_ID}-${PAGE_SPAN}-00`);
    expect(traceHeaders().traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-00$`));
  });

  it('is left out without the document’s trace, or with one that is not a trace context', () => {
    expect(traceHeaders()).toEqual({});
    for (const content of ['', 'junk', `01-${TRACE_ID}-${PAGE_SPAN}-01`, `00-${'0'.repeat(32)}-${PAGE_SPAN}-01`]) {
      pageTrace(content);
      expect(traceHeaders()).toEqual({});
    }
    pageTrace(null);
    expect(traceHeaders()).toEqual({});
  });
});

describe('the browser’s API module', () => {
  let sent: Headers[];
  beforeEach(() => {
    vi.resetModules();
    sent = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: string, init: RequestInit) => {
        sent.push(new Headers(init.headers));
        return new Response(JSON.stringify({ csrfToken: 'c' }), { headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the page’s trace on every call', async () => {
    pageTrace(`00-${TRACE_ID}-${PAGE_SPAN}-01`);
    const api = await import('~/lib/browser-api');
    await api.call(api.endpoints.auth.csrf, {});
    await api.call(api.endpoints.auth.csrf, {});
    const [first, second] = sent.map((headers) => TRACEPARENT.exec(headers.get('traceparent') ?? ''));
    expect(first?.[1]).toBe(TRACE_ID);
    expect(second?.[1]).toBe(TRACE_ID);
    expect(first?.[2]).not.toBe(second?.[2]);
  });

  it('sends none on a page without a trace', async () => {
    const api = await import('~/lib/browser-api');
    await api.call(api.endpoints.auth.csrf, {});
    expect(sent[0]?.has('traceparent')).toBe(false);
  });
});
