// What support staff's changes write on an account: the change, its record (who, when, why) and its event in one
// update, so a change is never made unrecorded, nor recorded unmade.
import { RoleSchema, SupportAccountActionKindSchema, type Role } from '@travelclub/contracts';
import { required, withEvents, type Outbox, type OutboxEvent } from '@travelclub/kit';
import { Schema, type Model } from 'mongoose';
import type { Account, RoleChangeRecord, StaffActionRecord } from '../domain/accounts.js';

/** The `staffActions` entries of an account document. */
export const staffActionSchema = new Schema<StaffActionRecord>(
  {
    ...required({ at: Date, staffId: String, reason: String }),
    action: { type: String, enum: SupportAccountActionKindSchema.options, required: true },
    role: { type: String, enum: RoleSchema.options },
  },
  { _id: false },
);

/** The `roleChanges` entries of an account document: every change of its roles, and who made it. */
export const roleChangeSchema = new Schema<RoleChangeRecord>(
  {
    at: { type: Date, required: true },
    action: { type: String, enum: ['grant', 'revoke'], required: true },
    role: { type: String, enum: RoleSchema.options, required: true },
    by: { type: String, enum: ['self', 'staff'], required: true },
    staffId: String,
  },
  { _id: false },
);

const lean = { lean: true, projection: { outbox: 0 }, new: true } as const;

export function staffWrites(Accounts: Model<Account>, outbox: Outbox) {
  return {
    /**
     * Sets the account's roles to `roles`, recording the staff action, with the event when there is one. The
     * roles the account was read with are the condition, so the event's `roles` are exactly the roles after;
     * null when they changed in between (read again and retry). A change (`change`, with its event) goes into the
     * account's role history too.
     */
    async setRolesByStaff(
      account: Account,
      roles: Role[],
      action: StaffActionRecord,
      event: OutboxEvent | null,
      change?: RoleChangeRecord,
    ): Promise<Account | null> {
      const pushed = change ? { staffActions: action, roleChanges: change } : { staffActions: action };
      const update = { $set: { roles, updatedAt: action.at }, $push: pushed };
      const updated = await Accounts.findOneAndUpdate(
        { _id: account._id, roles: account.roles },
        event ? withEvents(update, event) : update,
        lean,
      ).exec();
      if (updated && event) outbox.kick(account._id);
      return updated as Account | null;
    },

    /**
     * Ends every refresh token and browser session begun before now (`credentialsChangedAt`, which refresh
     * and session reads check), recording the staff action in the same write: from here on they fail, even
     * if deleting them afterwards does not finish. Null when the account is gone.
     */
    async endSessionsByStaff(id: string, action: StaffActionRecord): Promise<Account | null> {
      const updated = await Accounts.findOneAndUpdate(
        { _id: id },
        { $set: { credentialsChangedAt: action.at, updatedAt: action.at }, $push: { staffActions: action } },
        lean,
      ).exec();
      return updated as Account | null;
    },
  };
}
