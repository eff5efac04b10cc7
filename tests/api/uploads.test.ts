import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createSession } from '../../src/server/auth/sessions-repository';
import { createPictureStorage } from '../../src/server/uploads/create-storage';
import type { PictureStorage } from '../../src/server/uploads/storage';
import { UPLOADS_PER_HOUR } from '../../src/domain/constants';
import { buildTestApp, type TestApp } from '../support/build-app';
import { createMember } from '../support/factories';
import { PICTURE_DRIVERS, picturesOn, startS3StandIn } from '../support/s3-stand-in';
import { multipart } from '../support/multipart';
import { tempDir } from '../support/test-database';

// The upload tests run on both storage drivers (the upload folder and an S3 bucket served by
// s3rver); the rate limit, which stores nothing new, runs once.
let t: TestApp;

const UNSUPPORTED = 'Unsupported file type. Please upload a JPEG, PNG or WebP image.';

async function member() {
  const row = await createMember(t.database.db);
  const { token } = await createSession(t.database.db, row.id, false);
  return `jc_session=${token}`;
}

async function storedCount(storage: PictureStorage): Promise<number> {
  let count = 0;
  for await (const _ of storage.list()) count++;
  return count;
}

function upload(cookie: string | null, body: ReturnType<typeof multipart>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}), ...headers },
  });
}

// A photo as a phone takes it: big, with EXIF (camera details and GPS-ish text) inside.
async function photo(format: 'jpeg' | 'png' | 'webp', width = 2400, height = 1800) {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } }).withExif({
    IFD0: { Make: 'PhoneCo', Model: 'Pocket 9', Copyright: 'GPS 54.0,-1.5 at home' },
  });
  return image[format]().toBuffer();
}

