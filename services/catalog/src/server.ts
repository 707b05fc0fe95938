// Runs the catalog service: the only place that reads the environment and listens. The content is the
// demo's: real places, SEED_HOTELS demo hotels when the catalog starts empty, painted pictures.
import { demoContent } from '@travelclub/demo-catalog';
import { loadConfig, runService, startTelemetry } from '@travelclub/kit';
import { buildApp } from './app.js';
import { CatalogConfigSchema } from './config.js';

// Traces from the OTEL_* settings (docs/observability.md), before anything opens a connection.
startTelemetry('catalog');
const config = loadConfig(CatalogConfigSchema);
// Listens before Kafka is reached: probes get 503 until the start-up steps succeed (services/kit/src/run.ts).
await runService(() => buildApp(config, demoContent({ hotels: config.SEED_HOTELS, seed: config.SEED })));
