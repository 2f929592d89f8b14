import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb, Prisma } from "../../db/client.ts";
import { identifierKind } from "../../identifiers/identifiers.ts";
import type { PersonalField } from "../mask.ts";
import type { DocumentListItem, SearchDocumentsBody, SearchDocumentsResult } from "../search-schema.ts";
import { emailFailure } from "../../outbox/email-failure.ts";
import { slaInfo } from "../sla-state.ts";
import { documentFilterSql, SEARCH_COUNT_CAP } from "./document-filter-sql.ts";
import { applyMaskingPolicy, maskedFieldsFor } from "./masking-policy.ts";
import { planTextSearch } from "./text-search.ts";

// The staff documents list (POST /api/documents/search): every filter of the spec's "Documents" section
// (./document-filter-sql.ts), server-side sort and paging, always inside the caller's instance. One parameterised SQL
// statement finds the page's ids and another counts; the rows are then read with Prisma.

function orderBySql(sort: SearchDocumentsBody["sort"], direction: SearchDocumentsBody["direction"]): Prisma.Sql {
  // Both come from zod enums; Prisma.raw only ever sees these fixed words.
  const dir = Prisma.raw(direction === "asc" ? "ASC" : "DESC");
  switch (sort) {
    case "updated_at":
      return Prisma.sql`d."updatedAt" ${dir}, d.id ${dir}`;
    case "protocol":
      return Prisma.sql`d.protocol ${dir}, d.id ${dir}`;
    case "sla_end":
      // Documents without a deadline come last in both directions.
      return Prisma.sql`d."slaEnd" ${dir} NULLS LAST, d.id ${dir}`;
    case "urgency":
      // One order only (the direction does not apply): the expression index "Document_urgency_idx" holds it.
      return Prisma.sql`(d."dateFinished" IS NOT NULL), (d."pausedAt" IS NOT NULL), d."slaEnd" NULLS LAST, d.id`;
    case "customer_activity":
      return Prisma.sql`d."customerActivityAt" ${dir} NULLS LAST, d.id ${dir}`;
    case "status":
      return Prisma.sql`st."order" ${dir}, st.name ${dir}, d."createdAt" DESC, d.id DESC`;
    default:
      return Prisma.sql`d."createdAt" ${dir}, d.id ${dir}`;
  }
}

/**
 * Finds one page of the caller's instance's documents matching `input.query`, personal data masked as the instance's
 * masking policy says for the caller's role (`masked` overrides it: the benches and tests that compare policies).
 * Assignee "me" is the caller's user (a token without a user matches nothing).
 */
