// The http layer runs its files one after another in each worker process (vitest.config.ts, `isolate: false`), each
// on its own database whose ids (instance 1, its roles' policies, …) repeat those of the file before. What the app
// keeps in memory between requests must not cross from one file's app to the next (lib/cache/process-caches.ts,
// emptied by tests/helpers/test-app.ts): here two apps in a row in one process, the masking policy cached by the
// first (kept for a minute, so only emptying it can drop it in time) must not decide the second's reads; and a
// request left over from a closed app must not leave the next app on the old database.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/lib/db/client.ts";
import { createInstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

const CUSTOMER = {
  cpf: "529.982.247-25",
  name: "Maria da Silva",
  email: "maria@example.com",
  phone: "+55 11 99999-1234",
};

let app: TestApp | undefined;
beforeAll(() => {
  process.env.API_AUTH_CACHE_MS = "60000";
});
afterAll(async () => app?.close());

/** Starts an app on a new database with instance "default", one document, and the viewer's policy if given. */
async function appWithDocument(viewerMasks?: string[]) {
  app = await startTestApp();
  const fx = await createInstanceFixture(app.db);
  const created = await app.post(
    "document/create",
    { status_id: fx.statusIds["Novo"], product_id: fx.productId, ...CUSTOMER },
    { token: fx.tokens.admin },
  );
  expect(created.status).toBe(200);
  if (viewerMasks) {
    const policy = { admin: ["cpf", "email", "phone"], staff: ["cpf", "email", "phone"], viewer: viewerMasks };
    expect((await app.post("admin/settings/masking-policy", policy, { token: fx.tokens.admin })).status).toBe(200);
  }
  const { id } = (await created.json()) as { id: number };
  const read = async () => {
    const response = await app!.post("document/loadById", { id }, { token: fx.tokens.viewer });
    expect(response.status).toBe(200);
    const { CPF, Email, Telefone } = ((await response.json()) as { fields_to_show: Record<string, string> })
      .fields_to_show;
    return { CPF, Email, Telefone };
  };
  return { instanceId: fx.instanceId, read };
}

it("a second app in the same process reads its own database's masking policy, not the first app's cached one", async () => {
  const first = await appWithDocument(["phone"]);
  // The viewer's policy (only the phone masked) is now cached for instance 1's viewers.
  expect(await first.read()).toEqual({ CPF: CUSTOMER.cpf, Email: CUSTOMER.email, Telefone: "+** ** *****-1234" });
  await app!.close();
  app = undefined;

  const second = await appWithDocument();
  expect(second.instanceId).toBe(first.instanceId); // the same id: the cache's key is the same
  // The new database has no policy of its own: the default masks CPF, e-mail and phone.
  expect(await second.read()).toEqual({
    CPF: "***.982.247-**",
    Email: "m****@e******.com",
    Telefone: "+** ** *****-1234",
  });
}, 180_000); // two app starts in one test (the hooks' own limit is 120 s each)

it("a request left over from an earlier file reopens that file's database: the next file still gets its own", async () => {
  app = await startTestApp();
  const left = process.env.PGLITE_DIR;
  await app.close();
  app = undefined;
  // What a timed-out test's request, still running after its file closed, does: the app opens the database the
  // environment still names (on PGlite an empty folder where the copy was, on PostgreSQL a dropped database).
  await getDb()
    .then((db) => db.$queryRawUnsafe("SELECT 1"))
    .catch(() => undefined);
  try {
    app = await startTestApp();
    expect(await app.db.apiToken.count()).toBe(0); // its own migrated copy, not the left-over one
  } finally {
    if (left && left !== process.env.PGLITE_DIR) rmSync(left, { recursive: true, force: true });
  }
}, 180_000);
