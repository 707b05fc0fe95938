// The schedule's looks for unsettled payments on a store that answers them slowly (the local store reads every
// invoice for one): after a slow look that settled nothing, the schedule's next looks are skipped for a while.
import { describe, expect, it } from 'vitest';
import { restingReconciliation } from '../../src/jobs/reconciliation.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A reconcile that takes `ms` and answers `settled`, recording what it was asked. */
function slowReconcile(ms: number, settled: Record<string, number> = {}) {
  const asked: (string | undefined)[] = [];
  const reconcile = async (_now?: Date, invoiceId?: string) => {
    asked.push(invoiceId);
    await sleep(ms);
    return settled;
  };
  return { asked, reconcile };
}

describe('the reconciliation schedule on a slow store', () => {
  it('skips the looks after a slow one that found nothing, until it rested twenty times as long', async () => {
    const { asked, reconcile } = slowReconcile(50);
    const scheduled = restingReconciliation(reconcile);
    expect(await scheduled(new Date())).toEqual({});
    await scheduled(new Date());
    await scheduled(new Date());
    expect(asked).toEqual([undefined]);
    // A job naming one invoice reads only that one: it always runs.
    await scheduled(new Date(), 'inv_1');
    expect(asked).toEqual([undefined, 'inv_1']);
    await sleep(1_000);
    await scheduled(new Date());
    expect(asked).toEqual([undefined, 'inv_1', undefined]);
  });

  it('looks again at the next run after a look that settled something', async () => {
    const { asked, reconcile } = slowReconcile(50, { paid: 1 });
    const scheduled = restingReconciliation(reconcile);
    expect(await scheduled(new Date())).toEqual({ paid: 1 });
    await scheduled(new Date());
    expect(asked).toHaveLength(2);
  });
});
