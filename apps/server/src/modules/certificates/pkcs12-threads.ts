import { availableParallelism } from 'node:os';
import { WorkerPool } from '../../platform/worker-pool';
import { workerScript } from '../../platform/worker-script';
import type { Pkcs12Reading } from './read-pkcs12';

export interface Pkcs12Request {
  file: Uint8Array;
  password: string;
}

export type Pkcs12Threads = WorkerPool<Pkcs12Request, Pkcs12Reading>;

/**
 * Threads that open PKCS#12 files (tens of milliseconds of pure-JS key derivation and decryption each), so that
 * the event loop goes on serving while a certificate is opened. One core is left to the event loop.
 */
export function createPkcs12Threads(): Pkcs12Threads {
  return new WorkerPool(
    'PKCS#12',
    workerScript('pkcs12-worker', new URL('./pkcs12-worker.ts', import.meta.url)),
    Math.max(1, availableParallelism() - 1),
  );
}
