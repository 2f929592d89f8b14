-- The original service's attachment_name on observations (20261125180946_compat_original_fields) is personal data the
-- LGPD erasure masks, so it joins the trigram-indexed search text of "Observation" (lib/db/search-text.ts) and the
-- masking pass keeps reading only the rows whose text holds the person's trigrams.
-- No semicolon may appear inside a statement or comment here: @prisma/adapter-pg runs scripts split at each one.
DROP INDEX IF EXISTS "Observation_search_text_idx";

CREATE INDEX "Observation_search_text_idx" ON "Observation" USING gin (
  "docflow_search_text"(coalesce("text", '') || ' ' || coalesce("authorLabel", '') || ' ' || coalesce("attachmentName", '')) gin_trgm_ops);
