// Integration accounts over real HTTP on the built app and a real database: an admin marks a user "integração"; it
// cannot open a browser session, its sign-in tokens (the original's SDK and CLI sign in with e-mail and password)
// read CPF, e-mail and phone in clear — each such read a row of the audit trail — while a person's token reads them
// masked; unmarking ends its tokens.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

type Json = Record<string, any>;

let app: TestApp;
let fx: InstanceFixture;
let documentId: number;
const CPF = "529.982.247-25";
const PASSWORD = "mangueira-ponte-velha-64";

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db);
  const created = await app.post(
    "document/create",
    { status_id: fx.statusIds["Novo"], product_id: fx.productId, cpf: CPF, name: "Maria", email: "maria@example.com" },
    { token: fx.tokens.staff },
  );
  documentId = ((await created.json()) as Json).id;
});
afterAll(async () => app?.close());

const asAdmin = async (method: string, route: string, body?: unknown) => {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { authorization: `Bearer ${fx.tokens.admin}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
};

async function tokenOf(email: string): Promise<string> {
  const issued = await app.post("cognito/user/signIn", { email, password: PASSWORD });
  expect(issued.status).toBe(200);
  return ((await issued.json()) as Json).token;
}

async function cpfReadBy(token: string): Promise<string> {
  const read = await app.post("document/loadById", { id: documentId }, { token });
  expect(read.status).toBe(200);
  return ((await read.json()) as Json).fields_to_show.CPF;
}

async function webSignIn(email: string) {
  const csrf = await fetch(`${app.baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = csrf.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  const response = await fetch(`${app.baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.join("; ") },
    body: new URLSearchParams({ csrfToken, email, password: PASSWORD, json: "true" }),
  });
  const signedIn = response.headers.getSetCookie().some((cookie) => cookie.startsWith("next-auth.session-token="));
  return { signedIn, url: ((await response.json()) as { url: string }).url };
}

it("an integration account reads in clear through its sign-in token, audited; no browser session", async () => {
  const robot = await asAdmin("POST", "admin/settings/users", {
    email: "robo@integration.test",
    name: "Robô do ERP",
    role: "staff",
    password: PASSWORD,
    integration: true,
  });
  expect(robot.status).toBe(201);
  expect(robot.body.integration).toBe(true);
  const person = await asAdmin("POST", "admin/settings/users", {
    email: "pessoa@integration.test",
    name: "Pessoa",
    role: "staff",
    password: PASSWORD,
  });
  expect(person.body.integration).toBe(false);

  const web = await webSignIn("robo@integration.test");
  expect(web.signedIn).toBe(false);
  expect(new URL(web.url, app.baseUrl).searchParams.get("error")).toBe("Integration");
  expect((await webSignIn("pessoa@integration.test")).signedIn).toBe(true);

  const robotToken = await tokenOf("robo@integration.test");
  expect(await cpfReadBy(robotToken)).toBe(CPF);
  expect(await cpfReadBy(await tokenOf("pessoa@integration.test"))).toBe("***.982.247-**");
  const audited = await app.db.auditLog.findMany({ where: { action: "document.read_clear" } });
  expect(audited).toHaveLength(1);
  expect(audited[0]).toMatchObject({
    actorLabel: "robo@integration.test",
    entity: "document",
    entityId: String(documentId),
    details: { route: "document/loadById" },
  });
  expect(JSON.stringify(audited[0]!.details)).not.toContain("982");

  // Unmarked: its tokens end at once, and new ones read masked.
  const unmarked = await asAdmin("PATCH", `admin/settings/users/${robot.body.id}`, { integration: false });
  expect(unmarked.status).toBe(200);
  expect((await app.post("document/loadById", { id: documentId }, { token: robotToken })).status).toBe(401);
  expect(await cpfReadBy(await tokenOf("robo@integration.test"))).toBe("***.982.247-**");
});

it("a viewer integration account reads masked (viewers never read in clear)", async () => {
  await asAdmin("POST", "admin/settings/users", {
    email: "leitor@integration.test",
    name: "Leitor",
    role: "viewer",
    password: PASSWORD,
    integration: true,
  });
  expect(await cpfReadBy(await tokenOf("leitor@integration.test"))).toBe("***.982.247-**");
});
