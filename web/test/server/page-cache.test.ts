// The web server's short cache of public pages: which requests may share a page, how long, the content
// policy a shared page gets (its inline scripts' hashes, no nonce), that concurrent misses render once, and
// that a page whose time is over serves again when the entry finds its data unchanged.
// @vitest-environment node
import type { IncomingMessage } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sharedSeconds, unchangedSince, type PageReuse } from '../../app/lib/page-reuse.server';
import { createPageCache, isShareable, personal, policyByHashes } from '../../server/page-cache';

const request = (method: string, cookie?: string) => ({ method, headers: cookie ? { cookie } : {} }) as IncomingMessage;

const PAGE = [
  '<html><head><script type="module" src="/assets/entry.js"></script></head><body>',
  '<script nonce="abc">window.__ready = 1;</script>',
  '<script nonce="abc" type="module">import("/assets/x.js");</script></body></html>',
].join('');
const POLICY = "default-src 'self'; script-src 'self' 'nonce-abc'; style-src 'self' 'unsafe-inline'";

function page(cacheControl: string, status = 200) {
  return new Response(PAGE, {
    status,
    headers: { 'content-type': 'text/html', 'cache-control': cacheControl, 'content-security-policy': POLICY },
  });
}

describe('which pages are shared', () => {
  it('shares GETs of visitors without the session or CSRF cookie', () => {
    expect(isShareable(request('GET'))).toBe(true);
    expect(isShareable(request('GET', 'theme=dark'))).toBe(true);
    expect(isShareable(request('GET', 'theme=dark; tc_session=s'))).toBe(false);
    expect(isShareable(request('GET', 'tc_csrf=c'))).toBe(false);
    expect(isShareable(request('HEAD'))).toBe(false);
    expect(isShareable(request('POST'))).toBe(false);
  });

  it('never lets a page rendered for one visitor out marked for sharing', () => {
    expect(personal(page('public, max-age=0, s-maxage=2')).headers.get('cache-control')).toBe('private, no-store');
    expect(personal(page('no-store, max-age=0')).headers.get('cache-control')).toBe('no-store, max-age=0');
  });

  it('keeps a page only as long as its public s-maxage says', () => {
    expect(sharedSeconds('public, s-maxage=3')).toBe(3);
    expect(sharedSeconds('s-maxage=3')).toBe(0);
    expect(sharedSeconds('public, s-maxage=3, private')).toBe(0);
    expect(sharedSeconds('no-store, max-age=0')).toBe(0);
    expect(sharedSeconds(null)).toBe(0);
  });
});

