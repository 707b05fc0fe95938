import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotFound } from '~/ui/not-found';

describe('the not-found page', () => {
  it("says the page does not exist, with its title and a 'Go Back To Home' link to /", async () => {
    const Stub = createRoutesStub([{ path: '/', Component: () => <NotFound title="Itinerary not found" /> }]);
    render(<Stub initialEntries={['/']} />);
    expect(await screen.findByRole('heading', { name: 'Itinerary not found' })).toBeTruthy();
    expect(screen.getByText('The page you are looking for does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Back To Home' }).getAttribute('href')).toBe('/');
  });
});
