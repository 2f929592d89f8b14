// The instance's deadline to answer a data subject (LGPD Art. 19 II): 15 days, or 30 for small processing agents
// (Resolução CD/ANPD 2/2022). Unset, the deployment's LGPD_DEADLINE_DAYS applies.
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { lgpdDeadlineDays } from "../config.ts";

export async function loadDeadlineDays(ctx: UseCaseContext): Promise<number> {
  const { instanceId } = ctx.actor;
  const db = await getDb();
  const row = await db.instance.findUnique({ where: { id: instanceId }, select: { lgpdDeadlineDays: true } });
  return row?.lgpdDeadlineDays ?? lgpdDeadlineDays();
}
