// The club page's view beacon (docs/creator.md, "Analytics"): a view is counted when a browser (not a bot by its
// user agent, `isbot`) under its address's limit looks at a creator's club, by any slug the creator ever had.
// Each counted view is one `creator.club.viewed` through the outbox, saying whether its visitor was new that day
// (a HyperLogLog of keyed hashes: no address or user agent is kept). Whatever happens the caller learns nothing.
import {
  AppError,
  newEvent,
  windowLimit,
  type CausalContext,
  type ServiceApp,
  type WindowLimit,
} from '@travelclub/kit';
import { isbot } from 'isbot';
import { dayOf, visitorKey } from '../domain/analytics.js';
import type { ProfileRecord } from '../domain/profile.js';
import type { PageViewStore } from '../store/page-views.js';

export interface Visitor {
  /** The client address as the service settled on it (behind the gateway, the one it forwards). */
  address: string;
  userAgent: string | undefined;
}

/** Why a view was not counted, or that it was: for logs and tests, never for the caller. */
export type ViewOutcome = 'counted' | 'bot' | 'over-limit' | 'unknown-club';

interface PageViewDeps {
  /** The creator whose club this slug is (or was), or an error when there is none. */
  creatorBySlug: (slug: string) => Promise<ProfileRecord>;
  views: PageViewStore;
  /** Views counted per client address. */
  limit: WindowLimit;
}

/** The beacon's limit per client address and minute. */
export const pageViewLimit = (redis: ServiceApp['redis'], prefix: string, perMinute: number) =>
  windowLimit(redis, { prefix: `${prefix}:view-ip`, points: perMinute, windowSeconds: 60 });

/** No creator has (or had) that slug: nothing to count. Any other failure is a failure. */
function noClub(err: unknown): null {
  if (err instanceof AppError && err.code === 'profile-not-found') return null;
  throw err;
}

export function pageViewFlows({ creatorBySlug, views, limit }: PageViewDeps) {
  return {
    async record(slug: string, visitor: Visitor, ctx: CausalContext): Promise<ViewOutcome> {
      const userAgent = visitor.userAgent?.trim();
      // Browsers always send one; a request without one is a script.
      if (!userAgent || isbot(userAgent)) return 'bot';
      if (!(await limit.take(visitor.address))) return 'over-limit';
      const creator = await creatorBySlug(slug).catch(noClub);
      if (!creator) return 'unknown-club';
      const day = dayOf(new Date());
      const visitorId = visitorKey(await views.secretOf(day), visitor.address, userAgent);
      const newVisitor = await views.countVisitor(creator._id, day, visitorId);
      const payload = { creatorId: creator._id, day, newVisitor };
      await views.record(newEvent('creator.club.viewed', creator._id, payload, ctx), payload);
      return 'counted';
    },
  };
}
export type PageViewFlows = ReturnType<typeof pageViewFlows>;
