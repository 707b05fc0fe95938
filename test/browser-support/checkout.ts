// The checkout's steps as a traveller takes them in the browser tests: a room shown in the hotel page's cart,
// signing up in the checkout's modal (the cart stays theirs), the guest details, and paying with the sandbox's good card by the keyboard alone.
import type { Page } from 'playwright-core';
import { tabTo } from './forms.js';

/**
 * Waits for the hotel page's itinerary to list a room. Not the rate's "In your itinerary" mark: a visitor who
 * took the hotel's last room sees "No rooms available" in place of the rates, the room in their itinerary.
 */
export async function roomInTheCart(page: Page) {
  const cart = page.getByRole('complementary', { name: 'Your itinerary' });
  await cart
    .getByRole('button', { name: /^Remove the rooms for / })
    .first()
    .waitFor();
}

export async function signUpInTheModal(page: Page, email: string) {
  await page.getByRole('heading', { name: 'Create your account to book' }).waitFor();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await dialog.getByLabel('Your name', { exact: true }).fill('Ada Lovelace');
  await dialog.getByLabel('Password', { exact: true }).fill('a traveller password');
  await dialog.getByLabel('Repeat password', { exact: true }).fill('a traveller password');
  await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function fillEmpty(page: Page, label: string | RegExp, value: string) {
  const field = page.getByLabel(label).first();
  if ((await field.inputValue()) === '') await field.fill(value);
}

/** Types `value` into `label`'s field with the keyboard alone: Tab to it, select what is there, type. */
async function typeInto(page: Page, label: string, value: string) {
  await tabTo(page, page.getByLabel(label, { exact: true }), 60);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(value);
}

/** The contact step's fields (those the account did not fill already), then on to the payment step. */
export async function fillGuestDetails(page: Page, email: string) {
  await fillEmpty(page, 'First name', 'Ada');
  await fillEmpty(page, 'Last name', 'Lovelace');
  await fillEmpty(page, 'Email', email);
  await fillEmpty(page, 'Phone', '+44 20 7946 0000');
  // A guest name for each room: a package's cart has a room in each of its hotels.
  for (const room of await page.getByLabel(/Room \d+ guest name/).all())
    if ((await room.inputValue()) === '') await room.fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/itinerary\/[^/]+\/payment$/);
}

/** The sandbox's good card, typed and sent with the keyboard alone; waits for the confirmation page. */
export async function payByKeyboard(page: Page) {
  await typeInto(page, 'Card number', '4242424242424242');
  await typeInto(page, 'Expiry date', '12/34');
  await typeInto(page, 'Security code', '123');
  await typeInto(page, 'Name on card', 'Ada Lovelace');
  await tabTo(page, page.getByRole('button', { name: /^Pay / }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/itinerary\/[^/]+\/confirmation$/);
}
