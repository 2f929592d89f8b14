import { describe, expect, it } from "vitest";
import { MASK, maskJson, maskText, personMatcher, phoneVariants, type PersonMatcher } from "./person-mask.ts";

const matcher = personMatcher({
  cpfs: ["12345678909"],
  names: ["João  da Silva", "Ana"],
  emails: ["ana@example.com"],
  phones: ["+55 (11) 98765-4321"],
}) as PersonMatcher;

/** What PostgreSQL's `~` would say, approximated with JavaScript (ARE classes and escapes used are common to both). */
const sqlMatches = (text: string) => new RegExp(matcher.sql.replace(/\[\[:space:\]\]/g, "\\s")).test(text);

describe("personMatcher", () => {
  it.each([
    ["CPF 123.456.789-09.", `CPF ${MASK}.`],
    ["12345678909", MASK],
    ["123 456 789 09 e 123/456/789_09", `${MASK} e ${MASK}`],
    ["JOÃO DA SILVA e joão\nda silva", `${MASK} e ${MASK}`],
    [
      "Ana@Example.com, fone (11) 98765-4321 ou 987654321 ou +5511987654321",
      `${MASK}, fone ${MASK} ou ${MASK} ou ${MASK}`,
    ],
  ])("masks %j", (text, masked) => {
    expect(maskText(text, matcher)).toBe(masked);
    expect(sqlMatches(text)).toBe(true);
  });

  it.each([
    "CNPJ 12345678909000", // a longer number that starts with the CPF's digits
    "9912345678909",
    "mariana@example.com e ana@example.com.br",
    "Joãozinho da Silvana",
    "Ana Paula", // names under four letters are not searched
  ])("leaves %j alone", (text) => {
    expect(maskText(text, matcher)).toBe(text);
  });

  it("masks JSON strings, keys and numbers, keeping valid JSON and other values", () => {
    const value = {
      cpf: 12345678909,
      [`doc ${"123.456.789-09"}`]: ["x", { nota: "João da Silva ligou" }],
      n: 7,
      ok: true,
    };
    expect(maskJson(value, matcher)).toEqual({
      cpf: MASK,
      [`doc ${MASK}`]: ["x", { nota: `${MASK} ligou` }],
      n: 7,
      ok: true,
    });
  });

  it("reads phones with and without country and area codes, ignoring short ones", () => {
    expect(phoneVariants("+55 (11) 98765-4321")).toEqual(["5511987654321", "11987654321", "987654321"]);
    expect(phoneVariants("1234-567")).toEqual([]);
    expect(personMatcher({ cpfs: [], names: ["Ana"], emails: ["not-an-email"], phones: ["123"] })).toBeNull();
  });
});

describe("PersonMatcher.mayChange (the erasure's pre-filter on stored text)", () => {
  const phones = Array.from({ length: 40 }, (_, i) => `+55 11 9${String(1000 + i).padStart(8, "0")}`);
  const many = personMatcher({
    cpfs: ["12345678909"],
    names: ["Ana Σοφός Silva"],
    emails: ["ana@example.com"],
    phones,
  }) as PersonMatcher;
  const pieces = [
    "11 90000",
    "1010",
    "1039",
    "\n",
    "\u001f",
    "-",
    " ",
    "ANA@EXAMPLE.COM",
    "ana",
    "ΣΟΦΌΣ",
    "σοφός silva",
    "123.456",
    ".789-09",
    "Ana Σοφός",
    "Silva",
    "x",
    "99",
    '"',
    "\\",
  ];
  // A small deterministic generator: every text the mask (or maskJson) would change must pass the pre-filter.
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647);
  const texts = Array.from({ length: 4000 }, () =>
    Array.from({ length: 1 + (next() % 7) }, () => pieces[next() % pieces.length]).join(""),
  );

  it("never says no to a text the mask would change (plain text and JSON text with escapes)", () => {
    let changed = 0;
    for (const text of texts) {
      if (maskText(text, many) !== text) {
        changed += 1;
        expect(many.mayChange(text, false), text).toBe(true);
      }
      const json = JSON.stringify({ [text]: [text, { v: text }] });
      if (JSON.stringify(maskJson(JSON.parse(json), many)) !== json)
        expect(many.mayChange(json, true), json).toBe(true);
    }
    expect(changed).toBeGreaterThan(100);
  });

  it("says no to texts without the terms, and passes long JSON numbers on", () => {
    expect(many.mayChange('[{"field": "phone", "after": "+55 11 912345678"}]', true)).toBe(false);
    expect(many.mayChange("Cliente Pedro ligou", false)).toBe(false);
    expect(many.mayChange('{"a": "x\\u0031y"}', true)).toBe(false);
    expect(many.mayChange('{"phone": "+55 11 9\\n0000\\u00201010"}', true)).toBe(true);
    expect(many.mayChange('{"n": 1234567890123456}', true)).toBe(true);
    expect(many.mayChange('{"e": "ANA@Example.COM"}', true)).toBe(true);
    expect(many.mayChange("ΑΝΑ ΣΟΦΟΣ SILVA", false)).toBe(maskText("ΑΝΑ ΣΟΦΟΣ SILVA", many) !== "ΑΝΑ ΣΟΦΟΣ SILVA");
  });
});
