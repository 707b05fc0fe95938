// The light of a picture: the time of day (data/daylight.json) sets the sky, the sun and how many windows glow.
import daylight from '../../data/daylight.json' with { type: 'json' };
import palettes from '../../data/palettes.json' with { type: 'json' };
import type { Dice, RGB } from './tools.js';

export interface Light {
  sky: readonly [top: RGB, middle: RGB, horizon: RGB];
  sun: { x: number; y: number; colour: RGB; size: number; moon: boolean };
  /** Daylight on surfaces, 1 at noon. */
  ambient: number;
  /** A warm or cool cast over everything outdoors. */
  tint: RGB;
  tintAlpha: number;
  litShare: number;
  dark: boolean;
  clouds: RGB;
}

/** Each time of day, with the share of pictures taken until its end (the last one's is 1). */
type TimeOfDay = Omit<Light, 'sun'> & {
  until: number;
  sun: Omit<Light['sun'], 'x' | 'y'> & { y: number | readonly [number, number] };
};
const TIMES = daylight as unknown as readonly TimeOfDay[];

/** Lit windows, lamps and signs. */
export const WARM_LIGHTS = palettes.warmLights as unknown as readonly RGB[];

export function lightFor(dice: Dice): Light {
  const roll = dice.next();
  const x = dice.between(250, 1350);
  const { sky, sun, ambient, tint, tintAlpha, litShare, dark, clouds } = TIMES.find((time) => roll < time.until)!;
  const y = typeof sun.y === 'number' ? sun.y : dice.between(...sun.y);
  return {
    sky,
    sun: { x, y, colour: sun.colour, size: sun.size, moon: sun.moon },
    ambient,
    tint,
    tintAlpha,
    litShare,
    dark,
    clouds,
  };
}
