// Contract of POST /api/admin/lgpd-inbox/assign (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZLgpdAssignBody, ZLgpdAssignment } from "@/lib/lgpd/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/lgpd-inbox/assign",
  tag: "Admin",
  summary: "Assign an access or deletion request to a staff member of the instance (null: no one)",
  description:
    "The assignee is an active staff or admin user of this instance (400 lgpd_assignee_invalid otherwise). Assigning the current assignee again changes nothing. Audited (lgpd_request.assign / lgpd_access.assign, .unassign).",
  auth: "bearer",
  role: "admin",
  request: ZLgpdAssignBody,
  response: ZLgpdAssignment,
  answer: "{kind, id, assignee: {id, name} | null}.",
  errors: [400, 401, 403, 404],
});
