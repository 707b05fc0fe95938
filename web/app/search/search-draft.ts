// The search form's state: the draft search, which of its fields the visitor changed, and the errors to show
// (spec section 5: fields validate on change once changed; every field, the destination too, after a submit).
import { useState } from 'react';
import type { PickedDestination } from './destination-field';
import type { Handoff, SearchFormInitial } from './search-form';
import { checkSearch, hasErrors, type SearchErrors, type SearchField } from './search-rules';
import { localToday, type StayDates } from './stay-dates-field';

/** A search ready to be stored at the catalog (all but the currency). */
export interface ReadySearch {
  destination: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  rooms: number;
}

function initialDestination(initial: SearchFormInitial | undefined, handoff: Handoff) {
  // Text typed into the look-alike that is not the given destination's name is a new search for a place.
  const typed = handoff.destination?.text;
  const retyped = typed !== undefined && typed !== initial?.destination?.label;
  return retyped ? null : (initial?.destination ?? null);
}

export function useSearchDraft(initial: SearchFormInitial | undefined, handoff: Handoff) {
  const [destination, setDestination] = useState<PickedDestination | null>(() => initialDestination(initial, handoff));
  const [dates, setDates] = useState<StayDates | null>(
    initial?.checkIn && initial.checkOut ? { checkIn: initial.checkIn, checkOut: initial.checkOut } : null,
  );
  const [guests, setGuests] = useState(initial?.guests ?? 2);
  const [rooms, setRooms] = useState(initial?.rooms ?? 1);
  const [touched, setTouched] = useState<ReadonlySet<SearchField>>(new Set());
  const [attempts, setAttempts] = useState(0);

  const touch = (...fields: SearchField[]) =>
    setTouched((before) => (fields.every((f) => before.has(f)) ? before : new Set([...before, ...fields])));

  const all = checkSearch(
    {
      destinationId: destination?.id ?? null,
      checkIn: dates?.checkIn ?? null,
      checkOut: dates?.checkOut ?? null,
      guests,
      rooms,
    },
    localToday(),
  );
  const errors: SearchErrors = {};
  for (const field of Object.keys(all) as SearchField[])
    if (attempts > 0 || touched.has(field)) errors[field] = all[field];

  return {
    destination,
    dates,
    guests,
    rooms,
    errors,
    /** Submits so far that the rules refused (the form moves the focus to the first error after each). */
    attempts,
    setDestination,
    setDates: (next: StayDates | null) => {
      touch('dates');
      setDates(next);
    },
    // Guests and rooms are checked against each other: a change to either shows both fields' errors.
    setGuests: (next: number) => {
      touch('guests', 'rooms');
      setGuests(next);
    },
    setRooms: (next: number) => {
      touch('guests', 'rooms');
      setRooms(next);
    },
    /** The search when every rule holds; otherwise null, and every error shows. */
    attempt(): ReadySearch | null {
      if (hasErrors(all) || !destination || !dates) {
        setAttempts((n) => n + 1);
        return null;
      }
      return { destination: destination.id, ...dates, guests, rooms };
    },
  };
}
