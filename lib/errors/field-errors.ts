// zod issues as the field errors of an AppError or an API answer. Shared code (the import preview runs it too).
import type { ErrorParams, FieldError } from "./app-error.ts";

type IssueLike = { path: ReadonlyArray<PropertyKey>; message: string; code?: string; params?: unknown };

/**
 * zod issues → the `errors: [{path, message, code, params}]` list: code = zod's issue code, or the `code` a
 * refinement names in its params (`refine(check, {message, params: {code: "colour"}})`) for a rule of our own.
 */
export function fieldErrors(issues: ReadonlyArray<IssueLike>): FieldError[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "(body)",
    message: issue.message,
    code: ruleCode(issue) ?? issue.code ?? "invalid",
    ...issueParams(issue),
  }));
}

function ruleCode(issue: IssueLike): string | undefined {
  const code = (issue.params as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

/** The bounds/format a translated field message names (zod 4 issue fields), nothing else of the input. */
function issueParams(issue: IssueLike): { params?: ErrorParams } {
  const params: ErrorParams = {};
  for (const key of ["minimum", "maximum", "expected", "format", "origin"] as const) {
    const value = (issue as Record<string, unknown>)[key];
    if (typeof value === "string" || typeof value === "number") params[key] = value;
    else if (typeof value === "bigint") params[key] = Number(value);
  }
  // A rule of our own may name values for its message besides its code (e.g. the unknown placeholder).
  for (const [key, value] of Object.entries((issue.params as Record<string, unknown> | undefined) ?? {})) {
    if (key !== "code" && (typeof value === "string" || typeof value === "number")) params[key] = value;
  }
  return Object.keys(params).length ? { params } : {};
}
