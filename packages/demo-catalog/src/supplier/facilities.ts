// A hotel's facilities: two to four of each group, from those its star rating may offer (data/facilities.json).
import type { SupplierHotel } from '@travelclub/contracts';
import facilities from '../../data/facilities.json' with { type: 'json' };
import type { Random } from './random.js';

type Facility = SupplierHotel['facilities'][number];
type Group = Facility['group'];
/** Each facility with the fewest stars a hotel needs to offer it, by group. */
const FACILITIES: Readonly<Record<Group, Readonly<Record<string, number>>>> = facilities;
const GROUPS = Object.keys(FACILITIES) as Group[];

/** What a hotel of each star rating may offer, per group (index 0 for one star). */
const OFFERED = [1, 2, 3, 4, 5].map((stars) =>
  GROUPS.map((group) =>
    Object.entries(FACILITIES[group])
      .filter(([, minStars]) => minStars <= stars)
      .map(([name]) => name),
  ),
);

export function pickFacilities(random: Random, stars: number): Facility[] {
  const picked: Facility[] = [];
  const offered = OFFERED[stars - 1]!;
  GROUPS.forEach((group, g) => {
    for (const name of random.sample(offered[g]!, random.int(2, 4))) picked.push({ group, name });
  });
  return picked;
}
