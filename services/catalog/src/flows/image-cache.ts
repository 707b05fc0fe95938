// Rendered images kept in memory, least recently used dropped first, within a byte budget; a render
// already under way is shared, so a burst of requests for one new image renders it once.
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
