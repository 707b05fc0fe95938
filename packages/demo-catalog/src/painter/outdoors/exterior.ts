// The hotel from outside: the facade from across the street, the entrance close up, or the pool with the
// building beyond it; sky and backdrop behind, a street with trees and lamps in front.
import type { Light } from '../light.js';
import type { Look } from '../look.js';
import { circle, hex, H, line, mix, n, opacity, rect, shade, W } from '../tools.js';
import type { Dice, Svg } from '../tools.js';
import { backdrop } from './backdrop.js';
import { building } from './building.js';
import { trees } from './greenery.js';
import { poolDeck } from './pool.js';
import { sky } from './sky.js';

export function exterior(svg: Svg, look: Look, light: Light, dice: Dice, framing: 'facade' | 'close' | 'pool'): void {
  const groundY = framing === 'pool' ? 780 : dice.between(850, 890);
  const horizonY = groundY - (look.backdrop === 'sea' ? 190 : 150);

  if (framing === 'close') {
    // Nearer the entrance: the same street, scaled about the door.
    const px = W / 2 + look.offset;
    svg.add(`<g transform="translate(${n(px)},${n(groundY)}) scale(1.45) translate(${n(-px)},${n(-groundY)})">`);
  }
  sky(svg, light, dice, horizonY);
  backdrop(svg, look, light, dice, horizonY, groundY);
  if (framing === 'pool') {
    // The building further off, beyond the pool.
    svg.add(`<g transform="translate(${W / 2},${n(groundY - 40)}) scale(0.72) translate(${-W / 2},${n(-groundY)})">`);
    building(svg, look, light, dice, groundY);
    svg.add('</g>');
    poolDeck(svg, look, light, dice, groundY - 40);
  } else {
    street(svg, look, light, dice, groundY);
    building(svg, look, light, dice, groundY);
    trees(svg, look, light, dice, groundY + 30, 1);
    if (light.dark) streetLamps(svg, light, dice, groundY);
  }
  if (framing === 'close') svg.add('</g>');
  svg.add(rect(0, 0, W, H, hex(light.tint), opacity(light.tintAlpha)));
}

function street(svg: Svg, look: Look, light: Light, dice: Dice, groundY: number): void {
  const paving = shade(mix(look.stone, [200, 196, 188], 0.6), light.ambient);
  svg.add(
    rect(
      0,
      groundY,
      W,
      52,
      svg.linear([
        [0, shade(paving, 0.9)],
        [1, paving],
      ]),
    ),
  );
  for (let x = dice.between(0, 60); x < W; x += 90)
    svg.add(line(x, groundY, x - (x - W / 2) * 0.08, groundY + 52, hex(shade(paving, 0.85)), 1.5));
  svg.add(rect(0, groundY + 52, W, 8, hex(shade(paving, 1.08))));
  const asphalt = shade([84, 86, 92], Math.max(0.45, light.ambient));
  svg.add(
    rect(
      0,
      groundY + 60,
      W,
      H - groundY - 60,
      svg.linear([
        [0, shade(asphalt, 0.85)],
        [1, asphalt],
      ]),
    ),
  );
  for (let x = dice.between(-100, 0); x < W; x += 220) svg.add(rect(x, H - 60, 120, 8, '#e8e6dc', opacity(0.7)));
}

function streetLamps(svg: Svg, light: Light, dice: Dice, groundY: number): void {
  const glow = svg.glow([255, 220, 160], 0.8);
  for (let x = dice.between(100, 250); x < W; x += dice.between(420, 560)) {
    svg.add(rect(x - 4, groundY - 220, 8, 270, hex(shade([50, 52, 56], 0.8))));
    svg.add(circle(x, groundY - 226, 60, glow));
    svg.add(circle(x, groundY - 226, 12, '#fff3d6'));
  }
}
