// The outbox's relay (outbox.ts says what it relays): kicked aggregates at once, the rest by a sweep once a
// second, each round published to Kafka before its events are pulled from their documents.
import type { mongo } from 'mongoose';
import type { Logger } from './logger.js';
import type { AggregateKey, OutboxDocument, OutboxModel, OutboxRelay, OutboxRelayOptions } from './outbox.js';
import { dropEmptyKeys, markSent } from './outbox-marks.js';
import { endSpans, topicMessagesOf } from './outbox-messages.js';
import { restAfter } from './rest.js';
import type { Span } from './telemetry.js';

/**
 * The documents with pending events. The filter names exactly the unique index's field, with `$regex`: besides
 * equality and `$in`, the only shape the local server answers from an index; `$exists` lets real MongoDB use
 * the sparse index.
 */
const PENDING = { outboxKey: { $exists: true, $regex: '^' } } as const;
/** Pending documents written before `outboxKey` (none once the relay has run once since): read at the start. */
const WRITTEN_BEFORE_KEYS = { 'outbox.id': { $exists: true }, outboxKey: { $exists: false } } as const;

/** One key per aggregate id, whatever its type (an ObjectId read back is another object than the one kicked). */
const keyOf = (id: AggregateKey) => `${typeof id}:${String(id)}`;

/** How many of the events it sent last the relay remembers, to skip them in a written document it is given. */
const REMEMBERED_SENT = 10_000;

/**
 * Of two documents one aggregate's writes answered, the later: the one that holds the other's last event. Two
 * writers may kick in the other order than they wrote (each kicks after some work of its own), and the earlier
 * document lacks the later one's events. When neither holds the other's last event (marks landed between the
 * writes), undefined: the relay reads the document back.
 */
function newerWritten(kept: Hint['written'], given: NonNullable<Hint['written']>): Hint['written'] {
  if (!kept || kept.model !== given.model) return given;
  const holds = (doc: OutboxDocument, id: string | undefined) =>
    id === undefined || doc.outbox.some((e) => e.id === id);
  if (holds(given.doc, kept.doc.outbox.at(-1)?.id)) return given;
  if (holds(kept.doc, given.doc.outbox.at(-1)?.id)) return kept;
  return undefined;
}

/** A kicked aggregate: the number of its latest kick, and the document that kick's write answered, if given. */
interface Hint {
  id: AggregateKey;
  kick: number;
  written?: { model: OutboxModel; doc: OutboxDocument };
}

export class Relay implements OutboxRelay {
  /** The models, the one that last held kicked events first; replaced whole, never changed in place. */
  private models: OutboxModel[];
  private readonly producer: OutboxRelayOptions['producer'];
  private readonly log: Logger;
  private readonly sweepIntervalMs: number;
  private readonly batchSize: number;
  private readonly topicPrefix: string;
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** The kicked aggregates not sent since (by `keyOf`), each with the number of its latest kick. */
  private hinted = new Map<string, Hint>();
  private kicks = 0;
  private lastSweep = 0;
  /** The time from one sweep's start to the next's: `sweepIntervalMs`, or more after a slow sweep that found nothing. */
  private sweepGapMs: number;
  /**
   * The last round's mark, overlapping the next round's read and publish. Its failure is kept (so it
   * is never an unhandled rejection) and surfaces at the next `settleMark`; the events it did not mark
   * stay pending and are published again.
   */
  private marking: Promise<unknown> = Promise.resolve();
  /**
   * The ids of the events that mark pulls. Until it lands they are still in their documents, so a round that
   * reads one of those documents meanwhile (a new event on the same aggregate, kicked) skips them rather than
   * publish them a second time.
   */
  private markingIds = new Set<string>();
  /**
   * The ids of the events sent last (at most `REMEMBERED_SENT`), oldest first. A written document given to
   * `kickWritten` may still hold some of them: written after they were sent and before their mark landed. They
   * are not sent again from it. A mark that fails takes its ids out: those events are still pending, and the next
   * written document that holds them sends them again (its mark then drops its `outboxKey`).
   */
  private sent = new Set<string>();

