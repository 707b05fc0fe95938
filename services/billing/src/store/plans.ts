// Creators' plans. One document per creator (`_id` is their user id) holds their plan of the moment, its
// checkout and portal links (their secrets hashed), the payments made for it, and the events of each change
// (outbox): every state change and its events are one conditional single-document update, and one creator
// has one plan at a time without any unique index.
import type { CreatorPlanStatus, Money } from '@travelclub/contracts';
import { defineModel, outboxPlugin, required, withEvents, type Outbox, type OutboxEvent } from '@travelclub/kit';
import { Schema, type Connection, type mongo } from 'mongoose';
import type { CardSummary, SavedCard } from '../domain/card.js';

/** A checkout link: it works until `expiresAt`, and once paid only sends the browser back to `returnUrl`. */
export interface CheckoutSession {
  id: string;
  tokenHash: string;
  expiresAt: Date;
  returnUrl: string;
  cancelUrl: string;
  /** Declined attempts so far: the next attempt's charge key follows from it. */
  attempts: number;
  completedAt?: Date;
}

export interface PortalSession {
  tokenHash: string;
  expiresAt: Date;
  returnUrl: string;
}

export interface PlanPayment {
  planId: string;
  /** The provider's idempotency key. */
  key: string;
  chargeId: string;
  amount: Money;
  card: CardSummary;
  /** The month it paid for (1 for the first). */
  period: number;
  paidAt: Date;
}

export interface PlanDocument {
  /** The creator's user id. */
  _id: string;
  /** The plan of the moment (`subscriptionId`): a new one after a cancelled or lapsed plan. */
  planId: string;
  status: CreatorPlanStatus;
  price: Money;
  /** The creator's address as their token said when they started the checkout (shown on the page). */
  email?: string;
  /** When the first month started: every period ends a whole number of months after it. */
  anchor?: Date;
  /** Months paid so far. */
  period: number;
  currentPeriodStart?: Date;
  currentPeriodEnd?: Date;
  cancelAtPeriodEnd: boolean;
  /** Set to end because support staff revoked the creator role (not the creator's wish): a re-grant undoes it. */
  endsForRevoke?: boolean;
  graceUntil?: Date;
  /** Declined attempts at paying the overdue month. */
  retries: number;
  paymentMethod?: SavedCard;
  checkout?: CheckoutSession;
  portal?: PortalSession;
  payments: PlanPayment[];
  createdAt: Date;
  endedAt?: Date;
  outbox: OutboxEvent[];
}

export type NewPlan = Pick<PlanDocument, 'planId' | 'price' | 'email' | 'createdAt' | 'checkout'>;

/** What a paid month changes: its number, its dates and the card it was paid with. */
export interface PaidMonth {
  period: number;
  start: Date;
  end: Date;
  paymentMethod: SavedCard;
  payment: PlanPayment;
}

const planSchema = new Schema<PlanDocument>(
  {
    ...required({ _id: String, planId: String, status: String }),
    price: Schema.Types.Mixed,
    email: String,
    anchor: Date,
    period: Number,
    currentPeriodStart: Date,
    currentPeriodEnd: Date,
    cancelAtPeriodEnd: Boolean,
    endsForRevoke: Boolean,
    graceUntil: Date,
    retries: Number,
    paymentMethod: Schema.Types.Mixed,
    checkout: Schema.Types.Mixed,
    portal: Schema.Types.Mixed,
    payments: Schema.Types.Mixed,
    createdAt: Date,
    endedAt: Date,
  },
  { versionKey: false, minimize: false },
);
planSchema.plugin(outboxPlugin);
// Production MongoDB opens links and finds due plans through these; mongo-java-server scans.
planSchema.index({ 'checkout.tokenHash': 1 }, { sparse: true });
planSchema.index({ 'portal.tokenHash': 1 }, { sparse: true });
planSchema.index({ status: 1, currentPeriodEnd: 1 });
planSchema.index({ status: 1, graceUntil: 1 });

/** A plan from scratch: not paid yet, its checkout open. */
const freshPlan = (plan: NewPlan): Partial<PlanDocument> => ({
  ...plan,
  status: 'incomplete',
  period: 0,
  cancelAtPeriodEnd: false,
  retries: 0,
});
/** What a new plan leaves behind of the creator's previous one (its payments stay). */
const PREVIOUS = {
  anchor: 1,
  currentPeriodStart: 1,
  currentPeriodEnd: 1,
  graceUntil: 1,
  endedAt: 1,
  portal: 1,
  paymentMethod: 1,
} as const;

