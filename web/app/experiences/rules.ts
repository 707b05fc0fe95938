// The package builder's rules, checked in the browser before anything is sent: the limits of the contracts'
// TravelPackageBodySchema (and the upload pipeline's) with messages a creator can act on. Errors are keyed by
// the body's paths ("days.2.title"), the same paths the API's validation details use, so both land on the
// same field.
import { formatMoney, minorDigits } from '~/search/format';
import { parsePrice, type DayDraft, type PackageDraft } from './draft';

export const limits = {
  title: 120,
  summary: 2_000,
  days: 30,
  dayTitle: 120,
  dayText: 4_000,
  dates: 100,
  capacity: 100,
  /** Minor units (the schema's `price.amount` maximum). */
  price: 100_000_000,
  gallery: 20,
  imageBytes: 10 * 1024 * 1024,
} as const;

export const messages = {
  title: 'Give your package a title',
  titleLong: `The title can be at most ${limits.title} characters`,
  summaryLong: 'The description can be at most 2,000 characters',
  noDays: 'Give your package at least one day',
  tooManyDays: `A package has at most ${limits.days} days`,
  dayTitle: 'Give the day a title',
  dayTitleLong: `The day's title can be at most ${limits.dayTitle} characters`,
  dayTextLong: "The day's text can be at most 4,000 characters",
  hotel: 'Choose the hotel for this night',
  roomType: 'Choose a room type',
  price: 'Enter the price per person',
  priceZero: 'The price must be more than zero',
  noDates: 'Add at least one date, or offer any date',
  tooManyDates: `A package offers at most ${limits.dates} dates`,
  datePast: 'This date is in the past',
  dateTwice: 'That date is already on the list',
  dateMissing: 'Choose a date to add',
  capacity: `Enter a whole number of rooms from 1 to ${limits.capacity}`,
  noNight: 'Give at least one night a stay to publish your package',
  imageType: 'Please upload a JPEG, PNG, WebP or AVIF image.',
  imageSize: 'The image is too large. Please upload one under 10 MB and 40 megapixels.',
  galleryFull: `The gallery holds at most ${limits.gallery} photos.`,
} as const;

/** How a price must be written in this currency: decimals only where the currency has them. */
export function priceFormatMessage(currency: string): string {
  return minorDigits(currency) === 0
    ? `Enter the price as a whole number of ${currency}, like 12000`
    : `Enter the price as a number, like 1250 or 1250.50`;
}

export const priceTooHigh = (currency: string) =>
  `The price can be at most ${formatMoney({ amount: limits.price, currency })}`;

export type Errors = Record<string, string>;

/** The earliest date that is still today somewhere on Earth: the API's own test of a date in the past. */
export const earliestToday = (now = Date.now()) => new Date(now - 12 * 3_600_000).toISOString().slice(0, 10);

function checkDay(day: DayDraft, i: number, errors: Errors) {
  const title = day.title.trim();
  if (!title) errors[`days.${i}.title`] = messages.dayTitle;
  else if (title.length > limits.dayTitle) errors[`days.${i}.title`] = messages.dayTitleLong;
  if (day.text.trim().length > limits.dayText) errors[`days.${i}.text`] = messages.dayTextLong;
  if (day.stay && !day.stay.hotelId) errors[`days.${i}.stay.hotelId`] = messages.hotel;
  else if (day.stay && !day.stay.roomType) errors[`days.${i}.stay.roomType`] = messages.roomType;
}

function checkPrice(draft: PackageDraft, errors: Errors) {
  if (draft.pricingKind !== 'perPerson') return;
  const key = 'pricing.price.amount';
  if (!draft.price.trim()) errors[key] = messages.price;
  else {
    const amount = parsePrice(draft.price, draft.currency);
    if (amount === null) errors[key] = priceFormatMessage(draft.currency);
    else if (amount < 1) errors[key] = messages.priceZero;
    else if (amount > limits.price) errors[key] = priceTooHigh(draft.currency);
  }
}

function checkDates(draft: PackageDraft, today: string, errors: Errors) {
  if (draft.offeredKind !== 'dates') return;
  if (draft.dates.length === 0) errors.offeredDates = messages.noDates;
  else if (draft.dates.length > limits.dates) errors.offeredDates = messages.tooManyDates;
  draft.dates.forEach((date, i) => {
    if (date < today) errors[`offeredDates.dates.${i}`] = messages.datePast;
  });
}

/** Every rule the draft breaks; publishing also needs a night to book. */
export function checkDraft(
  draft: PackageDraft,
  { publishing = false, today = earliestToday() }: { publishing?: boolean; today?: string } = {},
): Errors {
  const errors: Errors = {};
  const title = draft.title.trim();
  if (!title) errors.title = messages.title;
  else if (title.length > limits.title) errors.title = messages.titleLong;
  if (draft.summary.trim().length > limits.summary) errors.summary = messages.summaryLong;
  if (draft.days.length === 0) errors.days = messages.noDays;
  else if (draft.days.length > limits.days) errors.days = messages.tooManyDays;
  else if (publishing && !draft.days.some((day) => day.stay)) errors.days = messages.noNight;
  draft.days.forEach((day, i) => checkDay(day, i, errors));
  checkPrice(draft, errors);
  checkDates(draft, today, errors);
  const capacity = draft.capacity.trim();
  if (!/^\d+$/.test(capacity) || Number(capacity) < 1 || Number(capacity) > limits.capacity)
    errors.capacity = messages.capacity;
  return errors;
}

/** Why a date cannot join the offered dates, or null when it can. */
export function checkNewDate(dates: string[], date: string | null, today = earliestToday()): string | null {
  if (!date) return messages.dateMissing;
  if (date < today) return messages.datePast;
  if (dates.includes(date)) return messages.dateTwice;
  if (dates.length >= limits.dates) return messages.tooManyDates;
  return null;
}

/** What the upload pipeline takes (it reads the bytes, not the name or the browser's word). */
export const ACCEPTED_IMAGES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];

/** Why a photo would be refused before it is sent (the server sniffs the bytes again), or null. */
export function checkImage(file: Pick<File, 'type' | 'size'>): string | null {
  if (!ACCEPTED_IMAGES.includes(file.type)) return messages.imageType;
  if (file.size > limits.imageBytes) return messages.imageSize;
  return null;
}
