import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { intArray, queryRows, type Db, type DbOrTx } from '../db/client';
import { runInTransaction } from '../db/transaction';
import { BrowseCards, readCards } from './browse-cards';
import { BrowseIndex, type IndexedListing, type IndexedOwner } from './browse-index';
import { ownerLocations } from './browse-query';
import { queryFixedPlan } from '../db/prepared-statements';

// Keeps one BrowseIndex per database exactly current (the tables and triggers of migration
// 0012_browse_index_changes describe how changes are noted and numbered). Each browse reads the committed version (one tiny
// prepared statement); when it moved, the listings and owners changed since are read again
// and applied, so the index answers as the database would at that version. Until the first
// load finishes, or while a large change is reloaded, browse asks the database instead
// (currentBrowseIndex answers null), so no request waits for a load. An owner's facts carry
// their suspension and time away: one set, changed or lifted is a noted change like a move,
// and one starting or ending by itself needs no change at all (the index judges it at each
// answer's clock).
// Beside the index are its cards (browse-cards.ts): read once after the load, and forgotten by
// the same changes, so a page from the index needs nothing from the database but the version.

/** Changes touching more listings than this share of the index reload it whole. */
const RELOAD_SHARE = 0.2;
/** After a failed load, browse asks the database for this long before trying again. */
const RETRY_AFTER_MS = 30_000;
/** The cards are read after a load in statements of this many. */
const CARDS_PER_READ = 1_000;

type Holder = {
  index: BrowseIndex | null;
  /** The cards of `index`'s listings (null when `index` is). */
  cards: BrowseCards | null;
  /** Reading the cards after a load (browse reads the missing ones meanwhile). */
  warming: Promise<void> | null;
  version: number;
  loading: Promise<void> | null;
  refreshing: Promise<void> | null;
  failedAt: number;
  error: unknown;
  /** The version read under way, and the one to start when it is done (sharedVersion). */
  versionRead: Promise<VersionRow> | null;
  nextVersionRead: Promise<VersionRow> | null;
};
const holders = new WeakMap<object, Holder>();

/** The browse facts of the active listings matching `where` (as IndexedListing). */
const listingFacts = (where: SQL) => sql`SELECT p.id, p.user_id AS "userId",
    (extract(epoch FROM coalesce(p.published_at, p.created_at)) * 1000000)::float8 AS "listedAt",
    lower(p.title) AS "titleKey", p.pieces, p.puzzle_points AS points, p.year_of_manufacture AS year,
    p.manufacturer_id AS "manufacturerId", lower(mf.name) AS "manufacturerKey", p.difficulty,
    p.condition, p.missing_pieces = 0 AS complete, lower(p.artist) AS "artistKey",
    p.search_text AS "searchText", p.handover <> 'post' AS "inPerson"
  FROM puzzle_listings p LEFT JOIN manufacturers mf ON mf.id = p.manufacturer_id
  WHERE p.status = 'active' AND ${where}`;

/** The location, suspension and away facts (as IndexedOwner) of the members matching `members` (over `ou`). */
const ownerFacts = (members: SQL) => sql`SELECT o.id, o.town, o.area, o.outward, o.shown,
    su.latitude, su.longitude,
    su.suspended_at IS NOT NULL AS suspended,
    (extract(epoch FROM su.suspended_until) * 1000)::float8 AS "suspendedUntil",
    (extract(epoch FROM su.away_from) * 1000)::float8 AS "awayFrom",
    (extract(epoch FROM su.away_until) * 1000)::float8 AS "awayUntil"
  FROM ${ownerLocations(members)} o JOIN users su ON su.id = o.id`;

type VersionRow = { version: number; trimmedThrough: number };
const versionStatement = sql`SELECT version::float8 AS version, trimmed_through::float8 AS "trimmedThrough"
  FROM browse_index_version WHERE id = 1`;

async function readVersion(db: DbOrTx, pool: pg.Pool | undefined): Promise<VersionRow> {
  const [row] = await queryFixedPlan<VersionRow>(db, pool, versionStatement);
  if (!row) throw new Error('browse_index_version has no row (migration 0012 not applied?)');
  return { version: Number(row.version), trimmedThrough: Number(row.trimmedThrough) };
}

