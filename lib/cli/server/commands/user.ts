import "server-only";
import { z } from "zod";
import { systemActor } from "../../../auth/actor.ts";
import { judgePassword } from "../../../auth/server/password-strength.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../auth/schemas.ts";
import { getDb } from "../../../db/client.ts";
import { createUser as createStaffUser } from "../../../settings/server/create-user.ts";
import { resetUserPassword } from "../../../settings/server/reset-user-password.ts";
import { CliError, parseCommandArgs, required, UsageError, type CliIo } from "../io.ts";
import { USER_USAGE } from "../usage.ts";
import { instanceBySlug } from "../lookup.ts";
import { parseRole } from "./roles.ts";

export async function userCommand(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === "help" || sub === "--help" || sub === "-h") {
    io.out(USER_USAGE);
    return 0;
  }
  if (sub === "create") return createUser(rest, io);
  if (sub === "set-password") return setPassword(rest, io);
  throw new UsageError(sub ? `Unknown user command: ${sub}` : "Missing user command", USER_USAGE);
}

function parseEmail(value: string | undefined): string {
  const email = required(value, "--email <e-mail>", USER_USAGE).toLowerCase();
  if (!z.email().safeParse(email).success) throw new UsageError(`Invalid e-mail: ${email}`, USER_USAGE);
  return email;
}

/**
 * The --password given (checked here, so wrong usage exits 2, with the same judge the use-cases apply), or
 * undefined: the use-case generates one.
 */
function parsePassword(value: string | undefined, related: string[]): string | undefined {
  if (value === undefined) return value;
  const verdict = judgePassword(value, related);
  if (verdict.ok) return value;
  if (verdict.code === "password_too_short") {
    throw new UsageError(`--password must have at least ${PASSWORD_MIN_LENGTH} characters`, USER_USAGE);
  }
  if (verdict.code === "password_too_long") {
    throw new UsageError(`--password must have at most ${PASSWORD_MAX_LENGTH} characters`, USER_USAGE);
  }
  throw new UsageError(
    "--password is too common or too easy to guess; use a longer phrase of unrelated words",
    USER_USAGE,
  );
}

/** A generated password goes alone on the last line of stdout, shown only this once. */
function showGenerated(io: CliIo, generated: string | undefined) {
  if (generated === undefined) return;
  io.out("Generated password, shown only this once:");
  io.out(generated);
}

async function createUser(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(
    args,
    {
      email: { type: "string" },
      role: { type: "string" },
      password: { type: "string" },
      instance: { type: "string" },
      name: { type: "string" },
      integration: { type: "boolean" },
    },
    USER_USAGE,
  );
  if (values.help) {
    io.out(USER_USAGE);
    return 0;
  }
  const email = parseEmail(values.email);
  const role = parseRole(required(values.role, "--role admin|staff|viewer", USER_USAGE), USER_USAGE);
  const name = values.name?.trim() || email.split("@")[0]!;
  const password = parsePassword(values.password, [email, name]);
  const instance = await instanceBySlug(await getDb(), values.instance?.trim() || "default");
  const integration = values.integration === true;
  const user = await createStaffUser(
    { actor: systemActor("cli", instance.id) },
    { email, name, role, password, integration },
  );
  io.out(`Created ${integration ? "integration " : ""}${role} ${email} (id ${user.id}) in instance ${instance.slug}.`);
  showGenerated(io, "generated_password" in user ? user.generated_password : undefined);
  return 0;
}

async function setPassword(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, { email: { type: "string" }, password: { type: "string" } }, USER_USAGE);
  if (values.help) {
    io.out(USER_USAGE);
    return 0;
  }
  const email = parseEmail(values.email);
  const db = await getDb();
  const existing = await db.user.findUnique({ where: { email }, select: { id: true, instanceId: true, name: true } });
  if (!existing) throw new CliError(`No user with e-mail ${email}`);
  const password = parsePassword(values.password, [email, existing.name]);
  const user = await resetUserPassword(
    { actor: systemActor("cli", existing.instanceId) },
    { id: existing.id, password },
  );
  io.out(`Password of ${email} replaced; their sessions and sign-in tokens are revoked.`);
  showGenerated(io, "generated_password" in user ? user.generated_password : undefined);
  return 0;
}
