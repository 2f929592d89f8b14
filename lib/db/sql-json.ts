// JSON that PostgreSQL built inside a statement (json_build_object(…)::text, json_agg) comes back as text: parsed and
// checked here with the zod schema of what the SQL promises, instead of `JSON.parse(…) as T`. A mismatch is a bug
// between the SQL and its schema: it throws (an unexpected error, a 500 naming the request id), never a wrong value.
import { z } from "zod";

export function parseSqlJson<Schema extends z.ZodType>(schema: Schema, text: string): z.output<Schema> {
  return schema.parse(JSON.parse(text));
}
