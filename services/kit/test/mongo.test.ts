// The kit's MongoDB connection: what each query costs the process besides the command itself.
import { Schema } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMongo } from '../src/index.js';
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
});
