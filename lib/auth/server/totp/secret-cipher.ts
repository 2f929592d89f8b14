import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { appSecret } from "../secrets.ts";

// TOTP secrets must be read back to check a code (unlike passwords or tokens, which are only compared), so they are
// stored AES-256-GCM-encrypted, as webhook secrets are, under a key of their own derived from the app secret: a copy
// of the database alone yields no factor.

const key = () => createHash("sha256").update(`totp-secret:${appSecret()}`, "utf8").digest();

export function sealTotpSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString("base64url")).join(".");
}

export function openTotpSecret(stored: string): string {
  const [iv, tag, data] = stored.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", key(), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString("utf8");
}
