// The home page's index check (spec section 2): a failure redirects to /signIn, unless it carries its own
// redirect target.
import { ApiError } from '@travelclub/contracts';
import { redirect } from 'react-router';
import { describe, expect, it } from 'vitest';
import { indexCheck, indexCheckFailure, redirectTargetOf } from '~/search/index-check.server';

const location = (response: Response) => response.headers.get('location');

describe('the index check', () => {
  it('sends the visitor to /signIn when the check fails', () => {
    for (const failure of [
      new ApiError(503, 'service-unavailable', 'down'),
      new Error('boom'),
      new Response('nope', { status: 500 }),
    ]) {
      const response = indexCheckFailure(failure);
      expect(response.status).toBe(302);
      expect(location(response)).toBe('/signIn');
    }
  });

  it('lets a failure that carries its own redirect target through', () => {
    const own = redirect('/user/startSession?returnUrl=%2F');
    expect(indexCheckFailure(own)).toBe(own);
    expect(redirectTargetOf(new Response(null, { status: 301, headers: { location: '/elsewhere' } }))).not.toBeNull();
    // A 3xx without a target carries none.
    expect(redirectTargetOf(new Response(null, { status: 304 }))).toBeNull();
  });

  it("answers the check's result when it passes, and throws the redirect when it fails", async () => {
    await expect(indexCheck(async () => 42)).resolves.toBe(42);
    const thrown = await indexCheck(async () => {
      throw new ApiError(0, undefined, 'no answer');
    }).catch((err: unknown) => err);
    expect(thrown).toBeInstanceOf(Response);
    expect(location(thrown as Response)).toBe('/signIn');
  });
});
