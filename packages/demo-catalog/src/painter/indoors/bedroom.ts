// A bedroom: panelling and a picture behind the beds, a window to one side, nightstands and lamps, a rug,
// the beds the room type has, and an armchair in suites.
import type { Light } from '../light.js';
import type { Look } from '../look.js';
import { H, hex, line, mix, n, opacity, rect, shade, W } from '../tools.js';
import type { Dice, RGB, Svg } from '../tools.js';
import { Camera, flatQuad, frontQuad } from './camera.js';
import { lamp, roomShell, sideWindow, type Room } from './room.js';

type BedPlan = { widths: number[]; armchair: boolean };
function bedsFor(roomType: string): BedPlan {
  const has = (word: string) => roomType.split('-').includes(word);
  if (has('twin')) return { widths: [1, 1], armchair: false };
  if (has('single')) return { widths: [1], armchair: false };
  if (has('family')) return { widths: [1.6, 1], armchair: false };
  const suite = has('suite');
  if (has('king') || suite) return { widths: [1.9], armchair: suite };
  if (has('queen')) return { widths: [1.6], armchair: false };
  return { widths: [has('double') ? 1.5 : 1.6], armchair: false };
}

/** What the furniture is placed by: the beds' middle and span, the headboard and foot, the materials. */
interface Layout {
  room: Room;
  centre: number;
  total: number;
  zBack: number;
  zFoot: number;
  wood: RGB;
  linen: RGB;
  accent: RGB;
}

export function bedroom(svg: Svg, look: Look, light: Light, dice: Dice, roomType: string, mirrored: boolean): void {
  const plan = bedsFor(roomType);
  const room: Room = {
    // Shot from a little off the middle, as a photographer stands.
    cam: new Camera(560, 1.25, W / 2 + dice.between(-140, 140)),
    halfW: plan.widths.length > 1 || plan.armchair ? 2.8 : 2.4,
    height: 2.7,
    back: 4,
  };
  const level = light.dark ? 0.62 : 1;
  roomShell(svg, room, look.wall, look.floor, look.carpet ? 'none' : 'planks', level);
  panelling(svg, room, shade(mix(look.wall, look.wood, 0.45), level));

  const windowRight = mirrored ? dice.chance(0.3) : dice.chance(0.7);
  sideWindow(svg, room, look, light, dice, windowRight, 2, 3.5);

  const zBack = room.back - 0.02;
  const layout: Layout = {
    room,
    total: plan.widths.reduce((a, b) => a + b, 0) + (plan.widths.length - 1) * 0.7,
    centre: dice.between(-0.3, 0.3) + (windowRight ? -0.25 : 0.25),
    zBack,
    zFoot: zBack - 2.1,
    wood: shade(look.wood, level),
    linen: shade([246, 244, 240], level),
    accent: shade(look.fabric, level),
  };
  artwork(svg, look, light, layout);
  nightstands(svg, look, light, layout);
  beds(svg, look, plan.widths, layout);
  if (plan.armchair) armchair(svg, room, look, level, windowRight);
  const overlay: RGB = light.dark ? [40, 26, 10] : [255, 250, 240];
  svg.add(rect(0, 0, W, H, hex(overlay), opacity(light.dark ? 0.22 : 0.05)));
}

/** An accent wall of panelling behind the bed. */
function panelling(svg: Svg, { cam, halfW, back }: Room, panel: RGB): void {
  svg.add(cam.quad(frontQuad(back, -halfW, halfW, 0.08, 2.3), hex(panel)));
  for (let x = -halfW + 0.6; x < halfW; x += 0.6)
    svg.add(line(...cam.at([x, 0.08, back]), ...cam.at([x, 2.3, back]), hex(shade(panel, 0.88)), 2));
}

