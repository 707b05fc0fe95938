// The logger every part of a service writes to: the app's own (`app.log`), or a pino logger in tests and
// tools. Fastify's base logger is the part of pino both have, so either fits where a `Logger` is asked for.
import type { FastifyBaseLogger } from 'fastify';

export type Logger = FastifyBaseLogger;
