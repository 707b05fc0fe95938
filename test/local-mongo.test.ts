// The local MongoDB-compatible server (infra/mongo/MongoLauncher.java) finds a document by `_id` when a query names
// one beside other conditions, as MongoDB does: every conditional write of one document (`{ _id, status }`,
// `{ _id, 'holds.<id>': { $exists: false }, … }`) used to read the whole collection, holding its lock. Checked on
// servers of the test's own, in memory (the tests' backend) and on disk (npm start's and the benches'): the
// answers are MongoDB's, and such a query costs a lookup, not a scan. And its answers are copies made under the
// collection's lock: the server changes a stored document in place, and once answered with that very object.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient, ObjectId, type Collection } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canConnect,
  classpathOf,
  endProcessGroup,
  freePort,
  startDetached,
  startMongo,
  waitFor,
} from '../scripts/local-servers.mjs';

interface Doc {
  _id: string | ObjectId;
  status?: string;
  n?: number;
  holds?: Record<string, { status: string }>;
}

const SEEDED = 40_000;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'travelclub-mongo-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe.each([
  ['in memory', false],
  ['on disk', true],
])('the local server %s', (backend, onDisk) => {
  let server: Awaited<ReturnType<typeof startMongo>>;
  let client: MongoClient;
  let docs: Collection<Doc>;

  beforeAll(async () => {
    const name = `mongo-by-id-${onDisk ? 'disk' : 'memory'}`;
    server = await startMongo({
      name,
      preferredPort: 0,
      maxHeap: '512m',
      ...(onDisk ? { dataFile: join(folder, `${name}.mv`) } : {}),
    });
    client = await MongoClient.connect(`${server.url}/?directConnection=true`);
    docs = client.db('by_id').collection<Doc>('docs');
    await docs.insertMany([
      { _id: 'a', status: 'open', n: 1, holds: { h1: { status: 'held' } } },
      { _id: 'b', status: 'paid', n: 7 },
    ]);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    if (server) await endProcessGroup(server.pid);
  });

  it('answers `{ _id, … }` as MongoDB does: reads, writes, upserts and deletes', async () => {
    expect(await docs.findOne({ _id: 'a', status: 'open' })).toMatchObject({ n: 1 });
    expect(await docs.findOne({ _id: 'a', status: 'paid' })).toBeNull();
    expect(await docs.findOne({ _id: 'nobody', status: 'open' })).toBeNull();
    expect(await docs.countDocuments({ _id: 'a', 'holds.h1.status': 'held' })).toBe(1);

    expect((await docs.updateOne({ _id: 'a', n: { $lt: 5 } }, { $inc: { n: 1 } })).modifiedCount).toBe(1);
    expect((await docs.updateOne({ _id: 'a', n: { $gt: 100 } }, { $inc: { n: 1 } })).modifiedCount).toBe(0);
    const after = await docs.findOneAndUpdate(
      { _id: 'a', 'holds.h2': { $exists: false } },
      { $set: { 'holds.h2': { status: 'held' } } },
      { returnDocument: 'after', projection: { n: 1, 'holds.h2': 1 } },
    );
    expect(after).toEqual({ _id: 'a', n: 2, holds: { h2: { status: 'held' } } });
    expect(await docs.findOneAndUpdate({ _id: 'a', 'holds.h2': { $exists: false } }, { $set: { n: 0 } })).toBeNull();

    // An upsert whose condition fails on an existing `_id` tries to insert it again, and is refused: MongoDB's way.
    await docs.updateOne({ _id: 'c', status: 'open' }, { $set: { n: 3 } }, { upsert: true });
    expect(await docs.findOne({ _id: 'c' })).toEqual({ _id: 'c', status: 'open', n: 3 });
    await expect(docs.updateOne({ _id: 'c', status: 'paid' }, { $set: { n: 4 } }, { upsert: true })).rejects.toThrow(
      /duplicate key/i,
    );

    expect((await docs.deleteOne({ _id: 'b', status: 'open' })).deletedCount).toBe(0);
    expect((await docs.deleteOne({ _id: 'b', status: 'paid' })).deletedCount).toBe(1);

    const oid = new ObjectId();
    await docs.insertOne({ _id: oid, status: 'open' });
    expect(await docs.findOne({ _id: oid, status: 'open' })).toEqual({ _id: oid, status: 'open' });
    // Anything but one plain `_id` is the server's own planning, unchanged.
    expect(await docs.countDocuments({ _id: { $in: ['a', 'c'] }, status: 'open' })).toBe(2);
  });

  it(`finds the one document among ${SEEDED} without reading the others`, { timeout: 120_000 }, async () => {
    const many = client.db('by_id').collection<Doc>('many');
    for (let from = 0; from < SEEDED; from += 2_000)
      await many.insertMany(Array.from({ length: 2_000 }, (_, i) => ({ _id: `d${from + i}`, status: 'open', n: 0 })));
    const median = async (times: number, op: (i: number) => Promise<unknown>) => {
      const took: number[] = [];
      for (let i = 0; i < times; i++) {
        const started = performance.now();
        await op(i);
        took.push(performance.now() - started);
      }
      return took.sort((x, y) => x - y)[Math.floor(times / 2)]!;
    };
    // A query no index serves reads every document: the yardstick, measured beside the lookups.
    const scan = await median(5, () => many.findOne({ status: 'nowhere' }));
    const byId = await median(41, (i) => many.updateOne({ _id: `d${i * 397}`, status: 'open' }, { $inc: { n: 1 } }));
    expect(await many.countDocuments({ n: 1 })).toBe(41);
    console.log(`${backend}: a write by { _id, status } took ${byId.toFixed(2)} ms, a scan ${scan.toFixed(2)} ms`);
    // Without the lookup, such a write reads every document too: about as long as the scan.
    expect(byId).toBeLessThan(scan / 5);
  });

  it('answers concurrent changes each with its own result: no counter number twice', async () => {
    const counters = client.db('by_id').collection<{ _id: string; seq: number }>('counters');
    const handedOut: number[] = [];
    // The event log's numbering: each batch takes `n` numbers and is given the counter after its own increment.
    await Promise.all(
      Array.from({ length: 6 }, async (_, worker) => {
        for (let i = 0; i < 200; i++) {
          const n = 1 + ((worker + i) % 3);
          const after = await counters.findOneAndUpdate(
            { _id: 'seq' },
            { $inc: { seq: n } },
            { upsert: true, returnDocument: 'after' },
          );
          for (let k = n - 1; k >= 0; k--) handedOut.push(after!.seq - k);
        }
      }),
    );
    const total = (await counters.findOne({ _id: 'seq' }))!.seq;
    expect(handedOut).toHaveLength(total);
    expect(new Set(handedOut).size).toBe(total);
  });

  it('never shows a find half of a change made meanwhile', { timeout: 60_000 }, async () => {
    // A change sets 300 fields, one by one on the server: a read caught between two of them sees both values.
    const FIELDS = 300;
    const pages = client.db('by_id').collection<{ _id: string; [field: string]: unknown }>('pages');
    const page = (i: number) => Object.fromEntries(Array.from({ length: FIELDS }, (_, f) => [`f${f}`, i]));
    await pages.insertOne({ _id: 'p', ...page(0) });
    let writing = true;
    let torn = 0;
    const seen = new Set<unknown>();
    const writer = (async () => {
      try {
        for (let i = 1; i <= 1_000; i++) await pages.updateOne({ _id: 'p' }, { $set: page(i) });
      } finally {
        writing = false;
      }
    })();
    const readers = Array.from({ length: 4 }, async () => {
      while (writing) {
        const values = new Set(
          Object.entries((await pages.findOne({ _id: 'p' })) ?? {}).flatMap(([k, v]) => (k === '_id' ? [] : [v])),
        );
        if (values.size !== 1) torn++;
        for (const value of values) seen.add(value);
      }
    });
    await Promise.all([writer, ...readers]);
    // The reads met the writes: they saw the page at many of its versions.
    expect(seen.size).toBeGreaterThan(100);
    expect(torn).toBe(0);
  });
});

