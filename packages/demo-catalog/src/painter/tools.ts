// The painter's tools: colours, seeded dice, and an SVG document with its gradients and shapes. Every
// scene is drawn on a 1600x1067 canvas; the document is scaled to the size asked for.
import { createHash } from 'node:crypto';

export const W = 1600;
export const H = 1067;

export type RGB = readonly [number, number, number];

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
export const hex = (c: RGB) =>
  '#' +
  c
    .map((v) =>
      Math.round(clamp(v, 0, 255))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
export const mix = (a: RGB, b: RGB, t: number): RGB => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
export const shade = (c: RGB, f: number): RGB => [c[0] * f, c[1] * f, c[2] * f];
/** Numbers as SVG wants them: one decimal is below a pixel and keeps the document small. */
export const n = (v: number) => String(Math.round(v * 10) / 10);

/** A seeded generator (mulberry32): pictures must not change between runs or replicas. */
export class Dice {
  private state: number;
  constructor(seed: string) {
    this.state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  between(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }
  int(lo: number, hi: number): number {
    return Math.floor(this.between(lo, hi + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
}

export type Stop = readonly [offset: number, colour: RGB, opacity?: number];

export class Svg {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private ids = 0;

  add(...parts: string[]): void {
    this.body.push(...parts);
  }
  private id(prefix: string): string {
    this.ids += 1;
    return `${prefix}${this.ids}`;
  }
  private stops(stops: readonly Stop[]): string {
    return stops
      .map(
        ([o, c, a = 1]) => `<stop offset="${n(o)}" stop-color="${hex(c)}"${a < 1 ? ` stop-opacity="${n(a)}"` : ''}/>`,
      )
      .join('');
  }
  /** A gradient over the shape's own box; vertical unless told. */
  linear(stops: readonly Stop[], [x1, y1, x2, y2] = [0, 0, 0, 1]): string {
    const id = this.id('l');
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${this.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }
  radial(stops: readonly Stop[], r = 0.5): string {
    const id = this.id('r');
    this.defs.push(`<radialGradient id="${id}" r="${r}">${this.stops(stops)}</radialGradient>`);
    return `url(#${id})`;
  }
  /** A glow: the colour at `alpha` in the middle, fading to nothing at the edge. */
  glow(colour: RGB, alpha: number): string {
    return this.radial([
      [0, colour, alpha],
      [1, colour, 0],
    ]);
  }
  clip(shape: string): string {
    const id = this.id('c');
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }
  toString(width: number, height: number): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="none">` +
      `<defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`
    );
  }
}

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(Math.max(0, w))}" height="${n(Math.max(0, h))}" fill="${fill}"${extra}/>`;
export const poly = (points: readonly (readonly [number, number])[], fill: string, extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}"${extra}/>`;
export const circle = (x: number, y: number, r: number, fill: string, extra = '') =>
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"${extra}/>`;
export const ellipse = (x: number, y: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra}/>`;
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra = '') =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${n(width)}"${extra}/>`;
export const opacity = (a: number) => ` opacity="${n(a)}"`;
/** A shape's outline: ` stroke="…" stroke-width="…"`, to pass as a shape's extra attributes. */
export const stroke = (colour: RGB, width: number) => ` stroke="${hex(colour)}" stroke-width="${width}"`;
