import { serverTranslator } from "@/lib/i18n/server.ts";

export default async function DocumentsPage() {
  const t = await serverTranslator("common");
  return <h1 className="text-xl font-semibold">{t("nav.documents")}</h1>;
}
