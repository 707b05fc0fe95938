// The club's pages as a visitor sees them: the header (hero, picture, name, verified badge, bio, links, tabs),
// the home tab's sections and cards with their links and texts, the other tabs, empty clubs, the address rules
// in the browser, and the dashboard's preview with its edit links.
import { render as renderToDom, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StayCard } from '~/club/club-cards';
import { ClubView } from '~/club/club-view';
import { answers, notFoundError, resetServer } from './api';
import { club, emptyClub, guide, stay } from './fixtures';
import { renderClub } from './render';

vi.mock('~/lib/api.server', async () => (await import('./api')).server);
vi.mock('~/lib/browser-api', () => ({}));

beforeEach(() => {
  resetServer();
  Object.assign(navigator, { sendBeacon: vi.fn(() => true) });
});

const serve = (view = club()) => {
  answers['creator.clubView'] = () => view;
};

describe('the club header', () => {
  it('shows the hero as the first paint, the picture, the name with the verified badge, the bio and links', async () => {
    serve();
    renderClub('/user/anna');
    const name = await screen.findByRole('heading', { level: 1, name: /Anna Travels/ });
    expect(within(name).getByRole('img', { name: 'Verified creator' })).toBeTruthy();
    const hero = document.querySelector('img.club-hero')!;
    expect(hero.getAttribute('src')).toBe('https://travel.example/api/v1/media/hero/600.jpg');
    expect(hero.getAttribute('loading')).toBe('eager');
    expect(hero.getAttribute('fetchpriority')).toBe('high');
    expect(document.querySelector('img.club-avatar')!.getAttribute('src')).toBe(
      'https://travel.example/api/v1/media/face/200.jpg',
    );
    expect(screen.getByText('Slow travel, good coffee and small hotels.')).toBeTruthy();
    expect(screen.getByText('Based in Lisbon.')).toBeTruthy();
    const links = screen.getByRole('list', { name: "Anna Travels' links" });
    expect(within(links).getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(
      'https://instagram.example/anna',
    );
    // A link that is not http(s) is never shown.
    expect(within(links).queryByText('Bad')).toBeNull();
  });

  it('has the four tabs as links, the current one marked', async () => {
    serve();
    renderClub('/user/anna');
    const tabs = await screen.findByRole('navigation', { name: "Anna Travels' club" });
    const hrefs = within(tabs)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]);
    expect(hrefs).toEqual([
      ['Home', '/user/anna', 'page'],
      ['Stays', '/user/anna/stays', null],
      ['Explore', '/user/anna/explore', null],
      ['Itineraries', '/user/anna/itineraries', null],
    ]);
    await userEvent.click(within(tabs).getByRole('link', { name: 'Stays' }));
    expect(await screen.findByRole('heading', { name: 'Recommended stays' })).toBeTruthy();
    expect(within(tabs).getByRole('link', { name: 'Stays' }).getAttribute('aria-current')).toBe('page');
  });

  it('has no badge for a creator who is not verified, and a picture-less club keeps its look', async () => {
    serve(club({}, { verified: false, creatorProfile: {} }));
    renderClub('/user/anna');
    await screen.findByRole('heading', { level: 1, name: 'Anna Travels' });
    expect(screen.queryByRole('img', { name: 'Verified creator' })).toBeNull();
    expect(document.querySelector('.club-hero-empty')).not.toBeNull();
    expect(document.querySelector('.club-avatar-initial')!.textContent).toBe('A');
  });
});

