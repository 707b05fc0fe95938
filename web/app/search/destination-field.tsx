// The destination box: React Aria's ComboBox over the catalog's autocomplete (cities, countries, hotels),
// asked after a short pause in typing. The browser API module is fetched when the box is first focused, so
// the page itself never carries it. It takes over from the search form's look-alike (search-form.tsx) with
// the text, caret and focus that box had in the commit that removed it.
import type { Destination } from '@travelclub/contracts';
import { useLayoutEffect, useRef, useState } from 'react';
import { plural } from './format';
import type { ShellDestination } from './search-form';
import { SuggestionBox, type SuggestionsAsk } from './suggestions';

/** A destination the visitor picked: its id for the search, its label for the box. */
export interface PickedDestination {
  id: string;
  label: string;
}

type Suggestion = PickedDestination & Partial<Pick<Destination, 'locationType' | 'hotelCount'>>;

const SUGGESTIONS = 8;
const KIND: Record<Destination['locationType'], string> = { city: 'City', country: 'Country', hotel: 'Hotel' };

/** The catalog's destinations for what is typed. */
const destinations: SuggestionsAsk<Suggestion> = {
  take: SUGGESTIONS,
  texts: {
    label: 'Destination',
    placeholder: 'City, country or hotel',
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

export function DestinationField(props: {
  value: PickedDestination | null;
  onChange: (value: PickedDestination | null) => void;
  error?: string;
  /** The look-alike's box this one replaces (see search-form.tsx): its text is kept and looked up. */
  handedOver?: ShellDestination;
  autoFocus?: boolean;
}) {
  const { value, onChange, handedOver } = props;
  const [input, setInput] = useState(handedOver?.text ?? value?.label ?? '');
  const inputRef = useRef<HTMLInputElement>(null);
  const caret = useRef<{ start: number | null; end: number | null } | null>(null);

  // The commit that mounted this box removed the look-alike and read it last (the first render read it earlier):
  // keys typed in between are in that reading. Taken here, with the focus, before the browser handles a key.
  useLayoutEffect(() => {
    if (!handedOver) return;
    if (handedOver.text !== input) {
      setInput(handedOver.text);
      if (value && handedOver.text !== value.label) onChange(null);
    }
    if (handedOver.focused) {
      inputRef.current?.focus();
      caret.current = { start: handedOver.selectionStart, end: handedOver.selectionEnd };
    }
    // Once, as the box takes over: later renders are the visitor's own typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The caret where it was in the look-alike, once the box shows the same text.
  useLayoutEffect(() => {
    const box = inputRef.current;
    const at = caret.current;
    if (!box || !at || box.value !== input) return;
    box.setSelectionRange(at.start ?? input.length, at.end ?? input.length);
    caret.current = null;
  }, [input]);

  return (
    <SuggestionBox
      className="field search-destination"
      ask={destinations}
      error={props.error}
      current={value}
      text={input}
      onText={setInput}
      onDrop={() => onChange(null)}
      onPick={(found) => {
        onChange({ id: found.id, label: found.label });
        setInput(found.label);
      }}
      onNoPick={() => {
        // Leaving the box with text that was never picked: there is no destination (the text stays to edit).
        if (input !== value?.label) onChange(null);
      }}
      describe={describe}
      autoFocus={props.autoFocus}
      inputRef={inputRef}
    />
  );
}
