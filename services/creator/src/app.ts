// buildApp: the creator service (profiles and clubs, recommended stays, travel packages, written guides,
// subscribers, verification and analytics; docs/creator.md). It never listens. Its events go out through the
// outbox relay; it hears accounts registering and roles granted.
import { endpoints } from '@travelclub/contracts';
import { buildService, registerEndpoints, type ServiceApp } from '@travelclub/kit';
import type { CreatorConfig } from './config.js';
import { creatorConsumer } from './events/consumers.js';
import { profileFlows } from './flows/profiles.js';
import { profileRoutes } from './routes/profiles.js';
import { profileStore } from './store/profiles.js';

export type CreatorApp = ServiceApp;

export async function buildApp(config: CreatorConfig): Promise<CreatorApp> {
  const service = { name: 'creator', config, serviceTokenSecret: config.SERVICE_TOKEN_SECRET };
  return buildService(service, async (app, outbox) => {
    const profiles = profileFlows(await profileStore(app.mongo, outbox));

    await outbox.start();
    const consumer = creatorConsumer(app, profiles);
    await app.startup.step('creator consumer', () => consumer.start());

    registerEndpoints(app, endpoints.creator, {
      ...profileRoutes(profiles, { countryHeader: config.COUNTRY_HEADER }),
    });
    return app;
  });
}
