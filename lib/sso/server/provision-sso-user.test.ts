import { describe, expect, it } from "vitest";
import { groupsOf, mappedRole } from "./provision-sso-user.ts";

const settings = {
  groupRoles: [
    { group: "leitura", role: "viewer" as const },
    { group: "admins", role: "admin" as const },
    { group: "equipe", role: "staff" as const },
  ],
};

describe("the directory's groups as a role", () => {
  it("takes the highest role among the person's mapped groups, whatever the order", () => {
    expect(mappedRole(settings, ["equipe", "leitura"])).toBe("staff");
    expect(mappedRole(settings, ["leitura", "admins", "equipe"])).toBe("admin");
    expect(mappedRole(settings, ["leitura"])).toBe("viewer");
  });

  it("gives no role without a mapped group (no access), and matches names exactly", () => {
    expect(mappedRole(settings, [])).toBeNull();
    expect(mappedRole(settings, ["Admins", "admins "])).toBeNull();
  });

  it("reads the claim as a list, a single name, or nothing", () => {
    expect(groupsOf({ groups: ["a", 3, "b"] }, "groups")).toEqual(["a", "b"]);
    expect(groupsOf({ roles: "a" }, "roles")).toEqual(["a"]);
    expect(groupsOf({}, "groups")).toEqual([]);
    expect(groupsOf({ groups: { a: 1 } }, "groups")).toEqual([]);
  });
});
