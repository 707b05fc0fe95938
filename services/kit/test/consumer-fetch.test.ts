// How a consumer asks the broker for new messages: an idle one about once a second (the broker holds the fetch
// until a message arrives or a second has passed), and a message that arrives meanwhile is handled at once.
import { beforeAll, describe, expect, it } from 'vitest';
import { consumerGroup, ensureTopics } from '../src/index.js';
import { uniqueName } from '../src/testing/index.js';
import { useService, watchingConsumers } from './helpers.js';

const service = useService('kit-consumer-fetch');
const topic = `${service.topicPrefix}fetches`;

beforeAll(async () => {
  await ensureTopics(service.app.kafka, [topic], 1);
});

describe('fetches', () => {
  it('come about once a second from an idle consumer, and a message is handled as soon as it arrives', async () => {
    let fetches = 0;
    // The service's Kafka client, counting the fetches of the consumers it makes.
    const counting = watchingConsumers(service.app.kafka, (consumer) =>
      consumer.on(consumer.events.FETCH, () => fetches++),
    );
    const received: number[] = [];
    const group = consumerGroup(counting, {
      groupId: uniqueName('group'),
      topics: [topic],
      fromBeginning: false,
      concurrency: 1,
      eachBatch: async ({ batch, resolveOffset }) => {
        for (const message of batch.messages) {
          received.push(Date.now() - Number(message.value!.toString()));
          resolveOffset(message.offset);
        }
      },
    });
    await group.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const before = fetches;
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      // About four in four seconds; a consumer asking every 100 ms made forty.
      expect(fetches - before).toBeLessThanOrEqual(8);
      await service.app.producer.send({ topic, messages: [{ value: String(Date.now()) }] });
      const deadline = Date.now() + 10_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      // Well within the second an idle fetch may be held.
      expect(received[0]).toBeLessThan(500);
    } finally {
      await group.stop();
    }
  });
});
