import { randomBytes, scryptSync } from "node:crypto";

// Password hashes for the users tests create straight in the database. The app hashes with scrypt N=2^17 (OWASP's
// minimum, lib/auth/server/passwords.ts): ~0.4 s of a core per hash and per check. A stored hash names its own
// parameters (`scrypt$N$r$p$salt$hash`), and verifyPassword checks with those: a test user hashed with N=2^14 here is
// checked through the same code ~10× cheaper, which the sign-in-heavy http files and every e2e server's seed repeat
// dozens of times. Hashes the app makes itself (users created over the API, resets, the CLI's first admin, the decoy
// for unknown e-mails) keep the app's parameters.
const TEST_SCRYPT = { N: 2 ** 14, r: 8, p: 1 };

/** A stored password hash in the app's format with test-sized scrypt parameters. */
export async function hashTestPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 32, { ...TEST_SCRYPT, maxmem: 256 * TEST_SCRYPT.N * 8 });
  const { N, r, p } = TEST_SCRYPT;
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}
