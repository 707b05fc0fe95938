// The proxy's request to a service (src/exchange.ts) against a plain node:http server: small answers whole, the
// rest streamed at the reader's pace, and a stream left unread stops the service's answer.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange } from '../src/exchange.js';
import { closedPortUrl } from './helpers.js';

const KB = 1024;
/** Whether the server's answer to `/endless` was cut off before it ended. */
let endlessCut: Promise<boolean>;
let markEndlessCut: (cut: boolean) => void;

function answer(req: IncomingMessage, res: ServerResponse) {
  const path = req.url!;
  if (path === '/pieces') {
    // A known length, written in three pieces that reach the gateway as several chunks.
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '9', 'set-cookie': ['a=1', 'b=2'] });
    res.write('abc');
    setTimeout(() => res.write('def'), 5);
    setTimeout(() => res.end('ghi'), 10);
  } else if (path === '/chunked') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('no length, ');
    setTimeout(() => res.end('so a stream'), 5);
  } else if (path === '/large') {
    res.writeHead(200, { 'content-length': String(256 * KB) });
    res.end(Buffer.alloc(256 * KB, 1));
  } else if (path === '/endless') {
    // Writes until its reader stops it: far more than any socket buffer holds.
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    const block = Buffer.alloc(64 * KB, 2);
    let written = 0;
    const more = () => {
      while (written < 64 * 1024 * KB && !res.destroyed) {
        written += block.length;
        if (!res.write(block)) return void res.once('drain', more);
      }
      res.end();
    };
    res.once('close', () => markEndlessCut(!res.writableFinished));
    more();
  } else {
    res.writeHead(204).end();
  }
}

const server = createServer(answer);
let pool: Pool;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { connections: 4 });
});
afterAll(async () => {
  // Destroyed, not closed: a request left hanging by a failed test must not hold the run.
  await pool.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const get = (path: string, method: 'GET' | 'HEAD' = 'GET') => exchange(pool, { path, method }, 64 * KB);

async function readAll(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('exchange', () => {
  it('gives a small answer of known length whole, in one buffer, with its status and every header', async () => {
    const answer = await get('/pieces');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain');
    expect(answer.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(Buffer.isBuffer(answer.body)).toBe(true);
    expect(String(answer.body)).toBe('abcdefghi');
  });

  it('streams an answer without a length, and one over the limit', async () => {
    const chunked = await get('/chunked');
    expect(chunked.body).toBeInstanceOf(Readable);
    expect(String(await readAll(chunked.body))).toBe('no length, so a stream');

    const large = await get('/large');
    expect(large.body).toBeInstanceOf(Readable);
    const read = await readAll(large.body);
    expect(read.length).toBe(256 * KB);
    expect(read.every((byte) => byte === 1)).toBe(true);
  });

  it('answers HEAD and a 204 with an empty body', async () => {
    const head = await get('/pieces', 'HEAD');
    expect(head.headers['content-length']).toBe('9');
    expect((await readAll(head.body)).length).toBe(0);
    const empty = await get('/nothing');
    expect(empty.statusCode).toBe(204);
    expect((await readAll(empty.body)).length).toBe(0);
  });

  it('stops the service when the stream is destroyed before its end, and the pool goes on', async () => {
    endlessCut = new Promise((resolve) => (markEndlessCut = resolve));
    const answer = await get('/endless');
    const stream = answer.body as Readable;
    // Read a little, then give up, as Fastify does when the client goes away.
    await new Promise((resolve) => stream.once('readable', resolve));
    stream.destroy();
    const stopped = await Promise.race([endlessCut, new Promise((resolve) => setTimeout(resolve, 3_000, 'not'))]);
    expect(stopped).toBe(true);
    expect(String((await get('/pieces')).body)).toBe('abcdefghi');
  });

  it('rejects with undici’s error when the service cannot be reached', async () => {
    const down = new Pool(await closedPortUrl());
    try {
      await expect(exchange(down, { path: '/', method: 'GET' }, 64 * KB)).rejects.toMatchObject({
        code: 'ECONNREFUSED',
      });
    } finally {
      await down.close();
    }
  });
});
