// Single sign-on settings (GET/PUT /api/admin/settings/sso): the request and the answer, shared by the server and the
// admin page's form. The client secret is write-only: the answer carries its last four characters.
import { z } from "zod";
import { ROLES } from "../auth/roles.ts";

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const CLAIM = /^[A-Za-z0-9_:/.-]{1,100}$/;

export const ZSsoGroupRole = z.strictObject({
  group: z.string().trim().min(1).max(200),
  role: z.enum(ROLES),
});

export const updateSsoSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  issuer_url: z.url({ protocol: /^https?$/ }).max(500),
  client_id: z.string().trim().min(1).max(200),
  /** Omitted (or empty) keeps the stored secret; required the first time. */
  client_secret: z.string().max(500).optional(),
  allowed_domains: z.array(z.string().trim().toLowerCase().regex(DOMAIN, "Use a domain like empresa.com.br")).max(50),
  groups_claim: z.string().trim().regex(CLAIM, "Use a claim name like groups").default("groups"),
  group_roles: z.array(ZSsoGroupRole).max(100),
  password_sign_in_disabled: z.boolean(),
  directory_enforces_mfa: z.boolean(),
});
export type UpdateSsoSettings = z.infer<typeof updateSsoSettingsSchema>;
export type UpdateSsoSettingsBody = z.input<typeof updateSsoSettingsSchema>;

export const ZSsoSettingsAnswer = z.strictObject({
  configured: z.boolean(),
  enabled: z.boolean(),
  issuer_url: z.string(),
  client_id: z.string(),
  /** The stored secret's last four characters ("" before one is saved). */
  client_secret_hint: z.string(),
  allowed_domains: z.array(z.string()),
  groups_claim: z.string(),
  group_roles: z.array(ZSsoGroupRole),
  password_sign_in_disabled: z.boolean(),
  directory_enforces_mfa: z.boolean(),
  /** Where the staff of this instance start the sign-in (the address to give them or link from the intranet). */
  sign_in_path: z.string(),
  /** The address to register at the directory as the redirect URI (path; prefix it with the app's public origin). */
  redirect_path: z.string(),
});
export type SsoSettingsAnswer = z.infer<typeof ZSsoSettingsAnswer>;

export const SSO_CALLBACK_PATH = "/sso/callback";
export const ssoStartPath = (instanceSlug: string) => `/sso/start?instance=${encodeURIComponent(instanceSlug)}`;

/** Why a single sign-on was refused, as the sign-in page's `?error=` shows it (never the directory's own text). */
export const SSO_ERRORS = ["SsoUnavailable", "SsoFailed", "SsoDomain", "SsoNoAccess", "SsoDisabled"] as const;
export type SsoError = (typeof SSO_ERRORS)[number];
