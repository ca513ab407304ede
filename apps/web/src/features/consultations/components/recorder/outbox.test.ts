import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createOutbox, summarizeOutbox, type SendResult } from './outbox';
import { createIndexedDbOutboxStore, type OutboxEntry } from './outbox-store';

const CONSULTATION = '7b0f3c2e-8a51-4d0c-9a53-2f9cf0c1d001';

/** A fresh database per test, and a send whose answers the test scripts. */
function setUp(answers: (entry: OutboxEntry) => SendResult | Promise<SendResult>) {
  const store = createIndexedDbOutboxStore(`outbox-test-${randomUUID()}`);
  const sent: { seq: number | undefined; kind: string; bytes: number }[] = [];
  const send = vi.fn(async (entry: OutboxEntry, audio: ArrayBuffer | undefined) => {
    const result = await answers(entry);
    if (result.kind === 'sent') sent.push({ seq: entry.seq, kind: entry.kind, bytes: audio?.byteLength ?? 0 });
    return result;
  });
  const outbox = createOutbox({ store, send, backoffMs: (attempt) => 1000 * 2 ** attempt });
  return { store, outbox, send, sent };
}

const chunk = (seq: number) => ({ consultationId: CONSULTATION, kind: 'chunk' as const, seq });
const audio = (bytes: number) => new Uint8Array(bytes).buffer;

async function settle(outbox: ReturnType<typeof createOutbox>) {
  await vi.waitFor(() => expect(outbox.entries()).toBeDefined());
  await outbox.kick();
}

