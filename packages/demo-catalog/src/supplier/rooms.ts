// A hotel's room types (data/room-types.json), how many rooms of each, and the rate plans it sells.
import { catalogLimits, type RatePlan, type SupplierRoomType } from '@travelclub/contracts';
import roomTypes from '../../data/room-types.json' with { type: 'json' };
import { PROVIDER } from './provider.js';
import type { Random } from './random.js';

interface RoomTypeTemplate {
  type: string;
  name: string;
  maxGuests: number;
  priceFactor: number;
  /** Its share of the hotel's rooms. */
  weight: number;
  /** The star ratings that have it, fewest and most. */
  stars: readonly number[];
  sizeM2: readonly number[];
  beds: readonly string[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Every hotel has it: the hotel's base price is this room's price. */
const STANDARD: RoomTypeTemplate = roomTypes.standard;
const ELIGIBLE_ROOM_TYPES = [1, 2, 3, 4, 5].map((stars) =>
  roomTypes.others.filter((t) => t.stars[0]! <= stars && stars <= t.stars[1]!),
);

function roomDetails(size: number, bed: string, view: string, stars: number): string {
  const bathroom = stars >= 4 ? 'Marble bathroom with bath and shower' : 'Private bathroom with shower';
  return `${size} m², ${bed}, ${view}. ${bathroom}, free Wi-Fi${stars >= 2 ? ', air conditioning' : ''} and a flat-screen TV.`;
}

export function pickRoomTypes(
  random: Random,
  stars: number,
  rooms: number,
  index: number,
  hotelId: string,
  imagesPrefix: string,
): SupplierRoomType[] {
  const templates: RoomTypeTemplate[] = random.sample(ELIGIBLE_ROOM_TYPES[stars - 1]!, random.int(1, 4));
  templates.push(STANDARD);
  templates.sort((a, b) => a.priceFactor - b.priceFactor);
  // One room of each type, the rest by weight, and what rounding leaves to the standard rooms: the
  // counts add up to the hotel's size exactly.
  const weights = templates.reduce((sum, t) => sum + t.weight, 0);
  const spare = rooms - templates.length;
  const counts = templates.map((t) => 1 + Math.floor((spare * t.weight) / weights));
  counts[templates.indexOf(STANDARD)]! += rooms - counts.reduce((sum, n) => sum + n, 0);
  return templates.map((t, i) => {
    const size = random.int(t.sizeM2[0]!, t.sizeM2[1]!);
    return {
      type: t.type,
      name: t.name,
      maxGuests: Math.min(t.maxGuests, catalogLimits.maxGuestsPerRoom),
      roomDetails: roomDetails(size, random.pick(t.beds), random.pick(roomTypes.views), stars),
      count: counts[i]!,
      priceFactor: t === STANDARD ? 1 : round2(t.priceFactor * random.between(0.96, 1.04)),
      images: [`${imagesPrefix}${hotelId}-${t.type}-1`, `${imagesPrefix}${hotelId}-${t.type}-2`],
      providerReference: { provider: PROVIDER, id: `demo-${index}-${t.type}` },
    };
  });
}

export function ratePlans(random: Random, stars: number): RatePlan[] {
  const plans: RatePlan[] = [
    { code: 'flex', name: 'Flexible rate', benefits: [], priceFactor: 1, freeCancellationDays: 2 },
  ];
  const breakfast = random.chance(0.7);
  // Every hotel sells at least two plans: without breakfast, a non-refundable rate.
  const nonref = !breakfast || random.chance(0.75);
  if (breakfast)
    plans.push({
      code: 'breakfast',
      name: 'Bed and breakfast',
      benefits: ['Breakfast included'],
      priceFactor: round2(1.08 + 0.02 * stars),
      freeCancellationDays: 7,
    });
  if (nonref)
    plans.push({
      code: 'nonref',
      name: 'Non-refundable',
      benefits: [],
      priceFactor: round2(random.between(0.85, 0.9)),
      freeCancellationDays: null,
    });
  return plans;
}
