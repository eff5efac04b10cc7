import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { NotAnImageError, saveImage } from '../../src/server/uploads/image-store';
import { registerUploadsStatic } from '../../src/server/uploads/serve-uploads';
import { tempDir } from '../support/test-database';

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

const fileFor = (dir: string, url: string) => path.join(dir, url.replace(/^\/uploads\//, ''));

describe('saveImage', () => {
  it('stores a photo as WebP without its metadata, at most 1600 px, with a thumbnail', async () => {
    const dir = tempDir('uploads');
    const input = await cameraJpeg(3000, 2000);
    expect((await sharp(input).metadata()).exif?.toString('latin1')).toContain('Margaret Hughes');

    const saved = await saveImage(dir, input);
    expect(saved.url).toMatch(/^\/uploads\/[\w-]+\.webp$/);
    expect(saved.thumbnailUrl).toBe(saved.url.replace(/\.webp$/, '.thumb.webp'));

    const bytes = fs.readFileSync(fileFor(dir, saved.url));
    expect(bytes.includes('Margaret Hughes')).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 means "turn a quarter": the stored pixels are upright (portrait).
    expect([meta.width, meta.height]).toEqual([1067, 1600]);

    const thumb = await sharp(fs.readFileSync(fileFor(dir, saved.thumbnailUrl))).metadata();
    expect(thumb.format).toBe('webp');
    expect(Math.max(thumb.width!, thumb.height!)).toBe(400);
    expect(thumb.exif).toBeUndefined();
  });

  it('keeps a small picture at its own size and gives every upload its own name', async () => {
    const dir = tempDir('uploads');
    const png = await sharp({ create: { width: 320, height: 240, channels: 4, background: '#fff' } })
      .png()
      .toBuffer();
    const a = await saveImage(dir, png);
    const b = await saveImage(dir, png);
    expect(a.url).not.toBe(b.url);
    const meta = await sharp(fileFor(dir, a.url)).metadata();
    expect([meta.width, meta.height]).toEqual([320, 240]);
  });

  it('refuses a text file, and an SVG, with NotAnImageError and writes nothing', async () => {
    const dir = tempDir('uploads');
    await expect(saveImage(dir, Buffer.from('Dear club, here is my puzzle list.\n'))).rejects.toBeInstanceOf(
      NotAnImageError,
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(saveImage(dir, svg)).rejects.toBeInstanceOf(NotAnImageError);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a truncated JPEG as unreadable', async () => {
    const jpeg = await cameraJpeg(800, 600);
    await expect(saveImage(tempDir('uploads'), jpeg.subarray(0, jpeg.length / 2))).rejects.toThrow(NotAnImageError);
  });
});

describe('/uploads/*', () => {
  it('serves a stored image as WebP, cached for a long time, never sniffed; unknown names are 404', async () => {
    const dir = tempDir('uploads');
    const saved = await saveImage(dir, await cameraJpeg(400, 300));
    const app = Fastify();
    await registerUploadsStatic(app, dir);
    try {
      const res = await app.inject({ method: 'GET', url: saved.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect((await app.inject({ method: 'GET', url: '/uploads/nothing-here.webp' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/uploads/../../etc/passwd' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
