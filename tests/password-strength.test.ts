// The password rules (length, no composition rules, a maintained estimator with common-password and pt-BR
// dictionaries) and the sessions list's device names, without a database.
import { describe, expect, it } from "vitest";
import { describeDevice } from "@/lib/account/device.ts";
import { judgePassword } from "@/lib/auth/server/password-strength.ts";

describe("judgePassword", () => {
  it("wants 12 characters and accepts long passphrases (64 and more)", () => {
    expect(judgePassword("Xq7!pZ2#rT9")).toEqual({ ok: false, code: "password_too_short" });
    expect(judgePassword("Xq7!pZ2#rT9k")).toEqual({ ok: true });
    expect(judgePassword("todas as letras minusculas sem simbolo algum servem bem aqui, ok?")).toEqual({ ok: true });
    expect(judgePassword("a".repeat(129))).toEqual({ ok: false, code: "password_too_long" });
  });

  it("refuses common and Portuguese dictionary passwords and the account's own words", () => {
    for (const common of ["senha12345678", "qwertyuiop123", "minhasenhaforte", "123456789012"]) {
      expect(judgePassword(common), common).toEqual({ ok: false, code: "password_weak" });
    }
    expect(judgePassword("joana.prado@example.com", ["joana.prado@example.com", "Joana Prado"]).ok).toBe(false);
    expect(judgePassword("joana.prado@example.com").ok, "the same text, unrelated to the account").toBe(true);
  });
});

describe("describeDevice", () => {
  it("names the browser and the system", () => {
    expect(
      describeDevice("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36"),
    ).toBe("Chrome em Windows");
    expect(
      describeDevice("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605 Version/18 Safari/604"),
    ).toBe("Safari em iOS");
    expect(describeDevice("Mozilla/5.0 (Windows NT 10.0) Chrome/140.0 Safari/537.36 Edg/140.0")).toBe(
      "Edge em Windows",
    );
    expect(describeDevice(null)).toBe("Dispositivo desconhecido");
  });
});
