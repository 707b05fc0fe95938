// The destination box: React Aria's ComboBox over the catalog's autocomplete (cities, countries, hotels),
// asked after a short pause in typing. The browser API module is fetched when the box is first focused, so
// the page itself never carries it.
import type { Destination } from '@travelclub/contracts';
import { useState } from 'react';
import { ComboBox, FieldError, Input, Label, Text, type Key } from 'react-aria-components';
import { loadApi } from '~/lib/session';
import { plural } from './format';
import { autocomplete, SuggestionsPopover, useSuggestions, type SuggestionsAsk } from './suggestions';

/** A destination the visitor picked: its id for the search, its label for the box. */
export interface PickedDestination {
  id: string;
  label: string;
}

type Suggestion = PickedDestination & Partial<Pick<Destination, 'locationType' | 'hotelCount'>>;

const SUGGESTIONS = 8;
const KIND: Record<Destination['locationType'], string> = { city: 'City', country: 'Country', hotel: 'Hotel' };

/** The catalog's destinations for what is typed. */
const destinations: SuggestionsAsk<Destination> = {
  key: (query) => ['destinations', 'autocomplete', query],
  fetch: (query, signal) => autocomplete(query, SUGGESTIONS, signal),
  texts: {
    unavailable: 'Suggestions are not available right now. Please try again.',
    looking: 'Looking for places…',
    none: (text) => `No destinations match “${text}”`,
  },
};

function describe(s: Suggestion): string | null {
  if (!s.locationType) return null;
  const kind = KIND[s.locationType];
  return s.locationType === 'hotel' || s.hotelCount === undefined ? kind : `${kind} · ${plural(s.hotelCount, 'hotel')}`;
}

function Suggestions({ empty }: { empty: string }) {
  return (
    <SuggestionsPopover<Suggestion> empty={empty}>
      {(item) => (
        <>
          <Text slot="label">{item.label}</Text>
          {describe(item) ? (
            <Text slot="description" className="suggestion-kind">
              {describe(item)}
            </Text>
          ) : null}
        </>
      )}
    </SuggestionsPopover>
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
  const { suggestions, empty } = useSuggestions(text, typing, destinations);
  // The picked destination stays in the list while the box shows it, so the ComboBox can find its key.
  const items: Suggestion[] = typing ? suggestions : value ? [value] : [];

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
      <Suggestions empty={empty} />
    </ComboBox>
  );
}
