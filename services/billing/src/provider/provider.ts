// The card payment provider as billing uses it. Every call carries an idempotency key: the same key twice
// gives the first answer again and moves money once, so a retry after a network cut or a crash is safe.
import type { Card, Money } from '@travelclub/contracts';
import type { CardSummary } from '../domain/card.js';

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

export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
}
