// Every service's endpoints, one file a service (docs/architecture.md, "Endpoints").
import type { Endpoint } from './endpoint.js';
import { assistantEndpoints } from './assistant/endpoints.js';
import { authEndpoints } from './auth/endpoints.js';
import { billingEndpoints } from './billing/endpoints.js';
import { catalogEndpoints } from './catalog/endpoints.js';
import {
  creatorPackageImageEndpoints,
  creatorProfileEndpoints,
  creatorRecommendationEndpoints,
} from './creator/endpoints.js';
import { creatorSubscriptionEndpoints, creatorVerificationEndpoints } from './creator/audience-endpoints.js';
import { creatorAnalyticsEndpoints } from './creator/analytics-endpoints.js';
import { creatorGuideEndpoints, creatorPackageEndpoints } from './creator/content-endpoints.js';
import { creatorMediaEndpoints } from './creator/media-endpoints.js';
import { itineraryEndpoints } from './itinerary/endpoints.js';
import { authSupportEndpoints } from './auth/support-endpoints.js';
import { billingSupportEndpoints } from './billing/support-endpoints.js';
import { creatorSupportEndpoints } from './creator/support-endpoints.js';
import { itinerarySupportEndpoints } from './itinerary/support-endpoints.js';
import { pipelineSupportEndpoints } from './notifications/endpoints.js';

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
