// Start-up steps that need a server which may not be there yet (Kafka on a fresh machine: the broker still
// starting, topics being created, a group coordinator loading). Each step runs after the ones before it and
// is retried with capped backoff while it fails for a reason that can pass; the service is not ready until
// every step has succeeded. Under runService the steps run in the background, so the service listens at
// once and its readiness probe answers 503 meanwhile; otherwise (tests) the builder waits for them.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from './logger.js';
import { classifyFailure, errorChain } from './failures.js';
import { withTimeout } from './timeout.js';

export interface Startup {
  /** True when the steps run in the background (the app was built inside `buildWithStartupInBackground`). */
  readonly inBackground: boolean;
  /**
   * Runs `step` once the steps added before it have succeeded, retrying it until it succeeds too. In the
   * background the promise resolves at once; otherwise it resolves when the step has succeeded, and rejects
   * when it failed for good (a bug or a refusal that retrying cannot fix).
   */
  step(name: string, step: () => Promise<unknown>): Promise<void>;
  /** The steps that have not succeeded yet, in order. */
  pending(): string[];
  /** Settles once every step added so far has succeeded, or rejects with the error of one that failed for good. */
  whenDone(): Promise<void>;
  /** Stops retrying and waits (briefly) for the attempt in flight, so a shutdown does not race a start. */
  stop(): Promise<void>;
}

export interface StartupOptions {
  log: Logger;
  inBackground?: boolean;
  /** First retry delay; each next one doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/** What a stopped start-up rejects its remaining steps with. */
export class StartupStoppedError extends Error {
  override name = 'StartupStoppedError';
}

const PROGRAMMING_ERRORS = new Set(['TypeError', 'RangeError', 'ReferenceError', 'SyntaxError']);
/** kafkajs errors no wait can cure: wrong credentials, a broker that lacks a feature. */
const PERMANENT_KAFKA_ERRORS = new Set([
  'KafkaJSSASLAuthenticationError',
  'KafkaJSServerDoesNotSupportApiKey',
  'KafkaJSNotImplemented',
  'KafkaJSInvariantViolation',
  // The OAuth token endpoint refused the client id or secret (kafka-oauth.ts).
  'KafkaOAuthTokenRefusedError',
]);
/** Kafka protocol refusals no wait can cure: not allowed, or a request the cluster will never accept. */
const PERMANENT_KAFKA_TYPES =
  /_AUTHORIZATION_FAILED$|^INVALID_(TOPIC_EXCEPTION|REPLICATION_FACTOR|PARTITIONS|REPLICA_ASSIGNMENT|CONFIG)$|^POLICY_VIOLATION$|^UNSUPPORTED_/;
/** How long a shutdown waits for a start-up attempt in flight (a kafkajs connect can retry for a while). */
const STOP_WAIT_MS = 5_000;

/**
 * Whether a start-up step that failed with `err` may succeed later. What the consumer's classifier calls
 * transient (a server away, a time-out, a retriable Kafka error such as UNKNOWN_TOPIC_OR_PARTITION or
 * LEADER_NOT_AVAILABLE) is retried, what it calls permanent is not; unlike an event, anything unclassified
 * is retried too (a group coordinator not found yet, topic leaders not elected in time: kafkajs marks those
 * not retriable, and they are what a fresh broker answers), unless it is plainly a bug or a Kafka refusal no
 * wait cures (authorisation, an invalid topic or replication factor, a missing broker feature). Killing a
 * service for a passing problem is what made a fresh machine's first start fail.
 */
export function isRetriableStartError(err: unknown): boolean {
  const kind = classifyFailure(err);
  if (kind !== 'unclassified') return kind === 'transient';
  return ![...errorChain(err)].some(
    (e) =>
      e instanceof Error &&
      (PROGRAMMING_ERRORS.has(e.name) ||
        PERMANENT_KAFKA_ERRORS.has(e.name) ||
        PERMANENT_KAFKA_TYPES.test(String((e as { type?: unknown }).type))),
  );
}

const inBackgroundStore = new AsyncLocalStorage<boolean>();

/** Builds an app whose start-up steps run in the background (see `runService`). */
export function buildWithStartupInBackground<T>(build: () => Promise<T>): Promise<T> {
  return inBackgroundStore.run(true, build);
}

export function createStartup(options: StartupOptions): Startup {
  const { log, backoffMs = 250, maxBackoffMs = 5_000 } = options;
  const inBackground = options.inBackground ?? inBackgroundStore.getStore() === true;
  const pending: string[] = [];
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;
  let inFlight: Promise<unknown> | undefined;
  let wake: (() => void) | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (wake = undefined));

  async function untilDone(name: string, step: () => Promise<unknown>) {
    let lastProblem = '';
    for (let attempt = 1; ; attempt++) {
      if (stopped) throw new StartupStoppedError(`start-up stopped before "${name}" succeeded`);
      try {
        inFlight = step();
        await inFlight;
        if (attempt > 1) log.info({ step: name, attempts: attempt }, 'start-up step succeeded');
        return;
      } catch (err) {
        if (stopped) throw new StartupStoppedError(`start-up stopped before "${name}" succeeded`);
        if (!isRetriableStartError(err)) {
          log.error({ step: name, err }, 'start-up step failed for good');
          throw err;
        }
        const delay = Math.min(backoffMs * 2 ** (attempt - 1), maxBackoffMs);
        // One warning per kind of trouble: a broker that takes a minute to appear is one line, not sixty.
        const problem = err instanceof Error ? err.message : String(err);
        const level = problem === lastProblem ? 'debug' : 'warn';
        lastProblem = problem;
        log[level]({ step: name, attempt, retryInMs: delay, err }, 'start-up step failed; retrying');
        await pause(delay);
      } finally {
        inFlight = undefined;
      }
    }
  }

  return {
    inBackground,
    step(name, step) {
      pending.push(name);
      const done = chain.then(async () => {
        await untilDone(name, step);
        pending.splice(pending.indexOf(name), 1);
      });
      // Observed here; the caller, or whoever waits for `whenDone`, sees the failure.
      done.catch(() => undefined);
      chain = done;
      return inBackground ? Promise.resolve() : done;
    },
    pending: () => [...pending],
    whenDone: () => chain,
    async stop() {
      stopped = true;
      wake?.();
      if (inFlight) await withTimeout(inFlight, STOP_WAIT_MS, 'start-up step').catch(() => undefined);
    },
  };
}
