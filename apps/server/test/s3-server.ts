import { S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { S3Config } from '../src/config';

/** The part of a Koa context the abort handler below uses. */
interface RequestContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
}
type Middleware = (context: RequestContext, next: () => Promise<void>) => Promise<void>;

/** The part of s3rver (which ships no types; it is a Koa app) that tests use. */
interface S3rver {
  middleware: Middleware[];
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rver;

const S3rverServer = createRequire(import.meta.url)('s3rver') as S3rverClass;

export interface TestS3Server {
  /** `http://127.0.0.1:<port>`, for S3_ENDPOINT (path-style addressing). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Ids of the multipart uploads begun and neither completed nor aborted. */
  unfinishedUploads(): Promise<string[]>;
  /** Stops the server and deletes everything it stored. */
  close(): Promise<void>;
}

/** A real S3-compatible HTTP server (s3rver) on loopback, with one empty bucket, storing in a temporary folder. */
export async function startS3Server(bucket = 'escriba-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'escriba-s3-'));
  // Where s3rver's file store keeps the parts of multipart uploads in progress, one folder per upload.
  const uploadsFolder = path.join(directory, bucket, '._S3rver_uploads');
  const server = new S3rverServer({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  server.middleware.unshift(abortMultipartUpload(uploadsFolder));
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver's fixed credentials: it checks the signature made with them.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async unfinishedUploads() {
      // s3rver makes the folder with the first multipart upload.
      return readdir(uploadsFolder).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** AbortMultipartUpload (`DELETE /bucket/key?uploadId=…`), which s3rver lacks: drops the upload's parts. */
function abortMultipartUpload(uploadsFolder: string): Middleware {
  return async (context, next) => {
    const { uploadId } = context.query;
    if (context.method !== 'DELETE' || typeof uploadId !== 'string') return next();
    if (!/^[0-9a-f]+$/.test(uploadId)) throw new Error(`unexpected upload id ${uploadId}`);
    await rm(path.join(uploadsFolder, uploadId), { recursive: true, force: true });
    context.status = 204;
  };
}

/** The app's S3 settings for the test server (path-style, as S3_FORCE_PATH_STYLE would set). */
export function s3ConfigFor(server: TestS3Server): S3Config {
  const credentials = { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey };
  return { bucket: server.bucket, endpoint: server.endpoint, region: 'us-east-1', credentials, forcePathStyle: true };
}

/** A client of the test server, to look at the bucket from outside the app. */
export function s3ClientFor(server: TestS3Server): S3Client {
  const { endpoint, region, credentials, forcePathStyle } = s3ConfigFor(server);
  return new S3Client({ endpoint, region, credentials, forcePathStyle });
}
