import { describe, expect, it } from "vitest";
import { namedParams } from "./named-params.ts";

describe("namedParams", () => {
  it("numbers the parameters in declaration order, with their casts, and sends the values in that order", () => {
    const { $, values } = namedParams({ id: "int", instance: "int", note: "text", at: "timestamptz" });
    expect($).toEqual({ id: "$1::int", instance: "$2::int", note: "$3::text", at: "$4::timestamptz" });
    const at = new Date(0);
    expect(values({ at, note: undefined, instance: 7, id: 3 })).toEqual([3, 7, null, at]);
  });

  it("a spread of another statement's parameters continues the numbering", () => {
    const history = { action: "text", changes: "jsonb" } as const;
    const { $ } = namedParams({ id: "int", ...history });
    expect([$.id, $.action, $.changes]).toEqual(["$1::int", "$2::text", "$3::jsonb"]);
  });
});
