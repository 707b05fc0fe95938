// Driving forms the way a person does: the keyboard alone (Tab to a control, checking its focus is visible),
// and reading the forms' red 'Error' and green 'Success' callouts word for word.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The callout of `tone` whose message is `message`, as a screen reader reads it: title, then message. */
export async function expectCallout(page: Page, tone: 'Error' | 'Success', message: string) {
  const callout = page.getByRole(tone === 'Error' ? 'alert' : 'status').filter({ hasText: message });
  await callout.waitFor();
  expect((await callout.textContent())?.replace(/\s+/g, ' ').trim()).toMatch(
    new RegExp(`^${tone} ?${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  );
}

/**
 * Whether the focused element shows that it has focus (an outline or a ring), as keyboard users need. Page
 * code as text: the platform's type check knows Node, not the DOM.
 */
const FOCUS_IS_VISIBLE = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return false;
  const style = getComputedStyle(el);
  return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
})()`;

/**
 * Presses Tab (at most `max` times) until `target` has focus, checking each stop shows its focus. Fails
 * when `target` is never reached: it cannot be used with the keyboard.
 */
export async function tabTo(page: Page, target: Locator, max = 30) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await target.evaluate((el) => el === el.ownerDocument.activeElement).catch(() => false);
    if (focused) {
      expect(await page.evaluate(FOCUS_IS_VISIBLE), `focus on ${String(target)} is visible`).toBe(true);
      return;
    }
  }
  throw new Error(`${String(target)} was not reached with ${max} presses of Tab`);
}
