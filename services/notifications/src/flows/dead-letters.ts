// Support staff and the dead letters (`dlq list/show/replay`), as `npm run dlq` (scripts/dlq.ts) handles them:
// read from the service topics' dead-letter topics with the kit's `listDeadLetters`, replayed with its
// `replayDeadLetters` (the event republished unchanged, the letter marked). Only those topics: a ref naming any
// other topic is not found. A replay is recorded with the staff id; a dry run changes nothing.
import {
  deadLetterTopic,
  EventEnvelopeSchema,
  topics,
  type AuthUser,
  type DeadLetterSummary,
  type ReplayOutcome,
  type SupportDeadLetter,
  type SupportDeadLetters,
  type SupportDeadLettersQuery,
  type SupportReplayDeadLetters,
  type SupportReplayDeadLettersBody,
} from '@travelclub/contracts';
import {
  appError,
  deadLetterRef,
  listDeadLetters,
  replayDeadLetters,
  type Logger,
  type StoredDeadLetter,
} from '@travelclub/kit';
import type { IHeaders, Kafka, Producer } from 'kafkajs';
import type { StaffActionStore } from '../store/staff-actions.js';
import { orUnavailable } from './unavailable.js';

export interface DeadLetterDeps {
  kafka: Kafka;
  producer: Producer;
  /** KAFKA_TOPIC_PREFIX: the service topics of this environment. */
  prefix: string;
  staffActions: StaffActionStore;
  log: Logger;
}

/** Reading a dead-letter topic joins a group of its own; a Kafka that does not answer gets a 503 by then. */
const READ_TIMEOUT_MS = 20_000;
const KAFKA_TIMEOUT_MS = 25_000;

const onKafka = <T>(work: () => Promise<T>) => orUnavailable(work, KAFKA_TIMEOUT_MS, 'Kafka');

/** `billing.events.dlq:01:007` and `billing.events.dlq:1:7` name the same letter: as `listDeadLetters` writes it. */
function parseRef(ref: string): { topic: string; ref: string } {
  const [, topic = '', partition = '0', offset = '0'] = /^(.+):(\d+):(\d+)$/.exec(ref) ?? [];
  return { topic, ref: deadLetterRef(topic, Number(partition), BigInt(offset).toString()) };
}

const textOf = (value: Buffer | string) => (typeof value === 'string' ? value : value.toString('utf8'));

function headersOf(headers: IHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.map(textOf).join(', ') : textOf(value);
  }
  return out;
}

function summaryOf(stored: StoredDeadLetter): DeadLetterSummary {
  const { letter } = stored;
  const envelope = EventEnvelopeSchema.safeParse(letter.envelope);
  return {
    ref: stored.ref,
    from: `${letter.topic}:${letter.partition}:${letter.offset}`,
    consumer: letter.consumer,
    ...(stored.eventType !== undefined && { eventType: stored.eventType }),
    ...(stored.eventId !== undefined && { eventId: stored.eventId }),
    ...(envelope.success && { aggregateId: envelope.data.aggregateId }),
    failedAt: letter.failedAt,
    error: letter.error,
    ...(stored.replayedAt !== undefined && { replayedAt: stored.replayedAt }),
  };
}

const inFull = (stored: StoredDeadLetter): SupportDeadLetter => ({
  ...summaryOf(stored),
  deadLetterTopic: stored.deadLetterTopic,
  partition: stored.partition,
  offset: stored.offset,
  key: stored.key,
  headers: headersOf(stored.headers),
  letter: stored.letter,
});

/** What `replayDeadLetters` would answer, without sending anything. */
function wouldReplay(stored: StoredDeadLetter, force: boolean): ReplayOutcome {
  if (stored.replayedAt && !force) return 'already-replayed';
  return EventEnvelopeSchema.safeParse(stored.letter.envelope).success ? 'would-replay' : 'not-an-event';
}

