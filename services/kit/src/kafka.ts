// Kafka clients (kafkajs) with logs routed to pino, and topic creation.
import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, logLevel, Partitioners, type Admin, type Producer } from 'kafkajs';
// kafkajs' idle connections spin a 1 ms timer without it (kafka-request-queue.ts).
import './kafka-request-queue.js';
import type { KafkaConnection } from './kafka-settings.js';
import type { Logger } from './logger.js';
import { withTimeout } from './timeout.js';

const levels: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/**
 * kafkajs logs every error answer of a broker ("Response Metadata(key: 3, …)") at error level, and then
 * retries the request when the error is one to retry, as while a fresh topic has no leader yet. Either way
 * the caller gets the error if it lasts, and reports it: the answer itself is a warning. (kafkajs sometimes
 * logs an Error in place of a message.)
 */
function levelOf(level: logLevel, message: unknown) {
  if (level === logLevel.ERROR && typeof message === 'string' && message.startsWith('Response ')) return 'warn';
  return levels[level] ?? 'info';
}

/**
 * A client of the cluster `connection` describes (`kafkaConnection(config)`: brokers, TLS, SASL), or of bare
 * `brokers` (plaintext, no authentication: tests on the local broker).
 */
export function createKafka(clientId: string, connection: KafkaConnection | string[], logger: Logger): Kafka {
  const log = logger.child({ component: 'kafka' });
  const { brokers, ssl, sasl } = Array.isArray(connection) ? { brokers: connection } : connection;
  if (sasl?.mechanism === 'plain' && !ssl) {
    log.warn('Kafka SASL PLAIN without TLS sends the password in clear: set KAFKA_SSL=true');
  }
  return new Kafka({
    clientId,
    brokers,
    ...(ssl ? { ssl } : {}),
    ...(sasl ? { sasl } : {}),
    connectionTimeout: 3_000,
    retry: { initialRetryTime: 200, retries: 8 },
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ namespace, level, log: entry }) => {
        const { message, ...extra } = entry;
        log[levelOf(level, message)]({ namespace, ...extra }, message);
      },
  });
}

/** A producer not connected yet: `connect()` it (a start-up step, so a broker not up yet is retried). */
export function newProducer(kafka: Kafka): Producer {
  // The default (murmur2) partitioner keeps one key on one partition, like the Java client.
  return kafka.producer({
    createPartitioner: Partitioners.DefaultPartitioner,
    allowAutoTopicCreation: false,
  });
}

export async function createProducer(kafka: Kafka): Promise<Producer> {
  const producer = newProducer(kafka);
  await producer.connect();
  return producer;
}

/** Whether a CreateTopics failure says only that the topics exist (another service or instance made them). */
function onlyAlreadyExists(err: unknown): boolean {
  const errors = (err as { errors?: unknown }).errors;
  const each = Array.isArray(errors) ? errors : [err];
  return each.length > 0 && each.every((e) => (e as { type?: unknown }).type === 'TOPIC_ALREADY_EXISTS');
}

export interface EnsureTopicsOptions {
  /** How long to wait for every partition to have a leader once the topics exist. */
  timeoutMs?: number;
}

/**
 * Creates the topics that do not exist yet (existing ones are left as they are), then waits until the
 * broker's metadata shows every one with a leader for each partition, so a producer or consumer that comes
 * next finds them. Safe to call from several services at once on a fresh broker: a topic another caller
 * created meanwhile counts as created, and a topic not visible yet (UNKNOWN_TOPIC_OR_PARTITION,
 * LEADER_NOT_AVAILABLE right after creation) is waited for rather than failed on. A broker that does not
 * answer still throws: callers at start-up retry (see startup.ts).
 */
export async function ensureTopics(
  kafka: Kafka,
  topics: string[],
  numPartitions: number,
  { timeoutMs = 30_000 }: EnsureTopicsOptions = {},
): Promise<void> {
  const wanted = [...new Set(topics)];
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = wanted.filter((t) => !existing.has(t));
    if (missing.length > 0) {
      try {
        // kafkajs' own wait for leaders gives up at the first UNKNOWN_TOPIC_OR_PARTITION: we wait below.
        await admin.createTopics({
          topics: missing.map((topic) => ({ topic, numPartitions, replicationFactor: -1 })),
          waitForLeaders: false,
        });
      } catch (err) {
        if (!onlyAlreadyExists(err)) throw err;
      }
    }
    await untilTopicsUsable(admin, wanted, timeoutMs);
  } finally {
    await admin.disconnect();
  }
}

async function untilTopicsUsable(admin: Admin, topics: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let waiting = topics;
  let problem: string;
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    problem = '';
    try {
      // One request for all: which topics the broker knows, with a leader for every partition.
      const { topics: found } = await admin.fetchTopicMetadata({ topics: waiting });
      const led = found
        .filter((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0 && !p.partitionErrorCode))
        .map((t) => t.name);
      // Then each leader itself: metadata can name a leader a moment before it serves the partition
      // (NOT_LEADER_OR_FOLLOWER), and a producer or consumer that came now would fail on it.
      const served = await Promise.all(
        led.map((topic) =>
          admin.fetchTopicOffsets(topic).then(
            () => topic,
            (err: Error) => void (problem = err.message),
          ),
        ),
      );
      waiting = waiting.filter((t) => !served.includes(t));
      if (waiting.length === 0) return;
      problem ||= 'no leader yet';
    } catch (err) {
      // One unknown topic fails the whole request: ask again until the broker knows them all.
      problem = (err as Error).message;
    }
    if (Date.now() + delay > deadline) {
      throw new Error(`Kafka topics not usable within ${timeoutMs} ms (${problem}): ${waiting.join(', ')}`);
    }
    await sleep(delay);
  }
}

/** Answers only when a fresh connection to the configured brokers gets cluster metadata. */
export async function pingKafka(kafka: Kafka, timeoutMs: number): Promise<void> {
  const admin: Admin = kafka.admin({ retry: { retries: 0 } });
  const work = (async () => {
    await admin.connect();
    await admin.describeCluster();
  })();
  try {
    await withTimeout(work, timeoutMs, 'Kafka');
  } finally {
    // Disconnect once the attempt has settled, so a slow one does not leave its connection open.
    void work
      .catch(() => undefined)
      .then(() => admin.disconnect())
      .catch(() => undefined);
  }
}
