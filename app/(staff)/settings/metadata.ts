import type { Metadata } from "next";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

export type SettingsSection =
  | "overview"
  | "products"
  | "statuses"
  | "categories"
  | "modalities"
  | "users"
  | "masking"
  | "retention"
  | "tracking-page";

/** "<section> · Configurações · DocFlow" as the page title. */
export async function settingsMetadata(section: SettingsSection): Promise<Metadata> {
  const t = await serverTranslator("settings");
  const common = await serverTranslator("common");
  const parts = section === "overview" ? [t("title")] : [t(`sections.${section}`), t("title")];
  return { title: [...parts, common("appName")].join(" · ") };
}
