import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool } from './worker-pool';
import { typeScriptWorker } from './worker-script';

const script = typeScriptWorker(new URL('../../test/arithmetic-worker.ts', import.meta.url));
let pool: WorkerPool<number, number>;
afterEach(() => pool.close());

describe('WorkerPool', () => {
  it('answers each request on its threads, side by side', async () => {
    pool = new WorkerPool('arithmetic', script, 2);
    expect(await Promise.all([1, 2, 3, 4].map((value) => pool.run(value)))).toEqual([2, 4, 6, 8]);
  });

  it('fails a request whose handler throws, with its message, and goes on answering', async () => {
    pool = new WorkerPool('arithmetic', script, 1);
    await expect(pool.run(-1)).rejects.toThrow('arithmetic thread: RangeError: -1 is negative');
    expect(await pool.run(5)).toBe(10);
  });

  it('fails the request a dying thread held, and starts another for the next', async () => {
    pool = new WorkerPool('arithmetic', script, 1);
    await expect(pool.run(0)).rejects.toThrow('arithmetic thread exited with code 3');
    expect(await pool.run(8)).toBe(16);
  });

  it('refuses requests once closed', async () => {
    pool = new WorkerPool('arithmetic', script, 1);
    const running = expect(pool.run(9)).rejects.toThrow('the arithmetic threads closed');
    await pool.close();
    await running;
    await expect(pool.run(1)).rejects.toThrow('the arithmetic threads are closed');
  });
});
