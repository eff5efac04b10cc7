import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_MAX_SIDE_PX } from '../../domain/constants';

// The one place images are written. Every image is decoded and re-encoded, never stored as
// sent: that drops EXIF/GPS and anything smuggled inside the file, bounds its size, and
// makes every stored file a plain WebP the browser can show.

export const THUMBNAIL_MAX_SIDE_PX = 400;
const WEBP_QUALITY = 82;
const THUMBNAIL_QUALITY = 75;
// What members may upload (CONTRACT §4). sharp also reads SVG, TIFF, GIF...; SVG in
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

/** Whether `url` is one saveImage handed out and its file is still in the upload folder. */
export async function isStoredImage(uploadDir: string, url: string): Promise<boolean> {
  const name = STORED_IMAGE_URL.exec(url)?.[1];
  // The pattern allows no slash or dot-dot, so the name cannot leave the folder.
  if (!name) return false;
  try {
    return (await fs.stat(path.join(uploadDir, name))).isFile();
  } catch {
    return false;
  }
}

export async function saveImage(uploadDir: string, input: Buffer): Promise<SavedImage> {
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
    main = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: IMAGE_MAX_SIDE_PX, height: IMAGE_MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    // From the already upright, smaller image: cheaper than decoding the original again.
    thumbnail = await sharp(main)
      .resize({
        width: THUMBNAIL_MAX_SIDE_PX,
        height: THUMBNAIL_MAX_SIDE_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
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
  // once written, so it can be cached forever.
  const name = randomBytes(16).toString('base64url');
  await fs.mkdir(uploadDir, { recursive: true });
  await fs.writeFile(path.join(uploadDir, `${name}.thumb.webp`), thumbnail, { flag: 'wx' });
  await fs.writeFile(path.join(uploadDir, `${name}.webp`), main, { flag: 'wx' });
  return { url: `/uploads/${name}.webp`, thumbnailUrl: `/uploads/${name}.thumb.webp` };
}
