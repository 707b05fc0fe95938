// Travellers' requests for packages on the dashboard home: each one as plain text (a link in the message stays
// text), with the traveller's address, and a word when it was not mailed (the creator's address is not verified).
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import DashboardHome from '~/routes/dashboard-index';
import { answers, newCreatorAnswers, renderRoutes, resetApi } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

beforeEach(() => {
  resetApi();
  localStorage.clear();
});

const open = () => renderRoutes([{ path: '/dashboard', Component: DashboardHome }], '/dashboard');

describe('requests from travellers', () => {
  it('lists each request with its package, dates, party, message and address; links stay text', async () => {
    newCreatorAnswers();
    answers['creator.myPackageRequests'] = () => ({
      requests: [
        {
          id: 'r2',
          travellerEmail: 'tom@example.test',
          message: 'Two of us in May?\nSee https://evil.example/x',
          packageId: 'p1',
          packageTitle: 'Walks of the Azores',
          dates: { from: '2031-05-01', to: '2031-05-08' },
          party: { adults: 2, children: 0 },
          mailed: false,
          createdAt: '2031-01-02T10:00:00.000Z',
        },
      ],
    });
    open();
    const card = (await screen.findByRole('heading', { level: 2, name: 'Requests from travellers' })).closest(
      'section',
    )!;
    const item = await within(card).findByText(/Two of us in May\?/);
    expect(item.textContent).toBe('Two of us in May?\nSee https://evil.example/x');
    expect(within(card).queryByRole('link')).toBeNull();
    expect(
      within(card)
        .getByText(/Walks of the Azores/)
        .closest('p')!.textContent,
    ).toContain('2031-05-01 to 2031-05-08 · 2 adults');
    expect(within(card).getByText(/Answer by writing to tom@example.test/).textContent).toContain('not mailed to you');
  });

  it('says when there are none yet', async () => {
    newCreatorAnswers();
    open();
    expect(await screen.findByText(/No requests yet/)).toBeTruthy();
  });
});
