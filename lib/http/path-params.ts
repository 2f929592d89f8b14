// Path parameters a contract declares (`params: { id: idParam(...) }`): apiRoute parses each [segment] of the route
// with its schema before the handler runs, in declaration order, and throws the parameter's own refusal when it does
// not parse, so handlers receive typed values and no route parses ids by hand. Shared code: no server imports.
import { z } from "zod";
import { invalid, notFound, type AppError } from "../errors/app-error.ts";

const MAX_INT4 = 2_147_483_647;

/**
 * A refusal answered with a body of its own instead of the spec's error shape: the LGPD API keeps the original
 * service's bodies byte for byte (lib/lgpd/bodies.ts), so its contracts say which body a bad segment gets. Answered
 * as it is by the lgpdKey dialect of apiRoute (lib/lgpd/server/http.ts lgpdErrorResponse).
 */
export class FixedAnswerError extends Error {
  constructor(
    readonly status: number,
    readonly body: { status: string; message: string },
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = "FixedAnswerError";
  }
}

/** One path parameter: how its text is read, and the error a text the schema refuses answers. */
export type PathParam<T = unknown> = { schema: z.ZodType<T>; refusal: (name: string) => AppError | FixedAnswerError };
export type PathParams = Record<string, PathParam>;

/** The handler's `params`: each declared parameter as its schema reads it. */
export type ParsedPathParams<P> = P extends PathParams
  ? { [K in keyof P]: P[K] extends PathParam<infer T> ? T : never }
  : Record<string, string>;

/** A positive integer id as PostgreSQL int4, written with digits only (no sign, exponent or spaces). */
export const routeIdSchema = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_INT4));

/** An id segment; anything else answers 404 with `message` (default "Unknown <name>"). */
export function idParam(message?: string): PathParam<number> {
  return { schema: routeIdSchema, refusal: (name) => notFound(message ?? `Unknown ${name}`) };
}

/** An id segment of the document routes: anything else answers 400 naming the parameter. */
export const documentIdParam: PathParam<number> = {
  schema: routeIdSchema,
  refusal: (name) =>
    invalid(`Invalid parameters: ${name} must be a positive integer`, [
      { path: name, message: "Expected a positive integer" },
    ]),
};

/** Any other segment: its schema and its refusal. */
export function pathParam<T>(
  schema: z.ZodType<T>,
  refusal: (name: string) => AppError | FixedAnswerError,
): PathParam<T> {
  return { schema, refusal };
}

/** A segment percent-decoded; text that is not valid percent-encoding stays as it came (its schema refuses it). */
export function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `raw` (the route's segments) read by `declared`; throws the first refusal, in declaration order. */
export function parsePathParams(declared: PathParams, raw: Record<string, string>): Record<string, unknown> {
  const parsed: Record<string, unknown> = { ...raw };
  for (const [name, param] of Object.entries(declared)) {
    const result = param.schema.safeParse(raw[name]);
    if (!result.success) throw param.refusal(name);
    parsed[name] = result.data;
  }
  return parsed;
}
