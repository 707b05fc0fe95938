// The search form's working half (React Aria widgets, loaded once the visitor reaches for the form; see
// search-form.tsx): destination (autocomplete), dates and guests. It checks the search with the form's plain
// rules, stores it at the catalog (search/create, in the visitor's currency) and opens its results:
// `/search?searchId=…` (or the map's page).
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Callout } from '~/ui/callout';
import { Button } from '~/ui/button';
import { loadApi } from '~/lib/session';
import { DestinationField } from './destination-field';
import { GuestsFields } from './guests-fields';
import { useSearchDraft, type ReadySearch } from './search-draft';
import { searchFormAttributes, type Handoff, type SearchFormProps } from './search-form';
import type { SearchErrors, SearchField } from './search-rules';
import { StayDatesField } from './stay-dates-field';
import { visitorCurrency } from './visitor-currency';

/** The catalog's refusal, with its messages on the fields they concern (details' paths). */
interface Refusal {
  message: string;
  fields: SearchErrors;
}

const FIELD_OF: Record<string, SearchField> = {
  destination: 'destination',
  checkIn: 'dates',
  checkOut: 'dates',
  guests: 'guests',
  rooms: 'rooms',
};

function refusalOf(err: unknown): Refusal {
  const { message, details } = err as { message?: string; details?: { path: string; message: string }[] };
  const fields: SearchErrors = {};
  for (const detail of details ?? []) {
    const field = FIELD_OF[detail.path];
    if (field) fields[field] ??= detail.message;
  }
  return { message: message || 'An unexpected error occurred, please try again later.', fields };
}

async function createSearch(search: ReadySearch, creator: string | undefined) {
  const api = await loadApi();
  const body = { ...search, currency: visitorCurrency(), ...(creator ? { creator } : {}) };
  return api.call(api.endpoints.catalog.createSearch, { body });
}

/** Stores the search, then opens its results; a refusal is kept to show until the visitor changes something. */
function useCreateSearch(resultsPath: string, creator: string | undefined) {
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const create = useMutation({
    mutationFn: (search: ReadySearch) => createSearch(search, creator),
    onSuccess: ({ searchId }) => {
      const club = creator ? `&creator=${encodeURIComponent(creator)}` : '';
      return navigate(`${resultsPath}?searchId=${encodeURIComponent(searchId)}${club}`);
    },
    onError: (err) => setRefusal(refusalOf(err)),
  });
  return { create, refusal, clear: () => setRefusal(null) };
}

export function LiveSearchForm(props: SearchFormProps & { handoff?: Handoff }) {
  const { initial, resultsPath = '/search', handoff = {} } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const draft = useSearchDraft(initial, handoff);
  const { create, refusal, clear } = useCreateSearch(resultsPath, props.creator);
  const errors = { ...refusal?.fields, ...draft.errors };
  /** A change to the search: the catalog's refusal was about the search as it was. */
  const changing =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      clear();
      set(value);
    };

  // After a refused submit, the first field to fix gets the focus.
  useEffect(() => {
    if (draft.attempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [draft.attempts]);

  function submit(event: FormEvent) {
    event.preventDefault();
    clear();
    const search = draft.attempt();
    if (search) create.mutate(search);
  }

  return (
    <form ref={formRef} {...searchFormAttributes(props.labelledBy)} onSubmit={submit}>
      <DestinationField
        value={draft.destination}
        onChange={changing(draft.setDestination)}
        error={errors.destination}
        handedOver={handoff.destination}
        autoFocus={handoff.focus === 'destination'}
      />
      <StayDatesField
        value={draft.dates}
        onChange={changing(draft.setDates)}
        error={errors.dates}
        autoFocus={handoff.focus === 'dates'}
        defaultOpen={handoff.openCalendar}
      />
      <GuestsFields
        guests={draft.guests}
        rooms={draft.rooms}
        onGuests={changing(draft.setGuests)}
        onRooms={changing(draft.setRooms)}
        errors={errors}
        autoFocus={handoff.focus === 'guests' || handoff.focus === 'rooms' ? handoff.focus : undefined}
      />
      <Button type="submit" className="search-submit" isPending={create.isPending}>
        Search
      </Button>
      {refusal ? (
        <div className="search-refusal">
          <Callout tone="error">{refusal.message}</Callout>
        </div>
      ) : null}
    </form>
  );
}
