// Single sign-on (OpenID Connect) over real HTTP on the built app and a real database, against a real OpenID Provider
// on loopback (the `oidc-provider` package, tests/helpers/oidc-provider.ts): the browser's legs are played with
// fetch — /sso/start, the provider's own login form, /sso/callback — and the session it opens is used on the API.
import { generate } from "otplib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startOidcProvider, type OidcTestProvider } from "./helpers/oidc-provider.ts";
import { hashTestPassword } from "./helpers/passwords.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
let idp: OidcTestProvider;

const FIRST_ADMIN = { email: "primeira@empresa.test", password: "castanha-rio-azul-47" };
const STAFF = { email: "senha@empresa.test", password: "girassol-pedra-lua-88" };
const MAPPING = [
  { group: "docflow-admins", role: "admin" },
  { group: "docflow-equipe", role: "staff" },
];

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
const sessionCookie = (response: Response) =>
  cookiesOf(response).find((cookie) => /^next-auth\.session-token=./.test(cookie)) ?? null;

function settingsBody(overrides: Record<string, unknown> = {}) {
  return {
    enabled: true,
    issuer_url: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    allowed_domains: ["empresa.test"],
    groups_claim: "groups",
    group_roles: MAPPING,
    password_sign_in_disabled: false,
    directory_enforces_mfa: true,
    ...overrides,
  };
}

