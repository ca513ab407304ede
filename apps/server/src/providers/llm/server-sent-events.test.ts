import { describe, expect, it } from 'vitest';
import { readServerSentEvents } from './server-sent-events';

async function eventsOf(pieces: (string | Uint8Array)[]): Promise<string[]> {
  const encoder = new TextEncoder();
  async function* chunks() {
    for (const piece of pieces) yield typeof piece === 'string' ? encoder.encode(piece) : piece;
  }
  const events: string[] = [];
  for await (const data of readServerSentEvents(chunks())) events.push(data);
  return events;
}

function everyByte(text: string): Uint8Array[] {
  return Array.from(new TextEncoder().encode(text), (byte) => Uint8Array.of(byte));
}

describe('readServerSentEvents', () => {
  it('yields each data payload, skipping comments and other fields', async () => {
    const stream =
      ': keep-alive\n\nevent: message\nid: 1\ndata: {"a":1}\n\ndata:{"b":2}\nretry: 10\n\ndata: [DONE]\n\n';
    expect(await eventsOf([stream])).toEqual(['{"a":1}', '{"b":2}', '[DONE]']);
  });

  it('reads lines and UTF-8 characters split across chunks at any byte', async () => {
    const stream = 'data: {"texto":"ação, coração 🤕"}\r\n\r\ndata: [DONE]\r\n\r\n';
    expect(await eventsOf(everyByte(stream))).toEqual(['{"texto":"ação, coração 🤕"}', '[DONE]']);
  });

  it('takes CRLF split between chunks as one line end, and lone CRs as line ends', async () => {
    // Read as two line ends, the split CRLF would end the event after its first data line.
    expect(await eventsOf(['data: a\r', '\ndata: b\r\n\r\n'])).toEqual(['a\nb']);
    expect(await eventsOf(['data: a\r\rdata: b\r\r'])).toEqual(['a', 'b']);
  });

  it('joins the data lines of one event', async () => {
    expect(await eventsOf(['data: linha 1\ndata: linha 2\n\n'])).toEqual(['linha 1\nlinha 2']);
  });

  it('keeps a last event without its blank line, and drops a line the stream broke off', async () => {
    expect(await eventsOf(['data: [DONE]\n'])).toEqual(['[DONE]']);
    expect(await eventsOf(['data: {"a":1}\n\ndata: {"choi'])).toEqual(['{"a":1}']);
  });
});