describe('the home tab', () => {
  it('shows the stays the creator recommends, bookable from the club, with the price a night', async () => {
    serve();
    renderClub('/user/anna');
    const section = (await screen.findByRole('heading', { name: 'Stays Anna Travels recommends' })).closest('section')!;
    const first = within(section).getByRole('link', { name: 'Stay number 1' });
    expect(first.getAttribute('href')).toBe('/hotel/hotel-1?creator=anna');
    const card = first.closest('article')!;
    expect(within(card).getByText('Hotel 1 · Lisbon')).toBeTruthy();
    expect(within(card).getByText('from €120.00 a night')).toBeTruthy();
    expect(within(card).getByText(/Why I love hotel 1\./)).toBeTruthy();
    expect(card.querySelector('img')!.getAttribute('src')).toBe('https://travel.example/api/v1/media/tile-1/600.jpg');
    expect(within(section).getAllByRole('article')).toHaveLength(3);
    // Six at most on the home tab: "See all stays" only when there are more.
    expect(within(section).queryByRole('link', { name: 'See all stays' })).toBeNull();
  });

  it('shows six stays and "See all stays" for a club with more', async () => {
    serve(club({ recommendations: Array.from({ length: 8 }, (_, i) => stay(i + 1)) }));
    renderClub('/user/anna');
    const section = (await screen.findByRole('heading', { name: 'Stays Anna Travels recommends' })).closest('section')!;
    expect(within(section).getAllByRole('article')).toHaveLength(6);
    expect(within(section).getByRole('link', { name: 'See all stays' }).getAttribute('href')).toBe('/user/anna/stays');
  });

  it("shows the creator's trips and itineraries with their links and facts", async () => {
    serve();
    renderClub('/user/anna');
    const trips = (await screen.findByRole('heading', { name: 'Trips with Anna Travels' })).closest('section')!;
    const trip = within(trips).getByRole('link', { name: 'Seven days of Portugal' });
    expect(trip.getAttribute('href')).toBe('/user/anna/packages/pkg-1');
    expect(within(trips).getByText('6 nights · 2 departure dates')).toBeTruthy();
    expect(within(trips).getByText('from €899.00 per person')).toBeTruthy();
    expect(within(trips).getByText('From Lisbon to Porto by train.')).toBeTruthy();
    const guides = screen.getByRole('heading', { name: 'Itineraries by Anna Travels' }).closest('section')!;
    expect(within(guides).getByRole('link', { name: 'A weekend in Lisbon' }).getAttribute('href')).toBe(
      '/user/anna/itineraries/guide-1',
    );
    expect(within(guides).getByText('Published Mar 3, 2026')).toBeTruthy();
  });

  it('says "Price on request", "Any date you like" and "1 night" where a trip has them', async () => {
    const view = club();
    view.packages = [
      { ...view.packages[0]!, nights: 1, pricing: { kind: 'liveQuote' }, offeredDates: { kind: 'any' } },
    ];
    serve(view);
    renderClub('/user/anna');
    expect(await screen.findByText('Price on request')).toBeTruthy();
    expect(screen.getByText('1 night · Any date you like')).toBeTruthy();
  });

  it('hides empty sections, and says a new club is getting started', async () => {
    serve(emptyClub());
    renderClub('/user/anna');
    expect(
      await screen.findByText(
        'Anna Travels is just getting started. Subscribe to hear first when new stays and trips arrive.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: "Join Anna Travels' travel club" })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Stays Anna|Trips with|Itineraries by/ })).toBeNull();
  });

  it("loads only the first card's picture with the page; the others once it runs", () => {
    const html = renderToString(
      <MemoryRouter>
        {[stay(1), stay(2)].map((s, i) => (
          <StayCard key={s.id} stay={s} clubSlug="anna" eager={i === 0} />
        ))}
      </MemoryRouter>,
    );
    const images = [...html.matchAll(/<img[^>]*>/g)].map(([tag]) => tag);
    expect(images[0]).toContain('src="https://travel.example/api/v1/media/tile-1/600.jpg"');
    expect(images[0]).toContain('loading="eager"');
    expect(images[1]).not.toContain('src=');
    expect(images[1]).toContain('loading="lazy"');
  });
});

describe('the other tabs', () => {
  it('lists every stay on the stays tab, or says none are recommended yet', async () => {
    serve(club({ recommendations: Array.from({ length: 8 }, (_, i) => stay(i + 1)) }));
    renderClub('/user/anna/stays');
    const section = (await screen.findByRole('heading', { name: 'Recommended stays' })).closest('section')!;
    expect(within(section).getAllByRole('article')).toHaveLength(8);
  });

  it('says kindly when there are no stays or itineraries', async () => {
    serve(emptyClub());
    renderClub('/user/anna/stays');
    expect(await screen.findByText("Anna Travels hasn't recommended any stays yet. Check back soon!")).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Itineraries' }));
    expect(
      await screen.findByText('No itineraries yet. Anna Travels is still writing, so check back soon!'),
    ).toBeTruthy();
  });

  it("lists the creator's itineraries on their tab", async () => {
    serve();
    renderClub('/user/anna/itineraries');
    const section = (await screen.findByRole('heading', { name: 'Itineraries by Anna Travels' })).closest('section')!;
    expect(within(section).getByText('Trams, tiles and pastries.')).toBeTruthy();
  });

  it("offers the creator's places to search, the search form and the catalog's hotels, bookable from the club", async () => {
    serve();
    const hotel = (id: string, slug: string) => ({
      ...club().recommendations[0]!.hotel,
      id,
      slug,
      name: `Hotel ${id}`,
    });
    answers['catalog.recommended'] = () => ({
      basis: 'popular',
      fromCreator: 1,
      hotels: [hotel('a', 'hotel-a'), hotel('b', 'hotel-b')],
    });
    renderClub('/user/anna/explore');
    const places = (await screen.findByRole('heading', { name: 'Where Anna Travels travels' })).closest('section')!;
    expect(within(places).getByText('Pick a place to search its stays, then choose your dates.')).toBeTruthy();
    const chips = within(places).getAllByRole('link');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Lisbon2 stays', 'Porto1 stay']);
    expect(chips[1]!.getAttribute('href')).toBe('/user/anna/explore?destination=city-porto#explore-search-title');
    expect(screen.getByRole('search', { name: 'Search stays' })).toBeTruthy();
    const picked = screen.getByRole('heading', { name: 'Picked by Anna Travels' }).closest('section')!;
    expect(within(picked).getByRole('link', { name: 'Hotel a' }).getAttribute('href')).toBe(
      '/hotel/hotel-a?creator=anna',
    );
    const more = screen.getByRole('heading', { name: 'More stays travellers love' }).closest('section')!;
    expect(within(more).getByRole('link', { name: 'Hotel b' }).getAttribute('href')).toBe(
      '/hotel/hotel-b?creator=anna',
    );

    await userEvent.click(chips[1]!);
    await waitFor(() => expect((screen.getByLabelText('Destination') as HTMLInputElement).value).toBe('Porto'));
    expect(chips[1]!.getAttribute('aria-current')).toBe('true');
  });

  it('shows a guide with the compact header: the guide is the page heading', async () => {
    serve();
    answers['creator.readGuide'] = () => guide();
    answers['catalog.hotel'] = () => ({ slug: 'hotel-9', name: 'Hotel 9', address: { city: 'Belém' } });
    renderClub('/user/anna/itineraries/guide-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'A weekend in Lisbon' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.querySelector('img.club-hero')).toBeNull();
    expect(screen.getByText('By Anna Travels')).toBeTruthy();
    expect(screen.getByRole('link', { name: /All itineraries/ }).getAttribute('href')).toBe('/user/anna/itineraries');
  });

  it("shows 'Itinerary not found' inside the club for a guide that is not this creator's", async () => {
    serve();
    answers['creator.readGuide'] = () => guide({ userId: 'someone-else' });
    renderClub('/user/anna/itineraries/guide-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Itinerary not found' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: "Anna Travels' club" })).toBeTruthy();
  });
});

describe('the address rules in the browser', () => {
  it('sends an unknown club to the home page', async () => {
    answers['creator.clubView'] = () => {
      throw notFoundError();
    };
    renderClub('/user/nobody');
    expect((await screen.findByTestId('landed')).textContent).toBe('/');
  });

  it("shows 'Profile not found' on the explore tab of an unknown club", async () => {
    answers['creator.clubView'] = () => {
      throw notFoundError();
    };
    answers['catalog.recommended'] = () => ({ basis: 'popular', hotels: [] });
    renderClub('/user/nobody/explore');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not found' })).toBeTruthy();
    expect(screen.getByText('The page you are looking for does not exist.')).toBeTruthy();
  });

  it('moves an old slug to the current one on the same tab', async () => {
    answers['creator.clubView'] = () => club();
    renderClub('/user/anna-old/stays');
    expect(await screen.findByRole('heading', { name: 'Recommended stays' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: "Anna Travels' club" });
    expect(within(tabs).getByRole('link', { name: 'Stays' }).getAttribute('aria-current')).toBe('page');
  });
});

describe("the dashboard's preview of the club", () => {
  function renderPreview(view = club()) {
    const Stub = createRoutesStub([{ path: '/dashboard/club', Component: () => <ClubView club={view} editLinks /> }]);
    return renderToDom(<Stub initialEntries={['/dashboard/club']} />);
  }

  it('adds an edit link to each section, and keeps empty sections with a word on filling them', async () => {
    renderPreview(emptyClub());
    const stays = (await screen.findByRole('heading', { name: 'Stays Anna Travels recommends' })).closest('section')!;
    expect(within(stays).getByRole('link', { name: 'Manage stays' }).getAttribute('href')).toBe(
      '/dashboard/manage-stays',
    );
    expect(within(stays).getByRole('link', { name: 'Recommend your first stay' }).getAttribute('href')).toBe(
      '/dashboard/stays/add',
    );
    const trips = screen.getByRole('heading', { name: 'Trips with Anna Travels' }).closest('section')!;
    expect(within(trips).getByText('No trips yet.')).toBeTruthy();
    expect(within(trips).getByRole('link', { name: 'Manage itineraries' }).getAttribute('href')).toBe(
      '/dashboard/manage-itineraries',
    );
    expect(within(trips).getByRole('link', { name: 'Create your first trip or itinerary' })).toBeTruthy();
    expect(screen.queryByText(/just getting started/)).toBeNull();
  });
});
