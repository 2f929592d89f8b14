-- Trigram (pg_trgm) indexes over the free text staff search and the LGPD erasure look into: a "contains" search on a
-- product column and the masking pass after a deletion read only the rows whose text holds the searched trigrams
-- instead of every row of the instance. PGlite loads pg_trgm when it opens (lib/db/connection.ts).
-- "docflow_search_text" is the text as stored followed by its digits alone (twice: once as written, once without
-- JSON \uXXXX escapes), so a CPF or phone written with any punctuation is found by its bare digits. Queries must use
-- the same expressions as the indexes (lib/db/search-text.ts builds them) or the planner cannot use them.
-- Prisma does not model extensions, functions or expression indexes and leaves them alone.
-- No semicolon may appear inside a statement or comment here: @prisma/adapter-pg runs scripts split at each one.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE FUNCTION "docflow_search_text"(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT value || ' ' || regexp_replace(value, '[^0-9]+', '', 'g') || ' '
    || regexp_replace(regexp_replace(value, '\\u[0-9a-fA-F]{4}', '', 'g'), '[^0-9]+', '', 'g')
$$;

CREATE INDEX "Document_search_text_idx" ON "Document" USING gin (
  "docflow_search_text"(coalesce("source", '') || ' ' || coalesce("filledColumns"::text, '')) gin_trgm_ops);

CREATE INDEX "Observation_search_text_idx" ON "Observation" USING gin (
  "docflow_search_text"(coalesce("text", '') || ' ' || coalesce("authorLabel", '')) gin_trgm_ops);

CREATE INDEX "DocumentHistory_search_text_idx" ON "DocumentHistory" USING gin (
  "docflow_search_text"(coalesce("changes"::text, '') || ' ' || coalesce("actorLabel", '')) gin_trgm_ops);