const countOf = (outcomes: { outcome: ReplayOutcome }[]) =>
  outcomes.reduce<Record<string, number>>(
    (counts, { outcome }) => ({ ...counts, [outcome]: (counts[outcome] ?? 0) + 1 }),
    {},
  );

export function deadLetterFlows({ kafka, producer, prefix, staffActions, log }: DeadLetterDeps) {
  const dlqOf = (topic: string) => deadLetterTopic(prefix + topic);
  const ours: string[] = Object.values(topics).map(dlqOf);

  /** The letters on these dead-letter topics; one that does not exist yet (no consumer gave up) has none. */
  const read = (dlqTopics: string[]): Promise<StoredDeadLetter[]> =>
    onKafka(async () => {
      const admin = kafka.admin();
      await admin.connect();
      const existing = new Set(await admin.listTopics().finally(() => admin.disconnect()));
      const present = dlqTopics.filter((topic) => existing.has(topic));
      return present.length > 0 ? listDeadLetters(kafka, present, { timeoutMs: READ_TIMEOUT_MS }) : [];
    });

  /** The letters of `topic` (every service topic's when none), of `consumer` only when given (with or without the prefix). */
  async function lettersOf(filter: { topic?: string | undefined; consumer?: string | undefined }) {
    const letters = await read(filter.topic === undefined ? ours : [dlqOf(filter.topic)]);
    const { consumer } = filter;
    if (consumer === undefined) return letters;
    return letters.filter((l) => l.letter.consumer === consumer || l.letter.consumer === prefix + consumer);
  }

  /** The named letters, in the order named, each once; any not found refuses the whole request. */
  async function named(refs: string[]): Promise<StoredDeadLetter[]> {
    const wanted = [...new Map(refs.map((r) => parseRef(r)).map((p) => [p.ref, p])).values()];
    if (wanted.some((w) => !ours.includes(w.topic))) throw appError('dead-letter-not-found');
    const letters = new Map((await read([...new Set(wanted.map((w) => w.topic))])).map((l) => [l.ref, l]));
    return wanted.map((w) => letters.get(w.ref) ?? throwNotFound());
  }

  return {
    async list(staff: AuthUser, query: SupportDeadLettersQuery): Promise<SupportDeadLetters> {
      const letters = (await lettersOf(query)).filter((l) => !query.open || !l.replayedAt);
      log.info({ staffId: staff.id, ...query, count: letters.length }, 'support staff listed dead letters');
      return { letters: letters.map(summaryOf) };
    },

    async show(staff: AuthUser, ref: string): Promise<SupportDeadLetter> {
      const [letter] = await named([ref]);
      log.info({ staffId: staff.id, ref: letter!.ref }, 'support staff read a dead letter');
      return inFull(letter!);
    },

    async replay(staff: AuthUser, body: SupportReplayDeadLettersBody): Promise<SupportReplayDeadLetters> {
      const { dryRun, force, reason } = body;
      const chosen = body.refs ? await named(body.refs) : await lettersOf(body);
      const outcomes = dryRun
        ? chosen.map((l) => ({ ref: l.ref, outcome: wouldReplay(l, force) }))
        : await onKafka(() => replayDeadLetters(producer, chosen, { force }));
      const counts = countOf(outcomes);
      log.info(
        { staffId: staff.id, action: 'dead-letters.replay', dryRun, force, all: !!body.all, outcomes: counts, reason },
        dryRun ? 'support staff tried a dead-letter replay (dry run)' : 'support staff replayed dead letters',
      );
      if (!dryRun && outcomes.length > 0) {
        await staffActions.record({
          at: new Date(),
          staffId: staff.id,
          action: 'dead-letters.replay',
          target: outcomes.map((o) => o.ref),
          ...(reason !== undefined && { reason }),
          outcome: { force, ...counts },
        });
      }
      return { dryRun, outcomes };
    },
  };
}

function throwNotFound(): never {
  throw appError('dead-letter-not-found');
}

export type DeadLetterFlows = ReturnType<typeof deadLetterFlows>;
