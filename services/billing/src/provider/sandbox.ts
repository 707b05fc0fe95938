// The sandbox provider: behaves like a real provider's test mode, with charges, refunds and saved cards of its
// own (collections `sandbox_charges`, `sandbox_refunds`, `sandbox_payment_methods`) keyed by idempotency key.
// Test cards: 4242424242424242 succeeds, 4000000000000002 is declined, 4000000000009995 has insufficient
// funds, 4000000000000341 succeeds when typed in but is declined when charged again saved (a renewal); any
// other number that passed validation (12-19 digits, Luhn) succeeds. Only the brand and last four digits are
// stored, and for a saved card the outcome its later charges get.
// A charge is recorded when it arrives and settles `latencyMs` later, whether or not its caller still waits
// (a real provider finishes what it was sent): a lookup meanwhile finds it pending.
import type { Money } from '@travelclub/contracts';
import { defineModel } from '@travelclub/kit';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Schema, type Connection, type mongo } from 'mongoose';
import { cardSummary, SANDBOX_CARDS } from '../domain/card.js';
import type { ChargeOutcome, ChargeResult, PaymentProvider, RefundResult } from './provider.js';

interface SandboxCharge {
  /** The idempotency key. */
  _id: string;
  chargeId: string;
  amount: Money;
  brand: string;
  last4: string;
  outcome: ChargeOutcome;
  reference?: string;
  createdAt: Date;
  /** Its outcome is known from then on. */
  settlesAt: Date;
}

/** A saved card (payment method): what its later charges get, never the number. */
interface SandboxPaymentMethod {
  /** The idempotency key it was saved under. */
  _id: string;
  paymentMethodId: string;
  brand: string;
  last4: string;
  outcome: ChargeOutcome;
  createdAt: Date;
}

interface SandboxRefund {
  _id: string;
  refundId: string;
  chargeId: string;
  amount: Money;
  createdAt: Date;
}

const chargeSchema = new Schema<SandboxCharge>(
  {
    _id: String,
    chargeId: { type: String, required: true, unique: true },
    amount: Schema.Types.Mixed,
    brand: String,
    last4: String,
    outcome: String,
    reference: { type: String, index: true },
    createdAt: Date,
    settlesAt: Date,
  },
  { versionKey: false },
);
const paymentMethodSchema = new Schema<SandboxPaymentMethod>(
  {
    _id: String,
    paymentMethodId: { type: String, required: true, unique: true },
    brand: String,
    last4: String,
    outcome: String,
    createdAt: Date,
  },
  { versionKey: false },
);
const refundSchema = new Schema<SandboxRefund>(
  {
    _id: String,
    refundId: String,
    chargeId: { type: String, index: true },
    amount: Schema.Types.Mixed,
    createdAt: Date,
  },
  { versionKey: false },
);

function outcomeOf(number: string): ChargeOutcome {
  const digits = number.replace(/\D/g, '');
  if (digits === SANDBOX_CARDS.declined) return 'declined';
  if (digits === SANDBOX_CARDS.insufficientFunds) return 'insufficient_funds';
  return 'succeeded';
}

/** What a saved card's later charges get. */
function savedOutcomeOf(number: string): ChargeOutcome {
  const digits = number.replace(/\D/g, '');
  return digits === SANDBOX_CARDS.declinedLater ? 'declined' : outcomeOf(digits);
}

export class SandboxRefundError extends Error {
  override name = 'SandboxRefundError';
}

export class SandboxPaymentMethodError extends Error {
  override name = 'SandboxPaymentMethodError';
}

export type SandboxProvider = Awaited<ReturnType<typeof sandboxProvider>>;

export interface SandboxOptions {
  /** How long a charge takes to settle. */
  latencyMs?: number;
  /** TEST ONLY: end the process (SIGKILL) right after answering a charge, before the caller can record it. */
  crashAfterCharge?: boolean;
}

const resultOf = (stored: SandboxCharge): ChargeResult => ({
  chargeId: stored.chargeId,
  outcome: stored.outcome,
  amount: stored.amount,
  brand: stored.brand,
  last4: stored.last4,
});

// Charges from before settlement times were kept are settled.
const settled = (charge: SandboxCharge, now = Date.now()) => !charge.settlesAt || charge.settlesAt.getTime() <= now;

