// `npm run storage:copy`: copies every picture from the upload folder (UPLOAD_DIR, or
// DATA_DIR/uploads) to the bucket that S3_BUCKET and the other S3_* variables name, so a club
// can move its pictures to object storage (docs/operations.md, 'Moving a club's pictures to
// object storage'). Safe to run again: a picture already in the bucket with the same size is
// skipped. Prints the counts; exits 1 if any picture could not be copied.
import { buffer } from 'node:stream/consumers';
import { ConfigError, loadConfig } from '../src/server/config';
import { createDiskStorage } from '../src/server/uploads/disk-storage';
import { createS3Storage } from '../src/server/uploads/s3-storage';
import type { PictureStorage } from '../src/server/uploads/storage';

// A few uploads at once keep the network busy without flooding the store.
const PARALLEL = 8;

function fail(message: string): never {
  process.stderr.write(`jigsaw-club: ${message}\n`);
  process.exit(1);
}

async function copyOne(from: PictureStorage, to: PictureStorage, name: string): Promise<void> {
  const picture = await from.get(name);
  if (picture === null || picture === 'not-modified') throw new Error('it disappeared from the folder');
  await to.put(name, await buffer(picture.body), picture.contentType);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (!config.s3) fail('S3_BUCKET is not set: name the bucket to copy the pictures to (see docs/operations.md)');

  const from = createDiskStorage(config.uploadDir);
  const to = createS3Storage(config.s3);
  console.log(`Copying pictures from the ${from.description} to the ${to.description}`);
  try {
    const there = new Map<string, number>();
    try {
      for await (const object of to.list()) there.set(object.name, object.size);
    } catch (err) {
      fail(`cannot list the ${to.description}: ${(err as Error).message}`);
    }

    const todo: string[] = [];
    let skipped = 0;
    for await (const picture of from.list()) {
      if (there.get(picture.name) === picture.size) skipped++;
      else todo.push(picture.name);
    }

    let copied = 0;
    let failed = 0;
    const worker = async () => {
      for (let name = todo.shift(); name !== undefined; name = todo.shift()) {
        try {
          await copyOne(from, to, name);
          copied++;
        } catch (err) {
          failed++;
          process.stderr.write(`jigsaw-club: could not copy ${name}: ${(err as Error).message}\n`);
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));

    console.log(`${copied} copied, ${skipped} already in the bucket, ${failed} failed`);
    if (failed > 0) process.exitCode = 1;
  } finally {
    await to.close();
  }
}

main().catch((err: unknown) => {
  fail(`copying failed: ${(err as Error).message}`);
});
