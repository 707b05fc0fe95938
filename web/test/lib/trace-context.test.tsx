// The browser continues the page's trace: each API call sends a `traceparent` with the trace id and sampled flag
// of the page's `<meta name="traceparent">` and a new parent span id; none when the page has no such meta. The
// meta is the one the server's entry gave the layout, and hydration renders it again from the document.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentTraceparent, PageTrace, PageTraceMeta } from '~/lib/page-trace';
import { traceHeaders } from '~/lib/trace-context';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PAGE_SPAN = '00f067aa0ba902b7';
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

function pageTrace(content: string | null) {
  document.head.querySelector('meta[name="traceparent"]')?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = 'traceparent';
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => pageTrace(null));

describe('the page’s meta', () => {
  it('is written from the entry’s trace, and read back from the document', () => {
    const traceparent = `00-${TRACE_ID}-${PAGE_SPAN}-01`;
    const html = (value: string | null) =>
      renderToStaticMarkup(
        <PageTrace value={value}>
          <PageTraceMeta />
        </PageTrace>,
      );
    expect(html(traceparent)).toBe(`<meta name="traceparent" content="${traceparent}"/>`);
    expect(html(null)).toBe('');
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

  it('is left out without the meta, or with one that is not a trace context', () => {
    expect(traceHeaders()).toEqual({});
    for (const content of ['', 'junk', `01-${TRACE_ID}-${PAGE_SPAN}-01`, `00-${'0'.repeat(32)}-${PAGE_SPAN}-01`]) {
      pageTrace(content);
      expect(traceHeaders()).toEqual({});
    }
    // A shared page sent to a visitor without a trace (web/server/page-cache.ts).
    pageTrace('0'.repeat(55));
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
