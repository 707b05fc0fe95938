// A fresh machine's first start: every part started at the same moment against a brand-new Kafka with no
// topics yet, several times in a row, each time on a new empty broker. Topics are created by several services
// at once, group coordinators load while consumers join: every part must still become ready, none may exit.
import { testInfra } from '@travelclub/kit/testing';
import { startStack, type Stack } from '@travelclub/testing';
import { expect, it, vi } from 'vitest';
import { privateKafka } from '../../scripts/private-servers.mjs';

// Three starts of the whole platform: seconds each alone, over a minute each on a loaded machine.
const ROUNDS = 3;

it(`every part becomes ready when all start at once on an empty broker (${ROUNDS} rounds)`, async () => {
  const brokersStopping: Promise<void>[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const kafka = await privateKafka();
      let stack: Stack | undefined;
      try {
        const started = Date.now();
        // No topic prefix: the names a first `npm start` creates, on a broker that has none of them.
        stack = await startStack(
          { ...testInfra(), kafkaBrokers: kafka.brokers },
          { hotels: 20, allAtOnce: true, env: { KAFKA_TOPIC_PREFIX: '' } },
        );
        // Each part answered its own readiness; the gateway asks them all again, each within its short limit,
        // which a loaded machine can miss once: ready means ready within a few probes.
        const health = await vi.waitFor(
          async () => {
            const answer = await fetch(`${stack!.gateway}/health`);
            expect(answer.status, `round ${round}`).toBe(200);
            return (await answer.json()) as { checks: object };
          },
          { timeout: 30_000, interval: 1_000 },
        );
        // Exactly these parts, each with its own dependencies beside (the gateway's `dependencies`).
        expect(Object.keys(health.checks).sort(), `round ${round}`).toEqual([
          'assistant',
          'auth',
          'billing',
          'catalog',
          'creator',
          'itinerary',
          'notifications',
        ]);
        expect(health, `round ${round}`).toMatchObject({
          status: 'ready',
          checks: {
            auth: 'up',
            catalog: 'up',
            itinerary: 'up',
            billing: 'up',
            creator: 'up',
            assistant: 'up',
            notifications: 'up',
          },
        });
        for (const part of Object.values(stack.parts)) {
          expect(part.output(), `${part.name}, round ${round}`).not.toMatch(/failed for good/);
          // Nor a runtime warning: Node 24 warned of kafkajs' idle negative timeout before the kit mended its request
          // queue (services/kit/src/kafka-request-queue.ts).
          expect(part.output(), `${part.name}, round ${round}`).not.toMatch(/Warning:/);
        }
        console.log(`fresh start, round ${round}: every part ready in ${Date.now() - started} ms`);
      } finally {
        // The start is what is tested: end the round at once, and let its broker stop while the next one runs.
        await Promise.all(Object.values(stack?.parts ?? {}).map((part) => part.kill()));
        brokersStopping.push(kafka.remove());
      }
    }
  } finally {
    await Promise.all(brokersStopping);
  }
}, 360_000);
