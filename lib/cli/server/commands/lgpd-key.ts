import "server-only";
import { replaceLgpdKey } from "../../../apis/server/replace-lgpd-key.ts";
import { systemActor } from "../../../auth/actor.ts";
import { getDb } from "../../../db/client.ts";
import { parseCommandArgs, required, UsageError, type CliIo } from "../io.ts";
import { LGPD_KEY_USAGE } from "../usage.ts";
import { instanceBySlug } from "../lookup.ts";

export async function lgpdKeyCommand(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === "help" || sub === "--help" || sub === "-h") {
    io.out(LGPD_KEY_USAGE);
    return 0;
  }
  if (sub !== "rotate") {
    throw new UsageError(sub ? `Unknown lgpd-key command: ${sub}` : "Missing lgpd-key command", LGPD_KEY_USAGE);
  }
  const { values } = parseCommandArgs(rest, { instance: { type: "string" } }, LGPD_KEY_USAGE);
  if (values.help) {
    io.out(LGPD_KEY_USAGE);
    return 0;
  }
  const slug = required(values.instance, "--instance <slug>", LGPD_KEY_USAGE);
  const db = await getDb();
  const instance = await instanceBySlug(db, slug);
  const { key, replaced: hadKey } = await replaceLgpdKey({ actor: systemActor("cli", instance.id) });
  io.out(
    `${hadKey ? "Rotated" : "Created"} the LGPD key of instance ${slug}${hadKey ? " (the previous key no longer works)" : ""}.`,
  );
  io.out(`Send it as x-api-key to POST /api/lgpd/${slug}/request and GET /api/lgpd/${slug}/status/<cpf>.`);
  io.out("It is shown only this once:");
  io.out(key);
  return 0;
}
