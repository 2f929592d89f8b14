import "server-only";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import type { SsoSettingsAnswer } from "../schemas.ts";
import { readSsoSettings, serializeSsoSettings } from "./sso-settings-rows.ts";

/** The instance's single sign-on settings for its admins (the secret as its last characters only). */
export async function loadSsoSettings(ctx: UseCaseContext): Promise<SsoSettingsAnswer> {
  const db = await getDb();
  const { instanceId } = ctx.actor;
  const [settings, instance] = await Promise.all([
    readSsoSettings(db, instanceId),
    db.instance.findUniqueOrThrow({ where: { id: instanceId }, select: { slug: true } }),
  ]);
  return serializeSsoSettings(settings, instance.slug);
}
