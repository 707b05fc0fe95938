// The sky: a gradient to the horizon, the sun or the moon and stars, and soft clouds by day.
import type { Light } from '../light.js';
import { circle, ellipse, hex, mix, opacity, rect, shade, W } from '../tools.js';
import type { Dice, RGB, Svg } from '../tools.js';

export function sky(svg: Svg, light: Light, dice: Dice, horizonY: number): void {
  svg.add(
    rect(
      0,
      0,
      W,
      horizonY + 60,
      svg.linear([
        [0, light.sky[0]],
        [0.6, light.sky[1]],
        [1, light.sky[2]],
      ]),
    ),
  );
  const { x, y, colour, size, moon } = light.sun;
  svg.add(circle(x, y, size * 6, svg.glow(colour, moon ? 0.25 : 0.7)));
  if (moon) {
    for (let i = 0; i < 140; i++)
      svg.add(
        circle(
          dice.between(0, W),
          dice.between(0, horizonY - 40),
          dice.between(0.6, 1.8),
          '#ffffff',
          opacity(dice.between(0.3, 0.9)),
        ),
      );
    svg.add(circle(x, y, size, hex(colour)));
  } else {
    svg.add(circle(x, y, size, hex(mix(colour, [255, 255, 255], 0.5))));
    // Soft puffs: each fades out at its edge, which a blur filter would also give, at far more cost.
    const puff = softPuff(svg, light.clouds, 0.85);
    const under = softPuff(svg, shade(light.clouds, 0.85), 0.7);
    const clouds = dice.int(2, 6);
    for (let i = 0; i < clouds; i++)
      cloud(svg, dice, dice.between(-100, W + 100), dice.between(60, horizonY - 140), puff, under);
  }
}

/** A puff's fill: solid in the middle, `rim` at half way, clear at the edge. */
const softPuff = (svg: Svg, colour: RGB, rim: number) =>
  svg.radial([
    [0, colour, 1],
    [0.55, colour, rim],
    [1, colour, 0],
  ]);

function cloud(svg: Svg, dice: Dice, x: number, y: number, puff: string, under: string): void {
  const width = dice.between(220, 480);
  const puffs: string[] = [];
  const count = 7;
  for (let i = 0; i < count; i++) {
    const cx = x + (i / (count - 1) - 0.5) * width + dice.between(-20, 20);
    const rx = width * dice.between(0.2, 0.3);
    const cy = y - Math.sin((i / (count - 1)) * Math.PI) * rx * 0.45;
    puffs.push(ellipse(cx, cy + rx * 0.18, rx * 1.1, rx * 0.5, under));
  }
  for (let i = 0; i < count; i++) {
    const cx = x + (i / (count - 1) - 0.5) * width * 0.9 + dice.between(-20, 20);
    const rx = width * dice.between(0.18, 0.28);
    const cy = y - Math.sin((i / (count - 1)) * Math.PI) * rx * 0.6;
    puffs.push(ellipse(cx, cy, rx, rx * 0.62, puff));
  }
  svg.add(`<g${opacity(dice.between(0.65, 0.95))}>${puffs.join('')}</g>`);
}
