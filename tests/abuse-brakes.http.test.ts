// Brakes that could be bypassed. X-Forwarded-For is believed only with TRUST_PROXY (before:
// 70 of 70 spoofed sign-in attempts went through; counters are pre-loaded with the throttle's own functions, since
// each real failed sign-in costs a password hash); wrong LGPD keys are throttled per address (IPv6: per /64) and per
// key prefix, never the right key (before: 18,634 wrong guesses a minute, all answered 401; later, 100 wrong keys
// from 10 addresses refused the portal's right key for up to an hour); a body that never finishes is cut (before: held ~5.5
// minutes). Real HTTP against the built app; the throttles live in the database (PGlite or PostgreSQL).
import { request as httpRequest } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { recordFailure, THROTTLE_LIMITS, throttleKeys } from "@/lib/auth/server/sign-in-throttle.ts";
import { LGPD_KEY_FAILURE_LIMITS } from "@/lib/lgpd/server/key-throttle.ts";
import { cpfFromBase, createLgpdInstance } from "./helpers/lgpd.ts";
import { postFrom, withinOneWindow } from "./helpers/post-from.ts";
import { startTestApp, type TestApp } from "./helpers/test-app.ts";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());
afterEach(() => {
  delete process.env.TRUST_PROXY;
  delete process.env.API_BODY_TIMEOUT_MS;
});

const signIn = (email: string, forwardedFor: string) =>
  app.post("auth/token", { email, password: "not-the-password" }, { headers: { "x-forwarded-for": forwardedFor } });

/** Counts `failures` failed sign-ins against `address` directly (each real attempt costs a password hash). */
async function failFrom(address: string, failures: number) {
  const addressKey = throttleKeys("unused@example.com", address).filter((entry) => entry.key.startsWith("addr:"));
  for (let failure = 0; failure < failures; failure++) await recordFailure(addressKey);
}

describe("X-Forwarded-For is believed only from a trusted proxy", () => {
  it("without TRUST_PROXY, spoofed addresses are counted against the one real address (the socket's)", async () => {
    // One failure short of the address limit on the real address; each attempt below uses a new e-mail and a new
    // forged X-Forwarded-For, so only the real address can refuse them (before the fix: every one was checked).
    await failFrom("127.0.0.1", THROTTLE_LIMITS.address - 1);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await signIn(`spoof${attempt}@example.com`, `203.0.113.${attempt}`)).status);
    }
    expect(statuses).toEqual([401, 429, 429, 429, 429, 429]);
  });

  it("with TRUST_PROXY=1 the address the proxy appended counts, not what the client wrote before it", async () => {
    process.env.TRUST_PROXY = "1";
    await failFrom("10.2.0.1", THROTTLE_LIMITS.address);
    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await signIn(`forged${attempt}@example.com`, `203.0.113.${attempt}, 10.2.0.1`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Another real address is its own counter, whatever the client wrote in front of it.
    expect((await signIn("elsewhere@example.com", "10.2.0.1, 10.2.0.2")).status).toBe(401);
  });
});

/** POST /api/auth/token over a connection from `from`, with a forged X-Forwarded-For. */
async function tokenAttemptFrom(from: string, forwardedFor: string) {
  const payload = JSON.stringify({ email: "x" }); // invalid: answered 400 without a password hash, but counted
  const answer = await postFrom(app.baseUrl, from, "/api/auth/token", payload, { "x-forwarded-for": forwardedFor });
  return { status: answer.status, text: answer.text, retryAfter: answer.headers["retry-after"] };
}

describe("the auth/token brake ignores X-Forwarded-For without a trusted proxy", () => {
  it("70 attempts with 70 forged addresses from one socket address: 60 pass (a minute's brake), then 429", async () => {
    // The brake counts per clock minute: start with room for the whole run inside one.
    await withinOneWindow(15_000);
    const answers = [];
    for (let attempt = 0; attempt < 70; attempt++) {
      answers.push(await tokenAttemptFrom("127.0.0.4", `198.51.100.${attempt}`));
    }
    // Before the fix each forged address had its own brake: all 70 passed.
    expect(answers.map((answer) => answer.status)).toEqual([...Array(60).fill(400), ...Array(10).fill(429)]);
    expect(JSON.parse(answers[60]!.text)).toMatchObject({
      status: "error",
      message: "Too many requests, try again later",
      error: expect.stringMatching(/^TooManyRequests: /),
    });
    expect(Number(answers[60]!.retryAfter)).toBeGreaterThan(0);
  });
});

