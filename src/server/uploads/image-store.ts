import { randomBytes } from 'node:crypto';
import type { Sharp } from 'sharp';
import { IMAGE_MAX_SIDE_PX } from '../../domain/constants';
import type { PictureStorage } from './storage';

// The one place images are written. Every image is decoded and re-encoded, never stored as
// sent: that drops EXIF/GPS and anything smuggled inside the file, bounds its size, and
// makes every stored file a plain WebP the browser can show. Where the files go (a folder or
// a bucket) is the storage's business (storage.ts).

export const THUMBNAIL_MAX_SIDE_PX = 400;
const WEBP_QUALITY = 82;
const THUMBNAIL_QUALITY = 75;
// What members may upload (docs/product/listings.md#pictures). sharp also reads SVG, TIFF, GIF...; SVG in
// particular is a document, not a picture, so anything else is refused.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
// A 10 MB file can still decode to gigabytes (a "decompression bomb"); 100 megapixels
// covers every phone camera and bounds memory per upload.
const MAX_INPUT_PIXELS = 100_000_000;

/** The input is not a JPEG, PNG or WebP image sharp can read (the upload route answers 415). */
export class NotAnImageError extends Error {
  constructor(message = 'The file is not a JPEG, PNG or WebP image.') {
    super(message);
    this.name = 'NotAnImageError';
  }
}

export type SavedImage = { url: string; thumbnailUrl: string };

/** The thumbnail's URL for a stored image's URL (`/uploads/x.webp` -> `/uploads/x.thumb.webp`). */
export function thumbnailUrlFor(url: string): string {
  return url.replace(/\.webp$/, '.thumb.webp');
}

const STORED_IMAGE_URL = /^\/uploads\/([\w-]+\.webp)$/;

/**
 * The picture to show small: our uploads have a stored thumbnail beside them; an image from
 * elsewhere (seeded data may use absolute URLs) stands in for its own.
 */
export function thumbnailFor(url: string | null): string | null {
  if (!url) return null;
  return STORED_IMAGE_URL.test(url) ? thumbnailUrlFor(url) : url;
}

/** Whether `url` is one saveImage handed out and its picture is still in the storage. */
export async function isStoredImage(storage: PictureStorage, url: string): Promise<boolean> {
  const name = STORED_IMAGE_URL.exec(url)?.[1];
  return name !== undefined && storage.exists(name);
}

/** An avatar: a square cut from the middle of the picture, and its small square thumbnail. */
export const AVATAR_SIDE_PX = 512;
export const AVATAR_THUMBNAIL_SIDE_PX = 192;

/** How a picture is kept: as it is (within IMAGE_MAX_SIDE_PX), or cropped square for an avatar. */
export type ImageShape = 'picture' | 'square';

function resized(image: Sharp, shape: ImageShape, side: { picture: number; square: number }): Sharp {
  return shape === 'square'
    ? image.resize({ width: side.square, height: side.square, fit: 'cover', position: 'attention' })
    : image.resize({ width: side.picture, height: side.picture, fit: 'inside', withoutEnlargement: true });
}

export async function saveImage(
  storage: PictureStorage,
  input: Buffer,
  shape: ImageShape = 'picture',
): Promise<SavedImage> {
  // Loaded at the first upload, not at start-up (docs/operations.md#starting-and-stopping).
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    ({ format } = await sharp(input).metadata());
  } catch {
    throw new NotAnImageError();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new NotAnImageError();

  let main: Buffer;
  let thumbnail: Buffer;
  try {
    // autoOrient turns the pixels upright by the EXIF orientation before the metadata goes;
    // sharp writes no metadata at all unless asked to (keepMetadata/withMetadata).
    main = await resized(sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient(), shape, {
      picture: IMAGE_MAX_SIDE_PX,
      square: AVATAR_SIDE_PX,
    })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    // From the already upright, smaller image: cheaper than decoding the original again.
    thumbnail = await resized(sharp(main), shape, { picture: THUMBNAIL_MAX_SIDE_PX, square: AVATAR_THUMBNAIL_SIDE_PX })
      .webp({ quality: THUMBNAIL_QUALITY })
      .toBuffer();
  } catch (err) {
    const tooLarge = /pixel limit/i.test((err as Error).message);
    throw new NotAnImageError(
      tooLarge
        ? 'The image is too large (at most 100 megapixels).'
        : 'The image could not be read; the file may be damaged.',
    );
  }

  // Random names: nothing guessable, no clash with another upload, and a file never changes
  // once written, so it can be cached forever. The thumbnail goes first: a stored main image
  // (what isStoredImage checks) always has its thumbnail.
  const name = randomBytes(16).toString('base64url');
  await storage.put(`${name}.thumb.webp`, thumbnail, 'image/webp');
  try {
    await storage.put(`${name}.webp`, main, 'image/webp');
  } catch (err) {
    // Best effort: the failed write is the error worth reporting.
    await storage.delete(`${name}.thumb.webp`).catch(() => {});
    throw err;
  }
  return { url: `/uploads/${name}.webp`, thumbnailUrl: `/uploads/${name}.thumb.webp` };
}
