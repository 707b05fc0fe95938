// The sent-mail log: one record per idempotency key, claimed (`sending`) before the mail goes out and
// marked `sent` once the SMTP server took it, so a job that is delivered again never sends again.
import { defineModel, isDuplicateKeyError, required } from '@travelclub/kit';
import { Schema, type Connection, type Model } from 'mongoose';
import type { EmailTemplate } from '../domain/templates.js';

export interface SentMail {
  /** The job's idempotency key. */
  _id: string;
  to: string;
  template: EmailTemplate;
  subject: string;
  status: 'sending' | 'sent';
  /** Which attempt holds the claim: only that one may release it. */
  claimedBy: string;
  claimedAt: Date;
  messageId: string;
  sentAt?: Date;
}

const sentMailSchema = new Schema<SentMail>(
  {
    ...required({
      _id: String,
      to: String,
      template: String,
      subject: String,
      claimedBy: String,
      claimedAt: Date,
      messageId: String,
    }),
    status: { type: String, enum: ['sending', 'sent'], required: true },
    sentAt: Date,
  },
  { versionKey: false },
);
// For operators looking for mails stuck in `sending` (real MongoDB; the local server ignores it).
sentMailSchema.index({ status: 1, claimedAt: 1 });
sentMailSchema.index({ to: 1, sentAt: -1 });

export type SentMailModel = Model<SentMail>;

export const sentMailModel = (mongo: Connection): Promise<SentMailModel> =>
  defineModel(mongo, 'SentMail', sentMailSchema, 'sent_mails');

export type Claim = { claimed: true } | { claimed: false; existing: SentMail | null };

/**
 * Claims the key for one attempt. When the key is already there, answers with its record (null when it
 * was released between the refused insert and the read).
 */
export async function claimSending(
  sentMails: SentMailModel,
  mail: Omit<SentMail, 'status' | 'sentAt'>,
): Promise<Claim> {
  try {
    await sentMails.create({ ...mail, status: 'sending' });
    return { claimed: true };
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    return { claimed: false, existing: await sentMails.findById(mail._id).lean<SentMail>() };
  }
}

/** Gives the key back after a send that certainly failed, so a retry may send. Only the claimant can. */
export async function releaseClaim(sentMails: SentMailModel, id: string, claimedBy: string): Promise<void> {
  await sentMails.deleteOne({ _id: id, status: 'sending', claimedBy });
}

export async function markSent(
  sentMails: SentMailModel,
  id: string,
  claimedBy: string,
  sent: { messageId: string; sentAt: Date },
): Promise<void> {
  await sentMails.updateOne({ _id: id, status: 'sending', claimedBy }, { $set: { status: 'sent', ...sent } });
}
