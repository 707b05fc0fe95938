// The MongoDB commands a test's own calls send, read through mongoose's debug hook (every collection of every
// connection in this process), to check how many reads and writes a path takes.
import mongoose from 'mongoose';
import { onTestFinished } from 'vitest';

/**
 * The outbox relay's reads and writes (outbox-relay.ts, outbox-marks.ts), which run beside any request of a service
 * under test: its reads ask for the outbox alone (a write answering the outbox with its document is the store's
 * own), its marks are bulk writes that empty or pull outboxes, and it drops keys with nothing pending.
 */
const relays = (method: string, args: unknown[]) => {
  if (method === 'bulkWrite')
    return /^\[\{"updateOne":\{"filter":\{"_id":.*?\},"update":\{"\$(set|pull)":\{"outbox":/.test(
      JSON.stringify(args[0]),
    );
  if (method === 'updateMany') return JSON.stringify(args[1]) === '{"$unset":{"outboxKey":""}}';
  return /"projection":\{("outbox":1,"outboxKey":1|"outbox\.occurredAt":1)\}/.test(JSON.stringify(args.slice(1)));
};

/**
 * Records from now until `stop()` (or the test's end) each command as `<collection>.<method>`, with its filter
 * after a space when `withFilter`; the outbox relay's are left out, and with `about` every command whose
 * arguments name none of those ids (the app's other work meanwhile). Only one recording at a time.
 */
export function recordMongoCommands({ withFilter = false, about = [] as string[] } = {}) {
  const commands: string[] = [];
  mongoose.set('debug', (collection: string, method: string, ...args: unknown[]) => {
    const text = JSON.stringify(args);
    if (relays(method, args) || (about.length > 0 && !about.some((id) => text.includes(id)))) return;
    commands.push(`${collection}.${method}${withFilter ? ` ${JSON.stringify(args[0])}` : ''}`);
  });
  const stop = () => void mongoose.set('debug', false);
  onTestFinished(stop);
  return { commands, stop };
}

/**
 * Records until the test's end the outbox relay's reads that name one of `about` (its reads by id, of the
 * aggregates kicked without their written document), as `<collection>.find`. Not beside `recordMongoCommands`.
 */
export function recordRelayReads(about: string[]) {
  const reads: string[] = [];
  mongoose.set('debug', (collection: string, method: string, ...args: unknown[]) => {
    const filter = JSON.stringify(args[0]);
    if (method === 'find' && relays(method, args) && about.some((id) => filter.includes(id)))
      reads.push(`${collection}.${method}`);
  });
  onTestFinished(() => void mongoose.set('debug', false));
  return reads;
}
