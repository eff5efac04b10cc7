-- What keeps each app process's in-memory browse index (src/server/listings/browse-index.ts,
-- docs/decisions/0011-browse-under-varied-traffic.md) exactly current, on one database shared
-- by any number of processes. The triggers below fill these tables; the app only reads them
-- (src/server/listings/browse-index-sync.ts):
--  - every statement that changes listings, a member's town, postcode or suspension, or
--    whether they show their location, notes what changed in browse_index_changes, with its
--    transaction id;
--  - when such a transaction commits, a deferred trigger gives it the next number in
--    browse_index_version and stamps its changes with it. The row lock makes the numbers
--    follow commit order, and it is taken at commit, after every other lock, so it cannot
--    take part in a deadlock.
-- A process whose index is at version v applies the changes numbered above v; one that finds
-- the version unchanged knows its index is the database's.
-- (Custom SQL, not in the Drizzle schema: the app reads these tables with plain SQL only.)

-- One row: the number of the last committed change, and up to where old changes were deleted
-- (a process that far behind loads its index afresh).
CREATE TABLE browse_index_version (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  version bigint NOT NULL DEFAULT 0,
  trimmed_through bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
-- What a transaction changed: a listing, an owner (location or suspension), or everything
-- (TRUNCATE).
-- version is NULL until the transaction commits.
CREATE TABLE browse_index_changes (
  version bigint,
  xid bigint NOT NULL,
  listing_id integer,
  user_id integer,
  everything boolean NOT NULL DEFAULT false,
  changed_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX browse_index_changes_version_idx ON browse_index_changes (version);
--> statement-breakpoint
CREATE INDEX browse_index_changes_xid_idx ON browse_index_changes (xid) WHERE version IS NULL;
--> statement-breakpoint
-- Transactions that changed something and have not committed yet (one row each).
CREATE TABLE browse_index_pending (xid bigint PRIMARY KEY);
--> statement-breakpoint
INSERT INTO browse_index_version (id) VALUES (1);
--> statement-breakpoint
-- A transaction that changed something gets one pending row; inserting it queues the deferred
-- commit trigger once per transaction, however many statements changed things.
CREATE FUNCTION browse_index_note_pending() RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO browse_index_pending (xid) VALUES (pg_current_xact_id()::text::bigint) ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
-- At commit (deferred): the next version number, for every change this transaction noted.
-- The UPDATE of the single version row waits for any other committing writer, so numbers
-- follow commit order; taken last, this lock cannot be part of a deadlock. Every 100th
-- version, changes over an hour old are deleted: no process is that far behind unless it was
-- idle, and one that is reloads its index (it reads trimmed_through).
CREATE FUNCTION browse_index_commit() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v bigint;
  trimmed bigint;
BEGIN
  UPDATE browse_index_version SET version = version + 1 WHERE id = 1 RETURNING version INTO v;
  UPDATE browse_index_changes SET version = v, changed_at = clock_timestamp()
    WHERE xid = NEW.xid AND version IS NULL;
  DELETE FROM browse_index_pending WHERE xid = NEW.xid;
  IF v % 100 = 0 THEN
    SELECT max(version) INTO trimmed FROM browse_index_changes
      WHERE version IS NOT NULL AND changed_at < clock_timestamp() - interval '1 hour';
    IF trimmed IS NOT NULL THEN
      DELETE FROM browse_index_changes WHERE version <= trimmed;
      UPDATE browse_index_version SET trimmed_through = greatest(trimmed_through, trimmed) WHERE id = 1;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER browse_index_commit_trg
AFTER INSERT ON browse_index_pending
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW
EXECUTE FUNCTION browse_index_commit();
--> statement-breakpoint
-- Listings: every inserted, updated or deleted row (`changed` is the statement's transition
-- table: new rows for INSERT and UPDATE, old rows for DELETE). One statement per statement.
CREATE FUNCTION browse_index_listings_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO browse_index_changes (xid, listing_id)
    SELECT pg_current_xact_id()::text::bigint, id FROM changed;
  IF FOUND THEN
    PERFORM browse_index_note_pending();
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER browse_index_listings_insert_trg AFTER INSERT ON puzzle_listings
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION browse_index_listings_changed();
--> statement-breakpoint
CREATE TRIGGER browse_index_listings_update_trg AFTER UPDATE ON puzzle_listings
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION browse_index_listings_changed();
--> statement-breakpoint
CREATE TRIGGER browse_index_listings_delete_trg AFTER DELETE ON puzzle_listings
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION browse_index_listings_changed();
--> statement-breakpoint
-- Members: only a changed town or postcode (the Location filter) or suspension (a suspended
-- member's listings leave browse) matters to browse. One statement, however many members, is
-- one note each (`previous` and `changed` are its old and new rows). A suspension's end date
-- passing changes no row: each process's index judges it by the clock. Other updates of users
-- (points, names, sign-ins, a suspension's reason) note nothing and bump nothing.
CREATE FUNCTION browse_index_owners_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO browse_index_changes (xid, user_id)
    SELECT pg_current_xact_id()::text::bigint, n.id FROM changed n JOIN previous o ON o.id = n.id
    WHERE n.town_or_city IS DISTINCT FROM o.town_or_city OR n.postcode IS DISTINCT FROM o.postcode
      OR n.suspended_at IS DISTINCT FROM o.suspended_at OR n.suspended_until IS DISTINCT FROM o.suspended_until;
  IF FOUND THEN
    PERFORM browse_index_note_pending();
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER browse_index_users_update_trg AFTER UPDATE ON users
REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION browse_index_owners_changed();
--> statement-breakpoint
-- Profiles: whether a member shows their location (a row may appear, change or go).
CREATE FUNCTION browse_index_profiles_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO browse_index_changes (xid, user_id)
    SELECT pg_current_xact_id()::text::bigint, user_id FROM changed;
  IF FOUND THEN
    PERFORM browse_index_note_pending();
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER browse_index_profiles_insert_trg AFTER INSERT ON member_profiles
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION browse_index_profiles_changed();
--> statement-breakpoint
CREATE TRIGGER browse_index_profiles_update_trg AFTER UPDATE ON member_profiles
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION browse_index_profiles_changed();
--> statement-breakpoint
CREATE TRIGGER browse_index_profiles_delete_trg AFTER DELETE ON member_profiles
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION browse_index_profiles_changed();
--> statement-breakpoint
-- TRUNCATE fires no row events: everything may have changed.
CREATE FUNCTION browse_index_truncated() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO browse_index_changes (xid, everything) VALUES (pg_current_xact_id()::text::bigint, true);
  PERFORM browse_index_note_pending();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER browse_index_listings_truncate_trg AFTER TRUNCATE ON puzzle_listings
FOR EACH STATEMENT EXECUTE FUNCTION browse_index_truncated();
--> statement-breakpoint
CREATE TRIGGER browse_index_users_truncate_trg AFTER TRUNCATE ON users
FOR EACH STATEMENT EXECUTE FUNCTION browse_index_truncated();
--> statement-breakpoint
CREATE TRIGGER browse_index_profiles_truncate_trg AFTER TRUNCATE ON member_profiles
FOR EACH STATEMENT EXECUTE FUNCTION browse_index_truncated();
