// A travel package as the builder edits it: text as typed (a price is a string until it is saved), each day with
// a key that survives reordering, and the hotel's name kept beside its id for the card. `bodyOf` turns it into
// the exact `PUT /travelpackage` body; `draftOf` reads a saved package back.
import type { PackageDay, TravelPackage, TravelPackageBody } from '@travelclub/contracts';
import { minorDigits } from '~/search/format';

export interface StayDraft {
  hotelId: string;
  /** What the picker showed when the hotel was chosen; a loaded package asks the catalog instead. */
  hotelName?: string;
  /** Empty until a room type is chosen. */
  roomType: string;
}

export interface DayDraft {
  /** Stable across moves, for React and for the day's refusal. */
  key: string;
  title: string;
  text: string;
  /** Kept as they came: the builder does not edit them, and a save must not drop them. */
  activities: string[];
  stay: StayDraft | null;
}

export type PricingKind = 'perPerson' | 'liveQuote';
export type OfferedKind = 'any' | 'dates';

export interface PackageDraft {
  title: string;
  summary: string;
  days: DayDraft[];
  pricingKind: PricingKind;
  /** The price per person as typed, in the currency's major unit ("1250.50"). */
  price: string;
  currency: string;
  offeredKind: OfferedKind;
  /** ISO dates, ascending. */
  dates: string[];
  /** Rooms per departure, as typed. */
  capacity: string;
}

export const DEFAULT_CAPACITY = '10';

let lastKey = 0;
const nextKey = () => `day-${++lastKey}`;

export const emptyDay = (): DayDraft => ({ key: nextKey(), title: '', text: '', activities: [], stay: null });

export function newDraft(currency = 'USD'): PackageDraft {
  return {
    title: '',
    summary: '',
    days: [emptyDay()],
    pricingKind: 'perPerson',
    price: '',
    currency,
    offeredKind: 'any',
    dates: [],
    capacity: DEFAULT_CAPACITY,
  };
}

/** Minor units as the creator types them: 125050 USD → "1250.50", 3400 JPY → "3400". */
export function priceText(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
}

export function draftOf(pkg: TravelPackage): PackageDraft {
  const perPerson = pkg.pricing.kind === 'perPerson' ? pkg.pricing.price : null;
  return {
    title: pkg.title,
    summary: pkg.summary,
    days: pkg.days.map((day) => ({
      key: nextKey(),
      title: day.title,
      text: day.text,
      activities: day.activities,
      stay: day.stay ? { ...day.stay } : null,
    })),
    pricingKind: pkg.pricing.kind,
    price: perPerson ? priceText(perPerson.amount, perPerson.currency) : '',
    currency: perPerson?.currency ?? 'USD',
    offeredKind: pkg.offeredDates.kind,
    dates: pkg.offeredDates.kind === 'dates' ? [...pkg.offeredDates.dates].sort() : [],
    capacity: String(pkg.capacity),
  };
}

/** "1,250.50" → 125050 (USD); null when it is not a plain number with at most the currency's decimals. */
export function parsePrice(text: string, currency: string): number | null {
  const plain = text.replace(/[\s,]/g, '');
  const digits = minorDigits(currency);
  const match = /^(\d+)(?:\.(\d*))?$/.exec(plain);
  if (!match || (match[2]?.length ?? 0) > digits) return null;
  const fraction = (match[2] ?? '').padEnd(digits, '0');
  return Number(match[1]) * 10 ** digits + (digits ? Number(fraction) : 0);
}

function dayBody(day: DayDraft): PackageDay {
  const body: PackageDay = { title: day.title.trim(), text: day.text.trim(), activities: day.activities };
  if (day.stay) body.stay = { hotelId: day.stay.hotelId, roomType: day.stay.roomType };
  return body;
}

/** The `PUT /travelpackage` body of a draft the rules passed (`id` for a package already saved). */
export function bodyOf(draft: PackageDraft, id?: string): TravelPackageBody {
  const amount = parsePrice(draft.price, draft.currency) ?? 0;
  return {
    ...(id ? { id } : {}),
    title: draft.title.trim(),
    summary: draft.summary.trim(),
    days: draft.days.map(dayBody),
    pricing:
      draft.pricingKind === 'perPerson'
        ? { kind: 'perPerson', price: { amount, currency: draft.currency } }
        : { kind: 'liveQuote' },
    offeredDates: draft.offeredKind === 'dates' ? { kind: 'dates', dates: draft.dates } : { kind: 'any' },
    capacity: Number(draft.capacity.trim()),
  };
}

/** What saving would change, as one comparable string: keys and display names left out. */
export function fingerprint(draft: PackageDraft): string {
  return JSON.stringify({
    ...draft,
    days: draft.days.map((day) => ({
      ...day,
      key: undefined,
      stay: day.stay && { ...day.stay, hotelName: undefined },
    })),
  });
}

// ---------- days ----------

export function moveDay(days: DayDraft[], from: number, to: number): DayDraft[] {
  if (to < 0 || to >= days.length || from === to) return days;
  const next = [...days];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

export const removeDay = (days: DayDraft[], index: number) => days.filter((_, i) => i !== index);

/** Offered dates stay sorted and unique. */
export const withDate = (dates: string[], date: string) => [...new Set([...dates, date])].sort();
