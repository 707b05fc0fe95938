// "Ask for a package": the dialog opens from below the package, checks the address, the message and the dates
// before sending, sends the request about this package to its creator, then thanks the visitor; the hourly
// limits and other refusals are said plainly and the form keeps what was typed. A member's address is filled in.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { account } from '../accounts';
import { inDays, pageData } from './fixtures';
import { browserApi, deferred, handlers, refusal, renderPackage, resetApi } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

beforeEach(() => resetApi());

type User = ReturnType<typeof userEvent.setup>;

const askButton = () => screen.findByRole('button', { name: 'Ask Anna Travels for a package' });

async function openDialog(user: User, options: Parameters<typeof renderPackage>[1] = {}) {
  renderPackage(() => pageData(), options);
  await user.click(await askButton());
  return screen.findByRole('dialog', { name: 'Ask Anna Travels for a package' });
}

const field = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name) as HTMLInputElement;

async function fillIn(user: User, dialog: HTMLElement) {
  await user.type(field(dialog, 'Your email'), 'ada@example.com');
  await user.type(field(dialog, 'Your message'), 'Japan in spring, slow and green?');
}

describe('asking the creator for a package', () => {
  it('opens a dialog that says what it is about, and closes with Cancel', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    expect(
      within(dialog).getByText(
        'Tell Anna Travels about the trip you would like. Your request mentions Lisbon and Porto by the water.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('The creator answers you here.')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Adults' }) as HTMLInputElement).value).toBe('2');
    expect((within(dialog).getByRole('textbox', { name: 'Children' }) as HTMLInputElement).value).toBe('0');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The focus goes back to where the visitor asked from.
    const ask = await askButton();
    await waitFor(() => expect(document.activeElement).toBe(ask));
  });

  it('needs an address and a message before it sends anything', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Email address is required')).toBeTruthy();
    expect(within(dialog).getByText('Tell the creator what you would like')).toBeTruthy();
    await user.type(field(dialog, 'Your email'), 'ada');
    expect(within(dialog).getByText('Invalid email address')).toBeTruthy();
    expect(browserApi.call).not.toHaveBeenCalled();
  });

  it('checks the dates wished: both or none, not past, in order', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await fillIn(user, dialog);
    fireEvent.change(field(dialog, 'From'), { target: { value: inDays(30) } });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Give both dates, or none')).toBeTruthy();
    fireEvent.change(field(dialog, 'To'), { target: { value: inDays(20) } });
    expect(within(dialog).getByText('The end must not be before the start')).toBeTruthy();
    fireEvent.change(field(dialog, 'From'), { target: { value: inDays(-2) } });
    expect(within(dialog).getByText('The start is in the past')).toBeTruthy();
    expect(browserApi.call).not.toHaveBeenCalled();
  });

  it('sends the request about this package, then thanks the visitor', async () => {
    const user = userEvent.setup();
    const sent = deferred<unknown>();
    handlers.requestPackage = () => sent.promise;
    const dialog = await openDialog(user);
    await fillIn(user, dialog);
    fireEvent.change(field(dialog, 'From'), { target: { value: inDays(30) } });
    fireEvent.change(field(dialog, 'To'), { target: { value: inDays(40) } });
    await user.click(within(dialog).getByRole('button', { name: 'Increase Children' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    const pending = await within(dialog).findByRole('button', { name: 'Sending…' });
    expect(pending.getAttribute('aria-disabled')).toBe('true');
    expect(browserApi.callAsUser).not.toHaveBeenCalled();
    expect(browserApi.call.mock.calls).toEqual([
      [
        'requestPackage',
        {
          body: {
            creatorSlug: 'anna',
            packageId: 'pkg-1',
            email: 'ada@example.com',
            message: 'Japan in spring, slow and green?',
            dates: { from: inDays(30), to: inDays(40) },
            party: { adults: 2, children: 1 },
          },
        },
      ],
    ]);

    await act(async () => sent.resolve({ requested: true }));
    const thanks = await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(within(thanks).getByRole('status').textContent).toBe(
      'SuccessYour request is on its way to Anna Travels. They will answer you at ada@example.com.',
    );
    await user.click(within(thanks).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    [
      'too-many-requests',
      'Too many attempts. Please wait a moment and try again.',
      429,
      'Too many requests have been sent in the last hour. Please try again later.',
    ],
    [
      'creator-unreachable',
      'This creator cannot take requests yet. Please try again later.',
      409,
      'This creator cannot take requests yet. Please try again later.',
    ],
    [
      'service-unavailable',
      'The service is temporarily unavailable. Please try again shortly.',
      503,
      'The service is temporarily unavailable. Please try again shortly.',
    ],
  ])('says the refusal %s plainly and keeps the form', async (code, message, status, shown) => {
    const user = userEvent.setup();
    handlers.requestPackage = () => Promise.reject(refusal(code, message, status));
    const dialog = await openDialog(user);
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(`Error${shown}`);
    expect(field(dialog, 'Your message').value).toBe('Japan in spring, slow and green?');
    expect(within(dialog).getByRole('button', { name: 'Send request' })).toBeTruthy();
  });

  it('puts a refused field’s message on it', async () => {
    const user = userEvent.setup();
    handlers.requestPackage = () =>
      Promise.reject(
        refusal('validation-failed', 'The request is not valid.', 400, [
          { path: 'email', message: 'Invalid email address' },
        ]),
      );
    const dialog = await openDialog(user);
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('ErrorThe request is not valid.');
    expect(within(dialog).getByText('Invalid email address')).toBeTruthy();
  });

  it('fills in a member’s own address', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(user, { user: account({ email: 'ann@example.com' }) });
    expect(field(dialog, 'Your email').value).toBe('ann@example.com');
  });

  it('is offered for new dates when no departure is left', async () => {
    const user = userEvent.setup();
    renderPackage(() => pageData({ offeredDates: { kind: 'dates', dates: ['2020-01-01'] } }));
    await user.click(await screen.findByRole('button', { name: 'Ask Anna Travels for new dates' }));
    expect(await screen.findByRole('dialog', { name: 'Ask Anna Travels for a package' })).toBeTruthy();
  });
});
