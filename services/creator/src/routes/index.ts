// Every route handler of the creator service, by endpoint name (contracts' `endpoints.creator`).
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { CreatorConfig } from '../config.js';
import type { CreatorFlows } from '../flows/index.js';
import { analyticsRoutes } from './analytics.js';
import { guideRoutes } from './guides.js';
import { packageImageRoutes } from './package-images.js';
import { packageRoutes } from './packages.js';
import { profileRoutes } from './profiles.js';
import { recommendationRoutes } from './recommendations.js';
import { subscriptionRoutes } from './subscriptions.js';
import { supportRoutes } from './support.js';
import { mediaHandlers, multipartReader } from './uploads.js';
import { verificationRoutes } from './verification.js';

export function creatorRoutes(flows: CreatorFlows, config: CreatorConfig): Handlers<typeof endpoints.creator> {
  const { intake } = flows;
  const readMultipart = multipartReader(intake);
  return {
    ...profileRoutes(
      flows.profiles,
      { readMultipart, remove: intake.remove },
      { countryHeader: config.COUNTRY_HEADER },
      flows.verification.latestOf,
    ),
    ...mediaHandlers(flows.images),
    ...recommendationRoutes(
      { recommendations: flows.recommendations, club: flows.club, publicBySlug: flows.profiles.publicBySlug },
      readMultipart,
    ),
    ...subscriptionRoutes(flows.subscriptions),
    ...verificationRoutes(flows.verification),
    ...supportRoutes(flows.support),
    ...packageRoutes(flows.packages, flows.packageRequests),
    ...guideRoutes(flows.guides),
    ...packageImageRoutes(flows.packageImages, readMultipart),
    ...analyticsRoutes(flows.analytics, flows.pageViews),
  };
}
