// Contract of GET /api/admin/lgpd-access/{id}/download (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/lgpd-access/{id}/download",
  tag: "Admin",
  summary: "Download an access package from the data-subject page (audited)",
  auth: "bearer",
  params: { id: idParam("Package not found") },
  role: "admin",
  responseContentType: "application/zip",
  answer: "The zip, while its link has not expired.",
  errors: [401, 403, 404],
});
