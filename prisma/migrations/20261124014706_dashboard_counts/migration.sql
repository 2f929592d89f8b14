-- CreateTable
CREATE TABLE "DashboardCount" (
    "id" BIGSERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "createdDay" DATE NOT NULL,
    "productId" INTEGER NOT NULL,
    "modalityId" INTEGER,
    "statusId" INTEGER NOT NULL,
    "slaState" TEXT NOT NULL,
    "lateFrom" SMALLINT,
    "slaDay" INTEGER,
    "finishedDay" DATE,
    "count" INTEGER NOT NULL,

    CONSTRAINT "DashboardCount_pkey" PRIMARY KEY ("id")
);

-- The dashboard's counts per key, kept by triggers on "Document" in the same transaction as every insert, delete and
-- change of a counted column (create, updateById, staff edits, imports, the LGPD erasure, cascades), so they are
-- exactly what a COUNT over the documents would say, at every commit. lib/dashboard/server/load-dashboard.ts reads them.
-- A key holds only what does not depend on the clock: an SLA still running keeps the UTC day of its end ("slaDay"),
-- and the reader counts the documents of the few days around a bucket boundary exactly.
-- No semicolon may appear inside a statement or comment here: @prisma/adapter-pg runs scripts split at each one.
-- The PL/pgSQL bodies are E'' strings that write it as \073 for that reason (and quotes doubled).

-- Nullable key columns: the unique key compares them through COALESCE so that NULL matches NULL on conflict.
CREATE UNIQUE INDEX "DashboardCount_key" ON "DashboardCount" ("instanceId", "createdDay", "productId", "statusId",
  "slaState", (COALESCE("modalityId", 0)), (COALESCE("lateFrom", -1)), (COALESCE("slaDay", -1)),
  (COALESCE("finishedDay", '-infinity'::date)));

-- A document's key, as a "DashboardCount" row (id and count left empty). The SLA clock stops at date_finished, else at
-- the start of the current pause: with neither it is still running. The late buckets are the dashboard's
-- (lib/dashboard/schema.ts LATE_BUCKETS): the lower bound of the bucket of the days late when the clock stopped.
-- PL/pgSQL rather than SQL for both functions: PostgreSQL plans a SQL function's statement again at every call, which
-- cost 0.8-1 ms per document written, where PL/pgSQL keeps its plans (0.035 ms).
CREATE FUNCTION "docflow_dashboard_key"(d "Document") RETURNS "DashboardCount"
LANGUAGE plpgsql STABLE AS E'
DECLARE
  k "DashboardCount"\073
  stopped timestamptz := COALESCE(d."dateFinished", d."pausedAt")\073
  days numeric\073
BEGIN
  k."instanceId" := d."instanceId"\073
  k."createdDay" := (d."createdAt" AT TIME ZONE ''America/Sao_Paulo'')::date\073
  k."productId" := d."productId"\073
  k."modalityId" := d."modalityId"\073
  k."statusId" := d."statusId"\073
  IF d."slaEnd" IS NULL THEN
    k."slaState" := ''no_sla''\073
  ELSIF stopped IS NULL THEN
    k."slaState" := ''running''\073
    k."slaDay" := floor(EXTRACT(EPOCH FROM d."slaEnd") / 86400)::int\073
  ELSIF d."slaEnd" < stopped THEN
    k."slaState" := ''late''\073
    days := EXTRACT(EPOCH FROM (stopped - d."slaEnd")) / 86400.0\073
    k."lateFrom" := CASE WHEN days < 1 THEN 0 WHEN days < 3 THEN 1 WHEN days < 7 THEN 3 WHEN days < 15 THEN 7
                         WHEN days < 30 THEN 15 ELSE 30 END\073
  ELSE
    k."slaState" := ''in_sla''\073
  END IF\073
  IF d."slaEnd" IS NOT NULL THEN
    k."finishedDay" := (d."dateFinished" AT TIME ZONE ''America/Sao_Paulo'')::date\073
  END IF\073
  RETURN k\073
END';

-- Moves one document from its old key (-1) to its new one (+1): either may be NULL (insert, delete). One statement,
-- keys in a fixed order, so two transactions moving documents in opposite directions lock the rows in the same order.
CREATE FUNCTION "docflow_dashboard_move"(old_row "Document", new_row "Document") RETURNS void
LANGUAGE plpgsql AS E'BEGIN
  INSERT INTO "DashboardCount" AS c ("instanceId", "createdDay", "productId", "modalityId", "statusId", "slaState",
    "lateFrom", "slaDay", "finishedDay", "count")
  SELECT (k)."instanceId", (k)."createdDay", (k)."productId", (k)."modalityId", (k)."statusId", (k)."slaState",
    (k)."lateFrom", (k)."slaDay", (k)."finishedDay", sum(delta)::int
  FROM (
    SELECT "docflow_dashboard_key"(old_row) AS k, -1 AS delta WHERE (old_row)."id" IS NOT NULL
    UNION ALL
    SELECT "docflow_dashboard_key"(new_row), 1 WHERE (new_row)."id" IS NOT NULL
  ) moves
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  HAVING sum(delta) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT ("instanceId", "createdDay", "productId", "statusId", "slaState", (COALESCE("modalityId", 0)),
    (COALESCE("lateFrom", -1)), (COALESCE("slaDay", -1)), (COALESCE("finishedDay", ''-infinity''::date)))
  DO UPDATE SET "count" = c."count" + excluded."count"\073
END';

CREATE FUNCTION "docflow_dashboard_count"() RETURNS trigger
LANGUAGE plpgsql AS E'BEGIN PERFORM "docflow_dashboard_move"(OLD, NEW)\073 RETURN NULL\073 END';

-- Triggers and the counts of the documents already there in one statement (one transaction, writers locked out
-- meanwhile), so no document is counted twice or missed while a server writes during the migration. Updates that
-- leave every counted column as it was (filled_columns merges, masking) do not fire the trigger.
DO E'BEGIN
  LOCK TABLE "Document" IN SHARE ROW EXCLUSIVE MODE\073
  CREATE TRIGGER "Document_dashboard_insert_delete" AFTER INSERT OR DELETE ON "Document"
    FOR EACH ROW EXECUTE FUNCTION "docflow_dashboard_count"()\073
  CREATE TRIGGER "Document_dashboard_update" AFTER UPDATE ON "Document" FOR EACH ROW
    WHEN ((OLD."instanceId", OLD."createdAt", OLD."productId", OLD."modalityId", OLD."statusId", OLD."slaEnd",
           OLD."dateFinished", OLD."pausedAt")
          IS DISTINCT FROM (NEW."instanceId", NEW."createdAt", NEW."productId", NEW."modalityId", NEW."statusId",
           NEW."slaEnd", NEW."dateFinished", NEW."pausedAt"))
    EXECUTE FUNCTION "docflow_dashboard_count"()\073
  INSERT INTO "DashboardCount" ("instanceId", "createdDay", "productId", "modalityId", "statusId", "slaState",
    "lateFrom", "slaDay", "finishedDay", "count")
  SELECT (k)."instanceId", (k)."createdDay", (k)."productId", (k)."modalityId", (k)."statusId", (k)."slaState",
    (k)."lateFrom", (k)."slaDay", (k)."finishedDay", count(*)::int
  FROM (SELECT "docflow_dashboard_key"(d) AS k FROM "Document" d) keys
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9\073
END';
