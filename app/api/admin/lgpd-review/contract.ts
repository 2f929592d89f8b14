// Contracts of GET and PUT /api/admin/lgpd-review (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZLgpdReviewOverview, ZLgpdReviewSettingBody } from "@/lib/lgpd/schemas.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/lgpd-review",
  tag: "Admin",
  summary:
    "Whether deletion requests wait for the officer's review (and four eyes), those waiting, and returning identifiers",
  auth: "bearer",
  role: "admin",
  response: ZLgpdReviewOverview,
  answer: "{enabled, four_eyes, awaiting, entered_by_you, returned_documents}.",
  errors: [401, 403],
});

export const PUT = defineContract({
  method: "PUT",
  path: "/admin/lgpd-review",
  tag: "Admin",
  summary:
    "Make new deletion requests wait for the officer's review (enabled) or run at once; four_eyes: whoever entered a request cannot approve it; audited",
  auth: "bearer",
  role: "admin",
  request: ZLgpdReviewSettingBody,
  response: ZLgpdReviewOverview,
  answer: "{enabled, four_eyes, awaiting, entered_by_you, returned_documents}.",
  errors: [400, 401, 403],
});
