// A written guide: its blocks rendered as React elements (never HTML: a link that is not http(s) is text, text
// that looks like markup stays text), hotel blocks as cards bookable through the club, and the guide's loader
// (a published guide of this club's creator only; the hotels it names, each asked at most once).
import { render, screen, within } from '@testing-library/react';
import type { GuideBlock } from '@travelclub/contracts';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Block, GuideDays, type GuideHotels } from '~/club/guide-blocks';
import { loadGuidePage, MAX_LOOKED_UP_HOTELS } from '~/club/guide.server';
import { safeHref } from '~/club/safe-url';
import { answers, callsOf, notFoundError, resetServer } from './api';
import { club, guide, media } from './fixtures';

vi.mock('~/lib/api.server', async () => (await import('./api')).server);

const hotels: GuideHotels = {
  h1: {
    id: 'h1',
    slug: 'hotel-1',
    name: 'Hotel 1',
    city: 'Lisbon',
    picture: media('tile-1'),
    fromPrice: { amount: 12_000, currency: 'EUR' },
  },
};

function renderBlock(block: GuideBlock) {
  return render(
    <MemoryRouter>
      <div data-testid="block">
        <Block block={block} clubSlug="anna" hotels={hotels} />
      </div>
    </MemoryRouter>,
  );
}

describe('the guide block renderer', () => {
  it('renders paragraphs, headings under the day (h3, h4) and lists', () => {
    render(
      <MemoryRouter>
        <GuideDays days={guide().days} clubSlug="anna" hotels={hotels} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Day 1 · Alfama' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Day 2 · Belém' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Where to sleep' })).toBeTruthy();
    expect(screen.getByText('Start early, before the trams fill up.').tagName).toBe('P');
    const places = screen.getByRole('list', { name: 'Places' });
    expect(within(places).getByText('Miradouro de Santa Luzia')).toBeTruthy();
    const items = screen.getByText('Pastéis').closest('ol')!;
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Pastéis', 'Bifana']);
  });

  it('makes a level-3 heading an h4 and an unordered list a ul', () => {
    renderBlock({ type: 'heading', text: 'Small print', level: 3 });
    expect(screen.getByRole('heading', { level: 4, name: 'Small print' })).toBeTruthy();
    renderBlock({ type: 'list', items: ['One'], ordered: false });
    expect(screen.getByText('One').closest('ul')).not.toBeNull();
  });

  it('links an https address, kept apart from the page (no opener, no referrer)', () => {
    renderBlock({ type: 'link', text: 'Tram times', url: 'https://tram.example/28' });
    const link = screen.getByRole('link', { name: 'Tram times' });
    expect(link.getAttribute('href')).toBe('https://tram.example/28');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
  });

  it('never makes a javascript: (or data:) address a link: its text is shown as text', () => {
    const { container } = renderBlock({ type: 'link', text: 'Click me', url: 'javascript:alert(document.cookie)' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Click me').tagName).toBe('P');
    expect(container.innerHTML).not.toContain('javascript:');
    expect(safeHref('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(safeHref('/relative')).toBeNull();
    expect(safeHref('http://ok.example/')).toBe('http://ok.example/');
  });

  it('shows markup a creator typed as text: no element is made from it', () => {
    const { container } = renderBlock({ type: 'paragraph', text: '<img src=x onerror="alert(1)"><b>bold</b>' });
    const block = screen.getByTestId('block');
    expect(block.querySelector('img')).toBeNull();
    expect(block.querySelector('b')).toBeNull();
    expect(block.textContent).toBe('<img src=x onerror="alert(1)"><b>bold</b>');
    expect(container.innerHTML).toContain('&lt;img');
  });

  it('makes a hotel block a card bookable through the club, and leaves out a hotel nobody knows', () => {
    renderBlock({ type: 'hotel', hotelId: 'h1' });
    const link = screen.getByRole('link', { name: 'Stay at Hotel 1' });
    expect(link.getAttribute('href')).toBe('/hotel/hotel-1?creator=anna');
    const card = link.closest('article')!;
    expect(within(card).getByText('Lisbon')).toBeTruthy();
    expect(within(card).getByText('from €120.00 a night')).toBeTruthy();
    expect(within(card).getByText('See rooms and prices')).toBeTruthy();
    const { container } = render(
      <MemoryRouter>
        <Block block={{ type: 'hotel', hotelId: 'gone' }} clubSlug="anna" hotels={hotels} />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe('');
  });
});

describe('the guide loader', () => {
  const request = () => new Request('http://web.test/user/anna/itineraries/guide-1');
  const thrownBy = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (err: unknown) => err,
    );

  beforeEach(() => {
    resetServer();
    answers['creator.clubView'] = () => club();
  });

  it("reads the guide and the cards of the hotels it names: the club's own, then the catalog's", async () => {
    answers['creator.readGuide'] = () => guide();
    answers['catalog.hotel'] = ({ params }: { params: { id: string } }) => ({
      id: params.id,
      slug: 'hotel-9',
      name: 'Hotel 9',
      address: { city: 'Belém' },
      titleImage: media('hotel-9'),
    });
    const data = await loadGuidePage(request(), 'anna', 'guide-1');
    expect(callsOf('creator.readGuide')).toEqual([{ params: { id: 'guide-1' } }]);
    expect(callsOf('catalog.hotel')).toEqual([{ params: { id: 'h9' } }]);
    expect(Object.keys(data.hotels).sort()).toEqual(['h1', 'h9']);
    expect(data.hotels.h1).toMatchObject({ slug: 'hotel-1', fromPrice: { amount: 12_000, currency: 'EUR' } });
    expect(data.hotels.h9).toMatchObject({ slug: 'hotel-9', name: 'Hotel 9', city: 'Belém' });
  });

  it('asks the catalog for each hotel once, for a few at most, and leaves out one it does not have', async () => {
    const many = Array.from({ length: MAX_LOOKED_UP_HOTELS + 5 }, (_, i) => ({
      type: 'hotel' as const,
      hotelId: `x${i}`,
    }));
    answers['creator.readGuide'] = () =>
      guide({ days: [{ title: 'All', places: [], blocks: [...many, { type: 'hotel', hotelId: 'x0' }] }] });
    answers['catalog.hotel'] = ({ params }: { params: { id: string } }) => {
      if (params.id === 'x1') throw notFoundError('hotel-not-found');
      return { slug: params.id, name: params.id, address: { city: 'C' } };
    };
    const data = await loadGuidePage(request(), 'anna', 'guide-1');
    expect(callsOf('catalog.hotel')).toHaveLength(MAX_LOOKED_UP_HOTELS);
    expect(data.hotels.x1).toBeUndefined();
    expect(data.hotels.x0).toBeDefined();
  });

  it("answers 'Itinerary not found' for an unknown guide, another creator's, or a draft", async () => {
    for (const answer of [
      () => {
        throw notFoundError('guide-not-found');
      },
      () => guide({ userId: 'someone-else' }),
      () => guide({ status: 'draft' }),
    ]) {
      answers['creator.readGuide'] = answer;
      const thrown = await thrownBy(loadGuidePage(request(), 'anna', 'guide-1'));
      expect(thrown).toMatchObject({ data: { title: 'Itinerary not found' }, init: { status: 404 } });
    }
  });
});
