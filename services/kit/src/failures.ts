// Why an event handler failed decides what the consumer does next: a server that is away (transient) is
// waited for without limit, a refusal or a broken event (permanent) goes to the dead letters at once, and
// anything else (unclassified: most likely a bug) gets a few retries and then goes there too.
import { ApiError } from '@travelclub/contracts';
import { AppError } from './errors.js';

/** An error that retrying cannot fix (a malformed event): it goes to the dead letters at once. */
export class PermanentEventError extends Error {
  override name = 'PermanentEventError';
}

export type FailureKind = 'transient' | 'permanent' | 'unclassified';

/** The error and what it wraps: `cause`, kafkajs' `originalError`, an aggregate's `errors`. */
export function* errorChain(err: unknown, depth = 0): Generator<unknown> {
  if (depth > 8 || err === null || err === undefined) return;
  yield err;
  if (typeof err !== 'object') return;
  const e = err as { cause?: unknown; originalError?: unknown; errors?: unknown };
  if (e.cause !== undefined && e.cause !== err) yield* errorChain(e.cause, depth + 1);
  if (e.originalError !== undefined && e.originalError !== err) yield* errorChain(e.originalError, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* errorChain(inner, depth + 1);
}

/** HTTP statuses that mean "not now": the same request may succeed later. */
const RETRY_LATER_STATUSES = new Set([408, 429, 502, 503, 504]);

/** Node and undici codes of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  // A name that does not resolve is, in a cluster, a service or node not (yet) there: waiting is right, and a
  // wrong setting then shows as a stalled consumer, not as a pile of dead letters to replay.
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** MongoDB driver (and mongoose) errors of a server that cannot be reached or a client that is closing. */
const MONGO_TRANSIENT_NAMES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoPoolClearedError',
  'MongoWaitQueueTimeoutError',
  'MongoOperationTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoClientClosedError',
  'MongoServerClosedError',
]);

/** Server codes the MongoDB driver itself retries (RETRYABLE_READ_ERROR_CODES), plus MaxTimeMSExpired. */
const MONGO_TRANSIENT_CODES = new Set([6, 7, 50, 89, 91, 134, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436]);
const MONGO_TRANSIENT_LABELS = ['RetryableWriteError', 'TransientTransactionError', 'ResetPool', 'PoolRequstedRetry'];

/**
 * ioredis: a connection that is down or closing (`enableOfflineQueue: false` makes commands fail at once), or
 * a server that is loading, failing over or read-only for a moment.
 */
const REDIS_TRANSIENT_MESSAGES = [
  /^Connection is closed\.?$/,
  /^Stream isn't writeable/,
  /^(LOADING|BUSY|TRYAGAIN|CLUSTERDOWN|MASTERDOWN|READONLY) /,
];

/** kafkajs errors of a broker that cannot be reached or answered too late. */
const KAFKA_TRANSIENT_NAMES = new Set([
  'KafkaJSConnectionError',
  'KafkaJSConnectionClosedError',
  'KafkaJSRequestTimeoutError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSNoBrokerAvailableError',
  'KafkaJSBrokerNotFound',
  'KafkaJSLockTimeout',
  'KafkaJSTopicMetadataNotLoaded',
]);

/** What this one error says by itself, without looking at what it wraps. */
function kindOf(err: unknown): FailureKind {
  if (!(err instanceof Error)) {
    const code = (err as { code?: unknown } | null)?.code;
    return typeof code === 'string' && NETWORK_CODES.has(code) ? 'transient' : 'unclassified';
  }
  const { name, message } = err;
  if (err instanceof PermanentEventError || name === 'ZodError') return 'permanent';
  if (err instanceof AppError) {
    if (RETRY_LATER_STATUSES.has(err.statusCode)) return 'transient';
    // A rule of ours refused the event (not found, not allowed in this state): retrying changes nothing.
    if (err.statusCode >= 400 && err.statusCode < 500) return 'permanent';
    return 'unclassified';
  }
  if (err instanceof ApiError) {
    // No status: the neighbour could not be reached or did not answer in time. A 5xx: it is broken or busy
    // now; the event itself is fine, so it waits for the neighbour rather than being dead-lettered.
    if (err.status === 0 || err.status >= 500 || RETRY_LATER_STATUSES.has(err.status)) return 'transient';
    return 'permanent';
  }
  const { code, retriable } = err as { code?: unknown; retriable?: unknown };
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return 'transient';
  if (name === 'TimeoutError' || name === 'AbortError') return 'transient';
  if (MONGO_TRANSIENT_NAMES.has(name)) return 'transient';
  if (name.startsWith('Mongo')) {
    if (typeof code === 'number' && MONGO_TRANSIENT_CODES.has(code)) return 'transient';
    const labelled = err as { hasErrorLabel?: (label: string) => boolean };
    if (typeof labelled.hasErrorLabel === 'function' && MONGO_TRANSIENT_LABELS.some((l) => labelled.hasErrorLabel!(l)))
      return 'transient';
    // mongoose queues operations while it is disconnected and gives up after bufferTimeoutMS.
    if (name === 'MongooseError' && message.includes('buffering timed out')) return 'transient';
  }
  if (name === 'MaxRetriesPerRequestError' || REDIS_TRANSIENT_MESSAGES.some((re) => re.test(message)))
    return 'transient';
  if (name.startsWith('KafkaJS') && (retriable === true || KAFKA_TRANSIENT_NAMES.has(name))) return 'transient';
  return 'unclassified';
}

/**
 * Classifies a handler's failure. The outermost error that says something decides: an AppError with a 4xx
 * code is permanent even if it wraps a network error, and a plain Error that wraps ECONNREFUSED (undici's
 * `TypeError: fetch failed`) is transient. Programming errors (TypeError, RangeError, ...) and errors nobody
 * classified are neither: retrying a bug forever would stop the partition, so they get a few retries and
 * then a dead letter, from which they are replayed once the bug is fixed.
 */
export function classifyFailure(err: unknown): FailureKind {
  for (const e of errorChain(err)) {
    const kind = kindOf(e);
    if (kind !== 'unclassified') return kind;
  }
  return 'unclassified';
}

/** True when the failure is infrastructure being away (a server unreachable, a time-out): worth waiting for. */
export const isTransientError = (err: unknown) => classifyFailure(err) === 'transient';
