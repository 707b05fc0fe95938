// Browser test: the dashboard's "Today" moves with the club's day. A creator keeps their dashboard open; a visitor
// (a phone's browser) opens the club a few times, subscribes and confirms with the mail's link; within seconds,
// without a reload, the creator's "Today" shows those page views and the new subscriber.
import { uniqueName, waitForMail } from '@travelclub/kit/testing';
import { Creator } from '@travelclub/testing';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { mailLinkPath, screenshot } from '../browser-support/checks.js';
import { DESKTOP, PHONE, useWebPlatform } from '../browser-support/platform.js';

const platform = useWebPlatform();
const PHONE_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** The number a figure of the "Today" card shows (its label, then its value). */
async function todayFigure(page: Page, label: string): Promise<number | null> {
  const card = page.getByRole('region', { name: 'Today' });
  const figure = card.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
  if ((await figure.count()) === 0) return null;
  const text = (await figure.locator('dd').textContent()) ?? '';
  return Number(text.replace(/[^0-9-]/g, ''));
}

it("shows today's page views and subscribers on the dashboard within seconds of a visit", async () => {
  const creator = await new Creator(platform.stack.gateway).signUp(`${uniqueName('today')}@example.test`, 'Tina Today');
  await creator.claimSlug(`tina-${Date.now().toString(36)}`);

  // The creator's dashboard, open before anyone visits: a quiet day.
  const desk = await platform.signedIn(creator.token!, DESKTOP);
  await platform.open(desk.page, '/dashboard');
  await desk.page.getByRole('heading', { level: 1, name: 'Welcome, Tina Today' }).waitFor();
  expect(await todayFigure(desk.page, 'Page views')).toBe(0);
  expect(await todayFigure(desk.page, 'Subscribers')).toBe(0);

  // A visitor on a phone opens the club three times, then subscribes and confirms.
  const visitor = await platform.visitor(PHONE);
  await visitor.context.setExtraHTTPHeaders({ 'user-agent': PHONE_BROWSER });
  const { page } = visitor;
  for (let i = 0; i < 3; i += 1) {
    await platform.open(page, `/user/${creator.slug}`);
    await page.getByRole('heading', { level: 1, name: 'Tina Today' }).waitFor();
  }
  const email = `${uniqueName('fan')}@example.test`;
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Please check your inbox to confirm your subscription.' }).waitFor();
  const mail = await waitForMail(email, { subject: 'Please confirm your subscription', timeoutMs: 20_000 });
  await platform.open(page, mailLinkPath(mail, '/emailSubscription/'));
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await page.getByRole('heading', { level: 1, name: "You're subscribed to Tina Today's club" }).waitFor();

  // The dashboard, still open and never reloaded, catches up within seconds.
  await expect
    .poll(() => todayFigure(desk.page, 'Page views'), { timeout: 20_000, interval: 500 })
    .toBeGreaterThanOrEqual(3);
  await expect.poll(() => todayFigure(desk.page, 'Subscribers'), { timeout: 20_000, interval: 500 }).toBe(1);
  await screenshot(desk.page, 'dashboard-today');
  expect(desk.problems).toEqual([]);
  expect(visitor.problems).toEqual([]);
}, 180_000);
