// Guests and rooms: two counters (React Aria's NumberFields with − and + buttons). The catalog takes one
// guest count for the stay (no separate children), and up to nine rooms.
import { Counter } from '~/ui/counter';
import { MAX_GUESTS, searchLimits } from './search-rules';

export function GuestsFields(props: {
  guests: number;
  rooms: number;
  onGuests: (value: number) => void;
  onRooms: (value: number) => void;
  errors: { guests?: string; rooms?: string };
  autoFocus?: 'guests' | 'rooms';
}) {
  return (
    <div className="search-counters">
      <Counter
        className="search-guests"
        label="Guests"
        value={props.guests}
        min={1}
        max={MAX_GUESTS}
        onChange={props.onGuests}
        error={props.errors.guests}
        autoFocus={props.autoFocus === 'guests'}
      />
      <Counter
        className="search-rooms"
        label="Rooms"
        value={props.rooms}
        min={1}
        max={searchLimits.maxRooms}
        onChange={props.onRooms}
        error={props.errors.rooms}
        autoFocus={props.autoFocus === 'rooms'}
      />
    </div>
  );
}
