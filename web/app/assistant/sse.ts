// A small Server-Sent Events reader for Taylor's answers: `event:` and `data:` lines, a blank line ends an
// event. EventSource cannot POST or send a bearer token, so the answer is read from fetch's body instead.

export interface SseEvent {
  /** `message` when the event named none, as EventSource does. */
  event: string;
  /** The event's `data:` lines, joined by newlines. */
  data: string;
}

/**
 * Takes the stream's text in pieces of any size (a piece may end mid-line or mid-event) and calls `onEvent` for
 * each whole event, following the HTML standard's parsing rules (CRLF, CR or LF line ends, comments, one space
 * after the colon dropped, events without data ignored).
 */
export class SseParser {
  private buffer = '';
  private started = false;
  private type = '';
  private data: string[] = [];

  constructor(private readonly onEvent: (event: SseEvent) => void) {}

  push(chunk: string): void {
    let text = this.buffer + chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.startsWith('\ufeff')) text = text.slice(1);
    }
    let lineStart = 0;
    for (let i = 0; i < text.length; i++) {
      const char = text[i];
      if (char !== '\n' && char !== '\r') continue;
      // A CR at the very end may be the first half of a CRLF: wait for the next piece to know.
      if (char === '\r' && i === text.length - 1) break;
      this.line(text.slice(lineStart, i));
      if (char === '\r' && text[i + 1] === '\n') i++;
      lineStart = i + 1;
    }
    this.buffer = text.slice(lineStart);
  }

  /**
   * The stream is over. The standard drops an event the stream did not close with a blank line; a last event
   * with data is delivered anyway, so an answer whose final blank line was lost still finishes.
   */
  end(): void {
    if (this.buffer.length > 0) this.line(this.buffer.replace(/\r$/, ''));
    this.buffer = '';
    this.dispatch();
  }

  private line(line: string): void {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.type = value;
    else if (field === 'data') this.data.push(value);
  }

  private dispatch(): void {
    const { type, data } = this;
    this.type = '';
    this.data = [];
    if (data.length === 0) return;
    this.onEvent({ event: type || 'message', data: data.join('\n') });
  }
}

/** Reads a response body to its end, handing each whole event to `onEvent`. */
export async function readSse(body: ReadableStream<Uint8Array>, onEvent: (event: SseEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser(onEvent);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
