// A profile as stored, and the views of it each caller may see. Pure: no I/O.
import type {
  CreatorDetails,
  Profile,
  ProfileVerification,
  PublicProfile,
  Role,
  UserAttribution,
} from '@travelclub/contracts';

export interface ProfileRecord {
  /** The account's id. */
  _id: string;
  publicName: string;
  /** The current club address; every address the account had stays in the slug history. */
  slug: string;
  currency: string;
  country: string;
  claims: Role[];
  creatorProfile: CreatorDetails;
  attribution?: UserAttribution & { at: Date };
  verified: boolean;
  /**
   * When support staff revoked the creator role (auth.role.revoked), until they grant it again: a token signed
   * before the revoke still says creator for its minutes, and must not make the club public again.
   */
  creatorRevokedAt?: Date | null;
  /** The public name as a reader sees it (`publicNameKey`): set on every write, compared with verified creators'. */
  nameKey?: string;
  /** Billing's last word on the creator's paid plan, and when it was said. */
  plan?: { status: string; subscriptionId: string; at: Date; currentPeriodEnd?: Date };
  createdAt: Date;
  updatedAt: Date;
  /** The write counter: every change is guarded by it. */
  version: number;
}

export const isCreator = (record: Pick<ProfileRecord, 'claims'>) => record.claims.includes('role/creator');

/** The roles a token says, less the creator role while staff's revoke of it stands. */
export const claimsFromToken = (record: Pick<ProfileRecord, 'creatorRevokedAt'>, roles: readonly Role[]): Role[] =>
  record.creatorRevokedAt ? roles.filter((role) => role !== 'role/creator') : [...roles];

/** The owner's view; `verification` is their latest request (the owner's own answers only, never the public ones). */
export function profileView(record: ProfileRecord, verification?: ProfileVerification): Profile {
  return {
    userId: record._id,
    publicName: record.publicName,
    slug: record.slug,
    currency: record.currency,
    country: record.country,
    claims: record.claims,
    creatorProfile: record.creatorProfile,
    ...(record.attribution && {
      attribution: { ...record.attribution, at: record.attribution.at.toISOString() },
    }),
    verified: record.verified,
    ...(verification && { verification }),
    ...(record.plan && {
      plan: {
        status: record.plan.status,
        ...(record.plan.currentPeriodEnd && { currentPeriodEnd: record.plan.currentPeriodEnd.toISOString() }),
      },
    }),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

export function publicProfileView(record: ProfileRecord): PublicProfile {
  const { heroImage, profilePicture, bio, links } = record.creatorProfile;
  return {
    userId: record._id,
    publicName: record.publicName,
    slug: record.slug,
    creatorProfile: {
      ...(heroImage && { heroImage }),
      ...(profilePicture && { profilePicture }),
      ...(bio && { bio }),
      ...(links && { links }),
    },
    verified: record.verified,
  };
}

/** Same roles in any order. */
export const sameClaims = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((role) => b.includes(role));
