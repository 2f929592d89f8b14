// Endpoint secrets: generated, shown once, stored AES-256-GCM-encrypted with a key derived from the app secret
// (signing needs the secret back, unlike API tokens, which are only compared and so stored hashed).
import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { appSecret, generateSecret } from "../../auth/server/secrets.ts";

const key = () => createHash("sha256").update(`webhook-secret:${appSecret()}`, "utf8").digest();

export function newWebhookSecret(): string {
  return generateSecret("whsec");
}

export function encryptSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString("base64url")).join(".");
}

export function decryptSecret(stored: string): string {
  const [iv, tag, data] = stored.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", key(), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString("utf8");
}
