import {
  change,
  MANUFACTURER_EXISTS_MESSAGE,
  type AdminManufacturer,
  type ManufacturerPatchBody,
} from '../../domain/admin';
import { type SettingBody, type SettingPatchBody, type SystemSetting } from '../../domain/settings';
import { AppError } from '../../domain/errors';
import { isUniqueViolation } from '../db/client';
import { listingCardsChanged } from '../listings/listings-admin-service';
import { createManufacturer, deleteManufacturer, updateManufacturer } from '../manufacturers/manufacturers-service';
import { commitWithNotices, type NoticeDeps } from '../notices/notices';
import { logAdminAction } from './activity-log';
import { createSetting, deleteSetting, toSettingView, updateSetting } from './settings-service';

// What administrators keep for the whole club (docs/product/administration.md#settings): settings and manufacturers.
// Each change is one transaction with its activity-log row.

const settingTarget = (s: { category: string; key: string }) => `setting:${s.category}.${s.key}`;

export async function addSetting(deps: NoticeDeps, adminId: number, body: SettingBody, now = new Date()) {
  return commitWithNotices(deps, async (tx, outbox): Promise<SystemSetting> => {
    const row = await createSetting(tx, body, now);
    await logAdminAction(
      tx,
      outbox,
      {
        adminId,
        action: 'create_setting',
        target: settingTarget(row),
        details: { settingId: row.id, value: change(null, row.value), description: row.description },
      },
      now,
    );
    return toSettingView(row);
  });
}

/** PATCH /admin/settings/{id}: logged with the old and new value (and description when it changes). */
export async function changeSetting(
  deps: NoticeDeps,
  adminId: number,
  id: number,
  body: SettingPatchBody,
  now = new Date(),
): Promise<SystemSetting> {
  return commitWithNotices(deps, async (tx, outbox) => {
    const { before, after } = await updateSetting(tx, id, body, now);
    await logAdminAction(
      tx,
      outbox,
      {
        adminId,
        action: 'update_setting',
        target: settingTarget(after),
        details: {
          settingId: after.id,
          value: change(before.value, after.value),
          ...(body.description === undefined ? {} : { description: change(before.description, after.description) }),
        },
      },
      now,
    );
    return toSettingView(after);
  });
}

export async function removeSetting(deps: NoticeDeps, adminId: number, id: number, now = new Date()): Promise<void> {
  await commitWithNotices(deps, async (tx, outbox) => {
    const row = await deleteSetting(tx, id);
    await logAdminAction(
      tx,
      outbox,
      {
        adminId,
        action: 'delete_setting',
        target: settingTarget(row),
        details: { settingId: row.id, value: change(row.value, null), description: row.description },
      },
      now,
    );
  });
}

/** A unique violation that slipped past the name check (two at once) is the same 409. */
async function nameConflictAs409<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('DUPLICATE_NAME', MANUFACTURER_EXISTS_MESSAGE);
    throw err;
  }
}

export async function addManufacturer(
  deps: NoticeDeps,
  adminId: number,
  name: string,
  now = new Date(),
): Promise<AdminManufacturer> {
  return commitWithNotices(deps, async (tx, outbox) => {
    const made = await createManufacturer(tx, name);
    await logAdminAction(
      tx,
      outbox,
      {
        adminId,
        action: 'create_manufacturer',
        target: `manufacturer:${made.id}`,
        details: { name: change(null, made.name), isActive: change(null, made.isActive) },
      },
      now,
    );
    return made;
  });
}

export async function changeManufacturer(
  deps: NoticeDeps,
  adminId: number,
  id: number,
  patch: ManufacturerPatchBody,
  now = new Date(),
): Promise<AdminManufacturer> {
  const after = await nameConflictAs409(() =>
    commitWithNotices(deps, async (tx, outbox) => {
      const { before, after } = await updateManufacturer(tx, id, patch);
      const details: Record<string, unknown> = {};
      if (before.name !== after.name) details.name = change(before.name, after.name);
      if (before.isActive !== after.isActive) details.isActive = change(before.isActive, after.isActive);
      // Nothing changed (the same name, the same state): nothing to log.
      if (Object.keys(details).length > 0) {
        await logAdminAction(
          tx,
          outbox,
          { adminId, action: 'update_manufacturer', target: `manufacturer:${id}`, details },
          now,
        );
      }
      return after;
    }),
  );
  // Listing cards show the manufacturer's name.
  listingCardsChanged();
  return after;
}

export async function removeManufacturer(deps: NoticeDeps, adminId: number, id: number, now = new Date()) {
  await commitWithNotices(deps, async (tx, outbox) => {
    const gone = await deleteManufacturer(tx, id);
    await logAdminAction(
      tx,
      outbox,
      {
        adminId,
        action: 'delete_manufacturer',
        target: `manufacturer:${id}`,
        details: { name: change(gone.name, null), isActive: change(gone.isActive, null) },
      },
      now,
    );
  });
}
