// The monitoring an operator adds with k8s/components/observability (issue 31): PodMonitors that reach every part's
// /metrics on the port it serves it on, NetworkPolicies that let that scrape through, alerts whose runbooks exist in
// docs/operations.md, and Grafana dashboards that parse and name only metrics the parts serve
// (docs/observability.md). Rendered with `kubectl kustomize` and checked against the Prometheus Operator's CRD
// schemas (schemas/); planted mistakes show that each check can fail.
import { parser as promql } from '@prometheus-io/lezer-promql';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  byKind,
  CRD_SOURCES,
  type K8sObject,
  OVERLAYS,
  problems,
  read,
  render,
  requireKubectl,
  type Workload,
} from './manifests.js';

const COMPONENT = 'k8s/components/observability';
/** The production overlay with the component, as an operator's own overlay would take it. */
const FIXTURE = 'test/k8s/fixtures/production-observed';
/** Where the runbooks are, as every alert's runbook_url names them (one prefix to replace). */
const RUNBOOKS = 'https://git.example.com/travelclub/travelclub/blob/main/docs/operations.md#';

// ---------- what the checks read ----------

interface Selector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}
interface PodMonitor extends K8sObject {
  spec: { jobLabel?: string; selector: Selector; podMetricsEndpoints: { port?: string; path?: string }[] };
}
interface NetworkPolicy extends K8sObject {
  spec: {
    podSelector: Selector;
    ingress?: { from?: { namespaceSelector?: Selector; podSelector?: Selector }[]; ports?: { port: string }[] }[];
  };
}
interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface PrometheusRule extends K8sObject {
  spec: { groups: { name: string; rules: Rule[] }[] };
}
interface Port {
  name?: string;
  containerPort: number;
}
interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  datasource?: { type: string; uid: string };
  targets?: { refId: string; expr: string }[];
}
interface Dashboard {
  uid: string;
  title: string;
  schemaVersion: number;
  panels: Panel[];
  templating: {
    list: { name: string; type: string; query: string | { query: string }; datasource?: { uid: string } }[];
  };
}

/** Whether a label selector (matchLabels and matchExpressions) selects these labels. */
export function selects(selector: Selector, labels: Record<string, string>): boolean {
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpression = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return key in labels && values.includes(labels[key]!);
    if (operator === 'NotIn') return !(key in labels) || !values.includes(labels[key]!);
    if (operator === 'Exists') return key in labels;
    return !(key in labels);
  });
  return byLabel && byExpression;
}

// ---------- PromQL, as far as these checks need it ----------

/**
 * Whether an expression parses as PromQL, with Prometheus' own grammar (@prometheus-io/lezer-promql, the parser of
 * Prometheus' web editor). Grafana's range variables ($__rate_interval, $__range) stand for a duration, and a
 * variable's `label_values(<selector>, <label>)` is checked by its selector.
 */
export function isPromQL(expr: string): boolean {
  const query = /^label_values\((.*),\s*[a-zA-Z_]\w*\)$/.exec(expr.trim())?.[1] ?? expr;
  const tree = promql.parse(query.replace(/\$__(rate_interval|interval|range)\b/g, '5m'));
  let valid = true;
  tree.iterate({ enter: (node) => void (node.type.isError && (valid = false)) });
  return valid;
}

const KEYWORDS = new Set(['and', 'or', 'unless', 'on', 'ignoring', 'group_left', 'group_right']);
const KEYWORDS_TOO = new Set(['offset', 'bool', 'inf', 'nan']);

/** The metric names an expression selects: every identifier that is not a function, keyword or label. */
export function metricNames(expr: string): string[] {
  // A Grafana query variable's label_values(<selector>, <label>): only the selector names a metric.
  const labelValues = /^\s*label_values\((.*),\s*\w+\s*\)\s*$/s.exec(expr);
  if (labelValues) return metricNames(labelValues[1]!);
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, ' ')
    .replace(/\$\{[^}]*\}|\$\w+/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without)\s*\([^)]*\)/g, ' ')
    .replace(/\b(on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' $1 ');
  const names: string[] = [];
  for (const match of stripped.matchAll(/(?<![\w.])[A-Za-z_:][\w:]*/g)) {
    const after = stripped.slice(match.index + match[0].length).trimStart();
    if (after.startsWith('(')) continue;
    if (KEYWORDS.has(match[0]) || KEYWORDS_TOO.has(match[0].toLowerCase())) continue;
    names.push(match[0]);
  }
  return names;
}

