import S3rver from 's3rver';
import type { Config, S3Config } from '../../src/server/config';
import { tempDir } from './test-database';

// A local S3-compatible server (the npm package s3rver, files in a temp folder) on a real
// port, so tests exercise the real AWS client and the real S3 driver, as
// address-provider.ts does for postcode lookups. One bucket, made at start.

export type S3StandIn = {
  /** What config.s3 holds for a club using this bucket. */
  config: S3Config;
  /** The same as environment variables, for a real app process or script. */
  env: Record<string, string>;
  close(): Promise<void>;
};

// s3rver's fixed demo account: it checks every request's signature against it.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export async function startS3StandIn(options: { bucket?: string; publicUrl?: string } = {}): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'jc-pictures';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tempDir('s3'),
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: {
      bucket,
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
      publicUrl: options.publicUrl,
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      ...(options.publicUrl ? { S3_PUBLIC_URL: options.publicUrl } : {}),
    },
    close: () => server.close(),
  };
}

export type PictureDriver = 'disk' | 's3';
/** The storage drivers every picture test runs on. */
export const PICTURE_DRIVERS: PictureDriver[] = ['disk', 's3'];

/**
 * Picture settings for `driver`: a fresh folder, and for 's3' a fresh bucket on a stand-in
 * started here (close() stops it). Spread into buildTestApp's overrides or createPictureStorage.
 */
export async function picturesOn(
  driver: PictureDriver,
): Promise<{ settings: Pick<Config, 'uploadDir' | 's3'>; close(): Promise<void> }> {
  const uploadDir = tempDir('uploads');
  if (driver === 'disk') return { settings: { uploadDir, s3: undefined }, close: async () => {} };
  const standIn = await startS3StandIn();
  return { settings: { uploadDir, s3: standIn.config }, close: () => standIn.close() };
}