describe('outbox', () => {
  it('keeps each chunk before sending it, sends in order and forgets it once the server has it', async () => {
    const { store, outbox, send, sent } = setUp(async (entry) => {
      // At the moment of sending, the chunk is already on disk.
      expect((await store.list()).map((stored) => stored.seq)).toContain(entry.seq);
      return { kind: 'sent' };
    });
    await outbox.add(chunk(0), audio(100));
    await outbox.add(chunk(1), audio(200));
    await outbox.add({ consultationId: CONSULTATION, kind: 'stop' });
    await settle(outbox);
    expect(sent).toEqual([
      { seq: 0, kind: 'chunk', bytes: 100 },
      { seq: 1, kind: 'chunk', bytes: 200 },
      { seq: undefined, kind: 'stop', bytes: 0 },
    ]);
    expect(send).toHaveBeenCalledTimes(3);
    expect(await store.list()).toEqual([]);
  });

  it('retries with growing backoff on network errors and 5xx, keeping later chunks behind the first', async () => {
    let failures = 2;
    const store = createIndexedDbOutboxStore(`outbox-test-${randomUUID()}`);
    const attempts: (number | undefined)[] = [];
    const backoffMs = vi.fn((attempt: number) => 10 * 2 ** attempt);
    const outbox = createOutbox({
      store,
      send: (entry) => {
        attempts.push(entry.seq);
        return Promise.resolve(failures-- > 0 ? { kind: 'retry' } : { kind: 'sent' });
      },
      backoffMs,
    });
    await outbox.add(chunk(0), audio(10));
    await outbox.add(chunk(1), audio(10));
    expect(summarizeOutbox(outbox.entries(), CONSULTATION).waitingChunks).toBe(2);
    await vi.waitFor(() => expect(outbox.entries()).toEqual([]));
    expect(attempts).toEqual([0, 0, 0, 1]);
    expect(backoffMs.mock.calls.map(([attempt]) => attempt)).toEqual([0, 1]);
  });

  it('waits as long as the server asks (429 with Retry-After), even when kicked, then sends and loses nothing', async () => {
    const store = createIndexedDbOutboxStore(`outbox-test-${randomUUID()}`);
    const attempts: { seq: number | undefined; at: number }[] = [];
    const backoffMs = vi.fn(() => 10);
    const outbox = createOutbox({
      store,
      send: (entry) => {
        attempts.push({ seq: entry.seq, at: Date.now() });
        // Over the chunk limit once: the server keeps nothing and says when to come back.
        return Promise.resolve(attempts.length === 1 ? { kind: 'retry', afterMs: 400 } : { kind: 'sent' });
      },
      backoffMs,
    });
    await outbox.add(chunk(0), audio(10));
    await vi.waitFor(() => expect(attempts).toHaveLength(1));
    await outbox.add(chunk(1), audio(20));
    // The network coming back or the page opening again does not send before the time the server gave.
    await outbox.kick();
    expect(attempts).toHaveLength(1);
    expect(summarizeOutbox(outbox.entries(), CONSULTATION).waitingChunks).toBe(2);

    await vi.waitFor(() => expect(outbox.entries()).toEqual([]), { timeout: 3000 });
    expect(attempts.map((each) => each.seq)).toEqual([0, 0, 1]);
    // A timer may fire a millisecond early by the wall clock.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(395);
    expect(backoffMs).not.toHaveBeenCalled();
  });

  it('treats a thrown send (fetch rejected) as a network error to retry', async () => {
    let isDown = true;
    const { outbox, sent } = setUp(() => {
      if (isDown) throw new TypeError('Failed to fetch');
      return { kind: 'sent' };
    });
    await outbox.add(chunk(0), audio(10));
    await settle(outbox);
    expect(summarizeOutbox(outbox.entries(), CONSULTATION).waitingChunks).toBe(1);
    isDown = false;
    // Back online: the page kicks the outbox without waiting for the backoff.
    await outbox.kick();
    expect(sent.map((entry) => entry.seq)).toEqual([0]);
  });

  it('survives a reload: a new outbox on the same database sends what the old one left', async () => {
    const name = `outbox-test-${randomUUID()}`;
    const before = createOutbox({
      store: createIndexedDbOutboxStore(name),
      send: () => Promise.resolve({ kind: 'retry' }),
      backoffMs: () => 60_000,
    });
    await before.add(chunk(0), audio(10));
    await before.add(chunk(1), audio(20));
    const sent: number[] = [];
    const after = createOutbox({
      store: createIndexedDbOutboxStore(name),
      send: (entry, audioBytes) => {
        sent.push(audioBytes?.byteLength ?? 0);
        return Promise.resolve({ kind: 'sent' });
      },
      backoffMs: () => 0,
    });
    await after.kick();
    expect(sent).toEqual([10, 20]);
    expect(after.entries()).toEqual([]);
  });

  it('keeps a refused chunk with the reason, goes on with the rest, and retries or discards it on request', async () => {
    let isRefused = true;
    const { outbox, sent } = setUp((entry) =>
      entry.seq === 0 && isRefused ? { kind: 'failed', detail: 'A transcrição foi encerrada' } : { kind: 'sent' },
    );
    await outbox.add(chunk(0), audio(10));
    await outbox.add(chunk(1), audio(10));
    await settle(outbox);
    expect(sent.map((entry) => entry.seq)).toEqual([1]);
    const summary = summarizeOutbox(outbox.entries(), CONSULTATION);
    expect(summary.failed.map((entry) => [entry.seq, entry.failure])).toEqual([[0, 'A transcrição foi encerrada']]);
    expect(summary.waitingChunks).toBe(0);
    // A refusal is not retried on its own.
    await outbox.kick();
    expect(sent).toHaveLength(1);
    isRefused = false;
    await outbox.retryFailed(CONSULTATION);
    expect(sent.map((entry) => entry.seq)).toEqual([1, 0]);

    isRefused = true;
    await outbox.add(chunk(0), audio(10));
    await settle(outbox);
    await outbox.discardFailed(CONSULTATION);
    expect(outbox.entries()).toEqual([]);
  });

  it('waits after the session ended and sends when kicked again', async () => {
    let isLoggedIn = false;
    const { outbox, sent } = setUp(() => (isLoggedIn ? { kind: 'sent' } : { kind: 'paused' }));
    await outbox.add(chunk(0), audio(10));
    await settle(outbox);
    expect(sent).toEqual([]);
    isLoggedIn = true;
    await outbox.kick();
    expect(sent.map((entry) => entry.seq)).toEqual([0]);
  });

  it('numbers on from the highest chunk still waiting in this browser', () => {
    const entries: OutboxEntry[] = [
      { id: 1, createdAt: 0, ...chunk(4) },
      { id: 2, createdAt: 0, ...chunk(5), failure: 'x' },
      { id: 3, createdAt: 0, consultationId: 'other', kind: 'chunk', seq: 9 },
    ];
    expect(summarizeOutbox(entries, CONSULTATION)).toMatchObject({ nextSeq: 6, waitingChunks: 1, isEmpty: false });
    expect(summarizeOutbox([], CONSULTATION)).toMatchObject({ nextSeq: 0, isEmpty: true });
  });
});
