// What `npm start` (start.mjs) gives each part for traces and metrics, and what it prints about them: plain
// functions of the environment, kept apart from start.mjs (which starts things as it is imported) so a test can
// check them (test/start-observability.test.ts). The variables themselves: docs/observability.md.

/** The settings by which an environment sends spans somewhere of its own choosing, or nowhere. */
const TRACING_CHOICES = [
  'OTEL_TRACES_EXPORTER',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_EXPORTER_ZIPKIN_ENDPOINT',
];

/** The OTEL_* settings in `env` that say where spans go (or that there are none); empty when it leaves that to us. */
export function ownTracingChoices(env) {
  const chosen = TRACING_CHOICES.filter((name) => env[name]?.trim());
  if (/^(true|1)$/i.test(env.OTEL_SDK_DISABLED?.trim() ?? '')) chosen.push('OTEL_SDK_DISABLED');
  return chosen;
}

/**
 * Whether `npm start` runs Zipkin. TRAVELCLUB_ZIPKIN=on or off decides. Otherwise yes with the local
 * infrastructure, unless the environment sends the spans elsewhere; no when the servers are given in the
 * environment (docker compose, a shared cluster, the tests of `npm start`), where `npm start` starts no
 * server of its own either.
 */
export function zipkinWanted(env, { serversGiven }) {
  const asked = env.TRAVELCLUB_ZIPKIN?.trim().toLowerCase();
  if (asked === 'on') return true;
  if (asked === 'off') return false;
  if (asked) throw new Error(`TRAVELCLUB_ZIPKIN must be on or off, not "${env.TRAVELCLUB_ZIPKIN}"`);
  return !serversGiven && ownTracingChoices(env).length === 0;
}

/**
 * One part's trace settings: its service name, and Zipkin's span API (`zipkinUrl`, when Zipkin runs) unless
 * the environment made its own choice, which then reaches the part unchanged. The name is always the part's, as
 * the kit's default is: one OTEL_SERVICE_NAME given to nine processes would merge them into one service in the
 * trace view (OTEL_RESOURCE_ATTRIBUTES, passed on as it is, can mark a run).
 */
export function tracingEnvOf(part, env, zipkinUrl) {
  return {
    OTEL_SERVICE_NAME: part,
    // On a laptop every query shows in the trace; production leaves them out unless asked (docs/observability.md).
    TRACE_MONGODB_COMMANDS: env.TRACE_MONGODB_COMMANDS ?? 'true',
    ...(zipkinUrl && ownTracingChoices(env).length === 0
      ? { OTEL_TRACES_EXPORTER: 'zipkin', OTEL_EXPORTER_ZIPKIN_ENDPOINT: `${zipkinUrl}/api/v2/spans` }
      : {}),
  };
}

/**
 * The metrics ports of the two parts that serve `/metrics` apart from their public port (the services serve it on
 * their own). Both default to 9464 on their own, so a local run gives each one: GATEWAY_METRICS_PORT and
 * WEB_METRICS_PORT move them; a METRICS_PORT in the environment would put both on one port, so it is not used.
 */
export const metricsPortsOf = (env) => ({
  gateway: Number(env.GATEWAY_METRICS_PORT || 9464),
  web: Number(env.WEB_METRICS_PORT || 9465),
});

/** Where each running part's metrics are: the gateway's and the web server's on their metrics ports. */
export function metricsEndpoints(running, ports, metricsPorts) {
  return running.map((name) => [
    name,
    `http://127.0.0.1:${name in metricsPorts ? metricsPorts[name] : ports[name]}/metrics`,
  ]);
}

/** Zipkin's page in a browser, from its base address. */
export const zipkinPage = (zipkinUrl) => `${zipkinUrl}/zipkin/`;

/**
 * The lines printed under "TravelClub is up": where a booking's trace can be opened (or that Zipkin is still
 * starting, or not run), and where each part's metrics are.
 * @param {{ zipkinUrl?: string, zipkinUp?: boolean, tracingElsewhere?: string[], metrics: [string, string][] }} what
 */
export function observabilityLines({ zipkinUrl, zipkinUp, tracingElsewhere = [], metrics }) {
  const traces = zipkinUrl
    ? zipkinUp
      ? `Traces: ${zipkinPage(zipkinUrl)} (Zipkin). Book a trip, then open its trace there: "Run query" lists ` +
        `the newest traces, or paste a trace_id from the logs.`
      : `Traces: Zipkin is still starting at ${zipkinPage(zipkinUrl)}; a booking's trace can be opened there ` +
        `once it answers (spans sent before that are dropped).`
    : tracingElsewhere.length > 0
      ? `Traces: where your ${tracingElsewhere.join(', ')} send them (no Zipkin started).`
      : 'Traces: no Zipkin this run (TRAVELCLUB_ZIPKIN=on starts one).';
  const width = Math.max(14, ...metrics.map(([name]) => name.length));
  return [
    traces,
    "Metrics (Prometheus' text format):",
    ...metrics.map(([name, url]) => `  ${name.padEnd(width)} ${url}`),
  ];
}
