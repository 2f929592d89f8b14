import "server-only";
import { getDb, Prisma } from "../../db/client.ts";
import { rawQuery } from "../../db/raw-query.ts";
import { localDayEnd, localDayStart } from "../../time/local-day.ts";
import { COMPAT_FILTER_PAGE_CAP, type CompatDate, type CompatFilterBody } from "../../compat/schemas.ts";
import { readViewsByIdsSql } from "../read-view-sql.ts";
import type { ReadViewRow } from "../read-view-sql.ts";
import { readPlan, type ReadMasking } from "./read.ts";
import { readViewsJson } from "./read-view-json.ts";
import { documentFilterSql } from "./document-filter-sql.ts";

// document/filter of the original's clients: the staff list's filters (categories, status ids) plus the original's
// exact-match lists, newest first, at most COMPAT_FILTER_PAGE_CAP documents a page, as read views.

const lowered = (values: string[]) => values.map((value) => value.toLowerCase());

function listCondition(column: string, values: string[] | undefined, caseless = false): Prisma.Sql[] {
  if (!values?.length) return [];
  const target = Prisma.raw(caseless ? `lower(d."${column}")` : `d."${column}"::text`);
  return [Prisma.sql`${target} = ANY(${caseless ? lowered(values) : values}::text[])`];
}

function dateBound(date: CompatDate | undefined, side: "from" | "to"): Prisma.Sql[] {
  if (!date) return [];
  if ("instant" in date) {
    return [
      side === "from"
        ? Prisma.sql`d."createdAt" >= ${date.instant}::timestamptz`
        : Prisma.sql`d."createdAt" <= ${date.instant}::timestamptz`,
    ];
  }
  return [
    side === "from"
      ? Prisma.sql`d."createdAt" >= ${localDayStart(date.day)}::timestamptz`
      : Prisma.sql`d."createdAt" < ${localDayEnd(date.day)}::timestamptz`,
  ];
}

/** The matching documents' read views as one JSON array text. */
export async function filterDocumentsCompat(
  instanceId: number,
  body: CompatFilterBody,
  masking: ReadMasking = { personal: "clear" },
): Promise<string> {
  const shared = await documentFilterSql(instanceId, { categories: body.categories, status_ids: body.status_id });
  const conditions = [
    shared,
    ...(body.products?.length ? [Prisma.sql`d."productId" = ANY(${body.products}::int[])`] : []),
    ...listCondition("modalityIdentifier", body.modality_identifier),
    ...listCondition("uuid", body.uuid),
    ...listCondition("protocol", body.protocol),
    ...listCondition("email", body.email, true),
    ...listCondition("phone", body.phone),
    ...listCondition("name", body.name, true),
    ...dateBound(body.initialDate, "from"),
    ...dateBound(body.finalDate, "to"),
  ];
  const limit = body.limit ?? COMPAT_FILTER_PAGE_CAP;
  const offset = ((body.page ?? 1) - 1) * limit;
  const db = await getDb();
  const rows = await db.$queryRaw<{ id: number }[]>(
    Prisma.sql`SELECT d.id FROM "Document" d WHERE ${Prisma.join(conditions, " AND ")}
      ORDER BY d."createdAt" DESC, d.id DESC LIMIT ${limit}::int OFFSET ${offset}::int`,
  );
  if (rows.length === 0) return "[]";
  const plan = readPlan(instanceId, masking);
  const { rows: views } = await rawQuery<ReadViewRow & Parameters<typeof plan.masked>[0]>(
    readViewsByIdsSql(plan.shape, plan.steps),
    [instanceId, rows.map((r) => Number(r.id)), ...plan.params],
  );
  return readViewsJson(views, plan.stepMap(views[0]), plan.masked(views[0]));
}
