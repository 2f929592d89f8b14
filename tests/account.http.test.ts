// Accounts people manage, over real HTTP on the built app, a real database and a real SMTP server: "Esqueci minha
// senha" (one single-use link by e-mail through the outbox, 30 minutes, the same answer for unknown addresses,
// braked), the password rules wherever a password is set, "Minha conta" (name, language, password, sessions and
// "sair das outras sessões"), an admin ending a user's session, and the sign-in events in the audit trail.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { processDueEmails } from "@/lib/outbox/server/email-queue.ts";
import { hashTestPassword } from "./helpers/passwords.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startSmtpSink, type SmtpSink } from "./helpers/smtp-sink.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

type Json = Record<string, unknown>;

let app: TestApp;
let fx: InstanceFixture;
let smtp: SmtpSink;
let origin: string;

const ADMIN = { email: "chefe@account.test", password: "castanha-rio-azul-47" };
const STRONG = "varanda amarela do vizinho 19";

beforeAll(async () => {
  app = await startTestApp();
  origin = new URL(app.baseUrl).origin;
  fx = await createInstanceFixture(app.db);
  smtp = await startSmtpSink();
  await app.db.user.create({
    data: {
      instanceId: fx.instanceId,
      email: ADMIN.email,
      name: "Chefe",
      role: "admin",
      passwordHash: await hashTestPassword(ADMIN.password),
    },
  });
});
afterAll(async () => {
  await smtp?.close();
  await app?.close();
});
beforeEach(() => {
  process.env.SMTP_URL = smtp.url;
  smtp.messages.length = 0;
});

let userSeq = 0;
async function newUser(password = "girassol-pedra-lua-88", role: "staff" | "viewer" = "staff") {
  userSeq += 1;
  const email = `pessoa${userSeq}@account.test`;
  const user = await app.db.user.create({
    data: {
      instanceId: fx.instanceId,
      email,
      name: `Pessoa ${userSeq}`,
      role,
      passwordHash: await hashTestPassword(password),
    },
  });
  return { id: user.id, email, password };
}

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);

