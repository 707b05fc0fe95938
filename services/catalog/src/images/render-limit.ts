// A bound on the image renders under way at once. Rendering is CPU work on a public route: a burst of
// distinct images must not take the process from everything else it answers. Past the bound, renders wait
// in a short queue; past the queue they are refused at once (the route answers 503 with Retry-After), so a
// request never waits behind a long line.

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
