// The departures in words, under the date field (and its look-alike before the picker loads): a calendar
// with a few dates marked is hard to read, and a screen reader does not hear which cells are offered.
import { formatStayDate, plural } from '~/search/format';
import type { Departures } from './package-facts';

const LISTED = 3;

/** "4 departures: Sat, Jun 1 · Sat, Jun 15 · Sat, Jun 29 · and 1 more"; "Departs any day you like". */
export function departuresHint(departures: Exclude<Departures, { kind: 'none' }>): string {
  if (departures.kind === 'any') return 'Departs any day you like';
  const { dates } = departures;
  const shown = dates.slice(0, LISTED).map(formatStayDate);
  const rest = dates.length - shown.length;
  return `${plural(dates.length, 'departure')}: ${[...shown, ...(rest > 0 ? [`and ${rest} more`] : [])].join(' · ')}`;
}
