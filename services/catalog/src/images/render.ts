// Placeholder photos drawn locally: an SVG scene (facade, pool, lobby, bedroom, bathroom) chosen and varied
// by the image's public id, rendered to JPEG with sharp. The same id always gives the same bytes.
import { createHash } from 'node:crypto';
import sharp from 'sharp';

export const ORIGINAL_WIDTH = 1600;
export const ORIGINAL_HEIGHT = 1067;
/** Bumped whenever a drawing changes: it is part of every ETag, so browsers fetch the new pictures. */
export const RENDER_VERSION = 1;
/** What the bytes depend on besides the id and the box: our drawing and the libraries that rasterize and encode it. */
export const RENDERER_ID = [
  RENDER_VERSION,
  sharp.versions.sharp,
  sharp.versions.vips,
  sharp.versions.rsvg,
  sharp.versions.mozjpeg,
].join('/');

const W = ORIGINAL_WIDTH;
const H = ORIGINAL_HEIGHT;

export type ImageSubject =
  | { kind: 'hotel'; hotelId: string; index: number }
  | { kind: 'room'; hotelId: string; roomType: string; index: number };

const HOTEL_IMAGE = /^(h[0-9a-z]+)-(\d{1,4})$/;
// A room type starts with a letter, so `h0a1b2c-12` can only be a hotel image.
const ROOM_IMAGE = /^(h[0-9a-z]+)-([a-z][a-z0-9]*(?:-[a-z0-9]+)*)-(\d{1,4})$/;

/** What a public id shows: `<hotelId>-<n>` a hotel, `<hotelId>-<room type>-<n>` one of its rooms; null otherwise. */
export function parseImageId(publicId: string): ImageSubject | null {
  const hotel = HOTEL_IMAGE.exec(publicId);
  if (hotel) return { kind: 'hotel', hotelId: hotel[1]!, index: Number(hotel[2]) };
  const room = ROOM_IMAGE.exec(publicId);
  if (room) return { kind: 'room', hotelId: room[1]!, roomType: room[2]!, index: Number(room[3]) };
  return null;
}

/** The size an image comes out at: the original fitted inside the box, never enlarged. */
export function fittedSize(box: { w: number; h: number }): { width: number; height: number } {
  const scale = Math.min(1, box.w / W, box.h / H);
  return { width: Math.max(1, Math.round(W * scale)), height: Math.max(1, Math.round(H * scale)) };
}

export async function renderImage(publicId: string, box: { w: number; h: number; q: number }): Promise<Buffer> {
  const { width, height } = fittedSize(box);
  // The SVG is drawn at the target size rather than shrunk afterwards: sharper edges, and less work.
  const svg = sceneSvg(publicId, width, height);
  // Film grain makes flat shapes read as a photo. It is a fixed tile laid over in sharp: an SVG noise
  // filter would cost ten times as much.
  return sharp(Buffer.from(svg))
    .composite([
      { input: grainTile(), raw: { width: GRAIN, height: GRAIN, channels: 1 }, tile: true, blend: 'soft-light' },
    ])
    .jpeg({ quality: box.q })
    .toBuffer();
}

const GRAIN = 128;
let grain: Buffer | undefined;
/** Grey noise around the middle (neutral under soft light), the same in every process. */
function grainTile(): Buffer {
  if (!grain) {
    const dice = new Dice('grain');
    grain = Buffer.alloc(GRAIN * GRAIN);
    for (let i = 0; i < grain.length; i++) grain[i] = Math.round(128 + (dice.next() + dice.next() - 1) * 16);
  }
  return grain;
}

// ---------- tools: colours, dice, SVG ----------

