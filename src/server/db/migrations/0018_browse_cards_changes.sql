-- Browse cards are held in memory beside the browse index (src/server/listings/browse-cards.ts)
-- and kept exactly current by the same change log (migration 0012). A card shows its owner's
-- name ('Margaret H.'), so a changed first or last name is now a noted change like a move.
-- (A renamed manufacturer already is: its rename touches its listings' search text.)
CREATE OR REPLACE FUNCTION browse_index_owners_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO browse_index_changes (xid, user_id)
    SELECT pg_current_xact_id()::text::bigint, n.id FROM changed n JOIN previous o ON o.id = n.id
    WHERE n.town_or_city IS DISTINCT FROM o.town_or_city OR n.postcode IS DISTINCT FROM o.postcode
      OR n.suspended_at IS DISTINCT FROM o.suspended_at OR n.suspended_until IS DISTINCT FROM o.suspended_until
      OR n.first_name IS DISTINCT FROM o.first_name OR n.last_name IS DISTINCT FROM o.last_name;
  IF FOUND THEN
    PERFORM browse_index_note_pending();
  END IF;
  RETURN NULL;
END;
$$;
