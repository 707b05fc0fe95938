// Conditional writes of one invoice that every MongoDB-compatible server serves from an index. A change's
// condition (`{ _id, status: 'open', lease: null, … }`) is checked here on the invoice read by `_id`, and the
// update is written under `{ _id, seq }`: the write counter as it was read, so a change made in between makes
// this one decide again on the new state. mongo-java-server answers a filter from an index only when its
// fields are exactly a unique index's; `{ _id, … }` with anything else beside `_id` scanned the whole
// collection (seconds a write at 100,000 invoices). `SEQ_GUARD_INDEX` serves `{ _id, seq }`; real MongoDB
// finds the document through `_id` either way.
// Invoices written before the counter have none: the store's start-up step gives them `seq: 0` (invoices.ts),
// and until then a change of one goes out with its condition as the filter, as before.
import type { mongo } from 'mongoose';
import type { InvoiceDocument } from './invoice-document.js';

export const SEQ_GUARD_INDEX = { _id: 1, seq: 1 } as const;

/** The invoice as stored, with its write counter (missing on invoices written before it). */
export type Sequenced = InvoiceDocument;

type Filter = Record<string, unknown>;

/** The value at a dotted path (`attempts.<id>.status`), undefined when any step is missing. */
function valueAt(doc: unknown, path: string): unknown {
  let at: unknown = doc;
  for (const step of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[step];
  }
  return at;
}

const same = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date ? new Date(a as Date).getTime() === new Date(b as Date).getTime() : a === b;

/** `null` matches a missing field too, as in MongoDB. */
const equals = (value: unknown, wanted: unknown) =>
  wanted === null ? value === null || value === undefined : same(value, wanted);

function fieldMatches(value: unknown, condition: unknown): boolean {
  const operators = condition !== null && typeof condition === 'object' && !(condition instanceof Date);
  if (!operators) return equals(value, condition);
  return Object.entries(condition as Filter).every(([op, operand]) => {
    switch (op) {
      case '$exists':
        return (value !== undefined) === operand;
      case '$ne':
        return !equals(value, operand);
      case '$in':
        return (operand as unknown[]).some((wanted) => equals(value, wanted));
      case '$lte':
        return value !== undefined && value !== null && new Date(value as Date) <= new Date(operand as Date);
      default:
        throw new Error(`guarded writes do not know ${op}`);
    }
  });
}

/** Whether the stored invoice meets a change's condition (the operators the invoice store's changes use). */
export function meets(doc: object, filter: Filter): boolean {
  return Object.entries(filter).every(([key, condition]) =>
    key === '$or'
      ? (condition as Filter[]).some((branch) => meets(doc, branch))
      : fieldMatches(valueAt(doc, key), condition),
  );
}

const MAX_ROUNDS = 10;

/**
 * Writes `update` to the invoice `filter._id` if it meets `filter` as stored: answers the invoice after it
 * (without its outbox), or null when it does not meet it (or is missing). Another write in between is decided
 * on again.
 */
export async function guardedChange(
  invoices: mongo.Collection<Sequenced>,
  filter: Filter & { _id: string },
  update: Filter,
): Promise<Sequenced | null> {
  const after = { returnDocument: 'after', projection: { outbox: 0 } } as const;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const current = await invoices.findOne({ _id: filter._id }, { projection: { outbox: 0 } });
    if (!current || !meets(current, filter)) return null;
    // Not numbered yet (written before the counter): the condition itself is the filter, as before.
    if (current.seq === undefined) return invoices.findOneAndUpdate(filter as mongo.Filter<Sequenced>, update, after);
    const inc = { ...(update.$inc as Filter | undefined), seq: 1 };
    const written = await invoices.findOneAndUpdate(
      { _id: filter._id, seq: current.seq },
      { ...update, $inc: inc },
      after,
    );
    if (written) return written;
  }
  throw new Error(`invoice ${filter._id} kept changing; gave up after ${MAX_ROUNDS} rounds`);
}
