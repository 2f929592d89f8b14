// An access package downloaded by staff (GET /api/admin/lgpd-access/<id>/download): the decrypted zip of one of the
// instance's packages while available (null otherwise); each download counted and audited (access-download.ts).
import "server-only";
import { inTransaction } from "../../db/transaction.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { handOutPackage } from "./access-download.ts";

export async function downloadAccessPackageByStaff(ctx: UseCaseContext, { id }: { id: number }) {
  return inTransaction((tx) => handOutPackage(tx, ctx.actor, id));
}
