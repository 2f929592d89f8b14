import { z } from "zod";

const MAX_INT4 = 2_147_483_647;

/** A database id: a positive integer, also accepted as a numeric string (older clients send "12"). */
export const idField = z.union(
  [
    z.number().int().positive().max(MAX_INT4),
    z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, "Expected a positive integer")
      .transform(Number)
      .pipe(z.number().int().positive().max(MAX_INT4)),
  ],
  { error: (issue) => (issue.input === undefined ? "Required" : "Expected a positive integer id") },
);

/** Optional free text; empty strings are kept as sent, null clears the field. */
export const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** Exactly one e-mail address (zod's email check: no list, no display name, no line break — it becomes the SMTP
 * recipient). */
export const emailAddress = z.email("Enter one e-mail address").max(254);

/** An optional e-mail: one address, or empty/null to clear it (as optionalText keeps empty strings). */
export const optionalEmail = z
  .string()
  .trim()
  .pipe(z.union([z.literal(""), emailAddress]))
  .nullable()
  .optional();

/** Hours as a non-negative number, also accepted as a numeric string. */
export const hoursField = z.union(
  [
    z.number().min(0).max(1_000_000),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, "Expected a number of hours")
      .transform(Number)
      .pipe(z.number().min(0).max(1_000_000)),
  ],
  { error: "Expected a number of hours (0 or more)" },
);

/** Action routes that take no parameters: an empty JSON object, nothing else. */
export const noParametersSchema = z.object({}).strict();
