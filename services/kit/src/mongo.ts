// MongoDB through mongoose: one connection, one database per service.
import mongoose, { type Connection, type Model, type Schema } from 'mongoose';

export async function connectMongo(url: string, dbName: string): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 5_000,
  });
  await connection.asPromise();
  return connection;
}

export async function pingMongo(connection: Connection): Promise<void> {
  if (!connection.db) throw new Error('MongoDB is not connected');
  await connection.db.admin().command({ ping: 1 });
}

/** True for MongoDB's duplicate-key error, the signal that a unique index refused a second copy. */
export function isDuplicateKeyError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && (err as { code: unknown }).code === 11000;
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
