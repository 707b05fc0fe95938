// A creator's recommended hotels as the catalog keeps them (from `creator.recommendation.changed`): which are
// active, and in what order they come first on that creator's pages.

export interface CreatorPick {
  active: boolean;
  /** The creator's order, lowest first; picks without one come after those with one. */
  position?: number;
  /** When the creator changed it (the event's `occurredAt`): an older change arriving late is dropped. */
  at: string;
}

/** Hotel ids the catalog makes (rate ids rely on it): anything else cannot be one of its hotels. */
export const isCatalogHotelId = (id: string) => /^[A-Za-z0-9_-]{1,128}$/.test(id);

/** The active picks' hotel ids in the creator's order: by position, then the earliest recommended, then by id. */
export function activeInOrder(picks: Readonly<Record<string, CreatorPick>>): string[] {
  const last = Number.POSITIVE_INFINITY;
  return Object.entries(picks)
    .filter(([, pick]) => pick.active)
    .sort(
      ([idA, a], [idB, b]) =>
        (a.position ?? last) - (b.position ?? last) || a.at.localeCompare(b.at) || idA.localeCompare(idB),
    )
    .map(([hotelId]) => hotelId);
}
