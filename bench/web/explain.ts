// What Lighthouse says about a page that misses a goal: the LCP element and its phases, what blocks the
// first render, unused and slow JavaScript, the metrics that cost the performance score, and every failing
// accessibility audit with the elements it names.
import type { Result } from 'lighthouse';
import type { Measured } from './lighthouse.js';

type Item = Record<string, unknown>;
type Details = { type?: string; items?: Item[] };

const detailsOf = (lhr: Result, audit: string) => (lhr.audits[audit]?.details ?? {}) as Details;
const itemsOf = (lhr: Result, audit: string) => detailsOf(lhr, audit).items ?? [];
const kb = (bytes: unknown) => `${(Number(bytes) / 1024).toFixed(1)} KB`;
const ms = (n: unknown) => `${Math.round(Number(n))} ms`;
/** A URL without the site's origin: the chunk's name is what matters. */
const short = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');
const snippet = (node: unknown) => {
  const n = (node ?? {}) as { snippet?: string; selector?: string; nodeLabel?: string };
  return `${n.selector ?? ''} ${(n.snippet ?? n.nodeLabel ?? '').slice(0, 140)}`.trim();
};

function lcpElement(lhr: Result): string[] {
  const lines: string[] = [];
  // Lighthouse 12: a list of two tables, the element, then the LCP's phases (TTFB, load delay, load time, render delay).
  for (const table of itemsOf(lhr, 'largest-contentful-paint-element') as Details[]) {
    for (const row of table.items ?? []) {
      if (row.node) lines.push(`  LCP element: ${snippet(row.node)}`);
      if (row.phase) lines.push(`    ${String(row.phase)}: ${ms(row.timing)} (${String(row.percent ?? '')} of LCP)`);
    }
  }
  return lines;
}

/** `audit`'s rows, `limit` of them, one line each as `format` writes it. */
function rows(lhr: Result, audit: string, title: string, format: (item: Item) => string, limit = 6): string[] {
  const items = itemsOf(lhr, audit);
  if (!items.length) return [];
  const shown = items.slice(0, limit).map((item) => `    ${format(item)}`);
  return [`  ${title}:`, ...shown];
}

/** The performance metrics that scored below 0.9, with their weight in the score. */
function weakMetrics(lhr: Result): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
    .map((ref) => {
      const audit = lhr.audits[ref.id]!;
      return `  weak metric: ${audit.title} ${audit.displayValue ?? ''} (score ${audit.score}, weight ${ref.weight})`;
    });
}

function failingA11y(lhr: Result): string[] {
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  const lines: string[] = [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
    lines.push(`  a11y fails: ${ref.id} (weight ${ref.weight}): ${audit.title}`);
    for (const item of (detailsOf(lhr, ref.id).items ?? []).slice(0, 4)) lines.push(`    ${snippet(item.node)}`);
  }
  return lines;
}

/** What the browser really saw, unthrottled: a late first paint with an early DOMContentLoaded is not the network. */
function observed(lhr: Result): string[] {
  const metrics = (itemsOf(lhr, 'metrics')[0] ?? {}) as Record<string, number>;
  const at = (key: string) => ms(metrics[key]);
  return [
    `  observed (unthrottled): DOMContentLoaded ${at('observedDomContentLoaded')}, load ${at('observedLoad')}, ` +
      `FCP ${at('observedFirstContentfulPaint')}, LCP ${at('observedLargestContentfulPaint')}`,
  ];
}

/**
 * The requests the browser had started when it painted the LCP: Lighthouse's mobile LCP is simulated over a
 * slow network with six connections a host, and every one of them is in its way.
 */
function beforeLcp(lhr: Result): string[] {
  const metrics = (itemsOf(lhr, 'metrics')[0] ?? {}) as Record<string, number>;
  const lcpAt = metrics.observedLargestContentfulPaint ?? Infinity;
  const started = itemsOf(lhr, 'network-requests').filter((r) => Number(r.networkRequestTime) <= lcpAt);
  const kinds = new Map<string, { n: number; bytes: number }>();
  for (const r of started) {
    const kind = String(r.resourceType ?? 'Other');
    const k = kinds.get(kind) ?? { n: 0, bytes: 0 };
    kinds.set(kind, { n: k.n + 1, bytes: k.bytes + Number(r.transferSize ?? 0) });
  }
  const list = [...kinds].map(([kind, k]) => `${k.n} ${kind} (${kb(k.bytes)})`).join(', ');
  return [`  started before the LCP was painted: ${started.length} requests: ${list}`];
}

export function explainPerformance(m: Measured): string[] {
  const lhr = m.median;
  return [
    `why ${m.page} (${m.preset}) is slow, from its median run:`,
    ...weakMetrics(lhr),
    ...observed(lhr),
    ...beforeLcp(lhr),
    ...rows(
      lhr,
      'errors-in-console',
      'console errors',
      (i) => `${String(i.source ?? '')}: ${String(i.description ?? '').slice(0, 200)}`,
    ),
    ...lcpElement(lhr),
    ...rows(
      lhr,
      'render-blocking-resources',
      'render-blocking',
      (i) => `${short(i.url)} ${kb(i.totalBytes)} ~${ms(i.wastedMs)}`,
    ),
    ...rows(
      lhr,
      'unused-javascript',
      'unused JavaScript',
      (i) => `${short(i.url)} ${kb(i.wastedBytes)} of ${kb(i.totalBytes)} unused`,
    ),
    ...rows(
      lhr,
      'bootup-time',
      'JavaScript boot-up',
      (i) => `${short(i.url)} ${ms(i.total)} (scripting ${ms(i.scripting)})`,
    ),
    ...rows(
      lhr,
      'mainthread-work-breakdown',
      'main thread',
      (i) => `${String(i.groupLabel ?? i.group)} ${ms(i.duration)}`,
      5,
    ),
    ...rows(
      lhr,
      'uses-text-compression',
      'sent uncompressed',
      (i) => `${short(i.url)} ${kb(i.totalBytes)}, ${kb(i.wastedBytes)} to save`,
    ),
    ...rows(
      lhr,
      'uses-responsive-images',
      'oversized images',
      (i) => `${short(i.url)} ${kb(i.totalBytes)}, ${kb(i.wastedBytes)} to save`,
    ),
    ...rows(lhr, 'prioritize-lcp-image', 'LCP image not preloaded', (i) => `${short(i.url)} ~${ms(i.wastedMs)}`),
  ];
}

export function explainAccessibility(m: Measured): string[] {
  return [`why ${m.page} (${m.preset}) loses accessibility points:`, ...failingA11y(m.median)];
}
