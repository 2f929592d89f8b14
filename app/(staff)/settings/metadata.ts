import type { Metadata } from "next";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";
import type { SETTINGS_SECTIONS } from "./settings-access.ts";

export type SettingsSection = "overview" | (typeof SETTINGS_SECTIONS)[number];

/** "<section> · Configurações · DocFlow" as the page title. */
export async function settingsMetadata(section: SettingsSection): Promise<Metadata> {
  const t = await serverTranslator("settings");
  const common = await serverTranslator("common");
  const parts = section === "overview" ? [t("title")] : [t(`sections.${section}`), t("title")];
  return { title: [...parts, common("appName")].join(" · ") };
}
