// The guest details form's rules (spec section 5 for the email, the itinerary's rules for the rest) as small
// functions with their messages, and the body of setGuestDetails built from the form.
import type { Itinerary, SetGuestDetailsBody } from '@travelclub/contracts';

export const guestMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email address is required',
  emailInvalid: 'Invalid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Use a phone number with digits, spaces, brackets or dashes',
  guestNameRequired: 'A guest name is required',
} as const;

/** One room of the cart that needs names: a hold of `rooms` rooms in a line item. */
export interface RoomSlot {
  key: string;
  lineItemId: string;
  holdId: string;
  hotelName: string;
  roomTypeName: string;
  rooms: number;
}

export interface GuestValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Names per room slot (by its key), one per room; a missing name is one not typed yet. */
  roomNames: Record<string, (string | undefined)[]>;
}

export type GuestErrors = Partial<Record<string, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{6,24}$/;

export function emailError(email: string): string | null {
  const value = email.trim();
  if (!value) return guestMessages.emailRequired;
  return EMAIL.test(value) ? null : guestMessages.emailInvalid;
}

export function phoneError(phone: string): string | null {
  const value = phone.trim();
  if (!value) return guestMessages.phoneRequired;
  return PHONE.test(value) ? null : guestMessages.phoneInvalid;
}

export const requiredError = (value: string, message: string) => (value.trim() ? null : message);

export const roomFieldKey = (slot: string, index: number) => `room:${slot}:${index}`;

export function roomSlots(itinerary: Itinerary): RoomSlot[] {
  return itinerary.lineItems.flatMap((item) =>
    item.hotelBooking.rooms.map((room) => ({
      key: `${item.identity}:${room.holdId}`,
      lineItemId: item.identity,
      holdId: room.holdId,
      hotelName: item.hotelBooking.hotelName,
      roomTypeName: room.roomType.name,
      rooms: room.rooms,
    })),
  );
}

export const leadName = (values: GuestValues) => `${values.firstName.trim()} ${values.lastName.trim()}`.trim();

/** The name of one room: as typed, or for the very first room (untouched) the lead guest's. */
export function roomName(values: GuestValues, slots: RoomSlot[], slot: RoomSlot, index: number): string {
  const typed = values.roomNames[slot.key]?.[index];
  if (typed !== undefined) return typed;
  return slot === slots[0] && index === 0 ? leadName(values) : '';
}

/** Every rule's message by field (firstName, lastName, email, phone, room:<slot>:<n>); empty when all pass. */
export function validateGuests(values: GuestValues, slots: RoomSlot[]): GuestErrors {
  const errors: GuestErrors = {
    firstName: requiredError(values.firstName, guestMessages.firstNameRequired) ?? undefined,
    lastName: requiredError(values.lastName, guestMessages.lastNameRequired) ?? undefined,
    email: emailError(values.email) ?? undefined,
    phone: phoneError(values.phone) ?? undefined,
  };
  for (const slot of slots) {
    for (let i = 0; i < slot.rooms; i++) {
      const message = requiredError(roomName(values, slots, slot, i), guestMessages.guestNameRequired);
      if (message) errors[roomFieldKey(slot.key, i)] = message;
    }
  }
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as GuestErrors;
}

/** What the form starts with: what the itinerary already has, else the account's email. */
export function initialGuestValues(itinerary: Itinerary, accountEmail: string | null | undefined): GuestValues {
  const lead = itinerary.leadGuest;
  const words = lead?.name.trim().split(/\s+/) ?? [];
  const roomNames: GuestValues['roomNames'] = {};
  for (const item of itinerary.lineItems) {
    for (const room of item.hotelBooking.rooms) {
      if (room.guestNames?.length) roomNames[`${item.identity}:${room.holdId}`] = [...room.guestNames];
    }
  }
  return {
    firstName: words.length > 1 ? words.slice(0, -1).join(' ') : (words[0] ?? ''),
    lastName: words.length > 1 ? words[words.length - 1]! : '',
    email: lead?.email ?? accountEmail ?? '',
    phone: lead?.phone ?? '',
    roomNames,
  };
}

export function guestDetailsBody(values: GuestValues, slots: RoomSlot[]): SetGuestDetailsBody {
  return {
    leadGuest: { name: leadName(values), email: values.email.trim(), phone: values.phone.trim() },
    rooms: slots.map((slot) => ({
      lineItemId: slot.lineItemId,
      holdId: slot.holdId,
      guestNames: Array.from({ length: slot.rooms }, (_, i) => roomName(values, slots, slot, i).trim()),
    })),
  };
}
