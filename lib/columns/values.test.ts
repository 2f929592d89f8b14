import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  editTextFor,
  formatBrl,
  formatBrNumber,
  formatColumnValue,
  parseBrDate,
  parseBrNumber,
  parseColumnValue,
} from "./values.ts";

const value = (text: string) => {
  const parsed = parseBrNumber(text);
  return parsed.ok ? parsed.value : parsed.code;
};

describe("parseBrNumber", () => {
  it("reads the three spellings of the issue as the same value", () => {
    expect(value("71.250,50")).toBe(71250.5);
    expect(value("71250,5")).toBe(71250.5);
    expect(value("71250.5")).toBe(71250.5);
    expect(value("R$ 71.250,50")).toBe(71250.5);
    expect(value("-1.234.567")).toBe(-1234567);
    expect(value("1.234.567,891")).toBe(1234567.891);
    expect(value("0,5")).toBe(0.5);
    expect(value(".5")).toBe(0.5);
    expect(value("42")).toBe(42);
  });

  it("refuses what it would have to guess, and what is not a number", () => {
    expect(value("1.234")).toBe("number_ambiguous");
    expect(value("71.250")).toBe("number_ambiguous");
    for (const text of ["71,250.50", "1,2,3", "12.34,5", "abc", "", "1..2", "1,", "R$", "--1", "1e5", "Infinity"]) {
      expect(value(text), text).toMatch(/^number_/);
    }
    const ambiguous = parseBrNumber("1.234");
    expect(ambiguous.ok ? "" : ambiguous.message).toMatch(/ambíguo/);
  });

  it("round-trips every pt-BR formatted amount (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        const amount = cents / 100;
        expect(value(formatBrNumber(amount))).toBe(amount);
        expect(value(formatBrl(amount))).toBe(amount);
        expect(value(editTextFor("currency", amount))).toBe(amount);
      }),
    );
  });

  it("never answers a value other than the text's one reading (property)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^-?[0-9.,]{1,12}$/), (text) => {
        const parsed = parseBrNumber(text);
        if (!parsed.ok) return;
        const body = text.replace(/^-/, "");
        const sign = text.startsWith("-") ? -1 : 1;
        const zero = (n: number) => (Object.is(n, -0) ? 0 : n); // "-0" is read as 0
        const ptBr = sign * Number(body.replace(/\./g, "").replace(",", "."));
        if (body.includes(",")) {
          // A comma is always the decimal separator; dots around it are thousands groups.
          expect(parsed.value).toBe(zero(ptBr));
          expect(body).toMatch(/^(\d{1,3}(\.\d{3})*|\d+),\d+$/);
        } else if ((body.match(/\./g) ?? []).length >= 2) {
          expect(parsed.value).toBe(zero(ptBr)); // several dots can only be thousands groups
        } else if (body.includes(".")) {
          // One dot is read as a decimal point only when it cannot be a thousands dot (not followed by 3 digits).
          expect(body).not.toMatch(/^\d{1,3}\.\d{3}$/);
          expect(parsed.value).toBe(zero(sign * Number(body)));
        } else expect(parsed.value).toBe(zero(sign * Number(body)));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("parseBrDate", () => {
  it("takes dd/mm/aaaa and ISO, and refuses impossible days", () => {
    expect(parseBrDate("01/03/2026")).toEqual({ ok: true, value: "2026-03-01" });
    expect(parseBrDate("1/3/2026")).toEqual({ ok: true, value: "2026-03-01" });
    expect(parseBrDate("2026-03-01")).toEqual({ ok: true, value: "2026-03-01" });
    expect(parseBrDate("31/02/2026")).toMatchObject({ ok: false, code: "date_invalid" });
    expect(parseBrDate("03-01-2026")).toMatchObject({ ok: false, code: "date_format", message: /dd\/mm\/aaaa/ });
  });

  it("round-trips every calendar day (property)", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1900-01-01"), max: new Date("2199-12-31"), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          expect(parseBrDate(formatColumnValue("date", iso))).toEqual({ ok: true, value: iso });
        },
      ),
    );
  });
});

