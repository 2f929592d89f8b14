// The officer's inbox: the instance's access and deletion requests in one list — the deletions awaiting review first
// (the officer's queue), then the newest by the day received (a request entered by hand) or requested. Each row
// carries its legal answer deadline (deadline.ts), how it came in and who in the team answers it; the masked CPF only.
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { rawQuery } from "../../db/raw-query.ts";
import { requestDeadline } from "../deadline.ts";
import type { TLgpdInboxBody } from "../schemas.ts";
import { loadDeadlineDays } from "./load-deadline-days.ts";

type InboxRow = {
  kind: "access" | "deletion";
  id: number;
  cpfMasked: string;
  status: "pending" | "done" | "not_found" | "error";
  source: string;
  channel: "email" | "letter" | "phone" | "in_person" | null;
  receivedAt: Date | string | null;
  requestedAt: Date | string;
  processedAt: Date | string | null;
  review: "awaiting" | "approved" | "denied" | null;
  assigneeId: number | null;
  assigneeName: string | null;
};

// Both tables as one relation, with the status as staff see it (a denial apart from failures: shown-status.ts).
const INBOX = `
  WITH inbox AS (
    SELECT 'deletion' AS kind, id, "cpfMasked", status::text AS status, source, channel, "receivedAt", "requestedAt",
           "processedAt", review, "assigneeId"
      FROM "LgpdRequest" WHERE "instanceId" = $1
    UNION ALL
    SELECT 'access' AS kind, id, "cpfMasked", status::text AS status, source, channel, "receivedAt", "requestedAt",
           "processedAt", NULL AS review, "assigneeId"
      FROM "LgpdAccessRequest" WHERE "instanceId" = $1
  ), shown AS (
    SELECT inbox.*, CASE WHEN status = 'error' AND review = 'denied' THEN 'denied' ELSE status END AS shown_status,
           assignee.name AS "assigneeName"
      FROM inbox LEFT JOIN "User" AS assignee ON assignee.id = inbox."assigneeId"
  )
  SELECT * FROM shown
   WHERE ($2::text IS NULL OR kind = $2::text) AND ($3::text IS NULL OR shown_status = $3::text)
     AND ($4::text IS NULL OR ($4::text = 'none' AND "assigneeId" IS NULL)
          OR ($4::text = 'person' AND "assigneeId" = $5::int))`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export async function listLgpdInbox(ctx: UseCaseContext, query: TLgpdInboxBody) {
  const { instanceId, userId } = ctx.actor;
  // "Minhas" for a token without a person behind it matches nothing (no request is a token's).
  const person = query.assignee === "me" ? userId : typeof query.assignee === "number" ? query.assignee : null;
  const assigneeFilter = query.assignee === "none" ? "none" : query.assignee == null ? null : "person";
  const params = [instanceId, query.kind ?? null, query.status ?? null, assigneeFilter, person];
  const db = await getDb();
  const [page, counts, days, assignees] = await Promise.all([
    rawQuery<InboxRow>(
      `${INBOX}
       ORDER BY (review IS NOT DISTINCT FROM 'awaiting') DESC, COALESCE("receivedAt", "requestedAt") DESC,
                "requestedAt" DESC, kind, id DESC
       LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
      params,
    ),
    rawQuery<{ total: number | string; awaiting: number | string }>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE review = 'awaiting') AS awaiting FROM (${INBOX}) AS listed`,
      params,
    ),
    loadDeadlineDays(ctx),
    // Who may be assigned: the same rule as assign-lgpd-request.ts.
    db.user.findMany({
      where: { instanceId, disabled: false, integration: false, role: { in: ["staff", "admin"] } },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: { id: true, name: true },
    }),
  ]);
  const now = new Date();
  const items = page.rows.map((row) => {
    const answer = {
      kind: row.kind,
      id: Number(row.id),
      cpf_masked: row.cpfMasked,
      status: row.status,
      source: row.source,
      channel: row.channel,
      received_at: iso(row.receivedAt),
      requested_at: iso(row.requestedAt)!,
      processed_at: iso(row.processedAt),
      review: row.review,
      assignee: row.assigneeId === null ? null : { id: Number(row.assigneeId), name: row.assigneeName ?? "" },
    };
    return { ...answer, due_at: requestDeadline(answer, days, now).deadline.toISOString() };
  });
  return {
    items,
    total: Number(counts.rows[0]?.total ?? 0),
    awaiting_review: Number(counts.rows[0]?.awaiting ?? 0),
    assignees,
    page: query.page,
    page_size: query.page_size,
  };
}
