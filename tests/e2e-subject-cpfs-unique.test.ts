// The Playwright specs share one server and one database per worker, and the officer's pages count every document of a
// CPF: two specs that seed the same subject CPF see each other's documents ("12 documentos" where one was made), and
// whether a pair collides depends on how files fall to workers. A subject CPF — one given to `subjectCpf`, or written
// in an LGPD or audit spec — belongs to one spec, in whatever spelling another spec would use it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const E2E = path.resolve(import.meta.dirname, "..", "e2e");
const SUBJECT_SPEC = /^(lgpd|audit)/;

/** Whether written digits are a valid CPF (a refusal test's invalid CPF names nobody). */
function validCpf(digits: string): boolean {
  const check = (length: number) => {
    const sum = [...digits.slice(0, length)].reduce(
      (total, digit, index) => total + Number(digit) * (length + 1 - index),
      0,
    );
    return ((sum * 10) % 11) % 10;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

/** The 9-digit bases of the CPFs a spec names: `subjectCpf(123_456_789)`, or written out (valid) as 123.456.789-09. */
function cpfBases(text: string): { viaHelper: Set<string>; written: Set<string> } {
  const viaHelper = new Set(
    [...text.matchAll(/subjectCpf\(\s*([\d_]+)\s*\)/g)].map(([, base]) => base!.replaceAll("_", "")),
  );
  const written = new Set(
    [...text.matchAll(/\b(\d{3})\.(\d{3})\.(\d{3})-(\d{2})\b/g)]
      .filter(([, a, b, c, d]) => validCpf(`${a}${b}${c}${d}`))
      .map(([, a, b, c]) => `${a}${b}${c}`),
  );
  return { viaHelper, written };
}

describe("e2e subject CPFs", () => {
  it("each belongs to one spec", () => {
    const files = readdirSync(E2E).filter((name) => name.endsWith(".spec.ts"));
    const bases = new Map(files.map((file) => [file, cpfBases(readFileSync(path.join(E2E, file), "utf8"))]));
    const subjects = new Set<string>();
    for (const [file, { viaHelper, written }] of bases) {
      viaHelper.forEach((base) => subjects.add(base));
      if (SUBJECT_SPEC.test(file)) written.forEach((base) => subjects.add(base));
    }
    expect(subjects.size).toBeGreaterThan(5);
    const shared = [...subjects]
      .map((base) => [
        base,
        files.filter((file) => bases.get(file)!.viaHelper.has(base) || bases.get(file)!.written.has(base)),
      ])
      .filter(([, users]) => users!.length > 1);
    expect(shared).toEqual([]);
  });
});