describe("parseColumnValue", () => {
  it("applies each type's rule and the required flag", () => {
    expect(parseColumnValue({ key: "v", type: "currency" }, "71.250,50")).toEqual({ ok: true, value: 71250.5 });
    expect(parseColumnValue({ key: "v", type: "currency" }, "1,234")).toMatchObject({ code: "currency_decimals" });
    expect(parseColumnValue({ key: "v", type: "number" }, 12.5)).toEqual({ ok: true, value: 12.5 });
    expect(parseColumnValue({ key: "v", type: "number" }, true)).toMatchObject({ ok: false, code: "number_format" });
    expect(parseColumnValue({ key: "v", type: "number" }, "")).toEqual({ ok: true, value: null });
    expect(parseColumnValue({ key: "v", type: "number", required: true }, " ")).toMatchObject({
      ok: false,
      code: "required",
      message: "campo obrigatório",
    });
    expect(parseColumnValue({ key: "b", type: "boolean" }, "Não")).toEqual({ ok: true, value: false });
    expect(parseColumnValue({ key: "b", type: "boolean" }, "sim")).toEqual({ ok: true, value: true });
    expect(parseColumnValue({ key: "b", type: "boolean" }, "talvez")).toMatchObject({ code: "boolean_format" });
    const uf = { key: "uf", type: "enum", options: ["São Paulo", "Rio de Janeiro"] };
    expect(parseColumnValue(uf, "sao paulo")).toEqual({ ok: true, value: "São Paulo" });
    expect(parseColumnValue(uf, "Bahia")).toMatchObject({
      ok: false,
      code: "enum_option",
      message: "valor fora da lista: use um de São Paulo, Rio de Janeiro",
    });
    expect(parseColumnValue({ key: "d", type: "date" }, "25/12/2026")).toEqual({ ok: true, value: "2026-12-25" });
  });

  it("shows currency as R$ with pt-BR separators", () => {
    expect(formatColumnValue("currency", 71250.5).replace(/\s/g, " ")).toBe("R$ 71.250,50");
    expect(formatColumnValue("number", 71250.5)).toBe("71.250,5");
    expect(formatColumnValue("boolean", false)).toBe("Não");
    expect(editTextFor("number", 71250.5)).toBe("71250,5");
  });
});

describe("integer columns", () => {
  const km = { key: "quilometragem", type: "integer" };
  it("read a dot as the pt-BR thousands separator, without asking", () => {
    expect(parseColumnValue(km, "45.300")).toEqual({ ok: true, value: 45300 });
    expect(parseColumnValue(km, "1.234.567")).toEqual({ ok: true, value: 1234567 });
    expect(parseColumnValue(km, " 45300 ")).toEqual({ ok: true, value: 45300 });
    expect(parseColumnValue(km, "45.300,00")).toEqual({ ok: true, value: 45300 });
    expect(parseColumnValue(km, -12)).toEqual({ ok: true, value: -12 });
  });
  it("refuse a decimal part or a misplaced dot, with a pt-BR message", () => {
    for (const text of ["45.300,5", "45,3", "4.53", "45.30", "12a"]) {
      const parsed = parseColumnValue(km, text);
      expect(parsed).toMatchObject({ ok: false, code: "integer_format" });
      expect((parsed as { message: string }).message).toMatch(/^número inteiro inválido/);
    }
    expect(parseColumnValue(km, 4.5)).toMatchObject({ ok: false, code: "integer_format" });
  });
  it("are shown and edited as pt-BR digits that read back as the same value", () => {
    expect(formatColumnValue("integer", 45300)).toBe("45.300");
    expect(parseColumnValue(km, editTextFor("integer", 30500))).toEqual({ ok: true, value: 30500 });
  });
  it("leave a decimal number column as it was: 1.234 is still refused as ambiguous there", () => {
    expect(parseColumnValue({ key: "v", type: "number" }, "45.300")).toMatchObject({ code: "number_ambiguous" });
  });
});
