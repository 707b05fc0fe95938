// Check-in and check-out: React Aria's DateRangePicker (typed segments or a calendar), dates before today
// not offered. The form keeps the dates as ISO strings; the calendar's types stay inside this file.
import { getLocalTimeZone, parseDate, today, type CalendarDate } from '@internationalized/date';
import { DateRangePicker, FieldError, Label, type RangeValue } from 'react-aria-components';
import { DateRangeGroup, RangeCalendarPopover } from '~/ui/calendar-popover';

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
      <DateRangeGroup startLabel="Check-in" endLabel="Check-out" />
      <FieldError className="field-error">{props.error}</FieldError>
      <RangeCalendarPopover label="Choose your dates" placement="bottom end" />
    </DateRangePicker>
  );
}
