// parseSqlJson: SQL JSON read through its zod schema — a malformed or mismatched row is a clear SqlJsonError naming
// what was read and where it is wrong, and never echoing the text (it may hold personal data).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseSqlJson, SqlJsonError } from "./sql-json.ts";

const schema = z.object({ id: z.int(), names: z.array(z.string()) });
const thrown = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
};

describe("parseSqlJson", () => {
  it("answers the typed value of JSON that matches", () => {
    expect(parseSqlJson(schema, '{"id":7,"names":["a"],"extra":1}')).toEqual({ id: 7, names: ["a"] });
    expect(parseSqlJson(z.array(z.string()), "[]")).toEqual([]);
  });

  it("refuses text that is not JSON, naming what was read and not echoing the text", () => {
    const error = thrown(() => parseSqlJson(schema, '{"id":7,"names":["Maria da Silva"', "the status rules"));
    expect(error).toBeInstanceOf(SqlJsonError);
    expect((error as Error).message).toBe("the status rules is not valid JSON");
  });

  it("refuses JSON of another shape, with each wrong path and what was expected, no value", () => {
    const error = thrown(() => parseSqlJson(schema, '{"id":"529.982.247-25","names":["ok",42]}'));
    expect(error).toBeInstanceOf(SqlJsonError);
    const { message } = error as Error;
    expect(message).toMatch(
      /^SQL JSON does not match its schema: id: .*expected number.*; names\.1: .*expected string/,
    );
    expect(message).not.toContain("529.982.247-25");
    expect(message).not.toContain("42");
  });
});
