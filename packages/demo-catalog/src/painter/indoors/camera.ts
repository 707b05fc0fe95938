// Indoors: a pinhole camera in a box-shaped room. x runs right, y up from the floor, z away from the
// camera, in metres; the camera projects points, quads and boxes onto the picture.
import { hex, mix, poly, shade, W } from '../tools.js';
import type { RGB } from '../tools.js';

export type P3 = readonly [x: number, y: number, z: number];

export class Camera {
  /** Focal length in pixels; eye height in metres; where the horizon crosses the frame. */
  constructor(
    private readonly f: number,
    private readonly eye: number,
    private readonly cx = W / 2,
    private readonly cy = 540,
  ) {}
  at([x, y, z]: P3): [number, number] {
    return [this.cx + (this.f * x) / z, this.cy - (this.f * (y - this.eye)) / z];
  }
  quad(points: readonly P3[], fill: string, extra = ''): string {
    return poly(
      points.map((p) => this.at(p)),
      fill,
      extra,
    );
  }
  /** A box's visible faces, far ones first; `colour` is the lit front, top and sides are derived. */
  box(x0: number, x1: number, y0: number, y1: number, z0: number, z1: number, colour: RGB): string {
    const faces: string[] = [];
    const face = (points: P3[], fill: RGB) => faces.push(this.quad(points, hex(fill)));
    const boxSide = (x: number) => corners((y, z) => [x, y, z], y0, y1, z0, z1);
    if (y1 < this.eye) face(flatQuad(y1, x0, x1, z0, z1), mix(colour, [255, 255, 255], 0.12));
    if (y0 > this.eye) face(flatQuad(y0, x0, x1, z0, z1), shade(colour, 0.7));
    if (x0 > 0) face(boxSide(x0), shade(colour, 0.78));
    if (x1 < 0) face(boxSide(x1), shade(colour, 0.78));
    face(frontQuad(z0, x0, x1, y0, y1), colour);
    return faces.join('');
  }
  /** A rectangle facing the camera at depth z, as an SVG rect (it stays a rectangle). */
  frontRect(x0: number, x1: number, y0: number, y1: number, z: number): { x: number; y: number; w: number; h: number } {
    const [ax, ay] = this.at([x0, y1, z]);
    const [bx, by] = this.at([x1, y0, z]);
    return { x: ax, y: ay, w: bx - ax, h: by - ay };
  }
}

/** A rectangle's corners from a plane's (u, v) coordinates, in the order (u0, v0), (u1, v0), (u1, v1), (u0, v1). */
export const corners = (at: (u: number, v: number) => P3, u0: number, u1: number, v0: number, v1: number): P3[] => [
  at(u0, v0),
  at(u1, v0),
  at(u1, v1),
  at(u0, v1),
];
/** Upright, facing the camera at depth z: x from x0 to x1, then y from y0 to y1. */
export const frontQuad = (z: number, x0: number, x1: number, y0: number, y1: number) =>
  corners((x, y) => [x, y, z], x0, x1, y0, y1);
/** Upright, along a side at x: z from z0 to z1, then y from y0 to y1. */
export const sideQuad = (x: number, z0: number, z1: number, y0: number, y1: number) =>
  corners((z, y) => [x, y, z], z0, z1, y0, y1);
/** Level, at height y: x from x0 to x1, then z from z0 to z1. */
export const flatQuad = (y: number, x0: number, x1: number, z0: number, z1: number) =>
  corners((x, z) => [x, y, z], x0, x1, z0, z1);
