import { UNUSED_PICTURE_KEPT_MS } from '../../domain/constants';
import type { DbOrTx } from '../db/client';
import { runInTransaction } from '../db/transaction';
import type { PictureStorage } from './storage';
import { checkAgainAt, forgetPictures, lockDuePictures, recordUpload } from './uploads-repository';

// Uploaded pictures nothing refers to are removed a day after their upload (decision 0026):
// a member who uploads and never saves the listing, or a script uploading for its own sake,
// no longer fills the disk or the bucket. A picture in use is looked at again a day later,
// so one a listing or an avatar stopped using goes a day after it was last seen in use.

/** Pictures looked at per transaction; a run takes batches until none is due. */
const BATCH = 200;
/** Bounds one run; what is left is due at the next. */
const BATCHES_PER_RUN = 50;

/** Notes a picture just uploaded (saveImage's url), so it goes if nothing comes to use it. */
export async function noteUpload(db: DbOrTx, url: string, memberId: number, now: Date = new Date()): Promise<void> {
  await recordUpload(db, {
    name: url.replace(/^\/uploads\//, ''),
    uploadedById: memberId,
    uploadedAt: now,
    checkAt: new Date(now.getTime() + UNUSED_PICTURE_KEPT_MS),
  });
}

/** The picture's files: the main picture and its thumbnail (image-store.ts names them). */
const filesOf = (name: string) => [name, name.replace(/\.webp$/, '.thumb.webp')];

/**
 * One clean-up at `now` (injectable, so tests need no waiting). The files go inside the
 * transaction that deletes their rows: a file that cannot be deleted rolls the batch back,
 * and the next run tries again (deleting a file already gone is no error).
 */
export async function removeUnusedPictures(
  deps: { db: DbOrTx; pictures: PictureStorage },
  now: Date = new Date(),
): Promise<{ removed: number }> {
  let removed = 0;
  for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
    const seen = await runInTransaction(deps.db, async (tx) => {
      const due = await lockDuePictures(tx, now, BATCH);
      const unused = due.filter((p) => !p.inUse).map((p) => p.name);
      await checkAgainAt(
        tx,
        due.filter((p) => p.inUse).map((p) => p.name),
        new Date(now.getTime() + UNUSED_PICTURE_KEPT_MS),
      );
      for (const name of unused) for (const file of filesOf(name)) await deps.pictures.delete(file);
      await forgetPictures(tx, unused);
      return { due: due.length, removed: unused.length };
    });
    removed += seen.removed;
    if (seen.due < BATCH) break;
  }
  return { removed };
}
