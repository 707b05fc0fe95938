// The form of a recommended stay, new or being edited: the hotel (searched in the catalog, or fixed when
// editing), the title and text with their counters, the cover, tile and other photos with previews, and the save
// with its progress. A refused save shows the API's message; the rules' messages sit under their fields.
import type { RecommendationView } from '@travelclub/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Label, ProgressBar } from 'react-aria-components';
import { Link } from 'react-router';
import { Button, LinkButton } from '~/ui/button';
import { Callout } from '~/ui/callout';
import { CountedField } from './counted-field';
import { HotelPicker, type PickedHotel } from './hotel-picker';
import { PhotoPicker } from './photo-picker';
import { IMAGES_MAX, TEXT_MAX, TITLE_MAX } from './rules';
import { MANAGE_STAYS, useStayForm, type StayStart } from './use-stay-form';

function UploadProgress({ sent, withPhotos }: { sent: number; withPhotos: boolean }) {
  const done = sent >= 1;
  let label = withPhotos ? 'Uploading your photos' : 'Saving your stay';
  if (done) label = withPhotos ? 'Preparing your photos…' : 'Saving your stay…';
  return (
    <ProgressBar className="stay-progress" value={Math.round(sent * 100)} isIndeterminate={done}>
      {({ percentage, valueText }) => (
        <>
          <Label>{label}</Label>
          {done ? null : <span className="stay-progress-value">{valueText}</span>}
          <div className="stay-progress-track" aria-hidden="true">
            <div className="stay-progress-fill" style={{ width: `${done ? 100 : (percentage ?? 0)}%` }} />
          </div>
        </>
      )}
    </ProgressBar>
  );
}

/** After a save the rules refused, the keyboard goes to the first field that needs a change. */
function useFocusFirstInvalid(attempt: number) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempt === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[data-invalid] button')?.focus();
  }, [attempt]);
  return form;
}

function AlreadyRecommended({ hotelId }: { hotelId: string }) {
  return (
    <Callout tone="info">
      You already recommend this hotel: saving replaces that recommendation.{' '}
      <Link to={`/dashboard/stays/${hotelId}`}>Edit it instead</Link>
    </Callout>
  );
}

export interface StayFormProps {
  /** The hotel when editing its recommendation; a new one is searched for. */
  fixedHotel?: PickedHotel;
  initial?: RecommendationView;
  /** A new stay's starting point (a draft of Taylor's): the hotel picked and the words written, all changeable. */
  start?: StayStart;
  /** Called once the stay is saved, before the page moves on. */
  onSaved?: () => void;
  /** The creator's recommendations, to say when a picked hotel is one of them. */
  recommended?: RecommendationView[];
}

export function StayForm({ fixedHotel, initial, start, onSaved, recommended = [] }: StayFormProps) {
  const [picked, setPicked] = useState<PickedHotel | null>(start?.hotel ?? null);
  const hotel = fixedHotel ?? picked;
  const isNew = !fixedHotel;
  const form = useStayForm({ hotel, initial, start, isNew, onSaved });
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusFirstInvalid(attempt);
  const { draft, errors } = form;
  const files = [...draft.cover, ...draft.tile, ...draft.images];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.saving) return;
    if (!(await form.save())) setAttempt((n) => n + 1);
  }

  return (
    <form ref={formRef} className="stack stay-form" noValidate onSubmit={(e) => void submit(e)}>
      {form.refusal ? <Callout tone="error">{form.refusal}</Callout> : null}
      <section className="stack" aria-labelledby="stay-hotel-title">
        <h2 id="stay-hotel-title">Hotel</h2>
        {fixedHotel ? (
          <p className="stay-fixed-hotel">
            <strong>{fixedHotel.label}</strong>
            <span className="muted"> To recommend another hotel, add a new stay.</span>
          </p>
        ) : (
          <HotelPicker value={picked} onChange={setPicked} error={errors.hotel} />
        )}
        {isNew && picked && recommended.some((r) => r.hotelId === picked.id) ? (
          <AlreadyRecommended hotelId={picked.id} />
        ) : null}
      </section>
      <section className="stack" aria-labelledby="stay-words-title">
        <h2 id="stay-words-title">Your recommendation</h2>
        <CountedField
          label="Title"
          hint="What makes this stay special, in a few words."
          value={draft.title}
          onChange={(value) => form.change('title', value)}
          onBlur={form.leaveTitle}
          max={TITLE_MAX}
          error={errors.title}
        />
        <CountedField
          label="Why you recommend it"
          hint="Plain text; leave an empty line between paragraphs."
          value={draft.text}
          onChange={(value) => form.change('text', value)}
          max={TEXT_MAX}
          rows={8}
          error={errors.text}
        />
      </section>
      <StayPhotos form={form} initial={initial} />
      {form.progress !== null ? <UploadProgress sent={form.progress} withPhotos={files.length > 0} /> : null}
      <div className="stay-actions">
        <Button type="submit" isPending={form.saving}>
          {isNew ? 'Recommend this stay' : 'Save changes'}
        </Button>
        <LinkButton variant="secondary" to={MANAGE_STAYS}>
          Cancel
        </LinkButton>
      </div>
    </form>
  );
}

/** The three photo pickers: each its field of the draft, its words and how many photos it holds. */
const PHOTO_PICKERS = [
  {
    field: 'cover',
    legend: 'Cover photo',
    hint: 'The big photo at the top of your stay.',
    action: 'Choose a cover photo',
    max: 1,
    current: (stay: RecommendationView) => (stay.coverImage ? [stay.coverImage] : undefined),
    currentName: 'cover photo',
  },
  {
    field: 'tile',
    legend: 'Tile photo',
    hint: "The square photo of your stay in your club's list.",
    action: 'Choose a tile photo',
    max: 1,
    current: (stay: RecommendationView) => (stay.tileImage ? [stay.tileImage] : undefined),
    currentName: 'tile photo',
  },
  {
    field: 'images',
    legend: 'More photos',
    hint: `Up to ${IMAGES_MAX} more: rooms, views, the breakfast.`,
    action: 'Add photos',
    max: IMAGES_MAX,
    current: (stay: RecommendationView) => (stay.images.length ? stay.images : undefined),
    currentName: 'photos',
  },
] as const;

function StayPhotos({ form, initial }: { form: ReturnType<typeof useStayForm>; initial?: RecommendationView }) {
  const { draft, errors } = form;
  return (
    <section className="stack" aria-labelledby="stay-photos-title">
      <h2 id="stay-photos-title">Photos</h2>
      <p className="muted">JPEG, PNG, WebP or AVIF, up to 10 MB each.</p>
      {PHOTO_PICKERS.map(({ field, current, ...picker }) => (
        <PhotoPicker
          key={field}
          {...picker}
          files={draft[field]}
          onChange={(files) => form.change(field, files)}
          current={initial ? current(initial) : undefined}
          error={errors[field]}
        />
      ))}
    </section>
  );
}
