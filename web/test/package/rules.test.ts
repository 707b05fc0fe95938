// The package page's pure rules: departures still ahead and their words, the price line, each day's night,
// the booking rules with the contract's messages, the booking refusals in plain words, and the request form's
// rules, body and refusals.
import { describe, expect, it } from 'vitest';
import { bookingBody, bookingErrors, bookingRefusal, maxRoomsOf } from '~/package/booking-rules';
import { departuresHint } from '~/package/departures-hint';
import { departuresFrom, nightOfDay, paragraphs, priceLine, stayDays, tripLength } from '~/package/package-facts';
import { requestBody, requestErrors, requestRefusal, type RequestDraft } from '~/package/request-rules';
import { aPackage } from './fixtures';

const refusal = (code: string, message = 'The API says so.', details?: unknown) =>
  Object.assign(new Error(message), { code, status: 400, details });

describe('what the page says about a package', () => {
  it('keeps the departures from today on, sorted and once each; none left, or any date', () => {
    const offered = { kind: 'dates' as const, dates: ['2027-06-15', '2027-05-01', '2027-06-01', '2027-06-01'] };
    expect(departuresFrom(offered, '2027-05-20')).toEqual({ kind: 'dates', dates: ['2027-06-01', '2027-06-15'] });
    expect(departuresFrom(offered, '2027-07-01')).toEqual({ kind: 'none' });
    expect(departuresFrom({ kind: 'any' }, '2027-07-01')).toEqual({ kind: 'any' });
  });

  it('lists the first three departures and counts the rest', () => {
    expect(departuresHint({ kind: 'dates', dates: ['2027-06-01', '2027-06-15'] })).toBe(
      '2 departures: Tue, Jun 1 · Tue, Jun 15',
    );
    expect(
      departuresHint({ kind: 'dates', dates: ['2027-06-01', '2027-06-15', '2027-06-29', '2027-07-13', '2027-07-27'] }),
    ).toBe('5 departures: Tue, Jun 1 · Tue, Jun 15 · Tue, Jun 29 · and 2 more');
    expect(departuresHint({ kind: 'any' })).toBe('Departs any day you like');
  });

  it('says the price per person from the creator, or that it is priced live', () => {
    expect(priceLine({ kind: 'perPerson', price: { amount: 125000, currency: 'EUR' } })).toMatchObject({
      lead: 'From',
      amount: '€1,250.00',
      unit: 'per person',
    });
    expect(priceLine({ kind: 'perPerson', price: { amount: 98000, currency: 'JPY' } }).amount).toBe('¥98,000');
    expect(priceLine({ kind: 'liveQuote' })).toMatchObject({ amount: 'Priced for your dates' });
  });

  it('finds each day’s night in its stay, and says the days a stay covers', () => {
    const pkg = aPackage();
    expect(tripLength(pkg)).toBe('5 days · 4 nights');
    expect(nightOfDay(pkg, 0)).toMatchObject({ nightOfStay: 1, hotel: { name: 'Harbour House' } });
    expect(nightOfDay(pkg, 2)).toMatchObject({ nightOfStay: 3, stay: { nights: 3 } });
    expect(nightOfDay(pkg, 3)).toMatchObject({ nightOfStay: 1, hotel: { name: 'Riverside Inn' } });
    expect(nightOfDay(pkg, 4)).toBeNull();
    expect(nightOfDay(aPackage({ hotels: [] }), 0)?.hotel).toBeUndefined();
    expect(stayDays(pkg.stays[0]!)).toBe('Days 1 to 3');
    expect(stayDays(pkg.stays[1]!)).toBe('Day 4');
    expect(paragraphs('One.\n\n  \nTwo\nlines.\n\n')).toEqual(['One.', 'Two\nlines.']);
  });
});

