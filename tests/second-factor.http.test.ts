// The TOTP second factor over real HTTP on the built app and a real database: enrolment in "Minha conta" (QR code,
// a code to confirm, ten recovery codes), the sign-in's code step after the password (a password alone never signs
// in, nor gets a sign-in token), wrong codes braked on the sign-in's counters, recovery codes used once, the
// remembered device, the admin's reset (audited) and the instance's requirement (a person who must enrol reaches
// nothing else). Codes are computed with otplib, as an authenticator app would.
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashTestPassword } from "./helpers/passwords.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

type Json = Record<string, unknown>;

let app: TestApp;
let fx: InstanceFixture;
let origin: string;

beforeAll(async () => {
  app = await startTestApp();
  origin = new URL(app.baseUrl).origin;
  fx = await createInstanceFixture(app.db);
});
afterAll(async () => {
  await app?.close();
});

let userSeq = 0;
async function newUser(role: "admin" | "staff" = "staff", integration = false) {
  userSeq += 1;
  const email = `fator${userSeq}@totp.test`;
  const password = `girassol-pedra-lua-${userSeq}8`;
  const user = await app.db.user.create({
    data: {
      instanceId: fx.instanceId,
      email,
      name: `Pessoa ${userSeq}`,
      role,
      integration,
      passwordHash: await hashTestPassword(password),
    },
  });
  return { id: user.id, email, password };
}

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);

type Step = { session: string | null; error: string | null; cookies: string[] };

