// npm run dlq -- list|show|replay: the dead letters on Kafka (events a consumer gave up on), listed,
// inspected, and replayed to the topic they came from. See docs/events.md (Dead letters).
import { parseArgs } from 'node:util';
import { deadLetterTopic, topics as serviceTopics } from '@travelclub/contracts';
import {
  deadLetterRef,
  kafkaConnectionFromEnv,
  listDeadLetters,
  replayDeadLetters,
  type KafkaConnection,
  type StoredDeadLetter,
} from '@travelclub/kit';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import { localSettings } from './infra.mjs';

const USAGE = `usage: npm run dlq -- <command> [options]

  list [--topic <topic>] [--consumer <group>] [--open] [--json]
        every dead letter: its ref, where it came from, the consumer, the event type,
        when and why it failed, and whether it was replayed (--open: only those not replayed)
  show <ref>
        one letter in full: the event, the error, where it came from
  replay <ref>... [--force]
  replay --all [--topic <topic>] [--consumer <group>] [--force]
        republish each letter's event, unchanged, to the topic it came from; the consumer
        that gave up on it handles it again, the others skip it by its id. A letter already
        replayed is skipped unless --force.

  <ref>        <dead-letter topic>:<partition>:<offset>, as list prints it
  --topic      billing, billing.events or billing.events.dlq (default: every service topic's)
  --consumer   the consumer group, with or without the prefix (itinerary or <prefix>itinerary)
  --prefix     the topic prefix (default: KAFKA_TOPIC_PREFIX)

settings: KAFKA_BROKERS (default: the local infrastructure's, npm run infra:up), KAFKA_TOPIC_PREFIX,
          and with KAFKA_BROKERS its TLS and SASL settings (KAFKA_SSL*, KAFKA_SASL_*; see the README)
`;

class UsageError extends Error {}

/** The environment's cluster, with its TLS and SASL settings, else the local infrastructure's plaintext broker. */
function settings(): { connection: KafkaConnection; prefix: string } {
  const prefix = process.env.KAFKA_TOPIC_PREFIX ?? '';
  if (process.env.KAFKA_BROKERS) return { connection: kafkaConnectionFromEnv(process.env), prefix };
  const brokers: string | undefined = localSettings().KAFKA_BROKERS;
  if (!brokers) throw new Error('KAFKA_BROKERS is not set and the local infrastructure is not up (npm run infra:up)');
  return { connection: { brokers: brokers.split(',').map((b) => b.trim()) }, prefix };
}

/** `billing`, `billing.events` or `billing.events.dlq`, prefixed: the dead-letter topic it names. */
function deadLetterTopicOf(name: string, prefix: string): string {
  const bare = name.startsWith(prefix) ? name.slice(prefix.length) : name;
  const topic = bare.endsWith('.dlq') ? bare.slice(0, -'.dlq'.length) : bare;
  const known = (serviceTopics as Record<string, string>)[topic] ?? topic;
  return deadLetterTopic(prefix + known);
}

function parseRef(ref: string) {
  const match = /^(.+):(\d+):(\d+)$/.exec(ref);
  if (!match) throw new UsageError(`"${ref}" is not a letter's ref (<dead-letter topic>:<partition>:<offset>)`);
  return { topic: match[1]!, ref: deadLetterRef(match[1]!, Number(match[2]), match[3]!) };
}

const errorText = (letter: StoredDeadLetter) => `${letter.letter.error.name}: ${letter.letter.error.message}`;

function printTable(letters: StoredDeadLetter[]) {
  const rows = letters.map((l) => [
    l.ref,
    `${l.letter.topic}:${l.letter.partition}:${l.letter.offset}`,
    l.letter.consumer,
    l.eventType ?? '(not an event)',
    l.letter.failedAt,
    l.replayedAt ? `replayed ${l.replayedAt}` : 'open',
    errorText(l).replace(/\s+/g, ' ').slice(0, 120),
  ]);
  const header = ['REF', 'FROM', 'CONSUMER', 'EVENT', 'FAILED AT', 'STATE', 'ERROR'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const row of [header, ...rows]) {
    console.log(
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    );
  }
}

/** The command and its options, checked; `undefined` when only the usage is asked for. */
function parseCommand(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      topic: { type: 'string' },
      consumer: { type: 'string' },
      prefix: { type: 'string' },
      open: { type: 'boolean' },
      json: { type: 'boolean' },
      all: { type: 'boolean' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...refs] = positionals;
  if (values.help || command === 'help') return undefined;
  if (!command) throw new UsageError('a command is needed: list, show or replay');
  if (!['list', 'show', 'replay'].includes(command)) throw new UsageError(`unknown command "${command}"`);
  if (command === 'list' && refs.length > 0) throw new UsageError('list takes no refs');
  if (command === 'show' && refs.length !== 1) throw new UsageError('show takes exactly one ref');
  if (command === 'replay' && refs.length === 0 && !values.all)
    throw new UsageError('replay needs refs, or --all (with --topic or --consumer to narrow it)');
  if (command === 'replay' && refs.length > 0 && values.all)
    throw new UsageError('replay takes refs or --all, not both');
  return { command, values, wanted: refs.map(parseRef) };
}

