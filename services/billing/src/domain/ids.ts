// Identifiers that follow from what they identify, so a repeated request finds the same record.
import type { Card } from '@travelclub/contracts';
import { createHash } from 'node:crypto';
import { cardSummary } from './card.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** One invoice per itinerary revision: the same revision asked twice gives the same invoice. */
export const invoiceIdFor = (itineraryId: string, revision: number) =>
  `inv_${sha256(`${itineraryId}\n${revision}`).slice(0, 24)}`;

/** One payment per invoice and idempotency key; it is also the provider's idempotency key for the charge. */
export const paymentIdFor = (invoiceId: string, idempotencyKey: string) =>
  `pay_${sha256(`${invoiceId}\n${idempotencyKey}`).slice(0, 24)}`;

/** The refund of an invoice that needed no money to move (the whole amount was charged). */
export const emptyRefundIdFor = (invoiceId: string) => `rfd_${sha256(`refund\n${invoiceId}`).slice(0, 24)}`;

/**
 * What a payment request asked for, to tell a repeated key with the same card from one with another card.
 * Neither the number nor the security code goes in, not even hashed: a card number has so few unknown digits
 * once its brand and last four are known that its hash could be reversed by trying them all.
 */
export function paymentRequestHash(invoiceId: string, card: Card): string {
  const { brand, last4 } = cardSummary(card.number);
  return sha256(JSON.stringify([invoiceId, brand, last4, card.expiry, card.holderName.trim().toLowerCase()]));
}
