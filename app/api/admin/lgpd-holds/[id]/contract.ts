// Contract of DELETE /api/admin/lgpd-holds/{id} (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
import { ZLegalHoldList } from "@/lib/lgpd/schemas.ts";

export const DELETE = defineContract({
  method: "DELETE",
  path: "/admin/lgpd-holds/{id}",
  tag: "Admin",
  summary: "Remove a legal hold (audited); erasures from then on delete those documents",
  auth: "bearer",
  params: { id: idParam("Legal hold not found") },
  role: "admin",
  response: ZLegalHoldList,
  answer: "{items}: the holds left.",
  errors: [400, 401, 403, 404],
});
