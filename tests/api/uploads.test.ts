import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/auth/sessions-repository';
import { UPLOADS_PER_HOUR } from '../../src/server/uploads/routes';
import { buildTestApp, type TestApp } from '../support/build-app';
import { createMember } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const UNSUPPORTED = 'Unsupported file type. Please upload a JPEG, PNG or WebP image.';

async function member() {
  const row = await createMember(t.database.db);
  const { token } = await createSession(t.database.db, row.id, false);
  return `jc_session=${token}`;
}

/** A multipart/form-data body with one file field, as a browser's FormData sends it. */
function multipart(file: Buffer, filename: string, contentType: string, extra: Record<string, string> = {}) {
  const boundary = `----jigsaw${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(extra)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
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

describe('uploading a photo', () => {
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
    // Stored under UPLOAD_DIR.
    expect(fs.existsSync(path.join(t.ctx.config.uploadDir, path.basename(url)))).toBe(true);
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
    const before = fs.existsSync(t.ctx.config.uploadDir) ? fs.readdirSync(t.ctx.config.uploadDir).length : 0;
    const res = await upload(cookie, multipart(bytes, name, type));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(UNSUPPORTED);
    const after = fs.existsSync(t.ctx.config.uploadDir) ? fs.readdirSync(t.ctx.config.uploadDir).length : 0;
    expect(after).toBe(before);
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
