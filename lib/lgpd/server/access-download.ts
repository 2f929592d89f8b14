// Serving an access package through its signed link: the signature, the row's expiry and the package's presence all
// decide, the bytes are decrypted only here, and every download is counted and audited in one transaction.
import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { systemActor } from "../../auth/actor.ts";
import { getDb } from "../../db/client.ts";
import { decryptPackage } from "./access-package-cipher.ts";
import { verifyAccessLink } from "./access-link.ts";
import { packageAvailable } from "./access-request-rows.ts";

export type DownloadedPackage = { bytes: Buffer; fileName: string };

/**
 * The decrypted zip when the link is genuine and its package still available, else null (one answer for a wrong
 * signature, an expired link, a deleted package or an unknown instance: the caller learns nothing from which).
 */
export async function downloadAccessPackage(
  instanceSlug: string,
  id: number,
  link: { expires: number; sig: string },
): Promise<DownloadedPackage | null> {
  if (!verifyAccessLink(instanceSlug, id, link.expires, link.sig)) return null;
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const instance = await tx.instance.findUnique({ where: { slug: instanceSlug }, select: { id: true } });
    if (!instance) return null;
    const row = await tx.lgpdAccessRequest.findFirst({ where: { id, instanceId: instance.id } });
    if (!row || !packageAvailable(row)) return null;
    const bytes = decryptPackage(row.packageCipher!);
    const { downloads } = await tx.lgpdAccessRequest.update({
      where: { id },
      data: { downloads: { increment: 1 } },
      select: { downloads: true },
    });
    await recordAudit(tx, systemActor("lgpd_api", instance.id, "link de download LGPD"), {
      action: "lgpd_access.download",
      entity: "lgpd_access",
      entityId: id,
      details: { download: downloads, size_bytes: bytes.byteLength },
    });
    return { bytes, fileName: `acesso-lgpd-${id}.zip` };
  });
}
