// The stand-in service of bench:gateway, in its own process: Fastify with the house conventions (ids,
// envelope, tracing as the bench's BENCH_TRACING sets it, like a service), answering a small hotel as JSON.
// Port from PORT.
import { applyHttpConventions, serverOptions, startTelemetry } from '@travelclub/kit';
import Fastify from 'fastify';

startTelemetry('bench-upstream');

const app = Fastify(serverOptions({ name: 'bench-upstream', logLevel: 'warn' }));
applyHttpConventions(app);
const hotel = {
  id: 'bench',
  name: 'Hotel Bench',
  city: 'Lisbon',
  stars: 4,
  price: { amount: 12999, currency: 'EUR' },
};
app.get('/api/v1/hotel/bench', async () => hotel);
app.get('/health/ready', async () => ({ status: 'ready', checks: {} }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
