// The hotel building: a side wall turned from the light, the front with its rows of windows and
// balconies, and the ground floor with the lobby, the entrance under a canopy and the sign.
import { WARM_LIGHTS, type Light } from '../light.js';
import type { Look } from '../look.js';
import { ellipse, hex, line, mix, opacity, poly, rect, shade, stroke, W } from '../tools.js';
import type { Dice, RGB, Svg } from '../tools.js';
import { plant } from './greenery.js';

const GROUND_FLOOR = 120;

/** Where the building stands and what its walls are made of, shared by its parts. */
interface Frame {
  x0: number;
  x1: number;
  top: number;
  groundY: number;
  floors: number;
  floorH: number;
  facade: RGB;
  trim: RGB;
  /** A window pane: mostly the sky's reflection, lit warm from inside at the light's share. */
  windowFill: () => string;
}

export function building(svg: Svg, look: Look, light: Light, dice: Dice, groundY: number): void {
  const frame = frameOf(svg, look, light, dice, groundY);
  sideWall(svg, look, dice, frame);
  front(svg, look, light, dice, frame);
  groundFloor(svg, look, light, dice, frame);
}

function frameOf(svg: Svg, look: Look, light: Light, dice: Dice, groundY: number): Frame {
  let floors = look.floors;
  let floorH = 74;
  while (groundY - GROUND_FLOOR - floors * floorH < 110 && floors > 3) floors -= 1;
  if (groundY - GROUND_FLOOR - floors * floorH < 110) floorH = (groundY - GROUND_FLOOR - 110) / floors;
  const x0 = W / 2 + look.offset - look.width / 2;
  const glass = svg.linear([
    [0, mix(light.sky[0], [40, 50, 60], 0.35)],
    [1, mix(light.sky[2], [30, 36, 44], 0.55)],
  ]);
  return {
    x0,
    x1: x0 + look.width,
    top: groundY - GROUND_FLOOR - floors * floorH,
    groundY,
    floors,
    floorH,
    facade: mix(shade(look.facade, light.ambient), light.tint, light.tintAlpha),
    trim: shade(look.trim, light.ambient),
    windowFill: () => (dice.chance(light.litShare) ? hex(dice.pick(WARM_LIGHTS)) : glass),
  };
}

/** The side wall, turned from the light, with a column of narrow windows. */
function sideWall(svg: Svg, look: Look, dice: Dice, frame: Frame): void {
  const { top, groundY, floorH } = frame;
  const depth = dice.between(90, 160);
  const edge = look.sideRight ? frame.x1 : frame.x0;
  const far = look.sideRight ? frame.x1 + depth : frame.x0 - depth;
  const side = (u: number, v: number): [number, number] => {
    const x = edge + (far - edge) * u;
    const yTop = top + depth * 0.22 * u;
    const yBottom = groundY - depth * 0.05 * u;
    return [x, yTop + (yBottom - yTop) * v];
  };
  svg.add(poly([side(0, 0), side(1, 0), side(1, 1), side(0, 1)], hex(shade(frame.facade, 0.7))));
  for (let f = 0; f < frame.floors; f++) {
    const v0 = (f * floorH + floorH * 0.22) / (groundY - top);
    const v1 = v0 + (floorH * 0.58) / (groundY - top);
    for (const [u0, u1] of [
      [0.18, 0.42],
      [0.58, 0.82],
    ] as const)
      svg.add(poly([side(u0, v0), side(u1, v0), side(u1, v1), side(u0, v1)], frame.windowFill()));
  }
}

