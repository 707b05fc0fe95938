// buildApp: the creator service (profiles and clubs, recommended stays, travel packages, written guides,
// subscribers, verification and analytics; docs/creator.md). It never listens. Its events go out through the
// outbox relay; it hears accounts registering and roles granted; it asks the catalog about hotels.
import { endpoints } from '@travelclub/contracts';
import { buildService, registerEndpoints, type ServiceApp } from '@travelclub/kit';
import type { CreatorConfig } from './config.js';
import { liveCounters } from './events/analytics.js';
import { creatorConsumer } from './events/consumers.js';
import { creatorFlows } from './flows/index.js';
import { registerMultipart } from './routes/uploads.js';
import { creatorRoutes } from './routes/index.js';
import { acceptOneClickForms } from './routes/subscriptions.js';

export type CreatorApp = ServiceApp;

/** Files one multipart form may carry: a recommendation's cover, tile and a dozen photos. */
const MAX_FILES = 14;

export async function buildApp(config: CreatorConfig): Promise<CreatorApp> {
  const service = { name: 'creator', config, serviceTokenSecret: config.SERVICE_TOKEN_SECRET };
  return buildService(service, async (app, outbox) => {
    const flows = await creatorFlows(app, config, outbox);

    await outbox.start();
    const consumer = creatorConsumer(app, flows);
    await app.startup.step('creator consumer', () => consumer.start());
    // Creators' counters: a consumer of its own, on the generation read now (events/analytics.ts).
    const counting = liveCounters(app, {
      generations: flows.counters,
      followMs: config.ANALYTICS_FOLLOW_MS,
      log: app.log,
    });
    app.onShutdown(() => counting.stop());
    await app.startup.step('creator analytics consumer', () => counting.start());

    await registerMultipart(app, { maxBytes: config.MEDIA_MAX_BYTES, maxFiles: MAX_FILES });
    acceptOneClickForms(app);
    registerEndpoints(app, endpoints.creator, creatorRoutes(flows, config));
    return app;
  });
}
