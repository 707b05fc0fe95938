// Guests and rooms: React Aria's NumberFields with − and + buttons (arrow keys and typing work too). The
// catalog takes one guest count for the stay (no separate children), and up to nine rooms.
import { Button, FieldError, Group, Input, Label, NumberField } from 'react-aria-components';
import { MAX_GUESTS, searchLimits } from './search-rules';

function Counter(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  error?: string;
  className: string;
  autoFocus?: boolean;
}) {
  return (
    <NumberField
      className={`field counter ${props.className}`}
      value={props.value}
      minValue={props.min}
      maxValue={props.max}
      step={1}
      // A cleared box is NaN: the smallest count, rather than no count at all.
      onChange={(next) => props.onChange(Number.isNaN(next) ? props.min : next)}
      isInvalid={Boolean(props.error)}
      validationBehavior="aria"
      formatOptions={{ maximumFractionDigits: 0 }}
      autoFocus={props.autoFocus}
    >
      <Label>{props.label}</Label>
      <Group className="counter-group">
        <Button slot="decrement" className="counter-button">
          −
        </Button>
        <Input className="counter-input" />
        <Button slot="increment" className="counter-button">
          +
        </Button>
      </Group>
      <FieldError className="field-error">{props.error}</FieldError>
    </NumberField>
  );
}

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
