// The LGPD API's {cpf} segment declared in its contracts (status, access, summary): apiRoute parses it with the
// contract's PathParam, and a bad one answers the LGPD API's own 400 body — no route checks it by hand any more.
import { describe, expect, it } from "vitest";
import * as access from "@/app/api/lgpd/[instance]/access/[cpf]/contract.ts";
import * as status from "@/app/api/lgpd/[instance]/status/[cpf]/contract.ts";
import * as summary from "@/app/api/lgpd/[instance]/summary/[cpf]/contract.ts";
import { FixedAnswerError, parsePathParams } from "@/lib/http/path-params.ts";
import { lgpdErrorResponse } from "@/lib/lgpd/server/http.ts";

const CONTRACTS = [
  ["status", status.GET],
  ["access", access.GET],
  ["summary", summary.GET],
] as const;
const BAD = ["12345678900", "abc", "123", "111.111.111-11", "123.456.789-0", "123%2F456%2F789-09", "%E0%A4%A", ""];

describe.each(CONTRACTS)("GET /lgpd/{instance}/%s/{cpf}", (_name, contract) => {
  it("declares {cpf}: valid CPFs (bare, formatted, percent-encoded, spaced) reach the handler trimmed", () => {
    expect(contract.params?.cpf).toBeDefined();
    const read = (cpf: string) => parsePathParams(contract.params!, { instance: "acme", cpf }).cpf;
    expect(read("12345678909")).toBe("12345678909");
    expect(read("123.456.789-09")).toBe("123.456.789-09");
    expect(read("123.456.789%2D09")).toBe("123.456.789-09");
    expect(read("%2012345678909%20")).toBe("12345678909");
  });

  it.each(BAD)("refuses %j with the LGPD API's exact 400 Invalid CPF body", async (cpf) => {
    let caught: unknown = null;
    try {
      parsePathParams(contract.params!, { instance: "acme", cpf });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FixedAnswerError);
    const response = lgpdErrorResponse(caught, "req-1", "status");
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('{"status":"error","message":"Invalid CPF"}');
  });
});

describe("the access route's {instance}", () => {
  it("is handed on percent-decoded (its download link names the instance)", () => {
    expect(parsePathParams(access.GET.params!, { instance: "acme%2Dsul", cpf: "12345678909" })).toEqual({
      instance: "acme-sul",
      cpf: "12345678909",
    });
  });
});
