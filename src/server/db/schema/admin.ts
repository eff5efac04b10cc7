// Administration: platform settings and the admin activity log.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { SETTING_CATEGORIES } from '../../../domain/enums';
import { createdAt, descending, idColumn, oneOf, timestamptz, updatedAt } from './columns';
import { users } from './users';

export const systemSettings = pgTable(
  'system_settings',
  {
    id: idColumn(),
    category: text('category', { enum: SETTING_CATEGORIES }).notNull(),
    key: text('key').notNull(),
    // Any JSON value the admin typed (docs/product/administration.md#settings: the value must parse as JSON).
    value: jsonb('value').$type<unknown>().notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('system_settings_category_check', oneOf(t.category, SETTING_CATEGORIES)),
    check('system_settings_key_not_blank', sql`char_length(btrim(${t.key})) > 0`),
    unique('system_settings_category_key_unique').on(t.category, t.key),
  ],
);

/** The admin activity log. Kept when an admin account is removed (admin_id set null). */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: idColumn(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
  },
  (t) => [
    index('admin_actions_timestamp_idx').on(descending(t.timestamp)),
    // The activity tab's filters, newest first within each.
    index('admin_actions_admin_id_timestamp_idx').on(t.adminId, descending(t.timestamp)),
    index('admin_actions_action_timestamp_idx').on(t.action, descending(t.timestamp)),
  ],
);

export type SystemSetting = typeof systemSettings.$inferSelect;
export type NewSystemSetting = typeof systemSettings.$inferInsert;
export type AdminAction = typeof adminActions.$inferSelect;
export type NewAdminAction = typeof adminActions.$inferInsert;