// On disk, the launcher's unique indexes keep their keys as the bytes the library's own H2 index stores and orders
// them by (MongoLauncher.java, SerializedKey): a data file written before, by the library's index, must read the same.
describe('a data file written by the library’s own H2 index', () => {
  const USERS = 3_000;
  let dataFile: string;
  let pid: number | undefined;
  let client: MongoClient | undefined;

  const connect = async (url: string) => {
    client = await MongoClient.connect(`${url}/?directConnection=true`);
    return client
      .db('keys')
      .collection<{ _id: string | ObjectId; email: string; club?: string; key?: string }>('users');
  };
  const stop = async () => {
    await client?.close();
    client = undefined;
    if (pid) await endProcessGroup(pid);
    pid = undefined;
  };
  afterAll(stop);

  /** The library's own server on the data file: answers its users. */
  const startLibrary = async () => {
    const port = await freePort(0);
    const fixture = fileURLToPath(new URL('./fixtures/LibraryH2Mongo.java', import.meta.url));
    ({ pid } = startDetached('mongo-library-h2', 'java', [
      '-cp',
      `${classpathOf('mongo')}/*`,
      fixture,
      String(port),
      dataFile,
    ]));
    await waitFor('the library’s own H2 server', () => canConnect(port), 60_000, pid);
    return connect(`mongodb://127.0.0.1:${port}`);
  };

  beforeAll(async () => {
    dataFile = join(folder, 'library-h2.mv');
    const users = await startLibrary();
    await users.createIndex({ email: 1 }, { unique: true });
    await users.createIndex({ club: 1, email: 1 }, { unique: true });
    await users.createIndex({ key: 1 }, { unique: true, sparse: true });
    for (let from = 0; from < USERS; from += 500)
      await users.insertMany(
        Array.from({ length: 500 }, (_, k) => {
          const i = from + k;
          return {
            _id: i % 10 === 0 ? new ObjectId() : `u${i}`,
            email: `traveller${i}@example.com`,
            club: `club${i % 7}`,
            ...(i % 3 === 0 ? { key: `k${i}` } : {}),
          };
        }),
      );
    await stop();
  }, 120_000);

  it('finds, refuses and changes by those indexes, again once the launcher wrote the file, and so does the library', async () => {
    for (const round of ['read', 'written by the launcher']) {
      const server = await startMongo({ name: 'mongo-read-library-h2', preferredPort: 0, maxHeap: '512m', dataFile });
      pid = server.pid;
      const users = await connect(server.url);
      for (let i = 3; i < USERS; i += 97) {
        if (i % 10 === 0) continue;
        expect(await users.findOne({ _id: `u${i}` }), `${round}: u${i}`).toMatchObject({
          email: `traveller${i}@example.com`,
        });
        expect(await users.findOne({ email: `traveller${i}@example.com` }), round).toMatchObject({ _id: `u${i}` });
      }
      expect(await users.countDocuments({ email: { $gte: 'traveller2', $lt: 'traveller3' } })).toBe(1_111);
      // Every unique index still finds the keys it holds: each of these would be a second document.
      await expect(users.insertOne({ _id: 'u5', email: 'new@example.com' })).rejects.toThrow(/duplicate key/i);
      await expect(users.insertOne({ _id: 'x', email: 'traveller7@example.com' })).rejects.toThrow(/duplicate key/i);
      await expect(users.insertOne({ _id: 'x', email: 'x@example.com', key: 'k9' })).rejects.toThrow(/duplicate key/i);
      await expect(users.insertOne({ _id: 'x', email: 'traveller40@example.com', club: 'club5' })).rejects.toThrow(
        /duplicate key/i,
      );
      // A key let go is free again; a new one is found at once.
      const moved = round === 'read' ? 'traveller1' : 'traveller2';
      expect(
        (await users.updateOne({ email: `${moved}@example.com` }, { $set: { email: `${moved}b@example.com` } }))
          .modifiedCount,
      ).toBe(1);
      await users.insertOne({ _id: `again-${moved}`, email: `${moved}@example.com` });
      expect(await users.findOne({ email: `${moved}@example.com` })).toMatchObject({ _id: `again-${moved}` });
      expect(await users.countDocuments({})).toBe(USERS + (round === 'read' ? 1 : 2));
      await stop();
    }
    // And the library's own server reads the file the launcher wrote: an older launcher finds it as it was left.
    const users = await startLibrary();
    expect(await users.findOne({ _id: 'again-traveller2' })).toMatchObject({ email: 'traveller2@example.com' });
    expect(await users.findOne({ email: 'traveller2b@example.com' })).toMatchObject({ _id: 'u2' });
    await expect(users.insertOne({ _id: 'y', email: 'traveller1@example.com' })).rejects.toThrow(/duplicate key/i);
    await expect(users.insertOne({ _id: 'y', email: 'y@example.com', key: 'k9' })).rejects.toThrow(/duplicate key/i);
  }, 240_000);
});
