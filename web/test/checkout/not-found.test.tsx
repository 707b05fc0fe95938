// The itinerary pages' 404 'Itinerary not found' (no id in the path, or an itinerary the API does not
// know), and the sign-in prompt for a signed-out visitor.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import Confirmation, { loader as confirmationLoader } from '~/routes/itinerary-confirmation';
import Contact, { loader as contactLoader } from '~/routes/itinerary-contact';
import Payment, { loader as paymentLoader } from '~/routes/itinerary-payment';
import { answers, notFoundError, renderRoutes, resetApi, type StubRoute } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

const pages: [string, StubRoute][] = [
  [
    'contact',
    { path: '/itinerary/:itineraryId?/contact', Component: Contact as never, loader: contactLoader as never },
  ],
  [
    'payment',
    { path: '/itinerary/:itineraryId?/payment', Component: Payment as never, loader: paymentLoader as never },
  ],
  [
    'confirmation',
    {
      path: '/itinerary/:itineraryId?/confirmation',
      Component: Confirmation as never,
      loader: confirmationLoader as never,
    },
  ],
];

describe.each(pages)('/itinerary/{id}/%s', (step, route) => {
  beforeEach(resetApi);

  it("is a 404 'Itinerary not found' without an id", async () => {
    renderRoutes([route], `/itinerary/${step}`);
    expect(await screen.findByRole('heading', { name: 'Itinerary not found' })).toBeTruthy();
    expect(screen.getByText('The page you are looking for does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Back To Home' }).getAttribute('href')).toBe('/');
  });

  it("is 'Itinerary not found' when the API answers 404", async () => {
    answers['itinerary.readItinerary'] = () => {
      throw notFoundError();
    };
    renderRoutes([route], `/itinerary/it-404/${step}`);
    expect(await screen.findByRole('heading', { name: 'Itinerary not found' })).toBeTruthy();
  });

  it('asks a signed-out visitor to sign in, coming back here', async () => {
    renderRoutes([route], `/itinerary/it-1/${step}`, { user: null });
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      `/signIn?returnUrl=${encodeURIComponent(`/itinerary/it-1/${step}`)}`,
    );
  });
});

describe('the loaders', () => {
  it('give the id to the page', () => {
    expect(contactLoader({ params: { itineraryId: 'it-1' } } as never)).toEqual({ itineraryId: 'it-1' });
  });
});
