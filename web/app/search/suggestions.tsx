// What the search box's destination and the dashboard's two hotel pickers share: the catalog's autocomplete,
// asked once typing pauses (cached for a while, the last answer kept on screen while the next one comes), what
// the list says while it has nothing to show, and the box itself (React Aria's ComboBox with its list): the
// current pick listed while the box shows it, a pick found among the suggestions, and typing that drops it.
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

/** What a box asks the catalog's autocomplete for, what its list shows of the answer, and what the box says. */
export interface SuggestionsAsk<T> {
  /** How many cities, countries and hotels to ask for. */
  take: number;
  /** The suggestions the box lists of the answer's destinations (all of them when left out). */
  pick?: (destinations: Destination[]) => T[];
  /**
   * The box's label, placeholder and hint, and what the empty list says: when asking failed, while an answer
   * is coming, when nothing matched.
   */
  texts: {
    label: string;
    placeholder: string;
    hint?: string;
    unavailable: string;
    looking: string;
    none: (text: string) => string;
  };
}

const allOf = (destinations: Destination[]) => destinations;

/** The suggestions for what is typed (asked only while typing), and what the list says when it has none. */
function useSuggestions<T>(text: string, typing: boolean, ask: SuggestionsAsk<T>) {
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
  ask: SuggestionsAsk<T>;
  error?: string | null;
  className?: string;
  /** The picked suggestion while the box shows it (the list's one item then), else null. */
  current: T | null;
  text: string;
  /**
   * Suggestions are asked for (the list may then be empty, and says why); by default while the text is neither
   * empty nor the current pick's label.
   */
  typing?: boolean;
  onText: (text: string) => void;
  /** The text was changed away from the current pick's label: there is no pick any more. */
  onDrop: () => void;
  /** A suggestion was picked. */
  onPick: (item: T) => void;
  /** The box let go of its selection with none of the suggestions picked. */
  onNoPick?: () => void;
  describe?: (item: T) => string | null;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { ask, current, text, describe } = props;
  const typing = props.typing ?? (text.trim().length > 0 && text !== current?.label);
  const { suggestions, empty } = useSuggestions(text.trim(), typing, ask);
  // The current pick stays in the list while the box shows it, so the ComboBox can find its key.
  const items = typing ? suggestions : current ? [current] : [];

  function pick(key: Key | null) {
    const found = key === null ? undefined : items.find((item) => item.id === key);
    if (found) props.onPick(found);
    else props.onNoPick?.();
  }

  return (
    <ComboBox
      className={props.className ?? 'field'}
      items={items}
      value={current?.id ?? null}
      onChange={pick}
      inputValue={text}
      onInputChange={(next) => {
        props.onText(next);
        if (current && next !== current.label) props.onDrop();
      }}
      onFocus={() => void loadApi()}
      allowsCustomValue
      allowsEmptyCollection={typing}
      menuTrigger="input"
      isInvalid={Boolean(props.error)}
      validationBehavior="aria"
      autoFocus={props.autoFocus}
    >
      <Label>{ask.texts.label}</Label>
      <Input ref={props.inputRef} placeholder={ask.texts.placeholder} />
      <FieldNotes hint={ask.texts.hint} error={props.error} />
      <SuggestionsPopover<T> empty={empty}>
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
