import { LIVE_AUDIO_CLOSE_CODES } from '@escriba/contract';
import { describe, expect, it } from 'vitest';
import { createLiveAudio, type LiveAudioSocket } from './live-audio';

/** A socket that records what is sent, opened and closed by the test. */
function fakeSocket() {
  const socket = {
    sent: [] as (string | number)[],
    readyState: 0,
    bufferedAmount: 0,
    binaryType: 'blob' as BinaryType,
    onopen: null as ((event: Event) => void) | null,
    onclose: null as ((event: CloseEvent) => void) | null,
    send(data: string | ArrayBuffer) {
      socket.sent.push(typeof data === 'string' ? data : data.byteLength / 2);
    },
    close: () => undefined,
    open() {
      socket.readyState = 1;
      socket.onopen?.(new Event('open'));
    },
    closeWith(code: number) {
      socket.readyState = 3;
      socket.onclose?.({ code } as CloseEvent);
    },
  };
  return socket satisfies LiveAudioSocket;
}

function streamOf() {
  const sockets: ReturnType<typeof fakeSocket>[] = [];
  const live = createLiveAudio(() => {
    const socket = fakeSocket();
    sockets.push(socket);
    return socket;
  });
  return { live, sockets };
}

const utterance = (seq: number, start: number) => JSON.stringify({ type: 'utterance', seq, start });
const end = (seq: number) => JSON.stringify({ type: 'utterance_end', seq });

describe('the live audio stream', () => {
  it('sends each chunk being gathered as it is spoken: its start, 0.1 s frames of 16-bit audio, its end', () => {
    const { live, sockets } = streamOf();
    live.utterance(4, 12.3456);
    live.audio(new Float32Array(2_000).fill(0.2));
    expect(sockets).toHaveLength(1);
    sockets[0]!.open();
    expect(sockets[0]!.binaryType).toBe('arraybuffer');
    live.audio(new Float32Array(1_500));
    live.cut();
    // Audio outside a chunk being gathered is not sent.
    live.audio(new Float32Array(3_200));
    expect(sockets[0]!.sent).toEqual([utterance(4, 12.346), 1_600, 1_600, 300, end(4)]);
  });

  it('opens again at the next chunk when the connection dropped, and never again when the server says there is no stream', () => {
    const { live, sockets } = streamOf();
    live.utterance(0, 0);
    sockets[0]!.open();
    sockets[0]!.closeWith(1006);
    live.audio(new Float32Array(1_600));
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([1_600]);
    sockets[1]!.closeWith(LIVE_AUDIO_CLOSE_CODES.unavailable);
    live.utterance(1, 3);
    live.audio(new Float32Array(3_200));
    live.cut();
    expect(sockets).toHaveLength(2);
  });

  it('keeps up to 3 s of audio while the socket opens, and skips frames on a connection that far behind', () => {
    const { live, sockets } = streamOf();
    live.utterance(0, 0);
    live.audio(new Float32Array(16_000 * 5));
    sockets[0]!.open();
    expect(sockets[0]!.sent).toHaveLength(1 + 30);
    sockets[0]!.bufferedAmount = 300 * 1024;
    live.audio(new Float32Array(1_600));
    live.cut();
    expect(sockets[0]!.sent.slice(31)).toEqual([end(0)]);
  });
});
