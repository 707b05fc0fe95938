// The gateway's process: the only place that reads the environment and listens; stops cleanly on SIGTERM.
import { loadConfig, runService } from '@travelclub/kit';
import { buildApp } from './app.js';
import { GatewayConfigSchema } from './config.js';

const config = loadConfig(GatewayConfigSchema);
const app = await buildApp(config);
await runService(app, { port: config.PORT, host: config.HOST });
