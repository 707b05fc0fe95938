// Kafka clients (kafkajs) with logs routed to pino, and topic creation.
import { Kafka, logLevel, Partitioners, type Admin, type Producer } from 'kafkajs';
import type { Logger } from 'pino';
import { withTimeout } from './timeout.js';

const levels: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

export function createKafka(clientId: string, brokers: string[], logger: Logger): Kafka {
  const log = logger.child({ component: 'kafka' });
  return new Kafka({
    clientId,
    brokers,
    connectionTimeout: 3_000,
    retry: { initialRetryTime: 200, retries: 8 },
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ namespace, level, log: entry }) => {
        const { message, ...extra } = entry;
        log[levels[level] ?? 'info']({ namespace, ...extra }, message);
      },
  });
}

export async function createProducer(kafka: Kafka): Promise<Producer> {
  // The default (murmur2) partitioner keeps one key on one partition, like the Java client.
  const producer = kafka.producer({
    createPartitioner: Partitioners.DefaultPartitioner,
    allowAutoTopicCreation: false,
  });
  await producer.connect();
  return producer;
}

/** Creates the topics that do not exist yet; existing ones are left as they are. */
export async function ensureTopics(kafka: Kafka, topics: string[], numPartitions: number): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = [...new Set(topics)].filter((t) => !existing.has(t));
    if (missing.length > 0) {
      await admin.createTopics({
        topics: missing.map((topic) => ({ topic, numPartitions, replicationFactor: -1 })),
        waitForLeaders: true,
      });
    }
  } finally {
    await admin.disconnect();
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
