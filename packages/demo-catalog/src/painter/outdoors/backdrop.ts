// What lies behind the hotel, between the horizon and the street: the sea and a beach, hills, or a city.
import { WARM_LIGHTS, type Light } from '../light.js';
import type { Look } from '../look.js';
import { hex, mix, n, opacity, rect, shade, W } from '../tools.js';
import type { Dice, RGB, Svg } from '../tools.js';

export function backdrop(svg: Svg, look: Look, light: Light, dice: Dice, horizonY: number, groundY: number): void {
  const haze = mix(light.sky[2], [110, 120, 135], 0.45);
  if (look.backdrop === 'sea') sea(svg, light, dice, horizonY, groundY);
  else if (look.backdrop === 'hills') hills(svg, light, dice, haze, horizonY, groundY);
  else city(svg, light, dice, haze, horizonY, groundY);
}

function sea(svg: Svg, light: Light, dice: Dice, horizonY: number, groundY: number): void {
  const water = shade(mix(light.sky[1], [20, 80, 130], 0.55), Math.max(0.5, light.ambient));
  svg.add(
    rect(
      0,
      horizonY,
      W,
      groundY - horizonY,
      svg.linear([
        [0, mix(water, light.sky[2], 0.4)],
        [1, shade(water, 0.8)],
      ]),
    ),
  );
  // The sun's path on the water.
  for (let i = 0; i < 26; i++) {
    const yy = horizonY + 4 + i * ((groundY - horizonY - 50) / 26);
    const half = dice.between(10, 40) * (1 + i / 10);
    svg.add(rect(light.sun.x - half, yy, half * 2, 2.5, hex(light.sun.colour), opacity(0.5 - i / 70)));
  }
  for (let i = 0; i < 40; i++) {
    const yy = dice.between(horizonY + 10, groundY - 50);
    svg.add(
      rect(dice.between(0, W), yy, dice.between(20, 80), 1.5, '#ffffff', opacity(0.12 + ((yy - horizonY) / 400) * 0.2)),
    );
  }
  svg.add(rect(0, groundY - 46, W, 46, hex(shade([226, 206, 164], light.ambient))));
}

/** Two ridges of rolling hills, the far one paler in the haze. */
function hills(svg: Svg, light: Light, dice: Dice, haze: RGB, horizonY: number, groundY: number): void {
  for (const [layer, t] of [
    [0, 0.35],
    [1, 0.6],
  ] as const) {
    const base = horizonY + 40 + layer * 30;
    const colour = mix(haze, shade([70, 100, 70], light.ambient), t);
    let d = `M0,${n(base)}`;
    let px = 0;
    let py = base;
    while (px < W) {
      const nx = px + dice.between(180, 320);
      const ny = base - dice.between(40, 170 - layer * 50);
      d += ` Q${n(px + (nx - px) / 2)},${n(Math.min(py, ny) - 40)} ${n(nx)},${n(ny)}`;
      px = nx;
      py = ny;
    }
    svg.add(`<path d="${d} L${W + 400},${n(groundY)} L0,${n(groundY)} Z" fill="${hex(colour)}"/>`);
  }
}

/** A city behind: two rows of towers in the haze, windows lit after dark. */
function city(svg: Svg, light: Light, dice: Dice, haze: RGB, horizonY: number, groundY: number): void {
  for (const [row, t] of [
    [0, 0.25],
    [1, 0.5],
  ] as const) {
    let x = dice.between(-80, 0);
    while (x < W) {
      const w = dice.between(60, 150);
      const h = dice.between(50, 260 - row * 60);
      const top = horizonY + 40 + row * 20 - h;
      const colour = mix(haze, shade([70, 78, 92], light.ambient), t);
      svg.add(rect(x, top, w - 6, groundY - top, hex(colour)));
      if (light.dark)
        for (let i = 0; i < 10; i++) {
          const wx = x + dice.between(4, w - 14);
          const wy = dice.between(top + 6, horizonY);
          svg.add(rect(wx, wy, 4, 5, hex(dice.pick(WARM_LIGHTS)), opacity(0.7)));
        }
      x += w;
    }
  }
}
