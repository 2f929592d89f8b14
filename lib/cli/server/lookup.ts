import "server-only";
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
