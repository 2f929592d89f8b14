// Contract of POST /api/admin/lgpd-requests/{id}/approve (see lib/http/contract.ts).
import { z } from "zod";
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
import { ZLgpdRequestRow } from "@/lib/lgpd/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/admin/lgpd-requests/{id}/approve",
  tag: "Admin",
  summary: "Approve a deletion awaiting review: the erasure then runs (audited)",
  auth: "bearer",
  params: { id: idParam("Request not found") },
  role: "admin",
  request: z.strictObject({}),
  response: ZLgpdRequestRow,
  answer: "The request, approved (still pending until the worker erases).",
  errors: [400, 401, 403, 404, 409],
});
