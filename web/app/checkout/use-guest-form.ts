// The guest form's state: the form's values and errors (ui/use-fields: rules run on every change, spec section 5;
// a field shows its error once it was changed, every field once "Continue" was pressed), with the room names.
import type { Itinerary } from '@travelclub/contracts';
import { useMemo } from 'react';
import { useFields } from '~/ui/use-fields';
import {
  guestDetailsBody,
  initialGuestValues,
  roomFieldKey,
  roomName,
  roomSlots,
  validateGuests,
  type RoomSlot,
} from './guest-rules';

export type LeadField = 'firstName' | 'lastName' | 'email' | 'phone';

export function useGuestForm(itinerary: Itinerary, accountEmail: string | null | undefined) {
  const slots = useMemo(() => roomSlots(itinerary), [itinerary]);
  const form = useFields(() => initialGuestValues(itinerary, accountEmail), {
    rules: (values) => validateGuests(values, slots),
  });
  const { values } = form;

  return {
    ...form,
    slots,
    roomValue: (slot: RoomSlot, index: number) => roomName(values, slots, slot, index),
    setRoom(slot: RoomSlot, index: number, value: string) {
      form.update(
        (before) => {
          const names = [...(before.roomNames[slot.key] ?? [])];
          names[index] = value;
          return { ...before, roomNames: { ...before.roomNames, [slot.key]: names } };
        },
        roomFieldKey(slot.key, index),
      );
    },
    /** Shows every error; the body to send when the form is valid, else null. */
    submit: () => (form.submit() ? guestDetailsBody(values, slots) : null),
  };
}
export type GuestForm = ReturnType<typeof useGuestForm>;