/** One POST to next-auth's callback of `provider`, as the sign-in page's `signIn(…, {redirect: false})` does. */
async function callback(provider: string, fields: Record<string, string>, extraCookie = ""): Promise<Step> {
  const csrf = await fetch(`${app.baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${app.baseUrl}/api/auth/callback/${provider}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: [...cookiesOf(csrf), extraCookie].filter(Boolean).join("; "),
      "x-forwarded-for": "203.0.113.9",
    },
    body: new URLSearchParams({ ...fields, csrfToken, json: "true" }),
  });
  const text = await response.text();
  const url = (text.startsWith("{") ? (JSON.parse(text) as { url?: string }).url : null) ?? "";
  const error = url ? new URL(url, app.baseUrl).searchParams.get("error") : null;
  const cookies = [...cookiesOf(csrf), ...cookiesOf(response)];
  const session = cookies.some((cookie) => cookie.startsWith("next-auth.session-token=")) ? cookies.join("; ") : null;
  return { session, error, cookies: cookiesOf(response) };
}

const passwordStep = (user: { email: string; password: string }, deviceCookie = "") =>
  callback("credentials", { email: user.email, password: user.password }, deviceCookie);

/** The challenge a right password answers when a code must follow. */
function challengeOf(step: Step): string {
  expect(step.session, "a password alone must not sign in").toBeNull();
  const match = /^SecondFactor:(\d+):(.+)$/.exec(step.error ?? "");
  expect(match, `the password step's answer: ${step.error}`).toBeTruthy();
  return match![2]!;
}

const codeStep = (challenge: string, code: string, remember = false) =>
  callback("second-factor", { challenge, code, remember: String(remember) });

async function call(method: string, route: string, cookie: string, body?: unknown) {
  const response = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { cookie, origin, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
}

const tokenSignIn = (user: { email: string; password: string }) =>
  app.post("auth/token", { email: user.email, password: user.password });

/** A code of the step `offsetSteps` from now (the step of the enrolment's code is spent). */
const codeAt = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

const auditRows = (userId: number) =>
  app.db.auditLog.findMany({ where: { entity: "user", entityId: String(userId) }, orderBy: { id: "asc" } });

/** Signs in with the password (no factor yet), enrols a factor; the secret and the recovery codes. */
async function enrol(user: { email: string; password: string }) {
  const session = (await passwordStep(user)).session!;
  expect(session).toBeTruthy();
  const started = await call("POST", "account/second-factor/enrolment", session, {});
  expect(started.status).toBe(200);
  const secret = started.body.secret as string;
  const confirmed = await call("POST", "account/second-factor/enrolment/confirm", session, {
    code: await codeAt(secret),
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { session, secret, recoveryCodes: confirmed.body.recovery_codes as string[] };
}

async function setPolicy(requiredFor: "none" | "admins" | "everyone", rememberDays = 0) {
  const admin = await newUser("admin");
  const session = (await passwordStep(admin)).session!;
  const saved = await call("PUT", "admin/settings/second-factor", session, {
    required_for: requiredFor,
    remember_device_days: rememberDays,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}

/** Back to the default, behind the API's back (an admin without a factor could not do it while admins must). */
const restorePolicy = () =>
  app.db.instance.update({
    where: { id: fx.instanceId },
    data: { secondFactorRequiredFor: "none", rememberDeviceDays: 0 },
  });

describe("enrolment in Minha conta", () => {
  it("shows a QR code, keeps the secret encrypted, needs a right code, and answers ten recovery codes once", async () => {
    const user = await newUser();
    const session = (await passwordStep(user)).session!;
    expect((await call("GET", "account/second-factor", session)).body).toMatchObject({
      enrolled: false,
      required: false,
    });

    const started = await call("POST", "account/second-factor/enrolment", session, {});
    expect(started.status).toBe(200);
    const secret = started.body.secret as string;
    expect(started.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/DocFlow:.*secret=/);
    expect(started.body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from((started.body.qr_code as string).split(",")[1]!, "base64").toString()).toContain("<svg");
    const stored = await app.db.userSecondFactor.findUniqueOrThrow({ where: { userId: user.id } });
    expect(stored.secretCipher).not.toContain(secret);
    expect(stored.confirmedAt).toBeNull();

    const right = await codeAt(secret);
    const wrong = right === "123456" ? "654321" : "123456";
    const refused = await call("POST", "account/second-factor/enrolment/confirm", session, { code: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ path: "code", code: "wrong_code" }] });

    const confirmed = await call("POST", "account/second-factor/enrolment/confirm", session, { code: right });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const rows = await app.db.recoveryCode.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(10);
    expect(JSON.stringify(rows)).not.toContain(codes[0]!);

    expect((await call("GET", "account/second-factor", session)).body).toMatchObject({
      enrolled: true,
      recovery_codes_left: 10,
    });
    // Once on, a new enrolment is refused (an admin resets a lost one).
    expect((await call("POST", "account/second-factor/enrolment", session, {})).status).toBe(409);
    const enrolled = (await auditRows(user.id)).find((row) => row.action === "user.second_factor_enrol");
    expect(enrolled).toMatchObject({ actorType: "user", actorId: user.id });
    expect(JSON.stringify(enrolled!.details)).not.toContain(codes[0]!);
  });
});

describe("signing in with a factor", () => {
  it("asks for the code after the password; a password alone gets neither a session nor a sign-in token", async () => {
    const user = await newUser();
    const { secret } = await enrol(user);

    const challenge = challengeOf(await passwordStep(user));
    expect((await tokenSignIn(user)).status).toBe(401);

    const right = await codeAt(secret, 1);
    const wrong = right === "123456" ? "654321" : "123456";
    const refused = await codeStep(challenge, wrong);
    expect(refused.session).toBeNull();
    expect(refused.error).toBe("WrongCode");

    const accepted = await codeStep(challenge, right);
    expect(accepted.session).toBeTruthy();
    expect((await call("GET", "account", accepted.session!)).status).toBe(200);
    // The same code is spent: seen over a shoulder, it signs nobody in again.
    const replay = await codeStep(challengeOf(await passwordStep(user)), right);
    expect(replay.session).toBeNull();
    // A forged or altered challenge is refused as expired.
    expect((await codeStep(`${challenge.split(".")[0]}.9999999999.forged`, await codeAt(secret, -1))).error).toBe(
      "ChallengeExpired",
    );

    const rows = await auditRows(user.id);
    const failed = rows.filter((row) => row.action === "user.sign_in_failed").map((row) => row.details);
    expect(failed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: "second_factor_without_code" }),
        expect.objectContaining({ reason: "wrong_code" }),
      ]),
    );
    const signIns = rows.filter((row) => row.action === "user.sign_in").map((row) => row.details);
    expect(signIns).toContainEqual(expect.objectContaining({ second_factor: "totp" }));
    // Nothing typed is kept: no code, no password.
    const written = JSON.stringify(rows.map((row) => [row.actorLabel, row.details]));
    expect(written).not.toContain(right);
    expect(written).not.toContain(user.password);
  });

  it("brakes wrong codes on the sign-in's counter: after four, even the right code waits", async () => {
    const user = await newUser();
    const { secret } = await enrol(user);
    const challenge = challengeOf(await passwordStep(user));
    const right = await codeAt(secret, 1);
    const wrong = right === "111111" ? "222222" : "111111";
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await codeStep(challenge, wrong)).error, `attempt ${attempt}`).toBe("WrongCode");
    }
    expect((await codeStep(challenge, wrong)).error).toBe("Throttled");
    const locked = await codeStep(challenge, right);
    expect(locked.session).toBeNull();
    expect(locked.error).toBe("Throttled");
    // A right password does not reset the count of the codes that follow it.
    expect((await passwordStep(user)).error).toBe("Throttled");
    const actions = (await auditRows(user.id)).map((row) => row.action);
    expect(actions).toContain("user.sign_in_locked");
    expect(actions.filter((action) => action === "user.sign_in_failed")).toHaveLength(4);
  });

  it("takes each recovery code once", async () => {
    const user = await newUser();
    const { recoveryCodes } = await enrol(user);
    const code = recoveryCodes[3]!;
    const first = await codeStep(challengeOf(await passwordStep(user)), code.toUpperCase());
    expect(first.session).toBeTruthy();
    const again = await codeStep(challengeOf(await passwordStep(user)), code);
    expect(again.session).toBeNull();
    expect(again.error).toBe("WrongCode");
    expect(await app.db.recoveryCode.count({ where: { userId: user.id, usedAt: null } })).toBe(9);
    const signIn = (await auditRows(user.id)).find(
      (row) => row.action === "user.sign_in" && JSON.stringify(row.details).includes("recovery_code"),
    );
    expect(signIn?.details).toMatchObject({ second_factor: "recovery_code", recovery_codes_left: 9 });
  });

  it("remembers a browser for the instance's days, until the person forgets their devices", async () => {
    await setPolicy("none", 30);
    try {
      const user = await newUser();
      const { secret } = await enrol(user);
      const step = await passwordStep(user);
      expect(step.error).toMatch(/^SecondFactor:30:/);
      const signedIn = await codeStep(challengeOf(step), await codeAt(secret, 1), true);
      expect(signedIn.session).toBeTruthy();
      const device = signedIn.cookies.find((cookie) => cookie.startsWith("docflow_remembered_device="));
      expect(device).toBeTruthy();

      const remembered = await passwordStep(user, device);
      expect(remembered.session).toBeTruthy();
      // Another account in the same browser is still asked.
      const other = await newUser();
      await enrol(other);
      challengeOf(await passwordStep(other, device));

      expect((await call("POST", "account/second-factor/forget-devices", remembered.session!, {})).status).toBe(200);
      challengeOf(await passwordStep(user, device));
    } finally {
      await restorePolicy();
    }
  });
});

