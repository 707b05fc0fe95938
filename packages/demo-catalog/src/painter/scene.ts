// The scene for an image id: a hotel's first image is its facade, the others a pool, the lobby, the
// entrance close up or a room; a room's images its bedroom and bathroom. Light and framing vary by id.
import { parseImageId } from './image-id.js';
import { bathroom } from './indoors/bathroom.js';
import { bedroom } from './indoors/bedroom.js';
import { lobby } from './indoors/lobby.js';
import { lightFor } from './light.js';
import { lookOf } from './look.js';
import { exterior } from './outdoors/exterior.js';
import { Dice, H, rect, Svg, W } from './tools.js';

/** The SVG document of the image, drawn at `width` x `height`. */
export function sceneSvg(publicId: string, width: number, height: number): string {
  const subject = parseImageId(publicId);
  const hotelId = subject?.hotelId ?? publicId;
  const look = lookOf(hotelId);
  const dice = new Dice(`image:${publicId}`);
  const light = lightFor(dice);
  const svg = new Svg();

  if (subject?.kind === 'room') {
    if (subject.index % 3 === 0) bathroom(svg, look, light, dice);
    else bedroom(svg, look, light, dice, subject.roomType, subject.index % 3 === 2);
  } else {
    // The first image is the title image: always the building itself.
    const index = subject?.index ?? 1;
    const kind = index <= 1 ? 'facade' : (['pool', 'lobby', 'close', 'room'] as const)[(index - 2) % 4]!;
    if (kind === 'lobby') lobby(svg, look, light, dice);
    else if (kind === 'room') bedroom(svg, look, light, dice, 'deluxe-king', false);
    else exterior(svg, look, light, dice, kind);
  }
  finish(svg);
  return svg.toString(width, height);
}

/** A lens's vignette: corners a little darker, as in a photo. */
function finish(svg: Svg): void {
  const vignette = svg.radial(
    [
      [0.55, [0, 0, 0], 0],
      [1, [0, 0, 0], 0.38],
    ],
    0.75,
  );
  svg.add(rect(0, 0, W, H, vignette));
}
