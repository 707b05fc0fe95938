// The gateway's process: the only place that reads the environment and listens; stops cleanly on SIGTERM.
import { loadConfig, runService, serveMetrics, startTelemetry } from '@travelclub/kit';
import { buildApp } from './app.js';
import { GatewayConfigSchema } from './config.js';

// Traces from the OTEL_* settings (docs/observability.md), before anything opens a connection.
startTelemetry('gateway');
const config = loadConfig(GatewayConfigSchema);
const app = await buildApp(config);
// Its figures on a port of their own: the public one refuses /metrics (app.ts).
const metrics = await serveMetrics({ port: config.METRICS_PORT, host: config.HOST, registry: app.metrics });
app.addHook('onClose', (_app, done) => void metrics.close(() => done()));
app.log.info(`metrics at http://${config.HOST}:${config.METRICS_PORT}/metrics`);
await runService(app, { port: config.PORT, host: config.HOST });