export type PlanStore = Awaited<ReturnType<typeof planStore>>;

export async function planStore(connection: Connection, outbox: Outbox) {
  const Plan = await defineModel(connection, 'CreatorPlan', planSchema, 'creator_plans');
  outbox.addModel(Plan);
  const plans = Plan.collection as unknown as mongo.Collection<PlanDocument>;
  const after = { returnDocument: 'after', projection: { outbox: 0 } } as const;
  /** One conditional update; the document after it, and the outbox kicked when it got events. */
  const changed = async (
    filter: mongo.Filter<PlanDocument>,
    update: mongo.UpdateFilter<PlanDocument>,
    events: OutboxEvent[] = [],
  ) => {
    const doc = await plans.findOneAndUpdate(filter, events.length ? withEvents(update, ...events) : update, after);
    if (doc && events.length) outbox.kick(doc._id);
    return doc;
  };
  const read = (filter: mongo.Filter<PlanDocument>) => plans.findOne(filter, { projection: { outbox: 0 } });

  return {
    collection: plans,
    ...planReads(plans, read),
    ...checkoutChanges(plans, read, changed),
    ...monthChanges(plans, changed),
  };
}

type Read = (filter: mongo.Filter<PlanDocument>) => Promise<PlanDocument | null>;
type Changed = (
  filter: mongo.Filter<PlanDocument>,
  update: mongo.UpdateFilter<PlanDocument>,
  events?: OutboxEvent[],
) => Promise<PlanDocument | null>;

function planReads(plans: mongo.Collection<PlanDocument>, read: Read) {
  return {
    get: (userId: string) => read({ _id: userId }),
    byCheckoutToken: (tokenHash: string) => read({ 'checkout.tokenHash': tokenHash }),
    byPortalToken: (tokenHash: string) => read({ 'portal.tokenHash': tokenHash }),

    /** Plans the renewal job has to look at (every creator's, or one's), the longest due first. */
    async due(now: Date, limit: number, userId?: string): Promise<PlanDocument[]> {
      const due = [
        { status: 'active', currentPeriodEnd: { $lte: now } },
        { status: 'past_due', graceUntil: { $lte: now } },
      ] as mongo.Filter<PlanDocument>[];
      return plans
        .find({ $or: due, ...(userId ? { _id: userId } : {}) }, { projection: { outbox: 0 } })
        .sort({ currentPeriodEnd: 1 })
        .limit(limit)
        .toArray();
    },
  };
}

/** A plan made, its checkout started again or paid, its portal opened. */
function checkoutChanges(plans: mongo.Collection<PlanDocument>, read: Read, changed: Changed) {
  return {
    /** The creator's first plan; null when they have one already (a race: decide again). */
    async create(userId: string, plan: NewPlan): Promise<PlanDocument | null> {
      const result = await plans.updateOne(
        { _id: userId },
        { $setOnInsert: { ...freshPlan(plan), payments: [], outbox: [] } },
        { upsert: true },
      );
      return result.upsertedCount ? read({ _id: userId }) : null;
    },

    /**
     * A new checkout for the unpaid plan `current` is, or (`next`) a new plan after an ended one; only if the
     * plan is still as it was read.
     */
    async restartCheckout(current: PlanDocument, checkout: CheckoutSession, next?: NewPlan) {
      const filter = { _id: current._id, planId: current.planId, status: current.status };
      if (!next) return changed(filter, { $set: { checkout } });
      return changed(filter, { $set: freshPlan({ ...next, checkout }), $unset: PREVIOUS });
    },

    openPortal: (userId: string, portal: PortalSession) => changed({ _id: userId }, { $set: { portal } }),

    /** A declined checkout attempt: the next one charges under its own key. */
    async checkoutDeclined(userId: string, checkout: CheckoutSession): Promise<void> {
      await plans.updateOne(
        { _id: userId, status: 'incomplete', 'checkout.id': checkout.id, 'checkout.attempts': checkout.attempts },
        { $inc: { 'checkout.attempts': 1 } },
      );
    },

    /** The checkout's attempt was paid: the plan starts, once. */
    started(userId: string, checkout: CheckoutSession, month: PaidMonth, event: OutboxEvent) {
      return changed(
        { _id: userId, status: 'incomplete', 'checkout.id': checkout.id, 'checkout.attempts': checkout.attempts },
        {
          $set: {
            status: 'active',
            anchor: month.start,
            ...monthFields(month),
            'checkout.completedAt': month.payment.paidAt,
          },
          $push: { payments: month.payment },
        },
        [event],
      );
    },
  };
}

