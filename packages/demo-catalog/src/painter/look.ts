// A hotel's look, the same in every picture of it: its facade, size and setting, and its interiors'
// walls, floors, wood and fabrics, from the palettes of data/palettes.json.
import palettes from '../../data/palettes.json' with { type: 'json' };
import { Dice, mix } from './tools.js';
import type { RGB } from './tools.js';

export interface Look {
  facade: RGB;
  trim: RGB;
  stone: RGB;
  accent: RGB;
  floors: number;
  width: number;
  offset: number;
  sideRight: boolean;
  balconies: boolean;
  backdrop: 'city' | 'sea' | 'hills';
  penthouse: boolean;
  /** Interiors: the walls, floor, wood, fabrics. */
  wall: RGB;
  floor: RGB;
  carpet: boolean;
  wood: RGB;
  fabric: RGB;
  tiles: RGB;
}

const { facades, accents, walls, floors, fabrics, tiles, woods } = palettes as unknown as Record<
  keyof typeof palettes,
  readonly RGB[]
>;

export function lookOf(hotelId: string): Look {
  const d = new Dice(`look:${hotelId}`);
  const facade = d.pick(facades);
  return {
    facade,
    trim: mix(facade, [40, 40, 44], d.between(0.25, 0.5)),
    stone: mix(d.pick(facades), [90, 86, 80], 0.4),
    accent: d.pick(accents),
    floors: d.int(4, 10),
    width: d.between(620, 900),
    offset: d.between(-150, 150),
    sideRight: d.chance(0.5),
    balconies: d.chance(0.55),
    backdrop: d.pick(['city', 'sea', 'hills'] as const),
    penthouse: d.chance(0.4),
    wall: d.pick(walls),
    floor: d.pick(floors),
    carpet: d.chance(0.35),
    wood: d.pick(woods),
    fabric: d.pick(fabrics),
    tiles: d.pick(tiles),
  };
}
