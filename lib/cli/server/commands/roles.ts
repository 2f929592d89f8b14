import "server-only";
import { ROLES, type Role } from "../../../auth/roles.ts";
import { UsageError } from "../io.ts";

export function parseRole(value: string, usage: string): Role {
  const role = value.trim().toLowerCase();
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new UsageError(`Unknown role "${value}": use admin, staff or viewer`, usage);
  }
  return role as Role;
}
