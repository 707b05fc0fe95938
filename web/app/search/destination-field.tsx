// The destination box: React Aria's ComboBox over the catalog's autocomplete (cities, countries, hotels),
// asked after a short pause in typing. The browser API module is fetched when the box is first focused, so
// the page itself never carries it.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Destination } from '@travelclub/contracts';
import { useEffect, useState } from 'react';
import {
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  type Key,
} from 'react-aria-components';
import { loadApi } from '~/lib/session';
import { plural } from './format';

/** A destination the visitor picked: its id for the search, its label for the box. */
export interface PickedDestination {
  id: string;
  label: string;
}

type Suggestion = PickedDestination & Partial<Pick<Destination, 'locationType' | 'hotelCount'>>;

export const AUTOCOMPLETE_DELAY_MS = 200;
const SUGGESTIONS = 8;
const KIND: Record<Destination['locationType'], string> = { city: 'City', country: 'Country', hotel: 'Hotel' };

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

async function suggest(query: string, signal: AbortSignal): Promise<Destination[]> {
  const api = await loadApi();
  const answer = await api.call(
    api.endpoints.catalog.autocomplete,
    { query: { query, take: SUGGESTIONS } },
    { signal },
  );
  return answer.destinations;
}

function describe(s: Suggestion): string | null {
  if (!s.locationType) return null;
  const kind = KIND[s.locationType];
  return s.locationType === 'hotel' || s.hotelCount === undefined ? kind : `${kind} · ${plural(s.hotelCount, 'hotel')}`;
}

/** The catalog's destinations for what is typed, asked after a pause in typing (and cached for a while). */
function useSuggestions(text: string, typing: boolean) {
  const query = useDebounced(text, AUTOCOMPLETE_DELAY_MS);
  const answer = useQuery({
    queryKey: ['destinations', 'autocomplete', query],
    queryFn: ({ signal }) => suggest(query, signal),
    enabled: typing && query.length > 0,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  let empty: string;
  if (answer.isError) empty = 'Suggestions are not available right now. Please try again.';
  else if (answer.isFetching || query !== text) empty = 'Looking for places…';
  else empty = `No destinations match “${text}”`;
  return { destinations: answer.data ?? [], empty };
}

function Suggestions({ empty }: { empty: string }) {
  return (
    <Popover className="search-popover" placement="bottom start" offset={4}>
      <ListBox<Suggestion>
        className="suggestions"
        renderEmptyState={() => <p className="suggestions-empty">{empty}</p>}
      >
        {(item) => (
          <ListBoxItem id={item.id} textValue={item.label} className="suggestion">
            <Text slot="label">{item.label}</Text>
            {describe(item) ? (
              <Text slot="description" className="suggestion-kind">
                {describe(item)}
              </Text>
            ) : null}
          </ListBoxItem>
        )}
      </ListBox>
    </Popover>
  );
}

export function DestinationField(props: {
  value: PickedDestination | null;
  onChange: (value: PickedDestination | null) => void;
  error?: string;
  /** Text typed before the box came alive (see search-form.tsx), kept and looked up. */
  initialInput?: string;
  autoFocus?: boolean;
}) {
  const { value, onChange } = props;
  const [input, setInput] = useState(props.initialInput ?? value?.label ?? '');
  const text = input.trim();
  // Typing: the box holds text that is not the picked destination's label.
  const typing = text.length > 0 && input !== value?.label;
  const suggestions = useSuggestions(text, typing);
  // The picked destination stays in the list while the box shows it, so the ComboBox can find its key.
  const items: Suggestion[] = typing ? suggestions.destinations : value ? [value] : [];

  function pick(key: Key | null) {
    const found = key === null ? undefined : items.find((item) => item.id === key);
    if (found) {
      onChange({ id: found.id, label: found.label });
      setInput(found.label);
    } else if (input !== value?.label) {
      // Leaving the box with text that was never picked: there is no destination (the text stays to edit).
      onChange(null);
    }
  }

  return (
    <ComboBox
      className="field search-destination"
      items={items}
      value={value?.id ?? null}
      onChange={pick}
      inputValue={input}
      onInputChange={(next) => {
        setInput(next);
        if (value && next !== value.label) onChange(null);
      }}
      onFocus={() => void loadApi()}
      allowsCustomValue
      allowsEmptyCollection={typing}
      menuTrigger="input"
      isInvalid={Boolean(props.error)}
      validationBehavior="aria"
      autoFocus={props.autoFocus}
    >
      <Label>Destination</Label>
      <Input placeholder="City, country or hotel" />
      <FieldError className="field-error">{props.error}</FieldError>
      <Suggestions empty={suggestions.empty} />
    </ComboBox>
  );
}