describe("the instance's requirement and the admin's reset", () => {
  it("sends an admin without a factor to enrol before anything else, and refuses them a sign-in token", async () => {
    const staff = await newUser("staff");
    const admin = await newUser("admin");
    const integration = await newUser("admin", true);
    await setPolicy("admins");
    try {
      const session = (await passwordStep(admin)).session!;
      expect(session).toBeTruthy();
      const page = await fetch(`${app.baseUrl}/documents`, { headers: { cookie: session }, redirect: "manual" });
      expect(page.status).toBe(307);
      expect(page.headers.get("location")).toContain("/conta/segundo-fator");
      expect((await call("GET", "account", session)).status).toBe(401);
      expect((await call("GET", "admin/settings/users", session)).status).toBe(401);
      expect((await call("GET", "account/second-factor", session)).body).toMatchObject({
        enrolled: false,
        required: true,
      });
      expect((await tokenSignIn(admin)).status).toBe(401);

      // Staff are not asked; integration accounts never are.
      const staffSession = (await passwordStep(staff)).session!;
      expect((await call("GET", "account", staffSession)).status).toBe(200);
      expect((await tokenSignIn(staff)).status).toBe(200);
      expect((await tokenSignIn(integration)).status).toBe(200);

      // Enrolling from that session opens the app.
      const started = await call("POST", "account/second-factor/enrolment", session, {});
      const secret = started.body.secret as string;
      const confirmed = await call("POST", "account/second-factor/enrolment/confirm", session, {
        code: await codeAt(secret),
      });
      expect(confirmed.status).toBe(200);
      const after = await fetch(`${app.baseUrl}/documents`, { headers: { cookie: session }, redirect: "manual" });
      expect(after.status).toBe(200);
      expect((await call("GET", "account", session)).status).toBe(200);
    } finally {
      await restorePolicy();
    }
  });

  it("lets an admin reset a user's factor: audited, the user's sessions end, the next sign-in needs no code", async () => {
    const user = await newUser();
    const { session: userSession } = await enrol(user);
    const admin = await newUser("admin");
    const adminSession = (await passwordStep(admin)).session!;

    const reset = await call("POST", `admin/settings/users/${user.id}/second-factor/reset`, adminSession, {});
    expect(reset.status).toBe(200);
    expect(await app.db.userSecondFactor.count({ where: { userId: user.id } })).toBe(0);
    expect(await app.db.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect((await call("GET", "account", userSession)).status).toBe(401);
    const row = (await auditRows(user.id)).find((entry) => entry.action === "user.second_factor_reset");
    expect(row).toMatchObject({ actorType: "user", actorId: admin.id, actorLabel: admin.email });

    expect((await passwordStep(user)).session).toBeTruthy();
    expect((await call("POST", `admin/settings/users/${user.id}/second-factor/reset`, adminSession, {})).status).toBe(
      409,
    );
    // Not an admin's to do for staff.
    const staffSession = (await passwordStep(await newUser("staff"))).session!;
    expect((await call("POST", `admin/settings/users/${user.id}/second-factor/reset`, staffSession, {})).status).toBe(
      403,
    );
  });
});
