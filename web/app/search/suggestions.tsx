// What the search box's destination and the dashboard's two hotel pickers share: the catalog's autocomplete,
// asked once typing pauses (cached for a while, the last answer kept on screen while the next one comes), what
// the list says while it has nothing to show, and the box itself (React Aria's ComboBox with its list).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Destination } from '@travelclub/contracts';
import { useEffect, useState, type ReactNode, type Ref } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text, type Key } from 'react-aria-components';
import { autocompleteQuery } from '~/lib/queries';
import { loadApi } from '~/lib/session';
import { FieldNotes } from '~/ui/text-field';

const AUTOCOMPLETE_DELAY_MS = 200;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), AUTOCOMPLETE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** What a box asks the catalog's autocomplete for, and what its list shows of the answer. */
export interface SuggestionsAsk<T> {
  /** How many cities, countries and hotels to ask for. */
  take: number;
  /** The suggestions the box lists of the answer's destinations (all of them when left out). */
  pick?: (destinations: Destination[]) => T[];
  /** What the empty list says: when asking failed, while an answer is coming, when nothing matched. */
  texts: { unavailable: string; looking: string; none: (text: string) => string };
}

const allOf = (destinations: Destination[]) => destinations;

/** The suggestions for what is typed (asked only while typing), and what the list says when it has none. */
export function useSuggestions<T>(text: string, typing: boolean, ask: SuggestionsAsk<T>) {
  const query = useSettled(text);
  const answer = useQuery({
    ...autocompleteQuery(query, ask.take),
    select: (ask.pick ?? allOf) as (destinations: Destination[]) => T[],
    enabled: typing && query.length > 0,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  let empty: string;
  if (answer.isError) empty = ask.texts.unavailable;
  else if (answer.isFetching || query !== text) empty = ask.texts.looking;
  else empty = ask.texts.none(text);
  return { suggestions: answer.data ?? [], empty };
}

/** The ComboBox's popover list, each suggestion shown by `children`. */
function SuggestionsPopover<T extends { id: string; label: string }>(props: {
  empty: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <Popover className="search-popover" placement="bottom start" offset={4}>
      <ListBox<T> className="suggestions" renderEmptyState={() => <p className="suggestions-empty">{props.empty}</p>}>
        {(item) => (
          <ListBoxItem id={item.id} textValue={item.label} className="suggestion">
            {props.children(item)}
          </ListBoxItem>
        )}
      </ListBox>
    </Popover>
  );
}

/**
 * The box: its text and its pick are the caller's (each picker keeps what a pick means), the browser API module
 * is fetched when it is first focused, and a suggestion reads as its label, with `describe`'s line beneath.
 */
export function SuggestionBox<T extends { id: string; label: string }>(props: {
  label: string;
  placeholder: string;
  hint?: string;
  error?: string | null;
  className?: string;
  items: T[];
  /** The picked suggestion's id. */
  picked: string | null;
  onPick: (key: Key | null) => void;
  text: string;
  onText: (text: string) => void;
  /** Suggestions are asked for: the list may then be empty, and says why (`empty`). */
  typing: boolean;
  empty: string;
  describe?: (item: T) => string | null;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { describe } = props;
  return (
    <ComboBox
      className={props.className ?? 'field'}
      items={props.items}
      value={props.picked}
      onChange={props.onPick}
      inputValue={props.text}
      onInputChange={props.onText}
      onFocus={() => void loadApi()}
      allowsCustomValue
      allowsEmptyCollection={props.typing}
      menuTrigger="input"
      isInvalid={Boolean(props.error)}
      validationBehavior="aria"
      autoFocus={props.autoFocus}
    >
      <Label>{props.label}</Label>
      <Input ref={props.inputRef} placeholder={props.placeholder} />
      <FieldNotes hint={props.hint} error={props.error} />
      <SuggestionsPopover<T> empty={props.empty}>
        {(item) => {
          const line = describe?.(item);
          if (describe === undefined) return item.label;
          return (
            <>
              <Text slot="label">{item.label}</Text>
              {line ? (
                <Text slot="description" className="suggestion-kind">
                  {line}
                </Text>
              ) : null}
            </>
          );
        }}
      </SuggestionsPopover>
    </ComboBox>
  );
}