describe.each(PICTURE_DRIVERS)('uploading a photo, pictures on %s', (driver) => {
  let stopStorage: () => Promise<void>;
  beforeAll(async () => {
    const pictures = await picturesOn(driver);
    stopStorage = pictures.close;
    t = await buildTestApp(pictures.settings);
  });
  afterAll(async () => {
    await t.close();
    await stopStorage();
  });

  it('takes a real JPEG, stores it as WebP of at most 1600 px without metadata, and serves it', async () => {
    const cookie = await member();
    const jpeg = await photo('jpeg');
    expect(jpeg.includes(Buffer.from('PhoneCo'))).toBe(true);
    const res = await upload(cookie, multipart(jpeg, 'IMG_0001.JPG', 'image/jpeg'));
    expect(res.statusCode, res.body).toBe(201);
    const { url, thumbnailUrl } = res.json();
    expect(url).toMatch(/^\/uploads\/[\w-]+\.webp$/);
    expect(thumbnailUrl).toBe(url.replace(/\.webp$/, '.thumb.webp'));

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBe(1600);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);

    const thumb = await t.app.inject({ method: 'GET', url: thumbnailUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBe(400);
    // In the folder, or in the bucket and never on this machine's disk.
    expect(await t.ctx.pictures.exists(path.basename(url))).toBe(true);
    expect(fs.existsSync(path.join(t.ctx.config.uploadDir, path.basename(url)))).toBe(driver === 'disk');
  });

  it.each(['png', 'webp'] as const)('takes a %s too', async (format) => {
    const cookie = await member();
    const res = await upload(cookie, multipart(await photo(format, 300, 200), `p.${format}`, `image/${format}`));
    expect(res.statusCode).toBe(201);
  });

  it('judges the bytes, not the declared type: a PNG called a PDF is still a picture', async () => {
    const cookie = await member();
    const res = await upload(cookie, multipart(await photo('png', 64, 64), 'scan.pdf', 'application/pdf'));
    expect(res.statusCode).toBe(201);
  });

  it.each([
    [
      'a PDF',
      Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n'),
      'doc.pdf',
      'application/pdf',
    ],
    ['text pretending to be a JPEG', Buffer.from('just some words, not a picture'), 'photo.jpg', 'image/jpeg'],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      'x.svg',
      'image/svg+xml',
    ],
  ])('refuses %s with 415', async (_label, bytes, name, type) => {
    const cookie = await member();
    const before = await storedCount(t.ctx.pictures);
    const res = await upload(cookie, multipart(bytes, name, type));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(UNSUPPORTED);
    expect(await storedCount(t.ctx.pictures)).toBe(before);
  });

  it('refuses a GIF (a real image, but not one of the three)', async () => {
    const cookie = await member();
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const res = await upload(cookie, multipart(gif, 'a.gif', 'image/gif'));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(UNSUPPORTED);
  });

  it('refuses a file over 10 MB with 413 and says the limit', async () => {
    const cookie = await member();
    const big = Buffer.alloc(11 * 1024 * 1024, 0xff);
    const res = await upload(cookie, multipart(big, 'huge.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The photo is too large. Please choose an image of at most 10 MB.');
  });

  it('needs a member', async () => {
    const res = await upload(null, multipart(await photo('png', 10, 10), 'a.png', 'image/png'));
    expect(res.statusCode).toBe(401);
  });

  it('wants multipart form data with a file in it', async () => {
    const cookie = await member();
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: { url: 'x' },
      headers: { cookie },
    });
    expect(json.statusCode).toBe(415);
    const boundary = '----empty';
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Choose an image to upload.');
  });

  it('is refused from another website', async () => {
    const cookie = await member();
    const res = await upload(cookie, multipart(await photo('png', 10, 10), 'a.png', 'image/png'), {
      origin: 'https://evil.example',
    });
    expect(res.statusCode).toBe(403);
  });

  it('puts an uploaded photo on a listing, which another app process shows from the same storage', async () => {
    const cookie = await member();
    const { url } = (await upload(cookie, multipart(await photo('jpeg', 900, 600), 'box.jpg', 'image/jpeg'))).json();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/puzzle-listings',
      headers: { cookie },
      payload: { title: 'Harbour Lights', pieces: 500, condition: 'good', puzzleImageUrl: url },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, puzzleThumbnailUrl } = created.json();
    // A picture name that was never stored is refused, as before object storage.
    const missing = await t.app.inject({
      method: 'PATCH',
      url: `/api/puzzle-listings/${id}`,
      headers: { cookie },
      payload: { title: 'Harbour Lights', pieces: 500, condition: 'good', boxImageUrl: '/uploads/neverStored1.webp' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('boxImageUrl');

    // A second process on another machine: the same database and settings, its own disk.
    const config = { ...t.ctx.config, uploadDir: tempDir('other-machine') };
    const pictures = createPictureStorage(config);
    const other = await buildApp({ ...t.ctx, config, pictures });
    try {
      const page = await other.inject({ method: 'GET', url: `/api/puzzle-listings/${id}`, headers: { cookie } });
      expect(page.json().puzzleThumbnailUrl).toBe(puzzleThumbnailUrl);
      const served = await other.inject({ method: 'GET', url: puzzleThumbnailUrl });
      // Only a bucket is shared between machines: that is what object storage is for.
      expect(served.statusCode).toBe(driver === 's3' ? 200 : 404);
      if (driver === 's3') expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    } finally {
      await other.close();
      await pictures.close();
    }
  });
});

describe('pictures behind a CDN (S3_PUBLIC_URL)', () => {
  const CDN = 'https://pictures.example.org/club';
  let stopStandIn: () => Promise<void>;
  beforeAll(async () => {
    const standIn = await startS3StandIn({ publicUrl: CDN });
    stopStandIn = standIn.close;
    t = await buildTestApp({ s3: standIn.config });
  });
  afterAll(async () => {
    await t.close();
    await stopStandIn();
  });

  it('stores the same /uploads/ address, sends browsers on to the CDN for the bytes, and lets pages load from it', async () => {
    const cookie = await member();
    const res = await upload(cookie, multipart(await photo('png', 300, 200), 'p.png', 'image/png'));
    expect(res.statusCode).toBe(201);
    const { url, thumbnailUrl } = res.json();
    expect(url).toMatch(/^\/uploads\/[\w-]+\.webp$/);
    expect(await t.ctx.pictures.exists(path.basename(url))).toBe(true);

    for (const address of [url, thumbnailUrl]) {
      const served = await t.app.inject({ method: 'GET', url: address });
      expect(served.statusCode).toBe(301);
      expect(served.headers.location).toBe(`${CDN}/${path.basename(address)}`);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/pictures\.example\.org(;|$)/);
  });
});

describe('the upload rate limit', () => {
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it(`allows ${UPLOADS_PER_HOUR} uploads an hour per member, then 429`, async () => {
    const cookie = await member();
    const tiny = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#abc' } })
      .png()
      .toBuffer();
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) {
      const res = await upload(cookie, multipart(tiny, 't.png', 'image/png'));
      expect(res.statusCode).toBe(201);
    }
    const over = await upload(cookie, multipart(tiny, 't.png', 'image/png'));
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/uploaded a lot of photos/);
    // Another member is unaffected.
    expect((await upload(await member(), multipart(tiny, 't.png', 'image/png'))).statusCode).toBe(201);
  }, 120_000);
});
