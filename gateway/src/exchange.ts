// One request to a service through an undici pool's own dispatch, and its answer: small answers whole, as one
// buffer, larger ones (or of unknown length) as a stream with the service's pace. `pool.request` does the same
// with more machinery than a proxy needs on every request: an async resource, a stream and a promise to consume
// even a 150-byte answer; in bench:gateway that was a fifth of the gateway's CPU (docs/performance-gateway.md).
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

/** The status, headers and body of a service's answer. */
export interface Answer {
  statusCode: number;
  headers: Dispatcher.ResponseData['headers'];
  /** The whole body when its length was given and is at most the limit asked for, else a stream of it. */
  body: Buffer | Readable;
}

/** Sends `request` through `dispatcher`; resolves with the answer, or rejects with undici's error. */
export function exchange(
  dispatcher: Dispatcher,
  request: Dispatcher.DispatchOptions,
  wholeUpToBytes: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    dispatcher.dispatch(request, new AnswerHandler(resolve, reject, wholeUpToBytes));
  });
}

type Controller = Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseStart']>>[0];

class AnswerHandler implements Dispatcher.DispatchHandler {
  private statusCode = 0;
  private headers: Answer['headers'] = {};
  /** The body so far, when it is read whole. */
  private chunks: Buffer[] | undefined;
  /** The body, when it streams. */
  private stream: Readable | undefined;
  private ended = false;

  constructor(
    private readonly resolve: (answer: Answer) => void,
    private readonly reject: (err: Error) => void,
    private readonly wholeUpToBytes: number,
  ) {}

  /** Nothing to do here; undici knows a handler of this kind by it. */
  onRequestStart(): void {}

  onResponseStart(controller: Controller, statusCode: number, headers: Answer['headers']): void {
    // A 1xx (`100 Continue`) is not the answer: the real one follows.
    if (statusCode < 200) return;
    this.statusCode = statusCode;
    this.headers = headers;
    // No length (NaN) or a long one: a stream, with the service paused while the client is behind.
    if (Number(headers['content-length']) <= this.wholeUpToBytes) {
      this.chunks = [];
      return;
    }
    const stream = new Readable({
      read: () => controller.resume(),
      destroy: (err, done) => {
        // The client went away (or the reply failed) before the service finished: stop reading it.
        if (!this.ended) controller.abort(err ?? new Error('the answer was not read to its end'));
        done(err);
      },
    });
    this.stream = stream;
    this.resolve({ statusCode, headers, body: stream });
  }

  onResponseData(controller: Controller, chunk: Buffer): void {
    if (this.chunks) this.chunks.push(chunk);
    else if (this.stream && !this.stream.push(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    this.ended = true;
    if (this.stream) {
      this.stream.push(null);
      return;
    }
    const chunks = this.chunks ?? [];
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    this.resolve({ statusCode: this.statusCode, headers: this.headers, body });
  }

  onResponseError(_controller: Controller | undefined, err: Error): void {
    this.ended = true;
    if (this.stream) this.stream.destroy(err);
    else this.reject(err);
  }
}
