import type { FieldError } from "./errors.ts";

/**
 * Limits every JSON body meets before any route sees it (README "API limits"). PostgreSQL `text` and `jsonb` cannot
 * hold U+0000 and reject unpaired UTF-16 surrogates; deep nesting and huge objects only cost memory and CPU.
 */
export const JSON_LIMITS = {
  /** Nesting levels, the body itself included (`{"a":[1]}` is 2 levels). */
  depth: 32,
  /** Characters in one string (a key or a value). */
  stringLength: 100_000,
  /** Keys in one object. */
  keys: 1_000,
} as const;

export type JsonProblem = { message: string; errors: FieldError[] };

/**
 * The first problem of a parsed JSON value, or null. Iterative (a 100,000-level body must not overflow the stack),
 * so it also guards code that walks the value recursively later.
 */
export function findJsonProblem(value: unknown): JsonProblem | null {
  const stack: Array<{ value: unknown; path: string[]; depth: number }> = [{ value, path: [], depth: 1 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === "string") {
      const problem = textProblem(current);
      if (problem) return fieldProblem(path, problem);
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth > JSON_LIMITS.depth) {
      const nested = `JSON nested deeper than ${JSON_LIMITS.depth} levels`;
      return fieldProblem(path, nested, `Invalid parameters: ${nested}`);
    }
    const entries = Array.isArray(current)
      ? current.map((item, index) => [String(index), item] as const)
      : Object.entries(current);
    if (!Array.isArray(current)) {
      if (entries.length > JSON_LIMITS.keys) return fieldProblem(path, `More than ${JSON_LIMITS.keys} keys`);
      for (const [key] of entries) {
        // JSON.parse makes `__proto__` an own key, but most object code (zod included) would drop it or set the
        // prototype instead: refused by name rather than lost (docs/decisions/0024-http-hardening.md).
        const problem = key === "__proto__" ? "The key __proto__ is reserved" : textProblem(key);
        if (problem) return fieldProblem([...path, key], key === "__proto__" ? problem : `Key: ${problem}`);
      }
    }
    for (const [key, item] of entries) stack.push({ value: item, path: [...path, key], depth: depth + 1 });
  }
  return null;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored, or null. */
export function textProblem(text: string): string | null {
  if (text.length > JSON_LIMITS.stringLength) return `Longer than ${JSON_LIMITS.stringLength} characters`;
  if (text.includes("\u0000")) return "Contains a NUL character (U+0000), which cannot be stored";
  if (LONE_SURROGATE.test(text)) return "Contains a lone UTF-16 surrogate (not valid Unicode text)";
  return null;
}

function fieldProblem(path: string[], message: string, summary = "Invalid parameters"): JsonProblem {
  const where = path.join(".") || "(body)";
  return { message: summary, errors: [{ path: where, message }] };
}
