import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSession } from '../../src/server/auth/sessions-repository';
import { openEmbedded } from '../../src/server/db/client';
import { createDiskStorage } from '../../src/server/uploads/disk-storage';
import { saveImage } from '../../src/server/uploads/image-store';
import { createS3Storage } from '../../src/server/uploads/s3-storage';
import type { PictureStorage } from '../../src/server/uploads/storage';
import { createMember } from '../support/factories';
import { freePort, runScript, startServerProcess, waitForHealth } from '../support/process';
import { startS3StandIn, type S3StandIn } from '../support/s3-stand-in';
import { tempDir, testDbKind } from '../support/test-database';

// Object storage with the real programs: the server started with S3_* variables stores and
// serves pictures in the bucket, and `npm run storage:copy` copies a real upload folder into
// one, both against the local S3 stand-in (s3rver).

async function copy(env: Record<string, string>) {
  const proc = runScript('scripts/storage-copy.ts', { DATA_DIR: tempDir('copy-data'), ...env });
  const code = await proc.exited;
  return { code, output: proc.output() };
}

async function sizes(storage: PictureStorage): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for await (const picture of storage.list()) found[picture.name] = picture.size;
  return found;
}

describe.skipIf(testDbKind !== 'embedded')('the server with S3_BUCKET set', () => {
  let standIn: S3StandIn;
  beforeAll(async () => {
    standIn = await startS3StandIn();
  });
  afterAll(async () => {
    await standIn.close();
  });

  it('stores an upload in the bucket, not on its disk, and serves it from there', async () => {
    // A member with a session in a copy of the migrated template database.
    const dataDir = tempDir('s3-server');
    const template = new Blob([fs.readFileSync(inject('pgliteTemplatePath'))]);
    const database = await openEmbedded(dataDir, { loadDataDir: template, migrate: false });
    let cookie: string;
    try {
      const member = await createMember(database.db);
      cookie = `jc_session=${(await createSession(database.db, member.id, false)).token}`;
    } finally {
      await database.close();
    }

    const port = await freePort();
    const server = startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), ...standIn.env });
    try {
      await waitForHealth(port, server, 60_000);
      const form = new FormData();
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
        .jpeg()
        .toBuffer();
      form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
      const res = await fetch(`http://127.0.0.1:${port}/api/uploads`, {
        method: 'POST',
        body: form,
        headers: { cookie },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const { url } = (await res.json()) as { url: string };

      const bucket = createS3Storage(standIn.config);
      try {
        expect(await bucket.exists(path.basename(url))).toBe(true);
      } finally {
        await bucket.close();
      }
      expect(fs.existsSync(path.join(dataDir, 'uploads', path.basename(url)))).toBe(false);
      const served = await fetch(`http://127.0.0.1:${port}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(64);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  });

  it('a bad S3 setting stops start-up with one clear line', async () => {
    const server = startServerProcess({ DATA_DIR: tempDir('s3-bad'), DATABASE_URL: '', S3_BUCKET: 'Not A Bucket' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toMatch(
      /^jigsaw-club: Configuration error: S3_BUCKET: S3_BUCKET must be a bucket name/,
    );
  });
});

describe('npm run storage:copy', () => {
  let standIn: S3StandIn;
  let bucket: PictureStorage;
  let uploadDir: string;
  beforeAll(async () => {
    standIn = await startS3StandIn();
    bucket = createS3Storage(standIn.config);
    uploadDir = tempDir('copy-uploads');
    const folder = createDiskStorage(uploadDir);
    for (const background of ['#335577', '#aa6633']) {
      const jpeg = await sharp({ create: { width: 120, height: 90, channels: 3, background } })
        .jpeg()
        .toBuffer();
      await saveImage(folder, jpeg);
    }
    // Not a picture: left where it is.
    fs.writeFileSync(path.join(uploadDir, 'notes.txt'), 'hello');
  });
  afterAll(async () => {
    await bucket.close();
    await standIn.close();
  });

  it('copies every picture to the bucket, replaces a half-copied one, and skips them all the second time', async () => {
    const onDisk = await sizes(createDiskStorage(uploadDir));
    expect(Object.keys(onDisk)).toHaveLength(4);
    // A copy that broke off earlier left a shorter object behind.
    const broken = Object.keys(onDisk)[0]!;
    await bucket.put(broken, Buffer.from('half'), 'image/webp');

    const first = await copy({ UPLOAD_DIR: uploadDir, ...standIn.env });
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain(`from the folder ${uploadDir} to the bucket ${standIn.config.bucket}`);
    expect(first.output).toContain('4 copied, 0 already in the bucket, 0 failed');
    expect(await sizes(bucket)).toEqual(onDisk);

    const again = await copy({ UPLOAD_DIR: uploadDir, ...standIn.env });
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('0 copied, 4 already in the bucket, 0 failed');
  });

  it('stops with one clear line and exit code 1 without a bucket, or when the bucket cannot be reached', async () => {
    const none = await copy({ UPLOAD_DIR: uploadDir });
    expect(none.code).toBe(1);
    expect(none.output.trim()).toBe(
      'jigsaw-club: S3_BUCKET is not set: name the bucket to copy the pictures to (see docs/operations.md)',
    );

    const missing = await copy({ UPLOAD_DIR: uploadDir, ...standIn.env, S3_BUCKET: 'no-such-bucket' });
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(
      /^jigsaw-club: cannot list the bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+: /m,
    );
  });
});
