import "server-only";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as ptBr from "@zxcvbn-ts/language-pt-br";
import { invalid } from "../../errors/app-error.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../schemas.ts";

// A maintained estimator (zxcvbn-ts) with the common-password lists (which hold far more than the 3,000 most common
// ASVS asks for) and the Brazilian Portuguese dictionaries (names, words, "senha123"). Score 3 of 4 ("safely
// unguessable: moderate protection from offline attacks") is the floor; nothing else (no composition rules).
const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | null = null;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...ptBr.dictionary },
    translations: ptBr.translations,
  });
  return estimator;
}

export type PasswordVerdict =
  { ok: true } | { ok: false; code: "password_too_short" | "password_too_long" | "password_weak" };

/**
 * Judges a new password. `related` are the account's own words (its e-mail, the parts of it, the name): a password
 * made of them is weak whatever its length.
 */
export function judgePassword(password: string, related: string[] = []): PasswordVerdict {
  if ([...password].length < PASSWORD_MIN_LENGTH) return { ok: false, code: "password_too_short" };
  if (password.length > PASSWORD_MAX_LENGTH) return { ok: false, code: "password_too_long" };
  const words = related.flatMap((value) => [value, ...value.split(/[@.\s_+-]+/)]).filter((word) => word.length >= 3);
  const { score } = zxcvbn().check(password, words);
  return score >= MIN_SCORE ? { ok: true } : { ok: false, code: "password_weak" };
}

const MESSAGES = {
  password_too_short: `At least ${PASSWORD_MIN_LENGTH} characters`,
  password_too_long: `At most ${PASSWORD_MAX_LENGTH} characters`,
  password_weak: "This password is too common or too easy to guess; try a longer phrase of unrelated words",
} as const;

/** Refuses a weak new password as a field error of `field` (every place a password is set calls this). */
export function assertStrongPassword(password: string, related: string[], field = "password"): void {
  const verdict = judgePassword(password, related);
  if (verdict.ok) return;
  const message = MESSAGES[verdict.code];
  throw invalid("Invalid parameters", [{ path: field, message, code: verdict.code }]);
}
