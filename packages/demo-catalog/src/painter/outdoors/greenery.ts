// Plants in pots, and the trees along the street: palms by the sea, round trees elsewhere.
import type { Light } from '../light.js';
import type { Look } from '../look.js';
import { circle, ellipse, hex, n, poly, rect, shade, W } from '../tools.js';
import type { Dice, Svg } from '../tools.js';

export function plant(svg: Svg, light: Light, dice: Dice, x: number, y: number, scale: number): void {
  const pot = shade([90, 84, 80], Math.max(0.5, light.ambient));
  svg.add(
    poly(
      [
        [x - 2 * scale, y - 40 * scale],
        [x + 22 * scale, y - 40 * scale],
        [x + 18 * scale, y],
        [x + 2 * scale, y],
      ],
      hex(pot),
    ),
  );
  const green = shade([60, 110, 60], Math.max(0.4, light.ambient));
  for (let i = 0; i < 7; i++)
    svg.add(
      ellipse(
        x + 10 * scale + dice.between(-18, 18) * scale,
        y - 40 * scale - dice.between(10, 60) * scale,
        dice.between(10, 18) * scale,
        dice.between(14, 26) * scale,
        hex(shade(green, dice.between(0.8, 1.2))),
      ),
    );
}

export function trees(svg: Svg, look: Look, light: Light, dice: Dice, baseY: number, scale: number): void {
  const count = dice.int(2, 4);
  for (let i = 0; i < count; i++) {
    const x = i % 2 === 0 ? dice.between(-60, 260) : dice.between(W - 260, W + 60);
    const y = baseY + dice.between(0, 40);
    if (look.backdrop === 'sea') palm(svg, light, dice, x, y, scale * dice.between(0.9, 1.2));
    else roundTree(svg, light, dice, x, y, scale * dice.between(0.9, 1.25));
  }
}

export function palm(svg: Svg, light: Light, dice: Dice, x: number, y: number, s: number): void {
  const trunk = shade([120, 96, 70], light.ambient);
  const lean = dice.between(-60, 60) * s;
  const topX = x + lean;
  const topY = y - 430 * s;
  svg.add(
    `<path d="M${n(x - 12 * s)},${n(y)} Q${n(x + lean * 0.2)},${n(y - 200 * s)} ${n(topX - 5 * s)},${n(topY)} L${n(topX + 5 * s)},${n(topY)} Q${n(x + lean * 0.2 + 14 * s)},${n(y - 200 * s)} ${n(x + 12 * s)},${n(y)} Z" fill="${hex(trunk)}"/>`,
  );
  const leaf = shade([56, 104, 58], Math.max(0.35, light.ambient));
  for (let i = 0; i < 9; i++) {
    const angle = (i / 9) * Math.PI * 2 + dice.between(-0.2, 0.2);
    const len = dice.between(130, 190) * s;
    const ex = topX + Math.cos(angle) * len;
    const ey = topY + Math.sin(angle) * len * 0.45 + len * 0.35;
    const mx = topX + Math.cos(angle) * len * 0.5;
    const my = topY + Math.sin(angle) * len * 0.3 - 30 * s;
    svg.add(
      `<path d="M${n(topX)},${n(topY)} Q${n(mx)},${n(my - 20 * s)} ${n(ex)},${n(ey)} Q${n(mx)},${n(my + 10 * s)} ${n(topX)},${n(topY)} Z" fill="${hex(shade(leaf, dice.between(0.8, 1.15)))}"/>`,
    );
  }
}

function roundTree(svg: Svg, light: Light, dice: Dice, x: number, y: number, s: number): void {
  svg.add(rect(x - 10 * s, y - 200 * s, 20 * s, 200 * s, hex(shade([96, 72, 52], light.ambient))));
  const green = shade(
    dice.pick([
      [70, 120, 60],
      [52, 96, 56],
      [90, 128, 70],
    ] as const),
    Math.max(0.35, light.ambient),
  );
  for (let i = 0; i < 9; i++) {
    const r = dice.between(60, 95) * s;
    svg.add(
      circle(
        x + dice.between(-90, 90) * s,
        y - dice.between(220, 360) * s,
        r,
        hex(shade(green, dice.between(0.75, 1.15))),
      ),
    );
  }
}
