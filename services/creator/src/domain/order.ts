// A creator's order of their own things (recommended stays, packages): the order they send must name every one
// of them once and nothing else, so a list that changed meanwhile is refused, not half applied. Pure: no I/O.
import type { ErrorDetail } from '@travelclub/contracts';
import { appError } from '@travelclub/kit';

/** How many ids a message names before it says how many more there are. */
const SHOWN = 5;

function named(ids: readonly string[]): string {
  const shown = ids.slice(0, SHOWN).join(', ');
  return ids.length > SHOWN ? `${shown} and ${ids.length - SHOWN} more` : shown;
}

/**
 * What is wrong with `order` as an order of `current` (ids), one detail per kind of mistake under `field`;
 * none when it names each of them exactly once. `things` says what they are ("recommended stays").
 */
function orderProblems(
  order: readonly string[],
  current: readonly string[],
  { field, things }: { field: string; things: string },
): ErrorDetail[] {
  const known = new Set(current);
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const id of order) (seen.has(id) ? twice : seen).add(id);
  const unknown = [...seen].filter((id) => !known.has(id));
  const missing = current.filter((id) => !seen.has(id));
  const problems: ErrorDetail[] = [];
  if (twice.size > 0)
    problems.push({ path: field, message: `Name each one once; named more than once: ${named([...twice])}` });
  if (unknown.length > 0) problems.push({ path: field, message: `Not one of your ${things}: ${named(unknown)}` });
  if (missing.length > 0)
    problems.push({ path: field, message: `Name every one of your ${things}; missing: ${named(missing)}` });
  return problems;
}

/** The items whose place changes when `order` (ids, first shown first) is applied: each with its new position. */
function moves<T extends { position?: number }>(
  items: readonly T[],
  idOf: (item: T) => string,
  order: readonly string[],
): { item: T; position: number }[] {
  const place = new Map(order.map((id, position) => [id, position]));
  return items.flatMap((item) => {
    const position = place.get(idOf(item));
    return position === undefined || position === item.position ? [] : [{ item, position }];
  });
}

/**
 * The moves that put `items` in `order` (ids, first shown first): each item whose place changes, with its new
 * position. Refused (`validation-failed`, under `field`) unless the order names each item exactly once.
 */
export function reordering<T extends { position?: number }>(
  items: readonly T[],
  idOf: (item: T) => string,
  order: readonly string[],
  names: { field: string; things: string },
): { item: T; position: number }[] {
  const problems = orderProblems(order, items.map(idOf), names);
  if (problems.length > 0) throw appError('validation-failed', problems);
  return moves(items, idOf, order);
}
