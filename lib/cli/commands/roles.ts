import type { Role } from "../../db/generated/enums.ts";
import { UsageError } from "../io.ts";

const ROLES: readonly Role[] = ["admin", "staff", "viewer"];

export function parseRole(value: string, usage: string): Role {
  const role = value.trim().toLowerCase();
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new UsageError(`Unknown role "${value}": use admin, staff or viewer`, usage);
  }
  return role as Role;
}
