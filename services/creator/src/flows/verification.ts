// Creators' verification: a creator asks (one open request at a time), support staff approve or refuse it.
// Approval sets the profile's `verified` flag; every decision publishes creator.verification.decided, and
// every staff action is logged with the staff member's id (and the decider is kept on the request).
import { randomUUID } from 'node:crypto';
import type {
  AuthUser,
  RequestVerificationBody,
  VerificationDecisionBody,
  VerificationStatus,
} from '@travelclub/contracts';
import { appError, newEvent, type CausalContext, type Logger } from '@travelclub/kit';
import { profileVerificationView, statusOf, type VerificationRecord } from '../domain/verification.js';
import type { ProfileStore } from '../store/profiles.js';
import type { VerificationStore } from '../store/verification.js';

export interface VerificationDeps {
  store: VerificationStore;
  profiles: Pick<ProfileStore, 'get' | 'mutate' | 'many' | 'slugOwner'>;
}

/** Which requests the staff ask for: a status, how many, and maybe one creator's (by handle). */
export interface VerificationListing {
  status: VerificationStatus;
  limit: number;
  handle?: string | undefined;
}

/** Two asks at once: the loser finds the winner's request on its next look. */
const MAX_ATTEMPTS = 5;

async function request(deps: VerificationDeps, userId: string, body: RequestVerificationBody) {
  const profile = await deps.profiles.get(userId);
  if (!profile) throw appError('profile-not-found');
  if (profile.verified) throw appError('already-verified');
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const latest = await deps.store.latest(userId);
    if (latest?.status === 'pending') return { record: latest, created: false };
    // An approved latest request with the profile not verified: the badge was taken back (a rename); ask again.
    const record: VerificationRecord = {
      _id: randomUUID(),
      userId,
      seq: (latest?.seq ?? 0) + 1,
      status: 'pending',
      links: body.links ?? [],
      ...(body.note && { note: body.note }),
      createdAt: new Date(),
    };
    if (await deps.store.insert(record)) return { record, created: true };
  }
  throw new Error(`verification requests of ${userId} kept changing; gave up`);
}

/**
 * A verified creator renamed themselves: the badge is off (the rename's own write) and a pending request,
 * with the links of their last one and a note saying what changed, waits for the staff. One open at a time.
 */
async function reopen(deps: VerificationDeps, userId: string, { from, to }: { from: string; to: string }) {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const latest = await deps.store.latest(userId);
    if (latest?.status === 'pending') return;
    const record: VerificationRecord = {
      _id: randomUUID(),
      userId,
      seq: (latest?.seq ?? 0) + 1,
      status: 'pending',
      links: latest?.links ?? [],
      note: `Renamed while verified: from "${from}" to "${to}". The badge is off until this is approved.`.slice(
        0,
        1_000,
      ),
      createdAt: new Date(),
    };
    if (await deps.store.insert(record)) return;
  }
  throw new Error(`verification requests of ${userId} kept changing; gave up`);
}

/** Sets the flag the public profile shows; nothing when it is set already. */
async function markVerified(deps: VerificationDeps, userId: string, log: Logger) {
  const profile = await deps.profiles.mutate(userId, (record) =>
    record.verified ? null : { set: { verified: true } },
  );
  if (!profile) log.error({ userId }, 'verification approved, but the creator has no profile');
}

async function decide(
  deps: VerificationDeps,
  staff: AuthUser,
  id: string,
  { decision, reason }: VerificationDecisionBody,
  ctx: CausalContext,
  log: Logger,
) {
  const status = statusOf(decision);
  const current = await deps.store.get(id);
  if (!current) throw appError('verification-not-found');
  // Nobody decides on their own request, staff account or not.
  if (current.userId === staff.id) throw appError('forbidden');
  let record: VerificationRecord | null = current;
  let changed = false;
  if (current.status === 'pending') {
    const at = new Date();
    const payload = { userId: current.userId, requestId: id, decision: status, at: at.toISOString() };
    const event = newEvent('creator.verification.decided', current.userId, payload, ctx);
    const set = { status, decidedAt: at, decidedBy: staff.id, ...(reason && { reason }) };
    const decided = await deps.store.decide(id, set, [event]);
    changed = decided !== null;
    record = decided ?? (await deps.store.get(id));
  }
  log.info(
    { staffId: staff.id, requestId: id, userId: current.userId, decision: status, changed },
    'verification decision',
  );
  if (!record || record.status !== status) throw appError('verification-already-decided');
  // Also on a repeat: it mends a profile left unflagged by a failure between the two writes. Only for the
  // creator's latest request: approving an old one again must not give back a badge a rename took away.
  if (status === 'approved' && (await deps.store.latest(record.userId))?._id === record._id)
    await markVerified(deps, record.userId, log);
  return record;
}

/** The creators' current handles (club slugs), by account: those that have a profile. */
async function handlesOf(deps: VerificationDeps, userIds: string[]): Promise<Map<string, string>> {
  const profiles = await deps.profiles.many([...new Set(userIds)]);
  return new Map(profiles.map((profile) => [profile._id, profile.slug]));
}

/**
 * The staff's queue (a read of creators' requests, logged like every staff action). A handle is any address the
 * creator has had, so a request is found by the slug the staff were told; one nobody had finds none.
 */
async function list(deps: VerificationDeps, staff: AuthUser, listing: VerificationListing, log: Logger) {
  const { status, limit, handle } = listing;
  const userId = handle === undefined ? undefined : await deps.profiles.slugOwner(handle);
  const requests = userId === null ? [] : await deps.store.list(status, limit, userId);
  log.info({ staffId: staff.id, status, handle, count: requests.length }, 'verification requests listed');
  const owners = requests.map((r) => r.userId);
  return { requests, handles: await handlesOf(deps, owners) };
}

export type VerificationFlows = ReturnType<typeof verificationFlows>;

export function verificationFlows(deps: VerificationDeps) {
  return {
    /** The creator's open request: the pending one, or a new one (`created`). */
    request: (userId: string, body: RequestVerificationBody) => request(deps, userId, body),

    /** Approves or refuses; the same decision again answers the request as it is, with the creator's handle. */
    async decide(staff: AuthUser, id: string, body: VerificationDecisionBody, ctx: CausalContext, log: Logger) {
      const record = await decide(deps, staff, id, body, ctx, log);
      return { record, handle: (await deps.profiles.get(record.userId))?.slug };
    },

    /** Sends a renamed verified creator back to review (the profile's badge is already off). */
    reopen: (userId: string, change: { from: string; to: string }) => reopen(deps, userId, change),

    /** Where the creator's latest request stands, for their own profile; undefined before their first. */
    async latestOf(userId: string) {
      const latest = await deps.store.latest(userId);
      return latest ? profileVerificationView(latest) : undefined;
    },

    /** The staff's queue, with each creator's handle. */
    list: (staff: AuthUser, listing: VerificationListing, log: Logger) => list(deps, staff, listing, log),
  };
}
