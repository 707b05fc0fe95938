// Starts the notifications worker: the only place that reads the environment and listens (health probes).
import { loadConfig, runService } from '@travelclub/kit';
import { buildApp } from './app.js';
import { NotificationsConfigSchema } from './config.js';

const config = loadConfig(NotificationsConfigSchema);
// Listens before Kafka is reached: probes get 503 until the start-up steps succeed (services/kit/src/run.ts).
await runService(() => buildApp(config));
