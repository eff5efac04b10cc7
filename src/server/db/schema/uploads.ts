// Every picture uploaded through POST /api/uploads (decision 0026): what the unused-picture
// job needs to remove pictures nothing refers to a day after they were uploaded. The files
// themselves are in the picture storage (a folder or a bucket); a row names the main picture,
// whose thumbnail (`<name>.thumb.webp`) goes with it.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

export const uploadedPictures = pgTable(
  'uploaded_pictures',
  {
    /** The stored name of the main picture, `<random>.webp` (its URL is `/uploads/<name>`). */
    name: text('name').primaryKey(),
    /** Who uploaded it; null once their row is gone. */
    uploadedById: integer('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamptz('uploaded_at').notNull(),
    /**
     * When the job next asks whether anything refers to it: a day after the upload, then a
     * day after each time it found the picture in use (UNUSED_PICTURE_KEPT_MS).
     */
    checkAt: timestamptz('check_at').notNull(),
  },
  // The job takes the pictures due, oldest first.
  (t) => [index('uploaded_pictures_check_at_idx').on(t.checkAt)],
);
