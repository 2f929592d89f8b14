// Recognising constraint violations that slip past the in-transaction checks (two admins racing).
import { AppError, conflict } from "../errors/app-error.ts";

function codes(error: unknown): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const record = current as { code?: unknown; cause?: unknown; meta?: { code?: unknown } };
    if (typeof record.code === "string") found.push(record.code);
    if (typeof record.meta?.code === "string") found.push(record.meta.code);
    current = record.cause;
  }
  return found;
}

export const isUniqueViolation = (error: unknown) => codes(error).some((code) => code === "P2002" || code === "23505");
const isForeignKeyViolation = (error: unknown) =>
  codes(error).some((code) => code === "P2003" || code === "23503" || code === "P2014");

/** The 409 a violation becomes: the English message and, for the UI, its code. */
type Refusal = string | { message: string; code: string };
const refusal = (found: Refusal) =>
  typeof found === "string" ? conflict(found) : conflict(found.message, { code: found.code });

/** Runs `work`; a unique or foreign-key violation becomes a 409 with `message`. */
export async function conflictOnViolation<T>(
  work: () => Promise<T>,
  messages: { unique?: Refusal; foreignKey?: Refusal },
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (messages.unique && isUniqueViolation(error)) throw refusal(messages.unique);
    if (messages.foreignKey && isForeignKeyViolation(error)) throw refusal(messages.foreignKey);
    throw error;
  }
}
