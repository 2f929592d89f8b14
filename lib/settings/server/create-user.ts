import "server-only";
import { recordAudit } from "../../audit/server/record-audit.ts";
import { assertStrongPassword } from "../../auth/server/password-strength.ts";
import { generatePassword, hashPassword } from "../../auth/server/passwords.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { inTransaction } from "../../db/transaction.ts";
import { conflict } from "../../errors/app-error.ts";
import { conflictOnViolation } from "../db-errors.ts";
import { serializeUser } from "./user-rows.ts";
import type { CreateUserInput } from "../schemas.ts";

export async function createUser(ctx: UseCaseContext, input: CreateUserInput) {
  const { actor } = ctx;
  const instanceId = actor.instanceId;
  if (input.password) assertStrongPassword(input.password, [input.email, input.name]);
  const password = input.password ?? generatePassword();
  // scrypt takes a while: hash before the transaction so the (single PGlite) connection is not held meanwhile.
  const passwordHash = await hashPassword(password);
  const user = await conflictOnViolation(
    () =>
      inTransaction(async (tx) => {
        // E-mails are unique across instances: they are the sign-in name.
        if (await tx.user.findUnique({ where: { email: input.email } })) {
          throw conflict("A user with this e-mail already exists", { code: "user_exists" });
        }
        const created = await tx.user.create({
          data: {
            instanceId,
            email: input.email,
            name: input.name,
            role: input.role,
            passwordHash,
            integration: input.integration ?? false,
          },
        });
        await recordAudit(tx, actor, {
          action: "user.create",
          entity: "user",
          entityId: created.id,
          details: {
            email: created.email,
            name: created.name,
            role: created.role,
            integration: created.integration,
            password: input.password ? "set" : "generated",
          },
        });
        return created;
      }),
    { unique: { message: "A user with this e-mail already exists", code: "user_exists" } },
  );
  return { ...serializeUser(user), ...(input.password ? {} : { generated_password: password }) };
}
