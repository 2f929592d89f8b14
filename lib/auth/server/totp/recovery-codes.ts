import "server-only";
import { randomInt } from "node:crypto";
import { keyedHash } from "../secrets.ts";

// Ten single-use codes for a lost phone, shown once. Each is 12 characters of an alphabet without look-alikes (about
// 60 bits), written in three groups; only a keyed hash is kept (a copy of the table alone cannot be searched), and a
// code is compared whatever its case, spaces or dashes.

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, "");
}

export function recoveryCodeHash(code: string): string {
  return keyedHash(`recovery-code\0${normalizeRecoveryCode(code)}`);
}

/** Whether what was typed looks like a recovery code rather than a 6-digit TOTP code. */
export function looksLikeRecoveryCode(code: string): boolean {
  return normalizeRecoveryCode(code).length === 12;
}