async function saveSettings(overrides: Record<string, unknown> = {}) {
  const response = await fetch(`${app.baseUrl}/api/admin/settings/sso`, {
    method: "PUT",
    headers: { authorization: `Bearer ${fx.tokens.admin}`, "content-type": "application/json" },
    body: JSON.stringify(settingsBody(overrides)),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** /sso/start: the provider's authorization URL and this browser's state cookie. */
async function start(slug = fx.slug) {
  const response = await fetch(`${app.baseUrl}/sso/start?instance=${slug}&callbackUrl=/lgpd`, { redirect: "manual" });
  return {
    status: response.status,
    location: response.headers.get("location") ?? "",
    stateCookie: cookiesOf(response).find((cookie) => cookie.startsWith("docflow-sso-state=")) ?? "",
  };
}

/** The whole browser trip: start, the provider's login form as `login`, the callback. */
async function ssoSignIn(login: string) {
  const started = await start();
  expect(started.status).toBe(303);
  const callback = await idp.signInAt(started.location, login);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${app.baseUrl}/sso/callback`);
  const response = await fetch(callback, { redirect: "manual", headers: { cookie: started.stateCookie } });
  return {
    callback,
    stateCookie: started.stateCookie,
    status: response.status,
    location: response.headers.get("location") ?? "",
    session: sessionCookie(response),
    cookies: cookiesOf(response),
  };
}

const refusedWith = (result: { status: number; location: string; session: string | null }, code: string) => {
  expect(result.status).toBe(303);
  expect(new URL(result.location).pathname).toBe("/signin");
  expect(new URL(result.location).searchParams.get("error")).toBe(code);
  expect(result.session).toBeNull();
};

async function account(session: string) {
  const response = await fetch(`${app.baseUrl}/api/account`, { headers: { cookie: session } });
  return {
    status: response.status,
    body: response.status === 200 ? ((await response.json()) as Record<string, any>) : null,
  };
}

const userByEmail = (email: string) => app.db.user.findUnique({ where: { email } });
const auditActions = async (userId: number) =>
  (await app.db.auditLog.findMany({ where: { entity: "user", entityId: String(userId) }, orderBy: { id: "asc" } })).map(
    (row) => row.action,
  );

async function passwordSignIn(email: string, password: string) {
  const csrf = await fetch(`${app.baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${app.baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookiesOf(csrf).join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  return { session: sessionCookie(response), text: await response.text() };
}

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db, "empresa");
  idp = await startOidcProvider({ redirectUris: [`${app.baseUrl}/sso/callback`] });
  for (const [user, role] of [
    [FIRST_ADMIN, "admin"],
    [STAFF, "staff"],
  ] as const) {
    await app.db.user.create({
      data: {
        instanceId: fx.instanceId,
        email: user.email,
        name: user.email,
        role,
        passwordHash: await hashTestPassword(user.password),
      },
    });
  }
  idp.people.set("ana", { email: "ana@empresa.test", name: "Ana Souza", groups: ["docflow-equipe", "outro"] });
  process.env.SSO_ALLOW_CIDRS = "127.0.0.1/32";
  expect((await saveSettings()).status).toBe(200);
});
afterAll(async () => {
  delete process.env.SSO_ALLOW_CIDRS;
  await idp?.close();
  await app?.close();
});
beforeEach(() => {
  process.env.SSO_ALLOW_CIDRS = "127.0.0.1/32";
  idp.tamper = null;
});

describe("single sign-on settings", () => {
  it("refuse a loopback issuer unless the operator opens it (SSO_ALLOW_CIDRS)", async () => {
    delete process.env.SSO_ALLOW_CIDRS;
    const refused = await saveSettings();
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.path).toBe("issuer_url");
    // Nor may a sign-in reach it: the directory's address is checked again on every request to it.
    const started = await start();
    expect(new URL(started.location).searchParams.get("error")).toBe("SsoUnavailable");
  });

  it("answer the secret as its last characters only, and keep it when none is sent", async () => {
    const { client_secret: _omitted, ...withoutSecret } = settingsBody();
    const response = await fetch(`${app.baseUrl}/api/admin/settings/sso`, {
      method: "PUT",
      headers: { authorization: `Bearer ${fx.tokens.admin}`, "content-type": "application/json" },
      body: JSON.stringify(withoutSecret),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(idp.clientSecret);
    expect(JSON.parse(text).client_secret_hint).toBe(idp.clientSecret.slice(-4));
    const row = await app.db.ssoSettings.findUniqueOrThrow({ where: { instanceId: fx.instanceId } });
    expect(row.clientSecretEncrypted).not.toContain(idp.clientSecret);
    const staffToken = await fetch(`${app.baseUrl}/api/admin/settings/sso`, {
      headers: { authorization: `Bearer ${fx.tokens.staff}` },
    });
    expect(staffToken.status).toBe(403);
  });
});

describe("single sign-on against a real OpenID Provider", () => {
  it("creates the user at the first sign-in with the mapped role and opens a session", async () => {
    const result = await ssoSignIn("ana");
    expect(result.status).toBe(303);
    expect(new URL(result.location).pathname).toBe("/lgpd");
    expect(result.session).not.toBeNull();
    const me = await account(result.session!);
    expect(me.status).toBe(200);
    expect(me.body?.email).toBe("ana@empresa.test");
    const user = await userByEmail("ana@empresa.test");
    expect(user).toMatchObject({ role: "staff", name: "Ana Souza", ssoSubject: "ana", instanceId: fx.instanceId });
    expect(await auditActions(user!.id)).toEqual(["user.sso_provision", "user.sso_sign_in"]);
  });

  it("updates the role from the groups at each sign-in (the person's groups, then the mapping)", async () => {
    idp.people.set("ana", {
      email: "ana@empresa.test",
      name: "Ana Souza",
      groups: ["docflow-admins", "docflow-equipe"],
    });
    expect((await ssoSignIn("ana")).session).not.toBeNull();
    expect((await userByEmail("ana@empresa.test"))?.role).toBe("admin");

    idp.people.set("ana", { email: "ana@empresa.test", name: "Ana Souza", groups: ["docflow-equipe"] });
    expect((await saveSettings({ group_roles: [{ group: "docflow-equipe", role: "viewer" }] })).status).toBe(200);
    expect((await ssoSignIn("ana")).session).not.toBeNull();
    const user = await userByEmail("ana@empresa.test");
    expect(user?.role).toBe("viewer");
    const changes = await app.db.auditLog.findMany({
      where: { entityId: String(user!.id), action: "user.sso_role_change" },
      orderBy: { id: "asc" },
    });
    expect(changes.map((row) => row.details)).toEqual([
      expect.objectContaining({ before: "staff", after: "admin" }),
      expect.objectContaining({ before: "admin", after: "viewer" }),
    ]);
    expect((await saveSettings()).status).toBe(200);
  });

  it("refuses an ID token for another audience", async () => {
    idp.tamper = { aud: "another-client" };
    const before = idp.tokenRequests;
    refusedWith(await ssoSignIn("ana"), "SsoFailed");
    expect(idp.tokenRequests).toBe(before + 1); // refused after the code was traded: the token itself was checked
  });

  it("refuses an expired ID token", async () => {
    idp.tamper = { expiredSecondsAgo: 600 };
    refusedWith(await ssoSignIn("ana"), "SsoFailed");
  });

  it("refuses an ID token not signed by the directory's keys", async () => {
    idp.tamper = { foreignKey: true };
    refusedWith(await ssoSignIn("ana"), "SsoFailed");
    idp.tamper = null;
    // The same trip with the provider's own token goes through: the refusals above are the token's, not the setup's.
    expect((await ssoSignIn("ana")).session).not.toBeNull();
  });

  it("refuses a replayed state, and a state from another browser", async () => {
    const first = await ssoSignIn("ana");
    expect(first.session).not.toBeNull();
    const tokenRequests = idp.tokenRequests;
    const replay = await fetch(first.callback, { redirect: "manual", headers: { cookie: first.stateCookie } });
    refusedWith(
      { status: replay.status, location: replay.headers.get("location") ?? "", session: sessionCookie(replay) },
      "SsoFailed",
    );
    // Refused on our side, before the code went back to the provider.
    expect(idp.tokenRequests).toBe(tokenRequests);

    const started = await start();
    const callback = await idp.signInAt(started.location, "ana");
    const otherBrowser = await fetch(callback, { redirect: "manual" });
    expect(new URL(otherBrowser.headers.get("location")!).searchParams.get("error")).toBe("SsoFailed");
    expect(sessionCookie(otherBrowser)).toBeNull();
  });

  it("refuses a person of a domain the instance does not accept, and creates no account", async () => {
    idp.people.set("intrusa", { email: "intrusa@fora.test", name: "Intrusa", groups: ["docflow-admins"] });
    refusedWith(await ssoSignIn("intrusa"), "SsoDomain");
    expect(await userByEmail("intrusa@fora.test")).toBeNull();
  });

  it("disables the account the directory no longer grants access, ends its sessions and refuses it", async () => {
    idp.people.set("bruno", { email: "bruno@empresa.test", name: "Bruno", groups: ["docflow-equipe"] });
    const first = await ssoSignIn("bruno");
    expect((await account(first.session!)).status).toBe(200);

    idp.people.set("bruno", { email: "bruno@empresa.test", name: "Bruno", groups: ["outro"] });
    refusedWith(await ssoSignIn("bruno"), "SsoDisabled");
    const user = await userByEmail("bruno@empresa.test");
    expect(user?.disabled).toBe(true);
    expect(await auditActions(user!.id)).toContain("user.sso_disable");
    expect((await account(first.session!)).status).toBe(401);

    // Back in a group, the account stays disabled until an admin enables it: the directory never re-enables.
    idp.people.set("bruno", { email: "bruno@empresa.test", name: "Bruno", groups: ["docflow-equipe"] });
    refusedWith(await ssoSignIn("bruno"), "SsoDisabled");
    expect((await userByEmail("bruno@empresa.test"))?.disabled).toBe(true);
  });

  it("refuses a person the directory knows but no mapped group names, without creating an account", async () => {
    idp.people.set("carla", { email: "carla@empresa.test", name: "Carla", groups: ["financeiro"] });
    refusedWith(await ssoSignIn("carla"), "SsoNoAccess");
    expect(await userByEmail("carla@empresa.test")).toBeNull();
  });
});

describe("password sign-in switched off for the instance", () => {
  it("refuses passwords on the web and for tokens, except the first admin's (break-glass)", async () => {
    expect((await passwordSignIn(STAFF.email, STAFF.password)).session).not.toBeNull();
    expect((await saveSettings({ password_sign_in_disabled: true })).status).toBe(200);

    const refused = await passwordSignIn(STAFF.email, STAFF.password);
    expect(refused.session).toBeNull();
    expect(refused.text).toContain("SsoOnly");
    const token = await app.post("auth/token", STAFF);
    expect(token.status).toBe(401);

    expect((await passwordSignIn(FIRST_ADMIN.email, FIRST_ADMIN.password)).session).not.toBeNull();
    expect((await app.post("auth/token", FIRST_ADMIN)).status).toBe(200);

    // Single sign-on still works for everyone else.
    expect((await ssoSignIn("ana")).session).not.toBeNull();
    expect((await saveSettings({ password_sign_in_disabled: false })).status).toBe(200);
    expect((await passwordSignIn(STAFF.email, STAFF.password)).session).not.toBeNull();
  });
});

/** A cookie-authenticated API call from the app's own pages (changes need the Origin). */
async function call(method: string, route: string, cookie: string, body?: unknown) {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: {
      cookie,
      origin: new URL(app.baseUrl).origin,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> };
}

const codeAt = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

/** The sign-in page's code step: next-auth's `second-factor` provider, with the cookies the browser holds. */
async function codeStep(cookie: string, code: string) {
  const csrf = await fetch(`${app.baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${app.baseUrl}/api/auth/callback/second-factor`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: [...cookiesOf(csrf), cookie].join("; "),
      "x-forwarded-for": "203.0.113.77",
    },
    body: new URLSearchParams({ csrfToken, challenge: "", code, remember: "false", json: "true" }),
  });
  const text = await response.text();
  const url = (text.startsWith("{") ? (JSON.parse(text) as { url?: string }).url : null) ?? "";
  return {
    session: sessionCookie(response),
    error: url ? new URL(url, app.baseUrl).searchParams.get("error") : null,
    cookies: cookiesOf(response),
  };
}

const ssoSignInDetails = async (userId: number) =>
  (
    await app.db.auditLog.findMany({
      where: { entity: "user", entityId: String(userId), action: "user.sso_sign_in" },
      orderBy: { id: "asc" },
    })
  ).map((row) => row.details as Record<string, unknown>);

describe("single sign-on and the second factor", () => {
  it("asks a person with a factor for the code after the directory, unless the directory does the MFA", async () => {
    idp.people.set("dora", { email: "dora@empresa.test", name: "Dora", groups: ["docflow-equipe"] });
    expect((await saveSettings({ directory_enforces_mfa: false })).status).toBe(200);
    try {
      // No factor yet: the directory's sign-in opens the session, and she enrols from it.
      const first = await ssoSignIn("dora");
      expect(first.session).not.toBeNull();
      const started = await call("POST", "account/second-factor/enrolment", first.session!, {});
      expect(started.status).toBe(200);
      const secret = started.body.secret as string;
      const confirmed = await call("POST", "account/second-factor/enrolment/confirm", first.session!, {
        code: await codeAt(secret),
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

      // With a factor: the directory alone opens no session; the sign-in page's code step follows.
      const second = await ssoSignIn("dora");
      expect(second.status).toBe(303);
      expect(second.session).toBeNull();
      const next = new URL(second.location);
      expect(next.pathname).toBe("/signin");
      expect(next.searchParams.get("second_factor")).toBe("0");
      expect(next.searchParams.get("callbackUrl")).toBe("/lgpd");
      // The challenge is in neither the address (logs, Referer) nor a cookie the page's script can read.
      const challengeCookie = second.cookies.find((cookie) => cookie.startsWith("docflow_sso_challenge="));
      expect(challengeCookie).toBeTruthy();
      expect(second.location).not.toContain(challengeCookie!.split("=")[1]!);
      const setCookie = (await fetchCallbackHeaders("dora")).find((line) => line.startsWith("docflow_sso_challenge="));
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/Path=\/api\/auth\/callback\/second-factor/i);

      const right = await codeAt(secret, 1);
      const wrong = right === "123456" ? "654321" : "123456";
      const refused = await codeStep(challengeCookie!, wrong);
      expect(refused.session).toBeNull();
      expect(refused.error).toBe("WrongCode");
      // Without the challenge the code step has nothing to go on.
      expect((await codeStep("", right)).session).toBeNull();
      const accepted = await codeStep(challengeCookie!, right);
      expect(accepted.session).not.toBeNull();
      expect((await account(accepted.session!)).body?.email).toBe("dora@empresa.test");
      // The spent challenge cookie is cleared.
      expect(accepted.cookies).toContain("docflow_sso_challenge=");

      // An ID token whose `amr` names a second factor is trusted as the flag is; a password alone is not.
      idp.tamper = { amr: ["pwd"] };
      expect((await ssoSignIn("dora")).session).toBeNull();
      idp.tamper = { amr: ["pwd", "otp"] };
      const byAmr = await ssoSignIn("dora");
      expect(byAmr.session).not.toBeNull();
      expect((await account(byAmr.session!)).status).toBe(200);
      idp.tamper = null;

      // The directory says it does the MFA: no code asked, and the trail says why.
      expect((await saveSettings({ directory_enforces_mfa: true })).status).toBe(200);
      const trusted = await ssoSignIn("dora");
      expect(trusted.session).not.toBeNull();
      expect(new URL(trusted.location).pathname).toBe("/lgpd");
      expect((await account(trusted.session!)).status).toBe(200);
      const user = (await userByEmail("dora@empresa.test"))!;
      const details = await ssoSignInDetails(user.id);
      expect(details.at(-1)).toMatchObject({ second_factor: "directory" });
      expect(details).toContainEqual(expect.objectContaining({ second_factor: "code_asked" }));
    } finally {
      expect((await saveSettings()).status).toBe(200);
    }
  });

  it("lets an admin who must enrol reach only the enrolment, unless the directory does the MFA", async () => {
    idp.people.set("eva", { email: "eva@empresa.test", name: "Eva", groups: ["docflow-admins"] });
    await app.db.instance.update({ where: { id: fx.instanceId }, data: { secondFactorRequiredFor: "admins" } });
    try {
      expect((await saveSettings({ directory_enforces_mfa: false })).status).toBe(200);
      const untrusted = await ssoSignIn("eva");
      expect(untrusted.session).not.toBeNull();
      expect((await account(untrusted.session!)).status).toBe(401);
      expect((await call("GET", "account/second-factor", untrusted.session!)).body).toMatchObject({
        enrolled: false,
        required: true,
      });
      const page = await fetch(`${app.baseUrl}/documents`, {
        headers: { cookie: untrusted.session! },
        redirect: "manual",
      });
      expect(page.status).toBe(307);
      expect(page.headers.get("location")).toContain("/conta/segundo-fator");
      const user = (await userByEmail("eva@empresa.test"))!;
      expect((await ssoSignInDetails(user.id)).at(-1)).toMatchObject({ second_factor: "enrolment_required" });

      expect((await saveSettings({ directory_enforces_mfa: true })).status).toBe(200);
      const trusted = await ssoSignIn("eva");
      expect(trusted.session).not.toBeNull();
      expect((await account(trusted.session!)).status).toBe(200);
      // Read at the sign-in: a session the directory opened before it said so still only enrols.
      expect((await account(untrusted.session!)).status).toBe(401);
    } finally {
      await app.db.instance.update({ where: { id: fx.instanceId }, data: { secondFactorRequiredFor: "none" } });
      expect((await saveSettings()).status).toBe(200);
    }
  });
});

/** The raw Set-Cookie lines of a callback for `login` (to read the cookie's attributes). */
async function fetchCallbackHeaders(login: string) {
  const started = await start();
  const callback = await idp.signInAt(started.location, login);
  const response = await fetch(callback, { redirect: "manual", headers: { cookie: started.stateCookie } });
  return response.headers.getSetCookie();
}
