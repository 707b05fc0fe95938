// Choosing the days a page shows: four presets (links, so they work before the page comes alive and can be
// opened in a new tab) and a custom range in React Aria's DateRangePicker, typed or picked in a calendar. The
// custom days are checked against the API's rules before the address changes, and a wrong range in the
// address itself is explained at the same place.
import { parseDate, type CalendarDate } from '@internationalized/date';
import { useState, type FormEvent } from 'react';
import { DateRangePicker, FieldError, Label, Text, type RangeValue } from 'react-aria-components';
import { Link, useNavigate } from 'react-router';
import { Button } from '~/ui/button';
import { DateRangeGroup, RangeCalendarPopover } from '~/ui/calendar-popover';
import { PRESETS, rangeProblem, searchOf, type Selection } from './range';

export const RANGE_CONTROL_TEXTS = {
  presets: 'Show',
  custom: 'Custom range',
  hint: 'Up to 366 days, between 2000 and 2099. Days are counted in UTC.',
  apply: 'Show these days',
} as const;

type Draft = RangeValue<CalendarDate> | null;

function draftOf(from: string | null, to: string | null): Draft {
  if (!from || !to) return null;
  try {
    return { start: parseDate(from), end: parseDate(to) };
  } catch {
    return null;
  }
}

function Presets({ selection }: { selection: Selection }) {
  const current = selection.kind === 'preset' ? selection.preset : null;
  return (
    <div className="range-presets" role="group" aria-labelledby="range-presets-label">
      <span id="range-presets-label" className="field-label">
        {RANGE_CONTROL_TEXTS.presets}
      </span>
      <ul>
        {PRESETS.map((preset) => (
          <li key={preset.id}>
            <Link to={searchOf(preset.id)} aria-current={preset.id === current ? 'true' : undefined}>
              {preset.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The custom range: a draft until "Show these days", then the address, if the API would take those days. */
function CustomRange({ selection }: { selection: Selection }) {
  const shown = selection.kind === 'invalid' ? selection : selection.range;
  const [draft, setDraft] = useState<Draft>(() => draftOf(shown.from, shown.to));
  const [problem, setProblem] = useState(selection.kind === 'invalid' ? selection.problem : null);
  const navigate = useNavigate();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const from = draft?.start.toString();
    const to = draft?.end.toString();
    const found = rangeProblem(from, to);
    setProblem(found);
    if (!found) void navigate(searchOf({ from: from!, to: to! }));
  };

  return (
    <form className="range-custom" method="get" onSubmit={apply} noValidate>
      <DateRangePicker
        className="field range-dates"
        value={draft}
        onChange={(value) => {
          setDraft(value);
          setProblem(null);
        }}
        isInvalid={problem !== null}
        validationBehavior="aria"
        startName="from"
        endName="to"
      >
        <Label className="field-label">{RANGE_CONTROL_TEXTS.custom}</Label>
        <DateRangeGroup />
        <Text slot="description" className="field-hint">
          {RANGE_CONTROL_TEXTS.hint}
        </Text>
        <FieldError className="field-error">{problem}</FieldError>
        <RangeCalendarPopover label="Choose the days" placement="bottom start" />
      </DateRangePicker>
      <Button type="submit" variant="secondary">
        {RANGE_CONTROL_TEXTS.apply}
      </Button>
    </form>
  );
}

/** The presets and the custom range of a page whose days are in its address. */
export function RangeControls({ selection }: { selection: Selection }) {
  const key = selection.kind === 'invalid' ? `${selection.from}|${selection.to}` : JSON.stringify(selection.range);
  return (
    <div className="range-controls">
      <Presets selection={selection} />
      <CustomRange key={key} selection={selection} />
    </div>
  );
}
