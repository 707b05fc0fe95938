// The builder's rules as pure functions: every limit of the package body with its message, prices read in the
// currency's minor units, the body a draft becomes, the offered-date and photo checks, and how the API's
// refusals are placed (on a day, on a field, or in the save bar).
import { ApiError } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  draftOf,
  emptyDay,
  moveDay,
  newDraft,
  parsePrice,
  removeDay,
  type PackageDraft,
} from '~/experiences/draft';
import { FIX_FIELDS, REFUSED_DAYS, refusalOf } from '~/experiences/refusals';
import { checkDraft, checkImage, checkNewDate, earliestToday, messages } from '~/experiences/rules';
import { aPackage, inDays } from './harness';

const valid = (): PackageDraft => ({
  ...newDraft('USD'),
  title: 'Lisbon',
  days: [{ ...emptyDay(), title: 'Arrival', stay: { hotelId: 'h1', roomType: 'double' } }],
  price: '100',
});

describe('the package rules', () => {
  it('passes a complete draft', () => {
    expect(checkDraft(valid())).toEqual({});
    expect(checkDraft(valid(), { publishing: true })).toEqual({});
  });

  it('asks for a title of at most 120 characters, and a description of at most 2,000', () => {
    expect(checkDraft({ ...valid(), title: '   ' }).title).toBe('Give your package a title');
    expect(checkDraft({ ...valid(), title: 'x'.repeat(121) }).title).toBe('The title can be at most 120 characters');
    expect(checkDraft({ ...valid(), title: 'x'.repeat(120) }).title).toBeUndefined();
    expect(checkDraft({ ...valid(), summary: 'x'.repeat(2001) }).summary).toBe(
      'The description can be at most 2,000 characters',
    );
    expect(checkDraft({ ...valid(), summary: 'x'.repeat(2000) }).summary).toBeUndefined();
  });

  it('asks for 1 to 30 days, each with a title of at most 120 characters and a text of at most 4,000', () => {
    expect(checkDraft({ ...valid(), days: [] }).days).toBe('Give your package at least one day');
    const many = Array.from({ length: 31 }, () => ({ ...emptyDay(), title: 'Day' }));
    expect(checkDraft({ ...valid(), days: many }).days).toBe('A package has at most 30 days');
    const day = valid().days[0]!;
    const errors = checkDraft({
      ...valid(),
      days: [
        day,
        { ...day, key: 'b', title: '' },
        { ...day, key: 'c', title: 'x'.repeat(121), text: 'x'.repeat(4001) },
      ],
    });
    expect(errors['days.1.title']).toBe('Give the day a title');
    expect(errors['days.2.title']).toBe("The day's title can be at most 120 characters");
    expect(errors['days.2.text']).toBe("The day's text can be at most 4,000 characters");
  });

  it('asks for the hotel of a night, then its room type', () => {
    const day = valid().days[0]!;
    expect(
      checkDraft({ ...valid(), days: [{ ...day, stay: { hotelId: '', roomType: '' } }] })['days.0.stay.hotelId'],
    ).toBe('Choose the hotel for this night');
    expect(
      checkDraft({ ...valid(), days: [{ ...day, stay: { hotelId: 'h1', roomType: '' } }] })['days.0.stay.roomType'],
    ).toBe('Choose a room type');
  });

  it('needs a night with a stay to publish, not to save a draft', () => {
    const noStay = { ...valid(), days: [{ ...valid().days[0]!, stay: null }] };
    expect(checkDraft(noStay).days).toBeUndefined();
    expect(checkDraft(noStay, { publishing: true }).days).toBe(
      'Give at least one night a stay to publish your package',
    );
  });

  it('reads the price per person in the currency: decimals only where it has them, more than zero, at most its limit', () => {
    const price = (text: string, currency = 'USD') =>
      checkDraft({ ...valid(), price: text, currency })['pricing.price.amount'];
    expect(price('')).toBe('Enter the price per person');
    expect(price('12.345')).toBe('Enter the price as a number, like 1250 or 1250.50');
    expect(price('12,50.5x')).toBe('Enter the price as a number, like 1250 or 1250.50');
    expect(price('12.5', 'JPY')).toBe('Enter the price as a whole number of JPY, like 12000');
    expect(price('0')).toBe('The price must be more than zero');
    expect(price('0.00')).toBe('The price must be more than zero');
    expect(price('1000000.01')).toBe('The price can be at most $1,000,000.00');
    expect(price('100000001', 'JPY')).toBe('The price can be at most ¥100,000,000');
    expect(price('1,000,000.00')).toBeUndefined();
    expect(checkDraft({ ...valid(), pricingKind: 'liveQuote', price: '' })['pricing.price.amount']).toBeUndefined();
  });

  it('turns typed prices into minor units', () => {
    expect(parsePrice('1250.5', 'USD')).toBe(125050);
    expect(parsePrice('1,250.50', 'EUR')).toBe(125050);
    expect(parsePrice('12 000', 'JPY')).toBe(12000);
    expect(parsePrice('12.', 'USD')).toBe(1200);
    expect(parsePrice('-3', 'USD')).toBeNull();
    expect(parsePrice('1e3', 'USD')).toBeNull();
  });

  it('asks for 1 to 100 offered dates, none in the past', () => {
    const today = earliestToday();
    expect(checkDraft({ ...valid(), offeredKind: 'dates', dates: [] }).offeredDates).toBe(
      'Add at least one date, or offer any date',
    );
    const dates = Array.from({ length: 101 }, (_, i) => inDays(i + 2));
    expect(checkDraft({ ...valid(), offeredKind: 'dates', dates }).offeredDates).toBe(
      'A package offers at most 100 dates',
    );
    const errors = checkDraft({ ...valid(), offeredKind: 'dates', dates: ['2020-01-01', inDays(3)] }, { today });
    expect(errors['offeredDates.dates.0']).toBe('This date is in the past');
    expect(errors['offeredDates.dates.1']).toBeUndefined();
    expect(checkDraft({ ...valid(), offeredKind: 'any', dates: [] }).offeredDates).toBeUndefined();
  });

  it('asks for a whole number of rooms per departure from 1 to 100', () => {
    for (const capacity of ['', '0', '101', '2.5', 'ten'])
      expect(checkDraft({ ...valid(), capacity }).capacity).toBe('Enter a whole number of rooms from 1 to 100');
    expect(checkDraft({ ...valid(), capacity: ' 100 ' }).capacity).toBeUndefined();
  });

  it('checks a date before it joins the list', () => {
    expect(checkNewDate([], null)).toBe('Choose a date to add');
    expect(checkNewDate([], '2020-01-01')).toBe('This date is in the past');
    expect(checkNewDate([inDays(5)], inDays(5))).toBe('That date is already on the list');
    const full = Array.from({ length: 100 }, (_, i) => inDays(i + 2));
    expect(checkNewDate(full, inDays(200))).toBe('A package offers at most 100 dates');
    expect(checkNewDate([], inDays(5))).toBeNull();
  });

  it('checks a photo before it goes up', () => {
    expect(checkImage({ type: 'image/gif', size: 10 })).toBe('Please upload a JPEG, PNG, WebP or AVIF image.');
    expect(checkImage({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe(
      'The image is too large. Please upload one under 10 MB and 40 megapixels.',
    );
    expect(checkImage({ type: 'image/avif', size: 1000 })).toBeNull();
    expect(messages.galleryFull).toBe('The gallery holds at most 20 photos.');
  });
});

describe('the draft', () => {
  it('becomes the exact PUT /travelpackage body', () => {
    const draft: PackageDraft = {
      ...valid(),
      title: '  Lisbon  ',
      summary: ' Tiles ',
      days: [
        {
          ...emptyDay(),
          title: ' Arrival ',
          text: ' Hi ',
          stay: { hotelId: 'h1', hotelName: 'Casa', roomType: 'double' },
        },
        { ...emptyDay(), title: 'Home', activities: ['Walk'] },
      ],
      price: '1250.50',
      currency: 'EUR',
      offeredKind: 'dates',
      dates: ['2030-01-02'],
      capacity: '4',
    };
    expect(bodyOf(draft, 'pkg-1')).toEqual({
      id: 'pkg-1',
      title: 'Lisbon',
      summary: 'Tiles',
      days: [
        { title: 'Arrival', text: 'Hi', activities: [], stay: { hotelId: 'h1', roomType: 'double' } },
        { title: 'Home', text: '', activities: ['Walk'] },
      ],
      pricing: { kind: 'perPerson', price: { amount: 125050, currency: 'EUR' } },
      offeredDates: { kind: 'dates', dates: ['2030-01-02'] },
      capacity: 4,
    });
    expect(bodyOf({ ...draft, pricingKind: 'liveQuote', offeredKind: 'any' })).toMatchObject({
      pricing: { kind: 'liveQuote' },
      offeredDates: { kind: 'any' },
    });
    expect(bodyOf(draft)).not.toHaveProperty('id');
  });

  it('reads a saved package back as it was typed', () => {
    const draft = draftOf(aPackage({ offeredDates: { kind: 'dates', dates: ['2030-02-01', '2030-01-01'] } }));
    expect(draft).toMatchObject({
      title: 'Five days in Lisbon',
      price: '1250.50',
      currency: 'EUR',
      offeredKind: 'dates',
      dates: ['2030-01-01', '2030-02-01'],
      capacity: '6',
    });
    expect(draft.days.map((d) => d.stay?.roomType ?? null)).toEqual(['double', 'double', null]);
    expect(draft.days[1]!.activities).toEqual(['Palace']);
  });

  it('moves and removes days', () => {
    const [a, b, c] = [emptyDay(), emptyDay(), emptyDay()];
    expect(moveDay([a!, b!, c!], 2, 0)).toEqual([c, a, b]);
    expect(moveDay([a!, b!, c!], 0, -1)).toEqual([a, b, c]);
    expect(removeDay([a!, b!, c!], 1)).toEqual([a, c]);
  });
});

describe('the refusals', () => {
  const days = [emptyDay(), emptyDay(), emptyDay()];

  it("puts the catalog's refusal on the day its details name, with the API's message", () => {
    const err = new ApiError(404, 'hotel-not-found', 'Hotel not found', [
      { path: 'days.2.stay.hotelId', message: 'Not in the catalog' },
    ]);
    const refusal = refusalOf(err, days);
    expect(refusal.message).toBe(REFUSED_DAYS);
    expect(refusal.days).toEqual({
      [days[2]!.key]: {
        message: 'Hotel not found',
        hint: 'The catalog does not have this hotel any more. Choose another hotel for this night.',
      },
    });
    const room = refusalOf(
      new ApiError(404, 'room-type-not-found', 'Room type not found', [{ path: 'days.0.stay.roomType', message: 'x' }]),
      days,
    );
    expect(room.days[days[0]!.key]!.hint).toBe(
      'This hotel has no rooms of this type any more. Choose another room type.',
    );
  });

  it("puts the API's validation details on their fields, and anything else in the save bar", () => {
    const err = new ApiError(400, 'validation-failed', 'The request is not valid.', [
      { path: 'days', message: 'Give at least one night a stay to activate it' },
    ]);
    expect(refusalOf(err, days)).toEqual({
      message: FIX_FIELDS,
      fields: { days: 'Give at least one night a stay to activate it' },
      days: {},
    });
    expect(refusalOf(new ApiError(503, 'service-unavailable', 'Try again shortly.'), days).message).toBe(
      'Try again shortly.',
    );
    expect(refusalOf(new ApiError(0, undefined, 'offline'), days).message).toBe(
      'We could not reach TravelClub. Check your connection and try again.',
    );
  });
});
