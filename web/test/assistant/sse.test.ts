// Reading Taylor's stream: events split anywhere across the pieces the network delivers, data over several lines,
// the three kinds of line end, comments and events without data, a last event without its blank line, and a
// character whose bytes arrive in two pieces.
import { describe, expect, it } from 'vitest';
import { readSse, SseParser, type SseEvent } from '~/assistant/sse';

function parse(pieces: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = new SseParser((event) => events.push(event));
  for (const piece of pieces) parser.push(piece);
  parser.end();
  return events;
}

const STREAM =
  'event: start\ndata: {"a":1}\n\n' +
  ': a comment the server sends to keep the line open\n\n' +
  'event: token\ndata: {"text":"Hel"}\n\n' +
  'event: token\r\ndata: {"text":"lo"}\r\n\r\n' +
  'event: done\rdata: first line\rdata: second line\r\r';

const EXPECTED: SseEvent[] = [
  { event: 'start', data: '{"a":1}' },
  { event: 'token', data: '{"text":"Hel"}' },
  { event: 'token', data: '{"text":"lo"}' },
  { event: 'done', data: 'first line\nsecond line' },
];

describe('SseParser', () => {
  it('reads whole events, with LF, CRLF and CR line ends, and skips comments', () => {
    expect(parse([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same events however the stream is cut into two pieces', () => {
    for (let at = 0; at <= STREAM.length; at++) {
      expect(parse([STREAM.slice(0, at), STREAM.slice(at)]), `cut at ${at}`).toEqual(EXPECTED);
    }
  });

  it('gives the same events when the stream comes one character at a time', () => {
    expect(parse([...STREAM])).toEqual(EXPECTED);
  });

  it('joins data lines with newlines, drops one space after the colon and keeps the rest', () => {
    expect(parse(['data:no space\ndata:  two spaces\ndata\n\n'])).toEqual([
      { event: 'message', data: 'no space\n two spaces\n' },
    ]);
  });

  it('ignores an event without data, and does not carry its name to the next one', () => {
    expect(parse(['event: tool\n\ndata: x\n\n'])).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('does not deliver an event before its blank line has come', () => {
    const events: SseEvent[] = [];
    const parser = new SseParser((event) => events.push(event));
    parser.push('event: token\ndata: {"text":"a"}\n');
    expect(events).toEqual([]);
    parser.push('\n');
    expect(events).toEqual([{ event: 'token', data: '{"text":"a"}' }]);
  });

  it('delivers a last event whose blank line never came when the stream ends', () => {
    expect(parse(['event: done\ndata: {"ok":true}'])).toEqual([{ event: 'done', data: '{"ok":true}' }]);
  });

  it('drops a byte order mark at the start of the stream', () => {
    expect(parse(['\ufeffdata: x\n\n'])).toEqual([{ event: 'message', data: 'x' }]);
  });
});

describe('readSse', () => {
  it('decodes UTF-8 split between chunks and reads the body to its end', async () => {
    const bytes = new TextEncoder().encode('event: token\ndata: {"text":"Sintra é linda"}\n\n');
    const cut = bytes.indexOf(0xc3) + 1; // between the two bytes of "é"
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    const events: SseEvent[] = [];
    await readSse(body, (event) => events.push(event));
    expect(events).toEqual([{ event: 'token', data: '{"text":"Sintra é linda"}' }]);
  });
});
