// The parts every date field shares, inside React Aria's DatePicker or DateRangePicker: the typed segments with
// the button that opens the calendar, and the calendar itself (a popover, a dialog, the month's heading between
// previous and next, the grid). One date or a range. React Aria is loaded on demand, so only the date fields,
// never a first bundle, import this module.
import type { ReactNode } from 'react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Popover,
  RangeCalendar,
  type PopoverProps,
} from 'react-aria-components';
import { CalendarIcon } from './icons';

function Segments(props: { slot?: 'start' | 'end'; label?: string }) {
  return (
    <DateInput slot={props.slot} aria-label={props.label} className="date-input">
      {(segment) => <DateSegment segment={segment} className="date-segment" />}
    </DateInput>
  );
}

function CalendarToggle() {
  return (
    <Button className="calendar-toggle" aria-label="Open the calendar">
      <CalendarIcon />
    </Button>
  );
}

/** One date's segments and the calendar's button. */
export function DateGroup() {
  return (
    <Group className="date-group">
      <Segments />
      <CalendarToggle />
    </Group>
  );
}

/** A range's two dates, a dash between them, and the calendar's button. */
export function DateRangeGroup(props: { startLabel?: string; endLabel?: string }) {
  return (
    <Group className="date-group">
      <Segments slot="start" label={props.startLabel} />
      <span aria-hidden="true" className="date-dash">
        –
      </span>
      <Segments slot="end" label={props.endLabel} />
      <CalendarToggle />
    </Group>
  );
}

function Month() {
  return (
    <>
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
    </>
  );
}

interface CalendarPopoverProps {
  /** The dialog's name for a screen reader: what the calendar is for. */
  label: string;
  placement: PopoverProps['placement'];
}

function Shell(props: CalendarPopoverProps & { children: ReactNode }) {
  return (
    <Popover className="search-popover calendar-popover" placement={props.placement} offset={4}>
      <Dialog className="calendar-dialog" aria-label={props.label}>
        {props.children}
      </Dialog>
    </Popover>
  );
}

/** The calendar of a DatePicker. */
export function CalendarPopover(props: CalendarPopoverProps & { className?: string }) {
  return (
    <Shell label={props.label} placement={props.placement}>
      <Calendar className={props.className ? `calendar ${props.className}` : 'calendar'}>
        <Month />
      </Calendar>
    </Shell>
  );
}

/** The calendar of a DateRangePicker. */
export function RangeCalendarPopover(props: CalendarPopoverProps) {
  return (
    <Shell label={props.label} placement={props.placement}>
      <RangeCalendar className="calendar">
        <Month />
      </RangeCalendar>
    </Shell>
  );
}
