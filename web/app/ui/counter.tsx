// A count with − and + buttons (React Aria's NumberField: arrow keys and typing work too): the search form's
// guests and rooms, the booking box's adults and rooms, the package request's travellers. Only in the chunks
// loaded after a page is running.
import { Button, FieldError, Group, Input, Label, NumberField } from 'react-aria-components';

export function Counter(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  error?: string;
  /** A class beside `field counter`, for a form that places its counters apart. */
  className?: string;
  autoFocus?: boolean;
}) {
  return (
    <NumberField
      className={props.className ? `field counter ${props.className}` : 'field counter'}
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
