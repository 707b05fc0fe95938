// Runs the assistant service: the only place that reads the environment and listens.
import { loadConfig, runService } from '@travelclub/kit';
import { buildApp } from './app.js';
import { AssistantConfigSchema } from './config.js';

const config = loadConfig(AssistantConfigSchema);
await runService(() => buildApp(config));
