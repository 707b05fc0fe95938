// What may be kept of a card: its brand (from the number's prefix) and its last four digits, nothing else.
import type { z } from 'zod';
import type { CardSummarySchema } from '@travelclub/contracts';

export type CardSummary = z.infer<typeof CardSummarySchema>;

/** A card the provider keeps: billing keeps its id, brand and last four digits, never the card. */
export interface SavedCard extends CardSummary {
  paymentMethodId: string;
}

/** The sandbox provider's test cards (its pages list them); any other number goes through. */
export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Goes through when typed in; declined when charged again as a saved card (a plan's renewal). */
  declinedLater: '4000000000000341',
} as const;

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
