// The pool: a paved deck in perspective, the water with its ripples, loungers and umbrellas, a palm.
import type { Light } from '../light.js';
import type { Look } from '../look.js';
import { ellipse, H, hex, line, mix, n, opacity, poly, rect, shade, W } from '../tools.js';
import type { Dice, RGB, Svg } from '../tools.js';
import { palm } from './greenery.js';

export function poolDeck(svg: Svg, look: Look, light: Light, dice: Dice, deckY: number): void {
  const deck = shade(mix([224, 210, 186], look.stone, 0.2), light.ambient);
  svg.add(
    rect(
      0,
      deckY,
      W,
      H - deckY,
      svg.linear([
        [0, shade(deck, 0.92)],
        [1, deck],
      ]),
    ),
  );
  // Paving joints converge on a point above the horizon.
  const vx = W / 2;
  for (let i = -12; i <= 12; i++) svg.add(line(vx + i * 60, deckY, vx + i * 200, H, hex(shade(deck, 0.85)), 1.5));
  for (let t = 0.1; t < 1; t += t * 0.35 + 0.05)
    svg.add(line(0, deckY + (H - deckY) * t, W, deckY + (H - deckY) * t, hex(shade(deck, 0.87)), 1.5));

  const farY = deckY + 40;
  water(svg, light, dice, deck, farY);
  loungers(svg, look, light, farY);
  palm(svg, light, dice, W - 110, farY + 90, 0.8);
}

/** The pool itself, wider as it comes nearer, with a coping round it and ripples on the water. */
function water(svg: Svg, light: Light, dice: Dice, deck: RGB, farY: number): void {
  const pool: [number, number][] = [
    [620, farY],
    [1240, farY],
    [1560, H + 10],
    [420, H + 10],
  ];
  const fill = svg.linear([
    [0, shade([80, 190, 206], Math.max(0.45, light.ambient))],
    [1, shade([20, 120, 170], Math.max(0.45, light.ambient))],
  ]);
  svg.add(
    poly(
      pool,
      hex(mix(deck, [255, 255, 255], 0.35)),
      ` stroke="${hex(mix(deck, [255, 255, 255], 0.4))}" stroke-width="22" stroke-linejoin="round"`,
    ),
  );
  svg.add(poly(pool, fill));
  const clip = svg.clip(poly(pool, '#fff'));
  const ripples: string[] = [];
  for (let i = 0; i < 70; i++) {
    const y = dice.between(farY, H);
    const x = dice.between(300, 1700);
    const w = dice.between(20, 70) * (0.5 + (y - farY) / (H - farY));
    ripples.push(
      `<path d="M${n(x)},${n(y)} q${n(w / 2)},${n(-6)} ${n(w)},0" stroke="#ffffff" stroke-width="2" fill="none"${opacity(dice.between(0.15, 0.45))}/>`,
    );
  }
  if (light.dark) ripples.push(rect(0, farY, W, H, svg.glow([120, 230, 255], 0.5)));
  svg.add(`<g clip-path="${clip}">${ripples.join('')}</g>`);
}

/** Loungers and umbrellas down the left of the pool, larger as they come nearer. */
function loungers(svg: Svg, look: Look, light: Light, farY: number): void {
  const accent = shade(look.accent, Math.max(0.55, light.ambient));
  for (let i = 0; i < 4; i++) {
    const t = i / 3;
    const s = 0.55 + t * 0.9;
    const y = farY + 30 + t * (H - farY - 80);
    const x = 440 - t * 420;
    lounger(svg, light, x, y, s);
    if (i % 2 === 0) {
      svg.add(line(x + 60 * s, y, x + 60 * s, y - 230 * s, hex(shade([200, 200, 196], light.ambient)), 5 * s));
      svg.add(
        `<path d="M${n(x - 70 * s)},${n(y - 210 * s)} Q${n(x + 60 * s)},${n(y - 300 * s)} ${n(x + 190 * s)},${n(y - 210 * s)} Z" fill="${hex(accent)}"/>`,
      );
    }
  }
}

function lounger(svg: Svg, light: Light, x: number, y: number, s: number): void {
  const frame = shade([236, 234, 228], light.ambient);
  svg.add(ellipse(x + 70 * s, y + 6 * s, 90 * s, 10 * s, '#000000', opacity(0.15)));
  svg.add(
    `<path d="M${n(x)},${n(y - 18 * s)} L${n(x + 110 * s)},${n(y - 18 * s)} L${n(x + 150 * s)},${n(y - 64 * s)} L${n(x + 160 * s)},${n(y - 58 * s)} L${n(x + 124 * s)},${n(y - 6 * s)} L${n(x)},${n(y - 6 * s)} Z" fill="${hex(frame)}"/>`,
  );
  for (const lx of [x + 8 * s, x + 112 * s]) svg.add(rect(lx, y - 6 * s, 4 * s, 10 * s, hex(shade(frame, 0.6))));
}
