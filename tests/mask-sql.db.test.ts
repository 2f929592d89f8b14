// The SQL masks (lib/documents/mask-sql.ts) answer what the JavaScript ones (lib/documents/mask.ts) answer, value for
// value, on PGlite and PostgreSQL: the masked read view is built by the database with them (issue 17), and the
// document page, lists and history mask with the JavaScript ones.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client.ts";
import { rawQuery } from "@/lib/db/raw-query.ts";
import { maskPersonalValue, PERSONAL_FIELDS, type PersonalField } from "@/lib/documents/mask.ts";
import { maskSql } from "@/lib/documents/mask-sql.ts";
import { createMigratedDatabase } from "./helpers/test-database.ts";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await createMigratedDatabase());
});
afterAll(async () => {
  await closeDb();
  await cleanup?.();
});

const SEED = Number(process.env.PROPERTY_SEED) || Date.now() % 2 ** 31;
const RUNS = Math.max(1, Number(process.env.PROPERTY_RUNS) || 1000);

/** Each value masked by the database (one statement for all of them). */
async function masked(field: PersonalField, values: Array<string | null>): Promise<Array<string | null>> {
  const { rows } = await rawQuery<{ masked: string | null }>(
    `SELECT '|' || ${maskSql(field, "v")} AS "masked" FROM unnest($1::text[]) WITH ORDINALITY AS u(v, n) ORDER BY n`,
    [values],
  );
  // Behind a "|": the drivers' text decoding drops a byte-order mark that starts a value (the views start with "{").
  return rows.map((row) => (row.masked === null ? null : row.masked.slice(1)));
}

// Characters that matter to the masks: letters (accented too), digits, JavaScript's whitespace, "@", ".", "-", "/".
const CHARS = [..."aZçÉñ09573@.-/_+'\" \t\n\u00a0\u2003\u3000\ufeffü"];
const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 24 }).map((chars) => chars.join(""));
const digits = (count: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: count, maxLength: count });
/** A valid CPF (check digits computed), formatted or bare, sometimes with spaces around. */
const validCpf = fc
  .tuple(digits(9), fc.boolean(), fc.constantFrom("", " ", "\t", "\u00a0"))
  .map(([nine, dotted, pad]) => {
    const check = (values: number[], from: number) => {
      const sum = values.reduce((total, value, index) => total + value * (from - index), 0) % 11;
      return sum < 2 ? 0 : 11 - sum;
    };
    const first = check(nine, 10);
    const all = [...nine, first, check([...nine, first], 11)].join("");
    const shown = dotted ? `${all.slice(0, 3)}.${all.slice(3, 6)}.${all.slice(6, 9)}-${all.slice(9)}` : all;
    return `${pad}${shown}${pad}`;
  });
const email = fc
  .tuple(text, fc.constantFrom("@", "@@", ""), text, fc.constantFrom(".com", ".com.br", ".", ""))
  .map(([local, at, host, tld]) => `${local}${at}${host}${tld}`);
const phone = fc
  .tuple(fc.constantFrom("+55 11 ", "(11) ", "", "+"), fc.integer({ min: 0, max: 12 }).chain(digits), text)
  .map(([prefix, numbers, tail]) => `${prefix}${numbers.join("")}${tail}`);

const VALUES: Record<PersonalField, fc.Arbitrary<string>> = {
  cpf: fc.oneof(
    validCpf,
    text,
    digits(11).map((values) => values.join("")),
  ),
  name: text,
  email: fc.oneof(email, text),
  phone: fc.oneof(phone, text),
};

describe("masks in SQL", () => {
  it("equal the JavaScript masks on chosen values (null and empty pass through)", async () => {
    const cases: Record<PersonalField, Array<string | null>> = {
      cpf: [
        "529.982.247-25",
        "52998224725",
        " 529.982.247-25 ",
        "111.111.111-11",
        "529.982.247-26",
        "12",
        "AB-12.3/4c",
      ],
      name: ["Maria da Silva", "  Ana\u00a0 Lúcia  ", "x", "João\tPedro"],
      email: ["maria@example.com", "a@b", "@example.com", "maria@", "a@b@c.d", "x@.com", "nomail", "m@ex.co.uk"],
      phone: ["+55 11 99999-1234", "1234", "12", "(11) 3333-4444 ramal 5"],
    };
    for (const field of PERSONAL_FIELDS) {
      const values = [...cases[field], "", null];
      expect(await masked(field, values), field).toEqual(
        values.map((value) => maskPersonalValue(field, value) as string | null),
      );
    }
  });

  it(`equal the JavaScript masks on ${RUNS} generated values per field (seed ${SEED})`, async () => {
    for (const field of PERSONAL_FIELDS) {
      const values = fc.sample(VALUES[field], { numRuns: RUNS, seed: SEED });
      const fromSql = await masked(field, values);
      const mismatches = values
        .map((value, index) => ({ value, sql: fromSql[index], js: maskPersonalValue(field, value) }))
        .filter((row) => row.sql !== row.js);
      expect(mismatches.slice(0, 5), `${field}, seed ${SEED}`).toEqual([]);
    }
  });
});
