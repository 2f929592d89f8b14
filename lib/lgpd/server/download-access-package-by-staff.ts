// An access package downloaded by staff (GET /api/admin/lgpd-access/<id>/download): the decrypted zip of one of the
// instance's packages while available (null otherwise); each download counted and audited (access-download.ts).
import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { handOutPackage } from "./access-download.ts";

export async function downloadAccessPackageByStaff(ctx: UseCaseContext, { id }: { id: number }) {
  const db = await getDb();
  return db.$transaction((tx) => handOutPackage(tx, ctx.actor, id));
}