/** The cluster, and the topics on it (which tells whether it answers at all). */
async function connectKafka(connection: KafkaConnection) {
  const { brokers } = connection;
  const kafka = new Kafka({
    ...connection,
    clientId: 'dlq',
    connectionTimeout: 3_000,
    retry: { retries: 2 },
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`cannot reach Kafka at ${brokers.join(',')}: ${(err as Error).message}`, { cause: err });
  }
  const existing = new Set(await admin.listTopics());
  await admin.disconnect();
  return { kafka, existing };
}

/**
 * The dead-letter topics to read (those of the refs, the one of `--topic`, or every service topic's) and
 * their letters, of `--consumer` only when it is given.
 */
async function readLetters(
  kafka: Kafka,
  existing: Set<string>,
  filter: { topic?: string; consumer?: string; prefix: string },
  wanted: { topic: string }[],
) {
  const { prefix } = filter;
  const candidates = wanted.length
    ? [...new Set(wanted.map((w) => w.topic))]
    : filter.topic
      ? [deadLetterTopicOf(filter.topic, prefix)]
      : Object.values(serviceTopics).map((t) => deadLetterTopic(prefix + t));
  const missing = candidates.filter((t) => !existing.has(t));
  // Named ones must exist; of the default (every service topic's), those that do are read.
  if ((wanted.length || filter.topic) && missing.length)
    throw new Error(`no such dead-letter topic: ${missing.join(', ')}`);
  const dlqTopics = candidates.filter((t) => existing.has(t));

  const letters = dlqTopics.length ? await listDeadLetters(kafka, dlqTopics) : [];
  // A consumer's group carries the topic prefix (see createEventConsumer): the bare service name finds it too.
  const consumers = filter.consumer === undefined ? undefined : [filter.consumer, prefix + filter.consumer];
  return { dlqTopics, letters: consumers ? letters.filter((l) => consumers.includes(l.letter.consumer)) : letters };
}

/** Republishes the chosen letters and says what became of each; 1 when one held no event to replay. */
async function replay(kafka: Kafka, chosen: StoredDeadLetter[], force: boolean): Promise<number> {
  const producer = kafka.producer({
    createPartitioner: Partitioners.DefaultPartitioner,
    allowAutoTopicCreation: false,
  });
  await producer.connect();
  try {
    const results = await replayDeadLetters(producer, chosen, { force });
    for (const { ref, outcome } of results) {
      const note =
        outcome === 'already-replayed'
          ? ' (skipped: it was replayed before; --force replays it again)'
          : outcome === 'not-an-event'
            ? ' (skipped: the message was not an event, so there is nothing to replay)'
            : '';
      console.log(`${ref}: ${outcome}${note}`);
    }
    return results.some((r) => r.outcome === 'not-an-event') ? 1 : 0;
  } finally {
    await producer.disconnect();
  }
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommand(argv);
  if (!parsed) {
    process.stdout.write(USAGE);
    return 0;
  }
  const { command, values, wanted } = parsed;
  const { connection, prefix: envPrefix } = settings();
  const { brokers } = connection;
  const prefix = values.prefix ?? envPrefix;
  const { kafka, existing } = await connectKafka(connection);
  const { dlqTopics, letters } = await readLetters(kafka, existing, { ...values, prefix }, wanted);

  if (command === 'list') {
    const shown = values.open ? letters.filter((l) => !l.replayedAt) : letters;
    if (values.json) console.log(JSON.stringify(shown, null, 2));
    else if (dlqTopics.length === 0) console.log(`no dead-letter topics on ${brokers.join(',')} (prefix "${prefix}")`);
    else if (shown.length === 0) console.log(`no dead letters on ${dlqTopics.join(', ')}`);
    else printTable(shown);
    return 0;
  }

  const byRef = new Map(letters.map((l) => [l.ref, l]));
  const unknown = wanted.filter((w) => !byRef.has(w.ref)).map((w) => w.ref);
  if (unknown.length) throw new Error(`no dead letter ${unknown.join(', ')} (npm run dlq -- list shows them)`);

  if (command === 'show') {
    console.log(JSON.stringify(byRef.get(wanted[0]!.ref), null, 2));
    return 0;
  }

  const chosen = values.all ? letters : wanted.map((w) => byRef.get(w.ref)!);
  if (chosen.length === 0) {
    console.log('no dead letters to replay');
    return 0;
  }
  return replay(kafka, chosen, values.force ?? false);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`dlq: ${(err as Error).message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(`dlq: ${(err as Error).message}`);
    process.exit(1);
  },
);
