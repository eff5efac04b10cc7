import type pg from 'pg';
import { SAVED_SEARCHES_MAX } from '../../domain/constants';
import { AppError } from '../../domain/errors';
import { browseQuerySchema, type BrowseQuery } from '../../domain/browse';
import type { GeoPoint } from '../../domain/near';
import {
  SAVED_SEARCHES_FULL_MESSAGE,
  savedSearchFilters,
  savedSearchKey,
  savedSearchName,
  type SavedSearchCreate,
  type SavedSearchPatch,
  type SavedSearchView,
} from '../../domain/wanted';
import type { DbOrTx } from '../db/client';
import { runInTransaction } from '../db/transaction';
import { defaultSavedSearchAlert } from '../email-preferences/email-preferences-service';
import { browsePageBody } from '../listings/browse-service';
import { lockMembers } from '../members/members-service';
import {
  countSavedSearches,
  deleteSavedSearch,
  findSavedSearch,
  forgetMatchesOf,
  insertSavedSearch,
  listSavedSearches,
  manufacturerName,
  updateSavedSearch,
  type SavedSearchRow,
} from './wanted-repository';

// Saved searches (docs/product/wanted.md#saved-searches): a member's kept browse questions,
// at most 25, each with its new matches. A member sees and changes only their own.

export const SAVED_SEARCH_NOT_FOUND_MESSAGE = 'Saved search not found';

function toView(row: SavedSearchRow): SavedSearchView {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    alert: row.alert,
    createdAt: row.createdAt.toISOString(),
    newMatches: row.newMatches,
  };
}

async function defaultName(db: DbOrTx, query: SavedSearchCreate['query']): Promise<string> {
  const filters = savedSearchFilters(query);
  const maker = filters.manufacturerId === undefined ? null : await manufacturerName(db, filters.manufacturerId);
  return savedSearchName(filters, maker);
}

export async function mySavedSearches(db: DbOrTx, memberId: number): Promise<SavedSearchView[]> {
  return (await listSavedSearches(db, memberId)).map(toView);
}

export async function createSavedSearch(
  db: DbOrTx,
  memberId: number,
  body: SavedSearchCreate,
): Promise<SavedSearchView> {
  const name = body.name ?? (await defaultName(db, body.query));
  const id = await runInTransaction(db, async (tx) => {
    // The member's row is locked so two saves at once cannot both be the 25th.
    await lockMembers(tx, [memberId]);
    if ((await countSavedSearches(tx, memberId)) >= SAVED_SEARCHES_MAX) {
      throw new AppError('CONFLICT', SAVED_SEARCHES_FULL_MESSAGE);
    }
    const row = await insertSavedSearch(tx, {
      memberId,
      name,
      query: body.query,
      // Without a choice, the member's 'saved searches' e-mail preference (docs/product/email.md).
      alert: body.alert ?? (await defaultSavedSearchAlert(tx, memberId)),
      matchKey: savedSearchKey(savedSearchFilters(body.query)),
    });
    return row.id;
  });
  return toView((await findSavedSearch(db, memberId, id))!);
}

async function ownSearch(db: DbOrTx, memberId: number, id: number): Promise<SavedSearchRow> {
  const row = await findSavedSearch(db, memberId, id);
  if (!row) throw new AppError('NOT_FOUND', SAVED_SEARCH_NOT_FOUND_MESSAGE);
  return row;
}

export async function changeSavedSearch(
  db: DbOrTx,
  memberId: number,
  id: number,
  patch: SavedSearchPatch,
  now = new Date(),
): Promise<SavedSearchView> {
  await runInTransaction(db, async (tx) => {
    await ownSearch(tx, memberId, id);
    await updateSavedSearch(tx, id, {
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.alert === undefined ? {} : { alert: patch.alert }),
      // A new question starts afresh: the old one's matches are not its matches.
      ...(patch.query === undefined
        ? {}
        : { query: patch.query, matchKey: savedSearchKey(savedSearchFilters(patch.query)), lastOpenedAt: now }),
    });
    if (patch.query !== undefined) await forgetMatchesOf(tx, id);
  });
  return toView(await ownSearch(db, memberId, id));
}

export async function removeSavedSearch(db: DbOrTx, memberId: number, id: number): Promise<void> {
  if (!(await deleteSavedSearch(db, memberId, id))) throw new AppError('NOT_FOUND', SAVED_SEARCH_NOT_FOUND_MESSAGE);
}

/**
 * A saved search's matches: browse's page of its question, newest first (the JSON text of
 * browse's page object). Opening it marks its matches seen.
 */
export async function savedSearchMatchesPage(
  db: DbOrTx,
  memberId: number,
  id: number,
  page: number,
  pool?: pg.Pool,
  now = new Date(),
  /** Where its distances are measured from, as browse finds it (a place's point or the member's own). */
  originOf: (query: BrowseQuery) => Promise<GeoPoint | undefined> = async () => undefined,
): Promise<string> {
  const search = await ownSearch(db, memberId, id);
  const query = browseQuerySchema.parse({ ...search.query, sort: 'newest', page: String(page) });
  const body = await browsePageBody(db, { ...query, origin: await originOf(query) }, memberId, pool);
  await updateSavedSearch(db, id, { lastOpenedAt: now });
  return body;
}
