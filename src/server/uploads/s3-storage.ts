import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { assertPictureName, PICTURE_CACHE_CONTROL, PICTURE_NAME, type PictureStorage } from './storage';

// Pictures as objects in one bucket (S3_BUCKET), through the standard AWS client, so every
// app process on every machine reads and writes the same pictures. Works with Amazon S3 and
// with S3-compatible services (MinIO, Cloudflare R2, Backblaze B2, Ceph...) given S3_ENDPOINT.

function httpStatus(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

type Sdk = typeof import('@aws-sdk/client-s3');

function s3Client({ S3Client }: Sdk, s3: S3Config): S3Client {
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    // Other services than AWS mostly want https://host/bucket/key, not https://bucket.host/key.
    forcePathStyle: s3.endpoint !== undefined,
    credentials: s3.credentials,
    // The SDK's default CRC32 checksums (since 2025) are refused by several S3-compatible
    // services; send and check them only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering must not hold a member's upload (or a picture request)
    // open forever; the SDK retries a failed request twice on its own.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

export function createS3Storage(s3: S3Config): PictureStorage {
  // The SDK is loaded for the first picture, not at start-up, where it cost about 0.1 s of CPU
  // (docs/operations.md#starting-and-stopping).
  let loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const sdkAndClient = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: s3Client(sdk, s3) })));
  const Bucket = s3.bucket;
  const key = (name: string) => {
    assertPictureName(name);
    return name;
  };

  return {
    description: `bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ` in ${s3.region}`}`,

    async put(name, bytes, contentType) {
      const { sdk, client } = await sdkAndClient();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key(name),
          Body: bytes,
          ContentType: contentType,
          // What a CDN or the bucket itself sends when browsers fetch the object directly.
          CacheControl: PICTURE_CACHE_CONTROL,
        }),
      );
    },

    async exists(name) {
      const { sdk, client } = await sdkAndClient();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key(name) }));
        return true;
      } catch (err) {
        if (httpStatus(err) === 404) return false;
        throw err;
      }
    },

    async get(name, options = {}) {
      const { sdk, client } = await sdkAndClient();
      try {
        const object = await client.send(
          new sdk.GetObjectCommand({ Bucket, Key: key(name), IfNoneMatch: options.ifNoneMatch }),
        );
        return {
          // On Node the SDK hands over the HTTP response itself: streamed, never buffered.
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? 0,
          etag: object.ETag,
        };
      } catch (err) {
        const status = httpStatus(err);
        if (status === 304) return 'not-modified';
        if (status === 404) return null;
        throw err;
      }
    },

    async delete(name) {
      const { sdk, client } = await sdkAndClient();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key(name) }));
    },

    async *list() {
      const { sdk, client } = await sdkAndClient();
      for await (const page of sdk.paginateListObjectsV2({ client }, { Bucket })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && PICTURE_NAME.test(object.Key)) yield { name: object.Key, size: object.Size ?? 0 };
        }
      }
    },

    publicUrl: (name) => (s3.publicUrl ? `${s3.publicUrl}/${key(name)}` : undefined),

    async close() {
      // Nothing to close when no picture was ever asked for.
      if (loaded) (await loaded).client.destroy();
    },
  };
}
