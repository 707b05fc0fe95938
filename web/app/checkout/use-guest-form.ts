// The guest form's state: values, which fields were touched, and the errors to show. Rules run on every
// change (spec section 5); a field shows its error once it was changed, every field once "Continue" was pressed.
import type { Itinerary } from '@travelclub/contracts';
import { useMemo, useState } from 'react';
import {
  guestDetailsBody,
  initialGuestValues,
  roomFieldKey,
  roomName,
  roomSlots,
  validateGuests,
  type GuestValues,
  type RoomSlot,
} from './guest-rules';

export type LeadField = 'firstName' | 'lastName' | 'email' | 'phone';

export function useGuestForm(itinerary: Itinerary, accountEmail: string | null | undefined) {
  const slots = useMemo(() => roomSlots(itinerary), [itinerary]);
  const [values, setValues] = useState<GuestValues>(() => initialGuestValues(itinerary, accountEmail));
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const errors = validateGuests(values, slots);
  const touch = (field: string) => setDirty((before) => (before.has(field) ? before : new Set(before).add(field)));

  return {
    slots,
    values,
    isValid: Object.keys(errors).length === 0,
    /** The error a field shows now. */
    errorOf: (field: string) => (submitted || dirty.has(field) ? errors[field] : undefined),
    setLead(field: LeadField, value: string) {
      setValues((before) => ({ ...before, [field]: value }));
      touch(field);
    },
    roomValue: (slot: RoomSlot, index: number) => roomName(values, slots, slot, index),
    setRoom(slot: RoomSlot, index: number, value: string) {
      setValues((before) => {
        const names = [...(before.roomNames[slot.key] ?? [])];
        names[index] = value;
        return { ...before, roomNames: { ...before.roomNames, [slot.key]: names } };
      });
      touch(roomFieldKey(slot.key, index));
    },
    /** Shows every error; the body to send when the form is valid, else null. */
    submit() {
      setSubmitted(true);
      return Object.keys(errors).length === 0 ? guestDetailsBody(values, slots) : null;
    },
  };
}
export type GuestForm = ReturnType<typeof useGuestForm>;
