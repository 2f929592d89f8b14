// lib/auth/roles.ts writes the roles out (shared code may not import the generated Prisma client): they must stay
// the database enum's values. The type check runs in `tsc --noEmit`, the value check here.
import { describe, expect, expectTypeOf, it } from "vitest";
import { ROLES, type Role } from "@/lib/auth/roles.ts";
import { Role as DatabaseRole } from "@/lib/db/generated/enums.ts";

describe("shared roles", () => {
  it("are the values of the database's Role enum", () => {
    expect([...ROLES].sort()).toEqual(Object.values(DatabaseRole).sort());
    expectTypeOf<Role>().toEqualTypeOf<DatabaseRole>();
  });
});
