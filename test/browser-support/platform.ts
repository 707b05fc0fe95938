// The browser tests' world for one test file: the whole platform with the web app behind one origin, and
// Debian's Chromium driven by playwright-core (found, or installed, by scripts/chromium.mjs; never skipped).
import { testInfra } from '@travelclub/kit/testing';
import { browserSession, startStack, type Stack, type StackOptions } from '@travelclub/testing';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { afterAll, beforeAll, onTestFailed } from 'vitest';
import { findChromium } from '../../scripts/chromium.mjs';
import { screenshot } from './checks.js';

/** The flags of the machine notes: no sandbox (root in a container), no GPU, nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
export type Viewport = typeof PHONE;

export async function launchChromium(): Promise<Browser> {
  const executablePath = await findChromium();
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/** A page of its own context (cookies of its own), and what went wrong in it. */
export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught errors in the page's scripts, and its console errors. */
  problems: string[];
}

export interface WebPlatform {
  stack: Stack;
  /** The origin a visitor opens: the web app, with the API under /api. */
  url: string;
  browser: Browser;
  /** A new visitor (a fresh context) with a page at this size. */
  visitor(viewport?: Viewport): Promise<TestPage>;
  /** A visitor already signed in with `token` (the session cookies sign-in would leave). */
  signedIn(token: string, viewport?: Viewport): Promise<TestPage>;
  /** Opens `path` of the site and returns the document's answer. */
  open(page: Page, path: string): Promise<Response>;
}

/**
 * Page code as text (the platform's type check knows Node, not the DOM): React Router's router exists and React
 * has taken over the server's markup (its fiber is on the page's main landmark).
 */
const HYDRATED = `(() => {
  const main = document.querySelector('main');
  return Boolean(window.__reactRouterDataRouter && main && Object.keys(main).some((k) => k.startsWith('__reactFiber')));
})()`;
const NEXT_FRAME = 'new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))';

/**
 * Waits until the server-rendered page is hydrated: typing into a field before that would be lost, as it
 * would for a person only on a slow phone.
 */
export async function hydrated(page: Page, timeoutMs = 30_000) {
  // Polled from here: the site's content policy forbids the eval that page.waitForFunction needs.
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(HYDRATED))) {
    if (Date.now() > deadline) throw new Error(`${page.url()} was not hydrated within ${timeoutMs} ms`);
    await page.waitForTimeout(50);
  }
  await page.evaluate(NEXT_FRAME);
}

/**
 * The platform and the browser of a test file, started before its tests and stopped after them. Its fields
 * are there once the tests run.
 */
export function useWebPlatform(options: StackOptions = {}): WebPlatform {
  const contexts: BrowserContext[] = [];
  const platform: WebPlatform = {
    stack: undefined as unknown as Stack,
    url: '',
    browser: undefined as unknown as Browser,
    async visitor(viewport = DESKTOP) {
      // American dates (the date fields' segments are typed month first) on UTC, whatever the machine's settings.
      const context = await platform.browser.newContext({
        viewport,
        baseURL: platform.url,
        locale: 'en-US',
        timezoneId: 'UTC',
      });
      // Its number among the file's contexts, for the name of its screenshot when its test fails.
      const number = contexts.push(context);
      // Well inside a test's time: a missing element fails the test with Playwright's own words. A whole page
      // load (the server's render, the scripts, hydration) gets longer: on a loaded 2-core CI machine, running a
      // second platform beside this one, a load took over 10 s at times (their speed is the benches' subject).
      context.setDefaultTimeout(10_000);
      context.setDefaultNavigationTimeout(30_000);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      page.on('console', (message) => {
        // The browser logs every 4xx answer; the API's (a declined card, a wrong password) are expected, and
        // the site's own files are checked below.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          problems.push(`console: ${message.text()}`);
      });
      page.on('response', (answer) => {
        const { pathname } = new URL(answer.url());
        const ownFile = answer.request().resourceType() !== 'document' && !pathname.startsWith('/api/');
        if (ownFile && answer.status() >= 400) problems.push(`${answer.status()} for ${pathname}`);
      });
      // What the page showed when its test failed, beside the screenshots (test-results/screenshots/).
      onTestFailed(async ({ task }) => {
        const name = `failed-${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}-${number}`;
        await screenshot(page, name).catch(() => undefined);
        // The last words of the site's two front parts: why a page did not come, when it did not.
        for (const part of ['web', 'gateway'] as const) {
          const said = platform.stack.parts[part]?.output().trim().split('\n').slice(-15).join('\n');
          if (said) console.error(`[${part}] ${page.url()}\n${said}`);
        }
      });
      return { page, context, problems };
    },
    async signedIn(token, viewport) {
      const visit = await platform.visitor(viewport);
      const cookies = await browserSession(platform.url, token);
      await visit.context.addCookies(cookies.map((cookie) => ({ ...cookie, url: platform.url })));
      return visit;
    },
    async open(page, path) {
      const answer = await page.goto(new URL(path, platform.url).href, { waitUntil: 'load' });
      if (!answer) throw new Error(`no answer for ${path}`);
      await hydrated(page);
      return answer;
    },
  };
  beforeAll(async () => {
    // The browser first: a missing Chromium fails the file at once, with the message saying what to do.
    platform.browser = await launchChromium();
    // The web app behind the gateway: one origin, as in production (built first when it is stale).
    platform.stack = await startStack(testInfra(), { ...options, web: true });
    platform.url = platform.stack.gateway;
  }, 300_000);
  afterAll(async () => {
    await Promise.allSettled(contexts.map((context) => context.close()));
    await platform.browser?.close();
    await platform.stack?.stop();
  }, 60_000);
  return platform;
}
