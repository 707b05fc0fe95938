// The web server's log: one JSON line per entry, shaped like the services' (pino's levels and fields, `service`
// naming the part), so `npm start` and a cluster's log tooling read every part the same way. A line written
// inside a request's span carries its `trace_id` and `span_id`, as the services' do.
import { otelContext, otelTrace, traceIdsOf } from '@travelclub/kit/telemetry';

const LEVELS = { debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
export type LogLevel = keyof typeof LEVELS;
export type Log = Record<LogLevel, (msg: string, fields?: Record<string, unknown>) => void>;

/** A logger writing at `level` and above (`silent` writes nothing); errors are written as their message and stack. */
export function createLog(service: string, level: string): Log {
  const threshold = level === 'silent' ? Infinity : (LEVELS[level as LogLevel] ?? LEVELS.info);
  const write =
    (name: LogLevel) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (LEVELS[name] < threshold) return;
      const { err, ...rest } = fields;
      const error = err instanceof Error ? { err: { type: err.name, message: err.message, stack: err.stack } } : {};
      const line = {
        level: LEVELS[name],
        time: Date.now(),
        service,
        ...traceIdsOf(otelTrace.getSpan(otelContext.active())),
        ...rest,
        ...error,
        msg,
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    };
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    fatal: write('fatal'),
  };
}
