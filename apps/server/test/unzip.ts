import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';

/** Every file of a ZIP archive by its path, read one after another (yauzl checks each entry's size and CRC-32). */
export async function unzipEntries(archive: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(archive, { lazyEntries: true, validateEntrySizes: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        buffer(stream).then((bytes) => {
          entries.set(entry.fileName, bytes);
          zip.readEntry();
        }, reject);
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}
