// The lobby: marble floor, tall windows across the back wall, pendant lights, the reception desk to one
// side and a sitting area to the other, plants about.
import type { Light } from '../light.js';
import type { Look } from '../look.js';
import { circle, line, mix, shade, stroke, W } from '../tools.js';
import type { Dice, Svg } from '../tools.js';
import { plant } from '../outdoors/greenery.js';
import { Camera, frontQuad } from './camera.js';
import { roomShell, type Room } from './room.js';

export function lobby(svg: Svg, look: Look, light: Light, dice: Dice): void {
  const room: Room = { cam: new Camera(620, 1.5, W / 2 + dice.between(-160, 160)), halfW: 5.5, height: 4.6, back: 10 };
  const level = light.dark ? 0.72 : 1;
  const marble = mix([232, 228, 220], look.stone, 0.2);
  roomShell(svg, room, mix(mix(look.wall, look.facade, 0.3), look.wood, 0.15), marble, 'tiles', level);
  windows(svg, room, look, light);
  pendants(svg, room);
  furniture(svg, room, look, light, dice, level);
}

/** Tall windows across the back wall, the outdoors in them. */
function windows(svg: Svg, { cam, back }: Room, look: Look, light: Light): void {
  for (let x = -5.2; x < 5; x += 1.8) {
    const outdoors = svg.linear([
      [0, light.sky[0]],
      [0.6, light.sky[1]],
      [0.8, light.sky[2]],
      [1, shade([90, 120, 80], light.ambient)],
    ]);
    svg.add(cam.quad(frontQuad(back, x, x + 1.4, 0.3, 3.9), outdoors, stroke(shade(look.trim, 0.8), 6)));
  }
}

/** Pendant lights over the room. */
function pendants(svg: Svg, { cam, height }: Room): void {
  const glow = svg.glow([255, 226, 170], 0.6);
  for (const z of [4.5, 6.5, 8.5])
    for (const x of [-3, 0, 3]) {
      svg.add(line(...cam.at([x, height, z]), ...cam.at([x, 3.3, z]), '#2b2b2b', 1.5));
      const [cx, cy] = cam.at([x, 3.3, z]);
      svg.add(circle(cx, cy, 420 / z, glow));
      svg.add(circle(cx, cy, 90 / z, '#fff1d0'));
    }
}

/** The reception desk to one side, the sitting area to the other, and plants. */
function furniture(svg: Svg, { cam }: Room, look: Look, light: Light, dice: Dice, level: number): void {
  const deskLeft = dice.chance(0.5);
  const dx = deskLeft ? -4.6 : 1.8;
  const wood = shade(look.wood, level);
  svg.add(cam.box(dx, dx + 2.8, 0, 1.1, 6.8, 7.6, wood));
  svg.add(cam.box(dx - 0.05, dx + 2.85, 1.1, 1.16, 6.75, 7.65, shade([236, 232, 226], level)));
  const sofa = shade(mix(look.fabric, [210, 204, 196], 0.35), level);
  const sx = deskLeft ? 1.2 : -4.4;
  svg.add(cam.box(sx - 0.2, sx + 3.4, 0.005, 0.01, 3.4, 6.2, mix(look.accent, [210, 200, 186], 0.6)));
  svg.add(cam.box(sx, sx + 3.2, 0.45, 0.9, 5.95, 6.2, shade(sofa, 0.9)));
  svg.add(cam.box(sx, sx + 3.2, 0, 0.45, 5.4, 6.2, sofa));
  svg.add(cam.box(sx + 0.8, sx + 2.4, 0, 0.4, 4.1, 4.8, wood));
  for (const [x, z] of [
    [-4.9, 5.2],
    [4.7, 5.2],
    [deskLeft ? -1.2 : 0.8, 7.4],
  ] as const)
    plant(svg, light, dice, ...cam.at([x, 0, z]), 4 / z);
}