type RGB = readonly [number, number, number];

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
const hex = (c: RGB) =>
  '#' +
  c
    .map((v) =>
      Math.round(clamp(v, 0, 255))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
const mix = (a: RGB, b: RGB, t: number): RGB => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
const shade = (c: RGB, f: number): RGB => [c[0] * f, c[1] * f, c[2] * f];
/** Numbers as SVG wants them: one decimal is below a pixel and keeps the document small. */
const n = (v: number) => String(Math.round(v * 10) / 10);

/** A seeded generator (mulberry32): pictures must not change between runs or replicas. */
class Dice {
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

type Stop = readonly [offset: number, colour: RGB, opacity?: number];

class Svg {
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

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(Math.max(0, w))}" height="${n(Math.max(0, h))}" fill="${fill}"${extra}/>`;
const poly = (points: readonly (readonly [number, number])[], fill: string, extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}"${extra}/>`;
const circle = (x: number, y: number, r: number, fill: string, extra = '') =>
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"${extra}/>`;
const ellipse = (x: number, y: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra}/>`;
const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra = '') =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${n(width)}"${extra}/>`;
const opacity = (a: number) => ` opacity="${n(a)}"`;

// ---------- light: the time of day sets the sky, the sun and how many windows glow ----------

interface Light {
  sky: readonly [top: RGB, middle: RGB, horizon: RGB];
  sun: { x: number; y: number; colour: RGB; size: number; moon: boolean };
  /** Daylight on surfaces, 1 at noon. */
  ambient: number;
  /** A warm or cool cast over everything outdoors. */
  tint: RGB;
  tintAlpha: number;
  litShare: number;
  dark: boolean;
  clouds: RGB;
}

function lightFor(dice: Dice): Light {
  const roll = dice.next();
  const x = dice.between(250, 1350);
  if (roll < 0.3)
    return {
      sky: [
        [58, 124, 206],
        [118, 172, 228],
        [196, 222, 242],
      ],
      sun: { x, y: dice.between(70, 160), colour: [255, 250, 228], size: 60, moon: false },
      ambient: 1,
      tint: [255, 248, 230],
      tintAlpha: 0.04,
      litShare: 0.03,
      dark: false,
      clouds: [255, 255, 255],
    };
  if (roll < 0.52)
    return {
      sky: [
        [104, 160, 222],
        [170, 204, 236],
        [246, 220, 190],
      ],
      sun: { x, y: dice.between(260, 380), colour: [255, 240, 205], size: 70, moon: false },
      ambient: 0.95,
      tint: [255, 236, 210],
      tintAlpha: 0.06,
      litShare: 0.08,
      dark: false,
      clouds: [255, 250, 244],
    };
  if (roll < 0.78)
    return {
      sky: [
        [82, 118, 182],
        [226, 170, 140],
        [255, 196, 120],
      ],
      sun: { x, y: dice.between(380, 470), colour: [255, 206, 130], size: 90, moon: false },
      ambient: 0.88,
      tint: [255, 170, 90],
      tintAlpha: 0.12,
      litShare: 0.3,
      dark: false,
      clouds: [255, 214, 186],
    };
  if (roll < 0.92)
    return {
      sky: [
        [30, 40, 86],
        [122, 82, 138],
        [242, 150, 106],
      ],
      sun: { x, y: 520, colour: [255, 150, 96], size: 80, moon: false },
      ambient: 0.58,
      tint: [120, 80, 150],
      tintAlpha: 0.14,
      litShare: 0.6,
      dark: true,
      clouds: [214, 140, 150],
    };
  return {
    sky: [
      [8, 12, 34],
      [20, 32, 70],
      [40, 56, 96],
    ],
    sun: { x, y: dice.between(90, 200), colour: [236, 236, 220], size: 26, moon: true },
    ambient: 0.34,
    tint: [30, 44, 100],
    tintAlpha: 0.18,
    litShare: 0.72,
    dark: true,
    clouds: [70, 80, 110],
  };
}

const WARM_LIGHTS: RGB[] = [
  [255, 214, 150],
  [255, 228, 178],
  [250, 198, 122],
  [255, 238, 200],
];

// ---------- a hotel's look: the same for every picture of it ----------

interface Look {
  facade: RGB;
  trim: RGB;
  stone: RGB;
  accent: RGB;
  floors: number;
  width: number;
  offset: number;
  sideRight: boolean;
  balconies: boolean;
  backdrop: 'city' | 'sea' | 'hills';
  penthouse: boolean;
  /** Interiors: the walls, floor, wood, fabrics. */
  wall: RGB;
  floor: RGB;
  carpet: boolean;
  wood: RGB;
  fabric: RGB;
  tiles: RGB;
}

const FACADES: RGB[] = [
  [218, 196, 158],
  [238, 228, 208],
  [242, 240, 234],
  [200, 128, 94],
  [132, 138, 148],
  [176, 200, 214],
  [226, 186, 174],
  [156, 80, 62],
  [222, 210, 170],
];
const ACCENTS: RGB[] = [
  [124, 28, 40],
  [24, 40, 78],
  [28, 72, 52],
  [30, 30, 34],
  [176, 136, 60],
  [150, 70, 40],
];
const WALLS: RGB[] = [
  [238, 232, 222],
  [216, 206, 192],
  [196, 204, 186],
  [200, 210, 216],
  [206, 192, 176],
  [232, 226, 236],
];
const FLOORS: RGB[] = [
  [170, 126, 86],
  [122, 88, 62],
  [198, 164, 122],
  [150, 146, 140],
  [186, 170, 150],
];
const FABRICS: RGB[] = [
  [48, 70, 110],
  [140, 56, 60],
  [60, 104, 96],
  [196, 150, 70],
  [96, 90, 120],
  [70, 70, 74],
];
const TILES: RGB[] = [
  [236, 236, 232],
  [214, 212, 206],
  [222, 206, 186],
  [180, 196, 200],
  [90, 96, 102],
];

function lookOf(hotelId: string): Look {
  const d = new Dice(`look:${hotelId}`);
  const facade = d.pick(FACADES);
  return {
    facade,
    trim: mix(facade, [40, 40, 44], d.between(0.25, 0.5)),
    stone: mix(d.pick(FACADES), [90, 86, 80], 0.4),
    accent: d.pick(ACCENTS),
    floors: d.int(4, 10),
    width: d.between(620, 900),
    offset: d.between(-150, 150),
    sideRight: d.chance(0.5),
    balconies: d.chance(0.55),
    backdrop: d.pick(['city', 'sea', 'hills'] as const),
    penthouse: d.chance(0.4),
    wall: d.pick(WALLS),
    floor: d.pick(FLOORS),
    carpet: d.chance(0.35),
    wood: d.pick([
      [110, 76, 50],
      [70, 50, 36],
      [168, 130, 92],
      [46, 44, 44],
    ] as const),
    fabric: d.pick(FABRICS),
    tiles: d.pick(TILES),
  };
}

// ---------- the scene for an id ----------

function sceneSvg(publicId: string, width: number, height: number): string {
  const subject = parseImageId(publicId);
  const hotelId = subject?.hotelId ?? publicId;
  const look = lookOf(hotelId);
  const dice = new Dice(`image:${publicId}`);
  const light = lightFor(dice);
  const svg = new Svg();

  if (subject?.kind === 'room') {
    if (subject.index % 3 === 0) bathroom(svg, look, light, dice);
    else bedroom(svg, look, light, dice, subject.roomType, subject.index % 3 === 2);
  } else {
    // The first image is the title image: always the building itself.
    const index = subject?.index ?? 1;
    const kind = index <= 1 ? 'facade' : (['pool', 'lobby', 'close', 'room'] as const)[(index - 2) % 4]!;
    if (kind === 'lobby') lobby(svg, look, light, dice);
    else if (kind === 'room') bedroom(svg, look, light, dice, 'deluxe-king', false);
    else exterior(svg, look, light, dice, kind);
  }
  finish(svg);
  return svg.toString(width, height);
}

/** A lens's vignette: corners a little darker, as in a photo. */
function finish(svg: Svg): void {
  const vignette = svg.radial(
    [
      [0.55, [0, 0, 0], 0],
      [1, [0, 0, 0], 0.38],
    ],
    0.75,
  );
  svg.add(rect(0, 0, W, H, vignette));
}

// ---------- outdoors ----------

function exterior(svg: Svg, look: Look, light: Light, dice: Dice, framing: 'facade' | 'close' | 'pool'): void {
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

function sky(svg: Svg, light: Light, dice: Dice, horizonY: number): void {
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
  svg.add(
    circle(
      x,
      y,
      size * 6,
      svg.radial([
        [0, colour, moon ? 0.25 : 0.7],
        [1, colour, 0],
      ]),
    ),
  );
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
    const puff = svg.radial([
      [0, light.clouds, 1],
      [0.55, light.clouds, 0.85],
      [1, light.clouds, 0],
    ]);
    const under = svg.radial([
      [0, shade(light.clouds, 0.85), 1],
      [0.55, shade(light.clouds, 0.85), 0.7],
      [1, shade(light.clouds, 0.85), 0],
    ]);
    const clouds = dice.int(2, 6);
    for (let i = 0; i < clouds; i++)
      cloud(svg, dice, dice.between(-100, W + 100), dice.between(60, horizonY - 140), puff, under);
  }
}

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

function backdrop(svg: Svg, look: Look, light: Light, dice: Dice, horizonY: number, groundY: number): void {
  const haze = mix(light.sky[2], [110, 120, 135], 0.45);
  if (look.backdrop === 'sea') {
    const sea = shade(mix(light.sky[1], [20, 80, 130], 0.55), Math.max(0.5, light.ambient));
    svg.add(
      rect(
        0,
        horizonY,
        W,
        groundY - horizonY,
        svg.linear([
          [0, mix(sea, light.sky[2], 0.4)],
          [1, shade(sea, 0.8)],
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
        rect(
          dice.between(0, W),
          yy,
          dice.between(20, 80),
          1.5,
          '#ffffff',
          opacity(0.12 + ((yy - horizonY) / 400) * 0.2),
        ),
      );
    }
    svg.add(rect(0, groundY - 46, W, 46, hex(shade([226, 206, 164], light.ambient))));
    return;
  }
  if (look.backdrop === 'hills') {
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
    return;
  }
  // A city behind: two rows of towers in the haze.
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
        for (let i = 0; i < 10; i++)
          svg.add(
            rect(
              x + dice.between(4, w - 14),
              dice.between(top + 6, horizonY),
              4,
              5,
              hex(dice.pick(WARM_LIGHTS)),
              opacity(0.7),
            ),
          );
      x += w;
    }
  }
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

function building(svg: Svg, look: Look, light: Light, dice: Dice, groundY: number): void {
  const { ambient } = light;
  const groundFloor = 120;
  let floors = look.floors;
  let floorH = 74;
  while (groundY - groundFloor - floors * floorH < 110 && floors > 3) floors -= 1;
  if (groundY - groundFloor - floors * floorH < 110) floorH = (groundY - groundFloor - 110) / floors;
  const x0 = W / 2 + look.offset - look.width / 2;
  const x1 = x0 + look.width;
  const top = groundY - groundFloor - floors * floorH;
  const facade = mix(shade(look.facade, ambient), light.tint, light.tintAlpha);
  const trim = shade(look.trim, ambient);
  const lit = () => dice.chance(light.litShare);
  const glass = svg.linear([
    [0, mix(light.sky[0], [40, 50, 60], 0.35)],
    [1, mix(light.sky[2], [30, 36, 44], 0.55)],
  ]);
  const windowFill = () => (lit() ? hex(dice.pick(WARM_LIGHTS)) : glass);

  // The side wall, turned from the light, with a column of narrow windows.
  const depth = dice.between(90, 160);
  const edge = look.sideRight ? x1 : x0;
  const far = look.sideRight ? x1 + depth : x0 - depth;
  const side = (u: number, v: number): [number, number] => {
    const x = edge + (far - edge) * u;
    const yTop = top + depth * 0.22 * u;
    const yBottom = groundY - depth * 0.05 * u;
    return [x, yTop + (yBottom - yTop) * v];
  };
  svg.add(poly([side(0, 0), side(1, 0), side(1, 1), side(0, 1)], hex(shade(facade, 0.7))));
  for (let f = 0; f < floors; f++) {
    const v0 = (f * floorH + floorH * 0.22) / (groundY - top);
    const v1 = v0 + (floorH * 0.58) / (groundY - top);
    for (const [u0, u1] of [
      [0.18, 0.42],
      [0.58, 0.82],
    ] as const)
      svg.add(poly([side(u0, v0), side(u1, v0), side(u1, v1), side(u0, v1)], windowFill()));
  }

  // The front, lighter at the top where the sky lights it.
  svg.add(
    rect(
      x0,
      top,
      look.width,
      groundY - top,
      svg.linear([
        [0, mix(facade, [255, 255, 255], 0.06)],
        [1, shade(facade, 0.9)],
      ]),
    ),
  );
  svg.add(rect(x0 - 12, top - 16, look.width + 24, 18, hex(trim)));
  if (look.penthouse) svg.add(rect(x0 + look.width * 0.2, top - 70, look.width * 0.45, 54, hex(shade(facade, 0.85))));

  const spacing = look.width / Math.max(4, Math.round(look.width / 92));
  const cols = Math.round(look.width / spacing);
  const ww = spacing * 0.54;
  const wh = floorH * 0.6;
  for (let f = 0; f < floors; f++) {
    const y = top + f * floorH + floorH * 0.2;
    svg.add(rect(x0, top + f * floorH + floorH - 3, look.width, 4, hex(shade(trim, 1.1)), opacity(0.7)));
    for (let c = 0; c < cols; c++) {
      const x = x0 + c * spacing + (spacing - ww) / 2;
      svg.add(rect(x - 4, y - 4, ww + 8, wh + 8, hex(trim)));
      svg.add(rect(x, y, ww, wh, windowFill()));
      svg.add(line(x + ww / 2, y, x + ww / 2, y + wh, hex(trim), 2.5));
      if (dice.chance(0.35))
        svg.add(rect(x, y, ww, wh * dice.between(0.2, 0.5), hex(mix(look.wall, [255, 255, 255], 0.3)), opacity(0.55)));
      if (look.balconies) {
        svg.add(
          rect(
            x - 10,
            y + wh - 24,
            ww + 20,
            24,
            hex(mix(light.sky[1], [200, 210, 215], 0.5)),
            `${opacity(0.45)} stroke="${hex(shade(trim, 0.8))}" stroke-width="2"`,
          ),
        );
        svg.add(rect(x - 12, y + wh, ww + 24, 6, hex(shade(facade, 0.8))));
      }
    }
  }

  // Ground floor: stone, a lit lobby behind glass, the entrance under a canopy.
  const gy = groundY - groundFloor;
  const stone = shade(look.stone, ambient);
  svg.add(rect(x0, gy, look.width, groundFloor, hex(stone)));
  const inside: RGB = light.dark ? [255, 206, 140] : [150, 132, 110];
  const lobbyGlass = svg.linear([
    [0, mix(inside, light.sky[1], 0.3)],
    [1, shade(inside, 0.8)],
  ]);
  const door = x0 + look.width / 2;
  for (let x = x0 + 24; x + 90 < x1; x += 130) {
    if (Math.abs(x + 45 - door) < 150) continue;
    svg.add(rect(x, gy + 22, 90, groundFloor - 30, lobbyGlass, ` stroke="${hex(shade(stone, 0.6))}" stroke-width="4"`));
  }
  svg.add(
    rect(door - 70, gy + 18, 140, groundFloor - 18, lobbyGlass, ` stroke="${hex(shade(trim, 0.7))}" stroke-width="5"`),
  );
  svg.add(line(door, gy + 18, door, groundY, hex(shade(trim, 0.7)), 4));
  svg.add(rect(door - 120, groundY - 8, 240, 8, hex(mix(stone, [255, 255, 255], 0.3))));
  const accent = shade(look.accent, Math.max(0.55, ambient));
  svg.add(
    poly(
      [
        [door - 130, gy + 6],
        [door + 130, gy + 6],
        [door + 150, gy + 26],
        [door - 150, gy + 26],
      ],
      hex(accent),
    ),
  );
  svg.add(rect(door - 150, gy + 26, 300, 8, hex(shade(accent, 0.7))));
  for (const px of [door - 140, door + 136]) svg.add(rect(px, gy + 34, 4, groundFloor - 34, hex(shade(trim, 0.6))));
  // The sign: a plate with strokes standing for letters (no fonts on a server).
  const sign: RGB = light.dark ? [255, 236, 190] : mix(trim, [250, 240, 220], 0.7);
  const signY = gy - 42;
  svg.add(rect(door - 120, signY, 240, 30, hex(shade(accent, 0.8))));
  for (let x = door - 104; x < door + 100; x += dice.between(14, 24))
    svg.add(rect(x, signY + 7, dice.between(6, 11), 16, hex(sign)));
  if (light.dark)
    svg.add(
      ellipse(
        door,
        gy + 60,
        260,
        120,
        svg.radial([
          [0, [255, 210, 150], 0.45],
          [1, [255, 210, 150], 0],
        ]),
      ),
    );
  for (const px of [door - 190, door + 170]) plant(svg, light, dice, px, groundY, 1);
}

function plant(svg: Svg, light: Light, dice: Dice, x: number, y: number, scale: number): void {
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

function trees(svg: Svg, look: Look, light: Light, dice: Dice, baseY: number, scale: number): void {
  const count = dice.int(2, 4);
  for (let i = 0; i < count; i++) {
    const x = i % 2 === 0 ? dice.between(-60, 260) : dice.between(W - 260, W + 60);
    const y = baseY + dice.between(0, 40);
    if (look.backdrop === 'sea') palm(svg, light, dice, x, y, scale * dice.between(0.9, 1.2));
    else roundTree(svg, light, dice, x, y, scale * dice.between(0.9, 1.25));
  }
}

function palm(svg: Svg, light: Light, dice: Dice, x: number, y: number, s: number): void {
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

function streetLamps(svg: Svg, light: Light, dice: Dice, groundY: number): void {
  const glow = svg.radial([
    [0, [255, 220, 160], 0.8],
    [1, [255, 220, 160], 0],
  ]);
  for (let x = dice.between(100, 250); x < W; x += dice.between(420, 560)) {
    svg.add(rect(x - 4, groundY - 220, 8, 270, hex(shade([50, 52, 56], 0.8))));
    svg.add(circle(x, groundY - 226, 60, glow));
    svg.add(circle(x, groundY - 226, 12, '#fff3d6'));
  }
}

function poolDeck(svg: Svg, look: Look, light: Light, dice: Dice, deckY: number): void {
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
  const pool: [number, number][] = [
    [620, farY],
    [1240, farY],
    [1560, H + 10],
    [420, H + 10],
  ];
  const water = svg.linear([
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
  svg.add(poly(pool, water));
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
  if (light.dark)
    ripples.push(
      rect(
        0,
        farY,
        W,
        H,
        svg.radial([
          [0, [120, 230, 255], 0.5],
          [1, [120, 230, 255], 0],
        ]),
      ),
    );
  svg.add(`<g clip-path="${clip}">${ripples.join('')}</g>`);

  // Loungers and umbrellas down the left of the pool, larger as they come nearer.
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
  palm(svg, light, dice, W - 110, farY + 90, 0.8);
}

function lounger(svg: Svg, light: Light, x: number, y: number, s: number): void {
  const frame = shade([236, 234, 228], light.ambient);
  svg.add(ellipse(x + 70 * s, y + 6 * s, 90 * s, 10 * s, '#000000', opacity(0.15)));
  svg.add(
    `<path d="M${n(x)},${n(y - 18 * s)} L${n(x + 110 * s)},${n(y - 18 * s)} L${n(x + 150 * s)},${n(y - 64 * s)} L${n(x + 160 * s)},${n(y - 58 * s)} L${n(x + 124 * s)},${n(y - 6 * s)} L${n(x)},${n(y - 6 * s)} Z" fill="${hex(frame)}"/>`,
  );
  for (const lx of [x + 8 * s, x + 112 * s]) svg.add(rect(lx, y - 6 * s, 4 * s, 10 * s, hex(shade(frame, 0.6))));
}

// ---------- indoors: a pinhole camera in a box-shaped room ----------

type P3 = readonly [x: number, y: number, z: number];

class Camera {
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
    if (y1 < this.eye)
      faces.push(
        this.quad(
          [
            [x0, y1, z0],
            [x1, y1, z0],
            [x1, y1, z1],
            [x0, y1, z1],
          ],
          hex(mix(colour, [255, 255, 255], 0.12)),
        ),
      );
    if (y0 > this.eye)
      faces.push(
        this.quad(
          [
            [x0, y0, z0],
            [x1, y0, z0],
            [x1, y0, z1],
            [x0, y0, z1],
          ],
          hex(shade(colour, 0.7)),
        ),
      );
    if (x0 > 0)
      faces.push(
        this.quad(
          [
            [x0, y0, z0],
            [x0, y1, z0],
            [x0, y1, z1],
            [x0, y0, z1],
          ],
          hex(shade(colour, 0.78)),
        ),
      );
    if (x1 < 0)
      faces.push(
        this.quad(
          [
            [x1, y0, z0],
            [x1, y1, z0],
            [x1, y1, z1],
            [x1, y0, z1],
          ],
          hex(shade(colour, 0.78)),
        ),
      );
    faces.push(
      this.quad(
        [
          [x0, y0, z0],
          [x1, y0, z0],
          [x1, y1, z0],
          [x0, y1, z0],
        ],
        hex(colour),
      ),
    );
    return faces.join('');
  }
  /** A rectangle facing the camera at depth z, as an SVG rect (it stays a rectangle). */
  frontRect(x0: number, x1: number, y0: number, y1: number, z: number): { x: number; y: number; w: number; h: number } {
    const [ax, ay] = this.at([x0, y1, z]);
    const [bx, by] = this.at([x1, y0, z]);
    return { x: ax, y: ay, w: bx - ax, h: by - ay };
  }
}

interface Room {
  cam: Camera;
  halfW: number;
  height: number;
  back: number;
}

/** Walls, floor and ceiling; the near plane is behind the frame so every surface runs off the picture. */
function roomShell(
  svg: Svg,
  room: Room,
  wall: RGB,
  floor: RGB,
  floorLines: 'planks' | 'tiles' | 'none',
  lightLevel: number,
): void {
  const { cam, halfW: x, height: h, back: z } = room;
  const near = 0.4;
  const walls = shade(wall, lightLevel);
  svg.add(
    cam.quad(
      [
        [-x, h, near],
        [x, h, near],
        [x, h, z],
        [-x, h, z],
      ],
      hex(mix(walls, [255, 255, 255], 0.15)),
    ),
  );
  svg.add(
    cam.quad(
      [
        [-x, 0, near],
        [-x, 0, z],
        [-x, h, z],
        [-x, h, near],
      ],
      hex(shade(walls, 0.9)),
    ),
  );
  svg.add(
    cam.quad(
      [
        [x, 0, near],
        [x, 0, z],
        [x, h, z],
        [x, h, near],
      ],
      hex(shade(walls, 0.84)),
    ),
  );
  svg.add(
    cam.quad(
      [
        [-x, 0, z],
        [x, 0, z],
        [x, h, z],
        [-x, h, z],
      ],
      hex(walls),
    ),
  );
  const floorColour = shade(floor, lightLevel);
  svg.add(
    cam.quad(
      [
        [-x, 0, near],
        [x, 0, near],
        [x, 0, z],
        [-x, 0, z],
      ],
      hex(floorColour),
    ),
  );
  const seam = hex(shade(floorColour, 0.82));
  if (floorLines === 'planks')
    for (let px = -x; px < x; px += 0.18) svg.add(line(...cam.at([px, 0, near]), ...cam.at([px, 0, z]), seam, 1.2));
  if (floorLines === 'tiles') {
    for (let px = -x; px < x; px += 0.6) svg.add(line(...cam.at([px, 0, near]), ...cam.at([px, 0, z]), seam, 1.5));
    for (let pz = 1; pz < z; pz += 0.6) svg.add(line(...cam.at([-x, 0, pz]), ...cam.at([x, 0, pz]), seam, 1.5));
  }
  // Skirting, where the walls meet the floor.
  const skirting = hex(mix(walls, [255, 255, 255], 0.3));
  svg.add(
    cam.quad(
      [
        [-x, 0, z],
        [x, 0, z],
        [x, 0.08, z],
        [-x, 0.08, z],
      ],
      skirting,
    ),
  );
  svg.add(
    cam.quad(
      [
        [-x, 0, near],
        [-x, 0, z],
        [-x, 0.08, z],
        [-x, 0.08, near],
      ],
      skirting,
    ),
  );
  svg.add(
    cam.quad(
      [
        [x, 0, near],
        [x, 0, z],
        [x, 0.08, z],
        [x, 0.08, near],
      ],
      skirting,
    ),
  );
}

/** A window in a side wall, sky and a far skyline showing through, curtains drawn back. */
function sideWindow(
  svg: Svg,
  room: Room,
  look: Look,
  light: Light,
  dice: Dice,
  onRight: boolean,
  z0: number,
  z1: number,
): void {
  const { cam } = room;
  const x = onRight ? room.halfW : -room.halfW;
  const y0 = 0.75;
  const y1 = Math.min(room.height - 0.25, 2.4);
  const pane: P3[] = [
    [x, y0, z0],
    [x, y0, z1],
    [x, y1, z1],
    [x, y1, z0],
  ];
  svg.add(
    cam.quad(
      pane,
      svg.linear([
        [0, light.sky[0]],
        [0.7, light.sky[1]],
        [1, light.sky[2]],
      ]),
    ),
  );
  const clip = svg.clip(cam.quad(pane, '#fff'));
  const view: string[] = [];
  const haze = mix(light.sky[2], [90, 100, 120], 0.5);
  for (let z = z0; z < z1; z += dice.between(0.12, 0.3)) {
    const top = y0 + dice.between(0.1, 0.7);
    view.push(
      cam.quad(
        [
          [x, y0 - 0.1, z],
          [x, y0 - 0.1, z + 0.3],
          [x, top, z + 0.3],
          [x, top, z],
        ],
        hex(haze),
      ),
    );
    if (light.dark) view.push(circle(...cam.at([x, dice.between(y0, top), z + 0.1]), 2.5, hex(dice.pick(WARM_LIGHTS))));
  }
  svg.add(`<g clip-path="${clip}">${view.join('')}</g>`);
  const frame = hex(mix(look.wall, [255, 255, 255], 0.6));
  const mid = (z0 + z1) / 2;
  svg.add(line(...cam.at([x, y0, mid]), ...cam.at([x, y1, mid]), frame, 6));
  svg.add(cam.quad(pane, 'none', ` stroke="${frame}" stroke-width="8"`));
  const curtain = shade(mix(look.fabric, [240, 236, 228], 0.55), light.dark ? 0.6 : 0.95);
  for (const [a, b] of [
    [z0 - 0.45, z0 + 0.08],
    [z1 - 0.08, z1 + 0.45],
  ] as const) {
    const inset = onRight ? x - 0.06 : x + 0.06;
    svg.add(
      cam.quad(
        [
          [inset, 0.05, a],
          [inset, 0.05, b],
          [inset, y1 + 0.2, b],
          [inset, y1 + 0.2, a],
        ],
        hex(curtain),
      ),
    );
    for (let z = a + 0.08; z < b; z += 0.12)
      svg.add(line(...cam.at([inset, 0.05, z]), ...cam.at([inset, y1 + 0.2, z]), hex(shade(curtain, 0.82)), 2));
  }
  if (!light.dark) {
    // Daylight falling through onto the floor.
    const sign = onRight ? -1 : 1;
    svg.add(
      cam.quad(
        [
          [x, 0, z0],
          [x, 0, z1],
          [x + sign * 1.6, 0, z1 + 0.6],
          [x + sign * 1.6, 0, z0 + 0.6],
        ],
        '#fff8e8',
        opacity(0.18),
      ),
    );
  }
}

function lamp(svg: Svg, cam: Camera, light: Light, x: number, y: number, z: number, shadeColour: RGB): void {
  const base = cam.frontRect(x - 0.03, x + 0.03, y, y + 0.32, z);
  svg.add(rect(base.x, base.y, base.w, base.h, '#3a3532'));
  const glow: RGB = light.dark ? [255, 226, 170] : mix(shadeColour, [255, 255, 255], 0.5);
  svg.add(
    cam.quad(
      [
        [x - 0.13, y + 0.3, z],
        [x + 0.13, y + 0.3, z],
        [x + 0.09, y + 0.55, z],
        [x - 0.09, y + 0.55, z],
      ],
      hex(glow),
    ),
  );
  if (light.dark) {
    const [cx, cy] = cam.at([x, y + 0.42, z]);
    svg.add(
      circle(
        cx,
        cy,
        160,
        svg.radial([
          [0, [255, 214, 150], 0.55],
          [1, [255, 214, 150], 0],
        ]),
      ),
    );
  }
}

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

function bedroom(svg: Svg, look: Look, light: Light, dice: Dice, roomType: string, mirrored: boolean): void {
  const plan = bedsFor(roomType);
  const room: Room = {
    // Shot from a little off the middle, as a photographer stands.
    cam: new Camera(560, 1.25, W / 2 + dice.between(-140, 140)),
    halfW: plan.widths.length > 1 || plan.armchair ? 2.8 : 2.4,
    height: 2.7,
    back: 4,
  };
  const { cam } = room;
  const level = light.dark ? 0.62 : 1;
  roomShell(svg, room, look.wall, look.floor, look.carpet ? 'none' : 'planks', level);

  // An accent wall of panelling behind the bed.
  const panel = shade(mix(look.wall, look.wood, 0.45), level);
  svg.add(
    cam.quad(
      [
        [-room.halfW, 0.08, room.back],
        [room.halfW, 0.08, room.back],
        [room.halfW, 2.3, room.back],
        [-room.halfW, 2.3, room.back],
      ],
      hex(panel),
    ),
  );
  for (let x = -room.halfW + 0.6; x < room.halfW; x += 0.6)
    svg.add(line(...cam.at([x, 0.08, room.back]), ...cam.at([x, 2.3, room.back]), hex(shade(panel, 0.88)), 2));

  const windowRight = mirrored ? dice.chance(0.3) : dice.chance(0.7);
  sideWindow(svg, room, look, light, dice, windowRight, 2, 3.5);

  const total = plan.widths.reduce((a, b) => a + b, 0) + (plan.widths.length - 1) * 0.7;
  const centre = dice.between(-0.3, 0.3) + (windowRight ? -0.25 : 0.25);
  const zBack = room.back - 0.02;
  const length = 2.1;
  const zFoot = zBack - length;
  const wood = shade(look.wood, level);
  const linen = shade([246, 244, 240], level);
  const accent = shade(look.fabric, level);

  // Artwork above the headboard: a framed landscape.
  const art = cam.frontRect(centre - 0.55, centre + 0.55, 1.55, 2.1, room.back);
  svg.add(rect(art.x - 6, art.y - 6, art.w + 12, art.h + 12, hex(shade(wood, 0.7))));
  svg.add(
    rect(
      art.x,
      art.y,
      art.w,
      art.h,
      svg.linear([
        [0, mix(light.sky[0], [255, 255, 255], 0.3)],
        [1, mix(look.fabric, [230, 220, 200], 0.5)],
      ]),
    ),
  );
  svg.add(
    `<path d="M${n(art.x)},${n(art.y + art.h * 0.7)} Q${n(art.x + art.w * 0.3)},${n(art.y + art.h * 0.4)} ${n(art.x + art.w * 0.6)},${n(art.y + art.h * 0.65)} T${n(art.x + art.w)},${n(art.y + art.h * 0.55)} L${n(art.x + art.w)},${n(art.y + art.h)} L${n(art.x)},${n(art.y + art.h)} Z" fill="${hex(shade(accent, 0.9))}"${opacity(0.8)}/>`,
  );

  // A rug under the foot of the beds.
  const rugX0 = centre - total / 2 - 0.6;
  const rugX1 = centre + total / 2 + 0.6;
  svg.add(
    cam.quad(
      [
        [rugX0, 0.005, zFoot - 0.9],
        [rugX1, 0.005, zFoot - 0.9],
        [rugX1, 0.005, zFoot + 1.2],
        [rugX0, 0.005, zFoot + 1.2],
      ],
      hex(mix(accent, [220, 210, 196], 0.6)),
    ),
  );

  // Nightstands and lamps either side.
  const left = centre - total / 2;
  const right = centre + total / 2;
  for (const x of [left - 0.62, right + 0.12]) {
    svg.add(cam.box(x, x + 0.5, 0, 0.55, zBack - 0.45, zBack, wood));
    lamp(svg, cam, light, x + 0.25, 0.55, zBack - 0.22, look.fabric);
  }

  // The beds, drawn from the one furthest from the middle of the picture inwards.
  let x = left;
  const beds = plan.widths.map((w) => {
    const bed = { x0: x, x1: x + w };
    x += w + 0.7;
    return bed;
  });
  beds.sort((a, b) => Math.abs(b.x0 + b.x1) - Math.abs(a.x0 + a.x1));
  for (const { x0, x1 } of beds) {
    svg.add(cam.box(x0 - 0.08, x1 + 0.08, 0, 1.25, zBack - 0.1, zBack, shade(mix(accent, look.wood, 0.5), 0.9)));
    svg.add(cam.box(x0, x1, 0, 0.28, zFoot, zBack - 0.1, shade(wood, 0.8)));
    svg.add(cam.box(x0 - 0.03, x1 + 0.03, 0.22, 0.58, zFoot - 0.04, zBack - 0.1, linen));
    const pillows = x1 - x0 > 1.2 ? 2 : 1;
    const pw = (x1 - x0 - 0.16) / pillows;
    for (let i = 0; i < pillows; i++) {
      const p = cam.frontRect(x0 + 0.08 + i * pw + 0.02, x0 + 0.08 + (i + 1) * pw - 0.02, 0.56, 0.86, zBack - 0.42);
      svg.add(
        rect(
          p.x,
          p.y,
          p.w,
          p.h,
          hex(mix(linen, [255, 255, 255], 0.4)),
          ` rx="${n(p.h * 0.3)}" stroke="${hex(shade(linen, 0.85))}" stroke-width="2"`,
        ),
      );
    }
    const cushion = cam.frontRect((x0 + x1) / 2 - 0.22, (x0 + x1) / 2 + 0.22, 0.56, 0.78, zBack - 0.6);
    svg.add(rect(cushion.x, cushion.y, cushion.w, cushion.h, hex(accent), ` rx="${n(cushion.h * 0.25)}"`));
    // A throw across the foot of the bed.
    svg.add(cam.box(x0 - 0.04, x1 + 0.04, 0.5, 0.6, zFoot - 0.05, zFoot + 0.45, accent));
  }

  if (plan.armchair) {
    // Suites have room for an armchair, on the side away from the window.
    const ax = windowRight ? -room.halfW + 0.15 : room.halfW - 0.95;
    const chair = shade(mix(look.fabric, [200, 196, 190], 0.4), level);
    svg.add(cam.box(ax, ax + 0.8, 0.42, 0.95, 2.55, 2.7, shade(chair, 0.9)));
    svg.add(cam.box(ax, ax + 0.8, 0.08, 0.45, 2.0, 2.7, chair));
    svg.add(cam.box(ax, ax + 0.12, 0.45, 0.62, 2.0, 2.6, shade(chair, 0.95)));
    svg.add(cam.box(ax + 0.68, ax + 0.8, 0.45, 0.62, 2.0, 2.6, shade(chair, 0.95)));
  }
  const overlay: RGB = light.dark ? [40, 26, 10] : [255, 250, 240];
  svg.add(rect(0, 0, W, H, hex(overlay), opacity(light.dark ? 0.22 : 0.05)));
}

function bathroom(svg: Svg, look: Look, light: Light, dice: Dice): void {
  const room: Room = {
    cam: new Camera(520, 1.35, W / 2 + dice.between(-120, 120)),
    halfW: 1.8,
    height: 2.6,
    back: 3.1,
  };
  const { cam } = room;
  const level = light.dark ? 0.8 : 1;
  roomShell(svg, room, look.tiles, mix(look.tiles, [60, 60, 64], 0.35), 'tiles', level);
  const grout = hex(shade(look.tiles, 0.86 * level));
  for (let y = 0.3; y < room.height; y += 0.3) {
    svg.add(line(...cam.at([-room.halfW, y, 0.5]), ...cam.at([-room.halfW, y, room.back]), grout, 1.2));
    svg.add(line(...cam.at([room.halfW, y, 0.5]), ...cam.at([room.halfW, y, room.back]), grout, 1.2));
    svg.add(line(...cam.at([-room.halfW, y, room.back]), ...cam.at([room.halfW, y, room.back]), grout, 1.2));
  }
  for (let x = -room.halfW + 0.3; x < room.halfW; x += 0.3)
    svg.add(line(...cam.at([x, 0, room.back]), ...cam.at([x, room.height, room.back]), grout, 1.2));

  const tubRight = dice.chance(0.5);
  // The vanity and mirror against the back wall, on the side away from the tub.
  const vx = tubRight ? -1.4 : 0.1;
  const wood = shade(look.wood, level);
  svg.add(cam.box(vx, vx + 1.3, 0.2, 0.82, room.back - 0.55, room.back, wood));
  svg.add(cam.box(vx - 0.02, vx + 1.32, 0.82, 0.87, room.back - 0.58, room.back, shade([236, 234, 230], level)));
  const [sx, sy] = cam.at([vx + 0.65, 0.87, room.back - 0.3]);
  svg.add(
    ellipse(
      sx,
      sy,
      70,
      14,
      hex(shade([250, 250, 250], level)),
      ` stroke="${hex(shade([200, 200, 200], level))}" stroke-width="2"`,
    ),
  );
  const tap = cam.frontRect(vx + 0.62, vx + 0.68, 0.87, 1.08, room.back - 0.08);
  svg.add(rect(tap.x, tap.y, tap.w, tap.h, '#b8bcc2'));
  const mirror = cam.frontRect(vx + 0.1, vx + 1.2, 1.15, 2.05, room.back);
  svg.add(
    rect(
      mirror.x,
      mirror.y,
      mirror.w,
      mirror.h,
      svg.linear(
        [
          [0, [206, 214, 220]],
          [0.5, [168, 178, 186]],
          [1, [214, 220, 226]],
        ],
        [0, 0, 1, 1],
      ),
      ` stroke="${hex(shade(wood, 0.8))}" stroke-width="6"`,
    ),
  );
  svg.add(
    line(
      mirror.x + mirror.w * 0.2,
      mirror.y + mirror.h,
      mirror.x + mirror.w * 0.55,
      mirror.y,
      '#ffffff',
      10,
      opacity(0.25),
    ),
  );
  const bar = cam.frontRect(vx + 0.2, vx + 1.1, 2.12, 2.18, room.back);
  svg.add(rect(bar.x, bar.y, bar.w, bar.h, '#fff6e0'));
  svg.add(
    circle(
      bar.x + bar.w / 2,
      bar.y,
      200,
      svg.radial([
        [0, [255, 240, 210], 0.5],
        [1, [255, 240, 210], 0],
      ]),
    ),
  );

  // The bathtub along one side wall.
  const tx0 = tubRight ? room.halfW - 0.8 : -room.halfW;
  const tx1 = tx0 + 0.8;
  const white = shade([244, 244, 242], level);
  svg.add(cam.box(tx0, tx1, 0, 0.56, room.back - 1.6, room.back, white));
  svg.add(
    cam.quad(
      [
        [tx0 + 0.08, 0.561, room.back - 1.52],
        [tx1 - 0.08, 0.561, room.back - 1.52],
        [tx1 - 0.08, 0.561, room.back - 0.08],
        [tx0 + 0.08, 0.561, room.back - 0.08],
      ],
      hex(shade([196, 220, 228], level)),
    ),
  );
  // Towels folded on a shelf above the tub, a mat on the floor beside it.
  const towel = shade(mix(look.fabric, [240, 236, 228], 0.5), level);
  const wallX = tubRight ? room.halfW - 0.3 : -room.halfW + 0.02;
  for (let i = 0; i < 3; i++)
    svg.add(
      cam.box(
        wallX,
        wallX + 0.28,
        1.2 + i * 0.09,
        1.28 + i * 0.09,
        room.back - 1.1,
        room.back - 0.75,
        shade(towel, 1 - i * 0.05),
      ),
    );
  const mx = tubRight ? tx0 - 0.75 : tx1 + 0.15;
  svg.add(
    cam.quad(
      [
        [mx, 0.01, room.back - 1.3],
        [mx + 0.6, 0.01, room.back - 1.3],
        [mx + 0.6, 0.01, room.back - 0.5],
        [mx, 0.01, room.back - 0.5],
      ],
      hex(towel),
    ),
  );
  plant(svg, light, dice, ...cam.at([tubRight ? vx + 0.05 : vx + 1.1, 0.87, room.back - 0.2]), 0.6);
  if (light.dark) svg.add(rect(0, 0, W, H, '#2a1c0c', opacity(0.15)));
}

function lobby(svg: Svg, look: Look, light: Light, dice: Dice): void {
  const room: Room = { cam: new Camera(620, 1.5, W / 2 + dice.between(-160, 160)), halfW: 5.5, height: 4.6, back: 10 };
  const { cam } = room;
  const level = light.dark ? 0.72 : 1;
  const marble = mix([232, 228, 220], look.stone, 0.2);
  roomShell(svg, room, mix(mix(look.wall, look.facade, 0.3), look.wood, 0.15), marble, 'tiles', level);

  // Tall windows across the back wall, the outdoors in them.
  for (let x = -5.2; x < 5; x += 1.8) {
    const pane: P3[] = [
      [x, 0.3, room.back],
      [x + 1.4, 0.3, room.back],
      [x + 1.4, 3.9, room.back],
      [x, 3.9, room.back],
    ];
    svg.add(
      cam.quad(
        pane,
        svg.linear([
          [0, light.sky[0]],
          [0.6, light.sky[1]],
          [0.8, light.sky[2]],
          [1, shade([90, 120, 80], light.ambient)],
        ]),
        ` stroke="${hex(shade(look.trim, 0.8))}" stroke-width="6"`,
      ),
    );
  }
  // Pendant lights over the room.
  const glow = svg.radial([
    [0, [255, 226, 170], 0.6],
    [1, [255, 226, 170], 0],
  ]);
  for (const z of [4.5, 6.5, 8.5])
    for (const x of [-3, 0, 3]) {
      svg.add(line(...cam.at([x, room.height, z]), ...cam.at([x, 3.3, z]), '#2b2b2b', 1.5));
      const [cx, cy] = cam.at([x, 3.3, z]);
      svg.add(circle(cx, cy, 420 / z, glow));
      svg.add(circle(cx, cy, 90 / z, '#fff1d0'));
    }
  // The reception desk to one side, the sitting area to the other.
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
