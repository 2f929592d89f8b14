// The staff roles, shared by the server and the browser. The database enum `Role` (prisma/schema.prisma) holds the
// same values; this file does not import it so that client code never reaches lib/db (tests/roles.test.ts checks
// that both agree).
export const ROLES = ["admin", "staff", "viewer"] as const;
export type Role = (typeof ROLES)[number];
