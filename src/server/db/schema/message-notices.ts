// Reminder e-mails about unread messages (issue 7): one row per member and conversation,
// holding when the last reminder went out. The row is the claim: a process sends only after
// its INSERT … ON CONFLICT DO NOTHING or conditional UPDATE returned the row, so two app
// processes on one database never both send, and "at most one a day" is a WHERE clause.
import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { messageThreads } from './messages';
import { users } from './users';

export const messageEmailNotices = pgTable(
  'message_email_notices',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamptz('sent_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'message_email_notices_pk', columns: [t.threadId, t.userId] }),
    index('message_email_notices_user_id_idx').on(t.userId),
  ],
);

export type MessageEmailNotice = typeof messageEmailNotices.$inferSelect;
