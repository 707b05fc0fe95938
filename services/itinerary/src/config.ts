// The itinerary service's settings: the kit's, plus where its neighbours answer, where mail links point, and
// how many booking mails go out.
import { connectedServiceConfigSchema, portSetting, positiveIntSetting, serviceUrlSetting } from '@travelclub/kit';
import { z } from 'zod';

export const ItineraryConfigSchema = connectedServiceConfigSchema({
  PORT: portSetting(3003),
  /** The catalog service (searches and room holds), called directly, never through the gateway. */
  CATALOG_URL: serviceUrlSetting(3002),
  /** The billing service (invoices). */
  BILLING_URL: serviceUrlSetting(3004),
  /** The creator service (travel packages to book). */
  CREATOR_URL: serviceUrlSetting(3005),
  /** The web app's origin, for the links in booking mails. */
  WEB_URL: z.url().default('http://localhost:8080'),
  /** How long a call to the catalog or billing may take. */
  CALL_TIMEOUT_MS: positiveIntSetting(3_000),
  /** Booking mails per hour about one account's itineraries, and to one address. */
  MAILS_PER_ACCOUNT_PER_HOUR: positiveIntSetting(20),
  MAILS_PER_ADDRESS_PER_HOUR: positiveIntSetting(20),
  /** Redis key prefix of those counts. */
  RATE_LIMIT_PREFIX: z.string().default('itinerary:rl'),
});
export type ItineraryConfig = z.infer<typeof ItineraryConfigSchema>;
