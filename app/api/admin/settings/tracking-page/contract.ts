// Contracts of GET and PUT /api/admin/settings/tracking-page (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZTrackingPageSettings } from "@/lib/tracking/answers.ts";
import { trackingPageSettingsSchema } from "@/lib/tracking/schemas.ts";

const ANSWER =
  "{company_name, help_email, help_phone, help_whatsapp, privacy_url, default_name, logo: {url, media_type, size} | null}";

export const GET = defineContract({
  method: "GET",
  path: "/admin/settings/tracking-page",
  tag: "Admin",
  summary: "What the customer's tracking page shows of the company: name, logo, help channel, privacy notice",
  auth: "bearer",
  role: "admin",
  response: ZTrackingPageSettings,
  answer: ANSWER,
  errors: [401, 403],
});

export const PUT = defineContract({
  method: "PUT",
  path: "/admin/settings/tracking-page",
  tag: "Admin",
  summary: "Set the tracking page's company name, help channel (e-mail, phone, WhatsApp) and privacy-notice URL",
  description:
    "Empty or null fields are cleared. help_whatsapp: the number with country and area code (digits kept); " +
    "privacy_url: an https address (null = the built-in notice). The logo is kept (see .../logo). Audited.",
  auth: "bearer",
  role: "admin",
  request: trackingPageSettingsSchema,
  response: ZTrackingPageSettings,
  answer: ANSWER,
  errors: [400, 401, 403],
});
