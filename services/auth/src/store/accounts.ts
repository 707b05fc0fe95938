// Accounts: credentials, roles and linked providers, with their events in the same document (outbox).
import { RoleSchema, type Role } from '@travelclub/contracts';
import {
  appError,
  defineModel,
  isDuplicateKeyError,
  newEvent,
  outboxPlugin,
  withEvents,
  type CausalContext,
  type Outbox,
} from '@travelclub/kit';
import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import { anonymousKey, emailKey, withRole, type AccountFacts } from '../domain/accounts.js';

export interface Account extends AccountFacts {
  /** The lower-cased email, or `anonymous:<id>`: unique, so one email has one account. */
  emailKey: string;
  passwordHash?: string | null;
  /** `<provider>:<subject>` of every linked sign-in provider. */
  providers: string[];
  /** When the password last changed or was taken away: refresh tokens and sessions from before end. */
  credentialsChangedAt?: Date | null;
  updatedAt: Date;
}

const accountSchema = new Schema<Account>(
  {
    _id: { type: String, required: true },
    email: { type: String, default: null },
    emailKey: { type: String, required: true, unique: true },
    publicName: { type: String, default: null },
    passwordHash: { type: String, default: null },
    roles: { type: [String], enum: RoleSchema.options, default: [] },
    isAnonymous: { type: Boolean, required: true },
    emailVerified: { type: Boolean, default: false },
    providers: { type: [String], default: [], index: true },
    credentialsChangedAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
accountSchema.plugin(outboxPlugin);

export interface NewAccount {
  email: string;
  publicName: string;
  roles: Role[];
  passwordHash?: string;
  emailVerified?: boolean;
  provider?: string;
}

export type AccountStore = Awaited<ReturnType<typeof accountStore>>;

/** The accounts carry their events; `outbox` hears which just got some, so the relay publishes them at once. */
export async function accountStore(connection: Connection, outbox: Outbox) {
  const Accounts = await defineModel(connection, 'Account', accountSchema, 'accounts');
  outbox.addModel(Accounts);
  const lean = { lean: true, projection: { outbox: 0 } } as const;

  const registered = (account: Account, upgradedFromAnonymous: boolean, ctx: CausalContext) =>
    newEvent(
      'auth.account.registered',
      account._id,
      {
        userId: account._id,
        email: account.email ?? '',
        publicName: account.publicName ?? '',
        roles: account.roles,
        upgradedFromAnonymous,
      },
      ctx,
    );

  /** What a sign-up (new or upgrading an anonymous account) sets. */
  const registeredFields = (fields: NewAccount) => ({
    email: fields.email.trim(),
    emailKey: emailKey(fields.email),
    publicName: fields.publicName,
    passwordHash: fields.passwordHash ?? null,
    roles: fields.roles,
    isAnonymous: false,
    emailVerified: fields.emailVerified ?? false,
    providers: fields.provider ? [fields.provider] : [],
    updatedAt: new Date(),
  });

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

    async create(fields: NewAccount, ctx: CausalContext): Promise<Account> {
      const id = randomUUID();
      const changes = registeredFields(fields);
      const account: Account = { _id: id, ...changes, createdAt: changes.updatedAt };
      await Accounts.create({ ...account, outbox: [registered(account, false, ctx)] }).catch(refuseDuplicate);
      outbox.kick(id);
      return account;
    },

    async createAnonymous(): Promise<Account> {
      const now = new Date();
      const id = randomUUID();
      const account: Account = {
        _id: id,
        email: null,
        emailKey: anonymousKey(id),
        publicName: null,
        passwordHash: null,
        roles: [],
        isAnonymous: true,
        emailVerified: false,
        providers: [],
        createdAt: now,
        updatedAt: now,
      };
      await Accounts.create(account);
      return account;
    },

    /** Turns an anonymous visitor's account into a real one in place: same id, so the cart stays. */
    async upgradeAnonymous(id: string, fields: NewAccount, ctx: CausalContext): Promise<Account | null> {
      const current = await Accounts.findOne({ _id: id, isAnonymous: true }, null, lean).exec();
      if (!current) return null;
      const changes = registeredFields(fields);
      const upgraded: Account = { ...(current as Account), ...changes };
      // The isAnonymous condition makes a second, concurrent upgrade find nothing.
      const done = await Accounts.findOneAndUpdate(
        { _id: id, isAnonymous: true },
        withEvents({ $set: changes }, registered(upgraded, true, ctx)),
        lean,
      )
        .exec()
        .catch(refuseDuplicate);
      if (!done) return null;
      outbox.kick(id);
      return upgraded;
    },

    async grantRole(account: Account, role: Role, ctx: CausalContext): Promise<Account> {
      if (account.roles.includes(role)) return account;
      const roles = withRole(account.roles, role);
      const event = newEvent('auth.role.granted', account._id, { userId: account._id, role, roles }, ctx);
      const updated = await Accounts.findOneAndUpdate(
        { _id: account._id },
        withEvents({ $addToSet: { roles: role }, $set: { updatedAt: new Date() } }, event),
        { ...lean, new: true },
      ).exec();
      outbox.kick(account._id);
      return (updated as Account | null) ?? { ...account, roles };
    },

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

    /**
     * Creates the support-staff account, or resets its password, from configuration. An account with that
     * email that is not staff already (anyone may sign up with any address) is never promoted.
     */
    async ensureStaff(email: string, passwordHash: string, ctx: CausalContext): Promise<Account> {
      const existing = await this.findByEmail(email);
      if (!existing) {
        const fields = {
          email,
          publicName: 'Support',
          roles: ['role/support' as const],
          passwordHash,
          emailVerified: true,
        };
        return this.create(fields, ctx);
      }
      if (!existing.roles.includes('role/support')) {
        throw new Error(`SUPPORT_EMAIL ${email} belongs to an account that is not support staff; it is not promoted`);
      }
      await this.setPassword(existing._id, passwordHash);
      return existing;
    },
  };
}