  constructor(options: OutboxRelayOptions) {
    this.models = [...(options.models ?? [])];
    this.producer = options.producer;
    this.log = options.logger.child({ component: 'outbox-relay' });
    this.sweepIntervalMs = options.sweepIntervalMs ?? 1_000;
    this.sweepGapMs = this.sweepIntervalMs;
    this.batchSize = options.batchSize ?? 500;
    this.topicPrefix = options.topicPrefix ?? '';
  }

  addModel(model: OutboxModel): void {
    if (!this.models.includes(model)) this.models = [...this.models, model];
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  kick(...aggregateIds: AggregateKey[]): void {
    for (const id of aggregateIds) this.hinted.set(keyOf(id), { id, kick: ++this.kicks });
    this.wake?.();
  }

  kickWritten(model: OutboxModel, ...docs: OutboxDocument[]): void {
    for (const doc of docs) {
      const key = keyOf(doc._id);
      const written = newerWritten(this.hinted.get(key)?.written, { model, doc });
      this.hinted.set(key, { id: doc._id, kick: ++this.kicks, ...(written && { written }) });
    }
    this.wake?.();
  }

  /**
   * Sweeps until nothing is pending, each round after the previous mark landed. For tests and recovery
   * tools, when the relay loop is not running.
   */
  async drainOnce(): Promise<number> {
    this.lastSweep = Date.now();
    return (await this.drain(WRITTEN_BEFORE_KEYS)) + (await this.drain(PENDING));
  }

  private async drain(filter: mongo.Filter<OutboxDocument>) {
    let sent = 0;
    for (;;) {
      await this.settleMark();
      const round = await this.each(filter);
      if (round === 0) {
        await this.settleMark();
        return sent;
      }
      sent += round;
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    this.hinted = new Map();
    this.wake?.();
    await this.loop;
    await this.settleMark().catch((err: unknown) =>
      this.log.error({ err }, 'last outbox mark failed; its events stay pending'),
    );
  }

  private async settleMark() {
    const previous = this.marking;
    const ids = this.markingIds;
    this.marking = Promise.resolve();
    try {
      await previous;
    } catch (err) {
      for (const id of ids) this.sent.delete(id);
      throw err;
    } finally {
      // Landed, or failed: then its events stay pending and a later round publishes them again.
      this.markingIds = new Set();
    }
  }

  /**
   * Publishes the documents' events in one batch. When the batch fails, each document is tried alone, so
   * one that cannot be published (a malformed or oversized event) stays pending, is logged, and does not
   * hold the others back. Returns the documents whose events Kafka acknowledged.
   */
  private async publish(docs: OutboxDocument[]): Promise<OutboxDocument[]> {
    try {
      await this.send(docs);
      return docs;
    } catch (err) {
      if (docs.length === 1) throw err;
      const sent: OutboxDocument[] = [];
      for (const doc of docs) {
        try {
          await this.send([doc]);
          sent.push(doc);
        } catch (docErr) {
          this.log.error(
            { err: docErr, aggregateId: String(doc._id) },
            'cannot publish these events; they stay pending',
          );
        }
      }
      if (sent.length === 0) throw err;
      return sent;
    }
  }

  private async send(docs: OutboxDocument[]) {
    const spans: Span[] = [];
    try {
      await this.producer.sendBatch({ acks: -1, topicMessages: topicMessagesOf(docs, this.topicPrefix, spans) });
      endSpans(spans);
    } catch (err) {
      endSpans(spans, err);
      throw err;
    }
  }

  /**
   * The events waiting in the outboxes now and the age of the oldest, in seconds (0 when none): for
   * `outbox_backlog_events` and `outbox_oldest_event_age_seconds`. Reads at most `limit` documents per model.
   */
  async backlog(limit = 50_000): Promise<{ events: number; oldestAgeSeconds: number }> {
    let events = 0;
    let oldest = Infinity;
    for (const model of this.models) {
      const collection = model.collection as unknown as mongo.Collection<OutboxDocument>;
      const docs = await collection.find(PENDING, { projection: { 'outbox.occurredAt': 1 }, limit }).toArray();
      for (const doc of docs) {
        for (const event of doc.outbox ?? []) {
          events += 1;
          oldest = Math.min(oldest, Date.parse(event.occurredAt));
        }
      }
    }
    return { events, oldestAgeSeconds: events === 0 ? 0 : Math.max(0, (Date.now() - oldest) / 1000) };
  }

  /**
   * Publishes the pending events of the documents `filter` finds, then pulls exactly those events. Answers the
   * documents whose events went out, and how many events that was.
   */
  private async relay(model: OutboxModel, filter: mongo.Filter<OutboxDocument>) {
    // Raw driver calls: the relay moves stored documents as they are, with nothing for mongoose to cast.
    const collection = model.collection as unknown as mongo.Collection<OutboxDocument>;
    const kicksBefore = this.kicks;
    const found = await collection
      .find(filter, { projection: { outbox: 1, outboxKey: 1 }, limit: this.batchSize })
      .toArray();
    await dropEmptyKeys(collection, found);
    return this.relayFound(collection, found, kicksBefore, this.markingIds);
  }

  /**
   * Publishes the pending events of `found` (read at kick number `kicksBefore`) but those in `skip`, then pulls
   * exactly those events. Answers the documents whose events went out, and how many events that was.
   */
  private async relayFound(
    collection: mongo.Collection<OutboxDocument>,
    found: OutboxDocument[],
    kicksBefore: number,
    skip: { has(id: string): boolean },
  ) {
    const pending = found
      .map((doc) => ({ ...doc, outbox: (doc.outbox ?? []).filter((event) => !skip.has(event.id)) }))
      .filter((doc) => doc.outbox.length > 0);
    if (pending.length === 0) return { docs: [], sent: 0 };
    const docs = await this.publish(pending);
    this.published(docs, kicksBefore);
    // Mark while the next round reads and publishes, with one mark in flight at most. Pull exactly
    // what was sent, by event id: events appended meanwhile stay for the next round.
    await this.settleMark();
    const ids = docs.flatMap((doc) => doc.outbox.map((e) => e.id));
    const mark = markSent(collection, docs);
    mark.catch(() => undefined); // observed here, rethrown by the next settleMark
    this.marking = mark;
    this.markingIds = new Set(ids);
    this.remember(ids);
    return { docs, sent: ids.length };
  }

  /** Remembers `ids` as sent, forgetting the oldest beyond `REMEMBERED_SENT`. */
  private remember(ids: string[]) {
    for (const id of ids) this.sent.add(id);
    for (const id of this.sent) {
      if (this.sent.size <= REMEMBERED_SENT) break;
      this.sent.delete(id);
    }
  }

  /**
   * The kicked documents a write answered whole, model by model, published as they were written: no read. An
   * event the relay sent already, or whose mark is in flight, is left out (the document was written before its
   * mark landed).
   */
  private async publishWritten(hints: Hint[]): Promise<number> {
    const kicksBefore = this.kicks;
    const byModel = new Map<OutboxModel, OutboxDocument[]>();
    for (const { written } of hints)
      if (written) byModel.set(written.model, [...(byModel.get(written.model) ?? []), written.doc]);
    const skip = { has: (id: string) => this.sent.has(id) || this.markingIds.has(id) };
    let sent = 0;
    for (const [model, docs] of byModel) {
      const collection = model.collection as unknown as mongo.Collection<OutboxDocument>;
      sent += (await this.relayFound(collection, docs, kicksBefore, skip)).sent;
    }
    return sent;
  }

  private async each(filter: mongo.Filter<OutboxDocument>) {
    let sent = 0;
    for (const model of this.models) sent += (await this.relay(model, filter)).sent;
    return sent;
  }

  /**
   * A round sent these documents: their kicks from before its read are spent (a sweep finds kicked documents
   * too; re-reading them was a third of the relay's reads in a burst). A later kick may be a newer event: it stays.
   */
  private published(docs: OutboxDocument[], kicksBefore: number) {
    for (const doc of docs) {
      const key = keyOf(doc._id);
      if ((this.hinted.get(key)?.kick ?? Infinity) <= kicksBefore) this.hinted.delete(key);
    }
  }

  /**
   * A kick names no model, so the kicked aggregates are looked for model by model: first in the one that last
   * held kicked events (a service's writes come mostly to one model at a time), and no further for those whose
   * events a model held. Asking every model about every kick was a read per model and round, nearly all for
   * nothing (docs/booking.md). Should one id be kicked for events in two models at once, the second model's
   * wait for the next sweep.
   */
  private async publishHinted(): Promise<number> {
    const taken = [...this.hinted].slice(0, this.batchSize);
    for (const [key] of taken) this.hinted.delete(key);
    try {
      let sent = await this.publishWritten(taken.map(([, hint]) => hint).filter((hint) => hint.written));
      let ids = taken.flatMap(([, hint]) => (hint.written ? [] : [hint.id]));
      for (const model of this.models) {
        if (ids.length === 0) break;
        // By id alone: mongo-java-server answers `_id $in` from its index but scans for any compound filter.
        const round = await this.relay(model, { _id: { $in: ids } });
        if (round.docs.length === 0) continue;
        sent += round.sent;
        const held = new Set(round.docs.map((doc) => keyOf(doc._id)));
        ids = ids.filter((id) => !held.has(keyOf(id)));
        // A new list, never the one a sweep or `backlog` may be going through meanwhile.
        this.models = [model, ...this.models.filter((m) => m !== model)];
      }
      return sent;
    } catch (err) {
      for (const [key, hint] of taken) if (!this.hinted.has(key)) this.hinted.set(key, hint);
      throw err;
    }
  }

  private async run() {
    let failures = 0;
    let keyless = true;
    while (this.running) {
      try {
        // Once per start: documents written before `outboxKey` (a crash, or an instance of an older build).
        if (keyless) {
          await this.drain(WRITTEN_BEFORE_KEYS);
          keyless = false;
        }
        // One sweep round per interval, not a drain: under steady writes a drain never ends, and its
        // scans would starve the hinted aggregates.
        if (this.untilSweep() === 0) await this.sweep();
        // Hinted rounds until the next sweep is due: steady local writes must not postpone it.
        while (this.hinted.size > 0 && this.running && this.untilSweep() > 0) await this.publishHinted();
        await this.settleMark();
        failures = 0;
      } catch (err) {
        failures += 1;
        this.log.error({ err }, 'outbox relay round failed; will retry');
      }
      if (this.running && (this.hinted.size === 0 || failures > 0))
        await this.pause(failures > 0 ? Math.min(100 * 2 ** failures, 5_000) : this.untilSweep());
    }
  }

  /** The time until the next sweep is due, 0 when it is. */
  private untilSweep() {
    return Math.max(0, this.lastSweep + this.sweepGapMs - Date.now());
  }

  /**
   * One sweep round. A sweep that found events is followed by another after `sweepIntervalMs` (there may be
   * more); one that found none, after a rest as long as it was slow.
   */
  private async sweep() {
    this.lastSweep = Date.now();
    this.sweepGapMs = this.sweepIntervalMs;
    await this.settleMark();
    const sent = await this.each(PENDING);
    if (sent === 0) this.sweepGapMs = restAfter(Date.now() - this.lastSweep, this.sweepIntervalMs);
  }

  /** Waits `ms`, or less when a kick or the stop wakes the loop. */
  private async pause(ms: number) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = undefined;
  }
}
