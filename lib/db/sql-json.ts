// JSON that PostgreSQL built inside a statement (json_build_object(…)::text, json_agg) comes back as text: parsed and
// checked here with the zod schema of what the SQL promises, instead of `JSON.parse(…) as T`. A mismatch is a bug
// between the SQL and its schema: it throws (an unexpected error, a 500 naming the request id), never a wrong value.
import { z } from "zod";

/**
 * SQL JSON that is not what its schema says. The message names what was read (`what`) and, per problem, the path and
 * what was expected — never the text or a value, which may be personal data and would reach the log.
 */
export class SqlJsonError extends Error {
  override readonly name = "SqlJsonError";
}

export function parseSqlJson<Schema extends z.ZodType>(
  schema: Schema,
  text: string,
  what = "SQL JSON",
): z.output<Schema> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SqlJsonError(`${what} is not valid JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
    throw new SqlJsonError(`${what} does not match its schema: ${problems.join("; ")}`);
  }
  return parsed.data;
}
