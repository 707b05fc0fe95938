// Starts the notifications worker: the only place that reads the environment and listens (health probes).
import { loadConfig, runService, startTelemetry } from '@travelclub/kit';
import { buildApp } from './app.js';
import { NotificationsConfigSchema } from './config.js';

// Traces from the OTEL_* settings (docs/observability.md), before anything opens a connection.
startTelemetry('notifications');
const config = loadConfig(NotificationsConfigSchema);
// Listens before Kafka is reached: probes get 503 until the start-up steps succeed (services/kit/src/run.ts).
await runService(() => buildApp(config));
