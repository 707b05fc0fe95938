// Lighthouse 12 on a page, desktop (its desktop preset) and mobile (the default: a mid-range phone, simulated
// throttling), a few runs each in one headless Chromium: the median run by LCP, and the lowest scores of all.
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { findChromium } from '../../scripts/chromium.mjs';

export type Preset = 'desktop' | 'mobile';

/** The flags the machine notes give for headless Chromium in this container. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface Measured {
  page: string;
  preset: Preset;
  /** Every run's LCP (ms), in order. */
  lcps: number[];
  medianLcp: number;
  /** The lowest of the runs (0–100). */
  perf: number;
  a11y: number;
  /** The run with the median LCP, for its details. */
  median: Result;
  /** Scripts and stylesheets the page asked for that did not load (a page without them is not the real one). */
  failed: string[];
}

export interface Browser {
  /** `headers` go with every request of the page (a signed-in visitor's cookies). */
  audit(url: string, preset: Preset, headers?: Record<string, string>): Promise<Result>;
  close(): Promise<void>;
}

export async function openBrowser(): Promise<Browser> {
  const chrome: LaunchedChrome = await launch({ chromePath: await findChromium(), chromeFlags: CHROME_FLAGS });
  return {
    async audit(url, preset, headers) {
      const flags = {
        ...(headers && { extraHeaders: headers }),
        port: chrome.port,
        output: 'json' as const,
        logLevel: 'error' as const,
        onlyCategories: ['performance', 'accessibility'],
        // Console errors too: a hydration that fails re-renders the page in the browser, and its LCP with it.
        onlyAudits: ['errors-in-console'],
      };
      const run = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
      if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
      if (run.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${run.lhr.runtimeError.message}`);
      return run.lhr;
    },
    async close() {
      chrome.kill();
    },
  };
}

export const score = (lhr: Result, category: 'performance' | 'accessibility') =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);
export const metric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;

export const medianOf = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

export async function measure(
  browser: Browser,
  page: string,
  url: string,
  preset: Preset,
  runs: number,
  headers?: Record<string, string>,
) {
  const results: Result[] = [];
  for (let i = 0; i < runs; i++) results.push(await browser.audit(url, preset, headers));
  const lcps = results.map((lhr) => metric(lhr, 'largest-contentful-paint'));
  const medianLcp = medianOf(lcps);
  return {
    page,
    preset,
    lcps,
    medianLcp,
    perf: Math.min(...results.map((lhr) => score(lhr, 'performance'))),
    a11y: Math.min(...results.map((lhr) => score(lhr, 'accessibility'))),
    median: results[lcps.indexOf(medianLcp)]!,
    failed: [...new Set(results.flatMap(failedResources))],
  } satisfies Measured;
}

interface NetworkRequest {
  url: string;
  statusCode: number;
  resourceType?: string;
}
export const networkRequests = (lhr: Result) =>
  (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];

function failedResources(lhr: Result): string[] {
  return networkRequests(lhr)
    .filter(
      (r) => ['Script', 'Stylesheet'].includes(r.resourceType ?? '') && !(r.statusCode >= 200 && r.statusCode < 400),
    )
    .map((r) => `${r.statusCode === -1 ? 'failed' : r.statusCode} ${new URL(r.url).pathname}`);
}

const ms = (n: number) => `${Math.round(n)} ms`;

/** One line per page and preset: the median run's metrics, every run's LCP, the lowest scores. */
export function summaryLine(m: Measured) {
  const lhr = m.median;
  return (
    `${m.page.padEnd(6)} ${m.preset.padEnd(7)} LCP ${ms(m.medianLcp)} (runs ${m.lcps.map(Math.round).join('/')})  ` +
    `FCP ${ms(metric(lhr, 'first-contentful-paint'))}  TBT ${ms(metric(lhr, 'total-blocking-time'))}  ` +
    `CLS ${metric(lhr, 'cumulative-layout-shift').toFixed(3)}  SI ${ms(metric(lhr, 'speed-index'))}  ` +
    `TTFB ${ms(metric(lhr, 'server-response-time'))}  perf ${m.perf}  a11y ${m.a11y}` +
    (m.failed.length
      ? `\n  WARNING: ${m.failed.length} scripts/stylesheets did not load: ${m.failed.slice(0, 4).join(', ')}`
      : '')
  );
}
