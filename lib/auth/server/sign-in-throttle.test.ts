import { describe, expect, it } from "vitest";
import { lockSecondsFor, THROTTLE_LIMITS } from "./sign-in-throttle.ts";

describe("sign-in lock length", () => {
  it("is zero below the limit, one minute at it, doubling per further failure up to an hour", () => {
    const limit = THROTTLE_LIMITS.email;
    expect(lockSecondsFor(limit - 1, limit)).toBe(0);
    expect([0, 1, 2, 3, 4, 5, 6, 30].map((extra) => lockSecondsFor(limit + extra, limit))).toEqual([
      60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
  });
});
