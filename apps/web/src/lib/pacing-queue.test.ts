import type { TLiveMessageType } from '@escriba/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPacingQueue, LIVE_PACING_MS } from './pacing-queue';

interface Message {
  type: TLiveMessageType;
  n: number;
}

describe('pacing queue', () => {
  let delivered: Message[];
  let queue: ReturnType<typeof createPacingQueue<TLiveMessageType, Message>>;

  beforeEach(() => {
    vi.useFakeTimers();
    delivered = [];
    queue = createPacingQueue<TLiveMessageType, Message>(LIVE_PACING_MS, (message) => delivered.push(message));
  });
  afterEach(() => vi.useRealTimers());

  it('uses the spec delays', () => {
    expect(LIVE_PACING_MS).toEqual({ transcript: 100, anamnesis: 500, end: 0, system: 0, evidence: 0 });
  });

  it('delivers the first transcript at once and the next ones 100 ms apart, in order', () => {
    [1, 2, 3].forEach((n) => queue.push({ type: 'transcript', n }));
    expect(delivered.map((m) => m.n)).toEqual([1]);
    vi.advanceTimersByTime(99);
    expect(delivered).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(delivered.map((m) => m.n)).toEqual([1, 2]);
    vi.advanceTimersByTime(100);
    expect(delivered.map((m) => m.n)).toEqual([1, 2, 3]);
  });

  it('paces anamnesis at 500 ms without holding up other kinds', () => {
    queue.push({ type: 'anamnesis', n: 1 });
    queue.push({ type: 'anamnesis', n: 2 });
    queue.push({ type: 'system', n: 3 });
    queue.push({ type: 'evidence', n: 4 });
    queue.push({ type: 'end', n: 5 });
    expect(delivered.map((m) => m.n)).toEqual([1, 3, 4, 5]);
    vi.advanceTimersByTime(500);
    expect(delivered.map((m) => m.n)).toEqual([1, 3, 4, 5, 2]);
  });

  it('delivers at once again after a quiet period', () => {
    queue.push({ type: 'transcript', n: 1 });
    vi.advanceTimersByTime(300);
    queue.push({ type: 'transcript', n: 2 });
    expect(delivered.map((m) => m.n)).toEqual([1, 2]);
  });

  it('drops pending messages on clear', () => {
    queue.push({ type: 'anamnesis', n: 1 });
    queue.push({ type: 'anamnesis', n: 2 });
    queue.clear();
    vi.advanceTimersByTime(1000);
    expect(delivered.map((m) => m.n)).toEqual([1]);
  });
});
