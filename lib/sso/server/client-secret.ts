// The directory's client secret, stored AES-256-GCM-encrypted with a key derived from the app secret: the code flow
// must send it back to the directory, so it cannot be hashed like our own tokens. Admins see its last characters only.
import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { appSecret } from "../../auth/server/secrets.ts";

const key = () => createHash("sha256").update(`sso-client-secret:${appSecret()}`, "utf8").digest();

export function encryptClientSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString("base64url")).join(".");
}

export function decryptClientSecret(stored: string): string {
  const [iv, tag, data] = stored.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", key(), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString("utf8");
}

/** What the settings page shows of a secret: its last four characters (a short secret shows none). */
export function clientSecretHint(secret: string): string {
  return secret.length >= 12 ? secret.slice(-4) : "";
}
