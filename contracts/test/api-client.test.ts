// The browser's typed client: the URL it builds from a definition, what it sends, how it reads answers and
// refusals. `fetch` is a recording function here: the client's own logic is under test, not a server.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, endpoint, errorCatalogue, pathOf, queryString } from '../src/index.js';

const read = endpoint({ service: 'catalog', access: 'public' }, 'GET', '/api/v1/things/:id/parts/:part', {
  params: z.strictObject({ id: z.string(), part: z.string() }),
  query: z.strictObject({ take: z.coerce.number().optional(), tag: z.array(z.string()).optional() }),
  responses: { 200: z.object({ n: z.coerce.number() }) },
  errors: ['not-found'],
});
const make = endpoint({ service: 'catalog', access: 'user' }, 'POST', '/api/v1/things', {
  body: z.strictObject({ name: z.string() }),
  responses: { 201: z.object({ id: z.string() }) },
  errors: [],
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function recording(answer: Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer;
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

describe('paths and queries', () => {
  it('fills and encodes every parameter, and refuses a missing one', () => {
    expect(pathOf(read, { id: 'a b/c', part: 'x?' })).toBe('/api/v1/things/a%20b%2Fc/parts/x%3F');
    expect(() => pathOf(read, { id: 'a' })).toThrow('the parameter part is missing');
  });

  it('repeats arrays and leaves out what is undefined', () => {
    expect(queryString({ take: 2, tag: ['a', 'b&c'], skip: undefined })).toBe('?take=2&tag=a&tag=b%26c');
    expect(queryString({})).toBe('');
  });
});

describe('calls', () => {
  it('sends the method, body and headers, and parses the answer by its schema', async () => {
    const { calls, fetch } = recording(json(201, { id: 't-1' }));
    const client = createApiClient({
      baseUrl: 'https://tc.example/',
      fetch,
      headers: () => ({ authorization: 'Bearer x' }),
    });
    expect(await client.call(make, { body: { name: 'tent' } })).toEqual({ id: 't-1' });
    expect(calls[0]?.url).toBe('https://tc.example/api/v1/things');
    expect(calls[0]?.init).toMatchObject({ method: 'POST', body: '{"name":"tent"}' });
    expect(calls[0]?.init.headers).toMatchObject({ authorization: 'Bearer x', 'content-type': 'application/json' });
  });

  it('gives the output of the schema, not the raw JSON', async () => {
    const { fetch } = recording(json(200, { n: '7' }));
    const client = createApiClient({ baseUrl: '', fetch });
    expect(await client.call(read, { params: { id: 'a', part: 'b' }, query: { take: 1 } })).toEqual({ n: 7 });
  });

  it('turns an envelope into an ApiError with its code, text and details', async () => {
    const envelope = { error: { code: 'not-found', message: errorCatalogue['not-found'].message, details: [] } };
    const { fetch } = recording(json(404, envelope));
    const err = await createApiClient({ baseUrl: '', fetch })
      .call(read, { params: { id: 'a', part: 'b' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, code: 'not-found', message: errorCatalogue['not-found'].message });
  });

  it('refuses an answer that is not of the endpoint’s shape, and reports a network failure as status 0', async () => {
    const wrong = recording(json(200, { n: 'many' }));
    await expect(
      createApiClient({ baseUrl: '', fetch: wrong.fetch }).call(read, { params: { id: 'a', part: 'b' } }),
    ).rejects.toMatchObject({ status: 200, code: undefined });
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof globalThis.fetch;
    await expect(
      createApiClient({ baseUrl: '', fetch: down }).call(make, { body: { name: 'x' } }),
    ).rejects.toMatchObject({
      status: 0,
    });
  });
});

describe('answers kept by their ETag', () => {
  const tagged = (body: unknown, etag: string, cacheControl = 'public, no-cache') =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json', etag, ...(cacheControl && { 'cache-control': cacheControl }) },
    });
  const notModified = () => new Response(null, { status: 304 });

  /** A fetch that gives the answers in turn and records what was asked. */
  function answering(...answers: Response[]) {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      return answers.shift()!;
    }) as typeof globalThis.fetch;
    return { calls, fetch };
  }
  const input = { params: { id: 'a', part: 'b' } };

  it('asks again with If-None-Match and gives the kept value on 304, frozen', async () => {
    const { calls, fetch } = answering(tagged({ n: '7' }, 'W/"v1"'), notModified(), tagged({ n: '8' }, 'W/"v2"'));
    const kept = new Map();
    const client = createApiClient({ baseUrl: '', fetch, kept });
    const first = await client.call(read, input);
    expect(first).toEqual({ n: 7 });
    expect(calls[0]!.headers['if-none-match']).toBeUndefined();
    const second = await client.call(read, input);
    expect(calls[1]!.headers['if-none-match']).toBe('W/"v1"');
    expect(second).toBe(first);
    expect(Object.isFrozen(second)).toBe(true);
    // A changed answer replaces the kept one.
    expect(await client.call(read, input)).toEqual({ n: 8 });
    expect(kept.get('/api/v1/things/a/parts/b')).toEqual({ etag: 'W/"v2"', value: { n: 8 }, length: 9 });
  });

  it('tells the caller of each answer the tag it is kept by, and of an answer not kept or a failure none', async () => {
    const { fetch } = answering(
      tagged({ n: 1 }, 'W/"a"'),
      notModified(),
      json(200, { n: 2 }),
      json(404, { error: { code: 'not-found', message: 'Not found' } }),
    );
    const client = createApiClient({ baseUrl: 'http://svc', fetch, kept: new Map() });
    const told: [string, string | undefined][] = [];
    const answered = (url: string, etag: string | undefined) => told.push([url, etag]);
    await client.call(read, input, { answered });
    await client.call(read, input, { answered });
    await client.call(read, input, { answered });
    await expect(client.call(read, input, { answered })).rejects.toThrow('Not found');
    const url = 'http://svc/api/v1/things/a/parts/b';
    expect(told).toEqual([
      [url, 'W/"a"'],
      [url, 'W/"a"'],
      [url, undefined],
      [url, undefined],
    ]);
  });

  it('drops what it kept when the answer comes back untagged, or not to be kept', async () => {
    const { calls, fetch } = answering(tagged({ n: 1 }, 'W/"a"'), json(200, { n: 2 }), tagged({ n: 3 }, 'W/"c"', ''));
    const kept = new Map();
    const client = createApiClient({ baseUrl: '', fetch, kept });
    await client.call(read, input);
    expect(kept.size).toBe(1);
    expect(await client.call(read, input)).toEqual({ n: 2 });
    expect(kept.size).toBe(0);
    await client.call(read, input);
    expect(calls[2]!.headers['if-none-match']).toBeUndefined();
    expect(kept.size).toBe(0);
  });

  it('keeps nothing for a call with a token or a cookie, an answer without an ETag, or one not said public', async () => {
    const { calls, fetch } = answering(
      tagged({ n: 1 }, 'W/"a"'),
      tagged({ n: 2 }, 'W/"b"'),
      json(200, { n: 3 }),
      tagged({ n: 4 }, 'W/"d"', 'public, private, max-age=60'),
      tagged({ n: 5 }, 'W/"e"', 'no-cache'),
      tagged({ n: 6 }, 'W/"f"'),
    );
    const kept = new Map();
    const client = createApiClient({ baseUrl: '', fetch, kept });
    await client.call(read, input, { headers: { Authorization: 'Bearer t' } });
    await client.call(read, input, { headers: { cookie: 'tc_session=s' } });
    await client.call(read, input);
    await client.call(read, input);
    await client.call(read, input);
    // A client that sends the browser's cookies keeps nothing either.
    await createApiClient({ baseUrl: '', fetch, kept, credentials: 'include' }).call(read, input);
    expect(kept.size).toBe(0);
    expect(calls.every((c) => c.headers['if-none-match'] === undefined)).toBe(true);
  });

  it('without a kept answer, a 304 is a refusal like any other status', async () => {
    const { fetch } = answering(notModified());
    const client = createApiClient({ baseUrl: '', fetch, kept: new Map() });
    await expect(client.call(read, input)).rejects.toMatchObject({ status: 304 });
  });
});
