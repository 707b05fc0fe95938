// The contact page: the guest form's rules with their exact messages, the sign-up step for an anonymous
// visitor, and "Continue to payment": guest details, pre-check (its problems shown, no invoice), invoice.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emailError, guestMessages, phoneError, roomSlots, validateGuests } from '~/checkout/guest-rules';
import Contact, { loader } from '~/routes/itinerary-contact';
import { anItinerary, anonymous, answers, callsOf, renderRoutes, resetApi, usd, type StubRoute } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

const route: StubRoute = {
  path: '/itinerary/:itineraryId?/contact',
  Component: Contact as never,
  loader: loader as never,
};
const okPreCheck = {
  itineraryId: 'it-1',
  ok: true,
  total: usd(45000),
  lines: [
    {
      lineItemId: 'li-1',
      holdId: 'hold-1',
      hotelId: 'h-1',
      status: 'ok',
      quoted: usd(45000),
      current: usd(45000),
      holdExpiresAt: null,
    },
  ],
};

describe('the guest form rules', () => {
  it("says 'Email address is required' and 'Invalid email address' (spec section 5)", () => {
    expect(emailError('')).toBe('Email address is required');
    expect(emailError('   ')).toBe('Email address is required');
    expect(emailError('ada')).toBe('Invalid email address');
    expect(emailError('ada @example.com')).toBe('Invalid email address');
    expect(emailError('ada@example.com')).toBeNull();
  });

  it('wants a phone number of digits, spaces, brackets or dashes', () => {
    expect(phoneError('')).toBe(guestMessages.phoneRequired);
    expect(phoneError('call me')).toBe(guestMessages.phoneInvalid);
    expect(phoneError('+44 (20) 7946-0958')).toBeNull();
  });

  it('wants one name per room; the first room takes the lead guest name until it is typed', () => {
    const slots = roomSlots(anItinerary());
    const values = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+351 912 345 678',
      roomNames: {},
    };
    expect(validateGuests(values, slots)).toEqual({ 'room:li-1:hold-1:1': 'A guest name is required' });
    expect(validateGuests({ ...values, roomNames: { 'li-1:hold-1': ['', 'Charles'] } }, slots)).toEqual({
      'room:li-1:hold-1:0': 'A guest name is required',
    });
  });
});

describe('the contact page', () => {
  beforeEach(() => {
    resetApi();
    answers['itinerary.readItinerary'] = () => anItinerary();
  });

  it('shows the rules on change and every error on Continue, and sends nothing while any fails', async () => {
    const user = userEvent.setup();
    renderRoutes([route], '/itinerary/it-1/contact');
    const email = await screen.findByLabelText(/^Email/);
    await user.clear(email);
    expect(await screen.findByText('Email address is required')).toBeTruthy();
    await user.type(email, 'ada');
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    expect(screen.getAllByText('A guest name is required')).toHaveLength(2);
    expect(callsOf('itinerary.setGuestDetails')).toHaveLength(0);
    // The first field to fix takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^First name/)));
  });

  it('saves the guests, runs the pre-check, makes the invoice and goes to payment', async () => {
    const user = userEvent.setup();
    answers['itinerary.setGuestDetails'] = () => anItinerary();
    answers['itinerary.preCheck'] = () => okPreCheck;
    answers['itinerary.createInvoice'] = () => anItinerary({ status: 'pending_payment', invoiceId: 'inv-1' });
    renderRoutes([route], '/itinerary/it-1/contact');
    expect(((await screen.findByLabelText(/^Email/)) as HTMLInputElement).value).toBe('ada@example.com');
    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Phone/), '+351 912 345 678');
    expect((screen.getByLabelText(/^Room 1 guest name/) as HTMLInputElement).value).toBe('Ada Lovelace');
    await user.type(screen.getByLabelText(/^Room 2 guest name/), 'Charles Babbage');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('The payment page')).toBeTruthy();
    expect(callsOf('itinerary.setGuestDetails')[0]).toEqual({
      params: { id: 'it-1' },
      body: {
        leadGuest: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+351 912 345 678' },
        rooms: [{ lineItemId: 'li-1', holdId: 'hold-1', guestNames: ['Ada Lovelace', 'Charles Babbage'] }],
      },
    });
    expect(callsOf('itinerary.createInvoice')).toHaveLength(1);
  });

  it('shows what the pre-check found (a changed price) and makes no invoice', async () => {
    const user = userEvent.setup();
    const guests = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+351 912 345 678' };
    answers['itinerary.readItinerary'] = () => anItinerary({ leadGuest: guests });
    answers['itinerary.setGuestDetails'] = () => anItinerary();
    answers['itinerary.preCheck'] = () => ({
      ...okPreCheck,
      ok: false,
      lines: [{ ...okPreCheck.lines[0], status: 'price-changed', current: usd(48000) }],
    });
    renderRoutes([route], '/itinerary/it-1/contact');
    await user.type(await screen.findByLabelText(/^Room 2 guest name/), 'Charles Babbage');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The price of Deluxe Double at Hotel Aurora changed from $450.00 to $480.00.');
    expect(alert.textContent).toContain('Nothing has been charged.');
    expect(callsOf('itinerary.createInvoice')).toHaveLength(0);
  });

  it("shows the API's message when making the invoice is refused", async () => {
    const user = userEvent.setup();
    const guests = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+351 912 345 678' };
    const { ApiError } = await import('@travelclub/contracts');
    answers['itinerary.readItinerary'] = () => anItinerary({ leadGuest: guests });
    answers['itinerary.setGuestDetails'] = () => anItinerary();
    answers['itinerary.preCheck'] = () => okPreCheck;
    answers['itinerary.createInvoice'] = () => {
      throw new ApiError(409, 'hold-expired', 'Your room hold has expired. Please check availability again.');
    };
    renderRoutes([route], '/itinerary/it-1/contact');
    await user.type(await screen.findByLabelText(/^Room 2 guest name/), 'Charles Babbage');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Your room hold has expired. Please check availability again.')).toBeTruthy();
  });

  it('asks an anonymous visitor (a cart, no account) to sign up first, in the auth modal', async () => {
    const user = userEvent.setup();
    renderRoutes([route], '/itinerary/it-1/contact', { user: anonymous });
    expect(await screen.findByRole('heading', { name: 'Create your account to book' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Guest details' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your stay' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
  });

  it('says so when the itinerary is already paid', async () => {
    answers['itinerary.readItinerary'] = () => anItinerary({ status: 'confirmed', invoiceId: 'inv-1' });
    renderRoutes([route], '/itinerary/it-1/contact');
    expect(await screen.findByText('This booking is already paid and confirmed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your booking' }).getAttribute('href')).toBe(
      '/itinerary/it-1/confirmation',
    );
  });
});
