// The compatibility routes' request schemas (lib/compat/schemas.ts), pure: the original's date forms and the linked
// file's path (never a scheme a browser would run).
import { describe, expect, it } from "vitest";
import { compatDateField, linkPathField, ZCompatFilterBody } from "@/lib/compat/schemas.ts";

describe("compatDateField", () => {
  it("reads DD/MM/YYYY and YYYY-MM-DD as days and an ISO date-time as its instant", () => {
    expect(compatDateField.parse("05/03/2026")).toEqual({ day: "2026-03-05" });
    expect(compatDateField.parse("2026-03-05")).toEqual({ day: "2026-03-05" });
    expect(compatDateField.parse("2026-03-05T10:00:00-03:00")).toEqual({ instant: new Date("2026-03-05T13:00:00Z") });
  });

  it("refuses days that do not exist and other forms", () => {
    for (const value of ["31/02/2026", "2026-02-30", "5/3/2026", "03-05-2026", "ontem", ""]) {
      expect(compatDateField.safeParse(value).success, value).toBe(false);
    }
  });
});

describe("linkPathField", () => {
  it("takes http(s) URLs and scheme-less storage keys", () => {
    for (const value of [
      "https://files.example.com/a.pdf?sig=1",
      "http://10.0.0.5/x",
      "uploads/2026/laudo.pdf",
      "s3-key-123",
    ]) {
      expect(linkPathField.safeParse(value).success, value).toBe(true);
    }
  });

  it("refuses schemes a browser would run or read locally, and keys with spaces or markup", () => {
    for (const value of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,x",
      "file:///etc/passwd",
      "vbscript:x",
      "a b",
      "<x>",
      "https://",
      "\u0001javascript:alert(1)",
      "\u0000javascript:alert(1)",
      "\u001fhttps://x.example/a",
      "\u007fjavascript:alert(1)",
      "\u0085javascript:alert(1)",
      "\u009fuploads/a.pdf",
      " uploads/a.pdf",
      "uploads/a.pdf\n",
      "\ufeffuploads/a.pdf",
      "uploads/\u200ba.pdf",
      "uploads/\u202efdp.exe",
      "https://x.example/a\u2028b",
      "https://x.example/a\u3000b",
      "//evil.example/x",
      "/\\evil.example/x",
      "\\\\evil\\share\\x.exe",
      "\\evil",
      "/etc/passwd",
    ]) {
      expect(linkPathField.safeParse(value).success, value).toBe(false);
    }
  });
});

describe("ZCompatFilterBody", () => {
  it("caps limit at the page cap and refuses unknown fields", () => {
    expect(ZCompatFilterBody.safeParse({ limit: 100, page: 2 }).success).toBe(true);
    expect(ZCompatFilterBody.safeParse({ limit: 101 }).success).toBe(false);
    expect(ZCompatFilterBody.safeParse({ product: [1] }).success).toBe(false);
  });
});
