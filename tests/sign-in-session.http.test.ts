// Over real HTTP on the built app and a real database: after sign-in the browser only
// goes to a path of this site (the sign-in page and next-auth's redirect callback), and signing out ends the session
// on the server, so a saved copy of the session cookie no longer opens admin routes or pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashTestPassword } from "./helpers/passwords.ts";
import { createInstanceFixture, type InstanceFixture } from "./helpers/fixtures.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;
let fx: InstanceFixture;
const EMAIL = "admin@session-revocation.test";
const PASSWORD = "admin-password-123";

beforeAll(async () => {
  app = await startTestApp();
  fx = await createInstanceFixture(app.db);
  await app.db.user.create({
    data: {
      instanceId: fx.instanceId,
      email: EMAIL,
      name: "Admin",
      role: "admin",
      passwordHash: await hashTestPassword(PASSWORD),
    },
  });
});
afterAll(async () => app?.close());

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);

async function csrf(): Promise<{ csrfToken: string; cookies: string[] }> {
  const response = await fetch(`${app.baseUrl}/api/auth/csrf`);
  return { csrfToken: ((await response.json()) as { csrfToken: string }).csrfToken, cookies: cookiesOf(response) };
}

/** Signs in as the sign-in page does; the answer's `url` is where next-auth would send the browser. */
async function signIn(callbackUrl?: string): Promise<{ cookie: string; url: string }> {
  const { csrfToken, cookies } = await csrf();
  const response = await fetch(`${app.baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.join("; ") },
    body: new URLSearchParams({
      csrfToken,
      email: EMAIL,
      password: PASSWORD,
      json: "true",
      ...(callbackUrl ? { callbackUrl } : {}),
    }),
  });
  const all = [...cookies, ...cookiesOf(response)];
  expect(all.some((cookie) => cookie.startsWith("next-auth.session-token="))).toBe(true);
  return { cookie: all.join("; "), url: ((await response.json()) as { url: string }).url };
}

const HOSTILE_CALLBACKS = [
  "/\\evil.example",
  "//evil.example",
  "/%5Cevil.example",
  "/%2F/evil.example",
  "/\t/evil.example",
  "http://evil.example/",
  "https://evil.example/documents",
  "javascript:alert(1)",
];

describe("the destination after sign-in (finding 9)", () => {
  it("the sign-in page hands the form only a same-origin path", async () => {
    // The form's prop as the page serialises it into the HTML (the React Server Components payload).
    const formTarget = async (callbackUrl: string) => {
      const page = await fetch(`${app.baseUrl}/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
      expect(page.status).toBe(200);
      const match = /callbackUrl\\?":\\?"(.*?)\\?"/.exec(await page.text());
      expect(match, "callbackUrl prop in the page").toBeTruthy();
      return match![1]!;
    };
    for (const callbackUrl of HOSTILE_CALLBACKS) expect(await formTarget(callbackUrl), callbackUrl).toBe("/");
    expect(await formTarget("/documents?q=1")).toBe("/documents?q=1");
  });

  it("next-auth's redirect after sign-in stays on this origin", async () => {
    const origin = new URL(process.env.NEXTAUTH_URL!).origin; // next-auth's base URL
    for (const callbackUrl of HOSTILE_CALLBACKS) {
      const { url } = await signIn(callbackUrl);
      const target = new URL(url, origin);
      expect(target.origin, `${callbackUrl} → ${url}`).toBe(origin);
      expect(target.pathname, `${callbackUrl} → ${url}`).not.toMatch(/^\/\/|evil/);
    }
    expect(new URL((await signIn("/apis/tokens")).url).pathname).toBe("/apis/tokens");
  });
});

describe("sign-out (finding 10)", () => {
  it("a saved session cookie fails on admin routes and pages once its session signed out", async () => {
    const { cookie } = await signIn();
    const origin = new URL(app.baseUrl).origin;
    const adminRoute = () => fetch(`${app.baseUrl}/api/admin/tokens`, { headers: { cookie } });
    const adminPage = () => fetch(`${app.baseUrl}/apis/tokens`, { headers: { cookie }, redirect: "manual" });
    expect((await adminRoute()).status).toBe(200);
    expect((await adminPage()).status).toBe(200);

    // Another session of the same user (another browser) is not touched by this sign-out.
    const other = await signIn();

    const { csrfToken } = await csrf();
    const csrfCookie = cookie.split("; ").find((part) => part.startsWith("next-auth.csrf-token="))!;
    const signOut = await fetch(`${app.baseUrl}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin },
      body: new URLSearchParams({
        csrfToken: decodeURIComponent(csrfCookie.split("=")[1]!).split("|")[0] ?? csrfToken,
        json: "true",
      }),
    });
    expect(signOut.status).toBeLessThan(400);

    expect((await adminRoute()).status).toBe(401);
    const page = await adminPage();
    expect(page.status).toBeGreaterThanOrEqual(300);
    expect(page.status).toBeLessThan(400);
    expect(page.headers.get("location")).toMatch(/\/signin/);

    expect((await fetch(`${app.baseUrl}/api/admin/tokens`, { headers: { cookie: other.cookie } })).status).toBe(200);
  });
});
