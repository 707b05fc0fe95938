// Runs the assistant service: the only place that reads the environment and listens.
import { loadConfig, runService, startTelemetry } from '@travelclub/kit';
import { buildApp } from './app.js';
import { AssistantConfigSchema } from './config.js';

// Traces from the OTEL_* settings (docs/observability.md), before anything opens a connection.
startTelemetry('assistant');
const config = loadConfig(AssistantConfigSchema);
await runService(() => buildApp(config));
