import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStoredImage, NotAnImageError, saveImage } from '../../src/server/uploads/image-store';
import { createPictureStorage } from '../../src/server/uploads/create-storage';
import { registerUploadServing } from '../../src/server/uploads/serve-uploads';
import type { PictureStorage } from '../../src/server/uploads/storage';
import { PICTURE_DRIVERS, picturesOn } from '../support/s3-stand-in';

// A camera-like JPEG: EXIF with the owner's name and a GPS position, turned by orientation 6.
async function cameraJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#6a9fd8' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Copyright: 'Margaret Hughes', Artist: 'Margaret Hughes' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 59/1 30/1', GPSLongitudeRef: 'W', GPSLongitude: '1/1 32/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const nameOf = (url: string) => url.replace(/^\/uploads\//, '');

async function read(storage: PictureStorage, url: string): Promise<Buffer> {
  const picture = await storage.get(nameOf(url));
  if (picture === null || picture === 'not-modified') throw new Error(`${url} is not stored`);
  return buffer(picture.body);
}

async function storedNames(storage: PictureStorage): Promise<string[]> {
  const names: string[] = [];
  for await (const picture of storage.list()) names.push(picture.name);
  return names.sort();
}

// Every test runs on both storage drivers: the upload folder and an S3 bucket (s3rver).
describe.each(PICTURE_DRIVERS)('pictures stored on %s', (driver) => {
  let storage: PictureStorage;
  let uploadDir: string;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    const pictures = await picturesOn(driver);
    storage = createPictureStorage(pictures.settings);
    uploadDir = pictures.settings.uploadDir;
    stop = pictures.close;
  });
  afterAll(async () => {
    await storage.close();
    await stop();
  });

  describe('saveImage', () => {
    it('stores a photo as WebP without its metadata, at most 1600 px, with a thumbnail', async () => {
      const input = await cameraJpeg(3000, 2000);
      expect((await sharp(input).metadata()).exif?.toString('latin1')).toContain('Margaret Hughes');

      const saved = await saveImage(storage, input);
      expect(saved.url).toMatch(/^\/uploads\/[\w-]+\.webp$/);
      expect(saved.thumbnailUrl).toBe(saved.url.replace(/\.webp$/, '.thumb.webp'));

      const bytes = await read(storage, saved.url);
      expect(bytes.includes('Margaret Hughes')).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // Orientation 6 means "turn a quarter": the stored pixels are upright (portrait).
      expect([meta.width, meta.height]).toEqual([1067, 1600]);

      const thumb = await sharp(await read(storage, saved.thumbnailUrl)).metadata();
      expect(thumb.format).toBe('webp');
      expect(Math.max(thumb.width!, thumb.height!)).toBe(400);
      expect(thumb.exif).toBeUndefined();

      // On disk in the upload folder; in the bucket and never on this machine's disk.
      expect(fs.existsSync(path.join(uploadDir, nameOf(saved.url)))).toBe(driver === 'disk');
      expect(await isStoredImage(storage, saved.url)).toBe(true);
    });

    it('keeps a small picture at its own size and gives every upload its own name', async () => {
      const png = await sharp({ create: { width: 320, height: 240, channels: 4, background: '#fff' } })
        .png()
        .toBuffer();
      const a = await saveImage(storage, png);
      const b = await saveImage(storage, png);
      expect(a.url).not.toBe(b.url);
      const meta = await sharp(await read(storage, a.url)).metadata();
      expect([meta.width, meta.height]).toEqual([320, 240]);
    });

    it('refuses a text file, an SVG and a truncated JPEG with NotAnImageError and writes nothing', async () => {
      const before = await storedNames(storage);
      await expect(saveImage(storage, Buffer.from('Dear club, here is my puzzle list.\n'))).rejects.toBeInstanceOf(
        NotAnImageError,
      );
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
      await expect(saveImage(storage, svg)).rejects.toBeInstanceOf(NotAnImageError);
      const jpeg = await cameraJpeg(800, 600);
      await expect(saveImage(storage, jpeg.subarray(0, jpeg.length / 2))).rejects.toThrow(NotAnImageError);
      expect(await storedNames(storage)).toEqual(before);
    });
  });

  describe('the storage', () => {
    it('puts, finds, lists and deletes a picture by name, and refuses names that could leave the store', async () => {
      const bytes = Buffer.from('not really a picture, but bytes are bytes');
      await storage.put('contract-test.webp', bytes, 'image/webp');
      expect(await storage.exists('contract-test.webp')).toBe(true);
      expect(await storage.exists('never-stored.webp')).toBe(false);
      expect(await storage.get('never-stored.webp')).toBeNull();

      const picture = await storage.get('contract-test.webp');
      if (picture === null || picture === 'not-modified') throw new Error('missing');
      expect(picture.contentType).toBe('image/webp');
      expect(picture.size).toBe(bytes.length);
      expect(await buffer(picture.body)).toEqual(bytes);
      expect(picture.etag).toBeTruthy();
      expect(await storage.get('contract-test.webp', { ifNoneMatch: picture.etag })).toBe('not-modified');

      const listed = [];
      for await (const entry of storage.list()) if (entry.name === 'contract-test.webp') listed.push(entry);
      expect(listed).toEqual([{ name: 'contract-test.webp', size: bytes.length }]);

      await storage.delete('contract-test.webp');
      expect(await storage.exists('contract-test.webp')).toBe(false);
      for (const bad of ['../escape.webp', 'a/b.webp', 'notes.txt', '']) {
        await expect(storage.put(bad, bytes, 'image/webp'), bad).rejects.toThrow(/Not a picture name/);
      }
    });
  });

  describe('/uploads/*', () => {
    it('serves a stored picture as WebP, cached for a year, never sniffed, with 304 for a known ETag; unknown names are 404', async () => {
      const saved = await saveImage(storage, await cameraJpeg(400, 300));
      const app = Fastify();
      await registerUploadServing(app, storage);
      try {
        const res = await app.inject({ method: 'GET', url: saved.url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.rawPayload).toEqual(await read(storage, saved.url));
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

        const etag = res.headers.etag as string;
        expect(etag).toBeTruthy();
        const again = await app.inject({ method: 'GET', url: saved.url, headers: { 'if-none-match': etag } });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);

        for (const url of ['/uploads/nothing-here.webp', '/uploads/../../etc/passwd', '/uploads/x.png']) {
          expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
        }
      } finally {
        await app.close();
      }
    });
  });
});

describe('saveImage when the storage fails half way', () => {
  it('removes the thumbnail it already wrote, so no half picture is left behind', async () => {
    const pictures = await picturesOn('disk');
    const real = createPictureStorage(pictures.settings);
    // The real folder, but writing the main picture fails (a full disk, a bucket gone).
    const failing: PictureStorage = {
      ...real,
      put: (name, bytes, type) =>
        name.endsWith('.thumb.webp') ? real.put(name, bytes, type) : Promise.reject(new Error('disk full')),
    };
    await expect(saveImage(failing, await cameraJpeg(200, 100))).rejects.toThrow('disk full');
    expect(await storedNames(real)).toEqual([]);
  });
});