describe("wrong LGPD keys are throttled", () => {
  const post = (slug: string, key: string, forwardedFor?: string) =>
    fetch(`${app.baseUrl}/api/lgpd/${slug}/request`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-api-key": key,
        ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
      },
      body: JSON.stringify({ cpf: cpfFromBase(123456789) }),
    });

  it("per address: after the limit wrong keys answer 429 with Retry-After; the right key still answers 200", async () => {
    const instance = await createLgpdInstance(app.db, "throttle-addr");
    process.env.TRUST_PROXY = "1";
    const guesses: number[] = [];
    for (let guess = 0; guess < 40; guess++)
      guesses.push((await post(instance.slug, `lgpd_wrong${guess}`, "10.3.0.1")).status);
    expect(guesses.slice(0, LGPD_KEY_FAILURE_LIMITS.address)).toEqual(Array(LGPD_KEY_FAILURE_LIMITS.address).fill(401));
    expect(guesses.slice(LGPD_KEY_FAILURE_LIMITS.address)).toEqual(
      Array(40 - LGPD_KEY_FAILURE_LIMITS.address).fill(429),
    );
    const refused = await post(instance.slug, "lgpd_wrong-again", "10.3.0.1");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused.text()).toBe('{"status":"error","message":"Too many requests"}');
    // A portal behind the same address (a shared NAT) keeps working: the brake is on wrong keys (before: 429).
    expect((await post(instance.slug, instance.key, "10.3.0.1")).status).toBe(200);
    expect((await post(instance.slug, instance.key, "10.3.0.2")).status).toBe(200);
  });

  it("IPv6 addresses are counted per /64: a new address in the same /64 meets the same brake", async () => {
    const instance = await createLgpdInstance(app.db, "throttle-v6");
    process.env.TRUST_PROXY = "1";
    const statuses: number[] = [];
    for (let guess = 0; guess < LGPD_KEY_FAILURE_LIMITS.address + 2; guess++) {
      statuses.push((await post(instance.slug, `lgpd_v6wrong${guess}`, `2001:db8:5:6::${guess + 1}`)).status);
    }
    expect(statuses).toEqual([...Array(LGPD_KEY_FAILURE_LIMITS.address).fill(401), 429, 429]);
    // Another /64 is another count.
    expect((await post(instance.slug, "lgpd_v6other", "2001:db8:5:7::1")).status).toBe(401);
  });

  it("100 wrong keys from 10 addresses do not lock the instance: the portal's right key answers 200", async () => {
    const instance = await createLgpdInstance(app.db, "throttle-inst");
    process.env.TRUST_PROXY = "1";
    const statuses: number[] = [];
    for (let address = 0; address < 10; address++) {
      for (let guess = 0; guess < 10; guess++) {
        statuses.push((await post(instance.slug, `lgpd_${address}x${guess}-random-guess`, `10.4.0.${address}`)).status);
      }
    }
    expect(statuses).toEqual(Array(100).fill(401));
    // Before: the instance's counter reached 100 and the right key from anywhere answered 429 for up to an hour.
    const portal = await post(instance.slug, instance.key, "10.4.9.9");
    expect(portal.status).toBe(200);
    // The guessers' own addresses are braked for wrong keys.
    expect((await post(instance.slug, "lgpd_one-more", "10.4.0.3")).status).toBe(429);
  });

  it("per key prefix: one wrong key tried from many addresses is braked wherever it comes from", async () => {
    const instance = await createLgpdInstance(app.db, "throttle-prefix");
    process.env.TRUST_PROXY = "1";
    // A stale key (a portal after a rotation, or a leaked beginning) varied only at its end, from a new address each time.
    const stale = "lgpd_STALEKEYabcdefghijklmnopqrstu";
    const statuses: number[] = [];
    for (let guess = 0; guess < LGPD_KEY_FAILURE_LIMITS.keyPrefix + 2; guess++) {
      statuses.push((await post(instance.slug, `${stale}${guess}`, `10.5.${guess}.1`)).status);
    }
    expect(statuses).toEqual([...Array(LGPD_KEY_FAILURE_LIMITS.keyPrefix).fill(401), 429, 429]);
    // Other keys from a fresh address are unaffected, and the right key is never refused.
    expect((await post(instance.slug, "lgpd_FRESHKEYabcdefghijklmnopqrstu", "10.5.200.1")).status).toBe(401);
    expect((await post(instance.slug, instance.key, "10.5.201.1")).status).toBe(200);
    const other = await createLgpdInstance(app.db, "throttle-other");
    expect((await post(other.slug, `${stale}x`, "10.5.202.1")).status).toBe(401);
  });
});

describe("a body that never finishes", () => {
  /** Sends headers and part of a body, then nothing; resolves with the answer (or a timeout marker). */
  function trickle(path: string, headers: Record<string, string>) {
    const url = new URL(app.baseUrl);
    return new Promise<{ status: number; text: string; ms: number }>((resolve, reject) => {
      const started = Date.now();
      const request = httpRequest(
        { host: url.hostname, port: url.port, method: "POST", path, headers: { ...headers, "content-length": "200" } },
        (response) => {
          let text = "";
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode!, text, ms: Date.now() - started }));
        },
      );
      request.on("error", reject);
      request.setTimeout(15_000, () => {
        request.destroy();
        resolve({ status: 0, text: "no answer within 15 s", ms: Date.now() - started });
      });
      request.write('{"email":"a');
    });
  }

  it("is cut after API_BODY_TIMEOUT_MS with a 408 in the route's shape, before any route sees it", async () => {
    process.env.API_BODY_TIMEOUT_MS = "1000";
    const token = await trickle("/api/auth/token", { "content-type": "application/json" });
    expect(token.status).toBe(408);
    expect(JSON.parse(token.text)).toMatchObject({
      status: "error",
      error: expect.stringMatching(/^RequestTimeout: /),
    });
    expect(token.ms).toBeLessThan(5_000);

    const instance = await createLgpdInstance(app.db, "slow-body");
    const lgpd = await trickle(`/api/lgpd/${instance.slug}/request`, {
      "content-type": "application/json",
      "x-api-key": instance.key,
    });
    expect(lgpd.status).toBe(408);
    expect(lgpd.text).toBe('{"status":"error","message":"Request timeout"}');
  });
});
