import { z } from "zod";
import { generatePassword, hashPassword, PASSWORD_MIN_LENGTH } from "../../../auth/server/passwords.ts";
import { getDb } from "../../../db/client.ts";
import { isUniqueViolation } from "../../../seed/server/seed-database.ts";
import { CliError, parseCommandArgs, required, UsageError, type CliIo } from "../io.ts";
import { USER_USAGE } from "../usage.ts";
import { auditCli, instanceBySlug } from "../lookup.ts";
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

function parsePassword(value: string | undefined): { password: string; generated: boolean } {
  if (value === undefined) return { password: generatePassword(), generated: true };
  if (value.length < PASSWORD_MIN_LENGTH) {
    throw new UsageError(`--password must have at least ${PASSWORD_MIN_LENGTH} characters`, USER_USAGE);
  }
  return { password: value, generated: false };
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
    },
    USER_USAGE,
  );
  if (values.help) {
    io.out(USER_USAGE);
    return 0;
  }
  const email = parseEmail(values.email);
  const role = parseRole(required(values.role, "--role admin|staff|viewer", USER_USAGE), USER_USAGE);
  const { password, generated } = parsePassword(values.password);
  const name = values.name?.trim() || email.split("@")[0]!;
  const db = await getDb();
  const instance = await instanceBySlug(db, values.instance?.trim() || "default");
  let user;
  try {
    user = await db.user.create({
      data: { instanceId: instance.id, email, name, role, passwordHash: await hashPassword(password) },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new CliError(`A user with e-mail ${email} already exists`);
    throw error;
  }
  await auditCli(db, {
    instanceId: instance.id,
    action: "user.create",
    entity: "user",
    entityId: user.id,
    details: { role },
  });
  io.out(`Created ${role} ${email} (id ${user.id}) in instance ${instance.slug}.`);
  if (generated) {
    io.out("Generated password, shown only this once:");
    io.out(password);
  }
  return 0;
}

async function setPassword(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, { email: { type: "string" }, password: { type: "string" } }, USER_USAGE);
  if (values.help) {
    io.out(USER_USAGE);
    return 0;
  }
  const email = parseEmail(values.email);
  const { password, generated } = parsePassword(values.password);
  const db = await getDb();
  const existing = await db.user.findUnique({ where: { email } });
  if (!existing) throw new CliError(`No user with e-mail ${email}`);
  await db.user.update({
    where: { id: existing.id },
    data: { passwordHash: await hashPassword(password), sessionsValidFrom: new Date() },
  });
  await auditCli(db, {
    instanceId: existing.instanceId,
    action: "user.set_password",
    entity: "user",
    entityId: existing.id,
  });
  io.out(`Password of ${email} replaced; their sessions and sign-in tokens are revoked.`);
  if (generated) {
    io.out("Generated password, shown only this once:");
    io.out(password);
  }
  return 0;
}