describe('a shared page’s content policy', () => {
  it('names the SHA-256 of each inline script instead of the nonce', () => {
    const policy = policyByHashes(POLICY, PAGE);
    expect(policy).not.toContain('nonce');
    // The hash a browser computes for `window.__ready = 1;` (worked out apart from this code).
    expect(policy).toContain("'sha256-MxP1yeoGMyy7HljtZ8k3VopBT+2LLhkO6OeTXpen5As='");
    expect(policy.match(/'sha256-/g)).toHaveLength(2);
    expect(policy).toMatch(/^default-src 'self'; script-src 'self' 'sha256-[^;]+; style-src 'self' 'unsafe-inline'$/);
  });

  it('allows no inline script when the page has none', () => {
    expect(policyByHashes(POLICY, '<p>hello</p>')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'",
    );
  });
});

describe('the cache', () => {
  it('renders a public page once for everybody within its time, with the hashed policy', async () => {
    const cache = createPageCache();
    let renders = 0;
    const render = async () => (renders++, page('public, s-maxage=3'));
    const [first, second] = await Promise.all([cache.serve('/user/cara', render), cache.serve('/user/cara', render)]);
    const third = await cache.serve('/user/cara', render);
    expect(renders).toBe(1);
    for (const answer of [first, second, third]) {
      expect(await answer.text()).toBe(PAGE);
      expect(answer.headers.get('content-security-policy')).toContain("'sha256-");
      expect(answer.headers.get('content-security-policy')).not.toContain('nonce');
    }
    await cache.serve('/user/other', render);
    expect(renders).toBe(2);
  });

  it('renders again once the time is over', async () => {
    const cache = createPageCache();
    let renders = 0;
    const render = async () => (renders++, page('public, s-maxage=1'));
    await cache.serve('/user/cara', render);
    await new Promise((done) => setTimeout(done, 1_100));
    await cache.serve('/user/cara', render);
    expect(renders).toBe(2);
  });

  it('never keeps a page that does not allow it, nor an error page, and leaves its policy alone', async () => {
    const cache = createPageCache();
    let renders = 0;
    const noStore = async () => (renders++, page('no-store, max-age=0'));
    const notFound = async () => (renders++, page('public, s-maxage=3', 404));
    const answer = await cache.serve('/hotel/a', noStore);
    await cache.serve('/hotel/a', noStore);
    await cache.serve('/user/gone', notFound);
    await cache.serve('/user/gone', notFound);
    expect(renders).toBe(4);
    expect(answer.headers.get('content-security-policy')).toBe(POLICY);
  });

  it('sends a page compressed as each visitor’s browser takes it, compressed once', async () => {
    const cache = createPageCache();
    const render = async () => page('public, s-maxage=3');
    const [br, again, gzip, plain] = [
      await cache.serve('/user/cara', render, 'br'),
      await cache.serve('/user/cara', render, 'br'),
      await cache.serve('/user/cara', render, 'gzip'),
      await cache.serve('/user/cara', render, null),
    ];
    const bytes = async (answer: Response) => Buffer.from(await answer.arrayBuffer());
    const brBytes = await bytes(br);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('accept-encoding');
    expect(brotliDecompressSync(brBytes).toString()).toBe(PAGE);
    expect((await bytes(again)).equals(brBytes)).toBe(true);
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gzip)).toString()).toBe(PAGE);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(PAGE);
  });

  it('renders again after a render that failed', async () => {
    const cache = createPageCache();
    await expect(cache.serve('/user/cara', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const answer = await cache.serve('/user/cara', async () => page('public, s-maxage=3'));
    expect(answer.status).toBe(200);
  });
});

describe('a kept page after its time', () => {
  /**
   * The entry as the cache sees it (app/entry.server.tsx): data with `fingerprint`, counted only for an answer
   * that may be shared, and rendered unless the kept page's is the same.
   */
  function entry(cacheControl = 'public, s-maxage=1') {
    const calls = { loads: 0, renders: 0, fingerprint: 'a' as string | undefined, html: PAGE };
    const render = async (reuse: PageReuse) => {
      calls.loads++;
      const shared = sharedSeconds(cacheControl) > 0;
      if (unchangedSince(reuse, shared ? calls.fingerprint : undefined)) return new Response(null, { status: 204 });
      calls.renders++;
      return new Response(calls.html, {
        headers: { 'content-type': 'text/html', 'cache-control': cacheControl, 'content-security-policy': POLICY },
      });
    };
    return { calls, render };
  }
  const over = (ms = 1_100) => new Promise((done) => setTimeout(done, ms));

  it('is sent again, compressed as it was, when the loaders found its data unchanged', async () => {
    const cache = createPageCache();
    const { calls, render } = entry();
    const first = Buffer.from(await (await cache.serve('/hotel/a', render, 'br')).arrayBuffer());
    await over();
    const again = await cache.serve('/hotel/a', render, 'br');
    expect(again.status).toBe(200);
    expect(again.headers.get('content-security-policy')).toContain("'sha256-");
    expect(Buffer.from(await again.arrayBuffer()).equals(first)).toBe(true);
    expect(brotliDecompressSync(first).toString()).toBe(PAGE);
    expect(calls).toMatchObject({ loads: 2, renders: 1 });
    // Shared for another second from there: nothing is loaded meanwhile.
    await cache.serve('/hotel/a', render);
    expect(calls.loads).toBe(2);
  });

  it('goes to every visitor who came while its data was checked, which is checked once', async () => {
    const cache = createPageCache();
    const { calls, render } = entry();
    await cache.serve('/hotel/a', render);
    await over();
    const answers = await Promise.all([1, 2, 3].map(() => cache.serve('/hotel/a', render)));
    for (const answer of answers) expect(await answer.text()).toBe(PAGE);
    expect(calls).toMatchObject({ loads: 2, renders: 1 });
  });

  it('is rendered anew when its data changed, and the new page is the one kept', async () => {
    const cache = createPageCache();
    const { calls, render } = entry();
    await cache.serve('/hotel/a', render);
    await over();
    Object.assign(calls, { fingerprint: 'b', html: PAGE.replace('__ready = 1', '__ready = 2') });
    expect(await (await cache.serve('/hotel/a', render)).text()).toContain('__ready = 2');
    await over();
    expect(await (await cache.serve('/hotel/a', render)).text()).toContain('__ready = 2');
    expect(calls).toMatchObject({ loads: 3, renders: 2 });
  });

  it('is rendered anew when the entry gives no fingerprint (an error, data JSON cannot write)', async () => {
    const cache = createPageCache();
    const { calls, render } = entry();
    calls.fingerprint = undefined;
    await cache.serve('/hotel/a', render);
    await over();
    await cache.serve('/hotel/a', render);
    expect(calls).toMatchObject({ loads: 2, renders: 2 });
  });

  it('is forgotten after the reuse time, and once its route no longer allows sharing', async () => {
    const cache = createPageCache({ reuseMs: 200 });
    const { calls, render } = entry();
    await cache.serve('/hotel/a', render);
    await over(1_300);
    await cache.serve('/hotel/a', render);
    expect(calls.renders).toBe(2);

    // The same data, but the route no longer allows sharing: rendered, and nothing kept.
    const unshared = entry('no-store');
    await cache.serve('/hotel/b', entry().render);
    await over();
    const answer = await cache.serve('/hotel/b', unshared.render);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    await cache.serve('/hotel/b', unshared.render);
    expect(unshared.calls.renders).toBe(2);
  });

  it('holds at most its bytes, the least recently asked dropped first', async () => {
    const cache = createPageCache({ maxBytes: 3 * (2 * PAGE.length + 1024) });
    const { calls, render } = entry();
    for (const path of ['/hotel/a', '/hotel/b', '/hotel/c', '/hotel/d']) await cache.serve(path, render);
    await over();
    for (const path of ['/hotel/b', '/hotel/c', '/hotel/d', '/hotel/a']) await cache.serve(path, render);
    // b, c and d were kept and reused; a was dropped for d, so it rendered again.
    expect(calls).toMatchObject({ loads: 8, renders: 5 });
  });
});

describe('a kept page whose calls were answered by their ETags', () => {
  /** The entry, its loaders' calls recorded as the web server records them (lib/api.server.ts). */
  function entry(etags: (string | undefined)[] = ['W/"hotel-1"', 'W/"club-1"']) {
    const calls = { loads: 0, renders: 0, etags };
    const render = async (reuse: PageReuse) => {
      calls.loads++;
      reuse.calls = calls.etags.map((etag, i) => ({ baseUrl: 'http://service', url: `/call/${i}`, etag }));
      if (unchangedSince(reuse, 'same data')) return new Response(null, { status: 204 });
      calls.renders++;
      return page('public, s-maxage=1');
    };
    return { calls, render };
  }
  /** What the page cache asks the app, recording what it was asked. */
  function revalidator(answer: boolean) {
    const asked: string[][] = [];
    const revalidate = async (calls: readonly { etag: string | undefined }[]) => {
      asked.push(calls.map((call) => call.etag ?? ''));
      return answer;
    };
    return { asked, revalidate };
  }
  const over = () => new Promise((done) => setTimeout(done, 1_100));

  it('is sent again without running its loaders when they answer unchanged, asked once for all who came', async () => {
    const { asked, revalidate } = revalidator(true);
    const cache = createPageCache({ revalidate });
    const { calls, render } = entry();
    await cache.serve('/hotel/a', render);
    await over();
    const answers = await Promise.all([1, 2, 3].map(() => cache.serve('/hotel/a', render)));
    for (const answer of answers) expect(await answer.text()).toBe(PAGE);
    expect(calls).toMatchObject({ loads: 1, renders: 1 });
    expect(asked).toEqual([['W/"hotel-1"', 'W/"club-1"']]);
    // Shared for another round from there.
    await cache.serve('/hotel/a', render);
    expect(asked).toHaveLength(1);
  });

  it('runs its loaders when one changed, and is asked again by the calls of that run', async () => {
    const { asked, revalidate } = revalidator(false);
    const cache = createPageCache({ revalidate });
    const { calls, render } = entry();
    await cache.serve('/hotel/a', render);
    await over();
    calls.etags = ['W/"hotel-2"', 'W/"club-1"'];
    expect(await (await cache.serve('/hotel/a', render)).text()).toBe(PAGE);
    // The loaders found the page's data the same: the kept page, not a render.
    expect(calls).toMatchObject({ loads: 2, renders: 1 });
    await over();
    await cache.serve('/hotel/a', render);
    expect(asked).toEqual([
      ['W/"hotel-1"', 'W/"club-1"'],
      ['W/"hotel-2"', 'W/"club-1"'],
    ]);
  });

  it('is not asked when its render made no call', async () => {
    const { asked, revalidate } = revalidator(true);
    const cache = createPageCache({ revalidate });
    const { calls, render } = entry([]);
    await cache.serve('/faq', render);
    await over();
    await cache.serve('/faq', render);
    expect(calls).toMatchObject({ loads: 2, renders: 1 });
    expect(asked).toHaveLength(0);
  });

  it('is made as on any visit when the check fails, for every visitor who came meanwhile', async () => {
    const cache = createPageCache({ revalidate: () => Promise.reject(new Error('the check broke')) });
    const { calls, render } = entry();
    await cache.serve('/hotel/a', render);
    await over();
    const answers = await Promise.all([1, 2].map(() => cache.serve('/hotel/a', render)));
    for (const answer of answers) expect(await answer.text()).toBe(PAGE);
    expect(calls).toMatchObject({ loads: 2, renders: 1 });
  });

  /** Runs `body` on a clock set to `at`, moved on by `body` with `vi.setSystemTime` (timers stay real). */
  async function onClock(at: string, body: () => Promise<void>) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(at));
    try {
      await body();
    } finally {
      vi.useRealTimers();
    }
  }

  it('is not asked after a render across the turn of the hour: its data is of the hour before', () =>
    onClock('2026-12-03T10:59:59.900Z', async () => {
      const { asked, revalidate } = revalidator(true);
      const cache = createPageCache({ revalidate });
      const { calls, render } = entry();
      await cache.serve('/hotel/a', async (reuse) => {
        const answer = await render(reuse);
        vi.setSystemTime(new Date('2026-12-03T11:00:00.100Z'));
        return answer;
      });
      vi.setSystemTime(new Date('2026-12-03T11:00:02.000Z'));
      await cache.serve('/hotel/a', render);
      expect(asked).toHaveLength(0);
      expect(calls.loads).toBe(2);
    }));

  it('is not asked in another hour than its own: a page may count its dates from today', () =>
    onClock('2026-12-03T10:59:59.500Z', async () => {
      const { asked, revalidate } = revalidator(true);
      const cache = createPageCache({ revalidate });
      const { calls, render } = entry();
      await cache.serve('/hotel/a', render);
      vi.setSystemTime(new Date('2026-12-03T11:00:01.000Z'));
      await cache.serve('/hotel/a', render);
      expect(asked).toHaveLength(0);
      expect(calls.loads).toBe(2);
    }));
});
