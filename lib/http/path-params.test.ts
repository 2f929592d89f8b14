// Path parameters declared in contracts: the same reading and the same refusals the routes had by hand.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, invalid, notFound } from "../errors/app-error.ts";
import { toApiError } from "./server/api-route.ts";
import { errorBody } from "./errors.ts";
import { documentIdParam, idParam, parsePathParams, pathParam } from "./path-params.ts";

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const http = toApiError(error, "req", "/api/x");
    return { status: http.status, body: errorBody(http) };
  }
  throw new Error("accepted");
};

describe("path parameters", () => {
  it("reads int4 ids written with digits only", () => {
    expect(parsePathParams({ id: idParam() }, { id: "42" })).toEqual({ id: 42 });
    expect(parsePathParams({ id: idParam() }, { id: "2147483647" })).toEqual({ id: 2_147_483_647 });
    // Undeclared segments are handed on as text.
    expect(parsePathParams({ id: idParam() }, { id: "7", instance: "acme" })).toEqual({ id: 7, instance: "acme" });
    for (const raw of ["0", "-1", "1e3", " 1", "1.0", "2147483648", "abc", "", "99999999999"]) {
      expect(() => parsePathParams({ id: idParam() }, { id: raw }), raw).toThrow(AppError);
    }
    expect(() => parsePathParams({ id: idParam() }, {})).toThrow(AppError);
  });

  it("answers each parameter's own refusal", () => {
    expect(refusal(() => parsePathParams({ id: idParam() }, { id: "x" }))).toEqual({
      status: 404,
      body: { status: "error", message: "Unknown id", error: "NotFound: Unknown id", code: "not_found" },
    });
    expect(refusal(() => parsePathParams({ stepId: idParam() }, { stepId: "0" })).body.message).toBe("Unknown stepId");
    expect(refusal(() => parsePathParams({ id: idParam("Token not found") }, { id: "0" })).body.message).toBe(
      "Token not found",
    );
    expect(refusal(() => parsePathParams({ attachmentId: documentIdParam }, { attachmentId: "x" }))).toEqual({
      status: 400,
      body: {
        status: "error",
        message: "Invalid parameters: attachmentId must be a positive integer",
        error: "BadRequest: Invalid parameters: attachmentId must be a positive integer",
        code: "invalid_parameters",
        errors: [{ path: "attachmentId", message: "Expected a positive integer", code: "invalid" }],
      },
    });
  });

  it("refuses with the first declared parameter that does not parse", () => {
    const declared = {
      date: pathParam(z.iso.date(), () => notFound("No holiday on that date")),
      id: idParam(),
      other: pathParam(z.string().min(3), () => invalid("Bad other")),
    };
    expect(refusal(() => parsePathParams(declared, { date: "x", id: "x", other: "" })).body.message).toBe(
      "No holiday on that date",
    );
    expect(refusal(() => parsePathParams(declared, { date: "2026-01-01", id: "x", other: "" })).body.message).toBe(
      "Unknown id",
    );
    expect(parsePathParams(declared, { date: "2026-01-01", id: "3", other: "abc" })).toEqual({
      date: "2026-01-01",
      id: 3,
      other: "abc",
    });
  });
});
