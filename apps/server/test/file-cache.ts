import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The folder of this run's generated test files, made and removed by the global setup (test/global-setup.ts). */
export const FILE_CACHE_VARIABLE = 'ESCRIBA_TEST_FILE_CACHE';

const made = new Map<string, Promise<Buffer>>();

/**
 * A generated test file (speech, images, documents), made once per test run: kept in memory for this
 * worker and on disk, named by a hash of `inputs`, for the other workers and test files. Two workers
 * may make the same file at once; each writes a temporary file and renames it, so a reader sees a whole
 * file or none.
 */
export function cachedFile(inputs: ReadonlyArray<string | Buffer>, make: () => Promise<Buffer>): Promise<Buffer> {
  const hash = createHash('sha256');
  // Each input's length first, so that ['ab', 'c'] and ['a', 'bc'] differ.
  for (const input of inputs) hash.update(`${Buffer.byteLength(input)}:`).update(input);
  const key = hash.digest('hex');
  let file = made.get(key);
  if (!file) {
    file = fromDisk(key, make);
    made.set(key, file);
    // A failure is not kept: the next test asks again and sees the error itself.
    void file.catch(() => made.delete(key));
  }
  // A copy each time, so that a test changing its bytes changes nobody else's.
  return file.then((content) => Buffer.from(content));
}

async function fromDisk(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const folder = process.env[FILE_CACHE_VARIABLE];
  if (!folder) return make();
  const file = path.join(folder, key);
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const content = await make();
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, content);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
  return content;
}
