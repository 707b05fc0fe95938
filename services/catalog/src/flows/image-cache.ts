// What the image flow keeps in memory: rendered images, least recently used dropped first, within a byte
// budget (a render already under way is shared, so a burst of requests for one new image renders it once);
// and the bound on renders under way at once. Rendering is CPU work on a public route: a burst of distinct
// images must not take the process from everything else it answers. Past the bound, renders wait in a short
// queue; past the queue they are refused at once (the route answers 503 with Retry-After), so a request never
// waits behind a long line.
import type { ImageBox } from '@travelclub/contracts';

export type Renderer = (publicId: string, box: ImageBox) => Promise<Uint8Array>;

export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

export const imageCacheKey = (publicId: string, { w, h, q }: ImageBox) => `${publicId}|${w}|${h}|${q}`;

export class ImageCache {
  /** A Map iterates in insertion order: re-inserting on every hit keeps the least recent first. */
  private readonly entries = new Map<string, Uint8Array>();
  private readonly inFlight = new Map<string, Promise<Uint8Array>>();
  private bytesHeld = 0;

  constructor(
    private readonly render: Renderer,
    private readonly maxBytes = DEFAULT_CACHE_BYTES,
  ) {}

  get bytes(): number {
    return this.bytesHeld;
  }

  get size(): number {
    return this.entries.size;
  }

  async get(publicId: string, box: ImageBox): Promise<Uint8Array> {
    const key = imageCacheKey(publicId, box);
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    // A failed render is not remembered: the next request tries again.
    const rendering = this.render(publicId, box)
      .then((body) => {
        this.keep(key, body);
        return body;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, rendering);
    return rendering;
  }

  private keep(key: string, body: Uint8Array): void {
    // One image larger than the whole budget would only empty the cache for nothing.
    if (body.length > this.maxBytes) return;
    this.entries.set(key, body);
    this.bytesHeld += body.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytesHeld <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytesHeld -= old.length;
    }
  }
}

/** Thrown by `RenderLimit.run` when every render slot and every place in the queue is taken. */
export class RenderBusyError extends Error {
  constructor() {
    super('too many image renders under way');
    this.name = 'RenderBusyError';
  }
}

export class RenderLimit {
  private running = 0;
  private highest = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly maxRunning: number,
    readonly maxWaiting: number,
  ) {
    if (!(maxRunning >= 1) || !(maxWaiting >= 0))
      throw new RangeError('maxRunning must be 1 or more, maxWaiting 0 or more');
  }

  /** Renders under way now. */
  get active(): number {
    return this.running;
  }

  /** Renders waiting for a turn now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** The most renders ever under way at once. */
  get peak(): number {
    return this.highest;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.maxRunning) this.running++;
    else if (this.waiting.length < this.maxWaiting)
      // The slot is handed over by the render that ends: `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw new RenderBusyError();
    this.highest = Math.max(this.highest, this.running);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
