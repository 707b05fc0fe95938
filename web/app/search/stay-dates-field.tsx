// Check-in and check-out: React Aria's DateRangePicker (typed segments or a calendar), dates before today
// not offered. The form keeps the dates as ISO strings; the calendar's types stay inside this file.
import { getLocalTimeZone, parseDate, today, type CalendarDate } from '@internationalized/date';
import {
  Button,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateRangePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  Label,
  Popover,
  RangeCalendar,
  type RangeValue,
} from 'react-aria-components';
import { CalendarIcon } from './calendar-icon';

export interface StayDates {
  checkIn: string;
  checkOut: string;
}

/** Today in the visitor's time zone, as an ISO date (the earliest check-in the form offers). */
export const localToday = () => today(getLocalTimeZone()).toString();

function toRange(value: StayDates | null): RangeValue<CalendarDate> | null {
  if (!value) return null;
  try {
    return { start: parseDate(value.checkIn), end: parseDate(value.checkOut) };
  } catch {
    return null;
  }
}

export function StayDatesField(props: {
  value: StayDates | null;
  onChange: (value: StayDates | null) => void;
  error?: string;
  autoFocus?: boolean;
  /** The calendar opens at once: the visitor pressed its button before the picker came alive. */
  defaultOpen?: boolean;
}) {
  return (
    <DateRangePicker
      autoFocus={props.autoFocus}
      defaultOpen={props.defaultOpen}
      className="field search-dates"
      value={toRange(props.value)}
      onChange={(range) =>
        props.onChange(range ? { checkIn: range.start.toString(), checkOut: range.end.toString() } : null)
      }
      minValue={today(getLocalTimeZone())}
      isInvalid={Boolean(props.error)}
      validationBehavior="aria"
      startName="checkIn"
      endName="checkOut"
    >
      <Label className="field-label">Check-in – check-out</Label>
      <Group className="date-group">
        <DateInput slot="start" aria-label="Check-in" className="date-input">
          {(segment) => <DateSegment segment={segment} className="date-segment" />}
        </DateInput>
        <span aria-hidden="true" className="date-dash">
          –
        </span>
        <DateInput slot="end" aria-label="Check-out" className="date-input">
          {(segment) => <DateSegment segment={segment} className="date-segment" />}
        </DateInput>
        <Button className="calendar-toggle" aria-label="Open the calendar">
          <CalendarIcon />
        </Button>
      </Group>
      <FieldError className="field-error">{props.error}</FieldError>
      <Popover className="search-popover calendar-popover" placement="bottom end" offset={4}>
        <Dialog className="calendar-dialog" aria-label="Choose your dates">
          <RangeCalendar className="calendar">
            <header className="calendar-header">
              <Button slot="previous" className="calendar-nav" aria-label="Previous month">
                ‹
              </Button>
              <Heading className="calendar-heading" />
              <Button slot="next" className="calendar-nav" aria-label="Next month">
                ›
              </Button>
            </header>
            <CalendarGrid className="calendar-grid">
              {(date) => <CalendarCell date={date} className="calendar-cell" />}
            </CalendarGrid>
          </RangeCalendar>
        </Dialog>
      </Popover>
    </DateRangePicker>
  );
}
