// The support desk (the travelclub command line): the clubs an address subscribes to, each with its status
// and dates, never its codes or unsubscribe token. A read of a traveller's data, so it is logged with the staff
// id (without the address: the log is not a place for it).
import type { AuthUser, SupportSubscriber } from '@travelclub/contracts';
import type { Logger } from '@travelclub/kit';
import { emailKeyOf } from '../domain/subscriptions.js';
import type { ProfileStore } from '../store/profiles.js';
import type { SubscriptionStore } from '../store/subscriptions.js';

export interface SupportDeps {
  subscriptions: Pick<SubscriptionStore, 'ofAddress'>;
  profiles: Pick<ProfileStore, 'many'>;
  log: Logger;
}

export function supportFlows({ subscriptions, profiles, log }: SupportDeps) {
  return {
    async subscriber(staff: AuthUser, email: string): Promise<SupportSubscriber> {
      const key = emailKeyOf(email);
      const found = await subscriptions.ofAddress(key);
      const clubs = await profiles.many([...new Set(found.map((s) => s.creatorId))]);
      const slugOf = new Map(clubs.map((profile) => [profile._id, profile.slug]));
      log.info({ staffId: staff.id, count: found.length }, 'support staff looked up a subscriber');
      return {
        email: key,
        subscriptions: found.map((s) => {
          const creator = slugOf.get(s.creatorId);
          return {
            id: s._id,
            ...(creator !== undefined && { creator }),
            creatorId: s.creatorId,
            status: s.status,
            subscriptionType: s.subscriptionType,
            ...(s.userId !== undefined && { userId: s.userId }),
            createdAt: s.createdAt.toISOString(),
            ...(s.confirmedAt && { confirmedAt: s.confirmedAt.toISOString() }),
            ...(s.unsubscribedAt && { unsubscribedAt: s.unsubscribedAt.toISOString() }),
          };
        }),
      };
    },
  };
}
export type SupportFlows = ReturnType<typeof supportFlows>;
