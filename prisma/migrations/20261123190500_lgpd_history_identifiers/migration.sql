-- LGPD erasure follows the person: a deletion also removes documents whose identifier WAS the CPF. The history
-- keeps every identifier a document had ({"field":"cpf","before":…,"after":…} in "changes"), and this function
-- lists them without punctuation, upper-cased (like "Document"."cpfDigits"), and the GIN index on it lets the
-- deletion find such documents without reading the whole history. Prisma does not model expression indexes or
-- functions and leaves both alone (checked: `npm run db:migration` after this one writes nothing).
-- No semicolon may appear inside a statement or comment here: @prisma/adapter-pg runs scripts split at each one.
CREATE FUNCTION "lgpd_history_identifiers"(changes jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT upper(regexp_replace(raw, '[^0-9a-zA-Z]', '', 'g'))), '{}')
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(changes) = 'array' THEN changes ELSE '[]'::jsonb END) AS change,
         LATERAL (VALUES (change ->> 'before'), (change ->> 'after')) AS identifier(raw)
   WHERE jsonb_typeof(change) = 'object' AND change ->> 'field' = 'cpf' AND raw IS NOT NULL
$$;

CREATE INDEX "DocumentHistory_identifiers_idx" ON "DocumentHistory" USING gin ("lgpd_history_identifiers"("changes"));
