// What the search box's destination and the dashboard's hotel pickers share around React Aria's ComboBox: the
// catalog's autocomplete, asked once typing pauses (cached for a while, the last answer kept on screen while
// the next one comes), what the list says while it has nothing to show, and the list itself.
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { Destination } from '@travelclub/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { loadApi } from '~/lib/session';

const AUTOCOMPLETE_DELAY_MS = 200;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), AUTOCOMPLETE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** The catalog's autocomplete: up to `take` cities, countries and hotels for what was typed. */
export async function autocomplete(query: string, take: number, signal: AbortSignal): Promise<Destination[]> {
  const api = await loadApi();
  const answer = await api.call(api.endpoints.catalog.autocomplete, { query: { query, take } }, { signal });
  return answer.destinations;
}

export interface SuggestionsAsk<T> {
  key: (query: string) => QueryKey;
  fetch: (query: string, signal: AbortSignal) => Promise<T[]>;
  /** What the empty list says: when asking failed, while an answer is coming, when nothing matched. */
  texts: { unavailable: string; looking: string; none: (text: string) => string };
}

/** The suggestions for what is typed (asked only while typing), and what the list says when it has none. */
export function useSuggestions<T>(text: string, typing: boolean, ask: SuggestionsAsk<T>) {
  const query = useSettled(text);
  const answer = useQuery({
    queryKey: ask.key(query),
    queryFn: ({ signal }) => ask.fetch(query, signal),
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
export function SuggestionsPopover<T extends { id: string; label: string }>(props: {
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
