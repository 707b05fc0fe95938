// The package's days, one card each: added at the end, removed, moved up and down. After each change the focus
// goes where the creator's next step is (the new day's title, the moved day's button, the next day), and a
// polite announcement says what happened, so a screen reader user follows the list as it changes.
import { useState } from 'react';
import { Button } from '~/ui/button';
import { DayCard } from './day-card';
import { emptyDay, moveDay, removeDay, type DayDraft } from './draft';
import { limits, messages } from './rules';
import type { PackageEditor } from './use-editor';
import { useFocusLater } from './use-focus-later';

/** The moved day's own button, or the other one when the day reached an end of the list. */
function moveButton(direction: 'up' | 'down', to: number, count: number) {
  if (direction === 'up' && to === 0) return '[data-action="down"]';
  if (direction === 'down' && to === count - 1) return '[data-action="up"]';
  return `[data-action="${direction}"]`;
}

export function DaysSection({ editor }: { editor: PackageEditor }) {
  const { draft, update, errors, dayRefusals, clearDayRefusal } = editor;
  const days = draft.days;
  const [announcement, setAnnouncement] = useState('');
  const focusLater = useFocusLater();
  const setDays = (change: (days: DayDraft[]) => DayDraft[]) => update((d) => ({ ...d, days: change(d.days) }));

  function add() {
    const day = emptyDay();
    setDays((all) => [...all, day]);
    setAnnouncement(`Day ${days.length + 1} added.`);
    focusLater(`#${day.key} input`);
  }
  function move(from: number, to: number) {
    const day = days[from]!;
    setDays((all) => moveDay(all, from, to));
    setAnnouncement(`Day ${from + 1} is now day ${to + 1}.`);
    focusLater(`#${day.key} ${moveButton(to < from ? 'up' : 'down', to, days.length)}`);
  }
  function remove(index: number) {
    const next = days[index + 1] ?? days[index - 1];
    setDays((all) => removeDay(all, index));
    clearDayRefusal(days[index]!.key);
    setAnnouncement(`Day ${index + 1} removed.`);
    focusLater(next ? `#${next.key} h3` : '[data-action="add-day"]');
  }

  const full = days.length >= limits.days;
  return (
    <section className="xp-section" aria-labelledby="xp-days-heading">
      <h2 id="xp-days-heading">Days</h2>
      <p className="muted">
        One card for each day. A day with a hotel is one night there; nights in a row in the same hotel and room type
        are booked as one stay.
      </p>
      {errors.days ? (
        <p className="field-error" role="alert" tabIndex={-1} data-error-focus="">
          {errors.days}
        </p>
      ) : null}
      <ol className="xp-days">
        {days.map((day, i) => (
          <li key={day.key}>
            <DayCard
              day={day}
              index={i}
              count={days.length}
              errors={errors}
              refusal={dayRefusals[day.key]}
              onChange={(change) => setDays((all) => all.map((d) => (d.key === day.key ? change(d) : d)))}
              onStayChange={() => clearDayRefusal(day.key)}
              onMove={(to) => move(i, to)}
              onRemove={() => remove(i)}
            />
          </li>
        ))}
      </ol>
      <Button variant="secondary" data-action="add-day" onPress={add} isDisabled={full} fullWidth>
        Add a day
      </Button>
      {full ? <p className="muted">{messages.tooManyDays}.</p> : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
