// Browser test: signing in on /signIn. A wrong password and an unknown address each get the spec's red
// callout word for word; the form works with the keyboard alone; a magic link and a password reset arrive
// through the mail catcher and end with the traveller signed in. And a visitor with rooms in their itinerary
// who signs in (not up) in the checkout's modal keeps those rooms.
import { uniqueName, waitForMail } from '@travelclub/kit/testing';
import { Traveller, inDays } from '@travelclub/testing';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible, mailLinkPath } from '../browser-support/checks.js';
import { roomInTheCart } from '../browser-support/checkout.js';
import { expectCallout, tabTo } from '../browser-support/forms.js';
import { PHONE, useWebPlatform } from '../browser-support/platform.js';

// Enough hotels for a stay in the United States (the checkout test books one).
const platform = useWebPlatform({ hotels: 60 });
const PASSWORD = 'a traveller password';

/** A traveller with an account (signed up through the API), and their address. */
async function member(password = PASSWORD) {
  const email = `${uniqueName('browser')}@example.test`;
  const signedUp = await (await new Traveller(platform.stack.gateway).visit()).signUp(email, password);
  expect(signedUp.status).toBe(201);
  return email;
}

const form = (page: Page) => ({
  email: page.getByLabel('Email', { exact: true }),
  password: page.getByLabel('Password', { exact: true }),
  signIn: page.getByRole('button', { name: 'Sign In', exact: true }),
  magicLink: page.getByRole('button', { name: 'Email me a magic link' }),
});

/** Signed in as a member: the header offers their trips and signing out. */
const signedIn = (page: Page) => page.getByRole('link', { name: 'Sign out' }).waitFor();

it('shows the red callout for a wrong password, and for an address nobody has', async () => {
  const email = await member();
  const { page } = await platform.visitor(PHONE);
  await platform.open(page, '/signIn');
  await page.getByRole('heading', { name: 'Welcome Back to TravelClub!' }).waitFor();
  await expectAccessible(page, '/signIn');
  const f = form(page);
  await f.email.fill(email);
  await f.password.fill('not the password');
  await f.signIn.click();
  await expectCallout(page, 'Error', 'The specified password does not match the records.');

  await f.email.fill(`${uniqueName('nobody')}@example.test`);
  await f.signIn.click();
  await expectCallout(page, 'Error', 'The email address is not registered. Please create a new account.');
  await expectAccessible(page, '/signIn with an error');
});

it('signs in with the keyboard alone', async () => {
  const email = await member();
  const { page } = await platform.visitor();
  await platform.open(page, '/signIn');
  const f = form(page);
  await tabTo(page, f.email);
  await page.keyboard.type(email);
  await tabTo(page, f.password);
  await page.keyboard.type(PASSWORD);
  await tabTo(page, f.signIn);
  await page.keyboard.press('Enter');
  // The returnUrl's default: home, signed in.
  await page.waitForURL(`${platform.url}/`);
  await signedIn(page);
});

it('signs in through the link a magic-link mail carries', async () => {
  const email = await member();
  const { page } = await platform.visitor(PHONE);
  await platform.open(page, '/signIn');
  const f = form(page);
  await f.email.fill(email);
  await f.magicLink.click();
  await expectCallout(page, 'Success', 'A sign in link has been sent to your email address.');

  const mail = await waitForMail(email, { subject: 'Your TravelClub sign-in link' });
  await platform.open(page, mailLinkPath(mail, '/continueSignIn'));
  await signedIn(page);
});

it('resets a forgotten password through the mail, then signs in with the new one', async () => {
  const email = await member();
  const { page } = await platform.visitor();
  await platform.open(page, '/signIn');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL(/\/forgotPassword/);
  await expectAccessible(page, '/forgotPassword');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await page.getByRole('status').first().waitFor();

  const mail = await waitForMail(email, { subject: 'Reset your TravelClub password' });
  await platform.open(page, mailLinkPath(mail, '/resetPassword'));
  await expectAccessible(page, '/resetPassword');
  const newPassword = 'a brand new password';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByRole('status').first().waitFor();

  await platform.open(page, '/signIn');
  const f = form(page);
  await f.email.fill(email);
  await f.password.fill(newPassword);
  await f.signIn.click();
  await signedIn(page);
});

it("keeps a visitor's rooms when they sign in to the account they already had, in the checkout's modal", async () => {
  const email = await member();
  const { searchId, hotel } = await (
    await new Traveller(platform.stack.gateway).visit()
  ).findStay({
    destination: 'country-US',
    checkIn: inDays(20),
    checkOut: inDays(22),
  });
  const { page, problems } = await platform.visitor();
  await platform.open(page, `/hotel/${hotel.slug}?searchId=${searchId}`);
  await page.getByRole('button', { name: 'Add to itinerary' }).first().click();
  await roomInTheCart(page);
  await page.getByRole('link', { name: 'Continue to guest details' }).click();
  await page.waitForURL(/\/itinerary\/[^/]+\/contact$/);
  const contactUrl = page.url();

  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Already have an account? Sign in' }).click();
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });

  // The same itinerary, now the member's: their guest details form, beside the room the visitor chose.
  await page.getByRole('form', { name: 'Guest details' }).waitFor({ timeout: 20_000 });
  expect(page.url()).toBe(contactUrl);
  expect(await page.getByText(hotel.name).count()).toBeGreaterThan(0);
  await signedIn(page);
  expect(problems).toEqual([]);
});
