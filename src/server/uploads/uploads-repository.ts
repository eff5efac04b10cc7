import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client';
import { uploadedPictures } from '../db/schema';

// The uploaded_pictures rows (decision 0026): one per picture uploaded, so the unused-picture
// job knows what was uploaded when, and when to look at it next.

/** Notes an upload; the job first looks at it at `checkAt` (a day on). */
export async function recordUpload(
  db: DbOrTx,
  row: { name: string; uploadedById: number; uploadedAt: Date; checkAt: Date },
): Promise<void> {
  await db.insert(uploadedPictures).values(row);
}

export type DuePicture = { name: string; inUse: boolean };

/**
 * Up to `limit` pictures due at `now`, locked for this transaction (SKIP LOCKED: rows another
 * process is checking are left to it, so each picture is checked, and removed, once), and
 * whether anything refers to each by its URL (`/uploads/<name>`): a listing's puzzle or box
 * picture, a member's avatar or profile picture, a forum post's pictures, or any setting's
 * value. Messages and feedback hold no pictures of their own (a thread shows its listing's).
 * Each reference is one pass over its table for the whole batch, not one per picture.
 */
export function lockDuePictures(tx: DbOrTx, now: Date, limit: number): Promise<DuePicture[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return queryRows<DuePicture>(
    tx,
    sql`WITH due AS (
          SELECT name, '/uploads/' || name AS url FROM uploaded_pictures
           WHERE check_at <= ${at}
           ORDER BY check_at
           LIMIT ${limit}
             FOR NO KEY UPDATE SKIP LOCKED
        ), used AS (
          SELECT puzzle_image_url AS url FROM puzzle_listings WHERE puzzle_image_url IN (SELECT url FROM due)
          UNION SELECT box_image_url FROM puzzle_listings WHERE box_image_url IN (SELECT url FROM due)
          UNION SELECT avatar_url FROM member_profiles WHERE avatar_url IN (SELECT url FROM due)
          UNION SELECT profile_image_url FROM users WHERE profile_image_url IN (SELECT url FROM due)
          UNION SELECT p.url FROM community_posts, unnest(image_urls) AS p(url)
                 WHERE image_urls && ARRAY(SELECT url FROM due)
          UNION SELECT d.url FROM due d JOIN system_settings s ON strpos(s.value::text, d.url) > 0
        )
        SELECT name, url IN (SELECT url FROM used) AS "inUse" FROM due`,
  );
}

/** Looks at these pictures again at `checkAt`: they are in use now. */
export async function checkAgainAt(tx: DbOrTx, names: string[], checkAt: Date): Promise<void> {
  if (names.length === 0) return;
  await tx.execute(
    sql`UPDATE uploaded_pictures SET check_at = ${checkAt.toISOString()}::timestamptz
         WHERE name IN (${sql.join(
           names.map((n) => sql`${n}`),
           sql`, `,
         )})`,
  );
}

export async function forgetPictures(tx: DbOrTx, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await tx.execute(
    sql`DELETE FROM uploaded_pictures WHERE name IN (${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )})`,
  );
}
