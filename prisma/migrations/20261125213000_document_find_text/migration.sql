-- The staff "find anything" box (lib/documents/server/find-documents.ts, issue 21): words typed in it are looked for,
-- partially and without regard to case or accents, in a document's name, e-mail and filled_columns values (plates,
-- claim numbers). "docflow_fold" lowers a text and takes the accents off the Latin letters Portuguese and Spanish
-- write (translate before lower, so it does not depend on the database's locale knowing upper-case accented letters).
-- "docflow_json_values" is an object's values alone, space-separated (not its keys: "placa" must not match every
-- document that has a plate). One trigram index holds the folded text of the three, so a LIKE '%term%' on it reads
-- only the rows holding the term's trigrams. Queries must write exactly this expression (lib/db/search-text.ts,
-- findTextSql) for the planner to use the index.
-- CPF/CNPJ prefixes use the existing ("instanceId", "cpfDigits", "createdAt") index through a range condition.
-- No semicolon may appear inside a statement or comment here: @prisma/adapter-pg runs scripts split at each one.
CREATE FUNCTION "docflow_fold"(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(value,
    'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ',
    'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnnyyy'))
$$;

CREATE FUNCTION "docflow_json_values"(value jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(value) = 'object'
    THEN (SELECT coalesce(string_agg(entry.value, ' '), '') FROM jsonb_each_text(value) AS entry)
    ELSE coalesce(value::text, '') END
$$;

CREATE INDEX "Document_find_text_idx" ON "Document" USING gin (
  "docflow_fold"(coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || "docflow_json_values"("filledColumns"))
  gin_trgm_ops);