const newId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '')}`;

/** A refund goes only to a charge that went through, in its currency, and never past what is left of it. */
async function assertRefundable(
  charges: mongo.Collection<SandboxCharge>,
  refunds: mongo.Collection<SandboxRefund>,
  { chargeId, amount }: { chargeId: string; amount: Money },
) {
  const charge = await charges.findOne({ chargeId });
  if (!charge || !settled(charge) || charge.outcome !== 'succeeded')
    throw new SandboxRefundError(`no such charge: ${chargeId}`);
  if (amount.currency !== charge.amount.currency || amount.amount <= 0)
    throw new SandboxRefundError('the refund amount is not valid');
  const earlier = await refunds.find({ chargeId }).toArray();
  const refunded = earlier.reduce((sum, r) => sum + r.amount.amount, 0);
  if (refunded + amount.amount > charge.amount.amount)
    throw new SandboxRefundError('the refund is more than what is left of the charge');
}

type ChargeRecord = Pick<SandboxCharge, 'amount' | 'brand' | 'last4' | 'outcome' | 'reference'>;

/**
 * Records a charge once per key (a repeated key, even racing, finds the first charge) and answers it once it
 * has settled, `latencyMs` after it arrived.
 */
function chargeRecorder(
  charges: mongo.Collection<SandboxCharge>,
  { latencyMs = 0, crashAfterCharge = false }: SandboxOptions,
) {
  return async (idempotencyKey: string, { reference, ...fields }: ChargeRecord): Promise<ChargeResult> => {
    const now = new Date();
    await charges.updateOne(
      { _id: idempotencyKey },
      {
        $setOnInsert: {
          chargeId: newId('ch'),
          ...fields,
          ...(reference ? { reference } : {}),
          createdAt: now,
          settlesAt: new Date(now.getTime() + latencyMs),
        },
      },
      { upsert: true },
    );
    const stored = await charges.findOne({ _id: idempotencyKey });
    if (!stored) throw new Error('sandbox charge vanished');
    const wait = (stored.settlesAt?.getTime() ?? 0) - Date.now();
    if (wait > 0) await sleep(wait);
    if (crashAfterCharge) process.kill(process.pid, 'SIGKILL');
    return resultOf(stored);
  };
}

/** Saved cards (payment methods) and their charges: what a later charge gets was decided when it was saved. */
function savedCards(
  methods: mongo.Collection<SandboxPaymentMethod>,
  record: ReturnType<typeof chargeRecorder>,
): Pick<PaymentProvider, 'saveCard' | 'chargeSaved'> {
  return {
    async saveCard({ idempotencyKey, card }) {
      const { brand, last4 } = cardSummary(card.number);
      await methods.updateOne(
        { _id: idempotencyKey },
        {
          $setOnInsert: {
            paymentMethodId: newId('pm'),
            brand,
            last4,
            outcome: savedOutcomeOf(card.number),
            createdAt: new Date(),
          },
        },
        { upsert: true },
      );
      const stored = await methods.findOne({ _id: idempotencyKey });
      if (!stored) throw new Error('sandbox payment method vanished');
      return { paymentMethodId: stored.paymentMethodId, brand: stored.brand, last4: stored.last4 };
    },

    async chargeSaved({ idempotencyKey, amount, paymentMethodId, reference }) {
      const method = await methods.findOne({ paymentMethodId });
      if (!method) throw new SandboxPaymentMethodError(`no such payment method: ${paymentMethodId}`);
      const { brand, last4, outcome } = method;
      return record(idempotencyKey, { amount, brand, last4, outcome, ...(reference ? { reference } : {}) });
    },
  };
}

export async function sandboxProvider(connection: Connection, options: SandboxOptions = {}) {
  const Charges = await defineModel(connection, 'SandboxCharge', chargeSchema, 'sandbox_charges');
  const Refunds = await defineModel(connection, 'SandboxRefund', refundSchema, 'sandbox_refunds');
  const Methods = await defineModel(connection, 'SandboxPaymentMethod', paymentMethodSchema, 'sandbox_payment_methods');
  const charges = Charges.collection as unknown as mongo.Collection<SandboxCharge>;
  const refunds = Refunds.collection as unknown as mongo.Collection<SandboxRefund>;
  const methods = Methods.collection as unknown as mongo.Collection<SandboxPaymentMethod>;
  const record = chargeRecorder(charges, options);
  const provider: PaymentProvider & {
    charges: mongo.Collection<SandboxCharge>;
    refunds: mongo.Collection<SandboxRefund>;
    paymentMethods: mongo.Collection<SandboxPaymentMethod>;
  } = {
    name: 'sandbox',
    charges,
    refunds,
    paymentMethods: methods,

    async charge({ idempotencyKey, amount, card, reference }): Promise<ChargeResult> {
      const { brand, last4 } = cardSummary(card.number);
      const outcome = outcomeOf(card.number);
      return record(idempotencyKey, { amount, brand, last4, outcome, ...(reference ? { reference } : {}) });
    },

    async lookup(idempotencyKey) {
      const stored = await charges.findOne({ _id: idempotencyKey });
      if (!stored) return { state: 'not-found' };
      if (!settled(stored)) return { state: 'pending' };
      return {
        state: 'settled',
        charge: resultOf(stored),
        ...(stored.reference ? { reference: stored.reference } : {}),
      };
    },

    async refund({ idempotencyKey, chargeId, amount }): Promise<RefundResult> {
      const existing = await refunds.findOne({ _id: idempotencyKey });
      if (!existing) {
        await assertRefundable(charges, refunds, { chargeId, amount });
        await refunds.updateOne(
          { _id: idempotencyKey },
          { $setOnInsert: { refundId: newId('re'), chargeId, amount, createdAt: new Date() } },
          { upsert: true },
        );
      }
      const stored = await refunds.findOne({ _id: idempotencyKey });
      if (!stored) throw new Error('sandbox refund vanished');
      return { refundId: stored.refundId, amount: stored.amount };
    },

    ...savedCards(methods, record),
  };
  return provider;
}
