// Every service's endpoints, one file a service (docs/architecture.md, "Endpoints").
import type { Endpoint } from '../endpoint.js';
import { assistantEndpoints } from './assistant.js';
import { authEndpoints } from './auth.js';
import { billingEndpoints } from './billing.js';
import { catalogEndpoints } from './catalog.js';
import { creatorPackageImageEndpoints, creatorProfileEndpoints, creatorRecommendationEndpoints } from './creator.js';
import { creatorSubscriptionEndpoints, creatorVerificationEndpoints } from './creator-audience.js';
import { creatorAnalyticsEndpoints } from './creator-analytics.js';
import { creatorGuideEndpoints, creatorPackageEndpoints } from './creator-content.js';
import { creatorMediaEndpoints } from './creator-media.js';
import { itineraryEndpoints } from './itinerary.js';
import { authSupportEndpoints } from './support-auth.js';
import { billingSupportEndpoints } from './support-billing.js';
import { creatorSupportEndpoints } from './support-creator.js';
import { itinerarySupportEndpoints } from './support-itinerary.js';
import { pipelineSupportEndpoints } from './support-pipeline.js';

/** Each service's endpoint definitions by name. */
export const endpoints = {
  auth: { ...authEndpoints, ...authSupportEndpoints },
  billing: { ...billingEndpoints, ...billingSupportEndpoints },
  catalog: catalogEndpoints,
  creator: {
    ...creatorProfileEndpoints,
    ...creatorRecommendationEndpoints,
    ...creatorMediaEndpoints,
    ...creatorPackageImageEndpoints,
    ...creatorSubscriptionEndpoints,
    ...creatorVerificationEndpoints,
    ...creatorPackageEndpoints,
    ...creatorGuideEndpoints,
    ...creatorAnalyticsEndpoints,
    ...creatorSupportEndpoints,
  },
  itinerary: { ...itineraryEndpoints, ...itinerarySupportEndpoints },
  assistant: assistantEndpoints,
  // The pipeline's desk for support staff (the event log, dead letters, queues) is kept by notifications.
  notifications: pipelineSupportEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

/** Every endpoint of every service, as a list. */
export function allEndpoints(): Endpoint[] {
  const groups: Record<string, Record<string, Endpoint>> = endpoints;
  return Object.values(groups).flatMap((group) => Object.values(group));
}
