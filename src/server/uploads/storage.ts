import type { Readable } from 'node:stream';

// Where pictures live: a folder on this machine (UPLOAD_DIR, the default) or a bucket in
// object storage (S3_BUCKET), so that any number of app processes on any machines show the
// same pictures. Both drivers keep the same flat names (`<random>.webp`, `<random>.thumb.webp`),
// so rows keep `/uploads/<name>` whichever is in use and a club can move between them with
// `npm run storage:copy`. create-storage.ts picks the driver (docs/decisions/0007-pictures-in-object-storage.md).

/** The only names a picture can have (image-store.ts makes them); nothing else is stored or served. */
export const PICTURE_NAME = /^[\w-]+(?:\.thumb)?\.webp$/;

/** Pictures never change once written (new picture, new name), so anything may keep them a year. */
export const PICTURE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export type StoredPicture = {
  body: Readable;
  contentType: string;
  size: number;
  etag: string | undefined;
};

export type PictureStorage = {
  /** For log lines: the folder or the bucket. */
  readonly description: string;
  /** Writes a picture under a fresh name (names are random, never reused). */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  exists(name: string): Promise<boolean>;
  /**
   * The picture and its metadata; null when there is none; 'not-modified' when `ifNoneMatch`
   * (a browser's If-None-Match header) already names it, so no bytes need to travel.
   */
  get(name: string, options?: { ifNoneMatch?: string }): Promise<StoredPicture | 'not-modified' | null>;
  delete(name: string): Promise<void>;
  /** Every stored picture with its size in bytes (for `npm run storage:copy`). */
  list(): AsyncIterable<{ name: string; size: number }>;
  /** Where browsers may fetch the picture directly (a CDN, S3_PUBLIC_URL); undefined: from us. */
  publicUrl(name: string): string | undefined;
  close(): Promise<void>;
};

/** Throws unless `name` is a picture name: no slashes, no dot-dot, so it never leaves the store. */
export function assertPictureName(name: string): void {
  if (!PICTURE_NAME.test(name)) throw new Error(`Not a picture name: ${JSON.stringify(name)}`);
}
