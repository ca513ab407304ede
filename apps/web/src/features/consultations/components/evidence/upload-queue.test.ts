import { describe, expect, it } from 'vitest';
import { createUploadQueue } from './upload-queue';

interface Call {
  file: File;
  onProgress: (percent: number) => void;
  signal: AbortSignal;
  resolve: (name: string) => void;
  reject: (error: unknown) => void;
}

/** A queue whose uploads the test finishes by hand. */
function setUp(parallel = 2, refuse?: (file: File) => string | undefined) {
  const calls: Call[] = [];
  const uploaded: string[] = [];
  const queue = createUploadQueue<string>({
    parallel,
    refuse,
    upload: (file, onProgress, signal) =>
      new Promise((resolve, reject) => calls.push({ file, onProgress, signal, resolve, reject })),
    onUploaded: (name) => uploaded.push(name),
    describeError: (error) => `falhou: ${String(error)}`,
  });
  const file = (name: string, size = 10) => new File(['x'.repeat(size)], name);
  const states = () => queue.getItems().map((item) => `${item.fileName}:${item.state}`);
  return { calls, uploaded, queue, file, states };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createUploadQueue', () => {
  it('sends a few files at a time and starts the next one when a slot frees', async () => {
    const { calls, uploaded, queue, file, states } = setUp(2);
    queue.add([file('a.pdf'), file('b.png'), file('c.txt')]);
    expect(states()).toEqual(['a.pdf:uploading', 'b.png:uploading', 'c.txt:waiting']);
    expect(calls.map((call) => call.file.name)).toEqual(['a.pdf', 'b.png']);

    calls[0]!.resolve('evidence-a');
    await settled();
    expect(uploaded).toEqual(['evidence-a']);
    expect(states()).toEqual(['b.png:uploading', 'c.txt:uploading']);
    expect(calls.map((call) => call.file.name)).toEqual(['a.pdf', 'b.png', 'c.txt']);
  });

  it('clamps progress to 0–100 and keeps the size and name of each file', () => {
    const { calls, queue, file } = setUp();
    queue.add([file('laudo.png', 2048)]);
    calls[0]!.onProgress(42.5);
    expect(queue.getItems()[0]).toMatchObject({ fileName: 'laudo.png', size: 2048, progress: 42.5 });
    calls[0]!.onProgress(130);
    expect(queue.getItems()[0]?.progress).toBe(100);
    calls[0]!.onProgress(-3);
    expect(queue.getItems()[0]?.progress).toBe(0);
    calls[0]!.onProgress(Number.NaN);
    expect(queue.getItems()[0]?.progress).toBe(0);
  });

  it('keeps a failure on its row with the reason until dismissed, and goes on with the others', async () => {
    const { calls, uploaded, queue, file, states } = setUp(1);
    queue.add([file('programa.exe'), file('exame.pdf')]);
    calls[0]!.reject('415');
    await settled();
    expect(states()).toEqual(['programa.exe:failed', 'exame.pdf:uploading']);
    expect(queue.getItems()[0]?.error).toBe('falhou: 415');

    calls[1]!.resolve('evidence-exame');
    await settled();
    expect(uploaded).toEqual(['evidence-exame']);
    queue.remove(queue.getItems()[0]!.id);
    expect(queue.getItems()).toEqual([]);
  });

  it('cancels a running upload through its signal, with no failure shown, and a waiting one before it starts', async () => {
    const { calls, uploaded, queue, file, states } = setUp(1);
    queue.add([file('a.pdf'), file('b.pdf'), file('c.pdf')]);
    const [running, waiting] = queue.getItems();
    queue.remove(waiting!.id);
    queue.remove(running!.id);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(states()).toEqual(['c.pdf:uploading']);
    expect(calls.map((call) => call.file.name)).toEqual(['a.pdf', 'c.pdf']);

    calls[0]!.reject(new DOMException('Envio cancelado', 'AbortError'));
    calls[0]!.onProgress(80);
    await settled();
    expect(states()).toEqual(['c.pdf:uploading']);
    expect(uploaded).toEqual([]);
  });

  it('never sends a refused file: it shows as failed with the reason, and the others go on', () => {
    const { calls, queue, file, states } = setUp(2, (refused) => (refused.size === 0 ? 'vazio' : undefined));
    queue.add([file('vazio.pdf', 0), file('exame.pdf')]);
    expect(states()).toEqual(['vazio.pdf:failed', 'exame.pdf:uploading']);
    expect(queue.getItems()[0]?.error).toBe('vazio');
    expect(calls.map((call) => call.file.name)).toEqual(['exame.pdf']);
    queue.remove(queue.getItems()[0]!.id);
    expect(states()).toEqual(['exame.pdf:uploading']);
  });

  it('tells its listeners about every change', () => {
    const { calls, queue, file } = setUp();
    let changes = 0;
    const unsubscribe = queue.subscribe(() => changes++);
    queue.add([file('a.pdf')]);
    calls[0]!.onProgress(10);
    expect(changes).toBeGreaterThanOrEqual(2);
    unsubscribe();
    const before = changes;
    calls[0]!.onProgress(20);
    expect(changes).toBe(before);
  });
});
