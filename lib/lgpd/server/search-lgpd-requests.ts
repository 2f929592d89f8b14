import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb, type Prisma } from "../../db/client.ts";
import { invalid } from "../../errors/app-error.ts";
import { isValidCpf } from "../../identifiers/identifiers.ts";
import { localDayRange } from "../../time/local-day.ts";
import type { TSearchLgpdRequestsBody } from "../schemas.ts";
import { lgpdCpfHash } from "./cpf-hash.ts";
import { invalidCpf, serializeLgpdRequest } from "./lgpd-request-rows.ts";

/** A denial is an "error" to the status API but its own state to staff: "error" means the failures only. */
function statusFilter(status: TSearchLgpdRequestsBody["status"]): Prisma.LgpdRequestWhereInput {
  if (!status) return {};
  if (status === "denied") return { status: "error", review: "denied" };
  if (status === "error") return { status: "error", OR: [{ review: null }, { review: { not: "denied" } }] };
  return { status };
}

/** The instance's deletion requests, newest first, filtered by status, requested days and (hashed) CPF. */
export async function searchLgpdRequests(ctx: UseCaseContext, query: TSearchLgpdRequestsBody) {
  const { instanceId } = ctx.actor;
  const cpf = query.cpf?.trim();
  if (cpf && !isValidCpf(cpf)) throw invalidCpf();
  if (query.from && query.to && query.from > query.to) {
    throw invalid("Invalid parameters", [{ path: "to", message: "Must not be before from", code: "before_start" }]);
  }
  const range = localDayRange(query.from, query.to);
  const where: Prisma.LgpdRequestWhereInput = {
    instanceId,
    ...statusFilter(query.status),
    ...(Object.keys(range).length ? { requestedAt: range } : {}),
    ...(cpf ? { cpfHash: lgpdCpfHash(cpf) } : {}),
  };
  const db = await getDb();
  const [total, rows] = await Promise.all([
    db.lgpdRequest.count({ where }),
    db.lgpdRequest.findMany({
      where,
      orderBy: [{ requestedAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
  ]);
  return { items: rows.map(serializeLgpdRequest), total, page: query.page, page_size: query.page_size };
}
