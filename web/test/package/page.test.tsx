// The package page as a visitor sees it: the cover, who made it, its title, length and price; what the trip
// is, its photos; each day with its activities and the night's hotel (card on a stay's first night, the night
// of the stay after that); what booking includes; the booking box and the phone's bar; a way to ask the
// creator. A missing package is the not-found page with its title, leading back to the club.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aPackage, DEPARTURES, pageData } from './fixtures';
import { renderPackage, resetApi } from './harness';
import { notFound } from '~/lib/not-found';
import { formatStayDate } from '~/search/format';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

beforeEach(() => resetApi());

const text = (el: Element) => el.textContent?.replace(/\s+/g, ' ').trim();

describe('the package page', () => {
  it('shows the cover, the creator, the title, the trip’s length and its price', async () => {
    renderPackage(() => pageData());
    const title = await screen.findByRole('heading', { level: 1, name: 'Lisbon and Porto by the water' });
    const hero = title.closest('header')!;
    expect(hero.querySelector('img.package-cover')?.getAttribute('src')).toBe(
      'https://travel.example/api/v1/media/pkg-cover/600.jpg',
    );
    expect(within(hero).getByRole('link', { name: 'Anna Travels' }).getAttribute('href')).toBe('/user/anna');
    expect(text(within(hero).getByText(/^A trip by/))).toBe('A trip by Anna Travels');
    expect(within(hero).getByText('5 days · 4 nights · 2 hotels')).toBeTruthy();
    expect(text(hero.querySelector('.package-price')!)).toBe('From €1,250.00 per person');
  });

  it('shows what the trip is, in its paragraphs, and its photos', async () => {
    renderPackage(() => pageData());
    const about = await screen.findByRole('region', { name: 'About this trip' });
    expect(within(about).getAllByRole('paragraph').map(text)).toEqual([
      'Five slow days between two river cities.',
      'Every night in a hand-picked hotel.',
    ]);
    const photos = screen.getByRole('list', { name: 'Photos of Lisbon and Porto by the water, 2 photos' });
    expect(
      within(photos)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Lisbon and Porto by the water, photo 1 of 2', 'Lisbon and Porto by the water, photo 2 of 2']);
  });

  it('shows the days in order, with their text, activities and nights', async () => {
    renderPackage(() => pageData());
    const days = await screen.findByRole('region', { name: 'Day by day' });
    expect(within(days).getAllByRole('heading', { level: 3 }).map(text)).toEqual([
      'Day 1: Arrive in Lisbon',
      'Day 2: Alfama on foot',
      'Day 3: Sintra',
      'Day 4: Train to Porto',
      'Day 5: Home',
    ]);
    const [first, second, third, fourth, last] = within(days)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('timeline-day'));
    expect(within(first!).getByText('Settle in by the river.')).toBeTruthy();
    expect(within(second!).getByRole('list', { name: 'Day 2 activities' }).textContent).toBe('Tram 28Fado evening');

    // A stay's first night: the hotel's card, linked in the creator's name.
    const card = first!.querySelector('.package-stay')!;
    expect(within(card as HTMLElement).getByText('Your stay · 3 nights')).toBeTruthy();
    const link = within(card as HTMLElement).getByRole('link', { name: 'Harbour House' });
    expect(link.getAttribute('href')).toBe('/hotel/harbour-house?creator=anna');
    expect(within(card as HTMLElement).getByText('Lisbon')).toBeTruthy();
    expect(within(card as HTMLElement).getByText('4-star hotel')).toBeTruthy();
    // Its later nights, then the next stay, then a last day without a night.
    expect(text(second!.querySelector('.night-line')!)).toBe('Night 2 of 3 at Harbour House');
    expect(text(third!.querySelector('.night-line')!)).toBe('Night 3 of 3 at Harbour House');
    expect(within(fourth!).getByText('Your stay · 1 night')).toBeTruthy();
    expect(within(fourth!).getByRole('link', { name: 'Riverside Inn' })).toBeTruthy();
    expect(last!.querySelector('.night-line, .package-stay')).toBeNull();
  });

  it('says when a night has no hotel, or its hotel is no longer listed', async () => {
    const pkg = aPackage();
    const days = pkg.days.map((day, i) => (i === 3 ? { ...day, stay: undefined } : day));
    renderPackage(() => pageData({ days, stays: pkg.stays.slice(0, 1), nights: 3, hotels: [pkg.hotels[1]!] }));
    const region = await screen.findByRole('region', { name: 'Day by day' });
    expect(within(region).getAllByText('This night’s hotel is no longer listed.')).toHaveLength(3);
    expect(within(region).getByText('No hotel is booked for this night.')).toBeTruthy();
  });

  it('says what booking includes', async () => {
    renderPackage(() => pageData());
    const included = await screen.findByRole('region', { name: 'What’s included' });
    expect(within(included).getAllByRole('listitem').map(text)).toEqual([
      '3 nights at Harbour House, Lisbon (Days 1 to 3)',
      '1 night at Riverside Inn, Porto (Day 4)',
      'The day-by-day plan by Anna Travels',
    ]);
    expect(
      within(included).getByText(
        'Booking holds these rooms for your party. Travel between places, meals and activities are yours to arrange.',
      ),
    ).toBeTruthy();
  });

  it('has the booking box with the price, the departures and the note, and the phone’s bar leading to it', async () => {
    renderPackage(() => pageData());
    const box = await screen.findByRole('complementary', { name: 'Book this trip' });
    expect(box.id).toBe('book');
    expect(text(box.querySelector('.booking-price')!)).toBe('From €1,250.00 per person');
    expect(within(box).getByText('5 days · 4 nights')).toBeTruthy();
    expect(await within(box).findByText(`3 departures: ${DEPARTURES.map(formatStayDate).join(' · ')}`)).toBeTruthy();
    expect(
      within(box).getByText('Your rooms are priced for your party and dates when you book, before you pay.'),
    ).toBeTruthy();
    const bar = document.querySelector('.package-bar')!;
    expect(text(bar.querySelector('.package-bar-price')!)).toBe('From €1,250.00 per person');
    expect(
      within(bar as HTMLElement)
        .getByRole('link', { name: 'Choose a date' })
        .getAttribute('href'),
    ).toBe('#book');
  });

  it('says a live quote is priced for the dates', async () => {
    renderPackage(() => pageData({ pricing: { kind: 'liveQuote' } }));
    const box = await screen.findByRole('complementary', { name: 'Book this trip' });
    expect(text(box.querySelector('.booking-price')!)).toBe('Priced for your dates');
    expect(
      within(box).getByText('Your rooms are priced live when you book; you see the total before you pay.'),
    ).toBeTruthy();
  });

  it('offers to ask the creator, below the package and when no departure is left', async () => {
    renderPackage(() => pageData({ offeredDates: { kind: 'dates', dates: ['2020-01-01'] } }));
    const ask = await screen.findByRole('region', { name: 'Want something different?' });
    expect(within(ask).getByRole('button', { name: 'Ask Anna Travels for a package' })).toBeTruthy();
    const box = screen.getByRole('complementary', { name: 'Book this trip' });
    expect(within(box).getByText('This package has no departures left.')).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'Ask Anna Travels for new dates' })).toBeTruthy();
    expect(within(box).queryByRole('button', { name: 'Book this package' })).toBeNull();
  });

  it('is the not-found page with its title for a missing package, leading back to the club', async () => {
    renderPackage(() => {
      throw notFound('Travel package not found');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Travel package not found' })).toBeTruthy();
    expect(screen.getByText('The page you are looking for does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Back To Home' }).getAttribute('href')).toBe('/user/anna');
  });
});
