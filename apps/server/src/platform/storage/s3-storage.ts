import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsCommand,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { S3Config } from '../../config';
import { keySegments, type FileStorage, type StoredFile } from './storage';

/** The most keys S3 lists in one page and deletes in one request. */
const MAX_PAGE_SIZE = 1000;
/** S3's smallest multipart part: an upload holds at most (queue size + 1) parts in memory. */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/**
 * Files in an S3 or S3-compatible bucket, one object per key. S3 makes an object visible only once
 * its upload is complete, so readers never see half a file.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly pageSize: number;

  /** `pageSize` is for tests, to page through listings without making a thousand objects. */
  constructor(config: S3Config, { pageSize = MAX_PAGE_SIZE } = {}) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums only where S3 demands them: several S3-compatible servers refuse the CRC32 checksum
      // headers the SDK adds to every upload by default, and TLS already guards the bytes in transit.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.bucket = config.bucket;
    this.pageSize = Math.min(pageSize, MAX_PAGE_SIZE);
  }

  async put(key: string, data: Uint8Array | Readable): Promise<void> {
    keySegments(key);
    // Streams go up in parts of unknown number; a failed upload is aborted, leaving no object.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: data },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
    });
    try {
      await upload.done();
    } catch (error) {
      if (data instanceof Readable) data.destroy();
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    const object = await this.getObject(key);
    if (!object?.Body) return undefined;
    const bytes = await object.Body.transformToByteArray();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  async open(key: string): Promise<StoredFile | undefined> {
    const object = await this.getObject(key);
    if (!object?.Body) return undefined;
    if (!(object.Body instanceof Readable)) throw new Error('S3 returned a body that is not a Node.js stream');
    return { body: object.Body, size: object.ContentLength ?? 0 };
  }

  async remove(key: string): Promise<void> {
    keySegments(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async removeFolder(folder: string): Promise<void> {
    keySegments(folder);
    for await (const keys of this.pagesOfKeys(`${folder}/`)) await this.removeObjects(keys);
  }

  async *list(): AsyncIterable<string> {
    for await (const keys of this.pagesOfKeys('')) yield* keys;
  }

  /**
   * The keys under the prefix, a page at a time. Paged by the last key seen (ListObjects' Marker) rather than
   * ListObjectsV2's opaque continuation token, which some S3-compatible servers cannot make (s3rver, used in
   * tests, on Node 17 or later).
   */
  private async *pagesOfKeys(prefix: string): AsyncIterable<string[]> {
    let marker: string | undefined;
    let truncated: boolean | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsCommand({ Bucket: this.bucket, Prefix: prefix, Marker: marker, MaxKeys: this.pageSize }),
      );
      const keys = (page.Contents ?? []).flatMap(({ Key }) => (Key ? [Key] : []));
      yield keys;
      marker = keys.at(-1);
      truncated = page.IsTruncated && marker !== undefined;
    } while (truncated);
  }

  private async removeObjects(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const { Errors } = await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    const [failure] = Errors ?? [];
    if (failure) {
      throw new Error(`S3 could not delete ${Errors?.length} object(s), e.g. ${failure.Key}: ${failure.Code}`);
    }
  }

  private async getObject(key: string): Promise<GetObjectCommandOutput | undefined> {
    keySegments(key);
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw error;
    }
  }
}

/** No object under the key; a missing bucket is a configuration error and is not hidden. */
function isMissingObject(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || (error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket'))
  );
}
