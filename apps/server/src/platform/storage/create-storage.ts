import path from 'node:path';
import type { Config } from '../../config';
import { DiskStorage } from './disk-storage';
import { S3Storage } from './s3-storage';
import type { FileStorage } from './storage';

/** The S3 bucket when one is configured, otherwise the folder DATA_DIR/files. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  return config.s3 ? new S3Storage(config.s3) : new DiskStorage(path.join(config.dataDir, 'files'));
}
