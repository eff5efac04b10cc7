import type { Config } from '../config';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import type { PictureStorage } from './storage';

/** The storage the configuration asks for: the bucket when S3_BUCKET is set, else UPLOAD_DIR. */
export function createPictureStorage(config: Pick<Config, 'uploadDir' | 's3'>): PictureStorage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.uploadDir);
}
