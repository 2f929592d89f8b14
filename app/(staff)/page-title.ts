import type { Metadata } from "next";
import { serverTranslator } from "@/lib/i18n/server/server-translator.ts";

/** "<page> · <section> · DocFlow" as the browser tab's title: each tab says which page it holds. */
export async function pageTitle(...parts: string[]): Promise<Metadata> {
  const common = await serverTranslator("common");
  return { title: [...parts, common("appName")].join(" · ") };
}
