// Accounts: credentials, roles, linked providers and what support staff changed, with the events a flow hands
// in written in the same document (outbox).
import { RoleSchema } from '@travelclub/contracts';
import type { Outbox, OutboxEvent } from '@travelclub/kit';
import {
  appError,
  defineModel,
  isDuplicateKeyError,
  outboxPlugin,
  pendingEvents,
  required,
  withEvents,
} from '@travelclub/kit';
import { Schema, type Connection, type Model } from 'mongoose';
import { emailKey, type Account, type RegisteredFields, type RoleChangeRecord } from '../domain/accounts.js';
import { roleChangeSchema, staffActionSchema, staffWrites } from './account-staff-writes.js';

const accountSchema = new Schema<Account>(
  {
    ...required({ _id: String, createdAt: Date, updatedAt: Date }),
    email: { type: String, default: null },
    emailKey: { type: String, required: true, unique: true },
    publicName: { type: String, default: null },
    passwordHash: { type: String, default: null },
    roles: { type: [String], enum: RoleSchema.options, default: [] },
    isAnonymous: { type: Boolean, required: true },
    emailVerified: { type: Boolean, default: false },
    providers: { type: [String], default: [], index: true },
    credentialsChangedAt: { type: Date, default: null },
    mergedInto: { type: String, default: null },
    staffActions: { type: [staffActionSchema], default: undefined },
    roleChanges: { type: [roleChangeSchema], default: undefined },
  },
  { versionKey: false },
);
accountSchema.plugin(outboxPlugin);

const lean = { lean: true, projection: { outbox: 0 } } as const;

/** What proving an email, changing a password or linking a provider writes. */
function credentialWrites(Accounts: Model<Account>) {
  return {
    async setPassword(id: string, passwordHash: string) {
      const now = new Date();
      await Accounts.updateOne(
        { _id: id },
        { $set: { passwordHash, emailVerified: true, credentialsChangedAt: now, updatedAt: now } },
      );
    },

    async markEmailVerified(id: string): Promise<Account | null> {
      return Accounts.findOneAndUpdate(
        { _id: id },
        { $set: { emailVerified: true, updatedAt: new Date() } },
        { ...lean, new: true },
      ).exec() as Promise<Account | null>;
    },

    /**
     * The email's owner proved it (a magic link) on an account whose email was never verified: whoever set
     * its password or linked its providers did not prove the email, so those go, with their sessions.
     */
    async claimByEmailProof(id: string): Promise<Account | null> {
      const now = new Date();
      return Accounts.findOneAndUpdate(
        { _id: id, emailVerified: false },
        { $set: { emailVerified: true, passwordHash: null, providers: [], credentialsChangedAt: now, updatedAt: now } },
        { ...lean, new: true },
      ).exec() as Promise<Account | null>;
    },

    async linkProvider(id: string, provider: string): Promise<Account | null> {
      return Accounts.findOneAndUpdate(
        { _id: id },
        { $addToSet: { providers: provider }, $set: { emailVerified: true, updatedAt: new Date() } },
        { ...lean, new: true },
      ).exec() as Promise<Account | null>;
    },
  };
}

/** What the holder's own role grant writes: the role, its place in the role history and its event, at once. */
function roleWrites(Accounts: Model<Account>, outbox: Outbox) {
  return {
    /**
     * Adds a role the account does not have yet, with its `role.granted` event and its place in the role history.
     * Only if neither its roles nor staff's record changed since `account` was read (a staff revoke in between
     * must win): null then, read again and decide again.
     */
    async addRole(account: Account, change: RoleChangeRecord, event: OutboxEvent): Promise<Account | null> {
      const staffSeen = account.staffActions?.length ?? 0;
      const updated = await Accounts.findOneAndUpdate(
        { _id: account._id, roles: account.roles, [`staffActions.${staffSeen}`]: { $exists: false } },
        withEvents(
          { $addToSet: { roles: change.role }, $set: { updatedAt: change.at }, $push: { roleChanges: change } },
          event,
        ),
        { ...lean, new: true },
      ).exec();
      if (updated) outbox.kick(account._id);
      return updated as Account | null;
    },
  };
}

export type AccountStore = Awaited<ReturnType<typeof accountStore>>;

/** The accounts carry their events; `outbox` hears which just got some, so the relay publishes them at once. */
export async function accountStore(connection: Connection, outbox: Outbox) {
  const Accounts = await defineModel(connection, 'Account', accountSchema, 'accounts');
  outbox.addModel(Accounts);

  const refuseDuplicate = (err: unknown): never => {
    if (isDuplicateKeyError(err)) throw appError('email-already-in-use');
    throw err;
  };

  return {
    findById: (id: string) => Accounts.findById(id, null, lean).exec() as Promise<Account | null>,
    findByEmail: (email: string) =>
      Accounts.findOne({ emailKey: emailKey(email) }, null, lean).exec() as Promise<Account | null>,
    findByProvider: (provider: string) =>
      Accounts.findOne({ providers: provider }, null, lean).exec() as Promise<Account | null>,

    /** Writes a new account with its `registered` event; an email that has an account already is refused. */
    async create(account: Account, event: OutboxEvent): Promise<Account> {
      await Accounts.create({ ...account, ...pendingEvents(event) }).catch(refuseDuplicate);
      outbox.kick(account._id);
      return account;
    },

    async createAnonymous(account: Account): Promise<Account> {
      await Accounts.create(account);
      return account;
    },

    /**
     * Turns an anonymous visitor's account into a real one in place (same id, so the cart stays), with its
     * `registered` event; null when the account is not (or no longer) anonymous.
     */
    async upgradeAnonymous(id: string, changes: RegisteredFields, event: OutboxEvent): Promise<Account | null> {
      const current = await Accounts.findOne({ _id: id, isAnonymous: true }, null, lean).exec();
      if (!current) return null;
      // The isAnonymous condition makes a second, concurrent upgrade find nothing.
      const done = await Accounts.findOneAndUpdate(
        { _id: id, isAnonymous: true },
        withEvents({ $set: changes }, event),
        lean,
      )
        .exec()
        .catch(refuseDuplicate);
      if (!done) return null;
      outbox.kick(id);
      return { ...(current as Account), ...changes };
    },

    /**
     * Retires an anonymous visitor's account into the account they signed in to, with its `anonymous.merged`
     * event; false when it is not anonymous or was merged already (a second sign-in hands nothing over twice).
     */
    async mergeAnonymous(id: string, into: string, event: OutboxEvent): Promise<boolean> {
      const done = await Accounts.findOneAndUpdate(
        { _id: id, isAnonymous: true, mergedInto: null },
        withEvents({ $set: { mergedInto: into, updatedAt: new Date() } }, event),
        lean,
      ).exec();
      if (!done) return false;
      outbox.kick(id);
      return true;
    },

    ...credentialWrites(Accounts),
    ...roleWrites(Accounts, outbox),
    ...staffWrites(Accounts, outbox),
  };
}
