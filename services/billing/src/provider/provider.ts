// The card payment provider as billing uses it. Every call carries an idempotency key: the same key twice
// gives the first answer again and moves money once, so a retry after a network cut or a crash is safe. A
// charge can be looked up by its key, to learn what became of a charge whose answer was lost. A card can be
// kept at the provider (a payment method) and charged again later by its id: creators' plans renew so.
import type { Card, Money } from '@travelclub/contracts';
import { withTimeout } from '@travelclub/kit';
import type { CardSummary, SavedCard } from '../domain/card.js';

export type ChargeOutcome = 'succeeded' | 'declined' | 'insufficient_funds';

export interface ChargeRequest {
  idempotencyKey: string;
  amount: Money;
  /** The card as typed; the provider may keep it, billing never does. */
  card: Card;
  /** Ours, shown in the provider's dashboard (the invoice id). */
  reference?: string;
}

export interface ChargeResult extends CardSummary {
  chargeId: string;
  outcome: ChargeOutcome;
  amount: Money;
}

/** What the provider knows of a charge key: nothing (it never arrived), still at work, or its outcome. */
export type ChargeLookup =
  { state: 'not-found' } | { state: 'pending' } | { state: 'settled'; charge: ChargeResult; reference?: string };

export interface RefundRequest {
  idempotencyKey: string;
  chargeId: string;
  amount: Money;
}

export interface RefundResult {
  refundId: string;
  /** What the provider refunded under this key (the first request's amount, when the key was used before). */
  amount: Money;
}

/** Keeps a card at the provider for later charges (a customer's payment method), once per key. */
export interface SaveCardRequest {
  idempotencyKey: string;
  card: Card;
}

/** A charge to a card the provider keeps (a plan's renewal). */
export interface SavedCardChargeRequest {
  idempotencyKey: string;
  amount: Money;
  paymentMethodId: string;
  reference?: string;
}

export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  saveCard(request: SaveCardRequest): Promise<SavedCard>;
  chargeSaved(request: SavedCardChargeRequest): Promise<ChargeResult>;
  /** The charge made under this idempotency key, if any. */
  lookup(idempotencyKey: string): Promise<ChargeLookup>;
  refund(request: RefundRequest): Promise<RefundResult>;
}

/**
 * The provider with every call bounded: a call that takes longer fails (its outcome unknown), so a payment
 * never outlives its lease waiting. The work at the provider may still go on; the key finds it later.
 */
export function withProviderTimeout<P extends PaymentProvider>(provider: P, timeoutMs: number): P {
  const what = `the payment provider (${provider.name})`;
  return Object.assign(Object.create(provider) as P, {
    charge: (request: ChargeRequest) => withTimeout(provider.charge(request), timeoutMs, what),
    lookup: (key: string) => withTimeout(provider.lookup(key), timeoutMs, what),
    refund: (request: RefundRequest) => withTimeout(provider.refund(request), timeoutMs, what),
    saveCard: (request: SaveCardRequest) => withTimeout(provider.saveCard(request), timeoutMs, what),
    chargeSaved: (request: SavedCardChargeRequest) => withTimeout(provider.chargeSaved(request), timeoutMs, what),
  });
}
