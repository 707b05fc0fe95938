// `npm run creator:rebuild-counters`: rebuilds creators' analytics counters by replaying every topic from its
// start under a fresh consumer group (events/analytics-rebuild.ts), with the service's own environment
// (MONGO_URL, MONGO_DB, KAFKA_BROKERS, KAFKA_TOPIC_PREFIX, ...). Reads switch to the rebuilt counters at once;
// running instances move their counting to the new group within ANALYTICS_FOLLOW_MS. The last line printed is
// the outcome as JSON.
import { connectMongo, createKafka, createProducer, kafkaConnection, loadConfig } from '@travelclub/kit';
import pino from 'pino';
import { CreatorConfigSchema } from './config.js';
import { rebuildCountersOn } from './events/analytics-rebuild.js';

const config = loadConfig(CreatorConfigSchema);
const logger = pino({ level: config.LOG_LEVEL });
const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB ?? 'creator');
const kafka = createKafka('creator-rebuild-counters', kafkaConnection(config), logger);
const producer = await createProducer(kafka);
try {
  const deps = { kafka, producer, mongo, logger, topicPrefix: config.KAFKA_TOPIC_PREFIX };
  const result = await rebuildCountersOn({ ...deps, numPartitions: config.KAFKA_PARTITIONS });
  // The group's offsets are committed: the instances carry on from there.
  await result.consumer.stop();
  await result.generations.drop(result.previous);
  const { events, ms, state, previous } = result;
  const perSecond = Math.round(events / Math.max(ms / 1000, 0.001));
  console.log(
    `counters rebuilt: generation ${previous.generation} → ${state.generation} (group ${state.groupId}), ` +
      `${events} events in ${(ms / 1000).toFixed(2)} s (${perSecond}/s)`,
  );
  console.log(JSON.stringify({ generation: state.generation, groupId: state.groupId, events, ms }));
} catch (err) {
  logger.error({ err }, 'the counters rebuild failed; reads stay on the counters they had');
  process.exitCode = 1;
} finally {
  await producer.disconnect();
  await mongo.close();
}
