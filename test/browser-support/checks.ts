// What the browser tests check on a page and keep of it: axe's serious and critical violations (there must be
// none), screenshots as test artefacts, and links that arrive by mail opened on the site under test.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { linkIn, type CaughtMail } from '@travelclub/kit/testing';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
/** Test artefacts (gitignored). */
export const SCREENSHOTS = join(root, 'test-results', 'screenshots');

/** The violations of `page` that matter: every serious and critical one, each named with its first places. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const where = v.nodes
        .slice(0, 2)
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
        .join(' | ');
      return `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}× e.g. ${where})`;
    });
}

/** Fails, listing them, when axe finds any serious or critical violation on `page` (named `what`). */
export async function expectAccessible(page: Page, what: string) {
  expect(await seriousViolations(page), `axe on ${what} (${page.url()})`).toEqual([]);
}

/**
 * Saves what the screen shows as `<name>-<width>x<height>.png` among the artefacts, and the whole page as
 * `…-full.png` beside it; returns the first's path.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const size = page.viewportSize();
  const path = join(SCREENSHOTS, `${name}-${size?.width}x${size?.height}.png`);
  // Transitions and the caret are not part of what is being shown.
  const options = { animations: 'disabled', caret: 'hide' } as const;
  await page.screenshot({ path, ...options });
  await page.screenshot({ path: path.replace(/\.png$/, '-full.png'), fullPage: true, ...options });
  return path;
}

/** Scrolls through the page and back (page code as text), so lazy images below the fold load for a full-page shot. */
const SCROLL_THROUGH = `(async () => {
  const step = Math.max(200, window.innerHeight - 100);
  for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
    window.scrollTo(0, y);
    await new Promise((done) => setTimeout(done, 60));
  }
  window.scrollTo(0, 0);
})()`;

/** Scrolls through the page and back to the top: every lazy part below the fold is then loaded. */
export async function scrollThrough(page: Page) {
  await page.evaluate(SCROLL_THROUGH);
  await page.waitForLoadState('networkidle');
}

/**
 * Screenshots of the page as it is, at each size (the page is resized, then put back): the same state on a
 * phone and on a desktop. `before` runs at each size first (to show a part that a size hides, say).
 */
export async function screenshotsAt(
  page: Page,
  name: string,
  sizes: { width: number; height: number }[],
  before?: () => Promise<void>,
) {
  const original = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize(size);
    await before?.();
    await scrollThrough(page);
    // Let the layout, lazy images and the map settle at the new size.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    await screenshot(page, name);
  }
  if (original) await page.setViewportSize(original);
}

/** The path (and query) of the link to `pathPrefix` in `mail`, to open on the site under test. */
export function mailLinkPath(mail: CaughtMail, pathPrefix: string): string {
  const link = new URL(linkIn(mail, pathPrefix));
  return `${link.pathname}${link.search}`;
}
