import "server-only";
import type { Actor } from "@/lib/auth/actor.ts";
import { requireStaff } from "@/lib/auth/server/page-guard.ts";

/** The settings sections in menu order: the layout's tabs and the overview's cards. */
export const SETTINGS_SECTIONS = [
  "products",
  "statuses",
  "categories",
  "modalities",
  "users",
  "masking",
  "retention",
  "tracking-page",
  "sso",
] as const;

/**
 * Settings are for admins only (sign-in page without a session, /forbidden below admin). The layout and every page
 * call this: a layout is not re-run on client navigation between its pages, so each page's own call is what guards
 * it (tests/settings-guard.test.ts checks that none is left out).
 */
export function requireSettingsAdmin(): Promise<Actor> {
  return requireStaff("admin");
}
