// An access package downloaded by staff (GET /api/admin/lgpd-access/<id>/download): the decrypted zip of one of the
// instance's packages while available (null otherwise); each download counted and audited.
import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { decryptPackage } from "./access-package-cipher.ts";
import { packageAvailable } from "./access-request-rows.ts";

export async function downloadAccessPackageByStaff(ctx: UseCaseContext, { id }: { id: number }) {
  const { actor } = ctx;
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const row = await tx.lgpdAccessRequest.findFirst({ where: { id, instanceId: actor.instanceId } });
    if (!row || !packageAvailable(row)) return null;
    const bytes = decryptPackage(row.packageCipher!);
    const { downloads } = await tx.lgpdAccessRequest.update({
      where: { id },
      data: { downloads: { increment: 1 } },
      select: { downloads: true },
    });
    await recordAudit(tx, actor, {
      action: "lgpd_access.download",
      entity: "lgpd_access",
      entityId: id,
      details: { download: downloads, size_bytes: bytes.byteLength },
    });
    return { bytes, fileName: `acesso-lgpd-${id}.zip` };
  });
}
