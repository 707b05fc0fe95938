// Starts the notifications worker: the only place that reads the environment and listens (health probes).
import { loadConfig, runService } from '@travelclub/kit';
import { buildApp } from './app.js';
import { NotificationsConfigSchema } from './config.js';

const config = loadConfig(NotificationsConfigSchema);
const app = await buildApp(config);
await runService(app);
