// The kit's MongoDB connection: what each query costs the process besides the command itself, and what an
// upsert says it did.
import { Schema } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMongo, inserted } from '../src/index.js';
import { testInfra, uniqueName } from '../src/testing/index.js';

describe('queries through a kit connection', () => {
  let connection: Awaited<ReturnType<typeof connectMongo>>;
  beforeAll(async () => {
    connection = await connectMongo(testInfra().mongoUrl, uniqueName('kit-mongo').replaceAll('-', '_'));
  });
  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  it('keep no stack trace of where each query ran (with source maps, every trace is mapped frame by frame)', async () => {
    const Thing = connection.model('Thing', new Schema({ _id: String, name: String }));
    await Thing.create({ _id: 'a', name: 'tent' });
    const original = Error.prepareStackTrace;
    let traces = 0;
    // Every stack a query formats passes through here.
    Error.prepareStackTrace = (err, frames) => {
      traces++;
      return original
        ? original(err, frames)
        : `${String(err)}\n${frames.map((f) => `    at ${String(f)}`).join('\n')}`;
    };
    try {
      const found = await Thing.findById('a', null, { lean: true }).exec();
      await Thing.findOne({ name: 'tent' }).exec();
      expect(found?.name).toBe('tent');
    } finally {
      Error.prepareStackTrace = original;
    }
    expect(traces).toBe(0);
  });

  it('tell whether an upserting findOneAndUpdate inserted, on this server', async () => {
    const things = connection.collection<{ _id: string; n: number }>('upserted');
    const upsert = () =>
      things.findOneAndUpdate(
        { _id: 'b' },
        { $setOnInsert: { n: 1 } },
        { upsert: true, returnDocument: 'after', includeResultMetadata: true },
      );
    expect(inserted(await upsert())).toBe(true);
    expect(inserted(await upsert())).toBe(false);
  });
});

describe('inserted', () => {
  // The local MongoDB-compatible server leaves `lastErrorObject` out of an insert's answer; MongoDB says so.
  it('reads both servers’ answers', () => {
    const value = { _id: 'b' };
    expect(inserted({ ok: 1, value })).toBe(true);
    expect(inserted({ ok: 1, value, lastErrorObject: { n: 1, updatedExisting: false, upserted: 'b' } })).toBe(true);
    expect(inserted({ ok: 1, value, lastErrorObject: { n: 1, updatedExisting: true } })).toBe(false);
  });
});
