// Gauges read when scraped (MongoDB counts, Kafka lag, queue sizes): a read is shared by the scrapes that come
// while it runs, even past its time-out, and a slow read rests in proportion before the next.
import { describe, expect, it } from 'vitest';
import { cachedGauge, Registry } from '../src/index.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function slowGauge(ms: number, options: { everyMs: number; timeoutMs: number; rests?: boolean }) {
  const registry = new Registry();
  let reads = 0;
  cachedGauge(
    registry,
    { name: 'slow_things', help: 'Things counted slowly' },
    async () => {
      reads += 1;
      await sleep(ms);
      return [{ labels: {}, value: reads }];
    },
    options,
  );
  const scrape = async () => {
    const text = await registry.metrics();
    return Number(/^slow_things (\S+)$/m.exec(text)?.[1] ?? NaN);
  };
  const failures = async () =>
    Number(
      /^travelclub_metric_read_failures_total\{metric="slow_things"\} (\S+)$/m.exec(await registry.metrics())?.[1] ?? 0,
    );
  return { scrape, failures, reads: () => reads };
}

describe('a gauge read when scraped', () => {
  it('starts no second read while a late one still runs, and, resting, waits twenty times as long as it took', async () => {
    const gauge = await slowGauge(150, { everyMs: 10, timeoutMs: 50, rests: true });
    await gauge.scrape(); // times out
    await gauge.scrape(); // the same read, still running
    expect(gauge.reads()).toBe(1);
    expect(await gauge.failures()).toBeGreaterThanOrEqual(1);
    await sleep(200);
    // Done, and resting (about 3 s): the scrape answers the read's value without reading again.
    await gauge.scrape();
    expect(gauge.reads()).toBe(1);
  });

  it('reads again after `everyMs` when reads are quick', async () => {
    const gauge = await slowGauge(0, { everyMs: 50, timeoutMs: 1_000 });
    expect(await gauge.scrape()).toBe(1);
    expect(await gauge.scrape()).toBe(1);
    await sleep(80);
    expect(await gauge.scrape()).toBe(2);
  });

  it('reads again after `everyMs` after a slow read when it does not rest (a broker round trip)', async () => {
    const gauge = await slowGauge(150, { everyMs: 10, timeoutMs: 1_000 });
    expect(await gauge.scrape()).toBe(1);
    await sleep(30);
    expect(await gauge.scrape()).toBe(2);
  });
});
