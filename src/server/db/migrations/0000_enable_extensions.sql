-- Trigram matching for browse's text and artist search (GIN gin_trgm_ops indexes in the
-- next migration). PostgreSQL: pg_trgm ships with the server's contrib package.
-- PGlite: the instance must be created with `extensions: { pg_trgm }` from
-- '@electric-sql/pglite/contrib/pg_trgm', otherwise this statement fails.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
