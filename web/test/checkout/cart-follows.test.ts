// Waiting for a visitor's cart to follow them into the account they signed in to: found at once (a sign-up),
// found after a few "not found" answers (the hand-over's event on its way), never found, or another refusal.
import { describe, expect, it, vi } from 'vitest';
import { cartFollows } from '~/checkout/contact-steps';
import type { BrowserApi } from '~/lib/session';

const notFound = Object.assign(new Error('Itinerary not found'), { status: 404 });
const apiAnswering = (...answers: unknown[]) => {
  const call = vi.fn(async () => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (next instanceof Error) throw next;
    return next;
  });
  return { api: { call, endpoints: { itinerary: { readItinerary: {} } } } as unknown as BrowserApi, call };
};
const quick = { timeoutMs: 200, everyMs: 10 };

describe('cartFollows', () => {
  it('answers at once when the cart is already theirs', async () => {
    const { api, call } = apiAnswering({ id: 'it-1' });
    expect(await cartFollows(api, 'it-1', quick)).toBe(true);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('looks again while the itinerary is not found yet', async () => {
    const { api, call } = apiAnswering(notFound, notFound, { id: 'it-1' });
    expect(await cartFollows(api, 'it-1', quick)).toBe(true);
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('gives up after its time', async () => {
    const { api } = apiAnswering(notFound);
    expect(await cartFollows(api, 'it-1', quick)).toBe(false);
  });

  it('passes any other refusal on', async () => {
    const { api } = apiAnswering(Object.assign(new Error('offline'), { status: 0 }));
    await expect(cartFollows(api, 'it-1', quick)).rejects.toThrow('offline');
  });
});
