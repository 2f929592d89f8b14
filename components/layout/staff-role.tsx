"use client";
// The signed-in staff member's role for client components that offer role-bound options (the unmasked
// export is offered only to admins). Display only: the server enforces every role on its own.
import { createContext, useContext } from "react";
import type { Role } from "@/lib/auth/roles.ts";

const StaffRoleContext = createContext<Role | null>(null);

export function StaffRoleProvider({ role, children }: { role: Role; children: React.ReactNode }) {
  return <StaffRoleContext.Provider value={role}>{children}</StaffRoleContext.Provider>;
}

/** The role, or null outside the staff shell (then role-bound options are not offered). */
export function useStaffRole(): Role | null {
  return useContext(StaffRoleContext);
}