/**
 * The committed version as of a moment after this call: one read shared by every browse that
 * asks while it has not started yet. A read already under way may have taken its snapshot
 * before the caller arrived (and so miss a change committed just before), so a caller that
 * finds one waits for the next, which starts when it ends and serves everyone who came
 * meanwhile. Under load one read then answers many browses instead of each sending its own
 * (measured: docs/performance.md, 'Cheaper varied questions').
 */
function sharedVersion(holder: Holder, db: Db, pool: pg.Pool | undefined): Promise<VersionRow> {
  const start = (): Promise<VersionRow> => {
    const read = readVersion(db, pool);
    holder.versionRead = read;
    const done = () => {
      if (holder.versionRead === read) holder.versionRead = null;
    };
    read.then(done, done);
    return read;
  };
  if (holder.versionRead === null) return start();
  holder.nextVersionRead ??= holder.versionRead
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => {
      holder.nextVersionRead = null;
      return start();
    });
  return holder.nextVersionRead;
}

/** Everything, in one snapshot: the version and the listings and owners as of it. */
async function loadAll(db: Db): Promise<{ index: BrowseIndex; version: number }> {
  return runInTransaction(
    db,
    async (tx) => {
      const [row] = await queryRows<VersionRow>(tx, versionStatement);
      const listings = await queryRows<IndexedListing>(tx, listingFacts(sql`true`));
      const owners = await queryRows<IndexedOwner>(
        tx,
        ownerFacts(sql`ou.id IN (SELECT user_id FROM puzzle_listings WHERE status = 'active')`),
      );
      return { index: new BrowseIndex(listings, owners), version: Number(row!.version) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function startLoad(holder: Holder, db: Db): Promise<void> {
  holder.loading ??= loadAll(db)
    .then(({ index, version }) => {
      holder.index = index;
      holder.cards = new BrowseCards();
      holder.version = version;
      holder.warming = warmCards(holder, db);
    })
    .catch((err: unknown) => {
      holder.failedAt = Date.now();
      holder.error = err;
    })
    .finally(() => {
      holder.loading = null;
    });
  return holder.loading;
}

/**
 * Reads the cards of every listing of the index just loaded, a statement at a time, so that
 * browse finds them held. Stops when the index is replaced or the cards fill their budget; a
 * failure leaves browse to read the cards it misses.
 */
async function warmCards(holder: Holder, db: Db): Promise<void> {
  const { index, cards } = holder;
  if (index === null || cards === null) return;
  const ids = index.listingIds();
  try {
    for (let at = 0; at < ids.length && holder.cards === cards && !cards.full; at += CARDS_PER_READ) {
      const epoch = cards.epoch;
      cards.keep(await readCards(db, undefined, ids.slice(at, at + CARDS_PER_READ)), epoch);
    }
  } catch {
    // Browse reads what is missing.
  }
}

/**
 * Applies the changes committed after the index's version, up to the version committed now.
 * False when they cannot be applied one by one (too many, a TRUNCATE, or older than the
 * change notes kept): the index must be loaded afresh.
 */
async function applyChanges(holder: Holder, db: Db, pool: pg.Pool | undefined): Promise<boolean> {
  const { version, trimmedThrough } = await readVersion(db, pool);
  if (version === holder.version) return true;
  if (holder.version < trimmedThrough) return false;
  const changes = await queryRows<{ listingId: number | null; userId: number | null; everything: boolean }>(
    db,
    sql`SELECT listing_id AS "listingId", user_id AS "userId", everything FROM browse_index_changes
      WHERE version > ${holder.version} AND version <= ${version}`,
  );
  const listingIds = new Set<number>();
  const userIds = new Set<number>();
  for (const c of changes) {
    if (c.everything) return false;
    if (c.listingId !== null) listingIds.add(c.listingId);
    if (c.userId !== null) userIds.add(c.userId);
  }
  const index = holder.index!;
  if (listingIds.size > Math.max(100, index.size * RELOAD_SHARE)) return false;
  const listings =
    listingIds.size === 0
      ? []
      : await queryRows<IndexedListing>(db, listingFacts(sql`p.id = ANY(${intArray(listingIds)})`));
  // The owners whose own rows changed: their name or town is on every card of theirs.
  const changedOwners = [...userIds];
  // A listing's owner is read with it (a new owner is new to the index too).
  for (const l of listings) userIds.add(l.userId);
  const owners =
    userIds.size === 0 ? [] : await queryRows<IndexedOwner>(db, ownerFacts(sql`ou.id = ANY(${intArray(userIds)})`));
  const active = new Set(listings.map((l) => l.id));
  // Another refresh may have gone further meanwhile; facts read now are at least as new.
  if (holder.index !== index || holder.version > version) return true;
  index.apply(
    listings,
    [...listingIds].filter((id) => !active.has(id)),
    owners,
  );
  // A card shows its listing and its owner's name and town: both kinds of change forget it.
  // A listing's change forgets only its own card, not its owner's other ones: on a club evening
  // a new listing or a favourite every few dozen milliseconds forgot fifty cards at a time,
  // which browse then read again (docs/performance.md, 'What a change costs browse').
  holder.cards?.forget([...listingIds, ...changedOwners.flatMap((id) => index.listingIdsOf(id))]);
  holder.version = version;
  return true;
}

function isTransaction(db: DbOrTx): boolean {
  return 'rollback' in db;
}

/**
 * The browse index of this database and its cards, exactly as current as the committed version
 * read now; or null when browse should ask the database itself (the index is still loading,
 * reloading, or `db` is a transaction, whose uncommitted writes the index cannot see).
 */
export async function currentBrowse(
  db: DbOrTx,
  pool: pg.Pool | undefined,
): Promise<{ index: BrowseIndex; cards: BrowseCards } | null> {
  if (isTransaction(db)) return null;
  const root = db as Db;
  const holder = holderOf(root);
  if (holder.index === null) {
    if (!holder.loading && Date.now() - holder.failedAt > RETRY_AFTER_MS) void startLoad(holder, root);
    return null;
  }
  const { version } = await sharedVersion(holder, root, pool);
  if (version === holder.version) return current(holder);
  // One refresh at a time; a request that saw a later version than it reached runs another.
  for (let attempt = 0; attempt < 2 && holder.version < version; attempt++) {
    const h = holder;
    h.refreshing ??= applyChanges(h, root, pool)
      .then((applied) => {
        if (!applied) {
          h.index = null;
          h.cards = null;
          void startLoad(h, root);
        }
      })
      .catch((err: unknown) => {
        h.index = null;
        h.cards = null;
        h.failedAt = Date.now();
        h.error = err;
      })
      .finally(() => {
        h.refreshing = null;
      });
    await h.refreshing;
    if (h.index === null) return null;
  }
  return holder.version >= version ? current(holder) : null;
}

const current = ({ index, cards }: Holder) => (index === null || cards === null ? null : { index, cards });

/** The browse index alone (currentBrowse). */
export async function currentBrowseIndex(db: DbOrTx, pool: pg.Pool | undefined): Promise<BrowseIndex | null> {
  return (await currentBrowse(db, pool))?.index ?? null;
}

/** Loads the index and its cards now (tests and the bench, which want them ready before they ask). */
export async function loadBrowseIndex(db: Db): Promise<void> {
  const holder = holderOf(db);
  await startLoad(holder, db);
  if (holder.index === null) throw new Error('the browse index did not load', { cause: holder.error });
  await holder.warming;
}

function holderOf(db: Db): Holder {
  let holder = holders.get(db);
  if (!holder) {
    holder = {
      index: null,
      cards: null,
      warming: null,
      version: -1,
      loading: null,
      refreshing: null,
      failedAt: 0,
      error: undefined,
      versionRead: null,
      nextVersionRead: null,
    };
    holders.set(db, holder);
  }
  return holder;
}
