// The checks every route gets in the browser tests: its status, one main heading, no serious or critical axe
// violation, and nothing that scrolls sideways (lazy pictures loaded first).
import type { Page } from 'playwright-core';
import { scrollThrough, seriousViolations } from './checks.js';
import type { WebPlatform } from './platform.js';

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
export async function routeFailures(platform: WebPlatform, page: Page, path: string): Promise<string[]> {
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
