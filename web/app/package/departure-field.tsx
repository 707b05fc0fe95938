// The departure date: React Aria's DatePicker (typed segments, or a calendar worked by keyboard or pointer)
// offering only the package's departures; any date from today when the package departs on any. The form
// keeps the date as an ISO string; the calendar's types stay inside this file.
import { getLocalTimeZone, parseDate, today, type CalendarDate } from '@internationalized/date';
import { useMemo } from 'react';
import { DatePicker, FieldError, Label, Text } from 'react-aria-components';
import { searchLimits } from '~/search/search-rules';
import { CalendarPopover, DateGroup } from '~/ui/calendar-popover';
import { bookingMessages } from './booking-rules';
import { departuresHint } from './departures-hint';
import type { Departures } from './package-facts';

type Bookable = Exclude<Departures, { kind: 'none' }>;

function parsed(value: string | null): CalendarDate | null {
  if (!value) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

/** The calendar's bounds: the package's first and last departures, or today and as far ahead as a stay may start. */
function boundsOf(departures: Bookable) {
  const now = today(getLocalTimeZone());
  if (departures.kind === 'any') return { first: now, last: now.add({ days: searchLimits.maxDaysAhead }) };
  return { first: parseDate(departures.dates[0]!), last: parseDate(departures.dates.at(-1)!) };
}

export function DepartureField(props: {
  departures: Bookable;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}) {
  const { departures } = props;
  const offered = useMemo(() => (departures.kind === 'dates' ? new Set(departures.dates) : null), [departures]);
  const { first, last } = boundsOf(departures);
  return (
    <DatePicker
      className="field departure-field"
      value={parsed(props.value)}
      onChange={(date) => props.onChange(date ? date.toString() : null)}
      minValue={first}
      maxValue={last}
      // The calendar opens on the month of the first departure.
      placeholderValue={first}
      isDateUnavailable={offered ? (date) => !offered.has(date.toString()) : undefined}
      // Left to the picker unless a rule is broken: it marks a typed date it would not offer as invalid itself.
      isInvalid={props.error ? true : undefined}
      validationBehavior="aria"
      name="checkInDate"
    >
      <Label className="field-label">Departure date</Label>
      <DateGroup />
      <Text slot="description" className="field-hint">
        {departuresHint(departures)}
      </Text>
      {/* A typed date the calendar would not offer is invalid before any press of the button: said in our words. */}
      <FieldError className="field-error">{props.error ?? bookingMessages.dateNotOffered}</FieldError>
      <CalendarPopover label="Choose a departure date" placement="bottom end" className="package-calendar" />
    </DatePicker>
  );
}
