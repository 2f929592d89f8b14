// Serving an access package through its signed link: the signature, the row's expiry and the package's presence all
// decide, the bytes are decrypted only here, and every download is counted and audited in one transaction.
import "server-only";
import { inTransaction } from "../../db/transaction.ts";
import { recordPersonalDataAccess } from "../../audit/server/record-personal-data-access.ts";
import { systemActor, type Actor } from "../../auth/actor.ts";
import type { CustomerContext } from "../../auth/use-case-context.ts";
import type { Tx } from "../../db/transaction.ts";
import { decryptPackage } from "./access-package-cipher.ts";
import { verifyAccessLink } from "./access-link.ts";
import { packageAvailable } from "./access-request-rows.ts";

type DownloadedPackage = { bytes: Buffer; fileName: string };

/**
 * The decrypted zip when the link is genuine and its package still available, else null (one answer for a wrong
 * signature, an expired link, a deleted package or an unknown instance: the caller learns nothing from which). No
 * actor: the holder of the link is known only by it (a `CustomerContext`, like the tracking page's callers).
 */
export async function downloadAccessPackage(
  _ctx: CustomerContext,
  { instanceSlug, id, link }: { instanceSlug: string; id: number; link: { expires: number; sig: string } },
): Promise<DownloadedPackage | null> {
  if (!verifyAccessLink(instanceSlug, id, link.expires, link.sig)) return null;
  return inTransaction(async (tx) => {
    const instance = await tx.instance.findUnique({ where: { slug: instanceSlug }, select: { id: true } });
    if (!instance) return null;
    return handOutPackage(tx, systemActor("lgpd_api", instance.id, "link de download LGPD"), id);
  });
}

/**
 * The decrypted zip of the actor's instance's package `id` while available (null otherwise), its download counted and
 * audited with `actor` in the caller's transaction: the signed link's download above and staff's
 * (download-access-package-by-staff.ts).
 */
export async function handOutPackage(tx: Tx, actor: Actor, id: number): Promise<DownloadedPackage | null> {
  const row = await tx.lgpdAccessRequest.findFirst({ where: { id, instanceId: actor.instanceId } });
  if (!row || !packageAvailable(row)) return null;
  const bytes = decryptPackage(row.packageCipher!);
  const { downloads } = await tx.lgpdAccessRequest.update({
    where: { id },
    data: { downloads: { increment: 1 } },
    select: { downloads: true },
  });
  await recordPersonalDataAccess(tx, actor, {
    action: "lgpd_access.download",
    entityId: id,
    subjectHash: row.cpfHash,
    details: { download: downloads, size_bytes: bytes.byteLength },
  });
  return { bytes, fileName: `acesso-lgpd-${id}.zip` };
}
