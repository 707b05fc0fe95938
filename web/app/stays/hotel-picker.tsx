// Choosing the hotel a creator recommends: React Aria's ComboBox over the catalog's autocomplete (hotels, cities,
// countries). A hotel is picked at once; a place lists its hotels as radio buttons to pick one from. All of it
// works with the keyboard alone: type, arrow keys, Enter; Tab into the place's hotels, arrows to choose.
import { useQuery } from '@tanstack/react-query';
import type { Destination, HotelSummary } from '@travelclub/contracts';
import { useState } from 'react';
import { Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { messageOf } from '~/lib/api-errors';
import { destinationHotelsQuery } from '~/lib/queries';
import { SuggestionBox, type SuggestionsAsk } from '~/search/suggestions';

/** The hotel a creator picked: the catalog's id, and how the form names it. */
export interface PickedHotel {
  id: string;
  name: string;
  /** The name with where it is: "Hotel Aurora, Lisbon, Portugal". */
  label: string;
}

type Suggestion = Pick<Destination, 'id' | 'name' | 'label' | 'locationType'> & { hotelCount?: number };

const SUGGESTIONS = 8;
/** Hotels listed for a place; more are found by typing the hotel's name. */
const PLACE_HOTELS = 20;
const HOTEL_PREFIX = 'hotel-';
const KIND: Record<Destination['locationType'], string> = { city: 'City', country: 'Country', hotel: 'Hotel' };

const hotelKey = (hotelId: string) => `${HOTEL_PREFIX}${hotelId}`;

/** Hotels and places for what is typed, the search box's ask and answer: what was typed there is known. */
const hotelsAndPlaces: SuggestionsAsk<Suggestion> = {
  take: SUGGESTIONS,
  texts: {
    label: 'Hotel',
    placeholder: 'Hotel name, city or country',
    hint: "Type the hotel's name, or a city to choose among its hotels.",
    unavailable: 'Suggestions are not available right now. Please try again.',
    looking: 'Looking for hotels…',
    none: (text) => `No hotel or place matches “${text}”`,
  },
};

const describe = (s: Suggestion) =>
  s.locationType === 'hotel' || s.hotelCount === undefined
    ? KIND[s.locationType]
    : `${KIND[s.locationType]} · pick a hotel in it`;

/** A place's hotels (the catalog's list of a destination), to pick one with the arrow keys or a tap. */
function PlaceHotels(props: { place: Suggestion; value: PickedHotel | null; onPick: (hotel: PickedHotel) => void }) {
  const { place } = props;
  const list = useQuery({ ...destinationHotelsQuery(place.id, PLACE_HOTELS), staleTime: 5 * 60_000 });
  if (list.isError) return <p className="field-error">{messageOf(list.error)}</p>;
  if (!list.data) return <p role="status">Loading the hotels of {place.label}…</p>;
  const hotels = list.data.hotels;
  if (hotels.length === 0) return <p>The catalog has no hotels in {place.label} yet.</p>;
  const pick = (id: string) => {
    const hotel = hotels.find((h: HotelSummary) => h.id === id);
    if (hotel) props.onPick({ id: hotel.id, name: hotel.name, label: `${hotel.name}, ${hotel.addressLine}` });
  };
  return (
    <RadioGroup className="stay-place-hotels" value={props.value?.id ?? null} onChange={pick}>
      <Label>Hotels in {place.label}</Label>
      {list.data.total > hotels.length ? (
        <Text slot="description" className="field-hint">
          {`The first ${hotels.length} of ${list.data.total}. Type the hotel's name above to find another.`}
        </Text>
      ) : null}
      {hotels.map((hotel: HotelSummary) => (
        <Radio key={hotel.id} value={hotel.id} className="stay-place-hotel">
          <span className="stay-place-hotel-name">{hotel.name}</span>
          <span className="muted">{hotel.addressLine}</span>
        </Radio>
      ))}
    </RadioGroup>
  );
}

export function HotelPicker(props: {
  value: PickedHotel | null;
  onChange: (hotel: PickedHotel | null) => void;
  error?: string | null;
}) {
  const { value, onChange } = props;
  const [place, setPlace] = useState<Suggestion | null>(null);
  const [input, setInput] = useState(value?.label ?? '');
  const current: Suggestion | null =
    place ?? (value ? { id: hotelKey(value.id), name: value.name, label: value.label, locationType: 'hotel' } : null);

  function pick(found: Suggestion) {
    setInput(found.label);
    if (found.locationType === 'hotel') {
      setPlace(null);
      onChange({ id: found.id.slice(HOTEL_PREFIX.length), name: found.name, label: found.label });
    } else {
      setPlace(found);
      onChange(null);
    }
  }

  return (
    <div className="stack stay-hotel-picker">
      <SuggestionBox
        ask={hotelsAndPlaces}
        error={props.error}
        current={current}
        text={input}
        onText={setInput}
        onDrop={() => {
          setPlace(null);
          if (value) onChange(null);
        }}
        onPick={pick}
        describe={describe}
      />
      {place ? <PlaceHotels place={place} value={value} onPick={onChange} /> : null}
    </div>
  );
}
