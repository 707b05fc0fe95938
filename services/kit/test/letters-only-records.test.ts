// The records of a consumer that keeps none of its own: only the events it dead-lettered are recorded once
// handled, an id is forgotten only once its record is written, and it remembers at most LETTERED_MAX of them.
import { describe, expect, it } from 'vitest';
import { LETTERED_MAX, recordsOfLettersOnly, type HandledEvents } from '../src/handled-events.js';

/** Records that keep what they are given, refusing the next `failures` writes. */
function store(failures = 0) {
  const written: string[] = [];
  const records: HandledEvents = {
    handledOf: async () => new Set(),
    async record(ids) {
      if (failures-- > 0) throw new Error('MongoDB is away');
      written.push(...ids);
    },
  };
  return { records, written };
}

describe('records of the letters only', () => {
  it('record a handled event only when it was dead-lettered, and look nothing up', async () => {
    const { records, written } = store();
    const letters = recordsOfLettersOnly(records);
    letters.deadLettered!('e2');
    await letters.record(['e1', 'e2', 'e3']);
    expect(written).toEqual(['e2']);
    expect(await letters.handledOf(['e1', 'e2'])).toEqual(new Set());
    // Recorded once: its letter is closed, so a later handling writes nothing.
    await letters.record(['e2']);
    expect(written).toEqual(['e2']);
  });

  it('keep an event whose record could not be written, so its next handling records it', async () => {
    const { records, written } = store(1);
    const letters = recordsOfLettersOnly(records);
    letters.deadLettered!('e1');
    await expect(letters.record(['e1'])).rejects.toThrow('MongoDB is away');
    await letters.record(['e1']);
    expect(written).toEqual(['e1']);
  });

  it(`remember at most ${LETTERED_MAX} events, forgetting the oldest first`, async () => {
    const { records, written } = store();
    const letters = recordsOfLettersOnly(records);
    for (let i = 0; i <= LETTERED_MAX; i++) letters.deadLettered!(`e${i}`);
    await letters.record(['e0', 'e1', `e${LETTERED_MAX}`]);
    expect(written).toEqual(['e1', `e${LETTERED_MAX}`]);
  });
});
