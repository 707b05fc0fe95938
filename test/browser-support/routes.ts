// The checks every route gets in the browser tests: its status, one main heading, no serious or critical axe
// violation, and nothing that scrolls sideways (lazy pictures loaded first).
import type { Page } from 'playwright-core';
import { scrollThrough, seriousViolations } from './checks.js';
import { DESKTOP, PHONE, type Viewport, type WebPlatform } from './platform.js';

/** Page code as text: '' when the page fits the screen's width, else its width and what sticks out. */
const OVERFLOW = `(() => {
  const width = window.innerWidth;
  if (document.documentElement.scrollWidth <= width) return '';
  const out = [...document.body.querySelectorAll('*')]
    .filter((el) => el.getBoundingClientRect().right > width + 0.5)
    .slice(-3)
    .map((el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ').join('.') : ''));
  return document.documentElement.scrollWidth + ' px wide on a ' + width + ' px screen: ' + out.join(', ');
})()`;

/** '' when `page` fits its screen's width; else how wide it is and what sticks out. */
export async function sidewaysOverflow(page: Page): Promise<string> {
  return (await page.evaluate(OVERFLOW)) as string;
}

/** What is wrong with `path` as a visitor opens it: its status, its headings, axe, sideways scrolling. */
async function routeFailures(platform: WebPlatform, page: Page, path: string): Promise<string[]> {
  const failures: string[] = [];
  const answer = await platform.open(page, path);
  await page.waitForLoadState('networkidle');
  if (answer.status() !== 200) failures.push(`status ${answer.status()}`);
  if ((await page.getByRole('heading', { level: 1 }).count()) !== 1) failures.push('not one h1');
  failures.push(...(await seriousViolations(page)));
  // Nothing scrolls sideways, on a phone least of all (lazy pictures loaded first).
  await scrollThrough(page);
  const overflow = await sidewaysOverflow(page);
  if (overflow) failures.push(overflow);
  return failures.map((failure) => `${path}: ${failure}`);
}

/**
 * What is wrong with each of `paths` on a phone and on a desktop, each size in a page of its own that `open` gives
 * (a visitor's, a signed-in one's), the two at once: most of a route's time is waiting for the network to rest,
 * and the two sizes wait together. Each failure names its size; the pages' own problems (errors, failed files) too.
 */
export async function routesFailuresOnBothSizes(
  platform: WebPlatform,
  open: (viewport: Viewport) => Promise<{ page: Page; problems: string[] }>,
  paths: string[],
): Promise<string[]> {
  const sizes = [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const;
  const failures = await Promise.all(
    sizes.map(async ([size, viewport]) => {
      const { page, problems } = await open(viewport);
      const found: string[] = [];
      for (const path of paths) found.push(...(await routeFailures(platform, page, path)));
      return [...found, ...problems].map((failure) => `on a ${size}, ${failure}`);
    }),
  );
  return failures.flat();
}
