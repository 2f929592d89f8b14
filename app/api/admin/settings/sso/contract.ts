// Contract of GET, PUT /api/admin/settings/sso (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { updateSsoSettingsSchema, ZSsoSettingsAnswer } from "@/lib/sso/schemas.ts";

export const GET = defineContract({
  method: "GET",
  path: "/admin/settings/sso",
  tag: "Admin",
  summary: "The instance's single sign-on (OpenID Connect) settings; the client secret as its last characters only",
  auth: "bearer",
  role: "admin",
  response: ZSsoSettingsAnswer,
  answer:
    "{configured, enabled, issuer_url, client_id, client_secret_hint, allowed_domains, groups_claim, group_roles, …}.",
  errors: [400, 401, 403, 404],
});

export const PUT = defineContract({
  method: "PUT",
  path: "/admin/settings/sso",
  tag: "Admin",
  summary: "Replace the single sign-on settings (audited; an omitted client_secret keeps the stored one)",
  auth: "bearer",
  role: "admin",
  request: updateSsoSettingsSchema,
  response: ZSsoSettingsAnswer,
  answer: "The saved settings, as GET answers them.",
  errors: [400, 401, 403, 404, 409],
});
