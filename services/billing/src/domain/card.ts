// What may be kept of a card: its brand (from the number's prefix) and its last four digits, nothing else.
import type { z } from 'zod';
import type { CardSummarySchema } from '@travelclub/contracts';

export type CardSummary = z.infer<typeof CardSummarySchema>;

/** The brand from the issuer prefix: Visa 4, Mastercard 51-55 and 2221-2720, Amex 34 and 37, else `card`. */
export function cardBrand(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  return 'card';
}

export function cardSummary(number: string): CardSummary {
  const digits = number.replace(/\D/g, '');
  return { brand: cardBrand(digits), last4: digits.slice(-4) };
}
