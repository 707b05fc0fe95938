// The search form's rules as small plain functions (no zod in the browser). They mirror the catalog's own
// checks of a search (contracts' catalog-api: checkStay), with the same messages, so a search the form lets
// through is one the catalog accepts; web/test/search checks the limits still match the contracts'.

/** The catalog's limits (contracts' `catalogLimits`), copied: the contracts' values stay out of the bundle. */
export const searchLimits = {
  maxNights: 30,
  maxDaysAhead: 500,
  maxRooms: 9,
  maxGuestsPerRoom: 6,
} as const;

export const MAX_GUESTS = searchLimits.maxRooms * searchLimits.maxGuestsPerRoom;

export interface SearchDraft {
  destinationId: string | null;
  /** ISO calendar dates (`2026-12-12`), or null until chosen. */
  checkIn: string | null;
  checkOut: string | null;
  guests: number;
  rooms: number;
}

export type SearchField = 'destination' | 'dates' | 'guests' | 'rooms';
export type SearchErrors = Partial<Record<SearchField, string>>;

export const messages = {
  destination: 'Destination is required',
  dates: 'Choose your check-in and check-out dates',
  past: 'Check-in is in the past',
  order: 'Check-out must be after check-in',
  tooLong: `A stay is at most ${searchLimits.maxNights} nights`,
  tooFar: `Check-in is at most ${searchLimits.maxDaysAhead} days ahead`,
  crowded: `No room takes more than ${searchLimits.maxGuestsPerRoom} guests; add rooms or fewer guests`,
  emptyRoom: 'Every room needs at least one guest',
} as const;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The stay's dates: both chosen, check-in from today on, at least one night and at most the longest stay. */
export function checkDates(checkIn: string | null, checkOut: string | null, today: string): string | undefined {
  if (!checkIn || !checkOut) return messages.dates;
  if (checkIn < today) return messages.past;
  const nights = daysBetween(checkIn, checkOut);
  if (nights < 1) return messages.order;
  if (nights > searchLimits.maxNights) return messages.tooLong;
  if (daysBetween(today, checkIn) > searchLimits.maxDaysAhead) return messages.tooFar;
  return undefined;
}

/** Every rule of the form; an empty object when the search may go. `today` is the visitor's local date. */
export function checkSearch(draft: SearchDraft, today: string): SearchErrors {
  const errors: SearchErrors = {};
  if (!draft.destinationId) errors.destination = messages.destination;
  const dates = checkDates(draft.checkIn, draft.checkOut, today);
  if (dates) errors.dates = dates;
  if (draft.guests > draft.rooms * searchLimits.maxGuestsPerRoom) errors.guests = messages.crowded;
  if (draft.rooms > draft.guests) errors.rooms = messages.emptyRoom;
  return errors;
}

export const hasErrors = (errors: SearchErrors) => Object.keys(errors).length > 0;