/** Each metric's selector `{…}` right after its name, or '' when it has none. */
export function selectorsOf(expr: string): { metric: string; selector: string }[] {
  const found: { metric: string; selector: string }[] = [];
  const text = expr.replace(/"(?:[^"\\]|\\.)*"/g, (string) => string.replace(/[{}\w:]/g, '_'));
  for (const metric of new Set(metricNames(expr)))
    for (const match of text.matchAll(new RegExp(`(?<![\\w:])${metric}(?![\\w:])\\s*(\\{[^}]*\\})?`, 'g')))
      found.push({ metric, selector: expr.slice(match.index, match.index + match[0].length).slice(metric.length) });
  return found;
}

/** The metrics docs/observability.md lists, and which are histograms (their _bucket, _count and _sum). */
function documentedMetrics() {
  const doc = read('docs/observability.md');
  const section = doc.slice(doc.indexOf('\n## Metrics'));
  const exact = new Set<string>();
  const histograms = new Set<string>();
  const prefixes: string[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 3 || !cells[1]!.startsWith('`')) continue;
    for (const [, name] of cells[1]!.matchAll(/`([a-z_:][a-z0-9_:]*\*?)`/g)) {
      if (name!.endsWith('*')) prefixes.push(name!.slice(0, -1));
      else exact.add(name!);
      if (cells[2]!.startsWith('histogram')) histograms.add(name!);
    }
  }
  return { exact, histograms, prefixes };
}
const DOCUMENTED = documentedMetrics();
/** What Prometheus and prom-client's Node defaults add: the scrape's `up`, Node's own and the process's. */
const DEFAULT_PREFIXES = ['nodejs_', 'process_'];

/** Whether the parts (or Prometheus itself) serve a metric of this name. */
export function served(name: string): boolean {
  if (name === 'up' || DOCUMENTED.exact.has(name)) return true;
  const histogram = /^(.*)_(bucket|count|sum)$/.exec(name);
  if (histogram && DOCUMENTED.histograms.has(histogram[1]!)) return true;
  return [...DOCUMENTED.prefixes, ...DEFAULT_PREFIXES].some((prefix) => name.startsWith(prefix));
}

/** What is wrong with one PromQL expression: not PromQL, a metric nobody serves, a selector without the namespace. */
export function exprProblems(expr: string): string[] {
  const found: string[] = [];
  if (!isPromQL(expr)) found.push(`not PromQL: ${expr}`);
  const names = metricNames(expr);
  if (names.length === 0) found.push(`names no metric: ${expr}`);
  for (const name of names) if (!served(name)) found.push(`${name} is not a metric the parts serve`);
  for (const { metric, selector } of selectorsOf(expr))
    if (!/namespace="travelclub"/.test(selector)) found.push(`${metric} without namespace="travelclub"`);
  return found;
}

