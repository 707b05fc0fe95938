// Client spans for MongoDB commands and Redis commands, made inside a recording span only: a request's or a
// handler's queries show in its trace, while the background work of a part (the outbox's sweeps, BullMQ's
// polling, health probes) makes none. Through the driver's command events and ioredis' `sendCommand`, not by
// patching modules (see telemetry.ts for why). With tracing off neither is switched on: command events cost an
// object per command even when nobody listens for spans.
import type { mongo } from 'mongoose';
import type { Redis } from 'ioredis';
import {
  failSpan,
  mongoCommandsTraced,
  otelContext,
  otelTrace,
  SpanKind,
  startSpan,
  tracingOn,
  type Span,
} from './telemetry.js';

/** The active span when it records; undefined otherwise (no trace, unsampled, tracing off). */
const recordingParent = () => {
  const parent = otelContext.active();
  return otelTrace.getSpan(parent)?.isRecording() ? parent : undefined;
};

/** Spans for a client's commands; the client must be made with `monitorCommands: mongoCommandsTraced()`. */
export function traceMongoCommands(client: mongo.MongoClient): void {
  if (!mongoCommandsTraced()) return;
  const open = new Map<number, Span>();
  client.on('commandStarted', (event) => {
    const parent = recordingParent();
    if (!parent) return;
    // A command the driver never reports back on (a connection cut mid-way) must not pile up.
    if (open.size > 10_000) open.clear();
    const target: unknown = event.command[event.commandName];
    const span = startSpan(
      `mongodb ${event.commandName}${typeof target === 'string' ? ` ${target}` : ''}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'mongodb',
          'db.namespace': event.databaseName,
          'db.operation.name': event.commandName,
          ...(typeof target === 'string' ? { 'db.collection.name': target } : {}),
        },
      },
      parent,
    );
    open.set(event.requestId, span);
  });
  const end = (requestId: number, err?: unknown) => {
    const span = open.get(requestId);
    if (!span) return;
    open.delete(requestId);
    if (err) failSpan(span, err);
    span.end();
  };
  client.on('commandSucceeded', (event) => end(event.requestId));
  client.on('commandFailed', (event) => end(event.requestId, event.failure));
}

/** Spans for a connection's commands (`redis <command>`), each ended when its answer (or error) comes. */
export function traceRedisCommands(redis: Redis): void {
  if (!tracingOn()) return;
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command, stream) => {
    const parent = recordingParent();
    if (parent) {
      const span = startSpan(
        `redis ${command.name}`,
        { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'redis', 'db.operation.name': command.name } },
        parent,
      );
      command.promise.then(
        () => span.end(),
        (err: unknown) => {
          failSpan(span, err);
          span.end();
        },
      );
    }
    return send(command, stream);
  }) as Redis['sendCommand'];
}
