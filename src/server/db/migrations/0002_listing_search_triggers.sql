-- puzzle_listings.search_text: the lower-cased text browse searches (docs/product/listings.md#browse-filters: title,
-- subtitle, artist, description, barcode and manufacturer name), kept here by triggers so
-- every writer (API, seed, admin rename) gets it right and one trigram index answers
-- `search_text LIKE '%term%'`. Fields are joined by a newline so a search term cannot
-- match across the end of one field and the start of the next.
CREATE OR REPLACE FUNCTION puzzle_listing_search_text(
  p_title text,
  p_subtitle text,
  p_artist text,
  p_description text,
  p_barcode_number text,
  p_manufacturer_name text
) RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT lower(concat_ws(E'\n', p_title, p_subtitle, p_artist, p_description, p_barcode_number, p_manufacturer_name))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION puzzle_listings_set_search_text() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.search_text := puzzle_listing_search_text(
    NEW.title,
    NEW.subtitle,
    NEW.artist,
    NEW.description,
    NEW.barcode_number,
    (SELECT m.name FROM manufacturers m WHERE m.id = NEW.manufacturer_id)
  );
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- search_text is in the column list so a write to it (e.g. the manufacturer trigger below,
-- or a careless app) is always replaced by the computed value. This also covers the
-- ON DELETE SET NULL of a deleted manufacturer, which updates manufacturer_id.
CREATE TRIGGER puzzle_listings_search_text_trg
BEFORE INSERT OR UPDATE OF title, subtitle, artist, description, barcode_number, manufacturer_id, search_text
ON puzzle_listings
FOR EACH ROW
EXECUTE FUNCTION puzzle_listings_set_search_text();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION manufacturers_refresh_listing_search_text() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  -- Touching search_text fires the listing trigger, which recomputes it with the new name.
  UPDATE puzzle_listings SET search_text = '' WHERE manufacturer_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER manufacturers_rename_search_text_trg
AFTER UPDATE OF name
ON manufacturers
FOR EACH ROW
WHEN (OLD.name IS DISTINCT FROM NEW.name)
EXECUTE FUNCTION manufacturers_refresh_listing_search_text();
--> statement-breakpoint
-- Backfill rows that existed before this migration (none on a fresh install).
UPDATE puzzle_listings SET search_text = '';
