// Every audited change the APIs menu / settings make through a route and the CLI makes through its command is one
// use-case, so both write the same audit row: same entity, action and details keys, and the actor in the row's
// columns (token vs the cli system actor), never in details (lib/audit/entries.ts). The CLI commands run in this
// process, on the database the served app uses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZAuditActorType, ZAuditDetails, ZAuditEntity } from "@/lib/audit/entries.ts";
import { lgpdKeyCommand } from "@/lib/cli/server/commands/lgpd-key.ts";
import { tokenCommand } from "@/lib/cli/server/commands/token.ts";
import { userCommand } from "@/lib/cli/server/commands/user.ts";
import type { CliIo } from "@/lib/cli/server/io.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let main: InstanceFixture;

beforeAll(async () => {
  app = await startTestApp();
  main = await createInstanceFixture(app.db, "default");
});
afterAll(async () => {
  await app?.close();
});

/** Runs a CLI command in this process; answers its exit code and stdout lines. */
async function cli(command: (args: string[], io: CliIo) => Promise<number>, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
  expect(err).toEqual([]);
  expect(code).toBe(0);
  return out;
}

async function postOk(route: string, body: unknown) {
  const response = await app.post(route, body, { token: main.tokens.admin });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response.json();
}

/** The audit row written last; its entity and details must follow the one shape. */
async function lastAudit() {
  const row = await app.db.auditLog.findFirstOrThrow({ orderBy: { id: "desc" } });
  expect(ZAuditEntity.safeParse(row.entity).success, row.entity).toBe(true);
  expect(ZAuditActorType.safeParse(row.actorType).success, row.actorType).toBe(true);
  expect(ZAuditDetails.safeParse(row.details).success, JSON.stringify(row.details)).toBe(true);
  return row;
}

type Row = Awaited<ReturnType<typeof lastAudit>>;
const shape = (row: Row) => ({
  instanceId: row.instanceId,
  entity: row.entity,
  action: row.action,
  entityId: typeof row.entityId,
  details: Object.keys(row.details as object).sort(),
});

function expectSameShape(fromRoute: Row, fromCli: Row) {
  expect(shape(fromCli)).toEqual(shape(fromRoute));
  expect(fromRoute).toMatchObject({ actorType: "token", actorLabel: "token:default-admin", actorId: null });
  expect(fromCli).toMatchObject({ actorType: "system", actorLabel: "cli", actorId: null });
}

describe("audit rows from a route and from the CLI", () => {
  it("api_token.create and api_token.revoke", async () => {
    const created = await postOk("admin/tokens", { name: "robot-api", role: "staff" });
    const createdByRoute = await lastAudit();
    await cli(tokenCommand, "create", "--instance", "default", "--name", "robot-cli", "--role", "staff");
    const createdByCli = await lastAudit();
    expectSameShape(createdByRoute, createdByCli);
    expect(createdByCli.details).toMatchObject({ name: "robot-cli", role: "staff", expires_at: null });

    await postOk(`admin/tokens/${created.id}/revoke`, {});
    const revokedByRoute = await lastAudit();
    await cli(tokenCommand, "revoke", createdByCli.entityId!);
    const revokedByCli = await lastAudit();
    expectSameShape(revokedByRoute, revokedByCli);
    expect(revokedByCli).toMatchObject({ action: "api_token.revoke", entityId: createdByCli.entityId });
  });

  it("lgpd_key.rotate", async () => {
    await postOk("admin/lgpd-key/rotate", {}); // the first one generates
    await postOk("admin/lgpd-key/rotate", {});
    const byRoute = await lastAudit();
    await cli(lgpdKeyCommand, "rotate", "--instance", "default");
    const byCli = await lastAudit();
    expectSameShape(byRoute, byCli);
    expect(byCli.action).toBe("lgpd_key.rotate");
  });

  it("user.create and user.reset_password", async () => {
    const user = await postOk("admin/settings/users", { email: "route@example.com", name: "Route", role: "staff" });
    const createdByRoute = await lastAudit();
    await cli(userCommand, "create", "--email", "cli@example.com", "--role", "staff", "--name", "Cli");
    const createdByCli = await lastAudit();
    expectSameShape(createdByRoute, createdByCli);
    expect(createdByCli.details).toEqual({
      email: "cli@example.com",
      name: "Cli",
      role: "staff",
      integration: false,
      password: "generated",
    });

    await postOk(`admin/settings/users/${user.id}/reset-password`, {});
    const resetByRoute = await lastAudit();
    await cli(userCommand, "set-password", "--email", "cli@example.com");
    const resetByCli = await lastAudit();
    expectSameShape(resetByRoute, resetByCli);
    expect(resetByCli).toMatchObject({ action: "user.reset_password", entityId: createdByCli.entityId });
  });
});
