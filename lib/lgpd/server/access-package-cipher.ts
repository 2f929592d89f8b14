// Access packages at rest: AES-256-GCM with a key derived from the app secret, like webhook secrets
// (lib/webhooks/server/secret.ts) but for bytes: iv (12) | tag (16) | data. A package read back with another secret,
// or altered, fails to decrypt instead of yielding garbage.
// Not marked server-only: the worker (scripts/worker.ts) builds packages outside Next.
import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { appSecret } from "../../auth/server/secrets.ts";

const key = () => createHash("sha256").update(`lgpd-access-package:${appSecret()}`, "utf8").digest();

export function encryptPackage(plain: Uint8Array): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]);
}

export function decryptPackage(stored: Uint8Array): Buffer {
  const bytes = Buffer.from(stored);
  const decipher = createDecipheriv("aes-256-gcm", key(), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
}
