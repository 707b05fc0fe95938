// Booking references (`TC-7K3M9QXA`): what a traveller reads out to support and finds in their mail. Each is
// derived from the itinerary's id and an attempt number, so the one an itinerary gets is known without a read
// (the first attempt's) until a collision (the store's unique index refuses it) moves it to the next attempt.
import { BOOKING_REFERENCE_ALPHABET, BOOKING_REFERENCE_LENGTH, BOOKING_REFERENCE_PREFIX } from '@travelclub/contracts';
import { createHash } from 'node:crypto';

/** How many references the store tries for one itinerary before it gives up (a clash is about one in 10^12). */
export const REFERENCE_ATTEMPTS = 8;

/** The itinerary's reference at `attempt` (0 first): eight symbols from the first 40 bits of a SHA-256. */
export function bookingReference(itineraryId: string, attempt = 0): string {
  const digest = createHash('sha256')
    .update(attempt === 0 ? itineraryId : `${itineraryId}#${attempt}`)
    .digest();
  // 40 bits, 5 a symbol: the alphabet has 32, so every symbol is equally likely.
  let bits = 0n;
  for (let i = 0; i < 5; i++) bits = (bits << 8n) | BigInt(digest[i]!);
  let symbols = '';
  for (let i = BOOKING_REFERENCE_LENGTH - 1; i >= 0; i--)
    symbols += BOOKING_REFERENCE_ALPHABET[Number((bits >> BigInt(5 * i)) & 31n)];
  return `${BOOKING_REFERENCE_PREFIX}${symbols}`;
}
