// kafkajs' request queue as the kit runs it (src/kafka-request-queue.ts): an idle broker connection arms no
// timer, so a platform at rest spends no CPU checking empty queues, while a request held back by the broker's
// throttle or the in-flight limit still goes out when it may.
import { EventEmitter } from 'node:events';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { consumerGroup, ensureTopics } from '../src/index.js';
import { RequestQueue, type RequestQueueState } from '../src/kafka-request-queue.js';
import { uniqueName } from '../src/testing/index.js';
import { useService } from './helpers.js';

const service = useService('kit-request-queue');
const topic = `${service.topicPrefix}idle`;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

beforeAll(async () => {
  await ensureTopics(service.app.kafka, [topic], 1);
});

const queues: (RequestQueueState & { destroy(): void })[] = [];
afterEach(() => queues.splice(0).forEach((queue) => queue.destroy()));

function queue(maxInFlightRequests: number | null = null) {
  const made = new RequestQueue({
    instrumentationEmitter: new EventEmitter(),
    maxInFlightRequests,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: 'localhost:9092',
    logger: quiet,
  });
  queues.push(made);
  return made as unknown as RequestQueueState & {
    push(request: object): void;
    fulfillRequest(answer: { correlationId: number; payload: unknown; size: number }): void;
  };
}

/** A request as a connection pushes it; `sent` gets the time it went out. */
const request = (correlationId: number, sent: number[], expectResponse = false) => ({
  entry: { correlationId, apiKey: 1, apiName: 'Fetch', apiVersion: 11, resolve() {}, reject() {} },
  expectResponse,
  sendRequest: () => sent.push(Date.now()),
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("kafkajs' request queue", () => {
  it('arms no timer while no request waits', async () => {
    const idle = queue();
    let checks = 0;
    const check = idle.checkPendingRequests.bind(idle);
    idle.checkPendingRequests = () => (checks++, check());
    idle.checkPendingRequests();
    await pause(200);
    // kafkajs' own schedule checked the empty queue every millisecond: about 150 times here.
    expect(checks).toBe(1);
    expect(idle.throttleCheckTimeoutId).toBeNull();
  });

  it('sends a request the broker throttled once the throttle ends', async () => {
    const throttled = queue();
    const sent: number[] = [];
    const started = Date.now();
    throttled.throttledUntil = started + 150;
    throttled.push(request(1, sent));
    expect(sent).toEqual([]);
    await pause(300);
    expect(sent).toHaveLength(1);
    expect(sent[0]! - started).toBeGreaterThanOrEqual(140);
  });

  it('sends a request held back by the in-flight limit when an answer frees a place', () => {
    const limited = queue(1);
    const sent: number[] = [];
    limited.push(request(1, sent, true));
    limited.push(request(2, sent, true));
    expect(sent).toHaveLength(1);
    expect(limited.pending).toHaveLength(1);
    limited.fulfillRequest({ correlationId: 1, payload: null, size: 0 });
    expect(sent).toHaveLength(2);
  });

  it('keeps a connected, idle consumer from checking its queues more than its answers need', async () => {
    const prototype = RequestQueue.prototype as unknown as RequestQueueState;
    const original = prototype.checkPendingRequests;
    let checks = 0;
    prototype.checkPendingRequests = function (this: RequestQueueState) {
      checks++;
      original.call(this);
    };
    const group = consumerGroup(service.app.kafka, {
      groupId: uniqueName('group'),
      topics: [topic],
      fromBeginning: false,
      concurrency: 1,
      eachBatch: async () => undefined,
    });
    try {
      await group.start();
      await pause(500);
      const before = checks;
      await pause(2_000);
      // One check per answer (a fetch held a second, heartbeats): kafkajs' own loop made thousands.
      expect(checks - before).toBeLessThan(40);
    } finally {
      prototype.checkPendingRequests = original;
      await group.stop();
    }
  });
});
