// One day of a package, one card: its title and text, and the night's stay (a hotel of the catalog and a room
// type) when the traveller sleeps in a hotel that night. Move and remove buttons are full-size targets, named
// for the day they act on; the catalog's refusal of this day's stay is shown on the card, above its fields.
import { Checkbox } from 'react-aria-components';
import { Button } from '~/ui/button';
import { TextAreaField, TextField } from '~/ui/text-field';
import type { DayDraft, StayDraft } from './draft';
import { HotelField, RoomTypeField, type PickedHotel } from './hotel-field';
import type { DayRefusal } from './refusals';
import type { Errors } from './rules';

export interface DayCardProps {
  day: DayDraft;
  index: number;
  count: number;
  errors: Errors;
  refusal?: DayRefusal;
  onChange: (change: (day: DayDraft) => DayDraft) => void;
  /** The stay changed: a refusal of the old one no longer holds. */
  onStayChange: () => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function DayTools(props: Pick<DayCardProps, 'index' | 'count' | 'onMove' | 'onRemove'>) {
  const { index, count, onMove, onRemove } = props;
  const n = index + 1;
  return (
    <div className="xp-day-tools">
      <Button
        variant="secondary"
        data-action="up"
        aria-label={`Move day ${n} up`}
        isDisabled={index === 0}
        onPress={() => onMove(index - 1)}
      >
        <span aria-hidden="true">↑</span>
      </Button>
      <Button
        variant="secondary"
        data-action="down"
        aria-label={`Move day ${n} down`}
        isDisabled={index === count - 1}
        onPress={() => onMove(index + 1)}
      >
        <span aria-hidden="true">↓</span>
      </Button>
      <Button variant="quiet" data-action="remove" aria-label={`Remove day ${n}`} onPress={onRemove}>
        Remove
      </Button>
    </div>
  );
}

export function DayCard({
  day,
  index,
  count,
  errors,
  refusal,
  onChange,
  onStayChange,
  onMove,
  onRemove,
}: DayCardProps) {
  const n = index + 1;
  const at = `days.${index}`;
  const setStay = (stay: (old: StayDraft | null) => StayDraft | null) => {
    onChange((d) => ({ ...d, stay: stay(d.stay) }));
    onStayChange();
  };
  const pickHotel = (hotel: PickedHotel | null) =>
    setStay(() => ({ hotelId: hotel?.id ?? '', hotelName: hotel?.name, roomType: '' }));

  return (
    <section className="xp-day card" id={day.key} aria-labelledby={`${day.key}-heading`}>
      <header className="xp-day-head">
        <h3 id={`${day.key}-heading`} tabIndex={-1}>
          Day {n}
        </h3>
        <DayTools index={index} count={count} onMove={onMove} onRemove={onRemove} />
      </header>
      {refusal ? (
        <div className="xp-day-refusal" role="alert" tabIndex={-1} data-error-focus="">
          <strong>{refusal.message}</strong>
          <span>{refusal.hint}</span>
        </div>
      ) : null}
      <TextField
        label="Title of the day"
        value={day.title}
        onChange={(title) => onChange((d) => ({ ...d, title }))}
        error={errors[`${at}.title`]}
        placeholder="Arrival in Lisbon"
      />
      <TextAreaField
        label="What happens that day"
        value={day.text}
        onChange={(text) => onChange((d) => ({ ...d, text }))}
        hint="Plain text, up to 4,000 characters. A blank line starts a new paragraph."
        error={errors[`${at}.text`]}
        rows={5}
        areaClassName="xp-textarea"
      />
      <Checkbox
        className="xp-checkbox"
        isSelected={Boolean(day.stay)}
        onChange={(on) => setStay(() => (on ? { hotelId: '', roomType: '' } : null))}
      >
        <span className="xp-checkbox-box" aria-hidden="true" />
        Stay the night in a hotel
      </Checkbox>
      {day.stay ? (
        <div className="xp-stay">
          <HotelField stay={day.stay} onPick={pickHotel} error={errors[`${at}.stay.hotelId`]} />
          <RoomTypeField
            stay={day.stay}
            onChange={(roomType) => setStay((old) => old && { ...old, roomType })}
            error={errors[`${at}.stay.roomType`]}
          />
        </div>
      ) : null}
    </section>
  );
}