/** Artwork above the headboard (a framed landscape), and a rug under the foot of the beds. */
function artwork(svg: Svg, look: Look, light: Light, { room, centre, total, zFoot, wood, accent }: Layout): void {
  const { cam } = room;
  const art = cam.frontRect(centre - 0.55, centre + 0.55, 1.55, 2.1, room.back);
  svg.add(rect(art.x - 6, art.y - 6, art.w + 12, art.h + 12, hex(shade(wood, 0.7))));
  const canvas = svg.linear([
    [0, mix(light.sky[0], [255, 255, 255], 0.3)],
    [1, mix(look.fabric, [230, 220, 200], 0.5)],
  ]);
  svg.add(rect(art.x, art.y, art.w, art.h, canvas));
  svg.add(
    `<path d="M${n(art.x)},${n(art.y + art.h * 0.7)} Q${n(art.x + art.w * 0.3)},${n(art.y + art.h * 0.4)} ${n(art.x + art.w * 0.6)},${n(art.y + art.h * 0.65)} T${n(art.x + art.w)},${n(art.y + art.h * 0.55)} L${n(art.x + art.w)},${n(art.y + art.h)} L${n(art.x)},${n(art.y + art.h)} Z" fill="${hex(shade(accent, 0.9))}"${opacity(0.8)}/>`,
  );
  const rugX0 = centre - total / 2 - 0.6;
  const rugX1 = centre + total / 2 + 0.6;
  svg.add(cam.quad(flatQuad(0.005, rugX0, rugX1, zFoot - 0.9, zFoot + 1.2), hex(mix(accent, [220, 210, 196], 0.6))));
}

/** Nightstands and lamps either side. */
function nightstands(svg: Svg, look: Look, light: Light, { room, centre, total, zBack, wood }: Layout): void {
  for (const x of [centre - total / 2 - 0.62, centre + total / 2 + 0.12]) {
    svg.add(room.cam.box(x, x + 0.5, 0, 0.55, zBack - 0.45, zBack, wood));
    lamp(svg, room.cam, light, x + 0.25, 0.55, zBack - 0.22, look.fabric);
  }
}

/** The beds, drawn from the one furthest from the middle of the picture inwards. */
function beds(
  svg: Svg,
  look: Look,
  widths: number[],
  { room, centre, total, zBack, zFoot, wood, linen, accent }: Layout,
) {
  const { cam } = room;
  let x = centre - total / 2;
  const placed = widths.map((w) => {
    const bed = { x0: x, x1: x + w };
    x += w + 0.7;
    return bed;
  });
  placed.sort((a, b) => Math.abs(b.x0 + b.x1) - Math.abs(a.x0 + a.x1));
  for (const { x0, x1 } of placed) {
    svg.add(cam.box(x0 - 0.08, x1 + 0.08, 0, 1.25, zBack - 0.1, zBack, shade(mix(accent, look.wood, 0.5), 0.9)));
    svg.add(cam.box(x0, x1, 0, 0.28, zFoot, zBack - 0.1, shade(wood, 0.8)));
    svg.add(cam.box(x0 - 0.03, x1 + 0.03, 0.22, 0.58, zFoot - 0.04, zBack - 0.1, linen));
    const pillows = x1 - x0 > 1.2 ? 2 : 1;
    const pw = (x1 - x0 - 0.16) / pillows;
    for (let i = 0; i < pillows; i++) {
      const p = cam.frontRect(x0 + 0.08 + i * pw + 0.02, x0 + 0.08 + (i + 1) * pw - 0.02, 0.56, 0.86, zBack - 0.42);
      const outline = ` rx="${n(p.h * 0.3)}" stroke="${hex(shade(linen, 0.85))}" stroke-width="2"`;
      svg.add(rect(p.x, p.y, p.w, p.h, hex(mix(linen, [255, 255, 255], 0.4)), outline));
    }
    const cushion = cam.frontRect((x0 + x1) / 2 - 0.22, (x0 + x1) / 2 + 0.22, 0.56, 0.78, zBack - 0.6);
    svg.add(rect(cushion.x, cushion.y, cushion.w, cushion.h, hex(accent), ` rx="${n(cushion.h * 0.25)}"`));
    // A throw across the foot of the bed.
    svg.add(cam.box(x0 - 0.04, x1 + 0.04, 0.5, 0.6, zFoot - 0.05, zFoot + 0.45, accent));
  }
}

/** Suites have room for an armchair, on the side away from the window. */
function armchair(svg: Svg, { cam, halfW }: Room, look: Look, level: number, windowRight: boolean): void {
  const ax = windowRight ? -halfW + 0.15 : halfW - 0.95;
  const chair = shade(mix(look.fabric, [200, 196, 190], 0.4), level);
  svg.add(cam.box(ax, ax + 0.8, 0.42, 0.95, 2.55, 2.7, shade(chair, 0.9)));
  svg.add(cam.box(ax, ax + 0.8, 0.08, 0.45, 2.0, 2.7, chair));
  svg.add(cam.box(ax, ax + 0.12, 0.45, 0.62, 2.0, 2.6, shade(chair, 0.95)));
  svg.add(cam.box(ax + 0.68, ax + 0.8, 0.45, 0.62, 2.0, 2.6, shade(chair, 0.95)));
}
