// Domain errors carry no HTTP: the route layer (toApiError in lib/http/server/api-route.ts) gives each kind its status and
// keeps the message, code, params and field errors the UI translates.
import { describe, expect, it } from "vitest";
import {
  AppError,
  conflict,
  forbidden,
  invalid,
  notFound,
  throttled,
  unsupportedType,
} from "@/lib/errors/app-error.ts";
import { toApiError } from "@/lib/http/server/api-route.ts";
import { errorBody } from "@/lib/http/errors.ts";

describe("AppError → HTTP", () => {
  it("maps each kind to its status and keeps what the UI translates", () => {
    const cases: Array<[AppError, number, string]> = [
      [invalid("Invalid parameters", [{ path: "cpf", message: "Invalid CPF" }]), 400, "invalid_parameters"],
      [invalid("Unknown categories: x"), 400, "bad_request"],
      [forbidden(), 403, "forbidden"],
      [
        notFound("Provided id parameter not exists on database", { code: "document_not_found" }),
        404,
        "document_not_found",
      ],
      [
        conflict("Transition refused", { code: "transition_not_allowed", params: { from: "Novo", to: "Pago" } }),
        409,
        "transition_not_allowed",
      ],
      [
        unsupportedType("The file's content does not match its type", { code: "tracking_file_content" }),
        415,
        "tracking_file_content",
      ],
      [throttled("Too many attempts, try again later", 42, { code: "tracking_throttled" }), 429, "tracking_throttled"],
    ];
    for (const [error, status, code] of cases) {
      const http = toApiError(error, "req-1", "/api/test");
      expect(http.status, error.message).toBe(status);
      const body = errorBody(http, "req-1");
      expect(body).toMatchObject({ status: "error", message: error.message, code });
      expect(body.params).toEqual(error.params);
      if (error.errors) expect(body.errors).toEqual([{ path: "cpf", message: "Invalid CPF", code: "invalid" }]);
      expect(body).not.toHaveProperty("request_id");
      // Only a throttled error says when to try again (a header; the body stays the error shape).
      expect(http.headers).toEqual(error.kind === "throttled" ? { "retry-after": "42" } : undefined);
    }
  });

  it("is what domain code throws", async () => {
    const { idParam, parsePathParams } = await import("@/lib/http/path-params.ts");
    expect(() => parsePathParams({ id: idParam() }, { id: "x" })).toThrow(AppError);
  });
});
