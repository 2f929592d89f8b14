import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { shownCompanyName } from "./page-settings.ts";

/**
 * Whether the staff pages ask the actor for the name customers know the company by: an admin (who alone may set it),
 * of an instance whose tracking page would greet customers with no name (trackingBrand's rule). One indexed read per
 * admin page load; other roles read nothing.
 */
export async function needsCompanyName(ctx: UseCaseContext): Promise<boolean> {
  if (ctx.actor.role !== "admin") return false;
  const db = await getDb();
  const instance = await db.instance.findUnique({
    where: { id: ctx.actor.instanceId },
    select: { name: true, slug: true, trackingPage: { select: { companyName: true } } },
  });
  if (!instance) return false;
  return shownCompanyName(instance.trackingPage?.companyName ?? null, instance.name, instance.slug) === null;
}
