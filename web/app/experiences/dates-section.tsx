// When the package departs: any date the traveller picks, or only the dates the creator offers. Dates are
// added one at a time with React Aria's DatePicker (typed, or from its calendar) and listed in order, each
// with its own remove button; a date that has passed since it was offered is marked and can be cleared.
import { getLocalTimeZone, today, type CalendarDate } from '@internationalized/date';
import { useState } from 'react';
import { DatePicker, FieldError, Label } from 'react-aria-components';
import { formatStayDate } from '~/checkout/format';
import { Button } from '~/ui/button';
import { CalendarPopover, DateGroup } from '~/ui/calendar-popover';
import { withDate, type OfferedKind } from './draft';
import { RadioChoices } from './fields';
import { checkNewDate, earliestToday, limits } from './rules';
import type { PackageEditor } from './use-editor';

function DateToAdd(props: {
  value: CalendarDate | null;
  onChange: (value: CalendarDate | null) => void;
  error: string | null;
}) {
  return (
    <DatePicker
      className="field xp-date-picker"
      value={props.value}
      onChange={props.onChange}
      minValue={today(getLocalTimeZone())}
      isInvalid={Boolean(props.error)}
      validationBehavior="aria"
    >
      <Label>Departure date</Label>
      <DateGroup />
      <FieldError className="field-error">{props.error}</FieldError>
      <CalendarPopover label="Choose a departure date" placement="bottom start" />
    </DatePicker>
  );
}

function OfferedDates({ editor }: { editor: PackageEditor }) {
  const { draft, update, errors } = editor;
  const [picked, setPicked] = useState<CalendarDate | null>(null);
  const [addError, setAddError] = useState<string | null>(null);
  const todayIso = earliestToday();
  const past = draft.dates.filter((date) => date < todayIso);

  function add() {
    const date = picked?.toString() ?? null;
    const refusal = checkNewDate(draft.dates, date);
    setAddError(refusal);
    if (refusal || !date) return;
    update((d) => ({ ...d, dates: withDate(d.dates, date) }));
    setPicked(null);
  }
  const remove = (gone: string[]) => update((d) => ({ ...d, dates: d.dates.filter((date) => !gone.includes(date)) }));

  return (
    <div className="stack">
      <div className="xp-date-add">
        <DateToAdd
          value={picked}
          onChange={(value) => {
            setPicked(value);
            setAddError(null);
          }}
          error={addError}
        />
        <Button variant="secondary" onPress={add}>
          Add date
        </Button>
      </div>
      {errors.offeredDates ? (
        <p className="field-error" role="alert" tabIndex={-1} data-error-focus="">
          {errors.offeredDates}
        </p>
      ) : null}
      {draft.dates.length ? (
        <ul className="xp-dates" aria-label="Offered dates">
          {draft.dates.map((date, i) => (
            <li key={date} className="xp-date">
              <span>{formatStayDate(date)}</span>
              {errors[`offeredDates.dates.${i}`] ? (
                <span className="field-error" tabIndex={-1} data-error-focus="">
                  {errors[`offeredDates.dates.${i}`]}
                </span>
              ) : null}
              <Button variant="quiet" aria-label={`Remove ${formatStayDate(date)}`} onPress={() => remove([date])}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="muted">
        {draft.dates.length} of {limits.dates} dates.
      </p>
      {past.length ? (
        <Button variant="secondary" onPress={() => remove(past)}>
          Remove past dates
        </Button>
      ) : null}
    </div>
  );
}

const OFFERED_CHOICES = [
  { id: 'any', label: 'On any date they choose' },
  { id: 'dates', label: 'Only on the dates I offer' },
] as const satisfies readonly { id: OfferedKind; label: string }[];

export function DatesSection({ editor }: { editor: PackageEditor }) {
  const { draft, update } = editor;
  return (
    <section className="xp-section" aria-labelledby="xp-dates-heading">
      <h2 id="xp-dates-heading">Departure dates</h2>
      <RadioChoices
        label="When can travellers start?"
        choices={OFFERED_CHOICES}
        value={draft.offeredKind}
        onChange={(offeredKind) => update((d) => ({ ...d, offeredKind }))}
      />
      {draft.offeredKind === 'dates' ? <OfferedDates editor={editor} /> : null}
    </section>
  );
}
