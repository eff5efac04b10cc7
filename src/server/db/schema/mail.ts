// Outgoing e-mail and the digests (docs/product/email.md, decision 0033).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { DIGEST_KINDS, MAIL_KINDS } from '../../../domain/email-preferences';
import { createdAt, idColumn, oneOf, timestamptz } from './columns';
import { users } from './users';

/**
 * Every e-mail the club sends is first a row here (mail/mail-queue.ts), written after the
 * change it tells of has committed, and sent at once by the process that wrote it. A row not
 * yet sent is due again at `due_at`: a failed send sets it later (backoff), and a send in
 * progress sets it a few minutes ahead as its claim, so a process that stops half-way leaves
 * the row to the queue job of any process; a sent row has `sent_at` and is never sent again.
 */
export const outgoingMail = pgTable(
  'outgoing_mail',
  {
    id: idColumn(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post where they belong). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamptz('due_at').notNull(),
    sentAt: timestamptz('sent_at'),
    /** Set when the queue gave up (too many failures) or an account e-mail failed while the member waited. */
    failedAt: timestamptz('failed_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    check('outgoing_mail_kind_check', oneOf(t.kind, MAIL_KINDS)),
    // The queue job's one question: which unsent rows are due.
    index('outgoing_mail_due_idx')
      .on(t.dueAt, t.id)
      .where(sql`sent_at IS NULL AND failed_at IS NULL`),
    // Clearing out old sent mail.
    index('outgoing_mail_created_at_idx').on(t.createdAt),
  ],
);

/**
 * One row per member, digest kind and period: written in the transaction that queues the
 * digest (or finds nothing new to send), so each period is handled once however many
 * processes run. `emailed` says whether there was anything to send.
 */
export const digestsSent = pgTable(
  'digests_sent',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DIGEST_KINDS }).notNull(),
    periodStart: timestamptz('period_start').notNull(),
    emailed: boolean('emailed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'digests_sent_pk', columns: [t.memberId, t.kind, t.periodStart] }),
    check('digests_sent_kind_check', oneOf(t.kind, DIGEST_KINDS)),
  ],
);

/** Secrets the server makes for itself once, shared by every process through the database (the unsubscribe links' key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
