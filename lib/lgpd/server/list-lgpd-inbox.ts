// The officer's inbox: the instance's access and deletion requests in one list — the deletions awaiting review first
// (the officer's queue), then the newest by the day received (a request entered by hand) or requested. Each row
// carries its legal answer deadline (deadline.ts) and how it came in; the masked CPF only.
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
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
};

// Both tables as one relation, with the status as staff see it (a denial apart from failures: shown-status.ts).
const INBOX = `
  WITH inbox AS (
    SELECT 'deletion' AS kind, id, "cpfMasked", status::text AS status, source, channel, "receivedAt", "requestedAt",
           "processedAt", review
      FROM "LgpdRequest" WHERE "instanceId" = $1
    UNION ALL
    SELECT 'access' AS kind, id, "cpfMasked", status::text AS status, source, channel, "receivedAt", "requestedAt",
           "processedAt", NULL AS review
      FROM "LgpdAccessRequest" WHERE "instanceId" = $1
  ), shown AS (
    SELECT *, CASE WHEN status = 'error' AND review = 'denied' THEN 'denied' ELSE status END AS shown_status FROM inbox
  )
  SELECT * FROM shown
   WHERE ($2::text IS NULL OR kind = $2::text) AND ($3::text IS NULL OR shown_status = $3::text)`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export async function listLgpdInbox(ctx: UseCaseContext, query: TLgpdInboxBody) {
  const { instanceId } = ctx.actor;
  const params = [instanceId, query.kind ?? null, query.status ?? null];
  const [page, counts, days] = await Promise.all([
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
    };
    return { ...answer, due_at: requestDeadline(answer, days, now).deadline.toISOString() };
  });
  return {
    items,
    total: Number(counts.rows[0]?.total ?? 0),
    awaiting_review: Number(counts.rows[0]?.awaiting ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}
