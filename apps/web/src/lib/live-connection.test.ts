import type { TLiveMessage } from '@escriba/contract';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { buildLiveUrl, createLiveConnection, type LiveSocket } from './live-connection';

class FakeSocket implements LiveSocket {
  // As a browser's socket, it opens before the server has said anything.
  onopen: ((event: Event) => void) | null = null;
  onmessage: LiveSocket['onmessage'] = null;
  onclose: LiveSocket['onclose'] = null;
  isClosed = false;
  constructor(readonly url: string) {}
  close() {
    this.isClosed = true;
  }
  send(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  drop() {
    this.onclose?.({} as CloseEvent);
  }
}

describe('live connection', () => {
  let sockets: FakeSocket[];
  let isAlive: boolean;
  let onUnauthorized: Mock<(message: TLiveMessage) => void>;
  let onReplaced: Mock<(message: TLiveMessage) => void>;
  let live: ReturnType<typeof createLiveConnection>;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    isAlive = true;
    onUnauthorized = vi.fn<(message: TLiveMessage) => void>();
    onReplaced = vi.fn<(message: TLiveMessage) => void>();
    live = createLiveConnection({
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      buildUrl: (userId, token) => `ws://h/v1/ws/user/${userId}/token/${token}`,
      isSessionAlive: () => isAlive,
      onUnauthorized,
      onReplaced,
    });
  });
  afterEach(() => vi.useRealTimers());

  it('opens only with a user id and stream token, and only once', () => {
    expect(live.open(undefined, 'x')).toBe(false);
    expect(live.open('u', '')).toBe(false);
    expect(live.open('u', 's')).toBe(true);
    expect(live.open('u', 's')).toBe(false);
    expect(sockets.map((s) => s.url)).toEqual(['ws://h/v1/ws/user/u/token/s']);
  });

  it('delivers messages to subscribers and ignores malformed ones', () => {
    const received = vi.fn();
    live.subscribe(received);
    live.open('u', 's');
    sockets[0]?.send({ type: 'system', detail: 'ok' });
    sockets[0]?.onmessage?.({ data: 'not json' } as MessageEvent);
    sockets[0]?.send({ type: 'unknown' });
    expect(received).toHaveBeenCalledTimes(1);
    expect(received).toHaveBeenCalledWith({ type: 'system', detail: 'ok' });
  });

  it('closes and reports a 401 system message instead of delivering it', () => {
    const received = vi.fn();
    live.subscribe(received);
    live.open('u', 's');
    sockets[0]?.send({ type: 'system', status_code: 401, detail: 'Sessão encerrada' });
    expect(onUnauthorized).toHaveBeenCalledWith(expect.objectContaining({ status_code: 401 }));
    expect(received).not.toHaveBeenCalled();
    expect(sockets[0]?.isClosed).toBe(true);
    expect(live.isOpen()).toBe(false);
  });

  it('reconnects with growing backoff after a drop while the session lives', () => {
    live.open('u', 's');
    sockets[0]?.drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.drop();
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    sockets[2]?.send({ type: 'system', status_code: 200, detail: 'connected' });
    sockets[2]?.drop();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(4);
  });

  it('keeps backing off while the server accepts the socket but cannot subscribe it', () => {
    live.open('u', 's');
    for (const [index, waitMs] of [1000, 2000, 4000, 8000].entries()) {
      sockets[index]?.onopen?.({} as Event);
      sockets[index]?.send({ type: 'system', status_code: 503, detail: 'Canal ao vivo indisponível no momento' });
      sockets[index]?.drop();
      vi.advanceTimersByTime(waitMs - 1);
      expect(sockets).toHaveLength(index + 1);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(index + 2);
    }
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('stops and says why, without logging out, when a newer connection of the session replaces this one', () => {
    live.open('u', 's');
    sockets[0]?.send({ type: 'system', status_code: 409, detail: 'Conexão encerrada' });
    sockets[0]?.drop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(live.isOpen()).toBe(false);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onReplaced).toHaveBeenCalledWith(expect.objectContaining({ detail: 'Conexão encerrada' }));
  });

  it('does not reconnect once the session is gone or after close()', () => {
    live.open('u', 's');
    isAlive = false;
    sockets[0]?.drop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);

    isAlive = true;
    live.open('u', 's');
    live.close();
    sockets[1]?.drop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]?.isClosed).toBe(true);
  });

  it('builds ws:// on http and wss:// on https', () => {
    expect(buildLiveUrl({ protocol: 'http:', host: 'localhost:3000' }, 'u', 's')).toBe(
      'ws://localhost:3000/v1/ws/user/u/token/s',
    );
    expect(buildLiveUrl({ protocol: 'https:', host: 'escriba.app' }, 'u', 's')).toBe(
      'wss://escriba.app/v1/ws/user/u/token/s',
    );
  });
});
