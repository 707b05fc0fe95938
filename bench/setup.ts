// What every bench starts from: its command-line options, and the servers it runs against.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Stack } from '@travelclub/testing';
import { MongoClient } from 'mongodb';
import { kafkaConnectionFromEnv, type KafkaConnection } from '@travelclub/kit';
import { up } from '../scripts/infra.mjs';
import { startMailCatcher } from '../scripts/mail-catcher.mjs';

type Others = Record<string, { type: 'string'; default: string } | { type: 'boolean'; default: boolean }>;
type Parsed<N, O extends Others> = { [K in keyof N]: number } & {
  [K in keyof O]: O[K]['default'] extends boolean ? boolean : string;
};

/**
 * The command line's options: `--name <number>` for each of `numbers` (its value the default), and `others`
 * (words and switches) as `parseArgs` declares them. An unknown option stops the bench.
 */
export function benchOptions<const N extends Record<string, number>, const O extends Others = Record<never, never>>(
  numbers: N,
  others?: O,
): Parsed<N, O> {
  const asWords = Object.entries(numbers).map(([name, n]) => [name, { type: 'string', default: String(n) }]);
  const options = { ...Object.fromEntries(asWords), ...others } as ParseArgsConfig['options'];
  const { values } = parseArgs({ options });
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, name in numbers ? Number(value) : value]),
  ) as Parsed<N, O>;
}

type Setting = 'MONGO_URL' | 'KAFKA_BROKERS' | 'REDIS_URL';
/** The settings asked for, and whichever others the local servers gave. */
type Settings<K extends Setting> = Record<K, string> & Partial<Record<Setting, string>>;

/** These settings from the environment when it has them all, else from the local servers (started if need be). */
export async function serverSettings<K extends Setting>(...names: K[]): Promise<Settings<K>> {
  if (!names.every((name) => process.env[name])) return (await up()).env as Settings<K>;
  return Object.fromEntries(names.map((name) => [name, process.env[name]])) as Settings<K>;
}

/**
 * How to reach `brokers`: with the environment's TLS and SASL settings (KAFKA_SSL, KAFKA_SASL_*) when they are
 * the environment's brokers, plaintext when they are the local infrastructure's.
 */
export function kafkaOf(brokers: string): KafkaConnection {
  if (brokers === process.env.KAFKA_BROKERS) return kafkaConnectionFromEnv(process.env);
  return { brokers: brokers.split(',').map((b) => b.trim()) };
}

/**
 * What `startStack` needs: the servers (from the environment, else the local ones) and a mail catcher of the
 * bench's own, keeping at most `maxMessages`. Close the catcher when the bench ends.
 */
export async function stackInfra(maxMessages: number) {
  const settings = await serverSettings('MONGO_URL', 'KAFKA_BROKERS');
  const catcher = await startMailCatcher({ maxMessages });
  const infra = {
    mongoUrl: settings.MONGO_URL,
    kafkaBrokers: settings.KAFKA_BROKERS,
    redisUrl: process.env.REDIS_URL ?? settings.REDIS_URL ?? 'redis://127.0.0.1:6379',
    smtpUrl: catcher.smtpUrl,
  };
  return { infra, catcher };
}

/** Stops a bench's stack and drops its databases: nothing left behind in the shared server. */
export async function stopAndDrop(stack: Stack, mongoUrl: string): Promise<void> {
  await stack.stop();
  const client = await MongoClient.connect(mongoUrl);
  try {
    for (const db of Object.values(stack.databases)) await client.db(db).dropDatabase();
  } finally {
    await client.close();
  }
}
