import { describe, expect, it } from "vitest";
import { amrNamesSecondFactor, directoryDidMfa } from "./directory-mfa.ts";

describe("the directory's own second factor", () => {
  it("is read from the amr claim only when it names a method beyond the password", () => {
    expect(amrNamesSecondFactor(["pwd", "mfa"])).toBe(true);
    expect(amrNamesSecondFactor(["pwd", "otp"])).toBe(true);
    expect(amrNamesSecondFactor(["pwd"])).toBe(false);
    expect(amrNamesSecondFactor("mfa")).toBe(false);
    expect(amrNamesSecondFactor(undefined)).toBe(false);
  });

  it("is trusted when the instance says the directory always asks", () => {
    expect(directoryDidMfa({ directoryEnforcesMfa: true }, {})).toBe(true);
    expect(directoryDidMfa({ directoryEnforcesMfa: false }, { amr: ["pwd"] })).toBe(false);
    expect(directoryDidMfa({ directoryEnforcesMfa: false }, { amr: ["pwd", "hwk"] })).toBe(true);
  });
});
