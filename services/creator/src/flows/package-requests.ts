// A traveller asks a creator for a package (`POST /request-travel-package`): kept for the creator's dashboard, and
// mailed to the creator through the `emails` queue only when their address is proven, with the traveller's address
// to answer to. Limited in Redis, whichever instance answers: per account, per client address (an anonymous token
// costs nothing, so the account alone holds nobody back), per traveller address; over a limit, 429. A creator's
// inbox gets at most `perCreator` mails an hour; past it the requests only wait in the dashboard.
import { EmailSchema, validationMessages, type AuthUser, type TravelPackageRequestBody } from '@travelclub/contracts';
import { appError, mailLimits, windowLimit, type JobQueue, type ServiceApp } from '@travelclub/kit';
import { randomUUID } from 'node:crypto';
import { isCreator, type ProfileRecord } from '../domain/profile.js';
import type { ContactStore } from '../store/contacts.js';
import type { PackageRequestStore } from '../store/package-requests.js';
import type { PackageStore } from '../store/packages.js';
import type { ProfileStore } from '../store/profiles.js';

/** The limits of asking, per hour: an account, a client address, a traveller address, a creator's inbox. */
export const REQUEST_LIMITS = { perSender: 10, perClient: 20, perAddress: 5, perCreator: 50 } as const;

export function packageRequestLimits(redis: ServiceApp['redis'], prefix: string) {
  const hourly = (name: string, points: number) =>
    windowLimit(redis, { prefix: `${prefix}:package-request-${name}`, points, windowSeconds: 3600 });
  return {
    perSender: hourly('sender', REQUEST_LIMITS.perSender),
    perClient: hourly('client', REQUEST_LIMITS.perClient),
    perAddress: hourly('address', REQUEST_LIMITS.perAddress),
    inbox: mailLimits(redis, {
      prefix: `${prefix}:package-request`,
      perAddress: REQUEST_LIMITS.perCreator,
      perAccount: REQUEST_LIMITS.perCreator,
    }),
  };
}
export type PackageRequestLimits = ReturnType<typeof packageRequestLimits>;

export interface PackageRequestDeps {
  profiles: ProfileStore;
  publicBySlug: (slug: string) => Promise<ProfileRecord>;
  packages: PackageStore;
  contacts: ContactStore;
  requests: PackageRequestStore;
  queue: JobQueue<'emails'>;
  limits: PackageRequestLimits;
  /** The web app's origin: the mail links to the creator's dashboard. */
  webUrl: string;
}

/** "2 adults, 1 child". */
function partyText({ adults, children }: { adults: number; children: number }): string {
  const grown = `${adults} adult${adults === 1 ? '' : 's'}`;
  return children === 0 ? grown : `${grown}, ${children} ${children === 1 ? 'child' : 'children'}`;
}

/** Who the request is from: the address typed, else a signed-in traveller's own. */
function senderAddress(body: TravelPackageRequestBody, user: AuthUser | null): string {
  const own = user && !user.isAnonymous ? EmailSchema.safeParse(user.email) : null;
  const address = body.email ?? (own?.success ? own.data : undefined);
  if (!address) throw appError('validation-failed', [{ path: 'email', message: validationMessages.emailRequired }]);
  return address.trim();
}

export function packageRequestFlows(deps: PackageRequestDeps) {
  async function creatorOf(body: TravelPackageRequestBody) {
    if (body.creatorSlug) return deps.publicBySlug(body.creatorSlug);
    const record = await deps.profiles.get(body.creatorId!);
    if (!record || !isCreator(record)) throw appError('profile-not-found');
    return record;
  }

  async function withinLimits(address: string, user: AuthUser | null, ip: string) {
    const allowed = await Promise.all([
      deps.limits.perClient.take(ip),
      ...(user ? [deps.limits.perSender.take(user.id)] : []),
      deps.limits.perAddress.take(address.toLowerCase()),
    ]);
    if (!allowed.every(Boolean)) throw appError('too-many-requests');
  }

  /** The creator's proven address, when their inbox may take one more mail this hour; else null. */
  async function inboxOf(creatorId: string): Promise<string | null> {
    const to = await deps.contacts.verifiedEmailOf(creatorId);
    if (!to) return null;
    return (await deps.limits.inbox.mayMail({ address: to, accountId: creatorId })) ? to : null;
  }

  return {
    async request(body: TravelPackageRequestBody, user: AuthUser | null, ip: string): Promise<void> {
      const from = senderAddress(body, user);
      await withinLimits(from, user, ip);
      const creator = await creatorOf(body);
      const wanted = body.packageId ? await deps.packages.get(body.packageId) : null;
      if (body.packageId && (!wanted || wanted.userId !== creator._id || wanted.status !== 'active'))
        throw appError('travel-package-not-found');
      const to = await inboxOf(creator._id);
      const { dates, party } = body;
      const id = randomUUID();
      await deps.requests.add({
        _id: id,
        creatorId: creator._id,
        travellerEmail: from,
        message: body.message,
        ...(wanted && { packageId: wanted._id, packageTitle: wanted.title }),
        ...(dates && { dates }),
        ...(party && { party }),
        mailed: to !== null,
        createdAt: new Date(),
      });
      if (!to) return;
      const data = {
        link: new URL('/dashboard', deps.webUrl).toString(),
        creatorName: creator.publicName,
        travellerEmail: from,
        message: body.message,
        ...(wanted && { packageTitle: wanted.title }),
        ...(dates && { dates: `${dates.from} to ${dates.to}` }),
        ...(party && { party: partyText(party) }),
      };
      // Every request is a mail of its own: a retried job of it sends it once.
      const idempotencyKey = `travel-package-request-${id}`;
      await deps.queue.add({ to, template: 'travel-package-request', data, idempotencyKey }, { jobId: idempotencyKey });
    },

    /** The requests made to the creator, newest first: the dashboard's list. */
    mine: async (user: AuthUser) => ({ requests: await deps.requests.newestOf(user.id) }),
  };
}
export type PackageRequestFlows = ReturnType<typeof packageRequestFlows>;
