// Tokens already verified, kept until they expire: a token sent again costs a map lookup instead of a
// signature check (an RS256 access token's check was a fifth of the gateway's CPU on a booking, profiled in
// docs/booking.md). Only a token that passed its check gets in, under its whole text, so nothing about an
// unchecked token is ever trusted.
export interface VerifiedTokens<T> {
  /** What `token` was verified as, while that still holds at `at` (ms). */
  get(token: string, at: number): T | undefined;
  /** Keeps a verified token's outcome until `until` (ms). */
  remember(token: string, value: T, until: number, at: number): void;
}

/**
 * At most `max` tokens are kept: when full, the expired ones go first, then all of them (a burst of new
 * tokens costs their checks again, never memory without bound).
 */
export function verifiedTokens<T>(max: number): VerifiedTokens<T> {
  const kept = new Map<string, { value: T; until: number }>();
  return {
    get(token, at) {
      const entry = kept.get(token);
      if (entry === undefined) return undefined;
      if (entry.until > at) return entry.value;
      kept.delete(token);
      return undefined;
    },
    remember(token, value, until, at) {
      if (kept.size >= max) {
        for (const [old, entry] of kept) if (entry.until <= at) kept.delete(old);
        if (kept.size >= max) kept.clear();
      }
      kept.set(token, { value, until });
    },
  };
}