export async function searchDocuments(
  ctx: UseCaseContext,
  input: { query: SearchDocumentsBody; now?: Date; masked?: ReadonlySet<PersonalField> },
): Promise<SearchDocumentsResult> {
  const { instanceId, userId } = ctx.actor;
  const { query } = input;
  const now = input.now ?? new Date();
  const masked = input.masked ?? (await maskedFieldsFor(ctx.actor));
  const db = await getDb();
  const where = await documentFilterSql(instanceId, query.filters, now, userId ?? null, masked);
  const offset = (query.page - 1) * query.page_size;
  // Sorting by status means its configured order (then name), which lives on Status.
  const statusJoin = query.sort === "status" ? Prisma.sql`JOIN "Status" st ON st.id = d."statusId"` : Prisma.empty;
  const idRows = await db.$queryRaw<{ id: number }[]>(
    Prisma.sql`SELECT d.id FROM "Document" d ${statusJoin} WHERE ${where}
      ORDER BY ${orderBySql(query.sort, query.direction)}
      LIMIT ${query.page_size}::int OFFSET ${offset}::int`,
  );
  // Counting stops past SEARCH_COUNT_CAP: an exact count of a broad search over a million documents costs more than
  // the page itself, and "10.000+" tells staff what they need (narrow the search).
  const countRows = await db.$queryRaw<{ total: number }[]>(
    Prisma.sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM "Document" d WHERE ${where}
      LIMIT ${SEARCH_COUNT_CAP + 1}::int) AS matched`,
  );
  const ids = idRows.map((row) => Number(row.id));
  const documents = ids.length
    ? await db.document.findMany({
        where: { id: { in: ids }, instanceId },
        include: {
          status: { select: { id: true, name: true, textColor: true, bgColor: true, category: true } },
          product: { select: { id: true, name: true, columns: { select: { key: true } } } },
          modality: { select: { id: true, identifier: true } },
          user: { select: { id: true, name: true } },
        },
      })
    : [];
  // Each listed case's last customer e-mail, when it failed (the staff's own notices have no document).
  const lastMails = ids.length
    ? await db.$queryRaw<{ documentId: number; status: string; lastError: string | null }[]>(
        Prisma.sql`SELECT DISTINCT ON (m."documentId") m."documentId", m.status::text AS status, m."lastError"
          FROM "OutboxMessage" m WHERE m."documentId" IN (${Prisma.join(ids.map((id) => Prisma.sql`${id}::int`))})
            AND m.channel = 'email'
          ORDER BY m."documentId", m."createdAt" DESC, m.id DESC`,
      )
    : [];
  const failures = new Map(
    lastMails
      .filter((mail) => mail.status === "failed")
      .map((mail) => [Number(mail.documentId), emailFailure(mail.lastError)]),
  );
  const byId = new Map(documents.map((document) => [document.id, document]));
  const items = ids.flatMap((id) => {
    const document = byId.get(id);
    return document ? [{ ...toListItem(document, now, masked), email_failure: failures.get(id) ?? null }] : [];
  });
  const counted = Number(countRows[0]?.total ?? 0);
  return {
    items,
    total: Math.min(counted, SEARCH_COUNT_CAP),
    total_capped: counted > SEARCH_COUNT_CAP,
    page: query.page,
    page_size: query.page_size,
    ...(query.filters.q ? { q_withheld: planTextSearch(query.filters.q, masked).withheld } : {}),
  };
}

type LoadedDocument = Prisma.DocumentGetPayload<{
  include: {
    status: { select: { id: true; name: true; textColor: true; bgColor: true; category: true } };
    product: { select: { id: true; name: true; columns: { select: { key: true } } } };
    modality: { select: { id: true; identifier: true } };
    user: { select: { id: true; name: true } };
  };
}>;

function toListItem(
  document: LoadedDocument,
  now: Date,
  masked: ReadonlySet<PersonalField>,
): Omit<DocumentListItem, "email_failure"> {
  const filled = (document.filledColumns ?? {}) as Record<string, unknown>;
  const columns: Record<string, unknown> = {};
  for (const { key } of document.product.columns) {
    if (Object.hasOwn(filled, key)) columns[key] = filled[key];
  }
  return {
    id: document.id,
    uuid: document.uuid,
    protocol: document.protocol,
    ...applyMaskingPolicy(document, masked),
    cpf_kind: identifierKind(document.cpf),
    status: {
      id: document.status.id,
      name: document.status.name,
      text_color: document.status.textColor,
      bg_color: document.status.bgColor,
      category: {
        key: document.status.category.key,
        label: document.status.category.label,
        kind: document.status.category.kind,
      },
    },
    product: { id: document.product.id, name: document.product.name },
    modality: document.modality,
    columns,
    created_at: document.createdAt.toISOString(),
    updated_at: document.updatedAt.toISOString(),
    sla_end: document.slaEnd?.toISOString() ?? null,
    date_finished: document.dateFinished?.toISOString() ?? null,
    sla_state: slaInfo(document, now).state,
    sla_paused: slaInfo(document, now).paused,
    assignee: document.user,
    customer_unread: document.customerUnread,
    customer_activity_at: document.customerActivityAt?.toISOString() ?? null,
  };
}