/** A month renewed or overdue, a plan ended, or set to end at its period's end. */
function monthChanges(plans: mongo.Collection<PlanDocument>, changed: Changed) {
  return {
    /** The next month was paid (renewed, or an overdue month paid in the portal): once per month. */
    renewed(plan: PlanDocument, from: 'active' | 'past_due', month: PaidMonth, event: OutboxEvent) {
      // An active plan set to end at its period's end is not renewed, whatever a run read before the change.
      const staying = from === 'active' ? { cancelAtPeriodEnd: { $ne: true } } : {};
      return changed(
        { _id: plan._id, planId: plan.planId, status: from, period: month.period - 1, ...staying },
        {
          $set: { status: 'active', retries: 0, ...monthFields(month) },
          $unset: { graceUntil: 1 },
          $push: { payments: month.payment },
        },
        [event],
      );
    },

    /** The renewal was declined: overdue until `graceUntil`. */
    overdue(plan: PlanDocument, graceUntil: Date, event: OutboxEvent) {
      return changed(
        { _id: plan._id, planId: plan.planId, status: 'active', period: plan.period },
        { $set: { status: 'past_due', graceUntil } },
        [event],
      );
    },

    async overdueDeclined(plan: PlanDocument): Promise<void> {
      await plans.updateOne(
        { _id: plan._id, planId: plan.planId, status: 'past_due', period: plan.period, retries: plan.retries },
        { $inc: { retries: 1 } },
      );
    },

    /** Ends the plan as `cancelled` (its creator's wish, at the period's end) or `lapsed` (unpaid after grace). */
    ended(plan: PlanDocument, status: 'cancelled' | 'lapsed', endedAt: Date, event: OutboxEvent) {
      const was: mongo.Filter<PlanDocument> =
        status === 'cancelled' ? { status: 'active', cancelAtPeriodEnd: true } : { status: 'past_due' };
      return changed(
        { _id: plan._id, planId: plan.planId, period: plan.period, ...was },
        { $set: { status, endedAt } },
        [event],
      );
    },

    /**
     * Cancels at the period's end, or takes that back, through a portal link still valid at `now`. Either is the
     * creator's own wish from then on (`endsForRevoke` goes); taking it back is refused while `revoked`.
     */
    cancelAtPeriodEnd(tokenHash: string, now: Date, cancel: boolean) {
      return changed(
        { 'portal.tokenHash': tokenHash, 'portal.expiresAt': { $gt: now }, status: 'active' },
        { $set: { cancelAtPeriodEnd: cancel }, $unset: { endsForRevoke: 1 } },
      );
    },

    /** The creator role was revoked: an active plan ends at its paid period's end, with no further renewal. */
    endForRevoke: (plan: PlanDocument) =>
      changed(
        { _id: plan._id, planId: plan.planId, status: 'active', cancelAtPeriodEnd: { $ne: true } },
        { $set: { cancelAtPeriodEnd: true, endsForRevoke: true } },
      ),

    /** An overdue plan of a creator whose role was revoked ends now: its paid period is over already. */
    endOverdueForRevoke: (plan: PlanDocument, endedAt: Date, event: OutboxEvent) =>
      changed(
        { _id: plan._id, planId: plan.planId, status: 'past_due', period: plan.period },
        { $set: { status: 'cancelled', endedAt }, $unset: { graceUntil: 1 } },
        [event],
      ),

    /** The role was given back by staff: a plan set to end only for the revoke renews again. */
    resumeAfterRevoke: (userId: string) =>
      changed(
        { _id: userId, status: 'active', endsForRevoke: true },
        { $set: { cancelAtPeriodEnd: false }, $unset: { endsForRevoke: 1 } },
      ),
  };
}

function monthFields(month: PaidMonth) {
  return {
    period: month.period,
    currentPeriodStart: month.start,
    currentPeriodEnd: month.end,
    paymentMethod: month.paymentMethod,
  };
}
