// Facility info grouped as spec section 4 lists it: check-in/out, property, getting around, parking, extras.
import type { Hotel } from '@travelclub/contracts';

type Facility = Hotel['facilities'][number];
export type FacilityGroupKey = Facility['group'];

/** The five groups, in the order the page shows them, with their headings. */
export const FACILITY_GROUPS: readonly { key: FacilityGroupKey; label: string }[] = [
  { key: 'check-in-out', label: 'Check-in/out' },
  { key: 'property', label: 'Property' },
  { key: 'getting-around', label: 'Getting around' },
  { key: 'parking', label: 'Parking' },
  { key: 'extras', label: 'Extras' },
];

export interface FacilityGroup {
  key: FacilityGroupKey;
  label: string;
  names: string[];
}

/**
 * The hotel's facilities in the five groups, in display order, empty groups left out. A group the page does
 * not know (a provider's new one) goes under extras rather than being lost; a name listed twice shows once.
 */
export function groupFacilities(facilities: readonly { group: string; name: string }[]): FacilityGroup[] {
  const known = new Set<string>(FACILITY_GROUPS.map((g) => g.key));
  const byGroup = new Map<string, string[]>();
  for (const { group, name } of facilities) {
    const key = known.has(group) ? group : 'extras';
    const names = byGroup.get(key) ?? [];
    if (!names.includes(name)) names.push(name);
    byGroup.set(key, names);
  }
  return FACILITY_GROUPS.filter((g) => byGroup.has(g.key)).map((g) => ({ ...g, names: byGroup.get(g.key) ?? [] }));
}