/** Signs in as the sign-in page does; the cookie header of the new session, or null when refused. */
async function signIn(email: string, password: string, userAgent = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0") {
  const csrf = await fetch(`${app.baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${app.baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookiesOf(csrf).join("; "),
      "user-agent": userAgent,
    },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const all = [...cookiesOf(csrf), ...cookiesOf(response)];
  return all.some((cookie) => cookie.startsWith("next-auth.session-token=")) ? all.join("; ") : null;
}

async function call(method: string, route: string, cookie: string, body?: unknown) {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { cookie, origin, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
}

const requestReset = (email: string, address = "198.51.100.7") =>
  app.post("auth/password-reset", { email }, { headers: { "x-forwarded-for": address } });

/** Sends what the outbox holds through the real SMTP server; the reset link's token from the one e-mail to `to`. */
async function tokenMailedTo(to: string): Promise<string> {
  await processDueEmails({ owner: "account-test" });
  const mail = smtp.messages.find((message) => message.to.includes(to));
  expect(mail, `an e-mail to ${to}`).toBeTruthy();
  expect(mail!.subject).toBe("Redefinição de senha do DocFlow");
  const match = /\/redefinir-senha#([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(match, mail!.text).toBeTruthy();
  return match![1]!;
}

const auditActions = async (userId: number) =>
  (await app.db.auditLog.findMany({ where: { entity: "user", entityId: String(userId) }, orderBy: { id: "asc" } })).map(
    (row) => row.action,
  );

describe("Esqueci minha senha", () => {
  it("mails a single-use link that sets a new password, ends the old sessions and is audited", async () => {
    const user = await newUser();
    const oldSession = (await signIn(user.email, user.password))!;
    expect((await call("GET", "account", oldSession)).status).toBe(200);

    const asked = await requestReset(user.email.toUpperCase());
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ status: "ok" });
    const token = await tokenMailedTo(user.email);
    const stored = await app.db.passwordReset.findMany({ where: { userId: user.id } });
    expect(stored).toHaveLength(1);
    // Only a hash of the secret is stored; the link's token is not in the row.
    expect(JSON.stringify(stored)).not.toContain(token.split(".")[1]!);
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBe(30 * 60_000);

    const weak = await app.post("auth/password-reset/confirm", { token, password: "senha12345678" });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ errors: [{ path: "password", code: "password_weak" }] });

    const done = await app.post("auth/password-reset/confirm", { token, password: STRONG });
    expect(done.status).toBe(200);
    expect((await call("GET", "account", oldSession)).status).toBe(401);
    expect(await signIn(user.email, user.password)).toBeNull();
    expect(await signIn(user.email, STRONG)).not.toBeNull();

    const again = await app.post("auth/password-reset/confirm", { token, password: "outra frase bem comprida 55" });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "reset_link_invalid" });
    expect(await auditActions(user.id)).toEqual(
      expect.arrayContaining([
        "user.password_reset_request",
        "user.password_reset",
        "user.sign_in_failed",
        "user.sign_in",
      ]),
    );
  });

  it("answers an unknown address exactly as a known one and sends nothing", async () => {
    const before = await app.db.outboxMessage.count();
    const unknown = await requestReset("ninguem@account.test", "198.51.100.8");
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ status: "ok" });
    expect(await app.db.outboxMessage.count()).toBe(before);
  });

  it("refuses a link past its 30 minutes, a tampered secret and a newer link's predecessor", async () => {
    const user = await newUser();
    await requestReset(user.email, "198.51.100.9");
    const first = await tokenMailedTo(user.email);
    smtp.messages.length = 0;
    await requestReset(user.email, "198.51.100.9");
    const second = await tokenMailedTo(user.email);
    expect(second).not.toBe(first);
    const refusedWith = async (token: string) =>
      ((await (await app.post("auth/password-reset/confirm", { token, password: STRONG })).json()) as Json).code;
    expect(await refusedWith(first)).toBe("reset_link_invalid");
    const [id, secret] = second.split(".");
    expect(await refusedWith(`${id}.${secret!.slice(0, -1)}${secret!.endsWith("A") ? "B" : "A"}`)).toBe(
      "reset_link_invalid",
    );
    await app.db.passwordReset.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await refusedWith(second)).toBe("reset_link_invalid");
  });

  it("sends at most 3 links per e-mail in 15 minutes (same answer), and brakes an address with 429", async () => {
    const user = await newUser();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await requestReset(user.email, `198.51.100.${20 + attempt}`);
      expect(response.status).toBe(200);
    }
    expect(await app.db.passwordReset.count({ where: { userId: user.id } })).toBe(3);

    let last: Response | null = null;
    for (let attempt = 0; attempt < 21; attempt += 1)
      last = await requestReset(`x${attempt}@account.test`, "203.0.113.50");
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("passwords wherever they are set", () => {
  it("admin create and reset refuse short and common passwords; long passphrases are accepted", async () => {
    const admin = (await signIn(ADMIN.email, ADMIN.password))!;
    const create = (password: string, email: string) =>
      call("POST", "admin/settings/users", admin, { email, name: "Nova Pessoa", role: "staff", password });
    expect((await create("curta-123", "a1@account.test")).status).toBe(400);
    const common = await create("senha12345678", "a2@account.test");
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({ errors: [{ path: "password", code: "password_weak" }] });
    const own = await create("a2@account.test!!", "a2@account.test");
    expect(own.status, "the account's own e-mail is no password").toBe(400);
    const long = "uma frase longa ".repeat(4) + "com sessenta e quatro+";
    expect(long.length).toBeGreaterThanOrEqual(64);
    expect((await create(long, "a3@account.test")).status).toBe(201);
    expect(await signIn("a3@account.test", long)).not.toBeNull();
  });
});

describe("Minha conta", () => {
  it("changes the name and the language", async () => {
    const user = await newUser();
    const cookie = (await signIn(user.email, user.password))!;
    const changed = await call("PATCH", "account", cookie, { name: "Nome Novo", locale: "en" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email: user.email, name: "Nome Novo", locale: "en" });
    expect((await call("GET", "account", cookie)).body).toMatchObject({ name: "Nome Novo", locale: "en" });
    expect((await call("PATCH", "account", cookie, { role: "admin" })).status).toBe(400);
  });

  it("changes the password with the current one; this browser stays, the others end", async () => {
    const user = await newUser();
    const here = (await signIn(user.email, user.password))!;
    const elsewhere = (await signIn(
      user.email,
      user.password,
      "Mozilla/5.0 (Windows NT 10.0) Chrome/140.0 Safari/537",
    ))!;
    const wrong = await call("POST", "account/password", here, {
      current_password: "errada-123456",
      new_password: STRONG,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errors: [{ path: "current_password", code: "wrong_password" }] });
    const weak = await call("POST", "account/password", here, {
      current_password: user.password,
      new_password: "qwertyuiop123",
    });
    expect(weak.body).toMatchObject({ errors: [{ path: "new_password", code: "password_weak" }] });
    const done = await call("POST", "account/password", here, {
      current_password: user.password,
      new_password: STRONG,
    });
    expect(done.status).toBe(200);
    expect((await call("GET", "account", here)).status).toBe(200);
    expect((await call("GET", "account", elsewhere)).status).toBe(401);
    expect(await signIn(user.email, STRONG)).not.toBeNull();
    expect(await auditActions(user.id)).toContain("user.change_password");
  });

  it("lists the sessions with device and last seen, and 'sair das outras sessões' ends the others", async () => {
    const user = await newUser();
    const here = (await signIn(user.email, user.password))!;
    const phone = (await signIn(
      user.email,
      user.password,
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36",
    ))!;
    const listed = await call("GET", "account/sessions", here);
    expect(listed.status).toBe(200);
    const sessions = listed.body.sessions as Array<Json>;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.map((session) => session.device).sort()).toEqual(["Chrome em Android", "Firefox em Linux"]);
    expect(sessions.every((session) => typeof session.last_seen_at === "string")).toBe(true);

    const ended = await call("POST", "account/sessions/end-others", here, {});
    expect(ended.body).toEqual({ ended: 1 });
    expect((await call("GET", "account", phone)).status).toBe(401);
    expect((await call("GET", "account", here)).status).toBe(200);
    expect(((await call("GET", "account/sessions", here)).body.sessions as Json[]).length).toBe(1);
  });

  it("belongs to people: an integration token has no account", async () => {
    const response = await fetch(`${app.baseUrl}/api/account`, {
      headers: { authorization: `Bearer ${fx.tokens.staff}` },
    });
    expect(response.status).toBe(403);
  });
});

describe("admins and sessions", () => {
  it("an admin sees a user's sessions and ends one; staff may not", async () => {
    const user = await newUser();
    const session = (await signIn(user.email, user.password))!;
    const admin = (await signIn(ADMIN.email, ADMIN.password))!;
    const listed = await call("GET", `admin/settings/users/${user.id}/sessions`, admin);
    expect(listed.status).toBe(200);
    const [only] = listed.body.sessions as Array<{ id: string; current: boolean }>;
    expect(only).toMatchObject({ current: false, device: "Firefox em Linux" });
    expect((await call("GET", `admin/settings/users/${user.id}/sessions`, session)).status).toBe(403);

    const revoked = await call("DELETE", `admin/settings/users/${user.id}/sessions/${only!.id}`, admin);
    expect(revoked.status).toBe(200);
    expect((await call("GET", "account", session)).status).toBe(401);
    expect((await call("DELETE", `admin/settings/users/${user.id}/sessions/${only!.id}`, admin)).status).toBe(404);
    expect(await auditActions(user.id)).toContain("user.session_revoke");
  });
});

describe("sign-in events in the audit trail", () => {
  it("records success, failure and the lock, with the e-mail and never the password", async () => {
    const user = await newUser();
    for (let attempt = 0; attempt < 5; attempt += 1) expect(await signIn(user.email, "nao-e-a-senha-1")).toBeNull();
    const rows = await app.db.auditLog.findMany({ where: { entity: "user", entityId: String(user.id) } });
    expect(rows.filter((row) => row.action === "user.sign_in_failed")).toHaveLength(5);
    expect(rows.filter((row) => row.action === "user.sign_in_locked")).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorType: "system", actorLabel: user.email, instanceId: fx.instanceId });
    expect(JSON.stringify(rows.map((row) => [row.details, row.actorLabel]))).not.toContain("nao-e-a-senha-1");
  });
});
