// Requests that miss the token cache together share one lookup: under load a token's cache entry expires
// while every connection is using it, and each of them sending the lookup statement made authentication a statement
// per connection every API_AUTH_CACHE_MS instead of one. Use-case level, on a real database (PGlite or PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFromBearerCached, revokeApiToken } from "@/lib/auth/server/api-tokens.ts";
import { closeDb, getDb } from "@/lib/db/client.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { recordSql, type SqlRecorder } from "./helpers/sql-recorder.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let cleanup: () => Promise<void>;
let fx: InstanceFixture;
let sql: SqlRecorder;

beforeAll(async () => {
  ({ cleanup } = await createMigratedDatabase());
  fx = await createInstanceFixture(await getDb(), "default");
  sql = await recordSql();
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

const tokenLookups = () => sql.statements().filter((text) => text.includes(`FROM "ApiToken" k`)).length;

describe("token lookups on a cache miss", () => {
  it("20 concurrent requests with an uncached token send one lookup and all get the actor", async () => {
    sql.reset();
    const actors = await Promise.all(Array.from({ length: 20 }, () => actorFromBearerCached(fx.tokens.staff)));
    expect(tokenLookups()).toBe(1);
    expect(new Set(actors.map((actor) => actor?.role))).toEqual(new Set(["staff"]));
    // Then answered from the cache.
    sql.reset();
    await actorFromBearerCached(fx.tokens.staff);
    expect(tokenLookups()).toBe(0);
  });

  it("a token revoked on this server is refused at once, and an unknown one is refused", async () => {
    const db = await getDb();
    const viewer = await db.apiToken.findFirstOrThrow({ where: { instanceId: fx.instanceId, role: "viewer" } });
    expect((await actorFromBearerCached(fx.tokens.viewer))?.role).toBe("viewer");
    expect(await revokeApiToken(fx.instanceId, viewer.id)).toBe(true);
    const after = await Promise.all(Array.from({ length: 5 }, () => actorFromBearerCached(fx.tokens.viewer)));
    expect(after).toEqual([null, null, null, null, null]);
    expect(await actorFromBearerCached("dft_not-a-token")).toBeNull();
  });
});