// ---------- runbooks ----------

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
const RUNBOOK_ANCHORS = new Set(
  read('docs/operations.md')
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => anchor(line.replace(/^#+ /, ''))),
);

/** What is wrong with an alerting rule, beside its expression. */
export function alertProblems(rule: Rule): string[] {
  const where = rule.alert ?? '(a rule without alert)';
  const found: string[] = [];
  if (!['critical', 'warning'].includes(rule.labels?.severity ?? '')) found.push(`${where}: severity`);
  if (!rule.for) found.push(`${where}: no for`);
  for (const key of ['summary', 'description'])
    if (!rule.annotations?.[key]?.includes('$')) found.push(`${where}: ${key} without a value or $labels`);
  const url = rule.annotations?.runbook_url ?? '';
  if (!url.startsWith(RUNBOOKS)) found.push(`${where}: runbook_url ${url} is not in docs/operations.md`);
  else if (!RUNBOOK_ANCHORS.has(url.slice(RUNBOOKS.length)))
    found.push(`${where}: no heading in docs/operations.md for #${url.slice(RUNBOOKS.length)}`);
  return found;
}

// ---------- dashboards ----------

const dashboardsOf = (objects: K8sObject[]) =>
  byKind<K8sObject & { data: Record<string, string> }>(objects, 'ConfigMap').filter(
    (map) => map.metadata.labels?.grafana_dashboard === '1',
  );

/** What is wrong with a dashboard's JSON, by what Grafana needs to load it and what the checks above say. */
export function dashboardProblems(json: string): string[] {
  let dashboard: Dashboard;
  try {
    dashboard = JSON.parse(json) as Dashboard;
  } catch (err) {
    return [`not JSON: ${(err as Error).message}`];
  }
  const where = dashboard.title ?? '(no title)';
  const found: string[] = [];
  if (!dashboard.uid || !dashboard.title) found.push(`${where}: uid and title`);
  if (!Number.isInteger(dashboard.schemaVersion) || dashboard.schemaVersion < 36) found.push(`${where}: schemaVersion`);
  const variables = dashboard.templating?.list ?? [];
  const datasource = variables.find((variable) => variable.name === 'datasource');
  if (datasource?.type !== 'datasource' || datasource.query !== 'prometheus')
    found.push(`${where}: no datasource variable for Prometheus`);
  for (const variable of variables.filter((v) => v.type === 'query')) {
    const query = typeof variable.query === 'string' ? variable.query : variable.query.query;
    found.push(...exprProblems(query).map((problem) => `${where}, variable ${variable.name}: ${problem}`));
  }
  const ids = new Set<number>();
  const cells = new Map<string, string>();
  for (const panel of dashboard.panels ?? []) {
    const at = `${where}, panel ${panel.title}`;
    if (ids.has(panel.id)) found.push(`${at}: id ${panel.id} twice`);
    ids.add(panel.id);
    const { h, w, x, y } = panel.gridPos ?? {};
    if (![h, w, x, y].every((n) => Number.isInteger(n) && n! >= 0) || x! + w! > 24 || w! < 1 || h! < 1) {
      found.push(`${at}: gridPos`);
      continue;
    }
    // No two panels on one cell of the 24-column grid.
    for (let row = y!; row < y! + h!; row++)
      for (let column = x!; column < x! + w!; column++) {
        const other = cells.get(`${row}:${column}`);
        if (other && other !== panel.title) found.push(`${at}: overlaps ${other}`);
        cells.set(`${row}:${column}`, panel.title);
      }
    if (panel.type === 'row') continue;
    if (panel.datasource?.uid !== '${datasource}') found.push(`${at}: datasource is not $datasource`);
    if (!panel.targets?.length) found.push(`${at}: no targets`);
    for (const target of panel.targets ?? []) {
      if (!target.refId || typeof target.expr !== 'string') found.push(`${at}: target without refId or expr`);
      else found.push(...exprProblems(target.expr).map((problem) => `${at}: ${problem}`));
    }
  }
  return [...new Set(found)];
}

// ---------- scraping ----------

const labelsOf = (deployment: Workload) => deployment.spec.template.metadata?.labels ?? {};
const containerOf = (deployment: Workload) =>
  deployment.spec.template.spec.containers[0] as Workload['spec']['template']['spec']['containers'][0] & {
    ports?: Port[];
  };
const monitorsOf = (objects: K8sObject[], deployment: Workload) =>
  byKind<PodMonitor>(objects, 'PodMonitor').filter((monitor) => selects(monitor.spec.selector, labelsOf(deployment)));

/**
 * What keeps a part's figures from Prometheus: no PodMonitor or two, a port its container does not name, a port
 * where the part does not serve /metrics (PORT for the services, METRICS_PORT for the gateway and web), or no
 * policy letting the scrape through to that port.
 */
export function scrapeProblems(objects: K8sObject[]): string[] {
  const found: string[] = [];
  const policies = byKind<NetworkPolicy>(objects, 'NetworkPolicy');
  for (const deployment of byKind<Workload>(objects, 'Deployment')) {
    const part = deployment.metadata.name;
    const monitors = monitorsOf(objects, deployment);
    if (monitors.length !== 1) {
      found.push(`${part}: selected by ${monitors.length} PodMonitors`);
      continue;
    }
    const { jobLabel, podMetricsEndpoints } = monitors[0]!.spec;
    // `job` is the part's name: the rules and dashboards group by it.
    if (jobLabel !== 'app.kubernetes.io/name' || labelsOf(deployment)[jobLabel] !== part)
      found.push(`${part}: job would not be the part's name`);
    if (podMetricsEndpoints.length !== 1) found.push(`${part}: ${podMetricsEndpoints.length} endpoints`);
    const endpoint = podMetricsEndpoints[0]!;
    if ((endpoint.path ?? '/metrics') !== '/metrics') found.push(`${part}: path ${endpoint.path}`);
    const port = containerOf(deployment).ports?.find((p) => p.name === endpoint.port);
    if (!port) {
      found.push(`${part}: no container port named ${endpoint.port}`);
      continue;
    }
    const env = Object.fromEntries((containerOf(deployment).env ?? []).map((e) => [e.name, e.value]));
    const setting = part === 'gateway' || part === 'web' ? 'METRICS_PORT' : 'PORT';
    if (Number(env[setting]) !== port.containerPort)
      found.push(`${part}: ${setting} is ${env[setting]}, the scraped port ${port.containerPort}`);
    const opened = policies
      .filter((policy) => selects(policy.spec.podSelector, labelsOf(deployment)))
      .flatMap((policy) => policy.spec.ingress ?? [])
      .filter((rule) => rule.from?.some((peer) => peer.namespaceSelector))
      .flatMap((rule) => (rule.ports ?? []).map((p) => p.port));
    if (opened.join() !== endpoint.port)
      found.push(`${part}: policies open ${opened.join() || 'nothing'} to Prometheus`);
  }
  return found;
}

// ---------- the rendered objects ----------

let observed: K8sObject[] = [];
const rendered = new Map<string, K8sObject[]>();
beforeAll(() => {
  requireKubectl();
  observed = render(FIXTURE);
  for (const overlay of OVERLAYS) rendered.set(overlay, render(`k8s/overlays/${overlay}`));
});
const podMonitors = () => byKind<PodMonitor>(observed, 'PodMonitor');
const rules = () =>
  byKind<PrometheusRule>(observed, 'PrometheusRule').flatMap((r) => r.spec.groups.flatMap((g) => g.rules));
const alerts = () => rules().filter((rule) => rule.alert);
const deployments = () => byKind<Workload>(observed, 'Deployment');
const container = containerOf;
const copy = <T>(value: T): T => structuredClone(value);

describe('the observability component', () => {
  it('is a kustomize Component, taken by the operators overlay, not by local or production', () => {
    const kustomization = parse(read(`${COMPONENT}/kustomization.yaml`)) as { apiVersion: string; kind: string };
    expect(kustomization).toMatchObject({ apiVersion: 'kustomize.config.k8s.io/v1alpha1', kind: 'Component' });
    const monitoring = (overlay: string) =>
      rendered
        .get(overlay)!
        .filter((o) => o.apiVersion.startsWith('monitoring.coreos.com/'))
        .map((o) => o.kind);
    expect(monitoring('operators').sort()).toEqual(['PodMonitor', 'PodMonitor', 'PrometheusRule']);
    expect(monitoring('local')).toEqual([]);
    expect(monitoring('production')).toEqual([]);
  });

  it('renders into the production overlay, every object valid by its schema, in the travelclub namespace', async () => {
    expect((await Promise.all(observed.map(problems))).flat()).toEqual([]);
    for (const kind of ['PodMonitor', 'PrometheusRule']) {
      expect(CRD_SOURCES[kind], kind).toMatch(/^https:\/\/github\.com\/prometheus-operator\//);
    }
    const added = observed.filter(
      (o) => o.apiVersion.startsWith('monitoring.coreos.com/') || dashboardsOf([o]).length > 0,
    );
    expect(added.length).toBe(6);
    for (const object of added) expect(object.metadata.namespace, object.metadata.name).toBe('travelclub');
  });
});

describe('scraping', () => {
  it('reaches every part, each by one PodMonitor on the port where it serves /metrics, let through by a policy', () => {
    expect(
      deployments()
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual(['assistant', 'auth', 'billing', 'catalog', 'creator', 'gateway', 'itinerary', 'notifications', 'web']);
    expect(scrapeProblems(observed)).toEqual([]);
  });

  it('reads the services on their HTTP port, and the gateway and web on `metrics` (9464), never the public one', () => {
    for (const deployment of deployments()) {
      const part = deployment.metadata.name;
      const front = part === 'gateway' || part === 'web';
      const endpoint = monitorsOf(observed, deployment)[0]!.spec.podMetricsEndpoints[0]!;
      expect(endpoint.port, part).toBe(front ? 'metrics' : 'http');
      if (front) expect(container(deployment).ports?.find((p) => p.name === 'metrics')?.containerPort).toBe(9464);
    }
  });

  it('comes from Prometheus in the monitoring namespace alone', () => {
    const added = byKind<NetworkPolicy>(observed, 'NetworkPolicy').filter((p) =>
      p.metadata.name.startsWith('prometheus-scrapes-'),
    );
    expect(added.length).toBeGreaterThan(0);
    for (const policy of added)
      for (const rule of policy.spec.ingress ?? [])
        expect(rule.from, policy.metadata.name).toEqual([
          {
            namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
            podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
          },
        ]);
  });
});

describe('alerts', () => {
  /** Each alert the issue asks for, and what its expression must read. */
  const EXPECTED: Record<string, RegExp[]> = {
    TravelclubPartDown: [/\bup\{/, /== 0/],
    TravelclubTargetDown: [/^up\{/, /== 0/],
    TravelclubHighErrorRate: [/http_server_request_duration_seconds_count\{[^}]*status_code=~"5\.\."/],
    TravelclubSlowAnswers: [/histogram_quantile\(0\.99,/, /http_server_request_duration_seconds_bucket/],
    TravelclubConsumerLagGrowing: [/kafka_consumer_lag/, /deriv\(/, /> \d+/],
    TravelclubDeadLetters: [/dead_letters\{/, /> 0$/],
    TravelclubOutboxStuck: [/outbox_oldest_event_age_seconds\{/, /> 60$/],
    TravelclubPaymentsAwaitingReconciliation: [/travelclub_payments_awaiting_reconciliation\{/, /> 0$/],
    TravelclubTaylorBudgetNearlyUsed: [/travelclub_taylor_budget_used_ratio\{/, /> 0\.9$/],
    TravelclubMetricReadsFailing: [/travelclub_metric_read_failures_total/],
  };

  it('are the ones asked for, each reading what it says', () => {
    expect([...new Set(alerts().map((rule) => rule.alert))].sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const rule of alerts())
      for (const pattern of EXPECTED[rule.alert!]!) expect(rule.expr.trim(), rule.alert).toMatch(pattern);
  });

  it('have a severity, a `for`, a summary and description with values, and a runbook in docs/operations.md', () => {
    expect(alerts().flatMap(alertProblems)).toEqual([]);
  });

  it('give the p99 a goal per part, for every part, on a bucket boundary', () => {
    const buckets = /HTTP_BUCKETS = \[([^\]]+)\]/.exec(read('services/kit/src/metrics.ts'))![1]!.split(',').map(Number);
    const goals = new Map<string, number>();
    for (const rule of alerts().filter((r) => r.alert === 'TravelclubSlowAnswers')) {
      const goal = Number(/\)\s*> ([\d.]+)\s*and/.exec(rule.expr)?.[1]);
      expect(buckets, rule.expr).toContain(goal);
      expect(rule.labels?.goal).toBe(`${goal}s`);
      const jobs = /job=~"([^"]+)"/.exec(rule.expr)![1]!.split('|');
      for (const job of jobs) {
        expect(goals.has(job), job).toBe(false);
        goals.set(job, goal);
      }
    }
    expect([...goals.keys()].sort()).toEqual(
      deployments()
        .map((d) => d.metadata.name)
        .sort(),
    );
  });

  it('have expressions that parse as PromQL, name only metrics the parts serve, and only in the travelclub namespace', () => {
    expect(rules().length).toBeGreaterThan(0);
    expect(rules().flatMap((rule) => exprProblems(rule.expr).map((p) => `${rule.alert ?? rule.record}: ${p}`))).toEqual(
      [],
    );
  });

  it('each have a section in docs/operations.md, and every alert section there is an alert', () => {
    const operations = read('docs/operations.md');
    const sections = [...operations.matchAll(/^#{2,4} (Travelclub\w+)\s*$/gm)].map(([, name]) => name);
    expect([...new Set(sections)].sort()).toEqual([...new Set(alerts().map((rule) => rule.alert))].sort());
    // Where operators look: the Kubernetes docs link the runbooks.
    expect(read('docs/kubernetes.md')).toContain('operations.md');
    expect(read('k8s/README.md')).toContain('docs/operations.md');
  });
});

describe('dashboards', () => {
  it('are three ConfigMaps for the Grafana sidecar, without a hash suffix, each one JSON file', () => {
    const maps = dashboardsOf(observed);
    expect(maps.map((map) => map.metadata.name).sort()).toEqual([
      'travelclub-dashboard-booking-funnel',
      'travelclub-dashboard-creators-and-taylor',
      'travelclub-dashboard-platform-health',
    ]);
    for (const map of maps)
      expect(Object.keys(map.data), map.metadata.name).toEqual([expect.stringMatching(/\.json$/)]);
  });

  it('parse, lay out on the grid, read Prometheus through $datasource, and name only served metrics', () => {
    const maps = dashboardsOf(observed);
    const jsons = maps.flatMap((map) => Object.values(map.data));
    expect(jsons.flatMap(dashboardProblems)).toEqual([]);
    const uids = jsons.map((json) => (JSON.parse(json) as Dashboard).uid);
    expect(new Set(uids).size).toBe(uids.length);
  });

  it('show what each is for', () => {
    const exprs = (name: string) =>
      (
        JSON.parse(Object.values(dashboardsOf(observed).find((m) => m.metadata.name === name)!.data)[0]!) as Dashboard
      ).panels
        .flatMap((panel) => panel.targets ?? [])
        .map((target) => target.expr)
        .join('\n');
    const wanted: Record<string, string[]> = {
      'travelclub-dashboard-platform-health': [
        'http_server_request_duration_seconds_count',
        'http_server_request_duration_seconds_bucket',
        'nodejs_eventloop_lag',
        'nodejs_heap',
        'nodejs_gc_duration_seconds',
        'kafka_consumer_lag',
        'outbox_backlog_events',
        'outbox_oldest_event_age_seconds',
        'dead_letters',
        'bullmq_jobs',
        'mongodb_pool_connections',
        'mongodb_pool_waiting',
      ],
      'travelclub-dashboard-booking-funnel': [
        'travelclub_searches_total',
        'travelclub_cart_adds_total',
        'travelclub_checkouts_total',
        'travelclub_itineraries_confirmed_total',
        'travelclub_payments_total',
        'travelclub_itineraries_cancelled_total',
        'travelclub_refunds_total',
      ],
      'travelclub-dashboard-creators-and-taylor': [
        'travelclub_commissions_total',
        'travelclub_commission_minor_units_total',
        'travelclub_refunded_minor_units_total',
        'travelclub_taylor_turns_total',
        'travelclub_taylor_tokens_total',
        'travelclub_taylor_budget_used_ratio',
      ],
    };
    for (const [name, metrics] of Object.entries(wanted))
      for (const metric of metrics) expect(exprs(name), `${name}: ${metric}`).toContain(metric);
    expect(exprs('travelclub-dashboard-platform-health')).toMatch(/sum by \(job, route, le\)/);
    expect(exprs('travelclub-dashboard-booking-funnel')).toMatch(/sum by \(outcome\)/);
    expect(exprs('travelclub-dashboard-creators-and-taylor')).toMatch(/sum by \(currency\)/);
    expect(exprs('travelclub-dashboard-creators-and-taylor')).toMatch(/sum by \(kind\)/);
  });
});

describe('the checks', () => {
  it('refuse what is not PromQL, names a metric nobody serves, or leaves the namespace out', () => {
    expect(exprProblems('sum by (job) (rate(up{namespace="travelclub"}[5m])) > 0')).toEqual([]);
    expect(exprProblems('sum by (job) (rate(up{namespace="travelclub"}[5m]) > 0').join()).toMatch(/not PromQL/);
    expect(exprProblems('max(dead_letters{namespace="travelclub"]) > 0').join()).toMatch(/not PromQL/);
    expect(exprProblems('sum(travelclub_bookings_total{namespace="travelclub"})')).toEqual([
      'travelclub_bookings_total is not a metric the parts serve',
    ]);
    // A gauge has no buckets; the histogram has.
    expect(exprProblems('kafka_consumer_lag_bucket{namespace="travelclub"}').join()).toMatch(/not a metric/);
    expect(exprProblems('http_server_request_duration_seconds_sum{namespace="travelclub"}')).toEqual([]);
    expect(exprProblems('max(outbox_backlog_events)')).toEqual([
      'outbox_backlog_events without namespace="travelclub"',
    ]);
    expect(metricNames('label_values(up{namespace="travelclub"}, job)')).toEqual(['up']);
    expect(
      metricNames('histogram_quantile(0.99, sum by (job, le) (rate(a_bucket{x="b"}[$__rate_interval]))) > on(job) b'),
    ).toEqual(['a_bucket', 'b']);
  });

  it('refuse an alert without its runbook section, severity or values in its annotations', () => {
    const rule = copy(alerts().find((r) => r.alert === 'TravelclubDeadLetters')!);
    expect(alertProblems(rule)).toEqual([]);
    rule.annotations!.runbook_url = `${RUNBOOKS}travelclubdeadletter`;
    rule.labels!.severity = 'page';
    rule.annotations!.summary = 'Dead letters';
    expect(alertProblems(rule)).toEqual([
      'TravelclubDeadLetters: severity',
      'TravelclubDeadLetters: summary without a value or $labels',
      'TravelclubDeadLetters: no heading in docs/operations.md for #travelclubdeadletter',
    ]);
  });

  it('refuse a dashboard that does not parse, overlaps, or names an unknown metric', () => {
    const json = Object.values(dashboardsOf(observed)[0]!.data)[0]!;
    expect(dashboardProblems(json)).toEqual([]);
    expect(dashboardProblems(json.slice(0, -3)).join()).toMatch(/not JSON/);
    const dashboard = JSON.parse(json) as Dashboard;
    const [first, second] = dashboard.panels.filter((panel) => panel.type !== 'row');
    second!.gridPos = { ...first!.gridPos };
    first!.targets![0]!.expr = 'sum(rate(travelclub_bookings_total{namespace="travelclub"}[5m]))';
    const found = dashboardProblems(JSON.stringify(dashboard)).join('\n');
    expect(found).toMatch(/overlaps/);
    expect(found).toMatch(/travelclub_bookings_total is not a metric/);
  });

  it('refuse a PodMonitor or PrometheusRule the CRD refuses', async () => {
    const monitor = copy(podMonitors()[0]!) as PodMonitor & { spec: Record<string, unknown> };
    monitor.spec.podMetricsEndpoint = monitor.spec.podMetricsEndpoints;
    delete (monitor.spec as Partial<PodMonitor['spec']>).podMetricsEndpoints;
    expect((await problems(monitor)).join('\n')).toMatch(/must NOT have additional properties.*podMetricsEndpoint/);
    const rule = copy(byKind<PrometheusRule>(observed, 'PrometheusRule')[0]!);
    rule.spec.groups[0]!.rules[0]!.for = '5 minutes';
    expect((await problems(rule)).join('\n')).toMatch(/\/for must match pattern/);
  });

  it('find a part no PodMonitor reaches, a port it does not serve on, and a scrape no policy lets through', () => {
    const plant = (change: (objects: K8sObject[]) => void) => {
      const objects = copy(observed);
      change(objects);
      return scrapeProblems(objects);
    };
    const deploymentIn = (objects: K8sObject[], name: string) =>
      byKind<Workload>(objects, 'Deployment').find((d) => d.metadata.name === name)!;
    expect(
      plant((objects) => {
        const ports = containerOf(deploymentIn(objects, 'gateway')).ports!;
        ports.splice(
          ports.findIndex((port) => port.name === 'metrics'),
          1,
        );
      }),
    ).toEqual(['gateway: no container port named metrics']);
    expect(
      plant((objects) => {
        const env = containerOf(deploymentIn(objects, 'web')).env!;
        env.find((e) => e.name === 'METRICS_PORT')!.value = '9465';
      }),
    ).toEqual(['web: METRICS_PORT is 9465, the scraped port 9464']);
    expect(
      plant((objects) => {
        deploymentIn(objects, 'billing').spec.template.metadata!.labels!['app.kubernetes.io/name'] = 'payments';
      }),
    ).toEqual(['billing: selected by 0 PodMonitors']);
    expect(
      plant((objects) => {
        objects.splice(
          objects.findIndex((o) => o.metadata.name === 'prometheus-scrapes-services'),
          1,
        );
      }).sort(),
    ).toEqual(
      ['auth', 'notifications', 'catalog', 'itinerary', 'billing', 'creator', 'assistant']
        .sort()
        .map((part) => `${part}: policies open nothing to Prometheus`),
    );
  });
});