/** The front, lighter at the top where the sky lights it, with a window (and a balcony) per bay and floor. */
function front(svg: Svg, look: Look, light: Light, dice: Dice, frame: Frame): void {
  const { x0, top, groundY, floorH, facade, trim } = frame;
  const gradient = svg.linear([
    [0, mix(facade, [255, 255, 255], 0.06)],
    [1, shade(facade, 0.9)],
  ]);
  svg.add(rect(x0, top, look.width, groundY - top, gradient));
  svg.add(rect(x0 - 12, top - 16, look.width + 24, 18, hex(trim)));
  if (look.penthouse) svg.add(rect(x0 + look.width * 0.2, top - 70, look.width * 0.45, 54, hex(shade(facade, 0.85))));

  const spacing = look.width / Math.max(4, Math.round(look.width / 92));
  const cols = Math.round(look.width / spacing);
  const ww = spacing * 0.54;
  const wh = floorH * 0.6;
  for (let f = 0; f < frame.floors; f++) {
    const y = top + f * floorH + floorH * 0.2;
    svg.add(rect(x0, top + f * floorH + floorH - 3, look.width, 4, hex(shade(trim, 1.1)), opacity(0.7)));
    for (let c = 0; c < cols; c++) {
      const x = x0 + c * spacing + (spacing - ww) / 2;
      svg.add(rect(x - 4, y - 4, ww + 8, wh + 8, hex(trim)));
      svg.add(rect(x, y, ww, wh, frame.windowFill()));
      svg.add(line(x + ww / 2, y, x + ww / 2, y + wh, hex(trim), 2.5));
      if (dice.chance(0.35))
        svg.add(rect(x, y, ww, wh * dice.between(0.2, 0.5), hex(mix(look.wall, [255, 255, 255], 0.3)), opacity(0.55)));
      if (look.balconies) {
        const railing = hex(mix(light.sky[1], [200, 210, 215], 0.5));
        svg.add(rect(x - 10, y + wh - 24, ww + 20, 24, railing, `${opacity(0.45)}${stroke(shade(trim, 0.8), 2)}`));
        svg.add(rect(x - 12, y + wh, ww + 24, 6, hex(shade(facade, 0.8))));
      }
    }
  }
}

/** Ground floor: stone, a lit lobby behind glass, the entrance under a canopy, the sign, plants by the door. */
function groundFloor(svg: Svg, look: Look, light: Light, dice: Dice, frame: Frame): void {
  const { x0, x1, groundY, trim } = frame;
  const gy = groundY - GROUND_FLOOR;
  const stone = shade(look.stone, light.ambient);
  svg.add(rect(x0, gy, look.width, GROUND_FLOOR, hex(stone)));
  const inside: RGB = light.dark ? [255, 206, 140] : [150, 132, 110];
  const lobbyGlass = svg.linear([
    [0, mix(inside, light.sky[1], 0.3)],
    [1, shade(inside, 0.8)],
  ]);
  const door = x0 + look.width / 2;
  for (let x = x0 + 24; x + 90 < x1; x += 130) {
    if (Math.abs(x + 45 - door) < 150) continue;
    svg.add(rect(x, gy + 22, 90, GROUND_FLOOR - 30, lobbyGlass, stroke(shade(stone, 0.6), 4)));
  }
  svg.add(rect(door - 70, gy + 18, 140, GROUND_FLOOR - 18, lobbyGlass, stroke(shade(trim, 0.7), 5)));
  svg.add(line(door, gy + 18, door, groundY, hex(shade(trim, 0.7)), 4));
  svg.add(rect(door - 120, groundY - 8, 240, 8, hex(mix(stone, [255, 255, 255], 0.3))));
  const accent = shade(look.accent, Math.max(0.55, light.ambient));
  const canopy: [number, number][] = [
    [door - 130, gy + 6],
    [door + 130, gy + 6],
    [door + 150, gy + 26],
    [door - 150, gy + 26],
  ];
  svg.add(poly(canopy, hex(accent)));
  svg.add(rect(door - 150, gy + 26, 300, 8, hex(shade(accent, 0.7))));
  for (const px of [door - 140, door + 136]) svg.add(rect(px, gy + 34, 4, GROUND_FLOOR - 34, hex(shade(trim, 0.6))));
  sign(svg, light, dice, door, gy, trim, accent);
  if (light.dark) svg.add(ellipse(door, gy + 60, 260, 120, svg.glow([255, 210, 150], 0.45)));
  for (const px of [door - 190, door + 170]) plant(svg, light, dice, px, groundY, 1);
}

/** The sign: a plate with strokes standing for letters (no fonts on a server). */
function sign(svg: Svg, light: Light, dice: Dice, door: number, gy: number, trim: RGB, accent: RGB): void {
  const letters: RGB = light.dark ? [255, 236, 190] : mix(trim, [250, 240, 220], 0.7);
  const signY = gy - 42;
  svg.add(rect(door - 120, signY, 240, 30, hex(shade(accent, 0.8))));
  for (let x = door - 104; x < door + 100; x += dice.between(14, 24))
    svg.add(rect(x, signY + 7, dice.between(6, 11), 16, hex(letters)));
}
