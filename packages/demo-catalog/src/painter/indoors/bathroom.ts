// A bathroom: tiled walls and floor, a vanity with a basin and a lit mirror against the back wall, the
// bathtub along one side, towels, a mat and a plant.
import type { Light } from '../light.js';
import type { Look } from '../look.js';
import { circle, ellipse, H, hex, line, mix, opacity, rect, shade, stroke, W } from '../tools.js';
import type { Dice, Svg } from '../tools.js';
import { plant } from '../outdoors/greenery.js';
import { Camera, flatQuad } from './camera.js';
import { roomShell, type Room } from './room.js';

export function bathroom(svg: Svg, look: Look, light: Light, dice: Dice): void {
  const room: Room = {
    cam: new Camera(520, 1.35, W / 2 + dice.between(-120, 120)),
    halfW: 1.8,
    height: 2.6,
    back: 3.1,
  };
  const level = light.dark ? 0.8 : 1;
  roomShell(svg, room, look.tiles, mix(look.tiles, [60, 60, 64], 0.35), 'tiles', level);
  grout(svg, room, hex(shade(look.tiles, 0.86 * level)));
  const tubRight = dice.chance(0.5);
  // The vanity and mirror against the back wall, on the side away from the tub.
  const vx = tubRight ? -1.4 : 0.1;
  vanity(svg, room, look, level, vx);
  bathtub(svg, room, look, level, tubRight);
  plant(svg, light, dice, ...room.cam.at([tubRight ? vx + 0.05 : vx + 1.1, 0.87, room.back - 0.2]), 0.6);
  if (light.dark) svg.add(rect(0, 0, W, H, '#2a1c0c', opacity(0.15)));
}

/** The joints between the wall tiles. */
function grout(svg: Svg, { cam, halfW, height, back }: Room, colour: string): void {
  for (let y = 0.3; y < height; y += 0.3) {
    svg.add(line(...cam.at([-halfW, y, 0.5]), ...cam.at([-halfW, y, back]), colour, 1.2));
    svg.add(line(...cam.at([halfW, y, 0.5]), ...cam.at([halfW, y, back]), colour, 1.2));
    svg.add(line(...cam.at([-halfW, y, back]), ...cam.at([halfW, y, back]), colour, 1.2));
  }
  for (let x = -halfW + 0.3; x < halfW; x += 0.3)
    svg.add(line(...cam.at([x, 0, back]), ...cam.at([x, height, back]), colour, 1.2));
}

function vanity(svg: Svg, { cam, back }: Room, look: Look, level: number, vx: number): void {
  const wood = shade(look.wood, level);
  svg.add(cam.box(vx, vx + 1.3, 0.2, 0.82, back - 0.55, back, wood));
  svg.add(cam.box(vx - 0.02, vx + 1.32, 0.82, 0.87, back - 0.58, back, shade([236, 234, 230], level)));
  const [sx, sy] = cam.at([vx + 0.65, 0.87, back - 0.3]);
  svg.add(ellipse(sx, sy, 70, 14, hex(shade([250, 250, 250], level)), stroke(shade([200, 200, 200], level), 2)));
  const tap = cam.frontRect(vx + 0.62, vx + 0.68, 0.87, 1.08, back - 0.08);
  svg.add(rect(tap.x, tap.y, tap.w, tap.h, '#b8bcc2'));
  const mirror = cam.frontRect(vx + 0.1, vx + 1.2, 1.15, 2.05, back);
  const glass = svg.linear(
    [
      [0, [206, 214, 220]],
      [0.5, [168, 178, 186]],
      [1, [214, 220, 226]],
    ],
    [0, 0, 1, 1],
  );
  svg.add(rect(mirror.x, mirror.y, mirror.w, mirror.h, glass, stroke(shade(wood, 0.8), 6)));
  const { x, y, w, h } = mirror;
  svg.add(line(x + w * 0.2, y + h, x + w * 0.55, y, '#ffffff', 10, opacity(0.25)));
  const bar = cam.frontRect(vx + 0.2, vx + 1.1, 2.12, 2.18, back);
  svg.add(rect(bar.x, bar.y, bar.w, bar.h, '#fff6e0'));
  svg.add(circle(bar.x + bar.w / 2, bar.y, 200, svg.glow([255, 240, 210], 0.5)));
}

/** The bathtub along one side wall, towels folded on a shelf above it, a mat on the floor beside it. */
function bathtub(svg: Svg, { cam, halfW, back }: Room, look: Look, level: number, tubRight: boolean): void {
  const tx0 = tubRight ? halfW - 0.8 : -halfW;
  const tx1 = tx0 + 0.8;
  svg.add(cam.box(tx0, tx1, 0, 0.56, back - 1.6, back, shade([244, 244, 242], level)));
  const water = flatQuad(0.561, tx0 + 0.08, tx1 - 0.08, back - 1.52, back - 0.08);
  svg.add(cam.quad(water, hex(shade([196, 220, 228], level))));
  const towel = shade(mix(look.fabric, [240, 236, 228], 0.5), level);
  const wallX = tubRight ? halfW - 0.3 : -halfW + 0.02;
  for (let i = 0; i < 3; i++) {
    const colour = shade(towel, 1 - i * 0.05);
    svg.add(cam.box(wallX, wallX + 0.28, 1.2 + i * 0.09, 1.28 + i * 0.09, back - 1.1, back - 0.75, colour));
  }
  const mx = tubRight ? tx0 - 0.75 : tx1 + 0.15;
  svg.add(cam.quad(flatQuad(0.01, mx, mx + 0.6, back - 1.3, back - 0.5), hex(towel)));
}
