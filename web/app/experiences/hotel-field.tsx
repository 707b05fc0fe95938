// A night's hotel and room type. The hotel comes from the catalog's autocomplete (the search box's endpoint,
// its hotels only), asked after a pause in typing; its room types from the hotel itself. A hotel the catalog
// no longer has, or one with no rooms, says so here, before publishing would.
import { useState } from 'react';
import { isNotFound } from '~/lib/api-errors';
import { SuggestionBox, type SuggestionsAsk } from '~/search/suggestions';
import { SelectField } from './fields';
import type { StayDraft } from './draft';
import { useHotel } from './queries';

interface HotelOption {
  /** The hotel's id (the destination id without its `hotel-`). */
  id: string;
  name: string;
  label: string;
}

const HOTEL_PREFIX = 'hotel-';
/** The autocomplete mixes cities and countries in; ask for its most, keep the hotels. */
const TAKE = 20;

/** The catalog's hotels, without the places, for what is typed. */
const hotelsOnly: SuggestionsAsk<HotelOption> = {
  take: TAKE,
  pick: (destinations) =>
    destinations
      .filter((d) => d.locationType === 'hotel' && d.id.startsWith(HOTEL_PREFIX))
      .map((d) => ({ id: d.id.slice(HOTEL_PREFIX.length), name: d.name, label: d.label })),
  texts: {
    label: 'Hotel',
    placeholder: "Type a hotel's name",
    hint: 'Hotels of the catalog, by name.',
    unavailable: 'Hotels cannot be searched right now. Please try again.',
    looking: 'Looking for hotels…',
    none: (text) => `No hotels match “${text}”`,
  },
};

export interface PickedHotel {
  id: string;
  name: string;
}

export function HotelField(props: { stay: StayDraft; onPick: (hotel: PickedHotel | null) => void; error?: string }) {
  const { stay, onPick } = props;
  const known = useHotel(stay.hotelId || undefined);
  const name = stay.hotelName ?? known.data?.name ?? '';
  // What the creator typed since the last pick; null while the box shows the picked hotel.
  const [typed, setTyped] = useState<string | null>(null);

  return (
    <SuggestionBox
      ask={hotelsOnly}
      error={props.error}
      current={stay.hotelId ? { id: stay.hotelId, name, label: name } : null}
      text={typed ?? name}
      typing={typed !== null && typed.trim().length > 0}
      onText={setTyped}
      onDrop={() => onPick(null)}
      onPick={(found) => {
        onPick({ id: found.id, name: found.name });
        setTyped(null);
      }}
    />
  );
}

export const HOTEL_GONE = 'This hotel is no longer in the catalog. Choose another hotel.';
export const NO_ROOMS = 'This hotel has no rooms to book. Choose another hotel.';
export const ROOM_GONE = 'This hotel no longer offers this room type. Choose another one.';

/** The room types of the night's hotel, once one is picked. */
export function RoomTypeField(props: { stay: StayDraft; onChange: (roomType: string) => void; error?: string }) {
  const hotel = useHotel(props.stay.hotelId || undefined);
  if (!props.stay.hotelId) return null;
  if (hotel.isError)
    return (
      <p className="field-error" role="alert">
        {isNotFound(hotel.error) ? HOTEL_GONE : 'The room types cannot be read right now. Please try again.'}
      </p>
    );
  if (!hotel.data) return <p className="muted">Loading the room types…</p>;
  const rooms = hotel.data.roomTypes;
  if (rooms.length === 0)
    return (
      <p className="field-error" role="alert">
        {NO_ROOMS}
      </p>
    );
  const known = !props.stay.roomType || rooms.some((room) => room.type === props.stay.roomType);
  return (
    <SelectField
      label="Room type"
      placeholder="Select a room type"
      items={rooms.map((room) => ({ id: room.type, label: `${room.name} · sleeps ${room.maxGuests}` }))}
      value={known ? props.stay.roomType : null}
      onChange={props.onChange}
      error={props.error ?? (known ? undefined : ROOM_GONE)}
    />
  );
}
