// Contracts of PUT and DELETE /api/admin/settings/tracking-page/logo (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZTrackingPageSettings } from "@/lib/tracking/answers.ts";

export const PUT = defineContract({
  method: "PUT",
  path: "/admin/settings/tracking-page/logo",
  tag: "Admin",
  summary: "Upload the tracking page's logo (multipart `file`)",
  description:
    "A whole PNG, JPEG or WebP image judged by its content (else 415; no SVG), at most 512 KB (else 413). Stored in " +
    "the database like attachments and served at /api/tracking/logo/{instance}. Audited.",
  auth: "bearer",
  role: "admin",
  requestContentType: "multipart/form-data",
  response: ZTrackingPageSettings,
  answer: "the settings, with logo {url, media_type, size}",
  errors: [400, 401, 403, 413, 415],
});

export const DELETE = defineContract({
  method: "DELETE",
  path: "/admin/settings/tracking-page/logo",
  tag: "Admin",
  summary: "Remove the tracking page's logo",
  auth: "bearer",
  role: "admin",
  response: ZTrackingPageSettings,
  answer: "the settings, with logo null",
  errors: [401, 403],
});
