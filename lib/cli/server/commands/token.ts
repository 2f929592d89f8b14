import "server-only";
import { createInstanceApiToken } from "../../../apis/server/create-instance-api-token.ts";
import { revokeInstanceApiToken } from "../../../apis/server/revoke-instance-api-token.ts";
import { systemActor } from "../../../auth/actor.ts";
import { listApiTokens } from "../../../auth/server/api-tokens.ts";
import { hashSecret } from "../../../auth/server/secrets.ts";
import { getDb } from "../../../db/client.ts";
import { CliError, parseCommandArgs, required, table, UsageError, type CliIo } from "../io.ts";
import { TOKEN_USAGE } from "../usage.ts";
import { instanceBySlug } from "../lookup.ts";
import { parseRole } from "./roles.ts";

export async function tokenCommand(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === "create") return createToken(rest, io);
  if (sub === "list") return listTokens(rest, io);
  if (sub === "revoke") return revokeToken(rest, io);
  if (sub === "help" || sub === "--help" || sub === "-h") return help(io);
  throw new UsageError(sub ? `Unknown token command: ${sub}` : "Missing token command", TOKEN_USAGE);
}

async function createToken(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(
    args,
    {
      instance: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      "expires-days": { type: "string" },
      "clear-personal-data": { type: "boolean" },
    },
    TOKEN_USAGE,
  );
  if (values.help) return help(io);
  const slug = required(values.instance, "--instance <slug>", TOKEN_USAGE);
  const name = required(values.name, "--name <name>", TOKEN_USAGE);
  if (name.length > 100) throw new UsageError("--name is longer than 100 characters", TOKEN_USAGE);
  const role = parseRole(values.role ?? "staff", TOKEN_USAGE);
  let expiresAt: Date | null = null;
  if (values["expires-days"] !== undefined) {
    const days = Number(values["expires-days"]);
    if (!Number.isInteger(days) || days < 1 || days > 3650) {
      throw new UsageError("--expires-days must be a whole number of days between 1 and 3650", TOKEN_USAGE);
    }
    expiresAt = new Date(Date.now() + days * 86_400_000);
  }
  const db = await getDb();
  const instance = await instanceBySlug(db, slug);
  const created = await createInstanceApiToken(
    { actor: systemActor("cli", instance.id) },
    {
      name,
      role,
      expires_at: expiresAt?.toISOString() ?? null,
      clear_personal_data: values["clear-personal-data"] === true,
    },
  );
  io.out(
    `Created token ${created.id} "${name}" (role ${role}, instance ${slug}, ` +
      `${expiresAt ? `expires ${expiresAt.toISOString()}` : "no expiry"}, prefix ${created.prefix}, ` +
      `personal data ${created.clear_personal_data ? "in clear" : "masked"}).`,
  );
  io.out("It is shown only this once; use it as Authorization: Bearer <token>:");
  io.out(created.token);
  return 0;
}

async function listTokens(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, { instance: { type: "string" } }, TOKEN_USAGE);
  if (values.help) return help(io);
  const db = await getDb();
  const instances = values.instance
    ? [await instanceBySlug(db, values.instance.trim())]
    : await db.instance.findMany({ orderBy: { id: "asc" } });
  const now = new Date();
  const rows: string[][] = [["ID", "INSTANCE", "PREFIX", "NAME", "ROLE", "CREATED", "EXPIRES", "LAST USED", "STATE"]];
  for (const instance of instances) {
    for (const token of await listApiTokens(instance.id)) {
      const state = token.revokedAt
        ? `revoked ${day(token.revokedAt)}`
        : token.expiresAt && token.expiresAt <= now
          ? "expired"
          : "active";
      rows.push([
        String(token.id),
        instance.slug,
        token.prefix,
        token.name,
        token.role,
        day(token.createdAt),
        token.expiresAt ? day(token.expiresAt) : "never",
        token.lastUsedAt ? token.lastUsedAt.toISOString().slice(0, 16).replace("T", " ") : "never",
        state,
      ]);
    }
  }
  if (rows.length === 1) io.out(values.instance ? `No API tokens in instance ${values.instance}.` : "No API tokens.");
  else table(rows).forEach((line) => io.out(line));
  return 0;
}

async function revokeToken(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {}, TOKEN_USAGE, 1);
  if (values.help) return help(io);
  const ref = required(positionals[0], "<id | prefix | token>", TOKEN_USAGE);
  const db = await getDb();
  const candidates = /^\d+$/.test(ref)
    ? await db.apiToken.findMany({ where: { id: Number(ref), kind: "api" } })
    : await db.apiToken.findMany({ where: { kind: "api", OR: [{ prefix: ref }, { tokenHash: hashSecret(ref) }] } });
  if (candidates.length === 0) throw new CliError(`No token matches ${ref} (see: token list)`);
  if (candidates.length > 1) {
    throw new CliError(
      `${ref} matches ${candidates.length} tokens (ids ${candidates.map((t) => t.id).join(", ")}): revoke by id`,
    );
  }
  const token = candidates[0]!;
  if (token.revokedAt) {
    io.out(`Token ${token.id} "${token.name}" was already revoked on ${token.revokedAt.toISOString()}.`);
    return 0;
  }
  await revokeInstanceApiToken({ actor: systemActor("cli", token.instanceId) }, { id: token.id });
  io.out(`Revoked token ${token.id} "${token.name}" (${token.prefix}).`);
  return 0;
}

function help(io: CliIo): number {
  io.out(TOKEN_USAGE);
  return 0;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
