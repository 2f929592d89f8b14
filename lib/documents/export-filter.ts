// The filter of the documents list as the CSV export accepts it (SPEC.md "Documents": export of exactly the filtered
// set). The list's own search (lib/documents/search*.ts) uses the same names; `documentWhere` is the one place that
// turns them into a Prisma where, always inside the caller's instance.
import { z } from "zod";
import { getDb, type Prisma } from "../db/client.ts";
import { idField } from "../http/zod-fields.ts";
import { normalizeIdentifier } from "../identifiers/identifiers.ts";
import { localDayEnd, localDayField, localDayStart } from "../time/local-day.ts";

export const SLA_STATES = ["in_sla", "late", "no_sla"] as const;
export type SlaState = (typeof SLA_STATES)[number];

export const exportFilterSchema = z
  .object({
    cpf: z.string().trim().max(64).optional(),
    categories: z.array(z.string().trim().min(1).max(40)).max(50).optional(),
    product_id: idField.optional(),
    status_ids: z.array(idField).max(200).optional(),
    modality_id: idField.optional(),
    created_from: localDayField.optional(),
    created_to: localDayField.optional(),
    sla_state: z.enum(SLA_STATES).optional(),
    /** Product column key → text the column's value must contain (numbers also match exactly). */
    columns: z.record(z.string().trim().min(1).max(100), z.string().max(200)).optional(),
  })
  .refine((filter) => !filter.created_from || !filter.created_to || filter.created_from <= filter.created_to, {
    message: "created_from must not be after created_to",
    path: ["created_to"],
  });
export type ExportFilter = z.infer<typeof exportFilterSchema>;

/**
 * The Prisma where of a filter, scoped to `instanceId`. SLA states follow the dashboard's definitions: no_sla when
 * sla_end is null; late when sla_end < (date_finished ?? now); in_sla otherwise. Comparing two columns needs the
 * client's field references, hence async.
 */
export async function documentWhere(
  instanceId: number,
  filter: ExportFilter,
  now: Date = new Date(),
): Promise<Prisma.DocumentWhereInput> {
  const and: Prisma.DocumentWhereInput[] = [{ instanceId }];
  const cpf = filter.cpf ? normalizeIdentifier(filter.cpf) : "";
  if (cpf) and.push({ cpfDigits: cpf });
  if (filter.categories?.length) and.push({ status: { category: { key: { in: filter.categories } } } });
  if (filter.product_id) and.push({ productId: filter.product_id });
  if (filter.status_ids?.length) and.push({ statusId: { in: filter.status_ids } });
  if (filter.modality_id) and.push({ modalityId: filter.modality_id });
  if (filter.created_from) and.push({ createdAt: { gte: localDayStart(filter.created_from) } });
  if (filter.created_to) and.push({ createdAt: { lt: localDayEnd(filter.created_to) } });
  if (filter.sla_state) and.push(await slaStateWhere(filter.sla_state, now));
  for (const [key, value] of Object.entries(filter.columns ?? {})) {
    const text = value.trim();
    if (!text) continue;
    const alternatives: Prisma.DocumentWhereInput[] = [{ filledColumns: { path: [key], string_contains: text } }];
    if (/^-?\d+(\.\d+)?$/.test(text)) alternatives.push({ filledColumns: { path: [key], equals: Number(text) } });
    and.push({ OR: alternatives });
  }
  return { AND: and };
}

async function slaStateWhere(state: SlaState, now: Date): Promise<Prisma.DocumentWhereInput> {
  if (state === "no_sla") return { slaEnd: null };
  const finishedAt = (await getDb()).document.fields.dateFinished;
  if (state === "late") {
    return {
      OR: [
        { dateFinished: null, slaEnd: { lt: now } },
        { dateFinished: { not: null }, slaEnd: { lt: finishedAt } },
      ],
    };
  }
  return {
    OR: [
      { dateFinished: null, slaEnd: { gte: now } },
      { dateFinished: { not: null }, slaEnd: { gte: finishedAt } },
    ],
  };
}