describe('the booking rules', () => {
  const departures = { kind: 'dates' as const, dates: ['2027-06-01', '2027-06-15'] };
  const rules = { departures, capacity: 4, today: '2027-05-20' };
  const draft = { checkInDate: '2027-06-01', adults: 2, rooms: 1 };

  it('asks for a departure, one of the package’s, not in the past', () => {
    expect(bookingErrors(draft, rules)).toEqual({});
    expect(bookingErrors({ ...draft, checkInDate: null }, rules)).toEqual({ date: 'Choose a departure date' });
    expect(bookingErrors({ ...draft, checkInDate: '2027-06-02' }, rules)).toEqual({
      date: 'This package does not depart on that date. Please choose one of its dates.',
    });
    expect(bookingErrors({ ...draft, checkInDate: '2027-05-01' }, rules)).toEqual({ date: 'Check-in is in the past' });
    expect(bookingErrors({ ...draft, checkInDate: '2027-09-09' }, { ...rules, departures: { kind: 'any' } })).toEqual(
      {},
    );
  });

  it('keeps rooms within the package’s capacity and the party, and guests within the rooms', () => {
    expect(bookingErrors({ ...draft, rooms: 5, adults: 10 }, rules)).toEqual({
      rooms: 'This package takes at most 4 rooms per departure',
    });
    expect(bookingErrors({ ...draft, rooms: 3, adults: 2 }, rules)).toEqual({
      rooms: 'Every room needs at least one guest',
    });
    expect(bookingErrors({ ...draft, rooms: 1, adults: 7 }, rules)).toEqual({
      adults: 'No room takes more than 6 guests; add rooms or fewer guests',
    });
    expect(maxRoomsOf(100)).toBe(9);
    expect(maxRoomsOf(2)).toBe(2);
  });

  it('sends the departure, the party and the visitor’s currency', () => {
    expect(bookingBody(draft, 'GBP')).toEqual({ checkInDate: '2027-06-01', adults: 2, rooms: 1, currency: 'GBP' });
  });

  it('says each refusal in plain words', () => {
    expect(bookingRefusal(refusal('no-rooms-available'), 'Anna')).toEqual({
      title: 'No rooms available',
      message: 'No rooms available for the selected dates. Try changing your dates or number of guests.',
    });
    expect(
      bookingRefusal(
        refusal('validation-failed', 'The request is not valid.', [{ path: 'rooms', message: 'At most 2 rooms' }]),
        'Anna',
      ),
    ).toEqual({
      message: 'At most 2 rooms',
    });
    expect(
      bookingRefusal(refusal('hold-expired', 'Your room hold has expired. Please check availability again.'), 'Anna'),
    ).toEqual({
      message: 'Your room hold has expired. Please check availability again.',
    });
    expect(bookingRefusal(Object.assign(new Error('fetch failed'), { status: 0 }), 'Anna').message).toBe(
      'We could not reach TravelClub. Check your connection and try again.',
    );
  });
});

describe('the request form’s rules', () => {
  const today = '2027-05-20';
  const draft: RequestDraft = {
    email: ' ada@example.com ',
    message: ' Japan in spring? ',
    from: '',
    to: '',
    adults: 2,
    children: 1,
  };

  it('needs an address and a message; dates are both or none, not past, in order', () => {
    expect(requestErrors(draft, today)).toEqual({});
    expect(requestErrors({ ...draft, email: '', message: '  ' }, today)).toEqual({
      email: 'Email address is required',
      message: 'Tell the creator what you would like',
    });
    expect(requestErrors({ ...draft, email: 'ada' }, today)).toEqual({ email: 'Invalid email address' });
    expect(requestErrors({ ...draft, message: 'x'.repeat(2001) }, today)).toEqual({
      message: 'Keep your message under 2,000 characters',
    });
    expect(requestErrors({ ...draft, from: '2027-06-01' }, today)).toEqual({ to: 'Give both dates, or none' });
    expect(requestErrors({ ...draft, to: '2027-06-01' }, today)).toEqual({ from: 'Give both dates, or none' });
    expect(requestErrors({ ...draft, from: '2027-05-01', to: '2027-06-01' }, today)).toEqual({
      from: 'The start is in the past',
    });
    expect(requestErrors({ ...draft, from: '2027-06-10', to: '2027-06-01' }, today)).toEqual({
      to: 'The end must not be before the start',
    });
  });

  it('sends the request about this package, trimmed, with dates only when given', () => {
    const about = { creatorSlug: 'anna', packageId: 'pkg-1' };
    expect(requestBody(draft, about)).toEqual({
      creatorSlug: 'anna',
      packageId: 'pkg-1',
      email: 'ada@example.com',
      message: 'Japan in spring?',
      party: { adults: 2, children: 1 },
    });
    expect(requestBody({ ...draft, from: '2027-06-01', to: '2027-06-10' }, about).dates).toEqual({
      from: '2027-06-01',
      to: '2027-06-10',
    });
  });

  it('says the hourly limits plainly, and puts a refusal’s details on their fields', () => {
    expect(requestRefusal(refusal('too-many-requests', 'Too many attempts.')).message).toBe(
      'Too many requests have been sent in the last hour. Please try again later.',
    );
    const invalid = refusal('validation-failed', 'The request is not valid.', [
      { path: 'email', message: 'Invalid email address' },
    ]);
    expect(requestRefusal(invalid)).toEqual({
      message: 'The request is not valid.',
      fields: { email: 'Invalid email address' },
    });
  });
});
