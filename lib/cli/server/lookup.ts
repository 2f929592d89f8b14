import type { AuditEntry } from "../../audit/entries.ts";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { systemActor } from "../../auth/actor.ts";
import type { Db } from "../../db/client.ts";
import { CliError } from "./io.ts";

export async function instanceBySlug(db: Db, slug: string) {
  const instance = await db.instance.findUnique({ where: { slug } });
  if (!instance) {
    const known = await db.instance.findMany({ select: { slug: true }, orderBy: { id: "asc" }, take: 20 });
    const list = known.map((row) => row.slug).join(", ") || "none — run npm start or npm run db:seed first";
    throw new CliError(`No instance "${slug}" (instances: ${list})`);
  }
  return instance;
}

/** An administrative change made from the CLI: the audit row of the cli system actor (lib/audit/server/record-audit.ts). */
export async function auditCli(db: Db, entry: AuditEntry & { instanceId: number }) {
  const { instanceId, ...rest } = entry;
  await recordAudit(db, systemActor("cli", instanceId), rest);
}
