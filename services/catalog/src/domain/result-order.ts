// The order of search results: hotels with rooms for the stay first, those sold out for it last, each group in
// the order the list already had (popularity, or the map's best first).

/**
 * One page (`skip`, `take`) of `items` with the ones that have rooms first, both groups in their order. It asks
 * `hasRooms` lazily, front to back, and stops once the page is full of hotels with rooms: an early page of a
 * busy destination costs what it did, and only a destination short of free hotels is read to its end.
 */
export function pageWithRoomsFirst<T>(
  items: readonly T[],
  hasRooms: (item: T) => boolean,
  skip: number,
  take: number,
): T[] {
  const end = skip + take;
  const free: T[] = [];
  const soldOut: T[] = [];
  for (const item of items) {
    if (hasRooms(item)) {
      free.push(item);
      if (free.length >= end) return free.slice(skip, end);
    } else soldOut.push(item);
  }
  return free.concat(soldOut).slice(skip, end);
}
