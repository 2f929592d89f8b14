import { describe, expect, it } from "vitest";
import {
  formatIdentifier,
  identifierKind,
  isValidCnpj,
  isValidCpf,
  maskCpf,
  maskIdentifier,
  normalizeIdentifier,
} from "./identifiers.ts";

describe("CPF", () => {
  it.each(["123.456.789-09", "12345678909", "111.444.777-35", "11144477735"])("accepts %s", (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });
  it.each([
    ["wrong first check digit", "123.456.789-19"],
    ["wrong second check digit", "12345678900"],
    ["all equal digits", "111.111.111-11"],
    ["too short", "1234567890"],
    ["letters", "1234567890A"],
    ["half formatted", "123.456.78909"],
    ["empty", ""],
  ])("refuses %s", (_why, cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
});

describe("CNPJ", () => {
  it.each(["11.222.333/0001-81", "11222333000181", "12.ABC.345/01DE-35", "12ABC34501DE35"])("accepts %s", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });
  it.each(["11.222.333/0001-82", "12.ABC.345/01DE-36", "00000000000000", "1122233300018"])("refuses %s", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
});

describe("formatting and masking", () => {
  it("normalises punctuation away and upper-cases", () => {
    expect(normalizeIdentifier("123.456.789-09")).toBe("12345678909");
    expect(normalizeIdentifier("12.abc.345/01de-35")).toBe("12ABC34501DE35");
  });
  it("formats CPFs and CNPJs and leaves SUSEP codes alone", () => {
    expect(formatIdentifier("12345678909")).toBe("123.456.789-09");
    expect(formatIdentifier("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatIdentifier("000123")).toBe("000123");
    expect(identifierKind("000123")).toBe("other");
    expect(identifierKind("12ABC34501DE35")).toBe("cnpj");
  });
  it("masks a CPF as the spec shows", () => {
    expect(maskCpf("123.456.789-09")).toBe("***.456.789-**");
    expect(maskIdentifier("12345678909")).toBe("***.456.789-**");
    expect(maskIdentifier("11222333000181")).toBe("***********181");
  });
});
