// MongoDB through mongoose: one connection, one database per service.
import mongoose, { Schema, type Connection, type IndexOptions, type Model, type mongo } from 'mongoose';
import type { Logger } from './logger.js';
import { guardServerMonitors } from './mongo-monitor.js';
import { traceMongoCommands } from './telemetry-clients.js';
import { mongoCommandsTraced } from './telemetry.js';

/**
 * Mongoose formats the stack of every query it runs (`new Error().stack`), only to show it if the same query
 * object is ever run twice. Every part runs with source maps on (the images' `--enable-source-maps`, tsx
 * elsewhere), which map such a stack frame by frame: with it, a `findById` from a part built as the images run it
 * cost about 530 µs of CPU, without it about 320 (docs/runtime.md, "Stack traces under source maps").
 */
mongoose.set('skipOriginalStackTraces', true);

export async function connectMongo(url: string, dbName: string, options: { log?: Logger } = {}): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 5_000,
    // The command events behind MongoDB's spans, only when this process traces them (telemetry.ts).
    monitorCommands: mongoCommandsTraced(),
  });
  traceMongoCommands(connection.getClient());
  await connection.asPromise();
  // Without it, a service can lose MongoDB for good after the server went away (see mongo-monitor.ts).
  guardServerMonitors(connection.getClient(), { log: options.log });
  return connection;
}

export async function pingMongo(connection: Connection): Promise<void> {
  if (!connection.db) throw new Error('MongoDB is not connected');
  await connection.db.admin().command({ ping: 1 });
}

/**
 * True when a write failed only because a unique index refused second copies. For a bulk write, every
 * write error must be a duplicate: any other failure is a real one.
 */
export function isDuplicateKeyError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, writeErrors } = err as { code?: unknown; writeErrors?: { code?: unknown } | { code?: unknown }[] };
  // The driver gives one write error or a list of them.
  const list = writeErrors === undefined ? [] : Array.isArray(writeErrors) ? writeErrors : [writeErrors];
  return list.length > 0 ? list.every((e) => e.code === 11000) : code === 11000;
}

/**
 * Whether an upserting `findOneAndUpdate` (with `includeResultMetadata`) inserted its document: MongoDB answers
 * `updatedExisting: false` then, and the local MongoDB-compatible server leaves `lastErrorObject` out.
 */
export const inserted = <T extends mongo.Document>(result: mongo.ModifyResult<T>): boolean =>
  result.lastErrorObject?.updatedExisting !== true;

/**
 * Schema paths every document has, on one line: `...required({ _id: String, createdAt: Date })` is
 * `_id: { type: String, required: true }, createdAt: { type: Date, required: true }`.
 */
export function required<const F extends Record<string, StringConstructor | NumberConstructor | DateConstructor>>(
  fields: F,
): { [K in keyof F]: { type: F[K]; required: true } } {
  const paths = Object.entries(fields).map(([name, type]) => [name, { type, required: true }]);
  return Object.fromEntries(paths) as { [K in keyof F]: { type: F[K]; required: true } };
}

/**
 * Compiles a model and waits until its indexes exist. Using a collection while its indexes are still
 * being built races in mongo-java-server (a ConcurrentModificationException) and, in real MongoDB,
 * lets duplicates in before a unique index is there.
 */
export async function defineModel<T>(
  connection: Connection,
  name: string,
  schema: Schema<T>,
  collection?: string,
): Promise<Model<T>> {
  const model = (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema, collection);
  await model.init();
  return model;
}

/**
 * A collection a store uses through the driver alone (no mongoose casting or validation), with these indexes
 * made before it is first used, as `defineModel` makes a model's.
 */
export async function indexedCollection<T extends mongo.Document>(
  connection: Connection,
  name: string,
  indexes: [fields: Record<string, 1 | -1>, options?: IndexOptions][],
): Promise<mongo.Collection<T>> {
  const schema = new Schema({}, { versionKey: false });
  for (const [fields, options] of indexes) schema.index(fields, options);
  const model = await defineModel(connection, name, schema, name);
  return model.collection as unknown as mongo.Collection<T>;
}
