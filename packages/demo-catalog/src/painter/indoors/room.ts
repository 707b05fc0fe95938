// A room's shell (ceiling, walls, floor, skirting), a window in a side wall, and a table lamp. The near
// plane is behind the frame, so every surface runs off the picture.
import { WARM_LIGHTS, type Light } from '../light.js';
import type { Look } from '../look.js';
import { circle, hex, line, mix, opacity, rect, shade } from '../tools.js';
import type { Dice, RGB, Svg } from '../tools.js';
import { flatQuad, frontQuad, sideQuad, type Camera, type P3 } from './camera.js';

export interface Room {
  cam: Camera;
  halfW: number;
  height: number;
  back: number;
}

const NEAR = 0.4;

/** Walls, floor and ceiling; the near plane is behind the frame so every surface runs off the picture. */
export function roomShell(
  svg: Svg,
  room: Room,
  wall: RGB,
  floor: RGB,
  floorLines: 'planks' | 'tiles' | 'none',
  lightLevel: number,
): void {
  const walls = shade(wall, lightLevel);
  ceilingAndWalls(svg, room, walls);
  floorOf(svg, room, shade(floor, lightLevel), floorLines);
  skirting(svg, room, hex(mix(walls, [255, 255, 255], 0.3)));
}

function ceilingAndWalls(svg: Svg, { cam, halfW: x, height: h, back: z }: Room, walls: RGB): void {
  svg.add(cam.quad(flatQuad(h, -x, x, NEAR, z), hex(mix(walls, [255, 255, 255], 0.15))));
  svg.add(cam.quad(sideQuad(-x, NEAR, z, 0, h), hex(shade(walls, 0.9))));
  svg.add(cam.quad(sideQuad(x, NEAR, z, 0, h), hex(shade(walls, 0.84))));
  svg.add(cam.quad(frontQuad(z, -x, x, 0, h), hex(walls)));
}

function floorOf(svg: Svg, { cam, halfW: x, back: z }: Room, colour: RGB, lines: 'planks' | 'tiles' | 'none'): void {
  svg.add(cam.quad(flatQuad(0, -x, x, NEAR, z), hex(colour)));
  const seam = hex(shade(colour, 0.82));
  if (lines === 'planks')
    for (let px = -x; px < x; px += 0.18) svg.add(line(...cam.at([px, 0, NEAR]), ...cam.at([px, 0, z]), seam, 1.2));
  if (lines === 'tiles') {
    for (let px = -x; px < x; px += 0.6) svg.add(line(...cam.at([px, 0, NEAR]), ...cam.at([px, 0, z]), seam, 1.5));
    for (let pz = 1; pz < z; pz += 0.6) svg.add(line(...cam.at([-x, 0, pz]), ...cam.at([x, 0, pz]), seam, 1.5));
  }
}

/** Skirting, where the walls meet the floor. */
function skirting(svg: Svg, { cam, halfW: x, back: z }: Room, colour: string): void {
  svg.add(cam.quad(frontQuad(z, -x, x, 0, 0.08), colour));
  for (const side of [-x, x]) svg.add(cam.quad(sideQuad(side, NEAR, z, 0, 0.08), colour));
}

/** A window in a side wall, sky and a far skyline showing through, curtains drawn back. */
export function sideWindow(
  svg: Svg,
  room: Room,
  look: Look,
  light: Light,
  dice: Dice,
  onRight: boolean,
  z0: number,
  z1: number,
): void {
  const { cam } = room;
  const x = onRight ? room.halfW : -room.halfW;
  const y0 = 0.75;
  const y1 = Math.min(room.height - 0.25, 2.4);
  const pane = sideQuad(x, z0, z1, y0, y1);
  const sky = svg.linear([
    [0, light.sky[0]],
    [0.7, light.sky[1]],
    [1, light.sky[2]],
  ]);
  svg.add(cam.quad(pane, sky));
  const clip = svg.clip(cam.quad(pane, '#fff'));
  const view: string[] = [];
  const haze = mix(light.sky[2], [90, 100, 120], 0.5);
  for (let z = z0; z < z1; z += dice.between(0.12, 0.3)) {
    const top = y0 + dice.between(0.1, 0.7);
    view.push(cam.quad(sideQuad(x, z, z + 0.3, y0 - 0.1, top), hex(haze)));
    if (light.dark) view.push(circle(...cam.at([x, dice.between(y0, top), z + 0.1]), 2.5, hex(dice.pick(WARM_LIGHTS))));
  }
  svg.add(`<g clip-path="${clip}">${view.join('')}</g>`);
  const frame = hex(mix(look.wall, [255, 255, 255], 0.6));
  const mid = (z0 + z1) / 2;
  svg.add(line(...cam.at([x, y0, mid]), ...cam.at([x, y1, mid]), frame, 6));
  svg.add(cam.quad(pane, 'none', ` stroke="${frame}" stroke-width="8"`));
  curtains(svg, cam, look, light, onRight, x, y1, z0, z1);
}

/** Curtains drawn back either side of the window, and daylight falling through onto the floor. */
function curtains(
  svg: Svg,
  cam: Camera,
  look: Look,
  light: Light,
  onRight: boolean,
  x: number,
  y1: number,
  z0: number,
  z1: number,
): void {
  const curtain = shade(mix(look.fabric, [240, 236, 228], 0.55), light.dark ? 0.6 : 0.95);
  const inset = onRight ? x - 0.06 : x + 0.06;
  for (const [a, b] of [
    [z0 - 0.45, z0 + 0.08],
    [z1 - 0.08, z1 + 0.45],
  ] as const) {
    svg.add(cam.quad(sideQuad(inset, a, b, 0.05, y1 + 0.2), hex(curtain)));
    for (let z = a + 0.08; z < b; z += 0.12)
      svg.add(line(...cam.at([inset, 0.05, z]), ...cam.at([inset, y1 + 0.2, z]), hex(shade(curtain, 0.82)), 2));
  }
  if (light.dark) return;
  const sign = onRight ? -1 : 1;
  const daylight: P3[] = [
    [x, 0, z0],
    [x, 0, z1],
    [x + sign * 1.6, 0, z1 + 0.6],
    [x + sign * 1.6, 0, z0 + 0.6],
  ];
  svg.add(cam.quad(daylight, '#fff8e8', opacity(0.18)));
}

export function lamp(svg: Svg, cam: Camera, light: Light, x: number, y: number, z: number, shadeColour: RGB): void {
  const base = cam.frontRect(x - 0.03, x + 0.03, y, y + 0.32, z);
  svg.add(rect(base.x, base.y, base.w, base.h, '#3a3532'));
  const glow: RGB = light.dark ? [255, 226, 170] : mix(shadeColour, [255, 255, 255], 0.5);
  const lampshade: P3[] = [
    [x - 0.13, y + 0.3, z],
    [x + 0.13, y + 0.3, z],
    [x + 0.09, y + 0.55, z],
    [x - 0.09, y + 0.55, z],
  ];
  svg.add(cam.quad(lampshade, hex(glow)));
  if (light.dark) {
    const [cx, cy] = cam.at([x, y + 0.42, z]);
    svg.add(circle(cx, cy, 160, svg.glow([255, 214, 150], 0.55)));
  }
}
