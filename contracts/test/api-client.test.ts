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
